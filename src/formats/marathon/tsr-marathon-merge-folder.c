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

typedef struct {
  const TsrMarathonLevel *level;  /* the merged level it stands for (identity only) */
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
  GPtrArray *loaded_order;  /* the levels as loaded, borrowed: the list a save can write back */
};

static void
merge_level_free (MergeLevel *level)
{
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
        continue; /* a resource entry (Resources/), not a level folder */
      kept = g_new0 (MergeLevel, 1);
      g_ptr_array_add (self->levels, kept);
      kept->level = level;
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
  gboolean same_list = levels->len == self->loaded_order->len;

  if (strcmp (target, folder) != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s: a merge folder is saved where it was opened (%s); saving it elsewhere is not available "
                     "yet (tessera-cli marathon split writes a new one)"),
                   path, self->folder);
      return NULL;
    }
  for (guint i = 0; same_list && i < levels->len; i++)
    same_list = levels->pdata[i] == self->loaded_order->pdata[i];
  if (!same_list)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s: levels were added, removed or moved; a merge folder cannot take that back yet "
                     "(its level folders stay as they are); nothing was written"),
                   self->folder);
      return NULL;
    }
  for (guint i = 0; i < self->levels->len; i++)
    {
      const MergeLevel *kept = self->levels->pdata[i];
      g_autoptr(GBytes) level = level_file_bytes (kept, error);

      if (level == NULL)
        return NULL;
      g_ptr_array_add (outputs, tsr_output_file_new (kept->level_path, level));
      if (kept->script_path != NULL)
        {
          g_autoptr(GBytes) script = NULL;

          if (kept->script_text != NULL
              && !(g_bytes_get_size (kept->script_bytes) == strlen (kept->script_text)
                   && memcmp (g_bytes_get_data (kept->script_bytes, NULL), kept->script_text, strlen (kept->script_text)) == 0))
            script = g_bytes_new (kept->script_text, strlen (kept->script_text));
          else
            script = g_bytes_ref (kept->script_bytes);
          g_ptr_array_add (outputs, tsr_output_file_new (kept->script_path, script));
        }
    }
  return g_steal_pointer (&outputs);
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
      json_builder_add_int_value (builder, kept->level->entry->index);
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
