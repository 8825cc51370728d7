/* tsr-shapes-dither.h: ordered (Bayer 8×8) dithering of a picture before it is quantised to a
 * colour table, so gradients between the table's colours come out as patterns instead of bands.
 * GTK-free. */
#pragma once

#include "core/tsr-image.h"
#include "formats/marathon/tsr-marathon-shapes.h"

G_BEGIN_DECLS

/* How far apart TABLE's colours lie: the mean, over its entries, of the distance to the nearest
 * other entry, per RGB channel (0..255; 1 for a full grey ramp, 255 for black and white). */
double    tsr_shapes_color_table_spacing (const TsrShapesColorTable *table);
/* A copy of IMAGE with each opaque pixel's channels moved by the Bayer threshold at its position,
 * from -SPACING/2 to +SPACING/2 (TABLE's spacing), so nearest-colour quantising then spreads a
 * colour between two entries over a pattern in proportion. Alpha is kept. (transfer full) */
TsrImage *tsr_shapes_dither_ordered      (const TsrImage            *image,
                                          const TsrShapesColorTable *table);

G_END_DECLS
