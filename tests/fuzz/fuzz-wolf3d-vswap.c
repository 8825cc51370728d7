/* fuzz-wolf3d-vswap.c: VSWAP through the registry entry's load (no path) and directly, with
 * every wall and sprite decoded, then save, validate, describe. */
#include <stdint.h>
#include <json-glib/json-glib.h>

#include "formats/wolf3d/tsr-wolf3d-format.h"
#include "formats/wolf3d/tsr-wolf3d-vswap.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const TsrFormat *format = &tsr_wolf3d_set_format;
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  TsrWolf3dVswap *vswap;
  gpointer set;

  set = format->load (NULL, bytes, NULL);
  if (set != NULL)
    {
      g_autoptr(GPtrArray) outputs = format->save (set, NULL, NULL);

      g_assert (outputs == NULL || outputs->len > 0);
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      format->validate (set, findings);
      json_builder_begin_object (builder);
      format->describe (set, builder);
      json_builder_end_object (builder);
      format->free (set);
    }

  vswap = tsr_wolf3d_vswap_load (bytes, NULL);
  if (vswap != NULL)
    {
      guint8 wall[64 * 64];
      guint16 sprite[64 * 64];

      for (guint w = 0; w < tsr_wolf3d_vswap_get_n_walls (vswap) && w < 256; w++)
        tsr_wolf3d_vswap_decode_wall (vswap, w, wall, NULL);
      for (guint s = 0; s < tsr_wolf3d_vswap_get_n_sprites (vswap) && s < 512; s++)
        tsr_wolf3d_vswap_decode_sprite (vswap, s, sprite, NULL);
      tsr_wolf3d_vswap_free (vswap);
    }
  return 0;
}
