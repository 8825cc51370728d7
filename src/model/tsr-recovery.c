/* tsr-recovery.c: the recovery store. Each entry is a folder ID/ holding the recovered files as
 * "G-K" (generation G, output K) and "entry.ini", a GKeyFile naming them. A write puts the new
 * generation's files in place first and the key file last (both atomically), then removes the
 * previous generation, so the key file always names complete files. */
#include "model/tsr-recovery.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "core/tsr-crc.h"
#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include <glib/gi18n.h>
#include <inttypes.h>

#define ENTRY_FILE     "entry.ini"
#define ENTRY_VERSION  1
#define GROUP_RECOVERY "Recovery"
#define BOOT_ID_FILE   "/proc/sys/kernel/random/boot_id"

struct _TsrRecoveryEntry {
  gatomicrefcount  ref_count;
  char            *id;
  char            *folder;         /* the entry's folder */
  char            *path;
  GStrv            original_paths;
  GStrv            data_names;     /* per original path: the file in FOLDER */
  guint64         *sizes;
  guint32         *crcs;
  char            *display_name;
  char            *format_id;
  GDateTime       *time;
  gboolean         in_use;
  GError          *error;
};

G_DEFINE_BOXED_TYPE (TsrRecoveryEntry, tsr_recovery_entry, tsr_recovery_entry_ref, tsr_recovery_entry_unref)

struct _TsrRecoveryStore {
  GObject  parent_instance;
  char    *directory;
};

G_DEFINE_FINAL_TYPE (TsrRecoveryStore, tsr_recovery_store, G_TYPE_OBJECT)

TsrRecoveryEntry *
tsr_recovery_entry_ref (TsrRecoveryEntry *entry)
{
  g_return_val_if_fail (entry != NULL, NULL);
  g_atomic_ref_count_inc (&entry->ref_count);
  return entry;
}

void
tsr_recovery_entry_unref (TsrRecoveryEntry *entry)
{
  g_return_if_fail (entry != NULL);
  if (!g_atomic_ref_count_dec (&entry->ref_count))
    return;
  g_free (entry->id);
  g_free (entry->folder);
  g_free (entry->path);
  g_strfreev (entry->original_paths);
  g_strfreev (entry->data_names);
  g_free (entry->sizes);
  g_free (entry->crcs);
  g_free (entry->display_name);
  g_free (entry->format_id);
  g_clear_pointer (&entry->time, g_date_time_unref);
  g_clear_error (&entry->error);
  g_free (entry);
}

const char *
tsr_recovery_entry_get_id (const TsrRecoveryEntry *entry)
{
  return entry->id;
}

const char *
tsr_recovery_entry_get_path (const TsrRecoveryEntry *entry)
{
  return entry->path;
}

const char *const *
tsr_recovery_entry_get_original_paths (const TsrRecoveryEntry *entry)
{
  return (const char *const *) entry->original_paths;
}

const char *
tsr_recovery_entry_get_display_name (const TsrRecoveryEntry *entry)
{
  return entry->display_name;
}

const char *
tsr_recovery_entry_get_format_id (const TsrRecoveryEntry *entry)
{
  return entry->format_id;
}

GDateTime *
tsr_recovery_entry_get_time (const TsrRecoveryEntry *entry)
{
  return entry->time;
}

gboolean
tsr_recovery_entry_get_in_use (const TsrRecoveryEntry *entry)
{
  return entry->in_use;
}

const GError *
tsr_recovery_entry_get_error (const TsrRecoveryEntry *entry)
{
  return entry->error;
}

/* This boot's id, so a process id recorded before a reboot is never taken for a live one. */
static char *
tsr_recovery_dup_boot_id (void)
{
  char *contents = NULL;

  if (!g_file_get_contents (BOOT_ID_FILE, &contents, NULL, NULL))
    return NULL;
  return g_strstrip (contents);
}

static gboolean
tsr_recovery_process_is_alive (gint64      pid,
                               const char *boot_id)
{
  g_autofree char *current_boot = tsr_recovery_dup_boot_id ();

  if (pid <= 0 || pid == (gint64) getpid () || pid > G_MAXINT)
    return FALSE;
  if (boot_id != NULL && current_boot != NULL && g_strcmp0 (boot_id, current_boot) != 0)
    return FALSE;
  return kill ((pid_t) pid, 0) == 0 || errno == EPERM;
}

