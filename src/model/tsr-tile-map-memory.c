/* tsr-tile-map-memory.c: an in-memory TsrTileMap. */
#include "model/tsr-tile-map-memory.h"

#include <string.h>

typedef struct {
  char     *name;
  TsrImage *image;
} TileEntry;

typedef struct {
  char       *name;
  gboolean    visible;
  guint32     empty;
  guint32    *cells;
  GArray     *order;   /* guint32 values in palette order */
  GHashTable *entries; /* value → TileEntry */
} Layer;

struct _TsrMemoryTileMap {
  GObject  parent_instance;
  char    *family;
  guint    width;
  guint    height;
  guint    cell_width;
  guint    cell_height;
  GArray  *layers; /* Layer */
};

static void tsr_memory_tile_map_iface_init (TsrTileMapInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMemoryTileMap, tsr_memory_tile_map, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TILE_MAP, tsr_memory_tile_map_iface_init))

static void
tile_entry_free (gpointer data)
{
  TileEntry *entry = data;

  g_free (entry->name);
  g_clear_pointer (&entry->image, tsr_image_free);
  g_free (entry);
}

static void
layer_clear (gpointer data)
{
  Layer *layer = data;

  g_free (layer->name);
  g_free (layer->cells);
  g_array_unref (layer->order);
  g_hash_table_unref (layer->entries);
}

static Layer *
get_layer (TsrMemoryTileMap *self,
           guint             layer)
{
  g_return_val_if_fail (layer < self->layers->len, NULL);
  return &g_array_index (self->layers, Layer, layer);
}

static void
tsr_memory_tile_map_finalize (GObject *object)
{
  TsrMemoryTileMap *self = TSR_MEMORY_TILE_MAP (object);

  g_free (self->family);
  g_array_unref (self->layers);
  G_OBJECT_CLASS (tsr_memory_tile_map_parent_class)->finalize (object);
}

static void
tsr_memory_tile_map_class_init (TsrMemoryTileMapClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_memory_tile_map_finalize;
}

static void
tsr_memory_tile_map_init (TsrMemoryTileMap *self)
{
  self->layers = g_array_new (FALSE, TRUE, sizeof (Layer));
  g_array_set_clear_func (self->layers, layer_clear);
}

static const char *
memory_get_family (TsrTileMap *map)
{
  return TSR_MEMORY_TILE_MAP (map)->family;
}

static guint
memory_get_width (TsrTileMap *map)
{
  return TSR_MEMORY_TILE_MAP (map)->width;
}

static guint
memory_get_height (TsrTileMap *map)
{
  return TSR_MEMORY_TILE_MAP (map)->height;
}

static guint
memory_get_n_layers (TsrTileMap *map)
{
  return TSR_MEMORY_TILE_MAP (map)->layers->len;
}

static const char *
memory_get_layer_name (TsrTileMap *map,
                       guint       layer)
{
  Layer *l = get_layer (TSR_MEMORY_TILE_MAP (map), layer);

  return l != NULL ? l->name : NULL;
}

static gboolean
memory_get_layer_visible (TsrTileMap *map,
                          guint       layer)
{
  Layer *l = get_layer (TSR_MEMORY_TILE_MAP (map), layer);

  return l != NULL && l->visible;
}

static void
memory_set_layer_visible (TsrTileMap *map,
                          guint       layer,
                          gboolean    visible)
{
  Layer *l = get_layer (TSR_MEMORY_TILE_MAP (map), layer);

  if (l == NULL || l->visible == !!visible)
    return;
  l->visible = !!visible;
  tsr_tile_map_layers_changed (map);
}

static void
memory_get_cell_size (TsrTileMap *map,
                      guint      *width,
                      guint      *height)
{
  *width = TSR_MEMORY_TILE_MAP (map)->cell_width;
  *height = TSR_MEMORY_TILE_MAP (map)->cell_height;
}

static guint32
memory_get_tile (TsrTileMap *map,
                 guint       layer,
                 guint       x,
                 guint       y)
{
  TsrMemoryTileMap *self = TSR_MEMORY_TILE_MAP (map);
  Layer *l = get_layer (self, layer);

  return l != NULL ? l->cells[(gsize) y * self->width + x] : 0;
}

static void
memory_get_tiles (TsrTileMap        *map,
                  guint              layer,
                  const TsrTileRect *area,
                  guint32           *out)
{
  TsrMemoryTileMap *self = TSR_MEMORY_TILE_MAP (map);
  Layer *l = get_layer (self, layer);

  for (gint y = 0; y < area->height; y++)
    {
      if (l != NULL)
        memcpy (out + (gsize) y * area->width, l->cells + (gsize) (area->y + y) * self->width + area->x,
                sizeof (guint32) * area->width);
      else
        memset (out + (gsize) y * area->width, 0, sizeof (guint32) * area->width);
    }
}

static void
memory_set_tile (TsrTileMap *map,
                 guint       layer,
                 guint       x,
                 guint       y,
                 guint32     value)
{
  TsrMemoryTileMap *self = TSR_MEMORY_TILE_MAP (map);
  Layer *l = get_layer (self, layer);

  if (l != NULL)
    l->cells[(gsize) y * self->width + x] = value;
}

