/* test-marathon-merge-folder.c: an Atque merge folder opened as one scenario
 * (formats/marathon/tsr-marathon-merge-folder.c through TsrMarathonDocument). The folder is what
 * the existing split writes from a scenario merged from the real Chronicles levels and scripts; the
 * tests open it, edit a level and a terminal script through commands, save, and compare every file
 * of the folder: only the edited level's file or the edited script changes, an undone edit saves
 * the original bytes, and a save that fails half-way leaves every file as it was. */
#include <string.h>
#include <glib/gstdio.h>

#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-merge.h"
#include "formats/marathon/tsr-marathon-merge-folder.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-marathon-level-command.h"
#include "model/marathon/tsr-marathon-set-record-command.h"
#include "tsr-test-common.h"
#include "tsr-test-merge-folder.h"

static char *data_dir;

static TsrDocument *
open_folder (const char *folder)
{
  g_autoptr(GFile) file = g_file_new_for_path (folder);
  g_autoptr(GError) error = NULL;
  TsrDocument *document = tsr_document_new_from_file (file, &error);

  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (tsr_document_get_format_id (document), "marathon-merge-folder");
  return document;
}

static void
save_with (TsrDocument  *document,
           TsrSaveFlags  flags)
{
  g_autoptr(GError) error = NULL;
  gboolean saved = tsr_document_save (document, NULL, flags, &error);
  GPtrArray *findings = tsr_document_get_findings (document);

  for (guint i = 0; !saved && i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);

      if (finding->severity == TSR_SEVERITY_ERROR)
        g_printerr ("%s: %s\n", finding->where, finding->what);
    }
  ck_assert_msg (saved, "%s", error ? error->message : "");
  ck_assert (!tsr_document_get_modified (document));
}

static void
save (TsrDocument *document)
{
  save_with (document, TSR_SAVE_NONE);
}

/* Raises the floor of polygon 0 of LEVEL by 64 (one undoable command). */
static void
raise_floor (TsrDocument *document,
             guint        level)
{
  TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (TSR_MARATHON_DOCUMENT (document), level);
  TsrMarathonScenario *scenario = tsr_marathon_document_get_scenario (TSR_MARATHON_DOCUMENT (document));
  TsrMarathonLevel *found = g_ptr_array_index (scenario->map->levels, level);
  TsrMarathonPolygon polygon = g_array_index (found->polygons, TsrMarathonPolygon, 0);

  polygon.floor_height += 64;
  ck_assert (tsr_document_execute_take (document,
                                        tsr_marathon_set_record_command_new (map, TSR_MARATHON_RECORD_POLYGON, 0,
                                                                             &polygon, "Floor")));
}

/* Adds a word to the first text line of LEVEL's terminals (a line that is no directive). */
static void
edit_script (TsrDocument *document,
             guint        level,
             const char  *word)
{
  g_autoptr(GError) error = NULL;
  TsrTerminalText *text = tsr_marathon_document_get_terminal_text (TSR_MARATHON_DOCUMENT (document), level, &error);
  const char *contents, *line;

  ck_assert_msg (text != NULL, "%s", error ? error->message : "");
  contents = tsr_terminal_text_get_text (text, NULL);
  for (line = contents; line != NULL && *line != '\0'; line = strchr (line, '\n') != NULL ? strchr (line, '\n') + 1 : NULL)
    if (*line != '#' && *line != '\n' && *line != ';')
      break;
  ck_assert_msg (line != NULL && *line != '\0', "no text line in the terminals of level %u", level);
  ck_assert (tsr_terminal_text_replace (text, (guint) g_utf8_pointer_to_offset (contents, line), 0, word));
}

