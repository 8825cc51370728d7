/* tsr-wolf3d-commands.h: the undoable level-list edits of a Wolf3D document: add an empty 64x64
 * level, duplicate, delete, move (reorder) and rename. Each builder checks the edit and returns a
 * command that has not been applied (or NULL with ERROR set); apply it with
 * tsr_document_execute (DOCUMENT, command) and drop your reference. Tile edits use the shared
 * tile commands (tsr-tile-commands.h) on a TsrWolfLevelMap.
 *
 * Commands keep the levels they take out of the set, so undo puts back the very same level
 * (same planes, same stored chunks): saving after undo writes the original bytes. */
#pragma once

#include "model/tsr-level-list-command.h"
#include "model/wolf3d/tsr-wolf3d-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_WOLF_LEVEL_COMMAND (tsr_wolf_level_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrWolfLevelCommand, tsr_wolf_level_command, TSR, WOLF_LEVEL_COMMAND, TsrLevelListCommand)

/* The size of a new level: the only size the original engine plays. */
#define TSR_WOLF_NEW_LEVEL_SIZE 64

/* A new 64 × 64 level named NAME at INDEX (0 .. n-levels), playable as it is: grey stone walls
 * round the edge, the first area code (108) inside and the player's start facing north in the
 * middle, so it validates clean (an all-zero level has no start and floor code 0, both errors
 * to the engine). Fails when the set already has 100 levels (MAPHEAD's slots) or has no map
 * files. Levels "+" and File → New both add this. */
TsrCommand *tsr_wolf_command_add_level       (TsrWolfDocument *document,
                                              guint            index,
                                              const char      *name,
                                              GError         **error);
/* A copy of level INDEX inserted after it, named NAME (NULL: the original's name, with " copy"
 * when it fits in 16 bytes). */
TsrCommand *tsr_wolf_command_duplicate_level (TsrWolfDocument *document,
                                              guint            index,
                                              const char      *name,
                                              GError         **error);
/* Removes level INDEX; the last level of a set cannot be deleted. */
TsrCommand *tsr_wolf_command_delete_level    (TsrWolfDocument *document,
                                              guint            index,
                                              GError         **error);
/* Moves level FROM so that it ends up at index TO. */
TsrCommand *tsr_wolf_command_move_level      (TsrWolfDocument *document,
                                              guint            from,
                                              guint            to,
                                              GError         **error);
/* Sets the name of level INDEX (at most 16 bytes). Renames of one level pushed one after another
 * merge, so typing a name undoes as one step. */
TsrCommand *tsr_wolf_command_rename_level    (TsrWolfDocument *document,
                                              guint            index,
                                              const char      *name,
                                              GError         **error);

/* Build, execute and drop in one call; FALSE with ERROR when the builder refuses. */
gboolean    tsr_wolf_document_add_level       (TsrWolfDocument *document,
                                               guint            index,
                                               const char      *name,
                                               GError         **error);
gboolean    tsr_wolf_document_duplicate_level (TsrWolfDocument *document,
                                               guint            index,
                                               GError         **error);
gboolean    tsr_wolf_document_delete_level    (TsrWolfDocument *document,
                                               guint            index,
                                               GError         **error);
gboolean    tsr_wolf_document_move_level_to   (TsrWolfDocument *document,
                                               guint            from,
                                               guint            to,
                                               GError         **error);
gboolean    tsr_wolf_document_rename_level    (TsrWolfDocument *document,
                                               guint            index,
                                               const char      *name,
                                               GError         **error);

G_END_DECLS
