/* test-tile-editors.c: the tile editors and the window as a Tiled user meets them (issue 19), in
 * real windows under Xvfb: level numbers in the Wolf3D levels list after duplicate and move, the
 * Sphere layers list top layer first with arrows that move rows the way they point, Open Recent
 * labels (underscores kept, folders shown), the error bar (path once, no caret) and the level
 * chooser of the preview. Exits 77 without a display. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-preferences-window.h"
#include "app/tsr-recent.h"
#include "app/tsr-window.h"
#include "formats/doom2d/tsr-doom2d-formats.h"
#include "formats/doom2d/tsr-doom2d-names.h"
#include "model/sphere/tsr-sphere-document.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "core/tsr-error.h"
#include "core/tsr-finding.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-marathon-names.h"
#include "formats/marathon/tsr-wad.h"
#include "formats/wolf3d/tsr-wolf3d-tables.h"
#include "tsr-test-ui.h"
#include "views/sphere/tsr-sphere-panels.h"
#include "views/tsr-inspector.h"
#include "views/tsr-map-editor.h"
#include "views/tsr-property-inspector.h"
#include "views/marathon/tsr-marathon-map-editor.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/wolf3d/tsr-wolf3d-panels.h"

#ifdef TSR_HAVE_XTEST
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#endif

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static TsrWindow *
new_window (void)
{
  TsrWindow *window = tsr_window_new (application);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
  return window;
}

static TsrWindow *
open_in_window (const char *path)
{
  TsrWindow *window = new_window ();
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (tsr_test_ui_open_file (window, file));
  g_assert_null (tsr_window_get_error_message (window));
  tsr_test_ui_iterate_for (100);
  return window;
}

static TsrMapEditor *
window_editor (TsrWindow *window)
{
  GtkWidget *editor = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                               GSIZE_TO_POINTER (TSR_TYPE_MAP_EDITOR));

  g_assert_nonnull (editor);
  return TSR_MAP_EDITOR (editor);
}

static gboolean
match_tooltip (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

static gboolean
match_label_text (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* --- Wolf3D: one numbering in the levels list --- */

static const char *const wolf3d_files[] = {
  "MAPHEAD.WL1", "GAMEMAPS.WL1", "VSWAP.WL1", "VGAHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1",
  "AUDIOHED.WL1", "AUDIOT.WL1", NULL,
};

static void
assert_level_numbers (GtkListBox *list, guint n_levels, const char *when)
{
  for (guint i = 0; i < n_levels; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, (int) i);
      GtkWidget *label = row != NULL ? gtk_list_box_row_get_child (row) : NULL;
      g_autofree char *prefix = g_strdup_printf ("%u  ", i + 1);

      g_assert_nonnull (label);
      if (!g_str_has_prefix (gtk_label_get_text (GTK_LABEL (label)), prefix))
        g_error ("%s: row %u reads \"%s\"", when, i, gtk_label_get_text (GTK_LABEL (label)));
    }
  g_assert_null (gtk_list_box_get_row_at_index (list, (int) n_levels));
}

static void
test_wolf3d_level_numbers (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d");
  g_autofree char *set = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrWolfDocument *document;
  TsrWolf3dPanels *panels;
  GtkListBox *list;
  guint n_levels;

  if (source == NULL)
    {
      g_test_skip ("no Wolf3D test data");
      return;
    }
  set = g_build_filename (source, "wl1_v14_shareware", NULL);
  dir = tsr_test_ui_copy_files (set, wolf3d_files, work_dir, "wolf3d");
  path = g_build_filename (dir, "GAMEMAPS.WL1", NULL);
  window = open_in_window (path);
  editor = window_editor (window);
  document = TSR_WOLF_DOCUMENT (tsr_window_get_document (window));
  panels = TSR_WOLF3D_PANELS (tsr_map_editor_get_family_panels (editor));
  list = tsr_wolf3d_panels_get_level_list (panels);
  n_levels = tsr_wolf_document_get_n_levels (document);
  assert_level_numbers (list, n_levels, "opened");

  g_assert_true (tsr_wolf3d_panels_duplicate_level (panels));
  assert_level_numbers (list, n_levels + 1, "after duplicate");
  g_assert_true (tsr_wolf3d_panels_move_level (panels, 1));
  assert_level_numbers (list, n_levels + 1, "after a move down");
  g_assert_true (tsr_wolf3d_panels_add_level (panels));
  assert_level_numbers (list, n_levels + 2, "after add");
  g_assert_true (tsr_wolf3d_panels_delete_level (panels));
  assert_level_numbers (list, n_levels + 1, "after delete");
  while (tsr_document_get_modified (TSR_DOCUMENT (document)))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  assert_level_numbers (list, n_levels, "after undo");
  tsr_test_ui_close_window (window);
}

/* --- The side bar: every page's tab on screen at once; its width remembered --- */

static gboolean
all_tabs_laid_out (GtkNotebook *notebook)
{
  for (int k = 0; k < gtk_notebook_get_n_pages (notebook); k++)
    {
      GtkWidget *tab = gtk_notebook_get_tab_label (notebook, gtk_notebook_get_nth_page (notebook, k));

      if (!gtk_widget_get_mapped (tab) || gtk_widget_get_width (tab) <= 0)
        return FALSE;
    }
  return TRUE;
}

