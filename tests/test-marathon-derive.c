/* test-marathon-derive.c: Marathon derived data against the real preprocessed maps (the Marathon 1
 * scenario's 37 levels, chronicles_net_War, Quartz), per-element refreshes after edits, the
 * map-index meter, and `tessera-cli validate --derived`. */
#include <string.h>
#include <sys/wait.h>

#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-geometry.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "tsr-marathon-sample.h"
#include "tsr-test-common.h"

static char *data_dir;

static TsrMarathonScenario *
load_scenario (const char *name)
{
  g_autofree char *path = g_build_filename (data_dir, name, NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(GError) error = NULL;
  TsrMarathonScenario *scenario = tsr_marathon_scenario_load (bytes, name, &error);

  ck_assert_msg (scenario != NULL, "%s: %s", name, error ? error->message : "");
  return scenario;
}

static TsrMarathonLevel *
level_at (TsrMarathonScenario *scenario,
          guint                position)
{
  return g_ptr_array_index (scenario->map->levels, position);
}

static char *
findings_text (GPtrArray *findings,
               guint      limit)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < findings->len && i < limit; i++)
    g_string_append_printf (text, "%s\n", ((TsrFinding *) g_ptr_array_index (findings, i))->what);
  return g_string_free (text, FALSE);
}

static guint
compare (const TsrMarathonLevel *level,
         GPtrArray              *findings,
         guint                  *checked)
{
  return tsr_marathon_level_compare_derived (level, level->entry->index, "level", findings, checked);
}

/* The engine model reproduces every stored derived field of the preprocessed maps. */
START_TEST (test_preprocessed_maps_match)
{
  static const char *const names[] = { "m1_Map.scen", "chronicles_net_War.sceA" };
  guint total_checked = 0, total_levels = 0;

  for (gsize n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autoptr(TsrMarathonScenario) scenario = load_scenario (names[n]);

      for (guint i = 0; i < scenario->map->levels->len; i++)
        {
          TsrMarathonLevel *level = level_at (scenario, i);
          g_autoptr(GPtrArray) findings = tsr_findings_new ();
          g_autofree char *text = NULL;
          guint checked = 0, differ = compare (level, findings, &checked);

          ck_assert_ptr_nonnull (level->endpoints);
          text = findings_text (findings, 10);
          ck_assert_msg (differ == 0, "%s level %u: %u of %u differ:\n%s", names[n], i, differ, checked, text);
          ck_assert_uint_eq (findings->len, 0);
          ck_assert_uint_gt (checked, 1000);
          total_checked += checked;
          total_levels++;
        }
      if (n == 0)
        ck_assert_uint_eq (scenario->map->levels->len, 37);
    }
  ck_assert_uint_eq (total_levels, 38);
  g_print ("derived: %u fields checked on %u preprocessed levels, 0 differ\n", total_checked, total_levels);
  tsr_test_report_count ("preprocessed Marathon maps", G_N_ELEMENTS (names));
}
END_TEST

/* Deriving War in place changes nothing: the saved file is the same bytes. */
START_TEST (test_derive_level_keeps_war_identical)
{
  g_autofree char *path = g_build_filename (data_dir, "chronicles_net_War.sceA", NULL);
  g_autoptr(GBytes) original = tsr_test_read_file (path);
  g_autoptr(TsrMarathonScenario) scenario = load_scenario ("chronicles_net_War.sceA");
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) saved = NULL;
  TsrMarathonLevel *level = level_at (scenario, 0);

  tsr_marathon_derive_level (level);
  tsr_marathon_level_commit (level);
  saved = tsr_marathon_scenario_serialize (scenario, &error);
  ck_assert_msg (saved != NULL, "%s", error ? error->message : "");
  ck_assert (g_bytes_equal (saved, original));
}
END_TEST

/* Quartz stores sound source lists: the model's match them (its other differences come from the
 * platforms having moved before it was saved: it carries the engine's live platform records). */
START_TEST (test_sound_source_lists)
{
  g_autoptr(TsrMarathonScenario) scenario = load_scenario ("a1_pfhortran_Quartz.sceA.as");
  TsrMarathonLevel *level = level_at (scenario, 0);
  g_autoptr(GArray) stored = tsr_marathon_level_stored_map_indexes (level);
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  guint with_sources = 0, checked = 0, differ;

  ck_assert_ptr_nonnull (stored);
  for (guint p = 0; p < level->polygons->len; p++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);

      if (g_array_index (stored, gint16, polygon->sound_source_indexes) != TSR_MARATHON_NONE)
        with_sources++;
    }
  ck_assert_uint_gt (with_sources, 10);
  differ = compare (level, findings, &checked);
  ck_assert_uint_gt (differ, 0);
  ck_assert_ptr_null (tsr_test_find_finding (findings, "sound sources"));
  ck_assert_ptr_nonnull (tsr_test_find_finding (findings, "variable elevation flag"));
}
END_TEST

static void
move_endpoint (TsrMarathonLevel *level,
               guint             endpoint,
               gint16            dx,
               gint16            dy)
{
  TsrMarathonEndpoint *e = &g_array_index (level->endpoints, TsrMarathonEndpoint, endpoint);

  e->vertex.x = (gint16) (e->vertex.x + dx);
  e->vertex.y = (gint16) (e->vertex.y + dy);
}

/* After an edit the comparison names what became stale; refreshing just the touched elements
 * clears everything but the map index lists, and the whole level clears those too. */
START_TEST (test_refresh_touched_elements)
{
  g_autoptr(TsrMarathonScenario) scenario = load_scenario ("chronicles_net_War.sceA");
  TsrMarathonLevel *level = level_at (scenario, 0);
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  g_autoptr(GPtrArray) after = tsr_findings_new ();
  g_autoptr(GPtrArray) clean = tsr_findings_new ();
  const guint endpoint = 10;
  guint differ;

  move_endpoint (level, endpoint, 37, -21);
  differ = compare (level, findings, NULL);
  ck_assert_uint_gt (differ, 0);
  {
    const TsrFinding *length = tsr_test_find_finding (findings, ": length: stored");

    ck_assert_ptr_nonnull (length);
    ck_assert (tsr_finding_place_is (&length->place, "line"));
  }

  for (guint l = 0; l < level->lines->len; l++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, l);

      if (line->endpoint_indexes[0] == (gint16) endpoint || line->endpoint_indexes[1] == (gint16) endpoint)
        ck_assert (tsr_marathon_derive_line (level, l));
    }
  for (guint p = 0; p < level->polygons->len; p++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);

      for (guint v = 0; v < polygon->vertex_count; v++)
        if (polygon->endpoint_indexes[v] == (gint16) endpoint)
          {
            ck_assert (tsr_marathon_derive_polygon (level, p));
            break;
          }
    }
  ck_assert (tsr_marathon_derive_endpoint (level, endpoint));
  compare (level, after, NULL);
  for (guint i = 0; i < after->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (after, i);

      ck_assert_msg (strstr (finding->what, "exclusion zones") != NULL || strstr (finding->what, "neighbours") != NULL
                     || strstr (finding->what, "map index count") != NULL,
                     "not refreshed: %s", finding->what);
    }

  tsr_marathon_derive_level (level);
  ck_assert_uint_eq (compare (level, clean, NULL), 0);
  /* Out-of-range indexes are refused, not followed. */
  ck_assert (!tsr_marathon_derive_polygon (level, level->polygons->len));
  ck_assert (!tsr_marathon_derive_line (level, level->lines->len));
  ck_assert (!tsr_marathon_derive_endpoint (level, level->endpoints->len));
  g_array_index (level->polygons, TsrMarathonPolygon, 0).line_indexes[0] = 30000;
  ck_assert (!tsr_marathon_derive_polygon (level, 0));
  tsr_marathon_derive_level (level); /* and the whole level goes round the broken polygon */
}
END_TEST

