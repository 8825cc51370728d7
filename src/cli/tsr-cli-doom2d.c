/* tsr-cli-doom2d.c: the Doom2D Forever subcommands of tessera-cli. `pack LIST OUT.wad [--force]`
 * packs the folder a .lst packing list describes (standart.lst → Standart.wad) with the codec's
 * DFWAD writer. Files the list names that are missing are listed; the archive is written without
 * them only with --force. */
#include <glib.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/doom2d/tsr-doom2d-pack.h"
#include "tsr-cli-doom2d.h"

static int
run_pack (int argc, char **argv)
{
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, "Write even when listed files are missing", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) missing = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GBytes) bytes = NULL;
  TsrDoom2dWad *wad;
  guint resources = 0;

  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3)
    {
      if (error != NULL)
        g_printerr ("tessera-cli doom2d pack: %s\n", error->message);
      g_printerr ("usage: tessera-cli doom2d pack LIST.lst OUT.wad [--force]\n");
      return 2;
    }
  wad = tsr_doom2d_pack_list (argv[1], missing, &error);
  if (wad == NULL)
    {
      g_autofree char *line = tsr_error_describe_for_path (argv[1], error->message);

      g_printerr ("tessera-cli: %s\n", line);
      return 1;
    }
  for (guint i = 0; i < missing->len; i++)
    {
      g_autofree char *message = g_strdup_printf ("missing: %s", (const char *) g_ptr_array_index (missing, i));
      g_autofree char *line = tsr_error_describe_for_path (argv[1], message);

      g_printerr ("tessera-cli: %s\n", line);
    }
  if (missing->len > 0 && !force)
    {
      g_printerr ("tessera-cli: nothing written: %u listed files are missing; --force packs the rest\n",
                  missing->len);
      tsr_doom2d_wad_free (wad);
      return 1;
    }
  for (guint i = 0; i < wad->entries->len; i++)
    if (!((TsrDoom2dWadEntry *) g_ptr_array_index (wad->entries, i))->is_section)
      resources++;
  bytes = tsr_doom2d_wad_write (wad, &error);
  tsr_doom2d_wad_free (wad);
  if (bytes == NULL || !tsr_file_write_atomic (argv[2], bytes, FALSE, &error))
    {
      g_autofree char *line = tsr_error_describe_for_path (argv[2], error->message);

      g_printerr ("tessera-cli: %s\n", line);
      return 1;
    }
  g_print ("wrote %s (%u resources, %" G_GSIZE_FORMAT " bytes)\n", argv[2], resources,
           g_bytes_get_size (bytes));
  return 0;
}

int
tsr_cli_doom2d_run (int    argc,
                    char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "pack") == 0)
    return run_pack (argc - 1, argv + 1);
  g_printerr ("usage: tessera-cli doom2d pack LIST.lst OUT.wad [--force]\n");
  return 2;
}
