/* test-marathon-level-map.c: Marathon levels as vector maps, on every real Marathon map: a moved
 * endpoint names and recomputes what it touched; a deleted polygon leaves no reference behind;
 * and random edits through the select tool and the edit session (drags, nudges, deletes, copies
 * and pastes, undos) on every level undo back to the loaded bytes, redo to the edited bytes, and
 * the edited bytes load again. */
#include <math.h>
#include <string.h>

#include "edit/tsr-edit-session.h"
#include "edit/tsr-vector-select-tool.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-marathon-level-source.h"
#include "model/marathon/tsr-terminal-text.h"
#include "tsr-marathon-test-maps.h"
#include "tsr-test-common.h"

static char *data_dir;

static gboolean
in_range (gint value,
          guint n)
{
  return value >= 0 && (guint) value < n;
}

static guint
count (GArray *array)
{
  return array != NULL ? array->len : 0;
}

/* References the editor must keep valid, whatever it did. */
static void
check_references (const char             *path,
                  guint                   level_index,
                  const TsrMarathonLevel *level)
{
  guint np = tsr_marathon_level_n_points (level), nl = count (level->lines), ng = count (level->polygons);
  guint ns = count (level->sides);

  for (guint i = 0; i < nl; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      ck_assert_msg (in_range (line->endpoint_indexes[0], np) && in_range (line->endpoint_indexes[1], np),
                     "%s level %u line %u: endpoints %d %d of %u", path, level_index, i,
                     line->endpoint_indexes[0], line->endpoint_indexes[1], np);
      ck_assert_msg (line->clockwise_polygon_owner == -1 || in_range (line->clockwise_polygon_owner, ng),
                     "%s level %u line %u: owner %d", path, level_index, i, line->clockwise_polygon_owner);
      ck_assert_msg (line->counterclockwise_polygon_owner == -1 || in_range (line->counterclockwise_polygon_owner, ng),
                     "%s level %u line %u: owner %d", path, level_index, i, line->counterclockwise_polygon_owner);
      ck_assert_msg (line->clockwise_side_index == -1 || in_range (line->clockwise_side_index, ns),
                     "%s level %u line %u: side %d", path, level_index, i, line->clockwise_side_index);
      ck_assert_msg (line->counterclockwise_side_index == -1 || in_range (line->counterclockwise_side_index, ns),
                     "%s level %u line %u: side %d", path, level_index, i, line->counterclockwise_side_index);
    }
  for (guint i = 0; i < ng; i++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);

      for (guint v = 0; v < MIN (polygon->vertex_count, 8u); v++)
        {
          ck_assert_msg (in_range (polygon->endpoint_indexes[v], np), "%s level %u polygon %u vertex %u: %d",
                         path, level_index, i, v, polygon->endpoint_indexes[v]);
          ck_assert_msg (in_range (polygon->line_indexes[v], nl), "%s level %u polygon %u line %u: %d",
                         path, level_index, i, v, polygon->line_indexes[v]);
          ck_assert_msg (polygon->adjacent_polygon_indexes[v] == -1 || in_range (polygon->adjacent_polygon_indexes[v], ng),
                         "%s level %u polygon %u adjacent %d", path, level_index, i, polygon->adjacent_polygon_indexes[v]);
        }
      if (polygon->type == 10 && polygon->permutation >= 0)
        ck_assert_msg (in_range (polygon->permutation, ng), "%s level %u polygon %u: teleporter to %d",
                       path, level_index, i, polygon->permutation);
    }
  for (guint i = 0; i < count (level->objects); i++)
    {
      const TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, i);

      ck_assert_msg (in_range (object->polygon_index, ng), "%s level %u object %u: polygon %d of %u", path,
                     level_index, i, object->polygon_index, ng);
    }
  for (guint i = 0; i < count (level->platforms); i++)
    {
      const TsrMarathonPlatform *platform = &g_array_index (level->platforms, TsrMarathonPlatform, i);

      ck_assert_msg (in_range (platform->polygon_index, ng), "%s level %u platform %u: polygon %d", path,
                     level_index, i, platform->polygon_index);
    }
}

typedef struct {
  GArray *refs;
  guint   flags;
  guint   emissions;
} Changes;

static void
on_elements_changed (TsrVectorMap        *map,
                     const TsrElementRef *elements,
                     guint                n_elements,
                     guint                flags,
                     Changes             *changes)
{
  g_array_append_vals (changes->refs, elements, n_elements);
  changes->flags |= flags;
  changes->emissions++;
}

