/* bench-open.c: how long a user waits for a file (issue 35). The editor in a real 1920×1080
 * window (under its own Xvfb, with-own-display.sh) opens a real file of each family the way File ▸
 * Open does (tsr_window_open_file: the codec in a worker, then the editor page); the time is taken
 * from the call to the first frame painted after the document's page is shown ("first content"),
 * and to the moment the main loop has had no step longer than 5 ms for 100 ms ("settled": what the editor
 * does after showing the page, the findings among it). Each file is opened five times, closed in
 * between; the median and the slowest are printed, with the main thread's CPU time to first
 * content, and the number of widgets the window holds then (with the most numerous types). For
 * scale, the same for the window's start page (a window shown and painted). A
 * benchmark: it prints figures and never fails on them (goal for m1_Map.scen: first content
 * ≤ 0.3 s). */
#include <time.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "tsr-test-common.h"
#include "tsr-test-ui.h"

#define WIDTH 1920
#define HEIGHT 1080
#define RUNS 5

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

static double
thread_cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

typedef struct {
  TsrWindow *window;
  gboolean   page_shown; /* the document's page was shown before the frame began */
  gint64     first_paint; /* µs, 0 until then */
} Watch;

static void
on_after_paint (GdkFrameClock *clock, Watch *watch)
{
  if (watch->first_paint == 0 && watch->page_shown)
    watch->first_paint = g_get_monotonic_time ();
}

static void
on_before_paint (GdkFrameClock *clock, Watch *watch)
{
  watch->page_shown = !tsr_window_get_loading (watch->window)
                      && g_strcmp0 (tsr_window_get_page_name (watch->window), "document") == 0;
}

/* Iterates until the main loop has had no step longer than 5 ms for QUIET_MS (a cheap repeating
 * source, such as the lights' animation, does not count as work); returns when that began. */
static gint64
wait_until_quiet (guint quiet_ms)
{
  gint64 last_busy = g_get_monotonic_time ();

  while (g_get_monotonic_time () - last_busy < quiet_ms * 1000)
    {
      gint64 before = g_get_monotonic_time ();

      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
      else if (g_get_monotonic_time () - before > 5000)
        last_busy = g_get_monotonic_time ();
    }
  return last_busy;
}

/* Counts the widgets below WIDGET by type name (mapped or not: each was built and measured). */
static void
count_widgets (GtkWidget *widget, GHashTable *counts, guint *total)
{
  const char *type = G_OBJECT_TYPE_NAME (widget);

  g_hash_table_insert (counts, (gpointer) type, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, type)) + 1));
  (*total)++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    count_widgets (child, counts, total);
}

static gint
compare_counts (gconstpointer a, gconstpointer b, gpointer counts)
{
  return (gint) GPOINTER_TO_UINT (g_hash_table_lookup (counts, *(const char *const *) b))
         - (gint) GPOINTER_TO_UINT (g_hash_table_lookup (counts, *(const char *const *) a));
}

/* What the page built: the widget count and the most numerous types. */
static void
print_widgets (GtkWidget *window)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) types = g_ptr_array_new ();
  g_autoptr(GString) line = g_string_new (NULL);
  GHashTableIter iter;
  gpointer key;
  guint total = 0;

  count_widgets (window, counts, &total);
  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (types, key);
  g_ptr_array_sort_with_data (types, compare_counts, counts);
  for (guint i = 0; i < MIN (types->len, 5); i++)
    g_string_append_printf (line, " %s %u", (const char *) g_ptr_array_index (types, i),
                            GPOINTER_TO_UINT (g_hash_table_lookup (counts, g_ptr_array_index (types, i))));
  g_print ("%-34s %u widgets:%s\n", "", total, line->str);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
print_figures (const char *what, GArray *first, GArray *cpu, GArray *settled)
{
  g_array_sort (first, compare_doubles);
  g_array_sort (cpu, compare_doubles);
  g_array_sort (settled, compare_doubles);
  g_print ("%-34s first content %7.1f ms (slowest %7.1f), main-thread CPU %7.1f ms, settled %7.1f ms\n", what,
           g_array_index (first, double, first->len / 2), g_array_index (first, double, first->len - 1),
           g_array_index (cpu, double, cpu->len / 2), g_array_index (settled, double, settled->len / 2));
}

