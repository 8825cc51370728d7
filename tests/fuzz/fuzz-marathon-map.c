/* fuzz-marathon-map.c: the "marathon-map" loader on arbitrary bytes (Mac wrapper, wad container,
 * map chunks, term chunks), then save, validate, describe and a small render. */
#include <stdint.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const TsrFormat *format = tsr_marathon_map_format ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  gpointer loaded = format->load ("fuzz.sceA", bytes, NULL);

  if (loaded != NULL)
    {
      g_autoptr(GPtrArray) outputs = format->save (loaded, "fuzz.sceA", NULL);
      (void) outputs;
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      TsrRenderOptions options = { 0, 64, 64 };
      TsrImage *image;

      format->validate (loaded, findings);
      json_builder_begin_object (builder);
      format->describe (loaded, builder);
      json_builder_end_object (builder);
      image = format->render (loaded, &options, NULL);
      tsr_image_free (image);
      format->free (loaded);
    }
  return 0;
}
