/* test-terminal-editor-input.c: the terminal editor by real X input (XTest under Xvfb), where
 * random-input found GTK warnings (issue 41). A real script (chronicles_DreamBrother.term.txt)
 * opens in the editor; Ctrl+A and Delete empty it, Ctrl+Z brings it back, and every frame in
 * between is drawn without a GTK warning (any warning or critical fails the test, as in every UI
 * test). Screenshots: terminal-editor-input-*.png. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "model/marathon/tsr-terminal-document.h"
#include "views/marathon/tsr-terminal-editor.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static char *
buffer_text (GtkWidget *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
}

/* Select all, Delete, undo, three times over (scrolled to the middle and to the end first):
 * after each the frames are drawn for a while, each one a chance for the warning. */
static void
test_select_all_delete (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.term.txt", work_dir,
                                                          "select-all");
  g_autofree char *loaded = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrTerminalEditor *editor;
  GtkWidget *view;

  if (path == NULL)
    {
      g_test_skip ("no Marathon test data");
      return;
    }
  file = g_file_new_for_path (path);
  window = tsr_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
  g_assert_true (tsr_test_ui_open_file (window, file));
  tsr_test_ui_iterate_for (200);
  editor = TSR_TERMINAL_EDITOR (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_TERMINAL_EDITOR));
  g_assert_nonnull (editor);
  view = GTK_WIDGET (tsr_terminal_editor_get_source_view (editor));
  loaded = buffer_text (view);
  g_assert_cmpuint (strlen (loaded), >, 1000);

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_true (tsr_test_xtest_click (xtest, view));
  tsr_test_ui_iterate_for (100);
  for (guint round = 0; round < 3; round++)
    {
      g_autofree char *name = g_strdup_printf ("terminal-editor-input-%u.png", round);
      g_autofree char *emptied = NULL;
      g_autofree char *restored = NULL;

      /* Round 0 at the top, round 1 a few pages down, round 2 at the end. */
      for (guint i = 0; i < round * 3; i++)
        g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Page_Down, 0));
      if (round == 2)
        g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_End, GDK_CONTROL_MASK));
      tsr_test_ui_iterate_for (150);
      g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
      tsr_test_ui_iterate_for (50);
      g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Delete, 0));
      tsr_test_ui_iterate_for (500);
      emptied = buffer_text (view);
      g_assert_cmpstr (emptied, ==, "");
      g_assert_cmpuint (tsr_terminal_text_get_n_chars (tsr_terminal_editor_get_text (editor)), ==, 0);
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, name);
      g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
      tsr_test_ui_iterate_for (500);
      restored = buffer_text (view);
      g_assert_cmpstr (restored, ==, loaded);
    }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* Every warning stays fatal; the one that names a widget GTK could not draw is preceded by that
 * widget's chain of CSS names up to the window (the warning names only its type and address). */
static GLogWriterOutput
write_log (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  const char *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_strcmp0 (fields[i].key, "MESSAGE") == 0)
      message = fields[i].value;
  if (message != NULL && g_str_has_prefix (message, "Trying to snapshot "))
    {
      const char *at = strstr (message, " 0x");
      gpointer pointer = at != NULL ? GSIZE_TO_POINTER (g_ascii_strtoull (at + 1, NULL, 16)) : NULL;
      g_autoptr(GString) chain = g_string_new (NULL);

      for (GtkWidget *w = pointer; w != NULL && GTK_IS_WIDGET (w); w = gtk_widget_get_parent (w))
        g_string_append_printf (chain, " %s(%s)", G_OBJECT_TYPE_NAME (w), gtk_widget_get_css_name (w));
      g_printerr ("the widget not allocated:%s\n", chain->str);
    }
  return g_log_writer_default (level, fields, n_fields, user_data);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "terminal-editor-input", &work_dir, &screenshot_dir, &status))
    return status;
  g_log_set_writer_func (write_log, NULL, NULL);
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/terminal-editor-input/select-all-delete", test_select_all_delete);
  status = g_test_run ();
  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
