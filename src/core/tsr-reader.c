/* tsr-reader.c: bounds-checked reading of untrusted bytes. */
#include "core/tsr-reader.h"

#include <string.h>

#include "core/tsr-error.h"
#include <glib/gi18n.h>

void
tsr_reader_init (TsrReader    *reader,
                 const guint8 *data,
                 gsize         size,
                 const char   *label)
{
  g_return_if_fail (reader != NULL);
  g_return_if_fail (data != NULL || size == 0);

  reader->data = data;
  reader->size = size;
  reader->pos = 0;
  reader->base = 0;
  reader->label = label != NULL ? label : "input";
}

void
tsr_reader_set_short (const TsrReader *reader,
                      gsize            count,
                      GError         **error)
{
  tsr_set_error_at (error, TSR_ERROR_TRUNCATED, reader->base + reader->pos,
                    _("%s: %zu bytes expected, only %zu left"),
                    reader->label, count, reader->size - reader->pos);
}

static gboolean
tsr_reader_require (const TsrReader *reader,
                    gsize            count,
                    GError         **error)
{
  if (count <= reader->size - reader->pos)
    return TRUE;
  tsr_reader_set_short (reader, count, error);
  return FALSE;
}

gboolean
tsr_reader_sub (const TsrReader *reader,
                gsize            offset,
                gsize            length,
                const char      *label,
                TsrReader       *sub,
                GError         **error)
{
  g_return_val_if_fail (reader != NULL && sub != NULL, FALSE);

  if (offset > reader->size || length > reader->size - offset)
    {
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, reader->base + MIN (offset, reader->size),
                        _("%s: %zu bytes at offset %zu expected, the data is %zu bytes long"),
                        label != NULL ? label : reader->label, length,
                        reader->base + offset, reader->size);
      return FALSE;
    }

  /* An empty reader may have no buffer at all: NULL + 0 is still undefined in C. */
  sub->data = reader->data != NULL ? reader->data + offset : NULL;
  sub->size = length;
  sub->pos = 0;
  sub->base = reader->base + offset;
  sub->label = label != NULL ? label : reader->label;
  return TRUE;
}

gboolean
tsr_reader_seek (TsrReader *reader,
                 gsize      position,
                 GError   **error)
{
  if (position > reader->size)
    {
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, reader->base + reader->size,
                        _("%s: position %zu expected within %zu bytes"),
                        reader->label, reader->base + position, reader->size);
      return FALSE;
    }
  reader->pos = position;
  return TRUE;
}

gboolean
tsr_reader_skip (TsrReader *reader,
                 gsize      count,
                 GError   **error)
{
  if (!tsr_reader_require (reader, count, error))
    return FALSE;
  reader->pos += count;
  return TRUE;
}

gsize
tsr_reader_tell (const TsrReader *reader)
{
  return reader->pos;
}

gsize
tsr_reader_remaining (const TsrReader *reader)
{
  return reader->size - reader->pos;
}

gboolean
tsr_reader_at_end (const TsrReader *reader)
{
  return reader->pos >= reader->size;
}

gboolean
tsr_reader_read_view (TsrReader     *reader,
                      gsize          count,
                      const guint8 **data,
                      GError       **error)
{
  if (!tsr_reader_require (reader, count, error))
    return FALSE;
  *data = reader->data != NULL ? reader->data + reader->pos : NULL;
  reader->pos += count;
  return TRUE;
}

gboolean
tsr_reader_read_bytes (TsrReader *reader,
                       gsize      count,
                       guint8    *destination,
                       GError   **error)
{
  const guint8 *view;

  if (!tsr_reader_read_view (reader, count, &view, error))
    return FALSE;
  if (count > 0)
    memcpy (destination, view, count);
  return TRUE;
}

GBytes *
tsr_reader_read_gbytes (TsrReader *reader,
                        gsize      count,
                        GError   **error)
{
  const guint8 *view;

  if (!tsr_reader_read_view (reader, count, &view, error))
    return NULL;
  return g_bytes_new (view, count);
}

gboolean
tsr_reader_read_s8 (TsrReader *reader, gint8 *value, GError **error)
{
  guint8 raw;

  if (!tsr_reader_read_u8 (reader, &raw, error))
    return FALSE;
  *value = (gint8) raw;
  return TRUE;
}

/* Assembles COUNT bytes little- or big-endian; COUNT is 2 or 4. */
static gboolean
tsr_reader_read_uint (TsrReader *reader,
                      guint      count,
                      gboolean   big_endian,
                      guint32   *value,
                      GError   **error)
{
  const guint8 *p;
  guint32 result = 0;

  if (!tsr_reader_read_view (reader, count, &p, error))
    return FALSE;
  for (guint i = 0; i < count; i++)
    {
      guint shift = big_endian ? 8 * (count - 1 - i) : 8 * i;
      result |= (guint32) p[i] << shift;
    }
  *value = result;
  return TRUE;
}

#define TSR_DEFINE_READ(name, type, count, big)                               \
  gboolean                                                                    \
  tsr_reader_read_##name (TsrReader *reader, type *value, GError **error)     \
  {                                                                           \
    guint32 raw;                                                              \
    if (!tsr_reader_read_uint (reader, count, big, &raw, error))              \
      return FALSE;                                                           \
    *value = (type) raw;                                                      \
    return TRUE;                                                              \
  }

TSR_DEFINE_READ (s16_le, gint16, 2, FALSE)
TSR_DEFINE_READ (s16_be, gint16, 2, TRUE)
TSR_DEFINE_READ (u32_le, guint32, 4, FALSE)
TSR_DEFINE_READ (u32_be, guint32, 4, TRUE)
TSR_DEFINE_READ (s32_le, gint32, 4, FALSE)
TSR_DEFINE_READ (s32_be, gint32, 4, TRUE)

static gboolean
tsr_reader_read_f32 (TsrReader *reader, gboolean big_endian, float *value, GError **error)
{
  guint32 raw;

  if (!tsr_reader_read_uint (reader, 4, big_endian, &raw, error))
    return FALSE;
  memcpy (value, &raw, sizeof *value);
  return TRUE;
}

gboolean
tsr_reader_read_f32_le (TsrReader *reader, float *value, GError **error)
{
  return tsr_reader_read_f32 (reader, FALSE, value, error);
}

gboolean
tsr_reader_read_f32_be (TsrReader *reader, float *value, GError **error)
{
  return tsr_reader_read_f32 (reader, TRUE, value, error);
}
