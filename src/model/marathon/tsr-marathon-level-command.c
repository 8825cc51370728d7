/* tsr-marathon-level-command.c: level-list commands: the shared level-list command
 * (tsr-level-list-command.h) over the scenario's levels, with the teleports that follow them. */
#include "model/marathon/tsr-marathon-level-command.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "model/marathon/tsr-marathon-document-private.h"

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
  TsrLevelListCommand parent_instance;
  GArray             *teleports; /* TeleportBackup of the last redo */
};

G_DEFINE_FINAL_TYPE (TsrMarathonLevelCommand, tsr_marathon_level_command, TSR_TYPE_LEVEL_LIST_COMMAND)

static void
teleport_backup_clear (gpointer data)
{
  TeleportBackup *backup = data;

  g_clear_pointer (&backup->terminals, g_ptr_array_unref);
}

static gint
level_after (TsrMarathonLevelCommand *self,
             gint                     i)
{
  return tsr_level_list_command_level_after (TSR_LEVEL_LIST_COMMAND (self), i);
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
renumber_teleports (TsrLevelListCommand *command,
                    guint                n_levels_before)
{
  TsrMarathonLevelCommand *self = TSR_MARATHON_LEVEL_COMMAND (command);
  TsrMarathonDocument *document = tsr_level_list_command_get_owner (command);

  g_array_set_size (self->teleports, 0);
  /* A one-level file is one level of a scenario assembled elsewhere: its numbers are not ours. */
  if (tsr_level_list_command_get_edit (command) == TSR_LEVEL_EDIT_RENAME || n_levels_before < 2)
    return;
  /* A merge folder's teleports name its folders' numbers, written in its terminal scripts: the
   * numbers change only when Save renumbers the folders, and the scripts are the author's text. */
  if (g_strcmp0 (tsr_document_get_format_id (TSR_DOCUMENT (document)), "marathon-merge-folder") == 0)
    return;
  for (guint l = 0; l < tsr_marathon_document_get_n_levels (document); l++)
    {
      TsrMarathonLevel *level = g_ptr_array_index (tsr_marathon_document_get_scenario (document)->map->levels, l);
      TeleportBackup backup;
      GPtrArray *renumbered;

      if (tsr_marathon_document_has_script (document, l) || !terminals_need_renumbering (self, level->terminals, n_levels_before))
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
restore_teleports (TsrLevelListCommand *command)
{
  TsrMarathonLevelCommand *self = TSR_MARATHON_LEVEL_COMMAND (command);

  for (guint i = 0; i < self->teleports->len; i++)
    {
      TeleportBackup *backup = &g_array_index (self->teleports, TeleportBackup, i);

      g_clear_pointer (&backup->level->terminals, g_ptr_array_unref);
      backup->level->terminals = g_steal_pointer (&backup->terminals);
    }
  g_array_set_size (self->teleports, 0);
}

static void
tsr_marathon_level_command_finalize (GObject *object)
{
  g_array_unref (TSR_MARATHON_LEVEL_COMMAND (object)->teleports);
  G_OBJECT_CLASS (tsr_marathon_level_command_parent_class)->finalize (object);
}

static void
tsr_marathon_level_command_class_init (TsrMarathonLevelCommandClass *klass)
{
  TsrLevelListCommandClass *list_class = TSR_LEVEL_LIST_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_marathon_level_command_finalize;
  list_class->after_redo = renumber_teleports;
  list_class->before_undo = restore_teleports;
}

static void
tsr_marathon_level_command_init (TsrMarathonLevelCommand *self)
{
  self->teleports = g_array_new (FALSE, TRUE, sizeof (TeleportBackup));
  g_array_set_clear_func (self->teleports, teleport_backup_clear);
}

/* ---- the scenario's level list for the shared command --------------------------------------- */

static guint
levels_n_levels (gpointer owner)
{
  return tsr_marathon_document_get_n_levels (owner);
}

static void
levels_insert (gpointer owner,
               guint    index,
               gpointer level)
{
  tsr_marathon_document_insert_level (owner, index, level);
}

static gpointer
levels_take (gpointer owner,
             guint    index)
{
  return tsr_marathon_document_take_level (owner, index);
}

static void
levels_free (gpointer owner,
             gpointer level)
{
  tsr_marathon_level_slot_free (owner, level);
}

static void
levels_move (gpointer owner,
             guint    from,
             guint    to)
{
  tsr_marathon_document_move_level (owner, from, to);
}

static void
levels_set_name (gpointer      owner,
                 guint         index,
                 gconstpointer name)
{
  const LevelInfo *info = name;

  tsr_marathon_document_store_level_info (owner, index, info->has_info, info->size, &info->info);
}

/* A level's "name" for the shared command is its whole Minf, which holds it. */
static const TsrLevels marathon_levels = {
  levels_n_levels, levels_insert, levels_take, levels_free, levels_move, levels_set_name,
  sizeof (LevelInfo),
};

static TsrCommand *
command_new (TsrMarathonDocument *document,
             TsrLevelEdit         edit,
             guint                index,
             guint                to,
             TsrMarathonLevel    *level,
             const LevelInfo     *old_info,
             const LevelInfo     *new_info,
             const char          *description)
{
  TsrLevelListCommand *self = g_object_new (TSR_TYPE_MARATHON_LEVEL_COMMAND, "description", description, NULL);

  return tsr_level_list_command_setup (self, &marathon_levels, document, edit, index, to,
                                       level != NULL ? tsr_marathon_level_slot_new (level) : NULL,
                                       old_info, new_info);
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
  return command_new (document, TSR_LEVEL_EDIT_INSERT, index, 0, level, NULL, NULL, _("Add Level"));
}

TsrCommand *
tsr_marathon_command_duplicate_level (TsrMarathonDocument *document,
                                      guint                index,
                                      const char          *name,
                                      GError             **error)
{
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
  return command_new (document, TSR_LEVEL_EDIT_INSERT, index + 1, 0, level, NULL, NULL, _("Duplicate Level"));
}

TsrCommand *
tsr_marathon_command_delete_level (TsrMarathonDocument *document,
                                   guint                index,
                                   GError             **error)
{
  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (document), NULL);

  if (!check_index (document, index, error) || !tsr_level_list_check_remove (tsr_marathon_document_get_n_levels (document), error))
    return NULL;
  return command_new (document, TSR_LEVEL_EDIT_REMOVE, index, 0, NULL, NULL, NULL, _("Delete Level"));
}

TsrCommand *
tsr_marathon_command_move_level (TsrMarathonDocument *document,
                                 guint                from,
                                 guint                to,
                                 GError             **error)
{
  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (document), NULL);

  if (!check_index (document, from, error) || !check_index (document, to, error)
      || !tsr_level_list_check_move (from, to, error))
    return NULL;
  return command_new (document, TSR_LEVEL_EDIT_MOVE, from, to, NULL, NULL, NULL, _("Move Level"));
}

TsrCommand *
tsr_marathon_command_rename_level (TsrMarathonDocument *document,
                                   guint                index,
                                   const char          *name,
                                   GError             **error)
{
  TsrMarathonLevel *level;
  guint8 roman[TSR_MARATHON_LEVEL_NAME_MAX + 1];
  LevelInfo old_info, new_info;

  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (document), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!check_index (document, index, error) || !encode_name (name, roman, error))
    return NULL;
  level = g_ptr_array_index (tsr_marathon_document_get_scenario (document)->map->levels, index);
  old_info = (LevelInfo) { level->has_info, level->info_size, level->info };
  new_info = old_info;
  if (!level->has_info)
    {
      /* A level without a Minf gets a plain one (what a new level has). */
      memset (&new_info.info, 0, sizeof new_info.info);
      new_info.info.physics_model = 1;
      new_info.info.entry_point_flags = 0x01;
      new_info.has_info = TRUE;
      new_info.size = 88;
    }
  memcpy (new_info.info.level_name, roman, sizeof roman);
  return command_new (document, TSR_LEVEL_EDIT_RENAME, index, 0, NULL, &old_info, &new_info, _("Rename Level"));
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
