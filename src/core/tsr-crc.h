/* tsr-crc.h: CRC-32 (zlib's: reflected 0xEDB88320, init and final xor 0xFFFFFFFF). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

guint32 tsr_crc32        (const guint8 *data,
                          gsize         size);
/* Continues a running CRC: start with 0. */
guint32 tsr_crc32_update (guint32       crc,
                          const guint8 *data,
                          gsize         size);

G_END_DECLS