static guint32
memory_get_empty_tile (TsrTileMap *map,
                       guint       layer)
{
  Layer *l = get_layer (TSR_MEMORY_TILE_MAP (map), layer);

  return l != NULL ? l->empty : 0;
}

static GArray *
memory_list_tiles (TsrTileMap *map,
                   guint       layer)
{
  Layer *l = get_layer (TSR_MEMORY_TILE_MAP (map), layer);
  GArray *values = g_array_new (FALSE, FALSE, sizeof (guint32));

  if (l != NULL)
    g_array_append_vals (values, l->order->data, l->order->len);
  return values;
}

static const TsrImage *
memory_get_tile_image (TsrTileMap *map,
                       guint       layer,
                       guint32     value)
{
  Layer *l = get_layer (TSR_MEMORY_TILE_MAP (map), layer);
  TileEntry *entry = l != NULL ? g_hash_table_lookup (l->entries, GUINT_TO_POINTER (value)) : NULL;

  return entry != NULL ? entry->image : NULL;
}

static char *
memory_get_tile_name (TsrTileMap *map,
                      guint       layer,
                      guint32     value)
{
  Layer *l = get_layer (TSR_MEMORY_TILE_MAP (map), layer);
  TileEntry *entry = l != NULL ? g_hash_table_lookup (l->entries, GUINT_TO_POINTER (value)) : NULL;

  if (entry != NULL && entry->name != NULL)
    return g_strdup (entry->name);
  return g_strdup_printf ("%u", value);
}

static void
tsr_memory_tile_map_iface_init (TsrTileMapInterface *iface)
{
  iface->get_family = memory_get_family;
  iface->get_width = memory_get_width;
  iface->get_height = memory_get_height;
  iface->get_n_layers = memory_get_n_layers;
  iface->get_layer_name = memory_get_layer_name;
  iface->get_layer_visible = memory_get_layer_visible;
  iface->set_layer_visible = memory_set_layer_visible;
  iface->get_cell_size = memory_get_cell_size;
  iface->get_tile = memory_get_tile;
  iface->get_tiles = memory_get_tiles;
  iface->set_tile = memory_set_tile;
  iface->get_empty_tile = memory_get_empty_tile;
  iface->list_tiles = memory_list_tiles;
  iface->get_tile_image = memory_get_tile_image;
  iface->get_tile_name = memory_get_tile_name;
}

TsrMemoryTileMap *
tsr_memory_tile_map_new (const char *family,
                         guint       width,
                         guint       height,
                         guint       n_layers,
                         guint       cell_width,
                         guint       cell_height)
{
  TsrMemoryTileMap *self;

  g_return_val_if_fail (width > 0 && height > 0 && width <= 65536 && height <= 65536, NULL);
  g_return_val_if_fail (n_layers > 0 && n_layers <= 256, NULL);

  self = g_object_new (TSR_TYPE_MEMORY_TILE_MAP, NULL);
  self->family = g_strdup (family);
  self->width = width;
  self->height = height;
  self->cell_width = MAX (cell_width, 1);
  self->cell_height = MAX (cell_height, 1);
  g_array_set_size (self->layers, n_layers);
  for (guint i = 0; i < n_layers; i++)
    {
      Layer *l = &g_array_index (self->layers, Layer, i);

      l->name = g_strdup_printf ("Layer %u", i + 1);
      l->visible = TRUE;
      l->cells = g_new0 (guint32, (gsize) width * height);
      l->order = g_array_new (FALSE, FALSE, sizeof (guint32));
      l->entries = g_hash_table_new_full (NULL, NULL, NULL, tile_entry_free);
    }
  return self;
}

void
tsr_memory_tile_map_set_layer_name (TsrMemoryTileMap *self,
                                    guint             layer,
                                    const char       *name)
{
  Layer *l;

  g_return_if_fail (TSR_IS_MEMORY_TILE_MAP (self));
  if ((l = get_layer (self, layer)) == NULL)
    return;
  g_free (l->name);
  l->name = g_strdup (name);
  tsr_tile_map_layers_changed (TSR_TILE_MAP (self));
}

void
tsr_memory_tile_map_set_empty_tile (TsrMemoryTileMap *self,
                                    guint             layer,
                                    guint32           value)
{
  Layer *l;

  g_return_if_fail (TSR_IS_MEMORY_TILE_MAP (self));
  if ((l = get_layer (self, layer)) != NULL)
    l->empty = value;
}

void
tsr_memory_tile_map_add_tile (TsrMemoryTileMap *self,
                              guint             layer,
                              guint32           value,
                              const char       *name,
                              TsrImage         *image)
{
  Layer *l;
  TileEntry *entry;

  g_return_if_fail (TSR_IS_MEMORY_TILE_MAP (self));
  if ((l = get_layer (self, layer)) == NULL)
    {
      g_clear_pointer (&image, tsr_image_free);
      return;
    }
  entry = g_new0 (TileEntry, 1);
  entry->name = g_strdup (name);
  entry->image = image;
  if (!g_hash_table_contains (l->entries, GUINT_TO_POINTER (value)))
    g_array_append_val (l->order, value);
  g_hash_table_insert (l->entries, GUINT_TO_POINTER (value), entry);
  tsr_tile_map_tileset_changed (TSR_TILE_MAP (self));
}
