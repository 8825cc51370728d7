/* test-map-editor.c: the tile-map editor page in real windows under Xvfb. Files are opened
 * through the window's open path; strokes go through the canvas's gesture entry points, undo and
 * redo through the window's actions, saving through win.save; the saved files are read back with
 * the codecs. A generic in-test tile-map format covers the editor itself; the Wolf3D shareware
 * set and the Sphere village map cover the family panels. Screenshots go to the build folder.
 * Exits 77 without a display. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "tsr-test-ui.h"
#include "model/tsr-tile-map-memory.h"
#include "formats/sphere/tsr-sphere-map.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "model/sphere/tsr-sphere-document.h"
#include "model/wolf3d/tsr-wolf3d-commands.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "views/tsr-map-editor.h"
#include "views/sphere/tsr-sphere-panels.h"
#include "views/tsr-editor-pages.h"
#include "views/wolf3d/tsr-wolf3d-panels.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

/* --- An in-test tile-map format: "TSRMAPTEST\n", "W H\n", then H lines of W digits per layer
 * (2 layers). Tile 7 on layer 0 is "forbidden": validation reports it with its cell. --- */

#define MAP_MAGIC "TSRMAPTEST\n"
#define TEST_W 40
#define TEST_H 30
#define TEST_LAYERS 2

static TsrImage *
make_tile (guint layer, guint index)
{
  static const guint32 colours[8] = {
    0x3b6e3bff, 0x8a8a8aff, 0xa0522dff, 0x2f5f9fff, 0xc8b040ff, 0x7a3f8fff, 0x4fa0a0ff, 0xd06040ff,
  };
  TsrImage *image = tsr_image_new (16, 16);

  for (guint y = 0; y < 16; y++)
    for (guint x = 0; x < 16; x++)
      {
        guint32 pixel = colours[index % 8];

        if (layer == 1)
          pixel = (x - 7.5) * (x - 7.5) + (y - 7.5) * (y - 7.5) < 20 ? pixel : 0;
        else if (x == y)
          pixel = 0xf0f0f0ff;
        tsr_image_set_pixel (image, x, y, pixel);
      }
  return image;
}

static guint
test_map_sniff (const guint8 *data, gsize size, const char *path)
{
  return size >= strlen (MAP_MAGIC) && memcmp (data, MAP_MAGIC, strlen (MAP_MAGIC)) == 0
         ? TSR_SNIFF_CERTAIN : TSR_SNIFF_NO;
}

static gpointer
test_map_load (const char *path, GBytes *bytes, GError **error)
{
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);
  g_autofree char *text = g_strndup (data, size);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  TsrMemoryTileMap *map;

  if (g_strv_length (lines) < 2 + TEST_H * TEST_LAYERS)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, size, "%u lines expected", 2 + TEST_H * TEST_LAYERS);
      return NULL;
    }
  map = tsr_memory_tile_map_new ("test-map", TEST_W, TEST_H, TEST_LAYERS, 16, 16);
  tsr_memory_tile_map_set_layer_name (map, 0, "Ground");
  tsr_memory_tile_map_set_layer_name (map, 1, "Objects");
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *ground = g_strdup_printf ("Ground %u", i);
      g_autofree char *object = g_strdup_printf ("Object %u", i);

      tsr_memory_tile_map_add_tile (map, 0, i, ground, make_tile (0, i));
      if (i > 0)
        tsr_memory_tile_map_add_tile (map, 1, i, object, make_tile (1, i));
    }
  for (guint layer = 0; layer < TEST_LAYERS; layer++)
    for (guint y = 0; y < TEST_H; y++)
      for (guint x = 0; x < TEST_W && lines[2 + layer * TEST_H + y][x] != '\0'; x++)
        tsr_tile_map_set_tile (TSR_TILE_MAP (map), layer, x, y, lines[2 + layer * TEST_H + y][x] - '0');
  return map;
}

static GPtrArray *
test_map_save (gconstpointer data, const char *path, GError **error)
{
  TsrTileMap *map = TSR_TILE_MAP ((gpointer) data);
  GString *text = g_string_new (MAP_MAGIC);
  GPtrArray *outputs = tsr_output_files_new ();
  g_autoptr(GBytes) bytes = NULL;

  g_string_append_printf (text, "%d %d\n", TEST_W, TEST_H);
  for (guint layer = 0; layer < TEST_LAYERS; layer++)
    for (gint y = 0; y < TEST_H; y++)
      {
        for (gint x = 0; x < TEST_W; x++)
          g_string_append_c (text, '0' + tsr_tile_map_get_tile (map, layer, x, y));
        g_string_append_c (text, '\n');
      }
  bytes = g_string_free_to_bytes (text);
  g_ptr_array_add (outputs, tsr_output_file_new (path, bytes));
  return outputs;
}

static void
test_map_validate (gconstpointer data, GPtrArray *findings)
{
  TsrTileMap *map = TSR_TILE_MAP ((gpointer) data);

  for (gint y = 0; y < TEST_H; y++)
    for (gint x = 0; x < TEST_W; x++)
      if (tsr_tile_map_get_tile (map, 0, x, y) == 7)
        {
          TsrFindingPlace place = tsr_finding_place_at (-1, "layer", 0, TSR_FINDING_POINT_CELLS, x, y);

          tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, "layer 0", "forbidden tile at (%d,%d)", x, y);
        }
      else if (tsr_tile_map_get_tile (map, 0, x, y) == 6)
        /* No structured place: the "(x,y)" in the text must not be parsed back into a cell. */
        tsr_findings_add (findings, TSR_SEVERITY_WARNING, "layer 0", "discouraged tile at (%d,%d)", x, y);
}

static const char *const test_map_extensions[] = { "tsrmap", NULL };

static const TsrFormat test_map_format = {
  .id = "test-map",
  .name = "Map editor test map",
  .family = "test-map",
  .extensions = test_map_extensions,
  .sniff = test_map_sniff,
  .load = test_map_load,
  .free = g_object_unref,
  .save = test_map_save,
  .validate = test_map_validate,
};

/* The family document: a TsrTileMap that forwards to the loaded TsrMemoryTileMap, as a family
 * document forwards to its codec struct. */
#define TEST_TYPE_MAP_DOCUMENT (test_map_document_get_type ())
G_DECLARE_FINAL_TYPE (TestMapDocument, test_map_document, TEST, MAP_DOCUMENT, TsrDocument)

struct _TestMapDocument {
  TsrDocument parent_instance;
};

static TsrTileMap *
memory (gpointer self)
{
  return TSR_TILE_MAP (tsr_document_get_format_data (TSR_DOCUMENT (self)));
}

static const char *test_family (TsrTileMap *self) { return "test-map"; }
static guint test_width (TsrTileMap *self) { return tsr_tile_map_get_width (memory (self)); }
static guint test_height (TsrTileMap *self) { return tsr_tile_map_get_height (memory (self)); }
static guint test_n_layers (TsrTileMap *self) { return tsr_tile_map_get_n_layers (memory (self)); }
static const char *test_layer_name (TsrTileMap *self, guint l) { return tsr_tile_map_get_layer_name (memory (self), l); }
static gboolean test_layer_visible (TsrTileMap *self, guint l) { return tsr_tile_map_get_layer_visible (memory (self), l); }
static void test_set_layer_visible (TsrTileMap *self, guint l, gboolean v) { tsr_tile_map_set_layer_visible (memory (self), l, v); }
static void test_cell_size (TsrTileMap *self, guint *w, guint *h) { tsr_tile_map_get_cell_size (memory (self), w, h); }
static guint32 test_get_tile (TsrTileMap *self, guint l, guint x, guint y) { return tsr_tile_map_get_tile (memory (self), l, x, y); }
static void test_set_tile (TsrTileMap *self, guint l, guint x, guint y, guint32 v) { tsr_tile_map_set_tile (memory (self), l, x, y, v); }
static guint32 test_empty (TsrTileMap *self, guint l) { return tsr_tile_map_get_empty_tile (memory (self), l); }
static GArray *test_list (TsrTileMap *self, guint l) { return tsr_tile_map_list_tiles (memory (self), l); }
static const TsrImage *test_image (TsrTileMap *self, guint l, guint32 v) { return tsr_tile_map_get_tile_image (memory (self), l, v); }
static char *test_name (TsrTileMap *self, guint l, guint32 v) { return tsr_tile_map_get_tile_name (memory (self), l, v); }

