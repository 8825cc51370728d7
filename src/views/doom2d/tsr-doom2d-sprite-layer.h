/* tsr-doom2d-sprite-layer.h: a canvas layer drawing the items and monsters of a Doom2D Forever map
 * with the game's own pictures (see formats/doom2d/tsr-doom2d-sprites.h) wherever the game's data
 * has them: Game.wad in the data folders, found through the panel layer's texture cache. Records
 * whose picture does not resolve are left to the vector layer's markers, which are drawn above
 * for every record. Hidden with the items and monsters categories. */
#pragma once

#include "formats/doom2d/tsr-doom2d-resources.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "views/tsr-canvas-layer.h"

G_BEGIN_DECLS

#define TSR_TYPE_DOOM2D_SPRITE_LAYER (tsr_doom2d_sprite_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dSpriteLayer, tsr_doom2d_sprite_layer, TSR, DOOM2D_SPRITE_LAYER, GObject)

/* CACHE (borrowed: it must outlive the layer) resolves the pictures. */
TsrDoom2dSpriteLayer *tsr_doom2d_sprite_layer_new       (TsrDoom2dDocument     *document,
                                                         TsrDoom2dTextureCache *cache);
/* Records drawn with their picture by the last draw (tests check what resolved). */
guint                 tsr_doom2d_sprite_layer_get_n_drawn (TsrDoom2dSpriteLayer *self);

G_END_DECLS
