/* tsr-marathon-shapes-format.c: the "marathon-shapes" (.shpA) and "marathon-shapes-patch" (.ShPa)
 * TsrFormats: info, roundtrip, validate, render and extract. */
#include <glib/gi18n.h>
#include <math.h>

#include "formats/marathon/tsr-marathon-shapes-formats.h"

#include "formats/marathon/tsr-marathon-shapes-patch.h"

static gboolean
write_png (const TsrImage *image, const char *directory, const char *name, GPtrArray *written,
           GError **error)
{
  g_autofree char *path = g_build_filename (directory, name, NULL);

  if (!tsr_image_save_png (image, path, error))
    return FALSE;
  g_ptr_array_add (written, g_steal_pointer (&path));
  return TRUE;
}

/* A views x frames sheet of a sequence: each cell as large as the largest frame. */
static TsrImage *
sequence_sheet (const TsrShapesSequence *sequence, TsrImage **frames, guint frame_count)
{
  guint cell_width = 1, cell_height = 1, columns = (guint) MAX (sequence->frames_per_view, 1);
  TsrImage *sheet = NULL;

  for (guint i = 0; i < sequence->index_count; i++)
    {
      gint16 index = sequence->frame_indexes[i];
      if (index >= 0 && (guint) index < frame_count && frames[index] != NULL)
        {
          cell_width = MAX (cell_width, frames[index]->width);
          cell_height = MAX (cell_height, frames[index]->height);
        }
    }
  sheet = tsr_image_new (MIN (cell_width * columns, 32768u), MIN (cell_height * sequence->view_count, 32768u));
  if (sheet == NULL)
    return NULL;
  for (guint view = 0; view < sequence->view_count; view++)
    for (guint f = 0; f < (guint) MAX (sequence->frames_per_view, 0); f++)
      {
        gint16 index = sequence->frame_indexes[view * (guint) sequence->frames_per_view + f];
        if (index >= 0 && (guint) index < frame_count && frames[index] != NULL)
          tsr_image_blit (sheet, frames[index], (int) (f * cell_width), (int) (view * cell_height));
      }
  return sheet;
}

/* Writes a collection's bitmaps per colour table, its frames and sequence sheets (table 0). */
static gboolean
extract_collection (const TsrShapesCollection *collection, const char *prefix, const char *directory,
                    GPtrArray *written, GError **error)
{
  guint tables = MAX (collection->color_tables->len, 1u);
  const TsrShapesColorTable *first = collection->color_tables->len > 0
                                     ? g_ptr_array_index (collection->color_tables, 0) : NULL;
  const char *table0 = first != NULL ? "t0" : "ramp";
  TsrImage **frames = g_new0 (TsrImage *, MAX (collection->frames->len, 1u));
  gboolean ok = TRUE;

  for (guint t = 0; t < tables && ok; t++)
    for (guint b = 0; b < collection->bitmaps->len && ok; b++)
      {
        const TsrShapesBitmap *bitmap = g_ptr_array_index (collection->bitmaps, b);
        const TsrShapesColorTable *table = collection->color_tables->len > 0
                                           ? g_ptr_array_index (collection->color_tables, t) : NULL;
        g_autoptr(TsrImage) image = NULL;
        g_autofree char *name = NULL;

        if (bitmap->width <= 0 || bitmap->height <= 0)
          continue;
        image = tsr_shapes_bitmap_decode (bitmap, table, error);
        if (image == NULL)
          {
            g_prefix_error (error, _("%s bitmap %u: "), prefix, b);
            ok = FALSE;
            break;
          }
        name = table != NULL ? g_strdup_printf ("%s-t%u-b%03u.png", prefix, t, b)
                             : g_strdup_printf ("%s-ramp-b%03u.png", prefix, b);
        ok = write_png (image, directory, name, written, error);
      }

  for (guint f = 0; f < collection->frames->len && ok; f++)
    {
      const TsrShapesFrame *frame = g_ptr_array_index (collection->frames, f);
      g_autofree char *name = NULL;

      if (frame->bitmap_index < 0 || (guint) frame->bitmap_index >= collection->bitmaps->len
          || ((TsrShapesBitmap *) g_ptr_array_index (collection->bitmaps, (guint) frame->bitmap_index))->width <= 0
          || ((TsrShapesBitmap *) g_ptr_array_index (collection->bitmaps, (guint) frame->bitmap_index))->height <= 0)
        continue;
      frames[f] = tsr_shapes_frame_decode (collection, frame, first, NULL);
      if (frames[f] == NULL)
        continue;
      name = g_strdup_printf ("%s-%s-f%03u.png", prefix, table0, f);
      ok = write_png (frames[f], directory, name, written, error);
    }

  for (guint s = 0; s < collection->sequences->len && ok; s++)
    {
      const TsrShapesSequence *sequence = g_ptr_array_index (collection->sequences, s);
      g_autoptr(TsrImage) sheet = NULL;
      g_autofree char *name = NULL;

      if (sequence->index_count == 0)
        continue;
      sheet = sequence_sheet (sequence, frames, collection->frames->len);
      if (sheet == NULL)
        continue;
      name = g_strdup_printf ("%s-%s-s%03u.png", prefix, table0, s);
      ok = write_png (sheet, directory, name, written, error);
    }

  for (guint f = 0; f < collection->frames->len; f++)
    g_clear_pointer (&frames[f], tsr_image_free);
  g_free (frames);
  return ok;
}