static void
test_map_document_tile_map_init (TsrTileMapInterface *iface)
{
  iface->get_family = test_family;
  iface->get_width = test_width;
  iface->get_height = test_height;
  iface->get_n_layers = test_n_layers;
  iface->get_layer_name = test_layer_name;
  iface->get_layer_visible = test_layer_visible;
  iface->set_layer_visible = test_set_layer_visible;
  iface->get_cell_size = test_cell_size;
  iface->get_tile = test_get_tile;
  iface->set_tile = test_set_tile;
  iface->get_empty_tile = test_empty;
  iface->list_tiles = test_list;
  iface->get_tile_image = test_image;
  iface->get_tile_name = test_name;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestMapDocument, test_map_document, TSR_TYPE_DOCUMENT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TILE_MAP, test_map_document_tile_map_init))

static gboolean
test_map_document_attach (TsrDocument *document, GError **error)
{
  /* Visibility lives in the memory map: pass its layers-changed on. */
  g_signal_connect_object (memory (document), "layers-changed", G_CALLBACK (tsr_tile_map_layers_changed),
                           document, G_CONNECT_SWAPPED);
  return TRUE;
}

static void
test_map_document_class_init (TestMapDocumentClass *klass)
{
  TSR_DOCUMENT_CLASS (klass)->attach = test_map_document_attach;
}

static void
test_map_document_init (TestMapDocument *self)
{
}

/* --- Helpers --- */

static gboolean
match_button_label (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static GtkWidget *
find_button (GtkWidget *root, const char *label)
{
  GtkWidget *button = tsr_test_ui_find_widget (root, match_button_label, label);

  g_assert_nonnull (button);
  return button;
}

static TsrWindow *
open_in_window (const char *path)
{
  return tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
}

static TsrMapEditor *
window_editor (TsrWindow *window)
{
  TsrMapEditor *editor = TSR_MAP_EDITOR (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                      GSIZE_TO_POINTER (TSR_TYPE_MAP_EDITOR)));

  g_assert_nonnull (editor);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (editor)));
  g_assert_true (tsr_map_editor_get_document (editor) == tsr_window_get_document (window));
  return editor;
}

/* The view point at the centre of cell (X, Y). */
static void
cell_centre (TsrMapEditor *editor, gint x, gint y, double *view_x, double *view_y)
{
  TsrMapCanvas *canvas = tsr_map_editor_get_canvas (editor);
  TsrTileMap *map = tsr_map_canvas_get_map (canvas);
  TsrMapViewport viewport;
  guint cell_w, cell_h;

  tsr_tile_map_get_cell_size (map, &cell_w, &cell_h);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_view (&viewport, (x + 0.5) * cell_w, (y + 0.5) * cell_h, view_x, view_y);
}

/* A primary-button drag from cell (X0, Y0) to (X1, Y1), with motion every other cell. */
static void
drag_cells (TsrMapEditor *editor, gint x0, gint y0, gint x1, gint y1)
{
  TsrMapCanvas *canvas = tsr_map_editor_get_canvas (editor);
  gint steps = MAX (ABS (x1 - x0), ABS (y1 - y0));
  double vx, vy;

  cell_centre (editor, x0, y0, &vx, &vy);
  tsr_map_canvas_pointer_press (canvas, vx, vy, 0);
  for (gint i = 2; i < steps; i += 2)
    {
      cell_centre (editor, x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, &vx, &vy);
      tsr_map_canvas_pointer_motion (canvas, vx, vy);
    }
  cell_centre (editor, x1, y1, &vx, &vy);
  tsr_map_canvas_pointer_release (canvas, vx, vy);
}

/* A page kind registered by the test: the window must show a test-map document on it, ahead of
 * the map editor, without the window knowing the page. */
#define TEST_TYPE_PAGE (test_page_get_type ())
G_DECLARE_FINAL_TYPE (TestPage, test_page, TEST, PAGE, GtkWidget)

struct _TestPage {
  GtkWidget    parent_instance;
  TsrDocument *document;
};

static void test_page_editor_page_init (TsrEditorPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestPage, test_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_EDITOR_PAGE, test_page_editor_page_init))

static void
test_page_set_document (TsrEditorPage *page, TsrDocument *document)
{
  g_set_object (&TEST_PAGE (page)->document, document);
}

static void
test_page_editor_page_init (TsrEditorPageInterface *iface)
{
  iface->set_document = test_page_set_document;
}

static void
test_page_dispose (GObject *object)
{
  g_clear_object (&TEST_PAGE (object)->document);
  G_OBJECT_CLASS (test_page_parent_class)->dispose (object);
}

static void
test_page_class_init (TestPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = test_page_dispose;
}

static void
test_page_init (TestPage *self)
{
}

static gboolean
test_page_accepts (TsrDocument *document)
{
  return g_str_equal (tsr_document_get_format_id (document), "test-map");
}

static void
test_page_registry (void)
{
  g_autofree char *path = g_build_filename (work_dir, "generic.tsrmap", NULL);
  g_autofree char *sphere_dir = tsr_test_ui_data_dir ("sphere");
  g_autofree char *sphere = NULL;
  g_autoptr(GFile) sphere_file = NULL;
  TsrWindow *window;
  TestPage *page;
  const TsrEditorPageKind *kind;

  if (sphere_dir == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  sphere = g_build_filename (sphere_dir, "village.rmp", NULL);
  sphere_file = g_file_new_for_path (sphere);
  /* Written by the generic test. */
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  tsr_editor_pages_register ("test-page", TEST_TYPE_PAGE, 100, test_page_accepts);
  window = open_in_window (path);
  page = TEST_PAGE (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                             GSIZE_TO_POINTER (TEST_TYPE_PAGE)));
  g_assert_nonnull (page);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
  g_assert_true (page->document == tsr_window_get_document (window));

  /* Another document goes to the map editor; the test page lets go of its document. */
  g_assert_true (tsr_test_ui_open_file (window, sphere_file));
  tsr_test_ui_iterate_for (100);
  g_assert_null (page->document);
  window_editor (window);
  kind = tsr_editor_pages_lookup (tsr_window_get_document (window));
  g_assert_cmpstr (kind->name, ==, "map-editor");
  tsr_test_ui_close_window (window);
}

/* What a click on a history row does: the list box selects the row (its focus-on-click is off,
 * so the canvas keeps the keyboard). */
static void
click_history_row (TsrHistoryView *history,
                   guint           index)
{
  GtkWidget *row = tsr_history_view_get_row (history, index);

  g_assert_nonnull (row);
  g_assert_false (gtk_widget_get_focus_on_click (gtk_widget_get_parent (row)));
  gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (row)), GTK_LIST_BOX_ROW (row));
}

/* --- The generic editor on the in-test format --- */

