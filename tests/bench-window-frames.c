/* bench-window-frames.c: the frame times a user feels (issue 35). The editor in a real 1920×1080
 * window (run under Xvfb at that size by with-own-display.sh), on the largest real file of each
 * family (Marathon: the level with the most polygons of any scenario in the test data), driven by
 * real X input through XTest: the pointer hovering over the map, Ctrl+wheel zoom steps in and
 * out, and middle-button drags panning the map zoomed in. Every cycle of the map canvas's frame
 * clock is timed from its before-paint to its after-paint signal (layout, snapshot and GSK's
 * rendering into the window); the median and the 95th percentile of each gesture are printed, in
 * wall time and in the main thread's CPU time (steadier on a shared machine). meson runs it with
 * GTK's cairo renderer (GSK_RENDERER=cairo: Xvfb's GL is software, which would measure llvmpipe);
 * the renderer's name is printed. Then the cost of an idle Doom2D view whose textures animate.
 * A benchmark: it prints figures and never fails on them (goal: zoom step ≤ 16 ms, pan ≤ 8 ms,
 * p95 ≤ 2× median). */
#include <glib/gstdio.h>
#include <time.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/tsr-format.h"
#include "model/marathon/tsr-marathon-document.h"
#include "tsr-test-common.h"
#include "tsr-test-frame-times.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"
#include "views/tsr-map-canvas.h"

#define WIDTH 1920
#define HEIGHT 1080

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

static void
report (const char *family, const char *gesture, TsrTestFrameTimes *times)
{
  double wall_median, wall_p95, cpu_median, cpu_p95;

  tsr_test_frame_times_percentiles (times->wall, &wall_median, &wall_p95);
  tsr_test_frame_times_percentiles (times->cpu, &cpu_median, &cpu_p95);
  g_print ("%-9s %-10s frames %4u  wall median %6.2f ms p95 %6.2f ms  |  CPU median %6.2f ms p95 %6.2f ms\n",
           family, gesture, times->wall->len, wall_median, wall_p95, cpu_median, cpu_p95);
  tsr_test_frame_times_reset (times);
}

/* Moves the pointer to (X, Y) of CANVAS in steps of STEP pixels, as a hand would. */
static void
move (TsrTestXTest *xtest, GtkWidget *canvas, double x, double y, double step)
{
  if (!tsr_test_xtest_move_to (xtest, canvas, x, y, step, NULL, NULL))
    g_error ("the pointer's motion to %.0f,%.0f was not dispatched", x, y);
}

