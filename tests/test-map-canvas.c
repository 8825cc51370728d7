/* test-map-canvas.c: the map canvas in a real window under Xvfb, on a synthetic two-layer map
 * with procedurally drawn tiles: pointer strokes through the gesture entry points (pencil,
 * rectangle, Alt-pick, select + move, copy/paste, fill), undo/redo asserted on the model, zoom
 * actions, minimap visibility, palette, and PNG screenshots (zoomed in and fit) in the build dir.
 * Then a vector map in the canvas's vector layer, edited through an edit session: a rubber band
 * and a move through the same pointer entry points, undone and redone, the minimap following, and
 * a screenshot (canvas-vector.png). Exits 77 without a display. */
#include <gtk/gtk.h>
#include <math.h>
#include <stdlib.h>

#include "model/tsr-tile-commands.h"

#include "edit/tsr-move-elements-command.h"
#include "edit/tsr-remove-elements-command.h"
#include "edit/tsr-vector-map-memory.h"
#include "edit/tsr-vector-select-tool.h"
#include "model/tsr-tile-map-memory.h"
#include "tsr-test-ui.h"
#include "views/tsr-map-canvas.h"
#include "views/tsr-grid-layer.h"
#include "views/tsr-vector-layer.h"
#include "views/tsr-minimap.h"
#include "views/tsr-tile-layer.h"
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
save_window_screenshot (GtkWidget  *target,
                        const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (target);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (target), height = gtk_widget_get_height (target);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *cwd = g_get_current_dir ();
  const char *dir = g_getenv ("TSR_SCREENSHOT_DIR");
  g_autofree char *path = g_build_filename (dir != NULL ? dir : cwd, name, NULL);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (target));
  int scale = gtk_widget_get_scale_factor (target);

  /* At the device scale, so a HiDPI run (GDK_SCALE=2) shows what a HiDPI screen would. */
  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  ck_assert_ptr_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width * scale, height * scale));
  ck_assert_msg (gdk_texture_save_to_png (texture, path), "cannot write %s", path);
  printf ("SCREENSHOT: %s\n", path);
}

static void
save_screenshot (const char *name)
{
  save_window_screenshot (window, name);
}

/* A stand-in for a family view: a "person" drawn at map pixel (600, 100) by draw-overlay, and a
 * tool that takes drags starting right of x = 40 cells. */
typedef struct {
  guint  overlays;
  guint  presses;
  guint  motions;
  guint  releases;
  double last_x;
  double last_y;
} FamilyHooks;

static FamilyHooks hooks;

static void
on_draw_overlay (TsrMapCanvas *self, cairo_t *cr, const TsrMapViewport *viewport, gpointer data)
{
  double x, y;

  hooks.overlays++;
  tsr_map_viewport_to_view (viewport, 600, 100, &x, &y);
  cairo_arc (cr, x, y, 6 * viewport->zoom, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 0.9, 0.1, 0.1);
  cairo_fill (cr);
}

static gboolean
on_map_pointer (TsrMapCanvas *self, TsrMapPointerPhase phase, double x, double y,
                GdkModifierType state, gpointer data)
{
  hooks.last_x = x;
  hooks.last_y = y;
  switch (phase)
    {
    case TSR_MAP_POINTER_PRESS:
      if (x < 40 * 16)
        return FALSE;
      hooks.presses++;
      return TRUE;
    case TSR_MAP_POINTER_MOTION:
      hooks.motions++;
      return TRUE;
    case TSR_MAP_POINTER_RELEASE:
      hooks.releases++;
      return TRUE;
    default:
      return FALSE;
    }
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

  /* A family hook takes drags that start right of cell 40: the tile tools never see them. */
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_PENCIL);
  tsr_tile_tools_set_tile (tools, 7);
  drag_cells (42, 1, 20, 1, 0);
  ck_assert_uint_eq (hooks.presses, 1);
  ck_assert_uint_eq (hooks.releases, 1);
  ck_assert_uint_gt (hooks.motions, 0);
  ck_assert (fabs (hooks.last_x - 20.5 * 16) < 0.01 && fabs (hooks.last_y - 1.5 * 16) < 0.01);
  ck_assert_uint_eq (tile (0, 42, 1), 0);
  ck_assert_uint_eq (tile (0, 30, 1), 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 0);
  ck_assert_uint_gt (hooks.overlays, 0);

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

  /* A click on the minimap centres the canvas there: its right-bottom corner → the map's. */
  {
    TsrMapViewport viewport;
    double map_x, map_y;

    tsr_minimap_navigate (minimap, gtk_widget_get_width (GTK_WIDGET (minimap)) - 1,
                          gtk_widget_get_height (GTK_WIDGET (minimap)) - 1);
    tsr_map_canvas_get_viewport (canvas, &viewport);
    tsr_map_viewport_to_map (&viewport, viewport.width, viewport.height, &map_x, &map_y);
    /* Clamped by the scroll range: the view ends at the map's bottom-right. */
    ck_assert_msg (fabs (map_x - MAP_W * 16) < 2 && fabs (map_y - MAP_H * 16) < 2,
                   "view ends at %.1f, %.1f", map_x, map_y);
    tsr_minimap_navigate (minimap, 0, 0);
    tsr_map_canvas_get_viewport (canvas, &viewport);
    ck_assert (fabs (viewport.x) < 1 && fabs (viewport.y) < 1);
  }

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
  /* Mid-drag the block floats at its new place (screenshot), and nothing is applied yet. */
  tsr_map_canvas_center_on (canvas, 22 * 16, 8 * 16);
  {
    double vx, vy;

    cell_centre (21, 4, &vx, &vy);
    tsr_map_canvas_pointer_press (canvas, vx, vy, 0);
    cell_centre (23, 5, &vx, &vy);
    tsr_map_canvas_pointer_motion (canvas, vx, vy);
    settle ();
    save_screenshot ("map-canvas-moving.png");
    ck_assert_uint_eq (tile (0, 20, 4), 3);
    tsr_map_canvas_pointer_release (canvas, vx, vy);
  }
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
  /* Eraser (3×3 brush still set) on the objects layer; the palette switches to its tiles. */
  tsr_tile_tools_set_layer (tools, 1);
  ck_assert_uint_eq (tsr_tile_palette_get_n_tiles (palette), N_TILES - 1);
  ck_assert_uint_ne (tile (1, 7, 16), 0);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_ERASER);
  drag_cells (7, 16, 7, 16, 0);
  ck_assert_uint_eq (tile (1, 7, 16), 0);
  ck_assert_uint_eq (tile (1, 4, 15), 1);  /* outside the brush */
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Erase");
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert_uint_ne (tile (1, 7, 16), 0);
  tsr_tile_tools_set_layer (tools, 0);
  ck_assert_uint_eq (tsr_tile_palette_get_n_tiles (palette), N_TILES);

  /* Cut and delete through the canvas actions. */
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_SELECT);
  selection = (TsrTileRect) { 3, 5, 2, 2 };
  tsr_tile_tools_set_selection (tools, &selection);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.cut", NULL);
  ck_assert_uint_eq (tile (0, 4, 6), 0);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Cut");
  ck_assert_uint_eq (tsr_tile_clip_get_tile (tsr_tile_tools_get_clipboard (), 0, 1, 1), 5);
  ck_assert (tsr_undo_stack_undo (stack));
  selection = (TsrTileRect) { 8, 8, 3, 3 };
  tsr_tile_tools_set_selection (tools, &selection);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.delete", NULL);
  ck_assert_uint_eq (tile (0, 9, 9), 0);
  ck_assert_uint_eq (tile (0, 7, 9), 5);
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert_uint_eq (tile (0, 9, 9), 5);

  selection = (TsrTileRect) { 2, 11, 6, 3 };
  tsr_tile_tools_set_selection (tools, &selection);
  tsr_map_canvas_set_zoom (canvas, 2.0);
  tsr_map_canvas_center_on (canvas, 12 * 16, 9 * 16);
  settle ();
  save_screenshot ("map-canvas-zoomed.png");

  /* Pointer position for the status line, through the canvas's own motion controller. */
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (canvas));
    double vx, vy, map_x, map_y, after_x, after_y;
    TsrMapViewport viewport;

    cell_centre (5, 7, &vx, &vy);
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
          g_signal_emit_by_name (controller, "motion", vx, vy);
      }
    ck_assert_str_eq (tsr_map_canvas_get_pointer_text (canvas), "Cell 5, 7 · Pixel 88, 120 · Ground 5");

    /* Zooming keeps the map point under the pointer where it was. */
    tsr_map_canvas_get_viewport (canvas, &viewport);
    tsr_map_viewport_to_map (&viewport, vx, vy, &map_x, &map_y);
    tsr_map_canvas_zoom_at (canvas, 3.0, vx, vy);
    tsr_map_canvas_get_viewport (canvas, &viewport);
    tsr_map_viewport_to_map (&viewport, vx, vy, &after_x, &after_y);
    ck_assert_msg (fabs (after_x - map_x) < 1 && fabs (after_y - map_y) < 1,
                   "zoom moved the point under the pointer: %.1f,%.1f → %.1f,%.1f", map_x, map_y, after_x, after_y);
  }

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

  /* Another level of the same family in the same canvas: the palette follows the new tools and
   * the clipboard (the 2×2 of tile 5 cut above) pastes there, clipped at the edge, through the new map's own undo stack. */
  {
    g_autoptr(TsrMemoryTileMap) level2 = tsr_memory_tile_map_new ("test", 20, 20, 1, 16, 16);
    g_autoptr(TsrUndoStack) stack2 = tsr_undo_stack_new ();
    TsrTileTools *tools2;

    tsr_memory_tile_map_add_tile (level2, 0, 0, "Floor", make_tile (0, 0));
    tsr_memory_tile_map_add_tile (level2, 0, 3, "Water", make_tile (0, 3));
    tsr_map_canvas_set_map (canvas, TSR_TILE_MAP (level2), stack2);
    tools2 = tsr_map_canvas_get_tools (canvas);
    ck_assert_ptr_ne (tools2, tools);
    ck_assert_ptr_eq (tsr_tile_palette_get_tools (palette), tools2);
    ck_assert_uint_eq (tsr_tile_palette_get_n_tiles (palette), 2);
    ck_assert (tsr_tile_tools_paste (tools2, 19, 0));
    ck_assert_uint_eq (tsr_tile_map_get_tile (TSR_TILE_MAP (level2), 0, 19, 0), 5);
    ck_assert_uint_eq (tsr_tile_map_get_tile (TSR_TILE_MAP (level2), 0, 19, 1), 5);
    ck_assert_uint_eq (tsr_tile_map_get_tile (TSR_TILE_MAP (level2), 0, 18, 0), 0);
    ck_assert_uint_eq (tsr_undo_stack_get_depth (stack2), 1);
    ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 0);
    tsr_map_canvas_set_map (canvas, map, stack);
  }
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
  g_signal_connect (canvas, "draw-overlay", G_CALLBACK (on_draw_overlay), NULL);
  g_signal_connect (canvas, "map-pointer", G_CALLBACK (on_map_pointer), NULL);
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
  g_object_bind_property (canvas, "tools", palette, "tools", G_BINDING_SYNC_CREATE);
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

