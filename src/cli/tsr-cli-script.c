/* tsr-cli-script.c: tessera-cli script. Python (with Debian's python3-gi) replaces the process, so
 * the script's output, exit status and traceback are the command's. GI_TYPELIB_PATH and
 * LD_LIBRARY_PATH lead to the Tessera-1.0 typelib and libtessera-1.so of this build when
 * tessera-cli runs from its build folder, else to those of the tree it is installed in
 * (tsr-cli-paths.h). TESSERA_PYTHON names another
 * Python. */
#include "config.h"

#include "tsr-cli-script.h"

#include <errno.h>
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/tsr-cli-paths.h"
#include "core/tsr-error.h"

enum { STATUS_FAILED = 1, STATUS_USAGE = 2 };

#ifdef TSR_HAVE_SCRIPT
/* VALUE in front of the list the variable NAME holds in ENVP. */
static char **
prepend_path (char      **envp,
              const char *name,
              const char *value)
{
  const char *old = g_environ_getenv (envp, name);
  g_autofree char *joined = old != NULL && *old != '\0' ? g_strconcat (value, ":", old, NULL) : g_strdup (value);

  return g_environ_setenv (envp, name, joined, TRUE);
}

/* Whether this tessera-cli is the one in the build folder. */
static gboolean
running_uninstalled (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = exe != NULL ? g_path_get_dirname (exe) : NULL;

  return dir != NULL && strcmp (dir, TSR_SCRIPT_BUILD_CLI_DIR) == 0;
}
#endif

int
tsr_cli_script_run (int    argc,
                    char **argv)
{
#ifdef TSR_HAVE_SCRIPT
  g_auto(GStrv) envp = NULL;
  g_autoptr(GPtrArray) args = NULL;
  const char *python;
  const char *lib_dir;
  const char *typelib_dir;
  g_autofree char *installed_lib = NULL;
  g_autofree char *installed_typelib = NULL;

  if (argc < 2 || strcmp (argv[1], "--help") == 0)
    {
      g_printerr ("usage: tessera-cli script FILE.py [ARGS…]\n"
                  "Runs FILE.py with Python 3; 'from gi.repository import Tessera' gives the library.\n");
      return STATUS_USAGE;
    }
  if (!g_file_test (argv[1], G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *line = tsr_error_describe_for_path (argv[1], "no such script file");

      g_printerr ("tessera-cli: %s\n", line);
      return STATUS_FAILED;
    }
  if (running_uninstalled ())
    lib_dir = typelib_dir = TSR_SCRIPT_BUILD_LIB_DIR;
  else
    {
      /* The tree this tessera-cli is installed in (DESTDIR or moved installs included). */
      lib_dir = installed_lib = tsr_cli_installed_path (TSR_CLI_LIBDIR);
      typelib_dir = installed_typelib = tsr_cli_installed_path (TSR_CLI_LIBDIR G_DIR_SEPARATOR_S "girepository-1.0");
    }
  envp = g_get_environ ();
  envp = prepend_path (envp, "GI_TYPELIB_PATH", typelib_dir);
  envp = prepend_path (envp, "LD_LIBRARY_PATH", lib_dir);
  python = g_environ_getenv (envp, "TESSERA_PYTHON");
  if (python == NULL || *python == '\0')
    python = TSR_SCRIPT_PYTHON;

  args = g_ptr_array_new ();
  g_ptr_array_add (args, (gpointer) python);
  for (int i = 1; i < argc; i++)
    g_ptr_array_add (args, argv[i]);
  g_ptr_array_add (args, NULL);
  fflush (stdout);
  if (strchr (python, '/') != NULL)
    execve (python, (char **) args->pdata, envp);
  else
    execvpe (python, (char **) args->pdata, envp);
  g_printerr ("tessera-cli: cannot run %s: %s\n", python, g_strerror (errno));
  return STATUS_FAILED;
#else
  g_printerr ("tessera-cli: scripting is not built in: this build has no GObject Introspection data "
              "(-Dintrospection; builds with sanitizers or fuzzing leave it out)\n");
  return STATUS_USAGE;
#endif
}
