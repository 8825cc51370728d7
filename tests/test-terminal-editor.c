/* test-terminal-editor.c: the terminal script page in a real window (GTest under Xvfb, suite
 * 'ui'): a real .term.txt opens on the terminal editor, typing in the source view is one undo step
 * through win.undo, an error shows in the problems at its line and is underlined, the outline
 * moves the cursor, and win.save writes exactly the edited text. Screenshot:
 * terminal-editor.png. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "tsr-test-ui.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/marathon/tsr-terminal-editor.h"

#define TEXT(document) tsr_terminal_document_get_text (document)

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static char *
copy_script (const char *name)
{
  const char *root = g_getenv ("TSR_TESTDATA");
  g_autofree char *source = root != NULL ? g_build_filename (root, "marathon", name, NULL) : NULL;
  g_autofree char *contents = NULL;
  char *target = g_build_filename (work_dir, name, NULL);
  gsize length;

  if (source == NULL || !g_file_get_contents (source, &contents, &length, NULL))
    {
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("test data for marathon missing under CI");
      g_free (target);
      return NULL;
    }
  g_assert_true (g_file_set_contents (target, contents, (gssize) length, NULL));
  return target;
}

/* Types TEXT at the cursor as the keyboard does (interactive insertion, one character at a time). */
static void
type_text (GtkTextBuffer *buffer, const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    gtk_text_buffer_insert_interactive_at_cursor (buffer, p, (int) (g_utf8_next_char (p) - p), TRUE);
}

