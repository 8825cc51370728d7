/* test-app-shell.c: the window as a whole, driven by real X input (XTest under Xvfb): File → New
 * for every family — a real Ctrl+N, a real click on the family's page, a name typed with real
 * keys, a real click on Create; the new document is unsaved and has no file, and a real Ctrl+S
 * asks where (the file chooser), after which the codec reads the saved file back with what was
 * asked for and it validates clean. For Wolfenstein 3D the new level goes into the open set, and
 * Ctrl+S saves the set where it is. Tabs: two files in one window, switched by a real click, the
 * title following, an autosave entry each, and a real click on a tab's close button asking first.
 * Sphere scripts: typed with real keys into the Scripts page's source view, undone with a real
 * Ctrl+Z, saved. Screenshots: app-shell-*.png. Exits 77 without a display or
 * without XTest. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-new-map-dialog.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/wolf3d/tsr-wolf3d-maps.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "formats/sphere/tsr-sphere-map.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "model/sphere/tsr-sphere-document.h"
#include "views/sphere/tsr-sphere-entity-list.h"
#include "views/sphere/tsr-sphere-script-view.h"
#include "views/tsr-map-canvas.h"
#include "views/tsr-map-editor.h"
#include "app/tsr-preferences-window.h"
#include "app/tsr-start-page.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static const char *const wolf_files[] = {
  "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1",
  "VGAHEAD.WL1", "VSWAP.WL1", NULL,
};

static gboolean
match_label_text (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static TsrWindow *
new_window (void)
{
  TsrWindow *window = tsr_window_new (application);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
  tsr_test_ui_iterate_for (100);
  return window;
}

/* Clicks the widget showing TEXT (a label, or the button around it) inside ROOT. */
static void
click_text (TsrTestXTest *xtest, GtkWidget *root, const char *text)
{
  GtkWidget *label = tsr_test_ui_find_widget (root, match_label_text, text);

  g_assert_nonnull (label);
  g_assert_true (tsr_test_xtest_click (xtest, label));
  tsr_test_ui_iterate_for (50);
}

/* Replaces the text of the dialog's entry FIELD by TEXT, typed with real keys (ASCII only). */
static void
type_into (TsrTestXTest *xtest, TsrNewMapDialog *dialog, const char *field, const char *text)
{
  GtkWidget *entry = tsr_new_map_dialog_get_field (dialog, field);

  g_assert_nonnull (entry);
  g_assert_true (tsr_test_xtest_click (xtest, entry));
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
  for (const char *p = text; *p != '\0'; p++)
    {
      guint keyval = *p == ' ' ? GDK_KEY_space : gdk_unicode_to_keyval ((guchar) *p);

      g_assert_true (tsr_test_xtest_key (xtest, keyval, g_ascii_isupper (*p) ? GDK_SHIFT_MASK : 0));
    }
  tsr_test_ui_iterate_for (50);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, text);
}

/* A real Ctrl+N in WINDOW; the dialog that opens, on the page named PAGE_TITLE (a real click). */
static TsrNewMapDialog *
open_new_dialog (TsrWindow *window, const char *page_title, TsrTestXTest **dialog_input)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  GtkWindow *dialog;

  g_assert_no_error (error);
  tsr_test_xtest_key (xtest, GDK_KEY_n, GDK_CONTROL_MASK);
  dialog = tsr_test_ui_wait_for_toplevel (TSR_TYPE_NEW_MAP_DIALOG);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (dialog)));
  tsr_test_ui_iterate_for (100);
  *dialog_input = tsr_test_xtest_drive (dialog);
  click_text (*dialog_input, GTK_WIDGET (dialog), page_title);
  return TSR_NEW_MAP_DIALOG (dialog);
}

/* A real click on Create; waits until WINDOW shows a document other than BEFORE. */
static TsrDocument *
click_create (TsrWindow *window, TsrNewMapDialog *dialog, TsrTestXTest *dialog_input, TsrDocument *before)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  click_text (dialog_input, GTK_WIDGET (dialog), "C_reate");
  while (tsr_window_get_document (window) == before && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (20);
  g_assert_true (tsr_window_get_document (window) != before);
  tsr_test_ui_iterate_for (200);
  return tsr_window_get_document (window);
}

