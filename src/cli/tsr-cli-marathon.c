/* tsr-cli-marathon.c: the Marathon scenario subcommands of tessera-cli, Atque's two:
 *   marathon merge DIR -o SCENARIO   a merge folder ("NN Level Name/" per level) into a scenario
 *   marathon split SCENARIO -o DIR   a scenario back into a merge folder
 * The work is in formats/marathon/tsr-marathon-merge.c; here only arguments and messages. Nothing
 * is written unless the whole input was read and checked. */
#include "cli/tsr-cli-marathon.h"

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-merge.h"

enum { STATUS_OK = 0, STATUS_FAILED = 1, STATUS_USAGE = 2 };

static int
usage (void)
{
  g_printerr ("usage: tessera-cli marathon merge DIR -o SCENARIO\n"
              "       tessera-cli marathon split SCENARIO -o DIR\n");
  return STATUS_USAGE;
}

static void
print_error (const char *path,
             const char *message)
{
  /* The codec's messages name the file inside the folder already. */
  g_autofree char *line = g_str_has_prefix (message, path) ? tsr_escape_control (message)
                                                           : tsr_error_describe_for_path (path, message);

  g_printerr ("tessera-cli: %s\n", line);
}

/* Parses "IN -o OUT"; FALSE on anything else. */
static gboolean
parse_arguments (int          argc,
                 char       **argv,
                 const char **input,
                 const char **output)
{
  *input = NULL;
  *output = NULL;
  for (int i = 1; i < argc; i++)
    {
      if ((strcmp (argv[i], "-o") == 0 || strcmp (argv[i], "--output") == 0) && i + 1 < argc)
        *output = argv[++i];
      else if (g_str_has_prefix (argv[i], "--output="))
        *output = argv[i] + strlen ("--output=");
      else if (argv[i][0] != '-' && *input == NULL)
        *input = argv[i];
      else
        return FALSE;
    }
  return *input != NULL && *output != NULL;
}

static int
run_merge (int    argc,
           char **argv)
{
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *base = NULL;
  const char *input, *output;
  char *dot;

  if (!parse_arguments (argc, argv, &input, &output))
    return usage ();
  /* Atque names the scenario after the output file, without its extension. */
  base = g_path_get_basename (output);
  dot = strrchr (base, '.');
  if (dot != NULL && dot != base)
    *dot = '\0';
  bytes = tsr_marathon_merge_folder (input, base, notes, &error);
  for (guint i = 0; i < notes->len; i++)
    {
      g_autofree char *line = tsr_escape_control (notes->pdata[i]);

      g_printerr ("tessera-cli: warning: %s\n", line);
    }
  if (bytes == NULL)
    {
      print_error (input, error->message);
      return STATUS_FAILED;
    }
  if (!tsr_file_write_atomic (output, bytes, FALSE, &error))
    {
      print_error (output, error->message);
      return STATUS_FAILED;
    }
  g_print ("wrote %s (%" G_GSIZE_FORMAT " bytes)\n", output, g_bytes_get_size (bytes));
  return STATUS_OK;
}

static int
run_split (int    argc,
           char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) files = NULL;
  const char *input, *output;

  if (!parse_arguments (argc, argv, &input, &output))
    return usage ();
  bytes = tsr_file_read (input, &error);
  if (bytes != NULL)
    files = tsr_marathon_scenario_split (bytes, input, &error);
  if (files == NULL)
    {
      print_error (input, error->message);
      return STATUS_FAILED;
    }
  if (!tsr_marathon_merge_folder_write (files, output, &error))
    {
      print_error (output, error->message);
      return STATUS_FAILED;
    }
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *line = tsr_escape_control (((TsrOutputFile *) files->pdata[i])->path);

      g_print ("%s\n", line);
    }
  g_print ("wrote %u files into %s\n", files->len, output);
  return STATUS_OK;
}

int
tsr_cli_marathon_run (int    argc,
                      char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "merge") == 0)
    return run_merge (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "split") == 0)
    return run_split (argc - 1, argv + 1);
  return usage ();
}
