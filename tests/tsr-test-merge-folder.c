/* tsr-test-merge-folder.c (GLib assertions: Check suites and UI tests both use it): an Atque
 * merge folder for tests, as `tessera-cli marathon split` writes
 * it from the real Chronicles levels and scripts merged into one scenario, and snapshots of a
 * folder's files to tell which files a save changed. */
#include "tsr-test-merge-folder.h"

#include <string.h>
#include <glib/gstdio.h>

#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-merge.h"
#include "tsr-test-common.h"

static const struct {
  const char *folder;
  const char *map;
  const char *script;
} levels[] = {
  { "03 Dream Brother", "chronicles_DreamBrother.sceA", "chronicles_DreamBrother.term.txt" },
  { "07 Men Like Ravenous Fishes", "chronicles_MenLikeRavenousFishes.sceA", "chronicles_MenLikeRavenousFishes.term.txt" },
  { "10 War!", "chronicles_net_War.sceA", NULL },
  { "12 Requiescat in Pace", "chronicles_net_RequiescatInPace.sceA", NULL },
};

static void
copy_file (const char *from,
           const char *to)
{
  g_autoptr(GBytes) bytes = tsr_test_read_file (from);
  g_autoptr(GError) error = NULL;

  tsr_file_write_atomic (to, bytes, FALSE, &error);
  g_assert_no_error (error);
}

char *
tsr_test_build_merge_folder (const char *data_dir,
                             const char *root)
{
  g_autofree char *source = g_build_filename (root, "Source", NULL);
  char *folder = g_build_filename (root, "Chronicles", NULL);
  g_autoptr(GBytes) scenario = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_autofree char *level = g_build_filename (source, levels[i].folder, NULL);
      g_autofree char *from = g_build_filename (data_dir, levels[i].map, NULL);
      g_autofree char *to = g_build_filename (level, "Level.sceA", NULL);

      g_assert_cmpint (g_mkdir_with_parents (level, 0777), ==, 0);
      copy_file (from, to);
      if (levels[i].script != NULL)
        {
          g_autofree char *script_from = g_build_filename (data_dir, levels[i].script, NULL);
          g_autofree char *script_to = g_build_filename (level, "Level.term.txt", NULL);

          copy_file (script_from, script_to);
        }
    }
  scenario = tsr_marathon_merge_folder (source, "Chronicles", NULL, &error);
  g_assert_no_error (error);
  files = tsr_marathon_scenario_split (scenario, "Chronicles.sceA", &error);
  g_assert_no_error (error);
  tsr_marathon_merge_folder_write (files, folder, &error);
  g_assert_no_error (error);
  return folder;
}

static void
snapshot_into (GHashTable *files,
               const char *folder,
               const char *prefix)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autofree char *relative = prefix != NULL ? g_strconcat (prefix, "/", name, NULL) : g_strdup (name);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        snapshot_into (files, path, relative);
      else
        g_hash_table_insert (files, g_steal_pointer (&relative), tsr_test_read_file (path));
    }
}

GHashTable *
tsr_test_snapshot_folder (const char *folder)
{
  GHashTable *files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);

  snapshot_into (files, folder, NULL);
  return files;
}

static gint
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

char *
tsr_test_changed_files (GHashTable *before,
                        GHashTable *after)
{
  g_autoptr(GPtrArray) changed = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key, value;
  GString *out = g_string_new (NULL);

  g_hash_table_iter_init (&iter, after);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GBytes *old = g_hash_table_lookup (before, key);

      if (old == NULL || !g_bytes_equal (old, value))
        g_ptr_array_add (changed, key);
    }
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (after, key))
      g_ptr_array_add (changed, key);
  g_ptr_array_sort (changed, compare_paths);
  for (guint i = 0; i < changed->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", (const char *) changed->pdata[i]);
  return g_string_free (out, FALSE);
}