START_TEST (test_opens_as_one_scenario)
{
  g_autofree char *root = tsr_test_make_temp_dir ();
  g_autofree char *folder = tsr_test_build_merge_folder (data_dir, root);
  g_autoptr(GHashTable) before = tsr_test_snapshot_folder (folder);
  g_autoptr(TsrDocument) document = open_folder (folder);
  TsrMarathonDocument *marathon = TSR_MARATHON_DOCUMENT (document);
  g_autoptr(GHashTable) after = NULL;
  g_autofree char *changed = NULL;
  g_autofree char *first = NULL;
  g_autofree char *script_path = g_build_filename (folder, "03 Dream Brother", "Dream Brother.term.txt", NULL);
  g_autoptr(GBytes) script = tsr_test_read_file (script_path);
  g_autoptr(GError) error = NULL;
  TsrTerminalText *text;

  /* The levels are the folders, in folder order. */
  ck_assert_uint_eq (tsr_marathon_document_get_n_levels (marathon), 4);
  first = tsr_marathon_document_dup_level_name (marathon, 0);
  ck_assert_str_eq (first, "Dream Brother");
  /* The terminals are the script beside the level, as written. */
  text = tsr_marathon_document_get_terminal_text (marathon, 0, &error);
  ck_assert_msg (text != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (strlen (tsr_terminal_text_get_text (text, NULL)), g_bytes_get_size (script));
  ck_assert (memcmp (tsr_terminal_text_get_text (text, NULL), g_bytes_get_data (script, NULL),
                     g_bytes_get_size (script)) == 0);
  /* An untouched save changes no file. */
  save (document);
  after = tsr_test_snapshot_folder (folder);
  changed = tsr_test_changed_files (before, after);
  ck_assert_str_eq (changed, "");
}
END_TEST

START_TEST (test_save_writes_only_what_changed)
{
  g_autofree char *root = tsr_test_make_temp_dir ();
  g_autofree char *folder = tsr_test_build_merge_folder (data_dir, root);
  g_autoptr(GHashTable) before = tsr_test_snapshot_folder (folder);
  g_autoptr(GHashTable) after_level = NULL;
  g_autoptr(GHashTable) after_script = NULL;
  g_autoptr(GHashTable) after_undo = NULL;
  g_autoptr(TsrDocument) document = open_folder (folder);
  g_autoptr(TsrDocument) reopened = NULL;
  g_autofree char *changed = NULL;
  TsrMarathonScenario *scenario;
  gint16 floor;

  floor = g_array_index (((TsrMarathonLevel *) g_ptr_array_index (tsr_marathon_document_get_scenario (TSR_MARATHON_DOCUMENT (document))->map->levels, 1))->polygons,
                         TsrMarathonPolygon, 0).floor_height;
  /* One level edited: only its level file. */
  raise_floor (document, 1);
  save (document);
  after_level = tsr_test_snapshot_folder (folder);
  changed = tsr_test_changed_files (before, after_level);
  ck_assert_str_eq (changed, "07 Men Like Ravenous Fishes/Men Like Ravenous Fishes.sceA");
  g_clear_pointer (&changed, g_free);

  /* One script edited: only its .term.txt, holding the editor's text. */
  edit_script (document, 0, "Tessera ");
  save (document);
  after_script = tsr_test_snapshot_folder (folder);
  changed = tsr_test_changed_files (after_level, after_script);
  ck_assert_str_eq (changed, "03 Dream Brother/Dream Brother.term.txt");
  {
    GBytes *written = g_hash_table_lookup (after_script, "03 Dream Brother/Dream Brother.term.txt");
    g_autofree char *text = g_strndup (g_bytes_get_data (written, NULL), g_bytes_get_size (written));

    ck_assert_ptr_nonnull (strstr (text, "Tessera "));
  }
  g_clear_pointer (&changed, g_free);

  /* Opened again: the edits are there, the other levels as they were. */
  reopened = open_folder (folder);
  scenario = tsr_marathon_document_get_scenario (TSR_MARATHON_DOCUMENT (reopened));
  ck_assert_int_eq (g_array_index (((TsrMarathonLevel *) g_ptr_array_index (scenario->map->levels, 1))->polygons,
                                   TsrMarathonPolygon, 0).floor_height, floor + 64);
  g_clear_object (&reopened);

  /* Both undone: the files are the original bytes again. */
  ck_assert (tsr_document_undo (document));
  ck_assert (tsr_document_undo (document));
  save (document);
  after_undo = tsr_test_snapshot_folder (folder);
  changed = tsr_test_changed_files (before, after_undo);
  ck_assert_str_eq (changed, "");
}
END_TEST

START_TEST (test_failed_save_changes_nothing)
{
  g_autofree char *root = tsr_test_make_temp_dir ();
  g_autofree char *folder = tsr_test_build_merge_folder (data_dir, root);
  g_autoptr(GHashTable) before = tsr_test_snapshot_folder (folder);
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(TsrDocument) document = open_folder (folder);
  g_autofree char *changed = NULL;

  raise_floor (document, 2);
  edit_script (document, 1, "Tessera ");
  raise_floor (document, 3);
  for (guint failure = 0; failure < 3; failure++)
    {
      g_autoptr(GError) error = NULL;

      /* A rename that fails after others succeeded, then a full disk in the first and the second
       * temporary file: all old each time. */
      if (failure == 0)
        tsr_file_inject_rename_failure (1);
      else
        tsr_file_inject_write_failure (failure == 1 ? 0 : 100);
      ck_assert (!tsr_document_save (document, NULL, TSR_SAVE_NONE, &error));
      ck_assert_ptr_nonnull (error);
      tsr_file_inject_rename_failure (G_MAXUINT);
      tsr_file_inject_write_failure (-1);
      ck_assert (tsr_document_get_modified (document));
      after = tsr_test_snapshot_folder (folder);
      changed = tsr_test_changed_files (before, after);
      ck_assert_msg (strcmp (changed, "") == 0, "failure %u changed %s", failure, changed);
      g_clear_pointer (&changed, g_free);
      g_clear_pointer (&after, g_hash_table_unref);
    }
  /* Then it saves: the three files, nothing else. */
  save (document);
  after = tsr_test_snapshot_folder (folder);
  changed = tsr_test_changed_files (before, after);
  ck_assert_str_eq (changed, "07 Men Like Ravenous Fishes/Men Like Ravenous Fishes.term.txt, "
                             "10 War!/War!.sceA, 12 Commemorative 9-11 T-Shirt/Commemorative 9-11 T-Shirt.sceA");
}
END_TEST

START_TEST (test_refuses_what_it_cannot_write_back)
{
  g_autofree char *root = tsr_test_make_temp_dir ();
  g_autofree char *folder = tsr_test_build_merge_folder (data_dir, root);
  g_autoptr(GHashTable) before = tsr_test_snapshot_folder (folder);
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(TsrDocument) document = open_folder (folder);
  g_autofree char *elsewhere = g_strconcat (folder, " copy", NULL);
  g_autoptr(GFile) other = g_file_new_for_path (elsewhere);
  g_autoptr(GError) error = NULL;
  g_autofree char *changed = NULL;

  raise_floor (document, 0);
  ck_assert (!tsr_document_save (document, other, TSR_SAVE_NONE, &error));
  ck_assert_msg (strstr (error->message, "saved where it was opened") != NULL, "%s", error->message);
  ck_assert (!g_file_test (elsewhere, G_FILE_TEST_EXISTS));
  after = tsr_test_snapshot_folder (folder);
  changed = tsr_test_changed_files (before, after);
  ck_assert_str_eq (changed, "");
}
END_TEST

/* Copies the file FROM to TO (creating TO's folder). */
static void
copy_to (const char *from,
         const char *to)
{
  g_autoptr(GBytes) bytes = tsr_test_read_file (from);
  g_autofree char *parent = g_path_get_dirname (to);
  g_autoptr(GError) error = NULL;

  ck_assert_int_eq (g_mkdir_with_parents (parent, 0777), 0);
  ck_assert_msg (tsr_file_write_atomic (to, bytes, FALSE, &error), "%s", error ? error->message : "");
}

START_TEST (test_level_file_opens_its_folder)
{
  g_autofree char *root = tsr_test_make_temp_dir ();
  g_autofree char *folder = tsr_test_build_merge_folder (data_dir, root);
  g_autofree char *level = g_build_filename (folder, "07 Men Like Ravenous Fishes", "Men Like Ravenous Fishes.sceA", NULL);
  g_autofree char *script = g_build_filename (folder, "07 Men Like Ravenous Fishes", "Men Like Ravenous Fishes.term.txt", NULL);
  g_autofree char *second = g_build_filename (folder, "07 Men Like Ravenous Fishes", "Zz Other.sceA", NULL);
  g_autofree char *ordinary = g_build_filename (root, "Maps", "Men Like Ravenous Fishes.sceA", NULL);
  g_autofree char *lone = g_build_filename (root, "Downloads", "2024 Maps", "Men.sceA", NULL);
  g_autofree char *empty = g_build_filename (root, "Downloads", "2025 Notes", NULL);
  g_autofree char *found = NULL;
  g_autofree char *relative = NULL;
  g_autofree char *cwd = g_get_current_dir ();
  g_autoptr(TsrDocument) document = NULL;

  /* The level file merging takes: its merge folder, however the path is written. */
  found = tsr_marathon_merge_folder_of_level_file (level);
  ck_assert_str_eq (found, folder);
  g_clear_pointer (&found, g_free);
  ck_assert_int_eq (g_chdir (folder), 0);
  relative = g_build_filename (".", "07 Men Like Ravenous Fishes", "..", "07 Men Like Ravenous Fishes",
                               "Men Like Ravenous Fishes.sceA", NULL);
  found = tsr_marathon_merge_folder_of_level_file (relative);
  ck_assert_int_eq (g_chdir (cwd), 0);
  ck_assert_str_eq (found, folder);
  g_clear_pointer (&found, g_free);
  /* Not the script beside it, nor a second map merging does not take (the first by name is). */
  ck_assert_ptr_null (tsr_marathon_merge_folder_of_level_file (script));
  copy_to (level, second);
  ck_assert_ptr_null (tsr_marathon_merge_folder_of_level_file (second));
  ck_assert_int_eq (g_unlink (second), 0);
  /* A map in an ordinary folder opens alone; so does one in a numbered folder beside another
   * numbered folder without a level file (no merge folder by the folder opener's rule). */
  copy_to (level, ordinary);
  ck_assert_ptr_null (tsr_marathon_merge_folder_of_level_file (ordinary));
  copy_to (level, lone);
  ck_assert_int_eq (g_mkdir_with_parents (empty, 0777), 0);
  ck_assert_ptr_null (tsr_marathon_merge_folder_of_level_file (lone));
  ck_assert_ptr_null (tsr_marathon_merge_folder_of_level_file (folder));

  /* In the folder opened, that level is the second one. */
  document = open_folder (folder);
  ck_assert_int_eq (tsr_marathon_merge_folder_find_level_file (tsr_document_get_format_data (document), level), 1);
  ck_assert_int_eq (tsr_marathon_merge_folder_find_level_file (tsr_document_get_format_data (document), ordinary), -1);
}
END_TEST

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The folder's entries (not recursing), sorted, joined by ", ". */
static char *
folder_entries (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);
  const char *name;

  ck_assert_ptr_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", (const char *) names->pdata[i]);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The level names of the scenario `tessera-cli marathon merge FOLDER` writes, in its order. */
static char *
merged_level_names (const char *folder)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) merged = tsr_marathon_merge_folder (folder, "Chronicles", NULL, &error);
  g_autoptr(TsrMarathonScenario) scenario = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  ck_assert_msg (merged != NULL, "%s", error ? error->message : "");
  scenario = tsr_marathon_scenario_load (merged, folder, &error);
  ck_assert_msg (scenario != NULL, "%s", error ? error->message : "");
  for (guint i = 0; i < scenario->map->levels->len; i++)
    {
      g_autofree char *name = tsr_marathon_level_name (g_ptr_array_index (scenario->map->levels, i));

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", name);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Adds "New Level" after the first level, moves the last level to the front and deletes "War!":
 * Commemorative 9/11 T-Shirt, Dream Brother, New Level, Men Like Ravenous Fishes. */
static void
edit_level_list (TsrDocument *document)
{
  TsrMarathonDocument *marathon = TSR_MARATHON_DOCUMENT (document);
  g_autoptr(GError) error = NULL;

  ck_assert_msg (tsr_marathon_document_add_level (marathon, 1, "New Level", &error), "%s", error ? error->message : "");
  ck_assert_msg (tsr_marathon_document_move_level_to (marathon, 4, 0, &error), "%s", error ? error->message : "");
  ck_assert_msg (tsr_marathon_document_delete_level (marathon, 4, &error), "%s", error ? error->message : "");
}

#define LEVELS_BEFORE "03 Dream Brother, 07 Men Like Ravenous Fishes, 10 War!, 12 Commemorative 9-11 T-Shirt"
#define LEVELS_AFTER  "00 Commemorative 9-11 T-Shirt, 03 Dream Brother, 04 New Level, 07 Men Like Ravenous Fishes"
#define NAMES_AFTER   "Commemorative 9/11 T-Shirt, Dream Brother, New Level, Men Like Ravenous Fishes"

START_TEST (test_levels_added_removed_moved)
{
  g_autofree char *root = tsr_test_make_temp_dir ();
  g_autofree char *folder = tsr_test_build_merge_folder (data_dir, root);
  g_autoptr(GHashTable) before = tsr_test_snapshot_folder (folder);
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(TsrDocument) document = open_folder (folder);
  g_autoptr(TsrDocument) reopened = NULL;
  g_autofree char *entries = NULL;
  g_autofree char *names = NULL;
  g_autofree char *changed = NULL;

  entries = folder_entries (folder);
  ck_assert_str_eq (entries, LEVELS_BEFORE);
  g_clear_pointer (&entries, g_free);
  /* The new level has no player start yet: an error the user saves over (Save asks). */
  edit_level_list (document);
  ck_assert_uint_eq (tsr_marathon_document_get_n_levels (TSR_MARATHON_DOCUMENT (document)), 4);

  /* Nothing on disk until Save; a save failing at any of its renames (the removed folder aside,
   * the moved one out and in, the new one into place) or while writing the new level's file
   * leaves the folder as it was. */
  for (guint failure = 0; failure < 5; failure++)
    {
      g_autoptr(GError) error = NULL;

      if (failure < 4)
        tsr_file_inject_rename_failure (failure);
      else
        tsr_file_inject_write_failure (100);
      ck_assert (!tsr_document_save (document, NULL, TSR_SAVE_FORCE, &error));
      ck_assert_ptr_nonnull (error);
      tsr_file_inject_rename_failure (G_MAXUINT);
      tsr_file_inject_write_failure (-1);
      ck_assert (tsr_document_get_modified (document));
      entries = folder_entries (folder);
      ck_assert_msg (strcmp (entries, LEVELS_BEFORE) == 0, "failure %u left %s", failure, entries);
      g_clear_pointer (&entries, g_free);
      after = tsr_test_snapshot_folder (folder);
      changed = tsr_test_changed_files (before, after);
      ck_assert_msg (strcmp (changed, "") == 0, "failure %u changed %s", failure, changed);
      g_clear_pointer (&changed, g_free);
      g_clear_pointer (&after, g_hash_table_unref);
    }

  /* Saved: the removed level's folder is gone, the moved one renumbered (its files as they were),
   * the new one made with its level file; the levels keep the numbers they can. */
  save_with (document, TSR_SAVE_FORCE);
  entries = folder_entries (folder);
  ck_assert_str_eq (entries, LEVELS_AFTER);
  g_clear_pointer (&entries, g_free);
  after = tsr_test_snapshot_folder (folder);
  ck_assert (g_bytes_equal (g_hash_table_lookup (after, "00 Commemorative 9-11 T-Shirt/Commemorative 9-11 T-Shirt.sceA"),
                            g_hash_table_lookup (before, "12 Commemorative 9-11 T-Shirt/Commemorative 9-11 T-Shirt.sceA")));
  ck_assert_ptr_nonnull (g_hash_table_lookup (after, "04 New Level/New Level.sceA"));
  ck_assert (g_bytes_equal (g_hash_table_lookup (after, "03 Dream Brother/Dream Brother.term.txt"),
                            g_hash_table_lookup (before, "03 Dream Brother/Dream Brother.term.txt")));
  /* Merging the folder (tessera-cli marathon merge) gives the levels in the new order. */
  names = merged_level_names (folder);
  ck_assert_str_eq (names, NAMES_AFTER);
  g_clear_pointer (&names, g_free);
  {
    g_autofree char *output = g_build_filename (root, "Chronicles.sceA", NULL);
    const char *argv[] = { g_getenv ("TSR_CLI"), "marathon", "merge", folder, "-o", output, NULL };
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) merged = NULL;
    g_autoptr(TsrMarathonScenario) scenario = NULL;
    g_autofree char *first = NULL;
    g_autofree char *last = NULL;
    int status = -1;

    ck_assert_ptr_nonnull (argv[0]);
    ck_assert_msg (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                                 &status, &error), "%s", error ? error->message : "");
    ck_assert_int_eq (status, 0);
    merged = tsr_file_read (output, &error);
    ck_assert_msg (merged != NULL, "%s", error ? error->message : "");
    scenario = tsr_marathon_scenario_load (merged, output, &error);
    ck_assert_msg (scenario != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq (scenario->map->levels->len, 4);
    first = tsr_marathon_level_name (g_ptr_array_index (scenario->map->levels, 0));
    last = tsr_marathon_level_name (g_ptr_array_index (scenario->map->levels, 3));
    ck_assert_str_eq (first, "Commemorative 9/11 T-Shirt");
    ck_assert_str_eq (last, "Men Like Ravenous Fishes");
  }
  reopened = open_folder (folder);
  ck_assert_uint_eq (tsr_marathon_document_get_n_levels (TSR_MARATHON_DOCUMENT (reopened)), 4);
  g_clear_object (&reopened);

  /* The delete undone: War! comes back as a level folder after the others, whole in its file. */
  ck_assert (tsr_document_undo (document));
  save_with (document, TSR_SAVE_FORCE);
  entries = folder_entries (folder);
  ck_assert_str_eq (entries, LEVELS_AFTER ", 08 War!");
  names = merged_level_names (folder);
  ck_assert_str_eq (names, NAMES_AFTER ", War!");
}
END_TEST

