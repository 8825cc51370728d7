/* test-terminal-document.c: the terminal script document on the real .term.txt files: untouched
 * saves are byte-identical, typing and deleting merge into undo steps, random edits undo back to
 * the original bytes, diagnostics follow the text, and a saved edit reloads as written. */
#include <string.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-terminal-document.h"
#include "tsr-test-common.h"

#define TEXT(document) tsr_terminal_document_get_text (document)

static char *data_dir;

static TsrTerminalDocument *
open_script (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TsrDocument *document = tsr_document_new_from_file (file, &error);

  ck_assert_msg (document != NULL, "%s: %s", path, error ? error->message : "");
  ck_assert_msg (TSR_IS_TERMINAL_DOCUMENT (document), "%s opens as %s", path, G_OBJECT_TYPE_NAME (document));
  return TSR_TERMINAL_DOCUMENT (document);
}

static GBytes *
serialize (TsrTerminalDocument *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (TSR_DOCUMENT (document), "x.term.txt", &error);

  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (outputs->len, 1);
  return g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
}

static GPtrArray *
real_scripts (void)
{
  static const char *const suffixes[] = { ".term.txt", NULL };
  g_autofree char *marathon = g_build_filename (data_dir, "marathon", NULL);

  return tsr_test_data_list (marathon, suffixes);
}

START_TEST (test_untouched_and_random_edits)
{
  g_autoptr(GPtrArray) files = real_scripts ();
  GRand *rand = g_rand_new_with_seed (21);
  static const char *const pieces[] = { "a", " ", "\n", "$B", "Ωμέγα", "#", "\r\n", "é", "#PICT 5\n", "" };

  ck_assert_uint_ge (files->len, 2);
  for (guint f = 0; f < files->len; f++)
    {
      const char *path = g_ptr_array_index (files, f);
      g_autoptr(TsrTerminalDocument) document = open_script (path);
      g_autoptr(GBytes) original = tsr_test_read_file (path);
      g_autoptr(GBytes) untouched = serialize (document);
      g_autoptr(GBytes) edited = NULL;
      g_autoptr(GBytes) redone = NULL;
      TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));

      ck_assert_msg (g_bytes_equal (original, untouched), "%s: untouched save differs", path);
      ck_assert_ptr_nonnull (tsr_terminal_text_get_compilation (TEXT (document))->terminals);

      for (guint i = 0; i < 400; i++)
        {
          guint n = tsr_terminal_text_get_n_chars (TEXT (document));
          guint offset = g_rand_int_range (rand, 0, (gint32) n + 1);
          guint removed = g_rand_int_range (rand, 0, 4);

          if (removed > n - offset)
            removed = n - offset;
          if (g_rand_boolean (rand))
            tsr_undo_stack_break_merge (stack);
          tsr_terminal_text_replace (TEXT (document), offset, removed,
                                         pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
          ck_assert (g_utf8_validate (tsr_terminal_text_get_text (TEXT (document), NULL), -1, NULL));
          ck_assert_uint_eq (tsr_terminal_text_get_n_chars (TEXT (document)),
                             g_utf8_strlen (tsr_terminal_text_get_text (TEXT (document), NULL), -1));
        }
      edited = serialize (document);
      while (tsr_undo_stack_get_can_undo (stack))
        tsr_undo_stack_undo (stack);
      untouched = (g_bytes_unref (untouched), serialize (document));
      ck_assert_msg (g_bytes_equal (original, untouched), "%s: undo-all differs", path);
      ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
      while (tsr_undo_stack_get_can_redo (stack))
        tsr_undo_stack_redo (stack);
      redone = serialize (document);
      ck_assert_msg (g_bytes_equal (edited, redone), "%s: redo-all differs", path);
    }
  tsr_test_report_count ("terminal scripts opened, edited, undone", files->len);
  g_rand_free (rand);
}
END_TEST

typedef struct {
  guint offset, removed, inserted, count;
} Change;

static void
on_text_changed (TsrTerminalText *text, guint offset, guint removed, guint inserted, Change *change)
{
  *change = (Change) { offset, removed, inserted, change->count + 1 };
}

