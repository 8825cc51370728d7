/* tsr-wolf3d-compress.c: RLEW, Carmack and Huffman as the Wolfenstein 3D data files use them. */
#include "formats/wolf3d/tsr-wolf3d-compress.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"

guint16 *
tsr_wolf3d_rlew_expand (TsrReader *reader,
                        guint16    tag,
                        gsize      words,
                        GError   **error)
{
  g_autofree guint16 *output = g_new0 (guint16, MAX (words, 1));
  gsize written = 0;

  while (written < words)
    {
      guint16 value;

      if (!tsr_reader_read_u16_le (reader, &value, error))
        return NULL;
      if (value == tag)
        {
          guint16 count, repeated;
          gsize run_offset = tsr_reader_file_offset (reader) - 2;

          if (!tsr_reader_read_u16_le (reader, &count, error)
              || !tsr_reader_read_u16_le (reader, &repeated, error))
            return NULL;
          if (count > words - written)
            {
              tsr_set_error_at (error, TSR_ERROR_INVALID, run_offset,
                                _("%s: RLEW run of %u words passes the end (%zu of %zu words written)"),
                                reader->label, count, written, words);
              return NULL;
            }
          for (guint i = 0; i < count; i++)
            output[written++] = repeated;
        }
      else
        output[written++] = value;
    }
  return g_steal_pointer (&output);
}

void
tsr_wolf3d_rlew_compress (const guint16 *words,
                          gsize          count,
                          guint16        tag,
                          TsrWriter     *writer)
{
  gsize i = 0;

  while (i < count)
    {
      guint16 value = words[i];
      gsize run = 1;

      while (i + run < count && words[i + run] == value && run < G_MAXUINT16)
        run++;
      if (run > 3 || value == tag)
        {
          tsr_writer_write_u16_le (writer, tag);
          tsr_writer_write_u16_le (writer, (guint16) run);
          tsr_writer_write_u16_le (writer, value);
        }
      else
        for (gsize k = 0; k < run; k++)
          tsr_writer_write_u16_le (writer, value);
      i += run;
    }
}

guint16 *
tsr_wolf3d_carmack_expand (TsrReader *reader,
                           gsize      words,
                           GError   **error)
{
  g_autofree guint16 *output = g_new0 (guint16, MAX (words, 1));
  gsize written = 0;

  while (written < words)
    {
      guint8 count, flag;
      gsize start = tsr_reader_file_offset (reader);

      if (!tsr_reader_read_u8 (reader, &count, error) || !tsr_reader_read_u8 (reader, &flag, error))
        {
          tsr_error_prefix (error, _("Carmack stream ends after %zu of %zu words"), written, words);
          return NULL;
        }
      if (flag != TSR_WOLF3D_CARMACK_NEAR && flag != TSR_WOLF3D_CARMACK_FAR)
        {
          output[written++] = (guint16) (count | (flag << 8));
          continue;
        }
      if (count == 0)
        {
          guint8 low;

          /* Escape: the word's own high byte is the flag, its low byte follows. */
          if (!tsr_reader_read_u8 (reader, &low, error))
            return NULL;
          output[written++] = (guint16) (low | (flag << 8));
          continue;
        }

      gsize source;
      if (flag == TSR_WOLF3D_CARMACK_NEAR)
        {
          guint8 distance;

          if (!tsr_reader_read_u8 (reader, &distance, error))
            return NULL;
          if (distance == 0 || distance > written)
            {
              tsr_set_error_at (error, TSR_ERROR_INVALID, start,
                                _("%s: Carmack near copy reaches %u words back, only %zu written"), reader->label, distance, written);
              return NULL;
            }
          source = written - distance;
        }
      else
        {
          guint16 offset;

          if (!tsr_reader_read_u16_le (reader, &offset, error))
            return NULL;
          if (offset >= written)
            {
              tsr_set_error_at (error, TSR_ERROR_INVALID, start,
                                _("%s: Carmack far copy from word %u, only %zu written"), reader->label, offset, written);
              return NULL;
            }
          source = offset;
        }
      if (count > words - written)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, start,
                            _("%s: Carmack copy of %u words passes the end (%zu of %zu words written)"),
                            reader->label, count, written, words);
          return NULL;
        }
      /* Word by word, as the original: an overlapping copy repeats what it just wrote. */
      for (guint i = 0; i < count; i++)
        output[written++] = output[source + i];
    }
  return g_steal_pointer (&output);
}

/* ---- Carmack compressor ------------------------------------------------------------------- */

#define CARMACK_MAX_COUNT 255
#define CARMACK_HASH_BITS 12

typedef struct {
  guint32 cost;     /* bytes to encode words [0, i) */
  guint32 from;     /* previous position on the best path */
  guint32 source;   /* copy source word, or G_MAXUINT32 for a literal */
} CarmackStep;

static inline guint
carmack_hash (const guint16 *words, gsize i)
{
  guint32 key = ((guint32) words[i] << 16) | words[i + 1];
  return (key * 2654435761u) >> (32 - CARMACK_HASH_BITS);
}

