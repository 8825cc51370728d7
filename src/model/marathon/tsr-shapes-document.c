/* tsr-shapes-document.c: the shapes document and its one command kind, which swaps one record
 * (a frame, a sequence or a bitmap) of a collection with another. The first edit of an untouched
 * collection also keeps the collection's original bytes, and undoing it puts them back, so an
 * edit undone saves byte-identical. */
#include "model/marathon/tsr-shapes-document.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "core/tsr-gimp-palette.h"
#include "edit/tsr-pixel-tools.h"
#include "formats/marathon/tsr-marathon-shapes-patch.h"
#include "model/marathon/tsr-shapes-diff.h"
#include "model/marathon/tsr-shapes-dither.h"

struct _TsrShapesDocument {
  TsrDocument    parent_instance;
  gboolean       patch;
  TsrShapesFile *patch_view; /* a patch's partial collections; NULL for a Shapes file */
  TsrShapesFile *base;       /* a patch's base Shapes file, or NULL */
  TsrShapesDiff *diff;       /* the patch against BASE */
  GHashTable    *index_images; /* pixel key -> TsrImage: bitmaps lent to the pixel editor */
};

G_DEFINE_FINAL_TYPE (TsrShapesDocument, tsr_shapes_document, TSR_TYPE_DOCUMENT)

