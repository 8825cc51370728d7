/* test-tile-tools.c: the tile tools without a widget. Property tests of the stroke walk (every
 * direction, every brush, far beyond the map's edges: the painted cells are a connected line from
 * start to end within the brush's reach, and the walk always ends) and random pointer paths
 * through every tool, undone to the original cells. GTK-free, so the sanitizer build runs it. */
#include <math.h>
#include <string.h>

#include "edit/tsr-tile-line.h"
#include "edit/tsr-tile-tools.h"
#include "model/tsr-tile-map-memory.h"
#include "model/tsr-undo-stack.h"
#include "tsr-test-common.h"

#define MAP_W 40
#define MAP_H 31

static TsrTileMap *
make_map (void)
{
  TsrMemoryTileMap *map = tsr_memory_tile_map_new ("test", MAP_W, MAP_H, 2, 16, 16);

  tsr_memory_tile_map_set_empty_tile (map, 1, 5);
  return TSR_TILE_MAP (map);
}

typedef struct {
  gint64 count;
  gint   last_x, last_y;
  gint   first_x, first_y;
  gboolean connected;
} Walk;

static void
on_cell (gint x, gint y, gpointer user_data)
{
  Walk *walk = user_data;

  if (walk->count == 0)
    {
      walk->first_x = x;
      walk->first_y = y;
    }
  else if (ABS (x - walk->last_x) > 1 || ABS (y - walk->last_y) > 1
           || (x == walk->last_x && y == walk->last_y))
    walk->connected = FALSE;
  walk->last_x = x;
  walk->last_y = y;
  walk->count++;
}

/* The unclipped walk: 8-connected, exact end points, max(|dx|, |dy|) + 1 cells. */
START_TEST (test_line_walk_unclipped)
{
  GRand *rand = g_rand_new_with_seed (11);

  for (guint i = 0; i < 20000; i++)
    {
      gint span = i % 4 == 0 ? 3 : i % 4 == 1 ? 40 : i % 4 == 2 ? 1000 : 100000;
      gint x0 = g_rand_int_range (rand, -span, span), y0 = g_rand_int_range (rand, -span, span);
      gint x1 = g_rand_int_range (rand, -span, span), y1 = g_rand_int_range (rand, -span, span);
      Walk walk = { .connected = TRUE };
      guint64 n = tsr_tile_line_walk (x0, y0, x1, y1, NULL, on_cell, &walk);

      ck_assert_uint_eq (n, (guint64) MAX (ABS (x1 - x0), ABS (y1 - y0)) + 1);
      ck_assert_msg (walk.connected, "(%d,%d)→(%d,%d) is not 8-connected", x0, y0, x1, y1);
      ck_assert_int_eq (walk.first_x, x0);
      ck_assert_int_eq (walk.first_y, y0);
      ck_assert_int_eq (walk.last_x, x1);
      ck_assert_int_eq (walk.last_y, y1);
    }
  g_rand_free (rand);
}
END_TEST

/* Clipped: the cells visited are exactly the unclipped line's cells inside the rectangle, and the
 * work is bounded by the rectangle even for end points a billion cells away. */
typedef struct {
  GHashTable *cells;
} Collect;

static void
collect_cell (gint x, gint y, gpointer user_data)
{
  Collect *collect = user_data;
  gint64 key = (gint64) (((guint64) (guint32) x << 32) | (guint32) y);

  g_hash_table_add (collect->cells, g_memdup2 (&key, sizeof key));
}

