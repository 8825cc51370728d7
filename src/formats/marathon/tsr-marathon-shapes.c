/* tsr-marathon-shapes.c: Shapes files, collections and their records; bitmap pixels. */
#include "formats/marathon/tsr-marathon-shapes.h"

#include <math.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/tsr-format.h"
#include "formats/marathon/tsr-mac-wrapper.h"
#include "formats/marathon/tsr-wad.h"
#include <glib/gi18n.h>

#define RESOURCE_SHAPES_256 TSR_FOURCC ('.', '2', '5', '6')
#define M1_FIRST_RESOURCE_ID 128

#define SHAPES_HEADER_SIZE 32
#define SHAPES_HEADERS_SIZE (TSR_SHAPES_COLLECTION_COUNT * SHAPES_HEADER_SIZE)
#define BITMAP_MAX_SIDE 4096

static gint16
get_s16 (const guint8 *p)
{
  return (gint16) ((p[0] << 8) | p[1]);
}

static gint32
get_s32 (const guint8 *p)
{
  return (gint32) (((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3]);
}

static void
put_s16 (guint8 *p, gint32 value)
{
  p[0] = (guint8) ((guint32) value >> 8);
  p[1] = (guint8) value;
}

static void
put_s32 (guint8 *p, gint32 value)
{
  p[0] = (guint8) ((guint32) value >> 24);
  p[1] = (guint8) ((guint32) value >> 16);
  p[2] = (guint8) ((guint32) value >> 8);
  p[3] = (guint8) value;
}

guint
tsr_shapes_view_count (gint16 view_code)
{
  switch (view_code)
    {
    case 1: case 10:
      return 1;
    case 3: case 4:
      return 4;
    case 9: case 11:
      return 5;
    case 2: case 5: case 8:
      return 8;
    default:
      return 0;
    }
}

const char *
tsr_shapes_collection_type_name (gint16 type)
{
  switch (type)
    {
    case TSR_SHAPES_COLLECTION_UNUSED:
      return "unused";
    case TSR_SHAPES_COLLECTION_WALL:
      return "wall";
    case TSR_SHAPES_COLLECTION_OBJECT:
      return "object";
    case TSR_SHAPES_COLLECTION_INTERFACE:
      return "interface";
    case TSR_SHAPES_COLLECTION_SCENERY:
      return "scenery";
    default:
      return "unknown";
    }
}

/* ---- Records ----------------------------------------------------------------------------- */

gboolean
tsr_shapes_definition_parse (const guint8 *raw, TsrShapesDefinition *definition)
{
  definition->version = get_s16 (raw);
  definition->type = get_s16 (raw + 2);
  definition->flags = (guint16) get_s16 (raw + 4);
  definition->color_count = get_s16 (raw + 6);
  definition->clut_count = get_s16 (raw + 8);
  definition->clut_offset = get_s32 (raw + 10);
  definition->sequence_count = get_s16 (raw + 14);
  definition->sequence_offset = get_s32 (raw + 16);
  definition->frame_count = get_s16 (raw + 20);
  definition->frame_offset = get_s32 (raw + 22);
  definition->bitmap_count = get_s16 (raw + 26);
  definition->bitmap_offset = get_s32 (raw + 28);
  definition->pixels_to_world = get_s16 (raw + 32);
  definition->size = get_s32 (raw + 34);
  return definition->color_count >= 0 && definition->clut_count >= 0 && definition->sequence_count >= 0
         && definition->frame_count >= 0 && definition->bitmap_count >= 0 && definition->color_count <= 256;
}

void
tsr_shapes_sequence_free (TsrShapesSequence *sequence)
{
  if (sequence == NULL)
    return;
  g_clear_pointer (&sequence->raw, g_bytes_unref);
  g_free (sequence->name);
  g_free (sequence->frame_indexes);
  g_free (sequence);
}

static void
sequence_fill (TsrShapesSequence *sequence)
{
  const guint8 *raw = g_bytes_get_data (sequence->raw, NULL);
  guint8 name_length = MIN (raw[4], 33);

  sequence->type = get_s16 (raw);
  sequence->flags = (guint16) get_s16 (raw + 2);
  g_free (sequence->name);
  sequence->name = tsr_mac_roman_to_utf8 (raw + 5, name_length);
  sequence->view_code = get_s16 (raw + 38);
  sequence->frames_per_view = get_s16 (raw + 40);
  sequence->ticks_per_frame = get_s16 (raw + 42);
  sequence->key_frame = get_s16 (raw + 44);
  sequence->transfer_mode = get_s16 (raw + 46);
  sequence->transfer_period = get_s16 (raw + 48);
  sequence->first_frame_sound = get_s16 (raw + 50);
  sequence->key_frame_sound = get_s16 (raw + 52);
  sequence->last_frame_sound = get_s16 (raw + 54);
  sequence->pixels_to_world = get_s16 (raw + 56);
  sequence->loop_frame = get_s16 (raw + 58);
  sequence->view_count = MAX (tsr_shapes_view_count (sequence->view_code), 1u);
  sequence->index_count = sequence->view_count * (guint) MAX (sequence->frames_per_view, 0);
  g_free (sequence->frame_indexes);
  sequence->frame_indexes = g_new0 (gint16, MAX (sequence->index_count, 1u));
  for (guint i = 0; i < sequence->index_count; i++)
    sequence->frame_indexes[i] = get_s16 (raw + TSR_SHAPES_SEQUENCE_SIZE + 2 * (gsize) i);
}

TsrShapesSequence *
tsr_shapes_sequence_parse (const guint8 *data, gsize size, gboolean exact_size, gsize file_offset,
                           GError **error)
{
  TsrShapesSequence *sequence;
  gint16 frames_per_view, view_code;
  gsize needed;

  if (size < TSR_SHAPES_SEQUENCE_SIZE)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, file_offset,
                        _("sequence: %d bytes expected, %zu left"),
                        TSR_SHAPES_SEQUENCE_SIZE, size);
      return NULL;
    }
  view_code = get_s16 (data + 38);
  frames_per_view = get_s16 (data + 40);
  if (frames_per_view < 0)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, file_offset + 40,
                        _("sequence: frames per view expected >= 0, found %d"), frames_per_view);
      return NULL;
    }
  /* The indexes and one more (unused) index after them. */
  needed = TSR_SHAPES_SEQUENCE_SIZE
           + ((gsize) MAX (tsr_shapes_view_count (view_code), 1u) * (gsize) frames_per_view + 1) * 2;
  if (needed > size)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, file_offset,
                        _("sequence with view code %d and %d frames per view: %zu bytes expected, %zu left"), view_code, frames_per_view,
                        needed, size);
      return NULL;
    }
  sequence = g_new0 (TsrShapesSequence, 1);
  sequence->raw = g_bytes_new (data, exact_size ? size : needed);
  sequence_fill (sequence);
  return sequence;
}

TsrShapesSequence *
tsr_shapes_sequence_new (const char *name, gint16 view_code, gint16 frames_per_view,
                         const gint16 *frame_indexes)
{
  guint views = MAX (tsr_shapes_view_count (view_code), 1u);
  gsize count = (gsize) views * (gsize) MAX (frames_per_view, 0);
  gsize size = TSR_SHAPES_SEQUENCE_SIZE + (count + 1) * 2;
  guint8 *raw = g_malloc0 (size);
  TsrShapesSequence *sequence = g_new0 (TsrShapesSequence, 1);

  if (name != NULL && *name != '\0')
    {
      g_autoptr(GBytes) roman = tsr_utf8_to_mac_roman (name, strlen (name), NULL);
      gsize roman_length = roman != NULL ? MIN (g_bytes_get_size (roman), 33) : 0;

      g_warn_if_fail (roman != NULL);
      raw[4] = (guint8) roman_length;
      if (roman_length > 0)
        memcpy (raw + 5, g_bytes_get_data (roman, NULL), roman_length);
    }
  put_s16 (raw + 38, view_code);
  put_s16 (raw + 40, frames_per_view);
  put_s16 (raw + 42, 1);
  put_s16 (raw + 50, -1);
  put_s16 (raw + 52, -1);
  put_s16 (raw + 54, -1);
  for (gsize i = 0; i < count; i++)
    put_s16 (raw + TSR_SHAPES_SEQUENCE_SIZE + 2 * i, frame_indexes[i]);
  sequence->raw = g_bytes_new_take (raw, size);
  sequence_fill (sequence);
  return sequence;
}