enum {
  SHAPES_CHANGED,
  SHAPES_REPLACED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- the record command --------------------------------------------------------------------- */

#define TSR_TYPE_SHAPES_RECORD_COMMAND (tsr_shapes_record_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrShapesRecordCommand, tsr_shapes_record_command, TSR, SHAPES_RECORD_COMMAND, TsrCommand)

struct _TsrShapesRecordCommand {
  TsrCommand         parent_instance;
  TsrShapesDocument *document;   /* not owned: the document owns its undo stack */
  guint              collection, version, index;
  TsrShapesPart      part;
  gint               field;      /* the edited field (merging), -1 for a whole bitmap */
  gpointer           other;      /* the record not in the collection now (owned) */
  GBytes            *original;   /* the collection's original bytes before the first apply */
  gboolean           saved_original;
};

G_DEFINE_FINAL_TYPE (TsrShapesRecordCommand, tsr_shapes_record_command, TSR_TYPE_COMMAND)

static TsrShapesCollection *
editable_collection (TsrShapesDocument *self,
                     guint              collection,
                     guint              version)
{
  TsrShapesFile *file = tsr_document_get_format_data (TSR_DOCUMENT (self));

  return collection < TSR_SHAPES_COLLECTION_COUNT && version < 2 ? file->slots[collection].versions[version] : NULL;
}

GPtrArray *
tsr_shapes_collection_get_part (const TsrShapesCollection *collection,
                                TsrShapesPart              part)
{
  switch (part)
    {
    case TSR_SHAPES_PART_FRAME: return collection->frames;
    case TSR_SHAPES_PART_SEQUENCE: return collection->sequences;
    case TSR_SHAPES_PART_BITMAP: return collection->bitmaps;
    case TSR_SHAPES_PART_COLOR_TABLE: return collection->color_tables;
    default: g_assert_not_reached ();
    }
}

static void
free_record (TsrShapesPart part,
             gpointer      record)
{
  if (record == NULL)
    return;
  switch (part)
    {
    case TSR_SHAPES_PART_FRAME: g_free (record); break;
    case TSR_SHAPES_PART_SEQUENCE: tsr_shapes_sequence_free (record); break;
    case TSR_SHAPES_PART_BITMAP: tsr_shapes_bitmap_free (record); break;
    case TSR_SHAPES_PART_COLOR_TABLE: tsr_shapes_color_table_free (record); break;
    default: g_assert_not_reached ();
    }
}

static void
record_command_swap (TsrShapesRecordCommand *self,
                     gboolean                redo)
{
  TsrShapesCollection *collection = editable_collection (self->document, self->collection, self->version);
  GPtrArray *array = tsr_shapes_collection_get_part (collection, self->part);
  gpointer current = array->pdata[self->index];

  if (redo)
    {
      if (!self->saved_original)
        {
          self->original = collection->original != NULL ? g_bytes_ref (collection->original) : NULL;
          self->saved_original = TRUE;
        }
      tsr_shapes_collection_touch (collection);
    }
  array->pdata[self->index] = self->other;
  self->other = current;
  if (self->part == TSR_SHAPES_PART_BITMAP && self->document->index_images != NULL)
    g_hash_table_remove (self->document->index_images,
                         GUINT_TO_POINTER (tsr_shapes_pixel_key (self->collection, self->version, self->index)));
  if (!redo && self->original != NULL)
    {
      g_clear_pointer (&collection->original, g_bytes_unref);
      collection->original = g_bytes_ref (self->original);
    }
  g_signal_emit (self->document, signals[SHAPES_CHANGED], 0, self->collection, self->version,
                 (guint) self->part, self->index);
}

static void
tsr_shapes_record_command_redo (TsrCommand *command)
{
  record_command_swap (TSR_SHAPES_RECORD_COMMAND (command), TRUE);
}

static void
tsr_shapes_record_command_undo (TsrCommand *command)
{
  record_command_swap (TSR_SHAPES_RECORD_COMMAND (command), FALSE);
}

/* NEXT is applied: SELF keeps its own old record (what undo restores) and drops NEXT's, which is
 * the state between the two. */
static gboolean
tsr_shapes_record_command_merge (TsrCommand *command,
                                 TsrCommand *next_command)
{
  TsrShapesRecordCommand *self = TSR_SHAPES_RECORD_COMMAND (command);
  TsrShapesRecordCommand *next;

  if (!TSR_IS_SHAPES_RECORD_COMMAND (next_command))
    return FALSE;
  next = TSR_SHAPES_RECORD_COMMAND (next_command);
  if (next->document != self->document || next->collection != self->collection || next->version != self->version
      || next->part != self->part || next->index != self->index || next->field != self->field || self->field < 0)
    return FALSE;
  free_record (next->part, g_steal_pointer (&next->other));
  return TRUE;
}

static void
tsr_shapes_record_command_finalize (GObject *object)
{
  TsrShapesRecordCommand *self = TSR_SHAPES_RECORD_COMMAND (object);

  free_record (self->part, self->other);
  g_clear_pointer (&self->original, g_bytes_unref);
  G_OBJECT_CLASS (tsr_shapes_record_command_parent_class)->finalize (object);
}

static void
tsr_shapes_record_command_class_init (TsrShapesRecordCommandClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_shapes_record_command_finalize;
  TSR_COMMAND_CLASS (klass)->redo = tsr_shapes_record_command_redo;
  TSR_COMMAND_CLASS (klass)->undo = tsr_shapes_record_command_undo;
  TSR_COMMAND_CLASS (klass)->merge = tsr_shapes_record_command_merge;
}

static void
tsr_shapes_record_command_init (TsrShapesRecordCommand *self)
{
}

/* The replacement of record INDEX by RECORD (taken), not yet done. (transfer full) */
static TsrCommand *
replace_command_new (TsrShapesDocument *self,
                     guint              collection,
                     guint              version,
                     TsrShapesPart      part,
                     guint              index,
                     gint               field,
                     gpointer           record,
                     const char        *description)
{
  TsrShapesRecordCommand *command = g_object_new (TSR_TYPE_SHAPES_RECORD_COMMAND, NULL);

  command->document = self;
  command->collection = collection;
  command->version = version;
  command->part = part;
  command->index = index;
  command->field = field;
  command->other = record;
  tsr_command_set_description (TSR_COMMAND (command), description);
  return TSR_COMMAND (command);
}

/* Executes the replacement of record INDEX by RECORD (taken). */
static void
execute_replace (TsrShapesDocument *self,
                 guint              collection,
                 guint              version,
                 TsrShapesPart      part,
                 guint              index,
                 gint               field,
                 gpointer           record,
                 const char        *description)
{
  tsr_document_execute_take (TSR_DOCUMENT (self),
                             replace_command_new (self, collection, version, part, index, field, record, description));
}

/* ---- fields ---------------------------------------------------------------------------------- */

typedef struct {
  const char *name;
  guint       offset;
  gboolean    wide;    /* 32 bits */
  gint32      minimum, maximum;
} FieldInfo;

static const FieldInfo frame_fields[TSR_SHAPES_FRAME_N_FIELDS] = {
  [TSR_SHAPES_FRAME_FLAGS] = { N_("flags"), 0, FALSE, 0, 0xffff },
  [TSR_SHAPES_FRAME_MINIMUM_LIGHT] = { N_("minimum light"), 2, TRUE, 0, 0x10000 },
  [TSR_SHAPES_FRAME_BITMAP_INDEX] = { N_("bitmap"), 6, FALSE, -1, G_MAXINT16 },
  [TSR_SHAPES_FRAME_ORIGIN_X] = { N_("origin x"), 8, FALSE, G_MININT16, G_MAXINT16 },
  [TSR_SHAPES_FRAME_ORIGIN_Y] = { N_("origin y"), 10, FALSE, G_MININT16, G_MAXINT16 },
  [TSR_SHAPES_FRAME_KEY_X] = { N_("key x"), 12, FALSE, G_MININT16, G_MAXINT16 },
  [TSR_SHAPES_FRAME_KEY_Y] = { N_("key y"), 14, FALSE, G_MININT16, G_MAXINT16 },
};

static const FieldInfo sequence_fields[TSR_SHAPES_SEQUENCE_N_FIELDS] = {
  [TSR_SHAPES_SEQUENCE_TICKS_PER_FRAME] = { N_("ticks per frame"), 42, FALSE, 0, G_MAXINT16 },
  [TSR_SHAPES_SEQUENCE_KEY_FRAME] = { N_("key frame"), 44, FALSE, -1, G_MAXINT16 },
  [TSR_SHAPES_SEQUENCE_LOOP_FRAME] = { N_("loop frame"), 58, FALSE, -1, G_MAXINT16 },
  [TSR_SHAPES_SEQUENCE_TRANSFER_MODE] = { N_("transfer mode"), 46, FALSE, 0, G_MAXINT16 },
  [TSR_SHAPES_SEQUENCE_TRANSFER_PERIOD] = { N_("transfer period"), 48, FALSE, 0, G_MAXINT16 },
  [TSR_SHAPES_SEQUENCE_FIRST_FRAME_SOUND] = { N_("first frame sound"), 50, FALSE, -1, G_MAXINT16 },
  [TSR_SHAPES_SEQUENCE_KEY_FRAME_SOUND] = { N_("key frame sound"), 52, FALSE, -1, G_MAXINT16 },
  [TSR_SHAPES_SEQUENCE_LAST_FRAME_SOUND] = { N_("last frame sound"), 54, FALSE, -1, G_MAXINT16 },
  [TSR_SHAPES_SEQUENCE_PIXELS_TO_WORLD] = { N_("pixels to world"), 56, FALSE, 0, G_MAXINT16 },
};

static gint32
read_field (const guint8 *raw, const FieldInfo *info)
{
  const guint8 *p = raw + info->offset;

  if (info->wide)
    return (gint32) (((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3]);
  /* Flags are unsigned; every other 16-bit field is signed. */
  if (info->maximum == 0xffff)
    return (gint32) (((guint32) p[0] << 8) | p[1]);
  return (gint16) (((guint16) p[0] << 8) | p[1]);
}

static void
write_field (guint8 *raw, const FieldInfo *info, gint32 value)
{
  guint8 *p = raw + info->offset;

  if (info->wide)
    {
      p[0] = (guint8) ((guint32) value >> 24);
      p[1] = (guint8) ((guint32) value >> 16);
      p += 2;
    }
  p[0] = (guint8) ((guint32) value >> 8);
  p[1] = (guint8) value;
}

const char *
tsr_shapes_frame_field_name (TsrShapesFrameField field)
{
  g_return_val_if_fail (field < TSR_SHAPES_FRAME_N_FIELDS, NULL);
  return _(frame_fields[field].name);
}

const char *
tsr_shapes_sequence_field_name (TsrShapesSequenceField field)
{
  g_return_val_if_fail (field < TSR_SHAPES_SEQUENCE_N_FIELDS, NULL);
  return _(sequence_fields[field].name);
}

gint32
tsr_shapes_frame_get_field (const TsrShapesFrame *frame,
                            TsrShapesFrameField   field)
{
  g_return_val_if_fail (field < TSR_SHAPES_FRAME_N_FIELDS, 0);
  return read_field (frame->raw, &frame_fields[field]);
}

gint32
tsr_shapes_sequence_get_field (const TsrShapesSequence *sequence,
                               TsrShapesSequenceField   field)
{
  g_return_val_if_fail (field < TSR_SHAPES_SEQUENCE_N_FIELDS, 0);
  return read_field (g_bytes_get_data (sequence->raw, NULL), &sequence_fields[field]);
}

static TsrShapesCollection *
collection_for_edit (TsrShapesDocument *self,
                     guint              collection,
                     guint              version,
                     GError           **error)
{
  TsrShapesCollection *found;

  if (self->patch)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("shapes patches are read-only here: apply the patch to a Shapes file to edit it"));
      return NULL;
    }
  found = editable_collection (self, collection, version);
  if (found == NULL)
    g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("collection %u%s: absent"), collection,
                 version ? _(" (16-bit)") : "");
  return found;
}

