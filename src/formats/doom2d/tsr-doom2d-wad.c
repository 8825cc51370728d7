/* tsr-doom2d-wad.c: DFWAD read and write. */
#include <glib/gi18n.h>
#include <libdeflate.h>
#include <string.h>
#include <zlib.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-wad.h"
#include "formats/doom2d/tsr-doom2d-private.h"

#define WAD_HEADER_SIZE 8
#define WAD_RECORD_SIZE 24
/* Enough of a resource to tell a map (binary signature, or "map" after comments) from the rest:
 * the first bytes, and more only for a text that starts with long comments. */
#define MAP_SNIFF_FIRST 512
#define MAP_SNIFF_PREFIX 65536
/* Resources are pictures, sounds and maps; one that expands beyond 64 times the archive (and
 * beyond this floor) is a broken or hostile stream. */
#define WAD_MIN_RESOURCE_LIMIT ((gsize) 64 * 1024 * 1024)

static void
entry_free (TsrDoom2dWadEntry *entry)
{
  g_free (entry->name);
  g_free (entry->section);
  g_clear_pointer (&entry->compressed, g_bytes_unref);
  g_clear_pointer (&entry->data, g_bytes_unref);
  g_free (entry);
}

gboolean
tsr_doom2d_wad_sniff (const guint8 *data,
                      gsize         size)
{
  return size >= 6 && memcmp (data, "DFWAD", 5) == 0 && data[5] == 1;
}

/* What one archive holds decompressed: shared by the archive and every GBytes it handed out, so
 * a resource freed after its archive still finds its counter. */
typedef struct {
  gint64 bytes; /* atomic */
} HeldCounter;

typedef struct {
  HeldCounter *counter;
  guint8      *data;
  gsize        size;
} HeldData;

static gsize held_limit = TSR_DOOM2D_DEFAULT_HELD_LIMIT;

void
tsr_doom2d_wad_set_held_limit (gsize limit)
{
  held_limit = limit > 0 ? limit : TSR_DOOM2D_DEFAULT_HELD_LIMIT;
}

gsize
tsr_doom2d_wad_get_held_limit (void)
{
  return held_limit;
}

gsize
tsr_doom2d_wad_get_held (const TsrDoom2dWad *wad)
{
  HeldCounter *counter = wad->held;
  gint64 bytes = __atomic_load_n (&counter->bytes, __ATOMIC_SEQ_CST);

  return bytes > 0 ? (gsize) bytes : 0;
}

static void
held_data_free (gpointer user_data)
{
  HeldData *held = user_data;

  __atomic_sub_fetch (&held->counter->bytes, (gint64) held->size, __ATOMIC_SEQ_CST);
  g_atomic_rc_box_release (held->counter);
  g_free (held->data);
  g_free (held);
}

TsrDoom2dWad *
tsr_doom2d_wad_new (void)
{
  TsrDoom2dWad *wad = g_new0 (TsrDoom2dWad, 1);

  wad->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  wad->canonical = TRUE;
  wad->held = g_atomic_rc_box_new0 (HeldCounter);
  return wad;
}

void
tsr_doom2d_wad_free (TsrDoom2dWad *wad)
{
  if (wad == NULL)
    return;
  g_ptr_array_unref (wad->entries);
  tsr_doom2d_zip_close (wad);
  g_clear_pointer (&wad->original, g_bytes_unref);
  g_atomic_rc_box_release (wad->held);
  g_free (wad);
}

/* Whether ENTRY is an untouched stored stream, the only kind that can share (alias) another's. */
static gboolean
is_stored_stream (const TsrDoom2dWadEntry *entry)
{
  return !entry->is_section && entry->data == NULL && entry->compressed != NULL;
}

/* GLib's g_int64_hash keeps only the low 32 bits (the length here, alike for many small streams):
 * mix in the offset. */
static guint
stream_key_hash (gconstpointer key)
{
  guint64 value = *(const guint64 *) key;

  return (guint) ((value >> 32) * 0x9E3779B1u) ^ (guint) value;
}