/* A real Ctrl+S; when CHOOSE, the file chooser that opens is told NAME in the work folder. Waits
 * until the window's document is saved. */
static void
real_save (TsrWindow *window, gboolean choose, const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  gint64 end;

  g_assert_no_error (error);
  tsr_test_xtest_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK);
  if (choose)
    {
      GtkWindow *chooser = tsr_test_ui_wait_for_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
      g_autoptr(GFile) folder = g_file_new_for_path (work_dir);

      g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
      G_GNUC_END_IGNORE_DEPRECATIONS
    }
  /* A new document may be unmodified: then the save is over when it has its file. */
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while ((tsr_window_get_modified (window) || tsr_document_get_file (tsr_window_get_document (window)) == NULL)
         && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (20);
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_false (tsr_window_get_modified (window));
  g_assert_nonnull (tsr_document_get_file (tsr_window_get_document (window)));
}

/* Opens PATH as a new document and asserts that validation finds nothing at all. */
static void
assert_reopens_clean (const char *path, const char *format_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(TsrDocument) document = tsr_document_new_from_file (file, &error);
  GPtrArray *findings;

  g_assert_no_error (error);
  g_assert_cmpstr (tsr_document_get_format_id (document), ==, format_id);
  findings = tsr_document_get_findings (document);
  for (guint i = 0; i < findings->len; i++)
    g_printerr ("finding: %s\n", ((TsrFinding *) g_ptr_array_index (findings, i))->what);
  g_assert_cmpuint (findings->len, ==, 0);
}

static void
test_new_marathon (void)
{
  g_autoptr(TsrTestXTest) dialog_input = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (work_dir, "new.sceA", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TsrMarathonScenario) scenario = NULL;
  g_autofree char *level_name = NULL;
  TsrWindow *window = new_window ();
  TsrNewMapDialog *dialog;
  TsrDocument *document;
  GtkDropDown *environment;
  const TsrMarathonLevel *level;

  dialog = open_new_dialog (window, "Marathon Scenario", &dialog_input);
  g_assert_cmpstr (tsr_new_map_dialog_get_family (dialog), ==, "marathon");
  type_into (dialog_input, dialog, "marathon-name", "Test Base");
  environment = GTK_DROP_DOWN (tsr_new_map_dialog_get_field (dialog, "marathon-environment"));
  gtk_drop_down_set_selected (environment, 2); /* Sewage */
  tsr_test_ui_iterate_for (50);
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "app-shell-new-marathon-dialog.png");
  document = click_create (window, dialog, dialog_input, NULL);
  g_assert_cmpstr (tsr_document_get_format_id (document), ==, "marathon-map");
  g_assert_null (tsr_document_get_file (document));
  g_assert_false (tsr_window_get_modified (window));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "app-shell-new-marathon.png");

  /* Saving an unmodified new document still asks where: it has no file yet. */
  real_save (window, TRUE, "new.sceA");
  g_assert_nonnull (tsr_document_get_file (document));
  bytes = tsr_file_read (path, &error);
  g_assert_no_error (error);
  scenario = tsr_marathon_scenario_load (bytes, "new.sceA", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (scenario->map->levels->len, ==, 1);
  level = g_ptr_array_index (scenario->map->levels, 0);
  level_name = tsr_marathon_level_name (level);
  g_assert_cmpstr (level_name, ==, "Test Base");
  g_assert_cmpint (level->info.environment_code, ==, 2);
  assert_reopens_clean (path, "marathon-map");
  tsr_test_ui_close_window (window);
}

