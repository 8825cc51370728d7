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
   * image surfaces, and the visual mode draws through a GL context of its own and shows the
   * pixels read back (src/views/visual/tsr-visual-view.c). Measured side by side (release build,
   * Xvfb 1920×1080, Mesa llvmpipe, 2 cores, issue 35), GTK 4.8's default GL renderer against
   * cairo: map frames 70–142 ms against 2–23 ms (benchmark window-frames); visual mode turning
   * 99–122 ms a frame against 33–45 ms (visual-window); the 3.5 MB Sphere map open 247 MiB Rss
   * against 135 MiB (vs-tiled). Another renderer: GSK_RENDERER=gl (or ngl, vulkan) in the
   * environment. Set before GTK reads it at the first window's realization; processes Tessera
   * starts (the play-test engines, none of them GTK programs) inherit it.
   *
   * With cairo chosen here, GTK's GL is turned off as well (GDK_DEBUG=gl-disable, a debug key GTK
   * always honours: gdk_display_init_gl then fails at once): GTK 4.8 on X11 otherwise starts GL
   * (EGL or GLX, Mesa, libLLVM) when it opens the display, to choose visuals, whichever renderer
   * draws, and nothing here needs it. Measured (same build, Xvfb 1920×1080, benchmark vs-tiled):
   * start page 139–147 ms to content and 101 MiB Rss with GTK's GL, 106–114 ms and 40 MiB
   * without; the 3.5 MB Sphere map 208–213 ms and 121 MiB against 160–185 ms and 61 MiB. Left
   * alone when the user chose a renderer (GL ones need it) or set GDK_DEBUG. */
  if (g_getenv ("GSK_RENDERER") == NULL)
    {
      g_setenv ("GSK_RENDERER", "cairo", FALSE);
      if (g_getenv ("GDK_DEBUG") == NULL)
        g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
    }

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
