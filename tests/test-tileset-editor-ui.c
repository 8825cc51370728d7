/* test-tileset-editor-ui.c: the Sphere tileset editor (issue 38) driven by real X input (XTest
 * under Xvfb):
 * - on a copy of test.rts: each pixel tool draws on a tile (pencil, line, rectangle, filled
 *   rectangle, flood fill, picker, eraser, most chosen by their keys (L, R, Shift+R, I, G, E) with
 *   the canvas focused, selection moved, copy and paste onto another tile, flip,
 *   rotate), a tile is added and made animated (typed next tile and delay) and the preview plays
 *   it, obstruction segments are drawn (snapped), one erased with a right click and the other's
 *   end dragged (snapped, one undo step); Ctrl+S; the
 *   codec rereads exactly the intended changes (expected pixels computed with the same tool
 *   functions on the loaded tile) and every other byte of the tileset as loaded;
 * - on a copy of turbosphere_test_appended.rmp: the map editor's "Edit Tileset…" opens the
 *   editor, a tile is moved by its buttons, and the map canvas shows the same picture as before.
 * Screenshots tileset-editor-*.png. Exits 77 without a display or XTest. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "edit/tsr-pixel-tools.h"
#include "formats/sphere/tsr-sphere-map.h"
#include "formats/sphere/tsr-sphere-tileset.h"
#include "model/sphere/tsr-sphere-tileset-edit.h"
#include "model/tsr-undo-stack.h"
#include "views/sphere/tsr-tileset-editor.h"
#include "views/tsr-map-canvas.h"
#include "views/tsr-pixel-canvas.h"
#include "views/tsr-pixel-editor.h"
#include "tsr-test-common.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static GtkWidget *
by_tooltip (GtkWidget  *root,
            const char *tooltip)
{
  GtkWidget *widget = tsr_test_ui_find_widget (root, tsr_test_ui_match_tooltip, tooltip);

  g_assert_nonnull (widget);
  g_assert_true (gtk_widget_get_mapped (widget));
  return widget;
}

static GtkWidget *
by_label (GtkWidget  *root,
          const char *label)
{
  GtkWidget *widget = tsr_test_ui_find_widget (root, tsr_test_ui_match_button_label, label);

  g_assert_nonnull (widget);
  return widget;
}

static void
click_tile (TsrTestXTest     *xtest,
            TsrTilesetEditor *editor,
            guint             index)
{
  GtkWidget *grid = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_name, "tile-grid");
  double x, y;

  g_assert_nonnull (grid);
  g_assert_true (tsr_tileset_editor_tile_point (editor, index, &x, &y));
  g_assert_true (tsr_test_xtest_click_at (xtest, grid, x, y));
  g_assert_cmpuint (tsr_tileset_editor_get_current_tile (editor), ==, index);
}

/* A real drag on the canvas from pixel (X0, Y0) to pixel (X1, Y1). */
static void
drag_pixels (TsrTestXTest   *xtest,
             TsrPixelCanvas *canvas,
             guint           x0,
             guint           y0,
             guint           x1,
             guint           y1)
{
  double wx, wy;

  tsr_pixel_canvas_pixel_point (canvas, x0, y0, &wx, &wy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), wx, wy, 8, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, TRUE));
  tsr_pixel_canvas_pixel_point (canvas, x1, y1, &wx, &wy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), wx, wy, 4, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, FALSE));
  tsr_test_ui_iterate_for (100);
}

/* A real drag between pixel corners (segment tool), a third of a pixel inside so snapping decides. */
static void
drag_corners (TsrTestXTest   *xtest,
              TsrPixelCanvas *canvas,
              guint           x0,
              guint           y0,
              guint           x1,
              guint           y1)
{
  double z = tsr_pixel_canvas_get_zoom (canvas);

  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), x0 * z + (x0 > 0 ? -z / 3 : z / 3), y0 * z + z / 3, 8, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), x1 * z - z / 3, y1 * z - z / 3, 4, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, FALSE));
  tsr_test_ui_iterate_for (100);
}

