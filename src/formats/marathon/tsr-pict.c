/* tsr-pict.c: QuickDraw PICT decoding (the opcodes Marathon's pictures use) and encoding. */
#include "formats/marathon/tsr-pict.h"

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include <glib/gi18n.h>
#include <inttypes.h>

#define PICT_MAX_SIDE 32768
/* Pictures are screens (640x480 in Marathon 2); a frame announcing more than this many pixels is
 * refused rather than allocated. */
#define PICT_MAX_PIXELS (32u * 1024 * 1024)

typedef struct {
  TsrReader    reader;
  gboolean     version2;
  TsrPictInfo *info;
  TsrImage    *canvas;  /* NULL when only walking the opcodes */
} PictState;

typedef struct {
  gint16 top, left, bottom, right;
} PictRect;

static gboolean
read_rect (TsrReader *reader, PictRect *rect, GError **error)
{
  return tsr_reader_read_s16_be (reader, &rect->top, error)
         && tsr_reader_read_s16_be (reader, &rect->left, error)
         && tsr_reader_read_s16_be (reader, &rect->bottom, error)
         && tsr_reader_read_s16_be (reader, &rect->right, error);
}

static gboolean
skip_sized (TsrReader *reader, gboolean long_size, gsize subtract, GError **error)
{
  if (long_size)
    {
      guint32 length;
      return tsr_reader_read_u32_be (reader, &length, error) && tsr_reader_skip (reader, length, error);
    }
  else
    {
      guint16 length;
      if (!tsr_reader_read_u16_be (reader, &length, error))
        return FALSE;
      if (length < subtract)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, tsr_reader_file_offset (reader) - 2,
                            _("%s: a size of at least %zu expected, found %u"),
                            reader->label, subtract, length);
          return FALSE;
        }
      return tsr_reader_skip (reader, length - subtract, error);
    }
}

/* Text opcodes: a fixed part, a count byte and that many characters. */
static gboolean
skip_text (TsrReader *reader, gsize fixed, GError **error)
{
  guint8 count;

  return tsr_reader_skip (reader, fixed, error) && tsr_reader_read_u8 (reader, &count, error)
         && tsr_reader_skip (reader, count, error);
}

/* Fixed data sizes of opcodes 0x00..0xAF; -1 where the size is computed, -2 where unsupported. */
static int
fixed_opcode_size (guint opcode)
{
  static const signed char small[0x30] = {
    /* 00 */ 0, -1, 8, 2, 1, 2, 4, 4, 2, 8, 8, 4, 4, 2, 4, 4,
    /* 10 */ 8, -1, -2, -2, -2, 2, 2, 0, 0, 0, 6, 6, 0, 6, 0, 6,
    /* 20 */ 8, 4, 6, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, 10, 8, -1,
  };

  if (opcode < 0x30)
    return small[opcode];
  if (opcode < 0x60)
    return (opcode & 0x08) ? 0 : 8;           /* rects, round rects, ovals; "same" forms */
  if (opcode < 0x70)
    return (opcode & 0x08) ? 4 : 12;          /* arcs */
  if (opcode < 0x78)
    return -1;                                /* polygons */
  if (opcode < 0x80)
    return 0;
  if (opcode < 0x88)
    return -1;                                /* regions */
  if (opcode < 0x90)
    return 0;
  return -1;
}

static void
fill_gray_table (guint32 *palette, guint depth)
{
  guint count = 1u << depth;

  for (guint i = 0; i < count; i++)
    {
      guint8 v = (guint8) (255 - (i * 255) / (count - 1));
      palette[i] = ((guint32) v << 24) | ((guint32) v << 16) | ((guint32) v << 8) | 0xff;
    }
}