static void
test_side_bar (void)
{
  static const char *const pages[] = { "layers", "problems", "levels", "tiles", "inspector", "objects" };
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d");
  g_autofree char *set = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GSettings) settings = g_settings_new ("io.github.tessera.Tessera");
  TsrWindow *window, *second;
  TsrMapEditor *editor;
  GtkPaned *content;
  GtkWidget *side;
  int handle;

  if (source == NULL)
    {
      g_test_skip ("no Wolf3D test data");
      return;
    }
  set = g_build_filename (source, "wl1_v14_shareware", NULL);
  dir = tsr_test_ui_copy_files (set, wolf3d_files, work_dir, "wolf3d-side-bar");
  path = g_build_filename (dir, "GAMEMAPS.WL1", NULL);
  window = open_in_window (path);
  editor = window_editor (window);

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *page = NULL, *tab, *notebook = NULL;
      graphene_rect_t tab_bounds, notebook_bounds;

      tsr_map_editor_show_page (editor, pages[i]);
      g_assert_cmpstr (tsr_map_editor_get_visible_page (editor), ==, pages[i]);
      g_assert_true (tsr_map_editor_page_is_visible (editor, pages[i]));
      tsr_test_ui_iterate_for (30);
      /* Every tab of the page's notebook: mapped, with a size, inside the notebook (no scroll
       * arrows hide any). The first notebook found sits in the side bar's paned with the other. */
      notebook = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_NOTEBOOK));
      g_assert_nonnull (notebook);
      {
        GtkWidget *paned = gtk_widget_get_ancestor (notebook, GTK_TYPE_PANED);
        GtkWidget *books[2] = { gtk_paned_get_start_child (GTK_PANED (paned)), gtk_paned_get_end_child (GTK_PANED (paned)) };

        for (guint n = 0; n < 2; n++)
          for (int k = 0; k < gtk_notebook_get_n_pages (GTK_NOTEBOOK (books[n])); k++)
            {
              GtkWidget *child = gtk_notebook_get_nth_page (GTK_NOTEBOOK (books[n]), k);

              if (g_strcmp0 (g_object_get_data (G_OBJECT (child), "tsr-page-name"), pages[i]) == 0)
                {
                  page = child;
                  notebook = books[n];
                }
            }
      }
      g_assert_nonnull (page);
      /* (A slow build, such as the sanitizers', may take more than one frame to lay them out.) */
      for (int tries = 0; tries < 100 && !all_tabs_laid_out (GTK_NOTEBOOK (notebook)); tries++)
        tsr_test_ui_iterate_for (30);
      g_assert_false (gtk_notebook_get_scrollable (GTK_NOTEBOOK (notebook)));
      for (int k = 0; k < gtk_notebook_get_n_pages (GTK_NOTEBOOK (notebook)); k++)
        {
          tab = gtk_notebook_get_tab_label (GTK_NOTEBOOK (notebook), gtk_notebook_get_nth_page (GTK_NOTEBOOK (notebook), k));
          g_assert_true (gtk_widget_get_mapped (tab));
          g_assert_true (gtk_widget_compute_bounds (tab, notebook, &tab_bounds));
          g_assert_true (gtk_widget_compute_bounds (notebook, notebook, &notebook_bounds));
          g_assert_cmpfloat (tab_bounds.size.width, >, 0);
          g_assert_cmpfloat (tab_bounds.origin.x, >=, 0);
          g_assert_cmpfloat (tab_bounds.origin.x + tab_bounds.size.width, <=, notebook_bounds.size.width + 0.5);
        }
    }

  /* The area-code view: layer 2 shown, the canvas zoomed onto numbered areas. */
  {
    TsrTileMap *map = tsr_map_editor_get_map (editor);
    TsrMapCanvas *canvas = tsr_map_editor_get_canvas (editor);

    tsr_tile_map_set_layer_visible (map, TSR_WOLF_LAYER_AREAS, TRUE);
    tsr_map_canvas_set_zoom (canvas, 0.75);
    tsr_map_canvas_center_on (canvas, 32 * 64, 40 * 64);
    tsr_map_editor_show_page (editor, "layers");
    tsr_test_ui_iterate_for (150);
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "tile-editors-wolf3d-areas.png");
    tsr_tile_map_set_layer_visible (map, TSR_WOLF_LAYER_AREAS, FALSE);
  }

  /* Dragging the handle to a 420 px side bar is remembered for the next window. */
  content = GTK_PANED (tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_PANED)));
  handle = gtk_widget_get_width (GTK_WIDGET (content)) - gtk_widget_get_width (gtk_paned_get_start_child (content))
           - gtk_widget_get_width (gtk_paned_get_end_child (content));
  gtk_paned_set_position (content, gtk_widget_get_width (GTK_WIDGET (content)) - handle - 420);
  tsr_test_ui_iterate_for (50);
  g_assert_cmpint (g_settings_get_int (settings, "side-bar-width"), ==, 420);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "tile-editors-side-bar.png");
  second = open_in_window (path);
  tsr_test_ui_iterate_for (100);
  side = gtk_paned_get_end_child (GTK_PANED (tsr_test_ui_find_widget (GTK_WIDGET (window_editor (second)), tsr_test_ui_match_type,
                                                                     GSIZE_TO_POINTER (GTK_TYPE_PANED))));
  /* (The new window's paned takes its position once it is laid out, which a loaded machine or a
   * sanitizer build may take a few frames to do.) */
  for (int tries = 0; tries < 100 && ABS (gtk_widget_get_width (side) - 420) > 2; tries++)
    tsr_test_ui_iterate_for (30);
  g_assert_cmpint (ABS (gtk_widget_get_width (side) - 420), <=, 2);
  g_settings_reset (settings, "side-bar-width");
  tsr_test_ui_close_window (second);
  tsr_test_ui_close_window (window);
}

/* --- Sphere: the layers list shows the top layer first --- */

static const char *const sphere_files[] = { "village.rmp", "outside_neo.rts", "sarah.rss", NULL };

static void
test_sphere_layers_top_first (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrSphereDocument *document;
  TsrSpherePanels *panels;
  TsrTileTools *tools;
  TsrTileMap *map;
  GtkWidget *up, *down;
  GtkListBox *list;

  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, sphere_files, work_dir, "sphere");
  path = g_build_filename (dir, "village.rmp", NULL);
  window = open_in_window (path);
  editor = window_editor (window);
  document = TSR_SPHERE_DOCUMENT (tsr_window_get_document (window));
  panels = TSR_SPHERE_PANELS (tsr_map_editor_get_family_panels (editor));
  tools = tsr_map_editor_get_tools (editor);
  map = TSR_TILE_MAP (document);
  tsr_map_editor_show_page (editor, "layers");
  list = GTK_LIST_BOX (tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_type,
                                                GSIZE_TO_POINTER (GTK_TYPE_LIST_BOX)));
  g_assert_cmpuint (tsr_tile_map_get_n_layers (map), ==, 3);

  /* Row 0 is the top layer (drawn last), as in Tiled and GIMP. */
  for (guint row = 0; row < 3; row++)
    g_assert_cmpstr (tsr_map_editor_get_layer_row_name (editor, row), ==, tsr_tile_map_get_layer_name (map, 2 - row));
  tsr_tile_tools_set_layer (tools, 1);
  g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 1));
  gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, 0));
  g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, 2);
  tsr_tile_tools_set_layer (tools, 1);

  /* "Add a layer above this one" puts the new row above the selected one. */
  g_assert_true (tsr_sphere_panels_add_layer (panels));
  g_assert_cmpuint (tsr_tile_map_get_n_layers (map), ==, 4);
  g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, 2);
  g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 1));
  g_assert_cmpstr (tsr_map_editor_get_layer_row_name (editor, 1), ==, tsr_tile_map_get_layer_name (map, 2));
  g_assert_cmpstr (tsr_map_editor_get_layer_row_name (editor, 2), ==, tsr_tile_map_get_layer_name (map, 1));

  /* The up arrow moves the selected row up, the down arrow down. */
  up = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_tooltip, "Move the layer up (drawn later)");
  down = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_tooltip, "Move the layer down (drawn earlier)");
  g_assert_nonnull (up);
  g_assert_nonnull (down);
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (up)), ==, "go-up-symbolic");
  g_signal_emit_by_name (up, "clicked");
  tsr_test_ui_iterate_for (50);
  g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 0));
  g_assert_cmpstr (tsr_map_editor_get_layer_row_name (editor, 0), ==, "New layer");
  g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, 3);
  g_signal_emit_by_name (down, "clicked");
  g_signal_emit_by_name (down, "clicked");
  tsr_test_ui_iterate_for (50);
  g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 2));
  g_assert_cmpstr (tsr_map_editor_get_layer_row_name (editor, 2), ==, "New layer");
  g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, 1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "tile-editors-sphere-layers.png");

  while (tsr_document_get_modified (TSR_DOCUMENT (document)))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (tsr_tile_map_get_n_layers (map), ==, 3);
  tsr_test_ui_close_window (window);
}

