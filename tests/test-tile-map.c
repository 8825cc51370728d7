/* test-tile-map.c: the TsrTileMap interface, TsrTileRect, and the shared tile commands (paint,
 * merge, fills, clipboard, move, delete), ending with a randomized edit/undo-all/redo-all run. */
#include <string.h>

#include "model/tsr-tile-commands.h"
#include "model/tsr-tile-map-memory.h"
#include "model/tsr-undo-stack.h"
#include "tsr-test-common.h"

#define MAP_W 24
#define MAP_H 17
#define MAP_LAYERS 3

static TsrTileMap *
make_map (const char *family)
{
  TsrMemoryTileMap *map = tsr_memory_tile_map_new (family, MAP_W, MAP_H, MAP_LAYERS, 16, 16);

  /* Layer 2 erases to 7, to catch code that assumes 0 is empty. */
  tsr_memory_tile_map_set_empty_tile (map, 2, 7);
  return TSR_TILE_MAP (map);
}

/* Every cell of every layer, to compare whole states. */
static guint32 *
snapshot (TsrTileMap *map)
{
  guint w = tsr_tile_map_get_width (map), h = tsr_tile_map_get_height (map);
  guint n = tsr_tile_map_get_n_layers (map);
  guint32 *cells = g_new (guint32, (gsize) w * h * n);

  for (guint l = 0; l < n; l++)
    for (guint y = 0; y < h; y++)
      for (guint x = 0; x < w; x++)
        cells[((gsize) l * h + y) * w + x] = tsr_tile_map_get_tile (map, l, (gint) x, (gint) y);
  return cells;
}

static void
assert_same (TsrTileMap *map, const guint32 *expected, const char *when)
{
  g_autofree guint32 *now = snapshot (map);
  gsize n = (gsize) tsr_tile_map_get_width (map) * tsr_tile_map_get_height (map) * tsr_tile_map_get_n_layers (map);

  for (gsize i = 0; i < n; i++)
    ck_assert_msg (now[i] == expected[i], "%s: cell %zu (layer %zu, x %zu, y %zu) is %u, expected %u",
                   when, i, i / (MAP_W * MAP_H), i % MAP_W, (i / MAP_W) % MAP_H, now[i], expected[i]);
}

typedef struct {
  guint       count;
  guint       layer;
  TsrTileRect area;
} ChangeLog;

static void
on_tiles_changed (TsrTileMap *map, guint layer, const TsrTileRect *area, ChangeLog *log)
{
  log->count++;
  log->layer = layer;
  log->area = *area;
}

START_TEST (test_rect)
{
  TsrTileRect a = { 2, 3, 4, 5 }, b = { 5, 7, 10, 10 }, r;
  TsrTileRect grow = { 0, 0, 0, 0 };

  ck_assert (tsr_tile_rect_intersect (&a, &b, &r));
  ck_assert_int_eq (r.x, 5); ck_assert_int_eq (r.y, 7);
  ck_assert_int_eq (r.width, 1); ck_assert_int_eq (r.height, 1);
  b.x = 6;
  ck_assert (!tsr_tile_rect_intersect (&a, &b, &r));
  ck_assert (tsr_tile_rect_is_empty (&r));
  ck_assert (tsr_tile_rect_contains (&a, 5, 7));
  ck_assert (!tsr_tile_rect_contains (&a, 6, 7));
  tsr_tile_rect_add_cell (&grow, 4, 4);
  tsr_tile_rect_add_cell (&grow, 1, 6);
  ck_assert_int_eq (grow.x, 1); ck_assert_int_eq (grow.y, 4);
  ck_assert_int_eq (grow.width, 4); ck_assert_int_eq (grow.height, 3);
  r = tsr_tile_rect_from_corners (5, 1, 2, 3);
  ck_assert_int_eq (r.x, 2); ck_assert_int_eq (r.y, 1);
  ck_assert_int_eq (r.width, 4); ck_assert_int_eq (r.height, 3);
}
END_TEST

