/* tsr-marathon-level-source.c: values through the kind's field table (struct members); a set copies
 * the record, changes the member and pushes the copy. Character fields are Mac Roman. */
#include "model/marathon/tsr-marathon-level-source.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-names.h"
#include "model/marathon/tsr-marathon-platform-commands.h"
#include "model/marathon/tsr-marathon-set-record-command.h"

struct _TsrMarathonLevelSource {
  TsrPropertySource     parent_instance;
  TsrMarathonLevelMap  *map;
  TsrMarathonRecordKind kind;
};

G_DEFINE_FINAL_TYPE (TsrMarathonLevelSource, tsr_marathon_level_source, TSR_TYPE_PROPERTY_SOURCE)

/* Record ELEMENT and its size, or NULL. */
static guint8 *
record_at (TsrMarathonLevelSource *self,
           guint                   element,
           gsize                  *size)
{
  return tsr_marathon_level_map_get_record (self->map, self->kind, element, size);
}

static GArray *
tsr_marathon_level_source_list_elements (TsrPropertySource *source)
{
  TsrMarathonLevelSource *self = TSR_MARATHON_LEVEL_SOURCE (source);
  guint count = tsr_marathon_level_map_get_n_records (self->map, self->kind);
  GArray *elements = g_array_sized_new (FALSE, FALSE, sizeof (guint), count);

  for (guint i = 0; i < count; i++)
    g_array_append_val (elements, i);
  return elements;
}

static gboolean
tsr_marathon_level_source_get_value (TsrPropertySource *source,
                                     guint              element,
                                     guint              field,
                                     TsrFieldValue     *value)
{
  TsrMarathonLevelSource *self = TSR_MARATHON_LEVEL_SOURCE (source);
  const TsrField *spec = &tsr_property_source_get_table (source)->fields[field];
  const guint8 *record = record_at (self, element, NULL);

  if (record == NULL)
    return FALSE;
  if (spec->type == TSR_FIELD_CHARS)
    {
      const char *text = (const char *) record + spec->member;

      value->text = tsr_mac_roman_to_utf8 ((const guint8 *) text, strnlen (text, spec->width));
    }
  else
    value->v[0] = tsr_field_get_member (spec, record);
  return TRUE;
}

static gboolean
tsr_marathon_level_source_set_value (TsrPropertySource   *source,
                                     guint                element,
                                     guint                field,
                                     const TsrFieldValue *value,
                                     GError             **error)
{
  TsrMarathonLevelSource *self = TSR_MARATHON_LEVEL_SOURCE (source);
  const TsrField *spec = &tsr_property_source_get_table (source)->fields[field];
  const guint8 *stored;
  gsize size = 0;
  g_autofree guint8 *record = NULL;
  g_autoptr(TsrCommand) command = NULL;
  g_autofree char *label = tsr_property_source_dup_field_label (source, field);
  g_autofree char *description = NULL;

  stored = record_at (self, element, &size);
  if (stored == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("record %u does not exist"), element);
      return FALSE;
    }
  record = g_memdup2 (stored, size);
  if (spec->type == TSR_FIELD_CHARS)
    {
      const char *text = value->text != NULL ? value->text : "";
      g_autoptr(GBytes) bytes = tsr_utf8_to_mac_roman (text, strlen (text), NULL);
      gsize length = bytes != NULL ? g_bytes_get_size (bytes) : 0;

      if (bytes == NULL || length >= spec->width)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: at most %u Mac Roman characters"), spec->name,
                       spec->width - 1);
          return FALSE;
        }
      memset (record + spec->member, 0, spec->width);
      memcpy (record + spec->member, g_bytes_get_data (bytes, NULL), length);
    }
  else
    tsr_field_set_member (spec, record, value->v[0]);
  /* Translators: an undo step, "Set floor height". */
  description = g_strdup_printf (_("Set %s"), label);
  /* A polygon made a platform, or no longer one, gets or loses its platform record. */
  if (self->kind == TSR_MARATHON_RECORD_POLYGON && spec->member == G_STRUCT_OFFSET (TsrMarathonPolygon, type))
    {
      GError *local_error = NULL;

      command = tsr_marathon_polygon_record_command_new (self->map, element, (const TsrMarathonPolygon *) record,
                                                         description, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, local_error);
          return FALSE;
        }
    }
  else
    command = tsr_marathon_set_record_command_new (self->map, self->kind, element, record, description);
  if (command != NULL)
    tsr_document_execute (tsr_property_source_get_document (source), command);
  return TRUE;
}

static char *
tsr_marathon_level_source_describe_value (TsrPropertySource *source,
                                          guint              element,
                                          guint              field)
{
  TsrMarathonLevelSource *self = TSR_MARATHON_LEVEL_SOURCE (source);
  const guint8 *record = record_at (self, element, NULL);

  if (record == NULL)
    return NULL;
  return tsr_marathon_record_describe (tsr_marathon_level_map_get_level (self->map), self->kind, record,
                                       tsr_property_source_get_table (source)->fields[field].name);
}

static void
tsr_marathon_level_source_finalize (GObject *object)
{
  g_clear_object (&TSR_MARATHON_LEVEL_SOURCE (object)->map);
  G_OBJECT_CLASS (tsr_marathon_level_source_parent_class)->finalize (object);
}

static void
tsr_marathon_level_source_class_init (TsrMarathonLevelSourceClass *klass)
{
  TsrPropertySourceClass *source_class = TSR_PROPERTY_SOURCE_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_marathon_level_source_finalize;
  source_class->list_elements = tsr_marathon_level_source_list_elements;
  source_class->get_value = tsr_marathon_level_source_get_value;
  source_class->set_value = tsr_marathon_level_source_set_value;
  source_class->describe_value = tsr_marathon_level_source_describe_value;
}

static void
tsr_marathon_level_source_init (TsrMarathonLevelSource *self)
{
}

TsrMarathonLevelSource *
tsr_marathon_level_source_new (TsrDocument          *document,
                               TsrMarathonLevelMap  *map,
                               TsrMarathonRecordKind kind)
{
  return tsr_marathon_level_source_new_titled (document, map, kind, NULL);
}

TsrMarathonLevelSource *
tsr_marathon_level_source_new_titled (TsrDocument          *document,
                                      TsrMarathonLevelMap  *map,
                                      TsrMarathonRecordKind kind,
                                      const char           *title)
{
  TsrMarathonLevelSource *self;

  g_return_val_if_fail (TSR_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map), NULL);
  g_return_val_if_fail (kind < TSR_MARATHON_N_MAP_RECORDS, NULL);

  if (kind == TSR_MARATHON_RECORD_MAP_INFO ? tsr_marathon_level_map_get_n_records (map, kind) == 0
                                           : tsr_marathon_level_map_get_records (map, kind) == NULL)
    return NULL;
  self = g_object_new (TSR_TYPE_MARATHON_LEVEL_SOURCE, "document", document,
                       "table", tsr_marathon_record_editor_fields (kind), "title",
                       title != NULL ? title : g_dpgettext2 (NULL, "marathon_record", tsr_marathon_record_title (kind)),
                       NULL);
  self->map = g_object_ref (map);
  self->kind = kind;
  return self;
}

TsrMarathonRecordKind
tsr_marathon_level_source_get_kind (TsrMarathonLevelSource *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_SOURCE (self), TSR_MARATHON_N_MAP_RECORDS);
  return self->kind;
}