static void
tsr_recovery_store_finalize (GObject *object)
{
  TsrRecoveryStore *self = TSR_RECOVERY_STORE (object);

  g_free (self->directory);
  G_OBJECT_CLASS (tsr_recovery_store_parent_class)->finalize (object);
}

static void
tsr_recovery_store_class_init (TsrRecoveryStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_recovery_store_finalize;
}

static void
tsr_recovery_store_init (TsrRecoveryStore *self)
{
}

TsrRecoveryStore *
tsr_recovery_store_new (const char *directory)
{
  TsrRecoveryStore *self = g_object_new (TSR_TYPE_RECOVERY_STORE, NULL);

  self->directory = directory != NULL ? g_strdup (directory)
                                      : g_build_filename (g_get_user_state_dir (), "tessera", "recovery", NULL);
  return self;
}

const char *
tsr_recovery_store_get_directory (TsrRecoveryStore *self)
{
  g_return_val_if_fail (TSR_IS_RECOVERY_STORE (self), NULL);
  return self->directory;
}

char *
tsr_recovery_store_new_id (void)
{
  return g_uuid_string_random ();
}

/* An id is a folder name we made: never a path that leaves the store. */
static gboolean
tsr_recovery_id_is_valid (const char *id)
{
  return id != NULL && id[0] != '\0' && id[0] != '.' && strchr (id, G_DIR_SEPARATOR) == NULL;
}

/* The generation in FOLDER's key file, or 0 when there is none or it cannot be read. */
static guint64
tsr_recovery_read_generation (const char *folder)
{
  g_autofree char *path = g_build_filename (folder, ENTRY_FILE, NULL);
  g_autoptr(GKeyFile) keys = g_key_file_new ();

  if (!g_key_file_load_from_file (keys, path, G_KEY_FILE_NONE, NULL))
    return 0;
  return g_key_file_get_uint64 (keys, GROUP_RECOVERY, "Generation", NULL);
}

/* Removes every file in FOLDER that KEEP (names, NULL-terminated) does not list. */
static void
tsr_recovery_remove_others (const char        *folder,
                            const char *const *keep)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (keep == NULL || !g_strv_contains (keep, name))
      {
        g_autofree char *path = g_build_filename (folder, name, NULL);

        g_remove (path);
      }
}

