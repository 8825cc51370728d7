/* tsr-marathon-level-command.c: level-list commands. One class: inserting a level and taking one
 * out are each other's undo, so add/duplicate (insert) and delete (remove) share the code. */
#include "model/marathon/tsr-marathon-level-command.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "model/marathon/tsr-marathon-document-private.h"

typedef enum {
  LEVEL_INSERT,
  LEVEL_REMOVE,
  LEVEL_MOVE,
  LEVEL_RENAME,
} LevelEdit;

typedef struct {
  gboolean           has_info;
  gsize              size;
  TsrMarathonMapInfo info;
} LevelInfo;

/* A level's terminals before its teleports were renumbered. */
typedef struct {
  TsrMarathonLevel *level;
  GPtrArray        *terminals;
} TeleportBackup;

struct _TsrMarathonLevelCommand {
  TsrCommand            parent_instance;
  /* Not a reference: the document owns the undo stack that owns this command. */
  TsrMarathonDocument  *document;
  LevelEdit             edit;
  guint                 index;
  guint                 to;
  TsrMarathonLevelSlot *slot;      /* INSERT, REMOVE: the level while it is out of the list */
  LevelInfo             old_info;  /* RENAME */
  LevelInfo             new_info;
  GArray               *teleports; /* TeleportBackup of the last redo */
};

G_DEFINE_FINAL_TYPE (TsrMarathonLevelCommand, tsr_marathon_level_command, TSR_TYPE_COMMAND)

static void
teleport_backup_clear (gpointer data)
{
  TeleportBackup *backup = data;

  g_clear_pointer (&backup->terminals, g_ptr_array_unref);
}

/* Where level I (before the edit) is after it. */
static gint
level_after (TsrMarathonLevelCommand *self,
             gint                     i)
{
  gint index = (gint) self->index, to = (gint) self->to;

  switch (self->edit)
    {
    case LEVEL_INSERT:
      return i >= index ? i + 1 : i;
    case LEVEL_REMOVE:
      return i > index ? i - 1 : i;
    case LEVEL_MOVE:
      if (i == index)
        return to;
      if (index < i && i <= to)
        return i - 1;
      if (to <= i && i < index)
        return i + 1;
      return i;
    case LEVEL_RENAME:
    default:
      return i;
    }
}

/* A teleport follows its level when it names one of the file's levels before the edit. */
static gboolean
follows_level (TsrMarathonLevelCommand        *self,
               const TsrMarathonTerminalGroup *group,
               guint                           n_levels_before)
{
  return group->type == TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT && group->permutation >= 0
         && (guint) group->permutation < n_levels_before
         && level_after (self, group->permutation) != group->permutation;
}

static gboolean
terminals_need_renumbering (TsrMarathonLevelCommand *self,
                            const GPtrArray         *terminals,
                            guint                    n_levels_before)
{
  for (guint t = 0; terminals != NULL && t < terminals->len; t++)
    {
      const TsrMarathonTerminal *terminal = g_ptr_array_index (terminals, t);

      for (guint g = 0; g < terminal->groups->len; g++)
        {
          const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);

          if (follows_level (self, group, n_levels_before))
            return TRUE;
        }
    }
  return FALSE;
}

/* After the edit: teleports to other levels name the same levels as before, in each level whose
 * terminals are not open as text. The terminals replaced are kept for undo. */
static void
renumber_teleports (TsrMarathonLevelCommand *self,
                    guint                    n_levels_before)
{
  g_array_set_size (self->teleports, 0);
  /* A one-level file is one level of a scenario assembled elsewhere: its numbers are not ours. */
  if (self->edit == LEVEL_RENAME || n_levels_before < 2)
    return;
  for (guint l = 0; l < tsr_marathon_document_get_n_levels (self->document); l++)
    {
      TsrMarathonLevel *level = g_ptr_array_index (tsr_marathon_document_get_scenario (self->document)->map->levels, l);
      TeleportBackup backup;
      GPtrArray *renumbered;

      if (tsr_marathon_document_has_script (self->document, l) || !terminals_need_renumbering (self, level->terminals, n_levels_before))
        continue;
      renumbered = tsr_marathon_terminals_copy (level->terminals);
      for (guint t = 0; t < renumbered->len; t++)
        {
          TsrMarathonTerminal *terminal = g_ptr_array_index (renumbered, t);

          for (guint g = 0; g < terminal->groups->len; g++)
            {
              TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);

              if (follows_level (self, group, n_levels_before))
                group->permutation = (gint16) level_after (self, group->permutation);
            }
        }
      backup.level = level;
      backup.terminals = level->terminals;
      level->terminals = renumbered;
      g_array_append_val (self->teleports, backup);
    }
}