gboolean
tsr_shapes_sequence_set_name (TsrShapesSequence *sequence,
                              const char        *name,
                              GError           **error)
{
  glong bad = -1;
  g_autoptr(GBytes) roman = tsr_utf8_to_mac_roman (name, strlen (name), &bad);
  gsize size, length;
  guint8 *raw;

  if (roman == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("sequence name: character %ld has no Mac Roman code"), bad + 1);
      return FALSE;
    }
  length = g_bytes_get_size (roman);
  if (length > 33)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("sequence name: at most 33 Mac Roman bytes, %zu given"), length);
      return FALSE;
    }
  /* Only the length byte and the name's own bytes change; what lay after a longer old name stays. */
  raw = g_bytes_unref_to_data (g_steal_pointer (&sequence->raw), &size);
  raw[4] = (guint8) length;
  memcpy (raw + 5, g_bytes_get_data (roman, NULL), length);
  sequence->raw = g_bytes_new_take (raw, size);
  sequence_fill (sequence);
  return TRUE;
}

void
tsr_shapes_frame_parse (const guint8 *raw, TsrShapesFrame *frame)
{
  memcpy (frame->raw, raw, TSR_SHAPES_FRAME_SIZE);
  frame->flags = (guint16) get_s16 (raw);
  frame->minimum_light = get_s32 (raw + 2);
  frame->bitmap_index = get_s16 (raw + 6);
  frame->origin_x = get_s16 (raw + 8);
  frame->origin_y = get_s16 (raw + 10);
  frame->key_x = get_s16 (raw + 12);
  frame->key_y = get_s16 (raw + 14);
  frame->world_left = get_s16 (raw + 16);
  frame->world_right = get_s16 (raw + 18);
  frame->world_top = get_s16 (raw + 20);
  frame->world_bottom = get_s16 (raw + 22);
  frame->world_x0 = get_s16 (raw + 24);
  frame->world_y0 = get_s16 (raw + 26);
}

TsrShapesFrame *
tsr_shapes_frame_new (gint16 bitmap_index, guint16 flags)
{
  guint8 raw[TSR_SHAPES_FRAME_SIZE] = { 0 };
  TsrShapesFrame *frame = g_new0 (TsrShapesFrame, 1);

  put_s16 (raw, flags);
  put_s16 (raw + 6, bitmap_index);
  tsr_shapes_frame_parse (raw, frame);
  return frame;
}

void
tsr_shapes_bitmap_free (TsrShapesBitmap *bitmap)
{
  if (bitmap == NULL)
    return;
  g_clear_pointer (&bitmap->raw, g_bytes_unref);
  g_free (bitmap);
}

void
tsr_shapes_color_table_free (TsrShapesColorTable *table)
{
  if (table == NULL)
    return;
  g_free (table->colors);
  g_free (table);
}

/* Walks a bitmap's layout and returns its size, or 0 with an error. */
static gsize
bitmap_measure (const guint8 *data, gsize size, gboolean marathon1, gsize file_offset, GError **error)
{
  gint16 width, height, bytes_per_row;
  guint16 flags;
  gsize scanlines, scanline_length, position;

  if (size < TSR_SHAPES_BITMAP_HEADER_SIZE)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, file_offset, _("bitmap: %d-byte header expected, "
                        "%zu bytes left"), TSR_SHAPES_BITMAP_HEADER_SIZE, size);
      return 0;
    }
  width = get_s16 (data);
  height = get_s16 (data + 2);
  bytes_per_row = get_s16 (data + 4);
  flags = (guint16) get_s16 (data + 6);
  if (width < 0 || height < 0 || width > BITMAP_MAX_SIDE || height > BITMAP_MAX_SIDE)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, file_offset,
                        _("bitmap: size %dx%d expected within 0..%d"), width, height, BITMAP_MAX_SIDE);
      return 0;
    }
  scanlines = (flags & TSR_SHAPES_BITMAP_COLUMN_ORDER) ? (gsize) width : (gsize) height;
  scanline_length = (flags & TSR_SHAPES_BITMAP_COLUMN_ORDER) ? (gsize) height : (gsize) width;
  position = TSR_SHAPES_BITMAP_HEADER_SIZE + (scanlines + 1) * 4;

  if (bytes_per_row >= 0)
    {
      if ((gsize) bytes_per_row < scanline_length)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, file_offset + 4,
                            _("bitmap: %d bytes per scanline expected to hold %zu pixels"),
                            bytes_per_row, scanline_length);
          return 0;
        }
      position += scanlines * (gsize) bytes_per_row;
    }
  else if (marathon1)
    {
      for (gsize s = 0; s < scanlines; s++)
        {
          gsize pixel = 0;

          for (;;)
            {
              gint16 run;

              if (position + 2 > size)
                {
                  tsr_set_error_at (error, TSR_ERROR_TRUNCATED, file_offset + position,
                                    _("bitmap: Marathon 1 run of scanline %zu expected, the data ends"), s);
                  return 0;
                }
              run = get_s16 (data + position);
              position += 2;
              if (run == 0)
                break;
              pixel += run > 0 ? (gsize) run : (gsize) -(gint) run;
              if (pixel > scanline_length)
                {
                  tsr_set_error_at (error, TSR_ERROR_INVALID, file_offset + position - 2,
                                    _("bitmap: scanline %zu runs to pixel %zu, expected within %zu"), s, pixel, scanline_length);
                  return 0;
                }
              if (run > 0)
                position += (gsize) run;
            }
        }
    }
  else
    {
      for (gsize s = 0; s < scanlines; s++)
        {
          gint16 first, last;

          if (position + 4 > size)
            {
              tsr_set_error_at (error, TSR_ERROR_TRUNCATED, file_offset + position,
                                _("bitmap: scanline %zu of %zu expected, the data ends"), s, scanlines);
              return 0;
            }
          first = get_s16 (data + position);
          last = get_s16 (data + position + 2);
          if (first < 0 || last < first || (gsize) last > scanline_length)
            {
              tsr_set_error_at (error, TSR_ERROR_INVALID, file_offset + position,
                                _("bitmap: scanline %zu runs %d..%d, expected within "
                                  "0..%zu"), s, first, last, scanline_length);
              return 0;
            }
          position += 4 + (gsize) (last - first);
        }
    }
  if (position > size)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, file_offset,
                        _("bitmap %dx%d: %zu bytes expected, %zu left"),
                        width, height, position, size);
      return 0;
    }
  return position;
}

TsrShapesBitmap *
tsr_shapes_bitmap_parse (const guint8 *data, gsize size, gboolean marathon1, gboolean exact_size,
                         gsize file_offset, GError **error)
{
  gsize measured = bitmap_measure (data, size, marathon1, file_offset, error);
  TsrShapesBitmap *bitmap;

  if (measured == 0)
    return NULL;
  bitmap = g_new0 (TsrShapesBitmap, 1);
  bitmap->raw = g_bytes_new (data, exact_size ? size : measured);
  bitmap->original_offset = file_offset;
  bitmap->width = get_s16 (data);
  bitmap->height = get_s16 (data + 2);
  bitmap->bytes_per_row = get_s16 (data + 4);
  /* An old editor set 0x2000; it means nothing. */
  bitmap->flags = (guint16) get_s16 (data + 6) & ~0x2000;
  bitmap->depth = get_s16 (data + 8);
  bitmap->marathon1 = marathon1 && bitmap->bytes_per_row < 0;
  return bitmap;
}