static void
test_new_doom2d (void)
{
  g_autoptr(TsrTestXTest) dialog_input = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (work_dir, "new.map", NULL);
  g_autoptr(GBytes) bytes = NULL;
  TsrWindow *window = new_window ();
  TsrNewMapDialog *dialog;
  TsrDocument *document;
  TsrDoom2dMap *map;

  dialog = open_new_dialog (window, "Doom2D Map", &dialog_input);
  g_assert_cmpstr (tsr_new_map_dialog_get_family (dialog), ==, "doom2d");
  type_into (dialog_input, dialog, "doom2d-name", "Arena");
  /* The width typed into its spin button with real keys. */
  g_assert_true (tsr_test_xtest_click (dialog_input, tsr_new_map_dialog_get_field (dialog, "doom2d-width")));
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_xtest_key (dialog_input, GDK_KEY_a, GDK_CONTROL_MASK));
  g_assert_true (tsr_test_xtest_key (dialog_input, GDK_KEY_8, 0));
  g_assert_true (tsr_test_xtest_key (dialog_input, GDK_KEY_0, 0));
  g_assert_true (tsr_test_xtest_key (dialog_input, GDK_KEY_0, 0));
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "app-shell-new-doom2d-dialog.png");
  document = click_create (window, dialog, dialog_input, NULL);
  g_assert_true (TSR_IS_DOOM2D_DOCUMENT (document));
  g_assert_null (tsr_document_get_file (document));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "app-shell-new-doom2d.png");

  real_save (window, TRUE, "new.map");
  bytes = tsr_file_read (path, &error);
  g_assert_no_error (error);
  map = tsr_doom2d_map_read_binary (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (map->header->values[TSR_DOOM2D_HEADER_NAME].text, ==, "Arena");
  g_assert_cmpint (map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0], ==, 800);
  g_assert_cmpint (map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1], ==, 1600);
  tsr_doom2d_map_free (map);
  assert_reopens_clean (path, "doom2d-map");
  tsr_test_ui_close_window (window);
}

static void
test_new_wolf3d_level (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *copy = NULL;
  g_autofree char *maphead = NULL;
  g_autoptr(TsrTestXTest) dialog_input = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  TsrWolf3dSet *set;
  TsrWindow *window;
  TsrNewMapDialog *dialog;
  TsrDocument *document;
  guint n_levels;
  gint64 end;

  if (source == NULL)
    {
      g_test_skip ("no Wolf3D test data");
      return;
    }
  copy = tsr_test_ui_copy_files (source, wolf_files, work_dir, "wolf-new-level");
  maphead = g_build_filename (copy, "MAPHEAD.WL1", NULL);
  file = g_file_new_for_path (maphead);
  window = new_window ();
  g_assert_true (tsr_test_ui_open_file (window, file));
  tsr_test_ui_iterate_for (200);
  document = tsr_window_get_document (window);
  n_levels = tsr_wolf_document_get_n_levels (TSR_WOLF_DOCUMENT (document));
  tsr_wolf_document_set_current_level (TSR_WOLF_DOCUMENT (document), 2);

  dialog = open_new_dialog (window, "Wolf3D Level", &dialog_input);
  g_assert_cmpstr (tsr_new_map_dialog_get_family (dialog), ==, "wolf3d");
  type_into (dialog_input, dialog, "wolf3d-name", "Bunker");
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "app-shell-new-wolf3d-dialog.png");
  click_text (dialog_input, GTK_WIDGET (dialog), "C_reate");
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (tsr_wolf_document_get_n_levels (TSR_WOLF_DOCUMENT (document)) == n_levels && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (20);
  g_assert_true (tsr_window_get_document (window) == document);
  g_assert_cmpuint (tsr_wolf_document_get_n_levels (TSR_WOLF_DOCUMENT (document)), ==, n_levels + 1);
  g_assert_cmpuint (tsr_wolf_document_get_current_level (TSR_WOLF_DOCUMENT (document)), ==, 3);
  g_assert_true (tsr_window_get_modified (window));
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "app-shell-new-wolf3d.png");

  /* The new level is playable as it is: nothing to report about it. */
  {
    GPtrArray *findings = tsr_document_get_findings (document);

    for (guint i = 0; i < findings->len; i++)
      {
        const TsrFinding *finding = g_ptr_array_index (findings, i);

        g_assert_true (finding->where == NULL || strstr (finding->where, "Bunker") == NULL);
      }
  }

  /* The set has its place: Ctrl+S writes it there, and the codec finds the level. */
  real_save (window, FALSE, NULL);
  set = tsr_wolf3d_set_load (maphead, NULL, &error);
  g_assert_no_error (error);
  {
    guint n = 0;
    gint bunker = -1;

    for (guint i = 0; i < set->maps->levels->len; i++)
      {
        const TsrWolf3dLevel *level = g_ptr_array_index (set->maps->levels, i);

        if (level == NULL)
          continue;
        if (g_str_equal (level->name, "Bunker"))
          bunker = (gint) n;
        n++;
      }
    g_assert_cmpuint (n, ==, n_levels + 1);
    g_assert_cmpint (bunker, ==, 3);
  }
  tsr_wolf3d_set_free (set);
  tsr_test_ui_close_window (window);
}

