/* test-ui.c: the UI smoke test, run under Xvfb (exits 77 = skip without a display). It starts the
 * application, shows the start page, opens files through the window's actions and checks what
 * the window shows: the error bar for files no codec recognises, the document page for files one
 * does (real test data when codecs are registered, and a small in-test format so the document
 * page, undo/redo, saving with validation errors and the unsaved-changes question are always
 * exercised). Screenshots go to TSR_SCREENSHOT_DIR (the build dir's tests/ folder). */
#include "config.h"

#include <gtk/gtk.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-preferences-window.h"
#include "app/tsr-recent.h"
#include "app/tsr-samples.h"
#include "app/tsr-start-page.h"
#include "app/tsr-window.h"
#include "model/tsr-document.h"
#include "tsr-test-common.h"
#include "tsr-test-ui.h"
#include "views/doom2d/tsr-doom2d-map-page.h"
#include "views/tsr-findings-view.h"
#include "views/tsr-history-view.h"
#include "views/tsr-inspector.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

/* An in-test format: "TSRUITEST\n" then "title=…", "tiles=N" and an optional "bad" line, which
 * validation reports as an error. Registered in the default registry like a real codec. */

#define UI_MAGIC "TSRUITEST\n"

typedef struct {
  char    *title;
  guint    tiles;
  gboolean bad;
} UiGrid;

static guint
ui_grid_sniff (const guint8 *data, gsize size, const char *path)
{
  return size >= strlen (UI_MAGIC) && memcmp (data, UI_MAGIC, strlen (UI_MAGIC)) == 0
         ? TSR_SNIFF_CERTAIN : TSR_SNIFF_NO;
}

static void
ui_grid_free (gpointer data)
{
  UiGrid *grid = data;

  g_free (grid->title);
  g_free (grid);
}

static gpointer
ui_grid_load (const char *path, GBytes *bytes, GError **error)
{
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);
  g_autofree char *text = g_strndup (data, size);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  UiGrid *grid = g_new0 (UiGrid, 1);

  for (guint i = 1; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "title="))
      grid->title = g_strdup (lines[i] + strlen ("title="));
    else if (g_str_has_prefix (lines[i], "tiles="))
      grid->tiles = (guint) g_ascii_strtoull (lines[i] + strlen ("tiles="), NULL, 10);
    else if (g_str_equal (lines[i], "bad"))
      grid->bad = TRUE;

  if (grid->title == NULL)
    {
      ui_grid_free (grid);
      tsr_set_error_at (error, TSR_ERROR_INVALID, strlen (UI_MAGIC), "no title line");
      return NULL;
    }
  return grid;
}

static GPtrArray *
ui_grid_save (gconstpointer data, const char *path, GError **error)
{
  const UiGrid *grid = data;
  GPtrArray *outputs = tsr_output_files_new ();
  g_autofree char *text = g_strdup_printf (UI_MAGIC "title=%s\ntiles=%u\n%s", grid->title, grid->tiles,
                                           grid->bad ? "bad\n" : "");
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  g_ptr_array_add (outputs, tsr_output_file_new (path, bytes));
  return outputs;
}

static void
ui_grid_validate (gconstpointer data, GPtrArray *findings)
{
  const UiGrid *grid = data;

  if (grid->bad)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, "tile 3", "refers to picture 70, the file has 12");
  tsr_findings_add (findings, TSR_SEVERITY_WARNING, "palette", "only %u colours are used", grid->tiles % 7 + 1);
}

static void
ui_grid_describe (gconstpointer data, JsonBuilder *builder)
{
  const UiGrid *grid = data;

  json_builder_set_member_name (builder, "title");
  json_builder_add_string_value (builder, grid->title);
  json_builder_set_member_name (builder, "tiles");
  json_builder_add_int_value (builder, grid->tiles);
  json_builder_set_member_name (builder, "layers");
  json_builder_begin_array (builder);
  for (int i = 0; i < 2; i++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, i == 0 ? "floor" : "walls");
      json_builder_set_member_name (builder, "width");
      json_builder_add_int_value (builder, 8);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static TsrImage *
ui_grid_render (gconstpointer data, const TsrRenderOptions *options, GError **error)
{
  const UiGrid *grid = data;
  TsrImage *image = tsr_image_new (256, 192);
  static const guint32 colours[] = { 0xc64600ff, 0x1c71d8ff, 0x26a269ff, 0xe5a50aff };

  for (guint y = 0; y < image->height; y++)
    for (guint x = 0; x < image->width; x++)
      if (x % 32 < 30 && y % 32 < 30)
        tsr_image_set_pixel (image, x, y, colours[(x / 32 + y / 32 + grid->tiles) % 4]);
  return image;
}

static const char *const ui_grid_extensions[] = { "tsrtest", NULL };

static const TsrFormat ui_grid_format = {
  .id = "test-ui-grid",
  .name = "UI test grid",
  .family = "test-ui",
  .extensions = ui_grid_extensions,
  .sniff = ui_grid_sniff,
  .load = ui_grid_load,
  .free = ui_grid_free,
  .save = ui_grid_save,
  .validate = ui_grid_validate,
  .describe = ui_grid_describe,
  .render = ui_grid_render,
};

/* A command on the in-test format, as a family's tool would push. */
#define UI_TYPE_PAINT_COMMAND (ui_paint_command_get_type ())
G_DECLARE_FINAL_TYPE (UiPaintCommand, ui_paint_command, UI, PAINT_COMMAND, TsrCommand)

struct _UiPaintCommand {
  TsrCommand parent_instance;
  UiGrid    *grid;
  guint      added;
};

G_DEFINE_FINAL_TYPE (UiPaintCommand, ui_paint_command, TSR_TYPE_COMMAND)

static void
ui_paint_command_redo (TsrCommand *command)
{
  UiPaintCommand *self = UI_PAINT_COMMAND (command);
  self->grid->tiles += self->added;
}

static void
ui_paint_command_undo (TsrCommand *command)
{
  UiPaintCommand *self = UI_PAINT_COMMAND (command);
  self->grid->tiles -= self->added;
}

static void
ui_paint_command_class_init (UiPaintCommandClass *klass)
{
  TSR_COMMAND_CLASS (klass)->redo = ui_paint_command_redo;
  TSR_COMMAND_CLASS (klass)->undo = ui_paint_command_undo;
}

static void
ui_paint_command_init (UiPaintCommand *self)
{
}

static TsrCommand *
ui_paint_command_new (UiGrid *grid, guint added)
{
  UiPaintCommand *self = g_object_new (UI_TYPE_PAINT_COMMAND, NULL);

  self->grid = grid;
  self->added = added;
  tsr_command_set_description (TSR_COMMAND (self), "Paint Tiles");
  return TSR_COMMAND (self);
}

/* Main-loop helpers. */

typedef gboolean (*Condition) (gpointer data);

static gboolean
wait_until (Condition condition, gpointer data)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static gboolean
match_action (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static GtkWidget *
find_action_button (TsrWindow *window, const char *action)
{
  GtkWidget *button = tsr_test_ui_find_widget (GTK_WIDGET (window), match_action, action);

  g_assert_nonnull (button);
  return button;
}

static TsrWindow *
new_window (void)
{
  TsrWindow *window = tsr_window_new (application);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_until (is_mapped, window));
  return window;
}

static void
open_through_action (TsrWindow *window, const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-uri", "s", uri));
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_ui_wait_for_all_loads ());
}

