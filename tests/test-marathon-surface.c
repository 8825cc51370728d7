/* test-marathon-surface.c: the visual mode's surface edits on small levels built here: auto-align
 * along a run of walls (lengths 1.5, 0.75 and 2 WU; across polygons through an opening; stopped by
 * a branch and by another texture), undo and redo of the run as one step, copy/paste of a
 * surface's style (wall and floor both ways), stepping a surface's light, and the offset moves
 * of one drag merging into one command; on every wall of the real maps, a run that ends, changes
 * only wrapped offsets and is aligned when run again. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/marathon/tsr-marathon-surface.h"
#include "model/tsr-undo-stack.h"
#include "tsr-test-common.h"
#include "tsr-visual-test-levels.h"

#define TEXTURE_A TSR_VISUAL_TEST_TEXTURE (17, 3)
#define TEXTURE_B TSR_VISUAL_TEST_TEXTURE (17, 9)

/* One clockwise trapezoid (0,0) (1536,0) (1536,768) (-512,768): edges of 1.5, 0.75, 2 WU and a
 * slanted one back; side I on edge I; the first three in TEXTURE_A, the last in TEXTURE_B. */
static TsrMarathonLevel *
trapezoid_level (void)
{
  static const TsrMarathonPoint points[] = { { 0, 0 }, { 1536, 0 }, { 1536, 768 }, { -512, 768 } };
  static const gint16 lengths[] = { 1536, 768, 2048, 923 };
  TsrMarathonLevel *level = tsr_marathon_level_new (0, 2, "Trapezoid");
  TsrMarathonPolygon polygon = { 0 };
  TsrMarathonLight light = { 0 };

  g_array_append_val (level->lights, light);
  polygon.vertex_count = 4;
  for (guint v = 0; v < 8; v++)
    polygon.endpoint_indexes[v] = polygon.line_indexes[v] = polygon.adjacent_polygon_indexes[v]
      = polygon.side_indexes[v] = -1;
  for (guint i = 0; i < 4; i++)
    {
      TsrMarathonLine line = { { (gint16) i, (gint16) ((i + 1) % 4) } };
      TsrMarathonSide side = { 0 };

      g_array_append_val (level->points, points[i]);
      line.length = lengths[i];
      line.clockwise_polygon_owner = 0;
      line.counterclockwise_polygon_owner = -1;
      line.clockwise_side_index = (gint16) i;
      line.counterclockwise_side_index = -1;
      g_array_append_val (level->lines, line);
      side.polygon_index = 0;
      side.line_index = (gint16) i;
      side.primary_texture.texture = i < 3 ? TEXTURE_A : TEXTURE_B;
      side.primary_texture.x0 = (gint16) (11 * i);
      side.secondary_texture.texture = side.transparent_texture.texture = -1;
      side.control_panel_type = -1;
      g_array_append_val (level->sides, side);
      polygon.endpoint_indexes[i] = (gint16) i;
      polygon.line_indexes[i] = (gint16) i;
      polygon.side_indexes[i] = (gint16) i;
    }
  polygon.ceiling_height = 1024;
  polygon.media_index = -1;
  g_array_append_val (level->polygons, polygon);
  return level;
}

static TsrMarathonSide *
side (TsrMarathonLevel *level,
      guint             index)
{
  return &g_array_index (level->sides, TsrMarathonSide, index);
}

/* The run's entry for SIDE_INDEX, or NULL. */
static const TsrMarathonAlignedSide *
find_aligned (GArray *run,
              guint   side_index)
{
  for (guint i = 0; i < run->len; i++)
    if (g_array_index (run, TsrMarathonAlignedSide, i).side == side_index)
      return &g_array_index (run, TsrMarathonAlignedSide, i);
  return NULL;
}

/* The run's entry for SIDE_INDEX, failing the test when there is none. */
static const TsrMarathonAlignedSide *
aligned (GArray *run,
         guint   side_index)
{
  static const TsrMarathonAlignedSide none = { G_MAXUINT };
  const TsrMarathonAlignedSide *found = find_aligned (run, side_index);

  ck_assert_msg (found != NULL, "side %u is not in the run", side_index);
  return found != NULL ? found : &none;
}

