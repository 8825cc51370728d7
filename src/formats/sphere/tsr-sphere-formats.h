/* tsr-sphere-formats.h: the Sphere family's TsrFormat entries (maps, tilesets, spritesets, and
 * Tiled TMX maps as the interchange format). */
#pragma once

#include "formats/tsr-format.h"

G_BEGIN_DECLS

extern const TsrFormat tsr_sphere_rmp_format;
extern const TsrFormat tsr_sphere_rts_format;
extern const TsrFormat tsr_sphere_rss_format;
extern const TsrFormat tsr_sphere_tmx_format;

void tsr_sphere_register_formats (TsrFormatRegistry *registry);

G_END_DECLS
