/* tsr-sphere-document.c: the Sphere map document: the TsrTileMap over the map's layers, loading,
 * saving (with the tileset and spritesets a new place needs), reading and hit testing. The edits are
 * in tsr-sphere-document-layers.c and -elements.c, their command in tsr-sphere-edit-command.c. */
#include "model/sphere/tsr-sphere-document-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "model/sphere/tsr-sphere-vector-map.h"
#include "model/tsr-tile-commands.h"

static void tsr_sphere_document_tile_map_init (TsrTileMapInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrSphereDocument, tsr_sphere_document, TSR_TYPE_DOCUMENT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TILE_MAP, tsr_sphere_document_tile_map_init))

guint tsr_sphere_document_signals[N_SIGNALS];

/* Change notification: drop what was derived from the changed part, then tell the views. */

void
tsr_sphere_document_layers_changed (TsrSphereDocument *self)
{
  g_clear_pointer (&self->layer_names, g_ptr_array_unref);
  self->size_known = FALSE;
  tsr_tile_map_layers_changed (TSR_TILE_MAP (self));
}

/* The TsrTileMap interface */

static const char *
sphere_get_family (TsrTileMap *map)
{
  return "sphere";
}

/* The map is as large as its largest layer (layers of one map may differ). Tile commands ask for
 * it per cell, so it is kept until the layers change. */
void
tsr_sphere_document_get_size (TsrSphereDocument *self,
                              guint             *width,
                              guint             *height)
{
  if (!self->size_known)
    {
      self->width = 0;
      self->height = 0;
      for (guint i = 0; self->map != NULL && i < self->map->layers->len; i++)
        {
          const TsrSphereLayer *layer = g_ptr_array_index (self->map->layers, i);

          self->width = MAX (self->width, layer->width);
          self->height = MAX (self->height, layer->height);
        }
      self->size_known = TRUE;
    }
  *width = self->width;
  *height = self->height;
}

static guint
sphere_get_width (TsrTileMap *map)
{
  guint width, height;

  tsr_sphere_document_get_size (TSR_SPHERE_DOCUMENT (map), &width, &height);
  return width;
}

static guint
sphere_get_height (TsrTileMap *map)
{
  guint width, height;

  tsr_sphere_document_get_size (TSR_SPHERE_DOCUMENT (map), &width, &height);
  return height;
}

static guint
sphere_get_n_layers (TsrTileMap *map)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (map);

  return self->map != NULL ? self->map->layers->len : 0;
}

static TsrSphereLayer *
sphere_layer (TsrSphereDocument *self,
              guint              layer)
{
  if (self->map == NULL || layer >= self->map->layers->len)
    return NULL;
  return g_ptr_array_index (self->map->layers, layer);
}

static const char *
sphere_get_layer_name (TsrTileMap *map,
                       guint       layer)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (map);

  if (sphere_layer (self, layer) == NULL)
    return NULL;
  if (self->layer_names == NULL)
    {
      self->layer_names = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < self->map->layers->len; i++)
        g_ptr_array_add (self->layer_names,
                         tsr_sphere_string_to_utf8 (((TsrSphereLayer *) g_ptr_array_index (self->map->layers, i))->name));
    }
  return g_ptr_array_index (self->layer_names, layer);
}

static gboolean
sphere_get_layer_visible (TsrTileMap *map,
                          guint       layer)
{
  TsrSphereLayer *l = sphere_layer (TSR_SPHERE_DOCUMENT (map), layer);

  return l != NULL && (l->flags & TSR_SPHERE_LAYER_HIDDEN) == 0;
}

static void
sphere_set_layer_visible (TsrTileMap *map,
                          guint       layer,
                          gboolean    visible)
{
  g_autoptr(GError) error = NULL;

  /* The file stores visibility: this is an undoable edit, not a view setting. */
  if (!tsr_sphere_document_set_layer_visible (TSR_SPHERE_DOCUMENT (map), layer, visible, &error))
    g_warning ("%s", error->message);
}

