/* tsr-terminal-render.h: draws one page of a laid-out Marathon terminal with cairo and pango as
 * Aleph One draws it: black screen, border bars with red labels, the text runs in Courier Prime 12
 * in the terminal colours, pictures scaled down (never up) into their area, static as the engine's
 * noise, the checkpoint as the goal's map view, and the groups that draw nothing (sound, tag,
 * teleport, ...) as a small annotation. No GTK: used by the CLI and by the preview widget. The
 * renderer knows no file: pictures come from a callback, the checkpoint's map from a level. */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "core/tsr-image.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-marathon-terminal-layout.h"

G_BEGIN_DECLS

/* The terminal font: Courier Prime at 12 pixels (Aleph One's built-in terminal font). */
#define TSR_TERMINAL_FONT_FAMILY "Courier Prime"

/* Picture ID decoded, or NULL when there is none (transfer full). */
typedef TsrImage *(*TsrTerminalPictureFunc) (int      id,
                                             gpointer user_data);

typedef struct _TsrTerminalRenderer TsrTerminalRenderer;

TsrTerminalRenderer      *tsr_terminal_renderer_new          (void);
void                      tsr_terminal_renderer_free         (TsrTerminalRenderer *renderer);
/* Where pictures come from (NULL: none); decoded pictures are kept until this is called again. */
void                      tsr_terminal_renderer_set_pictures (TsrTerminalRenderer   *renderer,
                                                              TsrTerminalPictureFunc func,
                                                              gpointer               user_data,
                                                              GDestroyNotify         destroy);
/* The level the terminal belongs to, for checkpoint maps (borrowed; NULL: none). */
void                      tsr_terminal_renderer_set_level    (TsrTerminalRenderer    *renderer,
                                                              const TsrMarathonLevel *level);
/* Character widths of the terminal font (whole pixels, as the engine's font gives them) and the
 * pictures' sizes: what the layout needs. */
const TsrTerminalMetrics *tsr_terminal_renderer_get_metrics  (TsrTerminalRenderer *renderer);
TsrTerminalLayout        *tsr_terminal_renderer_layout       (TsrTerminalRenderer       *renderer,
                                                              const TsrMarathonTerminal *terminal,
                                                              TsrTerminalState           state);
/* Draws PAGE of LAYOUT into CR in terminal coordinates (0,0)-(640,320); scale CR first. A
 * LAYOUT with no pages draws the empty screen. */
void                      tsr_terminal_renderer_draw         (TsrTerminalRenderer     *renderer,
                                                              cairo_t                 *cr,
                                                              const TsrTerminalLayout *layout,
                                                              guint                    page);
/* PAGE drawn into a new 640*SCALE x 320*SCALE image surface. */
cairo_surface_t          *tsr_terminal_renderer_render       (TsrTerminalRenderer     *renderer,
                                                              const TsrTerminalLayout *layout,
                                                              guint                    page,
                                                              int                      scale);
/* The annotation shown for EVENT ("Sound 12", "Teleport to level 3"), translated. */
char                     *tsr_terminal_event_describe        (const TsrTerminalEvent *event);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrTerminalRenderer, tsr_terminal_renderer_free)

G_END_DECLS
