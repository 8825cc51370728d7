/* tsr-tile-map.c: the TsrTileMap interface, its signals and TsrTileRect arithmetic. */
#include "model/tsr-tile-map.h"

G_DEFINE_BOXED_TYPE (TsrTileRect, tsr_tile_rect, tsr_tile_rect_copy, tsr_tile_rect_free)

TsrTileRect *
tsr_tile_rect_copy (const TsrTileRect *rect)
{
  return g_memdup2 (rect, sizeof *rect);
}

void
tsr_tile_rect_free (TsrTileRect *rect)
{
  g_free (rect);
}

gboolean
tsr_tile_rect_is_empty (const TsrTileRect *rect)
{
  return rect->width <= 0 || rect->height <= 0;
}

gboolean
tsr_tile_rect_contains (const TsrTileRect *rect,
                        gint               x,
                        gint               y)
{
  return x >= rect->x && y >= rect->y && x < rect->x + rect->width && y < rect->y + rect->height;
}

gboolean
tsr_tile_rect_intersect (const TsrTileRect *a,
                         const TsrTileRect *b,
                         TsrTileRect       *result)
{
  gint x0 = MAX (a->x, b->x);
  gint y0 = MAX (a->y, b->y);
  gint x1 = MIN (a->x + a->width, b->x + b->width);
  gint y1 = MIN (a->y + a->height, b->y + b->height);

  if (x1 <= x0 || y1 <= y0)
    {
      *result = (TsrTileRect) { 0, 0, 0, 0 };
      return FALSE;
    }
  *result = (TsrTileRect) { x0, y0, x1 - x0, y1 - y0 };
  return TRUE;
}

void
tsr_tile_rect_add_cell (TsrTileRect *rect,
                        gint         x,
                        gint         y)
{
  TsrTileRect cell = { x, y, 1, 1 };

  tsr_tile_rect_union (rect, &cell);
}

void
tsr_tile_rect_union (TsrTileRect       *rect,
                     const TsrTileRect *other)
{
  gint x0, y0, x1, y1;

  if (tsr_tile_rect_is_empty (other))
    return;
  if (tsr_tile_rect_is_empty (rect))
    {
      *rect = *other;
      return;
    }
  x0 = MIN (rect->x, other->x);
  y0 = MIN (rect->y, other->y);
  x1 = MAX (rect->x + rect->width, other->x + other->width);
  y1 = MAX (rect->y + rect->height, other->y + other->height);
  *rect = (TsrTileRect) { x0, y0, x1 - x0, y1 - y0 };
}

TsrTileRect
tsr_tile_rect_from_corners (gint x0,
                            gint y0,
                            gint x1,
                            gint y1)
{
  return (TsrTileRect) { MIN (x0, x1), MIN (y0, y1), ABS (x1 - x0) + 1, ABS (y1 - y0) + 1 };
}

G_DEFINE_INTERFACE (TsrTileMap, tsr_tile_map, G_TYPE_OBJECT)

enum {
  TILES_CHANGED,
  LAYERS_CHANGED,
  TILESET_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
tsr_tile_map_default_init (TsrTileMapInterface *iface)
{
  /* (layer, TsrTileRect) after a command changed cells there: views redraw only that. */
  signals[TILES_CHANGED] =
    g_signal_new ("tiles-changed", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_UINT, TSR_TYPE_TILE_RECT | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* The size, the number, names or visibility of layers changed: views redraw everything. */
  signals[LAYERS_CHANGED] =
    g_signal_new ("layers-changed", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Tile images or names changed (another palette, an edited texture): caches must go. */
  signals[TILESET_CHANGED] =
    g_signal_new ("tileset-changed", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

#define TILE_MAP_IFACE(self) (TSR_TILE_MAP_GET_IFACE (self))

const char *
tsr_tile_map_get_family (TsrTileMap *self)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), NULL);
  return TILE_MAP_IFACE (self)->get_family (self);
}

guint
tsr_tile_map_get_width (TsrTileMap *self)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), 0);
  return TILE_MAP_IFACE (self)->get_width (self);
}

guint
tsr_tile_map_get_height (TsrTileMap *self)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), 0);
  return TILE_MAP_IFACE (self)->get_height (self);
}

guint
tsr_tile_map_get_n_layers (TsrTileMap *self)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), 0);
  return TILE_MAP_IFACE (self)->get_n_layers (self);
}

const char *
tsr_tile_map_get_layer_name (TsrTileMap *self,
                             guint       layer)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), NULL);
  return TILE_MAP_IFACE (self)->get_layer_name (self, layer);
}

const char *
tsr_tile_map_get_layer_title (TsrTileMap *self,
                              guint       layer)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), NULL);
  if (TILE_MAP_IFACE (self)->get_layer_title != NULL)
    return TILE_MAP_IFACE (self)->get_layer_title (self, layer);
  return TILE_MAP_IFACE (self)->get_layer_name (self, layer);
}

gboolean
tsr_tile_map_get_layer_visible (TsrTileMap *self,
                                guint       layer)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), FALSE);
  return TILE_MAP_IFACE (self)->get_layer_visible (self, layer);
}

