/* tsr-wolf3d-document.c: TsrWolfDocument, a Wolf3D data set open for editing: the level list,
 * the current level (the document is a TsrTileMap showing it), images and names per plane
 * value, and saving through the codec with the original chunks of every plane that is as loaded,
 * so that undoing every edit gives back the files byte for byte. */
#include "model/wolf3d/tsr-wolf3d-document-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"

typedef struct {
  GBytes  *chunks[TSR_WOLF3D_PLANES];   /* as loaded (or as copied by duplicate); NULL = none */
  guint16 *planes[TSR_WOLF3D_PLANES];   /* what those chunks expand to */
  gsize    words;
} Pristine;

struct _TsrWolfDocument {
  TsrDocument      parent_instance;
  GListStore      *levels;          /* TsrWolfLevelMap, in MAPHEAD order */
  TsrWolfLevelMap *current;         /* a reference; NULL without levels */
  guint            current_index;
  gboolean         layer_visible[TSR_WOLF_N_LAYERS];
  GHashTable      *images;          /* layer << 16 | value → TsrImage (NULL: draws nothing) */
  GHashTable      *pristine;        /* TsrWolf3dLevel * → Pristine */
  /* The level order and names as loaded, to tell when everything is back as it was. */
  GPtrArray       *original_levels;
  GArray          *original_names;  /* 16 bytes per level */
  gboolean         maps_clean_at_load;
  gboolean         forwarding;
};

static void tsr_wolf_document_tile_map_init (TsrTileMapInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrWolfDocument, tsr_wolf_document, TSR_TYPE_DOCUMENT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TILE_MAP, tsr_wolf_document_tile_map_init))

enum {
  PROP_0,
  PROP_CURRENT_LEVEL,
  PROP_CURRENT_LEVEL_MAP,
  PROP_N_LEVELS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
tsr_wolf3d_document_register (void)
{
  tsr_document_register_type ("wolf3d-set", TSR_TYPE_WOLF_DOCUMENT);
}

static void
pristine_free (gpointer data)
{
  Pristine *pristine = data;

  for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
    {
      g_clear_pointer (&pristine->chunks[p], g_bytes_unref);
      g_free (pristine->planes[p]);
    }
  g_free (pristine);
}

static TsrWolf3dSet *
get_set (TsrWolfDocument *self)
{
  return tsr_document_get_format_data (TSR_DOCUMENT (self));
}

TsrWolf3dMaps *
tsr_wolf_document_get_maps (TsrWolfDocument *self)
{
  return get_set (self)->maps;
}

/* ---- current level ------------------------------------------------------------------------ */

static void
emit_whole_map_changed (TsrWolfDocument *self)
{
  TsrTileRect bounds = tsr_tile_map_get_bounds (TSR_TILE_MAP (self));

  self->forwarding = TRUE;
  tsr_tile_map_layers_changed (TSR_TILE_MAP (self));
  for (guint layer = 0; layer < TSR_WOLF_N_LAYERS; layer++)
    tsr_tile_map_tiles_changed (TSR_TILE_MAP (self), layer, &bounds);
  self->forwarding = FALSE;
}

/* Makes MAP current (it may be NULL) and says what changed. */
static void
set_current (TsrWolfDocument *self,
             TsrWolfLevelMap *map)
{
  gint index = map != NULL ? tsr_wolf_document_get_level_index (self, map) : -1;
  guint new_index = index >= 0 ? (guint) index : G_MAXUINT;
  gboolean map_changed = map != self->current;

  g_object_freeze_notify (G_OBJECT (self));
  if (map_changed)
    {
      g_set_object (&self->current, map);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_LEVEL_MAP]);
    }
  if (new_index != self->current_index)
    {
      self->current_index = new_index;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_LEVEL]);
    }
  g_object_thaw_notify (G_OBJECT (self));
  if (map_changed)
    emit_whole_map_changed (self);
}

guint
tsr_wolf_document_get_current_level (TsrWolfDocument *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (self), G_MAXUINT);
  return self->current_index;
}

