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

/* Resource bounds. Every image is capped by area, not only per side: */
#define TSR_IMAGE_MAX_SIDE           32768u
/* the most pixels of any image, also one whose size the user asked for: 64 Mi (256 MiB RGBA); */
#define TSR_IMAGE_MAX_PIXELS         (64u * 1024 * 1024)
/* the most pixels of an image decoded or drawn at a size read from a file of N bytes, without the
 * user asking: max(16 Mi, 16·N) pixels, i.e. at most max(64 MiB, 64·N) bytes — the loaders'
 * memory budget — and never above TSR_IMAGE_MAX_PIXELS. */
#define TSR_IMAGE_NATURAL_MAX_PIXELS (16u * 1024 * 1024)
guint64   tsr_image_budget_pixels (gsize input_size);

/* A transparent image; NULL when a side is 0 or above TSR_IMAGE_MAX_SIDE, or the area above
 * TSR_IMAGE_MAX_PIXELS (never trust sizes from a file). */
TsrImage *tsr_image_new        (guint           width,
                                guint           height);
/* As tsr_image_new, at most MAX_PIXELS pixels; otherwise a TSR_ERROR_OUT_OF_RANGE that names
 * WHAT, the size and the limit ("map: 32768x32768 pixels is above the limit of …"). */
TsrImage *tsr_image_new_checked (guint          width,
                                 guint          height,
                                 guint64        max_pixels,
                                 const char    *what,
                                 GError       **error);
void      tsr_image_free       (TsrImage       *image);
void      tsr_image_set_pixel  (TsrImage       *image,
                                guint           x,
                                guint           y,
                                guint32         rgba); /* 0xRRGGBBAA */
/* Copies SOURCE into IMAGE at (X, Y), clipped; transparent source pixels are skipped. */
/* The WIDTH x HEIGHT rectangle of IMAGE at X, Y, every byte as it is (also of transparent
 * pixels); what lies outside IMAGE is transparent black. (transfer full) */
TsrImage *tsr_image_crop       (const TsrImage *image,
                                guint           x,
                                guint           y,
                                guint           width,
                                guint           height);
/* An exact copy. (transfer full) */
TsrImage *tsr_image_copy       (const TsrImage *image);
/* The size of a WIDTH x HEIGHT picture scaled to fit inside BOX_WIDTH x BOX_HEIGHT keeping its
 * proportions (render --size): one side equals the box's, neither is below 1. */
void      tsr_image_fit_size   (guint           width,
                                guint           height,
                                guint           box_width,
                                guint           box_height,
                                guint          *fit_width,
                                guint          *fit_height);
/* IMAGE scaled to WIDTH x HEIGHT: shrinking averages the pixels each one covers (colours weighted
 * by alpha), enlarging repeats them. NULL as tsr_image_new for a size it refuses. (transfer full) */
TsrImage *tsr_image_scale      (const TsrImage *image,
                                guint           width,
                                guint           height);
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
