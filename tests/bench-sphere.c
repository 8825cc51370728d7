/* bench-sphere.c: Sphere codec figures: parse+serialize throughput (real files and a synthetic
 * 1024x1024x4-layer map) and software render time per 1920x1080 frame of that map. Prints the
 * numbers; never asserts on time. */
#include <string.h>
#include <time.h>

#include "formats/sphere/tsr-sphere-map.h"
#include "formats/sphere/tsr-sphere-render.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "tsr-test-common.h"

static TsrSphereMap *
build_synthetic_map (void)
{
  TsrSphereTileset *tileset = tsr_sphere_tileset_new (16, 16);
  TsrSphereMap *map;

  for (guint t = 0; t < 64; t++)
    {
      TsrSphereTile *tile = tsr_sphere_tileset_add_tile (tileset);

      for (guint p = 0; p < 16 * 16; p++)
        {
          tile->pixels[p * 4 + 0] = (guint8) (t * 4);
          tile->pixels[p * 4 + 1] = (guint8) p;
          tile->pixels[p * 4 + 2] = (guint8) (255 - t);
          /* Tiles 0..31 opaque, 32..47 see-through, 48..63 half transparent: like real upper layers. */
          tile->pixels[p * 4 + 3] = t < 32 ? 255 : t < 48 ? ((p % 3) ? 0 : 255) : 128;
        }
    }
  map = tsr_sphere_map_new (1024, 1024, NULL);
  tsr_sphere_map_embed_tileset (map, tileset);
  for (guint l = 1; l < 4; l++)
    tsr_sphere_map_insert_layer (map, -1, tsr_sphere_layer_new (1024, 1024, "upper"));
  for (guint l = 0; l < 4; l++)
    {
      TsrSphereLayer *layer = g_ptr_array_index (map->layers, l);

      for (gsize c = 0; c < 1024u * 1024u; c++)
        layer->tiles[c] = (guint16) (l == 0 ? c % 32 : 32 + (c * 7 + l) % 32);
    }
  for (guint e = 0; e < 200; e++)
    tsr_sphere_map_add_entity (map, -1, tsr_sphere_entity_new_person ((guint16) (e * 80), (guint16) (e * 50), 0,
                                                                      "npc", "npc.rss"), NULL);
  return map;
}

static void
bench_codec (const char *label, GBytes *bytes, guint rounds)
{
  gint64 start = g_get_monotonic_time ();
  double seconds;

  for (guint r = 0; r < rounds; r++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrSphereMap) map = tsr_sphere_map_parse (bytes, &error);
      g_autoptr(GBytes) again = NULL;

      if (map == NULL)
        g_error ("%s: %s", label, error->message);
      again = tsr_sphere_map_serialize (map);
    }
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_print ("parse+serialize %-40s %8.1f MB/s (%u x %" G_GSIZE_FORMAT " bytes in %.3f s)\n", label,
           rounds * (double) g_bytes_get_size (bytes) / 1e6 / seconds, rounds, g_bytes_get_size (bytes), seconds);
}

int
main (void)
{
  g_autofree char *folder = tsr_test_data_require ("sphere");
  static const char *const suffixes[] = { ".rmp", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (folder, suffixes);
  g_autoptr(TsrSphereMap) map = build_synthetic_map ();
  g_autoptr(GBytes) synthetic = tsr_sphere_map_serialize (map);
  g_autoptr(TsrImage) frame = tsr_image_new (1920, 1080);
  guint frames = 60;
  gint64 start;
  clock_t cpu_start;
  double ms, cpu_ms;

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (files, i));
      g_autofree char *name = g_path_get_basename (g_ptr_array_index (files, i));

      bench_codec (name, bytes, 2000);
    }
  bench_codec ("synthetic 1024x1024x4 layers", synthetic, 10);

  start = g_get_monotonic_time ();
  cpu_start = clock ();
  for (guint f = 0; f < frames; f++)
    tsr_sphere_map_render_into (map, NULL, frame, (int) (f * 97 % (16384 - 1920)), (int) (f * 53 % (16384 - 1080)),
                                TSR_SPHERE_RENDER_ALL);
  ms = (g_get_monotonic_time () - start) / 1e3 / frames;
  cpu_ms = (double) (clock () - cpu_start) * 1e3 / CLOCKS_PER_SEC / frames;
  /* CPU time too: on a busy machine the wall clock includes waiting for a core. */
  g_print ("render 1024x1024x4-layer map, 1920x1080 frame: %.2f ms per frame wall, %.2f ms CPU "
           "(%.1f frames/s, %u frames)\n", ms, cpu_ms, 1000.0 / ms, frames);
  return 0;
}
