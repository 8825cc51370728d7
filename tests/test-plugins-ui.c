/* test-plugins-ui.c: the editor's libpeas plugins by real X input (XTest, issue 39), with the
 * plugin path on examples/plugins and tests/plugins, on a copy of the real Wolfenstein 3D
 * shareware set:
 * - Preferences (main menu) lists the plugins; real clicks on their switches enable them;
 * - the finding provider's push-walls are listed in the findings view, at their cells;
 * - the menu command (main menu, Plugins, Mirror Map) changes the map, and one real Ctrl+Z undoes
 *   all of it (the saved bytes are the original's again, nothing left to undo);
 * - a command that changes a tile and raises leaves the document as it was and shows the Python
 *   traceback in a dialog;
 * - the exporter writes its file through the Save dialog.
 * Skipped (77) where the editor is built without plugins (sanitizer and fuzzing builds, which
 * build no typelib); under CI=true a build with the typelib must have them. Screenshots
 * plugins-ui-*.png. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-preferences-window.h"
#include "app/tsr-window.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

#ifdef TSR_HAVE_PLUGINS
#include "app/tsr-plugins.h"
#include "script/tsr-script.h"
#include "views/tsr-findings-view.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

static GBytes *
serialize (TsrDocument *document)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes = tsr_document_serialize_main (document, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  return bytes;
}

/* Opens the main menu with a real click, then clicks the Plugins submenu and the item LABEL. */
static void
choose_plugin_item (TsrTestXTest *xtest,
                    TsrWindow    *window,
                    const char   *label,
                    gboolean      opens_window)
{
  GtkWidget *button = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_tooltip, "Main Menu");
  GtkWidget *popover;
  GtkWidget *item = NULL;

  g_assert_nonnull (button);
  popover = tsr_test_xtest_open_menu (xtest, button);
  g_assert_nonnull (popover);
  item = tsr_test_ui_find_widget (popover, tsr_test_ui_match_menu_item, "Plugins");
  g_assert_nonnull (item);
  g_assert_true (tsr_test_xtest_click (xtest, item));
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       (item = tsr_test_ui_find_widget (popover, tsr_test_ui_match_menu_item, label)) == NULL
       && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  g_assert_nonnull (item);
  g_assert_true (tsr_test_ui_wait_for_frames (popover, 3));
  if (g_str_equal (label, "Mirror Map Left to Right"))
    tsr_test_ui_save_screenshot (popover, screenshot_dir, "plugins-ui-menu.png");
  g_assert_true (tsr_test_xtest_click (xtest, item));
  /* A dialog it opens (a failure, the Save dialog) takes the focus from the window. */
  if (!opens_window)
    g_assert_true (tsr_test_xtest_wait_closed (xtest, popover));
  for (guint wait = 0; wait < 200 && gtk_widget_get_mapped (popover); wait++)
    tsr_test_ui_iterate_for (50);
  g_assert_false (gtk_widget_get_mapped (popover));
}

static const char *const plugin_modules[] = { "mirror-map", "pushwalls", "level-list", "raising" };

