/* test-playtest.c: play-test and custom commands (src/edit/tsr-playtest.c) with a stand-in engine
 * (tests/tsr-stand-in-engine.sh) for each family, on real files: the engine's arguments, a temporary
 * copy whose bytes are what Save writes, the user's file untouched (also with unsaved changes), the
 * output lines, a failing or crashing engine reported, the temporary folder removed. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "edit/tsr-playtest.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "model/tsr-tile-commands.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "tsr-test-common.h"

static char *testdata;

/* A folder holding the stand-in engine under the program name NAME. */
static char *
make_engine (const char *name)
{
  g_autofree char *script = g_build_filename (g_getenv ("TSR_SOURCE_ROOT"), "tests", "tsr-stand-in-engine.sh", NULL);
  char *bin = tsr_test_make_temp_dir ();
  g_autofree char *link = g_build_filename (bin, name, NULL);

  ck_assert_msg (symlink (script, link) == 0, "cannot link %s", link);
  return bin;
}

typedef struct {
  GPtrArray *stdout_lines;
  GPtrArray *stderr_lines;
  gboolean   finished;
} Outcome;

static void
on_output (TsrPlaytestRun *run, gboolean is_stderr, const char *line, Outcome *outcome)
{
  g_ptr_array_add (is_stderr ? outcome->stderr_lines : outcome->stdout_lines, g_strdup (line));
}

static void
on_finished (TsrPlaytestRun *run, Outcome *outcome)
{
  outcome->finished = TRUE;
}

/* Starts RUN with the stand-in recording into a new folder (returned) and waits for "finished". */
static char *
run_to_end (TsrPlaytestRun *run, Outcome *outcome)
{
  char *record = tsr_test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_strdup (tsr_playtest_run_get_folder (run));

  outcome->stdout_lines = g_ptr_array_new_with_free_func (g_free);
  outcome->stderr_lines = g_ptr_array_new_with_free_func (g_free);
  outcome->finished = FALSE;
  ck_assert (g_file_test (tsr_playtest_run_get_argv (run)[0], G_FILE_TEST_IS_EXECUTABLE));
  g_setenv ("TSR_STAND_IN_RECORD", record, TRUE);
  g_signal_connect (run, "output", G_CALLBACK (on_output), outcome);
  g_signal_connect (run, "finished", G_CALLBACK (on_finished), outcome);
  ck_assert_msg (tsr_playtest_run_start (run, &error), "start: %s", error ? error->message : "");
  ck_assert (tsr_playtest_run_is_running (run));
  while (!outcome->finished)
    g_main_context_iteration (NULL, TRUE);
  ck_assert (!tsr_playtest_run_is_running (run));
  /* The temporary folder is gone once the engine has exited. */
  ck_assert_msg (!g_file_test (folder, G_FILE_TEST_EXISTS), "%s is left behind", folder);
  ck_assert_ptr_null (tsr_playtest_run_get_folder (run));
  return record;
}

static void
outcome_clear (Outcome *outcome)
{
  g_clear_pointer (&outcome->stdout_lines, g_ptr_array_unref);
  g_clear_pointer (&outcome->stderr_lines, g_ptr_array_unref);
}

static char **
recorded_argv (const char *record)
{
  g_autofree char *path = g_build_filename (record, "argv", NULL);
  g_autofree char *text = NULL;
  char **lines;
  guint n;

  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  n = g_strv_length (lines);
  if (n > 0 && *lines[n - 1] == '\0')
    {
      g_free (lines[n - 1]);
      lines[n - 1] = NULL;
    }
  return lines;
}

/* EXPECTED[0] is the program; the stand-in records its arguments after it. */
static void
assert_argv (const char *record, const char *const *expected)
{
  expected++;
  g_auto(GStrv) got = recorded_argv (record);
  g_autofree char *got_text = g_strjoinv (" | ", got);
  g_autofree char *want_text = g_strjoinv (" | ", (char **) expected);

  ck_assert_msg (g_strv_equal ((const char * const *) got, expected), "argv: got %s, expected %s", got_text, want_text);
}

static void
assert_file_bytes (const char *path, GBytes *expected)
{
  g_autoptr(GBytes) got = tsr_test_read_file (path);

  ck_assert_msg (g_bytes_equal (got, expected), "%s: %zu bytes differ from the %zu expected", path,
                 g_bytes_get_size (got), g_bytes_get_size (expected));
}

