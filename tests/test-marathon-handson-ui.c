/* test-marathon-handson-ui.c: what a new user trips over in the Marathon map editor, by real X
 * input (XTest) on copies of a real level (issue 36).
 * - A line drawn out past the map's top-left grows the bounds up and left: the map point under
 *   the pointer stays where it was (the view used to re-centre under it).
 * - A line selected and deleted with the Delete key takes its endpoints no other line uses with
 *   it (as Weland does); one Ctrl+Z puts back the line and its points.
 * - Labels: the level bar's buttons that reorder levels say "Move Level Up/Down" (clicked, the
 *   level moves in the list); the level info's landscape (song_index, which Marathon 2 and
 *   Infinity read as the landscape) says "Landscape"; the line flags save recomputes are shown
 *   read-only with a tooltip saying why, the others stay editable.
 * - Stale text: "This level has no terminals" goes when terminals are imported and comes back
 *   when a real Ctrl+Z takes them away again. A shapes sequence with no frames says "no frames"
 *   (not "frame 1 of 0"), also after a real click on the step button.
 * - The window: opening a level, the paint and object tools and every tab of the page leave a
 *   1280-px window as wide as it was (the tool bar wraps, the view settings sit on the status
 *   line); at 1920×1080 the map gets the room and the inspector its remembered width
 *   (marathon-inspector-width, 320 px at first), which a real drag of the handle changes for the
 *   next window too.
 * - A bitmap's info line says the size of the picture Import PNG… (a real click, the chooser
 *   answered) put in.
 * - An annotation made by real input (Objects, kind Annotation, its text typed, a click in a
 *   polygon) is one undo step; saved with Ctrl+S and read back by the codec, the level has exactly
 *   one annotation more, with that text, where the click was, on the polygon there.
 * Screenshots: marathon-handson-*.png (the window ones at 1280×800 and 1920×1080). */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "edit/tsr-vector-map.h"
#include "edit/tsr-edit-session.h"
#include "edit/tsr-vector-select-tool.h"
#include "views/marathon/tsr-marathon-map-editor.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-shapes-document.h"
#include "views/assets/tsr-shapes-browser.h"
#include "tsr-shapes-sample.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/marathon/tsr-marathon-palettes.h"
#include "views/tsr-map-canvas.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"
#include "core/tsr-image.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-wad.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

/* The map point under the pointer, as the canvas shows it now. */
static void
map_under_pointer (TsrTestXTest *xtest,
                   TsrMapCanvas *canvas,
                   double       *map_x,
                   double       *map_y)
{
  TsrMapViewport viewport;
  double x, y;

  tsr_test_xtest_get_pointer (xtest, GTK_WIDGET (canvas), &x, &y);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_map (&viewport, x, y, map_x, map_y);
}

static TsrWindow *open_level_sized (const char *name, const char *subdir, int width, int height,
                                     TsrMarathonMapEditor **editor);

/* Opens a copy of the real level NAME at 1280×800; returns its window and map editor. */
static TsrWindow *
open_level (const char            *name,
            const char            *subdir,
            TsrMarathonMapEditor **editor)
{
  return open_level_sized (name, subdir, 1280, 800, editor);
}

static TsrWindow *
open_level_sized (const char            *name,
                  const char            *subdir,
                  int                    width,
                  int                    height,
                  TsrMarathonMapEditor **editor)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", name, work_dir, subdir);
  TsrWindow *window;
  TsrMarathonMapPage *page;

  if (path == NULL)
    return NULL;
  window = tsr_test_ui_open_in_window (application, path, width, height, 100);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  *editor = tsr_marathon_map_page_get_map_editor (page);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (tsr_marathon_map_editor_get_canvas (*editor))));
  tsr_test_ui_iterate_for (200);
  return window;
}

/* Point 1: a line drawn by real clicks out past the map's top-left; the map point under the
 * pointer is the same before and after the click that grows the bounds (within a pixel). */