static void
enable_plugins (TsrTestXTest *window_xtest,
                GtkWidget    *window_widget)
{
  TsrPlugins *plugins = tsr_application_get_plugins (application);
  GSettings *settings = tsr_application_get_settings (application);
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) enabled = NULL;
  GtkWindow *preferences;
  GtkWidget *scrolled;
  GtkAdjustment *adjustment;

  g_assert_nonnull (plugins);
  /* Opened from the main menu by real clicks. */
  {
    GtkWidget *button = tsr_test_ui_find_widget (GTK_WIDGET (gtk_widget_get_root (window_widget)), tsr_test_ui_match_tooltip, "Main Menu");
    GtkWidget *popover = tsr_test_xtest_open_menu (window_xtest, button);
    GtkWidget *item;

    g_assert_nonnull (popover);
    item = tsr_test_ui_find_widget (popover, tsr_test_ui_match_menu_item, "Preferences");
    g_assert_nonnull (item);
    g_assert_true (tsr_test_xtest_click (window_xtest, item));
  }
  preferences = tsr_test_ui_wait_for_toplevel (TSR_TYPE_PREFERENCES_WINDOW);
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (preferences), 3));
  scrolled = tsr_test_ui_get_widget (GTK_WIDGET (preferences), GTK_TYPE_SCROLLED_WINDOW);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (preferences), 3));
  xtest = tsr_test_xtest_new (preferences, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (plugin_modules); i++)
    {
      GtkWidget *toggle = tsr_test_ui_find_widget (GTK_WIDGET (preferences), tsr_test_ui_match_name, plugin_modules[i]);

      g_assert_nonnull (toggle);
      g_assert_true (GTK_IS_SWITCH (toggle));
      g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));
      g_assert_true (tsr_test_xtest_click (xtest, toggle));
      g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (preferences), 2));
      g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));
      g_assert_true (tsr_plugins_get_enabled (plugins, plugin_modules[i]));
    }
  enabled = g_settings_get_strv (settings, "enabled-plugins");
  for (guint i = 0; i < G_N_ELEMENTS (plugin_modules); i++)
    g_assert_true (g_strv_contains ((const char *const *) enabled, plugin_modules[i]));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (preferences), 3));
  tsr_test_ui_save_screenshot (GTK_WIDGET (preferences), screenshot_dir, "plugins-ui-preferences.png");
  gtk_window_destroy (preferences);
  tsr_test_ui_iterate_for (50);
}

