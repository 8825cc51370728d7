/* tsr-marathon-merge-folder.c: "marathon-merge-folder". Loading merges the folder as `tessera-cli
 * marathon merge` does (tsr-marathon-merge.c) and remembers, per level, its level file and script
 * as read and which chunks came from other files of its folder (the compiled script, a physics
 * model, patches, Lua/MML). Saving rebuilds each level file from the level's own chunks over the
 * file as read (tsr_wad_serialize keeps its layout), so an untouched level gives back its bytes;
 * tsr_files_write_atomic then writes only the files whose bytes changed, all or none. */
#include "formats/marathon/tsr-marathon-merge-folder.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-merge.h"

#define TERM_TAG TSR_WAD_TAG ('t', 'e', 'r', 'm')
#define LEVEL_SELECT_NAMES "Level Select Names.txt"

typedef struct {
  const TsrMarathonLevel *level;  /* the merged level it stands for (identity only) */
  int         number;        /* its folder's level number */
  char       *folder;        /* its level folder */
  char       *level_path;
  GBytes     *level_bytes;   /* the level file as read */
  char       *script_path;   /* or NULL */
  GBytes     *script_bytes;  /* the script as read, or NULL */
  char       *script_text;   /* the editor's text for the next save, or NULL: as read */
  GHashTable *external;      /* tag -> GBytes as merged: chunks that came from other files */
} MergeLevel;

struct _TsrMarathonMergeFolder {
  TsrMarathonScenario scenario; /* first: documents read the data as a TsrMarathonScenario */
  char      *folder;
  GPtrArray *levels;        /* MergeLevel */
  GPtrArray *loaded_order;  /* the levels as on disk, borrowed (resource entries included) */
  GHashTable *resources;    /* the entries of Resources/ among the levels (no level folder) */
  GPtrArray *planned;       /* MergeLevel: what the last save writes, for saved() */
  GPtrArray *planned_changes; /* TsrFileChange of the last save, for save_changes() */
};

static void
merge_level_free (MergeLevel *level)
{
  if (level == NULL)
    return;
  g_free (level->folder);
  g_free (level->level_path);
  g_clear_pointer (&level->level_bytes, g_bytes_unref);
  g_free (level->script_path);
  g_clear_pointer (&level->script_bytes, g_bytes_unref);
  g_free (level->script_text);
  g_clear_pointer (&level->external, g_hash_table_unref);
  g_free (level);
}

static void
merge_folder_free (gpointer data)
{
  TsrMarathonMergeFolder *self = data;

  if (self == NULL)
    return;
  g_clear_pointer (&self->loaded_order, g_ptr_array_unref);
  g_clear_pointer (&self->levels, g_ptr_array_unref);
  g_clear_pointer (&self->resources, g_hash_table_unref);
  g_clear_pointer (&self->planned, g_ptr_array_unref);
  g_clear_pointer (&self->planned_changes, g_ptr_array_unref);
  tsr_marathon_map_free (self->scenario.map);
  tsr_mac_file_free (self->scenario.wrapper);
  g_free (self->folder);
  g_free (self);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonMergeFolder, merge_folder_free)

static MergeLevel *
find_level (TsrMarathonMergeFolder *self,
            const TsrMarathonLevel *level)
{
  for (guint i = 0; i < self->levels->len; i++)
    if (((MergeLevel *) self->levels->pdata[i])->level == level)
      return self->levels->pdata[i];
  return NULL;
}

static guint
merge_folder_sniff (const guint8 *data,
                    gsize         size,
                    const char   *path)
{
  return TSR_SNIFF_NO; /* a folder, never a file's bytes */
}

static guint
merge_folder_sniff_folder (const char *path)
{
  return tsr_marathon_is_merge_folder (path) ? TSR_SNIFF_CERTAIN : TSR_SNIFF_NO;
}

/* The chunks of MERGED that the level file FILE_ENTRY does not hold as they are: those merging
 * took from the folder's other files. The term chunk is the script's whenever there is one. */
