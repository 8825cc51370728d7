/* test-real-input.c: the tile-map editor driven by real X input (XTest under Xvfb), so the
 * canvas's GTK gestures, the tool-bar buttons and the window's accelerators are what is tested,
 * not the entry points test-map-editor.c calls. On the Wolf3D shareware set it paints pencil
 * strokes in the eight directions, a shallow one and a fast one whose events skip cells, a
 * rectangle, and one more stroke that a real Ctrl+Z undoes; on the Sphere village map a stroke, a
 * rectangle and an undone stroke, after a hover that names the cell in the status line without
 * drawing the map again. A real Ctrl+S saves into a temporary copy, and the codec must
 * find exactly the painted cells changed. The expected cells come from the points the pointer went
 * through, mapped with the canvas's view→cell mapping and joined with the tools' line walk.
 * A hang (the old diagonal-stroke bug) ends in meson's timeout. Exits 77 without a display or
 * without XTest; under CI=true a missing XTest fails. */
#include "config.h"

#include <gtk/gtk.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-new-map-dialog.h"
#include "app/tsr-window.h"
#include "edit/tsr-tile-line.h"
#include "edit/tsr-vector-select-tool.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-geometry.h"
#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/sphere/tsr-sphere-map.h"
#include "model/sphere/tsr-sphere-document.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/sphere/tsr-sphere-panels.h"
#include "views/tsr-map-editor.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

/* --- The window, its editor and the canvas --- */

static TsrWindow *
open_in_window (const char *path)
{
  return tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
}

static TsrMapEditor *
window_editor (TsrWindow *window)
{
  TsrMapEditor *editor = TSR_MAP_EDITOR (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MAP_EDITOR));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (editor)));
  return editor;
}

static gboolean
match_label_prefix (GtkWidget *widget, gconstpointer prefix)
{
  const char *text = GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget))
                     : GTK_IS_INSCRIPTION (widget) ? gtk_inscription_get_text (GTK_INSCRIPTION (widget)) : NULL;

  return text != NULL && g_str_has_prefix (text, prefix);
}

/* Clicks the tool-bar button LABEL with a real click. */
static void
click_button (TsrTestXTest *xtest, TsrMapEditor *editor, const char *label)
{
  GtkWidget *button = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, label);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (tsr_test_xtest_click (xtest, button));
}

/* The view point at the centre of cell (X, Y). */
static void
cell_centre (TsrMapCanvas *canvas, gint x, gint y, double *view_x, double *view_y)
{
  TsrTileMap *map = tsr_map_canvas_get_map (canvas);
  TsrMapViewport viewport;
  guint cell_w, cell_h;

  tsr_tile_map_get_cell_size (map, &cell_w, &cell_h);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_view (&viewport, (x + 0.5) * cell_w, (y + 0.5) * cell_h, view_x, view_y);
}

/* --- Real drags and what they must paint --- */

typedef struct {
  gint x;
  gint y;
} Cell;

typedef struct {
  TsrMapCanvas *canvas;
  GArray       *cells; /* Cell: the cells under the pointer in order, each change once */
} Path;

static void
path_add_point (double x, double y, gpointer data)
{
  Path *path = data;
  Cell cell;

  tsr_map_canvas_view_to_cell (path->canvas, x, y, &cell.x, &cell.y);
  if (path->cells->len > 0)
    {
      const Cell *last = &g_array_index (path->cells, Cell, path->cells->len - 1);

      if (last->x == cell.x && last->y == cell.y)
        return;
    }
  g_array_append_val (path->cells, cell);
}

/* A primary-button drag on the canvas with real input, from the centre of cell (X0, Y0) to that of
 * (X1, Y1): there without the button, press, there in steps of STEP pixels, release. Returns the
 * cells the pointer went through with the button down, the press cell first. */
static GArray *
real_drag (TsrTestXTest *xtest, TsrMapCanvas *canvas, gint x0, gint y0, gint x1, gint y1, double step)
{
  GtkWidget *widget = GTK_WIDGET (canvas);
  Path path = { canvas, g_array_new (FALSE, FALSE, sizeof (Cell)) };
  double vx0, vy0, vx1, vy1, px, py;

  cell_centre (canvas, x0, y0, &vx0, &vy0);
  cell_centre (canvas, x1, y1, &vx1, &vy1);
  /* Both ends on the canvas, or the drag would test the scrolled window's edges. */
  g_assert_cmpfloat (vx0, >, 0);
  g_assert_cmpfloat (vy0, >, 0);
  g_assert_cmpfloat (vx1, >, 0);
  g_assert_cmpfloat (vy1, >, 0);
  g_assert_cmpfloat (MAX (vx0, vx1), <, gtk_widget_get_width (widget));
  g_assert_cmpfloat (MAX (vy0, vy1), <, gtk_widget_get_height (widget));

  g_assert_true (tsr_test_xtest_move_to (xtest, widget, vx0, vy0, 6, NULL, NULL));
  tsr_test_xtest_get_pointer (xtest, widget, &px, &py);
  path_add_point (px, py, &path);
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, widget, vx1, vy1, step, path_add_point, &path));
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, FALSE));
  /* The pointer went from the start cell to the end cell. */
  g_assert_cmpint (g_array_index (path.cells, Cell, 0).x, ==, x0);
  g_assert_cmpint (g_array_index (path.cells, Cell, 0).y, ==, y0);
  g_assert_cmpint (g_array_index (path.cells, Cell, path.cells->len - 1).x, ==, x1);
  g_assert_cmpint (g_array_index (path.cells, Cell, path.cells->len - 1).y, ==, y1);
  {
    g_autoptr(GString) cells = g_string_new (NULL);

    for (guint i = 0; i < path.cells->len; i++)
      g_string_append_printf (cells, " %d,%d", g_array_index (path.cells, Cell, i).x,
                              g_array_index (path.cells, Cell, i).y);
    g_test_message ("drag %d,%d → %d,%d through%s", x0, y0, x1, y1, cells->str);
  }
  return path.cells;
}

/* The most cells between two successive cells of PATH (Chebyshev distance): above 1, the tools
 * had to walk a line between two events. */
static gint
longest_jump (GArray *path)
{
  gint longest = 0;

  for (guint i = 1; i < path->len; i++)
    {
      const Cell *a = &g_array_index (path, Cell, i - 1);
      const Cell *b = &g_array_index (path, Cell, i);

      longest = MAX (longest, MAX (ABS (b->x - a->x), ABS (b->y - a->y)));
    }
  return longest;
}

/* The cells of one layer as the test expects them. */
typedef struct {
  guint    width;
  guint    height;
  guint32 *cells;
} Expected;

typedef struct {
  Expected *expected;
  guint32   tile;
} Paint;

static void
paint_cell (gint x, gint y, gpointer data)
{
  Paint *paint = data;

  paint->expected->cells[y * paint->expected->width + x] = paint->tile;
}

/* What the 1×1 pencil paints along PATH: the line walk between successive cells, as the tools
 * walk it, on the cells of the layer. */
static void
expect_stroke (Expected *expected, GArray *path, guint32 tile)
{
  TsrTileRect clip = { 0, 0, expected->width, expected->height };
  Paint paint = { expected, tile };

  for (guint i = 0; i < path->len; i++)
    {
      const Cell *from = &g_array_index (path, Cell, i > 0 ? i - 1 : 0);
      const Cell *to = &g_array_index (path, Cell, i);

      tsr_tile_line_walk (from->x, from->y, to->x, to->y, &clip, paint_cell, &paint);
    }
}

/* What the rectangle tool paints for PATH: the rectangle from the press cell to the release cell. */
static void
expect_rectangle (Expected *expected, GArray *path, guint32 tile)
{
  const Cell *a = &g_array_index (path, Cell, 0);
  const Cell *b = &g_array_index (path, Cell, path->len - 1);

  for (gint y = MAX (0, MIN (a->y, b->y)); y <= MIN ((gint) expected->height - 1, MAX (a->y, b->y)); y++)
    for (gint x = MAX (0, MIN (a->x, b->x)); x <= MIN ((gint) expected->width - 1, MAX (a->x, b->x)); x++)
      expected->cells[y * expected->width + x] = tile;
}

static Expected *
expected_copy (const Expected *from)
{
  Expected *copy = g_new (Expected, 1);

  *copy = *from;
  copy->cells = g_memdup2 (from->cells, sizeof (guint32) * from->width * from->height);
  return copy;
}

static void
expected_free (Expected *expected)
{
  g_free (expected->cells);
  g_free (expected);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Expected, expected_free)

static guint
count_differences (const Expected *a, const Expected *b)
{
  guint n = 0;

  for (guint i = 0; i < a->width * a->height; i++)
    n += a->cells[i] != b->cells[i];
  return n;
}

/* The editor's LAYER holds exactly EXPECTED. */
static void
assert_layer (TsrTileMap *map, guint layer, const Expected *expected)
{
  for (guint y = 0; y < expected->height; y++)
    for (guint x = 0; x < expected->width; x++)
      if (tsr_tile_map_get_tile (map, layer, x, y) != expected->cells[y * expected->width + x])
        g_error ("layer %u cell %u,%u: tile %u, %u expected", layer, x, y,
                 tsr_tile_map_get_tile (map, layer, x, y), expected->cells[y * expected->width + x]);
}

/* A palette value of LAYER that is nowhere in EXPECTED (so every painted cell changes), at most
 * MAX. */