static void
test_plugins (void)
{
  static const char *const names[] = { "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1", "VGADICT.WL1",
                                       "VGAGRAPH.WL1", "VGAHEAD.WL1", "VSWAP.WL1", NULL };
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *dir = NULL, *maps = NULL, *export_path = NULL, *exported = NULL;
  g_autoptr(GBytes) original = NULL, mirrored = NULL, undone = NULL, after_raise = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrUndoStack *stack;
  TsrFindingsView *findings_view;
  TsrDocument *document;
  TsrWindow *window;
  GtkWindow *dialog;
  GtkWidget *traceback;
  guint pushwalls = 0;

  if (source == NULL)
    return;
  dir = tsr_test_ui_copy_files (source, names, work_dir, "wolf3d");
  maps = g_build_filename (dir, "GAMEMAPS.WL1", NULL);

  window = tsr_test_ui_open_in_window (application, maps, 1100, 800, 100);
  document = tsr_window_get_document (window);
  stack = tsr_document_get_undo_stack (document);
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);
  enable_plugins (xtest, GTK_WIDGET (window));
  /* The preferences had the keyboard focus: the window takes it back. */
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);
  original = serialize (document);

  /* The finding provider: E1M1's secret push-walls, each at its cell. */
  findings_view = TSR_FINDINGS_VIEW (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_FINDINGS_VIEW));
  tsr_findings_view_refresh (findings_view);
  for (guint i = 0; i < tsr_findings_view_get_n_findings (findings_view); i++)
    {
      const TsrFinding *finding = tsr_findings_view_get_finding (findings_view, i);

      if (g_str_equal (finding->what, "secret push-wall"))
        {
          g_assert_cmpint (finding->severity, ==, TSR_SEVERITY_WARNING);
          g_assert_cmpstr (finding->place.kind, ==, "cell");
          g_assert_cmpint (finding->place.unit, ==, TSR_FINDING_POINT_CELLS);
          g_assert_cmpuint (tsr_document_get_tile (document, (guint) finding->place.level, 1,
                                                   (guint) finding->place.x, (guint) finding->place.y), ==, 98);
          pushwalls++;
        }
      g_assert_false (g_str_has_prefix (finding->where, "plugin "));
    }
  g_test_message ("%u push-walls listed", pushwalls);
  g_assert_cmpuint (pushwalls, >, 0);
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "plugins-ui-findings.png");

  /* The menu command: one undo step. */
  g_assert_false (tsr_undo_stack_get_can_undo (stack));
  choose_plugin_item (xtest, window, "Mirror Map Left to Right", FALSE);
  mirrored = serialize (document);
  g_assert_false (g_bytes_equal (original, mirrored));
  g_assert_true (tsr_document_get_modified (document));
  g_assert_cmpstr (tsr_undo_stack_get_undo_description (stack), ==, "Mirror Map Left to Right");
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "plugins-ui-mirrored.png");
  /* The popover had the X keyboard focus: the window takes it back, and a click on the side bar's
   * Layers tab puts GTK's focus in it (straight after the menu a real Ctrl+Z never reached the
   * window), then one real Ctrl+Z. */
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);
  {
    GtkWidget *tab = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_mapped_label, "Layers");

    g_assert_nonnull (tab);
    g_assert_true (tsr_test_xtest_click (xtest, tab));
  }
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  undone = serialize (document);
  g_assert_true (g_bytes_equal (original, undone));
  g_assert_false (tsr_undo_stack_get_can_undo (stack));
  g_assert_false (tsr_document_get_modified (document));

  /* A command that raises after a change: nothing stays, the traceback is shown. */
  choose_plugin_item (xtest, window, "Raise After One Change", TRUE);
  dialog = tsr_test_ui_wait_for_toplevel (GTK_TYPE_MESSAGE_DIALOG);
  traceback = tsr_test_ui_find_widget (GTK_WIDGET (dialog), tsr_test_ui_match_name, "plugin-traceback");
  g_assert_nonnull (traceback);
  g_test_message ("shown: %s", gtk_label_get_text (GTK_LABEL (traceback)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (traceback)), "Traceback (most recent call last)"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (traceback)), "RuntimeError: the raising test plugin raised on purpose"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (traceback)), "raising.py"));
  after_raise = serialize (document);
  g_assert_true (g_bytes_equal (original, after_raise));
  g_assert_false (tsr_undo_stack_get_can_undo (stack));
  g_assert_false (tsr_document_get_modified (document));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (dialog), 3));
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "plugins-ui-traceback.png");
  /* Closed by a real click on its Close button. */
  {
    g_autoptr(TsrTestXTest) dialog_xtest = tsr_test_xtest_new (dialog, &error);
    GtkWidget *close = tsr_test_ui_find_widget (GTK_WIDGET (dialog), tsr_test_ui_match_button_label, "_Close");

    g_assert_no_error (error);
    g_assert_nonnull (close);
    g_object_ref (dialog);
    g_assert_true (tsr_test_xtest_click (dialog_xtest, close));
    for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
         gtk_widget_get_visible (GTK_WIDGET (dialog)) && g_get_monotonic_time () < end;)
      tsr_test_ui_iterate_for (20);
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
    g_clear_pointer (&dialog_xtest, tsr_test_xtest_free);
    g_object_unref (dialog);
  }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);

  /* The exporter writes its file where the Save dialog says. */
  export_path = g_build_filename (work_dir, "levels.txt", NULL);
  choose_plugin_item (xtest, window, "Export: Level List (text)…", TRUE);
  tsr_test_ui_answer_file_chooser (export_path, GTK_FILE_CHOOSER_ACTION_SAVE, screenshot_dir, "plugins-ui-export.png");
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       !g_file_test (export_path, G_FILE_TEST_EXISTS) && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  g_assert_true (g_file_get_contents (export_path, &exported, NULL, &error));
  g_assert_no_error (error);
  g_test_message ("exported:\n%s", exported);
  g_assert_true (g_str_has_prefix (exported, "# "));
  g_assert_nonnull (strstr (exported, "1\tWolf1 Map1\n"));
  g_assert_nonnull (strstr (exported, "secret push-wall"));
  tsr_test_ui_hide_window (window);
}
#endif

int
main (int argc, char *argv[])
{
#ifdef TSR_HAVE_PLUGINS
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_strjoin (G_SEARCHPATH_SEPARATOR_S, TSR_SOURCE_DIR "/examples/plugins",
                                     TSR_SOURCE_DIR "/tests/plugins", NULL);
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "plugins-ui", &work_dir, &screenshot_dir, &status))
    return status;
  g_setenv ("TESSERA_PLUGIN_PATH", path, TRUE);
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  g_test_add_func ("/plugins-ui/wolf3d", test_plugins);
  status = g_test_run ();
  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
#else
  if (g_strcmp0 (g_getenv ("CI"), "true") == 0 && TSR_TYPELIB_BUILT)
    {
      g_printerr ("plugins-ui: this build has the Tessera typelib but no libpeas plugins (libpeas-dev missing?)\n");
      return 1;
    }
  g_print ("plugins-ui: the editor is built without plugins (no typelib or no libpeas); skipped\n");
  return 77;
#endif
}
