/* test-visual-walk.c: the visual mode's collision (tsr-visual-walk.h). Wolf3D: in a built
 * corridor the camera stops PLAYERSIZE before the end wall and before the closed door, and slides
 * along a wall when walking into it slantwise; on every real shareware level, walking east from
 * the player start stops at a wall or door cell, and thousands of random moves never leave the
 * player's square overlapping a solid cell. Marathon: in built rooms a floor more than WORLD_ONE/3
 * up and a ceiling too low stop the camera, a step within reach does not and the camera climbs
 * it; on real levels walking from the player start along its facing stops at a line the player
 * may not cross, and random moves never cross such a line, never leave the map and never come
 * nearer than MINIMUM_SEPARATION_FROM_WALL to a solid line they were not nearer to already. */
#include <math.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "render/tsr-visual-scene.h"
#include "render/tsr-visual-walk.h"
#include "tsr-test-common.h"
#include "tsr-visual-test-levels.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWolf3dSet, tsr_wolf3d_set_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWolf3dLevel, tsr_wolf3d_level_free)

#define WORLD_ONE 1024.0f
#define RADIUS    (TSR_VISUAL_MARATHON_WALL_DISTANCE / WORLD_ONE)

static char *marathon_dir;
static char *wolf3d_dir;

/* Wolf3D ---------------------------------------------------------------------------------------- */

/* 8 x 4: walls of tile 1 round floor cells (1..6, 1..2), a door (90) at (5, 1), a blocking
 * barrel (object 24) at (3, 2). */
static TsrWolf3dLevel *
corridor_level (void)
{
  TsrWolf3dLevel *level = tsr_wolf3d_level_new ("Corridor", 8, 4);

  for (guint i = 0; i < 32; i++)
    {
      level->planes[0][i] = 1;
      level->planes[1][i] = 0;
    }
  for (guint y = 1; y <= 2; y++)
    for (guint x = 1; x <= 6; x++)
      level->planes[0][y * 8 + x] = 108;
  level->planes[0][8 + 5] = 90;
  level->planes[1][16 + 3] = 24;
  return level;
}

START_TEST (test_wolf3d_corridor)
{
  g_autoptr(TsrWolf3dLevel) level = corridor_level ();
  float position[3] = { 1.5f, 1.5f, 0.5f };

  /* East along row 1: the door at x 5 stops the camera PLAYERSIZE before its cell. */
  for (int i = 0; i < 100; i++)
    tsr_visual_walk_wolf3d (level, TSR_WOLF3D_GAME_WOLF3D, position, 0.1f, 0.0f);
  ck_assert_float_le (position[0], 5.0f - TSR_VISUAL_WOLF3D_PLAYER_SIZE);
  ck_assert_float_gt (position[0], 5.0f - TSR_VISUAL_WOLF3D_PLAYER_SIZE - 0.13f);
  ck_assert_float_eq (position[1], 1.5f);
  /* North into the wall: stops at the wall. */
  for (int i = 0; i < 100; i++)
    tsr_visual_walk_wolf3d (level, TSR_WOLF3D_GAME_WOLF3D, position, 0.0f, -0.1f);
  ck_assert_float_ge (position[1], 1.0f + TSR_VISUAL_WOLF3D_PLAYER_SIZE);
  ck_assert_float_lt (position[1], 1.0f + TSR_VISUAL_WOLF3D_PLAYER_SIZE + 0.13f);
  /* West and north at once: slides west along the north wall. */
  {
    float y = position[1];

    ck_assert (tsr_visual_walk_wolf3d (level, TSR_WOLF3D_GAME_WOLF3D, position, -0.5f, -0.5f));
    ck_assert_float_lt (position[0], 5.0f - TSR_VISUAL_WOLF3D_PLAYER_SIZE - 0.4f);
    ck_assert_float_eq (position[1], y);
  }
  /* The barrel at (3, 2) blocks as the engine's actorat does. */
  position[0] = 3.5f;
  position[1] = 1.5f;
  for (int i = 0; i < 20; i++)
    tsr_visual_walk_wolf3d (level, TSR_WOLF3D_GAME_WOLF3D, position, 0.0f, 0.1f);
  ck_assert_float_le (position[1], 2.0f - TSR_VISUAL_WOLF3D_PLAYER_SIZE);
  /* Put inside a wall, the camera walks out freely; once out, the walls hold again. */
  position[0] = 0.5f;
  position[1] = 1.5f;
  ck_assert (!tsr_visual_walk_wolf3d_clear (level, TSR_WOLF3D_GAME_WOLF3D, position[0], position[1]));
  tsr_visual_walk_wolf3d (level, TSR_WOLF3D_GAME_WOLF3D, position, 1.0f, 0.0f);
  ck_assert (tsr_visual_walk_wolf3d_clear (level, TSR_WOLF3D_GAME_WOLF3D, position[0], position[1]));
  for (int i = 0; i < 100; i++)
    tsr_visual_walk_wolf3d (level, TSR_WOLF3D_GAME_WOLF3D, position, -0.1f, 0.0f);
  ck_assert_float_ge (position[0], 1.0f + TSR_VISUAL_WOLF3D_PLAYER_SIZE);
}
END_TEST