void
tsr_wolf_document_set_current_level (TsrWolfDocument *self,
                                     guint            index)
{
  g_return_if_fail (TSR_IS_WOLF_DOCUMENT (self));
  g_return_if_fail (index < tsr_wolf_document_get_n_levels (self));

  set_current (self, tsr_wolf_document_get_level_map (self, index));
}

TsrWolfLevelMap *
tsr_wolf_document_get_current_level_map (TsrWolfDocument *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (self), NULL);
  return self->current;
}

/* ---- levels ------------------------------------------------------------------------------- */

GListModel *
tsr_wolf_document_get_levels (TsrWolfDocument *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (self), NULL);
  return G_LIST_MODEL (self->levels);
}

guint
tsr_wolf_document_get_n_levels (TsrWolfDocument *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->levels));
}

TsrWolfLevelMap *
tsr_wolf_document_get_level_map (TsrWolfDocument *self,
                                 guint            index)
{
  g_autoptr(TsrWolfLevelMap) map = NULL;

  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (self), NULL);
  map = g_list_model_get_item (G_LIST_MODEL (self->levels), index);
  /* The store keeps its reference. */
  return map;
}

gint
tsr_wolf_document_get_level_index (TsrWolfDocument *self,
                                   TsrWolfLevelMap *map)
{
  guint position;

  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (self), -1);
  if (map == NULL || !map->in_set || !g_list_store_find (self->levels, map, &position))
    return -1;
  return (gint) position;
}

static void
levels_changed (TsrWolfDocument *self,
                guint            old_n_levels)
{
  /* The same level stays current when it is still there. */
  if (self->current != NULL && self->current->in_set)
    set_current (self, self->current);
  if (tsr_wolf_document_get_n_levels (self) != old_n_levels)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_LEVELS]);
}

void
tsr_wolf_document_insert_level (TsrWolfDocument *self,
                                guint            index,
                                TsrWolfLevelMap *map)
{
  TsrWolf3dMaps *maps = tsr_wolf_document_get_maps (self);
  guint n = tsr_wolf_document_get_n_levels (self);

  g_return_if_fail (index <= n && !map->in_set);

  g_ptr_array_insert (maps->levels, (gint) index, map->level);
  maps->changed = TRUE;
  map->in_set = TRUE;
  g_list_store_insert (self->levels, index, map);
  if (self->current == NULL)
    set_current (self, map);
  levels_changed (self, n);
}

TsrWolfLevelMap *
tsr_wolf_document_remove_level (TsrWolfDocument *self,
                                guint            index)
{
  TsrWolf3dMaps *maps = tsr_wolf_document_get_maps (self);
  guint n = tsr_wolf_document_get_n_levels (self);
  TsrWolfLevelMap *map;

  g_return_val_if_fail (index < n, NULL);

  map = g_list_model_get_item (G_LIST_MODEL (self->levels), index);
  g_ptr_array_steal_index (maps->levels, index);
  maps->changed = TRUE;
  map->in_set = FALSE;
  g_list_store_remove (self->levels, index);
  if (map == self->current)
    {
      /* The next level takes its place, or the previous one at the end. */
      guint remaining = n - 1;
      set_current (self, remaining > 0 ? tsr_wolf_document_get_level_map (self, MIN (index, remaining - 1)) : NULL);
    }
  levels_changed (self, n);
  return map;
}

void
tsr_wolf_document_move_level (TsrWolfDocument *self,
                              guint            from,
                              guint            to)
{
  TsrWolf3dMaps *maps = tsr_wolf_document_get_maps (self);
  g_autoptr(TsrWolfLevelMap) map = NULL;
  guint n = tsr_wolf_document_get_n_levels (self);

  g_return_if_fail (from < n && to < n);
  if (from == to)
    return;
  tsr_wolf3d_maps_move_level (maps, from, to, NULL);
  map = g_list_model_get_item (G_LIST_MODEL (self->levels), from);
  g_list_store_remove (self->levels, from);
  g_list_store_insert (self->levels, to, map);
  levels_changed (self, n);
}

