/* tsr-wolf3d-maps.c: MAPHEAD + GAMEMAPS/MAPTEMP reading and writing. */
#include "formats/wolf3d/tsr-wolf3d-maps.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/wolf3d/tsr-wolf3d-compress.h"

#define MAPHEAD_SIZE (2 + 4 * TSR_WOLF3D_MAX_LEVELS)
static const char ted5_signature[] = "TED5v1.0";
static const guint8 level_trailer[] = { '!', 'I', 'D', '!' };

TsrWolf3dLevel *
tsr_wolf3d_level_new (const char *name,
                      guint16     width,
                      guint16     height)
{
  TsrWolf3dLevel *level;

  g_return_val_if_fail (width > 0 && height > 0 && (gsize) width * height <= 32767, NULL);
  level = g_new0 (TsrWolf3dLevel, 1);
  level->width = width;
  level->height = height;
  g_strlcpy (level->name, name != NULL ? name : "", sizeof level->name);
  memcpy (level->name_raw, level->name, strlen (level->name));
  for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
    level->planes[p] = g_new0 (guint16, (gsize) width * height);
  level->trailer = g_bytes_new_static (level_trailer, sizeof level_trailer);
  return level;
}

void
tsr_wolf3d_level_free (TsrWolf3dLevel *level)
{
  if (level == NULL)
    return;
  for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
    {
      g_free (level->planes[p]);
      g_clear_pointer (&level->chunks[p], g_bytes_unref);
    }
  g_clear_pointer (&level->trailer, g_bytes_unref);
  g_free (level);
}

void
tsr_wolf3d_maps_free (TsrWolf3dMaps *maps)
{
  if (maps == NULL)
    return;
  g_clear_pointer (&maps->levels, g_ptr_array_unref);
  g_clear_pointer (&maps->maphead_tail, g_bytes_unref);
  g_clear_pointer (&maps->prefix, g_bytes_unref);
  g_clear_pointer (&maps->maphead_bytes, g_bytes_unref);
  g_clear_pointer (&maps->gamemaps_bytes, g_bytes_unref);
  g_free (maps);
}

/* Expands a stored plane read through READER (positioned at the chunk, limited to it). */
static guint16 *
plane_expand_reader (TsrReader *reader,
                     gsize      words,
                     guint16    rlew_tag,
                     gboolean   carmack,
                     GError   **error)
{
  g_autofree guint16 *carmacked = NULL;
  g_autofree guint8 *rlew_bytes = NULL;
  TsrReader rlew_reader;
  guint16 rlew_length;

  if (carmack)
    {
      guint16 expanded;
      gsize at = tsr_reader_file_offset (reader);

      if (!tsr_reader_read_u16_le (reader, &expanded, error))
        return NULL;
      if (expanded % 2 != 0 || expanded < 2)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, at,
                            _("%s: Carmack length %u is not an even number of bytes >= 2"),
                            reader->label, expanded);
          return NULL;
        }
      carmacked = tsr_wolf3d_carmack_expand (reader, expanded / 2, error);
      if (carmacked == NULL)
        return NULL;
      rlew_bytes = g_malloc (expanded);
      for (gsize i = 0; i < expanded / 2u; i++)
        {
          rlew_bytes[2 * i] = carmacked[i] & 0xFF;
          rlew_bytes[2 * i + 1] = carmacked[i] >> 8;
        }
      tsr_reader_init (&rlew_reader, rlew_bytes, expanded, reader->label);
      rlew_reader.base = at;
      reader = &rlew_reader;
    }

  gsize at = tsr_reader_file_offset (reader);
  if (!tsr_reader_read_u16_le (reader, &rlew_length, error))
    return NULL;
  if (rlew_length != words * 2)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, at,
                        _("%s: plane expands to %u bytes, %zu expected (width x height x 2)"),
                        reader->label, rlew_length, words * 2);
      return NULL;
    }
  return tsr_wolf3d_rlew_expand (reader, rlew_tag, words, error);
}

guint16 *
tsr_wolf3d_plane_expand (GBytes   *chunk,
                         gsize     words,
                         guint16   rlew_tag,
                         gboolean  carmack,
                         GError  **error)
{
  TsrReader reader;
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (chunk, &size);

  tsr_reader_init (&reader, data, size, "plane");
  return plane_expand_reader (&reader, words, rlew_tag, carmack, error);
}