static gboolean
refs_contain (GArray        *refs,
              TsrElementKind kind,
              guint          index)
{
  for (guint i = 0; i < refs->len; i++)
    if (g_array_index (refs, TsrElementRef, i).kind == kind && g_array_index (refs, TsrElementRef, i).index == index)
      return TRUE;
  return FALSE;
}

static char *
dream_brother (void)
{
  return g_build_filename (data_dir, "marathon", "chronicles_DreamBrother.sceA", NULL);
}

START_TEST (test_move_names_and_recomputes)
{
  g_autofree char *path = dream_brother ();
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  TsrMarathonLevelMap *level_map = tsr_marathon_document_get_level_map (document, 0);
  TsrVectorMap *map = TSR_VECTOR_MAP (level_map);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (level_map);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  Changes changes = { g_array_new (FALSE, FALSE, sizeof (TsrElementRef)), 0, 0 };
  TsrElementRef point = { TSR_ELEMENT_POINT, 0 };
  guint users = 0;
  TsrVectorPoint at;
  g_autoptr(GBytes) undone = NULL;

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POINT), tsr_marathon_level_n_points (level));
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_SEGMENT), level->lines->len);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POLYGON), level->polygons->len);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_MARKER),
                     count (level->objects) + count (level->annotations));
  /* A point that a polygon uses. */
  point.index = (guint) g_array_index (level->polygons, TsrMarathonPolygon, 0).endpoint_indexes[0];
  tsr_vector_map_get_vertex (map, &point, 0, &at);
  g_signal_connect (map, "elements-changed", G_CALLBACK (on_elements_changed), &changes);
  tsr_selection_set (tsr_edit_session_get_selection (session), &point, 1);
  {
    g_autoptr(TsrTool) tool = tsr_vector_select_tool_new (session);

    tsr_edit_session_set_tool (session, tool);
    ck_assert (tsr_tool_key (tool, TSR_TOOL_KEY_RIGHT, TSR_MODIFIER_SHIFT));
    tsr_edit_session_set_tool (session, NULL);
  }
  ck_assert_uint_eq (changes.emissions, 1);
  ck_assert_uint_eq (changes.flags, TSR_ELEMENTS_GEOMETRY);
  ck_assert (refs_contain (changes.refs, TSR_ELEMENT_POINT, point.index));
  for (guint i = 0; i < level->lines->len; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      if (line->endpoint_indexes[0] != (gint) point.index && line->endpoint_indexes[1] != (gint) point.index)
        continue;
      users++;
      ck_assert (refs_contain (changes.refs, TSR_ELEMENT_SEGMENT, i));
      ck_assert_int_eq (line->length,
                        tsr_marathon_line_length (tsr_marathon_level_point (level, (guint) line->endpoint_indexes[0]),
                                                  tsr_marathon_level_point (level, (guint) line->endpoint_indexes[1])));
    }
  ck_assert_uint_ge (users, 2);
  for (guint i = 0; i < level->polygons->len; i++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);
      gboolean uses = FALSE;
      TsrMarathonPoint vertices[8], center;
      gint32 area;

      for (guint v = 0; v < polygon->vertex_count; v++)
        {
          uses |= polygon->endpoint_indexes[v] == (gint) point.index;
          vertices[v] = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[v]);
        }
      if (!uses)
        continue;
      ck_assert (refs_contain (changes.refs, TSR_ELEMENT_POLYGON, i));
      tsr_marathon_polygon_measure (vertices, polygon->vertex_count, &area, &center);
      ck_assert_int_eq (polygon->area, area);
      ck_assert_int_eq (polygon->center.x, center.x);
      ck_assert_int_eq (polygon->center.y, center.y);
    }
  ck_assert_int_eq (tsr_marathon_level_point (level, point.index).x, (gint) at.x + 10);
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  undone = tsr_marathon_test_serialize (document);
  ck_assert (g_bytes_equal (original, undone));
  g_signal_handlers_disconnect_by_data (map, &changes);
  g_array_unref (changes.refs);
}
END_TEST

