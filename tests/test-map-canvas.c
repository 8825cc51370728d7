/* test-map-canvas.c: the map canvas in a real window under Xvfb, on a synthetic two-layer map
 * with procedurally drawn tiles: pointer strokes through the gesture entry points (pencil,
 * rectangle, Alt-pick, select + move, copy/paste, fill), undo/redo asserted on the model, zoom
 * actions, minimap visibility, palette, and PNG screenshots (zoomed in and fit) in the build dir.
 * Exits 77 without a display. */
#include <gtk/gtk.h>
#include <stdlib.h>

#include "model/tsr-tile-map-memory.h"
#include "views/tsr-map-canvas.h"
#include "views/tsr-minimap.h"
#include "views/tsr-tile-palette.h"
#include "tsr-test-common.h"

#define MAP_W 48
#define MAP_H 40
#define N_TILES 8

static TsrTileMap *map;
static TsrUndoStack *stack;
static GtkWidget *window;
static TsrMapCanvas *canvas;
static TsrMinimap *minimap;
static TsrTilePalette *palette;

/* Ground tiles: a base colour with a diagonal stripe, so zoomed-in pixels and orientation show
 * in screenshots (no border of their own: the grid must be what draws cell edges). Layer 1: round "objects" on transparent
 * ground, to show layers compositing. */
static TsrImage *
make_tile (guint layer, guint index)
{
  static const guint32 colours[N_TILES] = {
    0x3b6e3bff, 0x8a8a8aff, 0xa0522dff, 0x2f5f9fff, 0xc8b040ff, 0x7a3f8fff, 0x4fa0a0ff, 0xd06040ff,
  };
  TsrImage *image = tsr_image_new (16, 16);
  guint32 base = colours[index % N_TILES];

  for (guint y = 0; y < 16; y++)
    for (guint x = 0; x < 16; x++)
      {
        guint32 pixel = base;

        if (layer == 1)
          pixel = (x - 7.5) * (x - 7.5) + (y - 7.5) * (y - 7.5) < 20 ? base : 0;
        else if (x == y)
          pixel = 0xf0f0f0ff;
        tsr_image_set_pixel (image, x, y, pixel);
      }
  return image;
}

static void
make_map (void)
{
  TsrMemoryTileMap *memory = tsr_memory_tile_map_new ("test", MAP_W, MAP_H, 2, 16, 16);

  tsr_memory_tile_map_set_layer_name (memory, 0, "Ground");
  tsr_memory_tile_map_set_layer_name (memory, 1, "Objects");
  for (guint i = 0; i < N_TILES; i++)
    {
      g_autofree char *ground = g_strdup_printf ("Ground %u", i);
      g_autofree char *object = g_strdup_printf ("Object %u", i);

      tsr_memory_tile_map_add_tile (memory, 0, i, ground, make_tile (0, i));
      if (i > 0)
        tsr_memory_tile_map_add_tile (memory, 1, i, object, make_tile (1, i));
    }
  map = TSR_TILE_MAP (memory);
  /* A few objects so layer compositing shows. */
  for (guint i = 0; i < 12; i++)
    tsr_tile_map_set_tile (map, 1, 4 + i * 3, 15 + (i % 4), 1 + i % (N_TILES - 1));
}

/* Runs the main loop until the window has drawn what was queued. */
static void
settle (void)
{
  /* Drain pending events and frames, giving the frame clock a few cycles. */
  for (guint i = 0; i < 30; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (10000);
    }
}

/* The centre of cell (X, Y) in canvas coordinates. */
static void
cell_centre (gint x, gint y, double *view_x, double *view_y)
{
  TsrMapViewport viewport;

  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_view (&viewport, (x + 0.5) * 16, (y + 0.5) * 16, view_x, view_y);
}

static void
drag_cells (gint x0, gint y0, gint x1, gint y1, GdkModifierType state)
{
  double vx, vy;
  gint steps = MAX (ABS (x1 - x0), ABS (y1 - y0));

  cell_centre (x0, y0, &vx, &vy);
  tsr_map_canvas_pointer_press (canvas, vx, vy, state);
  /* Intermediate motion every other cell: the pencil must interpolate the gaps. */
  for (gint i = 2; i < steps; i += 2)
    {
      cell_centre (x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, &vx, &vy);
      tsr_map_canvas_pointer_motion (canvas, vx, vy);
    }
  cell_centre (x1, y1, &vx, &vy);
  tsr_map_canvas_pointer_release (canvas, vx, vy);
}

