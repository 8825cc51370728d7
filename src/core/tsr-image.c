/* tsr-image.c: RGBA images and their PNG form through libpng. */
#include "core/tsr-image.h"

#include <png.h>
#include <setjmp.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include <glib/gi18n.h>
#include <inttypes.h>

guint64
tsr_image_budget_pixels (gsize input_size)
{
  return MIN (MAX ((guint64) TSR_IMAGE_NATURAL_MAX_PIXELS, (guint64) input_size * 16),
              (guint64) TSR_IMAGE_MAX_PIXELS);
}

TsrImage *
tsr_image_new (guint width,
               guint height)
{
  TsrImage *image;

  if (width == 0 || height == 0 || width > TSR_IMAGE_MAX_SIDE || height > TSR_IMAGE_MAX_SIDE
      || (guint64) width * height > TSR_IMAGE_MAX_PIXELS)
    return NULL;

  image = g_new0 (TsrImage, 1);
  image->width = width;
  image->height = height;
  image->pixels = g_malloc0 ((gsize) width * height * 4);
  return image;
}

/* As tsr_image_new, for sizes a file gave: the pixels come from g_try_malloc0, NULL when the
 * memory cannot be had (the sizes must already be in range). */
static TsrImage *
image_try_new (guint width,
               guint height)
{
  guint8 *pixels = g_try_malloc0 ((gsize) width * height * 4);
  TsrImage *image;

  if (pixels == NULL)
    return NULL;
  image = g_new0 (TsrImage, 1);
  image->width = width;
  image->height = height;
  image->pixels = pixels;
  return image;
}

TsrImage *
tsr_image_new_checked (guint        width,
                       guint        height,
                       guint64      max_pixels,
                       const char  *what,
                       GError     **error)
{
  guint64 area = (guint64) width * height;
  TsrImage *image;

  max_pixels = MIN (max_pixels, (guint64) TSR_IMAGE_MAX_PIXELS);
  if (width == 0 || height == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("%s: an image of %ux%u pixels is empty"),
                   what, width, height);
      return NULL;
    }
  if (width > TSR_IMAGE_MAX_SIDE || height > TSR_IMAGE_MAX_SIDE || area > max_pixels)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("%s: %ux%u pixels is above the limit of %" PRIu64 " pixels (%" PRIu64 " MiB) and %u per side"), what, width, height, max_pixels,
                   max_pixels * 4 / (1024 * 1024), TSR_IMAGE_MAX_SIDE);
      return NULL;
    }
  image = image_try_new (width, height);
  if (image == NULL)
    g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("%s: no memory for an image of %ux%u pixels"),
                 what, width, height);
  return image;
}

void
tsr_image_free (TsrImage *image)
{
  if (image == NULL)
    return;
  g_free (image->pixels);
  g_free (image);
}

void
tsr_image_set_pixel (TsrImage *image,
                     guint     x,
                     guint     y,
                     guint32   rgba)
{
  guint8 *p;

  if (x >= image->width || y >= image->height)
    return;
  p = image->pixels + ((gsize) y * image->width + x) * 4;
  p[0] = rgba >> 24;
  p[1] = rgba >> 16;
  p[2] = rgba >> 8;
  p[3] = rgba;
}

TsrImage *
tsr_image_crop (const TsrImage *image,
                guint           x,
                guint           y,
                guint           width,
                guint           height)
{
  TsrImage *crop = tsr_image_new (width, height);

  if (crop == NULL)
    return NULL;
  for (guint row = 0; row < height && (gsize) y + row < image->height; row++)
    if (x < image->width)
      memcpy (crop->pixels + (gsize) row * width * 4, image->pixels + (((gsize) y + row) * image->width + x) * 4,
              (gsize) MIN (width, image->width - x) * 4);
  return crop;
}

TsrImage *
tsr_image_copy (const TsrImage *image)
{
  return tsr_image_crop (image, 0, 0, image->width, image->height);
}