static GHashTable *
external_chunks (const TsrWadEntry *merged,
                 const TsrWadEntry *file_entry,
                 gboolean           has_script)
{
  GHashTable *external = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                                (GDestroyNotify) g_bytes_unref);

  for (guint i = 0; i < merged->chunks->len; i++)
    {
      const TsrWadChunk *chunk = g_ptr_array_index (merged->chunks, i);
      const TsrWadChunk *own = tsr_wad_entry_find_chunk (file_entry, chunk->tag);

      if ((chunk->tag == TERM_TAG && has_script) || own == NULL || !g_bytes_equal (own->data, chunk->data))
        g_hash_table_insert (external, GUINT_TO_POINTER (chunk->tag), g_bytes_ref (chunk->data));
    }
  return external;
}

static gpointer
merge_folder_load (const char *path,
                   GBytes     *bytes,
                   GError    **error)
{
  g_autoptr(TsrMarathonMergeFolder) self = g_new0 (TsrMarathonMergeFolder, 1);
  g_autoptr(GPtrArray) folders = NULL;
  g_autoptr(GBytes) merged = NULL;
  g_autofree char *name = g_path_get_basename (path);
  TsrMarathonScenario *scenario;

  self->folder = g_strdup (path);
  self->levels = g_ptr_array_new_with_free_func ((GDestroyNotify) merge_level_free);
  self->resources = g_hash_table_new (g_direct_hash, g_direct_equal);
  /* A save that added, removed or renumbered level folders and was killed keeps its journal in
   * the merge folder itself: finished or undone before the level folders are read. */
  {
    g_autofree char *beside = g_build_filename (path, LEVEL_SELECT_NAMES, NULL);

    g_strfreev (tsr_file_recover_interrupted_saves (beside));
  }
  folders = tsr_marathon_merge_folder_list_levels (path, error);
  if (folders == NULL)
    return NULL;
  /* A set save of these files that a killed process left unfinished is finished or undone first
   * (its journal lies beside the first level file written). */
  for (guint i = 0; i < folders->len; i++)
    g_strfreev (tsr_file_recover_interrupted_saves (((TsrMarathonMergeLevel *) folders->pdata[i])->level_path));
  merged = tsr_marathon_merge_folder (path, name, NULL, error);
  if (merged == NULL)
    return NULL;
  scenario = tsr_marathon_scenario_load (merged, path, error);
  if (scenario == NULL)
    return NULL;
  self->scenario = *scenario;
  g_free (scenario);

  self->loaded_order = g_ptr_array_new ();
  for (guint l = 0; l < self->scenario.map->levels->len; l++)
    {
      TsrMarathonLevel *level = g_ptr_array_index (self->scenario.map->levels, l);
      const TsrMarathonMergeLevel *files = NULL;
      g_autoptr(TsrWad) wad = NULL;
      MergeLevel *kept;
      TsrWadEntry *own;

      g_ptr_array_add (self->loaded_order, level);
      for (guint i = 0; i < folders->len && files == NULL; i++)
        if (((TsrMarathonMergeLevel *) folders->pdata[i])->index == level->entry->index)
          files = folders->pdata[i];
      if (files == NULL)
        {
          g_hash_table_add (self->resources, level); /* a resource entry (Resources/), not a level folder */
          continue;
        }
      kept = g_new0 (MergeLevel, 1);
      g_ptr_array_add (self->levels, kept);
      kept->level = level;
      kept->number = files->index;
      kept->folder = g_strdup (files->folder);
      kept->level_path = g_strdup (files->level_path);
      kept->level_bytes = tsr_file_read (files->level_path, error);
      if (kept->level_bytes == NULL || (wad = tsr_wad_parse_bytes (kept->level_bytes, files->level_path, error)) == NULL)
        return NULL;
      own = tsr_wad_find_entry (wad, 0);
      if (files->script_path != NULL)
        {
          kept->script_path = g_strdup (files->script_path);
          kept->script_bytes = tsr_file_read (files->script_path, error);
          if (kept->script_bytes == NULL)
            return NULL;
          if (!g_utf8_validate_len (g_bytes_get_data (kept->script_bytes, NULL), g_bytes_get_size (kept->script_bytes), NULL))
            {
              g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: UTF-8 text expected"), files->script_path);
              return NULL;
            }
        }
      kept->external = external_chunks (level->entry, own, files->script_path != NULL);
    }
  return g_steal_pointer (&self);
}

