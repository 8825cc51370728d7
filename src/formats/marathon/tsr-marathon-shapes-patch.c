/* tsr-marathon-shapes-patch.c: Shapes patches: parse, write, apply, make. */
#include "formats/marathon/tsr-marathon-shapes-patch.h"

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/tsr-format.h"
#include <glib/gi18n.h>

static void
record_free (gpointer data)
{
  TsrShapesPatchRecord *record = data;

  g_clear_pointer (&record->data, g_bytes_unref);
  g_free (record);
}

static void
patch_collection_free (gpointer data)
{
  TsrShapesPatchCollection *collection = data;

  g_clear_pointer (&collection->records, g_ptr_array_unref);
  g_free (collection);
}

static TsrShapesPatchCollection *
patch_collection_new (gint32 index, gint32 depth)
{
  TsrShapesPatchCollection *collection = g_new0 (TsrShapesPatchCollection, 1);

  collection->collection = index;
  collection->depth = depth;
  collection->records = g_ptr_array_new_with_free_func (record_free);
  return collection;
}

TsrShapesPatch *
tsr_shapes_patch_new (void)
{
  TsrShapesPatch *patch = g_new0 (TsrShapesPatch, 1);

  patch->collections = g_ptr_array_new_with_free_func (patch_collection_free);
  return patch;
}

void
tsr_shapes_patch_free (TsrShapesPatch *patch)
{
  if (patch == NULL)
    return;
  g_clear_pointer (&patch->collections, g_ptr_array_unref);
  g_free (patch);
}

static guint32
load_u32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static gboolean
is_record_tag (guint32 tag)
{
  return tag == TSR_SHAPES_PATCH_CLDF || tag == TSR_SHAPES_PATCH_CTAB || tag == TSR_SHAPES_PATCH_HLSH
         || tag == TSR_SHAPES_PATCH_LLSH || tag == TSR_SHAPES_PATCH_BMAP || tag == TSR_SHAPES_PATCH_ENDC;
}

guint
tsr_shapes_patch_sniff (const guint8 *data, gsize size)
{
  guint32 collection, depth;

  if (size < 12)
    return TSR_SNIFF_NO;
  collection = load_u32 (data);
  depth = load_u32 (data + 4);
  if (collection >= TSR_SHAPES_COLLECTION_COUNT || (depth != 8 && depth != 16) || !is_record_tag (load_u32 (data + 8)))
    return TSR_SNIFF_NO;
  return TSR_SNIFF_CERTAIN;
}

static void
tag_name (guint32 tag, char out[5])
{
  for (int i = 0; i < 4; i++)
    {
      guint8 c = (guint8) (tag >> (24 - 8 * i));
      out[i] = c >= 0x20 && c < 0x7f ? (char) c : '?';
    }
  out[4] = '\0';
}