static void
save_screenshot (const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_build_filename (g_get_current_dir (), name, NULL);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  int scale = gtk_widget_get_scale_factor (window);

  /* At the device scale, so a HiDPI run (GDK_SCALE=2) shows what a HiDPI screen would. */
  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  ck_assert_ptr_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width * scale, height * scale));
  ck_assert_msg (gdk_texture_save_to_png (texture, path), "cannot write %s", path);
  printf ("SCREENSHOT: %s\n", path);
}

static guint32
tile (guint layer, gint x, gint y)
{
  return tsr_tile_map_get_tile (map, layer, x, y);
}

START_TEST (test_canvas_editing)
{
  TsrTileTools *tools = tsr_map_canvas_get_tools (canvas);
  TsrTileRect selection;

  ck_assert_ptr_nonnull (tools);
  tsr_map_canvas_set_zoom (canvas, 2.0);
  settle ();
  ck_assert (tsr_map_canvas_get_zoom (canvas) == 2.0);
  /* 48×16×2 px does not fit 560 px: the minimap shows; the palette lists ground tiles. */
  ck_assert (gtk_widget_get_visible (GTK_WIDGET (minimap)));
  ck_assert_uint_eq (tsr_tile_palette_get_n_tiles (palette), N_TILES);

  /* Pencil stroke, 1×1, tile 3, on cells (2..12, 2) with motion events every other cell. */
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_PENCIL);
  tsr_tile_tools_set_tile (tools, 3);
  drag_cells (2, 2, 12, 2, 0);
  for (gint x = 2; x <= 12; x++)
    ck_assert_uint_eq (tile (0, x, 2), 3);
  ck_assert_uint_eq (tile (0, 13, 2), 0);
  ck_assert_uint_eq (tile (0, 2, 3), 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);

  /* A 3×3 pencil stroke is one more undo step. */
  tsr_tile_tools_set_brush_size (tools, 3);
  tsr_tile_tools_set_tile (tools, 6);
  drag_cells (3, 12, 9, 12, 0);
  ck_assert_uint_eq (tile (0, 2, 11), 6);
  ck_assert_uint_eq (tile (0, 10, 13), 6);
  ck_assert_uint_eq (tile (0, 11, 13), 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);

  /* Rectangle (3,5)-(9,9) with tile 4. */
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_RECTANGLE);
  tsr_tile_tools_set_tile (tools, 4);
  drag_cells (9, 9, 3, 5, 0);
  ck_assert_uint_eq (tile (0, 3, 5), 4);
  ck_assert_uint_eq (tile (0, 9, 9), 4);
  ck_assert_uint_eq (tile (0, 10, 9), 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 3);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Fill Rectangle");

  /* Undo the rectangle, redo it. */
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert_uint_eq (tile (0, 5, 7), 0);
  ck_assert_uint_eq (tile (0, 5, 2), 3);
  ck_assert (tsr_undo_stack_redo (stack));
  ck_assert_uint_eq (tile (0, 5, 7), 4);

  /* Alt-click picks whatever the tool. */
  tsr_tile_tools_set_tile (tools, 1);
  {
    double vx, vy;
    cell_centre (6, 6, &vx, &vy);
    tsr_map_canvas_pointer_press (canvas, vx, vy, GDK_ALT_MASK);
    tsr_map_canvas_pointer_release (canvas, vx, vy);
  }
  ck_assert_uint_eq (tsr_tile_tools_get_tile (tools), 4);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 3);

  /* Select (2..5, 2..3), copy, paste at (20, 4); move the pasted block by (2, 1). */
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_SELECT);
  drag_cells (2, 2, 5, 3, 0);
  ck_assert (tsr_tile_tools_get_selection (tools, &selection));
  ck_assert_int_eq (selection.width, 4);
  ck_assert_int_eq (selection.height, 2);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.copy", NULL);
  ck_assert (tsr_tile_tools_paste (tools, 20, 4));
  ck_assert_uint_eq (tile (0, 20, 4), 3);
  ck_assert_uint_eq (tile (0, 23, 4), 3);
  ck_assert_uint_eq (tile (0, 20, 5), 0);
  drag_cells (21, 4, 23, 5, 0);
  ck_assert_uint_eq (tile (0, 20, 4), 0);
  ck_assert_uint_eq (tile (0, 22, 5), 3);
  ck_assert_uint_eq (tile (0, 25, 5), 3);
  ck_assert (tsr_tile_tools_get_selection (tools, &selection));
  ck_assert_int_eq (selection.x, 22);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Move Selection");

  /* Flood fill the enclosed rectangle with tile 5: only the 7×5 block changes. */
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_FILL);
  tsr_tile_tools_set_tile (tools, 5);
  drag_cells (6, 7, 6, 7, 0);
  ck_assert_uint_eq (tile (0, 3, 5), 5);
  ck_assert_uint_eq (tile (0, 9, 9), 5);
  ck_assert_uint_eq (tile (0, 2, 2), 3);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_SELECT);
  selection = (TsrTileRect) { 2, 11, 6, 3 };
  tsr_tile_tools_set_selection (tools, &selection);
  tsr_map_canvas_set_zoom (canvas, 2.0);
  tsr_map_canvas_center_on (canvas, 12 * 16, 9 * 16);
  settle ();
  save_screenshot ("map-canvas-zoomed.png");

  /* Keyboard zoom actions: in doubles, fit shows the whole map and the minimap hides. */
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-in", NULL);
  ck_assert (tsr_map_canvas_get_zoom (canvas) == 4.0);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-fit", NULL);
  settle ();
  ck_assert (tsr_map_canvas_get_zoom (canvas) < 1.0);
  ck_assert (!gtk_widget_get_visible (GTK_WIDGET (minimap)));
  save_screenshot ("map-canvas-fit.png");

  /* Undo everything: the map is back to where it started. */
  while (tsr_undo_stack_undo (stack))
    ;
  for (gint y = 0; y < MAP_H; y++)
    for (gint x = 0; x < MAP_W; x++)
      ck_assert_uint_eq (tile (0, x, y), 0);
}
END_TEST

