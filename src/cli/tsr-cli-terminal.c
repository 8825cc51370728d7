/* tsr-cli-terminal.c: Marathon terminal scripts from the command line.
 *   terminal decompile MAP [--level N] [-o OUT.term.txt]
 *   terminal compile IN.term.txt -o OUT.bin       (the raw 'term' chunk data)
 *   terminal replace MAP --level N IN.term.txt -o NEWMAP */
#include "cli/tsr-cli-terminal.h"

#include <stdio.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-terminal.h"

enum { STATUS_OK = 0, STATUS_FAILED = 1, STATUS_USAGE = 2 };

static int
usage (void)
{
  g_printerr ("usage: tessera-cli terminal decompile MAP [--level N] [-o OUT.term.txt]\n"
              "       tessera-cli terminal compile IN.term.txt -o OUT.bin\n"
              "       tessera-cli terminal replace MAP --level N IN.term.txt -o NEWMAP\n");
  return STATUS_USAGE;
}

/* The path once, no control bytes from the file (as tsr-cli.c prints). */
static void
print_file_error (const char *path, const char *message)
{
  g_autofree char *line = tsr_error_describe_for_path (path, message);

  g_printerr ("tessera-cli: %s\n", line);
}

static TsrMarathonScenario *
load_scenario (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = tsr_file_read (path, &error);
  TsrMarathonScenario *scenario = NULL;

  if (bytes != NULL)
    {
      const TsrFormat *format = tsr_marathon_map_format ();
      gsize size;
      const guint8 *data = g_bytes_get_data (bytes, &size);

      if (format->sniff (data, size, path) == 0)
        g_set_error (&error, TSR_ERROR, TSR_ERROR_UNKNOWN_FORMAT, "not a Marathon map");
      else
        scenario = tsr_marathon_scenario_load (bytes, path, &error);
    }
  if (scenario == NULL)
    print_file_error (path, error->message);
  return scenario;
}

static TsrMarathonLevel *
find_level (TsrMarathonScenario *scenario,
            const char          *path,
            int                  level)
{
  guint position = level < 0 ? 0 : (guint) level;

  if (position >= scenario->map->levels->len)
    {
      g_autofree char *message = g_strdup_printf ("level %d: the file holds %u levels", level,
                                                  scenario->map->levels->len);

      print_file_error (path, message);
      return NULL;
    }
  return g_ptr_array_index (scenario->map->levels, position);
}

static gboolean
write_output (const char *path,
              GBytes     *bytes)
{
  g_autoptr(GError) error = NULL;

  if (!tsr_file_write_atomic (path, bytes, FALSE, &error))
    {
      print_file_error (path, error->message);
      return FALSE;
    }
  return TRUE;
}

static GPtrArray *
compile_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = tsr_file_read (path, &error);
  GPtrArray *terminals;

  if (bytes == NULL)
    {
      print_file_error (path, error->message);
      return NULL;
    }
  terminals = tsr_marathon_terminals_compile (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                              path, &error);
  if (terminals == NULL)
    {
      g_autofree char *line = tsr_escape_control (error->message);

      g_printerr ("tessera-cli: %s\n", line);
    }
  return terminals;
}

int
tsr_cli_terminal_run (int    argc,
                      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  int level = G_MININT;
  const char *command;
  GOptionEntry entries[] = {
    { "level", 0, 0, G_OPTION_ARG_INT, &level, "Level number (from 0)", "N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Output file", "PATH" },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("tessera-cli terminal: %s\n", error->message);
      return STATUS_USAGE;
    }
  if (level == G_MININT)
    level = -1;
  else if (level < 0)
    {
      g_printerr ("tessera-cli terminal: --level %d: levels count from 0\n", level);
      return STATUS_USAGE;
    }
  if (argc < 2)
    return usage ();
  command = argv[1];

  if (strcmp (command, "decompile") == 0 && argc == 3)
    {
      g_autoptr(TsrMarathonScenario) scenario = load_scenario (argv[2]);
      TsrMarathonLevel *found;
      g_autofree char *text = NULL;

      if (scenario == NULL)
        return STATUS_FAILED;
      if ((found = find_level (scenario, argv[2], level)) == NULL)
        return STATUS_USAGE;
      if (found->terminals == NULL)
        {
          g_autofree char *message = g_strdup_printf ("level %d has no terminals ('term' chunk)",
                                                      found->entry->index);

          print_file_error (argv[2], message);
          return STATUS_FAILED;
        }
      text = tsr_marathon_terminals_decompile (found->terminals, &error);
      if (text == NULL)
        {
          print_file_error (argv[2], error->message);
          return STATUS_FAILED;
        }
      if (output == NULL)
        {
          fputs (text, stdout);
          return STATUS_OK;
        }
      {
        g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

        if (!write_output (output, bytes))
          return STATUS_FAILED;
      }
      g_print ("wrote %s (%u terminals)\n", output, found->terminals->len);
      return STATUS_OK;
    }

  if (strcmp (command, "compile") == 0 && argc == 3 && output != NULL)
    {
      g_autoptr(GPtrArray) terminals = compile_file (argv[2]);
      g_autoptr(GBytes) chunk = NULL;

      if (terminals == NULL)
        return STATUS_FAILED;
      chunk = tsr_marathon_terminals_serialize (terminals, &error);
      if (chunk == NULL)
        {
          print_file_error (argv[2], error->message);
          return STATUS_FAILED;
        }
      if (!write_output (output, chunk))
        return STATUS_FAILED;
      g_print ("wrote %s (%u terminals, %" G_GSIZE_FORMAT " bytes)\n", output, terminals->len,
               g_bytes_get_size (chunk));
      return STATUS_OK;
    }

  if (strcmp (command, "replace") == 0 && argc == 4 && output != NULL && level >= 0)
    {
      g_autoptr(TsrMarathonScenario) scenario = load_scenario (argv[2]);
      g_autoptr(GPtrArray) terminals = NULL;
      g_autoptr(GBytes) bytes = NULL;
      TsrMarathonLevel *found;

      if (scenario == NULL)
        return STATUS_FAILED;
      if ((found = find_level (scenario, argv[2], level)) == NULL)
        return STATUS_USAGE;
      terminals = compile_file (argv[3]);
      if (terminals == NULL)
        return STATUS_FAILED;
      g_clear_pointer (&found->terminals, g_ptr_array_unref);
      found->terminals = g_steal_pointer (&terminals);
      bytes = tsr_marathon_scenario_serialize (scenario, &error);
      if (bytes == NULL)
        {
          print_file_error (argv[2], error->message);
          return STATUS_FAILED;
        }
      if (!write_output (output, bytes))
        return STATUS_FAILED;
      g_print ("wrote %s (level %d: %u terminals)\n", output, level, found->terminals->len);
      return STATUS_OK;
    }

  return usage ();
}
