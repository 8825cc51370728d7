/* fuzz-sphere-rmp.c: libFuzzer target for the Sphere .rmp loader: load, and when that works,
 * save, validate and describe. Seeds: the real files in the test data's sphere folder. */
#include <stdint.h>

#include "formats/sphere/tsr-sphere-formats.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const TsrFormat *format = &tsr_sphere_rmp_format;
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  gpointer loaded = format->load (NULL, bytes, NULL);

  if (loaded != NULL)
    {
      g_autoptr(GPtrArray) outputs = format->save (loaded, "fuzz.rmp", NULL);
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      /* The codecs keep every byte: a file that loads saves back identical. */
      if (outputs == NULL || !g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, bytes))
        __builtin_trap ();
      format->validate (loaded, findings);
      json_builder_begin_object (builder);
      format->describe (loaded, builder);
      json_builder_end_object (builder);
      if (format->render != NULL && size < 65536)
        {
          TsrRenderOptions options = { -1, 256, 256 };
          TsrImage *image = format->render (loaded, &options, NULL);

          tsr_image_free (image);
        }
      format->free (loaded);
    }
  return 0;
}
