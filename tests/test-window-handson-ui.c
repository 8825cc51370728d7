/* test-window-handson-ui.c: what a new user tripped over in the window, for every family (issue
 * 36), driven by real X input (XTest under Xvfb) on copies of real Sphere maps at 1280×800:
 * - the main menu has Revert…, Close and Quit: Revert (asking first) reads the file again, Close
 *   and Ctrl+W close the tab asking to save a modified one, Quit and Ctrl+Q ask for unsaved
 *   documents; the shortcuts window lists Ctrl+N;
 * - the Open dialog has a filter for all supported files, one for each game, and All files;
 * - Preferences fits a 768-px screen, its last row reached with the mouse wheel;
 * - the Sphere map editor's side-bar tabs (Layers, Problems, History, Entities) stay reachable
 *   below the minimap at 1280×800 and 1280×720.
 * Screenshots of each state. Exits 77 without a display or XTest (fails under CI=true without
 * XTest). */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-preferences-window.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "views/tsr-map-canvas.h"
#include "views/tsr-map-editor.h"
#include "views/tsr-minimap.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

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

/* A copy of the real Sphere map village.rmp (with its tileset) in WORK_DIR/SUBDIR. */
static char *
copy_village (const char *subdir)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  static const char *const files[] = { "village.rmp", "outside_neo.rts", NULL };
  g_autofree char *dir = NULL;

  if (source == NULL)
    return NULL;
  dir = tsr_test_ui_copy_files (source, files, work_dir, subdir);
  return g_build_filename (dir, "village.rmp", NULL);
}

/* Paints with the pencil (B) by real clicks in the middle of the map until the document is
 * modified. */
static void
modify_by_hand (TsrTestXTest *xtest,
                TsrWindow    *window)
{
  TsrMapEditor *editor = TSR_MAP_EDITOR (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                                  GSIZE_TO_POINTER (TSR_TYPE_MAP_EDITOR)));
  GtkWidget *canvas;

  g_assert_nonnull (editor);
  canvas = GTK_WIDGET (tsr_map_editor_get_canvas (editor));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_b, 0));
  for (guint i = 0; i < 8 && !tsr_window_get_modified (window); i++)
    {
      g_assert_true (tsr_test_xtest_move_to (xtest, canvas, gtk_widget_get_width (canvas) / 2 + 40.0 * i,
                                             gtk_widget_get_height (canvas) / 2, 20, NULL, NULL));
      g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
      g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
      tsr_test_ui_iterate_for (50);
    }
  g_assert_true (tsr_window_get_modified (window));
}

/* Opens the main menu by a real click and clicks its row TEXT; SHOT names the menu's screenshot.
 * A row that asks first leaves the question focused, not the window: then only the menu's closing
 * is waited for. */
static void
menu_click (TsrTestXTest *xtest,
            TsrWindow    *window,
            const char   *text,
            gboolean      asks,
            const char   *shot)
{
  GtkWidget *button = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_tooltip, "Main Menu");
  GtkWidget *popover, *item;

  g_assert_nonnull (button);
  popover = tsr_test_xtest_open_menu (xtest, button);
  g_assert_nonnull (popover);
  item = tsr_test_ui_find_widget (popover, match_menu_item, text);
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_get_mapped (item));
  if (shot != NULL)
    tsr_test_ui_save_screenshot (popover, screenshot_dir, shot);
  g_assert_true (tsr_test_xtest_click (xtest, item));
  if (!asks)
    g_assert_true (tsr_test_xtest_wait_closed (xtest, popover));
  for (guint wait = 0; wait < 200 && gtk_widget_get_mapped (popover); wait++)
    tsr_test_ui_iterate_for (50);
  g_assert_false (gtk_widget_get_mapped (popover));
}

