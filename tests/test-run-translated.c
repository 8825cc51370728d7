/* test-run-translated.c: the uninstalled app shows its translations when started the way
 * build-aux/run starts it (issue 36): `meson devenv -C BUILD --workdir SOURCE tessera` with
 * LANGUAGE set, as its own process on the test's X display (a real window under Xvfb). The test
 * gives the app no locale folder itself; only the devenv does. It presses Ctrl+, by XTest and finds
 * the Preferences window under its translated title, then saves screenshots of the main window and
 * Preferences (run-translated-LANG*.png).
 *   test-run-translated MESON BUILD_ROOT SOURCE_ROOT LANGUAGE
 * Exits 77 without a display. */
#include "config.h"

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tsr-test-x-capture.h"

/* Under the sanitizers the app takes long to start: allow a minute for each step. */
#define STEP_SECONDS 60

static void
child_setup (gpointer data)
{
  /* Its own process group: meson devenv runs tessera as its child, and both are stopped at the end. */
  setpgid (0, 0);
}

/* The window's title (_NET_WM_NAME, which GTK sets in UTF-8), or NULL. */
static char *
window_title (Display *display,
              Window   window)
{
  Atom utf8 = XInternAtom (display, "UTF8_STRING", False);
  Atom name = XInternAtom (display, "_NET_WM_NAME", False);
  Atom type;
  int format;
  unsigned long n, after;
  unsigned char *data = NULL;
  char *title = NULL;

  if (XGetWindowProperty (display, window, name, 0, 1024, False, utf8, &type, &format, &n, &after, &data) == Success
      && data != NULL && type == utf8)
    title = g_strndup ((const char *) data, n);
  if (data != NULL)
    XFree (data);
  return title;
}

/* The viewable top-level window titled TITLE, waiting up to STEP_SECONDS; 0 when none came. */
static Window
wait_for_window (Display    *display,
                 const char *title)
{
  gint64 end = g_get_monotonic_time () + STEP_SECONDS * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      Window root_return, parent, *children = NULL;
      unsigned int n = 0;
      Window found = 0;

      XSync (display, False);
      if (XQueryTree (display, DefaultRootWindow (display), &root_return, &parent, &children, &n))
        for (unsigned int i = 0; i < n && found == 0; i++)
          {
            XWindowAttributes attributes;
            g_autofree char *name = NULL;

            if (!XGetWindowAttributes (display, children[i], &attributes) || attributes.map_state != IsViewable)
              continue;
            name = window_title (display, children[i]);
            if (g_strcmp0 (name, title) == 0)
              found = children[i];
          }
      if (children != NULL)
        XFree (children);
      if (found != 0)
        return found;
      g_usleep (100 * 1000);
    }
  return 0;
}

static gboolean
same_pixels (cairo_surface_t *a,
             cairo_surface_t *b)
{
  int height = cairo_image_surface_get_height (a);

  return b != NULL && cairo_image_surface_get_width (a) == cairo_image_surface_get_width (b)
         && height == cairo_image_surface_get_height (b)
         && memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                    (size_t) (cairo_image_surface_get_stride (a) * height)) == 0;
}

/* Saves WINDOW's pixels into PATH (PNG) once it has drawn: once two captures half a second apart
 * agree and differ from BEFORE (what the screen showed there before the window came, or NULL),
 * or after STEP_SECONDS; returns the capture. The screenshots are for people to look at: nothing is
 * asserted on them. */
static cairo_surface_t *
save_screenshot (Display         *display,
                 Window           window,
                 cairo_surface_t *before,
                 const char      *path)
{
  gint64 end = g_get_monotonic_time () + STEP_SECONDS * G_USEC_PER_SEC;
  cairo_surface_t *last = tsr_test_x_capture (display, window);

  while (g_get_monotonic_time () < end)
    {
      cairo_surface_t *now;

      g_usleep (G_USEC_PER_SEC / 2);
      now = tsr_test_x_capture (display, window);
      if (same_pixels (now, last) && !same_pixels (now, before))
        {
          cairo_surface_destroy (last);
          last = now;
          break;
        }
      cairo_surface_destroy (last);
      last = now;
    }
  g_assert_cmpint (cairo_surface_write_to_png (last, path), ==, CAIRO_STATUS_SUCCESS);
  return last;
}

static void
press_key (Display *display,
           KeySym   keysym,
           gboolean press)
{
  KeyCode code = XKeysymToKeycode (display, keysym);

  g_assert_cmpuint (code, !=, 0);
  XTestFakeKeyEvent (display, code, press, CurrentTime);
  XSync (display, False);
}