static void
test_growing_bounds_keep_pointer (void)
{
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrMarathonMapEditor *editor = NULL;
  TsrWindow *window = open_level ("chronicles_DreamBrother.sceA", "bounds", &editor);
  TsrMapCanvas *canvas;
  TsrVectorMap *vector;
  TsrVectorBounds content;
  TsrMapViewport viewport;
  double ax, ay, bx, by, before_x, before_y, after_x, after_y;
  guint n_lines;
  int width, height;

  if (window == NULL)
    return;
  canvas = tsr_marathon_map_editor_get_canvas (editor);
  vector = TSR_VECTOR_MAP (tsr_marathon_map_editor_get_level_map (editor));
  width = gtk_widget_get_width (GTK_WIDGET (canvas));
  height = gtk_widget_get_height (GTK_WIDGET (canvas));

  /* The whole level in the middle half of the view: room around it on every side. */
  tsr_map_canvas_zoom_to_fit (canvas);
  tsr_map_canvas_set_zoom (canvas, tsr_map_canvas_get_zoom (canvas) / 2);
  tsr_test_ui_iterate_for (200);
  tsr_map_canvas_get_content_bounds (canvas, &content);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  /* A: 20 pixels up and left of the level's top-left corner; B: 60 pixels further, inside the
   * world's limits (±32 WU), so the line ends under the pointer. */
  ax = (content.x0 - viewport.x) * viewport.zoom - 20;
  ay = (content.y0 - viewport.y) * viewport.zoom - 20;
  bx = ax - 60;
  by = ay - 60;
  g_assert_cmpfloat (bx, >, 10);
  g_assert_cmpfloat (by, >, 10);
  g_assert_cmpfloat (viewport.x + bx / viewport.zoom, >, -32000);
  g_assert_cmpfloat (viewport.y + by / viewport.zoom, >, -32000);
  g_assert_cmpfloat (ax, <, width);
  g_assert_cmpfloat (ay, <, height);

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  {
    GtkWidget *lines = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Lines");

    g_assert_nonnull (lines);
    g_assert_true (tsr_test_xtest_click (xtest, lines));
    tsr_test_ui_iterate_for (100);
    g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (lines)));
  }
  n_lines = tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT);
  g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), ax, ay));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), bx, by, 8, NULL, NULL));
  tsr_test_ui_iterate_for (100);
  map_under_pointer (xtest, canvas, &before_x, &before_y);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-bounds-before.png");
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT), ==, n_lines + 1);
  /* The bounds grew up and left. */
  {
    TsrVectorBounds grown;

    tsr_map_canvas_get_content_bounds (canvas, &grown);
    g_assert_cmpfloat (grown.x0, <, content.x0);
    g_assert_cmpfloat (grown.y0, <, content.y0);
  }
  map_under_pointer (xtest, canvas, &after_x, &after_y);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-bounds-after.png");
  g_test_message ("under the pointer: %.1f, %.1f before; %.1f, %.1f after (zoom %g)", before_x, before_y,
                  after_x, after_y, viewport.zoom);
  g_assert_cmpfloat (fabs (after_x - before_x) * viewport.zoom, <=, 1.0);
  g_assert_cmpfloat (fabs (after_y - before_y) * viewport.zoom, <=, 1.0);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Escape, 0));
  tsr_test_ui_iterate_for (100);

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* Point 2: a line drawn by real clicks in empty space, clicked with the Select tool and deleted
 * with the Delete key leaves no point behind; one Ctrl+Z brings back the line and both points. */
static void
test_delete_line_drops_orphan_points (void)
{
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrMarathonMapEditor *editor = NULL;
  TsrWindow *window = open_level ("chronicles_DreamBrother.sceA", "orphans", &editor);
  TsrMapCanvas *canvas;
  TsrVectorMap *vector;
  TsrVectorBounds content;
  TsrMapViewport viewport;
  GtkWidget *lines, *select;
  double ax, ay, bx, by;
  guint n_lines, n_points;

  if (window == NULL)
    return;
  canvas = tsr_marathon_map_editor_get_canvas (editor);
  vector = TSR_VECTOR_MAP (tsr_marathon_map_editor_get_level_map (editor));
  tsr_map_canvas_zoom_to_fit (canvas);
  tsr_test_ui_iterate_for (200);
  tsr_map_canvas_get_content_bounds (canvas, &content);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  /* A line of 60 pixels in the empty bottom-left corner of the level's bounds, touching nothing
   * (sampled every 2 pixels with the tools' tolerance). */
  ax = (content.x0 - viewport.x) * viewport.zoom + 20;
  ay = (content.y1 - viewport.y) * viewport.zoom - 30;
  bx = ax + 60;
  by = ay;
  for (double x = ax - 10; x <= bx + 10; x += 2)
    g_assert_false (tsr_vector_map_hit_test (vector, viewport.x + x / viewport.zoom, viewport.y + ay / viewport.zoom,
                                             TSR_TOOL_HIT_TOLERANCE, viewport.zoom, TSR_ELEMENT_MASK_ALL, NULL));

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  lines = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Lines");
  select = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Select");
  g_assert_nonnull (lines);
  g_assert_nonnull (select);
  g_assert_true (tsr_test_xtest_click (xtest, lines));
  tsr_test_ui_iterate_for (100);
  n_lines = tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT);
  n_points = tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT);
  g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), ax, ay));
  g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), bx, by));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Escape, 0));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT), ==, n_lines + 1);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT), ==, n_points + 2);

  /* Selected by a click on its middle, deleted with the Delete key. */
  g_assert_true (tsr_test_xtest_click (xtest, select));
  tsr_test_ui_iterate_for (100);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), (ax + bx) / 2, ay));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-orphans-selected.png");
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Delete, 0));
  tsr_test_ui_iterate_for (150);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT), ==, n_lines);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT), ==, n_points);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-orphans-deleted.png");

  /* One Ctrl+Z: the line and both its points. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (150);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT), ==, n_lines + 1);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT), ==, n_points + 2);

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

static void
click_tab (TsrTestXTest *xtest,
           GtkWidget    *page,
           const char   *title)
{
  GtkWidget *tab = tsr_test_ui_find_widget (page, tsr_test_ui_match_mapped_label, title);

  g_assert_nonnull (tab);
  g_assert_true (tsr_test_xtest_click (xtest, tab));
  tsr_test_ui_iterate_for (200);
}

/* A mapped check button whose label is DATA. */
static gboolean
match_check_label (GtkWidget     *widget,
                   gconstpointer  label)
{
  return GTK_IS_CHECK_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), label) == 0;
}

