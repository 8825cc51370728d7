/* fuzz-wolf3d-huffman.c: the VGAGRAPH Huffman decoder with a fuzzed tree, and the whole
 * VGAHEAD/VGADICT/VGAGRAPH loader with every pic decoded. Input: 1020 bytes of tree, u16
 * output length, the stream; for the loader: u16 VGAHEAD length, VGAHEAD, 1024 bytes of
 * VGADICT, VGAGRAPH. */
#include <stdint.h>
#include "formats/wolf3d/tsr-wolf3d-graphics.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  TsrWolf3dHuffmanNode nodes[TSR_WOLF3D_HUFFMAN_NODES];
  TsrReader reader;

  if (size >= 1022)
    {
      gsize length = (gsize) (data[1020] | (data[1021] << 8));
      g_autofree guint8 *output = g_malloc (length + 1);

      for (guint i = 0; i < TSR_WOLF3D_HUFFMAN_NODES; i++)
        {
          nodes[i].bit0 = (guint16) (data[4 * i] | (data[4 * i + 1] << 8));
          nodes[i].bit1 = (guint16) (data[4 * i + 2] | (data[4 * i + 3] << 8));
        }
      tsr_reader_init (&reader, data + 1022, size - 1022, "fuzz");
      tsr_wolf3d_huffman_expand (nodes, &reader, output, length, NULL);
    }

  if (size >= 2)
    {
      gsize head_size = MIN ((gsize) (data[0] | (data[1] << 8)), size - 2);
      gsize rest = size - 2 - head_size;
      gsize dict_size = MIN (rest, 1024);
      g_autoptr(GBytes) head = g_bytes_new (data + 2, head_size);
      g_autoptr(GBytes) dict = g_bytes_new (data + 2 + head_size, dict_size);
      g_autoptr(GBytes) graph = g_bytes_new (data + 2 + head_size + dict_size, rest - dict_size);
      TsrWolf3dGraphics *graphics = tsr_wolf3d_graphics_load (head, dict, graph, NULL);

      if (graphics != NULL)
        {
          for (guint p = 0; p < graphics->n_pics && p < 64; p++)
            {
              guint width, height;

              g_free (tsr_wolf3d_graphics_decode_pic (graphics, p, &width, &height, NULL));
            }
          for (guint c = 0; c < graphics->n_chunks && c < 64; c++)
            {
              GBytes *chunk = tsr_wolf3d_graphics_expand_chunk (graphics, c, NULL);

              if (chunk != NULL)
                g_bytes_unref (chunk);
            }
          tsr_wolf3d_graphics_free (graphics);
        }
    }
  return 0;
}
