/* tsr-file.c: reading files whole and saving them atomically. */
#include "core/tsr-file.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/tsr-crc.h"
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

static gboolean read_mapped;

void
tsr_file_read_mapped (void)
{
  read_mapped = TRUE;
}

/* Messages name PATH once, at the start ("PATH: cannot read the file: REASON"); the CLI does not
 * repeat it (tsr_error_describe_for_path). */
GBytes *
tsr_file_read (const char *path,
               GError    **error)
{
  guint8 *contents;
  gsize capacity, length = 0;
  GStatBuf status = { 0 };
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
  if (read_mapped && S_ISREG (status.st_mode) && status.st_size > 0 && status.st_size <= G_MAXINT)
    {
      GMappedFile *mapped = g_mapped_file_new_from_fd (fd, FALSE, NULL);

      if (mapped != NULL)
        {
          GBytes *bytes = g_mapped_file_get_bytes (mapped);

          g_mapped_file_unref (mapped);
          close (fd);
          return bytes;
        }
    }
  /* Read straight into a buffer of the file's size (one read for a regular file, no chunk copied
   * through a bounce buffer); it grows only when the file is longer than fstat said. */
  capacity = status.st_size > 0 ? (gsize) MIN (status.st_size, G_MAXINT) + 1 : 65536;
  contents = g_malloc (capacity);
  for (;;)
    {
      gssize got;

      if (length == capacity)
        {
          if (capacity > G_MAXINT)
            {
              close (fd);
              g_free (contents);
              g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot read the file: above 2 GiB"), path);
              return NULL;
            }
          capacity = MIN (capacity * 2, (gsize) G_MAXINT + 1);
          contents = g_realloc (contents, capacity);
        }
      got = read (fd, contents + length, capacity - length);
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          int saved_errno = errno;

          close (fd);
          g_free (contents);
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot read the file: %s"), path,
                       g_strerror (saved_errno));
          return NULL;
        }
      if (got == 0)
        break;
      length += (gsize) got;
    }
  close (fd);
  if (length > G_MAXINT)
    {
      g_free (contents);
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot read the file: above 2 GiB"), path);
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

/* ---- Journal of a set save ----
 *
 * A set save replaces several files by as many renames; a process killed between two of them
 * would leave a set of old and new files that does not open. So before the first rename the save
 * writes a journal beside the first file ("PATH.tsr-journal", itself written as a synced
 * temporary and renamed into place): for each file its target, its temporary, its kept original
 * and the size and CRC-32 of its new bytes. The journal is removed once the set on disk is all new
 * (or, after a failed rename, all old again). tsr_file_recover_interrupted_saves finds a journal
 * left by a killed save and rolls it forward when every new file is still there (renamed or as its
 * temporary), else back from the kept originals. */

#define TSR_JOURNAL_SUFFIX ".tsr-journal"

static guint inject_stop_after_rename_index = G_MAXUINT;

void
tsr_file_inject_stop_after_rename (guint index)
{
  inject_stop_after_rename_index = index;
}

/* A path as the journal holds it: its name when it lies in the journal's folder (so a folder
 * moved after a crash still recovers), else the whole path; escaped, so any byte of a name fits
 * on one line. */
static void
tsr_journal_set_path (GKeyFile   *journal,
                      const char *group,
                      const char *key,
                      const char *folder,
                      const char *path)
{
  g_autofree char *directory = g_path_get_dirname (path);
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *escaped = g_strescape (strcmp (directory, folder) == 0 ? name : path, NULL);

  g_key_file_set_value (journal, group, key, escaped);
}

static char *
tsr_journal_get_path (GKeyFile   *journal,
                      const char *group,
                      const char *key,
                      const char *folder)
{
  g_autofree char *escaped = g_key_file_get_value (journal, group, key, NULL);
  g_autofree char *path = NULL;

  if (escaped == NULL || *escaped == '\0')
    return NULL;
  path = g_strcompress (escaped);
  if (g_path_is_absolute (path))
    return g_steal_pointer (&path);
  return g_build_filename (folder, path, NULL);
}

static char *
tsr_journal_path_for (const char *first_output)
{
  return g_strconcat (first_output, TSR_JOURNAL_SUFFIX, NULL);
}

/* Writes the journal of OUTPUTS (their TEMPORARIES and KEPT originals) and makes it durable. */
static gboolean
tsr_journal_write (GPtrArray *outputs,
                   GPtrArray *temporaries,
                   GPtrArray *kept,
                   gboolean   backup,
                   GError   **error)
{
  const char *first = ((const TsrOutputFile *) g_ptr_array_index (outputs, 0))->path;
  g_autofree char *journal_path = tsr_journal_path_for (first);
  g_autofree char *folder = g_path_get_dirname (journal_path);
  g_autoptr(GKeyFile) journal = g_key_file_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *temporary = NULL;
  char *text;
  gsize length = 0;

  g_key_file_set_integer (journal, "save", "files", (gint) outputs->len);
  g_key_file_set_boolean (journal, "save", "backup", backup);
  for (guint i = 0; i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      g_autofree char *group = g_strdup_printf ("file %u", i);
      gsize size = 0;
      const guint8 *data = g_bytes_get_data (output->bytes, &size);
      g_autofree char *size_text = g_strdup_printf ("%" G_GSIZE_FORMAT, size);
      g_autofree char *crc_text = g_strdup_printf ("%08" G_GINT32_MODIFIER "x", tsr_crc32 (data, size));

      tsr_journal_set_path (journal, group, "target", folder, output->path);
      tsr_journal_set_path (journal, group, "temporary", folder, g_ptr_array_index (temporaries, i));
      if (g_ptr_array_index (kept, i) != NULL)
        tsr_journal_set_path (journal, group, "kept", folder, g_ptr_array_index (kept, i));
      g_key_file_set_value (journal, group, "size", size_text);
      g_key_file_set_value (journal, group, "crc32", crc_text);
    }
  text = g_key_file_to_data (journal, &length, NULL);
  bytes = g_bytes_new_take (text, length);
  temporary = tsr_write_temporary (first, bytes, error);
  if (temporary == NULL)
    return FALSE;
  if (g_rename (temporary, journal_path) != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot write the save journal: %s"),
                   journal_path, g_strerror (errno));
      g_unlink (temporary);
      return FALSE;
    }
  tsr_sync_folder_of (journal_path);
  return TRUE;
}

