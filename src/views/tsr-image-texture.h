/* tsr-image-texture.h: TsrImage (RGBA) to GdkTexture, the one conversion the views share. Small
 * pictures are enlarged by whole pixels (nearest neighbour) so they stay sharp: GTK 4.8 smooths
 * textures it scales. */
#pragma once

#include <gtk/gtk.h>

#include "core/tsr-image.h"

G_BEGIN_DECLS

/* The whole-pixel factor (1..MAXIMUM) that brings IMAGE's longest side to at most SIZE pixels;
 * 1 when it is that long already. */
guint       tsr_image_texture_factor (const TsrImage *image,
                                      guint           size,
                                      guint           maximum);
/* A texture of IMAGE enlarged FACTOR times (1: as it is); the pixels are copied (transfer full). */
GdkTexture *tsr_image_texture_new    (const TsrImage *image,
                                      guint           factor);
/* The same, taking IMAGE over: with FACTOR 1 the texture keeps its pixels without a copy. */
GdkTexture *tsr_image_texture_take   (TsrImage       *image,
                                      guint           factor);
/* IMAGE as a cairo image surface (premultiplied ARGB32), for views that zoom it themselves with
 * CAIRO_FILTER_NEAREST. (transfer full) */
cairo_surface_t *tsr_image_cairo_surface_new (const TsrImage *image);

G_END_DECLS