/* A map without EPNT (the engine derives everything at load) differs from the model where the
 * editor left fields empty; deriving it fills them and adds no iidx chunk. */
START_TEST (test_unpreprocessed_map)
{
  g_autoptr(TsrMarathonScenario) scenario = load_scenario ("chronicles_DreamBrother.sceA");
  TsrMarathonLevel *level = level_at (scenario, 0);
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  g_autoptr(GPtrArray) clean = tsr_findings_new ();
  guint limit = 0, used;

  ck_assert_ptr_null (level->endpoints);
  ck_assert_uint_gt (compare (level, findings, NULL), 0);
  ck_assert_ptr_nonnull (tsr_test_find_finding (findings, "polygon 0: area: stored 0"));
  tsr_marathon_derive_level (level);
  ck_assert_uint_eq (compare (level, clean, NULL), 0);
  ck_assert_ptr_null (tsr_marathon_level_stored_map_indexes (level));

  used = tsr_marathon_level_index_usage (level, &limit);
  ck_assert_uint_eq (limit, TSR_MARATHON_MAP_INDEX_LIMIT);
  /* At least the -1 that ends each polygon's sound sources. */
  ck_assert_uint_gt (used, level->polygons->len);
}
END_TEST

/* The meter counts the list the engine keeps: for War exactly its stored iidx. */
START_TEST (test_index_usage)
{
  g_autoptr(TsrMarathonScenario) war = load_scenario ("chronicles_net_War.sceA");
  g_autoptr(TsrMarathonScenario) fishes = load_scenario ("chronicles_MenLikeRavenousFishes.sceA");
  g_autoptr(GArray) stored = tsr_marathon_level_stored_map_indexes (level_at (war, 0));
  guint limit = 0, used = tsr_marathon_level_index_usage (level_at (war, 0), &limit);

  ck_assert_uint_eq (used, stored->len);
  ck_assert_uint_eq (limit, TSR_MARATHON_PREPROCESSED_INDEX_LIMIT);
  used = tsr_marathon_level_index_usage (level_at (fishes, 0), &limit);
  ck_assert_uint_eq (limit, TSR_MARATHON_MAP_INDEX_LIMIT);
  ck_assert_uint_gt (used, 10000);
  ck_assert_uint_lt (used, 65535);
  g_print ("map-index meter: War %u of 32767, Men Like Ravenous Fishes %u of 65535\n", stored->len, used);
}
END_TEST

static int
run_cli (char **out, const char *first, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;
  va_list args;

  ck_assert_msg (g_getenv ("TSR_CLI") != NULL, "TSR_CLI is not set");
  g_ptr_array_add (argv, (gpointer) g_getenv ("TSR_CLI"));
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  ck_assert_msg (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               out, NULL, &wait_status, &error),
                 "spawn: %s", error ? error->message : "");
  ck_assert (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

START_TEST (test_cli_validate_derived)
{
  g_autofree char *war = g_build_filename (data_dir, "chronicles_net_War.sceA", NULL);
  g_autofree char *dream = g_build_filename (data_dir, "chronicles_DreamBrother.sceA", NULL);
  g_autofree char *m1 = g_build_filename (data_dir, "m1_Map.scen", NULL);
  g_autofree char *physics = g_build_filename (data_dir, "m2_Standard.phyA", NULL);
  g_autofree char *out = NULL;
  guint lines = 0;

  ck_assert_int_eq (run_cli (&out, "validate", "--derived", war, NULL), 0);
  ck_assert_str_eq (out, "level 0 (War!): derived: 4227 fields checked, 0 differ\n");
  g_clear_pointer (&out, g_free);

  ck_assert_int_eq (run_cli (&out, "validate", m1, "--derived", NULL), 0);
  for (const char *p = out; (p = strstr (p, ": derived: ")) != NULL; p++)
    lines++;
  ck_assert_uint_eq (lines, 37);
  ck_assert (strstr (out, "warning") == NULL);
  ck_assert (strstr (out, "level 36 (") != NULL);
  g_clear_pointer (&out, g_free);

  ck_assert_int_eq (run_cli (&out, "validate", "--derived", dream, NULL), 0);
  ck_assert (g_str_has_prefix (out, "level 0 (Dream Brother): derived: "));
  ck_assert_msg (strstr (out, "\nwarning: level 0 (Dream Brother): polygon 0: area: stored 0, derived ") != NULL, "%s", out);
  g_clear_pointer (&out, g_free);

  ck_assert_int_eq (run_cli (&out, "validate", "--derived", physics, NULL), 2);
  g_clear_pointer (&out, g_free);
  ck_assert_int_eq (run_cli (&out, "validate", "--derived", NULL), 2);
}
END_TEST


static TsrMarathonMap *
sample_map (void)
{
  g_autoptr(GError) error = NULL;
  TsrMarathonMap *map = tsr_marathon_sample_build (&error);

  ck_assert_msg (map != NULL, "%s", error ? error->message : "");
  return map;
}

static GPtrArray *
validate_map (const TsrMarathonMap *map)
{
  GPtrArray *findings = tsr_findings_new ();

  tsr_marathon_map_validate (map, findings);
  return findings;
}

static void
assert_finding (GPtrArray   *findings,
                TsrSeverity  severity,
                const char  *fragment,
                const char  *kind,
                gint         index)
{
  const TsrFinding *finding = tsr_test_find_finding (findings, fragment);
  g_autofree char *text = findings_text (findings, 40);

  ck_assert_msg (finding != NULL, "no finding '%s' in:\n%s", fragment, text);
  ck_assert_msg (finding->severity == severity, "'%s' has the wrong severity", fragment);
  ck_assert_msg (tsr_finding_place_is (&finding->place, kind), "'%s' is not at a %s", fragment, kind);
  ck_assert_int_eq (finding->place.index, index);
}

/* The engine-breaking states the issue lists, each made on the sample map and found with its
 * element; the sample itself is clean. */
START_TEST (test_validation_engine_errors)
{
  g_autoptr(TsrMarathonMap) map = sample_map ();
  TsrMarathonLevel *level = g_ptr_array_index (map->levels, 0);
  g_autoptr(GPtrArray) clean = validate_map (map);
  g_autoptr(GPtrArray) findings = NULL;
  TsrMarathonPolygon *room0 = &g_array_index (level->polygons, TsrMarathonPolygon, 0);
  TsrMarathonPolygon *room2 = &g_array_index (level->polygons, TsrMarathonPolygon, 2);
  TsrMarathonLight *light = &g_array_index (level->lights, TsrMarathonLight, 0);
  int used_side = g_array_index (level->lines, TsrMarathonLine, 0).clockwise_side_index;

  ck_assert_uint_eq (tsr_findings_count (clean, TSR_SEVERITY_ERROR), 0);
  ck_assert_int_ge (used_side, 0);

  g_array_index (level->sides, TsrMarathonSide, used_side).type = 3;
  light->primary_active.period = light->secondary_active.period = 0;
  light->primary_inactive.period = 5;
  light->secondary_inactive.period = -5;
  room2->flags |= 0x4000;
  room0->type = 7; /* platform trigger */
  room0->permutation = 2; /* room 2 is no platform */
  findings = validate_map (map);
  assert_finding (findings, TSR_SEVERITY_ERROR, "type 3 (composite)", "side", used_side);
  assert_finding (findings, TSR_SEVERITY_ERROR, "light 0: the active periods (0 + 0) sum to 0", "light", 0);
  /* Initially active and never turned off: the inactive loop is never reached. */
  assert_finding (findings, TSR_SEVERITY_WARNING, "light 0: the inactive periods (5 + -5) sum to 0", "light", 0);
  assert_finding (findings, TSR_SEVERITY_WARNING, "polygon 2: the detached flag", "polygon", 2);
  assert_finding (findings, TSR_SEVERITY_ERROR, "polygon 0: platform trigger aimed at polygon 2, which is not a platform",
                  "polygon", 0);
  g_clear_pointer (&findings, g_ptr_array_unref);

  /* Aimed at the platform it is fine. */
  room0->permutation = 1;
  findings = validate_map (map);
  ck_assert_ptr_null (tsr_test_find_finding (findings, "platform trigger aimed"));
  g_clear_pointer (&findings, g_ptr_array_unref);

  /* A line of the polygon that does not name it as an owner. */
  {
    TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, room0->line_indexes[0]);
    gint16 saved = line->clockwise_polygon_owner;

    if (line->clockwise_polygon_owner == 0)
      line->clockwise_polygon_owner = 2;
    else
      line->counterclockwise_polygon_owner = 2;
    findings = validate_map (map);
    assert_finding (findings, TSR_SEVERITY_ERROR, "polygon 0: its line", "polygon", 0);
    g_clear_pointer (&findings, g_ptr_array_unref);
    line->clockwise_polygon_owner = saved;
    if (saved != 0)
      line->counterclockwise_polygon_owner = 0;
  }

  /* Counts beyond an int16. */
  if (level->annotations == NULL)
    level->annotations = g_array_new (FALSE, TRUE, sizeof (TsrMarathonAnnotation));
  g_array_set_size (level->annotations, 32768);
  findings = validate_map (map);
  assert_finding (findings, TSR_SEVERITY_ERROR, "32768 annotations, more than the engine's 32,767", "level", 0);
}
END_TEST