static gboolean
wolf3d_start (const TsrWolf3dLevel *level,
              float                 position[3])
{
  for (guint c = 0; c < (guint) level->width * level->height; c++)
    if (level->planes[1][c] >= 19 && level->planes[1][c] <= 22)
      {
        position[0] = c % level->width + 0.5f;
        position[1] = c / level->width + 0.5f;
        position[2] = 0.5f;
        return TRUE;
      }
  return FALSE;
}

START_TEST (test_wolf3d_real_levels)
{
  g_autofree char *gamemaps = g_build_filename (wolf3d_dir, "wl1_v14_shareware", "GAMEMAPS.WL1", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrWolf3dSet) set = tsr_wolf3d_set_load (gamemaps, NULL, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3402);
  guint levels = 0, moves = 0;

  ck_assert_msg (set != NULL, "%s", error != NULL ? error->message : "");
  for (guint l = 0; l < set->maps->levels->len; l++)
    {
      const TsrWolf3dLevel *level = g_ptr_array_index (set->maps->levels, l);
      float start[3], position[3];
      int cell_x, cell_y;
      guint16 tile;

      if (level == NULL || !wolf3d_start (level, start))
        continue;
      ck_assert (tsr_visual_walk_wolf3d_clear (level, set->game, start[0], start[1]));
      /* Walking east into a real wall (or a closed door) stops just before it. */
      memcpy (position, start, sizeof position);
      for (int i = 0; i < 700; i++)
        tsr_visual_walk_wolf3d (level, set->game, position, 0.1f, 0.0f);
      ck_assert_float_eq (position[1], start[1]);
      ck_assert (tsr_visual_walk_wolf3d_clear (level, set->game, position[0], position[1]));
      ck_assert (!tsr_visual_walk_wolf3d_clear (level, set->game, position[0] + 0.13f, position[1]));
      cell_x = (int) floorf (position[0] + TSR_VISUAL_WOLF3D_PLAYER_SIZE + 0.13f);
      cell_y = (int) floorf (position[1]);
      tile = level->planes[0][cell_y * level->width + cell_x];
      /* The cell ahead is a wall or door, or (beside the row) a blocking object holds the way. */
      if (!(tile >= 1 && tile < 106))
        {
          TsrWolf3dObjectInfo info;
          gboolean object = FALSE;

          for (int dy = -1; dy <= 1 && !object; dy++)
            object = tsr_wolf3d_object_lookup (set->game, level->planes[1][(cell_y + dy) * level->width + cell_x], &info)
                     && info.blocking;
          ck_assert_msg (object || (guint) (cell_y + 1) < level->height, "level %u: stopped at (%f, %f) by nothing", l,
                         position[0], position[1]);
          if (!object)
            {
              guint16 above = level->planes[0][(cell_y - 1) * level->width + cell_x];
              guint16 below = level->planes[0][(cell_y + 1) * level->width + cell_x];

              ck_assert_msg ((above >= 1 && above < 106) || (below >= 1 && below < 106),
                             "level %u: stopped at (%f, %f) by nothing", l, position[0], position[1]);
            }
        }
      /* Random moves, short and long: the player's square never overlaps a solid cell. */
      memcpy (position, start, sizeof position);
      for (int i = 0; i < 3000; i++)
        {
          double angle = g_rand_double_range (rand, 0, 2 * G_PI);
          double length = g_rand_double_range (rand, 0, i % 10 == 0 ? 2.0 : 0.3);

          tsr_visual_walk_wolf3d (level, set->game, position, (float) (length * cos (angle)), (float) (length * sin (angle)));
          ck_assert_msg (tsr_visual_walk_wolf3d_clear (level, set->game, position[0], position[1]),
                         "level %u move %d: inside a wall at (%f, %f)", l, i, position[0], position[1]);
          moves++;
        }
      levels++;
    }
  ck_assert_uint_gt (levels, 0);
  tsr_test_report_count ("Wolf3D levels walked", levels);
  tsr_test_report_count ("Wolf3D random moves", moves);
}
END_TEST