/* LEVEL's level file with the level's own chunks as they are now, over the file as read. */
static GBytes *
level_file_bytes (const MergeLevel *kept,
                  GError          **error)
{
  const TsrWadEntry *merged = kept->level->entry;
  g_autoptr(TsrWad) wad = tsr_wad_parse_bytes (kept->level_bytes, kept->level_path, error);
  TsrWadEntry *own;
  gboolean changed = FALSE;

  if (wad == NULL)
    return NULL;
  own = tsr_wad_find_entry (wad, 0);
  /* Chunks from other files stay out; the chunks the level file had stay as they were. */
  for (guint i = 0; i < merged->chunks->len; i++)
    {
      const TsrWadChunk *chunk = g_ptr_array_index (merged->chunks, i);
      const TsrWadChunk *before = tsr_wad_entry_find_chunk (own, chunk->tag);
      GBytes *loaded = g_hash_table_lookup (kept->external, GUINT_TO_POINTER (chunk->tag));

      if (loaded != NULL)
        {
          if (chunk->tag != TERM_TAG && !g_bytes_equal (loaded, chunk->data))
            {
              g_autofree char *tag = tsr_wad_tag_to_string (chunk->tag);

              g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                           _("%s: the level’s %s chunk comes from another file of its folder, and a change to it "
                             "cannot be saved back there yet; nothing was written"),
                           kept->level_path, tag);
              return NULL;
            }
          continue;
        }
      if (before == NULL || !g_bytes_equal (before->data, chunk->data))
        {
          tsr_wad_entry_set_chunk (own, chunk->tag, chunk->data);
          changed = TRUE;
        }
    }
  for (guint i = own->chunks->len; i > 0; i--)
    {
      const TsrWadChunk *chunk = g_ptr_array_index (own->chunks, i - 1);

      if (tsr_wad_entry_find_chunk (merged, chunk->tag) == NULL
          && !g_hash_table_contains (kept->external, GUINT_TO_POINTER (chunk->tag)))
        {
          tsr_wad_entry_remove_chunk (own, chunk->tag);
          changed = TRUE;
        }
    }
  if (!changed)
    return g_bytes_ref (kept->level_bytes);
  return tsr_wad_serialize (wad, error);
}

/* The numbers the level folders get, in the list's order (resource entries left out): the most
 * levels that can keep their folder's number do (numbers rising along the list, with room for
 * the levels between them: a longest such run), the others the number after the level before
 * them, past the resources' ids (merging refuses a level number a resource also has). */