static void
validate_collection (const TsrShapesCollection *collection, const char *where, gboolean colors_expected,
                     GPtrArray *findings)
{
  if (collection->definition.version != 3)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, where, _("version %d (3 expected)"),
                      collection->definition.version);
  for (guint s = 0; s < collection->sequences->len; s++)
    {
      const TsrShapesSequence *sequence = g_ptr_array_index (collection->sequences, s);

      if (tsr_shapes_view_count (sequence->view_code) == 0)
        tsr_findings_add (findings, TSR_SEVERITY_WARNING, where, _("sequence %u: unknown view code %d"),
                          s, sequence->view_code);
      for (guint i = 0; i < sequence->index_count; i++)
        /* RenderMain/shapes.cpp get_low_level_shape_definition and get_bitmap_definition return
         * NULL past the end and extended_get_shape_bitmap_and_shading_table hands that on:
         * nothing is drawn, the game goes on. */
        if (sequence->frame_indexes[i] < -1 || sequence->frame_indexes[i] >= (gint) collection->frames->len)
          {
            tsr_findings_add (findings, TSR_SEVERITY_WARNING, where,
                              _("sequence %u (%s): frame index %d, the collection has %u frames"), s,
                              sequence->name != NULL ? sequence->name : "", sequence->frame_indexes[i],
                              collection->frames->len);
            break;
          }
    }
  for (guint f = 0; f < collection->frames->len; f++)
    {
      const TsrShapesFrame *frame = g_ptr_array_index (collection->frames, f);

      if (frame->bitmap_index < -1 || frame->bitmap_index >= (gint) collection->bitmaps->len)
        tsr_findings_add (findings, TSR_SEVERITY_WARNING, where, _("frame %u: bitmap %d, the collection has %u"),
                          f, frame->bitmap_index, collection->bitmaps->len);
    }
  for (guint b = 0; b < collection->bitmaps->len; b++)
    {
      const TsrShapesBitmap *bitmap = g_ptr_array_index (collection->bitmaps, b);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrImage) image = NULL;

      if (bitmap->width == 0 || bitmap->height == 0)
        continue;
      /* RenderMain/textures.cpp precalculate_bitmap_row_addresses (called for every bitmap by
       * shapes.cpp when a collection loads) walks the rows without bounds: a bitmap whose
       * rows run past its bytes is read past the collection. */
      image = tsr_shapes_bitmap_decode (bitmap, NULL, &error);
      if (image == NULL)
        tsr_findings_add (findings, TSR_SEVERITY_ERROR, where, _("bitmap %u: %s"), b, error->message);
      else if (bitmap->depth != 8)
        tsr_findings_add (findings, TSR_SEVERITY_WARNING, where, _("bitmap %u: depth %d (8 expected)"), b,
                          bitmap->depth);
    }
  if (colors_expected && collection->bitmaps->len > 0 && collection->color_tables->len == 0)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, where, _("bitmaps but no colour table"));
}

