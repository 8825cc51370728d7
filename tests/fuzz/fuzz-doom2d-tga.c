/* fuzz-doom2d-tga.c: the TGA decoder Doom2D Forever textures go through (tsr-tga.c), and the
 * animation description parser. Decoded pictures must have the size their header declares. */
#include <stdint.h>
#include <stdlib.h>

#include "core/tsr-tga.h"
#include "formats/doom2d/tsr-doom2d-resources.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  GError *error = NULL;
  TsrImage *image = tsr_image_load_tga (data, size, "fuzz", &error);
  TsrDoom2dTexture texture = { 0 };
  char *resource = NULL;

  if (image != NULL)
    {
      if (image->width != (guint) (data[12] | data[13] << 8) || image->height != (guint) (data[14] | data[15] << 8)
          || !tsr_tga_sniff (data, size))
        abort ();
      tsr_image_free (image);
    }
  else if (error == NULL)
    abort ();
  g_clear_error (&error);

  if (tsr_doom2d_animation_parse (data, size, &texture, &resource, &error))
    {
      guint x, width, height;

      if (resource == NULL || texture.frame_count == 0)
        abort ();
      (void) tsr_doom2d_texture_frame_at (&texture, size * 7919u);
      tsr_doom2d_texture_frame_rect (&texture, texture.frame_count - 1, 1024, 64, &x, &width, &height);
      if (x + width > 1024 || height > 64)
        abort ();
    }
  g_free (resource);
  g_clear_error (&error);
  return 0;
}