START_TEST (test_typing_merges_and_diagnostics_follow)
{
  g_autoptr(GPtrArray) files = real_scripts ();
  g_autoptr(TsrTerminalDocument) document = open_script (g_ptr_array_index (files, 0));
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  g_autofree char *original = g_strdup (tsr_terminal_text_get_text (TEXT (document), NULL));
  guint line = tsr_terminal_text_get_group_line (TEXT (document), 0, 1);
  const char *text = tsr_terminal_text_get_text (TEXT (document), NULL);
  guint offset = 0, depth;
  Change change = { 0 };
  GPtrArray *findings;
  const TsrMarathonScriptDiagnostic *error;

  ck_assert_uint_gt (line, 0);
  /* The character offset of the start of the line after the group's directive. */
  for (guint l = 1; l <= line; offset++)
    if (text[g_utf8_offset_to_pointer (text, offset) - text] == '\n')
      l++;
  g_signal_connect (TEXT (document), "text-changed", G_CALLBACK (on_text_changed), &change);

  depth = tsr_undo_stack_get_depth (stack);
  tsr_undo_stack_break_merge (stack);
  for (const char *p = "Bold $Bword$b"; *p != '\0'; p++)
    {
      char one[2] = { *p, 0 };
      ck_assert (tsr_terminal_text_replace (TEXT (document), offset + (guint) (p - "Bold $Bword$b"), 0, one));
    }
  ck_assert (tsr_terminal_text_replace (TEXT (document), offset + 13, 0, "\n"));
  ck_assert_uint_eq (change.count, 14);
  ck_assert_uint_eq (change.inserted, 1);
  /* The 13 characters are one step; the line break is its own. */
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 2);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Typing");
  ck_assert_ptr_null (tsr_marathon_script_compilation_first_error (tsr_terminal_text_get_compilation (TEXT (document))));

  /* An unknown character for Mac Roman is an error at its column, in the findings too. */
  ck_assert (tsr_terminal_text_replace (TEXT (document), offset + 2, 0, "₪"));
  error = tsr_marathon_script_compilation_first_error (tsr_terminal_text_get_compilation (TEXT (document)));
  ck_assert_ptr_nonnull (error);
  ck_assert_uint_eq (error->line, line + 1);
  ck_assert_uint_eq (error->column, 3);
  findings = tsr_document_get_findings (TSR_DOCUMENT (document));
  ck_assert_uint_ge (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 1);
  ck_assert (tsr_terminal_text_replace (TEXT (document), offset + 2, 1, NULL));
  ck_assert_ptr_null (tsr_marathon_script_compilation_first_error (tsr_terminal_text_get_compilation (TEXT (document))));
  findings = tsr_document_get_findings (TSR_DOCUMENT (document));
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);

  /* Out of range and no-op edits push nothing. */
  depth = tsr_undo_stack_get_depth (stack);
  ck_assert (!tsr_terminal_text_replace (TEXT (document), tsr_terminal_text_get_n_chars (TEXT (document)) + 1, 0, "x"));
  ck_assert (!tsr_terminal_text_replace (TEXT (document), 0, tsr_terminal_text_get_n_chars (TEXT (document)) + 1, NULL));
  ck_assert (!tsr_terminal_text_replace (TEXT (document), 0, 1, "\xff"));
  ck_assert (!tsr_terminal_text_replace (TEXT (document), 0, 0, ""));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth);

  while (tsr_undo_stack_get_can_undo (stack))
    tsr_undo_stack_undo (stack);
  ck_assert_str_eq (tsr_terminal_text_get_text (TEXT (document), NULL), original);
}
END_TEST