GBytes *
tsr_wolf3d_plane_compress (const guint16 *plane,
                           gsize          words,
                           guint16        rlew_tag,
                           gboolean       carmack)
{
  g_autoptr(TsrWriter) rlew = tsr_writer_new ();
  TsrWriter *out;
  const guint8 *rlew_data;
  gsize rlew_size = 0;

  tsr_writer_write_u16_le (rlew, (guint16) (words * 2));
  tsr_wolf3d_rlew_compress (plane, words, rlew_tag, rlew);
  if (!carmack)
    return tsr_writer_free_to_bytes (g_steal_pointer (&rlew));

  rlew_data = tsr_writer_peek (rlew, &rlew_size);
  g_autofree guint16 *rlew_words = g_new (guint16, rlew_size / 2 + 1);
  for (gsize i = 0; i < rlew_size / 2; i++)
    rlew_words[i] = (guint16) (rlew_data[2 * i] | (rlew_data[2 * i + 1] << 8));

  out = tsr_writer_new ();
  tsr_writer_write_u16_le (out, (guint16) rlew_size);
  tsr_wolf3d_carmack_compress (rlew_words, rlew_size / 2, out);
  return tsr_writer_free_to_bytes (out);
}

static TsrWolf3dLevel *
level_read (TsrReader  *file,
            guint       index,
            gsize       header_offset,
            guint16     rlew_tag,
            gboolean    carmack,
            GError    **error)
{
  g_autofree char *label = g_strdup_printf (_("%s: level %u header"), carmack ? "GAMEMAPS" : "MAPTEMP", index + 1);
  TsrWolf3dLevel *level = g_new0 (TsrWolf3dLevel, 1);
  TsrReader header;

  if (!tsr_reader_sub (file, header_offset, TSR_WOLF3D_HEADER_SIZE, label, &header, error))
    goto failed;
  for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
    if (!tsr_reader_read_s32_le (&header, &level->plane_offsets[p], error))
      goto failed;
  for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
    if (!tsr_reader_read_u16_le (&header, &level->plane_lengths[p], error))
      goto failed;
  if (!tsr_reader_read_u16_le (&header, &level->width, error)
      || !tsr_reader_read_u16_le (&header, &level->height, error)
      || !tsr_reader_read_bytes (&header, TSR_WOLF3D_LEVEL_NAME_MAX, level->name_raw, error))
    goto failed;
  for (guint i = 0; i < TSR_WOLF3D_LEVEL_NAME_MAX && level->name_raw[i] != 0; i++)
    level->name[i] = (char) level->name_raw[i];

  if (level->width == 0 || level->height == 0 || (gsize) level->width * level->height > 32767)
    {
      /* The RLEW length word is 16 bits: at most 32767 words fit. */
      tsr_set_error_at (error, TSR_ERROR_INVALID, header_offset + 18,
                        _("%s: level size %ux%u expected between 1x1 and 32767 tiles"),
                        label, level->width, level->height);
      goto failed;
    }

  for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
    {
      g_autofree char *plane_label = g_strdup_printf (_("%s: level %u plane %u"),
                                                      carmack ? "GAMEMAPS" : "MAPTEMP", index + 1, p);
      gsize words = (gsize) level->width * level->height;
      TsrReader chunk;

      if (level->plane_lengths[p] == 0)
        {
          level->chunks[p] = g_bytes_new (NULL, 0);
          level->planes[p] = g_new0 (guint16, words);
          continue;
        }
      if (level->plane_offsets[p] < 0)
        {
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, header_offset + 4 * p,
                            _("%s: offset %d expected to be positive"), plane_label,
                            level->plane_offsets[p]);
          goto failed;
        }
      if (!tsr_reader_sub (file, (gsize) level->plane_offsets[p], level->plane_lengths[p],
                           plane_label, &chunk, error))
        goto failed;
      level->chunks[p] = g_bytes_new (chunk.data, chunk.size);
      level->planes[p] = plane_expand_reader (&chunk, words, rlew_tag, carmack, error);
      if (level->planes[p] == NULL)
        goto failed;
    }
  return level;

failed:
  tsr_wolf3d_level_free (level);
  return NULL;
}