START_TEST (test_line_walk_clipped)
{
  GRand *rand = g_rand_new_with_seed (12);
  TsrTileRect clip = { -2, -2, MAP_W + 4, MAP_H + 4 };

  for (guint i = 0; i < 5000; i++)
    {
      gint x0 = g_rand_int_range (rand, -60, 100), y0 = g_rand_int_range (rand, -60, 100);
      gint x1 = g_rand_int_range (rand, -60, 100), y1 = g_rand_int_range (rand, -60, 100);
      Collect all = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
      Collect clipped = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
      GHashTableIter iter;
      gpointer key;
      guint inside = 0;

      tsr_tile_line_walk (x0, y0, x1, y1, NULL, collect_cell, &all);
      tsr_tile_line_walk (x0, y0, x1, y1, &clip, collect_cell, &clipped);
      g_hash_table_iter_init (&iter, all.cells);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          gint64 k = *(gint64 *) key;
          gint x = (gint) (k >> 32), y = (gint) (gint32) (guint32) k;

          if (tsr_tile_rect_contains (&clip, x, y))
            {
              inside++;
              ck_assert_msg (g_hash_table_contains (clipped.cells, key),
                             "(%d,%d)→(%d,%d): clipped walk misses (%d,%d)", x0, y0, x1, y1, x, y);
            }
        }
      ck_assert_uint_eq (g_hash_table_size (clipped.cells), inside);
      g_hash_table_unref (all.cells);
      g_hash_table_unref (clipped.cells);
    }

  /* Far away: the walk does not take a billion steps. */
  for (guint i = 0; i < 2000; i++)
    {
      gint x0 = g_rand_int (rand), y0 = g_rand_int (rand), x1 = g_rand_int (rand), y1 = g_rand_int (rand);
      Walk walk = { .connected = TRUE };

      tsr_tile_line_walk (x0, y0, x1, y1, &clip, on_cell, &walk);
      ck_assert_int_le (walk.count, clip.width + clip.height);
      ck_assert (walk.connected);
    }
  /* Across the clip from a billion cells out on both sides. */
  {
    Walk walk = { .connected = TRUE };
    tsr_tile_line_walk (-1000000000, 5, 1000000000, 7, &clip, on_cell, &walk);
    ck_assert_int_eq (walk.count, clip.width);
    ck_assert (walk.connected);
  }
  g_rand_free (rand);
}
END_TEST

/* Chebyshev distance from the centre of cell (X, Y) to the segment between the centres of the
 * start and end cells; the function of t is convex, so a ternary search finds its minimum. */
static double
distance_to_segment (double x, double y, double x0, double y0, double x1, double y1)
{
  double low = 0, high = 1;

  for (guint i = 0; i < 100; i++)
    {
      double a = low + (high - low) / 3, b = high - (high - low) / 3;
      double da = MAX (fabs (x - (x0 + a * (x1 - x0))), fabs (y - (y0 + a * (y1 - y0))));
      double db = MAX (fabs (x - (x0 + b * (x1 - x0))), fabs (y - (y0 + b * (y1 - y0))));
      if (da < db)
        high = b;
      else
        low = a;
    }
  return MAX (fabs (x - (x0 + low * (x1 - x0))), fabs (y - (y0 + low * (y1 - y0))));
}

/* Flood over the painted cells (8-connected) from the first painted cell; all must be reached. */
static gboolean
painted_connected (const gboolean *painted, guint total)
{
  g_autofree gboolean *seen = g_new0 (gboolean, MAP_W * MAP_H);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (gint));
  guint reached = 0;
  gint start = -1;

  for (gint i = 0; i < MAP_W * MAP_H && start < 0; i++)
    if (painted[i])
      start = i;
  if (start < 0)
    return total == 0;
  g_array_append_val (stack, start);
  seen[start] = TRUE;
  while (stack->len > 0)
    {
      gint cell = g_array_index (stack, gint, stack->len - 1);
      g_array_set_size (stack, stack->len - 1);
      reached++;
      for (gint dy = -1; dy <= 1; dy++)
        for (gint dx = -1; dx <= 1; dx++)
          {
            gint x = cell % MAP_W + dx, y = cell / MAP_W + dy, next = y * MAP_W + x;
            if (x < 0 || y < 0 || x >= MAP_W || y >= MAP_H || seen[next] || !painted[next])
              continue;
            seen[next] = TRUE;
            g_array_append_val (stack, next);
          }
    }
  return reached == total;
}

