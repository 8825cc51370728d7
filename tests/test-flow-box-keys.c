/* test-flow-box-keys.c: arrow and page keys in a GtkFlowBox not laid out with its children yet
 * leave the window responding (tsr-flow-box-keys.h: GTK 4.8 loops forever on Up and Down there
 * and divides by zero on Page Up and Page Down), by real X input; in a laid-out box Down still
 * moves to the child below. The stuck box is made by children of no size, which GTK never lays
 * out. A watchdog thread ends the test if a key does not come back within 20 s. */
#include "config.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

#include "views/tsr-flow-box-keys.h"
#include "tsr-test-common.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static char *work_dir;
static char *screenshot_dir;
static gint watchdog_armed;
static gint watchdog_stop;
static gint64 armed_at;
static const char *pressing;

static gpointer
watchdog_thread (gpointer data)
{
  while (!g_atomic_int_get (&watchdog_stop))
    {
      g_usleep (100 * 1000);
      if (g_atomic_int_get (&watchdog_armed) && g_get_monotonic_time () - __atomic_load_n (&armed_at, __ATOMIC_SEQ_CST) > 20 * G_USEC_PER_SEC)
        {
          fprintf (stderr, "flow-box-keys: the window did not respond for 20 s after %s\n", pressing);
          abort ();
        }
    }
  return NULL;
}

static void
press (TsrTestXTest *xtest, guint keyval, GdkModifierType modifiers, const char *what)
{
  pressing = what;
  __atomic_store_n (&armed_at, g_get_monotonic_time (), __ATOMIC_SEQ_CST);
  g_atomic_int_set (&watchdog_armed, TRUE);
  g_assert_true (tsr_test_xtest_key (xtest, keyval, modifiers));
  g_atomic_int_set (&watchdog_armed, FALSE);
}

static GtkWidget *
flow_box_new (guint n, gboolean sized)
{
  GtkWidget *box = gtk_flow_box_new ();

  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (box), 4);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (box), 4);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *child = gtk_flow_box_child_new ();

      if (sized)
        {
          g_autofree char *text = g_strdup_printf ("Item %u", i);

          gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (child), gtk_label_new (text));
        }
      else
        gtk_widget_add_css_class (child, "tsr-test-no-size");
      gtk_flow_box_append (GTK_FLOW_BOX (box), child);
    }
  return box;
}

static void
test_keys_in_flow_boxes (void)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *stuck = flow_box_new (8, FALSE);
  GtkWidget *laid_out = flow_box_new (8, TRUE);
  GtkWidget *first, *below;
  TsrTestXTest *xtest;
  GThread *watchdog = g_thread_new ("watchdog", watchdog_thread, NULL);

  gtk_css_provider_load_from_data (css, ".tsr-test-no-size { min-width: 0; min-height: 0; padding: 0; margin: 0;"
                                        " border: none; outline: none; }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
  gtk_box_append (GTK_BOX (column), stuck);
  gtk_box_append (GTK_BOX (column), laid_out);
  gtk_window_set_child (GTK_WINDOW (window), column);
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 240);
  tsr_flow_box_keys_guard (GTK_WINDOW (window));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (200);
  g_assert_false (tsr_flow_box_keys_laid_out (GTK_FLOW_BOX (stuck)));
  g_assert_true (tsr_flow_box_keys_laid_out (GTK_FLOW_BOX (laid_out)));

  /* The stuck box: its first child takes the focus (GTK makes it the cursor); each key returns. */
  first = GTK_WIDGET (gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (stuck), 0));
  g_assert_true (gtk_widget_grab_focus (first));
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == first);
  press (xtest, GDK_KEY_Down, 0, "Down in the box not laid out");
  press (xtest, GDK_KEY_Down, GDK_SHIFT_MASK, "Shift+Down in the box not laid out");
  press (xtest, GDK_KEY_Up, 0, "Up in the box not laid out");
  press (xtest, GDK_KEY_Page_Down, 0, "Page Down in the box not laid out");
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == first);

  /* The laid-out box: its first child clicked, Down goes to the child below (index 4 of 4 a
   * line). */
  first = GTK_WIDGET (gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (laid_out), 0));
  below = GTK_WIDGET (gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (laid_out), 4));
  g_assert_true (tsr_test_xtest_click (xtest, first));
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == first);
  press (xtest, GDK_KEY_Down, 0, "Down in the laid-out box");
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == below);
  tsr_test_ui_save_screenshot (window, screenshot_dir, "flow-box-keys.png");

  g_atomic_int_set (&watchdog_stop, TRUE);
  g_thread_join (watchdog);
  tsr_test_xtest_free (xtest);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "flow-box-keys", &work_dir, &screenshot_dir, &status))
    return status;
  g_test_add_func ("/flow-box-keys/keys-in-flow-boxes", test_keys_in_flow_boxes);
  status = g_test_run ();
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