TsrShapesPatch *
tsr_shapes_patch_parse (const guint8 *data, gsize size, const TsrShapesFile *base, GError **error)
{
  g_autoptr(TsrShapesPatch) patch = tsr_shapes_patch_new ();
  TsrReader reader;

  tsr_reader_init (&reader, data, size, "Shapes patch");
  while (!tsr_reader_at_end (&reader))
    {
      gint32 index, depth, color_count = -1;
      TsrShapesPatchCollection *collection;
      gsize at = tsr_reader_file_offset (&reader);

      if (!tsr_reader_read_s32_be (&reader, &index, error) || !tsr_reader_read_s32_be (&reader, &depth, error))
        return NULL;
      if (index < 0 || index >= TSR_SHAPES_COLLECTION_COUNT || (depth != 8 && depth != 16))
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, at,
                            _("Shapes patch: collection 0..31 at depth 8 or 16 expected, found %d at %d"),
                            index, depth);
          return NULL;
        }
      collection = patch_collection_new (index, depth);
      g_ptr_array_add (patch->collections, collection);
      if (base != NULL && base->slots[index].versions[depth == 16] != NULL)
        color_count = base->slots[index].versions[depth == 16]->definition.color_count;

      for (;;)
        {
          guint32 tag;
          gint32 record_index = -1, record_size = 0;
          TsrShapesPatchRecord *record;
          char name[5];

          at = tsr_reader_file_offset (&reader);
          if (!tsr_reader_read_u32_be (&reader, &tag, error))
            return NULL;
          if (tag == TSR_SHAPES_PATCH_ENDC)
            break;
          tag_name (tag, name);
          switch (tag)
            {
            case TSR_SHAPES_PATCH_CLDF:
              record_size = TSR_SHAPES_DEFINITION_SIZE;
              break;
            case TSR_SHAPES_PATCH_CTAB:
              if (!tsr_reader_read_s32_be (&reader, &record_index, error))
                return NULL;
              if (color_count < 0)
                {
                  tsr_set_error_at (error, TSR_ERROR_INVALID, at,
                                    _("Shapes patch: collection %d: 'ctab' before any 'cldf' (its colour "
                                      "count comes from the Shapes file the patch applies to)"), index);
                  return NULL;
                }
              record_size = color_count * 8;
              break;
            case TSR_SHAPES_PATCH_LLSH:
              if (!tsr_reader_read_s32_be (&reader, &record_index, error))
                return NULL;
              record_size = TSR_SHAPES_FRAME_SIZE;
              break;
            case TSR_SHAPES_PATCH_HLSH:
            case TSR_SHAPES_PATCH_BMAP:
              if (!tsr_reader_read_s32_be (&reader, &record_index, error)
                  || !tsr_reader_read_s32_be (&reader, &record_size, error))
                return NULL;
              break;
            default:
              tsr_set_error_at (error, TSR_ERROR_INVALID, at,
                                _("Shapes patch: collection %d: record 'cldf', 'ctab', 'hlsh', 'llsh', "
                                  "'bmap' or 'endc' expected, found '%s'"), index, name);
              return NULL;
            }
          if (record_size < 0 || (tag != TSR_SHAPES_PATCH_CLDF && record_index < 0))
            {
              tsr_set_error_at (error, TSR_ERROR_INVALID, at,
                                _("Shapes patch: collection %d: '%s' with index %d and size %d"), index,
                                name, record_index, record_size);
              return NULL;
            }
          record = g_new0 (TsrShapesPatchRecord, 1);
          record->tag = tag;
          record->index = record_index;
          record->original_offset = at;
          record->data = tsr_reader_read_gbytes (&reader, (gsize) record_size, error);
          g_ptr_array_add (collection->records, record);
          if (record->data == NULL)
            {
              g_prefix_error (error, _("collection %d '%s' %d: "), index, name, record_index);
              return NULL;
            }
          if (tag == TSR_SHAPES_PATCH_CLDF)
            {
              TsrShapesDefinition definition;
              tsr_shapes_definition_parse (g_bytes_get_data (record->data, NULL), &definition);
              color_count = MAX (definition.color_count, 0);
            }
        }
    }
  return g_steal_pointer (&patch);
}

GBytes *
tsr_shapes_patch_serialize (const TsrShapesPatch *patch)
{
  g_autoptr(TsrWriter) writer = tsr_writer_new ();

  for (guint c = 0; c < patch->collections->len; c++)
    {
      const TsrShapesPatchCollection *collection = g_ptr_array_index (patch->collections, c);

      tsr_writer_write_u32_be (writer, (guint32) collection->collection);
      tsr_writer_write_u32_be (writer, (guint32) collection->depth);
      for (guint r = 0; r < collection->records->len; r++)
        {
          const TsrShapesPatchRecord *record = g_ptr_array_index (collection->records, r);

          tsr_writer_write_u32_be (writer, record->tag);
          if (record->tag != TSR_SHAPES_PATCH_CLDF)
            tsr_writer_write_u32_be (writer, (guint32) record->index);
          if (record->tag == TSR_SHAPES_PATCH_HLSH || record->tag == TSR_SHAPES_PATCH_BMAP)
            tsr_writer_write_u32_be (writer, (guint32) g_bytes_get_size (record->data));
          tsr_writer_write_gbytes (writer, record->data);
        }
      tsr_writer_write_u32_be (writer, TSR_SHAPES_PATCH_ENDC);
    }
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

/* Where RECORD's data lay in the parsed patch: after the tag, the index (all but 'cldf') and the
 * size ('hlsh', 'bmap'). */
static gsize
record_data_offset (const TsrShapesPatchRecord *record)
{
  if (record->tag == TSR_SHAPES_PATCH_CLDF)
    return record->original_offset + 4;
  if (record->tag == TSR_SHAPES_PATCH_HLSH || record->tag == TSR_SHAPES_PATCH_BMAP)
    return record->original_offset + 12;
  return record->original_offset + 8;
}

GPtrArray *
tsr_shapes_patch_collection_bitmaps (const TsrShapesPatchCollection *collection, GError **error)
{
  g_autoptr(GPtrArray) bitmaps = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_shapes_bitmap_free);

  for (guint r = 0; r < collection->records->len; r++)
    {
      const TsrShapesPatchRecord *record = g_ptr_array_index (collection->records, r);
      TsrShapesBitmap *bitmap;
      gsize size;
      const guint8 *data;

      if (record->tag != TSR_SHAPES_PATCH_BMAP)
        continue;
      data = g_bytes_get_data (record->data, &size);
      bitmap = tsr_shapes_bitmap_parse (data, size, FALSE, TRUE, record_data_offset (record), error);
      if (bitmap == NULL)
        {
          g_prefix_error (error, _("collection %d bitmap %d: "), collection->collection, record->index);
          return NULL;
        }
      g_ptr_array_add (bitmaps, bitmap);
    }
  return g_steal_pointer (&bitmaps);
}