void
tsr_wolf_document_set_level_name_raw (TsrWolfDocument *self,
                                      guint            index,
                                      const guint8    *name_raw)
{
  TsrWolfLevelMap *map = tsr_wolf_document_get_level_map (self, index);
  TsrWolf3dLevel *level;

  g_return_if_fail (map != NULL && map->level != NULL);
  level = map->level;
  if (memcmp (level->name_raw, name_raw, TSR_WOLF3D_LEVEL_NAME_MAX) == 0)
    return;
  memcpy (level->name_raw, name_raw, TSR_WOLF3D_LEVEL_NAME_MAX);
  memset (level->name, 0, sizeof level->name);
  memcpy (level->name, name_raw, strnlen ((const char *) name_raw, TSR_WOLF3D_LEVEL_NAME_MAX));
  tsr_wolf_document_get_maps (self)->changed = TRUE;
  tsr_wolf_level_map_notify_name (map);
}

void
tsr_wolf_document_remember_pristine (TsrWolfDocument *self,
                                     TsrWolf3dLevel  *level)
{
  Pristine *pristine;
  gboolean any = FALSE;

  if (level == NULL)
    return;
  pristine = g_new0 (Pristine, 1);
  pristine->words = (gsize) level->width * level->height;
  for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
    if (level->chunks[p] != NULL)
      {
        pristine->chunks[p] = g_bytes_ref (level->chunks[p]);
        pristine->planes[p] = g_memdup2 (level->planes[p], pristine->words * sizeof (guint16));
        any = TRUE;
      }
  if (!any)
    {
      pristine_free (pristine);
      return;
    }
  g_hash_table_replace (self->pristine, level, pristine);
}

void
tsr_wolf_document_forget_pristine (TsrWolfDocument *self,
                                   TsrWolf3dLevel  *level)
{
  if (self->pristine != NULL)
    g_hash_table_remove (self->pristine, level);
}

/* Gives back the stored chunk of every plane that holds what it held when loaded, and says the
 * maps are unchanged when every level is as loaded, in its place, under its name: then the codec
 * writes MAPHEAD and GAMEMAPS as they were read. */
static void
restore_pristine (TsrWolfDocument *self)
{
  TsrWolf3dMaps *maps = tsr_wolf_document_get_maps (self);
  gboolean as_loaded;

  if (maps == NULL)
    return;
  as_loaded = self->maps_clean_at_load && maps->levels->len == self->original_levels->len;
  for (guint i = 0; i < maps->levels->len; i++)
    {
      TsrWolf3dLevel *level = g_ptr_array_index (maps->levels, i);
      Pristine *pristine = level != NULL ? g_hash_table_lookup (self->pristine, level) : NULL;

      if (as_loaded && (level != g_ptr_array_index (self->original_levels, i)
                        || (level != NULL
                            && memcmp (level->name_raw, &g_array_index (self->original_names, guint8, i * TSR_WOLF3D_LEVEL_NAME_MAX),
                                       TSR_WOLF3D_LEVEL_NAME_MAX) != 0)))
        as_loaded = FALSE;
      if (level == NULL)
        continue;
      for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
        {
          if (pristine != NULL && level->chunks[p] == NULL && pristine->chunks[p] != NULL
              && pristine->words == (gsize) level->width * level->height
              && memcmp (level->planes[p], pristine->planes[p], pristine->words * sizeof (guint16)) == 0)
            level->chunks[p] = g_bytes_ref (pristine->chunks[p]);
          if (pristine == NULL || level->chunks[p] != pristine->chunks[p])
            as_loaded = FALSE;
        }
    }
  if (as_loaded)
    maps->changed = FALSE;
}

/* ---- TsrDocument -------------------------------------------------------------------------- */

