/* test-cli.c: tessera-cli's contract: subcommands, exit codes and error lines. Runs the real
 * binary (TSR_CLI). Format-specific behaviour is tested by each family's suite. */
#include <string.h>
#include <sys/wait.h>

#include "tsr-test-common.h"

typedef struct {
  int   status;
  char *out;
  char *err;
} CliResult;

static void
cli_result_clear (CliResult *result)
{
  g_free (result->out);
  g_free (result->err);
}

static CliResult
run_cli (const char *first, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  CliResult result = { 0 };
  int wait_status = 0;
  va_list args;

  g_ptr_array_add (argv, (gpointer) g_getenv ("TSR_CLI"));
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  ck_assert_msg (g_getenv ("TSR_CLI") != NULL, "TSR_CLI is not set");
  ck_assert_msg (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &result.out, &result.err, &wait_status, &error),
                 "spawn: %s", error ? error->message : "");
  ck_assert (WIFEXITED (wait_status));
  result.status = WEXITSTATUS (wait_status);
  return result;
}

START_TEST (test_help_lists_subcommands)
{
  CliResult result = run_cli ("--help", NULL);
  const char *expected[] = { "info", "roundtrip", "validate", "formats", "convert", "render",
                             "extract", "terminal", "--version" };

  ck_assert_int_eq (result.status, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    ck_assert_msg (strstr (result.out, expected[i]) != NULL, "--help lacks %s", expected[i]);
  cli_result_clear (&result);

  result = run_cli ("--version", NULL);
  ck_assert_int_eq (result.status, 0);
  ck_assert (g_str_has_prefix (result.out, "tessera-cli "));
  cli_result_clear (&result);

  result = run_cli ("frobnicate", NULL);
  ck_assert_int_eq (result.status, 2);
  ck_assert (strstr (result.err, "unknown command 'frobnicate'") != NULL);
  cli_result_clear (&result);

  result = run_cli ("formats", NULL);
  ck_assert_int_eq (result.status, 0);
  cli_result_clear (&result);
}
END_TEST

START_TEST (test_random_bytes_are_a_clear_error)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (folder, "random.bin", NULL);
  g_autofree char *png = g_build_filename (folder, "out.png", NULL);
  g_autofree char *converted = g_build_filename (folder, "out.rmp", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  guint8 random[4096];
  g_autofree char *expected_prefix = NULL;
  const char *commands[] = { "info", "roundtrip", "validate" };
  CliResult result;

  for (gsize i = 0; i < sizeof random; i++)
    random[i] = (guint8) g_rand_int (rand);
  ck_assert (g_file_set_contents (path, (const char *) random, sizeof random, NULL));
  expected_prefix = g_strdup_printf ("tessera-cli: %s: ", path);

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      result = run_cli (commands[i], path, NULL);
      ck_assert_int_eq (result.status, 1);
      ck_assert_str_eq (result.out, "");
      ck_assert_msg (g_str_has_prefix (result.err, expected_prefix), "%s", result.err);
      ck_assert_msg (strstr (result.err, "(offset ") != NULL, "%s", result.err);
      /* One line. */
      ck_assert_ptr_eq (strchr (result.err, '\n'), result.err + strlen (result.err) - 1);
      cli_result_clear (&result);
    }

  /* Nothing is written when the input fails to load. */
  result = run_cli ("render", path, "-o", png, NULL);
  ck_assert_int_eq (result.status, 1);
  ck_assert (!g_file_test (png, G_FILE_TEST_EXISTS));
  cli_result_clear (&result);
  result = run_cli ("convert", path, converted, "--to", "no-such-format", NULL);
  ck_assert_int_eq (result.status, 2);
  ck_assert (!g_file_test (converted, G_FILE_TEST_EXISTS));
  cli_result_clear (&result);
}
END_TEST

START_TEST (test_missing_file_and_usage)
{
  CliResult result = run_cli ("info", "/nonexistent/tessera/Map.sceA", NULL);

  ck_assert_int_eq (result.status, 1);
  ck_assert (g_str_has_prefix (result.err, "tessera-cli: /nonexistent/tessera/Map.sceA: "));
  cli_result_clear (&result);

  result = run_cli ("info", NULL);
  ck_assert_int_eq (result.status, 2);
  ck_assert (strstr (result.err, "usage: tessera-cli info") != NULL);
  cli_result_clear (&result);

  result = run_cli ("render", "x", NULL);  /* no -o */
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);

  result = run_cli ("render", "x", "-o", "y.png", "--size", "12", NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);

  result = run_cli ("info", "--bogus", "x", NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);
}
END_TEST