static GBytes *
sides_bytes (TsrMarathonLevel *level)
{
  return g_bytes_new (level->sides->data, level->sides->len * sizeof (TsrMarathonSide));
}

START_TEST (test_auto_align_lengths)
{
  g_autoptr(TsrMarathonLevel) level = trapezoid_level ();
  TsrMarathonSurface start = { TSR_MARATHON_SURFACE_WALL_FULL, 0, 0 };
  g_autoptr(GArray) run = NULL;

  side (level, 0)->primary_texture.x0 = 100;
  side (level, 0)->primary_texture.y0 = 40;
  run = tsr_marathon_auto_align (level, &start);
  ck_assert (run != NULL);
  /* 100 + 1536 = 1636 ≡ 612; 612 + 768 = 1380 ≡ 356; the slanted edge has another texture. */
  ck_assert_uint_eq (run->len, 2);
  ck_assert_int_eq (aligned (run, 1)->record.primary_texture.x0, 612);
  ck_assert_int_eq (aligned (run, 2)->record.primary_texture.x0, 356);
  /* One ceiling: the texture's top stays where it is. */
  ck_assert_int_eq (aligned (run, 1)->record.primary_texture.y0, 40);
  ck_assert_int_eq (aligned (run, 2)->record.primary_texture.y0, 40);
  ck_assert (find_aligned (run, 0) == NULL && find_aligned (run, 3) == NULL);
  /* Only the offsets change. */
  {
    TsrMarathonSide expected = *side (level, 1);

    expected.primary_texture.x0 = 612;
    expected.primary_texture.y0 = 40;
    ck_assert (memcmp (&expected, &aligned (run, 1)->record, sizeof expected) == 0);
  }
  g_clear_pointer (&run, g_array_unref);

  /* From the middle wall both ways: right 0 + 768; left 0 - 1536 ≡ 512. */
  side (level, 1)->primary_texture.x0 = 0;
  side (level, 1)->primary_texture.y0 = 0;
  start.index = 1;
  run = tsr_marathon_auto_align (level, &start);
  ck_assert_uint_eq (run->len, 2);
  ck_assert_int_eq (aligned (run, 2)->record.primary_texture.x0, 768);
  ck_assert_int_eq (aligned (run, 0)->record.primary_texture.x0, 512);
  g_clear_pointer (&run, g_array_unref);

  /* Not a wall, or no such side: nothing. */
  start.part = TSR_MARATHON_SURFACE_FLOOR;
  ck_assert (tsr_marathon_auto_align (level, &start) == NULL);
  start.part = TSR_MARATHON_SURFACE_WALL_FULL;
  start.index = 99;
  ck_assert (tsr_marathon_auto_align (level, &start) == NULL);
  /* A section the wall does not have: nothing. */
  start.index = 0;
  start.part = TSR_MARATHON_SURFACE_WALL_LOW;
  ck_assert (tsr_marathon_auto_align (level, &start) == NULL);
}
END_TEST

START_TEST (test_auto_align_undo)
{
  g_autoptr(TsrMarathonLevel) level = trapezoid_level ();
  g_autoptr(TsrMarathonLevelMap) map = tsr_marathon_level_map_new (level);
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  TsrMarathonSurface start = { TSR_MARATHON_SURFACE_WALL_FULL, 0, 0 };
  g_autoptr(GBytes) before = NULL, after = NULL, redone = NULL;
  TsrCommand *command;

  side (level, 0)->primary_texture.x0 = 100;
  before = sides_bytes (level);
  command = tsr_marathon_auto_align_command_new (map, &start);
  ck_assert (command != NULL);
  tsr_undo_stack_push (stack, command);
  g_object_unref (command);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Auto-Align Textures");
  ck_assert_int_eq (side (level, 1)->primary_texture.x0, 612);
  ck_assert_int_eq (side (level, 2)->primary_texture.x0, 356);
  ck_assert_int_eq (side (level, 3)->primary_texture.x0, 33);
  after = sides_bytes (level);
  ck_assert (tsr_undo_stack_undo (stack));
  {
    g_autoptr(GBytes) undone = sides_bytes (level);

    ck_assert (g_bytes_equal (before, undone));
  }
  ck_assert (tsr_undo_stack_redo (stack));
  redone = sides_bytes (level);
  ck_assert (g_bytes_equal (after, redone));
  /* Aligned already: a second auto-align changes nothing and makes no command. */
  ck_assert (tsr_marathon_auto_align_command_new (map, &start) == NULL);
}
END_TEST

