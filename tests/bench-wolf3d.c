/* bench-wolf3d.c: speed of the Wolf3D codec on the shareware set: loading and saving the whole
 * set, decoding and encoding every level (Carmack + RLEW), VSWAP decoding, pic decoding. Prints
 * ms and MB/s; the compressed size ratio against id's tools is printed too. */
#include <string.h>

#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "tsr-test-common.h"

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

int
main (void)
{
  g_autofree char *root = tsr_test_data_require ("wolf3d");
  g_autofree char *path = g_build_filename (root, "wl1_v14_shareware", "MAPHEAD.WL1", NULL);
  g_autoptr(GError) error = NULL;
  TsrWolf3dSet *set = tsr_wolf3d_set_load (path, NULL, &error);
  const int rounds = 20;
  double start, elapsed;
  gsize set_bytes = 0, plane_bytes = 0, stored_bytes = 0, packed_bytes = 0, vswap_bytes = 0;

  if (set == NULL)
    g_error ("%s", error->message);
  for (guint k = 0; k < TSR_WOLF3D_N_FILES; k++)
    if (set->files[k] != NULL)
      set_bytes += g_bytes_get_size (set->files[k]);
  tsr_wolf3d_set_free (set);

  /* Whole set: load (maps decoded, VSWAP and graphics indexed) and save. */
  start = now_ms ();
  for (int r = 0; r < rounds; r++)
    tsr_wolf3d_set_free (tsr_wolf3d_set_load (path, NULL, NULL));
  elapsed = (now_ms () - start) / rounds;
  g_print ("set load: %.2f ms per load of %" G_GSIZE_FORMAT " bytes (%.1f MB/s)\n",
           elapsed, set_bytes, set_bytes / 1e6 / (elapsed / 1000));

  set = tsr_wolf3d_set_load (path, NULL, NULL);
  start = now_ms ();
  for (int r = 0; r < rounds; r++)
    g_ptr_array_unref (tsr_wolf3d_set_save (set, NULL, NULL));
  elapsed = (now_ms () - start) / rounds;
  g_print ("set save (untouched): %.3f ms\n", elapsed);

  for (guint i = 0; i < set->maps->levels->len; i++)
    tsr_wolf3d_maps_mark_plane_changed (set->maps, i, 0);
  start = now_ms ();
  for (int r = 0; r < rounds; r++)
    {
      g_autoptr(GBytes) maphead = NULL;
      g_autoptr(GBytes) gamemaps = NULL;

      tsr_wolf3d_maps_save (set->maps, FALSE, &maphead, &gamemaps, NULL);
    }
  elapsed = (now_ms () - start) / rounds;
  g_print ("set save (plane 0 of all 10 levels edited, recompressed): %.2f ms\n", elapsed);

  /* Every plane of every level: decode from the stored chunk, encode again. */
  double decode_ms = 0, encode_ms = 0;
  for (int r = 0; r < rounds; r++)
    for (guint i = 0; i < set->maps->levels->len; i++)
      {
        const TsrWolf3dLevel *level = g_ptr_array_index (set->maps->levels, i);

        for (guint p = 0; p < 3; p++)
          {
            g_autoptr(GBytes) stored = NULL;
            g_autofree guint16 *words = NULL;
            GBytes *packed;
            gsize n = (gsize) level->width * level->height;

            stored = tsr_wolf3d_plane_compress (level->planes[p], n, set->maps->rlew_tag, TRUE);
            start = now_ms ();
            words = tsr_wolf3d_plane_expand (stored, n, set->maps->rlew_tag, TRUE, NULL);
            decode_ms += now_ms () - start;
            start = now_ms ();
            packed = tsr_wolf3d_plane_compress (words, n, set->maps->rlew_tag, TRUE);
            encode_ms += now_ms () - start;
            if (r == 0)
              {
                plane_bytes += n * 2;
                packed_bytes += g_bytes_get_size (packed);
              }
            g_bytes_unref (packed);
          }
      }
  for (guint i = 0; i < set->maps->levels->len; i++)
    {
      const TsrWolf3dLevel *level = g_ptr_array_index (set->maps->levels, i);

      for (guint p = 0; p < 3; p++)
        stored_bytes += level->plane_lengths[p];
    }
  g_print ("levels decode (Carmack+RLEW, all 10 levels x 3 planes): %.2f ms, %.1f MB/s of planes\n",
           decode_ms / rounds, plane_bytes / 1e6 / (decode_ms / rounds / 1000));
  g_print ("levels encode (RLEW+Carmack, optimal parse): %.2f ms, %.1f MB/s of planes\n",
           encode_ms / rounds, plane_bytes / 1e6 / (encode_ms / rounds / 1000));
  g_print ("compressed size: id's tools %" G_GSIZE_FORMAT " bytes, Tessera %" G_GSIZE_FORMAT
           " bytes, ratio %.4f\n", stored_bytes, packed_bytes, (double) packed_bytes / stored_bytes);

  /* VSWAP: every wall and sprite. */
  start = now_ms ();
  for (int r = 0; r < rounds; r++)
    {
      guint8 wall[64 * 64];
      guint16 sprite[64 * 64];

      for (guint w = 0; w < set->vswap->sprite_start; w++)
        if (set->vswap->pages[w].offset != 0
            && tsr_wolf3d_vswap_decode_wall (set->vswap, w, wall, NULL) && r == 0)
          vswap_bytes += set->vswap->pages[w].length;
      for (guint s = 0; s < tsr_wolf3d_vswap_get_n_sprites (set->vswap); s++)
        if (set->vswap->pages[set->vswap->sprite_start + s].offset != 0
            && tsr_wolf3d_vswap_decode_sprite (set->vswap, s, sprite, NULL) && r == 0)
          vswap_bytes += set->vswap->pages[set->vswap->sprite_start + s].length;
    }
  elapsed = (now_ms () - start) / rounds;
  g_print ("VSWAP decode (all walls and sprites, %" G_GSIZE_FORMAT " bytes): %.2f ms, %.1f MB/s\n",
           vswap_bytes, elapsed, vswap_bytes / 1e6 / (elapsed / 1000));

  start = now_ms ();
  for (guint p = 0; p < set->graphics->n_pics; p++)
    {
      guint w, h;

      g_free (tsr_wolf3d_graphics_decode_pic (set->graphics, p, &w, &h, NULL));
    }
  elapsed = now_ms () - start;
  g_print ("VGAGRAPH decode (all %u pics, Huffman + planes): %.2f ms, %.1f MB/s of VGAGRAPH\n",
           set->graphics->n_pics, elapsed,
           g_bytes_get_size (set->graphics->graph_bytes) / 1e6 / (elapsed / 1000));
  tsr_wolf3d_set_free (set);
  return 0;
}
