/* test-recovery.c: the crash-recovery store (TsrRecoveryStore) on real files: a Sphere map (one
 * file) and the Wolf3D shareware set (eight files written together). Write, list, restore (the
 * bytes a save would write, modified, at the original path, originals untouched), rewrite,
 * delete; damaged and truncated key files and data files are reported, never crashed on. */
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "core/tsr-file.h"
#include "model/tsr-recovery.h"
#include "model/tsr-tile-commands.h"
#include "model/tsr-tile-map.h"
#include "tsr-test-common.h"

static char *data_root;

static const char *const sphere_files[] = { "village.rmp", "outside_neo.rts", "sarah.rss", NULL };
static const char *const wolf3d_files[] = {
  "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1",
  "VGADICT.WL1", "VGAGRAPH.WL1", "VGAHEAD.WL1", "VSWAP.WL1", NULL
};

/* Copies NAMES from the test data folder SUBDIR into a new temporary folder. */
static char *
copy_to_temp (const char        *subdir,
              const char *const *names)
{
  char *folder = tsr_test_make_temp_dir ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *from = g_build_filename (data_root, subdir, names[i], NULL);
      g_autofree char *to = g_build_filename (folder, names[i], NULL);
      g_autoptr(GBytes) bytes = tsr_test_read_file (from);
      g_autoptr(GError) error = NULL;

      ck_assert_msg (tsr_file_write_atomic (to, bytes, FALSE, &error), "%s", error ? error->message : "");
    }
  return folder;
}

static TsrDocument *
open_document (const char *folder,
               const char *name)
{
  TsrDocument *document = tsr_test_open_document (folder, name);

  ck_assert_msg (TSR_IS_TILE_MAP (document), "%s is not a tile map", name);
  return document;
}

/* Paints a rectangle of VALUE on LAYER, so the serialized bytes differ from the file. */
static void
paint (TsrDocument *document,
       guint        layer,
       guint32      value)
{
  TsrTileRect area = { 3, 4, 5, 2 };
  TsrCommand *command = tsr_tile_command_fill_rect (TSR_TILE_MAP (document), layer, &area, value);

  ck_assert_ptr_nonnull (command);
  tsr_document_execute (document, command);
  ck_assert (tsr_document_get_modified (document));
}

static GPtrArray *
serialize (TsrDocument *document)
{
  g_autofree char *path = g_file_get_path (tsr_document_get_file (document));
  g_autoptr(GError) error = NULL;
  GPtrArray *outputs = tsr_document_serialize (document, path, &error);

  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  return outputs;
}

/* Every output of A equals the one of B at the same path. */
static void
assert_outputs_equal (GPtrArray *a,
                      GPtrArray *b)
{
  ck_assert_uint_eq (a->len, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const TsrOutputFile *first = g_ptr_array_index (a, i);
      const TsrOutputFile *second = g_ptr_array_index (b, i);

      ck_assert_str_eq (first->path, second->path);
      ck_assert_msg (g_bytes_equal (first->bytes, second->bytes), "%s differs", first->path);
    }
}

/* Every file of NAMES in FOLDER is byte-identical to the test data. */
static void
assert_originals_untouched (const char        *subdir,
                            const char        *folder,
                            const char *const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *original = g_build_filename (data_root, subdir, names[i], NULL);
      g_autofree char *copy = g_build_filename (folder, names[i], NULL);
      g_autoptr(GBytes) expected = tsr_test_read_file (original);
      g_autoptr(GBytes) actual = tsr_test_read_file (copy);

      ck_assert_msg (g_bytes_equal (expected, actual), "%s was changed", copy);
    }
}

static GPtrArray *
list_entries (TsrRecoveryStore *store)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *entries = tsr_recovery_store_list (store, &error);

  ck_assert_msg (entries != NULL, "%s", error ? error->message : "");
  return entries;
}

static guint
count_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint count = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    count++;
  return count;
}

