/* tsr-marathon-texture-layer.h: a Marathon level's floor or ceiling textures under the vector
 * layer: each polygon filled with its texture's picture from a Shapes file (one world unit a
 * repetition, from the polygon's texture origin), and a hatch over polygons whose transfer mode
 * is not normal (static, pulsating, slides ...). Landscape surfaces are drawn as the sky: the
 * landscape's mean colour under horizontal lines. Draws nothing without a Shapes file or while it
 * shows neither surface. */
#pragma once

#include "model/marathon/tsr-marathon-level-map.h"
#include "views/marathon/tsr-marathon-textures.h"
#include "views/tsr-canvas-layer.h"

G_BEGIN_DECLS

typedef enum {
  TSR_MARATHON_TEXTURE_SURFACE_NONE,
  TSR_MARATHON_TEXTURE_SURFACE_FLOOR,
  TSR_MARATHON_TEXTURE_SURFACE_CEILING,
} TsrMarathonTextureSurface;

#define TSR_TYPE_MARATHON_TEXTURE_LAYER (tsr_marathon_texture_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonTextureLayer, tsr_marathon_texture_layer, TSR, MARATHON_TEXTURE_LAYER, GObject)

TsrMarathonTextureLayer *tsr_marathon_texture_layer_new          (TsrMarathonLevelMap       *map);
/* The pictures (NULL: none). */
void                     tsr_marathon_texture_layer_set_textures (TsrMarathonTextureLayer   *self,
                                                                  TsrMarathonTextures       *textures);
void                     tsr_marathon_texture_layer_set_surface  (TsrMarathonTextureLayer   *self,
                                                                  TsrMarathonTextureSurface  surface);
/* How many polygons the last draw filled with a picture, and how many as landscapes (tests). */
guint                    tsr_marathon_texture_layer_get_n_drawn  (TsrMarathonTextureLayer   *self);
guint                    tsr_marathon_texture_layer_get_n_landscapes (TsrMarathonTextureLayer *self);
/* Whether a surface of DESCRIPTOR and TRANSFER_MODE shows the landscape (transfer mode 9 or 21,
 * or a texture of the landscape collections 27–30). */
gboolean                 tsr_marathon_texture_is_landscape       (guint16                    descriptor,
                                                                  gint16                     transfer_mode);

G_END_DECLS