/* The start page: a window shown and painted once. */
static double
measure_start_page (void)
{
  g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) settled = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint run = 0; run < RUNS; run++)
    {
      gint64 start = g_get_monotonic_time ();
      double cpu_start = thread_cpu_ms ();
      TsrWindow *window = tsr_window_new (application);
      Watch watch = { window, TRUE, 0 };
      double value;
      gulong handler;

      gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
      gtk_widget_realize (GTK_WIDGET (window));
      handler = g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                                  G_CALLBACK (on_after_paint), &watch);
      gtk_window_present (GTK_WINDOW (window));
      while (watch.first_paint == 0)
        g_main_context_iteration (NULL, TRUE);
      value = (watch.first_paint - start) / 1000.0;
      g_array_append_val (first, value);
      value = thread_cpu_ms () - cpu_start;
      g_array_append_val (cpu, value);
      value = (wait_until_quiet (100) - start) / 1000.0;
      g_array_append_val (settled, value);
      g_signal_handler_disconnect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), handler);
      tsr_test_ui_close_window (window);
    }
  print_figures ("start page", first, cpu, settled);
  return g_array_index (first, double, first->len / 2);
}

static void
measure_file (TsrWindow *window, const char *family, const char *name, double start_page)
{
  g_autofree char *path = tsr_test_ui_copy_data_file (family, name, work_dir, "open");
  g_autoptr(GFile) file = NULL;
  g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) settled = g_array_new (FALSE, FALSE, sizeof (double));
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_autofree char *label = g_strdup_printf ("%s/%s", family, name);

  if (path == NULL)
    {
      g_print ("%-34s missing from the test data\n", label);
      return;
    }
  file = g_file_new_for_path (path);
  for (guint run = 0; run < RUNS; run++)
    {
      Watch watch = { window, FALSE, 0 };
      gulong before = g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), &watch);
      gulong after = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &watch);
      gint64 start = g_get_monotonic_time (), end = start + 60 * G_USEC_PER_SEC;
      double cpu_start = thread_cpu_ms ();
      double value;

      tsr_window_open_file (window, file);
      /* A frame is asked for at each step, so the first paint after the page shows is seen. */
      while (watch.first_paint == 0 && g_get_monotonic_time () < end)
        {
          gtk_widget_queue_draw (GTK_WIDGET (window));
          g_main_context_iteration (NULL, TRUE);
        }
      value = (watch.first_paint - start) / 1000.0;
      g_array_append_val (first, value);
      value = thread_cpu_ms () - cpu_start;
      g_array_append_val (cpu, value);
      value = (wait_until_quiet (100) - start) / 1000.0;
      g_array_append_val (settled, value);
      g_signal_handler_disconnect (clock, before);
      g_signal_handler_disconnect (clock, after);
      if (run == 0)
        {
          g_autofree char *shot = g_strdup_printf ("bench-open-%s.png", name);

          tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, shot);
          print_widgets (GTK_WIDGET (window));
        }
      while (tsr_window_get_n_documents (window) > 0)
        tsr_window_close_document (window);
      wait_until_quiet (100);
    }
  print_figures (label, first, cpu, settled);
  g_print ("%-34s first content %.2f× the start page\n", "", g_array_index (first, double, first->len / 2) / start_page);
}

static void
bench_open (void)
{
  TsrWindow *window;
  double start_page;

  g_print ("renderer: %s\n", g_getenv ("GSK_RENDERER") != NULL ? g_getenv ("GSK_RENDERER") : "GTK's default");
  start_page = measure_start_page ();
  window = tsr_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  gtk_window_present (GTK_WINDOW (window));
  tsr_test_ui_wait_for_size (GTK_WIDGET (window));
  measure_file (window, "marathon", "m1_Map.scen", start_page);
  measure_file (window, "marathon", "chronicles_net_War.sceA", start_page);
  measure_file (window, "marathon", "m1_Marathon.appl", start_page);
  measure_file (window, "wolf3d/wl1_v14_shareware", "GAMEMAPS.WL1", start_page);
  measure_file (window, "doom2d", "d2dfnix_BloodMP.dfz", start_page);
  measure_file (window, "sphere", "village.rmp", start_page);
  tsr_test_ui_close_window (window);
}

int
main (int argc, char **argv)
{
  if (!tsr_test_ui_begin (&argc, &argv, "bench-open", &work_dir, &screenshot_dir))
    return 77;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/bench-open/files", bench_open);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
