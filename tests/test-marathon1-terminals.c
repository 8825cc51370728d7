/* test-marathon1-terminals.c: Marathon 1's 'term' resources (m1_Marathon.appl): the block script,
 * Aleph One's compile rules (computer_interface.cpp, MarathonTerminalCompiler), untouched saves
 * byte-identical, an edit changing only its resource, the CLI's decompile, and damage. */
#include <string.h>

#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-terminal-layout.h"
#include "formats/marathon/tsr-marathon1-terminals.h"
#include "formats/tsr-format.h"
#include "tsr-test-common.h"

#define TERM TSR_FOURCC ('t', 'e', 'r', 'm')

static char *data_dir;

static GBytes *
read_appl (void)
{
  g_autofree char *path = g_build_filename (data_dir, "m1_Marathon.appl", NULL);

  return tsr_test_read_file (path);
}

static TsrResourceFork *
fork_of (GBytes *file_bytes)
{
  g_autoptr(TsrMacFile) mac = tsr_mac_file_parse (file_bytes, NULL);

  ck_assert_ptr_nonnull (mac);
  return tsr_resource_fork_parse (mac->resource_fork, "test", NULL);
}

/* The real application: 62 terminals, ids of levels 0-26, every one compiles by Marathon 1's rules
 * into the rebuilt sequences, and saving untouched gives the file's bytes. */
START_TEST (test_real_application)
{
  g_autoptr(GBytes) bytes = read_appl ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathon1TerminalFile) file = tsr_marathon1_terminal_file_parse (bytes, "m1_Marathon.appl", &error);
  g_autoptr(GBytes) saved = NULL;
  const char *script;
  guint blocks = 0, sections[3] = { 0 };
  const TsrFormat *format = NULL;
  g_autoptr(TsrFormatRegistry) registry = tsr_format_registry_new ();

  ck_assert_msg (file != NULL, "%s", error != NULL ? error->message : "");
  script = g_bytes_get_data (file->script.source, NULL);
  ck_assert (tsr_marathon1_script_is (script, strlen (script)));
  for (const char *p = script; (p = strstr (p, "\n#TERMINAL ")) != NULL; p++)
    blocks++;
  ck_assert_uint_eq (blocks, 62);
  ck_assert_ptr_nonnull (strstr (script, "; level 0, terminal 0\n#TERMINAL 1000\n;L000.WELCOME.ENTRY\n#logon\n"));
  ck_assert_ptr_nonnull (strstr (script, "; level 26, terminal 9\n#TERMINAL 1269\n"));
  ck_assert_ptr_null (tsr_marathon_script_compilation_first_error (file->script.compilation));
  ck_assert_ptr_nonnull (file->script.compilation->terminals);
  ck_assert_uint_eq (file->script.compilation->terminals->len, 62);
  ck_assert_int_eq (((const TsrMarathonTerminal *) g_ptr_array_index (file->script.compilation->terminals, 0))->resource_id, 1000);
  ck_assert_int_eq (((const TsrMarathonTerminal *) g_ptr_array_index (file->script.compilation->terminals, 61))->resource_id, 1269);
  for (guint t = 0; t < 62; t++)
    {
      const TsrMarathonTerminal *terminal = g_ptr_array_index (file->script.compilation->terminals, t);
      const TsrMarathonTerminalGroup *first = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, 0);
      const TsrMarathonTerminalGroup *second = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, 1);

      ck_assert_int_eq (first->type, TSR_MARATHON_GROUP_UNFINISHED);
      ck_assert_int_eq (second->type, TSR_MARATHON_GROUP_LOGON);
      ck_assert (second->flags & TSR_TERMINAL_GROUP_MARATHON_1);
      for (guint g = 0; g < terminal->groups->len; g++)
        {
          int type = g_array_index (terminal->groups, TsrMarathonTerminalGroup, g).type;

          sections[0] += type == TSR_MARATHON_GROUP_UNFINISHED;
          sections[1] += type == TSR_MARATHON_GROUP_FINISHED;
          sections[2] += type == TSR_MARATHON_GROUP_FAILED;
        }
    }
  ck_assert_uint_eq (sections[0], 62);
  ck_assert_uint_gt (sections[1], 0);
  g_print ("m1 terminals: 62 compiled; %u success and %u failure sequences\n", sections[1], sections[2]);

  saved = tsr_marathon1_terminal_file_serialize (file, &error);
  ck_assert_msg (saved != NULL, "%s", error != NULL ? error->message : "");
  ck_assert (g_bytes_equal (saved, bytes));

  tsr_formats_register_builtin (registry);
  format = tsr_format_registry_detect (registry, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                       "m1_Marathon.appl", NULL);
  ck_assert_ptr_nonnull (format);
  ck_assert_str_eq (format->id, "marathon1-terminals");
  tsr_test_report_count ("Marathon 1 'term' resources compiled", 62);
}
END_TEST

