/* tsr-terminal-text.h: the editable text of a Marathon terminal script, owned by a document (a
 * .term.txt file, or a level of a Marathon map). Edits are commands pushed on the owner's undo
 * stack; typing and deleting merge into steps. The compilation of the current text (terminals,
 * diagnostics with line:column, where each line landed) is renewed after every change. GTK-free. */
#pragma once

#include "formats/marathon/tsr-marathon-terminal.h"
#include "model/tsr-undo-stack.h"

G_BEGIN_DECLS

#define TSR_TYPE_TERMINAL_TEXT (tsr_terminal_text_get_type ())
G_DECLARE_FINAL_TYPE (TsrTerminalText, tsr_terminal_text, TSR, TERMINAL_TEXT, GObject)

/* TEXT must be UTF-8. Edits go on UNDO_STACK (not referenced: the owner keeps both alive). */
TsrTerminalText                    *tsr_terminal_text_new             (const char      *text,
                                                                       gsize            length,
                                                                       TsrUndoStack    *undo_stack);
/* The text (UTF-8, NUL-terminated; LENGTH in bytes). (transfer none) */
const char                         *tsr_terminal_text_get_text        (TsrTerminalText *self,
                                                                       gsize           *length);
guint                               tsr_terminal_text_get_n_chars     (TsrTerminalText *self);
TsrUndoStack                       *tsr_terminal_text_get_undo_stack  (TsrTerminalText *self);
/* Replaces N_REMOVED characters at character OFFSET with INSERTED (UTF-8, may be empty): one
 * command, named "Typing", "Delete" or "Replace", that merges with the previous edit when it
 * continues it (typing on, deleting on; a line break is a step of its own) until the undo stack's
 * merge is broken. FALSE (nothing pushed) when the range lies outside the text, INSERTED is not
 * UTF-8, or nothing would change. */
gboolean                            tsr_terminal_text_replace         (TsrTerminalText *self,
                                                                       guint            offset,
                                                                       guint            n_removed,
                                                                       const char      *inserted);
/* Replaces N_REMOVED characters at OFFSET with INSERTED without a command: only for an owner that
 * keeps the text in step with its own commands, in their do and undo (the map document renumbering
 * teleports when polygons go), so the text's own commands still find what they changed. Emits
 * "text-changed" and "compiled" like an edit. */
void                                tsr_terminal_text_store           (TsrTerminalText *self,
                                                                       guint            offset,
                                                                       guint            n_removed,
                                                                       const char      *inserted);
/* Replaces the whole text as one command (import, replace all). */
gboolean                            tsr_terminal_text_set_text        (TsrTerminalText *self,
                                                                       const char      *text,
                                                                       const char      *description);
/* (transfer none; valid until the next change) */
const TsrMarathonScriptCompilation *tsr_terminal_text_get_compilation (TsrTerminalText *self);
/* The line (1-based) of the directive that starts group GROUP of terminal TERMINAL, or 0. */
guint                               tsr_terminal_text_get_group_line  (TsrTerminalText *self,
                                                                       guint            terminal,
                                                                       guint            group);
/* Where source LINE (1-based) lands: the nearest mapped line at or before it. FALSE when the line
 * is before every terminal or the script does not compile. */
gboolean                            tsr_terminal_text_locate_line     (TsrTerminalText       *self,
                                                                       guint                  line,
                                                                       TsrMarathonScriptLine *location);

/* What the script's groups may refer to, for tsr_marathon_script_check_references: the owner
 * says how many levels and (own level) polygons there are, -1 each when unknown; the editor gives
 * the Images file's picture ids (IDS NULL: none known). Either re-checks at once and emits
 * "compiled" when the reference diagnostics changed. */
void                                tsr_terminal_text_set_targets     (TsrTerminalText *self,
                                                                       int              n_levels,
                                                                       int              n_polygons);
void                                tsr_terminal_text_set_pictures    (TsrTerminalText *self,
                                                                       const int       *ids,
                                                                       guint            n_ids);
/* Diagnostics (TsrMarathonScriptDiagnostic) about references the compilation cannot know by
 * itself, renewed with it. (transfer none) */
GArray                             *tsr_terminal_text_get_reference_diagnostics (TsrTerminalText *self);

/* Signals:
 *  "text-changed" (guint offset, guint n_removed, guint n_inserted): characters, after a command
 *    (do, undo or redo) changed the text;
 *  "compiled": the compilation was renewed (after every text change). */

G_END_DECLS
