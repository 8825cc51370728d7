/* fuzz-all-formats.c: any bytes through the registry: detect, load, then save, validate and
 * describe whatever loaded. Reaches every registered codec; each family also has its own target. */
#include <stdint.h>

#include "formats/tsr-format.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GError) error = NULL;
  const TsrFormat *format = tsr_format_registry_detect (registry, data, size, NULL, &error);
  gpointer loaded;

  if (format == NULL)
    return 0;
  /* A path that has no siblings: multi-file formats must cope with a lone file. */
  loaded = format->load ("/nonexistent/fuzz-input", bytes, &error);
  if (loaded == NULL)
    return 0;

  if (format->validate != NULL)
    {
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      format->validate (loaded, findings);
    }
  if (format->describe != NULL)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      json_builder_begin_object (builder);
      format->describe (loaded, builder);
      json_builder_end_object (builder);
    }
  if (format->save != NULL)
    {
      g_autoptr(GError) save_error = NULL;
      GPtrArray *outputs = format->save (loaded, "/nonexistent/fuzz-output", &save_error);

      g_clear_pointer (&outputs, g_ptr_array_unref);
    }
  format->free (loaded);
  return 0;
}
