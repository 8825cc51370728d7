/* tsr-tile-layer.c: TsrCanvasLayer over TsrMapRenderer. */
#include "views/tsr-tile-layer.h"

#include <math.h>

struct _TsrTileLayer {
  GObject         parent_instance;
  TsrTileMap     *map;
  TsrMapRenderer *renderer;
  gulong          tiles_changed_id;
  gulong          layers_changed_id;
  gulong          tileset_changed_id;
};

static void tsr_tile_layer_iface_init (TsrCanvasLayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrTileLayer, tsr_tile_layer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_CANVAS_LAYER, tsr_tile_layer_iface_init))

static TsrLayerKind
tile_layer_get_kind (TsrCanvasLayer *layer)
{
  return TSR_LAYER_KIND_TILE;
}

static void
tile_layer_get_bounds (TsrCanvasLayer  *layer,
                       TsrVectorBounds *bounds)
{
  TsrTileLayer *self = TSR_TILE_LAYER (layer);
  guint cell_w, cell_h;

  tsr_tile_map_get_cell_size (self->map, &cell_w, &cell_h);
  *bounds = (TsrVectorBounds) { 0, 0, (double) tsr_tile_map_get_width (self->map) * cell_w,
                                (double) tsr_tile_map_get_height (self->map) * cell_h };
}

static gboolean
tile_layer_draw (TsrCanvasLayer       *layer,
                 cairo_t              *cr,
                 const TsrMapViewport *viewport)
{
  return tsr_map_renderer_draw (TSR_TILE_LAYER (layer)->renderer, cr, viewport);
}

/* The map's cells are opaque: the renderer's chunks carry the map's background and are blitted
 * with SOURCE, snapped to the nearest device pixel; the whole view pixels inside the exact edges
 * lie inside the snapped ones. */
static void
tile_layer_get_opaque_area (TsrCanvasLayer        *layer,
                            const TsrMapViewport  *viewport,
                            cairo_rectangle_int_t *area)
{
  TsrTileLayer *self = TSR_TILE_LAYER (layer);
  TsrTileRect bounds = tsr_tile_map_get_bounds (self->map);
  guint cell_w, cell_h;
  double x0, y0, x1, y1;

  if (bounds.width <= 0 || bounds.height <= 0 || viewport->width <= 0 || viewport->height <= 0)
    return;
  tsr_tile_map_get_cell_size (self->map, &cell_w, &cell_h);
  tsr_map_viewport_to_view (viewport, (double) bounds.x * cell_w, (double) bounds.y * cell_h, &x0, &y0);
  tsr_map_viewport_to_view (viewport, (double) (bounds.x + bounds.width) * cell_w,
                            (double) (bounds.y + bounds.height) * cell_h, &x1, &y1);
  x0 = MAX (ceil (x0), 0), y0 = MAX (ceil (y0), 0);
  x1 = MIN (floor (x1), viewport->width), y1 = MIN (floor (y1), viewport->height);
  if (x1 > x0 && y1 > y0)
    *area = (cairo_rectangle_int_t) { (int) x0, (int) y0, (int) (x1 - x0), (int) (y1 - y0) };
}

static void
tsr_tile_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_kind = tile_layer_get_kind;
  iface->get_bounds = tile_layer_get_bounds;
  iface->draw = tile_layer_draw;
  iface->get_opaque_area = tile_layer_get_opaque_area;
}

static void
on_tiles_changed (TsrTileMap        *map,
                  guint              layer,
                  const TsrTileRect *area,
                  TsrTileLayer      *self)
{
  guint cell_w, cell_h;
  TsrVectorBounds bounds;

  /* The renderer (connected first) has dropped only the chunks under AREA. */
  tsr_tile_map_get_cell_size (map, &cell_w, &cell_h);
  bounds = (TsrVectorBounds) { (double) area->x * cell_w, (double) area->y * cell_h,
                               (double) (area->x + area->width) * cell_w,
                               (double) (area->y + area->height) * cell_h };
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), &bounds);
}

static void
on_layers_changed (TsrTileMap   *map,
                   TsrTileLayer *self)
{
  tsr_canvas_layer_bounds_changed (TSR_CANVAS_LAYER (self));
}

static void
on_tileset_changed (TsrTileMap   *map,
                    TsrTileLayer *self)
{
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}

static void
tsr_tile_layer_dispose (GObject *object)
{
  TsrTileLayer *self = TSR_TILE_LAYER (object);

  if (self->map != NULL)
    {
      g_clear_signal_handler (&self->tiles_changed_id, self->map);
      g_clear_signal_handler (&self->layers_changed_id, self->map);
      g_clear_signal_handler (&self->tileset_changed_id, self->map);
    }
  g_clear_pointer (&self->renderer, tsr_map_renderer_free);
  g_clear_object (&self->map);
  G_OBJECT_CLASS (tsr_tile_layer_parent_class)->dispose (object);
}

static void
tsr_tile_layer_class_init (TsrTileLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_tile_layer_dispose;
}

static void
tsr_tile_layer_init (TsrTileLayer *self)
{
}

TsrTileLayer *
tsr_tile_layer_new (TsrTileMap *map)
{
  TsrTileLayer *self;

  g_return_val_if_fail (TSR_IS_TILE_MAP (map), NULL);

  self = g_object_new (TSR_TYPE_TILE_LAYER, NULL);
  self->map = g_object_ref (map);
  self->renderer = tsr_map_renderer_new (map);
  self->tiles_changed_id = g_signal_connect (map, "tiles-changed", G_CALLBACK (on_tiles_changed), self);
  self->layers_changed_id = g_signal_connect (map, "layers-changed", G_CALLBACK (on_layers_changed), self);
  self->tileset_changed_id = g_signal_connect (map, "tileset-changed", G_CALLBACK (on_tileset_changed), self);
  return self;
}

TsrTileMap *
tsr_tile_layer_get_map (TsrTileLayer *self)
{
  g_return_val_if_fail (TSR_IS_TILE_LAYER (self), NULL);
  return self->map;
}

TsrMapRenderer *
tsr_tile_layer_get_renderer (TsrTileLayer *self)
{
  g_return_val_if_fail (TSR_IS_TILE_LAYER (self), NULL);
  return self->renderer;
}