/* --- The renderer alone (no display needed) --- */

/* The ARGB32 pixel at view point (X, Y) of SURFACE. */
static guint32
pixel_at (cairo_surface_t *surface, int x, int y)
{
  cairo_surface_flush (surface);
  return ((guint32 *) (cairo_image_surface_get_data (surface)
                       + (gsize) y * cairo_image_surface_get_stride (surface)))[x];
}

static gboolean
render (TsrMapRenderer *renderer, cairo_surface_t *surface, const TsrMapViewport *viewport)
{
  cairo_t *cr = cairo_create (surface);
  gboolean complete;

  /* Start transparent, so pixels the renderer leaves alone are recognisable. */
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  complete = tsr_map_renderer_draw (renderer, cr, viewport);
  cairo_destroy (cr);
  return complete;
}

START_TEST (test_renderer_redraws_only_changes)
{
  g_autoptr(TsrMemoryTileMap) memory = tsr_memory_tile_map_new ("test", 64, 64, 2, 16, 16);
  TsrTileMap *tiles = TSR_TILE_MAP (memory);
  g_autoptr(TsrUndoStack) undo = tsr_undo_stack_new ();
  g_autoptr(TsrMapRenderer) renderer = NULL;
  g_autoptr(TsrCommand) fill = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 400);
  TsrMapViewport viewport = { 0, 0, 1.0, 600, 400, 1 };
  TsrTileRect cell = { 20, 10, 1, 1 };
  guint64 before;

  for (guint i = 0; i < N_TILES; i++)
    {
      tsr_memory_tile_map_add_tile (memory, 0, i, NULL, make_tile (0, i));
      tsr_memory_tile_map_add_tile (memory, 1, i, NULL, i > 0 ? make_tile (1, i) : NULL);
    }
  renderer = tsr_map_renderer_new (tiles);
  tsr_map_renderer_set_show_grid (renderer, FALSE);
  render (renderer, surface, &viewport);
  before = tsr_map_renderer_get_chunks_rendered (renderer);
  ck_assert_uint_gt (before, 0);
  /* Ground tile 0 is 0x3b6e3b; the pixel (3, 1) of a cell is off the diagonal stripe. */
  ck_assert_uint_eq (pixel_at (surface, 20 * 16 + 3, 10 * 16 + 1), 0xff3b6e3b);

  /* The same view again composites nothing. */
  render (renderer, surface, &viewport);
  ck_assert_uint_eq (tsr_map_renderer_get_chunks_rendered (renderer), before);

  /* One cell through a command: exactly its chunk is composited again, and it shows. */
  fill = tsr_tile_command_fill_rect (tiles, 0, &cell, 3);
  tsr_undo_stack_push (undo, fill);
  render (renderer, surface, &viewport);
  ck_assert_uint_eq (tsr_map_renderer_get_chunks_rendered (renderer), before + 1);
  ck_assert_uint_eq (pixel_at (surface, 20 * 16 + 3, 10 * 16 + 1), 0xff2f5f9f);

  /* An object on layer 1 covers the ground at its centre but not at its corner. */
  tsr_tile_map_set_tile (tiles, 1, 21, 10, 4);
  tsr_tile_map_tiles_changed (tiles, 1, &(TsrTileRect) { 21, 10, 1, 1 });
  render (renderer, surface, &viewport);
  ck_assert_uint_eq (pixel_at (surface, 21 * 16 + 8, 10 * 16 + 6), 0xffc8b040);
  ck_assert_uint_eq (pixel_at (surface, 21 * 16 + 1, 10 * 16 + 14), 0xff3b6e3b);

  /* Hiding layer 1 redraws without it. */
  tsr_tile_map_set_layer_visible (tiles, 1, FALSE);
  render (renderer, surface, &viewport);
  ck_assert_uint_eq (pixel_at (surface, 21 * 16 + 8, 10 * 16 + 6), 0xff3b6e3b);

  /* Undo shows the old tile again. */
  tsr_undo_stack_undo (undo);
  render (renderer, surface, &viewport);
  ck_assert_uint_eq (pixel_at (surface, 20 * 16 + 3, 10 * 16 + 1), 0xff3b6e3b);
  cairo_surface_destroy (surface);
}
END_TEST

