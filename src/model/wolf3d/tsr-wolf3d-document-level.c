/* tsr-wolf3d-document-level.c: TsrWolfLevelMap, one level of a Wolf3D document as a TsrTileMap.
 * Cells are the codec's plane words; set_tile writes the plane and drops that plane's stored
 * chunk, so saving recompresses only the planes that were edited. */
#include "model/wolf3d/tsr-wolf3d-document-private.h"

#include <glib/gi18n.h>
#include <string.h>

static void tsr_wolf_level_map_iface_init (TsrTileMapInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrWolfLevelMap, tsr_wolf_level_map, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TILE_MAP, tsr_wolf_level_map_iface_init))

enum {
  PROP_0,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
document_gone (gpointer  data,
               GObject  *where_the_object_was)
{
  TsrWolfLevelMap *self = data;

  /* The set (and the levels in it) go with the document. */
  self->document = NULL;
  if (self->in_set)
    self->level = NULL;
  self->in_set = FALSE;
}

static void
tsr_wolf_level_map_finalize (GObject *object)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (object);

  if (self->document != NULL)
    {
      if (!self->in_set && self->level != NULL)
        tsr_wolf_document_forget_pristine (self->document, self->level);
      g_object_weak_unref (G_OBJECT (self->document), document_gone, self);
    }
  if (!self->in_set)
    g_clear_pointer (&self->level, tsr_wolf3d_level_free);
  G_OBJECT_CLASS (tsr_wolf_level_map_parent_class)->finalize (object);
}

static void
tsr_wolf_level_map_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, tsr_wolf_level_map_get_name (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Layers 0 and 2 show the same plane: a change to one is a change to both. */
static void
on_tiles_changed (TsrWolfLevelMap   *self,
                  guint              layer,
                  const TsrTileRect *area)
{
  if (!self->emitting_twin && layer != TSR_WOLF_LAYER_OBJECTS)
    {
      self->emitting_twin = TRUE;
      tsr_tile_map_tiles_changed (TSR_TILE_MAP (self),
                                  layer == TSR_WOLF_LAYER_ARCHITECTURE ? TSR_WOLF_LAYER_AREAS
                                                                       : TSR_WOLF_LAYER_ARCHITECTURE,
                                  area);
      self->emitting_twin = FALSE;
    }
  if (self->document != NULL)
    tsr_wolf_document_level_tiles_changed (self->document, self, layer, area);
}

static void
tsr_wolf_level_map_class_init (TsrWolfLevelMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tsr_wolf_level_map_finalize;
  object_class->get_property = tsr_wolf_level_map_get_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tsr_wolf_level_map_init (TsrWolfLevelMap *self)
{
  g_signal_connect (self, "tiles-changed", G_CALLBACK (on_tiles_changed), NULL);
}

TsrWolfLevelMap *
tsr_wolf_level_map_new (TsrWolfDocument *document,
                        TsrWolf3dLevel  *level)
{
  TsrWolfLevelMap *self = g_object_new (TSR_TYPE_WOLF_LEVEL_MAP, NULL);

  self->document = document;
  self->level = level;
  g_object_weak_ref (G_OBJECT (document), document_gone, self);
  return self;
}

void
tsr_wolf_level_map_notify_name (TsrWolfLevelMap *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

const char *
tsr_wolf_level_map_get_name (TsrWolfLevelMap *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_LEVEL_MAP (self), NULL);
  return self->level != NULL ? self->level->name : "";
}

TsrWolfDocument *
tsr_wolf_level_map_get_document (TsrWolfLevelMap *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_LEVEL_MAP (self), NULL);
  return self->document;
}

const TsrWolf3dLevel *
tsr_wolf_level_map_get_level (TsrWolfLevelMap *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_LEVEL_MAP (self), NULL);
  return self->level;
}

gboolean
tsr_wolf_level_map_is_empty_slot (TsrWolfLevelMap *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_LEVEL_MAP (self), FALSE);
  return self->level == NULL && self->document != NULL;
}