static gboolean
check_value (const FieldInfo *info, gint32 value, GError **error)
{
  if (value < info->minimum || value > info->maximum)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("%s: %d is outside %d..%d"), info->name, value,
                   info->minimum, info->maximum);
      return FALSE;
    }
  return TRUE;
}

gboolean
tsr_shapes_document_set_frame_field (TsrShapesDocument   *self,
                                     guint                collection,
                                     guint                version,
                                     guint                frame,
                                     TsrShapesFrameField  field,
                                     gint32               value,
                                     GError             **error)
{
  TsrShapesCollection *found;
  const TsrShapesFrame *old;
  TsrShapesFrame *edited;
  guint8 raw[TSR_SHAPES_FRAME_SIZE];

  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), FALSE);
  g_return_val_if_fail (field < TSR_SHAPES_FRAME_N_FIELDS, FALSE);
  if ((found = collection_for_edit (self, collection, version, error)) == NULL
      || !check_value (&frame_fields[field], value, error))
    return FALSE;
  if (frame >= found->frames->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("frame %u: the collection has %u"), frame,
                   found->frames->len);
      return FALSE;
    }
  old = g_ptr_array_index (found->frames, frame);
  if (read_field (old->raw, &frame_fields[field]) == value)
    return TRUE;
  memcpy (raw, old->raw, sizeof raw);
  write_field (raw, &frame_fields[field], value);
  edited = g_new0 (TsrShapesFrame, 1);
  tsr_shapes_frame_parse (raw, edited);
  execute_replace (self, collection, version, TSR_SHAPES_PART_FRAME, frame, (gint) field, edited,
                   _("Edit Frame"));
  return TRUE;
}

gboolean
tsr_shapes_document_set_sequence_field (TsrShapesDocument      *self,
                                        guint                   collection,
                                        guint                   version,
                                        guint                   sequence,
                                        TsrShapesSequenceField  field,
                                        gint32                  value,
                                        GError                **error)
{
  TsrShapesCollection *found;
  const TsrShapesSequence *old;
  TsrShapesSequence *edited;
  g_autofree guint8 *raw = NULL;
  gsize size;

  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), FALSE);
  g_return_val_if_fail (field < TSR_SHAPES_SEQUENCE_N_FIELDS, FALSE);
  if ((found = collection_for_edit (self, collection, version, error)) == NULL
      || !check_value (&sequence_fields[field], value, error))
    return FALSE;
  if (sequence >= found->sequences->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("sequence %u: the collection has %u"), sequence,
                   found->sequences->len);
      return FALSE;
    }
  old = g_ptr_array_index (found->sequences, sequence);
  if (tsr_shapes_sequence_get_field (old, field) == value)
    return TRUE;
  raw = g_bytes_unref_to_data (g_bytes_ref (old->raw), &size);
  write_field (raw, &sequence_fields[field], value);
  edited = tsr_shapes_sequence_parse (raw, size, TRUE, 0, error);
  if (edited == NULL)
    return FALSE;
  execute_replace (self, collection, version, TSR_SHAPES_PART_SEQUENCE, sequence, (gint) field, edited,
                   _("Edit Sequence"));
  return TRUE;
}

