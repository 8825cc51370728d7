/* tsr-marathon-shapes-formats.h: the Marathon shapes and images formats and their registration. */
#pragma once

#include "formats/tsr-format.h"

G_BEGIN_DECLS

extern const TsrFormat tsr_marathon_images_format;
extern const TsrFormat tsr_marathon_shapes_format;
extern const TsrFormat tsr_marathon_shapes_patch_format;

/* Registers marathon-images (and the shapes formats). */
void tsr_marathon_shapes_register_formats (TsrFormatRegistry *registry);

G_END_DECLS