/* ---- Collections ------------------------------------------------------------------------- */

void
tsr_shapes_collection_free (TsrShapesCollection *collection)
{
  if (collection == NULL)
    return;
  g_clear_pointer (&collection->definition_raw, g_bytes_unref);
  g_clear_pointer (&collection->color_tables, g_ptr_array_unref);
  g_clear_pointer (&collection->sequences, g_ptr_array_unref);
  g_clear_pointer (&collection->frames, g_ptr_array_unref);
  g_clear_pointer (&collection->bitmaps, g_ptr_array_unref);
  g_clear_pointer (&collection->original, g_bytes_unref);
  g_free (collection);
}

static TsrShapesCollection *
collection_alloc (void)
{
  TsrShapesCollection *collection = g_new0 (TsrShapesCollection, 1);

  collection->color_tables = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_shapes_color_table_free);
  collection->sequences = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_shapes_sequence_free);
  collection->frames = g_ptr_array_new_with_free_func (g_free);
  collection->bitmaps = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_shapes_bitmap_free);
  return collection;
}

TsrShapesCollection *
tsr_shapes_collection_new (TsrShapesCollectionType type, guint color_count)
{
  TsrShapesCollection *collection = collection_alloc ();
  guint8 raw[TSR_SHAPES_DEFINITION_SIZE] = { 0 };

  put_s16 (raw, 3);
  put_s16 (raw + 2, type);
  put_s16 (raw + 6, (gint32) MIN (color_count, 256u));
  put_s16 (raw + 32, 1024);
  collection->definition_raw = g_bytes_new (raw, sizeof raw);
  tsr_shapes_definition_parse (raw, &collection->definition);
  return collection;
}

void
tsr_shapes_collection_touch (TsrShapesCollection *collection)
{
  g_clear_pointer (&collection->original, g_bytes_unref);
}

static gboolean
read_offset_table (TsrReader *reader, gint32 table_offset, gint16 count, const char *what,
                   GArray **offsets, GError **error)
{
  *offsets = g_array_sized_new (FALSE, FALSE, sizeof (gint32), (guint) MAX (count, 0));
  if (count == 0)
    return TRUE;
  if (table_offset < 0 || !tsr_reader_seek (reader, (gsize) table_offset, error))
    {
      if (table_offset < 0)
        tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, reader->base,
                          _("%s: %s offset table at %d"), reader->label, what, table_offset);
      return FALSE;
    }
  for (gint16 i = 0; i < count; i++)
    {
      gint32 offset;
      if (!tsr_reader_read_s32_be (reader, &offset, error))
        return FALSE;
      if (offset < 0 || (gsize) offset >= reader->size)
        {
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, tsr_reader_file_offset (reader) - 4,
                            _("%s: %s %d at offset %d, expected within %zu bytes"),
                            reader->label, what, i, offset, reader->size);
          return FALSE;
        }
      g_array_append_val (*offsets, offset);
    }
  return TRUE;
}

TsrShapesCollection *
tsr_shapes_collection_parse (const guint8 *data, gsize size, gsize file_offset, gboolean marathon1,
                             const char *label, GError **error)
{
  g_autoptr(TsrShapesCollection) collection = collection_alloc ();
  TsrShapesDefinition *definition = &collection->definition;
  TsrReader reader;
  const guint8 *raw;
  g_autoptr(GArray) offsets = NULL;

  tsr_reader_init (&reader, data, size, label != NULL ? label : "collection");
  reader.base = file_offset;
  if (!tsr_reader_read_view (&reader, TSR_SHAPES_DEFINITION_SIZE, &raw, error))
    return NULL;
  collection->definition_raw = g_bytes_new (raw, TSR_SHAPES_DEFINITION_SIZE);
  if (!tsr_shapes_definition_parse (raw, definition))
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, file_offset,
                        _("%s: counts expected >= 0 (and at most 256 colours): colours %d, tables %d, "
                          "sequences %d, frames %d, bitmaps %d"), reader.label, definition->color_count,
                        definition->clut_count, definition->sequence_count, definition->frame_count,
                        definition->bitmap_count);
      return NULL;
    }

  if (definition->clut_count > 0 && definition->color_count > 0)
    {
      if (definition->clut_offset < 0 || !tsr_reader_seek (&reader, (gsize) definition->clut_offset, error))
        {
          if (definition->clut_offset < 0)
            tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, file_offset + 10,
                              _("%s: colour tables at %d"), reader.label, definition->clut_offset);
          return NULL;
        }
      for (gint16 t = 0; t < definition->clut_count; t++)
        {
          TsrShapesColorTable *table = g_new0 (TsrShapesColorTable, 1);

          g_ptr_array_add (collection->color_tables, table);
          table->count = (guint) definition->color_count;
          table->colors = g_new0 (TsrShapesColor, table->count);
          for (guint c = 0; c < table->count; c++)
            {
              TsrShapesColor *color = &table->colors[c];
              if (!tsr_reader_read_u8 (&reader, &color->flags, error)
                  || !tsr_reader_read_u8 (&reader, &color->value, error)
                  || !tsr_reader_read_u16_be (&reader, &color->red, error)
                  || !tsr_reader_read_u16_be (&reader, &color->green, error)
                  || !tsr_reader_read_u16_be (&reader, &color->blue, error))
                return NULL;
            }
        }
    }

  if (!read_offset_table (&reader, definition->sequence_offset, definition->sequence_count, "sequence",
                          &offsets, error))
    return NULL;
  for (guint i = 0; i < offsets->len; i++)
    {
      gsize at = (gsize) g_array_index (offsets, gint32, i);
      TsrShapesSequence *sequence = tsr_shapes_sequence_parse (data + at, size - at, FALSE,
                                                               file_offset + at, error);
      if (sequence == NULL)
        {
          g_prefix_error (error, _("%s: sequence %u: "), reader.label, i);
          return NULL;
        }
      g_ptr_array_add (collection->sequences, sequence);
    }
  g_clear_pointer (&offsets, g_array_unref);

  if (!read_offset_table (&reader, definition->frame_offset, definition->frame_count, "frame",
                          &offsets, error))
    return NULL;
  for (guint i = 0; i < offsets->len; i++)
    {
      gsize at = (gsize) g_array_index (offsets, gint32, i);
      TsrShapesFrame *frame;

      if (size - at < TSR_SHAPES_FRAME_SIZE)
        {
          tsr_set_error_at (error, TSR_ERROR_TRUNCATED, file_offset + at,
                            _("%s: frame %u: %d bytes expected"), reader.label, i, TSR_SHAPES_FRAME_SIZE);
          return NULL;
        }
      frame = g_new0 (TsrShapesFrame, 1);
      tsr_shapes_frame_parse (data + at, frame);
      frame->original_offset = file_offset + at;
      g_ptr_array_add (collection->frames, frame);
    }
  g_clear_pointer (&offsets, g_array_unref);

  if (!read_offset_table (&reader, definition->bitmap_offset, definition->bitmap_count, "bitmap",
                          &offsets, error))
    return NULL;
  for (guint i = 0; i < offsets->len; i++)
    {
      gsize at = (gsize) g_array_index (offsets, gint32, i);
      TsrShapesBitmap *bitmap = tsr_shapes_bitmap_parse (data + at, size - at, marathon1, FALSE,
                                                         file_offset + at, error);

      if (bitmap == NULL)
        {
          g_prefix_error (error, _("%s: bitmap %u: "), reader.label, i);
          return NULL;
        }
      g_ptr_array_add (collection->bitmaps, bitmap);
    }

  collection->original = g_bytes_new (data, size);
  return g_steal_pointer (&collection);
}