/* One block edited: only its resource changes; every other resource keeps its bytes, and the
 * edited one is the new text in Mac Roman with CR line ends. Undoing the edit gives the file. */
START_TEST (test_edit_changes_only_that_resource)
{
  g_autoptr(GBytes) bytes = read_appl ();
  g_autoptr(TsrMarathon1TerminalFile) file = tsr_marathon1_terminal_file_parse (bytes, "m1_Marathon.appl", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *original = g_strndup (g_bytes_get_data (file->script.source, NULL), g_bytes_get_size (file->script.source));
  const char *needle = "Airlock 34-a Terminal Access";
  char *at = strstr (original, needle);
  g_autoptr(GString) edited = g_string_new (NULL);
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrResourceFork) before = NULL;
  g_autoptr(TsrResourceFork) after = NULL;
  guint changed = 0;

  ck_assert_ptr_nonnull (at);
  g_string_append_len (edited, original, at - original);
  g_string_append (edited, "Airlock 35\xe2\x80\x99s Terminal Access");
  g_string_append (edited, at + strlen (needle));
  g_bytes_unref (file->script.source);
  file->script.source = g_bytes_new (edited->str, edited->len);
  saved = tsr_marathon1_terminal_file_serialize (file, &error);
  ck_assert_msg (saved != NULL, "%s", error != NULL ? error->message : "");

  before = fork_of (bytes);
  after = fork_of (saved);
  ck_assert_uint_eq (before->resources->len, after->resources->len);
  for (guint i = 0; i < before->resources->len; i++)
    {
      const TsrMacResource *a = g_ptr_array_index (before->resources, i);
      const TsrMacResource *b = tsr_resource_fork_find (after, a->type, a->id);

      ck_assert_ptr_nonnull (b);
      if (g_bytes_equal (a->data, b->data))
        continue;
      changed++;
      ck_assert_uint_eq (a->type, TERM);
      ck_assert_int_eq (a->id, 1000);
      {
        gsize size;
        const char *data = g_bytes_get_data (b->data, &size);
        g_autofree char *text = g_strndup (data, size);

        ck_assert_ptr_nonnull (strstr (text, "#logon\rAirlock 35\xd5s Terminal Access <Port"));
        ck_assert_ptr_null (strchr (text, '\n'));
      }
    }
  ck_assert_uint_eq (changed, 1);

  /* Back to the original text: the original bytes. */
  g_bytes_unref (file->script.source);
  file->script.source = g_bytes_new (original, strlen (original));
  g_clear_pointer (&saved, g_bytes_unref);
  saved = tsr_marathon1_terminal_file_serialize (file, &error);
  ck_assert (g_bytes_equal (saved, bytes));

  /* A character Mac Roman lacks refuses the save. */
  g_bytes_unref (file->script.source);
  g_string_assign (edited, original);
  g_string_replace (edited, "Airlock 34-a", "Airlock \xe2\x82\xaa", 1);
  file->script.source = g_bytes_new (edited->str, edited->len);
  g_clear_pointer (&saved, g_bytes_unref);
  saved = tsr_marathon1_terminal_file_serialize (file, &error);
  ck_assert_ptr_null (saved);
  ck_assert_ptr_nonnull (strstr (error->message, "Mac Roman"));
}
END_TEST

static const TsrMarathonTerminalGroup *
group_at (const TsrMarathonTerminal *terminal,
          guint                      index)
{
  ck_assert_uint_lt (index, terminal->groups->len);
  return &g_array_index (terminal->groups, TsrMarathonTerminalGroup, index);
}

static char *
group_text (const TsrMarathonTerminal *terminal,
            guint                      index)
{
  const TsrMarathonTerminalGroup *group = group_at (terminal, index);

  return g_strndup ((const char *) g_bytes_get_data (terminal->text, NULL) + group->start_index, group->length);
}

/* Aleph One's rules on a hand-made terminal: sequences rebuilt (information and its checkpoints,
 * #unfinished as information, logoff, end; #success and #briefing into the success sequence with
 * the teleport; #failure likewise), checkpoints after #logon dropped, %r, %%, '$' with an unknown
 * letter swallowing both, faces reset at every line, case-insensitive keywords. */
