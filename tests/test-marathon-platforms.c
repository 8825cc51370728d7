/* test-marathon-platforms.c: platform records kept in step with their polygons. By hand on a
 * made level: a polygon set to Platform gets the engine's default record naming it, set away
 * from Platform loses it with the triggers and switches aimed at it repaired, and the "auto"
 * heights come out as the engine computes them. On real maps through the inspector's source, the
 * Platforms palette's Add and the paint tool: one undo step each, validation agrees, undo gives
 * the loaded bytes back. GTK-free (also under the sanitizer). */
#include <string.h>

#include "core/tsr-file.h"

#include "edit/marathon/tsr-marathon-paint-tool.h"
#include "edit/tsr-edit-session.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-names.h"
#include "formats/marathon/tsr-marathon-palette.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-marathon-level-source.h"
#include "model/marathon/tsr-marathon-platform-commands.h"
#include "tsr-marathon-sample.h"
#include "tsr-marathon-test-maps.h"
#include "tsr-test-common.h"

static char *data_dir;

static guint
count (const GArray *array)
{
  return array != NULL ? array->len : 0;
}

static TsrMarathonPolygon *
polygon_of (TsrMarathonLevel *level,
            guint             index)
{
  return &g_array_index (level->polygons, TsrMarathonPolygon, index);
}

static TsrMarathonPolygon
plain_polygon (gint16 floor,
               gint16 ceiling)
{
  TsrMarathonPolygon polygon = { 0 };

  polygon.floor_height = floor;
  polygon.ceiling_height = ceiling;
  polygon.media_index = -1;
  for (guint v = 0; v < 8; v++)
    polygon.adjacent_polygon_indexes[v] = -1;
  return polygon;
}