/* Two rooms in a row (tsr_visual_test_rooms_level): sides 0..3 room 0's top, shared, bottom and
 * left edges, 4..7 room 1's top, right, bottom and shared ones. */
START_TEST (test_auto_align_across_polygons)
{
  static const gint16 floors[] = { 0, 0 }, ceilings[] = { 1024, 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (2, floors, ceilings, 0x10000, FALSE);
  TsrMarathonSurface start = { TSR_MARATHON_SURFACE_WALL_FULL, 0, 0 };
  g_autoptr(GArray) run = NULL;
  static const guint order[] = { 4, 5, 6, 2, 3 };

  for (guint s = 0; s < level->sides->len; s++)
    side (level, s)->primary_texture.x0 = (gint16) (3 * s + 1);
  side (level, 0)->primary_texture.x0 = 100;
  run = tsr_marathon_auto_align (level, &start);
  /* Right along the top through the opening into room 1, round it, back through the opening
   * along the bottom and up the left wall to the start; the shared edge has no wall. */
  ck_assert_uint_eq (run->len, G_N_ELEMENTS (order));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      ck_assert_uint_eq (g_array_index (run, TsrMarathonAlignedSide, i).side, order[i]);
      ck_assert_int_eq (g_array_index (run, TsrMarathonAlignedSide, i).record.primary_texture.x0, 100);
    }
}
END_TEST