/* For each entry, the first earlier untouched entry whose stored stream it shares (an alias: same
 * offset and length), or -1. One pass with a table keyed by (offset, length), so that a directory
 * of 65,535 entries costs no more than a small one per entry (transfer full). */
static gint *
find_aliases (GPtrArray *entries)
{
  g_autoptr(GHashTable) first = g_hash_table_new_full (stream_key_hash, g_int64_equal, g_free, NULL);
  gint *aliases = g_new (gint, MAX (entries->len, 1));

  for (guint i = 0; i < entries->len; i++)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (entries, i);
      gint64 key;
      gpointer found;

      aliases[i] = -1;
      if (!is_stored_stream (entry))
        continue;
      key = (gint64) (((guint64) entry->offset << 32) | entry->length);
      if (g_hash_table_lookup_extended (first, &key, NULL, &found))
        aliases[i] = GPOINTER_TO_INT (found);
      else
        g_hash_table_insert (first, g_memdup2 (&key, sizeof key), GINT_TO_POINTER ((gint) i));
    }
  return aliases;
}

TsrDoom2dWad *
tsr_doom2d_wad_read (GBytes  *bytes,
                     GError **error)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  TsrReader reader;
  guint8 magic[6];
  guint16 count;
  TsrDoom2dWad *wad;
  g_autofree char *section = g_strdup ("");

  tsr_reader_init (&reader, data, size, "DFWAD");
  if (!tsr_reader_read_bytes (&reader, 6, magic, error) || !tsr_reader_read_u16_le (&reader, &count, error))
    return NULL;
  if (memcmp (magic, "DFWAD", 5) != 0)
    {
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC, 0, _("DFWAD: 'DFWAD' signature expected"));
      return NULL;
    }
  if (magic[5] != 1)
    {
      tsr_set_error_at (error, TSR_ERROR_UNSUPPORTED_VERSION, 5, _("DFWAD: version %u, 1 expected"), magic[5]);
      return NULL;
    }

  wad = tsr_doom2d_wad_new ();
  wad->original = g_bytes_ref (bytes);
  wad->data_start = WAD_HEADER_SIZE + (gsize) count * WAD_RECORD_SIZE;
  wad->directory_offset = WAD_HEADER_SIZE;
  for (guint i = 0; i < count; i++)
    {
      TsrDoom2dWadEntry *entry = g_new0 (TsrDoom2dWadEntry, 1);
      gsize record_offset = tsr_reader_file_offset (&reader);
      gsize name_length;

      g_ptr_array_add (wad->entries, entry);
      if (!tsr_reader_read_bytes (&reader, 16, entry->raw_name, error)
          || !tsr_reader_read_u32_le (&reader, &entry->offset, error)
          || !tsr_reader_read_u32_le (&reader, &entry->length, error))
        goto fail;
      for (name_length = 0; name_length < 16 && entry->raw_name[name_length] != 0; name_length++)
        ;
      entry->name = tsr_doom2d_cp1251_to_utf8 (entry->raw_name, name_length);
      if (entry->length == 0)
        {
          entry->is_section = TRUE;
          g_free (section);
          section = g_strdup (entry->name);
          entry->section = g_strdup ("");
          continue;
        }
      entry->section = g_strdup (section);
      if ((guint64) entry->offset + entry->length > size)
        {
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, record_offset,
                            _("DFWAD: resource %s: %u bytes at offset %u, the file has %zu"),
                            entry->name, entry->length, entry->offset, size);
          goto fail;
        }
      entry->compressed = g_bytes_new_from_bytes (bytes, entry->offset, entry->length);
    }

  /* Whether writing in directory order gives the same bytes. */
  {
    gsize position = wad->data_start;
    g_autofree gint *aliases = find_aliases (wad->entries);

    for (guint i = 0; i < wad->entries->len; i++)
      {
        TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);

        if (entry->is_section || aliases[i] >= 0)
          continue;
        if (entry->offset != position)
          wad->canonical = FALSE;
        position += entry->length;
      }
    if (position != size)
      wad->canonical = FALSE;
  }
  return wad;