START_TEST (test_records_follow_types_by_hand)
{
  g_autoptr(TsrMarathonLevel) level = tsr_marathon_level_new (0, 1, "platforms");
  g_autoptr(TsrMarathonLevel) m1 = tsr_marathon_level_new (0, 0, "m1");
  TsrMarathonPolygon polygon;
  TsrMarathonSide side = { 0 };
  const TsrMarathonPlatform *record;
  g_autoptr(GError) error = NULL;
  guint index = 99;
  gint16 min_floor, max_floor, min_ceiling, max_ceiling;

  g_clear_pointer (&level->platforms, g_array_unref);
  /* 0 and 1 side by side (0: 0..1024, 1: -512..2048); 2 triggers polygon 1; a switch aims at 1. */
  polygon = plain_polygon (0, 1024);
  polygon.vertex_count = 4;
  polygon.adjacent_polygon_indexes[1] = 1;
  g_array_append_val (level->polygons, polygon);
  polygon = plain_polygon (-512, 2048);
  polygon.vertex_count = 4;
  polygon.adjacent_polygon_indexes[3] = 0;
  g_array_append_val (level->polygons, polygon);
  polygon = plain_polygon (0, 1024);
  g_array_append_val (level->polygons, polygon);
  side.flags = 0x2;
  side.control_panel_type = 5; /* water platform switch */
  side.control_panel_permutation = 1;
  g_array_append_val (level->sides, side);

  /* No plat chunk yet: the first platform makes it. */
  ck_assert (tsr_marathon_level_set_polygon_type (level, 0, 5, &error));
  ck_assert_ptr_nonnull (level->platforms);
  ck_assert_uint_eq (level->platforms->len, 1);
  record = &g_array_index (level->platforms, TsrMarathonPlatform, 0);
  ck_assert_int_eq (record->polygon_index, 0);
  ck_assert_int_eq (record->type, 0);
  ck_assert_int_eq (record->speed, 34);
  ck_assert_int_eq (record->delay, 120);
  ck_assert_int_eq (record->maximum_height, -1);
  ck_assert_int_eq (record->minimum_height, -1);
  ck_assert_uint_eq (record->static_flags, 0x040000AA | 0xE000);
  ck_assert_int_eq (polygon_of (level, 0)->type, 5);
  ck_assert_int_eq (polygon_of (level, 0)->permutation, 0);
  ck_assert_int_eq (tsr_marathon_level_find_platform (level, 0), 0);
  /* Twice is refused; the palette's Add makes polygon 1 the second. */
  ck_assert (!tsr_marathon_palette_add_platform (level, 0, &index, &error));
  g_clear_error (&error);
  ck_assert (tsr_marathon_palette_add_platform (level, 1, &index, &error));
  ck_assert_uint_eq (index, 1);
  ck_assert_int_eq (polygon_of (level, 1)->permutation, 1);
  polygon_of (level, 2)->type = 7;
  polygon_of (level, 2)->permutation = 1;

  /* The auto heights of the door on polygon 0 (from the ceiling, floor to ceiling): its ceiling
   * goes from its own floor (0) up to the highest adjacent ceiling (2048). */
  ck_assert (tsr_marathon_platform_extrema (level, &g_array_index (level->platforms, TsrMarathonPlatform, 0),
                                            &min_floor, &max_floor, &min_ceiling, &max_ceiling));
  ck_assert_int_eq (min_floor, 0);
  ck_assert_int_eq (max_floor, 0);
  ck_assert_int_eq (min_ceiling, 0);
  ck_assert_int_eq (max_ceiling, 2048);
  /* A floor platform on polygon 1: from the lowest floor (itself, -512) to the highest (0). */
  g_array_index (level->platforms, TsrMarathonPlatform, 1).static_flags = 0x40;
  ck_assert (tsr_marathon_platform_extrema (level, &g_array_index (level->platforms, TsrMarathonPlatform, 1),
                                            &min_floor, &max_floor, &min_ceiling, &max_ceiling));
  ck_assert_int_eq (min_floor, -512);
  ck_assert_int_eq (max_floor, 0);
  ck_assert_int_eq (min_ceiling, 2048);
  ck_assert_int_eq (max_ceiling, 2048);
  /* Given heights win over auto. */
  g_array_index (level->platforms, TsrMarathonPlatform, 1).maximum_height = 700;
  ck_assert (tsr_marathon_platform_extrema (level, &g_array_index (level->platforms, TsrMarathonPlatform, 1),
                                            &min_floor, &max_floor, &min_ceiling, &max_ceiling));
  ck_assert_int_eq (max_floor, 700);
  /* The inspector describes auto heights by what they come to; given ones need no description. */
  {
    const TsrMarathonPlatform *floor_platform = &g_array_index (level->platforms, TsrMarathonPlatform, 1);
    g_autofree char *minimum = tsr_marathon_record_describe (level, TSR_MARATHON_RECORD_PLATFORM, floor_platform, "minimum_height");
    g_autofree char *maximum = tsr_marathon_record_describe (level, TSR_MARATHON_RECORD_PLATFORM, floor_platform, "maximum_height");
    g_autofree char *door = tsr_marathon_record_describe (level, TSR_MARATHON_RECORD_PLATFORM,
                                                          &g_array_index (level->platforms, TsrMarathonPlatform, 0),
                                                          "maximum_height");

    ck_assert_str_eq (minimum, "auto: -512 (-0.5 WU)");
    ck_assert_ptr_null (maximum);
    ck_assert_str_eq (door, "auto: 2048 (2 WU)");
  }

  /* Polygon 1 stops being a platform: its record goes, its trigger and its switch stop. */
  ck_assert (tsr_marathon_level_set_polygon_type (level, 1, 3, &error));
  ck_assert_uint_eq (level->platforms->len, 1);
  ck_assert_int_eq (polygon_of (level, 1)->type, 3);
  ck_assert_int_eq (polygon_of (level, 1)->permutation, 0);
  ck_assert_int_eq (polygon_of (level, 2)->type, 0);
  ck_assert_uint_eq (g_array_index (level->sides, TsrMarathonSide, 0).flags & 0x2, 0);
  /* Polygon 0 (the first record) going renumbers nothing left; a plain type change is plain. */
  ck_assert (tsr_marathon_level_set_polygon_type (level, 1, 4, &error));
  ck_assert_int_eq (polygon_of (level, 1)->type, 4);
  ck_assert (tsr_marathon_level_set_polygon_type (level, 0, 0, &error));
  ck_assert_uint_eq (level->platforms->len, 0);
  ck_assert_int_eq (polygon_of (level, 0)->type, 0);

  /* Marathon 1 platforms are polygon types alone. */
  polygon = plain_polygon (0, 1024);
  g_array_append_val (m1->polygons, polygon);
  ck_assert (tsr_marathon_level_set_polygon_type (m1, 0, 5, &error));
  ck_assert_int_eq (polygon_of (m1, 0)->type, 5);
  ck_assert_uint_eq (count (m1->platforms), 0);
  ck_assert (!tsr_marathon_palette_add_platform (m1, 0, &index, &error));
}
END_TEST

