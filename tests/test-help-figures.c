/* test-help-figures.c: takes the user guide's screenshots (help/C/figures) in real windows under
 * Xvfb: the start page and one real file of each editor the guide shows. Each figure is written to
 * TSR_SCREENSHOT_DIR/help-figures/NAME; the test also reads the pages of help/C and fails when a page
 * names a figure this test does not take, so the guide and its pictures cannot drift apart.
 * Refreshing the guide's copies: copy _build/tests/help-figures into help/C/figures. */
#include "config.h"

#include <gtk/gtk.h>
#include <glib/gstdio.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "tsr-test-ui.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;
static char *figures_dir;

#define WIDTH 1280
#define HEIGHT 800

/* The figures and what each shows: a real file under $TSR_TESTDATA (NULL: the start page) and the
 * page class that must show it, so a figure never shows a fallback page by mistake. */
static const struct {
  const char *figure;
  const char *path;
  const char *page_type;
  const char *action;      /* activated on the page first (NULL: none) */
} figures[] = {
  { "start-page.png", NULL, "TsrStartPage" },
  { "marathon-map.png", "marathon/chronicles_DreamBrother.sceA", "TsrMarathonMapPage" },
  { "visual-mode.png", "marathon/chronicles_DreamBrother.sceA", "TsrVisualView", "marathon.toggle-visual" },
  { "terminal-editor.png", "marathon/chronicles_MenLikeRavenousFishes.term.txt", "TsrTerminalEditor" },
  { "shapes-browser.png", "marathon/xbla_m2_Items.ShPa", "TsrShapesBrowser" },
  { "wolf3d-map.png", "wolf3d/wl1_v14_shareware/GAMEMAPS.WL1", "TsrMapEditor" },
  { "sphere-map.png", "sphere/village.rmp", "TsrMapEditor" },
  { "doom2d-map.png", "doom2d/d2dfnix_VETERAN.wad", "TsrDoom2dMapPage" },
};

static gboolean
match_drawn_type (GtkWidget *widget, gconstpointer data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (data)) && gtk_widget_is_drawable (widget);
}

static gboolean
figure_is_taken (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (figures); i++)
    if (g_str_equal (figures[i].figure, name))
      return TRUE;
  return FALSE;
}

/* Every `src="figures/NAME"` of every page is one this test takes. */
static void
test_pages_name_taken_figures (void)
{
  g_autofree char *help_dir = g_build_filename (g_getenv ("TSR_SOURCE_ROOT"), "help", "C", NULL);
  g_autoptr(GDir) dir = g_dir_open (help_dir, 0, NULL);
  g_autoptr(GRegex) media = g_regex_new ("src=\"figures/([^\"]+)\"", 0, 0, NULL);
  const char *name;
  guint pages = 0, references = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *text = NULL;
      g_autoptr(GMatchInfo) match = NULL;

      if (!g_str_has_suffix (name, ".page"))
        continue;
      path = g_build_filename (help_dir, name, NULL);
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      pages++;
      for (g_regex_match (media, text, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
        {
          g_autofree char *figure = g_match_info_fetch (match, 1);

          if (!figure_is_taken (figure))
            g_error ("help/C/%s shows figures/%s, which tests/test-help-figures.c does not take", name, figure);
          references++;
        }
    }
  g_assert_cmpuint (pages, >, 5);
  g_assert_cmpuint (references, >, 0);
}

static void
test_take_figures (void)
{
  g_autofree char *testdata = g_strdup (g_getenv ("TSR_TESTDATA"));

  if (testdata == NULL || !g_file_test (testdata, G_FILE_TEST_IS_DIR))
    {
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("TSR_TESTDATA is not a folder; CI needs the real files");
      g_test_skip ("no test data");
      return;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (figures); i++)
    {
      TsrWindow *window;

      if (figures[i].path == NULL)
        {
          window = tsr_window_new (application);
          gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
          gtk_window_present (GTK_WINDOW (window));
          g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
        }
      else
        {
          g_autofree char *path = g_build_filename (testdata, figures[i].path, NULL);

          window = tsr_test_ui_open_in_window (application, path, WIDTH, HEIGHT, 300);
          g_assert_nonnull (tsr_window_get_document (window));
          g_assert_false (tsr_window_get_modified (window));
          if (figures[i].action != NULL)
            {
              GType editor_type = g_type_from_name ("TsrMarathonMapEditor");
              GtkWidget *editor = tsr_test_ui_find_widget (GTK_WIDGET (window), match_drawn_type,
                                                           GSIZE_TO_POINTER (editor_type));

              g_assert_nonnull (editor);
              g_assert_true (gtk_widget_activate_action (editor, figures[i].action, NULL));
              g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 10));
            }
        }
      g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
      {
        GType page_type = g_type_from_name (figures[i].page_type);

        g_assert_true (page_type != G_TYPE_INVALID);
        if (tsr_test_ui_find_widget (GTK_WIDGET (window), match_drawn_type, GSIZE_TO_POINTER (page_type)) == NULL)
          g_error ("%s: no %s on screen", figures[i].figure, figures[i].page_type);
      }
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), figures_dir, figures[i].figure);
      {
        g_autofree char *written = g_build_filename (figures_dir, figures[i].figure, NULL);
        g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (written, NULL);

        g_assert_nonnull (texture);
        g_assert_cmpint (gdk_texture_get_width (texture), >=, WIDTH / 2);
      }
      tsr_test_ui_close_window (window);
    }
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!tsr_test_ui_begin (&argc, &argv, "help-figures", &work_dir, &screenshot_dir))
    return 77;
  figures_dir = g_build_filename (screenshot_dir, "help-figures", NULL);
  g_assert_cmpint (g_mkdir_with_parents (figures_dir, 0755), ==, 0);

  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/help-figures/pages-name-taken-figures", test_pages_name_taken_figures);
  g_test_add_func ("/help-figures/take", test_take_figures);
  status = g_test_run ();

  g_clear_object (&application);
  g_free (figures_dir);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