/* --- Sphere: the entity list --- */

static void
test_sphere_entity_list (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrSphereDocument *document;
  TsrSpherePanels *panels;
  TsrSphereEntityList *list;
  guint n_entities, n_zones, persons = 0, index = G_MAXUINT;
  g_autoptr(GError) error = NULL;

  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, sphere_files, work_dir, "sphere-entities");
  path = g_build_filename (dir, "village.rmp", NULL);
  window = open_in_window (path);
  editor = window_editor (window);
  document = TSR_SPHERE_DOCUMENT (tsr_window_get_document (window));
  panels = TSR_SPHERE_PANELS (tsr_map_editor_get_family_panels (editor));
  list = tsr_sphere_panels_get_entity_list (panels);
  g_assert_nonnull (list);
  tsr_map_editor_show_page (editor, "entities");
  n_entities = tsr_sphere_document_get_n_entities (document);
  n_zones = tsr_sphere_document_get_n_zones (document);
  for (guint i = 0; i < n_entities; i++)
    persons += tsr_sphere_document_get_entity (document, i)->type == TSR_SPHERE_ENTITY_PERSON;
  g_assert_cmpuint (n_entities, >, 0);
  g_assert_cmpuint (tsr_sphere_entity_list_get_n_shown (list), ==, n_entities + n_zones);

  /* The filter: by kind, case-insensitively. */
  tsr_sphere_entity_list_set_filter (list, "PERSON");
  g_assert_cmpuint (tsr_sphere_entity_list_get_n_shown (list), ==, persons);
  tsr_sphere_entity_list_set_filter (list, "no such thing at all");
  g_assert_cmpuint (tsr_sphere_entity_list_get_n_shown (list), ==, 0);
  tsr_sphere_entity_list_set_filter (list, NULL);

  /* Clicking a row selects that element (Select mode) and the inspector shows it. */
  g_assert_true (tsr_sphere_entity_list_activate_row (list, 0));
  g_assert_cmpint (tsr_sphere_panels_get_selection (panels, &index, NULL), ==, TSR_SPHERE_SELECTION_ENTITY);
  g_assert_cmpuint (index, ==, 0);
  g_assert_cmpint (tsr_sphere_panels_get_mode (panels), ==, TSR_SPHERE_MODE_SELECT);

  /* The list follows the document: a new person appears with its name, and undo takes it away. */
  g_assert_true (tsr_sphere_document_add_person (document, 40, 40, 0, "lamplighter", "sarah.rss", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tsr_sphere_entity_list_get_n_shown (list), ==, n_entities + n_zones + 1);
  tsr_sphere_entity_list_set_filter (list, "lamplighter");
  g_assert_cmpuint (tsr_sphere_entity_list_get_n_shown (list), ==, 1);
  g_assert_nonnull (strstr (tsr_sphere_entity_list_get_row_text (list, 0), "lamplighter"));
  g_assert_true (tsr_sphere_entity_list_activate_row (list, 0));
  g_assert_cmpint (tsr_sphere_panels_get_selection (panels, &index, NULL), ==, TSR_SPHERE_SELECTION_ENTITY);
  g_assert_cmpuint (index, ==, n_entities);
  tsr_test_ui_iterate_for (50);
  tsr_sphere_entity_list_set_filter (list, NULL);
  tsr_test_ui_iterate_for (100);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "tile-editors-sphere-entities.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (tsr_sphere_entity_list_get_n_shown (list), ==, n_entities + n_zones);
  tsr_test_ui_close_window (window);
}

/* --- Sphere: zones and segments snap to the tile grid --- */

/* A press, two motions and a release at map pixels, through the canvas's gesture entry points. */
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
test_sphere_snap (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrSphereDocument *document;
  TsrSpherePanels *panels;
  TsrMapCanvas *canvas;
  const TsrSphereZone *zone;
  const TsrSphereLayer *layer;
  const TsrSphereSegment *segment;
  guint n_zones, n_segments, index = 0;

  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, sphere_files, work_dir, "sphere-snap");
  path = g_build_filename (dir, "village.rmp", NULL);
  window = open_in_window (path);
  editor = window_editor (window);
  document = TSR_SPHERE_DOCUMENT (tsr_window_get_document (window));
  panels = TSR_SPHERE_PANELS (tsr_map_editor_get_family_panels (editor));
  canvas = tsr_map_editor_get_canvas (editor);
  tsr_map_canvas_set_zoom (canvas, 2.0);
  tsr_map_canvas_center_on (canvas, 48, 48);
  tsr_test_ui_iterate_for (100);
  tsr_map_editor_show_page (editor, "entities");
  tsr_sphere_panels_set_snap (panels, TRUE);
  tsr_tile_tools_set_layer (tsr_map_editor_get_tools (editor), 1);

  /* A zone dragged from (21,35) to (50,70) covers whole 16-pixel tiles: (16,32)-(48,64). */
  n_zones = tsr_sphere_document_get_n_zones (document);
  tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_ZONE);
  drag_pixels (editor, 21, 35, 50, 70);
  g_assert_cmpuint (tsr_sphere_document_get_n_zones (document), ==, n_zones + 1);
  zone = tsr_sphere_document_get_zone (document, n_zones);
  g_assert_cmpuint (zone->x1, ==, 16);
  g_assert_cmpuint (zone->y1, ==, 32);
  g_assert_cmpuint (zone->x2, ==, 48);
  g_assert_cmpuint (zone->y2, ==, 64);

  /* Moved by 10 and 1 pixels, it moves a whole tile right and stays on its row. */
  tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_SELECT);
  drag_pixels (editor, 30, 40, 40, 41);
  g_assert_cmpint (tsr_sphere_panels_get_selection (panels, &index, NULL), ==, TSR_SPHERE_SELECTION_ZONE);
  g_assert_cmpuint (index, ==, n_zones);
  zone = tsr_sphere_document_get_zone (document, n_zones);
  g_assert_cmpuint (zone->x1, ==, 32);
  g_assert_cmpuint (zone->y1, ==, 32);

  /* A segment from (3,3) to (29,18) runs from tile corner (0,0) to (32,16). */
  layer = tsr_sphere_document_get_layer (document, 1);
  n_segments = layer->segments->len;
  tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_SEGMENT);
  drag_pixels (editor, 3, 3, 29, 18);
  layer = tsr_sphere_document_get_layer (document, 1);
  g_assert_cmpuint (layer->segments->len, ==, n_segments + 1);
  segment = &g_array_index (layer->segments, TsrSphereSegment, n_segments);
  g_assert_cmpuint (MIN (segment->x1, segment->x2), ==, 0);
  g_assert_cmpuint (MAX (segment->x1, segment->x2), ==, 32);
  g_assert_cmpuint (MIN (segment->y1, segment->y2), ==, 0);
  g_assert_cmpuint (MAX (segment->y1, segment->y2), ==, 16);

  /* Without snapping the zone keeps the pixels the pointer gave. */
  tsr_sphere_panels_set_snap (panels, FALSE);
  tsr_sphere_panels_set_mode (panels, TSR_SPHERE_MODE_ZONE);
  drag_pixels (editor, 21, 35, 50, 70);
  zone = tsr_sphere_document_get_zone (document, n_zones + 1);
  g_assert_cmpuint (zone->x1, ==, 21);
  g_assert_cmpuint (zone->y2, ==, 70);

  while (tsr_document_get_modified (TSR_DOCUMENT (document)))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  tsr_test_ui_close_window (window);
}

