/* test-marathon-go-to-ui.c: Go To in the Marathon map editor by real X input (XTest) on a copy of
 * Dream Brother (issue 37). Ctrl+G on the map opens the dialog; "12" and Return select polygon 12
 * and centre the map on it; with Line as the kind, "88" and Return select line 88; an index
 * the level lacks keeps the dialog open with a line saying so, and Escape closes it. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "edit/tsr-edit-session.h"
#include "edit/tsr-selection.h"
#include "views/marathon/tsr-marathon-map-editor.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/tsr-map-canvas.h"
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

/* Ctrl+G on the map: the dialog, its index field focused. */
static GtkWindow *
open_dialog (TsrTestXTest *xtest,
             GtkWidget    *canvas)
{
  GtkWindow *dialog;

  g_assert_true (tsr_test_xtest_click_at (xtest, canvas, 5, 5));
  tsr_test_ui_iterate_for (100);
  /* The release goes to the dialog the press opened, which is not watched yet: the dialog showing
   * is what counts. */
  g_assert_true (tsr_test_xtest_key_unwatched (xtest, GDK_KEY_g, GDK_CONTROL_MASK));
  dialog = tsr_test_ui_wait_for_window_titled ("Go To", TRUE);
  g_assert_nonnull (dialog);
  tsr_test_xtest_watch (xtest, GTK_WIDGET (dialog));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (dialog)));
  tsr_test_ui_iterate_for (200);
  return dialog;
}

/* A key that closes the dialog: its release goes to a window that is gone, so the key's own wait
 * cannot see it; what the key did is asserted instead. */
static void
close_by_key (TsrTestXTest *xtest,
              guint         keyval)
{
  g_assert_true (tsr_test_xtest_key_unwatched (xtest, keyval, 0));
  tsr_test_ui_wait_for_window_titled ("Go To", FALSE);
  tsr_test_ui_iterate_for (100);
}

static void
assert_selected (TsrMarathonMapEditor *editor,
                 TsrElementKind        kind,
                 guint                 index)
{
  TsrSelection *selection = tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor));
  TsrElementRef ref = { kind, index };

  g_assert_cmpuint (tsr_selection_get_size (selection), ==, 1);
  g_assert_true (tsr_selection_contains (selection, &ref));
}

static void
test_go_to (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir, "go-to");
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrMarathonMapEditor *editor;
  GtkWidget *canvas, *dropdown;
  GtkWindow *dialog;

  if (path == NULL)
    return;
  window = tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
  editor = TSR_MARATHON_MAP_EDITOR (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_EDITOR));
  canvas = GTK_WIDGET (tsr_marathon_map_editor_get_canvas (editor));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* Polygon 12. */
  dialog = open_dialog (xtest, canvas);
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "marathon-go-to-dialog.png");
  tsr_test_xtest_type_text (xtest, "12");
  close_by_key (xtest, GDK_KEY_Return);
  g_assert_null (tsr_test_ui_find_window_titled ("Go To"));
  assert_selected (editor, TSR_ELEMENT_POLYGON, 12);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-go-to-polygon.png");

  /* Line 88, the kind chosen in the drop-down. */
  dialog = open_dialog (xtest, canvas);
  dropdown = tsr_test_ui_get_widget (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN);
  /* Not yet by a real click: tsr_test_xtest_choose does not open a drop-down of this second
   * toplevel under Xvfb (its list never maps). The kind is set; the index is typed. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), 1);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, 1);
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_get_widget (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON)));
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
  tsr_test_xtest_type_text (xtest, "88");
  close_by_key (xtest, GDK_KEY_Return);
  g_assert_null (tsr_test_ui_find_window_titled ("Go To"));
  assert_selected (editor, TSR_ELEMENT_SEGMENT, 88);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-go-to-line.png");

  /* Polygon 9999: not on this level; the dialog stays and says so; the selection stays. */
  dialog = open_dialog (xtest, canvas);
  tsr_test_xtest_type_text (xtest, "9999");
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
  tsr_test_ui_iterate_for (300);
  g_assert_true (tsr_test_ui_find_window_titled ("Go To") == dialog);
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (dialog), match_label_prefix, "Polygon 9999 is not on this level"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "marathon-go-to-missing.png");
  close_by_key (xtest, GDK_KEY_Escape);
  g_assert_null (tsr_test_ui_find_window_titled ("Go To"));

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-go-to-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/marathon-go-to-ui/go-to", test_go_to);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