/* Random strokes of the pencil and the eraser, brushes 1/3/5, in all eight directions, long and
 * short, starting and ending inside, on the edges and beyond them. */
START_TEST (test_stroke_property)
{
  GRand *rand = g_rand_new_with_seed (13 + (guint) _i);
  TsrTileToolKind kind = _i % 2 == 0 ? TSR_TILE_TOOL_PENCIL : TSR_TILE_TOOL_ERASER;
  const gint directions[8][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };

  for (guint i = 0; i < 1500; i++)
    {
      g_autoptr(TsrTileMap) map = make_map ();
      g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
      g_autoptr(TsrTileTools) tools = tsr_tile_tools_new (map, stack);
      guint layer = kind == TSR_TILE_TOOL_ERASER ? 1 : 0;
      guint brush = 1 + 2 * (i % 3);
      gint radius = (gint) brush / 2;
      guint32 background = kind == TSR_TILE_TOOL_ERASER ? 9 : 0;
      guint32 value = kind == TSR_TILE_TOOL_ERASER ? 5 : 3;
      gint x0, y0, x1, y1, length;
      const gint *direction = directions[g_rand_int_range (rand, 0, 8)];
      gboolean painted[MAP_W * MAP_H] = { 0 };
      guint total = 0;

      if (kind == TSR_TILE_TOOL_ERASER)
        {
          /* Fill the layer first so the eraser's cells show. */
          TsrTileRect all = { 0, 0, MAP_W, MAP_H };
          g_autoptr(TsrCommand) fill = tsr_tile_command_fill_rect (map, layer, &all, background);
          tsr_undo_stack_push (stack, fill);
        }

      x0 = g_rand_int_range (rand, -8, MAP_W + 8);
      y0 = g_rand_int_range (rand, -8, MAP_H + 8);
      length = i % 5 == 0 ? g_rand_int_range (rand, 0, 3) : g_rand_int_range (rand, 0, 90);
      /* Exact octant directions, or any direction near them. */
      x1 = x0 + direction[0] * length + (i % 2 ? g_rand_int_range (rand, -length / 2 - 1, length / 2 + 1) : 0);
      y1 = y0 + direction[1] * length + (i % 3 ? g_rand_int_range (rand, -length / 2 - 1, length / 2 + 1) : 0);

      tsr_tile_tools_set_tool (tools, kind);
      tsr_tile_tools_set_brush_size (tools, brush);
      tsr_tile_tools_set_layer (tools, layer);
      tsr_tile_tools_set_tile (tools, value);
      tsr_tile_tools_press (tools, x0, y0, FALSE);
      tsr_tile_tools_motion (tools, x1, y1);
      tsr_tile_tools_release (tools, x1, y1);

      for (gint y = 0; y < MAP_H; y++)
        for (gint x = 0; x < MAP_W; x++)
          {
            guint32 now = tsr_tile_map_get_tile (map, layer, x, y);

            ck_assert (now == value || now == background);
            if (now != value)
              continue;
            painted[y * MAP_W + x] = TRUE;
            total++;
            ck_assert_msg (distance_to_segment (x, y, x0, y0, x1, y1) <= radius + 0.5 + 1e-9,
                           "stroke (%d,%d)→(%d,%d) brush %u paints (%d,%d), out of reach",
                           x0, y0, x1, y1, brush, x, y);
          }
      /* Both ends' brushes are painted wherever they are on the map. */
      for (gint by = -radius; by <= radius; by++)
        for (gint bx = -radius; bx <= radius; bx++)
          {
            gint ends[2][2] = { { x0 + bx, y0 + by }, { x1 + bx, y1 + by } };
            for (guint e = 0; e < 2; e++)
              if (ends[e][0] >= 0 && ends[e][1] >= 0 && ends[e][0] < MAP_W && ends[e][1] < MAP_H)
                ck_assert_msg (painted[ends[e][1] * MAP_W + ends[e][0]],
                               "stroke (%d,%d)→(%d,%d) brush %u misses end cell (%d,%d)",
                               x0, y0, x1, y1, brush, ends[e][0], ends[e][1]);
          }
      ck_assert_msg (painted_connected (painted, total), "stroke (%d,%d)→(%d,%d) brush %u is not connected",
                     x0, y0, x1, y1, brush);
    }
  g_rand_free (rand);
}
END_TEST

