/* tsr-doom2d-zip.c: ZIP resource archives (.dfz) through libzip, when it was found at build time.
 * Directories are sections, files in them resources, files at the top the root resources (maps). */
#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/doom2d/tsr-doom2d-config.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-private.h"
#include "formats/doom2d/tsr-doom2d-wad.h"

#if TSR_DOOM2D_HAVE_LIBZIP
#include <zip.h>
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

void
tsr_doom2d_zip_close (TsrDoom2dWad *wad)
{
  if (wad->zip != NULL)
    zip_discard (wad->zip);
  wad->zip = NULL;
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

TsrDoom2dWad *
tsr_doom2d_zip_read (GBytes  *bytes,
                     GError **error)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  zip_error_t zip_error;
  zip_source_t *source;
  zip_t *archive;
  TsrDoom2dWad *wad;
  zip_int64_t count;

  zip_error_init (&zip_error);
  source = zip_source_buffer_create (data, size, 0, &zip_error);
  archive = source != NULL ? zip_open_from_source (source, ZIP_RDONLY | ZIP_CHECKCONS, &zip_error) : NULL;
  if (archive == NULL)
    {
      tsr_set_error_at (error, zip_error_code_zip (&zip_error) == ZIP_ER_NOZIP ? TSR_ERROR_BAD_MAGIC
                                                                                : TSR_ERROR_INVALID,
                        0, _("ZIP archive: %s"), zip_error_text (&zip_error));
      if (source != NULL)
        zip_source_free (source);
      zip_error_fini (&zip_error);
      return NULL;
    }
  zip_error_fini (&zip_error);

  wad = tsr_doom2d_zip_new ();
  wad->original = g_bytes_ref (bytes);
  wad->zip = archive;
  count = zip_get_num_entries (archive, 0);
  for (zip_int64_t i = 0; i < count; i++)
    {
      const char *raw = zip_get_name (archive, (zip_uint64_t) i, ZIP_FL_ENC_RAW);
      g_autofree char *name = NULL;
      TsrDoom2dWadEntry *entry;
      gsize length;
      char *slash;

      if (raw == NULL)
        continue;
      name = decode_name (raw);
      length = strlen (name);
      entry = g_new0 (TsrDoom2dWadEntry, 1);
      entry->zip_index = i;
      {
        zip_stat_t stat;
        zip_stat_init (&stat);
        if (zip_stat_index (archive, (zip_uint64_t) i, 0, &stat) == 0 && (stat.valid & ZIP_STAT_COMP_SIZE))
          entry->length = (guint32) MIN (stat.comp_size, G_MAXUINT32);
      }
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

/* libzip's words for an error, except where they mislead: a short read has no libzip error at
 * all ("No error"), and a size or offset field of 0xFFFFFFFF (the ZIP64 marker) without its
 * ZIP64 extra field comes back as "No such file". */
static const char *
zip_error_text (zip_error_t *zip_error)
{
  switch (zip_error_code_zip (zip_error))
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
      return zip_error_strerror (zip_error);
    }
}

gboolean
tsr_doom2d_zip_stream (const TsrDoom2dWad      *wad,
                       const TsrDoom2dWadEntry *entry,
                       gsize                    prefix,
                       gsize                    limit,
                       GByteArray              *out,
                       gsize                   *expanded,
                       GError                 **error)
{
  zip_stat_t stat;
  zip_file_t *file;
  guint64 total = 0;

  if (wad->zip == NULL || entry->zip_index < 0)
    return TRUE;
  zip_stat_init (&stat);
  if (zip_stat_index (wad->zip, (zip_uint64_t) entry->zip_index, 0, &stat) != 0
      || !(stat.valid & ZIP_STAT_SIZE))
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, 0, _("ZIP archive: entry %s: no size"), entry->name);
      return FALSE;
    }
  if (prefix == 0 && stat.size > limit)
    {
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, 0, _("ZIP archive: entry %s: %" PRIu64
                        " bytes, beyond %zu"), entry->name, (guint64) stat.size, limit);
      return FALSE;
    }
  file = zip_fopen_index (wad->zip, (zip_uint64_t) entry->zip_index, 0);
  if (file == NULL)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, 0, _("ZIP archive: entry %s: %s"), entry->name,
                        zip_error_text (zip_get_error (wad->zip)));
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
      got = zip_fread (file, chunk, want);
      if (got < 0)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, 0, _("ZIP archive: entry %s: after %" PRIu64
                            " of %" PRIu64 " bytes: %s"), entry->name, total, (guint64) stat.size,
                            zip_error_text (zip_file_get_error (file)));
          zip_fclose (file);
          return FALSE;
        }
      if (got == 0)
        break;
      total += (guint64) got;
      if (expanded != NULL)
        *expanded = (gsize) total;
      if (out != NULL)
        g_byte_array_append (out, chunk, (guint) got);
    }
  if (prefix == 0 && total != stat.size)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, 0, _("ZIP archive: entry %s: %" PRIu64
                        " of %" PRIu64 " bytes could be read: the compressed data ends early or "
                        "the sizes in the directory are wrong"), entry->name, total, (guint64) stat.size);
      zip_fclose (file);
      return FALSE;
    }
  /* zip_fclose reports a CRC mismatch (only meaningful once everything was read). */
  if (zip_fclose (file) != 0 && prefix == 0)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, 0, _("ZIP archive: entry %s: checksum mismatch"), entry->name);
      return FALSE;
    }
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