static gsize
level_data_start (const TsrWolf3dLevel *level)
{
  gsize start = G_MAXSIZE;

  for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
    if (level->plane_lengths[p] > 0 && level->plane_offsets[p] >= 0)
      start = MIN (start, (gsize) level->plane_offsets[p]);
  return start;
}

TsrWolf3dMaps *
tsr_wolf3d_maps_new (guint16  rlew_tag,
                     gboolean carmack)
{
  TsrWolf3dMaps *maps = g_new0 (TsrWolf3dMaps, 1);

  maps->rlew_tag = rlew_tag;
  maps->carmack = carmack;
  maps->levels = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_wolf3d_level_free);
  maps->maphead_tail = g_bytes_new (NULL, 0);
  maps->prefix = g_bytes_new_static (ted5_signature, 8);
  maps->changed = TRUE;   /* nothing to write back as it was: always serialise */
  return maps;
}

TsrWolf3dMaps *
tsr_wolf3d_maps_load (GBytes   *maphead,
                      GBytes   *gamemaps,
                      gboolean  carmack,
                      GError  **error)
{
  g_autoptr(GPtrArray) levels = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_wolf3d_level_free);
  TsrWolf3dMaps *maps;
  TsrReader head, file;
  gsize head_size = 0, file_size = 0;
  const guint8 *head_data = g_bytes_get_data (maphead, &head_size);
  const guint8 *file_data = g_bytes_get_data (gamemaps, &file_size);
  const char *file_label = carmack ? "GAMEMAPS" : "MAPTEMP";
  guint16 tag;
  gint32 slots[TSR_WOLF3D_MAX_LEVELS];
  guint used = 0;
  gsize previous_header_end = 0;

  tsr_reader_init (&head, head_data, head_size, "MAPHEAD");
  tsr_reader_init (&file, file_data, file_size, file_label);

  /* Say what is wrong with a corrupt MAPHEAD rather than what goes wrong in GAMEMAPS. */
  if (head_size < MAPHEAD_SIZE)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, head_size, _("MAPHEAD: %zu bytes, %d expected (the RLEW tag and %d level offsets)"), head_size,
                        MAPHEAD_SIZE, TSR_WOLF3D_MAX_LEVELS);
      return NULL;
    }
  if (!tsr_reader_read_u16_le (&head, &tag, error))
    return NULL;
  for (guint i = 0; i < TSR_WOLF3D_MAX_LEVELS; i++)
    {
      if (!tsr_reader_read_s32_le (&head, &slots[i], error))
        return NULL;
      if (slots[i] > 0)
        used = i + 1;
      if (slots[i] > 0 && (guint64) slots[i] + TSR_WOLF3D_HEADER_SIZE > file_size)
        {
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, 2 + 4 * (gsize) i,
                            _("MAPHEAD: level %u starts at offset %d, past the end of %s (%zu bytes)"), i, slots[i], file_label, file_size);
          return NULL;
        }
      if (slots[i] < -1)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, 2 + 4 * (gsize) i,
                            _("MAPHEAD: level %u: offset %d, a file offset, 0 or -1 (no level) expected"),
                            i, slots[i]);
          return NULL;
        }
    }

  if (file_size < 8 || memcmp (file_data, ted5_signature, 8) != 0)
    {
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC, 0, _("%s: 'TED5v1.0' expected at the start"),
                        file_label);
      return NULL;
    }

  for (guint i = 0; i < used; i++)
    {
      TsrWolf3dLevel *level;

      if (slots[i] <= 0)
        {
          g_ptr_array_add (levels, NULL);
          continue;
        }
      level = level_read (&file, i, (gsize) slots[i], tag, carmack, error);
      if (level == NULL)
        {
          if (tag != 0xabcd)
            g_prefix_error (error, _("MAPHEAD: RLEW tag 0x%04X, where every known game has 0xABCD; "), tag);
          return NULL;
        }
      g_ptr_array_add (levels, level);
    }

  /* The bytes between a header and the next level's data ("!ID!"), kept per level. */
  for (guint i = 0; i < levels->len; i++)
    {
      TsrWolf3dLevel *level = g_ptr_array_index (levels, i);
      gsize end = (gsize) slots[i] + TSR_WOLF3D_HEADER_SIZE;
      gsize next = file_size;

      if (level == NULL)
        continue;
      for (guint k = i + 1; k < levels->len; k++)
        if (g_ptr_array_index (levels, k) != NULL)
          {
            next = level_data_start (g_ptr_array_index (levels, k));
            break;
          }
      if (next >= end && next <= file_size && end >= previous_header_end)
        level->trailer = g_bytes_new (file_data + end, next - end);
      else
        level->trailer = g_bytes_new_static (level_trailer, sizeof level_trailer);
      previous_header_end = end;
    }

  maps = g_new0 (TsrWolf3dMaps, 1);
  maps->rlew_tag = tag;
  maps->carmack = carmack;
  memcpy (maps->slots, slots, sizeof slots);
  maps->maphead_tail = g_bytes_new (head_data + MAPHEAD_SIZE, head_size - MAPHEAD_SIZE);
  {
    gsize first = file_size;

    for (guint i = 0; i < levels->len; i++)
      if (g_ptr_array_index (levels, i) != NULL)
        {
          first = level_data_start (g_ptr_array_index (levels, i));
          break;
        }
    if (first > file_size || first < 8)
      first = 8;
    maps->prefix = g_bytes_new (file_data, first);
  }
  maps->levels = g_steal_pointer (&levels);
  maps->maphead_bytes = g_bytes_ref (maphead);
  maps->gamemaps_bytes = g_bytes_ref (gamemaps);
  return maps;
}

