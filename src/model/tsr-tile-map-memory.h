/* tsr-tile-map-memory.h: a TsrTileMap held entirely in memory, with a tile set filled by the
 * caller. Tests and benchmarks use it; a family whose planes are plain arrays may reuse it. */
#pragma once

#include "model/tsr-tile-map.h"

G_BEGIN_DECLS

#define TSR_TYPE_MEMORY_TILE_MAP (tsr_memory_tile_map_get_type ())
G_DECLARE_FINAL_TYPE (TsrMemoryTileMap, tsr_memory_tile_map, TSR, MEMORY_TILE_MAP, GObject)

/* All cells start as 0, which is also every layer's empty tile until set otherwise. */
TsrMemoryTileMap *tsr_memory_tile_map_new            (const char       *family,
                                                      guint             width,
                                                      guint             height,
                                                      guint             n_layers,
                                                      guint             cell_width,
                                                      guint             cell_height);
void              tsr_memory_tile_map_set_layer_name (TsrMemoryTileMap *self,
                                                      guint             layer,
                                                      const char       *name);
void              tsr_memory_tile_map_set_empty_tile (TsrMemoryTileMap *self,
                                                      guint             layer,
                                                      guint32           value);
/* Offers VALUE in LAYER's palette, drawn as IMAGE (taken; NULL draws nothing). */
void              tsr_memory_tile_map_add_tile       (TsrMemoryTileMap *self,
                                                      guint             layer,
                                                      guint32           value,
                                                      const char       *name,
                                                      TsrImage         *image);

G_END_DECLS
