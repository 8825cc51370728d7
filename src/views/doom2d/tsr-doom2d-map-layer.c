/* tsr-doom2d-map-layer.c: cairo drawing of the map area and grid. Grid lines are drawn only where
 * they are at least 6 view pixels apart, so an overview is not a grey wash. The grid is kept as a
 * mask (an A8 TsrCanvasPicture: the lines' coverage) of the last viewport: a frame of the same view
 * paints the grid's colour through it, a pan draws the uncovered strips; the spacing, the colour's
 * alpha and the map's size draw it again. */
#include "views/doom2d/tsr-doom2d-map-layer.h"

#include <math.h>

#include "views/tsr-canvas-picture.h"
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
  TsrCanvasPicture  *grid_picture; /* the grid as drawn for its viewport, or NULL */
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

typedef struct {
  TsrDoom2dMapLayer    *self;
  const TsrMapViewport *viewport;
} GridDraw;

/* The grid lines over the map, as far as CR's clip reaches (a part of the kept picture). */
static void
draw_grid_part (cairo_t *cr,
                gpointer user_data)
{
  GridDraw *draw = user_data;
  TsrDoom2dMapLayer *self = draw->self;
  const TsrMapViewport *viewport = draw->viewport;
  double step = self->grid;
  double x0, y0, x1, y1, cx0, cy0, cx1, cy1;
  double mx0, my0, mx1, my1;

  tsr_map_viewport_to_view (viewport, 0, 0, &x0, &y0);
  tsr_map_viewport_to_view (viewport, self->width, self->height, &x1, &y1);
  x0 = round (x0), y0 = round (y0), x1 = round (x1), y1 = round (y1);
  /* Only the lines the clip (the dirty part of the picture) shows. */
  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
  mx0 = MAX (0, floor ((viewport->x + cx0 / viewport->zoom) / step - 1) * step);
  my0 = MAX (0, floor ((viewport->y + cy0 / viewport->zoom) / step - 1) * step);
  mx1 = MIN (self->width, viewport->x + cx1 / viewport->zoom + step);
  my1 = MIN (self->height, viewport->y + cy1 / viewport->zoom + step);
  y0 = MAX (y0, floor (cy0) - 1), y1 = MIN (y1, ceil (cy1) + 1);
  x0 = MAX (x0, floor (cx0) - 1), x1 = MIN (x1, ceil (cx1) + 1);
  if (x1 <= x0 || y1 <= y0)
    return;
  for (double x = mx0; x <= mx1; x += step)
    {
      double vx, vy;

      tsr_map_viewport_to_view (viewport, x, 0, &vx, &vy);
      cairo_rectangle (cr, floor (vx), y0, 1, y1 - y0);
    }
  for (double y = my0; y <= my1; y += step)
    {
      double vx, vy;

      tsr_map_viewport_to_view (viewport, 0, y, &vx, &vy);
      cairo_rectangle (cr, x0, floor (vy), x1 - x0, 1);
    }
  /* Lines as one-pixel boxes on whole pixels, filled without antialiasing (a box fill, where an
   * antialiased stroke of the same lines rasterised every crossing): the same pixels, and the
   * crossings still painted once (the path is filled as a union). */
  cairo_set_source_rgba (cr, 0, 0, 0, self->grid_color.alpha * GRID_STRENGTH);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  cairo_fill (cr);
}

/* What the grid picture shows changed: draw it whole next time. */
static void
drop_grid_picture (TsrDoom2dMapLayer *self)
{
  if (self->grid_picture != NULL)
    tsr_canvas_picture_invalidate (self->grid_picture, NULL, 0);
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
      GridDraw draw = { self, viewport };
      cairo_rectangle_int_t area;

      if (self->grid_picture == NULL)
        self->grid_picture = tsr_canvas_picture_new (CAIRO_FORMAT_A8);
      tsr_canvas_picture_move_to (self->grid_picture, viewport);
      if (tsr_canvas_picture_is_dirty (self->grid_picture))
        tsr_canvas_picture_draw (self->grid_picture, draw_grid_part, &draw);
      /* Only over the map: at fit it is a part of the view, and a blit is per pixel. */
      x0 = MAX (x0, 0), y0 = MAX (y0, 0), x1 = MIN (x1 + 1, viewport->width), y1 = MIN (y1 + 1, viewport->height);
      area = (cairo_rectangle_int_t) { (int) x0, (int) y0, (int) MAX (x1 - x0, 0), (int) MAX (y1 - y0, 0) };
      if (area.width > 0 && area.height > 0)
        {
          /* The picture is the grid's coverage (alpha); its colour is painted through it. */
          cairo_set_source_rgb (cr, self->grid_color.red, self->grid_color.green, self->grid_color.blue);
          tsr_canvas_picture_mask (self->grid_picture, cr, &area);
        }
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
  drop_grid_picture (self);
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
  g_clear_pointer (&TSR_DOOM2D_MAP_LAYER (object)->grid_picture, tsr_canvas_picture_free);
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
  drop_grid_picture (self);
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
  drop_grid_picture (self);
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
  drop_grid_picture (self);
  tsr_canvas_layer_bounds_changed (TSR_CANVAS_LAYER (self));
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}
