/* test-marathon-paint.c: the Marathon paint tool on every real Marathon map: clicks and strokes
 * set exactly one attribute of exactly the polygons they cross, a stroke is one undo step named
 * after what it paints, Escape takes a stroke back, Alt-click picks; random strokes of every
 * attribute on every level leave validation with no new error, undo-all gives the loaded bytes and
 * redo-all the painted ones, which load again. GTK-free (also under the sanitizer). */
#include <string.h>

#include "edit/marathon/tsr-marathon-paint-tool.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/marathon/tsr-marathon-document.h"
#include "tsr-marathon-test-maps.h"
#include "tsr-test-common.h"

static char *data_dir;

static guint
count (const GArray *array)
{
  return array != NULL ? array->len : 0;
}

static TsrToolEvent
event_at (double       x,
          double       y,
          double       zoom,
          TsrModifiers modifiers)
{
  return (TsrToolEvent) { x, y, zoom, modifiers };
}

static const TsrMarathonPolygon *
polygon (const TsrMarathonLevel *level,
         guint                   index)
{
  return &g_array_index (level->polygons, TsrMarathonPolygon, index);
}

/* The mean of the polygon's vertices: inside it, since polygons are convex (the stored centre is
 * 0, 0 in some maps). */
static void
inside_point (const TsrMarathonLevel *level,
              guint                   index,
              double                 *x,
              double                 *y)
{
  const TsrMarathonPolygon *p = &g_array_index (level->polygons, TsrMarathonPolygon, index);
  guint n = MIN (p->vertex_count, 8), used = 0;

  *x = *y = 0;
  for (guint k = 0; k < n; k++)
    if (p->endpoint_indexes[k] >= 0 && (guint) p->endpoint_indexes[k] < tsr_marathon_level_n_points (level))
      {
        TsrMarathonPoint point = tsr_marathon_level_point (level, (guint) p->endpoint_indexes[k]);

        *x += point.x;
        *y += point.y;
        used++;
      }
  if (used > 0)
    {
      *x /= used;
      *y /= used;
    }
}

/* Two polygons of Dream Brother's first level next to each other, painted by one stroke from the
 * centre of one to the centre of the other: exactly those two change, in one undo step. */
