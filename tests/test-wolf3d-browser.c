/* test-wolf3d-browser.c: the Wolf3D pictures browser in a real window, driven by real X input
 * (XTest under Xvfb). A copy of the shareware set opened from VSWAP.WL1 shows the browser (its
 * maps still open on the map editor); every wall, sprite, pic and font has its thumbnail; a real
 * click on the Sprites tab and a real double click on a thumbnail open that sprite at 1:1 with the
 * object it stands for; the zoom typed with real keys enlarges the preview; the export of the open
 * picture is byte for byte what extract writes for it, and Export All writes every picture.
 * Screenshots of a sprite, the title picture and a font. Exits 77 without a display or without
 * XTest; under CI=true a missing XTest fails. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "formats/wolf3d/tsr-wolf3d-assets.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "views/assets/tsr-wolf3d-browser.h"
#include "views/tsr-map-editor.h"
#include "tsr-test-common.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static const char *const set_files[] = {
  "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1",
  "VGAHEAD.WL1", "VSWAP.WL1", NULL,
};

static TsrWindow *
open_in_window (const char *path)
{
  return tsr_test_ui_open_in_window (application, path, 1280, 900, 300);
}

static gboolean
match_stack_switcher (GtkWidget *widget, gconstpointer user_data)
{
  return GTK_IS_STACK_SWITCHER (widget);
}

static GtkWidget *
nth_child (GtkWidget *widget, guint n)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  for (guint i = 0; child != NULL && i < n; i++)
    child = gtk_widget_get_next_sibling (child);
  g_assert_nonnull (child);
  return child;
}

static guint
count_children (GtkWidget *widget)
{
  guint count = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    count++;
  return count;
}

static GBytes *
read_bytes (const char *path)
{
  gchar *contents = NULL;
  gsize size = 0;

  g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
  return g_bytes_new_take (contents, size);
}

static void
test_browse_and_export (void)
{
  g_autofree char *data = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *folder = tsr_test_ui_copy_files (data, set_files, work_dir, "set");
  g_autofree char *vswap = g_build_filename (folder, "VSWAP.WL1", NULL);
  g_autofree char *maphead = g_build_filename (folder, "MAPHEAD.WL1", NULL);
  g_autofree char *export_path = g_build_filename (work_dir, "chosen.png", NULL);
  g_autofree char *all_path = g_build_filename (work_dir, "all", NULL);
  g_autofree char *extract_path = g_build_filename (work_dir, "extract", NULL);
  g_autoptr(GFile) export_file = g_file_new_for_path (export_path);
  g_autoptr(GFile) all_file = g_file_new_for_path (all_path);
  g_autoptr(GPtrArray) extracted = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *meaning = NULL;
  g_autofree char *expected_name = NULL;
  g_autofree char *expected_path = NULL;
  g_autoptr(GBytes) exported = NULL, expected = NULL;
  g_autoptr(GDir) dir = NULL;
  TsrWindow *window;
  TsrWolf3dBrowser *browser;
  const TsrWolf3dSet *set;
  GtkWidget *switcher, *flow, *thumbnail, *zoom_spin;
  TsrWolf3dAsset open;
  guint files = 0;

  window = open_in_window (vswap);
  browser = TSR_WOLF3D_BROWSER (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_WOLF3D_BROWSER));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (browser)));
  set = tsr_wolf_document_get_set (TSR_WOLF_DOCUMENT (tsr_window_get_document (window)));

  /* Every picture of the shareware set has its thumbnail; the first wall is open at 1:1. */
  g_assert_cmpuint (tsr_wolf3d_browser_get_n_items (browser, TSR_WOLF3D_ASSET_WALL), ==, 64);
  g_assert_cmpuint (tsr_wolf3d_browser_get_n_items (browser, TSR_WOLF3D_ASSET_SPRITE), ==, 226);
  g_assert_cmpuint (tsr_wolf3d_browser_get_n_items (browser, TSR_WOLF3D_ASSET_PIC), ==, 144);
  g_assert_cmpuint (tsr_wolf3d_browser_get_n_items (browser, TSR_WOLF3D_ASSET_FONT), ==, 2);
  for (guint k = 0; k < TSR_WOLF3D_N_ASSET_KINDS; k++)
    g_assert_cmpuint (count_children (tsr_wolf3d_browser_get_flow (browser, k)), ==,
                      tsr_wolf3d_browser_get_n_items (browser, k));
  g_assert_true (tsr_wolf3d_browser_get_open (browser, &open));
  g_assert_cmpint (open.kind, ==, TSR_WOLF3D_ASSET_WALL);
  g_assert_cmpuint (open.index, ==, 0);
  g_assert_cmpuint (tsr_wolf3d_browser_get_zoom (browser), ==, 1);
  g_assert_nonnull (strstr (tsr_wolf3d_browser_get_info (browser), "64×64 at 1:1"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "wolf3d-browser-walls.png");

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* A real click on the Sprites tab, a real double click on the third sprite (the first static
   * object: sprites 0 and 1 are the demo and death-cam signs). */
  switcher = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_stack_switcher, NULL);
  g_assert_nonnull (switcher);
  g_assert_true (tsr_test_xtest_click (xtest, nth_child (switcher, 1)));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpint (tsr_wolf3d_browser_get_kind (browser), ==, TSR_WOLF3D_ASSET_SPRITE);
  flow = tsr_wolf3d_browser_get_flow (browser, TSR_WOLF3D_ASSET_SPRITE);
  thumbnail = GTK_WIDGET (gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (flow), 2));
  g_assert_true (tsr_test_ui_wait_for_size (thumbnail));
  tsr_wolf3d_browser_set_zoom (browser, 3);
  /* A loaded machine can take longer than the default 400 ms between the two clicks' dispatch. */
  g_object_set (gtk_settings_get_default (), "gtk-double-click-time", 3000, NULL);
  g_assert_true (tsr_test_xtest_click (xtest, thumbnail));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (200);
  g_assert_true (tsr_wolf3d_browser_get_open (browser, &open));
  g_assert_cmpint (open.kind, ==, TSR_WOLF3D_ASSET_SPRITE);
  g_assert_cmpuint (open.index, ==, 2);
  /* The double click opened it at 1:1, named after the object it stands for. */
  g_assert_cmpuint (tsr_wolf3d_browser_get_zoom (browser), ==, 1);
  meaning = tsr_wolf3d_sprite_describe (set->game, 2);
  g_assert_nonnull (meaning);
  g_assert_nonnull (strstr (tsr_wolf3d_browser_get_info (browser), meaning));

  /* The zoom typed with real keys: the preview grows by whole pixels. */
  zoom_spin = tsr_test_ui_find_widget (GTK_WIDGET (browser), tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_SPIN_BUTTON));
  g_assert_nonnull (zoom_spin);
  /* (the spin button's centre may be its minus button: click its text) */
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (zoom_spin, tsr_test_ui_match_type,
                                                                       GSIZE_TO_POINTER (GTK_TYPE_TEXT))));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_6, 0));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (tsr_wolf3d_browser_get_zoom (browser), ==, 6);
  g_assert_cmpint (gtk_drawing_area_get_content_width (GTK_DRAWING_AREA (tsr_wolf3d_browser_get_preview (browser))), ==,
                   64 * 6 + 16);
  g_assert_nonnull (strstr (tsr_wolf3d_browser_get_info (browser), "at 6:1"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "wolf3d-browser-sprite.png");

  /* The export of the open picture is what extract writes for it. */
  g_assert_true (tsr_wolf3d_set_extract (set, extract_path, extracted, &error));
  g_assert_no_error (error);
  g_assert_true (tsr_wolf3d_browser_export_selection (browser, export_file, &error));
  g_assert_no_error (error);
  expected_name = tsr_wolf3d_asset_file_name (open);
  expected_path = g_build_filename (extract_path, expected_name, NULL);
  exported = read_bytes (export_path);
  expected = read_bytes (expected_path);
  g_assert_true (g_bytes_equal (exported, expected));

  /* Export All writes every picture. */
  g_assert_true (tsr_wolf3d_browser_export_all (browser, all_file, &error));
  g_assert_no_error (error);
  dir = g_dir_open (all_path, 0, NULL);
  while (dir != NULL && g_dir_read_name (dir) != NULL)
    files++;
  g_assert_cmpuint (files, ==, extracted->len);
  g_assert_cmpuint (files, ==, 64 + 226 + 144 + 2);

  /* The title screen (pic 96), by a real click on the Pictures tab; then the big font. */
  g_assert_true (tsr_test_xtest_click (xtest, nth_child (switcher, 2)));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpint (tsr_wolf3d_browser_get_kind (browser), ==, TSR_WOLF3D_ASSET_PIC);
  tsr_wolf3d_browser_set_zoom (browser, 2);
  g_assert_true (tsr_wolf3d_browser_select (browser, TSR_WOLF3D_ASSET_PIC, 96));
  tsr_test_ui_iterate_for (200);
  g_assert_nonnull (strstr (tsr_wolf3d_browser_get_info (browser), "320×200"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "wolf3d-browser-pic.png");
  g_assert_true (tsr_test_xtest_click (xtest, nth_child (switcher, 3)));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpint (tsr_wolf3d_browser_get_kind (browser), ==, TSR_WOLF3D_ASSET_FONT);
  g_assert_true (tsr_wolf3d_browser_select (browser, TSR_WOLF3D_ASSET_FONT, 1));
  tsr_test_ui_iterate_for (200);
  g_assert_true (tsr_wolf3d_browser_get_open (browser, &open));
  g_assert_cmpint (open.kind, ==, TSR_WOLF3D_ASSET_FONT);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "wolf3d-browser-font.png");

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);

  /* The same set opened from its maps is edited on the map editor. */
  window = open_in_window (maphead);
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                             GSIZE_TO_POINTER (TSR_TYPE_MAP_EDITOR)));
  browser = TSR_WOLF3D_BROWSER (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                         GSIZE_TO_POINTER (TSR_TYPE_WOLF3D_BROWSER)));
  g_assert_true (browser == NULL || !gtk_widget_get_mapped (GTK_WIDGET (browser)));
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "wolf3d-browser", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();

  g_test_add_func ("/wolf3d-browser/browse-and-export", test_browse_and_export);
  status = g_test_run ();

  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