static void
describe_collection (JsonBuilder *builder, const TsrShapesCollection *collection)
{
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, tsr_shapes_collection_type_name (collection->definition.type));
  json_builder_set_member_name (builder, "colour_tables");
  json_builder_add_int_value (builder, collection->color_tables->len);
  json_builder_set_member_name (builder, "colours");
  json_builder_add_int_value (builder, collection->definition.color_count);
  json_builder_set_member_name (builder, "bitmaps");
  json_builder_add_int_value (builder, collection->bitmaps->len);
  json_builder_set_member_name (builder, "frames");
  json_builder_add_int_value (builder, collection->frames->len);
  json_builder_set_member_name (builder, "sequences");
  json_builder_add_int_value (builder, collection->sequences->len);
}

/* ---- marathon-shapes --------------------------------------------------------------------- */

static guint
shapes_sniff (const guint8 *data, gsize size, const char *path)
{
  guint m2 = tsr_shapes_file_sniff (data, size);

  return m2 != TSR_SNIFF_NO ? m2 : tsr_shapes_m1_sniff (data, size);
}

static gpointer
shapes_load (const char *path, GBytes *bytes, GError **error)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  return tsr_shapes_file_parse (data, size, error);
}

static void
shapes_free (gpointer data)
{
  tsr_shapes_file_free (data);
}

static GPtrArray *
shapes_save (gconstpointer data, const char *path, GError **error)
{
  return tsr_output_files_new_single (path, tsr_shapes_file_serialize (data));
}

static void
shapes_validate (gconstpointer data, GPtrArray *findings)
{
  const TsrShapesFile *file = data;

  for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
    for (guint v = 0; v < 2; v++)
      if (file->slots[i].versions[v] != NULL)
        {
          g_autofree char *where = g_strdup_printf (_("collection %u%s"), i, v ? _(" (16-bit)") : "");
          validate_collection (file->slots[i].versions[v], where, TRUE, findings);
        }
}

static void
shapes_describe (gconstpointer data, JsonBuilder *builder)
{
  const TsrShapesFile *file = data;

  json_builder_set_member_name (builder, "generation");
  json_builder_add_string_value (builder, file->marathon1 ? "Marathon 1 ('.256' resources)" : "Marathon 2/Infinity");
  json_builder_set_member_name (builder, "collections");
  json_builder_begin_array (builder);
  for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
    for (guint v = 0; v < 2; v++)
      {
        const TsrShapesCollection *collection = file->slots[i].versions[v];

        if (collection == NULL)
          continue;
        json_builder_begin_object (builder);
        json_builder_set_member_name (builder, "index");
        json_builder_add_int_value (builder, i);
        json_builder_set_member_name (builder, "depth");
        json_builder_add_int_value (builder, v ? 16 : 8);
        describe_collection (builder, collection);
        json_builder_end_object (builder);
      }
  json_builder_end_array (builder);
}

static gboolean
shapes_extract (gconstpointer data, const char *directory, GPtrArray *written, GError **error)
{
  const TsrShapesFile *file = data;

  for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
    for (guint v = 0; v < 2; v++)
      if (file->slots[i].versions[v] != NULL)
        {
          g_autofree char *prefix = g_strdup_printf (v ? "c%02u-16" : "c%02u", i);
          if (!extract_collection (file->slots[i].versions[v], prefix, directory, written, error))
            return FALSE;
        }
  return TRUE;
}

/* All bitmaps of a collection as a contact sheet: rows of bitmaps in order, wrapped at a width
 * that makes the sheet roughly square (a strip of hundreds of frames side by side would be a few
 * pixels high once scaled to a window), with a 2-pixel gap. */
