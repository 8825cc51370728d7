/* tsr-marathon-map.c: scenario wads as levels of typed map records, scenario edits, validation
 * and a top-down render. */
#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-marathon-palette.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/marathon/tsr-marathon-derive.h"
#include <glib/gi18n.h>

#define TAG_MINF TSR_WAD_TAG ('M', 'i', 'n', 'f')
#define TAG_TERM TSR_WAD_TAG ('t', 'e', 'r', 'm')
#define TAG_LITE TSR_WAD_TAG ('L', 'I', 'T', 'E')
#define MINF_SIZE 88

typedef struct {
  guint32               tag;
  TsrMarathonRecordKind kind;
  gsize                 member;   /* offsetof the GArray * in TsrMarathonLevel */
  gsize                 element;  /* sizeof the struct */
} ArrayChunk;

#define AC(a, b, c, d, kind, member, type) \
  { TSR_WAD_TAG (a, b, c, d), kind, offsetof (TsrMarathonLevel, member), sizeof (type) }

/* In the order a new level writes them. */
static const ArrayChunk array_chunks[] = {
  AC ('P', 'N', 'T', 'S', TSR_MARATHON_RECORD_POINT, points, TsrMarathonPoint),
  AC ('E', 'P', 'N', 'T', TSR_MARATHON_RECORD_ENDPOINT, endpoints, TsrMarathonEndpoint),
  AC ('L', 'I', 'N', 'S', TSR_MARATHON_RECORD_LINE, lines, TsrMarathonLine),
  AC ('S', 'I', 'D', 'S', TSR_MARATHON_RECORD_SIDE, sides, TsrMarathonSide),
  AC ('P', 'O', 'L', 'Y', TSR_MARATHON_RECORD_POLYGON, polygons, TsrMarathonPolygon),
  AC ('L', 'I', 'T', 'E', TSR_MARATHON_RECORD_LIGHT, lights, TsrMarathonLight),
  AC ('L', 'I', 'T', 'E', TSR_MARATHON_RECORD_OLD_LIGHT, old_lights, TsrMarathonOldLight),
  AC ('N', 'O', 'T', 'E', TSR_MARATHON_RECORD_ANNOTATION, annotations, TsrMarathonAnnotation),
  AC ('O', 'B', 'J', 'S', TSR_MARATHON_RECORD_OBJECT, objects, TsrMarathonObject),
  AC ('p', 'l', 'a', 'c', TSR_MARATHON_RECORD_PLACEMENT, placements, TsrMarathonPlacement),
  AC ('p', 'l', 'a', 't', TSR_MARATHON_RECORD_PLATFORM, platforms, TsrMarathonPlatform),
  AC ('m', 'e', 'd', 'i', TSR_MARATHON_RECORD_MEDIA, media, TsrMarathonMedia),
  AC ('a', 'm', 'b', 'i', TSR_MARATHON_RECORD_AMBIENT_SOUND, ambient_sounds, TsrMarathonAmbientSound),
  AC ('b', 'o', 'n', 'k', TSR_MARATHON_RECORD_RANDOM_SOUND, random_sounds, TsrMarathonRandomSound),
};

static GArray **
level_array (const TsrMarathonLevel *level,
             const ArrayChunk       *ac)
{
  return (GArray **) ((guint8 *) level + ac->member);
}

/* The array kind for TAG in a level of DATA_VERSION (Marathon 1 lights are the old ones). */
static const ArrayChunk *
find_array_chunk (guint32 tag,
                  guint16 data_version)
{
  for (guint i = 0; i < G_N_ELEMENTS (array_chunks); i++)
    {
      const ArrayChunk *ac = &array_chunks[i];

      if (ac->tag != tag)
        continue;
      if (tag == TAG_LITE && (ac->kind == TSR_MARATHON_RECORD_OLD_LIGHT) != (data_version == 0))
        continue;
      return ac;
    }
  return NULL;
}

static gboolean parse_level_chunks (TsrMarathonLevel *level,
                                    const char       *label,
                                    GError          **error);

TsrMarathonLevel *
tsr_marathon_level_new (int         index,
                        guint16     data_version,
                        const char *name)
{
  TsrMarathonLevel *level = g_new0 (TsrMarathonLevel, 1);

  level->entry = tsr_wad_entry_new (index);
  level->data_version = data_version;
  level->chunk_tails = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                              (GDestroyNotify) g_bytes_unref);
  if (name != NULL)
    {
      level->has_info = TRUE;
      level->info_size = MINF_SIZE;
      level->info.physics_model = 1;
      level->info.entry_point_flags = 0x01;
      g_strlcpy ((char *) level->info.level_name, name, sizeof level->info.level_name);
      for (guint i = 0; i < G_N_ELEMENTS (array_chunks); i++)
        {
          const ArrayChunk *ac = &array_chunks[i];

          /* A new level stores plain points (PNTS), as editors do; the engine derives the rest. */
          if (ac->kind == TSR_MARATHON_RECORD_ENDPOINT || ac->kind == TSR_MARATHON_RECORD_ANNOTATION
              || ac->kind == TSR_MARATHON_RECORD_PLACEMENT || ac->kind == TSR_MARATHON_RECORD_AMBIENT_SOUND
              || ac->kind == TSR_MARATHON_RECORD_RANDOM_SOUND
              || (ac->tag == TAG_LITE
                  && (ac->kind == TSR_MARATHON_RECORD_OLD_LIGHT) != (data_version == 0)))
            continue;
          *level_array (level, ac) = g_array_new (FALSE, TRUE, (guint) ac->element);
        }
    }
  return level;
}

TsrMarathonLevel *
tsr_marathon_level_duplicate (TsrMarathonLevel *level,
                              GError          **error)
{
  g_autoptr(TsrMarathonLevel) copy = g_new0 (TsrMarathonLevel, 1);

  g_return_val_if_fail (level != NULL, NULL);

  tsr_marathon_level_commit (level);
  copy->entry = tsr_wad_entry_new (level->entry->index);
  copy->data_version = level->data_version;
  copy->chunk_tails = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                             (GDestroyNotify) g_bytes_unref);
  /* Chunk data are immutable bytes: the copy shares them until it is edited. */
  for (guint c = 0; c < level->entry->chunks->len; c++)
    {
      const TsrWadChunk *chunk = g_ptr_array_index (level->entry->chunks, c);

      g_ptr_array_add (copy->entry->chunks, tsr_wad_chunk_new (chunk->tag, chunk->data));
    }
  if (level->entry->app_data != NULL)
    copy->entry->app_data = g_bytes_ref (level->entry->app_data);
  if (!parse_level_chunks (copy, "copy", error))
    return NULL;
  return g_steal_pointer (&copy);
}

void
tsr_marathon_level_free (TsrMarathonLevel *level)
{
  if (level == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (array_chunks); i++)
    {
      GArray **array = level_array (level, &array_chunks[i]);

      g_clear_pointer (array, g_array_unref);
    }
  g_clear_pointer (&level->terminals, g_ptr_array_unref);
  g_clear_pointer (&level->script_terminals, g_ptr_array_unref);
  g_free (level->script_path);
  g_free (level->script_error);
  g_clear_pointer (&level->physics, g_ptr_array_unref);
  g_clear_pointer (&level->info_tail, g_bytes_unref);
  g_clear_pointer (&level->chunk_tails, g_hash_table_unref);
  tsr_wad_entry_free (level->entry);
  g_free (level);
}

static gboolean
parse_level_chunks (TsrMarathonLevel *level,
                    const char       *label,
                    GError          **error)
{
  for (guint c = 0; c < level->entry->chunks->len; c++)
    {
      TsrWadChunk *chunk = g_ptr_array_index (level->entry->chunks, c);
      gsize size;
      const guint8 *data = g_bytes_get_data (chunk->data, &size);
      const ArrayChunk *ac;

      if (chunk->tag == TAG_MINF)
        {
          guint8 record[MINF_SIZE] = { 0 };

          if (level->has_info)
            continue; /* a second Minf stays raw */
          /* One old editor wrote it 2 bytes short; shorter than that is not a Minf. */
          if (size < MINF_SIZE - 2)
            {
              tsr_set_error_at (error, TSR_ERROR_TRUNCATED, chunk->original_offset,
                                _("%s: Minf of %d bytes expected, found %zu"),
                                label, MINF_SIZE, size);
              return FALSE;
            }
          memcpy (record, data, MIN (size, MINF_SIZE));
          tsr_marathon_record_decode (TSR_MARATHON_RECORD_MAP_INFO, record, &level->info);
          level->has_info = TRUE;
          level->info_size = size;
          if (size > MINF_SIZE)
            level->info_tail = g_bytes_new_from_bytes (chunk->data, MINF_SIZE, size - MINF_SIZE);
          continue;
        }
      if (chunk->tag == TAG_TERM)
        {
          g_autofree char *term_label = g_strdup_printf ("%s: term", label);

          if (level->terminals != NULL)
            continue;
          level->terminals = tsr_marathon_terminals_parse (data, size, term_label, error);
          if (level->terminals == NULL)
            return FALSE;
          /* Offsets in messages (a group the script cannot show) are the file's. */
          for (guint t = 0; t < level->terminals->len; t++)
            ((TsrMarathonTerminal *) g_ptr_array_index (level->terminals, t))->groups_offset += chunk->original_offset;
          continue;
        }
      ac = find_array_chunk (chunk->tag, level->data_version);
      if (ac != NULL && *level_array (level, ac) == NULL)
        {
          gsize record_size = tsr_marathon_record_size (ac->kind);
          gsize count = size / record_size;
          GArray *array = g_array_sized_new (FALSE, TRUE, (guint) ac->element, (guint) count);
          TsrReader reader;
          const guint8 *records;

          tsr_reader_init (&reader, data, size, label);
          if (!tsr_reader_read_view (&reader, count * record_size, &records, error))
            {
              g_array_unref (array);
              return FALSE;
            }
          /* Decoded straight into the room reserved above, which decoding fills whole: no
           * zero-fill first (g_array_set_size clears, and that was half of loading a scenario). */
          tsr_marathon_records_decode_array (ac->kind, records, count, array->data);
          array->len = (guint) count;
          *level_array (level, ac) = array;
          if (count * record_size < size)
            g_hash_table_insert (level->chunk_tails, GUINT_TO_POINTER (chunk->tag),
                                 g_bytes_new_from_bytes (chunk->data, count * record_size,
                                                         size - count * record_size));
        }
    }
  /* Physics models embedded by Infinity and Aleph One maps. */
  for (guint c = 0; c < level->entry->chunks->len; c++)
    if (tsr_marathon_physics_kind_for_tag (((TsrWadChunk *) g_ptr_array_index (level->entry->chunks, c))->tag) >= 0)
      {
        level->physics = tsr_marathon_physics_tables_from_entry (level->entry, error);
        if (level->physics == NULL)
          return FALSE;
        break;
      }
  return TRUE;
}

