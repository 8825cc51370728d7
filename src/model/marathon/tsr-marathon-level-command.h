/* tsr-marathon-level-command.h: the undoable level-list edits of a Marathon scenario or map: add
 * an empty level, duplicate, delete, move (reorder) and rename (the Minf name, Mac Roman, at most
 * 65 bytes). Each builder checks the edit and returns a command not yet applied (or NULL with
 * ERROR set); apply it with tsr_document_execute and drop your reference, or use the one-call
 * forms. Commands keep the level they take out (with its editor map and script text), so undo
 * puts back the very same level: untouched levels save byte-identical, and back in the loaded
 * order the file keeps its own layout.
 *
 * Terminal teleports to other levels (INTERLEVEL TELEPORT groups) follow the levels they name
 * when levels are inserted, deleted or moved in a scenario of several levels, in every level
 * whose terminals are not open as script text (an open script keeps its numbers: its text is
 * what the user edits). A teleport to a deleted level is left as it was. GTK-free. */
#pragma once

#include "model/marathon/tsr-marathon-document.h"
#include "model/tsr-level-list-command.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_LEVEL_COMMAND (tsr_marathon_level_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonLevelCommand, tsr_marathon_level_command, TSR, MARATHON_LEVEL_COMMAND, TsrLevelListCommand)

/* The longest level name in bytes of Mac Roman (the Minf holds 66 with the NUL). */
#define TSR_MARATHON_LEVEL_NAME_MAX 65

/* An empty level named NAME at INDEX (0 .. n-levels; clamped). */
TsrCommand *tsr_marathon_command_add_level       (TsrMarathonDocument *document,
                                                  guint                index,
                                                  const char          *name,
                                                  GError             **error);
/* A copy of level INDEX inserted after it, named NAME (NULL: the name with " copy" when it fits). */
TsrCommand *tsr_marathon_command_duplicate_level (TsrMarathonDocument *document,
                                                  guint                index,
                                                  const char          *name,
                                                  GError             **error);
/* Fails for the only level of a file. */
TsrCommand *tsr_marathon_command_delete_level    (TsrMarathonDocument *document,
                                                  guint                index,
                                                  GError             **error);
TsrCommand *tsr_marathon_command_move_level      (TsrMarathonDocument *document,
                                                  guint                from,
                                                  guint                to,
                                                  GError             **error);
TsrCommand *tsr_marathon_command_rename_level    (TsrMarathonDocument *document,
                                                  guint                index,
                                                  const char          *name,
                                                  GError             **error);

/* Builds and executes; FALSE with ERROR set when the builder refuses. */
gboolean    tsr_marathon_document_add_level       (TsrMarathonDocument *document,
                                                   guint                index,
                                                   const char          *name,
                                                   GError             **error);
gboolean    tsr_marathon_document_duplicate_level (TsrMarathonDocument *document,
                                                   guint                index,
                                                   GError             **error);
gboolean    tsr_marathon_document_delete_level    (TsrMarathonDocument *document,
                                                   guint                index,
                                                   GError             **error);
gboolean    tsr_marathon_document_move_level_to   (TsrMarathonDocument *document,
                                                   guint                from,
                                                   guint                to,
                                                   GError             **error);
gboolean    tsr_marathon_document_rename_level    (TsrMarathonDocument *document,
                                                   guint                index,
                                                   const char          *name,
                                                   GError             **error);

G_END_DECLS