fail:
  tsr_doom2d_wad_free (wad);
  return NULL;
}

gboolean
tsr_doom2d_growth_reserve (TsrDoom2dGrowth *growth,
                           gsize            size)
{
  guint8 *data;

  if (size > G_MAXSIZE - growth->len)
    return FALSE;
  if (growth->len + size <= growth->allocated)
    return TRUE;
  data = g_try_realloc (growth->data, MAX (growth->len + size, 1));
  if (data == NULL)
    return FALSE;
  growth->data = data;
  growth->allocated = MAX (growth->len + size, 1);
  return TRUE;
}

gboolean
tsr_doom2d_growth_append (TsrDoom2dGrowth *growth,
                          const guint8    *bytes,
                          gsize            size)
{
  if (size > G_MAXSIZE - growth->len)
    return FALSE;
  if (growth->len + size > growth->allocated)
    {
      gsize allocated = MAX (growth->allocated, 16384);
      guint8 *data;

      while (allocated < growth->len + size)
        allocated = allocated > G_MAXSIZE / 2 ? growth->len + size : allocated * 2;
      data = g_try_realloc (growth->data, allocated);
      if (data == NULL)
        {
          /* Doubling may ask for more than is left: try exactly what is needed. */
          allocated = growth->len + size;
          data = g_try_realloc (growth->data, allocated);
          if (data == NULL)
            return FALSE;
        }
      growth->data = data;
      growth->allocated = allocated;
    }
  if (size > 0)
    memcpy (growth->data + growth->len, bytes, size);
  growth->len += size;
  return TRUE;
}

gboolean
tsr_doom2d_inflate_whole (const guint8    *in,
                          gsize            in_size,
                          gboolean         zlib_wrapped,
                          gsize            expected,
                          gsize            limit,
                          TsrDoom2dGrowth *out,
                          gsize           *expanded,
                          guint32         *crc)
{
  /* A stream only checked is decoded into scratch memory of at most this size; a larger one is
   * left to zlib's streaming, which checks it in constant memory. */
  const gsize scratch_limit = 16 * 1024 * 1024;
  gsize cap = out != NULL ? limit : MIN (limit, scratch_limit);
  gsize room = expected > 0 ? expected : MIN (cap, MAX ((gsize) 65536, MIN (in_size, G_MAXSIZE / 8) * 4));
  struct libdeflate_decompressor *decompressor;
  guint8 *scratch = NULL;
  gboolean ok = FALSE;

  if (expected > cap || in_size == 0)
    return FALSE;
  decompressor = libdeflate_alloc_decompressor ();
  if (decompressor == NULL)
    return FALSE;
  for (;;)
    {
      enum libdeflate_result result;
      size_t used = 0, got = 0;
      guint8 *to;

      if (out != NULL)
        {
          if (!tsr_doom2d_growth_reserve (out, room))
            break;
          to = out->data + out->len;
        }
      else
        {
          g_free (scratch);
          to = scratch = g_try_malloc (room);
          if (scratch == NULL)
            break;
        }
      result = zlib_wrapped ? libdeflate_zlib_decompress_ex (decompressor, in, in_size, to, room, &used, &got)
                            : libdeflate_deflate_decompress_ex (decompressor, in, in_size, to, room, &used, &got);
      if (result == LIBDEFLATE_SUCCESS)
        {
          ok = expected == 0 || got == expected;
          if (ok && crc != NULL)
            *crc = (guint32) libdeflate_crc32 (0, to, got);
          if (ok && out != NULL)
            out->len += got;
          if (ok && expanded != NULL)
            *expanded = got;
          break;
        }
      /* Damaged, or longer than the directory says: zlib's reading tells which, and where. */
      if (result != LIBDEFLATE_INSUFFICIENT_SPACE || expected > 0 || room >= cap)
        break;
      room = room > cap / 4 ? cap : room * 4;
    }
  g_free (scratch);
  libdeflate_free_decompressor (decompressor);
  return ok;
}

