/* tsr-grid-layer.h: a square grid as a canvas layer, for vector maps whose grid is in map units
 * (a Marathon world unit of 1024): lines every STEP units, every MAJOR-th line stronger, and the
 * lines thinned out by powers of two while they would be closer than a few view pixels. It
 * covers no area of its own (the map's layers decide the extent) and paints the background. */
#pragma once

#include "views/tsr-canvas-layer.h"

G_BEGIN_DECLS

#define TSR_TYPE_GRID_LAYER (tsr_grid_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrGridLayer, tsr_grid_layer, TSR, GRID_LAYER, GObject)

TsrGridLayer *tsr_grid_layer_new        (double        step,
                                         guint         major);
double        tsr_grid_layer_get_step   (TsrGridLayer *self);
void          tsr_grid_layer_set_step   (TsrGridLayer *self,
                                         double        step);
/* Lines are not drawn while hidden; the background still is. */
void          tsr_grid_layer_set_visible (TsrGridLayer *self,
                                          gboolean      visible);
/* The spacing in map units of the lines the last draw showed (tests; 0 when none). */
double        tsr_grid_layer_get_drawn_step (TsrGridLayer *self);

G_END_DECLS
