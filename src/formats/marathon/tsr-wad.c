/* tsr-wad.c: reading and writing Marathon wad containers, keeping their layout. */
#include "formats/marathon/tsr-wad.h"

#include <string.h>

#include "core/tsr-crc.h"
#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/tsr-format.h"
#include <glib/gi18n.h>

#define CHECKSUM_OFFSET 68

static void
clear_bytes (GBytes **bytes)
{
  g_clear_pointer (bytes, g_bytes_unref);
}

static gsize
bytes_size (GBytes *bytes)
{
  return bytes != NULL ? g_bytes_get_size (bytes) : 0;
}

guint
tsr_wad_sniff (const guint8 *data,
               gsize         size)
{
  TsrReader reader;
  guint16 version = 0, data_version = 0, count = 0;
  guint32 dir_offset = 0;
  guint8 first_name_byte = 0;

  if (size < TSR_WAD_HEADER_SIZE)
    return TSR_SNIFF_NO;
  tsr_reader_init (&reader, data, size, "wad");
  if (!tsr_reader_read_u16_be (&reader, &version, NULL)
      || !tsr_reader_read_u16_be (&reader, &data_version, NULL)
      || !tsr_reader_read_u8 (&reader, &first_name_byte, NULL)
      || !tsr_reader_seek (&reader, 72, NULL)
      || !tsr_reader_read_u32_be (&reader, &dir_offset, NULL)
      || !tsr_reader_read_u16_be (&reader, &count, NULL))
    return TSR_SNIFF_NO;
  if (version > 4 || version == 3 || data_version > 2 || count < 1 || dir_offset < TSR_WAD_HEADER_SIZE)
    return TSR_SNIFF_NO;
  /* A header with a name is more convincing than one without. */
  return first_name_byte == 0 ? TSR_SNIFF_MAYBE : TSR_SNIFF_LIKELY;
}

static guint32
peek_u32_be (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
}

gboolean
tsr_wad_first_entry_has_tag (const guint8 *data,
                             gsize         size,
                             guint32       tag)
{
  TsrWad sizes = { 0 };
  guint32 dir_offset, offset, length;
  gsize header_size;

  if (size < TSR_WAD_HEADER_SIZE)
    return FALSE;
  sizes.version = (guint16) (data[0] << 8 | data[1]);
  sizes.app_data_size = (guint16) (data[78] << 8 | data[79]);
  sizes.entry_header_size = (guint16) (data[80] << 8 | data[81]);
  sizes.directory_entry_base_size = (guint16) (data[82] << 8 | data[83]);
  dir_offset = peek_u32_be (data + 72);
  if ((data[76] << 8 | data[77]) == 0 || dir_offset > size || size - dir_offset < 8)
    return FALSE;
  offset = peek_u32_be (data + dir_offset);
  length = peek_u32_be (data + dir_offset + 4);
  if (offset > size || length > size - offset)
    return FALSE;
  header_size = tsr_wad_chunk_header_size (&sizes);
  for (gsize pos = 0; pos + header_size <= length;)
    {
      guint32 next = peek_u32_be (data + offset + pos + 4);

      if (peek_u32_be (data + offset + pos) == tag)
        return TRUE;
      if (next == 0 || next <= pos)
        break;
      pos = next;
    }
  return FALSE;
}

TsrWad *
tsr_wad_new (guint16     version,
             guint16     data_version,
             const char *name)
{
  TsrWad *wad = g_new0 (TsrWad, 1);

  wad->version = version;
  wad->data_version = data_version;
  if (name != NULL)
    strncpy ((char *) wad->name, name, sizeof wad->name - 1);
  if (version >= TSR_WAD_VERSION_OVERLAYS)
    {
      wad->entry_header_size = 16;
      wad->directory_entry_base_size = 10;
    }
  wad->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_wad_entry_free);
  return wad;
}

void
tsr_wad_free (TsrWad *wad)
{
  if (wad == NULL)
    return;
  g_ptr_array_unref (wad->entries);
  clear_bytes (&wad->gap_before_directory);
  clear_bytes (&wad->trailing);
  clear_bytes (&wad->source);
  g_free (wad);
}

TsrWadEntry *
tsr_wad_entry_new (int index)
{
  TsrWadEntry *entry = g_new0 (TsrWadEntry, 1);

  entry->index = index;
  entry->chunks = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_wad_chunk_free);
  return entry;
}

void
tsr_wad_entry_free (TsrWadEntry *entry)
{
  if (entry == NULL)
    return;
  g_ptr_array_unref (entry->chunks);
  clear_bytes (&entry->app_data);
  clear_bytes (&entry->entry_extra);
  clear_bytes (&entry->gap_before);
  g_free (entry);
}

