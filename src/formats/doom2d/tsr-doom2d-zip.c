/* tsr-doom2d-zip.c: ZIP resource archives (.dfz) through libzip, when it was found at build time
 * (opened on first use: libzip_load).
 * Directories are sections, files in them resources, files at the top the root resources (maps). */
#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>
#include <libdeflate.h>
#include <zlib.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/doom2d/tsr-doom2d-config.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-private.h"
#include "formats/doom2d/tsr-doom2d-wad.h"

#if TSR_DOOM2D_HAVE_LIBZIP
#include <dlfcn.h>
#include <zip.h>

/* libzip is opened on the first ZIP archive read, by its soname, not linked: with it come
 * libcrypto and libbz2, whose loading cost every process ~4 ms at start, also the many that never
 * read a .dfz (issue 35: tessera-cli starts like a shell tool). These are the functions used. */
typedef struct {
  void          (*discard) (zip_t *);
  int           (*error_code_zip) (const zip_error_t *);
  void          (*error_fini) (zip_error_t *);
  void          (*error_init) (zip_error_t *);
  const char   *(*error_strerror) (zip_error_t *);
  int           (*fclose) (zip_file_t *);
  zip_error_t  *(*file_get_error) (zip_file_t *);
  zip_file_t   *(*fopen_index) (zip_t *, zip_uint64_t, zip_flags_t);
  zip_int64_t   (*fread) (zip_file_t *, void *, zip_uint64_t);
  zip_error_t  *(*get_error) (zip_t *);
  zip_int64_t   (*get_num_entries) (zip_t *, zip_flags_t);
  zip_t        *(*open_from_source) (zip_source_t *, int, zip_error_t *);
  zip_source_t *(*source_buffer_create) (const void *, zip_uint64_t, int, zip_error_t *);
  void          (*source_free) (zip_source_t *);
  int           (*stat_index) (zip_t *, zip_uint64_t, zip_flags_t, zip_stat_t *);
  void          (*stat_init) (zip_stat_t *);
} LibZip;

static LibZip libzip;

/* Opens libzip once (the process keeps it); FALSE with the reason when it cannot be. */
static gboolean
libzip_load (char **reason)
{
  static gsize done;
  static char *failure;

  if (g_once_init_enter (&done))
    {
      static const struct {
        const char *name;
        gsize       offset;
      } symbols[] = {
#define LIBZIP_SYMBOL(f) { "zip_" #f, G_STRUCT_OFFSET (LibZip, f) }
        LIBZIP_SYMBOL (discard), LIBZIP_SYMBOL (error_code_zip), LIBZIP_SYMBOL (error_fini),
        LIBZIP_SYMBOL (error_init), LIBZIP_SYMBOL (error_strerror), LIBZIP_SYMBOL (fclose),
        LIBZIP_SYMBOL (file_get_error), LIBZIP_SYMBOL (fopen_index), LIBZIP_SYMBOL (fread),
        LIBZIP_SYMBOL (get_error), LIBZIP_SYMBOL (get_num_entries), LIBZIP_SYMBOL (open_from_source),
        LIBZIP_SYMBOL (source_buffer_create), LIBZIP_SYMBOL (source_free), LIBZIP_SYMBOL (stat_index),
        LIBZIP_SYMBOL (stat_init),
#undef LIBZIP_SYMBOL
      };
      /* dlopen itself, not GModule (one library fewer at every start); the process keeps it. */
      void *module = dlopen (TSR_DOOM2D_LIBZIP_SONAME, RTLD_LAZY | RTLD_LOCAL);

      if (module == NULL)
        {
          const char *why = dlerror ();

          failure = g_strdup_printf ("libzip (%s) cannot be loaded: %s", TSR_DOOM2D_LIBZIP_SONAME,
                                     why != NULL ? why : "dlopen failed");
        }
      for (gsize i = 0; module != NULL && failure == NULL && i < G_N_ELEMENTS (symbols); i++)
        if ((G_STRUCT_MEMBER (gpointer, &libzip, symbols[i].offset) = dlsym (module, symbols[i].name)) == NULL)
          failure = g_strdup_printf ("libzip (%s) lacks %s", TSR_DOOM2D_LIBZIP_SONAME, symbols[i].name);
      g_once_init_leave (&done, 1);
    }
  if (failure != NULL)
    *reason = failure;
  return failure == NULL;
}
#endif


gboolean
tsr_doom2d_zip_available (void)
{
  return TSR_DOOM2D_HAVE_LIBZIP;
}

gboolean
tsr_doom2d_zip_sniff (const guint8 *data,
                      gsize         size)
{
  return size >= 4 && data[0] == 'P' && data[1] == 'K'
         && ((data[2] == 3 && data[3] == 4) || (data[2] == 5 && data[3] == 6));
}

TsrDoom2dWad *
tsr_doom2d_zip_new (void)
{
  TsrDoom2dWad *wad = tsr_doom2d_wad_new ();

  wad->is_zip = TRUE;
  return wad;
}

#if TSR_DOOM2D_HAVE_LIBZIP

#define ZIP_LOCAL_SIZE   30
#define ZIP_CENTRAL_SIZE 46
#define ZIP_END_SIZE     22
#define ZIP_FLAG_DESCRIPTOR 0x0008 /* sizes and CRC follow the data, not in the local header */
#define ZIP_FLAG_UTF8       0x0800

/* One central directory record and the local record it points at, as they lie in the file. */
typedef struct {
  gsize    central_offset;
  gsize    central_length;
  gsize    local_offset;
  gsize    local_length;    /* header, name and extra field */
  gsize    record_end;      /* after the data and its data descriptor, if any */
  guint32  compressed_size;
  guint32  size;
  guint32  crc;
  guint16  method;
  guint16  flags;
  gboolean zip64;           /* sizes or offset in a ZIP64 extra field */
  GBytes  *raw_name;
} ZipRecord;