gboolean
tsr_shapes_document_import_bitmap (TsrShapesDocument     *self,
                                   guint                  collection,
                                   guint                  version,
                                   guint                  bitmap,
                                   const TsrImage        *image,
                                   guint                  table,
                                   TsrShapesEncodeReport *report,
                                   GError               **error)
{
  return tsr_shapes_document_import_bitmap_dithered (self, collection, version, bitmap, image, table,
                                                     TSR_SHAPES_DITHER_NONE, report, error);
}

gboolean
tsr_shapes_document_import_bitmap_dithered (TsrShapesDocument     *self,
                                            guint                  collection,
                                            guint                  version,
                                            guint                  bitmap,
                                            const TsrImage        *image,
                                            guint                  table,
                                            TsrShapesDither        dither,
                                            TsrShapesEncodeReport *report,
                                            GError               **error)
{
  TsrShapesCollection *found;
  const TsrShapesBitmap *old;
  const TsrShapesColorTable *colors;
  TsrShapesEncodeOptions options;
  TsrShapesBitmap *encoded;

  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), FALSE);
  g_return_val_if_fail (image != NULL, FALSE);
  if ((found = collection_for_edit (self, collection, version, error)) == NULL)
    return FALSE;
  if (bitmap >= found->bitmaps->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("bitmap %u: the collection has %u"), bitmap,
                   found->bitmaps->len);
      return FALSE;
    }
  if (table >= found->color_tables->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("colour table %u: the collection has %u"), table,
                   found->color_tables->len);
      return FALSE;
    }
  old = g_ptr_array_index (found->bitmaps, bitmap);
  colors = g_ptr_array_index (found->color_tables, table);
  /* The picture takes the layout of the bitmap it replaces. */
  options.rle = old->bytes_per_row < 0;
  options.column_order = (old->flags & TSR_SHAPES_BITMAP_COLUMN_ORDER) != 0;
  options.transparent = options.rle || (old->flags & TSR_SHAPES_BITMAP_TRANSPARENT) != 0;
  options.marathon1 = old->marathon1;
  encoded = tsr_shapes_bitmap_encode_report (image, colors, &options, report, error);
  if (encoded == NULL)
    return FALSE;
  if (dither == TSR_SHAPES_DITHER_ORDERED)
    {
      /* The report above judged the picture's own colours; the bitmap is the dithered one. */
      g_autoptr(TsrImage) dithered = tsr_shapes_dither_ordered (image, colors);

      tsr_shapes_bitmap_free (encoded);
      encoded = tsr_shapes_bitmap_encode_report (dithered, colors, &options, NULL, error);
      if (encoded == NULL)
        return FALSE;
    }
  execute_replace (self, collection, version, TSR_SHAPES_PART_BITMAP, bitmap, -1, encoded, _("Import Bitmap"));
  return TRUE;
}

/* ---- pixels ---------------------------------------------------------------------------------- */

guint
tsr_shapes_pixel_key (guint collection,
                      guint version,
                      guint bitmap)
{
  return ((collection * 2 + version) << 16) | (bitmap & 0xffff);
}

/* The bitmap a pixel key names, or NULL. */
static const TsrShapesBitmap *
keyed_bitmap (TsrShapesDocument *self,
              guint              key,
              guint             *collection,
              guint             *version,
              guint             *bitmap)
{
  const TsrShapesCollection *found;

  *collection = (key >> 16) / 2;
  *version = (key >> 16) % 2;
  *bitmap = key & 0xffff;
  found = tsr_shapes_document_get_collection (self, *collection, *version);
  if (found == NULL || *bitmap >= found->bitmaps->len)
    return NULL;
  return g_ptr_array_index (found->bitmaps, *bitmap);
}

/* Lends the bitmap as an index image, decoded once and kept until a command replaces the bitmap. */
static gboolean
pixel_get_image (gpointer  owner,
                 guint     key,
                 TsrImage *out)
{
  TsrShapesDocument *self = owner;
  const TsrShapesBitmap *bitmap;
  TsrImage *image;
  guint collection, version, index;

  if (self->index_images == NULL)
    self->index_images = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) tsr_image_free);
  image = g_hash_table_lookup (self->index_images, GUINT_TO_POINTER (key));
  if (image == NULL)
    {
      g_autofree guint8 *indexes = NULL;

      if ((bitmap = keyed_bitmap (self, key, &collection, &version, &index)) == NULL
          || (indexes = tsr_shapes_bitmap_get_indexes (bitmap, NULL)) == NULL
          || (image = tsr_pixel_index_image_new ((guint) bitmap->width, (guint) bitmap->height, indexes)) == NULL)
        return FALSE;
      g_hash_table_insert (self->index_images, GUINT_TO_POINTER (key), image);
    }
  *out = *image;
  return TRUE;
}

/* A stroke is one bitmap record command, as an import is: undo gives back the bitmap's bytes (and
 * the collection's original bytes after its first edit). */
static TsrCommand *
pixel_make_command (gpointer            owner,
                    guint               key,
                    const TsrImage     *after,
                    const TsrPixelRect *area,
                    const char         *description)
{
  TsrShapesDocument *self = owner;
  const TsrShapesBitmap *bitmap;
  g_autofree guint8 *indexes = NULL;
  TsrShapesBitmap *edited;
  guint collection, version, index;

  if (self->patch || (bitmap = keyed_bitmap (self, key, &collection, &version, &index)) == NULL
      || after->width != (guint) bitmap->width || after->height != (guint) bitmap->height)
    return NULL;
  indexes = tsr_pixel_index_image_get (after);
  if ((edited = tsr_shapes_bitmap_set_indexes (bitmap, indexes, NULL)) == NULL)
    return NULL;
  return replace_command_new (self, collection, version, TSR_SHAPES_PART_BITMAP, index, -1, edited, description);
}