START_TEST (test_renderer_zoom)
{
  g_autoptr(TsrMemoryTileMap) memory = tsr_memory_tile_map_new ("test", 64, 64, 1, 16, 16);
  g_autoptr(TsrMapRenderer) renderer = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 300);
  TsrMapViewport zoomed = { 16 * 10, 16 * 10, 4.0, 300, 300, 1 };
  TsrMapViewport out = { 0, 0, 1.0 / 8, 300, 300, 1 };
  guint32 corner;

  for (guint i = 0; i < N_TILES; i++)
    tsr_memory_tile_map_add_tile (memory, 0, i, NULL, make_tile (0, i));
  renderer = tsr_map_renderer_new (TSR_TILE_MAP (memory));
  tsr_map_renderer_set_show_grid (renderer, FALSE);

  /* At 4× each tile pixel is a crisp 4×4 block: the stripe pixel (1, 1) of cell (10, 10) fills
   * view pixels (4..7, 4..7) exactly, with plain ground right beside it. */
  render (renderer, surface, &zoomed);
  for (int y = 4; y < 8; y++)
    for (int x = 4; x < 8; x++)
      ck_assert_uint_eq (pixel_at (surface, x, y), 0xfff0f0f0);
  ck_assert_uint_eq (pixel_at (surface, 8, 4), 0xff3b6e3b);
  ck_assert_uint_eq (pixel_at (surface, 3, 4), 0xff3b6e3b);

  /* At 1/8 a cell is 2 pixels: the stripe is averaged into the ground, not aliased away. */
  render (renderer, surface, &out);
  corner = pixel_at (surface, 41, 41);
  ck_assert_uint_gt ((corner >> 8) & 0xff, 0x6e);
  ck_assert_uint_lt ((corner >> 8) & 0xff, 0xf0);
  /* Beyond the map (64 cells × 2 px = 128 px) nothing is drawn. */
  ck_assert_uint_eq (pixel_at (surface, 200, 200), 0);
  cairo_surface_destroy (surface);
}
END_TEST

START_TEST (test_renderer_budget)
{
  g_autoptr(TsrMemoryTileMap) memory = tsr_memory_tile_map_new ("test", 128, 128, 1, 16, 16);
  g_autoptr(TsrMapRenderer) renderer = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1000, 700);
  TsrMapViewport viewport = { 0, 0, 1.0, 1000, 700, 1 };
  guint draws = 1;
  TsrMapViewport corner = { 0, 0, 1.0, 16, 16, 1 };

  for (guint i = 0; i < N_TILES; i++)
    tsr_memory_tile_map_add_tile (memory, 0, i, NULL, make_tile (0, i));
  tsr_tile_map_set_tile (TSR_TILE_MAP (memory), 0, 60, 40, 2);
  renderer = tsr_map_renderer_new (TSR_TILE_MAP (memory));
  tsr_map_renderer_set_show_grid (renderer, FALSE);
  /* A budget too small for anything. Nothing composited yet (a map just opened): the whole view
   * in the first draw, as no level of detail could stand in (issue 35). */
  tsr_map_renderer_set_frame_budget (renderer, 1);
  ck_assert (render (renderer, surface, &viewport));
  ck_assert_uint_eq (pixel_at (surface, 60 * 16 + 3, 40 * 16 + 1), 0xffa0522d);
  tsr_map_renderer_drop_caches (renderer);
  /* With one chunk composited (the top-left corner), every draw still composites one chunk, so
   * the view completes within as many draws as it has chunks (4 × 3 here) and then looks as
   * unbudgeted. */
  ck_assert (render (renderer, surface, &corner));
  ck_assert (!render (renderer, surface, &viewport));
  while (!render (renderer, surface, &viewport))
    {
      draws++;
      ck_assert_uint_le (draws, 12);
    }
  ck_assert_uint_eq (pixel_at (surface, 60 * 16 + 3, 40 * 16 + 1), 0xffa0522d);
  ck_assert_uint_eq (pixel_at (surface, 10 * 16 + 3, 3 * 16 + 1), 0xff3b6e3b);
  cairo_surface_destroy (surface);
}
END_TEST

/* --- A vector layer, edited through an edit session --- */

#define GRID_W 24
#define GRID_H 16
#define SPACING 32.0

/* A grid of points 32 units apart, shifted so map coordinates are negative at the top-left (as
 * Marathon's are); a segment along every horizontal edge, a polygon on every third cell, a
 * rectangle or a marker in some others. */
static TsrVectorMap *
make_vector_map (void)
{
  TsrMemoryVectorMap *vector = tsr_memory_vector_map_new ("test-vector");

  for (guint j = 0; j <= GRID_H; j++)
    for (guint i = 0; i <= GRID_W; i++)
      tsr_memory_vector_map_add_point (vector, i * SPACING - 200, j * SPACING - 100);
  for (guint j = 0; j <= GRID_H; j++)
    for (guint i = 0; i < GRID_W; i++)
      tsr_memory_vector_map_add_segment (vector, j * (GRID_W + 1) + i, j * (GRID_W + 1) + i + 1);
  for (guint j = 0; j < GRID_H; j++)
    for (guint i = 0; i < GRID_W; i++)
      {
        guint p = j * (GRID_W + 1) + i;
        guint corners[4] = { p, p + 1, p + GRID_W + 2, p + GRID_W + 1 };
        double x = i * SPACING - 200, y = j * SPACING - 100;

        if ((i + j) % 3 == 0)
          tsr_memory_vector_map_add_polygon (vector, corners, 4);
        else if ((i + j) % 3 == 1 && i % 4 == 0)
          tsr_memory_vector_map_add_rectangle (vector, x + 8, y + 8, x + 24, y + 24);
        else if ((i + j) % 3 == 2 && j % 4 == 0)
          tsr_memory_vector_map_add_marker (vector, x + 16, y + 16);
      }
  return TSR_VECTOR_MAP (vector);
}

/* Every vertex's coordinates, to compare exactly. */
static GBytes *
vector_snapshot (TsrVectorMap *vector)
{
  GByteArray *bytes = g_byte_array_new ();

  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    for (guint i = 0; i < tsr_vector_map_get_n_elements (vector, kind); i++)
      {
        TsrElementRef ref = { kind, i };

        for (guint v = 0; v < tsr_vector_map_get_n_vertices (vector, &ref); v++)
          {
            TsrVectorPoint p;

            tsr_vector_map_get_vertex (vector, &ref, v, &p);
            g_byte_array_append (bytes, (const guint8 *) &p, sizeof p);
          }
      }
  return g_byte_array_free_to_bytes (bytes);
}

static void
map_to_view (TsrMapCanvas *target, double x, double y, double *view_x, double *view_y)
{
  TsrMapViewport viewport;

  tsr_map_canvas_get_viewport (target, &viewport);
  tsr_map_viewport_to_view (&viewport, x, y, view_x, view_y);
}

/* A layer that only counts how often it is drawn: what a minimap draws of its own. */
#define TEST_TYPE_COUNT_LAYER (test_count_layer_get_type ())
G_DECLARE_FINAL_TYPE (TestCountLayer, test_count_layer, TEST, COUNT_LAYER, GObject)

struct _TestCountLayer {
  GObject parent_instance;
  guint   draws;
};

static TsrLayerKind
count_layer_get_kind (TsrCanvasLayer *layer)
{
  return TSR_LAYER_KIND_VECTOR;
}

static void
count_layer_get_bounds (TsrCanvasLayer *layer, TsrVectorBounds *bounds)
{
  *bounds = tsr_vector_bounds_from_corners (-200, -100, 0, 0);
}

static gboolean
count_layer_draw (TsrCanvasLayer *layer, cairo_t *cr, const TsrMapViewport *viewport)
{
  TEST_COUNT_LAYER (layer)->draws++;
  return TRUE;
}

