/* test-marathon-merge-folder-ui.c: an Atque merge folder in the editor by real X input (XTest), on
 * the folder the split writes from the real Chronicles levels (issue 37). The second folder's level
 * file opens the folder as one scenario showing that level (as `tessera FILE` opens it), whose
 * points are moved by Ctrl+A and an arrow key; back on the first level its terminal
 * script gets a word typed in; Ctrl+S writes that level's file and that script, and no other file
 * of the folder. Then Duplicate Level and Move Level Up, clicked, and Ctrl+S make the level folder
 * "00 Dream Brother copy", which merging puts first. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "formats/marathon/tsr-marathon-merge.h"
#include "model/marathon/tsr-marathon-document.h"
#include "views/marathon/tsr-marathon-map-editor.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/marathon/tsr-terminal-editor.h"
#include "tsr-test-merge-folder.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

static gboolean
match_label_prefix (GtkWidget     *widget,
                    gconstpointer  prefix)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix);
}

static void
click_tab (TsrTestXTest *xtest,
           GtkWidget    *page,
           const char   *title)
{
  GtkWidget *tab = tsr_test_ui_find_widget (page, tsr_test_ui_match_mapped_label, title);

  g_assert_nonnull (tab);
  g_assert_true (tsr_test_xtest_click (xtest, tab));
  tsr_test_ui_iterate_for (200);
}

/* The level at POSITION ("N  Name") chosen in the levels drop-down by clicks. */
static void
choose_level (TsrTestXTest *xtest,
              GtkWidget    *page,
              guint         position)
{
  GtkWidget *dropdown = tsr_test_ui_get_widget (page, GTK_TYPE_DROP_DOWN);
  g_autofree char *prefix = g_strdup_printf ("%u  ", position);
  GtkWidget *item;

  g_assert_true (tsr_test_xtest_click (xtest, dropdown));
  tsr_test_ui_iterate_for (300);
  item = tsr_test_ui_find_widget (dropdown, match_label_prefix, prefix);
  g_assert_nonnull (item);
  tsr_test_xtest_watch (xtest, item);
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_test_xtest_click (xtest, item));
  tsr_test_ui_iterate_for (300);
}