START_TEST (test_compile_rules)
{
  static const char text[] =
    ";comment\r#LOGON\rHello\r#checkpoint 9\rdropped\r#information\rI $Bbold$b %r 100%% $xy\r"
    "#checkpoint 4\rcheck\r#unfinished\rU\r#success\rS\r#failure\rF\r#briefing 7\rB\r";
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonTerminal) terminal = tsr_marathon1_terminal_compile ((const guint8 *) text, strlen (text), &error);
  static const int expected[] = {
    TSR_MARATHON_GROUP_UNFINISHED, TSR_MARATHON_GROUP_LOGON, TSR_MARATHON_GROUP_INFORMATION,
    TSR_MARATHON_GROUP_CHECKPOINT, TSR_MARATHON_GROUP_INFORMATION, TSR_MARATHON_GROUP_LOGOFF, TSR_MARATHON_GROUP_END,
    TSR_MARATHON_GROUP_FINISHED, TSR_MARATHON_GROUP_LOGON, TSR_MARATHON_GROUP_INFORMATION,
    TSR_MARATHON_GROUP_INFORMATION, TSR_MARATHON_GROUP_LOGOFF, TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT,
    TSR_MARATHON_GROUP_END,
    TSR_MARATHON_GROUP_FAILED, TSR_MARATHON_GROUP_LOGON, TSR_MARATHON_GROUP_INFORMATION,
    TSR_MARATHON_GROUP_INFORMATION, TSR_MARATHON_GROUP_LOGOFF, TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT,
    TSR_MARATHON_GROUP_END,
  };
  g_autofree char *information = NULL;
  g_autofree char *success = NULL;
  g_autofree char *briefing = NULL;
  guint resets = 0, bold = 0;

  ck_assert_msg (terminal != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_uint_eq (terminal->groups->len, G_N_ELEMENTS (expected));
  for (guint g = 0; g < G_N_ELEMENTS (expected); g++)
    ck_assert_msg (group_at (terminal, g)->type == expected[g], "group %u: type %d, %d expected", g,
                   group_at (terminal, g)->type, expected[g]);
  information = group_text (terminal, 2);
  ck_assert_str_eq (information, "I bold The colony has been wiped out. Phhht! Just like that. 100% y\r");
  ck_assert_int_eq (group_at (terminal, 3)->permutation, 4);
  success = group_text (terminal, 9);
  ck_assert_str_eq (success, "S\r");
  briefing = group_text (terminal, 10);
  ck_assert_str_eq (briefing, "B\r");
  ck_assert_int_eq (group_at (terminal, 10)->permutation, 0);
  ck_assert_int_eq (group_at (terminal, 12)->permutation, 7);
  ck_assert_int_eq (group_at (terminal, 12)->flags, TSR_TERMINAL_GROUP_MARATHON_1);
  ck_assert_int_eq (group_at (terminal, 6)->flags, 0);
  for (guint f = 0; f < terminal->faces->len; f++)
    {
      const TsrMarathonTextFace *face = &g_array_index (terminal->faces, TsrMarathonTextFace, f);

      resets += face->face == 0 && face->color == 0;
      bold += face->face == 1;
    }
  ck_assert_uint_eq (bold, 1);
  ck_assert_uint_ge (resets, 8); /* one per compiled line, and the $b */
  /* The text starts with the NUL that finishing "no group" writes, as the engine's does. */
  ck_assert_uint_eq (((const guint8 *) g_bytes_get_data (terminal->text, NULL))[0], 0);
}
END_TEST

/* What makes the engine give up, as errors at their lines; a script's errors at script lines. */
START_TEST (test_compile_errors)
{
  g_autoptr(GError) error = NULL;
  TsrMarathonTerminal *terminal;
  g_autoptr(TsrMarathonScriptCompilation) compilation = NULL;
  static const char script[] = TSR_MARATHON1_SCRIPT_PRAGMA "\n\n#TERMINAL 1000\n#logon\nok\n#pict 3\n#ENDTERMINAL 1000\n";
  static const char unclosed[] = TSR_MARATHON1_SCRIPT_PRAGMA "\n#TERMINAL 1000\n#logon\n";
  static const char stray[] = TSR_MARATHON1_SCRIPT_PRAGMA "\nstray\n";
  const TsrMarathonScriptDiagnostic *first;

  terminal = tsr_marathon1_terminal_compile ((const guint8 *) "#logon\r#pict 3\r", 15, &error);
  ck_assert_ptr_null (terminal);
  ck_assert_ptr_nonnull (strstr (error->message, "line 2"));
  g_clear_error (&error);
  terminal = tsr_marathon1_terminal_compile ((const guint8 *) "#logon\r#checkpoint", 18, &error);
  ck_assert_ptr_null (terminal);
  ck_assert_ptr_nonnull (strstr (error->message, "out_of_range"));

  compilation = tsr_marathon_script_compile (script, strlen (script));
  first = tsr_marathon_script_compilation_first_error (compilation);
  ck_assert_ptr_nonnull (first);
  ck_assert_uint_eq (first->line, 6);
  ck_assert_ptr_null (compilation->terminals);
  g_clear_pointer (&compilation, tsr_marathon_script_compilation_free);
  compilation = tsr_marathon_script_compile (unclosed, strlen (unclosed));
  ck_assert_ptr_nonnull (tsr_marathon_script_compilation_first_error (compilation));
  g_clear_pointer (&compilation, tsr_marathon_script_compilation_free);
  compilation = tsr_marathon_script_compile (stray, strlen (stray));
  first = tsr_marathon_script_compilation_first_error (compilation);
  ck_assert_ptr_nonnull (first);
  ck_assert_uint_eq (first->line, 2);
}
END_TEST

