/* tsr-file.c: reading files whole and saving them atomically. */
#include "core/tsr-file.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
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

#ifndef MAP_POPULATE
#define MAP_POPULATE 0
#endif

static TsrFileReader sibling_read;
static gpointer      sibling_read_data;

void
tsr_file_set_sibling_reader (TsrFileReader read,
                             gpointer      user_data)
{
  sibling_read = read;
  sibling_read_data = user_data;
}

GBytes *
tsr_file_read_sibling (const char *path,
                       GError    **error)
{
  return sibling_read != NULL ? sibling_read (path, sibling_read_data, error) : tsr_file_read (path, error);
}

typedef struct {
  void  *start;
  gsize  size;
} TsrFileMapping;

static void
tsr_file_mapping_free (gpointer data)
{
  TsrFileMapping *mapping = data;

  munmap (mapping->start, mapping->size);
  g_free (mapping);
}

/* A read copies every page of the file out of the page cache into fresh memory, which the kernel
 * clears first: for the 3.8 MB Marathon 1 scenario that was most of what `cat` costs, twice over.
 * Mapping the page cache's pages costs a page-table entry per page (the kernel's large folios map
 * in few faults). */
GBytes *
tsr_file_map (const char *path,
              gboolean   *mapped,
              GError    **error)
{
  GStatBuf status = { 0 };
  TsrFileMapping *mapping;
  void *start;
  int fd;

  if (mapped != NULL)
    *mapped = FALSE;
  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0 || fstat (fd, &status) != 0 || !S_ISREG (status.st_mode)
      || status.st_size < TSR_FILE_MAP_MINIMUM || status.st_size > G_MAXINT)
    {
      if (fd >= 0)
        close (fd);
      return tsr_file_read (path, error);
    }
  start = mmap (NULL, (gsize) status.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  close (fd);
  if (start == MAP_FAILED)
    return tsr_file_read (path, error);
  mapping = g_new (TsrFileMapping, 1);
  mapping->start = start;
  mapping->size = (gsize) status.st_size;
  if (mapped != NULL)
    *mapped = TRUE;
  return g_bytes_new_with_free_func (start, mapping->size, tsr_file_mapping_free, mapping);
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

/* In every name a save gives what it leaves beside its files on the way: journals, temporaries,
 * kept originals and hidden folders. */
#define TSR_SAVE_MARK ".tsr-"
#define TSR_JOURNAL_SUFFIX TSR_SAVE_MARK "journal"

static guint inject_stop_after_rename_index = G_MAXUINT;

void
tsr_file_inject_stop_after_rename (guint index)
{
  inject_stop_after_rename_index = index;
}

/* Hidden names a set save gives folders on their way (a dot first, so that no merge folder reader
 * takes one for a level folder "NN Name"): a folder being moved, one removed until the set is
 * done, one being made. */
#define TSR_HIDDEN_MOVE ".tsr-move-"
#define TSR_HIDDEN_GONE ".tsr-gone-"
#define TSR_HIDDEN_NEW  ".tsr-new-"
#define TSR_SET_JOURNAL ".tsr-set" TSR_JOURNAL_SUFFIX

TsrFileChange *
tsr_file_change_new_move (const char *from,
                          const char *to)
{
  TsrFileChange *change = g_new0 (TsrFileChange, 1);

  change->kind = TSR_FILE_CHANGE_MOVE;
  change->from = g_strdup (from);
  change->path = g_strdup (to);
  return change;
}

TsrFileChange *
tsr_file_change_new_removal (const char *path)
{
  TsrFileChange *change = g_new0 (TsrFileChange, 1);

  change->kind = TSR_FILE_CHANGE_REMOVE;
  change->path = g_strdup (path);
  return change;
}

void
tsr_file_change_free (TsrFileChange *change)
{
  if (change == NULL)
    return;
  g_free (change->from);
  g_free (change->path);
  g_free (change);
}

GPtrArray *
tsr_file_changes_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_file_change_free);
}

/* FOLDER/PREFIX and six random hex digits, a name nothing has yet. */
static char *
tsr_hidden_name (const char *folder,
                 const char *prefix)
{
  for (;;)
    {
      g_autofree char *name = g_strdup_printf ("%s%06x", prefix, g_random_int () & 0xffffff);
      char *path = g_build_filename (folder, name, NULL);
      GStatBuf info;

      if (g_lstat (path, &info) != 0)
        return path;
      g_free (path);
    }
}

