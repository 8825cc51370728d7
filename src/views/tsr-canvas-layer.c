/* tsr-canvas-layer.c: the TsrCanvasLayer interface and its signals. */
#include "views/tsr-canvas-layer.h"

G_DEFINE_INTERFACE (TsrCanvasLayer, tsr_canvas_layer, G_TYPE_OBJECT)

enum {
  INVALIDATE_AREA,
  BOUNDS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
tsr_canvas_layer_default_init (TsrCanvasLayerInterface *iface)
{
  signals[INVALIDATE_AREA] = g_signal_new ("invalidate-area", G_TYPE_FROM_INTERFACE (iface),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                           1, G_TYPE_POINTER);
  signals[BOUNDS_CHANGED] = g_signal_new ("bounds-changed", G_TYPE_FROM_INTERFACE (iface),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

TsrLayerKind
tsr_canvas_layer_get_kind (TsrCanvasLayer *self)
{
  g_return_val_if_fail (TSR_IS_CANVAS_LAYER (self), TSR_LAYER_KIND_VECTOR);
  return TSR_CANVAS_LAYER_GET_IFACE (self)->get_kind (self);
}

void
tsr_canvas_layer_get_bounds (TsrCanvasLayer  *self,
                             TsrVectorBounds *bounds)
{
  tsr_vector_bounds_init_empty (bounds);
  g_return_if_fail (TSR_IS_CANVAS_LAYER (self));
  TSR_CANVAS_LAYER_GET_IFACE (self)->get_bounds (self, bounds);
}

gboolean
tsr_canvas_layer_draw (TsrCanvasLayer       *self,
                       cairo_t              *cr,
                       const TsrMapViewport *viewport)
{
  g_return_val_if_fail (TSR_IS_CANVAS_LAYER (self), TRUE);
  return TSR_CANVAS_LAYER_GET_IFACE (self)->draw (self, cr, viewport);
}

void
tsr_canvas_layer_set_grid_color (TsrCanvasLayer *self,
                                 const GdkRGBA  *color)
{
  TsrCanvasLayerInterface *iface;

  g_return_if_fail (TSR_IS_CANVAS_LAYER (self));
  g_return_if_fail (color != NULL);
  iface = TSR_CANVAS_LAYER_GET_IFACE (self);
  if (iface->set_grid_color != NULL)
    iface->set_grid_color (self, color);
}

void
tsr_canvas_layer_get_opaque_area (TsrCanvasLayer        *self,
                                  const TsrMapViewport  *viewport,
                                  cairo_rectangle_int_t *area)
{
  TsrCanvasLayerInterface *iface;

  g_return_if_fail (area != NULL);
  *area = (cairo_rectangle_int_t) { 0, 0, 0, 0 };
  g_return_if_fail (TSR_IS_CANVAS_LAYER (self));
  iface = TSR_CANVAS_LAYER_GET_IFACE (self);
  if (iface->get_opaque_area != NULL)
    iface->get_opaque_area (self, viewport, area);
}

void
tsr_canvas_layers_get_opaque_area (GPtrArray             *layers,
                                   const TsrMapViewport  *viewport,
                                   cairo_rectangle_int_t *area)
{
  *area = (cairo_rectangle_int_t) { 0, 0, 0, 0 };
  for (guint i = 0; i < layers->len; i++)
    {
      cairo_rectangle_int_t one;

      tsr_canvas_layer_get_opaque_area (layers->pdata[i], viewport, &one);
      if ((gint64) one.width * one.height > (gint64) area->width * area->height)
        *area = one;
    }
}

void
tsr_canvas_layer_invalidate_area (TsrCanvasLayer        *self,
                                  const TsrVectorBounds *area)
{
  g_return_if_fail (TSR_IS_CANVAS_LAYER (self));
  g_signal_emit (self, signals[INVALIDATE_AREA], 0, area);
}

void
tsr_canvas_layer_bounds_changed (TsrCanvasLayer *self)
{
  g_return_if_fail (TSR_IS_CANVAS_LAYER (self));
  g_signal_emit (self, signals[BOUNDS_CHANGED], 0);
}
