/* tsr-test-doom2d-ui.c: what the Doom2D editor's real-input tests share (tsr-test-doom2d-ui.h). */
#include "config.h"

#include "tsr-test-doom2d-ui.h"

#include "edit/tsr-vector-map.h"
#include "tsr-test-ui.h"

gboolean
tsr_test_doom2d_point_hitting (TsrDoom2dDocument *document,
                               TsrMapCanvas      *canvas,
                               TsrDoom2dKind      kind,
                               guint              index,
                               double            *view_x,
                               double            *view_y)
{
  TsrVectorBounds box;
  TsrElementRef want = tsr_doom2d_document_record_to_element (document, kind, index);
  TsrMapViewport viewport;
  double zoom = tsr_map_canvas_get_zoom (canvas);

  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_doom2d_document_get_record_box (document, kind, index, &box);
  for (guint j = 1; j < 8; j++)
    for (guint i = 1; i < 8; i++)
      {
        double x = box.x0 + (box.x1 - box.x0) * i / 8, y = box.y0 + (box.y1 - box.y0) * j / 8;
        TsrElementRef hit;

        if (tsr_vector_map_hit_test (TSR_VECTOR_MAP (document), x, y, 6, zoom, TSR_ELEMENT_MASK_ALL, &hit)
            && tsr_element_ref_equal (&hit, &want))
          {
            tsr_map_viewport_to_view (&viewport, x, y, view_x, view_y);
            return *view_x > 0 && *view_y > 0 && *view_x < gtk_widget_get_width (GTK_WIDGET (canvas))
                   && *view_y < gtk_widget_get_height (GTK_WIDGET (canvas));
          }
      }
  return FALSE;
}

void
tsr_test_doom2d_real_click (TsrTestXTest *xtest,
                            TsrMapCanvas *canvas,
                            double        x,
                            double        y)
{
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), x, y, 20, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (30);
}
