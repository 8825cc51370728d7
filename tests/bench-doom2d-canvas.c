/* bench-doom2d-canvas.c: a frame of the Doom2D map editor's canvas drawn offscreen, through the
 * layers the page stacks (the map area, the panels, the item and monster pictures, the grid, the
 * records as a kept TsrVectorLayer, the trigger lines) kept, as the page keeps them, as one picture
 * by a TsrCanvasStackLayer (a frame that changes no layer is one blit of it; any change draws
 * them all again, and the frame after a move counts that), onto a cleared target, for a 1920×1080 view of the largest real map (df_MAP01.map): at fit, at 1:1, at fit
 * with a selection of every panel, and the frame after a move of one panel (an elements-changed
 * and a redraw), first with flat colours (no textures found), then with the real textures of the
 * test data's StandartWAD packed with the project's DFWAD writer (the sky, tiled panels, water and
 * acid filters), also at an animation step and with every frame drawn whole (a new view). Prints CPU and wall time per frame, mean and p95. */
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "edit/tsr-move-elements-command.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "views/doom2d/tsr-doom2d-canvas-layers.h"
#include "tsr-test-common.h"

#define VIEW_W 1920
#define VIEW_H 1080
/* Frames per measurement; the second argument may say fewer (for callgrind). */
static guint frames = 300;
/* With an argument, only the measurements whose label contains it run (for profiling one); a
 * trailing '$' asks for the label that ends there ("textures: fit$": only the plain fit frame). */
static const char *only;

static gboolean
wanted (const char *what)
{
  g_autofree char *label = NULL;
  gsize n;
  const char *at;

  if (only == NULL)
    return TRUE;
  n = strlen (only);
  if (n == 0 || only[n - 1] != '$')
    return strstr (what, only) != NULL;
  label = g_strndup (only, n - 1);
  at = g_strrstr_len (what, -1, label);
  return at != NULL && strlen (at) == n - 1;
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
report (const char *what, GArray *wall, GArray *cpu)
{
  GArray *arrays[2] = { cpu, wall };
  double mean[2], p95[2];

  for (guint a = 0; a < 2; a++)
    {
      double sum = 0;

      for (guint i = 0; i < arrays[a]->len; i++)
        sum += g_array_index (arrays[a], double, i);
      g_array_sort (arrays[a], compare_doubles);
      mean[a] = sum / arrays[a]->len;
      p95[a] = g_array_index (arrays[a], double, (guint) ((arrays[a]->len - 1) * 0.95));
    }
  printf ("%-40s cpu mean %6.2f p95 %6.2f ms | wall mean %6.2f p95 %6.2f ms (%u)\n", what, mean[0], p95[0],
          mean[1], p95[1], wall->len);
}

static double
cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

/* The page's layers, kept as one picture as the page keeps them (TsrCanvasStackLayer). */
static TsrDoom2dCanvasLayers page;
static TsrCanvasLayer *stack;

static void
draw_frame (cairo_surface_t *target, const TsrMapViewport *viewport, GArray *wall, GArray *cpu)
{
  gint64 start = g_get_monotonic_time ();
  double cpu_start = cpu_ms ();
  cairo_t *cr = cairo_create (target);
  double w, c;

  /* The widget paints the space around the map as a colour node (GPU) and gives the layers a new,
   * cleared cairo surface: clear it here. */
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  tsr_canvas_layer_draw (stack, cr, viewport);
  cairo_destroy (cr);
  cairo_surface_flush (target);
  w = (g_get_monotonic_time () - start) / 1000.0;
  c = cpu_ms () - cpu_start;
  g_array_append_val (wall, w);
  g_array_append_val (cpu, c);
}

static void
bench_view (const char *what, cairo_surface_t *target, const TsrMapViewport *viewport)
{
  g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));

  if (!wanted (what))
    return;
  for (guint i = 0; i < frames; i++)
    draw_frame (target, viewport, wall, cpu);
  report (what, wall, cpu);
}