/* ---- Apply ------------------------------------------------------------------------------- */

static TsrShapesBitmap *
empty_bitmap (void)
{
  guint8 raw[TSR_SHAPES_BITMAP_HEADER_SIZE + 4] = { 0 };
  TsrShapesBitmap *bitmap = g_new0 (TsrShapesBitmap, 1);

  raw[9] = 8;
  bitmap->raw = g_bytes_new (raw, sizeof raw);
  bitmap->depth = 8;
  return bitmap;
}

static void
resize_collection (TsrShapesCollection *collection)
{
  const TsrShapesDefinition *definition = &collection->definition;
  guint color_count = (guint) MAX (definition->color_count, 0);

  while (collection->color_tables->len > (guint) MAX (definition->clut_count, 0))
    g_ptr_array_remove_index (collection->color_tables, collection->color_tables->len - 1);
  while (collection->color_tables->len < (guint) MAX (definition->clut_count, 0))
    g_ptr_array_add (collection->color_tables, g_new0 (TsrShapesColorTable, 1));
  for (guint t = 0; t < collection->color_tables->len; t++)
    {
      TsrShapesColorTable *table = g_ptr_array_index (collection->color_tables, t);
      if (table->count != color_count)
        {
          table->colors = g_renew (TsrShapesColor, table->colors, MAX (color_count, 1u));
          for (guint c = table->count; c < color_count; c++)
            table->colors[c] = (TsrShapesColor) { 0, (guint8) c, 0, 0, 0 };
          table->count = color_count;
        }
    }
  if (collection->sequences->len > (guint) MAX (definition->sequence_count, 0))
    g_ptr_array_set_size (collection->sequences, MAX (definition->sequence_count, 0));
  while (collection->sequences->len < (guint) MAX (definition->sequence_count, 0))
    g_ptr_array_add (collection->sequences, tsr_shapes_sequence_new ("", 1, 0, NULL));
  if (collection->frames->len > (guint) MAX (definition->frame_count, 0))
    g_ptr_array_set_size (collection->frames, MAX (definition->frame_count, 0));
  while (collection->frames->len < (guint) MAX (definition->frame_count, 0))
    g_ptr_array_add (collection->frames, tsr_shapes_frame_new (-1, 0));
  if (collection->bitmaps->len > (guint) MAX (definition->bitmap_count, 0))
    g_ptr_array_set_size (collection->bitmaps, MAX (definition->bitmap_count, 0));
  while (collection->bitmaps->len < (guint) MAX (definition->bitmap_count, 0))
    g_ptr_array_add (collection->bitmaps, empty_bitmap ());
}

static gboolean
check_index (const TsrShapesPatchRecord *record, guint count, gint32 collection, GError **error)
{
  char name[5];

  if (record->index >= 0 && (guint) record->index < count)
    return TRUE;
  tag_name (record->tag, name);
  /* The record's index follows its tag. */
  tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, record->original_offset + 4,
                    _("Shapes patch: collection %d: '%s' %d, the collection has %u"), collection, name,
                    record->index, count);
  return FALSE;
}