typedef struct {
  GArray *records;          /* ZipRecord in central directory order */
  gsize   directory_offset;
  gsize   directory_size;
  gsize   end_offset;       /* the end of central directory record */
} ZipLayout;

static void
zip_layout_free (ZipLayout *layout)
{
  for (guint i = 0; i < layout->records->len; i++)
    g_bytes_unref (g_array_index (layout->records, ZipRecord, i).raw_name);
  g_array_unref (layout->records);
  g_free (layout);
}

void
tsr_doom2d_zip_close (TsrDoom2dWad *wad)
{
  if (wad->zip != NULL)
    libzip.discard (wad->zip);
  wad->zip = NULL;
  g_clear_pointer ((ZipLayout **) &wad->zip_layout, zip_layout_free);
}

static const char *zip_error_text (zip_error_t *zip_error);

/* Names are UTF-8 when flagged so; older archives made on Windows use CP1251. */
static char *
decode_name (const char *raw)
{
  if (g_utf8_validate (raw, -1, NULL))
    return g_strdup (raw);
  return tsr_doom2d_cp1251_to_utf8 ((const guint8 *) raw, strlen (raw));
}

static guint16
le16 (const guint8 *p)
{
  return (guint16) (p[0] | p[1] << 8);
}

static guint32
le32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

/* The end of central directory record: the last "PK\5\6" whose comment reaches the end exactly. */
static gboolean
find_end_record (TsrReader *reader,
                 gsize     *end_offset,
                 GError   **error)
{
  gsize size = reader->size;
  gsize lowest = size > ZIP_END_SIZE + 65535 ? size - ZIP_END_SIZE - 65535 : 0;

  for (gsize at = size >= ZIP_END_SIZE ? size - ZIP_END_SIZE + 1 : 0; at-- > lowest;)
    {
      const guint8 *bytes;
      if (!tsr_reader_seek (reader, at, error) || !tsr_reader_read_view (reader, ZIP_END_SIZE, &bytes, error))
        return FALSE;
      if (memcmp (bytes, "PK\5\6", 4) == 0 && at + ZIP_END_SIZE + le16 (bytes + 20) == size)
        {
          *end_offset = at;
          return TRUE;
        }
    }
  tsr_set_error_at (error, size < ZIP_END_SIZE ? TSR_ERROR_TRUNCATED : TSR_ERROR_BAD_MAGIC, size,
                    _("ZIP archive: no end of central directory record (\"PK\\5\\6\" with its comment "
                      "reaching the end of the file) in the last %zu bytes"), size - lowest);
  return FALSE;
}

/* The real sizes and offset of a record whose fields hold 0xFFFFFFFF, from its ZIP64 extra field. */
static gboolean
read_zip64_extra (const guint8 *extra,
                  gsize         extra_length,
                  guint64      *size,
                  guint64      *compressed_size,
                  guint64      *local_offset)
{
  for (gsize at = 0; at + 4 <= extra_length;)
    {
      guint16 id = le16 (extra + at), length = le16 (extra + at + 2);
      gsize field = at + 4;

      if (at + 4 + length > extra_length)
        return FALSE;
      if (id == 0x0001)
        {
          guint64 *values[] = { size, compressed_size, local_offset };
          for (guint i = 0; i < G_N_ELEMENTS (values); i++)
            if (*values[i] == 0xFFFFFFFFu)
              {
                if (field + 8 > at + 4 + length)
                  return FALSE;
                *values[i] = (guint64) le32 (extra + field) | (guint64) le32 (extra + field + 4) << 32;
                field += 8;
              }
          return TRUE;
        }
      at += 4 + length;
    }
  return FALSE;
}

/* Reads the central directory and checks each local header against it, as the game's reader and
 * unzip rely on: signature, name, method, where the data lies and (unless a data descriptor holds
 * them) CRC and sizes. What real writers vary freely — version made by and needed, general-purpose
 * flag bits, times, extra fields — is not compared (the game's own writer puts its version made by
 * in the local header's version needed field). */
