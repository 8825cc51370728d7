/* tsr-marathon-set-record-command.c: the old and new bytes of one record struct. */
#include "model/marathon/tsr-marathon-set-record-command.h"

#include <string.h>

struct _TsrMarathonSetRecordCommand {
  TsrCommand            parent_instance;
  TsrMarathonLevelMap  *map; /* weak: the document owns it */
  TsrMarathonRecordKind kind;
  guint                 index;
  guint8               *before;
  guint8               *after;
};

G_DEFINE_FINAL_TYPE (TsrMarathonSetRecordCommand, tsr_marathon_set_record_command, TSR_TYPE_COMMAND)

static void
store (TsrMarathonSetRecordCommand *self,
       const guint8                *record)
{
  if (self->map == NULL || tsr_marathon_level_map_get_record (self->map, self->kind, self->index, NULL) == NULL)
    return;
  tsr_marathon_level_map_store_record (self->map, self->kind, self->index, record);
}

static void
tsr_marathon_set_record_command_redo (TsrCommand *command)
{
  TsrMarathonSetRecordCommand *self = TSR_MARATHON_SET_RECORD_COMMAND (command);

  store (self, self->after);
}

static void
tsr_marathon_set_record_command_undo (TsrCommand *command)
{
  TsrMarathonSetRecordCommand *self = TSR_MARATHON_SET_RECORD_COMMAND (command);

  store (self, self->before);
}

static void
tsr_marathon_set_record_command_finalize (GObject *object)
{
  TsrMarathonSetRecordCommand *self = TSR_MARATHON_SET_RECORD_COMMAND (object);

  g_clear_weak_pointer (&self->map);
  g_free (self->before);
  g_free (self->after);
  G_OBJECT_CLASS (tsr_marathon_set_record_command_parent_class)->finalize (object);
}

static void
tsr_marathon_set_record_command_class_init (TsrMarathonSetRecordCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_marathon_set_record_command_finalize;
  command_class->redo = tsr_marathon_set_record_command_redo;
  command_class->undo = tsr_marathon_set_record_command_undo;
}

static void
tsr_marathon_set_record_command_init (TsrMarathonSetRecordCommand *self)
{
}

TsrCommand *
tsr_marathon_set_record_command_new (TsrMarathonLevelMap  *map,
                                     TsrMarathonRecordKind kind,
                                     guint                 index,
                                     gconstpointer         record,
                                     const char           *description)
{
  TsrMarathonSetRecordCommand *self;
  gpointer stored;
  gsize size = 0;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map), NULL);
  stored = tsr_marathon_level_map_get_record (map, kind, index, &size);
  g_return_val_if_fail (stored != NULL, NULL);

  if (memcmp (stored, record, size) == 0)
    return NULL;
  self = g_object_new (TSR_TYPE_MARATHON_SET_RECORD_COMMAND, "description", description, NULL);
  g_set_weak_pointer (&self->map, map);
  self->kind = kind;
  self->index = index;
  self->before = g_memdup2 (stored, size);
  self->after = g_memdup2 (record, size);
  return TSR_COMMAND (self);
}