START_TEST (test_auto_align_branch)
{
  /* Room 1 a step up: at the top wall's right end the step's riser and room 1's top wall both
   * go on from the same vertex at heights the top wall spans: a branch. */
  static const gint16 floors[] = { 0, 256 }, ceilings[] = { 1024, 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (2, floors, ceilings, 0x10000, FALSE);
  TsrMarathonSurface start = { TSR_MARATHON_SURFACE_WALL_FULL, 0, 0 };
  g_autoptr(GArray) run = NULL;

  for (guint s = 0; s < level->sides->len; s++)
    side (level, s)->primary_texture.x0 = (gint16) (3 * s + 1);
  side (level, 0)->primary_texture.x0 = 100;
  run = tsr_marathon_auto_align (level, &start);
  /* Left: the left wall and the bottom, then the bottom's left end meets the same branch. */
  ck_assert_uint_eq (run->len, 2);
  ck_assert_uint_eq (g_array_index (run, TsrMarathonAlignedSide, 0).side, 3);
  ck_assert_uint_eq (g_array_index (run, TsrMarathonAlignedSide, 1).side, 2);
  ck_assert (find_aligned (run, 4) == NULL && find_aligned (run, 1) == NULL);
  g_clear_pointer (&run, g_array_unref);

  /* The riser (room 0's low part on the shared edge, primary: no high part): at its lower end
   * room 0's bottom wall spans it and room 1's walls start at 256, where the riser ends: one next
   * wall. Round room 0 (bottom, left, top); the top wall's end is the branch above. */
  start.part = TSR_MARATHON_SURFACE_WALL_LOW;
  start.index = 1;
  side (level, 1)->primary_texture.x0 = 0;
  side (level, 1)->primary_texture.y0 = 0;
  run = tsr_marathon_auto_align (level, &start);
  ck_assert (run != NULL);
  ck_assert_uint_eq (run->len, 3);
  ck_assert_uint_eq (g_array_index (run, TsrMarathonAlignedSide, 0).side, 2);
  ck_assert_uint_eq (g_array_index (run, TsrMarathonAlignedSide, 1).side, 3);
  ck_assert_uint_eq (g_array_index (run, TsrMarathonAlignedSide, 2).side, 0);
  /* Full and low are not one kind: the bottom wall's y0 stays. */
  ck_assert_int_eq (aligned (run, 2)->record.primary_texture.x0, 0);
  ck_assert_int_eq (aligned (run, 2)->record.primary_texture.y0, side (level, 2)->primary_texture.y0);
}
END_TEST

/* A level of POLYGONS (clockwise quadrilaterals of point indexes) on POINTS: a line per edge shared where two polygons meet, a side on every edge of every polygon
 * (side I of polygon P is the P * 4 + Ith, all in TEXTURE_A), floors FLOORS, ceilings 2048. */
static TsrMarathonLevel *
polygons_level (const TsrMarathonPoint *points,
                guint                   n_points,
                const gint              polygons[][4],
                const gint16           *floors,
                guint                   n_polygons)
{
  TsrMarathonLevel *level = tsr_marathon_level_new (0, 2, "Polygons");
  TsrMarathonLight light = { 0 };

  g_array_append_val (level->lights, light);
  g_array_append_vals (level->points, points, n_points);
  for (guint p = 0; p < n_polygons; p++)
    {
      TsrMarathonPolygon polygon = { 0 };

      polygon.vertex_count = 4;
      for (guint v = 0; v < 8; v++)
        polygon.endpoint_indexes[v] = polygon.line_indexes[v] = polygon.adjacent_polygon_indexes[v]
          = polygon.side_indexes[v] = -1;
      for (guint e = 0; e < 4; e++)
        {
          gint a = polygons[p][e], b = polygons[p][(e + 1) % 4];
          TsrMarathonSide new_side = { 0 };
          gint found = -1;

          for (guint l = 0; l < level->lines->len && found < 0; l++)
            {
              TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, l);

              if (line->endpoint_indexes[0] == b && line->endpoint_indexes[1] == a)
                {
                  line->counterclockwise_polygon_owner = (gint16) p;
                  line->counterclockwise_side_index = (gint16) level->sides->len;
                  found = (gint) l;
                }
            }
          if (found < 0)
            {
              TsrMarathonLine line = { { (gint16) a, (gint16) b } };
              TsrMarathonPoint pa = points[a], pb = points[b];

              line.length = (gint16) lround (hypot (pb.x - pa.x, pb.y - pa.y));
              line.clockwise_polygon_owner = (gint16) p;
              line.clockwise_side_index = (gint16) level->sides->len;
              line.counterclockwise_polygon_owner = line.counterclockwise_side_index = -1;
              found = (gint) level->lines->len;
              g_array_append_val (level->lines, line);
            }
          polygon.endpoint_indexes[e] = (gint16) a;
          polygon.line_indexes[e] = (gint16) found;
          polygon.side_indexes[e] = (gint16) level->sides->len;
          new_side.polygon_index = (gint16) p;
          new_side.line_index = (gint16) found;
          new_side.primary_texture.texture = TEXTURE_A;
          new_side.secondary_texture.texture = TEXTURE_A;
          new_side.transparent_texture.texture = -1;
          new_side.control_panel_type = -1;
          g_array_append_val (level->sides, new_side);
        }
      polygon.floor_height = floors[p];
      polygon.ceiling_height = 2048;
      polygon.media_index = -1;
      g_array_append_val (level->polygons, polygon);
    }
  return level;
}

