/* tsr-image-texture.c: the texture holds the image's bytes (GBytes), enlarged ones are built row
 * by row from the source pixels. */
#include "config.h"

#include "views/tsr-image-texture.h"

#include <string.h>

guint
tsr_image_texture_factor (const TsrImage *image,
                          guint           size,
                          guint           maximum)
{
  guint longest = MAX (image->width, image->height);

  if (longest == 0 || longest >= size)
    return 1;
  return CLAMP (size / longest, 1, MAX (maximum, 1));
}

static GBytes *
enlarged_pixels (const TsrImage *image,
                 guint           factor)
{
  gsize width = (gsize) image->width * factor, height = (gsize) image->height * factor;
  guint8 *pixels = g_malloc (width * height * 4);

  for (gsize y = 0; y < height; y++)
    for (gsize x = 0; x < width; x++)
      memcpy (pixels + (y * width + x) * 4, image->pixels + ((y / factor) * image->width + x / factor) * 4, 4);
  return g_bytes_new_take (pixels, width * height * 4);
}

GdkTexture *
tsr_image_texture_new (const TsrImage *image,
                       guint           factor)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (image != NULL && factor > 0, NULL);
  bytes = factor == 1 ? g_bytes_new (image->pixels, (gsize) image->width * image->height * 4)
                      : enlarged_pixels (image, factor);
  return gdk_memory_texture_new ((int) (image->width * factor), (int) (image->height * factor),
                                 GDK_MEMORY_R8G8B8A8, bytes, (gsize) image->width * factor * 4);
}

GdkTexture *
tsr_image_texture_take (TsrImage *image,
                        guint     factor)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (image != NULL && factor > 0, NULL);
  if (factor > 1)
    {
      GdkTexture *texture = tsr_image_texture_new (image, factor);

      tsr_image_free (image);
      return texture;
    }
  bytes = g_bytes_new_with_free_func (image->pixels, (gsize) image->width * image->height * 4,
                                      (GDestroyNotify) tsr_image_free, image);
  return gdk_memory_texture_new ((int) image->width, (int) image->height, GDK_MEMORY_R8G8B8A8, bytes,
                                 (gsize) image->width * 4);
}

cairo_surface_t *
tsr_image_cairo_surface_new (const TsrImage *image)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) image->width, (int) image->height);
  guint8 *data;
  int stride;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (guint y = 0; y < image->height; y++)
    {
      guint32 *row = (guint32 *) (data + (gsize) y * (gsize) stride);
      const guint8 *in = image->pixels + (gsize) y * image->width * 4;

      for (guint x = 0; x < image->width; x++, in += 4)
        row[x] = ((guint32) in[3] << 24) | ((guint32) (in[0] * in[3] / 255) << 16)
                 | ((guint32) (in[1] * in[3] / 255) << 8) | (guint32) (in[2] * in[3] / 255);
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}
