/* test-backdrop.c: the main window paints its background and its tabs' page background around
 * the map canvases (tsr-backdrop.c), and what the screen shows is the same, pixel for pixel, as
 * when GTK's theme paints them beneath: for a map of each family, a page without a canvas, the
 * dark and the high-contrast variants, and a Doom2D map's overview, which paints all its pixels
 * too. Captured from the X server (what a user sees), with the backdrop on and switched off; under
 * a theme it does not know the backdrop stays off. Screenshots: backdrop-*.png. */
#include "config.h"

#include <gdk/x11/gdkx.h>
#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "views/doom2d/tsr-doom2d-map-page.h"
#include "views/tsr-backdrop.h"
#include "views/tsr-map-canvas.h"
#include "tsr-test-common.h"
#include "tsr-test-ui.h"
#include "tsr-test-x-capture.h"

#define WIDTH 1100
#define HEIGHT 760

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

/* WINDOW's pixels as the X server shows them. */
static cairo_surface_t *
capture (GtkWindow *window)
{
  Display *display = gdk_x11_display_get_xdisplay (gtk_widget_get_display (GTK_WIDGET (window)));

  return tsr_test_x_capture (display, gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))));
}

/* Where A and B differ, a channel by more than TOLERANCE, outside SKIP (window coordinates; NULL:
 * nowhere skipped): the count of differing pixels, the first one in *X, *Y. */
static guint
count_differences (cairo_surface_t             *a,
                   cairo_surface_t             *b,
                   int                          tolerance,
                   const cairo_rectangle_int_t *skip,
                   int                         *x_out,
                   int                         *y_out)
{
  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);
  guint n = 0;

  g_assert_cmpint (width, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (height, ==, cairo_image_surface_get_height (b));
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 p, q;
        int worst = 0;

        if (skip != NULL && x >= skip->x && x < skip->x + skip->width && y >= skip->y && y < skip->y + skip->height)
          continue;
        p = ((const guint32 *) (pa + (gsize) y * stride))[x];
        q = ((const guint32 *) (pb + (gsize) y * stride))[x];
        for (int shift = 0; shift < 32 && p != q; shift += 8)
          worst = MAX (worst, ABS ((int) ((p >> shift) & 0xff) - (int) ((q >> shift) & 0xff)));
        if (worst > tolerance)
          {
            if (n++ == 0)
              {
                *x_out = x;
                *y_out = y;
              }
          }
      }
  return n;
}

/* Lets WINDOW draw what changed, then captures it once two captures agree. */
static cairo_surface_t *
settled_capture (GtkWindow *window)
{
  cairo_surface_t *last = NULL;

  for (int i = 0; i < 20; i++)
    {
      cairo_surface_t *now;
      int x, y;

      g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
      tsr_test_ui_iterate_for (150);
      now = capture (window);
      if (last != NULL && count_differences (last, now, 0, NULL, &x, &y) == 0)
        {
          cairo_surface_destroy (last);
          return now;
        }
      g_clear_pointer (&last, cairo_surface_destroy);
      last = now;
    }
  return last;
}

