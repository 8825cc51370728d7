/* tsr-cli-render-module.c: loads tessera-cli-render on first use. It is looked for beside the
 * executable first (the build folder), then in the module folder of the tree the executable is
 * installed in (tsr-cli-paths.h), then in the configured one. */
#include "config.h"

#include "cli/tsr-cli-paths.h"
#include "cli/tsr-cli-render-module.h"

#include <dlfcn.h>

/* Opened with dlopen itself, not GModule: libgmodule would be one more library loaded by every
 * command at start (issue 35). */
#define MODULE_NAME "tessera-cli-render.so"

typedef int (*TsrCliRenderEntry) (int argc, char **argv);

static void *
open_path (const char *path)
{
  return dlopen (path, RTLD_LAZY | RTLD_LOCAL);
}

/* NULL with dlerror () set when it cannot be opened. */
static void *
open_module (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *beside = NULL;
  g_autofree char *installed = NULL;

  if (exe != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (exe);

      beside = g_build_filename (dir, MODULE_NAME, NULL);
      if (g_file_test (beside, G_FILE_TEST_IS_REGULAR))
        return open_path (beside);
    }
  /* The install tree the executable is in (DESTDIR or moved installs), then the configured one. */
  installed = tsr_cli_installed_path (TSR_CLI_LIBDIR G_DIR_SEPARATOR_S "tessera" G_DIR_SEPARATOR_S
                                      MODULE_NAME);
  if (g_file_test (installed, G_FILE_TEST_IS_REGULAR))
    return open_path (installed);
  return open_path (TSR_CLI_RENDER_MODULE_DIR "/" MODULE_NAME);
}

int
tsr_cli_render_module_run (const char *entry,
                           int         argc,
                           char      **argv)
{
  static void *module;
  TsrCliRenderEntry run = NULL;

  if (module == NULL && (module = open_module ()) == NULL)
    {
      const char *reason = dlerror ();

      g_printerr ("tessera-cli: cannot load the render module: %s\n", reason != NULL ? reason : MODULE_NAME);
      return 1;
    }
  run = (TsrCliRenderEntry) dlsym (module, entry);
  if (run == NULL)
    {
      const char *reason = dlerror ();

      g_printerr ("tessera-cli: %s: %s\n", MODULE_NAME, reason != NULL ? reason : entry);
      return 1;
    }
  return run (argc, argv);
}
