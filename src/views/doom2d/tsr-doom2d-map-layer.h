/* tsr-doom2d-map-layer.h: the area of a Doom2D Forever map (its header's size) as the bottom canvas
 * layer: the map's background, its edge and the editing grid (16 or 8 map pixels) when the zoom
 * leaves room for it. Its bounds make the whole map scrollable even where no panel lies. */
#pragma once

#include "model/doom2d/tsr-doom2d-document.h"
#include "views/tsr-canvas-layer.h"

G_BEGIN_DECLS

#define TSR_TYPE_DOOM2D_MAP_LAYER (tsr_doom2d_map_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dMapLayer, tsr_doom2d_map_layer, TSR, DOOM2D_MAP_LAYER, GObject)

TsrDoom2dMapLayer *tsr_doom2d_map_layer_new       (TsrDoom2dDocument *document);
/* Grid spacing in map pixels; 0 hides the grid. */
void               tsr_doom2d_map_layer_set_grid  (TsrDoom2dMapLayer *self,
                                                   guint              grid);
/* What the layer draws: the area (background and edge) and the grid. The editor stacks two: the
 * edge under the panels (whose layer paints the background itself, in its kept frame) and the
 * grid over them. All by default. */
typedef enum {
  TSR_DOOM2D_MAP_LAYER_BACKGROUND = 1 << 0,
  TSR_DOOM2D_MAP_LAYER_GRID       = 1 << 1,
  TSR_DOOM2D_MAP_LAYER_EDGE       = 1 << 2,
  TSR_DOOM2D_MAP_LAYER_AREA       = TSR_DOOM2D_MAP_LAYER_BACKGROUND | TSR_DOOM2D_MAP_LAYER_EDGE,
} TsrDoom2dMapLayerParts;

void               tsr_doom2d_map_layer_set_parts (TsrDoom2dMapLayer     *self,
                                                   TsrDoom2dMapLayerParts parts);
/* The header's size may have changed (after any edit). */
void               tsr_doom2d_map_layer_update    (TsrDoom2dMapLayer *self);

G_END_DECLS
