/* tsr-builtin-formats.c: the formats Tessera ships. Each family adds one call here. */
#include "formats/tsr-format.h"
#include "formats/doom2d/tsr-doom2d-formats.h"

void
tsr_formats_register_builtin (TsrFormatRegistry *registry)
{
  (void) registry;
  tsr_doom2d_register_formats (registry);
}