START_TEST (test_delete_repairs_references)
{
  g_autofree char *path = dream_brother ();
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  TsrMarathonLevelMap *level_map = tsr_marathon_document_get_level_map (document, 0);
  TsrVectorMap *map = TSR_VECTOR_MAP (level_map);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (level_map);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  guint n_polygons = level->polygons->len, n_objects = count (level->objects), inside = 0, victim = G_MAXUINT;
  guint n_sides = count (level->sides);
  g_autoptr(GBytes) undone = NULL;

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  /* A polygon with an object in it and a neighbour. */
  for (guint o = 0; o < n_objects && victim == G_MAXUINT; o++)
    {
      gint16 p = g_array_index (level->objects, TsrMarathonObject, o).polygon_index;
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);

      for (guint v = 0; v < polygon->vertex_count; v++)
        if (polygon->adjacent_polygon_indexes[v] >= 0)
          victim = (guint) p;
    }
  ck_assert_uint_ne (victim, G_MAXUINT);
  for (guint o = 0; o < n_objects; o++)
    inside += g_array_index (level->objects, TsrMarathonObject, o).polygon_index == (gint) victim;
  {
    TsrElementRef ref = { TSR_ELEMENT_POLYGON, victim };

    tsr_selection_set (tsr_edit_session_get_selection (session), &ref, 1);
  }
  ck_assert (tsr_edit_session_delete_selection (session));
  ck_assert_uint_eq (level->polygons->len, n_polygons - 1);
  ck_assert_uint_eq (count (level->objects), n_objects - inside);
  ck_assert_uint_lt (count (level->sides), n_sides + 1);
  check_references (path, 0, level);
  /* The lines it shared are walls of the neighbour now. */
  for (guint i = 0; i < level->lines->len; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      if (line->clockwise_polygon_owner == -1 || line->counterclockwise_polygon_owner == -1)
        ck_assert_msg (line->flags & TSR_MARATHON_LINE_SOLID, "line %u: one polygon, not solid", i);
    }
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  undone = tsr_marathon_test_serialize (document);
  ck_assert (g_bytes_equal (original, undone));
  ck_assert (tsr_document_redo (TSR_DOCUMENT (document)));
  ck_assert_uint_eq (level->polygons->len, n_polygons - 1);
}
END_TEST

/* Points of LEVEL no line uses. */
static guint
count_unused_points (const TsrMarathonLevel *level)
{
  guint np = tsr_marathon_level_n_points (level), unused = 0;
  g_autofree guint8 *used = g_malloc0 (np + 1);

  for (guint i = 0; i < level->lines->len; i++)
    for (guint e = 0; e < 2; e++)
      {
        gint16 point = g_array_index (level->lines, TsrMarathonLine, i).endpoint_indexes[e];

        if (in_range (point, np))
          used[point] = 1;
      }
  for (guint i = 0; i < np; i++)
    unused += !used[i];
  return unused;
}

/* Deleting every line of a point (the lines selected, not the point) deletes that point and any
 * other endpoint no line uses any more, in the same undo step, as Weland does (issue 36). */
START_TEST (test_delete_lines_drops_orphan_points)
{
  g_autofree char *path = dream_brother ();
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  TsrMarathonLevelMap *level_map = tsr_marathon_document_get_level_map (document, 0);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (level_map);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  g_autoptr(GBytes) undone = NULL;
  guint n_points = tsr_marathon_level_n_points (level), unused = count_unused_points (level);
  guint n_lines = level->lines->len, depth;
  gint16 point = g_array_index (level->lines, TsrMarathonLine, n_lines / 2).endpoint_indexes[0];

  tsr_edit_session_set_layer (session, G_OBJECT (level_map));
  for (guint i = 0; i < n_lines; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);
      TsrElementRef ref = { TSR_ELEMENT_SEGMENT, i };

      if (line->endpoint_indexes[0] == point || line->endpoint_indexes[1] == point)
        g_array_append_val (lines, ref);
    }
  ck_assert_uint_gt (lines->len, 1);
  tsr_selection_set (tsr_edit_session_get_selection (session), (const TsrElementRef *) lines->data, lines->len);
  depth = tsr_undo_stack_get_position (tsr_document_get_undo_stack (TSR_DOCUMENT (document)));
  ck_assert (tsr_edit_session_delete_selection (session));
  ck_assert_uint_eq (tsr_undo_stack_get_position (tsr_document_get_undo_stack (TSR_DOCUMENT (document))), depth + 1);
  ck_assert_uint_le (level->lines->len, n_lines - lines->len);
  /* The point went, and no endpoint of the deleted lines stays behind unused. */
  ck_assert_uint_lt (tsr_marathon_level_n_points (level), n_points);
  ck_assert_uint_eq (count_unused_points (level), unused);
  check_references (path, 0, level);
  /* One undo puts back every line and point. */
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  undone = tsr_marathon_test_serialize (document);
  ck_assert (g_bytes_equal (original, undone));
  ck_assert (tsr_document_redo (TSR_DOCUMENT (document)));
  ck_assert_uint_eq (count_unused_points (level), unused);
}
END_TEST