static void
sphere_get_cell_size (TsrTileMap *map,
                      guint      *width,
                      guint      *height)
{
  const TsrSphereTileset *tileset = tsr_sphere_document_get_tileset (TSR_SPHERE_DOCUMENT (map));

  *width = tileset != NULL ? tileset->tile_width : 16;
  *height = tileset != NULL ? tileset->tile_height : 16;
}

static guint32
sphere_get_tile (TsrTileMap *map,
                 guint       layer,
                 guint       x,
                 guint       y)
{
  TsrSphereLayer *l = sphere_layer (TSR_SPHERE_DOCUMENT (map), layer);

  if (l == NULL || x >= l->width || y >= l->height)
    return TSR_SPHERE_DOCUMENT_NO_TILE;
  return l->tiles[(gsize) y * l->width + x];
}

static void
sphere_get_tiles (TsrTileMap        *map,
                  guint              layer,
                  const TsrTileRect *area,
                  guint32           *out)
{
  TsrSphereLayer *l = sphere_layer (TSR_SPHERE_DOCUMENT (map), layer);

  for (gint y = 0; y < area->height; y++)
    {
      guint32 *row = out + (gsize) y * area->width;
      gint ly = area->y + y;

      for (gint x = 0; x < area->width; x++)
        {
          gint lx = area->x + x;

          row[x] = l != NULL && lx < l->width && ly < l->height
                   ? l->tiles[(gsize) ly * l->width + lx] : TSR_SPHERE_DOCUMENT_NO_TILE;
        }
    }
}

static void
sphere_set_tile (TsrTileMap *map,
                 guint       layer,
                 guint       x,
                 guint       y,
                 guint32     value)
{
  TsrSphereLayer *l = sphere_layer (TSR_SPHERE_DOCUMENT (map), layer);

  /* Cells outside a smaller layer, and NO_TILE pasted from such cells, change nothing. */
  if (l == NULL || x >= l->width || y >= l->height || value > G_MAXUINT16)
    return;
  l->tiles[(gsize) y * l->width + x] = (guint16) value;
}

static guint32
sphere_get_empty_tile (TsrTileMap *map,
                       guint       layer)
{
  /* Sphere has no empty cell; tile 0 is what new layers and Tiled's empty cells become. */
  return 0;
}

static GArray *
sphere_list_tiles (TsrTileMap *map,
                   guint       layer)
{
  const TsrSphereTileset *tileset = tsr_sphere_document_get_tileset (TSR_SPHERE_DOCUMENT (map));
  GArray *values = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 i = 0; tileset != NULL && i < tileset->tiles->len; i++)
    g_array_append_val (values, i);
  return values;
}

static const TsrImage *
sphere_get_tile_image (TsrTileMap *map,
                       guint       layer,
                       guint32     value)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (map);
  const TsrSphereTileset *tileset = tsr_sphere_document_get_tileset (self);

  if (tileset == NULL || value >= tileset->tiles->len)
    return NULL;
  if (self->tile_images == NULL)
    {
      self->tile_images = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
      g_ptr_array_set_size (self->tile_images, tileset->tiles->len);
    }
  if (g_ptr_array_index (self->tile_images, value) == NULL)
    g_ptr_array_index (self->tile_images, value) = tsr_sphere_tileset_tile_image (tileset, value);
  return g_ptr_array_index (self->tile_images, value);
}

static char *
sphere_get_tile_name (TsrTileMap *map,
                      guint       layer,
                      guint32     value)
{
  const TsrSphereTileset *tileset = tsr_sphere_document_get_tileset (TSR_SPHERE_DOCUMENT (map));

  if (value == TSR_SPHERE_DOCUMENT_NO_TILE)
    return g_strdup (_("Outside the layer"));
  if (tileset != NULL && value < tileset->tiles->len)
    {
      const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, value);
      g_autofree char *name = tile->name != NULL && g_bytes_get_size (tile->name) > 0
                              ? tsr_sphere_string_to_utf8 (tile->name) : g_strdup_printf (_("Tile %u"), value);
      GString *text = g_string_new (name);

      /* What the palette's tooltip can tell beyond the picture: animation and obstruction. */
      if (tile->animated)
        /* Translators: a tile's name in the palette, then what it animates into: "Tile 4 · animated, then tile 5". */
        g_string_printf (text, _("%s · animated, then tile %u"), name, tile->next_tile);
      if (tileset->has_obstructions
          && ((tile->obstruction_type == TSR_SPHERE_OBSTRUCTION_SEGMENTS && tile->segments != NULL && tile->segments->len > 0)
              || tile->obstruction_type == TSR_SPHERE_OBSTRUCTION_MASK))
        {
          g_autofree char *shown = g_string_free (text, FALSE);

          /* Translators: a tile's name in the palette, then that persons cannot walk through it. */
          text = g_string_new (NULL);
          g_string_printf (text, _("%s · obstructs"), shown);
        }
      return g_string_free (text, FALSE);
    }
  return g_strdup_printf (_("Tile %u"), value);
}

