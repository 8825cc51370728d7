/* bench-doom2d.c: parse + serialize throughput of the binary and text map codecs (MB/s), on the
 * real map lump and its text form, DFWAD read + write, and the time to load every texture of the
 * Standart.wad packed from the unpacked test data (read the archive, inflate, decode each picture
 * and animation strip). */
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/tsr-file.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-pack.h"
#include "formats/doom2d/tsr-doom2d-resources.h"
#include "formats/doom2d/tsr-doom2d-wad.h"
#include "tsr-test-common.h"

typedef gboolean (*RoundFunc) (GBytes *input);

/* Thread CPU time in microseconds: on a loaded machine wall time is several times the work. */
static gint64
cpu_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

static gboolean
round_binary (GBytes *input)
{
  TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (input, NULL), g_bytes_get_size (input), NULL);
  g_autoptr(GBytes) out = NULL;

  if (map == NULL)
    return FALSE;
  out = tsr_doom2d_map_write_binary (map);
  tsr_doom2d_map_free (map);
  return g_bytes_get_size (out) == g_bytes_get_size (input);
}

static gboolean
round_text (GBytes *input)
{
  TsrDoom2dMap *map = tsr_doom2d_map_read_text (g_bytes_get_data (input, NULL), g_bytes_get_size (input), NULL);
  g_autoptr(GBytes) out = NULL;

  if (map == NULL)
    return FALSE;
  out = tsr_doom2d_map_write_text (map);
  tsr_doom2d_map_free (map);
  return g_bytes_get_size (out) == g_bytes_get_size (input);
}

static gboolean
round_wad (GBytes *input)
{
  TsrDoom2dWad *wad = tsr_doom2d_wad_read (input, NULL);
  g_autoptr(GBytes) out = NULL;

  if (wad == NULL)
    return FALSE;
  out = tsr_doom2d_wad_write (wad, NULL);
  tsr_doom2d_wad_free (wad);
  return out != NULL;
}

/* With an argument, only the measurements whose label contains it run (for profiling one). */
static const char *only;

static void
measure (const char *what,
         GBytes     *input,
         RoundFunc   round)
{
  gsize size = g_bytes_get_size (input);
  guint iterations = 0;
  gint64 start = g_get_monotonic_time (), cpu_start = cpu_us (), elapsed, cpu;

  if (only != NULL && strstr (what, only) == NULL)
    return;

  do
    {
      if (!round (input))
        {
          g_printerr ("%s: round trip failed\n", what);
          exit (1);
        }
      iterations++;
      cpu = cpu_us () - cpu_start;
    }
  while (cpu < 1000000);
  elapsed = g_get_monotonic_time () - start;
  printf ("%-28s %8" G_GSIZE_FORMAT " bytes x %6u: %8.1f MB/s parse+serialize (thread CPU; wall %.1f MB/s)\n", what,
          size, iterations, (double) size * iterations / cpu, (double) size * iterations / elapsed);
}

/* Every texture of D2DTEXTURES in the archive at PATH through a fresh texture cache; the wall
 * time, and the thread CPU time in *CPU (both ms). */
static double
load_textures (const char *path,
               guint      *loaded,
               double     *cpu)
{
  gint64 cpu_start = cpu_us ();
  const char *search[] = { path, NULL };
  gint64 start = g_get_monotonic_time ();
  g_autoptr(TsrDoom2dTextureCache) cache = tsr_doom2d_texture_cache_new (tsr_doom2d_resources_new (search, NULL),
                                                                        NULL, NULL);
  g_autoptr(GBytes) bytes = tsr_file_read (path, NULL);
  TsrDoom2dWad *wad = tsr_doom2d_wad_read (bytes, NULL);

  *loaded = 0;
  for (guint i = 0; wad != NULL && i < wad->entries->len; i++)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      g_autofree char *name = NULL;

      if (entry->is_section || g_ascii_strcasecmp (entry->section, "D2DTEXTURES") != 0)
        continue;
      name = g_strdup_printf ("Standart.wad:D2DTEXTURES\\%s", entry->name);
      if (tsr_doom2d_texture_cache_get (cache, name)->image == NULL)
        {
          g_printerr ("%s does not load\n", name);
          exit (1);
        }
      (*loaded)++;
    }
  tsr_doom2d_wad_free (wad);
  *cpu = (cpu_us () - cpu_start) / 1000.0;
  return (g_get_monotonic_time () - start) / 1000.0;
}

static void
measure_textures (const char *folder)
{
  g_autofree char *list = g_build_filename (folder, "StandartWAD", "standart.lst", NULL);
  g_autofree char *temp = g_dir_make_tmp ("tessera-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (temp, "Standart.wad", NULL);
  TsrDoom2dWad *wad = tsr_doom2d_pack_list (list, NULL, NULL);
  g_autoptr(GBytes) packed = wad != NULL ? tsr_doom2d_wad_write (wad, NULL) : NULL;
  double best = G_MAXDOUBLE, best_cpu = G_MAXDOUBLE;
  guint loaded = 0;

  tsr_doom2d_wad_free (wad);
  if (packed == NULL || !g_file_set_contents (path, g_bytes_get_data (packed, NULL), g_bytes_get_size (packed), NULL))
    {
      g_printerr ("cannot pack %s\n", list);
      exit (1);
    }
  for (guint run = 0; run < 5; run++)
    {
      double cpu;

      best = MIN (best, load_textures (path, &loaded, &cpu));
      best_cpu = MIN (best_cpu, cpu);
    }
  printf ("%-28s %8" G_GSIZE_FORMAT " bytes: %u textures in %6.1f ms thread CPU, %6.1f ms wall (best of 5)\n",
          "packed Standart.wad textures", g_bytes_get_size (packed), loaded, best_cpu, best);
  g_unlink (path);
  g_rmdir (temp);
}

int
main (int argc, char **argv)
{
  g_autofree char *folder = tsr_test_data_require ("doom2d");
  const char *map_suffixes[] = { ".map", NULL };
  const char *wad_suffixes[] = { ".wad", NULL };
  g_autoptr(GPtrArray) maps = tsr_test_data_list (folder, map_suffixes);
  g_autoptr(GPtrArray) wads = tsr_test_data_list (folder, wad_suffixes);

  only = argc > 1 ? argv[1] : NULL;

  for (guint i = 0; i < maps->len; i++)
    {
      g_autoptr(GBytes) binary = tsr_test_read_file (g_ptr_array_index (maps, i));
      TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (binary, NULL), g_bytes_get_size (binary), NULL);
      g_autoptr(GBytes) text = map ? tsr_doom2d_map_write_text (map) : NULL;
      g_autofree char *name = g_path_get_basename (g_ptr_array_index (maps, i));
      g_autofree char *binary_label = g_strdup_printf ("binary map %s", name);
      g_autofree char *text_label = g_strdup_printf ("text map %s", name);

      if (map == NULL)
        return 1;
      measure (binary_label, binary, round_binary);
      measure (text_label, text, round_text);
      tsr_doom2d_map_free (map);
    }
  for (guint i = 0; i < wads->len; i++)
    {
      g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (wads, i));
      g_autofree char *name = g_path_get_basename (g_ptr_array_index (wads, i));
      g_autofree char *label = g_strdup_printf ("DFWAD %s", name);
      measure (label, bytes, round_wad);
    }
  if (only == NULL || strstr ("packed Standart.wad textures", only) != NULL)
    measure_textures (folder);
  return 0;
}
