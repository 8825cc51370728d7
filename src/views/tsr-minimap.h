/* tsr-minimap.h: an overview of the map a TsrMapCanvas shows, with the visible rectangle; click
 * or drag to move the canvas there. It hides itself while the whole map fits in the canvas. */
#pragma once

#include "views/tsr-map-canvas.h"

G_BEGIN_DECLS

#define TSR_TYPE_MINIMAP (tsr_minimap_get_type ())
G_DECLARE_FINAL_TYPE (TsrMinimap, tsr_minimap, TSR, MINIMAP, GtkWidget)

GtkWidget    *tsr_minimap_new        (void);
void          tsr_minimap_set_canvas (TsrMinimap   *self,
                                      TsrMapCanvas *canvas);
TsrMapCanvas *tsr_minimap_get_canvas (TsrMinimap   *self);
/* LAYERS (TsrCanvasLayer; NULL: the canvas's own) are what the overview draws: for a canvas whose
 * layers keep a picture of its view, which drawing them at the overview's scale would throw away
 * on every frame. They are redrawn when one of them says its look changed (invalidate-area) or the
 * map's extent changed, not at every change of the canvas's own layers (an animation step). */
void          tsr_minimap_set_layers (TsrMinimap   *self,
                                      GPtrArray    *layers);
/* Moves the canvas so the map point under minimap point (X, Y) is centred (what a click does). */
void          tsr_minimap_navigate   (TsrMinimap   *self,
                                      double        x,
                                      double        y);

G_END_DECLS