/* --- Open Recent: underscores kept, the folder tells same names apart --- */

static void
test_recent_labels (void)
{
  g_autofree char *first_dir = g_build_filename (work_dir, "recent", "m2", NULL);
  g_autofree char *second_dir = g_build_filename (work_dir, "recent", "xbla", NULL);
  g_autofree char *first = g_build_filename (first_dir, "xblam2_Player.ShPa", NULL);
  g_autofree char *second = g_build_filename (second_dir, "xblam2_Player.ShPa", NULL);
  g_autoptr(GFile) first_file = g_file_new_for_path (first);
  g_autoptr(GFile) second_file = g_file_new_for_path (second);
  g_autofree char *first_uri = g_file_get_uri (first_file);
  g_autofree char *second_uri = g_file_get_uri (second_file);
  g_autofree char *first_label = tsr_recent_menu_label (first_uri);
  g_autofree char *second_label = tsr_recent_menu_label (second_uri);
  TsrWindow *window;
  GMenuModel *menu;
  guint found = 0;

  g_assert_nonnull (strstr (first_label, "xblam2__Player.ShPa"));
  g_assert_cmpstr (first_label, !=, second_label);
  g_assert_nonnull (strstr (second_label, "xbla"));

  /* Through the window's menu, after opening both (the recent manager writes asynchronously). */
  g_assert_cmpint (g_mkdir_with_parents (first_dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (second_dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (first, "x", 1, NULL));
  g_assert_true (g_file_set_contents (second, "y", 1, NULL));
  tsr_recent_add (first_file);
  tsr_recent_add (second_file);
  window = new_window ();
  menu = tsr_window_get_recent_menu (window);
  for (guint wait = 0; wait < 100 && found < 2; wait++)
    {
      tsr_test_ui_iterate_for (20);
      found = 0;
      for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
        {
          g_autofree char *label = NULL;

          if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label)
              && (g_strcmp0 (label, first_label) == 0 || g_strcmp0 (label, second_label) == 0))
            found++;
        }
    }
  g_assert_cmpuint (found, ==, 2);
  tsr_test_ui_close_window (window);
}

/* --- The error bar names the file once and has no text caret --- */

static void
test_error_bar (void)
{
  g_autofree char *path = g_build_filename (work_dir, "missing", "nothing-here.rmp", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  TsrWindow *window = new_window ();
  const char *message;
  GtkWidget *label;

  g_assert_false (tsr_test_ui_open_file (window, file));
  message = tsr_window_get_error_message (window);
  g_assert_nonnull (message);
  g_assert_null (strstr (message, path));
  g_assert_cmpstr (message, !=, "");
  label = tsr_test_ui_find_widget (GTK_WIDGET (window), match_label_text, message);
  g_assert_nonnull (label);
  g_assert_false (gtk_label_get_selectable (GTK_LABEL (label)));
  tsr_test_ui_close_window (window);
}

/* --- The preview draws the chosen level --- */

static GBytes *
texture_bytes (GdkPaintable *paintable)
{
  GdkTexture *texture = GDK_TEXTURE (paintable);
  gsize stride = (gsize) gdk_texture_get_width (texture) * 4;
  gsize size = stride * (gsize) gdk_texture_get_height (texture);
  guchar *data = g_malloc (size);

  gdk_texture_download (texture, data, stride);
  return g_bytes_new_take (data, size);
}

static void
test_preview_level (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("marathon");
  g_autofree char *path = NULL;
  g_autoptr(GBytes) first = NULL;
  g_autoptr(GBytes) fifth = NULL;
  TsrWindow *window;
  GtkWidget *inspector;
  GtkDropDown *levels;

  if (source == NULL)
    {
      g_test_skip ("no Marathon test data");
      return;
    }
  path = g_build_filename (source, "m1_Map.scen", NULL);
  window = open_in_window (path);
  inspector = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type, GSIZE_TO_POINTER (TSR_TYPE_INSPECTOR));
  g_assert_nonnull (inspector);
  /* Behind the Summary tab the level is not drawn (a picture of 4 MB per open file, unseen); the
   * tab shown, it is. */
  {
    GtkWidget *picture = tsr_test_ui_find_widget (inspector, tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_PICTURE));
    GtkNotebook *notebook = GTK_NOTEBOOK (gtk_widget_get_ancestor (inspector, GTK_TYPE_NOTEBOOK));
    int summary = -1;

    g_assert_nonnull (picture);
    g_assert_nonnull (notebook);
    g_assert_false (gtk_widget_get_mapped (inspector));
    g_assert_null (gtk_picture_get_paintable (GTK_PICTURE (picture)));
    for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
      if (gtk_notebook_get_nth_page (notebook, i) == inspector
          || gtk_widget_is_ancestor (inspector, gtk_notebook_get_nth_page (notebook, i)))
        summary = i;
    g_assert_cmpint (summary, >=, 0);
    gtk_notebook_set_current_page (notebook, summary);
    tsr_test_ui_iterate_for (50);
    g_assert_true (gtk_widget_get_mapped (picture));
    g_assert_nonnull (gtk_picture_get_paintable (GTK_PICTURE (picture)));
  }
  levels = GTK_DROP_DOWN (tsr_test_ui_find_widget (inspector, tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_DROP_DOWN)));
  g_assert_nonnull (levels);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (levels)));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (levels)), >, 5);
  g_assert_cmpuint (gtk_drop_down_get_selected (levels), ==, 0);
  first = texture_bytes (tsr_inspector_get_preview (TSR_INSPECTOR (inspector)));

  gtk_drop_down_set_selected (levels, 5);
  tsr_test_ui_iterate_for (50);
  g_assert_nonnull (tsr_inspector_get_preview (TSR_INSPECTOR (inspector)));
  fifth = texture_bytes (tsr_inspector_get_preview (TSR_INSPECTOR (inspector)));
  g_assert_false (g_bytes_equal (first, fifth));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "tile-editors-preview-level.png");
  tsr_test_ui_close_window (window);
}