void
tsr_image_fit_size (guint  width,
                    guint  height,
                    guint  box_width,
                    guint  box_height,
                    guint *fit_width,
                    guint *fit_height)
{
  double scale = MIN ((double) box_width / MAX (width, 1u), (double) box_height / MAX (height, 1u));

  *fit_width = CLAMP ((guint) (width * scale + 0.5), 1u, MAX (box_width, 1u));
  *fit_height = CLAMP ((guint) (height * scale + 0.5), 1u, MAX (box_height, 1u));
}

TsrImage *
tsr_image_scale (const TsrImage *image,
                 guint           width,
                 guint           height)
{
  TsrImage *scaled = tsr_image_new (width, height);

  if (scaled == NULL || image->width == 0 || image->height == 0)
    return scaled;
  for (guint y = 0; y < height; y++)
    {
      /* The source rows this row covers: at least the one under its centre. */
      guint y0 = (guint) ((guint64) y * image->height / height);
      guint y1 = MAX (y0 + 1, (guint) (((guint64) y + 1) * image->height / height));

      for (guint x = 0; x < width; x++)
        {
          guint x0 = (guint) ((guint64) x * image->width / width);
          guint x1 = MAX (x0 + 1, (guint) (((guint64) x + 1) * image->width / width));
          guint64 sum[4] = { 0, 0, 0, 0 }, n = 0;
          guint8 *d = scaled->pixels + ((gsize) y * width + x) * 4;

          /* Colours weighted by alpha, so transparent pixels do not darken the edges. */
          for (guint sy = y0; sy < y1; sy++)
            for (guint sx = x0; sx < x1; sx++)
              {
                const guint8 *p = image->pixels + ((gsize) sy * image->width + sx) * 4;

                for (int c = 0; c < 3; c++)
                  sum[c] += (guint64) p[c] * p[3];
                sum[3] += p[3];
                n++;
              }
          for (int c = 0; c < 3; c++)
            d[c] = sum[3] > 0 ? (guint8) ((sum[c] + sum[3] / 2) / sum[3]) : 0;
          d[3] = (guint8) ((sum[3] + n / 2) / n);
        }
    }
  return scaled;
}

void
tsr_image_blit (TsrImage       *image,
                const TsrImage *source,
                int             x,
                int             y)
{
  for (guint sy = 0; sy < source->height; sy++)
    {
      gint64 ty = (gint64) y + sy;

      if (ty < 0 || ty >= image->height)
        continue;
      for (guint sx = 0; sx < source->width; sx++)
        {
          gint64 tx = (gint64) x + sx;
          const guint8 *s = source->pixels + ((gsize) sy * source->width + sx) * 4;

          if (tx < 0 || tx >= image->width || s[3] == 0)
            continue;
          memcpy (image->pixels + ((gsize) ty * image->width + tx) * 4, s, 4);
        }
    }
}

typedef struct {
  GByteArray   *output;
  const guint8 *input;
  gsize         input_size;
  gsize         input_pos;
  char          message[256];
} TsrPngIo;

static void
tsr_png_write_data (png_structp png, png_bytep data, png_size_t length)
{
  TsrPngIo *io = png_get_io_ptr (png);
  g_byte_array_append (io->output, data, (guint) length);
}

static void
tsr_png_flush (png_structp png)
{
  (void) png;
}

static void
tsr_png_read_data (png_structp png, png_bytep data, png_size_t length)
{
  TsrPngIo *io = png_get_io_ptr (png);

  if (length > io->input_size - io->input_pos)
    png_error (png, "the PNG data ends early");
  memcpy (data, io->input + io->input_pos, length);
  io->input_pos += length;
}

static void
tsr_png_error (png_structp png, png_const_charp message)
{
  TsrPngIo *io = png_get_error_ptr (png);
  g_strlcpy (io->message, message, sizeof io->message);
  png_longjmp (png, 1);
}

static void
tsr_png_warning (png_structp png, png_const_charp message)
{
  (void) png;
  (void) message;
}

