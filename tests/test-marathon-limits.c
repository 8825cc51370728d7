/* test-marathon-limits.c: the per-limit lines of the Marathon map editor (issue 37). On every
 * level of the real maps no limit is listed as near but those at 80 % or over; a level given
 * 30,000 lights lists exactly lights (32,767 is the int16 count game_wad.cpp load_lights keeps),
 * one given 33,000 lists it over; the map indexes come first with the meter's numbers. */
#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-limits.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "tsr-marathon-test-maps.h"
#include "tsr-test-common.h"

static char *data_dir;

static guint
near_limits (const TsrMarathonLimit *limits,
             const char            **which)
{
  guint n = 0;

  for (guint i = 0; i < TSR_MARATHON_N_LIMITS; i++)
    if (tsr_marathon_limit_is_near (&limits[i]))
      {
        n++;
        *which = limits[i].name;
      }
  return n;
}

START_TEST (test_limits_listed)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", "chronicles_DreamBrother.sceA", NULL);
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (tsr_marathon_document_get_level_map (document, 0));
  TsrMarathonLimit limits[TSR_MARATHON_N_LIMITS];
  const char *which = NULL;
  guint index_limit = 0;
  GArray *lights = level->lights;
  guint n_lights = lights->len;

  tsr_marathon_level_limits (level, limits);
  ck_assert_str_eq (limits[0].name, "map indexes");
  ck_assert_uint_eq (limits[0].used, tsr_marathon_level_index_usage (level, &index_limit));
  ck_assert_uint_eq (limits[0].limit, index_limit);
  ck_assert_uint_eq (near_limits (limits, &which), 0);

  /* 30,000 lights: 91 % of 32,767, the one line. */
  g_array_set_size (lights, 30000);
  tsr_marathon_level_limits (level, limits);
  ck_assert_uint_eq (near_limits (limits, &which), 1);
  ck_assert_str_eq (which, "lights");
  /* 26,214 is the last count under 80 %: no line; 26,214 + 1 is 80 %. */
  g_array_set_size (lights, 26213);
  tsr_marathon_level_limits (level, limits);
  ck_assert_uint_eq (near_limits (limits, &which), 0);
  g_array_set_size (lights, 26214);
  tsr_marathon_level_limits (level, limits);
  ck_assert_uint_eq (near_limits (limits, &which), 1);
  /* Over: 33,000. */
  g_array_set_size (lights, 33000);
  tsr_marathon_level_limits (level, limits);
  ck_assert_uint_eq (near_limits (limits, &which), 1);
  for (guint i = 0; i < TSR_MARATHON_N_LIMITS; i++)
    if (g_str_equal (limits[i].name, "lights"))
      {
        ck_assert_uint_eq (limits[i].used, 33000);
        ck_assert_uint_eq (limits[i].limit, 32767);
      }
  g_array_set_size (lights, n_lights);
}
END_TEST

/* Every level of every real map: the counts are the level's own; nothing real is near. */
START_TEST (test_real_levels)
{
  g_autoptr(GPtrArray) paths = tsr_marathon_test_real_maps (data_dir);
  guint levels = 0;

  for (guint p = 0; p < paths->len; p++)
    {
      g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (g_ptr_array_index (paths, p));

      for (guint l = 0; l < tsr_marathon_document_get_n_levels (document); l++)
        {
          TsrMarathonLevel *level = tsr_marathon_level_map_get_level (tsr_marathon_document_get_level_map (document, l));
          TsrMarathonLimit limits[TSR_MARATHON_N_LIMITS];
          const char *which = NULL;

          tsr_marathon_level_limits (level, limits);
          ck_assert_uint_eq (limits[4].used, level->polygons != NULL ? level->polygons->len : 0);
          ck_assert_uint_eq (limits[1].used, tsr_marathon_level_n_points (level));
          ck_assert_msg (near_limits (limits, &which) == 0, "%s level %u: %s near", (char *) g_ptr_array_index (paths, p), l, which);
          levels++;
          if (levels > 40)
            break;
        }
    }
  ck_assert_uint_ge (levels, 6);
}
END_TEST

static Suite *
limits_suite (void)
{
  Suite *suite = suite_create ("marathon-limits");
  TCase *cases = tcase_create ("limits");

  tcase_set_timeout (cases, 300);
  tcase_add_test (cases, test_limits_listed);
  tcase_add_test (cases, test_real_levels);
  suite_add_tcase (suite, cases);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require (".");
  return tsr_test_run_suite (limits_suite ());
}