static GArray *
plan_numbers (TsrMarathonMergeFolder *self,
              GError                **error)
{
  GPtrArray *levels = self->scenario.map->levels;
  g_autoptr(GArray) old = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree guint *run = NULL;
  g_autofree int *previous = NULL;
  g_autofree gboolean *keep = NULL;
  GArray *numbers = g_array_new (FALSE, FALSE, sizeof (int));
  GHashTableIter iter;
  gpointer resource;
  int best = -1, last = -1;

  /* A resource entry is not a level folder: the editor does not delete its files. */
  g_hash_table_iter_init (&iter, self->resources);
  while (g_hash_table_iter_next (&iter, &resource, NULL))
    if (!g_ptr_array_find (levels, resource, NULL))
      {
        g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                     _("%s: entry %d of Resources/ was removed; the editor removes level folders only; nothing was written"),
                     self->folder, ((TsrMarathonLevel *) resource)->entry->index);
        g_array_unref (numbers);
        return NULL;
      }
  for (guint i = 0; i < levels->len; i++)
    if (!g_hash_table_contains (self->resources, levels->pdata[i]))
      {
        const MergeLevel *kept = find_level (self, levels->pdata[i]);
        int number = kept != NULL ? kept->number : -1;

        g_array_append_val (old, number);
      }
  run = g_new0 (guint, MAX (old->len, 1));
  previous = g_new (int, MAX (old->len, 1));
  keep = g_new0 (gboolean, MAX (old->len, 1));
  for (guint q = 0; q < old->len; q++)
    {
      int number = g_array_index (old, int, q);

      previous[q] = -1;
      if (number < 0 || number < (int) q)
        continue;
      run[q] = 1;
      for (guint p = 0; p < q; p++)
        {
          int before = g_array_index (old, int, p);

          if (run[p] > 0 && before < number && before - (int) p <= number - (int) q && run[p] + 1 > run[q])
            {
              run[q] = run[p] + 1;
              previous[q] = (int) p;
            }
        }
      if (best < 0 || run[q] > run[best])
        best = (int) q;
    }
  for (int q = best; q >= 0; q = previous[q])
    keep[q] = TRUE;
  for (guint q = 0; q < old->len; q++)
    {
      int number = keep[q] && g_array_index (old, int, q) > last ? g_array_index (old, int, q) : last + 1;

      for (gboolean taken = TRUE; taken;)
        {
          taken = FALSE;
          g_hash_table_iter_init (&iter, self->resources);
          while (g_hash_table_iter_next (&iter, &resource, NULL))
            if (((TsrMarathonLevel *) resource)->entry->index == number)
              taken = TRUE;
          if (taken)
            number++;
        }
      if (number > G_MAXINT16)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                       _("%s: level %u would be number %d; merging reads level numbers up to %d"),
                       self->folder, q, number, G_MAXINT16);
          g_array_unref (numbers);
          return NULL;
        }
      g_array_append_val (numbers, number);
      last = number;
    }
  return numbers;
}

/* KEPT's level folder with NUMBER: as it is when the number is its own, else "NN" and the name
 * that followed its number. (transfer full) */
static char *
renumbered_folder (TsrMarathonMergeFolder *self,
                   const MergeLevel       *kept,
                   int                     number)
{
  g_autofree char *name = g_path_get_basename (kept->folder);
  g_autofree char *renamed = NULL;
  const char *rest = name;
  int old;

  if (number == kept->number)
    return g_strdup (kept->folder);
  if (!tsr_marathon_merge_folder_number (name, &old, &rest))
    rest = name;
  renamed = *rest != '\0' ? g_strdup_printf ("%02d %s", number, rest) : g_strdup_printf ("%02d", number);
  return g_build_filename (self->folder, renamed, NULL);
}

/* PATH, a file of KEPT's folder, in FOLDER. (transfer full) */
static char *
moved_path (const MergeLevel *kept,
            const char       *path,
            const char       *folder)
{
  g_autofree char *name = g_path_get_basename (path);

  return g_build_filename (folder, name, NULL);
}

/* "Level Select Names.txt" (lines "NUMBER NAME") with the numbers of renumbered level folders
 * changed and the lines of removed ones left out; empty bytes when the folder has none or nothing
 * changes in it. */