static void
test_generic_editor (void)
{
  g_autofree char *path = g_build_filename (work_dir, "generic.tsrmap", NULL);
  GString *text = g_string_new (MAP_MAGIC);
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrTileTools *tools;
  TsrTileMap *map;
  TsrTileRect selection;
  TsrMapViewport viewport;
  g_autoptr(GError) error = NULL;
  GtkWidget *button;

  /* Ground 0 everywhere but one forbidden tile at (30, 20); objects empty. */
  g_string_append_printf (text, "%d %d\n", TEST_W, TEST_H);
  for (guint layer = 0; layer < TEST_LAYERS; layer++)
    for (gint y = 0; y < TEST_H; y++)
      {
        for (gint x = 0; x < TEST_W; x++)
          g_string_append_c (text, layer == 0 && x == 30 && y == 20 ? '7' : '0');
        g_string_append_c (text, '\n');
      }
  g_file_set_contents (path, text->str, text->len, &error);
  g_assert_no_error (error);
  g_string_free (text, TRUE);

  window = open_in_window (path);
  editor = window_editor (window);
  canvas = tsr_map_editor_get_canvas (editor);
  tools = tsr_map_editor_get_tools (editor);
  map = TSR_TILE_MAP (tsr_window_get_document (window));
  g_assert_nonnull (tools);
  g_assert_true (tsr_map_canvas_get_map (canvas) == map);
  g_assert_cmpuint (tsr_map_editor_get_n_layer_rows (editor), ==, 2);

  /* The finding names (30,20): activating it selects that cell and centres the view on it. */
  g_assert_cmpuint (tsr_map_editor_get_n_findings (editor), ==, 1);
  tsr_map_canvas_set_zoom (canvas, 3.0);
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_map_editor_activate_finding (editor, 0));
  g_assert_true (tsr_tile_tools_get_selection (tools, &selection));
  g_assert_cmpint (selection.x, ==, 30);
  g_assert_cmpint (selection.y, ==, 20);
  g_assert_cmpint (selection.width, ==, 1);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  {
    double centre_x, centre_y;

    tsr_map_viewport_to_map (&viewport, viewport.width / 2.0, viewport.height / 2.0, &centre_x, &centre_y);
    /* Centred unless the scroll range stops it at the map's edge. */
    g_assert_cmpfloat (fabs (centre_x - 30.5 * 16), <, 16);
    g_assert_cmpfloat (fabs (centre_y - 20.5 * 16), <, 16);
  }

  /* Tool bar ↔ tools, both ways. */
  button = find_button (GTK_WIDGET (editor), "_Rectangle");
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_RECTANGLE);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_FILL);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (find_button (GTK_WIDGET (editor), "_Fill"))));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
  g_signal_emit_by_name (find_button (GTK_WIDGET (editor), "_Pencil"), "clicked");
  g_signal_emit_by_name (find_button (GTK_WIDGET (editor), "3×3"), "clicked");
  g_assert_cmpint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_PENCIL);
  g_assert_cmpuint (tsr_tile_tools_get_brush_size (tools), ==, 3);
  g_signal_emit_by_name (find_button (GTK_WIDGET (editor), "1×1"), "clicked");
  g_assert_cmpuint (tsr_tile_tools_get_brush_size (tools), ==, 1);

  /* Zoom buttons act on the canvas. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "editor.zoom-in", NULL));
  g_assert_cmpfloat (tsr_map_canvas_get_zoom (canvas), >, 3.0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "editor.zoom-one", NULL));
  g_assert_cmpfloat (tsr_map_canvas_get_zoom (canvas), ==, 1.0);

  /* A pencil stroke and a rectangle; undo and redo through the window. */
  tsr_map_canvas_set_zoom (canvas, 2.0);
  tsr_map_canvas_center_on (canvas, 10 * 16, 8 * 16);
  tsr_test_ui_iterate_for (50);
  tsr_tile_tools_set_tile (tools, 3);
  drag_cells (editor, 2, 2, 12, 2);
  for (gint x = 2; x <= 12; x++)
    g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, x, 2), ==, 3);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 13, 2), ==, 0);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_RECTANGLE);
  tsr_tile_tools_set_tile (tools, 2);
  drag_cells (editor, 4, 5, 9, 8);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 4, 5), ==, 2);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 9, 8), ==, 2);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 10, 8), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 4, 5), ==, 0);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 2, 2), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 4, 5), ==, 2);
  g_assert_true (tsr_window_get_modified (window));

  /* The History page: the original state, then both actions; selecting a row jumps there. */
  {
    TsrHistoryView *history = tsr_map_editor_get_history_view (editor);
    TsrUndoStack *stack = tsr_document_get_undo_stack (tsr_window_get_document (window));

    tsr_map_editor_show_page (editor, "history");
    g_assert_cmpstr (tsr_map_editor_get_visible_page (editor), ==, "history");
    tsr_test_ui_iterate_for (50);
    g_assert_cmpuint (tsr_undo_stack_get_n_entries (stack), ==, 2);
    g_assert_cmpuint (tsr_history_view_get_n_rows (history), ==, 3);
    g_assert_cmpstr (tsr_history_view_get_row_text (history, 0), ==, "Original State");
    g_assert_cmpstr (tsr_history_view_get_row_text (history, 1), ==, tsr_undo_stack_get_entry_description (stack, 0));
    g_assert_cmpstr (tsr_history_view_get_row_text (history, 2), ==, tsr_undo_stack_get_entry_description (stack, 1));
    g_assert_true (tsr_history_view_row_is_current (history, 2));
    g_assert_false (tsr_history_view_row_is_redo (history, 2));
    g_assert_true (tsr_history_view_row_is_saved (history, 0));
    g_assert_false (tsr_history_view_row_is_saved (history, 2));

    /* Back to the original state in one step: both edits are gone, the file is clean again. */
    click_history_row (history, 0);
    g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 0);
    g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 2, 2), ==, 0);
    g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 4, 5), ==, 0);
    g_assert_false (tsr_window_get_modified (window));
    g_assert_true (tsr_history_view_row_is_current (history, 0));
    g_assert_true (tsr_history_view_row_is_redo (history, 1));
    g_assert_true (tsr_history_view_row_is_redo (history, 2));
    tsr_test_ui_iterate_for (50);
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "map-editor-history.png");

    /* Forward past both, then back to between them. */
    click_history_row (history, 2);
    g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 2);
    g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 4, 5), ==, 2);
    g_assert_true (tsr_window_get_modified (window));
    click_history_row (history, 1);
    g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 1);
    g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 2, 2), ==, 3);
    g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 4, 5), ==, 0);
    g_assert_true (tsr_history_view_row_is_current (history, 1));
    g_assert_false (tsr_history_view_row_is_redo (history, 1));
    g_assert_true (tsr_history_view_row_is_redo (history, 2));
    /* The window's undo follows the same stack, and the list follows the window's undo. */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
    g_assert_true (tsr_history_view_row_is_current (history, 2));
    g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 4, 5), ==, 2);
  }

  /* Validation re-runs after edits, once they pause: a second forbidden tile shows up. */
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_PENCIL);
  /* Two strokes 300 ms apart: 400 ms after the first nothing has run yet (the second restarted
   * the wait); it runs 400 ms after the second. */
  tsr_tile_tools_set_tile (tools, 7);
  drag_cells (editor, 15, 3, 15, 3);
  g_assert_cmpuint (tsr_map_editor_get_n_findings (editor), ==, 1);
  tsr_test_ui_iterate_for (300);
  g_assert_cmpuint (tsr_map_editor_get_n_findings (editor), ==, 1);
  drag_cells (editor, 16, 3, 16, 3);
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (tsr_map_editor_get_n_findings (editor), ==, 1);
  g_assert_true (tsr_findings_view_get_pending (tsr_map_editor_get_findings_view (editor)));
  for (guint waited = 0; waited < 5000 && tsr_findings_view_get_pending (tsr_map_editor_get_findings_view (editor)); waited += 20)
    tsr_test_ui_iterate_for (20);
  g_assert_cmpuint (tsr_map_editor_get_n_findings (editor), ==, 3);
  g_assert_cmpuint (tsr_findings_view_get_n_errors (tsr_map_editor_get_findings_view (editor)), ==, 3);
  {
    GtkWidget *tab = gtk_notebook_get_tab_label (GTK_NOTEBOOK (gtk_widget_get_ancestor (GTK_WIDGET (tsr_map_editor_get_findings_view (editor)), GTK_TYPE_NOTEBOOK)),
                                                 GTK_WIDGET (tsr_map_editor_get_findings_view (editor)));

    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (tab)), ==, "Problems (3)");
  }
  /* The finding's place is cell (15,3) on layer 0: activating it selects the cell there and
   * makes layer 0 the tools' layer. */
  tsr_tile_tools_set_layer (tools, 1);
  g_assert_cmpuint (tsr_map_editor_get_finding (editor, 0)->place.unit, ==, TSR_FINDING_POINT_CELLS);
  g_assert_true (tsr_map_editor_activate_finding (editor, 0));
  g_assert_true (tsr_tile_tools_get_selection (tools, &selection));
  g_assert_cmpint (selection.x, ==, 15);
  g_assert_cmpint (selection.y, ==, 3);
  g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, 0);
  g_assert_true (tsr_map_editor_activate_finding (editor, 1));
  g_assert_true (tsr_tile_tools_get_selection (tools, &selection));
  g_assert_cmpint (selection.x, ==, 16);
  tsr_map_editor_show_page (editor, "problems");
  tsr_test_ui_iterate_for (50);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "map-editor-problems.png");

  /* A finding without a place is not located, whatever its text says. */
  tsr_tile_tools_set_tile (tools, 6);
  drag_cells (editor, 5, 25, 5, 25);
  tsr_map_editor_refresh_findings (editor);
  g_assert_cmpuint (tsr_map_editor_get_n_findings (editor), ==, 4);
  /* Errors first, so the warning is last. */
  g_assert_cmpint (tsr_map_editor_get_finding (editor, 3)->severity, ==, TSR_SEVERITY_WARNING);
  g_assert_null (tsr_map_editor_get_finding (editor, 3)->place.kind);
  g_assert_false (tsr_map_editor_activate_finding (editor, 3));
  g_assert_true (tsr_tile_tools_get_selection (tools, &selection));
  g_assert_cmpint (selection.x, ==, 16);
  tsr_tile_tools_set_tile (tools, 0);
  drag_cells (editor, 5, 25, 5, 25);

  /* Paint the forbidden tiles over so the file saves without errors. */
  tsr_tile_tools_set_tile (tools, 1);
  drag_cells (editor, 15, 3, 15, 3);
  drag_cells (editor, 16, 3, 16, 3);
  tsr_map_canvas_center_on (canvas, 30 * 16, 20 * 16);
  drag_cells (editor, 30, 20, 30, 20);
  tsr_map_editor_refresh_findings (editor);
  g_assert_cmpuint (tsr_map_editor_get_n_findings (editor), ==, 0);

  /* Layers, top first: the first row is the objects layer; its check hides it, selecting it paints
   * there. */
  {
    GtkListBox *list = GTK_LIST_BOX (tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_LIST_BOX)));
    GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, 0);
    GtkWidget *check = tsr_test_ui_find_widget (GTK_WIDGET (row), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_CHECK_BUTTON));

    g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 1));
    gtk_list_box_select_row (list, row);
    g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, 1);
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);
    g_assert_false (tsr_tile_map_get_layer_visible (map, 1));
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
    g_assert_true (tsr_tile_map_get_layer_visible (map, 1));
    tsr_tile_tools_set_tile (tools, 4);
    drag_cells (editor, 20, 10, 24, 10);
    g_assert_cmpuint (tsr_tile_map_get_tile (map, 1, 22, 10), ==, 4);
    g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 22, 10), ==, 0);
    tsr_tile_tools_set_layer (tools, 0);
    g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 1));
  }

  /* The inspector describes a one-cell selection on every layer. */
  selection = (TsrTileRect) { 22, 10, 1, 1 };
  tsr_tile_tools_set_selection (tools, &selection);
  tsr_map_editor_show_page (editor, "inspector");
  g_assert_cmpstr (tsr_map_editor_get_visible_page (editor), ==, "inspector");
  /* The painted stroke, rectangle, objects row and selection all in view. */
  tsr_map_canvas_center_on (canvas, 16 * 16, 10 * 16);
  tsr_test_ui_iterate_for (50);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "map-editor-generic.png");

  /* Save through the window; read back with the codec: exactly the painted cells differ. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  tsr_test_ui_iterate_for (100);
  g_assert_false (tsr_window_get_modified (window));
  /* The History page marks the saved state: now the last row. */
  {
    TsrHistoryView *history = tsr_map_editor_get_history_view (editor);
    guint last = tsr_history_view_get_n_rows (history) - 1;

    g_assert_true (tsr_history_view_row_is_saved (history, last));
    g_assert_true (tsr_history_view_row_is_current (history, last));
    g_assert_false (tsr_history_view_row_is_saved (history, 0));
  }
  {
    g_autofree char *contents = NULL;
    gsize length = 0;
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(TsrMemoryTileMap) saved = NULL;

    g_file_get_contents (path, &contents, &length, &error);
    g_assert_no_error (error);
    bytes = g_bytes_new (contents, length);
    saved = test_map_load (path, bytes, &error);
    g_assert_no_error (error);
    for (guint layer = 0; layer < TEST_LAYERS; layer++)
      for (gint y = 0; y < TEST_H; y++)
        for (gint x = 0; x < TEST_W; x++)
          {
            guint32 expected = 0;

            if (layer == 0 && y == 2 && x >= 2 && x <= 12)
              expected = 3;
            if (layer == 0 && x >= 4 && x <= 9 && y >= 5 && y <= 8)
              expected = 2;
            if (layer == 0 && ((x == 15 && y == 3) || (x == 16 && y == 3) || (x == 30 && y == 20)))
              expected = 1;
            if (layer == 1 && y == 10 && x >= 20 && x <= 24)
              expected = 4;
            g_assert_cmpuint (tsr_tile_map_get_tile (TSR_TILE_MAP (saved), layer, x, y), ==, expected);
          }
  }
  tsr_test_ui_close_window (window);
}

