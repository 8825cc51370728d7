/* tsr-doom2d-property-source.c: field index F is the record type's field F; past those come the
 * trigger layout's fields. The combined tables are built once per layout and live as long as the
 * process (the schema is static too). */
#include "model/doom2d/tsr-doom2d-property-source.h"

#include <glib/gi18n.h>

#include "formats/doom2d/tsr-doom2d-names.h"
#include "formats/doom2d/tsr-doom2d-resources.h"

struct _TsrDoom2dPropertySource {
  TsrPropertySource             parent_instance;
  TsrDoom2dKind                 kind;
  const TsrDoom2dTriggerLayout *layout;
  guint                         n_base;
};

G_DEFINE_FINAL_TYPE (TsrDoom2dPropertySource, tsr_doom2d_property_source, TSR_TYPE_PROPERTY_SOURCE)

static TsrDoom2dDocument *
document_of (TsrDoom2dPropertySource *self)
{
  return TSR_DOOM2D_DOCUMENT (tsr_property_source_get_document (TSR_PROPERTY_SOURCE (self)));
}

static guint
count (TsrDoom2dPropertySource *self)
{
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document_of (self));

  return map == NULL ? 0 : tsr_doom2d_map_count (map, self->kind);
}

static GArray *
doom2d_list_elements (TsrPropertySource *source)
{
  guint n = count (TSR_DOOM2D_PROPERTY_SOURCE (source));
  GArray *elements = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);

  for (guint i = 0; i < n; i++)
    g_array_append_val (elements, i);
  return elements;
}

static gboolean
doom2d_get_value (TsrPropertySource *source,
                  guint              element,
                  guint              field,
                  TsrFieldValue     *value)
{
  TsrDoom2dPropertySource *self = TSR_DOOM2D_PROPERTY_SOURCE (source);
  const TsrDoom2dRecord *record;

  if (element >= count (self))
    return FALSE;
  record = tsr_doom2d_map_get (tsr_doom2d_document_get_map (document_of (self)), self->kind, element);
  if (field < self->n_base)
    {
      tsr_field_value_copy (value, &record->values[field]);
      return TRUE;
    }
  /* A trigger whose type has another layout has none of these fields. */
  if (record->layout != self->layout || self->layout == NULL || field - self->n_base >= self->layout->table.n_fields)
    return FALSE;
  tsr_field_value_copy (value, &record->data_values[field - self->n_base]);
  return TRUE;
}

static gboolean
doom2d_set_value (TsrPropertySource   *source,
                  guint                element,
                  guint                field,
                  const TsrFieldValue *value,
                  GError             **error)
{
  TsrDoom2dPropertySource *self = TSR_DOOM2D_PROPERTY_SOURCE (source);
  gboolean data = field >= self->n_base;

  return tsr_doom2d_document_set_field (document_of (self), self->kind, element, data,
                                        data ? field - self->n_base : field, value, NULL, error);
}

/* Binary maps have no place for the text format's extra fields (moving platforms, Exoma scripts,
 * ambient light: offset < 0 in the schema); they are shown on text maps only. */
static gboolean
doom2d_is_field_stored (TsrPropertySource *source,
                        guint              field)
{
  TsrDoom2dPropertySource *self = TSR_DOOM2D_PROPERTY_SOURCE (source);
  const TsrDoom2dFile *file = tsr_doom2d_document_get_file (document_of (self));
  const TsrField *stored;

  if (file == NULL || file->map_is_text)
    return TRUE;
  if (field < self->n_base)
    stored = &tsr_doom2d_record_type (self->kind)->table.fields[field];
  else if (self->layout != NULL && field - self->n_base < self->layout->table.n_fields)
    stored = &self->layout->table.fields[field - self->n_base];
  else
    return TRUE;
  return stored->offset >= 0;
}

/* Types (items, monsters, areas, panels, triggers) by the names the palettes show. */
static char *
doom2d_dup_constant_label (TsrPropertySource      *source,
                           guint                   field,
                           const TsrFieldConstant *constant)
{
  const char *label = tsr_doom2d_constant_label (constant->name);

  return label != NULL ? g_strdup (_(label)) : NULL;
}