/* Marathon -------------------------------------------------------------------------------------- */

START_TEST (test_marathon_rooms)
{
  /* Three rooms of 1 WU in a row (tsr-visual-test-levels.h): floors 0, 1/4 and 1 WU. */
  const gint16 floors[] = { 0, 256, 1024 }, ceilings[] = { 1024 * 2, 1024 * 2, 1024 * 3 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (3, floors, ceilings, 0, FALSE);
  const float start[3] = { 0.5f, 0.5f, 0.7f };
  float position[3];
  gint first;

  memcpy (position, start, sizeof position);
  first = tsr_visual_walk_marathon_polygon_at (level, position[0], position[1]);
  ck_assert_int_eq (first, 0);
  /* East: up the 1/4 WU step into room 1 (the camera climbs it), then stopped by room 2's floor,
   * 3/4 WU higher, MINIMUM_SEPARATION_FROM_WALL before the line. */
  for (int i = 0; i < 200; i++)
    tsr_visual_walk_marathon (level, position, 0.05f, 0.0f);
  ck_assert_int_eq (tsr_visual_walk_marathon_polygon_at (level, position[0], position[1]), 1);
  ck_assert_float_eq_tol (position[2], start[2] + 0.25f, 1e-4f);
  {
    const TsrMarathonPolygon *room = &g_array_index (level->polygons, TsrMarathonPolygon, 1);
    float east = -G_MAXFLOAT;

    for (guint v = 0; v < room->vertex_count; v++)
      east = MAX (east, tsr_marathon_level_point (level, (guint) room->endpoint_indexes[v]).x / WORLD_ONE);
    ck_assert_float_eq_tol (position[0], east - RADIUS, 1e-3f);
  }
  /* Back west: down the step, the camera goes down with the floor. */
  for (int i = 0; i < 200; i++)
    tsr_visual_walk_marathon (level, position, -0.05f, 0.0f);
  ck_assert_int_eq (tsr_visual_walk_marathon_polygon_at (level, position[0], position[1]), 0);
  ck_assert_float_eq_tol (position[2], start[2], 1e-4f);
  /* A line the player may not cross: a lower ceiling (floor 0.25, ceiling 0.25 + 0.75 WU). */
  {
    TsrMarathonPolygon *room = &g_array_index (level->polygons, TsrMarathonPolygon, 1);
    float before;

    room->ceiling_height = 256 + 768;
    memcpy (position, start, sizeof position);
    for (int i = 0; i < 200; i++)
      tsr_visual_walk_marathon (level, position, 0.05f, 0.0f);
    ck_assert_int_eq (tsr_visual_walk_marathon_polygon_at (level, position[0], position[1]), 0);
    before = position[0];
    ck_assert (tsr_visual_walk_marathon (level, position, 0.05f, 0.0f));
    ck_assert_float_eq (position[0], before);
    /* The player's height (4/5 WU) fits once the ceiling is 819 units over the floor. */
    room->ceiling_height = 256 + TSR_VISUAL_MARATHON_PLAYER_HEIGHT;
    for (int i = 0; i < 20; i++)
      tsr_visual_walk_marathon (level, position, 0.05f, 0.0f);
    ck_assert_int_eq (tsr_visual_walk_marathon_polygon_at (level, position[0], position[1]), 1);
  }
}
END_TEST

static float
line_distance (const TsrMarathonLevel *level,
               guint                   line,
               const float             p[2])
{
  const TsrMarathonLine *record = &g_array_index (level->lines, TsrMarathonLine, line);
  TsrMarathonPoint pa = tsr_marathon_level_point (level, (guint) record->endpoint_indexes[0]);
  TsrMarathonPoint pb = tsr_marathon_level_point (level, (guint) record->endpoint_indexes[1]);
  float a[2] = { pa.x / WORLD_ONE, pa.y / WORLD_ONE }, b[2] = { pb.x / WORLD_ONE, pb.y / WORLD_ONE };
  float ex = b[0] - a[0], ey = b[1] - a[1], l2 = ex * ex + ey * ey;
  float t = l2 > 0 ? ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / l2 : 0;

  t = CLAMP (t, 0.0f, 1.0f);
  return hypotf (p[0] - a[0] - t * ex, p[1] - a[1] - t * ey);
}

static gboolean
line_crossed (const TsrMarathonLevel *level,
              guint                   line,
              const float             p[2],
              const float             q[2])
{
  const TsrMarathonLine *record = &g_array_index (level->lines, TsrMarathonLine, line);
  TsrMarathonPoint pa = tsr_marathon_level_point (level, (guint) record->endpoint_indexes[0]);
  TsrMarathonPoint pb = tsr_marathon_level_point (level, (guint) record->endpoint_indexes[1]);
  double a[2] = { pa.x / WORLD_ONE, pa.y / WORLD_ONE }, b[2] = { pb.x / WORLD_ONE, pb.y / WORLD_ONE };
  double c1 = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
  double c2 = (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0]);
  double c3 = (q[0] - p[0]) * (a[1] - p[1]) - (q[1] - p[1]) * (a[0] - p[0]);
  double c4 = (q[0] - p[0]) * (b[1] - p[1]) - (q[1] - p[1]) * (b[0] - p[0]);

  return c1 * c2 < -1e-9 && c3 * c4 < -1e-9;
}