static guint32
absent_tile (TsrTileMap *map, guint layer, const Expected *expected, guint32 max)
{
  g_autoptr(GArray) tiles = tsr_tile_map_list_tiles (map, layer);

  for (guint i = 0; i < tiles->len; i++)
    {
      guint32 tile = g_array_index (tiles, guint32, i);
      gboolean present = FALSE;

      for (guint c = 0; c < expected->width * expected->height && !present; c++)
        present = expected->cells[c] == tile;
      if (!present && tile <= max && tile != tsr_tile_map_get_empty_tile (map, layer))
        return tile;
    }
  g_error ("every tile of layer %u is used", layer);
}

/* --- Wolf3D: the shareware set, level 1 --- */

static const char *const wolf_files[] = {
  "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1",
  "VGAHEAD.WL1", "VSWAP.WL1", NULL,
};

/* Wall tiles are 1..63 on plane 0; painting them cannot make a level invalid. */
#define WOLF_LAST_WALL 63

static TsrWolf3dSet *
load_wolf_set (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "MAPHEAD.WL1", NULL);
  g_autoptr(GError) error = NULL;
  TsrWolf3dSet *set = tsr_wolf3d_set_load (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (set);
  return set;
}

static void
test_wolf3d (void)
{
  /* The eight directions, clockwise from the right. */
  static const gint directions[8][2] = {
    { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 },
  };
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(Expected) expected = NULL;
  g_autoptr(Expected) before_last = NULL;
  g_autoptr(GArray) cells = NULL;
  const TsrWolf3dLevel *level;
  TsrWolf3dSet *original, *saved;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrTileTools *tools;
  TsrTileMap *map;
  guint32 wall;

  if (source == NULL)
    {
      g_test_skip ("no Wolf3D test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, wolf_files, work_dir, "wolf3d");
  path = g_build_filename (dir, "MAPHEAD.WL1", NULL);
  original = load_wolf_set (source);
  level = g_ptr_array_index (original->maps->levels, 0);
  expected = g_new (Expected, 1);
  *expected = (Expected) { level->width, level->height, g_new (guint32, level->width * level->height) };
  for (guint i = 0; i < expected->width * expected->height; i++)
    expected->cells[i] = level->planes[0][i];

  window = open_in_window (path);
  editor = window_editor (window);
  canvas = tsr_map_editor_get_canvas (editor);
  tools = tsr_map_editor_get_tools (editor);
  map = tsr_map_editor_get_map (editor);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* 16 view pixels a cell, the middle of the level in view. */
  tsr_map_canvas_set_zoom (canvas, 0.25);
  tsr_map_canvas_center_on (canvas, 32 * 64, 32 * 64);
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, 0);
  wall = absent_tile (map, 0, expected, WOLF_LAST_WALL);
  tsr_tile_tools_set_tile (tools, wall);

  /* The pencil and the 1×1 brush by real clicks on the tool bar. */
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_SELECT);
  tsr_tile_tools_set_brush_size (tools, 3);
  click_button (xtest, editor, "_Pencil");
  g_assert_cmpint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_PENCIL);
  click_button (xtest, editor, "1×1");
  g_assert_cmpuint (tsr_tile_tools_get_brush_size (tools), ==, 1);

  /* A star of strokes from near the middle, 4 pixels a step; the diagonals are 15 cells long. */
  for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
    {
      g_autoptr(GArray) stroke = NULL;

      stroke = real_drag (xtest, canvas, 32 + 2 * directions[d][0], 32 + 2 * directions[d][1],
                          32 + 17 * directions[d][0], 32 + 17 * directions[d][1], 4);
      expect_stroke (expected, stroke, wall);
      assert_layer (map, 0, expected);
    }
  /* A long shallow stroke, and a fast one: about three cells per motion event. */
  cells = real_drag (xtest, canvas, 10, 50, 54, 38, 5);
  expect_stroke (expected, cells, wall);
  g_clear_pointer (&cells, g_array_unref);
  cells = real_drag (xtest, canvas, 52, 14, 18, 32, 48);
  g_assert_cmpint (longest_jump (cells), >=, 3);
  expect_stroke (expected, cells, wall);
  g_clear_pointer (&cells, g_array_unref);
  assert_layer (map, 0, expected);

  /* A rectangle, the tool chosen by a real click. */
  click_button (xtest, editor, "_Rectangle");
  g_assert_cmpint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_RECTANGLE);
  cells = real_drag (xtest, canvas, 8, 40, 14, 46, 6);
  expect_rectangle (expected, cells, wall);
  g_clear_pointer (&cells, g_array_unref);
  assert_layer (map, 0, expected);

  /* One more stroke across the rectangle and two strokes, then a real Ctrl+Z takes it back. */
  click_button (xtest, editor, "_Pencil");
  g_assert_cmpint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_PENCIL);
  before_last = expected_copy (expected);
  cells = real_drag (xtest, canvas, 5, 43, 40, 36, 4);
  expect_stroke (expected, cells, wall);
  g_clear_pointer (&cells, g_array_unref);
  assert_layer (map, 0, expected);
  g_assert_cmpuint (count_differences (expected, before_last), >, 20);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  assert_layer (map, 0, before_last);

  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-wolf3d.png");

  /* A real Ctrl+S; the codec finds exactly the painted cells changed, on level 1 plane 0 only. */
  tsr_test_xtest_save (xtest, window);
  saved = load_wolf_set (dir);
  g_assert_cmpuint (saved->maps->levels->len, ==, original->maps->levels->len);
  for (guint i = 0; i < original->maps->levels->len; i++)
    {
      const TsrWolf3dLevel *was = g_ptr_array_index (original->maps->levels, i);
      const TsrWolf3dLevel *now = g_ptr_array_index (saved->maps->levels, i);

      if (was == NULL)
        {
          g_assert_null (now);
          continue;
        }
      g_assert_nonnull (now);
      g_assert_cmpuint (now->width, ==, was->width);
      g_assert_cmpuint (now->height, ==, was->height);
      for (guint plane = 0; plane < TSR_WOLF3D_PLANES; plane++)
        for (guint c = 0; c < (guint) was->width * was->height; c++)
          {
            guint expected_tile = i == 0 && plane == 0 ? before_last->cells[c] : was->planes[plane][c];

            if (now->planes[plane][c] != expected_tile)
              g_error ("level %u plane %u cell %u,%u: %u saved, %u expected", i + 1, plane,
                       c % was->width, c / was->width, now->planes[plane][c], expected_tile);
          }
    }
  tsr_wolf3d_set_free (saved);
  tsr_wolf3d_set_free (original);
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* --- Sphere: the village map, layer 1 --- */

static const char *const sphere_files[] = { "village.rmp", "outside_neo.rts", "sarah.rss", NULL };

static TsrSphereMap *
load_sphere_map (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "village.rmp", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  TsrSphereMap *map;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  bytes = g_bytes_new (contents, length);
  map = tsr_sphere_map_parse (bytes, &error);
  g_assert_no_error (error);
  return map;
}

static void
count_map_draws (TsrMapCanvas *canvas, cairo_t *cr, gpointer viewport, guint *n_draws)
{
  (*n_draws)++;
}

/* A real hover to the centre of cell (X, Y): the status line names the cell under the pointer, and
 * the frames drawn for it (the brush outline) show the map as kept, not drawn again (issue 35). */
static void
hover_status (TsrTestXTest *xtest, TsrMapEditor *editor, TsrMapCanvas *canvas, gint x, gint y)
{
  g_autofree char *prefix = NULL;
  guint n_draws = 0;
  gulong handler;
  double vx, vy;
  gint cx, cy;

  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (canvas), 2));
  handler = g_signal_connect (canvas, "draw-overlay", G_CALLBACK (count_map_draws), &n_draws);
  cell_centre (canvas, x, y, &vx, &vy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 6, NULL, NULL));
  tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &vx, &vy);
  tsr_map_canvas_view_to_cell (canvas, vx, vy, &cx, &cy);
  g_assert_cmpint (cx, ==, x);
  g_assert_cmpint (cy, ==, y);
  prefix = g_strdup_printf ("Cell %d, %d · Pixel ", x, y);
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (editor), match_label_prefix, prefix));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (canvas), 2));
  g_assert_cmpuint (n_draws, ==, 0);
  g_signal_handler_disconnect (canvas, handler);
}

/* A real middle-button pan by (DX, DY) view pixels: the status line names the cell under the
 * pointer once it stops (the text follows a pan in the frame after the view moved, issue 35). */
static void
pan_status (TsrTestXTest *xtest, TsrMapEditor *editor, TsrMapCanvas *canvas, double dx, double dy)
{
  g_autofree char *prefix = NULL;
  double vx, vy;
  gint cx, cy;

  tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &vx, &vy);
  g_assert_true (tsr_test_xtest_button (xtest, 2, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx + dx, vy + dy, 6, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 2, FALSE));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (canvas), 2));
  tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &vx, &vy);
  tsr_map_canvas_view_to_cell (canvas, vx, vy, &cx, &cy);
  prefix = g_strdup_printf ("Cell %d, %d · Pixel ", cx, cy);
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (editor), match_label_prefix, prefix));
}

