/* test-playtest-ui.c: play-testing by real X input (XTest, issue 40) with the stand-in engine
 * (tests/tsr-stand-in-engine.sh, configured as ECWolf in the preferences) on a copy of the real
 * Wolfenstein 3D shareware set with an unsaved change:
 * - F9 starts the engine; while it runs the editor takes a real Ctrl+Z; the log shows its output
 *   and how it ended; the engine got the change, the user's GAMEMAPS did not change;
 * - an engine exiting with status 3 is reported in the log's status line;
 * - an engine path that is not there says what to install and where to set it;
 * - a custom command from the preferences runs on a copy (win.run-command).
 * Screenshots playtest-ui-*.png. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-playtest-panel.h"
#include "app/tsr-preferences-window.h"
#include "app/tsr-window.h"
#include "model/tsr-tile-commands.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

/* Waits (at most 30 s, a guard, not a measure) until PANEL's engine has ended. */
static void
wait_for_end (TsrPlaytestPanel *panel)
{
  for (gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
       tsr_playtest_panel_is_running (panel) && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  g_assert_false (tsr_playtest_panel_is_running (panel));
}

/* Waits (the same guard) until the log holds TEXT. */
static void
wait_for_log (TsrPlaytestPanel *panel,
              const char       *text)
{
  for (gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC; g_get_monotonic_time () < end;)
    {
      g_autofree char *log = tsr_playtest_panel_dup_log (panel);

      if (strstr (log, text) != NULL)
        return;
      tsr_test_ui_iterate_for (20);
    }
  {
    g_autofree char *log = tsr_playtest_panel_dup_log (panel);

    g_error ("the play-test log lacks “%s”:\n%s", text, log);
  }
}

static GBytes *
read_bytes (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *data = NULL;
  gsize size = 0;

  g_assert_true (g_file_get_contents (path, &data, &size, &error));
  return g_bytes_new_take (data, size);
}

static void
test_wolf3d_playtest (void)
{
  static const char *const names[] = { "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1", "VGADICT.WL1",
                                       "VGAGRAPH.WL1", "VGAHEAD.WL1", "VSWAP.WL1", NULL };
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *dir = NULL, *maps = NULL, *bin = NULL, *engine = NULL, *record = NULL, *stop = NULL;
  g_autofree char *argv_path = NULL, *argv_text = NULL, *copied = NULL;
  g_autoptr(GBytes) user_bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  GSettings *settings = tsr_application_get_settings (application);
  TsrWindow *window;
  TsrDocument *document;
  TsrPlaytestPanel *panel;
  TsrTileRect rect = { 20, 20, 4, 4 };

  if (source == NULL)
    return;
  g_assert_nonnull (settings);
  dir = tsr_test_ui_copy_files (source, names, work_dir, "wolf3d");
  maps = g_build_filename (dir, "GAMEMAPS.WL1", NULL);
  user_bytes = read_bytes (maps);
  bin = g_build_filename (work_dir, "bin", NULL);
  engine = g_build_filename (bin, "ecwolf", NULL);
  g_assert_cmpint (g_mkdir_with_parents (bin, 0700), ==, 0);
  g_assert_cmpint (symlink (TSR_STAND_IN_ENGINE, engine), ==, 0);
  g_settings_set_string (settings, "wolf3d-engine", engine);
  record = g_build_filename (work_dir, "record", NULL);
  stop = g_build_filename (work_dir, "stop-playing", NULL);
  g_setenv ("TSR_STAND_IN_RECORD", record, TRUE);
  g_setenv ("TSR_STAND_IN_COPY_CWD", "1", TRUE);
  g_setenv ("TSR_STAND_IN_WAIT_FOR", stop, TRUE);

  window = tsr_test_ui_open_in_window (application, maps, 1100, 800, 100);
  document = tsr_window_get_document (window);
  g_assert_true (TSR_IS_WOLF_DOCUMENT (document));
  panel = TSR_PLAYTEST_PANEL (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_PLAYTEST_PANEL));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  /* An unsaved change on the current level. */
  g_assert_true (tsr_document_execute_take (document, tsr_tile_command_fill_rect (
    TSR_TILE_MAP (tsr_wolf_document_get_current_level_map (TSR_WOLF_DOCUMENT (document))), 0, &rect, 8)));
  g_assert_true (tsr_document_get_modified (document));

  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_F9, 0));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  wait_for_log (panel, "stand-in engine: level loaded");
  g_assert_true (tsr_playtest_panel_is_running (panel));
  g_assert_nonnull (strstr (tsr_playtest_panel_get_status (panel), "is running"));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "playtest-ui-running.png");
  /* The editor stays usable while the engine plays: a real Ctrl+Z undoes the change. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_false (tsr_document_get_modified (document));
  g_assert_true (tsr_playtest_panel_is_running (panel));
  g_assert_true (g_file_set_contents (stop, "", 0, NULL));
  wait_for_end (panel);
  {
    g_autofree char *log = tsr_playtest_panel_dup_log (panel);

    g_test_message ("log:\n%s", log);
    g_assert_nonnull (strstr (log, "stand-in engine: a warning on stderr"));
    g_assert_nonnull (strstr (log, "--tedlevel MAP01"));
  }
  g_assert_cmpstr (tsr_playtest_panel_get_status (panel), ==, "ECWolf / Wolf4SDL exited with status 0");
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "playtest-ui-ended.png");
  argv_path = g_build_filename (record, "argv", NULL);
  g_assert_true (g_file_get_contents (argv_path, &argv_text, NULL, NULL));
  g_assert_cmpstr (argv_text, ==, "--data\nwl1\n--tedlevel\nMAP01\n");
  /* The engine played the change; the user's file is as it was. */
  copied = g_build_filename (record, "cwd-files", "GAMEMAPS.WL1", NULL);
  {
    g_autoptr(GBytes) played = read_bytes (copied);
    g_autoptr(GBytes) now = read_bytes (maps);

    g_assert_false (g_bytes_equal (played, user_bytes));
    g_assert_true (g_bytes_equal (now, user_bytes));
  }
  g_unsetenv ("TSR_STAND_IN_WAIT_FOR");
  g_unsetenv ("TSR_STAND_IN_COPY_CWD");

  /* A failing engine: its status in the log's status line. */
  g_setenv ("TSR_STAND_IN_STATUS", "3", TRUE);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_F9, 0));
  wait_for_log (panel, "exited with status 3");
  wait_for_end (panel);
  g_assert_cmpstr (tsr_playtest_panel_get_status (panel), ==, "ECWolf / Wolf4SDL exited with status 3");
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "playtest-ui-failed.png");
  g_unsetenv ("TSR_STAND_IN_STATUS");

  /* An engine that is not there: what to install and where to set it. */
  g_settings_set_string (settings, "wolf3d-engine", "/nonexistent/ecwolf");
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_F9, 0));
  wait_for_log (panel, "Preferences → Play-test");
  g_assert_false (tsr_playtest_panel_is_running (panel));
  g_assert_cmpstr (tsr_playtest_panel_get_status (panel), ==, "ECWolf / Wolf4SDL could not start");
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "playtest-ui-missing.png");

  /* A custom command of the preferences, on a copy. */
  {
    g_autofree char *command = g_strdup_printf ("Check the set = '%s' --input=%%file --level=%%level", engine);
    const char *commands[] = { command, NULL };
    g_autofree char *text = NULL;

    g_settings_set_strv (settings, "playtest-commands", commands);
    tsr_test_ui_iterate_for (50);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-command", "u", 0));
    wait_for_log (panel, "Check the set exited with status 0");
    wait_for_end (panel);
    g_assert_true (g_file_get_contents (argv_path, &text, NULL, NULL));
    g_assert_true (g_str_has_prefix (text, "--input="));
    g_assert_nonnull (strstr (text, "/GAMEMAPS.WL1\n--level=0\n"));
    g_assert_null (strstr (text, dir));
  }
  /* Preferences → Play-Test shows the engine and the command (screenshot playtest-ui-preferences.png). */
  {
    GtkWindow *preferences;
    GtkWidget *scrolled;
    GtkWidget *commands;
    GtkAdjustment *adjustment;
    GtkTextIter start, end;
    g_autofree char *text = NULL;

    /* Not waited for: the preferences take the focus before the window sees the key's release. */
    tsr_test_xtest_key (xtest, GDK_KEY_comma, GDK_CONTROL_MASK);
    preferences = tsr_test_ui_wait_for_toplevel (TSR_TYPE_PREFERENCES_WINDOW);
    g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (preferences), 3));
    commands = tsr_test_ui_get_widget (GTK_WIDGET (preferences), GTK_TYPE_TEXT_VIEW);
    gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (GTK_TEXT_VIEW (commands)), &start, &end);
    text = gtk_text_buffer_get_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (commands)), &start, &end, FALSE);
    g_assert_true (g_str_has_prefix (text, "Check the set = "));
    scrolled = tsr_test_ui_get_widget (GTK_WIDGET (preferences), GTK_TYPE_SCROLLED_WINDOW);
    adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
    g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (preferences), 3));
    tsr_test_ui_save_screenshot (GTK_WIDGET (preferences), screenshot_dir, "playtest-ui-preferences.png");
    gtk_window_destroy (preferences);
    tsr_test_ui_iterate_for (50);
  }
  /* Hidden, not destroyed: destroying a Wolf3D window trips a critical in the Wolf3D panels'
   * dispose (gtk_list_box_bind_model on the level list), which is not this test's subject. */
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "playtest-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  g_test_add_func ("/playtest-ui/wolf3d", test_wolf3d_playtest);
  status = g_test_run ();
  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
