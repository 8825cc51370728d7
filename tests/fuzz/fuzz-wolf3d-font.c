/* fuzz-wolf3d-font.c: the font chunk parser (id's fontstruct) and the sheet it is drawn as. Input:
 * an expanded font chunk. */
#include <stdint.h>
#include "formats/wolf3d/tsr-wolf3d-assets.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(TsrWolf3dFont) font = tsr_wolf3d_font_load (bytes, 0, "fuzz", NULL);

  if (font != NULL)
    tsr_image_free (tsr_wolf3d_font_render_sheet (font, 0xffffffff));
  return 0;
}