static ZipLayout *
read_layout (const guint8 *data,
             gsize         size,
             GError      **error)
{
  TsrReader reader;
  const guint8 *end;
  ZipLayout *layout = g_new0 (ZipLayout, 1);
  guint count;

  layout->records = g_array_new (FALSE, TRUE, sizeof (ZipRecord));
  tsr_reader_init (&reader, data, size, "ZIP archive");
  if (!find_end_record (&reader, &layout->end_offset, error)
      || !tsr_reader_seek (&reader, layout->end_offset, error)
      || !tsr_reader_read_view (&reader, ZIP_END_SIZE, &end, error))
    goto fail;
  if (le16 (end + 4) != 0 || le16 (end + 6) != 0 || le16 (end + 8) != le16 (end + 10))
    {
      tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, layout->end_offset,
                        _("ZIP archive: a part of a multi-disk archive (disk %u, directory on disk %u)"),
                        le16 (end + 4), le16 (end + 6));
      goto fail;
    }
  count = le16 (end + 10);
  layout->directory_size = le32 (end + 12);
  layout->directory_offset = le32 (end + 16);
  if (layout->end_offset >= 20 && memcmp (data + layout->end_offset - 20, "PK\6\7", 4) == 0)
    {
      tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, layout->end_offset - 20,
                        _("ZIP archive: ZIP64 end of central directory records are not supported"));
      goto fail;
    }
  if ((guint64) layout->directory_offset + layout->directory_size > layout->end_offset)
    {
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, layout->end_offset + 12,
                        _("ZIP archive: the central directory (%zu bytes at offset %zu) should end by the "
                          "end record at offset %zu"), layout->directory_size, layout->directory_offset,
                        layout->end_offset);
      goto fail;
    }

  if (!tsr_reader_seek (&reader, layout->directory_offset, error))
    goto fail;
  for (guint i = 0; i < count; i++)
    {
      ZipRecord record = { 0 };
      const guint8 *central, *name, *extra, *local;
      guint16 name_length, extra_length, comment_length;
      guint64 size64, compressed64, offset64;

      record.central_offset = tsr_reader_tell (&reader);
      if (record.central_offset + ZIP_CENTRAL_SIZE > layout->directory_offset + layout->directory_size)
        {
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, record.central_offset,
                            _("ZIP archive: central directory record %u of %u lies beyond the directory's "
                              "%zu bytes"), i + 1, count, layout->directory_size);
          goto fail;
        }
      if (!tsr_reader_read_view (&reader, ZIP_CENTRAL_SIZE, &central, error))
        goto fail;
      if (memcmp (central, "PK\1\2", 4) != 0)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, record.central_offset,
                            _("ZIP archive: central directory record %u of %u: signature \"PK\\1\\2\" expected"),
                            i + 1, count);
          goto fail;
        }
      record.flags = le16 (central + 8);
      record.method = le16 (central + 10);
      record.crc = le32 (central + 16);
      compressed64 = record.compressed_size = le32 (central + 20);
      size64 = record.size = le32 (central + 24);
      name_length = le16 (central + 28);
      extra_length = le16 (central + 30);
      comment_length = le16 (central + 32);
      offset64 = le32 (central + 42);
      if (!tsr_reader_read_view (&reader, name_length, &name, error)
          || !tsr_reader_read_view (&reader, extra_length, &extra, error)
          || !tsr_reader_skip (&reader, comment_length, error))
        goto fail;
      record.central_length = tsr_reader_tell (&reader) - record.central_offset;
      record.raw_name = g_bytes_new (name, name_length);
      g_array_append_val (layout->records, record);
      if (size64 == 0xFFFFFFFFu || compressed64 == 0xFFFFFFFFu || offset64 == 0xFFFFFFFFu)
        {
          if (!read_zip64_extra (extra, extra_length, &size64, &compressed64, &offset64))
            {
              tsr_set_error_at (error, TSR_ERROR_INVALID, record.central_offset,
                                _("ZIP archive: entry %.*s: a size or offset field is 0xFFFFFFFF (the ZIP64 "
                                  "marker) but there is no ZIP64 extra field with the real value"),
                                (int) name_length, (const char *) name);
              goto fail;
            }
          g_array_index (layout->records, ZipRecord, i).zip64 = TRUE;
        }
      if (offset64 + ZIP_LOCAL_SIZE > layout->directory_offset)
        {
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, record.central_offset + 42,
                            _("ZIP archive: entry %.*s: its local header at offset %" PRIu64
                              " should lie before the central directory at offset %zu"),
                            (int) name_length, (const char *) name, offset64, layout->directory_offset);
          goto fail;
        }
      local = data + offset64;
      if (memcmp (local, "PK\3\4", 4) != 0)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, (gsize) offset64,
                            _("ZIP archive: entry %.*s: local header signature \"PK\\3\\4\" expected, "
                              "where the central directory points"), (int) name_length, (const char *) name);
          goto fail;
        }
      {
        ZipRecord *kept = &g_array_index (layout->records, ZipRecord, i);
        guint16 local_flags = le16 (local + 6), local_method = le16 (local + 8);
        guint16 local_name_length = le16 (local + 26), local_extra_length = le16 (local + 28);
        guint64 data_offset = offset64 + ZIP_LOCAL_SIZE + local_name_length + local_extra_length;

        kept->local_offset = (gsize) offset64;
        kept->local_length = ZIP_LOCAL_SIZE + local_name_length + local_extra_length;
        if (local_name_length != name_length
            || offset64 + ZIP_LOCAL_SIZE + name_length > layout->directory_offset
            || memcmp (local + ZIP_LOCAL_SIZE, name, name_length) != 0)
          {
            tsr_set_error_at (error, TSR_ERROR_INVALID, (gsize) offset64 + ZIP_LOCAL_SIZE,
                              _("ZIP archive: entry %.*s: the local header names another file (%u bytes "
                                "of name; the central directory's name expected)"),
                              (int) name_length, (const char *) name, local_name_length);
            goto fail;
          }
        if (local_method != record.method)
          {
            tsr_set_error_at (error, TSR_ERROR_INVALID, (gsize) offset64 + 8,
                              _("ZIP archive: entry %.*s: the local header says compression method %u, "
                                "the central directory %u"), (int) name_length, (const char *) name,
                              local_method, record.method);
            goto fail;
          }
        if (!(local_flags & ZIP_FLAG_DESCRIPTOR) && !kept->zip64
            && (le32 (local + 14) != record.crc || le32 (local + 18) != record.compressed_size
                || le32 (local + 22) != record.size))
          {
            tsr_set_error_at (error, TSR_ERROR_INVALID, (gsize) offset64 + 14,
                              _("ZIP archive: entry %.*s: the local header says CRC %08x, %u bytes "
                                "compressed, %u bytes; the central directory %08x, %u, %u"),
                              (int) name_length, (const char *) name, le32 (local + 14), le32 (local + 18),
                              le32 (local + 22), record.crc, record.compressed_size, record.size);
            goto fail;
          }
        if (data_offset + compressed64 > layout->directory_offset)
          {
            tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, (gsize) data_offset,
                              _("ZIP archive: entry %.*s: %" PRIu64 " bytes of data at offset %"
                                PRIu64 " should end by the central directory at offset %zu"),
                              (int) name_length, (const char *) name, compressed64, data_offset,
                              layout->directory_offset);
            goto fail;
          }
        kept->record_end = (gsize) (data_offset + compressed64);
        if (local_flags & ZIP_FLAG_DESCRIPTOR)
          {
            /* CRC, compressed and uncompressed size, optionally after the signature "PK\7\10". */
            gsize length = kept->record_end + 4 <= layout->directory_offset
                           && memcmp (data + kept->record_end, "PK\7\10", 4) == 0 ? 16 : 12;
            if (kept->zip64)
              length += 8;
            if (kept->record_end + length > layout->directory_offset)
              {
                tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, kept->record_end,
                                  _("ZIP archive: entry %.*s: a data descriptor of %zu bytes expected after "
                                    "the data, before the central directory"),
                                  (int) name_length, (const char *) name, length);
                goto fail;
              }
            kept->record_end += length;
          }
      }
    }
  return layout;