static GBytes *
renumbered_select_names (TsrMarathonMergeFolder *self,
                         GPtrArray              *planned,
                         GError                **error)
{
  g_autofree char *path = g_build_filename (self->folder, LEVEL_SELECT_NAMES, NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *text = NULL;
  gboolean changed = FALSE;
  const char *line;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return g_bytes_new (NULL, 0);
  bytes = tsr_file_read (path, error);
  if (bytes == NULL)
    return NULL;
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  for (line = text; *line != '\0';)
    {
      const char *end = line + strcspn (line, "\n");
      const char *after = NULL;
      gint64 number = g_ascii_strtoll (line, (char **) &after, 10);
      const MergeLevel *kept = NULL;
      const MergeLevel *plan = NULL;

      if (*end == '\n')
        end++;
      for (guint i = 0; after != line && i < self->levels->len && kept == NULL; i++)
        if (((MergeLevel *) self->levels->pdata[i])->number == number)
          kept = self->levels->pdata[i];
      for (guint k = 0; kept != NULL && k < planned->len && plan == NULL; k++)
        if (((MergeLevel *) planned->pdata[k])->level == kept->level)
          plan = planned->pdata[k];
      if (kept != NULL && plan == NULL)
        changed = TRUE; /* its level folder goes */
      else if (kept != NULL && plan->number != kept->number)
        {
          g_string_append_printf (out, "%d", plan->number);
          g_string_append_len (out, after, end - after);
          changed = TRUE;
        }
      else
        g_string_append_len (out, line, end - line);
      line = end;
    }
  if (!changed)
    return g_bytes_new (NULL, 0);
  return g_bytes_new (out->str, out->len);
}

static GPtrArray *
merge_folder_save (gconstpointer data,
                   const char   *path,
                   GError      **error)
{
  TsrMarathonMergeFolder *self = (TsrMarathonMergeFolder *) data;
  g_autoptr(GPtrArray) outputs = tsr_output_files_new ();
  /* The same folder as GFile would say (canonical absolute paths), without GIO in the codecs. */
  g_autofree char *target = g_canonicalize_filename (path, NULL);
  g_autofree char *folder = g_canonicalize_filename (self->folder, NULL);
  GPtrArray *levels = self->scenario.map->levels;
  g_autoptr(GPtrArray) planned = g_ptr_array_new_with_free_func ((GDestroyNotify) merge_level_free);
  g_autoptr(GPtrArray) changes = tsr_file_changes_new ();
  g_autoptr(GArray) numbers = NULL;
  g_autoptr(GBytes) select_names = NULL;

  if (strcmp (target, folder) != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s: a merge folder is saved where it was opened (%s); saving it elsewhere is not available "
                     "yet (tessera-cli marathon split writes a new one)"),
                   path, self->folder);
      return NULL;
    }
  g_clear_pointer (&self->planned, g_ptr_array_unref);
  g_clear_pointer (&self->planned_changes, g_ptr_array_unref);
  numbers = plan_numbers (self, error);
  if (numbers == NULL)
    return NULL;
  for (guint i = 0, q = 0; i < levels->len; i++)
    {
      const TsrMarathonLevel *level = levels->pdata[i];
      const MergeLevel *kept = find_level (self, level);
      MergeLevel *plan;
      g_autoptr(GBytes) bytes = NULL;

      if (g_hash_table_contains (self->resources, level))
        continue;
      plan = g_new0 (MergeLevel, 1);
      g_ptr_array_add (planned, plan);
      plan->level = level;
      plan->number = g_array_index (numbers, int, q++);
      if (kept == NULL)
        {
          /* A new level: its folder and level file as split names them, every chunk in the file. */
          g_autofree char *minf_name = g_strndup ((const char *) level->info.level_name, sizeof level->info.level_name - 1);
          g_autofree char *folder_name = NULL;
          g_autofree char *base = NULL;
          g_autofree char *file_name = NULL;

          tsr_marathon_merge_level_names (plan->number, minf_name, &folder_name, &base);
          file_name = g_strconcat (base, ".sceA", NULL);
          plan->folder = g_build_filename (self->folder, folder_name, NULL);
          plan->level_path = g_build_filename (plan->folder, file_name, NULL);
          plan->level_bytes = tsr_marathon_merge_level_file (level->entry, error);
          plan->external = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) g_bytes_unref);
          if (plan->level_bytes == NULL)
            return NULL;
          g_ptr_array_add (outputs, tsr_output_file_new (plan->level_path, plan->level_bytes));
          continue;
        }
      /* A level folder as it was: renamed when its number changes, the name after it kept. */
      plan->folder = renumbered_folder (self, kept, plan->number);
      if (strcmp (plan->folder, kept->folder) != 0)
        g_ptr_array_add (changes, tsr_file_change_new_move (kept->folder, plan->folder));
      plan->level_path = moved_path (kept, kept->level_path, plan->folder);
      plan->level_bytes = level_file_bytes (kept, error);
      plan->external = g_hash_table_ref (kept->external);
      if (plan->level_bytes == NULL)
        return NULL;
      g_ptr_array_add (outputs, tsr_output_file_new (plan->level_path, plan->level_bytes));
      if (kept->script_path != NULL)
        {
          g_autoptr(GBytes) script = NULL;

          if (kept->script_text != NULL
              && !(g_bytes_get_size (kept->script_bytes) == strlen (kept->script_text)
                   && memcmp (g_bytes_get_data (kept->script_bytes, NULL), kept->script_text, strlen (kept->script_text)) == 0))
            script = g_bytes_new (kept->script_text, strlen (kept->script_text));
          else
            script = g_bytes_ref (kept->script_bytes);
          plan->script_path = moved_path (kept, kept->script_path, plan->folder);
          plan->script_bytes = g_bytes_ref (script);
          plan->script_text = g_strdup (kept->script_text);
          g_ptr_array_add (outputs, tsr_output_file_new (plan->script_path, script));
        }
    }
  /* Level folders no level stands for any more go, with all they hold. */
  for (guint i = 0; i < self->levels->len; i++)
    {
      const MergeLevel *kept = self->levels->pdata[i];
      gboolean stays = FALSE;

      for (guint k = 0; k < planned->len && !stays; k++)
        stays = ((MergeLevel *) planned->pdata[k])->level == kept->level;
      if (!stays)
        g_ptr_array_add (changes, tsr_file_change_new_removal (kept->folder));
    }
  select_names = renumbered_select_names (self, planned, error);
  if (select_names == NULL)
    return NULL;
  if (g_bytes_get_size (select_names) > 0)
    {
      g_autofree char *names_path = g_build_filename (self->folder, LEVEL_SELECT_NAMES, NULL);

      g_ptr_array_add (outputs, tsr_output_file_new (names_path, select_names));
    }
  self->planned = g_steal_pointer (&planned);
  /* Even with no change, so that a new level's folder is made. */
  self->planned_changes = g_steal_pointer (&changes);
  return g_steal_pointer (&outputs);
}