static const TsrPixelTarget pixel_target = { pixel_get_image, NULL, pixel_make_command };

const TsrPixelTarget *
tsr_shapes_document_get_pixel_target (void)
{
  return &pixel_target;
}

/* ---- sequence frames and views --------------------------------------------------------------- */

/* The most frames a view can be given here (the engine's own limit is far above what is drawn). */
#define MAX_FRAMES_PER_VIEW 1024

static void
put_s16_be (guint8 *raw, gint16 value)
{
  raw[0] = (guint8) ((guint16) value >> 8);
  raw[1] = (guint8) value;
}

/* OLD with VIEW_CODE, FRAMES_PER_VIEW and the view-major INDEXES; the header's other bytes, the
 * unused index after the indexes and whatever followed them are kept. (transfer full) */
static TsrShapesSequence *
rebuild_sequence (const TsrShapesSequence *old,
                  gint16                   view_code,
                  gint16                   frames_per_view,
                  const gint16            *indexes,
                  GError                 **error)
{
  gsize old_size = 0;
  const guint8 *old_raw = g_bytes_get_data (old->raw, &old_size);
  gsize old_end = TSR_SHAPES_SEQUENCE_SIZE + ((gsize) old->index_count + 1) * 2;
  gsize count = (gsize) MAX (tsr_shapes_view_count (view_code), 1u) * (gsize) frames_per_view;
  gsize tail = old_size > old_end ? old_size - old_end : 0;
  gsize size = TSR_SHAPES_SEQUENCE_SIZE + (count + 1) * 2 + tail;
  g_autofree guint8 *raw = g_malloc0 (size);

  memcpy (raw, old_raw, TSR_SHAPES_SEQUENCE_SIZE);
  put_s16_be (raw + 38, view_code);
  put_s16_be (raw + 40, frames_per_view);
  for (gsize i = 0; i < count; i++)
    put_s16_be (raw + TSR_SHAPES_SEQUENCE_SIZE + 2 * i, indexes[i]);
  if (old_size >= old_end)
    memcpy (raw + TSR_SHAPES_SEQUENCE_SIZE + count * 2, old_raw + old_end - 2, 2 + tail);
  return tsr_shapes_sequence_parse (raw, size, TRUE, 0, error);
}

static const TsrShapesSequence *
sequence_for_edit (TsrShapesDocument *self,
                   guint              collection,
                   guint              version,
                   guint              sequence,
                   GError           **error)
{
  TsrShapesCollection *found = collection_for_edit (self, collection, version, error);

  if (found == NULL)
    return NULL;
  if (sequence >= found->sequences->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("sequence %u: the collection has %u"), sequence,
                   found->sequences->len);
      return NULL;
    }
  return g_ptr_array_index (found->sequences, sequence);
}

static gboolean
replace_sequence (TsrShapesDocument *self,
                  guint              collection,
                  guint              version,
                  guint              sequence,
                  TsrShapesSequence *edited,
                  const char        *description)
{
  if (edited == NULL)
    return FALSE;
  execute_replace (self, collection, version, TSR_SHAPES_PART_SEQUENCE, sequence, -1, edited, description);
  return TRUE;
}

/* Inserts (INSERT) or removes the frame at POSITION in every view of the sequence. */
static gboolean
edit_sequence_frame (TsrShapesDocument *self,
                     guint              collection,
                     guint              version,
                     guint              sequence,
                     guint              position,
                     gboolean           insert,
                     GError           **error)
{
  const TsrShapesSequence *old;
  g_autofree gint16 *indexes = NULL;
  guint frames, after;

  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), FALSE);
  if ((old = sequence_for_edit (self, collection, version, sequence, error)) == NULL)
    return FALSE;
  frames = (guint) MAX (old->frames_per_view, 0);
  if (insert ? position > frames || frames >= MAX_FRAMES_PER_VIEW : position >= frames)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("sequence %u: no frame can be %s at %u (%u frames per view, at most %u)"), sequence,
                   insert ? C_("frame edit", "added") : C_("frame edit", "removed"), position, frames, MAX_FRAMES_PER_VIEW);
      return FALSE;
    }
  after = insert ? frames + 1 : frames - 1;
  indexes = g_new0 (gint16, MAX ((gsize) old->view_count * after, 1));
  for (guint v = 0; v < old->view_count; v++)
    {
      const gint16 *in = old->frame_indexes + (gsize) v * frames;
      gint16 *out = indexes + (gsize) v * after;

      memcpy (out, in, sizeof (gint16) * position);
      if (insert)
        {
          out[position] = frames == 0 ? 0 : in[position > 0 ? position - 1 : 0];
          memcpy (out + position + 1, in + position, sizeof (gint16) * (frames - position));
        }
      else
        memcpy (out + position, in + position + 1, sizeof (gint16) * (frames - position - 1));
    }
  return replace_sequence (self, collection, version, sequence,
                           rebuild_sequence (old, old->view_code, (gint16) after, indexes, error),
                           insert ? _("Add Frame") : _("Remove Frame"));
}

gboolean
tsr_shapes_document_insert_sequence_frame (TsrShapesDocument *self,
                                           guint              collection,
                                           guint              version,
                                           guint              sequence,
                                           guint              position,
                                           GError           **error)
{
  return edit_sequence_frame (self, collection, version, sequence, position, TRUE, error);
}

