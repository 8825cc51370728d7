/* tsr-mac-wrapper.c: MacBinary, AppleSingle and resource forks, read and written back as found. */
#include "formats/marathon/tsr-mac-wrapper.h"

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/marathon/tsr-wad.h"
#include <glib/gi18n.h>

#define MACBINARY_HEADER_SIZE 128
#define APPLESINGLE_MAGIC     0x00051600u
#define APPLESINGLE_ENTRY_SIZE 12
#define RESOURCE_HEADER_SIZE  16
#define RESOURCE_MAP_HEADER   28

const char *
tsr_fourcc_to_string (guint32 code, char buffer[5])
{
  for (int i = 0; i < 4; i++)
    {
      guint8 c = (guint8) (code >> (24 - 8 * i));
      buffer[i] = c >= 0x20 && c < 0x7f ? (char) c : '?';
    }
  buffer[4] = '\0';
  return buffer;
}

const char *
tsr_mac_wrapper_kind_to_string (TsrMacWrapperKind kind)
{
  switch (kind)
    {
    case TSR_MAC_WRAPPER_MACBINARY:
      return "MacBinary";
    case TSR_MAC_WRAPPER_APPLESINGLE:
      return "AppleSingle";
    case TSR_MAC_WRAPPER_NONE:
    default:
      return "none";
    }
}

guint16
tsr_macbinary_crc (const guint8 *data, gsize size)
{
  guint16 crc = 0;

  for (gsize i = 0; i < size; i++)
    {
      crc ^= (guint16) (data[i] << 8);
      for (int bit = 0; bit < 8; bit++)
        crc = (crc & 0x8000) ? (guint16) ((crc << 1) ^ 0x1021) : (guint16) (crc << 1);
    }
  return crc;
}