/* --- Tiled's tool keys, as real key events through XTest --- */

#ifdef TSR_HAVE_XTEST
/* The window the keys go to: other UI tests may share the X display and take the focus. */
static Window key_window;

/* Presses and releases KEYSYM (with Control when CONTROL) as the X server sees a keyboard do it. */
static void
press_key (Display *xdisplay, KeySym keysym, gboolean control)
{
  KeyCode code = XKeysymToKeycode (xdisplay, keysym);
  KeyCode control_code = XKeysymToKeycode (xdisplay, XK_Control_L);

  XSetInputFocus (xdisplay, key_window, RevertToParent, CurrentTime);

  if (control)
    XTestFakeKeyEvent (xdisplay, control_code, True, CurrentTime);
  XTestFakeKeyEvent (xdisplay, code, True, CurrentTime);
  XTestFakeKeyEvent (xdisplay, code, False, CurrentTime);
  if (control)
    XTestFakeKeyEvent (xdisplay, control_code, False, CurrentTime);
  XSync (xdisplay, False);
  tsr_test_ui_iterate_for (30);
}

/* Where wheel clicks go, in the window's X coordinates. */
static int pointer_x, pointer_y;

/* Clicks wheel BUTTON (4 up, 5 down; with Control when CONTROL) over the pointer position until
 * ADJUSTMENT leaves VALUE (when given) or the canvas's zoom leaves ZOOM (when >= 0), for up to
 * 5 s: another UI test may share the display, so the window is raised each time. */
static gboolean
wheel_until (Display *xdisplay, guint button, gboolean control, GtkAdjustment *adjustment, double value,
             TsrMapCanvas *canvas, double zoom)
{
  KeyCode control_code = XKeysymToKeycode (xdisplay, XK_Control_L);

  for (guint i = 0; i < 250; i++)
    {
      if ((adjustment != NULL && gtk_adjustment_get_value (adjustment) != value)
          || (zoom >= 0 && tsr_map_canvas_get_zoom (canvas) != zoom))
        return TRUE;
      if (i % 50 == 0)
        {
          XRaiseWindow (xdisplay, key_window);
          XWarpPointer (xdisplay, None, key_window, 0, 0, 0, 0, pointer_x, pointer_y);
          if (control)
            XTestFakeKeyEvent (xdisplay, control_code, True, CurrentTime);
          XTestFakeButtonEvent (xdisplay, button, True, CurrentTime);
          XTestFakeButtonEvent (xdisplay, button, False, CurrentTime);
          if (control)
            XTestFakeKeyEvent (xdisplay, control_code, False, CurrentTime);
          XSync (xdisplay, False);
        }
      tsr_test_ui_iterate_for (20);
    }
  return FALSE;
}

/* The machine may be busy and another test may have taken the focus: presses KEYSYM until the
 * tools reach TOOL (these keys are idempotent), for up to 5 s. */
static gboolean
press_until_tool (Display *xdisplay, KeySym keysym, TsrTileTools *tools, TsrTileToolKind tool)
{
  for (guint i = 0; i < 250 && tsr_tile_tools_get_tool (tools) != tool; i++)
    {
      if (i % 50 == 0)
        press_key (xdisplay, keysym, FALSE);
      tsr_test_ui_iterate_for (20);
    }
  return tsr_tile_tools_get_tool (tools) == tool;
}

static gboolean
press_until_selection (Display *xdisplay, KeySym keysym, gboolean control, TsrTileTools *tools, gboolean selected)
{
  TsrTileRect selection;

  for (guint i = 0; i < 250 && tsr_tile_tools_get_selection (tools, &selection) != selected; i++)
    {
      if (i % 50 == 0)
        press_key (xdisplay, keysym, control);
      tsr_test_ui_iterate_for (20);
    }
  return tsr_tile_tools_get_selection (tools, &selection) == selected;
}

static gboolean
match_accelerator (GtkWidget *widget, gconstpointer accelerator)
{
  g_autofree char *value = NULL;

  if (!GTK_IS_SHORTCUTS_SHORTCUT (widget))
    return FALSE;
  g_object_get (widget, "accelerator", &value, NULL);
  return g_strcmp0 (value, accelerator) == 0;
}
#endif

