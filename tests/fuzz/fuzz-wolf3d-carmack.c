/* fuzz-wolf3d-carmack.c: Carmack expansion of arbitrary bytes; whatever expands must compress
 * and expand back to the same words. Input: u16 word count, then the stream. */
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
  gsize count;
  TsrReader reader;

  if (size < 2)
    return 0;
  count = (gsize) (data[0] | (data[1] << 8)) % 8192;
  tsr_reader_init (&reader, data + 2, size - 2, "fuzz");
  words = tsr_wolf3d_carmack_expand (&reader, count, NULL);
  if (words != NULL)
    {
      g_autoptr(TsrWriter) writer = tsr_writer_new ();
      g_autofree guint16 *back = NULL;
      const guint8 *packed;
      gsize packed_size = 0;

      tsr_wolf3d_carmack_compress (words, count, writer);
      packed = tsr_writer_peek (writer, &packed_size);
      tsr_reader_init (&reader, packed, packed_size, "recompressed");
      back = tsr_wolf3d_carmack_expand (&reader, count, NULL);
      if (back == NULL || memcmp (back, words, count * 2) != 0)
        abort ();
    }
  return 0;
}