gboolean
tsr_wolf3d_maps_save (const TsrWolf3dMaps *maps,
                      gboolean             force,
                      GBytes             **maphead,
                      GBytes             **gamemaps,
                      GError             **error)
{
  g_autoptr(TsrWriter) head = NULL;
  g_autoptr(TsrWriter) file = NULL;

  if (!maps->changed && !force)
    {
      *maphead = g_bytes_ref (maps->maphead_bytes);
      *gamemaps = g_bytes_ref (maps->gamemaps_bytes);
      return TRUE;
    }
  if (maps->levels->len > TSR_WOLF3D_MAX_LEVELS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("MAPHEAD holds at most %d levels, the set has %u"),
                   TSR_WOLF3D_MAX_LEVELS, maps->levels->len);
      return FALSE;
    }

  head = tsr_writer_new ();
  file = tsr_writer_new ();
  tsr_writer_write_u16_le (head, maps->rlew_tag);
  tsr_writer_write_gbytes (file, maps->prefix);

  for (guint i = 0; i < TSR_WOLF3D_MAX_LEVELS; i++)
    {
      const TsrWolf3dLevel *level = i < maps->levels->len ? g_ptr_array_index (maps->levels, i) : NULL;
      guint32 offsets[TSR_WOLF3D_PLANES];
      guint16 lengths[TSR_WOLF3D_PLANES];
      gsize words;

      if (level == NULL)
        {
          /* Empty slots keep what they held (0 or -1), never a stale positive offset. */
          tsr_writer_write_u32_le (head, (guint32) MIN (maps->slots[i], 0));
          continue;
        }
      words = (gsize) level->width * level->height;
      for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
        {
          g_autoptr(GBytes) chunk = NULL;
          gsize size;

          if (level->chunks[p] != NULL)
            chunk = g_bytes_ref (level->chunks[p]);
          else
            chunk = tsr_wolf3d_plane_compress (level->planes[p], words, maps->rlew_tag, maps->carmack);
          size = g_bytes_get_size (chunk);
          if (size > G_MAXUINT16 || tsr_writer_tell (file) > G_MAXINT32)
            {
              g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                           _("level %u plane %u: %zu compressed bytes do not fit"
                           " the 16-bit length field"), i + 1, p, size);
              return FALSE;
            }
          offsets[p] = size == 0 ? (guint32) MAX (level->plane_offsets[p], 0) : (guint32) tsr_writer_tell (file);
          lengths[p] = (guint16) size;
          tsr_writer_write_gbytes (file, chunk);
        }
      tsr_writer_write_u32_le (head, (guint32) tsr_writer_tell (file));
      for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
        tsr_writer_write_u32_le (file, offsets[p]);
      for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
        tsr_writer_write_u16_le (file, lengths[p]);
      tsr_writer_write_u16_le (file, level->width);
      tsr_writer_write_u16_le (file, level->height);
      tsr_writer_write_bytes (file, level->name_raw, TSR_WOLF3D_LEVEL_NAME_MAX);
      if (level->trailer != NULL)
        tsr_writer_write_gbytes (file, level->trailer);
    }
  tsr_writer_write_gbytes (head, maps->maphead_tail);

  *maphead = tsr_writer_free_to_bytes (g_steal_pointer (&head));
  *gamemaps = tsr_writer_free_to_bytes (g_steal_pointer (&file));
  return TRUE;
}