static gboolean
read_color_table (TsrReader *reader, guint32 *palette, TsrPictInfo *info, GError **error)
{
  guint32 seed;
  guint16 flags, size;
  guint count;

  if (!tsr_reader_read_u32_be (reader, &seed, error)
      || !tsr_reader_read_u16_be (reader, &flags, error)
      || !tsr_reader_read_u16_be (reader, &size, error))
    return FALSE;
  count = size == 0xffff ? 0 : (guint) size + 1;
  if (count > 256)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, tsr_reader_file_offset (reader) - 2,
                        _("%s: colour table of at most 256 entries expected, found %u"),
                        reader->label, count);
      return FALSE;
    }
  if (info->clut_entries == 0)
    info->clut_entries = count;
  for (guint i = 0; i < count; i++)
    {
      guint16 value, r, g, b;

      if (!tsr_reader_read_u16_be (reader, &value, error)
          || !tsr_reader_read_u16_be (reader, &r, error)
          || !tsr_reader_read_u16_be (reader, &g, error)
          || !tsr_reader_read_u16_be (reader, &b, error))
        return FALSE;
      if (flags & 0x8000)
        value = (guint16) i;
      if (value < 256)
        palette[value] = ((guint32) (r >> 8) << 24) | ((guint32) (g >> 8) << 16)
                         | ((guint32) (b >> 8) << 8) | 0xff;
    }
  return TRUE;
}

gboolean
tsr_packbits_unpack (const guint8 *in,
                     gsize         in_size,
                     guint8       *out,
                     gsize         out_size,
                     guint         unit,
                     GError      **error)
{
  gsize i = 0, o = 0;

  while (o < out_size)
    {
      guint8 flag;

      if (i >= in_size)
        goto short_input;
      flag = in[i++];
      if (flag < 128)
        {
          gsize count = ((gsize) flag + 1) * unit;
          if (count > in_size - i)
            goto short_input;
          if (count > out_size - o)
            goto overrun;
          memcpy (out + o, in + i, count);
          i += count;
          o += count;
        }
      else if (flag > 128)
        {
          gsize repeat = 257 - (gsize) flag;
          if (unit > in_size - i)
            goto short_input;
          if (repeat * unit > out_size - o)
            goto overrun;
          for (gsize k = 0; k < repeat; k++)
            {
              memcpy (out + o, in + i, unit);
              o += unit;
            }
          i += unit;
        }
      /* 128 is a no-op. */
    }
  return TRUE;

short_input:
  g_set_error (error, TSR_ERROR, TSR_ERROR_TRUNCATED,
               _("PackBits row ends after %zu of %zu bytes"), o, out_size);
  return FALSE;
overrun:
  g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
               _("PackBits row runs past its %zu bytes"), out_size);
  return FALSE;
}

void
tsr_packbits_pack (const guint8 *in, gsize in_size, GByteArray *out)
{
  gsize i = 0;

  while (i < in_size)
    {
      gsize run = 1;

      while (i + run < in_size && run < 128 && in[i + run] == in[i])
        run++;
      if (run >= 3 || (run == 2 && i + run == in_size))
        {
          guint8 header[2] = { (guint8) (257 - run), in[i] };
          g_byte_array_append (out, header, 2);
          i += run;
        }
      else
        {
          gsize start = i, literal = 0;
          guint8 count;

          while (i < in_size && literal < 128)
            {
              if (i + 2 < in_size && in[i] == in[i + 1] && in[i] == in[i + 2])
                break;
              i++;
              literal++;
            }
          count = (guint8) (literal - 1);
          g_byte_array_append (out, &count, 1);
          g_byte_array_append (out, in + start, (guint) literal);
        }
    }
}

static inline guint32
x1rgb5_to_rgba (guint16 v)
{
  guint r = (v >> 10) & 31, g = (v >> 5) & 31, b = v & 31;

  r = (r << 3) | (r >> 2);
  g = (g << 3) | (g >> 2);
  b = (b << 3) | (b >> 2);
  return (r << 24) | (g << 16) | (b << 8) | 0xff;
}

static void
put_pixel (TsrImage *canvas, int x, int y, guint32 rgba)
{
  guint8 *p;

  if (x < 0 || y < 0 || (guint) x >= canvas->width || (guint) y >= canvas->height)
    return;
  p = canvas->pixels + ((gsize) y * canvas->width + (gsize) x) * 4;
  p[0] = (guint8) (rgba >> 24);
  p[1] = (guint8) (rgba >> 16);
  p[2] = (guint8) (rgba >> 8);
  p[3] = (guint8) rgba;
}