/* The line map: a text line of a block lands in the unfinished sequence's copy of its group. */
START_TEST (test_line_map)
{
  static const char script[] = TSR_MARATHON1_SCRIPT_PRAGMA "\n#TERMINAL 1010\n#logon\nL\n#information\nfirst\nsecond\n#ENDTERMINAL 1010\n";
  g_autoptr(TsrMarathonScriptCompilation) compilation = tsr_marathon_script_compile (script, strlen (script));
  gboolean found = FALSE;

  ck_assert_ptr_nonnull (compilation->terminals);
  for (guint i = 0; i < compilation->lines->len; i++)
    {
      const TsrMarathonScriptLine *line = &g_array_index (compilation->lines, TsrMarathonScriptLine, i);

      if (line->line == 7)
        {
          ck_assert_uint_eq (line->terminal, 0);
          ck_assert_uint_eq (line->group, 2); /* unfinished, logon, information */
          ck_assert_uint_eq (line->offset, 6);
          found = TRUE;
        }
    }
  ck_assert (found);
}
END_TEST

/* `terminal decompile m1_Marathon.appl -o OUT` writes the 62 blocks. */
START_TEST (test_cli_decompile)
{
  const char *cli = g_getenv ("TSR_CLI");
  g_autofree char *input = g_build_filename (data_dir, "m1_Marathon.appl", NULL);
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *output = g_build_filename (dir, "m1.term.txt", NULL);
  const char *argv[] = { cli, "terminal", "decompile", input, "-o", output, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  gint status = -1;
  guint blocks = 0;

  ck_assert_ptr_nonnull (cli);
  ck_assert (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, NULL));
  ck_assert_msg (g_spawn_check_wait_status (status, NULL), "%s", err);
  ck_assert (g_file_get_contents (output, &text, NULL, NULL));
  for (const char *p = text; (p = strstr (p, "\n#ENDTERMINAL ")) != NULL; p++)
    blocks++;
  ck_assert_uint_eq (blocks, 62);
  ck_assert_ptr_nonnull (strstr (out, "62 Marathon 1 terminals"));
}
END_TEST

/* Every cut of a small wrapped fork, and damage to its map, fails cleanly or parses. */
START_TEST (test_truncation)
{
  g_autoptr(TsrResourceFork) fork = tsr_resource_fork_new ();
  g_autoptr(GBytes) text = g_bytes_new_static ("#logon\rHi\r#information\rText\r", 28);
  g_autoptr(GBytes) fork_bytes = NULL;
  gsize size;
  const guint8 *data;

  tsr_resource_fork_set (fork, TERM, 1000, text);
  fork_bytes = tsr_resource_fork_serialize (fork);
  data = g_bytes_get_data (fork_bytes, &size);
  {
    g_autoptr(TsrMarathon1TerminalFile) whole = tsr_marathon1_terminal_file_parse (fork_bytes, "bare", NULL);
    g_autoptr(GBytes) again = NULL;

    ck_assert_ptr_nonnull (whole);
    again = tsr_marathon1_terminal_file_serialize (whole, NULL);
    ck_assert (g_bytes_equal (again, fork_bytes));
  }
  for (gsize length = 0; length < size; length++)
    {
      g_autoptr(GBytes) cut = g_bytes_new (data, length);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrMarathon1TerminalFile) file = tsr_marathon1_terminal_file_parse (cut, "cut", &error);

      ck_assert_msg (file == NULL, "cut at %zu parsed", length);
      ck_assert (error != NULL && error->domain == TSR_ERROR);
    }
}
END_TEST

/* The Terminals page's helpers: a level's blocks only, and the application found beside a map
 * (not a Shapes file first, not the map itself, nothing without 'term' resources). */
