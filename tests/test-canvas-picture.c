/* test-canvas-picture.c: a layer's kept picture (TsrCanvasPicture) panned by many random whole
 * pixel steps, in both directions and across its surface's edges (a pan moves the picture's
 * origin, the surface wraps around), with map areas invalidated and changed between steps: each
 * frame it paints equals, pixel for pixel, a fresh picture drawn whole for the same view. Then a
 * zoom from the panned picture: the stand-in equals the fresh picture scaled, and the refined view
 * a fresh drawing. Offscreen (no display). */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "views/tsr-canvas-picture.h"

/* The scene, in map units: cells of 8 x 6 in colours of their index, half of them opaque, with a
 * dot and a bar across the next cells in a few, and a box that moves (its place is BOX_X, BOX_Y).
 * All of it lies on whole view pixels: cairo draws a slanted edge near a clip's edge from points
 * it computes where the edge crosses the clip, rounded, and a rectangle's half-pixel edge is
 * covered 1/2 by its box path but 7/15 or 8/15 by its scan converter, so a strip drawn alone may
 * differ from a whole drawing by a few levels there, moving pixels or not. Here equal pixels are
 * the test. */
typedef struct {
  const TsrMapViewport *viewport;
  double                box_x, box_y;
  guint                 cells_drawn;
} Scene;

static void
draw_scene (cairo_t *cr,
            gpointer user_data)
{
  Scene *scene = user_data;
  const TsrMapViewport *v = scene->viewport;
  double x0, y0, x1, y1;

  /* Like the layers: only what the clip reaches (in view pixels), so a wrong clip shows. */
  cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
  cairo_save (cr);
  cairo_scale (cr, v->zoom, v->zoom);
  cairo_translate (cr, -v->x, -v->y);
  x0 = v->x + x0 / v->zoom, x1 = v->x + x1 / v->zoom;
  y0 = v->y + y0 / v->zoom, y1 = v->y + y1 / v->zoom;
  for (int j = (int) floor (y0 / 6) - 1; j <= (int) ceil (y1 / 6); j++)
    for (int i = (int) floor (x0 / 8) - 3; i <= (int) ceil (x1 / 8); i++) /* bars reach 2 cells right */
      {
        guint hash = ((guint) i * 73856093u) ^ ((guint) j * 19349663u);

        if (hash % 5 == 0)
          continue; /* transparent cells */
        scene->cells_drawn++;
        cairo_set_source_rgba (cr, (hash & 0xff) / 255.0, ((hash >> 8) & 0xff) / 255.0,
                               ((hash >> 16) & 0xff) / 255.0, hash % 3 == 0 ? 0.6 : 1);
        cairo_rectangle (cr, i * 8, j * 6, 8, 6);
        cairo_fill (cr);
        if (hash % 4 == 1)
          {
            /* A dot of one view pixel, where the cell's index says: a seam a pixel off shows. */
            cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
            cairo_rectangle (cr, i * 8 + 2 * (hash % 3), j * 6 + 2 * (hash / 3 % 2), 2, 2);
            cairo_fill (cr);
            /* A bar over the next cells, half transparent. */
            cairo_set_source_rgba (cr, 0, 0, 0.3, 0.5);
            cairo_rectangle (cr, i * 8 - 2, j * 6 + 4, 20, 2);
            cairo_fill (cr);
          }
      }
  cairo_set_source_rgb (cr, 0.9, 0.4, 0.1);
  cairo_rectangle (cr, scene->box_x, scene->box_y, 12, 8);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* PICTURE painted onto a surface of the view's size (device pixels), cleared first. */
static cairo_surface_t *
painted (TsrCanvasPicture     *picture,
         const TsrMapViewport *v)
{
  int scale = MAX (1, v->scale_factor);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, v->width * scale, v->height * scale);
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 0.2, 0.7, 0.3);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  tsr_canvas_picture_paint (picture, cr, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* A picture drawn whole for V. */
static cairo_surface_t *
fresh (const TsrMapViewport *v,
       Scene                *scene,
       cairo_format_t        format)
{
  g_autoptr(TsrCanvasPicture) picture = tsr_canvas_picture_new (format);
  const TsrMapViewport *kept = scene->viewport;

  scene->viewport = v;
  ck_assert (tsr_canvas_picture_move_to (picture, v));
  tsr_canvas_picture_draw (picture, draw_scene, scene);
  scene->viewport = kept;
  return painted (picture, v);
}

/* The first pixel where A and B differ, as "x,y: a b"; NULL when they are equal. */
static char *
first_difference (cairo_surface_t *a,
                  cairo_surface_t *b)
{
  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 pa = ((guint32 *) (cairo_image_surface_get_data (a) + (gsize) y * cairo_image_surface_get_stride (a)))[x];
        guint32 pb = ((guint32 *) (cairo_image_surface_get_data (b) + (gsize) y * cairo_image_surface_get_stride (b)))[x];

        if (pa != pb)
          return g_strdup_printf ("%d,%d: %08x %08x", x, y, pa, pb);
      }
  return NULL;
}

