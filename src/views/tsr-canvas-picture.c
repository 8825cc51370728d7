/* tsr-canvas-picture.c: a kept picture of a layer; a pan moves its origin, not its pixels. */
#include "views/tsr-canvas-picture.h"

#include <math.h>
#include <string.h>

struct _TsrCanvasPicture {
  cairo_format_t   format;
  cairo_surface_t *surface;
  cairo_surface_t *spare;   /* a zoom's view drawn anew (tsr_canvas_picture_zoom_frame) */
  /* Where the view's top-left pixel is in the surface (device pixels): the surface is a torus, view
   * pixel (x, y) is at ((x + ox) mod width, (y + oy) mod height). A pan moves the origin. */
  int              ox, oy;
  TsrMapViewport   viewport;
  gboolean         valid;
  cairo_region_t  *dirty; /* view pixels to draw again */
  /* A zoom (tsr_canvas_picture_zoom_frame): the view the last frame showed the picture scaled to,
   * and how many rows of it are drawn into the spare so far. */
  TsrMapViewport   zoom_view;
  gboolean         zooming;
  int              refined_rows;
};

TsrCanvasPicture *
tsr_canvas_picture_new (cairo_format_t format)
{
  TsrCanvasPicture *self;

  g_return_val_if_fail (format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_ARGB32, NULL);
  self = g_new0 (TsrCanvasPicture, 1);
  self->format = format;
  self->dirty = cairo_region_create ();
  return self;
}

void
tsr_canvas_picture_free (TsrCanvasPicture *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  g_clear_pointer (&self->spare, cairo_surface_destroy);
  cairo_region_destroy (self->dirty);
  g_free (self);
}

static void
dirty_rect (TsrCanvasPicture *self,
            int               x,
            int               y,
            int               width,
            int               height)
{
  if (width > 0 && height > 0)
    cairo_region_union_rectangle (self->dirty, &(cairo_rectangle_int_t) { x, y, width, height });
}

/* The spare surface, made like the picture's when there is none. */
static cairo_surface_t *
ensure_spare (TsrCanvasPicture *self)
{
  if (self->spare == NULL)
    {
      double x_scale, y_scale;

      self->spare = cairo_image_surface_create (self->format, cairo_image_surface_get_width (self->surface),
                                                cairo_image_surface_get_height (self->surface));
      cairo_surface_get_device_scale (self->surface, &x_scale, &y_scale);
      cairo_surface_set_device_scale (self->spare, x_scale, y_scale);
    }
  return self->spare;
}

/* Device pixel X plus D, wrapped into 0..SIZE-1. */
static int
wrap (int x,
      int d,
      int size)
{
  int r = (x + d) % size;

  return r < 0 ? r + size : r;
}

static gboolean
whole_pixels (double value, double *rounded)
{
  *rounded = round (value);
  return fabs (value - *rounded) < 1e-6;
}

/* Whether VIEWPORT is the kept view panned by whole view pixels, less than the view (DX, DY). */
static gboolean
pans_to (TsrCanvasPicture     *self,
         const TsrMapViewport *viewport,
         double               *dx,
         double               *dy)
{
  const TsrMapViewport *kept = &self->viewport;

  return self->valid && kept->zoom == viewport->zoom && kept->width == viewport->width
         && kept->height == viewport->height && kept->scale_factor == viewport->scale_factor
         && whole_pixels ((viewport->x - kept->x) * viewport->zoom, dx)
         && whole_pixels ((viewport->y - kept->y) * viewport->zoom, dy)
         && fabs (*dx) < viewport->width && fabs (*dy) < viewport->height;
}

gboolean
tsr_canvas_picture_can_move_to (TsrCanvasPicture     *self,
                                const TsrMapViewport *viewport)
{
  double dx, dy;

  return pans_to (self, viewport, &dx, &dy);
}