static char *
level_name (TsrMarathonDocument *document,
            guint                index)
{
  return tsr_marathon_level_name (g_ptr_array_index (tsr_marathon_document_get_scenario (document)->map->levels, index));
}

/* Point 3, the level bar: "Move Level Down" clicked by real input on level 0 of the 37 levels of
 * Marathon's map moves that level to the second place. */
static void
test_level_move_labels (void)
{
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrMarathonMapEditor *editor = NULL;
  TsrWindow *window = open_level ("m1_Map.scen", "labels-levels", &editor);
  TsrMarathonDocument *document;
  GtkWidget *page, *label, *button;
  g_autofree char *first = NULL, *second = NULL, *moved = NULL;

  if (window == NULL)
    return;
  document = TSR_MARATHON_DOCUMENT (tsr_window_get_document (window));
  page = tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE);
  g_assert_cmpuint (tsr_marathon_document_get_n_levels (document), >, 2);
  first = level_name (document, 0);
  second = level_name (document, 1);
  g_assert_nonnull (tsr_test_ui_find_widget (page, tsr_test_ui_match_mapped_label, "Move Level Up"));
  label = tsr_test_ui_find_widget (page, tsr_test_ui_match_mapped_label, "Move Level Down");
  g_assert_nonnull (label);
  button = gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON);
  g_assert_nonnull (button);
  g_assert_true (g_str_has_prefix (gtk_widget_get_tooltip_text (button), "Move Level Down"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-level-buttons.png");

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_true (tsr_test_xtest_click (xtest, button));
  tsr_test_ui_iterate_for (200);
  moved = level_name (document, 1);
  g_assert_cmpstr (moved, ==, first);
  g_free (moved);
  moved = level_name (document, 0);
  g_assert_cmpstr (moved, ==, second);

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* Point 3, the inspector: the level info's landscape is named so; a line clicked on the map shows
 * its derived flags read-only, with the reason as tooltip. */
static void
test_inspector_labels (void)
{
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrMarathonMapEditor *editor = NULL;
  TsrWindow *window = open_level ("chronicles_DreamBrother.sceA", "labels-inspector", &editor);
  TsrMarathonMapPage *page;
  TsrMarathonPalettes *palettes;
  TsrMapCanvas *canvas;
  TsrVectorMap *vector;
  TsrSelection *selection;
  GtkWidget *select, *check;
  gboolean done = FALSE;

  if (window == NULL)
    return;
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* The level info, on the Palettes page. */
  click_tab (xtest, GTK_WIDGET (page), "Palettes");
  palettes = tsr_marathon_map_page_get_palettes (page);
  tsr_marathon_palettes_set_kind (palettes, TSR_MARATHON_PALETTES_LEVEL_INFO);
  tsr_marathon_palettes_select (palettes, 0);
  tsr_test_ui_iterate_for (200);
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (palettes), tsr_test_ui_match_mapped_label, "Landscape"));
  g_assert_null (tsr_test_ui_find_widget (GTK_WIDGET (palettes), tsr_test_ui_match_mapped_label, "Song"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-level-info.png");

  /* A line clicked on the map with the Select tool, zoomed in on its middle. */
  click_tab (xtest, GTK_WIDGET (page), "Map");
  canvas = tsr_marathon_map_editor_get_canvas (editor);
  vector = TSR_VECTOR_MAP (tsr_marathon_map_editor_get_level_map (editor));
  selection = tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor));
  select = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Select");
  g_assert_nonnull (select);
  g_assert_true (tsr_test_xtest_click (xtest, select));
  tsr_test_ui_iterate_for (100);
  tsr_map_canvas_set_zoom (canvas, 0.125);
  for (guint i = 0; i < 20 && !done; i++)
    {
      TsrElementRef ref = { TSR_ELEMENT_SEGMENT, i * 7 };
      const TsrElementRef *selected;
      TsrVectorPoint a, b;
      TsrMapViewport viewport;
      guint n;

      tsr_vector_map_get_vertex (vector, &ref, 0, &a);
      tsr_vector_map_get_vertex (vector, &ref, 1, &b);
      tsr_map_canvas_center_on (canvas, (a.x + b.x) / 2, (a.y + b.y) / 2);
      tsr_test_ui_iterate_for (150);
      tsr_map_canvas_get_viewport (canvas, &viewport);
      g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), ((a.x + b.x) / 2 - viewport.x) * viewport.zoom,
                ((a.y + b.y) / 2 - viewport.y) * viewport.zoom));
      selected = tsr_selection_get_elements (selection, &n);
      done = n == 1 && selected[0].kind == TSR_ELEMENT_SEGMENT;
    }
  g_assert_true (done);
  tsr_test_ui_iterate_for (150);
  for (guint i = 0; i < 4; i++)
    {
      static const char *const derived[] = { "Landscape", "Elevation", "Variable elevation", "Has transparent side" };

      check = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_check_label, derived[i]);
      g_assert_nonnull (check);
      g_assert_false (gtk_widget_get_sensitive (check));
      g_assert_true (g_str_has_prefix (gtk_widget_get_tooltip_text (check), "Derived:"));
    }
  for (guint i = 0; i < 3; i++)
    {
      static const char *const own[] = { "Solid", "Transparent", "Decorative" };

      check = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_check_label, own[i]);
      g_assert_nonnull (check);
      g_assert_true (gtk_widget_get_sensitive (check));
    }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-line-flags.png");

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