/* Definition, colour tables, then offset table + records for sequences, frames and bitmaps. */
GBytes *
tsr_shapes_collection_serialize (const TsrShapesCollection *collection)
{
  g_autoptr(TsrWriter) writer = NULL;
  guint8 definition[TSR_SHAPES_DEFINITION_SIZE];
  guint color_count = 0;
  gsize table;

  if (collection->original != NULL)
    return g_bytes_ref (collection->original);

  writer = tsr_writer_new ();
  memcpy (definition, g_bytes_get_data (collection->definition_raw, NULL), sizeof definition);
  tsr_writer_write_zeros (writer, TSR_SHAPES_DEFINITION_SIZE);

  if (collection->color_tables->len > 0)
    color_count = ((TsrShapesColorTable *) g_ptr_array_index (collection->color_tables, 0))->count;
  else
    color_count = (guint) MAX (get_s16 (definition + 6), 0);
  put_s16 (definition + 6, (gint32) color_count);
  put_s16 (definition + 8, (gint32) collection->color_tables->len);
  put_s32 (definition + 10, (gint32) tsr_writer_tell (writer));
  for (guint t = 0; t < collection->color_tables->len; t++)
    {
      const TsrShapesColorTable *colors = g_ptr_array_index (collection->color_tables, t);
      for (guint c = 0; c < color_count; c++)
        {
          TsrShapesColor color = c < colors->count ? colors->colors[c] : (TsrShapesColor) { 0 };
          tsr_writer_write_u8 (writer, color.flags);
          tsr_writer_write_u8 (writer, color.value);
          tsr_writer_write_u16_be (writer, color.red);
          tsr_writer_write_u16_be (writer, color.green);
          tsr_writer_write_u16_be (writer, color.blue);
        }
    }

  put_s16 (definition + 14, (gint32) collection->sequences->len);
  table = tsr_writer_tell (writer);
  put_s32 (definition + 16, (gint32) table);
  tsr_writer_write_zeros (writer, 4 * (gsize) collection->sequences->len);
  for (guint i = 0; i < collection->sequences->len; i++)
    {
      const TsrShapesSequence *sequence = g_ptr_array_index (collection->sequences, i);
      tsr_writer_patch_u32_be (writer, table + 4 * (gsize) i, (guint32) tsr_writer_tell (writer));
      tsr_writer_write_gbytes (writer, sequence->raw);
    }

  put_s16 (definition + 20, (gint32) collection->frames->len);
  table = tsr_writer_tell (writer);
  put_s32 (definition + 22, (gint32) table);
  tsr_writer_write_zeros (writer, 4 * (gsize) collection->frames->len);
  for (guint i = 0; i < collection->frames->len; i++)
    {
      const TsrShapesFrame *frame = g_ptr_array_index (collection->frames, i);
      tsr_writer_patch_u32_be (writer, table + 4 * (gsize) i, (guint32) tsr_writer_tell (writer));
      tsr_writer_write_bytes (writer, frame->raw, TSR_SHAPES_FRAME_SIZE);
    }

  put_s16 (definition + 26, (gint32) collection->bitmaps->len);
  table = tsr_writer_tell (writer);
  put_s32 (definition + 28, (gint32) table);
  tsr_writer_write_zeros (writer, 4 * (gsize) collection->bitmaps->len);
  for (guint i = 0; i < collection->bitmaps->len; i++)
    {
      const TsrShapesBitmap *bitmap = g_ptr_array_index (collection->bitmaps, i);
      tsr_writer_patch_u32_be (writer, table + 4 * (gsize) i, (guint32) tsr_writer_tell (writer));
      tsr_writer_write_gbytes (writer, bitmap->raw);
    }

  put_s32 (definition + 34, (gint32) tsr_writer_tell (writer));
  for (gsize i = 0; i < TSR_SHAPES_DEFINITION_SIZE; i += 2)
    tsr_writer_patch_u16_be (writer, i, (guint16) ((definition[i] << 8) | definition[i + 1]));
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

/* ---- Shapes files ------------------------------------------------------------------------ */

guint
tsr_shapes_file_sniff (const guint8 *data, gsize size)
{
  guint present = 0;

  if (size < SHAPES_HEADERS_SIZE)
    return TSR_SNIFF_NO;
  for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
    {
      const guint8 *header = data + (gsize) i * SHAPES_HEADER_SIZE;

      for (guint v = 0; v < 2; v++)
        {
          gint32 offset = get_s32 (header + 4 + 8 * v);
          gint32 length = get_s32 (header + 8 + 8 * v);

          if (offset == -1)
            continue;
          if (offset < SHAPES_HEADERS_SIZE || length < TSR_SHAPES_DEFINITION_SIZE)
            return TSR_SNIFF_NO;
          /* Only a collection that lies inside the data confirms the guess: 32 headers of
           * plausible numbers are easily found in text (a TMX file fooled an earlier check). */
          if ((gsize) offset > size || (gsize) length > size - (gsize) offset)
            continue;
          if (get_s16 (data + offset) != 3)
            return TSR_SNIFF_NO;
          present++;
        }
    }
  return present > 0 ? TSR_SNIFF_CERTAIN : TSR_SNIFF_NO;
}

TsrShapesFile *
tsr_shapes_file_new (void)
{
  TsrShapesFile *file = g_new0 (TsrShapesFile, 1);

  for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
    {
      put_s32 (file->slots[i].header_raw + 4, -1);
      put_s32 (file->slots[i].header_raw + 12, -1);
    }
  file->layout = g_ptr_array_new ();
  file->gaps = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  file->trailing = g_bytes_new (NULL, 0);
  return file;
}

void
tsr_shapes_file_free (TsrShapesFile *file)
{
  if (file == NULL)
    return;
  for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
    for (guint v = 0; v < 2; v++)
      g_clear_pointer (&file->slots[i].versions[v], tsr_shapes_collection_free);
  g_clear_pointer (&file->layout, g_ptr_array_unref);
  g_clear_pointer (&file->gaps, g_ptr_array_unref);
  g_clear_pointer (&file->trailing, g_bytes_unref);
  g_clear_pointer ((TsrMacFile **) &file->m1_mac, tsr_mac_file_free);
  g_clear_pointer ((TsrResourceFork **) &file->m1_fork, tsr_resource_fork_free);
  g_free (file);
}

void
tsr_shapes_file_set_collection (TsrShapesFile *file, guint index, guint version,
                                TsrShapesCollection *collection)
{
  g_return_if_fail (index < TSR_SHAPES_COLLECTION_COUNT && version < 2);

  g_clear_pointer (&file->slots[index].versions[version], tsr_shapes_collection_free);
  file->slots[index].versions[version] = collection;
}

static int
compare_by_offset (gconstpointer a, gconstpointer b, gpointer user_data)
{
  const TsrShapesFile *file = user_data;
  guint x = GPOINTER_TO_UINT (*(gconstpointer *) a) - 1, y = GPOINTER_TO_UINT (*(gconstpointer *) b) - 1;
  guint32 ox = file->slots[x / 2].original_offset[x % 2], oy = file->slots[y / 2].original_offset[y % 2];

  return ox < oy ? -1 : ox > oy;
}

/* Marathon 1 shapes: a resource fork (bare or in a Mac wrapper) with '.256' resources. */
static gboolean
fork_has_m1_shapes (const TsrResourceFork *fork)
{
  for (guint i = 0; i < fork->resources->len; i++)
    if (((TsrMacResource *) g_ptr_array_index (fork->resources, i))->type == RESOURCE_SHAPES_256)
      return TRUE;
  return FALSE;
}

/* The Marathon 1 Shapes resource fork in BYTES (the fork and the wrapper keep slices of it). */
static TsrResourceFork *
m1_find_fork (GBytes *bytes, TsrMacFile **mac_out, GError **error)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  g_autoptr(TsrMacFile) mac = NULL;
  TsrResourceFork *fork;

  *mac_out = NULL;
  if (tsr_mac_wrapper_sniff (data, size) != TSR_MAC_WRAPPER_NONE)
    {
      mac = tsr_mac_file_parse (bytes, error);
      if (mac == NULL)
        return NULL;
      fork = tsr_resource_fork_parse (mac->resource_fork, "Shapes resource fork", error);
    }
  else
    fork = tsr_resource_fork_parse (bytes, "Shapes resource fork", NULL);
  if (fork != NULL && !fork_has_m1_shapes (fork))
    {
      /* The offset of the resource map's type list, in the file. */
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC, tsr_mac_file_resource_fork_offset (mac) + fork->type_list_offset,
                        _("Shapes: the resource fork has no '.256' collection resources"));
      tsr_resource_fork_free (fork);
      fork = NULL;
    }
  if (fork != NULL)
    *mac_out = g_steal_pointer (&mac);
  return fork;
}