TsrWadChunk *
tsr_wad_chunk_new (guint32 tag,
                   GBytes *data)
{
  TsrWadChunk *chunk = g_new0 (TsrWadChunk, 1);

  chunk->tag = tag;
  chunk->data = data != NULL ? g_bytes_ref (data) : g_bytes_new (NULL, 0);
  return chunk;
}

void
tsr_wad_chunk_free (TsrWadChunk *chunk)
{
  if (chunk == NULL)
    return;
  clear_bytes (&chunk->data);
  clear_bytes (&chunk->header_extra);
  clear_bytes (&chunk->gap);
  g_free (chunk);
}

gsize
tsr_wad_chunk_header_size (const TsrWad *wad)
{
  if (wad->version < TSR_WAD_VERSION_OVERLAYS)
    return 12;
  return wad->entry_header_size != 0 ? wad->entry_header_size : 16;
}

static gsize
directory_base_size (const TsrWad *wad)
{
  if (wad->version < TSR_WAD_VERSION_OVERLAYS)
    return 8;
  return wad->directory_entry_base_size != 0 ? wad->directory_entry_base_size : 10;
}

gsize
tsr_wad_directory_entry_size (const TsrWad *wad)
{
  gsize app = wad->version >= TSR_WAD_VERSION_DIRECTORY ? wad->app_data_size : 0;

  return directory_base_size (wad) + app;
}

TsrWadEntry *
tsr_wad_find_entry (const TsrWad *wad,
                    int           index)
{
  for (guint i = 0; i < wad->entries->len; i++)
    {
      TsrWadEntry *entry = g_ptr_array_index (wad->entries, i);

      if (entry->index == index)
        return entry;
    }
  return NULL;
}

gsize
tsr_wad_entry_data_size (const TsrWad      *wad,
                         const TsrWadEntry *entry)
{
  gsize header = tsr_wad_chunk_header_size (wad);
  gsize total = 0;

  for (guint i = 0; i < entry->chunks->len; i++)
    {
      TsrWadChunk *chunk = g_ptr_array_index (entry->chunks, i);

      total += header + g_bytes_get_size (chunk->data) + bytes_size (chunk->gap);
    }
  return total;
}

TsrWadChunk *
tsr_wad_entry_find_chunk (const TsrWadEntry *entry,
                          guint32            tag)
{
  for (guint i = 0; i < entry->chunks->len; i++)
    {
      TsrWadChunk *chunk = g_ptr_array_index (entry->chunks, i);

      if (chunk->tag == tag)
        return chunk;
    }
  return NULL;
}

void
tsr_wad_entry_set_chunk (TsrWadEntry *entry,
                         guint32      tag,
                         GBytes      *data)
{
  TsrWadChunk *chunk = tsr_wad_entry_find_chunk (entry, tag);

  if (chunk == NULL)
    {
      g_ptr_array_add (entry->chunks, tsr_wad_chunk_new (tag, data));
      return;
    }
  if (chunk->data != data)
    {
      g_bytes_unref (chunk->data);
      chunk->data = g_bytes_ref (data);
    }
}

gboolean
tsr_wad_entry_remove_chunk (TsrWadEntry *entry,
                            guint32      tag)
{
  for (guint i = 0; i < entry->chunks->len; i++)
    {
      TsrWadChunk *chunk = g_ptr_array_index (entry->chunks, i);

      if (chunk->tag == tag)
        {
          g_ptr_array_remove_index (entry->chunks, i);
          return TRUE;
        }
    }
  return FALSE;
}

/* ---- Mac Roman ---------------------------------------------------------------------------- */

static const guint16 mac_roman_high[128] = {
  0x00C4, 0x00C5, 0x00C7, 0x00C9, 0x00D1, 0x00D6, 0x00DC, 0x00E1,
  0x00E0, 0x00E2, 0x00E4, 0x00E3, 0x00E5, 0x00E7, 0x00E9, 0x00E8,
  0x00EA, 0x00EB, 0x00ED, 0x00EC, 0x00EE, 0x00EF, 0x00F1, 0x00F3,
  0x00F2, 0x00F4, 0x00F6, 0x00F5, 0x00FA, 0x00F9, 0x00FB, 0x00FC,
  0x2020, 0x00B0, 0x00A2, 0x00A3, 0x00A7, 0x2022, 0x00B6, 0x00DF,
  0x00AE, 0x00A9, 0x2122, 0x00B4, 0x00A8, 0x2260, 0x00C6, 0x00D8,
  0x221E, 0x00B1, 0x2264, 0x2265, 0x00A5, 0x00B5, 0x2202, 0x2211,
  0x220F, 0x03C0, 0x222B, 0x00AA, 0x00BA, 0x03A9, 0x00E6, 0x00F8,
  0x00BF, 0x00A1, 0x00AC, 0x221A, 0x0192, 0x2248, 0x2206, 0x00AB,
  0x00BB, 0x2026, 0x00A0, 0x00C0, 0x00C3, 0x00D5, 0x0152, 0x0153,
  0x2013, 0x2014, 0x201C, 0x201D, 0x2018, 0x2019, 0x00F7, 0x25CA,
  0x00FF, 0x0178, 0x2044, 0x20AC, 0x2039, 0x203A, 0xFB01, 0xFB02,
  0x2021, 0x00B7, 0x201A, 0x201E, 0x2030, 0x00C2, 0x00CA, 0x00C1,
  0x00CB, 0x00C8, 0x00CD, 0x00CE, 0x00CF, 0x00CC, 0x00D3, 0x00D4,
  0xF8FF, 0x00D2, 0x00DA, 0x00DB, 0x00D9, 0x0131, 0x02C6, 0x02DC,
  0x00AF, 0x02D8, 0x02D9, 0x02DA, 0x00B8, 0x02DD, 0x02DB, 0x02C7,
};