/* EPNT and iidx go together in Marathon 2 and later maps. */
START_TEST (test_validation_epnt_and_iidx)
{
  g_autoptr(TsrMarathonMap) map = sample_map ();
  TsrMarathonLevel *level = g_ptr_array_index (map->levels, 0);
  g_autoptr(GPtrArray) findings = NULL;
  const guint32 iidx = TSR_WAD_TAG ('i', 'i', 'd', 'x');

  /* iidx in a map of plain points. */
  tsr_wad_entry_set_chunk (level->entry, iidx, g_bytes_new_static ("\xff\xff", 2));
  findings = validate_map (map);
  assert_finding (findings, TSR_SEVERITY_ERROR, "iidx without EPNT", "level", 0);
  g_clear_pointer (&findings, g_ptr_array_unref);
  ck_assert (tsr_wad_entry_remove_chunk (level->entry, iidx));

  /* EPNT (and no PNTS) without iidx. */
  level->endpoints = g_array_new (FALSE, TRUE, sizeof (TsrMarathonEndpoint));
  for (guint i = 0; i < level->points->len; i++)
    {
      TsrMarathonEndpoint endpoint = { 0 };

      endpoint.vertex = g_array_index (level->points, TsrMarathonPoint, i);
      g_array_append_val (level->endpoints, endpoint);
    }
  g_clear_pointer (&level->points, g_array_unref);
  findings = validate_map (map);
  assert_finding (findings, TSR_SEVERITY_WARNING, "EPNT without iidx", "level", 0);
  g_clear_pointer (&findings, g_ptr_array_unref);

  /* Deriving the level writes the map indexes: then it is a clean preprocessed map whose stored
   * derived data all match. */
  tsr_marathon_derive_level (level);
  findings = validate_map (map);
  ck_assert_ptr_null (tsr_test_find_finding (findings, "iidx"));
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);
  {
    g_autoptr(GPtrArray) derived = tsr_findings_new ();
    guint checked = 0;

    ck_assert_uint_eq (compare (level, derived, &checked), 0);
    ck_assert_uint_gt (checked, 100);
  }
}
END_TEST

/* Warnings: placed objects their placement counts as 0, points at the map's edge, a full map
 * index list. */
START_TEST (test_validation_warnings)
{
  g_autoptr(TsrMarathonMap) map = sample_map ();
  TsrMarathonLevel *level = g_ptr_array_index (map->levels, 0);
  g_autoptr(GPtrArray) findings = NULL;

  level->placements = g_array_new (FALSE, TRUE, sizeof (TsrMarathonPlacement));
  g_array_set_size (level->placements, 128);
  g_array_index (level->points, TsrMarathonPoint, 3).x = 32300;
  findings = validate_map (map);
  assert_finding (findings, TSR_SEVERITY_WARNING, "item type 7: 1 placed on the map, but its initial count is 0", "item", 7);
  assert_finding (findings, TSR_SEVERITY_WARNING, "monster type 1: 1 placed on the map", "monster", 1);
  assert_finding (findings, TSR_SEVERITY_WARNING, "point 3: (32300, 0) is within half a world unit", "point", 3);
  g_clear_pointer (&findings, g_ptr_array_unref);

  g_array_index (level->placements, TsrMarathonPlacement, 7).initial_count = 1;
  g_array_index (level->placements, TsrMarathonPlacement, 64 + 1).initial_count = 1;
  g_array_index (level->points, TsrMarathonPoint, 3).x = 32255;
  findings = validate_map (map);
  ck_assert_ptr_null (tsr_test_find_finding (findings, "initial count"));
  ck_assert_ptr_null (tsr_test_find_finding (findings, "half a world unit"));
}
END_TEST