static void
test_sphere (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(TsrSphereMap) original = NULL;
  g_autoptr(TsrSphereMap) saved = NULL;
  g_autoptr(Expected) expected = NULL;
  g_autoptr(Expected) before_last = NULL;
  g_autoptr(GArray) cells = NULL;
  const TsrSphereLayer *layer;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrTileTools *tools;
  TsrTileMap *map;
  guint32 tile;

  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, sphere_files, work_dir, "sphere");
  path = g_build_filename (dir, "village.rmp", NULL);
  original = load_sphere_map (source);
  g_assert_cmpuint (original->layers->len, >, 1);
  layer = g_ptr_array_index (original->layers, 1);
  expected = g_new (Expected, 1);
  *expected = (Expected) { layer->width, layer->height, g_new (guint32, layer->width * layer->height) };
  for (guint i = 0; i < expected->width * expected->height; i++)
    expected->cells[i] = layer->tiles[i];

  window = open_in_window (path);
  editor = window_editor (window);
  canvas = tsr_map_editor_get_canvas (editor);
  tools = tsr_map_editor_get_tools (editor);
  map = tsr_map_editor_get_map (editor);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* 32 view pixels a cell; paint layer 1 with a tile it does not use yet. */
  tsr_map_canvas_set_zoom (canvas, 2.0);
  tsr_map_canvas_center_on (canvas, 14 * 16, 14 * 16);
  tsr_test_ui_iterate_for (100);
  tsr_tile_tools_set_layer (tools, 1);
  tile = absent_tile (map, 1, expected, G_MAXUINT32);
  tsr_tile_tools_set_tile (tools, tile);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_FILL);
  click_button (xtest, editor, "_Pencil");
  g_assert_cmpint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_PENCIL);
  click_button (xtest, editor, "1×1");
  g_assert_cmpuint (tsr_tile_tools_get_brush_size (tools), ==, 1);

  hover_status (xtest, editor, canvas, 10, 12);
  hover_status (xtest, editor, canvas, 17, 5);
  pan_status (xtest, editor, canvas, -90, 70);
  tsr_map_canvas_center_on (canvas, 14 * 16, 14 * 16);
  tsr_test_ui_iterate_for (100);

  /* A diagonal stroke down-right and a shallow one up-right. */
  cells = real_drag (xtest, canvas, 3, 7, 15, 19, 5);
  expect_stroke (expected, cells, tile);
  g_clear_pointer (&cells, g_array_unref);
  cells = real_drag (xtest, canvas, 4, 22, 25, 12, 7);
  expect_stroke (expected, cells, tile);
  g_clear_pointer (&cells, g_array_unref);
  assert_layer (map, 1, expected);

  /* A rectangle. */
  click_button (xtest, editor, "_Rectangle");
  g_assert_cmpint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_RECTANGLE);
  cells = real_drag (xtest, canvas, 24, 7, 18, 11, 6);
  expect_rectangle (expected, cells, tile);
  g_clear_pointer (&cells, g_array_unref);
  assert_layer (map, 1, expected);

  /* A stroke across everything, undone with a real Ctrl+Z. */
  click_button (xtest, editor, "_Pencil");
  before_last = expected_copy (expected);
  cells = real_drag (xtest, canvas, 2, 15, 26, 9, 4);
  expect_stroke (expected, cells, tile);
  g_clear_pointer (&cells, g_array_unref);
  assert_layer (map, 1, expected);
  g_assert_cmpuint (count_differences (expected, before_last), >, 10);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  assert_layer (map, 1, before_last);

  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-sphere.png");

  /* A real Ctrl+S; the codec finds exactly the painted cells changed, on layer 1 only. */
  tsr_test_xtest_save (xtest, window);
  saved = load_sphere_map (dir);
  g_assert_cmpuint (saved->layers->len, ==, original->layers->len);
  g_assert_cmpuint (saved->entities->len, ==, original->entities->len);
  g_assert_cmpuint (saved->zones->len, ==, original->zones->len);
  for (guint l = 0; l < original->layers->len; l++)
    {
      const TsrSphereLayer *was = g_ptr_array_index (original->layers, l);
      const TsrSphereLayer *now = g_ptr_array_index (saved->layers, l);

      g_assert_cmpuint (now->width, ==, was->width);
      g_assert_cmpuint (now->height, ==, was->height);
      for (guint c = 0; c < (guint) was->width * was->height; c++)
        {
          guint expected_tile = l == 1 ? before_last->cells[c] : was->tiles[c];

          if (now->tiles[c] != expected_tile)
            g_error ("layer %u cell %u,%u: %u saved, %u expected", l, c % was->width, c / was->width,
                     now->tiles[c], expected_tile);
        }
    }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* --- Sphere entities: the entity modes are tools driven by real input --- */

/* The view point over the middle of map pixel (X, Y). */
static void
pixel_to_view (TsrMapCanvas *canvas, double x, double y, double *view_x, double *view_y)
{
  TsrMapViewport viewport;

  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_view (&viewport, x + 0.5, y + 0.5, view_x, view_y);
  g_assert_cmpfloat (*view_x, >, 0);
  g_assert_cmpfloat (*view_y, >, 0);
  g_assert_cmpfloat (*view_x, <, gtk_widget_get_width (GTK_WIDGET (canvas)));
  g_assert_cmpfloat (*view_y, <, gtk_widget_get_height (GTK_WIDGET (canvas)));
}

/* A real primary-button drag from map pixel (X0, Y0) by (DX, DY) view pixels exactly (measured
 * from where the pointer really is at the press). */
static void
real_pixel_drag (TsrTestXTest *xtest, TsrMapCanvas *canvas, double x0, double y0, double dx, double dy)
{
  GtkWidget *widget = GTK_WIDGET (canvas);
  double vx, vy, px, py;

  pixel_to_view (canvas, x0, y0, &vx, &vy);
  g_assert_true (tsr_test_xtest_move_to (xtest, widget, vx, vy, 6, NULL, NULL));
  tsr_test_xtest_get_pointer (xtest, widget, &px, &py);
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, widget, px + dx, py + dy, 5, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, FALSE));
}

/* Places a person, draws a zone and an obstruction segment, drags the person by its picture,
 * undoes the drag with Ctrl+Z and saves with Ctrl+S, all with real input on village.rmp. */
static void
test_sphere_entities (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(TsrSphereMap) original = NULL;
  g_autoptr(TsrSphereMap) saved = NULL;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrSpherePanels *panels;
  const TsrSphereMap *map;
  TsrTileRect box;
  guint person, n_segments;
  double vx, vy;

  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, sphere_files, work_dir, "sphere-entities");
  path = g_build_filename (dir, "village.rmp", NULL);
  original = load_sphere_map (source);
  n_segments = ((TsrSphereLayer *) g_ptr_array_index (original->layers, 1))->segments->len;

  window = open_in_window (path);
  editor = window_editor (window);
  canvas = tsr_map_editor_get_canvas (editor);
  panels = TSR_SPHERE_PANELS (tsr_map_editor_get_family_panels (editor));
  map = tsr_sphere_document_get_map (TSR_SPHERE_DOCUMENT (tsr_window_get_document (window)));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  tsr_map_canvas_set_zoom (canvas, 2.0);
  tsr_map_canvas_center_on (canvas, 200, 160);
  tsr_tile_tools_set_layer (tsr_map_editor_get_tools (editor), 1);
  tsr_map_editor_show_page (editor, "entities");
  tsr_test_ui_iterate_for (100);

  /* A person: a real click on "Person", then on the map. */
  click_button (xtest, editor, "Person");
  g_assert_cmpint (tsr_sphere_panels_get_mode (panels), ==, TSR_SPHERE_MODE_PERSON);
  pixel_to_view (canvas, 100, 120, &vx, &vy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 6, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, FALSE));
  g_assert_cmpuint (map->entities->len, ==, original->entities->len + 1);
  person = original->entities->len;
  g_assert_cmpuint (((TsrSphereEntity *) g_ptr_array_index (map->entities, person))->x, ==, 100);
  g_assert_cmpuint (((TsrSphereEntity *) g_ptr_array_index (map->entities, person))->y, ==, 120);

  /* A zone dragged out from (160,160) by 128x96 view pixels: 64x48 map pixels. */
  click_button (xtest, editor, "Zone");
  real_pixel_drag (xtest, canvas, 160, 160, 128, 96);
  g_assert_cmpuint (map->zones->len, ==, original->zones->len + 1);

  /* An obstruction segment on layer 1. */
  click_button (xtest, editor, "Segment");
  real_pixel_drag (xtest, canvas, 260, 96, 128, 0);
  g_assert_cmpuint (((TsrSphereLayer *) g_ptr_array_index (map->layers, 1))->segments->len, ==, n_segments + 1);

  /* Select; the person grabbed by the middle of its picture and dragged 32 map pixels right. */
  click_button (xtest, editor, "Select");
  g_assert_true (tsr_sphere_document_get_entity_bounds (TSR_SPHERE_DOCUMENT (tsr_window_get_document (window)), person, &box));
  real_pixel_drag (xtest, canvas, box.x + box.width / 2, box.y + box.height / 2, 64, 0);
  g_assert_cmpuint (((TsrSphereEntity *) g_ptr_array_index (map->entities, person))->x, ==, 132);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-sphere-entities.png");

  /* A real Ctrl+Z takes the drag back in one step. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpuint (((TsrSphereEntity *) g_ptr_array_index (map->entities, person))->x, ==, 100);
  g_assert_cmpuint (map->zones->len, ==, original->zones->len + 1);

  /* A real Ctrl+S; the codec reads back the person, the zone and the segment, and every tile. */
  tsr_test_xtest_save (xtest, window);
  saved = load_sphere_map (dir);
  g_assert_cmpuint (saved->entities->len, ==, original->entities->len + 1);
  g_assert_cmpuint (saved->zones->len, ==, original->zones->len + 1);
  {
    const TsrSphereEntity *placed = g_ptr_array_index (saved->entities, person);
    const TsrSphereZone *zone = g_ptr_array_index (saved->zones, original->zones->len);
    const TsrSphereLayer *layer = g_ptr_array_index (saved->layers, 1);
    const TsrSphereSegment *segment;

    g_assert_cmpuint (placed->type, ==, TSR_SPHERE_ENTITY_PERSON);
    g_assert_cmpuint (placed->x, ==, 100);
    g_assert_cmpuint (placed->y, ==, 120);
    g_assert_cmpuint (placed->layer, ==, 1);
    g_assert_cmpuint (zone->x1, ==, 160);
    g_assert_cmpuint (zone->y1, ==, 160);
    g_assert_cmpuint (zone->x2, ==, 224);
    g_assert_cmpuint (zone->y2, ==, 208);
    g_assert_cmpuint (zone->layer, ==, 1);
    g_assert_cmpuint (layer->segments->len, ==, n_segments + 1);
    segment = &g_array_index (layer->segments, TsrSphereSegment, n_segments);
    g_assert_cmpuint (segment->x1, ==, 260);
    g_assert_cmpuint (segment->y1, ==, 96);
    g_assert_cmpuint (segment->x2, ==, 324);
    g_assert_cmpuint (segment->y2, ==, 96);
  }
  for (guint l = 0; l < original->layers->len; l++)
    {
      const TsrSphereLayer *was = g_ptr_array_index (original->layers, l);
      const TsrSphereLayer *now = g_ptr_array_index (saved->layers, l);

      g_assert_cmpmem (now->tiles, (gsize) now->width * now->height * 2, was->tiles, (gsize) was->width * was->height * 2);
    }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* --- File → New: a Sphere map made with Ctrl+N, painted, saved where the chooser says --- */