static void
close_all_windows (void)
{
  GList *windows;

  while ((windows = gtk_application_get_windows (GTK_APPLICATION (application))) != NULL)
    gtk_window_destroy (windows->data);
}

static char *
write_file (const char *name, const char *contents, gssize length)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (work_dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, length, &error));
  return path;
}

/* The error bar shows the codec's message with the file's path taken out (the title names it). */
static void
assert_error_shown (TsrWindow *window, const GError *error, const char *path)
{
  const char *shown = tsr_window_get_error_message (window);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *file_path = g_file_get_path (file);
  g_autofree char *prefix = g_strconcat (file_path, ": ", NULL);
  const char *expected = g_str_has_prefix (error->message, prefix) ? error->message + strlen (prefix) : error->message;

  g_assert_nonnull (shown);
  g_assert_null (strstr (shown, file_path));
  g_assert_cmpstr (shown, ==, expected);
}

/* Tests. */

static void
test_start_page (void)
{
  TsrWindow *window;
  TsrStartPage *start_page;

  g_application_activate (G_APPLICATION (application));
  window = TSR_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (application)));
  g_assert_nonnull (window);
  g_assert_true (wait_until (is_mapped, window));

  g_assert_cmpstr (tsr_window_get_page_name (window), ==, "start");
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_null (tsr_window_get_document (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Tessera");

  start_page = TSR_START_PAGE (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                            GSIZE_TO_POINTER (TSR_TYPE_START_PAGE)));
  g_assert_nonnull (start_page);
  /* The fresh XDG_DATA_HOME has no recent files. */
  g_assert_cmpuint (tsr_start_page_get_n_recent (start_page), ==, 0);
  {
    g_autoptr(GPtrArray) samples = tsr_samples_list_files ();

    /* One row per sample document: a set of files (Wolf3D) counts once. */
    if (samples->len == 0)
      g_assert_cmpuint (tsr_start_page_get_n_samples (start_page), ==, 0);
    else
      {
        g_assert_cmpuint (tsr_start_page_get_n_samples (start_page), >=, 1);
        g_assert_cmpuint (tsr_start_page_get_n_samples (start_page), <=, samples->len);
      }
    g_test_message ("%u bundled sample files, %u rows", samples->len,
                    tsr_start_page_get_n_samples (start_page));
  }

  /* Nothing to save or undo on the start page. */
  g_assert_false (gtk_widget_get_sensitive (find_action_button (window, "win.save")));
  g_assert_false (gtk_widget_get_sensitive (find_action_button (window, "win.undo")));
  g_assert_false (gtk_widget_get_sensitive (find_action_button (window, "win.redo")));
  g_assert_true (gtk_widget_get_sensitive (find_action_button (window, "win.open")));

  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "ui-start-page.png");
  close_all_windows ();
}

static void
test_open_unrecognised (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261129);
  g_autofree char *noise = g_malloc (4096);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = NULL;
  TsrWindow *window = new_window ();

  for (guint i = 0; i < 4096; i++)
    noise[i] = (char) g_rand_int_range (rand, 0, 256);
  path = write_file ("noise.bin", noise, 4096);
  file = g_file_new_for_path (path);

  /* The window must show exactly what the codec layer says, less the path the title names. */
  document = tsr_document_new_from_file (file, &error);
  g_assert_null (document);
  g_assert_nonnull (error);

  open_through_action (window, path);
  assert_error_shown (window, error, path);
  g_assert_cmpstr (tsr_window_get_page_name (window), ==, "start");
  g_assert_null (tsr_window_get_document (window));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "ui-open-error.png");
  close_all_windows ();
}

