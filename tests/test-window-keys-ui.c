/* test-window-keys-ui.c: the window's keys and menu for each editor (issue 36), by real X input
 * (XTest under Xvfb) on copies of real files at 1280×800:
 * - Ctrl+? in a Marathon map tab opens the shortcuts window at the Marathon map editor's keys (the
 *   keys its code binds: L, P, F, S, O, M, V, C and the canvas's), in a Doom2D map tab at the
 *   Doom2D editor's (S, M, P, T, I, O, F, A, K and the canvas's); Ctrl+N is listed;
 * - File → Revert in the Sphere map editor rebuilds the page with one Scripts tab and one Entities
 *   tab (it added a second of each: the side panels' pages were never removed).
 * Screenshots of each state. Exits 77 without a display or XTest (fails under CI=true without
 * XTest). */
#include "config.h"

#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <gdk/x11/gdkx.h>
#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

typedef struct {
  const char *title;
  const char *accelerator;
} Shortcut;

/* Every GtkShortcutsShortcut below ROOT, into FOUND. */
static void
collect_shortcuts (GtkWidget *root,
                   GPtrArray *found)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (root))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_shortcuts (child, found);
}

/* A GtkModelButton (a menu's row) whose text is DATA. */
static gboolean
match_menu_item (GtkWidget    *widget,
                 gconstpointer text)
{
  g_autofree char *label = NULL;

  if (!g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton"))
    return FALSE;
  g_object_get (widget, "text", &label, NULL);
  return g_strcmp0 (label, text) == 0;
}

/* The number of pages titled TITLE in the notebooks below ROOT. */
static guint
count_tabs (GtkWidget  *root,
            const char *title)
{
  guint count = 0;

  if (GTK_IS_NOTEBOOK (root))
    for (int i = 0; i < gtk_notebook_get_n_pages (GTK_NOTEBOOK (root)); i++)
      {
        GtkWidget *page = gtk_notebook_get_nth_page (GTK_NOTEBOOK (root), i);

        count += g_strcmp0 (gtk_notebook_get_tab_label_text (GTK_NOTEBOOK (root), page), title) == 0;
      }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    count += count_tabs (child, title);
  return count;
}

/* Presses Ctrl+? in WINDOW (driven by XTEST) and checks the shortcuts window opens at SECTION
 * showing every one of EXPECTED (title and key) on screen; screenshot SHOT; closes it again. */
static void
check_shortcuts (TsrTestXTest   *xtest G_GNUC_UNUSED,
                 TsrWindow      *window,
                 const char     *section,
                 const Shortcut *expected,
                 const char     *shot)
{
  /* Built on first use (NULL before the first Ctrl+?). */
  GtkWidget *overlay = GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_autoptr(GPtrArray) shortcuts = g_ptr_array_new ();
  g_autofree char *shown_section = NULL;

  g_assert_true (overlay == NULL || !gtk_widget_get_visible (overlay));
  /* Ctrl+Shift+slash ('?' on the test display's keyboard), sent straight to the X server: the
   * shortcuts window may take the focus before the window sees the releases, so unlike
   * tsr_test_xtest_key nothing waits for them (that waited out its timeout three times). */
  {
    Display *xdisplay = gdk_x11_display_get_xdisplay (gtk_widget_get_display (GTK_WIDGET (window)));
    static const KeySym keys[] = { XK_Control_L, XK_Shift_L, XK_question };

    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      XTestFakeKeyEvent (xdisplay, XKeysymToKeycode (xdisplay, keys[i]), True, CurrentTime);
    for (guint i = G_N_ELEMENTS (keys); i > 0; i--)
      XTestFakeKeyEvent (xdisplay, XKeysymToKeycode (xdisplay, keys[i - 1]), False, CurrentTime);
    XSync (xdisplay, False);
  }
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       (overlay == NULL || !gtk_widget_get_mapped (overlay)) && g_get_monotonic_time () < end;)
    {
      tsr_test_ui_iterate_for (20);
      overlay = GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
    }
  g_assert_nonnull (overlay);
  g_assert_true (gtk_widget_get_mapped (overlay));
  g_assert_true (tsr_test_ui_wait_for_frames (overlay, 3));
  g_object_get (overlay, "section-name", &shown_section, NULL);
  g_assert_cmpstr (shown_section, ==, section);
  tsr_test_ui_save_screenshot (overlay, screenshot_dir, shot);

  collect_shortcuts (overlay, shortcuts);
  for (const Shortcut *want = expected; want->title != NULL; want++)
    {
      gboolean shown = FALSE;

      for (guint i = 0; i < shortcuts->len && !shown; i++)
        {
          GtkWidget *row = g_ptr_array_index (shortcuts, i);
          g_autofree char *title = NULL, *accelerator = NULL, *action = NULL;

          if (!gtk_widget_get_mapped (row))
            continue;
          g_object_get (row, "title", &title, "accelerator", &accelerator, "action-name", &action, NULL);
          shown = g_strcmp0 (title, want->title) == 0
                  && (g_strcmp0 (accelerator, want->accelerator) == 0 || g_strcmp0 (action, want->accelerator) == 0);
        }
      if (!shown)
        g_error ("the shortcuts window does not show “%s” (%s) in the %s section", want->title, want->accelerator, section);
    }
  /* The same section at 1920×1080 (TSR_TEST_SCREEN of the test's display). */
  {
    g_autofree char *stem = g_strndup (shot, strlen (shot) - strlen (".png"));
    g_autofree char *shot_1920 = g_strconcat (stem, "-1920.png", NULL);

    g_assert_true (tsr_test_ui_resize_window (GTK_WINDOW (overlay), 1920, 1080));
    tsr_test_ui_save_screenshot (overlay, screenshot_dir, shot_1920);
  }

  gtk_window_close (GTK_WINDOW (overlay));
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       gtk_widget_get_visible (overlay) && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  g_assert_false (gtk_widget_get_visible (overlay));
  tsr_test_ui_iterate_for (100);
}

