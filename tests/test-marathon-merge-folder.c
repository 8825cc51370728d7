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
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-marathon-set-record-command.h"
#include "tsr-test-common.h"

static char *data_dir;

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

  ck_assert_msg (tsr_file_write_atomic (to, bytes, FALSE, &error), "%s", error ? error->message : "");
}

/* The Chronicles levels merged into a scenario, split back by tessera-cli's split into ROOT/Chronicles. */
static char *
build_split_folder (void)
{
  g_autofree char *root = tsr_test_make_temp_dir ();
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

      ck_assert_int_eq (g_mkdir_with_parents (level, 0777), 0);
      copy_file (from, to);
      if (levels[i].script != NULL)
        {
          g_autofree char *script_from = g_build_filename (data_dir, levels[i].script, NULL);
          g_autofree char *script_to = g_build_filename (level, "Level.term.txt", NULL);

          copy_file (script_from, script_to);
        }
    }
  scenario = tsr_marathon_merge_folder (source, "Chronicles", NULL, &error);
  ck_assert_msg (scenario != NULL, "%s", error ? error->message : "");
  files = tsr_marathon_scenario_split (scenario, "Chronicles.sceA", &error);
  ck_assert_msg (files != NULL, "%s", error ? error->message : "");
  ck_assert_msg (tsr_marathon_merge_folder_write (files, folder, &error), "%s", error ? error->message : "");
  return folder;
}

/* Every file under FOLDER: relative path -> bytes. */
static void
snapshot_into (GHashTable *files,
               const char *folder,
               const char *prefix)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  ck_assert_ptr_nonnull (dir);
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

static GHashTable *
snapshot (const char *folder)
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

/* The files of AFTER that differ from BEFORE (or are new or gone), sorted, joined by ", ". */
static char *
changed_files (GHashTable *before,
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
save (TsrDocument *document)
{
  g_autoptr(GError) error = NULL;
  gboolean saved = tsr_document_save (document, NULL, TSR_SAVE_NONE, &error);
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
  g_autofree char *folder = build_split_folder ();
  g_autoptr(GHashTable) before = snapshot (folder);
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
  after = snapshot (folder);
  changed = changed_files (before, after);
  ck_assert_str_eq (changed, "");
}
END_TEST

START_TEST (test_save_writes_only_what_changed)
{
  g_autofree char *folder = build_split_folder ();
  g_autoptr(GHashTable) before = snapshot (folder);
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
  after_level = snapshot (folder);
  changed = changed_files (before, after_level);
  ck_assert_str_eq (changed, "07 Men Like Ravenous Fishes/Men Like Ravenous Fishes.sceA");
  g_clear_pointer (&changed, g_free);

  /* One script edited: only its .term.txt, holding the editor's text. */
  edit_script (document, 0, "Tessera ");
  save (document);
  after_script = snapshot (folder);
  changed = changed_files (after_level, after_script);
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
  after_undo = snapshot (folder);
  changed = changed_files (before, after_undo);
  ck_assert_str_eq (changed, "");
}
END_TEST

START_TEST (test_failed_save_changes_nothing)
{
  g_autofree char *folder = build_split_folder ();
  g_autoptr(GHashTable) before = snapshot (folder);
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
      after = snapshot (folder);
      changed = changed_files (before, after);
      ck_assert_msg (strcmp (changed, "") == 0, "failure %u changed %s", failure, changed);
      g_clear_pointer (&changed, g_free);
      g_clear_pointer (&after, g_hash_table_unref);
    }
  /* Then it saves: the three files, nothing else. */
  save (document);
  after = snapshot (folder);
  changed = changed_files (before, after);
  ck_assert_str_eq (changed, "07 Men Like Ravenous Fishes/Men Like Ravenous Fishes.term.txt, "
                             "10 War!/War!.sceA, 12 Commemorative 9-11 T-Shirt/Commemorative 9-11 T-Shirt.sceA");
}
END_TEST

START_TEST (test_refuses_what_it_cannot_write_back)
{
  g_autofree char *folder = build_split_folder ();
  g_autoptr(GHashTable) before = snapshot (folder);
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
  after = snapshot (folder);
  changed = changed_files (before, after);
  ck_assert_str_eq (changed, "");
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
  suite_add_tcase (suite, tcase);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (merge_folder_suite ());
}