/* --- Wolf3D: the shareware set, level 1 --- */

static const char *const wolf_files[] = {
  "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1",
  "VGAHEAD.WL1", "VSWAP.WL1", NULL,
};

#define WOLF_WALL 1

static gboolean
in_wolf_pencil (gint x, gint y)
{
  return y == 33 && x >= 28 && x <= 40;
}

static gboolean
in_wolf_rectangle (gint x, gint y)
{
  return x >= 7 && x <= 12 && y >= 30 && y <= 34;
}

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
test_wolf3d_editor (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrTileTools *tools;
  TsrTileMap *map;
  TsrWolfDocument *document;
  TsrWolf3dPanels *panels;
  TsrWolf3dSet *original, *saved;
  TsrTileRect selection;
  guint n_levels;

  if (source == NULL)
    {
      g_test_skip ("no Wolf3D test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, wolf_files, work_dir, "wolf3d");
  path = g_build_filename (dir, "MAPHEAD.WL1", NULL);
  original = load_wolf_set (source);

  window = open_in_window (path);
  editor = window_editor (window);
  document = TSR_WOLF_DOCUMENT (tsr_window_get_document (window));
  canvas = tsr_map_editor_get_canvas (editor);
  panels = TSR_WOLF3D_PANELS (tsr_map_editor_get_family_panels (editor));
  g_assert_nonnull (panels);
  n_levels = tsr_wolf_document_get_n_levels (document);
  g_assert_cmpuint (n_levels, ==, original->maps->levels->len);

  /* The canvas shows level 1's own map: planes as layers, the area codes hidden. */
  map = tsr_map_editor_get_map (editor);
  g_assert_true (map == TSR_TILE_MAP (tsr_wolf_document_get_level_map (document, 0)));
  g_assert_true (tsr_map_canvas_get_map (canvas) == map);
  g_assert_cmpuint (tsr_map_editor_get_n_layer_rows (editor), ==, TSR_WOLF_N_LAYERS);
  g_assert_false (tsr_tile_map_get_layer_visible (map, TSR_WOLF_LAYER_AREAS));
  g_assert_cmpuint (tsr_wolf3d_panels_get_n_object_items (panels), >, 20);
  tools = tsr_map_editor_get_tools (editor);
  g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, TSR_WOLF_LAYER_ARCHITECTURE);

  /* Walls with the pencil and a rectangle, through the canvas's gesture entry points. */
  tsr_map_canvas_set_zoom (canvas, 0.5);
  tsr_map_canvas_center_on (canvas, 24 * 64, 32 * 64);
  tsr_test_ui_iterate_for (100);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_PENCIL);
  tsr_tile_tools_set_brush_size (tools, 1);
  tsr_tile_tools_set_tile (tools, WOLF_WALL);
  drag_cells (editor, 28, 33, 40, 33);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_RECTANGLE);
  drag_cells (editor, 12, 34, 7, 30);
  for (gint y = 0; y < 64; y++)
    for (gint x = 0; x < 64; x++)
      if (in_wolf_pencil (x, y) || in_wolf_rectangle (x, y))
        g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, x, y), ==, WOLF_WALL);

  /* Undo the rectangle, redo it; the window title shows the change. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 10, 32), ==,
                    ((TsrWolf3dLevel *) g_ptr_array_index (original->maps->levels, 0))->planes[0][32 * 64 + 10]);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 10, 32), !=, WOLF_WALL);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 30, 33), ==, WOLF_WALL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 10, 32), ==, WOLF_WALL);
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));

  /* The area-code overlay is the third layer's visibility: a view setting, not an edit. */
  {
    GtkListBox *list = GTK_LIST_BOX (tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_LIST_BOX)));
    GtkWidget *check = tsr_test_ui_find_widget (GTK_WIDGET (gtk_list_box_get_row_at_index (list, TSR_WOLF_N_LAYERS - 1 - TSR_WOLF_LAYER_AREAS)), tsr_test_ui_match_type,
                                    GSIZE_TO_POINTER (GTK_TYPE_CHECK_BUTTON));
    guint depth = tsr_undo_stack_get_depth (tsr_document_get_undo_stack (TSR_DOCUMENT (document)));

    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
    g_assert_true (tsr_tile_map_get_layer_visible (map, TSR_WOLF_LAYER_AREAS));
    g_assert_cmpuint (tsr_undo_stack_get_depth (tsr_document_get_undo_stack (TSR_DOCUMENT (document))), ==, depth);
  }

  /* Screenshots: zoomed in with a selection, and the whole level fitted (area codes shown). */
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_SELECT);
  selection = (TsrTileRect) { 28, 32, 13, 3 };
  tsr_tile_tools_set_selection (tools, &selection);
  tsr_map_canvas_set_zoom (canvas, 0.75);
  tsr_map_canvas_center_on (canvas, 26 * 64, 33 * 64);
  tsr_map_editor_show_page (editor, "objects");
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "map-editor-wolf3d-zoomed.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "editor.zoom-fit", NULL));
  tsr_map_editor_show_page (editor, "levels");
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "map-editor-wolf3d-fit.png");
  tsr_tile_map_set_layer_visible (map, TSR_WOLF_LAYER_AREAS, FALSE);
  tsr_tile_tools_set_selection (tools, NULL);

  /* Save into the copy; the codec reads back exactly the painted walls on level 1's plane 0. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  tsr_test_ui_iterate_for (100);
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_false (tsr_window_get_modified (window));
  saved = load_wolf_set (dir);
  g_assert_cmpuint (saved->maps->levels->len, ==, original->maps->levels->len);
  for (guint i = 0; i < original->maps->levels->len; i++)
    {
      const TsrWolf3dLevel *before = g_ptr_array_index (original->maps->levels, i);
      const TsrWolf3dLevel *after = g_ptr_array_index (saved->maps->levels, i);

      if (before == NULL)
        {
          g_assert_null (after);
          continue;
        }
      g_assert_cmpstr (before->name, ==, after->name);
      g_assert_cmpuint (before->width, ==, after->width);
      for (guint plane = 0; plane < TSR_WOLF3D_PLANES; plane++)
        for (gint y = 0; y < before->height; y++)
          for (gint x = 0; x < before->width; x++)
            {
              guint16 expected = before->planes[plane][y * before->width + x];

              if (i == 0 && plane == 0 && (in_wolf_pencil (x, y) || in_wolf_rectangle (x, y)))
                expected = WOLF_WALL;
              g_assert_cmpuint (after->planes[plane][y * before->width + x], ==, expected);
            }
    }
  tsr_wolf3d_set_free (saved);

  /* An object from the palette lands on plane 1. */
  {
    g_autoptr(GArray) objects = tsr_tile_map_list_tiles (map, TSR_WOLF_LAYER_OBJECTS);
    guint32 code = g_array_index (objects, guint32, objects->len / 2);

    tsr_wolf3d_panels_choose_object (panels, code);
    g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, TSR_WOLF_LAYER_OBJECTS);
    g_assert_cmpint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_PENCIL);
    drag_cells (editor, 30, 35, 30, 35);
    g_assert_cmpuint (tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_OBJECTS, 30, 35), ==, code);
    /* The palette shows the chosen object, and follows a pick. */
    g_assert_cmpuint (tsr_wolf3d_panels_get_chosen_object (panels), ==, code);
    tsr_tile_tools_set_tile (tools, g_array_index (objects, guint32, 0));
    g_assert_cmpuint (tsr_wolf3d_panels_get_chosen_object (panels), ==, g_array_index (objects, guint32, 0));
    g_assert_true (tsr_document_undo (TSR_DOCUMENT (document)));
  }

  /* A door in open floor is a finding on level 1; activating it from another level goes back
   * to level 1 and selects the door's cell. */
  {
    TsrTileRect selected;
    guint found = G_MAXUINT;

    tsr_tile_tools_set_layer (tools, TSR_WOLF_LAYER_ARCHITECTURE);
    tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_PENCIL);
    tsr_tile_tools_set_tile (tools, 90);
    tsr_map_canvas_center_on (canvas, 10 * 64, 44 * 64);
    drag_cells (editor, 10, 44, 10, 44);
    g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, 10, 44), ==, 90);
    tsr_wolf_document_set_current_level (document, 2);
    g_assert_true (tsr_map_editor_get_map (editor) == TSR_TILE_MAP (tsr_wolf_document_get_level_map (document, 2)));
    tsr_map_editor_refresh_findings (editor);
    for (guint i = 0; i < tsr_map_editor_get_n_findings (editor); i++)
      if (strstr (tsr_map_editor_get_finding (editor, i)->what, "door at (10,44)") != NULL)
        found = i;
    g_assert_cmpuint (found, !=, G_MAXUINT);
    g_assert_true (tsr_map_editor_activate_finding (editor, found));
    g_assert_cmpuint (tsr_wolf_document_get_current_level (document), ==, 0);
    g_assert_true (tsr_map_editor_get_map (editor) == map);
    tools = tsr_map_editor_get_tools (editor);
    g_assert_true (tsr_tile_tools_get_selection (tools, &selected));
    g_assert_cmpint (selected.x, ==, 10);
    g_assert_cmpint (selected.y, ==, 44);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));
  }

  /* Levels: switching, duplicate, rename, move, add, delete, each undone. */
  {
    GtkListBox *list = tsr_wolf3d_panels_get_level_list (panels);

    g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 0));
    gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, 2));
    g_assert_cmpuint (tsr_wolf_document_get_current_level (document), ==, 2);
    g_assert_true (tsr_map_editor_get_map (editor) == TSR_TILE_MAP (tsr_wolf_document_get_level_map (document, 2)));
    g_assert_true (tsr_map_canvas_get_map (canvas) == tsr_map_editor_get_map (editor));

    g_assert_true (tsr_wolf3d_panels_duplicate_level (panels));
    g_assert_cmpuint (tsr_wolf_document_get_n_levels (document), ==, n_levels + 1);
    g_assert_cmpuint (tsr_wolf_document_get_current_level (document), ==, 3);
    g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 3));
    g_assert_true (tsr_wolf3d_panels_rename_level (panels, "My level"));
    g_assert_cmpstr (tsr_wolf_level_map_get_name (tsr_wolf_document_get_level_map (document, 3)), ==, "My level");
    g_assert_true (tsr_wolf3d_panels_move_level (panels, -1));
    g_assert_cmpstr (tsr_wolf_level_map_get_name (tsr_wolf_document_get_level_map (document, 2)), ==, "My level");
    g_assert_true (tsr_wolf3d_panels_add_level (panels));
    g_assert_cmpuint (tsr_wolf_document_get_n_levels (document), ==, n_levels + 2);
    g_assert_true (tsr_wolf3d_panels_delete_level (panels));
    g_assert_cmpuint (tsr_wolf_document_get_n_levels (document), ==, n_levels + 1);
    for (guint i = 0; i < 5; i++)
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));
    g_assert_cmpstr (tsr_wolf_level_map_get_name (tsr_wolf_document_get_level_map (document, 2)), ==,
                     ((TsrWolf3dLevel *) g_ptr_array_index (original->maps->levels, 2))->name);
    g_assert_cmpuint (tsr_wolf_document_get_n_levels (document), ==, n_levels);
  }

  tsr_wolf3d_set_free (original);
  tsr_test_ui_close_window (window);
}