/* The bitmap opcodes: PackBitsRect/Rgn, DirectBitsRect/Rgn, BitsRect/Rgn. */
static gboolean
read_bits (PictState *state, guint opcode, GError **error)
{
  TsrReader *reader = &state->reader;
  gboolean direct = opcode == 0x9a || opcode == 0x9b;
  gboolean region = opcode & 1;
  gboolean packed_op = opcode >= 0x98;
  guint16 row_bytes_flags, pack_type = 0, pixel_size = 1, component_count = 1;
  guint row_bytes, width, height;
  PictRect bounds, source, destination;
  guint32 palette[256];
  gsize needed, raw, unpacked;
  g_autofree guint8 *line = NULL;
  gsize start = tsr_reader_file_offset (reader);

  if (direct && !tsr_reader_skip (reader, 4, error))
    return FALSE;
  if (!tsr_reader_read_u16_be (reader, &row_bytes_flags, error) || !read_rect (reader, &bounds, error))
    return FALSE;
  row_bytes = row_bytes_flags & 0x3fff;

  for (guint i = 0; i < 256; i++)
    palette[i] = 0x000000ff;
  if (row_bytes_flags & 0x8000)
    {
      guint16 version, pixel_type, component_size;
      guint32 ignored;

      if (!tsr_reader_read_u16_be (reader, &version, error)
          || !tsr_reader_read_u16_be (reader, &pack_type, error)
          || !tsr_reader_read_u32_be (reader, &ignored, error)
          || !tsr_reader_skip (reader, 8, error)
          || !tsr_reader_read_u16_be (reader, &pixel_type, error)
          || !tsr_reader_read_u16_be (reader, &pixel_size, error)
          || !tsr_reader_read_u16_be (reader, &component_count, error)
          || !tsr_reader_read_u16_be (reader, &component_size, error)
          || !tsr_reader_skip (reader, 12, error))
        return FALSE;
      if (!direct && !read_color_table (reader, palette, state->info, error))
        return FALSE;
    }
  else
    {
      if (direct)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, start,
                            _("%s: DirectBits opcode 0x%04x expects a PixMap (row bytes flag 0x8000)"),
                            reader->label, opcode);
          return FALSE;
        }
      fill_gray_table (palette, 1);
    }

  if (!read_rect (reader, &source, error) || !read_rect (reader, &destination, error)
      || !tsr_reader_skip (reader, 2, error))
    return FALSE;
  if (region && !skip_sized (reader, FALSE, 2, error))
    return FALSE;

  if (bounds.right <= bounds.left || bounds.bottom <= bounds.top
      || bounds.right - bounds.left > PICT_MAX_SIDE || bounds.bottom - bounds.top > PICT_MAX_SIDE)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, start, _("%s: bitmap bounds %d,%d-%d,%d are empty"),
                        reader->label, bounds.left, bounds.top, bounds.right, bounds.bottom);
      return FALSE;
    }
  width = (guint) (bounds.right - bounds.left);
  height = (guint) (bounds.bottom - bounds.top);

  /* NEEDED: bytes of a row the pixels come from; RAW: bytes an unpacked row takes in the file;
   * UNPACKED: bytes a packed row expands to. */
  switch (pixel_size)
    {
    case 1: case 2: case 4: case 8:
      if (direct)
        goto unsupported_depth;
      needed = ((gsize) width * pixel_size + 7) / 8;
      raw = unpacked = row_bytes;
      break;
    case 16:
      needed = (gsize) width * 2;
      raw = unpacked = row_bytes;
      break;
    case 32:
      if (component_count != 3 && component_count != 4)
        {
          tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, start,
                            _("unsupported: %u components in a 32-bit pixmap"), component_count);
          return FALSE;
        }
      if (pack_type == 2)
        needed = raw = unpacked = (gsize) width * 3;
      else if (pack_type == 1 || row_bytes < 8)
        {
          needed = (gsize) width * 4;
          raw = unpacked = row_bytes;
        }
      else
        {
          needed = unpacked = (gsize) width * component_count;
          raw = row_bytes;
        }
      break;
    default:
      goto unsupported_depth;
    }
  if (raw < needed || unpacked < needed)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, start,
                        _("%s: row bytes %u expected to hold %u pixels of %u bits"),
                        reader->label, row_bytes, width, pixel_size);
      return FALSE;
    }

  if (pixel_size > state->info->depth)
    {
      state->info->depth = pixel_size;
      state->info->pack_type = pack_type;
    }
  state->info->bitmap_count++;

  line = g_malloc (MAX (raw, unpacked) + 1);
  for (guint y = 0; y < height; y++)
    {
      gboolean packed;

      if (pixel_size == 32 && pack_type == 2)
        packed = FALSE;
      else
        packed = packed_op && row_bytes >= 8 && pack_type != 1;

      if (!packed)
        {
          if (!tsr_reader_read_bytes (reader, raw, line, error))
            return FALSE;
        }
      else
        {
          guint16 count;
          guint8 count8;
          const guint8 *packed_data;
          gsize row_offset = tsr_reader_file_offset (reader);

          if (row_bytes > 250)
            {
              if (!tsr_reader_read_u16_be (reader, &count, error))
                return FALSE;
            }
          else
            {
              if (!tsr_reader_read_u8 (reader, &count8, error))
                return FALSE;
              count = count8;
            }
          if (!tsr_reader_read_view (reader, count, &packed_data, error))
            return FALSE;
          if (state->canvas != NULL)
            {
              g_autoptr(GError) row_error = NULL;

              if (!tsr_packbits_unpack (packed_data, count, line, unpacked, pixel_size == 16 ? 2 : 1,
                                        &row_error))
                {
                  tsr_set_error_at (error, row_error->code, row_offset, _("%s: row %u: %s"), reader->label, y,
                                    row_error->message);
                  return FALSE;
                }
            }
        }

      if (state->canvas == NULL)
        continue;

      for (guint x = 0; x < width; x++)
        {
          guint32 rgba;
          int cx = destination.left + (bounds.left + (int) x - source.left) - state->info->left;
          int cy = destination.top + (bounds.top + (int) y - source.top) - state->info->top;

          switch (pixel_size)
            {
            case 1: case 2: case 4: case 8:
              {
                gsize bit = (gsize) x * pixel_size;
                guint value = (line[bit / 8] >> (8 - pixel_size - bit % 8)) & ((1u << pixel_size) - 1);
                rgba = palette[value];
              }
              break;
            case 16:
              rgba = x1rgb5_to_rgba ((guint16) ((line[x * 2] << 8) | line[x * 2 + 1]));
              break;
            default:
              if (pack_type == 2)
                rgba = ((guint32) line[x * 3] << 24) | ((guint32) line[x * 3 + 1] << 16)
                       | ((guint32) line[x * 3 + 2] << 8) | 0xff;
              else if (pack_type == 1 || row_bytes < 8)
                rgba = ((guint32) line[x * 4 + 1] << 24) | ((guint32) line[x * 4 + 2] << 16)
                       | ((guint32) line[x * 4 + 3] << 8) | 0xff;
              else
                {
                  gsize plane = component_count == 4 ? width : 0; /* alpha plane first: skipped */
                  rgba = ((guint32) line[plane + x] << 24) | ((guint32) line[plane + width + x] << 16)
                         | ((guint32) line[plane + 2 * (gsize) width + x] << 8) | 0xff;
                }
              break;
            }
          put_pixel (state->canvas, cx, cy, rgba);
        }
    }
  return TRUE;