/* Encodes ARRAY (and the chunk's kept tail) into SCRATCH and stores it as chunk TAG, unless the
 * chunk already holds exactly those bytes: untouched chunks keep their data (often a slice of the
 * loaded file) and a save allocates only for what changed. Those bytes are compared as the records
 * are encoded, so an untouched chunk is not written out first. */
static void
store_array (TsrWadEntry      *entry,
             const ArrayChunk *ac,
             GArray           *array,
             GBytes           *tail,
             GByteArray       *scratch)
{
  gsize record_size = tsr_marathon_record_size (ac->kind);
  gsize tail_size = tail != NULL ? g_bytes_get_size (tail) : 0;
  gsize size = array->len * record_size + tail_size;
  TsrWadChunk *chunk = tsr_wad_entry_find_chunk (entry, ac->tag);

  if (chunk != NULL && g_bytes_get_size (chunk->data) == size)
    {
      const guint8 *stored = g_bytes_get_data (chunk->data, NULL);

      if (tsr_marathon_records_encode_matches (ac->kind, array->data, array->len, stored)
          && (tail_size == 0 || memcmp (stored + array->len * record_size, g_bytes_get_data (tail, NULL), tail_size) == 0))
        return;
    }
  g_byte_array_set_size (scratch, (guint) size);
  tsr_marathon_records_encode_array (ac->kind, array->data, array->len, scratch->data);
  if (tail_size > 0)
    memcpy (scratch->data + array->len * record_size, g_bytes_get_data (tail, NULL), tail_size);
  {
    g_autoptr(GBytes) data = g_bytes_new (scratch->data, size);

    tsr_wad_entry_set_chunk (entry, ac->tag, data);
  }
}

void
tsr_marathon_level_commit (TsrMarathonLevel *level)
{
  TsrWadEntry *entry = level->entry;
  g_autoptr(GByteArray) scratch = g_byte_array_new ();

  if (level->has_info)
    {
      guint8 record[MINF_SIZE];
      g_autoptr(GByteArray) bytes = g_byte_array_new ();

      tsr_marathon_record_encode (TSR_MARATHON_RECORD_MAP_INFO, &level->info, record);
      g_byte_array_append (bytes, record, MIN (level->info_size, MINF_SIZE));
      if (level->info_tail != NULL)
        g_byte_array_append (bytes, g_bytes_get_data (level->info_tail, NULL),
                             g_bytes_get_size (level->info_tail));
      {
        g_autoptr(GBytes) data = g_byte_array_free_to_bytes (g_steal_pointer (&bytes));

        if (tsr_wad_entry_find_chunk (entry, TAG_MINF) == NULL)
          g_ptr_array_insert (entry->chunks, 0, tsr_wad_chunk_new (TAG_MINF, data));
        else
          tsr_wad_entry_set_chunk (entry, TAG_MINF, data);
      }
    }
  for (guint i = 0; i < G_N_ELEMENTS (array_chunks); i++)
    {
      const ArrayChunk *ac = &array_chunks[i];
      GArray *array = *level_array (level, ac);

      if (ac->tag == TAG_LITE && (ac->kind == TSR_MARATHON_RECORD_OLD_LIGHT) != (level->data_version == 0))
        continue;
      if (array == NULL)
        {
          tsr_wad_entry_remove_chunk (entry, ac->tag);
          continue;
        }
      store_array (entry, ac, array, g_hash_table_lookup (level->chunk_tails, GUINT_TO_POINTER (ac->tag)),
                   scratch);
    }
  if (level->physics != NULL)
    for (guint i = 0; i < level->physics->len; i++)
      {
        TsrMarathonPhysicsTable *table = g_ptr_array_index (level->physics, i);
        g_autoptr(GBytes) data = tsr_marathon_physics_table_to_bytes (table);

        tsr_wad_entry_set_chunk (entry, table->tag, data);
      }
  if (level->terminals != NULL)
    {
      g_autoptr(GBytes) data = tsr_marathon_terminals_serialize (level->terminals, NULL);

      if (data != NULL)
        tsr_wad_entry_set_chunk (entry, TAG_TERM, data);
    }
  else
    tsr_wad_entry_remove_chunk (entry, TAG_TERM);
}

/* ---- Maps ----------------------------------------------------------------------------------- */

/* What a loaded level was, so that a level list back in its loaded order writes the file's own
 * layout again (undoing level edits gives the loaded bytes). */
typedef struct {
  gboolean           has_info;
  TsrMarathonMapInfo info;
  GBytes            *app_data;
  int                index;
} LevelOrigin;

static void
level_origin_free (gpointer data)
{
  LevelOrigin *origin = data;

  g_clear_pointer (&origin->app_data, g_bytes_unref);
  g_free (origin);
}

/* Extra state kept beside the public struct. */
typedef struct {
  TsrMarathonMap  public;
  GPtrArray      *original_levels; /* the levels in loaded order (borrowed; NULL once forgotten) */
  GHashTable     *origins;         /* level -> LevelOrigin */
  guint16         version, app_data_size, entry_header_size, directory_entry_base_size;
} MapPrivate;

/* Whether the level list is no longer the loaded one: then the wad takes Atque's layout. */
static gboolean
layout_changed (const MapPrivate *priv)
{
  const TsrMarathonMap *map = &priv->public;

  if (map->levels->len != priv->original_levels->len)
    return TRUE;
  for (guint i = 0; i < map->levels->len; i++)
    if (g_ptr_array_index (map->levels, i) != g_ptr_array_index (priv->original_levels, i))
      return TRUE;
  return FALSE;
}

TsrMarathonMap *
tsr_marathon_map_from_wad (TsrWad  *wad,
                           GError **error)
{
  MapPrivate *priv = g_new0 (MapPrivate, 1);
  g_autoptr(TsrMarathonMap) map = &priv->public;

  map->wad = wad;
  map->levels = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_marathon_level_free);
  priv->origins = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, level_origin_free);
  priv->original_levels = g_ptr_array_new ();
  priv->version = wad->version;
  priv->app_data_size = wad->app_data_size;
  priv->entry_header_size = wad->entry_header_size;
  priv->directory_entry_base_size = wad->directory_entry_base_size;
  /* Levels own the entries from now on. */
  g_ptr_array_set_free_func (wad->entries, NULL);
  for (guint i = 0; i < wad->entries->len; i++)
    {
      TsrMarathonLevel *level = g_new0 (TsrMarathonLevel, 1);

      level->entry = g_ptr_array_index (wad->entries, i);
      level->data_version = wad->data_version;
      level->chunk_tails = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                                  (GDestroyNotify) g_bytes_unref);
      g_ptr_array_add (map->levels, level);
    }
  for (guint i = 0; i < map->levels->len; i++)
    {
      TsrMarathonLevel *level = g_ptr_array_index (map->levels, i);
      g_autofree char *label = g_strdup_printf (_("level %d"), level->entry->index);

      if (!parse_level_chunks (level, label, error))
        return NULL;
      {
        LevelOrigin *origin = g_new0 (LevelOrigin, 1);

        origin->has_info = level->has_info;
        origin->info = level->info;
        origin->app_data = level->entry->app_data != NULL ? g_bytes_ref (level->entry->app_data) : NULL;
        origin->index = level->entry->index;
        g_hash_table_insert (priv->origins, level, origin);
        g_ptr_array_add (priv->original_levels, level);
      }
    }
  return g_steal_pointer (&map);
}

TsrMarathonMap *
tsr_marathon_map_parse (const guint8 *data,
                        gsize         size,
                        const char   *label,
                        GError      **error)
{
  TsrWad *wad = tsr_wad_parse (data, size, label, error);

  if (wad == NULL)
    return NULL;
  return tsr_marathon_map_from_wad (wad, error);
}

TsrMarathonMap *
tsr_marathon_map_parse_bytes (GBytes     *bytes,
                              const char *label,
                              GError    **error)
{
  TsrWad *wad = tsr_wad_parse_bytes (bytes, label, error);

  if (wad == NULL)
    return NULL;
  return tsr_marathon_map_from_wad (wad, error);
}

void
tsr_marathon_map_free (TsrMarathonMap *map)
{
  MapPrivate *priv = (MapPrivate *) map;

  if (map == NULL)
    return;
  g_ptr_array_unref (map->levels);
  if (map->wad != NULL)
    {
      g_ptr_array_set_size (map->wad->entries, 0);
      tsr_wad_free (map->wad);
    }
  g_hash_table_unref (priv->origins);
  g_ptr_array_unref (priv->original_levels);
  g_free (priv);
}

