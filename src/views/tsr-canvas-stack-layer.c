/* tsr-canvas-stack-layer.c: a stack of canvas layers kept as one picture (see the header). The
 * picture is a TsrCanvasPicture of the last viewport; after each draw the layer finds the box of
 * its pixels that hold ink (a premultiplied pixel is zero exactly where nothing was drawn), so a
 * frame blits only that box: at fit most of the view beside the map is empty. */
#include "views/tsr-canvas-stack-layer.h"

#include <math.h>
#include <string.h>

#include "views/tsr-canvas-picture.h"

struct _TsrCanvasStackLayer {
  GObject                parent_instance;
  GPtrArray             *layers; /* TsrCanvasLayer, bottom first */
  TsrCanvasPicture      *picture;
  cairo_rectangle_int_t  ink;    /* view pixels */
};

static void tsr_canvas_stack_layer_iface_init (TsrCanvasLayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrCanvasStackLayer, tsr_canvas_stack_layer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_CANVAS_LAYER, tsr_canvas_stack_layer_iface_init))

static TsrLayerKind
stack_layer_get_kind (TsrCanvasLayer *layer)
{
  TsrCanvasStackLayer *self = TSR_CANVAS_STACK_LAYER (layer);

  return self->layers->len > 0 ? tsr_canvas_layer_get_kind (self->layers->pdata[0]) : TSR_LAYER_KIND_VECTOR;
}

static void
stack_layer_get_bounds (TsrCanvasLayer  *layer,
                        TsrVectorBounds *bounds)
{
  TsrCanvasStackLayer *self = TSR_CANVAS_STACK_LAYER (layer);

  tsr_vector_bounds_init_empty (bounds);
  for (guint i = 0; i < self->layers->len; i++)
    {
      TsrVectorBounds one;

      tsr_canvas_layer_get_bounds (self->layers->pdata[i], &one);
      if (!tsr_vector_bounds_is_empty (&one))
        tsr_vector_bounds_union (bounds, &one);
    }
}

static void
stack_layer_set_grid_color (TsrCanvasLayer *layer,
                            const GdkRGBA  *color)
{
  TsrCanvasStackLayer *self = TSR_CANVAS_STACK_LAYER (layer);

  for (guint i = 0; i < self->layers->len; i++)
    tsr_canvas_layer_set_grid_color (self->layers->pdata[i], color);
}

typedef struct {
  TsrCanvasStackLayer  *self;
  const TsrMapViewport *viewport;
  gboolean              all_drawn; /* no layer drew stand-ins */
} StackDraw;

static void
draw_layers (cairo_t *cr,
             gpointer user_data)
{
  StackDraw *draw = user_data;

  for (guint i = 0; i < draw->self->layers->len; i++)
    {
      cairo_save (cr);
      draw->all_drawn &= tsr_canvas_layer_draw (draw->self->layers->pdata[i], cr, draw->viewport);
      cairo_restore (cr);
    }
}

/* The box of SURFACE's pixels that are not zero (device pixels); FALSE when there are none. Rows
 * above and below are skipped whole; within, each row is compared with zeros (memcmp, wide) only
 * outside the box found so far, and searched pixel by pixel only where that finds ink. */
static gboolean
ink_box (cairo_surface_t       *surface,
         cairo_rectangle_int_t *box)
{
  int width = cairo_image_surface_get_width (surface), height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  g_autofree guint32 *zeros = g_new0 (guint32, width);
  const guint8 *data;
  int top = 0, bottom = height, left, right;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
#define ROW(y) ((const guint32 *) (data + (gsize) (y) * stride))
#define EMPTY(row, from, to) ((to) <= (from) || memcmp ((row) + (from), zeros, (gsize) ((to) - (from)) * 4) == 0)
  while (top < height && EMPTY (ROW (top), 0, width))
    top++;
  if (top == height)
    return FALSE;
  while (bottom > top + 1 && EMPTY (ROW (bottom - 1), 0, width))
    bottom--;
  left = width, right = 0;
  for (int y = top; y < bottom; y++)
    {
      const guint32 *row = ROW (y);

      if (!EMPTY (row, 0, left))
        {
          int x = 0;

          while (row[x] == 0)
            x++;
          left = x;
        }
      if (!EMPTY (row, MAX (right, left), width))
        {
          int x = width;

          while (row[x - 1] == 0)
            x--;
          right = x;
        }
    }
#undef EMPTY
#undef ROW
  *box = (cairo_rectangle_int_t) { left, top, right - left, bottom - top };
  return right > left;
}

