/* tsr-test-frame-times.c: frame-clock cycles timed for the window benchmarks. */
#include "tsr-test-frame-times.h"

double
tsr_test_cpu_ms (clockid_t cpu_clock)
{
  struct timespec now;

  clock_gettime (cpu_clock, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

static void
on_before_paint (GdkFrameClock *clock, TsrTestFrameTimes *times)
{
  times->start_wall = g_get_monotonic_time ();
  times->start_cpu = tsr_test_cpu_ms (times->cpu_clock);
}

static void
on_after_paint (GdkFrameClock *clock, TsrTestFrameTimes *times)
{
  gint64 now = g_get_monotonic_time ();
  double wall, cpu, interval;

  if (times->start_wall == 0)
    return;
  wall = (now - times->start_wall) / 1000.0;
  cpu = tsr_test_cpu_ms (times->cpu_clock) - times->start_cpu;
  g_array_append_val (times->wall, wall);
  g_array_append_val (times->cpu, cpu);
  if (times->last_after != 0)
    {
      interval = (now - times->last_after) / 1000.0;
      g_array_append_val (times->interval, interval);
    }
  times->last_after = now;
  times->start_wall = 0;
}

void
tsr_test_frame_times_start (TsrTestFrameTimes *times,
                            GtkWidget         *widget,
                            clockid_t          cpu_clock)
{
  *times = (TsrTestFrameTimes) { .cpu_clock = cpu_clock };
  times->wall = g_array_new (FALSE, FALSE, sizeof (double));
  times->cpu = g_array_new (FALSE, FALSE, sizeof (double));
  times->interval = g_array_new (FALSE, FALSE, sizeof (double));
  times->clock = g_object_ref (gtk_widget_get_frame_clock (widget));
  times->before = g_signal_connect (times->clock, "before-paint", G_CALLBACK (on_before_paint), times);
  times->after = g_signal_connect (times->clock, "after-paint", G_CALLBACK (on_after_paint), times);
}

void
tsr_test_frame_times_reset (TsrTestFrameTimes *times)
{
  g_array_set_size (times->wall, 0);
  g_array_set_size (times->cpu, 0);
  g_array_set_size (times->interval, 0);
  times->last_after = 0;
}

void
tsr_test_frame_times_stop (TsrTestFrameTimes *times)
{
  g_clear_signal_handler (&times->before, times->clock);
  g_clear_signal_handler (&times->after, times->clock);
  g_clear_object (&times->clock);
  g_clear_pointer (&times->wall, g_array_unref);
  g_clear_pointer (&times->cpu, g_array_unref);
  g_clear_pointer (&times->interval, g_array_unref);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

void
tsr_test_frame_times_percentiles (GArray *values,
                                  double *median,
                                  double *p95)
{
  g_array_sort (values, compare_doubles);
  *median = values->len > 0 ? g_array_index (values, double, values->len / 2) : 0;
  *p95 = values->len > 0 ? g_array_index (values, double, (guint) ((values->len - 1) * 0.95 + 0.5)) : 0;
}
