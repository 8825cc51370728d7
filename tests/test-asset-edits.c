/* test-asset-edits.c: edits of the asset browsers in real windows, driven by real X input (XTest
 * under Xvfb); the Sphere spriteset's are in test-spriteset-editor-ui.c. A shapes patch against the base Shapes file of the
 * preferences: its changed bitmap is marked and Show Base (a real click) draws the base's records.
 * A sequence's views are chosen in its drop-down; the summary line follows that and a frame added
 * with a real click; real Ctrl+Z undo both. Apply Patch… and Make Patch… through their file choosers
 * (a real click, then real Space keys): the applied bytes, their undo and the patch made. Exits 77 without a display or without XTest; under CI=true a missing XTest fails. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "formats/marathon/tsr-marathon-shapes.h"
#include "model/marathon/tsr-shapes-diff.h"
#include "model/marathon/tsr-shapes-document.h"
#include "views/assets/tsr-shapes-browser.h"
#include "tsr-shapes-sample.h"
#include "tsr-test-common.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static TsrWindow *
open_in_window (const char *path)
{
  return tsr_test_ui_open_in_window (application, path, 1280, 900, 200);
}

static gboolean
match_mapped_label (GtkWidget *widget, gconstpointer user_data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), user_data) == 0;
}

static gboolean
match_label_containing (GtkWidget *widget, gconstpointer user_data)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), user_data) != NULL;
}

static gboolean
match_button_labelled (GtkWidget *widget, gconstpointer user_data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), user_data) == 0;
}

static gboolean
match_button_with_icon (GtkWidget *widget, gconstpointer user_data)
{
  return GTK_IS_BUTTON (widget) && !GTK_IS_TOGGLE_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), user_data) == 0;
}

static void
test_patch_against_base (void)
{
  g_autofree char *data = tsr_test_ui_data_dir ("marathon");
  g_autofree char *sample = tsr_shapes_sample_write (data, work_dir);
  g_autofree char *patch = g_build_filename (data, "xbla_m2_Items.ShPa", NULL);
  g_autofree char *base_path = g_build_filename (work_dir, "base.shpA", NULL);
  g_autoptr(GFile) base_file = g_file_new_for_path (base_path);
  g_autoptr(GFile) sample_file = g_file_new_for_path (sample);
  g_autoptr(GFile) patch_file = g_file_new_for_path (patch);
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrImage) picture = tsr_image_new (8, 8);
  g_autoptr(TsrDocument) probe = NULL, base = NULL;
  g_autofree char *mark = NULL;
  TsrWindow *window;
  TsrShapesBrowser *browser;
  TsrShapesDocument *document;
  const TsrShapesDiff *diff;
  GtkWidget *toggle;
  guint c, carried = G_MAXUINT;

  /* Which bitmap of the patch's first collection it carries, found against the built file. */
  probe = tsr_document_new_from_file (patch_file, &error);
  g_assert_no_error (error);
  g_assert_true (tsr_shapes_document_set_base (TSR_SHAPES_DOCUMENT (probe), sample, &error));
  diff = tsr_shapes_document_get_diff (TSR_SHAPES_DOCUMENT (probe));
  for (c = 0; c < TSR_SHAPES_COLLECTION_COUNT && tsr_shapes_document_get_collection (TSR_SHAPES_DOCUMENT (probe), c, 0) == NULL; c++)
    ;
  g_assert_cmpuint (c, <, TSR_SHAPES_COLLECTION_COUNT);
  for (guint b = 0; b < 4096 && carried == G_MAXUINT; b++)
    if (tsr_shapes_diff_get (diff, c, 0, TSR_SHAPES_PART_BITMAP, b) == TSR_SHAPES_CHANGE_SAME)
      carried = b;
  g_assert_cmpuint (carried, !=, G_MAXUINT);
  /* The base: the built file with that bitmap re-imported. */
  for (guint i = 0; i < 64; i++)
    tsr_image_set_pixel (picture, i % 8, i / 8, (guint32) (i * 4) * 0x01010100u | 0xff);
  base = tsr_document_new_from_file (sample_file, &error);
  g_assert_no_error (error);
  g_assert_true (tsr_shapes_document_import_bitmap (TSR_SHAPES_DOCUMENT (base), c, 0, carried, picture, 0, NULL, &error));
  g_assert_true (tsr_document_save (base, base_file, TSR_SAVE_NONE, &error));
  g_assert_no_error (error);

  /* The preference is the base; the patch opens compared with it. */
  g_settings_set_string (settings, "marathon-shapes", base_path);
  window = open_in_window (patch);
  browser = TSR_SHAPES_BROWSER (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_SHAPES_BROWSER));
  document = TSR_SHAPES_DOCUMENT (tsr_window_get_document (window));
  g_assert_nonnull (tsr_shapes_document_get_diff (document));
  g_assert_nonnull (strstr (tsr_shapes_browser_get_status (browser), "base.shpA"));
  g_assert_true (tsr_shapes_browser_select_collection (browser, c, 0));
  tsr_shapes_browser_show (browser, TSR_SHAPES_PART_BITMAP, carried);
  tsr_test_ui_iterate_for (200);
  mark = g_strdup_printf ("%u\nreplaced", carried);
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (browser), match_mapped_label, mark));
  {
    /* The collection's row counts what the patch changes in it (its definition too: the built file
     * gave the grey ramp to collections without a table). */
    guint counts[TSR_SHAPES_N_CHANGES];
    g_autofree char *row = NULL;

    tsr_shapes_diff_count (tsr_shapes_document_get_diff (document), c, 0, counts);
    g_assert_cmpuint (counts[TSR_SHAPES_CHANGE_REPLACED], >=, 1);
    row = g_strdup_printf ("%u replaced, %u added, %u unchanged", counts[TSR_SHAPES_CHANGE_REPLACED],
                           counts[TSR_SHAPES_CHANGE_ADDED], counts[TSR_SHAPES_CHANGE_SAME]);
    g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (browser), match_label_containing, row));
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "asset-edits-patch-marked.png");

  /* Show Base by a real click: the base's bitmap (the imported picture) is drawn. */
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  toggle = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_button_labelled, "Show _Base");
  g_assert_nonnull (toggle);
  g_assert_true (gtk_widget_get_visible (toggle));
  g_assert_true (tsr_test_xtest_click (xtest, toggle));
  tsr_test_ui_iterate_for (200);
  g_assert_true (tsr_shapes_browser_get_show_base (browser));
  {
    const TsrShapesBitmap *bitmap = g_ptr_array_index (tsr_shapes_document_get_base (document)->slots[c].versions[0]->bitmaps, carried);
    g_assert_cmpint (bitmap->width, ==, 8);
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "asset-edits-patch-base.png");
  g_assert_true (tsr_test_xtest_click (xtest, toggle));
  tsr_test_ui_iterate_for (100);
  g_assert_false (tsr_shapes_browser_get_show_base (browser));
  g_settings_reset (settings, "marathon-shapes");
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* Apply Patch… and Make Patch… by real clicks, their file choosers answered with a file: the real
 * patch applied to the built Shapes file is one undo step (a real Ctrl+Z gives the loaded bytes
 * back); a patch made against the base of the preferences, applied onto the base, gives the
 * document's bytes; a file that is not a patch names itself on the status line. */