gboolean
tsr_recovery_store_write (TsrRecoveryStore *self,
                          const char       *id,
                          TsrDocument      *document,
                          GError          **error)
{
  GFile *file;
  g_autofree char *path = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *entry_path = NULL;
  g_autofree char *boot_id = NULL;
  g_autofree char *time_text = NULL;
  g_autofree char *key_data = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GPtrArray) data_outputs = tsr_output_files_new ();
  g_autoptr(GStrvBuilder) keep = g_strv_builder_new ();
  g_auto(GStrv) keep_names = NULL;
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GBytes) key_bytes = NULL;
  guint64 generation;
  gsize key_size = 0;

  g_return_val_if_fail (TSR_IS_RECOVERY_STORE (self), FALSE);
  g_return_val_if_fail (tsr_recovery_id_is_valid (id), FALSE);
  g_return_val_if_fail (TSR_IS_DOCUMENT (document), FALSE);

  file = tsr_document_get_file (document);
  if (file == NULL || (path = g_file_get_path (file)) == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s: a document without a local file is not kept for recovery"),
                   tsr_document_get_display_name (document));
      return FALSE;
    }
  outputs = tsr_document_serialize (document, path, error);
  if (outputs == NULL)
    {
      tsr_error_prefix (error, _("recovery of %s"), path);
      return FALSE;
    }

  folder = g_build_filename (self->directory, id, NULL);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot create the recovery folder: %s"),
                   folder, g_strerror (saved_errno));
      return FALSE;
    }
  generation = tsr_recovery_read_generation (folder) + 1;

  uri = g_file_get_uri (file);
  time_text = g_date_time_format_iso8601 (now);
  boot_id = tsr_recovery_dup_boot_id ();
  g_key_file_set_integer (keys, GROUP_RECOVERY, "Version", ENTRY_VERSION);
  g_key_file_set_string (keys, GROUP_RECOVERY, "Path", uri);
  g_key_file_set_string (keys, GROUP_RECOVERY, "DisplayName", tsr_document_get_display_name (document));
  g_key_file_set_string (keys, GROUP_RECOVERY, "Format", tsr_document_get_format_id (document));
  g_key_file_set_string (keys, GROUP_RECOVERY, "Time", time_text);
  g_key_file_set_int64 (keys, GROUP_RECOVERY, "Pid", (gint64) getpid ());
  if (boot_id != NULL)
    g_key_file_set_string (keys, GROUP_RECOVERY, "Boot", boot_id);
  g_key_file_set_uint64 (keys, GROUP_RECOVERY, "Generation", generation);
  g_key_file_set_integer (keys, GROUP_RECOVERY, "Files", (int) outputs->len);

  g_strv_builder_add (keep, ENTRY_FILE);
  for (guint i = 0; i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      g_autofree char *group = g_strdup_printf ("File %u", i);
      g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT "-%u", generation, i);
      g_autofree char *data_path = g_build_filename (folder, name, NULL);
      g_autofree char *original_uri = g_filename_to_uri (output->path, NULL, NULL);
      g_autofree char *crc = NULL;
      gsize size = 0;
      const guint8 *data = g_bytes_get_data (output->bytes, &size);

      if (original_uri == NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                       _("recovery of %s: output %u has no absolute path (%s)"), path, i, output->path);
          return FALSE;
        }
      crc = g_strdup_printf ("%08" G_GINT32_MODIFIER "x", tsr_crc32 (data, size));
      g_key_file_set_string (keys, group, "Original", original_uri);
      g_key_file_set_string (keys, group, "Data", name);
      g_key_file_set_uint64 (keys, group, "Size", size);
      g_key_file_set_string (keys, group, "CRC32", crc);
      g_ptr_array_add (data_outputs, tsr_output_file_new (data_path, output->bytes));
      g_strv_builder_add (keep, name);
    }

  /* The new generation's files first; the key file that names them last. */
  if (!tsr_files_write_atomic (data_outputs, FALSE, error))
    {
      tsr_error_prefix (error, _("recovery of %s"), path);
      return FALSE;
    }
  key_data = g_key_file_to_data (keys, &key_size, NULL);
  key_bytes = g_bytes_new_take (g_steal_pointer (&key_data), key_size);
  entry_path = g_build_filename (folder, ENTRY_FILE, NULL);
  if (!tsr_file_write_atomic (entry_path, key_bytes, FALSE, error))
    {
      tsr_error_prefix (error, _("recovery of %s"), path);
      return FALSE;
    }
  keep_names = g_strv_builder_end (keep);
  tsr_recovery_remove_others (folder, (const char *const *) keep_names);
  return TRUE;
}

/* Reads KEY of GROUP as a string, or sets an error naming the key file and what is missing. */
static char *
tsr_recovery_get_string (GKeyFile   *keys,
                         const char *key_path,
                         const char *group,
                         const char *key,
                         GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  char *value = g_key_file_get_string (keys, group, key, &local_error);

  if (value == NULL || value[0] == '\0')
    {
      g_free (value);
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: [%s] %s: a value expected (%s)"), key_path,
                   group, key, local_error != NULL ? local_error->message : "it is empty");
      return NULL;
    }
  return value;
}

static char *
tsr_recovery_get_path (GKeyFile   *keys,
                       const char *key_path,
                       const char *group,
                       const char *key,
                       GError    **error)
{
  g_autofree char *uri = tsr_recovery_get_string (keys, key_path, group, key, error);
  char *path;

  if (uri == NULL)
    return NULL;
  path = g_filename_from_uri (uri, NULL, NULL);
  if (path == NULL)
    g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: [%s] %s: a file:// URI expected, not “%s”"),
                 key_path, group, key, uri);
  return path;
}