/* Fit, 1:1, fit with every panel selected, and a one-panel move with its frame. */
static void
run_views (const char           *label,
           TsrDocument          *document,
           TsrSelection         *selection,
           cairo_surface_t      *target,
           const TsrMapViewport *fit,
           double                width,
           double                height,
           guint                 n_panels)
{
  TsrDoom2dDocument *d2 = TSR_DOOM2D_DOCUMENT (document);
  g_autofree char *what = NULL;

  what = g_strdup_printf ("%s: fit", label);
  bench_view (what, target, fit);

  /* Fit, the view one pixel off every other frame: each frame draws every layer again, as the
   * first frame after a zoom or a scroll does. */
  {
    g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
    TsrMapViewport off = *fit;

    off.x += 1 / fit->zoom;
    g_free (what);
    what = g_strdup_printf ("%s: fit, drawn whole", label);
    for (guint i = 0; wanted (what) && i < frames; i++)
      draw_frame (target, i % 2 ? fit : &off, wall, cpu);
    if (wanted (what))
      report (what, wall, cpu);
  }

  /* 1:1 around the middle: the 16 px grid is drawn. */
  {
    TsrMapViewport one = { width / 2 - VIEW_W / 2.0, height / 2 - VIEW_H / 2.0, 1, VIEW_W, VIEW_H, 1 };

    g_free (what);
    what = g_strdup_printf ("%s: 1:1", label);
    bench_view (what, target, &one);
  }

  /* Fit with every panel selected. */
  for (guint i = 0; i < n_panels; i++)
    {
      TsrElementRef ref = tsr_doom2d_document_record_to_element (d2, TSR_DOOM2D_KIND_PANEL, i);
      tsr_selection_add (selection, &ref);
    }
  g_free (what);
  what = g_strdup_printf ("%s: fit, every panel selected", label);
  bench_view (what, target, fit);
  tsr_selection_clear (selection);

  /* A move of one panel, then the frame: what a drag step costs. */
  {
    g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
    TsrElementRef ref = tsr_doom2d_document_record_to_element (d2, TSR_DOOM2D_KIND_PANEL, n_panels / 2);

    g_free (what);
    what = g_strdup_printf ("%s: fit, move one panel + frame", label);
    for (guint i = 0; wanted (what) && i < frames; i++)
      {
        g_autoptr(TsrCommand) move = tsr_move_elements_command_new_translate (TSR_VECTOR_MAP (d2), &ref, 1,
                                                                              i % 2 ? -16 : 16, 0, "Move", NULL);
        gint64 start = g_get_monotonic_time ();
        double cpu_start = cpu_ms ();

        tsr_document_execute (document, move);
        draw_frame (target, fit, wall, cpu);
        /* Count the command as part of the frame. */
        g_array_index (wall, double, wall->len - 1) = (g_get_monotonic_time () - start) / 1000.0;
        g_array_index (cpu, double, cpu->len - 1) = cpu_ms () - cpu_start;
      }
    if (wanted (what))
      report (what, wall, cpu);
  }
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = tsr_test_data_require ("doom2d");
  g_autofree char *path = g_build_filename (dir, "df_MAP01.map", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_document_new_from_file (file, &error);
  TsrDoom2dDocument *d2;
  TsrDoom2dMap *map;
  g_autoptr(TsrSelection) selection = tsr_selection_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, VIEW_W, VIEW_H);
  TsrMapViewport viewport = { 0, 0, 1, VIEW_W, VIEW_H, 1 };
  double width, height;
  guint n_panels;
  g_autofree char *temp = g_dir_make_tmp ("tessera-bench-XXXXXX", NULL);
  g_autofree char *wad = tsr_test_pack_standart_wad (dir, temp);

  only = argc > 1 ? argv[1] : NULL;
  if (argc > 2)
    frames = (guint) MAX (1, atoi (argv[2]));
  g_assert_no_error (error);
  g_assert_nonnull (wad);
  d2 = TSR_DOOM2D_DOCUMENT (document);
  map = tsr_doom2d_document_get_map (d2);
  n_panels = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL);
  width = (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0];
  height = (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1];
  printf ("df_MAP01.map: %g x %g px, %u panels, %u items, %u monsters, %u areas, %u triggers; view %d x %d\n",
          width, height, n_panels, tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_ITEM),
          tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER), tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_AREA),
          tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER), VIEW_W, VIEW_H);

  /* The page's stack: area, panels, item and monster pictures, grid, records (outlined panels),
   * trigger lines. Nothing resolves the textures at first (the search path is empty). */
  g_setenv ("TESSERA_DOOM2D_PATH", "", TRUE);
  tsr_doom2d_canvas_layers_init (&page, d2, NULL, selection);
  stack = TSR_CANVAS_LAYER (page.stack);

  /* Fit: the whole map in the view, centred. */
  viewport.zoom = MIN (VIEW_W / width, VIEW_H / height);
  viewport.x = -(VIEW_W / viewport.zoom - width) / 2;
  viewport.y = -(VIEW_H / viewport.zoom - height) / 2;
  run_views ("flat", document, selection, target, &viewport, width, height, n_panels);

  /* With the real textures (the sprites share the panels' cache; the test data have no Game.wad,
   * so they draw nothing). */
  tsr_doom2d_canvas_layers_clear (&page);
  tsr_doom2d_canvas_layers_init (&page, d2, (const char *const[]) { wad, NULL }, selection);
  stack = TSR_CANVAS_LAYER (page.stack);
  {
    g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));

    /* The first frame resolves, decodes and cuts every texture. */
    draw_frame (target, &viewport, wall, cpu);
    report ("textures: first frame (loads textures)", wall, cpu);
  }
  printf ("textures: %s animations\n",
          tsr_doom2d_panel_layer_has_animations (page.panels) ? "with" : "without");
  run_views ("textures", document, selection, target, &viewport, width, height, n_panels);
  {
    g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));

    /* Every frame one game tick on: the animation step and its frame. */
    for (guint i = 0; wanted ("textures: fit, a game tick per frame") && i < frames; i++)
      {
        tsr_doom2d_panel_layer_set_tick (page.panels, i + 1);
        draw_frame (target, &viewport, wall, cpu);
      }
    if (wall->len > 0)
      report ("textures: fit, a game tick per frame", wall, cpu);
  }
  {
    g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));

    /* Kept for a look: the textured fit frame. */
    draw_frame (target, &viewport, wall, cpu);
    cairo_surface_write_to_png (target, "bench-doom2d-canvas-fit.png");
  }

  tsr_doom2d_canvas_layers_clear (&page);
  cairo_surface_destroy (target);
  g_unlink (wad);
  g_rmdir (temp);
  return 0;
}