static GPtrArray *
merge_folder_save_changes (gpointer data)
{
  TsrMarathonMergeFolder *self = data;

  return g_steal_pointer (&self->planned_changes);
}

/* The last save is on disk: its plan is what the folder holds now. */
static void
merge_folder_saved (gpointer data)
{
  TsrMarathonMergeFolder *self = data;
  GPtrArray *levels = self->scenario.map->levels;

  if (self->planned == NULL)
    return;
  g_ptr_array_set_size (self->levels, 0);
  for (guint i = 0; i < self->planned->len; i++)
    g_ptr_array_add (self->levels, g_steal_pointer (&self->planned->pdata[i]));
  g_clear_pointer (&self->planned, g_ptr_array_unref);
  g_ptr_array_set_size (self->loaded_order, 0);
  for (guint i = 0; i < levels->len; i++)
    g_ptr_array_add (self->loaded_order, levels->pdata[i]);
}

static void
merge_folder_validate (gconstpointer data,
                       GPtrArray    *findings)
{
  const TsrMarathonMergeFolder *self = data;

  tsr_marathon_map_validate (self->scenario.map, findings);
}

static void
merge_folder_describe (gconstpointer data,
                       JsonBuilder  *builder)
{
  const TsrMarathonMergeFolder *self = data;

  json_builder_set_member_name (builder, "folder");
  json_builder_add_string_value (builder, self->folder);
  json_builder_set_member_name (builder, "levels");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->levels->len; i++)
    {
      const MergeLevel *kept = self->levels->pdata[i];
      g_autofree char *name = tsr_marathon_level_name (kept->level);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "index");
      json_builder_add_int_value (builder, kept->number); /* its folder's: the wad index merging gives */
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, name);
      json_builder_set_member_name (builder, "level_file");
      json_builder_add_string_value (builder, kept->level_path);
      json_builder_set_member_name (builder, "script");
      json_builder_add_string_value (builder, kept->script_path);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static TsrImage *
