/* bench-map-canvas.c: the map canvas's drawing code (its tile layer, TsrTileLayer over
 * TsrMapRenderer, the same code the widget's snapshot runs) offscreen, for a 1920×1080 view of a 1024×1024 map with 4 layers of 16×16 tiles:
 * ms per frame at 1:1 and zoomed out to fit, cold (no caches), still and while panning, and
 * ms per pencil event (the command, its tiles-changed and the redraw of the frame). Prints
 * figures only; the targets (≤ 16 ms) are for people to read, not assertions. */
#include <math.h>
#include <time.h>
#include <stdio.h>

#include "model/tsr-tile-map-memory.h"
#include "views/tsr-map-canvas-renderer.h"
#include "views/tsr-tile-layer.h"
#include "edit/tsr-tile-tools.h"

#define MAP_SIZE 1024
#define TILE 16
#define VIEW_W 1920
#define VIEW_H 1080
#define TILES_PER_LAYER 48

/* Procedural tiles: layer 0 opaque ground, 1 opaque walls, 2 sprites with transparent
 * surroundings, 3 a translucent overlay, so all compositing paths are exercised. */
static TsrImage *
make_tile (guint layer, guint index)
{
  TsrImage *image = tsr_image_new (TILE, TILE);
  guint hue = index * 37 + layer * 91;

  for (guint y = 0; y < TILE; y++)
    for (guint x = 0; x < TILE; x++)
      {
        guint8 r = (guint8) (hue * 3 + x * 5), g = (guint8) (hue * 7 + y * 9), b = (guint8) (hue * 11 + (x ^ y) * 4);
        guint8 a = 255;

        if (layer == 2)
          a = (x - 8) * (x - 8) + (y - 8) * (y - 8) < 30 ? 255 : 0;
        else if (layer == 3)
          a = 96;
        tsr_image_set_pixel (image, x, y, ((guint32) r << 24) | ((guint32) g << 16) | ((guint32) b << 8) | a);
      }
  return image;
}

static TsrTileMap *
make_map (void)
{
  TsrMemoryTileMap *map = tsr_memory_tile_map_new ("bench", MAP_SIZE, MAP_SIZE, 4, TILE, TILE);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1024);
  /* Share of cells that are not empty, per layer. */
  static const double coverage[4] = { 1.0, 0.3, 0.1, 0.05 };

  for (guint layer = 0; layer < 4; layer++)
    {
      for (guint i = 1; i <= TILES_PER_LAYER; i++)
        {
          g_autofree char *name = g_strdup_printf ("Tile %u", i);
          tsr_memory_tile_map_add_tile (map, layer, i, name, make_tile (layer, i));
        }
      for (guint y = 0; y < MAP_SIZE; y++)
        for (guint x = 0; x < MAP_SIZE; x++)
          if (g_rand_double (rand) < coverage[layer])
            tsr_tile_map_set_tile (TSR_TILE_MAP (map), layer, x, y,
                                   (guint32) g_rand_int_range (rand, 1, TILES_PER_LAYER + 1));
    }
  return TSR_TILE_MAP (map);
}

typedef struct {
  double wall;
  double cpu;
} Sample;

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void
summarize (GArray *samples, gsize offset, double *mean, double *p95)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  double sum = 0;

  for (guint i = 0; i < samples->len; i++)
    {
      double value = *(double *) ((char *) &g_array_index (samples, Sample, i) + offset);
      g_array_append_val (values, value);
      sum += value;
    }
  g_array_sort (values, compare_doubles);
  *mean = sum / values->len;
  *p95 = g_array_index (values, double, (guint) ((values->len - 1) * 0.95));
}

static void
report (const char *what, GArray *samples)
{
  double wall_mean, wall_p95, cpu_mean, cpu_p95;

  summarize (samples, G_STRUCT_OFFSET (Sample, wall), &wall_mean, &wall_p95);
  summarize (samples, G_STRUCT_OFFSET (Sample, cpu), &cpu_mean, &cpu_p95);
  printf ("%-46s cpu mean %7.2f p95 %7.2f ms | wall mean %7.2f p95 %7.2f ms (%u)\n", what,
          cpu_mean, cpu_p95, wall_mean, wall_p95, samples->len);
}

/* Thread CPU time in ms: the build machine is shared, and wall time there measures the
 * neighbours as much as the code. Both are printed. */
static double
cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

/* The tile layer the canvas would hold for the map; RENDERER below is its renderer. */
static TsrCanvasLayer *tile_layer;

