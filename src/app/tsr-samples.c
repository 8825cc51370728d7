/* tsr-samples.c: listing the bundled samples and making scratch copies to open them from. */
#include "app/tsr-samples.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

static void
tsr_samples_collect (const char *relative,
                     GPtrArray  *files)
{
  g_autofree char *resource = g_strconcat (TSR_SAMPLES_RESOURCE_PATH, relative, NULL);
  g_auto(GStrv) names = g_resources_enumerate_children (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autofree char *child = g_strconcat (relative, names[i], NULL);

      if (g_str_has_suffix (names[i], "/"))
        tsr_samples_collect (child, files);
      else
        g_ptr_array_add (files, g_steal_pointer (&child));
    }
}

static int
tsr_samples_compare (gconstpointer a,
                     gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
tsr_samples_list_files (void)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);

  tsr_samples_collect ("", files);
  g_ptr_array_sort (files, tsr_samples_compare);
  return files;
}

char *
tsr_samples_make_copy (GError **error)
{
  g_autoptr(GPtrArray) files = tsr_samples_list_files ();
  g_autofree char *directory = g_dir_make_tmp ("tessera-sample-XXXXXX", error);

  if (directory == NULL)
    return NULL;

  for (guint i = 0; i < files->len; i++)
    {
      const char *relative = g_ptr_array_index (files, i);
      g_autofree char *resource = g_strconcat (TSR_SAMPLES_RESOURCE_PATH, relative, NULL);
      g_autofree char *path = g_build_filename (directory, relative, NULL);
      g_autofree char *parent = g_path_get_dirname (path);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, error);

      if (bytes == NULL
          || g_mkdir_with_parents (parent, 0700) != 0
          || !g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error))
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", parent, g_strerror (errno));
          tsr_samples_remove_copy (directory);
          return NULL;
        }
    }
  return g_steal_pointer (&directory);
}

void
tsr_samples_remove_copy (const char *directory)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_return_if_fail (directory != NULL);

  dir = g_dir_open (directory, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (directory, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        tsr_samples_remove_copy (child);
      else
        g_remove (child);
    }
  g_rmdir (directory);
}
