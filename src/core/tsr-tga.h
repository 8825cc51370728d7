/* tsr-tga.h: Truevision TGA pictures decoded into a TsrImage without GTK, for the CLI, the
 * sanitizer build and as the GUI's fallback (Doom2D Forever's textures are TGA files). Read:
 * true-colour (types 2 and 10, RLE) at 15/16, 24 and 32 bits per pixel, grey (3 and 11) at 8 bits,
 * colour-mapped (1 and 9) with 8-bit indices into a 15/16/24/32-bit map; bottom-left and
 * top-left origins, right-to-left rows. The area is capped by the image budget of tsr-image.h. */
#pragma once

#include "core/tsr-image.h"

G_BEGIN_DECLS

/* Whether DATA looks like a TGA header (the format has no signature: the header's fields must
 * make sense together). */
gboolean  tsr_tga_sniff      (const guint8 *data,
                              gsize         size);
/* The picture (transfer full), or NULL with an error naming LABEL and the offset. 32-bit pixels
 * always carry alpha, as GdkPixbuf's loader reads them, so the GUI and this decoder agree;
 * 16-bit pixels use their top bit as alpha when the descriptor announces one alpha bit. */
TsrImage *tsr_image_load_tga (const guint8 *data,
                              gsize         size,
                              const char   *label,
                              GError      **error);

G_END_DECLS
