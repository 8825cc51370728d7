/* tsr-writer.h: a growing byte buffer with endian-explicit writes, used by every serializer. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _TsrWriter TsrWriter;

TsrWriter    *tsr_writer_new            (void);
/* A writer with room for RESERVED bytes, for a serializer that knows its total: no regrowth. */
TsrWriter    *tsr_writer_new_sized      (gsize      reserved);
/* A writer for a serializer that expects to reproduce ORIGINAL (the loaded bytes; NULL acts as
 * tsr_writer_new_sized): it compares instead of copying, and only at the first differing byte
 * takes its own buffer. An untouched save so returns ORIGINAL itself. */
TsrWriter    *tsr_writer_new_like       (GBytes    *original,
                                         gsize      reserved);
void          tsr_writer_free           (TsrWriter *writer);
/* Ends the writer and hands its bytes over. */
GBytes       *tsr_writer_free_to_bytes  (TsrWriter *writer);
gsize         tsr_writer_tell           (const TsrWriter *writer);
const guint8 *tsr_writer_peek           (const TsrWriter *writer,
                                         gsize           *size);

void tsr_writer_write_u8     (TsrWriter *writer, guint8  value);
void tsr_writer_write_u16_le (TsrWriter *writer, guint16 value);
void tsr_writer_write_u16_be (TsrWriter *writer, guint16 value);
void tsr_writer_write_u32_le (TsrWriter *writer, guint32 value);
void tsr_writer_write_u32_be (TsrWriter *writer, guint32 value);
void tsr_writer_write_f32_le (TsrWriter *writer, float   value);
void tsr_writer_write_f32_be (TsrWriter *writer, float   value);
void tsr_writer_write_bytes  (TsrWriter    *writer,
                              const guint8 *data,
                              gsize         size);
void tsr_writer_write_gbytes (TsrWriter *writer,
                              GBytes    *bytes);
void tsr_writer_write_zeros  (TsrWriter *writer,
                              gsize      count);
/* Overwrites bytes already written (sizes and offsets known only later). Writing past what was
 * written is a programmer error. */
void tsr_writer_patch_u16_le (TsrWriter *writer, gsize offset, guint16 value);
void tsr_writer_patch_u16_be (TsrWriter *writer, gsize offset, guint16 value);
void tsr_writer_patch_u32_le (TsrWriter *writer, gsize offset, guint32 value);
void tsr_writer_patch_u32_be (TsrWriter *writer, gsize offset, guint32 value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWriter, tsr_writer_free)

G_END_DECLS
