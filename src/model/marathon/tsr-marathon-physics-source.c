/* tsr-marathon-physics-source.c: values straight from the table's record bytes through its field
 * table; what a number means (a projectile or effect type, world units, ticks, angles) said by
 * describe_value. */
#include "model/marathon/tsr-marathon-physics-source.h"

#include <glib/gi18n.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-names.h"
#include "model/marathon/tsr-marathon-physics-command.h"

struct _TsrMarathonPhysicsSource {
  TsrPropertySource parent_instance;
  guint             level;
  guint             table;
  guint32           tag;
};

G_DEFINE_FINAL_TYPE (TsrMarathonPhysicsSource, tsr_marathon_physics_source, TSR_TYPE_PROPERTY_SOURCE)

static TsrMarathonPhysicsTable *
table (TsrMarathonPhysicsSource *self)
{
  GPtrArray *tables = tsr_marathon_physics_document_tables (tsr_property_source_get_document (TSR_PROPERTY_SOURCE (self)),
                                                            self->level);

  if (tables == NULL || self->table >= tables->len)
    return NULL;
  return g_ptr_array_index (tables, self->table);
}

const char *
tsr_marathon_physics_definition_title (TsrMarathonPhysicsKind kind)
{
  switch (kind)
    {
    case TSR_MARATHON_PHYSICS_CONSTANTS: return _("Physics Models");
    case TSR_MARATHON_PHYSICS_EFFECTS: return _("Effects");
    case TSR_MARATHON_PHYSICS_MONSTERS: return _("Monsters");
    case TSR_MARATHON_PHYSICS_PROJECTILES: return _("Projectiles");
    case TSR_MARATHON_PHYSICS_WEAPONS: return _("Weapons");
    case TSR_MARATHON_PHYSICS_M1:
    case TSR_MARATHON_N_PHYSICS_KINDS:
    default: return "";
    }
}

static const char *
definition_singular (TsrMarathonPhysicsKind kind)
{
  switch (kind)
    {
    case TSR_MARATHON_PHYSICS_CONSTANTS: return _("Physics Model");
    case TSR_MARATHON_PHYSICS_EFFECTS: return _("Effect");
    case TSR_MARATHON_PHYSICS_MONSTERS: return _("Monster");
    case TSR_MARATHON_PHYSICS_PROJECTILES: return _("Projectile");
    case TSR_MARATHON_PHYSICS_WEAPONS: return _("Weapon");
    case TSR_MARATHON_PHYSICS_M1:
    case TSR_MARATHON_N_PHYSICS_KINDS:
    default: return "";
    }
}

static GArray *
tsr_marathon_physics_source_list_elements (TsrPropertySource *source)
{
  TsrMarathonPhysicsTable *t = table (TSR_MARATHON_PHYSICS_SOURCE (source));
  guint count = t != NULL ? t->count : 0;
  GArray *elements = g_array_sized_new (FALSE, FALSE, sizeof (guint), count);

  for (guint i = 0; i < count; i++)
    g_array_append_val (elements, i);
  return elements;
}

static gboolean
tsr_marathon_physics_source_get_value (TsrPropertySource *source,
                                       guint              element,
                                       guint              field,
                                       TsrFieldValue     *value)
{
  TsrMarathonPhysicsTable *t = table (TSR_MARATHON_PHYSICS_SOURCE (source));
  const TsrFieldTable *fields = tsr_property_source_get_table (source);

  if (t == NULL || element >= t->count || tsr_marathon_physics_table_fields (t) != fields)
    return FALSE;
  value->v[0] = tsr_field_get (&fields->fields[field], t->records + element * t->record_size);
  return TRUE;
}

static gboolean
tsr_marathon_physics_source_set_value (TsrPropertySource   *source,
                                       guint                element,
                                       guint                field,
                                       const TsrFieldValue *value,
                                       GError             **error)
{
  TsrMarathonPhysicsSource *self = TSR_MARATHON_PHYSICS_SOURCE (source);
  TsrMarathonPhysicsTable *t = table (self);
  TsrDocument *document = tsr_property_source_get_document (source);
  g_autofree char *label = tsr_property_source_dup_field_label (source, field);
  g_autofree char *name = NULL;
  g_autofree char *description = NULL;

  if (t == NULL || element >= t->count)
    return FALSE;
  name = tsr_marathon_physics_source_dup_record_name (self, element);
  /* Translators: an undo step: "Set vitality of Marine". */
  description = g_strdup_printf (_("Set %s of %s"), label, name);
  tsr_document_execute_take (document, tsr_marathon_physics_command_new (document, self->level, self->table, element,
                                                                         field, value->v[0], description));
  return TRUE;
}

