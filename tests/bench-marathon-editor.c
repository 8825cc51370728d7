/* bench-marathon-editor.c: the Marathon map editor's drawing and dragging, offscreen, through the
 * code the widget runs (the grid layer and the vector layer with the Marathon style over a
 * TsrMarathonLevelMap; the select tool and the edit session for drags): ms per frame of the
 * largest real level fitted into a 1920×1080 view, of a synthetic level of 8,000 polygons (fitted,
 * and closer, 1 WU = 256 view pixels), and ms per drag event on that level (the move command, its
 * elements-changed, and the redraw of the frame). Prints figures only; the targets (≤ 8 ms, ≤ 16 ms)
 * are for people to read, not assertions. */
#include <math.h>
#include <stdio.h>
#include <time.h>

#include "edit/tsr-edit-session.h"
#include "edit/tsr-vector-select-tool.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/marathon/tsr-marathon-document.h"
#include "tsr-test-common.h"
#include "views/marathon/tsr-marathon-map-style.h"
#include "views/tsr-grid-layer.h"
#include "views/tsr-vector-layer.h"

#define VIEW_W 1920
#define VIEW_H 1080

typedef struct {
  double wall;
  double cpu;
} Sample;

static double
cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
summarize (GArray *samples, gsize offset, double *median, double *p95)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < samples->len; i++)
    {
      double value = *(double *) ((char *) &g_array_index (samples, Sample, i) + offset);

      g_array_append_val (values, value);
    }
  g_array_sort (values, compare_doubles);
  *median = g_array_index (values, double, values->len / 2);
  *p95 = g_array_index (values, double, (guint) ((values->len - 1) * 0.95));
}

static void
report (const char *what, GArray *samples)
{
  double wall, wall_p95, cpu, cpu_p95;

  summarize (samples, G_STRUCT_OFFSET (Sample, wall), &wall, &wall_p95);
  summarize (samples, G_STRUCT_OFFSET (Sample, cpu), &cpu, &cpu_p95);
  printf ("%-66s cpu median %7.2f p95 %7.2f ms | wall median %7.2f p95 %7.2f ms (%u)\n", what, cpu, cpu_p95,
          wall, wall_p95, samples->len);
}

/* What the canvas holds for a Marathon level: the grid under the styled level. */
typedef struct {
  TsrGridLayer   *grid;
  TsrVectorLayer *layer;
} Layers;

static void
layers_init (Layers *layers, TsrMarathonLevelMap *map, TsrSelection *selection)
{
  TsrMarathonMapStyle *style = tsr_marathon_map_style_new ();

  tsr_marathon_map_style_set_mode (style, TSR_MARATHON_DRAW_FLOOR_HEIGHT);
  layers->grid = tsr_grid_layer_new (512, 2);
  layers->layer = tsr_vector_layer_new (TSR_VECTOR_MAP (map));
  tsr_vector_layer_set_style_func (layers->layer, tsr_marathon_map_style_apply, style,
                                   (GDestroyNotify) tsr_marathon_map_style_free);
  tsr_vector_layer_set_background (layers->layer, FALSE);
  tsr_vector_layer_set_overview_zoom (layers->layer, 1.0 / 128);
  tsr_vector_layer_set_selection (layers->layer, selection);
  /* As the Marathon editor has it: frames of an unchanged view paint what was drawn. */
  tsr_vector_layer_set_cached (layers->layer, TRUE);
}

static void
layers_clear (Layers *layers)
{
  g_clear_object (&layers->grid);
  g_clear_object (&layers->layer);
}

static gboolean grid_only;

static Sample
draw_frame (Layers *layers, cairo_surface_t *target, const TsrMapViewport *viewport)
{
  gint64 start = g_get_monotonic_time ();
  double cpu_start = cpu_ms ();
  cairo_t *cr = cairo_create (target);

  tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layers->grid), cr, viewport);
  if (!grid_only)
    tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layers->layer), cr, viewport);
  cairo_destroy (cr);
  cairo_surface_flush (target);
  return (Sample) { (g_get_monotonic_time () - start) / 1000.0, cpu_ms () - cpu_start };
}