static void
answer_file_chooser (const char *path, GtkFileChooserAction action)
{
  tsr_test_ui_answer_file_chooser (path, action, screenshot_dir,
                                   action == GTK_FILE_CHOOSER_ACTION_SAVE ? "asset-edits-make-patch-dialog.png"
                                                                          : "asset-edits-apply-patch-dialog.png");
}

/* BUTTON pressed with a real Space key once it has the focus (after one dialog opened by a
 * click, GTK 4.8 warns of the window's "active state" on a second click that opens one). */
static void
press_with_key (TsrTestXTest *xtest, GtkWidget *button)
{
  g_assert_true (gtk_widget_grab_focus (button));
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_space, 0));
}

static GBytes *
shapes_bytes (TsrDocument *document)
{
  return tsr_shapes_file_serialize (tsr_document_get_format_data (document));
}

static void
test_apply_and_make_patch (void)
{
  g_autofree char *data = tsr_test_ui_data_dir ("marathon");
  g_autofree char *dir = g_build_filename (work_dir, "patches", NULL);
  g_autofree char *path = NULL;
  g_autofree char *patch = g_build_filename (data, "xbla_m2_Items.ShPa", NULL);
  g_autofree char *made = NULL, *junk = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) loaded = NULL, applied = NULL, undone = NULL, current = NULL, rebuilt = NULL, made_bytes = NULL;
  g_autoptr(TsrDocument) base = NULL;
  TsrWindow *window;
  TsrShapesBrowser *browser;
  TsrDocument *document;
  GtkWidget *apply, *make;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  path = tsr_shapes_sample_write (data, dir);
  made = g_build_filename (dir, "made.ShPa", NULL);
  junk = g_build_filename (dir, "junk.ShPa", NULL);
  g_assert_true (g_file_set_contents (junk, "not a patch", -1, NULL));
  g_settings_reset (settings, "marathon-shapes");
  window = open_in_window (path);
  browser = TSR_SHAPES_BROWSER (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_SHAPES_BROWSER));
  document = tsr_window_get_document (window);
  loaded = shapes_bytes (document);
  apply = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_button_labelled, "Apply _Patch…");
  make = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_button_labelled, "_Make Patch…");
  g_assert_nonnull (apply);
  g_assert_nonnull (make);
  g_assert_true (gtk_widget_get_sensitive (apply));
  g_assert_false (gtk_widget_get_sensitive (make)); /* no base in the preferences */
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* Apply Patch… by a real click: the bytes are the real patch applied; a real Ctrl+Z undoes it. */
  g_assert_true (tsr_test_xtest_click (xtest, apply));
  answer_file_chooser (patch, GTK_FILE_CHOOSER_ACTION_OPEN);
  applied = shapes_bytes (document);
  g_assert_false (g_bytes_equal (applied, loaded));
  g_assert_nonnull (strstr (tsr_shapes_browser_get_status (browser), "xbla_m2_Items.ShPa"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "asset-edits-patch-applied.png");
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (200);
  undone = shapes_bytes (document);
  g_assert_true (g_bytes_equal (undone, loaded));

  /* Not a patch: the status line names the file, nothing changes. */
  press_with_key (xtest, apply);
  answer_file_chooser (junk, GTK_FILE_CHOOSER_ACTION_OPEN);
  g_assert_nonnull (strstr (tsr_shapes_browser_get_status (browser), "junk.ShPa"));
  g_clear_pointer (&undone, g_bytes_unref);
  undone = shapes_bytes (document);
  g_assert_true (g_bytes_equal (undone, loaded));

  /* Make Patch… with the loaded file as the base, after the patch was applied again (redo). */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  tsr_test_ui_iterate_for (200);
  current = shapes_bytes (document);
  g_assert_true (g_bytes_equal (current, applied));
  g_settings_set_string (settings, "marathon-shapes", path);
  tsr_test_ui_iterate_for (100);
  g_assert_true (gtk_widget_get_sensitive (make));
  press_with_key (xtest, make);
  answer_file_chooser (made, GTK_FILE_CHOOSER_ACTION_SAVE);
  for (guint i = 0; i < 100 && strstr (tsr_shapes_browser_get_status (browser), "made.ShPa") == NULL; i++)
    tsr_test_ui_iterate_for (100);
  g_test_message ("status: %s", tsr_shapes_browser_get_status (browser));
  g_assert_nonnull (strstr (tsr_shapes_browser_get_status (browser), "made.ShPa"));
  made_bytes = tsr_test_read_file (made);
  {
    g_autoptr(GFile) base_file = g_file_new_for_path (path);
    base = tsr_document_new_from_file (base_file, &error);
  }
  g_assert_no_error (error);
  g_assert_true (tsr_shapes_document_apply_patch (TSR_SHAPES_DOCUMENT (base), g_bytes_get_data (made_bytes, NULL),
                                                  g_bytes_get_size (made_bytes), "made.ShPa", &error));
  rebuilt = shapes_bytes (base);
  g_assert_true (g_bytes_equal (rebuilt, applied));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "asset-edits-patch-made.png");
  g_settings_reset (settings, "marathon-shapes");
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* A one-view sequence gets 4 views from its drop-down; the summary says so, and follows a frame
 * added with the real + button; real Ctrl+Z twice go back. */
