/* tsr-canvas-picture.c: a kept picture of a layer, moved in place when the view pans. */
#include "views/tsr-canvas-picture.h"

#include <math.h>
#include <string.h>

struct _TsrCanvasPicture {
  cairo_format_t   format;
  cairo_surface_t *surface;
  TsrMapViewport   viewport;
  gboolean         valid;
  cairo_region_t  *dirty; /* view pixels to draw again */
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

/* Moves the pixels so that the one at device (SX, SY) lands at (0, 0). */
static void
shift_pixels (cairo_surface_t *surface,
              int              sx,
              int              sy)
{
  int width = cairo_image_surface_get_width (surface), height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  gsize pixel = 4; /* RGB24 and ARGB32 */
  guint8 *data;
  gsize bytes = (gsize) (width - ABS (sx)) * pixel;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  /* Rows in the order that reads each before it is overwritten; memmove within a row. */
  for (int i = 0; i < height - ABS (sy); i++)
    {
      int y = sy >= 0 ? i : height - 1 - i;
      guint8 *to = data + (gsize) y * stride, *from = data + (gsize) (y + sy) * stride;

      if (sx >= 0)
        memmove (to, from + (gsize) sx * pixel, bytes);
      else
        memmove (to + (gsize) -sx * pixel, from, bytes);
    }
  cairo_surface_mark_dirty (surface);
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

      shift_pixels (self->surface, ix * scale, iy * scale);
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

void
tsr_canvas_picture_paint (TsrCanvasPicture            *self,
                          cairo_t                     *cr,
                          const cairo_rectangle_int_t *area)
{
  cairo_save (cr);
  cairo_set_source_surface (cr, self->surface, 0, 0);
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
