/* tsr-canvas-picture.c: a kept picture of a layer, moved into a spare surface when the view pans. */
#include "views/tsr-canvas-picture.h"

#include <math.h>
#include <string.h>

struct _TsrCanvasPicture {
  cairo_format_t   format;
  cairo_surface_t *surface;
  cairo_surface_t *spare;   /* the one panned into next (see shift_pixels) */
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

/* Moves the pixels so that the one at device (SX, SY) lands at (0, 0): copied into the spare
 * surface, which becomes the picture, and the picture the spare. Not in place: the last frame's
 * render node reads the picture (tsr_canvas_picture_paint hands it as a raster source, read when
 * GTK renders the node), so it stays as painted while that node is the one shown. What the copy
 * leaves (the uncovered strips) is dirty and drawn again. */
static void
shift_pixels (TsrCanvasPicture *self,
              int               sx,
              int               sy)
{
  cairo_surface_t *from = self->surface, *to;
  int width = cairo_image_surface_get_width (from), height = cairo_image_surface_get_height (from);
  int stride = cairo_image_surface_get_stride (from);
  gsize pixel = 4; /* RGB24 and ARGB32 */
  gsize bytes = (gsize) (width - ABS (sx)) * pixel;
  const guint8 *source;
  guint8 *target;

  to = ensure_spare (self);
  cairo_surface_flush (to);
  source = cairo_image_surface_get_data (from);
  target = cairo_image_surface_get_data (to);
  for (int y = MAX (0, -sy); y < height - MAX (0, sy); y++)
    memcpy (target + (gsize) y * stride + (gsize) MAX (0, -sx) * pixel,
            source + (gsize) (y + sy) * stride + (gsize) MAX (0, sx) * pixel, bytes);
  cairo_surface_mark_dirty (to);
  self->spare = from;
  self->surface = to;
}

static gboolean
whole_pixels (double value, double *rounded)
{
  *rounded = round (value);
  return fabs (value - *rounded) < 1e-6;
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
  if (self->valid && kept->zoom == viewport->zoom && kept->width == viewport->width
      && kept->height == viewport->height && kept->scale_factor == viewport->scale_factor
      && whole_pixels ((viewport->x - kept->x) * viewport->zoom, &dx)
      && whole_pixels ((viewport->y - kept->y) * viewport->zoom, &dy)
      && fabs (dx) < viewport->width && fabs (dy) < viewport->height)
    {
      int ix = (int) dx, iy = (int) dy;
      cairo_rectangle_int_t view = { 0, 0, viewport->width, viewport->height };

      shift_pixels (self, ix * scale, iy * scale);
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

void
tsr_canvas_picture_draw (TsrCanvasPicture        *self,
                         TsrCanvasPictureDrawFunc func,
                         gpointer                 user_data)
{
  int n = cairo_region_num_rectangles (self->dirty);
  gboolean separate = n <= MAX_SEPARATE_DRAWS;
  cairo_t *cr = cairo_create (self->surface);

  for (int r = 0; r < n; r++)
    {
      cairo_rectangle_int_t rect;

      cairo_region_get_rectangle (self->dirty, r, &rect);
      if (separate)
        cairo_save (cr);
      cairo_rectangle (cr, rect.x, rect.y, rect.width, rect.height);
      if (!separate && r + 1 < n)
        continue;
      cairo_clip (cr);
      cairo_save (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_restore (cr);
      func (cr, user_data);
      if (separate)
        cairo_restore (cr);
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

static cairo_pattern_t *
picture_pattern (cairo_surface_t *surface)
{
  cairo_content_t content = cairo_surface_get_content (surface);
  int width = cairo_image_surface_get_width (surface), height = cairo_image_surface_get_height (surface);
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;
  double x_scale, y_scale;

  pattern = cairo_pattern_create_raster_source (cairo_surface_reference (surface), content, width, height);
  cairo_raster_source_pattern_set_acquire (pattern, raster_acquire, raster_release);
  cairo_raster_source_pattern_set_copy (pattern, raster_copy);
  cairo_raster_source_pattern_set_finish (pattern, raster_finish);
  /* User space is view pixels, the pattern's device pixels. */
  cairo_surface_get_device_scale (surface, &x_scale, &y_scale);
  cairo_matrix_init_scale (&matrix, x_scale, y_scale);
  cairo_pattern_set_matrix (pattern, &matrix);
  return pattern;
}

void
tsr_canvas_picture_paint (TsrCanvasPicture            *self,
                          cairo_t                     *cr,
                          const cairo_rectangle_int_t *area)
{
  cairo_pattern_t *pattern = picture_pattern (self->surface);

  cairo_save (cr);
  cairo_set_source (cr, pattern);
  cairo_pattern_destroy (pattern);
  if (area != NULL)
    {
      cairo_rectangle (cr, area->x, area->y, area->width, area->height);
      cairo_fill (cr);
    }
  else
    cairo_paint (cr);
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

gboolean
tsr_canvas_picture_can_zoom (TsrCanvasPicture     *self,
                             const TsrMapViewport *viewport)
{
  const TsrMapViewport *kept = &self->viewport;

  return self->valid && self->surface != NULL && kept->zoom > 0 && kept->zoom != viewport->zoom
         && kept->width == viewport->width && kept->height == viewport->height
         && kept->scale_factor == viewport->scale_factor;
}

/* While a zoom refines: the view is drawn in this many bands of rows, and a frame starts no band
 * after this much time (a zoom frame stays short; the next frame goes on). */
#define REFINE_BANDS 16
#define REFINE_BUDGET_US 4000

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
      cairo_surface_t *done = self->spare;

      self->spare = self->surface;
      self->surface = done;
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
  cairo_pattern_t *pattern;

  cairo_save (cr);
  if (area != NULL)
    {
      cairo_rectangle (cr, area->x, area->y, area->width, area->height);
      cairo_clip (cr);
    }
  /* Map point m is at (m - kept.x) * kept.zoom in the picture, (m - x) * zoom in VIEWPORT. */
  cairo_translate (cr, (kept->x - viewport->x) * viewport->zoom, (kept->y - viewport->y) * viewport->zoom);
  cairo_scale (cr, scale, scale);
  cairo_rectangle (cr, 0, 0, kept->width, kept->height);
  cairo_set_source_surface (cr, self->surface, 0, 0);
  pattern = cairo_get_source (cr);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_BILINEAR);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_PAD);
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