/* The field's spec (base fields, then the layout's). */
static const TsrField *
field_spec (TsrDoom2dPropertySource *self,
            guint                    field)
{
  return &tsr_property_source_get_table (TSR_PROPERTY_SOURCE (self))->fields[field];
}

/* The name the editor shows for constant VALUE of ENUMERATION (one panel type, one monster), or
 * NULL (transfer full). */
static char *
constant_name (const TsrFieldEnum *enumeration,
               gint64              value)
{
  for (guint c = 0; enumeration != NULL && c < enumeration->n_constants; c++)
    if (enumeration->constants[c].value == value)
      return tsr_doom2d_constant_display_name (enumeration->constants[c].name);
  return NULL;
}

/* Texture record T for people: its resource's name ("STONE1"). */
static char *
texture_name (TsrDoom2dMap *map,
              gint64        t)
{
  const char *path;

  if (t < 0 || (guint64) t >= tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE))
    return NULL;
  path = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, (guint) t)->values[TSR_DOOM2D_TEXTURE_PATH].text;
  return g_strdup (path != NULL && *path != '\0' ? tsr_doom2d_resource_name (path) : "");
}

/* Record I of KIND as a reference shows it: "Panel 104 (Wall, STONE1)", "Monster 3 (Imp)",
 * "Trigger 5 (Door)". The number is the record's index, as the inspector's "Record 104" line. */
static char *
record_name (TsrDoom2dMap  *map,
             TsrDoom2dKind  kind,
             guint          i)
{
  const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, kind, i);
  const TsrFieldTable *table = &tsr_doom2d_record_type (kind)->table;

  switch (kind)
    {
    case TSR_DOOM2D_KIND_PANEL:
      {
        g_autofree char *type = constant_name (table->fields[TSR_DOOM2D_PANEL_TYPE].enumeration,
                                               record->values[TSR_DOOM2D_PANEL_TYPE].v[0]);
        g_autofree char *texture = texture_name (map, record->values[TSR_DOOM2D_PANEL_TEXTURE].v[0]);

        /* Translators: a panel by its number, type and texture: "Panel 104 (Wall, STONE1)". */
        return g_strdup_printf (_("Panel %u (%s, %s)"), i, type != NULL ? type : "?", texture != NULL ? texture : "?");
      }
    case TSR_DOOM2D_KIND_MONSTER:
      {
        g_autofree char *type = constant_name (table->fields[TSR_DOOM2D_THING_TYPE].enumeration,
                                               record->values[TSR_DOOM2D_THING_TYPE].v[0]);

        /* Translators: a monster by its number and type: "Monster 3 (Imp)". */
        return g_strdup_printf (_("Monster %u (%s)"), i, type != NULL ? type : "?");
      }
    case TSR_DOOM2D_KIND_TRIGGER:
    default:
      {
        g_autofree char *type = constant_name (table->fields[TSR_DOOM2D_TRIGGER_TYPE].enumeration,
                                               record->values[TSR_DOOM2D_TRIGGER_TYPE].v[0]);

        /* Translators: a trigger by its number and type: "Trigger 5 (Door)". */
        return g_strdup_printf (_("Trigger %u (%s)"), i, type != NULL ? type : "?");
      }
    }
}

/* References: textures by name; panels, monsters and triggers by number, type and texture, after
 * "None" (-1). */
static GArray *
doom2d_list_choices (TsrPropertySource *source,
                     guint              field)
{
  TsrDoom2dPropertySource *self = TSR_DOOM2D_PROPERTY_SOURCE (source);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document_of (self));
  const TsrField *spec = field_spec (self, field);
  TsrDoom2dKind kind;
  GArray *choices;

  switch (spec->reference)
    {
    case TSR_DOOM2D_REF_TEXTURE:
      kind = TSR_DOOM2D_KIND_TEXTURE;
      break;
    case TSR_DOOM2D_REF_PANEL:
      kind = TSR_DOOM2D_KIND_PANEL;
      break;
    case TSR_DOOM2D_REF_MONSTER:
      kind = TSR_DOOM2D_KIND_MONSTER;
      break;
    case TSR_DOOM2D_REF_TRIGGER:
      kind = TSR_DOOM2D_KIND_TRIGGER;
      break;
    default:
      return NULL;
    }
  if (map == NULL)
    return NULL;
  choices = tsr_property_choices_new ();
  if (kind == TSR_DOOM2D_KIND_TEXTURE)
    {
      for (guint t = 0; t < tsr_doom2d_map_count (map, kind); t++)
        tsr_property_choices_add (choices, t, texture_name (map, t));
      return choices;
    }
  tsr_property_choices_add (choices, -1, g_strdup (C_("reference", "None")));
  for (guint i = 0; i < tsr_doom2d_map_count (map, kind); i++)
    tsr_property_choices_add (choices, i, record_name (map, kind, i));
  return choices;
}