char *
tsr_mac_roman_to_utf8 (const guint8 *data,
                       gsize         size)
{
  GString *out = g_string_sized_new (size + 8);

  for (gsize i = 0; i < size; i++)
    {
      if (data[i] < 0x80)
        g_string_append_c (out, (char) data[i]);
      else
        g_string_append_unichar (out, mac_roman_high[data[i] - 0x80]);
    }
  return g_string_free (out, FALSE);
}

GBytes *
tsr_utf8_to_mac_roman (const char *text,
                       gsize       length,
                       glong      *bad_char_index)
{
  GByteArray *out = g_byte_array_sized_new (length);
  const char *p = text;
  const char *end = text + length;
  glong index = 0;

  if (!g_utf8_validate (text, length, NULL))
    {
      const char *bad = NULL;

      g_utf8_validate (text, length, &bad);
      if (bad_char_index != NULL)
        *bad_char_index = g_utf8_pointer_to_offset (text, bad);
      g_byte_array_unref (out);
      return NULL;
    }
  while (p < end)
    {
      gunichar c = g_utf8_get_char (p);
      guint8 byte = 0;
      gboolean found = FALSE;

      if (c < 0x80)
        {
          byte = (guint8) c;
          found = TRUE;
        }
      else if (c == 0x0394)
        {
          /* GREEK CAPITAL DELTA: what glibc's MACINTOSH gives for 0xC6 (Apple: U+2206). */
          byte = 0xc6;
          found = TRUE;
        }
      else
        {
          for (guint i = 0; i < 128; i++)
            if (mac_roman_high[i] == c)
              {
                byte = (guint8) (0x80 + i);
                found = TRUE;
                break;
              }
        }
      if (!found)
        {
          if (bad_char_index != NULL)
            *bad_char_index = index;
          g_byte_array_unref (out);
          return NULL;
        }
      g_byte_array_append (out, &byte, 1);
      p = g_utf8_next_char (p);
      index++;
    }
  return g_byte_array_free_to_bytes (out);
}

char *
tsr_wad_tag_to_string (guint32 tag)
{
  GString *out = g_string_new (NULL);

  for (int shift = 24; shift >= 0; shift -= 8)
    {
      guint8 byte = (guint8) (tag >> shift);

      if (byte >= 0x20 && byte < 0x7f)
        g_string_append_c (out, (char) byte);
      else if (byte >= 0x80)
        g_string_append_unichar (out, mac_roman_high[byte - 0x80]);
      else
        g_string_append_printf (out, "\\x%02x", byte);
    }
  return g_string_free (out, FALSE);
}

/* ---- Level-list application data ------------------------------------------------------------ */

gboolean
tsr_wad_level_info_parse (GBytes          *app_data,
                          TsrWadLevelInfo *info,
                          GError         **error)
{
  TsrReader reader;
  gsize size = 0;
  const guint8 *data = app_data != NULL ? g_bytes_get_data (app_data, &size) : NULL;

  memset (info, 0, sizeof *info);
  tsr_reader_init (&reader, data, size, "directory application data");
  return tsr_reader_read_s16_be (&reader, &info->mission_flags, error)
      && tsr_reader_read_s16_be (&reader, &info->environment_flags, error)
      && tsr_reader_read_s32_be (&reader, &info->entry_point_flags, error)
      && tsr_reader_read_bytes (&reader, sizeof info->name, info->name, error);
}

GBytes *
tsr_wad_level_info_to_bytes (const TsrWadLevelInfo *info)
{
  TsrWriter *writer = tsr_writer_new ();

  tsr_writer_write_u16_be (writer, (guint16) info->mission_flags);
  tsr_writer_write_u16_be (writer, (guint16) info->environment_flags);
  tsr_writer_write_u32_be (writer, (guint32) info->entry_point_flags);
  tsr_writer_write_bytes (writer, info->name, sizeof info->name);
  return tsr_writer_free_to_bytes (writer);
}

