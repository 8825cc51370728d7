/* tsr-doom2d-render.h: a Doom2D Forever map drawn into a TsrImage (for the CLI and previews). */
#pragma once

#include "core/tsr-image.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-resources.h"

G_BEGIN_DECLS

/* Panels with their textures where RESOURCES (may be NULL) resolve them and the picture is a PNG,
 * else flat colours by panel type; items, monsters and areas as labelled markers; triggers as
 * outlines. WIDTH/HEIGHT 0: the map's size, scaled down to at most 4096 pixels a side. */
TsrImage *tsr_doom2d_map_render (const TsrDoom2dMap *map,
                                 TsrDoom2dResources *resources,
                                 guint               width,
                                 guint               height,
                                 GError            **error);

G_END_DECLS
