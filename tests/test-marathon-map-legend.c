/* test-marathon-map-legend.c: the legend of the Marathon map editor's Colour by modes (issue 37) on
 * Dream Brother's first level: for each category mode every polygon is counted once under the value
 * it has (the counts add up to the polygon count), values ascend, and each entry's colour is the
 * one the style paints those polygons; height modes give stops from the level's lowest to its
 * highest height in world units, the ends painted as the lowest and highest polygons are; a
 * texture mode with the textures drawn has no legend. */
#include "config.h"

#include <string.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/marathon/tsr-marathon-level-map.h"
#include "tsr-test-common.h"
#include "views/marathon/tsr-marathon-map-style.h"

static char *data_dir;

/* The value the mode colours POLYGON by, read here from the record on its own. */
static gint
value_of (TsrMarathonDrawMode       mode,
          const TsrMarathonLevel   *level,
          const TsrMarathonPolygon *polygon)
{
  switch (mode)
    {
    case TSR_MARATHON_DRAW_TYPE: return polygon->type;
    case TSR_MARATHON_DRAW_FLOOR_HEIGHT: return polygon->floor_height;
    case TSR_MARATHON_DRAW_CEILING_HEIGHT: return polygon->ceiling_height;
    case TSR_MARATHON_DRAW_FLOOR_LIGHT: return polygon->floor_lightsource_index;
    case TSR_MARATHON_DRAW_CEILING_LIGHT: return polygon->ceiling_lightsource_index;
    case TSR_MARATHON_DRAW_LIQUID: return level->data_version == 0 ? -1 : polygon->media_index;
    case TSR_MARATHON_DRAW_AMBIENT_SOUND: return polygon->ambient_sound_image_index;
    case TSR_MARATHON_DRAW_RANDOM_SOUND: return polygon->random_sound_image_index;
    case TSR_MARATHON_DRAW_FLOOR_TEXTURE:
      return (guint16) polygon->floor_texture == 0xFFFF ? -1 : (guint16) polygon->floor_texture;
    case TSR_MARATHON_DRAW_CEILING_TEXTURE:
      return (guint16) polygon->ceiling_texture == 0xFFFF ? -1 : (guint16) polygon->ceiling_texture;
    case TSR_MARATHON_N_DRAW_MODES:
    default:
      g_assert_not_reached ();
    }
}

static void
paint (TsrMarathonLevelMap *map,
       TsrMarathonMapStyle *style,
       guint                polygon,
       double              *fill)
{
  TsrElementRef ref = { TSR_ELEMENT_POLYGON, polygon };
  TsrVectorStyle painted = { { 0 } };

  tsr_marathon_map_style_apply (TSR_VECTOR_MAP (map), &ref, &painted, style);
  memcpy (fill, painted.fill, sizeof painted.fill);
  g_free (painted.label);
}

static void
assert_colour (const double *a,
               const double *b,
               const char   *what)
{
  for (guint c = 0; c < 4; c++)
    ck_assert_msg (a[c] == b[c], "%s: channel %u is %g, the map paints %g", what, c, a[c], b[c]);
}

