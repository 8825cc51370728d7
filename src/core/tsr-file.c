/* tsr-file.c: reading files whole and saving them atomically. */
#include "core/tsr-file.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/tsr-error.h"
#include <glib/gi18n.h>

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

/* Messages name PATH once, at the start ("PATH: cannot read the file: REASON"); the CLI does not
 * repeat it (tsr_error_describe_for_path). */
GBytes *
tsr_file_read (const char *path,
               GError    **error)
{
  GByteArray *contents;
  GStatBuf status;
  int fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);

  if (fd < 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot read the file: %s"), path,
                   g_strerror (errno));
      return NULL;
    }
  if (fstat (fd, &status) == 0 && S_ISDIR (status.st_mode))
    {
      close (fd);
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot read the file: it is a folder"), path);
      return NULL;
    }
  contents = g_byte_array_sized_new (status.st_size > 0 ? (guint) MIN (status.st_size, G_MAXINT) : 4096);
  for (;;)
    {
      guint8 chunk[65536];
      gssize got = read (fd, chunk, sizeof chunk);

      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          int saved_errno = errno;

          close (fd);
          g_byte_array_unref (contents);
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot read the file: %s"), path,
                       g_strerror (saved_errno));
          return NULL;
        }
      if (got == 0)
        break;
      if (contents->len > G_MAXINT - (guint) got)
        {
          close (fd);
          g_byte_array_unref (contents);
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot read the file: above 2 GiB"), path);
          return NULL;
        }
      g_byte_array_append (contents, chunk, (guint) got);
    }
  close (fd);
  return g_byte_array_free_to_bytes (contents);
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
                           _("%s: writing failed after %zu bytes: %s"),
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
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: writing failed after %zu bytes: %s"), path, done, g_strerror (errno));
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
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot create a temporary file: %s"),
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
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot sync the saved data: %s"),
                   path, g_strerror (errno));
      g_unlink (template);
      return NULL;
    }
  return g_steal_pointer (&template);
}

/* Keeps the file at PATH under a new name beside it ("PATH.tsr-old-XXXXXX", a hard link, or a
 * copy where the file system has none) so that it can be put back if a later rename of the set
 * fails. Returns NULL with no error when there is no regular file to keep. */
static char *
tsr_keep_original (const char *path,
                   GError    **error)
{
  g_autofree char *template = NULL;
  g_autoptr(GBytes) previous = NULL;
  gsize size = 0;
  const guint8 *data;
  int fd;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return NULL;

  template = g_strconcat (path, ".tsr-old-XXXXXX", NULL);
  fd = g_mkstemp_full (template, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot keep the original while saving: %s"),
                   path, g_strerror (errno));
      return NULL;
    }
  close (fd);
  /* link() does not replace, so the placeholder goes first; a failing link falls back to a copy. */
  g_unlink (template);
  if (link (path, template) == 0)
    return g_steal_pointer (&template);

  previous = tsr_file_read (path, error);
  if (previous == NULL)
    return NULL;
  data = g_bytes_get_data (previous, &size);
  fd = g_open (template, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0 || !tsr_write_all (fd, data, size, template, error))
    {
      if (fd < 0)
        g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot keep the original while saving: %s"),
                     path, g_strerror (errno));
      else
        close (fd);
      g_unlink (template);
      return NULL;
    }
  close (fd);
  return g_steal_pointer (&template);
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

static void
tsr_sync_folder_of (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  int fd = open (folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      (void) fsync (fd);
      close (fd);
    }
}

static void
tsr_unlink_all (GPtrArray *paths,
                guint      from)
{
  for (guint i = from; i < paths->len; i++)
    if (g_ptr_array_index (paths, i) != NULL)
      g_unlink (g_ptr_array_index (paths, i));
}

static guint inject_rename_failure_index = G_MAXUINT;

void
tsr_file_inject_rename_failure (guint index)
{
  inject_rename_failure_index = index;
}

/* Three phases: every temporary is written and synced; every original that will be replaced is
 * kept under a second name (for a set, or to become the backup); then the renames. If rename K
 * fails, renames 0…K-1 are undone from the kept originals (or the new file removed where there
 * was none), so the set on disk is all old or all new. The kept originals are removed (or become
 * the backups) only after every rename succeeded. */
gboolean
tsr_files_write_atomic (GPtrArray *all_outputs,
                        gboolean   backup,
                        GError   **error)
{
  g_autoptr(GPtrArray) temporaries = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);
  guint renamed = 0;
  gboolean ok = TRUE;
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
          tsr_unlink_all (temporaries, 0);
          return FALSE;
        }
      g_ptr_array_add (temporaries, temporary);
    }

  for (guint i = 0; ok && i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      g_autoptr(GError) local_error = NULL;
      char *original = outputs->len > 1 || backup
                       ? tsr_keep_original (output->path, &local_error) : NULL;

      g_ptr_array_add (kept, original);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          ok = FALSE;
        }
    }

  for (; ok && renamed < outputs->len; renamed++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, renamed);
      const char *temporary = g_ptr_array_index (temporaries, renamed);
      int saved_errno = 0;

      if (renamed == inject_rename_failure_index)
        {
          inject_rename_failure_index = G_MAXUINT;
          saved_errno = EIO;
        }
      else if (g_rename (temporary, output->path) != 0)
        saved_errno = errno;
      if (saved_errno != 0)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot replace the file: %s"),
                       output->path, g_strerror (saved_errno));
          ok = FALSE;
          break;
        }
    }

  if (!ok)
    {
      /* Put back what was replaced, newest first. A kept original that cannot be renamed back
       * stays on disk, and the message says where. */
      for (guint j = renamed; j-- > 0;)
        {
          const TsrOutputFile *output = g_ptr_array_index (outputs, j);
          char *original = g_ptr_array_index (kept, j);

          if (original == NULL)
            g_unlink (output->path);
          else if (g_rename (original, output->path) != 0)
            {
              g_prefix_error (error, _("%s: the original is kept as %s: "), output->path, original);
              g_free (original);
            }
          else
            g_free (original);
          g_ptr_array_index (kept, j) = NULL;
        }
      tsr_unlink_all (temporaries, renamed);
      tsr_unlink_all (kept, 0);
      for (guint i = 0; i < outputs->len; i++)
        tsr_sync_folder_of (((const TsrOutputFile *) g_ptr_array_index (outputs, i))->path);
      return FALSE;
    }

  /* The kept originals become the backups ("PATH~") when asked for; one that cannot be renamed
   * stays under its kept name rather than being lost. */
  for (guint i = 0; backup && i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      char *original = g_ptr_array_index (kept, i);
      g_autofree char *backup_path = g_strconcat (output->path, "~", NULL);

      if (original == NULL)
        continue;
      (void) g_rename (original, backup_path);
      g_clear_pointer (&g_ptr_array_index (kept, i), g_free);
    }
  tsr_unlink_all (kept, 0);
  /* Make the renames durable too, in every folder the set touches. */
  for (guint i = 0; i < outputs->len; i++)
    tsr_sync_folder_of (((const TsrOutputFile *) g_ptr_array_index (outputs, i))->path);
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