static void
tsr_sphere_document_tile_map_init (TsrTileMapInterface *iface)
{
  iface->get_family = sphere_get_family;
  iface->get_width = sphere_get_width;
  iface->get_height = sphere_get_height;
  iface->get_n_layers = sphere_get_n_layers;
  iface->get_layer_name = sphere_get_layer_name;
  iface->get_layer_visible = sphere_get_layer_visible;
  iface->set_layer_visible = sphere_set_layer_visible;
  iface->get_cell_size = sphere_get_cell_size;
  iface->get_tile = sphere_get_tile;
  iface->get_tiles = sphere_get_tiles;
  iface->set_tile = sphere_set_tile;
  iface->get_empty_tile = sphere_get_empty_tile;
  iface->list_tiles = sphere_list_tiles;
  iface->get_tile_image = sphere_get_tile_image;
  iface->get_tile_name = sphere_get_tile_name;
}

/* The document */

static gboolean
tsr_sphere_document_attach (TsrDocument *document,
                            GError     **error)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (document);
  const TsrFormat *format = tsr_document_get_format (document);

  /* .rmp and .tmx load into a TsrSphereMap; tilesets and spritesets are shown, not edited. */
  if (g_strcmp0 (format->id, "sphere-rmp") != 0 && g_strcmp0 (format->id, "tiled-tmx") != 0)
    return TRUE;
  self->map = tsr_document_get_format_data (document);
  if (self->map->external_tileset != NULL && self->map->tileset == NULL)
    self->tileset_loaded = tsr_sphere_tileset_serialize (self->map->external_tileset);
  return TRUE;
}

/* Where the external tileset of a map saved at PATH lives, or NULL when it has none. */
static char *
external_tileset_path (TsrSphereMap *map,
                       const char   *path,
                       gboolean     *exists)
{
  g_autofree char *name = tsr_sphere_map_get_string (map, TSR_SPHERE_STRING_TILESET);
  g_autofree char *folder = NULL;
  g_autofree char *base = NULL;
  char *full;

  *exists = FALSE;
  if (name[0] == '\0' || map->tileset != NULL || map->external_tileset == NULL)
    return NULL;
  /* Found as the codec finds it: NAME relative to the map's folder, else its base name there. */
  folder = g_path_get_dirname (path);
  g_strdelimit (name, "\\", '/');
  full = g_build_filename (folder, name, NULL);
  if (g_file_test (full, G_FILE_TEST_EXISTS))
    {
      *exists = TRUE;
      return full;
    }
  g_free (full);
  base = g_path_get_basename (name);
  full = g_build_filename (folder, base, NULL);
  *exists = g_file_test (full, G_FILE_TEST_EXISTS);
  return full;
}

/* Where a person's spriteset is looked for from the map at MAP_PATH: the Sphere project layout
 * first (maps/ and spritesets/ side by side), then beside the map. */
static const char *const spriteset_folders[] = { "../spritesets", "." };

/* Save As into another folder: every spriteset a person names that the new place would not find is
 * copied there byte for byte, into ../spritesets when the new place has that folder, else beside
 * the map, so the saved map opens with its sprites as it did before. */