gboolean
tsr_shapes_document_remove_sequence_frame (TsrShapesDocument *self,
                                           guint              collection,
                                           guint              version,
                                           guint              sequence,
                                           guint              position,
                                           GError           **error)
{
  return edit_sequence_frame (self, collection, version, sequence, position, FALSE, error);
}

gboolean
tsr_shapes_document_set_sequence_view_code (TsrShapesDocument *self,
                                            guint              collection,
                                            guint              version,
                                            guint              sequence,
                                            gint16             view_code,
                                            GError           **error)
{
  const TsrShapesSequence *old;
  g_autofree gint16 *indexes = NULL;
  guint frames, views = tsr_shapes_view_count (view_code);

  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), FALSE);
  if ((old = sequence_for_edit (self, collection, version, sequence, error)) == NULL)
    return FALSE;
  if (views == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("view code %d: not one the engine knows"), view_code);
      return FALSE;
    }
  if (view_code == old->view_code)
    return TRUE;
  frames = (guint) MAX (old->frames_per_view, 0);
  indexes = g_new0 (gint16, MAX ((gsize) views * frames, 1));
  for (guint v = 0; v < views && frames > 0; v++)
    memcpy (indexes + (gsize) v * frames, old->frame_indexes + (gsize) MIN (v, old->view_count - 1) * frames,
            sizeof (gint16) * frames);
  return replace_sequence (self, collection, version, sequence,
                           rebuild_sequence (old, view_code, (gint16) frames, indexes, error), _("Change Views"));
}

/* ---- colour tables --------------------------------------------------------------------------- */

static TsrShapesColorTable *
copy_color_table (const TsrShapesColorTable *table)
{
  TsrShapesColorTable *copy = g_new0 (TsrShapesColorTable, 1);

  copy->count = table->count;
  copy->colors = g_memdup2 (table->colors, sizeof (TsrShapesColor) * MAX (table->count, 1u));
  return copy;
}

static const TsrShapesColorTable *
find_table (const TsrShapesCollection *collection,
            guint                      table,
            GError                   **error)
{
  if (table >= collection->color_tables->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("colour table %u: the collection has %u"), table,
                   collection->color_tables->len);
      return NULL;
    }
  return g_ptr_array_index (collection->color_tables, table);
}

/* What a .gpl holds of a 16-bit component. */
static guint8
component_to_8 (guint16 value)
{
  return (guint8) ((value * 255u + 32767u) / 65535u);
}

gboolean
tsr_shapes_document_set_color (TsrShapesDocument *self,
                               guint              collection,
                               guint              version,
                               guint              table,
                               guint              entry,
                               guint16            red,
                               guint16            green,
                               guint16            blue,
                               gboolean           self_luminous,
                               GError           **error)
{
  TsrShapesCollection *found;
  const TsrShapesColorTable *old;
  TsrShapesColorTable *edited;
  TsrShapesColor *color;
  guint8 flags;
  gboolean colour_changed;

  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), FALSE);
  if ((found = collection_for_edit (self, collection, version, error)) == NULL
      || (old = find_table (found, table, error)) == NULL)
    return FALSE;
  if (entry >= old->count)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("colour %u: the table has %u"), entry, old->count);
      return FALSE;
    }
  color = &old->colors[entry];
  flags = (guint8) ((color->flags & ~TSR_SHAPES_COLOR_SELF_LUMINOUS) | (self_luminous ? TSR_SHAPES_COLOR_SELF_LUMINOUS : 0));
  colour_changed = color->red != red || color->green != green || color->blue != blue;
  if (!colour_changed && color->flags == flags)
    return TRUE;
  edited = copy_color_table (old);
  edited->colors[entry].red = red;
  edited->colors[entry].green = green;
  edited->colors[entry].blue = blue;
  edited->colors[entry].flags = flags;
  /* The colour and the flag merge separately: a toggle after a colour drag is a step of its own. */
  execute_replace (self, collection, version, TSR_SHAPES_PART_COLOR_TABLE, table,
                   (gint) (entry * 2 + (colour_changed ? 0 : 1)), edited, _("Edit Colour"));
  return TRUE;
}

GBytes *
tsr_shapes_document_export_color_table (TsrShapesDocument *self,
                                        guint              collection,
                                        guint              version,
                                        guint              table,
                                        GError           **error)
{
  const TsrShapesCollection *found;
  const TsrShapesColorTable *colors;
  g_autoptr(TsrGimpPalette) palette = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), NULL);
  found = tsr_shapes_document_get_collection (self, collection, version);
  if (found == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("collection %u%s: absent"), collection,
                   version ? _(" (16-bit)") : "");
      return NULL;
    }
  if ((colors = find_table (found, table, error)) == NULL)
    return NULL;
  name = g_strdup_printf ("%s collection %u%s, colour table %u", tsr_document_get_display_name (TSR_DOCUMENT (self)),
                          collection, version ? _(" (16-bit)") : "", table);
  palette = tsr_gimp_palette_new (name);
  palette->columns = 16;
  for (guint c = 0; c < colors->count; c++)
    {
      const TsrShapesColor *color = &colors->colors[c];
      g_autofree char *label = g_strdup_printf ("%u%s", color->value,
                                                (color->flags & TSR_SHAPES_COLOR_SELF_LUMINOUS) ? " self-luminous" : "");

      tsr_gimp_palette_add (palette, component_to_8 (color->red), component_to_8 (color->green),
                            component_to_8 (color->blue), label);
    }
  return tsr_gimp_palette_write (palette);
}