START_TEST (test_stroke_paints_exactly_what_it_crosses)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", "chronicles_DreamBrother.sceA", NULL);
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (document, 0);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  g_autoptr(TsrTool) tool = NULL;
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GArray) before = NULL;
  guint a = G_MAXUINT, b = G_MAXUINT;
  TsrToolEvent event;
  gint light;
  double ax, ay, bx, by;

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  tool = tsr_marathon_paint_tool_new (session, map);
  tsr_edit_session_set_tool (session, tool);
  /* A polygon and its first neighbour whose centres lie inside them. */
  for (guint p = 0; p < level->polygons->len && b == G_MAXUINT; p++)
    {
      const TsrMarathonPolygon *first = polygon (level, p);
      double x, y;

      inside_point (level, p, &x, &y);
      if (tsr_marathon_level_map_polygon_at (map, x, y) != (gint) p)
        continue;
      for (guint k = 0; k < first->vertex_count && b == G_MAXUINT; k++)
        {
          gint n = first->adjacent_polygon_indexes[k];

          if (n < 0 || (guint) n >= level->polygons->len)
            continue;
          inside_point (level, (guint) n, &x, &y);
          if (tsr_marathon_level_map_polygon_at (map, x, y) == n)
            {
              a = p;
              b = (guint) n;
            }
        }
    }
  ck_assert_uint_ne (b, G_MAXUINT);
  inside_point (level, a, &ax, &ay);
  inside_point (level, b, &bx, &by);
  /* Alt-click picks the floor light of B. */
  tsr_marathon_paint_tool_set_attribute (TSR_MARATHON_PAINT_TOOL (tool), TSR_MARATHON_PAINT_FLOOR_LIGHT);
  event = event_at (bx, by, 0.05, TSR_MODIFIER_ALT);
  tsr_tool_press (tool, &event);
  tsr_tool_release (tool, &event);
  ck_assert_int_eq (tsr_marathon_paint_tool_get_value (TSR_MARATHON_PAINT_TOOL (tool)),
                    polygon (level, b)->floor_lightsource_index);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 0);
  /* A light neither has. */
  light = 0;
  while (light == polygon (level, a)->floor_lightsource_index || light == polygon (level, b)->floor_lightsource_index)
    light++;
  ck_assert (tsr_marathon_paint_value_valid (TSR_MARATHON_PAINT_FLOOR_LIGHT, level, light));
  ck_assert (!tsr_marathon_paint_value_valid (TSR_MARATHON_PAINT_FLOOR_LIGHT, level, (gint) count (level->lights)));
  tsr_marathon_paint_tool_set_value (TSR_MARATHON_PAINT_TOOL (tool), light);
  before = g_array_copy (level->polygons);
  event = event_at (ax, ay, 0.05, 0);
  tsr_tool_press (tool, &event);
  event = event_at (bx, by, 0.05, 0);
  tsr_tool_drag (tool, &event);
  tsr_tool_release (tool, &event);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Paint floor light");
  for (guint p = 0; p < level->polygons->len; p++)
    {
      TsrMarathonPolygon expected = g_array_index (before, TsrMarathonPolygon, p);
      gboolean crossed = p == a || p == b;

      if (crossed)
        expected.floor_lightsource_index = (gint16) light;
      /* Polygons between the two centres may be crossed too, but only with the light changed. */
      if (!crossed && polygon (level, p)->floor_lightsource_index == light
          && g_array_index (before, TsrMarathonPolygon, p).floor_lightsource_index != light)
        expected.floor_lightsource_index = (gint16) light;
      ck_assert_msg (memcmp (&expected, polygon (level, p), sizeof expected) == 0, "polygon %u", p);
    }
  ck_assert_int_eq (polygon (level, a)->floor_lightsource_index, light);
  ck_assert_int_eq (polygon (level, b)->floor_lightsource_index, light);
  /* Escape in the middle of a stroke takes it back. */
  tsr_marathon_paint_tool_set_attribute (TSR_MARATHON_PAINT_TOOL (tool), TSR_MARATHON_PAINT_FLOOR_HEIGHT);
  tsr_marathon_paint_tool_set_value (TSR_MARATHON_PAINT_TOOL (tool), 1234);
  event = event_at (ax, ay, 0.05, 0);
  tsr_tool_press (tool, &event);
  ck_assert_int_eq (polygon (level, a)->floor_height, 1234);
  ck_assert (tsr_tool_key (tool, TSR_TOOL_KEY_ESCAPE, 0));
  ck_assert_int_eq (polygon (level, a)->floor_height, g_array_index (before, TsrMarathonPolygon, a).floor_height);
  tsr_tool_release (tool, &event);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 1);
  /* Platforms are painted (each gets its record: test-marathon-platforms); triggers are not. */
  ck_assert (tsr_marathon_paint_value_valid (TSR_MARATHON_PAINT_TYPE, level, 5));
  ck_assert (!tsr_marathon_paint_value_valid (TSR_MARATHON_PAINT_TYPE, level, 10));
  ck_assert (tsr_marathon_paint_value_valid (TSR_MARATHON_PAINT_TYPE, level, 3));
  ck_assert (tsr_marathon_paint_value_valid (TSR_MARATHON_PAINT_LIQUID, level, -1));
  ck_assert (!tsr_marathon_paint_value_valid (TSR_MARATHON_PAINT_LIQUID, level, (gint) count (level->media)));
  ck_assert (tsr_undo_stack_undo (stack));
      while (tsr_undo_stack_undo (stack))
        ;
  undone = tsr_marathon_test_serialize (document);
  ck_assert (g_bytes_equal (original, undone));
  tsr_edit_session_set_tool (session, NULL);
}
END_TEST

/* A valid value for ATTRIBUTE on LEVEL, or FALSE when there is none (no liquids and -1 drawn). */
static gint
random_value (GRand                    *rand,
              TsrMarathonPaintAttribute attribute,
              const TsrMarathonLevel   *level)
{
  static const gint types[] = { 0, 1, 2, 3, 4, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23 };
  guint n_lights = count (level->lights != NULL ? level->lights : level->old_lights);

  switch (attribute)
    {
    case TSR_MARATHON_PAINT_FLOOR_HEIGHT:
    case TSR_MARATHON_PAINT_CEILING_HEIGHT:
      return g_rand_int_range (rand, -8, 9) * 128;
    case TSR_MARATHON_PAINT_TYPE:
      return types[g_rand_int_range (rand, 0, G_N_ELEMENTS (types))];
    case TSR_MARATHON_PAINT_FLOOR_LIGHT:
    case TSR_MARATHON_PAINT_CEILING_LIGHT:
      return n_lights > 0 ? g_rand_int_range (rand, 0, (gint) n_lights) : 0;
    case TSR_MARATHON_PAINT_LIQUID:
      return g_rand_int_range (rand, -1, (gint) count (level->media));
    case TSR_MARATHON_PAINT_AMBIENT_SOUND:
      return g_rand_int_range (rand, -1, (gint) count (level->ambient_sounds));
    case TSR_MARATHON_PAINT_RANDOM_SOUND:
      return g_rand_int_range (rand, -1, (gint) count (level->random_sounds));
    case TSR_MARATHON_PAINT_FLOOR_TEXTURE:
    case TSR_MARATHON_PAINT_CEILING_TEXTURE:
      /* A wall collection (17..21) and one of its first 32 frames. */
      return (g_rand_int_range (rand, 17, 22) << 8) | g_rand_int_range (rand, 0, 32);
    case TSR_MARATHON_N_PAINT_ATTRIBUTES:
      break;
    }
  return 0;
}

