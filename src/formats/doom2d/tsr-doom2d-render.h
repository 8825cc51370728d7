/* tsr-doom2d-render.h: a Doom2D Forever map drawn into a TsrImage (for the CLI and previews). */
#pragma once

#include "core/tsr-image.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-resources.h"

G_BEGIN_DECLS

/* The sky behind everything; panels with their textures where RESOURCES (may be NULL) resolve
 * them (PNG or TGA; an animation's first frame), tiled from the panel's corner as the game fills
 * panels, with the panel's alpha (0 opaque … 255 clear), additive for PANEL_FLAG_BLENDING and left
 * out for PANEL_FLAG_HIDE; else flat colours by panel type (also the special water textures);
 * items, monsters and areas as labelled markers; triggers as outlines. WIDTH/HEIGHT 0: the map's
 * size, scaled down to at most 4096 pixels a side. */
TsrImage *tsr_doom2d_map_render (const TsrDoom2dMap *map,
                                 TsrDoom2dResources *resources,
                                 guint               width,
                                 guint               height,
                                 GError            **error);

/* The same with textures from CACHE (may be NULL), which keeps them for the next call. */
TsrImage *tsr_doom2d_map_render_cached (const TsrDoom2dMap    *map,
                                        TsrDoom2dTextureCache *cache,
                                        guint                  width,
                                        guint                  height,
                                        GError               **error);

/* Where a panel of TYPE lies in the game's drawing order, bottom first: 0 background, 1 steps,
 * 2 walls and doors, 3 lifts and monster boundaries, 4 water and acid, 5 foreground. */
#define TSR_DOOM2D_N_DRAW_LAYERS 6
int       tsr_doom2d_panel_draw_layer  (gint64 type);

/* How a picture's pixels lie: TsrImage's R, G, B, A bytes, or cairo's ARGB32 (native-endian
 * 32-bit words, premultiplied alpha). */
typedef enum {
  TSR_DOOM2D_PIXELS_RGBA,
  TSR_DOOM2D_PIXELS_ARGB32,
} TsrDoom2dPixelOrder;

/* The game's filter for a liquid panel with the special texture SPECIAL, over WIDTH x HEIGHT pixels
 * (rows STRIDE bytes apart): each colour channel becomes 2 x the liquid's colour x what lies
 * beneath (water (0, 0, 255), acid 1 (0, 128, 0), acid 2 (128, 0, 0)), at most 255. Where nothing
 * lies beneath (ARGB32 alpha 0) the liquid's own colour is drawn. */
void      tsr_doom2d_liquid_filter     (guint8                 *pixels,
                                        gsize                   stride,
                                        guint                   width,
                                        guint                   height,
                                        TsrDoom2dPixelOrder     order,
                                        TsrDoom2dSpecialTexture special);

G_END_DECLS
