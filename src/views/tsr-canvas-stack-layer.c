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
  GArray                *reach;  /* double per layer: view pixels its drawing of an area reaches beyond it; < 0: unknown */
  TsrCanvasPicture      *picture;
  cairo_rectangle_int_t  ink;    /* view pixels */
  cairo_rectangle_int_t  opaque; /* view pixels the picture's paint covers opaque */
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

/* A view row of the picture (device pixels): the surface's row it lies in, and the view columns
 * FROM..TO of it compared with zeros (memcmp, wide), split where they cross the surface's edge. */
typedef struct {
  const guint8  *data;
  int            width, height, stride;
  int            ox, oy; /* the picture's origin (tsr_canvas_picture_get_origin) */
  const guint32 *zeros;
} InkScan;

static inline const guint32 *
scan_row (const InkScan *scan,
          int            y)
{
  int row = y + scan->oy;

  return (const guint32 *) (scan->data + (gsize) (row >= scan->height ? row - scan->height : row) * scan->stride);
}

static inline guint32
scan_pixel (const InkScan *scan,
            const guint32 *row,
            int            x)
{
  int column = x + scan->ox;

  return row[column >= scan->width ? column - scan->width : column];
}

static gboolean
scan_empty (const InkScan *scan,
            const guint32 *row,
            int            from,
            int            to)
{
  int seam = scan->width - scan->ox; /* the first view column at the surface's left edge */

  if (to <= from)
    return TRUE;
  if (from < seam && memcmp (row + from + scan->ox, scan->zeros, (gsize) (MIN (to, seam) - from) * 4) != 0)
    return FALSE;
  return to <= seam || memcmp (row + MAX (from, seam) - seam, scan->zeros, (gsize) (to - MAX (from, seam)) * 4) == 0;
}

/* The box of the picture's pixels that are not zero (view device pixels); FALSE when there are
 * none. Rows above and below are skipped whole; within, each row is compared with zeros only
 * outside the box found so far, and searched pixel by pixel only where that finds ink. */
static gboolean
ink_box (TsrCanvasPicture      *picture,
         cairo_rectangle_int_t *box)
{
  cairo_surface_t *surface = tsr_canvas_picture_get_surface (picture);
  int width = cairo_image_surface_get_width (surface), height = cairo_image_surface_get_height (surface);
  g_autofree guint32 *zeros = g_new0 (guint32, width);
  InkScan scan = { NULL, width, height, cairo_image_surface_get_stride (surface), 0, 0, zeros };
  int top = 0, bottom = height, left, right;

  cairo_surface_flush (surface);
  scan.data = cairo_image_surface_get_data (surface);
  tsr_canvas_picture_get_origin (picture, &scan.ox, &scan.oy);
  while (top < height && scan_empty (&scan, scan_row (&scan, top), 0, width))
    top++;
  if (top == height)
    return FALSE;
  while (bottom > top + 1 && scan_empty (&scan, scan_row (&scan, bottom - 1), 0, width))
    bottom--;
  left = width, right = 0;
  for (int y = top; y < bottom; y++)
    {
      const guint32 *row = scan_row (&scan, y);

      if (!scan_empty (&scan, row, 0, left))
        {
          int x = 0;

          while (scan_pixel (&scan, row, x) == 0)
            x++;
          left = x;
        }
      if (!scan_empty (&scan, row, MAX (right, left), width))
        {
          int x = width;

          while (scan_pixel (&scan, row, x - 1) == 0)
            x--;
          right = x;
        }
    }
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
      cairo_rectangle_int_t box;
      int scale = MAX (viewport->scale_factor, 1);

      tsr_canvas_picture_draw (self->picture, draw_layers, &draw);
      all_drawn = draw.all_drawn;
      if (ink_box (self->picture, &box))
        {
          int x0 = box.x / scale, y0 = box.y / scale;
          int x1 = (box.x + box.width + scale - 1) / scale, y1 = (box.y + box.height + scale - 1) / scale;

          self->ink = (cairo_rectangle_int_t) { x0, y0, x1 - x0, y1 - y0 };
        }
      else
        self->ink = (cairo_rectangle_int_t) { 0, 0, 0, 0 };
      /* The layers are drawn over each other: opaque where any of them is (the largest such
       * area), as far as the paint reaches (the ink). */
      tsr_canvas_layers_get_opaque_area (self->layers, viewport, &self->opaque);
      if (!gdk_rectangle_intersect (&self->opaque, &self->ink, &self->opaque))
        self->opaque = (cairo_rectangle_int_t) { 0, 0, 0, 0 };
      /* Stand-ins (a layer's frame budget ran out) are not kept. */
      if (!all_drawn)
        tsr_canvas_picture_invalidate (self->picture, NULL, 0);
    }
  if (self->ink.width > 0 && self->ink.height > 0)
    tsr_canvas_picture_paint (self->picture, cr, &self->ink);
  return all_drawn;
}

static void
stack_layer_get_opaque_area (TsrCanvasLayer        *layer,
                             const TsrMapViewport  *viewport,
                             cairo_rectangle_int_t *area)
{
  TsrCanvasStackLayer *self = TSR_CANVAS_STACK_LAYER (layer);

  if (self->picture != NULL && tsr_map_viewport_equal (tsr_canvas_picture_get_viewport (self->picture), viewport))
    *area = self->opaque;
}

static void
tsr_canvas_stack_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_opaque_area = stack_layer_get_opaque_area;
  iface->get_kind = stack_layer_get_kind;
  iface->get_bounds = stack_layer_get_bounds;
  iface->draw = stack_layer_draw;
  iface->set_grid_color = stack_layer_set_grid_color;
}

/* A layer's look changed: the picture is drawn again whole, or only around AREA for a layer that
 * says how far its drawing reaches (tsr_canvas_stack_layer_add_reaching). */
static void
on_invalidate_area (TsrCanvasLayer        *layer,
                    const TsrVectorBounds *area,
                    TsrCanvasStackLayer   *self)
{
  guint index;
  double reach = -1;

  if (area != NULL && g_ptr_array_find (self->layers, layer, &index))
    reach = g_array_index (self->reach, double, index);
  if (self->picture != NULL)
    tsr_canvas_picture_invalidate (self->picture, reach >= 0 ? area : NULL, MAX (reach, 0));
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
  g_clear_pointer (&self->reach, g_array_unref);
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
  self->reach = g_array_new (FALSE, FALSE, sizeof (double));
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
  tsr_canvas_stack_layer_add_reaching (self, layer, -1);
}

void
tsr_canvas_stack_layer_add_reaching (TsrCanvasStackLayer *self,
                                     TsrCanvasLayer      *layer,
                                     double               reach)
{
  g_return_if_fail (TSR_IS_CANVAS_STACK_LAYER (self));
  g_return_if_fail (TSR_IS_CANVAS_LAYER (layer));

  g_ptr_array_add (self->layers, g_object_ref (layer));
  g_array_append_val (self->reach, reach);
  g_signal_connect (layer, "invalidate-area", G_CALLBACK (on_invalidate_area), self);
  g_signal_connect (layer, "bounds-changed", G_CALLBACK (on_bounds_changed), self);
  on_bounds_changed (layer, self);
  on_invalidate_area (layer, NULL, self);
}