/* The full cycle on one document: write, list, restore, save the restored document, delete. */
static void
check_cycle (const char        *subdir,
             const char *const *names,
             const char        *main_name,
             guint              layer,
             guint32            value)
{
  g_autofree char *folder = copy_to_temp (subdir, names);
  g_autofree char *store_dir = tsr_test_make_temp_dir ();
  g_autoptr(TsrRecoveryStore) store = tsr_recovery_store_new (store_dir);
  g_autoptr(TsrDocument) document = open_document (folder, main_name);
  g_autoptr(GPtrArray) edited = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) restored_outputs = NULL;
  g_autoptr(TsrDocument) restored = NULL;
  g_autofree char *id = tsr_recovery_store_new_id ();
  g_autofree char *main_path = g_build_filename (folder, main_name, NULL);
  g_autofree char *entry_folder = g_build_filename (store_dir, id, NULL);
  g_autoptr(GDateTime) before = g_date_time_new_now_utc ();
  g_autoptr(GError) error = NULL;
  const TsrRecoveryEntry *entry;

  paint (document, layer, value);
  edited = serialize (document);

  ck_assert_msg (tsr_recovery_store_write (store, id, document, &error), "%s", error ? error->message : "");
  /* The key file and one data file per output, nothing else. */
  ck_assert_uint_eq (count_files (entry_folder), edited->len + 1);

  entries = list_entries (store);
  ck_assert_uint_eq (entries->len, 1);
  entry = g_ptr_array_index (entries, 0);
  ck_assert_ptr_null (tsr_recovery_entry_get_error (entry));
  ck_assert_str_eq (tsr_recovery_entry_get_id (entry), id);
  ck_assert_str_eq (tsr_recovery_entry_get_path (entry), main_path);
  ck_assert_str_eq (tsr_recovery_entry_get_display_name (entry), main_name);
  ck_assert_str_eq (tsr_recovery_entry_get_format_id (entry), tsr_document_get_format_id (document));
  ck_assert (!tsr_recovery_entry_get_in_use (entry));
  ck_assert_uint_eq (g_strv_length ((GStrv) tsr_recovery_entry_get_original_paths (entry)), edited->len);
  for (guint i = 0; i < edited->len; i++)
    ck_assert_str_eq (tsr_recovery_entry_get_original_paths (entry)[i],
                      ((TsrOutputFile *) g_ptr_array_index (edited, i))->path);
  ck_assert_ptr_nonnull (tsr_recovery_entry_get_time (entry));
  ck_assert_int_ge (g_date_time_to_unix (tsr_recovery_entry_get_time (entry)), g_date_time_to_unix (before));

  /* Writing the recovery entry never touched the originals. */
  assert_originals_untouched (subdir, folder, names);

  restored = tsr_recovery_store_restore (store, entry, &error);
  ck_assert_msg (restored != NULL, "%s", error ? error->message : "");
  ck_assert (tsr_document_get_modified (restored));
  ck_assert (g_file_equal (tsr_document_get_file (restored), tsr_document_get_file (document)));
  ck_assert_str_eq (tsr_document_get_display_name (restored), main_name);
  restored_outputs = serialize (restored);
  assert_outputs_equal (restored_outputs, edited);
  assert_originals_untouched (subdir, folder, names);

  /* Saving the restored document writes the edited bytes over the original. */
  ck_assert_msg (tsr_document_save (restored, NULL, TSR_SAVE_FORCE, &error), "%s", error ? error->message : "");
  ck_assert (!tsr_document_get_modified (restored));
  for (guint i = 0; i < edited->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (edited, i);
      g_autoptr(GBytes) on_disk = tsr_test_read_file (output->path);

      ck_assert_msg (g_bytes_equal (on_disk, output->bytes), "%s: not the recovered bytes", output->path);
    }

  ck_assert_msg (tsr_recovery_store_delete (store, id, &error), "%s", error ? error->message : "");
  ck_assert (!g_file_test (entry_folder, G_FILE_TEST_EXISTS));
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = list_entries (store);
  ck_assert_uint_eq (entries->len, 0);
  /* Deleting what is gone is not an error. */
  ck_assert (tsr_recovery_store_delete (store, id, &error));
}