/* Every byte of an error line is printable: control bytes from a file name (or from the file) are
 * escaped, and the path is said once. */
static void
assert_clean_line (const char *line, const char *path_text)
{
  const char *first = strstr (line, path_text);

  ck_assert_msg (first != NULL, "%s: does not name %s", line, path_text);
  ck_assert_msg (strstr (first + 1, path_text) == NULL, "%s: names the path twice", line);
  for (const char *p = line; *p != '\0'; p++)
    ck_assert_msg ((guint8) *p >= 0x20 || (*p == '\n' && p[1] == '\0'),
                   "%s: control byte 0x%02x at %d", line, (guint8) *p, (int) (p - line));
}

START_TEST (test_messages_escape_and_name_once)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *nasty = g_build_filename (folder, "map\x1b[31m\x07.rmp", NULL);
  g_autofree char *escaped = g_build_filename (folder, "map\\x1B[31m\\x07.rmp", NULL);
  g_autofree char *missing = g_build_filename (folder, "Missing.sceA", NULL);
  const char *commands[] = { "info", "validate", "roundtrip" };
  CliResult result;

  ck_assert (g_file_set_contents (nasty, "\x1b]0;title\x07\x01\x02 not a map", -1, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      result = run_cli (commands[i], nasty, NULL);
      ck_assert_int_eq (result.status, 1);
      assert_clean_line (result.err, escaped);
      cli_result_clear (&result);

      result = run_cli (commands[i], missing, NULL);
      ck_assert_int_eq (result.status, 1);
      assert_clean_line (result.err, missing);
      ck_assert_msg (strstr (result.err, "No such file") != NULL, "%s", result.err);
      cli_result_clear (&result);
    }
}
END_TEST

/* A Sphere map of .rts tile size SIDE and LAYER x LAYER tiles, with its tileset beside it (no
 * tiles: a few hundred bytes that declare the map's size). */
static char *
write_sphere_map (const char *folder, guint16 side, guint16 layer)
{
  g_autofree char *rts_path = g_build_filename (folder, "big.rts", NULL);
  char *rmp_path = g_build_filename (folder, "big.rmp", NULL);
  g_autoptr(GByteArray) rts = g_byte_array_new ();
  g_autoptr(GByteArray) rmp = g_byte_array_new ();
  guint8 header[256] = { '.', 'r', 't', 's', 1, 0, 0, 0, side & 0xff, side >> 8, side & 0xff, side >> 8, 32, 0 };
  guint8 map_header[256] = { '.', 'r', 'm', 'p', 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0 };
  guint8 layer_header[32] = { layer & 0xff, layer >> 8, layer & 0xff, layer >> 8 };

  g_byte_array_append (rts, header, sizeof header);
  g_byte_array_append (rmp, map_header, sizeof map_header);
  g_byte_array_append (rmp, (const guint8 *) "\x07\x00" "big.rts", 9);
  for (int i = 0; i < 8; i++)
    g_byte_array_append (rmp, (const guint8 *) "\0\0", 2);
  g_byte_array_append (rmp, layer_header, sizeof layer_header); /* 30 bytes + an empty name */
  for (guint i = 0; i < (guint) layer * layer; i++)
    g_byte_array_append (rmp, (const guint8 *) "\0\0", 2);
  ck_assert (g_file_set_contents (rts_path, (const char *) rts->data, rts->len, NULL));
  ck_assert (g_file_set_contents (rmp_path, (const char *) rmp->data, rmp->len, NULL));
  return rmp_path;
}

/* A map of a few KB that declares 32768x32768 pixels is not drawn at full size (it was: 4 GiB and
 * minutes); the error says the limit and how to draw it scaled, which works. */
START_TEST (test_render_is_bounded_and_scales)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *map = write_sphere_map (folder, 1024, 32);
  g_autofree char *png = g_build_filename (folder, "out.png", NULL);
  CliResult result;

  ck_assert_int_lt (g_bytes_get_size (tsr_test_read_file (map)), 4096);
  result = run_cli ("render", map, "-o", png, NULL);
  ck_assert_int_eq (result.status, 1);
  ck_assert_msg (strstr (result.err, "32768x32768 pixels is above the limit of") != NULL, "%s", result.err);
  ck_assert_msg (strstr (result.err, "--size") != NULL, "%s", result.err);
  ck_assert (!g_file_test (png, G_FILE_TEST_EXISTS));
  cli_result_clear (&result);

  result = run_cli ("render", map, "-o", png, "--size", "512x300", NULL);
  ck_assert_int_eq (result.status, 0);
  ck_assert_msg (strstr (result.out, "(300x300)") != NULL, "%s", result.out);
  cli_result_clear (&result);
}
END_TEST

