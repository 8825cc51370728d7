/* tsr-visual-textures.h: the pictures of the visual mode's surfaces, GL-free: a Marathon shape
 * descriptor through a Shapes file (the collection's 8-bit version, else its 16-bit one; the
 * descriptor's colour table, else the first), a Wolf3D wall page or sprite through VSWAP and the
 * game palette. The renderer asks for each texture once through a TsrVisualTextureFunc. */
#pragma once

#include "core/tsr-image.h"
#include "formats/marathon/tsr-marathon-shapes.h"
#include "formats/wolf3d/tsr-wolf3d-vswap.h"
#include "render/tsr-visual-scene.h"

G_BEGIN_DECLS

/* The picture of TEXTURE, or NULL when the source has none (the surface is then drawn in its flat
 * colour). (transfer full) */
typedef TsrImage *(*TsrVisualTextureFunc) (const TsrVisualTexture *texture,
                                           gpointer                user_data);

/* DESCRIPTOR's frame of SHAPES, or NULL. (transfer full) */
TsrImage *tsr_visual_shapes_texture  (const TsrShapesFile  *shapes,
                                      guint16               descriptor);
/* A TsrVisualTextureFunc over a TsrShapesFile (USER_DATA). */
TsrImage *tsr_visual_shapes_texture_func (const TsrVisualTexture *texture,
                                          gpointer                user_data);

typedef struct {
  const TsrWolf3dVswap *vswap;
  const guint32        *palette;    /* 256 x 0xRRGGBBAA */
} TsrVisualWolf3dTextures;

/* A TsrVisualTextureFunc over a TsrVisualWolf3dTextures (USER_DATA). */
TsrImage *tsr_visual_wolf3d_texture_func (const TsrVisualTexture *texture,
                                          gpointer                user_data);

G_END_DECLS
