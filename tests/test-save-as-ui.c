/* test-save-as-ui.c: Save As by real X input (XTest) on a copy of a real Sphere map (issue 32,
 * "Save As never lies"). Ctrl+Shift+S, the name typed into the Save As dialog, Return:
 * - "village.tmx" writes a Tiled map (with its TSX and tileset PNG), the tab is now a TMX, and
 *   Tiled's own tmxrasterizer (Debian package "tiled") draws its tile layers as Tessera draws
 *   the map (skipped visibly without tmxrasterizer, failed under CI=true);
 * - "village.rts" (a Sphere tileset's name) is refused: the error bar says why, nothing is
 *   written and the tab stays on its file. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "core/tsr-image.h"
#include "formats/tsr-format.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

/* Ctrl+Shift+S in WINDOW; in the dialog the folder FOLDER is chosen and NAME typed over the
 * proposed name, then Return. */
static void
save_as_typed (TsrWindow  *window,
               const char *folder,
               const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_autoptr(TsrTestXTest) dialog_input = NULL;
  g_autoptr(GFile) folder_file = g_file_new_for_path (folder);
  GtkWindow *chooser;

  g_assert_no_error (error);
  /* Not waited for: the dialog takes the focus before the window sees the key's release. */
  tsr_test_xtest_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  chooser = tsr_test_ui_wait_for_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder_file, NULL));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (chooser), 3));
  dialog_input = tsr_test_xtest_new (chooser, &error);
  g_assert_no_error (error);
  /* The name field has the focus in a Save dialog; the proposed name is replaced. */
  g_assert_true (tsr_test_xtest_key (dialog_input, GDK_KEY_a, GDK_CONTROL_MASK));
  for (const char *c = name; *c != '\0'; c++)
    g_assert_true (tsr_test_xtest_key (dialog_input, gdk_unicode_to_keyval ((guint32) *c), 0));
  tsr_test_ui_iterate_for (100);
  tsr_test_ui_save_screenshot (GTK_WIDGET (chooser), screenshot_dir, "save-as-dialog.png");
  /* Likewise: the dialog is gone before its release. */
  tsr_test_xtest_key (dialog_input, GDK_KEY_Return, 0);
  /* The dialog goes, then the save (or its refusal) happens. */
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       gtk_widget_get_visible (GTK_WIDGET (chooser)) && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  tsr_test_ui_iterate_for (300);
}

static guint
count_entries (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* Pixels of A and B (same size) whose colour differs by more than 8 in a channel. */
static guint
count_different (const TsrImage *a,
                 const TsrImage *b)
{
  guint n = 0;

  g_assert_cmpuint (a->width, ==, b->width);
  g_assert_cmpuint (a->height, ==, b->height);
  for (gsize i = 0; i < (gsize) a->width * a->height; i++)
    for (guint c = 0; c < 3; c++)
      if (ABS ((int) a->pixels[i * 4 + c] - (int) b->pixels[i * 4 + c]) > 8)
        {
          n++;
          break;
        }
  return n;
}

/* Tiled draws the TMX at PATH (tile layers only: Tiled shows objects as pins) like Tessera draws
 * the map it was saved from (MAP_PATH). */
static void
assert_tiled_draws (const char *path,
                    const char *map_path)
{
  g_autofree char *rasterizer = g_find_program_in_path ("tmxrasterizer");
  g_autofree char *out = g_build_filename (work_dir, "tiled-drawn.png", NULL);
  g_autofree char *out_shot = g_build_filename (screenshot_dir, "save-as-tiled.png", NULL);
  g_autofree char *standard_error = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GBytes) map_bytes = NULL;
  g_autoptr(TsrImage) drawn = NULL;
  g_autoptr(TsrImage) expected = NULL;
  const TsrFormat *format;
  TsrRenderOptions options = { -1, 0, 0 };
  gpointer data;
  guint different;
  int status = -1;

  if (rasterizer == NULL)
    {
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("tmxrasterizer (Debian package tiled) is missing; build-aux/setup-deps installs it");
      g_test_skip ("tmxrasterizer (Debian package tiled) is not installed: Tiled's reading of the TMX is not checked");
      g_printerr ("SKIP: tmxrasterizer (Debian package tiled) is not installed\n");
      return;
    }
  {
    const char *argv[] = { rasterizer, "--show-layer", "Base", "--show-layer", "Middle", "--show-layer", "Top",
                           path, out, NULL };
    g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "QT_QPA_PLATFORM", "offscreen", TRUE);

    g_assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL, NULL, &standard_error,
                                 &status, &error));
  }
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  png = tsr_file_read (out, &error);
  g_assert_no_error (error);
  drawn = tsr_image_load_png (g_bytes_get_data (png, NULL), g_bytes_get_size (png), out, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (out_shot, g_bytes_get_data (png, NULL), (gssize) g_bytes_get_size (png), NULL));

  map_bytes = tsr_file_read (map_path, &error);
  g_assert_no_error (error);
  format = tsr_format_registry_lookup (tsr_format_registry_get_default (), "sphere-rmp");
  data = format->load (map_path, map_bytes, &error);
  g_assert_no_error (error);
  expected = format->render (data, &options, &error);
  format->free (data);
  g_assert_no_error (error);
  different = count_different (drawn, expected);
  g_test_message ("Tiled's drawing of the TMX: %u of %u pixels differ from Tessera's", different,
                  drawn->width * drawn->height);
  /* Tiled blends the tiles' partly transparent edges its own way: a few pixels differ. */
  g_assert_cmpuint (different, <, drawn->width * drawn->height / 50);
}