static void
test_count_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_kind = count_layer_get_kind;
  iface->get_bounds = count_layer_get_bounds;
  iface->draw = count_layer_draw;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestCountLayer, test_count_layer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_CANVAS_LAYER, test_count_layer_iface_init))

static void
test_count_layer_class_init (TestCountLayerClass *klass)
{
}

static void
test_count_layer_init (TestCountLayer *self)
{
}

START_TEST (test_canvas_vector_layer)
{
  g_autoptr(TsrVectorMap) vector = make_vector_map ();
  g_autoptr(TsrUndoStack) vector_stack = tsr_undo_stack_new ();
  g_autoptr(TsrEditSession) session = tsr_edit_session_new_for_stack (vector_stack);
  g_autoptr(TsrTool) select = tsr_vector_select_tool_new (session);
  g_autoptr(TsrVectorLayer) layer = tsr_vector_layer_new (vector);
  g_autoptr(GBytes) before = vector_snapshot (vector);
  g_autoptr(GBytes) moved = NULL;
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GBytes) redone = NULL;
  TsrSelection *selection = tsr_edit_session_get_selection (session);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *vector_window;
  TsrMapCanvas *vector_canvas = TSR_MAP_CANVAS (tsr_map_canvas_new ());
  TsrMinimap *vector_minimap = TSR_MINIMAP (tsr_minimap_new ());
  TsrVectorBounds bounds, band;
  TsrElementRef grabbed = { TSR_ELEMENT_POINT, 6 * (GRID_W + 1) + 8 };
  TsrVectorPoint grabbed_before, grabbed_after;
  double x0, y0, x1, y1, zoom;
  guint n_selected;

  tsr_edit_session_set_layer (session, G_OBJECT (vector));
  tsr_edit_session_set_tool (session, select);
  tsr_vector_layer_set_selection (layer, selection);
  tsr_map_canvas_add_layer (vector_canvas, TSR_CANVAS_LAYER (layer));
  tsr_map_canvas_set_session (vector_canvas, session);
  ck_assert_ptr_eq (tsr_map_canvas_get_session (vector_canvas), session);
  ck_assert_ptr_null (tsr_map_canvas_get_tools (vector_canvas));
  tsr_map_canvas_get_content_bounds (vector_canvas, &bounds);
  ck_assert_double_eq (bounds.x0, -200);
  ck_assert_double_eq (bounds.y0, -100);
  ck_assert_double_eq (bounds.x1, GRID_W * SPACING - 200);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (vector_canvas));
  gtk_widget_set_hexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);
  tsr_minimap_set_canvas (vector_minimap, vector_canvas);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (vector_minimap));
  vector_window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (vector_window), 800, 560);
  gtk_window_set_child (GTK_WINDOW (vector_window), box);
  gtk_window_present (GTK_WINDOW (vector_window));
  tsr_map_canvas_zoom_to_fit (vector_canvas);
  settle ();

  /* Fitted: the whole map is in view and the minimap is not needed. */
  zoom = tsr_map_canvas_get_zoom (vector_canvas);
  map_to_view (vector_canvas, bounds.x0, bounds.y0, &x0, &y0);
  map_to_view (vector_canvas, bounds.x1, bounds.y1, &x1, &y1);
  ck_assert_double_ge (x0, -0.5);
  ck_assert_double_le (x1, gtk_widget_get_width (GTK_WIDGET (vector_canvas)) + 0.5);
  ck_assert (!gtk_widget_get_visible (GTK_WIDGET (vector_minimap)));

  /* A rubber band from the empty cell (5, 5) to just past point (12, 10). */
  band = tsr_vector_bounds_from_corners (5.5 * SPACING - 200, 5.5 * SPACING - 100,
                                         12 * SPACING - 200 + 1, 10 * SPACING - 100 + 1);
  map_to_view (vector_canvas, band.x0, band.y0, &x0, &y0);
  map_to_view (vector_canvas, band.x1, band.y1, &x1, &y1);
  tsr_map_canvas_pointer_press (vector_canvas, x0, y0, 0);
  tsr_map_canvas_pointer_motion (vector_canvas, (x0 + x1) / 2, (y0 + y1) / 2);
  tsr_map_canvas_pointer_motion (vector_canvas, x1, y1);
  settle ();
  ck_assert (tsr_selection_is_empty (selection));
  tsr_map_canvas_pointer_release (vector_canvas, x1, y1);
  tsr_selection_get_elements (selection, &n_selected);
  {
    g_autoptr(GArray) inside = tsr_vector_map_elements_in (vector, &band, TSR_ELEMENT_MASK_ALL);

    ck_assert_uint_eq (n_selected, inside->len);
    ck_assert_uint_gt (n_selected, 50);
  }
  ck_assert (tsr_selection_contains (selection, &grabbed));

  /* Drag the selection by point (8, 6): 3 view pixels per step, 20 steps. */
  tsr_vector_map_get_vertex (vector, &grabbed, 0, &grabbed_before);
  map_to_view (vector_canvas, grabbed_before.x, grabbed_before.y, &x0, &y0);
  tsr_map_canvas_pointer_press (vector_canvas, x0, y0, 0);
  for (guint s = 1; s <= 20; s++)
    tsr_map_canvas_pointer_motion (vector_canvas, x0 + 3 * s, y0 + 2 * s);
  tsr_map_canvas_pointer_release (vector_canvas, x0 + 60, y0 + 40);
  tsr_vector_map_get_vertex (vector, &grabbed, 0, &grabbed_after);
  ck_assert_double_le (fabs (grabbed_after.x - grabbed_before.x - 60 / zoom), 1e-6);
  ck_assert_double_le (fabs (grabbed_after.y - grabbed_before.y - 40 / zoom), 1e-6);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (vector_stack), 1);
  moved = vector_snapshot (vector);

  /* Zoomed in, the minimap shows the whole map; a screenshot with the selection highlighted and
   * a rubber band being dragged. */
  tsr_map_canvas_set_zoom (vector_canvas, 2);
  tsr_map_canvas_center_on (vector_canvas, -20, 4.5 * SPACING - 100);
  settle ();
  ck_assert (gtk_widget_get_visible (GTK_WIDGET (vector_minimap)));
  /* A minimap that draws layers of its own draws them again when they say their look changed,
   * not at each change of the canvas's layers (an animation step of a texture the overview does
   * not show). */
  {
    g_autoptr(TestCountLayer) own = g_object_new (TEST_TYPE_COUNT_LAYER, NULL);
    g_autoptr(GPtrArray) own_layers = g_ptr_array_new ();
    guint drawn;

    g_ptr_array_add (own_layers, own);
    tsr_minimap_set_layers (vector_minimap, own_layers);
    settle ();
    drawn = own->draws;
    ck_assert_uint_gt (drawn, 0);
    tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (layer), NULL);
    settle ();
    ck_assert_uint_eq (own->draws, drawn);
    tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (own), NULL);
    settle ();
    ck_assert_uint_gt (own->draws, drawn);
    tsr_minimap_set_layers (vector_minimap, NULL);
  }
  /* From the empty cell (3, 4). */
  map_to_view (vector_canvas, 3.5 * SPACING - 200, 4.5 * SPACING - 100, &x0, &y0);
  tsr_map_canvas_pointer_press (vector_canvas, x0, y0, GDK_SHIFT_MASK);
  tsr_map_canvas_pointer_motion (vector_canvas, x0 + 70, y0 + 90);
  settle ();
  save_window_screenshot (vector_window, "canvas-vector.png");
  tsr_map_canvas_pointer_release (vector_canvas, x0 + 70, y0 + 90);
  ck_assert_uint_gt (tsr_selection_get_size (selection), n_selected);

  /* Undo and redo through the stack the session edits. */
  ck_assert (tsr_undo_stack_undo (vector_stack));
  undone = vector_snapshot (vector);
  ck_assert (g_bytes_equal (before, undone));
  ck_assert (tsr_undo_stack_redo (vector_stack));
  redone = vector_snapshot (vector);
  ck_assert (g_bytes_equal (moved, redone));

  /* Copy and paste through the canvas actions: the paste is selected and one undo step. */
  {
    guint n_polygons = tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POLYGON);

    ck_assert (gtk_widget_activate_action (GTK_WIDGET (vector_canvas), "canvas.copy", NULL));
    ck_assert (gtk_widget_activate_action (GTK_WIDGET (vector_canvas), "canvas.paste", NULL));
    ck_assert_uint_gt (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POLYGON), n_polygons);
    ck_assert_uint_eq (tsr_undo_stack_get_depth (vector_stack), 2);
    ck_assert_uint_gt (tsr_selection_get_size (selection), 0);
    ck_assert (tsr_undo_stack_undo (vector_stack));
    ck_assert_uint_eq (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POLYGON), n_polygons);
    tsr_edit_session_set_clipboard (NULL);
  }

  /* Select all, then Delete through the canvas action removes the selection (one undo step). */
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (vector_canvas), "canvas.select-all", NULL));
  ck_assert_uint_eq (tsr_selection_get_size (selection), tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT)
                     + tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT)
                     + tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POLYGON)
                     + tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_RECTANGLE)
                     + tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_MARKER));
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (vector_canvas), "canvas.select-none", NULL));
  ck_assert (tsr_selection_is_empty (selection));
  tsr_selection_set (selection, &grabbed, 1);
  ck_assert (gtk_widget_activate_action (GTK_WIDGET (vector_canvas), "canvas.delete", NULL));
  ck_assert_uint_lt (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT), (GRID_W + 1) * (GRID_H + 1));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (vector_stack), 2);
  tsr_undo_stack_undo (vector_stack);
  tsr_undo_stack_undo (vector_stack);
  g_clear_pointer (&undone, g_bytes_unref);
  undone = vector_snapshot (vector);
  ck_assert (g_bytes_equal (before, undone));

  gtk_window_destroy (GTK_WINDOW (vector_window));
  settle ();
}
END_TEST