/* Every finding of LEVEL, one "where: what" line each: records and polygons that disagree are
 * warnings (game_wad.cpp scan_and_add_platforms copes: it skips the record or makes a default). */
static char *
validation_text (const TsrMarathonLevel *level)
{
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  GString *text = g_string_new (NULL);

  tsr_marathon_level_validate (level, 0, "level", findings);
  for (guint i = 0; i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);

      g_string_append_printf (text, "%s: %s\n", finding->where, finding->what);
    }
  return g_string_free (text, FALSE);
}

/* Validation says when records and polygons disagree (on the codec's sample fixture, whose
 * polygon 1 is platform 0). */
START_TEST (test_validation_agrees)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonMap) map = tsr_marathon_sample_build (&error);
  TsrMarathonLevel *level;
  TsrMarathonPlatform copy;
  g_autofree char *text = NULL;

  ck_assert_msg (map != NULL, "%s", error ? error->message : "");
  level = g_ptr_array_index (map->levels, 0);
  text = tsr_marathon_test_validation_errors (level);
  ck_assert_msg (text[0] == '\0', "%s", text);
  g_free (g_steal_pointer (&text));
  /* A platform polygon without its record. */
  polygon_of (level, 0)->type = 5;
  text = validation_text (level);
  ck_assert_msg (strstr (text, "polygon 0: a platform without a platform record") != NULL, "%s", text);
  g_free (g_steal_pointer (&text));
  polygon_of (level, 0)->type = 0;
  /* A second record for polygon 1: the engine takes the first. */
  copy = g_array_index (level->platforms, TsrMarathonPlatform, 0);
  g_array_append_val (level->platforms, copy);
  text = validation_text (level);
  ck_assert_msg (strstr (text, "platform 1: polygon 1 has an earlier platform record") != NULL, "%s", text);
  g_free (g_steal_pointer (&text));
  g_array_set_size (level->platforms, 1);
  /* A record on a polygon that is no platform. */
  g_array_index (level->platforms, TsrMarathonPlatform, 0).polygon_index = 2;
  text = validation_text (level);
  ck_assert_msg (strstr (text, "platform 0: polygon 2 is not a platform") != NULL, "%s", text);
  ck_assert_msg (strstr (text, "polygon 1: a platform without a platform record") != NULL, "%s", text);
}
END_TEST

static gboolean
has_platform_errors (const TsrMarathonLevel *level)
{
  g_autofree char *errors = validation_text (level);

  return strstr (errors, "platform record") != NULL || strstr (errors, "is not a platform") != NULL;
}

/* The first plain polygon of LEVEL that nothing triggers and that has neighbours. */
static guint
plain_polygon_index (TsrMarathonLevel *level)
{
  for (guint p = 0; p < level->polygons->len; p++)
    if (polygon_of (level, p)->type == 0 && polygon_of (level, p)->vertex_count >= 3
        && polygon_of (level, p)->adjacent_polygon_indexes[0] >= 0)
      return p;
  ck_abort_msg ("no plain polygon");
  return 0;
}