/* A level whose sound source lists fill the engine's index list beyond 90 % of a stored map's
 * limit: 400 polygons (room 0 of the sample again and again), each near all of 60 sound sources. */
START_TEST (test_validation_index_meter)
{
  g_autoptr(TsrMarathonMap) map = sample_map ();
  TsrMarathonLevel *level = g_ptr_array_index (map->levels, 0);
  g_autoptr(GPtrArray) findings = NULL;
  TsrMarathonPolygon copy = g_array_index (level->polygons, TsrMarathonPolygon, 0);
  guint limit = 0, used;

  /* 400 copies of room 0 are enough for the meter (it counts, whatever the geometry). */
  for (guint i = 0; i < 399; i++)
    g_array_append_val (level->polygons, copy);
  for (guint i = 0; i < 60; i++)
    {
      TsrMarathonObject sound = { 5, 0, 0, -1, 512, 512, 0, 0 };

      g_array_append_val (level->objects, sound);
    }
  used = tsr_marathon_level_index_usage (level, &limit);
  ck_assert_uint_eq (limit, TSR_MARATHON_MAP_INDEX_LIMIT);
  g_print ("meter of the crowded level: %u\n", used);
  /* Between 90 % and 100 % of the stored maps' limit. */
  ck_assert_uint_gt (used, 29491);
  ck_assert_uint_le (used, 32767);
  findings = validate_map (map);
  ck_assert_ptr_null (tsr_test_find_finding (findings, "map index meter"));
  g_clear_pointer (&findings, g_ptr_array_unref);

  /* Stored (EPNT) maps are limited to 32,767 by the loader. */
  level->endpoints = g_array_new (FALSE, TRUE, sizeof (TsrMarathonEndpoint));
  for (guint i = 0; i < level->points->len; i++)
    {
      TsrMarathonEndpoint endpoint = { 0 };

      endpoint.vertex = g_array_index (level->points, TsrMarathonPoint, i);
      g_array_append_val (level->endpoints, endpoint);
    }
  g_clear_pointer (&level->points, g_array_unref);
  ck_assert_uint_eq (tsr_marathon_level_index_usage (level, &limit), used);
  ck_assert_uint_eq (limit, TSR_MARATHON_PREPROCESSED_INDEX_LIMIT);
  findings = validate_map (map);
  assert_finding (findings, TSR_SEVERITY_WARNING, "map index meter: ", "level", 0);
}
END_TEST

static gboolean
arrays_equal (GArray *a,
              GArray *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return a->len == b->len && memcmp (a->data, b->data, (gsize) a->len * g_array_get_element_size (a)) == 0;
}

static GArray *
dup_array (GArray *array)
{
  GArray *copy;

  if (array == NULL)
    return NULL;
  copy = g_array_sized_new (FALSE, TRUE, g_array_get_element_size (array), array->len);
  g_array_append_vals (copy, array->data, array->len);
  return copy;
}

/* A point of the integer lattice strictly inside line L, the middle one; FALSE if there is none. */
static gboolean
lattice_point_on (const TsrMarathonLevel *level,
                  const TsrMarathonLine  *line,
                  TsrMarathonPoint       *at)
{
  TsrMarathonPoint a = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[0]);
  TsrMarathonPoint b = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[1]);
  int dx = b.x - a.x, dy = b.y - a.y, g = ABS (dx), h = ABS (dy);

  while (h != 0)
    {
      int t = g % h;

      g = h;
      h = t;
    }
  if (g < 2)
    return FALSE;
  at->x = (gint16) (a.x + dx / g * (g / 2));
  at->y = (gint16) (a.y + dy / g * (g / 2));
  return TRUE;
}

static guint
error_count (const TsrMarathonLevel *level)
{
  g_autoptr(GPtrArray) findings = tsr_findings_new ();

  tsr_marathon_level_validate (level, 0, "level", findings);
  return tsr_findings_count (findings, TSR_SEVERITY_ERROR);
}

/* Splitting lines of real levels: each split either gives a level whose derived data are the
 * engine's and which validates with no more errors, the line's flags kept and the new point in
 * every owner; or fails with an error and leaves every array as it was. */
START_TEST (test_split_lines_of_real_levels)
{
  static const struct { const char *name; guint levels; } files[] = {
    { "chronicles_net_War.sceA", 1 }, { "m1_Map.scen", 4 }, { "chronicles_DreamBrother.sceA", 1 },
    { "chronicles_MenLikeRavenousFishes.sceA", 1 },
  };
  guint splits = 0, refused = 0;

  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(TsrMarathonScenario) scenario = load_scenario (files[f].name);

      for (guint l = 0; l < files[f].levels; l++)
        {
          TsrMarathonLevel *level = level_at (scenario, l);
          guint errors_before, n_lines;

          tsr_marathon_derive_level (level); /* start from the engine's derived data */
          errors_before = error_count (level);
          n_lines = level->lines->len;
          for (guint i = 0; i < n_lines; i += n_lines / 20 + 1)
            {
              TsrMarathonLine original = g_array_index (level->lines, TsrMarathonLine, i);
              g_autoptr(GArray) lines = dup_array (level->lines);
              g_autoptr(GArray) polygons = dup_array (level->polygons);
              g_autoptr(GArray) sides = dup_array (level->sides);
              g_autoptr(GError) error = NULL;
              TsrMarathonPoint at = { 0, 0 };
              guint point = 0, added = 0;
              gboolean on_lattice = lattice_point_on (level, &original, &at);

              if (!on_lattice)
                at = tsr_marathon_level_point (level, (guint) original.endpoint_indexes[0]);
              if (tsr_marathon_level_split_line (level, i, at, &point, &added, &error))
                {
                  g_autoptr(GPtrArray) findings = tsr_findings_new ();
                  const TsrMarathonLine *second = &g_array_index (level->lines, TsrMarathonLine, added);

                  ck_assert (on_lattice);
                  ck_assert_uint_eq (compare (level, findings, NULL), 0);
                  ck_assert_uint_le (error_count (level), errors_before);
                  ck_assert_uint_eq ((guint) (second->flags & 0xE100), (guint) (original.flags & 0xE100));
                  ck_assert_int_eq (second->endpoint_indexes[1], original.endpoint_indexes[1]);
                  ck_assert_int_eq (g_array_index (level->lines, TsrMarathonLine, i).endpoint_indexes[1], (gint) point);
                  for (guint k = 0; k < 2; k++)
                    {
                      gint16 owner = k == 0 ? original.clockwise_polygon_owner : original.counterclockwise_polygon_owner;
                      const TsrMarathonPolygon *polygon;
                      gboolean has = FALSE;

                      if (owner < 0)
                        continue;
                      polygon = &g_array_index (level->polygons, TsrMarathonPolygon, owner);
                      for (guint v = 0; v < polygon->vertex_count; v++)
                        has |= polygon->endpoint_indexes[v] == (gint16) point;
                      ck_assert_msg (has, "polygon %d lacks the new point", owner);
                    }
                  splits++;
                }
              else
                {
                  ck_assert_ptr_nonnull (error);
                  /* Only for the engine's limits: never because the result would be bad. */
                  ck_assert_msg (!on_lattice || strstr (error->message, "8 vertices") != NULL, "%s", error->message);
                  ck_assert (arrays_equal (lines, level->lines));
                  ck_assert (arrays_equal (polygons, level->polygons));
                  ck_assert (arrays_equal (sides, level->sides));
                  refused++;
                }
            }
        }
    }
  ck_assert_uint_gt (splits, 80);
  g_print ("split: %u lines split, %u refused\n", splits, refused);
}
END_TEST