static void
on_invalidate_area (TsrCanvasLayer *layer, const TsrVectorBounds *area, gpointer data)
{
  TsrVectorBounds *seen = data;

  if (area == NULL)
    *seen = (TsrVectorBounds) { -G_MAXDOUBLE, -G_MAXDOUBLE, G_MAXDOUBLE, G_MAXDOUBLE };
  else
    tsr_vector_bounds_union (seen, area);
}

static void
add_bounds (TsrVectorMap *vector, GArray *elements, TsrVectorBounds *bounds)
{
  for (guint i = 0; i < elements->len; i++)
    {
      TsrVectorBounds b;

      tsr_vector_map_get_element_bounds (vector, &g_array_index (elements, TsrElementRef, i), &b);
      tsr_vector_bounds_union (bounds, &b);
    }
}

/* The vector layer offscreen: a view of part of the map draws only the elements there; moving one
 * point invalidates exactly where its elements were and are; a deletion invalidates everything. */
START_TEST (test_vector_layer_culls_and_invalidates)
{
  g_autoptr(TsrVectorMap) vector = make_vector_map ();
  g_autoptr(TsrVectorLayer) layer = tsr_vector_layer_new (vector);
  g_autoptr(TsrUndoStack) vector_stack = tsr_undo_stack_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
  cairo_t *cr = cairo_create (surface);
  TsrMapViewport whole = { -210, -110, 0.5, 800, 600, 1 };
  TsrMapViewport corner = { -200, -100, 2, 200, 100, 1 };
  TsrElementRef point = { TSR_ELEMENT_POINT, 2 * (GRID_W + 1) + 3 };
  TsrVectorBounds seen, expected;
  g_autoptr(TsrCommand) move = NULL;
  g_autoptr(TsrCommand) removal = NULL;
  g_autoptr(GArray) closed = NULL;
  guint total = 0;

  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    total += tsr_vector_map_get_n_elements (vector, kind);
  tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layer), cr, &whole);
  ck_assert_uint_eq (tsr_vector_layer_get_n_drawn (TSR_VECTOR_LAYER (layer)), total);
  /* 100 × 50 map units at the top-left: about 4 × 2 cells of a 24 × 16 grid. */
  tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layer), cr, &corner);
  ck_assert_uint_gt (tsr_vector_layer_get_n_drawn (TSR_VECTOR_LAYER (layer)), 10);
  ck_assert_uint_lt (tsr_vector_layer_get_n_drawn (TSR_VECTOR_LAYER (layer)), total / 10);

  /* Moving point (3, 2): the invalidated area is the union of the bounds of the point and of every
   * element using it, before and after the move — a few cells, not the map. */
  closed = tsr_vector_map_close_over_dependents (vector, &point, 1);
  ck_assert_uint_eq (closed->len, 3 + ((3 + 1) % 3 == 0) + ((2 + 2) % 3 == 0) + ((2 + 1) % 3 == 0) + ((3 + 2) % 3 == 0));
  tsr_vector_bounds_init_empty (&expected);
  add_bounds (vector, closed, &expected);
  tsr_vector_bounds_init_empty (&seen);
  g_signal_connect (layer, "invalidate-area", G_CALLBACK (on_invalidate_area), &seen);
  move = tsr_move_elements_command_new_translate (vector, &point, 1, 10, 5, "Move", NULL);
  tsr_undo_stack_push (vector_stack, move);
  add_bounds (vector, closed, &expected);
  ck_assert_double_eq (seen.x0, expected.x0);
  ck_assert_double_eq (seen.y0, expected.y0);
  ck_assert_double_eq (seen.x1, expected.x1);
  ck_assert_double_eq (seen.y1, expected.y1);
  ck_assert_double_lt (seen.x1 - seen.x0, 3 * SPACING);

  tsr_vector_bounds_init_empty (&seen);
  removal = tsr_remove_elements_command_new (vector, &point, 1, "Delete");
  tsr_undo_stack_push (vector_stack, removal);
  ck_assert_double_eq (seen.x0, -G_MAXDOUBLE);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT), (GRID_W + 1) * (GRID_H + 1) - 1);
  tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layer), cr, &whole);
  ck_assert_uint_lt (tsr_vector_layer_get_n_drawn (TSR_VECTOR_LAYER (layer)), total);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}
END_TEST

/* Largest difference of a channel between two ARGB32 surfaces of the same size. */
static guint
max_difference (cairo_surface_t *a,
                cairo_surface_t *b)
{
  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa, *pb;
  guint worst = 0;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  pa = cairo_image_surface_get_data (a);
  pb = cairo_image_surface_get_data (b);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width * 4; x++)
      worst = MAX (worst, (guint) ABS ((int) pa[y * stride + x] - (int) pb[y * stride + x]));
  return worst;
}

/* LAYER drawn at VIEWPORT over a plain background onto SURFACE. */
static void
draw_layer_onto (TsrVectorLayer       *layer,
                 cairo_surface_t      *surface,
                 const TsrMapViewport *viewport)
{
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 0.3, 0.1, 0.2);
  cairo_paint (cr);
  tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layer), cr, viewport);
  cairo_destroy (cr);
}

/* The first polygon and the last (added over the others) in one translucent red: the red batch
 * comes first in the whole picture, after the others in an area around the last polygon. */
static void
red_ends_style (TsrVectorMap        *vector,
                const TsrElementRef *element,
                TsrVectorStyle      *style,
                gpointer             user_data)
{
  guint n = tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POLYGON);

  if (element->kind == TSR_ELEMENT_POLYGON && (element->index == 0 || element->index + 1 == n))
    {
      style->fill[0] = 0.9, style->fill[1] = 0.1, style->fill[2] = 0.1, style->fill[3] = 0.5;
      style->stroke[3] = 0;
    }
}