int
main (int argc, char *argv[])
{
  const char *meson, *build_root, *source_root, *language, *screenshot_dir;
  g_autofree char *locale_dir = NULL, *home = NULL, *shot = NULL, *preferences_title = NULL;
  g_auto(GStrv) env = NULL;
  g_autoptr(GError) error = NULL;
  const char *english = "Preferences";
  Display *display;
  Window main_window, preferences;
  cairo_surface_t *main_pixels;
  GPid pid;
  int status = 0, dummy;

  if (argc != 5)
    {
      g_printerr ("usage: %s MESON BUILD_ROOT SOURCE_ROOT LANGUAGE\n", argv[0]);
      return 2;
    }
  meson = argv[1];
  build_root = argv[2];
  source_root = argv[3];
  language = argv[4];
  if (g_getenv ("DISPLAY") == NULL || (display = XOpenDisplay (NULL)) == NULL)
    {
      g_print ("1..0 # SKIP no X display\n");
      return 77;
    }
  g_assert_true (XTestQueryExtension (display, &dummy, &dummy, &dummy, &dummy));

  /* What the translated title must read: the build's catalogue, looked up here by the test. */
  locale_dir = g_build_filename (build_root, "po", NULL);
  g_setenv ("LANGUAGE", language, TRUE);
  if (g_getenv ("LC_ALL") == NULL && g_getenv ("LANG") == NULL)
    g_setenv ("LANG", "C.UTF-8", TRUE); /* LANGUAGE is ignored in the plain C locale */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  preferences_title = g_strdup (dgettext (GETTEXT_PACKAGE, english));
  g_assert_cmpstr (preferences_title, !=, english);

  /* The app's environment: the test's, with LANGUAGE, no locale folder of the test's own, a home
   * of its own and settings in memory; meson devenv adds the rest. */
  home = g_dir_make_tmp ("tsr-run-translated-XXXXXX", &error);
  g_assert_no_error (error);
  env = g_get_environ ();
  env = g_environ_unsetenv (env, "TSR_LOCALEDIR");
  env = g_environ_setenv (env, "HOME", home, TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", home, TRUE);
  env = g_environ_setenv (env, "XDG_DATA_HOME", home, TRUE);
  env = g_environ_setenv (env, "XDG_CACHE_HOME", home, TRUE);
  env = g_environ_setenv (env, "XDG_STATE_HOME", home, TRUE);
  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "memory", TRUE);
  env = g_environ_setenv (env, "GDK_BACKEND", "x11", TRUE);
  env = g_environ_setenv (env, "GTK_A11Y", "none", TRUE);
  env = g_environ_setenv (env, "NO_AT_BRIDGE", "1", TRUE);
  {
    /* No session bus: a Tessera already running elsewhere must not take the window over. */
    g_autofree char *bus = g_strdup_printf ("unix:path=%s/no-bus", home);

    env = g_environ_setenv (env, "DBUS_SESSION_BUS_ADDRESS", bus, TRUE);
  }
  {
    /* The command build-aux/run ends with. */
    const char *command[] = { meson, "devenv", "-C", build_root, "--workdir", source_root, "tessera", NULL };

    g_assert_true (g_spawn_async (NULL, (char **) command, env, G_SPAWN_DO_NOT_REAP_CHILD,
                                  child_setup, NULL, &pid, &error));
    g_assert_no_error (error);
  }

  /* The start page's window (its title is the application's name), then Ctrl+, with the pointer
   * over it and the keyboard focus given to it, since Xvfb runs no window manager. */
  main_window = wait_for_window (display, dgettext (GETTEXT_PACKAGE, "Tessera"));
  if (main_window == 0)
    g_error ("no Tessera window within %d s", STEP_SECONDS);
  {
    XWindowAttributes attributes;

    g_assert_true (XGetWindowAttributes (display, main_window, &attributes));
    XTestFakeMotionEvent (display, -1, attributes.x + attributes.width / 2, attributes.y + attributes.height / 2, CurrentTime);
    XSetInputFocus (display, main_window, RevertToParent, CurrentTime);
    XSync (display, False);
  }
  g_usleep (G_USEC_PER_SEC / 2);
  screenshot_dir = g_getenv ("TSR_SCREENSHOT_DIR") != NULL ? g_getenv ("TSR_SCREENSHOT_DIR") : ".";
  shot = g_strdup_printf ("%s/run-translated-%s.png", screenshot_dir, language);
  {
    /* A window that has not drawn yet shows Xvfb's black screen. */
    XWindowAttributes attributes;
    cairo_surface_t *black;

    g_assert_true (XGetWindowAttributes (display, main_window, &attributes));
    black = cairo_image_surface_create (CAIRO_FORMAT_RGB24, attributes.width, attributes.height);
    main_pixels = save_screenshot (display, main_window, black, shot);
    cairo_surface_destroy (black);
  }
  press_key (display, XK_Control_L, TRUE);
  press_key (display, XK_comma, TRUE);
  press_key (display, XK_comma, FALSE);
  press_key (display, XK_Control_L, FALSE);

  preferences = wait_for_window (display, preferences_title);
  if (preferences == 0)
    g_error ("no window titled “%s” (%s for “%s”) within %d s", preferences_title, language, english, STEP_SECONDS);
  g_free (shot);
  shot = g_strdup_printf ("%s/run-translated-%s-preferences.png", screenshot_dir, language);
  {
    /* Until Preferences draws, its window shows the main window's pixels under it. */
    XWindowAttributes attributes;
    cairo_surface_t *under;
    cairo_t *cr;

    g_assert_true (XGetWindowAttributes (display, preferences, &attributes));
    under = cairo_image_surface_create (CAIRO_FORMAT_RGB24, attributes.width, attributes.height);
    cr = cairo_create (under);
    cairo_set_source_surface (cr, main_pixels, -attributes.x, -attributes.y);
    cairo_paint (cr);
    cairo_destroy (cr);
    cairo_surface_destroy (save_screenshot (display, preferences, under, shot));
    cairo_surface_destroy (under);
  }
  cairo_surface_destroy (main_pixels);
  g_print ("ok: LANGUAGE=%s shows the window “%s”\n", language, preferences_title);

  kill (-pid, SIGTERM);
  waitpid (pid, &status, 0);
  g_spawn_close_pid (pid);
  XCloseDisplay (display);
  {
    g_autofree char *quoted = g_shell_quote (home);
    g_autofree char *remove = g_strdup_printf ("rm -rf %s", quoted);

    g_assert_true (g_spawn_command_line_sync (remove, NULL, NULL, NULL, NULL));
  }
  return 0;
}
