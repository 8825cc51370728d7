/* tsr-writer.c: endian-explicit serialisation into a growing buffer. */
#include "core/tsr-writer.h"

#include <string.h>

struct _TsrWriter {
  /* NULL while everything written equals ORIGINAL's first POS bytes (tsr_writer_new_like): an
   * untouched save then hands back the loaded bytes, and allocates and copies nothing. */
  GByteArray   *bytes;
  GBytes       *original;
  const guint8 *original_data;
  gsize         original_size;
  gsize         pos;
  gsize         reserved;
};

TsrWriter *
tsr_writer_new (void)
{
  TsrWriter *writer = g_new0 (TsrWriter, 1);

  writer->bytes = g_byte_array_new ();
  return writer;
}

TsrWriter *
tsr_writer_new_sized (gsize reserved)
{
  TsrWriter *writer = g_new0 (TsrWriter, 1);

  writer->bytes = g_byte_array_sized_new ((guint) MIN (reserved, G_MAXUINT));
  return writer;
}

TsrWriter *
tsr_writer_new_like (GBytes *original,
                     gsize   reserved)
{
  TsrWriter *writer;

  if (original == NULL)
    return tsr_writer_new_sized (reserved);
  writer = g_new0 (TsrWriter, 1);
  writer->original = g_bytes_ref (original);
  writer->original_data = g_bytes_get_data (original, &writer->original_size);
  writer->reserved = reserved;
  return writer;
}

void
tsr_writer_free (TsrWriter *writer)
{
  if (writer == NULL)
    return;
  if (writer->bytes != NULL)
    g_byte_array_unref (writer->bytes);
  g_clear_pointer (&writer->original, g_bytes_unref);
  g_free (writer);
}

GBytes *
tsr_writer_free_to_bytes (TsrWriter *writer)
{
  GBytes *bytes;

  if (writer->bytes == NULL)
    bytes = writer->pos == writer->original_size ? g_bytes_ref (writer->original)
                                                 : g_bytes_new_from_bytes (writer->original, 0, writer->pos);
  else
    bytes = g_byte_array_free_to_bytes (g_steal_pointer (&writer->bytes));
  tsr_writer_free (writer);
  return bytes;
}

gsize
tsr_writer_tell (const TsrWriter *writer)
{
  return writer->bytes != NULL ? writer->bytes->len : writer->pos;
}

const guint8 *
tsr_writer_peek (const TsrWriter *writer,
                 gsize           *size)
{
  if (size != NULL)
    *size = tsr_writer_tell (writer);
  return writer->bytes != NULL ? writer->bytes->data : writer->original_data;
}

/* The first differing byte: from here on the writer holds its own copy. */
static void
tsr_writer_materialize (TsrWriter *writer)
{
  writer->bytes = g_byte_array_sized_new ((guint) MIN (MAX (writer->reserved, writer->pos), G_MAXUINT));
  g_byte_array_append (writer->bytes, writer->original_data, (guint) writer->pos);
  g_clear_pointer (&writer->original, g_bytes_unref);
  writer->original_data = NULL;
  writer->original_size = 0;
}

static void
tsr_writer_put (TsrWriter    *writer,
                const guint8 *data,
                gsize         size)
{
  if (size == 0)
    return;
  if (writer->bytes == NULL)
    {
      if (size <= writer->original_size - writer->pos
          && (data == writer->original_data + writer->pos
              || memcmp (writer->original_data + writer->pos, data, size) == 0))
        {
          writer->pos += size;
          return;
        }
      tsr_writer_materialize (writer);
    }
  g_byte_array_append (writer->bytes, data, (guint) size);
}

/* Encodes VALUE into COUNT bytes at P. */
static void
tsr_encode_uint (guint8 *p, guint count, gboolean big_endian, guint32 value)
{
  for (guint i = 0; i < count; i++)
    {
      guint shift = big_endian ? 8 * (count - 1 - i) : 8 * i;
      p[i] = (guint8) (value >> shift);
    }
}

