/* tsr-builtin-formats.c: the formats Tessera ships. Each family adds one call here. */
#include "formats/tsr-format.h"
#include "formats/marathon/tsr-marathon-shapes-formats.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"

void
tsr_formats_register_builtin (TsrFormatRegistry *registry)
{
  (void) registry;
  tsr_marathon_shapes_register_formats (registry);
  tsr_marathon_maps_register_formats (registry);
}