/* The viewport the canvas computes for "zoom to fit": the whole map, centred. */
static TsrMapViewport
fit_viewport (TsrMarathonLevelMap *map)
{
  TsrVectorBounds bounds;
  TsrMapViewport viewport = { 0, 0, 1, VIEW_W, VIEW_H, 1 };
  double w, h;

  tsr_vector_map_get_bounds (TSR_VECTOR_MAP (map), &bounds);
  w = bounds.x1 - bounds.x0;
  h = bounds.y1 - bounds.y0;
  viewport.zoom = MIN (VIEW_W / w, VIEW_H / h);
  viewport.x = bounds.x0 - (VIEW_W / viewport.zoom - w) / 2;
  viewport.y = bounds.y0 - (VIEW_H / viewport.zoom - h) / 2;
  return viewport;
}

/* With PAN the view moves by a pixel every frame, so nothing drawn before is of use (scrolling,
 * zooming): the cost of drawing the level itself. */
static void
bench_frames_panning (const char *what, TsrMarathonLevelMap *map, const TsrMapViewport *viewport, guint frames,
                      gboolean pan)
{
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, VIEW_W, VIEW_H);
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (Sample));
  Layers layers;

  layers_init (&layers, map, NULL);
  draw_frame (&layers, target, viewport); /* warm-up: fonts, caches */
  for (guint i = 0; i < frames; i++)
    {
      TsrMapViewport moved = *viewport;
      Sample sample;

      if (pan)
        moved.x += (i + 1) / viewport->zoom;
      sample = draw_frame (&layers, target, &moved);

      g_array_append_val (samples, sample);
    }
  report (what, samples);
  layers_clear (&layers);
  cairo_surface_destroy (target);
}

static void
bench_frames (const char *what, TsrMarathonLevelMap *map, const TsrMapViewport *viewport, guint frames)
{
  g_autofree char *panning = g_strdup_printf ("%s, panning", what);

  bench_frames_panning (what, map, viewport, frames, FALSE);
  bench_frames_panning (panning, map, viewport, frames, TRUE);
}

/* FRAMES frames of VIEWPORT, each drawn whole (the level restyled first, as after a change of the
 * draw mode): the cost of drawing every element in view at once. DETAIL: the layer's level of
 * detail (tsr_vector_layer_set_detail_limit; 1 is the editor's). */
static void
bench_whole (const char *what, TsrMarathonLevelMap *map, const TsrMapViewport *viewport, guint frames, double detail)
{
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, VIEW_W, VIEW_H);
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (Sample));
  Layers layers;

  layers_init (&layers, map, NULL);
  tsr_vector_layer_set_detail_limit (layers.layer, detail);
  draw_frame (&layers, target, viewport);
  for (guint i = 0; i < frames; i++)
    {
      Sample sample;

      tsr_vector_layer_restyle (layers.layer);
      sample = draw_frame (&layers, target, viewport);
      g_array_append_val (samples, sample);
    }
  report (what, samples);
  layers_clear (&layers);
  cairo_surface_destroy (target);
}

/* Ctrl+wheel zoom steps of √2 at the middle of the view, as the editor takes them (zoom stand-ins
 * on): 6 in from VIEWPORT and 6 out, twice. Each step is one frame (grid and level: the kept
 * picture scaled); after each step, the frames that refine the view until it is whole. */