static void
tsr_writer_write_uint (TsrWriter *writer, guint count, gboolean big_endian, guint32 value)
{
  guint8 buffer[4];

  tsr_encode_uint (buffer, count, big_endian, value);
  tsr_writer_put (writer, buffer, count);
}

static void
tsr_writer_patch_uint (TsrWriter *writer, gsize offset, guint count, gboolean big_endian, guint32 value)
{
  guint8 buffer[4];

  g_return_if_fail (offset <= tsr_writer_tell (writer) && count <= tsr_writer_tell (writer) - offset);
  tsr_encode_uint (buffer, count, big_endian, value);
  if (writer->bytes == NULL && memcmp (writer->original_data + offset, buffer, count) == 0)
    return;
  if (writer->bytes == NULL)
    tsr_writer_materialize (writer);
  memcpy (writer->bytes->data + offset, buffer, count);
}

void tsr_writer_write_u8     (TsrWriter *w, guint8 v)  { tsr_writer_put (w, &v, 1); }
void tsr_writer_write_u16_le (TsrWriter *w, guint16 v) { tsr_writer_write_uint (w, 2, FALSE, v); }
void tsr_writer_write_u16_be (TsrWriter *w, guint16 v) { tsr_writer_write_uint (w, 2, TRUE, v); }
void tsr_writer_write_u32_le (TsrWriter *w, guint32 v) { tsr_writer_write_uint (w, 4, FALSE, v); }
void tsr_writer_write_u32_be (TsrWriter *w, guint32 v) { tsr_writer_write_uint (w, 4, TRUE, v); }
void tsr_writer_patch_u16_le (TsrWriter *w, gsize o, guint16 v) { tsr_writer_patch_uint (w, o, 2, FALSE, v); }
void tsr_writer_patch_u16_be (TsrWriter *w, gsize o, guint16 v) { tsr_writer_patch_uint (w, o, 2, TRUE, v); }
void tsr_writer_patch_u32_le (TsrWriter *w, gsize o, guint32 v) { tsr_writer_patch_uint (w, o, 4, FALSE, v); }
void tsr_writer_patch_u32_be (TsrWriter *w, gsize o, guint32 v) { tsr_writer_patch_uint (w, o, 4, TRUE, v); }

void
tsr_writer_write_f32_le (TsrWriter *writer, float value)
{
  guint32 raw;

  memcpy (&raw, &value, sizeof raw);
  tsr_writer_write_uint (writer, 4, FALSE, raw);
}

void
tsr_writer_write_f32_be (TsrWriter *writer, float value)
{
  guint32 raw;

  memcpy (&raw, &value, sizeof raw);
  tsr_writer_write_uint (writer, 4, TRUE, raw);
}

void
tsr_writer_write_bytes (TsrWriter    *writer,
                        const guint8 *data,
                        gsize         size)
{
  tsr_writer_put (writer, data, size);
}

void
tsr_writer_write_gbytes (TsrWriter *writer,
                         GBytes    *bytes)
{
  gsize size = 0;
  const guint8 *data = bytes != NULL ? g_bytes_get_data (bytes, &size) : NULL;

  tsr_writer_write_bytes (writer, data, size);
}

void
tsr_writer_write_zeros (TsrWriter *writer,
                        gsize      count)
{
  guint old;

  if (writer->bytes == NULL)
    {
      gsize i = 0;

      if (count <= writer->original_size - writer->pos)
        while (i < count && writer->original_data[writer->pos + i] == 0)
          i++;
      if (count <= writer->original_size - writer->pos && i == count)
        {
          writer->pos += count;
          return;
        }
      tsr_writer_materialize (writer);
    }
  old = writer->bytes->len;
  g_byte_array_set_size (writer->bytes, old + (guint) count);
  memset (writer->bytes->data + old, 0, count);
}
