/* tsr-terminal-editor.h: the document page for a Marathon terminal script: the source in a
 * GtkSourceView (highlighting, line numbers, completion of directives, search and replace), with
 * every keystroke a command on the document's undo stack (one history for the document), the
 * script compiled while typing (throttled) with its errors and warnings underlined at
 * line:column and listed, and an outline of the terminals and their groups. */
#pragma once

#include <gtksourceview/gtksource.h>

#include "model/marathon/tsr-terminal-document.h"
#include "views/marathon/tsr-terminal-preview.h"
#include "views/tsr-editor-page.h"
#include "views/tsr-findings-view.h"

G_BEGIN_DECLS

#define TSR_TYPE_TERMINAL_EDITOR (tsr_terminal_editor_get_type ())
G_DECLARE_FINAL_TYPE (TsrTerminalEditor, tsr_terminal_editor, TSR, TERMINAL_EDITOR, GtkWidget)

GtkWidget           *tsr_terminal_editor_new              (void);
/* A TsrTerminalDocument (a .term.txt file), or NULL. */
void                 tsr_terminal_editor_set_document     (TsrTerminalEditor   *self,
                                                           TsrDocument         *document);
/* Any script text, e.g. a Marathon level's terminals; NULL shows nothing. */
void                 tsr_terminal_editor_set_text         (TsrTerminalEditor   *self,
                                                           TsrTerminalText     *text);
TsrTerminalText     *tsr_terminal_editor_get_text         (TsrTerminalEditor   *self);
GtkSourceView       *tsr_terminal_editor_get_source_view  (TsrTerminalEditor   *self);
/* Compiles now instead of after the typing pause (tests). */
void                 tsr_terminal_editor_refresh          (TsrTerminalEditor   *self);
/* The problems listed, and the underlined ranges: diagnostics as of the last refresh. */
guint                tsr_terminal_editor_get_n_problems   (TsrTerminalEditor   *self);
const TsrMarathonScriptDiagnostic *
                     tsr_terminal_editor_get_problem      (TsrTerminalEditor   *self,
                                                           guint                index);
/* Rows of the outline: one per terminal and one per group. */
guint                tsr_terminal_editor_get_n_outline_rows (TsrTerminalEditor *self);
/* Moves the cursor to the start of LINE (1-based) and scrolls it into view. */
void                 tsr_terminal_editor_go_to_line       (TsrTerminalEditor   *self,
                                                           guint                line);
/* The terminal, group and text offset under the cursor (the preview shows it); FALSE before the
 * first terminal or while the script does not compile. */
gboolean             tsr_terminal_editor_get_cursor_location (TsrTerminalEditor    *self,
                                                              TsrMarathonScriptLine *location);

/* The document whose findings the editor lists, and which of its levels' scripts this is (-1: the
 * document is the script); set by tsr_terminal_editor_set_document, or by a page that shows a
 * level's script. DOCUMENT is not referenced: the page that shows it keeps it. */
void                 tsr_terminal_editor_set_owner        (TsrTerminalEditor   *self,
                                                           TsrDocument         *document,
                                                           gint                 level);
TsrFindingsView     *tsr_terminal_editor_get_findings_view (TsrTerminalEditor  *self);
/* The live preview beside the source: it shows the page under the cursor. (transfer none) */
TsrTerminalPreview  *tsr_terminal_editor_get_preview      (TsrTerminalEditor   *self);

/* The Images file the preview's #PICT pictures come from (NULL: none); FALSE with the reason when
 * FILE is no Marathon Images file. */
gboolean             tsr_terminal_editor_set_images_file  (TsrTerminalEditor   *self,
                                                           GFile               *file,
                                                           GError             **error);
GFile               *tsr_terminal_editor_get_images_file  (TsrTerminalEditor   *self);
/* Takes the first Images file in FILE's folder when none is chosen; TRUE when one is set. */
gboolean             tsr_terminal_editor_find_images_beside (TsrTerminalEditor *self,
                                                             GFile             *file);

/* Signal "cursor-location-changed": the cursor moved to another line, or the text under it was
 * recompiled; read it with tsr_terminal_editor_get_cursor_location. */

G_END_DECLS