/* The polygon each intra-level teleport of LEVEL goes to, in terminal and group order. */
static GArray *
intralevel_teleports (const TsrMarathonLevel *level)
{
  GArray *targets = g_array_new (FALSE, FALSE, sizeof (gint16));

  for (guint t = 0; level->terminals != NULL && t < level->terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, t);

      for (guint g = 0; g < terminal->groups->len; g++)
        {
          const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);

          if (group->type == TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT)
            g_array_append_val (targets, group->permutation);
        }
    }
  return targets;
}

static void
delete_polygon (TsrEditSession *session,
                guint           polygon)
{
  TsrElementRef ref = { TSR_ELEMENT_POLYGON, polygon };

  tsr_selection_set (tsr_edit_session_get_selection (session), &ref, 1);
  ck_assert (tsr_edit_session_delete_selection (session));
}

/* Men Like Ravenous Fishes has terminals teleporting to polygons 170 and 100 of its level. */
START_TEST (test_delete_renumbers_terminal_teleports)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", "chronicles_MenLikeRavenousFishes.sceA", NULL);
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  TsrDocument *base = TSR_DOCUMENT (document);
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  TsrMarathonLevelMap *level_map = tsr_marathon_document_get_level_map (document, 0);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (level_map);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (base);
  g_autoptr(GArray) loaded = intralevel_teleports (level);
  g_autoptr(GArray) after_one = NULL, after_two = NULL, reloaded_targets = NULL;
  g_autoptr(GBytes) undone = NULL, edited = NULL;
  g_autoptr(TsrMarathonScenario) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *errors_before = tsr_marathon_test_validation_errors (level);
  g_autofree char *errors_after = NULL;
  TsrMarathonPolygon target_170;
  gint low = -1, high = -1;

  ck_assert_uint_ge (loaded->len, 2);
  for (guint i = 0; i < loaded->len; i++)
    {
      gint16 target = g_array_index (loaded, gint16, i);

      low = low < 0 ? target : MIN (low, target);
      high = MAX (high, target);
    }
  ck_assert_int_eq (low, 100);
  ck_assert_int_eq (high, 170);
  target_170 = g_array_index (level->polygons, TsrMarathonPolygon, 170);
  tsr_edit_session_set_layer (session, G_OBJECT (level_map));

  /* A lower polygon goes: both teleports name the polygon they named, one lower. */
  delete_polygon (session, 5);
  after_one = intralevel_teleports (level);
  for (guint i = 0; i < loaded->len; i++)
    ck_assert_int_eq (g_array_index (after_one, gint16, i), g_array_index (loaded, gint16, i) - 1);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 169).floor_height, target_170.floor_height);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 169).vertex_count, target_170.vertex_count);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 169).type, target_170.type);

  /* The polygon one of them goes to goes: that teleport goes to polygon 0, the other follows. */
  delete_polygon (session, 99);
  after_two = intralevel_teleports (level);
  for (guint i = 0; i < loaded->len; i++)
    ck_assert_int_eq (g_array_index (after_two, gint16, i), g_array_index (loaded, gint16, i) == 100 ? 0 : 168);
  errors_after = tsr_marathon_test_validation_errors (level);
  ck_assert_str_eq (errors_after, errors_before);

  /* Saved, the terminals carry the new targets. */
  edited = tsr_marathon_test_serialize (document);
  reloaded = tsr_marathon_scenario_load (edited, path, &error);
  ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
  reloaded_targets = intralevel_teleports (g_ptr_array_index (reloaded->map->levels, 0));
  ck_assert_uint_eq (reloaded_targets->len, after_two->len);
  ck_assert (memcmp (reloaded_targets->data, after_two->data, after_two->len * sizeof (gint16)) == 0);

  /* Undo gives the loaded bytes back, redo the edited ones. */
  ck_assert (tsr_document_undo (base));
  ck_assert (tsr_document_undo (base));
  undone = tsr_marathon_test_serialize (document);
  ck_assert (g_bytes_equal (original, undone));
  ck_assert (tsr_document_redo (base));
  ck_assert (tsr_document_redo (base));
  {
    g_autoptr(GBytes) redone = tsr_marathon_test_serialize (document);

    ck_assert (g_bytes_equal (edited, redone));
  }
}
END_TEST


