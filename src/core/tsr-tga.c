/* tsr-tga.c: the TGA decoder (uncompressed and RLE; true-colour, grey and colour-mapped). */
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-tga.h"
#include <glib/gi18n.h>
#include <inttypes.h>

enum {
  TGA_COLOUR_MAPPED = 1,
  TGA_TRUE_COLOUR = 2,
  TGA_GREY = 3,
  TGA_RLE = 8, /* added to the three above */
};

typedef struct {
  guint8  id_length;
  guint8  map_type;
  guint8  image_type;
  guint16 map_first;
  guint16 map_length;
  guint8  map_entry_bits;
  guint16 width;
  guint16 height;
  guint8  pixel_bits;
  guint8  descriptor;
} TgaHeader;

static void
header_parse (const guint8 *data,
              TgaHeader    *header)
{
  header->id_length = data[0];
  header->map_type = data[1];
  header->image_type = data[2];
  header->map_first = (guint16) (data[3] | data[4] << 8);
  header->map_length = (guint16) (data[5] | data[6] << 8);
  header->map_entry_bits = data[7];
  header->width = (guint16) (data[12] | data[13] << 8);
  header->height = (guint16) (data[14] | data[15] << 8);
  header->pixel_bits = data[16];
  header->descriptor = data[17];
}

static gboolean
entry_bits_valid (guint bits)
{
  return bits == 15 || bits == 16 || bits == 24 || bits == 32;
}

/* The header's fields, checked together: what the image type needs and what it allows. */
static gboolean
header_valid (const TgaHeader *header)
{
  guint base = header->image_type & ~(guint) TGA_RLE;

  if (header->map_type > 1 || base < TGA_COLOUR_MAPPED || base > TGA_GREY || (header->image_type & ~11u) != 0)
    return FALSE;
  if (header->width == 0 || header->height == 0 || (header->descriptor & 0xc0) != 0)
    return FALSE;
  if (header->map_type == 1 && !entry_bits_valid (header->map_entry_bits))
    return FALSE;
  switch (base)
    {
    case TGA_COLOUR_MAPPED:
      return header->map_type == 1 && header->pixel_bits == 8;
    case TGA_TRUE_COLOUR:
      return entry_bits_valid (header->pixel_bits);
    default:
      return header->pixel_bits == 8;
    }
}

gboolean
tsr_tga_sniff (const guint8 *data,
               gsize         size)
{
  TgaHeader header;

  if (size < 18)
    return FALSE;
  header_parse (data, &header);
  return header_valid (&header);
}

/* One stored pixel (little-endian BGR(A) or 16-bit ARRRRRGGGGGBBBBB) as RGBA bytes. */
static inline void
pixel_to_rgba (const guint8 *in,
               guint         bits,
               gboolean      alpha_bit,
               guint8       *out)
{
  switch (bits)
    {
    case 32:
      out[0] = in[2]; out[1] = in[1]; out[2] = in[0]; out[3] = in[3];
      break;
    case 24:
      out[0] = in[2]; out[1] = in[1]; out[2] = in[0]; out[3] = 0xff;
      break;
    case 15:
    case 16:
      {
        guint word = in[0] | in[1] << 8;
        guint r = (word >> 10) & 31, g = (word >> 5) & 31, b = word & 31;

        out[0] = (guint8) (r << 3 | r >> 2);
        out[1] = (guint8) (g << 3 | g >> 2);
        out[2] = (guint8) (b << 3 | b >> 2);
        out[3] = alpha_bit && !(word & 0x8000) ? 0 : 0xff;
      }
      break;
    default: /* 8-bit grey */
      out[0] = out[1] = out[2] = in[0]; out[3] = 0xff;
      break;
    }
}

typedef struct {
  TsrImage     *image;
  const guint8 *map;       /* colour map as RGBA, 256 entries (index - map_first) */
  guint         map_count;
  guint         bits;      /* of a stored pixel */
  gboolean      alpha_bit;
  gboolean      top_down;
  gboolean      right_to_left;
  guint         x, y;      /* the next pixel in storage order */
} Target;

/* Stores the pixel IN at the next place; FALSE (with an error) for a colour index the map lacks. */
static inline gboolean
target_put (Target       *target,
            const guint8 *in,
            gsize         offset,
            const char   *label,
            GError      **error)
{
  TsrImage *image = target->image;
  guint dx = target->right_to_left ? image->width - 1 - target->x : target->x;
  guint dy = target->top_down ? target->y : image->height - 1 - target->y;
  guint8 *out = image->pixels + ((gsize) dy * image->width + dx) * 4;

  if (target->map != NULL)
    {
      if (in[0] >= target->map_count)
        {
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, offset,
                            _("%s: colour index %u outside the colour map of %u entries"), label, in[0],
                            target->map_count);
          return FALSE;
        }
      memcpy (out, target->map + in[0] * 4, 4);
    }
  else
    pixel_to_rgba (in, target->bits, target->alpha_bit, out);
  if (++target->x == image->width)
    {
      target->x = 0;
      target->y++;
    }
  return TRUE;
}