static guint32
load_u32_be (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static guint16
load_u16_be (const guint8 *p)
{
  return (guint16) ((p[0] << 8) | p[1]);
}

static gsize
round_up_128 (gsize value)
{
  return (value + 127) & ~(gsize) 127;
}

static gboolean
macbinary_looks_valid (const guint8 *data, gsize size, gboolean *crc_valid)
{
  guint32 data_length, resource_length;

  if (size < MACBINARY_HEADER_SIZE)
    return FALSE;
  if (data[0] != 0 || data[1] < 1 || data[1] > 63 || data[74] != 0 || data[82] != 0)
    return FALSE;
  /* The file name (a Pascal string) has no NUL and no ':' (the Mac's path separator). One raw Wad
   * in 256 passes every test above — its version is 1..63, byte 82 is the top of its directory
   * entry size and byte 74 a byte of its directory offset — but its "name" starts with the NUL of
   * its data version. */
  for (guint i = 0; i < data[1]; i++)
    if (data[2 + i] == 0 || data[2 + i] == ':')
      return FALSE;
  data_length = load_u32_be (data + 83);
  resource_length = load_u32_be (data + 87);
  if (data_length > 0x7fffffff || resource_length > 0x7fffffff)
    return FALSE;
  if (tsr_macbinary_crc (data, 124) == load_u16_be (data + 124))
    {
      *crc_valid = TRUE;
      return TRUE;
    }
  /* MacBinary I: no CRC, bytes 99..125 are zero. */
  for (gsize i = 99; i < 126; i++)
    if (data[i] != 0)
      return FALSE;
  *crc_valid = FALSE;
  return TRUE;
}

TsrMacWrapperKind
tsr_mac_wrapper_sniff (const guint8 *data, gsize size)
{
  gboolean crc_valid;

  if (size >= 26 && load_u32_be (data) == APPLESINGLE_MAGIC
      && (load_u32_be (data + 4) == 0x00020000 || load_u32_be (data + 4) == 0x00010000))
    return TSR_MAC_WRAPPER_APPLESINGLE;
  if (macbinary_looks_valid (data, size, &crc_valid))
    return TSR_MAC_WRAPPER_MACBINARY;
  return TSR_MAC_WRAPPER_NONE;
}

/* The next COUNT bytes of READER as a slice of SOURCE (which READER reads), without a copy. */
static GBytes *
read_slice (TsrReader *reader, GBytes *source, gsize count, GError **error)
{
  const guint8 *base = g_bytes_get_data (source, NULL);
  const guint8 *view;

  if (!tsr_reader_read_view (reader, count, &view, error))
    return NULL;
  if (count == 0)
    return g_bytes_new (NULL, 0);
  return g_bytes_new_from_bytes (source, (gsize) (view - base), count);
}

static GBytes *
empty_bytes (void)
{
  return g_bytes_new (NULL, 0);
}

static void
applesingle_entry_free (gpointer data)
{
  TsrAppleSingleEntry *entry = data;

  g_clear_pointer (&entry->gap_before, g_bytes_unref);
  g_clear_pointer (&entry->data, g_bytes_unref);
  g_free (entry);
}

void
tsr_mac_file_free (TsrMacFile *file)
{
  if (file == NULL)
    return;
  g_clear_pointer (&file->data_fork, g_bytes_unref);
  g_clear_pointer (&file->resource_fork, g_bytes_unref);
  g_free (file->name);
  g_clear_pointer (&file->macbinary_secondary, g_bytes_unref);
  g_clear_pointer (&file->macbinary_data_padding, g_bytes_unref);
  g_clear_pointer (&file->macbinary_resource_padding, g_bytes_unref);
  g_clear_pointer (&file->macbinary_trailing, g_bytes_unref);
  g_clear_pointer (&file->applesingle_entries, g_ptr_array_unref);
  g_clear_pointer (&file->applesingle_trailing, g_bytes_unref);
  g_clear_pointer (&file->source, g_bytes_unref);
  g_free (file);
}

/* Reads the padding after a fork: up to the 128-byte boundary, or as much as the file has. */
static GBytes *
read_padding (TsrReader *reader, gsize fork_length, GError **error)
{
  gsize wanted = round_up_128 (fork_length) - fork_length;

  return tsr_reader_read_gbytes (reader, MIN (wanted, tsr_reader_remaining (reader)), error);
}

static gboolean
parse_macbinary (TsrMacFile *file, TsrReader *reader, GBytes *source, GError **error)
{
  const guint8 *header;
  guint32 data_length, resource_length;
  guint16 secondary_length;

  if (!tsr_reader_read_view (reader, MACBINARY_HEADER_SIZE, &header, error))
    return FALSE;
  memcpy (file->macbinary_header, header, MACBINARY_HEADER_SIZE);
  file->macbinary_crc_valid = tsr_macbinary_crc (header, 124) == load_u16_be (header + 124);
  file->name = tsr_mac_roman_to_utf8 (header + 2, header[1]);
  file->file_type = load_u32_be (header + 65);
  file->creator = load_u32_be (header + 69);
  data_length = load_u32_be (header + 83);
  resource_length = load_u32_be (header + 87);
  secondary_length = load_u16_be (header + 120);
  file->macbinary_data_length = data_length;
  file->macbinary_resource_length = resource_length;

  if (secondary_length > 0)
    {
      file->macbinary_secondary = tsr_reader_read_gbytes (reader, round_up_128 (secondary_length), error);
      if (file->macbinary_secondary == NULL)
        {
          tsr_error_prefix (error, _("MacBinary secondary header"));
          return FALSE;
        }
    }

  g_clear_pointer (&file->data_fork, g_bytes_unref);
  file->data_fork = read_slice (reader, source, data_length, error);
  if (file->data_fork == NULL)
    {
      tsr_error_prefix (error, _("MacBinary data fork of %u bytes"), data_length);
      return FALSE;
    }
  file->macbinary_data_padding = read_padding (reader, data_length, error);
  g_clear_pointer (&file->resource_fork, g_bytes_unref);
  file->resource_fork = read_slice (reader, source, resource_length, error);
  if (file->resource_fork == NULL)
    {
      tsr_error_prefix (error, _("MacBinary resource fork of %u bytes"), resource_length);
      return FALSE;
    }
  file->macbinary_resource_padding = read_padding (reader, resource_length, error);
  file->macbinary_trailing = tsr_reader_read_gbytes (reader, tsr_reader_remaining (reader), error);
  return file->macbinary_data_padding != NULL && file->macbinary_resource_padding != NULL
         && file->macbinary_trailing != NULL;
}

static int
compare_entries_by_offset (gconstpointer a, gconstpointer b)
{
  const TsrAppleSingleEntry *x = *(TsrAppleSingleEntry *const *) a;
  const TsrAppleSingleEntry *y = *(TsrAppleSingleEntry *const *) b;

  return x->original_offset < y->original_offset ? -1 : x->original_offset > y->original_offset;
}

static gboolean
parse_applesingle (TsrMacFile *file, TsrReader *reader, GBytes *source, GError **error)
{
  guint16 count;
  gsize table_end, position;
  g_autoptr(GPtrArray) by_offset = g_ptr_array_new ();

  if (!tsr_reader_read_bytes (reader, sizeof file->applesingle_header, file->applesingle_header, error)
      || !tsr_reader_read_u16_be (reader, &count, error))
    return FALSE;
  file->applesingle_entries = g_ptr_array_new_with_free_func (applesingle_entry_free);
  table_end = 26 + (gsize) count * APPLESINGLE_ENTRY_SIZE;

  for (guint i = 0; i < count; i++)
    {
      TsrAppleSingleEntry *entry = g_new0 (TsrAppleSingleEntry, 1);
      guint32 length;
      TsrReader sub;

      g_ptr_array_add (file->applesingle_entries, entry);
      if (!tsr_reader_read_u32_be (reader, &entry->id, error)
          || !tsr_reader_read_u32_be (reader, &entry->original_offset, error)
          || !tsr_reader_read_u32_be (reader, &length, error))
        return FALSE;
      if (length > 0 && entry->original_offset < table_end)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, 26 + (gsize) i * APPLESINGLE_ENTRY_SIZE,
                            _("AppleSingle entry %u (id %u): data at %u overlaps the entry table "
                              "(ends at %zu)"), i, entry->id, entry->original_offset,
                            table_end);
          return FALSE;
        }
      if (!tsr_reader_sub (reader, entry->original_offset, length, "AppleSingle entry", &sub, error))
        return FALSE;
      entry->data = read_slice (&sub, source, length, error);
      if (entry->data == NULL)
        return FALSE;
      if (length > 0)
        g_ptr_array_add (by_offset, entry);
      else
        entry->gap_before = empty_bytes ();
    }

  g_ptr_array_sort (by_offset, compare_entries_by_offset);
  position = table_end;
  for (guint i = 0; i < by_offset->len; i++)
    {
      TsrAppleSingleEntry *entry = g_ptr_array_index (by_offset, i);

      if (entry->original_offset < position)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, entry->original_offset,
                            _("AppleSingle entry id %u overlaps the previous entry (ends at %zu)"), entry->id, position);
          return FALSE;
        }
      if (!tsr_reader_seek (reader, position, error))
        return FALSE;
      entry->gap_before = tsr_reader_read_gbytes (reader, entry->original_offset - position, error);
      if (entry->gap_before == NULL)
        return FALSE;
      position = (gsize) entry->original_offset + g_bytes_get_size (entry->data);
    }
  if (!tsr_reader_seek (reader, position, error))
    return FALSE;
  file->applesingle_trailing = tsr_reader_read_gbytes (reader, tsr_reader_remaining (reader), error);
  if (file->applesingle_trailing == NULL)
    return FALSE;

  for (guint i = 0; i < file->applesingle_entries->len; i++)
    {
      TsrAppleSingleEntry *entry = g_ptr_array_index (file->applesingle_entries, i);
      gsize size;
      const guint8 *bytes = g_bytes_get_data (entry->data, &size);

      if (entry->id == TSR_APPLESINGLE_DATA_FORK)
        {
          g_bytes_unref (file->data_fork);
          file->data_fork = g_bytes_ref (entry->data);
        }
      else if (entry->id == TSR_APPLESINGLE_RESOURCE_FORK)
        {
          g_bytes_unref (file->resource_fork);
          file->resource_fork = g_bytes_ref (entry->data);
        }
      else if (entry->id == 3 && file->name == NULL && size > 0)
        file->name = tsr_mac_roman_to_utf8 (bytes, size);
      else if (entry->id == 9 && size >= 8)
        {
          file->file_type = load_u32_be (bytes);
          file->creator = load_u32_be (bytes + 4);
        }
    }
  return TRUE;
}

