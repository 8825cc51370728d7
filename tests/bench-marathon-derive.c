/* bench-marathon-derive.c: the cost of Marathon derived data on the largest real levels: one
 * polygon and its lines refreshed (what an editor does per edit), the whole level, the map-index
 * meter, the full comparison and the level's validation. Prints figures only; never fails on
 * speed. */
#include <time.h>

#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "tsr-test-common.h"

/* CPU time of this thread in microseconds: steadier than wall time on a busy machine. */
static gint64
cpu_time (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

static void
bench_level (const char       *name,
             TsrMarathonLevel *level)
{
  const int rounds = 20;
  gint64 start;
  double element, whole, meter, compare, validate;
  guint limit = 0, used = 0;

  start = cpu_time ();
  for (int r = 0; r < rounds; r++)
    for (guint p = 0; p < level->polygons->len; p++)
      {
        const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);

        tsr_marathon_derive_polygon (level, p);
        for (guint v = 0; v < polygon->vertex_count; v++)
          tsr_marathon_derive_line (level, (guint) polygon->line_indexes[v]);
      }
  element = (double) (cpu_time () - start) / rounds / level->polygons->len;

  start = cpu_time ();
  for (int r = 0; r < rounds; r++)
    tsr_marathon_derive_level (level);
  whole = (double) (cpu_time () - start) / rounds / 1000.0;

  start = cpu_time ();
  for (int r = 0; r < rounds; r++)
    used = tsr_marathon_level_index_usage (level, &limit);
  meter = (double) (cpu_time () - start) / rounds / 1000.0;

  start = cpu_time ();
  for (int r = 0; r < rounds; r++)
    {
      g_autoptr(GPtrArray) findings = tsr_findings_new ();

      tsr_marathon_level_compare_derived (level, 0, name, findings, NULL);
    }
  compare = (double) (cpu_time () - start) / rounds / 1000.0;

  start = cpu_time ();
  for (int r = 0; r < rounds; r++)
    {
      g_autoptr(GPtrArray) findings = tsr_findings_new ();

      tsr_marathon_level_validate (level, 0, name, findings);
    }
  validate = (double) (cpu_time () - start) / rounds / 1000.0;

  g_print ("%s (%u polygons, %u lines): one polygon + its lines %.1f us; whole level %.2f ms; "
           "meter %.2f ms (%u of %u); compare %.2f ms; validate %.2f ms (CPU time)\n",
           name, level->polygons->len, level->lines->len, element, whole, meter, used, limit, compare, validate);
}

int
main (void)
{
  g_autofree char *dir = tsr_test_data_require ("marathon");
  static const char *const names[] = { "chronicles_MenLikeRavenousFishes.sceA", "eternal_GenieInABottle_v4.sceA",
                                       "chronicles_net_War.sceA" };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, names[i], &error);

      if (scenario == NULL)
        {
          g_printerr ("%s: %s\n", names[i], error->message);
          return 1;
        }
      bench_level (names[i], g_ptr_array_index (scenario->map->levels, 0));
    }
  return 0;
}