static void
test_new_map (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(TsrTestXTest) dialog_input = NULL;
  g_autoptr(GArray) cells = NULL;
  g_autofree char *saved_path = g_build_filename (work_dir, "new-map.rmp", NULL);
  g_autoptr(TsrSphereMap) saved = NULL;
  g_autoptr(GBytes) bytes = NULL;
  TsrWindow *window = tsr_window_new (application);
  GtkWindow *dialog;
  GtkWindow *chooser;
  TsrDocument *document;
  TsrMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrTileTools *tools;
  gint64 end;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (200);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* A real Ctrl+N asks for the map (its release goes to the dialog, which has taken the focus, so
   * the helper does not see it); a width of 20 typed into its first field; a real click on
   * Create. */
  tsr_test_xtest_key (xtest, GDK_KEY_n, GDK_CONTROL_MASK);
  dialog = tsr_test_ui_wait_for_toplevel (TSR_TYPE_NEW_MAP_DIALOG);
  dialog_input = tsr_test_xtest_drive (dialog);
  gtk_widget_grab_focus (tsr_new_map_dialog_get_field (TSR_NEW_MAP_DIALOG (dialog), "width"));
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_xtest_key (dialog_input, GDK_KEY_a, GDK_CONTROL_MASK));
  g_assert_true (tsr_test_xtest_key (dialog_input, GDK_KEY_2, 0));
  g_assert_true (tsr_test_xtest_key (dialog_input, GDK_KEY_0, 0));
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "real-input-new-map-dialog.png");
  g_clear_pointer (&dialog_input, tsr_test_xtest_free);
  {
    g_autoptr(TsrTestXTest) again = tsr_test_xtest_new (dialog, &error);
    GtkWidget *create = tsr_test_ui_find_widget (GTK_WIDGET (dialog), tsr_test_ui_match_button_label, "C_reate");

    g_assert_no_error (error);
    g_assert_nonnull (create);
    g_assert_true (tsr_test_xtest_click (again, create));
  }
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (tsr_window_get_document (window) == NULL && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (20);
  document = tsr_window_get_document (window);
  g_assert_nonnull (document);
  g_assert_true (TSR_IS_SPHERE_DOCUMENT (document));
  g_assert_null (tsr_document_get_file (document));
  g_assert_cmpuint (tsr_tile_map_get_width (TSR_TILE_MAP (document)), ==, 20);
  g_assert_cmpuint (tsr_tile_map_get_height (TSR_TILE_MAP (document)), ==, 32);
  tsr_test_ui_iterate_for (200);

  /* A real pencil stroke with the second tile. */
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  editor = window_editor (window);
  canvas = tsr_map_editor_get_canvas (editor);
  tools = tsr_map_editor_get_tools (editor);
  tsr_map_canvas_set_zoom (canvas, 2.0);
  tsr_map_canvas_center_on (canvas, 10 * 16, 8 * 16);
  tsr_test_ui_iterate_for (100);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_PENCIL);
  tsr_tile_tools_set_brush_size (tools, 1);
  tsr_tile_tools_set_tile (tools, 1);
  cells = real_drag (xtest, canvas, 3, 4, 9, 4, 5);
  g_assert_true (tsr_window_get_modified (window));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-new-map.png");

  /* A real Ctrl+S asks where (the file chooser, which takes the focus before the key's release);
   * the map is saved there. */
  tsr_test_xtest_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK);
  chooser = tsr_test_ui_wait_for_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  {
    g_autoptr(GFile) folder = g_file_new_for_path (work_dir);

    g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "new-map.rmp");
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
    G_GNUC_END_IGNORE_DEPRECATIONS
  }
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (tsr_window_get_modified (window) && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (20);
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_false (tsr_window_get_modified (window));
  g_assert_nonnull (tsr_document_get_file (document));

  bytes = tsr_file_read (saved_path, &error);
  g_assert_no_error (error);
  saved = tsr_sphere_map_parse (bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (saved->layers->len, ==, 1);
  {
    const TsrSphereLayer *layer = g_ptr_array_index (saved->layers, 0);

    g_assert_cmpuint (layer->width, ==, 20);
    g_assert_cmpuint (layer->height, ==, 32);
    g_autoptr(Expected) expected = g_new (Expected, 1);

    /* The cells the pointer went through, joined as the pencil joins them. */
    *expected = (Expected) { 20, 32, g_new0 (guint32, 20 * 32) };
    expect_stroke (expected, cells, 1);
    g_assert_cmpuint (count_differences (expected, &(Expected) { 20, 32, (guint32[20 * 32]) { 0 } }), >=, 7);
    for (guint c = 0; c < 20 * 32; c++)
      g_assert_cmpuint (layer->tiles[c], ==, expected->cells[c]);
  }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* --- Marathon terminals: typing into a map's Terminals page --- */

/* Types TEXT with real key taps (Shift for capitals and the shifted symbols of a US keyboard). */
static void
type_keys (TsrTestXTest *xtest, const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      guint keyval = *p == '\n' ? GDK_KEY_Return : gdk_unicode_to_keyval ((guint8) *p);
      gboolean shift = g_ascii_isupper (*p) || strchr ("~!@#$%^&*()_+{}|:\"<>?", *p) != NULL;

      g_assert_true (tsr_test_xtest_key (xtest, keyval, shift ? GDK_SHIFT_MASK : 0));
    }
}

static gboolean
match_tab_label (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), label) == 0
         && gtk_widget_get_ancestor (widget, GTK_TYPE_NOTEBOOK) != NULL;
}

/* Whether some line of the preview's current page draws TEXT in bold. */
static gboolean
preview_shows_bold (TsrTerminalPreview *preview, const char *text)
{
  const TsrTerminalLayout *layout = tsr_terminal_preview_get_layout (preview);
  const TsrTerminalPage *page;

  if (layout == NULL)
    return FALSE;
  page = tsr_terminal_layout_get_page (layout, tsr_terminal_preview_get_page (preview));
  for (guint l = 0; page != NULL && l < page->lines->len; l++)
    {
      const TsrTerminalLine *line = g_ptr_array_index (page->lines, l);

      for (guint r = 0; r < line->runs->len; r++)
        {
          const TsrTerminalRun *run = &g_array_index (line->runs, TsrTerminalRun, r);

          if ((run->face & TSR_TERMINAL_FACE_BOLD) && strstr (run->text, text) != NULL)
            return TRUE;
        }
    }
  return FALSE;
}

/* chronicles_DreamBrother.sceA: the Terminals tab clicked, a line with $B bold typed into a group
 * with real keys (the preview shows it in bold), an error typed (a misnumbered #ENDTERMINAL, listed
 * at its line), removed with BackSpace, saved with Ctrl+S; the saved map differs only in its term chunk, which decompiles to
 * the edited script. */