GBytes *
tsr_image_to_png (const TsrImage *image,
                  GError        **error)
{
  TsrPngIo io = { 0 };
  png_structp png;
  png_infop info;

  io.output = g_byte_array_new ();
  png = png_create_write_struct (PNG_LIBPNG_VER_STRING, &io, tsr_png_error, tsr_png_warning);
  info = png_create_info_struct (png);

  if (setjmp (png_jmpbuf (png)))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("PNG encoding failed: %s"), io.message);
      png_destroy_write_struct (&png, &info);
      g_byte_array_unref (io.output);
      return NULL;
    }

  png_set_write_fn (png, &io, tsr_png_write_data, tsr_png_flush);
  /* Encoding was 70-80 % of render and extract: zlib's fastest level and the one "Up" filter
   * (rows of maps and sprites repeat the row above) instead of libpng's per-row filter search and
   * level 6. The files stay ordinary PNG; a 2048x2048 Marathon map took 0.22 s of CPU before and
   * 0.06 s after, at 181 KB instead of 91 KB. */
  png_set_compression_level (png, 1);
  png_set_filter (png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
  png_set_IHDR (png, info, image->width, image->height, 8, PNG_COLOR_TYPE_RGBA,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info (png, info);
  for (guint y = 0; y < image->height; y++)
    png_write_row (png, image->pixels + (gsize) y * image->width * 4);
  png_write_end (png, NULL);
  png_destroy_write_struct (&png, &info);
  return g_byte_array_free_to_bytes (io.output);
}

gboolean
tsr_image_save_png (const TsrImage *image,
                    const char     *path,
                    GError        **error)
{
  g_autoptr(GBytes) png = tsr_image_to_png (image, error);

  if (png == NULL)
    return FALSE;
  return tsr_file_write_atomic (path, png, FALSE, error);
}

TsrImage *
tsr_image_load_png (const guint8 *data,
                    gsize         size,
                    const char   *label,
                    GError      **error)
{
  TsrPngIo io = { 0 };
  png_structp png;
  png_infop info;
  TsrImage *volatile image = NULL;
  png_uint_32 width, height;

  if (size < 8 || png_sig_cmp (data, 0, 8) != 0)
    {
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC, 0, _("%s: PNG signature expected"), label);
      return NULL;
    }

  io.input = data;
  io.input_size = size;
  png = png_create_read_struct (PNG_LIBPNG_VER_STRING, &io, tsr_png_error, tsr_png_warning);
  info = png_create_info_struct (png);

  if (setjmp (png_jmpbuf (png)))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: cannot decode PNG: %s"), label, io.message);
      png_destroy_read_struct (&png, &info, NULL);
      tsr_image_free (image);
      return NULL;
    }

  png_set_read_fn (png, &io, tsr_png_read_data);
  png_set_user_limits (png, TSR_IMAGE_MAX_SIDE, TSR_IMAGE_MAX_SIDE);
  png_read_info (png, info);
  png_set_expand (png);
  png_set_strip_16 (png);
  png_set_gray_to_rgb (png);
  png_set_add_alpha (png, 0xff, PNG_FILLER_AFTER);
  png_read_update_info (png, info);
  width = png_get_image_width (png, info);
  height = png_get_image_height (png, info);
  /* Deflate expands at most 1032 times and a pixel takes at least one bit: a size no data of SIZE
   * bytes can fill is refused before any memory is asked for (issue 41). */
  if ((guint64) width * height > (guint64) size * 8 * 1032)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, 16,
                        _("%s: PNG of %ux%u pixels expected to fit in %zu bytes of compressed data"),
                        label, (guint) width, (guint) height, size);
      png_destroy_read_struct (&png, &info, NULL);
      return NULL;
    }
  if (width == 0 || height == 0 || width > TSR_IMAGE_MAX_SIDE || height > TSR_IMAGE_MAX_SIDE
      || (guint64) width * height > TSR_IMAGE_MAX_PIXELS)
    png_error (png, "image size out of range");
  image = image_try_new (width, height);
  if (image == NULL)
    {
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, 16, _("%s: no memory for an image of %ux%u pixels"),
                        label, (guint) width, (guint) height);
      png_destroy_read_struct (&png, &info, NULL);
      return NULL;
    }
  for (guint y = 0; y < height; y++)
    png_read_row (png, image->pixels + (gsize) y * width * 4, NULL);
  png_read_end (png, NULL);
  png_destroy_read_struct (&png, &info, NULL);
  return image;
}