static GBytes *
level_app_data (const TsrMarathonLevel *level)
{
  TsrWadLevelInfo info = { 0 };

  info.mission_flags = level->info.mission_flags;
  info.environment_flags = level->info.environment_flags;
  info.entry_point_flags = (gint32) level->info.entry_point_flags;
  memcpy (info.name, level->info.level_name, sizeof info.name);
  return tsr_wad_level_info_to_bytes (&info);
}

GBytes *
tsr_marathon_map_serialize (TsrMarathonMap *map,
                            GError        **error)
{
  MapPrivate *priv = (MapPrivate *) map;
  TsrWad *wad = map->wad;
  gboolean changed;

  g_ptr_array_set_size (wad->entries, 0);
  for (guint i = 0; i < map->levels->len; i++)
    {
      TsrMarathonLevel *level = g_ptr_array_index (map->levels, i);

      tsr_marathon_level_commit (level);
      g_ptr_array_add (wad->entries, level->entry);
    }
  changed = layout_changed (priv);
  if (changed)
    {
      /* What Atque writes: one level as version 2 without app data, several as version 4 with
       * the level list in the app data. */
      gboolean several = map->levels->len > 1;

      wad->version = several ? TSR_WAD_VERSION_INFINITY : TSR_WAD_VERSION_OVERLAYS;
      wad->app_data_size = several ? TSR_WAD_LEVEL_APP_DATA_SIZE : 0;
      wad->entry_header_size = 16;
      wad->directory_entry_base_size = 10;
    }
  else
    {
      wad->version = priv->version;
      wad->app_data_size = priv->app_data_size;
      wad->entry_header_size = priv->entry_header_size;
      wad->directory_entry_base_size = priv->directory_entry_base_size;
    }
  for (guint i = 0; i < map->levels->len; i++)
    {
      TsrMarathonLevel *level = g_ptr_array_index (map->levels, i);
      const LevelOrigin *origin = g_hash_table_lookup (priv->origins, level);
      gboolean info_kept = origin != NULL && origin->has_info == level->has_info
                           && memcmp (&origin->info, &level->info, sizeof origin->info) == 0;

      g_clear_pointer (&level->entry->app_data, g_bytes_unref);
      if (!changed && origin != NULL)
        level->entry->index = origin->index;
      if (wad->app_data_size == 0)
        continue;
      if (wad->app_data_size == TSR_WAD_LEVEL_APP_DATA_SIZE && level->has_info
          && (changed || !info_kept || origin->app_data == NULL))
        level->entry->app_data = level_app_data (level);
      else if (origin != NULL && origin->app_data != NULL)
        level->entry->app_data = g_bytes_ref (origin->app_data);
    }
  return tsr_wad_serialize (wad, error);
}

static void
renumber (TsrMarathonMap *map)
{
  for (guint i = 0; i < map->levels->len; i++)
    ((TsrMarathonLevel *) g_ptr_array_index (map->levels, i))->entry->index = (int) i;
}

void
tsr_marathon_map_add_level (TsrMarathonMap   *map,
                            TsrMarathonLevel *level,
                            guint             position)
{
  g_ptr_array_insert (map->levels, (int) MIN (position, map->levels->len), level);
  renumber (map);
}

void
tsr_marathon_map_remove_level (TsrMarathonMap *map,
                               guint           position)
{
  g_return_if_fail (position < map->levels->len);
  tsr_marathon_map_forget_level (map, g_ptr_array_index (map->levels, position));
  g_ptr_array_remove_index (map->levels, position);
  renumber (map);
}

TsrMarathonLevel *
tsr_marathon_map_take_level (TsrMarathonMap *map,
                             guint           position)
{
  TsrMarathonLevel *level;

  g_return_val_if_fail (position < map->levels->len, NULL);
  level = g_ptr_array_steal_index (map->levels, position);
  renumber (map);
  return level;
}

void
tsr_marathon_map_forget_level (TsrMarathonMap   *map,
                               TsrMarathonLevel *level)
{
  MapPrivate *priv = (MapPrivate *) map;

  g_hash_table_remove (priv->origins, level);
  for (guint i = 0; i < priv->original_levels->len; i++)
    if (g_ptr_array_index (priv->original_levels, i) == level)
      g_ptr_array_index (priv->original_levels, i) = NULL;
}

void
tsr_marathon_map_move_level (TsrMarathonMap *map,
                             guint           from,
                             guint           to)
{
  gpointer level;

  g_return_if_fail (from < map->levels->len && to < map->levels->len);
  level = g_ptr_array_steal_index (map->levels, from);
  g_ptr_array_insert (map->levels, (int) to, level);
  renumber (map);
}

gboolean
tsr_marathon_map_rename_level (TsrMarathonMap *map,
                               guint           position,
                               const char     *name,
                               GError        **error)
{
  TsrMarathonLevel *level;
  g_autoptr(GBytes) roman = NULL;
  glong bad = 0;
  gsize size;

  g_return_val_if_fail (position < map->levels->len, FALSE);
  level = g_ptr_array_index (map->levels, position);
  roman = tsr_utf8_to_mac_roman (name, strlen (name), &bad);
  if (roman == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("level name: character %ld cannot be written in Mac Roman"), bad + 1);
      return FALSE;
    }
  size = g_bytes_get_size (roman);
  if (size >= sizeof level->info.level_name)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("level name: at most 65 bytes expected, found %zu"), size);
      return FALSE;
    }
  memset (level->info.level_name, 0, sizeof level->info.level_name);
  memcpy (level->info.level_name, g_bytes_get_data (roman, NULL), size);
  if (!level->has_info)
    {
      level->has_info = TRUE;
      level->info_size = MINF_SIZE;
    }
  return TRUE;
}

char *
tsr_marathon_level_name (const TsrMarathonLevel *level)
{
  const guint8 *name = level->info.level_name;

  if (!level->has_info)
    return g_strdup ("");
  return tsr_mac_roman_to_utf8 (name, strnlen ((const char *) name, sizeof level->info.level_name));
}

guint
tsr_marathon_level_n_points (const TsrMarathonLevel *level)
{
  if (level->endpoints != NULL)
    return level->endpoints->len;
  return level->points != NULL ? level->points->len : 0;
}

TsrMarathonPoint
tsr_marathon_level_point (const TsrMarathonLevel *level,
                          guint                   index)
{
  if (level->endpoints != NULL)
    return g_array_index (level->endpoints, TsrMarathonEndpoint, index).vertex;
  return g_array_index (level->points, TsrMarathonPoint, index);
}

/* ---- Validation ----------------------------------------------------------------------------- */

static guint
array_len (GArray *array)
{
  return array != NULL ? array->len : 0;
}

static gboolean
in_range (int value,
          guint count)
{
  return value >= 0 && (guint) value < count;
}

static gboolean
none_or_in_range (int value,
                  guint count)
{
  return value == TSR_MARATHON_NONE || in_range (value, count);
}

/* The engine's control panel types: an index into one table of 54 panels, water first (10), then
 * lava, sewage, pfhor and jjaro (11 each). The letter is the panel's class: O oxygen, S/D/T
 * shield 1x/2x/3x, L light switch (permutation: light), P platform switch (permutation: the
 * platform's polygon), G tag switch, B pattern buffer, C computer terminal (permutation:
 * terminal). */
static const char panel_classes[] = "OSDGLPGBCG" "SDTLPGBCOGG" "SDTLPGBCOGG" "SDTLPGBCOGG" "SDTLPGBCOGG";

#define SIDE_IS_CONTROL_PANEL 0x0002

#define TAG_IIDX TSR_WAD_TAG ('i', 'i', 'd', 'x')
#define MAXIMUM_OBJECT_TYPES 64

/* The engine counts every kind of element in an int16. */
static void
validate_counts (const TsrMarathonLevel *level,
                 const TsrFindingPlace  *place,
                 const char             *where,
                 GPtrArray              *findings)
{
  const struct { const char *what; guint count; } counts[] = {
    { N_("points"), tsr_marathon_level_n_points (level) },
    { N_("lines"), array_len (level->lines) },
    { N_("sides"), array_len (level->sides) },
    { N_("polygons"), array_len (level->polygons) },
    { N_("lights"), level->data_version == 0 ? array_len (level->old_lights) : array_len (level->lights) },
    { N_("objects"), array_len (level->objects) },
    { N_("annotations"), array_len (level->annotations) },
    { N_("platforms"), array_len (level->platforms) },
    { N_("liquids"), array_len (level->media) },
    { N_("ambient sounds"), array_len (level->ambient_sounds) },
    { N_("random sounds"), array_len (level->random_sounds) },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (counts); i++)
    if (counts[i].count > G_MAXINT16)
      tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, place, where,
                           /* Translators: a count, then what is counted ("polygons") */
                           _("%u %s, more than the engine's 32,767"), counts[i].count, _ (counts[i].what));
}

/* The light flags and platform flags the engine tests (lightsource.h, platforms.h). */
#define LIGHT_IS_INITIALLY_ACTIVE 0x0001
#define LIGHT_IS_STATELESS 0x0004
#define PLATFORM_ACTIVATES_LIGHT (1u << 11)
#define PLATFORM_DEACTIVATES_LIGHT (1u << 12)

/* The light's states the map can bring about. lightsource.cpp new_light starts a light in the
 * half its "initially active" flag names; set_light_status moves it to the other half through a
 * becoming state, called by light switches and tag switches (devices.cpp change_panel_state,
 * try_and_toggle_control_panel; both ways), light on/off polygons (marathon2.cpp
 * changed_polygon), platforms that (de)activate their polygon's floor and ceiling lights
 * (platforms.cpp set_platform_state) and terminal tag groups (computer_interface.cpp, on only).
 * Lua scripts can too, which the map cannot tell. */
