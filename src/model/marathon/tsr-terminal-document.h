/* tsr-terminal-document.h: a Marathon terminal script file (.term.txt) as an editable document.
 * Its TsrTerminalText holds the script exactly as written (a save of an untouched file is
 * byte-identical); the format's data follows the text, so validation and saving go through the
 * marathon-terminal-script format as for every other document. GTK-free. */
#pragma once

#include "model/marathon/tsr-terminal-text.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_TERMINAL_DOCUMENT (tsr_terminal_document_get_type ())
G_DECLARE_FINAL_TYPE (TsrTerminalDocument, tsr_terminal_document, TSR, TERMINAL_DOCUMENT, TsrDocument)

/* Registers the type for the marathon-terminal-script format (tsr-builtin-documents.c). */
void             tsr_terminal_document_register  (void);
/* The script's text, edited on the document's undo stack. (transfer none) */
TsrTerminalText *tsr_terminal_document_get_text  (TsrTerminalDocument *self);

G_END_DECLS
