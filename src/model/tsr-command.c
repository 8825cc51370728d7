/* tsr-command.c: the undoable edit base class and command groups. */
#include "model/tsr-command.h"

#include <string.h>

typedef struct {
  char *description;
  char *note;  /* what else the edit changed, or NULL */
  char *shown; /* "DESCRIPTION (NOTE)" when there is a note */
} TsrCommandPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (TsrCommand, tsr_command, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DESCRIPTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tsr_command_finalize (GObject *object)
{
  TsrCommandPrivate *priv = tsr_command_get_instance_private (TSR_COMMAND (object));

  g_free (priv->description);
  g_free (priv->note);
  g_free (priv->shown);
  G_OBJECT_CLASS (tsr_command_parent_class)->finalize (object);
}

static void
tsr_command_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DESCRIPTION:
      g_value_set_string (value, tsr_command_get_description (TSR_COMMAND (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_command_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DESCRIPTION:
      tsr_command_set_description (TSR_COMMAND (object), g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
tsr_command_real_changes_content (TsrCommand *self)
{
  return TRUE;
}

static gboolean
tsr_command_real_merge (TsrCommand *self, TsrCommand *next)
{
  return FALSE;
}

static void
tsr_command_class_init (TsrCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tsr_command_finalize;
  object_class->get_property = tsr_command_get_property;
  object_class->set_property = tsr_command_set_property;
  klass->merge = tsr_command_real_merge;
  klass->changes_content = tsr_command_real_changes_content;

  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tsr_command_init (TsrCommand *self)
{
}

void
tsr_command_redo (TsrCommand *self)
{
  g_return_if_fail (TSR_IS_COMMAND (self));
  TSR_COMMAND_GET_CLASS (self)->redo (self);
}

void
tsr_command_undo (TsrCommand *self)
{
  g_return_if_fail (TSR_IS_COMMAND (self));
  TSR_COMMAND_GET_CLASS (self)->undo (self);
}

gboolean
tsr_command_changes_content (TsrCommand *self)
{
  g_return_val_if_fail (TSR_IS_COMMAND (self), TRUE);
  return TSR_COMMAND_GET_CLASS (self)->changes_content (self);
}

gboolean
tsr_command_merge (TsrCommand *self,
                   TsrCommand *next)
{
  g_return_val_if_fail (TSR_IS_COMMAND (self), FALSE);
  g_return_val_if_fail (TSR_IS_COMMAND (next), FALSE);
  return TSR_COMMAND_GET_CLASS (self)->merge (self, next);
}

const char *
tsr_command_get_description (TsrCommand *self)
{
  TsrCommandPrivate *priv = tsr_command_get_instance_private (self);

  g_return_val_if_fail (TSR_IS_COMMAND (self), NULL);
  if (priv->shown != NULL)
    return priv->shown;
  return priv->description != NULL ? priv->description : "";
}

static void
compose_shown (TsrCommandPrivate *priv)
{
  g_free (priv->shown);
  priv->shown = priv->note == NULL ? NULL
                : priv->description != NULL && priv->description[0] != '\0'
                  ? g_strdup_printf ("%s (%s)", priv->description, priv->note)
                  : g_strdup (priv->note);
}

void
tsr_command_add_note (TsrCommand *self,
                      const char *note)
{
  TsrCommandPrivate *priv = tsr_command_get_instance_private (self);
  char *joined;

  g_return_if_fail (TSR_IS_COMMAND (self));
  if (note == NULL || note[0] == '\0' || (priv->note != NULL && strstr (priv->note, note) != NULL))
    return;
  joined = priv->note != NULL ? g_strdup_printf ("%s, %s", priv->note, note) : g_strdup (note);
  g_free (priv->note);
  priv->note = joined;
  compose_shown (priv);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DESCRIPTION]);
}

const char *
tsr_command_get_note (TsrCommand *self)
{
  TsrCommandPrivate *priv = tsr_command_get_instance_private (self);

  g_return_val_if_fail (TSR_IS_COMMAND (self), NULL);
  return priv->note;
}

void
tsr_command_set_description (TsrCommand *self,
                             const char *description)
{
  TsrCommandPrivate *priv = tsr_command_get_instance_private (self);

  g_return_if_fail (TSR_IS_COMMAND (self));
  if (g_strcmp0 (priv->description, description) == 0)
    return;
  g_free (priv->description);
  priv->description = g_strdup (description);
  compose_shown (priv);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DESCRIPTION]);
}

struct _TsrCommandGroup {
  TsrCommand  parent_instance;
  GPtrArray  *commands;
};

G_DEFINE_FINAL_TYPE (TsrCommandGroup, tsr_command_group, TSR_TYPE_COMMAND)

static void
tsr_command_group_redo (TsrCommand *command)
{
  TsrCommandGroup *self = TSR_COMMAND_GROUP (command);

  for (guint i = 0; i < self->commands->len; i++)
    tsr_command_redo (g_ptr_array_index (self->commands, i));
}

static void
tsr_command_group_undo (TsrCommand *command)
{
  TsrCommandGroup *self = TSR_COMMAND_GROUP (command);

  for (guint i = self->commands->len; i > 0; i--)
    tsr_command_undo (g_ptr_array_index (self->commands, i - 1));
}

static gboolean
tsr_command_group_changes_content (TsrCommand *command)
{
  TsrCommandGroup *self = TSR_COMMAND_GROUP (command);

  for (guint i = 0; i < self->commands->len; i++)
    if (tsr_command_changes_content (g_ptr_array_index (self->commands, i)))
      return TRUE;
  return FALSE;
}

static void
tsr_command_group_finalize (GObject *object)
{
  TsrCommandGroup *self = TSR_COMMAND_GROUP (object);

  g_ptr_array_unref (self->commands);
  G_OBJECT_CLASS (tsr_command_group_parent_class)->finalize (object);
}

static void
tsr_command_group_class_init (TsrCommandGroupClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_command_group_finalize;
  TSR_COMMAND_CLASS (klass)->redo = tsr_command_group_redo;
  TSR_COMMAND_CLASS (klass)->undo = tsr_command_group_undo;
  TSR_COMMAND_CLASS (klass)->changes_content = tsr_command_group_changes_content;
}

static void
tsr_command_group_init (TsrCommandGroup *self)
{
  self->commands = g_ptr_array_new_with_free_func (g_object_unref);
}

TsrCommandGroup *
tsr_command_group_new (const char *description)
{
  return g_object_new (TSR_TYPE_COMMAND_GROUP, "description", description, NULL);
}

/* Adds an already applied COMMAND; merges it into the last one when they merge. */
void
tsr_command_group_add (TsrCommandGroup *self,
                       TsrCommand      *command)
{
  g_return_if_fail (TSR_IS_COMMAND_GROUP (self));

  /* What the command changed besides its subject shows in the group's name too. */
  tsr_command_add_note (TSR_COMMAND (self), tsr_command_get_note (command));
  if (self->commands->len > 0
      && tsr_command_merge (g_ptr_array_index (self->commands, self->commands->len - 1), command))
    return;
  g_ptr_array_add (self->commands, g_object_ref (command));
}

guint
tsr_command_group_get_size (TsrCommandGroup *self)
{
  return self->commands->len;
}