typedef struct {
  gboolean can_activate;
  gboolean can_deactivate;
} LightReach;

static void
reach_tag (const TsrMarathonLevel *level,
           LightReach             *reach,
           int                     tag,
           gboolean                on,
           gboolean                off)
{
  if (tag == 0) /* set_tagged_light_statuses ignores tag 0 */
    return;
  for (guint i = 0; i < array_len (level->lights); i++)
    if (g_array_index (level->lights, TsrMarathonLight, i).tag == tag)
      {
        reach[i].can_activate |= on;
        reach[i].can_deactivate |= off;
      }
}

static void
reach_light (LightReach *reach,
             guint       n_lights,
             int         light,
             gboolean    on,
             gboolean    off)
{
  if (light >= 0 && (guint) light < n_lights)
    {
      reach[light].can_activate |= on;
      reach[light].can_deactivate |= off;
    }
}

static LightReach *
light_reach (const TsrMarathonLevel *level,
             const GPtrArray        *terminals)
{
  guint n_lights = array_len (level->lights);
  guint n_sides = array_len (level->sides);
  LightReach *reach = g_new0 (LightReach, n_lights + 1);

  for (guint i = 0; i < array_len (level->lines); i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);
      int sides[2] = { line->clockwise_side_index, line->counterclockwise_side_index };

      for (guint k = 0; k < 2; k++)
        {
          const TsrMarathonSide *side;
          char class;

          if (sides[k] < 0 || (guint) sides[k] >= n_sides)
            continue;
          side = &g_array_index (level->sides, TsrMarathonSide, sides[k]);
          if (!(side->flags & SIDE_IS_CONTROL_PANEL) || side->control_panel_type < 0
              || (gsize) side->control_panel_type >= sizeof panel_classes - 1)
            continue;
          class = panel_classes[side->control_panel_type];
          if (class == 'L')
            reach_light (reach, n_lights, side->control_panel_permutation, TRUE, TRUE);
          else if (class == 'G')
            reach_tag (level, reach, side->control_panel_permutation, TRUE, TRUE);
        }
    }
  for (guint i = 0; i < array_len (level->polygons); i++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);

      if (polygon->type == 6 || polygon->type == 8) /* light on / off trigger */
        reach_light (reach, n_lights, polygon->permutation, polygon->type == 6, polygon->type == 8);
    }
  for (guint i = 0; i < array_len (level->platforms); i++)
    {
      const TsrMarathonPlatform *platform = &g_array_index (level->platforms, TsrMarathonPlatform, i);
      gboolean on = (platform->static_flags & PLATFORM_ACTIVATES_LIGHT) != 0;
      gboolean off = (platform->static_flags & PLATFORM_DEACTIVATES_LIGHT) != 0;
      const TsrMarathonPolygon *polygon;

      if ((!on && !off) || platform->polygon_index < 0 || (guint) platform->polygon_index >= array_len (level->polygons))
        continue;
      polygon = &g_array_index (level->polygons, TsrMarathonPolygon, platform->polygon_index);
      reach_light (reach, n_lights, polygon->floor_lightsource_index, on, off);
      reach_light (reach, n_lights, polygon->ceiling_lightsource_index, on, off);
    }
  if (terminals != NULL)
    for (guint t = 0; t < terminals->len; t++)
      {
        const TsrMarathonTerminal *terminal = g_ptr_array_index (terminals, t);

        for (guint g = 0; g < terminal->groups->len; g++)
          {
            const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);

            if (group->type == TSR_MARATHON_GROUP_TAG)
              reach_tag (level, reach, group->permutation, TRUE, FALSE);
          }
      }
  return reach;
}

/* lightsource.cpp rephase_light: while the phase is at least the state's period it moves to the
 * next state and takes that state's period (change_light_state: period + random % (delta + 1)).
 * Two alternating states whose periods sum to 0 with no random part never let the phase fall
 * below the period: the loop never ends and the game freezes. A delta of -1 is a modulo by zero:
 * the engine crashes on entering the state. */
static gboolean
periods_loop (const TsrMarathonLightingFunction *a,
              const TsrMarathonLightingFunction *b)
{
  return a->delta_period == 0 && b->delta_period == 0 && (int) a->period + b->period == 0;
}

static void
validate_light_function (const TsrMarathonLightingFunction *function,
                         const char                        *state,
                         gboolean                           reachable,
                         guint                              index,
                         const TsrFindingPlace             *place,
                         const char                        *where,
                         GPtrArray                         *findings)
{
  if (function->delta_period == -1 || function->delta_intensity == -1)
    tsr_findings_add_at (findings, reachable ? TSR_SEVERITY_ERROR : TSR_SEVERITY_WARNING, place, where,
                         /* Translators: STATE is a light state ("primary active") */
                         reachable ? _("light %u: %s: a delta of -1 divides by zero when the light enters this state; the engine crashes")
                                   : _("light %u: %s: a delta of -1 would divide by zero if the light entered this state (nothing in the map makes it)"),
                         index, state);
}

static void
validate_lights (const TsrMarathonLevel *level,
                 const GPtrArray        *terminals,
                 gint                    level_index,
                 const char             *where,
                 GPtrArray              *findings)
{
  g_autofree LightReach *reach = NULL;

  if (level->data_version == 0) /* old lights get periods of at least 1 when converted */
    return;
  reach = light_reach (level, terminals);
  for (guint i = 0; i < array_len (level->lights); i++)
    {
      const TsrMarathonLight *light = &g_array_index (level->lights, TsrMarathonLight, i);
      TsrFindingPlace place = tsr_finding_place_element (level_index, "light", (gint) i);
      gboolean initially_active = (light->flags & LIGHT_IS_INITIALLY_ACTIVE) != 0;
      gboolean stateless = (light->flags & LIGHT_IS_STATELESS) != 0;
      /* A stateless light runs through all six states and ignores set_light_status. */
      gboolean active = stateless || initially_active || reach[i].can_activate;
      gboolean inactive = stateless || !initially_active || reach[i].can_deactivate;
      gboolean becoming_active = stateless || (inactive && reach[i].can_activate);
      gboolean becoming_inactive = stateless || (active && reach[i].can_deactivate);

      if (stateless)
        {
          const TsrMarathonLightingFunction *all[] = {
            &light->becoming_active, &light->primary_active, &light->secondary_active,
            &light->becoming_inactive, &light->primary_inactive, &light->secondary_inactive,
          };
          int sum = 0;
          gboolean random = FALSE;

          for (guint k = 0; k < G_N_ELEMENTS (all); k++)
            {
              sum += all[k]->period;
              random |= all[k]->delta_period != 0;
            }
          if (sum == 0 && !random)
            tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, where,
                                 _("light %u: a stateless light whose six periods sum to 0; the engine freezes"), i);
        }
      else
        {
          if (periods_loop (&light->primary_active, &light->secondary_active))
            tsr_findings_add_at (findings, active ? TSR_SEVERITY_ERROR : TSR_SEVERITY_WARNING, &place, where,
                                 active ? _("light %u: the active periods (%d + %d) sum to 0; the engine freezes when the light is on")
                                        : _("light %u: the active periods (%d + %d) sum to 0; the engine would freeze if the light were turned on (nothing in the map does)"),
                                 i, light->primary_active.period, light->secondary_active.period);
          if (periods_loop (&light->primary_inactive, &light->secondary_inactive))
            tsr_findings_add_at (findings, inactive ? TSR_SEVERITY_ERROR : TSR_SEVERITY_WARNING, &place, where,
                                 inactive ? _("light %u: the inactive periods (%d + %d) sum to 0; the engine freezes when the light is off")
                                          : _("light %u: the inactive periods (%d + %d) sum to 0; the engine would freeze if the light were turned off (nothing in the map does)"),
                                 i, light->primary_inactive.period, light->secondary_inactive.period);
        }
      validate_light_function (&light->primary_active, _("primary active"), active, i, &place, where, findings);
      validate_light_function (&light->secondary_active, _("secondary active"), active, i, &place, where, findings);
      validate_light_function (&light->becoming_active, _("becoming active"), becoming_active, i, &place, where, findings);
      validate_light_function (&light->primary_inactive, _("primary inactive"), inactive, i, &place, where, findings);
      validate_light_function (&light->secondary_inactive, _("secondary inactive"), inactive, i, &place, where, findings);
      validate_light_function (&light->becoming_inactive, _("becoming inactive"), becoming_inactive, i, &place, where, findings);
    }
}

/* plac holds 64 item records, then 64 monster records. A monster type placed on the map with an
 * initial count of 0 (and nothing else asking for it) has its shapes left unloaded, and items of
 * a type counted 0 are not put back when taken. A warning, not an error: the engine places the
 * map's own objects whatever the counts, and shipped maps (16 levels of the Marathon 1 scenario,
 * Requiescat in Pace) do this and play. */