/* On real maps: the inspector's type field set to Platform and back, and the palette's Add. */
START_TEST (test_inspector_and_palette_on_real_maps)
{
  static const char *const names[] = { "chronicles_DreamBrother.sceA", "chronicles_net_War.sceA" };

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *path = g_build_filename (data_dir, "marathon", names[n], NULL);
      g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
      TsrDocument *base = TSR_DOCUMENT (document);
      TsrUndoStack *stack = tsr_document_get_undo_stack (base);
      TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (document, 0);
      TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
      g_autoptr(TsrMarathonLevelSource) source = tsr_marathon_level_source_new (base, map, TSR_MARATHON_RECORD_POLYGON);
      const TsrFieldTable *table = tsr_property_source_get_table (TSR_PROPERTY_SOURCE (source));
      int field = tsr_field_find (table->fields, table->n_fields, "type");
      g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
      g_autoptr(GBytes) made = NULL, undone = NULL, redone = NULL;
      g_autofree char *errors = tsr_marathon_test_validation_errors (level);
      g_autofree char *errors_after = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrCommand) add = NULL;
      guint platforms = count (level->platforms);
      guint chosen = plain_polygon_index (level), other;
      gint record;

      g_autoptr(TsrEditSession) session = tsr_edit_session_new (base);
      TsrElementRef selected = { TSR_ELEMENT_POLYGON, chosen };

      ck_assert_msg (!has_platform_errors (level), "%s: %s", names[n], errors);
      ck_assert_int_ge (field, 0);
      tsr_edit_session_set_layer (session, G_OBJECT (map));
      tsr_selection_add (tsr_edit_session_get_selection (session), &selected);
      tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (source), &chosen, 1);
      ck_assert (tsr_property_source_set_text (TSR_PROPERTY_SOURCE (source), (guint) field, "Platform", &error));
      /* A record was added, no element: the polygon stays selected (the inspector shows it). */
      ck_assert (tsr_selection_contains (tsr_edit_session_get_selection (session), &selected));
      ck_assert_uint_eq (tsr_selection_get_size (tsr_edit_session_get_selection (session)), 1);
      ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 1);
      ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Set Type");
      ck_assert_uint_eq (count (level->platforms), platforms + 1);
      record = tsr_marathon_level_find_platform (level, chosen);
      ck_assert_int_eq (record, (gint) platforms);
      ck_assert_int_eq (polygon_of (level, chosen)->type, 5);
      ck_assert_int_eq (polygon_of (level, chosen)->permutation, record);
      errors_after = tsr_marathon_test_validation_errors (level);
      ck_assert_str_eq (errors_after, errors);
      made = tsr_marathon_test_serialize (document);
      {
        g_autoptr(TsrMarathonMap) reloaded = tsr_marathon_map_parse_bytes (made, "made", &error);
        TsrMarathonLevel *again;

        ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
        again = g_ptr_array_index (reloaded->levels, 0);
        ck_assert_int_eq (tsr_marathon_level_find_platform (again, chosen), record);
        ck_assert (!has_platform_errors (again));
      }

      /* The palette's Add on a second polygon; a third time on the same polygon is refused. */
      other = chosen;
      for (guint p = chosen + 1; p < level->polygons->len && other == chosen; p++)
        if (polygon_of (level, p)->type == 0 && polygon_of (level, p)->vertex_count >= 3)
          other = p;
      ck_assert_uint_ne (other, chosen);
      add = tsr_marathon_add_platform_command_new (map, other, &error);
      ck_assert_msg (add != NULL, "%s", error ? error->message : "");
      tsr_document_execute (base, add);
      ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Add Platform");
      ck_assert_int_eq (tsr_marathon_level_find_platform (level, other), (gint) platforms + 1);
      ck_assert_ptr_null (tsr_marathon_add_platform_command_new (map, other, &error));
      ck_assert_ptr_nonnull (error);
      g_clear_error (&error);

      /* Back to a plain polygon: the first record goes, the second is renumbered. */
      ck_assert (tsr_property_source_set_text (TSR_PROPERTY_SOURCE (source), (guint) field, "0", &error));
      ck_assert_uint_eq (count (level->platforms), platforms + 1);
      ck_assert_int_eq (tsr_marathon_level_find_platform (level, chosen), -1);
      ck_assert_int_eq (polygon_of (level, chosen)->type, 0);
      ck_assert_int_eq (polygon_of (level, other)->permutation, (gint) platforms);
      ck_assert (!has_platform_errors (level));
      ck_assert (tsr_selection_contains (tsr_edit_session_get_selection (session), &selected));

      redone = tsr_marathon_test_serialize (document);
      for (guint i = 0; i < 3; i++)
        ck_assert (tsr_document_undo (base));
      undone = tsr_marathon_test_serialize (document);
      ck_assert_msg (g_bytes_equal (original, undone), "%s: undo-all", names[n]);
      for (guint i = 0; i < 3; i++)
        ck_assert (tsr_document_redo (base));
      g_clear_pointer (&undone, g_bytes_unref);
      undone = tsr_marathon_test_serialize (document);
      ck_assert (g_bytes_equal (redone, undone));
    }
}
END_TEST