static gboolean
line_valid (const TsrMarathonLevel *level,
            guint                   line)
{
  const TsrMarathonLine *record = &g_array_index (level->lines, TsrMarathonLine, line);
  guint n = tsr_marathon_level_n_points (level);

  return record->endpoint_indexes[0] >= 0 && (guint) record->endpoint_indexes[0] < n
         && record->endpoint_indexes[1] >= 0 && (guint) record->endpoint_indexes[1] < n;
}

/* Walks LEVEL from its start: along the facing until stopped, then randomly. Returns the moves. */
static guint
walk_marathon_level (const TsrMarathonLevel *level,
                     GRand                  *rand,
                     const char             *what,
                     guint                   n_moves,
                     gboolean               *stopped_at_wall)
{
  g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_marathon (level);
  g_autofree float *allowed = NULL;
  float position[3];
  gint here;
  guint moves = 0;

  *stopped_at_wall = FALSE;
  if (!scene->has_start || level->lines == NULL || level->lines->len == 0)
    return 0;
  memcpy (position, scene->start, sizeof position);
  here = tsr_visual_walk_marathon_polygon_at (level, position[0], position[1]);
  if (here < 0)
    return 0;
  /* Along the facing, 1/20 WU at a time, up to 40 WU: a stop is at a line the feet may not
   * cross, within MINIMUM_SEPARATION_FROM_WALL of it. */
  {
    float last[2] = { position[0], position[1] };
    int still = 0;

    for (int i = 0; i < 800 && still < 3; i++)
      {
        float feet = g_array_index (level->polygons, TsrMarathonPolygon,
                                    tsr_visual_walk_marathon_polygon_at (level, position[0], position[1])).floor_height / WORLD_ONE;

        tsr_visual_walk_marathon (level, position, 0.05f * cosf (scene->start_yaw), 0.05f * sinf (scene->start_yaw));
        ck_assert_msg (tsr_visual_walk_marathon_polygon_at (level, position[0], position[1]) >= 0, "%s: left the map", what);
        if (hypotf (position[0] - last[0], position[1] - last[1]) < 1e-5f)
          {
            if (++still == 3)
              {
                gboolean near = FALSE;

                for (guint l = 0; l < level->lines->len && !near; l++)
                  near = line_valid (level, l) && line_distance (level, l, position) < RADIUS + 0.01f
                         && tsr_visual_walk_marathon_line_blocks (level, l, feet);
                ck_assert_msg (near, "%s: stopped at (%f, %f) by no line", what, position[0], position[1]);
                *stopped_at_wall = TRUE;
              }
          }
        else
          still = 0;
        last[0] = position[0];
        last[1] = position[1];
      }
  }
  /* Random moves of at most one step (1/16 WU), so the feet are the start polygon's floor for
   * the whole move, from the start again. */
  memcpy (position, scene->start, sizeof position);
  allowed = g_new (float, level->lines->len);
  for (guint l = 0; l < level->lines->len; l++)
    allowed[l] = line_valid (level, l) ? MIN (RADIUS, line_distance (level, l, position)) : 0.0f;
  for (guint i = 0; i < n_moves; i++)
    {
      double angle = g_rand_double_range (rand, 0, 2 * G_PI);
      double length = g_rand_double_range (rand, 0, 1.0 / 16);
      float from[2] = { position[0], position[1] };
      gint polygon = tsr_visual_walk_marathon_polygon_at (level, from[0], from[1]);
      float feet = g_array_index (level->polygons, TsrMarathonPolygon, polygon).floor_height / WORLD_ONE;

      /* Now and then a long move straight on (many steps). */
      if (i % 50 == 49)
        length = 1.5;
      tsr_visual_walk_marathon (level, position, (float) (length * cos (angle)), (float) (length * sin (angle)));
      ck_assert_msg (tsr_visual_walk_marathon_polygon_at (level, position[0], position[1]) >= 0,
                     "%s move %u: outside every polygon at (%f, %f)", what, i, position[0], position[1]);
      for (guint l = 0; l < level->lines->len; l++)
        {
          const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, l);
          gboolean solid = (line->flags & 0x4000) || line->clockwise_polygon_owner < 0
                           || line->counterclockwise_polygon_owner < 0;
          float distance;

          if (!line_valid (level, l))
            continue;
          if (length < 1.0 && line_crossed (level, l, from, position))
            ck_assert_msg (!tsr_visual_walk_marathon_line_blocks (level, l, feet),
                           "%s move %u: crossed line %u from (%f, %f) to (%f, %f)", what, i, l, from[0], from[1],
                           position[0], position[1]);
          if (!solid)
            continue;
          ck_assert_msg (!line_crossed (level, l, from, position), "%s move %u: crossed solid line %u", what, i, l);
          distance = line_distance (level, l, position);
          ck_assert_msg (distance >= allowed[l] - 1e-4f, "%s move %u: %f from solid line %u (kept %f)", what, i,
                         distance, l, allowed[l]);
          allowed[l] = MIN (RADIUS, MAX (allowed[l], distance));
        }
      moves++;
    }
  return moves;
}