/* What the numbers of a field count, by its name (Aleph One's units: world_distance 1024 to a world
 * unit, ticks 30 a second, angles 512 to a turn). */
typedef enum { UNIT_NONE, UNIT_DISTANCE, UNIT_TICKS, UNIT_ANGLE } Unit;

static Unit
field_unit (TsrMarathonPhysicsKind definition,
            const char            *name)
{
  const char *leaf = strrchr (name, '.');

  leaf = leaf != NULL ? leaf + 1 : name;
  if (strstr (leaf, "ticks") != NULL || strcmp (leaf, "delay") == 0)
    return UNIT_TICKS;
  if (definition == TSR_MARATHON_PHYSICS_CONSTANTS || definition == TSR_MARATHON_PHYSICS_EFFECTS)
    return UNIT_NONE;
  if (strcmp (leaf, "half_visual_arc") == 0 || strcmp (leaf, "half_vertical_visual_arc") == 0
      || strcmp (leaf, "error") == 0 || strcmp (leaf, "theta_error") == 0)
    return UNIT_ANGLE;
  if (strcmp (leaf, "radius") == 0 || strcmp (leaf, "height") == 0 || strcmp (leaf, "preferred_hover_height") == 0
      || g_str_has_suffix (leaf, "_ledge_delta") || g_str_has_suffix (leaf, "visual_range")
      || strcmp (leaf, "range") == 0 || strcmp (leaf, "maximum_range") == 0 || strcmp (leaf, "area_of_effect") == 0
      || strcmp (leaf, "shrapnel_radius") == 0 || strcmp (leaf, "dx") == 0 || strcmp (leaf, "dy") == 0
      || strcmp (leaf, "dz") == 0 || strcmp (leaf, "recoil_magnitude") == 0)
    return UNIT_DISTANCE;
  return UNIT_NONE;
}

static char *
tsr_marathon_physics_source_describe_value (TsrPropertySource *source,
                                            guint              element,
                                            guint              field)
{
  TsrMarathonPhysicsSource *self = TSR_MARATHON_PHYSICS_SOURCE (source);
  TsrMarathonPhysicsTable *t = table (self);
  const TsrField *spec = &tsr_property_source_get_table (source)->fields[field];
  TsrMarathonPhysicsKind definition;
  gint64 value;

  if (t == NULL || element >= t->count || spec->type != TSR_FIELD_INT)
    return NULL;
  definition = tsr_marathon_physics_table_definition (t);
  value = tsr_field_get (spec, t->records + element * t->record_size);
  if (spec->reference == TSR_MARATHON_PHYSICS_REF_PROJECTILE || spec->reference == TSR_MARATHON_PHYSICS_REF_EFFECT)
    {
      TsrMarathonPhysicsKind target = spec->reference == TSR_MARATHON_PHYSICS_REF_PROJECTILE
                                        ? TSR_MARATHON_PHYSICS_PROJECTILES : TSR_MARATHON_PHYSICS_EFFECTS;
      guint count = tsr_marathon_physics_engine_count (target);

      if (value == -1)
        return g_strdup (_("None"));
      if (value < 0 || value >= count)
        /* Translators: a projectile or effect type number the engine has no definition for. */
        return g_strdup_printf (_("%s %lld does not exist: the engine has %u"),
                                definition_singular (target), (long long) value, count);
      return g_strdup_printf ("%s %" G_GINT64_FORMAT, definition_singular (target), value);
    }
  switch (field_unit (definition, spec->name))
    {
    case UNIT_DISTANCE:
      /* Translators: a length in Marathon's world units (1024 to the unit). */
      return g_strdup_printf (_("%.3f world units"), value / 1024.0);
    case UNIT_TICKS:
      /* Translators: a time in seconds (the engine counts 30 ticks a second). */
      return g_strdup_printf (_("%.2f s"), value / 30.0);
    case UNIT_ANGLE:
      /* Translators: an angle in degrees (the engine counts 512 to a turn). */
      return g_strdup_printf (_("%.1f°"), value * 360.0 / 512.0);
    case UNIT_NONE:
    default:
      return NULL;
    }
}

