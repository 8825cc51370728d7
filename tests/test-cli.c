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

static Suite *
cli_suite (void)
{
  Suite *suite = suite_create ("cli");
  TCase *contract = tcase_create ("contract");

  tcase_add_test (contract, test_help_lists_subcommands);
  tcase_add_test (contract, test_random_bytes_are_a_clear_error);
  tcase_add_test (contract, test_missing_file_and_usage);
  suite_add_tcase (suite, contract);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (cli_suite ());
}