unsupported_depth:
  tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, start,
                    _("unsupported: %u-bit pixels in opcode 0x%04x"), pixel_size, opcode);
  return FALSE;
}

static gboolean
align_word (PictState *state, GError **error)
{
  if (state->version2 && (state->reader.pos & 1))
    return tsr_reader_skip (&state->reader, 1, error);
  return TRUE;
}

static gboolean
walk_opcodes (PictState *state, GError **error)
{
  TsrReader *reader = &state->reader;

  for (;;)
    {
      guint opcode;
      int size;
      gsize at;

      if (!align_word (state, error))
        return FALSE;
      at = tsr_reader_file_offset (reader);
      if (state->version2)
        {
          guint16 op16;
          if (!tsr_reader_read_u16_be (reader, &op16, error))
            return FALSE;
          opcode = op16;
        }
      else
        {
          guint8 op8;
          if (!tsr_reader_read_u8 (reader, &op8, error))
            return FALSE;
          opcode = op8;
        }
      state->info->opcode_count++;

      if (opcode == 0x00ff)
        return TRUE;
      if (opcode == 0x0011)
        {
          if (!tsr_reader_skip (reader, state->version2 ? 2 : 1, error))
            return FALSE;
          continue;
        }
      if (opcode == 0x0090 || opcode == 0x0091 || (opcode >= 0x0098 && opcode <= 0x009b))
        {
          if (!read_bits (state, opcode, error))
            return FALSE;
          continue;
        }
      if (opcode == 0x8200 || opcode == 0x8201)
        {
          tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, at,
                            _("unsupported: opcode 0x%04x (QuickTime-compressed picture)"), opcode);
          return FALSE;
        }
      if (opcode >= 0x8100)
        {
          if (!skip_sized (reader, TRUE, 0, error))
            return FALSE;
          continue;
        }
      if (opcode >= 0x8000)
        continue;
      if (opcode >= 0x0100)
        {
          if (!tsr_reader_skip (reader, (gsize) (opcode >> 8) * 2, error))
            return FALSE;
          continue;
        }
      if (opcode >= 0x00d0)
        {
          if (!skip_sized (reader, TRUE, 0, error))
            return FALSE;
          continue;
        }
      if (opcode >= 0x00b0)
        continue;
      if (opcode == 0x00a0)
        {
          if (!tsr_reader_skip (reader, 2, error))
            return FALSE;
          continue;
        }
      if (opcode == 0x00a1)
        {
          if (!tsr_reader_skip (reader, 2, error) || !skip_sized (reader, FALSE, 0, error))
            return FALSE;
          continue;
        }
      if (opcode >= 0x0092)
        {
          if (!skip_sized (reader, FALSE, 0, error))
            return FALSE;
          continue;
        }

      size = fixed_opcode_size (opcode);
      if (size >= 0)
        {
          if (!tsr_reader_skip (reader, (gsize) size, error))
            return FALSE;
          continue;
        }
      switch (opcode)
        {
        case 0x0001:                          /* clip region */
        case 0x0070: case 0x0071: case 0x0072: case 0x0073: case 0x0074:
        case 0x0075: case 0x0076: case 0x0077:
        case 0x0080: case 0x0081: case 0x0082: case 0x0083: case 0x0084:
        case 0x0085: case 0x0086: case 0x0087:
          if (!skip_sized (reader, FALSE, 2, error))
            return FALSE;
          continue;
        case 0x0024: case 0x0025: case 0x0026: case 0x0027: case 0x002c: case 0x002f:
          if (!skip_sized (reader, FALSE, 0, error))
            return FALSE;
          continue;
        case 0x0028:
          if (!skip_text (reader, 4, error))
            return FALSE;
          continue;
        case 0x0029: case 0x002a:
          if (!skip_text (reader, 1, error))
            return FALSE;
          continue;
        case 0x002b:
          if (!skip_text (reader, 2, error))
            return FALSE;
          continue;
        default:
          tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, at, _("unsupported: opcode 0x%04x"), opcode);
          return FALSE;
        }
    }
}