/* ---- Parsing ------------------------------------------------------------------------------ */

/* The next COUNT bytes as a GBytes: a slice of SOURCE (no copy) when the parse has one. */
static GBytes *
read_slice (TsrReader  *reader,
            GBytes     *source,
            gsize       count,
            GError    **error)
{
  const guint8 *view;
  const guint8 *base;

  if (source == NULL)
    return tsr_reader_read_gbytes (reader, count, error);
  if (!tsr_reader_read_view (reader, count, &view, error))
    return NULL;
  base = g_bytes_get_data (source, NULL);
  return g_bytes_new_from_bytes (source, (gsize) (view - base), count);
}

typedef struct {
  gsize        offset;
  gsize        length;
  TsrWadEntry *entry;  /* NULL for the directory */
} Region;

static int
compare_regions (gconstpointer a,
                 gconstpointer b)
{
  const Region *ra = a, *rb = b;

  if (ra->offset != rb->offset)
    return ra->offset < rb->offset ? -1 : 1;
  /* Empty entries at the same offset keep directory order; the directory goes last. */
  if (ra->entry == NULL || rb->entry == NULL)
    return ra->entry == NULL ? 1 : (rb->entry == NULL ? -1 : 0);
  return 0;
}

static gboolean
parse_entry_chunks (const TsrWad *wad,
                    GBytes       *source,
                    TsrReader    *file,
                    TsrWadEntry  *entry,
                    gsize         offset,
                    gsize         length,
                    GError      **error)
{
  g_autofree char *label = g_strdup_printf ("%s: entry %d", file->label, entry->index);
  gsize header_size = tsr_wad_chunk_header_size (wad);
  TsrReader reader;
  gsize pos = 0;

  if (!tsr_reader_sub (file, offset, length, label, &reader, error))
    return FALSE;
  while (pos < length)
    {
      guint32 tag, next, size;
      g_autoptr(TsrWadChunk) chunk = NULL;
      gsize end;

      if (!tsr_reader_seek (&reader, pos, error)
          || !tsr_reader_read_u32_be (&reader, &tag, error)
          || !tsr_reader_read_u32_be (&reader, &next, error)
          || !tsr_reader_read_u32_be (&reader, &size, error))
        return FALSE;
      /* Made by hand, not by tsr_wad_chunk_new: its empty data would be thrown away at once (a
       * scenario has a thousand chunks). */
      chunk = g_new0 (TsrWadChunk, 1);
      chunk->tag = tag;
      if (header_size >= 16 && !tsr_reader_read_u32_be (&reader, &chunk->patch_offset, error))
        return FALSE;
      if (header_size > 16
          && (chunk->header_extra = read_slice (&reader, source, header_size - 16, error)) == NULL)
        return FALSE;
      chunk->original_offset = tsr_reader_file_offset (&reader);
      chunk->data = read_slice (&reader, source, size, error);
      if (chunk->data == NULL)
        return FALSE;
      end = tsr_reader_tell (&reader);
      if (next == 0)
        {
          /* The last chunk: whatever follows up to the entry's end is kept. */
          if (end < length)
            chunk->gap = read_slice (&reader, source, length - end, error);
          pos = length;
        }
      else
        {
          if (next < end || next > length)
            {
              tsr_set_error_at (error, TSR_ERROR_INVALID, reader.base + pos + 4,
                                _("%s: chunk next offset %u expected between %zu and %zu"), label, next, end, length);
              return FALSE;
            }
          if (next > end)
            chunk->gap = read_slice (&reader, source, next - end, error);
          pos = next;
          if (pos == length)
            {
              /* A non-zero next offset at the very end: writing it back needs a marker. */
              tsr_set_error_at (error, TSR_ERROR_INVALID, reader.base + pos,
                                _("%s: chunk chain expected to end with a next offset of 0"), label);
              return FALSE;
            }
        }
      g_ptr_array_add (entry->chunks, g_steal_pointer (&chunk));
    }
  return TRUE;
}