static void
test_marathon_terminals (void)
{
  g_autofree char *path = NULL, *edited = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GBytes) original = NULL, saved = NULL;
  g_autoptr(TsrMarathonScenario) before = NULL, after = NULL;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrTerminalEditor *editor;
  TsrTerminalText *text;
  GtkWidget *view, *tab;
  GtkTextBuffer *buffer;
  GdkRectangle location;
  GtkTextIter iter;
  guint line, level;
  double vx, vy;

  path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir, "marathon");
  if (path == NULL)
    return;
  original = tsr_file_read (path, &error);
  g_assert_no_error (error);

  window = open_in_window (path);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  tab = tsr_test_ui_find_widget (GTK_WIDGET (page), match_tab_label, "Terminals");
  g_assert_nonnull (tab);
  g_assert_true (tsr_test_xtest_click (xtest, tab));
  tsr_test_ui_iterate_for (100);
  editor = tsr_marathon_map_page_get_terminal_editor (page);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (editor)));
  text = tsr_terminal_editor_get_text (editor);
  level = tsr_marathon_document_get_current_level (TSR_MARATHON_DOCUMENT (tsr_window_get_document (window)));
  view = GTK_WIDGET (tsr_terminal_editor_get_source_view (editor));
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));

  /* Click at the start of the line after the logon directive: the cursor goes there. */
  line = tsr_terminal_text_get_group_line (text, 0, 1);
  gtk_text_buffer_get_iter_at_line (buffer, &iter, (int) line);
  gtk_text_view_get_iter_location (GTK_TEXT_VIEW (view), &iter, &location);
  gtk_text_view_buffer_to_window_coords (GTK_TEXT_VIEW (view), GTK_TEXT_WINDOW_WIDGET, location.x,
                                         location.y + location.height / 2, &location.x, &location.y);
  vx = location.x + 1;
  vy = location.y;
  g_assert_true (tsr_test_xtest_move_to (xtest, view, vx, vy, 16, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (100);
  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  g_assert_cmpint (gtk_text_iter_get_line (&iter), ==, (int) line);

  type_keys (xtest, "Keyed in $Bboldly$b.\n");
  tsr_terminal_editor_refresh (editor);
  g_assert_cmpuint (tsr_terminal_editor_get_n_problems (editor), ==, 0);
  g_assert_true (preview_shows_bold (tsr_terminal_editor_get_preview (editor), "boldly"));
  /* Let the completion popup (directive names) come and go before drawing the window. */
  gtk_source_completion_hide (gtk_source_view_get_completion (GTK_SOURCE_VIEW (view)));
  tsr_test_ui_iterate_for (300);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-terminals.png");

  /* A misnumbered #ENDTERMINAL is an error at its line, in the findings too; BackSpace takes it
   * away again. */
  type_keys (xtest, "#ENDTERMINAL 5");
  tsr_terminal_editor_refresh (editor);
  g_assert_cmpuint (tsr_terminal_editor_get_n_problems (editor), ==, 1);
  g_assert_cmpint (tsr_terminal_editor_get_problem (editor, 0)->severity, ==, TSR_SEVERITY_ERROR);
  g_assert_cmpuint (tsr_terminal_editor_get_problem (editor, 0)->line, ==, line + 2);
  tsr_findings_view_refresh (tsr_terminal_editor_get_findings_view (editor));
  g_assert_cmpuint (tsr_findings_view_get_n_errors (tsr_terminal_editor_get_findings_view (editor)), ==, 1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-terminals-error.png");
  for (guint i = 0; i < strlen ("#ENDTERMINAL 5"); i++)
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_BackSpace, 0));
  tsr_terminal_editor_refresh (editor);
  g_assert_cmpuint (tsr_terminal_editor_get_n_problems (editor), ==, 0);
  edited = g_strdup (tsr_terminal_text_get_text (text, NULL));
  g_assert_nonnull (strstr (edited, "Keyed in $Bboldly$b.\n"));

  tsr_test_xtest_save (xtest, window);
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  before = tsr_marathon_scenario_load (original, "original", &error);
  g_assert_no_error (error);
  after = tsr_marathon_scenario_load (saved, "saved", &error);
  g_assert_no_error (error);
  {
    TsrMarathonLevel *saved_level = g_ptr_array_index (after->map->levels, level);
    g_autofree char *decompiled = tsr_marathon_terminals_decompile (saved_level->terminals, &error);

    g_assert_cmpstr (decompiled, ==, edited);
  }
  for (guint e = 0; e < before->map->wad->entries->len; e++)
    {
      TsrWadEntry *a = g_ptr_array_index (before->map->wad->entries, e);
      TsrWadEntry *b = g_ptr_array_index (after->map->wad->entries, e);

      g_assert_cmpuint (a->chunks->len, ==, b->chunks->len);
      for (guint c = 0; c < a->chunks->len; c++)
        {
          TsrWadChunk *x = g_ptr_array_index (a->chunks, c), *y = g_ptr_array_index (b->chunks, c);

          g_assert_cmpuint (x->tag, ==, y->tag);
          g_assert_true (x->tag == TSR_WAD_TAG ('t', 'e', 'r', 'm') ? !g_bytes_equal (x->data, y->data)
                                                                     : g_bytes_equal (x->data, y->data));
        }
    }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* --- Marathon map editor --- */

static void
map_to_view (TsrMapCanvas *canvas, double x, double y, double *vx, double *vy)
{
  TsrMapViewport viewport;

  tsr_map_canvas_get_viewport (canvas, &viewport);
  *vx = (x - viewport.x) * viewport.zoom;
  *vy = (y - viewport.y) * viewport.zoom;
}

static void
view_to_map (TsrMapCanvas *canvas, double vx, double vy, double *x, double *y)
{
  TsrMapViewport viewport;

  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_map (&viewport, vx, vy, x, y);
}

/* The Marathon status line names the map point under the pointer (in world units of 1024), once
 * the frame after what moved the view has been drawn. */
static void
marathon_status_at_pointer (TsrTestXTest *xtest, TsrMarathonMapEditor *editor, TsrMapCanvas *canvas)
{
  double px, py, mx, my, sx, sy;

  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (canvas), 2));
  tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &px, &py);
  view_to_map (canvas, px, py, &mx, &my);
  g_assert_cmpint (sscanf (tsr_marathon_map_editor_get_status (editor), "%lf, %lf WU", &sx, &sy), ==, 2);
  /* The pointer's view point may lie half a pixel off the one the canvas saw: within a pixel. */
  g_assert_cmpfloat_with_epsilon (sx, mx / 1024, 0.001 + 1 / tsr_map_canvas_get_zoom (canvas) / 1024);
  g_assert_cmpfloat_with_epsilon (sy, my / 1024, 0.001 + 1 / tsr_map_canvas_get_zoom (canvas) / 1024);
}

/* Every frame the canvas draws while watched: whether the Marathon status line names the map point
 * under the pointer as the frame shows it. */
typedef struct {
  TsrMarathonMapEditor *editor;
  TsrMapCanvas         *canvas;
  guint                 frames;
  guint                 stale;
} StatusWatch;

static void
check_status_in_frame (GdkFrameClock *clock, StatusWatch *watch)
{
  double mx, my, sx, sy;

  if (!tsr_map_canvas_get_pointer (watch->canvas, &mx, &my))
    return;
  watch->frames++;
  if (sscanf (tsr_marathon_map_editor_get_status (watch->editor), "%lf, %lf WU", &sx, &sy) != 2
      || fabs (sx - mx / 1024) > 0.001 || fabs (sy - my / 1024) > 0.001)
    watch->stale++;
}

/* The index of an endpoint that lines use and that stands alone on screen at the canvas's zoom:
 * nothing else of the map within 24 view pixels but its own lines and polygons. */
static guint
lonely_point (TsrMapCanvas *canvas, TsrMarathonLevelMap *map)
{
  TsrVectorMap *vector = TSR_VECTOR_MAP (map);
  double zoom = tsr_map_canvas_get_zoom (canvas);
  guint n = tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT);

  for (guint i = n / 3; i < n; i++)
    {
      TsrElementRef ref = { TSR_ELEMENT_POINT, i };
      TsrVectorPoint p;
      gboolean alone = TRUE;

      tsr_vector_map_get_vertex (vector, &ref, 0, &p);
      for (guint j = 0; j < n && alone; j++)
        {
          TsrElementRef other = { TSR_ELEMENT_POINT, j };
          TsrVectorPoint q;

          tsr_vector_map_get_vertex (vector, &other, 0, &q);
          alone = j == i || hypot (p.x - q.x, p.y - q.y) * zoom > 24;
        }
      for (guint m = 0; m < tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_MARKER) && alone; m++)
        {
          TsrElementRef marker = { TSR_ELEMENT_MARKER, m };
          TsrVectorPoint q;

          tsr_vector_map_get_vertex (vector, &marker, 0, &q);
          alone = hypot (p.x - q.x, p.y - q.y) * zoom > 24;
        }
      if (alone)
        return i;
    }
  g_assert_not_reached ();
}

/* A view point near (VX, VY) over no element at all (where a rubber band starts). */
static gboolean
empty_spot (TsrMapCanvas *canvas, TsrVectorMap *map, double vx, double vy, double *ex, double *ey)
{
  double zoom = tsr_map_canvas_get_zoom (canvas);
  int width = gtk_widget_get_width (GTK_WIDGET (canvas)), height = gtk_widget_get_height (GTK_WIDGET (canvas));

  for (int radius = 20; radius < 400; radius += 10)
    for (int step = 0; step < 16; step++)
      {
        double x = vx - radius * cos (step * G_PI / 8), y = vy - radius * sin (step * G_PI / 8);
        double mx, my;

        if (x < 10 || y < 10 || x > width - 10 || y > height - 10)
          continue;
        view_to_map (canvas, x, y, &mx, &my);
        if (!tsr_vector_map_hit_test (map, mx, my, TSR_TOOL_HIT_TOLERANCE, zoom, TSR_ELEMENT_MASK_ALL, NULL))
          {
            *ex = x;
            *ey = y;
            return TRUE;
          }
      }
  return FALSE;
}

static guint
array_len (GArray *array)
{
  return array != NULL ? array->len : 0;
}

/* chronicles_DreamBrother.sceA in the Map tab with real input: a rubber band selects exactly what
 * lies inside it, a dragged endpoint lands on the ½ WU grid with its lines and polygons following,
 * Delete removes another endpoint with its lines, Ctrl+Z twice undoes both, Ctrl+Shift+Z redoes
 * the drag, Ctrl+S saves; the codec finds the loaded level with only that endpoint moved and its
 * derived data recomputed as the engine does, and every other chunk unchanged. Screenshots of
 * each draw mode. */