/* The first mapped map canvas below WIDGET. */
static GtkWidget *
mapped_canvas (GtkWidget *widget)
{
  if (TSR_IS_MAP_CANVAS (widget) && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = mapped_canvas (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The window's capture with its backdrop on against one with it switched off: the same pixels
 * (outside the canvas where SKIP_CANVAS: its textures animate). Saves the first as NAME. */
static void
assert_same_as_theme (TsrWindow  *window,
                      const char *name,
                      gboolean    skip_canvas)
{
  GtkWindow *gtk_window = GTK_WINDOW (window);
  g_autofree char *path = g_build_filename (screenshot_dir, name, NULL);
  GtkWidget *canvas = mapped_canvas (GTK_WIDGET (window));
  cairo_rectangle_int_t skip = { 0, 0, 0, 0 };
  cairo_surface_t *on, *off, *on_again;
  int x = 0, y = 0;
  guint n;

  g_assert_true (tsr_backdrop_get_active (gtk_window));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "tsr-backdrop"));
  if (skip_canvas)
    {
      graphene_rect_t bounds;
      GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
      double sx, sy;

      g_assert_nonnull (canvas);
      g_assert_true (gtk_widget_compute_bounds (canvas, GTK_WIDGET (window), &bounds));
      /* Window coordinates to the X window's: client-side decorations' margins. */
      gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
      g_assert_nonnull (surface);
      skip = (cairo_rectangle_int_t) { (int) (bounds.origin.x + sx), (int) (bounds.origin.y + sy),
                                       (int) bounds.size.width, (int) bounds.size.height };
    }
  on = settled_capture (gtk_window);
  g_assert_cmpint (cairo_surface_write_to_png (on, path), ==, CAIRO_STATUS_SUCCESS);
  g_print ("SCREENSHOT: %s\n", path);
  /* With nothing beneath it, the canvas's node is replayed straight into the window through the
   * frame's clip: its drawing must survive that through any boxes (no clipped command). */
  if (canvas != NULL)
    g_assert_cmpuint (tsr_test_ui_replay_through_boxes (canvas), >, 0);

  tsr_backdrop_set_allowed (gtk_window, FALSE);
  g_assert_false (tsr_backdrop_get_active (gtk_window));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "tsr-backdrop"));
  off = settled_capture (gtk_window);
  /* Within 2 levels a channel: GTK replays a canvas's cairo node straight into the window when the
   * backdrop leaves nothing beneath it in the frame's damage, else through a temporary image (always
   * so without the backdrop, and with it when the damage reaches beyond the canvases), and the two
   * round a few antialiased pixels apart (45 against 46 in the gaps of the Wolf3D tile palette). A
   * wrong background is further off. */
  n = count_differences (on, off, 2, skip_canvas ? &skip : NULL, &x, &y);
  if (n != 0)
    {
      g_autofree char *off_path = g_build_filename (screenshot_dir, "backdrop-theme-painted.png", NULL);

      cairo_surface_write_to_png (off, off_path);
      g_error ("%s: %u pixels differ from the theme's own painting (see %s), the first at %d,%d", name, n, off_path, x, y);
    }

  tsr_backdrop_set_allowed (gtk_window, TRUE);
  g_assert_true (tsr_backdrop_get_active (gtk_window));
  on_again = settled_capture (gtk_window);
  g_assert_cmpuint (count_differences (on, on_again, 2, skip_canvas ? &skip : NULL, &x, &y), ==, 0);
  cairo_surface_destroy (on);
  cairo_surface_destroy (off);
  cairo_surface_destroy (on_again);
}

static TsrWindow *
open_real (const char *family,
           const char *name)
{
  g_autofree char *path = tsr_test_ui_copy_data_file (family, name, work_dir, family);

  if (path == NULL)
    {
      g_test_skip ("no test data");
      return NULL;
    }
  return tsr_test_ui_open_in_window (application, path, WIDTH, HEIGHT, 300);
}

/* The notebook a map canvas shows in, nearest first. */
static GtkNotebook *
canvas_notebook (GtkWidget *canvas)
{
  for (GtkWidget *up = gtk_widget_get_parent (canvas); up != NULL; up = gtk_widget_get_parent (up))
    if (GTK_IS_NOTEBOOK (up))
      return GTK_NOTEBOOK (up);
  return NULL;
}

/* A Marathon map; then its Terminals tab, where no canvas shows but the notebook's page
 * background is still the window's to paint. */
static void
test_marathon (void)
{
  TsrWindow *window = open_real ("marathon", "eternal_GenieInABottle_v4.sceA");
  GtkWidget *canvas;
  GtkNotebook *notebook;

  if (window == NULL)
    return;
  canvas = mapped_canvas (GTK_WIDGET (window));
  g_assert_nonnull (canvas);
  notebook = canvas_notebook (canvas);
  g_assert_nonnull (notebook);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (notebook), "tsr-backdrop"));
  assert_same_as_theme (window, "backdrop-marathon-map.png", FALSE);

  gtk_notebook_set_current_page (notebook, 1);
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
  g_assert_null (mapped_canvas (GTK_WIDGET (window)));
  assert_same_as_theme (window, "backdrop-marathon-terminals.png", FALSE);
  gtk_notebook_set_current_page (notebook, 0);
  tsr_test_ui_hide_window (window);
}