/* On the sample map: a wall split in two keeps its texture running on (the clone's offset moved
 * by the first part's length) and both rooms sharing a split line get the point. */
START_TEST (test_split_line_sides_and_owners)
{
  g_autoptr(TsrMarathonMap) map = sample_map ();
  TsrMarathonLevel *level = g_ptr_array_index (map->levels, 0);
  g_autoptr(GError) error = NULL;
  TsrMarathonPoint middle_of_wall = { 256, 0 }, middle_of_shared = { 1024, 512 }, beside = { 1025, 512 };
  const TsrMarathonLine *wall = &g_array_index (level->lines, TsrMarathonLine, 0);
  gint16 x0 = g_array_index (level->sides, TsrMarathonSide, wall->clockwise_side_index).primary_texture.x0;
  guint point = 0, added = 0, n_sides = level->sides->len;
  int shared = -1;

  ck_assert (tsr_marathon_level_split_line (level, 0, middle_of_wall, &point, &added, &error));
  ck_assert_uint_eq (level->sides->len, n_sides + 1);
  {
    const TsrMarathonLine *second = &g_array_index (level->lines, TsrMarathonLine, added);
    const TsrMarathonSide *clone = &g_array_index (level->sides, TsrMarathonSide, second->clockwise_side_index);

    ck_assert_int_eq (clone->primary_texture.x0, x0 + 256);
    ck_assert_int_eq (clone->line_index, (gint) added);
    ck_assert_uint_eq (g_array_index (level->polygons, TsrMarathonPolygon, 0).vertex_count, 5);
  }
  for (guint i = 0; i < level->lines->len; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      if (line->clockwise_polygon_owner >= 0 && line->counterclockwise_polygon_owner >= 0 && shared < 0)
        shared = (int) i;
    }
  ck_assert_int_ge (shared, 0);
  ck_assert (tsr_marathon_level_split_line (level, (guint) shared, middle_of_shared, NULL, NULL, &error));
  ck_assert_uint_eq (g_array_index (level->polygons, TsrMarathonPolygon, 0).vertex_count, 6);
  ck_assert_uint_eq (g_array_index (level->polygons, TsrMarathonPolygon, 1).vertex_count, 5);
  ck_assert_uint_eq (tsr_findings_count (validate_map (map), TSR_SEVERITY_ERROR), 0);

  /* Beside the line, on an end, beyond the last line, past 8 vertices: refused. */
  ck_assert (!tsr_marathon_level_split_line (level, (guint) shared, beside, NULL, NULL, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_INVALID));
  g_clear_error (&error);
  ck_assert (!tsr_marathon_level_split_line (level, level->lines->len, beside, NULL, NULL, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE));
  g_clear_error (&error);
  for (int step = 0; step < 2; step++)
    {
      TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, added);
      TsrMarathonPoint a = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[0]);
      TsrMarathonPoint b = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[1]);
      TsrMarathonPoint mid = { (gint16) ((a.x + b.x) / 2), (gint16) ((a.y + b.y) / 2) };

      ck_assert_msg (tsr_marathon_level_split_line (level, added, mid, NULL, NULL, &error), "%s",
                     error ? error->message : "");
    }
  ck_assert_uint_eq (g_array_index (level->polygons, TsrMarathonPolygon, 0).vertex_count, 8);
  {
    TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, added);
    TsrMarathonPoint a = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[0]);
    TsrMarathonPoint b = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[1]);
    TsrMarathonPoint mid = { (gint16) ((a.x + b.x) / 2), (gint16) ((a.y + b.y) / 2) };

    ck_assert (!tsr_marathon_level_split_line (level, added, mid, NULL, NULL, &error));
    ck_assert_msg (strstr (error->message, "8 vertices") != NULL, "%s", error->message);
  }
}
END_TEST

/* Merging neighbours on real levels: each merge either gives a level with one polygon and one
 * line fewer, the engine's derived data and no more validation errors, the objects of the merged
 * polygon in the result; or fails with an error and leaves every array as it was. */
START_TEST (test_merge_polygons_of_real_levels)
{
  static const struct { const char *name; guint levels; } files[] = {
    { "chronicles_net_War.sceA", 1 }, { "m1_Map.scen", 3 }, { "chronicles_DreamBrother.sceA", 1 },
  };
  guint merges = 0, refused = 0;

  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(TsrMarathonScenario) scenario = load_scenario (files[f].name);

      for (guint l = 0; l < files[f].levels; l++)
        {
          TsrMarathonLevel *level = level_at (scenario, l);
          guint errors_before, attempts = 0;

          tsr_marathon_derive_level (level);
          errors_before = error_count (level);
          for (guint i = 0; i < level->lines->len && attempts < 24; i += 5)
            {
              const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);
              gint16 a = line->clockwise_polygon_owner, b = line->counterclockwise_polygon_owner;
              g_autoptr(GArray) lines = NULL, polygons = NULL, objects = NULL;
              g_autoptr(GError) error = NULL;
              guint n_polygons = level->polygons->len, n_lines = level->lines->len, in_b = 0, in_a = 0;

              if (a < 0 || b < 0)
                continue;
              attempts++;
              lines = dup_array (level->lines);
              polygons = dup_array (level->polygons);
              objects = dup_array (level->objects);
              for (guint o = 0; o < level->objects->len; o++)
                in_b += g_array_index (level->objects, TsrMarathonObject, o).polygon_index == b;
              if (tsr_marathon_level_merge_polygons (level, (guint) a, (guint) b, &error))
                {
                  g_autoptr(GPtrArray) findings = tsr_findings_new ();
                  g_autofree char *text = NULL;
                  gint16 result = a > b ? (gint16) (a - 1) : a;

                  ck_assert_uint_eq (level->polygons->len, n_polygons - 1);
                  ck_assert_uint_eq (level->lines->len, n_lines - 1);
                  compare (level, findings, NULL);
                  text = findings_text (findings, 5);
                  ck_assert_msg (findings->len == 0, "%s", text);
                  ck_assert_uint_le (error_count (level), errors_before);
                  for (guint o = 0; o < level->objects->len; o++)
                    in_a += g_array_index (level->objects, TsrMarathonObject, o).polygon_index == result;
                  ck_assert_uint_ge (in_a, in_b);
                  merges++;
                }
              else
                {
                  ck_assert_ptr_nonnull (error);
                  ck_assert (arrays_equal (lines, level->lines));
                  ck_assert (arrays_equal (polygons, level->polygons));
                  ck_assert (arrays_equal (objects, level->objects));
                  refused++;
                }
            }
        }
    }
  ck_assert_uint_gt (merges, 10);
  g_print ("merge: %u pairs merged, %u refused\n", merges, refused);
}
END_TEST