static void
tsr_journal_remove (GPtrArray *outputs)
{
  const char *first = ((const TsrOutputFile *) g_ptr_array_index (outputs, 0))->path;
  g_autofree char *journal_path = tsr_journal_path_for (first);

  g_unlink (journal_path);
  tsr_sync_folder_of (journal_path);
}

/* TRUE when PATH holds SIZE bytes whose CRC-32 is CRC. */
static gboolean
tsr_file_matches (const char *path,
                  guint64     size,
                  guint32     crc)
{
  GStatBuf info;
  g_autoptr(GMappedFile) mapped = NULL;

  if (g_stat (path, &info) != 0 || !S_ISREG (info.st_mode) || (guint64) info.st_size != size)
    return FALSE;
  if (size == 0)
    return crc == 0;
  mapped = g_mapped_file_new (path, FALSE, NULL);
  return mapped != NULL && g_mapped_file_get_length (mapped) == size
         && tsr_crc32 ((const guint8 *) g_mapped_file_get_contents (mapped), size) == crc;
}

typedef struct {
  char    *target;
  char    *temporary;
  char    *kept;
  guint64  size;
  guint32  crc;
} TsrJournalEntry;

static void
tsr_journal_entry_clear (TsrJournalEntry *entry)
{
  g_free (entry->target);
  g_free (entry->temporary);
  g_free (entry->kept);
}

/* Rolls the journal at JOURNAL_PATH forward or back and removes it; returns the message for the
 * user. A journal that cannot be read stays, and the message says so. */