#define NO_TERMINALS "This level has no terminals: write #TERMINAL 0 to add one."

/* Point 4, the Terminals page: a net level without terminals says so; a script imported (what the
 * Import dialog's answer does) clears that, and a real Ctrl+Z brings it back. */
static void
test_terminal_status_follows_text (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("marathon");
  g_autofree char *script = NULL;
  g_autoptr(GFile) script_file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrMarathonMapEditor *editor = NULL;
  TsrWindow *window;
  GtkWidget *page;

  if (source == NULL)
    return;
  window = open_level ("chronicles_net_War.sceA", "terminals", &editor);
  script = g_build_filename (source, "chronicles_DreamBrother.term.txt", NULL);
  script_file = g_file_new_for_path (script);
  page = tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  click_tab (xtest, page, "Terminals");
  g_assert_nonnull (tsr_test_ui_find_widget (page, tsr_test_ui_match_mapped_label, NO_TERMINALS));

  g_assert_true (tsr_marathon_map_page_import (TSR_MARATHON_MAP_PAGE (page), script_file, &error));
  g_assert_no_error (error);
  tsr_test_ui_iterate_for (300);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-terminals-imported.png");
  g_assert_null (tsr_test_ui_find_widget (page, tsr_test_ui_match_mapped_label, NO_TERMINALS));

  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (300);
  g_assert_nonnull (tsr_test_ui_find_widget (page, tsr_test_ui_match_mapped_label, NO_TERMINALS));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-terminals-undone.png");

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

static gboolean
match_button_with_icon (GtkWidget     *widget,
                        gconstpointer  icon)
{
  return GTK_IS_BUTTON (widget) && !GTK_IS_TOGGLE_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon) == 0;
}

/* A mapped label whose text starts with DATA. */
static gboolean
match_label_prefix (GtkWidget     *widget,
                    gconstpointer  prefix)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix);
}

/* Point 4, the shapes browser: a sequence without frames (the Shapes file built from the real
 * patches has some) reads "no frames", before and after a real click on the step button. */