START_TEST (test_marathon_real_levels)
{
  const char *suffixes[] = { ".sceA", ".scen", ".sceA.as", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (marathon_dir, suffixes);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3403);
  guint levels = 0, moves = 0, stops = 0;

  ck_assert_uint_gt (files->len, 0);
  for (guint f = 0; f < files->len; f++)
    {
      const char *path = g_ptr_array_index (files, f);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, path, &error);

      ck_assert_msg (scenario != NULL, "%s: %s", path, error ? error->message : "");
      /* The first levels of each file (the whole walk of every level would be slow under ASan). */
      for (guint l = 0; l < MIN (scenario->map->levels->len, 4u); l++)
        {
          g_autofree char *what = g_strdup_printf ("%s level %u", path, l);
          gboolean stopped;

          moves += walk_marathon_level (g_ptr_array_index (scenario->map->levels, l), rand, what, 600, &stopped);
          stops += stopped;
          levels++;
        }
    }
  ck_assert_uint_gt (stops, 0);
  tsr_test_report_count ("Marathon levels walked", levels);
  tsr_test_report_count ("Marathon walks stopped at a wall", stops);
  tsr_test_report_count ("Marathon random moves", moves);
}
END_TEST

static Suite *
visual_walk_suite (void)
{
  Suite *suite = suite_create ("visual-walk");
  TCase *built = tcase_create ("built");
  TCase *real = tcase_create ("real");

  tcase_add_test (built, test_wolf3d_corridor);
  tcase_add_test (built, test_marathon_rooms);
  tcase_add_test (real, test_wolf3d_real_levels);
  tcase_add_test (real, test_marathon_real_levels);
  tcase_set_timeout (real, 300);
  suite_add_tcase (suite, built);
  suite_add_tcase (suite, real);
  return suite;
}

int
main (void)
{
  marathon_dir = tsr_test_data_require ("marathon");
  wolf3d_dir = tsr_test_data_require ("wolf3d");
  return tsr_test_run_suite (visual_walk_suite ());
}