guint
tsr_shapes_m1_sniff (const guint8 *data, gsize size)
{
  /* Sniffing looks and lets go: the bytes are borrowed, not copied (detection runs every
   * sniffer over every file opened). */
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  TsrMacFile *mac = NULL;
  TsrResourceFork *fork = m1_find_fork (bytes, &mac, NULL);

  tsr_resource_fork_free (fork);
  tsr_mac_file_free (mac);
  return fork != NULL ? TSR_SNIFF_CERTAIN : TSR_SNIFF_NO;
}

static TsrShapesFile *
parse_marathon1 (TsrMacFile *mac, TsrResourceFork *fork, GError **error)
{
  g_autoptr(TsrShapesFile) file = tsr_shapes_file_new ();

  file->marathon1 = TRUE;
  file->m1_mac = mac;
  file->m1_fork = fork;
  for (guint i = 0; i < fork->resources->len; i++)
    {
      const TsrMacResource *resource = g_ptr_array_index (fork->resources, i);
      g_autofree char *label = NULL;
      gsize size;
      const guint8 *data;
      guint index;

      if (resource->type != RESOURCE_SHAPES_256 || resource->id < M1_FIRST_RESOURCE_ID
          || resource->id >= M1_FIRST_RESOURCE_ID + TSR_SHAPES_COLLECTION_COUNT)
        continue;
      index = (guint) (resource->id - M1_FIRST_RESOURCE_ID);
      if (file->slots[index].versions[0] != NULL)
        continue;
      data = g_bytes_get_data (resource->data, &size);
      label = g_strdup_printf ("'.256' %d (collection %u)", resource->id, index);
      file->slots[index].versions[0] = tsr_shapes_collection_parse (data, size, 0, TRUE, label, error);
      if (file->slots[index].versions[0] == NULL)
        return NULL;
    }
  return g_steal_pointer (&file);
}

TsrShapesFile *
tsr_shapes_file_parse (const guint8 *data, gsize size, GError **error)
{
  g_autoptr(TsrShapesFile) file = NULL;
  gsize position;

  if (tsr_shapes_file_sniff (data, size) == TSR_SNIFF_NO)
    {
      TsrMacFile *mac = NULL;
      g_autoptr(GError) m1_error = NULL;
      g_autoptr(GBytes) bytes = g_bytes_new (data, size);
      TsrResourceFork *fork = m1_find_fork (bytes, &mac, &m1_error);

      if (fork != NULL)
        return parse_marathon1 (mac, fork, error);
      if (tsr_mac_wrapper_sniff (data, size) != TSR_MAC_WRAPPER_NONE)
        {
          g_propagate_error (error, g_steal_pointer (&m1_error));
          return NULL;
        }
    }
  file = tsr_shapes_file_new ();

  if (size < SHAPES_HEADERS_SIZE)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, size, _("Shapes: 32 collection headers (1024 bytes) "
                        "expected, the file has %zu bytes"), size);
      return NULL;
    }
  for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
    {
      TsrShapesCollectionSlot *slot = &file->slots[i];

      memcpy (slot->header_raw, data + (gsize) i * SHAPES_HEADER_SIZE, SHAPES_HEADER_SIZE);
      for (guint v = 0; v < 2; v++)
        {
          gint32 offset = get_s32 (slot->header_raw + 4 + 8 * v);
          gint32 length = get_s32 (slot->header_raw + 8 + 8 * v);
          g_autofree char *label = NULL;

          if (offset == -1)
            continue;
          if (offset < SHAPES_HEADERS_SIZE || length < 0 || (gsize) offset > size
              || (gsize) length > size - (gsize) offset)
            {
              tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, (gsize) i * SHAPES_HEADER_SIZE + 4 + 8 * v,
                                _("Shapes: collection %u (%s): %d bytes at %d expected within the "
                                  "file's %zu bytes"), i, v ? _("16-bit") : _("8-bit"), length,
                                offset, size);
              return NULL;
            }
          label = g_strdup_printf (_("collection %u (%s)"), i, v ? _("16-bit") : _("8-bit"));
          slot->versions[v] = tsr_shapes_collection_parse (data + offset, (gsize) length, (gsize) offset, FALSE,
                                                           label, error);
          if (slot->versions[v] == NULL)
            return NULL;
          slot->original_offset[v] = (guint32) offset;
          g_ptr_array_add (file->layout, GUINT_TO_POINTER (i * 2 + v + 1));
        }
    }

  g_ptr_array_sort_with_data (file->layout, compare_by_offset, file);
  position = SHAPES_HEADERS_SIZE;
  for (guint k = 0; k < file->layout->len; k++)
    {
      guint item = GPOINTER_TO_UINT (g_ptr_array_index (file->layout, k)) - 1;
      guint32 offset = file->slots[item / 2].original_offset[item % 2];
      gsize length = g_bytes_get_size (file->slots[item / 2].versions[item % 2]->original);

      if (offset < position)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, offset,
                            _("Shapes: collection %u overlaps the data before it (ends at %zu)"),
                            item / 2, position);
          return NULL;
        }
      g_ptr_array_add (file->gaps, g_bytes_new (data + position, offset - position));
      position = offset + length;
    }
  g_bytes_unref (file->trailing);
  file->trailing = g_bytes_new (data + position, size - position);
  return g_steal_pointer (&file);
}

static GBytes *
serialize_marathon1 (const TsrShapesFile *file)
{
  TsrResourceFork *fork = file->m1_fork;
  TsrMacFile *mac = file->m1_mac;
  g_autoptr(GBytes) fork_bytes = NULL;

  for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
    {
      const TsrShapesCollection *collection = file->slots[i].versions[0];
      gint16 id = (gint16) (M1_FIRST_RESOURCE_ID + i);

      if (collection == NULL)
        tsr_resource_fork_remove (fork, RESOURCE_SHAPES_256, id);
      else
        {
          g_autoptr(GBytes) bytes = tsr_shapes_collection_serialize (collection);
          TsrMacResource *resource = tsr_resource_fork_find (fork, RESOURCE_SHAPES_256, id);

          if (resource == NULL || !g_bytes_equal (resource->data, bytes))
            {
              tsr_resource_fork_set (fork, RESOURCE_SHAPES_256, id, bytes);
              resource = tsr_resource_fork_find (fork, RESOURCE_SHAPES_256, id);
              g_clear_pointer (&resource->gap_after, g_bytes_unref);
            }
        }
    }
  fork_bytes = tsr_resource_fork_serialize (fork);
  if (mac == NULL)
    return g_steal_pointer (&fork_bytes);
  tsr_mac_file_set_resource_fork (mac, fork_bytes);
  return tsr_mac_file_serialize (mac);
}

