/* test-wolf3d-handson-ui.c: what a new user tripped over in the Wolfenstein 3D editor (issue 36),
 * driven by real X input (XTest under Xvfb) on a copy of the shareware set at 1280×800:
 * - the pencil's first stroke on a fresh window paints a real wall code, never 0;
 * - a tile chosen in the palette while Fill or Rectangle is active returns the tool to the pencil;
 * - a flood fill of objects over more than 64 cells asks first, and Cancel leaves the level as it was;
 * - the Levels "+" button adds a level on which Map Check finds no error.
 * Screenshots wolf3d-handson-*.png. Exits 77 without a display or XTest. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "core/tsr-finding.h"
#include "edit/tsr-tile-tools.h"
#include "formats/wolf3d/tsr-wolf3d-tables.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "views/tsr-map-canvas.h"
#include "views/tsr-map-canvas-renderer.h"
#include "views/tsr-map-editor.h"
#include "views/tsr-tile-palette.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static const char *const wolf_files[] = {
  "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1",
  "VGAHEAD.WL1", "VSWAP.WL1", NULL,
};

/* Centres CANVAS on cell (X, Y) of the map and clicks the middle of that cell. With ASKS, the
 * press opens a modal dialog (Fill acts on the press), so the release goes to the dialog's grab
 * and the window never sees it. */
static void
click_cell (TsrTestXTest *xtest, TsrMapCanvas *canvas, int x, int y, gboolean asks)
{
  gboolean released;

  TsrMapViewport viewport;
  double vx, vy;

  tsr_map_canvas_center_on (canvas, (x + 0.5) * 64, (y + 0.5) * 64);
  tsr_test_ui_iterate_for (100);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_view (&viewport, (x + 0.5) * 64, (y + 0.5) * 64, &vx, &vy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 8, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, TRUE));
  released = tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, FALSE);
  g_assert_true (released || asks);
  tsr_test_ui_iterate_for (150);
}

/* Clicks the tab of the editor's side or palette page NAME ("objects", "levels"). */
static void
click_page_tab (TsrTestXTest *xtest, TsrMapEditor *editor, const char *name)
{
  GtkWidget *tab = NULL;

  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (editor)); w != NULL && tab == NULL;)
    {
      if (GTK_IS_NOTEBOOK (w))
        for (int i = 0; i < gtk_notebook_get_n_pages (GTK_NOTEBOOK (w)) && tab == NULL; i++)
          {
            GtkWidget *page = gtk_notebook_get_nth_page (GTK_NOTEBOOK (w), i);

            if (g_strcmp0 (g_object_get_data (G_OBJECT (page), "tsr-page-name"), name) == 0)
              tab = gtk_notebook_get_tab_label (GTK_NOTEBOOK (w), page);
          }
      /* Depth first through the editor's widgets. */
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != GTK_WIDGET (editor) && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = w == GTK_WIDGET (editor) ? NULL : gtk_widget_get_next_sibling (w);
        }
    }
  g_assert_nonnull (tab);
  g_assert_true (gtk_widget_get_mapped (tab));
  g_assert_true (tsr_test_xtest_click (xtest, tab));
  tsr_test_ui_iterate_for (100);
}

/* The tile palette's item for wall TILE (its tooltip is the tile's name), mapped. */
static GtkWidget *
wall_item (TsrMapEditor *editor, TsrTileMap *map, guint32 tile)
{
  GtkWidget *palette = tsr_test_ui_get_widget (GTK_WIDGET (editor), TSR_TYPE_TILE_PALETTE);
  g_autofree char *name = tsr_tile_map_get_tile_name (map, TSR_WOLF_LAYER_ARCHITECTURE, tile);
  GtkWidget *item = tsr_test_ui_find_widget (palette, tsr_test_ui_match_tooltip, name);

  g_assert_nonnull (item);
  g_assert_true (gtk_widget_get_mapped (item));
  return item;
}

static gboolean
is_floor (TsrTileMap *map, int x, int y)
{
  return tsr_wolf3d_tile_classify ((guint16) tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_ARCHITECTURE, (guint) x, (guint) y))
         == TSR_WOLF3D_TILE_AREA;
}

static GBytes *
objects_plane (TsrTileMap *map)
{
  GByteArray *bytes = g_byte_array_new ();

  for (guint y = 0; y < tsr_tile_map_get_height (map); y++)
    for (guint x = 0; x < tsr_tile_map_get_width (map); x++)
      {
        guint32 tile = tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_OBJECTS, x, y);

        g_byte_array_append (bytes, (const guint8 *) &tile, sizeof tile);
      }
  return g_byte_array_free_to_bytes (bytes);
}

