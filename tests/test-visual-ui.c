/* test-visual-ui.c: the Marathon map editor's visual (3D) mode driven by real X input (XTest under
 * Xvfb) on a copy of Dream Brother with a Shapes file built from the real patches: V enters the
 * 3D view, W walks (the eye keeps its height above the floor), a click on a wall selects its line in the shared selection, T applies the
 * chosen texture to it, Ctrl+Right moves its offset, a click on a floor and a wheel step raise
 * that floor by 1/8 WU; Ctrl+Z undoes the three, Ctrl+Shift+Z redoes them, V goes back to the 2D
 * map with the floor's polygon still selected, Ctrl+S saves, and the codec finds exactly those
 * fields changed (with the derived data the save computes). Screenshots of the 3D view. Exits 77
 * without a display or XTest. */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "render/tsr-visual-walk.h"
#include "views/visual/tsr-visual-view.h"
#include "tsr-shapes-sample.h"
#include "tsr-test-ui.h"
#include "tsr-test-visual-marathon.h"
#include "tsr-test-visual-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static gboolean
is_textured_side (const TsrVisualSurface *surface, const TsrMarathonLevel *level)
{
  return (surface->part == TSR_VISUAL_PART_WALL_FULL || surface->part == TSR_VISUAL_PART_WALL_HIGH)
         && surface->index >= 0 && (guint) surface->index < level->sides->len && surface->texture.slot == 0;
}

static gboolean
is_floor (const TsrVisualSurface *surface, const TsrMarathonLevel *level)
{
  return surface->part == TSR_VISUAL_PART_FLOOR;
}

