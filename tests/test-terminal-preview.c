/* test-terminal-preview.c: the terminal preview widget in a real window under Xvfb: Dream
 * Brother's terminals (and a hand-made one with pictures from the real m2 Images file), paged
 * with the game's keys through the key controller's handler, the state switched to follow a source
 * position, scales, and a screenshot (terminal-preview.png) in TSR_SCREENSHOT_DIR. Exits 77
 * without a display. */
#include <gtk/gtk.h>
#include <stdlib.h>
#include <string.h>

#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-images.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "views/marathon/tsr-terminal-preview.h"
#include "tsr-test-common.h"

static char *data_dir;

static void
settle (void)
{
  for (guint i = 0; i < 30; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (10000);
    }
}

static void
save_screenshot (GtkWidget  *window,
                 const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);
  int scale = gtk_widget_get_scale_factor (window);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  const char *folder = g_getenv ("TSR_SCREENSHOT_DIR");
  g_autofree char *path = g_build_filename (folder != NULL ? folder : g_get_tmp_dir (), name, NULL);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));

  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  ck_assert_ptr_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width * scale, height * scale));
  ck_assert_msg (gdk_texture_save_to_png (texture, path), "cannot write %s", path);
  printf ("SCREENSHOT: %s\n", path);
}

/* The colour at (X, Y) of the window, read back through the renderer. */
static guint32
window_pixel (GtkWidget *window,
              int        x,
              int        y)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  guint32 pixel = 0;

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (window), gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (x, y, 1, 1));
  gdk_texture_download (texture, (guchar *) &pixel, 4);
  return pixel & 0xffffff;   /* BGRA in memory: 0xRRGGBB */
}

static guint notified_pages;

static void
on_page_notify (GObject    *object,
                GParamSpec *pspec,
                gpointer    user_data)
{
  notified_pages++;
}

static TsrMarathonScenario *
load_map (const char *name)
{
  g_autofree char *path = g_build_filename (data_dir, name, NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);

  return tsr_marathon_scenario_load (bytes, name, NULL);
}

START_TEST (test_preview_pages_and_keys)
{
  g_autoptr(TsrMarathonScenario) scenario = load_map ("chronicles_DreamBrother.sceA");
  TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, 0);
  GtkWidget *window = gtk_window_new ();
  TsrTerminalPreview *preview = TSR_TERMINAL_PREVIEW (tsr_terminal_preview_new ());
  guint n_pages;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 380);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (preview));
  g_signal_connect (preview, "notify::page", G_CALLBACK (on_page_notify), NULL);
  tsr_terminal_preview_set_terminals (preview, level->terminals);
  tsr_terminal_preview_set_level (preview, level);
  gtk_window_present (GTK_WINDOW (window));
  settle ();

  /* Terminal 0: logon, three picture pages, logoff. */
  n_pages = tsr_terminal_preview_get_n_pages (preview);
  ck_assert_uint_eq (n_pages, 5);
  ck_assert_uint_eq (tsr_terminal_preview_get_page (preview), 0);
  /* The game's keys: Page Down, Down, Space, Return forward; Page Up, Up back. */
  ck_assert (tsr_terminal_preview_handle_key (preview, GDK_KEY_Page_Down, 0));
  ck_assert_uint_eq (tsr_terminal_preview_get_page (preview), 1);
  ck_assert (tsr_terminal_preview_handle_key (preview, GDK_KEY_Down, 0));
  ck_assert (tsr_terminal_preview_handle_key (preview, GDK_KEY_space, 0));
  ck_assert_uint_eq (tsr_terminal_preview_get_page (preview), 3);
  ck_assert (tsr_terminal_preview_handle_key (preview, GDK_KEY_Return, 0));
  ck_assert (tsr_terminal_preview_handle_key (preview, GDK_KEY_Return, 0));
  ck_assert_uint_eq (tsr_terminal_preview_get_page (preview), 4);   /* stays on the last */
  ck_assert (tsr_terminal_preview_handle_key (preview, GDK_KEY_Page_Up, 0));
  ck_assert_uint_eq (tsr_terminal_preview_get_page (preview), 3);
  ck_assert (tsr_terminal_preview_handle_key (preview, GDK_KEY_Up, 0));
  ck_assert (tsr_terminal_preview_handle_key (preview, GDK_KEY_Up, 0));
  ck_assert_uint_eq (tsr_terminal_preview_get_page (preview), 1);
  ck_assert (tsr_terminal_preview_handle_key (preview, GDK_KEY_Up, 0));
  ck_assert_uint_eq (tsr_terminal_preview_get_page (preview), 1);   /* never back to the logon */
  ck_assert (!tsr_terminal_preview_handle_key (preview, GDK_KEY_a, 0));
  ck_assert (!tsr_terminal_preview_handle_key (preview, GDK_KEY_Page_Down, GDK_CONTROL_MASK));
  ck_assert_uint_ge (notified_pages, 6);
  settle ();
  /* The screen is drawn: the border colour at the top, the picture-less text page black. */
  ck_assert_uint_eq (window_pixel (window, 350, 31), 0x270000);

  /* Following the source: the fourth group's text is on page 3. */
  ck_assert (tsr_terminal_preview_show_position (preview, 4, 10));
  ck_assert_uint_eq (tsr_terminal_preview_get_page (preview), 3);
  ck_assert (!tsr_terminal_preview_show_position (preview, 0, 0));  /* the section itself */

  /* A recompile (the terminals set again) keeps the page; a terminal the map lacks shows nothing. */
  tsr_terminal_preview_set_page (preview, 2);
  tsr_terminal_preview_set_terminals (preview, level->terminals);
  ck_assert_uint_eq (tsr_terminal_preview_get_page (preview), 2);
  tsr_terminal_preview_set_terminal (preview, 1);
  ck_assert_uint_eq (tsr_terminal_preview_get_n_pages (preview), 0);
  ck_assert_uint_eq (tsr_terminal_preview_get_page (preview), 0);
  tsr_terminal_preview_set_terminal (preview, 0);
  tsr_terminal_preview_set_page (preview, 1);

  /* Scales: 1x and 2x ask for their size; fit fills what it gets. */
  tsr_terminal_preview_set_scale (preview, TSR_TERMINAL_PREVIEW_SCALE_1X);
  settle ();
  ck_assert_int_eq (gtk_widget_get_width (GTK_WIDGET (preview)), 700);
  tsr_terminal_preview_set_scale (preview, TSR_TERMINAL_PREVIEW_SCALE_FIT);
  settle ();
  save_screenshot (window, "terminal-preview.png");
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}
END_TEST