static void
tsr_marathon_physics_source_class_init (TsrMarathonPhysicsSourceClass *klass)
{
  TsrPropertySourceClass *source_class = TSR_PROPERTY_SOURCE_CLASS (klass);

  source_class->list_elements = tsr_marathon_physics_source_list_elements;
  source_class->get_value = tsr_marathon_physics_source_get_value;
  source_class->set_value = tsr_marathon_physics_source_set_value;
  source_class->describe_value = tsr_marathon_physics_source_describe_value;
}

static void
tsr_marathon_physics_source_init (TsrMarathonPhysicsSource *self)
{
}

TsrMarathonPhysicsSource *
tsr_marathon_physics_source_new (TsrDocument *document,
                                 guint        level,
                                 guint        table_index)
{
  GPtrArray *tables;
  TsrMarathonPhysicsTable *t;
  const TsrFieldTable *fields;
  TsrMarathonPhysicsSource *self;

  g_return_val_if_fail (TSR_IS_DOCUMENT (document), NULL);
  tables = tsr_marathon_physics_document_tables (document, level);
  if (tables == NULL || table_index >= tables->len)
    return NULL;
  t = g_ptr_array_index (tables, table_index);
  fields = tsr_marathon_physics_table_fields (t);
  if (fields == NULL)
    return NULL;
  self = g_object_new (TSR_TYPE_MARATHON_PHYSICS_SOURCE, "document", document, "table", fields,
                       "title", definition_singular (tsr_marathon_physics_table_definition (t)), NULL);
  self->level = level;
  self->table = table_index;
  self->tag = t->tag;
  return self;
}

GPtrArray *
tsr_marathon_physics_sources_new (TsrDocument *document,
                                  guint        level)
{
  GPtrArray *sources = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *tables;

  g_return_val_if_fail (TSR_IS_DOCUMENT (document), sources);
  tables = tsr_marathon_physics_document_tables (document, level);
  for (guint i = 0; tables != NULL && i < tables->len; i++)
    {
      TsrMarathonPhysicsSource *source = tsr_marathon_physics_source_new (document, level, i);

      if (source != NULL)
        g_ptr_array_add (sources, source);
    }
  return sources;
}

TsrMarathonPhysicsKind
tsr_marathon_physics_source_get_definition (TsrMarathonPhysicsSource *self)
{
  TsrMarathonPhysicsTable *t;

  g_return_val_if_fail (TSR_IS_MARATHON_PHYSICS_SOURCE (self), TSR_MARATHON_PHYSICS_M1);
  t = table (self);
  return t != NULL ? tsr_marathon_physics_table_definition (t) : TSR_MARATHON_PHYSICS_M1;
}

guint32
tsr_marathon_physics_source_get_tag (TsrMarathonPhysicsSource *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PHYSICS_SOURCE (self), 0);
  return self->tag;
}

guint
tsr_marathon_physics_source_get_table (TsrMarathonPhysicsSource *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PHYSICS_SOURCE (self), 0);
  return self->table;
}

char *
tsr_marathon_physics_source_dup_record_name (TsrMarathonPhysicsSource *self,
                                             guint                     record)
{
  TsrMarathonPhysicsTable *t;
  TsrMarathonPhysicsKind definition;

  g_return_val_if_fail (TSR_IS_MARATHON_PHYSICS_SOURCE (self), NULL);
  t = table (self);
  definition = tsr_marathon_physics_source_get_definition (self);
  /* Monster names are Marathon 2's monster list (monsters.h); Marathon 1 numbers its own. */
  if (definition == TSR_MARATHON_PHYSICS_MONSTERS && t != NULL && t->kind != TSR_MARATHON_PHYSICS_M1
      && tsr_marathon_monster_name ((gint) record) != NULL)
    return g_strdup (_(tsr_marathon_monster_name ((gint) record)));
  /* Translators: a physics definition without a name: "Projectile 3". */
  return g_strdup_printf (_("%s %u"), definition_singular (definition), record);
}