static TsrWad *
parse_wad (const guint8 *data,
           gsize         size,
           GBytes       *source,
           const char   *label,
           GError      **error)
{
  g_autoptr(TsrWad) wad = NULL;
  g_autoptr(GArray) regions = NULL;
  TsrReader reader;
  guint32 dir_offset = 0;
  guint16 count = 0;
  gsize entry_size, base_size, cursor;
  guint32 crc;
  static const guint8 zeros[4] = { 0 };

  tsr_reader_init (&reader, data, size, label != NULL ? label : "wad");
  wad = tsr_wad_new (0, 0, NULL);
  if (!tsr_reader_read_u16_be (&reader, &wad->version, error)
      || !tsr_reader_read_u16_be (&reader, &wad->data_version, error)
      || !tsr_reader_read_bytes (&reader, sizeof wad->name, wad->name, error)
      || !tsr_reader_read_u32_be (&reader, &wad->checksum, error)
      || !tsr_reader_read_u32_be (&reader, &dir_offset, error)
      || !tsr_reader_read_u16_be (&reader, &count, error)
      || !tsr_reader_read_u16_be (&reader, &wad->app_data_size, error)
      || !tsr_reader_read_u16_be (&reader, &wad->entry_header_size, error)
      || !tsr_reader_read_u16_be (&reader, &wad->directory_entry_base_size, error)
      || !tsr_reader_read_u32_be (&reader, &wad->parent_checksum, error)
      || !tsr_reader_read_bytes (&reader, sizeof wad->header_tail, wad->header_tail, error))
    return NULL;
  if (wad->version > TSR_WAD_VERSION_INFINITY || wad->version == 3)
    {
      tsr_set_error_at (error, TSR_ERROR_UNSUPPORTED_VERSION, 0,
                        _("%s: wad version 0, 1, 2 or 4 expected, found %u"), reader.label, wad->version);
      return NULL;
    }
  if (wad->version >= TSR_WAD_VERSION_OVERLAYS
      && ((wad->entry_header_size != 0 && wad->entry_header_size < 12)
          || (wad->directory_entry_base_size != 0 && wad->directory_entry_base_size < 10)))
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, 80,
                        _("%s: chunk header size >= 12 and directory entry size >= 10 expected, "
                          "found %u and %u"), reader.label, wad->entry_header_size,
                        wad->directory_entry_base_size);
      return NULL;
    }
  entry_size = tsr_wad_directory_entry_size (wad);
  base_size = directory_base_size (wad);

  /* The directory. */
  {
    TsrReader directory;
    g_autofree char *dir_label = g_strdup_printf ("%s: directory", reader.label);

    if (dir_offset < TSR_WAD_HEADER_SIZE)
      {
        tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, 72,
                          _("%s: directory offset of at least 128 expected, found %u"),
                          reader.label, dir_offset);
        return NULL;
      }
    if (!tsr_reader_sub (&reader, dir_offset, (gsize) count * entry_size, dir_label, &directory, error))
      return NULL;
    regions = g_array_sized_new (FALSE, FALSE, sizeof (Region), count + 1u);
    for (guint i = 0; i < count; i++)
      {
        TsrWadEntry *entry;
        guint32 offset, length;
        gint16 index = (gint16) i;
        Region region;

        if (!tsr_reader_read_u32_be (&directory, &offset, error)
            || !tsr_reader_read_u32_be (&directory, &length, error))
          return NULL;
        if (base_size >= 10 && !tsr_reader_read_s16_be (&directory, &index, error))
          return NULL;
        entry = tsr_wad_entry_new (index);
        g_ptr_array_add (wad->entries, entry);
        if (base_size > 10
            && (entry->entry_extra = read_slice (&directory, source, base_size - 10, error)) == NULL)
          return NULL;
        if (entry_size > base_size
            && (entry->app_data = read_slice (&directory, source, entry_size - base_size, error)) == NULL)
          return NULL;
        if (offset < TSR_WAD_HEADER_SIZE || offset > size || length > size - offset)
          {
            tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, dir_offset + i * entry_size,
                              _("%s: entry %d: data of %u bytes at %u expected within the %zu-byte file"), reader.label, entry->index, length,
                              offset, size);
            return NULL;
          }
        entry->original_offset = offset;
        region.offset = offset;
        region.length = length;
        region.entry = entry;
        g_array_append_val (regions, region);
      }
    wad->directory_original_offset = dir_offset;
    {
      Region region = { dir_offset, (gsize) count * entry_size, NULL };
      g_array_append_val (regions, region);
    }
  }

  /* Regions in file order: gaps between them are kept; overlaps cannot be written back. */
  g_array_sort (regions, compare_regions);
  cursor = TSR_WAD_HEADER_SIZE;
  for (guint i = 0; i < regions->len; i++)
    {
      Region *region = &g_array_index (regions, Region, i);
      GBytes *gap = NULL;

      if (region->offset < cursor)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, region->offset,
                            _("%s: %s overlaps the data before it (which ends at %zu)"),
                            reader.label, region->entry != NULL ? "an entry" : "the directory",
                            cursor);
          return NULL;
        }
      if (region->offset > cursor)
        {
          if (!tsr_reader_seek (&reader, cursor, error))
            return NULL;
          gap = read_slice (&reader, source, region->offset - cursor, error);
          if (gap == NULL)
            return NULL;
        }
      if (region->entry != NULL)
        {
          region->entry->gap_before = gap;
          if (!parse_entry_chunks (wad, source, &reader, region->entry, region->offset, region->length, error))
            return NULL;
        }
      else
        {
          wad->gap_before_directory = gap;
          wad->directory_before_entries = i + 1 < regions->len;
        }
      cursor = region->offset + region->length;
    }
  if (cursor < size)
    {
      if (!tsr_reader_seek (&reader, cursor, error))
        return NULL;
      wad->trailing = read_slice (&reader, source, size - cursor, error);
    }

  if (source != NULL)
    wad->source = g_bytes_ref (source); /* the CRC waits until something asks for it */
  else
    {
      crc = tsr_crc32_update (0, data, CHECKSUM_OFFSET);
      crc = tsr_crc32_update (crc, zeros, 4);
      crc = tsr_crc32_update (crc, data + CHECKSUM_OFFSET + 4, size - CHECKSUM_OFFSET - 4);
      wad->computed_checksum = crc;
      wad->computed_checksum_known = TRUE;
    }
  wad->loaded = TRUE;
  return g_steal_pointer (&wad);
}