static void
collect_files (const char *directory, GPtrArray *files)
{
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (directory, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_files (path, files);
      else if (g_file_test (path, G_FILE_TEST_IS_REGULAR) && !g_str_has_suffix (name, ".md"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static gboolean
match_info_bar (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_INFO_BAR (widget);
}

/* Every real file through the window's Open in one window, one tab at a time: the codec's verdict
 * (tsr_document_new_from_file) decides what the window must show, the document page or the error
 * bar with the codec's message. Before each file the window is back on its start page with no tab
 * and the previous file's error bar closed (as its Close button does), so each file's own open
 * is what gets checked. Each document page is laid out and drawn (one frame of the window) before
 * its tab closes; a refused file only reveals the error bar over the start page, so no frame is
 * waited for there (a frame costs a tenth of a second or more under Xvfb). */
static void
test_open_real_files (void)
{
  const char *root = tsr_test_data_root ();
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) shot_formats = g_hash_table_new (g_str_hash, g_str_equal);
  guint recognised = 0;
  guint refused = 0;
  TsrWindow *window;
  GtkInfoBar *error_bar;

  if (root == NULL || !g_file_test (root, G_FILE_TEST_IS_DIR))
    {
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("test data missing under CI=true: %s", root != NULL ? root : "(unset)");
      g_test_skip ("no test data (meson option testdata)");
      return;
    }
  collect_files (root, files);
  g_ptr_array_sort (files, compare_paths);

  window = new_window ();
  error_bar = GTK_INFO_BAR (tsr_test_ui_find_widget (GTK_WIDGET (window), match_info_bar, NULL));
  g_assert_nonnull (error_bar);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *uri = g_file_get_uri (file);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrDocument) expected = tsr_document_new_from_file (file, &error);

      if (tsr_window_get_error_message (window) != NULL)
        gtk_info_bar_response (error_bar, GTK_RESPONSE_CLOSE);
      g_assert_null (tsr_window_get_error_message (window));
      g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 0);
      g_assert_cmpstr (tsr_window_get_page_name (window), ==, "start");

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-uri", "s", uri));
      g_assert_true (tsr_test_ui_wait_for_loads (window));
      if (expected == NULL)
        {
          assert_error_shown (window, error, path);
          g_assert_cmpstr (tsr_window_get_page_name (window), ==, "start");
          g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 0);
          refused++;
        }
      else
        {
          const char *format_id = tsr_document_get_format_id (expected);
          TsrDocument *shown = tsr_window_get_document (window);

          g_assert_nonnull (shown);
          g_assert_null (tsr_window_get_error_message (window));
          g_assert_cmpstr (tsr_window_get_page_name (window), ==, "document");
          g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 1);
          g_assert_true (g_file_equal (tsr_document_get_file (shown), file));
          g_assert_cmpstr (tsr_document_get_format_id (shown), ==, format_id);
          g_assert_false (tsr_document_get_modified (shown));
          g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 1));
          if (!g_hash_table_contains (shot_formats, format_id))
            {
              g_autofree char *name = g_strdup_printf ("ui-document-%s.png", format_id);

              g_hash_table_add (shot_formats, (gpointer) format_id);
              tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, name);
            }
          /* win.close-tab: unmodified, so it closes without asking. */
          tsr_window_close_document (window);
          recognised++;
        }
    }
  close_all_windows ();

  g_print ("TESTDATA: opened %u real files in the window: %u recognised, %u refused with the codec's message\n",
           files->len, recognised, refused);
  g_assert_cmpuint (files->len, >, 0);
}

static gboolean
find_dialog_cb (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow **result = data;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      /* Tessera's own questions, not GTK's (the file chooser has its own error dialogs). */
      if (GTK_IS_MESSAGE_DIALOG (window) && gtk_widget_get_mapped (GTK_WIDGET (window))
          && TSR_IS_WINDOW (gtk_window_get_transient_for (window)))
        {
          *result = window;
          return TRUE;
        }
    }
  return FALSE;
}

static GtkDialog *
wait_for_message_dialog (void)
{
  GtkWindow *dialog = NULL;

  g_assert_true (wait_until (find_dialog_cb, &dialog));
  return GTK_DIALOG (dialog);
}