fail:
  zip_layout_free (layout);
  return NULL;
}

TsrDoom2dWad *
tsr_doom2d_zip_read (GBytes  *bytes,
                     GError **error)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  TsrDoom2dWad *wad;
  ZipLayout *layout;

  layout = read_layout (data, size, error);
  if (layout == NULL)
    return NULL;
  /* Stored and deflated entries (all the game writes) are read with zlib (read_with_zlib); libzip,
   * with libcrypto and libbz2 behind it, is opened only for an entry in another method
   * (open_with_libzip). */
  wad = tsr_doom2d_zip_new ();
  wad->original = g_bytes_ref (bytes);
  wad->zip_layout = layout;
  wad->directory_offset = layout->directory_offset;
  for (guint i = 0; i < layout->records->len; i++)
    {
      const ZipRecord *record = &g_array_index (layout->records, ZipRecord, i);
      gsize raw_length = 0;
      const char *raw_data = g_bytes_get_data (record->raw_name, &raw_length);
      g_autofree char *raw = g_strndup (raw_data, raw_length);
      g_autofree char *name = decode_name (raw);
      TsrDoom2dWadEntry *entry;
      gsize length = strlen (name);
      char *slash;

      entry = g_new0 (TsrDoom2dWadEntry, 1);
      entry->zip_index = i;
      entry->offset = (guint32) MIN (record->local_offset, G_MAXUINT32);
      entry->length = record->compressed_size;
      if (length > 0 && name[length - 1] == '/')
        {
          name[length - 1] = '\0';
          entry->is_section = TRUE;
          entry->name = g_strdup (name);
          entry->section = g_strdup ("");
        }
      else
        {
          slash = strrchr (name, '/');
          entry->name = g_strdup (slash != NULL ? slash + 1 : name);
          entry->section = slash != NULL ? g_strndup (name, slash - name) : g_strdup ("");
        }
      g_ptr_array_add (wad->entries, entry);
    }
  return wad;
}

static const char *
zip_error_text (zip_error_t *zip_error)
{
  switch (libzip.error_code_zip (zip_error))
    {
    case ZIP_ER_OK:
    case ZIP_ER_EOF:
      return "the data ends before the size the directory gives";
    case ZIP_ER_NOENT:
      return "a size or offset field is 0xFFFFFFFF (the ZIP64 marker) but there is no ZIP64 "
             "extra field with the real value";
    case ZIP_ER_INCONS:
      return "the central directory and the local headers disagree";
    default:
      return libzip.error_strerror (zip_error);
    }
}

/* Opens libzip's view of the archive on first need (an entry neither stored nor deflated): what
 * it counts must agree with the directory read_layout checked. The archive stays open with WAD. */
static gboolean
open_with_libzip (TsrDoom2dWad *wad,
                  GError      **error)
{
  static GMutex lock;
  const ZipLayout *layout = wad->zip_layout;
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (wad->original, &size);
  zip_error_t zip_error;
  zip_source_t *source;
  zip_t *archive;
  char *reason = NULL;
  gboolean ok = TRUE;

  g_mutex_lock (&lock);
  if (wad->zip != NULL)
    goto out;
  if (!libzip_load (&reason))
    {
      tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, layout->directory_offset, _("ZIP archive: %s"), reason);
      ok = FALSE;
      goto out;
    }
  /* No ZIP_CHECKCONS: libzip's check wants a local version needed no higher than the central one,
   * which the game's own archives break; read_layout has checked what matters. */
  libzip.error_init (&zip_error);
  source = libzip.source_buffer_create (data, size, 0, &zip_error);
  archive = source != NULL ? libzip.open_from_source (source, ZIP_RDONLY, &zip_error) : NULL;
  if (archive == NULL || libzip.get_num_entries (archive, 0) != (zip_int64_t) layout->records->len)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, layout->directory_offset, _("ZIP archive: %s"),
                        archive == NULL ? zip_error_text (&zip_error)
                                        : "libzip counts another number of entries in the central directory");
      if (archive != NULL)
        libzip.discard (archive);
      else if (source != NULL)
        libzip.source_free (source);
      ok = FALSE;
    }
  else
    wad->zip = archive;
  libzip.error_fini (&zip_error);
out:
  g_mutex_unlock (&lock);
  return ok;
}

/* tsr_doom2d_zip_stream for a stored (0) or deflated (8) entry, with zlib: the data straight from
 * the archive's bytes into OUT (room for all of it taken at once), the size and CRC checked against
 * the central directory as libzip does. */
