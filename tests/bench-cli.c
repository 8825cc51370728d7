/* bench-cli.c: how fast tessera-cli starts and round-trips a file, against the shell tools a user
 * compares it with (issue 35): `tessera-cli --version` against `/bin/true`, and `tessera-cli
 * roundtrip FILE` against `cat FILE` on a real file of each family. Each command runs ROUNDS
 * times; the median wall time and the median CPU time of the child (user + system, from wait4)
 * are printed with the ratios. CPU time is the steadier figure on a shared machine. Goal: start
 * ≤ 2× /bin/true, roundtrip ≤ 2× cat. A benchmark, never a test: nothing here fails on time.
 * `cat` reads the files the round trip reads: a Wolf3D round trip of MAPHEAD.WL1 loads, writes
 * and compares the whole set of 8 files (1.2 MB), so its baseline is `cat` of those 8, not of
 * MAPHEAD's 402 bytes (until 2026-12-05 it was; that older ratio is still printed after it).
 * Under each round trip, the floor: bench-roundtrip-floor (TSR_ROUNDTRIP_FLOOR), a libc-only
 * program that maps the same files, turns every 16-bit word round into fresh memory and back,
 * comparing; the least any round trip that decodes and encodes the bytes can cost. */
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tsr-test-common.h"

extern char **environ;

enum { ROUNDS = 60 };

typedef struct {
  double wall_ms;
  double cpu_ms;
} Timing;

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *values, guint n)
{
  qsort (values, n, sizeof (double), compare_doubles);
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* Runs ARGV ROUNDS times with stdout and stderr on /dev/null; the medians. */
static Timing
time_command (char *const *argv)
{
  double wall[ROUNDS], cpu[ROUNDS];
  posix_spawn_file_actions_t actions;
  Timing timing;

  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen (&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  for (guint r = 0; r < ROUNDS; r++)
    {
      struct rusage usage;
      gint64 start = g_get_monotonic_time ();
      pid_t pid;
      int status;

      if (posix_spawn (&pid, argv[0], &actions, NULL, argv, environ) != 0)
        g_error ("cannot run %s", argv[0]);
      if (wait4 (pid, &status, 0, &usage) != pid)
        g_error ("wait4 failed for %s", argv[0]);
      if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
        g_error ("%s %s exited with status %d", argv[0], argv[1] != NULL ? argv[1] : "", status);
      wall[r] = (g_get_monotonic_time () - start) / 1000.0;
      cpu[r] = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0
               + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
    }
  posix_spawn_file_actions_destroy (&actions);
  timing.wall_ms = median (wall, ROUNDS);
  timing.cpu_ms = median (cpu, ROUNDS);
  return timing;
}

static void
print_pair (const char *what, const char *base_name, Timing base, Timing measured)
{
  g_print ("%-52s %6.2f ms wall (%5.2fx %s: %5.2f ms), %6.2f ms CPU (%5.2fx %s: %5.2f ms)\n", what,
           measured.wall_ms, measured.wall_ms / base.wall_ms, base_name, base.wall_ms, measured.cpu_ms,
           measured.cpu_ms / MAX (base.cpu_ms, 0.01), base_name, base.cpu_ms);
}

int
main (void)
{
  const char *cli = g_getenv ("TSR_CLI");
  const char *floor_program = g_getenv ("TSR_ROUNDTRIP_FLOOR");
  g_autofree char *marathon = tsr_test_data_require ("marathon");
  g_autofree char *root = g_path_get_dirname (marathon);
  /* One real file of each family, the largest of its kind that tessera-cli saves, and the other
   * files of its set in its folder that the round trip reads too. */
  static const struct {
    const char *file;
    const char *set[8];
  } files[] = {
    { "marathon/m1_Map.scen" },
    { "marathon/eternal_GenieInABottle_v4.sceA" },
    { "wolf3d/wl1_v14_shareware/MAPHEAD.WL1",
      { "GAMEMAPS.WL1", "VSWAP.WL1", "VGAHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1", "AUDIOHED.WL1",
        "AUDIOT.WL1" } },
    { "sphere/outside_neo.rts" },
    { "sphere/turbosphere_test_appended.rmp" },
    { "doom2d/d2dfnix_VETERAN.wad" },
    { "doom2d/d2dfnix_Darklab.dfz" },
  };
  char *true_argv[] = { (char *) "/bin/true", NULL };
  char *version_argv[] = { (char *) cli, (char *) "--version", NULL };
  Timing base, measured;

  if (cli == NULL)
    g_error ("TSR_CLI is not set (meson sets it)");
  g_print ("%d runs each, medians\n", ROUNDS);
  base = time_command (true_argv);
  measured = time_command (version_argv);
  print_pair ("tessera-cli --version", "/bin/true", base, measured);

  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (root, files[i].file, NULL);
      g_autofree char *folder = g_path_get_dirname (path);
      g_autofree char *label = g_strdup_printf ("roundtrip %s", files[i].file);
      g_autoptr(GPtrArray) cat_argv = g_ptr_array_new_with_free_func (g_free);
      char *roundtrip_argv[] = { (char *) cli, (char *) "roundtrip", path, NULL };
      gboolean missing = !g_file_test (path, G_FILE_TEST_IS_REGULAR);

      g_ptr_array_add (cat_argv, g_strdup ("/bin/cat"));
      g_ptr_array_add (cat_argv, g_strdup (path));
      for (guint f = 0; f < G_N_ELEMENTS (files[i].set) && files[i].set[f] != NULL; f++)
        {
          g_ptr_array_add (cat_argv, g_build_filename (folder, files[i].set[f], NULL));
          missing |= !g_file_test (g_ptr_array_index (cat_argv, cat_argv->len - 1), G_FILE_TEST_IS_REGULAR);
        }
      g_ptr_array_add (cat_argv, NULL);
      if (missing)
        {
          g_print ("%-52s missing, skipped\n", label);
          continue;
        }
      base = time_command ((char *const *) cat_argv->pdata);
      measured = time_command (roundtrip_argv);
      print_pair (label, cat_argv->len > 3 ? "cat set" : "cat", base, measured);
      if (floor_program != NULL)
        {
          g_free (g_ptr_array_index (cat_argv, 0));
          g_ptr_array_index (cat_argv, 0) = g_strdup (floor_program);
          print_pair ("  floor (libc only: map, swap, compare)", cat_argv->len > 3 ? "cat set" : "cat", base,
                      time_command ((char *const *) cat_argv->pdata));
        }
      if (cat_argv->len > 3)
        {
          char *cat_one_argv[] = { (char *) "/bin/cat", path, NULL };

          print_pair ("  (the same against cat of the one file)", "cat", time_command (cat_one_argv), measured);
        }
    }
  return 0;
}
