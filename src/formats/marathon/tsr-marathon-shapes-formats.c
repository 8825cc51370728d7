/* tsr-marathon-shapes-formats.c: registers the shapes/images half of the Marathon family. */
#include "formats/marathon/tsr-marathon-shapes-formats.h"

void
tsr_marathon_shapes_register_formats (TsrFormatRegistry *registry)
{
  tsr_format_registry_add (registry, &tsr_marathon_images_format);
  tsr_format_registry_add (registry, &tsr_marathon_shapes_format);
  tsr_format_registry_add (registry, &tsr_marathon_shapes_patch_format);
}
