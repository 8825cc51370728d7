/* tsr-grid-layer.c: the grid is drawn only over the view, one path per strength, on whole device
 * pixels so thin lines stay sharp. */
#include "views/tsr-grid-layer.h"

#include <math.h>

#include "views/tsr-canvas-picture.h"
#include "views/tsr-grid-color.h"

/* Lines closer than this in view pixels are thinned out. */
#define MIN_SPACING 7.0
/* Shares of the grid colour's alpha: the default's 0.22 gives 0.06 and 0.14. */
#define MINOR_STRENGTH (0.06 / 0.22)
#define MAJOR_STRENGTH (0.14 / 0.22)

/* The grid drawn for one viewport, painted again while nothing changes (two: the canvas and the
 * minimap). */
typedef struct {
  TsrCanvasPicture *picture; /* moved in place when the view pans */
  double           drawn_step;
  guint64          used;
} GridPicture;

struct _TsrGridLayer {
  GObject     parent_instance;
  double      step;
  guint       major;
  gboolean    visible;
  GdkRGBA     color;
  double      drawn_step;
  GridPicture pictures[2];
  guint64     frames;
  /* The last view drawn straight into the frame (a zoom step, see grid_layer_draw). */
  TsrMapViewport direct_view;
  gboolean    direct_drawn;
};

static void tsr_grid_layer_iface_init (TsrCanvasLayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrGridLayer, tsr_grid_layer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_CANVAS_LAYER, tsr_grid_layer_iface_init))

static TsrLayerKind
grid_layer_get_kind (TsrCanvasLayer *layer)
{
  return TSR_LAYER_KIND_VECTOR;
}

static void
grid_layer_get_bounds (TsrCanvasLayer  *layer,
                       TsrVectorBounds *bounds)
{
  tsr_vector_bounds_init_empty (bounds);
}

/* Adds the lines at multiples of SPACING (those at multiples of SKIP left out) to CR's path. */
static void
add_lines (cairo_t              *cr,
           const TsrMapViewport *viewport,
           double                spacing,
           double                skip)
{
  double x1 = viewport->x + viewport->width / viewport->zoom;
  double y1 = viewport->y + viewport->height / viewport->zoom;
  double half = 0.5 / MAX (viewport->scale_factor, 1);

  for (double x = floor (viewport->x / spacing) * spacing; x <= x1; x += spacing)
    {
      double vx;

      if (skip > 0 && fabs (remainder (x, skip)) < spacing / 2)
        continue;
      vx = round ((x - viewport->x) * viewport->zoom) + half;
      cairo_move_to (cr, vx, 0);
      cairo_line_to (cr, vx, viewport->height);
    }
  for (double y = floor (viewport->y / spacing) * spacing; y <= y1; y += spacing)
    {
      double vy;

      if (skip > 0 && fabs (remainder (y, skip)) < spacing / 2)
        continue;
      vy = round ((y - viewport->y) * viewport->zoom) + half;
      cairo_move_to (cr, 0, vy);
      cairo_line_to (cr, viewport->width, vy);
    }
}

static void
draw_grid (TsrGridLayer         *self,
           cairo_t              *cr,
           const TsrMapViewport *viewport)
{
  double spacing = self->step, major;

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.13, 0.14, 0.16);
  cairo_paint (cr);
  self->drawn_step = 0;
  if (!self->visible || spacing <= 0 || viewport->zoom <= 0)
    {
      cairo_restore (cr);
      return;
    }
  while (spacing * viewport->zoom < MIN_SPACING)
    spacing *= 2;
  major = self->step * MAX (self->major, 1);
  if (major < spacing)
    major = spacing;
  self->drawn_step = spacing;
  cairo_set_line_width (cr, 1.0 / MAX (viewport->scale_factor, 1));
  if (major > spacing)
    {
      add_lines (cr, viewport, spacing, major);
      tsr_grid_color_set_source (cr, &self->color, MINOR_STRENGTH);
      cairo_stroke (cr);
    }
  add_lines (cr, viewport, major, 0);
  tsr_grid_color_set_source (cr, &self->color, MAJOR_STRENGTH);
  cairo_stroke (cr);
  /* The origin's axes. */
  cairo_move_to (cr, round (-viewport->x * viewport->zoom) + 0.5, 0);
  cairo_rel_line_to (cr, 0, viewport->height);
  cairo_move_to (cr, 0, round (-viewport->y * viewport->zoom) + 0.5);
  cairo_rel_line_to (cr, viewport->width, 0);
  cairo_set_source_rgba (cr, 0.55, 0.78, 1, 0.3);
  cairo_stroke (cr);
  cairo_restore (cr);
}

typedef struct {
  TsrGridLayer         *self;
  const TsrMapViewport *viewport;
} GridDraw;

static void
grid_draw_part (cairo_t *cr,
                gpointer user_data)
{
  GridDraw *draw = user_data;

  draw_grid (draw->self, cr, draw->viewport);
}