static void
restore_teleports (TsrMarathonLevelCommand *self)
{
  for (guint i = 0; i < self->teleports->len; i++)
    {
      TeleportBackup *backup = &g_array_index (self->teleports, TeleportBackup, i);

      g_clear_pointer (&backup->level->terminals, g_ptr_array_unref);
      backup->level->terminals = g_steal_pointer (&backup->terminals);
    }
  g_array_set_size (self->teleports, 0);
}

static void
insert (TsrMarathonLevelCommand *self)
{
  tsr_marathon_document_insert_level (self->document, self->index, g_steal_pointer (&self->slot));
}

static void
take (TsrMarathonLevelCommand *self)
{
  g_warn_if_fail (self->slot == NULL);
  self->slot = tsr_marathon_document_take_level (self->document, self->index);
}

static void
tsr_marathon_level_command_redo (TsrCommand *command)
{
  TsrMarathonLevelCommand *self = TSR_MARATHON_LEVEL_COMMAND (command);
  guint n_levels = tsr_marathon_document_get_n_levels (self->document);

  switch (self->edit)
    {
    case LEVEL_INSERT:
      insert (self);
      break;
    case LEVEL_REMOVE:
      take (self);
      break;
    case LEVEL_MOVE:
      tsr_marathon_document_move_level (self->document, self->index, self->to);
      break;
    case LEVEL_RENAME:
      tsr_marathon_document_store_level_info (self->document, self->index, self->new_info.has_info,
                                              self->new_info.size, &self->new_info.info);
      break;
    }
  renumber_teleports (self, n_levels);
}

static void
tsr_marathon_level_command_undo (TsrCommand *command)
{
  TsrMarathonLevelCommand *self = TSR_MARATHON_LEVEL_COMMAND (command);

  restore_teleports (self);
  switch (self->edit)
    {
    case LEVEL_INSERT:
      take (self);
      break;
    case LEVEL_REMOVE:
      insert (self);
      break;
    case LEVEL_MOVE:
      tsr_marathon_document_move_level (self->document, self->to, self->index);
      break;
    case LEVEL_RENAME:
      tsr_marathon_document_store_level_info (self->document, self->index, self->old_info.has_info,
                                              self->old_info.size, &self->old_info.info);
      break;
    }
}

static gboolean
tsr_marathon_level_command_merge (TsrCommand *command,
                                  TsrCommand *next_command)
{
  TsrMarathonLevelCommand *self = TSR_MARATHON_LEVEL_COMMAND (command);
  TsrMarathonLevelCommand *next;

  if (!TSR_IS_MARATHON_LEVEL_COMMAND (next_command))
    return FALSE;
  next = TSR_MARATHON_LEVEL_COMMAND (next_command);
  /* Typing a name is one step. */
  if (self->edit != LEVEL_RENAME || next->edit != LEVEL_RENAME
      || self->document != next->document || self->index != next->index)
    return FALSE;
  self->new_info = next->new_info;
  return TRUE;
}

static void
tsr_marathon_level_command_finalize (GObject *object)
{
  TsrMarathonLevelCommand *self = TSR_MARATHON_LEVEL_COMMAND (object);

  /* A level out of the list belongs to this command. */
  tsr_marathon_level_slot_free (self->document, self->slot);
  g_array_unref (self->teleports);
  G_OBJECT_CLASS (tsr_marathon_level_command_parent_class)->finalize (object);
}

static void
tsr_marathon_level_command_class_init (TsrMarathonLevelCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  object_class->finalize = tsr_marathon_level_command_finalize;
  command_class->redo = tsr_marathon_level_command_redo;
  command_class->undo = tsr_marathon_level_command_undo;
  command_class->merge = tsr_marathon_level_command_merge;
}