static void
bench_zoom (const char *what, TsrMarathonLevelMap *map, const TsrMapViewport *viewport)
{
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, VIEW_W, VIEW_H);
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (Sample));
  g_autoptr(GArray) refines = g_array_new (FALSE, FALSE, sizeof (Sample));
  g_autoptr(GArray) grid = g_array_new (FALSE, FALSE, sizeof (Sample));
  g_autofree char *name = NULL;
  TsrMapViewport view = *viewport;
  Layers layers;

  layers_init (&layers, map, NULL);
  tsr_vector_layer_set_zoom_stand_ins (layers.layer, TRUE);
  draw_frame (&layers, target, &view);
  for (guint pass = 0; pass < 2; pass++)
    for (guint direction = 0; direction < 2; direction++)
      for (guint i = 0; i < 6; i++)
        {
          double factor = direction == 0 ? G_SQRT2 : 1 / G_SQRT2;
          double cx = view.x + VIEW_W / 2.0 / view.zoom, cy = view.y + VIEW_H / 2.0 / view.zoom;
          gboolean whole = FALSE;
          Sample sample;
          cairo_t *cr;

          view.zoom *= factor;
          view.x = cx - VIEW_W / 2.0 / view.zoom;
          view.y = cy - VIEW_H / 2.0 / view.zoom;
          sample = draw_frame (&layers, target, &view);
          g_array_append_val (steps, sample);
          /* The grid's share of a step: the same step once more for the grid alone. */
          {
            TsrMapViewport again = view;
            gint64 start;
            double cpu_start;

            again.zoom *= 1.0001;
            cr = cairo_create (target);
            start = g_get_monotonic_time ();
            cpu_start = cpu_ms ();
            tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layers.grid), cr, &again);
            sample = (Sample) { (g_get_monotonic_time () - start) / 1000.0, cpu_ms () - cpu_start };
            g_array_append_val (grid, sample);
            cairo_destroy (cr);
          }
          while (!whole)
            {
              gint64 start = g_get_monotonic_time ();
              double cpu_start = cpu_ms ();

              cr = cairo_create (target);
              tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layers.grid), cr, &view);
              whole = tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layers.layer), cr, &view);
              cairo_destroy (cr);
              cairo_surface_flush (target);
              sample = (Sample) { (g_get_monotonic_time () - start) / 1000.0, cpu_ms () - cpu_start };
              g_array_append_val (refines, sample);
            }
        }
  name = g_strdup_printf ("zoom step frame, %s", what);
  report (name, steps);
  g_free (name);
  name = g_strdup_printf ("  the grid layer's share of a step, %s", what);
  report (name, grid);
  g_free (name);
  name = g_strdup_printf ("  refining frame after a step, %s", what);
  report (name, refines);
  printf ("%-66s %.1f frames a step\n", "  ... until the view is whole", refines->len / 24.0);
  layers_clear (&layers);
  cairo_surface_destroy (target);
}

/* The real level with the most polygons among the test data. */
static TsrMarathonDocument *
largest_level (const char *data_dir, guint *level_index, char **name)
{
  static const char *const suffixes[] = { ".sceA", ".scen", ".sceA.as", NULL };
  g_autofree char *marathon = g_build_filename (data_dir, "marathon", NULL);
  g_autoptr(GPtrArray) files = tsr_test_data_list (marathon, suffixes);
  TsrMarathonDocument *best = NULL;
  guint best_polygons = 0;

  for (guint f = 0; f < files->len; f++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (g_ptr_array_index (files, f));
      g_autoptr(TsrDocument) document = tsr_document_new_from_file (file, NULL);
      TsrMarathonScenario *scenario;

      if (document == NULL || !TSR_IS_MARATHON_DOCUMENT (document))
        continue;
      scenario = tsr_marathon_document_get_scenario (TSR_MARATHON_DOCUMENT (document));
      for (guint l = 0; l < scenario->map->levels->len; l++)
        {
          TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, l);
          guint n = level->polygons != NULL ? level->polygons->len : 0;

          if (n > best_polygons)
            {
              best_polygons = n;
              g_clear_object (&best);
              best = g_object_ref (TSR_MARATHON_DOCUMENT (document));
              *level_index = l;
              g_autofree char *base = g_path_get_basename (g_ptr_array_index (files, f));

              g_free (*name);
              *name = g_strdup_printf ("%s level %u", base, l);
            }
        }
    }
  return best;
}

/* COLUMNS × ROWS square rooms of SIZE units, every one a polygon over its four shared lines,
 * heights varying so the lines are of every kind. */
