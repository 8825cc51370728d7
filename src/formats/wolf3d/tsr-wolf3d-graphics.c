/* tsr-wolf3d-graphics.c: VGAHEAD/VGADICT/VGAGRAPH. */
#include "formats/wolf3d/tsr-wolf3d-graphics.h"

#include <glib/gi18n.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"

/* Chunk 0 is the picture table, 1 and 2 the fonts (every Wolf3D and SoD release has two). */
#define PIC_START 3
/* Nothing in the games expands beyond 64000 bytes (a full 320x200 screen). */
#define MAX_EXPANDED (1u << 20)

void
tsr_wolf3d_graphics_free (TsrWolf3dGraphics *graphics)
{
  if (graphics == NULL)
    return;
  g_free (graphics->offsets);
  g_free (graphics->pic_sizes);
  g_clear_pointer (&graphics->head_bytes, g_bytes_unref);
  g_clear_pointer (&graphics->dict_bytes, g_bytes_unref);
  g_clear_pointer (&graphics->graph_bytes, g_bytes_unref);
  g_free (graphics);
}

GBytes *
tsr_wolf3d_graphics_expand_chunk (const TsrWolf3dGraphics *graphics,
                                  guint                    chunk,
                                  GError                 **error)
{
  g_autofree char *label = g_strdup_printf (_("VGAGRAPH chunk %u"), chunk);
  g_autofree guint8 *output = NULL;
  TsrReader file, data;
  gsize size = 0;
  const guint8 *bytes = g_bytes_get_data (graphics->graph_bytes, &size);
  gint32 start, end;
  guint32 expanded;

  if (chunk >= graphics->n_chunks)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("%s: the set has %u chunks"), label,
                   graphics->n_chunks);
      return NULL;
    }
  start = graphics->offsets[chunk];
  end = -1;
  for (guint next = chunk + 1; next <= graphics->n_chunks && end < 0; next++)
    end = graphics->offsets[next];
  if (start < 0 || end < start)
    {
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, 3 * chunk,
                        _("%s: VGAHEAD offsets %d..%d do not describe a chunk"), label, start, end);
      return NULL;
    }
  tsr_reader_init (&file, bytes, size, "VGAGRAPH");
  if (!tsr_reader_sub (&file, (gsize) start, (gsize) (end - start), label, &data, error)
      || !tsr_reader_read_u32_le (&data, &expanded, error))
    return NULL;
  if (expanded > MAX_EXPANDED)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, (gsize) start,
                        _("%s: expanded length %u expected below %u"), label, expanded, MAX_EXPANDED);
      return NULL;
    }
  output = g_malloc (MAX (expanded, 1));
  if (!tsr_wolf3d_huffman_expand (graphics->nodes, &data, output, expanded, error))
    return NULL;
  return g_bytes_new_take (g_steal_pointer (&output), expanded);
}