static const char *const sphere_files[] = { "village.rmp", "outside_neo.rts", "sarah.rss", "test.rmp", "test.rts", NULL };

static gboolean
match_close_button (GtkWidget *widget, gconstpointer unused)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_widget_get_tooltip_text (widget), "Close the Tab") == 0;
}

/* Whether the tab label showing TEXT is in the tab bar of WINDOW's notebook. */
static GtkWidget *
find_tab_label (TsrWindow *window, const char *text)
{
  GtkWidget *notebook = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                 GSIZE_TO_POINTER (GTK_TYPE_NOTEBOOK));

  g_assert_nonnull (notebook);
  for (int i = 0; i < gtk_notebook_get_n_pages (GTK_NOTEBOOK (notebook)); i++)
    {
      GtkWidget *tab = gtk_notebook_get_tab_label (GTK_NOTEBOOK (notebook),
                                                   gtk_notebook_get_nth_page (GTK_NOTEBOOK (notebook), i));
      GtkWidget *label = tsr_test_ui_find_widget (tab, match_label_text, text);

      if (label != NULL)
        return label;
    }
  return NULL;
}

/* Two files opened from one window are two tabs of it; a real click switches, the title follows;
 * each tab keeps its own recovery entry; closing a modified tab asks, and Discard closes it. */
static void
test_tabs (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *copy = NULL;
  g_autofree char *village = NULL;
  g_autofree char *test_map = NULL;
  g_autofree char *first_entry = NULL;
  g_autoptr(GFile) village_file = NULL;
  g_autoptr(GFile) test_file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrDocument *first;
  TsrDocument *second;
  GtkWindow *question;
  gint64 end;

  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  copy = tsr_test_ui_copy_files (source, sphere_files, work_dir, "tabs");
  village = g_build_filename (copy, "village.rmp", NULL);
  test_map = g_build_filename (copy, "test.rmp", NULL);
  village_file = g_file_new_for_path (village);
  test_file = g_file_new_for_path (test_map);
  window = new_window ();

  /* The first file fills the start page; the second becomes a tab of the same window. */
  g_assert_true (tsr_window_show_file (window, village_file) == window);
  g_assert_true (tsr_window_show_file (window, test_file) == window);
  g_assert_true (tsr_test_ui_wait_for_loads (window));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 2);
  first = tsr_window_get_nth_document (window, 0);
  second = tsr_window_get_nth_document (window, 1);
  g_assert_true (tsr_window_get_document (window) == second);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "test.rmp – Tessera");
  /* Opening the first again shows its tab, not a third. */
  g_assert_true (tsr_window_show_file (window, village_file) == window);
  g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 2);
  g_assert_true (tsr_window_get_document (window) == first);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "village.rmp – Tessera");
  tsr_test_ui_iterate_for (100);

  /* A real click on the other tab switches to it. */
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_true (tsr_test_xtest_click (xtest, find_tab_label (window, "test.rmp")));
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_window_get_document (window) == second);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "test.rmp – Tessera");

  /* Both edited (a real Ctrl+Z cannot make a change, so the edit is a real undoable command). */
  g_assert_true (tsr_sphere_document_paint (TSR_SPHERE_DOCUMENT (second), 0, &(TsrTileRect) { 0, 0, 2, 2 }, 1, &error));
  g_assert_no_error (error);
  tsr_window_set_current_document (window, 0);
  g_assert_true (tsr_sphere_document_paint (TSR_SPHERE_DOCUMENT (first), 0, &(TsrTileRect) { 0, 0, 2, 2 }, 3, &error));
  g_assert_no_error (error);
  tsr_test_ui_iterate_for (100);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• village.rmp – Tessera");
  g_assert_nonnull (find_tab_label (window, "• test.rmp"));
  /* Autosave keeps an entry per tab. */
  g_assert_true (tsr_window_autosave (window, &error));
  g_assert_no_error (error);
  first_entry = g_strdup (tsr_window_get_recovery_id (window));
  g_assert_nonnull (first_entry);
  tsr_window_set_current_document (window, 1);
  g_assert_nonnull (tsr_window_get_recovery_id (window));
  g_assert_cmpstr (tsr_window_get_recovery_id (window), !=, first_entry);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "app-shell-tabs.png");

  /* A real click on the current tab's close button asks; Discard closes that tab only. */
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (gtk_widget_get_parent (find_tab_label (window, "• test.rmp")),
                                                                     match_close_button, NULL)));
  question = tsr_test_ui_wait_for_toplevel (GTK_TYPE_MESSAGE_DIALOG);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (question)));
  tsr_test_ui_save_screenshot (GTK_WIDGET (question), screenshot_dir, "app-shell-close-tab.png");
  {
    g_autoptr(TsrTestXTest) dialog_input = tsr_test_xtest_drive (question);
    click_text (dialog_input, GTK_WIDGET (question), "_Discard");
  }
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (tsr_window_get_n_documents (window) == 2 && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (20);
  g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 1);
  g_assert_true (tsr_window_get_document (window) == first);
  g_assert_cmpstr (tsr_window_get_recovery_id (window), ==, first_entry);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• village.rmp – Tessera");
  g_assert_true (tsr_window_get_modified (window));
  tsr_test_ui_close_window (window);
}