static void
test_edit_and_save (void)
{
  g_autofree char *data_dir = tsr_test_ui_data_dir ("marathon");
  g_autofree char *folder = NULL;
  g_autofree char *root = NULL;
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autofree char *changed = NULL;
  TsrWindow *window;
  TsrMarathonDocument *document;
  GtkWidget *page, *canvas, *source;
  TsrMarathonLevel *level;
  TsrMarathonPoint first;
  TsrTerminalText *text;

  if (data_dir == NULL)
    {
      g_test_skip ("no Marathon test data");
      return;
    }
  root = g_build_filename (work_dir, "merge-folder", NULL);
  folder = tsr_test_build_merge_folder (data_dir, root);
  before = tsr_test_snapshot_folder (folder);

  /* The second folder's level file opens the folder as one scenario of four levels, in folder
   * order, showing that level (as `tessera FILE` and drag and drop open it). */
  window = tsr_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
  {
    g_autofree char *level_path = g_build_filename (folder, "07 Men Like Ravenous Fishes", "Men Like Ravenous Fishes.sceA", NULL);
    g_autoptr(GFile) level_file = g_file_new_for_path (level_path);
    g_autoptr(GFile) folder_file = g_file_new_for_path (folder);

    tsr_window_show_file (window, level_file);
    g_assert_true (tsr_test_ui_wait_for_loads (window));
    g_assert_null (tsr_window_get_error_message (window));
    g_assert_true (g_file_equal (tsr_document_get_file (tsr_window_get_document (window)), folder_file));
  }
  tsr_test_ui_iterate_for (100);
  g_assert_cmpstr (tsr_document_get_format_id (tsr_window_get_document (window)), ==, "marathon-merge-folder");
  document = TSR_MARATHON_DOCUMENT (tsr_window_get_document (window));
  g_assert_cmpuint (tsr_marathon_document_get_n_levels (document), ==, 4);
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 1);
  page = tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* The second folder's level is shown (the drop-down goes back to the first below). */
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 1);
  level = g_ptr_array_index (tsr_marathon_document_get_scenario (document)->map->levels, 1);
  first = tsr_marathon_level_point (level, 0);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-merge-folder-level.png");

  /* Every element selected and moved one step right: a geometry edit of this level only. */
  canvas = GTK_WIDGET (tsr_marathon_map_editor_get_canvas (tsr_marathon_map_page_get_map_editor (TSR_MARATHON_MAP_PAGE (page))));
  g_assert_true (tsr_test_xtest_click_at (xtest, canvas, 5, 5));
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Right, 0));
  tsr_test_ui_iterate_for (200);
  g_assert_true (tsr_document_get_modified (TSR_DOCUMENT (document)));
  g_assert_cmpint (tsr_marathon_level_point (level, 0).x, >, first.x);
  g_assert_cmpint (tsr_marathon_level_point (level, 0).y, ==, first.y);

  /* The first level's terminals: the script of its folder, a word typed at the end of line 1. */
  choose_level (xtest, page, 0);
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 0);
  source = GTK_WIDGET (tsr_terminal_editor_get_source_view (tsr_marathon_map_page_get_terminal_editor (TSR_MARATHON_MAP_PAGE (page))));
  /* The first click after the drop-down's popover closed may only end its grab. */
  for (guint attempt = 0; attempt < 2 && !gtk_widget_get_mapped (source); attempt++)
    click_tab (xtest, page, "Terminals");
  g_assert_true (gtk_widget_get_mapped (source));
  g_assert_true (tsr_test_xtest_click (xtest, source));
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Home, GDK_CONTROL_MASK));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_End, 0));
  tsr_test_xtest_type_text (xtest, " tessera");
  tsr_test_ui_iterate_for (300);
  text = tsr_terminal_editor_get_text (tsr_marathon_map_page_get_terminal_editor (TSR_MARATHON_MAP_PAGE (page)));
  g_assert_true (g_str_has_prefix (tsr_terminal_text_get_text (text, NULL), "; tessera\n"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-merge-folder-script.png");

  /* Ctrl+S: that level's file and that script, nothing else (the editor keeps the previous
   * version of each file it replaces as FILE~, by default). */
  tsr_test_xtest_save (xtest, window);
  g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));
  after = tsr_test_snapshot_folder (folder);
  changed = tsr_test_changed_files (before, after);
  g_assert_cmpstr (changed, ==, "03 Dream Brother/Dream Brother.term.txt, 03 Dream Brother/Dream Brother.term.txt~, "
                                "07 Men Like Ravenous Fishes/Men Like Ravenous Fishes.sceA, "
                                "07 Men Like Ravenous Fishes/Men Like Ravenous Fishes.sceA~");
  {
    GBytes *script = g_hash_table_lookup (after, "03 Dream Brother/Dream Brother.term.txt");

    g_assert_cmpint (memcmp (g_bytes_get_data (script, NULL), "; tessera\n", 10), ==, 0);
  }
  /* The kept versions are the files as they were. */
  g_assert_true (g_bytes_equal (g_hash_table_lookup (after, "03 Dream Brother/Dream Brother.term.txt~"),
                                g_hash_table_lookup (before, "03 Dream Brother/Dream Brother.term.txt")));
  g_assert_true (g_bytes_equal (g_hash_table_lookup (after, "07 Men Like Ravenous Fishes/Men Like Ravenous Fishes.sceA~"),
                                g_hash_table_lookup (before, "07 Men Like Ravenous Fishes/Men Like Ravenous Fishes.sceA")));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-merge-folder-saved.png");
  g_clear_pointer (&changed, g_free);
  g_clear_pointer (&before, g_hash_table_unref);
  before = g_steal_pointer (&after);

  /* A level added (Duplicate Level, clicked) after the first and moved to the front (Move Level
   * Up, clicked); Ctrl+S makes its folder "00 Dream Brother copy" before 03, and nothing else. */
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (page, tsr_test_ui_match_tooltip, "Duplicate this level")));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (tsr_marathon_document_get_n_levels (document), ==, 5);
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 1);
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (page, tsr_test_ui_match_tooltip,
                                                                       "Move Level Up: this level takes the place of the one before it (the order of the levels in the file; this does not go to another level)")));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 0);
  tsr_test_xtest_save (xtest, window);
  g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));
  after = tsr_test_snapshot_folder (folder);
  changed = tsr_test_changed_files (before, after);
  g_assert_cmpstr (changed, ==, "00 Dream Brother copy/Dream Brother copy.sceA");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) merged = tsr_marathon_merge_folder (folder, "Chronicles", NULL, &error);
    g_autoptr(TsrMarathonScenario) scenario = NULL;
    g_autofree char *first_name = NULL;

    g_assert_no_error (error);
    scenario = tsr_marathon_scenario_load (merged, folder, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (scenario->map->levels->len, ==, 5);
    first_name = tsr_marathon_level_name (g_ptr_array_index (scenario->map->levels, 0));
    g_assert_cmpstr (first_name, ==, "Dream Brother copy");
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-merge-folder-levels.png");

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-merge-folder-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/marathon-merge-folder-ui/edit-and-save", test_edit_and_save);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