TsrMacFile *
tsr_mac_file_parse (GBytes *data, GError **error)
{
  g_autoptr(TsrMacFile) file = g_new0 (TsrMacFile, 1);
  gsize size;
  const guint8 *bytes = g_bytes_get_data (data, &size);
  TsrReader reader;

  file->kind = tsr_mac_wrapper_sniff (bytes, size);
  file->source = g_bytes_ref (data);
  file->data_fork = empty_bytes ();
  file->resource_fork = empty_bytes ();
  tsr_reader_init (&reader, bytes, size, tsr_mac_wrapper_kind_to_string (file->kind));

  switch (file->kind)
    {
    case TSR_MAC_WRAPPER_MACBINARY:
      if (!parse_macbinary (file, &reader, data, error))
        return NULL;
      break;
    case TSR_MAC_WRAPPER_APPLESINGLE:
      if (!parse_applesingle (file, &reader, data, error))
        return NULL;
      break;
    case TSR_MAC_WRAPPER_NONE:
    default:
      g_bytes_unref (file->data_fork);
      file->data_fork = g_bytes_ref (data);
      break;
    }
  return g_steal_pointer (&file);
}

gsize
tsr_mac_file_resource_fork_offset (const TsrMacFile *file)
{
  if (file == NULL)
    return 0;
  if (file->kind == TSR_MAC_WRAPPER_MACBINARY)
    return MACBINARY_HEADER_SIZE
           + (file->macbinary_secondary != NULL ? g_bytes_get_size (file->macbinary_secondary) : 0)
           + file->macbinary_data_length
           + (file->macbinary_data_padding != NULL ? g_bytes_get_size (file->macbinary_data_padding) : 0);
  if (file->kind == TSR_MAC_WRAPPER_APPLESINGLE && file->applesingle_entries != NULL)
    for (guint i = 0; i < file->applesingle_entries->len; i++)
      {
        const TsrAppleSingleEntry *entry = g_ptr_array_index (file->applesingle_entries, i);

        if (entry->id == TSR_APPLESINGLE_RESOURCE_FORK)
          return entry->original_offset;
      }
  return 0;
}

void
tsr_mac_file_set_data_fork (TsrMacFile *file, GBytes *fork)
{
  g_return_if_fail (file != NULL && fork != NULL);

  g_bytes_ref (fork);
  g_bytes_unref (file->data_fork);
  file->data_fork = fork;
}

void
tsr_mac_file_set_resource_fork (TsrMacFile *file, GBytes *fork)
{
  g_return_if_fail (file != NULL && fork != NULL);

  g_bytes_ref (fork);
  g_bytes_unref (file->resource_fork);
  file->resource_fork = fork;
}