/* Waits for the question a menu row or key brought up, screenshots it and clicks LABEL. */
static void
answer_question (const char *label,
                 const char *shot,
                 const char *expect_text)
{
  GtkWindow *dialog = tsr_test_ui_wait_for_toplevel (GTK_TYPE_MESSAGE_DIALOG);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) input = NULL;
  g_autofree char *text = NULL;
  GtkWidget *button;

  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (dialog), 3));
  g_object_get (dialog, "text", &text, NULL);
  g_assert_nonnull (strstr (text, expect_text));
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, shot);
  input = tsr_test_xtest_new (dialog, &error);
  g_assert_no_error (error);
  button = tsr_test_ui_find_widget (GTK_WIDGET (dialog), tsr_test_ui_match_button_label, label);
  g_assert_nonnull (button);
  g_assert_true (tsr_test_xtest_click (input, button));
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       gtk_widget_get_visible (GTK_WIDGET (dialog)) && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  tsr_test_ui_iterate_for (100);
}

/* Issue 36: the menu had no Close, Revert or Quit. */
static void
test_menu_close_revert_quit (void)
{
  g_autofree char *path = copy_village ("menu");
  g_autoptr(GBytes) original = NULL, saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  g_auto(GStrv) accels = NULL;
  g_autoptr(GFile) file = NULL;
  TsrDocument *before;
  TsrWindow *window;
  GtkWidget *overlay;
  gboolean listed = FALSE;

  if (path == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  original = tsr_file_read (path, &error);
  g_assert_no_error (error);
  window = tsr_test_ui_open_in_window (application, path, 1280, 800, 200);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* Revert… asks, then reads the file again: the document is the file's, clean. */
  modify_by_hand (xtest, window);
  before = tsr_window_get_document (window);
  menu_click (xtest, window, "Revert…", TRUE, "window-handson-menu.png");
  answer_question ("_Revert", "window-handson-revert-asks.png", "Revert unsaved changes");
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       tsr_window_get_document (window) == before && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  g_assert_true (tsr_window_get_document (window) != before);
  g_assert_false (tsr_window_get_modified (window));
  outputs = tsr_document_serialize (tsr_window_get_document (window), path, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, original));
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "window-handson-reverted.png");
  /* The reverted page at 1920×1080 (TSR_TEST_SCREEN of the test's display). */
  g_assert_true (tsr_test_ui_resize_window (GTK_WINDOW (window), 1920, 1080));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "window-handson-reverted-1920.png");

  /* Revert… cancelled keeps the changes. */
  modify_by_hand (xtest, window);
  before = tsr_window_get_document (window);
  menu_click (xtest, window, "Revert…", TRUE, NULL);
  answer_question ("_Cancel", "window-handson-revert-cancel.png", "Revert unsaved changes");
  g_assert_true (tsr_window_get_document (window) == before);
  g_assert_true (tsr_window_get_modified (window));

  /* Quit (menu) and Ctrl+Q ask for the unsaved document; Cancel keeps everything. */
  menu_click (xtest, window, "Quit", TRUE, NULL);
  answer_question ("_Cancel", "window-handson-quit-asks.png", "Save changes to");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (tsr_window_get_document (window) == before);
  xtest = (tsr_test_xtest_free (xtest), tsr_test_xtest_drive (GTK_WINDOW (window)));
  /* Not waited for: the dialog takes the focus before the window sees the key's release. */
  tsr_test_xtest_key (xtest, GDK_KEY_q, GDK_CONTROL_MASK);
  answer_question ("_Cancel", "window-handson-ctrl-q-asks.png", "Save changes to");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (tsr_window_get_modified (window));

  /* Close (menu) asks for the modified document; Discard closes the tab, nothing written. */
  xtest = (tsr_test_xtest_free (xtest), tsr_test_xtest_drive (GTK_WINDOW (window)));
  menu_click (xtest, window, "Close", TRUE, NULL);
  answer_question ("_Discard", "window-handson-close-asks.png", "Save changes to");
  g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 0);
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (saved, original));

  /* Ctrl+W closes a modified tab the same way: asks, Cancel keeps it. */
  file = g_file_new_for_path (path);
  g_assert_true (tsr_test_ui_open_file (window, file));
  xtest = (tsr_test_xtest_free (xtest), tsr_test_xtest_drive (GTK_WINDOW (window)));
  modify_by_hand (xtest, window);
  tsr_test_xtest_key (xtest, GDK_KEY_w, GDK_CONTROL_MASK);
  answer_question ("_Cancel", "window-handson-ctrl-w-asks.png", "Save changes to");
  g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 1);
  g_assert_true (tsr_window_get_modified (window));

  /* The accelerators, and the shortcuts window lists Ctrl+N with Close and Quit. */
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application), "win.new");
  g_assert_true (accels[0] != NULL && g_str_equal (accels[0], "<Control>n"));
  g_clear_pointer (&accels, g_strfreev);
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application), "win.close-tab");
  g_assert_true (accels[0] != NULL && g_str_equal (accels[0], "<Control>w"));
  g_clear_pointer (&accels, g_strfreev);
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application), "app.quit");
  g_assert_true (accels[0] != NULL && g_str_equal (accels[0], "<Control>q"));
  g_clear_pointer (&accels, g_strfreev);
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application), "win.show-help-overlay");
  g_assert_true (accels[0] != NULL && g_str_equal (accels[0], "<Control>question"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  overlay = GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_nonnull (overlay);
  for (const char *const *action = (const char *const[]) { "win.new", "win.close-tab", "app.quit", NULL };
       *action != NULL; action++)
    {
      listed = FALSE;
      for (GtkWidget *w = tsr_test_ui_find_widget (overlay, tsr_test_ui_match_type,
                                                    GSIZE_TO_POINTER (GTK_TYPE_SHORTCUTS_SHORTCUT));
           w != NULL && !listed; w = gtk_widget_get_next_sibling (w))
        {
          g_autofree char *name = NULL;

          g_object_get (w, "action-name", &name, NULL);
          listed = g_strcmp0 (name, *action) == 0;
        }
      g_assert_true (listed);
    }
  gtk_window_close (GTK_WINDOW (overlay));

  tsr_test_ui_hide_window (window);
}

/* The name of FILTER matches the file named NAME. */
static gboolean
filter_matches (GtkFileFilter *filter,
                const char    *name)
{
  g_autoptr(GFileInfo) info = g_file_info_new ();

  g_file_info_set_name (info, name);
  g_file_info_set_display_name (info, name);
  g_file_info_set_content_type (info, "application/octet-stream");
  return gtk_filter_match (GTK_FILTER (filter), info);
}

/* Issue 36: the Open dialog had no filter a game. Ctrl+O shows "All supported files", one filter
 * each for Marathon, Wolfenstein 3D, Sphere and Doom2D Forever (the registry's extensions, any
 * case), and "All files", the one it starts on; a real click picks Wolfenstein 3D. */
static void
test_open_filters (void)
{
  static const char *const expected[] = { "All supported files", "Marathon", "Wolfenstein 3D", "Sphere",
                                          "Doom2D Forever", "All files" };
  static const struct {
    const char *filter;
    const char *matches;
    const char *not_matches;
  } checks[] = {
    { "Marathon", "m1_Map.scen", "village.rmp" },
    { "Marathon", "eternal_IconicSomething.ShPa", "MAPHEAD.WL1" },
    { "Wolfenstein 3D", "MAPHEAD.WL1", "village.rmp" },
    { "Wolfenstein 3D", "gamemaps.sod", "m2_Images.imgA" },
    { "Sphere", "village.rmp", "MAPHEAD.WL1" },
    { "Sphere", "outside_neo.rts", "m1_Map.scen" },
    { "Doom2D Forever", "df_MAP01.map", "village.rmp" },
    { "Doom2D Forever", "Game.dfwad", "MAPHEAD.WL1" },
    { "All supported files", "MAPHEAD.WL1", "notes.odt" },
    { "All supported files", "village.rmp", "Shapes" },
    { "All files", "Shapes", NULL },
  };
  static const char *const wolf3d_files[] = { "MAPHEAD.WL1", NULL };
  g_autofree char *path = copy_village ("open-filters");
  g_autofree char *wolf3d = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *folder = NULL;
  g_autoptr(GFile) folder_file = NULL;
  g_autoptr(GListModel) filters = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(TsrTestXTest) dialog_input = NULL;
  TsrWindow *window;
  GtkWindow *dialog;
  GtkWidget *drop_down = NULL, *row, *cancel;

  if (path == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  if (wolf3d != NULL)
    g_free (tsr_test_ui_copy_files (wolf3d, wolf3d_files, work_dir, "open-filters"));
  window = tsr_test_ui_open_in_window (application, path, 1280, 800, 200);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  /* Not waited for: the dialog takes the focus before the window sees the key's release. */
  tsr_test_xtest_key (xtest, GDK_KEY_o, GDK_CONTROL_MASK);
  dialog = tsr_test_ui_wait_for_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  folder = g_path_get_dirname (path);
  folder_file = g_file_new_for_path (folder);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder_file, NULL));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (dialog), 3));
  tsr_test_ui_iterate_for (300);
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "window-handson-open-all.png");

  filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (dialog));
  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, expected[i]);
    }
  for (guint c = 0; c < G_N_ELEMENTS (checks); c++)
    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      {
        g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

        if (!g_str_equal (expected[i], checks[c].filter))
          continue;
        g_assert_true (filter_matches (filter, checks[c].matches));
        if (checks[c].not_matches != NULL)
          g_assert_false (filter_matches (filter, checks[c].not_matches));
      }
  g_assert_cmpstr (gtk_file_filter_get_name (gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog))), ==, "All files");

  /* A real click on the filter drop-down, then on "Wolfenstein 3D". */
  dialog_input = tsr_test_xtest_new (dialog, &error);
  g_assert_no_error (error);
  for (GtkWidget *w = tsr_test_ui_find_widget (GTK_WIDGET (dialog), tsr_test_ui_match_type,
                                                GSIZE_TO_POINTER (GTK_TYPE_DROP_DOWN));
       w != NULL && drop_down == NULL;)
    {
      GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (w));

      if (model != NULL && g_list_model_get_n_items (model) == G_N_ELEMENTS (expected) && gtk_widget_get_mapped (w))
        drop_down = w;
      else
        w = NULL;
    }
  g_assert_nonnull (drop_down);
  g_assert_true (tsr_test_xtest_click (dialog_input, drop_down));
  row = NULL;
  for (guint wait = 0; wait < 100 && row == NULL; wait++)
    {
      tsr_test_ui_iterate_for (50);
      row = tsr_test_ui_find_widget (drop_down, tsr_test_ui_match_mapped_label, "Wolfenstein 3D");
    }
  g_assert_nonnull (row);
  tsr_test_xtest_watch (dialog_input, gtk_widget_get_ancestor (row, GTK_TYPE_POPOVER));
  g_assert_true (tsr_test_ui_wait_for_frames (row, 3));
  tsr_test_ui_save_screenshot (GTK_WIDGET (gtk_widget_get_ancestor (row, GTK_TYPE_POPOVER)), screenshot_dir,
                               "window-handson-open-filters.png");
  g_assert_true (tsr_test_xtest_click (dialog_input, row));
  g_assert_true (tsr_test_xtest_wait_closed (dialog_input, gtk_widget_get_ancestor (row, GTK_TYPE_POPOVER)));
  tsr_test_ui_iterate_for (300);
  g_assert_cmpstr (gtk_file_filter_get_name (gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog))), ==,
                   "Wolfenstein 3D");
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "window-handson-open-wolf3d.png");

  cancel = tsr_test_ui_find_widget (GTK_WIDGET (dialog), tsr_test_ui_match_button_label, "_Cancel");
  g_assert_nonnull (cancel);
  g_assert_true (tsr_test_xtest_click (dialog_input, cancel));
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       gtk_widget_get_visible (GTK_WIDGET (dialog)) && g_get_monotonic_time () < end;)
    tsr_test_ui_iterate_for (20);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  tsr_test_ui_hide_window (window);
}

