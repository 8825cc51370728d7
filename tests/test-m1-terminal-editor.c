/* test-m1-terminal-editor.c: Marathon 1's terminals in the terminal editor, by real input (XTest
 * under Xvfb): m1_Marathon.appl opens on the editor with its 62 'term' resources as blocks, the
 * preview shows a terminal by Marathon 1's rules, a word typed with the keyboard and Ctrl+S save
 * change that one resource and nothing else in the file. Screenshots: m1-terminal-editor*.png. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "formats/marathon/tsr-mac-wrapper.h"
#include "formats/marathon/tsr-marathon1-terminals.h"
#include "model/marathon/tsr-terminal-document.h"
#include "model/marathon/tsr-marathon-document.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/marathon/tsr-terminal-editor.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

#define TERM TSR_FOURCC ('t', 'e', 'r', 'm')

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static TsrResourceFork *
fork_of (GBytes *bytes)
{
  g_autoptr(TsrMacFile) mac = tsr_mac_file_parse (bytes, NULL);

  g_assert_nonnull (mac);
  return tsr_resource_fork_parse (mac->resource_fork, "test", NULL);
}

static void
test_edit_m1_terminal (void)
{
  const char *root = g_getenv ("TSR_TESTDATA");
  g_autofree char *source = root != NULL ? g_build_filename (root, "marathon", "m1_Marathon.appl", NULL) : NULL;
  g_autofree char *path = g_build_filename (work_dir, "Marathon.appl", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(GBytes) original = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(TsrResourceFork) before = NULL;
  g_autoptr(TsrResourceFork) after = NULL;
  TsrWindow *window;
  TsrTerminalEditor *editor;
  TsrTerminalDocument *document;
  TsrTerminalPreview *preview;
  GtkWidget *view;
  GtkTextBuffer *buffer;
  TsrMarathonScriptLine location;
  guint logon_line = 0, changed = 0;

  if (source == NULL || !g_file_get_contents (source, &contents, &length, NULL))
    {
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("test data for marathon missing under CI");
      g_test_skip ("no Marathon test data");
      return;
    }
  g_assert_true (g_file_set_contents (path, contents, (gssize) length, NULL));
  original = g_bytes_new_take (g_steal_pointer (&contents), length);

  file = g_file_new_for_path (path);
  window = tsr_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
  g_assert_true (tsr_test_ui_open_file (window, file));
  tsr_test_ui_iterate_for (200);

  editor = TSR_TERMINAL_EDITOR (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_TERMINAL_EDITOR));
  document = TSR_TERMINAL_DOCUMENT (tsr_window_get_document (window));
  g_assert_cmpstr (tsr_document_get_format (TSR_DOCUMENT (document))->id, ==, "marathon1-terminals");
  view = GTK_WIDGET (tsr_terminal_editor_get_source_view (editor));
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  {
    GtkTextIter start, end;
    g_autofree char *shown = NULL;
    g_auto(GStrv) lines = NULL;

    gtk_text_buffer_get_bounds (buffer, &start, &end);
    shown = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
    g_assert_true (g_str_has_prefix (shown, TSR_MARATHON1_SCRIPT_PRAGMA "\n"));
    lines = g_strsplit (shown, "\n", -1);
    for (guint i = 0; lines[i] != NULL && logon_line == 0; i++)
      if (g_str_has_prefix (lines[i], "Airlock 34-a Terminal Access"))
        logon_line = i + 1;
  }
  g_assert_cmpuint (logon_line, >, 0);
  g_assert_cmpuint (tsr_terminal_editor_get_n_problems (editor), ==, 0);

  /* The preview: terminal 0 of level 0 in its unfinished sequence (logon, information pages,
   * checkpoints, logoff) as Marathon 1 builds it. */
  preview = tsr_terminal_editor_get_preview (editor);
  tsr_terminal_editor_go_to_line (editor, logon_line + 6);
  tsr_test_ui_iterate_for (100);
  g_assert_nonnull (tsr_terminal_preview_get_layout (preview));
  g_assert_cmpuint (tsr_terminal_preview_get_n_pages (preview), >=, 5);
  g_assert_cmpuint (tsr_terminal_preview_get_page (preview), >, 0);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "m1-terminal-editor-preview.png");

  /* Real keys: the cursor to the logon line, "New " typed, Ctrl+S. */
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_true (tsr_test_xtest_click (xtest, view));
  tsr_terminal_editor_go_to_line (editor, logon_line);
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_N, GDK_SHIFT_MASK));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_e, 0));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_w, 0));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_space, 0));
  tsr_terminal_editor_refresh (editor);
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_document_get_modified (TSR_DOCUMENT (document)));
  g_assert_true (tsr_terminal_editor_get_cursor_location (editor, &location));
  g_assert_cmpuint (location.terminal, ==, 0);
  g_assert_cmpuint (location.group, ==, 1); /* the logon, after the unfinished marker */
  g_assert_cmpuint (tsr_terminal_preview_get_page (preview), ==, 0);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "m1-terminal-editor.png");
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (200);
  g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));

  /* Only resource 1000 changed, and it says what was typed. */
  {
    g_autofree char *written = NULL;
    gsize written_length;

    g_assert_true (g_file_get_contents (path, &written, &written_length, NULL));
    saved = g_bytes_new_take (g_steal_pointer (&written), written_length);
  }
  before = fork_of (original);
  after = fork_of (saved);
  g_assert_cmpuint (before->resources->len, ==, after->resources->len);
  for (guint i = 0; i < before->resources->len; i++)
    {
      const TsrMacResource *a = g_ptr_array_index (before->resources, i);
      const TsrMacResource *b = tsr_resource_fork_find (after, a->type, a->id);

      g_assert_nonnull (b);
      if (g_bytes_equal (a->data, b->data))
        continue;
      changed++;
      g_assert_cmpuint (a->type, ==, TERM);
      g_assert_cmpint (a->id, ==, 1000);
      {
        gsize size;
        const char *data = g_bytes_get_data (b->data, &size);
        g_autofree char *text = g_strndup (data, size);

        g_assert_nonnull (strstr (text, "#logon\rNew Airlock 34-a Terminal Access"));
      }
    }
  g_assert_cmpuint (changed, ==, 1);
  {
    /* The data fork is the original's. */
    g_autoptr(TsrMacFile) a = tsr_mac_file_parse (original, NULL);
    g_autoptr(TsrMacFile) b = tsr_mac_file_parse (saved, NULL);

    g_assert_true (g_bytes_equal (a->data_fork, b->data_fork));
  }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