/* The kept padding when it still fits the fork; a short one only where the file ended; zeros to
 * the 128-byte boundary otherwise. */
static void
write_padding (TsrWriter *writer, GBytes *kept, gsize fork_length, gsize original_length,
               gboolean last)
{
  gsize wanted = round_up_128 (fork_length) - fork_length;
  gsize kept_size = kept != NULL ? g_bytes_get_size (kept) : 0;

  if (kept != NULL && fork_length == original_length
      && (kept_size == wanted || (last && kept_size < wanted)))
    tsr_writer_write_gbytes (writer, kept);
  else
    tsr_writer_write_zeros (writer, wanted);
}

static GBytes *
serialize_macbinary (const TsrMacFile *file)
{
  gsize data_length = g_bytes_get_size (file->data_fork);
  gsize resource_length = g_bytes_get_size (file->resource_fork);
  gboolean nothing_after = file->macbinary_trailing == NULL
                           || g_bytes_get_size (file->macbinary_trailing) == 0;
  /* Compared with the parsed bytes until something differs (an untouched file is returned as
   * it was loaded); then room for everything written below (each fork's padding is under 128
   * bytes): the buffer never regrows, so a scenario's megabytes are copied once. */
  g_autoptr(TsrWriter) writer = tsr_writer_new_like (file->source, MACBINARY_HEADER_SIZE + data_length + resource_length + 256
                                                      + (file->macbinary_secondary != NULL ? g_bytes_get_size (file->macbinary_secondary) : 0)
                                                      + (file->macbinary_trailing != NULL ? g_bytes_get_size (file->macbinary_trailing) : 0));
  guint8 header[MACBINARY_HEADER_SIZE];

  memcpy (header, file->macbinary_header, sizeof header);
  header[83] = (guint8) (data_length >> 24);
  header[84] = (guint8) (data_length >> 16);
  header[85] = (guint8) (data_length >> 8);
  header[86] = (guint8) data_length;
  header[87] = (guint8) (resource_length >> 24);
  header[88] = (guint8) (resource_length >> 16);
  header[89] = (guint8) (resource_length >> 8);
  header[90] = (guint8) resource_length;
  if (file->macbinary_crc_valid)
    {
      guint16 crc = tsr_macbinary_crc (header, 124);
      header[124] = (guint8) (crc >> 8);
      header[125] = (guint8) crc;
    }
  tsr_writer_write_bytes (writer, header, sizeof header);
  if (file->macbinary_secondary != NULL)
    tsr_writer_write_gbytes (writer, file->macbinary_secondary);
  tsr_writer_write_gbytes (writer, file->data_fork);
  write_padding (writer, file->macbinary_data_padding, data_length, file->macbinary_data_length,
                 resource_length == 0 && nothing_after);
  tsr_writer_write_gbytes (writer, file->resource_fork);
  write_padding (writer, file->macbinary_resource_padding, resource_length,
                 file->macbinary_resource_length,
                 nothing_after);
  if (file->macbinary_trailing != NULL)
    tsr_writer_write_gbytes (writer, file->macbinary_trailing);
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

static GBytes *
applesingle_entry_data (const TsrMacFile *file, const TsrAppleSingleEntry *entry)
{
  if (entry->id == TSR_APPLESINGLE_DATA_FORK)
    return file->data_fork;
  if (entry->id == TSR_APPLESINGLE_RESOURCE_FORK)
    return file->resource_fork;
  return entry->data;
}

static GBytes *
serialize_applesingle (const TsrMacFile *file)
{
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  guint count = file->applesingle_entries->len;
  gsize table = 26;

  tsr_writer_write_bytes (writer, file->applesingle_header, sizeof file->applesingle_header);
  tsr_writer_write_u16_be (writer, (guint16) count);
  for (guint i = 0; i < count; i++)
    {
      const TsrAppleSingleEntry *entry = g_ptr_array_index (file->applesingle_entries, i);

      tsr_writer_write_u32_be (writer, entry->id);
      tsr_writer_write_u32_be (writer, 0);
      tsr_writer_write_u32_be (writer, (guint32) g_bytes_get_size (applesingle_entry_data (file, entry)));
      g_ptr_array_add (order, (gpointer) entry);
    }
  g_ptr_array_sort (order, compare_entries_by_offset);
  for (guint i = 0; i < order->len; i++)
    {
      const TsrAppleSingleEntry *entry = g_ptr_array_index (order, i);
      GBytes *data = applesingle_entry_data (file, entry);
      guint index = 0;

      if (g_bytes_get_size (data) == 0 && g_bytes_get_size (entry->data) == 0)
        {
          /* Empty entries keep the offset they had (often 0): nothing is written for them. */
          g_ptr_array_find (file->applesingle_entries, entry, &index);
          tsr_writer_patch_u32_be (writer, table + (gsize) index * APPLESINGLE_ENTRY_SIZE + 4,
                                   entry->original_offset);
          continue;
        }
      if (entry->gap_before != NULL)
        tsr_writer_write_gbytes (writer, entry->gap_before);
      g_ptr_array_find (file->applesingle_entries, entry, &index);
      tsr_writer_patch_u32_be (writer, table + (gsize) index * APPLESINGLE_ENTRY_SIZE + 4,
                               (guint32) tsr_writer_tell (writer));
      tsr_writer_write_gbytes (writer, data);
    }
  if (file->applesingle_trailing != NULL)
    tsr_writer_write_gbytes (writer, file->applesingle_trailing);
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

GBytes *
tsr_mac_file_serialize (const TsrMacFile *file)
{
  switch (file->kind)
    {
    case TSR_MAC_WRAPPER_MACBINARY:
      return serialize_macbinary (file);
    case TSR_MAC_WRAPPER_APPLESINGLE:
      return serialize_applesingle (file);
    case TSR_MAC_WRAPPER_NONE:
    default:
      return g_bytes_ref (file->data_fork);
    }
}

/* ---- Resource forks ---------------------------------------------------------------------- */

static void
mac_resource_free (gpointer data)
{
  TsrMacResource *resource = data;

  g_clear_pointer (&resource->name, g_bytes_unref);
  g_clear_pointer (&resource->data, g_bytes_unref);
  g_clear_pointer (&resource->gap_after, g_bytes_unref);
  g_free (resource);
}

TsrResourceFork *
tsr_resource_fork_new (void)
{
  TsrResourceFork *fork = g_new0 (TsrResourceFork, 1);

  fork->resources = g_ptr_array_new_with_free_func (mac_resource_free);
  fork->map_header_copy = TRUE;
  return fork;
}

void
tsr_resource_fork_free (TsrResourceFork *fork)
{
  if (fork == NULL)
    return;
  g_clear_pointer (&fork->header_reserved, g_bytes_unref);
  g_clear_pointer (&fork->resources, g_ptr_array_unref);
  g_clear_pointer (&fork->data_gap, g_bytes_unref);
  g_clear_pointer (&fork->map_trailing, g_bytes_unref);
  g_clear_pointer (&fork->fork_trailing, g_bytes_unref);
  g_free (fork);
}

static int
compare_resources_by_offset (gconstpointer a, gconstpointer b)
{
  const TsrMacResource *x = *(TsrMacResource *const *) a;
  const TsrMacResource *y = *(TsrMacResource *const *) b;

  return x->original_offset < y->original_offset ? -1 : x->original_offset > y->original_offset;
}

static int
compare_resources_by_name_offset (gconstpointer a, gconstpointer b)
{
  const TsrMacResource *x = *(TsrMacResource *const *) a;
  const TsrMacResource *y = *(TsrMacResource *const *) b;

  return x->original_name_offset < y->original_name_offset ? -1
         : x->original_name_offset > y->original_name_offset;
}

static gboolean
parse_references (TsrResourceFork *fork,
                  GBytes          *source,
                  TsrReader       *fork_reader,
                  TsrReader       *map,
                  guint32          data_offset,
                  guint32          data_length,
                  guint16          type_list,
                  guint16          name_list,
                  gsize           *names_end,
                  GError         **error)
{
  guint16 type_count_minus_one;
  guint type_count;
  TsrReader data_area;

  if (!tsr_reader_sub (fork_reader, data_offset, data_length, "resource data", &data_area, error)
      || !tsr_reader_seek (map, type_list, error)
      || !tsr_reader_read_u16_be (map, &type_count_minus_one, error))
    return FALSE;
  type_count = type_count_minus_one == 0xffff ? 0 : (guint) type_count_minus_one + 1;
  *names_end = name_list;

  for (guint t = 0; t < type_count; t++)
    {
      guint32 type;
      guint16 count_minus_one, references;
      TsrReader list;

      if (!tsr_reader_seek (map, type_list + 2 + (gsize) t * 8, error)
          || !tsr_reader_read_u32_be (map, &type, error)
          || !tsr_reader_read_u16_be (map, &count_minus_one, error)
          || !tsr_reader_read_u16_be (map, &references, error))
        return FALSE;
      if (!tsr_reader_sub (map, (gsize) type_list + references, ((gsize) count_minus_one + 1) * 12,
                           "resource reference list", &list, error))
        return FALSE;

      for (guint r = 0; r <= count_minus_one; r++)
        {
          TsrMacResource *resource = g_new0 (TsrMacResource, 1);
          guint16 name_offset;
          guint32 attributes_and_offset, length;

          g_ptr_array_add (fork->resources, resource);
          resource->type = type;
          if (!tsr_reader_read_s16_be (&list, &resource->id, error)
              || !tsr_reader_read_u16_be (&list, &name_offset, error)
              || !tsr_reader_read_u32_be (&list, &attributes_and_offset, error)
              || !tsr_reader_read_u32_be (&list, &resource->handle, error))
            return FALSE;
          resource->attributes = (guint8) (attributes_and_offset >> 24);
          resource->original_offset = attributes_and_offset & 0xffffff;
          resource->original_name_offset = name_offset == 0xffff ? G_MAXUINT32 : name_offset;
          resource->original_reference = (guint32) type_list + references + r * 12;

          if (!tsr_reader_seek (&data_area, resource->original_offset, error)
              || !tsr_reader_read_u32_be (&data_area, &length, error))
            {
              char code[5];
              tsr_error_prefix (error, _("resource '%s' %d"), tsr_fourcc_to_string (type, code),
                                resource->id);
              return FALSE;
            }
          resource->data = read_slice (&data_area, source, length, error);
          if (resource->data == NULL)
            {
              char code[5];
              tsr_error_prefix (error, _("resource '%s' %d"), tsr_fourcc_to_string (type, code),
                                resource->id);
              return FALSE;
            }

          if (name_offset != 0xffff)
            {
              guint8 name_length;

              if (!tsr_reader_seek (map, (gsize) name_list + name_offset, error)
                  || !tsr_reader_read_u8 (map, &name_length, error))
                return FALSE;
              resource->name = tsr_reader_read_gbytes (map, name_length, error);
              if (resource->name == NULL)
                return FALSE;
              *names_end = MAX (*names_end, tsr_reader_tell (map));
            }
        }
    }
  return TRUE;
}

TsrResourceFork *
tsr_resource_fork_parse (GBytes *data, const char *label, GError **error)
{
  g_autoptr(TsrResourceFork) fork = tsr_resource_fork_new ();
  gsize size;
  const guint8 *bytes = g_bytes_get_data (data, &size);
  TsrReader reader, map;
  guint32 data_offset, map_offset, data_length, map_length;
  guint16 type_list, name_list;
  const guint8 *header, *map_bytes;
  gsize names_end, position;
  g_autoptr(GPtrArray) by_offset = NULL;

  if (size == 0)
    return g_steal_pointer (&fork);

  tsr_reader_init (&reader, bytes, size, label != NULL ? label : "resource fork");
  if (!tsr_reader_read_view (&reader, RESOURCE_HEADER_SIZE, &header, error))
    return NULL;
  data_offset = load_u32_be (header);
  map_offset = load_u32_be (header + 4);
  data_length = load_u32_be (header + 8);
  map_length = load_u32_be (header + 12);

  if (data_offset < RESOURCE_HEADER_SIZE || map_length < RESOURCE_MAP_HEADER
      || (guint64) data_offset + data_length > (guint64) map_offset
      || (guint64) map_offset + map_length > size)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, 0,
                        _("%s: header expects data at %u (%u bytes) followed by the map at %u "
                          "(%u bytes) within %zu bytes"),
                        reader.label, data_offset, data_length, map_offset, map_length, size);
      return NULL;
    }
  fork->header_reserved = tsr_reader_read_gbytes (&reader, data_offset - RESOURCE_HEADER_SIZE, error);
  if (fork->header_reserved == NULL)
    return NULL;

  if (!tsr_reader_sub (&reader, map_offset, map_length, "resource map", &map, error)
      || !tsr_reader_read_view (&map, 22, &map_bytes, error))
    return NULL;
  memcpy (fork->map_reserved, map_bytes, sizeof fork->map_reserved);
  fork->map_header_copy = memcmp (map_bytes, header, RESOURCE_HEADER_SIZE) == 0;
  if (!tsr_reader_read_u16_be (&map, &fork->attributes, error)
      || !tsr_reader_read_u16_be (&map, &type_list, error)
      || !tsr_reader_read_u16_be (&map, &name_list, error))
    return NULL;
  fork->type_list_offset = map_offset + type_list;
  if (name_list > map_length)
    {
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, map_offset + 26,
                        _("resource map: name list at %u expected within the map's %u bytes"),
                        name_list, map_length);
      return NULL;
    }

  if (!parse_references (fork, data, &reader, &map, data_offset, data_length, type_list, name_list,
                         &names_end, error))
    return NULL;

  /* What lies between and after the resources' data, so it is written back in place. */
  by_offset = g_ptr_array_new ();
  for (guint i = 0; i < fork->resources->len; i++)
    g_ptr_array_add (by_offset, g_ptr_array_index (fork->resources, i));
  g_ptr_array_sort (by_offset, compare_resources_by_offset);
  position = 0;
  for (guint i = 0; i < by_offset->len; i++)
    {
      TsrMacResource *resource = g_ptr_array_index (by_offset, i);
      gsize end = (gsize) resource->original_offset + 4 + g_bytes_get_size (resource->data);
      gsize next = i + 1 < by_offset->len
                   ? ((TsrMacResource *) g_ptr_array_index (by_offset, i + 1))->original_offset
                   : data_length;

      if (next > end)
        resource->gap_after = g_bytes_new (bytes + data_offset + end, next - end);
      position = MAX (position, end);
    }
  fork->data_gap = g_bytes_new (bytes + data_offset + data_length, map_offset - data_offset - data_length);
  fork->map_trailing = g_bytes_new (bytes + map_offset + names_end, map_length - names_end);
  fork->fork_trailing = g_bytes_new (bytes + map_offset + map_length, size - map_offset - map_length);
  return g_steal_pointer (&fork);
}

