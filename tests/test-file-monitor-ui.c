/* test-file-monitor-ui.c: a file changed on disk while it is open, by real X input (XTest), on
 * copies of real Sphere maps (issue 41, "a file changed on disk while open is overwritten
 * silently"). Another program replaces the open map's file with another map:
 * - the document's page shows the changed-on-disk bar; Reload (clicked) loads the new content
 *   into the tab, clean;
 * - replaced again, Keep Mine (clicked) keeps the document; then Ctrl+S asks before overwriting:
 *   Cancel leaves the other version on disk, Overwrite writes the document's.
 * And at start: a set save a killed Tessera left unfinished beside a recent file is finished, and
 * the message bar says so. The message bar also escapes control bytes from names in files. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#include <zlib.h>

#include "app/tsr-application.h"
#include "app/tsr-recent.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

static gboolean
match_name (GtkWidget    *widget,
            gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static gboolean
match_button_label (GtkWidget    *widget,
                    gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* The changed-on-disk bar of WINDOW's current tab. */
static GtkInfoBar *
changed_bar (TsrWindow *window)
{
  GtkNotebook *notebook = GTK_NOTEBOOK (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                                 GSIZE_TO_POINTER (GTK_TYPE_NOTEBOOK)));
  GtkWidget *page = gtk_notebook_get_nth_page (notebook, gtk_notebook_get_current_page (notebook));
  GtkWidget *bar = tsr_test_ui_find_widget (page, match_name, "changed-on-disk-bar");

  g_assert_nonnull (bar);
  return GTK_INFO_BAR (bar);
}

/* Waits up to 10 s for BAR to be REVEALED (the file monitor's event comes through the main loop). */
static gboolean
wait_for_bar (GtkInfoBar *bar,
              gboolean    revealed)
{
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       gtk_info_bar_get_revealed (bar) != revealed && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  tsr_test_ui_iterate_for (100);
  return gtk_info_bar_get_revealed (bar) == revealed;
}

/* Another program's save: BYTES replace PATH (a new file renamed over it, as editors write). */
static void
replace_on_disk (const char *path,
                 GBytes     *bytes)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (tsr_file_write_atomic (path, bytes, FALSE, &error));
  g_assert_no_error (error);
}

static GBytes *
document_bytes (TsrDocument *document,
                const char  *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (document, path, &error);

  g_assert_no_error (error);
  return g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
}

/* Clicks the button labelled LABEL of the dialog that Ctrl+S in WINDOW brings up; returns once the
 * dialog is gone and the save (or its cancel) has happened. */
static void
save_and_answer (TsrWindow  *window,
                 const char *label)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_autoptr(TsrTestXTest) dialog_input = NULL;
  GtkWindow *dialog;
  GtkWidget *button;

  g_assert_no_error (error);
  /* Not waited for: the dialog takes the focus before the window sees the key's release. */
  tsr_test_xtest_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK);
  dialog = tsr_test_ui_wait_for_toplevel (GTK_TYPE_MESSAGE_DIALOG);
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (dialog), 3));
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "file-monitor-save-asks.png");
  dialog_input = tsr_test_xtest_new (dialog, &error);
  g_assert_no_error (error);
  button = tsr_test_ui_find_widget (GTK_WIDGET (dialog), match_button_label, label);
  g_assert_nonnull (button);
  tsr_test_xtest_click (dialog_input, button);
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       gtk_widget_get_visible (GTK_WIDGET (dialog)) && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  tsr_test_ui_iterate_for (300);
}

static void
test_changed_on_disk (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  static const char *const files[] = { "village.rmp", "outside_neo.rts", "test.rmp", "test.rts", NULL };
  g_autofree char *dir = NULL, *path = NULL, *other_path = NULL;
  g_autoptr(GBytes) mine = NULL, other = NULL, shown = NULL, on_disk = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrDocument *before;
  TsrDocument *after;
  GtkInfoBar *bar;
  TsrWindow *window;

  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, files, work_dir, "sphere");
  path = g_build_filename (dir, "village.rmp", NULL);
  other_path = g_build_filename (dir, "test.rmp", NULL);
  mine = tsr_file_read (path, &error);
  g_assert_no_error (error);
  other = tsr_file_read (other_path, &error);
  g_assert_no_error (error);
  g_assert_false (g_bytes_equal (mine, other));

  window = tsr_test_ui_open_in_window (application, path, 1000, 700, 100);
  before = tsr_window_get_document (window);
  bar = changed_bar (window);
  g_assert_false (gtk_info_bar_get_revealed (bar));

  /* Another program replaces the file: the bar shows; Reload loads the new content. */
  replace_on_disk (path, other);
  g_assert_true (wait_for_bar (bar, TRUE));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "file-monitor-bar.png");
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (GTK_WIDGET (bar), match_button_label, "_Reload")));
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       tsr_window_get_document (window) == before && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  tsr_test_ui_iterate_for (200);
  after = tsr_window_get_document (window);
  g_assert_true (after != before);
  shown = document_bytes (after, path);
  g_assert_true (g_bytes_equal (shown, other));
  g_assert_false (tsr_window_get_modified (window));
  bar = changed_bar (window);
  g_assert_false (gtk_info_bar_get_revealed (bar));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "file-monitor-reloaded.png");

  /* Replaced again: Keep Mine keeps the document as it is... */
  replace_on_disk (path, mine);
  g_assert_true (wait_for_bar (bar, TRUE));
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (GTK_WIDGET (bar), match_button_label, "_Keep Mine")));
  g_assert_true (wait_for_bar (bar, FALSE));
  g_assert_true (tsr_window_get_document (window) == after);

  /* ...and Save asks first: Cancel keeps the other version on disk... */
  save_and_answer (window, "_Cancel");
  on_disk = tsr_file_read (path, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (on_disk, mine));
  g_clear_pointer (&on_disk, g_bytes_unref);

  /* ...Overwrite writes the document's, and the bar stays away (the file is the document's). */
  save_and_answer (window, "_Overwrite");
  on_disk = tsr_file_read (path, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (on_disk, other));
  g_assert_null (tsr_window_get_error_message (window));
  tsr_test_ui_iterate_for (300);
  g_assert_false (gtk_info_bar_get_revealed (bar));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "file-monitor-overwritten.png");

  tsr_test_ui_close_window (window);
}