static void
validate_placements (const TsrMarathonLevel *level,
                     gint                    level_index,
                     const char             *where,
                     GPtrArray              *findings)
{
  guint placed[2 * MAXIMUM_OBJECT_TYPES] = { 0 };

  if (level->placements != NULL && level->placements->len != 0 && level->placements->len != 2 * MAXIMUM_OBJECT_TYPES)
    {
      TsrFindingPlace place = tsr_finding_place_element (level_index, "level", level_index);

      /* game_wad.cpp process_map_wad asserts the chunk is absent, empty or exactly 128 records
       * (compiled out of release builds) and reads 128 records whatever its size: past the end
       * of a shorter one; a longer one's rest is never read. */
      gboolean short_chunk = level->placements->len < 2 * MAXIMUM_OBJECT_TYPES;

      tsr_findings_add_at (findings, short_chunk ? TSR_SEVERITY_ERROR : TSR_SEVERITY_WARNING, &place, where,
                           short_chunk ? _("plac holds %u records, not %u: the engine reads past its end")
                                       : _("plac holds %u records, not %u: the engine reads the first ones only"),
                           level->placements->len, 2 * MAXIMUM_OBJECT_TYPES);
    }
  if (level->placements == NULL || level->placements->len < 2 * MAXIMUM_OBJECT_TYPES)
    return;
  for (guint i = 0; i < array_len (level->objects); i++)
    {
      const TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, i);

      if ((object->type == 0 || object->type == 2) && object->index >= 0 && object->index < MAXIMUM_OBJECT_TYPES)
        placed[(object->type == 0 ? MAXIMUM_OBJECT_TYPES : 0) + object->index]++;
    }
  for (guint k = 0; k < 2 * MAXIMUM_OBJECT_TYPES; k++)
    {
      const TsrMarathonPlacement *placement = &g_array_index (level->placements, TsrMarathonPlacement, k);
      gboolean monster = k >= MAXIMUM_OBJECT_TYPES;
      guint type = k % MAXIMUM_OBJECT_TYPES;
      TsrFindingPlace place = tsr_finding_place_element (level_index, monster ? "monster" : "item", (gint) type);

      /* placement.cpp _recreate_objects adds a random one only while the type's count (topped
       * up to minimum_count first) stays below maximum_count: a random count and chance with a
       * maximum not above the minimum never bring one. A minimum above the maximum alone is
       * fine (net maps keep 8 of an item and no random ones that way). load_placement_data
       * clears monster 0's record, so it is not read. */
      if (placement->random_chance > 0 && (placement->random_count > 0 || placement->random_count == TSR_MARATHON_NONE)
          && placement->maximum_count <= MAX (placement->minimum_count, 0) && !(monster && type == 0))
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                             monster ? _("monster type %u: random chance set, but its maximum count %d is not above its minimum count %d: no random one ever comes")
                                     : _("item type %u: random chance set, but its maximum count %d is not above its minimum count %d: no random one ever comes"),
                             type, placement->maximum_count, placement->minimum_count);
      if (placed[k] == 0 || placement->initial_count != 0 || (monster && type == 0))
        continue;
      if (monster && (placement->minimum_count > 0
                      || ((placement->random_count > 0 || placement->random_count == TSR_MARATHON_NONE)
                          && placement->random_chance > 1)))
        continue;
      tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                           monster ? _("monster type %u: %u placed on the map, but its initial count is 0")
                                   : _("item type %u: %u placed on the map, but its initial count is 0"),
                           type, placed[k]);
    }
}

/* Points within half a world unit of the 16-bit edge: a step further is outside the world. */
static void
validate_coordinates (const TsrMarathonLevel *level,
                      gint                    level_index,
                      const char             *where,
                      GPtrArray              *findings)
{
  const int edge = G_MAXINT16 - 512;

  for (guint i = 0; i < tsr_marathon_level_n_points (level); i++)
    {
      TsrMarathonPoint p = tsr_marathon_level_point (level, i);

      if (p.x > edge || p.x < -edge - 1 || p.y > edge || p.y < -edge - 1)
        {
          TsrFindingPlace place = tsr_finding_place_element (level_index, "point", (gint) i);

          tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                               _("point %u: (%d, %d) is within half a world unit of the map's edge"), i, p.x, p.y);
        }
    }
}

/* The engine's map index list (alephone issue #481): over 90 % of its limit is a warning. */
static void
validate_index_meter (const TsrMarathonLevel *level,
                      const TsrFindingPlace  *place,
                      const char             *where,
                      GPtrArray              *findings)
{
  guint limit = 0, used;

  if (array_len (level->polygons) == 0)
    return;
  /* map_constructors.cpp add_map_index counts in int16 (dynamic_world->map_index_count; its
   * assert is compiled out) and map.cpp get_map_indexes bounds a list by that count read as
   * unsigned 16 bits: past 65,535 it wraps and the lists beyond return NULL; map.cpp
   * keep_line_segment_out_of_walls then skips the polygon's wall collision (one walks through
   * its walls). A stored iidx is counted in int16 by game_wad.cpp. */
  used = tsr_marathon_level_index_usage (level, &limit);
  if ((guint64) used * 10 > (guint64) limit * 9)
    tsr_findings_add_at (findings, used > limit ? TSR_SEVERITY_ERROR : TSR_SEVERITY_WARNING, place, where,
                         _("map index meter: %u of %u indexes (%u%%)"), used, limit,
                         (guint) ((guint64) used * 100 / limit));
}

/* RenderRasterize.cpp RenderRasterizerClass::render_node reads a side's primary light for every
 * kind of side, its secondary light for the low part of a split side, and its transparent light
 * when the side has a transparent texture; the other indexes are never read (shipped maps keep
 * stale ones there). lightsource.cpp get_light_intensity gives 0 for a light that is not there:
 * that surface is drawn unlit, the game goes on. */
static void
validate_side_lights (const TsrMarathonSide *side,
                      guint                  index,
                      guint                  n_lights,
                      const TsrFindingPlace *place,
                      const char            *where,
                      GPtrArray             *findings)
{
  const struct { int light; gboolean read; const char *what; } slots[] = {
    { side->primary_lightsource_index, TRUE, N_("primary") },
    { side->secondary_lightsource_index, side->type == 4, N_("secondary") },
    { side->transparent_lightsource_index, side->transparent_texture.texture != -1, N_("transparent") },
  };

  for (gsize k = 0; k < G_N_ELEMENTS (slots); k++)
    if (slots[k].read && !none_or_in_range (slots[k].light, n_lights))
      tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, place, where,
                           /* Translators: the middle %s is which of the side's lights ("primary") */
                           _("side %u: %s light %d outside 0..%d; the engine draws that surface unlit"), index,
                           _(slots[k].what), slots[k].light, (int) n_lights - 1);
}

char *
tsr_marathon_script_path_beside (const char *map_path)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;
  const char *dot;

  g_return_val_if_fail (map_path != NULL, NULL);
  dir = g_path_get_dirname (map_path);
  base = g_path_get_basename (map_path);
  dot = strrchr (base, '.');
  name = g_strdup_printf ("%.*s.term.txt", dot != NULL && dot != base ? (int) (dot - base) : (int) strlen (base), base);
  return g_build_filename (dir, name, NULL);
}

gboolean
tsr_marathon_map_attach_script (TsrMarathonMap *map,
                                const char     *map_path)
{
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  TsrMarathonLevel *level;
  TsrMarathonScriptCompilation *compilation;
  const TsrMarathonScriptDiagnostic *first;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (map != NULL && map_path != NULL, FALSE);
  /* A merge folder holds one level; Atque compiles the script into that level. */
  if (map->levels->len != 1)
    return FALSE;
  level = g_ptr_array_index (map->levels, 0);
  if (level->terminals != NULL)
    return FALSE;
  path = tsr_marathon_script_path_beside (map_path);
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return FALSE;
  g_clear_pointer (&level->script_terminals, g_ptr_array_unref);
  g_clear_pointer (&level->script_error, g_free);
  g_free (level->script_path);
  level->script_path = g_strdup (path);
  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      level->script_error = g_strdup (error->message);
      return TRUE;
    }
  compilation = tsr_marathon_script_compile (contents, length);
  first = tsr_marathon_script_compilation_first_error (compilation);
  if (compilation->terminals != NULL && first == NULL)
    level->script_terminals = tsr_marathon_terminals_copy (compilation->terminals);
  else if (first != NULL)
    level->script_error = g_strdup_printf (_("line %u: %s"), first->line, first->message);
  else
    level->script_error = g_strdup (_("no terminals"));
  tsr_marathon_script_compilation_free (compilation);
  return TRUE;
}

/* A platform trigger polygon (marathon2.cpp changed_polygon) or platform switch (devices.cpp
 * initialize_control_panels_for_level, change_panel_state) takes the platform index from the
 * permutation of the polygon it names: get_polygon_data and get_platform_data return NULL past
 * their counts, and the engine dereferences that (platforms.cpp try_and_change_platform_state,
 * platform_is_on). A polygon that is no platform only redirects it to another platform. */
static void
validate_platform_target (const TsrMarathonLevel *level,
                          int                     target,
                          guint                   n_platforms,
                          const TsrFindingPlace  *place,
                          const char             *where,
                          GPtrArray              *findings,
                          const char             *kind,
                          guint                   index,
                          const char             *what)
{
  guint n_polygons = array_len (level->polygons);
  const TsrMarathonPolygon *polygon;

  if (!in_range (target, n_polygons))
    {
      tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, place, where,
                           /* Translators: "polygon 3: platform trigger for polygon 40 outside 0..12; …" */
                           _("%s %u: %s for polygon %d outside 0..%d; the engine crashes on it"), kind, index, what,
                           target, (int) n_polygons - 1);
      return;
    }
  polygon = &g_array_index (level->polygons, TsrMarathonPolygon, target);
  if (polygon->type == 5)
    return;
  if (polygon->permutation < 0 || (guint) polygon->permutation >= n_platforms)
    tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, place, where,
                         _("%s %u: %s aimed at polygon %d, which is not a platform; its permutation %d is no "
                           "platform either and the engine crashes on it"),
                         kind, index, what, target, polygon->permutation);
  else
    tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, place, where,
                         _("%s %u: %s aimed at polygon %d, which is not a platform; the engine works platform %d "
                           "(its permutation) instead"),
                         kind, index, what, target, polygon->permutation);
}