guint
tsr_wolf3d_maps_get_n_levels (const TsrWolf3dMaps *maps)
{
  return maps->levels->len;
}

TsrWolf3dLevel *
tsr_wolf3d_maps_get_level (const TsrWolf3dMaps *maps,
                           guint                index)
{
  return index < maps->levels->len ? g_ptr_array_index (maps->levels, index) : NULL;
}

gboolean
tsr_wolf3d_maps_insert_level (TsrWolf3dMaps  *maps,
                              guint           index,
                              TsrWolf3dLevel *level,
                              GError        **error)
{
  if (maps->levels->len >= TSR_WOLF3D_MAX_LEVELS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("MAPHEAD holds at most %d levels"),
                   TSR_WOLF3D_MAX_LEVELS);
      return FALSE;
    }
  g_ptr_array_insert (maps->levels, (gint) MIN (index, maps->levels->len), level);
  maps->changed = TRUE;
  return TRUE;
}

TsrWolf3dLevel *
tsr_wolf3d_maps_remove_level (TsrWolf3dMaps *maps,
                              guint          index)
{
  g_return_val_if_fail (index < maps->levels->len, NULL);
  maps->changed = TRUE;
  return g_ptr_array_steal_index (maps->levels, index);
}

gboolean
tsr_wolf3d_maps_move_level (TsrWolf3dMaps *maps,
                            guint          from,
                            guint          to,
                            GError       **error)
{
  gpointer level;

  if (from >= maps->levels->len || to >= maps->levels->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("level %u to %u: the set has %u levels"),
                   from, to, maps->levels->len);
      return FALSE;
    }
  level = g_ptr_array_steal_index (maps->levels, from);
  g_ptr_array_insert (maps->levels, (gint) to, level);
  maps->changed = TRUE;
  return TRUE;
}

gboolean
tsr_wolf3d_maps_rename_level (TsrWolf3dMaps *maps,
                              guint          index,
                              const char    *name,
                              GError       **error)
{
  TsrWolf3dLevel *level = tsr_wolf3d_maps_get_level (maps, index);

  if (level == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("no level %u"), index);
      return FALSE;
    }
  if (strlen (name) > TSR_WOLF3D_LEVEL_NAME_MAX)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("level name '%s' is longer than %d bytes"),
                   name, TSR_WOLF3D_LEVEL_NAME_MAX);
      return FALSE;
    }
  memset (level->name, 0, sizeof level->name);
  memset (level->name_raw, 0, sizeof level->name_raw);
  strcpy (level->name, name);
  memcpy (level->name_raw, name, strlen (name));
  maps->changed = TRUE;
  return TRUE;
}

void
tsr_wolf3d_maps_mark_plane_changed (TsrWolf3dMaps *maps,
                                    guint          index,
                                    guint          plane)
{
  TsrWolf3dLevel *level = tsr_wolf3d_maps_get_level (maps, index);

  g_return_if_fail (level != NULL && plane < TSR_WOLF3D_PLANES);
  g_clear_pointer (&level->chunks[plane], g_bytes_unref);
  maps->changed = TRUE;
}

gboolean
tsr_wolf3d_maps_set_tile (TsrWolf3dMaps *maps,
                          guint          index,
                          guint          plane,
                          guint          x,
                          guint          y,
                          guint16        value,
                          GError       **error)
{
  TsrWolf3dLevel *level = tsr_wolf3d_maps_get_level (maps, index);

  if (level == NULL || plane >= TSR_WOLF3D_PLANES || x >= level->width || y >= level->height)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("level %u plane %u tile (%u,%u) is outside the set"), index, plane, x, y);
      return FALSE;
    }
  if (level->planes[plane][(gsize) y * level->width + x] == value)
    return TRUE;
  level->planes[plane][(gsize) y * level->width + x] = value;
  tsr_wolf3d_maps_mark_plane_changed (maps, index, plane);
  return TRUE;
}