static gboolean
pict_run (const guint8 *data, gsize size, TsrPictInfo *info, gboolean draw, TsrImage **image,
          GError **error)
{
  PictState state = { 0 };
  guint16 size_field;
  const guint8 *version;
  g_autoptr(TsrImage) canvas = NULL;

  memset (info, 0, sizeof *info);
  tsr_reader_init (&state.reader, data, size, "PICT");
  state.info = info;
  if (!tsr_reader_read_u16_be (&state.reader, &size_field, error)
      || !tsr_reader_read_s16_be (&state.reader, &info->top, error)
      || !tsr_reader_read_s16_be (&state.reader, &info->left, error)
      || !tsr_reader_read_s16_be (&state.reader, &info->bottom, error)
      || !tsr_reader_read_s16_be (&state.reader, &info->right, error)
      || !tsr_reader_read_view (&state.reader, 2, &version, error))
    return FALSE;
  if (version[0] == 0x11 && version[1] == 0x01)
    info->version = 1;
  else if (version[0] == 0x00 && version[1] == 0x11)
    {
      info->version = 2;
      state.version2 = TRUE;
      state.reader.pos -= 2;
    }
  else
    {
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC, 10,
                        _("PICT: version opcode 0x1101 or 0x0011 expected, found 0x%02x%02x"),
                        version[0], version[1]);
      return FALSE;
    }
  if (info->right <= info->left || info->bottom <= info->top
      || info->right - info->left > PICT_MAX_SIDE || info->bottom - info->top > PICT_MAX_SIDE)
    {
      /* Not supported rather than invalid: the engine reads the frame and never uses it. */
      tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, 2, _("PICT: frame %d,%d-%d,%d is empty"),
                        info->left, info->top, info->right, info->bottom);
      return FALSE;
    }
  if (draw)
    {
      TsrPictInfo walked;

      /* The loaders' budget: a picture of N bytes may not make more than max(16 Mi, 16·N)
       * pixels (PackBits cannot compress better than that). */
      guint64 limit = MIN (tsr_image_budget_pixels (size), (guint64) PICT_MAX_PIXELS);

      if ((guint64) (info->right - info->left) * (guint64) (info->bottom - info->top) > limit)
        {
          tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, 2,
                            _("unsupported: a %dx%d frame (more than %" PRIu64 " pixels, the "
                              "limit for a picture of %zu bytes)"), info->right - info->left,
                            info->bottom - info->top, limit, size);
          return FALSE;
        }
      /* Walk first: a picture whose opcodes are broken fails before any pixel is allocated. */
      if (!pict_run (data, size, &walked, FALSE, NULL, error))
        return FALSE;
      if (walked.bitmap_count == 0)
        {
          /* Where the opcodes start (after the size and the frame). */
          tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, 10,
                            _("unsupported: the picture has no bitmap opcode to draw"));
          return FALSE;
        }
      canvas = tsr_image_new_checked ((guint) (info->right - info->left), (guint) (info->bottom - info->top),
                                      limit, "PICT", error);
      if (canvas == NULL)
        return FALSE;
      for (gsize i = 0; i < (gsize) canvas->width * canvas->height; i++)
        canvas->pixels[i * 4 + 3] = 0xff;
      state.canvas = canvas;
    }
  if (!walk_opcodes (&state, error))
    return FALSE;
  if (draw && info->bitmap_count == 0)
    {
      tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, 10,
                        _("unsupported: the picture has no bitmap opcode to draw"));
      return FALSE;
    }
  if (image != NULL)
    *image = g_steal_pointer (&canvas);
  return TRUE;
}