/* The bytes Save would write at PATH for DOCUMENT: output I. */
static GBytes *
save_bytes (TsrDocument *document, const char *path, guint i)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (document, path, &error);

  ck_assert_msg (outputs != NULL, "serialize: %s", error ? error->message : "");
  ck_assert_uint_gt (outputs->len, i);
  return g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, i))->bytes);
}

static void
copy_file (const char *from, const char *to)
{
  g_autoptr(GBytes) bytes = tsr_test_read_file (from);

  ck_assert (g_file_set_contents (to, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
}

static void
assert_standard_output (Outcome *outcome)
{
  ck_assert_uint_eq (outcome->stdout_lines->len, 2);
  ck_assert (g_str_has_prefix (g_ptr_array_index (outcome->stdout_lines, 0), "stand-in engine: started with "));
  ck_assert_str_eq (g_ptr_array_index (outcome->stdout_lines, 1), "stand-in engine: level loaded");
  ck_assert_uint_eq (outcome->stderr_lines->len, 1);
  ck_assert_str_eq (g_ptr_array_index (outcome->stderr_lines, 0), "stand-in engine: a warning on stderr");
}

/* Marathon: a scenario folder with the map, Shapes and Sounds beside it. */
static char *
make_marathon_project (void)
{
  char *project = tsr_test_make_temp_dir ();
  g_autofree char *from = g_build_filename (testdata, "marathon", "chronicles_DreamBrother.sceA", NULL);
  g_autofree char *to = g_build_filename (project, "Dream Brother.sceA", NULL);
  g_autofree char *shapes = g_build_filename (project, "Shapes", NULL);
  g_autofree char *sounds = g_build_filename (project, "Sounds", NULL);

  copy_file (from, to);
  ck_assert (g_file_set_contents (shapes, "shapes beside the map", -1, NULL));
  ck_assert (g_file_set_contents (sounds, "sounds beside the map", -1, NULL));
  return project;
}

/* Play-testing FILE of the test data's FAMILY folder with a stand-in named ENGINE_NAME is refused
 * before anything runs, with a message that holds FRAGMENT. */
static void
assert_prepare_refused (const char *family,
                        const char *file,
                        const char *engine_name,
                        const char *fragment)
{
  g_autofree char *dir = g_build_filename (testdata, family, NULL);
  g_autofree char *bin = make_engine (engine_name);
  g_autofree char *engine = g_build_filename (bin, engine_name, NULL);
  g_autoptr(TsrDocument) document = tsr_test_open_document (dir, file);
  TsrPlaytestSettings settings = { .engine = engine };
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrPlaytestRun) run = tsr_playtest_prepare (document, &settings, &error);

  ck_assert_ptr_null (run);
  ck_assert_msg (strstr (error->message, fragment) != NULL, "%s", error->message);
}

START_TEST (test_marathon)
{
  g_autofree char *project = make_marathon_project ();
  g_autofree char *bin = make_engine ("alephone");
  g_autofree char *engine = g_build_filename (bin, "alephone", NULL);
  g_autofree char *user_file = g_build_filename (project, "Dream Brother.sceA", NULL);
  g_autoptr(GBytes) user_bytes = tsr_test_read_file (user_file);
  g_autoptr(TsrDocument) document = tsr_test_open_document (project, "Dream Brother.sceA");
  TsrPlaytestSettings settings = { .engine = engine };
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrPlaytestRun) run = tsr_playtest_prepare (document, &settings, &error);
  g_autofree char *folder = NULL;
  g_autofree char *map = NULL;
  g_autoptr(GBytes) expected = NULL;
  g_autofree char *record = NULL;
  g_autofree char *copied_map = NULL;
  g_autofree char *copied_shapes = NULL;
  g_autofree char *copied_own = NULL;
  Outcome outcome = { 0 };

  ck_assert_msg (run != NULL, "prepare: %s", error ? error->message : "");
  folder = g_strdup (tsr_playtest_run_get_folder (run));
  map = g_build_filename (folder, "Map", NULL);
  ck_assert_str_eq (tsr_playtest_run_get_file (run), map);
  ck_assert_str_eq (tsr_playtest_run_get_argv (run)[0], engine);
  expected = save_bytes (document, map, 0);
  record = run_to_end (run, &outcome);
  {
    const char *want[] = { engine, "-e", "--no-chooser", folder, map, NULL };

    assert_argv (record, want);
  }
  assert_standard_output (&outcome);
  ck_assert_str_eq (tsr_playtest_run_get_status (run), "exited with status 0");
  ck_assert (tsr_playtest_run_succeeded (run));
  /* The map the engine read is what Save writes; the folder it got held Shapes from beside the map;
   * the user's own file was not among what it was given. */
  copied_map = g_build_filename (record, "files", "4", NULL);
  assert_file_bytes (copied_map, expected);
  assert_file_bytes (copied_map, user_bytes);
  copied_shapes = g_build_filename (record, "files", "3", "Shapes", NULL);
  {
    g_autoptr(GBytes) shapes = g_bytes_new_static ("shapes beside the map", strlen ("shapes beside the map"));

    assert_file_bytes (copied_shapes, shapes);
  }
  copied_own = g_build_filename (record, "files", "3", "Dream Brother.sceA", NULL);
  ck_assert (!g_file_test (copied_own, G_FILE_TEST_EXISTS));
  assert_file_bytes (user_file, user_bytes);
  outcome_clear (&outcome);
}
END_TEST