gboolean
tsr_wolf_level_map_is_in_set (TsrWolfLevelMap *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_LEVEL_MAP (self), FALSE);
  return self->in_set;
}

/* ---- TsrTileMap --------------------------------------------------------------------------- */

static const char *
level_map_get_family (TsrTileMap *map)
{
  return "wolf3d";
}

static guint
level_map_get_width (TsrTileMap *map)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (map);
  return self->level != NULL ? self->level->width : 0;
}

static guint
level_map_get_height (TsrTileMap *map)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (map);
  return self->level != NULL ? self->level->height : 0;
}

static guint
level_map_get_n_layers (TsrTileMap *map)
{
  return TSR_WOLF_N_LAYERS;
}

/* The layers' names as scripts see them; the views show them translated (get_layer_title). */
static const char *const layer_names[TSR_WOLF_N_LAYERS] = { N_("Architecture"), N_("Objects"), N_("Area codes") };

static const char *
level_map_get_layer_name (TsrTileMap *map,
                          guint       layer)
{
  return layer < TSR_WOLF_N_LAYERS ? layer_names[layer] : NULL;
}

static const char *
level_map_get_layer_title (TsrTileMap *map,
                           guint       layer)
{
  return layer < TSR_WOLF_N_LAYERS ? _(layer_names[layer]) : NULL;
}

static gboolean
level_map_get_layer_visible (TsrTileMap *map,
                             guint       layer)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (map);
  return self->document != NULL ? tsr_wolf_document_layer_visible (self->document, layer) : TRUE;
}

static void
level_map_set_layer_visible (TsrTileMap *map,
                             guint       layer,
                             gboolean    visible)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (map);

  if (self->document != NULL)
    tsr_wolf_document_set_layer_visible (self->document, layer, visible);
}

static void
level_map_get_cell_size (TsrTileMap *map,
                         guint      *width,
                         guint      *height)
{
  *width = TSR_WOLF_CELL_SIZE;
  *height = TSR_WOLF_CELL_SIZE;
}

static inline guint
plane_of_layer (guint layer)
{
  return layer == TSR_WOLF_LAYER_OBJECTS ? 1 : 0;
}

static guint32
level_map_get_tile (TsrTileMap *map,
                    guint       layer,
                    guint       x,
                    guint       y)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (map);
  const TsrWolf3dLevel *level = self->level;

  if (level == NULL || layer >= TSR_WOLF_N_LAYERS || x >= level->width || y >= level->height)
    return 0;
  return level->planes[plane_of_layer (layer)][(gsize) y * level->width + x];
}

static void
level_map_get_tiles (TsrTileMap        *map,
                     guint              layer,
                     const TsrTileRect *area,
                     guint32           *out)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (map);
  const TsrWolf3dLevel *level = self->level;
  const guint16 *plane;

  if (level == NULL || layer >= TSR_WOLF_N_LAYERS)
    {
      memset (out, 0, sizeof (guint32) * (gsize) MAX (area->width, 0) * (gsize) MAX (area->height, 0));
      return;
    }
  plane = level->planes[plane_of_layer (layer)];
  for (gint y = 0; y < area->height; y++)
    {
      const guint16 *row = plane + (gsize) (area->y + y) * level->width + area->x;

      for (gint x = 0; x < area->width; x++)
        *out++ = row[x];
    }
}

static void
level_map_set_tile (TsrTileMap *map,
                    guint       layer,
                    guint       x,
                    guint       y,
                    guint32     value)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (map);
  TsrWolf3dLevel *level = self->level;
  guint plane = plane_of_layer (layer);
  guint16 *cell;

  g_return_if_fail (value <= G_MAXUINT16);
  if (level == NULL || layer >= TSR_WOLF_N_LAYERS || x >= level->width || y >= level->height)
    return;
  cell = &level->planes[plane][(gsize) y * level->width + x];
  if (*cell == value)
    return;
  *cell = (guint16) value;
  /* The stored chunk no longer matches: the codec recompresses this plane of this level only. */
  g_clear_pointer (&level->chunks[plane], g_bytes_unref);
  if (self->in_set && self->document != NULL)
    tsr_wolf_document_get_maps (self->document)->changed = TRUE;
}