gboolean
tsr_pict_read_info (const guint8 *data, gsize size, TsrPictInfo *info, GError **error)
{
  return pict_run (data, size, info, FALSE, NULL, error);
}

TsrImage *
tsr_pict_decode (const guint8 *data, gsize size, TsrPictInfo *info, GError **error)
{
  TsrPictInfo local;
  TsrImage *image = NULL;

  if (!pict_run (data, size, info != NULL ? info : &local, TRUE, &image, error))
    return NULL;
  return image;
}

/* ---- Encoding ---------------------------------------------------------------------------- */

static void
write_rect (TsrWriter *writer, guint width, guint height)
{
  tsr_writer_write_u16_be (writer, 0);
  tsr_writer_write_u16_be (writer, 0);
  tsr_writer_write_u16_be (writer, (guint16) height);
  tsr_writer_write_u16_be (writer, (guint16) width);
}

static void
write_packed_row (TsrWriter *writer, const guint8 *row, gsize size, guint row_bytes)
{
  g_autoptr(GByteArray) packed = g_byte_array_new ();

  if (row_bytes < 8)
    {
      tsr_writer_write_bytes (writer, row, row_bytes);
      return;
    }
  tsr_packbits_pack (row, size, packed);
  if (row_bytes > 250)
    tsr_writer_write_u16_be (writer, (guint16) packed->len);
  else
    tsr_writer_write_u8 (writer, (guint8) packed->len);
  tsr_writer_write_bytes (writer, packed->data, packed->len);
}

static void
write_pixmap (TsrWriter *writer, guint pack_type, guint pixel_type, guint pixel_size,
              guint components, guint component_size)
{
  tsr_writer_write_u16_be (writer, 0);              /* version */
  tsr_writer_write_u16_be (writer, (guint16) pack_type);
  tsr_writer_write_u32_be (writer, 0);              /* pack size */
  tsr_writer_write_u32_be (writer, 0x00480000);     /* 72 dpi */
  tsr_writer_write_u32_be (writer, 0x00480000);
  tsr_writer_write_u16_be (writer, (guint16) pixel_type);
  tsr_writer_write_u16_be (writer, (guint16) pixel_size);
  tsr_writer_write_u16_be (writer, (guint16) components);
  tsr_writer_write_u16_be (writer, (guint16) component_size);
  tsr_writer_write_zeros (writer, 12);              /* plane bytes, table, reserved */
}