/* --level below 0, or beyond what the file holds, is a usage error (status 2). */
START_TEST (test_level_out_of_range_is_usage)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *map = write_sphere_map (folder, 16, 4);
  g_autofree char *png = g_build_filename (folder, "out.png", NULL);
  g_autofree char *tmx = g_build_filename (folder, "out.tmx", NULL);
  CliResult result;

  result = run_cli ("render", map, "-o", png, "--level", "-3", NULL);
  ck_assert_int_eq (result.status, 2);
  ck_assert_msg (strstr (result.err, "--level -3") != NULL, "%s", result.err);
  cli_result_clear (&result);
  result = run_cli ("render", map, "-o", png, "--level", "1", NULL);
  ck_assert_int_eq (result.status, 2);
  ck_assert_msg (strstr (result.err, "no level 1") != NULL, "%s", result.err);
  cli_result_clear (&result);
  result = run_cli ("convert", map, tmx, "--level", "7", "--force", NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);
  result = run_cli ("terminal", "decompile", map, "--level", "-1", NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);
  ck_assert (!g_file_test (png, G_FILE_TEST_EXISTS));
  ck_assert (!g_file_test (tmx, G_FILE_TEST_EXISTS));

  result = run_cli ("render", map, "-o", png, "--level", "0", NULL);
  ck_assert_int_eq (result.status, 0);
  cli_result_clear (&result);
}
END_TEST

/* Real files of the games that Tessera does not open say what they are; a damaged file under a
 * format's extension says what is wrong with it, not "not a file Tessera knows". */
START_TEST (test_unsupported_files_say_what_they_are)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  static const struct { const char *name; const char *bytes; gsize size; const char *expected; } cases[] = {
    { "Sounds", "\0\0\0\1snd2\0\2\0\3", 12, "a Marathon Sounds file" },
    { "Infinity.sndz", "not a header", 12, "a Marathon Sounds file" },
    { "Replay.filA", "\0\0\1\0\0\1\0\0", 8, "a Marathon film" },
    { "DOOM2D.WAD", "IWAD\3\0\0\0\14\0\0\0", 12, "a Doom-style WAD" },
    { "broken.rmp", "garbage, not a map", 18, "read as Sphere map (by its extension): " },
    { "WALL1.tga", "\0\0\2\0\0\0\0\0\0\0\0\0\1\0\1\0\40\0\0\0\0\0", 22, "a TGA image" },
    { "ANIM", "resource=COL5A\nframecount=2\n", 28, "animated-texture description" },
    { "standart.lst", "StandartWAD\\STDTEXTURES\\WALL1.tga|WALL1\n", 40, "packed into a Doom2D Forever archive" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (folder, cases[i].name, NULL);
      CliResult result;

      ck_assert (g_file_set_contents (path, cases[i].bytes, (gssize) cases[i].size, NULL));
      result = run_cli ("info", path, NULL);
      ck_assert_int_eq (result.status, 1);
      ck_assert_msg (strstr (result.err, cases[i].expected) != NULL, "%s", result.err);
      ck_assert_msg (strstr (result.err, "not a file Tessera knows") == NULL, "%s", result.err);
      assert_clean_line (result.err, path);
      cli_result_clear (&result);
    }
}
END_TEST

static Suite *
cli_suite (void)
{
  Suite *suite = suite_create ("cli");
  TCase *contract = tcase_create ("contract");

  tcase_add_test (contract, test_help_lists_subcommands);
  tcase_add_test (contract, test_random_bytes_are_a_clear_error);
  tcase_add_test (contract, test_missing_file_and_usage);
  tcase_add_test (contract, test_messages_escape_and_name_once);
  tcase_add_test (contract, test_render_is_bounded_and_scales);
  tcase_add_test (contract, test_level_out_of_range_is_usage);
  tcase_add_test (contract, test_unsupported_files_say_what_they_are);
  suite_add_tcase (suite, contract);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (cli_suite ());
}