/* Plane 0 has no "nothing": 0 is no floor (the engine reads an area number from every cell that is
 * not a wall or a door), so what the eraser and a moved selection leave behind is the floor code
 * the level uses most, which keeps the hole walkable and inside the level's main area. */
guint16
tsr_wolf_level_map_get_floor_code (TsrWolfLevelMap *self)
{
  const TsrWolf3dLevel *level;
  guint counts[TSR_WOLF3D_AREA_LAST - TSR_WOLF3D_AREA_FIRST + 1] = { 0 };
  guint best = 1;  /* area 1 on a level without any floor */
  gsize n;

  g_return_val_if_fail (TSR_IS_WOLF_LEVEL_MAP (self), TSR_WOLF3D_AREA_FIRST + 1);
  level = self->level;
  if (level == NULL)
    return TSR_WOLF3D_AREA_FIRST + best;
  n = (gsize) level->width * level->height;
  for (gsize i = 0; i < n; i++)
    {
      guint16 code = level->planes[0][i];

      if (code >= TSR_WOLF3D_AREA_FIRST && code <= TSR_WOLF3D_AREA_LAST)
        counts[code - TSR_WOLF3D_AREA_FIRST]++;
    }
  for (guint a = 0; a < G_N_ELEMENTS (counts); a++)
    if (counts[a] > counts[best])
      best = a;
  return (guint16) (TSR_WOLF3D_AREA_FIRST + best);
}

static guint32
level_map_get_empty_tile (TsrTileMap *map,
                          guint       layer)
{
  return plane_of_layer (layer) == 0 ? tsr_wolf_level_map_get_floor_code (TSR_WOLF_LEVEL_MAP (map)) : 0;
}

static GArray *
level_map_list_tiles (TsrTileMap *map,
                      guint       layer)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (map);

  if (self->document == NULL)
    return g_array_new (FALSE, FALSE, sizeof (guint32));
  return tsr_wolf_document_palette (self->document, layer);
}

static const TsrImage *
level_map_get_tile_image (TsrTileMap *map,
                          guint       layer,
                          guint32     value)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (map);

  if (self->document == NULL)
    return NULL;
  return tsr_wolf_document_tile_image (self->document, layer, value);
}

static const TsrImage *
level_map_get_palette_image (TsrTileMap *map,
                             guint       layer,
                             guint32     value)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (map);

  if (self->document == NULL)
    return NULL;
  return tsr_wolf_document_palette_image (self->document, layer, value);
}

static char *
level_map_get_tile_name (TsrTileMap *map,
                         guint       layer,
                         guint32     value)
{
  TsrWolfLevelMap *self = TSR_WOLF_LEVEL_MAP (map);

  if (self->document == NULL)
    return g_strdup_printf ("%u", value);
  return tsr_wolf_document_tile_name (self->document, layer, value);
}

static void
tsr_wolf_level_map_iface_init (TsrTileMapInterface *iface)
{
  iface->get_family = level_map_get_family;
  iface->get_width = level_map_get_width;
  iface->get_height = level_map_get_height;
  iface->get_n_layers = level_map_get_n_layers;
  iface->get_layer_name = level_map_get_layer_name;
  iface->get_layer_title = level_map_get_layer_title;
  iface->get_layer_visible = level_map_get_layer_visible;
  iface->set_layer_visible = level_map_set_layer_visible;
  iface->get_cell_size = level_map_get_cell_size;
  iface->get_tile = level_map_get_tile;
  iface->get_tiles = level_map_get_tiles;
  iface->set_tile = level_map_set_tile;
  iface->get_empty_tile = level_map_get_empty_tile;
  iface->list_tiles = level_map_list_tiles;
  iface->get_tile_image = level_map_get_tile_image;
  iface->get_palette_image = level_map_get_palette_image;
  iface->get_tile_name = level_map_get_tile_name;
}
