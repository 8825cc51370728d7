/* tsr-doom2d-trigger-layer.c: trigger lines in cairo (to each trigger's target; to the dashed
 * area a press trigger presses). Any edit may move a trigger or its target,
 * so every change of the map redraws the layer (a few hundred lines at most). */
#include "views/doom2d/tsr-doom2d-trigger-layer.h"

struct _TsrDoom2dTriggerLayer {
  GObject            parent_instance;
  TsrDoom2dDocument *document;
  TsrSelection      *selection;
};

static void tsr_doom2d_trigger_layer_iface_init (TsrCanvasLayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrDoom2dTriggerLayer, tsr_doom2d_trigger_layer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_CANVAS_LAYER, tsr_doom2d_trigger_layer_iface_init))

static TsrLayerKind
trigger_layer_get_kind (TsrCanvasLayer *layer)
{
  return TSR_LAYER_KIND_VECTOR;
}

static void
trigger_layer_get_bounds (TsrCanvasLayer  *layer,
                          TsrVectorBounds *bounds)
{
  /* Lines join elements the vector layer already covers. */
  tsr_vector_bounds_init_empty (bounds);
}

static void
box_centre (const TsrVectorBounds *box,
            double                *x,
            double                *y)
{
  *x = (box->x0 + box->x1) / 2;
  *y = (box->y0 + box->y1) / 2;
}

static void
set_line_colour (cairo_t  *cr,
                 gboolean  selected)
{
  if (selected)
    cairo_set_source_rgba (cr, 1, 0.62, 0.1, 1);
  else
    cairo_set_source_rgba (cr, 1, 0.35, 1, 0.75);
}

/* The area trigger T presses (if it has one and it is not empty), dashed, joined to the trigger's
 * centre (FX, FY). */
static void
draw_area (TsrDoom2dTriggerLayer *self,
           cairo_t               *cr,
           const TsrMapViewport  *viewport,
           guint                  t,
           double                 fx,
           double                 fy,
           gboolean               selected)
{
  static const double dashes[] = { 4, 3 };
  TsrVectorBounds area;
  double vx0, vy0, vx1, vy1, cx, cy, ax, ay;

  if (!tsr_doom2d_document_get_trigger_area (self->document, t, &area) || area.x1 <= area.x0 || area.y1 <= area.y0)
    return;
  tsr_map_viewport_to_view (viewport, area.x0, area.y0, &vx0, &vy0);
  tsr_map_viewport_to_view (viewport, area.x1, area.y1, &vx1, &vy1);
  tsr_map_viewport_to_view (viewport, fx, fy, &cx, &cy);
  box_centre (&area, &ax, &ay);
  tsr_map_viewport_to_view (viewport, ax, ay, &ax, &ay);
  set_line_colour (cr, selected);
  cairo_save (cr);
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  cairo_rectangle (cr, vx0 + 0.5, vy0 + 0.5, vx1 - vx0 - 1, vy1 - vy0 - 1);
  cairo_move_to (cr, cx, cy);
  cairo_line_to (cr, ax, ay);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static gboolean
trigger_layer_draw (TsrCanvasLayer       *layer,
                    cairo_t              *cr,
                    const TsrMapViewport *viewport)
{
  TsrDoom2dTriggerLayer *self = TSR_DOOM2D_TRIGGER_LAYER (layer);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (self->document);

  if (map == NULL || !tsr_doom2d_document_get_category_visible (self->document, TSR_DOOM2D_CATEGORY_TRIGGERS))
    return TRUE;
  cairo_save (cr);
  cairo_set_line_width (cr, 1.5);
  for (guint t = 0; t < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER); t++)
    {
      const TsrDoom2dRecord *trigger = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, t);
      TsrElementRef ref = tsr_doom2d_document_record_to_element (self->document, TSR_DOOM2D_KIND_TRIGGER, t);
      gboolean selected = self->selection != NULL && tsr_selection_contains (self->selection, &ref);
      TsrDoom2dTarget target;
      TsrVectorBounds box;
      double fx, fy, tx, ty, vx0, vy0, vx1, vy1;
      const TsrFieldValue *value;

      tsr_doom2d_document_get_record_box (self->document, TSR_DOOM2D_KIND_TRIGGER, t, &box);
      box_centre (&box, &fx, &fy);
      draw_area (self, cr, viewport, t, fx, fy, selected);
      if (!tsr_doom2d_document_get_trigger_target (self->document, t, &target))
        continue;
      value = target.data ? &trigger->data_values[target.field] : &trigger->values[target.field];
      if (target.kind == TSR_DOOM2D_TARGET_POINT)
        tx = (double) value->v[0] + 8, ty = (double) value->v[1] + 8;
      else
        {
          TsrDoom2dKind kind = target.kind == TSR_DOOM2D_TARGET_MONSTER ? TSR_DOOM2D_KIND_MONSTER : TSR_DOOM2D_KIND_PANEL;

          if (value->v[0] < 0 || value->v[0] >= tsr_doom2d_map_count (map, kind))
            continue;
          tsr_doom2d_document_get_record_box (self->document, kind, (guint) value->v[0], &box);
          box_centre (&box, &tx, &ty);
        }
      tsr_map_viewport_to_view (viewport, fx, fy, &vx0, &vy0);
      tsr_map_viewport_to_view (viewport, tx, ty, &vx1, &vy1);
      cairo_move_to (cr, vx0, vy0);
      cairo_line_to (cr, vx1, vy1);
      set_line_colour (cr, selected);
      cairo_stroke (cr);
      cairo_arc (cr, vx1, vy1, selected ? 4 : 2.5, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  cairo_restore (cr);
  return TRUE;
}

static void
tsr_doom2d_trigger_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_kind = trigger_layer_get_kind;
  iface->get_bounds = trigger_layer_get_bounds;
  iface->draw = trigger_layer_draw;
}

static void
on_changed (TsrDoom2dTriggerLayer *self)
{
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}

static void
tsr_doom2d_trigger_layer_dispose (GObject *object)
{
  TsrDoom2dTriggerLayer *self = TSR_DOOM2D_TRIGGER_LAYER (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->document);
  g_clear_object (&self->selection);
  G_OBJECT_CLASS (tsr_doom2d_trigger_layer_parent_class)->dispose (object);
}

static void
tsr_doom2d_trigger_layer_class_init (TsrDoom2dTriggerLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_doom2d_trigger_layer_dispose;
}

static void
tsr_doom2d_trigger_layer_init (TsrDoom2dTriggerLayer *self)
{
}

TsrDoom2dTriggerLayer *
tsr_doom2d_trigger_layer_new (TsrDoom2dDocument *document,
                              TsrSelection      *selection)
{
  TsrDoom2dTriggerLayer *self;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (document), NULL);

  self = g_object_new (TSR_TYPE_DOOM2D_TRIGGER_LAYER, NULL);
  self->document = g_object_ref (document);
  g_signal_connect_swapped (document, "elements-changed", G_CALLBACK (on_changed), self);
  if (selection != NULL)
    {
      self->selection = g_object_ref (selection);
      g_signal_connect_swapped (selection, "changed", G_CALLBACK (on_changed), self);
    }
  return self;
}