TsrWad *
tsr_wad_parse (const guint8 *data,
               gsize         size,
               const char   *label,
               GError      **error)
{
  return parse_wad (data, size, NULL, label, error);
}

TsrWad *
tsr_wad_parse_bytes (GBytes     *bytes,
                     const char *label,
                     GError    **error)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  return parse_wad (data, size, bytes, label, error);
}

guint32
tsr_wad_computed_checksum (const TsrWad *wad)
{
  TsrWad *mutable_wad = (TsrWad *) wad; /* a cache: the value never changes */

  if (!wad->computed_checksum_known && wad->source != NULL)
    {
      static const guint8 zeros[4] = { 0 };
      gsize size;
      const guint8 *data = g_bytes_get_data (wad->source, &size);
      guint32 crc = tsr_crc32_update (0, data, CHECKSUM_OFFSET);

      crc = tsr_crc32_update (crc, zeros, 4);
      crc = tsr_crc32_update (crc, data + CHECKSUM_OFFSET + 4, size - CHECKSUM_OFFSET - 4);
      mutable_wad->computed_checksum = crc;
      mutable_wad->computed_checksum_known = TRUE;
    }
  return wad->computed_checksum;
}

gboolean
tsr_wad_checksum_matches (const TsrWad *wad)
{
  return !wad->loaded || wad->checksum == tsr_wad_computed_checksum (wad);
}

/* ---- Serialising -------------------------------------------------------------------------- */

/* Serialising writes into one buffer of the exact final size: a scenario is megabytes, and
 * growing a buffer (and faulting in its pages twice) was most of the save time. Before that
 * buffer exists, the output is compared with the loaded bytes (SAME, of size TOTAL): chunks left
 * untouched are slices of them, so this costs a pointer comparison each, and an untouched wad is
 * returned as loaded, with nothing allocated or copied. The buffer is taken at the first
 * differing byte, with the equal part copied from SAME. */
typedef struct {
  guint8       *data;
  gsize         pos;
  const guint8 *same;
  gsize         total;
} Output;

static void
put_data (Output *out, const void *data, gsize size)
{
  if (size == 0)
    return;
  if (out->data == NULL)
    {
      if (data == out->same + out->pos || memcmp (out->same + out->pos, data, size) == 0)
        {
          out->pos += size;
          return;
        }
      out->data = g_malloc (out->total + 1);
      memcpy (out->data, out->same, out->pos);
    }
  memcpy (out->data + out->pos, data, size);
  out->pos += size;
}

static void
put_u16 (Output *out, guint16 value)
{
  guint8 raw[2] = { (guint8) (value >> 8), (guint8) value };

  put_data (out, raw, sizeof raw);
}

static void
put_u32 (Output *out, guint32 value)
{
  guint8 raw[4] = { (guint8) (value >> 24), (guint8) (value >> 16), (guint8) (value >> 8), (guint8) value };

  put_data (out, raw, sizeof raw);
}

static void
put_bytes (Output *out, GBytes *bytes)
{
  gsize size;
  const guint8 *data;

  if (bytes == NULL)
    return;
  data = g_bytes_get_data (bytes, &size);
  put_data (out, data, size);
}

/* BYTES padded with zeros (or cut) to SIZE. */
static void
put_fixed (Output *out, GBytes *bytes, gsize size)
{
  gsize have = bytes_size (bytes);

  put_data (out, have > 0 ? g_bytes_get_data (bytes, NULL) : NULL, MIN (have, size));
  static const guint8 zeros[64];

  for (gsize left = size > have ? size - have : 0; left > 0; left -= MIN (left, sizeof zeros))
    put_data (out, zeros, MIN (left, sizeof zeros));
}