static void
tsr_marathon_level_command_init (TsrMarathonLevelCommand *self)
{
  self->teleports = g_array_new (FALSE, TRUE, sizeof (TeleportBackup));
  g_array_set_clear_func (self->teleports, teleport_backup_clear);
}

static TsrMarathonLevelCommand *
command_new (TsrMarathonDocument *document,
             LevelEdit            edit,
             guint                index,
             const char          *description)
{
  TsrMarathonLevelCommand *self = g_object_new (TSR_TYPE_MARATHON_LEVEL_COMMAND, "description", description, NULL);

  self->document = document;
  self->edit = edit;
  self->index = index;
  return self;
}

static gboolean
check_index (TsrMarathonDocument *document,
             guint                index,
             GError             **error)
{
  guint n = tsr_marathon_document_get_n_levels (document);

  if (index >= n)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("level %u: the file holds %u levels"), index, n);
      return FALSE;
    }
  return TRUE;
}

/* NAME in Mac Roman, NUL-padded into NAME_OUT (the Minf's 66 bytes). */
static gboolean
encode_name (const char *name,
             guint8     *name_out,
             GError    **error)
{
  glong bad = 0;
  g_autoptr(GBytes) roman = tsr_utf8_to_mac_roman (name, strlen (name), &bad);
  gsize size;

  if (roman == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("level name: character %ld cannot be written in Mac Roman"), bad + 1);
      return FALSE;
    }
  size = g_bytes_get_size (roman);
  if (size > TSR_MARATHON_LEVEL_NAME_MAX)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("level name: at most %d bytes of Mac Roman expected, found %zu"),
                   TSR_MARATHON_LEVEL_NAME_MAX, size);
      return FALSE;
    }
  memset (name_out, 0, TSR_MARATHON_LEVEL_NAME_MAX + 1);
  memcpy (name_out, g_bytes_get_data (roman, NULL), size);
  return TRUE;
}

/* ---- builders ----------------------------------------------------------------------------- */

TsrCommand *
tsr_marathon_command_add_level (TsrMarathonDocument *document,
                                guint                index,
                                const char          *name,
                                GError             **error)
{
  TsrMarathonScenario *scenario;
  TsrMarathonLevelCommand *self;
  guint8 roman[TSR_MARATHON_LEVEL_NAME_MAX + 1];
  TsrMarathonLevel *level;

  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (document), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!encode_name (name, roman, error))
    return NULL;
  scenario = tsr_marathon_document_get_scenario (document);
  if (scenario->map->levels->len >= G_MAXINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("the file already holds %u levels"),
                   scenario->map->levels->len);
      return NULL;
    }
  index = MIN (index, scenario->map->levels->len);
  level = tsr_marathon_level_new ((int) index, scenario->map->wad->data_version, "");
  memcpy (level->info.level_name, roman, sizeof roman);
  self = command_new (document, LEVEL_INSERT, index, _("Add Level"));
  self->slot = tsr_marathon_level_slot_new (level);
  return TSR_COMMAND (self);
}

TsrCommand *
tsr_marathon_command_duplicate_level (TsrMarathonDocument *document,
                                      guint                index,
                                      const char          *name,
                                      GError             **error)
{
  TsrMarathonLevelCommand *self;
  TsrMarathonLevel *source, *level;
  g_autofree char *copy_name = NULL;
  guint8 roman[TSR_MARATHON_LEVEL_NAME_MAX + 1];

  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (document), NULL);

  if (!check_index (document, index, error))
    return NULL;
  source = g_ptr_array_index (tsr_marathon_document_get_scenario (document)->map->levels, index);
  if (name == NULL)
    {
      g_autofree char *source_name = tsr_marathon_level_name (source);

      copy_name = g_strdup_printf ("%s copy", source_name);
      if (!encode_name (copy_name, roman, NULL))
        g_strlcpy (copy_name, source_name, strlen (source_name) + 1);
      name = copy_name;
    }
  if (!encode_name (name, roman, error))
    return NULL;
  level = tsr_marathon_level_duplicate (source, error);
  if (level == NULL)
    return NULL;
  if (level->has_info)
    memcpy (level->info.level_name, roman, sizeof roman);
  self = command_new (document, LEVEL_INSERT, index + 1, _("Duplicate Level"));
  self->slot = tsr_marathon_level_slot_new (level);
  return TSR_COMMAND (self);
}