static void
test_empty_sequence_says_no_frames (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("marathon");
  g_autofree char *path = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrShapesBrowser *browser;
  TsrShapesDocument *document;
  GtkWidget *step;
  gint found_collection = -1, found_sequence = -1;

  if (source == NULL)
    return;
  path = tsr_shapes_sample_write (source, work_dir);
  window = tsr_test_ui_open_in_window (application, path, 1280, 800, 200);
  browser = TSR_SHAPES_BROWSER (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_SHAPES_BROWSER));
  document = TSR_SHAPES_DOCUMENT (tsr_window_get_document (window));
  for (guint c = 0; c < 32 && found_sequence < 0; c++)
    {
      const TsrShapesCollection *collection = tsr_shapes_document_get_collection (document, c, 0);

      for (guint q = 0; collection != NULL && q < collection->sequences->len && found_sequence < 0; q++)
        if (((const TsrShapesSequence *) g_ptr_array_index (collection->sequences, q))->frames_per_view <= 0)
          {
            found_collection = (gint) c;
            found_sequence = (gint) q;
          }
    }
  g_test_message ("empty sequence: collection %d, sequence %d", found_collection, found_sequence);
  g_assert_cmpint (found_sequence, >=, 0);
  g_assert_true (tsr_shapes_browser_select_collection (browser, (guint) found_collection, 0));
  tsr_shapes_browser_show (browser, TSR_SHAPES_PART_SEQUENCE, (guint) found_sequence);
  tsr_test_ui_iterate_for (200);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (browser), tsr_test_ui_match_mapped_label, "no frames"));
  g_assert_null (tsr_test_ui_find_widget (GTK_WIDGET (browser), match_label_prefix, "frame "));
  step = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_button_with_icon, "media-skip-forward-symbolic");
  g_assert_nonnull (step);
  if (gtk_widget_get_sensitive (step))
    g_assert_true (tsr_test_xtest_click (xtest, step));
  tsr_test_ui_iterate_for (150);
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (browser), tsr_test_ui_match_mapped_label, "no frames"));
  g_assert_null (tsr_test_ui_find_widget (GTK_WIDGET (browser), match_label_prefix, "frame "));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-empty-sequence.png");

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* The window's width now, and its minimum (what its widgets force). */
static int
window_width (TsrWindow *window,
              int       *minimum)
{
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, minimum, NULL, NULL, NULL);
  return gtk_widget_get_width (GTK_WIDGET (window));
}

/* Point 2 of the window: at 1280×800, nothing widens the window: opening the level, the paint
 * tool and the object tool clicked for real, every tab of the page clicked for real. The
 * window's minimum width stays within the 1280-px screen too. */