/* --- Sphere: the village map --- */

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

static gboolean
in_sphere_pencil (gint x, gint y)
{
  return y == 5 && x >= 3 && x <= 10;
}

static gboolean
in_sphere_rectangle (gint x, gint y)
{
  return x >= 20 && x <= 24 && y >= 20 && y <= 23;
}

/* A press and release at map pixels, through the canvas's gesture entry points. */
static void
drag_pixels (TsrMapEditor *editor, double x0, double y0, double x1, double y1)
{
  TsrMapCanvas *canvas = tsr_map_editor_get_canvas (editor);
  TsrMapViewport viewport;
  double vx, vy;

  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_view (&viewport, x0, y0, &vx, &vy);
  tsr_map_canvas_pointer_press (canvas, vx, vy, 0);
  tsr_map_viewport_to_view (&viewport, (x0 + x1) / 2, (y0 + y1) / 2, &vx, &vy);
  tsr_map_canvas_pointer_motion (canvas, vx, vy);
  tsr_map_viewport_to_view (&viewport, x1, y1, &vx, &vy);
  tsr_map_canvas_pointer_motion (canvas, vx, vy);
  tsr_map_canvas_pointer_release (canvas, vx, vy);
}

static void
commit_entry (TsrSpherePanels *panels, const char *name, const char *text)
{
  GtkWidget *entry = tsr_sphere_panels_get_field (panels, name);

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
}