START_TEST (test_paint_undo_signals)
{
  g_autoptr(TsrTileMap) map = make_map ("test");
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrPaintTilesCommand) command = tsr_paint_tiles_command_new (map, "Paint", "pencil");
  ChangeLog log = { 0 };

  g_signal_connect (map, "tiles-changed", G_CALLBACK (on_tiles_changed), &log);
  tsr_paint_tiles_command_set (command, 1, 3, 4, 9);
  tsr_paint_tiles_command_set (command, 1, 5, 2, 9);
  tsr_paint_tiles_command_set (command, 1, -1, 2, 9);       /* outside: ignored */
  tsr_paint_tiles_command_set (command, 1, MAP_W, 2, 9);    /* outside: ignored */
  ck_assert_uint_eq (tsr_paint_tiles_command_get_n_cells (command), 2);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 1, 3, 4), 0); /* not applied before push */

  tsr_undo_stack_push (stack, TSR_COMMAND (command));
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 1, 3, 4), 9);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 1, 5, 2), 9);
  ck_assert_uint_eq (log.count, 1);
  ck_assert_uint_eq (log.layer, 1);
  ck_assert_int_eq (log.area.x, 3); ck_assert_int_eq (log.area.y, 2);
  ck_assert_int_eq (log.area.width, 3); ck_assert_int_eq (log.area.height, 3);

  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 1, 3, 4), 0);
  ck_assert_uint_eq (log.count, 2);
  ck_assert (tsr_undo_stack_redo (stack));
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 1, 5, 2), 9);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Paint");
}
END_TEST

static void
pencil (TsrTileMap *map, TsrUndoStack *stack, guint layer, gint x, gint y, guint32 value)
{
  g_autoptr(TsrPaintTilesCommand) command = tsr_paint_tiles_command_new (map, "Pencil", "pencil");

  tsr_paint_tiles_command_set (command, layer, x, y, value);
  tsr_undo_stack_push (stack, TSR_COMMAND (command));
}

START_TEST (test_stroke_merge)
{
  g_autoptr(TsrTileMap) map = make_map ("test");
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();

  /* One stroke crossing itself: cell (2,2) painted 4 then 5; undo must give back 0. */
  pencil (map, stack, 0, 2, 2, 4);
  pencil (map, stack, 0, 3, 2, 4);
  pencil (map, stack, 0, 2, 2, 5);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);
  tsr_undo_stack_break_merge (stack);
  pencil (map, stack, 0, 4, 2, 6);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);

  tsr_undo_stack_undo (stack);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 4, 2), 0);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 2, 2), 5);
  tsr_undo_stack_undo (stack);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 2, 2), 0);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 3, 2), 0);
  tsr_undo_stack_redo (stack);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 2, 2), 5);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 3, 2), 4);

  /* Different tools never merge, even without a break. */
  {
    g_autoptr(TsrCommand) fill = NULL;
    TsrTileRect area = { 0, 0, 2, 2 };

    tsr_undo_stack_break_merge (stack);
    pencil (map, stack, 0, 10, 10, 1);
    fill = tsr_tile_command_fill_rect (map, 0, &area, 3);
    tsr_undo_stack_push (stack, fill);
    ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 3);
  }
}
END_TEST

START_TEST (test_fills)
{
  g_autoptr(TsrTileMap) map = make_map ("test");
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  TsrTileRect wall = { 5, 0, 1, MAP_H };
  TsrTileRect bounds = { 0, 0, 3, 3 };
  g_autoptr(TsrCommand) walls = tsr_tile_command_fill_rect (map, 0, &wall, 1);
  g_autoptr(TsrCommand) flood = NULL;
  g_autoptr(TsrCommand) bounded = NULL;
  g_autoptr(TsrCommand) same = NULL;
  g_autofree guint32 *before = NULL;

  tsr_undo_stack_push (stack, walls);
  /* A diagonal gap at (5,8)/(6,9) must not leak: 4-connected only. */
  tsr_tile_map_set_tile (map, 0, 5, 8, 0);
  tsr_tile_map_set_tile (map, 0, 6, 8, 1);
  tsr_tile_map_set_tile (map, 0, 6, 7, 1);
  tsr_tile_map_set_tile (map, 0, 5, 9, 1);
  tsr_tile_map_set_tile (map, 0, 6, 9, 1);
  tsr_tile_map_set_tile (map, 0, 4, 8, 1);
  before = snapshot (map);

  flood = tsr_tile_command_flood_fill (map, 0, 0, 0, 2, NULL);
  ck_assert_ptr_nonnull (flood);
  tsr_undo_stack_push (stack, flood);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 4, 16), 2);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 5, 8), 0);  /* enclosed pocket untouched */
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 7, 0), 0);  /* other side of the wall */
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 5, 3), 1);
  tsr_undo_stack_undo (stack);
  assert_same (map, before, "flood undo");

  bounded = tsr_tile_command_flood_fill (map, 0, 1, 1, 3, &bounds);
  tsr_undo_stack_push (stack, bounded);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 2, 2), 3);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 3, 3), 0);

  /* Filling with the value already there changes nothing: no command. */
  same = tsr_tile_command_flood_fill (map, 0, 1, 1, 3, NULL);
  ck_assert_ptr_null (same);
  ck_assert_ptr_null (tsr_tile_command_flood_fill (map, 0, -1, 1, 3, NULL));
}
END_TEST