/* A cached layer (what it drew per viewport, redrawing only the areas elements-changed names)
 * looks like one that draws everything every frame: after moves, a selection, undo, with two
 * viewports in turn and overlapping translucent polygons of two looks; and a move redraws only a
 * few elements. */
START_TEST (test_vector_layer_cache_matches)
{
  g_autoptr(TsrVectorMap) vector = make_vector_map ();
  g_autoptr(TsrVectorLayer) cached = NULL;
  g_autoptr(TsrVectorLayer) plain = NULL;
  g_autoptr(TsrUndoStack) vector_stack = tsr_undo_stack_new ();
  g_autoptr(TsrSelection) selection = tsr_selection_new ();
  const TsrMapViewport views[] = { { -210, -110, 0.5, 800, 600, 1 }, { -200, -100, 2, 300, 200, 1 } };
  TsrElementRef point = { TSR_ELEMENT_POINT, 2 * (GRID_W + 1) + 3 };
  TsrElementRef other = { TSR_ELEMENT_POINT, 5 * (GRID_W + 1) + 8 };
  guint total = 0;

  /* A polygon over the grid's around OTHER (which moves; far from the first polygon), red like the
   * first one: a redraw of the area must blend the two batches in the whole picture's order. */
  {
    TsrMemoryVectorMap *memory = TSR_MEMORY_VECTOR_MAP (vector);
    double cx = 8 * SPACING - 200, cy = 5 * SPACING - 100;
    guint corners[4] = {
      tsr_memory_vector_map_add_point (memory, cx - 1.5 * SPACING, cy - 1.5 * SPACING),
      tsr_memory_vector_map_add_point (memory, cx + 1.5 * SPACING, cy - 1.5 * SPACING),
      tsr_memory_vector_map_add_point (memory, cx + 1.5 * SPACING, cy + 1.5 * SPACING),
      tsr_memory_vector_map_add_point (memory, cx - 1.5 * SPACING, cy + 1.5 * SPACING),
    };

    tsr_memory_vector_map_add_polygon (memory, corners, 4);
  }
  cached = tsr_vector_layer_new (vector);
  plain = tsr_vector_layer_new (vector);
  tsr_vector_layer_set_style_func (cached, red_ends_style, NULL, NULL);
  tsr_vector_layer_set_style_func (plain, red_ends_style, NULL, NULL);
  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    total += tsr_vector_map_get_n_elements (vector, kind);
  tsr_vector_layer_set_cached (cached, TRUE);
  tsr_vector_layer_set_selection (cached, selection);
  tsr_vector_layer_set_selection (plain, selection);
  for (guint step = 0; step < 8; step++)
    {
      for (guint v = 0; v < G_N_ELEMENTS (views); v++)
        {
          cairo_surface_t *a = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, views[v].width, views[v].height);
          cairo_surface_t *b = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, views[v].width, views[v].height);

          draw_layer_onto (cached, a, &views[v]);
          /* Steps after the first two only moved points: the kept picture was drawn again in part. */
          if (step >= 2 && step != 6 && v == 0)
            ck_assert_uint_lt (tsr_vector_layer_get_n_drawn (cached), total / 4);
          draw_layer_onto (plain, b, &views[v]);
          /* Cairo's coverage of a path clipped to the redrawn areas may differ by a few levels;
           * a missing or extra element differs by far more. */
          ck_assert_uint_le (max_difference (a, b), 8);
          cairo_surface_destroy (a);
          cairo_surface_destroy (b);
        }
      if (step == 0)
        tsr_selection_add (selection, &other);
      else if (step == 5)
        tsr_undo_stack_undo (vector_stack);
      else
        {
          g_autoptr(TsrCommand) move = tsr_move_elements_command_new_translate (
            vector, step % 2 ? &point : &other, 1, 7.0 * step, -3.5 * step, "Move", NULL);

          tsr_undo_stack_push (vector_stack, move);
        }
    }
}
END_TEST

/* Panning a cached layer by whole view pixels moves its picture and draws only the strips
 * uncovered (few elements), and what it shows is what a layer drawing everything shows: after
 * pans right, left, up, diagonally, a fractional pan, one wider than the view, and a move of a
 * point in between (no stale strips, no seams). The grid layer's kept picture pans the same way,
 * and shows what a fresh grid layer draws straight into the frame (its first view: a zoom step). */
START_TEST (test_vector_layer_pan_matches)
{
  g_autoptr(TsrVectorMap) vector = make_vector_map ();
  g_autoptr(TsrVectorLayer) cached = tsr_vector_layer_new (vector);
  g_autoptr(TsrVectorLayer) plain = tsr_vector_layer_new (vector);
  g_autoptr(TsrGridLayer) grid = tsr_grid_layer_new (16, 4);
  g_autoptr(TsrUndoStack) vector_stack = tsr_undo_stack_new ();
  TsrMapViewport view = { -210, -110, 0.5, 400, 300, 1 };
  /* View pixels per step; the sixth is not whole, the seventh wider than the view. */
  static const double pans[][2] = { { 3, 0 }, { 17, 0 }, { -40, 0 }, { 0, 25 }, { 0, -9 }, { 31, -14 },
                                    { 2.5, 0 }, { 450, 10 }, { -6, 6 } };
  TsrElementRef point = { TSR_ELEMENT_POINT, 2 * (GRID_W + 1) + 3 };
  guint total = 0;

  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    total += tsr_vector_map_get_n_elements (vector, kind);
  tsr_vector_layer_set_cached (cached, TRUE);
  for (guint step = 0; step <= G_N_ELEMENTS (pans); step++)
    {
      cairo_surface_t *a = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
      cairo_surface_t *b = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);

      if (step > 0)
        {
          view.x += pans[step - 1][0] / view.zoom;
          view.y += pans[step - 1][1] / view.zoom;
        }
      draw_layer_onto (cached, a, &view);
      if (step > 0 && step != 7 && step != 8)
        ck_assert_msg (tsr_vector_layer_get_n_drawn (cached) < total / 3, "step %u: %u of %u drawn", step,
                       tsr_vector_layer_get_n_drawn (cached), total);
      draw_layer_onto (plain, b, &view);
      ck_assert_uint_le (max_difference (a, b), 8);

      /* The grid: panned picture against one drawn for this view alone. */
      {
        g_autoptr(TsrGridLayer) fresh = tsr_grid_layer_new (16, 4);
        cairo_t *cr = cairo_create (a);

        tsr_canvas_layer_draw (TSR_CANVAS_LAYER (grid), cr, &view);
        cairo_destroy (cr);
        cr = cairo_create (b);
        tsr_canvas_layer_draw (TSR_CANVAS_LAYER (fresh), cr, &view);
        cairo_destroy (cr);
        ck_assert_uint_eq (max_difference (a, b), 0);
      }
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
      if (step == 3)
        {
          g_autoptr(TsrCommand) move = tsr_move_elements_command_new_translate (vector, &point, 1, 9, -5,
                                                                                "Move", NULL);

          tsr_undo_stack_push (vector_stack, move);
        }
    }
}
END_TEST

/* A zoom step of a layer with zoom stand-ins paints its kept picture scaled at once and says it is
 * not final; the frames after it at the same view draw the view anew, a band of rows at a time,
 * until one says final: then the layer shows what a layer drawing everything shows for that view,
 * and keeps it (a further frame is final at once, a pan moves it). Two steps in a row (in, then out
 * past the first view) scale the picture kept before both. */
