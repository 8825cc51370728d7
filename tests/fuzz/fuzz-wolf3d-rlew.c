/* fuzz-wolf3d-rlew.c: RLEW expansion of arbitrary bytes, and the compressor's round trip.
 * Input: u16 tag, u16 word count, then the stream. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/wolf3d/tsr-wolf3d-compress.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree guint16 *words = NULL;
  guint16 tag;
  gsize count;
  TsrReader reader;

  if (size < 4)
    return 0;
  tag = (guint16) (data[0] | (data[1] << 8));
  count = (gsize) (data[2] | (data[3] << 8)) % 8192;
  tsr_reader_init (&reader, data + 4, size - 4, "fuzz");
  words = tsr_wolf3d_rlew_expand (&reader, tag, count, NULL);
  if (words != NULL)
    {
      g_autoptr(TsrWriter) writer = tsr_writer_new ();
      g_autofree guint16 *back = NULL;
      const guint8 *packed;
      gsize packed_size = 0;

      tsr_wolf3d_rlew_compress (words, count, tag, writer);
      packed = tsr_writer_peek (writer, &packed_size);
      tsr_reader_init (&reader, packed, packed_size, "recompressed");
      back = tsr_wolf3d_rlew_expand (&reader, tag, count, NULL);
      if (back == NULL || memcmp (back, words, count * 2) != 0)
        abort ();
    }
  return 0;
}