static gboolean
tsr_wolf_document_attach (TsrDocument *document,
                          GError     **error)
{
  TsrWolfDocument *self = TSR_WOLF_DOCUMENT (document);
  TsrWolf3dSet *set = get_set (self);
  TsrWolfLevelMap *first = NULL;

  /* A set without MAPHEAD and GAMEMAPS (VSWAP alone) has no levels and cannot get any: the
   * codec would have no file to write them to. */
  if (set->maps == NULL)
    return TRUE;
  self->maps_clean_at_load = !set->maps->changed;
  for (guint i = 0; i < set->maps->levels->len; i++)
    {
      TsrWolf3dLevel *level = g_ptr_array_index (set->maps->levels, i);
      g_autoptr(TsrWolfLevelMap) map = tsr_wolf_level_map_new (self, level);
      guint8 name_raw[TSR_WOLF3D_LEVEL_NAME_MAX] = { 0 };

      map->in_set = TRUE;
      g_list_store_append (self->levels, map);
      g_ptr_array_add (self->original_levels, level);
      if (level != NULL)
        memcpy (name_raw, level->name_raw, sizeof name_raw);
      g_array_append_vals (self->original_names, name_raw, sizeof name_raw);
      tsr_wolf_document_remember_pristine (self, level);
      if (first == NULL && level != NULL)
        first = map;
    }
  if (first == NULL && tsr_wolf_document_get_n_levels (self) > 0)
    first = tsr_wolf_document_get_level_map (self, 0);
  set_current (self, first);
  return TRUE;
}

/* A set is written as its own files (GAMEMAPS.WL6, MAPHEAD.WL6, …) into the folder of PATH: a
 * Save As name that is none of them would leave the document on a file that was never written. */
static gboolean
check_set_name (TsrDocument *document,
                const char  *path,
                GError     **error)
{
  const TsrWolf3dSet *set = tsr_document_get_format_data (document);
  g_autofree char *base = NULL;
  g_autoptr(GString) names = g_string_new (NULL);

  if (path == NULL || g_file_test (path, G_FILE_TEST_IS_DIR))
    return TRUE;
  base = g_path_get_basename (path);
  for (guint k = 0; k < TSR_WOLF3D_N_FILES; k++)
    {
      if (set->names[k] == NULL || set->files[k] == NULL)
        continue;
      if (strcmp (set->names[k], base) == 0)
        return TRUE;
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", set->names[k]);
    }
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
               _("%s: a Wolfenstein 3D data set is saved as its own files (%s) into the chosen folder; "
                 "nothing was written. Choose one of those names"), path, names->str);
  return FALSE;
}

static GPtrArray *
tsr_wolf_document_serialize (TsrDocument *document,
                             const char  *path,
                             GError     **error)
{
  if (!check_set_name (document, path, error))
    return NULL;
  restore_pristine (TSR_WOLF_DOCUMENT (document));
  return TSR_DOCUMENT_CLASS (tsr_wolf_document_parent_class)->serialize (document, path, error);
}

static void
tsr_wolf_document_dispose (GObject *object)
{
  TsrWolfDocument *self = TSR_WOLF_DOCUMENT (object);

  /* The parent drops the undo stack first: commands hold level maps. */
  G_OBJECT_CLASS (tsr_wolf_document_parent_class)->dispose (object);
  g_clear_object (&self->current);
  if (self->levels != NULL)
    g_list_store_remove_all (self->levels);
}

static void
tsr_wolf_document_finalize (GObject *object)
{
  TsrWolfDocument *self = TSR_WOLF_DOCUMENT (object);

  g_clear_object (&self->levels);
  g_clear_pointer (&self->images, g_hash_table_unref);
  g_clear_pointer (&self->pristine, g_hash_table_unref);
  g_clear_pointer (&self->original_levels, g_ptr_array_unref);
  g_clear_pointer (&self->original_names, g_array_unref);
  G_OBJECT_CLASS (tsr_wolf_document_parent_class)->finalize (object);
}

