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

  /* GTK's renderer: cairo unless the user chose one. Tessera's map canvases draw with cairo into
   * image surfaces, and the visual mode's GtkGLArea also shows under the cairo renderer (GTK reads
   * its frame back). Measured side by side (release build, Xvfb 1920×1080, Mesa llvmpipe, 2 cores,
   * issue 35), GTK 4.8's default GL renderer against cairo: map frames 70–142 ms against 2–23 ms
   * (benchmark window-frames); visual mode turning 99–122 ms a frame against 33–45 ms (visual-window);
   * the 3.5 MB Sphere map open 247 MiB Rss against 135 MiB (vs-tiled). Another renderer:
   * GSK_RENDERER=gl (or ngl, vulkan) in the environment. Set before GTK reads it at the first
   * window's realization; processes Tessera starts (the play-test engine) inherit it. */
  if (g_getenv ("GSK_RENDERER") == NULL)
    g_setenv ("GSK_RENDERER", "cairo", FALSE);

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
