/* main.c: the tessera GUI: gettext set-up, then the application. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "app/tsr-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(TsrApplication) application = NULL;

  setlocale (LC_ALL, "");
  /* `meson devenv` (build-aux/run) points TSR_LOCALEDIR at the build's compiled catalogues, since
   * an uninstalled build leaves the prefix's locale folder empty. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("TSR_LOCALEDIR") != NULL ? g_getenv ("TSR_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name (_("Tessera"));

  application = tsr_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (application), argc, argv);
}
