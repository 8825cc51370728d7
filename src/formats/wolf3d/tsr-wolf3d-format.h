/* tsr-wolf3d-format.h: the Wolfenstein 3D family's entries in the format registry. */
#pragma once

#include "formats/tsr-format.h"

G_BEGIN_DECLS

/* "wolf3d-set": a whole data set, opened from any of its files. */
extern const TsrFormat tsr_wolf3d_set_format;

void tsr_wolf3d_register_formats (TsrFormatRegistry *registry);

G_END_DECLS
