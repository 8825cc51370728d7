/* tsr-tile-layer.h: a TsrTileMap as a canvas layer, drawn by TsrMapRenderer exactly as before
 * (chunk cache, levels of detail, frame budget): the layer only forwards the map's change
 * signals as invalidated areas. */
#pragma once

#include "views/tsr-canvas-layer.h"

G_BEGIN_DECLS

#define TSR_TYPE_TILE_LAYER (tsr_tile_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrTileLayer, tsr_tile_layer, TSR, TILE_LAYER, GObject)

TsrTileLayer   *tsr_tile_layer_new          (TsrTileMap   *map);
TsrTileMap     *tsr_tile_layer_get_map      (TsrTileLayer *self);
/* The renderer (transfer none): grid, frame budget, floating selections. */
TsrMapRenderer *tsr_tile_layer_get_renderer (TsrTileLayer *self);

G_END_DECLS
