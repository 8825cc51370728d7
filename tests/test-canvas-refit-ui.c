/* test-canvas-refit-ui.c: a map opened and fitted in a 1280×800 window fits again when the window
 * grows to 1920×1080 (maximising right after opening) as long as the user has not zoomed or
 * panned; once the user zoomed (a real Ctrl+wheel notch over the map), a new window size keeps
 * their zoom. For each family's canvas: Marathon (the map editor's canvas), Wolf3D and Sphere (the
 * tile canvas) and Doom2D Forever (issue 36). Screenshots canvas-refit-FAMILY-*.png.
 * Runs on a 1920×1080 Xvfb (TSR_TEST_SCREEN); exits 77 without a display or XTest. */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "views/tsr-map-canvas.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static gboolean
match_mapped_canvas (GtkWidget    *widget,
                     gconstpointer data)
{
  return TSR_IS_MAP_CANVAS (widget) && gtk_widget_get_mapped (widget);
}

/* The zoom at which the map's content fits CANVAS as it is now (tsr_map_canvas_zoom_to_fit's). */
static double
fit_zoom (TsrMapCanvas *canvas)
{
  TsrVectorBounds bounds;

  tsr_map_canvas_get_content_bounds (canvas, &bounds);
  g_assert_false (tsr_vector_bounds_is_empty (&bounds));
  return MIN (gtk_widget_get_width (GTK_WIDGET (canvas)) / (bounds.x1 - bounds.x0),
              gtk_widget_get_height (GTK_WIDGET (canvas)) / (bounds.y1 - bounds.y0));
}

static void
assert_fitted (TsrMapCanvas *canvas,
               const char   *when)
{
  double zoom = tsr_map_canvas_get_zoom (canvas), fit = fit_zoom (canvas);

  g_test_message ("%s: canvas %d×%d, zoom %g, fit %g", when, gtk_widget_get_width (GTK_WIDGET (canvas)),
                  gtk_widget_get_height (GTK_WIDGET (canvas)), zoom, fit);
  g_assert_cmpfloat (fabs (zoom - fit), <=, fit * 1e-9);
}

/* The view each canvas drew its map at first (canvas → TsrMapViewport), from "draw-overlay". */
static GHashTable *first_views;

static gboolean
on_draw_overlay_hook (GSignalInvocationHint *hint,
                      guint                  n_values,
                      const GValue          *values,
                      gpointer               data)
{
  gpointer canvas = g_value_get_object (&values[0]);
  const TsrMapViewport *viewport = g_value_get_pointer (&values[2]);

  if (!g_hash_table_contains (first_views, canvas))
    g_hash_table_insert (first_views, canvas, g_memdup2 (viewport, sizeof *viewport));
  return TRUE;
}

/* The map's first frame was already at the fit for that frame's size: a fit one frame later drew it
 * at zoom 1 first (the whole map composited twice on opening, issue 35). */
static void
assert_first_frame_fitted (TsrMapCanvas *canvas)
{
  const TsrMapViewport *first = g_hash_table_lookup (first_views, canvas);
  TsrVectorBounds bounds;
  double fit;

  g_assert_nonnull (first);
  tsr_map_canvas_get_content_bounds (canvas, &bounds);
  fit = MIN (first->width / (bounds.x1 - bounds.x0), first->height / (bounds.y1 - bounds.y0));
  g_test_message ("first frame: %d×%d at zoom %g, fit %g", first->width, first->height, first->zoom, fit);
  g_assert_cmpfloat (fabs (first->zoom - fit), <=, fit * 1e-9);
}

/* Opens the copy at PATH in a 1280×800 window, grows the window to 1920×1080, zooms in by a real
 * Ctrl+wheel notch over the map and shrinks the window back. */