static void
test_marathon_map (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GBytes) original = NULL, saved = NULL;
  g_autoptr(TsrMarathonScenario) before = NULL, after = NULL;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrMarathonMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrMarathonLevelMap *map;
  TsrVectorMap *vector;
  TsrSelection *selection;
  TsrMarathonLevel *level;
  TsrElementRef moved = { TSR_ELEMENT_POINT, 0 }, doomed = { TSR_ELEMENT_POINT, 0 };
  TsrVectorPoint start, expected, now;
  double vx, vy, bx = 0, by = 0, px, py, mx0, my0, mx1, my1;
  guint n_points, n_lines;

  path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir, "marathon-map");
  if (path == NULL)
    return;
  original = tsr_file_read (path, &error);
  g_assert_no_error (error);

  window = open_in_window (path);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  editor = tsr_marathon_map_page_get_map_editor (page);
  canvas = tsr_marathon_map_editor_get_canvas (editor);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (canvas)));
  tsr_test_ui_iterate_for (200);
  map = tsr_marathon_map_editor_get_level_map (editor);
  vector = TSR_VECTOR_MAP (map);
  level = tsr_marathon_level_map_get_level (map);
  selection = tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor));
  for (guint m = 0; m < TSR_MARATHON_N_DRAW_MODES; m++)
    {
      g_autofree char *name = g_strdup_printf ("real-input-marathon-%s.png", tsr_marathon_draw_mode_id (m));

      tsr_marathon_map_editor_set_draw_mode (editor, m);
      tsr_test_ui_iterate_for (150);
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, name);
    }
  tsr_marathon_map_editor_set_draw_mode (editor, TSR_MARATHON_DRAW_FLOOR_HEIGHT);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* Close enough that points stand apart: 1 WU = 128 view pixels. */
  tsr_map_canvas_set_zoom (canvas, 0.125);
  tsr_test_ui_iterate_for (100);
  moved.index = lonely_point (canvas, map);
  tsr_vector_map_get_vertex (vector, &moved, 0, &start);
  tsr_map_canvas_center_on (canvas, start.x, start.y);
  tsr_test_ui_iterate_for (150);
  map_to_view (canvas, start.x, start.y, &vx, &vy);

  /* Rubber band from empty space to beyond the point: exactly what lies wholly inside. */
  g_assert_true (empty_spot (canvas, vector, vx - 80, vy - 80, &bx, &by));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), bx, by, 16, NULL, NULL));
  tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &px, &py);
  view_to_map (canvas, px, py, &mx0, &my0);
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx + 150, vy + 120, 12, NULL, NULL));
  tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &px, &py);
  view_to_map (canvas, px, py, &mx1, &my1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-band.png");
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (100);
  {
    TsrVectorBounds band = tsr_vector_bounds_from_corners (mx0, my0, mx1, my1);
    g_autoptr(GArray) inside = tsr_vector_map_elements_in (vector, &band, TSR_ELEMENT_MASK_ALL);
    guint n_selected;
    const TsrElementRef *selected = tsr_selection_get_elements (selection, &n_selected);

    g_assert_cmpuint (inside->len, >, 0);
    g_assert_cmpuint (n_selected, ==, inside->len);
    g_assert_cmpmem (selected, n_selected * sizeof *selected, inside->data, inside->len * sizeof *selected);
    g_assert_true (tsr_selection_contains (selection, &moved));
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-selected.png");

  /* Drag the point (a press on it selects it alone): it lands on the ½ WU grid. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Escape, 0));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 16, NULL, NULL));
  tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &px, &py);
  view_to_map (canvas, px, py, &mx0, &my0);
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx + 70, vy + 45, 6, NULL, NULL));
  tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &px, &py);
  view_to_map (canvas, px, py, &mx1, &my1);
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (100);
  expected.x = round ((start.x + mx1 - mx0) / 512) * 512;
  expected.y = round ((start.y + my1 - my0) / 512) * 512;
  tsr_vector_map_get_vertex (vector, &moved, 0, &now);
  g_assert_cmpfloat (now.x, ==, expected.x);
  g_assert_cmpfloat (now.y, ==, expected.y);
  {
    guint n_selected;

    tsr_selection_get_elements (selection, &n_selected);
    g_assert_cmpuint (n_selected, ==, 1);
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-dragged.png");

  /* A real middle-button pan: in every frame the status line names the point under the pointer
   * as the frame shows the map, not the one the pointer left (the motion came before the view
   * moved, issue 35). Then Ctrl+wheel zooms out past the whole level, which is centred in the
   * view: the point under the pointer moves with no motion, and the status line follows in the
   * same frame. */
  {
    StatusWatch watch = { editor, canvas, 0, 0 };
    GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (canvas));
    gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (check_status_in_frame), &watch);

    marathon_status_at_pointer (xtest, editor, canvas);
    tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &px, &py);
    g_assert_true (tsr_test_xtest_button (xtest, 2, TRUE));
    g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), px - 120, py + 90, 6, NULL, NULL));
    g_assert_true (tsr_test_xtest_button (xtest, 2, FALSE));
    marathon_status_at_pointer (xtest, editor, canvas);
    g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Control_L, TRUE));
    for (guint i = 0; i < 10; i++)
      g_assert_true (tsr_test_xtest_scroll (xtest, 5));
    g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Control_L, FALSE));
    g_assert_cmpfloat (tsr_map_canvas_get_zoom (canvas), <, 0.125 / 16);
    marathon_status_at_pointer (xtest, editor, canvas);
    g_signal_handler_disconnect (clock, handler);
    g_assert_cmpuint (watch.frames, >=, 3);
    g_assert_cmpuint (watch.stale, ==, 0);
  }

  /* Click another lone point and Delete it: its lines go too. */
  n_points = tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT);
  n_lines = array_len (level->lines);
  tsr_map_canvas_set_zoom (canvas, 0.125);
  doomed.index = lonely_point (canvas, map);
  if (doomed.index == moved.index)
    doomed.index = (moved.index + 1) % n_points;
  tsr_vector_map_get_vertex (vector, &doomed, 0, &now);
  tsr_map_canvas_center_on (canvas, now.x, now.y);
  tsr_test_ui_iterate_for (150);
  map_to_view (canvas, now.x, now.y, &vx, &vy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 16, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_selection_contains (selection, &doomed));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Delete, 0));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT), ==, n_points - 1);
  g_assert_cmpuint (array_len (level->lines), <, n_lines);

  /* Undo the delete and the drag, redo the drag. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (50);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT), ==, n_points);
  g_assert_cmpuint (array_len (level->lines), ==, n_lines);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (50);
  tsr_vector_map_get_vertex (vector, &moved, 0, &now);
  g_assert_cmpfloat (now.x, ==, start.x);
  g_assert_cmpfloat (now.y, ==, start.y);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  tsr_test_ui_iterate_for (50);
  tsr_vector_map_get_vertex (vector, &moved, 0, &now);
  g_assert_cmpfloat (now.x, ==, expected.x);
  g_assert_cmpfloat (now.y, ==, expected.y);

  tsr_test_xtest_save (xtest, window);
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  before = tsr_marathon_scenario_load (original, "original", &error);
  g_assert_no_error (error);
  after = tsr_marathon_scenario_load (saved, "saved", &error);
  g_assert_no_error (error);
  {
    TsrMarathonLevel *a = g_ptr_array_index (before->map->levels, 0), *b = g_ptr_array_index (after->map->levels, 0);
    GArray *arrays_a[] = { a->points, a->endpoints, a->lines, a->sides, a->polygons };
    GArray *arrays_b[] = { b->points, b->endpoints, b->lines, b->sides, b->polygons };
    g_autoptr(GPtrArray) findings = tsr_findings_new ();

    /* Saving writes the edited level with the derived data the engine computes: the loaded level
     * with that one endpoint moved, derived, and nothing else changed. */
    g_assert_cmpuint (tsr_marathon_level_n_points (a), ==, tsr_marathon_level_n_points (b));
    if (a->endpoints != NULL)
      g_array_index (a->endpoints, TsrMarathonEndpoint, moved.index).vertex = (TsrMarathonPoint) { (gint16) expected.x, (gint16) expected.y };
    else
      g_array_index (a->points, TsrMarathonPoint, moved.index) = (TsrMarathonPoint) { (gint16) expected.x, (gint16) expected.y };
    tsr_marathon_derive_level (a);
    for (guint k = 0; k < G_N_ELEMENTS (arrays_a); k++)
      {
        g_assert_true ((arrays_a[k] == NULL) == (arrays_b[k] == NULL));
        if (arrays_a[k] != NULL)
          g_assert_cmpmem (arrays_a[k]->data, arrays_a[k]->len * g_array_get_element_size (arrays_a[k]),
                           arrays_b[k]->data, arrays_b[k]->len * g_array_get_element_size (arrays_b[k]));
      }
    g_assert_cmpuint (tsr_marathon_level_compare_derived (b, 0, "saved", findings, NULL), ==, 0);
    /* Every other chunk as it was. */
    for (guint c = 0; c < a->entry->chunks->len; c++)
      {
        TsrWadChunk *ca = g_ptr_array_index (a->entry->chunks, c);
        TsrWadChunk *cb = tsr_wad_entry_find_chunk (b->entry, ca->tag);

        g_assert_nonnull (cb);
        if (ca->tag != TSR_WAD_TAG ('E', 'P', 'N', 'T') && ca->tag != TSR_WAD_TAG ('P', 'N', 'T', 'S')
            && ca->tag != TSR_WAD_TAG ('L', 'I', 'N', 'S') && ca->tag != TSR_WAD_TAG ('P', 'O', 'L', 'Y')
            && ca->tag != TSR_WAD_TAG ('S', 'I', 'D', 'S') && ca->tag != TSR_WAD_TAG ('i', 'i', 'd', 'x'))
          g_assert_true (g_bytes_equal (ca->data, cb->data));
      }
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
find_by_tooltip (GtkWidget  *root,
                 const char *tooltip)
{
  GtkWidget *found = tsr_test_ui_find_widget (root, tsr_test_ui_match_tooltip, tooltip);

  g_assert_nonnull (found);
  return found;
}

/* The level list of a Marathon map with real input, on a copy of chronicles_net_War.sceA: a real
 * click on Add makes an empty second level and shows it, a name typed into the level's name field
 * with Return renames it, Up moves it first, Delete removes it; Ctrl+S then writes the file
 * byte for byte as it was (the level list is the loaded one again). Screenshot
 * real-input-marathon-levels.png with the two levels. */