static gboolean
match_placeholder (GtkWidget    *widget,
                   gconstpointer text)
{
  return GTK_IS_ENTRY (widget) && g_strcmp0 (gtk_entry_get_placeholder_text (GTK_ENTRY (widget)), text) == 0;
}

/* Whether WIDGET is wholly inside the visible part of SCROLLED. */
static gboolean
shown_in (GtkWidget *widget,
          GtkWidget *scrolled)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, scrolled, &bounds));
  return bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scrolled);
}

/* Issue 36: Preferences was 1,084 px tall with no scrolling, taller than a 1366×768 screen. Opened
 * with Ctrl+, it is at most 768 px tall; its last row (the Marathon 1 terminals file) is below the
 * visible part, the mouse wheel scrolls it into view and a real click there focuses its entry. */
static void
test_preferences_fit (void)
{
  g_autofree char *path = copy_village ("preferences");
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(TsrTestXTest) input = NULL;
  TsrWindow *window;
  GtkWindow *preferences;
  GtkWidget *scrolled, *last;

  if (path == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  window = tsr_test_ui_open_in_window (application, path, 1280, 760, 200);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  /* Not waited for: the preferences take the focus before the window sees the key's release. */
  tsr_test_xtest_key (xtest, GDK_KEY_comma, GDK_CONTROL_MASK);
  preferences = tsr_test_ui_wait_for_toplevel (TSR_TYPE_PREFERENCES_WINDOW);
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (preferences), 3));
  g_test_message ("Preferences: %d × %d px", gtk_widget_get_width (GTK_WIDGET (preferences)),
                  gtk_widget_get_height (GTK_WIDGET (preferences)));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (preferences)), <=, 768);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (preferences)), <=, 1366);
  tsr_test_ui_save_screenshot (GTK_WIDGET (preferences), screenshot_dir, "window-handson-preferences.png");

  scrolled = tsr_test_ui_get_widget (GTK_WIDGET (preferences), GTK_TYPE_SCROLLED_WINDOW);
  last = tsr_test_ui_find_widget (GTK_WIDGET (preferences), match_placeholder, "/path/to/Marathon.appl");
  g_assert_nonnull (last);
  g_assert_false (shown_in (last, scrolled));
  input = tsr_test_xtest_drive (preferences);
  g_assert_true (tsr_test_xtest_move_to (input, scrolled, gtk_widget_get_width (scrolled) / 2.0,
                                         gtk_widget_get_height (scrolled) / 2.0, 20, NULL, NULL));
  for (guint i = 0; i < 60 && !shown_in (last, scrolled); i++)
    {
      g_assert_true (tsr_test_xtest_scroll (input, 5));
      tsr_test_ui_iterate_for (30);
    }
  g_assert_true (tsr_test_ui_wait_for_frames (scrolled, 2));
  g_assert_true (shown_in (last, scrolled));
  g_assert_true (tsr_test_xtest_click (input, last));
  tsr_test_ui_iterate_for (100);
  g_assert_true (gtk_widget_has_focus (last) || gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (preferences)), last));
  tsr_test_ui_save_screenshot (GTK_WIDGET (preferences), screenshot_dir, "window-handson-preferences-scrolled.png");

  gtk_window_destroy (preferences);
  tsr_test_ui_iterate_for (100);
  tsr_test_ui_hide_window (window);
}