static void
test_tool_keys (void)
{
#ifdef TSR_HAVE_XTEST
  static const struct { KeySym key; TsrTileToolKind tool; } keys[] = {
    { XK_r, TSR_TILE_TOOL_SELECT }, { XK_f, TSR_TILE_TOOL_FILL }, { XK_e, TSR_TILE_TOOL_ERASER },
    { XK_i, TSR_TILE_TOOL_PICKER }, { XK_u, TSR_TILE_TOOL_RECTANGLE }, { XK_b, TSR_TILE_TOOL_PENCIL },
  };
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d");
  g_autofree char *set = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  GdkDisplay *display = gdk_display_get_default ();
  Display *xdisplay;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrTileTools *tools;
  TsrTileRect selection;
  GtkShortcutsWindow *shortcuts;
  Window xid;
  int width, height;

  if (!GDK_IS_X11_DISPLAY (display) || source == NULL)
    {
      g_test_skip ("not an X11 display, or no Wolf3D test data");
      return;
    }
  xdisplay = gdk_x11_display_get_xdisplay (display);
  set = g_build_filename (source, "wl1_v14_shareware", NULL);
  dir = tsr_test_ui_copy_files (set, wolf3d_files, work_dir, "wolf3d-keys");
  path = g_build_filename (dir, "GAMEMAPS.WL1", NULL);
  window = open_in_window (path);
  editor = window_editor (window);
  tools = tsr_map_editor_get_tools (editor);

  /* Without a window manager the X focus follows what we set: the window, then the canvas. */
  xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  key_window = xid;
  XWarpPointer (xdisplay, None, xid, 0, 0, 0, 0, width / 3, height / 2);
  XSetInputFocus (xdisplay, xid, RevertToParent, CurrentTime);
  XFlush (xdisplay);
  tsr_test_ui_iterate_for (100);
  gtk_widget_grab_focus (GTK_WIDGET (tsr_map_editor_get_canvas (editor)));
  tsr_test_ui_iterate_for (50);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_assert_true (press_until_tool (xdisplay, keys[i].key, tools, keys[i].tool));
  g_assert_true (press_until_selection (xdisplay, XK_a, TRUE, tools, TRUE));
  g_assert_true (tsr_tile_tools_get_selection (tools, &selection));
  g_assert_cmpint (selection.width, ==, 64);
  g_assert_cmpint (selection.height, ==, 64);
  g_assert_true (press_until_selection (xdisplay, XK_Escape, FALSE, tools, FALSE));
  /* The wheel scrolls the map (Tiled's default) and Ctrl+wheel zooms; the preference makes the
   * plain wheel zoom. Real wheel clicks (buttons 4 and 5) over the canvas's middle. */
  {
    TsrMapCanvas *canvas = tsr_map_editor_get_canvas (editor);
    GtkAdjustment *vertical = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (canvas));
    GSettings *settings = tsr_application_get_settings (application);
    double surface_x = 0, surface_y = 0, x = 0, y = 0, zoom, value;

    tsr_map_canvas_set_zoom (canvas, 2.0);
    tsr_map_canvas_center_on (canvas, 32 * 64, 32 * 64);
    tsr_test_ui_iterate_for (100);
    gtk_native_get_surface_transform (GTK_NATIVE (window), &surface_x, &surface_y);
    g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (canvas), GTK_WIDGET (window),
                                                     gtk_widget_get_width (GTK_WIDGET (canvas)) / 2.0,
                                                     gtk_widget_get_height (GTK_WIDGET (canvas)) / 2.0, &x, &y));
    pointer_x = (int) (x + surface_x);
    pointer_y = (int) (y + surface_y);
    zoom = tsr_map_canvas_get_zoom (canvas);
    value = gtk_adjustment_get_value (vertical);
    g_assert_true (wheel_until (xdisplay, 5, FALSE, vertical, value, canvas, -1));
    g_assert_cmpfloat (tsr_map_canvas_get_zoom (canvas), ==, zoom);
    g_assert_true (wheel_until (xdisplay, 5, TRUE, NULL, 0, canvas, zoom));
    g_assert_cmpfloat (tsr_map_canvas_get_zoom (canvas), <, zoom);
    g_settings_set_boolean (settings, "wheel-zooms", TRUE);
    zoom = tsr_map_canvas_get_zoom (canvas);
    g_assert_true (wheel_until (xdisplay, 4, FALSE, NULL, 0, canvas, zoom));
    g_assert_cmpfloat (tsr_map_canvas_get_zoom (canvas), >, zoom);
    g_settings_reset (settings, "wheel-zooms");
  }

  /* A letter typed into the level name stays there. */
  tsr_map_editor_show_page (editor, "inspector");
  tsr_test_ui_iterate_for (50);
  {
    GtkWidget *entry = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_ENTRY));

    g_assert_nonnull (entry);
    gtk_widget_grab_focus (entry);
    tsr_test_ui_iterate_for (50);
    press_key (xdisplay, XK_e, FALSE);
    tsr_test_ui_iterate_for (300);
    g_assert_cmpint (tsr_tile_tools_get_tool (tools), ==, TSR_TILE_TOOL_PENCIL);
    g_assert_true (g_str_has_suffix (gtk_editable_get_text (GTK_EDITABLE (entry)), "e"));
  }

  /* The shortcuts window (built on first use) lists the tool keys (and shows them without GTK
   * warnings). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  shortcuts = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (shortcuts);
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (shortcuts), screenshot_dir, "tile-editors-shortcuts.png");
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *name = g_utf8_strdown (XKeysymToString (keys[i].key), -1);

      g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (shortcuts), match_accelerator, name));
    }
  gtk_window_close (GTK_WINDOW (shortcuts));
  tsr_test_ui_close_window (window);
#else
  g_test_skip ("built without XTest (libxtst-dev)");
#endif
}

/* --- The colour scheme preference --- */

static gboolean
prefers_dark (void)
{
  gboolean dark = FALSE;

  g_object_get (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", &dark, NULL);
  return dark;
}

static void
test_color_scheme (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  GSettings *settings = tsr_application_get_settings (application);
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *preferences = NULL;
  GtkDropDown *scheme;
  TsrWindow *window;

  g_assert_nonnull (settings);
  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, sphere_files, work_dir, "sphere-dark");
  path = g_build_filename (dir, "village.rmp", NULL);
  window = open_in_window (path);
  g_assert_false (prefers_dark ());
  g_action_group_activate_action (G_ACTION_GROUP (application), "preferences", NULL);
  tsr_test_ui_iterate_for (50);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && preferences == NULL; i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (TSR_IS_PREFERENCES_WINDOW (toplevel))
        preferences = toplevel;
    }
  g_assert_nonnull (preferences);
  scheme = GTK_DROP_DOWN (tsr_test_ui_find_widget (GTK_WIDGET (preferences), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_DROP_DOWN)));
  g_assert_nonnull (scheme);
  g_assert_cmpuint (gtk_drop_down_get_selected (scheme), ==, 0);

  gtk_drop_down_set_selected (scheme, 2);
  {
    g_autofree char *chosen = g_settings_get_string (settings, "color-scheme");

    g_assert_cmpstr (chosen, ==, "dark");
  }
  g_assert_true (prefers_dark ());
  tsr_test_ui_save_screenshot (GTK_WIDGET (preferences), screenshot_dir, "tile-editors-preferences-dark.png");
  gtk_window_destroy (preferences);
  tsr_test_ui_iterate_for (100);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "tile-editors-dark.png");
  g_settings_set_string (settings, "color-scheme", "light");
  g_assert_false (prefers_dark ());
  g_settings_set_string (settings, "color-scheme", "dark");
  g_assert_true (prefers_dark ());
  /* Following the system gives back GTK's own choice (light under Xvfb). */
  g_settings_reset (settings, "color-scheme");
  g_assert_false (prefers_dark ());

  /* The Doom2D data folders reach the codec's search for the WADs a map names. */
  {
    TsrDoom2dFile file = { 0 };
    g_auto(GStrv) before = tsr_doom2d_file_game_folders (&file);
    g_auto(GStrv) after = NULL;
    g_auto(GStrv) reset = NULL;

    g_autofree char *home_wads = g_build_filename (g_get_home_dir (), "wads", NULL);

    g_settings_set_string (settings, "doom2d-data-folders", "/opt/doom2df/data:~/wads");
    after = tsr_doom2d_file_game_folders (&file);
    g_assert_cmpuint (g_strv_length (after), ==, g_strv_length (before) + 2);
    g_assert_true (g_strv_contains ((const char *const *) after, "/opt/doom2df/data"));
    g_assert_true (g_strv_contains ((const char *const *) after, home_wads));
    g_settings_reset (settings, "doom2d-data-folders");
    reset = tsr_doom2d_file_game_folders (&file);
    g_assert_cmpuint (g_strv_length (reset), ==, g_strv_length (before));
  }
  tsr_test_ui_close_window (window);
}

/* --- The window in a translation (run with LANGUAGE=ru or de and TSR_LOCALEDIR=the build's po/) --- */

static gboolean
match_button_label (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), text) == 0;
}

static gboolean
match_any_tooltip (GtkWidget *widget, gconstpointer text)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

