/* tsr-level-list-command.c: the level-list edits shared by the families' level commands. */
#include "model/tsr-level-list-command.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"

typedef struct {
  const TsrLevels *levels;
  gpointer         owner;
  TsrLevelEdit     edit;
  guint            index;
  guint            to;
  gpointer         level;    /* INSERT, REMOVE: the level while it is out of the list */
  gpointer         old_name; /* RENAME */
  gpointer         new_name;
} TsrLevelListCommandPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (TsrLevelListCommand, tsr_level_list_command, TSR_TYPE_COMMAND)

static void
put_in (TsrLevelListCommandPrivate *priv)
{
  priv->levels->insert (priv->owner, priv->index, g_steal_pointer (&priv->level));
}

static void
take_out (TsrLevelListCommandPrivate *priv)
{
  g_warn_if_fail (priv->level == NULL);
  priv->level = priv->levels->take (priv->owner, priv->index);
}

static void
tsr_level_list_command_redo (TsrCommand *command)
{
  TsrLevelListCommand *self = TSR_LEVEL_LIST_COMMAND (command);
  TsrLevelListCommandPrivate *priv = tsr_level_list_command_get_instance_private (self);
  TsrLevelListCommandClass *klass = TSR_LEVEL_LIST_COMMAND_GET_CLASS (self);
  guint before = priv->levels->n_levels (priv->owner);

  switch (priv->edit)
    {
    case TSR_LEVEL_EDIT_INSERT:
      put_in (priv);
      break;
    case TSR_LEVEL_EDIT_REMOVE:
      take_out (priv);
      break;
    case TSR_LEVEL_EDIT_MOVE:
      priv->levels->move (priv->owner, priv->index, priv->to);
      break;
    case TSR_LEVEL_EDIT_RENAME:
      priv->levels->set_name (priv->owner, priv->index, priv->new_name);
      break;
    }
  if (klass->after_redo != NULL)
    klass->after_redo (self, before);
}

static void
tsr_level_list_command_undo (TsrCommand *command)
{
  TsrLevelListCommand *self = TSR_LEVEL_LIST_COMMAND (command);
  TsrLevelListCommandPrivate *priv = tsr_level_list_command_get_instance_private (self);
  TsrLevelListCommandClass *klass = TSR_LEVEL_LIST_COMMAND_GET_CLASS (self);

  if (klass->before_undo != NULL)
    klass->before_undo (self);
  switch (priv->edit)
    {
    case TSR_LEVEL_EDIT_INSERT:
      take_out (priv);
      break;
    case TSR_LEVEL_EDIT_REMOVE:
      put_in (priv);
      break;
    case TSR_LEVEL_EDIT_MOVE:
      priv->levels->move (priv->owner, priv->to, priv->index);
      break;
    case TSR_LEVEL_EDIT_RENAME:
      priv->levels->set_name (priv->owner, priv->index, priv->old_name);
      break;
    }
}

static gboolean
tsr_level_list_command_merge (TsrCommand *command,
                              TsrCommand *next_command)
{
  TsrLevelListCommandPrivate *priv = tsr_level_list_command_get_instance_private (TSR_LEVEL_LIST_COMMAND (command));
  TsrLevelListCommandPrivate *next;

  /* Typing a name is one step. */
  if (G_OBJECT_TYPE (next_command) != G_OBJECT_TYPE (command))
    return FALSE;
  next = tsr_level_list_command_get_instance_private (TSR_LEVEL_LIST_COMMAND (next_command));
  if (priv->edit != TSR_LEVEL_EDIT_RENAME || next->edit != TSR_LEVEL_EDIT_RENAME
      || priv->owner != next->owner || priv->index != next->index)
    return FALSE;
  memcpy (priv->new_name, next->new_name, priv->levels->name_size);
  return TRUE;
}

static void
tsr_level_list_command_finalize (GObject *object)
{
  TsrLevelListCommandPrivate *priv = tsr_level_list_command_get_instance_private (TSR_LEVEL_LIST_COMMAND (object));

  /* A level out of the list belongs to this command. */
  if (priv->level != NULL)
    priv->levels->free_level (priv->owner, priv->level);
  g_free (priv->old_name);
  g_free (priv->new_name);
  G_OBJECT_CLASS (tsr_level_list_command_parent_class)->finalize (object);
}

static void
tsr_level_list_command_class_init (TsrLevelListCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_level_list_command_finalize;
  command_class->redo = tsr_level_list_command_redo;
  command_class->undo = tsr_level_list_command_undo;
  command_class->merge = tsr_level_list_command_merge;
}

static void
tsr_level_list_command_init (TsrLevelListCommand *self)
{
}

TsrCommand *
tsr_level_list_command_setup (TsrLevelListCommand *self,
                              const TsrLevels     *levels,
                              gpointer             owner,
                              TsrLevelEdit         edit,
                              guint                index,
                              guint                to,
                              gpointer             level,
                              gconstpointer        old_name,
                              gconstpointer        new_name)
{
  TsrLevelListCommandPrivate *priv = tsr_level_list_command_get_instance_private (self);

  priv->levels = levels;
  priv->owner = owner;
  priv->edit = edit;
  priv->index = index;
  priv->to = to;
  priv->level = level;
  if (old_name != NULL)
    priv->old_name = g_memdup2 (old_name, levels->name_size);
  if (new_name != NULL)
    priv->new_name = g_memdup2 (new_name, levels->name_size);
  return TSR_COMMAND (self);
}

gpointer
tsr_level_list_command_get_owner (TsrLevelListCommand *self)
{
  return ((TsrLevelListCommandPrivate *) tsr_level_list_command_get_instance_private (self))->owner;
}

TsrLevelEdit
tsr_level_list_command_get_edit (TsrLevelListCommand *self)
{
  return ((TsrLevelListCommandPrivate *) tsr_level_list_command_get_instance_private (self))->edit;
}

guint
tsr_level_list_command_get_index (TsrLevelListCommand *self)
{
  return ((TsrLevelListCommandPrivate *) tsr_level_list_command_get_instance_private (self))->index;
}

guint
tsr_level_list_command_get_to (TsrLevelListCommand *self)
{
  return ((TsrLevelListCommandPrivate *) tsr_level_list_command_get_instance_private (self))->to;
}

gint
tsr_level_list_command_level_after (TsrLevelListCommand *self,
                                    gint                 i)
{
  TsrLevelListCommandPrivate *priv = tsr_level_list_command_get_instance_private (self);
  gint index = (gint) priv->index, to = (gint) priv->to;

  switch (priv->edit)
    {
    case TSR_LEVEL_EDIT_INSERT:
      return i >= index ? i + 1 : i;
    case TSR_LEVEL_EDIT_REMOVE:
      return i > index ? i - 1 : i;
    case TSR_LEVEL_EDIT_MOVE:
      if (i == index)
        return to;
      if (index < i && i <= to)
        return i - 1;
      if (to <= i && i < index)
        return i + 1;
      return i;
    case TSR_LEVEL_EDIT_RENAME:
    default:
      return i;
    }
}

gboolean
tsr_level_list_check_remove (guint    n_levels,
                             GError **error)
{
  if (n_levels > 1)
    return TRUE;
  g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("the only level of a file cannot be deleted"));
  return FALSE;
}

gboolean
tsr_level_list_check_move (guint    from,
                           guint    to,
                           GError **error)
{
  if (from != to)
    return TRUE;
  g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("level %u is already at %u"), from, to);
  return FALSE;
}