START_TEST (test_level_script_and_external_resources)
{
  g_autoptr(GBytes) bytes = read_appl ();
  g_autoptr(TsrResourceFork) fork = fork_of (bytes);
  g_autofree char *level2 = tsr_marathon1_script_for_level (fork, "Marathon.appl", 2);
  g_autofree char *level27 = tsr_marathon1_script_for_level (fork, "Marathon.appl", 27);
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *map = g_build_filename (dir, "Map.scen", NULL);
  g_autofree char *appl = g_build_filename (dir, "Marathon.appl", NULL);
  g_autofree char *other = g_build_filename (dir, "Marathon Notes.txt", NULL);
  g_autofree char *found = NULL;
  g_autofree char *none = NULL;
  guint blocks = 0;

  ck_assert_ptr_nonnull (level2);
  for (const char *p = level2; (p = strstr (p, "\n#TERMINAL ")) != NULL; p++)
    blocks++;
  ck_assert_uint_eq (blocks, 5); /* 1020-1023 and 1029 */
  ck_assert_ptr_nonnull (strstr (level2, "#TERMINAL 1029\n"));
  ck_assert_ptr_null (strstr (level2, "#TERMINAL 1019\n"));
  ck_assert_ptr_null (strstr (level2, "#TERMINAL 1030\n"));
  ck_assert_ptr_null (level27); /* its panel names 1270, which the application lacks */

  ck_assert (g_file_set_contents (map, "not a map", -1, NULL));
  ck_assert (g_file_set_contents (other, "Marathon, but no resources", -1, NULL));
  none = tsr_marathon1_find_external_resources (map);
  ck_assert_ptr_null (none);
  ck_assert (g_file_set_contents (appl, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));
  found = tsr_marathon1_find_external_resources (map);
  ck_assert_str_eq (found, appl);
}
END_TEST

static double
glyph_width (guint8 c, guint face, gpointer user_data)
{
  return 7;
}

static gboolean
every_picture (int id, int *width, int *height, gpointer user_data)
{
  *width = 100;
  *height = 80;
  return TRUE;
}

/* RenderOther/computer_interface.cpp draw_logon_text: a group flagged _group_is_marathon_1 draws
 * the interface's Marathon logo (shape 44) and title in the logon graphic rectangle, never
 * picture N; a Marathon 2 logon of the same text draws its picture. Even with every picture
 * known, the Marathon 1 logon page holds the logo, not a picture. */
START_TEST (test_logon_shows_the_logo)
{
  static const TsrTerminalMetrics metrics = { glyph_width, every_picture, NULL };
  static const char script[] = TSR_MARATHON1_SCRIPT_PRAGMA "\n\n#TERMINAL 1000\n#logon\nAirlock\n#information\nHello\n#ENDTERMINAL 1000\n";
  g_autoptr(TsrMarathonScriptCompilation) compilation = tsr_marathon1_script_compile (script, strlen (script));
  g_autoptr(TsrTerminalLayout) layout = NULL;
  const TsrTerminalPage *logon = NULL;

  ck_assert_ptr_nonnull (compilation->terminals);
  layout = tsr_terminal_layout_new (g_ptr_array_index (compilation->terminals, 0), TSR_TERMINAL_STATE_UNFINISHED,
                                    &metrics);
  for (guint p = 0; p < layout->pages->len && logon == NULL; p++)
    if (((const TsrTerminalPage *) g_ptr_array_index (layout->pages, p))->kind == TSR_TERMINAL_PAGE_LOGON)
      logon = g_ptr_array_index (layout->pages, p);
  ck_assert_ptr_nonnull (logon);
  ck_assert (logon->marathon1_logo);
  ck_assert (!logon->picture_known);
  ck_assert_int_eq (logon->object_box.width, 622);
}
END_TEST

static Suite *
marathon1_terminals_suite (void)
{
  Suite *suite = suite_create ("marathon1-terminals");
  TCase *real = tcase_create ("real");
  TCase *rules = tcase_create ("rules");

  tcase_set_timeout (real, 120);
  tcase_add_test (real, test_real_application);
  tcase_add_test (real, test_edit_changes_only_that_resource);
  tcase_add_test (real, test_cli_decompile);
  tcase_add_test (real, test_level_script_and_external_resources);
  tcase_add_test (rules, test_compile_rules);
  tcase_add_test (rules, test_compile_errors);
  tcase_add_test (rules, test_line_map);
  tcase_add_test (rules, test_truncation);
  tcase_add_test (rules, test_logon_shows_the_logo);
  suite_add_tcase (suite, real);
  suite_add_tcase (suite, rules);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (marathon1_terminals_suite ());
}