/* The Shapes of the preferences replaces the one beside the map. */
START_TEST (test_marathon_shapes_setting)
{
  g_autofree char *project = make_marathon_project ();
  g_autofree char *elsewhere = tsr_test_make_temp_dir ();
  g_autofree char *shapes = g_build_filename (elsewhere, "Shapes16", NULL);
  g_autofree char *bin = make_engine ("alephone");
  g_autofree char *engine = g_build_filename (bin, "alephone", NULL);
  g_autoptr(TsrDocument) document = tsr_test_open_document (project, "Dream Brother.sceA");
  TsrPlaytestSettings settings = { .engine = engine, .arguments = "--nosound '-w'", .marathon_shapes = shapes };
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrPlaytestRun) run = NULL;
  g_autofree char *record = NULL;
  g_autofree char *copied = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *map = NULL;
  g_autoptr(GBytes) want = g_bytes_new_static ("the preferences' shapes", strlen ("the preferences' shapes"));
  Outcome outcome = { 0 };

  ck_assert (g_file_set_contents (shapes, "the preferences' shapes", -1, NULL));
  run = tsr_playtest_prepare (document, &settings, &error);
  ck_assert_msg (run != NULL, "prepare: %s", error ? error->message : "");
  folder = g_strdup (tsr_playtest_run_get_folder (run));
  map = g_build_filename (folder, "Map", NULL);
  record = run_to_end (run, &outcome);
  {
    const char *argv[] = { engine, "-e", "--no-chooser", "--nosound", "-w", folder, map, NULL };

    assert_argv (record, argv);
  }
  copied = g_build_filename (record, "files", "5", "Shapes", NULL);
  assert_file_bytes (copied, want);
  outcome_clear (&outcome);
}
END_TEST