/* The tab label starting with TITLE ("Problems (3)") of a notebook below ROOT, and that notebook. */
static GtkWidget *
notebook_tab (GtkWidget   *root,
              const char  *title,
              GtkNotebook **notebook)
{
  if (GTK_IS_NOTEBOOK (root))
    for (int i = 0; i < gtk_notebook_get_n_pages (GTK_NOTEBOOK (root)); i++)
      {
        GtkWidget *tab = gtk_notebook_get_tab_label (GTK_NOTEBOOK (root), gtk_notebook_get_nth_page (GTK_NOTEBOOK (root), i));

        if (GTK_IS_LABEL (tab) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (tab)), title))
          {
            *notebook = GTK_NOTEBOOK (root);
            return tab;
          }
      }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *tab = notebook_tab (child, title, notebook);

      if (tab != NULL)
        return tab;
    }
  return NULL;
}

/* How many rows of the layers list (on the shown Layers page) are wholly visible: inside the list's
 * scrolled window and the page's, within WINDOW. Sets *N_ROWS to the list's row count. */
static guint
visible_layer_rows (TsrWindow *window,
                    guint     *n_rows)
{
  GtkNotebook *notebook = NULL;
  GtkWidget *tab = notebook_tab (GTK_WIDGET (window), "Layers", &notebook), *page = NULL, *list;
  guint visible = 0;

  g_assert_nonnull (tab);
  for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
    if (gtk_notebook_get_tab_label (notebook, gtk_notebook_get_nth_page (notebook, i)) == tab)
      page = gtk_notebook_get_nth_page (notebook, i);
  g_assert_nonnull (page);
  list = tsr_test_ui_find_widget (page, tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_LIST_BOX));
  g_assert_nonnull (list);
  *n_rows = 0;
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      gboolean inside = TRUE;
      graphene_rect_t box;

      if (!GTK_IS_LIST_BOX_ROW (row))
        continue;
      (*n_rows)++;
      g_assert_true (gtk_widget_compute_bounds (row, GTK_WIDGET (window), &box));
      for (GtkWidget *clip = gtk_widget_get_ancestor (row, GTK_TYPE_SCROLLED_WINDOW); clip != NULL;
           clip = gtk_widget_get_ancestor (gtk_widget_get_parent (clip), GTK_TYPE_SCROLLED_WINDOW))
        {
          graphene_rect_t area;

          g_assert_true (gtk_widget_compute_bounds (clip, GTK_WIDGET (window), &area));
          inside = inside && box.origin.y >= area.origin.y - 0.5
                   && box.origin.y + box.size.height <= area.origin.y + area.size.height + 0.5;
        }
      inside = inside && gtk_widget_get_mapped (row) && box.origin.y + box.size.height <= gtk_widget_get_height (GTK_WIDGET (window));
      if (inside)
        visible++;
    }
  return visible;
}

