/* tsr-doom2d-record-source.c: values are the records' own TsrFieldValues (references as 0-based
 * indices, -1 for none); a trigger's data bytes show as one opaque field. */
#include "model/doom2d/tsr-doom2d-record-source.h"

#include "formats/doom2d/tsr-doom2d-formats.h"

struct _TsrDoom2dRecordSource {
  TsrPropertySource parent_instance;
  TsrDoom2dKind     kind;
};

G_DEFINE_FINAL_TYPE (TsrDoom2dRecordSource, tsr_doom2d_record_source, TSR_TYPE_PROPERTY_SOURCE)

static TsrDoom2dMap *
map (TsrDoom2dRecordSource *self)
{
  TsrDoom2dFile *file = tsr_document_get_format_data (tsr_property_source_get_document (TSR_PROPERTY_SOURCE (self)));

  return file->map;
}

static guint
count (TsrDoom2dRecordSource *self)
{
  return self->kind == TSR_DOOM2D_KIND_HEADER ? 1 : tsr_doom2d_map_count (map (self), self->kind);
}

static GArray *
tsr_doom2d_record_source_list_elements (TsrPropertySource *source)
{
  guint n = count (TSR_DOOM2D_RECORD_SOURCE (source));
  GArray *elements = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);

  for (guint i = 0; i < n; i++)
    g_array_append_val (elements, i);
  return elements;
}

static gboolean
tsr_doom2d_record_source_get_value (TsrPropertySource *source,
                                    guint              element,
                                    guint              field,
                                    TsrFieldValue     *value)
{
  TsrDoom2dRecordSource *self = TSR_DOOM2D_RECORD_SOURCE (source);
  const TsrDoom2dRecord *record;

  if (element >= count (self))
    return FALSE;
  record = self->kind == TSR_DOOM2D_KIND_HEADER ? map (self)->header
                                                : tsr_doom2d_map_get (map (self), self->kind, element);
  tsr_field_value_copy (value, &record->values[field]);
  return TRUE;
}

static void
tsr_doom2d_record_source_class_init (TsrDoom2dRecordSourceClass *klass)
{
  TsrPropertySourceClass *source_class = TSR_PROPERTY_SOURCE_CLASS (klass);

  source_class->list_elements = tsr_doom2d_record_source_list_elements;
  source_class->get_value = tsr_doom2d_record_source_get_value;
}

static void
tsr_doom2d_record_source_init (TsrDoom2dRecordSource *self)
{
}

TsrDoom2dRecordSource *
tsr_doom2d_record_source_new (TsrDocument  *document,
                              TsrDoom2dKind kind)
{
  TsrDoom2dFile *file;
  TsrDoom2dRecordSource *self;

  g_return_val_if_fail (TSR_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (g_str_has_prefix (tsr_document_get_format_id (document), "doom2d-"), NULL);
  g_return_val_if_fail (kind < TSR_DOOM2D_N_KINDS, NULL);

  file = tsr_document_get_format_data (document);
  if (file == NULL || file->map == NULL)
    return NULL;
  self = g_object_new (TSR_TYPE_DOOM2D_RECORD_SOURCE, "document", document,
                       "table", &tsr_doom2d_record_type (kind)->table, NULL);
  self->kind = kind;
  return self;
}