static TsrImage *
bitmaps_sheet (const TsrShapesCollection *collection, GError **error)
{
  const TsrShapesColorTable *table = collection->color_tables->len > 0
                                     ? g_ptr_array_index (collection->color_tables, 0) : NULL;
  g_autoptr(GPtrArray) images = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
  const guint gap = 2;
  guint64 area = 0;
  guint widest = 1, row_width, width = 1, height = 1, x = 0, y = 0, row_height = 0;
  TsrImage *sheet = NULL;

  for (guint b = 0; b < collection->bitmaps->len; b++)
    {
      const TsrShapesBitmap *bitmap = g_ptr_array_index (collection->bitmaps, b);
      TsrImage *image;

      if (bitmap->width <= 0 || bitmap->height <= 0)
        continue;
      image = tsr_shapes_bitmap_decode (bitmap, table, error);
      if (image == NULL)
        return NULL;
      area += (guint64) (image->width + gap) * (image->height + gap);
      widest = MAX (widest, image->width);
      g_ptr_array_add (images, image);
    }
  row_width = MAX (widest, (guint) (sqrt ((double) area) * 1.2));
  row_width = MIN (row_width, 8192u);
  /* First pass: the sheet's size; second: the blits. */
  for (guint pass = 0; pass < 2; pass++)
    {
      x = y = row_height = 0;
      for (guint i = 0; i < images->len; i++)
        {
          TsrImage *image = g_ptr_array_index (images, i);

          if (x > 0 && x + image->width > row_width)
            {
              x = 0;
              y += row_height + gap;
              row_height = 0;
            }
          if (pass == 1)
            tsr_image_blit (sheet, image, (int) x, (int) y);
          else
            {
              width = MAX (width, x + image->width);
              height = MAX (height, y + image->height);
            }
          x += image->width + gap;
          row_height = MAX (row_height, image->height);
        }
      if (pass == 0 && (sheet = tsr_image_new_checked (width, height, TSR_IMAGE_MAX_PIXELS, "bitmap sheet", error)) == NULL)
        return NULL;
    }
  return sheet;
}

static TsrImage *
shapes_render (gconstpointer data, const TsrRenderOptions *options, GError **error)
{
  const TsrShapesFile *file = data;

  for (guint i = 0; i < TSR_SHAPES_COLLECTION_COUNT; i++)
    if (file->slots[i].versions[0] != NULL && (options->level < 0 || (guint) options->level == i))
      return bitmaps_sheet (file->slots[i].versions[0], error);
  g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, _("Shapes: no collection %d"), options->level);
  return NULL;
}

static const char *const shapes_extensions[] = { "shpa", "shps", "shapes", NULL };

const TsrFormat tsr_marathon_shapes_format = {
  .id = "marathon-shapes",
  .name = N_("Marathon shapes"),
  .family = "marathon",
  .extensions = shapes_extensions,
  .sniff = shapes_sniff,
  .load = shapes_load,
  .free = shapes_free,
  .save = shapes_save,
  .validate = shapes_validate,
  .describe = shapes_describe,
  .render = shapes_render,
  .extract = shapes_extract,
};

/* ---- marathon-shapes-patch --------------------------------------------------------------- */

/* A patch collection as a partial collection: its definition (when it has one) and its records
 * at their indexes, so the collection code can extract and validate it. */