static void
add_missing_spritesets (TsrSphereDocument *self,
                        const char        *path,
                        GPtrArray         *outputs)
{
  g_autofree char *old_folder = self->map->path != NULL ? g_path_get_dirname (self->map->path) : NULL;
  g_autofree char *new_folder = g_path_get_dirname (path);
  g_autoptr(GHashTable) done = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (old_folder == NULL)
    return;
  for (guint i = 0; i < self->map->entities->len; i++)
    {
      const TsrSphereEntity *entity = g_ptr_array_index (self->map->entities, i);
      g_autofree char *name = NULL;
      g_autofree char *source = NULL;
      g_autofree char *project = NULL;
      g_autofree char *target = NULL;
      g_autoptr(GBytes) bytes = NULL;
      gboolean found_there = FALSE;

      if (entity->type != TSR_SPHERE_ENTITY_PERSON)
        continue;
      name = g_strdelimit (tsr_sphere_string_to_utf8 (entity->spriteset), "\\", '/');
      if (name[0] == '\0' || g_hash_table_contains (done, name))
        continue;
      for (guint c = 0; c < G_N_ELEMENTS (spriteset_folders) && !found_there; c++)
        {
          g_autofree char *candidate = g_build_filename (new_folder, spriteset_folders[c], name, NULL);

          found_there = g_file_test (candidate, G_FILE_TEST_IS_REGULAR);
        }
      for (guint c = 0; c < G_N_ELEMENTS (spriteset_folders) && source == NULL && !found_there; c++)
        {
          char *candidate = g_build_filename (old_folder, spriteset_folders[c], name, NULL);

          if (g_file_test (candidate, G_FILE_TEST_IS_REGULAR))
            source = candidate;
          else
            g_free (candidate);
        }
      g_hash_table_add (done, g_strdup (name));
      if (found_there || source == NULL || (bytes = tsr_file_read (source, NULL)) == NULL)
        continue;
      project = g_canonicalize_filename (spriteset_folders[0], new_folder);
      target = g_build_filename (g_file_test (project, G_FILE_TEST_IS_DIR) ? project : new_folder, name, NULL);
      g_ptr_array_add (outputs, tsr_output_file_new (target, bytes));
    }
}

/* A map saved as .tmx is written as a Tiled map (with its TSX and tileset PNG), as .rmp as a
 * Sphere map, whichever it was loaded from: both load into one TsrSphereMap, and the conversion is
 * tessera-cli convert's. Tilesets and spritesets keep their format (NULL: names another format
 * claims are refused). */
static const TsrFormat *
tsr_sphere_document_format_for_path (TsrDocument *document,
                                     const char  *path)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (document);
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  const TsrFormat *rmp = tsr_format_registry_lookup (registry, "sphere-rmp");
  const TsrFormat *tmx = tsr_format_registry_lookup (registry, "tiled-tmx");

  if (self->map == NULL)
    return NULL;
  if (tsr_format_has_extension (tmx, path))
    return tmx;
  if (tsr_format_has_extension (rmp, path))
    return rmp;
  return NULL;
}

static GPtrArray *
tsr_sphere_document_serialize (TsrDocument *document,
                               const char  *path,
                               GError     **error)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (document);
  const TsrFormat *target = path != NULL ? tsr_sphere_document_format_for_path (document, path) : NULL;
  const TsrFormat *format = target != NULL ? target : tsr_document_get_format (document);
  g_autoptr(GPtrArray) outputs = format->save (tsr_document_get_format_data (document), path, error);
  g_autofree char *tileset_path = NULL;
  g_autoptr(GBytes) tileset_bytes = NULL;
  gboolean exists;

  if (outputs == NULL || self->map == NULL || g_strcmp0 (format->id, "sphere-rmp") != 0)
    return g_steal_pointer (&outputs);
  add_missing_spritesets (self, path, outputs);
  /* The external tileset is written only when it changed, or when the map is saved into a folder
   * without it (Save As elsewhere), so the saved map opens with its tiles. */
  tileset_path = external_tileset_path (self->map, path, &exists);
  if (tileset_path == NULL)
    return g_steal_pointer (&outputs);
  tileset_bytes = tsr_sphere_tileset_serialize (self->map->external_tileset);
  if (!exists || self->tileset_loaded == NULL || !g_bytes_equal (tileset_bytes, self->tileset_loaded))
    g_ptr_array_add (outputs, tsr_output_file_new (tileset_path, tileset_bytes));
  return g_steal_pointer (&outputs);
}