/* Issue 36: when the Sphere map's minimap appeared, the upper side-bar notebook slid under it
 * (1280–1385×800) and Layers, Problems, History and Entities could not be reached without dragging
 * the divider. At 1280×800 and 1280×720 each tab is mapped, wholly below the minimap and inside
 * the window, and a real click on it shows its page; the window is not forced taller. */
static void
side_bar_tabs_at (int width,
                  int height)
{
  static const char *const tabs[] = { "Problems", "History", "Entities", "Layers" };
  g_autofree char *subdir = g_strdup_printf ("side-bar-%dx%d", width, height);
  g_autofree char *path = copy_village (subdir);
  g_autofree char *shot = g_strdup_printf ("window-handson-sphere-side-bar-%dx%d.png", width, height);
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  GtkWidget *minimap;
  graphene_rect_t minimap_box;

  if (path == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  window = tsr_test_ui_open_in_window (application, path, width, height, 300);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  minimap = tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MINIMAP);
  /* The minimap shows once the map is larger than the view: zoom in by real clicks. */
  for (guint i = 0; i < 6 && !gtk_widget_get_mapped (minimap); i++)
    {
      g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_tooltip,
                                                                           "Zoom In (+)")));
      tsr_test_ui_iterate_for (100);
    }
  g_assert_true (tsr_test_ui_wait_for_size (minimap));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
  g_assert_true (gtk_widget_compute_bounds (minimap, GTK_WIDGET (window), &minimap_box));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, shot);
  /* Nothing forced the window taller than asked. */
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, height);
  for (guint t = 0; t < G_N_ELEMENTS (tabs); t++)
    {
      GtkNotebook *notebook = NULL;
      GtkWidget *tab = notebook_tab (GTK_WIDGET (window), tabs[t], &notebook);
      graphene_rect_t box;

      g_assert_nonnull (tab);
      g_test_message ("%d×%d: tab %s", width, height, tabs[t]);
      g_assert_true (gtk_widget_get_mapped (tab));
      g_assert_cmpint (gtk_widget_get_height (tab), >, 0);
      g_assert_true (gtk_widget_compute_bounds (tab, GTK_WIDGET (window), &box));
      g_test_message ("tab %s at y %.0f, height %.0f; minimap ends at %.0f", tabs[t], box.origin.y,
                      box.size.height, minimap_box.origin.y + minimap_box.size.height);
      g_assert_cmpfloat (box.origin.y, >=, minimap_box.origin.y + minimap_box.size.height);
      g_assert_cmpfloat (box.origin.y + box.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
      /* What is under the tab's centre is the tab (nothing covers it). */
      {
        graphene_point_t centre = GRAPHENE_POINT_INIT (box.origin.x + box.size.width / 2,
                                                       box.origin.y + box.size.height / 2);
        GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (window), centre.x, centre.y, GTK_PICK_DEFAULT);

        g_assert_nonnull (picked);
        g_assert_true (picked == tab || gtk_widget_is_ancestor (picked, tab) || gtk_widget_is_ancestor (tab, picked));
      }
      g_assert_true (tsr_test_xtest_click (xtest, tab));
      tsr_test_ui_iterate_for (100);
      g_assert_true (gtk_notebook_get_tab_label (notebook, gtk_notebook_get_nth_page (notebook, gtk_notebook_get_current_page (notebook))) == tab);
    }
  if (width == 1280 && height == 800)
    {
      /* The same page at 1920×1080 (TSR_TEST_SCREEN of the test's display). */
      g_assert_true (tsr_test_ui_resize_window (GTK_WINDOW (window), 1920, 1080));
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "window-handson-sphere-side-bar-1920.png");
      /* The upper notebook keeps its share of the taller side bar (45 %): the tile palette's
       * natural height, the whole tileset, took all of it and left the layers list two rows. */
      {
        GtkNotebook *upper = NULL;
        GtkWidget *paned;

        g_assert_nonnull (notebook_tab (GTK_WIDGET (window), "Layers", &upper));
        paned = gtk_widget_get_ancestor (GTK_WIDGET (upper), GTK_TYPE_PANED);
        g_assert_nonnull (paned);
        g_test_message ("1920×1080: upper side notebook %d of %d px", gtk_widget_get_height (GTK_WIDGET (upper)),
                        gtk_widget_get_height (paned));
        g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (upper)), >=, gtk_widget_get_height (paned) * 2 / 5);
      }
      /* The layers list grows with the window: every layer of village.rmp is seen without
       * scrolling (it stayed two rows tall, the layer's form below taking the rest). */
      {
        guint n_rows = 0, visible = visible_layer_rows (window, &n_rows);

        g_test_message ("1920×1080: %u of %u layer rows visible", visible, n_rows);
        g_assert_cmpuint (n_rows, >=, 3);
        g_assert_cmpuint (visible, ==, n_rows);
      }
    }
  tsr_test_ui_hide_window (window);
}

static void
test_sphere_side_bar_tabs (void)
{
  /* 720 px tall is harsher than 800; the first also ends at 1920×1080. */
  side_bar_tabs_at (1280, 800);
  side_bar_tabs_at (1280, 720);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "window-handson-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/window-handson-ui/menu-close-revert-quit", test_menu_close_revert_quit);
  g_test_add_func ("/window-handson-ui/open-filters", test_open_filters);
  g_test_add_func ("/window-handson-ui/preferences-fit", test_preferences_fit);
  g_test_add_func ("/window-handson-ui/sphere-side-bar-tabs", test_sphere_side_bar_tabs);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