/* The numbers of the script's intra-level teleport directives, in order. */
static GArray *
script_teleports (TsrTerminalText *text)
{
  GArray *numbers = g_array_new (FALSE, FALSE, sizeof (gint16));
  g_auto(GStrv) lines = g_strsplit (tsr_terminal_text_get_text (text, NULL), "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_ascii_strncasecmp (g_strstrip (lines[i]), "#INTRALEVEL TELEPORT", 20) == 0)
      {
        gint16 number = (gint16) atoi (lines[i] + 20);

        g_array_append_val (numbers, number);
      }
  return numbers;
}

static void
assert_same_targets (GArray *a,
                     GArray *b)
{
  ck_assert_uint_eq (a->len, b->len);
  for (guint i = 0; i < a->len; i++)
    ck_assert_int_eq (g_array_index (a, gint16, i), g_array_index (b, gint16, i));
}

/* With the level's terminals open as script text (the Terminals page), deleting a polygon
 * renumbers the teleports in the text too, so a later compile of the text keeps the new numbers;
 * undo puts the text back as it was. */
START_TEST (test_delete_renumbers_open_script)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", "chronicles_MenLikeRavenousFishes.sceA", NULL);
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  TsrDocument *base = TSR_DOCUMENT (document);
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  TsrMarathonLevelMap *level_map = tsr_marathon_document_get_level_map (document, 0);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (level_map);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (base);
  g_autoptr(GError) error = NULL;
  TsrTerminalText *text = tsr_marathon_document_get_terminal_text (document, 0, &error);
  g_autofree char *loaded_text = NULL;
  g_autoptr(GArray) loaded = intralevel_teleports (level);
  g_autoptr(GArray) said = NULL, after = NULL, typed = NULL, shown = NULL;

  ck_assert_msg (text != NULL, "%s", error ? error->message : "");
  loaded_text = g_strdup (tsr_terminal_text_get_text (text, NULL));
  said = script_teleports (text);
  assert_same_targets (said, loaded);
  tsr_edit_session_set_layer (session, G_OBJECT (level_map));

  /* Polygon 99 goes: the teleport to 100 names 99, the one to 170 names 169, in the level and
   * in the text the Terminals page shows. */
  delete_polygon (session, 5);
  delete_polygon (session, 99);
  after = intralevel_teleports (level);
  for (guint i = 0; i < loaded->len; i++)
    ck_assert_int_eq (g_array_index (after, gint16, i), g_array_index (loaded, gint16, i) == 100 ? 0 : 168);
  shown = script_teleports (text);
  assert_same_targets (shown, after);

  /* Typing in the script recompiles it: the teleports keep the new numbers. */
  ck_assert (tsr_terminal_text_replace (text, 0, 0, "; renumbered\n"));
  typed = intralevel_teleports (level);
  assert_same_targets (typed, after);

  /* Undo of the typing and of both deletes: the loaded text and bytes. */
  for (guint i = 0; i < 3; i++)
    ck_assert (tsr_document_undo (base));
  ck_assert_str_eq (tsr_terminal_text_get_text (text, NULL), loaded_text);
  {
    g_autoptr(GBytes) undone = tsr_marathon_test_serialize (document);

    ck_assert (g_bytes_equal (original, undone));
  }
  /* Redo of the deletes renumbers the text again. */
  ck_assert (tsr_document_redo (base));
  ck_assert (tsr_document_redo (base));
  {
    g_autoptr(GArray) again = script_teleports (text);

    assert_same_targets (again, after);
  }
}
END_TEST