static void
test_document_page (void)
{
  g_autofree char *path = write_file ("grid.tsrtest", UI_MAGIC "title=Courtyard\ntiles=5\nbad\n", -1);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *backed_up = NULL;
  TsrWindow *window = new_window ();
  TsrInspector *inspector;
  TsrDocument *document;
  GtkWidget *undo_button;
  GtkWidget *redo_button;
  GtkDialog *dialog;
  GdkPaintable *preview;

  open_through_action (window, path);
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_cmpstr (tsr_window_get_page_name (window), ==, "document");
  document = tsr_window_get_document (window);
  g_assert_nonnull (document);
  g_assert_cmpstr (tsr_document_get_format_id (document), ==, "test-ui-grid");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "grid.tsrtest – Tessera");

  /* The inspector shows findings, the summary (title, tiles, layers) and the preview. */
  inspector = TSR_INSPECTOR (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type, GSIZE_TO_POINTER (TSR_TYPE_INSPECTOR)));
  g_assert_nonnull (inspector);
  g_assert_cmpuint (tsr_inspector_get_n_findings_shown (inspector), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tsr_inspector_get_summary_model (inspector)), ==, 3);
  preview = tsr_inspector_get_preview (inspector);
  g_assert_nonnull (preview);
  /* 256x192 is enlarged by whole pixels to stay sharp: 384 / 256 = 1, so it stays as is. */
  g_assert_cmpint (gdk_paintable_get_intrinsic_width (preview), ==, 256);
  g_assert_cmpint (gdk_paintable_get_intrinsic_height (preview), ==, 192);
  g_assert_null (tsr_inspector_get_preview_message (inspector));

  /* Expand "layers" so the screenshot shows a nested level. */
  {
    GListModel *rows = tsr_inspector_get_summary_model (inspector);
    g_autoptr(GtkTreeListRow) row = g_list_model_get_item (rows, 2);

    g_assert_true (gtk_tree_list_row_is_expandable (row));
    gtk_tree_list_row_set_expanded (row, TRUE);
    g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 5);
  }

  /* Undo and redo follow the document's stack, with the command's name in the tooltips. */
  undo_button = find_action_button (window, "win.undo");
  redo_button = find_action_button (window, "win.redo");
  g_assert_false (gtk_widget_get_sensitive (undo_button));
  g_assert_true (gtk_widget_get_sensitive (find_action_button (window, "win.save")));

  tsr_document_execute (document, ui_paint_command_new (tsr_document_get_format_data (document), 3));
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_document_get_modified (document));
  g_assert_true (gtk_widget_get_sensitive (undo_button));
  g_assert_false (gtk_widget_get_sensitive (redo_button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (undo_button), ==, "Undo Paint Tiles");
  /* The summary was rebuilt for the change and kept "layers" expanded. */
  g_assert_cmpuint (g_list_model_get_n_items (tsr_inspector_get_summary_model (inspector)), ==, 5);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• grid.tsrtest – Tessera");
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "ui-document-page.png");

  /* The inspector's History lists the paint; selecting the first row undoes it in one step,
   * selecting the second redoes it, like the map editor's History page. */
  {
    TsrHistoryView *history = TSR_HISTORY_VIEW (tsr_test_ui_find_widget (GTK_WIDGET (inspector), tsr_test_ui_match_type,
                                                                         GSIZE_TO_POINTER (TSR_TYPE_HISTORY_VIEW)));
    GtkListBox *list;

    g_assert_nonnull (history);
    g_assert_true (tsr_history_view_get_undo_stack (history) == tsr_document_get_undo_stack (document));
    g_assert_cmpuint (tsr_history_view_get_n_rows (history), ==, 2);
    g_assert_cmpstr (tsr_history_view_get_row_text (history, 1), ==, "Paint Tiles");
    g_assert_true (tsr_history_view_row_is_current (history, 1));
    g_assert_true (tsr_history_view_row_is_saved (history, 0));
    list = GTK_LIST_BOX (gtk_widget_get_parent (tsr_history_view_get_row (history, 0)));
    gtk_list_box_select_row (list, GTK_LIST_BOX_ROW (tsr_history_view_get_row (history, 0)));
    g_assert_cmpuint (((UiGrid *) tsr_document_get_format_data (document))->tiles, ==, 5);
    g_assert_false (tsr_document_get_modified (document));
    g_assert_true (tsr_history_view_row_is_redo (history, 1));
    gtk_list_box_select_row (list, GTK_LIST_BOX_ROW (tsr_history_view_get_row (history, 1)));
    g_assert_cmpuint (((UiGrid *) tsr_document_get_format_data (document))->tiles, ==, 8);
    g_assert_true (tsr_document_get_modified (document));
    g_assert_true (tsr_history_view_row_is_current (history, 1));
  }
  /* The findings list re-validates once edits pause (the paint made one more colour). */
  {
    TsrFindingsView *findings = TSR_FINDINGS_VIEW (tsr_test_ui_find_widget (GTK_WIDGET (inspector), tsr_test_ui_match_type,
                                                                            GSIZE_TO_POINTER (TSR_TYPE_FINDINGS_VIEW)));

    g_assert_nonnull (findings);
    for (guint waited = 0; waited < 5000 && tsr_findings_view_get_pending (findings); waited += 20)
      tsr_test_ui_iterate_for (20);
    g_assert_false (tsr_findings_view_get_pending (findings));
    g_assert_cmpuint (tsr_inspector_get_n_findings_shown (inspector), ==, 2);
    g_assert_cmpint (tsr_findings_view_get_finding (findings, 0)->severity, ==, TSR_SEVERITY_ERROR);
    g_assert_nonnull (strstr (tsr_findings_view_get_finding (findings, 1)->what, "only 2 colours"));
    /* The inspector cannot show places, so its rows are not activatable. */
    g_assert_false (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (tsr_findings_view_get_row (findings, 0))));
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  tsr_test_ui_iterate_for (50);
  g_assert_false (tsr_document_get_modified (document));
  g_assert_cmpuint (((UiGrid *) tsr_document_get_format_data (document))->tiles, ==, 5);
  g_assert_false (gtk_widget_get_sensitive (undo_button));
  g_assert_true (gtk_widget_get_sensitive (redo_button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (redo_button), ==, "Redo Paint Tiles");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "grid.tsrtest – Tessera");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_document_get_modified (document));
  g_assert_cmpuint (((UiGrid *) tsr_document_get_format_data (document))->tiles, ==, 8);

  /* Saving a document with validation errors asks first; Cancel leaves the file alone. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  dialog = wait_for_message_dialog ();
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "ui-save-with-errors.png");
  gtk_dialog_response (dialog, GTK_RESPONSE_CANCEL);
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_document_get_modified (document));
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_cmpstr (saved, ==, UI_MAGIC "title=Courtyard\ntiles=5\nbad\n");
  g_clear_pointer (&saved, g_free);

  /* Save Anyway writes with FORCE, and with the default backup-on-save keeps FILE~. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  dialog = wait_for_message_dialog ();
  gtk_dialog_response (dialog, GTK_RESPONSE_ACCEPT);
  tsr_test_ui_iterate_for (50);
  g_assert_cmpstr (tsr_window_get_error_message (window), ==, NULL);
  g_assert_false (tsr_document_get_modified (document));
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_cmpstr (saved, ==, UI_MAGIC "title=Courtyard\ntiles=8\nbad\n");
  g_assert_true (g_file_get_contents (backup, &backed_up, NULL, NULL));
  g_assert_cmpstr (backed_up, ==, UI_MAGIC "title=Courtyard\ntiles=5\nbad\n");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "grid.tsrtest – Tessera");

  close_all_windows ();
}

/* Issue 12: Marathon records (a format without an editor page) in the one property inspector:
 * read-only editors, select similar through the same find bar as Sphere's. A Doom2D map opens in
 * its editor page, whose inspector edits. */
