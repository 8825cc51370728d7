/* fuzz-marathon-physics.c: the "marathon-physics" loader (physics wads and Marathon 1 physics)
 * on arbitrary bytes, then save, validate and describe. */
#include <stdint.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const TsrFormat *format = tsr_marathon_physics_format ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  gpointer loaded = format->load ("fuzz.phyA", bytes, NULL);

  if (loaded != NULL)
    {
      g_autoptr(GPtrArray) outputs = format->save (loaded, "fuzz.phyA", NULL);
      (void) outputs;
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      format->validate (loaded, findings);
      json_builder_begin_object (builder);
      format->describe (loaded, builder);
      json_builder_end_object (builder);
      format->free (loaded);
    }
  return 0;
}