static gboolean
copy_test_file (const char *name,
                const char *target_name,
                char      **target)
{
  const char *root = g_getenv ("TSR_TESTDATA");
  g_autofree char *source = root != NULL ? g_build_filename (root, "marathon", name, NULL) : NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (source == NULL || !g_file_get_contents (source, &contents, &length, NULL))
    {
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("test data for marathon missing under CI");
      return FALSE;
    }
  *target = g_build_filename (work_dir, target_name, NULL);
  g_assert_true (g_file_set_contents (*target, contents, (gssize) length, NULL));
  return TRUE;
}

/* m1_Map.scen's Terminals page finds each level's terminals in the application beside it (the
 * external-resources file), shows them read-only with the preview by Marathon 1's rules, and
 * follows the current level; the map stays unmodified. (Pages and levels are switched through
 * the page's API here; the edit by real keys is the test above.) */
static void
test_map_terminals_from_application (void)
{
  g_autofree char *folder = g_build_filename (work_dir, "m1-scenario", NULL);
  g_autofree char *map_path = NULL;
  g_autofree char *appl_path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrTerminalEditor *editor;
  TsrTerminalText *text;
  TsrMarathonDocument *document;
  const char *shown;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  if (!copy_test_file ("m1_Map.scen", "m1-scenario/Map.scen", &map_path)
      || !copy_test_file ("m1_Marathon.appl", "m1-scenario/Marathon.appl", &appl_path))
    {
      g_test_skip ("no Marathon test data");
      return;
    }
  file = g_file_new_for_path (map_path);
  window = tsr_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
  g_assert_true (tsr_test_ui_open_file (window, file));
  tsr_test_ui_iterate_for (200);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  document = TSR_MARATHON_DOCUMENT (tsr_window_get_document (window));
  tsr_marathon_map_page_show (page, "terminals");
  tsr_test_ui_iterate_for (100);
  editor = tsr_marathon_map_page_get_terminal_editor (page);
  text = tsr_terminal_editor_get_text (editor);
  g_assert_nonnull (text);
  shown = tsr_terminal_text_get_text (text, NULL);
  g_assert_nonnull (strstr (shown, "#TERMINAL 1000\n"));
  g_assert_nonnull (strstr (shown, "#TERMINAL 1002\n"));
  g_assert_null (strstr (shown, "#TERMINAL 1010\n"));
  g_assert_false (gtk_text_view_get_editable (GTK_TEXT_VIEW (tsr_terminal_editor_get_source_view (editor))));
  g_assert_nonnull (tsr_terminal_preview_get_layout (tsr_terminal_editor_get_preview (editor)));
  g_assert_cmpuint (tsr_terminal_preview_get_n_pages (tsr_terminal_editor_get_preview (editor)), >=, 5);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "m1-terminal-map-page.png");

  /* Level 2 shows its own ('term' 1020...). */
  tsr_marathon_document_set_current_level (document, 2);
  tsr_test_ui_iterate_for (100);
  text = tsr_terminal_editor_get_text (editor);
  shown = tsr_terminal_text_get_text (text, NULL);
  g_assert_nonnull (strstr (shown, "#TERMINAL 1020\n"));
  g_assert_null (strstr (shown, "#TERMINAL 1000\n"));
  g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

int
main (int argc, char **argv)
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "m1-terminal-editor", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();

  g_test_add_func ("/m1-terminal-editor/edit-save", test_edit_m1_terminal);
  g_test_add_func ("/m1-terminal-editor/map-terminals-page", test_map_terminals_from_application);
  status = g_test_run ();

  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