static void
test_record_inspector (void)
{
  const char *root = tsr_test_data_root ();
  g_autofree char *marathon = root != NULL ? g_build_filename (root, "marathon", "chronicles_DreamBrother.sceA", NULL) : NULL;
  g_autofree char *doom2d = root != NULL ? g_build_filename (root, "doom2d", "df_MAP01.map", NULL) : NULL;
  TsrWindow *window;
  TsrInspector *inspector;
  TsrRecordInspector *records;
  TsrPropertyInspector *properties;
  TsrPropertySource *source;
  GtkWidget *editor;
  guint n_elements = 0;

  if (marathon == NULL || !g_file_test (marathon, G_FILE_TEST_EXISTS) || !g_file_test (doom2d, G_FILE_TEST_EXISTS))
    {
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("test data missing under CI=true");
      g_test_skip ("no Marathon or Doom2D test data");
      return;
    }

  window = new_window ();
  open_through_action (window, marathon);
  inspector = TSR_INSPECTOR (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type, GSIZE_TO_POINTER (TSR_TYPE_INSPECTOR)));
  records = tsr_inspector_get_records (inspector);
  g_assert_nonnull (records);
  properties = tsr_record_inspector_get_properties (records);
  g_assert_true (tsr_record_inspector_show_record (records, "polygon", 1));
  source = tsr_property_inspector_get_source (properties);
  g_assert_nonnull (source);
  editor = tsr_property_inspector_get_editor (properties, "floor_height");
  g_assert_true (GTK_IS_ENTRY (editor));
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (editor)));
  {
    TsrFieldValue value = { { 0 }, NULL };
    int field = tsr_field_table_find (tsr_property_source_get_table (source), "floor_height");
    g_autofree char *text = NULL;

    g_assert_true (tsr_property_source_get_value (source, 1, (guint) field, &value));
    text = g_strdup_printf ("%" G_GINT64_FORMAT, value.v[0]);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (editor)), ==, text);
  }
  /* Unused words are kept in the file but not shown. */
  g_assert_null (tsr_property_inspector_get_editor (properties, "unused"));
  g_assert_true (tsr_property_find_bar_set_field (tsr_record_inspector_get_find_bar (records), "floor_texture"));
  g_assert_true (tsr_property_find_bar_select_similar (tsr_record_inspector_get_find_bar (records)));
  tsr_property_source_get_elements (source, &n_elements);
  g_assert_cmpuint (n_elements, >=, 1);
  gtk_expander_set_expanded (GTK_EXPANDER (tsr_test_ui_find_widget (GTK_WIDGET (inspector), tsr_test_ui_match_type,
                                                                 GSIZE_TO_POINTER (GTK_TYPE_EXPANDER))), TRUE);
  tsr_test_ui_iterate_for (100);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "ui-records-marathon.png");
  close_all_windows ();

  /* A Doom2D map has an editor page now: its inspector edits the selection (the panel type, a
   * bitset of which the game takes exactly one bit, as one sensitive drop-down; issue 36). */
  window = new_window ();
  open_through_action (window, doom2d);
  {
    TsrDoom2dMapPage *page = TSR_DOOM2D_MAP_PAGE (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                                           GSIZE_TO_POINTER (TSR_TYPE_DOOM2D_MAP_PAGE)));

    g_assert_nonnull (page);
    g_assert_null (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                            GSIZE_TO_POINTER (TSR_TYPE_INSPECTOR)));
    tsr_doom2d_map_page_select_record (page, TSR_DOOM2D_KIND_PANEL, 0);
    properties = tsr_doom2d_map_page_get_inspector (page);
    editor = tsr_property_inspector_get_editor (properties, "type");
    g_assert_true (GTK_IS_DROP_DOWN (editor));
    g_assert_true (gtk_widget_is_sensitive (editor));
  }
  tsr_test_ui_iterate_for (100);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "ui-records-doom2d.png");
  close_all_windows ();
}

static void
test_save_failure (void)
{
  g_autofree char *path = write_file ("full-disk.tsrtest", UI_MAGIC "title=Full disk\ntiles=1\n", -1);
  g_autofree char *contents = NULL;
  TsrWindow *window = new_window ();
  TsrDocument *document;
  const char *message;

  open_through_action (window, path);
  document = tsr_window_get_document (window);
  g_assert_nonnull (document);
  tsr_document_execute (document, ui_paint_command_new (tsr_document_get_format_data (document), 1));

  /* The disk fills up after 4 bytes of the temporary file. */
  tsr_file_inject_write_failure (4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  tsr_test_ui_iterate_for (50);
  tsr_file_inject_write_failure (-1);

  /* The failure is in the window, the document is still modified and the file unchanged. */
  message = tsr_window_get_error_message (window);
  g_assert_nonnull (message);
  g_test_message ("save error shown: %s", message);
  g_assert_nonnull (strstr (message, "full-disk.tsrtest"));
  g_assert_true (tsr_document_get_modified (document));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, UI_MAGIC "title=Full disk\ntiles=1\n");
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "ui-save-error.png");
  close_all_windows ();
}

static void
test_recent_files (void)
{
  TsrWindow *window = new_window ();
  TsrStartPage *start_page;
  GList *recent = tsr_recent_list (10);
  g_autofree char *grid_path = g_build_filename (work_dir, "grid.tsrtest", NULL);
  g_autoptr(GFile) grid = g_file_new_for_path (grid_path);
  g_autofree char *grid_uri = g_file_get_uri (grid);
  gboolean listed = FALSE;

  /* The grid opened and saved above is listed; noise.bin, which failed to open, is not. */
  for (GList *l = recent; l != NULL; l = l->next)
    {
      g_assert_false (g_str_has_suffix (gtk_recent_info_get_uri (l->data), "noise.bin"));
      if (g_str_equal (gtk_recent_info_get_uri (l->data), grid_uri))
        listed = TRUE;
    }
  g_list_free_full (recent, (GDestroyNotify) gtk_recent_info_unref);
  g_assert_true (listed);

  start_page = TSR_START_PAGE (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                            GSIZE_TO_POINTER (TSR_TYPE_START_PAGE)));
  g_assert_cmpuint (tsr_start_page_get_n_recent (start_page), >=, 1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "ui-start-page-recent.png");
  close_all_windows ();
}