TsrCommand *
tsr_marathon_command_delete_level (TsrMarathonDocument *document,
                                   guint                index,
                                   GError             **error)
{
  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (document), NULL);

  if (!check_index (document, index, error))
    return NULL;
  if (tsr_marathon_document_get_n_levels (document) == 1)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("the only level of a file cannot be deleted"));
      return NULL;
    }
  return TSR_COMMAND (command_new (document, LEVEL_REMOVE, index, _("Delete Level")));
}

TsrCommand *
tsr_marathon_command_move_level (TsrMarathonDocument *document,
                                 guint                from,
                                 guint                to,
                                 GError             **error)
{
  TsrMarathonLevelCommand *self;

  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (document), NULL);

  if (!check_index (document, from, error) || !check_index (document, to, error))
    return NULL;
  if (from == to)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("level %u is already at %u"), from, to);
      return NULL;
    }
  self = command_new (document, LEVEL_MOVE, from, _("Move Level"));
  self->to = to;
  return TSR_COMMAND (self);
}

TsrCommand *
tsr_marathon_command_rename_level (TsrMarathonDocument *document,
                                   guint                index,
                                   const char          *name,
                                   GError             **error)
{
  TsrMarathonLevelCommand *self;
  TsrMarathonLevel *level;
  guint8 roman[TSR_MARATHON_LEVEL_NAME_MAX + 1];

  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (document), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!check_index (document, index, error) || !encode_name (name, roman, error))
    return NULL;
  level = g_ptr_array_index (tsr_marathon_document_get_scenario (document)->map->levels, index);
  self = command_new (document, LEVEL_RENAME, index, _("Rename Level"));
  self->old_info = (LevelInfo) { level->has_info, level->info_size, level->info };
  self->new_info = self->old_info;
  if (!level->has_info)
    {
      /* A level without a Minf gets a plain one (what a new level has). */
      memset (&self->new_info.info, 0, sizeof self->new_info.info);
      self->new_info.info.physics_model = 1;
      self->new_info.info.entry_point_flags = 0x01;
      self->new_info.has_info = TRUE;
      self->new_info.size = 88;
    }
  memcpy (self->new_info.info.level_name, roman, sizeof roman);
  return TSR_COMMAND (self);
}

/* ---- one-call forms ----------------------------------------------------------------------- */

gboolean
tsr_marathon_document_add_level (TsrMarathonDocument *document,
                                 guint                index,
                                 const char          *name,
                                 GError             **error)
{
  return tsr_document_execute_take (TSR_DOCUMENT (document), tsr_marathon_command_add_level (document, index, name, error));
}

gboolean
tsr_marathon_document_duplicate_level (TsrMarathonDocument *document,
                                       guint                index,
                                       GError             **error)
{
  return tsr_document_execute_take (TSR_DOCUMENT (document), tsr_marathon_command_duplicate_level (document, index, NULL, error));
}

gboolean
tsr_marathon_document_delete_level (TsrMarathonDocument *document,
                                    guint                index,
                                    GError             **error)
{
  return tsr_document_execute_take (TSR_DOCUMENT (document), tsr_marathon_command_delete_level (document, index, error));
}

gboolean
tsr_marathon_document_move_level_to (TsrMarathonDocument *document,
                                     guint                from,
                                     guint                to,
                                     GError             **error)
{
  return tsr_document_execute_take (TSR_DOCUMENT (document), tsr_marathon_command_move_level (document, from, to, error));
}

gboolean
tsr_marathon_document_rename_level (TsrMarathonDocument *document,
                                    guint                index,
                                    const char          *name,
                                    GError             **error)
{
  return tsr_document_execute_take (TSR_DOCUMENT (document), tsr_marathon_command_rename_level (document, index, name, error));
}