static void
choose_tool (TsrTestXTest   *xtest,
             GtkWidget      *root,
             TsrPixelCanvas *canvas,
             const char     *tooltip,
             TsrPixelTool    tool)
{
  g_assert_true (tsr_test_xtest_click (xtest, by_tooltip (root, tooltip)));
  g_assert_cmpint (tsr_pixel_canvas_get_tool (canvas), ==, tool);
}

/* The tool's key, pressed while the canvas has the focus (it took it with the last click). */
static void
choose_tool_by_key (TsrTestXTest   *xtest,
                    TsrPixelCanvas *canvas,
                    guint           keyval,
                    GdkModifierType modifiers,
                    TsrPixelTool    tool)
{
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (canvas)));
  g_assert_true (tsr_test_xtest_key (xtest, keyval, modifiers));
  g_assert_cmpint (tsr_pixel_canvas_get_tool (canvas), ==, tool);
}

static void
type_into (TsrTestXTest *xtest,
           GtkWidget    *spin,
           int           value)
{
  g_assert_true (tsr_test_xtest_click (xtest, spin));
  tsr_test_xtest_type_number (xtest, value);
  tsr_test_ui_iterate_for (100);
}

static void
test_rts (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("sphere", "test.rts", work_dir, "rts");
  g_autoptr(GBytes) loaded_bytes = path != NULL ? tsr_test_read_file (path) : NULL;
  g_autoptr(TsrSphereTileset) loaded = NULL;
  g_autoptr(TsrSphereTileset) saved = NULL;
  g_autoptr(GBytes) saved_bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(TsrImage) expect2 = NULL;
  g_autoptr(TsrImage) expect3 = NULL;
  g_autoptr(TsrImage) clip = NULL;
  TsrWindow *window;
  TsrTilesetEditor *editor;
  TsrPixelEditor *pixels;
  TsrPixelCanvas *canvas;
  TsrSphereDocument *document;
  TsrUndoStack *undo;
  GtkWidget *root;
  const guint32 red = 0xff0000ff, blue = 0x2040c0ff;
  guint n, entries;
  gint64 end;

  if (path == NULL)
    return;
  loaded = tsr_sphere_tileset_parse (loaded_bytes, &error);
  g_assert_no_error (error);
  n = loaded->tiles->len;
  window = tsr_test_ui_open_in_window (application, path, 1280, 1000, 300);
  root = GTK_WIDGET (window);
  editor = TSR_TILESET_EDITOR (tsr_test_ui_get_widget (root, TSR_TYPE_TILESET_EDITOR));
  pixels = TSR_PIXEL_EDITOR (tsr_test_ui_get_widget (GTK_WIDGET (editor), TSR_TYPE_PIXEL_EDITOR));
  canvas = tsr_pixel_editor_get_canvas (pixels);
  document = TSR_SPHERE_DOCUMENT (tsr_window_get_document (window));
  undo = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  tsr_test_ui_save_screenshot (root, screenshot_dir, "tileset-editor-opened.png");

  /* Tile 2, every tool; the expected pixels are the same tool functions on the loaded tile. */
  click_tile (xtest, editor, 2);
  expect2 = tsr_sphere_tileset_tile_image (loaded, 2);
  tsr_pixel_canvas_set_colour (canvas, red);
  choose_tool (xtest, root, canvas, "Pencil (B)", TSR_PIXEL_TOOL_PENCIL);
  drag_pixels (xtest, canvas, 1, 1, 6, 1);
  tsr_pixel_line (expect2, 1, 1, 6, 1, red);
  choose_tool_by_key (xtest, canvas, GDK_KEY_l, 0, TSR_PIXEL_TOOL_LINE);
  drag_pixels (xtest, canvas, 0, 3, 7, 10);
  tsr_pixel_line (expect2, 0, 3, 7, 10, red);
  tsr_pixel_canvas_set_colour (canvas, blue);
  choose_tool_by_key (xtest, canvas, GDK_KEY_r, 0, TSR_PIXEL_TOOL_RECTANGLE);
  drag_pixels (xtest, canvas, 9, 12, 14, 15);
  tsr_pixel_rectangle (expect2, 9, 12, 14, 15, FALSE, blue);
  choose_tool_by_key (xtest, canvas, GDK_KEY_R, GDK_SHIFT_MASK, TSR_PIXEL_TOOL_FILLED_RECTANGLE);
  drag_pixels (xtest, canvas, 10, 2, 12, 4);
  tsr_pixel_rectangle (expect2, 10, 2, 12, 4, TRUE, blue);
  /* The picker takes the red of the pencil line. */
  choose_tool_by_key (xtest, canvas, GDK_KEY_i, 0, TSR_PIXEL_TOOL_PICKER);
  drag_pixels (xtest, canvas, 3, 1, 3, 1);
  g_assert_cmphex (tsr_pixel_canvas_get_colour (canvas), ==, red);
  choose_tool_by_key (xtest, canvas, GDK_KEY_g, 0, TSR_PIXEL_TOOL_FILL);
  drag_pixels (xtest, canvas, 11, 13, 11, 13);
  tsr_pixel_flood_fill (expect2, 11, 13, red);
  choose_tool_by_key (xtest, canvas, GDK_KEY_e, 0, TSR_PIXEL_TOOL_ERASER);
  drag_pixels (xtest, canvas, 1, 1, 2, 1);
  tsr_pixel_line (expect2, 1, 1, 2, 1, 0);
  /* Select the filled square and move it two pixels right. */
  choose_tool (xtest, root, canvas, "Select and Move (M)", TSR_PIXEL_TOOL_SELECT);
  drag_pixels (xtest, canvas, 10, 2, 12, 4);
  drag_pixels (xtest, canvas, 11, 3, 13, 3);
  tsr_pixel_move (expect2, &(TsrPixelRect) { 10, 2, 3, 3 }, 2, 0);
  tsr_test_ui_save_screenshot (root, screenshot_dir, "tileset-editor-tools.png");
  entries = tsr_undo_stack_get_n_entries (undo);
  /* pencil, line, rectangle, filled, fill, eraser, move: one step each (the picker and the
   * selection itself change nothing). */
  g_assert_cmpuint (entries, ==, 7);
  {
    TsrImage now;

    g_assert_true (tsr_sphere_document_get_tile_target ()->get_image (document, 2, &now));
    g_assert_cmpmem (now.pixels, 16 * 16 * 4, expect2->pixels, 16 * 16 * 4);
  }
  /* Copy the moved square, paste it on tile 3 (at its top-left), flip and rotate tile 3. */
  g_assert_true (tsr_test_xtest_click (xtest, by_tooltip (root, "Copy Pixels")));
  clip = tsr_pixel_copy (expect2, &(TsrPixelRect) { 12, 2, 3, 3 });
  click_tile (xtest, editor, 3);
  expect3 = tsr_sphere_tileset_tile_image (loaded, 3);
  g_assert_true (tsr_test_xtest_click (xtest, by_tooltip (root, "Paste Pixels")));
  tsr_pixel_paste (expect3, clip, 0, 0);
  /* The paste selected what it pasted (one colour: flipping it would change nothing); a right
   * click drops the selection, so flip and rotate act on the whole tile. */
  {
    TsrPixelRect selection;
    double wx, wy;

    tsr_pixel_canvas_get_selection (canvas, &selection);
    g_assert_cmpuint (selection.width, ==, 3);
    tsr_pixel_canvas_pixel_point (canvas, 8, 8, &wx, &wy);
    g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), wx, wy, 8, NULL, NULL));
    g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_SECONDARY, TRUE));
    g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_SECONDARY, FALSE));
    tsr_test_ui_iterate_for (100);
    tsr_pixel_canvas_get_selection (canvas, &selection);
    g_assert_cmpuint (selection.width, ==, 0);
  }
  g_assert_true (tsr_test_xtest_click (xtest, by_tooltip (root, "Flip Horizontally")));
  tsr_pixel_flip (expect3, &(TsrPixelRect) { 0, 0, 16, 16 }, TRUE);
  g_assert_true (tsr_test_xtest_click (xtest, by_tooltip (root, "Rotate Clockwise")));
  tsr_pixel_rotate (expect3, &(TsrPixelRect) { 0, 0, 16, 16 }, TRUE, NULL);
  g_assert_true (tsr_test_xtest_click (xtest, by_tooltip (root, "Flip Vertically")));
  tsr_pixel_flip (expect3, &(TsrPixelRect) { 0, 0, 16, 16 }, FALSE);
  g_assert_cmpuint (tsr_undo_stack_get_n_entries (undo), ==, entries + 3 + 1);
  entries = tsr_undo_stack_get_n_entries (undo);

  /* A new tile at the end, animated: next tile 0, delay 6; the preview plays it. */
  g_assert_true (tsr_test_xtest_click (xtest, by_label (GTK_WIDGET (editor), "_Add")));
  g_assert_cmpuint (tsr_tileset_editor_get_current_tile (editor), ==, n);
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_type,
                                                                         GSIZE_TO_POINTER (GTK_TYPE_CHECK_BUTTON))));
  type_into (xtest, tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_name, "next-tile"), 0);
  type_into (xtest, tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_name, "delay"), 6);
  {
    const TsrSphereTile *tile = g_ptr_array_index (tsr_sphere_document_get_edited_tileset (document)->tiles, n);

    g_assert_cmpuint (tile->animated, ==, 1);
    g_assert_cmpuint (tile->next_tile, ==, 0);
    g_assert_cmpuint (tile->delay, ==, 6);
  }
  g_assert_cmpuint (tsr_tileset_editor_get_shown_tile (editor), ==, n);
  g_assert_true (tsr_test_xtest_click (xtest, by_label (GTK_WIDGET (editor), "_Play Animation")));
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (tsr_tileset_editor_get_shown_tile (editor) == n && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (10);
  /* It played on to the next tile, 0; in test.rts tile 0 is animated too (on to tile 1 after one
   * frame, and back), so the preview shows one of those two by now. */
  {
    const TsrSphereTile *zero = g_ptr_array_index (tsr_sphere_document_get_edited_tileset (document)->tiles, 0);
    guint shown = tsr_tileset_editor_get_shown_tile (editor);

    g_assert_true (shown == 0 || (zero->animated && shown == zero->next_tile));
  }
  tsr_test_ui_save_screenshot (root, screenshot_dir, "tileset-editor-animation.png");
  g_assert_true (tsr_test_xtest_click (xtest, by_label (GTK_WIDGET (editor), "_Play Animation")));
  g_assert_cmpuint (tsr_tileset_editor_get_shown_tile (editor), ==, n);

  /* Obstructions on tile 4: two segments drawn (snapped to pixel corners), the second erased. */
  click_tile (xtest, editor, 4);
  choose_tool (xtest, root, canvas, "Obstruction Segments (O)", TSR_PIXEL_TOOL_SEGMENT);
  drag_corners (xtest, canvas, 0, 8, 16, 8);
  drag_corners (xtest, canvas, 4, 0, 4, 16);
  {
    const TsrSphereTile *tile = g_ptr_array_index (tsr_sphere_document_get_edited_tileset (document)->tiles, 4);
    double wx, wy;

    g_assert_cmpuint (tile->segments->len, ==, 2);
    tsr_test_ui_save_screenshot (root, screenshot_dir, "tileset-editor-segments.png");
    tsr_pixel_canvas_pixel_point (canvas, 4, 12, &wx, &wy);
    wx -= tsr_pixel_canvas_get_zoom (canvas) / 2.0;
    g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), wx, wy, 8, NULL, NULL));
    g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_SECONDARY, TRUE));
    g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_SECONDARY, FALSE));
    tsr_test_ui_iterate_for (100);
    tile = g_ptr_array_index (tsr_sphere_document_get_edited_tileset (document)->tiles, 4);
    g_assert_cmpuint (tile->segments->len, ==, 1);

    /* The end (16, 8) dragged to a third of a pixel short of (12, 4): snapped there, one step. */
    {
      double z = tsr_pixel_canvas_get_zoom (canvas);
      guint steps = tsr_undo_stack_get_n_entries (undo);
      const TsrSphereSegment *s;

      g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), 16 * z - 2, 8 * z + 2, 8, NULL, NULL));
      g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, TRUE));
      g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), 14 * z, 6 * z, 4, NULL, NULL));
      g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), 12 * z - z / 3, 4 * z - z / 3, 4, NULL, NULL));
      g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, FALSE));
      tsr_test_ui_iterate_for (100);
      tile = g_ptr_array_index (tsr_sphere_document_get_edited_tileset (document)->tiles, 4);
      g_assert_cmpuint (tile->segments->len, ==, 1);
      s = &g_array_index (tile->segments, TsrSphereSegment, 0);
      g_assert_cmpuint (s->x1, ==, 0);
      g_assert_cmpuint (s->y1, ==, 8);
      g_assert_cmpuint (s->x2, ==, 12);
      g_assert_cmpuint (s->y2, ==, 4);
      g_assert_cmpuint (tsr_undo_stack_get_n_entries (undo), ==, steps + 1);
      tsr_test_ui_save_screenshot (root, screenshot_dir, "tileset-editor-segment-end-moved.png");
    }
  }

  tsr_test_xtest_save (xtest, window);
  saved_bytes = tsr_test_read_file (path);
  saved = tsr_sphere_tileset_parse (saved_bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (saved->tiles->len, ==, n + 1);
  for (guint i = 0; i < n; i++)
    {
      const TsrSphereTile *a = g_ptr_array_index (loaded->tiles, i), *b = g_ptr_array_index (saved->tiles, i);

      if (i == 2)
        g_assert_cmpmem (b->pixels, 16 * 16 * 4, expect2->pixels, 16 * 16 * 4);
      else if (i == 3)
        g_assert_cmpmem (b->pixels, 16 * 16 * 4, expect3->pixels, 16 * 16 * 4);
      else
        g_assert_cmpmem (b->pixels, 16 * 16 * 4, a->pixels, 16 * 16 * 4);
      g_assert_cmpuint (b->animated, ==, a->animated);
      g_assert_cmpuint (b->next_tile, ==, a->next_tile);
      g_assert_cmpuint (b->delay, ==, a->delay);
      g_assert_true (g_bytes_equal (a->name, b->name));
      if (i == 4)
        {
          const TsrSphereSegment *s = &g_array_index (b->segments, TsrSphereSegment, 0);

          g_assert_cmpuint (b->segments->len, ==, 1);
          g_assert_cmpuint (s->x1, ==, 0);
          g_assert_cmpuint (s->y1, ==, 8);
          g_assert_cmpuint (s->x2, ==, 12);
          g_assert_cmpuint (s->y2, ==, 4);
        }
      else if (saved->has_obstructions && loaded->has_obstructions)
        g_assert_cmpuint (b->segments->len, ==, a->segments->len);
    }
  {
    const TsrSphereTile *added = g_ptr_array_index (saved->tiles, n);

    g_assert_cmpuint (added->animated, ==, 1);
    g_assert_cmpuint (added->next_tile, ==, 0);
    g_assert_cmpuint (added->delay, ==, 6);
  }
  tsr_test_ui_hide_window (window);
}

