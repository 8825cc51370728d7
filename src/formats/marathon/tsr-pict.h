/* tsr-pict.h: QuickDraw pictures (PICT 1 and 2) as Marathon's Images files hold them, decoded to
 * RGBA and encoded from RGBA; and 'clut' colour tables. Only the bitmap opcodes draw; drawing
 * opcodes the engine skips are skipped here too; anything else stops with NOT_SUPPORTED. */
#pragma once

#include <glib.h>

#include "core/tsr-image.h"

G_BEGIN_DECLS

typedef struct {
  guint16 value;  /* pixel value the entry defines (ignored for device colour tables) */
  guint16 red, green, blue;
} TsrPictColor;

typedef struct {
  guint32       seed;
  guint16       flags;   /* 0x8000: device table, the entry's position is its pixel value */
  guint         count;
  TsrPictColor *colors;
} TsrPictColorTable;

typedef struct {
  gint16   top, left, bottom, right; /* the picture frame */
  guint    version;                  /* 1 or 2 */
  guint    depth;                    /* deepest bitmap opcode (1, 2, 4, 8, 16, 32; 0 for none) */
  guint    pack_type;                /* of the deepest bitmap */
  guint    bitmap_count;             /* PackBits/DirectBits/BitsRect opcodes */
  guint    opcode_count;
  guint    clut_entries;             /* entries of the first indexed bitmap's colour table */
} TsrPictInfo;

/* Walks the opcodes without decoding pixels (fast; for info). */
gboolean  tsr_pict_read_info     (const guint8 *data,
                                  gsize         size,
                                  TsrPictInfo  *info,
                                  GError      **error);
/* Draws the picture into an image of its frame's size (opaque black where nothing is drawn).
 * A QuickTime-compressed or otherwise undrawable picture fails with TSR_ERROR_NOT_SUPPORTED
 * ("unsupported: opcode 0x8200 ..."), never with garbage pixels. INFO may be NULL. */
TsrImage *tsr_pict_decode        (const guint8 *data,
                                  gsize         size,
                                  TsrPictInfo  *info,
                                  GError      **error);

typedef enum {
  TSR_PICT_ENCODE_AUTO,     /* 8-bit with its own colour table when 256 colours suffice, else 32 */
  TSR_PICT_ENCODE_INDEXED8, /* fails when the image has more than 256 colours */
  TSR_PICT_ENCODE_DIRECT32,
} TsrPictEncoding;

/* A PICT 2 with one PackBitsRect (8-bit) or DirectBitsRect (32-bit, pack type 4); alpha is
 * dropped (pictures are opaque). */
GBytes   *tsr_pict_encode        (const TsrImage *image,
                                  TsrPictEncoding encoding,
                                  GError        **error);

/* A 'clut' resource: seed, flags, count - 1, then 8-byte entries. */
gboolean  tsr_pict_parse_clut    (const guint8      *data,
                                  gsize              size,
                                  TsrPictColorTable *table,
                                  GError           **error);
void      tsr_pict_color_table_clear (TsrPictColorTable *table);
/* A 16-pixel-per-entry swatch strip of a colour table (for extract). */
TsrImage *tsr_pict_clut_render   (const TsrPictColorTable *table);

/* PackBits: unpacks exactly OUT_SIZE bytes of UNIT-byte items (1, or 2 for 16-bit pixels).
 * Fails when the input ends early or runs past OUT_SIZE. */
gboolean  tsr_packbits_unpack    (const guint8 *in,
                                  gsize         in_size,
                                  guint8       *out,
                                  gsize         out_size,
                                  guint         unit,
                                  GError      **error);
void      tsr_packbits_pack      (const guint8 *in,
                                  gsize         in_size,
                                  GByteArray   *out);

G_END_DECLS