static void
test_sphere_editor (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrTileTools *tools;
  TsrTileMap *map;
  TsrSphereDocument *document;
  TsrSpherePanels *panels;
  g_autoptr(TsrSphereMap) original = NULL;
  g_autoptr(TsrSphereMap) saved = NULL;
  g_autoptr(GArray) tiles = NULL;
  guint32 tile;
  guint index = 0, n_entities;

  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, sphere_files, work_dir, "sphere");
  path = g_build_filename (dir, "village.rmp", NULL);
  original = load_sphere_map (source);

  window = open_in_window (path);
  editor = window_editor (window);
  document = TSR_SPHERE_DOCUMENT (tsr_window_get_document (window));
  canvas = tsr_map_editor_get_canvas (editor);
  map = tsr_map_editor_get_map (editor);
  g_assert_true (map == TSR_TILE_MAP (document));
  panels = TSR_SPHERE_PANELS (tsr_map_editor_get_family_panels (editor));
  g_assert_nonnull (panels);
  g_assert_cmpuint (tsr_map_editor_get_n_layer_rows (editor), ==, 3);
  n_entities = tsr_sphere_document_get_n_entities (document);
  g_assert_cmpuint (n_entities, ==, original->entities->len);
  tools = tsr_map_editor_get_tools (editor);

  /* Paint on layer 1 with a tile that differs from everything there. */
  tsr_tile_tools_set_layer (tools, 1);
  tiles = tsr_tile_map_list_tiles (map, 1);
  tile = g_array_index (tiles, guint32, 7);
  tsr_map_canvas_set_zoom (canvas, 2.0);
  tsr_map_canvas_center_on (canvas, 14 * 16, 14 * 16);
  tsr_test_ui_iterate_for (100);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_PENCIL);
  tsr_tile_tools_set_brush_size (tools, 1);
  tsr_tile_tools_set_tile (tools, tile);
  drag_cells (editor, 3, 5, 10, 5);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_RECTANGLE);
  drag_cells (editor, 20, 20, 24, 23);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 1, 22, 21), ==, tile);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 1, 5, 5), ==, tile);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 1, 22, 21), ==,
                    ((TsrSphereLayer *) g_ptr_array_index (original->layers, 1))->tiles[21 * 40 + 22]);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 1, 5, 5), ==, tile);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 1, 22, 21), ==, tile);

  /* A person: placed with a click, named in the inspector, dragged 32 pixels right. */
  tsr_map_editor_show_page (editor, "entities");
  tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_PERSON);
  g_assert_false (gtk_widget_is_sensitive (find_button (GTK_WIDGET (editor), "_Pencil")));
  drag_pixels (editor, 100, 120, 100, 120);
  g_assert_cmpuint (tsr_sphere_document_get_n_entities (document), ==, n_entities + 1);
  g_assert_cmpint (tsr_sphere_panels_get_selection (panels, &index, NULL), ==, TSR_SPHERE_SELECTION_ENTITY);
  g_assert_cmpuint (index, ==, n_entities);
  commit_entry (panels, "name", "watchman");
  commit_entry (panels, "on_activate_talk", "Talk(\"Halt!\")");
  tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_SELECT);
  drag_pixels (editor, 100, 118, 132, 118);
  {
    const TsrSphereEntity *person = tsr_sphere_document_get_entity (document, n_entities);

    g_assert_cmpuint (person->x, ==, 132);
    g_assert_cmpuint (person->y, ==, 120);
    g_assert_cmpuint (person->layer, ==, 1);
  }
  /* The drag is one undo step. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (tsr_sphere_document_get_entity (document, n_entities)->x, ==, 100);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpuint (tsr_sphere_document_get_entity (document, n_entities)->x, ==, 132);

  /* A zone: dragged out, then resized by its bottom-right corner; its function set. */
  tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_ZONE);
  drag_pixels (editor, 160, 160, 224, 208);
  g_assert_cmpuint (tsr_sphere_document_get_n_zones (document), ==, 1);
  g_assert_cmpint (tsr_sphere_panels_get_selection (panels, &index, NULL), ==, TSR_SPHERE_SELECTION_ZONE);
  tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_SELECT);
  drag_pixels (editor, 224, 208, 240, 224);
  {
    const TsrSphereZone *zone = tsr_sphere_document_get_zone (document, 0);

    g_assert_cmpuint (MIN (zone->x1, zone->x2), ==, 160);
    g_assert_cmpuint (MAX (zone->x1, zone->x2), ==, 240);
    g_assert_cmpuint (MAX (zone->y1, zone->y2), ==, 224);
  }
  commit_entry (panels, "function", "EnterWell()");
  /* A trigger placed and deleted again. */
  tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_TRIGGER);
  drag_pixels (editor, 300, 300, 300, 300);
  g_assert_cmpuint (tsr_sphere_document_get_n_entities (document), ==, n_entities + 2);
  /* The Delete key on the canvas deletes it (through the panels' key controller). */
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (canvas));
    gboolean handled = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
      {
        g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

        if (GTK_IS_EVENT_CONTROLLER_KEY (controller)
            && gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
          g_signal_emit_by_name (controller, "key-pressed", GDK_KEY_Delete, 0, 0, &handled);
      }
    g_assert_true (handled);
  }
  g_assert_cmpuint (tsr_sphere_document_get_n_entities (document), ==, n_entities + 1);
  g_assert_false (tsr_sphere_panels_delete_selection (panels));

  /* Screenshots: zoomed in on the new person and zone (zone selected), and the whole map. */
  tsr_sphere_panels_select (panels, TSR_SPHERE_SELECTION_ZONE, 0, 0);
  tsr_map_canvas_set_zoom (canvas, 3.0);
  tsr_map_canvas_center_on (canvas, 170, 170);
  tsr_map_editor_show_page (editor, "inspector");
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "map-editor-sphere-zoomed.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "editor.zoom-fit", NULL));
  tsr_map_editor_show_page (editor, "layers");
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "map-editor-sphere-fit.png");
  tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_TILES);
  g_assert_true (gtk_widget_is_sensitive (find_button (GTK_WIDGET (editor), "_Pencil")));

  /* Save into the copy and read it back with the codec. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  tsr_test_ui_iterate_for (100);
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_false (tsr_window_get_modified (window));
  saved = load_sphere_map (dir);
  g_assert_cmpuint (saved->layers->len, ==, original->layers->len);
  for (guint l = 0; l < original->layers->len; l++)
    {
      const TsrSphereLayer *before = g_ptr_array_index (original->layers, l);
      const TsrSphereLayer *after = g_ptr_array_index (saved->layers, l);

      g_assert_cmpuint (before->width, ==, after->width);
      g_assert_cmpuint (before->height, ==, after->height);
      for (gint y = 0; y < before->height; y++)
        for (gint x = 0; x < before->width; x++)
          {
            guint16 expected = before->tiles[y * before->width + x];

            if (l == 1 && (in_sphere_pencil (x, y) || in_sphere_rectangle (x, y)))
              expected = (guint16) tile;
            g_assert_cmpuint (after->tiles[y * before->width + x], ==, expected);
          }
    }
  g_assert_cmpuint (saved->entities->len, ==, original->entities->len + 1);
  {
    const TsrSphereEntity *person = g_ptr_array_index (saved->entities, original->entities->len);
    const TsrSphereZone *zone = g_ptr_array_index (saved->zones, 0);
    g_autofree char *name = tsr_sphere_string_to_utf8 (person->name);
    g_autofree char *talk = tsr_sphere_string_to_utf8 (g_ptr_array_index (person->scripts, 3));
    g_autofree char *function = tsr_sphere_string_to_utf8 (zone->function);

    g_assert_cmpuint (person->type, ==, TSR_SPHERE_ENTITY_PERSON);
    g_assert_cmpstr (name, ==, "watchman");
    g_assert_cmpstr (talk, ==, "Talk(\"Halt!\")");
    g_assert_cmpuint (person->x, ==, 132);
    g_assert_cmpuint (saved->zones->len, ==, 1);
    g_assert_cmpuint (zone->x1, ==, 160);
    g_assert_cmpuint (zone->y1, ==, 160);
    g_assert_cmpuint (zone->x2, ==, 240);
    g_assert_cmpuint (zone->y2, ==, 224);
    g_assert_cmpuint (zone->layer, ==, 1);
    g_assert_cmpstr (function, ==, "EnterWell()");
  }

  /* A second "watchman" makes a finding on the new person; activating it selects the person
   * and the cells under it. */
  {
    const TsrSphereEntity *first = tsr_sphere_document_get_entity (document, 0);
    g_autofree char *first_name = tsr_sphere_string_to_utf8 (first->name);
    g_autofree char *where = g_strdup_printf ("entity %u", n_entities);
    TsrTileRect selected;
    guint found = G_MAXUINT;

    g_assert_cmpuint (first->type, ==, TSR_SPHERE_ENTITY_PERSON);
    tsr_sphere_panels_select (panels, TSR_SPHERE_SELECTION_ENTITY, n_entities, 0);
    commit_entry (panels, "name", first_name);
    tsr_sphere_panels_select (panels, TSR_SPHERE_SELECTION_NONE, 0, 0);
    tsr_map_editor_refresh_findings (editor);
    for (guint i = 0; i < tsr_map_editor_get_n_findings (editor); i++)
      if (g_strcmp0 (tsr_map_editor_get_finding (editor, i)->where, where) == 0)
        found = i;
    g_assert_cmpuint (found, !=, G_MAXUINT);
    g_assert_true (tsr_map_editor_activate_finding (editor, found));
    g_assert_cmpint (tsr_sphere_panels_get_selection (panels, &index, NULL), ==, TSR_SPHERE_SELECTION_ENTITY);
    g_assert_cmpuint (index, ==, n_entities);
    g_assert_true (tsr_tile_tools_get_selection (tools, &selected));
    g_assert_cmpint (selected.x, ==, 132 / 16);
    g_assert_cmpint (selected.y, ==, 120 / 16);
    g_assert_true (tsr_document_undo (TSR_DOCUMENT (document)));
    g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));
  }

  /* An obstruction segment on layer 1: drawn out, picked at its middle, dragged, deleted. */
  {
    const TsrSphereLayer *layer;
    const TsrSphereSegment *segment;

    tsr_tile_tools_set_layer (tools, 1);
    tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_SEGMENT);
    drag_pixels (editor, 320, 96, 384, 96);
    layer = tsr_sphere_document_get_layer (document, 1);
    g_assert_cmpuint (layer->segments->len, ==, 1);
    g_assert_cmpint (tsr_sphere_panels_get_selection (panels, &index, NULL), ==, TSR_SPHERE_SELECTION_SEGMENT);
    /* Its end points are fields of the inspector (issue 19): Enter commits one undo step, a
     * value the file cannot hold is refused and shown back. */
    {
      TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
      guint depth = tsr_undo_stack_get_depth (stack);
      GtkWidget *end_x = tsr_sphere_panels_get_field (panels, "segment-x2");

      g_assert_true (GTK_IS_ENTRY (end_x));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (end_x)), ==, "384");
      commit_entry (panels, "segment-x2", "400");
      segment = &g_array_index (tsr_sphere_document_get_layer (document, 1)->segments, TsrSphereSegment, 0);
      g_assert_cmpuint (segment->x2, ==, 400);
      g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
      commit_entry (panels, "segment-y1", "-3");
      g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tsr_sphere_panels_get_field (panels, "segment-y1"))), ==, "96");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (end_x)), ==, "384");
    }
    tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_SELECT);
    tsr_sphere_panels_select (panels, TSR_SPHERE_SELECTION_NONE, 0, 0);
    drag_pixels (editor, 352, 97, 352, 113);
    g_assert_cmpint (tsr_sphere_panels_get_selection (panels, &index, NULL), ==, TSR_SPHERE_SELECTION_SEGMENT);
    segment = &g_array_index (tsr_sphere_document_get_layer (document, 1)->segments, TsrSphereSegment, 0);
    g_assert_cmpuint (segment->y1, ==, 112);
    g_assert_cmpuint (segment->x2, ==, 384);
    g_assert_true (tsr_sphere_panels_delete_selection (panels));
    g_assert_cmpuint (tsr_sphere_document_get_layer (document, 1)->segments->len, ==, 0);
    while (tsr_document_get_modified (TSR_DOCUMENT (document)))
      g_assert_true (tsr_document_undo (TSR_DOCUMENT (document)));
    tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_TILES);
  }

  /* Visibility is stored in Sphere maps: the layer row's check is an undoable edit (layer 2 is the
   * top row). */
  {
    GtkListBox *list = GTK_LIST_BOX (tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_LIST_BOX)));
    GtkWidget *check = tsr_test_ui_find_widget (GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0)), tsr_test_ui_match_type,
                                    GSIZE_TO_POINTER (GTK_TYPE_CHECK_BUTTON));

    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);
    g_assert_false (tsr_tile_map_get_layer_visible (map, 2));
    g_assert_true (tsr_document_get_modified (TSR_DOCUMENT (document)));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    g_assert_true (tsr_tile_map_get_layer_visible (map, 2));
    g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  }

  /* Layer actions (each undone): duplicate, rename, properties, delete. */
  {
    TsrSphereLayerProperties properties;

    g_assert_true (tsr_sphere_panels_duplicate_layer (panels));
    g_assert_cmpuint (tsr_map_editor_get_n_layer_rows (editor), ==, 4);
    g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, 2);
    commit_entry (panels, "layer-name", "Shadows");
    g_assert_cmpstr (tsr_tile_map_get_layer_name (map, 2), ==, "Shadows");
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (tsr_sphere_panels_get_field (panels, "layer-parallax-x")), 0.5);
    tsr_sphere_document_get_layer_properties (document, 2, &properties);
    g_assert_cmpfloat (properties.parallax_x, ==, 0.5f);
    gtk_check_button_set_active (GTK_CHECK_BUTTON (tsr_sphere_panels_get_field (panels, "layer-reflective")), TRUE);
    tsr_sphere_document_get_layer_properties (document, 2, &properties);
    g_assert_cmpuint (properties.reflective, ==, 1);
    g_assert_true (tsr_sphere_panels_move_layer (panels, 1));
    g_assert_cmpstr (tsr_tile_map_get_layer_name (map, 3), ==, "Shadows");
    g_assert_true (tsr_sphere_panels_delete_layer (panels));
    g_assert_cmpuint (tsr_map_editor_get_n_layer_rows (editor), ==, 3);
    while (tsr_document_get_modified (TSR_DOCUMENT (document)))
      g_assert_true (tsr_document_undo (TSR_DOCUMENT (document)));
    g_assert_cmpuint (tsr_map_editor_get_n_layer_rows (editor), ==, 3);
    g_assert_cmpstr (tsr_tile_map_get_layer_name (map, 2), ==, "Top");
  }
  tsr_test_ui_close_window (window);
}

