/* fuzz-marathon-pict.c: PICT decoding (pixels and the opcode walk) and clut parsing. */
#include <stdint.h>

#include "formats/marathon/tsr-pict.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  TsrPictInfo info;
  TsrPictColorTable table;
  TsrImage *image = tsr_pict_decode (data, size, &info, NULL);

  if (image != NULL)
    {
      GBytes *again = tsr_pict_encode (image, TSR_PICT_ENCODE_AUTO, NULL);
      if (again != NULL)
        g_bytes_unref (again);
      tsr_image_free (image);
    }
  tsr_pict_read_info (data, size, &info, NULL);
  if (tsr_pict_parse_clut (data, size, &table, NULL))
    tsr_pict_color_table_clear (&table);
  return 0;
}