START_TEST (test_auto_align_low_steps)
{
  /* A low room 0 (floor 0) with a ledge 1 north of it (floor 256) and a ledge 2 east (floor
   * 512): its risers on its top and right edges meet at their corner, one kind: the right one's
   * y0 follows the difference of their tops, 0 + 256 - 512 ≡ 768, x0 0 + 1024 ≡ 0. Ledge 2's own
   * top wall starts at the corner too, but above the first riser (at 512): no branch. */
  static const TsrMarathonPoint points[] = {
    { 0, 0 }, { 1024, 0 }, { 1024, 1024 }, { 0, 1024 },     /* room 0 */
    { 0, -1024 }, { 1024, -1024 },                           /* ledge 1 */
    { 2048, 0 }, { 2048, 1024 },                             /* ledge 2 */
  };
  static const gint polygons[][4] = { { 0, 1, 2, 3 }, { 4, 5, 1, 0 }, { 1, 6, 7, 2 } };
  static const gint16 floors[] = { 0, 256, 512 };
  g_autoptr(TsrMarathonLevel) level = polygons_level (points, G_N_ELEMENTS (points), polygons, floors, 3);
  TsrMarathonSurface start = { TSR_MARATHON_SURFACE_WALL_LOW, 0, 0 };
  g_autoptr(GArray) run = NULL;

  side (level, 0)->primary_texture.x0 = 0;
  side (level, 0)->primary_texture.y0 = 0;
  side (level, 1)->primary_texture.x0 = 5;
  side (level, 1)->primary_texture.y0 = 5;
  run = tsr_marathon_auto_align (level, &start);
  ck_assert (run != NULL);
  ck_assert (find_aligned (run, 1) != NULL);
  ck_assert_int_eq (aligned (run, 1)->record.primary_texture.x0, 0);
  ck_assert_int_eq (aligned (run, 1)->record.primary_texture.y0, 768);
  /* Then room 0's bottom wall (full: another kind, y0 as it was) and left wall, and back. */
  ck_assert_uint_eq (run->len, 3);
  ck_assert_uint_eq (g_array_index (run, TsrMarathonAlignedSide, 1).side, 2);
  ck_assert_uint_eq (g_array_index (run, TsrMarathonAlignedSide, 2).side, 3);
  ck_assert_int_eq (aligned (run, 2)->record.primary_texture.y0, 0);
}
END_TEST

START_TEST (test_paste_and_light)
{
  g_autoptr(TsrMarathonLevel) level = trapezoid_level ();
  g_autoptr(TsrMarathonLevelMap) map = tsr_marathon_level_map_new (level);
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  TsrMarathonSurface wall = { TSR_MARATHON_SURFACE_WALL_FULL, 2, 0 };
  TsrMarathonSurface floor = { TSR_MARATHON_SURFACE_FLOOR, 0, 0 };
  TsrMarathonSurfaceStyle style;
  TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, 0);
  TsrMarathonPolygon polygon_before;
  TsrMarathonSide side_before;
  TsrMarathonLight light = { 0 };
  TsrCommand *command;

  polygon->floor_texture = TSR_VISUAL_TEST_TEXTURE (18, 5);
  polygon->floor_origin.x = 300;
  polygon->floor_origin.y = -20;
  polygon->floor_transfer_mode = 5;
  ck_assert (tsr_marathon_surface_get_style (level, &floor, &style));
  ck_assert_int_eq (style.texture, TSR_VISUAL_TEST_TEXTURE (18, 5));
  ck_assert_int_eq (style.x0, 300);
  ck_assert_int_eq (style.y0, -20);
  ck_assert_int_eq (style.transfer_mode, 5);
  /* Floor to wall: the texture, the offsets as they are and the transfer mode; nothing else. */
  side_before = *side (level, 2);
  command = tsr_marathon_surface_paste_command_new (map, &wall, &style);
  ck_assert (command != NULL);
  tsr_undo_stack_push (stack, command);
  g_object_unref (command);
  side_before.primary_texture.texture = TSR_VISUAL_TEST_TEXTURE (18, 5);
  side_before.primary_texture.x0 = 300;
  side_before.primary_texture.y0 = -20;
  side_before.primary_transfer_mode = 5;
  ck_assert (memcmp (&side_before, side (level, 2), sizeof side_before) == 0);
  /* The same again: nothing to do. */
  ck_assert (tsr_marathon_surface_paste_command_new (map, &wall, &style) == NULL);

  /* Wall to ceiling. */
  wall.index = 3;
  ck_assert (tsr_marathon_surface_get_style (level, &wall, &style));
  floor.part = TSR_MARATHON_SURFACE_CEILING;
  polygon_before = *polygon;
  command = tsr_marathon_surface_paste_command_new (map, &floor, &style);
  tsr_undo_stack_push (stack, command);
  g_object_unref (command);
  polygon_before.ceiling_texture = TEXTURE_B;
  polygon_before.ceiling_origin.x = 33;
  polygon_before.ceiling_origin.y = 0;
  ck_assert (memcmp (&polygon_before, polygon, sizeof polygon_before) == 0);
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert_int_eq (polygon->ceiling_texture, 0);

  /* Lights: three, stepping wraps round. */
  g_array_append_val (level->lights, light);
  g_array_append_val (level->lights, light);
  ck_assert_uint_eq (tsr_marathon_level_n_lights (level), 3);
  ck_assert_int_eq (tsr_marathon_surface_get_light (level, &floor), 0);
  command = tsr_marathon_surface_light_command_new (map, &floor, -1);
  tsr_undo_stack_push (stack, command);
  g_object_unref (command);
  ck_assert_int_eq (polygon->ceiling_lightsource_index, 2);
  ck_assert_int_eq (polygon->floor_lightsource_index, 0);
  wall.slot = 0;
  command = tsr_marathon_surface_light_command_new (map, &wall, 1);
  tsr_undo_stack_push (stack, command);
  g_object_unref (command);
  ck_assert_int_eq (side (level, 3)->primary_lightsource_index, 1);
  ck_assert_int_eq (tsr_marathon_surface_get_light (level, &wall), 1);
  /* A light naming none starts at the first. */
  side (level, 3)->secondary_lightsource_index = -1;
  wall.slot = 1;
  command = tsr_marathon_surface_light_command_new (map, &wall, 1);
  tsr_undo_stack_push (stack, command);
  g_object_unref (command);
  ck_assert_int_eq (side (level, 3)->secondary_lightsource_index, 0);
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert_int_eq (side (level, 3)->secondary_lightsource_index, -1);
}
END_TEST

