/* tsr-sphere-render.h: drawing a Sphere map into an RGBA image: visible layers with the tileset,
 * persons as a frame of their spriteset (when it is found in the Sphere project layout) or as
 * markers, triggers as markers, zones and obstruction segments as outlines. */
#pragma once

#include <glib.h>

#include "core/tsr-image.h"
#include "formats/sphere/tsr-sphere-map.h"
#include "formats/sphere/tsr-sphere-spriteset.h"

G_BEGIN_DECLS

typedef enum {
  TSR_SPHERE_RENDER_ENTITIES     = 1 << 0,
  TSR_SPHERE_RENDER_ZONES        = 1 << 1,
  TSR_SPHERE_RENDER_OBSTRUCTIONS = 1 << 2,
  TSR_SPHERE_RENDER_ALL          = 0x7,
} TsrSphereRenderFlags;

/* Spritesets found for the map's persons, by file name (TsrSphereSpriteset), or NULL values for
 * those looked for and not found. Looks in MAP's folder, then ../spritesets/. */
GHashTable *tsr_sphere_render_find_spritesets (const TsrSphereMap *map);

/* Draws the map area (X, Y, WIDTH, HEIGHT) in pixels into a new image. SPRITESETS may be NULL. */
TsrImage   *tsr_sphere_map_render_area  (const TsrSphereMap *map,
                                         GHashTable         *spritesets,
                                         int                 x,
                                         int                 y,
                                         guint               width,
                                         guint               height,
                                         TsrSphereRenderFlags flags,
                                         GError            **error);
/* Draws the whole map scaled to WIDTH x HEIGHT pixels (nearest sampling; persons as markers).
 * Time and memory follow the output size, whatever size the map declares. */
TsrImage   *tsr_sphere_map_render_scaled (const TsrSphereMap *map,
                                          GHashTable         *spritesets,
                                          guint               width,
                                          guint               height,
                                          TsrSphereRenderFlags flags,
                                          GError            **error);
/* Draws into an existing image (reused between frames by the benchmark and the views). */
void        tsr_sphere_map_render_into  (const TsrSphereMap *map,
                                         GHashTable         *spritesets,
                                         TsrImage           *image,
                                         int                 x,
                                         int                 y,
                                         TsrSphereRenderFlags flags);
/* The whole map's size in pixels (the largest layer). */
void        tsr_sphere_map_pixel_size   (const TsrSphereMap *map,
                                         guint              *width,
                                         guint              *height);

G_END_DECLS
