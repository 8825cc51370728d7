/* tsr-cli-paths.c: the install tree an installed tessera-cli runs from (see tsr-cli-paths.h). */
#include "config.h"

#include "cli/tsr-cli-paths.h"

#include <string.h>

char *
tsr_cli_installed_path (const char *relative)
{
  g_autofree char *exe = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *bin_suffix = NULL;

  g_return_val_if_fail (relative != NULL, NULL);
  if (g_path_is_absolute (relative))
    return g_strdup (relative);
  exe = g_file_read_link ("/proc/self/exe", NULL);
  dir = exe != NULL ? g_path_get_dirname (exe) : NULL;
  bin_suffix = g_strconcat (G_DIR_SEPARATOR_S, TSR_CLI_BINDIR, NULL);
  if (dir != NULL && !g_path_is_absolute (TSR_CLI_BINDIR) && g_str_has_suffix (dir, bin_suffix))
    {
      g_autofree char *root = g_strndup (dir, strlen (dir) - strlen (bin_suffix));

      return g_build_filename (*root != '\0' ? root : G_DIR_SEPARATOR_S, relative, NULL);
    }
  return g_build_filename (TSR_CLI_PREFIX, relative, NULL);
}