static GBytes *
compress_data (GBytes *data)
{
  gsize size = 0;
  const guint8 *bytes = g_bytes_get_data (data, &size);
  uLongf length = compressBound (size);
  guint8 *out = g_malloc (length);

  if (compress2 (out, &length, bytes, size, Z_BEST_COMPRESSION) != Z_OK)
    g_error ("zlib could not compress %zu bytes", size);
  return g_bytes_new_take (g_realloc (out, length), length);
}

static void
write_name (TsrWriter               *writer,
            const TsrDoom2dWadEntry *entry)
{
  g_autoptr(GByteArray) name = NULL;
  guint8 padded[16] = { 0 };
  gsize length;

  for (length = 0; length < 16 && entry->raw_name[length] != 0; length++)
    ;
  {
    g_autofree char *kept = tsr_doom2d_cp1251_to_utf8 (entry->raw_name, length);
    if (g_strcmp0 (kept, entry->name) == 0)
      {
        tsr_writer_write_bytes (writer, entry->raw_name, 16);
        return;
      }
  }
  name = tsr_doom2d_utf8_to_cp1251 (entry->name);
  memcpy (padded, name->data, MIN (name->len, 16));
  tsr_writer_write_bytes (writer, padded, 16);
}

GBytes *
tsr_doom2d_wad_write (const TsrDoom2dWad *wad,
                      GError            **error)
{
  TsrWriter *writer;
  guint count = wad->entries->len;
  gsize data_start = WAD_HEADER_SIZE + (gsize) count * WAD_RECORD_SIZE;
  g_autoptr(GPtrArray) streams = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autofree guint32 *offsets = g_new0 (guint32, count);
  g_autofree guint32 *lengths = g_new0 (guint32, count);
  gsize original_size = wad->original != NULL ? g_bytes_get_size (wad->original) : 0;
  gboolean keep_original = wad->original != NULL && !wad->canonical;
  g_autofree gint *aliases = NULL;
  gsize position;

  if (wad->is_zip)
    return tsr_doom2d_zip_write (wad, error);
  aliases = find_aliases (wad->entries);
  if (count > G_MAXUINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("DFWAD: %u resources, at most 65535 fit"), count);
      return NULL;
    }
  /* Kept layout: the original data region stays where it was (shifted by a changed directory) and
   * new streams go after it. Canonical layout: every stream in directory order. */
  position = keep_original ? original_size - wad->data_start + data_start : data_start;
  for (guint i = 0; i < count; i++)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      GBytes *stream;

      if (entry->is_section)
        {
          offsets[i] = entry->offset;
          g_ptr_array_add (streams, NULL);
          continue;
        }
      stream = entry->data != NULL ? compress_data (entry->data) : g_bytes_ref (entry->compressed);
      lengths[i] = (guint32) g_bytes_get_size (stream);
      /* A stream that (nonsensically) starts inside the header or directory keeps its offset while
       * the directory keeps its size; otherwise it moves behind the kept data. */
      if (keep_original && entry->data == NULL
          && (entry->offset >= wad->data_start || data_start == wad->data_start))
        {
          offsets[i] = entry->offset >= wad->data_start
                       ? (guint32) (entry->offset - wad->data_start + data_start) : entry->offset;
          g_clear_pointer (&stream, g_bytes_unref);
        }
      else if (!keep_original && aliases[i] >= 0)
        {
          offsets[i] = offsets[aliases[i]];
          g_clear_pointer (&stream, g_bytes_unref);
        }
      else
        {
          offsets[i] = (guint32) position;
          position += lengths[i];
        }
      if (position > G_MAXUINT32)
        {
          g_clear_pointer (&stream, g_bytes_unref);
          g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("DFWAD: more than 4 GiB of data"));
          return NULL;
        }
      g_ptr_array_add (streams, stream);
    }

  writer = tsr_writer_new ();
  tsr_writer_write_bytes (writer, (const guint8 *) "DFWAD\1", 6);
  tsr_writer_write_u16_le (writer, (guint16) count);
  for (guint i = 0; i < count; i++)
    {
      write_name (writer, g_ptr_array_index (wad->entries, i));
      tsr_writer_write_u32_le (writer, offsets[i]);
      tsr_writer_write_u32_le (writer, lengths[i]);
    }
  if (keep_original)
    {
      const guint8 *data = g_bytes_get_data (wad->original, NULL);
      tsr_writer_write_bytes (writer, data + wad->data_start, original_size - wad->data_start);
    }
  for (guint i = 0; i < count; i++)
    if (g_ptr_array_index (streams, i) != NULL)
      tsr_writer_write_gbytes (writer, g_ptr_array_index (streams, i));
  return tsr_writer_free_to_bytes (writer);
}