static void
test_sequence_views (void)
{
  g_autofree char *data = tsr_test_ui_data_dir ("marathon");
  g_autofree char *path = tsr_shapes_sample_write (data, work_dir);
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  TsrWindow *window = open_in_window (path);
  TsrShapesBrowser *browser = TSR_SHAPES_BROWSER (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                                          GSIZE_TO_POINTER (TSR_TYPE_SHAPES_BROWSER)));
  TsrShapesDocument *document = TSR_SHAPES_DOCUMENT (tsr_window_get_document (window));
  const TsrShapesCollection *collection = tsr_shapes_document_get_collection (document, 6, 0);
  const TsrShapesSequence *sequence = NULL;
  GtkWidget *views, *summary, *add;
  guint chosen;
  gint16 frames;

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_true (tsr_shapes_browser_select_collection (browser, 6, 0));
  for (chosen = 0; chosen < collection->sequences->len; chosen++)
    {
      sequence = g_ptr_array_index (collection->sequences, chosen);
      if (sequence->view_count == 1 && sequence->frames_per_view >= 2)
        break;
    }
  g_assert_cmpuint (chosen, <, collection->sequences->len);
  frames = sequence->frames_per_view;
  tsr_shapes_browser_show (browser, TSR_SHAPES_PART_SEQUENCE, chosen);
  tsr_test_ui_iterate_for (200);
  views = tsr_shapes_browser_get_field_widget (browser, "views");
  summary = tsr_shapes_browser_get_field_widget (browser, "summary");
  g_assert_nonnull (views);
  g_assert_nonnull (summary);
  /* The choice is made as the drop-down's list does: its list pops up in a surface of its own,
   * which the XTest helper's pointer and key checks (events reaching the window) do not follow. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (views), 2);
  tsr_test_ui_iterate_for (200);
  sequence = g_ptr_array_index (collection->sequences, chosen);
  g_assert_cmpuint (sequence->view_count, ==, 4);
  g_assert_cmpint (sequence->view_code, ==, 4);
  g_assert_cmpint (sequence->frames_per_view, ==, frames);
  /* New views repeat the last one's frames. */
  for (guint v = 1; v < 4; v++)
    g_assert_cmpmem (sequence->frame_indexes + v * (guint) frames, frames * 2, sequence->frame_indexes, frames * 2);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (summary)), "4 views (view code 4)"));
  g_assert_cmpuint (tsr_shapes_browser_get_animation (browser)->frames, ==, (guint) frames);

  /* A frame added with the player's + button: the summary follows (it used to keep the old count). */
  add = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_button_with_icon, "list-add-symbolic");
  g_assert_nonnull (add);
  g_assert_true (tsr_test_xtest_click (xtest, add));
  tsr_test_ui_iterate_for (200);
  {
    g_autofree char *expected = g_strdup_printf ("%d frames per view", frames + 1);
    g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (tsr_shapes_browser_get_field_widget (browser, "summary"))), expected));
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "asset-edits-sequence-views.png");
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (200);
  sequence = g_ptr_array_index (collection->sequences, chosen);
  g_assert_cmpuint (sequence->view_count, ==, 1);
  g_assert_cmpint (sequence->frames_per_view, ==, frames);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (tsr_shapes_browser_get_field_widget (browser, "views"))), ==, 1);
  g_assert_false (tsr_window_get_modified (window));
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "asset-edits", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();

  g_test_add_func ("/asset-edits/patch-against-base", test_patch_against_base);
  g_test_add_func ("/asset-edits/sequence-views", test_sequence_views);
  g_test_add_func ("/asset-edits/apply-and-make-patch", test_apply_and_make_patch);
  status = g_test_run ();

  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