GBytes *
tsr_pict_encode (const TsrImage *image, TsrPictEncoding encoding, GError **error)
{
  g_autoptr(TsrWriter) writer = NULL;
  g_autoptr(GHashTable) colors = g_hash_table_new (g_direct_hash, g_direct_equal);
  guint32 palette[256];
  guint palette_count = 0;
  gsize pixels;
  gboolean indexed;
  guint width, height;

  g_return_val_if_fail (image != NULL, NULL);
  width = image->width;
  height = image->height;
  if (width > 0x3fff / 4 && encoding != TSR_PICT_ENCODE_INDEXED8)
    encoding = TSR_PICT_ENCODE_INDEXED8;
  if (width > 0x3ffe || height > 0x7fff)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("PICT: %ux%u is too large for a picture"),
                   width, height);
      return NULL;
    }

  pixels = (gsize) width * height;
  for (gsize i = 0; i < pixels && palette_count <= 256; i++)
    {
      const guint8 *p = image->pixels + i * 4;
      guint32 rgb = ((guint32) p[0] << 16) | ((guint32) p[1] << 8) | p[2];

      if (!g_hash_table_contains (colors, GUINT_TO_POINTER (rgb + 1)))
        {
          if (palette_count < 256)
            palette[palette_count] = rgb;
          palette_count++;
          g_hash_table_insert (colors, GUINT_TO_POINTER (rgb + 1), GUINT_TO_POINTER (palette_count - 1));
        }
    }
  indexed = encoding == TSR_PICT_ENCODE_INDEXED8
            || (encoding == TSR_PICT_ENCODE_AUTO && palette_count <= 256);
  if (indexed && palette_count > 256)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("PICT: an 8-bit picture holds 256 colours; the image has more"));
      return NULL;
    }

  writer = tsr_writer_new ();
  tsr_writer_write_u16_be (writer, 0);              /* size, patched (low 16 bits) */
  write_rect (writer, width, height);
  tsr_writer_write_u16_be (writer, 0x0011);
  tsr_writer_write_u16_be (writer, 0x02ff);
  tsr_writer_write_u16_be (writer, 0x0c00);          /* extended version 2 header */
  tsr_writer_write_u16_be (writer, 0xfffe);
  tsr_writer_write_u16_be (writer, 0);
  tsr_writer_write_u32_be (writer, 0x00480000);
  tsr_writer_write_u32_be (writer, 0x00480000);
  write_rect (writer, width, height);
  tsr_writer_write_u32_be (writer, 0);
  tsr_writer_write_u16_be (writer, 0x001e);          /* DefHilite */
  tsr_writer_write_u16_be (writer, 0x0001);          /* clip to the frame */
  tsr_writer_write_u16_be (writer, 10);
  write_rect (writer, width, height);

  if (indexed)
    {
      guint row_bytes = (width + 1) & ~1u;
      g_autofree guint8 *row = g_malloc0 (row_bytes);

      tsr_writer_write_u16_be (writer, 0x0098);
      tsr_writer_write_u16_be (writer, (guint16) (row_bytes | 0x8000));
      write_rect (writer, width, height);
      write_pixmap (writer, 0, 0, 8, 1, 8);
      tsr_writer_write_u32_be (writer, 0);           /* colour table seed */
      tsr_writer_write_u16_be (writer, 0);
      tsr_writer_write_u16_be (writer, (guint16) (palette_count == 0 ? 0 : palette_count - 1));
      for (guint i = 0; i < MAX (palette_count, 1u); i++)
        {
          guint32 rgb = palette_count > 0 ? palette[i] : 0;
          tsr_writer_write_u16_be (writer, (guint16) i);
          tsr_writer_write_u16_be (writer, (guint16) (((rgb >> 16) & 0xff) * 257));
          tsr_writer_write_u16_be (writer, (guint16) (((rgb >> 8) & 0xff) * 257));
          tsr_writer_write_u16_be (writer, (guint16) ((rgb & 0xff) * 257));
        }
      write_rect (writer, width, height);
      write_rect (writer, width, height);
      tsr_writer_write_u16_be (writer, 0);           /* srcCopy */
      for (guint y = 0; y < height; y++)
        {
          for (guint x = 0; x < width; x++)
            {
              const guint8 *p = image->pixels + ((gsize) y * width + x) * 4;
              guint32 rgb = ((guint32) p[0] << 16) | ((guint32) p[1] << 8) | p[2];
              row[x] = (guint8) GPOINTER_TO_UINT (g_hash_table_lookup (colors, GUINT_TO_POINTER (rgb + 1)));
            }
          write_packed_row (writer, row, row_bytes, row_bytes);
        }
    }
  else
    {
      guint row_bytes = width * 4;
      g_autofree guint8 *row = g_malloc0 (row_bytes);

      tsr_writer_write_u16_be (writer, 0x009a);
      tsr_writer_write_u32_be (writer, 0x000000ff);  /* base address */
      tsr_writer_write_u16_be (writer, (guint16) (row_bytes | 0x8000));
      write_rect (writer, width, height);
      write_pixmap (writer, 4, 16, 32, 3, 8);
      write_rect (writer, width, height);
      write_rect (writer, width, height);
      tsr_writer_write_u16_be (writer, 0);
      for (guint y = 0; y < height; y++)
        {
          for (guint x = 0; x < width; x++)
            {
              const guint8 *p = image->pixels + ((gsize) y * width + x) * 4;
              if (row_bytes < 8)
                {
                  row[x * 4] = 0;
                  row[x * 4 + 1] = p[0];
                  row[x * 4 + 2] = p[1];
                  row[x * 4 + 3] = p[2];
                }
              else
                {
                  row[x] = p[0];
                  row[width + x] = p[1];
                  row[2 * width + x] = p[2];
                }
            }
          write_packed_row (writer, row, row_bytes < 8 ? row_bytes : (gsize) width * 3, row_bytes);
        }
    }
  if (tsr_writer_tell (writer) & 1)
    tsr_writer_write_u8 (writer, 0);
  tsr_writer_write_u16_be (writer, 0x00ff);
  tsr_writer_patch_u16_be (writer, 0, (guint16) (tsr_writer_tell (writer) & 0xffff));
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