START_TEST (test_sphere_cycle)
{
  check_cycle ("sphere", sphere_files, "village.rmp", 1, 7);
}
END_TEST

START_TEST (test_wolf3d_cycle)
{
  /* Eight files: GAMEMAPS and MAPHEAD change, and the restore must read the recovered ones, not
   * the originals beside the document. */
  check_cycle ("wolf3d/wl1_v14_shareware", wolf3d_files, "GAMEMAPS.WL1", 0, 8);
}
END_TEST

START_TEST (test_rewrite_keeps_one_generation)
{
  g_autofree char *folder = copy_to_temp ("sphere", sphere_files);
  g_autofree char *store_dir = tsr_test_make_temp_dir ();
  g_autoptr(TsrRecoveryStore) store = tsr_recovery_store_new (store_dir);
  g_autoptr(TsrDocument) document = open_document (folder, "village.rmp");
  g_autofree char *id = tsr_recovery_store_new_id ();
  g_autofree char *entry_folder = g_build_filename (store_dir, id, NULL);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) edited = NULL;
  g_autoptr(GPtrArray) restored_outputs = NULL;
  g_autoptr(TsrDocument) restored = NULL;
  g_autoptr(GError) error = NULL;

  paint (document, 0, 3);
  ck_assert (tsr_recovery_store_write (store, id, document, &error));
  paint (document, 2, 5);
  ck_assert (tsr_recovery_store_write (store, id, document, &error));
  ck_assert_msg (error == NULL, "%s", error ? error->message : "");
  edited = serialize (document);

  /* The previous generation's files are gone. */
  ck_assert_uint_eq (count_files (entry_folder), edited->len + 1);
  entries = list_entries (store);
  ck_assert_uint_eq (entries->len, 1);
  restored = tsr_recovery_store_restore (store, g_ptr_array_index (entries, 0), &error);
  ck_assert_msg (restored != NULL, "%s", error ? error->message : "");
  restored_outputs = serialize (restored);
  assert_outputs_equal (restored_outputs, edited);
}
END_TEST

START_TEST (test_several_entries_and_default_folder)
{
  g_autofree char *folder = copy_to_temp ("sphere", sphere_files);
  g_autofree char *store_dir = tsr_test_make_temp_dir ();
  g_autoptr(TsrRecoveryStore) store = tsr_recovery_store_new (store_dir);
  g_autoptr(TsrRecoveryStore) default_store = tsr_recovery_store_new (NULL);
  g_autoptr(TsrDocument) map = open_document (folder, "village.rmp");
  g_autofree char *expected_default = g_build_filename (g_get_user_state_dir (), "tessera", "recovery", NULL);
  g_autofree char *first = tsr_recovery_store_new_id ();
  g_autofree char *second = tsr_recovery_store_new_id ();
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;

  ck_assert_str_eq (tsr_recovery_store_get_directory (default_store), expected_default);
  ck_assert_str_ne (first, second);
  /* A folder that was never created has no entries. */
  {
    g_autofree char *missing = g_build_filename (store_dir, "never", NULL);
    g_autoptr(TsrRecoveryStore) empty = tsr_recovery_store_new (missing);

    entries = list_entries (empty);
    ck_assert_uint_eq (entries->len, 0);
    g_clear_pointer (&entries, g_ptr_array_unref);
  }

  paint (map, 1, 2);
  ck_assert (tsr_recovery_store_write (store, first, map, &error));
  g_usleep (2000);
  ck_assert (tsr_recovery_store_write (store, second, map, &error));
  entries = list_entries (store);
  ck_assert_uint_eq (entries->len, 2);
  /* Oldest first. */
  ck_assert_str_eq (tsr_recovery_entry_get_id (g_ptr_array_index (entries, 0)), first);
  ck_assert_str_eq (tsr_recovery_entry_get_id (g_ptr_array_index (entries, 1)), second);
  ck_assert (tsr_recovery_store_delete (store, first, &error));
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = list_entries (store);
  ck_assert_uint_eq (entries->len, 1);
  ck_assert_str_eq (tsr_recovery_entry_get_id (g_ptr_array_index (entries, 0)), second);
}
END_TEST