/* Random pointer paths through every tool (with Alt-pick, cancel, and positions far outside the
 * map): every path ends, and undoing everything gives back the original cells. */
START_TEST (test_random_paths_every_tool)
{
  GRand *rand = g_rand_new_with_seed (14);
  g_autoptr(TsrTileMap) map = make_map ();
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrTileTools) tools = tsr_tile_tools_new (map, stack);
  g_autofree guint32 *original = g_new (guint32, 2 * MAP_W * MAP_H);

  for (guint layer = 0; layer < 2; layer++)
    for (gint y = 0; y < MAP_H; y++)
      for (gint x = 0; x < MAP_W; x++)
        original[(layer * MAP_H + y) * MAP_W + x] = tsr_tile_map_get_tile (map, layer, x, y);

  for (guint i = 0; i < 3000; i++)
    {
      guint steps = g_rand_int_range (rand, 0, 12);
      gint far = i % 7 == 0 ? G_MAXINT / 2 : 80;
      gint x = g_rand_int_range (rand, -far, far), y = g_rand_int_range (rand, -far, far);

      tsr_tile_tools_set_tool (tools, (TsrTileToolKind) g_rand_int_range (rand, 0, TSR_TILE_TOOL_SELECT + 1));
      tsr_tile_tools_set_brush_size (tools, 1 + 2 * g_rand_int_range (rand, 0, 3));
      tsr_tile_tools_set_layer (tools, g_rand_int_range (rand, 0, 3)); /* layer 2 does not exist */
      tsr_tile_tools_set_tile (tools, g_rand_int_range (rand, 0, 8));
      tsr_tile_tools_press (tools, x, y, g_rand_int_range (rand, 0, 10) == 0);
      for (guint s = 0; s < steps; s++)
        {
          x += g_rand_int_range (rand, -far / 4 - 1, far / 4 + 1);
          y += g_rand_int_range (rand, -far / 4 - 1, far / 4 + 1);
          tsr_tile_tools_motion (tools, x, y);
        }
      if (g_rand_int_range (rand, 0, 12) == 0)
        tsr_tile_tools_cancel (tools);
      else
        tsr_tile_tools_release (tools, x, y);
      switch (g_rand_int_range (rand, 0, 10))
        {
        case 0: tsr_tile_tools_copy (tools); break;
        case 1: tsr_tile_tools_paste (tools, g_rand_int_range (rand, -far, far), g_rand_int_range (rand, -far, far)); break;
        case 2: tsr_tile_tools_delete (tools); break;
        case 3: tsr_tile_tools_cut (tools); break;
        default: break;
        }
    }
  while (tsr_undo_stack_get_can_undo (stack))
    tsr_undo_stack_undo (stack);
  for (guint layer = 0; layer < 2; layer++)
    for (gint y = 0; y < MAP_H; y++)
      for (gint x = 0; x < MAP_W; x++)
        ck_assert_uint_eq (tsr_tile_map_get_tile (map, layer, x, y), original[(layer * MAP_H + y) * MAP_W + x]);
  tsr_tile_tools_set_clipboard (NULL);
  g_rand_free (rand);
}
END_TEST

static Suite *
tile_tools_suite (void)
{
  Suite *suite = suite_create ("tile-tools");
  TCase *tcase = tcase_create ("tools");

  tcase_set_timeout (tcase, 120);
  tcase_add_test (tcase, test_line_walk_unclipped);
  tcase_add_test (tcase, test_line_walk_clipped);
  tcase_add_loop_test (tcase, test_stroke_property, 0, 2);
  tcase_add_test (tcase, test_random_paths_every_tool);
  suite_add_tcase (suite, tcase);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (tile_tools_suite ());
}