static void
put_entry_data (const TsrWad      *wad,
                Output            *out,
                const TsrWadEntry *entry)
{
  gsize header_size = tsr_wad_chunk_header_size (wad);
  gsize pos = 0;

  for (guint i = 0; i < entry->chunks->len; i++)
    {
      TsrWadChunk *chunk = g_ptr_array_index (entry->chunks, i);
      gsize data_size = g_bytes_get_size (chunk->data);
      gsize end = pos + header_size + data_size + bytes_size (chunk->gap);
      gboolean last = i + 1 == entry->chunks->len;

      put_u32 (out, chunk->tag);
      put_u32 (out, last ? 0 : (guint32) end);
      put_u32 (out, (guint32) data_size);
      if (header_size >= 16)
        put_u32 (out, chunk->patch_offset);
      if (header_size > 16)
        put_fixed (out, chunk->header_extra, header_size - 16);
      put_bytes (out, chunk->data);
      put_bytes (out, chunk->gap);
      pos = end;
    }
}

/* The entries in the order their data had in the file; new ones (no original offset) last. */
static GPtrArray *
entries_in_file_order (const TsrWad *wad)
{
  GPtrArray *order = g_ptr_array_sized_new (wad->entries->len);

  for (guint i = 0; i < wad->entries->len; i++)
    {
      TsrWadEntry *moving = g_ptr_array_index (wad->entries, i);
      gsize key = moving->original_offset != 0 ? moving->original_offset : G_MAXSIZE;
      guint j = order->len;

      g_ptr_array_add (order, moving);
      while (j > 0)
        {
          TsrWadEntry *prev = order->pdata[j - 1];
          gsize prev_key = prev->original_offset != 0 ? prev->original_offset : G_MAXSIZE;

          if (prev_key <= key)
            break;
          order->pdata[j] = prev;
          j--;
        }
      order->pdata[j] = moving;
    }
  return order;
}

