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

guint
tsr_test_doom2d_center_panel (TsrDoom2dDocument *document,
                              TsrMapCanvas      *canvas,
                              gint64             type,
                              double            *view_x,
                              double            *view_y)
{
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);

  for (guint p = 0; p < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL); p++)
    {
      const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, p);
      const gint64 *at = record->values[TSR_DOOM2D_PANEL_POSITION].v, *size = record->values[TSR_DOOM2D_PANEL_SIZE].v;

      if ((type != 0 && record->values[TSR_DOOM2D_PANEL_TYPE].v[0] != type) || size[0] < 16 || size[1] < 16)
        continue;
      tsr_map_canvas_center_on (canvas, (double) at[0] + (double) size[0] / 2, (double) at[1] + (double) size[1] / 2);
      tsr_test_ui_iterate_for (50);
      if (tsr_test_doom2d_point_hitting (document, canvas, TSR_DOOM2D_KIND_PANEL, p, view_x, view_y))
        return p;
    }
  return G_MAXUINT;
}

TsrDoom2dMap *
tsr_test_doom2d_load_map (const char *path)
{
  g_autofree char *contents = NULL;
  gsize size = 0;
  g_autoptr(GError) error = NULL;
  TsrDoom2dMap *map;

  g_assert_true (g_file_get_contents (path, &contents, &size, &error));
  map = tsr_doom2d_map_read_binary ((const guint8 *) contents, size, &error);
  g_assert_no_error (error);
  g_assert_nonnull (map);
  return map;
}

gboolean
tsr_test_doom2d_records_equal (const TsrDoom2dRecord *a,
                               const TsrDoom2dRecord *b)
{
  const TsrFieldTable *table = &tsr_doom2d_record_get_type (a)->table;

  if (a->kind != b->kind || a->layout != b->layout)
    return FALSE;
  for (guint f = 0; f < table->n_fields; f++)
    if (table->fields[f].type != TSR_FIELD_BYTES && !tsr_field_value_equal (&table->fields[f], &a->values[f], &b->values[f]))
      return FALSE;
  for (guint f = 0; a->layout != NULL && f < a->layout->table.n_fields; f++)
    if (!tsr_field_value_equal (&a->layout->table.fields[f], &a->data_values[f], &b->data_values[f]))
      return FALSE;
  return TRUE;
}