/* Pictures from the real Images file and the states of a hand-made terminal. */
START_TEST (test_preview_pictures_and_states)
{
  static const char script[] =
    "#TERMINAL 0\n#UNFINISHED\n#PICT 1100\nThe left half holds the picture.\n#END\n"
    "#FAILURE\n#INFORMATION\n$C5Failed.\n#END\n#ENDTERMINAL 0\n";
  g_autofree char *path = g_build_filename (data_dir, "m2_Images.imgA", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(GPtrArray) terminals = tsr_marathon_terminals_compile (script, strlen (script), "t", NULL);
  GtkWidget *window = gtk_window_new ();
  TsrTerminalPreview *preview = TSR_TERMINAL_PREVIEW (tsr_terminal_preview_new ());
  guint32 pixel;

  ck_assert_ptr_nonnull (terminals);
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 320);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (preview));
  tsr_terminal_preview_set_scale (preview, TSR_TERMINAL_PREVIEW_SCALE_1X);
  tsr_terminal_preview_set_terminals (preview, terminals);
  tsr_terminal_preview_set_images (preview, tsr_marathon_images_parse (bytes, NULL));
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  ck_assert_uint_eq (tsr_terminal_preview_get_n_pages (preview), 1);
  ck_assert (tsr_terminal_preview_get_layout (preview) != NULL);
  ck_assert (tsr_terminal_layout_get_page (tsr_terminal_preview_get_layout (preview), 0)->picture_known);
  /* Inside the picture (scaled into the left half): not the black screen. */
  pixel = window_pixel (window, 160, 160);
  ck_assert_msg (pixel != 0, "no picture drawn");
  save_screenshot (window, "terminal-preview-pict.png");

  /* A position in the failure section switches the state. */
  ck_assert (tsr_terminal_preview_show_position (preview, 4, 0));
  ck_assert_int_eq (tsr_terminal_preview_get_state (preview), TSR_TERMINAL_STATE_FAILED);
  ck_assert_uint_eq (tsr_terminal_preview_get_page (preview), 0);
  tsr_terminal_preview_set_state (preview, TSR_TERMINAL_STATE_FINISHED);   /* falls back to unfinished */
  ck_assert_uint_eq (tsr_terminal_preview_get_n_pages (preview), 1);
  tsr_terminal_preview_set_terminals (preview, NULL);
  ck_assert_uint_eq (tsr_terminal_preview_get_n_pages (preview), 0);
  ck_assert (!tsr_terminal_preview_handle_key (preview, GDK_KEY_a, 0));
  ck_assert (tsr_terminal_preview_handle_key (preview, GDK_KEY_Page_Down, 0));
  settle ();
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}
END_TEST

int
main (void)
{
  Suite *suite = suite_create ("terminal-preview");
  TCase *ui = tcase_create ("ui");

  data_dir = tsr_test_data_require ("marathon");
  setenv ("CK_FORK", "no", 1);
  if (!gtk_init_check ())
    {
      printf ("SKIP: no display\n");
      return 77;
    }
  tcase_add_test (ui, test_preview_pages_and_keys);
  tcase_add_test (ui, test_preview_pictures_and_states);
  suite_add_tcase (suite, ui);
  return tsr_test_run_suite (suite);
}