gboolean
tsr_canvas_picture_move_to (TsrCanvasPicture     *self,
                            const TsrMapViewport *viewport)
{
  const TsrMapViewport *kept = &self->viewport;
  int scale = MAX (1, viewport->scale_factor);
  double dx, dy;

  self->zooming = FALSE;
  if (self->valid && tsr_map_viewport_equal (kept, viewport))
    return FALSE;
  if (pans_to (self, viewport, &dx, &dy))
    {
      int ix = (int) dx, iy = (int) dy;
      cairo_rectangle_int_t view = { 0, 0, viewport->width, viewport->height };

      /* Nothing moves: the pixels the view keeps stay where they are, the origin goes with the
       * view, and the strips it uncovered are drawn over what scrolled out. */
      self->ox = wrap (self->ox, ix * scale, cairo_image_surface_get_width (self->surface));
      self->oy = wrap (self->oy, iy * scale, cairo_image_surface_get_height (self->surface));
      cairo_region_translate (self->dirty, -ix, -iy);
      cairo_region_intersect_rectangle (self->dirty, &view);
      /* The strips the move uncovered. */
      if (ix > 0)
        dirty_rect (self, viewport->width - ix, 0, ix, viewport->height);
      else
        dirty_rect (self, 0, 0, -ix, viewport->height);
      if (iy > 0)
        dirty_rect (self, 0, viewport->height - iy, viewport->width, iy);
      else
        dirty_rect (self, 0, 0, viewport->width, -iy);
      self->viewport = *viewport;
      return FALSE;
    }
  if (self->surface == NULL || kept->width != viewport->width || kept->height != viewport->height
      || kept->scale_factor != viewport->scale_factor)
    {
      g_clear_pointer (&self->surface, cairo_surface_destroy);
      g_clear_pointer (&self->spare, cairo_surface_destroy);
      self->surface = cairo_image_surface_create (self->format, MAX (1, viewport->width * scale),
                                                  MAX (1, viewport->height * scale));
      cairo_surface_set_device_scale (self->surface, scale, scale);
    }
  self->viewport = *viewport;
  self->valid = TRUE;
  self->ox = self->oy = 0;
  cairo_region_destroy (self->dirty);
  self->dirty = cairo_region_create_rectangle (&(cairo_rectangle_int_t) { 0, 0, viewport->width, viewport->height });
  return TRUE;
}

gboolean
tsr_canvas_picture_is_dirty (TsrCanvasPicture *self)
{
  return !cairo_region_is_empty (self->dirty);
}

/* Beyond this many dirty rectangles, one draw clipped to all of them (a scan of the elements each
 * would cost more than it saves). */
#define MAX_SEPARATE_DRAWS 6

/* The parts of the view that lie unbroken in the surface (the origin splits the view at the
 * surface's edges into up to 2 x 2), each with the offset from its view pixels to its surface
 * pixels (user units, view pixels). Returns how many. */
static int
view_parts (TsrCanvasPicture      *self,
            cairo_rectangle_int_t  parts[4],
            int                    offsets[4][2])
{
  int scale = MAX (1, self->viewport.scale_factor);
  int width = self->viewport.width, height = self->viewport.height;
  int ox = self->ox / scale, oy = self->oy / scale;
  /* Where the view crosses the surface's right and bottom edges (view pixels). */
  int seam_x = width - ox, seam_y = height - oy;
  int n = 0;

  for (int row = 0; row < (oy > 0 ? 2 : 1); row++)
    for (int column = 0; column < (ox > 0 ? 2 : 1); column++)
      {
        int x0 = column == 0 ? 0 : seam_x, x1 = column == 0 && ox > 0 ? seam_x : width;
        int y0 = row == 0 ? 0 : seam_y, y1 = row == 0 && oy > 0 ? seam_y : height;

        parts[n] = (cairo_rectangle_int_t) { x0, y0, x1 - x0, y1 - y0 };
        offsets[n][0] = column == 0 ? ox : ox - width;
        offsets[n][1] = row == 0 ? oy : oy - height;
        n++;
      }
  return n;
}

/* Clears the pixels of the view rectangles RECTS (all inside one part, whose view-to-surface offset
 * is OFFSET) and draws them again by FUNC, clipped to them, in view pixels. */