/* Fills ENTRY from its key file; FALSE with an error when it is missing or damaged. */
static gboolean
tsr_recovery_entry_load (TsrRecoveryEntry *entry,
                         GError          **error)
{
  g_autofree char *key_path = g_build_filename (entry->folder, ENTRY_FILE, NULL);
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GStrvBuilder) originals = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autofree char *time_text = NULL;
  g_autofree char *boot_id = NULL;
  int version;
  int n_files;
  gint64 pid;

  if (!g_key_file_load_from_file (keys, key_path, G_KEY_FILE_NONE, &local_error))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "%s: %s", key_path, local_error->message);
      return FALSE;
    }
  version = g_key_file_get_integer (keys, GROUP_RECOVERY, "Version", &local_error);
  if (local_error != NULL || version != ENTRY_VERSION)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_UNSUPPORTED_VERSION, _("%s: [%s] Version: %d expected (%s)"),
                   key_path, GROUP_RECOVERY, ENTRY_VERSION,
                   local_error != NULL ? local_error->message : "another version");
      return FALSE;
    }
  if ((entry->path = tsr_recovery_get_path (keys, key_path, GROUP_RECOVERY, "Path", error)) == NULL
      || (entry->format_id = tsr_recovery_get_string (keys, key_path, GROUP_RECOVERY, "Format", error)) == NULL
      || (time_text = tsr_recovery_get_string (keys, key_path, GROUP_RECOVERY, "Time", error)) == NULL)
    return FALSE;
  entry->display_name = g_key_file_get_string (keys, GROUP_RECOVERY, "DisplayName", NULL);
  if (entry->display_name == NULL)
    entry->display_name = g_path_get_basename (entry->path);
  entry->time = g_date_time_new_from_iso8601 (time_text, NULL);
  if (entry->time == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: [%s] Time: an ISO 8601 time expected, not “%s”"),
                   key_path, GROUP_RECOVERY, time_text);
      return FALSE;
    }
  n_files = g_key_file_get_integer (keys, GROUP_RECOVERY, "Files", &local_error);
  if (local_error != NULL || n_files < 1 || n_files > 1024)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: [%s] Files: a count from 1 to 1024 expected (%s)"),
                   key_path, GROUP_RECOVERY, local_error != NULL ? local_error->message : "out of range");
      return FALSE;
    }

  entry->sizes = g_new0 (guint64, n_files);
  entry->crcs = g_new0 (guint32, n_files);
  for (int i = 0; i < n_files; i++)
    {
      g_autofree char *group = g_strdup_printf ("File %d", i);
      g_autofree char *original = NULL;
      g_autofree char *name = NULL;
      g_autofree char *crc = NULL;
      g_autofree char *size_text = NULL;
      char *end = NULL;
      guint64 crc_value;

      if ((original = tsr_recovery_get_path (keys, key_path, group, "Original", error)) == NULL
          || (name = tsr_recovery_get_string (keys, key_path, group, "Data", error)) == NULL
          || (size_text = tsr_recovery_get_string (keys, key_path, group, "Size", error)) == NULL
          || (crc = tsr_recovery_get_string (keys, key_path, group, "CRC32", error)) == NULL)
        return FALSE;
      if (!tsr_recovery_id_is_valid (name) || g_str_equal (name, ENTRY_FILE))
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: [%s] Data: a file name in the entry expected, not “%s”"),
                       key_path, group, name);
          return FALSE;
        }
      if (!g_ascii_string_to_unsigned (size_text, 10, 0, G_MAXUINT64, &entry->sizes[i], NULL))
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: [%s] Size: a byte count expected, not “%s”"),
                       key_path, group, size_text);
          return FALSE;
        }
      crc_value = g_ascii_strtoull (crc, &end, 16);
      if (end == crc || *end != '\0' || crc_value > G_MAXUINT32)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: [%s] CRC32: 8 hex digits expected, not “%s”"),
                       key_path, group, crc);
          return FALSE;
        }
      entry->crcs[i] = (guint32) crc_value;
      g_strv_builder_add (originals, original);
      g_strv_builder_add (names, name);
    }
  g_strfreev (entry->original_paths);
  entry->original_paths = g_strv_builder_end (originals);
  entry->data_names = g_strv_builder_end (names);

  pid = g_key_file_get_int64 (keys, GROUP_RECOVERY, "Pid", NULL);
  boot_id = g_key_file_get_string (keys, GROUP_RECOVERY, "Boot", NULL);
  entry->in_use = tsr_recovery_process_is_alive (pid, boot_id);
  return TRUE;
}

static int
tsr_recovery_compare_entries (gconstpointer a,
                              gconstpointer b)
{
  const TsrRecoveryEntry *first = *(const TsrRecoveryEntry *const *) a;
  const TsrRecoveryEntry *second = *(const TsrRecoveryEntry *const *) b;

  /* Damaged entries (no time) last; otherwise oldest first, then by id for a stable order. */
  if ((first->time == NULL) != (second->time == NULL))
    return first->time == NULL ? 1 : -1;
  if (first->time != NULL && g_date_time_compare (first->time, second->time) != 0)
    return g_date_time_compare (first->time, second->time);
  return g_strcmp0 (first->id, second->id);
}