gboolean
tsr_shapes_document_import_color_table (TsrShapesDocument *self,
                                        guint              collection,
                                        guint              version,
                                        guint              table,
                                        const guint8      *data,
                                        gsize              size,
                                        const char        *label,
                                        GError           **error)
{
  TsrShapesCollection *found;
  const TsrShapesColorTable *old;
  g_autoptr(TsrGimpPalette) palette = NULL;
  TsrShapesColorTable *edited;
  gboolean changed = FALSE;

  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), FALSE);
  if ((found = collection_for_edit (self, collection, version, error)) == NULL
      || (old = find_table (found, table, error)) == NULL
      || (palette = tsr_gimp_palette_parse (data, size, label, error)) == NULL)
    return FALSE;
  if (palette->colors->len != old->count)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: %u colours, the colour table has %u entries"), label,
                   palette->colors->len, old->count);
      return FALSE;
    }
  edited = copy_color_table (old);
  for (guint c = 0; c < old->count; c++)
    {
      const TsrGimpPaletteColor *in = &g_array_index (palette->colors, TsrGimpPaletteColor, c);
      TsrShapesColor *color = &edited->colors[c];
      guint16 *components[3] = { &color->red, &color->green, &color->blue };
      const guint8 values[3] = { in->red, in->green, in->blue };

      for (guint k = 0; k < 3; k++)
        if (component_to_8 (*components[k]) != values[k])
          {
            *components[k] = (guint16) (values[k] * 257u);
            changed = TRUE;
          }
    }
  if (!changed)
    {
      tsr_shapes_color_table_free (edited);
      return TRUE;
    }
  execute_replace (self, collection, version, TSR_SHAPES_PART_COLOR_TABLE, table, -1, edited, _("Import Colour Table"));
  return TRUE;
}

/* ---- patches ---------------------------------------------------------------------------------- */

/* The file command: swaps the whole Shapes file with another (a patch applied), so undo gives the
 * file back as it was, original bytes and layout included. */
#define TSR_TYPE_SHAPES_FILE_COMMAND (tsr_shapes_file_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrShapesFileCommand, tsr_shapes_file_command, TSR, SHAPES_FILE_COMMAND, TsrCommand)

struct _TsrShapesFileCommand {
  TsrCommand         parent_instance;
  TsrShapesDocument *document;  /* not owned */
  TsrShapesFile     *other;     /* the file not in the document now (owned) */
};

G_DEFINE_FINAL_TYPE (TsrShapesFileCommand, tsr_shapes_file_command, TSR_TYPE_COMMAND)

static void
file_command_swap (TsrCommand *command)
{
  TsrShapesFileCommand *self = TSR_SHAPES_FILE_COMMAND (command);
  TsrShapesFile *file = tsr_document_get_format_data (TSR_DOCUMENT (self->document));
  TsrShapesFile current = *file;

  *file = *self->other;
  *self->other = current;
  if (self->document->index_images != NULL)
    g_hash_table_remove_all (self->document->index_images);
  g_signal_emit (self->document, signals[SHAPES_REPLACED], 0);
}

static void
tsr_shapes_file_command_finalize (GObject *object)
{
  TsrShapesFileCommand *self = TSR_SHAPES_FILE_COMMAND (object);

  g_clear_pointer (&self->other, tsr_shapes_file_free);
  G_OBJECT_CLASS (tsr_shapes_file_command_parent_class)->finalize (object);
}

static void
tsr_shapes_file_command_class_init (TsrShapesFileCommandClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_shapes_file_command_finalize;
  TSR_COMMAND_CLASS (klass)->redo = file_command_swap;
  TSR_COMMAND_CLASS (klass)->undo = file_command_swap;
}

static void
tsr_shapes_file_command_init (TsrShapesFileCommand *self)
{
}

/* A separate copy of the document's Shapes file, through its bytes. (transfer full) */
static TsrShapesFile *
copy_shapes (TsrShapesDocument *self,
             GError           **error)
{
  g_autoptr(GBytes) bytes = tsr_shapes_file_serialize (tsr_document_get_format_data (TSR_DOCUMENT (self)));

  return tsr_shapes_file_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error);
}

gboolean
tsr_shapes_document_apply_patch (TsrShapesDocument *self,
                                 const guint8      *data,
                                 gsize              size,
                                 const char        *label,
                                 GError           **error)
{
  g_autoptr(TsrShapesFile) patched = NULL;
  g_autoptr(TsrShapesPatch) patch = NULL;
  TsrShapesFileCommand *command;

  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), FALSE);
  if (self->patch)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("a patch is applied to a Shapes file, not to a patch"));
      return FALSE;
    }
  if ((patched = copy_shapes (self, error)) == NULL)
    return FALSE;
  patch = tsr_shapes_patch_parse (data, size, patched, error);
  if (patch == NULL || !tsr_shapes_patch_apply (patch, patched, error))
    {
      g_prefix_error (error, "%s: ", label);
      return FALSE;
    }
  command = g_object_new (TSR_TYPE_SHAPES_FILE_COMMAND, NULL);
  command->document = self;
  command->other = g_steal_pointer (&patched);
  tsr_command_set_description (TSR_COMMAND (command), _("Apply Shapes Patch"));
  tsr_document_execute (TSR_DOCUMENT (self), TSR_COMMAND (command));
  g_object_unref (command);
  return TRUE;
}