/* Types TEXT (unshifted ASCII keys and upper-case letters) with real key events. */
static void
type_text (TsrTestXTest *xtest, const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      guint keyval = *p == ' ' ? GDK_KEY_space : *p == '\n' ? GDK_KEY_Return : gdk_unicode_to_keyval ((guchar) *p);

      g_assert_true (tsr_test_xtest_key (xtest, keyval, g_ascii_isupper (*p) ? GDK_SHIFT_MASK : 0));
    }
  tsr_test_ui_iterate_for (50);
}

static char *
source_text (GtkSourceView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static char *
map_string (TsrSphereDocument *document, TsrSphereMapString which)
{
  const TsrSphereMap *map = tsr_sphere_document_get_map (document);

  return (guint) which < map->strings->len ? tsr_sphere_string_to_utf8 (g_ptr_array_index (map->strings, which)) : g_strdup ("");
}

/* The Scripts page: the map's entry script and a person's talk script typed into the source view
 * with real keys, each an edit of the document that a real Ctrl+Z takes back; saved, the codec
 * reads the typed scripts. */
static void
test_sphere_scripts (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("sphere");
  g_autofree char *copy = NULL;
  g_autofree char *village = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *shown = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TsrSphereMap) saved = NULL;
  TsrWindow *window;
  TsrSphereDocument *document;
  TsrMapEditor *editor;
  TsrSphereScriptView *scripts;
  TsrSphereEntityList *list;
  GtkSourceView *view;
  guint person = G_MAXUINT;
  const char *language;

  if (source == NULL)
    {
      g_test_skip ("no Sphere test data");
      return;
    }
  copy = tsr_test_ui_copy_files (source, sphere_files, work_dir, "scripts");
  village = g_build_filename (copy, "village.rmp", NULL);
  file = g_file_new_for_path (village);
  window = new_window ();
  g_assert_true (tsr_test_ui_open_file (window, file));
  tsr_test_ui_iterate_for (200);
  document = TSR_SPHERE_DOCUMENT (tsr_window_get_document (window));
  editor = TSR_MAP_EDITOR (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                    GSIZE_TO_POINTER (TSR_TYPE_MAP_EDITOR)));
  tsr_map_editor_show_page (editor, "scripts");
  tsr_test_ui_iterate_for (100);
  scripts = TSR_SPHERE_SCRIPT_VIEW (tsr_test_ui_get_widget (GTK_WIDGET (editor), TSR_TYPE_SPHERE_SCRIPT_VIEW));
  view = tsr_sphere_script_view_get_source_view (scripts);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  language = gtk_source_language_get_id (gtk_source_buffer_get_language (GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)))));
  g_assert_cmpstr (language, ==, "js");
  /* Nothing selected: the map's six scripts, entry first. */
  g_assert_cmpuint (tsr_sphere_script_view_get_n_scripts (scripts), ==, 6);
  before = map_string (document, TSR_SPHERE_STRING_ENTRY);
  shown = source_text (view);
  g_assert_cmpstr (shown, ==, before);

  /* A real click into the view, Ctrl+End, and two typed lines. */
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_true (tsr_test_xtest_click (xtest, GTK_WIDGET (view)));
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_End, GDK_CONTROL_MASK));
  type_text (xtest, "\nvar x = 1;\nx = x - 2;");
  after = map_string (document, TSR_SPHERE_STRING_ENTRY);
  g_assert_true (g_str_has_suffix (after, "\nvar x = 1;\nx = x - 2;"));
  g_assert_true (tsr_window_get_modified (window));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "app-shell-sphere-scripts.png");
  /* The keystrokes merged into one step: one real Ctrl+Z gives the script back. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (100);
  g_clear_pointer (&after, g_free);
  after = map_string (document, TSR_SPHERE_STRING_ENTRY);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&shown, g_free);
  shown = source_text (view);
  g_assert_cmpstr (shown, ==, before);
  g_assert_false (tsr_window_get_modified (window));

  /* A person chosen in the entity list: its five scripts; the talk script typed into. */
  for (guint i = 0; i < tsr_sphere_document_get_n_entities (document) && person == G_MAXUINT; i++)
    if (tsr_sphere_document_get_entity (document, i)->type == TSR_SPHERE_ENTITY_PERSON)
      person = i;
  g_assert_cmpuint (person, !=, G_MAXUINT);
  list = TSR_SPHERE_ENTITY_LIST (tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_type,
                                                          GSIZE_TO_POINTER (TSR_TYPE_SPHERE_ENTITY_LIST)));
  tsr_map_editor_show_page (editor, "entities");
  tsr_test_ui_iterate_for (50);
  for (guint row = 0; row < tsr_sphere_entity_list_get_n_shown (list); row++)
    if (g_str_has_prefix (tsr_sphere_entity_list_get_row_text (list, row), "Person"))
      {
        g_assert_true (tsr_sphere_entity_list_activate_row (list, row));
        break;
      }
  tsr_test_ui_iterate_for (100);
  tsr_map_editor_show_page (editor, "scripts");
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_sphere_script_view_get_n_scripts (scripts), ==, TSR_SPHERE_N_SCRIPTS);
  tsr_sphere_script_view_set_script (scripts, TSR_SPHERE_SCRIPT_ON_ACTIVATE_TALK);
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_xtest_click (xtest, GTK_WIDGET (view)));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
  type_text (xtest, "talk = 2;");
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "app-shell-sphere-person-script.png");

  real_save (window, FALSE, NULL);
  bytes = tsr_file_read (village, &error);
  g_assert_no_error (error);
  saved = tsr_sphere_map_parse (bytes, &error);
  g_assert_no_error (error);
  {
    /* The list's first person row is the first person of the file. */
    const TsrSphereEntity *first = g_ptr_array_index (saved->entities, person);
    g_autofree char *talk = NULL;

    g_assert_cmpuint (first->type, ==, TSR_SPHERE_ENTITY_PERSON);
    talk = tsr_sphere_string_to_utf8 (g_ptr_array_index (first->scripts, TSR_SPHERE_SCRIPT_ON_ACTIVATE_TALK));
    g_assert_cmpstr (talk, ==, "talk = 2;");
  }
  tsr_test_ui_close_window (window);
}

