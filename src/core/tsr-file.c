/* tsr-file.c: reading files whole and saving them atomically. */
#include "core/tsr-file.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "core/tsr-error.h"

static gint64 inject_failure_after = -1;

void
tsr_file_inject_write_failure (gint64 after_bytes)
{
  inject_failure_after = after_bytes;
}

TsrOutputFile *
tsr_output_file_new (const char *path,
                     GBytes     *bytes)
{
  TsrOutputFile *output = g_new0 (TsrOutputFile, 1);

  output->path = g_strdup (path);
  output->bytes = g_bytes_ref (bytes);
  return output;
}

void
tsr_output_file_free (TsrOutputFile *output)
{
  if (output == NULL)
    return;
  g_free (output->path);
  g_bytes_unref (output->bytes);
  g_free (output);
}

GPtrArray *
tsr_output_files_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_output_file_free);
}

GPtrArray *
tsr_output_files_new_single (const char *path,
                             GBytes     *bytes)
{
  GPtrArray *outputs;

  if (bytes == NULL)
    return NULL;
  outputs = tsr_output_files_new ();
  g_ptr_array_add (outputs, tsr_output_file_new (path, bytes));
  g_bytes_unref (bytes);
  return outputs;
}

GBytes *
tsr_file_read (const char *path,
               GError    **error)
{
  char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) local_error = NULL;

  if (!g_file_get_contents (path, &contents, &length, &local_error))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "%s", local_error->message);
      return NULL;
    }
  return g_bytes_new_take (contents, length);
}

static gboolean
tsr_write_all (int           fd,
               const guint8 *data,
               gsize         size,
               const char   *path,
               GError      **error)
{
  gsize done = 0;

  while (done < size)
    {
      gsize chunk = size - done;
      gssize written;

      if (inject_failure_after >= 0)
        {
          if ((gint64) done >= inject_failure_after)
            {
              inject_failure_after = -1;
              g_set_error (error, TSR_ERROR, TSR_ERROR_IO,
                           "%s: writing failed after %" G_GSIZE_FORMAT " bytes: %s",
                           path, done, g_strerror (ENOSPC));
              return FALSE;
            }
          chunk = MIN (chunk, (gsize) (inject_failure_after - (gint64) done));
          chunk = MAX (chunk, 1);
        }

      written = write (fd, data + done, chunk);
      if (written < 0)
        {
          if (errno == EINTR)
            continue;
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "%s: writing failed after %"
                       G_GSIZE_FORMAT " bytes: %s", path, done, g_strerror (errno));
          return FALSE;
        }
      done += (gsize) written;
    }
  return TRUE;
}

/* Writes BYTES into a new temporary file beside PATH and syncs it; returns its name. */
static char *
tsr_write_temporary (const char *path,
                     GBytes     *bytes,
                     GError    **error)
{
  g_autofree char *template = g_strconcat (path, ".tsr-XXXXXX", NULL);
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  GStatBuf original;
  int fd;

  fd = g_mkstemp_full (template, O_WRONLY | O_CLOEXEC, 0666 & ~0022);
  if (fd < 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "%s: cannot create a temporary file: %s",
                   path, g_strerror (errno));
      return NULL;
    }

  /* Keep the original's permissions. */
  if (g_stat (path, &original) == 0)
    (void) fchmod (fd, original.st_mode & 07777);

  if (!tsr_write_all (fd, data, size, path, error))
    {
      close (fd);
      g_unlink (template);
      return NULL;
    }
  if (fsync (fd) != 0 || close (fd) != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "%s: cannot sync the saved data: %s",
                   path, g_strerror (errno));
      g_unlink (template);
      return NULL;
    }
  return g_steal_pointer (&template);
}

static gboolean
tsr_make_backup (const char *path,
                 GError    **error)
{
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(GBytes) previous = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  previous = tsr_file_read (path, error);
  if (previous == NULL)
    return FALSE;
  return tsr_file_write_atomic (backup, previous, FALSE, error);
}

/* TRUE when PATH already holds exactly BYTES (the size is compared first, so a changed file is
 * seldom read). */
static gboolean
tsr_file_holds (const char *path,
                GBytes     *bytes)
{
  GStatBuf info;
  g_autoptr(GMappedFile) mapped = NULL;
  gsize size = g_bytes_get_size (bytes);

  if (g_stat (path, &info) != 0 || !S_ISREG (info.st_mode) || (guint64) info.st_size != size)
    return FALSE;
  if (size == 0)
    return TRUE;
  mapped = g_mapped_file_new (path, FALSE, NULL);
  return mapped != NULL && g_mapped_file_get_length (mapped) == size
         && memcmp (g_mapped_file_get_contents (mapped), g_bytes_get_data (bytes, NULL), size) == 0;
}

gboolean
tsr_files_write_atomic (GPtrArray *all_outputs,
                        gboolean   backup,
                        GError   **error)
{
  g_autoptr(GPtrArray) temporaries = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) outputs = g_ptr_array_new ();

  /* Only the files whose bytes change are written (and backed up): saving one level of a Wolf3D
   * set leaves its 742 KB VSWAP alone, so a nearly full disk fails only when it must. */
  for (guint i = 0; i < all_outputs->len; i++)
    {
      TsrOutputFile *output = g_ptr_array_index (all_outputs, i);

      if (!tsr_file_holds (output->path, output->bytes))
        g_ptr_array_add (outputs, output);
    }

  for (guint i = 0; i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      char *temporary = tsr_write_temporary (output->path, output->bytes, error);

      if (temporary == NULL)
        {
          for (guint j = 0; j < temporaries->len; j++)
            g_unlink (g_ptr_array_index (temporaries, j));
          return FALSE;
        }
      g_ptr_array_add (temporaries, temporary);
    }

  for (guint i = 0; i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      const char *temporary = g_ptr_array_index (temporaries, i);

      gboolean ok = !backup || tsr_make_backup (output->path, error);

      if (ok && g_rename (temporary, output->path) != 0)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "%s: cannot replace the file: %s",
                       output->path, g_strerror (errno));
          ok = FALSE;
        }
      if (!ok)
        {
          for (guint j = i; j < temporaries->len; j++)
            g_unlink (g_ptr_array_index (temporaries, j));
          return FALSE;
        }
    }

  /* Make the renames durable too. */
  if (outputs->len > 0)
    {
      const TsrOutputFile *first = g_ptr_array_index (outputs, 0);
      g_autofree char *folder = g_path_get_dirname (first->path);
      int fd = open (folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

      if (fd >= 0)
        {
          (void) fsync (fd);
          close (fd);
        }
    }
  return TRUE;
}

gboolean
tsr_file_write_atomic (const char *path,
                       GBytes     *bytes,
                       gboolean    backup,
                       GError    **error)
{
  g_autoptr(GPtrArray) outputs = tsr_output_files_new ();

  g_ptr_array_add (outputs, tsr_output_file_new (path, bytes));
  return tsr_files_write_atomic (outputs, backup, error);
}
