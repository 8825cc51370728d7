/* tsr-crc.c: CRC-32 through zlib, in pieces no larger than zlib's uInt. */
#include "core/tsr-crc.h"

#include <zlib.h>

guint32
tsr_crc32_update (guint32       crc,
                  const guint8 *data,
                  gsize         size)
{
  uLong value = crc;

  while (size > 0)
    {
      uInt piece = size > G_MAXUINT32 ? G_MAXUINT32 : (uInt) size;

      value = crc32 (value, data, piece);
      data += piece;
      size -= piece;
    }
  return (guint32) value;
}

guint32
tsr_crc32 (const guint8 *data,
           gsize         size)
{
  return tsr_crc32_update (0, data, size);
}