GBytes *
tsr_shapes_file_serialize (const TsrShapesFile *file)
{
  g_autoptr(TsrWriter) writer = NULL;
  gboolean written[TSR_SHAPES_COLLECTION_COUNT * 2] = { FALSE };

  if (file->marathon1)
    return serialize_marathon1 (file);
  writer = tsr_writer_new ();

  for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
    {
      guint8 header[SHAPES_HEADER_SIZE];

      memcpy (header, file->slots[i].header_raw, sizeof header);
      for (guint v = 0; v < 2; v++)
        if (file->slots[i].versions[v] == NULL)
          {
            put_s32 (header + 4 + 8 * v, -1);
            put_s32 (header + 8 + 8 * v, 0);
          }
      tsr_writer_write_bytes (writer, header, sizeof header);
    }

  for (guint pass = 0; pass < 2; pass++)
    {
      guint count = pass == 0 ? file->layout->len : TSR_SHAPES_COLLECTION_COUNT * 2;

      for (guint k = 0; k < count; k++)
        {
          guint item = pass == 0 ? GPOINTER_TO_UINT (g_ptr_array_index (file->layout, k)) - 1 : k;
          const TsrShapesCollection *collection = file->slots[item / 2].versions[item % 2];
          g_autoptr(GBytes) bytes = NULL;
          gsize offset;

          if (collection == NULL || written[item])
            continue;
          if (pass == 0 && k < file->gaps->len)
            tsr_writer_write_gbytes (writer, g_ptr_array_index (file->gaps, k));
          written[item] = TRUE;
          bytes = tsr_shapes_collection_serialize (collection);
          offset = tsr_writer_tell (writer);
          tsr_writer_patch_u32_be (writer, (item / 2) * SHAPES_HEADER_SIZE + 4 + 8 * (item % 2), (guint32) offset);
          tsr_writer_patch_u32_be (writer, (item / 2) * SHAPES_HEADER_SIZE + 8 + 8 * (item % 2),
                                   (guint32) g_bytes_get_size (bytes));
          tsr_writer_write_gbytes (writer, bytes);
        }
      if (pass == 0)
        tsr_writer_write_gbytes (writer, file->trailing);
    }
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

/* ---- Pixels ------------------------------------------------------------------------------ */

static void
build_palette (const TsrShapesColorTable *table, guint32 palette[256])
{
  for (guint v = 0; v < 256; v++)
    palette[v] = table == NULL ? ((v << 24) | (v << 16) | (v << 8) | 0xff) : 0x000000ff;
  if (table == NULL)
    return;
  for (guint c = 0; c < table->count; c++)
    {
      const TsrShapesColor *color = &table->colors[c];
      palette[color->value] = ((guint32) (color->red >> 8) << 24) | ((guint32) (color->green >> 8) << 16)
                              | ((guint32) (color->blue >> 8) << 8) | 0xff;
    }
}

/* ---- Pixel values (the pixel editor) ----------------------------------------------------- */

/* The scanlines of a bitmap that measured: where each starts, and its values. */
typedef struct {
  const guint8 *data;
  gsize         scanlines, scanline_length;
  gboolean      column;
  gboolean      rle, marathon1;
} ScanlineWalk;

static void
walk_init (ScanlineWalk *walk, const TsrShapesBitmap *bitmap, const guint8 *data)
{
  walk->data = data;
  walk->column = (bitmap->flags & TSR_SHAPES_BITMAP_COLUMN_ORDER) != 0;
  walk->scanlines = walk->column ? (gsize) bitmap->width : (gsize) bitmap->height;
  walk->scanline_length = walk->column ? (gsize) bitmap->height : (gsize) bitmap->width;
  walk->rle = bitmap->bytes_per_row < 0;
  walk->marathon1 = bitmap->marathon1;
}

/* Walks the runs of the Marathon 1 scanline at RUNS (measured before: every run lies inside the
 * bitmap) up to its end mark, copying each copy run's values into LINE at its pixels (TO_LINE;
 * RUNS is only read then) or from LINE into the run. Returns the bytes walked, the end mark
 * included. */
static gsize
m1_runs_copy (guint8 *runs, guint8 *line, gboolean to_line)
{
  gsize pixel = 0, position = 0;
  gint16 run;

  while ((run = get_s16 (runs + position)) != 0)
    {
      position += 2;
      if (run < 0)
        pixel += (gsize) -(gint) run;
      else
        {
          if (to_line)
            memcpy (line + pixel, runs + position, (gsize) run);
          else
            memcpy (runs + position, line + pixel, (gsize) run);
          pixel += (gsize) run;
          position += (gsize) run;
        }
    }
  return position + 2;
}

/* Reads the scanline at POSITION into LINE (values not stored are 0); returns where the next one
 * starts. The bitmap measured, so every read is inside it. */
static gsize
walk_read (const ScanlineWalk *walk, gint16 bytes_per_row, gsize position, guint8 *line)
{
  const guint8 *data = walk->data;

  memset (line, 0, walk->scanline_length);
  if (!walk->rle)
    {
      memcpy (line, data + position, walk->scanline_length);
      return position + (gsize) bytes_per_row;
    }
  if (walk->marathon1)
    return position + m1_runs_copy ((guint8 *) data + position, line, TRUE);
  {
    gsize first = (gsize) get_s16 (data + position), last = (gsize) get_s16 (data + position + 2);

    memcpy (line + first, data + position + 4, last - first);
    return position + 4 + (last - first);
  }
}

/* Whether BITMAP's pixels can be walked: not empty, and every scanline inside its DATA. */
static gboolean
bitmap_readable (const TsrShapesBitmap *bitmap, const guint8 *data, gsize size, GError **error)
{
  if (bitmap->width <= 0 || bitmap->height <= 0)
    {
      /* The width and height open the bitmap's header. */
      tsr_set_error_at (error, TSR_ERROR_INVALID, bitmap->original_offset, _("bitmap: empty (%dx%d)"),
                        bitmap->width, bitmap->height);
      return FALSE;
    }
  return bitmap_measure (data, size, bitmap->marathon1, bitmap->original_offset, error) != 0;
}

TsrImage *
tsr_shapes_bitmap_decode (const TsrShapesBitmap *bitmap, const TsrShapesColorTable *table, GError **error)
{
  guint32 palette[256];
  gsize size, position;
  const guint8 *data = g_bytes_get_data (bitmap->raw, &size);
  /* Run-length bitmaps are transparent where they store 0 and where they store nothing (both read
   * as 0 by walk_read). */
  gboolean transparent = (bitmap->flags & TSR_SHAPES_BITMAP_TRANSPARENT) || bitmap->bytes_per_row < 0;
  ScanlineWalk walk;
  g_autofree guint8 *line = NULL;
  TsrImage *image;

  if (!bitmap_readable (bitmap, data, size, error))
    return NULL;
  build_palette (table, palette);
  /* Run-length bitmaps are small for their size: the area follows the loaders' budget. */
  image = tsr_image_new_checked ((guint) bitmap->width, (guint) bitmap->height,
                                 tsr_image_budget_pixels (size), "bitmap", error);
  if (image == NULL)
    return NULL;
  walk_init (&walk, bitmap, data);
  line = g_malloc0 (MAX (walk.scanline_length, 1));
  position = TSR_SHAPES_BITMAP_HEADER_SIZE + (walk.scanlines + 1) * 4;
  for (gsize s = 0; s < walk.scanlines; s++)
    {
      position = walk_read (&walk, bitmap->bytes_per_row, position, line);
      for (gsize p = 0; p < walk.scanline_length; p++)
        {
          guint32 colour = palette[line[p]];
          guint8 *out;

          if (transparent && line[p] == 0)
            continue;
          out = image->pixels + (walk.column ? p * image->width + s : s * image->width + p) * 4;
          out[0] = (guint8) (colour >> 24);
          out[1] = (guint8) (colour >> 16);
          out[2] = (guint8) (colour >> 8);
          out[3] = 0xff;
        }
    }
  return image;
}

guint8 *
tsr_shapes_bitmap_get_indexes (const TsrShapesBitmap *bitmap, GError **error)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bitmap->raw, &size);
  ScanlineWalk walk;
  g_autofree guint8 *indexes = NULL;
  g_autofree guint8 *line = NULL;
  gsize position;

  if (!bitmap_readable (bitmap, data, size, error))
    return NULL;
  walk_init (&walk, bitmap, data);
  indexes = g_malloc0 ((gsize) bitmap->width * (gsize) bitmap->height);
  line = g_malloc0 (MAX (walk.scanline_length, 1));
  position = TSR_SHAPES_BITMAP_HEADER_SIZE + (walk.scanlines + 1) * 4;
  for (gsize s = 0; s < walk.scanlines; s++)
    {
      position = walk_read (&walk, bitmap->bytes_per_row, position, line);
      for (gsize p = 0; p < walk.scanline_length; p++)
        indexes[walk.column ? p * (gsize) bitmap->width + s : s * (gsize) bitmap->width + p] = line[p];
    }
  return g_steal_pointer (&indexes);
}

