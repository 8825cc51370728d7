/* tsr-wolf3d-commands.c: level-list commands. One class: inserting a level and removing one are
 * each other's undo, so add/duplicate (insert) and delete (remove) share the code. */
#include "model/wolf3d/tsr-wolf3d-commands.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "model/wolf3d/tsr-wolf3d-document-private.h"

struct _TsrWolfLevelCommand {
  TsrLevelListCommand parent_instance;
};

G_DEFINE_FINAL_TYPE (TsrWolfLevelCommand, tsr_wolf_level_command, TSR_TYPE_LEVEL_LIST_COMMAND)

static void
tsr_wolf_level_command_class_init (TsrWolfLevelCommandClass *klass)
{
}

static void
tsr_wolf_level_command_init (TsrWolfLevelCommand *self)
{
}

/* ---- the set's level list for the shared command ------------------------------------------ */

static guint
levels_n_levels (gpointer owner)
{
  return tsr_wolf_document_get_n_levels (owner);
}

static void
levels_insert (gpointer owner,
               guint    index,
               gpointer level)
{
  /* The list holds its own reference to the level's map. */
  tsr_wolf_document_insert_level (owner, index, level);
  g_object_unref (level);
}

static gpointer
levels_take (gpointer owner,
             guint    index)
{
  return tsr_wolf_document_remove_level (owner, index);
}

static void
levels_free (gpointer owner,
             gpointer level)
{
  /* A level out of the set belongs to its map, which goes when its last holder lets go. */
  g_object_unref (level);
}

static void
levels_move (gpointer owner,
             guint    from,
             guint    to)
{
  tsr_wolf_document_move_level (owner, from, to);
}

static void
levels_set_name (gpointer      owner,
                 guint         index,
                 gconstpointer name)
{
  tsr_wolf_document_set_level_name_raw (owner, index, name);
}

static const TsrLevels wolf_levels = {
  levels_n_levels, levels_insert, levels_take, levels_free, levels_move, levels_set_name,
  TSR_WOLF3D_LEVEL_NAME_MAX,
};

static TsrCommand *
command_new (TsrWolfDocument *document,
             TsrLevelEdit     edit,
             guint            index,
             guint            to,
             TsrWolf3dLevel  *level,
             gconstpointer    old_name,
             gconstpointer    new_name,
             const char      *description)
{
  TsrLevelListCommand *self = g_object_new (TSR_TYPE_WOLF_LEVEL_COMMAND, "description", description, NULL);

  return tsr_level_list_command_setup (self, &wolf_levels, document, edit, index, to,
                                       level != NULL ? tsr_wolf_level_map_new (document, level) : NULL,
                                       old_name, new_name);
}

/* ---- checks ------------------------------------------------------------------------------- */

static gboolean
check_maps (TsrWolfDocument *document,
            GError         **error)
{
  if (tsr_wolf_document_get_maps (document) == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s: the set has no MAPHEAD and GAMEMAPS, so it holds no levels"),
                   tsr_document_get_display_name (TSR_DOCUMENT (document)));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_index (TsrWolfDocument *document,
             guint            index,
             GError         **error)
{
  guint n;

  if (!check_maps (document, error))
    return FALSE;
  n = tsr_wolf_document_get_n_levels (document);
  if (index >= n)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("no level %u: the set has %u levels"), index, n);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_room (TsrWolfDocument *document,
            GError         **error)
{
  if (!check_maps (document, error))
    return FALSE;
  if (tsr_wolf_document_get_n_levels (document) >= TSR_WOLF3D_MAX_LEVELS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("MAPHEAD holds at most %d levels"),
                   TSR_WOLF3D_MAX_LEVELS);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_name (const char *name,
            GError    **error)
{
  if (strlen (name) > TSR_WOLF3D_LEVEL_NAME_MAX)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("level name '%s' is longer than %d bytes"),
                   name, TSR_WOLF3D_LEVEL_NAME_MAX);
      return FALSE;
    }
  return TRUE;
}

/* ---- builders ----------------------------------------------------------------------------- */

/* Plane 0 of a room level: grey stone walls round the edge, the first area code inside; plane 1:
 * the player's start, facing north, in the middle. */
#define ROOM_WALL         1
#define ROOM_AREA         108
#define ROOM_PLAYER_NORTH 19

/* Inserting a new 64 × 64 level: a walled room with the player's start. */
TsrCommand *
tsr_wolf_command_add_level (TsrWolfDocument *document,
                            guint            index,
                            const char      *name,
                            GError         **error)
{
  TsrWolf3dLevel *level;
  guint size = TSR_WOLF_NEW_LEVEL_SIZE;

  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (document), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!check_room (document, error) || !check_name (name, error))
    return NULL;
  index = MIN (index, tsr_wolf_document_get_n_levels (document));
  level = tsr_wolf3d_level_new (name, (guint16) size, (guint16) size);
  for (guint y = 0; y < size; y++)
    for (guint x = 0; x < size; x++)
      level->planes[0][y * size + x] = x == 0 || y == 0 || x == size - 1 || y == size - 1 ? ROOM_WALL : ROOM_AREA;
  level->planes[1][(size / 2) * size + size / 2] = ROOM_PLAYER_NORTH;
  return command_new (document, TSR_LEVEL_EDIT_INSERT, index, 0, level, NULL, NULL, _("Add Level"));
}

