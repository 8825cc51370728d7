/* tsr-cli-terminal.c: Marathon terminal scripts from the command line.
 *   terminal decompile MAP [--level N] [-o OUT.term.txt]  (or a Marathon 1 .appl: every term resource)
 *   terminal compile IN.term.txt -o OUT.bin       (the raw 'term' chunk data)
 *   terminal replace MAP --level N IN.term.txt -o NEWMAP
 *   terminal render IN --terminal N [--page P] [--state S] [--images FILE] [--level L] [--map MAP]
 *                   [--scale S] [-o OUT.png]      (without -o: the list of pages; IN is a map or a
 *                                                 .term.txt, whose checkpoints show MAP's level) */
#include "cli/tsr-cli-terminal.h"

#include <stdio.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-terminal.h"
#include "formats/marathon/tsr-marathon1-terminals.h"
#include "cli/tsr-cli-render-module.h"
/* The drawing is done in the render module (tsr-cli-render-module.h), built from this file with
 * TSR_CLI_RENDER_MODULE; the executable hands 'terminal render' to it. */
#if defined (TSR_HAVE_TERMINAL_RENDER) && defined (TSR_CLI_RENDER_MODULE)
#define TSR_CLI_TERMINAL_DRAWS 1
#endif
#ifdef TSR_CLI_TERMINAL_DRAWS
#include "formats/marathon/tsr-marathon-images.h"
#include "formats/marathon/tsr-marathon-terminal-layout.h"
#include "render/tsr-terminal-render.h"
#endif

enum { STATUS_OK = 0, STATUS_FAILED = 1, STATUS_USAGE = 2 };

