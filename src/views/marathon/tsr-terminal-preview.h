/* tsr-terminal-preview.h: one page of one Marathon terminal drawn as the game draws it (through
 * the GTK-free layout and renderer), paged with the game's keys, at 1x, 2x or fit, crisp at any
 * device scale. Shows a GPtrArray of compiled terminals; pictures from an optional Images file,
 * checkpoints from an optional level. Follows a source position (group, byte offset). */
#pragma once

#include <gtk/gtk.h>

#include "formats/marathon/tsr-marathon-images.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-marathon-terminal-layout.h"

G_BEGIN_DECLS

typedef enum {
  TSR_TERMINAL_PREVIEW_SCALE_1X,
  TSR_TERMINAL_PREVIEW_SCALE_2X,
  TSR_TERMINAL_PREVIEW_SCALE_FIT,
} TsrTerminalPreviewScale;

#define TSR_TYPE_TERMINAL_PREVIEW (tsr_terminal_preview_get_type ())
G_DECLARE_FINAL_TYPE (TsrTerminalPreview, tsr_terminal_preview, TSR, TERMINAL_PREVIEW, GtkWidget)

GtkWidget *tsr_terminal_preview_new           (void);
/* TERMINALS (TsrMarathonTerminal) is referenced; the terminal, state and page are kept where
 * they still exist (so a recompile while typing keeps the view). NULL shows nothing. */
void       tsr_terminal_preview_set_terminals (TsrTerminalPreview *self,
                                               GPtrArray          *terminals);
void       tsr_terminal_preview_set_terminal  (TsrTerminalPreview *self,
                                               guint               terminal);
guint      tsr_terminal_preview_get_terminal  (TsrTerminalPreview *self);
void       tsr_terminal_preview_set_state     (TsrTerminalPreview *self,
                                               TsrTerminalState    state);
TsrTerminalState tsr_terminal_preview_get_state (TsrTerminalPreview *self);
void       tsr_terminal_preview_set_page      (TsrTerminalPreview *self,
                                               guint               page);
guint      tsr_terminal_preview_get_page      (TsrTerminalPreview *self);
guint      tsr_terminal_preview_get_n_pages   (TsrTerminalPreview *self);
void       tsr_terminal_preview_set_scale     (TsrTerminalPreview     *self,
                                               TsrTerminalPreviewScale scale);
TsrTerminalPreviewScale tsr_terminal_preview_get_scale (TsrTerminalPreview *self);
/* The Images file pictures come from (transfer full; NULL: none). */
void       tsr_terminal_preview_set_images    (TsrTerminalPreview *self,
                                               TsrMarathonImages  *images);
/* The level checkpoints are drawn from (borrowed: keep it alive while shown; NULL: none). */
void       tsr_terminal_preview_set_level     (TsrTerminalPreview     *self,
                                               const TsrMarathonLevel *level);
/* Shows the page with byte OFFSET of GROUP's text of the current terminal, switching the state
 * when only another state shows that group. FALSE when no state shows it. */
gboolean   tsr_terminal_preview_show_position (TsrTerminalPreview *self,
                                               guint               group,
                                               guint               offset);
/* What the key controller does with KEYVAL: the game's paging keys (Page Down, Down, Space,
 * Return, Enter: next page; Page Up, Up: back), plus Home and End. TRUE when handled. */
gboolean   tsr_terminal_preview_handle_key    (TsrTerminalPreview *self,
                                               guint               keyval,
                                               GdkModifierType     state);
/* The current layout (NULL when nothing is shown). */
const TsrTerminalLayout *tsr_terminal_preview_get_layout (TsrTerminalPreview *self);

G_END_DECLS