static gboolean
read_with_zlib (const TsrDoom2dWad      *wad,
                const TsrDoom2dWadEntry *entry,
                const ZipRecord         *record,
                gsize                    prefix,
                gsize                    limit,
                TsrDoom2dGrowth         *out,
                gsize                   *expanded,
                GError                 **error)
{
  const guint8 *input = (const guint8 *) g_bytes_get_data (wad->original, NULL)
                        + record->local_offset + record->local_length;
  gsize want = prefix > 0 ? MIN ((gsize) record->size, prefix) : record->size;
  guint8 chunk[65536];
  z_stream stream = { 0 };
  guint64 total = 0;
  guint32 crc = 0;
  gboolean ok = TRUE;
  int status = Z_OK;

  if (prefix == 0 && record->size > limit)
    {
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, entry->offset, _("ZIP archive: entry %s: %" PRIu64
                        " bytes, beyond %zu"), entry->name, (guint64) record->size, limit);
      return FALSE;
    }
  if (out != NULL && !tsr_doom2d_growth_reserve (out, want))
    {
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, entry->offset, _("ZIP archive: entry %s: no memory for more "
                        "than %" PRIu64 " of its %" PRIu64 " bytes"), entry->name, (guint64) 0,
                        (guint64) record->size);
      return FALSE;
    }
  /* The whole entry in one call when it is sound; zlib below reads it again when it is not. */
  if (record->method == 8 && prefix == 0 && record->size > 0)
    {
      gsize kept = out != NULL ? out->len : 0, got = 0;

      if (tsr_doom2d_inflate_whole (input, record->compressed_size, FALSE, record->size, limit, out, &got, &crc))
        {
          if (crc == record->crc)
            {
              if (expanded != NULL)
                *expanded = got;
              return TRUE;
            }
          if (out != NULL)
            out->len = kept;
        }
      crc = 0;
    }
  if (record->method == 0)
    {
      want = MIN (want, (gsize) record->compressed_size);
      if (out != NULL)
        tsr_doom2d_growth_append (out, input, want);
      crc = (guint32) libdeflate_crc32 (crc, input, want);
      total = want;
      if (expanded != NULL)
        *expanded = want;
    }
  else
    {
      if (inflateInit2 (&stream, -MAX_WBITS) != Z_OK)
        {
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, entry->offset, _("ZIP archive: entry %s: no memory for more "
                            "than %" PRIu64 " of its %" PRIu64 " bytes"), entry->name, (guint64) 0,
                            (guint64) record->size);
          return FALSE;
        }
      stream.next_in = (Bytef *) input;
      stream.avail_in = record->compressed_size;
      while (total < want && status != Z_STREAM_END)
        {
          /* Into OUT's reserved room, or through CHUNK when the data is only checked. */
          guint8 *to = out != NULL ? out->data + out->len : chunk;
          gsize room = out != NULL ? want - total : MIN (sizeof chunk, want - total);
          gsize got;

          stream.next_out = to;
          stream.avail_out = (uInt) MIN (room, (gsize) G_MAXUINT);
          status = inflate (&stream, Z_NO_FLUSH);
          got = (gsize) (stream.next_out - to);
          crc = (guint32) libdeflate_crc32 (crc, to, got);
          if (out != NULL)
            out->len += got;
          total += got;
          if (expanded != NULL)
            *expanded = (gsize) total;
          if (status != Z_OK && status != Z_STREAM_END)
            {
              tsr_set_error_at (error, TSR_ERROR_INVALID, entry->offset, _("ZIP archive: entry %s: after %" PRIu64
                                " of %" PRIu64 " bytes: %s"), entry->name, total, (guint64) record->size,
                                stream.msg != NULL ? stream.msg : "the compressed data is damaged");
              ok = FALSE;
              break;
            }
          if (got == 0 && status == Z_OK)
            break; /* the input ran out */
        }
      inflateEnd (&stream);
      if (!ok)
        return FALSE;
    }
  if (prefix > 0)
    return TRUE;
  if (total != record->size)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, entry->offset, _("ZIP archive: entry %s: %" PRIu64
                        " of %" PRIu64 " bytes could be read: the compressed data ends early or "
                        "the sizes in the directory are wrong"), entry->name, total, (guint64) record->size);
      return FALSE;
    }
  if (crc != record->crc)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, entry->offset, _("ZIP archive: entry %s: checksum mismatch"), entry->name);
      return FALSE;
    }
  return TRUE;
}

gboolean
tsr_doom2d_zip_stream (const TsrDoom2dWad      *wad,
                       const TsrDoom2dWadEntry *entry,
                       gsize                    prefix,
                       gsize                    limit,
                       TsrDoom2dGrowth         *out,
                       gsize                   *expanded,
                       GError                 **error)
{
  const ZipLayout *layout = wad->zip_layout;
  const ZipRecord *record;
  zip_stat_t stat;
  zip_file_t *file;
  guint64 total = 0;

  /* Every message gives the offset of the entry's local header in the archive (entry->offset). */

  if (layout == NULL || wad->original == NULL || entry->zip_index < 0
      || (guint64) entry->zip_index >= layout->records->len)
    return TRUE;
  record = &g_array_index (layout->records, ZipRecord, entry->zip_index);
  if ((record->method == 0 || record->method == 8) && !(record->flags & 0x0001) && !record->zip64)
    return read_with_zlib (wad, entry, record, prefix, limit, out, expanded, error);
  /* The archive is a cache of WAD's, opened once. */
  if (!open_with_libzip ((TsrDoom2dWad *) wad, error))
    return FALSE;
  libzip.stat_init (&stat);
  if (libzip.stat_index (wad->zip, (zip_uint64_t) entry->zip_index, 0, &stat) != 0
      || !(stat.valid & ZIP_STAT_SIZE))
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, entry->offset, _("ZIP archive: entry %s: no size"), entry->name);
      return FALSE;
    }
  if (prefix == 0 && stat.size > limit)
    {
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, entry->offset, _("ZIP archive: entry %s: %" PRIu64
                        " bytes, beyond %zu"), entry->name, (guint64) stat.size, limit);
      return FALSE;
    }
  file = libzip.fopen_index (wad->zip, (zip_uint64_t) entry->zip_index, 0);
  if (file == NULL)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, entry->offset, _("ZIP archive: entry %s: %s"), entry->name,
                        zip_error_text (libzip.get_error (wad->zip)));
      return FALSE;
    }
  for (;;)
    {
      guint8 chunk[65536];
      gsize want = sizeof chunk;
      zip_int64_t got;

      if (prefix > 0)
        want = (gsize) MIN ((guint64) want, prefix - total);
      if (want == 0)
        break;
      got = libzip.fread (file, chunk, want);
      if (got < 0)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, entry->offset, _("ZIP archive: entry %s: after %" PRIu64
                            " of %" PRIu64 " bytes: %s"), entry->name, total, (guint64) stat.size,
                            zip_error_text (libzip.file_get_error (file)));
          libzip.fclose (file);
          return FALSE;
        }
      if (got == 0)
        break;
      total += (guint64) got;
      if (expanded != NULL)
        *expanded = (gsize) total;
      if (out != NULL && !tsr_doom2d_growth_append (out, chunk, (gsize) got))
        {
          /* The offset is the entry's local header's. */
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, entry->offset, _("ZIP archive: entry %s: no memory for more "
                            "than %" PRIu64 " of its %" PRIu64 " bytes"), entry->name, total - (guint64) got,
                            (guint64) stat.size);
          libzip.fclose (file);
          return FALSE;
        }
    }
  if (prefix == 0 && total != stat.size)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, entry->offset, _("ZIP archive: entry %s: %" PRIu64
                        " of %" PRIu64 " bytes could be read: the compressed data ends early or "
                        "the sizes in the directory are wrong"), entry->name, total, (guint64) stat.size);
      libzip.fclose (file);
      return FALSE;
    }
  /* zip_fclose reports a CRC mismatch (only meaningful once everything was read). */
  if (libzip.fclose (file) != 0 && prefix == 0)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, entry->offset, _("ZIP archive: entry %s: checksum mismatch"), entry->name);
      return FALSE;
    }
  return TRUE;
}

