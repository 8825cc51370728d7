/* bench-visual-window.c: the visual (3D) mode's frames in a real window, for choosing GTK's
 * renderer (issue 35). A real Marathon level (chronicles_DreamBrother.sceA, its first level, with
 * a test Shapes file holding its walls) in the map editor of a 1910×1070 window under Xvfb at
 * 1920×1080; V enters the visual mode, then the Left key is held down by XTest for 2 s: the camera
 * turns and every cycle of the window's frame clock draws the scene anew (the view renders in its
 * offscreen context and reads the pixels back, GSK composites them into the window). Printed: the renderer's name; the frame interval (after-paint
 * to after-paint, what the user sees as the frame rate); the frame's wall time from before-paint to
 * after-paint; the process's CPU time per frame (all threads: Mesa's llvmpipe renders in threads of
 * its own); the process's memory after (Rss, Pss, Anonymous from smaps_rollup). Run it under each
 * renderer (GSK_RENDERER=cairo, =gl, or unset: GTK's own choice). A benchmark: it prints figures
 * and never fails on them. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "tsr-test-common.h"
#include "tsr-test-frame-times.h"
#include "tsr-test-ui.h"
#include "tsr-test-visual-marathon.h"
#include "tsr-test-visual-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

static void
print_percentiles (const char *what, GArray *values)
{
  double median, p95;

  tsr_test_frame_times_percentiles (values, &median, &p95);
  g_print ("visual    %-28s %4u  median %7.2f ms  p95 %7.2f ms\n", what, values->len, median, p95);
}

static double
smaps_mib (const char *text, const char *field)
{
  const char *at = strstr (text, field);

  return at != NULL ? g_ascii_strtod (at + strlen (field), NULL) / 1024.0 : 0;
}

static void
bench_turn (void)
{
  g_auto(TsrTestVisualMarathon) set_up = { 0 };
  static const char *const files[] = { "chronicles_DreamBrother.sceA", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autofree char *smaps = NULL;
  TsrTestFrameTimes times;
  GskRenderer *renderer;

  if (!tsr_test_visual_marathon_open (&set_up, application, files, work_dir, "bench-visual-window"))
    return;
  gtk_window_set_default_size (GTK_WINDOW (set_up.window), 1910, 1070);
  tsr_test_ui_iterate_for (300);
  xtest = tsr_test_xtest_new (GTK_WINDOW (set_up.window), &error);
  g_assert_no_error (error);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (tsr_marathon_map_editor_get_canvas (set_up.editor))));
  tsr_test_visual_key (xtest, GDK_KEY_v, 0);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (set_up.view)));
  tsr_test_visual_wait_frames (set_up.view, 0);
  g_assert_null (tsr_visual_view_get_error (set_up.view));
  renderer = gtk_native_get_renderer (GTK_NATIVE (set_up.window));
  g_print ("visual    3D view %dx%d in a %dx%d window, renderer %s\n", gtk_widget_get_width (GTK_WIDGET (set_up.view)),
           gtk_widget_get_height (GTK_WIDGET (set_up.view)), gtk_widget_get_width (GTK_WIDGET (set_up.window)),
           gtk_widget_get_height (GTK_WIDGET (set_up.window)),
           renderer != NULL ? G_OBJECT_TYPE_NAME (renderer) : "(none)");

  tsr_test_frame_times_start (&times, GTK_WIDGET (set_up.view), CLOCK_PROCESS_CPUTIME_ID);
  /* Left held: the camera turns, each frame a new view. */
  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Left, TRUE));
  tsr_test_ui_iterate_for (2000);
  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Left, FALSE));
  print_percentiles ("turn: frame interval", times.interval);
  print_percentiles ("turn: paint wall", times.wall);
  print_percentiles ("turn: paint CPU (process)", times.cpu);
  if (g_file_get_contents ("/proc/self/smaps_rollup", &smaps, NULL, NULL))
    g_print ("visual    memory: Rss %.1f MiB, Pss %.1f MiB, Anonymous %.1f MiB\n", smaps_mib (smaps, "\nRss:"),
             smaps_mib (smaps, "\nPss:"), smaps_mib (smaps, "\nAnonymous:"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (set_up.window), screenshot_dir, "bench-visual-window.png");
  tsr_test_frame_times_stop (&times);
  tsr_test_ui_hide_window (set_up.window);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  setvbuf (stdout, NULL, _IOLBF, 0);
  if (!tsr_test_xtest_begin (&argc, &argv, "bench-visual-window", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  g_test_add_func ("/bench-visual-window/turn", bench_turn);
  status = g_test_run ();
  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