/* Saved under another name: spritesets and the tileset are found from the new place. */
static void
tsr_sphere_document_on_file_changed (TsrSphereDocument *self,
                                     GParamSpec        *pspec,
                                     gpointer           user_data)
{
  GFile *file = tsr_document_get_file (TSR_DOCUMENT (self));

  if (self->map != NULL && file != NULL)
    {
      g_free (self->map->path);
      self->map->path = g_file_get_path (file);
    }
}

static void
tsr_sphere_document_finalize (GObject *object)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (object);

  g_clear_pointer (&self->layer_names, g_ptr_array_unref);
  g_clear_pointer (&self->tile_images, g_ptr_array_unref);
  g_clear_pointer (&self->spritesets, g_hash_table_unref);
  g_clear_pointer (&self->tileset_loaded, g_bytes_unref);
  g_clear_pointer (&self->vector_maps, g_ptr_array_unref);
  G_OBJECT_CLASS (tsr_sphere_document_parent_class)->finalize (object);
}

static void
tsr_sphere_document_class_init (TsrSphereDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TsrDocumentClass *document_class = TSR_DOCUMENT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->finalize = tsr_sphere_document_finalize;
  document_class->attach = tsr_sphere_document_attach;
  document_class->serialize = tsr_sphere_document_serialize;
  document_class->format_for_path = tsr_sphere_document_format_for_path;

#define INDEX_SIGNAL(id, name) \
  tsr_sphere_document_signals[id] = g_signal_new (name, type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT)
#define LAYER_INDEX_SIGNAL(id, name) \
  tsr_sphere_document_signals[id] = g_signal_new (name, type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT)
  INDEX_SIGNAL (LAYER_ADDED, "layer-added");
  INDEX_SIGNAL (LAYER_REMOVED, "layer-removed");
  LAYER_INDEX_SIGNAL (LAYER_MOVED, "layer-moved");
  INDEX_SIGNAL (LAYER_CHANGED, "layer-changed");
  INDEX_SIGNAL (ENTITY_ADDED, "entity-added");
  INDEX_SIGNAL (ENTITY_REMOVED, "entity-removed");
  INDEX_SIGNAL (ENTITY_CHANGED, "entity-changed");
  INDEX_SIGNAL (ZONE_ADDED, "zone-added");
  INDEX_SIGNAL (ZONE_REMOVED, "zone-removed");
  INDEX_SIGNAL (ZONE_CHANGED, "zone-changed");
  LAYER_INDEX_SIGNAL (SEGMENT_ADDED, "segment-added");
  LAYER_INDEX_SIGNAL (SEGMENT_REMOVED, "segment-removed");
  LAYER_INDEX_SIGNAL (SEGMENT_CHANGED, "segment-changed");
#undef LAYER_INDEX_SIGNAL
  tsr_sphere_document_signals[MAP_CHANGED] = g_signal_new ("map-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A spriteset opened as the document: a direction's frames (or their images) changed. */
  INDEX_SIGNAL (SPRITESET_CHANGED, "spriteset-changed");
#undef INDEX_SIGNAL
}

static void
tsr_sphere_document_init (TsrSphereDocument *self)
{
  self->spritesets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) tsr_sphere_spriteset_free);
  g_signal_connect (self, "notify::file", G_CALLBACK (tsr_sphere_document_on_file_changed), NULL);
}

void
tsr_sphere_document_register (void)
{
  /* Tilesets and spritesets open as a document without layers (is_map FALSE). */
  static const char *const formats[] = { "sphere-rmp", "tiled-tmx", "sphere-rts", "sphere-rss" };

  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    tsr_document_register_type (formats[i], TSR_TYPE_SPHERE_DOCUMENT);
}

/* Reading */

TsrVectorMap *
tsr_sphere_document_get_vector_map (TsrSphereDocument *self,
                                    guint              layer)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  g_return_val_if_fail (layer <= G_MAXUINT8, NULL);

  if (self->vector_maps == NULL)
    self->vector_maps = g_ptr_array_new_with_free_func (g_object_unref);
  while (self->vector_maps->len <= layer)
    g_ptr_array_add (self->vector_maps, tsr_sphere_vector_map_new (self, self->vector_maps->len));
  return TSR_VECTOR_MAP (g_ptr_array_index (self->vector_maps, layer));
}

