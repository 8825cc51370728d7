/* tsr-test-visual-ui.c: what the visual mode's real-input tests share (tsr-test-visual-ui.h). */
#include "config.h"

#include "tsr-test-visual-ui.h"

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