/* Names compare without case (Cyrillic too), as the game's lookups do. */
static gboolean
same_name (const char *a,
           const char *b)
{
  g_autofree char *folded_a = NULL, *folded_b = NULL;

  if (g_ascii_strcasecmp (a, b) == 0)
    return TRUE;
  folded_a = g_utf8_casefold (a, -1);
  folded_b = g_utf8_casefold (b, -1);
  return strcmp (folded_a, folded_b) == 0;
}

TsrDoom2dWadEntry *
tsr_doom2d_wad_find (const TsrDoom2dWad *wad,
                     const char         *section,
                     const char         *name)
{
  for (guint i = 0; i < wad->entries->len; i++)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      if (!entry->is_section && same_name (entry->name, name) && same_name (entry->section, section))
        return entry;
    }
  return NULL;
}

gsize
tsr_doom2d_wad_resource_limit (const TsrDoom2dWad *wad)
{
  gsize archive = wad->original != NULL ? g_bytes_get_size (wad->original) : 0;

  return MAX (WAD_MIN_RESOURCE_LIMIT, MIN (archive, G_MAXSIZE / 128) * 64);
}

/* Inflates ENTRY's stored stream: into OUT (or only checked when OUT is NULL), stopping after
 * PREFIX bytes when PREFIX > 0. A stream that expands beyond the resource limit is an error
 * whether kept or not, so that checking cannot take longer than reading would. */
static gboolean
wad_stream (const TsrDoom2dWad      *wad,
            const TsrDoom2dWadEntry *entry,
            gsize                    prefix,
            gsize                    limit,
            TsrDoom2dGrowth         *out,
            gsize                   *expanded,
            GError                 **error)
{
  z_stream stream = { 0 };
  gsize size = 0, total = 0;
  const guint8 *data;
  int status;

  if (entry->compressed == NULL)
    return TRUE;
  data = g_bytes_get_data (entry->compressed, &size);
  if (prefix == 0 && tsr_doom2d_inflate_whole (data, size, TRUE, 0, limit, out, expanded, NULL))
    return TRUE;
  if (inflateInit (&stream) != Z_OK)
    g_error ("zlib could not start inflating");
  stream.next_in = (Bytef *) data;
  stream.avail_in = (uInt) size;
  do
    {
      guint8 chunk[16384];
      gsize got;

      /* A prefix is inflated no further than asked. */
      gsize room = prefix > 0 ? MIN (sizeof chunk, prefix - total) : sizeof chunk;

      stream.next_out = chunk;
      stream.avail_out = (uInt) room;
      status = inflate (&stream, Z_NO_FLUSH);
      if (status != Z_OK && status != Z_STREAM_END)
        break;
      got = room - stream.avail_out;
      if (out != NULL && !tsr_doom2d_growth_append (out, chunk, got))
        {
          inflateEnd (&stream);
          /* Translators: the first three %s are the resource's section, a backslash and its name */
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, entry->offset + (size - stream.avail_in),
                            _("DFWAD: resource %s%s%s: no memory for more than %zu decompressed bytes"),
                            entry->section, *entry->section ? "\\" : "", entry->name, total);
          return FALSE;
        }
      total += got;
      if (prefix > 0 && total >= prefix)
        {
          inflateEnd (&stream);
          return TRUE;
        }
      if (total > limit)
        break;
      if (status == Z_OK && stream.avail_in == 0 && stream.avail_out != 0)
        break;
    }
  while (status != Z_STREAM_END);
  inflateEnd (&stream);
  if (expanded != NULL)
    *expanded = total;
  if (status != Z_STREAM_END)
    {
      /* Translators: the first three %s are the resource's section, a backslash and its name */
      if (total > limit)
        tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, entry->offset + (size - stream.avail_in),
                          _("DFWAD: resource %s%s%s: expands beyond %zu bytes"), entry->section,
                          *entry->section ? "\\" : "", entry->name, limit);
      else
        tsr_set_error_at (error, TSR_ERROR_INVALID, entry->offset + (size - stream.avail_in),
                          _("DFWAD: resource %s%s%s: zlib stream broken or cut short after %zu bytes"),
                          entry->section, *entry->section ? "\\" : "", entry->name, total);
      return FALSE;
    }
  return TRUE;
}