static inline guint
carmack_literal_cost (guint16 word)
{
  guint8 high = word >> 8;
  return high == TSR_WOLF3D_CARMACK_NEAR || high == TSR_WOLF3D_CARMACK_FAR ? 3 : 2;
}

void
tsr_wolf3d_carmack_compress (const guint16 *words,
                             gsize          count,
                             TsrWriter     *writer)
{
  g_autofree CarmackStep *steps = NULL;
  g_autofree gint32 *head = NULL;
  g_autofree gint32 *chain = NULL;
  g_autofree guint32 *path = NULL;
  gsize path_length = 0;

  if (count == 0)
    return;

  steps = g_new (CarmackStep, count + 1);
  head = g_new (gint32, 1 << CARMACK_HASH_BITS);
  chain = g_new (gint32, count);
  for (gsize i = 0; i <= count; i++)
    steps[i].cost = G_MAXUINT32;
  steps[0].cost = 0;
  for (guint i = 0; i < (1u << CARMACK_HASH_BITS); i++)
    head[i] = -1;

  for (gsize i = 0; i < count; i++)
    {
      guint32 base = steps[i].cost;
      guint literal = base + carmack_literal_cost (words[i]);

      if (literal < steps[i + 1].cost)
        {
          steps[i + 1].cost = literal;
          steps[i + 1].from = (guint32) i;
          steps[i + 1].source = G_MAXUINT32;
        }

      if (i + 1 < count)
        {
          guint h = carmack_hash (words, i);

          /* Far copies address words 0..65535; nearer candidates come first in the chain. */
          for (gint32 j = head[h]; j >= 0; j = chain[j])
            {
              gsize distance = i - (gsize) j;
              gsize limit = MIN (MIN ((gsize) CARMACK_MAX_COUNT, count - i), distance);
              gboolean near = distance <= 255;
              guint cost;
              gsize length = 0;

              if (!near && j > G_MAXUINT16)
                continue;
              while (length < limit && words[j + length] == words[i + length])
                length++;
              cost = near ? 3 : 4;
              for (gsize l = 2; l <= length; l++)
                if (base + cost < steps[i + l].cost)
                  {
                    steps[i + l].cost = base + cost;
                    steps[i + l].from = (guint32) i;
                    steps[i + l].source = (guint32) j;
                  }
            }
          chain[i] = head[h];
          head[h] = (gint32) i;
        }
    }

  /* Walk the best path back, then write it forwards. */
  path = g_new (guint32, count + 1);
  for (gsize at = count; at > 0; at = steps[at].from)
    path[path_length++] = (guint32) at;

  gsize position = 0;
  while (path_length > 0)
    {
      gsize end = path[--path_length];
      const CarmackStep *step = &steps[end];

      if (step->source == G_MAXUINT32)
        {
          guint16 word = words[position];
          guint8 high = word >> 8;

          if (high == TSR_WOLF3D_CARMACK_NEAR || high == TSR_WOLF3D_CARMACK_FAR)
            {
              tsr_writer_write_u8 (writer, 0);
              tsr_writer_write_u8 (writer, high);
              tsr_writer_write_u8 (writer, word & 0xFF);
            }
          else
            tsr_writer_write_u16_le (writer, word);
        }
      else
        {
          gsize length = end - position;
          gsize distance = position - step->source;

          tsr_writer_write_u8 (writer, (guint8) length);
          if (distance <= 255)
            {
              tsr_writer_write_u8 (writer, TSR_WOLF3D_CARMACK_NEAR);
              tsr_writer_write_u8 (writer, (guint8) distance);
            }
          else
            {
              tsr_writer_write_u8 (writer, TSR_WOLF3D_CARMACK_FAR);
              tsr_writer_write_u16_le (writer, (guint16) step->source);
            }
        }
      position = end;
    }
}

/* ---- Huffman ------------------------------------------------------------------------------ */

gboolean
tsr_wolf3d_huffman_expand (const TsrWolf3dHuffmanNode *nodes,
                           TsrReader                  *reader,
                           guint8                     *output,
                           gsize                       length,
                           GError                    **error)
{
  const TsrWolf3dHuffmanNode *node = &nodes[TSR_WOLF3D_HUFFMAN_NODES - 1];
  gsize written = 0;
  guint8 input = 0;
  guint mask = 0;

  while (written < length)
    {
      guint16 value;

      if (mask == 0)
        {
          if (!tsr_reader_read_u8 (reader, &input, error))
            {
              tsr_error_prefix (error, _("Huffman data ends after %zu of %zu bytes"), written, length);
              return FALSE;
            }
          mask = 1;
        }
      value = (input & mask) ? node->bit1 : node->bit0;
      mask = (mask << 1) & 0xFF;
      if (value < 256)
        {
          output[written++] = (guint8) value;
          node = &nodes[TSR_WOLF3D_HUFFMAN_NODES - 1];
        }
      else if (value - 256 < TSR_WOLF3D_HUFFMAN_NODES)
        node = &nodes[value - 256];
      else
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, tsr_reader_file_offset (reader),
                            _("%s: Huffman node value %u outside the 255-node tree"),
                            reader->label, value);
          return FALSE;
        }
    }
  return TRUE;
}
