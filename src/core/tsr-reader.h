/* tsr-reader.h: the one way codecs read untrusted bytes. Every read is bounds-checked and fails
 * with TSR_ERROR_TRUNCATED (naming the label and the absolute offset) instead of reading past
 * the end. Codecs never do pointer arithmetic on offsets taken from a file. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const guint8 *data;
  gsize         size;
  gsize         pos;
  gsize         base;  /* absolute offset of data[0] in the file, so messages give file offsets */
  const char   *label; /* what is being read ("GAMEMAPS", "level 3 plane 0"); not owned */
} TsrReader;

void     tsr_reader_init        (TsrReader       *reader,
                                 const guint8    *data,
                                 gsize            size,
                                 const char      *label);
/* A reader over [offset, offset + length) of READER's data (offsets relative to READER). */
gboolean tsr_reader_sub         (const TsrReader *reader,
                                 gsize            offset,
                                 gsize            length,
                                 const char      *label,
                                 TsrReader       *sub,
                                 GError         **error);
gboolean tsr_reader_seek        (TsrReader       *reader,
                                 gsize            position,
                                 GError         **error);
gboolean tsr_reader_skip        (TsrReader       *reader,
                                 gsize            count,
                                 GError         **error);
gsize    tsr_reader_tell        (const TsrReader *reader);
gsize    tsr_reader_remaining   (const TsrReader *reader);
gboolean tsr_reader_at_end      (const TsrReader *reader);
/* Absolute file offset of the reader's position, for error messages. */
static inline gsize
tsr_reader_file_offset (const TsrReader *reader)
{
  return reader->base + reader->pos;
}

/* Sets TSR_ERROR_TRUNCATED for a read of COUNT bytes that READER does not have left (label, file
 * offset, how many were expected and left). */
void     tsr_reader_set_short   (const TsrReader *reader,
                                 gsize            count,
                                 GError         **error);

/* The reads codecs make most (Carmack and RLEW expansion, record fields), inline: a bounds check
 * and a load, the error out of line. */
static inline gboolean
tsr_reader_read_u8 (TsrReader *reader, guint8 *value, GError **error)
{
  if (G_UNLIKELY (reader->pos >= reader->size))
    {
      tsr_reader_set_short (reader, 1, error);
      return FALSE;
    }
  *value = reader->data[reader->pos++];
  return TRUE;
}

static inline gboolean
tsr_reader_read_u16_le (TsrReader *reader, guint16 *value, GError **error)
{
  if (G_UNLIKELY (reader->size - reader->pos < 2))
    {
      tsr_reader_set_short (reader, 2, error);
      return FALSE;
    }
  *value = (guint16) (reader->data[reader->pos] | (reader->data[reader->pos + 1] << 8));
  reader->pos += 2;
  return TRUE;
}

static inline gboolean
tsr_reader_read_u16_be (TsrReader *reader, guint16 *value, GError **error)
{
  if (G_UNLIKELY (reader->size - reader->pos < 2))
    {
      tsr_reader_set_short (reader, 2, error);
      return FALSE;
    }
  *value = (guint16) ((reader->data[reader->pos] << 8) | reader->data[reader->pos + 1]);
  reader->pos += 2;
  return TRUE;
}

gboolean tsr_reader_read_s8     (TsrReader *reader, gint8   *value, GError **error);
gboolean tsr_reader_read_s16_le (TsrReader *reader, gint16  *value, GError **error);
gboolean tsr_reader_read_s16_be (TsrReader *reader, gint16  *value, GError **error);
gboolean tsr_reader_read_u32_le (TsrReader *reader, guint32 *value, GError **error);
gboolean tsr_reader_read_u32_be (TsrReader *reader, guint32 *value, GError **error);
gboolean tsr_reader_read_s32_le (TsrReader *reader, gint32  *value, GError **error);
gboolean tsr_reader_read_s32_be (TsrReader *reader, gint32  *value, GError **error);
gboolean tsr_reader_read_f32_le (TsrReader *reader, float   *value, GError **error);
gboolean tsr_reader_read_f32_be (TsrReader *reader, float   *value, GError **error);
/* Points *DATA at the next COUNT bytes inside the reader's buffer (no copy) and advances. */
gboolean tsr_reader_read_view   (TsrReader     *reader,
                                 gsize          count,
                                 const guint8 **data,
                                 GError       **error);
gboolean tsr_reader_read_bytes  (TsrReader *reader,
                                 gsize      count,
                                 guint8    *destination,
                                 GError   **error);
/* A GBytes copy of the next COUNT bytes (for keeping unknown data verbatim). */
GBytes  *tsr_reader_read_gbytes (TsrReader *reader,
                                 gsize      count,
                                 GError   **error);

G_END_DECLS
