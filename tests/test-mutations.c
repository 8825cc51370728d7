/* test-mutations.c: every real file in the test data, cut short, with bits flipped and with
 * extreme counts written over its header, goes through load, validate, describe, render and
 * save in a child process each: no crash, no hang, peak memory within the loaders' budget
 * (max(64 MiB, 64 x input)), and a failure message that names the file and holds no control
 * bytes. Bounded in time: a fixed number of mutations per file, a fixed seed. */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/tsr-format.h"
#include "tsr-test-common.h"

#if defined(__SANITIZE_ADDRESS__)
#define TSR_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TSR_UNDER_ASAN 1
#endif
#endif

/* Child exit codes. */
enum { CHILD_OK = 0, CHILD_BAD_MESSAGE = 3 };

/* The loaders' memory budget for an input of INPUT bytes (not checked under ASan, whose shadow
 * memory is counted in the RSS). */
G_GNUC_UNUSED static guint64
budget_bytes (gsize input)
{
  return MAX ((guint64) 64 * 1024 * 1024, (guint64) input * 64);
}

static glong
rss_now_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (line = strstr (status, "VmRSS:")) == NULL)
    return 0;
  return strtol (line + 6, NULL, 10);
}

/* What a user sees for a failure, checked like the CLI prints it. */
static gboolean
message_is_clean (const char *path, const char *message)
{
  g_autofree char *line = tsr_error_describe_for_path (path, message);
  g_autofree char *safe_path = tsr_escape_control (path);

  if (!g_str_has_prefix (line, safe_path) || message[0] == '\0')
    return FALSE;
  for (const char *p = line; *p != '\0'; p++)
    if ((guint8) *p < 0x20 || (guint8) *p == 0x7f)
      return FALSE;
  /* libzip's and GLib's words that said nothing about the file. */
  return strstr (line, "No error") == NULL && strstr (line, "(null)") == NULL;
}

/* In the child: everything a user can ask of a file without writing it. */
static int
exercise (const char *path)
{
  const TsrFormat *format = NULL;
  g_autoptr(GError) error = NULL;
  gpointer data = tsr_format_load_file (tsr_format_registry_get_default (), path, &format, &error);

  if (data == NULL)
    {
      if (!message_is_clean (path, error->message))
        {
          g_autofree char *line = tsr_escape_control (error->message);

          g_printerr ("%s: unclean message: %s\n", path, line);
          return CHILD_BAD_MESSAGE;
        }
      return CHILD_OK;
    }
  if (format->validate != NULL)
    {
      g_autoptr(GPtrArray) findings = tsr_findings_new ();

      format->validate (data, findings);
    }
  if (format->describe != NULL)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (builder);
      format->describe (data, builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
    }
  if (format->render != NULL)
    {
      TsrRenderOptions options = { -1, 0, 0 };
      g_autoptr(GError) render_error = NULL;
      g_autoptr(TsrImage) image = format->render (data, &options, &render_error);

      if (image == NULL && !message_is_clean (path, render_error->message))
        {
          g_autofree char *line = tsr_escape_control (render_error->message);

          g_printerr ("%s: unclean render message: %s\n", path, line);
          format->free (data);
          return CHILD_BAD_MESSAGE;
        }
    }
  if (format->save != NULL)
    {
      g_autoptr(GError) save_error = NULL;
      g_autoptr(GPtrArray) outputs = format->save (data, path, &save_error);
    }
  format->free (data);
  return CHILD_OK;
}

typedef struct {
  guint  runs;
  guint  failures;
  glong  worst_memory_kb;
  char  *worst_memory_what;
  double worst_seconds;
  char  *worst_time_what;
} Totals;

/* Runs exercise() on PATH in a child; checks how it ended and what it used. */
static void
run_child (const char *path, const char *what, gsize input_size, Totals *totals)
{
  glong baseline_kb = rss_now_kb ();
  guint timeout = 20 + (guint) (input_size >> 20) * 4;
  struct rusage usage = { 0 };
  gint64 start = g_get_monotonic_time ();
  int status = 0;
  double seconds;
  glong used_kb;
  pid_t pid;

  fflush (NULL);
  pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    {
      alarm (timeout);
      _exit (exercise (path));
    }
  ck_assert_int_eq (wait4 (pid, &status, 0, &usage), pid);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  used_kb = usage.ru_maxrss - baseline_kb;
  totals->runs++;

  ck_assert_msg (!(WIFSIGNALED (status) && WTERMSIG (status) == SIGALRM),
                 "%s: still running after %u s (a hang)", what, timeout);
  ck_assert_msg (WIFEXITED (status), "%s: crashed (signal %d)", what, WTERMSIG (status));
  ck_assert_msg (WEXITSTATUS (status) == CHILD_OK, "%s: exit %d (see the message above)", what,
                 WEXITSTATUS (status));
#ifndef TSR_UNDER_ASAN
  /* Under AddressSanitizer the shadow memory and quarantine are not the program's. */
  ck_assert_msg ((guint64) MAX (used_kb, 0) * 1024 <= budget_bytes (input_size),
                 "%s: peak memory %ld KB above the budget of %" G_GUINT64_FORMAT " KB", what, used_kb,
                 budget_bytes (input_size) / 1024);
#endif
  if (used_kb > totals->worst_memory_kb)
    {
      totals->worst_memory_kb = used_kb;
      g_free (totals->worst_memory_what);
      totals->worst_memory_what = g_strdup (what);
    }
  if (seconds > totals->worst_seconds)
    {
      totals->worst_seconds = seconds;
      g_free (totals->worst_time_what);
      totals->worst_time_what = g_strdup (what);
    }
}