static TsrWolf3dLevel *
level_copy (const TsrWolf3dLevel *source,
            const char           *name)
{
  TsrWolf3dLevel *level = tsr_wolf3d_level_new (name, source->width, source->height);
  gsize words = (gsize) source->width * source->height;

  for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
    {
      memcpy (level->planes[p], source->planes[p], words * sizeof (guint16));
      /* The same planes compress to the same chunk: keep it, so the copy saves as stored. */
      level->chunks[p] = source->chunks[p] != NULL ? g_bytes_ref (source->chunks[p]) : NULL;
      level->plane_offsets[p] = source->plane_offsets[p];
      level->plane_lengths[p] = source->plane_lengths[p];
    }
  if (source->trailer != NULL)
    {
      g_clear_pointer (&level->trailer, g_bytes_unref);
      level->trailer = g_bytes_ref (source->trailer);
    }
  return level;
}

TsrCommand *
tsr_wolf_command_duplicate_level (TsrWolfDocument *document,
                                  guint            index,
                                  const char      *name,
                                  GError         **error)
{
  TsrWolfLevelMap *source;
  g_autofree char *copy_name = NULL;
  TsrWolf3dLevel *level;

  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (document), NULL);

  if (!check_index (document, index, error) || !check_room (document, error))
    return NULL;
  source = tsr_wolf_document_get_level_map (document, index);
  if (source->level == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("slot %u of MAPHEAD is empty: nothing to duplicate"), index);
      return NULL;
    }
  if (name == NULL)
    {
      copy_name = g_strdup_printf ("%s copy", source->level->name);
      if (strlen (copy_name) > TSR_WOLF3D_LEVEL_NAME_MAX)
        g_strlcpy (copy_name, source->level->name, TSR_WOLF3D_LEVEL_NAME_MAX + 1);
      name = copy_name;
    }
  if (!check_name (name, error))
    return NULL;

  level = level_copy (source->level, name);
  tsr_wolf_document_remember_pristine (document, level);
  return command_new (document, TSR_LEVEL_EDIT_INSERT, index + 1, 0, level, NULL, NULL, _("Duplicate Level"));
}

TsrCommand *
tsr_wolf_command_delete_level (TsrWolfDocument *document,
                               guint            index,
                               GError         **error)
{
  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (document), NULL);

  if (!check_index (document, index, error) || !tsr_level_list_check_remove (tsr_wolf_document_get_n_levels (document), error))
    return NULL;
  return command_new (document, TSR_LEVEL_EDIT_REMOVE, index, 0, NULL, NULL, NULL, _("Delete Level"));
}

TsrCommand *
tsr_wolf_command_move_level (TsrWolfDocument *document,
                             guint            from,
                             guint            to,
                             GError         **error)
{
  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (document), NULL);

  if (!check_index (document, from, error) || !check_index (document, to, error)
      || !tsr_level_list_check_move (from, to, error))
    return NULL;
  return command_new (document, TSR_LEVEL_EDIT_MOVE, from, to, NULL, NULL, NULL, _("Move Level"));
}

TsrCommand *
tsr_wolf_command_rename_level (TsrWolfDocument *document,
                               guint            index,
                               const char      *name,
                               GError         **error)
{
  TsrWolfLevelMap *map;
  guint8 new_name[TSR_WOLF3D_LEVEL_NAME_MAX] = { 0 };

  g_return_val_if_fail (TSR_IS_WOLF_DOCUMENT (document), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!check_index (document, index, error) || !check_name (name, error))
    return NULL;
  map = tsr_wolf_document_get_level_map (document, index);
  if (map->level == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("slot %u of MAPHEAD is empty: it has no name"), index);
      return NULL;
    }
  memcpy (new_name, name, strlen (name));
  return command_new (document, TSR_LEVEL_EDIT_RENAME, index, 0, NULL, map->level->name_raw, new_name, _("Rename Level"));
}

/* ---- one-call forms ----------------------------------------------------------------------- */

gboolean
tsr_wolf_document_add_level (TsrWolfDocument *document,
                             guint            index,
                             const char      *name,
                             GError         **error)
{
  return tsr_document_execute_take (TSR_DOCUMENT (document), tsr_wolf_command_add_level (document, index, name, error));
}

gboolean
tsr_wolf_document_duplicate_level (TsrWolfDocument *document,
                                   guint            index,
                                   GError         **error)
{
  return tsr_document_execute_take (TSR_DOCUMENT (document), tsr_wolf_command_duplicate_level (document, index, NULL, error));
}

gboolean
tsr_wolf_document_delete_level (TsrWolfDocument *document,
                                guint            index,
                                GError         **error)
{
  return tsr_document_execute_take (TSR_DOCUMENT (document), tsr_wolf_command_delete_level (document, index, error));
}

gboolean
tsr_wolf_document_move_level_to (TsrWolfDocument *document,
                                 guint            from,
                                 guint            to,
                                 GError         **error)
{
  return tsr_document_execute_take (TSR_DOCUMENT (document), tsr_wolf_command_move_level (document, from, to, error));
}

gboolean
tsr_wolf_document_rename_level (TsrWolfDocument *document,
                                guint            index,
                                const char      *name,
                                GError         **error)
{
  return tsr_document_execute_take (TSR_DOCUMENT (document), tsr_wolf_command_rename_level (document, index, name, error));
}