static TsrMarathonLevel *
synthetic_level (guint columns, guint rows, gint16 size)
{
  TsrMarathonLevel *level = tsr_marathon_level_new (0, 2, "Synthetic");
  gint x0 = -(gint) columns * size / 2, y0 = -(gint) rows * size / 2;
  guint horizontal = columns * (rows + 1);

  for (guint y = 0; y <= rows; y++)
    for (guint x = 0; x <= columns; x++)
      {
        TsrMarathonPoint p = { (gint16) (x0 + (gint) x * size), (gint16) (y0 + (gint) y * size) };

        g_array_append_val (level->points, p);
      }
  /* Horizontal lines first (row y, column x), then vertical ones. */
  for (guint y = 0; y <= rows; y++)
    for (guint x = 0; x < columns; x++)
      {
        TsrMarathonLine line = { { (gint16) (y * (columns + 1) + x), (gint16) (y * (columns + 1) + x + 1) } };

        line.clockwise_side_index = line.counterclockwise_side_index = -1;
        line.clockwise_polygon_owner = y < rows ? (gint16) (y * columns + x) : -1;
        line.counterclockwise_polygon_owner = y > 0 ? (gint16) ((y - 1) * columns + x) : -1;
        line.flags = line.clockwise_polygon_owner < 0 || line.counterclockwise_polygon_owner < 0
                     ? TSR_MARATHON_LINE_SOLID : TSR_MARATHON_LINE_TRANSPARENT;
        line.length = size;
        g_array_append_val (level->lines, line);
      }
  for (guint y = 0; y < rows; y++)
    for (guint x = 0; x <= columns; x++)
      {
        TsrMarathonLine line = { { (gint16) (y * (columns + 1) + x), (gint16) ((y + 1) * (columns + 1) + x) } };

        line.clockwise_side_index = line.counterclockwise_side_index = -1;
        line.clockwise_polygon_owner = x > 0 ? (gint16) (y * columns + x - 1) : -1;
        line.counterclockwise_polygon_owner = x < columns ? (gint16) (y * columns + x) : -1;
        line.flags = line.clockwise_polygon_owner < 0 || line.counterclockwise_polygon_owner < 0
                     ? TSR_MARATHON_LINE_SOLID : TSR_MARATHON_LINE_TRANSPARENT;
        line.length = size;
        g_array_append_val (level->lines, line);
      }
  for (guint y = 0; y < rows; y++)
    for (guint x = 0; x < columns; x++)
      {
        TsrMarathonPolygon polygon = { 0 };
        guint a = y * (columns + 1) + x;
        TsrMarathonPoint vertices[4];

        polygon.vertex_count = 4;
        polygon.endpoint_indexes[0] = (gint16) a;
        polygon.endpoint_indexes[1] = (gint16) (a + 1);
        polygon.endpoint_indexes[2] = (gint16) (a + columns + 2);
        polygon.endpoint_indexes[3] = (gint16) (a + columns + 1);
        polygon.line_indexes[0] = (gint16) (y * columns + x);
        polygon.line_indexes[1] = (gint16) (horizontal + y * (columns + 1) + x + 1);
        polygon.line_indexes[2] = (gint16) ((y + 1) * columns + x);
        polygon.line_indexes[3] = (gint16) (horizontal + y * (columns + 1) + x);
        for (guint v = 4; v < 8; v++)
          polygon.endpoint_indexes[v] = polygon.line_indexes[v] = -1;
        for (guint v = 0; v < 8; v++)
          polygon.adjacent_polygon_indexes[v] = polygon.side_indexes[v] = -1;
        polygon.floor_height = (gint16) (((x / 4 + y / 3) % 5) * 128);
        polygon.ceiling_height = 1024;
        polygon.media_index = -1;
        for (guint v = 0; v < 4; v++)
          vertices[v] = g_array_index (level->points, TsrMarathonPoint, polygon.endpoint_indexes[v]);
        tsr_marathon_polygon_measure (vertices, 4, &polygon.area, &polygon.center);
        g_array_append_val (level->polygons, polygon);
      }
  return level;
}

/* Press on a point in the middle of the map and drag it in a circle, one event at a time, each
 * followed by the frame the canvas would draw. */
static void
bench_drag (TsrMarathonLevelMap *map, const TsrMapViewport *viewport, const char *what, guint events)
{
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrEditSession) session = tsr_edit_session_new_for_stack (stack);
  g_autoptr(TsrTool) tool = NULL;
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, VIEW_W, VIEW_H);
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (Sample));
  TsrVectorMap *vector = TSR_VECTOR_MAP (map);
  TsrElementRef point = { TSR_ELEMENT_POINT, tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POINT) / 2 };
  TsrVectorPoint at;
  TsrToolEvent event = { 0, 0, viewport->zoom, TSR_MODIFIER_NONE };
  Layers layers;

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  tool = tsr_vector_select_tool_new (session);
  tsr_edit_session_set_tool (session, tool);
  tsr_edit_session_set_grid_step (session, 128);
  layers_init (&layers, map, tsr_edit_session_get_selection (session));
  tsr_vector_map_get_vertex (vector, &point, 0, &at);
  event.x = at.x;
  event.y = at.y;
  tsr_tool_press (tool, &event);
  draw_frame (&layers, target, viewport);
  for (guint i = 0; i < events; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double cpu_start = cpu_ms ();
      Sample sample;

      event.x = at.x + 96 * cos (i * 0.1);
      event.y = at.y + 96 * sin (i * 0.1);
      tsr_tool_drag (tool, &event);
      draw_frame (&layers, target, viewport);
      sample = (Sample) { (g_get_monotonic_time () - start) / 1000.0, cpu_ms () - cpu_start };
      g_array_append_val (samples, sample);
    }
  tsr_tool_release (tool, &event);
  g_assert (tsr_undo_stack_get_depth (stack) == 1);
  report (what, samples);
  /* Undo puts the level back: the drag was one command. */
  tsr_undo_stack_undo (stack);
  layers_clear (&layers);
  cairo_surface_destroy (target);
}

