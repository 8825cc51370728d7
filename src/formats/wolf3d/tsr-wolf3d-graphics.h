/* tsr-wolf3d-graphics.h: VGAHEAD (3-byte chunk offsets), VGADICT (the Huffman tree) and VGAGRAPH
 * (Huffman-compressed chunks). Chunk 0 is the picture table; the pics follow the two fonts.
 * Every chunk stays as the stored bytes; pics are decoded on demand (four-plane weave). */
#pragma once

#include <glib.h>

#include "formats/wolf3d/tsr-wolf3d-compress.h"

G_BEGIN_DECLS

typedef struct {
  guint16 width;
  guint16 height;
} TsrWolf3dPicSize;

typedef struct {
  TsrWolf3dHuffmanNode nodes[TSR_WOLF3D_HUFFMAN_NODES];
  guint             n_chunks;      /* VGAHEAD entries - 1 */
  gint32           *offsets;       /* n_chunks + 1 entries; -1 for an absent chunk (FF FF FF) */
  guint             n_pics;
  guint             pic_start;     /* chunk of pic 0 */
  TsrWolf3dPicSize *pic_sizes;
  GBytes           *head_bytes;
  GBytes           *dict_bytes;
  GBytes           *graph_bytes;
} TsrWolf3dGraphics;

TsrWolf3dGraphics *tsr_wolf3d_graphics_load       (GBytes        *vgahead,
                                                   GBytes        *vgadict,
                                                   GBytes        *vgagraph,
                                                   GError       **error);
void               tsr_wolf3d_graphics_free       (TsrWolf3dGraphics *graphics);
/* The expanded bytes of a chunk whose data starts with its 32-bit expanded length. */
GBytes            *tsr_wolf3d_graphics_expand_chunk (const TsrWolf3dGraphics *graphics,
                                                     guint          chunk,
                                                     GError       **error);
/* Indexed pixels (width * height, row by row) of pic N; *WIDTH and *HEIGHT from the table. */
guint8            *tsr_wolf3d_graphics_decode_pic (const TsrWolf3dGraphics *graphics,
                                                   guint          pic,
                                                   guint         *width,
                                                   guint         *height,
                                                   GError       **error);

G_END_DECLS