static void
test_marathon_levels (void)
{
  static const guint name[] = { GDK_KEY_a, GDK_KEY_n, GDK_KEY_n, GDK_KEY_e, GDK_KEY_x };
  g_autofree char *path = NULL, *first = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GBytes) original = NULL, saved = NULL;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrMarathonDocument *document;
  GtkWidget *entry;

  path = tsr_test_ui_copy_data_file ("marathon", "chronicles_net_War.sceA", work_dir, "marathon-levels");
  if (path == NULL)
    return;
  original = tsr_file_read (path, &error);
  g_assert_no_error (error);

  window = open_in_window (path);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  document = TSR_MARATHON_DOCUMENT (tsr_window_get_document (window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (page)));
  tsr_test_ui_iterate_for (200);
  first = tsr_marathon_document_dup_level_name (document, 0);
  g_assert_false (gtk_widget_get_sensitive (find_by_tooltip (GTK_WIDGET (page), "Delete this level")));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  g_assert_true (tsr_test_xtest_click (xtest, find_by_tooltip (GTK_WIDGET (page), "Add an empty level after this one")));
  tsr_test_ui_iterate_for (150);
  g_assert_cmpuint (tsr_marathon_document_get_n_levels (document), ==, 2);
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 1);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (TSR_VECTOR_MAP (tsr_marathon_map_editor_get_level_map (
                      tsr_marathon_map_page_get_map_editor (page))), TSR_ELEMENT_POLYGON), ==, 0);
  g_assert_true (gtk_widget_get_sensitive (find_by_tooltip (GTK_WIDGET (page), "Delete this level")));

  entry = find_by_tooltip (GTK_WIDGET (page), "Rename the level (Enter): at most 65 characters of Mac Roman");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "New Level");
  g_assert_true (tsr_test_xtest_click (xtest, entry));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
  for (guint i = 0; i < G_N_ELEMENTS (name); i++)
    g_assert_true (tsr_test_xtest_key (xtest, name[i], 0));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
  tsr_test_ui_iterate_for (100);
  {
    g_autofree char *renamed = tsr_marathon_document_dup_level_name (document, 1);

    g_assert_cmpstr (renamed, ==, "annex");
  }
  g_assert_true (tsr_test_xtest_click (xtest, find_by_tooltip (GTK_WIDGET (page), "Move Level Up: this level takes the place of the one before it (the order of the levels in the file; this does not go to another level)")));
  tsr_test_ui_iterate_for (150);
  {
    g_autofree char *moved = tsr_marathon_document_dup_level_name (document, 0);
    g_autofree char *second = tsr_marathon_document_dup_level_name (document, 1);

    g_assert_cmpstr (moved, ==, "annex");
    g_assert_cmpstr (second, ==, first);
  }
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 0);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-levels.png");

  g_assert_true (tsr_test_xtest_click (xtest, find_by_tooltip (GTK_WIDGET (page), "Delete this level")));
  tsr_test_ui_iterate_for (150);
  g_assert_cmpuint (tsr_marathon_document_get_n_levels (document), ==, 1);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (TSR_VECTOR_MAP (tsr_marathon_map_editor_get_level_map (
                      tsr_marathon_map_page_get_map_editor (page))), TSR_ELEMENT_POLYGON), >, 0);
  /* (Not a click on the map: with snapping on, a click on a polygon grabs it onto the grid.) */
  tsr_test_xtest_save (xtest, window);
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (saved, original));
  gtk_window_destroy (GTK_WINDOW (window));
}



/* --- Drawing rooms on an empty Marathon level --- */

/* A one-level Marathon 2 map with no geometry and one light, made with the codec. */
static GBytes *
empty_marathon_map (void)
{
  TsrWad *wad = tsr_wad_new (TSR_WAD_VERSION_OVERLAYS, 1, "Rooms.sceA");
  g_autoptr(GError) error = NULL;
  TsrMarathonMap *map = tsr_marathon_map_from_wad (wad, &error);
  TsrMarathonLevel *level = tsr_marathon_level_new (0, 1, "Rooms");
  TsrMarathonLight light = { 0 };
  GBytes *bytes;

  g_assert_no_error (error);
  light.flags = 0x0001;
  light.primary_active.intensity = light.secondary_active.intensity = light.becoming_active.intensity = 0x10000;
  light.primary_inactive.intensity = light.secondary_inactive.intensity = light.becoming_inactive.intensity = 0x8000;
  light.primary_active.period = light.secondary_active.period = light.becoming_active.period = 30;
  light.primary_inactive.period = light.secondary_inactive.period = light.becoming_inactive.period = 30;
  g_array_append_val (level->lights, light);
  tsr_marathon_map_add_level (map, level, 0);
  bytes = tsr_marathon_map_serialize (map, &error);
  g_assert_no_error (error);
  tsr_marathon_map_free (map);
  return bytes;
}

/* A real press and release at map point (X, Y) (the view may have scrolled as the level grew). */
static void
click_map (TsrTestXTest *xtest, TsrMapCanvas *canvas, double x, double y)
{
  double vx, vy;

  map_to_view (canvas, x, y, &vx, &vy);
  g_assert_true (vx > 4 && vy > 4 && vx < gtk_widget_get_width (GTK_WIDGET (canvas)) - 4
                 && vy < gtk_widget_get_height (GTK_WIDGET (canvas)) - 4);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 24, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (30);
}

static gint
point_at (const TsrMarathonLevel *level, gint x, gint y)
{
  for (guint p = 0; p < tsr_marathon_level_n_points (level); p++)
    if (tsr_marathon_level_point (level, p).x == x && tsr_marathon_level_point (level, p).y == y)
      return (gint) p;
  return -1;
}

static const char *
current_tool (TsrMarathonMapEditor *editor)
{
  return tsr_tool_get_id (tsr_edit_session_get_tool (tsr_marathon_map_editor_get_session (editor)));
}

/* Every polygon clockwise on screen, each of its lines owned on its side. */
static void
assert_clockwise_polygons (const TsrMarathonLevel *level)
{
  for (guint i = 0; i < level->polygons->len; i++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);
      gint64 twice = 0;

      for (guint v = 0; v < polygon->vertex_count; v++)
        {
          TsrMarathonPoint p = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[v]);
          TsrMarathonPoint q = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[(v + 1) % polygon->vertex_count]);
          const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, polygon->line_indexes[v]);

          twice += (gint64) p.x * q.y - (gint64) q.x * p.y;
          g_assert_cmpint (line->endpoint_indexes[0] == polygon->endpoint_indexes[v]
                           ? line->clockwise_polygon_owner : line->counterclockwise_polygon_owner, ==, (gint) i);
        }
      g_assert_cmpint (twice, >, 0);
    }
}

/* On an empty one-level map, with real clicks and keys only: L, two adjacent 2 WU square rooms
 * drawn point to point (the first closed on its first point, the second ended by Escape); F, both
 * filled (the shared wall a transparent passage); the Select button, the shared bottom point
 * dragged into the first room (red while dragging, refused on the drop with the reason shown,
 * applied with Alt held at the drop, undone by Ctrl+Z), then dragged down ½ WU; S, the top wall split; Select, both rooms clicked (Shift), M merges them; O, a player start
 * placed; Ctrl+S. The codec reads back one clockwise polygon with exactly the drawn corners, a
 * player start in it, and the level validates with no error. */