static gboolean
draw (TsrMapRenderer *renderer, cairo_surface_t *target, const TsrMapViewport *viewport)
{
  cairo_t *cr = cairo_create (target);
  gboolean complete;

  g_assert (tsr_tile_layer_get_renderer (TSR_TILE_LAYER (tile_layer)) == renderer);
  complete = tsr_canvas_layer_draw (tile_layer, cr, viewport);

  cairo_destroy (cr);
  cairo_surface_flush (target);
  return complete;
}

static Sample
draw_frame (TsrMapRenderer *renderer, cairo_surface_t *target, const TsrMapViewport *viewport)
{
  gint64 start = g_get_monotonic_time ();
  double cpu_start = cpu_ms ();

  draw (renderer, target, viewport);
  return (Sample) { (g_get_monotonic_time () - start) / 1000.0, cpu_ms () - cpu_start };
}

/* FRAMES frames at ZOOM: cold (caches dropped before each), still (the same view again), and
 * panning (the view moves 40 view pixels right and 23 down per frame, as a drag would). */
static void
bench_zoom (TsrMapRenderer *renderer, cairo_surface_t *target, double zoom, const char *label, guint frames)
{
  TsrMapViewport viewport = { 0, 0, zoom, VIEW_W, VIEW_H, 1 };
  g_autoptr(GArray) cold = g_array_new (FALSE, FALSE, sizeof (Sample));
  g_autoptr(GArray) still = g_array_new (FALSE, FALSE, sizeof (Sample));
  g_autoptr(GArray) panning = g_array_new (FALSE, FALSE, sizeof (Sample));
  g_autofree char *name = NULL;
  double map_px = MAP_SIZE * TILE;

  viewport.x = zoom >= 1 ? 3000 : -(VIEW_W / zoom - map_px) / 2;
  viewport.y = zoom >= 1 ? 2000 : 0;
  for (guint i = 0; i < frames; i++)
    {
      Sample ms;

      tsr_map_renderer_drop_caches (renderer);
      ms = draw_frame (renderer, target, &viewport);
      g_array_append_val (cold, ms);
    }
  for (guint i = 0; i < frames; i++)
    {
      Sample ms = draw_frame (renderer, target, &viewport);
      g_array_append_val (still, ms);
    }
  for (guint i = 0; i < frames * 4; i++)
    {
      Sample ms;

      viewport.x += 40 / zoom;
      viewport.y += 23 / zoom;
      ms = draw_frame (renderer, target, &viewport);
      g_array_append_val (panning, ms);
    }
  name = g_strdup_printf ("frame %s, cold (no caches)", label);
  report (name, cold);
  g_free (name);
  name = g_strdup_printf ("frame %s, still", label);
  report (name, still);
  g_free (name);
  name = g_strdup_printf ("frame %s, panning 40x23 px/frame", label);
  report (name, panning);
}

/* What the widget does: an 8 ms compositing budget per frame, chunks not ready drawn from
 * other cached levels. From the fit view (cached) to 1:1 (cold): ms per frame and how many
 * frames until the view is complete. */
static void
bench_budgeted_zoom (TsrMapRenderer *renderer, cairo_surface_t *target, double fit)
{
  TsrMapViewport overview = { -(VIEW_W / fit - MAP_SIZE * TILE) / 2, 0, fit, VIEW_W, VIEW_H, 1 };
  TsrMapViewport close_up = { 6000, 5000, 1.0, VIEW_W, VIEW_H, 1 };
  g_autoptr(GArray) frames = g_array_new (FALSE, FALSE, sizeof (Sample));
  guint to_complete = 0, runs = 10;

  tsr_map_renderer_set_frame_budget (renderer, 8000);
  for (guint run = 0; run < runs; run++)
    {
      tsr_map_renderer_drop_caches (renderer);
      draw (renderer, target, &overview);
      while (draw (renderer, target, &overview) == FALSE)
        ;
      close_up.x += 2000;
      for (;;)
        {
          gint64 start = g_get_monotonic_time ();
          double cpu_start = cpu_ms ();
          gboolean complete;
          Sample sample;

          complete = draw (renderer, target, &close_up);
          sample = (Sample) { (g_get_monotonic_time () - start) / 1000.0, cpu_ms () - cpu_start };
          g_array_append_val (frames, sample);
          to_complete++;
          if (complete)
            break;
        }
    }
  report ("fit -> 1:1 zoom, 8 ms budget, per frame", frames);
  printf ("%-46s %.1f frames on average\n", "  ... until the 1:1 view is complete", (double) to_complete / runs);

  /* The worst case: the fit view with nothing cached (a map just opened, zoomed to fit). */
  g_array_set_size (frames, 0);
  to_complete = 0;
  for (guint run = 0; run < runs; run++)
    {
      tsr_map_renderer_drop_caches (renderer);
      for (;;)
        {
          gint64 start = g_get_monotonic_time ();
          double cpu_start = cpu_ms ();
          gboolean complete = draw (renderer, target, &overview);
          Sample sample = { (g_get_monotonic_time () - start) / 1000.0, cpu_ms () - cpu_start };

          g_array_append_val (frames, sample);
          to_complete++;
          if (complete)
            break;
        }
    }
  tsr_map_renderer_set_frame_budget (renderer, 0);
  report ("fit, cold, 8 ms budget, per frame", frames);
  printf ("%-46s %.1f frames on average\n", "  ... until the fit view is complete", (double) to_complete / runs);
}