/* Removes PATH, and everything in it when it is a folder (symbolic links are removed, never
 * followed). */
static void
tsr_remove_tree (const char *path)
{
  GStatBuf info;

  if (g_lstat (path, &info) != 0)
    return;
  if (S_ISDIR (info.st_mode))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          tsr_remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

/* PATH with its leading folder OLD_PREFIX replaced by NEW_PREFIX, or NULL when PATH is neither
 * OLD_PREFIX nor inside it. */
static char *
tsr_rebase (const char *path,
            const char *old_prefix,
            const char *new_prefix)
{
  gsize length = strlen (old_prefix);

  if (strncmp (path, old_prefix, length) != 0 || (path[length] != '\0' && path[length] != G_DIR_SEPARATOR))
    return NULL;
  return g_strconcat (new_prefix, path + length, NULL);
}

/* A folder or file a set moves: FROM, through the hidden MIDDLE, to TO. */
typedef struct {
  char *from;
  char *middle;
  char *to;
} TsrMove;

/* One removed (PATH, renamed aside to KEPT until the set is done), or one made (TO, built as
 * KEPT). */
typedef struct {
  char      *path;
  char      *kept;
  GPtrArray *files; /* made: TsrOutputFile, borrowed */
} TsrFolderStep;

static void
tsr_move_clear (gpointer data)
{
  TsrMove *move = data;

  g_free (move->from);
  g_free (move->middle);
  g_free (move->to);
}

static void
tsr_folder_step_clear (gpointer data)
{
  TsrFolderStep *step = data;

  g_free (step->path);
  g_free (step->kept);
  g_clear_pointer (&step->files, g_ptr_array_unref);
}

/* Where PATH (a path after the moves) is before them; with AFTER, the other way round. */
static char *
tsr_moved_path (GArray     *moves,
                const char *path,
                gboolean    after)
{
  for (guint i = 0; moves != NULL && i < moves->len; i++)
    {
      const TsrMove *move = &g_array_index (moves, TsrMove, i);
      char *rebased = after ? tsr_rebase (path, move->from, move->to) : tsr_rebase (path, move->to, move->from);

      if (rebased != NULL)
        return rebased;
    }
  return g_strdup (path);
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

/* Writes the journal at JOURNAL_PATH of OUTPUTS (their TEMPORARIES and KEPT originals, named as
 * they are after the MOVES), the MOVES, the REMOVED and the MADE folders, and makes it durable. */
static gboolean
tsr_journal_write (const char *journal_path,
                   GPtrArray  *outputs,
                   GPtrArray  *temporaries,
                   GPtrArray  *kept,
                   GArray     *moves,
                   GArray     *removed,
                   GArray     *made,
                   gboolean    backup,
                   GError    **error)
{
  g_autofree char *folder = g_path_get_dirname (journal_path);
  g_autoptr(GKeyFile) journal = g_key_file_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *temporary = NULL;
  char *text;
  gsize length = 0;

  g_key_file_set_integer (journal, "save", "files", (gint) outputs->len);
  g_key_file_set_boolean (journal, "save", "backup", backup);
  if (moves->len > 0)
    g_key_file_set_integer (journal, "save", "moves", (gint) moves->len);
  if (removed->len > 0)
    g_key_file_set_integer (journal, "save", "removals", (gint) removed->len);
  if (made->len > 0)
    g_key_file_set_integer (journal, "save", "folders", (gint) made->len);
  for (guint i = 0; i < moves->len; i++)
    {
      const TsrMove *move = &g_array_index (moves, TsrMove, i);
      g_autofree char *group = g_strdup_printf ("move %u", i);

      tsr_journal_set_path (journal, group, "from", folder, move->from);
      tsr_journal_set_path (journal, group, "middle", folder, move->middle);
      tsr_journal_set_path (journal, group, "to", folder, move->to);
    }
  for (guint k = 0; k < 2; k++)
    for (guint i = 0; i < (k == 0 ? removed : made)->len; i++)
      {
        const TsrFolderStep *step = &g_array_index (k == 0 ? removed : made, TsrFolderStep, i);
        g_autofree char *group = g_strdup_printf (k == 0 ? "removal %u" : "folder %u", i);

        tsr_journal_set_path (journal, group, "target", folder, step->path);
        tsr_journal_set_path (journal, group, "kept", folder, step->kept);
      }
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
  /* Beside the first file, whose leftovers the next open removes; a set that moves folders has
   * its journal in the folder they are in. */
  temporary = tsr_write_temporary (moves->len + removed->len + made->len == 0 && outputs->len > 0
                                   ? ((const TsrOutputFile *) g_ptr_array_index (outputs, 0))->path : journal_path,
                                   bytes, error);
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
tsr_journal_remove (const char *journal_path)
{
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

static const char *
tsr_move_path (const TsrMove *move,
               int            state)
{
  return state == 0 ? move->from : state == 1 ? move->middle : move->to;
}

/* Where MOVE's folder is: 0 where it was, 1 on its way, 2 moved, -1 nowhere. */
static int
tsr_move_state (const TsrMove *move)
{
  GStatBuf info;

  if (g_lstat (move->middle, &info) == 0)
    return 1;
  if (g_lstat (move->to, &info) == 0 && g_lstat (move->from, &info) != 0)
    return 2;
  return g_lstat (move->from, &info) == 0 ? 0 : -1;
}

/* Renames FROM to TO when FROM is there and TO is not; a failure is appended to TROUBLE. */
static gboolean
tsr_journal_rename (const char *from,
                    const char *to,
                    GString    *trouble)
{
  GStatBuf info;

  if (g_lstat (from, &info) != 0 || g_lstat (to, &info) == 0)
    return FALSE;
  if (g_rename (from, to) == 0)
    return TRUE;
  g_string_append_printf (trouble, _("; %s could not be moved to %s (%s)"), from, to, g_strerror (errno));
  return FALSE;
}

/* The moves whose folder is at AT go on to NEXT. */
static void
tsr_journal_move_round (GArray  *moves,
                        int     *states,
                        int      at,
                        int      next,
                        GString *trouble)
{
  for (guint i = 0; i < moves->len; i++)
    {
      guint m = next > at ? i : moves->len - 1 - i;
      const TsrMove *move = &g_array_index (moves, TsrMove, m);

      if (states[m] == at && tsr_journal_rename (tsr_move_path (move, at), tsr_move_path (move, next), trouble))
        states[m] = next;
    }
}

/* A set's folders forward (removed aside and deleted, moves finished, made into place) or back
 * (made aside and deleted, moves undone, removed put back). */
static void
tsr_journal_replay_folders (GArray   *moves,
                            int      *states,
                            GArray   *removed,
                            GArray   *made,
                            gboolean  forward,
                            GString  *trouble)
{
  if (forward)
    {
      for (guint i = 0; i < removed->len; i++)
        {
          const TsrFolderStep *step = &g_array_index (removed, TsrFolderStep, i);

          tsr_journal_rename (step->path, step->kept, trouble);
          tsr_remove_tree (step->kept);
        }
      tsr_journal_move_round (moves, states, 0, 1, trouble);
      tsr_journal_move_round (moves, states, 1, 2, trouble);
      for (guint i = 0; i < made->len; i++)
        tsr_journal_rename (g_array_index (made, TsrFolderStep, i).kept, g_array_index (made, TsrFolderStep, i).path, trouble);
      return;
    }
  for (guint i = made->len; i-- > 0;)
    {
      const TsrFolderStep *step = &g_array_index (made, TsrFolderStep, i);

      tsr_journal_rename (step->path, step->kept, trouble);
      tsr_remove_tree (step->kept);
    }
  tsr_journal_move_round (moves, states, 2, 1, trouble);
  tsr_journal_move_round (moves, states, 1, 0, trouble);
  for (guint i = removed->len; i-- > 0;)
    tsr_journal_rename (g_array_index (removed, TsrFolderStep, i).kept, g_array_index (removed, TsrFolderStep, i).path, trouble);
}

/* The ENTRIES' paths (in a moved folder) follow it: to where STATES says each move's folder is,
 * or (STATES NULL) to state TARGET. */
static void
tsr_journal_entries_follow (GArray *entries,
                            GArray *moves,
                            int    *states,
                            int     target)
{
  for (guint i = 0; i < entries->len; i++)
    {
      TsrJournalEntry *entry = &g_array_index (entries, TsrJournalEntry, i);
      char **paths[3] = { &entry->target, &entry->temporary, &entry->kept };

      for (guint p = 0; p < 3; p++)
        for (guint m = 0; m < moves->len && *paths[p] != NULL; m++)
          {
            const TsrMove *move = &g_array_index (moves, TsrMove, m);
            const char *now = tsr_move_path (move, states != NULL ? states[m] : target);
            char *rebased = NULL;

            for (int s = 0; s < 3 && rebased == NULL; s++)
              rebased = tsr_rebase (*paths[p], tsr_move_path (move, s), now);
            if (rebased != NULL)
              {
                g_free (*paths[p]);
                *paths[p] = rebased;
                break;
              }
          }
    }
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
  g_autoptr(GArray) moves = g_array_new (FALSE, TRUE, sizeof (TsrMove));
  g_autoptr(GArray) removed = g_array_new (FALSE, TRUE, sizeof (TsrFolderStep));
  g_autoptr(GArray) made = g_array_new (FALSE, TRUE, sizeof (TsrFolderStep));
  g_autofree int *states = NULL;
  g_autofree char *first = NULL;
  gboolean backup;
  gboolean forward = TRUE;
  guint pending = 0;
  gint files, n_moves, n_removed, n_made;

  g_array_set_clear_func (entries, (GDestroyNotify) tsr_journal_entry_clear);
  if (!g_key_file_load_from_file (journal, journal_path, G_KEY_FILE_NONE, &error))
    return g_strdup_printf (_("%s: the journal of an interrupted save cannot be read (%s); it is left as it is"),
                            journal_path, error->message);
  files = g_key_file_get_integer (journal, "save", "files", NULL);
  backup = g_key_file_get_boolean (journal, "save", "backup", NULL);
  n_moves = MAX (g_key_file_get_integer (journal, "save", "moves", NULL), 0);
  n_removed = MAX (g_key_file_get_integer (journal, "save", "removals", NULL), 0);
  n_made = MAX (g_key_file_get_integer (journal, "save", "folders", NULL), 0);
  g_array_set_clear_func (moves, tsr_move_clear);
  g_array_set_clear_func (removed, tsr_folder_step_clear);
  g_array_set_clear_func (made, tsr_folder_step_clear);
  for (gint i = 0; i < n_moves; i++)
    {
      g_autofree char *group = g_strdup_printf ("move %d", i);
      TsrMove move = { tsr_journal_get_path (journal, group, "from", folder),
                       tsr_journal_get_path (journal, group, "middle", folder),
                       tsr_journal_get_path (journal, group, "to", folder) };

      g_array_append_val (moves, move);
      if (move.from == NULL || move.middle == NULL || move.to == NULL)
        return g_strdup_printf (_("%s: the journal of an interrupted save names no file %d; it is left as it is"),
                                journal_path, i);
    }
  for (guint k = 0; k < 2; k++)
    for (gint i = 0; i < (k == 0 ? n_removed : n_made); i++)
      {
        g_autofree char *group = g_strdup_printf (k == 0 ? "removal %d" : "folder %d", i);
        TsrFolderStep step = { tsr_journal_get_path (journal, group, "target", folder),
                               tsr_journal_get_path (journal, group, "kept", folder), NULL };

        g_array_append_val (k == 0 ? removed : made, step);
        if (step.path == NULL || step.kept == NULL)
          return g_strdup_printf (_("%s: the journal of an interrupted save names no file %d; it is left as it is"),
                                  journal_path, i);
      }
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
  if (files + n_moves + n_removed + n_made <= 0 || files < 0)
    return g_strdup_printf (_("%s: the journal of an interrupted save names no file %d; it is left as it is"),
                            journal_path, 0);
  first = g_strdup (entries->len > 0 ? g_array_index (entries, TsrJournalEntry, 0).target
                    : moves->len > 0 ? g_array_index (moves, TsrMove, 0).to
                    : removed->len > 0 ? g_array_index (removed, TsrFolderStep, 0).path
                    : g_array_index (made, TsrFolderStep, 0).path);

  /* Folders first: where each moved one is (0 where it was, 1 on its way, 2 moved, -1 nowhere)
   * and whether each one being made is still there. The journal names the files as they are after
   * the moves; where a move is not done, they are where their folder is. */
  states = g_new0 (int, MAX (moves->len, 1));
  for (guint i = 0; i < moves->len; i++)
    {
      states[i] = tsr_move_state (&g_array_index (moves, TsrMove, i));
      if (states[i] < 0)
        forward = FALSE;
    }
  for (guint i = 0; i < made->len; i++)
    if (!g_file_test (g_array_index (made, TsrFolderStep, i).kept, G_FILE_TEST_IS_DIR)
        && !g_file_test (g_array_index (made, TsrFolderStep, i).path, G_FILE_TEST_IS_DIR))
      forward = FALSE;
  tsr_journal_entries_follow (entries, moves, states, -1);

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

  /* Forward: the removed go aside, the moves finish, the made go into place, and the files are
   * then where they go. Back: the same undone in the reverse order, and the files are where they
   * were before the save. */
  tsr_journal_replay_folders (moves, states, removed, made, forward, trouble);
  tsr_journal_entries_follow (entries, moves, NULL, forward ? 2 : 0);

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
  g_autoptr(GPtrArray) making = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *entry;
  gboolean any_left = FALSE, journal_left = FALSE;
  guint removed;

  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    {
      any_left |= strstr (entry, TSR_SAVE_MARK) != NULL;
      if (g_str_has_suffix (entry, TSR_JOURNAL_SUFFIX))
        g_ptr_array_add (journals, g_build_filename (folder, entry, NULL));
    }
  /* Nothing a save leaves is there, or the folder cannot be read (every open of every file asks):
   * the folder is read once, and the listing below has DIR. */
  if (!any_left)
    return g_new0 (char *, 1);
  for (guint i = 0; i < journals->len; i++)
    g_ptr_array_add (messages, tsr_journal_recover (g_ptr_array_index (journals, i), referenced));

  /* What a killed save left before its journal was written or after it was removed; a folder it
   * was making, or one it had removed but not yet deleted, too, unless a journal that could not be
   * read is still there. */
  removed = tsr_remove_leftovers (folder, name, TRUE, referenced);
  g_dir_rewind (dir);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (folder, entry, NULL);

      if (g_str_has_suffix (entry, TSR_JOURNAL_SUFFIX))
        journal_left = TRUE;
      else if ((g_str_has_prefix (entry, TSR_HIDDEN_NEW) || g_str_has_prefix (entry, TSR_HIDDEN_GONE))
               && g_file_test (child, G_FILE_TEST_IS_DIR))
        g_ptr_array_add (making, g_steal_pointer (&child));
    }
  for (guint i = 0; !journal_left && i < making->len; i++, removed++)
    tsr_remove_tree (g_ptr_array_index (making, i));
  if (removed > 0)
    g_ptr_array_add (messages, g_strdup_printf (_("%s: temporary files left by an interrupted save were removed (%u)"),
                                                path, removed));
  g_ptr_array_add (messages, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&messages), FALSE);
}

/* Renames FROM to TO as step *STEP of a set save (the tests' injected failure or stop counts these
 * steps); FALSE with ERROR set when it fails; *STOPPED when a test stops the save after it. */
static gboolean
tsr_set_rename (const char *from,
                const char *to,
                guint      *step,
                gboolean   *stopped,
                GError    **error)
{
  int saved_errno = 0;
  guint index = (*step)++;

  if (index == inject_rename_failure_index)
    {
      inject_rename_failure_index = G_MAXUINT;
      saved_errno = EIO;
    }
  else if (g_rename (from, to) != 0)
    saved_errno = errno;
  if (saved_errno != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot replace the file: %s"), to, g_strerror (saved_errno));
      return FALSE;
    }
  if (index == inject_stop_after_rename_index)
    {
      /* As if the process were killed here: everything stays as it is on disk. */
      inject_stop_after_rename_index = G_MAXUINT;
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "%s: save stopped after rename %u for a test", to, index);
      *stopped = TRUE;
      return FALSE;
    }
  return TRUE;
}

/* Writes the files of a folder being made into STEP's hidden folder (made beside it). */
static gboolean
tsr_make_folder (TsrFolderStep *step,
                 GError       **error)
{
  g_autofree char *parent = g_path_get_dirname (step->path);
  g_autofree char *template = g_build_filename (parent, TSR_HIDDEN_NEW "XXXXXX", NULL);

  if (g_mkdtemp_full (template, 0777) == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot create the folder: %s"), step->path, g_strerror (errno));
      return FALSE;
    }
  step->kept = g_steal_pointer (&template);
  for (guint i = 0; i < step->files->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (step->files, i);
      g_autofree char *name = g_path_get_basename (output->path);
      g_autofree char *path = g_build_filename (step->kept, name, NULL);
      g_autofree char *temporary = tsr_write_temporary (path, output->bytes, error);

      if (temporary == NULL)
        return FALSE;
      if (g_rename (temporary, path) != 0)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot replace the file: %s"), path, g_strerror (errno));
          g_unlink (temporary);
          return FALSE;
        }
    }
  tsr_sync_folder_of (step->kept);
  return TRUE;
}