static void
tsr_wolf_document_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrWolfDocument *self = TSR_WOLF_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CURRENT_LEVEL:
      g_value_set_uint (value, self->current_index);
      break;
    case PROP_CURRENT_LEVEL_MAP:
      g_value_set_object (value, self->current);
      break;
    case PROP_N_LEVELS:
      g_value_set_uint (value, tsr_wolf_document_get_n_levels (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_wolf_document_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrWolfDocument *self = TSR_WOLF_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CURRENT_LEVEL:
      tsr_wolf_document_set_current_level (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Tile commands made on the document itself (the current level) say what changed on the
 * document; the current level map's listeners must hear it too. */
static void
on_own_tiles_changed (TsrWolfDocument   *self,
                      guint              layer,
                      const TsrTileRect *area)
{
  if (self->forwarding || self->current == NULL)
    return;
  self->forwarding = TRUE;
  if (layer != TSR_WOLF_LAYER_OBJECTS)
    tsr_tile_map_tiles_changed (TSR_TILE_MAP (self),
                                layer == TSR_WOLF_LAYER_ARCHITECTURE ? TSR_WOLF_LAYER_AREAS
                                                                     : TSR_WOLF_LAYER_ARCHITECTURE,
                                area);
  /* The level map emits the twin layer itself. */
  tsr_tile_map_tiles_changed (TSR_TILE_MAP (self->current), layer, area);
  self->forwarding = FALSE;
}

void
tsr_wolf_document_level_tiles_changed (TsrWolfDocument   *self,
                                       TsrWolfLevelMap   *map,
                                       guint              layer,
                                       const TsrTileRect *area)
{
  if (map != self->current || self->forwarding)
    return;
  self->forwarding = TRUE;
  tsr_tile_map_tiles_changed (TSR_TILE_MAP (self), layer, area);
  self->forwarding = FALSE;
}

static void
tsr_wolf_document_class_init (TsrWolfDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TsrDocumentClass *document_class = TSR_DOCUMENT_CLASS (klass);

  object_class->dispose = tsr_wolf_document_dispose;
  object_class->finalize = tsr_wolf_document_finalize;
  object_class->get_property = tsr_wolf_document_get_property;
  object_class->set_property = tsr_wolf_document_set_property;
  document_class->attach = tsr_wolf_document_attach;
  document_class->serialize = tsr_wolf_document_serialize;

  properties[PROP_CURRENT_LEVEL] =
    g_param_spec_uint ("current-level", NULL, NULL, 0, G_MAXUINT, G_MAXUINT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_LEVEL_MAP] =
    g_param_spec_object ("current-level-map", NULL, NULL, TSR_TYPE_WOLF_LEVEL_MAP,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_LEVELS] =
    g_param_spec_uint ("n-levels", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tsr_wolf_document_init (TsrWolfDocument *self)
{
  self->levels = g_list_store_new (TSR_TYPE_WOLF_LEVEL_MAP);
  self->current_index = G_MAXUINT;
  self->layer_visible[TSR_WOLF_LAYER_ARCHITECTURE] = TRUE;
  self->layer_visible[TSR_WOLF_LAYER_OBJECTS] = TRUE;
  self->layer_visible[TSR_WOLF_LAYER_AREAS] = FALSE;
  self->images = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) tsr_image_free);
  self->pristine = g_hash_table_new_full (NULL, NULL, NULL, pristine_free);
  self->original_levels = g_ptr_array_new ();
  self->original_names = g_array_new (FALSE, FALSE, 1);
  g_signal_connect (self, "tiles-changed", G_CALLBACK (on_own_tiles_changed), NULL);
}

/* ---- public helpers ----------------------------------------------------------------------- */

const TsrWolf3dSet *
tsr_wolf_document_get_set (TsrWolfDocument *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (self), NULL);
  return get_set (self);
}

TsrWolf3dGame
tsr_wolf_document_get_game (TsrWolfDocument *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (self), TSR_WOLF3D_GAME_WOLF3D);
  return get_set (self)->game;
}

GPtrArray *
tsr_wolf_document_list_object_categories (TsrWolfDocument *self)
{
  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (self), NULL);
  return tsr_wolf_object_categories (get_set (self)->game);
}