/* Painting Platform gives every painted polygon its record, in one step. */
START_TEST (test_paint_platforms)
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
  guint platforms = count (level->platforms), painted = 0;
  TsrToolEvent event = { 0, 0, 0.05, 0 };

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  tool = tsr_marathon_paint_tool_new (session, map);
  tsr_edit_session_set_tool (session, tool);
  tsr_marathon_paint_tool_set_attribute (TSR_MARATHON_PAINT_TOOL (tool), TSR_MARATHON_PAINT_TYPE);
  ck_assert (tsr_marathon_paint_value_valid (TSR_MARATHON_PAINT_TYPE, level, 5));
  tsr_marathon_paint_tool_set_value (TSR_MARATHON_PAINT_TOOL (tool), 5);
  /* A stroke through the inside points of the first plain polygons that are hit there. */
  for (guint p = 0, pressed = 0; p < level->polygons->len && painted < 3; p++)
    {
      const TsrMarathonPolygon *polygon = polygon_of (level, p);
      double x = 0, y = 0;

      if (polygon->type != 0 || polygon->vertex_count < 3)
        continue;
      for (guint k = 0; k < polygon->vertex_count; k++)
        {
          TsrMarathonPoint point = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[k]);

          x += point.x / (double) polygon->vertex_count;
          y += point.y / (double) polygon->vertex_count;
        }
      if (tsr_marathon_level_map_polygon_at (map, x, y) != (gint) p)
        continue;
      event.x = x;
      event.y = y;
      if (!pressed)
        tsr_tool_press (tool, &event);
      else
        tsr_tool_drag (tool, &event);
      pressed = 1;
      painted++;
    }
  tsr_tool_release (tool, &event);
  ck_assert_uint_eq (painted, 3);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Paint polygon type");
  ck_assert_uint_ge (count (level->platforms), platforms + 3);
  for (guint p = 0; p < level->polygons->len; p++)
    if (polygon_of (level, p)->type == 5)
      ck_assert_int_eq (tsr_marathon_level_find_platform (level, p), polygon_of (level, p)->permutation);
  ck_assert (!has_platform_errors (level));
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  undone = tsr_marathon_test_serialize (document);
  ck_assert (g_bytes_equal (original, undone));
}
END_TEST

/* Placement counts on save: an edited level's initial counts follow its placed items and
 * monsters (a count of 0 with objects placed would leave them out of the game); an untouched
 * level keeps its bytes. Requiescat in Pace places types counted 0 as loaded. */
