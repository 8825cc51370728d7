/* tsr-marathon-edit-level-command.c: the level change of one edit, applied forwards and back. */
#include "model/marathon/tsr-marathon-edit-level-command.h"

struct _TsrMarathonEditLevelCommand {
  TsrCommand              parent_instance;
  TsrMarathonLevelMap    *map; /* weak: the document owns it */
  TsrMarathonLevelChange *change;
};

G_DEFINE_FINAL_TYPE (TsrMarathonEditLevelCommand, tsr_marathon_edit_level_command, TSR_TYPE_COMMAND)

static void
tsr_marathon_edit_level_command_redo (TsrCommand *command)
{
  TsrMarathonEditLevelCommand *self = TSR_MARATHON_EDIT_LEVEL_COMMAND (command);

  if (self->map != NULL)
    tsr_marathon_level_map_apply_change (self->map, self->change, TRUE);
}

static void
tsr_marathon_edit_level_command_undo (TsrCommand *command)
{
  TsrMarathonEditLevelCommand *self = TSR_MARATHON_EDIT_LEVEL_COMMAND (command);

  if (self->map != NULL)
    tsr_marathon_level_map_apply_change (self->map, self->change, FALSE);
}

static void
tsr_marathon_edit_level_command_finalize (GObject *object)
{
  TsrMarathonEditLevelCommand *self = TSR_MARATHON_EDIT_LEVEL_COMMAND (object);

  g_clear_weak_pointer (&self->map);
  g_clear_pointer (&self->change, tsr_marathon_level_change_free);
  G_OBJECT_CLASS (tsr_marathon_edit_level_command_parent_class)->finalize (object);
}

static void
tsr_marathon_edit_level_command_class_init (TsrMarathonEditLevelCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_marathon_edit_level_command_finalize;
  command_class->redo = tsr_marathon_edit_level_command_redo;
  command_class->undo = tsr_marathon_edit_level_command_undo;
}

static void
tsr_marathon_edit_level_command_init (TsrMarathonEditLevelCommand *self)
{
}

TsrCommand *
tsr_marathon_edit_level_command_new (TsrMarathonLevelMap  *map,
                                     const char           *description,
                                     TsrMarathonLevelEdit  edit,
                                     gpointer              user_data,
                                     GError              **error)
{
  g_autoptr(TsrMarathonLevelChange) change = NULL;
  TsrMarathonEditLevelCommand *self;
  TsrMarathonLevel *level;
  GError *local_error = NULL;
  gboolean done, changed;
  g_autofree char *note = NULL;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map), NULL);
  g_return_val_if_fail (edit != NULL, NULL);

  change = tsr_marathon_level_map_begin_change (map);
  /* The operations leave out the whole-level floods (the map index list, which a save derives,
   * and the meter, which the editor shows after each change): an edit costs what it touches plus
   * linear passes, not a flood per polygon. */
  level = tsr_marathon_level_map_get_level (map);
  level->defer_map_indexes = TRUE;
  done = edit (level, user_data, &local_error);
  level->defer_map_indexes = FALSE;
  /* The undo stack applies the command: until then the level stays as it was. */
  changed = tsr_marathon_level_map_end_change (map, change);
  note = tsr_vector_map_take_edit_note (TSR_VECTOR_MAP (map));
  if (!done)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  g_clear_error (&local_error);
  if (!changed)
    return NULL;
  self = g_object_new (TSR_TYPE_MARATHON_EDIT_LEVEL_COMMAND, "description", description, NULL);
  /* Initial counts the edit moved (objects added, deleted or retyped) show in its name. */
  tsr_command_add_note (TSR_COMMAND (self), note);
  g_set_weak_pointer (&self->map, map);
  self->change = g_steal_pointer (&change);
  return TSR_COMMAND (self);
}
