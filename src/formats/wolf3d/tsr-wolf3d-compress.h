/* tsr-wolf3d-compress.h: the three compressions of id Software's Wolfenstein 3D data files:
 * RLEW (word runs, maps), Carmack (word back-references, maps) and the VGAGRAPH Huffman code.
 * Expanders read untrusted bytes through a TsrReader and fail cleanly; compressors append to a
 * TsrWriter. Words are little-endian in every stream. */
#pragma once

#include <glib.h>

#include "core/tsr-reader.h"
#include "core/tsr-writer.h"

G_BEGIN_DECLS

#define TSR_WOLF3D_CARMACK_NEAR 0xA7
#define TSR_WOLF3D_CARMACK_FAR  0xA8

/* Expands RLEW words from READER until WORDS words were produced; a run that would pass WORDS
 * is an error. Returns WORDS host-order words. */
guint16 *tsr_wolf3d_rlew_expand     (TsrReader     *reader,
                                     guint16        tag,
                                     gsize          words,
                                     GError       **error);
/* The id encoder: a run becomes (TAG, count, value) when longer than 3 words or when the value
 * is TAG itself; otherwise words are written as they are. */
void     tsr_wolf3d_rlew_compress   (const guint16 *words,
                                     gsize          count,
                                     guint16        tag,
                                     TsrWriter     *writer);

/* Expands a Carmack stream (without its leading length word) to WORDS words. */
guint16 *tsr_wolf3d_carmack_expand  (TsrReader     *reader,
                                     gsize          words,
                                     GError       **error);
/* Writes the Carmack stream (without length word) for WORDS. The parse is optimal for the
 * format's costs (literal 2 bytes, escaped literal 3, near copy 3, far copy 4), found by
 * dynamic programming over every earlier match; copies never overlap their own output, so any
 * decoder (word-by-word or memcpy) expands them alike. */
void     tsr_wolf3d_carmack_compress (const guint16 *words,
                                      gsize          count,
                                      TsrWriter     *writer);

/* The VGADICT tree: 255 nodes of two words; a value below 256 is a byte, else node value-256. */
typedef struct {
  guint16 bit0;
  guint16 bit1;
} TsrWolf3dHuffmanNode;

#define TSR_WOLF3D_HUFFMAN_NODES 255

/* Decodes LENGTH bytes into OUTPUT; runs out of input or a node outside the tree are errors. */
gboolean tsr_wolf3d_huffman_expand  (const TsrWolf3dHuffmanNode *nodes,
                                     TsrReader     *reader,
                                     guint8        *output,
                                     gsize          length,
                                     GError       **error);

G_END_DECLS