/* DATA as a raw deflate stream (method 8); NULL when deflating does not make it smaller, unless
 * ALWAYS. */
static GBytes *
deflate_data (GBytes  *data,
              gboolean always)
{
  gsize size = 0;
  const guint8 *bytes = g_bytes_get_data (data, &size);
  z_stream stream = { 0 };
  gsize bound;
  guint8 *out;
  int status;

  if (deflateInit2 (&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    g_error ("zlib could not start deflating");
  bound = deflateBound (&stream, (uLong) size);
  out = g_malloc (MAX (bound, 1));
  stream.next_in = (Bytef *) bytes;
  stream.avail_in = (uInt) size;
  stream.next_out = out;
  stream.avail_out = (uInt) bound;
  status = deflate (&stream, Z_FINISH);
  deflateEnd (&stream);
  if (status != Z_STREAM_END)
    g_error ("zlib could not deflate %zu bytes", size);
  if (!always && stream.total_out >= size && size > 0)
    {
      g_free (out);
      return NULL;
    }
  return g_bytes_new_take (g_realloc (out, MAX (stream.total_out, 1)), stream.total_out);
}

/* What one replaced or added entry stores: method, CRC, sizes and the stored bytes. */
typedef struct {
  guint16  method;
  guint32  crc;
  guint32  size;
  GBytes  *stored;
} ZipPayload;

static gboolean
make_payload (const TsrDoom2dWadEntry *entry,
              GBytes                  *data,
              gboolean                 deflated,
              gboolean                 always_deflate,
              ZipPayload              *payload,
              GError                 **error)
{
  gsize size = data != NULL ? g_bytes_get_size (data) : 0;

  if (size > G_MAXUINT32 - 1)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("ZIP archive: entry %s: %zu bytes need ZIP64, which Tessera does not write"), entry->name, size);
      return FALSE;
    }
  payload->size = (guint32) size;
  payload->crc = (guint32) libdeflate_crc32 (0, data != NULL ? g_bytes_get_data (data, NULL) : NULL, size);
  payload->stored = deflated && data != NULL ? deflate_data (data, always_deflate) : NULL;
  payload->method = payload->stored != NULL ? 8 : 0;
  if (payload->stored == NULL)
    payload->stored = data != NULL ? g_bytes_ref (data) : g_bytes_new_static ("", 0);
  return TRUE;
}

static char *
entry_path (const TsrDoom2dWadEntry *entry)
{
  if (entry->is_section)
    return g_strconcat (entry->name, "/", NULL);
  if (*entry->section == '\0')
    return g_strdup (entry->name);
  return g_strconcat (entry->section, "/", entry->name, NULL);
}

static gboolean
is_ascii (const char *text)
{
  for (; *text != '\0'; text++)
    if ((guchar) *text >= 0x80)
      return FALSE;
  return TRUE;
}

typedef struct {
  const TsrDoom2dWadEntry *entry;
  ZipPayload               payload;
  char                    *path;
  gsize                    local_offset; /* in the output */
} ZipAdded;

static gint
compare_local_offsets (gconstpointer a,
                       gconstpointer b,
                       gpointer      records)
{
  gsize x = g_array_index ((GArray *) records, ZipRecord, *(const guint *) a).local_offset;
  gsize y = g_array_index ((GArray *) records, ZipRecord, *(const guint *) b).local_offset;

  return x < y ? -1 : x > y;
}

/* Saving in place: the bytes before the first record, every untouched entry's local record (with
 * whatever lies between it and the next) and the central directory are copied; a replaced entry's
 * local header keeps its fields but method, CRC and sizes (a data descriptor it had is dropped, its
 * flag cleared), and its central record changes the same fields; offsets follow the moves. Added
 * entries go after the last record, deflated unless that does not help. */
