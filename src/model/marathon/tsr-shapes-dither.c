/* tsr-shapes-dither.c: the Bayer matrix is built by the usual recursion (each level interleaves
 * four copies of the one below), so the thresholds 0..63 are spread as evenly as can be. */
#include "model/marathon/tsr-shapes-dither.h"

#include <math.h>
#include <string.h>

#define BAYER_SIZE 8

static void
bayer_matrix (guint matrix[BAYER_SIZE][BAYER_SIZE])
{
  matrix[0][0] = 0;
  for (guint size = 1; size < BAYER_SIZE; size *= 2)
    for (guint y = 0; y < size; y++)
      for (guint x = 0; x < size; x++)
        {
          guint v = matrix[y][x] * 4;

          matrix[y][x] = v;
          matrix[y + size][x + size] = v + 1;
          matrix[y][x + size] = v + 2;
          matrix[y + size][x] = v + 3;
        }
}

double
tsr_shapes_color_table_spacing (const TsrShapesColorTable *table)
{
  double sum = 0;
  guint counted = 0;

  for (guint i = 0; table != NULL && i < table->count; i++)
    {
      double nearest = G_MAXDOUBLE;

      for (guint j = 0; j < table->count; j++)
        {
          double dr = (table->colors[i].red >> 8) - (double) (table->colors[j].red >> 8);
          double dg = (table->colors[i].green >> 8) - (double) (table->colors[j].green >> 8);
          double db = (table->colors[i].blue >> 8) - (double) (table->colors[j].blue >> 8);
          double d = sqrt (dr * dr + dg * dg + db * db);

          /* (entries of the same colour are one colour) */
          if (j != i && d > 0 && d < nearest)
            nearest = d;
        }
      if (nearest < G_MAXDOUBLE)
        {
          sum += nearest / sqrt (3.0);
          counted++;
        }
    }
  return counted > 0 ? sum / counted : 0;
}

TsrImage *
tsr_shapes_dither_ordered (const TsrImage            *image,
                           const TsrShapesColorTable *table)
{
  guint matrix[BAYER_SIZE][BAYER_SIZE];
  double spacing = tsr_shapes_color_table_spacing (table);
  TsrImage *dithered = tsr_image_new (image->width, image->height);

  bayer_matrix (matrix);
  memcpy (dithered->pixels, image->pixels, (gsize) image->width * image->height * 4);
  for (guint y = 0; y < image->height; y++)
    for (guint x = 0; x < image->width; x++)
      {
        guint8 *pixel = dithered->pixels + ((gsize) y * image->width + x) * 4;
        double offset = ((matrix[y % BAYER_SIZE][x % BAYER_SIZE] + 0.5) / (BAYER_SIZE * BAYER_SIZE) - 0.5) * spacing;

        if (pixel[3] < 128)
          continue;
        for (guint c = 0; c < 3; c++)
          pixel[c] = (guint8) CLAMP (lround (pixel[c] + offset), 0, 255);
      }
  return dithered;
}