/* Polygons of real levels split along the diagonal from a corner to the one after next: two
 * clockwise polygons with the original's records, a transparent shared line owned by both, the
 * engine's derived data, no new error; merged back, the polygon has its corners again. A refusal
 * leaves every array as it was. */
START_TEST (test_split_polygons_of_real_levels)
{
  static const struct { const char *name; guint levels; } files[] = {
    { "chronicles_net_War.sceA", 1 }, { "m1_Map.scen", 3 }, { "chronicles_DreamBrother.sceA", 1 },
  };
  guint splits = 0, refused = 0, merged_back = 0;

  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(TsrMarathonScenario) scenario = load_scenario (files[f].name);

      for (guint l = 0; l < files[f].levels; l++)
        {
          TsrMarathonLevel *level = level_at (scenario, l);
          guint errors_before, attempts = 0;

          tsr_marathon_derive_level (level);
          errors_before = error_count (level);
          for (guint i = 0; i < level->polygons->len && attempts < 16; i += 7)
            {
              TsrMarathonPolygon before = g_array_index (level->polygons, TsrMarathonPolygon, i);
              g_autoptr(GArray) lines = NULL, polygons = NULL, objects = NULL;
              g_autoptr(GError) error = NULL;
              guint n_polygons = level->polygons->len, n_lines = level->lines->len, added = 0;
              gint16 a, b;

              if (before.vertex_count < 4)
                continue;
              attempts++;
              a = before.endpoint_indexes[0];
              b = before.endpoint_indexes[2];
              lines = dup_array (level->lines);
              polygons = dup_array (level->polygons);
              objects = dup_array (level->objects);
              if (tsr_marathon_level_split_polygon (level, i, (guint) a, (guint) b, &added, &error))
                {
                  g_autoptr(GPtrArray) findings = tsr_findings_new ();
                  g_autofree char *text = NULL;
                  const TsrMarathonPolygon *first = &g_array_index (level->polygons, TsrMarathonPolygon, i);
                  const TsrMarathonPolygon *second = &g_array_index (level->polygons, TsrMarathonPolygon, added);
                  const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, n_lines);

                  ck_assert_uint_eq (added, n_polygons);
                  ck_assert_uint_eq (level->polygons->len, n_polygons + 1);
                  ck_assert_uint_eq (level->lines->len, n_lines + 1);
                  ck_assert_uint_eq (first->vertex_count + second->vertex_count, before.vertex_count + 2);
                  ck_assert_int_eq (first->floor_height, before.floor_height);
                  ck_assert_int_eq (second->ceiling_height, before.ceiling_height);
                  ck_assert_int_eq (second->floor_texture, before.floor_texture);
                  ck_assert_int_eq (second->type, before.type);
                  ck_assert_uint_eq (line->flags & 0x6000, 0x2000);
                  ck_assert_int_eq (line->clockwise_polygon_owner, (gint) added);
                  ck_assert_int_eq (line->counterclockwise_polygon_owner, (gint) i);
                  compare (level, findings, NULL);
                  text = findings_text (findings, 5);
                  ck_assert_msg (findings->len == 0, "%s", text);
                  ck_assert_uint_le (error_count (level), errors_before);
                  splits++;
                  g_clear_error (&error);
                  if (tsr_marathon_level_merge_polygons (level, i, added, &error))
                    {
                      const TsrMarathonPolygon *back = &g_array_index (level->polygons, TsrMarathonPolygon, i);
                      guint found = 0;

                      ck_assert_uint_eq (level->polygons->len, n_polygons);
                      ck_assert_uint_eq (back->vertex_count, before.vertex_count);
                      for (guint v = 0; v < back->vertex_count; v++)
                        for (guint w = 0; w < before.vertex_count; w++)
                          found += back->endpoint_indexes[v] == before.endpoint_indexes[w];
                      ck_assert_uint_eq (found, before.vertex_count);
                      merged_back++;
                    }
                }
              else
                {
                  ck_assert_ptr_nonnull (error);
                  ck_assert (arrays_equal (lines, level->lines));
                  ck_assert (arrays_equal (polygons, level->polygons));
                  ck_assert (arrays_equal (objects, level->objects));
                  refused++;
                }
            }
        }
    }
  ck_assert_uint_gt (splits, 10);
  ck_assert_uint_gt (merged_back, 0);
  g_print ("split polygons: %u split, %u merged back, %u refused\n", splits, merged_back, refused);
}
END_TEST

static guint
add_test_point (TsrMarathonLevel *level, gint16 x, gint16 y)
{
  g_autoptr(GError) error = NULL;
  guint point = 0;

  ck_assert_msg (tsr_marathon_level_add_point (level, (TsrMarathonPoint) { x, y }, &point, &error), "%s",
                 error ? error->message : "");
  return point;
}

static guint
add_test_line (TsrMarathonLevel *level, guint a, guint b)
{
  g_autoptr(GError) error = NULL;
  guint line = 0;

  ck_assert_msg (tsr_marathon_level_add_line (level, a, b, &line, &error), "%s", error ? error->message : "");
  return line;
}

static gboolean
blamed (guint line)
{
  guint n;
  const guint *lines = tsr_marathon_refused_lines (&n);

  for (guint i = 0; i < n; i++)
    if (lines[i] == line)
      return TRUE;
  return FALSE;
}

/* A refused edit names the lines at fault: the line a new one would cross, the two lines at a
 * corner that turns the wrong way, every line of a loop with more than 8 vertices. */