START_TEST (test_copy_paste_polygons)
{
  g_autofree char *path = dream_brother ();
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  TsrMarathonLevelMap *level_map = tsr_marathon_document_get_level_map (document, 0);
  TsrVectorMap *map = TSR_VECTOR_MAP (level_map);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (level_map);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  TsrElementRef two[2] = { { TSR_ELEMENT_POLYGON, 0 }, { TSR_ELEMENT_POLYGON, 0 } };
  guint n_polygons = level->polygons->len, n_lines = level->lines->len;
  const TsrMarathonPolygon *first;
  g_autoptr(GBytes) undone = NULL;

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  first = &g_array_index (level->polygons, TsrMarathonPolygon, 0);
  for (guint v = 0; v < first->vertex_count && two[1].index == 0; v++)
    if (first->adjacent_polygon_indexes[v] > 0)
      two[1].index = (guint) first->adjacent_polygon_indexes[v];
  ck_assert_uint_ne (two[1].index, 0);
  /* Two neighbours copied as polygons alone: the clip brings their lines and points. */
  tsr_selection_set (tsr_edit_session_get_selection (session), two, 2);
  ck_assert (tsr_edit_session_copy (session));
  ck_assert (tsr_edit_session_paste (session, 1024, -512));
  ck_assert_uint_eq (level->polygons->len, n_polygons + 2);
  ck_assert_uint_gt (level->lines->len, n_lines);
  check_references (path, 0, level);
  {
    const TsrMarathonPolygon *a = &g_array_index (level->polygons, TsrMarathonPolygon, n_polygons);
    const TsrMarathonPolygon *b = &g_array_index (level->polygons, TsrMarathonPolygon, n_polygons + 1);
    gboolean shared = FALSE;

    for (guint v = 0; v < a->vertex_count; v++)
      for (guint w = 0; w < b->vertex_count; w++)
        if (a->line_indexes[v] == b->line_indexes[w])
          {
            const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, a->line_indexes[v]);

            shared = TRUE;
            ck_assert_int_eq (a->adjacent_polygon_indexes[v], (gint) n_polygons + 1);
            ck_assert_int_eq (b->adjacent_polygon_indexes[w], (gint) n_polygons);
            ck_assert (line->flags & TSR_MARATHON_LINE_TRANSPARENT);
            ck_assert (!(line->flags & TSR_MARATHON_LINE_SOLID));
          }
    ck_assert (shared);
    /* The copy of polygon 0 (the clip keeps the selection's order), displaced. */
    ck_assert_uint_eq (a->vertex_count, first->vertex_count);
    for (guint v = 0; v < a->vertex_count; v++)
      {
        TsrMarathonPoint p = tsr_marathon_level_point (level, (guint) a->endpoint_indexes[v]);
        TsrMarathonPoint q = tsr_marathon_level_point (level, (guint) first->endpoint_indexes[v]);

        ck_assert_int_eq (p.x, q.x + 1024);
        ck_assert_int_eq (p.y, q.y - 512);
      }
    ck_assert_int_eq (a->floor_height, first->floor_height);
  }
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  undone = tsr_marathon_test_serialize (document);
  ck_assert (g_bytes_equal (original, undone));
}
END_TEST

/* The inspector's source: one field set on three selected polygons is one undo step; mixed and
 * shared values; the level map says which elements changed. */
START_TEST (test_record_source_sets_selection)
{
  g_autofree char *path = dream_brother ();
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  TsrMarathonLevelMap *level_map = tsr_marathon_document_get_level_map (document, 0);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (level_map);
  g_autoptr(TsrMarathonLevelSource) source = tsr_marathon_level_source_new (TSR_DOCUMENT (document), level_map,
                                                                            TSR_MARATHON_RECORD_POLYGON);
  TsrPropertySource *base = TSR_PROPERTY_SOURCE (source);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  const TsrFieldTable *table = tsr_marathon_record_fields (TSR_MARATHON_RECORD_POLYGON);
  int field = tsr_field_find (table->fields, table->n_fields, "floor_height");
  guint three[3] = { 2, 5, 7 };
  TsrFieldValue value = { { 0 } };
  Changes changes = { g_array_new (FALSE, FALSE, sizeof (TsrElementRef)), 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) undone = NULL;
  guint depth;

  ck_assert_int_ge (field, 0);
  ck_assert (tsr_property_source_is_field_editable (base, (guint) field));
  tsr_property_source_set_elements (base, three, 3);
  g_signal_connect (level_map, "elements-changed", G_CALLBACK (on_elements_changed), &changes);
  depth = tsr_undo_stack_get_depth (stack);
  ck_assert (tsr_property_source_set_text (base, (guint) field, "-512", &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  for (guint i = 0; i < 3; i++)
    {
      ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, three[i]).floor_height, -512);
      ck_assert (refs_contain (changes.refs, TSR_ELEMENT_POLYGON, three[i]));
    }
  ck_assert_int_eq (tsr_property_source_get_shared (base, (guint) field, &value), TSR_PROPERTY_SHARED);
  ck_assert_int_eq (value.v[0], -512);
  tsr_field_value_clear (&value);
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  undone = tsr_marathon_test_serialize (document);
  ck_assert (g_bytes_equal (original, undone));
  g_signal_handlers_disconnect_by_data (level_map, &changes);
  g_array_unref (changes.refs);
}
END_TEST

