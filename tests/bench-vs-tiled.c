/* bench-vs-tiled.c: a large Sphere map opened by Tessera and by Tiled, each as a real process, timed
 * and weighed the same way (issue 35: "the 3.5 MB Sphere map ≤ 0.5× Tiled"; "GUI memory with the
 * map open under Tiled's").
 *
 * The map is made at run time from real data: four 640×640 layers of outside_neo.rts's tiles
 * (picked by a fixed seed; the tileset appended), written by the project's Sphere writer — a .rmp
 * of about 3.5 MB — and the same map as TMX by the project's exporter (tsr-sphere-tmx.c: MAP.tmx
 * with CSV layers, MAP.tsx and the tileset image MAP.png). The tileset's 11 animations are turned
 * off in both: Tiled repaints its whole view at every animation frame of a tileset the map uses
 * (~4 times a second here), so it would never fall quiet.
 *
 * Each run spawns `tessera MAP.rmp` (the built binary, TSR_GUI), `tiled MAP.tmx` (/usr/bin/tiled)
 * or `tessera` alone (its start page, for scale) on this benchmark's own Xvfb (with-own-display.sh),
 * with a fresh HOME and configuration (neither restores an earlier session), the pointer in the
 * screen's bottom-right corner (on no window of either). The clock starts at the spawn. The X
 * server reports every change of the screen's pixels (DAMAGE on the root window);
 * "content" is the last change before the screen and the process both fall quiet — no damage and
 * under 20 ms of the process's CPU time (/proc/PID/stat, all threads) for 1 s — i.e. the moment the
 * window last changed, its content complete. "first frame" is the first change after the editor's
 * window (_NET_WM_PID) is mapped. Once quiet, the process's memory is read from
 * /proc/PID/smaps_rollup (Rss, Pss, and Anonymous: what the process itself allocated), then it is
 * sent SIGTERM. Each case runs RUNS times after one warm-up run (not counted: it fills the page
 * cache and fontconfig's caches for both alike); the medians are printed, with the load average.
 *
 * A benchmark: it prints figures and never fails on them. Without /usr/bin/tiled it prints
 * "tiled not found" and measures Tessera alone. TSR_BENCH_RENDERERS (default "default gl")
 * lists the GSK renderers Tessera runs with ("default" leaves GSK_RENDERER unset, as a user has
 * it: Tessera's main then picks cairo; "gl" is GTK's own default, for the side-by-side figures);
 * Tiled draws with Qt's raster painter either way. TSR_BENCH_DEBUG=1 prints each window change's
 * time; TSR_BENCH_FRAMES=1 also saves the screen at each change of the warm-up runs (as
 * NAME-frame-MS.png in TSR_SCREENSHOT_DIR), to see which change is what. */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xdamage.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "core/tsr-file.h"
#include "core/tsr-image.h"
#include "formats/sphere/tsr-sphere-map.h"
#include "formats/sphere/tsr-sphere-tmx.h"
#include "tsr-test-common.h"

#define RUNS 5
#define LAYERS 4
#define SIDE 640
#define QUIET_MS 1000
#define QUIET_CPU_MS 20
#define TIMEOUT_S (g_getenv ("TSR_BENCH_TIMEOUT") != NULL ? atoi (g_getenv ("TSR_BENCH_TIMEOUT")) : 60)
#define TILED "/usr/bin/tiled"

typedef struct {
  double content_ms; /* last damage before quiet */
  double first_ms;   /* first damage after the window mapped */
  double mapped_ms;
  double cpu_ms;     /* the process's CPU time until quiet */
  double rss_mib, pss_mib, anon_mib;
  gboolean ok;
} Run;

static Display *display;
static int damage_event;
static Atom net_wm_pid;

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* utime + stime of PID in ms (all threads), or -1. */
static double
process_cpu_ms (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *text = NULL;
  const char *p;
  unsigned long long utime = 0, stime = 0;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return -1;
  /* Fields after the command name (which may hold spaces) in parentheses. */
  p = strrchr (text, ')');
  if (p == NULL || sscanf (p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) != 2)
    return -1;
  return (utime + stime) * 1000.0 / sysconf (_SC_CLK_TCK);
}