START_TEST (test_refusal_names_lines)
{
  g_autoptr(TsrMarathonMap) map = sample_map ();
  TsrMarathonLevel *level = g_ptr_array_index (map->levels, 0);
  g_autoptr(GError) error = NULL;
  guint a, b, c, d, l[9], p[9], n;

  /* Crossing lines. */
  a = add_test_point (level, 20000, 0);
  b = add_test_point (level, 22000, 0);
  c = add_test_point (level, 21000, -1000);
  d = add_test_point (level, 21000, 1000);
  l[0] = add_test_line (level, a, b);
  ck_assert (!tsr_marathon_level_add_line (level, c, d, NULL, &error));
  ck_assert_msg (strstr (error->message, "cross") != NULL, "%s", error->message);
  tsr_marathon_refused_lines (&n);
  ck_assert_uint_eq (n, 1);
  ck_assert (blamed (l[0]));
  g_clear_error (&error);

  /* A concave dart: the corner at p[2] turns the wrong way. */
  p[0] = add_test_point (level, 25000, -1000);
  p[1] = add_test_point (level, 26000, 1000);
  p[2] = add_test_point (level, 25000, 0);
  p[3] = add_test_point (level, 24000, 1000);
  for (guint i = 0; i < 4; i++)
    l[i] = add_test_line (level, p[i], p[(i + 1) % 4]);
  ck_assert (!tsr_marathon_level_fill (level, (TsrMarathonPoint) { 25000, -500 }, NULL, &error));
  ck_assert_msg (strstr (error->message, "concave") != NULL, "%s", error->message);
  tsr_marathon_refused_lines (&n);
  ck_assert_uint_eq (n, 2);
  ck_assert (blamed (l[1]) && blamed (l[2]));
  g_clear_error (&error);

  /* Nine vertices. */
  for (guint i = 0; i < 9; i++)
    p[i] = add_test_point (level, (gint16) (30000 + lround (1000 * cos (2 * G_PI * i / 9))),
                           (gint16) lround (1000 * sin (2 * G_PI * i / 9)));
  for (guint i = 0; i < 9; i++)
    l[i] = add_test_line (level, p[i], p[(i + 1) % 9]);
  ck_assert (!tsr_marathon_level_fill (level, (TsrMarathonPoint) { 30000, 0 }, NULL, &error));
  ck_assert_msg (strstr (error->message, "more than 8") != NULL, "%s", error->message);
  tsr_marathon_refused_lines (&n);
  ck_assert_uint_eq (n, 9);
  for (guint i = 0; i < 9; i++)
    ck_assert (blamed (l[i]));
  g_clear_error (&error);

  /* A success blames nothing. */
  add_test_line (level, a, c);
  tsr_marathon_refused_lines (&n);
  ck_assert_uint_eq (n, 0);
}
END_TEST

/* The sample's rooms 0 and 1 merge into one convex room; a merge into a platform's polygon from
 * the other side, or of rooms sharing no line, is refused. */
START_TEST (test_merge_sample_rooms)
{
  g_autoptr(TsrMarathonMap) map = sample_map ();
  TsrMarathonLevel *level = g_ptr_array_index (map->levels, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) findings = NULL;
  guint n_lines = level->lines->len, n_sides = level->sides->len;

  /* Room 1 is the platform: it may take room 0 in, not go into it. */
  ck_assert (!tsr_marathon_level_merge_polygons (level, 0, 1, &error));
  ck_assert_msg (strstr (error->message, "platform") != NULL, "%s", error->message);
  g_clear_error (&error);
  ck_assert (!tsr_marathon_level_merge_polygons (level, 0, 2, &error));
  ck_assert_msg (strstr (error->message, "share 0 lines") != NULL, "%s", error->message);
  g_clear_error (&error);

  ck_assert_msg (tsr_marathon_level_merge_polygons (level, 1, 0, &error), "%s", error ? error->message : "");
  ck_assert_uint_eq (level->polygons->len, 2);
  ck_assert_uint_eq (level->lines->len, n_lines - 1);
  ck_assert_uint_le (level->sides->len, n_sides);
  ck_assert_uint_eq (g_array_index (level->polygons, TsrMarathonPolygon, 0).vertex_count, 6);
  ck_assert_int_eq (g_array_index (level->platforms, TsrMarathonPlatform, 0).polygon_index, 0);
  ck_assert_int_eq (g_array_index (level->objects, TsrMarathonObject, 0).polygon_index, 0); /* the player start */
  findings = validate_map (map);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);
}
END_TEST

/* Takes the last polygon out of LEVEL (nothing to renumber): its lines lose the owner, the sides
 * it had go from the lines. FALSE, doing nothing, when it is a platform or a trigger or teleporter
 * names it. */
static gboolean
remove_last_polygon (TsrMarathonLevel *level)
{
  gint16 last = (gint16) (level->polygons->len - 1);
  const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, last);

  if (polygon->type == 5)
    return FALSE;
  for (guint i = 0; level->platforms != NULL && i < level->platforms->len; i++)
    if (g_array_index (level->platforms, TsrMarathonPlatform, i).polygon_index == last)
      return FALSE;
  for (guint i = 0; i < level->polygons->len; i++)
    {
      const TsrMarathonPolygon *other = &g_array_index (level->polygons, TsrMarathonPolygon, i);

      if (other->type >= 7 && other->type <= 10 && other->permutation == last)
        return FALSE;
    }
  for (guint i = 0; i < level->lines->len; i++)
    {
      TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      if (line->clockwise_polygon_owner == last)
        line->clockwise_polygon_owner = line->clockwise_side_index = TSR_MARATHON_NONE;
      else if (line->counterclockwise_polygon_owner == last)
        line->counterclockwise_polygon_owner = line->counterclockwise_side_index = TSR_MARATHON_NONE;
      else
        continue;
      line->flags = (guint16) ((line->flags & ~0x2000) | 0x4000);
    }
  /* What stood in it moves to polygon 0 (the fill puts the polygon back at the same index). */
  for (guint i = 0; level->objects != NULL && i < level->objects->len; i++)
    if (g_array_index (level->objects, TsrMarathonObject, i).polygon_index == last)
      g_array_index (level->objects, TsrMarathonObject, i).polygon_index = 0;
  g_array_set_size (level->polygons, level->polygons->len - 1);
  return TRUE;
}

static gboolean
same_set (const gint16 *a,
          const gint16 *b,
          guint         count)
{
  for (guint i = 0; i < count; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < count && !found; j++)
        found = a[i] == b[j];
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* Real levels: a polygon taken out is filled again from its centre: the same lines and points,
 * clockwise, the engine's derived data, no more validation errors. */
START_TEST (test_fill_real_levels)
{
  static const struct { const char *name; guint level; } files[] = {
    { "chronicles_net_War.sceA", 0 }, { "m1_Map.scen", 0 }, { "m1_Map.scen", 9 }, { "chronicles_DreamBrother.sceA", 0 },
  };
  guint fills = 0;

  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(TsrMarathonScenario) scenario = load_scenario (files[f].name);
      TsrMarathonLevel *level = level_at (scenario, files[f].level);
      guint errors_before;

      tsr_marathon_derive_level (level);
      errors_before = error_count (level);
      for (guint round = 0; round < 6; round++)
        {
          TsrMarathonPolygon original = g_array_index (level->polygons, TsrMarathonPolygon, level->polygons->len - 1);
          g_autoptr(GError) error = NULL;
          g_autoptr(GPtrArray) findings = tsr_findings_new ();
          g_autofree char *text = NULL;
          guint made = 0;
          const TsrMarathonPolygon *filled;

          if (!remove_last_polygon (level))
            break;
          ck_assert_msg (tsr_marathon_level_fill (level, original.center, &made, &error), "%s: %s", files[f].name,
                         error ? error->message : "");
          ck_assert_uint_eq (made, level->polygons->len - 1);
          filled = &g_array_index (level->polygons, TsrMarathonPolygon, made);
          ck_assert_uint_eq (filled->vertex_count, original.vertex_count);
          ck_assert (same_set (filled->line_indexes, original.line_indexes, original.vertex_count));
          ck_assert (same_set (filled->endpoint_indexes, original.endpoint_indexes, original.vertex_count));
          compare (level, findings, NULL);
          text = findings_text (findings, 5);
          ck_assert_msg (findings->len == 0, "%s", text);
          ck_assert_uint_le (error_count (level), errors_before);
          /* Filling the same place again: there is a polygon there now. */
          ck_assert (!tsr_marathon_level_fill (level, original.center, NULL, &error));
          fills++;
        }
    }
  ck_assert_uint_gt (fills, 8);
  g_print ("fill: %u polygons filled again\n", fills);
}
END_TEST