static void
test_sphere_save_as (void)
{
  const char *root = g_getenv ("TSR_TESTDATA");
  g_autofree char *source = root != NULL ? g_build_filename (root, "sphere", NULL) : NULL;
  static const char *const files[] = { "village.rmp", "outside_neo.rts", NULL };
  g_autofree char *dir = NULL, *path = NULL, *out = NULL, *refused = NULL, *tmx = NULL, *tsx = NULL, *png = NULL;
  g_autoptr(GFile) loaded = NULL;
  g_autoptr(GFile) tmx_file = NULL;
  TsrWindow *window;
  TsrDocument *document;

  if (source == NULL || !g_file_test (source, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, files, work_dir, "sphere");
  path = g_build_filename (dir, files[0], NULL);
  out = g_build_filename (work_dir, "saved", NULL);
  refused = g_build_filename (work_dir, "refused", NULL);
  g_assert_cmpint (g_mkdir (out, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (refused, 0700), ==, 0);
  window = tsr_test_ui_open_in_window (application, path, 1000, 700, 100);
  document = tsr_window_get_document (window);
  loaded = g_object_ref (tsr_document_get_file (document));
  g_assert_cmpstr (tsr_document_get_format_id (document), ==, "sphere-rmp");

  /* A Sphere tileset's name: refused, nothing written, still the map's own file. */
  save_as_typed (window, refused, "village.rts");
  g_assert_nonnull (tsr_window_get_error_message (window));
  g_test_message ("refused: %s", tsr_window_get_error_message (window));
  g_assert_nonnull (strstr (tsr_window_get_error_message (window), ".rts is the extension of Sphere tileset files"));
  g_assert_nonnull (strstr (tsr_window_get_error_message (window), ".rmp, .tmx"));
  g_assert_cmpuint (count_entries (refused), ==, 0);
  g_assert_true (g_file_equal (tsr_document_get_file (document), loaded));
  g_assert_cmpstr (tsr_document_get_format_id (document), ==, "sphere-rmp");
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "save-as-refused.png");

  /* A Tiled map's name: converted. */
  save_as_typed (window, out, "village.tmx");
  tmx = g_build_filename (out, "village.tmx", NULL);
  tsx = g_build_filename (out, "village.tsx", NULL);
  png = g_build_filename (out, "village.png", NULL);
  tmx_file = g_file_new_for_path (tmx);
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       !g_file_equal (tsr_document_get_file (document), tmx_file) && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  if (tsr_window_get_error_message (window) != NULL)
    g_error ("saving as village.tmx: %s", tsr_window_get_error_message (window));
  g_assert_true (g_file_equal (tsr_document_get_file (document), tmx_file));
  g_assert_cmpstr (tsr_document_get_format_id (document), ==, "tiled-tmx");
  g_assert_false (tsr_window_get_modified (window));
  g_assert_true (g_file_test (tsx, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "save-as-tmx.png");
  assert_tiled_draws (tmx, path);

  tsr_test_ui_close_window (window);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "save-as-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  g_test_add_func ("/save-as-ui/sphere", test_sphere_save_as);
  status = g_test_run ();
  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