static void
test_doom2d (void)
{
  TsrWindow *window = open_real ("doom2d", "d2dfnix_Darklab.dfz");

  if (window == NULL)
    return;
  assert_same_as_theme (window, "backdrop-doom2d.png", TRUE);
  /* Zoomed in, the overview shows: it paints every pixel of its own, and the backdrop leaves it out
   * too (a hole in it would show here). */
  {
    TsrDoom2dMapPage *page = TSR_DOOM2D_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_DOOM2D_MAP_PAGE));

    tsr_map_canvas_set_zoom (tsr_doom2d_map_page_get_canvas (page), 1.0);
    g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 3));
    g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (tsr_doom2d_map_page_get_minimap (page))));
    assert_same_as_theme (window, "backdrop-doom2d-overview.png", TRUE);
  }
  tsr_test_ui_hide_window (window);
}

static void
test_sphere (void)
{
  TsrWindow *window = open_real ("sphere", "village.rmp");

  if (window == NULL)
    return;
  assert_same_as_theme (window, "backdrop-sphere.png", FALSE);
  tsr_test_ui_hide_window (window);
}

static void
test_wolf3d (void)
{
  g_autofree char *dir = tsr_test_ui_data_dir ("wolf3d");
  g_autofree char *source = dir != NULL ? g_build_filename (dir, "wl1_v14_shareware", NULL) : NULL;
  static const char *const set[] = { "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1", "VGADICT.WL1",
                                     "VGAGRAPH.WL1", "VGAHEAD.WL1", "VSWAP.WL1", NULL };
  g_autofree char *copy = source != NULL ? tsr_test_ui_copy_files (source, set, work_dir, "wolf3d") : NULL;
  g_autofree char *path = copy != NULL ? g_build_filename (copy, "MAPHEAD.WL1", NULL) : NULL;
  TsrWindow *window;

  if (path == NULL)
    {
      g_test_skip ("no test data");
      return;
    }
  window = tsr_test_ui_open_in_window (application, path, WIDTH, HEIGHT, 300);
  assert_same_as_theme (window, "backdrop-wolf3d.png", FALSE);
  tsr_test_ui_hide_window (window);
}

/* The dark and the high-contrast variants have colours of their own; a theme the backdrop does
 * not know leaves the painting to GTK. */
static void
test_theme_variants (void)
{
  GtkSettings *settings = gtk_settings_get_default ();
  TsrWindow *window = open_real ("marathon", "eternal_GenieInABottle_v4.sceA");
  g_autofree char *theme = NULL;

  if (window == NULL)
    return;
  g_object_get (settings, "gtk-theme-name", &theme, NULL);
  g_object_set (settings, "gtk-application-prefer-dark-theme", TRUE, NULL);
  assert_same_as_theme (window, "backdrop-marathon-dark.png", FALSE);
  g_object_set (settings, "gtk-application-prefer-dark-theme", FALSE, NULL);

  g_object_set (settings, "gtk-theme-name", "Default-hc", NULL);
  assert_same_as_theme (window, "backdrop-marathon-high-contrast.png", FALSE);

  g_object_set (settings, "gtk-theme-name", "Tessera-Unknown-Theme", NULL);
  g_assert_false (tsr_backdrop_get_active (GTK_WINDOW (window)));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "tsr-backdrop"));
  g_object_set (settings, "gtk-theme-name", theme, NULL);
  g_assert_true (tsr_backdrop_get_active (GTK_WINDOW (window)));
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  if (!tsr_test_ui_begin (&argc, &argv, "backdrop", &work_dir, &screenshot_dir))
    return 77;
  /* A blinking caret would make two captures differ. */
  g_object_set (gtk_settings_get_default (), "gtk-cursor-blink", FALSE, NULL);
  application = tsr_test_ui_application_new ();

  g_test_add_func ("/backdrop/marathon", test_marathon);
  g_test_add_func ("/backdrop/doom2d", test_doom2d);
  g_test_add_func ("/backdrop/sphere", test_sphere);
  g_test_add_func ("/backdrop/wolf3d", test_wolf3d);
  g_test_add_func ("/backdrop/theme-variants", test_theme_variants);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
