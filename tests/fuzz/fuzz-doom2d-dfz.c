/* fuzz-doom2d-dfz.c: the Doom2D Forever ZIP (.dfz) archive loader through its TsrFormat; when a load succeeds,
 * save, validate, describe and render run on the result too. */
#include <stdint.h>

#include "formats/tsr-format.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static TsrFormatRegistry *registry;
  const TsrFormat *format;
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  gpointer loaded;

  if (registry == NULL)
    {
      registry = tsr_format_registry_new ();
      tsr_formats_register_builtin (registry);
    }
  format = tsr_format_registry_lookup (registry, "doom2d-dfz");
  if (format == NULL) /* built without libzip */
    return 0;
  loaded = format->load (NULL, bytes, NULL);
  if (loaded != NULL)
    {
      g_autoptr(GPtrArray) outputs = format->save (loaded, "fuzz.dfz", NULL);
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      TsrRenderOptions options = { -1, 64, 64 };
      g_autoptr(TsrImage) image = NULL;

      /* Whatever loads saves back byte for byte. */
      if (outputs == NULL
          || !g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, bytes))
        __builtin_trap ();
      format->validate (loaded, findings);
      json_builder_begin_object (builder);
      format->describe (loaded, builder);
      json_builder_end_object (builder);
      image = format->render (loaded, &options, NULL);
      format->free (loaded);
    }
  return 0;
}
