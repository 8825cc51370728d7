/* tsr-writer.c: endian-explicit serialisation into a growing buffer. */
#include "core/tsr-writer.h"

#include <string.h>

struct _TsrWriter {
  GByteArray *bytes;
};

TsrWriter *
tsr_writer_new (void)
{
  TsrWriter *writer = g_new0 (TsrWriter, 1);

  writer->bytes = g_byte_array_new ();
  return writer;
}

void
tsr_writer_free (TsrWriter *writer)
{
  if (writer == NULL)
    return;
  g_byte_array_unref (writer->bytes);
  g_free (writer);
}

GBytes *
tsr_writer_free_to_bytes (TsrWriter *writer)
{
  GBytes *bytes = g_byte_array_free_to_bytes (writer->bytes);

  g_free (writer);
  return bytes;
}

gsize
tsr_writer_tell (const TsrWriter *writer)
{
  return writer->bytes->len;
}

const guint8 *
tsr_writer_peek (const TsrWriter *writer,
                 gsize           *size)
{
  if (size != NULL)
    *size = writer->bytes->len;
  return writer->bytes->data;
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
  g_byte_array_append (writer->bytes, buffer, count);
}

static void
tsr_writer_patch_uint (TsrWriter *writer, gsize offset, guint count, gboolean big_endian, guint32 value)
{
  g_return_if_fail (offset <= writer->bytes->len && count <= writer->bytes->len - offset);
  tsr_encode_uint (writer->bytes->data + offset, count, big_endian, value);
}

void tsr_writer_write_u8     (TsrWriter *w, guint8 v)  { g_byte_array_append (w->bytes, &v, 1); }
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
  if (size > 0)
    g_byte_array_append (writer->bytes, data, (guint) size);
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
  guint old = writer->bytes->len;

  g_byte_array_set_size (writer->bytes, old + (guint) count);
  memset (writer->bytes->data + old, 0, count);
}
