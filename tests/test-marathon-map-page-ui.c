/* test-marathon-map-page-ui.c: the Marathon map page by real X input (XTest) on copies of a real
 * level (issue 32's leftovers).
 * - A level of an Atque merge folder (Name.sceA with Name.term.txt beside it) keeps its terminals
 *   in that script: the Terminals page says so, and its button opens the script in a tab of its
 *   own; a level without one shows no such bar.
 * - A refused edit (a line drawn across another) highlights the line it blames in red until
 *   Escape. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "edit/tsr-edit-session.h"
#include "model/marathon/tsr-marathon-document.h"
#include "views/marathon/tsr-marathon-map-editor.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/marathon/tsr-terminal-editor.h"
#include "views/tsr-map-canvas.h"
#include "edit/tsr-vector-select-tool.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

static gboolean
match_mapped_terminal_editor (GtkWidget     *widget,
                              gconstpointer  unused)
{
  return TSR_IS_TERMINAL_EDITOR (widget) && gtk_widget_get_mapped (widget);
}

static void
click_tab (TsrTestXTest *xtest,
           GtkWidget    *page,
           const char   *title)
{
  GtkWidget *tab = tsr_test_ui_find_widget (page, tsr_test_ui_match_mapped_label, title);

  g_assert_nonnull (tab);
  g_assert_true (tsr_test_xtest_click (xtest, tab));
  tsr_test_ui_iterate_for (200);
}

static TsrWindow *
open_terminals_page (const char    *path,
                     TsrTestXTest **xtest,
                     GtkWidget    **page,
                     GtkWidget    **button)
{
  TsrWindow *window = tsr_test_ui_open_in_window (application, path, 1200, 800, 100);

  *page = tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE);
  *xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  click_tab (*xtest, *page, "Terminals");
  *button = tsr_test_ui_find_widget (*page, tsr_test_ui_match_button_label, "Open the Script Beside the Map");
  g_assert_nonnull (*button);
  return window;
}

/* The merge folder's script, opened from the Terminals page by its button. The shipped
 * Dream Brother keeps a term chunk too (its script is what Atque split out of it): its terminals
 * are deleted and saved by real input first, which leaves the level as a merge folder keeps it. */
static void
test_script_beside (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("marathon");
  static const char *const files[] = { "chronicles_DreamBrother.sceA", "chronicles_DreamBrother.term.txt", NULL };
  g_autofree char *dir = NULL, *path = NULL, *script = NULL, *contents = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  const char *shown;
  gsize length, shown_length = 0;
  TsrWindow *window;
  GtkWidget *page, *button, *editor;
  TsrDocument *opened;
  TsrTerminalText *text;

  if (source == NULL)
    {
      g_test_skip ("no Marathon test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, files, work_dir, "script-beside");
  path = g_build_filename (dir, files[0], NULL);
  script = g_build_filename (dir, files[1], NULL);

  /* The level keeps its own terminals: no bar. Select all, Delete, Ctrl+S. */
  window = open_terminals_page (path, &xtest, &page, &button);
  g_assert_false (gtk_widget_get_mapped (button));
  editor = GTK_WIDGET (tsr_terminal_editor_get_source_view (tsr_marathon_map_page_get_terminal_editor (TSR_MARATHON_MAP_PAGE (page))));
  g_assert_true (tsr_test_xtest_click (xtest, editor));
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Delete, 0));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (tsr_terminal_text_get_n_chars (tsr_terminal_editor_get_text (tsr_marathon_map_page_get_terminal_editor (TSR_MARATHON_MAP_PAGE (page)))), ==, 0);
  tsr_test_xtest_save (xtest, window);
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);

  /* Opened again, its terminals are the script beside it: the bar and its button. */
  window = open_terminals_page (path, &xtest, &page, &button);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-script-beside.png");
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 1);
  g_assert_true (tsr_test_xtest_click (xtest, button));
  g_assert_true (tsr_test_ui_wait_for_loads (window));
  tsr_test_ui_iterate_for (300);

  /* A second tab, current, with the script in the terminal editor. */
  g_assert_cmpuint (tsr_window_get_n_documents (window), ==, 2);
  opened = tsr_window_get_document (window);
  g_assert_true (opened == tsr_window_get_nth_document (window, 1));
  {
    g_autoptr(GFile) expected = g_file_new_for_path (script);

    g_assert_true (g_file_equal (tsr_document_get_file (opened), expected));
  }
  editor = tsr_test_ui_find_widget (GTK_WIDGET (window), match_mapped_terminal_editor, NULL);
  g_assert_nonnull (editor);
  g_assert_false (gtk_widget_get_mapped (page));
  text = tsr_terminal_editor_get_text (TSR_TERMINAL_EDITOR (editor));
  g_assert_nonnull (text);
  g_assert_true (g_file_get_contents (script, &contents, &length, &error));
  g_assert_no_error (error);
  shown = tsr_terminal_text_get_text (text, &shown_length);
  g_assert_cmpmem (shown, shown_length, contents, length);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-script-opened.png");
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);

  /* The script gone: no bar. */
  g_assert_cmpint (g_unlink (script), ==, 0);
  window = open_terminals_page (path, &xtest, &page, &button);
  g_assert_false (gtk_widget_get_mapped (button));
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

/* Pixels of the refused-line red (0.95, 0.1, 0.1) in the PNG at PATH. */
static guint
count_red (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (path, &error);
  int width, height;
  g_autofree guchar *data = NULL;
  guint n = 0;

  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  data = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (texture, data, (gsize) width * 4);
  for (gsize i = 0; i < (gsize) width * height; i++)
    {
      /* GDK_MEMORY_DEFAULT: B, G, R, A premultiplied. */
      const guchar *p = data + 4 * i;

      if (p[2] > 220 && p[1] < 60 && p[0] < 60)
        n++;
    }
  return n;
}

