/* fuzz-all-convert.c: libFuzzer target for the convert paths: whatever loads (any format, by
 * content) is converted to each of its targets, and each converted main file must load with the
 * target's loader or fail cleanly; nothing is written. */
#include <stdint.h>

#include "formats/tsr-format.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  const TsrFormat *format = tsr_format_registry_detect (registry, data, size, NULL, NULL);
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  gpointer loaded;

  if (format == NULL || format->convert == NULL || format->convert_targets == NULL)
    return 0;
  loaded = format->load ("fuzz/input", bytes, NULL);
  if (loaded == NULL)
    return 0;
  for (guint i = 0; format->convert_targets[i] != NULL; i++)
    {
      const TsrFormat *target = tsr_format_registry_lookup (registry, format->convert_targets[i]);
      g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) outputs = NULL;
      TsrConvertOptions options = { (int) (size % 3) - 1 };
      g_autofree char *path = NULL;

      if (target == NULL)
        continue;
      path = g_strconcat ("fuzz/converted.", target->extensions != NULL ? target->extensions[0] : "out", NULL);
      outputs = format->convert (loaded, target, path, &options, lost, NULL);
      if (outputs != NULL && outputs->len > 0)
        {
          const TsrOutputFile *main_output = g_ptr_array_index (outputs, 0);
          gpointer again = target->load (main_output->path, main_output->bytes, NULL);

          if (again != NULL)
            target->free (again);
        }
    }
  format->free (loaded);
  return 0;
}