int
main (void)
{
  g_autofree char *data_dir = tsr_test_data_require (".");
  g_autofree char *name = NULL;
  guint level_index = 0;
  g_autoptr(TsrMarathonDocument) document = largest_level (data_dir, &level_index, &name);
  TsrMarathonLevel *synthetic;
  TsrMarathonLevelMap *map;
  TsrMapViewport viewport;
  g_autofree char *what = NULL;

  if (document != NULL)
    {
      map = tsr_marathon_document_get_level_map (document, level_index);
      viewport = fit_viewport (map);
      what = g_strdup_printf ("frame, largest real level at fit (%u polygons)",
                              tsr_vector_map_get_n_elements (TSR_VECTOR_MAP (map), TSR_ELEMENT_POLYGON));
      printf ("largest real level: %s, zoom %.4f\n", name, viewport.zoom);
      bench_frames (what, map, &viewport, 60);
      bench_whole ("frame drawn whole, largest real level at fit", map, &viewport, 30, 1);
      bench_zoom ("largest real level from fit", map, &viewport);
      /* What of it is the grid under the level. */
      grid_only = TRUE;
      bench_frames_panning ("frame, the grid layer alone at that zoom", map, &viewport, 30, FALSE);
      grid_only = FALSE;
    }

  synthetic = synthetic_level (100, 80, 256);
  map = tsr_marathon_level_map_new (synthetic);
  viewport = fit_viewport (map);
  bench_frames ("frame, synthetic 8,000 polygons at fit", map, &viewport, 30);
  bench_whole ("frame drawn whole, synthetic 8,000 polygons at fit", map, &viewport, 30, 1);
  {
    /* Zoomed out 4 steps of √2 (rooms of about 5 view pixels) and 8 (about 1.2): the level of
     * detail leaves out the lines below a pixel. */
    for (guint steps = 4; steps <= 8; steps += 4)
      {
        TsrMapViewport out = viewport;
        double cx = out.x + VIEW_W / 2.0 / out.zoom, cy = out.y + VIEW_H / 2.0 / out.zoom;
        g_autofree char *on = NULL, *off = NULL;

        out.zoom /= pow (G_SQRT2, steps);
        out.x = cx - VIEW_W / 2.0 / out.zoom;
        out.y = cy - VIEW_H / 2.0 / out.zoom;
        on = g_strdup_printf ("frame drawn whole, synthetic, fit / %.0f, level of detail", pow (G_SQRT2, steps));
        off = g_strdup_printf ("frame drawn whole, synthetic, fit / %.0f, every element", pow (G_SQRT2, steps));
        bench_whole (on, map, &out, 30, 1);
        bench_whole (off, map, &out, 30, 0);
      }
  }
  bench_zoom ("synthetic 8,000 polygons from fit", map, &viewport);
  bench_drag (map, &viewport, "drag event + frame, synthetic 8,000 polygons at fit", 120);
  {
    /* Closer: 1 WU = 256 view pixels, the centre of the map (about 500 rooms in view). */
    TsrMapViewport close = { -VIEW_W * 2.0, -VIEW_H * 2.0, 1.0 / 4, VIEW_W, VIEW_H, 1 };

    bench_frames ("frame, synthetic 8,000 polygons at 1 WU = 256 px", map, &close, 30);
    bench_drag (map, &close, "drag event + frame, synthetic at 1 WU = 256 px", 120);
  }
  g_object_unref (map);
  tsr_marathon_level_free (synthetic);
  return 0;
}