static void
collect_files (const char *directory, GPtrArray *files)
{
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (directory, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_files (path, files);
      else if (!g_str_has_suffix (name, ".md"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

/* Copies the regular files of DIRECTORY (siblings a loader may read: a Wolf3D set, a Sphere
 * map's tileset) into a new temporary folder; returns it. */
static char *
copy_folder (const char *directory)
{
  char *copy = tsr_test_make_temp_dir ();
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *source = g_build_filename (directory, name, NULL);
      g_autofree char *target = g_build_filename (copy, name, NULL);
      g_autoptr(GBytes) bytes = NULL;

      if (!g_file_test (source, G_FILE_TEST_IS_REGULAR))
        continue;
      bytes = tsr_test_read_file (source);
      ck_assert (g_file_set_contents (target, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
    }
  return copy;
}

/* The input a loader of PATH may read: the file, or the whole folder for a Wolf3D set. */
static gsize
input_size_of (const char *path, gsize size)
{
  g_autofree char *folder = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  gsize total = 0;

  if (strstr (path, "wolf3d") == NULL)
    return size;
  folder = g_path_get_dirname (path);
  dir = g_dir_open (folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *sibling = g_build_filename (folder, name, NULL);
      GStatBuf status;

      if (g_stat (sibling, &status) == 0 && S_ISREG (status.st_mode))
        total += (gsize) status.st_size;
    }
  return MAX (total, size);
}

START_TEST (test_mutated_real_files)
{
  g_autofree char *root = tsr_test_data_require (".");
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) copies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (18);
  Totals totals = { 0 };
  guint recognised = 0;

  collect_files (root, files);
  for (guint f = 0; f < files->len; f++)
    {
      const char *source = g_ptr_array_index (files, f);
      g_autofree char *folder = g_path_get_dirname (source);
      g_autofree char *base = g_path_get_basename (source);
      g_autoptr(GBytes) original = tsr_test_read_file (source);
      gsize size = g_bytes_get_size (original);
      const guint8 *bytes = g_bytes_get_data (original, NULL);
      const char *copy;
      g_autofree char *path = NULL;
      gboolean known;
      guint mutations;

      if ((copy = g_hash_table_lookup (copies, folder)) == NULL)
        {
          copy = copy_folder (folder);
          g_hash_table_insert (copies, g_strdup (folder), (gpointer) copy);
        }
      path = g_build_filename (copy, base, NULL);
      known = tsr_format_registry_detect (tsr_format_registry_get_default (), bytes, size, path, NULL) != NULL;
      recognised += known;
      /* Files no format claims (texture sources) only go through detection: one cut and one
       * flip each. */
      mutations = known ? 14 : 2;

      for (guint i = 0; i < mutations; i++)
        {
          guint m = known ? i : i * 5;
          g_autofree guint8 *mutated = g_memdup2 (bytes, MAX (size, 1));
          g_autofree char *what = NULL;
          gsize length = size;

          if (m < 5 || size < 8)
            {
              /* Cut: the header only, the middle, and just before the end. */
              static const double cuts[] = { 0.0, 0.25, 0.5, 0.9, 1.0 };

              length = m == 0 ? MIN (size, 7) : (gsize) (size * cuts[m % 5]);
              if (m == 4 && size > 0)
                length = size - 1;
              what = g_strdup_printf ("%s cut to %" G_GSIZE_FORMAT " bytes", source, length);
            }
          else if (m < 10)
            {
              gsize at = g_rand_int_range (rand, 0, (gint32) MIN (size, G_MAXINT32));

              mutated[at] ^= (guint8) (1u << g_rand_int_range (rand, 0, 8));
              what = g_strdup_printf ("%s with a bit flipped at %" G_GSIZE_FORMAT, source, at);
            }
          else
            {
              static const guint32 extremes[] = { 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x0000ffffu };
              gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) MIN (size - 4, 1024)) & ~(gsize) 1;
              guint32 value = extremes[m % 4];

              memcpy (mutated + at, &value, 4);
              what = g_strdup_printf ("%s with 0x%08X at %" G_GSIZE_FORMAT, source, value, at);
            }
          ck_assert (g_file_set_contents (path, (const char *) mutated, (gssize) length, NULL));
          run_child (path, what, input_size_of (source, size), &totals);
        }
      ck_assert (g_file_set_contents (path, (const char *) bytes, (gssize) size, NULL));
    }

  tsr_test_report_count ("mutated (cut, flipped, extreme counts)", files->len);
  g_print ("mutations: %u runs over %u files (%u recognised), worst peak memory %ld KB (%s), "
           "slowest %.2f s (%s)\n", totals.runs, files->len, recognised, totals.worst_memory_kb,
           totals.worst_memory_what ? totals.worst_memory_what : "-", totals.worst_seconds,
           totals.worst_time_what ? totals.worst_time_what : "-");
  ck_assert_uint_gt (recognised, 0);
  g_free (totals.worst_memory_what);
  g_free (totals.worst_time_what);
}
END_TEST

int
main (void)
{
  Suite *suite = suite_create ("mutations");
  TCase *mutations = tcase_create ("mutations");

  g_free (tsr_test_data_require ("."));
  tcase_set_timeout (mutations, 900);
  tcase_add_test (mutations, test_mutated_real_files);
  suite_add_tcase (suite, mutations);
  return tsr_test_run_suite (suite);
}