static gboolean
stack_layer_draw (TsrCanvasLayer       *layer,
                  cairo_t              *cr,
                  const TsrMapViewport *viewport)
{
  TsrCanvasStackLayer *self = TSR_CANVAS_STACK_LAYER (layer);
  gboolean all_drawn = TRUE;

  if (viewport->width <= 0 || viewport->height <= 0 || self->layers->len == 0)
    return TRUE;
  if (self->picture == NULL)
    self->picture = tsr_canvas_picture_new (CAIRO_FORMAT_ARGB32);
  /* A pan by whole view pixels moves the picture and draws the layers in the strips it uncovered
   * (the layers that keep a picture of their own pan it the same way); any other view anew. */
  tsr_canvas_picture_move_to (self->picture, viewport);
  if (tsr_canvas_picture_is_dirty (self->picture))
    {
      StackDraw draw = { self, viewport, TRUE };
      cairo_surface_t *surface;
      cairo_rectangle_int_t box;
      int scale = MAX (viewport->scale_factor, 1);

      tsr_canvas_picture_draw (self->picture, draw_layers, &draw);
      all_drawn = draw.all_drawn;
      surface = tsr_canvas_picture_get_surface (self->picture);
      if (ink_box (surface, &box))
        {
          int x0 = box.x / scale, y0 = box.y / scale;
          int x1 = (box.x + box.width + scale - 1) / scale, y1 = (box.y + box.height + scale - 1) / scale;

          self->ink = (cairo_rectangle_int_t) { x0, y0, x1 - x0, y1 - y0 };
        }
      else
        self->ink = (cairo_rectangle_int_t) { 0, 0, 0, 0 };
      /* Stand-ins (a layer's frame budget ran out) are not kept. */
      if (!all_drawn)
        tsr_canvas_picture_invalidate (self->picture, NULL, 0);
    }
  if (self->ink.width > 0 && self->ink.height > 0)
    tsr_canvas_picture_paint (self->picture, cr, &self->ink);
  return all_drawn;
}

static void
tsr_canvas_stack_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_kind = stack_layer_get_kind;
  iface->get_bounds = stack_layer_get_bounds;
  iface->draw = stack_layer_draw;
  iface->set_grid_color = stack_layer_set_grid_color;
}

/* A layer's look changed: the picture is drawn again whole (a layer's area does not say how far
 * its drawing reaches beyond it: line widths, labels, sprites). */
static void
on_invalidate_area (TsrCanvasLayer        *layer,
                    const TsrVectorBounds *area,
                    TsrCanvasStackLayer   *self)
{
  if (self->picture != NULL)
    tsr_canvas_picture_invalidate (self->picture, NULL, 0);
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), area);
}

static void
on_bounds_changed (TsrCanvasLayer      *layer,
                   TsrCanvasStackLayer *self)
{
  tsr_canvas_layer_bounds_changed (TSR_CANVAS_LAYER (self));
}

static void
tsr_canvas_stack_layer_dispose (GObject *object)
{
  TsrCanvasStackLayer *self = TSR_CANVAS_STACK_LAYER (object);

  if (self->layers != NULL)
    for (guint i = 0; i < self->layers->len; i++)
      g_signal_handlers_disconnect_by_data (self->layers->pdata[i], self);
  g_clear_pointer (&self->layers, g_ptr_array_unref);
  g_clear_pointer (&self->picture, tsr_canvas_picture_free);
  G_OBJECT_CLASS (tsr_canvas_stack_layer_parent_class)->dispose (object);
}

static void
tsr_canvas_stack_layer_class_init (TsrCanvasStackLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_canvas_stack_layer_dispose;
}

static void
tsr_canvas_stack_layer_init (TsrCanvasStackLayer *self)
{
  self->layers = g_ptr_array_new_with_free_func (g_object_unref);
}

TsrCanvasStackLayer *
tsr_canvas_stack_layer_new (void)
{
  return g_object_new (TSR_TYPE_CANVAS_STACK_LAYER, NULL);
}

void
tsr_canvas_stack_layer_add (TsrCanvasStackLayer *self,
                            TsrCanvasLayer      *layer)
{
  g_return_if_fail (TSR_IS_CANVAS_STACK_LAYER (self));
  g_return_if_fail (TSR_IS_CANVAS_LAYER (layer));

  g_ptr_array_add (self->layers, g_object_ref (layer));
  g_signal_connect (layer, "invalidate-area", G_CALLBACK (on_invalidate_area), self);
  g_signal_connect (layer, "bounds-changed", G_CALLBACK (on_bounds_changed), self);
  on_bounds_changed (layer, self);
  on_invalidate_area (layer, NULL, self);
}