GArray *
tsr_resource_fork_types (const TsrResourceFork *fork)
{
  GArray *types = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint i = 0; i < fork->resources->len; i++)
    {
      const TsrMacResource *resource = g_ptr_array_index (fork->resources, i);
      gboolean seen = FALSE;

      for (guint t = 0; t < types->len && !seen; t++)
        seen = g_array_index (types, guint32, t) == resource->type;
      if (!seen)
        g_array_append_val (types, resource->type);
    }
  return types;
}

GPtrArray *
tsr_resource_fork_list_type (const TsrResourceFork *fork, guint32 type)
{
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; i < fork->resources->len; i++)
    {
      TsrMacResource *resource = g_ptr_array_index (fork->resources, i);
      if (resource->type == type)
        g_ptr_array_add (list, resource);
    }
  return list;
}

TsrMacResource *
tsr_resource_fork_find (const TsrResourceFork *fork, guint32 type, gint16 id)
{
  for (guint i = 0; i < fork->resources->len; i++)
    {
      TsrMacResource *resource = g_ptr_array_index (fork->resources, i);
      if (resource->type == type && resource->id == id)
        return resource;
    }
  return NULL;
}

TsrMacResource *
tsr_resource_fork_set (TsrResourceFork *fork, guint32 type, gint16 id, GBytes *data)
{
  TsrMacResource *resource = tsr_resource_fork_find (fork, type, id);
  guint insert_at = fork->resources->len;

  if (resource != NULL)
    {
      g_bytes_ref (data);
      g_clear_pointer (&resource->data, g_bytes_unref);
      resource->data = data;
      return resource;
    }

  for (guint i = 0; i < fork->resources->len; i++)
    if (((TsrMacResource *) g_ptr_array_index (fork->resources, i))->type == type)
      insert_at = i + 1;
  resource = g_new0 (TsrMacResource, 1);
  resource->type = type;
  resource->id = id;
  resource->data = g_bytes_ref (data);
  resource->original_offset = G_MAXUINT32;
  resource->original_name_offset = G_MAXUINT32;
  resource->original_reference = G_MAXUINT32;
  g_ptr_array_insert (fork->resources, (gint) insert_at, resource);
  return resource;
}