/* Wolf3D with unsaved changes on level 3: the copy holds them, the user's files do not. */
static void
check_wolf3d (const char *program, const char *const *level_arguments)
{
  g_autofree char *set = g_build_filename (testdata, "wolf3d", "wl1_v14_shareware", NULL);
  g_autofree char *project = tsr_test_make_temp_dir ();
  g_autofree char *bin = make_engine (program);
  g_autofree char *engine = g_build_filename (bin, program, NULL);
  const char *names[] = { "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1", "VGADICT.WL1",
                          "VGAGRAPH.WL1", "VGAHEAD.WL1", "VSWAP.WL1" };
  g_autoptr(TsrDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrPlaytestRun) run = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  g_autofree char *record = NULL;
  g_autofree char *cwd = NULL;
  g_autofree char *cwd_path = NULL;
  g_autofree char *user_maps = g_build_filename (project, "GAMEMAPS.WL1", NULL);
  g_autoptr(GBytes) user_bytes = NULL;
  TsrPlaytestSettings settings = { .engine = engine };
  TsrTileRect rect = { 10, 10, 3, 2 };
  TsrWolfLevelMap *level;
  Outcome outcome = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *from = g_build_filename (set, names[i], NULL);
      g_autofree char *to = g_build_filename (project, names[i], NULL);

      copy_file (from, to);
    }
  user_bytes = tsr_test_read_file (user_maps);
  document = tsr_test_open_document (project, "GAMEMAPS.WL1");
  ck_assert (TSR_IS_WOLF_DOCUMENT (document));
  tsr_wolf_document_set_current_level (TSR_WOLF_DOCUMENT (document), 2);
  level = tsr_wolf_document_get_level_map (TSR_WOLF_DOCUMENT (document), 2);
  ck_assert (tsr_document_execute_take (document, tsr_tile_command_fill_rect (TSR_TILE_MAP (level), 0, &rect, 8)));
  ck_assert (tsr_document_get_modified (document));

  g_setenv ("TSR_STAND_IN_COPY_CWD", "1", TRUE);
  run = tsr_playtest_prepare (document, &settings, &error);
  ck_assert_msg (run != NULL, "prepare: %s", error ? error->message : "");
  ck_assert_str_eq (tsr_playtest_run_get_argv (run)[0], engine);
  outputs = tsr_document_serialize (document, tsr_playtest_run_get_file (run), &error);
  ck_assert (outputs != NULL);
  record = run_to_end (run, &outcome);
  g_unsetenv ("TSR_STAND_IN_COPY_CWD");
  {
    g_autoptr(GPtrArray) want = g_ptr_array_new ();

    g_ptr_array_add (want, engine);
    for (guint i = 0; level_arguments[i] != NULL; i++)
      g_ptr_array_add (want, (gpointer) level_arguments[i]);
    g_ptr_array_add (want, NULL);
    assert_argv (record, (const char * const *) want->pdata);
  }
  /* It ran in the copied data folder: every file of the set, the edited ones as Save writes them. */
  cwd_path = g_build_filename (record, "cwd", NULL);
  ck_assert (g_file_get_contents (cwd_path, &cwd, NULL, NULL));
  ck_assert (g_str_has_prefix (cwd, g_get_tmp_dir ()));
  ck_assert_uint_ge (outputs->len, 2);
  for (guint i = 0; i < outputs->len; i++)
    {
      TsrOutputFile *output = g_ptr_array_index (outputs, i);
      g_autofree char *name = g_path_get_basename (output->path);
      g_autofree char *copied = g_build_filename (record, "cwd-files", name, NULL);

      assert_file_bytes (copied, output->bytes);
    }
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *copied = g_build_filename (record, "cwd-files", names[i], NULL);

      ck_assert_msg (g_file_test (copied, G_FILE_TEST_IS_REGULAR), "%s was not in the engine's folder", names[i]);
    }
  /* The unsaved change went to the engine, never to the user's file. */
  {
    g_autofree char *copied = g_build_filename (record, "cwd-files", "GAMEMAPS.WL1", NULL);
    g_autoptr(GBytes) engine_bytes = tsr_test_read_file (copied);

    ck_assert (!g_bytes_equal (engine_bytes, user_bytes));
  }
  assert_file_bytes (user_maps, user_bytes);
  ck_assert (tsr_document_get_modified (document));
  assert_standard_output (&outcome);
  outcome_clear (&outcome);
}

START_TEST (test_wolf3d_ecwolf)
{
  const char *arguments[] = { "--data", "wl1", "--tedlevel", "MAP03", NULL };

  check_wolf3d ("ecwolf", arguments);
}
END_TEST

START_TEST (test_wolf3d_wolf4sdl)
{
  const char *arguments[] = { "--tedlevel", "2", NULL };

  check_wolf3d ("wolf4sdl", arguments);
}
END_TEST