/* The sample's third room taken out and filled: heights from its neighbour, the shared line
 * transparent, the neighbour's side there emptied; an open or concave outline is refused. */
START_TEST (test_fill_sample_room)
{
  g_autoptr(TsrMarathonMap) map = sample_map ();
  TsrMarathonLevel *level = g_ptr_array_index (map->levels, 0);
  g_autoptr(GError) error = NULL;
  TsrMarathonPoint inside = { 2560, 512 }, outside = { 5000, 512 };
  guint made = 0;
  int shared = -1;

  g_array_index (level->polygons, TsrMarathonPolygon, 2).media_index = TSR_MARATHON_NONE;
  ck_assert (remove_last_polygon (level));
  ck_assert (!tsr_marathon_level_fill (level, outside, NULL, &error));
  g_clear_error (&error);
  ck_assert_msg (tsr_marathon_level_fill (level, inside, &made, &error), "%s", error ? error->message : "");
  ck_assert_uint_eq (made, 2);
  {
    const TsrMarathonPolygon *room = &g_array_index (level->polygons, TsrMarathonPolygon, 2);
    const TsrMarathonPolygon *platform = &g_array_index (level->polygons, TsrMarathonPolygon, 1);

    ck_assert_uint_eq (room->vertex_count, 4);
    ck_assert_int_eq (room->floor_height, platform->floor_height);
    ck_assert_int_eq (room->ceiling_height, platform->ceiling_height);
    ck_assert_int_gt (room->area, 0);
  }
  for (guint i = 0; i < level->lines->len; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      if ((line->clockwise_polygon_owner == 2 && line->counterclockwise_polygon_owner == 1)
          || (line->clockwise_polygon_owner == 1 && line->counterclockwise_polygon_owner == 2))
        shared = (int) i;
    }
  ck_assert_int_ge (shared, 0);
  ck_assert_uint_eq (g_array_index (level->lines, TsrMarathonLine, shared).flags & 0x6000, 0x2000);
  ck_assert_uint_eq (tsr_findings_count (validate_map (map), TSR_SEVERITY_ERROR), 0);

  /* A notch pushed into the outline makes it concave: refused, the level as it was. */
  ck_assert (remove_last_polygon (level));
  g_array_index (level->points, TsrMarathonPoint, 3).x = 2200;
  g_array_index (level->points, TsrMarathonPoint, 3).y = 400;
  {
    g_autoptr(GArray) lines = dup_array (level->lines);

    ck_assert (!tsr_marathon_level_fill (level, inside, NULL, &error));
    ck_assert_msg (strstr (error->message, "concave") != NULL || strstr (error->message, "not inside") != NULL,
                   "%s", error->message);
    ck_assert (arrays_equal (lines, level->lines));
  }
}
END_TEST

/* Coordinates at the ends of the 16-bit range, where the engine's 32-bit sums wrap: deriving and
 * the meter stay defined (the sanitizer run checks) and deriving twice changes nothing. */
START_TEST (test_extreme_coordinates)
{
  g_autoptr(TsrMarathonMap) map = sample_map ();
  TsrMarathonLevel *level = g_ptr_array_index (map->levels, 0);
  static const TsrMarathonPoint corners[] = { { -32768, -32768 }, { 32767, -32768 }, { 32767, 32767 }, { -32768, 32767 } };
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  guint limit = 0;

  for (guint i = 0; i < 4; i++)
    g_array_index (level->points, TsrMarathonPoint, i * 2) = corners[i];
  for (guint i = 0; i < 3; i++)
    {
      TsrMarathonObject sound = { 5, 0, 0, 0, -32768, 32767, 0, 0 };

      g_array_append_val (level->objects, sound);
    }
  tsr_marathon_derive_level (level);
  ck_assert_uint_eq (compare (level, findings, NULL), 0);
  ck_assert_uint_gt (tsr_marathon_level_index_usage (level, &limit), 0);
  {
    g_autoptr(GArray) indexes = tsr_marathon_derive_map_indexes (level);

    ck_assert_uint_ge (indexes->len, level->polygons->len);
  }
}
END_TEST

static Suite *
derive_suite (void)
{
  Suite *suite = suite_create ("marathon-derive");
  TCase *derived = tcase_create ("derived");
  TCase *validation = tcase_create ("validation");
  TCase *geometry = tcase_create ("geometry");

  tcase_add_test (derived, test_preprocessed_maps_match);
  tcase_add_test (derived, test_derive_level_keeps_war_identical);
  tcase_add_test (derived, test_sound_source_lists);
  tcase_add_test (derived, test_refresh_touched_elements);
  tcase_add_test (derived, test_unpreprocessed_map);
  tcase_add_test (derived, test_index_usage);
  tcase_add_test (derived, test_cli_validate_derived);
  tcase_add_test (derived, test_extreme_coordinates);
  tcase_add_test (validation, test_validation_engine_errors);
  tcase_add_test (validation, test_validation_epnt_and_iidx);
  tcase_add_test (validation, test_validation_warnings);
  tcase_add_test (validation, test_validation_index_meter);
  tcase_add_test (geometry, test_split_lines_of_real_levels);
  tcase_add_test (geometry, test_split_line_sides_and_owners);
  tcase_add_test (geometry, test_merge_polygons_of_real_levels);
  tcase_add_test (geometry, test_merge_sample_rooms);
  tcase_add_test (geometry, test_split_polygons_of_real_levels);
  tcase_add_test (geometry, test_fill_real_levels);
  tcase_add_test (geometry, test_fill_sample_room);
  tcase_add_test (geometry, test_refusal_names_lines);
  suite_add_tcase (suite, derived);
  suite_add_tcase (suite, geometry);
  suite_add_tcase (suite, validation);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (derive_suite ());
}