static void
test_window_keeps_width (void)
{
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrMarathonMapEditor *editor = NULL;
  TsrWindow *window;
  GtkWidget *page;
  int width, now, minimum;
  static const char *const tools[] = { "Paint", "Objects", "Select" };
  static const char *const tabs[] = { "Terminals", "Palettes", "Summary", "Map" };

  /* Before the level: the empty window's width, as GTK gave it. */
  {
    TsrWindow *empty = tsr_window_new (application);

    gtk_window_set_default_size (GTK_WINDOW (empty), 1280, 800);
    gtk_window_present (GTK_WINDOW (empty));
    g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (empty)));
    width = window_width (empty, &minimum);
    tsr_test_ui_close_window (empty);
  }
  window = open_level ("chronicles_DreamBrother.sceA", "width", &editor);
  if (window == NULL)
    return;
  page = tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE);
  now = window_width (window, &minimum);
  g_test_message ("1280×800: empty window %d px; with the level %d (minimum %d)", width, now, minimum);
  g_assert_cmpint (now, ==, width);
  g_assert_cmpint (minimum, <=, 1280);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  for (guint t = 0; t < G_N_ELEMENTS (tools); t++)
    {
      GtkWidget *button = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, tools[t]);

      g_assert_nonnull (button);
      g_assert_true (tsr_test_xtest_click (xtest, button));
      now = window_width (window, &minimum);
      g_test_message ("%s: window %d px (minimum %d)", tools[t], now, minimum);
      if (t == 0)
        tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-width-paint-1280.png");
      g_assert_cmpint (now, ==, width);
      g_assert_cmpint (minimum, <=, 1280);
    }
  for (guint t = 0; t < G_N_ELEMENTS (tabs); t++)
    {
      click_tab (xtest, page, tabs[t]);
      now = window_width (window, &minimum);
      g_test_message ("tab %s: window %d px (minimum %d)", tabs[t], now, minimum);
      g_assert_cmpint (now, ==, width);
      g_assert_cmpint (minimum, <=, 1280);
    }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* The inspector beside the map (the paned's end child). */
static GtkWidget *
inspector_side (TsrMarathonMapEditor *editor,
                GtkPaned            **paned)
{
  *paned = GTK_PANED (tsr_test_ui_get_widget (GTK_WIDGET (editor), GTK_TYPE_PANED));
  return gtk_paned_get_end_child (*paned);
}

/* Point 1 of the window: at 1920×1080 the map has the room, the inspector 320 px and "Nothing
 * selected" a line of it; a real drag of the handle 150 px left makes the inspector 150 px
 * wider, remembered for the next window (at 1280×800 too). */
static void
test_inspector_width (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.tessera.Tessera");
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrMarathonMapEditor *editor = NULL;
  TsrWindow *window;
  GtkPaned *paned;
  GtkWidget *side, *canvas, *nothing;
  GdkDisplay *display = gdk_display_get_default ();
  GdkMonitor *monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  GdkRectangle screen;
  int side_width, canvas_width, dragged;

  gdk_monitor_get_geometry (monitor, &screen);
  g_object_unref (monitor);
  g_assert_cmpint (screen.width, >=, 1920); /* TSR_TEST_SCREEN of the test's Xvfb */
  g_settings_reset (settings, "marathon-inspector-width");
  window = open_level_sized ("chronicles_DreamBrother.sceA", "inspector", 1920, 1080, &editor);
  if (window == NULL)
    return;
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 5));
  side = inspector_side (editor, &paned);
  canvas = GTK_WIDGET (tsr_marathon_map_editor_get_canvas (editor));
  side_width = gtk_widget_get_width (side);
  canvas_width = gtk_widget_get_width (canvas);
  nothing = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_mapped_label, "Nothing selected");
  g_test_message ("1920×1080: window %d, map %d, inspector %d px, “Nothing selected” %d px",
                  gtk_widget_get_width (GTK_WIDGET (window)), canvas_width, side_width,
                  nothing != NULL ? gtk_widget_get_width (nothing) : -1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-inspector-1920.png");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >=, 1900);
  g_assert_cmpint (ABS (side_width - 320), <=, 2);
  g_assert_cmpint (canvas_width, >=, 1920 - 320 - 40);
  g_assert_nonnull (nothing);
  g_assert_cmpint (gtk_widget_get_width (nothing), <=, 320);

  /* The handle, dragged 150 px left by real input. */
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  {
    double handle_x = gtk_paned_get_position (paned) + (gtk_widget_get_width (GTK_WIDGET (paned)) - gtk_paned_get_position (paned) - side_width) / 2.0;
    double y = gtk_widget_get_height (GTK_WIDGET (paned)) / 2.0;

    g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (paned), handle_x, y, 8, NULL, NULL));
    g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
    g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (paned), handle_x - 150, y, 8, NULL, NULL));
    g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  }
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
  dragged = gtk_widget_get_width (side);
  g_test_message ("dragged: inspector %d px, remembered %d", dragged, g_settings_get_int (settings, "marathon-inspector-width"));
  /* (GTK's drag threshold and the handle's half width: a few pixels either way) */
  g_assert_cmpint (ABS (dragged - 470), <=, 10);
  g_assert_cmpint (ABS (g_settings_get_int (settings, "marathon-inspector-width") - dragged), <=, 1);
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);

  /* The next window, at 1280×800: the width dragged to. */
  window = open_level ("chronicles_DreamBrother.sceA", "inspector-again", &editor);
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 5));
  side = inspector_side (editor, &paned);
  g_test_message ("1280×800: map %d, inspector %d px", gtk_widget_get_width (GTK_WIDGET (tsr_marathon_map_editor_get_canvas (editor))),
                  gtk_widget_get_width (side));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-inspector-1280.png");
  g_assert_cmpint (ABS (gtk_widget_get_width (side) - dragged), <=, 2);
  g_settings_reset (settings, "marathon-inspector-width");
  tsr_test_ui_close_window (window);
}

/* Point 4, the shapes browser: Import PNG… (a real click, the file chooser answered) puts a 13×7
 * picture into the selected bitmap; its info line says 13×7 at once. */