/* Marathon 1 runs of LINE as the encoder writes them: copy runs of non-zero values, skip runs of
 * zeros, no trailing skip, 0 ending the scanline. */
static void
write_m1_scanline (TsrWriter *writer, const guint8 *line, gsize length)
{
  gsize p = 0;

  while (p < length)
    {
      gsize start = p;
      gboolean skip = line[p] == 0;

      while (p < length && (line[p] == 0) == skip && p - start < 0x7fff)
        p++;
      if (skip)
        {
          if (p < length)
            tsr_writer_write_u16_be (writer, (guint16) -(gint) (p - start));
        }
      else
        {
          tsr_writer_write_u16_be (writer, (guint16) (p - start));
          tsr_writer_write_bytes (writer, line + start, p - start);
        }
    }
  tsr_writer_write_u16_be (writer, 0);
}

/* Whether every non-zero value of LINE falls in a copy run of the Marathon 1 scanline at DATA:
 * then the new values can be written over the old ones in place. */
static gboolean
m1_runs_cover (const guint8 *data, const guint8 *line, gsize length)
{
  gsize pixel = 0, position = 0;
  gint16 run;

  while ((run = get_s16 (data + position)) != 0)
    {
      position += 2;
      if (run < 0)
        {
          for (gsize k = 0; k < (gsize) -(gint) run; k++)
            if (line[pixel + k] != 0)
              return FALSE;
          pixel += (gsize) -(gint) run;
        }
      else
        {
          pixel += (gsize) run;
          position += (gsize) run;
        }
    }
  for (; pixel < length; pixel++)
    if (line[pixel] != 0)
      return FALSE;
  return TRUE;
}

TsrShapesBitmap *
tsr_shapes_bitmap_set_indexes (const TsrShapesBitmap *bitmap, const guint8 *indexes, GError **error)
{
  gsize size, measured, position, start;
  const guint8 *data = g_bytes_get_data (bitmap->raw, &size);
  g_autoptr(TsrWriter) writer = NULL;
  g_autoptr(GBytes) raw = NULL;
  g_autofree guint8 *old_line = NULL;
  g_autofree guint8 *line = NULL;
  ScanlineWalk walk;
  TsrShapesBitmap *edited;

  if (bitmap->width <= 0 || bitmap->height <= 0)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, bitmap->original_offset, _("bitmap: empty (%dx%d)"),
                        bitmap->width, bitmap->height);
      return NULL;
    }
  if ((measured = bitmap_measure (data, size, bitmap->marathon1, bitmap->original_offset, error)) == 0)
    return NULL;
  walk_init (&walk, bitmap, data);
  old_line = g_malloc0 (MAX (walk.scanline_length, 1));
  line = g_malloc0 (MAX (walk.scanline_length, 1));
  writer = tsr_writer_new ();
  /* The header and the row-address placeholder as they are (flags the codec masks included). */
  position = TSR_SHAPES_BITMAP_HEADER_SIZE + (walk.scanlines + 1) * 4;
  tsr_writer_write_bytes (writer, data, position);
  for (gsize s = 0; s < walk.scanlines; s++)
    {
      gsize next;

      start = position;
      next = walk_read (&walk, bitmap->bytes_per_row, position, old_line);
      for (gsize p = 0; p < walk.scanline_length; p++)
        line[p] = indexes[walk.column ? p * (gsize) bitmap->width + s : s * (gsize) bitmap->width + p];
      position = next;
      if (memcmp (line, old_line, walk.scanline_length) == 0)
        {
          /* An unchanged scanline keeps its bytes, also a run layout the encoder would not write. */
          tsr_writer_write_bytes (writer, data + start, next - start);
          continue;
        }
      if (!walk.rle)
        {
          /* Raw: the values, then the row's padding as it was. */
          tsr_writer_write_bytes (writer, line, walk.scanline_length);
          tsr_writer_write_bytes (writer, data + start + walk.scanline_length, next - start - walk.scanline_length);
        }
      else if (walk.marathon1)
        {
          if (m1_runs_cover (data + start, line, walk.scanline_length))
            {
              /* The same runs, new values in the copy runs: the same length. */
              g_autofree guint8 *copy = g_memdup2 (data + start, next - start);

              m1_runs_copy (copy, line, FALSE);
              tsr_writer_write_bytes (writer, copy, next - start);
            }
          else
            write_m1_scanline (writer, line, walk.scanline_length);
        }
      else
        {
          /* Marathon 2 RLE: the stored run [first, last) grows to take in every non-zero value
           * and never shrinks (a value erased to 0 inside it stays stored as 0, transparent), so
           * an edit inside the run changes only those bytes. */
          gsize first = (gsize) get_s16 (data + start), last = (gsize) get_s16 (data + start + 2);
          gsize lo = walk.scanline_length, hi = 0;

          for (gsize p = 0; p < walk.scanline_length; p++)
            if (line[p] != 0)
              {
                lo = MIN (lo, p);
                hi = p + 1;
              }
          if (first == last)
            first = lo, last = hi;
          else if (hi > lo)
            first = MIN (first, lo), last = MAX (last, hi);
          if (last <= first)
            first = last = 0;
          tsr_writer_write_u16_be (writer, (guint16) first);
          tsr_writer_write_u16_be (writer, (guint16) last);
          tsr_writer_write_bytes (writer, line + first, last - first);
        }
    }
  /* Whatever followed the pixel data in the record is kept. */
  tsr_writer_write_bytes (writer, data + measured, size - measured);
  raw = tsr_writer_free_to_bytes (g_steal_pointer (&writer));
  edited = tsr_shapes_bitmap_parse (g_bytes_get_data (raw, NULL), g_bytes_get_size (raw), bitmap->marathon1, TRUE,
                                    bitmap->original_offset, error);
  return edited;
}

TsrImage *
tsr_shapes_frame_decode (const TsrShapesCollection *collection, const TsrShapesFrame *frame,
                         const TsrShapesColorTable *table, GError **error)
{
  TsrImage *image, *mirrored;

  if (frame->bitmap_index < 0 || (guint) frame->bitmap_index >= collection->bitmaps->len)
    {
      /* The bitmap index is the frame's field at 6. */
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, frame->original_offset + 6,
                        _("frame: bitmap %d, the collection has %u"), frame->bitmap_index, collection->bitmaps->len);
      return NULL;
    }
  image = tsr_shapes_bitmap_decode (g_ptr_array_index (collection->bitmaps, (guint) frame->bitmap_index),
                                    table, error);
  if (image == NULL || !(frame->flags & (TSR_SHAPES_FRAME_MIRROR_X | TSR_SHAPES_FRAME_MIRROR_Y)))
    return image;
  mirrored = tsr_image_new (image->width, image->height);
  for (guint y = 0; y < image->height; y++)
    for (guint x = 0; x < image->width; x++)
      {
        guint sx = (frame->flags & TSR_SHAPES_FRAME_MIRROR_X) ? image->width - 1 - x : x;
        guint sy = (frame->flags & TSR_SHAPES_FRAME_MIRROR_Y) ? image->height - 1 - y : y;
        memcpy (mirrored->pixels + ((gsize) y * image->width + x) * 4,
                image->pixels + ((gsize) sy * image->width + sx) * 4, 4);
      }
  tsr_image_free (image);
  return mirrored;
}