START_TEST (test_clipboard)
{
  g_autoptr(TsrTileMap) map = make_map ("test");
  g_autoptr(TsrTileMap) other = make_map ("test");
  g_autoptr(TsrTileMap) foreign = make_map ("other-family");
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  TsrTileRect area = { 1, 1, 3, 2 };
  g_autoptr(TsrTileClip) clip = NULL;
  g_autoptr(TsrCommand) paste = NULL;
  g_autoptr(TsrCommand) cut = NULL;

  for (guint l = 0; l < MAP_LAYERS; l++)
    for (gint y = 0; y < MAP_H; y++)
      for (gint x = 0; x < MAP_W; x++)
        tsr_tile_map_set_tile (map, l, (guint) x, (guint) y, (guint32) (l * 1000 + y * 100 + x));

  clip = tsr_tile_clip_new_from_map (map, 0, 2, &area);
  ck_assert_uint_eq (tsr_tile_clip_get_width (clip), 3);
  ck_assert_uint_eq (tsr_tile_clip_get_n_layers (clip), 2);
  ck_assert (!tsr_tile_clip_fits_map (clip, foreign));
  ck_assert_ptr_null (tsr_tile_command_paste (foreign, clip, 0, 0));

  /* Into another map of the family, hanging off its right edge: clipped. */
  paste = tsr_tile_command_paste (other, clip, MAP_W - 2, 5);
  tsr_undo_stack_push (stack, paste);
  ck_assert_uint_eq (tsr_tile_map_get_tile (other, 0, MAP_W - 2, 5), 101);
  ck_assert_uint_eq (tsr_tile_map_get_tile (other, 1, MAP_W - 1, 6), 1202);
  ck_assert_uint_eq (tsr_tile_map_get_tile (other, 2, MAP_W - 1, 6), 0); /* layer 2 not in clip */

  /* Cut = copy + erase; erase writes each layer's own empty tile. */
  cut = tsr_tile_command_erase_rect (map, 1, 2, &area, "Cut");
  tsr_undo_stack_push (stack, cut);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 1, 1, 1), 0);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 2, 3, 2), 7);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 1, 1), 101);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Cut");
  tsr_undo_stack_undo (stack);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 2, 3, 2), 2203);
}
END_TEST

START_TEST (test_move_overlapping)
{
  g_autoptr(TsrTileMap) map = make_map ("test");
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  TsrTileRect area = { 2, 2, 4, 3 };
  g_autoptr(TsrCommand) move = NULL;
  g_autofree guint32 *before = NULL;

  for (gint y = 0; y < MAP_H; y++)
    for (gint x = 0; x < MAP_W; x++)
      tsr_tile_map_set_tile (map, 0, (guint) x, (guint) y, (guint32) (y * 100 + x + 1));
  before = snapshot (map);

  move = tsr_tile_command_move (map, 0, 1, &area, 1, 1);
  tsr_undo_stack_push (stack, move);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 3, 3), 203);   /* (2,2) landed at (3,3) */
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 6, 5), 406);   /* (5,4) landed at (6,5) */
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 2, 2), 0);     /* vacated */
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 5, 2), 0);     /* vacated */
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 7, 7), 708);   /* untouched */
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);
  tsr_undo_stack_undo (stack);
  assert_same (map, before, "move undo");
  ck_assert_ptr_null (tsr_tile_command_move (map, 0, 1, &area, 0, 0));
}
END_TEST

