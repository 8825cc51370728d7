/* test-marathon-levels-ui.c: the Marathon level list's edits against the views that show a level,
 * by real X input (XTest) on a copy of a real map, meant to run under ASan. The sequence is the
 * one issue 41's random input found: Duplicate level, level 0 chosen in the levels drop-down,
 * "+" Add level, Ctrl+Z, Duplicate again. The undo takes the added level out while the current
 * index stays 1 (now the duplicate): a view that re-points only when the index changes keeps the
 * removed level, and the second Duplicate (which drops the undone Add, and the level with it)
 * makes the Palettes page read freed memory in its rebuild. Every page must show the level at
 * the current index after each step. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "model/marathon/tsr-marathon-document.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/marathon/tsr-marathon-palettes.h"
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
click_button (TsrTestXTest *xtest,
              GtkWidget    *root,
              const char   *tooltip)
{
  GtkWidget *button = tsr_test_ui_find_widget (root, tsr_test_ui_match_tooltip, tooltip);

  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (tsr_test_xtest_click (xtest, button));
  tsr_test_ui_iterate_for (200);
}

/* Every page shows the level at the current index. */
static void
assert_pages_follow (TsrMarathonDocument *document,
                     TsrMarathonMapPage  *page)
{
  TsrMarathonLevelMap *current = tsr_marathon_document_get_level_map (document,
                                                                      tsr_marathon_document_get_current_level (document));

  g_assert_true (tsr_marathon_map_editor_get_level_map (tsr_marathon_map_page_get_map_editor (page)) == current);
  g_assert_true (tsr_marathon_palettes_get_level_map (tsr_marathon_map_page_get_palettes (page)) == current);
}

static void
test_undo_add_level (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir,
                                                      "marathon-levels");
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrMarathonDocument *document;
  GtkWidget *dropdown, *item, *tab;

  if (path == NULL)
    return;
  window = tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
  document = TSR_MARATHON_DOCUMENT (tsr_window_get_document (window));
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  g_assert_cmpuint (tsr_marathon_document_get_n_levels (document), ==, 1);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* The Palettes page, by its tab. */
  tab = tsr_test_ui_find_widget (GTK_WIDGET (page), tsr_test_ui_match_mapped_label, "Palettes");
  g_assert_nonnull (tab);
  g_assert_true (tsr_test_xtest_click (xtest, tab));
  tsr_test_ui_iterate_for (200);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (tsr_marathon_map_page_get_palettes (page))));

  /* Duplicate: [A, A'], on A'. */
  click_button (xtest, GTK_WIDGET (page), "Duplicate this level");
  g_assert_cmpuint (tsr_marathon_document_get_n_levels (document), ==, 2);
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 1);
  assert_pages_follow (document, page);

  /* Level 0 in the drop-down. */
  dropdown = tsr_test_ui_get_widget (GTK_WIDGET (page), GTK_TYPE_DROP_DOWN);
  g_assert_true (tsr_test_xtest_click (xtest, dropdown));
  tsr_test_ui_iterate_for (300);
  item = tsr_test_ui_find_widget (dropdown, match_label_prefix, "0  ");
  g_assert_nonnull (item);
  tsr_test_xtest_watch (xtest, item);
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_test_xtest_click (xtest, item));
  tsr_test_ui_iterate_for (300);
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 0);
  assert_pages_follow (document, page);

  /* "+": [A, N, A'], on N. */
  click_button (xtest, GTK_WIDGET (page), "Add an empty level after this one");
  g_assert_cmpuint (tsr_marathon_document_get_n_levels (document), ==, 3);
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 1);
  assert_pages_follow (document, page);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-levels-added.png");

  /* Ctrl+Z: [A, A'], still index 1, which is A' now. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (300);
  g_assert_cmpuint (tsr_marathon_document_get_n_levels (document), ==, 2);
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 1);
  assert_pages_follow (document, page);

  /* Duplicate again: the undone Add (and its level) is dropped; the pages rebuild. */
  click_button (xtest, GTK_WIDGET (page), "Duplicate this level");
  g_assert_cmpuint (tsr_marathon_document_get_n_levels (document), ==, 3);
  g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, 2);
  assert_pages_follow (document, page);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-levels-duplicated.png");

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-levels-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/marathon-levels-ui/undo-add-level", test_undo_add_level);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