gboolean
tsr_sphere_document_is_map (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  return self->map != NULL;
}

const TsrSphereMap *
tsr_sphere_document_get_map (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  return self->map;
}

const TsrSphereTileset *
tsr_sphere_document_get_tileset (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  return self->map != NULL ? tsr_sphere_map_get_tileset (self->map) : NULL;
}

guint
tsr_sphere_document_get_n_layers (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), 0);
  return self->map != NULL ? self->map->layers->len : 0;
}

const TsrSphereLayer *
tsr_sphere_document_get_layer (TsrSphereDocument *self,
                               guint              index)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  return sphere_layer (self, index);
}

void
tsr_sphere_document_get_layer_properties (TsrSphereDocument        *self,
                                          guint                     index,
                                          TsrSphereLayerProperties *properties)
{
  LayerHeader header = { 0 };
  const TsrSphereLayer *layer;

  g_return_if_fail (TSR_IS_SPHERE_DOCUMENT (self));
  g_return_if_fail (properties != NULL);
  layer = sphere_layer (self, index);
  g_return_if_fail (layer != NULL);
  tsr_sphere_layer_header_take (&header, layer);
  *properties = header.properties;
  tsr_sphere_layer_header_clear (&header);
}

guint
tsr_sphere_document_get_n_entities (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), 0);
  return self->map != NULL ? self->map->entities->len : 0;
}

const TsrSphereEntity *
tsr_sphere_document_get_entity (TsrSphereDocument *self,
                                guint              index)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  if (self->map == NULL || index >= self->map->entities->len)
    return NULL;
  return g_ptr_array_index (self->map->entities, index);
}

guint
tsr_sphere_document_get_n_zones (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), 0);
  return self->map != NULL ? self->map->zones->len : 0;
}

const TsrSphereZone *
tsr_sphere_document_get_zone (TsrSphereDocument *self,
                              guint              index)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  if (self->map == NULL || index >= self->map->zones->len)
    return NULL;
  return g_ptr_array_index (self->map->zones, index);
}

const TsrSphereSpriteset *
tsr_sphere_document_get_spriteset (TsrSphereDocument *self,
                                   const char        *name)
{
  g_autofree char *key = NULL;
  g_autofree char *folder = NULL;
  TsrSphereSpriteset *spriteset = NULL;
  const char *const *candidates = spriteset_folders;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  if (name == NULL || name[0] == '\0' || self->map == NULL)
    return NULL;
  key = g_strdelimit (g_strdup (name), "\\", '/');
  if (g_hash_table_contains (self->spritesets, key))
    return g_hash_table_lookup (self->spritesets, key);
  if (self->map->path != NULL)
    folder = g_path_get_dirname (self->map->path);
  for (guint c = 0; folder != NULL && c < G_N_ELEMENTS (spriteset_folders) && spriteset == NULL; c++)
    {
      g_autofree char *path = g_build_filename (folder, candidates[c], key, NULL);
      g_autoptr(GBytes) bytes = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR) && (bytes = tsr_file_read (path, NULL)) != NULL)
        spriteset = tsr_sphere_spriteset_parse (bytes, NULL);
    }
  /* Kept for the document's lifetime, so returned pointers stay valid. */
  g_hash_table_insert (self->spritesets, g_steal_pointer (&key), spriteset);
  return spriteset;
}

const TsrImage *
tsr_sphere_document_get_person_image (TsrSphereDocument *self,
                                      guint              entity,
                                      gint              *origin_x,
                                      gint              *origin_y)
{
  const TsrSphereEntity *person;
  const TsrSphereSpriteset *spriteset;
  g_autofree char *name = NULL;
  const TsrImage *image;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  person = tsr_sphere_document_get_entity (self, entity);
  if (person == NULL || person->type != TSR_SPHERE_ENTITY_PERSON)
    return NULL;
  name = tsr_sphere_string_to_utf8 (person->spriteset);
  spriteset = tsr_sphere_document_get_spriteset (self, name);
  if (spriteset == NULL || (image = tsr_sphere_spriteset_pose_image (spriteset, NULL)) == NULL)
    return NULL;
  if (origin_x != NULL)
    *origin_x = -((spriteset->base_x1 + spriteset->base_x2) / 2);
  if (origin_y != NULL)
    *origin_y = -((spriteset->base_y1 + spriteset->base_y2) / 2);
  return image;
}

