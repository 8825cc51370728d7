/* test-marathon-handson-ui.c: what a new user trips over in the Marathon map editor, by real X
 * input (XTest) on copies of a real level (issue 36).
 * - A line drawn out past the map's top-left grows the bounds up and left: the map point under
 *   the pointer stays where it was (the view used to re-centre under it).
 * - A line selected and deleted with the Delete key takes its endpoints no other line uses with
 *   it (as Weland does); one Ctrl+Z puts back the line and its points.
 * Screenshots: marathon-handson-*.png. */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "edit/tsr-vector-map.h"
#include "edit/tsr-vector-select-tool.h"
#include "views/marathon/tsr-marathon-map-editor.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/tsr-map-canvas.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

/* A real click where the pointer is moved to: view point (X, Y) of CANVAS. */
static void
click_at (TsrTestXTest *xtest,
          GtkWidget    *canvas,
          double        x,
          double        y)
{
  g_assert_true (tsr_test_xtest_move_to (xtest, canvas, x, y, 8, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (150);
}

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

/* Opens a copy of the real level NAME at 1280×800; returns its window and map editor. */
static TsrWindow *
open_level (const char            *name,
            const char            *subdir,
            TsrMarathonMapEditor **editor)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", name, work_dir, subdir);
  TsrWindow *window;
  TsrMarathonMapPage *page;

  if (path == NULL)
    return NULL;
  window = tsr_test_ui_open_in_window (application, path, 1280, 800, 100);
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
  click_at (xtest, GTK_WIDGET (canvas), ax, ay);
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
  click_at (xtest, GTK_WIDGET (canvas), ax, ay);
  click_at (xtest, GTK_WIDGET (canvas), bx, by);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Escape, 0));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT), ==, n_lines + 1);
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT), ==, n_points + 2);

  /* Selected by a click on its middle, deleted with the Delete key. */
  g_assert_true (tsr_test_xtest_click (xtest, select));
  tsr_test_ui_iterate_for (100);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  click_at (xtest, GTK_WIDGET (canvas), (ax + bx) / 2, ay);
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

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-handson-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/marathon-handson-ui/growing-bounds", test_growing_bounds_keep_pointer);
  g_test_add_func ("/marathon-handson-ui/orphan-points", test_delete_line_drops_orphan_points);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