/* At start, a set save that a killed Tessera left between two renames beside a recent file is
 * finished, its temporaries go, and the window's message bar says what was done. */
static void
test_start_recovers_interrupted_save (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  static const char *const files[] = { "MAPHEAD.WL1", "GAMEMAPS.WL1", "VSWAP.WL1", NULL };
  g_autofree char *dir = NULL, *maphead = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *name;
  TsrWolf3dSet *set;
  GtkWindow *window;

  if (source == NULL)
    {
      g_test_skip ("no Wolf3D test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, files, work_dir, "wolf3d");
  maphead = g_build_filename (dir, "MAPHEAD.WL1", NULL);
  set = tsr_wolf3d_set_load (maphead, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (tsr_wolf3d_maps_set_tile (set->maps, 3, 0, 10, 10, 1, &error));
  outputs = tsr_wolf3d_set_save (set, maphead, &error);
  g_assert_no_error (error);
  tsr_wolf3d_set_free (set);
  tsr_file_inject_stop_after_rename (0);
  g_assert_false (tsr_files_write_atomic (outputs, FALSE, &error));
  g_clear_error (&error);
  file = g_file_new_for_path (maphead);
  tsr_recent_add (file);

  g_application_activate (G_APPLICATION (application));
  window = gtk_application_get_active_window (GTK_APPLICATION (application));
  g_assert_true (TSR_IS_WINDOW (window));
  tsr_test_ui_iterate_for (300);
  g_assert_nonnull (tsr_window_get_error_message (TSR_WINDOW (window)));
  g_test_message ("%s", tsr_window_get_error_message (TSR_WINDOW (window)));
  g_assert_nonnull (strstr (tsr_window_get_error_message (TSR_WINDOW (window)),
                            "an interrupted save of a set of files was completed"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "file-monitor-start-recovered.png");
  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    g_assert_null (strstr (name, ".tsr-"));
  set = tsr_wolf3d_set_load (maphead, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tsr_wolf3d_maps_get_level (set->maps, 3)->planes[0][10 * 64 + 10], ==, 1);
  tsr_wolf3d_set_free (set);
  tsr_test_ui_close_window (TSR_WINDOW (window));
}

/* The message bar shows control bytes from names inside a file as the CLI prints them: a DFWAD
 * map resource named "MAP<CR>01" whose map is cut short fails to open with its name in the
 * message, "MAP\x0D01", not a line break. */
static void
test_error_bar_escapes_control_bytes (void)
{
  const char *root = g_getenv ("TSR_TESTDATA");
  g_autofree char *map_path = root != NULL ? g_build_filename (root, "doom2d", "df_MAP01.map", NULL) : NULL;
  g_autofree char *path = g_build_filename (work_dir, "control-name.wad", NULL);
  g_autoptr(GBytes) map = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GByteArray) wad = g_byte_array_new ();
  guint8 entry[24] = "MAP\r01";
  g_autofree guint8 *packed = NULL;
  uLongf packed_size;
  const char *message;
  TsrWindow *window;

  if (map_path == NULL || !g_file_test (map_path, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("no Doom2D test data");
      return;
    }
  map = tsr_file_read (map_path, &error);
  g_assert_no_error (error);
  packed_size = compressBound (100);
  packed = g_malloc (packed_size);
  g_assert_cmpint (compress (packed, &packed_size, g_bytes_get_data (map, NULL), 100), ==, Z_OK);
  g_byte_array_append (wad, (const guint8 *) "DFWAD\1\1\0", 8);
  memset (entry + 7, 0, sizeof entry - 7);
  entry[16] = 32;
  entry[20] = (guint8) packed_size;
  g_byte_array_append (wad, entry, sizeof entry);
  g_byte_array_append (wad, packed, (guint) packed_size);
  g_assert_true (g_file_set_contents (path, (const char *) wad->data, wad->len, NULL));

  window = tsr_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  file = g_file_new_for_path (path);
  tsr_window_open_file (window, file);
  g_assert_true (tsr_test_ui_wait_for_loads (window));
  tsr_test_ui_iterate_for (200);
  message = tsr_window_get_error_message (window);
  g_assert_nonnull (message);
  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, "MAP\\x0D01"));
  g_assert_null (strchr (message, '\r'));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "file-monitor-error-escaped.png");
  tsr_test_ui_close_window (window);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "file-monitor-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  g_test_add_func ("/file-monitor-ui/start-recovers-interrupted-save", test_start_recovers_interrupted_save);
  g_test_add_func ("/file-monitor-ui/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/file-monitor-ui/error-bar-escapes-control-bytes", test_error_bar_escapes_control_bytes);
  status = g_test_run ();
  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