/* A click at map pixel (X, Y) with modifier STATE, through the canvas's gesture entry points. */
static void
click_pixels (TsrMapEditor *editor, double x, double y, GdkModifierType state)
{
  TsrMapCanvas *canvas = tsr_map_editor_get_canvas (editor);
  TsrMapViewport viewport;
  double vx, vy;

  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_view (&viewport, x, y, &vx, &vy);
  tsr_map_canvas_pointer_press (canvas, vx, vy, state);
  tsr_map_canvas_pointer_release (canvas, vx, vy);
}

static char *
person_spriteset (TsrSphereDocument *document, guint index)
{
  return tsr_sphere_string_to_utf8 (tsr_sphere_document_get_entity (document, index)->spriteset);
}

/* Issue 12: three persons of the village selected with Shift+click, one field set in the property
 * inspector for all of them, one undo; select similar and find by property. */
static void
test_sphere_multi_selection (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrSphereDocument *document;
  TsrSpherePanels *panels;
  TsrPropertyInspector *inspector;
  TsrUndoStack *stack;
  guint chosen[3], n_chosen = 0, n_selected = 0, depth;
  char *old_spritesets[3];
  const guint *selected;
  GtkWidget *name_entry, *spriteset_entry, *x_entry;

  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, sphere_files, work_dir, "sphere-multi");
  path = g_build_filename (dir, "village.rmp", NULL);
  window = open_in_window (path);
  editor = window_editor (window);
  document = TSR_SPHERE_DOCUMENT (tsr_window_get_document (window));
  panels = TSR_SPHERE_PANELS (tsr_map_editor_get_family_panels (editor));
  inspector = tsr_sphere_panels_get_property_inspector (panels);
  stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  tsr_map_editor_show_page (editor, "entities");
  tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_SELECT);
  tsr_map_canvas_set_zoom (tsr_map_editor_get_canvas (editor), 1.0);
  tsr_test_ui_iterate_for (100);

  /* Three persons that a click at their centre picks (nothing drawn over them there). */
  for (guint i = 0; i < tsr_sphere_document_get_n_entities (document) && n_chosen < 3; i++)
    {
      TsrTileRect box;
      gint cx, cy;

      if (tsr_sphere_document_get_entity (document, i)->type != TSR_SPHERE_ENTITY_PERSON)
        continue;
      g_assert_true (tsr_sphere_document_get_entity_bounds (document, i, &box));
      cx = box.x + (gint) box.width / 2;
      cy = box.y + (gint) box.height / 2;
      if (tsr_sphere_document_entity_at (document, -1, cx, cy) != (gint) i)
        continue;
      click_pixels (editor, cx, cy, n_chosen == 0 ? 0 : GDK_SHIFT_MASK);
      old_spritesets[n_chosen] = person_spriteset (document, i);
      chosen[n_chosen++] = i;
    }
  g_assert_cmpuint (n_chosen, ==, 3);
  selected = tsr_sphere_panels_get_selected (panels, &n_selected);
  g_assert_cmpuint (n_selected, ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (selected[i], ==, chosen[i]);
  tsr_map_editor_show_page (editor, "inspector");
  tsr_test_ui_iterate_for (50);

  /* The persons have different names: the name entry is empty and says "Mixed". */
  name_entry = tsr_property_inspector_get_editor (inspector, "name");
  g_assert_true (GTK_IS_ENTRY (name_entry));
  g_assert_true (gtk_widget_is_drawable (name_entry));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name_entry)), ==, "");
  g_assert_cmpstr (gtk_entry_get_placeholder_text (GTK_ENTRY (name_entry)), ==, "Mixed");

  /* One field on three persons in one command (Enter commits). */
  depth = tsr_undo_stack_get_depth (stack);
  commit_entry (panels, "spriteset", "ghost.rss");
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
  g_assert_cmpstr (tsr_undo_stack_get_undo_description (stack), ==, "Set Spriteset");
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *now = person_spriteset (document, chosen[i]);
      g_assert_cmpstr (now, ==, "ghost.rss");
    }
  spriteset_entry = tsr_property_inspector_get_editor (inspector, "spriteset");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spriteset_entry)), ==, "ghost.rss");
  tsr_test_ui_iterate_for (50);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "map-editor-sphere-multi.png");

  /* One undo restores each person's own spriteset. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *now = person_spriteset (document, chosen[i]);
      g_assert_cmpstr (now, ==, old_spritesets[i]);
    }
  g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));

  /* Leaving an entry commits it too; a refused value is reported and shown back. */
  x_entry = tsr_property_inspector_get_editor (inspector, "x");
  gtk_widget_grab_focus (x_entry);
  tsr_test_ui_iterate_for (20);
  gtk_editable_set_text (GTK_EDITABLE (x_entry), "48");
  gtk_widget_grab_focus (spriteset_entry);
  tsr_test_ui_iterate_for (20);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (tsr_sphere_document_get_entity (document, chosen[i])->x, ==, 48);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
  commit_entry (panels, "x", "70000");
  g_assert_nonnull (tsr_property_inspector_get_error (inspector));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (x_entry)), ==, "48");
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));

  /* Shift+click on a selected person takes it out again. */
  {
    TsrTileRect box;

    g_assert_true (tsr_sphere_document_get_entity_bounds (document, chosen[1], &box));
    click_pixels (editor, box.x + (gint) box.width / 2, box.y + (gint) box.height / 2, GDK_SHIFT_MASK);
    selected = tsr_sphere_panels_get_selected (panels, &n_selected);
    g_assert_cmpuint (n_selected, ==, 2);
    g_assert_cmpuint (selected[0], ==, chosen[0]);
    g_assert_cmpuint (selected[1], ==, chosen[2]);
  }

  /* Select similar: every person with the first chosen person's spriteset. */
  {
    TsrPropertyFindBar *bar = tsr_sphere_panels_get_find_bar (panels);
    g_autofree char *wanted = NULL;
    g_autofree char *name = tsr_sphere_string_to_utf8 (tsr_sphere_document_get_entity (document, chosen[2])->name);
    guint expected = 0, first = 0;

    /* The village's doors share one spriteset. */
    for (guint i = 0; i < tsr_sphere_document_get_n_entities (document) && wanted == NULL; i++)
      if (tsr_sphere_document_get_entity (document, i)->type == TSR_SPHERE_ENTITY_PERSON)
        {
          g_autofree char *other = person_spriteset (document, i);

          if (g_strcmp0 (other, "door.rss") == 0)
            {
              wanted = g_steal_pointer (&other);
              first = i;
            }
        }
    g_assert_nonnull (wanted);
    tsr_sphere_panels_select (panels, TSR_SPHERE_SELECTION_ENTITY, first, 0);
    tsr_map_editor_show_page (editor, "entities");
    tsr_test_ui_iterate_for (50);
    g_assert_true (tsr_property_find_bar_set_field (bar, "spriteset"));
    g_assert_true (tsr_property_find_bar_select_similar (bar));
    for (guint i = 0; i < tsr_sphere_document_get_n_entities (document); i++)
      if (tsr_sphere_document_get_entity (document, i)->type == TSR_SPHERE_ENTITY_PERSON)
        {
          g_autofree char *other = person_spriteset (document, i);
          expected += g_strcmp0 (other, wanted) == 0;
        }
    selected = tsr_sphere_panels_get_selected (panels, &n_selected);
    g_assert_cmpuint (expected, >=, 2);
    g_assert_cmpuint (n_selected, ==, expected);
    for (guint i = 0; i < n_selected; i++)
      {
        g_autofree char *other = person_spriteset (document, selected[i]);
        g_assert_cmpstr (other, ==, wanted);
      }
    tsr_test_ui_iterate_for (50);
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "map-editor-sphere-similar.png");

    /* Deleting the selected doors is one undo step. */
    {
      guint n_entities = tsr_sphere_document_get_n_entities (document);

      depth = tsr_undo_stack_get_depth (stack);
      g_assert_true (tsr_sphere_panels_delete_selection (panels));
      g_assert_cmpuint (tsr_sphere_document_get_n_entities (document), ==, n_entities - expected);
      g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      g_assert_cmpuint (tsr_sphere_document_get_n_entities (document), ==, n_entities);
      g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));
    }

    /* Find by property: a person by (part of) its name; a value the field cannot hold is refused. */
    g_assert_true (tsr_property_find_bar_set_field (bar, "name"));
    g_assert_true (tsr_property_find_bar_find (bar, name));
    selected = tsr_sphere_panels_get_selected (panels, &n_selected);
    g_assert_cmpuint (n_selected, >=, 1);
    g_assert_cmpuint (selected[0], ==, chosen[2]);
    g_assert_true (tsr_property_find_bar_set_field (bar, "layer"));
    g_assert_false (tsr_property_find_bar_find (bar, "first"));
    g_assert_nonnull (tsr_property_find_bar_get_message (bar));
    g_assert_false (tsr_property_find_bar_find (bar, "2"));
    g_assert_cmpstr (tsr_property_find_bar_get_message (bar), ==, "Nothing matches");
  }

  /* Nothing selected: the map's own properties in the same inspector; a check commits at once. */
  {
    GtkWidget *repeating;
    GtkWidget *direction;
    gboolean was = tsr_sphere_document_get_map (document)->repeating != 0;

    tsr_sphere_panels_select (panels, TSR_SPHERE_SELECTION_NONE, 0, 0);
    repeating = tsr_sphere_panels_get_field (panels, "repeating");
    direction = tsr_sphere_panels_get_field (panels, "start_direction");
    g_assert_true (GTK_IS_CHECK_BUTTON (repeating));
    g_assert_true (GTK_IS_DROP_DOWN (direction));
    g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (direction)), ==,
                      tsr_sphere_document_get_map (document)->start_direction);
    gtk_check_button_set_active (GTK_CHECK_BUTTON (repeating), !was);
    g_assert_cmpuint (tsr_sphere_document_get_map (document)->repeating != 0, ==, !was);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (direction), 4);
    g_assert_cmpuint (tsr_sphere_document_get_map (document)->start_direction, ==, 4);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    g_assert_cmpuint (tsr_sphere_document_get_map (document)->repeating != 0, ==, was);
    g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (repeating)) != was);
    g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));
  }

  for (guint i = 0; i < 3; i++)
    g_free (old_spritesets[i]);
  tsr_test_ui_close_window (window);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!tsr_test_ui_begin (&argc, &argv, "map-editor", &work_dir, &screenshot_dir))
    return 77;

  tsr_format_registry_add (tsr_format_registry_get_default (), &test_map_format);
  tsr_document_register_type ("test-map", TEST_TYPE_MAP_DOCUMENT);
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/map-editor/generic", test_generic_editor);
  g_test_add_func ("/map-editor/wolf3d", test_wolf3d_editor);
  g_test_add_func ("/map-editor/sphere", test_sphere_editor);
  g_test_add_func ("/map-editor/page-registry", test_page_registry);
  g_test_add_func ("/map-editor/sphere-multi-selection", test_sphere_multi_selection);
  status = g_test_run ();

  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