gboolean
tsr_shapes_patch_apply (const TsrShapesPatch *patch, TsrShapesFile *file, GError **error)
{
  for (guint c = 0; c < patch->collections->len; c++)
    {
      const TsrShapesPatchCollection *pc = g_ptr_array_index (patch->collections, c);
      guint version = pc->depth == 16 ? 1 : 0;
      TsrShapesCollection *collection;

      if (pc->records->len == 0)
        continue;
      collection = file->slots[pc->collection].versions[version];
      if (collection == NULL)
        {
          collection = tsr_shapes_collection_new (TSR_SHAPES_COLLECTION_UNUSED, 0);
          tsr_shapes_file_set_collection (file, (guint) pc->collection, version, collection);
        }
      tsr_shapes_collection_touch (collection);

      for (guint r = 0; r < pc->records->len; r++)
        {
          const TsrShapesPatchRecord *record = g_ptr_array_index (pc->records, r);
          gsize size;
          const guint8 *data = g_bytes_get_data (record->data, &size);

          switch (record->tag)
            {
            case TSR_SHAPES_PATCH_CLDF:
              {
                TsrShapesDefinition definition;

                if (!tsr_shapes_definition_parse (data, &definition) || definition.clut_count > 256)
                  {
                    /* The definition the counts are in. */
                    tsr_set_error_at (error, TSR_ERROR_INVALID, record_data_offset (record),
                                      _("Shapes patch: collection %d: 'cldf' counts expected >= 0 with at most "
                                        "256 colours and 256 colour tables: colours %d, tables %d, sequences %d, "
                                        "frames %d, bitmaps %d"), pc->collection, definition.color_count,
                                      definition.clut_count, definition.sequence_count, definition.frame_count,
                                      definition.bitmap_count);
                    return FALSE;
                  }
                g_bytes_unref (collection->definition_raw);
                collection->definition_raw = g_bytes_ref (record->data);
                collection->definition = definition;
                resize_collection (collection);
              }
              break;
            case TSR_SHAPES_PATCH_CTAB:
              {
                TsrShapesColorTable *table;
                if (!check_index (record, collection->color_tables->len, pc->collection, error))
                  return FALSE;
                table = g_ptr_array_index (collection->color_tables, (guint) record->index);
                for (guint k = 0; k < table->count && (k + 1) * 8 <= size; k++)
                  {
                    const guint8 *p = data + k * 8;
                    table->colors[k] = (TsrShapesColor) { p[0], p[1], (guint16) ((p[2] << 8) | p[3]),
                                                          (guint16) ((p[4] << 8) | p[5]),
                                                          (guint16) ((p[6] << 8) | p[7]) };
                  }
              }
              break;
            case TSR_SHAPES_PATCH_HLSH:
              {
                TsrShapesSequence *sequence;
                if (!check_index (record, collection->sequences->len, pc->collection, error))
                  return FALSE;
                sequence = tsr_shapes_sequence_parse (data, size, TRUE, record_data_offset (record), error);
                if (sequence == NULL)
                  return FALSE;
                tsr_shapes_sequence_free (collection->sequences->pdata[record->index]);
                collection->sequences->pdata[record->index] = sequence;
              }
              break;
            case TSR_SHAPES_PATCH_LLSH:
              if (!check_index (record, collection->frames->len, pc->collection, error))
                return FALSE;
              tsr_shapes_frame_parse (data, collection->frames->pdata[record->index]);
              ((TsrShapesFrame *) collection->frames->pdata[record->index])->original_offset = record_data_offset (record);
              break;
            case TSR_SHAPES_PATCH_BMAP:
              {
                TsrShapesBitmap *bitmap;
                if (!check_index (record, collection->bitmaps->len, pc->collection, error))
                  return FALSE;
                bitmap = tsr_shapes_bitmap_parse (data, size, FALSE, TRUE, record_data_offset (record), error);
                if (bitmap == NULL)
                  return FALSE;
                tsr_shapes_bitmap_free (collection->bitmaps->pdata[record->index]);
                collection->bitmaps->pdata[record->index] = bitmap;
              }
              break;
            default:
              break;
            }
        }
    }
  return TRUE;
}

/* ---- Make -------------------------------------------------------------------------------- */

static void
add_record (TsrShapesPatchCollection *collection, guint32 tag, gint32 index, GBytes *data)
{
  TsrShapesPatchRecord *record = g_new0 (TsrShapesPatchRecord, 1);

  record->tag = tag;
  record->index = index;
  record->data = data;
  g_ptr_array_add (collection->records, record);
}

/* The definition as patches carry it: counts from the arrays, colour tables "at 544", no other
 * offsets and no size (what the engine ignores). */
static GBytes *
patch_definition (const TsrShapesCollection *collection)
{
  guint8 raw[TSR_SHAPES_DEFINITION_SIZE];
  guint color_count = collection->color_tables->len > 0
                      ? ((TsrShapesColorTable *) g_ptr_array_index (collection->color_tables, 0))->count
                      : (guint) MAX (collection->definition.color_count, 0);

  memcpy (raw, g_bytes_get_data (collection->definition_raw, NULL), sizeof raw);
  raw[6] = (guint8) (color_count >> 8);
  raw[7] = (guint8) color_count;
  raw[8] = (guint8) (collection->color_tables->len >> 8);
  raw[9] = (guint8) collection->color_tables->len;
  memset (raw + 10, 0, 4);
  raw[12] = 0x02;
  raw[13] = 0x20;
  raw[14] = (guint8) (collection->sequences->len >> 8);
  raw[15] = (guint8) collection->sequences->len;
  memset (raw + 16, 0, 4);
  raw[20] = (guint8) (collection->frames->len >> 8);
  raw[21] = (guint8) collection->frames->len;
  memset (raw + 22, 0, 4);
  raw[26] = (guint8) (collection->bitmaps->len >> 8);
  raw[27] = (guint8) collection->bitmaps->len;
  memset (raw + 28, 0, 4);
  memset (raw + 34, 0, 4);
  return g_bytes_new (raw, sizeof raw);
}