START_TEST (test_document_without_file)
{
  g_autofree char *path = g_build_filename (data_root, "sphere", "village.rmp", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autofree char *store_dir = tsr_test_make_temp_dir ();
  g_autoptr(TsrRecoveryStore) store = tsr_recovery_store_new (store_dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_document_new_from_bytes (bytes, "village.rmp", &error);
  g_autoptr(GPtrArray) entries = NULL;

  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
  ck_assert (!tsr_recovery_store_write (store, "some-id", document, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED));
  entries = list_entries (store);
  ck_assert_uint_eq (entries->len, 0);
}
END_TEST

/* Writes one real entry for the village map; returns the store folder and sets *ID and *EDITED. */
static TsrRecoveryStore *
write_village_entry (char      **id,
                     GPtrArray **edited)
{
  g_autofree char *folder = copy_to_temp ("sphere", sphere_files);
  g_autofree char *store_dir = tsr_test_make_temp_dir ();
  TsrRecoveryStore *store = tsr_recovery_store_new (store_dir);
  g_autoptr(TsrDocument) document = open_document (folder, "village.rmp");
  g_autoptr(GError) error = NULL;

  paint (document, 1, 9);
  *id = tsr_recovery_store_new_id ();
  ck_assert_msg (tsr_recovery_store_write (store, *id, document, &error), "%s", error ? error->message : "");
  *edited = serialize (document);
  return store;
}

START_TEST (test_truncated_key_file)
{
  g_autofree char *id = NULL;
  g_autoptr(GPtrArray) edited = NULL;
  g_autoptr(TsrRecoveryStore) store = write_village_entry (&id, &edited);
  g_autofree char *key_path = g_build_filename (tsr_recovery_store_get_directory (store), id, "entry.ini", NULL);
  g_autoptr(GBytes) key_bytes = tsr_test_read_file (key_path);
  gsize size = g_bytes_get_size (key_bytes);
  guint damaged = 0;
  guint refused = 0;

  /* Every truncation of the real key file: listed (as damaged, or restoring refuses it, or
   * restoring gives exactly the edited bytes), never a crash or wrong content. */
  for (gsize length = 0; length < size; length++)
    {
      g_autoptr(GBytes) cut = g_bytes_new_from_bytes (key_bytes, 0, length);
      g_autoptr(GPtrArray) entries = NULL;
      g_autoptr(GError) error = NULL;
      const TsrRecoveryEntry *entry;

      ck_assert (tsr_file_write_atomic (key_path, cut, FALSE, &error));
      entries = list_entries (store);
      ck_assert_uint_eq (entries->len, 1);
      entry = g_ptr_array_index (entries, 0);
      ck_assert_str_eq (tsr_recovery_entry_get_id (entry), id);
      if (tsr_recovery_entry_get_error (entry) != NULL)
        {
          const GError *problem = tsr_recovery_entry_get_error (entry);

          ck_assert_msg (strstr (problem->message, "entry.ini") != NULL, "the message names the file: %s",
                         problem->message);
          ck_assert_ptr_null (tsr_recovery_entry_get_path (entry));
          ck_assert_ptr_nonnull (tsr_recovery_entry_get_display_name (entry));
          ck_assert (tsr_recovery_store_restore (store, entry, &error) == NULL);
          ck_assert_ptr_nonnull (error);
          damaged++;
        }
      else
        {
          g_autoptr(TsrDocument) restored = tsr_recovery_store_restore (store, entry, &error);

          if (restored == NULL)
            {
              ck_assert_ptr_nonnull (error);
              refused++;
            }
          else
            {
              g_autoptr(GPtrArray) outputs = serialize (restored);

              assert_outputs_equal (outputs, edited);
            }
        }
    }
  ck_assert_uint_gt (damaged, size / 2);
  /* A cut CRC or size is caught when the data file is checked. */
  ck_assert_uint_gt (refused, 0);

  /* A damaged entry can still be deleted. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) entries = NULL;

    ck_assert (tsr_recovery_store_delete (store, id, &error));
    entries = list_entries (store);
    ck_assert_uint_eq (entries->len, 0);
  }
}
END_TEST

START_TEST (test_damaged_entries)
{
  g_autofree char *id = NULL;
  g_autoptr(GPtrArray) edited = NULL;
  g_autoptr(TsrRecoveryStore) store = write_village_entry (&id, &edited);
  const char *store_dir = tsr_recovery_store_get_directory (store);
  g_autofree char *entry_folder = g_build_filename (store_dir, id, NULL);
  g_autofree char *key_path = g_build_filename (entry_folder, "entry.ini", NULL);
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autofree char *data_name = NULL;
  g_autofree char *data_path = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  static const struct {
    const char *group;
    const char *key;
    const char *value;
    const char *expect; /* in the message */
  } edits[] = {
    { "Recovery", "Version", "7", "Version" },
    { "Recovery", "Path", "not a uri", "Path" },
    { "Recovery", "Time", "yesterday", "Time" },
    { "Recovery", "Files", "0", "Files" },
    { "Recovery", "Files", "2", "File 1" },
    { "File 0", "Data", "../../escape", "Data" },
    { "File 0", "Size", "-3", "Size" },
    { "File 0", "CRC32", "xyz", "CRC32" },
  };

  ck_assert (g_key_file_load_from_file (keys, key_path, G_KEY_FILE_KEEP_COMMENTS, &error));
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autoptr(GKeyFile) changed = g_key_file_new ();
      g_autofree char *text = g_key_file_to_data (keys, NULL, NULL);
      const GError *problem;

      ck_assert (g_key_file_load_from_data (changed, text, (gsize) -1, G_KEY_FILE_NONE, NULL));
      g_key_file_set_value (changed, edits[i].group, edits[i].key, edits[i].value);
      ck_assert (g_key_file_save_to_file (changed, key_path, &error));
      entries = list_entries (store);
      ck_assert_uint_eq (entries->len, 1);
      problem = tsr_recovery_entry_get_error (g_ptr_array_index (entries, 0));
      ck_assert_msg (problem != NULL, "[%s] %s=%s accepted", edits[i].group, edits[i].key, edits[i].value);
      ck_assert_msg (strstr (problem->message, edits[i].expect) != NULL && strstr (problem->message, key_path) != NULL,
                     "“%s” should name %s and %s", problem->message, key_path, edits[i].expect);
      g_clear_pointer (&entries, g_ptr_array_unref);
    }

  /* Garbage instead of a key file; a folder without one (a write that never finished). */
  ck_assert (g_file_set_contents (key_path, "\x01\x02 not [ a key file", -1, &error));
  entries = list_entries (store);
  ck_assert_ptr_nonnull (tsr_recovery_entry_get_error (g_ptr_array_index (entries, 0)));
  g_clear_pointer (&entries, g_ptr_array_unref);
  {
    g_autofree char *empty = g_build_filename (store_dir, "empty-entry", NULL);

    ck_assert_int_eq (g_mkdir (empty, 0700), 0);
    entries = list_entries (store);
    ck_assert_uint_eq (entries->len, 2);
    g_clear_pointer (&entries, g_ptr_array_unref);
    ck_assert (tsr_recovery_store_delete (store, "empty-entry", &error));
    ck_assert (!g_file_test (empty, G_FILE_TEST_EXISTS));
  }

  /* A good key file over a truncated or altered data file: restoring says which and why. */
  ck_assert (g_key_file_save_to_file (keys, key_path, &error));
  data_name = g_key_file_get_string (keys, "File 0", "Data", &error);
  data_path = g_build_filename (entry_folder, data_name, NULL);
  {
    const TsrOutputFile *output = g_ptr_array_index (edited, 0);
    g_autoptr(GBytes) cut = g_bytes_new_from_bytes (output->bytes, 0, g_bytes_get_size (output->bytes) / 2);
    g_autoptr(GBytes) flipped = NULL;
    g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (output->bytes, NULL), g_bytes_get_size (output->bytes));
    g_autoptr(TsrDocument) restored = NULL;

    ck_assert (tsr_file_write_atomic (data_path, cut, FALSE, &error));
    entries = list_entries (store);
    ck_assert_ptr_null (tsr_recovery_entry_get_error (g_ptr_array_index (entries, 0)));
    restored = tsr_recovery_store_restore (store, g_ptr_array_index (entries, 0), &error);
    ck_assert_ptr_null (restored);
    ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_TRUNCATED));
    ck_assert_msg (strstr (error->message, data_path) != NULL, "%s", error->message);
    g_clear_error (&error);

    copy[100] ^= 0x40;
    flipped = g_bytes_new (copy, g_bytes_get_size (output->bytes));
    ck_assert (tsr_file_write_atomic (data_path, flipped, FALSE, &error));
    restored = tsr_recovery_store_restore (store, g_ptr_array_index (entries, 0), &error);
    ck_assert_ptr_null (restored);
    ck_assert_msg (error != NULL && strstr (error->message, "CRC-32") != NULL, "%s", error ? error->message : "");
    g_clear_error (&error);

    g_remove (data_path);
    restored = tsr_recovery_store_restore (store, g_ptr_array_index (entries, 0), &error);
    ck_assert_ptr_null (restored);
    ck_assert_ptr_nonnull (error);
  }
}
END_TEST