static void
tsr_doom2d_property_source_class_init (TsrDoom2dPropertySourceClass *klass)
{
  TsrPropertySourceClass *source_class = TSR_PROPERTY_SOURCE_CLASS (klass);

  source_class->list_elements = doom2d_list_elements;
  source_class->get_value = doom2d_get_value;
  source_class->set_value = doom2d_set_value;
  source_class->dup_constant_label = doom2d_dup_constant_label;
  source_class->is_field_stored = doom2d_is_field_stored;
  source_class->list_choices = doom2d_list_choices;
}

static void
tsr_doom2d_property_source_init (TsrDoom2dPropertySource *self)
{
}

/* The trigger's fields (the data bytes hidden) followed by LAYOUT's. */
static const TsrFieldTable *
trigger_table (const TsrDoom2dTriggerLayout *layout)
{
  static GHashTable *tables; /* layout (or NULL's key) → TsrFieldTable */
  static const char no_layout;
  const TsrFieldTable *base = &tsr_doom2d_record_type (TSR_DOOM2D_KIND_TRIGGER)->table;
  gconstpointer key = layout != NULL ? (gconstpointer) layout : (gconstpointer) &no_layout;
  TsrFieldTable *table;
  TsrField *fields;
  guint n_data = layout != NULL ? layout->table.n_fields : 0;

  if (tables == NULL)
    tables = g_hash_table_new (g_direct_hash, g_direct_equal);
  table = g_hash_table_lookup (tables, key);
  if (table != NULL)
    return table;
  fields = g_new0 (TsrField, base->n_fields + n_data);
  for (guint i = 0; i < base->n_fields; i++)
    {
      fields[i] = base->fields[i];
      if (fields[i].type == TSR_FIELD_BYTES)
        fields[i].flags |= TSR_FIELD_UNUSED;
    }
  for (guint i = 0; i < n_data; i++)
    fields[base->n_fields + i] = layout->table.fields[i];
  table = g_new0 (TsrFieldTable, 1);
  table->name = base->name;
  table->fields = fields;
  table->n_fields = base->n_fields + n_data;
  g_hash_table_insert (tables, (gpointer) key, table);
  return table;
}

TsrDoom2dPropertySource *
tsr_doom2d_property_source_new (TsrDoom2dDocument            *document,
                                TsrDoom2dKind                 kind,
                                const TsrDoom2dTriggerLayout *layout)
{
  static const char *const titles[] = { N_("Map"), N_("Texture"), N_("Panel"), N_("Item"), N_("Monster"),
                                        N_("Area"), N_("Trigger") };
  const TsrFieldTable *table;
  TsrDoom2dPropertySource *self;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (document), NULL);
  g_return_val_if_fail (kind < TSR_DOOM2D_N_KINDS, NULL);
  g_return_val_if_fail (layout == NULL || kind == TSR_DOOM2D_KIND_TRIGGER, NULL);

  table = kind == TSR_DOOM2D_KIND_TRIGGER ? trigger_table (layout) : &tsr_doom2d_record_type (kind)->table;
  self = g_object_new (TSR_TYPE_DOOM2D_PROPERTY_SOURCE, "document", document, "table", table,
                       "title", _(titles[kind]), NULL);
  self->kind = kind;
  self->layout = layout;
  self->n_base = tsr_doom2d_record_type (kind)->table.n_fields;
  return self;
}

TsrDoom2dKind
tsr_doom2d_property_source_get_kind (TsrDoom2dPropertySource *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_PROPERTY_SOURCE (self), TSR_DOOM2D_KIND_HEADER);
  return self->kind;
}

const TsrDoom2dTriggerLayout *
tsr_doom2d_property_source_get_layout (TsrDoom2dPropertySource *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_PROPERTY_SOURCE (self), NULL);
  return self->layout;
}