GBytes *
tsr_doom2d_wad_get_data (const TsrDoom2dWad      *wad,
                         const TsrDoom2dWadEntry *entry,
                         GError                 **error)
{
  HeldCounter *counter = wad->held;
  TsrDoom2dGrowth out = { NULL, 0, 0 };
  HeldData *held;
  gsize limit = tsr_doom2d_wad_resource_limit (wad);
  gsize held_now = tsr_doom2d_wad_get_held (wad);
  gsize room = held_limit > held_now ? held_limit - held_now : 0;
  gboolean ok;

  if (entry->data != NULL)
    return g_bytes_ref (entry->data);
  /* Whatever the archive's size, it holds no more than the absolute limit decompressed. */
  if (room < limit)
    limit = room;
  ok = wad->is_zip ? tsr_doom2d_zip_stream (wad, entry, 0, limit, &out, NULL, error)
                   : wad_stream (wad, entry, 0, limit, &out, NULL, error);
  if (!ok)
    {
      g_free (out.data);
      if (room < tsr_doom2d_wad_resource_limit (wad) && error != NULL && *error != NULL
          && (*error)->code == TSR_ERROR_OUT_OF_RANGE)
        {
          char *message = g_strdup_printf (_("%s (what one document may hold decompressed: %zu MiB, %zu MiB of it in use)"),
                                           (*error)->message, held_limit >> 20, held_now >> 20);

          g_free ((*error)->message);
          (*error)->message = message;
        }
      return NULL;
    }
  held = g_new0 (HeldData, 1);
  held->counter = g_atomic_rc_box_acquire (counter);
  held->size = out.len;
  held->data = out.data != NULL ? g_try_realloc (out.data, MAX (out.len, 1)) : NULL;
  if (held->data == NULL)
    held->data = out.data != NULL ? out.data : g_malloc (1);
  __atomic_add_fetch (&counter->bytes, (gint64) held->size, __ATOMIC_SEQ_CST);
  return g_bytes_new_with_free_func (held->data, held->size, held_data_free, held);
}

GBytes *
tsr_doom2d_wad_get_prefix (const TsrDoom2dWad      *wad,
                           const TsrDoom2dWadEntry *entry,
                           gsize                    max,
                           GError                 **error)
{
  TsrDoom2dGrowth out = { NULL, 0, 0 };
  gboolean ok;

  g_return_val_if_fail (max > 0, NULL);
  if (entry->data != NULL)
    return g_bytes_new_from_bytes (entry->data, 0, MIN (max, g_bytes_get_size (entry->data)));
  ok = wad->is_zip ? tsr_doom2d_zip_stream (wad, entry, max, G_MAXSIZE, &out, NULL, error)
                   : wad_stream (wad, entry, max, G_MAXSIZE, &out, NULL, error);
  if (!ok)
    {
      g_free (out.data);
      return NULL;
    }
  return g_bytes_new_take (out.data, out.len);
}