static void
test_bitmap_info_after_import (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("marathon");
  g_autofree char *path = NULL;
  g_autofree char *png = NULL;
  g_autofree char *before = NULL;
  g_autoptr(TsrImage) picture = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrShapesBrowser *browser;
  TsrShapesDocument *document;
  GtkWidget *summary, *import;
  gint found = -1;

  if (source == NULL)
    return;
  path = tsr_shapes_sample_write (source, work_dir);
  png = g_build_filename (work_dir, "thirteen-by-seven.png", NULL);
  picture = tsr_image_new (13, 7);
  for (guint y = 0; y < 7; y++)
    for (guint x = 0; x < 13; x++)
      tsr_image_set_pixel (picture, x, y, 0x204080ffu + (x << 24) + (y << 16));
  g_assert_true (tsr_image_save_png (picture, png, &error));
  g_assert_no_error (error);
  window = tsr_test_ui_open_in_window (application, path, 1280, 800, 200);
  browser = TSR_SHAPES_BROWSER (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_SHAPES_BROWSER));
  document = TSR_SHAPES_DOCUMENT (tsr_window_get_document (window));
  for (guint c = 0; c < 32 && found < 0; c++)
    {
      const TsrShapesCollection *collection = tsr_shapes_document_get_collection (document, c, 0);

      if (collection != NULL && collection->bitmaps->len > 0
          && ((const TsrShapesBitmap *) g_ptr_array_index (collection->bitmaps, 0))->width != 13)
        found = (gint) c;
    }
  g_assert_cmpint (found, >=, 0);
  g_assert_true (tsr_shapes_browser_select_collection (browser, (guint) found, 0));
  tsr_shapes_browser_show (browser, TSR_SHAPES_PART_BITMAP, 0);
  tsr_test_ui_iterate_for (200);
  summary = tsr_shapes_browser_get_field_widget (browser, "summary");
  g_assert_nonnull (summary);
  before = g_strdup (gtk_label_get_text (GTK_LABEL (summary)));
  g_assert_true (g_str_has_prefix (before, "Bitmap 0: "));
  g_assert_null (strstr (before, "13×7"));

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  import = tsr_test_ui_find_widget (GTK_WIDGET (browser), tsr_test_ui_match_button_label, "_Import PNG…");
  g_assert_nonnull (import);
  g_assert_true (tsr_test_xtest_click (xtest, import));
  tsr_test_ui_answer_file_chooser (png, GTK_FILE_CHOOSER_ACTION_OPEN, screenshot_dir, "marathon-handson-import-dialog.png");
  tsr_test_ui_iterate_for (300);
  g_assert_cmpint (((const TsrShapesBitmap *) g_ptr_array_index (tsr_shapes_document_get_collection (document, (guint) found, 0)->bitmaps, 0))->width, ==, 13);
  summary = tsr_shapes_browser_get_field_widget (browser, "summary");
  g_test_message ("before: %s; after: %s", before, gtk_label_get_text (GTK_LABEL (summary)));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-bitmap-imported.png");
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (summary)), "Bitmap 0: 13×7, "));
  g_assert_true (gtk_widget_get_mapped (summary));

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* Point 5: an annotation made by real input, saved by Ctrl+S and read back by the codec. */
static void
test_create_annotation (void)
{
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *bytes = NULL;
  gsize size = 0;
  TsrMarathonMapEditor *editor = NULL;
  TsrWindow *window = open_level ("chronicles_DreamBrother.sceA", "annotation", &editor);
  TsrMarathonDocument *document;
  TsrMarathonLevelMap *level_map;
  TsrMapCanvas *canvas;
  TsrMapViewport viewport;
  TsrUndoStack *stack;
  GtkWidget *objects, *kinds, *entry;
  g_autofree char *path = NULL;
  TsrMarathonMap *reread;
  const TsrMarathonLevel *level;
  TsrMarathonAnnotation added;
  guint level_index, n_before, depth;
  gint polygon = -1;
  double px = 0, py = 0;

  if (window == NULL)
    return;
  document = TSR_MARATHON_DOCUMENT (tsr_window_get_document (window));
  path = g_file_get_path (tsr_document_get_file (TSR_DOCUMENT (document)));
  level_index = tsr_marathon_document_get_current_level (document);
  level_map = tsr_marathon_map_editor_get_level_map (editor);
  level = tsr_marathon_level_map_get_level (level_map);
  n_before = level->annotations != NULL ? level->annotations->len : 0;
  stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  canvas = tsr_marathon_map_editor_get_canvas (editor);
  tsr_map_canvas_zoom_to_fit (canvas);
  tsr_test_ui_iterate_for (200);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  /* A whole pixel of the view (XTest clicks on whole pixels) well inside a polygon: the pixels
   * 16 away on every side are in it too, so the point snapped to the grid is. */
  for (int y = 40; y < gtk_widget_get_height (GTK_WIDGET (canvas)) - 40 && polygon < 0; y += 7)
    for (int x = 40; x < gtk_widget_get_width (GTK_WIDGET (canvas)) - 40 && polygon < 0; x += 7)
      {
        gint here = -2;

        for (int k = 0; k < 5 && here != -1; k++)
          {
            static const int dx[] = { 0, -16, 16, 0, 0 }, dy[] = { 0, 0, 0, -16, 16 };
            double mx, my;
            gint at;

            tsr_map_viewport_to_map (&viewport, x + dx[k], y + dy[k], &mx, &my);
            at = tsr_marathon_level_map_polygon_at (level_map, (gint16) lround (mx), (gint16) lround (my));
            here = here == -2 || here == at ? at : -1;
          }
        if (here >= 0)
          polygon = here, px = x, py = y;
      }
  g_assert_cmpint (polygon, >=, 0);

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  objects = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Objects");
  g_assert_nonnull (objects);
  g_assert_true (tsr_test_xtest_click (xtest, objects));
  tsr_test_ui_iterate_for (100);
  kinds = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_tooltip, "Kind of object to place");
  g_assert_nonnull (kinds);
  g_assert_true (tsr_test_xtest_choose (xtest, kinds, "Annotation"));
  tsr_test_ui_iterate_for (100);
  entry = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_ENTRY));
  while (entry != NULL && !gtk_widget_get_mapped (entry))
    entry = NULL;
  g_assert_nonnull (entry);
  g_assert_true (tsr_test_xtest_click (xtest, entry));
  tsr_test_xtest_type_text (xtest, "reactor room");
  tsr_test_ui_iterate_for (100);
  depth = tsr_undo_stack_get_depth (stack);
  g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), px, py));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-handson-annotation.png");
  level = tsr_marathon_level_map_get_level (level_map);
  g_assert_cmpuint (level->annotations->len, ==, n_before + 1);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
  tsr_test_xtest_save (xtest, window);

  g_assert_true (g_file_get_contents (path, &bytes, &size, &error));
  g_assert_no_error (error);
  reread = tsr_marathon_map_parse ((const guint8 *) bytes, size, path, &error);
  g_assert_no_error (error);
  level = g_ptr_array_index (reread->levels, level_index);
  g_assert_cmpuint (level->annotations->len, ==, n_before + 1);
  added = g_array_index (level->annotations, TsrMarathonAnnotation, n_before);
  g_assert_cmpstr ((const char *) added.text, ==, "reactor room");
  g_assert_cmpint (added.type, ==, 0);
  g_assert_cmpint (added.polygon_index, ==, polygon);
  {
    double mx, my;

    /* where the click was, on the ½-WU grid the editor snaps to */
    tsr_map_viewport_to_map (&viewport, px, py, &mx, &my);
    g_test_message ("annotation at %d, %d on polygon %d; the click at %.0f, %.0f", added.location.x, added.location.y,
                    added.polygon_index, mx, my);
    g_assert_cmpfloat (fabs (added.location.x - mx), <=, 256 + 1 / viewport.zoom + 1);
    g_assert_cmpfloat (fabs (added.location.y - my), <=, 256 + 1 / viewport.zoom + 1);
  }
  tsr_marathon_map_free (reread);

  /* One real Ctrl+Z takes it away. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Escape, 0));
  gtk_widget_grab_focus (GTK_WIDGET (canvas));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (150);
  level = tsr_marathon_level_map_get_level (level_map);
  g_assert_cmpuint (level->annotations != NULL ? level->annotations->len : 0, ==, n_before);

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-handson-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/marathon-handson-ui/growing-bounds", test_growing_bounds_keep_pointer);
  g_test_add_func ("/marathon-handson-ui/orphan-points", test_delete_line_drops_orphan_points);
  g_test_add_func ("/marathon-handson-ui/level-move-labels", test_level_move_labels);
  g_test_add_func ("/marathon-handson-ui/inspector-labels", test_inspector_labels);
  g_test_add_func ("/marathon-handson-ui/terminal-status", test_terminal_status_follows_text);
  g_test_add_func ("/marathon-handson-ui/empty-sequence", test_empty_sequence_says_no_frames);
  g_test_add_func ("/marathon-handson-ui/window-keeps-width", test_window_keeps_width);
  g_test_add_func ("/marathon-handson-ui/inspector-width", test_inspector_width);
  g_test_add_func ("/marathon-handson-ui/bitmap-info-after-import", test_bitmap_info_after_import);
  g_test_add_func ("/marathon-handson-ui/create-annotation", test_create_annotation);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
