/* tsr-undo-stack.c: the undo history. Commands [0, position) are applied; [position, len) can be
 * redone. The clean point is a position (-1 when the saved state is no longer reachable). */
#include "model/tsr-undo-stack.h"

struct _TsrUndoStack {
  GObject          parent_instance;
  GPtrArray       *commands;
  guint            position;
  gint64           clean_position;
  TsrCommandGroup *group;
  guint            group_depth;
  gboolean         merge_broken;
  /* Cached so notifications fire only on real change. */
  gboolean         can_undo;
  gboolean         can_redo;
  gboolean         is_clean;
};

G_DEFINE_FINAL_TYPE (TsrUndoStack, tsr_undo_stack, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_IS_CLEAN,
  PROP_UNDO_DESCRIPTION,
  PROP_REDO_DESCRIPTION,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Clean at the clean point and wherever only steps that change no content (what a save writes)
 * lie between it and the position. */
static gboolean
compute_is_clean (TsrUndoStack *self)
{
  gint64 from = MIN (self->clean_position, (gint64) self->position);
  gint64 to = MAX (self->clean_position, (gint64) self->position);

  if (self->clean_position < 0)
    return FALSE;
  for (gint64 i = from; i < to; i++)
    if (tsr_command_changes_content (g_ptr_array_index (self->commands, (guint) i)))
      return FALSE;
  return TRUE;
}

static void
tsr_undo_stack_update (TsrUndoStack *self)
{
  gboolean can_undo = self->position > 0;
  gboolean can_redo = self->position < self->commands->len;
  gboolean is_clean = compute_is_clean (self);

  g_object_freeze_notify (G_OBJECT (self));
  if (can_undo != self->can_undo)
    {
      self->can_undo = can_undo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
    }
  if (can_redo != self->can_redo)
    {
      self->can_redo = can_redo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
    }
  if (is_clean != self->is_clean)
    {
      self->is_clean = is_clean;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IS_CLEAN]);
    }
  /* Labels change with almost every step; they are cheap to re-read. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_DESCRIPTION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REDO_DESCRIPTION]);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
tsr_undo_stack_finalize (GObject *object)
{
  TsrUndoStack *self = TSR_UNDO_STACK (object);

  g_clear_object (&self->group);
  g_ptr_array_unref (self->commands);
  G_OBJECT_CLASS (tsr_undo_stack_parent_class)->finalize (object);
}

static void
tsr_undo_stack_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrUndoStack *self = TSR_UNDO_STACK (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, tsr_undo_stack_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, tsr_undo_stack_get_can_redo (self));
      break;
    case PROP_IS_CLEAN:
      g_value_set_boolean (value, tsr_undo_stack_get_is_clean (self));
      break;
    case PROP_UNDO_DESCRIPTION:
      g_value_set_string (value, tsr_undo_stack_get_undo_description (self));
      break;
    case PROP_REDO_DESCRIPTION:
      g_value_set_string (value, tsr_undo_stack_get_redo_description (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_undo_stack_class_init (TsrUndoStackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tsr_undo_stack_finalize;
  object_class->get_property = tsr_undo_stack_get_property;

  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  properties[PROP_IS_CLEAN] = g_param_spec_boolean ("is-clean", NULL, NULL, TRUE, flags);
  properties[PROP_UNDO_DESCRIPTION] = g_param_spec_string ("undo-description", NULL, NULL, NULL, flags);
  properties[PROP_REDO_DESCRIPTION] = g_param_spec_string ("redo-description", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Emitted after every push, undo, redo and clean-point change. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tsr_undo_stack_init (TsrUndoStack *self)
{
  self->commands = g_ptr_array_new_with_free_func (g_object_unref);
  self->is_clean = TRUE;
}

TsrUndoStack *
tsr_undo_stack_new (void)
{
  return g_object_new (TSR_TYPE_UNDO_STACK, NULL);
}

/* Drops the commands after the position (the saved state with them, if it was among them). */
static void
drop_redoable (TsrUndoStack *self)
{
  if (self->position < self->commands->len)
    {
      /* A clean point past only steps that change no content moves back to the position. */
      if (self->clean_position > (gint64) self->position)
        self->clean_position = compute_is_clean (self) ? (gint64) self->position : -1;
      g_ptr_array_set_size (self->commands, self->position);
    }
}