/* Hit testing */

gboolean
tsr_sphere_document_get_entity_bounds (TsrSphereDocument *self,
                                       guint              index,
                                       TsrTileRect       *pixels)
{
  const TsrSphereEntity *entity;
  const TsrImage *image;
  gint origin_x = 0, origin_y = 0;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (pixels != NULL, FALSE);
  if ((entity = tsr_sphere_document_get_entity (self, index)) == NULL)
    return FALSE;
  image = tsr_sphere_document_get_person_image (self, index, &origin_x, &origin_y);
  if (image != NULL)
    *pixels = (TsrTileRect) { entity->x + origin_x, entity->y + origin_y, (gint) image->width, (gint) image->height };
  else
    *pixels = (TsrTileRect) { entity->x - 4, entity->y - 4, 9, 9 };
  return TRUE;
}

gint
tsr_sphere_document_entity_at (TsrSphereDocument *self,
                               gint               layer,
                               gint               x,
                               gint               y)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), -1);
  for (guint i = tsr_sphere_document_get_n_entities (self); i-- > 0;)
    {
      TsrTileRect box;

      if (layer >= 0 && tsr_sphere_document_get_entity (self, i)->layer != layer)
        continue;
      if (tsr_sphere_document_get_entity_bounds (self, i, &box) && tsr_tile_rect_contains (&box, x, y))
        return (gint) i;
    }
  return -1;
}

gint
tsr_sphere_document_zone_at (TsrSphereDocument *self,
                             gint               layer,
                             gint               x,
                             gint               y)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), -1);
  for (guint i = tsr_sphere_document_get_n_zones (self); i-- > 0;)
    {
      const TsrSphereZone *zone = tsr_sphere_document_get_zone (self, i);

      if (layer >= 0 && zone->layer != layer)
        continue;
      if (x >= MIN (zone->x1, zone->x2) && x <= MAX (zone->x1, zone->x2)
          && y >= MIN (zone->y1, zone->y2) && y <= MAX (zone->y1, zone->y2))
        return (gint) i;
    }
  return -1;
}

gint
tsr_sphere_document_segment_at (TsrSphereDocument *self,
                                guint              layer,
                                gint               x,
                                gint               y,
                                guint              tolerance)
{
  const TsrSphereLayer *l;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), -1);
  if ((l = sphere_layer (self, layer)) == NULL)
    return -1;
  for (guint i = l->segments->len; i-- > 0;)
    {
      const TsrSphereSegment *segment = &g_array_index (l->segments, TsrSphereSegment, i);
      double x1 = segment->x1, y1 = segment->y1, dx = (double) segment->x2 - x1, dy = (double) segment->y2 - y1;
      double length2 = dx * dx + dy * dy;
      double t = length2 > 0 ? ((x - x1) * dx + (y - y1) * dy) / length2 : 0;
      double px, py;

      t = CLAMP (t, 0.0, 1.0);
      px = x1 + t * dx - x;
      py = y1 + t * dy - y;
      if (px * px + py * py <= (double) tolerance * tolerance)
        return (gint) i;
    }
  return -1;
}

/* Edits: tiles */

gboolean
tsr_sphere_document_paint (TsrSphereDocument *self,
                           guint              layer,
                           const TsrTileRect *area,
                           guint16            tile,
                           GError           **error)
{
  TsrCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);
  if (!tsr_sphere_document_check_layer (self, layer, error))
    return FALSE;
  command = tsr_tile_command_fill_rect (TSR_TILE_MAP (self), layer, area, tile);
  if (command != NULL)
    {
      tsr_document_execute (TSR_DOCUMENT (self), command);
      g_object_unref (command);
    }
  return TRUE;
}