static void
pan_randomly (cairo_format_t format,
              int            scale_factor,
              guint32        seed)
{
  g_autoptr(TsrCanvasPicture) picture = tsr_canvas_picture_new (format);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  TsrMapViewport view = { -30, 12, 0.5, 97, 61, scale_factor };
  Scene scene = { &view, 10, 20, 0 };
  guint wrapped_x = 0, wrapped_y = 0, strips = 0;

  tsr_canvas_picture_move_to (picture, &view);
  tsr_canvas_picture_draw (picture, draw_scene, &scene);
  for (guint step = 0; step < 400; step++)
    {
      /* Mostly short steps (a drag), some long ones, now and then none. */
      int range = g_rand_int_range (rand, 0, 8) == 0 ? 90 : 13;
      int dx = g_rand_int_range (rand, -range, range + 1), dy = g_rand_int_range (rand, -range, range + 1);
      int ox, oy, before_x, before_y;
      cairo_surface_t *a, *b;
      g_autofree char *difference = NULL;

      tsr_canvas_picture_get_origin (picture, &before_x, &before_y);
      view.x += dx / view.zoom;
      view.y += dy / view.zoom;
      if (step % 7 == 3)
        {
          /* The box moves: its old and new places are drawn again (map units, a pixel's margin). */
          TsrVectorBounds old = { scene.box_x, scene.box_y, scene.box_x + 12, scene.box_y + 8 };
          TsrVectorBounds moved;

          scene.box_x = view.x + g_rand_int_range (rand, 0, view.width) / view.zoom;
          scene.box_y = view.y + g_rand_int_range (rand, 0, view.height) / view.zoom;
          moved = (TsrVectorBounds) { scene.box_x, scene.box_y, scene.box_x + 12, scene.box_y + 8 };
          /* Half the time before the move (the dirty area then moves with the view). */
          if (step % 2 == 0)
            {
              tsr_canvas_picture_invalidate (picture, &old, 1);
              tsr_canvas_picture_invalidate (picture, &moved, 1);
            }
          ck_assert (!tsr_canvas_picture_move_to (picture, &view) || abs (dx) >= view.width || abs (dy) >= view.height);
          if (step % 2 != 0)
            {
              tsr_canvas_picture_invalidate (picture, &old, 1);
              tsr_canvas_picture_invalidate (picture, &moved, 1);
            }
        }
      else if (!tsr_canvas_picture_move_to (picture, &view))
        strips++;
      tsr_canvas_picture_get_origin (picture, &ox, &oy);
      wrapped_x += (dx > 0 && ox < before_x) || (dx < 0 && ox > before_x);
      wrapped_y += (dy > 0 && oy < before_y) || (dy < 0 && oy > before_y);
      tsr_canvas_picture_draw (picture, draw_scene, &scene);
      a = painted (picture, &view);
      b = fresh (&view, &scene, format);
      difference = first_difference (a, b);
      ck_assert_msg (difference == NULL, "seed %u step %u (%+d, %+d, origin %d,%d): differs at %s", seed, step, dx,
                     dy, ox, oy, difference);
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
    }
  /* The steps did cross the surface's edges, both ways, and most were pans (strips drawn). */
  ck_assert_uint_gt (wrapped_x, 20);
  ck_assert_uint_gt (wrapped_y, 20);
  ck_assert_uint_gt (strips, 300);

  /* A zoom from the panned picture (its origin is not at the surface's corner): the stand-in is the
   * picture scaled as a fresh one would be, the refined view a fresh drawing. */
  {
    g_autoptr(TsrCanvasPicture) reference = tsr_canvas_picture_new (format);
    TsrMapViewport kept = view, zoomed = view;
    cairo_surface_t *a, *b;
    g_autofree char *difference = NULL;
    int ox, oy;
    guint frames = 0;
    gboolean done;
    cairo_t *cr;

    tsr_canvas_picture_get_origin (picture, &ox, &oy);
    if (ox == 0 && oy == 0)
      {
        view.x += 5 / view.zoom;
        tsr_canvas_picture_move_to (picture, &view);
        tsr_canvas_picture_draw (picture, draw_scene, &scene);
        kept = zoomed = view;
      }
    scene.viewport = &kept;
    tsr_canvas_picture_move_to (reference, &kept);
    tsr_canvas_picture_draw (reference, draw_scene, &scene);
    /* The kept view and its whole-pixel pans are moves; the same zoom a fraction of a pixel away
     * is a zoom (a move_to would draw it whole). */
    {
      TsrMapViewport panned = kept, fraction = kept;

      panned.x += 3 / kept.zoom;
      fraction.x += 0.4 / kept.zoom;
      ck_assert (!tsr_canvas_picture_can_zoom (picture, &kept) && tsr_canvas_picture_can_move_to (picture, &kept));
      ck_assert (!tsr_canvas_picture_can_zoom (picture, &panned) && tsr_canvas_picture_can_move_to (picture, &panned));
      ck_assert (tsr_canvas_picture_can_zoom (picture, &fraction) && !tsr_canvas_picture_can_move_to (picture, &fraction));
    }
    zoomed.zoom = view.zoom * 1.5;
    zoomed.x = view.x + 13;
    zoomed.y = view.y + 7;
    ck_assert (tsr_canvas_picture_can_zoom (picture, &zoomed));
    a = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width * scale_factor, view.height * scale_factor);
    b = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width * scale_factor, view.height * scale_factor);
    cairo_surface_set_device_scale (a, scale_factor, scale_factor);
    cairo_surface_set_device_scale (b, scale_factor, scale_factor);
    scene.viewport = &zoomed;
    cr = cairo_create (a);
    ck_assert (!tsr_canvas_picture_zoom_frame (picture, cr, &zoomed, NULL, draw_scene, &scene));
    cairo_destroy (cr);
    cr = cairo_create (b);
    tsr_canvas_picture_paint_scaled (reference, cr, &zoomed, NULL);
    cairo_destroy (cr);
    cairo_surface_flush (a);
    cairo_surface_flush (b);
    difference = first_difference (a, b);
    ck_assert_msg (difference == NULL, "seed %u: zoom stand-in differs at %s", seed, difference);
    cairo_surface_destroy (a);
    do
      {
        a = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width * scale_factor, view.height * scale_factor);
        cairo_surface_set_device_scale (a, scale_factor, scale_factor);
        cr = cairo_create (a);
        done = tsr_canvas_picture_zoom_frame (picture, cr, &zoomed, NULL, draw_scene, &scene);
        cairo_destroy (cr);
        cairo_surface_destroy (a);
      }
    while (!done && ++frames < 100);
    ck_assert (done);
    cairo_surface_destroy (b);
    a = painted (picture, &zoomed);
    b = fresh (&zoomed, &scene, format);
    g_clear_pointer (&difference, g_free);
    difference = first_difference (a, b);
    ck_assert_msg (difference == NULL, "seed %u: refined zoom differs at %s", seed, difference);
    cairo_surface_destroy (a);
    cairo_surface_destroy (b);
  }
}

START_TEST (test_pan_matches_fresh)
{
  pan_randomly (CAIRO_FORMAT_ARGB32, 1, 35);
  pan_randomly (CAIRO_FORMAT_RGB24, 1, 4242);
}
END_TEST

START_TEST (test_pan_matches_fresh_hidpi)
{
  pan_randomly (CAIRO_FORMAT_ARGB32, 2, 77);
}
END_TEST

int
main (void)
{
  Suite *suite = suite_create ("canvas-picture");
  TCase *pan = tcase_create ("pan");
  SRunner *runner;
  int failed;

  tcase_add_test (pan, test_pan_matches_fresh);
  tcase_add_test (pan, test_pan_matches_fresh_hidpi);
  tcase_set_timeout (pan, 120);
  suite_add_tcase (suite, pan);
  runner = srunner_create (suite);
  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? 0 : 1;
}
