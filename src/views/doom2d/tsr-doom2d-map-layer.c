/* tsr-doom2d-map-layer.c: cairo drawing of the map area and grid. Grid lines are drawn only where
 * they are at least 6 view pixels apart, so an overview is not a grey wash. The grid is drawn in
 * every frame as two fills of one-pixel boxes (the vertical lines, the horizontal lines): that
 * touches only the lines' pixels, where a kept mask of the grid was blended over the map's whole
 * area. The two fills meet at the crossings, which take the grid colour twice. */
#include "views/doom2d/tsr-doom2d-map-layer.h"

#include <math.h>

#include "views/tsr-grid-color.h"

/* Share of the grid colour's alpha: the default's 0.22 gives 0.07. */
#define GRID_STRENGTH (0.07 / 0.22)

struct _TsrDoom2dMapLayer {
  GObject            parent_instance;
  TsrDoom2dDocument *document; /* weak */
  guint              grid;
  GdkRGBA            grid_color;
  TsrDoom2dMapLayerParts parts;
  double             width;
  double             height;
};

static void tsr_doom2d_map_layer_iface_init (TsrCanvasLayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrDoom2dMapLayer, tsr_doom2d_map_layer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_CANVAS_LAYER, tsr_doom2d_map_layer_iface_init))

static TsrLayerKind
map_layer_get_kind (TsrCanvasLayer *layer)
{
  return TSR_LAYER_KIND_VECTOR;
}

static void
map_layer_get_bounds (TsrCanvasLayer  *layer,
                      TsrVectorBounds *bounds)
{
  TsrDoom2dMapLayer *self = TSR_DOOM2D_MAP_LAYER (layer);

  if (self->width <= 0 || self->height <= 0)
    tsr_vector_bounds_init_empty (bounds);
  else
    *bounds = (TsrVectorBounds) { 0, 0, self->width, self->height };
}

/* The grid lines over the map's view area X0, Y0 – X1, Y1 (whole view pixels), as one-pixel boxes
 * on whole pixels filled without antialiasing: pixman's plain fills (an antialiased stroke of the
 * same lines rasterised every crossing). Each direction is one path of boxes that do not overlap;
 * one path of both would be cut into a box per cell to fill their union. */
static void
draw_grid (TsrDoom2dMapLayer    *self,
           cairo_t              *cr,
           const TsrMapViewport *viewport,
           double                x0,
           double                y0,
           double                x1,
           double                y1)
{
  double step = self->grid;
  double mx0 = MAX (0, floor ((viewport->x + x0 / viewport->zoom) / step) * step);
  double my0 = MAX (0, floor ((viewport->y + y0 / viewport->zoom) / step) * step);
  double mx1 = MIN (self->width, viewport->x + x1 / viewport->zoom);
  double my1 = MIN (self->height, viewport->y + y1 / viewport->zoom);

  cairo_save (cr);
  cairo_set_source_rgba (cr, self->grid_color.red, self->grid_color.green, self->grid_color.blue,
                         self->grid_color.alpha * GRID_STRENGTH);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  for (double x = mx0; x <= mx1; x += step)
    {
      double vx, vy;

      tsr_map_viewport_to_view (viewport, x, 0, &vx, &vy);
      vx = floor (vx);
      if (vx >= x0 && vx < x1)
        cairo_rectangle (cr, vx, y0, 1, y1 - y0);
    }
  cairo_fill (cr);
  for (double y = my0; y <= my1; y += step)
    {
      double vx, vy;

      tsr_map_viewport_to_view (viewport, 0, y, &vx, &vy);
      vy = floor (vy);
      if (vy >= y0 && vy < y1)
        cairo_rectangle (cr, x0, vy, x1 - x0, 1);
    }
  cairo_fill (cr);
  cairo_restore (cr);
}