static char *
tsr_journal_recover (const char *journal_path,
                     GHashTable *referenced)
{
  g_autofree char *folder = g_path_get_dirname (journal_path);
  g_autoptr(GKeyFile) journal = g_key_file_new ();
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (TsrJournalEntry));
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) trouble = g_string_new (NULL);
  const char *first;
  gboolean backup;
  gboolean forward = TRUE;
  guint pending = 0;
  gint files;

  g_array_set_clear_func (entries, (GDestroyNotify) tsr_journal_entry_clear);
  if (!g_key_file_load_from_file (journal, journal_path, G_KEY_FILE_NONE, &error))
    return g_strdup_printf (_("%s: the journal of an interrupted save cannot be read (%s); it is left as it is"),
                            journal_path, error->message);
  files = g_key_file_get_integer (journal, "save", "files", NULL);
  backup = g_key_file_get_boolean (journal, "save", "backup", NULL);
  for (gint i = 0; i < files; i++)
    {
      g_autofree char *group = g_strdup_printf ("file %d", i);
      g_autofree char *size_text = g_key_file_get_value (journal, group, "size", NULL);
      g_autofree char *crc_text = g_key_file_get_value (journal, group, "crc32", NULL);
      TsrJournalEntry entry = { 0 };

      entry.target = tsr_journal_get_path (journal, group, "target", folder);
      entry.temporary = tsr_journal_get_path (journal, group, "temporary", folder);
      entry.kept = tsr_journal_get_path (journal, group, "kept", folder);
      if (entry.target == NULL || entry.temporary == NULL || size_text == NULL || crc_text == NULL)
        {
          tsr_journal_entry_clear (&entry);
          return g_strdup_printf (_("%s: the journal of an interrupted save names no file %d; it is left as it is"),
                                  journal_path, i);
        }
      entry.size = g_ascii_strtoull (size_text, NULL, 10);
      entry.crc = (guint32) g_ascii_strtoull (crc_text, NULL, 16);
      g_array_append_val (entries, entry);
    }
  if (files <= 0)
    return g_strdup_printf (_("%s: the journal of an interrupted save names no file %d; it is left as it is"),
                            journal_path, 0);
  first = g_array_index (entries, TsrJournalEntry, 0).target;

  /* Forward when every new file is still there: either as its temporary (not renamed yet) or in
   * place (renamed). A new file that is neither cannot be completed, so the set goes back. */
  for (guint i = 0; i < entries->len; i++)
    {
      const TsrJournalEntry *entry = &g_array_index (entries, TsrJournalEntry, i);

      if (g_file_test (entry->temporary, G_FILE_TEST_IS_REGULAR))
        pending++;
      else if (!tsr_file_matches (entry->target, entry->size, entry->crc))
        forward = FALSE;
    }

  for (guint i = 0; i < entries->len; i++)
    {
      const TsrJournalEntry *entry = &g_array_index (entries, TsrJournalEntry, i);

      if (forward)
        {
          if (g_file_test (entry->temporary, G_FILE_TEST_IS_REGULAR)
              && g_rename (entry->temporary, entry->target) != 0)
            {
              g_string_append_printf (trouble, _("; %s could not be replaced (%s), its new version is kept as %s"),
                                      entry->target, g_strerror (errno), entry->temporary);
              g_hash_table_add (referenced, g_strdup (entry->temporary));
              if (entry->kept != NULL)
                g_hash_table_add (referenced, g_strdup (entry->kept));
              continue;
            }
          if (entry->kept != NULL && g_file_test (entry->kept, G_FILE_TEST_IS_REGULAR))
            {
              g_autofree char *backup_path = g_strconcat (entry->target, "~", NULL);

              if (!backup || g_rename (entry->kept, backup_path) != 0)
                g_unlink (entry->kept);
            }
        }
      else
        {
          GStatBuf kept_info, target_info;

          /* A file not renamed yet is still a hard link of its kept original, and rename()
           * between two links of one file does nothing: the kept name just goes. */
          if (entry->kept != NULL && g_stat (entry->kept, &kept_info) == 0 && g_stat (entry->target, &target_info) == 0
              && kept_info.st_dev == target_info.st_dev && kept_info.st_ino == target_info.st_ino)
            g_unlink (entry->kept);
          else if (entry->kept != NULL && g_file_test (entry->kept, G_FILE_TEST_IS_REGULAR))
            {
              if (g_rename (entry->kept, entry->target) != 0)
                {
                  g_string_append_printf (trouble, _("; %s could not be put back (%s), the original is kept as %s"),
                                          entry->target, g_strerror (errno), entry->kept);
                  g_hash_table_add (referenced, g_strdup (entry->kept));
                }
            }
          else if (entry->kept == NULL && tsr_file_matches (entry->target, entry->size, entry->crc))
            g_unlink (entry->target); /* a new file where there was none */
          else if (entry->kept != NULL && tsr_file_matches (entry->target, entry->size, entry->crc))
            g_string_append_printf (trouble, _("; the original of %s is lost, it keeps its new version"),
                                    entry->target);
          g_unlink (entry->temporary);
        }
      tsr_sync_folder_of (entry->target);
    }
  g_unlink (journal_path);
  tsr_sync_folder_of (journal_path);

  if (forward)
    return g_strdup_printf (_("%s: an interrupted save of a set of files was completed (files still to be replaced: %u of %u)%s"),
                            first, pending, entries->len, trouble->str);
  return g_strdup_printf (_("%s: an interrupted save of a set of files could not be completed and was undone: the files are as they were before it%s"),
                          first, trouble->str);
}

/* "NAME.tsr-XXXXXX" or "NAME.tsr-old-XXXXXX" (mkstemp's six letters or digits): the base NAME,
 * or NULL for any other name. */