/* A point near the middle of a random polygon. */
static void
random_point (GRand               *rand,
              TsrMarathonLevelMap *map,
              double              *x,
              double              *y)
{
  const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  inside_point (level, (guint) g_rand_int_range (rand, 0, (gint) level->polygons->len), x, y);
  *x += g_rand_double_range (rand, -64, 64);
  *y += g_rand_double_range (rand, -64, 64);
}

typedef struct {
  guint strokes;
  guint cancelled;
  guint picks;
  guint polygons_painted;
  guint undos;
} Tally;

static void
random_stroke (GRand               *rand,
               TsrEditSession      *session,
               TsrMarathonLevelMap *map,
               TsrTool             *tool,
               Tally               *tally)
{
  TsrMarathonPaintTool *paint = TSR_MARATHON_PAINT_TOOL (tool);
  TsrUndoStack *stack = tsr_edit_session_get_undo_stack (session);
  const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  TsrMarathonPaintAttribute attribute = g_rand_int_range (rand, 0, TSR_MARATHON_N_PAINT_ATTRIBUTES);
  guint depth = tsr_undo_stack_get_position (stack);
  double zoom = g_rand_boolean (rand) ? 1.0 / 32 : 1.0 / 4;
  g_autoptr(GArray) before = g_array_copy (level->polygons);
  TsrToolEvent event;
  guint steps = (guint) g_rand_int_range (rand, 0, 6);
  gboolean cancel = g_rand_int_range (rand, 0, 8) == 0;
  gint value;
  guint changed = 0;

  tsr_marathon_paint_tool_set_attribute (paint, attribute);
  random_point (rand, map, &event.x, &event.y);
  event.zoom = zoom;
  if (g_rand_int_range (rand, 0, 6) == 0)
    {
      gint under = tsr_marathon_level_map_polygon_at (map, event.x, event.y);

      event.modifiers = TSR_MODIFIER_ALT;
      tsr_tool_press (tool, &event);
      tsr_tool_release (tool, &event);
      if (under >= 0)
        ck_assert_int_eq (tsr_marathon_paint_tool_get_value (paint),
                          tsr_marathon_paint_attribute_get (attribute, polygon (level, under)));
      ck_assert_uint_eq (tsr_undo_stack_get_position (stack), depth);
      tally->picks++;
      /* A picked type may be a trigger's, which is not painted. */
      if (!tsr_marathon_paint_value_valid (attribute, level, tsr_marathon_paint_tool_get_value (paint)))
        return;
    }
  else
    tsr_marathon_paint_tool_set_value (paint, random_value (rand, attribute, level));
  value = tsr_marathon_paint_tool_get_value (paint);
  ck_assert (tsr_marathon_paint_value_valid (attribute, level, value));
  event.modifiers = 0;
  tsr_tool_press (tool, &event);
  /* Mostly short moves (a stroke across neighbours), now and then a jump across the level. */
  for (guint s = 0; s < steps; s++)
    {
      if (g_rand_int_range (rand, 0, 5) == 0)
        random_point (rand, map, &event.x, &event.y);
      else
        {
          event.x += g_rand_double_range (rand, -1536, 1536);
          event.y += g_rand_double_range (rand, -1536, 1536);
        }
      tsr_tool_drag (tool, &event);
    }
  if (cancel)
    {
      tsr_tool_key (tool, TSR_TOOL_KEY_ESCAPE, 0);
      tsr_tool_release (tool, &event);
      ck_assert_uint_eq (tsr_undo_stack_get_position (stack), depth);
      ck_assert (memcmp (before->data, level->polygons->data, before->len * sizeof (TsrMarathonPolygon)) == 0);
      tally->cancelled++;
      return;
    }
  tsr_tool_release (tool, &event);
  /* Only the painted attribute changed (and a type's permutation), and only to the value. */
  for (guint p = 0; p < level->polygons->len; p++)
    {
      TsrMarathonPolygon expected = g_array_index (before, TsrMarathonPolygon, p);
      const TsrMarathonPolygon *now = polygon (level, p);

      if (memcmp (&expected, now, sizeof expected) == 0)
        continue;
      changed++;
      ck_assert_int_eq (tsr_marathon_paint_attribute_get (attribute, now), value);
      ck_assert (tsr_marathon_paint_applies (attribute, &expected));
      tsr_marathon_paint_attribute_set (attribute, &expected, value);
      if (attribute == TSR_MARATHON_PAINT_TYPE)
        expected.permutation = 0;
      ck_assert_msg (memcmp (&expected, now, sizeof expected) == 0, "polygon %u: more than %s changed", p,
                     tsr_marathon_paint_attribute_label (attribute));
    }
  /* One undo step, or none when nothing changed. */
  ck_assert_uint_eq (tsr_undo_stack_get_position (stack), depth + (changed > 0 ? 1 : 0));
  tally->strokes++;
  tally->polygons_painted += changed;
}