static void
build_window (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *main_column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *status = gtk_label_new ("");

  canvas = TSR_MAP_CANVAS (tsr_map_canvas_new ());
  tsr_map_canvas_set_map (canvas, map, stack);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (canvas));
  gtk_widget_set_hexpand (scrolled, TRUE);
  gtk_widget_set_vexpand (scrolled, TRUE);
  g_object_bind_property (canvas, "pointer-text", status, "label", G_BINDING_SYNC_CREATE);
  gtk_label_set_xalign (GTK_LABEL (status), 0);
  gtk_box_append (GTK_BOX (main_column), scrolled);
  gtk_box_append (GTK_BOX (main_column), status);

  minimap = TSR_MINIMAP (tsr_minimap_new ());
  tsr_minimap_set_canvas (minimap, canvas);
  palette = TSR_TILE_PALETTE (tsr_tile_palette_new ());
  tsr_tile_palette_set_tools (palette, tsr_map_canvas_get_tools (canvas));
  gtk_widget_set_vexpand (GTK_WIDGET (palette), TRUE);
  gtk_widget_set_size_request (side, 200, -1);
  gtk_box_append (GTK_BOX (side), GTK_WIDGET (minimap));
  gtk_box_append (GTK_BOX (side), GTK_WIDGET (palette));

  gtk_box_append (GTK_BOX (box), main_column);
  gtk_box_append (GTK_BOX (box), side);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 560);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  settle ();
}

int
main (void)
{
  Suite *suite;
  TCase *tcase;

  if (!gtk_init_check ())
    {
      printf ("SKIP: no display\n");
      return 77;
    }
  make_map ();
  stack = tsr_undo_stack_new ();
  build_window ();

  suite = suite_create ("map-canvas");
  tcase = tcase_create ("ui");
  tcase_add_test (tcase, test_canvas_editing);
  suite_add_tcase (suite, tcase);
  /* GTK objects live in this process: Check must not fork. */
  setenv ("CK_FORK", "no", 1);
  return tsr_test_run_suite (suite);
}
