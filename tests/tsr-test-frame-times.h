/* tsr-test-frame-times.h: the frames of a widget's frame clock, timed for the window benchmarks
 * (bench-window-frames, bench-visual-window): each cycle from its before-paint to its after-paint
 * signal (layout, snapshot and GSK's rendering into the window) in wall time and in CPU time, and
 * the interval from one cycle's end to the next. Medians and 95th percentiles of what was taken. */
#pragma once

#include <gtk/gtk.h>
#include <time.h>

G_BEGIN_DECLS

typedef struct {
  clockid_t      cpu_clock;  /* CLOCK_THREAD_CPUTIME_ID (the main thread) or CLOCK_PROCESS_CPUTIME_ID */
  GdkFrameClock *clock;
  gulong         before, after;
  gint64         start_wall, last_after;
  double         start_cpu;
  GArray        *wall, *cpu, *interval; /* ms, double */
} TsrTestFrameTimes;

/* CPU_CLOCK's time so far, ms. */
double tsr_test_cpu_ms                (clockid_t          cpu_clock);
/* Starts timing the frames of WIDGET's frame clock, CPU time by CPU_CLOCK. */
void tsr_test_frame_times_start       (TsrTestFrameTimes *times,
                                       GtkWidget         *widget,
                                       clockid_t          cpu_clock);
/* Forgets the frames taken so far (the next gesture starts). */
void tsr_test_frame_times_reset       (TsrTestFrameTimes *times);
/* Stops timing and frees what was taken. */
void tsr_test_frame_times_stop        (TsrTestFrameTimes *times);
/* Sorts VALUES (ms, double) and gives their median and 95th percentile (0 for none). */
void tsr_test_frame_times_percentiles (GArray            *values,
                                       double            *median,
                                       double            *p95);

G_END_DECLS
