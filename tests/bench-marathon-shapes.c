/* bench-marathon-shapes.c: decoded pixels per second for every PICT of the Images file and every
 * bitmap of the shapes patches (neutral ramp), and Images/patch load + save throughput. */
#include <stdio.h>

#include "tsr-test-common.h"
#include "formats/marathon/tsr-marathon-images.h"
#include "formats/marathon/tsr-marathon-shapes-patch.h"

static double
seconds_since (gint64 start)
{
  return (double) (g_get_monotonic_time () - start) / 1e6;
}

int
main (void)
{
  g_autofree char *directory = tsr_test_data_require ("marathon");
  g_autofree char *images_path = g_build_filename (directory, "m2_Images.imgA", NULL);
  g_autoptr(GBytes) images_bytes = tsr_test_read_file (images_path);
  const char *const suffixes[] = { ".ShPa", NULL };
  g_autoptr(GPtrArray) patches = tsr_test_data_list (directory, suffixes);
  g_autoptr(TsrMarathonImages) images = NULL;
  g_autoptr(GArray) pictures = NULL;
  guint64 pixels = 0;
  gint64 start;
  double elapsed;
  const int rounds = 3;

  start = g_get_monotonic_time ();
  for (int r = 0; r < rounds; r++)
    {
      g_autoptr(TsrMarathonImages) loaded = tsr_marathon_images_parse (images_bytes, NULL);
      g_autoptr(GBytes) saved = tsr_marathon_images_serialize (loaded, NULL);

      if (saved == NULL || g_bytes_get_size (saved) != g_bytes_get_size (images_bytes))
        printf ("Images file did not write back at its size\n");
    }
  elapsed = seconds_since (start);
  printf ("Images file load+save: %.1f MB/s (%.2f ms per round of %.1f MB)\n",
          rounds * g_bytes_get_size (images_bytes) / 1e6 / elapsed, elapsed * 1000 / rounds,
          g_bytes_get_size (images_bytes) / 1e6);

  images = tsr_marathon_images_parse (images_bytes, NULL);
  pictures = tsr_marathon_images_list (images, TSR_RESOURCE_PICT);
  start = g_get_monotonic_time ();
  for (int r = 0; r < rounds; r++)
    for (guint i = 0; i < pictures->len; i++)
      {
        const TsrMarathonImagesItem *item = &g_array_index (pictures, TsrMarathonImagesItem, i);
        g_autoptr(TsrImage) image = tsr_pict_decode (g_bytes_get_data (item->data, NULL),
                                                     g_bytes_get_size (item->data), NULL, NULL);
        if (image != NULL)
          pixels += (guint64) image->width * image->height;
      }
  elapsed = seconds_since (start);
  printf ("PICT decode: %u pictures x %d rounds, %.1f Mpixels/s (%.2f ms per picture)\n",
          pictures->len, rounds, pixels / 1e6 / elapsed, elapsed * 1000 / (rounds * pictures->len));

  pixels = 0;
  {
    g_autoptr(GPtrArray) bitmaps = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_shapes_bitmap_free);
    gint64 parse_start = g_get_monotonic_time ();
    gsize patch_bytes = 0;

    for (guint p = 0; p < patches->len; p++)
      {
        g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (patches, p));
        g_autoptr(TsrShapesPatch) patch = tsr_shapes_patch_parse (g_bytes_get_data (bytes, NULL),
                                                                  g_bytes_get_size (bytes), NULL, NULL);
        g_autoptr(GBytes) saved = tsr_shapes_patch_serialize (patch);

        patch_bytes += g_bytes_get_size (saved);
        for (guint c = 0; c < patch->collections->len; c++)
          {
            g_autoptr(GPtrArray) some = tsr_shapes_patch_collection_bitmaps (patch->collections->pdata[c], NULL);
            for (guint b = 0; some != NULL && b < some->len; b++)
              g_ptr_array_add (bitmaps, g_steal_pointer (&some->pdata[b]));
          }
      }
    elapsed = seconds_since (parse_start);
    printf ("Shapes patches load+save: %.1f MB/s (%" G_GSIZE_FORMAT " bytes)\n", patch_bytes / 1e6 / elapsed, patch_bytes);

    start = g_get_monotonic_time ();
    for (int r = 0; r < 20; r++)
      for (guint b = 0; b < bitmaps->len; b++)
        {
          g_autoptr(TsrImage) image = tsr_shapes_bitmap_decode (bitmaps->pdata[b], NULL, NULL);
          if (image != NULL)
            pixels += (guint64) image->width * image->height;
        }
    elapsed = seconds_since (start);
    printf ("Shapes bitmap decode: %u bitmaps x 20 rounds, %.1f Mpixels/s\n", bitmaps->len,
            pixels / 1e6 / elapsed);
  }
  return 0;
}