/* A big file (m2_Images.imgA, 4 MB) opened with a real Ctrl+O: the window shows the loading bar
 * with no document while the worker reads it, then the editor. A load still running when the
 * window closes is cancelled and dropped. */
static void
test_load_in_worker (void)
{
  g_autofree char *marathon = tsr_test_ui_data_dir ("marathon");
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  GtkWindow *chooser;

  if (marathon == NULL)
    {
      g_test_skip ("no Marathon test data");
      return;
    }
  path = g_build_filename (marathon, "m2_Images.imgA", NULL);
  file = g_file_new_for_path (path);
  window = new_window ();
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  tsr_test_xtest_key (xtest, GDK_KEY_o, GDK_CONTROL_MASK);
  chooser = tsr_test_ui_wait_for_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (chooser)));
  /* An Open chooser ignores Accept until the selection is made in its loaded folder. */
  {
    g_autoptr(GFile) folder = g_file_get_parent (file);

    g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
    tsr_test_ui_iterate_for (500);
    g_assert_true (gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL));
    tsr_test_ui_iterate_for (300);
  }
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  G_GNUC_END_IGNORE_DEPRECATIONS
  /* The chooser's answer reaches the window through the main loop; the worker's result comes
   * in a later iteration than the one that started it. */
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (!tsr_window_get_loading (window) && tsr_window_get_document (window) == NULL
           && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_true (tsr_window_get_loading (window));
  g_assert_true (tsr_window_get_showing_progress (window));
  g_assert_null (tsr_window_get_document (window));
  g_assert_cmpstr (tsr_window_get_page_name (window), ==, "start");
  /* No screenshot of this state: rendering one runs the main loop, and the 4 MB file is loaded
   * before the frame is drawn. */
  g_assert_true (tsr_test_ui_wait_for_loads (window));
  g_assert_false (tsr_window_get_showing_progress (window));
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_nonnull (tsr_window_get_document (window));
  g_assert_true (g_file_equal (tsr_document_get_file (tsr_window_get_document (window)), file));
  g_assert_cmpstr (tsr_window_get_page_name (window), ==, "document");
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "app-shell-loaded.png");
  tsr_test_ui_close_window (window);

  /* Closed while loading: nothing shows up anywhere afterwards. */
  {
    g_autofree char *scen = g_build_filename (marathon, "m1_Map.scen", NULL);
    g_autoptr(GFile) scen_file = g_file_new_for_path (scen);
    guint windows;

    window = new_window ();
    windows = g_list_length (gtk_application_get_windows (GTK_APPLICATION (application)));
    g_assert_true (tsr_window_show_file (window, scen_file) == window);
    g_assert_true (tsr_window_get_loading (window));
    tsr_test_ui_close_window (window);
    tsr_test_ui_iterate_for (1500);
    g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (application))), ==, windows - 1);
  }
}