typedef struct {
  gboolean answered;
  gboolean proceed;
} Answer;

static void
on_confirm_answer (TsrWindow *window, gboolean proceed, gpointer user_data)
{
  Answer *answer = user_data;

  answer->answered = TRUE;
  answer->proceed = proceed;
}

static void
test_unsaved_changes (void)
{
  g_autofree char *path = write_file ("unsaved.tsrtest", UI_MAGIC "title=Unsaved\ntiles=2\n", -1);
  TsrWindow *window = new_window ();
  TsrDocument *document;
  GtkDialog *dialog;
  Answer answer = { 0 };

  open_through_action (window, path);
  document = tsr_window_get_document (window);
  g_assert_nonnull (document);

  /* Unmodified: closing needs no question. */
  tsr_window_confirm_close (window, on_confirm_answer, &answer);
  g_assert_true (answer.answered);
  g_assert_true (answer.proceed);

  tsr_document_execute (document, ui_paint_command_new (tsr_document_get_format_data (document), 1));

  /* Closing the window asks; Cancel keeps it open and modified. */
  gtk_window_close (GTK_WINDOW (window));
  dialog = wait_for_message_dialog ();
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "ui-unsaved-changes.png");
  gtk_dialog_response (dialog, GTK_RESPONSE_CANCEL);
  tsr_test_ui_iterate_for (50);
  g_assert_nonnull (gtk_application_get_windows (GTK_APPLICATION (application)));
  g_assert_true (tsr_document_get_modified (document));

  /* Save saves, then closing goes ahead. */
  answer = (Answer) { 0 };
  tsr_window_confirm_close (window, on_confirm_answer, &answer);
  dialog = wait_for_message_dialog ();
  gtk_dialog_response (dialog, GTK_RESPONSE_ACCEPT);
  tsr_test_ui_iterate_for (50);
  g_assert_true (answer.answered);
  g_assert_true (answer.proceed);
  g_assert_false (tsr_document_get_modified (document));

  /* Answering once does not let later changes go unasked. */
  tsr_document_execute (document, ui_paint_command_new (tsr_document_get_format_data (document), 1));
  answer = (Answer) { 0 };
  tsr_window_confirm_close (window, on_confirm_answer, &answer);
  g_assert_false (answer.answered);
  dialog = wait_for_message_dialog ();
  gtk_dialog_response (dialog, GTK_RESPONSE_CANCEL);
  tsr_test_ui_iterate_for (50);
  g_assert_true (answer.answered);
  g_assert_false (answer.proceed);
  tsr_document_undo (document);
  close_all_windows ();

  /* Quit with a modified window: Discard closes it without saving. */
  window = new_window ();
  open_through_action (window, path);
  document = tsr_window_get_document (window);
  tsr_document_execute (document, ui_paint_command_new (tsr_document_get_format_data (document), 4));
  g_action_group_activate_action (G_ACTION_GROUP (application), "quit", NULL);
  dialog = wait_for_message_dialog ();
  gtk_dialog_response (dialog, GTK_RESPONSE_REJECT);
  tsr_test_ui_iterate_for (100);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (application)));
  {
    g_autofree char *contents = NULL;

    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    g_assert_cmpstr (contents, ==, UI_MAGIC "title=Unsaved\ntiles=3\n");
  }
}

static void
test_preferences (void)
{
  TsrWindow *window = new_window ();
  GSettings *settings = tsr_application_get_settings (application);
  GtkWindow *preferences = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget *toggle;

  g_assert_nonnull (settings);
  g_action_group_activate_action (G_ACTION_GROUP (application), "preferences", NULL);
  tsr_test_ui_iterate_for (50);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && preferences == NULL; i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (TSR_IS_PREFERENCES_WINDOW (toplevel) && gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window))
        preferences = toplevel;
    }
  g_assert_nonnull (preferences);

  toggle = tsr_test_ui_find_widget (GTK_WIDGET (preferences), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_SWITCH));
  g_assert_nonnull (toggle);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));
  gtk_switch_set_active (GTK_SWITCH (toggle), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "backup-on-save"));
  gtk_switch_set_active (GTK_SWITCH (toggle), TRUE);
  g_assert_true (g_settings_get_boolean (settings, "backup-on-save"));

  tsr_test_ui_save_screenshot (GTK_WIDGET (preferences), screenshot_dir, "ui-preferences.png");
  gtk_window_destroy (preferences);
  close_all_windows ();
}

static void
test_accelerators (void)
{
  static const struct {
    const char *action;
    const char *accel;
  } expected[] = {
    { "win.open", "<Control>o" },
    { "win.save", "<Control>s" },
    { "win.save-as", "<Shift><Control>s" },
    { "win.undo", "<Control>z" },
    { "win.redo", "<Shift><Control>z" },
    { "win.redo", "<Control>y" },
    { "win.close-tab", "<Control>w" },
    { "win.close", "<Shift><Control>w" },
    { "app.quit", "<Control>q" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                                     expected[i].action);
      g_autofree char *joined = g_strjoinv (" ", accels);
      guint key;
      GdkModifierType modifiers;
      gboolean found = FALSE;

      g_assert_true (gtk_accelerator_parse (expected[i].accel, &key, &modifiers));
      for (guint j = 0; accels[j] != NULL; j++)
        {
          guint other_key;
          GdkModifierType other_modifiers;

          if (gtk_accelerator_parse (accels[j], &other_key, &other_modifiers)
              && other_key == key && other_modifiers == modifiers)
            found = TRUE;
        }
      if (!found)
        g_error ("%s has accelerators \"%s\", expected %s", expected[i].action, joined, expected[i].accel);
    }
}