static int
usage (void)
{
  g_printerr ("usage: tessera-cli terminal decompile MAP [--level N] [-o OUT.term.txt]\n"
              "       tessera-cli terminal compile IN.term.txt -o OUT.bin\n"
              "       tessera-cli terminal replace MAP --level N IN.term.txt -o NEWMAP\n"
#ifdef TSR_HAVE_TERMINAL_RENDER
              "       tessera-cli terminal render MAP|IN.term.txt --terminal N [--page P]\n"
              "                 [--state unfinished|finished|failed] [--images FILE] [--level L]\n"
              "                 [--map MAP] [--scale S] [-o OUT.png]\n"
#endif
              );
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

#ifdef TSR_CLI_TERMINAL_DRAWS
static const char *const page_kind_names[] = {
  "logon", "logoff", "information", "pict", "checkpoint", "static", "blank",
};

static TsrImage *
picture_from_images (int      id,
                     gpointer user_data)
{
  return tsr_marathon_images_decode (user_data, id, NULL, NULL);
}

static void
images_free (gpointer data)
{
  tsr_marathon_images_free (data);
}

/* terminal render: one page of one terminal drawn as the game draws it, into a PNG. */
static int
render_command (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  g_autofree char *images_path = NULL;
  g_autofree char *state_name = NULL;
  g_autofree char *map_path = NULL;
  g_autoptr(TsrMarathonScenario) scenario = NULL;
  g_autoptr(GPtrArray) compiled = NULL;
  g_autoptr(TsrTerminalRenderer) renderer = NULL;
  g_autoptr(TsrTerminalLayout) layout = NULL;
  GPtrArray *terminals;
  TsrMarathonLevel *found = NULL;
  TsrTerminalState state = TSR_TERMINAL_STATE_UNFINISHED;
  int terminal = -1, page = 0, level = -1, scale = 1;
  const char *input;
  guint n_pages;
  GOptionEntry entries[] = {
    { "terminal", 0, 0, G_OPTION_ARG_INT, &terminal, "Terminal number (from 0)", "N" },
    { "page", 0, 0, G_OPTION_ARG_INT, &page, "Page (from 0)", "P" },
    { "state", 0, 0, G_OPTION_ARG_STRING, &state_name, "unfinished, finished or failed", "STATE" },
    { "images", 0, 0, G_OPTION_ARG_FILENAME, &images_path, "Marathon Images file for pictures", "FILE" },
    { "level", 0, 0, G_OPTION_ARG_INT, &level, "Level number (from 0) of a map", "L" },
    { "map", 0, 0, G_OPTION_ARG_FILENAME, &map_path, "Map whose level a script's checkpoints show", "MAP" },
    { "scale", 0, 0, G_OPTION_ARG_INT, &scale, "Pixels per terminal pixel (1 to 8)", "S" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Output PNG", "PATH" },
    { NULL }
  };

  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("tessera-cli terminal render: %s\n", error->message);
      return STATUS_USAGE;
    }
  if (argc != 3 || terminal < 0 || scale < 1 || scale > 8)
    return usage ();
  if (state_name != NULL && !tsr_terminal_state_from_name (state_name, &state))
    {
      g_printerr ("tessera-cli terminal render: --state %s: unfinished, finished or failed expected\n", state_name);
      return STATUS_USAGE;
    }
  input = argv[2];
  if (g_str_has_suffix (input, ".txt"))
    {
      compiled = compile_file (input);
      if (compiled == NULL)
        return STATUS_FAILED;
      terminals = compiled;
      if (map_path != NULL)
        {
          scenario = load_scenario (map_path);
          if (scenario == NULL || (found = find_level (scenario, map_path, level)) == NULL)
            return STATUS_FAILED;
        }
    }
  else
    {
      scenario = load_scenario (input);
      if (scenario == NULL || (found = find_level (scenario, input, level)) == NULL)
        return STATUS_FAILED;
      if (found->terminals == NULL)
        {
          g_printerr ("tessera-cli: %s: level %d has no terminals ('term' chunk)\n", input, found->entry->index);
          return STATUS_FAILED;
        }
      terminals = found->terminals;
    }
  if ((guint) terminal >= terminals->len)
    {
      g_printerr ("tessera-cli: %s: terminal %d: there are %u terminals\n", input, terminal, terminals->len);
      return STATUS_FAILED;
    }

  renderer = tsr_terminal_renderer_new ();
  tsr_terminal_renderer_set_level (renderer, found);
  if (images_path != NULL)
    {
      g_autoptr(GBytes) bytes = tsr_file_read (images_path, &error);
      TsrMarathonImages *images = bytes != NULL ? tsr_marathon_images_parse (bytes, &error) : NULL;

      if (images == NULL)
        {
          g_printerr ("tessera-cli: %s: %s\n", images_path, error->message);
          return STATUS_FAILED;
        }
      tsr_terminal_renderer_set_pictures (renderer, picture_from_images, images, images_free);
    }
  layout = tsr_terminal_renderer_layout (renderer, g_ptr_array_index (terminals, terminal), state);
  n_pages = tsr_terminal_layout_n_pages (layout);

  if (output == NULL)
    {
      g_print ("terminal %d, %s: %u pages\n", terminal, tsr_terminal_state_name (state), n_pages);
      for (guint p = 0; p < n_pages; p++)
        {
          const TsrTerminalPage *shown = tsr_terminal_layout_get_page (layout, p);

          g_print ("%3u  %-11s group %-3u %s %-5d lines %2u  bytes %u..%u%s\n", p, page_kind_names[shown->kind],
                   shown->group, tsr_marathon_group_type_name (shown->group_type), shown->permutation,
                   shown->lines->len, shown->start, shown->end, shown->events->len > 0 ? "  (+events)" : "");
        }
      return STATUS_OK;
    }
  if (page < 0 || (n_pages > 0 && (guint) page >= n_pages) || (n_pages == 0 && page > 0))
    {
      g_printerr ("tessera-cli: %s: terminal %d, %s: page %d: there are %u pages\n", input, terminal,
                  tsr_terminal_state_name (state), page, n_pages);
      return STATUS_FAILED;
    }
  {
    cairo_surface_t *surface = tsr_terminal_renderer_render (renderer, layout, (guint) page, scale);
    cairo_status_t status = cairo_surface_write_to_png (surface, output);

    cairo_surface_destroy (surface);
    if (status != CAIRO_STATUS_SUCCESS)
      {
        g_printerr ("tessera-cli: %s: %s\n", output, cairo_status_to_string (status));
        return STATUS_FAILED;
      }
  }
  if (n_pages == 0)
    g_print ("wrote %s (terminal %d shows nothing when %s)\n", output, terminal, tsr_terminal_state_name (state));
  else
    g_print ("wrote %s (terminal %d, %s, page %d of %u: %s)\n", output, terminal, tsr_terminal_state_name (state),
             page, n_pages, page_kind_names[tsr_terminal_layout_get_page (layout, (guint) page)->kind]);
  return STATUS_OK;
}
#endif

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

#ifdef TSR_HAVE_TERMINAL_RENDER
  if (argc >= 2 && strcmp (argv[1], "render") == 0)
#ifdef TSR_CLI_TERMINAL_DRAWS
    return render_command (argc, argv);
#else
    return tsr_cli_render_module_run ("tsr_cli_render_module_terminal", argc, argv);
#endif
#endif
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
      g_autoptr(GBytes) file_bytes = tsr_file_read (argv[2], NULL);

      /* Marathon 1's 'term' resources (the application's resource fork): one block each. */
      if (file_bytes != NULL
          && tsr_marathon1_terminals_format ()->sniff (g_bytes_get_data (file_bytes, NULL),
                                                       g_bytes_get_size (file_bytes), argv[2]) > 0)
        {
          g_autofree char *label = g_path_get_basename (argv[2]);
          g_autoptr(TsrMarathon1TerminalFile) m1 = tsr_marathon1_terminal_file_parse (file_bytes, label, &error);

          if (m1 == NULL)
            {
              print_file_error (argv[2], error->message);
              return STATUS_FAILED;
            }
          if (output == NULL)
            {
              fwrite (g_bytes_get_data (m1->script.source, NULL), 1, g_bytes_get_size (m1->script.source), stdout);
              return STATUS_OK;
            }
          if (!write_output (output, m1->script.source))
            return STATUS_FAILED;
          g_print ("wrote %s (%u Marathon 1 terminals)\n", output,
                   m1->script.compilation->terminals != NULL ? m1->script.compilation->terminals->len : 0);
          return STATUS_OK;
        }
    }
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
      tsr_marathon_terminals_keep_encoding (terminals, found->terminals);
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
