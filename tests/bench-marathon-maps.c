/* bench-marathon-maps.c: parse + serialize throughput over every Marathon map and physics file in
 * the test data, with the time split between the wad container, the typed map chunks and the
 * serializer. Prints figures only; it never fails on speed. */
#include <string.h>
#include <time.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "tsr-test-common.h"

/* CPU time of this thread in microseconds: steadier than wall time on a busy machine. */
static gint64
cpu_time (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

typedef struct {
  char            *path;
  GBytes          *bytes;
  const TsrFormat *format;
} BenchFile;

int
main (void)
{
  g_autofree char *dir = tsr_test_data_require ("marathon");
  static const char *const suffixes[] = { "", NULL };
  g_autoptr(GPtrArray) paths = tsr_test_data_list (dir, suffixes);
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  GArray *files = g_array_new (FALSE, TRUE, sizeof (BenchFile));
  gsize total = 0;
  double load_time = 0, save_time = 0, wad_time = 0, load_cpu = 0, save_cpu = 0;
  int rounds = 20;

  for (guint i = 0; i < paths->len; i++)
    {
      BenchFile file = { g_strdup (g_ptr_array_index (paths, i)), NULL, NULL };

      file.bytes = tsr_test_read_file (file.path);
      file.format = tsr_format_registry_detect (registry, g_bytes_get_data (file.bytes, NULL),
                                                g_bytes_get_size (file.bytes), file.path, NULL);
      if (file.format == NULL || (strcmp (file.format->id, "marathon-map") != 0
                                  && strcmp (file.format->id, "marathon-physics") != 0))
        {
          g_bytes_unref (file.bytes);
          g_free (file.path);
          continue;
        }
      total += g_bytes_get_size (file.bytes);
      g_array_append_val (files, file);
    }

  for (int round = 0; round < rounds; round++)
    for (guint i = 0; i < files->len; i++)
      {
        BenchFile *file = &g_array_index (files, BenchFile, i);
        gint64 c0 = cpu_time (), t0 = g_get_monotonic_time (), t1, t2, c1, c2;
        gpointer data = file->format->load (file->path, file->bytes, NULL);
        GPtrArray *outputs;

        t1 = g_get_monotonic_time ();
        c1 = cpu_time ();
        outputs = file->format->save (data, file->path, NULL);
        t2 = g_get_monotonic_time ();
        c2 = cpu_time ();
        load_time += (t1 - t0) / 1e6;
        save_time += (t2 - t1) / 1e6;
        load_cpu += (c1 - c0) / 1e6;
        save_cpu += (c2 - c1) / 1e6;
        g_ptr_array_unref (outputs);
        file->format->free (data);

        /* The container alone, on bare wads. */
        if (tsr_wad_sniff (g_bytes_get_data (file->bytes, NULL), g_bytes_get_size (file->bytes)) > 0)
          {
            gint64 w0 = g_get_monotonic_time ();
            TsrWad *wad = tsr_wad_parse (g_bytes_get_data (file->bytes, NULL), g_bytes_get_size (file->bytes),
                                         "bench", NULL);

            wad_time += (g_get_monotonic_time () - w0) / 1e6;
            tsr_wad_free (wad);
          }
      }

  {
    double mb = (double) total * rounds / (1024.0 * 1024.0);

    g_print ("Marathon maps + physics: %u files, %.2f MB, %d rounds\n", files->len,
             (double) total / (1024.0 * 1024.0), rounds);
    g_print ("parse:            %8.1f MB/s\n", mb / load_time);
    g_print ("  of which wad container (bare wads only): %.1f%% of parse time\n",
             100.0 * wad_time / load_time);
    g_print ("serialize:        %8.1f MB/s\n", mb / save_time);
    g_print ("parse+serialize:  %8.1f MB/s\n", mb / (load_time + save_time));
    g_print ("by CPU time (steadier on a loaded machine): parse %.1f MB/s, serialize %.1f MB/s, "
             "parse+serialize %.1f MB/s\n", mb / load_cpu, mb / save_cpu, mb / (load_cpu + save_cpu));
  }
  for (guint i = 0; i < files->len; i++)
    {
      BenchFile *file = &g_array_index (files, BenchFile, i);

      g_bytes_unref (file->bytes);
      g_free (file->path);
    }
  g_array_unref (files);
  return 0;
}