static GBytes *
widget_pixels (GtkWidget  *widget,
               const char *name)
{
  g_autofree char *file = g_build_filename (screenshot_dir, name, NULL);
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  gsize stride;
  guint8 *data;

  tsr_test_ui_save_screenshot (widget, screenshot_dir, name);
  texture = gdk_texture_new_from_filename (file, &error);
  g_assert_no_error (error);
  stride = (gsize) gdk_texture_get_width (texture) * 4;
  data = g_malloc (stride * gdk_texture_get_height (texture));
  gdk_texture_download (texture, data, stride);
  return g_bytes_new_take (data, stride * gdk_texture_get_height (texture));
}

static void
test_map_reorder (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("sphere", "turbosphere_test_appended.rmp", work_dir, "rmp");
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(TsrTestXTest) xtest_tiles = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GBytes) saved_bytes = NULL;
  g_autoptr(TsrSphereMap) saved = NULL;
  g_autoptr(GError) error = NULL;
  TsrWindow *window;
  TsrSphereDocument *document;
  GtkWindow *tiles_window = NULL;
  TsrTilesetEditor *editor = NULL;
  GtkWidget *canvas;
  const TsrSphereLayer *layer;
  guint16 first;
  guint n, moved_to;
  gint64 end;

  if (path == NULL)
    return;
  window = tsr_test_ui_open_in_window (application, path, 1280, 1000, 300);
  document = TSR_SPHERE_DOCUMENT (tsr_window_get_document (window));
  canvas = tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MAP_CANVAS);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  before = widget_pixels (canvas, "tileset-editor-map-before.png");
  layer = g_ptr_array_index (tsr_sphere_document_get_map (document)->layers, 0);
  first = layer->tiles[0];
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "tileset-editor-map-window.png");
  {
    GtkWidget *button = by_label (GTK_WIDGET (window), "Edit _Tileset…");

    /* It sits under the layer form, scrolled out of sight at this size: focus it, press Return. */
    g_assert_true (gtk_widget_get_mapped (button));
    g_assert_true (gtk_widget_grab_focus (button));
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
  }
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (editor == NULL && g_get_monotonic_time () < end)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (toplevels) && editor == NULL; i++)
        {
          g_autoptr(GtkWindow) candidate = g_list_model_get_item (toplevels, i);
          GtkWidget *found = tsr_test_ui_find_widget (GTK_WIDGET (candidate), tsr_test_ui_match_type,
                                                      GSIZE_TO_POINTER (TSR_TYPE_TILESET_EDITOR));

          if (found != NULL && gtk_widget_get_mapped (found))
            {
              tiles_window = candidate;
              editor = TSR_TILESET_EDITOR (found);
            }
        }
      tsr_test_ui_iterate_for (20);
    }
  g_assert_nonnull (editor);
  xtest_tiles = tsr_test_xtest_drive (tiles_window);
  click_tile (xtest_tiles, editor, first);
  n = tsr_sphere_document_get_edited_tileset (document)->tiles->len;
  moved_to = first + 1u < n ? first + 1u : first - 1u;
  g_assert_true (tsr_test_xtest_click (xtest_tiles, by_label (GTK_WIDGET (editor), moved_to > first ? "Move _Later" : "Move _Earlier")));
  g_assert_cmpuint (tsr_tileset_editor_get_current_tile (editor), ==, moved_to);
  tsr_test_ui_save_screenshot (GTK_WIDGET (tiles_window), screenshot_dir, "tileset-editor-map-tiles.png");
  /* The cells follow their tile: the first cell now names the tile's new place. */
  g_assert_cmpuint (layer->tiles[0], ==, moved_to);
  /* Undo and redo by keys in the tileset's own window: one step, cells with it. */
  g_assert_true (tsr_test_xtest_key (xtest_tiles, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpuint (layer->tiles[0], ==, first);
  g_assert_true (tsr_test_xtest_key (xtest_tiles, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  g_assert_cmpuint (layer->tiles[0], ==, moved_to);
  gtk_window_destroy (tiles_window);
  g_clear_pointer (&xtest_tiles, tsr_test_xtest_free);
  tsr_test_ui_iterate_for (200);
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  /* The pointer off the canvas, so no hover frame is drawn. */
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (window), 1150, 900, 16, NULL, NULL));
  after = widget_pixels (canvas, "tileset-editor-map-after.png");
  g_assert_true (g_bytes_equal (before, after));
  tsr_test_xtest_save (xtest, window);
  saved_bytes = tsr_test_read_file (path);
  saved = tsr_sphere_map_parse (saved_bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (((TsrSphereLayer *) g_ptr_array_index (saved->layers, 0))->tiles[0], ==, moved_to);
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "tileset-editor-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/tileset-editor-ui/rts-tools-animation-segments", test_rts);
  g_test_add_func ("/tileset-editor-ui/map-reorder", test_map_reorder);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