static double
smaps_field_mib (const char *text, const char *field)
{
  const char *p = strstr (text, field);

  return p != NULL ? g_ascii_strtod (p + strlen (field), NULL) / 1024.0 : -1;
}

static void
read_memory (GPid pid, Run *run)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/smaps_rollup", (int) pid);
  g_autofree char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return;
  run->rss_mib = smaps_field_mib (text, "\nRss:");
  run->pss_mib = smaps_field_mib (text, "\nPss:");
  run->anon_mib = smaps_field_mib (text, "\nAnonymous:");
}

/* Whether WINDOW (a child of the root) belongs to PID. */
static gboolean
window_has_pid (Window window, GPid pid)
{
  Atom type;
  int format;
  unsigned long count, after;
  unsigned char *data = NULL;
  gboolean mine = FALSE;

  if (XGetWindowProperty (display, window, net_wm_pid, 0, 1, False, XA_CARDINAL, &type, &format,
                          &count, &after, &data) == Success && data != NULL)
    {
      mine = count == 1 && format == 32 && (GPid) *(unsigned long *) data == pid;
      XFree (data);
    }
  return mine;
}

/* The screen as PNG in TSR_SCREENSHOT_DIR (to see that each editor shows the map). */
static void
save_screen (const char *name)
{
  const char *folder = g_getenv ("TSR_SCREENSHOT_DIR");
  Window root = DefaultRootWindow (display);
  int width = DisplayWidth (display, DefaultScreen (display));
  int height = DisplayHeight (display, DefaultScreen (display));
  XImage *shot;
  g_autoptr(TsrImage) image = NULL;
  g_autofree char *path = NULL;

  if (folder == NULL)
    return;
  shot = XGetImage (display, root, 0, 0, width, height, AllPlanes, ZPixmap);
  if (shot == NULL)
    return;
  image = tsr_image_new (width, height);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        unsigned long pixel = XGetPixel (shot, x, y);
        guint8 *out = image->pixels + ((gsize) y * width + x) * 4;

        out[0] = (pixel >> 16) & 0xff;
        out[1] = (pixel >> 8) & 0xff;
        out[2] = pixel & 0xff;
        out[3] = 0xff;
      }
  XDestroyImage (shot);
  path = g_build_filename (folder, name, NULL);
  if (tsr_image_save_png (image, path, NULL))
    g_print ("screenshot: %s\n", path);
}

static int
ignore_x_errors (Display *unused, XErrorEvent *error)
{
  return 0; /* a window gone before its property was read */
}