/* Hover, zoom and pan over CANVAS; the figures under FAMILY. */
static void
measure (const char *family, TsrWindow *window, GtkWidget *canvas)
{
  g_autoptr(TsrTestXTest) xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  TsrTestFrameTimes times;
  double w = gtk_widget_get_width (canvas), h = gtk_widget_get_height (canvas);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));

  g_print ("%-9s canvas %.0fx%.0f in a %dx%d window, renderer %s\n", family, w, h,
           gtk_widget_get_width (GTK_WIDGET (window)), gtk_widget_get_height (GTK_WIDGET (window)),
           renderer != NULL ? G_OBJECT_TYPE_NAME (renderer) : "(none)");
  tsr_test_frame_times_start (&times, canvas, CLOCK_THREAD_CPUTIME_ID);
  tsr_map_canvas_zoom_to_fit (TSR_MAP_CANVAS (canvas));
  move (xtest, canvas, w * 0.2, h * 0.2, 8);
  g_assert_true (tsr_test_ui_wait_for_frames (canvas, 3));
  tsr_test_frame_times_reset (&times);

  /* Hover: the pointer crosses the fitted map and back (the status line follows it). */
  for (int pass = 0; pass < 2; pass++)
    {
      move (xtest, canvas, w * 0.8, h * 0.8, 6);
      move (xtest, canvas, w * 0.2, h * 0.8, 6);
      move (xtest, canvas, w * 0.2, h * 0.2, 6);
    }
  g_assert_true (tsr_test_ui_wait_for_frames (canvas, 2));
  report (family, "hover", &times);

  /* Zoom: Ctrl+wheel steps at the middle, in and out again, each step drawn before the next. */
  move (xtest, canvas, w / 2, h / 2, 16);
  g_assert_true (tsr_test_ui_wait_for_frames (canvas, 2));
  tsr_test_frame_times_reset (&times);
  tsr_test_xtest_hold_key (xtest, GDK_KEY_Control_L, TRUE);
  for (int pass = 0; pass < 2; pass++)
    for (int direction = 0; direction < 2; direction++)
      for (int i = 0; i < 6; i++)
        {
          g_assert_true (tsr_test_xtest_scroll (xtest, direction == 0 ? 4 : 5));
          g_assert_true (tsr_test_ui_wait_for_frames (canvas, 1));
        }
  tsr_test_xtest_hold_key (xtest, GDK_KEY_Control_L, FALSE);
  g_assert_true (tsr_test_ui_wait_for_frames (canvas, 2));
  report (family, "zoom", &times);

  /* Pan zoomed in (four steps in from the fitted view): middle-button drags across the window. */
  tsr_map_canvas_zoom_to_fit (TSR_MAP_CANVAS (canvas));
  tsr_test_xtest_hold_key (xtest, GDK_KEY_Control_L, TRUE);
  for (int i = 0; i < 4; i++)
    {
      g_assert_true (tsr_test_xtest_scroll (xtest, 4));
      g_assert_true (tsr_test_ui_wait_for_frames (canvas, 1));
    }
  tsr_test_xtest_hold_key (xtest, GDK_KEY_Control_L, FALSE);
  move (xtest, canvas, w * 0.25, h * 0.5, 16);
  g_assert_true (tsr_test_ui_wait_for_frames (canvas, 2));
  tsr_test_frame_times_reset (&times);
  for (int pass = 0; pass < 3; pass++)
    {
      g_assert_true (tsr_test_xtest_button (xtest, 2, TRUE));
      move (xtest, canvas, w * 0.75, h * 0.5, 6);
      g_assert_true (tsr_test_xtest_button (xtest, 2, FALSE));
      g_assert_true (tsr_test_xtest_button (xtest, 2, TRUE));
      move (xtest, canvas, w * 0.25, h * 0.5, 6);
      g_assert_true (tsr_test_xtest_button (xtest, 2, FALSE));
    }
  g_assert_true (tsr_test_ui_wait_for_frames (canvas, 2));
  report (family, "pan", &times);

  tsr_test_frame_times_stop (&times);
}

/* The map canvas on show in WINDOW. */
static GtkWidget *
shown_canvas (TsrWindow *window)
{
  GtkWidget *canvas = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                               GSIZE_TO_POINTER (TSR_TYPE_MAP_CANVAS));

  g_assert_nonnull (canvas);
  g_assert_true (tsr_test_ui_wait_for_size (canvas));
  return canvas;
}

/* The Marathon level with the most polygons among the real scenarios: its file and index. */
static char *
largest_marathon_level (guint *index, guint *n_polygons)
{
  g_autofree char *folder = tsr_test_ui_data_dir ("marathon");
  const char *suffixes[] = { ".sceA", ".scen", ".sceA.as", NULL };
  g_autoptr(GPtrArray) files = NULL;
  char *largest = NULL;

  *n_polygons = 0;
  if (folder == NULL)
    return NULL;
  files = tsr_test_data_list (folder, suffixes);
  for (guint f = 0; f < files->len; f++)
    {
      const TsrFormat *format = NULL;
      gpointer data = tsr_format_load_file (tsr_format_registry_get_default (), g_ptr_array_index (files, f), &format,
                                            NULL);
      TsrMarathonScenario *scenario = format == tsr_marathon_map_format () ? data : NULL;

      for (guint l = 0; scenario != NULL && l < scenario->map->levels->len; l++)
        {
          TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, l);

          if (level->polygons->len > *n_polygons)
            {
              *n_polygons = level->polygons->len;
              *index = l;
              g_free (largest);
              largest = g_path_get_basename (g_ptr_array_index (files, f));
            }
        }
      if (data != NULL)
        format->free (data);
    }
  return largest;
}