/* A random element of the map (kinds weighted towards points, as editing is). */
static gboolean
random_element (GRand         *rand,
                TsrVectorMap  *map,
                TsrElementRef *ref)
{
  static const TsrElementKind kinds[] = { TSR_ELEMENT_POINT, TSR_ELEMENT_POINT, TSR_ELEMENT_POINT,
                                          TSR_ELEMENT_SEGMENT, TSR_ELEMENT_POLYGON, TSR_ELEMENT_MARKER };

  for (guint attempt = 0; attempt < 8; attempt++)
    {
      TsrElementKind kind = kinds[g_rand_int_range (rand, 0, G_N_ELEMENTS (kinds))];
      guint n = tsr_vector_map_get_n_elements (map, kind);

      if (n == 0)
        continue;
      *ref = (TsrElementRef) { kind, (guint) g_rand_int_range (rand, 0, (gint32) n) };
      return TRUE;
    }
  return FALSE;
}

typedef struct {
  guint moves, nudges, deletes, pastes, undos;
} Tally;

/* One random edit through the select tool or the session, as the canvas makes them. */
static void
random_edit (GRand          *rand,
             TsrEditSession *session,
             TsrTool        *tool,
             Tally          *tally)
{
  TsrVectorMap *map = tsr_edit_session_get_vector_map (session);
  TsrSelection *selection = tsr_edit_session_get_selection (session);
  TsrUndoStack *stack = tsr_edit_session_get_undo_stack (session);
  double zoom = g_rand_boolean (rand) ? 0.5 : 0.125;
  guint what = (guint) g_rand_int_range (rand, 0, 100);
  TsrElementRef ref;

  if (!random_element (rand, map, &ref))
    return;
  if (what < 50)
    {
      /* Press on the element, drag in a few steps, release: one merged move. */
      TsrVectorPoint p;
      TsrToolEvent event = { 0, 0, zoom, TSR_MODIFIER_NONE };
      double dx = g_rand_double_range (rand, -2048, 2048), dy = g_rand_double_range (rand, -2048, 2048);
      guint steps = (guint) g_rand_int_range (rand, 1, 6);

      tsr_vector_map_get_vertex (map, &ref, 0, &p);
      event.x = p.x;
      event.y = p.y;
      tsr_tool_press (tool, &event);
      for (guint s = 1; s <= steps; s++)
        {
          event.x = p.x + dx * s / steps;
          event.y = p.y + dy * s / steps;
          tsr_tool_drag (tool, &event);
        }
      if (g_rand_int_range (rand, 0, 20) == 0)
        tsr_tool_cancel (tool);
      else
        tsr_tool_release (tool, &event);
      tally->moves++;
    }
  else if (what < 70)
    {
      static const TsrToolKey arrows[] = { TSR_TOOL_KEY_LEFT, TSR_TOOL_KEY_RIGHT, TSR_TOOL_KEY_UP, TSR_TOOL_KEY_DOWN };

      tsr_selection_set (selection, &ref, 1);
      if (g_rand_boolean (rand))
        {
          TsrElementRef more;

          if (random_element (rand, map, &more))
            tsr_selection_add_all (selection, &more, 1);
        }
      tsr_tool_key (tool, arrows[g_rand_int_range (rand, 0, 4)],
                    g_rand_boolean (rand) ? TSR_MODIFIER_SHIFT : TSR_MODIFIER_NONE);
      tally->nudges++;
    }
  else if (what < 80)
    {
      tsr_selection_set (selection, &ref, 1);
      tsr_tool_key (tool, TSR_TOOL_KEY_DELETE, TSR_MODIFIER_NONE);
      tally->deletes++;
    }
  else if (what < 92)
    {
      tsr_selection_set (selection, &ref, 1);
      if (ref.kind == TSR_ELEMENT_POLYGON && g_rand_boolean (rand))
        {
          const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (TSR_MARATHON_LEVEL_MAP (map));
          const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, ref.index);

          /* With a neighbour, so the pasted pair shares a line. */
          for (guint v = 0; v < MIN (polygon->vertex_count, 8u); v++)
            if (polygon->adjacent_polygon_indexes[v] >= 0)
              {
                TsrElementRef neighbour = { TSR_ELEMENT_POLYGON, (guint) polygon->adjacent_polygon_indexes[v] };

                tsr_selection_add_all (selection, &neighbour, 1);
                break;
              }
        }
      if (tsr_edit_session_copy (session))
        tsr_edit_session_paste (session, round (g_rand_double_range (rand, -4096, 4096)),
                                round (g_rand_double_range (rand, -4096, 4096)));
      tally->pastes++;
    }
  else
    {
      guint n = (guint) g_rand_int_range (rand, 1, 4);

      for (guint i = 0; i < n; i++)
        tsr_undo_stack_undo (stack);
      if (g_rand_boolean (rand))
        tsr_undo_stack_redo (stack);
      tally->undos++;
    }
}