/* Phases: every temporary is written and synced (and every folder to be made, under a hidden
 * name); every original that will be replaced is kept under a second name (for a set, or to become
 * the backup); the journal; then the renames: removed folders aside, moves (each through a hidden
 * name, so that two folders may swap names), made folders into place, the files. If rename K
 * fails, renames 0…K-1 are undone (a new file removed where there was none), so the set on disk is
 * all old or all new. The kept originals and removed folders go only after every rename
 * succeeded. */
gboolean
tsr_files_write_set (GPtrArray *all_outputs,
                     GPtrArray *changes,
                     gboolean   backup,
                     GError   **error)
{
  g_autoptr(GPtrArray) temporaries = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) current = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) outputs = g_ptr_array_new ();
  g_autoptr(GArray) moves = g_array_new (FALSE, TRUE, sizeof (TsrMove));
  g_autoptr(GArray) removed = g_array_new (FALSE, TRUE, sizeof (TsrFolderStep));
  g_autoptr(GArray) made = g_array_new (FALSE, TRUE, sizeof (TsrFolderStep));
  g_autoptr(GPtrArray) final_temporaries = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) final_kept = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *journal_path = NULL;
  guint step = 0, n_removed = 0, n_out = 0, n_in = 0, n_made = 0, renamed = 0;
  gboolean ok = TRUE;
  gboolean stopped = FALSE;
  gboolean journaled = FALSE;

  g_array_set_clear_func (moves, tsr_move_clear);
  g_array_set_clear_func (removed, tsr_folder_step_clear);
  g_array_set_clear_func (made, tsr_folder_step_clear);
  for (guint i = 0; changes != NULL && i < changes->len; i++)
    {
      const TsrFileChange *change = g_ptr_array_index (changes, i);
      g_autofree char *parent = g_path_get_dirname (change->kind == TSR_FILE_CHANGE_MOVE ? change->from : change->path);

      if (change->kind == TSR_FILE_CHANGE_MOVE)
        {
          TsrMove move = { g_strdup (change->from), tsr_hidden_name (parent, TSR_HIDDEN_MOVE), g_strdup (change->path) };

          g_array_append_val (moves, move);
        }
      else
        {
          TsrFolderStep removal = { g_strdup (change->path), tsr_hidden_name (parent, TSR_HIDDEN_GONE), NULL };

          g_array_append_val (removed, removal);
        }
    }

  /* Only the files whose bytes change are written (and backed up): saving one level of a Wolf3D
   * set leaves its 742 KB VSWAP alone, so a nearly full disk fails only when it must. A file in a
   * folder that is not there yet (nor moved there) is made with its folder. */
  for (guint i = 0; i < all_outputs->len; i++)
    {
      TsrOutputFile *output = g_ptr_array_index (all_outputs, i);
      g_autofree char *before = tsr_moved_path (moves, output->path, FALSE);
      g_autofree char *folder = g_path_get_dirname (before);
      TsrFolderStep *making = NULL;

      if (changes != NULL && !g_file_test (folder, G_FILE_TEST_IS_DIR))
        {
          for (guint k = 0; k < made->len && making == NULL; k++)
            if (strcmp (g_array_index (made, TsrFolderStep, k).path, folder) == 0)
              making = &g_array_index (made, TsrFolderStep, k);
          if (making == NULL)
            {
              TsrFolderStep step_made = { g_strdup (folder), NULL, g_ptr_array_new () };

              g_array_append_val (made, step_made);
              making = &g_array_index (made, TsrFolderStep, made->len - 1);
            }
          g_ptr_array_add (making->files, output);
        }
      else if (!tsr_file_holds (before, output->bytes))
        {
          g_ptr_array_add (outputs, output);
          g_ptr_array_add (current, g_steal_pointer (&before));
        }
    }

  /* Leftovers of an earlier save that was killed go first. */
  for (guint i = 0; i < outputs->len; i++)
    {
      g_autofree char *folder = g_path_get_dirname (g_ptr_array_index (current, i));
      g_autofree char *name = g_path_get_basename (g_ptr_array_index (current, i));

      tsr_remove_leftovers (folder, name, FALSE, NULL);
    }

  for (guint i = 0; ok && i < made->len; i++)
    ok = tsr_make_folder (&g_array_index (made, TsrFolderStep, i), error);
  for (guint i = 0; ok && i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      char *temporary = tsr_write_temporary (g_ptr_array_index (current, i), output->bytes, error);

      if (temporary == NULL)
        ok = FALSE;
      else
        g_ptr_array_add (temporaries, temporary);
    }
  if (!ok)
    {
      tsr_unlink_all (temporaries, 0);
      for (guint i = 0; i < made->len; i++)
        if (g_array_index (made, TsrFolderStep, i).kept != NULL)
          tsr_remove_tree (g_array_index (made, TsrFolderStep, i).kept);
      return FALSE;
    }

  for (guint i = 0; ok && i < outputs->len; i++)
    {
      g_autoptr(GError) local_error = NULL;
      char *original = outputs->len > 1 || backup || moves->len + removed->len + made->len > 0
                       ? tsr_keep_original (g_ptr_array_index (current, i), &local_error) : NULL;

      g_ptr_array_add (kept, original);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          ok = FALSE;
        }
    }
  /* After the moves, the temporaries and kept originals are where their folders went. */
  for (guint i = 0; i < outputs->len; i++)
    {
      g_ptr_array_add (final_temporaries, tsr_moved_path (moves, g_ptr_array_index (temporaries, i), TRUE));
      g_ptr_array_add (final_kept, kept->len > i && g_ptr_array_index (kept, i) != NULL
                                   ? tsr_moved_path (moves, g_ptr_array_index (kept, i), TRUE) : NULL);
    }

  /* A set is journaled before its first rename, so that a process killed between two renames
   * leaves what the next open needs to finish or undo the save. A set that moves, removes or makes
   * folders keeps its journal in the folder they are in (it does not move). */
  if (moves->len + removed->len + made->len > 0)
    {
      g_autofree char *parent = g_path_get_dirname (moves->len > 0 ? g_array_index (moves, TsrMove, 0).from
                                                    : removed->len > 0 ? g_array_index (removed, TsrFolderStep, 0).path
                                                    : g_array_index (made, TsrFolderStep, 0).path);

      journal_path = g_build_filename (parent, TSR_SET_JOURNAL, NULL);
    }
  else if (outputs->len > 0)
    journal_path = tsr_journal_path_for (((const TsrOutputFile *) g_ptr_array_index (outputs, 0))->path);
  /* A move is two renames (through its hidden name): always journaled. */
  if (ok && outputs->len + 2 * moves->len + removed->len + made->len > 1)
    {
      journaled = tsr_journal_write (journal_path, outputs, final_temporaries, final_kept, moves, removed, made,
                                     backup, error);
      ok = journaled;
    }

  /* Each counter counts the renames of its kind that succeeded. */
  while (ok && n_removed < removed->len
         && (ok = tsr_set_rename (g_array_index (removed, TsrFolderStep, n_removed).path,
                                  g_array_index (removed, TsrFolderStep, n_removed).kept, &step, &stopped, error)))
    n_removed++;
  while (ok && n_out < moves->len
         && (ok = tsr_set_rename (g_array_index (moves, TsrMove, n_out).from, g_array_index (moves, TsrMove, n_out).middle,
                                  &step, &stopped, error)))
    n_out++;
  while (ok && n_in < moves->len
         && (ok = tsr_set_rename (g_array_index (moves, TsrMove, n_in).middle, g_array_index (moves, TsrMove, n_in).to,
                                  &step, &stopped, error)))
    n_in++;
  while (ok && n_made < made->len
         && (ok = tsr_set_rename (g_array_index (made, TsrFolderStep, n_made).kept,
                                  g_array_index (made, TsrFolderStep, n_made).path, &step, &stopped, error)))
    n_made++;
  while (ok && renamed < outputs->len
         && (ok = tsr_set_rename (g_ptr_array_index (final_temporaries, renamed),
                                  ((const TsrOutputFile *) g_ptr_array_index (outputs, renamed))->path, &step, &stopped,
                                  error)))
    renamed++;
  if (stopped)
    return FALSE;

  if (!ok)
    {
      /* Put back what was replaced, newest first. A kept original that cannot be renamed back
       * stays on disk, and the message says where. */
      for (guint j = renamed; j-- > 0;)
        {
          const TsrOutputFile *output = g_ptr_array_index (outputs, j);
          const char *original = g_ptr_array_index (final_kept, j);

          if (original == NULL)
            g_unlink (output->path);
          else if (g_rename (original, output->path) != 0)
            {
              g_prefix_error (error, _("%s: the original is kept as %s: "), output->path, original);
              g_ptr_array_index (kept, j) = NULL; /* leaked on purpose: it is the user's file now */
            }
          g_clear_pointer (&g_ptr_array_index (kept, j), g_free);
        }
      for (guint j = n_made; j-- > 0;)
        (void) g_rename (g_array_index (made, TsrFolderStep, j).path, g_array_index (made, TsrFolderStep, j).kept);
      for (guint j = n_in; j-- > 0;)
        (void) g_rename (g_array_index (moves, TsrMove, j).to, g_array_index (moves, TsrMove, j).middle);
      for (guint j = n_out; j-- > 0;)
        (void) g_rename (g_array_index (moves, TsrMove, j).middle, g_array_index (moves, TsrMove, j).from);
      for (guint j = n_removed; j-- > 0;)
        (void) g_rename (g_array_index (removed, TsrFolderStep, j).kept, g_array_index (removed, TsrFolderStep, j).path);
      tsr_unlink_all (temporaries, renamed);
      tsr_unlink_all (kept, 0);
      for (guint i = 0; i < made->len; i++)
        tsr_remove_tree (g_array_index (made, TsrFolderStep, i).kept);
      for (guint i = 0; i < outputs->len; i++)
        tsr_sync_folder_of (g_ptr_array_index (current, i));
      if (journaled)
        tsr_journal_remove (journal_path);
      return FALSE;
    }

  /* The kept originals become the backups ("PATH~") when asked for; one that cannot be renamed
   * stays under its kept name rather than being lost. */
  for (guint i = 0; i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      const char *original = g_ptr_array_index (final_kept, i);
      g_autofree char *backup_path = g_strconcat (output->path, "~", NULL);

      if (original == NULL)
        continue;
      if (!backup || g_rename (original, backup_path) != 0)
        g_unlink (original);
    }
  for (guint i = 0; i < removed->len; i++)
    tsr_remove_tree (g_array_index (removed, TsrFolderStep, i).kept);
  /* Make the renames durable too, in every folder the set touches. */
  for (guint i = 0; i < outputs->len; i++)
    tsr_sync_folder_of (((const TsrOutputFile *) g_ptr_array_index (outputs, i))->path);
  for (guint i = 0; i < moves->len; i++)
    tsr_sync_folder_of (g_array_index (moves, TsrMove, i).to);
  for (guint i = 0; i < removed->len; i++)
    tsr_sync_folder_of (g_array_index (removed, TsrFolderStep, i).path);
  for (guint i = 0; i < made->len; i++)
    tsr_sync_folder_of (g_array_index (made, TsrFolderStep, i).path);
  if (journaled)
    tsr_journal_remove (journal_path);
  return TRUE;
}

gboolean
tsr_files_write_atomic (GPtrArray *all_outputs,
                        gboolean   backup,
                        GError   **error)
{
  return tsr_files_write_set (all_outputs, NULL, backup, error);
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