static void
bench_marathon (void)
{
  guint index = 0, n_polygons = 0;
  g_autofree char *name = largest_marathon_level (&index, &n_polygons);
  g_autofree char *path = name != NULL ? tsr_test_ui_copy_data_file ("marathon", name, work_dir, "marathon") : NULL;
  TsrWindow *window;

  if (path == NULL)
    return;
  g_print ("marathon  %s level %u: %u polygons\n", name, index, n_polygons);
  window = tsr_test_ui_open_in_window (application, path, WIDTH, HEIGHT, 200);
  tsr_marathon_document_set_current_level (TSR_MARATHON_DOCUMENT (tsr_window_get_document (window)), index);
  tsr_test_ui_iterate_for (300);
  measure ("marathon", window, shown_canvas (window));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "bench-window-frames-marathon.png");
  tsr_test_ui_hide_window (window);
}

/* The largest file of FAMILY with one of SUFFIXES (by size): its maps are the largest. */
static void
bench_largest_file (const char *family, const char *const *suffixes)
{
  g_autofree char *folder = tsr_test_ui_data_dir (family);
  g_autoptr(GPtrArray) files = NULL;
  g_autofree char *name = NULL, *path = NULL, *shot = NULL;
  goffset largest = -1;
  TsrWindow *window;

  if (folder == NULL)
    return;
  files = tsr_test_data_list (folder, suffixes);
  for (guint f = 0; f < files->len; f++)
    {
      GStatBuf st;

      if (g_stat (g_ptr_array_index (files, f), &st) == 0 && st.st_size > largest)
        {
          largest = st.st_size;
          g_free (name);
          name = g_path_get_basename (g_ptr_array_index (files, f));
        }
    }
  g_assert_nonnull (name);
  path = tsr_test_ui_copy_data_file (family, name, work_dir, family);
  g_print ("%-9s %s (%" G_GOFFSET_FORMAT " bytes)\n", family, name, largest);
  window = tsr_test_ui_open_in_window (application, path, WIDTH, HEIGHT, 300);
  measure (family, window, shown_canvas (window));
  shot = g_strdup_printf ("bench-window-frames-%s.png", family);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, shot);
  tsr_test_ui_hide_window (window);
}

static void
bench_doom2d (void)
{
  const char *suffixes[] = { ".dfz", ".wad", NULL };

  bench_largest_file ("doom2d", suffixes);
}

/* Doom2D textures animate at the game's speed while the window is active: what an idle view
 * costs, on the real map with the most animated panels (Darklab.dfz, fitted), over 3 s without
 * input: frames a second, the process's CPU a second, and each frame's times. */
static void
bench_doom2d_animations (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("doom2d", "d2dfnix_Darklab.dfz", work_dir, "doom2d-idle");
  TsrTestFrameTimes times;
  TsrWindow *window;
  GtkWidget *canvas;
  gint64 start;
  double cpu_start;

  if (path == NULL)
    return;
  window = tsr_test_ui_open_in_window (application, path, WIDTH, HEIGHT, 300);
  canvas = shown_canvas (window);
  tsr_map_canvas_zoom_to_fit (TSR_MAP_CANVAS (canvas));
  g_assert_true (tsr_test_ui_wait_for_frames (canvas, 5));
  tsr_test_frame_times_start (&times, canvas, CLOCK_THREAD_CPUTIME_ID);
  start = g_get_monotonic_time ();
  cpu_start = tsr_test_cpu_ms (CLOCK_PROCESS_CPUTIME_ID);
  while (g_get_monotonic_time () - start < 3 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (1000), TRUE);
  g_print ("doom2d    idle, animated: %u frames in 3 s, process CPU %.0f ms a second\n", times.wall->len,
           (tsr_test_cpu_ms (CLOCK_PROCESS_CPUTIME_ID) - cpu_start) / 3);
  report ("doom2d", "animating", &times);
  tsr_test_frame_times_stop (&times);
  tsr_test_ui_hide_window (window);
}

static void
bench_sphere (void)
{
  const char *suffixes[] = { ".rmp", NULL };

  bench_largest_file ("sphere", suffixes);
}

int
main (int argc, char **argv)
{
  int status = 0;

  if (!tsr_test_xtest_begin (&argc, &argv, "bench-window-frames", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/bench-window-frames/marathon", bench_marathon);
  g_test_add_func ("/bench-window-frames/doom2d", bench_doom2d);
  g_test_add_func ("/bench-window-frames/doom2d-animations", bench_doom2d_animations);
  g_test_add_func ("/bench-window-frames/sphere", bench_sphere);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