/* ---- 'clut' resources -------------------------------------------------------------------- */

void
tsr_pict_color_table_clear (TsrPictColorTable *table)
{
  g_clear_pointer (&table->colors, g_free);
  table->count = 0;
}

gboolean
tsr_pict_parse_clut (const guint8 *data, gsize size, TsrPictColorTable *table, GError **error)
{
  TsrReader reader;
  guint16 count_minus_one;

  memset (table, 0, sizeof *table);
  tsr_reader_init (&reader, data, size, "clut");
  if (!tsr_reader_read_u32_be (&reader, &table->seed, error)
      || !tsr_reader_read_u16_be (&reader, &table->flags, error)
      || !tsr_reader_read_u16_be (&reader, &count_minus_one, error))
    return FALSE;
  table->count = count_minus_one == 0xffff ? 0 : (guint) count_minus_one + 1;
  if ((gsize) table->count * 8 > tsr_reader_remaining (&reader))
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, 8, _("clut: %u entries of 8 bytes expected, "
                        "%zu bytes left"), table->count, tsr_reader_remaining (&reader));
      table->count = 0;
      return FALSE;
    }
  table->colors = g_new0 (TsrPictColor, MAX (table->count, 1));
  for (guint i = 0; i < table->count; i++)
    {
      TsrPictColor *color = &table->colors[i];
      if (!tsr_reader_read_u16_be (&reader, &color->value, error)
          || !tsr_reader_read_u16_be (&reader, &color->red, error)
          || !tsr_reader_read_u16_be (&reader, &color->green, error)
          || !tsr_reader_read_u16_be (&reader, &color->blue, error))
        {
          tsr_pict_color_table_clear (table);
          return FALSE;
        }
    }
  return TRUE;
}

TsrImage *
tsr_pict_clut_render (const TsrPictColorTable *table)
{
  /* Large tables (up to 65536 entries) get smaller swatches, so the image stays small. */
  guint swatch = table->count > 1024 ? 4 : 16;
  guint columns = table->count > 1024 ? 256 : 16, rows = MAX ((table->count + columns - 1) / columns, 1u);
  TsrImage *image = tsr_image_new (columns * swatch, rows * swatch);

  for (guint i = 0; i < table->count; i++)
    {
      const TsrPictColor *color = &table->colors[i];
      guint32 rgba = ((guint32) (color->red >> 8) << 24) | ((guint32) (color->green >> 8) << 16)
                     | ((guint32) (color->blue >> 8) << 8) | 0xff;

      for (guint y = 0; y < swatch; y++)
        for (guint x = 0; x < swatch; x++)
          tsr_image_set_pixel (image, (i % columns) * swatch + x, (i / columns) * swatch + y, rgba);
    }
  return image;
}