START_TEST (test_vector_layer_zoom_refines)
{
  g_autoptr(TsrVectorMap) vector = make_vector_map ();
  g_autoptr(TsrVectorLayer) zoomed = tsr_vector_layer_new (vector);
  g_autoptr(TsrVectorLayer) plain = tsr_vector_layer_new (vector);
  TsrMapViewport view = { -210, -110, 0.5, 400, 300, 1 };
  cairo_surface_t *a = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
  cairo_surface_t *b = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
  guint frames = 0;
  gboolean final;
  cairo_t *cr;

  tsr_vector_layer_set_cached (zoomed, TRUE);
  tsr_vector_layer_set_zoom_stand_ins (zoomed, TRUE);
  cr = cairo_create (a);
  ck_assert (tsr_canvas_layer_draw (TSR_CANVAS_LAYER (zoomed), cr, &view));
  cairo_destroy (cr);
  for (guint step = 0; step < 2; step++)
    {
      /* About the view's centre: in by √2, then out by 2. */
      double factor = step == 0 ? G_SQRT2 : 0.5;
      double cx = view.x + view.width / 2.0 / view.zoom, cy = view.y + view.height / 2.0 / view.zoom;

      view.zoom *= factor;
      view.x = cx - view.width / 2.0 / view.zoom;
      view.y = cy - view.height / 2.0 / view.zoom;
      draw_layer_onto (plain, b, &view);
      cr = cairo_create (a);
      cairo_set_source_rgb (cr, 0.3, 0.1, 0.2);
      cairo_paint (cr);
      ck_assert (!tsr_canvas_layer_draw (TSR_CANVAS_LAYER (zoomed), cr, &view));
      cairo_destroy (cr);
      /* The stand-in: the old picture scaled, not the view drawn. */
      ck_assert_uint_gt (max_difference (a, b), 64);
    }
  /* No further step: drawn anew over the next frames. */
  do
    {
      cr = cairo_create (a);
      cairo_set_source_rgb (cr, 0.3, 0.1, 0.2);
      cairo_paint (cr);
      final = tsr_canvas_layer_draw (TSR_CANVAS_LAYER (zoomed), cr, &view);
      cairo_destroy (cr);
      frames++;
    }
  while (!final && frames < 100);
  ck_assert_msg (final, "not final after %u frames", frames);
  ck_assert_msg (max_difference (a, b) == 0, "refined view differs by %u", max_difference (a, b));
  /* Kept: the next frame is final at once, and a pan moves it. */
  draw_layer_onto (zoomed, a, &view);
  ck_assert_uint_eq (max_difference (a, b), 0);
  view.x += 12 / view.zoom;
  draw_layer_onto (zoomed, a, &view);
  draw_layer_onto (plain, b, &view);
  ck_assert_uint_le (max_difference (a, b), 8);
  /* A zoom step in while the map is a part of the view: a stand-in frame into a recording, as the
   * canvas draws it (a cairo node). The picture scaled reaches past where the layer may draw, and
   * is painted only there; GTK replays the node straight into the window through clips of many
   * boxes (no clipped command, tsr-map-canvas.c). */
  {
    cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                                                 &(cairo_rectangle_t) { 0, 0, view.width, view.height });
    double cx = view.x + view.width / 2.0 / view.zoom, cy = view.y + view.height / 2.0 / view.zoom;

    view.zoom *= 1.2;
    view.x = cx - view.width / 2.0 / view.zoom;
    view.y = cy - view.height / 2.0 / view.zoom;
    cr = cairo_create (recording);
    ck_assert (!tsr_canvas_layer_draw (TSR_CANVAS_LAYER (zoomed), cr, &view));
    cairo_destroy (cr);
    tsr_test_ui_replay_recording_through_boxes (recording, 0, 0, view.width, view.height);
    cairo_surface_destroy (recording);
  }
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}
END_TEST

/* The level of detail: where no segment or outline is smaller than the limit (a pixel), a layer
 * draws exactly what a layer with it off draws; zoomed out so the small ones are below it, the two
 * differ somewhere, and only within 2 pixels of the small elements' bounds (segments 1.5 pixels
 * wide): the large polygons' fills, the long segments and the points are all there. */
START_TEST (test_vector_layer_detail)
{
  TsrMemoryVectorMap *memory = tsr_memory_vector_map_new ("detail");
  g_autoptr(TsrVectorMap) vector = TSR_VECTOR_MAP (memory);
  g_autoptr(TsrVectorLayer) lod = NULL;
  g_autoptr(TsrVectorLayer) full = NULL;
  const TsrMapViewport close = { -20, -20, 2.0, 400, 300, 1 }, far = { -100, -100, 0.25, 400, 300, 1 };
  cairo_surface_t *a = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, far.width, far.height);
  cairo_surface_t *b = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, far.width, far.height);
  g_autofree guint8 *near_small = g_new0 (guint8, far.width * far.height);
  guint n_small = 0, n_different = 0;
  const guint8 *pa, *pb;
  int stride;

  /* Three by two squares of 160 units with a long segment along each top edge, and every 80 units
   * a short segment and a small triangle, 3 units across. */
  for (guint j = 0; j < 2; j++)
    for (guint i = 0; i < 3; i++)
      {
        double x = i * 200.0, y = j * 200.0;
        guint p = tsr_memory_vector_map_add_point (memory, x, y);
        guint corners[4] = { p, tsr_memory_vector_map_add_point (memory, x + 160, y),
                             tsr_memory_vector_map_add_point (memory, x + 160, y + 160),
                             tsr_memory_vector_map_add_point (memory, x, y + 160) };

        tsr_memory_vector_map_add_polygon (memory, corners, 4);
        tsr_memory_vector_map_add_segment (memory, corners[0], corners[1]);
      }
  for (double y = 30; y < 400; y += 80)
    for (double x = 30; x < 600; x += 80)
      {
        guint s = tsr_memory_vector_map_add_point (memory, x, y);
        guint triangle[3] = { tsr_memory_vector_map_add_point (memory, x + 20, y),
                              tsr_memory_vector_map_add_point (memory, x + 23, y),
                              tsr_memory_vector_map_add_point (memory, x + 21, y + 3) };

        tsr_memory_vector_map_add_segment (memory, s, tsr_memory_vector_map_add_point (memory, x + 3, y + 1));
        tsr_memory_vector_map_add_polygon (memory, triangle, 3);
      }
  lod = tsr_vector_layer_new (vector);
  full = tsr_vector_layer_new (vector);
  tsr_vector_layer_set_detail_limit (full, 0);

  /* Close: the small ones are 6 pixels across, above the limit. */
  draw_layer_onto (lod, a, &close);
  draw_layer_onto (full, b, &close);
  ck_assert_uint_eq (max_difference (a, b), 0);

  /* Far: they are 0.75 pixels across. Where may the drawings differ? */
  for (guint kind = TSR_ELEMENT_SEGMENT; kind <= TSR_ELEMENT_POLYGON; kind++)
    for (guint i = 0; i < tsr_vector_map_get_n_elements (vector, kind); i++)
      {
        TsrElementRef ref = { kind, i };
        TsrVectorBounds bounds;
        int x0, y0, x1, y1;

        tsr_vector_map_get_element_bounds (vector, &ref, &bounds);
        if ((bounds.x1 - bounds.x0) * far.zoom >= 1 || (bounds.y1 - bounds.y0) * far.zoom >= 1)
          continue;
        n_small++;
        x0 = MAX ((int) floor ((bounds.x0 - far.x) * far.zoom - 2), 0);
        y0 = MAX ((int) floor ((bounds.y0 - far.y) * far.zoom - 2), 0);
        x1 = MIN ((int) ceil ((bounds.x1 - far.x) * far.zoom + 2), far.width);
        y1 = MIN ((int) ceil ((bounds.y1 - far.y) * far.zoom + 2), far.height);
        for (int y = y0; y < y1; y++)
          memset (near_small + y * far.width + x0, 1, MAX (x1 - x0, 0));
      }
  ck_assert_uint_eq (n_small, 80);
  draw_layer_onto (lod, a, &far);
  draw_layer_onto (full, b, &far);
  cairo_surface_flush (a);
  cairo_surface_flush (b);
  pa = cairo_image_surface_get_data (a);
  pb = cairo_image_surface_get_data (b);
  stride = cairo_image_surface_get_stride (a);
  for (int y = 0; y < far.height; y++)
    for (int x = 0; x < far.width; x++)
      if (memcmp (pa + y * stride + x * 4, pb + y * stride + x * 4, 4) != 0)
        {
          ck_assert_msg (near_small[y * far.width + x], "pixel %d,%d differs away from every small element", x, y);
          n_different++;
        }
  ck_assert_uint_gt (n_different, 0);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}