/* A pencil stroke across the view: each event is a tool motion (command pushed, tiles-changed,
 * chunks dropped) plus the redraw of the whole 1080p frame, as the widget does it. */
static void
bench_stroke (TsrTileMap *map, TsrMapRenderer *renderer, cairo_surface_t *target, guint brush)
{
  TsrMapViewport viewport = { 3000, 2000, 1.0, VIEW_W, VIEW_H, 1 };
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrTileTools) tools = tsr_tile_tools_new (map, stack);
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (Sample));
  g_autofree char *name = NULL;
  gint x0 = 3000 / TILE + 2, y0 = 2000 / TILE + 2;

  tsr_tile_tools_set_layer (tools, 1);
  tsr_tile_tools_set_tile (tools, 5);
  tsr_tile_tools_set_brush_size (tools, brush);
  draw (renderer, target, &viewport);
  tsr_tile_tools_press (tools, x0, y0, FALSE);
  for (gint i = 1; i <= 400; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double cpu_start = cpu_ms ();
      Sample ms;

      /* A diagonal zig-zag so the stroke crosses chunk borders. */
      tsr_tile_tools_motion (tools, x0 + i % 110, y0 + (i / 2) % 60);
      draw (renderer, target, &viewport);
      ms = (Sample) { (g_get_monotonic_time () - start) / 1000.0, cpu_ms () - cpu_start };
      g_array_append_val (events, ms);
    }
  tsr_tile_tools_release (tools, x0, y0);
  name = g_strdup_printf ("pencil %ux%u event + 1:1 frame redraw", brush, brush);
  report (name, events);
}

int
main (void)
{
  g_autoptr(TsrTileMap) map = make_map ();
  g_autoptr(TsrTileLayer) layer = tsr_tile_layer_new (map);
  TsrMapRenderer *renderer = tsr_tile_layer_get_renderer (layer);
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, VIEW_W, VIEW_H);
  double fit = MIN ((double) VIEW_W / (MAP_SIZE * TILE), (double) VIEW_H / (MAP_SIZE * TILE));
  g_autofree char *fit_label = g_strdup_printf ("fit (zoom %.4f)", fit);

  tile_layer = TSR_CANVAS_LAYER (layer);
  printf ("map %dx%d cells, 4 layers (coverage 100/30/10/5%%), %dx%d tiles; view %dx%d\n",
          MAP_SIZE, MAP_SIZE, TILE, TILE, VIEW_W, VIEW_H);
  {
    /* Once per renderer: nothing cached and no chunk memory to reuse yet. */
    TsrMapViewport viewport = { 3000, 2000, 1.0, VIEW_W, VIEW_H, 1 };
    g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (Sample));
    Sample sample = draw_frame (renderer, target, &viewport);

    g_array_append_val (first, sample);
    report ("frame 1:1, first of a new renderer", first);
  }
  bench_zoom (renderer, target, 1.0, "1:1", 20);
  bench_zoom (renderer, target, 0.25, "1:4", 20);
  bench_zoom (renderer, target, fit, fit_label, 10);
  bench_budgeted_zoom (renderer, target, fit);
  bench_stroke (map, renderer, target, 1);
  bench_stroke (map, renderer, target, 5);
  printf ("targets: <= 16 ms per frame and per pencil event\n");
  cairo_surface_destroy (target);
  return 0;
}