static void
check_refit (const char *path,
             const char *family)
{
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autofree char *shot = NULL;
  TsrWindow *window;
  TsrMapCanvas *canvas;
  double small_fit, zoom;
  int width, large_width;

  /* Canvases of earlier cases are gone: their addresses may come again. */
  g_hash_table_remove_all (first_views);
  window = tsr_test_ui_open_in_window (application, path, 1280, 800, 200);
  canvas = TSR_MAP_CANVAS (tsr_test_ui_find_widget (GTK_WIDGET (window), match_mapped_canvas, NULL));
  g_assert_nonnull (canvas);
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  /* Opened: the map fits, from its first frame on. */
  assert_fitted (canvas, "opened at 1280×800");
  if (g_str_equal (family, "sphere") || g_str_equal (family, "wolf3d"))
    assert_first_frame_fitted (canvas);
  small_fit = tsr_map_canvas_get_zoom (canvas);
  width = gtk_widget_get_width (GTK_WIDGET (canvas));

  /* Maximised right after opening: the map fits the larger view. */
  g_assert_true (tsr_test_ui_resize_window (GTK_WINDOW (window), 1920, 1080));
  shot = g_strdup_printf ("canvas-refit-%s-1920.png", family);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, shot);
  large_width = gtk_widget_get_width (GTK_WIDGET (canvas));
  /* The map gets the room the window gained (the side bar or inspector keeps its width). */
  g_assert_cmpint (large_width, >=, width + 600);
  assert_fitted (canvas, "grown to 1920×1080");
  g_assert_cmpfloat (tsr_map_canvas_get_zoom (canvas), >, small_fit);

  /* The user zooms in (a real Ctrl+wheel notch over the map's centre): the view is theirs, and
   * shrinking the window keeps their zoom. */
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), gtk_widget_get_width (GTK_WIDGET (canvas)) / 2.0,
                                         gtk_widget_get_height (GTK_WIDGET (canvas)) / 2.0, 16, NULL, NULL));
  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Control_L, TRUE));
  g_assert_true (tsr_test_xtest_scroll (xtest, 4));
  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Control_L, FALSE));
  tsr_test_ui_iterate_for (50);
  zoom = tsr_map_canvas_get_zoom (canvas);
  g_assert_cmpfloat (zoom, >, fit_zoom (canvas) * 1.1);
  g_assert_true (tsr_test_ui_resize_window (GTK_WINDOW (window), 1280, 800));
  g_clear_pointer (&shot, g_free);
  shot = g_strdup_printf ("canvas-refit-%s-zoomed-1280.png", family);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, shot);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (canvas)), <, large_width);
  g_test_message ("zoomed by the user: %g, after shrinking %g", zoom, tsr_map_canvas_get_zoom (canvas));
  g_assert_cmpfloat (tsr_map_canvas_get_zoom (canvas), ==, zoom);

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_hide_window (window);
}

static void
test_marathon (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir, "marathon");

  if (path != NULL)
    check_refit (path, "marathon");
}

static void
test_wolf3d (void)
{
  static const char *const files[] = {
    "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1",
    "VGAHEAD.WL1", "VSWAP.WL1", NULL,
  };
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *dir = NULL, *path = NULL;

  if (source == NULL)
    {
      g_test_skip ("no Wolf3D test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, files, work_dir, "wolf3d");
  path = g_build_filename (dir, "MAPHEAD.WL1", NULL);
  check_refit (path, "wolf3d");
}

static void
test_sphere (void)
{
  static const char *const files[] = { "village.rmp", "outside_neo.rts", NULL };
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *dir = NULL, *path = NULL;

  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, files, work_dir, "sphere");
  path = g_build_filename (dir, "village.rmp", NULL);
  check_refit (path, "sphere");
}

static void
test_doom2d (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("doom2d", "df_MAP01.map", work_dir, "doom2d");

  if (path != NULL)
    check_refit (path, "doom2d");
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "canvas-refit-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  first_views = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_type_class_unref (g_type_class_ref (TSR_TYPE_MAP_CANVAS));
  g_signal_add_emission_hook (g_signal_lookup ("draw-overlay", TSR_TYPE_MAP_CANVAS), 0, on_draw_overlay_hook, NULL, NULL);
  g_test_add_func ("/canvas-refit-ui/marathon", test_marathon);
  g_test_add_func ("/canvas-refit-ui/wolf3d", test_wolf3d);
  g_test_add_func ("/canvas-refit-ui/sphere", test_sphere);
  g_test_add_func ("/canvas-refit-ui/doom2d", test_doom2d);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