GPtrArray *
tsr_recovery_store_list (TsrRecoveryStore *self,
                         GError          **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_recovery_entry_unref);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_return_val_if_fail (TSR_IS_RECOVERY_STORE (self), NULL);

  dir = g_dir_open (self->directory, 0, &local_error);
  if (dir == NULL)
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return g_steal_pointer (&entries);
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "%s", local_error->message);
      return NULL;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *folder = g_build_filename (self->directory, name, NULL);
      TsrRecoveryEntry *entry;

      if (!tsr_recovery_id_is_valid (name) || !g_file_test (folder, G_FILE_TEST_IS_DIR))
        continue;
      entry = g_new0 (TsrRecoveryEntry, 1);
      g_atomic_ref_count_init (&entry->ref_count);
      entry->id = g_strdup (name);
      entry->folder = g_steal_pointer (&folder);
      entry->original_paths = g_new0 (char *, 1);
      if (!tsr_recovery_entry_load (entry, &entry->error))
        {
          /* What could not be read is shown as damaged: only deleting it is offered. */
          g_clear_pointer (&entry->path, g_free);
          g_clear_pointer (&entry->time, g_date_time_unref);
          g_strfreev (entry->original_paths);
          entry->original_paths = g_new0 (char *, 1);
          if (entry->display_name == NULL)
            entry->display_name = g_strdup (name);
        }
      g_ptr_array_add (entries, entry);
    }
  g_ptr_array_sort (entries, tsr_recovery_compare_entries);
  return g_steal_pointer (&entries);
}

gboolean
tsr_recovery_store_delete (TsrRecoveryStore *self,
                           const char       *id,
                           GError          **error)
{
  g_autofree char *folder = NULL;

  g_return_val_if_fail (TSR_IS_RECOVERY_STORE (self), FALSE);
  g_return_val_if_fail (tsr_recovery_id_is_valid (id), FALSE);

  folder = g_build_filename (self->directory, id, NULL);
  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    return TRUE;
  /* The key file first: an entry interrupted half way is then damaged, never half restored. */
  {
    g_autofree char *key_path = g_build_filename (folder, ENTRY_FILE, NULL);

    if (g_remove (key_path) != 0 && errno != ENOENT)
      {
        int saved_errno = errno;

        g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot remove: %s"), key_path, g_strerror (saved_errno));
        return FALSE;
      }
  }
  tsr_recovery_remove_others (folder, NULL);
  if (g_rmdir (folder) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot remove: %s"), folder, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

TsrDocument *
tsr_recovery_store_restore (TsrRecoveryStore       *self,
                            const TsrRecoveryEntry *entry,
                            GError                **error)
{
  g_autoptr(GPtrArray) outputs = tsr_output_files_new ();
  g_autoptr(GFile) file = NULL;
  TsrDocument *document;

  g_return_val_if_fail (TSR_IS_RECOVERY_STORE (self), NULL);
  g_return_val_if_fail (entry != NULL, NULL);

  if (entry->error != NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "%s", entry->error->message);
      return NULL;
    }
  for (guint i = 0; entry->original_paths[i] != NULL; i++)
    {
      g_autofree char *data_path = g_build_filename (entry->folder, entry->data_names[i], NULL);
      g_autoptr(GBytes) bytes = tsr_file_read (data_path, error);
      gsize size = 0;
      const guint8 *data;

      if (bytes == NULL)
        return NULL;
      data = g_bytes_get_data (bytes, &size);
      if (size != entry->sizes[i])
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_TRUNCATED,
                       _("%s: %zu bytes, %" PRIu64 " expected (recovering %s)"),
                       data_path, size, entry->sizes[i], entry->original_paths[i]);
          return NULL;
        }
      if (tsr_crc32 (data, size) != entry->crcs[i])
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                       _("%s: CRC-32 %08x, %08x expected (recovering %s)"), data_path,
                       tsr_crc32 (data, size), entry->crcs[i], entry->original_paths[i]);
          return NULL;
        }
      g_ptr_array_add (outputs, tsr_output_file_new (entry->original_paths[i], bytes));
    }

  file = g_file_new_for_path (entry->path);
  document = tsr_document_new_from_recovered (file, outputs, error);
  if (document != NULL && entry->format_id != NULL
      && g_strcmp0 (tsr_document_get_format_id (document), entry->format_id) != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("recovered %s reads as %s, %s expected"),
                   entry->path, tsr_document_get_format_id (document), entry->format_id);
      g_clear_object (&document);
    }
  return document;
}