gboolean
tsr_wolf_document_layer_visible (TsrWolfDocument *self,
                                 guint            layer)
{
  return layer < TSR_WOLF_N_LAYERS && self->layer_visible[layer];
}

void
tsr_wolf_document_set_layer_visible (TsrWolfDocument *self,
                                     guint            layer,
                                     gboolean         visible)
{
  guint n = tsr_wolf_document_get_n_levels (self);

  g_return_if_fail (layer < TSR_WOLF_N_LAYERS);
  visible = !!visible;
  if (self->layer_visible[layer] == visible)
    return;
  /* A view setting shared by every level, so the overlay stays on while levels switch. */
  self->layer_visible[layer] = visible;
  tsr_tile_map_layers_changed (TSR_TILE_MAP (self));
  for (guint i = 0; i < n; i++)
    tsr_tile_map_layers_changed (TSR_TILE_MAP (tsr_wolf_document_get_level_map (self, i)));
}

const TsrImage *
tsr_wolf_document_tile_image (TsrWolfDocument *self,
                              guint            layer,
                              guint32          value)
{
  guint key = (layer << 16) | value;
  TsrImage *image;

  if (layer >= TSR_WOLF_N_LAYERS || value > G_MAXUINT16)
    return NULL;
  if (!g_hash_table_lookup_extended (self->images, GUINT_TO_POINTER (key), NULL, (gpointer *) &image))
    {
      image = tsr_wolf_tile_image_new (get_set (self), layer, (guint16) value);
      g_hash_table_insert (self->images, GUINT_TO_POINTER (key), image);
    }
  return image;
}

const TsrImage *
tsr_wolf_document_palette_image (TsrWolfDocument *self,
                                 guint            layer,
                                 guint32          value)
{
  guint key = 0x80000000u | (layer << 16) | value;  /* beside the map's pictures */
  TsrImage *image;

  if (layer != TSR_WOLF_LAYER_ARCHITECTURE || value > G_MAXUINT16
      || tsr_wolf3d_tile_classify ((guint16) value) != TSR_WOLF3D_TILE_AREA)
    return tsr_wolf_document_tile_image (self, layer, value);
  if (!g_hash_table_lookup_extended (self->images, GUINT_TO_POINTER (key), NULL, (gpointer *) &image))
    {
      image = tsr_wolf_area_palette_image_new ((guint16) value);
      g_hash_table_insert (self->images, GUINT_TO_POINTER (key), image);
    }
  return image;
}

char *
tsr_wolf_document_tile_name (TsrWolfDocument *self,
                             guint            layer,
                             guint32          value)
{
  if (value > G_MAXUINT16)
    return g_strdup_printf ("%u", value);
  return tsr_wolf_tile_name (get_set (self)->game, layer, (guint16) value);
}

GArray *
tsr_wolf_document_palette (TsrWolfDocument *self,
                           guint            layer)
{
  return tsr_wolf_tile_palette (get_set (self), layer);
}

/* ---- TsrTileMap: the current level -------------------------------------------------------- */

#define CURRENT(map) (TSR_WOLF_DOCUMENT (map)->current)

static const char *
doc_get_family (TsrTileMap *map)
{
  return "wolf3d";
}

static guint
doc_get_width (TsrTileMap *map)
{
  return CURRENT (map) != NULL ? tsr_tile_map_get_width (TSR_TILE_MAP (CURRENT (map))) : 0;
}

static guint
doc_get_height (TsrTileMap *map)
{
  return CURRENT (map) != NULL ? tsr_tile_map_get_height (TSR_TILE_MAP (CURRENT (map))) : 0;
}

static guint
doc_get_n_layers (TsrTileMap *map)
{
  return TSR_WOLF_N_LAYERS;
}

/* The layers' names as scripts see them; the views show them translated. */
static const char *const layer_names[TSR_WOLF_N_LAYERS] = { N_("Architecture"), N_("Objects"), N_("Area codes") };

static const char *
doc_get_layer_name (TsrTileMap *map,
                    guint       layer)
{
  return layer < TSR_WOLF_N_LAYERS ? layer_names[layer] : NULL;
}