START_TEST (test_random_strokes_every_level)
{
  g_autoptr(GPtrArray) files = tsr_marathon_test_real_maps (data_dir);
  GRand *rand = g_rand_new_with_seed (2718);
  guint levels = 0;

  ck_assert_uint_ge (files->len, 6);
  for (guint f = 0; f < files->len; f++)
    {
      const char *path = g_ptr_array_index (files, f);
      g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
      TsrDocument *base = TSR_DOCUMENT (document);
      TsrUndoStack *stack = tsr_document_get_undo_stack (base);
      guint n_levels = tsr_marathon_document_get_n_levels (document);
      guint per_level = MAX (15, (250 + n_levels - 1) / n_levels);
      g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
      g_autoptr(GBytes) edited = NULL;
      g_autoptr(GBytes) undone = NULL;
      g_autoptr(GBytes) redone = NULL;
      g_autoptr(TsrMarathonScenario) reloaded = NULL;
      g_autoptr(GError) error = NULL;
      Tally tally = { 0 };

      for (guint l = 0; l < n_levels; l++)
        {
          TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (document, l);
          TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
          g_autoptr(TsrEditSession) session = tsr_edit_session_new (base);
          g_autoptr(TsrTool) tool = NULL;
          g_autofree char *errors_before = NULL;
          g_autofree char *errors_after = NULL;

          if (count (level->polygons) == 0)
            continue;
          errors_before = tsr_marathon_test_validation_errors (level);
          tsr_edit_session_set_layer (session, G_OBJECT (map));
          tool = tsr_marathon_paint_tool_new (session, map);
          tsr_edit_session_set_tool (session, tool);
          for (guint s = 0; s < per_level; s++)
            {
              random_stroke (rand, session, map, tool, &tally);
              if (g_rand_int_range (rand, 0, 10) == 0)
                {
                  guint burst = (guint) g_rand_int_range (rand, 1, 4);

                  for (guint u = 0; u < burst; u++)
                    tsr_undo_stack_undo (stack);
                  tally.undos++;
                }
            }
          errors_after = tsr_marathon_test_validation_errors (level);
          ck_assert_msg (g_strcmp0 (errors_before, errors_after) == 0, "%s level %u: painting made errors:\n%s", path, l,
                         errors_after);
          tsr_edit_session_set_tool (session, NULL);
          levels++;
        }
      ck_assert_uint_gt (tally.polygons_painted, 0);
      ck_assert_uint_gt (tally.picks, 0);
      while (tsr_undo_stack_redo (stack))
        ;
      edited = tsr_marathon_test_serialize (document);
      ck_assert_msg (!g_bytes_equal (original, edited), "%s: the strokes changed nothing", path);
      reloaded = tsr_marathon_scenario_load (edited, path, &error);
      ck_assert_msg (reloaded != NULL, "%s: painted bytes do not load: %s", path, error ? error->message : "");
      ck_assert (tsr_undo_stack_undo (stack));
      while (tsr_undo_stack_undo (stack))
        ;
      undone = tsr_marathon_test_serialize (document);
      ck_assert_msg (g_bytes_equal (original, undone), "%s: undo-all is not the loaded bytes", path);
      while (tsr_undo_stack_redo (stack))
        ;
      redone = tsr_marathon_test_serialize (document);
      ck_assert_msg (g_bytes_equal (edited, redone), "%s: redo-all is not the painted bytes", path);
      g_print ("%s: %u levels, %u strokes (%u polygons), %u cancelled, %u picks, %u undo bursts\n", path, n_levels,
               tally.strokes, tally.polygons_painted, tally.cancelled, tally.picks, tally.undos);
    }
  tsr_test_report_count ("Marathon levels painted at random", levels);
  g_rand_free (rand);
}
END_TEST

static Suite *
paint_suite (void)
{
  Suite *suite = suite_create ("marathon-paint");
  TCase *paint = tcase_create ("paint");

  tcase_add_test (paint, test_stroke_paints_exactly_what_it_crosses);
  tcase_add_test (paint, test_random_strokes_every_level);
  suite_add_tcase (suite, paint);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require (".");
  return tsr_test_run_suite (paint_suite ());
}