/* The acceptance test: >= 1000 random mixed edits, undo all, compare; redo all, compare. */
START_TEST (test_random_edits)
{
  g_autoptr(TsrTileMap) map = make_map ("test");
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (8 + (guint32) _i);
  g_autofree guint32 *original = NULL;
  g_autofree guint32 *edited = NULL;
  guint applied = 0;

  for (guint l = 0; l < MAP_LAYERS; l++)
    for (gint y = 0; y < MAP_H; y++)
      for (gint x = 0; x < MAP_W; x++)
        tsr_tile_map_set_tile (map, l, (guint) x, (guint) y, g_rand_int_range (rand, 0, 4));
  original = snapshot (map);

  while (applied < 1200)
    {
      guint layer = (guint) g_rand_int_range (rand, 0, MAP_LAYERS);
      gint x = g_rand_int_range (rand, -2, MAP_W + 2), y = g_rand_int_range (rand, -2, MAP_H + 2);
      TsrTileRect area = tsr_tile_rect_from_corners (x, y, g_rand_int_range (rand, -2, MAP_W + 2),
                                                     g_rand_int_range (rand, -2, MAP_H + 2));
      guint32 value = (guint32) g_rand_int_range (rand, 0, 6);
      g_autoptr(TsrCommand) command = NULL;

      switch (g_rand_int_range (rand, 0, 8))
        {
        case 0: case 1: /* pencil strokes of different brush sizes, merging until a break */
          {
            TsrPaintTilesCommand *paint = tsr_paint_tiles_command_new (map, "Pencil", "pencil");
            gint radius = g_rand_int_range (rand, 0, 3);

            for (gint dy = -radius; dy <= radius; dy++)
              for (gint dx = -radius; dx <= radius; dx++)
                tsr_paint_tiles_command_set (paint, layer, x + dx, y + dy, value);
            command = TSR_COMMAND (paint);
            if (g_rand_int_range (rand, 0, 4) == 0)
              tsr_undo_stack_break_merge (stack);
          }
          break;
        case 2:
          command = tsr_tile_command_fill_rect (map, layer, &area, value);
          break;
        case 3:
          command = tsr_tile_command_flood_fill (map, layer, x, y, value,
                                                 g_rand_boolean (rand) ? &area : NULL);
          break;
        case 4:
          command = tsr_tile_command_erase_rect (map, layer, MAP_LAYERS - layer, &area, "Delete");
          break;
        case 5:
          {
            g_autoptr(TsrTileClip) clip = tsr_tile_clip_new_from_map (map, 0, MAP_LAYERS, &area);
            if (clip != NULL)
              command = tsr_tile_command_paste (map, clip, g_rand_int_range (rand, -3, MAP_W),
                                                g_rand_int_range (rand, -3, MAP_H));
          }
          break;
        case 6:
          command = tsr_tile_command_move (map, layer, 1, &area, g_rand_int_range (rand, -4, 5),
                                           g_rand_int_range (rand, -4, 5));
          break;
        case 7: /* a cut and a paste as one grouped action */
          {
            g_autoptr(TsrTileClip) clip = tsr_tile_clip_new_from_map (map, layer, 1, &area);
            g_autoptr(TsrCommand) erase = tsr_tile_command_erase_rect (map, layer, 1, &area, "Cut");

            tsr_undo_stack_begin_group (stack, "Cut and Paste");
            if (erase != NULL)
              tsr_undo_stack_push (stack, erase);
            if (clip != NULL)
              {
                g_autoptr(TsrCommand) paste = tsr_tile_command_paste (map, clip, x, y);
                if (paste != NULL)
                  tsr_undo_stack_push (stack, paste);
              }
            tsr_undo_stack_end_group (stack);
            applied++;
          }
          break;
        default:
          g_assert_not_reached ();
        }
      if (command != NULL)
        {
          tsr_undo_stack_push (stack, command);
          applied++;
        }
    }
  edited = snapshot (map);
  ck_assert_uint_gt (tsr_undo_stack_get_depth (stack), 100);

  while (tsr_undo_stack_undo (stack))
    ;
  assert_same (map, original, "after undo-all");
  while (tsr_undo_stack_redo (stack))
    ;
  assert_same (map, edited, "after redo-all");
}
END_TEST

static Suite *
tile_map_suite (void)
{
  Suite *suite = suite_create ("tile-map");
  TCase *tcase = tcase_create ("commands");

  tcase_add_test (tcase, test_rect);
  tcase_add_test (tcase, test_paint_undo_signals);
  tcase_add_test (tcase, test_stroke_merge);
  tcase_add_test (tcase, test_fills);
  tcase_add_test (tcase, test_clipboard);
  tcase_add_test (tcase, test_move_overlapping);
  tcase_add_loop_test (tcase, test_random_edits, 0, 4);
  suite_add_tcase (suite, tcase);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (tile_map_suite ());
}