/* A codec's load error in the language: a Sphere tileset cut short after its header and a few
 * bytes fails to open, and the error bar says so in the catalogue's words, with the numbers of the
 * real file's header (tile count, width, height), not in English. */
static void
check_translated_load_error (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *original = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *english = NULL;
  g_autofree char *shot = NULL;
  g_autoptr(GFile) file = NULL;
  gsize length = 0;
  TsrWindow *window;
  const char *message;
  guint count, width, height;

  if (source == NULL)
    return;
  original = g_build_filename (source, "outside_neo.rts", NULL);
  g_assert_true (g_file_get_contents (original, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 256 + 64);
  /* The .rts header: ".rts", version, tile count, tile width, tile height (16-bit little endian). */
  count = (guint8) contents[6] | (guint) (guint8) contents[7] << 8;
  width = (guint8) contents[8] | (guint) (guint8) contents[9] << 8;
  height = (guint8) contents[10] | (guint) (guint8) contents[11] << 8;
  dir = g_build_filename (work_dir, "sphere-translated-error", NULL);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  path = g_build_filename (dir, "cut.rts", NULL);
  g_assert_true (g_file_set_contents (path, contents, 256 + 64, NULL));
  expected = g_strdup_printf (_("tileset: %u tiles of %ux%u pixels expected, the data ends first"), count, width,
                              height);
  english = g_strdup_printf ("tileset: %u tiles of %ux%u pixels expected, the data ends first", count, width,
                             height);
  g_assert_cmpstr (expected, !=, english);

  window = new_window ();
  file = g_file_new_for_path (path);
  g_assert_false (tsr_test_ui_open_file (window, file));
  message = tsr_window_get_error_message (window);
  g_assert_nonnull (message);
  g_test_message ("load error in the language: %s", message);
  g_assert_nonnull (strstr (message, expected));
  g_assert_null (strstr (message, english));
  shot = g_strdup_printf ("tile-editors-%s-load-error.png", g_getenv ("LANGUAGE"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, shot);
  tsr_test_ui_close_window (window);
}

static void
test_translated (void)
{
  const char *language = g_getenv ("LANGUAGE");
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d");
  g_autofree char *set = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  TsrWindow *window;

  if (language == NULL || g_getenv ("TSR_LOCALEDIR") == NULL || source == NULL)
    {
      g_test_skip ("not run in a translation, or no Wolf3D test data");
      return;
    }
  /* The catalogue is loaded: code strings and the templates' strings are translated. */
  g_assert_cmpstr (_("_Pencil"), !=, "_Pencil");
  g_assert_cmpstr (_("Layers"), !=, "Layers");
  check_translated_load_error ();
  set = g_build_filename (source, "wl1_v14_shareware", NULL);
  dir = tsr_test_ui_copy_files (set, wolf3d_files, work_dir, "wolf3d-translated");
  path = g_build_filename (dir, "GAMEMAPS.WL1", NULL);
  window = open_in_window (path);
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (window), match_button_label, _("_Pencil")));
  /* The layer list names Wolf3D's layers in the language, not in the model's English (issue 36). */
  g_assert_cmpstr (_("Architecture"), !=, "Architecture");
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_mapped_label, _("Architecture")));
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_mapped_label, _("Area codes")));
  {
    /* The game's vocabulary too: a floor tile's palette tooltip ("Floor, area 1") and an
     * object's name, in the language and not in the tables' English. */
    g_autofree char *floor = g_strdup_printf (_("Floor, area %u"), 1);
    g_autofree char *label = tsr_wolf3d_tile_label (TSR_WOLF3D_GAME_WOLF3D, 108);

    g_assert_cmpstr (floor, !=, "Floor, area 1");
    g_assert_cmpstr (label, ==, floor);
    g_assert_cmpstr (_("Dog food"), !=, "Dog food");
    /* Marathon's engine names, as its object-type drop-down and palettes show them. */
    g_assert_cmpstr (_(tsr_marathon_monster_name (8)), !=, "Fighter (minor)");
    g_assert_cmpstr (_(tsr_marathon_item_name (0)), !=, "Knife");
    /* Doom2D's constants, as its palettes label them. */
    g_assert_cmpstr (_(tsr_doom2d_constant_label ("ITEM_MEDKIT_SMALL")), !=, "Small medkit");
    g_assert_cmpstr (_(tsr_doom2d_constant_label ("MONSTER_IMP")), !=, "Imp");
    g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (window), match_any_tooltip, floor));
  }
  {
    /* Marathon's validation findings and load errors, as the Problems panel and the error bar
     * show them: a level without points and a wad header of version 9. */
    static const char no_points[] = "no PNTS or EPNT chunk";
    static const char bad_version[] = "%s: wad version 0, 1, 2 or 4 expected, found %u";
    g_autoptr(GPtrArray) findings = tsr_findings_new ();
    TsrMarathonLevel *level = tsr_marathon_level_new (0, 1, "Broken");
    guint8 header[128] = { 0x00, 0x09 };
    g_autoptr(GError) error = NULL;
    g_autoptr(TsrWad) wad = NULL;
    g_autofree char *reason = NULL, *expected = NULL;
    gboolean found = FALSE;

    g_clear_pointer (&level->points, g_array_unref);
    g_clear_pointer (&level->endpoints, g_array_unref);
    tsr_marathon_level_validate (level, 0, "level 0", findings);
    g_assert_cmpstr (_(no_points), !=, no_points);
    for (guint i = 0; i < findings->len; i++)
      {
        const TsrFinding *finding = g_ptr_array_index (findings, i);

        g_assert_cmpstr (finding->what, !=, no_points);
        found |= g_strcmp0 (finding->what, _(no_points)) == 0;
      }
    g_assert_true (found);
    tsr_marathon_level_free (level);

    wad = tsr_wad_parse (header, sizeof header, "broken.sceA", &error);
    g_assert_null (wad);
    g_assert_error (error, TSR_ERROR, TSR_ERROR_UNSUPPORTED_VERSION);
    g_assert_cmpstr (_(bad_version), !=, bad_version);
    reason = g_strdup_printf (_(bad_version), "broken.sceA", 9);
    expected = g_strdup_printf (_("%s (offset %zu)"), reason, (gsize) 0);
    g_assert_cmpstr (error->message, ==, expected);
  }
  tsr_map_editor_show_page (window_editor (window), "levels");
  tsr_test_ui_iterate_for (100);
  name = g_strdup_printf ("tile-editors-%s.png", language);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, name);
  tsr_test_ui_close_window (window);
}

/* A drop-down whose first item's text is TEXT. */
static gboolean
match_drop_down_first (GtkWidget *widget, gconstpointer text)
{
  GListModel *model = GTK_IS_DROP_DOWN (widget) ? gtk_drop_down_get_model (GTK_DROP_DOWN (widget)) : NULL;
  g_autoptr(GtkStringObject) first = model != NULL && GTK_IS_STRING_LIST (model) ? g_list_model_get_item (model, 0) : NULL;

  return first != NULL && g_strcmp0 (gtk_string_object_get_string (first), text) == 0;
}