START_TEST (test_offset_drag_merges)
{
  g_autoptr(TsrMarathonLevel) level = trapezoid_level ();
  g_autoptr(TsrMarathonLevelMap) map = tsr_marathon_level_map_new (level);
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  TsrMarathonSurface wall = { TSR_MARATHON_SURFACE_WALL_FULL, 1, 0 };
  g_autoptr(GBytes) before = sides_bytes (level);

  for (int i = 0; i < 5; i++)
    {
      TsrCommand *command = tsr_marathon_surface_offset_command_new (map, &wall, 10, -3, 7);

      tsr_undo_stack_push (stack, command);
      g_object_unref (command);
    }
  ck_assert_int_eq (side (level, 1)->primary_texture.x0, 11 + 50);
  ck_assert_int_eq (side (level, 1)->primary_texture.y0, -15);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 1);
  /* Another drag is another step. */
  {
    TsrCommand *command = tsr_marathon_surface_offset_command_new (map, &wall, 1, 0, 8);

    tsr_undo_stack_push (stack, command);
    g_object_unref (command);
  }
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 2);
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert (tsr_undo_stack_undo (stack));
  {
    g_autoptr(GBytes) undone = sides_bytes (level);

    ck_assert (g_bytes_equal (before, undone));
  }
}
END_TEST

/* Every wall section of every level of every real map: the run ends (each side once), its
 * offsets are wrapped, only offsets change, and aligning again from the same wall changes
 * nothing. */