START_TEST (test_doom2d)
{
  g_autofree char *project = tsr_test_make_temp_dir ();
  g_autofree char *from = g_build_filename (testdata, "doom2d", "d2dfnix_VETERAN.wad", NULL);
  g_autofree char *user_file = g_build_filename (project, "Veteran.wad", NULL);
  g_autofree char *bin = make_engine ("Doom2DF");
  g_autofree char *engine = g_build_filename (bin, "Doom2DF", NULL);
  g_autoptr(TsrDocument) document = NULL;
  g_autoptr(GBytes) user_bytes = NULL;
  g_autoptr(GBytes) expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrPlaytestRun) run = NULL;
  g_autofree char *record = NULL;
  g_autofree char *map_argument = NULL;
  g_autofree char *copied = NULL;
  TsrPlaytestSettings settings = { .engine = engine };
  TsrDoom2dDocument *doom2d;
  guint index;
  Outcome outcome = { 0 };

  copy_file (from, user_file);
  user_bytes = tsr_test_read_file (user_file);
  document = tsr_test_open_document (project, "Veteran.wad");
  doom2d = TSR_DOOM2D_DOCUMENT (document);
  index = tsr_doom2d_document_get_n_maps (doom2d) > 1 ? 1 : 0;
  ck_assert (tsr_doom2d_document_select_map (doom2d, index, &error));
  run = tsr_playtest_prepare (document, &settings, &error);
  ck_assert_msg (run != NULL, "prepare: %s", error ? error->message : "");
  /* Doom2D Forever lower-cases its option values: the copy's path is lower case. */
  {
    g_autofree char *lower = g_ascii_strdown (tsr_playtest_run_get_file (run), -1);

    ck_assert_str_eq (lower, tsr_playtest_run_get_file (run));
  }
  expected = save_bytes (document, tsr_playtest_run_get_file (run), 0);
  map_argument = g_strdup_printf ("%s:\\%s", tsr_playtest_run_get_file (run),
                                  tsr_doom2d_document_get_map_name (doom2d, index));
  record = run_to_end (run, &outcome);
  {
    const char *want[] = { engine, "-map", map_argument, NULL };

    assert_argv (record, want);
  }
  copied = g_build_filename (record, "files", "2", NULL);
  assert_file_bytes (copied, expected);
  assert_file_bytes (user_file, user_bytes);
  assert_standard_output (&outcome);
  outcome_clear (&outcome);
}
END_TEST

/* A bare map file: Doom2D Forever cannot start it, and says so before anything runs. */
START_TEST (test_doom2d_bare_map)
{
  assert_prepare_refused ("doom2d", "df_MAP01.map", "Doom2DF", "-map");
}
END_TEST

START_TEST (test_sphere)
{
  g_autofree char *game = tsr_test_make_temp_dir ();
  g_autofree char *maps = g_build_filename (game, "maps", NULL);
  g_autofree char *scripts = g_build_filename (game, "scripts", NULL);
  g_autofree char *from = g_build_filename (testdata, "sphere", "village.rmp", NULL);
  g_autofree char *user_file = g_build_filename (maps, "village.rmp", NULL);
  g_autofree char *sgm = g_build_filename (game, "game.sgm", NULL);
  g_autofree char *script = g_build_filename (scripts, "main.js", NULL);
  g_autofree char *bin = make_engine ("neosphere");
  g_autofree char *engine = g_build_filename (bin, "neosphere", NULL);
  g_autoptr(TsrDocument) document = NULL;
  g_autoptr(GBytes) user_bytes = NULL;
  g_autoptr(GBytes) expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrPlaytestRun) run = NULL;
  g_autofree char *record = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *copied_map = NULL;
  g_autofree char *copied_sgm = NULL;
  g_autofree char *copied_script = NULL;
  TsrPlaytestSettings settings = { .engine = engine };
  Outcome outcome = { 0 };

  ck_assert (g_mkdir (maps, 0700) == 0 && g_mkdir (scripts, 0700) == 0);
  copy_file (from, user_file);
  ck_assert (g_file_set_contents (sgm, "name=Village\nscript=main.js\n", -1, NULL));
  ck_assert (g_file_set_contents (script, "function game() {}\n", -1, NULL));
  user_bytes = tsr_test_read_file (user_file);
  document = tsr_test_open_document (maps, "village.rmp");
  run = tsr_playtest_prepare (document, &settings, &error);
  ck_assert_msg (run != NULL, "prepare: %s", error ? error->message : "");
  folder = g_strdup (tsr_playtest_run_get_folder (run));
  {
    g_autofree char *want_file = g_build_filename (folder, "maps", "village.rmp", NULL);

    ck_assert_str_eq (tsr_playtest_run_get_file (run), want_file);
  }
  expected = save_bytes (document, tsr_playtest_run_get_file (run), 0);
  record = run_to_end (run, &outcome);
  {
    const char *want[] = { engine, folder, NULL };

    assert_argv (record, want);
  }
  copied_map = g_build_filename (record, "files", "1", "maps", "village.rmp", NULL);
  copied_sgm = g_build_filename (record, "files", "1", "game.sgm", NULL);
  copied_script = g_build_filename (record, "files", "1", "scripts", "main.js", NULL);
  assert_file_bytes (copied_map, expected);
  assert_file_bytes (copied_map, user_bytes);
  ck_assert (g_file_test (copied_sgm, G_FILE_TEST_IS_REGULAR));
  ck_assert (g_file_test (copied_script, G_FILE_TEST_IS_REGULAR));
  assert_file_bytes (user_file, user_bytes);
  /* The links went with the folder; the user's game is all there. */
  ck_assert (g_file_test (script, G_FILE_TEST_IS_REGULAR));
  assert_standard_output (&outcome);
  outcome_clear (&outcome);
}
END_TEST