TsrShapesCollection *
tsr_shapes_patch_collection_view (const TsrShapesPatchCollection *pc, GError **error)
{
  g_autoptr(TsrShapesFile) scratch = tsr_shapes_file_new ();
  g_autoptr(TsrShapesPatch) single = tsr_shapes_patch_new ();
  TsrShapesPatchCollection *copy = g_new0 (TsrShapesPatchCollection, 1);
  TsrShapesPatchRecord grow = { TSR_SHAPES_PATCH_CLDF, -1, NULL };
  TsrShapesCollection *collection;
  /* 64-bit: a record's index + 1 must not overflow at G_MAXINT32 (a mutated patch). */
  gint64 sequences = 0, frames = 0, bitmaps = 0, tables = 0;
  gboolean has_definition = FALSE, ok;

  for (guint r = 0; r < pc->records->len; r++)
    {
      const TsrShapesPatchRecord *record = g_ptr_array_index (pc->records, r);
      switch (record->tag)
        {
        case TSR_SHAPES_PATCH_CLDF: has_definition = TRUE; break;
        case TSR_SHAPES_PATCH_CTAB: tables = MAX (tables, (gint64) record->index + 1); break;
        case TSR_SHAPES_PATCH_HLSH: sequences = MAX (sequences, (gint64) record->index + 1); break;
        case TSR_SHAPES_PATCH_LLSH: frames = MAX (frames, (gint64) record->index + 1); break;
        case TSR_SHAPES_PATCH_BMAP: bitmaps = MAX (bitmaps, (gint64) record->index + 1); break;
        default: break;
        }
    }

  copy->collection = pc->collection;
  copy->depth = pc->depth;
  copy->records = g_ptr_array_new (); /* borrows the records */
  g_ptr_array_add (single->collections, copy);
  if (!has_definition)
    {
      /* Without a definition the counts come from the records' indexes. */
      guint8 raw[TSR_SHAPES_DEFINITION_SIZE] = { 0 };

      raw[1] = 3;
      raw[8] = (guint8) (MIN (tables, 256) >> 8);
      raw[9] = (guint8) MIN (tables, 256);
      raw[14] = (guint8) (MIN (sequences, 0x7fff) >> 8);
      raw[15] = (guint8) MIN (sequences, 0x7fff);
      raw[20] = (guint8) (MIN (frames, 0x7fff) >> 8);
      raw[21] = (guint8) MIN (frames, 0x7fff);
      raw[26] = (guint8) (MIN (bitmaps, 0x7fff) >> 8);
      raw[27] = (guint8) MIN (bitmaps, 0x7fff);
      grow.data = g_bytes_new (raw, sizeof raw);
      g_ptr_array_add (copy->records, &grow);
    }
  for (guint r = 0; r < pc->records->len; r++)
    g_ptr_array_add (copy->records, g_ptr_array_index (pc->records, r));
  ok = tsr_shapes_patch_apply (single, scratch, error);
  g_clear_pointer (&grow.data, g_bytes_unref);
  if (!ok)
    return NULL;
  collection = scratch->slots[pc->collection].versions[pc->depth == 16];
  scratch->slots[pc->collection].versions[pc->depth == 16] = NULL;
  /* Tables the definition announces but the patch does not carry are not black: they are absent,
   * and the bitmaps decode with the neutral ramp. */
  if (tables == 0)
    g_ptr_array_set_size (collection->color_tables, 0);
  return collection;
}

static guint
patch_sniff (const guint8 *data, gsize size, const char *path)
{
  return tsr_shapes_patch_sniff (data, size);
}

static gpointer
patch_load (const char *path, GBytes *bytes, GError **error)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  return tsr_shapes_patch_parse (data, size, NULL, error);
}

static void
patch_free (gpointer data)
{
  tsr_shapes_patch_free (data);
}

static GPtrArray *
patch_save (gconstpointer data, const char *path, GError **error)
{
  return tsr_output_files_new_single (path, tsr_shapes_patch_serialize (data));
}

static void
patch_validate (gconstpointer data, GPtrArray *findings)
{
  const TsrShapesPatch *patch = data;

  for (guint c = 0; c < patch->collections->len; c++)
    {
      const TsrShapesPatchCollection *pc = g_ptr_array_index (patch->collections, c);
      g_autofree char *where = g_strdup_printf (_("collection %d (depth %d)"), pc->collection, pc->depth);
      g_autoptr(GError) error = NULL;
      TsrShapesCollection *collection;

      if (pc->records->len == 0)
        continue;
      collection = tsr_shapes_patch_collection_view (pc, &error);
      if (collection == NULL)
        {
          tsr_findings_add (findings, TSR_SEVERITY_ERROR, where, "%s", error->message);
          continue;
        }
      validate_collection (collection, where, FALSE, findings);
      tsr_shapes_collection_free (collection);
    }
}