START_TEST (test_auto_align_real_maps)
{
  static const char *const suffixes[] = { ".sceA", ".scen", ".sceA.as", NULL };
  const char *root = tsr_test_data_root ();
  g_autofree char *directory = NULL;
  g_autoptr(GPtrArray) paths = NULL;
  guint n_runs = 0, n_sides = 0;

  if (root == NULL)
    {
      ck_assert_msg (g_strcmp0 (g_getenv ("CI"), "true") != 0, "test data missing under CI");
      return;
    }
  directory = g_build_filename (root, "marathon", NULL);
  paths = tsr_test_data_list (directory, suffixes);
  for (guint p = 0; p < paths->len; p++)
    {
      const char *path = g_ptr_array_index (paths, p);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, path, &error);

      ck_assert_msg (scenario != NULL, "%s: %s", path, error != NULL ? error->message : "");
      for (guint l = 0; l < scenario->map->levels->len; l++)
        {
          TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, l);

          for (guint s = 0; level->sides != NULL && s < level->sides->len; s++)
            for (TsrMarathonSurfacePart part = TSR_MARATHON_SURFACE_WALL_FULL; part <= TSR_MARATHON_SURFACE_WALL_LOW; part++)
              {
                TsrMarathonSurface start = { part, s, 0 };
                g_autoptr(GArray) run = tsr_marathon_auto_align (level, &start);
                g_autoptr(GArray) again = NULL;
                g_autoptr(GArray) saved = NULL;

                if (run == NULL || run->len == 0)
                  continue;
                n_runs++;
                n_sides += run->len;
                saved = g_array_sized_new (FALSE, FALSE, sizeof (TsrMarathonSide), run->len);
                for (guint i = 0; i < run->len; i++)
                  {
                    const TsrMarathonAlignedSide *aligned = &g_array_index (run, TsrMarathonAlignedSide, i);
                    TsrMarathonSide expected = *side (level, aligned->side);
                    const TsrMarathonSideTexture *textures[] = { &aligned->record.primary_texture,
                                                                 &aligned->record.secondary_texture };
                    guint changed = 0;

                    ck_assert_uint_ne (aligned->side, s);
                    for (guint j = 0; j < i; j++)
                      ck_assert_uint_ne (g_array_index (run, TsrMarathonAlignedSide, j).side, aligned->side);
                    /* One texture's offsets change, into 0..1023; nothing else. */
                    for (guint t = 0; t < G_N_ELEMENTS (textures); t++)
                      {
                        TsrMarathonSideTexture *mine = t == 0 ? &expected.primary_texture : &expected.secondary_texture;

                        if (mine->x0 != textures[t]->x0 || mine->y0 != textures[t]->y0)
                          {
                            changed++;
                            ck_assert_int_ge (textures[t]->x0, 0);
                            ck_assert_int_lt (textures[t]->x0, TSR_MARATHON_TEXTURE_SIZE);
                            mine->x0 = textures[t]->x0;
                            mine->y0 = textures[t]->y0;
                          }
                      }
                    ck_assert_uint_le (changed, 1);
                    ck_assert_msg (memcmp (&expected, &aligned->record, sizeof expected) == 0,
                                   "%s level %u side %u: the run changed more than offsets", path, l, aligned->side);
                    g_array_append_val (saved, *side (level, aligned->side));
                    *side (level, aligned->side) = aligned->record;
                  }
                /* Aligned: the same run again changes nothing. */
                again = tsr_marathon_auto_align (level, &start);
                for (guint i = 0; i < again->len; i++)
                  {
                    const TsrMarathonAlignedSide *aligned = &g_array_index (again, TsrMarathonAlignedSide, i);

                    ck_assert_msg (memcmp (&aligned->record, side (level, aligned->side), sizeof aligned->record) == 0,
                                   "%s level %u: aligning side %u again changes side %u", path, l, s, aligned->side);
                  }
                for (guint i = run->len; i-- > 0;)
                  *side (level, g_array_index (run, TsrMarathonAlignedSide, i).side) = g_array_index (saved, TsrMarathonSide, i);
              }
        }
    }
  tsr_test_report_count ("Marathon maps auto-aligned from every wall", paths->len);
  printf ("auto-align: %u runs, %u sides aligned\n", n_runs, n_sides);
}
END_TEST

static Suite *
surface_suite (void)
{
  Suite *suite = suite_create ("marathon-surface");
  TCase *cases = tcase_create ("surface");

  tcase_set_timeout (cases, 600);
  tcase_add_test (cases, test_auto_align_lengths);
  tcase_add_test (cases, test_auto_align_undo);
  tcase_add_test (cases, test_auto_align_across_polygons);
  tcase_add_test (cases, test_auto_align_branch);
  tcase_add_test (cases, test_auto_align_low_steps);
  tcase_add_test (cases, test_paste_and_light);
  tcase_add_test (cases, test_offset_drag_merges);
  tcase_add_test (cases, test_auto_align_real_maps);
  suite_add_tcase (suite, cases);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (surface_suite ());
}