/* Issue 36: Ctrl+? listed the tile tools, not the Marathon keys. */
static void
test_marathon_shortcuts (void)
{
  /* tsr-marathon-map-editor.c's drawing_tools and bindings, tsr-map-canvas.c's bindings. */
  static const Shortcut expected[] = {
    { "Draw lines", "l" }, { "Regular polygon", "p" }, { "Fill a closed loop of lines", "f" },
    { "Split a line or a polygon", "s" }, { "Place an object", "o" },
    { "Merge the two selected polygons", "m" },
    { "Marathon and Wolf3D maps: switch between the 2D map and the visual (3D) mode", "v" },
    { "Marathon map: put the visual mode's camera where the pointer is", "c" },
    { "Select all", "<Control>a" }, { "Delete the selection", "Delete" },
    { "Move the selection by one grid step (Shift: one unit)", "Left Right Up Down" },
    { "Zoom in", "plus" }, { "Fit the map", "0" },
    { NULL, NULL }
  };
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir, "marathon");
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;

  if (path == NULL)
    return;
  window = tsr_test_ui_open_in_window (application, path, 1280, 800, 200);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  check_shortcuts (xtest, window, "marathon", expected, "window-keys-marathon.png");
  tsr_test_ui_hide_window (window);
}

/* Issue 36: the shortcuts window lacked the Doom2D tool keys and Ctrl+N. */
static void
test_doom2d_shortcuts (void)
{
  /* tsr-doom2d-map-page.c's mode_keys and doom2d.turn, tsr-map-canvas.c's bindings. */
  static const Shortcut expected[] = {
    { "Select, move and resize", "s" }, { "Move the selection from anywhere", "m" },
    { "Draw a panel by dragging", "p" }, { "Draw a trigger's area by dragging", "t" },
    { "Place an item", "i" }, { "Place a monster", "o" }, { "Turn new monsters the other way", "f" },
    { "Place a spawn point or flag", "a" }, { "Click the selected trigger's target on the map", "k" },
    { "Select all", "<Control>a" }, { "Paste", "<Control>v" },
    { "Move the selection to the next grid line with Snap on (Shift: one pixel)", "Left Right Up Down" },
    { NULL, NULL }
  };
  static const Shortcut general[] = { { "New document", "win.new" }, { NULL, NULL } };
  g_autofree char *path = tsr_test_ui_copy_data_file ("doom2d", "df_MAP01.map", work_dir, "doom2d");
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;

  if (path == NULL)
    return;
  window = tsr_test_ui_open_in_window (application, path, 1280, 800, 200);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  check_shortcuts (xtest, window, "doom2d", expected, "window-keys-doom2d.png");

  /* Ctrl+N is in the General section, the one a window without a document opens at. */
  xtest = (tsr_test_xtest_free (xtest), tsr_test_xtest_drive (GTK_WINDOW (window)));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_w, GDK_CONTROL_MASK));
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       tsr_window_get_n_documents (window) > 0 && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 0);
  tsr_test_ui_iterate_for (100);
  check_shortcuts (xtest, window, "shortcuts", general, "window-keys-general.png");
  tsr_test_ui_hide_window (window);
}

/* Issue 36: File → Revert in the Sphere editor added a second Scripts tab. */
static void
test_sphere_revert_tabs (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  static const char *const files[] = { "village.rmp", "outside_neo.rts", NULL };
  g_autofree char *dir = NULL, *path = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrDocument *before;
  TsrWindow *window;

  if (source == NULL)
    return;
  dir = tsr_test_ui_copy_files (source, files, work_dir, "sphere");
  path = g_build_filename (dir, "village.rmp", NULL);
  window = tsr_test_ui_open_in_window (application, path, 1280, 800, 200);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_cmpuint (count_tabs (GTK_WIDGET (window), "Scripts"), ==, 1);
  g_assert_cmpuint (count_tabs (GTK_WIDGET (window), "Entities"), ==, 1);

  for (guint round = 0; round < 2; round++)
    {
      GtkWidget *button = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_tooltip, "Main Menu");
      GtkWidget *popover, *item;

      g_assert_nonnull (button);
      before = tsr_window_get_document (window);
      popover = tsr_test_xtest_open_menu (xtest, button);
      g_assert_nonnull (popover);
      item = tsr_test_ui_find_widget (popover, match_menu_item, "Revert…");
      g_assert_nonnull (item);
      g_assert_true (gtk_widget_get_mapped (item));
      g_assert_true (tsr_test_xtest_click (xtest, item));
      for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
           tsr_window_get_document (window) == before && g_get_monotonic_time () < end;)
        tsr_test_ui_iterate_for (20);
      g_assert_true (tsr_window_get_document (window) != before);
      tsr_test_ui_iterate_for (200);
      g_assert_cmpuint (count_tabs (GTK_WIDGET (window), "Scripts"), ==, 1);
      g_assert_cmpuint (count_tabs (GTK_WIDGET (window), "Entities"), ==, 1);
    }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "window-keys-sphere-reverted.png");
  g_assert_true (tsr_test_ui_resize_window (GTK_WINDOW (window), 1920, 1080));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "window-keys-sphere-reverted-1920.png");
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "window-keys-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/window-keys-ui/marathon-shortcuts", test_marathon_shortcuts);
  g_test_add_func ("/window-keys-ui/doom2d-shortcuts", test_doom2d_shortcuts);
  g_test_add_func ("/window-keys-ui/sphere-revert-tabs", test_sphere_revert_tabs);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