static char *
tsr_temporary_base (const char *name)
{
  gsize length = strlen (name);
  const char *tail;

  if (length < 6)
    return NULL;
  tail = name + length - 6;
  for (guint i = 0; i < 6; i++)
    if (!g_ascii_isalnum (tail[i]))
      return NULL;
  if (tail - name >= 9 && memcmp (tail - 9, ".tsr-old-", 9) == 0)
    return g_strndup (name, (gsize) (tail - 9 - name));
  if (tail - name >= 5 && memcmp (tail - 5, ".tsr-", 5) == 0)
    return g_strndup (name, (gsize) (tail - 5 - name));
  return NULL;
}

static gboolean
tsr_same_extension (const char *a,
                    const char *b)
{
  const char *dot_a = strrchr (a, '.');
  const char *dot_b = strrchr (b, '.');

  return dot_a != NULL && dot_b != NULL && g_ascii_strcasecmp (dot_a, dot_b) == 0;
}

/* Removes the temporaries and kept originals a killed save left beside NAME in FOLDER (with
 * SAME_EXTENSION, beside every file of its extension too: the other members of its set), except
 * those in REFERENCED. Nothing is removed while a journal is pending in FOLDER. Returns how many
 * were removed. */
static guint
tsr_remove_leftovers (const char *folder,
                      const char *name,
                      gboolean    same_extension,
                      GHashTable *referenced)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) leftovers = g_ptr_array_new_with_free_func (g_free);
  const char *entry;
  guint removed = 0;

  if (dir == NULL)
    return 0;
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *base = NULL;

      if (g_str_has_suffix (entry, TSR_JOURNAL_SUFFIX))
        return 0;
      if ((base = tsr_temporary_base (entry)) != NULL
          && (strcmp (base, name) == 0 || (same_extension && tsr_same_extension (base, name))))
        g_ptr_array_add (leftovers, g_build_filename (folder, entry, NULL));
    }
  for (guint i = 0; i < leftovers->len; i++)
    {
      const char *leftover = g_ptr_array_index (leftovers, i);

      if ((referenced == NULL || !g_hash_table_contains (referenced, leftover))
          && g_file_test (leftover, G_FILE_TEST_IS_REGULAR) && g_unlink (leftover) == 0)
        removed++;
    }
  return removed;
}

char **
tsr_file_recover_interrupted_saves (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *name = g_path_get_basename (path);
  g_autoptr(GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) referenced = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) journals = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *entry;
  guint removed;

  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (entry, TSR_JOURNAL_SUFFIX))
      g_ptr_array_add (journals, g_build_filename (folder, entry, NULL));
  for (guint i = 0; i < journals->len; i++)
    g_ptr_array_add (messages, tsr_journal_recover (g_ptr_array_index (journals, i), referenced));

  /* What a killed save left before its journal was written or after it was removed. */
  removed = tsr_remove_leftovers (folder, name, TRUE, referenced);
  if (removed > 0)
    g_ptr_array_add (messages, g_strdup_printf (_("%s: temporary files left by an interrupted save were removed (%u)"),
                                                path, removed));
  g_ptr_array_add (messages, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&messages), FALSE);
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
  gboolean journaled = FALSE;
  g_autoptr(GPtrArray) outputs = g_ptr_array_new ();

  /* Only the files whose bytes change are written (and backed up): saving one level of a Wolf3D
   * set leaves its 742 KB VSWAP alone, so a nearly full disk fails only when it must. */
  for (guint i = 0; i < all_outputs->len; i++)
    {
      TsrOutputFile *output = g_ptr_array_index (all_outputs, i);

      if (!tsr_file_holds (output->path, output->bytes))
        g_ptr_array_add (outputs, output);
    }

  /* Leftovers of an earlier save that was killed go first. */
  for (guint i = 0; i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      g_autofree char *folder = g_path_get_dirname (output->path);
      g_autofree char *name = g_path_get_basename (output->path);

      tsr_remove_leftovers (folder, name, FALSE, NULL);
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

  /* A set is journaled before its first rename, so that a process killed between two renames
   * leaves what the next open needs to finish or undo the save. */
  if (ok && outputs->len > 1)
    {
      journaled = tsr_journal_write (outputs, temporaries, kept, backup, error);
      ok = journaled;
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
      if (renamed == inject_stop_after_rename_index)
        {
          /* As if the process were killed here: everything stays as it is on disk. */
          inject_stop_after_rename_index = G_MAXUINT;
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "%s: save stopped after rename %u for a test",
                       output->path, renamed);
          return FALSE;
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
      if (journaled)
        tsr_journal_remove (outputs);
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
  if (journaled)
    tsr_journal_remove (outputs);
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