/* Each names the element of the loop it is in through PLACE. */
#define ERR(...) tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, __VA_ARGS__)
#define WARN(...) tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, __VA_ARGS__)

void
tsr_marathon_level_validate (const TsrMarathonLevel *level,
                             gint                    level_index,
                             const char             *where,
                             GPtrArray              *findings)
{
  TsrFindingPlace place = tsr_finding_place_element (level_index, "level", level_index);
  guint n_points = tsr_marathon_level_n_points (level);
  guint n_lines = array_len (level->lines);
  guint n_sides = array_len (level->sides);
  guint n_polygons = array_len (level->polygons);
  guint n_lights = level->data_version == 0 ? array_len (level->old_lights) : array_len (level->lights);
  guint n_media = array_len (level->media);
  guint n_platforms = array_len (level->platforms);
  gboolean m1 = level->data_version == 0;
  gboolean live_platforms = level->entry != NULL
                            && tsr_wad_entry_find_chunk (level->entry, TSR_WAD_TAG ('P', 'L', 'A', 'T')) != NULL;
  guint players = 0;
  /* The terminals the map's switches open: its term chunk, or the script beside it in an Atque
   * merge folder (compiled in at merge). Unknown when that script does not compile. */
  const GPtrArray *terminals = level->terminals != NULL ? level->terminals : level->script_terminals;
  gboolean terminals_known = level->terminals != NULL || level->script_error == NULL;
  /* Without EPNT the map is not preprocessed: the engine recomputes neighbours and side lists. */
  TsrSeverity redundant = level->endpoints != NULL ? TSR_SEVERITY_ERROR : TSR_SEVERITY_WARNING;
  g_autofree guint8 *side_used = g_malloc0 (n_sides + 1);

  /* A level's own physics chunks replace the physics file's while it is played (game_wad.cpp
   * process_map_wad). */
  if (level->physics != NULL)
    tsr_marathon_physics_validate_tables (level->physics, level_index, where, findings);

  if (!level->has_info)
    WARN (where, _("no Minf chunk: not a map level"));
  if (level->points == NULL && level->endpoints == NULL)
    ERR (where, _("no PNTS or EPNT chunk"));
  validate_counts (level, &place, where, findings);
  if (!m1)
    {
      /* The engine takes a map as preprocessed when it has EPNT and no plain points. Its asserts
       * on iidx are compiled out of release builds; game_wad.cpp load_redundant_map_data then
       * recomputes a map without iidx (harmless), but takes a map with iidx as derived and
       * skips recalculate_redundant_map, so plain points keep no derived endpoint data. */
      TsrWadChunk *iidx = level->entry != NULL ? tsr_wad_entry_find_chunk (level->entry, TAG_IIDX) : NULL;
      gboolean has_indexes = iidx != NULL && g_bytes_get_size (iidx->data) >= 2;
      gboolean preprocessed = level->endpoints != NULL && (level->points == NULL || level->points->len == 0);

      if (preprocessed && !has_indexes)
        WARN (where, _("EPNT without iidx: the engine recomputes the map indexes when it loads the map"));
      else if (!preprocessed && has_indexes)
        ERR (where, _("iidx without EPNT: the engine takes the map as derived and leaves its points without "
                      "derived data"));
    }

  for (guint i = 0; i < n_lines; i++)
    {
      place = tsr_finding_place_element (level_index, "line", (gint) i);
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      if (!in_range (line->endpoint_indexes[0], n_points) || !in_range (line->endpoint_indexes[1], n_points))
        ERR (where, _("line %u: endpoint %d or %d outside 0..%d"), i, line->endpoint_indexes[0],
             line->endpoint_indexes[1], (int) n_points - 1);
      /* A zero-length line: RenderRasterize.cpp render_node skips degenerate sides and map.cpp
       * guards its length against 0; shipped maps keep stray ones (Ys). */
      else if (line->endpoint_indexes[0] == line->endpoint_indexes[1])
        WARN (where, _("line %u: both ends are point %d"), i, line->endpoint_indexes[0]);
      if (in_range (line->clockwise_side_index, n_sides))
        side_used[line->clockwise_side_index] = 1;
      if (in_range (line->counterclockwise_side_index, n_sides))
        side_used[line->counterclockwise_side_index] = 1;
      if (!none_or_in_range (line->clockwise_side_index, n_sides)
          || !none_or_in_range (line->counterclockwise_side_index, n_sides))
        ERR (where, _("line %u: side %d or %d outside 0..%d"), i, line->clockwise_side_index,
             line->counterclockwise_side_index, (int) n_sides - 1);
      if (!none_or_in_range (line->clockwise_polygon_owner, n_polygons)
          || !none_or_in_range (line->counterclockwise_polygon_owner, n_polygons))
        ERR (where, _("line %u: polygon %d or %d outside 0..%d"), i, line->clockwise_polygon_owner,
             line->counterclockwise_polygon_owner, (int) n_polygons - 1);
    }

  for (guint i = 0; i < n_sides; i++)
    {
      place = tsr_finding_place_element (level_index, "side", (gint) i);
      const TsrMarathonSide *side = &g_array_index (level->sides, TsrMarathonSide, i);

      /* A side no line uses is dead data the engine never reads; Marathon 1 maps carry stale
       * owner indexes in every side (the engine derives them from the lines). */
      TsrSeverity severity = side_used[i] && !m1 ? TSR_SEVERITY_ERROR : TSR_SEVERITY_WARNING;

      if (m1)
        ; /* owner indexes are not kept in Marathon 1 sides */
      else if (!none_or_in_range (side->line_index, n_lines))
        tsr_findings_add_at (findings, severity, &place, where, _("side %u: line %d outside 0..%d%s"), i,
                          side->line_index, (int) n_lines - 1, side_used[i] ? "" : _(" (side unused)"));
      if (!m1 && !none_or_in_range (side->polygon_index, n_polygons))
        tsr_findings_add_at (findings, severity, &place, where, _("side %u: polygon %d outside 0..%d%s"), i,
                          side->polygon_index, (int) n_polygons - 1, side_used[i] ? "" : _(" (side unused)"));
      if (!m1 && side_used[i])
        validate_side_lights (side, i, n_lights, &place, where, findings);
      if (!m1 && (side->flags & SIDE_IS_CONTROL_PANEL) && side_used[i])
        {
          int type = side->control_panel_type;
          int permutation = side->control_panel_permutation;
          guint n_terminals = terminals != NULL ? terminals->len : 0;

          if (type < 0 || (gsize) type >= sizeof panel_classes - 1)
            WARN (where, _("side %u: control panel type %d unknown (0..%d); the engine turns it off"), i,
                  type, (int) sizeof panel_classes - 2);
          else if (panel_classes[type] == 'L' && !in_range (permutation, n_lights))
            WARN (where, _("side %u: light switch for light %d outside 0..%d; the switch does nothing"), i, permutation,
                  (int) n_lights - 1);
          else if (panel_classes[type] == 'P' && permutation < 0)
            /* devices.cpp initialize_control_panels_for_level turns such a switch off. */
            WARN (where, _("side %u: platform switch for polygon %d; the engine turns the switch off"), i, permutation);
          else if (panel_classes[type] == 'P')
            validate_platform_target (level, permutation, n_platforms, &place, where, findings,
                                      /* Translators: "side 4: platform switch" */
                                      _("side"), i, _("platform switch"));
          else if (panel_classes[type] == 'C' && !in_range (permutation, n_terminals) && terminals_known)
            /* computer_interface.cpp enter_computer_interface: no such terminal plays the logon
             * sound and returns. */
            WARN (where, _("side %u: terminal %d outside 0..%d%s; the switch only plays the logon sound"), i,
                  permutation, (int) n_terminals - 1,
                  level->terminals == NULL && level->script_terminals != NULL ? _(" (of the script beside the map)") : "");
        }
      /* Full, high, low and split sides: type 3 (composite) was never implemented;
       * RenderRasterize.cpp render_node reaches its assert (compiled out of release builds) and
       * draws nothing for the wall. */
      if (side->type != 0 && side->type != 1 && side->type != 2 && side->type != 4)
        tsr_findings_add_at (findings, side_used[i] ? TSR_SEVERITY_ERROR : TSR_SEVERITY_WARNING, &place, where,
                             _("side %u: type %d%s, not 0, 1, 2 or 4 (full, high, low, split)%s"), i, side->type,
                             side->type == 3 ? _(" (composite)") : "", side_used[i] ? "" : _(" (side unused)"));
      if (m1 && (side->flags & ~0x0007u) != 0)
        WARN (where, _("side %u: flags %04x beyond the Marathon 1 set (0x0007); the engine masks them"),
              i, side->flags);
    }

  for (guint i = 0; i < n_polygons; i++)
    {
      place = tsr_finding_place_element (level_index, "polygon", (gint) i);
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);
      guint count = polygon->vertex_count;
      gboolean indexes_ok = TRUE;
      int sign = 0;

      /* map_constructors.cpp precalculate_map_indexes skips detached polygons (a second pass
       * that was never written): no exclusion zones when the engine derives the map. */
      if (!m1 && (polygon->flags & 0x4000))
        WARN (where, _("polygon %u: the detached flag (0x4000) is set; the engine gives detached polygons no "
                       "exclusion zones"), i);
      /* map.h keeps 8 vertices a polygon (MAXIMUM_VERTICES_PER_POLYGON) and
       * map_constructors.cpp unpack_polygon_data keeps vertex_count as stored: map.cpp
       * point_in_polygon and find_line_crossed_leaving_polygon loop over vertex_count and read
       * the next fields as endpoint and line indexes. */
      if (count < 3 || count > 8)
        {
          ERR (where, _("polygon %u: %u vertices, 3 to 8 expected"), i, count);
          continue;
        }
      for (guint v = 0; v < count; v++)
        {
          if (!in_range (polygon->endpoint_indexes[v], n_points))
            {
              ERR (where, _("polygon %u: vertex %u is point %d, outside 0..%d"), i, v,
                   polygon->endpoint_indexes[v], (int) n_points - 1);
              indexes_ok = FALSE;
            }
          if (!in_range (polygon->line_indexes[v], n_lines))
            {
              ERR (where, _("polygon %u: edge %u is line %d, outside 0..%d"), i, v,
                   polygon->line_indexes[v], (int) n_lines - 1);
              indexes_ok = FALSE;
            }
          if (!none_or_in_range (polygon->adjacent_polygon_indexes[v], n_polygons))
            tsr_findings_add_at (findings, redundant, &place, where, _("polygon %u: neighbour %d outside 0..%d"), i,
                 polygon->adjacent_polygon_indexes[v], (int) n_polygons - 1);
          if (!none_or_in_range (polygon->side_indexes[v], n_sides))
            tsr_findings_add_at (findings, redundant, &place, where, _("polygon %u: side %d outside 0..%d"), i, polygon->side_indexes[v],
                 (int) n_sides - 1);
        }
      if (!indexes_ok)
        continue;
      /* The engine orders the vertices by the lines' owners: each line must name the polygon. */
      for (guint k = 0; k < count; k++)
        {
          const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, polygon->line_indexes[k]);

          if (line->clockwise_polygon_owner != (gint16) i && line->counterclockwise_polygon_owner != (gint16) i)
            {
              ERR (where, _("polygon %u: its line %d names polygons %d and %d as owners, not this one"), i,
                   polygon->line_indexes[k], line->clockwise_polygon_owner, line->counterclockwise_polygon_owner);
              break;
            }
        }
      /* The vertex count matches the edges: each pair of consecutive vertices is joined by one
       * of the polygon's lines (editors disagree on where the list starts). */
      for (guint v = 0; v < count; v++)
        {
          int a = polygon->endpoint_indexes[v], b = polygon->endpoint_indexes[(v + 1) % count];
          gboolean joined = FALSE;

          for (guint k = 0; k < count && !joined; k++)
            {
              const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, polygon->line_indexes[k]);

              joined = (line->endpoint_indexes[0] == a && line->endpoint_indexes[1] == b)
                       || (line->endpoint_indexes[0] == b && line->endpoint_indexes[1] == a);
            }
          if (!joined)
            {
              ERR (where, _("polygon %u: no line of the polygon joins its vertices %d and %d (vertex count %u)"),
                   i, a, b, count);
              break;
            }
        }
      /* Convex: every turn the same way (collinear vertices allowed). map.cpp point_in_polygon
       * calls a point inside only when it lies on the inner side of every edge: inside the
       * notch of a concave polygon it is nowhere, and objects there are lost. */
      for (guint v = 0; v < count; v++)
        {
          TsrMarathonPoint p0 = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[v]);
          TsrMarathonPoint p1 = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[(v + 1) % count]);
          TsrMarathonPoint p2 = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[(v + 2) % count]);
          gint64 cross = (gint64) (p1.x - p0.x) * (p2.y - p1.y) - (gint64) (p1.y - p0.y) * (p2.x - p1.x);

          if (cross == 0)
            continue;
          if (sign == 0)
            sign = cross > 0 ? 1 : -1;
          else if ((cross > 0 ? 1 : -1) != sign)
            {
              ERR (where, _("polygon %u: not convex at vertex %u"), i, (v + 1) % count);
              break;
            }
        }
      if (!m1)
        {
          /* lightsource.cpp get_light_intensity: no such light is intensity 0 (black). */
          if (!none_or_in_range (polygon->floor_lightsource_index, n_lights)
              || !none_or_in_range (polygon->ceiling_lightsource_index, n_lights))
            WARN (where, _("polygon %u: light %d or %d outside 0..%d; the engine draws it unlit"), i,
                  polygon->floor_lightsource_index, polygon->ceiling_lightsource_index, (int) n_lights - 1);
          if (!none_or_in_range (polygon->media_index, n_media))
            /* media.cpp get_media_data gives NULL past the liquids, which every reader checks. */
            WARN (where, _("polygon %u: liquid %d outside 0..%d; the engine shows no liquid there"), i,
                  polygon->media_index, (int) n_media - 1);
          switch (polygon->type)
            {
            case 5: /* platform: the engine finds its record by the record's polygon index */
              {
                gint record = tsr_marathon_level_find_platform (level, i);

                /* A saved game's live platforms (PLAT) are loaded instead of plat. */
                if (live_platforms)
                  break;
                /* game_wad.cpp scan_and_add_platforms gives it the defaults of platform type 1. */
                if (record < 0)
                  WARN (where, _("polygon %u: a platform without a platform record (the engine makes it a "
                        "default split door)"), i);
                else if (polygon->permutation != record)
                  WARN (where, _("polygon %u: permutation %d, but its platform record is %d"), i,
                        polygon->permutation, record);
                break;
              }
            case 6: case 8: /* light on / off trigger */
              /* marathon2.cpp changed_polygon: set_light_status ignores a light that is not there. */
              if (!in_range (polygon->permutation, n_lights))
                WARN (where, _("polygon %u: trigger light %d outside 0..%d; the trigger does nothing"), i,
                      polygon->permutation, (int) n_lights - 1);
              break;
            case 7: case 9: /* platform on / off trigger */
              validate_platform_target (level, polygon->permutation, n_platforms, &place, where, findings,
                                        _("polygon"), i, _("platform trigger"));
              break;
            case 10: /* teleporter: a polygon (or a negative level number) */
              if (polygon->permutation >= 0 && !in_range (polygon->permutation, n_polygons))
                ERR (where, _("polygon %u: teleporter destination %d outside 0..%d"), i,
                     polygon->permutation, (int) n_polygons - 1);
              break;
            default:
              break;
            }
        }
    }

  for (guint i = 0; i < array_len (level->objects); i++)
    {
      place = tsr_finding_place_element (level_index, "object", (gint) i);
      const TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, i);

      if (object->type == 3)
        players++;
      if (object->type != 5 && !in_range (object->polygon_index, n_polygons))
        ERR (where, _("object %u: polygon %d outside 0..%d"), i, object->polygon_index, (int) n_polygons - 1);
    }
  for (guint i = 0; i < n_platforms; i++)
    {
      place = tsr_finding_place_element (level_index, "platform", (gint) i);
      const TsrMarathonPlatform *platform = &g_array_index (level->platforms, TsrMarathonPlatform, i);

      /* game_wad.cpp scan_and_add_platforms looks records up from the platform polygons: one
       * that names no such polygon, or one that is no platform, is never used. */
      if (!in_range (platform->polygon_index, n_polygons))
        WARN (where, _("platform %u: polygon %d outside 0..%d (the engine ignores the record)"), i,
              platform->polygon_index, (int) n_polygons - 1);
      else if (g_array_index (level->polygons, TsrMarathonPolygon, platform->polygon_index).type != 5)
        WARN (where, _("platform %u: polygon %d is not a platform (the engine ignores the record)"), i,
              platform->polygon_index);
      else if (tsr_marathon_level_find_platform (level, (guint) platform->polygon_index) != (gint) i)
        WARN (where, _("platform %u: polygon %d has an earlier platform record (the engine ignores this one)"), i,
              platform->polygon_index);
    }
  for (guint i = 0; i < n_media; i++)
    {
      place = tsr_finding_place_element (level_index, "liquid", (gint) i);
      const TsrMarathonMedia *media = &g_array_index (level->media, TsrMarathonMedia, i);

      /* media.cpp update_one_media: the height follows the light's intensity, 0 for no light. */
      if (!none_or_in_range (media->light_index, n_lights))
        WARN (where, _("liquid %u: light %d outside 0..%d; the liquid stays at its low level"), i, media->light_index,
              (int) n_lights - 1);
    }
  for (guint i = 0; i < array_len (level->annotations); i++)
    {
      place = tsr_finding_place_element (level_index, "annotation", (gint) i);
      const TsrMarathonAnnotation *note = &g_array_index (level->annotations, TsrMarathonAnnotation, i);

      if (!none_or_in_range (note->polygon_index, n_polygons))
        WARN (where, _("annotation %u: polygon %d outside 0..%d"), i, note->polygon_index, (int) n_polygons - 1);
    }
  validate_lights (level, terminals, level_index, where, findings);
  validate_placements (level, level_index, where, findings);
  validate_coordinates (level, level_index, where, findings);
  place = tsr_finding_place_element (level_index, "level", level_index);
  if (!level->defer_map_indexes)
    validate_index_meter (level, &place, where, findings);
  if (level->has_info)
    {
      guint32 entry = level->info.entry_point_flags;

      /* Marathon 1: extermination, exploration, retrieval, repair, rescue; vacuum, magnetic,
       * rebellion, low gravity. Anything else the engine's M1 translation drops. */
      if (m1 && ((guint16) level->info.mission_flags & ~0x001Fu) != 0)
        WARN (where, _("mission flags %04x beyond the Marathon 1 set (0x001F)"),
             (guint16) level->info.mission_flags);
      if (m1 && ((guint16) level->info.environment_flags & ~0x000Fu) != 0)
        WARN (where, _("environment flags %04x beyond the Marathon 1 set (0x000F)"),
             (guint16) level->info.environment_flags);
      if (m1 && entry == 0)
        entry = 0x01;
      /* placement.cpp get_random_player_starting_location_and_facing: global_random () % 0. */
      if ((entry & 0x01) != 0 && players == 0 && level->objects != NULL)
        ERR (where, _("a solo level without a player start"));
    }
  if (level->terminals == NULL && level->script_path != NULL && level->script_error != NULL)
    {
      place = tsr_finding_place_element (level_index, "level", level_index);
      WARN (where, _("the terminal script beside the map (%s) does not compile: %s; its terminal switches are not checked"),
            level->script_path, level->script_error);
    }
  if (level->terminals != NULL)
    for (guint t = 0; t < level->terminals->len; t++)
      {
        TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, t);
        gsize text_size = g_bytes_get_size (terminal->text);

        place = tsr_finding_place_element (level_index, "terminal", (gint) t);

        for (guint g = 0; g < terminal->groups->len; g++)
          {
            TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);

            if ((gsize) group->start_index + group->length > text_size)
              ERR (where, _("terminal %u group %u: text %u+%u beyond the %zu bytes"),
                   t, g, group->start_index, group->length, text_size);
            /* computer_interface.cpp: every switch on a group's type ends in "default: break",
             * so an unknown group shows nothing; text past the end is read past the buffer
             * (_draw_computer_text), a teleport goes through get_polygon_data. */
            if (group->type < 0 || group->type >= TSR_MARATHON_N_GROUP_TYPES)
              WARN (where, _("terminal %u group %u: type %d unknown; the engine shows nothing for it"), t, g,
                    group->type);
            else if ((group->type == TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT)
                     && !in_range (group->permutation, n_polygons))
              ERR (where, _("terminal %u group %u: teleport polygon %d outside 0..%d"), t, g,
                   group->permutation, (int) n_polygons - 1);
          }
      }
}