static void
draw_part (cairo_t                     *cr,
           const int                    offset[2],
           const cairo_rectangle_int_t *rects,
           int                          n,
           TsrCanvasPictureDrawFunc     func,
           gpointer                     user_data)
{
  cairo_save (cr);
  cairo_translate (cr, offset[0], offset[1]);
  for (int r = 0; r < n; r++)
    cairo_rectangle (cr, rects[r].x, rects[r].y, rects[r].width, rects[r].height);
  cairo_clip (cr);
  cairo_save (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_restore (cr);
  func (cr, user_data);
  cairo_restore (cr);
}

void
tsr_canvas_picture_draw (TsrCanvasPicture        *self,
                         TsrCanvasPictureDrawFunc func,
                         gpointer                 user_data)
{
  int n = cairo_region_num_rectangles (self->dirty);
  gboolean separate = n <= MAX_SEPARATE_DRAWS;
  cairo_rectangle_int_t parts[4];
  int offsets[4][2];
  int n_parts = view_parts (self, parts, offsets);
  cairo_t *cr = cairo_create (self->surface);

  /* Each dirty rectangle (or all of them) drawn in each part of the view it reaches: a strip the
   * pan uncovered may straddle the surface's edge. */
  for (int p = 0; p < n_parts; p++)
    {
      cairo_region_t *in_part = cairo_region_copy (self->dirty);
      int m;

      cairo_region_intersect_rectangle (in_part, &parts[p]);
      m = cairo_region_num_rectangles (in_part);
      if (separate)
        for (int r = 0; r < m; r++)
          {
            cairo_rectangle_int_t rect;

            cairo_region_get_rectangle (in_part, r, &rect);
            draw_part (cr, offsets[p], &rect, 1, func, user_data);
          }
      else if (m > 0)
        {
          g_autofree cairo_rectangle_int_t *rects = g_new (cairo_rectangle_int_t, m);

          for (int r = 0; r < m; r++)
            cairo_region_get_rectangle (in_part, r, &rects[r]);
          draw_part (cr, offsets[p], rects, m, func, user_data);
        }
      cairo_region_destroy (in_part);
    }
  cairo_destroy (cr);
  cairo_surface_flush (self->surface);
  cairo_region_destroy (self->dirty);
  self->dirty = cairo_region_create ();
}

/* The picture as a pattern that hands cairo the surface when a drawing reads it, not a snapshot of
 * it. A surface pattern recorded into a render node (GTK's cairo node is a recording) attaches a
 * snapshot to the surface that stays attached until the surface is next written, whatever became
 * of the node, and that write copies the whole surface into the snapshot first (cairo's
 * copy-on-write: a view of fresh memory cleared and copied each frame of a pan, issue 35, however
 * many spare surfaces take turns). A raster source is recorded as the pattern itself: the node
 * reads the pixels when GTK renders it, which is before the next frame's snapshot writes into the
 * picture (and a pan writes into the spare, not into what the last node shows). */
static cairo_surface_t *
raster_acquire (cairo_pattern_t             *pattern,
                void                        *data,
                cairo_surface_t             *target,
                const cairo_rectangle_int_t *extents)
{
  return cairo_surface_reference (data);
}

static void
raster_release (cairo_pattern_t *pattern,
                void            *data,
                cairo_surface_t *surface)
{
  cairo_surface_destroy (surface);
}

static cairo_status_t
raster_copy (cairo_pattern_t       *pattern,
             void                  *data,
             const cairo_pattern_t *other)
{
  cairo_surface_reference (data);
  return CAIRO_STATUS_SUCCESS;
}

static void
raster_finish (cairo_pattern_t *pattern,
               void            *data)
{
  cairo_surface_destroy (data);
}

cairo_pattern_t *
tsr_canvas_picture_surface_pattern (cairo_surface_t *surface)
{
  cairo_pattern_t *pattern;

  pattern = cairo_pattern_create_raster_source (cairo_surface_reference (surface), cairo_surface_get_content (surface),
                                                cairo_image_surface_get_width (surface),
                                                cairo_image_surface_get_height (surface));
  cairo_raster_source_pattern_set_acquire (pattern, raster_acquire, raster_release);
  cairo_raster_source_pattern_set_copy (pattern, raster_copy);
  cairo_raster_source_pattern_set_finish (pattern, raster_finish);
  return pattern;
}

/* The picture's pixels as a pattern over user space in view pixels of its viewport, (0, 0) at
 * the view's top-left: across the surface's edges it repeats (the origin, see the struct), which
 * only the view's own rectangle may show. */
static cairo_pattern_t *
picture_pattern (TsrCanvasPicture *self)
{
  cairo_surface_t *surface = self->surface;
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;
  double x_scale, y_scale;

  pattern = tsr_canvas_picture_surface_pattern (surface);
  cairo_surface_get_device_scale (surface, &x_scale, &y_scale);
  cairo_matrix_init (&matrix, x_scale, 0, 0, y_scale, self->ox, self->oy);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  return pattern;
}

void
tsr_canvas_picture_paint (TsrCanvasPicture            *self,
                          cairo_t                     *cr,
                          const cairo_rectangle_int_t *area)
{
  cairo_rectangle_int_t view = { 0, 0, self->viewport.width, self->viewport.height };
  cairo_pattern_t *pattern = picture_pattern (self);

  if (area == NULL)
    area = &view;
  cairo_save (cr);
  cairo_set_source (cr, pattern);
  cairo_pattern_destroy (pattern);
  cairo_rectangle (cr, area->x, area->y, area->width, area->height);
  cairo_fill (cr);
  cairo_restore (cr);
}

void
tsr_canvas_picture_invalidate (TsrCanvasPicture      *self,
                               const TsrVectorBounds *area,
                               double                 margin)
{
  const TsrMapViewport *v = &self->viewport;
  double x0, y0, x1, y1;

  if (!self->valid)
    return;
  /* A zoom's rows drawn so far may show what changed: drawn again. */
  self->refined_rows = 0;
  if (area == NULL)
    {
      self->valid = FALSE;
      return;
    }
  x0 = floor ((area->x0 - v->x) * v->zoom - margin - 1);
  y0 = floor ((area->y0 - v->y) * v->zoom - margin - 1);
  x1 = ceil ((area->x1 - v->x) * v->zoom + margin + 1);
  y1 = ceil ((area->y1 - v->y) * v->zoom + margin + 1);
  x0 = MAX (x0, 0), y0 = MAX (y0, 0), x1 = MIN (x1, v->width), y1 = MIN (y1, v->height);
  if (x1 > x0 && y1 > y0)
    dirty_rect (self, (int) x0, (int) y0, (int) (x1 - x0), (int) (y1 - y0));
}

/* The spare, drawn with the view's top-left at its (0, 0), becomes the picture; the picture the
 * spare. */
static void
spare_becomes_picture (TsrCanvasPicture *self)
{
  cairo_surface_t *done = self->spare;

  self->spare = self->surface;
  self->surface = done;
  self->ox = self->oy = 0;
}

/* Moves the view's top-left pixel to the surface's (0, 0), when the origin is elsewhere: copied
 * into the spare, which becomes the picture (the last frame's node may still read the picture).
 * Once at the start of a zoom, which scales the picture as a whole. */
static void
normalize (TsrCanvasPicture *self)
{
  cairo_t *cr;

  if (self->ox == 0 && self->oy == 0)
    return;
  cr = cairo_create (ensure_spare (self));
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  tsr_canvas_picture_paint (self, cr, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (self->spare);
  spare_becomes_picture (self);
}

gboolean
tsr_canvas_picture_can_zoom (TsrCanvasPicture     *self,
                             const TsrMapViewport *viewport)
{
  const TsrMapViewport *kept = &self->viewport;
  double dx, dy;

  /* The same zoom counts when the view moved by a fraction of a pixel (a zoom step back to a
   * zoom seen before, about another point): a move_to would draw it whole. */
  return self->valid && self->surface != NULL && kept->zoom > 0
         && kept->width == viewport->width && kept->height == viewport->height
         && kept->scale_factor == viewport->scale_factor
         && (kept->zoom != viewport->zoom
             || (!tsr_map_viewport_equal (kept, viewport) && !pans_to (self, viewport, &dx, &dy)));
}

/* While a zoom refines: the view is drawn in this many bands of rows, and a frame starts no band
 * after this much time (a zoom frame stays short; the next frame goes on). A refine frame also
 * paints the stand-in, so it costs the budget, the band that overruns it and a step frame: 32 bands
 * and 2 ms (largest real Marathon level, 1920x1080, bench-marathon-editor) keep it at 4.9-5.3 ms
 * median, p95 6.8-7.3 (16 bands and 4 ms: 6.6-7.3, p95 8.9-10.2) against 2.3-3.4 ms a step; the view
 * is whole after ~9.5 frames instead of ~4. */
#define REFINE_BANDS 32
#define REFINE_BUDGET_US 2000

gboolean
tsr_canvas_picture_zoom_frame (TsrCanvasPicture            *self,
                               cairo_t                     *cr,
                               const TsrMapViewport        *viewport,
                               const cairo_rectangle_int_t *area,
                               TsrCanvasPictureDrawFunc     func,
                               gpointer                     user_data)
{
  int band = (viewport->height + REFINE_BANDS - 1) / REFINE_BANDS;
  gint64 start = g_get_monotonic_time ();
  cairo_t *spare;

  g_return_val_if_fail (tsr_canvas_picture_can_zoom (self, viewport), TRUE);
  if (!self->zooming || !tsr_map_viewport_equal (&self->zoom_view, viewport))
    {
      /* A zoom step: the kept picture scaled at once. */
      self->zoom_view = *viewport;
      self->zooming = TRUE;
      self->refined_rows = 0;
      tsr_canvas_picture_paint_scaled (self, cr, viewport, area);
      return FALSE;
    }
  /* The same view again (no further step came): the next bands drawn anew into the spare. */
  spare = cairo_create (ensure_spare (self));
  while (self->refined_rows < viewport->height && g_get_monotonic_time () - start < REFINE_BUDGET_US)
    {
      int rows = MIN (band, viewport->height - self->refined_rows);

      cairo_save (spare);
      cairo_rectangle (spare, 0, self->refined_rows, viewport->width, rows);
      cairo_clip (spare);
      cairo_save (spare);
      cairo_set_operator (spare, CAIRO_OPERATOR_CLEAR);
      cairo_paint (spare);
      cairo_restore (spare);
      func (spare, user_data);
      cairo_restore (spare);
      self->refined_rows += rows;
    }
  cairo_destroy (spare);
  cairo_surface_flush (self->spare);
  if (self->refined_rows >= viewport->height)
    {
      /* Whole: the spare is the picture of VIEWPORT. */
      spare_becomes_picture (self);
      self->viewport = *viewport;
      self->zooming = FALSE;
      cairo_region_destroy (self->dirty);
      self->dirty = cairo_region_create ();
      tsr_canvas_picture_paint (self, cr, area);
      return TRUE;
    }
  /* Until it is whole, the kept picture scaled: the spare's rows alone would show a view half
   * drawn. */
  tsr_canvas_picture_paint_scaled (self, cr, viewport, area);
  return FALSE;
}

void
tsr_canvas_picture_paint_scaled (TsrCanvasPicture            *self,
                                 cairo_t                     *cr,
                                 const TsrMapViewport        *viewport,
                                 const cairo_rectangle_int_t *area)
{
  const TsrMapViewport *kept = &self->viewport;
  double scale = viewport->zoom / kept->zoom;
  /* Map point m is at (m - kept.x) * kept.zoom in the picture, (m - x) * zoom in VIEWPORT: the
   * picture's origin in VIEWPORT. */
  double ox = (kept->x - viewport->x) * viewport->zoom, oy = (kept->y - viewport->y) * viewport->zoom;
  double x0 = ox, y0 = oy, x1 = ox + kept->width * scale, y1 = oy + kept->height * scale;
  cairo_pattern_t *pattern;
  cairo_matrix_t view;

  /* The picture's place in VIEWPORT, within AREA: filled, not clipped to AREA (no clipped commands
   * in the canvas's recording: see tsr-map-canvas.c). */
  if (area != NULL)
    {
      x0 = MAX (x0, area->x), y0 = MAX (y0, area->y);
      x1 = MIN (x1, area->x + area->width), y1 = MIN (y1, area->y + area->height);
    }
  if (x1 <= x0 || y1 <= y0)
    return;
  cairo_save (cr);
  cairo_get_matrix (cr, &view);
  cairo_translate (cr, ox, oy);
  cairo_scale (cr, scale, scale);
  /* A raster source as in tsr_canvas_picture_paint (no snapshot), of the picture with its origin
   * at (0, 0), padded: the view's edge pixels are not blended with the opposite edge's. */
  normalize (self);
  pattern = picture_pattern (self);
  /* Nearest: only a zoom gesture's frames show the stand-in (the refined view is exact), and pixman
   * scales nearest 2-3x faster than bilinear (1920x1080, x1.25: 1.2 vs 2.6 ms; x0.8: 0.6 vs 1.8 ms;
   * GOOD is no faster, and 18 ms at x0.5). */
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_PAD);
  cairo_set_source (cr, pattern);
  cairo_pattern_destroy (pattern);
  /* The source keeps the scaled space; the rectangle is in view pixels. */
  cairo_set_matrix (cr, &view);
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  cairo_fill (cr);
  cairo_restore (cr);
}

const TsrMapViewport *
tsr_canvas_picture_get_viewport (TsrCanvasPicture *self)
{
  return &self->viewport;
}

gboolean
tsr_canvas_picture_is_valid (TsrCanvasPicture *self)
{
  return self->valid;
}

cairo_surface_t *
tsr_canvas_picture_get_surface (TsrCanvasPicture *self)
{
  return self->surface;
}

void
tsr_canvas_picture_get_origin (TsrCanvasPicture *self,
                               int              *x,
                               int              *y)
{
  *x = self->ox;
  *y = self->oy;
}