static void
test_terminal_editor (void)
{
  g_autofree char *path = copy_script ("chronicles_DreamBrother.term.txt");
  g_autofree char *original = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(GFile) file = NULL;
  TsrWindow *window;
  TsrTerminalEditor *editor;
  TsrTerminalDocument *document;
  GtkTextBuffer *buffer;
  GtkTextIter iter;
  guint group_line;
  const TsrMarathonScriptDiagnostic *problem;
  TsrMarathonScriptLine location;
  GtkTextTag *error_tag;

  if (path == NULL)
    {
      g_test_skip ("no Marathon test data");
      return;
    }
  g_assert_true (g_file_get_contents (path, &original, NULL, NULL));
  /* The scenario's Images file beside the script is found for the preview's pictures. */
  g_free (copy_script ("m2_Images.imgA"));
  file = g_file_new_for_path (path);
  window = tsr_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
  g_assert_true (tsr_test_ui_open_file (window, file));
  tsr_test_ui_iterate_for (200);

  editor = TSR_TERMINAL_EDITOR (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                         GSIZE_TO_POINTER (TSR_TYPE_TERMINAL_EDITOR)));
  g_assert_nonnull (editor);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (editor)));
  document = TSR_TERMINAL_DOCUMENT (tsr_window_get_document (window));
  g_assert_true (tsr_terminal_editor_get_text (editor) == TEXT (document));
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (tsr_terminal_editor_get_source_view (editor)));
  {
    g_autofree char *shown = NULL;
    GtkTextIter start, end;
    gtk_text_buffer_get_bounds (buffer, &start, &end);
    shown = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
    g_assert_cmpstr (shown, ==, original);
  }
  /* The script shows Chronicles picture 1631 three times; Marathon 2's Images file lacks it. */
  g_assert_cmpuint (tsr_terminal_editor_get_n_problems (editor), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpint (tsr_terminal_editor_get_problem (editor, i)->severity, ==, TSR_SEVERITY_WARNING);
      g_assert_cmpstr (tsr_terminal_editor_get_problem (editor, i)->message, ==,
                       "#PICT 1631: the Images file has no picture 1631");
    }
  g_assert_cmpuint (tsr_terminal_editor_get_n_outline_rows (editor), >, 2);
  g_assert_nonnull (tsr_terminal_editor_get_images_file (editor));

  /* Type a line with bold into the second group of terminal 0. */
  group_line = tsr_terminal_text_get_group_line (TEXT (document), 0, 1);
  g_assert_cmpuint (group_line, >, 0);
  tsr_terminal_editor_go_to_line (editor, group_line + 1);
  type_text (buffer, "Typed by a $Btest$b.\n");
  tsr_terminal_editor_refresh (editor);
  g_assert_cmpuint (tsr_terminal_editor_get_n_problems (editor), ==, 3);
  g_assert_true (tsr_terminal_editor_get_cursor_location (editor, &location));
  g_assert_cmpuint (location.terminal, ==, 0);
  g_assert_cmpuint (location.group, ==, 1);
  g_assert_true (tsr_document_get_modified (TSR_DOCUMENT (document)));
  /* The preview follows the cursor: the typed group's page, then a later group's. */
  {
    TsrTerminalPreview *preview = tsr_terminal_editor_get_preview (editor);
    guint first_page, later_line = tsr_terminal_text_get_group_line (TEXT (document), 0, 3);
    const TsrTerminalLayout *layout = tsr_terminal_preview_get_layout (preview);

    g_assert_nonnull (layout);
    g_assert_cmpuint (tsr_terminal_preview_get_n_pages (preview), >, 1);
    first_page = tsr_terminal_preview_get_page (preview);
    g_assert_cmpuint (later_line, >, 0);
    tsr_terminal_editor_go_to_line (editor, later_line + 1);
    tsr_test_ui_iterate_for (50);
    g_assert_cmpuint (tsr_terminal_preview_get_page (preview), >, first_page);
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "terminal-editor-preview.png");
    /* The size chooser beside the page buttons sets the preview's scale. */
    {
      GtkDropDown *scale = GTK_DROP_DOWN (tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_type,
                                                                   GSIZE_TO_POINTER (GTK_TYPE_DROP_DOWN)));

      g_assert_nonnull (scale);
      g_assert_cmpuint (gtk_drop_down_get_selected (scale), ==, TSR_TERMINAL_PREVIEW_SCALE_FIT);
      gtk_drop_down_set_selected (scale, TSR_TERMINAL_PREVIEW_SCALE_2X);
      g_assert_cmpint (tsr_terminal_preview_get_scale (preview), ==, TSR_TERMINAL_PREVIEW_SCALE_2X);
      tsr_test_ui_iterate_for (50);
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "terminal-editor-preview-2x.png");
      gtk_drop_down_set_selected (scale, TSR_TERMINAL_PREVIEW_SCALE_FIT);
    }
    tsr_terminal_editor_go_to_line (editor, group_line + 2);
  }

  /* An error (a character Mac Roman lacks) is listed at its line and underlined; undo removes it. */
  type_text (buffer, "₪");
  tsr_terminal_editor_refresh (editor);
  /* (A script that does not compile is not checked against the Images file.) */
  g_assert_cmpuint (tsr_terminal_editor_get_n_problems (editor), ==, 1);
  problem = tsr_terminal_editor_get_problem (editor, 0);
  g_assert_cmpint (problem->severity, ==, TSR_SEVERITY_ERROR);
  g_assert_cmpuint (problem->line, ==, group_line + 2);
  g_assert_cmpuint (problem->column, ==, 1);
  error_tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), "error");
  gtk_text_buffer_get_iter_at_line (buffer, &iter, (int) group_line + 1);
  g_assert_true (gtk_text_iter_has_tag (&iter, error_tag));
  /* The findings view lists it too; activating it puts the cursor on it. */
  {
    TsrFindingsView *findings = tsr_terminal_editor_get_findings_view (editor);
    GtkTextIter cursor;

    tsr_findings_view_refresh (findings);
    g_assert_cmpuint (tsr_findings_view_get_n_errors (findings), ==, 1);
    tsr_terminal_editor_go_to_line (editor, 1);
    g_assert_true (tsr_findings_view_activate (findings, 0));
    gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
    g_assert_cmpint (gtk_text_iter_get_line (&cursor), ==, (int) group_line + 1);
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "terminal-editor.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  tsr_terminal_editor_refresh (editor);
  g_assert_cmpuint (tsr_terminal_editor_get_n_problems (editor), ==, 3);

  /* The typed line is one step (plus its line break): two undos give the original text back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));
  {
    g_autofree char *shown = NULL;
    GtkTextIter start, end;
    gtk_text_buffer_get_bounds (buffer, &start, &end);
    shown = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
    g_assert_cmpstr (shown, ==, original);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));

  /* Save: the file is the buffer's text, byte for byte. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  tsr_test_ui_iterate_for (100);
  g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  {
    GtkTextIter start, end;
    g_autofree char *shown = NULL;
    gtk_text_buffer_get_bounds (buffer, &start, &end);
    shown = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
    g_assert_cmpstr (saved, ==, shown);
    g_assert_nonnull (strstr (saved, "Typed by a $Btest$b.\n"));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

/* The Terminals page of a Marathon map: typing into a level's script, an error listed at its line
 * and blocking nothing until saved, fixed, then win.save: the saved map's term chunk decompiles to
 * the edited script and every other chunk is as it was. */
static void
test_map_terminals_page (void)
{
  g_autofree char *path = copy_script ("chronicles_DreamBrother.sceA");
  g_autoptr(GFile) file = NULL;
  g_autoptr(GBytes) original = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonScenario) before = NULL, after = NULL;
  g_autofree char *edited = NULL;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrTerminalEditor *editor;
  GtkTextBuffer *buffer;
  TsrTerminalText *text;
  guint level, line;

  if (path == NULL)
    {
      g_test_skip ("no Marathon test data");
      return;
    }
  original = tsr_file_read (path, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (path);
  window = tsr_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
  g_assert_true (tsr_test_ui_open_file (window, file));
  tsr_test_ui_iterate_for (200);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                         GSIZE_TO_POINTER (TSR_TYPE_MARATHON_MAP_PAGE)));
  g_assert_nonnull (page);
  tsr_marathon_map_page_show (page, "terminals");
  tsr_test_ui_iterate_for (100);
  editor = tsr_marathon_map_page_get_terminal_editor (page);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (editor)));
  text = tsr_terminal_editor_get_text (editor);
  g_assert_nonnull (text);
  g_assert_cmpuint (tsr_terminal_text_get_n_chars (text), >, 0);
  level = tsr_marathon_document_get_current_level (TSR_MARATHON_DOCUMENT (tsr_window_get_document (window)));
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (tsr_terminal_editor_get_source_view (editor)));

  line = tsr_terminal_text_get_group_line (text, 0, 1);
  tsr_terminal_editor_go_to_line (editor, line + 1);
  type_text (buffer, "$C5Written in the map$C0.\n");
  type_text (buffer, "#PICT 5 CENTER\nno text may follow\n");
  tsr_terminal_editor_refresh (editor);
  g_assert_cmpuint (tsr_terminal_editor_get_n_problems (editor), ==, 1);
  g_assert_cmpuint (tsr_terminal_editor_get_problem (editor, 0)->line, ==, line + 3);
  tsr_findings_view_refresh (tsr_terminal_editor_get_findings_view (editor));
  g_assert_cmpuint (tsr_findings_view_get_n_errors (tsr_terminal_editor_get_findings_view (editor)), ==, 1);
  g_assert_true (tsr_findings_view_activate (tsr_terminal_editor_get_findings_view (editor), 0));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "terminal-map-page.png");
  /* The centred picture and its text go again (two undo steps: the text line, the directive). */
  for (guint i = 0; i < 4; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  tsr_terminal_editor_refresh (editor);
  /* Left: the three #PICT 1631 the Images file found beside the map (Marathon 2's) lacks. */
  g_assert_cmpuint (tsr_terminal_editor_get_n_problems (editor), ==, 3);
  g_assert_cmpint (tsr_terminal_editor_get_problem (editor, 0)->severity, ==, TSR_SEVERITY_WARNING);
  edited = g_strdup (tsr_terminal_text_get_text (text, NULL));
  g_assert_nonnull (strstr (edited, "$C5Written in the map$C0.\n"));
  g_assert_null (strstr (edited, "no text may follow"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  tsr_test_ui_iterate_for (100);
  g_assert_false (tsr_document_get_modified (tsr_window_get_document (window)));
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  before = tsr_marathon_scenario_load (original, "original", &error);
  g_assert_no_error (error);
  after = tsr_marathon_scenario_load (saved, "saved", &error);
  g_assert_no_error (error);
  {
    TsrMarathonLevel *saved_level = g_ptr_array_index (after->map->levels, level);
    g_autofree char *decompiled = tsr_marathon_terminals_decompile (saved_level->terminals, &error);

    g_assert_cmpstr (decompiled, ==, edited);
  }
  for (guint e = 0; e < before->map->wad->entries->len; e++)
    {
      TsrWadEntry *a = g_ptr_array_index (before->map->wad->entries, e);
      TsrWadEntry *b = g_ptr_array_index (after->map->wad->entries, e);

      g_assert_cmpuint (a->chunks->len, ==, b->chunks->len);
      for (guint c = 0; c < a->chunks->len; c++)
        {
          TsrWadChunk *x = g_ptr_array_index (a->chunks, c), *y = g_ptr_array_index (b->chunks, c);

          g_assert_cmpuint (x->tag, ==, y->tag);
          if (x->tag != TSR_WAD_TAG ('t', 'e', 'r', 'm'))
            g_assert_true (g_bytes_equal (x->data, y->data));
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!tsr_test_ui_begin (&argc, &argv, "terminal-editor", &work_dir, &screenshot_dir))
    return 77;
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/terminal-editor/edit-undo-save", test_terminal_editor);
  g_test_add_func ("/terminal-editor/map-terminals-page", test_map_terminals_page);
  status = g_test_run ();

  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
