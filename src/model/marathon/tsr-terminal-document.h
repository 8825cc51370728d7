/* tsr-terminal-document.h: a Marathon terminal script (.term.txt) as an editable document. It
 * holds the script's text exactly as written (a save of an untouched file is byte-identical),
 * changes it only through text-edit commands on the undo stack, and keeps the compilation of the
 * current text (terminals, diagnostics with line:column, where each line landed) up to date for
 * the editor's findings, outline and preview. GTK-free. */
#pragma once

#include "formats/marathon/tsr-marathon-terminal.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_TERMINAL_DOCUMENT (tsr_terminal_document_get_type ())
G_DECLARE_FINAL_TYPE (TsrTerminalDocument, tsr_terminal_document, TSR, TERMINAL_DOCUMENT, TsrDocument)

/* Registers the type for the marathon-terminal-script format (tsr-builtin-documents.c). */
void                                tsr_terminal_document_register        (void);

/* The script text (UTF-8, NUL-terminated; LENGTH in bytes). (transfer none) */
const char                         *tsr_terminal_document_get_text        (TsrTerminalDocument *self,
                                                                           gsize               *length);
/* Number of characters of the text. */
guint                               tsr_terminal_document_get_n_chars     (TsrTerminalDocument *self);
/* Replaces N_REMOVED characters at character OFFSET with INSERTED (UTF-8, may be empty): one
 * command, named "Typing" or "Delete", that merges with the previous edit when it continues it
 * (typing on, deleting on) until the undo stack's merge is broken. FALSE (nothing pushed) when the
 * range lies outside the text, INSERTED is not UTF-8, or nothing would change. */
gboolean                            tsr_terminal_document_replace         (TsrTerminalDocument *self,
                                                                           guint                offset,
                                                                           guint                n_removed,
                                                                           const char          *inserted);
/* Replaces the whole text as one command (import, replace all). */
gboolean                            tsr_terminal_document_set_text        (TsrTerminalDocument *self,
                                                                           const char          *text,
                                                                           const char          *description);
/* The compilation of the current text. (transfer none; valid until the next change) */
const TsrMarathonScriptCompilation *tsr_terminal_document_get_compilation (TsrTerminalDocument *self);
/* The line (1-based) of the directive that starts group GROUP of terminal TERMINAL, or 0. */
guint                               tsr_terminal_document_get_group_line  (TsrTerminalDocument *self,
                                                                           guint                terminal,
                                                                           guint                group);
/* Where source LINE (1-based) lands: the nearest mapped line at or before it. FALSE when the line
 * is before every terminal or the script does not compile. */
gboolean                            tsr_terminal_document_locate_line     (TsrTerminalDocument *self,
                                                                           guint                line,
                                                                           TsrMarathonScriptLine *location);

/* Signals:
 *  "text-changed" (guint offset, guint n_removed, guint n_inserted): characters, after a command
 *    (do, undo or redo) changed the text;
 *  "compiled": the compilation was renewed (after every text change). */

G_END_DECLS
