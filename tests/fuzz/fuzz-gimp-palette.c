/* fuzz-gimp-palette.c: the GIMP palette (.gpl) reader, and its writer on what it read (which
 * must read back). Input: a .gpl file. */
#include <stdint.h>
#include "core/tsr-gimp-palette.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(TsrGimpPalette) palette = tsr_gimp_palette_parse (data, size, "fuzz", NULL);

  if (palette != NULL)
    {
      g_autoptr(GBytes) written = tsr_gimp_palette_write (palette);
      gsize length = 0;
      const guint8 *bytes = g_bytes_get_data (written, &length);
      g_autoptr(TsrGimpPalette) back = tsr_gimp_palette_parse (bytes, length, "fuzz", NULL);

      if (back == NULL || back->colors->len != palette->colors->len)
        __builtin_trap ();
    }
  return 0;
}