START_TEST (test_save_reload)
{
  g_autoptr(GPtrArray) files = real_scripts ();
  g_autoptr(TsrTerminalDocument) document = open_script (g_ptr_array_index (files, 0));
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "copy.term.txt", NULL);
  g_autoptr(GFile) target = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTerminalDocument) reloaded = NULL;
  g_autofree char *expected = NULL;

  ck_assert (tsr_terminal_text_replace (TEXT (document), 0, 0, "; edited by a test\n"));
  expected = g_strdup (tsr_terminal_text_get_text (TEXT (document), NULL));
  ck_assert_msg (tsr_document_save (TSR_DOCUMENT (document), target, TSR_SAVE_NONE, &error), "%s",
                 error ? error->message : "");
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
  reloaded = open_script (path);
  ck_assert_str_eq (tsr_terminal_text_get_text (TEXT (reloaded), NULL), expected);
}
END_TEST

/* The chunks of every level of a scenario, by level and tag, for comparing two saves. */
static GHashTable *
chunks_of (GBytes *bytes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, "scenario", &error);
  GHashTable *chunks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);

  ck_assert_msg (scenario != NULL, "%s", error ? error->message : "");
  for (guint e = 0; e < scenario->map->wad->entries->len; e++)
    {
      TsrWadEntry *entry = g_ptr_array_index (scenario->map->wad->entries, e);

      for (guint c = 0; c < entry->chunks->len; c++)
        {
          TsrWadChunk *chunk = g_ptr_array_index (entry->chunks, c);
          char *key = g_strdup_printf ("%d:%c%c%c%c", entry->index, chunk->tag >> 24, (chunk->tag >> 16) & 0xff,
                                       (chunk->tag >> 8) & 0xff, chunk->tag & 0xff);
          g_hash_table_insert (chunks, key, g_bytes_ref (chunk->data));
        }
    }
  return chunks;
}

/* A map's level terminals edited as script text: the saved map differs only in that level's
 * 'term' chunk, which decompiles to the edited script; an error blocks saving; undo-all saves the
 * original bytes. */