static void
patch_describe (gconstpointer data, JsonBuilder *builder)
{
  const TsrShapesPatch *patch = data;
  guint listed = 0;

  json_builder_set_member_name (builder, "collection_entries");
  json_builder_add_int_value (builder, patch->collections->len);
  json_builder_set_member_name (builder, "colours");
  json_builder_add_string_value (builder, "patches carry no colour table unless they hold 'ctab' records; "
                                          "bitmaps without one decode with a neutral grey ramp");
  json_builder_set_member_name (builder, "collections");
  json_builder_begin_array (builder);
  for (guint c = 0; c < patch->collections->len; c++)
    {
      const TsrShapesPatchCollection *pc = g_ptr_array_index (patch->collections, c);
      guint counts[5] = { 0 };
      gint16 type = -1;

      if (pc->records->len == 0)
        continue;
      listed++;
      for (guint r = 0; r < pc->records->len; r++)
        {
          const TsrShapesPatchRecord *record = g_ptr_array_index (pc->records, r);
          switch (record->tag)
            {
            case TSR_SHAPES_PATCH_CLDF:
              {
                TsrShapesDefinition definition;
                tsr_shapes_definition_parse (g_bytes_get_data (record->data, NULL), &definition);
                type = definition.type;
                counts[0]++;
              }
              break;
            case TSR_SHAPES_PATCH_CTAB: counts[1]++; break;
            case TSR_SHAPES_PATCH_HLSH: counts[2]++; break;
            case TSR_SHAPES_PATCH_LLSH: counts[3]++; break;
            case TSR_SHAPES_PATCH_BMAP: counts[4]++; break;
            default: break;
            }
        }
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "index");
      json_builder_add_int_value (builder, pc->collection);
      json_builder_set_member_name (builder, "depth");
      json_builder_add_int_value (builder, pc->depth);
      json_builder_set_member_name (builder, "type");
      json_builder_add_string_value (builder, type >= 0 ? tsr_shapes_collection_type_name (type) : "(no definition)");
      json_builder_set_member_name (builder, "colour_tables");
      json_builder_add_int_value (builder, counts[1]);
      json_builder_set_member_name (builder, "sequences");
      json_builder_add_int_value (builder, counts[2]);
      json_builder_set_member_name (builder, "frames");
      json_builder_add_int_value (builder, counts[3]);
      json_builder_set_member_name (builder, "bitmaps");
      json_builder_add_int_value (builder, counts[4]);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "patched_collections");
  json_builder_add_int_value (builder, listed);
}

static gboolean
patch_extract (gconstpointer data, const char *directory, GPtrArray *written, GError **error)
{
  const TsrShapesPatch *patch = data;

  for (guint c = 0; c < patch->collections->len; c++)
    {
      const TsrShapesPatchCollection *pc = g_ptr_array_index (patch->collections, c);
      g_autofree char *prefix = NULL;
      TsrShapesCollection *collection;
      gboolean ok;

      if (pc->records->len == 0)
        continue;
      collection = tsr_shapes_patch_collection_view (pc, error);
      if (collection == NULL)
        return FALSE;
      prefix = g_strdup_printf (pc->depth == 16 ? "c%02d-16" : "c%02d", pc->collection);
      ok = extract_collection (collection, prefix, directory, written, error);
      tsr_shapes_collection_free (collection);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* The bitmaps of the patch's collection --level (default: the first with bitmaps) side by side. */
static TsrImage *
patch_render (gconstpointer data, const TsrRenderOptions *options, GError **error)
{
  const TsrShapesPatch *patch = data;

  for (guint c = 0; c < patch->collections->len; c++)
    {
      const TsrShapesPatchCollection *pc = g_ptr_array_index (patch->collections, c);
      g_autoptr(TsrShapesCollection) collection = NULL;
      gboolean any = FALSE;

      if (options->level >= 0 && pc->collection != options->level)
        continue;
      for (guint r = 0; r < pc->records->len && !any; r++)
        any = ((TsrShapesPatchRecord *) g_ptr_array_index (pc->records, r))->tag == TSR_SHAPES_PATCH_BMAP;
      if (!any)
        continue;
      collection = tsr_shapes_patch_collection_view (pc, error);
      if (collection == NULL)
        return NULL;
      return bitmaps_sheet (collection, error);
    }
  g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, _("Shapes patch: no bitmaps in collection %d"),
               options->level);
  return NULL;
}

static const char *const patch_extensions[] = { "shpa", NULL };

const TsrFormat tsr_marathon_shapes_patch_format = {
  .id = "marathon-shapes-patch",
  .name = N_("Marathon shapes patch"),
  .family = "marathon",
  .extensions = patch_extensions,
  .sniff = patch_sniff,
  .load = patch_load,
  .free = patch_free,
  .save = patch_save,
  .validate = patch_validate,
  .describe = patch_describe,
  .render = patch_render,
  .extract = patch_extract,
};
