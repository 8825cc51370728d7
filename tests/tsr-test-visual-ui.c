/* tsr-test-visual-ui.c: what the visual mode's real-input tests share (tsr-test-visual-ui.h). */
#include "config.h"

#include "tsr-test-visual-ui.h"

#include <math.h>

#include "tsr-test-ui.h"

void
tsr_test_visual_key (TsrTestXTest *xtest, guint keyval, GdkModifierType modifiers)
{
  g_assert_true (tsr_test_xtest_key (xtest, keyval, modifiers));
  tsr_test_ui_iterate_for (120);
}

void
tsr_test_visual_wait_frames (TsrVisualView *view, guint after)
{
  for (guint wait = 0; wait < 100 && tsr_visual_view_get_n_frames (view) <= after; wait++)
    tsr_test_ui_iterate_for (50);
  g_assert_cmpuint (tsr_visual_view_get_n_frames (view), >, after);
}

void
tsr_test_visual_click_at (TsrTestXTest *xtest, GtkWidget *widget, double x, double y)
{
  g_assert_true (tsr_test_xtest_move_to (xtest, widget, x, y, 40, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (150);
}

gboolean
tsr_test_visual_find_pixel (TsrVisualView           *view,
                            const TsrMarathonLevel  *level,
                            TsrTestVisualSurfaceFunc func,
                            double                  *x,
                            double                  *y)
{
  g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_marathon (level);
  guint width = (guint) gtk_widget_get_width (GTK_WIDGET (view)), height = (guint) gtk_widget_get_height (GTK_WIDGET (view));

  for (guint row = 0; row < 40; row++)
    for (guint column = 0; column < 40; column++)
      {
        double sx = width * (0.5 + (column % 2 ? 1.0 : -1.0) * (column / 2) / 44.0);
        double sy = height * (0.5 + (row % 2 ? 1.0 : -1.0) * (row / 2) / 44.0);
        float origin[3], direction[3];
        const TsrVisualSurface *hit;

        tsr_visual_camera_ray (tsr_visual_view_get_camera (view), width, height, sx, sy, origin, direction);
        hit = tsr_visual_scene_pick (scene, origin, direction, NULL);
        if (hit != NULL && func (hit, level))
          {
            *x = sx;
            *y = sy;
            return TRUE;
          }
      }
  return FALSE;
}

guint
tsr_test_visual_marker_pixels (GtkWidget  *widget,
                               const char *directory,
                               const char *name,
                               double      x,
                               double      y,
                               double      radius)
{
  g_autofree char *path = g_build_filename (directory, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *data = NULL;
  int width, height;
  guint n = 0;

  tsr_test_ui_save_screenshot (widget, directory, name);
  texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  data = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (texture, data, (gsize) width * 4);
  for (int py = MAX (0, (int) floor (y - radius)); py <= MIN (height - 1, (int) ceil (y + radius)); py++)
    for (int px = MAX (0, (int) floor (x - radius)); px <= MIN (width - 1, (int) ceil (x + radius)); px++)
      {
        /* GDK_MEMORY_DEFAULT: B, G, R, A; the dot is (1, 0.55, 0.1) at 0.9 over the map. */
        const guchar *p = data + 4 * ((gsize) py * width + px);

        if (hypot (px + 0.5 - x, py + 0.5 - y) <= radius && p[2] > 200 && p[1] > 100 && p[1] < 185 && p[0] < 90)
          n++;
      }
  return n;
}