START_TEST (test_map_terminals)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", "chronicles_DreamBrother.sceA", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_document_new_from_file (file, &error);
  g_autoptr(GBytes) original = tsr_test_read_file (path);
  g_autoptr(GHashTable) before = NULL, after = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  g_autofree char *edited = NULL;
  TsrMarathonDocument *map;
  TsrTerminalText *text;
  guint level = G_MAXUINT, line;
  GHashTableIter iter;
  gpointer key, value;
  TsrUndoStack *stack;

  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
  ck_assert (TSR_IS_MARATHON_DOCUMENT (document));
  map = TSR_MARATHON_DOCUMENT (document);
  stack = tsr_document_get_undo_stack (document);
  for (guint l = 0; l < tsr_marathon_document_get_n_levels (map) && level == G_MAXUINT; l++)
    if (((TsrMarathonLevel *) g_ptr_array_index (tsr_marathon_document_get_scenario (map)->map->levels, l))->terminals != NULL)
      level = l;
  ck_assert_uint_ne (level, G_MAXUINT);
  text = tsr_marathon_document_get_terminal_text (map, level, &error);
  ck_assert_msg (text != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_eq (text, tsr_marathon_document_get_terminal_text (map, level, NULL));

  line = tsr_terminal_text_get_group_line (text, 0, 1);
  ck_assert_uint_gt (line, 0);
  {
    const char *contents = tsr_terminal_text_get_text (text, NULL);
    guint offset = 0, l = 1;
    for (const char *p = contents; l <= line && *p != '\0'; p = g_utf8_next_char (p), offset++)
      if (*p == '\n')
        l++;
    ck_assert (tsr_terminal_text_replace (text, offset, 0, "A $Bbold$b line from a test.\n"));
  }
  edited = g_strdup (tsr_terminal_text_get_text (text, NULL));
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (document), TSR_SEVERITY_ERROR), 0);
  outputs = tsr_document_serialize (document, path, &error);
  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  before = chunks_of (original);
  after = chunks_of (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
  ck_assert_uint_eq (g_hash_table_size (before), g_hash_table_size (after));
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GBytes *now = g_hash_table_lookup (after, key);
      g_autofree char *term_key = g_strdup_printf ("%u:term", level);

      ck_assert_msg (now != NULL, "%s is gone", (char *) key);
      if (g_str_equal (key, term_key))
        ck_assert_msg (!g_bytes_equal (value, now), "the term chunk did not change");
      else
        ck_assert_msg (g_bytes_equal (value, now), "%s changed", (char *) key);
    }
  {
    g_autoptr(TsrMarathonScenario) reloaded = tsr_marathon_scenario_load (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, "saved", &error);
    TsrMarathonLevel *saved_level = g_ptr_array_index (reloaded->map->levels, level);
    g_autofree char *decompiled = tsr_marathon_terminals_decompile (saved_level->terminals, &error);
    ck_assert_str_eq (decompiled, edited);
  }

  /* A broken script is an error finding: the save refuses. */
  ck_assert (tsr_terminal_text_replace (text, 0, 0, "stray text\n"));
  ck_assert_uint_ge (tsr_findings_count (tsr_document_get_findings (document), TSR_SEVERITY_ERROR), 1);
  {
    g_autofree char *dir = tsr_test_make_temp_dir ();
    g_autofree char *target_path = g_build_filename (dir, "map.sceA", NULL);
    g_autoptr(GFile) target = g_file_new_for_path (target_path);
    g_autoptr(GError) save_error = NULL;
    ck_assert (!tsr_document_save (document, target, TSR_SAVE_NONE, &save_error));
    ck_assert (!g_file_test (target_path, G_FILE_TEST_EXISTS));
  }

  while (tsr_undo_stack_get_can_undo (stack))
    tsr_undo_stack_undo (stack);
  g_clear_pointer (&outputs, g_ptr_array_unref);
  outputs = tsr_document_serialize (document, path, &error);
  ck_assert (g_bytes_equal (original, ((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes));
}
END_TEST

/* A teleport inside the level to a polygon it lacks is an error of the map (the level has 261
 * polygons), reported once; one to an existing polygon is not. A one-level file's interlevel teleports
 * are not checked: its scenario is merged from many such files. */
START_TEST (test_map_terminal_teleport_targets)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", "chronicles_DreamBrother.sceA", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_document_new_from_file (file, &error);
  TsrTerminalText *text;
  GPtrArray *findings;
  guint errors = 0;

  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
  text = tsr_marathon_document_get_terminal_text (TSR_MARATHON_DOCUMENT (document), 0, &error);
  ck_assert_ptr_nonnull (text);
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (document), TSR_SEVERITY_ERROR), 0);
  ck_assert (tsr_terminal_text_replace (text, tsr_terminal_text_get_n_chars (text), 0,
                                        "#TERMINAL 1\n#INTRALEVEL TELEPORT 260\n#INTRALEVEL TELEPORT 261\n"
                                        "#ENDTERMINAL 1\n"));
  findings = tsr_document_get_findings (document);
  for (guint i = 0; i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);

      if (finding->severity != TSR_SEVERITY_ERROR)
        continue;
      errors++;
      ck_assert_str_eq (finding->what, "terminal 1 group 1: teleport polygon 261 outside 0..260");
    }
  ck_assert_uint_eq (errors, 1);
  /* The map reports it once (its own validation); the script text underlines it at its line. */
  ck_assert_uint_eq (tsr_terminal_text_get_reference_diagnostics (text)->len, 1);
  ck_assert_uint_eq (g_array_index (tsr_terminal_text_get_reference_diagnostics (text), TsrMarathonScriptDiagnostic, 0).line,
                     tsr_terminal_text_get_group_line (text, 1, 1));
}
END_TEST

static Suite *
terminal_document_suite (void)
{
  Suite *suite = suite_create ("terminal-document");
  TCase *tcase = tcase_create ("document");

  tcase_set_timeout (tcase, 120);
  tcase_add_test (tcase, test_untouched_and_random_edits);
  tcase_add_test (tcase, test_typing_merges_and_diagnostics_follow);
  tcase_add_test (tcase, test_save_reload);
  tcase_add_test (tcase, test_map_terminals);
  tcase_add_test (tcase, test_map_terminal_teleport_targets);
  suite_add_tcase (suite, tcase);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require (".");
  return tsr_test_run_suite (terminal_document_suite ());
}
