/* tsr-builtin-formats.c: the formats Tessera ships. Each family adds one call here. */
#include "formats/tsr-format.h"
#include "formats/doom2d/tsr-doom2d-formats.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-shapes-formats.h"
#include "formats/sphere/tsr-sphere-formats.h"
#include "formats/wolf3d/tsr-wolf3d-format.h"

void
tsr_formats_register_builtin (TsrFormatRegistry *registry)
{
  tsr_marathon_maps_register_formats (registry);
  tsr_marathon_shapes_register_formats (registry);
  tsr_wolf3d_register_formats (registry);
  tsr_sphere_register_formats (registry);
  tsr_doom2d_register_formats (registry);
}