GBytes *
tsr_shapes_document_make_patch (TsrShapesDocument *self,
                                const char        *base_path,
                                GError           **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TsrShapesFile) base = NULL;
  g_autoptr(TsrShapesPatch) patch = NULL;

  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), NULL);
  if (self->patch)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("a patch is made from a Shapes file, not from a patch"));
      return NULL;
    }
  if ((bytes = tsr_file_read (base_path, error)) == NULL)
    return NULL;
  base = tsr_shapes_file_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error);
  if (base == NULL)
    {
      g_prefix_error (error, "%s: ", base_path);
      return NULL;
    }
  patch = tsr_shapes_patch_make (base, tsr_document_get_format_data (TSR_DOCUMENT (self)));
  return tsr_shapes_patch_serialize (patch);
}

/* ---- the document ---------------------------------------------------------------------------- */

static gboolean
tsr_shapes_document_attach (TsrDocument *document,
                            GError     **error)
{
  TsrShapesDocument *self = TSR_SHAPES_DOCUMENT (document);
  const TsrShapesPatch *patch;

  self->patch = g_str_equal (tsr_document_get_format_id (document), "marathon-shapes-patch");
  if (!self->patch)
    return TRUE;
  patch = tsr_document_get_format_data (document);
  self->patch_view = tsr_shapes_file_new ();
  for (guint c = 0; c < patch->collections->len; c++)
    {
      const TsrShapesPatchCollection *pc = g_ptr_array_index (patch->collections, c);
      TsrShapesCollection *collection;

      if (pc->records->len == 0 || pc->collection < 0 || pc->collection >= TSR_SHAPES_COLLECTION_COUNT)
        continue;
      collection = tsr_shapes_patch_collection_view (pc, error);
      if (collection == NULL)
        {
          g_prefix_error (error, _("collection %d (depth %d): "), pc->collection, pc->depth);
          return FALSE;
        }
      tsr_shapes_file_set_collection (self->patch_view, (guint) pc->collection, pc->depth == 16, collection);
    }
  return TRUE;
}

static void
tsr_shapes_document_finalize (GObject *object)
{
  TsrShapesDocument *self = TSR_SHAPES_DOCUMENT (object);

  g_clear_pointer (&self->patch_view, tsr_shapes_file_free);
  g_clear_pointer (&self->index_images, g_hash_table_unref);
  g_clear_pointer (&self->diff, tsr_shapes_diff_free);
  g_clear_pointer (&self->base, tsr_shapes_file_free);
  G_OBJECT_CLASS (tsr_shapes_document_parent_class)->finalize (object);
}

static void
tsr_shapes_document_class_init (TsrShapesDocumentClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_shapes_document_finalize;
  TSR_DOCUMENT_CLASS (klass)->attach = tsr_shapes_document_attach;

  /* A record changed (by a command, its undo or redo): collection, version, TsrShapesPart, index. */
  signals[SHAPES_CHANGED] = g_signal_new ("shapes-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 4, G_TYPE_UINT, G_TYPE_UINT,
                                          G_TYPE_UINT, G_TYPE_UINT);
  /* The whole file was replaced (a patch applied, or its undo): every view redraws. */
  signals[SHAPES_REPLACED] = g_signal_new ("shapes-replaced", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tsr_shapes_document_init (TsrShapesDocument *self)
{
}

void
tsr_shapes_document_register (void)
{
  tsr_document_register_type ("marathon-shapes", TSR_TYPE_SHAPES_DOCUMENT);
  tsr_document_register_type ("marathon-shapes-patch", TSR_TYPE_SHAPES_DOCUMENT);
}

const TsrShapesFile *
tsr_shapes_document_get_shapes (TsrShapesDocument *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), NULL);
  return self->patch ? self->patch_view : tsr_document_get_format_data (TSR_DOCUMENT (self));
}

const TsrShapesCollection *
tsr_shapes_document_get_collection (TsrShapesDocument *self,
                                    guint              collection,
                                    guint              version)
{
  const TsrShapesFile *file = tsr_shapes_document_get_shapes (self);

  if (file == NULL || collection >= TSR_SHAPES_COLLECTION_COUNT || version > 1)
    return NULL;
  return file->slots[collection].versions[version];
}

gboolean
tsr_shapes_document_is_patch (TsrShapesDocument *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), FALSE);
  return self->patch;
}

gboolean
tsr_shapes_document_set_base (TsrShapesDocument *self,
                              const char        *path,
                              GError           **error)
{
  g_autoptr(GBytes) bytes = NULL;
  TsrShapesFile *base;

  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), FALSE);
  if (!self->patch)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("only a shapes patch is compared with a base Shapes file"));
      return FALSE;
    }
  g_clear_pointer (&self->diff, tsr_shapes_diff_free);
  g_clear_pointer (&self->base, tsr_shapes_file_free);
  if (path == NULL || *path == '\0')
    return TRUE;
  if ((bytes = tsr_file_read (path, error)) == NULL)
    return FALSE;
  base = tsr_shapes_file_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error);
  if (base == NULL)
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  self->base = base;
  self->diff = tsr_shapes_diff_new (tsr_document_get_format_data (TSR_DOCUMENT (self)), self->patch_view, base);
  return TRUE;
}

const TsrShapesFile *
tsr_shapes_document_get_base (TsrShapesDocument *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), NULL);
  return self->base;
}

const TsrShapesDiff *
tsr_shapes_document_get_diff (TsrShapesDocument *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), NULL);
  return self->diff;
}

gboolean
tsr_shapes_document_get_editable (TsrShapesDocument *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_DOCUMENT (self), FALSE);
  return !self->patch;
}