/* Records an applied command at the top, dropping what could be redone. */
static void
tsr_undo_stack_record (TsrUndoStack *self,
                       TsrCommand   *command)
{
  drop_redoable (self);

  if (self->position > 0 && !self->merge_broken
      && self->clean_position != (gint64) self->position
      && tsr_command_merge (g_ptr_array_index (self->commands, self->position - 1), command))
    return;

  g_ptr_array_add (self->commands, g_object_ref (command));
  self->position++;
  self->merge_broken = FALSE;
}

void
tsr_undo_stack_push (TsrUndoStack *self,
                     TsrCommand   *command)
{
  g_return_if_fail (TSR_IS_UNDO_STACK (self));
  g_return_if_fail (TSR_IS_COMMAND (command));

  g_object_ref_sink (command);
  tsr_command_redo (command);
  if (self->group != NULL)
    tsr_command_group_add (self->group, command);
  else
    {
      tsr_undo_stack_record (self, command);
      tsr_undo_stack_update (self);
    }
  g_object_unref (command);
}

gboolean
tsr_undo_stack_undo (TsrUndoStack *self)
{
  g_return_val_if_fail (TSR_IS_UNDO_STACK (self), FALSE);
  g_return_val_if_fail (self->group == NULL, FALSE);

  if (self->position == 0)
    return FALSE;
  self->position--;
  tsr_command_undo (g_ptr_array_index (self->commands, self->position));
  self->merge_broken = TRUE;
  tsr_undo_stack_update (self);
  return TRUE;
}

gboolean
tsr_undo_stack_redo (TsrUndoStack *self)
{
  g_return_val_if_fail (TSR_IS_UNDO_STACK (self), FALSE);
  g_return_val_if_fail (self->group == NULL, FALSE);

  if (self->position >= self->commands->len)
    return FALSE;
  tsr_command_redo (g_ptr_array_index (self->commands, self->position));
  self->position++;
  self->merge_broken = TRUE;
  tsr_undo_stack_update (self);
  return TRUE;
}

void
tsr_undo_stack_begin_group (TsrUndoStack *self,
                            const char   *description)
{
  g_return_if_fail (TSR_IS_UNDO_STACK (self));

  if (self->group_depth++ == 0)
    self->group = tsr_command_group_new (description);
}

void
tsr_undo_stack_end_group (TsrUndoStack *self)
{
  g_autoptr(TsrCommandGroup) group = NULL;

  g_return_if_fail (TSR_IS_UNDO_STACK (self));
  g_return_if_fail (self->group_depth > 0);

  if (--self->group_depth > 0)
    return;
  group = g_steal_pointer (&self->group);
  if (tsr_command_group_get_size (group) == 0)
    return;
  /* A group is one user action: it never merges into the previous one. */
  self->merge_broken = TRUE;
  tsr_undo_stack_record (self, TSR_COMMAND (group));
  self->merge_broken = TRUE;
  tsr_undo_stack_update (self);
}

void
tsr_undo_stack_cancel_group (TsrUndoStack *self)
{
  g_autoptr(TsrCommandGroup) group = NULL;

  g_return_if_fail (TSR_IS_UNDO_STACK (self));
  g_return_if_fail (self->group_depth == 1);

  self->group_depth = 0;
  group = g_steal_pointer (&self->group);
  if (tsr_command_group_get_size (group) > 0)
    tsr_command_undo (TSR_COMMAND (group));
}

void
tsr_undo_stack_drop_redo (TsrUndoStack *self)
{
  g_return_if_fail (TSR_IS_UNDO_STACK (self));
  g_return_if_fail (self->group == NULL);

  if (self->position == self->commands->len)
    return;
  drop_redoable (self);
  tsr_undo_stack_update (self);
}