static GBytes *
color_table_bytes (const TsrShapesColorTable *table)
{
  g_autoptr(TsrWriter) writer = tsr_writer_new ();

  for (guint c = 0; c < table->count; c++)
    {
      tsr_writer_write_u8 (writer, table->colors[c].flags);
      tsr_writer_write_u8 (writer, table->colors[c].value);
      tsr_writer_write_u16_be (writer, table->colors[c].red);
      tsr_writer_write_u16_be (writer, table->colors[c].green);
      tsr_writer_write_u16_be (writer, table->colors[c].blue);
    }
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

static void
diff_collection (const TsrShapesCollection *a, const TsrShapesCollection *b, TsrShapesPatchCollection *out)
{
  g_autoptr(GBytes) definition_b = patch_definition (b);

  if (a == NULL)
    add_record (out, TSR_SHAPES_PATCH_CLDF, -1, g_steal_pointer (&definition_b));
  else
    {
      g_autoptr(GBytes) definition_a = patch_definition (a);
      if (!g_bytes_equal (definition_a, definition_b))
        add_record (out, TSR_SHAPES_PATCH_CLDF, -1, g_steal_pointer (&definition_b));
    }

  for (guint t = 0; t < b->color_tables->len; t++)
    {
      const TsrShapesColorTable *tb = g_ptr_array_index (b->color_tables, t);
      const TsrShapesColorTable *ta = a != NULL && t < a->color_tables->len ? g_ptr_array_index (a->color_tables, t) : NULL;

      if (ta == NULL || ta->count != tb->count
          || memcmp (ta->colors, tb->colors, sizeof (TsrShapesColor) * tb->count) != 0)
        add_record (out, TSR_SHAPES_PATCH_CTAB, (gint32) t, color_table_bytes (tb));
    }
  for (guint i = 0; i < b->sequences->len; i++)
    {
      const TsrShapesSequence *sb = g_ptr_array_index (b->sequences, i);
      const TsrShapesSequence *sa = a != NULL && i < a->sequences->len ? g_ptr_array_index (a->sequences, i) : NULL;

      if (sa == NULL || !g_bytes_equal (sa->raw, sb->raw))
        add_record (out, TSR_SHAPES_PATCH_HLSH, (gint32) i, g_bytes_ref (sb->raw));
    }
  for (guint i = 0; i < b->frames->len; i++)
    {
      const TsrShapesFrame *fb = g_ptr_array_index (b->frames, i);
      const TsrShapesFrame *fa = a != NULL && i < a->frames->len ? g_ptr_array_index (a->frames, i) : NULL;

      if (fa == NULL || memcmp (fa->raw, fb->raw, TSR_SHAPES_FRAME_SIZE) != 0)
        add_record (out, TSR_SHAPES_PATCH_LLSH, (gint32) i, g_bytes_new (fb->raw, TSR_SHAPES_FRAME_SIZE));
    }
  for (guint i = 0; i < b->bitmaps->len; i++)
    {
      const TsrShapesBitmap *bb = g_ptr_array_index (b->bitmaps, i);
      const TsrShapesBitmap *ba = a != NULL && i < a->bitmaps->len ? g_ptr_array_index (a->bitmaps, i) : NULL;

      if (ba == NULL || !g_bytes_equal (ba->raw, bb->raw))
        add_record (out, TSR_SHAPES_PATCH_BMAP, (gint32) i, g_bytes_ref (bb->raw));
    }
}

TsrShapesPatch *
tsr_shapes_patch_make (const TsrShapesFile *original, const TsrShapesFile *modified)
{
  TsrShapesPatch *patch = tsr_shapes_patch_new ();
  gboolean any16 = FALSE;

  for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
    any16 |= modified->slots[i].versions[1] != NULL;
  for (guint v = 0; v < (any16 ? 2u : 1u); v++)
    for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
      {
        TsrShapesPatchCollection *out = patch_collection_new ((gint32) i, v ? 16 : 8);
        const TsrShapesCollection *b = modified->slots[i].versions[v];

        g_ptr_array_add (patch->collections, out);
        if (b != NULL)
          diff_collection (original->slots[i].versions[v], b, out);
      }
  return patch;
}