static const char *
drop_down_text (GtkWidget *drop_down)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (drop_down));

  return item != NULL ? gtk_string_object_get_string (item) : NULL;
}

/* Marathon in the translation: the inspector shows its heading, field labels and a platform
 * polygon's type translated, takes a typed translated constant ("None" for a texture) and still the English one; the
 * object tool's type drop-down names scenery. Screenshot marathon-inspector-LANG.png. */
static void
test_translated_marathon (void)
{
  const char *language = g_getenv ("LANGUAGE");
  g_autofree char *source = tsr_test_ui_data_dir ("marathon");
  static const char *const files[] = { "chronicles_DreamBrother.sceA", NULL };
  g_autofree char *dir = NULL, *path = NULL, *name = NULL, *scenery = NULL;
  const char *platform_label = g_dpgettext2 (NULL, "polygon_type", "Platform");
  const char *none_label = g_dpgettext2 (NULL, "shape_descriptor", "None");
  TsrWindow *window;
  TsrMarathonMapEditor *editor;
  TsrPropertyInspector *inspector;
  TsrMarathonLevel *level;
  GtkWidget *type, *texture, *kinds, *types;
  TsrElementRef ref = { TSR_ELEMENT_POLYGON, 0 };
  TsrDocument *document;

  if (language == NULL || g_getenv ("TSR_LOCALEDIR") == NULL || source == NULL)
    {
      g_test_skip ("not run in a translation, or no Marathon test data");
      return;
    }
  g_assert_cmpstr (platform_label, !=, "Platform");
  g_assert_cmpstr (none_label, !=, "None");
  dir = tsr_test_ui_copy_files (source, files, work_dir, "marathon-translated");
  path = g_build_filename (dir, files[0], NULL);
  window = open_in_window (path);
  document = tsr_window_get_document (window);
  editor = tsr_marathon_map_page_get_map_editor (
    TSR_MARATHON_MAP_PAGE (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                    GSIZE_TO_POINTER (TSR_TYPE_MARATHON_MAP_PAGE))));
  inspector = tsr_marathon_map_editor_get_inspector (editor);
  level = tsr_marathon_level_map_get_level (tsr_marathon_map_editor_get_level_map (editor));
  while (ref.index < level->polygons->len && g_array_index (level->polygons, TsrMarathonPolygon, ref.index).type != 5)
    ref.index++;
  g_assert_cmpuint (ref.index, <, level->polygons->len);
  tsr_selection_set (tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor)), &ref, 1);
  tsr_test_ui_iterate_for (150);

  /* The heading and the field labels are translated too. */
  g_assert_cmpstr (g_dpgettext2 (NULL, "marathon_record", "Side"), !=, "Side");
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (inspector), match_label_text,
                                             g_dpgettext2 (NULL, "marathon_record", "Polygon")));
  g_assert_cmpstr (_("Floor texture"), !=, "Floor texture");
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (inspector), match_label_text, _("Floor texture")));
  /* The type drop-down: translated names, the platform's selected. */
  type = tsr_property_inspector_get_editor (inspector, "type");
  g_assert_true (GTK_IS_DROP_DOWN (type));
  g_assert_cmpstr (drop_down_text (type), ==, platform_label);
  /* A typed translated name, then the English one, each commit one undo step. */
  texture = tsr_property_inspector_get_editor (inspector, "floor_texture");
  g_assert_true (GTK_IS_ENTRY (texture));
  for (guint pass = 0; pass < 2; pass++)
    {
      gint16 before = (gint16) g_array_index (level->polygons, TsrMarathonPolygon, ref.index).floor_texture;

      g_assert_cmpint (before, !=, -1);
      gtk_editable_set_text (GTK_EDITABLE (texture), pass == 0 ? none_label : "None");
      g_signal_emit_by_name (texture, "activate");
      tsr_test_ui_iterate_for (50);
      level = tsr_marathon_level_map_get_level (tsr_marathon_map_editor_get_level_map (editor));
      g_assert_null (tsr_property_inspector_get_error (inspector));
      g_assert_cmpint ((gint16) g_array_index (level->polygons, TsrMarathonPolygon, ref.index).floor_texture, ==, -1);
      /* Shown back translated. */
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (texture)), ==, none_label);
      if (pass == 0)
        {
          name = g_strdup_printf ("marathon-inspector-%s.png", language);
          tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, name);
        }
      g_assert_true (tsr_document_undo (document));
      tsr_test_ui_iterate_for (50);
      level = tsr_marathon_level_map_get_level (tsr_marathon_map_editor_get_level_map (editor));
      g_assert_cmpint ((gint16) g_array_index (level->polygons, TsrMarathonPolygon, ref.index).floor_texture, ==, before);
    }

  /* The object tool: choosing Scenery lists scenery by name. */
  kinds = tsr_test_ui_find_widget (GTK_WIDGET (window), match_drop_down_first, _("Monster"));
  g_assert_nonnull (kinds);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kinds), 1);
  tsr_test_ui_iterate_for (50);
  scenery = g_strdup_printf ("%d %s", 0, _("Lava: pale dirt"));
  g_assert_cmpstr (_("Lava: pale dirt"), !=, "Lava: pale dirt");
  types = tsr_test_ui_find_widget (GTK_WIDGET (window), match_drop_down_first, scenery);
  g_assert_nonnull (types);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (types))), ==, 61);
  tsr_test_ui_close_window (window);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  /* A private home for recent files and settings, removed at the end. */
  if (!tsr_test_ui_begin (&argc, &argv, "tile-editors", &work_dir, &screenshot_dir))
    return 77;
  /* LANGUAGE picks the catalogue (it works with C.UTF-8, which every system has). */
  if (g_getenv ("TSR_LOCALEDIR") != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("TSR_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/tile-editors/wolf3d-level-numbers", test_wolf3d_level_numbers);
  g_test_add_func ("/tile-editors/side-bar", test_side_bar);
  g_test_add_func ("/tile-editors/sphere-layers-top-first", test_sphere_layers_top_first);
  g_test_add_func ("/tile-editors/sphere-entity-list", test_sphere_entity_list);
  g_test_add_func ("/tile-editors/sphere-snap", test_sphere_snap);
  g_test_add_func ("/tile-editors/recent-labels", test_recent_labels);
  g_test_add_func ("/tile-editors/error-bar", test_error_bar);
  g_test_add_func ("/tile-editors/preview-level", test_preview_level);
  g_test_add_func ("/tile-editors/tool-keys", test_tool_keys);
  g_test_add_func ("/tile-editors/color-scheme", test_color_scheme);
  g_test_add_func ("/tile-editors/translated", test_translated);
  g_test_add_func ("/tile-editors/translated/marathon", test_translated_marathon);
  status = g_test_run ();

  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