END_TEST

/* The area a tile layer says it covered opaque (so the canvas paints nothing beneath it) is opaque
 * in what it drew: at fractional offsets and zooms (bilinear chunks, their seams included), at
 * device scale 2, and with transparent tiles on the upper layer. */
START_TEST (test_tile_layer_opaque_area)
{
  g_autoptr(TsrMemoryTileMap) memory = tsr_memory_tile_map_new ("test", 64, 64, 2, 16, 16);
  g_autoptr(TsrTileLayer) layer = NULL;
  const TsrMapViewport views[] = {
    { -37.3, -21.6, 1.0, 400, 300, 1 }, { -100.5, -80.25, 0.37, 400, 300, 1 },
    { 33.7, 12.2, 2.3, 400, 300, 1 },   { -10.4, -300.9, 0.125, 400, 300, 1 },
    { -55.55, -44.4, 0.61, 400, 300, 2 }, { 500.3, 700.6, 1.7, 400, 300, 2 },
  };

  for (guint i = 0; i < N_TILES; i++)
    {
      tsr_memory_tile_map_add_tile (memory, 0, i, NULL, make_tile (0, i));
      tsr_memory_tile_map_add_tile (memory, 1, i, NULL, i > 0 ? make_tile (1, i) : NULL);
    }
  layer = tsr_tile_layer_new (TSR_TILE_MAP (memory));
  tsr_map_renderer_set_show_grid (tsr_tile_layer_get_renderer (layer), FALSE);
  for (guint v = 0; v < G_N_ELEMENTS (views); v++)
    {
      const TsrMapViewport *view = &views[v];
      int scale = view->scale_factor;
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view->width * scale,
                                                             view->height * scale);
      cairo_rectangle_int_t area;
      cairo_t *cr;

      cairo_surface_set_device_scale (surface, scale, scale);
      cr = cairo_create (surface);
      tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layer), cr, view);
      cairo_destroy (cr);
      tsr_canvas_layer_get_opaque_area (TSR_CANVAS_LAYER (layer), view, &area);
      ck_assert_msg (area.width > 0 && area.height > 0, "view %u: no opaque area", v);
      for (int y = area.y * scale; y < (area.y + area.height) * scale; y++)
        for (int x = area.x * scale; x < (area.x + area.width) * scale; x++)
          ck_assert_msg (pixel_at (surface, x, y) >> 24 == 0xff, "view %u: device pixel (%d, %d) of the "
                         "opaque area %d,%d %dx%d is 0x%08x", v, x, y, area.x, area.y, area.width,
                         area.height, pixel_at (surface, x, y));
      cairo_surface_destroy (surface);
    }
}
END_TEST

/* The first node GSK draws of NODE (through containers and transforms), NULL if none. */
static GskRenderNode *
first_drawn (GskRenderNode *node)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        {
          GskRenderNode *found = first_drawn (gsk_container_node_get_child (node, i));

          if (found != NULL)
            return found;
        }
      return NULL;
    case GSK_TRANSFORM_NODE:
      return first_drawn (gsk_transform_node_get_child (node));
    case GSK_CLIP_NODE:
      return first_drawn (gsk_clip_node_get_child (node));
    default:
      return node;
    }
}

/* CANVAS at ZOOM, rendered as GTK would draw it: every pixel opaque (the window paints nothing
 * beneath a canvas, tsr-backdrop.h). Returns how many pixels have the outside colour; *FIRST is
 * the type of the first node GSK draws. */
static guint
render_canvas_at (double             zoom,
                  GskRenderNodeType *first)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (canvas));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (GTK_WIDGET (canvas)), height = gtk_widget_get_height (GTK_WIDGET (canvas));
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guint32 *pixels = NULL;
  guint outside = 0;

  tsr_map_canvas_set_zoom (canvas, zoom);
  settle ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  ck_assert_ptr_nonnull (node);
  *first = gsk_render_node_get_node_type (first_drawn (node));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  pixels = g_new (guint32, (gsize) width * height);
  gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
  for (int i = 0; i < width * height; i++)
    {
      guint32 p = pixels[i];

      ck_assert_msg (p >> 24 == 0xff, "zoom %g: pixel %d,%d is 0x%08x, not opaque", zoom, i % width, i / width, p);
      /* The outside colour, 0.11, 0.11, 0.12. */
      outside += ABS ((int) ((p >> 16) & 0xff) - 28) <= 1 && ABS ((int) ((p >> 8) & 0xff) - 28) <= 1
                 && ABS ((int) (p & 0xff) - 31) <= 1;
    }
  return outside;
}

/* Zoomed in, the map fills the view: the canvas is one cairo node and the first thing drawn
 * (GTK 4.8's cairo renderer then replays it straight into the frame). Zoomed out, the outside has
 * its colour. Opaque either way. */
START_TEST (test_canvas_opaque)
{
  GskRenderNodeType first;

  ck_assert_uint_eq (render_canvas_at (4.0, &first), 0);
  ck_assert_int_eq (first, GSK_CAIRO_NODE);
  /* 48×40 cells of 16 px at a quarter: 192×160 px of a larger view. */
  ck_assert_uint_gt (render_canvas_at (0.25, &first),
                     (guint) (gtk_widget_get_width (GTK_WIDGET (canvas)) * gtk_widget_get_height (GTK_WIDGET (canvas))) / 4);
  tsr_map_canvas_set_zoom (canvas, 1.0);
  settle ();
}
END_TEST

int
main (void)
{
  Suite *suite = suite_create ("map-canvas");
  TCase *offscreen = tcase_create ("renderer");
  TCase *ui = tcase_create ("ui");
  gboolean have_display;

  tcase_add_test (offscreen, test_renderer_redraws_only_changes);
  tcase_add_test (offscreen, test_vector_layer_culls_and_invalidates);
  tcase_add_test (offscreen, test_vector_layer_cache_matches);
  tcase_add_test (offscreen, test_vector_layer_pan_matches);
  tcase_add_test (offscreen, test_vector_layer_zoom_refines);
  tcase_add_test (offscreen, test_vector_layer_detail);
  tcase_add_test (offscreen, test_renderer_zoom);
  tcase_add_test (offscreen, test_renderer_budget);
  tcase_add_test (offscreen, test_tile_layer_opaque_area);
  suite_add_tcase (suite, offscreen);

  /* GTK objects live in this process: Check must not fork. */
  setenv ("CK_FORK", "no", 1);
  have_display = gtk_init_check ();
  if (have_display)
    {
      make_map ();
      stack = tsr_undo_stack_new ();
      build_window ();
      tcase_add_test (ui, test_canvas_editing);
      tcase_add_test (ui, test_canvas_vector_layer);
      tcase_add_test (ui, test_canvas_opaque);
      suite_add_tcase (suite, ui);
    }
  if (tsr_test_run_suite (suite) != EXIT_SUCCESS)
    return EXIT_FAILURE;
  if (!have_display)
    {
      /* The renderer passed; the widget part could not run. */
      printf ("SKIP: no display for the UI part\n");
      return 77;
    }
  return EXIT_SUCCESS;
}