gboolean
tsr_doom2d_wad_check_entry (const TsrDoom2dWad      *wad,
                            const TsrDoom2dWadEntry *entry,
                            gsize                    limit,
                            gsize                   *expanded,
                            GError                 **error)
{
  *expanded = 0;
  if (entry->data != NULL)
    return TRUE;
  return wad->is_zip ? tsr_doom2d_zip_stream (wad, entry, 0, limit, NULL, expanded, error)
                     : wad_stream (wad, entry, 0, limit, NULL, expanded, error);
}

void
tsr_doom2d_wad_set_data (TsrDoom2dWad      *wad,
                         TsrDoom2dWadEntry *entry,
                         GBytes            *data)
{
  g_clear_pointer (&entry->data, g_bytes_unref);
  entry->data = g_bytes_ref (data);
}

TsrDoom2dWadEntry *
tsr_doom2d_wad_add (TsrDoom2dWad *wad,
                    const char   *section,
                    const char   *name,
                    GBytes       *data)
{
  TsrDoom2dWadEntry *entry = g_new0 (TsrDoom2dWadEntry, 1);
  guint position = wad->entries->len;
  gboolean found = *section == '\0';

  /* After the last entry of SECTION (the root: before the first section marker). */
  for (guint i = 0; i < wad->entries->len; i++)
    {
      TsrDoom2dWadEntry *other = g_ptr_array_index (wad->entries, i);

      if (*section == '\0' && other->is_section)
        {
          position = i;
          break;
        }
      if (other->is_section && g_ascii_strcasecmp (other->name, section) == 0)
        {
          found = TRUE;
          position = i + 1;
        }
      else if (found && *section != '\0' && !other->is_section && g_ascii_strcasecmp (other->section, section) == 0)
        position = i + 1;
    }
  if (!found)
    {
      TsrDoom2dWadEntry *marker = g_new0 (TsrDoom2dWadEntry, 1);
      marker->name = g_strdup (section);
      marker->section = g_strdup ("");
      marker->is_section = TRUE;
      marker->zip_index = -1;
      g_ptr_array_add (wad->entries, marker);
      position = wad->entries->len;
    }
  entry->name = g_strdup (name);
  entry->section = g_strdup (section);
  entry->data = g_bytes_ref (data);
  entry->zip_index = -1;
  g_ptr_array_insert (wad->entries, (int) position, entry);
  return entry;
}

TsrDoom2dWad *
tsr_doom2d_archive_read (GBytes  *bytes,
                         GError **error)
{
  if (tsr_doom2d_zip_sniff (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes)))
    return tsr_doom2d_zip_read (bytes, error);
  return tsr_doom2d_wad_read (bytes, error);
}

GPtrArray *
tsr_doom2d_wad_find_maps (const TsrDoom2dWad *wad)
{
  GPtrArray *maps = g_ptr_array_new ();

  for (guint i = 0; i < wad->entries->len; i++)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      g_autoptr(GBytes) data = NULL;
      gsize size = 0;
      const guint8 *bytes;

      if (entry->is_section || *entry->section != '\0')
        continue;
      /* Only the start decides, so listing the maps does not expand every resource. */
      data = tsr_doom2d_wad_get_prefix (wad, entry, MAP_SNIFF_FIRST, NULL);
      if (data == NULL)
        continue;
      bytes = g_bytes_get_data (data, &size);
      if (size == MAP_SNIFF_FIRST && !tsr_doom2d_map_sniff_binary (bytes, size)
          && tsr_doom2d_map_sniff_text_undecided (bytes, size))
        {
          g_bytes_unref (data);
          data = tsr_doom2d_wad_get_prefix (wad, entry, MAP_SNIFF_PREFIX, NULL);
          if (data == NULL)
            continue;
          bytes = g_bytes_get_data (data, &size);
        }
      if (tsr_doom2d_map_sniff_binary (bytes, size) || tsr_doom2d_map_sniff_text (bytes, size))
        g_ptr_array_add (maps, entry);
    }
  return maps;
}