static gboolean
grid_layer_draw (TsrCanvasLayer       *layer,
                 cairo_t              *cr,
                 const TsrMapViewport *viewport)
{
  TsrGridLayer *self = TSR_GRID_LAYER (layer);
  GridPicture *picture = NULL;

  if (viewport->width <= 0 || viewport->height <= 0)
    {
      draw_grid (self, cr, viewport);
      return TRUE;
    }
  /* The picture kept for this view, else one for it panned (same zoom and size), else the older. */
  for (guint p = 0; p < G_N_ELEMENTS (self->pictures); p++)
    {
      GridPicture *candidate = &self->pictures[p];
      const TsrMapViewport *kept;

      if (candidate->picture == NULL || !tsr_canvas_picture_is_valid (candidate->picture))
        continue;
      kept = tsr_canvas_picture_get_viewport (candidate->picture);
      if (tsr_map_viewport_equal (kept, viewport))
        {
          picture = candidate;
          break;
        }
      if (picture == NULL && kept->zoom == viewport->zoom && kept->width == viewport->width
          && kept->height == viewport->height && kept->scale_factor == viewport->scale_factor)
        picture = candidate;
    }
  if (picture == NULL
      && !(self->direct_drawn && self->direct_view.zoom == viewport->zoom && self->direct_view.width == viewport->width
           && self->direct_view.height == viewport->height && self->direct_view.scale_factor == viewport->scale_factor))
    {
      /* The first view at a zoom no picture holds: a zoom step. Drawn straight into CR (the
       * background and the lines cost less than drawing them into a picture and copying that, and
       * the next step would not use it); the picture is drawn by the next frame at this zoom (the
       * zoom stopped: the view stays or pans). The same pixels: the grid is opaque, painted first. */
      self->direct_view = *viewport;
      self->direct_drawn = TRUE;
      draw_grid (self, cr, viewport);
      return TRUE;
    }
  if (picture == NULL)
    picture = &self->pictures[self->pictures[1].used < self->pictures[0].used ? 1 : 0];
  if (picture->picture == NULL)
    /* Opaque: painting it is a copy. */
    picture->picture = tsr_canvas_picture_new (CAIRO_FORMAT_RGB24);
  tsr_canvas_picture_move_to (picture->picture, viewport);
  if (tsr_canvas_picture_is_dirty (picture->picture))
    {
      GridDraw draw = { self, viewport };

      tsr_canvas_picture_draw (picture->picture, grid_draw_part, &draw);
      picture->drawn_step = self->drawn_step;
    }
  picture->used = ++self->frames;
  self->drawn_step = picture->drawn_step;
  tsr_canvas_picture_paint (picture->picture, cr, NULL);
  return TRUE;
}

/* The grid looks different: what was kept goes, the canvas redraws. */
static void
grid_changed (TsrGridLayer *self)
{
  for (guint p = 0; p < G_N_ELEMENTS (self->pictures); p++)
    if (self->pictures[p].picture != NULL)
      tsr_canvas_picture_invalidate (self->pictures[p].picture, NULL, 0);
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}

static void
grid_layer_set_grid_color (TsrCanvasLayer *layer,
                           const GdkRGBA  *color)
{
  TsrGridLayer *self = TSR_GRID_LAYER (layer);

  if (gdk_rgba_equal (&self->color, color))
    return;
  self->color = *color;
  grid_changed (self);
}

/* The background is painted over the whole view (draw_grid), opaque. */
static void
grid_layer_get_opaque_area (TsrCanvasLayer        *layer,
                            const TsrMapViewport  *viewport,
                            cairo_rectangle_int_t *area)
{
  *area = (cairo_rectangle_int_t) { 0, 0, MAX (viewport->width, 0), MAX (viewport->height, 0) };
}

static void
tsr_grid_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_opaque_area = grid_layer_get_opaque_area;
  iface->set_grid_color = grid_layer_set_grid_color;
  iface->get_kind = grid_layer_get_kind;
  iface->get_bounds = grid_layer_get_bounds;
  iface->draw = grid_layer_draw;
}

static void
tsr_grid_layer_finalize (GObject *object)
{
  TsrGridLayer *self = TSR_GRID_LAYER (object);

  for (guint p = 0; p < G_N_ELEMENTS (self->pictures); p++)
    g_clear_pointer (&self->pictures[p].picture, tsr_canvas_picture_free);
  G_OBJECT_CLASS (tsr_grid_layer_parent_class)->finalize (object);
}

static void
tsr_grid_layer_class_init (TsrGridLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_grid_layer_finalize;
}

static void
tsr_grid_layer_init (TsrGridLayer *self)
{
  self->visible = TRUE;
  tsr_grid_color_get_default (&self->color);
}

TsrGridLayer *
tsr_grid_layer_new (double step,
                    guint  major)
{
  TsrGridLayer *self = g_object_new (TSR_TYPE_GRID_LAYER, NULL);

  self->step = step;
  self->major = major;
  return self;
}

double
tsr_grid_layer_get_step (TsrGridLayer *self)
{
  g_return_val_if_fail (TSR_IS_GRID_LAYER (self), 0);
  return self->step;
}

void
tsr_grid_layer_set_step (TsrGridLayer *self,
                         double        step)
{
  g_return_if_fail (TSR_IS_GRID_LAYER (self));
  if (self->step == step)
    return;
  self->step = step;
  grid_changed (self);
}

void
tsr_grid_layer_set_visible (TsrGridLayer *self,
                            gboolean      visible)
{
  g_return_if_fail (TSR_IS_GRID_LAYER (self));
  if (self->visible == !!visible)
    return;
  self->visible = !!visible;
  grid_changed (self);
}

double
tsr_grid_layer_get_drawn_step (TsrGridLayer *self)
{
  g_return_val_if_fail (TSR_IS_GRID_LAYER (self), 0);
  return self->drawn_step;
}