TsrImage *
tsr_image_load_tga (const guint8 *data,
                    gsize         size,
                    const char   *label,
                    GError      **error)
{
  TsrReader reader;
  TgaHeader header;
  const guint8 *view;
  guint8 map[256 * 4];
  Target target = { NULL };
  guint bytes_per_pixel;
  guint64 area;
  gboolean rle;

  tsr_reader_init (&reader, data, size, label);
  if (!tsr_reader_read_view (&reader, 18, &view, error))
    return NULL;
  header_parse (view, &header);
  if (!header_valid (&header))
    {
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC, 0,
                        _("%s: not a TGA picture this reader knows (colour map type %u, image type %u, "
                          "%u bits per pixel, %ux%u, descriptor 0x%02x)"), label, header.map_type,
                        header.image_type, header.pixel_bits, header.width, header.height,
                        header.descriptor);
      return NULL;
    }
  if (!tsr_reader_skip (&reader, header.id_length, error))
    return NULL;

  rle = (header.image_type & TGA_RLE) != 0;
  target.bits = header.pixel_bits;
  bytes_per_pixel = (header.pixel_bits + 7) / 8;
  /* Alpha bits 1 on a 16-bit picture: the top bit is alpha (0 = transparent). */
  target.alpha_bit = header.pixel_bits == 16 && (header.descriptor & 0x0f) == 1;
  target.top_down = (header.descriptor & 0x20) != 0;
  target.right_to_left = (header.descriptor & 0x10) != 0;

  if (header.map_type == 1)
    {
      guint entry_bytes = (header.map_entry_bits + 7) / 8;
      gsize map_offset = tsr_reader_file_offset (&reader);
      const guint8 *entries;

      if (!tsr_reader_read_view (&reader, (gsize) header.map_length * entry_bytes, &entries, error))
        {
          tsr_error_prefix (error, _("colour map of %u entries at offset %zu"),
                            header.map_length, map_offset);
          return NULL;
        }
      if ((header.image_type & ~(guint) TGA_RLE) == TGA_COLOUR_MAPPED)
        {
          /* Indices count from map_first; keep the 256 an 8-bit index can reach. */
          if (header.map_first > 255)
            {
              tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, 3,
                                _("%s: colour map starts at index %u, above what 8-bit indices reach"),
                                label, header.map_first);
              return NULL;
            }
          memset (map, 0, sizeof map);
          target.map_count = MIN ((guint) header.map_first + header.map_length, 256u);
          for (guint i = header.map_first; i < target.map_count; i++)
            pixel_to_rgba (entries + (gsize) (i - header.map_first) * entry_bytes, header.map_entry_bits,
                           header.map_entry_bits == 16 && (header.descriptor & 0x0f) == 1, map + i * 4);
          target.map = map;
        }
    }

  /* Refuse sizes the remaining bytes cannot hold before allocating: uncompressed pictures need
   * every pixel, RLE ones at least one packet per 128 pixels. */
  area = (guint64) header.width * header.height;
  if ((!rle && area * bytes_per_pixel > tsr_reader_remaining (&reader))
      || (rle && (area + 127) / 128 * (1 + bytes_per_pixel) > tsr_reader_remaining (&reader)))
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, tsr_reader_file_offset (&reader),
                        _("%s: %ux%u pixels need %s%" PRIu64 " bytes of pixel data, %zu follow"), label, header.width, header.height,
                        rle ? "at least " : "",
                        rle ? (area + 127) / 128 * (1 + bytes_per_pixel) : area * bytes_per_pixel,
                        tsr_reader_remaining (&reader));
      return NULL;
    }
  target.image = tsr_image_new_checked (header.width, header.height, tsr_image_budget_pixels (size),
                                        label, error);
  if (target.image == NULL)
    return NULL;

  if (!rle)
    {
      const guint8 *pixels;

      if (!tsr_reader_read_view (&reader, area * bytes_per_pixel, &pixels, error))
        goto fail;
      for (guint64 i = 0; i < area; i++)
        if (!target_put (&target, pixels + i * bytes_per_pixel,
                         reader.base + (gsize) (pixels - reader.data) + i * bytes_per_pixel, label, error))
          goto fail;
      return target.image;
    }

  for (guint64 done = 0; done < area;)
    {
      gsize packet_offset = tsr_reader_file_offset (&reader);
      guint8 packet;
      guint count;
      const guint8 *pixel;

      if (!tsr_reader_read_u8 (&reader, &packet, error))
        goto truncated;
      count = (packet & 0x7f) + 1u;
      if (count > area - done)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, packet_offset,
                            _("%s: RLE packet of %u pixels runs past the picture's %" PRIu64
                              " pixels (%" PRIu64 " left)"), label, count, area, area - done);
          goto fail;
        }
      if (packet & 0x80)
        {
          if (!tsr_reader_read_view (&reader, bytes_per_pixel, &pixel, error))
            goto truncated;
          for (guint i = 0; i < count; i++)
            if (!target_put (&target, pixel, packet_offset + 1, label, error))
              goto fail;
        }
      else
        {
          if (!tsr_reader_read_view (&reader, (gsize) count * bytes_per_pixel, &pixel, error))
            goto truncated;
          for (guint i = 0; i < count; i++)
            if (!target_put (&target, pixel + i * bytes_per_pixel, packet_offset + 1 + i * bytes_per_pixel,
                             label, error))
              goto fail;
        }
      done += count;
    }
  return target.image;

truncated:
  tsr_error_prefix (error, _("RLE pixel data, %u of %u rows decoded"), target.y, header.height);
fail:
  tsr_image_free (target.image);
  return NULL;
}