/* Spawns ARGV with a fresh HOME and configuration under WORK, and times it until quiet. */
static Run
measure_once (char **argv, const char *renderer, const char *work, guint index, const char *screenshot)
{
  g_autofree char *home = g_strdup_printf ("%s/home-%u", work, index);
  g_autofree char *config = g_build_filename (home, ".config", NULL);
  g_autofree char *data = g_build_filename (home, ".local", "share", NULL);
  g_autofree char *state = g_build_filename (home, ".local", "state", NULL);
  g_autofree char *cache = g_build_filename (work, "cache", NULL); /* shared by the runs */
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GError) error = NULL;
  Damage damage = None;
  Run run = { 0 };
  GPid pid;
  Window window = None;
  double start, last_damage = -1, quiet_cpu_start = -1, quiet_start = -1;
  int status;

  g_mkdir_with_parents (config, 0700);
  g_mkdir_with_parents (data, 0700);
  g_mkdir_with_parents (state, 0700);
  g_mkdir_with_parents (cache, 0700);
  env = g_environ_setenv (env, "HOME", home, TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", config, TRUE);
  env = g_environ_setenv (env, "XDG_DATA_HOME", data, TRUE);
  env = g_environ_setenv (env, "XDG_STATE_HOME", state, TRUE);
  env = g_environ_setenv (env, "XDG_CACHE_HOME", cache, TRUE);
  env = g_environ_unsetenv (env, "DBUS_SESSION_BUS_ADDRESS");
  env = g_environ_setenv (env, "QT_QPA_PLATFORM", "xcb", TRUE);
  env = g_environ_setenv (env, "GDK_BACKEND", "x11", TRUE);
  if (renderer != NULL)
    env = g_environ_setenv (env, "GSK_RENDERER", renderer, TRUE);
  else
    env = g_environ_unsetenv (env, "GSK_RENDERER");

  /* The pointer in the screen's bottom-right corner, outside both editors' windows: at the centre
   * (where Xvfb starts it) it rested on Tessera's tile palette, whose tooltip then appeared half a
   * second after the map and was timed as the last change of the content. */
  XWarpPointer (display, None, DefaultRootWindow (display), 0, 0, 0, 0,
                DisplayWidth (display, DefaultScreen (display)) - 1, DisplayHeight (display, DefaultScreen (display)) - 1);
  XSync (display, False);
  while (XPending (display))
    {
      XEvent event;

      XNextEvent (display, &event);
    }

  start = now_ms ();
  if (!g_spawn_async (NULL, argv, env, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                      NULL, NULL, &pid, &error))
    {
      g_print ("cannot start %s: %s\n", argv[0], error->message);
      return run;
    }

  while (now_ms () - start < TIMEOUT_S * 1000.0)
    {
      struct pollfd fd = { ConnectionNumber (display), POLLIN, 0 };
      double now, cpu;

      if (!XPending (display))
        poll (&fd, 1, 20);
      while (XPending (display))
        {
          XEvent event;

          XNextEvent (display, &event);
          if (event.type == MapNotify && window == None && window_has_pid (event.xmap.window, pid))
            {
              window = event.xmap.window;
              run.mapped_ms = now_ms () - start;
              damage = XDamageCreate (display, window, XDamageReportNonEmpty);
            }
          else if (event.type == damage_event + XDamageNotify)
            {
              if (g_getenv ("TSR_BENCH_DEBUG") != NULL)
                {
                  XDamageNotifyEvent *notify = (XDamageNotifyEvent *) &event;

                  g_print ("  %.0f ms damage %d,%d %dx%d\n", now_ms () - start, notify->area.x, notify->area.y,
                           notify->area.width, notify->area.height);
                }
              XDamageSubtract (display, damage, None, None);
              last_damage = now_ms ();
              if (g_getenv ("TSR_BENCH_FRAMES") != NULL && screenshot != NULL)
                {
                  /* Every window change of the warm-up run as a PNG (which change is what). */
                  g_autofree char *name = g_strdup_printf ("%s-frame-%.0f.png", screenshot, last_damage - start);

                  save_screen (name);
                }
              if (window != None && run.first_ms == 0)
                run.first_ms = last_damage - start;
              quiet_start = -1;
            }
        }
      if (window == None || run.first_ms == 0)
        continue;
      now = now_ms ();
      cpu = process_cpu_ms (pid);
      if (quiet_start < 0)
        {
          quiet_start = now;
          quiet_cpu_start = cpu;
        }
      else if (cpu - quiet_cpu_start > QUIET_CPU_MS)
        {
          quiet_start = now; /* busy without drawing: not settled yet */
          quiet_cpu_start = cpu;
        }
      else if (now - quiet_start >= QUIET_MS && now - last_damage >= QUIET_MS)
        {
          run.content_ms = last_damage - start;
          run.cpu_ms = cpu;
          read_memory (pid, &run);
          run.ok = TRUE;
          if (screenshot != NULL)
            save_screen (screenshot);
          break;
        }
    }
  if (!run.ok)
    g_print ("%s did not settle in %d s (window %s, first frame %.0f ms, last damage %.0f ms, "
             "CPU %.0f ms since %.0f ms)\n", argv[0], TIMEOUT_S, window != None ? "mapped" : "not mapped",
             run.first_ms, last_damage - start, process_cpu_ms (pid) - quiet_cpu_start, quiet_start - start);
  kill (pid, SIGTERM);
  waitpid (pid, &status, 0);
  g_spawn_close_pid (pid);
  if (damage != None)
    XDamageDestroy (display, damage);
  XSync (display, False);
  return run;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  if (values->len == 0)
    return 0;
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

typedef struct {
  double content, first, mapped, cpu, rss, pss, anon;
} Figures;

static gboolean
measure (const char *label, char **argv, const char *renderer, const char *work, const char *screenshot,
         Figures *figures)
{
  static guint index;
  GArray *values[7];
  double load[3] = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = g_array_new (FALSE, FALSE, sizeof (double));
  measure_once (argv, renderer, work, index++, screenshot); /* warm-up */
  for (guint r = 0; r < RUNS; r++)
    {
      Run run = measure_once (argv, renderer, work, index++, NULL);

      if (!run.ok)
        continue;
      g_array_append_val (values[0], run.content_ms);
      g_array_append_val (values[1], run.first_ms);
      g_array_append_val (values[2], run.mapped_ms);
      g_array_append_val (values[3], run.cpu_ms);
      g_array_append_val (values[4], run.rss_mib);
      g_array_append_val (values[5], run.pss_mib);
      g_array_append_val (values[6], run.anon_mib);
    }
  getloadavg (load, 3);
  figures->content = median (values[0]);
  figures->first = median (values[1]);
  figures->mapped = median (values[2]);
  figures->cpu = median (values[3]);
  figures->rss = median (values[4]);
  figures->pss = median (values[5]);
  figures->anon = median (values[6]);
  g_print ("%-34s content %7.1f ms  first frame %7.1f  mapped %7.1f  CPU %7.1f ms  "
           "Rss %6.1f MiB  Pss %6.1f  Anonymous %6.1f  (%u runs, load %.2f)\n",
           label, figures->content, figures->first, figures->mapped, figures->cpu,
           figures->rss, figures->pss, figures->anon, values[0]->len, load[0]);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    g_array_unref (values[i]);
  return figures->content > 0;
}

/* The map: LAYERS layers of SIDE×SIDE random non-animated tiles of outside_neo.rts, its tileset
 * appended; written as MAP.rmp and exported as MAP.tmx (+ .tsx, .png) in WORK. */
static gboolean
make_map (const char *sphere_dir, const char *work, char **rmp_path, char **tmx_path)
{
  g_autofree char *rts_path = g_build_filename (sphere_dir, "outside_neo.rts", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) rts = tsr_file_read (rts_path, &error);
  g_autoptr(GBytes) rmp = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(TsrSphereMap) map = NULL;
  TsrSphereTileset *tileset;
  GRand *rand = g_rand_new_with_seed (35);

  tileset = rts != NULL ? tsr_sphere_tileset_parse (rts, &error) : NULL;
  if (tileset == NULL)
    {
      g_print ("%s: %s\n", rts_path, error->message);
      return FALSE;
    }
  /* No tile animates: Tiled repaints its whole view at every frame of any animation in a tileset
   * the map uses, whether or not a cell shows the tile, and would never fall quiet. */
  for (guint i = 0; i < tileset->tiles->len; i++)
    ((TsrSphereTile *) g_ptr_array_index (tileset->tiles, i))->animated = 0;
  map = tsr_sphere_map_new (0, 0, tileset);
  for (guint l = 0; l < LAYERS; l++)
    {
      g_autofree char *name = g_strdup_printf ("Layer %u", l + 1);
      TsrSphereLayer *layer = tsr_sphere_layer_new (SIDE, SIDE, name);

      for (guint i = 0; i < SIDE * SIDE; i++)
        layer->tiles[i] = g_rand_int_range (rand, 0, tileset->tiles->len);
      tsr_sphere_map_insert_layer (map, -1, layer);
    }
  g_rand_free (rand);
  *rmp_path = g_build_filename (work, "large.rmp", NULL);
  *tmx_path = g_build_filename (work, "large.tmx", NULL);
  rmp = tsr_sphere_map_serialize (map);
  if (!tsr_file_write_atomic (*rmp_path, rmp, FALSE, &error))
    {
      g_print ("%s: %s\n", *rmp_path, error->message);
      return FALSE;
    }
  outputs = tsr_sphere_tmx_export (map, *tmx_path, lost, &error);
  if (outputs == NULL)
    {
      g_print ("%s: %s\n", *tmx_path, error->message);
      return FALSE;
    }
  for (guint i = 0; i < outputs->len; i++)
    {
      TsrOutputFile *output = g_ptr_array_index (outputs, i);

      if (!tsr_file_write_atomic (output->path, output->bytes, FALSE, &error))
        {
          g_print ("%s: %s\n", output->path, error->message);
          return FALSE;
        }
    }
  g_print ("map: %u layers of %ux%u tiles (outside_neo.rts's %u tiles, animation off), %ux%u px each\n",
           LAYERS, SIDE, SIDE, tileset->tiles->len, tileset->tile_width, tileset->tile_height);
  g_print ("     %s %.2f MB; %s %.2f MB (+ .tsx, .png)\n", *rmp_path, g_bytes_get_size (rmp) / 1e6,
           *tmx_path, g_bytes_get_size (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes) / 1e6);
  return TRUE;
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_rmdir (path);
}

int
main (int argc, char **argv)
{
  g_autofree char *sphere_dir = tsr_test_data_require ("sphere");
  g_autofree char *work = g_dir_make_tmp ("tessera-bench-XXXXXX", NULL);
  g_autofree char *rmp = NULL;
  g_autofree char *tmx = NULL;
  g_auto(GStrv) renderers = g_strsplit (g_getenv ("TSR_BENCH_RENDERERS") != NULL ? g_getenv ("TSR_BENCH_RENDERERS") : "default gl", " ", -1);
  const char *tessera = g_getenv ("TSR_GUI");
  gboolean have_tiled = g_file_test (TILED, G_FILE_TEST_IS_EXECUTABLE);
  Figures tiled = { 0 };
  int error_base;

  setvbuf (stdout, NULL, _IOLBF, 0);
  /* bench-vs-tiled --make DIR: only writes the map (large.rmp, large.tmx, .tsx, .png) into DIR,
   * to profile either editor on it by hand. */
  if (argc == 3 && strcmp (argv[1], "--make") == 0)
    return make_map (sphere_dir, argv[2], &rmp, &tmx) ? 0 : 1;
  if (tessera == NULL)
    g_error ("TSR_GUI is not set (meson sets it)");
  display = XOpenDisplay (NULL);
  if (display == NULL)
    {
      g_print ("no X display: skipped\n");
      return 77;
    }
  if (!XDamageQueryExtension (display, &damage_event, &error_base))
    {
      g_print ("the X server has no DAMAGE extension: skipped\n");
      return 77;
    }
  {
    int major = 1, minor = 1;

    XDamageQueryVersion (display, &major, &minor); /* required before the first damage request */
  }
  XSetErrorHandler (ignore_x_errors);
  net_wm_pid = XInternAtom (display, "_NET_WM_PID", False);
  XSelectInput (display, DefaultRootWindow (display), SubstructureNotifyMask);
  if (!make_map (sphere_dir, work, &rmp, &tmx))
    return 1;
  g_print ("screen %dx%d; content = last screen change before 1 s without change and with < %d ms CPU; "
           "medians of %d runs after a warm-up\n",
           DisplayWidth (display, DefaultScreen (display)), DisplayHeight (display, DefaultScreen (display)),
           QUIET_CPU_MS, RUNS);

  if (have_tiled)
    {
      char *tiled_argv[] = { (char *) TILED, tmx, NULL };

      measure ("tiled large.tmx", tiled_argv, NULL, work, "bench-vs-tiled-tiled.png", &tiled);
    }
  else
    g_print ("tiled not found (%s): Tessera alone\n", TILED);

  for (guint i = 0; renderers[i] != NULL; i++)
    {
      const char *renderer = g_strcmp0 (renderers[i], "default") == 0 ? NULL : renderers[i];
      char *start_argv[] = { (char *) tessera, NULL };
      char *map_argv[] = { (char *) tessera, rmp, NULL };
      g_autofree char *label_start = g_strdup_printf ("tessera (start page, GSK %s)", renderers[i]);
      g_autofree char *label_map = g_strdup_printf ("tessera large.rmp (GSK %s)", renderers[i]);
      g_autofree char *shot_start = g_strdup_printf ("bench-vs-tiled-start-%s.png", renderers[i]);
      g_autofree char *shot_map = g_strdup_printf ("bench-vs-tiled-tessera-%s.png", renderers[i]);
      Figures start = { 0 }, opened = { 0 };

      if (*renderers[i] == '\0')
        continue;
      measure (label_start, start_argv, renderer, work, shot_start, &start);
      if (measure (label_map, map_argv, renderer, work, shot_map, &opened) && tiled.content > 0)
        g_print ("%-34s time %.2fx Tiled's (goal <= 0.5x), Rss %.2fx and Pss %.2fx Tiled's (goal < 1x)\n", "",
                 opened.content / tiled.content, opened.rss / tiled.rss, opened.pss / tiled.pss);
    }
  XCloseDisplay (display);
  remove_tree (work);
  return 0;
}
