/* tsr-cli-render-entry.c: the entry points of the tessera-cli-render module (see
 * tsr-cli-render-module.h). The module holds the drawing half of tsr-cli-terminal.c and
 * tsr-cli-visual.c, built with TSR_CLI_RENDER_MODULE; everything else in it is hidden. */
#include "config.h"

#include <gmodule.h>

#include "cli/tsr-cli-terminal.h"
#include "cli/tsr-cli-visual.h"

G_MODULE_EXPORT int tsr_cli_render_module_terminal (int argc, char **argv);
G_MODULE_EXPORT int tsr_cli_render_module_visual (int argc, char **argv);

G_MODULE_EXPORT int
tsr_cli_render_module_terminal (int    argc,
                                char **argv)
{
  return tsr_cli_terminal_run (argc, argv);
}

G_MODULE_EXPORT int
tsr_cli_render_module_visual (int    argc,
                              char **argv)
{
  return tsr_cli_visual_render (argc, argv);
}