TsrShapesEncodeOptions
tsr_shapes_encode_options_for (gint16 collection_type)
{
  TsrShapesEncodeOptions options = { FALSE, TRUE, FALSE, FALSE };

  switch (collection_type)
    {
    case TSR_SHAPES_COLLECTION_OBJECT:
    case TSR_SHAPES_COLLECTION_SCENERY:
      options.rle = TRUE;
      options.transparent = TRUE;
      break;
    case TSR_SHAPES_COLLECTION_INTERFACE:
      options.column_order = FALSE;
      break;
    default:
      break;
    }
  return options;
}

static double
srgb_to_linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
lab_f (double t)
{
  return t > 0.008856 ? cbrt (t) : 7.787 * t + 16.0 / 116.0;
}

static void
rgb_to_lab (guint8 r8, guint8 g8, guint8 b8, double lab[3])
{
  double r = srgb_to_linear (r8 / 255.0), g = srgb_to_linear (g8 / 255.0), b = srgb_to_linear (b8 / 255.0);
  double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  double fx = lab_f (x), fy = lab_f (y), fz = lab_f (z);

  lab[0] = 116.0 * fy - 16.0;
  lab[1] = 500.0 * (fx - fy);
  lab[2] = 200.0 * (fy - fz);
}

TsrShapesBitmap *
tsr_shapes_bitmap_encode (const TsrImage *image, const TsrShapesColorTable *table,
                          const TsrShapesEncodeOptions *options, double *mean_delta_e, GError **error)
{
  TsrShapesEncodeReport report;
  TsrShapesBitmap *bitmap = tsr_shapes_bitmap_encode_report (image, table, options, &report, error);

  if (bitmap != NULL && mean_delta_e != NULL)
    *mean_delta_e = report.mean_delta_e;
  return bitmap;
}

TsrShapesBitmap *
tsr_shapes_bitmap_encode_report (const TsrImage *image, const TsrShapesColorTable *table,
                                 const TsrShapesEncodeOptions *options, TsrShapesEncodeReport *report,
                                 GError **error)
{
  double labs[256][3];
  guint8 values[256];
  guint candidates = 0;
  g_autoptr(GHashTable) cache = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autofree guint8 *indexed = NULL;
  g_autofree guint8 *line = NULL; /* a Marathon 1 scanline's values */
  g_autoptr(TsrWriter) writer = NULL;
  gsize width, height, scanlines, scanline_length;
  double error_sum = 0, worst_delta_e = 0;
  gsize opaque = 0;
  guint colors = 0, unmatched = 0;
  guint32 worst_rgb = 0;
  TsrShapesBitmap *bitmap;
  gsize size;
  const guint8 *bytes;

  if (image->width > BITMAP_MAX_SIDE || image->height > BITMAP_MAX_SIDE)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("bitmap: %ux%u is larger than %d pixels a side"),
                   image->width, image->height, BITMAP_MAX_SIDE);
      return NULL;
    }
  for (guint c = 0; table != NULL && c < table->count; c++)
    {
      const TsrShapesColor *color = &table->colors[c];
      if (options->transparent && color->value == 0)
        continue;
      rgb_to_lab ((guint8) (color->red >> 8), (guint8) (color->green >> 8), (guint8) (color->blue >> 8),
                  labs[candidates]);
      values[candidates++] = color->value;
    }
  if (candidates == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("bitmap: the colour table has no usable colour"));
      return NULL;
    }

  width = image->width;
  height = image->height;
  indexed = g_malloc0 (width * height);
  for (gsize i = 0; i < width * height; i++)
    {
      const guint8 *p = image->pixels + i * 4;
      guint32 key;
      gpointer found;
      double lab[3], best_distance = G_MAXDOUBLE;
      guint best = 0;

      if (options->transparent && p[3] < 128)
        continue;
      key = (((guint32) p[0] << 16) | ((guint32) p[1] << 8) | p[2]) + 1;
      rgb_to_lab (p[0], p[1], p[2], lab);
      found = g_hash_table_lookup (cache, GUINT_TO_POINTER (key));
      if (found != NULL)
        best = GPOINTER_TO_UINT (found) - 1;
      else
        {
          for (guint c = 0; c < candidates; c++)
            {
              double dl = lab[0] - labs[c][0], da = lab[1] - labs[c][1], db = lab[2] - labs[c][2];
              double distance = dl * dl + da * da + db * db;
              if (distance < best_distance)
                {
                  best_distance = distance;
                  best = c;
                }
            }
          g_hash_table_insert (cache, GUINT_TO_POINTER (key), GUINT_TO_POINTER (best + 1));
          /* Each distinct colour is judged once, when it is first met. */
          colors++;
          if (sqrt (best_distance) > TSR_SHAPES_CLOSE_DELTA_E)
            unmatched++;
          if (sqrt (best_distance) > worst_delta_e)
            {
              worst_delta_e = sqrt (best_distance);
              worst_rgb = key - 1;
            }
        }
      {
        double dl = lab[0] - labs[best][0], da = lab[1] - labs[best][1], db = lab[2] - labs[best][2];
        error_sum += sqrt (dl * dl + da * da + db * db);
      }
      opaque++;
      indexed[i] = values[best];
    }
  if (report != NULL)
    {
      report->mean_delta_e = opaque > 0 ? error_sum / (double) opaque : 0.0;
      report->colors = colors;
      report->unmatched_colors = unmatched;
      report->worst_delta_e = worst_delta_e;
      report->worst_rgb = worst_rgb;
    }

  scanlines = options->column_order ? width : height;
  scanline_length = options->column_order ? height : width;
  writer = tsr_writer_new ();
  tsr_writer_write_u16_be (writer, (guint16) width);
  tsr_writer_write_u16_be (writer, (guint16) height);
  tsr_writer_write_u16_be (writer, options->rle ? 0xffff : (guint16) scanline_length);
  tsr_writer_write_u16_be (writer, (guint16) ((options->column_order ? TSR_SHAPES_BITMAP_COLUMN_ORDER : 0)
                                              | (options->transparent ? TSR_SHAPES_BITMAP_TRANSPARENT : 0)));
  tsr_writer_write_u16_be (writer, 8);
  tsr_writer_write_zeros (writer, 16 + (scanlines + 1) * 4);
  for (gsize s = 0; s < scanlines; s++)
    {
      gsize first = 0, last = scanline_length;

#define PIXEL(p) indexed[options->column_order ? (p) * width + s : s * width + (p)]
      if (options->rle && options->marathon1)
        {
          if (line == NULL)
            line = g_malloc (MAX (scanline_length, 1));
          for (gsize p = 0; p < scanline_length; p++)
            line[p] = PIXEL (p);
          write_m1_scanline (writer, line, scanline_length);
          continue;
        }
      if (options->rle)
        {
          while (first < scanline_length && PIXEL (first) == 0)
            first++;
          while (last > first && PIXEL (last - 1) == 0)
            last--;
          if (first == last)
            first = last = 0;
          tsr_writer_write_u16_be (writer, (guint16) first);
          tsr_writer_write_u16_be (writer, (guint16) last);
        }
      for (gsize p = first; p < last; p++)
        tsr_writer_write_u8 (writer, PIXEL (p));
#undef PIXEL
    }

  bitmap = g_new0 (TsrShapesBitmap, 1);
  bitmap->raw = tsr_writer_free_to_bytes (g_steal_pointer (&writer));
  bytes = g_bytes_get_data (bitmap->raw, &size);
  bitmap->width = get_s16 (bytes);
  bitmap->height = get_s16 (bytes + 2);
  bitmap->bytes_per_row = get_s16 (bytes + 4);
  bitmap->flags = (guint16) get_s16 (bytes + 6);
  bitmap->depth = 8;
  bitmap->marathon1 = options->rle && options->marathon1;
  return bitmap;
}