static const char *
doc_get_layer_title (TsrTileMap *map,
                     guint       layer)
{
  return layer < TSR_WOLF_N_LAYERS ? _(layer_names[layer]) : NULL;
}

static gboolean
doc_get_layer_visible (TsrTileMap *map,
                       guint       layer)
{
  return tsr_wolf_document_layer_visible (TSR_WOLF_DOCUMENT (map), layer);
}

static void
doc_set_layer_visible (TsrTileMap *map,
                       guint       layer,
                       gboolean    visible)
{
  tsr_wolf_document_set_layer_visible (TSR_WOLF_DOCUMENT (map), layer, visible);
}

static void
doc_get_cell_size (TsrTileMap *map,
                   guint      *width,
                   guint      *height)
{
  *width = TSR_WOLF_CELL_SIZE;
  *height = TSR_WOLF_CELL_SIZE;
}

static guint32
doc_get_tile (TsrTileMap *map,
              guint       layer,
              guint       x,
              guint       y)
{
  return CURRENT (map) != NULL ? tsr_tile_map_get_tile (TSR_TILE_MAP (CURRENT (map)), layer, (gint) x, (gint) y) : 0;
}

static void
doc_get_tiles (TsrTileMap        *map,
               guint              layer,
               const TsrTileRect *area,
               guint32           *out)
{
  if (CURRENT (map) != NULL)
    tsr_tile_map_get_tiles (TSR_TILE_MAP (CURRENT (map)), layer, area, out);
}

static void
doc_set_tile (TsrTileMap *map,
              guint       layer,
              guint       x,
              guint       y,
              guint32     value)
{
  if (CURRENT (map) != NULL)
    tsr_tile_map_set_tile (TSR_TILE_MAP (CURRENT (map)), layer, x, y, value);
}

static guint32
doc_get_empty_tile (TsrTileMap *map,
                    guint       layer)
{
  return CURRENT (map) != NULL ? tsr_tile_map_get_empty_tile (TSR_TILE_MAP (CURRENT (map)), layer) : 0;
}

static GArray *
doc_list_tiles (TsrTileMap *map,
                guint       layer)
{
  return tsr_wolf_document_palette (TSR_WOLF_DOCUMENT (map), layer);
}

static const TsrImage *
doc_get_tile_image (TsrTileMap *map,
                    guint       layer,
                    guint32     value)
{
  return tsr_wolf_document_tile_image (TSR_WOLF_DOCUMENT (map), layer, value);
}

static const TsrImage *
doc_get_palette_image (TsrTileMap *map,
                       guint       layer,
                       guint32     value)
{
  return tsr_wolf_document_palette_image (TSR_WOLF_DOCUMENT (map), layer, value);
}

static char *
doc_get_tile_name (TsrTileMap *map,
                   guint       layer,
                   guint32     value)
{
  return tsr_wolf_document_tile_name (TSR_WOLF_DOCUMENT (map), layer, value);
}

static void
tsr_wolf_document_tile_map_init (TsrTileMapInterface *iface)
{
  iface->get_family = doc_get_family;
  iface->get_width = doc_get_width;
  iface->get_height = doc_get_height;
  iface->get_n_layers = doc_get_n_layers;
  iface->get_layer_name = doc_get_layer_name;
  iface->get_layer_title = doc_get_layer_title;
  iface->get_layer_visible = doc_get_layer_visible;
  iface->set_layer_visible = doc_set_layer_visible;
  iface->get_cell_size = doc_get_cell_size;
  iface->get_tile = doc_get_tile;
  iface->get_tiles = doc_get_tiles;
  iface->set_tile = doc_set_tile;
  iface->get_empty_tile = doc_get_empty_tile;
  iface->list_tiles = doc_list_tiles;
  iface->get_tile_image = doc_get_tile_image;
  iface->get_palette_image = doc_get_palette_image;
  iface->get_tile_name = doc_get_tile_name;
}