/* Counts the pixels of the PNG at DIRECTORY/NAME that are (nearly) pure red. */
static guint
count_red_pixels (const char *name)
{
  g_autofree char *path = g_build_filename (screenshot_dir, name, NULL);
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);
  guint count = 0;
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data;

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);
        guint r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;

        if (r > 230 && g < 30 && b < 30)
          count++;
      }
  cairo_surface_destroy (surface);
  return count;
}

/* The grid colour preference: the Preferences colour button shows the key and writes it, and the
 * open Wolf3D editor's canvas redraws its grid in the new colour at once. */
static void
test_grid_color (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *copy = NULL;
  g_autofree char *maphead = NULL;
  g_autoptr(GFile) file = NULL;
  GSettings *settings = tsr_application_get_settings (application);
  GtkWidget *preferences, *button, *canvas;
  TsrWindow *window;
  GdkRGBA red = { 1, 0, 0, 1 }, shown;
  g_autofree char *stored = NULL;
  guint red_before;

  if (source == NULL)
    {
      g_test_skip ("no Wolf3D test data");
      return;
    }
  g_assert_nonnull (settings);
  copy = tsr_test_ui_copy_files (source, wolf_files, work_dir, "grid");
  maphead = g_build_filename (copy, "MAPHEAD.WL1", NULL);
  file = g_file_new_for_path (maphead);
  window = new_window ();
  g_assert_true (tsr_test_ui_open_file (window, file));
  tsr_test_ui_iterate_for (300);
  canvas = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type, GSIZE_TO_POINTER (TSR_TYPE_MAP_CANVAS));
  g_assert_nonnull (canvas);
  tsr_map_canvas_set_zoom (TSR_MAP_CANVAS (canvas), 0.5);
  tsr_test_ui_iterate_for (300);
  tsr_test_ui_save_screenshot (canvas, screenshot_dir, "app-shell-grid-default.png");
  /* The map has red of its own (objects): what counts is how many more the grid adds. */
  red_before = count_red_pixels ("app-shell-grid-default.png");

  preferences = tsr_preferences_window_new (settings);
  gtk_window_set_transient_for (GTK_WINDOW (preferences), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (preferences));
  g_assert_true (tsr_test_ui_wait_for_size (preferences));
  button = tsr_test_ui_find_widget (preferences, tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_COLOR_BUTTON));
  g_assert_nonnull (button);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &shown);
  g_assert_cmpfloat_with_epsilon (shown.alpha, 0.22, 0.01);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (button), &red);
  G_GNUC_END_IGNORE_DEPRECATIONS
  stored = g_settings_get_string (settings, "grid-color");
  g_assert_cmpstr (stored, ==, "rgb(255,0,0)");
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (preferences, screenshot_dir, "app-shell-preferences.png");
  tsr_map_canvas_get_grid_color (TSR_MAP_CANVAS (canvas), &shown);
  g_assert_true (gdk_rgba_equal (&shown, &red));
  tsr_test_ui_save_screenshot (canvas, screenshot_dir, "app-shell-grid-red.png");
  /* Every cell edge of the view is a red line now. */
  g_assert_cmpuint (count_red_pixels ("app-shell-grid-red.png"), >, red_before + 2000);
  gtk_window_destroy (GTK_WINDOW (preferences));
  g_settings_reset (settings, "grid-color");
  tsr_test_ui_iterate_for (100);
  tsr_map_canvas_get_grid_color (TSR_MAP_CANVAS (canvas), &shown);
  g_assert_cmpfloat_with_epsilon (shown.alpha, 0.22, 0.01);
  tsr_test_ui_close_window (window);
}