/* A view point on the ½ WU grid, 150 pixels in from the canvas's edges, whose cross of two
 * 256-pixel lines hits nothing of the map (sampled every 2 pixels, with the tools' tolerance). */
static gboolean
find_clear_cross (TsrMapCanvas         *canvas,
                  TsrVectorMap         *map,
                  const TsrMapViewport *viewport,
                  double               *cx,
                  double               *cy)
{
  int width = gtk_widget_get_width (GTK_WIDGET (canvas)), height = gtk_widget_get_height (GTK_WIDGET (canvas));

  for (double mx = ceil (viewport->x / 512) * 512; (mx - viewport->x) * viewport->zoom < width - 150; mx += 512)
    for (double my = ceil (viewport->y / 512) * 512; (my - viewport->y) * viewport->zoom < height - 150; my += 512)
      {
        double vx = (mx - viewport->x) * viewport->zoom, vy = (my - viewport->y) * viewport->zoom;
        gboolean clear = TRUE;

        if (vx < 150 || vy < 150)
          continue;
        for (int d = -140; d <= 140 && clear; d += 2)
          clear = !tsr_vector_map_hit_test (map, mx + d / viewport->zoom, my, TSR_TOOL_HIT_TOLERANCE, viewport->zoom,
                                            TSR_ELEMENT_MASK_ALL, NULL)
                  && !tsr_vector_map_hit_test (map, mx, my + d / viewport->zoom, TSR_TOOL_HIT_TOLERANCE, viewport->zoom,
                                               TSR_ELEMENT_MASK_ALL, NULL);
        if (clear)
          {
            *cx = vx;
            *cy = vy;
            return TRUE;
          }
      }
  return FALSE;
}

/* The line tool: a line, then a second across it: refused, the first line drawn red; Escape. */
static void
test_refused_line (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir, "refused");
  g_autofree char *before = NULL, *after = NULL, *cleared = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrMarathonMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrEditSession *session;
  TsrVectorMap *vector;
  TsrElementRef ref = { TSR_ELEMENT_POINT, 0 };
  TsrMapViewport viewport;
  GPtrArray *refused;
  double min_x = G_MAXDOUBLE, min_y = G_MAXDOUBLE, max_y = -G_MAXDOUBLE, cx = 0, cy = 0;
  guint n_lines;

  if (path == NULL)
    return;
  window = tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  editor = tsr_marathon_map_page_get_map_editor (page);
  canvas = tsr_marathon_map_editor_get_canvas (editor);
  session = tsr_marathon_map_editor_get_session (editor);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (canvas)));
  vector = TSR_VECTOR_MAP (tsr_marathon_map_editor_get_level_map (editor));

  /* 1 WU = 128 view pixels, the view towards the level's left edge (the canvas keeps its scroll
   * limits); a grid point whose cross of two 2 WU lines touches nothing of the level. */
  for (ref.index = 0; ref.index < tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT); ref.index++)
    {
      TsrVectorPoint p;

      tsr_vector_map_get_vertex (vector, &ref, 0, &p);
      min_x = MIN (min_x, p.x);
      min_y = MIN (min_y, p.y);
      max_y = MAX (max_y, p.y);
    }
  tsr_map_canvas_set_zoom (canvas, 0.125);
  tsr_map_canvas_center_on (canvas, min_x, (min_y + max_y) / 2);
  tsr_test_ui_iterate_for (200);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  g_assert_true (find_clear_cross (canvas, vector, &viewport, &cx, &cy));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  /* The Lines tool by its button; a click on the canvas to give it the keyboard. */
  {
    GtkWidget *lines = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Lines");

    g_assert_nonnull (lines);
    g_assert_true (tsr_test_xtest_click (xtest, lines));
    tsr_test_ui_iterate_for (100);
    g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (lines)));
  }

  /* A vertical line, 2 WU long; Escape ends the chain. */
  n_lines = tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT);
  g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), cx, cy - 128));
  g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), cx, cy + 128));
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT), ==, n_lines + 1);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Escape, 0));
  tsr_test_ui_iterate_for (100);
  g_assert_null (tsr_edit_session_get_refused (session));
  before = g_build_filename (screenshot_dir, "marathon-refused-before.png", NULL);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-refused-before.png");

  /* A horizontal line across it: refused, nothing added, the vertical line blamed. */
  g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), cx - 128, cy));
  g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), cx + 128, cy));
  g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT), ==, n_lines + 1);
  refused = tsr_edit_session_get_refused (session);
  g_assert_nonnull (refused);
  g_assert_cmpuint (refused->len, ==, 1);
  tsr_test_ui_iterate_for (100);
  after = g_build_filename (screenshot_dir, "marathon-refused-line.png", NULL);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-refused-line.png");
  /* The 2 WU line 5 pixels wide: some 256 × 5 red pixels that were not there. */
  g_assert_cmpuint (count_red (after), >, count_red (before) + 800);

  /* Escape (ending the refused line's chain) takes the highlight away. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Escape, 0));
  tsr_test_ui_iterate_for (150);
  g_assert_null (tsr_edit_session_get_refused (session));
  cleared = g_build_filename (screenshot_dir, "marathon-refused-cleared.png", NULL);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-refused-cleared.png");
  g_assert_cmpuint (count_red (cleared), <, count_red (before) + 100);

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-map-page-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/marathon-map-page-ui/script-beside", test_script_beside);
  g_test_add_func ("/marathon-map-page-ui/refused-line", test_refused_line);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