GBytes *
tsr_wad_serialize (const TsrWad *wad,
                   GError      **error)
{
  g_autoptr(GPtrArray) order = NULL;
  g_autoptr(GHashTable) positions = NULL;
  g_autofree gsize *offsets = NULL;
  g_autofree gsize *lengths = NULL;
  gsize entry_size = tsr_wad_directory_entry_size (wad);
  gsize base_size = directory_base_size (wad);
  gsize dir_offset = 0, dir_size = entry_size * wad->entries->len;
  gsize total;
  gboolean directory_placed = FALSE;
  Output out = { NULL, 0 };
  guint n = wad->entries->len;
  guint32 crc;

  if (n > G_MAXUINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("wad: at most 65535 entries expected, found %u"), n);
      return NULL;
    }
  order = entries_in_file_order (wad);
  positions = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; i < n; i++)
    g_hash_table_insert (positions, g_ptr_array_index (wad->entries, i), GUINT_TO_POINTER (i));
  offsets = g_new0 (gsize, n + 1);
  lengths = g_new0 (gsize, n + 1);

  /* Layout first: where every entry and the directory go. */
  total = TSR_WAD_HEADER_SIZE;
  for (guint i = 0; i < order->len; i++)
    {
      TsrWadEntry *entry = order->pdata[i];
      guint k = GPOINTER_TO_UINT (g_hash_table_lookup (positions, entry));

      if (!directory_placed && wad->directory_before_entries
          && (entry->original_offset == 0 || entry->original_offset > wad->directory_original_offset))
        {
          total += bytes_size (wad->gap_before_directory);
          dir_offset = total;
          total += dir_size;
          directory_placed = TRUE;
        }
      total += bytes_size (entry->gap_before);
      offsets[k] = total;
      lengths[k] = tsr_wad_entry_data_size (wad, entry);
      total += lengths[k];
    }
  if (!directory_placed)
    {
      total += bytes_size (wad->gap_before_directory);
      dir_offset = total;
      total += dir_size;
    }
  total += bytes_size (wad->trailing);
  if (total > G_MAXUINT32)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("wad: at most 4 GiB expected, the entries need %zu bytes"), total);
      return NULL;
    }

  out.total = total;
  if (wad->source != NULL && g_bytes_get_size (wad->source) == total)
    out.same = g_bytes_get_data (wad->source, NULL);
  else
    out.data = g_malloc (total + 1);
  /* Header (the stored checksum while the bytes may still equal the loaded ones; 0 for the CRC
   * once they differ). */
  put_u16 (&out, wad->version);
  put_u16 (&out, wad->data_version);
  put_data (&out, wad->name, sizeof wad->name);
  put_u32 (&out, out.data == NULL ? wad->checksum : 0);
  put_u32 (&out, (guint32) dir_offset);
  put_u16 (&out, (guint16) n);
  put_u16 (&out, wad->app_data_size);
  put_u16 (&out, wad->entry_header_size);
  put_u16 (&out, wad->directory_entry_base_size);
  put_u32 (&out, wad->parent_checksum);
  put_data (&out, wad->header_tail, sizeof wad->header_tail);

  for (guint i = 0; i <= order->len; i++)
    {
      TsrWadEntry *entry = i < order->len ? order->pdata[i] : NULL;

      /* The directory goes where the layout put it. */
      if (out.pos + bytes_size (wad->gap_before_directory) == dir_offset
          && (entry == NULL || offsets[GPOINTER_TO_UINT (g_hash_table_lookup (positions, entry))] > dir_offset))
        {
          put_bytes (&out, wad->gap_before_directory);
          for (guint k = 0; k < n; k++)
            {
              TsrWadEntry *listed = g_ptr_array_index (wad->entries, k);

              put_u32 (&out, (guint32) offsets[k]);
              put_u32 (&out, (guint32) lengths[k]);
              if (base_size >= 10)
                put_u16 (&out, (guint16) listed->index);
              if (base_size > 10)
                put_fixed (&out, listed->entry_extra, base_size - 10);
              if (entry_size > base_size)
                put_fixed (&out, listed->app_data, entry_size - base_size);
            }
        }
      if (entry == NULL)
        break;
      put_bytes (&out, entry->gap_before);
      put_entry_data (wad, &out, entry);
    }
  put_bytes (&out, wad->trailing);
  g_assert (out.pos == total);
  if (out.data == NULL)
    return g_bytes_ref (wad->source); /* every byte as loaded, the stored checksum included */
  if (out.same != NULL)
    {
      out.pos = CHECKSUM_OFFSET;
      put_u32 (&out, 0);
    }

  /* Checksum: the stored value when nothing changed (even if stale), else a fresh CRC. */
  /* Unchanged bytes (compared directly: much cheaper than a CRC) keep the stored value. */
  if (wad->source != NULL && g_bytes_get_size (wad->source) == total
      && memcmp (out.data + CHECKSUM_OFFSET + 4, (const guint8 *) g_bytes_get_data (wad->source, NULL) + CHECKSUM_OFFSET + 4,
                 total - CHECKSUM_OFFSET - 4) == 0
      && memcmp (out.data, g_bytes_get_data (wad->source, NULL), CHECKSUM_OFFSET) == 0)
    crc = wad->checksum;
  else
    {
      crc = tsr_crc32 (out.data, total);
      if (wad->loaded && crc == tsr_wad_computed_checksum (wad))
        crc = wad->checksum;
    }
  out.pos = CHECKSUM_OFFSET;
  put_u32 (&out, crc);
  return g_bytes_new_take (out.data, total);
}

/* ---- Validation --------------------------------------------------------------------------- */

void
tsr_wad_validate (const TsrWad *wad,
                  GPtrArray    *findings)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);

  /* Files/wad.cpp read_wad_header refuses versions above 4 (errUnknownWadVersion); version 3
   * passes it, then calculate_directory_offset reaches vhalt ("what is version 3?"), which
   * is not compiled out: the engine stops. */
  if (wad->version > TSR_WAD_VERSION_INFINITY || wad->version == 3)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, _("wad header"),
                      _("version %u: the engine reads 0, 1, 2 and 4"), wad->version);
  if (wad->data_version > 2)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, _("wad header"),
                      _("data version %u: the engine reads 0 to 2"), wad->data_version);
  if (wad->entries->len < 1)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, _("wad header"),
                      _("no entries: the engine needs at least one"));
  if (!tsr_wad_checksum_matches (wad))
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("wad header"),
                      _("stored checksum %08X differs from the file's CRC-32 %08X (kept on an "
                        "untouched save)"), wad->checksum, tsr_wad_computed_checksum (wad));
  for (guint i = 0; i < wad->entries->len; i++)
    {
      TsrWadEntry *entry = g_ptr_array_index (wad->entries, i);

      /* Files/wad.cpp read_indexed_directory_data returns the first entry with the index asked
       * for, and the level list numbers levels by directory position (game_wad.cpp
       * get_entry_points): with an index used twice another one is missing, and
       * load_level_from_map of that level fails (the game ends with a loading error). */
      if (g_hash_table_contains (seen, GINT_TO_POINTER (entry->index)))
        tsr_findings_add (findings, TSR_SEVERITY_ERROR, _("wad directory"),
                          _("index %d appears more than once"), entry->index);
      g_hash_table_add (seen, GINT_TO_POINTER (entry->index));
      if (entry->chunks->len == 0)
        tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("wad directory"),
                          _("entry %d holds no chunks"), entry->index);
    }
}
