/* tsr-image.h: an RGBA image (8 bits per channel, straight alpha, rows packed) that codecs decode
 * into and the CLI writes as PNG. Views wrap it in a GdkTexture or cairo surface themselves. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint   width;
  guint   height;
  guint8 *pixels; /* width * height * 4 bytes: R, G, B, A */
} TsrImage;

/* A transparent image; NULL when a side is 0 or above 32768 (never trust sizes from a file). */
TsrImage *tsr_image_new        (guint           width,
                                guint           height);
void      tsr_image_free       (TsrImage       *image);
void      tsr_image_set_pixel  (TsrImage       *image,
                                guint           x,
                                guint           y,
                                guint32         rgba); /* 0xRRGGBBAA */
/* Copies SOURCE into IMAGE at (X, Y), clipped; transparent source pixels are skipped. */
void      tsr_image_blit       (TsrImage       *image,
                                const TsrImage *source,
                                int             x,
                                int             y);
GBytes   *tsr_image_to_png     (const TsrImage *image,
                                GError        **error);
gboolean  tsr_image_save_png   (const TsrImage *image,
                                const char     *path,
                                GError        **error);
TsrImage *tsr_image_load_png   (const guint8   *data,
                                gsize           size,
                                const char     *label,
                                GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrImage, tsr_image_free)

G_END_DECLS
