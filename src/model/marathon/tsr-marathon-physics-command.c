/* tsr-marathon-physics-command.c: the bytes of one field, before and after. */
#include "model/marathon/tsr-marathon-physics-command.h"

#include <string.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-merge-folder.h"

struct _TsrMarathonPhysicsCommand {
  TsrCommand   parent_instance;
  TsrDocument *document; /* weak: the document owns the undo stack that owns this */
  guint        level;
  guint        table;
  gsize        offset;   /* in the table's records */
  guint8       before[8];
  guint8       after[8];
  guint        width;
};

G_DEFINE_FINAL_TYPE (TsrMarathonPhysicsCommand, tsr_marathon_physics_command, TSR_TYPE_COMMAND)

GPtrArray *
tsr_marathon_physics_document_tables (TsrDocument *document,
                                      guint        level)
{
  const char *format;
  gpointer data;

  g_return_val_if_fail (TSR_IS_DOCUMENT (document), NULL);
  format = tsr_document_get_format_id (document);
  data = tsr_document_get_format_data (document);
  if (data == NULL)
    return NULL;
  if (g_strcmp0 (format, "marathon-physics") == 0)
    return tsr_marathon_physics_file_get_physics (data)->tables;
  if (tsr_marathon_format_holds_scenario (format))
    {
      TsrMarathonMap *map = ((TsrMarathonScenario *) data)->map;

      if (level >= map->levels->len)
        return NULL;
      return ((TsrMarathonLevel *) g_ptr_array_index (map->levels, level))->physics;
    }
  return NULL;
}

static void
store (TsrMarathonPhysicsCommand *self,
       const guint8              *bytes)
{
  GPtrArray *tables;
  TsrMarathonPhysicsTable *table;

  if (self->document == NULL)
    return;
  tables = tsr_marathon_physics_document_tables (self->document, self->level);
  if (tables == NULL || self->table >= tables->len)
    return;
  table = g_ptr_array_index (tables, self->table);
  if (self->offset + self->width > table->count * table->record_size)
    return;
  memcpy (table->records + self->offset, bytes, self->width);
}

static void
tsr_marathon_physics_command_redo (TsrCommand *command)
{
  TsrMarathonPhysicsCommand *self = TSR_MARATHON_PHYSICS_COMMAND (command);

  store (self, self->after);
}

static void
tsr_marathon_physics_command_undo (TsrCommand *command)
{
  TsrMarathonPhysicsCommand *self = TSR_MARATHON_PHYSICS_COMMAND (command);

  store (self, self->before);
}

static void
tsr_marathon_physics_command_finalize (GObject *object)
{
  TsrMarathonPhysicsCommand *self = TSR_MARATHON_PHYSICS_COMMAND (object);

  g_clear_weak_pointer (&self->document);
  G_OBJECT_CLASS (tsr_marathon_physics_command_parent_class)->finalize (object);
}

static void
tsr_marathon_physics_command_class_init (TsrMarathonPhysicsCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_marathon_physics_command_finalize;
  command_class->redo = tsr_marathon_physics_command_redo;
  command_class->undo = tsr_marathon_physics_command_undo;
}

static void
tsr_marathon_physics_command_init (TsrMarathonPhysicsCommand *self)
{
}

TsrCommand *
tsr_marathon_physics_command_new (TsrDocument *document,
                                  guint        level,
                                  guint        table_index,
                                  guint        record,
                                  guint        field,
                                  gint64       value,
                                  const char  *description)
{
  TsrMarathonPhysicsCommand *self;
  GPtrArray *tables;
  TsrMarathonPhysicsTable *table;
  const TsrFieldTable *fields;
  const TsrField *spec;
  g_autofree guint8 *copy = NULL;

  g_return_val_if_fail (TSR_IS_DOCUMENT (document), NULL);
  tables = tsr_marathon_physics_document_tables (document, level);
  g_return_val_if_fail (tables != NULL && table_index < tables->len, NULL);
  table = g_ptr_array_index (tables, table_index);
  fields = tsr_marathon_physics_table_fields (table);
  g_return_val_if_fail (fields != NULL && record < table->count && field < fields->n_fields, NULL);
  spec = &fields->fields[field];
  g_return_val_if_fail (spec->offset >= 0 && spec->width <= 8, NULL);

  copy = g_memdup2 (table->records + record * table->record_size, table->record_size);
  tsr_field_set (spec, copy, value);
  if (memcmp (copy + spec->offset, table->records + record * table->record_size + spec->offset, spec->width) == 0)
    return NULL;
  self = g_object_new (TSR_TYPE_MARATHON_PHYSICS_COMMAND, "description", description, NULL);
  g_set_weak_pointer (&self->document, document);
  self->level = level;
  self->table = table_index;
  self->offset = record * table->record_size + (gsize) spec->offset;
  self->width = spec->width;
  memcpy (self->before, table->records + self->offset, spec->width);
  memcpy (self->after, copy + spec->offset, spec->width);
  return TSR_COMMAND (self);
}