START_TEST (test_legend_matches_paint)
{
  g_autofree char *path = g_build_filename (data_dir, "chronicles_DreamBrother.sceA", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, path, &error);
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonLevelMap) map = NULL;
  TsrMarathonMapStyle *style = tsr_marathon_map_style_new ();
  guint n;

  ck_assert_msg (scenario != NULL, "%s", error != NULL ? error->message : "");
  level = g_ptr_array_index (scenario->map->levels, 0);
  map = tsr_marathon_level_map_new (level);
  n = level->polygons->len;
  ck_assert_uint_gt (n, 0);
  for (TsrMarathonDrawMode mode = 0; mode < TSR_MARATHON_N_DRAW_MODES; mode++)
    {
      g_autoptr(GArray) legend = NULL;
      const char *what = tsr_marathon_draw_mode_id (mode);

      tsr_marathon_map_style_set_mode (style, mode);
      legend = tsr_marathon_map_style_legend (style, level);
      ck_assert_uint_gt (legend->len, 0);
      if (mode == TSR_MARATHON_DRAW_FLOOR_HEIGHT || mode == TSR_MARATHON_DRAW_CEILING_HEIGHT)
        {
          gint low = G_MAXINT, high = G_MININT;
          const TsrMarathonLegendEntry *first = &g_array_index (legend, TsrMarathonLegendEntry, 0);
          const TsrMarathonLegendEntry *last = &g_array_index (legend, TsrMarathonLegendEntry, legend->len - 1);

          for (guint i = 0; i < n; i++)
            {
              gint v = value_of (mode, level, &g_array_index (level->polygons, TsrMarathonPolygon, i));

              low = MIN (low, v), high = MAX (high, v);
            }
          ck_assert_int_lt (low, high);
          ck_assert_uint_eq (legend->len, 5);
          ck_assert_int_eq (first->value, low);
          ck_assert_int_eq (last->value, high);
          for (guint e = 1; e < legend->len; e++)
            ck_assert_int_gt (g_array_index (legend, TsrMarathonLegendEntry, e).value,
                              g_array_index (legend, TsrMarathonLegendEntry, e - 1).value);
          for (guint i = 0; i < n; i++)
            {
              gint v = value_of (mode, level, &g_array_index (level->polygons, TsrMarathonPolygon, i));
              double fill[4];

              if (v != low && v != high)
                continue;
              paint (map, style, i, fill);
              assert_colour ((v == low ? first : last)->rgba, fill, what);
            }
          /* World units: 1 WU = 1024 internal units. */
          {
            g_autofree char *expected = g_strdup_printf ("%.3g WU", high / 1024.0);

            ck_assert_str_eq (last->label, expected);
          }
          continue;
        }
      {
        guint total = 0;
        g_autofree guint *seen = g_new0 (guint, legend->len);

        for (guint e = 0; e < legend->len; e++)
          {
            const TsrMarathonLegendEntry *entry = &g_array_index (legend, TsrMarathonLegendEntry, e);

            ck_assert_uint_gt (entry->polygons, 0);
            ck_assert_ptr_nonnull (entry->label);
            if (e > 0)
              ck_assert_int_gt (entry->value, g_array_index (legend, TsrMarathonLegendEntry, e - 1).value);
            total += entry->polygons;
          }
        ck_assert_msg (total == n, "%s: the legend counts %u polygons of %u", what, total, n);
        for (guint i = 0; i < n; i++)
          {
            gint v = value_of (mode, level, &g_array_index (level->polygons, TsrMarathonPolygon, i));
            double fill[4];
            guint e;

            for (e = 0; e < legend->len && g_array_index (legend, TsrMarathonLegendEntry, e).value != v; e++)
              ;
            ck_assert_msg (e < legend->len, "%s: polygon %u's value %d is not in the legend", what, i, v);
            seen[e]++;
            paint (map, style, i, fill);
            assert_colour (g_array_index (legend, TsrMarathonLegendEntry, e).rgba, fill, what);
          }
        for (guint e = 0; e < legend->len; e++)
          ck_assert_uint_eq (seen[e], g_array_index (legend, TsrMarathonLegendEntry, e).polygons);
      }
      /* Labels as the modes name their values. */
      {
        const TsrMarathonLegendEntry *entry = &g_array_index (legend, TsrMarathonLegendEntry, legend->len - 1);
        g_autofree char *expected = NULL;

        if (mode == TSR_MARATHON_DRAW_FLOOR_LIGHT || mode == TSR_MARATHON_DRAW_CEILING_LIGHT)
          expected = g_strdup_printf ("Light %d", entry->value);
        else if (mode == TSR_MARATHON_DRAW_AMBIENT_SOUND)
          expected = g_strdup_printf ("Ambient sound %d", entry->value);
        if (expected != NULL)
          ck_assert_str_eq (entry->label, expected);
      }
    }

  /* Polygon types by their names in Aleph One's map.h; none of -1 as "None". */
  {
    g_autoptr(GArray) legend = NULL;
    gboolean normal = FALSE;

    tsr_marathon_map_style_set_mode (style, TSR_MARATHON_DRAW_TYPE);
    legend = tsr_marathon_map_style_legend (style, level);
    for (guint e = 0; e < legend->len; e++)
      if (g_array_index (legend, TsrMarathonLegendEntry, e).value == 0)
        {
          ck_assert_str_eq (g_array_index (legend, TsrMarathonLegendEntry, e).label, "Normal");
          normal = TRUE;
        }
    ck_assert (normal);
  }

  /* Textures drawn under the map: polygons are unfilled, no legend. */
  {
    g_autoptr(GArray) legend = NULL;

    tsr_marathon_map_style_set_mode (style, TSR_MARATHON_DRAW_FLOOR_TEXTURE);
    tsr_marathon_map_style_set_textured (style, TRUE);
    legend = tsr_marathon_map_style_legend (style, level);
    ck_assert_uint_eq (legend->len, 0);
  }
  tsr_marathon_map_style_free (style);
}
END_TEST

int
main (void)
{
  Suite *suite = suite_create ("marathon-map-legend");
  TCase *legend = tcase_create ("legend");

  data_dir = tsr_test_data_require ("marathon");
  tcase_set_timeout (legend, 300);
  tcase_add_test (legend, test_legend_matches_paint);
  suite_add_tcase (suite, legend);
  return tsr_test_run_suite (suite);
}