TsrWolf3dGraphics *
tsr_wolf3d_graphics_load (GBytes  *vgahead,
                          GBytes  *vgadict,
                          GBytes  *vgagraph,
                          GError **error)
{
  TsrWolf3dGraphics *graphics = g_new0 (TsrWolf3dGraphics, 1);
  g_autoptr(GBytes) table = NULL;
  TsrReader head, dict;
  gsize head_size = 0, dict_size = 0, graph_size = 0;
  const guint8 *head_data = g_bytes_get_data (vgahead, &head_size);
  const guint8 *dict_data = g_bytes_get_data (vgadict, &dict_size);

  g_bytes_get_data (vgagraph, &graph_size);
  graphics->head_bytes = g_bytes_ref (vgahead);
  graphics->dict_bytes = g_bytes_ref (vgadict);
  graphics->graph_bytes = g_bytes_ref (vgagraph);

  tsr_reader_init (&dict, dict_data, dict_size, "VGADICT");
  for (guint i = 0; i < TSR_WOLF3D_HUFFMAN_NODES; i++)
    if (!tsr_reader_read_u16_le (&dict, &graphics->nodes[i].bit0, error)
        || !tsr_reader_read_u16_le (&dict, &graphics->nodes[i].bit1, error))
      goto failed;

  if (head_size < 6 || head_size % 3 != 0)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, head_size,
                        _("VGAHEAD: a multiple of 3 bytes (at least two offsets) expected, %zu bytes"), head_size);
      goto failed;
    }
  tsr_reader_init (&head, head_data, head_size, "VGAHEAD");
  graphics->n_chunks = head_size / 3 - 1;
  graphics->offsets = g_new (gint32, graphics->n_chunks + 1);
  for (guint i = 0; i <= graphics->n_chunks; i++)
    {
      guint8 b[3];
      guint32 value;

      if (!tsr_reader_read_bytes (&head, 3, b, error))
        goto failed;
      value = b[0] | (b[1] << 8) | ((guint32) b[2] << 16);
      graphics->offsets[i] = value == 0xFFFFFF ? -1 : (gint32) value;
      if (graphics->offsets[i] > (gint32) graph_size)
        {
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, 3 * i,
                            _("VGAHEAD: chunk %u offset %u expected within the %zu-byte VGAGRAPH"), i, value, graph_size);
          goto failed;
        }
    }

  table = tsr_wolf3d_graphics_expand_chunk (graphics, 0, error);
  if (table == NULL)
    goto failed;
  {
    gsize table_size = 0;
    const guint8 *table_data = g_bytes_get_data (table, &table_size);
    TsrReader sizes;

    graphics->pic_start = PIC_START;
    graphics->n_pics = table_size / 4;
    if (graphics->n_pics > graphics->n_chunks - MIN (graphics->n_chunks, PIC_START))
      graphics->n_pics = graphics->n_chunks - MIN (graphics->n_chunks, PIC_START);
    graphics->pic_sizes = g_new0 (TsrWolf3dPicSize, MAX (graphics->n_pics, 1));
    tsr_reader_init (&sizes, table_data, table_size, "VGAGRAPH picture table");
    for (guint i = 0; i < graphics->n_pics; i++)
      if (!tsr_reader_read_u16_le (&sizes, &graphics->pic_sizes[i].width, error)
          || !tsr_reader_read_u16_le (&sizes, &graphics->pic_sizes[i].height, error))
        goto failed;
  }
  return graphics;

failed:
  tsr_wolf3d_graphics_free (graphics);
  return NULL;
}

guint8 *
tsr_wolf3d_graphics_decode_pic (const TsrWolf3dGraphics *graphics,
                                guint                    pic,
                                guint                   *width,
                                guint                   *height,
                                GError                 **error)
{
  g_autoptr(GBytes) chunk = NULL;
  const guint8 *planar;
  gsize size = 0;
  guint w, h;
  guint8 *pixels;

  if (pic >= graphics->n_pics)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("VGAGRAPH: pic %u of %u"), pic,
                   graphics->n_pics);
      return NULL;
    }
  w = graphics->pic_sizes[pic].width;
  h = graphics->pic_sizes[pic].height;
  if (w == 0 || h == 0 || w % 4 != 0 || w > 4096 || h > 4096)
    {
      /* The picture table is chunk 0 (its size pairs are Huffman-compressed): its offset in VGAGRAPH. */
      tsr_set_error_at (error, TSR_ERROR_INVALID, (gsize) MAX (graphics->offsets[0], 0),
                        _("VGAGRAPH: pic %u is %ux%u, a width that is a multiple of 4 expected"), pic, w, h);
      return NULL;
    }
  chunk = tsr_wolf3d_graphics_expand_chunk (graphics, graphics->pic_start + pic, error);
  if (chunk == NULL)
    return NULL;
  planar = g_bytes_get_data (chunk, &size);
  if (size < (gsize) w * h)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, (gsize) MAX (graphics->offsets[graphics->pic_start + pic], 0),
                        _("VGAGRAPH: pic %u expands to %zu bytes, %u expected"), pic, size, w * h);
      return NULL;
    }
  /* Four VGA planes one after the other: plane p holds the columns x with x % 4 == p. */
  pixels = g_malloc ((gsize) w * h);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      pixels[(gsize) y * w + x] = planar[(x % 4) * (w / 4) * h + y * (w / 4) + x / 4];
  *width = w;
  *height = h;
  return pixels;
}