START_TEST (test_placement_counts_on_save)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", "chronicles_net_RequiescatInPace.sceA", NULL);
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  TsrDocument *base = TSR_DOCUMENT (document);
  TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (document, 0);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  g_autoptr(TsrMarathonLevelSource) source = tsr_marathon_level_source_new (base, map, TSR_MARATHON_RECORD_OBJECT);
  const TsrFieldTable *table = tsr_property_source_get_table (TSR_PROPERTY_SOURCE (source));
  int field = tsr_field_find (table->fields, table->n_fields, "index");
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GPtrArray) untouched = NULL;
  g_autoptr(TsrMarathonMap) saved = NULL;
  g_autoptr(TsrMarathonMap) loaded = NULL;
  g_autoptr(GError) error = NULL;
  TsrMarathonLevel *written;
  guint before[TSR_MARATHON_N_PLACEMENTS], after[TSR_MARATHON_N_PLACEMENTS];
  guint zero_before = 0, moved = G_MAXUINT;
  gint16 from = -1, to = -1;

  /* As loaded: untouched, the save writes the loaded bytes. */
  untouched = tsr_document_serialize (base, path, &error);
  ck_assert_msg (untouched != NULL, "%s", error ? error->message : "");
  ck_assert (g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (untouched, 0))->bytes, original));
  tsr_marathon_count_placed (level->objects, before);
  for (guint k = 0; k < TSR_MARATHON_N_PLACEMENTS; k++)
    if (k != TSR_MARATHON_PLACEMENT_TYPES && before[k] > 0
        && g_array_index (level->placements, TsrMarathonPlacement, k).initial_count == 0)
      zero_before++;
  ck_assert_uint_gt (zero_before, 0);
  /* An item turned into another item type through the inspector. */
  for (guint i = 0; i < level->objects->len && moved == G_MAXUINT; i++)
    {
      const TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, i);

      if (object->type == 2 && object->index != 40 && before[40] == 0)
        {
          moved = i;
          from = object->index;
          to = 40;
        }
    }
  ck_assert_uint_ne (moved, G_MAXUINT);
  tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (source), &moved, 1);
  ck_assert (tsr_property_source_set_text (TSR_PROPERTY_SOURCE (source), (guint) field, "40", &error));
  outputs = tsr_document_serialize (base, path, &error);
  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  saved = tsr_marathon_map_parse_bytes (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, "saved", &error);
  ck_assert_msg (saved != NULL, "%s", error ? error->message : "");
  written = g_ptr_array_index (saved->levels, 0);
  tsr_marathon_count_placed (written->objects, after);
  ck_assert_uint_eq (after[to], 1);
  ck_assert_uint_eq (after[from], before[from] - 1);
  /* Only the retyped object's two types move, by one each (Weland's rule), never below 0: the
   * author's zero counts of other placed types (a random-spawn setup) stay as they were. */
  loaded = tsr_marathon_map_parse_bytes (original, "loaded", &error);
  ck_assert_msg (loaded != NULL, "%s", error ? error->message : "");
  for (guint k = 0; k < TSR_MARATHON_N_PLACEMENTS; k++)
    {
      const TsrMarathonLevel *first = g_ptr_array_index (loaded->levels, 0);
      const TsrMarathonPlacement *was = &g_array_index (first->placements, TsrMarathonPlacement, k);
      const TsrMarathonPlacement *now = &g_array_index (written->placements, TsrMarathonPlacement, k);
      gint expected = was->initial_count;

      if (k == (guint) to)
        expected++;
      else if (k == (guint) from)
        expected = MAX (expected - 1, 0);
      ck_assert_msg (now->initial_count == expected, "placement %u: %d, %d expected", k, now->initial_count,
                     expected);
      ck_assert_int_eq (now->minimum_count, was->minimum_count);
      ck_assert_int_eq (now->maximum_count, was->maximum_count);
      ck_assert_int_eq (now->random_count, was->random_count);
    }
  /* The history says so. */
  {
    TsrUndoStack *stack = tsr_document_get_undo_stack (base);
    const char *name = tsr_undo_stack_get_entry_description (stack, tsr_undo_stack_get_n_entries (stack) - 1);
    g_autofree char *note = g_strdup_printf ("item %d count", to);

    ck_assert_msg (strstr (name, note) != NULL, "%s", name);
  }
  /* The document keeps what the commands made: undo gives the loaded bytes. */
  ck_assert (tsr_document_undo (base));
  {
    g_autoptr(GBytes) undone = tsr_marathon_test_serialize (document);

    ck_assert (g_bytes_equal (original, undone));
  }
}
END_TEST

static Suite *
platforms_suite (void)
{
  Suite *suite = suite_create ("marathon-platforms");
  TCase *cases = tcase_create ("platforms");

  tcase_set_timeout (cases, 300);
  tcase_add_test (cases, test_records_follow_types_by_hand);
  tcase_add_test (cases, test_validation_agrees);
  tcase_add_test (cases, test_inspector_and_palette_on_real_maps);
  tcase_add_test (cases, test_paint_platforms);
  tcase_add_test (cases, test_placement_counts_on_save);
  suite_add_tcase (suite, cases);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require (".");
  return tsr_test_run_suite (platforms_suite ());
}