void
tsr_undo_stack_break_merge (TsrUndoStack *self)
{
  g_return_if_fail (TSR_IS_UNDO_STACK (self));
  self->merge_broken = TRUE;
}

gboolean
tsr_undo_stack_get_can_undo (TsrUndoStack *self)
{
  return self->position > 0;
}

gboolean
tsr_undo_stack_get_can_redo (TsrUndoStack *self)
{
  return self->position < self->commands->len;
}

const char *
tsr_undo_stack_get_undo_description (TsrUndoStack *self)
{
  if (self->position == 0)
    return NULL;
  return tsr_command_get_description (g_ptr_array_index (self->commands, self->position - 1));
}

const char *
tsr_undo_stack_get_redo_description (TsrUndoStack *self)
{
  if (self->position >= self->commands->len)
    return NULL;
  return tsr_command_get_description (g_ptr_array_index (self->commands, self->position));
}

void
tsr_undo_stack_set_clean (TsrUndoStack *self)
{
  g_return_if_fail (TSR_IS_UNDO_STACK (self));
  self->clean_position = self->position;
  self->merge_broken = TRUE;
  tsr_undo_stack_update (self);
}

void
tsr_undo_stack_forget_clean (TsrUndoStack *self)
{
  g_return_if_fail (TSR_IS_UNDO_STACK (self));
  self->clean_position = -1;
  self->merge_broken = TRUE;
  tsr_undo_stack_update (self);
}

gboolean
tsr_undo_stack_get_is_clean (TsrUndoStack *self)
{
  return compute_is_clean (self);
}

guint
tsr_undo_stack_get_depth (TsrUndoStack *self)
{
  return self->position;
}

guint
tsr_undo_stack_get_n_entries (TsrUndoStack *self)
{
  g_return_val_if_fail (TSR_IS_UNDO_STACK (self), 0);
  return self->commands->len;
}

const char *
tsr_undo_stack_get_entry_description (TsrUndoStack *self,
                                      guint         index)
{
  g_return_val_if_fail (TSR_IS_UNDO_STACK (self), NULL);
  g_return_val_if_fail (index < self->commands->len, NULL);
  return tsr_command_get_description (g_ptr_array_index (self->commands, index));
}

guint
tsr_undo_stack_get_position (TsrUndoStack *self)
{
  g_return_val_if_fail (TSR_IS_UNDO_STACK (self), 0);
  return self->position;
}

gint
tsr_undo_stack_get_clean_position (TsrUndoStack *self)
{
  g_return_val_if_fail (TSR_IS_UNDO_STACK (self), -1);
  return (gint) self->clean_position;
}

gboolean
tsr_undo_stack_set_position (TsrUndoStack *self,
                             guint         position)
{
  g_return_val_if_fail (TSR_IS_UNDO_STACK (self), FALSE);

  if (self->group != NULL || position > self->commands->len)
    return FALSE;
  if (position == self->position)
    return TRUE;
  /* One step at a time, in order, exactly as repeated undo/redo would; one notification. */
  while (self->position > position)
    {
      self->position--;
      tsr_command_undo (g_ptr_array_index (self->commands, self->position));
    }
  while (self->position < position)
    {
      tsr_command_redo (g_ptr_array_index (self->commands, self->position));
      self->position++;
    }
  self->merge_broken = TRUE;
  tsr_undo_stack_update (self);
  return TRUE;
}

void
tsr_undo_stack_clear (TsrUndoStack *self)
{
  g_return_if_fail (TSR_IS_UNDO_STACK (self));
  g_clear_object (&self->group);
  self->group_depth = 0;
  self->clean_position = compute_is_clean (self) ? 0 : -1;
  self->position = 0;
  g_ptr_array_set_size (self->commands, 0);
  self->merge_broken = TRUE;
  tsr_undo_stack_update (self);
}