/* A save killed after each of its renames: the next open finishes or undoes it, so the folder
 * holds either the old level folders or the new ones, and merges. */
START_TEST (test_killed_level_list_save_recovers)
{
  for (guint stop = 0; stop < 4; stop++)
    {
      g_autofree char *root = tsr_test_make_temp_dir ();
      g_autofree char *folder = tsr_test_build_merge_folder (data_dir, root);
      g_autoptr(TsrDocument) document = open_folder (folder);
      g_autoptr(TsrDocument) reopened = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *entries = NULL;
      g_autofree char *names = NULL;

      edit_level_list (document);
      tsr_file_inject_stop_after_rename (stop);
      ck_assert (!tsr_document_save (document, NULL, TSR_SAVE_FORCE, &error));
      tsr_file_inject_stop_after_rename (G_MAXUINT);
      reopened = open_folder (folder);
      entries = folder_entries (folder);
      names = merged_level_names (folder);
      ck_assert_msg ((strcmp (entries, LEVELS_BEFORE) == 0
                      && strcmp (names, "Dream Brother, Men Like Ravenous Fishes, War!, Commemorative 9/11 T-Shirt") == 0)
                     || (strcmp (entries, LEVELS_AFTER) == 0 && strcmp (names, NAMES_AFTER) == 0),
                     "stopped after rename %u: %s (%s)", stop, entries, names);
    }
}
END_TEST

START_TEST (test_not_a_merge_folder)
{
  g_autofree char *root = tsr_test_make_temp_dir ();
  g_autoptr(GFile) file = g_file_new_for_path (root);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_document_new_from_file (file, &error);

  ck_assert_ptr_null (document);
  ck_assert_msg (strstr (error->message, "merge folder") != NULL, "%s", error->message);
}
END_TEST

static Suite *
merge_folder_suite (void)
{
  Suite *suite = suite_create ("marathon-merge-folder");
  TCase *tcase = tcase_create ("editor");

  tcase_set_timeout (tcase, 120);
  tcase_add_test (tcase, test_opens_as_one_scenario);
  tcase_add_test (tcase, test_save_writes_only_what_changed);
  tcase_add_test (tcase, test_failed_save_changes_nothing);
  tcase_add_test (tcase, test_refuses_what_it_cannot_write_back);
  tcase_add_test (tcase, test_not_a_merge_folder);
  tcase_add_test (tcase, test_level_file_opens_its_folder);
  tcase_add_test (tcase, test_levels_added_removed_moved);
  tcase_add_test (tcase, test_killed_level_list_save_recovers);
  suite_add_tcase (suite, tcase);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (merge_folder_suite ());
}
