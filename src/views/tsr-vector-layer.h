/* tsr-vector-layer.h: a TsrVectorMap as a canvas layer, drawn with cairo: polygons and rectangles
 * filled and outlined, segments as lines, points as small squares, markers as symbols of constant
 * screen size; selected elements highlighted. Only elements whose bounds meet the view are drawn,
 * and a change invalidates only the changed elements' old and new areas. */
#pragma once

#include "edit/tsr-selection.h"
#include "views/tsr-canvas-layer.h"

G_BEGIN_DECLS

#define TSR_TYPE_VECTOR_LAYER (tsr_vector_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrVectorLayer, tsr_vector_layer, TSR, VECTOR_LAYER, GObject)

TsrVectorLayer *tsr_vector_layer_new           (TsrVectorMap   *map);
TsrVectorMap   *tsr_vector_layer_get_map       (TsrVectorLayer *self);
/* The selection to highlight (usually the edit session's), or NULL. */
void            tsr_vector_layer_set_selection (TsrVectorLayer *self,
                                                TsrSelection   *selection);
/* Whether the layer paints a background under its bounds (on by default; off when it lies over
 * a tile layer). */
void            tsr_vector_layer_set_background (TsrVectorLayer *self,
                                                 gboolean        background);
/* Elements drawn by the last draw (tests check culling). */
guint           tsr_vector_layer_get_n_drawn   (TsrVectorLayer *self);

G_END_DECLS