void
tsr_marathon_map_validate (const TsrMarathonMap *map,
                           GPtrArray            *findings)
{
  /* The wad's directory is rebuilt from the levels on save; check what would be written. */
  g_ptr_array_set_size (map->wad->entries, 0);
  for (guint i = 0; i < map->levels->len; i++)
    g_ptr_array_add (map->wad->entries, ((TsrMarathonLevel *) g_ptr_array_index (map->levels, i))->entry);
  tsr_wad_validate (map->wad, findings);
  for (guint i = 0; i < map->levels->len; i++)
    {
      TsrMarathonLevel *level = g_ptr_array_index (map->levels, i);
      g_autofree char *name = tsr_marathon_level_name (level);
      g_autofree char *where = g_strdup_printf (_("level %d (%s)"), level->entry->index, name);

      tsr_marathon_level_validate (level, level->entry->index, where, findings);
    }
}

/* ---- Rendering -------------------------------------------------------------------------------- */

static guint32
polygon_colour (const TsrMarathonLevel *level,
                const TsrMarathonPolygon *polygon)
{
  static const guint32 m2_colours[] = {
    0x5a6478ff, /* normal */
    0x6e5a5aff, 0x5a6e5aff, 0x78785aff, 0x5a7878ff, /* impassable, monster impassable, hill, base */
    0x3c78c8ff, /* platform */
    0xc8c83cff, 0x3c8cdcff, 0xb4b43cff, 0x3c8cdcff, /* triggers */
    0xb43cc8ff, /* teleporter */
    0x646464ff, 0xdc9632ff, /* zone border, goal */
    0x8c5050ff, 0x8c5050ff, 0x8c5050ff, 0x8c8c50ff, /* monster / item triggers */
    0x50a050ff, 0x32c864ff, /* must be explored, automatic exit */
    0xc85032ff, 0xdc2828ff, 0x8c8c8cff, 0x8c8c8cff, 0x8c8c8cff,
  };

  if (level->data_version != 0 && polygon->media_index >= 0)
    return 0x3278b4ff;
  if (polygon->type >= 0 && (gsize) polygon->type < G_N_ELEMENTS (m2_colours))
    return m2_colours[polygon->type];
  return 0x5a6478ff;
}