static void
test_marathon_rooms (void)
{
  g_autofree char *dir = g_build_filename (work_dir, "marathon-rooms", NULL);
  g_autofree char *path = g_build_filename (dir, "Rooms.sceA", NULL);
  g_autoptr(GBytes) empty = empty_marathon_map ();
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(TsrMarathonScenario) after = NULL;
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrMarathonMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrMarathonLevel *level;
  GtkWidget *select;
  double ox, oy, vx, vy;
  gint a, b, moved_y;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (empty, NULL), (gssize) g_bytes_get_size (empty), NULL));
  window = open_in_window (path);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  editor = tsr_marathon_map_page_get_map_editor (page);
  canvas = tsr_marathon_map_editor_get_canvas (editor);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (canvas)));
  level = tsr_marathon_level_map_get_level (tsr_marathon_map_editor_get_level_map (editor));
  select = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Select");
  g_assert_nonnull (select);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* 1 WU = 64 view pixels; the rooms start on the ½ WU grid a little inside the view. */
  tsr_map_canvas_set_zoom (canvas, 1.0 / 16);
  tsr_test_ui_iterate_for (100);
  view_to_map (canvas, 120, 120, &ox, &oy);
  ox = round (ox / 512) * 512;
  oy = round (oy / 512) * 512;
  map_to_view (canvas, ox + 4096, oy + 2048, &vx, &vy);
  g_assert_true (vx < gtk_widget_get_width (GTK_WIDGET (canvas)) - 100);

  /* A click on the empty canvas gives it the focus; L picks the line tool. */
  click_map (xtest, canvas, ox - 700, oy - 700);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_l, 0));
  g_assert_cmpstr (current_tool (editor), ==, "marathon-line");
  click_map (xtest, canvas, ox + 10, oy - 10);        /* snapped to the grid */
  click_map (xtest, canvas, ox + 2048, oy);
  click_map (xtest, canvas, ox + 2048, oy + 2048);
  click_map (xtest, canvas, ox, oy + 2048);
  click_map (xtest, canvas, ox + 40, oy + 30);        /* on the first point: closes the room */
  g_assert_cmpuint (level->lines->len, ==, 4);
  click_map (xtest, canvas, ox + 2048, oy);
  click_map (xtest, canvas, ox + 4096, oy);
  click_map (xtest, canvas, ox + 4096, oy + 2048);
  /* The rubber line follows the pointer from the chain's last point. */
  map_to_view (canvas, ox + 2600, oy + 1900, &vx, &vy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 24, NULL, NULL));
  tsr_test_ui_iterate_for (50);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-rooms-drawing.png");
  click_map (xtest, canvas, ox + 2048, oy + 2048);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Escape, 0));
  g_assert_cmpuint (level->lines->len, ==, 7);
  g_assert_cmpuint (tsr_marathon_level_n_points (level), ==, 6);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-rooms-lines.png");

  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_f, 0));
  g_assert_cmpstr (current_tool (editor), ==, "marathon-fill");
  click_map (xtest, canvas, ox + 1000, oy + 1100);
  click_map (xtest, canvas, ox + 3000, oy + 900);
  g_assert_cmpuint (level->polygons->len, ==, 2);
  a = point_at (level, (gint) ox + 2048, (gint) oy);
  b = point_at (level, (gint) ox + 2048, (gint) oy + 2048);
  g_assert_cmpint (a, >=, 0);
  g_assert_cmpint (b, >=, 0);
  for (guint i = 0; i < level->lines->len; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      if ((line->endpoint_indexes[0] == a && line->endpoint_indexes[1] == b)
          || (line->endpoint_indexes[0] == b && line->endpoint_indexes[1] == a))
        g_assert_cmpuint (line->flags & 0x6000, ==, 0x2000);
      else
        g_assert_cmpuint (line->flags & 0x6000, ==, 0x4000);
    }
  assert_clockwise_polygons (level);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-rooms-filled.png");

  /* The Select button; the shared bottom point dragged into the first room would make it
   * concave: red while dragging, refused on the drop, applied when Alt is held at the drop. */
  g_assert_true (tsr_test_xtest_click (xtest, select));
  g_assert_cmpstr (current_tool (editor), ==, "select");
  {
    TsrUndoStack *stack = tsr_document_get_undo_stack (tsr_window_get_document (window));
    guint depth = tsr_undo_stack_get_depth (stack);
    GtkWidget *refusal;

    for (guint forced = 0; forced < 2; forced++)
      {
        map_to_view (canvas, ox + 2048, oy + 2048, &vx, &vy);
        g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 24, NULL, NULL));
        g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
        map_to_view (canvas, ox + 600, oy + 600, &vx, &vy);
        g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 8, NULL, NULL));
        tsr_test_ui_iterate_for (50);
        g_assert_cmpint (tsr_marathon_level_polygon_shape (level, 0), ==, TSR_MARATHON_SHAPE_CONCAVE);
        if (!forced)
          tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-rooms-refused.png");
        if (forced)
          g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Alt_L, TRUE));
        g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
        if (forced)
          g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Alt_L, FALSE));
        tsr_test_ui_iterate_for (50);
        refusal = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_label_prefix, "Move refused: polygon 0 would be concave");
        if (!forced)
          {
            /* Nothing changed and nothing was recorded; the reason is shown. */
            g_assert_cmpint (tsr_marathon_level_point (level, (guint) b).x, ==, (gint) ox + 2048);
            g_assert_cmpint (tsr_marathon_level_point (level, (guint) b).y, ==, (gint) oy + 2048);
            g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth);
            g_assert_false (tsr_undo_stack_get_can_redo (stack));
            g_assert_nonnull (refusal);
            g_assert_true (gtk_widget_get_mapped (refusal));
            tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-rooms-refused-drop.png");
          }
        else
          {
            g_assert_null (refusal);
            g_assert_cmpint (tsr_marathon_level_point (level, (guint) b).x, <, (gint) ox + 2048);
            g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
            g_assert_cmpint (tsr_marathon_level_polygon_shape (level, 0), ==, TSR_MARATHON_SHAPE_CONCAVE);
            tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-rooms-forced.png");
          }
      }
    /* A real Ctrl+Z takes the forced move back. */
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
    tsr_test_ui_iterate_for (50);
    g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth);
    g_assert_cmpint (tsr_marathon_level_point (level, (guint) b).x, ==, (gint) ox + 2048);
    g_assert_cmpint (tsr_marathon_level_point (level, (guint) b).y, ==, (gint) oy + 2048);
    assert_clockwise_polygons (level);
  }

  /* Then drag the shared bottom point ½ WU down. */
  g_assert_true (tsr_test_xtest_click (xtest, select));
  g_assert_cmpstr (current_tool (editor), ==, "select");
  map_to_view (canvas, ox + 2048, oy + 2048, &vx, &vy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 24, NULL, NULL));
  {
    double px, py, mx0, my0, mx1, my1;

    tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &px, &py);
    view_to_map (canvas, px, py, &mx0, &my0);
    g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
    g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx + 3, vy + 33, 4, NULL, NULL));
    tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &px, &py);
    view_to_map (canvas, px, py, &mx1, &my1);
    g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
    tsr_test_ui_iterate_for (50);
    g_test_message ("drag from %g, %g to %g, %g at zoom %g; point now %d, %d (origin %g, %g)", mx0, my0, mx1, my1,
                    tsr_map_canvas_get_zoom (canvas), tsr_marathon_level_point (level, (guint) b).x,
                    tsr_marathon_level_point (level, (guint) b).y, ox, oy);
  }
  /* The view scrolls while the level's bounds grow under the drag, so the point lands further
   * than the pointer went on screen: on the grid, straight below. */
  moved_y = tsr_marathon_level_point (level, (guint) b).y;
  g_assert_cmpint (tsr_marathon_level_point (level, (guint) b).x, ==, (gint) ox + 2048);
  g_assert_cmpint (moved_y, >, (gint) oy + 2048);
  g_assert_cmpint ((moved_y - (gint) oy) % 512, ==, 0);

  /* S, and a click on the top wall of the first room splits it. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_s, 0));
  g_assert_cmpstr (current_tool (editor), ==, "marathon-split");
  click_map (xtest, canvas, ox + 1024, oy + 40);
  g_assert_cmpint (point_at (level, (gint) ox + 1024, (gint) oy), >=, 0);
  g_assert_cmpuint (level->lines->len, ==, 8);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-rooms-split.png");

  /* A rubber band round both rooms selects them (and their lines and points); M merges them. */
  g_assert_true (tsr_test_xtest_click (xtest, select));
  map_to_view (canvas, ox - 600, oy - 600, &vx, &vy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 24, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  map_to_view (canvas, ox + 4700, oy + 3200, &vx, &vy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 12, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (50);
  {
    TsrElementRef rooms[2] = { { TSR_ELEMENT_POLYGON, 0 }, { TSR_ELEMENT_POLYGON, 1 } };
    TsrSelection *selection = tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor));

    g_assert_true (tsr_selection_contains (selection, &rooms[0]) && tsr_selection_contains (selection, &rooms[1]));
  }
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_m, 0));
  tsr_test_ui_iterate_for (50);
  g_assert_cmpuint (level->polygons->len, ==, 1);
  g_assert_cmpuint (g_array_index (level->polygons, TsrMarathonPolygon, 0).vertex_count, ==, 7);

  /* O, a player start in the room. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_o, 0));
  g_assert_cmpstr (current_tool (editor), ==, "marathon-place");
  click_map (xtest, canvas, ox + 1024, oy + 1024);
  g_assert_cmpuint (level->objects->len, ==, 1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "real-input-marathon-rooms-merged.png");

  tsr_test_xtest_save (xtest, window);
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  after = tsr_marathon_scenario_load (saved, "saved", &error);
  g_assert_no_error (error);
  {
    TsrMarathonLevel *back = g_ptr_array_index (after->map->levels, 0);
    const gint corners[][2] = { { 0, 0 }, { 1024, 0 }, { 2048, 0 }, { 4096, 0 }, { 4096, 2048 },
                                { 2048, moved_y - (gint) oy }, { 0, 2048 } };
    const TsrMarathonPolygon *room = &g_array_index (back->polygons, TsrMarathonPolygon, 0);
    const TsrMarathonObject *start = &g_array_index (back->objects, TsrMarathonObject, 0);

    g_assert_cmpuint (back->polygons->len, ==, 1);
    g_assert_cmpuint (room->vertex_count, ==, G_N_ELEMENTS (corners));
    for (guint c = 0; c < G_N_ELEMENTS (corners); c++)
      {
        gint p = point_at (back, (gint) ox + corners[c][0], (gint) oy + corners[c][1]);
        gboolean found = FALSE;

        g_assert_cmpint (p, >=, 0);
        for (guint v = 0; v < room->vertex_count; v++)
          found |= room->endpoint_indexes[v] == p;
        g_assert_true (found);
      }
    assert_clockwise_polygons (back);
    g_assert_cmpuint (back->objects->len, ==, 1);
    g_assert_cmpint (start->type, ==, 3);
    g_assert_cmpint (start->polygon_index, ==, 0);
    tsr_marathon_level_validate (back, 0, "saved", findings);
    for (guint i = 0; i < findings->len; i++)
      {
        const TsrFinding *finding = g_ptr_array_index (findings, i);

        if (finding->severity == TSR_SEVERITY_ERROR)
          g_error ("saved level: %s", finding->what);
      }
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "real-input", &work_dir, &screenshot_dir, &status))
    return status;

  application = tsr_test_ui_application_new ();

  g_test_add_func ("/real-input/wolf3d", test_wolf3d);
  g_test_add_func ("/real-input/sphere", test_sphere);
  g_test_add_func ("/real-input/sphere-entities", test_sphere_entities);
  g_test_add_func ("/real-input/new-map", test_new_map);
  g_test_add_func ("/real-input/marathon-terminals", test_marathon_terminals);
  g_test_add_func ("/real-input/marathon-map", test_marathon_map);
  g_test_add_func ("/real-input/marathon-rooms", test_marathon_rooms);
  g_test_add_func ("/real-input/marathon-levels", test_marathon_levels);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