/* The Wolfenstein 3D data folders preference: the start page lists the set found one folder down,
 * and a real click on its row opens it. */
static void
test_wolf3d_folders (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *copy = NULL;
  g_autofree char *games = NULL;
  g_autofree char *maphead = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  GSettings *settings = tsr_application_get_settings (application);
  GtkWidget *start_page;
  TsrWindow *window;

  if (source == NULL)
    {
      g_test_skip ("no Wolf3D test data");
      return;
    }
  copy = tsr_test_ui_copy_files (source, wolf_files, work_dir, "games/wl1");
  games = g_build_filename (work_dir, "games", NULL);
  maphead = g_build_filename (copy, "MAPHEAD.WL1", NULL);
  file = g_file_new_for_path (maphead);
  window = new_window ();
  start_page = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type, GSIZE_TO_POINTER (TSR_TYPE_START_PAGE));
  g_assert_nonnull (start_page);
  g_assert_cmpuint (tsr_start_page_get_n_wolf3d_sets (TSR_START_PAGE (start_page)), ==, 0);
  g_settings_set_string (settings, "wolf3d-data-folders", games);
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (tsr_start_page_get_n_wolf3d_sets (TSR_START_PAGE (start_page)), ==, 1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "app-shell-wolf3d-sets.png");
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  /* The section is below Recent Files, which the earlier cases filled: the row is focused (the
   * start page's viewport scrolls to it, as Tab would) and opened with a real Return, which does
   * not depend on where the scrolled row has settled. */
  {
    GtkWidget *label = tsr_test_ui_find_widget (start_page, match_label_text, "wl1 · WL1 files");
    gint64 end;

    g_assert_nonnull (label);
    g_assert_true (gtk_widget_grab_focus (gtk_widget_get_ancestor (label, GTK_TYPE_LIST_BOX_ROW)));
    tsr_test_ui_iterate_for (200);
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
    /* The row starts the load when GTK has dispatched the key; the worker then loads. */
    end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
    while (tsr_window_get_document (window) == NULL && !tsr_window_get_loading (window)
           && g_get_monotonic_time () < end)
      tsr_test_ui_iterate_for (50);
  }
  g_assert_true (tsr_test_ui_wait_for_loads (window));
  g_assert_nonnull (tsr_window_get_document (window));
  g_assert_true (g_file_equal (tsr_document_get_file (tsr_window_get_document (window)), file));
  g_assert_true (TSR_IS_WOLF_DOCUMENT (tsr_window_get_document (window)));
  g_settings_reset (settings, "wolf3d-data-folders");
  tsr_test_ui_close_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "app-shell", &work_dir, &screenshot_dir, &status))
    return status;

  application = tsr_test_ui_application_new ();

  g_test_add_func ("/app-shell/new-marathon", test_new_marathon);
  g_test_add_func ("/app-shell/new-doom2d", test_new_doom2d);
  g_test_add_func ("/app-shell/new-wolf3d-level", test_new_wolf3d_level);
  g_test_add_func ("/app-shell/tabs", test_tabs);
  g_test_add_func ("/app-shell/sphere-scripts", test_sphere_scripts);
  g_test_add_func ("/app-shell/load-in-worker", test_load_in_worker);
  g_test_add_func ("/app-shell/grid-color", test_grid_color);
  g_test_add_func ("/app-shell/wolf3d-folders", test_wolf3d_folders);
  status = g_test_run ();

  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
