/* fuzz-sphere-tmx.c: libFuzzer target for the Tiled TMX importer (untrusted XML): load, and when
 * that works, validate and describe. A TSX it names is looked up relative to the working folder. */
#include <stdint.h>

#include "formats/sphere/tsr-sphere-formats.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const TsrFormat *format = &tsr_sphere_tmx_format;
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  gpointer loaded = format->load (NULL, bytes, NULL);

  if (loaded != NULL)
    {
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(GPtrArray) outputs = tsr_sphere_rmp_format.save (loaded, "fuzz.rmp", NULL);

      if (outputs == NULL)
        __builtin_trap ();
      format->validate (loaded, findings);
      json_builder_begin_object (builder);
      format->describe (loaded, builder);
      json_builder_end_object (builder);
      format->free (loaded);
    }
  return 0;
}
