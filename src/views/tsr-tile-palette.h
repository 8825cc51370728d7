/* tsr-tile-palette.h: the tiles of the tools' current layer as a grid of pictures with their
 * names as tooltips; choosing one sets the tools' "tile", and the picker's choice is shown here. */
#pragma once

#include <gtk/gtk.h>

#include "edit/tsr-tile-tools.h"

G_BEGIN_DECLS

#define TSR_TYPE_TILE_PALETTE (tsr_tile_palette_get_type ())
G_DECLARE_FINAL_TYPE (TsrTilePalette, tsr_tile_palette, TSR, TILE_PALETTE, GtkWidget)

GtkWidget    *tsr_tile_palette_new         (void);
/* Follows TOOLS (NULL: empty): its map's tiles for its layer, and its "tile" both ways. */
void          tsr_tile_palette_set_tools   (TsrTilePalette *self,
                                            TsrTileTools   *tools);
TsrTileTools *tsr_tile_palette_get_tools   (TsrTilePalette *self);
/* How many tiles are offered (tests). */
guint         tsr_tile_palette_get_n_tiles (TsrTilePalette *self);

G_END_DECLS