START_TEST (test_sphere_without_game)
{
  assert_prepare_refused ("sphere", "village.rmp", "neosphere", "game.sgm");
}
END_TEST

/* An engine that fails or crashes is reported with its status; the folder still goes. */
START_TEST (test_failing_engine)
{
  g_autofree char *project = make_marathon_project ();
  g_autofree char *bin = make_engine ("alephone");
  g_autofree char *engine = g_build_filename (bin, "alephone", NULL);
  g_autoptr(TsrDocument) document = tsr_test_open_document (project, "Dream Brother.sceA");
  TsrPlaytestSettings settings = { .engine = engine };
  g_autoptr(GError) error = NULL;
  Outcome outcome = { 0 };

  g_setenv ("TSR_STAND_IN_STATUS", "3", TRUE);
  {
    g_autoptr(TsrPlaytestRun) run = tsr_playtest_prepare (document, &settings, &error);
    g_autofree char *record = NULL;

    ck_assert (run != NULL);
    record = run_to_end (run, &outcome);
    ck_assert (!tsr_playtest_run_succeeded (run));
    ck_assert_str_eq (tsr_playtest_run_get_status (run), "exited with status 3");
    assert_standard_output (&outcome);
    outcome_clear (&outcome);
  }
  g_unsetenv ("TSR_STAND_IN_STATUS");
  g_setenv ("TSR_STAND_IN_SIGNAL", "SEGV", TRUE);
  {
    g_autoptr(TsrPlaytestRun) run = tsr_playtest_prepare (document, &settings, &error);
    g_autofree char *record = NULL;

    ck_assert (run != NULL);
    record = run_to_end (run, &outcome);
    ck_assert (!tsr_playtest_run_succeeded (run));
    ck_assert_msg (g_str_has_prefix (tsr_playtest_run_get_status (run), "killed by signal 11"), "%s",
                   tsr_playtest_run_get_status (run));
    assert_standard_output (&outcome);
    outcome_clear (&outcome);
  }
  g_unsetenv ("TSR_STAND_IN_SIGNAL");
}
END_TEST

/* An editor that goes while the engine plays (its window closed, the application quitting) kills
 * the engine and removes the folder at once, with no main loop turning afterwards. */
START_TEST (test_abandoned_engine)
{
  g_autofree char *project = make_marathon_project ();
  g_autofree char *bin = make_engine ("alephone");
  g_autofree char *engine = g_build_filename (bin, "alephone", NULL);
  g_autofree char *record = tsr_test_make_temp_dir ();
  g_autofree char *never = g_build_filename (record, "never", NULL);
  g_autofree char *folder = NULL;
  g_autoptr(TsrDocument) document = tsr_test_open_document (project, "Dream Brother.sceA");
  TsrPlaytestSettings settings = { .engine = engine };
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrPlaytestRun) run = tsr_playtest_prepare (document, &settings, &error);

  ck_assert (run != NULL);
  folder = g_strdup (tsr_playtest_run_get_folder (run));
  g_setenv ("TSR_STAND_IN_RECORD", record, TRUE);
  g_setenv ("TSR_STAND_IN_WAIT_FOR", never, TRUE);
  ck_assert_msg (tsr_playtest_run_start (run, &error), "start: %s", error ? error->message : "");
  g_unsetenv ("TSR_STAND_IN_WAIT_FOR");
  ck_assert (tsr_playtest_run_is_running (run));
  ck_assert (g_file_test (folder, G_FILE_TEST_IS_DIR));
  tsr_playtest_run_abandon (run);
  ck_assert_msg (!g_file_test (folder, G_FILE_TEST_EXISTS), "%s is left behind", folder);
  ck_assert_ptr_null (tsr_playtest_run_get_folder (run));
}
END_TEST

/* The engine from PATH by its usual name; none there: a message naming what to install and where
 * to set it, and no folder made. */
