/* tsr-tile-layer.c: TsrCanvasLayer over TsrMapRenderer. */
#include "views/tsr-tile-layer.h"

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

static void
tsr_tile_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_kind = tile_layer_get_kind;
  iface->get_bounds = tile_layer_get_bounds;
  iface->draw = tile_layer_draw;
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