static void
blend_pixel (TsrImage *image,
             int       x,
             int       y,
             guint32   rgba)
{
  if (x < 0 || y < 0 || (guint) x >= image->width || (guint) y >= image->height)
    return;
  tsr_image_set_pixel (image, (guint) x, (guint) y, rgba);
}

static void
draw_line (TsrImage *image,
           double x0, double y0, double x1, double y1,
           guint32 rgba)
{
  int steps = (int) MAX (fabs (x1 - x0), fabs (y1 - y0)) + 1;

  if (steps > 100000)
    steps = 100000;
  for (int s = 0; s <= steps; s++)
    {
      double t = (double) s / steps;

      blend_pixel (image, (int) lround (x0 + (x1 - x0) * t), (int) lround (y0 + (y1 - y0) * t), rgba);
    }
}

/* Scanline fill of a convex (or any simple) polygon by the even-odd rule. */
static void
fill_polygon (TsrImage     *image,
              const double *xs,
              const double *ys,
              guint         count,
              guint32       rgba)
{
  double min_y = ys[0], max_y = ys[0];

  for (guint i = 1; i < count; i++)
    {
      min_y = MIN (min_y, ys[i]);
      max_y = MAX (max_y, ys[i]);
    }
  for (int y = MAX (0, (int) floor (min_y)); y <= MIN ((int) image->height - 1, (int) ceil (max_y)); y++)
    {
      double cy = y + 0.5;
      double cuts[8];
      guint n = 0;

      for (guint i = 0; i < count && n < 8; i++)
        {
          double ax = xs[i], ay = ys[i], bx = xs[(i + 1) % count], by = ys[(i + 1) % count];

          if ((ay <= cy && by > cy) || (by <= cy && ay > cy))
            cuts[n++] = ax + (cy - ay) * (bx - ax) / (by - ay);
        }
      for (guint a = 0; a < n; a++)
        for (guint b = a + 1; b < n; b++)
          if (cuts[b] < cuts[a])
            {
              double t = cuts[a];
              cuts[a] = cuts[b];
              cuts[b] = t;
            }
      for (guint k = 0; k + 1 < n; k += 2)
        for (int x = MAX (0, (int) lround (cuts[k])); x < MIN ((int) image->width, (int) lround (cuts[k + 1])); x++)
          tsr_image_set_pixel (image, (guint) x, (guint) y, rgba);
    }
}

TsrImage *
tsr_marathon_level_render (const TsrMarathonLevel *level,
                           guint                   width,
                           guint                   height,
                           GError                **error)
{
  guint n_points = tsr_marathon_level_n_points (level);
  int min_x = G_MAXINT, min_y = G_MAXINT, max_x = G_MININT, max_y = G_MININT;
  double scale, offset_x, offset_y;
  g_autoptr(TsrImage) image = NULL;
  const int margin = 8;

  if (n_points == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("level %d has no points to draw"),
                   level->entry->index);
      return NULL;
    }
  for (guint i = 0; i < n_points; i++)
    {
      TsrMarathonPoint p = tsr_marathon_level_point (level, i);

      min_x = MIN (min_x, p.x);
      max_x = MAX (max_x, p.x);
      min_y = MIN (min_y, p.y);
      max_y = MAX (max_y, p.y);
    }
  if (width == 0 && height == 0)
    width = height = 1024;
  else if (width == 0)
    width = height;
  else if (height == 0)
    height = width;
  scale = MIN ((double) (width - MIN (width, 2 * margin)) / MAX (1, max_x - min_x),
               (double) (height - MIN (height, 2 * margin)) / MAX (1, max_y - min_y));
  offset_x = (width - (max_x - min_x) * scale) / 2.0 - min_x * scale;
  offset_y = (height - (max_y - min_y) * scale) / 2.0 - min_y * scale;
  image = tsr_image_new (width, height);
  if (image == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("render size %ux%u not possible"),
                   width, height);
      return NULL;
    }
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      tsr_image_set_pixel (image, x, y, 0x101018ff);

  for (guint i = 0; i < array_len (level->polygons); i++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);
      double xs[8], ys[8];
      guint count = MIN (polygon->vertex_count, 8u);
      gboolean ok = count >= 3;

      for (guint v = 0; ok && v < count; v++)
        {
          TsrMarathonPoint p;

          if (!in_range (polygon->endpoint_indexes[v], n_points))
            {
              ok = FALSE;
              break;
            }
          p = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[v]);
          xs[v] = p.x * scale + offset_x;
          ys[v] = p.y * scale + offset_y;
        }
      if (ok)
        fill_polygon (image, xs, ys, count, polygon_colour (level, polygon));
    }
  for (guint i = 0; i < array_len (level->lines); i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);
      TsrMarathonPoint a, b;
      gboolean solid;

      if (!in_range (line->endpoint_indexes[0], n_points) || !in_range (line->endpoint_indexes[1], n_points))
        continue;
      a = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[0]);
      b = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[1]);
      solid = line->clockwise_polygon_owner == TSR_MARATHON_NONE
              || line->counterclockwise_polygon_owner == TSR_MARATHON_NONE;
      draw_line (image, a.x * scale + offset_x, a.y * scale + offset_y,
                 b.x * scale + offset_x, b.y * scale + offset_y, solid ? 0xf0f0f0ff : 0x8890a0ff);
    }
  for (guint i = 0; i < array_len (level->objects); i++)
    {
      static const guint32 colours[] = { 0xe03030ff, 0x909090ff, 0xf0d020ff, 0x30e030ff, 0xff8000ff, 0x3090ffff };
      const TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, i);
      int cx = (int) lround (object->x * scale + offset_x), cy = (int) lround (object->y * scale + offset_y);
      guint32 colour = object->type >= 0 && object->type < 6 ? colours[object->type] : 0xffffffff;
      int r = object->type == 3 ? 3 : 2;

      for (int dy = -r; dy <= r; dy++)
        for (int dx = -r; dx <= r; dx++)
          blend_pixel (image, cx + dx, cy + dy, colour);
    }
  return g_steal_pointer (&image);
}