START_TEST (test_engine_lookup)
{
  g_autofree char *bin = make_engine ("ecwolf");
  g_autofree char *empty = tsr_test_make_temp_dir ();
  g_autofree char *found = NULL;
  g_autofree char *want = g_build_filename (bin, "ecwolf", NULL);
  g_autoptr(GError) error = NULL;
  TsrPlaytestSettings missing = { .engine = "/nonexistent/alephone" };
  g_autofree char *path = g_strdup (g_getenv ("PATH"));

  g_setenv ("PATH", bin, TRUE);
  found = tsr_playtest_find_engine ("wolf3d", NULL, &error);
  ck_assert_msg (found != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (found, want);
  g_setenv ("PATH", empty, TRUE);
  ck_assert_ptr_null (tsr_playtest_find_engine ("marathon", NULL, &error));
  ck_assert_msg (strstr (error->message, "Aleph One") != NULL && strstr (error->message, "Preferences") != NULL
                 && strstr (error->message, "alephone") != NULL, "%s", error->message);
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_playtest_find_engine ("marathon", &missing, &error));
  ck_assert_msg (strstr (error->message, "/nonexistent/alephone") != NULL, "%s", error->message);
  g_clear_error (&error);
  {
    g_autofree char *project = make_marathon_project ();
    g_autoptr(TsrDocument) document = tsr_test_open_document (project, "Dream Brother.sceA");

    ck_assert_ptr_null (tsr_playtest_prepare (document, NULL, &error));
    ck_assert_int_eq (error->code, TSR_ERROR_NOT_SUPPORTED);
  }
  g_setenv ("PATH", path, TRUE);
}
END_TEST

/* A custom command: placeholders in each argument, the copy as Save writes it. */
START_TEST (test_custom_command)
{
  g_autofree char *project = tsr_test_make_temp_dir ();
  g_autofree char *from = g_build_filename (testdata, "doom2d", "d2dfnix_VETERAN.wad", NULL);
  g_autofree char *user_file = g_build_filename (project, "Veteran.wad", NULL);
  g_autofree char *bin = make_engine ("validator");
  g_autofree char *command = g_strdup_printf ("'%s/validator' --input=%%file \"%%level\" %%folder 100%%%%", bin);
  g_autoptr(TsrDocument) document = NULL;
  g_autoptr(GBytes) expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrPlaytestRun) run = NULL;
  g_autofree char *record = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *input = NULL;
  g_autofree char *engine = g_build_filename (bin, "validator", NULL);
  TsrDoom2dDocument *doom2d;
  Outcome outcome = { 0 };

  copy_file (from, user_file);
  document = tsr_test_open_document (project, "Veteran.wad");
  doom2d = TSR_DOOM2D_DOCUMENT (document);
  run = tsr_playtest_prepare_command (document, command, &error);
  ck_assert_msg (run != NULL, "prepare: %s", error ? error->message : "");
  folder = g_strdup (tsr_playtest_run_get_folder (run));
  input = g_strconcat ("--input=", tsr_playtest_run_get_file (run), NULL);
  expected = save_bytes (document, tsr_playtest_run_get_file (run), 0);
  {
    g_autofree char *copy = g_strdup (tsr_playtest_run_get_file (run));

    assert_file_bytes (copy, expected);
  }
  record = run_to_end (run, &outcome);
  {
    const char *want[] = { engine, input, tsr_doom2d_document_get_map_name (doom2d, tsr_doom2d_document_get_map_index (doom2d)),
                           folder, "100%", NULL };

    assert_argv (record, want);
  }
  outcome_clear (&outcome);
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_playtest_prepare_command (document, "'unbalanced", &error));
}
END_TEST

static Suite *
playtest_suite (void)
{
  Suite *suite = suite_create ("playtest");
  TCase *tc = tcase_create ("stand-in engine");

  tcase_add_test (tc, test_marathon);
  tcase_add_test (tc, test_marathon_shapes_setting);
  tcase_add_test (tc, test_wolf3d_ecwolf);
  tcase_add_test (tc, test_wolf3d_wolf4sdl);
  tcase_add_test (tc, test_doom2d);
  tcase_add_test (tc, test_doom2d_bare_map);
  tcase_add_test (tc, test_sphere);
  tcase_add_test (tc, test_sphere_without_game);
  tcase_add_test (tc, test_failing_engine);
  tcase_add_test (tc, test_abandoned_engine);
  tcase_add_test (tc, test_engine_lookup);
  tcase_add_test (tc, test_custom_command);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  testdata = tsr_test_data_require (".");
  return tsr_test_run_suite (playtest_suite ());
}
