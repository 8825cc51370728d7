/* bench-doom2d.c: parse + serialize throughput of the binary and text map codecs (MB/s), on the
 * real map lump and its text form, and DFWAD read + write. */
#include <stdio.h>

#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-wad.h"
#include "tsr-test-common.h"

typedef gboolean (*RoundFunc) (GBytes *input);

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

static void
measure (const char *what,
         GBytes     *input,
         RoundFunc   round)
{
  gsize size = g_bytes_get_size (input);
  guint iterations = 0;
  gint64 start = g_get_monotonic_time (), elapsed;

  do
    {
      if (!round (input))
        {
          g_printerr ("%s: round trip failed\n", what);
          exit (1);
        }
      iterations++;
      elapsed = g_get_monotonic_time () - start;
    }
  while (elapsed < 1000000);
  printf ("%-28s %8" G_GSIZE_FORMAT " bytes x %6u: %8.1f MB/s parse+serialize\n", what, size, iterations,
          (double) size * iterations / elapsed);
}

int
main (void)
{
  g_autofree char *folder = tsr_test_data_require ("doom2d");
  const char *map_suffixes[] = { ".map", NULL };
  const char *wad_suffixes[] = { ".wad", NULL };
  g_autoptr(GPtrArray) maps = tsr_test_data_list (folder, map_suffixes);
  g_autoptr(GPtrArray) wads = tsr_test_data_list (folder, wad_suffixes);

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
  return 0;
}