static void
test_visual_mode (void)
{
  g_auto(TsrTestVisualMarathon) set_up = { 0 };
  static const char *const files[] = { "chronicles_DreamBrother.sceA", NULL };
  const char *path;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  GBytes *original;
  g_autoptr(GBytes) saved = NULL;
  TsrMarathonScenario *before;
  g_autoptr(TsrMarathonScenario) after = NULL;
  TsrMarathonLevel *level, *a_level, *b_level;
  TsrWindow *window;
  TsrMarathonMapEditor *editor;
  TsrMarathonLevelMap *map;
  TsrVisualView *view;
  GtkStack *stack;
  TsrUndoStack *undo;
  TsrSelection *selection;
  const TsrVisualSurface *picked;
  TsrVisualCamera start;
  const TsrElementRef *elements;
  guint n_elements, frames, collection, side, polygon;
  gint16 old_x0, old_floor;
  guint16 texture;
  double x, y;

  if (!tsr_test_visual_marathon_open (&set_up, application, files, work_dir, "visual-ui"))
    return;
  path = set_up.path;
  original = set_up.original;
  before = set_up.before;
  collection = set_up.collection;
  a_level = g_ptr_array_index (before->map->levels, 0);
  window = set_up.window;
  editor = set_up.editor;
  map = set_up.map;
  level = set_up.level;
  undo = set_up.undo;
  view = set_up.view;
  selection = tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor));
  stack = GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (view)));
  g_assert_true (GTK_IS_STACK (stack));

  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);

  /* V: into the visual mode, at the player start. */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (tsr_marathon_map_editor_get_canvas (editor))));
  tsr_test_visual_key (xtest, GDK_KEY_v, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "3d");
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (view)));
  tsr_test_visual_wait_frames (view, 0);
  g_assert_null (tsr_visual_view_get_error (view));
  start = *tsr_visual_view_get_camera (view);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-ui-start.png");

  /* W held: the camera walks forward along its facing. */
  frames = tsr_visual_view_get_n_frames (view);
  {
    gint64 began = g_get_monotonic_time ();
    double elapsed;

    g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_w, TRUE));
    tsr_test_ui_iterate_for (250);
    g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_w, FALSE));
    elapsed = (g_get_monotonic_time () - began) / 1000.0;
    /* What the user sees while walking (GTK's compositing included); a figure, not a test. */
    g_test_message ("walking: %u frames in %.0f ms of the window's frame clock (%.1f ms a frame, %dx%d view)",
                    tsr_visual_view_get_n_frames (view) - frames, elapsed,
                    elapsed / MAX (1u, tsr_visual_view_get_n_frames (view) - frames),
                    gtk_widget_get_width (GTK_WIDGET (view)), gtk_widget_get_height (GTK_WIDGET (view)));
  }
  tsr_test_ui_iterate_for (100);
  {
    const TsrVisualCamera *camera = tsr_visual_view_get_camera (view);
    float moved = (camera->position[0] - start.position[0]) * cosf (start.yaw)
                  + (camera->position[1] - start.position[1]) * sinf (start.yaw);

    gint from = tsr_visual_walk_marathon_polygon_at (level, start.position[0], start.position[1]);
    gint to = tsr_visual_walk_marathon_polygon_at (level, camera->position[0], camera->position[1]);

    g_test_message ("walked %.3f WU, from polygon %d to %d", moved, from, to);
    g_assert_cmpfloat (moved, >, 0.05f);
    /* Level whatever the pitch; up a step or down a ledge the eye keeps its height above the floor. */
    g_assert_cmpint (from, >=, 0);
    g_assert_cmpint (to, >=, 0);
    g_assert_cmpfloat_with_epsilon (camera->position[2] - start.position[2],
                                    (g_array_index (level->polygons, TsrMarathonPolygon, to).floor_height
                                     - g_array_index (level->polygons, TsrMarathonPolygon, from).floor_height) / 1024.0f,
                                    1e-4);
  }
  /* Back to the start, so what follows does not depend on how far the walk went. */
  tsr_visual_view_set_camera (view, &start);
  frames = tsr_visual_view_get_n_frames (view);
  tsr_test_visual_wait_frames (view, frames);

  /* A click on a wall: its line is selected, the side picked. */
  g_assert_true (tsr_test_visual_find_pixel (view, level, is_textured_side, &x, &y));
  tsr_test_visual_click_at (xtest, GTK_WIDGET (view), x, y);
  picked = tsr_visual_view_get_picked (view);
  g_assert_nonnull (picked);
  g_assert_true (is_textured_side (picked, level));
  side = (guint) picked->index;
  elements = tsr_selection_get_elements (selection, &n_elements);
  g_assert_cmpuint (n_elements, ==, 1);
  g_assert_cmpint (elements[0].kind, ==, TSR_ELEMENT_SEGMENT);
  g_assert_cmpuint (elements[0].index, ==, (guint) g_array_index (level->sides, TsrMarathonSide, side).line_index);

  /* T applies the chosen texture (the paint picker's choice) to it; Ctrl+Right moves it. */
  texture = TSR_MARATHON_DESCRIPTOR (collection, 0, 7);
  if (g_array_index (level->sides, TsrMarathonSide, side).primary_texture.texture == (gint16) texture)
    texture = TSR_MARATHON_DESCRIPTOR (collection, 0, 8);
  tsr_visual_view_set_texture (view, texture);
  tsr_test_visual_key (xtest, GDK_KEY_t, 0);
  g_assert_cmpint (g_array_index (level->sides, TsrMarathonSide, side).primary_texture.texture, ==, (gint16) texture);
  old_x0 = g_array_index (level->sides, TsrMarathonSide, side).primary_texture.x0;
  tsr_test_visual_key (xtest, GDK_KEY_Right, GDK_CONTROL_MASK);
  g_assert_cmpint (g_array_index (level->sides, TsrMarathonSide, side).primary_texture.x0, ==, old_x0 + 64);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-ui-wall.png");

  /* A click on a floor and a wheel step up: the floor rises by 1/8 WU. */
  g_assert_true (tsr_test_visual_find_pixel (view, level, is_floor, &x, &y));
  tsr_test_visual_click_at (xtest, GTK_WIDGET (view), x, y);
  picked = tsr_visual_view_get_picked (view);
  g_assert_nonnull (picked);
  g_assert_cmpint (picked->part, ==, TSR_VISUAL_PART_FLOOR);
  polygon = (guint) picked->index;
  old_floor = g_array_index (level->polygons, TsrMarathonPolygon, polygon).floor_height;
  frames = tsr_visual_view_get_n_frames (view);
  g_assert_true (tsr_test_xtest_scroll (xtest, 4));
  tsr_test_ui_iterate_for (150);
  g_assert_cmpint (g_array_index (level->polygons, TsrMarathonPolygon, polygon).floor_height, ==, old_floor + 128);
  /* The view draws the raised floor. */
  tsr_test_visual_wait_frames (view, frames);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-ui-floor.png");
  g_assert_cmpuint (tsr_undo_stack_get_position (undo), ==, 3);

  /* Undo the three, redo them, with real keys in the 3D view. */
  tsr_test_visual_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpint (g_array_index (level->polygons, TsrMarathonPolygon, polygon).floor_height, ==, old_floor);
  tsr_test_visual_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpint (g_array_index (level->sides, TsrMarathonSide, side).primary_texture.x0, ==, old_x0);
  tsr_test_visual_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpint (g_array_index (level->sides, TsrMarathonSide, side).primary_texture.texture, ==,
                   g_array_index (a_level->sides, TsrMarathonSide, side).primary_texture.texture);
  g_assert_cmpuint (tsr_undo_stack_get_position (undo), ==, 0);
  for (guint r = 0; r < 3; r++)
    tsr_test_visual_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpuint (tsr_undo_stack_get_position (undo), ==, 3);
  g_assert_cmpint (g_array_index (level->polygons, TsrMarathonPolygon, polygon).floor_height, ==, old_floor + 128);

  /* V: back to the 2D map, the floor's polygon still selected. */
  tsr_test_visual_key (xtest, GDK_KEY_v, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "2d");
  elements = tsr_selection_get_elements (selection, &n_elements);
  g_assert_cmpuint (n_elements, ==, 1);
  g_assert_cmpint (elements[0].kind, ==, TSR_ELEMENT_POLYGON);
  g_assert_cmpuint (elements[0].index, ==, polygon);

  /* C over the 2D map: the camera stands where the pointer is, on that floor; the map shows it. */
  {
    TsrMapCanvas *canvas = tsr_marathon_map_editor_get_canvas (editor);
    TsrMapViewport viewport;
    const TsrVisualCamera *camera;
    double mx, my, cx = gtk_widget_get_width (GTK_WIDGET (canvas)) / 2.0, cy = gtk_widget_get_height (GTK_WIDGET (canvas)) / 2.0;
    gint under;

    g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), cx, cy, 40, NULL, NULL));
    tsr_test_ui_iterate_for (100);
    tsr_map_canvas_get_viewport (canvas, &viewport);
    tsr_map_viewport_to_map (&viewport, cx, cy, &mx, &my);
    tsr_test_visual_key (xtest, GDK_KEY_c, 0);
    camera = tsr_visual_view_get_camera (view);
    /* Within two view pixels (the pointer lands on whole pixels). */
    {
      double px, py, tolerance;

      tsr_map_viewport_to_map (&viewport, cx + 2, cy, &px, &py);
      tolerance = fabs (px - mx);
      g_assert_cmpfloat (fabs (camera->position[0] * 1024.0 - mx), <, tolerance);
      g_assert_cmpfloat (fabs (camera->position[1] * 1024.0 - my), <, tolerance);
    }
    /* On the floor of the polygon where it stands (the pointer's whole pixel may lie across a
     * line from the view's centre). */
    under = tsr_marathon_level_map_polygon_at (map, camera->position[0] * 1024.0, camera->position[1] * 1024.0);
    if (under >= 0)
      g_assert_cmpfloat (fabs (camera->position[2] - (g_array_index (level->polygons, TsrMarathonPolygon, under).floor_height / 1024.0 + 0.7)), <, 1e-3);
    tsr_test_ui_iterate_for (200);
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-ui-back-2d.png");

  tsr_test_visual_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK);
  tsr_test_ui_iterate_for (200);
  g_assert_false (tsr_document_get_modified (tsr_window_get_document (window)));

  /* Exactly those fields changed (and what the save derives from the new floor height). */
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  after = tsr_marathon_scenario_load (saved, "saved", &error);
  g_assert_no_error (error);
  b_level = g_ptr_array_index (after->map->levels, 0);
  g_array_index (a_level->sides, TsrMarathonSide, side).primary_texture.texture = (gint16) texture;
  g_array_index (a_level->sides, TsrMarathonSide, side).primary_texture.x0 = (gint16) (old_x0 + 64);
  g_array_index (a_level->polygons, TsrMarathonPolygon, polygon).floor_height = (gint16) (old_floor + 128);
  tsr_marathon_derive_level (a_level);
  g_assert_cmpuint (b_level->polygons->len, ==, a_level->polygons->len);
  g_assert_cmpmem (a_level->polygons->data, a_level->polygons->len * sizeof (TsrMarathonPolygon),
                   b_level->polygons->data, b_level->polygons->len * sizeof (TsrMarathonPolygon));
  g_assert_cmpmem (a_level->lines->data, a_level->lines->len * sizeof (TsrMarathonLine),
                   b_level->lines->data, b_level->lines->len * sizeof (TsrMarathonLine));
  g_assert_cmpmem (a_level->sides->data, a_level->sides->len * sizeof (TsrMarathonSide),
                   b_level->sides->data, b_level->sides->len * sizeof (TsrMarathonSide));
  g_assert_cmpmem (a_level->objects->data, a_level->objects->len * sizeof (TsrMarathonObject),
                   b_level->objects->data, b_level->objects->len * sizeof (TsrMarathonObject));
  g_assert_cmpuint (g_bytes_get_size (saved), ==, g_bytes_get_size (original));
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (100);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "visual-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  g_test_add_func ("/visual-ui/visual-mode", test_visual_mode);
  status = g_test_run ();
  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