gboolean
tsr_resource_fork_remove (TsrResourceFork *fork, guint32 type, gint16 id)
{
  TsrMacResource *resource = tsr_resource_fork_find (fork, type, id);

  if (resource == NULL)
    return FALSE;
  return g_ptr_array_remove (fork->resources, resource);
}

GBytes *
tsr_resource_fork_serialize (const TsrResourceFork *fork)
{
  g_autoptr(TsrWriter) writer = NULL;
  g_autoptr(GPtrArray) by_offset = NULL;
  g_autoptr(GPtrArray) by_name = NULL;
  g_autoptr(GArray) types = NULL;
  g_autofree guint32 *data_offsets = NULL;
  g_autofree guint32 *name_offsets = NULL;
  g_autofree guint *block_order = NULL;
  g_autofree guint32 *block_start = NULL;
  g_autofree gsize *block_reference = NULL;
  gsize data_offset, data_length, map_offset, map_length, type_list_size, reference;
  guint count = fork->resources->len;
  guint8 header[RESOURCE_HEADER_SIZE];
  const guint8 *written;
  gsize written_size;

  if (fork->header_reserved == NULL && count == 0)
    return empty_bytes ();

  writer = tsr_writer_new ();
  tsr_writer_write_zeros (writer, RESOURCE_HEADER_SIZE);
  if (fork->header_reserved != NULL)
    tsr_writer_write_gbytes (writer, fork->header_reserved);
  else
    tsr_writer_write_zeros (writer, 256 - RESOURCE_HEADER_SIZE);
  data_offset = tsr_writer_tell (writer);

  /* Data in the original order; added resources after it. */
  data_offsets = g_new0 (guint32, count);
  by_offset = g_ptr_array_new ();
  for (guint i = 0; i < count; i++)
    g_ptr_array_add (by_offset, g_ptr_array_index (fork->resources, i));
  g_ptr_array_sort (by_offset, compare_resources_by_offset);
  for (guint i = 0; i < count; i++)
    {
      TsrMacResource *resource = g_ptr_array_index (by_offset, i);
      guint index = 0;

      g_ptr_array_find (fork->resources, resource, &index);
      data_offsets[index] = (guint32) (tsr_writer_tell (writer) - data_offset);
      tsr_writer_write_u32_be (writer, (guint32) g_bytes_get_size (resource->data));
      tsr_writer_write_gbytes (writer, resource->data);
      if (resource->gap_after != NULL)
        tsr_writer_write_gbytes (writer, resource->gap_after);
    }
  data_length = tsr_writer_tell (writer) - data_offset;
  if (fork->data_gap != NULL)
    tsr_writer_write_gbytes (writer, fork->data_gap);
  map_offset = tsr_writer_tell (writer);

  /* Names in their original order. */
  name_offsets = g_new0 (guint32, count);
  by_name = g_ptr_array_new ();
  for (guint i = 0; i < count; i++)
    {
      TsrMacResource *resource = g_ptr_array_index (fork->resources, i);
      if (resource->name != NULL)
        g_ptr_array_add (by_name, resource);
    }
  g_ptr_array_sort (by_name, compare_resources_by_name_offset);
  {
    guint32 position = 0;
    for (guint i = 0; i < by_name->len; i++)
      {
        TsrMacResource *resource = g_ptr_array_index (by_name, i);
        guint index = 0;

        g_ptr_array_find (fork->resources, resource, &index);
        name_offsets[index] = position;
        position += 1 + (guint32) MIN (g_bytes_get_size (resource->name), 255);
      }
  }

  types = tsr_resource_fork_types (fork);
  type_list_size = 2 + (gsize) types->len * 8 + (gsize) count * 12;

  tsr_writer_write_bytes (writer, fork->map_reserved, sizeof fork->map_reserved);
  tsr_writer_write_u16_be (writer, fork->attributes);
  tsr_writer_write_u16_be (writer, RESOURCE_MAP_HEADER);
  tsr_writer_write_u16_be (writer, (guint16) (RESOURCE_MAP_HEADER + type_list_size));
  tsr_writer_write_u16_be (writer, (guint16) (types->len == 0 ? 0xffff : types->len - 1));
  /* The types' reference lists in the order they lay in the original map (a map may list its
   * types in another order than their lists: kept, not rewritten); added types' lists last. */
  block_order = g_new0 (guint, types->len);
  block_start = g_new0 (guint32, types->len);
  for (guint t = 0; t < types->len; t++)
    {
      guint32 type = g_array_index (types, guint32, t);

      block_order[t] = t;
      block_start[t] = G_MAXUINT32;
      for (guint i = 0; i < count; i++)
        {
          const TsrMacResource *resource = g_ptr_array_index (fork->resources, i);

          if (resource->type == type)
            block_start[t] = MIN (block_start[t], resource->original_reference);
        }
    }
  for (guint a = 1; a < types->len; a++)
    for (guint b = a; b > 0 && block_start[block_order[b - 1]] > block_start[block_order[b]]; b--)
      {
        guint swap = block_order[b];

        block_order[b] = block_order[b - 1];
        block_order[b - 1] = swap;
      }
  block_reference = g_new0 (gsize, types->len);
  reference = 2 + (gsize) types->len * 8;
  for (guint o = 0; o < types->len; o++)
    {
      guint t = block_order[o];
      guint32 type = g_array_index (types, guint32, t);
      guint n = 0;

      for (guint i = 0; i < count; i++)
        n += ((TsrMacResource *) g_ptr_array_index (fork->resources, i))->type == type;
      block_reference[t] = reference;
      reference += (gsize) n * 12;
    }
  for (guint t = 0; t < types->len; t++)
    {
      guint32 type = g_array_index (types, guint32, t);
      guint n = 0;

      for (guint i = 0; i < count; i++)
        n += ((TsrMacResource *) g_ptr_array_index (fork->resources, i))->type == type;
      tsr_writer_write_u32_be (writer, type);
      tsr_writer_write_u16_be (writer, (guint16) (n - 1));
      tsr_writer_write_u16_be (writer, (guint16) block_reference[t]);
    }
  for (guint o = 0; o < types->len; o++)
    {
      guint32 type = g_array_index (types, guint32, block_order[o]);

      for (guint i = 0; i < count; i++)
        {
          TsrMacResource *resource = g_ptr_array_index (fork->resources, i);

          if (resource->type != type)
            continue;
          tsr_writer_write_u16_be (writer, (guint16) resource->id);
          tsr_writer_write_u16_be (writer, resource->name != NULL ? (guint16) name_offsets[i] : 0xffff);
          tsr_writer_write_u32_be (writer, ((guint32) resource->attributes << 24)
                                           | (data_offsets[i] & 0xffffff));
          tsr_writer_write_u32_be (writer, resource->handle);
        }
    }
  for (guint i = 0; i < by_name->len; i++)
    {
      TsrMacResource *resource = g_ptr_array_index (by_name, i);
      gsize length = MIN (g_bytes_get_size (resource->name), 255);

      tsr_writer_write_u8 (writer, (guint8) length);
      tsr_writer_write_bytes (writer, g_bytes_get_data (resource->name, NULL), length);
    }
  if (fork->map_trailing != NULL)
    tsr_writer_write_gbytes (writer, fork->map_trailing);
  map_length = tsr_writer_tell (writer) - map_offset;
  if (fork->fork_trailing != NULL)
    tsr_writer_write_gbytes (writer, fork->fork_trailing);

  tsr_writer_patch_u32_be (writer, 0, (guint32) data_offset);
  tsr_writer_patch_u32_be (writer, 4, (guint32) map_offset);
  tsr_writer_patch_u32_be (writer, 8, (guint32) data_length);
  tsr_writer_patch_u32_be (writer, 12, (guint32) map_length);
  if (fork->map_header_copy)
    {
      written = tsr_writer_peek (writer, &written_size);
      memcpy (header, written, sizeof header);
      for (guint i = 0; i < 4; i++)
        tsr_writer_patch_u32_be (writer, map_offset + 4 * i, load_u32_be (header + 4 * i));
    }
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}