merge_folder_render (gconstpointer           data,
                     const TsrRenderOptions *options,
                     GError                **error)
{
  const TsrMarathonMergeFolder *self = data;
  GPtrArray *levels = self->scenario.map->levels;
  guint position = options->level < 0 ? 0 : (guint) options->level;

  if (position >= levels->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, _("level %d: the file holds %u levels (0..%u)"),
                   options->level, levels->len, levels->len - 1);
      return NULL;
    }
  return tsr_marathon_level_render (g_ptr_array_index (levels, position), options->width, options->height, error);
}

static const TsrFormat marathon_merge_folder_format = {
  .id = "marathon-merge-folder",
  .name = N_("Atque merge folder"),
  .family = "marathon",
  .sniff = merge_folder_sniff,
  .sniff_folder = merge_folder_sniff_folder,
  .load = merge_folder_load,
  .free = merge_folder_free,
  .save = merge_folder_save,
  .save_changes = merge_folder_save_changes,
  .saved = merge_folder_saved,
  .validate = merge_folder_validate,
  .describe = merge_folder_describe,
  .render = merge_folder_render,
};

const TsrFormat *
tsr_marathon_merge_folder_format (void)
{
  return &marathon_merge_folder_format;
}

gboolean
tsr_marathon_format_holds_scenario (const char *format_id)
{
  return g_strcmp0 (format_id, "marathon-map") == 0 || g_strcmp0 (format_id, "marathon-merge-folder") == 0;
}

GBytes *
tsr_marathon_merge_folder_get_script (TsrMarathonMergeFolder *self,
                                      const TsrMarathonLevel *level)
{
  MergeLevel *kept = find_level (self, level);

  return kept != NULL ? kept->script_bytes : NULL;
}

void
tsr_marathon_merge_folder_set_script_text (TsrMarathonMergeFolder *self,
                                           const TsrMarathonLevel *level,
                                           const char             *text)
{
  MergeLevel *kept = find_level (self, level);

  if (kept == NULL || kept->script_path == NULL)
    return;
  g_free (kept->script_text);
  kept->script_text = g_strdup (text);
}

const char *
tsr_marathon_merge_folder_get_level_path (TsrMarathonMergeFolder *self,
                                          const TsrMarathonLevel *level)
{
  MergeLevel *kept = find_level (self, level);

  return kept != NULL ? kept->level_path : NULL;
}

const char *
tsr_marathon_merge_folder_get_script_path (TsrMarathonMergeFolder *self,
                                           const TsrMarathonLevel *level)
{
  MergeLevel *kept = find_level (self, level);

  return kept != NULL ? kept->script_path : NULL;
}

char *
tsr_marathon_merge_folder_of_level_file (const char *path)
{
  g_autofree char *file = NULL;
  g_autofree char *level_folder = NULL;
  g_autofree char *folder = NULL;
  g_autoptr(GPtrArray) levels = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return NULL;
  file = g_canonicalize_filename (path, NULL);
  level_folder = g_path_get_dirname (file);
  folder = g_path_get_dirname (level_folder);
  if (strcmp (folder, level_folder) == 0 || !g_file_test (folder, G_FILE_TEST_IS_DIR))
    return NULL;
  levels = tsr_marathon_merge_folder_list_levels (folder, NULL);
  for (guint i = 0; levels != NULL && i < levels->len; i++)
    {
      const TsrMarathonMergeLevel *level = levels->pdata[i];
      g_autofree char *level_path = g_canonicalize_filename (level->level_path, NULL);

      if (strcmp (level_path, file) == 0)
        return g_steal_pointer (&folder);
    }
  return NULL;
}

int
tsr_marathon_merge_folder_find_level_file (TsrMarathonMergeFolder *self,
                                           const char             *path)
{
  g_autofree char *file = g_canonicalize_filename (path, NULL);
  GPtrArray *levels = self->scenario.map->levels;

  for (guint i = 0; i < levels->len; i++)
    {
      MergeLevel *kept = find_level (self, levels->pdata[i]);
      g_autofree char *level_path = kept != NULL ? g_canonicalize_filename (kept->level_path, NULL) : NULL;

      if (level_path != NULL && strcmp (level_path, file) == 0)
        return (int) i;
    }
  return -1;
}