static void
test_wolf3d_handson (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *dir = NULL, *path = NULL, *object_name = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GBytes) objects_before = NULL, objects_after = NULL;
  TsrWindow *window;
  TsrWolfDocument *document;
  TsrMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrTileTools *tools;
  TsrTileMap *map;
  TsrUndoStack *undo;
  GtkWindow *dialog;
  GtkWidget *item, *add;
  guint32 first_tile, chosen, object = 0;
  guint n_levels;
  int fx = -1, fy = -1, px = -1, py = -1;

  if (source == NULL)
    {
      g_test_skip ("no Wolf3D test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, wolf_files, work_dir, "wolf3d-handson-ui");
  path = g_build_filename (dir, "MAPHEAD.WL1", NULL);
  window = tsr_test_ui_open_in_window (application, path, 1280, 800, 100);
  document = TSR_WOLF_DOCUMENT (tsr_window_get_document (window));
  editor = TSR_MAP_EDITOR (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MAP_EDITOR));
  canvas = tsr_map_editor_get_canvas (editor);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (canvas)));
  tools = tsr_map_editor_get_tools (editor);
  map = tsr_map_editor_get_map (editor);
  undo = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* The first floor cell with no object (the fill's start, in a room of more than 64 cells) and
   * a floor cell apart from it for the pencil. */
  for (int y = 0; y < (int) tsr_tile_map_get_height (map) && fx < 0; y++)
    for (int x = 0; x < (int) tsr_tile_map_get_width (map) && fx < 0; x++)
      if (is_floor (map, x, y) && tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_OBJECTS, (guint) x, (guint) y) == 0)
        fx = x, fy = y;
  g_assert_cmpint (fx, >=, 0);
  for (int y = (int) tsr_tile_map_get_height (map) - 1; y >= 0 && px < 0; y--)
    for (int x = (int) tsr_tile_map_get_width (map) - 1; x >= 0 && px < 0; x--)
      if (is_floor (map, x, y) && tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_OBJECTS, (guint) x, (guint) y) == 0)
        px = x, py = y;
  g_assert_cmpint (px, >=, 0);

  /* 1. A fresh window: the pencil, a real wall chosen; its first stroke paints that wall. */
  g_assert_cmpuint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_PENCIL);
  g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, TSR_WOLF_LAYER_ARCHITECTURE);
  first_tile = tsr_tile_tools_get_tile (tools);
  g_test_message ("first tile %u; pencil at (%d, %d), fill at (%d, %d)", first_tile, px, py, fx, fy);
  g_assert_cmpuint (first_tile, !=, 0);
  g_assert_cmpuint (tsr_wolf3d_tile_classify ((guint16) first_tile), ==, TSR_WOLF3D_TILE_WALL);
  click_cell (xtest, canvas, px, py, FALSE);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_ARCHITECTURE, (guint) px, (guint) py), ==, first_tile);
  g_assert_true (tsr_undo_stack_get_can_undo (undo));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "wolf3d-handson-first-stroke.png");
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_false (tsr_undo_stack_get_can_undo (undo));
  g_assert_true (is_floor (map, px, py));

  /* 2. F (Fill), then a wall clicked in the palette: back to the pencil, that wall chosen; the same
   * with U (Rectangle). */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (canvas)));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_f, 0));
  g_assert_cmpuint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_FILL);
  chosen = first_tile == 2 ? 3 : 2;
  g_assert_true (tsr_test_xtest_click (xtest, wall_item (editor, map, chosen)));
  g_assert_cmpuint (tsr_tile_tools_get_tile (tools), ==, chosen);
  g_assert_cmpuint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_PENCIL);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (canvas)));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_u, 0));
  g_assert_cmpuint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_RECTANGLE);
  g_assert_true (tsr_test_xtest_click (xtest, wall_item (editor, map, first_tile)));
  g_assert_cmpuint (tsr_tile_tools_get_tile (tools), ==, first_tile);
  g_assert_cmpuint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_PENCIL);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "wolf3d-handson-palette-pencil.png");

  /* 3. An object clicked in the Objects page, F, a click on the floor cell: the fill asks first;
   * Cancel, and the objects layer is as it was. */
  click_page_tab (xtest, editor, "objects");
  {
    g_autoptr(GPtrArray) categories = tsr_wolf_document_list_object_categories (document);
    const TsrWolfObjectCategory *category = g_ptr_array_index (categories, 0);
    g_autofree char *tooltip = NULL;

    object = g_array_index (category->values, guint32, 0);
    object_name = tsr_tile_map_get_tile_name (map, TSR_WOLF_LAYER_OBJECTS, object);
    tooltip = g_strdup_printf ("%s (%u)", object_name, object);
    item = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_tooltip, tooltip);
  }
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_get_mapped (item));
  g_assert_true (tsr_test_xtest_click (xtest, item));
  g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, TSR_WOLF_LAYER_OBJECTS);
  g_assert_cmpuint (tsr_tile_tools_get_tile (tools), ==, object);
  g_assert_cmpuint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_PENCIL);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (canvas)));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_f, 0));
  g_assert_cmpuint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_FILL);
  objects_before = objects_plane (map);
  click_cell (xtest, canvas, fx, fy, TRUE);
  dialog = g_object_ref (tsr_test_ui_wait_for_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (dialog), 3));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TsrTestXTest) input = NULL;
    g_autofree char *text = NULL;
    guint cells = 0;
    GtkWidget *cancel;

    g_object_get (dialog, "text", &text, NULL);
    g_test_message ("the fill asks: %s", text);
    g_assert_nonnull (strstr (text, object_name));
    g_assert_cmpint (sscanf (strstr (text, "” on ") + strlen ("” on "), "%u", &cells), ==, 1);
    g_assert_cmpuint (cells, >, 64);
    g_assert_true (tsr_tile_tools_has_pending_fill (tools));
    tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "wolf3d-handson-fill-asks.png");
    input = tsr_test_xtest_new (dialog, &error);
    g_assert_no_error (error);
    cancel = tsr_test_ui_find_widget (GTK_WIDGET (dialog), tsr_test_ui_match_button_label, "_Cancel");
    g_assert_nonnull (cancel);
    g_assert_true (tsr_test_xtest_click (input, cancel));
    for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
         gtk_widget_get_visible (GTK_WIDGET (dialog)) && g_get_monotonic_time () < end;)
      tsr_test_ui_iterate_for (20);
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  }
  g_object_unref (dialog);
  tsr_test_ui_iterate_for (100);
  g_assert_false (tsr_tile_tools_has_pending_fill (tools));
  g_assert_false (tsr_undo_stack_get_can_undo (undo));
  objects_after = objects_plane (map);
  g_assert_true (g_bytes_equal (objects_before, objects_after));
  g_assert_cmpuint (tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_OBJECTS, (guint) fx, (guint) fy), ==, 0);
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "wolf3d-handson-fill-cancelled.png");

  /* 4. Levels, "+": a new level after level 1 on which Map Check finds no error. */
  n_levels = tsr_wolf_document_get_n_levels (document);
  for (guint i = 0; i < tsr_document_get_findings (TSR_DOCUMENT (document))->len; i++)
    g_assert_cmpint (((const TsrFinding *) g_ptr_array_index (tsr_document_get_findings (TSR_DOCUMENT (document)), i))->severity,
                     !=, TSR_SEVERITY_ERROR);
  click_page_tab (xtest, editor, "levels");
  add = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_tooltip, "Add an empty level after this one");
  g_assert_nonnull (add);
  g_assert_true (gtk_widget_get_mapped (add));
  g_assert_true (tsr_test_xtest_click (xtest, add));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (tsr_wolf_document_get_n_levels (document), ==, n_levels + 1);
  {
    TsrTileMap *added = TSR_TILE_MAP (tsr_wolf_document_get_level_map (document, 1));
    GPtrArray *findings = tsr_document_get_findings (TSR_DOCUMENT (document));
    guint starts = 0, errors = 0;

    /* No cell of code 0 (the engine's "nothing"), one player start. */
    for (guint y = 0; y < tsr_tile_map_get_height (added); y++)
      for (guint x = 0; x < tsr_tile_map_get_width (added); x++)
        {
          guint32 code = tsr_tile_map_get_tile (added, TSR_WOLF_LAYER_OBJECTS, x, y);

          g_assert_cmpuint (tsr_tile_map_get_tile (added, TSR_WOLF_LAYER_ARCHITECTURE, x, y), !=, 0);
          starts += code >= 19 && code <= 22;
        }
    g_assert_cmpuint (starts, ==, 1);
    /* Map Check: no error anywhere (the set had none before either). */
    for (guint i = 0; i < findings->len; i++)
      {
        const TsrFinding *finding = g_ptr_array_index (findings, i);

        g_test_message ("finding: %s: %s", finding->where, finding->what);
        errors += finding->severity == TSR_SEVERITY_ERROR;
      }
    g_assert_cmpuint (errors, ==, 0);
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "wolf3d-handson-level-added.png");
  click_page_tab (xtest, editor, "problems");
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "wolf3d-handson-level-problems.png");
  /* The same page at 1920×1080 (TSR_TEST_SCREEN of the test's display). */
  g_assert_true (tsr_test_ui_resize_window (GTK_WINDOW (window), 1920, 1080));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "wolf3d-handson-level-problems-1920.png");
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "wolf3d-handson-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/wolf3d-handson-ui/first-stroke-palette-fill-levels", test_wolf3d_handson);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
