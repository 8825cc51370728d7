/* tsr-marathon-record-source.c: values come straight from the level's decoded structs through
 * the record kind's TsrFieldTable (struct members); character fields are Mac Roman up to their NUL. */
#include "model/marathon/tsr-marathon-record-source.h"

#include <string.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-merge-folder.h"

struct _TsrMarathonRecordSource {
  TsrPropertySource     parent_instance;
  guint                 level;
  TsrMarathonRecordKind kind;
};

G_DEFINE_FINAL_TYPE (TsrMarathonRecordSource, tsr_marathon_record_source, TSR_TYPE_PROPERTY_SOURCE)

static TsrMarathonLevel *
level (TsrMarathonRecordSource *self)
{
  TsrMarathonScenario *scenario = tsr_document_get_format_data (tsr_property_source_get_document (TSR_PROPERTY_SOURCE (self)));

  return self->level < scenario->map->levels->len ? g_ptr_array_index (scenario->map->levels, self->level) : NULL;
}

/* The records of the kind: their structs and how many (0 when the level has no such chunk). */
static const guint8 *
records (TsrMarathonRecordSource *self,
         guint                   *count)
{
  TsrMarathonLevel *l = level (self);
  GArray *array = NULL;

  *count = 0;
  if (l == NULL)
    return NULL;
  switch (self->kind)
    {
    case TSR_MARATHON_RECORD_POINT: array = l->points; break;
    case TSR_MARATHON_RECORD_ENDPOINT: array = l->endpoints; break;
    case TSR_MARATHON_RECORD_LINE: array = l->lines; break;
    case TSR_MARATHON_RECORD_SIDE: array = l->sides; break;
    case TSR_MARATHON_RECORD_POLYGON: array = l->polygons; break;
    case TSR_MARATHON_RECORD_LIGHT: array = l->lights; break;
    case TSR_MARATHON_RECORD_OLD_LIGHT: array = l->old_lights; break;
    case TSR_MARATHON_RECORD_ANNOTATION: array = l->annotations; break;
    case TSR_MARATHON_RECORD_OBJECT: array = l->objects; break;
    case TSR_MARATHON_RECORD_PLACEMENT: array = l->placements; break;
    case TSR_MARATHON_RECORD_PLATFORM: array = l->platforms; break;
    case TSR_MARATHON_RECORD_MEDIA: array = l->media; break;
    case TSR_MARATHON_RECORD_AMBIENT_SOUND: array = l->ambient_sounds; break;
    case TSR_MARATHON_RECORD_RANDOM_SOUND: array = l->random_sounds; break;
    case TSR_MARATHON_RECORD_MAP_INFO:
    default:
      *count = l->has_info ? 1 : 0;
      return (const guint8 *) &l->info;
    }
  if (array == NULL)
    return NULL;
  *count = array->len;
  return (const guint8 *) array->data;
}

static GArray *
tsr_marathon_record_source_list_elements (TsrPropertySource *source)
{
  guint count;
  GArray *elements;

  records (TSR_MARATHON_RECORD_SOURCE (source), &count);
  elements = g_array_sized_new (FALSE, FALSE, sizeof (guint), count);
  for (guint i = 0; i < count; i++)
    g_array_append_val (elements, i);
  return elements;
}

static gboolean
tsr_marathon_record_source_get_value (TsrPropertySource *source,
                                      guint              element,
                                      guint              field,
                                      TsrFieldValue     *value)
{
  TsrMarathonRecordSource *self = TSR_MARATHON_RECORD_SOURCE (source);
  const TsrFieldTable *table = tsr_property_source_get_table (source);
  const TsrField *spec = &table->fields[field];
  guint count;
  const guint8 *data = records (self, &count);
  const guint8 *record;

  if (element >= count)
    return FALSE;
  record = data + element * table->struct_size;
  if (spec->type == TSR_FIELD_CHARS)
    {
      const char *text = (const char *) record + spec->member;

      value->text = tsr_mac_roman_to_utf8 ((const guint8 *) text, strnlen (text, spec->width));
    }
  else
    value->v[0] = tsr_field_get_member (spec, record);
  return TRUE;
}

static void
tsr_marathon_record_source_class_init (TsrMarathonRecordSourceClass *klass)
{
  TsrPropertySourceClass *source_class = TSR_PROPERTY_SOURCE_CLASS (klass);

  source_class->list_elements = tsr_marathon_record_source_list_elements;
  source_class->get_value = tsr_marathon_record_source_get_value;
}

static void
tsr_marathon_record_source_init (TsrMarathonRecordSource *self)
{
}

TsrMarathonRecordSource *
tsr_marathon_record_source_new (TsrDocument          *document,
                                guint                 level_index,
                                TsrMarathonRecordKind kind)
{
  TsrMarathonScenario *scenario;
  TsrMarathonRecordSource *self;

  g_return_val_if_fail (TSR_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (tsr_marathon_format_holds_scenario (tsr_document_get_format_id (document)), NULL);
  g_return_val_if_fail (kind < TSR_MARATHON_N_MAP_RECORDS, NULL);

  scenario = tsr_document_get_format_data (document);
  if (level_index >= scenario->map->levels->len)
    return NULL;
  self = g_object_new (TSR_TYPE_MARATHON_RECORD_SOURCE, "document", document,
                       "table", tsr_marathon_record_fields (kind), NULL);
  self->level = level_index;
  self->kind = kind;
  return self;
}