GBytes *
tsr_doom2d_zip_write (const TsrDoom2dWad *wad,
                      GError            **error)
{
  const ZipLayout *layout = wad->zip_layout;
  const guint8 *original = wad->original != NULL ? g_bytes_get_data (wad->original, NULL) : NULL;
  guint record_count = layout != NULL ? layout->records->len : 0;
  g_autofree ZipPayload *replaced = g_new0 (ZipPayload, MAX (record_count, 1));
  g_autofree gboolean *is_replaced = g_new0 (gboolean, MAX (record_count, 1));
  g_autofree gsize *new_offset = g_new0 (gsize, MAX (record_count, 1));
  g_autofree guint *by_offset = g_new0 (guint, MAX (record_count, 1));
  g_autoptr(GArray) added = g_array_new (FALSE, TRUE, sizeof (ZipAdded));
  g_autoptr(TsrWriter) writer = NULL;
  gboolean changed = wad->original == NULL;
  guint16 made_by = 20;
  gsize directory_start, total;
  GBytes *result = NULL;

  for (guint i = 0; i < wad->entries->len && !changed; i++)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      changed = entry->data != NULL || entry->zip_index < 0;
    }
  if (!changed)
    return g_bytes_ref (wad->original);
  if (wad->original != NULL && layout == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("ZIP archive: its layout was not read"));
      return NULL;
    }

  for (guint i = 0; i < record_count; i++)
    {
      const ZipRecord *record = &g_array_index (layout->records, ZipRecord, i);
      if (record->zip64)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                       _("ZIP archive: entry %s uses ZIP64 fields, which Tessera reads but does not write"),
                       (const char *) g_bytes_get_data (record->raw_name, NULL));
          return NULL;
        }
      by_offset[i] = i;
      if (i == 0)
        made_by = le16 (original + record->central_offset + 4);
    }
  for (guint i = 0; i < wad->entries->len; i++)
    {
      const TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);

      if (entry->zip_index >= 0 && entry->data != NULL && (guint) entry->zip_index < record_count)
        {
          const ZipRecord *record = &g_array_index (layout->records, ZipRecord, entry->zip_index);
          /* Stored stays stored, everything else becomes deflate (even where that does not help). */
          if (!make_payload (entry, entry->data, record->method != 0, TRUE, &replaced[entry->zip_index], error))
            goto out;
          is_replaced[entry->zip_index] = TRUE;
        }
      else if (entry->zip_index < 0)
        {
          ZipAdded add = { entry, { 0 }, entry_path (entry), 0 };
          if (!make_payload (entry, entry->is_section ? NULL : entry->data, !entry->is_section, FALSE, &add.payload, error))
            {
              g_free (add.path);
              goto out;
            }
          g_array_append_val (added, add);
        }
    }

  /* Local records in file order (a stable sort: records sharing one local header, aliases, stay in
   * directory order and are copied once). */
  if (record_count > 1)
    g_qsort_with_data (by_offset, (gint) record_count, sizeof (guint), compare_local_offsets, layout->records);

  writer = tsr_writer_new ();
  if (record_count > 0)
    tsr_writer_write_bytes (writer, original, g_array_index (layout->records, ZipRecord, by_offset[0]).local_offset);
  for (guint k = 0; k < record_count; k++)
    {
      guint i = by_offset[k];
      const ZipRecord *record = &g_array_index (layout->records, ZipRecord, i);
      gsize region_end = layout->directory_offset;
      gboolean shared = FALSE;

      if (k > 0 && g_array_index (layout->records, ZipRecord, by_offset[k - 1]).local_offset == record->local_offset)
        {
          new_offset[i] = new_offset[by_offset[k - 1]];
          shared = TRUE;
        }
      for (guint next = k + 1; next < record_count; next++)
        {
          gsize offset = g_array_index (layout->records, ZipRecord, by_offset[next]).local_offset;
          if (offset != record->local_offset)
            {
              region_end = offset;
              break;
            }
        }
      if (shared)
        continue;
      new_offset[i] = tsr_writer_tell (writer);
      if (!is_replaced[i])
        {
          tsr_writer_write_bytes (writer, original + record->local_offset, region_end - record->local_offset);
          continue;
        }
      {
        const ZipPayload *payload = &replaced[i];
        gsize header = tsr_writer_tell (writer);

        tsr_writer_write_bytes (writer, original + record->local_offset, record->local_length);
        tsr_writer_patch_u16_le (writer, header + 6, le16 (original + record->local_offset + 6) & ~ZIP_FLAG_DESCRIPTOR);
        tsr_writer_patch_u16_le (writer, header + 8, payload->method);
        tsr_writer_patch_u32_le (writer, header + 14, payload->crc);
        tsr_writer_patch_u32_le (writer, header + 18, (guint32) g_bytes_get_size (payload->stored));
        tsr_writer_patch_u32_le (writer, header + 22, payload->size);
        tsr_writer_write_gbytes (writer, payload->stored);
        /* Whatever lay between the old record and the next one stays. */
        tsr_writer_write_bytes (writer, original + record->record_end, MAX (region_end, record->record_end) - record->record_end);
      }
    }
  /* Records sharing a replaced entry's local header: the replaced one moved to its own record. */
  for (guint i = 0; i < record_count; i++)
    if (is_replaced[i])
      for (guint j = 0; j < record_count; j++)
        if (j != i && g_array_index (layout->records, ZipRecord, j).local_offset
                      == g_array_index (layout->records, ZipRecord, i).local_offset)
          {
            g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                         _("ZIP archive: entry %s shares its stored data with another entry and cannot be replaced alone"),
                         (const char *) g_bytes_get_data (g_array_index (layout->records, ZipRecord, i).raw_name, NULL));
            goto out;
          }
  for (guint a = 0; a < added->len; a++)
    {
      ZipAdded *add = &g_array_index (added, ZipAdded, a);
      gsize name_length = strlen (add->path);

      add->local_offset = tsr_writer_tell (writer);
      tsr_writer_write_bytes (writer, (const guint8 *) "PK\3\4", 4);
      tsr_writer_write_u16_le (writer, add->payload.method == 8 ? 20 : 10);
      tsr_writer_write_u16_le (writer, is_ascii (add->path) ? 0 : ZIP_FLAG_UTF8);
      tsr_writer_write_u16_le (writer, add->payload.method);
      tsr_writer_write_u16_le (writer, 0);      /* time 00:00 */
      tsr_writer_write_u16_le (writer, 0x21);   /* date 1980-01-01 */
      tsr_writer_write_u32_le (writer, add->payload.crc);
      tsr_writer_write_u32_le (writer, (guint32) g_bytes_get_size (add->payload.stored));
      tsr_writer_write_u32_le (writer, add->payload.size);
      tsr_writer_write_u16_le (writer, (guint16) name_length);
      tsr_writer_write_u16_le (writer, 0);
      tsr_writer_write_bytes (writer, (const guint8 *) add->path, name_length);
      tsr_writer_write_gbytes (writer, add->payload.stored);
    }

  directory_start = tsr_writer_tell (writer);
  for (guint i = 0; i < record_count; i++)
    {
      const ZipRecord *record = &g_array_index (layout->records, ZipRecord, i);
      gsize at = tsr_writer_tell (writer);

      tsr_writer_write_bytes (writer, original + record->central_offset, record->central_length);
      tsr_writer_patch_u32_le (writer, at + 42, (guint32) new_offset[i]);
      if (is_replaced[i])
        {
          tsr_writer_patch_u16_le (writer, at + 8, record->flags & ~ZIP_FLAG_DESCRIPTOR);
          tsr_writer_patch_u16_le (writer, at + 10, replaced[i].method);
          tsr_writer_patch_u32_le (writer, at + 16, replaced[i].crc);
          tsr_writer_patch_u32_le (writer, at + 20, (guint32) g_bytes_get_size (replaced[i].stored));
          tsr_writer_patch_u32_le (writer, at + 24, replaced[i].size);
        }
    }
  for (guint a = 0; a < added->len; a++)
    {
      const ZipAdded *add = &g_array_index (added, ZipAdded, a);
      gsize name_length = strlen (add->path);

      tsr_writer_write_bytes (writer, (const guint8 *) "PK\1\2", 4);
      tsr_writer_write_u16_le (writer, made_by);
      tsr_writer_write_u16_le (writer, add->payload.method == 8 ? 20 : 10);
      tsr_writer_write_u16_le (writer, is_ascii (add->path) ? 0 : ZIP_FLAG_UTF8);
      tsr_writer_write_u16_le (writer, add->payload.method);
      tsr_writer_write_u16_le (writer, 0);
      tsr_writer_write_u16_le (writer, 0x21);
      tsr_writer_write_u32_le (writer, add->payload.crc);
      tsr_writer_write_u32_le (writer, (guint32) g_bytes_get_size (add->payload.stored));
      tsr_writer_write_u32_le (writer, add->payload.size);
      tsr_writer_write_u16_le (writer, (guint16) name_length);
      tsr_writer_write_zeros (writer, 2 + 2 + 2 + 2);  /* extra, comment, disk, internal attributes */
      tsr_writer_write_u32_le (writer, add->entry->is_section && (made_by >> 8) == 0 ? 0x10 : 0);
      tsr_writer_write_u32_le (writer, (guint32) add->local_offset);
      tsr_writer_write_bytes (writer, (const guint8 *) add->path, name_length);
    }
  total = record_count + added->len;
  if (total > G_MAXUINT16 || tsr_writer_tell (writer) > G_MAXUINT32)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("ZIP archive: %zu entries or %zu bytes need ZIP64, which Tessera does not write"),
                   total, tsr_writer_tell (writer));
      goto out;
    }
  {
    gsize directory_size = tsr_writer_tell (writer) - directory_start;
    gsize end = tsr_writer_tell (writer);

    if (layout != NULL)
      {
        /* Whatever lay between the directory and its end record, then the end record and comment. */
        gsize kept_from = layout->directory_offset + layout->directory_size;
        gsize original_size = g_bytes_get_size (wad->original);
        tsr_writer_write_bytes (writer, original + kept_from, layout->end_offset - kept_from);
        end = tsr_writer_tell (writer);
        tsr_writer_write_bytes (writer, original + layout->end_offset, original_size - layout->end_offset);
      }
    else
      {
        tsr_writer_write_bytes (writer, (const guint8 *) "PK\5\6", 4);
        tsr_writer_write_zeros (writer, ZIP_END_SIZE - 4);
      }
    tsr_writer_patch_u16_le (writer, end + 8, (guint16) total);
    tsr_writer_patch_u16_le (writer, end + 10, (guint16) total);
    tsr_writer_patch_u32_le (writer, end + 12, (guint32) directory_size);
    tsr_writer_patch_u32_le (writer, end + 16, (guint32) directory_start);
  }
  result = tsr_writer_free_to_bytes (g_steal_pointer (&writer));