START_TEST (test_in_use)
{
  g_autofree char *id = NULL;
  g_autoptr(GPtrArray) edited = NULL;
  g_autoptr(TsrRecoveryStore) store = write_village_entry (&id, &edited);
  g_autofree char *key_path = g_build_filename (tsr_recovery_store_get_directory (store), id, "entry.ini", NULL);
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;

  /* Written by this process: not another live session's. */
  entries = list_entries (store);
  ck_assert (!tsr_recovery_entry_get_in_use (g_ptr_array_index (entries, 0)));
  g_clear_pointer (&entries, g_ptr_array_unref);

  /* The parent process is alive: its entry is in use. */
  ck_assert (g_key_file_load_from_file (keys, key_path, G_KEY_FILE_NONE, &error));
  g_key_file_set_int64 (keys, "Recovery", "Pid", (gint64) getppid ());
  ck_assert (g_key_file_save_to_file (keys, key_path, &error));
  entries = list_entries (store);
  ck_assert (tsr_recovery_entry_get_in_use (g_ptr_array_index (entries, 0)));
  g_clear_pointer (&entries, g_ptr_array_unref);

  /* The same process id in another boot is not alive. */
  g_key_file_set_string (keys, "Recovery", "Boot", "00000000-0000-0000-0000-000000000000");
  ck_assert (g_key_file_save_to_file (keys, key_path, &error));
  entries = list_entries (store);
  if (g_file_test ("/proc/sys/kernel/random/boot_id", G_FILE_TEST_EXISTS))
    ck_assert (!tsr_recovery_entry_get_in_use (g_ptr_array_index (entries, 0)));
}
END_TEST

static Suite *
recovery_suite (void)
{
  Suite *suite = suite_create ("recovery");
  TCase *tcase = tcase_create ("store");

  tcase_set_timeout (tcase, 300);
  tcase_add_test (tcase, test_sphere_cycle);
  tcase_add_test (tcase, test_wolf3d_cycle);
  tcase_add_test (tcase, test_rewrite_keeps_one_generation);
  tcase_add_test (tcase, test_several_entries_and_default_folder);
  tcase_add_test (tcase, test_document_without_file);
  tcase_add_test (tcase, test_truncated_key_file);
  tcase_add_test (tcase, test_damaged_entries);
  tcase_add_test (tcase, test_in_use);
  suite_add_tcase (suite, tcase);
  return suite;
}

int
main (void)
{
  g_autofree char *sphere = tsr_test_data_require ("sphere");
  g_autofree char *wolf3d = tsr_test_data_require ("wolf3d");

  data_root = g_strdup (tsr_test_data_root ());
  return tsr_test_run_suite (recovery_suite ());
}