static void
test_drop_files (void)
{
  g_autofree char *path = write_file ("dropped.tsrtest", UI_MAGIC "title=Dropped\ntiles=4\n", -1);
  g_autoptr(GListModel) controllers = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkDropTarget *target = NULL;
  TsrWindow *window = new_window ();
  GSList *files = g_slist_append (NULL, g_object_ref (file)); /* the GValue owns it */
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;

  /* What a drop from a file manager delivers: a GdkFileList, handled by the window's drop target. */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        {
          gsize n_types = 0;
          const GType *types = gtk_drop_target_get_gtypes (GTK_DROP_TARGET (controller), &n_types);

          if (n_types == 1 && types[0] == GDK_TYPE_FILE_LIST)
            target = GTK_DROP_TARGET (controller);
        }
    }
  g_assert_nonnull (target);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, files);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_ui_wait_for_all_loads ());

  g_assert_true (accepted);
  g_assert_cmpstr (tsr_window_get_page_name (window), ==, "document");
  g_assert_true (g_file_equal (tsr_document_get_file (tsr_window_get_document (window)), file));

  /* Opening it again (here from another instance's command line) shows the same window. */
  {
    GFile *again[] = { file };

    g_application_open (G_APPLICATION (application), again, 1, "");
    tsr_test_ui_iterate_for (50);
    g_assert_true (tsr_test_ui_wait_for_all_loads ());
    g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (application))), ==, 1);
  }

  /* A second file from the command line opens as a second tab of that window, and is shown. */
  {
    g_autofree char *other_path = write_file ("second.tsrtest", UI_MAGIC "title=Second\ntiles=1\n", -1);
    g_autoptr(GFile) other = g_file_new_for_path (other_path);
    GFile *files_to_open[] = { other };

    g_application_open (G_APPLICATION (application), files_to_open, 1, "");
    tsr_test_ui_iterate_for (50);
    g_assert_true (tsr_test_ui_wait_for_all_loads ());
    g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (application))), ==, 1);
    g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 2);
    g_assert_cmpstr (tsr_window_get_page_name (window), ==, "document");
    g_assert_true (g_file_equal (tsr_document_get_file (tsr_window_get_document (window)), other));
    g_assert_true (g_file_equal (tsr_document_get_file (tsr_window_get_nth_document (window, 0)), file));
  }
  close_all_windows ();
}

static void
test_menus_and_dialogs (void)
{
  TsrWindow *window = new_window ();
  GtkWidget *menu_button = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_MENU_BUTTON));
  GMenuModel *menu;
  g_autoptr(GMenuModel) section = NULL;
  g_autoptr(GMenuModel) recent = NULL;
  g_autoptr(GVariant) target = NULL;
  GtkShortcutsWindow *shortcuts;
  GtkWindow *about = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();

  /* Open Recent lists the files opened by the earlier tests, newest first. */
  g_assert_nonnull (menu_button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button));
  g_assert_nonnull (menu);
  section = g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION);
  recent = g_menu_model_get_item_link (section, 0, G_MENU_LINK_SUBMENU);
  g_assert_nonnull (recent);
  g_assert_cmpint (g_menu_model_get_n_items (recent), >=, 2);
  target = g_menu_model_get_item_attribute_value (recent, 0, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);
  g_assert_nonnull (target);
  g_assert_true (g_str_has_suffix (g_variant_get_string (target, NULL), ".tsrtest"));

  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  tsr_test_ui_save_screenshot (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button))), screenshot_dir, "ui-primary-menu.png");
  gtk_menu_button_popdown (GTK_MENU_BUTTON (menu_button));

  /* Keyboard Shortcuts: the window builds it on first use (GtkApplication would build one for
   * every window from a resource named gtk/help-overlay.ui; ours is not). */
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  shortcuts = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (shortcuts);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  tsr_test_ui_save_screenshot (GTK_WIDGET (shortcuts), screenshot_dir, "ui-shortcuts.png");
  gtk_window_close (GTK_WINDOW (shortcuts));

  g_action_group_activate_action (G_ACTION_GROUP (application), "about", NULL);
  tsr_test_ui_iterate_for (50);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && about == NULL; i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_ABOUT_DIALOG (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        about = toplevel;
    }
  g_assert_nonnull (about);
  g_assert_cmpstr (gtk_about_dialog_get_version (GTK_ABOUT_DIALOG (about)), ==, PACKAGE_VERSION);
  tsr_test_ui_save_screenshot (GTK_WIDGET (about), screenshot_dir, "ui-about.png");
  gtk_window_destroy (about);
  close_all_windows ();
}

static void
test_window_state (void)
{
  GSettings *settings = tsr_application_get_settings (application);
  TsrWindow *window = tsr_window_new (application);

  g_settings_set_int (settings, "window-width", 700);
  g_settings_set_int (settings, "window-height", 500);
  gtk_window_set_default_size (GTK_WINDOW (window), 820, 610);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_until (is_mapped, window));

  /* Closing keeps the size for the next window. */
  gtk_window_close (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (application)));
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 820);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 610);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  window = tsr_window_new (application);
  {
    int width = 0;
    int height = 0;

    gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
    g_assert_cmpint (width, ==, 820);
    g_assert_cmpint (height, ==, 610);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
find_file_chooser_cb (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow **result = data;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (window) && gtk_widget_get_mapped (GTK_WIDGET (window)))
        {
          *result = window;
          return TRUE;
        }
    }
  return FALSE;
}