out:
  for (guint i = 0; i < record_count; i++)
    g_clear_pointer (&replaced[i].stored, g_bytes_unref);
  for (guint a = 0; a < added->len; a++)
    {
      g_clear_pointer (&g_array_index (added, ZipAdded, a).payload.stored, g_bytes_unref);
      g_free (g_array_index (added, ZipAdded, a).path);
    }
  return result;
}

#else /* !TSR_DOOM2D_HAVE_LIBZIP */

void
tsr_doom2d_zip_close (TsrDoom2dWad *wad)
{
}

TsrDoom2dWad *
tsr_doom2d_zip_read (GBytes  *bytes,
                     GError **error)
{
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("ZIP archives need libzip, which this build lacks"));
  return NULL;
}

gboolean
tsr_doom2d_zip_stream (const TsrDoom2dWad      *wad,
                       const TsrDoom2dWadEntry *entry,
                       gsize                    prefix,
                       gsize                    limit,
                       TsrDoom2dGrowth         *out,
                       gsize                   *expanded,
                       GError                 **error)
{
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("ZIP archives need libzip, which this build lacks"));
  return FALSE;
}

GBytes *
tsr_doom2d_zip_write (const TsrDoom2dWad *wad,
                      GError            **error)
{
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("ZIP archives need libzip, which this build lacks"));
  return NULL;
}

#endif