GBytes *
tsr_doom2d_zip_write (const TsrDoom2dWad *wad,
                      GError            **error)
{
  gboolean changed = wad->original == NULL;
  zip_error_t zip_error;
  zip_source_t *source;
  zip_t *archive;
  guint8 *copy = NULL;
  gsize size = 0;
  GBytes *result = NULL;

  for (guint i = 0; i < wad->entries->len && !changed; i++)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      changed = entry->data != NULL || entry->zip_index < 0;
    }
  if (!changed)
    return g_bytes_ref (wad->original);

  /* libzip rewrites into the source buffer it opened; start from a copy of the original. The
   * source owns the copy: libzip 1.7 frees a buffer it has written over even when told not to. */
  if (wad->original != NULL)
    {
      const guint8 *original = g_bytes_get_data (wad->original, &size);
      copy = g_malloc (MAX (size, 1));
      memcpy (copy, original, size);
    }
  zip_error_init (&zip_error);
  source = zip_source_buffer_create (copy, size, 1, &zip_error);
  if (source == NULL)
    {
      g_free (copy);
      goto fail;
    }
  zip_source_keep (source);
  archive = zip_open_from_source (source, wad->original != NULL ? 0 : ZIP_TRUNCATE | ZIP_CREATE, &zip_error);
  if (archive == NULL)
    {
      zip_source_free (source);
      goto fail;
    }
  for (guint i = 0; i < wad->entries->len; i++)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      g_autofree char *path = entry_path (entry);
      zip_source_t *data;
      gsize length = 0;
      const guint8 *bytes;

      if (entry->is_section)
        {
          if (entry->zip_index < 0 && zip_dir_add (archive, entry->name, ZIP_FL_ENC_UTF_8) < 0)
            goto fail_archive;
          continue;
        }
      if (entry->data == NULL)
        continue;
      bytes = g_bytes_get_data (entry->data, &length);
      data = zip_source_buffer (archive, bytes, length, 0);
      if (data == NULL)
        goto fail_archive;
      if ((entry->zip_index >= 0 ? zip_file_replace (archive, (zip_uint64_t) entry->zip_index, data, 0)
                                 : zip_file_add (archive, path, data, ZIP_FL_ENC_UTF_8)) < 0)
        {
          zip_source_free (data);
          goto fail_archive;
        }
    }
  if (zip_close (archive) != 0)
    goto fail_archive;

  {
    zip_int64_t written;
    guint8 *out;

    if (zip_source_open (source) != 0 || zip_source_seek (source, 0, SEEK_END) != 0
        || (written = zip_source_tell (source)) < 0 || zip_source_seek (source, 0, SEEK_SET) != 0)
      {
        zip_source_free (source);
        g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("ZIP archive: cannot read back what libzip wrote"));
        zip_error_fini (&zip_error);
        return NULL;
      }
    out = g_malloc (written > 0 ? written : 1);
    if (written > 0 && zip_source_read (source, out, written) != written)
      {
        g_free (out);
        zip_source_close (source);
        zip_source_free (source);
        g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("ZIP archive: cannot read back what libzip wrote"));
        zip_error_fini (&zip_error);
        return NULL;
      }
    zip_source_close (source);
    zip_source_free (source);
    result = g_bytes_new_take (out, (gsize) written);
  }
  zip_error_fini (&zip_error);
  return result;

fail_archive:
  g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("ZIP archive: %s"), zip_strerror (archive));
  zip_discard (archive);
  zip_source_free (source);
  zip_error_fini (&zip_error);
  return NULL;

fail:
  g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("ZIP archive: %s"), zip_error_strerror (&zip_error));
  zip_error_fini (&zip_error);
  return NULL;
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
                       GByteArray              *out,
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
