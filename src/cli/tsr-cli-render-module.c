/* tsr-cli-render-module.c: loads tessera-cli-render on first use. It is looked for beside the
 * executable first (the build folder), then in the module folder of the tree the executable is
 * installed in (tsr-cli-paths.h), then in the configured one. */
#include "config.h"

#include "cli/tsr-cli-paths.h"
#include "cli/tsr-cli-render-module.h"

#include <gmodule.h>

typedef int (*TsrCliRenderEntry) (int argc, char **argv);

static GModule *
open_module (GError **error)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *beside = NULL;
  g_autofree char *installed = NULL;
  GModule *module;

  if (exe != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (exe);

      beside = g_build_filename (dir, "tessera-cli-render." G_MODULE_SUFFIX, NULL);
      if (g_file_test (beside, G_FILE_TEST_IS_REGULAR))
        return g_module_open_full (beside, G_MODULE_BIND_LOCAL, error);
    }
  /* The install tree the executable is in (DESTDIR or moved installs), then the configured one. */
  installed = tsr_cli_installed_path (TSR_CLI_LIBDIR G_DIR_SEPARATOR_S "tessera" G_DIR_SEPARATOR_S
                                      "tessera-cli-render." G_MODULE_SUFFIX);
  if (g_file_test (installed, G_FILE_TEST_IS_REGULAR))
    return g_module_open_full (installed, G_MODULE_BIND_LOCAL, error);
  module = g_module_open_full (TSR_CLI_RENDER_MODULE_DIR "/tessera-cli-render." G_MODULE_SUFFIX,
                               G_MODULE_BIND_LOCAL, error);
  return module;
}

int
tsr_cli_render_module_run (const char *entry,
                           int         argc,
                           char      **argv)
{
  static GModule *module;
  g_autoptr(GError) error = NULL;
  TsrCliRenderEntry run = NULL;

  if (module == NULL && (module = open_module (&error)) == NULL)
    {
      g_printerr ("tessera-cli: cannot load the render module: %s\n", error->message);
      return 1;
    }
  if (!g_module_symbol (module, entry, (gpointer *) &run) || run == NULL)
    {
      g_printerr ("tessera-cli: %s: %s\n", g_module_name (module), g_module_error ());
      return 1;
    }
  return run (argc, argv);
}