START_TEST (test_random_edits_every_level)
{
  g_autoptr(GPtrArray) files = tsr_marathon_test_real_maps (data_dir);
  GRand *rand = g_rand_new_with_seed (1913);
  guint levels_checked = 0;

  ck_assert_uint_ge (files->len, 6);
  for (guint f = 0; f < files->len; f++)
    {
      const char *path = g_ptr_array_index (files, f);
      g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
      TsrDocument *base = TSR_DOCUMENT (document);
      TsrUndoStack *stack = tsr_document_get_undo_stack (base);
      guint n_levels = tsr_marathon_document_get_n_levels (document);
      /* At least 1000 edits a file, spread over its levels. */
      guint per_level = MAX (30, (1000 + n_levels - 1) / n_levels);
      g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
      g_autoptr(GBytes) edited = NULL;
      g_autoptr(GBytes) undone = NULL;
      g_autoptr(GBytes) redone = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrMarathonScenario) reloaded = NULL;
      Tally tally = { 0 };

      for (guint l = 0; l < n_levels; l++)
        {
          TsrMarathonLevelMap *level_map = tsr_marathon_document_get_level_map (document, l);
          g_autoptr(TsrEditSession) session = tsr_edit_session_new (base);
          g_autoptr(TsrTool) tool = tsr_vector_select_tool_new (session);

          if (count (tsr_marathon_level_map_get_level (level_map)->polygons) == 0)
            continue;
          tsr_edit_session_set_layer (session, G_OBJECT (level_map));
          tsr_edit_session_set_tool (session, tool);
          for (guint e = 0; e < per_level; e++)
            random_edit (rand, session, tool, &tally);
          check_references (path, l, tsr_marathon_level_map_get_level (level_map));
          tsr_edit_session_set_tool (session, NULL);
          levels_checked++;
        }
      ck_assert_uint_ge (tally.moves + tally.nudges + tally.deletes + tally.pastes + tally.undos, 1000);
      ck_assert_uint_gt (tally.deletes, 0);
      ck_assert_uint_gt (tally.pastes, 0);
      /* The edited state is the tip of the history (the last undo burst left steps to redo). */
      while (tsr_undo_stack_redo (stack))
        ;
      edited = tsr_marathon_test_serialize (document);
      ck_assert_msg (!g_bytes_equal (original, edited), "%s: the edits changed nothing", path);
      reloaded = tsr_marathon_scenario_load (edited, path, &error);
      ck_assert_msg (reloaded != NULL, "%s: edited bytes do not load: %s", path, error ? error->message : "");
      ck_assert_uint_eq (reloaded->map->levels->len, n_levels);

      while (tsr_undo_stack_undo (stack))
        ;
      undone = tsr_marathon_test_serialize (document);
      ck_assert_msg (g_bytes_equal (original, undone), "%s: undo-all is not the loaded bytes", path);
      while (tsr_undo_stack_redo (stack))
        ;
      redone = tsr_marathon_test_serialize (document);
      ck_assert_msg (g_bytes_equal (edited, redone), "%s: redo-all is not the edited bytes", path);
      g_print ("%s: %u levels, %u moves, %u nudges, %u deletes, %u pastes, %u undo bursts\n", path, n_levels,
               tally.moves, tally.nudges, tally.deletes, tally.pastes, tally.undos);
    }
  tsr_test_report_count ("Marathon levels edited at random", levels_checked);
  g_rand_free (rand);
}
END_TEST

static Suite *
level_map_suite (void)
{
  Suite *suite = suite_create ("marathon-level-map");
  TCase *edits = tcase_create ("edits");

  tcase_add_test (edits, test_move_names_and_recomputes);
  tcase_add_test (edits, test_delete_repairs_references);
  tcase_add_test (edits, test_delete_lines_drops_orphan_points);
  tcase_add_test (edits, test_delete_renumbers_terminal_teleports);
  tcase_add_test (edits, test_delete_renumbers_open_script);
  tcase_add_test (edits, test_copy_paste_polygons);
  tcase_add_test (edits, test_record_source_sets_selection);
  tcase_add_test (edits, test_random_edits_every_level);
  suite_add_tcase (suite, edits);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require (".");
  return tsr_test_run_suite (level_map_suite ());
}