static gboolean
map_layer_draw (TsrCanvasLayer       *layer,
                cairo_t              *cr,
                const TsrMapViewport *viewport)
{
  TsrDoom2dMapLayer *self = TSR_DOOM2D_MAP_LAYER (layer);
  double x0, y0, x1, y1;

  if (self->width <= 0 || self->height <= 0)
    return TRUE;
  tsr_map_viewport_to_view (viewport, 0, 0, &x0, &y0);
  tsr_map_viewport_to_view (viewport, self->width, self->height, &x1, &y1);
  cairo_save (cr);
  /* On whole view pixels, so the fill is a plain pixel fill. */
  x0 = round (x0), y0 = round (y0), x1 = round (x1), y1 = round (y1);
  if (self->parts & TSR_DOOM2D_MAP_LAYER_BACKGROUND)
    {
      cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
      cairo_set_source_rgb (cr, 0.063, 0.063, 0.094);
      cairo_fill (cr);
    }
  if (self->parts & TSR_DOOM2D_MAP_LAYER_EDGE)
    {
      cairo_rectangle (cr, x0 - 0.5, y0 - 0.5, x1 - x0 + 1, y1 - y0 + 1);
      cairo_set_source_rgb (cr, 0.45, 0.45, 0.55);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
  if ((self->parts & TSR_DOOM2D_MAP_LAYER_GRID) && self->grid > 0 && self->grid * viewport->zoom >= 6)
    {
      x0 = MAX (x0, 0), y0 = MAX (y0, 0), x1 = MIN (x1 + 1, viewport->width), y1 = MIN (y1 + 1, viewport->height);
      if (x1 > x0 && y1 > y0)
        draw_grid (self, cr, viewport, x0, y0, x1, y1);
    }
  return TRUE;
}

static void
map_layer_set_grid_color (TsrCanvasLayer *layer,
                          const GdkRGBA  *color)
{
  TsrDoom2dMapLayer *self = TSR_DOOM2D_MAP_LAYER (layer);

  if (gdk_rgba_equal (&self->grid_color, color))
    return;
  self->grid_color = *color;
  if (self->parts & TSR_DOOM2D_MAP_LAYER_GRID)
    tsr_canvas_layer_invalidate_area (layer, NULL);
}

static void
tsr_doom2d_map_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->set_grid_color = map_layer_set_grid_color;
  iface->get_kind = map_layer_get_kind;
  iface->get_bounds = map_layer_get_bounds;
  iface->draw = map_layer_draw;
}

static void
tsr_doom2d_map_layer_dispose (GObject *object)
{
  g_clear_weak_pointer (&TSR_DOOM2D_MAP_LAYER (object)->document);
  G_OBJECT_CLASS (tsr_doom2d_map_layer_parent_class)->dispose (object);
}

static void
tsr_doom2d_map_layer_class_init (TsrDoom2dMapLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_doom2d_map_layer_dispose;
}

static void
tsr_doom2d_map_layer_init (TsrDoom2dMapLayer *self)
{
  self->grid = 16;
  tsr_grid_color_get_default (&self->grid_color);
  self->parts = TSR_DOOM2D_MAP_LAYER_AREA | TSR_DOOM2D_MAP_LAYER_GRID;
}

TsrDoom2dMapLayer *
tsr_doom2d_map_layer_new (TsrDoom2dDocument *document)
{
  TsrDoom2dMapLayer *self;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (document), NULL);

  self = g_object_new (TSR_TYPE_DOOM2D_MAP_LAYER, NULL);
  g_set_weak_pointer (&self->document, document);
  tsr_doom2d_map_layer_update (self);
  return self;
}

void
tsr_doom2d_map_layer_set_grid (TsrDoom2dMapLayer *self,
                               guint              grid)
{
  g_return_if_fail (TSR_IS_DOOM2D_MAP_LAYER (self));
  if (self->grid == grid)
    return;
  self->grid = grid;
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}

void
tsr_doom2d_map_layer_set_parts (TsrDoom2dMapLayer     *self,
                                TsrDoom2dMapLayerParts parts)
{
  g_return_if_fail (TSR_IS_DOOM2D_MAP_LAYER (self));
  if (self->parts == parts)
    return;
  self->parts = parts;
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}

void
tsr_doom2d_map_layer_update (TsrDoom2dMapLayer *self)
{
  TsrDoom2dMap *map;
  double width = 0, height = 0;

  g_return_if_fail (TSR_IS_DOOM2D_MAP_LAYER (self));
  map = self->document != NULL ? tsr_doom2d_document_get_map (self->document) : NULL;
  if (map != NULL)
    {
      width = (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0];
      height = (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1];
    }
  if (width == self->width && height == self->height)
    return;
  self->width = width;
  self->height = height;
  tsr_canvas_layer_bounds_changed (TSR_CANVAS_LAYER (self));
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}