void
tsr_tile_map_set_layer_visible (TsrTileMap *self,
                                guint       layer,
                                gboolean    visible)
{
  g_return_if_fail (TSR_IS_TILE_MAP (self));
  if (TILE_MAP_IFACE (self)->set_layer_visible != NULL)
    TILE_MAP_IFACE (self)->set_layer_visible (self, layer, visible);
}

void
tsr_tile_map_get_cell_size (TsrTileMap *self,
                            guint      *width,
                            guint      *height)
{
  guint w = 0, h = 0;

  g_return_if_fail (TSR_IS_TILE_MAP (self));
  TILE_MAP_IFACE (self)->get_cell_size (self, &w, &h);
  /* A zero cell would divide by zero in every view. */
  if (width != NULL)
    *width = MAX (w, 1);
  if (height != NULL)
    *height = MAX (h, 1);
}

guint32
tsr_tile_map_get_tile (TsrTileMap *self,
                       guint       layer,
                       gint        x,
                       gint        y)
{
  TsrTileMapInterface *iface;

  g_return_val_if_fail (TSR_IS_TILE_MAP (self), 0);
  iface = TILE_MAP_IFACE (self);
  if (x < 0 || y < 0 || (guint) x >= iface->get_width (self) || (guint) y >= iface->get_height (self))
    return iface->get_empty_tile (self, layer);
  return iface->get_tile (self, layer, (guint) x, (guint) y);
}

void
tsr_tile_map_get_tiles (TsrTileMap        *self,
                        guint              layer,
                        const TsrTileRect *area,
                        guint32           *out)
{
  TsrTileMapInterface *iface;
  TsrTileRect bounds;

  g_return_if_fail (TSR_IS_TILE_MAP (self));
  iface = TILE_MAP_IFACE (self);
  bounds = tsr_tile_map_get_bounds (self);
  g_return_if_fail (area->x >= 0 && area->y >= 0 && area->x + area->width <= bounds.width
                    && area->y + area->height <= bounds.height);
  if (iface->get_tiles != NULL)
    {
      iface->get_tiles (self, layer, area, out);
      return;
    }
  for (gint y = 0; y < area->height; y++)
    for (gint x = 0; x < area->width; x++)
      *out++ = iface->get_tile (self, layer, (guint) (area->x + x), (guint) (area->y + y));
}

void
tsr_tile_map_set_tile (TsrTileMap *self,
                       guint       layer,
                       guint       x,
                       guint       y,
                       guint32     value)
{
  TsrTileMapInterface *iface;

  g_return_if_fail (TSR_IS_TILE_MAP (self));
  iface = TILE_MAP_IFACE (self);
  g_return_if_fail (x < iface->get_width (self) && y < iface->get_height (self));
  g_return_if_fail (layer < iface->get_n_layers (self));
  iface->set_tile (self, layer, x, y, value);
}

guint32
tsr_tile_map_get_empty_tile (TsrTileMap *self,
                             guint       layer)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), 0);
  return TILE_MAP_IFACE (self)->get_empty_tile (self, layer);
}

GArray *
tsr_tile_map_list_tiles (TsrTileMap *self,
                         guint       layer)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), NULL);
  return TILE_MAP_IFACE (self)->list_tiles (self, layer);
}

const TsrImage *
tsr_tile_map_get_tile_image (TsrTileMap *self,
                             guint       layer,
                             guint32     value)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), NULL);
  return TILE_MAP_IFACE (self)->get_tile_image (self, layer, value);
}

const TsrImage *
tsr_tile_map_get_palette_image (TsrTileMap *self,
                                guint       layer,
                                guint32     value)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), NULL);
  if (TILE_MAP_IFACE (self)->get_palette_image != NULL)
    return TILE_MAP_IFACE (self)->get_palette_image (self, layer, value);
  return TILE_MAP_IFACE (self)->get_tile_image (self, layer, value);
}

char *
tsr_tile_map_get_tile_name (TsrTileMap *self,
                            guint       layer,
                            guint32     value)
{
  g_return_val_if_fail (TSR_IS_TILE_MAP (self), NULL);
  if (TILE_MAP_IFACE (self)->get_tile_name == NULL)
    return g_strdup_printf ("%u", value);
  return TILE_MAP_IFACE (self)->get_tile_name (self, layer, value);
}

TsrTileRect
tsr_tile_map_get_bounds (TsrTileMap *self)
{
  return (TsrTileRect) { 0, 0, (gint) tsr_tile_map_get_width (self),
                         (gint) tsr_tile_map_get_height (self) };
}

void
tsr_tile_map_tiles_changed (TsrTileMap        *self,
                            guint              layer,
                            const TsrTileRect *area)
{
  g_return_if_fail (TSR_IS_TILE_MAP (self));
  if (!tsr_tile_rect_is_empty (area))
    g_signal_emit (self, signals[TILES_CHANGED], 0, layer, area);
}

void
tsr_tile_map_layers_changed (TsrTileMap *self)
{
  g_return_if_fail (TSR_IS_TILE_MAP (self));
  g_signal_emit (self, signals[LAYERS_CHANGED], 0);
}

void
tsr_tile_map_tileset_changed (TsrTileMap *self)
{
  g_return_if_fail (TSR_IS_TILE_MAP (self));
  g_signal_emit (self, signals[TILESET_CHANGED], 0);
}