static void
test_file_chooser (void)
{
  TsrWindow *window = new_window ();
  GtkWindow *chooser = NULL;
  g_autoptr(GListModel) filters = NULL;

  /* Without a portal (as under Xvfb) GtkFileChooserNative falls back to GTK's own dialog. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL));
  g_assert_true (wait_until (find_file_chooser_cb, &chooser));
  g_assert_cmpint (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)), ==, GTK_FILE_CHOOSER_ACTION_OPEN);
  filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (chooser));
  /* All supported files, one filter a game (issue 36), All files. */
  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 6);
  {
    g_autoptr(GtkFileFilter) first = g_list_model_get_item (filters, 0);
    g_autoptr(GtkFileFilter) last = g_list_model_get_item (filters, 5);

    g_assert_nonnull (gtk_file_filter_get_name (first));
    g_assert_nonnull (gtk_file_filter_get_name (last));
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (chooser), screenshot_dir, "ui-open-dialog.png");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  tsr_test_ui_iterate_for (50);
  g_assert_cmpstr (tsr_window_get_page_name (window), ==, "start");
  g_assert_null (tsr_window_get_error_message (window));
  close_all_windows ();
}

static void
test_samples (void)
{
  g_autoptr(GPtrArray) samples = tsr_samples_list_files ();
  guint opened = 0;

  if (samples->len == 0)
    {
      g_test_skip ("no bundled samples yet (data/samples/)");
      return;
    }

  /* Every bundled sample must open: the start page offers them to people trying Tessera out. */
  for (guint i = 0; i < samples->len; i++)
    {
      const char *relative = g_ptr_array_index (samples, i);
      g_autofree char *resource = g_strconcat (TSR_SAMPLES_RESOURCE_PATH, relative, NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (resource, 0, NULL);
      const TsrFormat *expected;
      TsrWindow *window = new_window ();
      TsrDocument *document;
      GtkWindow *chooser = NULL;
      g_autofree char *shot = NULL;

      g_assert_nonnull (bytes);
      expected = tsr_format_registry_detect (tsr_format_registry_get_default (),
                                             g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                             relative, NULL);
      if (expected == NULL)
        g_error ("sample %s: no format recognises it", relative);

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-sample", "s", relative));
      tsr_test_ui_iterate_for (50);
      if (tsr_window_get_error_message (window) != NULL)
        g_error ("sample %s: %s", relative, tsr_window_get_error_message (window));
      document = tsr_window_get_document (window);
      g_assert_nonnull (document);
      g_assert_cmpstr (tsr_document_get_format_id (document), ==, expected->id);
      g_assert_true (tsr_window_get_showing_sample (window));
      g_assert_false (tsr_document_get_modified (document));

      shot = g_strdup_printf ("ui-sample-%s.png", expected->id);
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, shot);

      /* Saving a sample asks where to keep it instead of writing into the scratch copy. */
      if (tsr_format_get_abilities (expected) & TSR_FORMAT_CAN_SAVE)
        {
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
          g_assert_true (wait_until (find_file_chooser_cb, &chooser));
          g_assert_cmpint (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
          gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
          tsr_test_ui_iterate_for (50);
          g_assert_true (tsr_window_get_showing_sample (window));
        }
      opened++;
      close_all_windows ();
    }
  g_test_message ("opened %u bundled samples", opened);
}

static void
test_backup_preference (void)
{
  GSettings *settings = tsr_application_get_settings (application);
  g_autofree char *path = write_file ("no-backup.tsrtest", UI_MAGIC "title=No backup\ntiles=1\n", -1);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  TsrWindow *window = new_window ();
  TsrDocument *document;

  open_through_action (window, path);
  document = tsr_window_get_document (window);
  g_assert_nonnull (document);

  g_settings_set_boolean (settings, "backup-on-save", FALSE);
  tsr_document_execute (document, ui_paint_command_new (tsr_document_get_format_data (document), 1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  tsr_test_ui_iterate_for (50);
  g_assert_false (tsr_document_get_modified (document));
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  g_settings_set_boolean (settings, "backup-on-save", TRUE);
  tsr_document_execute (document, ui_paint_command_new (tsr_document_get_format_data (document), 1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  tsr_test_ui_iterate_for (50);
  g_assert_false (tsr_document_get_modified (document));
  g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  close_all_windows ();
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  /* A private home for recent files and settings, set before GLib caches the folders. */
  if (!tsr_test_ui_begin (&argc, &argv, "ui", &work_dir, &screenshot_dir))
    return 77;

  tsr_format_registry_add (tsr_format_registry_get_default (), &ui_grid_format);
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/ui/start-page", test_start_page);
  g_test_add_func ("/ui/accelerators", test_accelerators);
  g_test_add_func ("/ui/file-chooser", test_file_chooser);
  g_test_add_func ("/ui/samples", test_samples);
  g_test_add_func ("/ui/open-unrecognised", test_open_unrecognised);
  g_test_add_func ("/ui/open-real-files", test_open_real_files);
  g_test_add_func ("/ui/document-page", test_document_page);
  g_test_add_func ("/ui/record-inspector", test_record_inspector);
  g_test_add_func ("/ui/save-failure", test_save_failure);
  g_test_add_func ("/ui/backup-preference", test_backup_preference);
  g_test_add_func ("/ui/recent-files", test_recent_files);
  g_test_add_func ("/ui/drop-and-open-files", test_drop_files);
  g_test_add_func ("/ui/menus-and-dialogs", test_menus_and_dialogs);
  g_test_add_func ("/ui/window-state", test_window_state);
  g_test_add_func ("/ui/preferences", test_preferences);
  g_test_add_func ("/ui/unsaved-changes", test_unsaved_changes);
  status = g_test_run ();

  close_all_windows ();
  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
