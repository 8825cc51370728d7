/* tsr-vector-layer.c: cairo drawing of a TsrVectorMap. Element bounds are cached per kind, so
 * culling is a comparison per element and a change can name the area it left as well as the
 * area it now covers. */
#include "views/tsr-vector-layer.h"

#include "views/tsr-canvas-picture.h"

#include <math.h>
#include <string.h>

/* Margin in view pixels around an element's bounds: line widths, point squares, markers and
 * their facing ticks (1.7 radii). */
#define DRAW_MARGIN (TSR_VECTOR_MARKER_RADIUS * 1.7 + 3)
/* How far a label may reach from its element, in view pixels: a redraw of part of the view draws
 * the labels of elements this close to it. */
#define LABEL_REACH 512
/* The level of detail's default limit, in view pixels (tsr_vector_layer_set_detail_limit). */
#define DETAIL_LIMIT 1.0

/* What the layer drew for one viewport, kept while nothing changes but some areas: a frame with
 * the same viewport paints it and redraws only those areas into it. Two, so the canvas and the
 * minimap do not evict each other. */
typedef struct {
  TsrCanvasPicture *picture; /* moved in place when the view pans: only uncovered strips are drawn */
  guint64          used;  /* the frame it was last painted in */
  gboolean         labels; /* a label was drawn into it: it may reach LABEL_REACH past the bounds */
  /* Per kind, the looks (BatchLook) in the order the whole drawing drew their batches: a redraw of
   * an area draws its batches in that order too, so overlapping translucent areas (Marathon's
   * polygons may overlap) blend as in the whole picture. */
  GArray          *order[TSR_N_ELEMENT_KINDS];
} Cache;

#define N_CACHES 2

struct _TsrVectorLayer {
  GObject       parent_instance;
  TsrVectorMap *map;
  TsrVectorMapInterface *iface; /* MAP's: drawing calls it per vertex, without the type checks */
  TsrSelection *selection;
  gulong        elements_changed_id;
  gulong        selection_changed_id;
  GArray       *bounds[TSR_N_ELEMENT_KINDS]; /* TsrVectorBounds per element */
  TsrVectorBounds total;                     /* their union, when TOTAL_VALID */
  gboolean      total_valid;
  gboolean      background;
  guint         n_drawn;
  gboolean      drew_label; /* a label was drawn since the cache update began */
  double        overview_zoom;
  TsrVectorStyleFunc style_func;
  gpointer      style_data;
  GDestroyNotify style_destroy;
  gboolean      cached;
  gboolean      zoom_stand_ins;
  double        detail_limit;
  Cache         caches[N_CACHES];
  guint64       frames;
};

static void tsr_vector_layer_iface_init (TsrCanvasLayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrVectorLayer, tsr_vector_layer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_CANVAS_LAYER, tsr_vector_layer_iface_init))

static void
rebuild_bounds (TsrVectorLayer *self)
{
  self->total_valid = FALSE;
  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    {
      guint n = tsr_vector_map_get_n_elements (self->map, kind);

      g_array_set_size (self->bounds[kind], n);
      for (guint i = 0; i < n; i++)
        {
          TsrElementRef ref = { kind, i };

          tsr_vector_map_get_element_bounds (self->map, &ref, &g_array_index (self->bounds[kind], TsrVectorBounds, i));
        }
    }
}

static inline void
get_vertex (TsrVectorLayer      *self,
            const TsrElementRef *element,
            guint                vertex,
            TsrVectorPoint      *position)
{
  self->iface->get_vertex (self->map, element, vertex, position);
}

static TsrLayerKind
vector_layer_get_kind (TsrCanvasLayer *layer)
{
  return TSR_LAYER_KIND_VECTOR;
}

static void
vector_layer_get_bounds (TsrCanvasLayer  *layer,
                         TsrVectorBounds *bounds)
{
  TsrVectorLayer *self = TSR_VECTOR_LAYER (layer);

  /* The canvas asks on every viewport computation (each pointer event): keep it cached. */
  if (!self->total_valid)
    {
      tsr_vector_bounds_init_empty (&self->total);
      for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
        for (guint i = 0; i < self->bounds[kind]->len; i++)
          tsr_vector_bounds_union (&self->total, &g_array_index (self->bounds[kind], TsrVectorBounds, i));
      self->total_valid = TRUE;
    }
  *bounds = self->total;
}

static void
to_view (const TsrMapViewport *viewport,
         const TsrVectorPoint *p,
         double               *x,
         double               *y)
{
  *x = (p->x - viewport->x) * viewport->zoom;
  *y = (p->y - viewport->y) * viewport->zoom;
}

/* Whether ELEMENT, a segment, polygon or rectangle, is below the level of detail at VIEWPORT: its
 * bounds narrower and lower than the limit in view pixels. Such a segment is not drawn and such an
 * outline not stroked (fills are): they would add a pixel's smudge to what is around them at a
 * cost per element (a dense level zoomed out). */
static gboolean
below_detail (TsrVectorLayer       *self,
              const TsrMapViewport *viewport,
              const TsrElementRef  *element)
{
  const TsrVectorBounds *b;

  if (self->detail_limit <= 0 || element->index >= self->bounds[element->kind]->len)
    return FALSE;
  b = &g_array_index (self->bounds[element->kind], TsrVectorBounds, element->index);
  return (b->x1 - b->x0) * viewport->zoom < self->detail_limit && (b->y1 - b->y0) * viewport->zoom < self->detail_limit;
}

/* Adds ELEMENT's outline to CR's path, in view pixels. */
static void
trace (TsrVectorLayer       *self,
       cairo_t              *cr,
       const TsrMapViewport *viewport,
       const TsrElementRef  *element)
{
  guint n = self->iface->get_n_vertices (self->map, element);
  TsrVectorPoint p;
  double x, y;

  if (n == 0)
    return;
  if (element->kind == TSR_ELEMENT_RECTANGLE && n == 2)
    {
      TsrVectorPoint q;
      double x1, y1;

      get_vertex (self, element, 0, &p);
      get_vertex (self, element, 1, &q);
      to_view (viewport, &p, &x, &y);
      to_view (viewport, &q, &x1, &y1);
      /* On whole view pixels: crisp edges, and pixman fills them without coverage masks
       * (several times faster for the large panels of an overview). */
      {
        double left = round (MIN (x, x1)), top = round (MIN (y, y1));

        cairo_rectangle (cr, left, top, MAX (1, round (MAX (x, x1)) - left), MAX (1, round (MAX (y, y1)) - top));
      }
      return;
    }
  for (guint v = 0; v < n; v++)
    {
      get_vertex (self, element, v, &p);
      to_view (viewport, &p, &x, &y);
      if (v == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  if (element->kind == TSR_ELEMENT_POLYGON)
    cairo_close_path (cr);
}

static const double SELECTED[4] = { 1, 0.62, 0.1, 1 };

static void
set_rgba (cairo_t      *cr,
          const double *rgba)
{
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
}

static void
set_rgba4 (double *rgba,
           double  r,
           double  g,
           double  b,
           double  a)
{
  rgba[0] = r, rgba[1] = g, rgba[2] = b, rgba[3] = a;
}

/* The look of ELEMENT before the style function: what the layer draws for a kind. */
static void
default_style (TsrElementKind  kind,
               TsrVectorStyle *style)
{
  *style = (TsrVectorStyle) { .line_width = 1, .angle = NAN };
  switch (kind)
    {
    case TSR_ELEMENT_POLYGON:
      set_rgba4 (style->fill, 0.25, 0.62, 0.66, 0.45);
      set_rgba4 (style->stroke, 0.85, 0.92, 0.95, 0.8);
      break;
    case TSR_ELEMENT_RECTANGLE:
      set_rgba4 (style->fill, 0.58, 0.40, 0.82, 0.45);
      set_rgba4 (style->stroke, 0.85, 0.92, 0.95, 0.8);
      break;
    case TSR_ELEMENT_SEGMENT:
      set_rgba4 (style->stroke, 0.92, 0.92, 0.92, 1);
      style->line_width = 1.5;
      break;
    case TSR_ELEMENT_POINT:
      set_rgba4 (style->stroke, 0.55, 0.78, 1, 1);
      break;
    case TSR_ELEMENT_MARKER:
      set_rgba4 (style->fill, 0.98, 0.85, 0.25, 1);
      set_rgba4 (style->stroke, 0.1, 0.1, 0.1, 1);
      break;
    case TSR_N_ELEMENT_KINDS:
    default:
      break;
    }
}

/* ELEMENT's look: the kind's default, then the map's own colour and visibility
 * (tsr_vector_map_get_element_style: data of the family, which hit tests honour too), then the
 * view's style function (draw modes, facings, labels). */
static void
element_style (TsrVectorLayer      *self,
               const TsrElementRef *element,
               TsrVectorStyle      *style)
{
  TsrElementStyle own = { { 0 }, FALSE };

  default_style (element->kind, style);
  if (self->iface->get_element_style != NULL && self->iface->get_element_style (self->map, element, &own))
    {
      style->hidden = own.hidden;
      memcpy (style->fill, own.color, sizeof style->fill);
      set_rgba4 (style->stroke, MIN (1, own.color[0] * 1.25 + 0.1), MIN (1, own.color[1] * 1.25 + 0.1),
                 MIN (1, own.color[2] * 1.25 + 0.1), 0.9);
    }
  if (self->style_func != NULL)
    self->style_func (self->map, element, style, self->style_data);
}

static void
draw_label (cairo_t    *cr,
            double      x,
            double      y,
            const char *label)
{
  cairo_text_extents_t extents;

  cairo_set_font_size (cr, 11);
  cairo_text_extents (cr, label, &extents);
  /* A dark halo keeps the text readable on any fill. */
  cairo_move_to (cr, x, y);
  cairo_text_path (cr, label);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.75);
  cairo_set_line_width (cr, 3);
  cairo_stroke (cr);
  cairo_move_to (cr, x, y);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_show_text (cr, label);
}

static void
draw_marker (cairo_t              *cr,
             double                x,
             double                y,
             gboolean              overview,
             const TsrVectorStyle *style,
             gboolean              selected)
{
  double r = overview ? 2.5 : TSR_VECTOR_MARKER_RADIUS;

  if (isnan (style->angle))
    {
      cairo_move_to (cr, x, y - r);
      cairo_line_to (cr, x + r, y);
      cairo_line_to (cr, x, y + r);
      cairo_line_to (cr, x - r, y);
      cairo_close_path (cr);
    }
  else
    cairo_arc (cr, x, y, r * 0.8, 0, 2 * G_PI);
  set_rgba (cr, selected ? SELECTED : style->fill);
  cairo_fill_preserve (cr);
  set_rgba (cr, style->stroke);
  cairo_set_line_width (cr, overview ? 0.5 : 1);
  cairo_stroke (cr);
  if (!isnan (style->angle))
    {
      /* The facing: a tick from the centre out past the rim. */
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + cos (style->angle) * r * 1.7, y + sin (style->angle) * r * 1.7);
      set_rgba (cr, selected ? SELECTED : style->fill);
      cairo_set_line_width (cr, overview ? 1 : 2);
      cairo_stroke (cr);
    }
}

static void
draw_element (TsrVectorLayer       *self,
              cairo_t              *cr,
              const TsrMapViewport *viewport,
              const TsrElementRef  *element,
              gboolean              selected)
{
  gboolean overview = viewport->zoom < self->overview_zoom;
  TsrVectorStyle style;
  TsrVectorPoint p;
  double x = 0, y = 0;

  element_style (self, element, &style);
  if (style.hidden && !selected)
    {
      g_free (style.label);
      return;
    }
  switch (element->kind)
    {
    case TSR_ELEMENT_POLYGON:
    case TSR_ELEMENT_RECTANGLE:
      trace (self, cr, viewport, element);
      if (selected)
        cairo_set_source_rgba (cr, 1, 0.62, 0.1, 0.40);
      else
        set_rgba (cr, style.fill);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, selected ? 2.5 : style.line_width);
      set_rgba (cr, selected ? SELECTED : style.stroke);
      cairo_stroke (cr);
      break;
    case TSR_ELEMENT_SEGMENT:
      trace (self, cr, viewport, element);
      cairo_set_line_width (cr, selected ? MAX (3, style.line_width + 1.5) : style.line_width);
      set_rgba (cr, selected ? SELECTED : style.stroke);
      cairo_stroke (cr);
      break;
    case TSR_ELEMENT_POINT:
      if (overview && !selected)
        break;
      get_vertex (self, element, 0, &p);
      to_view (viewport, &p, &x, &y);
      if (selected)
        {
          cairo_rectangle (cr, x - 3.5, y - 3.5, 7, 7);
          set_rgba (cr, SELECTED);
        }
      else
        {
          cairo_rectangle (cr, x - 2, y - 2, 4, 4);
          set_rgba (cr, style.stroke);
        }
      cairo_fill (cr);
      break;
    case TSR_ELEMENT_MARKER:
      get_vertex (self, element, 0, &p);
      to_view (viewport, &p, &x, &y);
      draw_marker (cr, x, y, overview, &style, selected);
      break;
    case TSR_N_ELEMENT_KINDS:
    default:
      break;
    }
  if (style.label != NULL && !overview)
    {
      if (element->kind != TSR_ELEMENT_MARKER)
        {
          TsrVectorBounds bounds;
          TsrVectorPoint c;

          tsr_vector_map_get_element_bounds (self->map, element, &bounds);
          c = (TsrVectorPoint) { (bounds.x0 + bounds.x1) / 2, (bounds.y0 + bounds.y1) / 2 };
          to_view (viewport, &c, &x, &y);
        }
      else
        x += TSR_VECTOR_MARKER_RADIUS + 3, y += 4;
      draw_label (cr, x, y, style.label);
      self->drew_label = TRUE;
    }
  g_free (style.label);
}

/* Elements of one kind drawn alike: one path, one fill and one stroke for all of them, instead of
 * a cairo operation per element (what makes a level of thousands of polygons affordable). */
typedef struct {
  double  fill[4];
  double  stroke[4];
  double  line_width;
  GArray *elements; /* TsrElementRef */
  GArray *labels;   /* char *, parallel to ELEMENTS (NULL entries: none) */
  GArray *angles;   /* double, parallel to ELEMENTS: markers' facings */
} Batch;

typedef struct {
  double fill[4];
  double stroke[4];
  double line_width;
} BatchLook;

static BatchLook
batch_look (const Batch *batch)
{
  BatchLook look = { .line_width = batch->line_width };

  memcpy (look.fill, batch->fill, sizeof look.fill);
  memcpy (look.stroke, batch->stroke, sizeof look.stroke);
  return look;
}

/* Where BATCH's look is in ORDER (its length if nowhere: after the known ones). */
static guint
batch_rank (const Batch  *batch,
            const GArray *order)
{
  BatchLook look = batch_look (batch);

  for (guint i = 0; i < order->len; i++)
    if (memcmp (&g_array_index (order, BatchLook, i), &look, sizeof look) == 0)
      return i;
  return order->len;
}

static void
batch_clear (gpointer data)
{
  Batch *batch = data;

  for (guint i = 0; i < batch->labels->len; i++)
    g_free (g_array_index (batch->labels, char *, i));
  g_array_unref (batch->labels);
  g_array_unref (batch->angles);
  g_array_unref (batch->elements);
}

static void
add_to_batch (TsrVectorLayer       *self,
              const TsrMapViewport *viewport,
              GArray               *batches,
              const TsrElementRef  *element)
{
  TsrVectorStyle style;
  Batch *batch = NULL;

  element_style (self, element, &style);
  /* A segment below the level of detail is left out, unless it has a label to show. */
  if (style.hidden || (element->kind == TSR_ELEMENT_SEGMENT && style.label == NULL && below_detail (self, viewport, element)))
    {
      g_free (style.label);
      return;
    }
  for (guint b = batches->len; b-- > 0 && batch == NULL;)
    {
      Batch *candidate = &g_array_index (batches, Batch, b);

      if (memcmp (candidate->fill, style.fill, sizeof style.fill) == 0
          && memcmp (candidate->stroke, style.stroke, sizeof style.stroke) == 0
          && candidate->line_width == style.line_width)
        batch = candidate;
    }
  if (batch == NULL)
    {
      Batch fresh = { .line_width = style.line_width };

      memcpy (fresh.fill, style.fill, sizeof fresh.fill);
      memcpy (fresh.stroke, style.stroke, sizeof fresh.stroke);
      fresh.elements = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
      fresh.labels = g_array_new (FALSE, FALSE, sizeof (char *));
      fresh.angles = g_array_new (FALSE, FALSE, sizeof (double));
      g_array_append_val (batches, fresh);
      batch = &g_array_index (batches, Batch, batches->len - 1);
    }
  g_array_append_val (batch->elements, *element);
  g_array_append_val (batch->labels, style.label);
  g_array_append_val (batch->angles, style.angle);
}

static void
draw_batch (TsrVectorLayer       *self,
            cairo_t              *cr,
            const TsrMapViewport *viewport,
            const Batch          *batch)
{
  gboolean overview = viewport->zoom < self->overview_zoom;

  for (guint i = 0; i < batch->elements->len; i++)
    {
      const TsrElementRef *element = &g_array_index (batch->elements, TsrElementRef, i);

      if (element->kind == TSR_ELEMENT_POINT)
        {
          TsrVectorPoint p;
          double x, y;

          if (overview)
            continue;
          get_vertex (self, element, 0, &p);
          to_view (viewport, &p, &x, &y);
          /* On whole pixels: boxes fill without antialiasing, the fast path. */
          cairo_rectangle (cr, round (x) - 2, round (y) - 2, 4, 4);
        }
      else if (element->kind == TSR_ELEMENT_MARKER)
        {
          TsrVectorPoint p;
          double x, y, r = overview ? 2.5 : TSR_VECTOR_MARKER_RADIUS;

          get_vertex (self, element, 0, &p);
          to_view (viewport, &p, &x, &y);
          cairo_new_sub_path (cr);
          if (isnan (g_array_index (batch->angles, double, i)))
            {
              cairo_move_to (cr, x, y - r);
              cairo_line_to (cr, x + r, y);
              cairo_line_to (cr, x, y + r);
              cairo_line_to (cr, x - r, y);
              cairo_close_path (cr);
            }
          else
            cairo_arc (cr, x, y, r * 0.8, 0, 2 * G_PI);
        }
      else
        trace (self, cr, viewport, element);
    }
  /* Every batch holds one element at least, all of one kind. */
  if (g_array_index (batch->elements, TsrElementRef, 0).kind == TSR_ELEMENT_POINT)
    {
      set_rgba (cr, batch->stroke);
      cairo_fill (cr);
    }
  else if (g_array_index (batch->elements, TsrElementRef, 0).kind == TSR_ELEMENT_MARKER)
    {
      set_rgba (cr, batch->fill);
      cairo_fill_preserve (cr);
      set_rgba (cr, batch->stroke);
      cairo_set_line_width (cr, overview ? 0.5 : 1);
      cairo_stroke (cr);
      /* The facings: ticks from the centres out past the rims. */
      for (guint i = 0; i < batch->elements->len; i++)
        {
          double angle = g_array_index (batch->angles, double, i);
          double r = overview ? 2.5 : TSR_VECTOR_MARKER_RADIUS;
          TsrVectorPoint p;
          double x, y;

          if (isnan (angle))
            continue;
          get_vertex (self, &g_array_index (batch->elements, TsrElementRef, i), 0, &p);
          to_view (viewport, &p, &x, &y);
          cairo_move_to (cr, x, y);
          cairo_line_to (cr, x + cos (angle) * r * 1.7, y + sin (angle) * r * 1.7);
        }
      set_rgba (cr, batch->fill);
      cairo_set_line_width (cr, overview ? 1 : 2);
      cairo_stroke (cr);
    }
  else
    {
      gboolean segments = g_array_index (batch->elements, TsrElementRef, 0).kind == TSR_ELEMENT_SEGMENT;

      if (!segments && batch->fill[3] > 0)
        {
          set_rgba (cr, batch->fill);
          cairo_fill_preserve (cr);
        }
      if (!segments && batch->stroke[3] > 0)
        {
          /* Outlines below the level of detail are not stroked: the path again without them. */
          guint small = 0;

          for (guint i = 0; i < batch->elements->len; i++)
            small += below_detail (self, viewport, &g_array_index (batch->elements, TsrElementRef, i));
          if (small > 0)
            {
              cairo_new_path (cr);
              for (guint i = 0; i < batch->elements->len; i++)
                if (!below_detail (self, viewport, &g_array_index (batch->elements, TsrElementRef, i)))
                  trace (self, cr, viewport, &g_array_index (batch->elements, TsrElementRef, i));
            }
        }
      if (batch->stroke[3] > 0)
        {
          set_rgba (cr, batch->stroke);
          cairo_set_line_width (cr, batch->line_width);
          cairo_stroke (cr);
        }
      else
        cairo_new_path (cr);
    }
  if (overview)
    return;
  for (guint i = 0; i < batch->labels->len; i++)
    {
      const char *label = g_array_index (batch->labels, char *, i);
      const TsrElementRef *element = &g_array_index (batch->elements, TsrElementRef, i);
      TsrVectorBounds bounds;
      TsrVectorPoint c;
      double x, y;

      if (label == NULL)
        continue;
      tsr_vector_map_get_element_bounds (self->map, element, &bounds);
      c = (TsrVectorPoint) { (bounds.x0 + bounds.x1) / 2, (bounds.y0 + bounds.y1) / 2 };
      to_view (viewport, &c, &x, &y);
      if (element->kind == TSR_ELEMENT_MARKER)
        x += TSR_VECTOR_MARKER_RADIUS + 3, y += 4;
      draw_label (cr, x, y, label);
      self->drew_label = TRUE;
    }
}

/* The layer's elements onto CR, as far as its clip reaches. With ORDERS (per kind), the batches
 * are drawn in their order (a part of a kept picture) or, with RECORD, their order is stored there
 * (the whole of it). */
static void
draw_content (TsrVectorLayer       *self,
              cairo_t              *cr,
              const TsrMapViewport *viewport,
              GArray              **orders,
              gboolean              record)
{
  TsrCanvasLayer *layer = TSR_CANVAS_LAYER (self);
  /* Drawing order: areas under lines, lines under points and markers. */
  static const TsrElementKind order[] = { TSR_ELEMENT_POLYGON, TSR_ELEMENT_RECTANGLE, TSR_ELEMENT_SEGMENT,
                                          TSR_ELEMENT_POINT, TSR_ELEMENT_MARKER };
  double margin = DRAW_MARGIN / viewport->zoom;
  double vx0 = viewport->x - margin, vy0 = viewport->y - margin;
  double vx1 = viewport->x + viewport->width / viewport->zoom + margin;
  double vy1 = viewport->y + viewport->height / viewport->zoom + margin;
  double cx0, cy0, cx1, cy1, reach, rx0, ry0, rx1, ry1;

  /* Only what the clip (the damaged part of the view) shows. */
  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
  vx0 = MAX (vx0, viewport->x + cx0 / viewport->zoom - margin);
  vy0 = MAX (vy0, viewport->y + cy0 / viewport->zoom - margin);
  vx1 = MIN (vx1, viewport->x + cx1 / viewport->zoom + margin);
  vy1 = MIN (vy1, viewport->y + cy1 / viewport->zoom + margin);
  /* Labels of elements a little outside may still reach in. */
  reach = LABEL_REACH / viewport->zoom;
  rx0 = vx0 - reach, ry0 = vy0 - reach, rx1 = vx1 + reach, ry1 = vy1 + reach;

  self->n_drawn = 0;
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (self->background)
    {
      TsrVectorBounds bounds;

      vector_layer_get_bounds (layer, &bounds);
      if (!tsr_vector_bounds_is_empty (&bounds))
        {
          TsrVectorPoint a = { bounds.x0, bounds.y0 }, b = { bounds.x1, bounds.y1 };
          double x0, y0, x1, y1;

          to_view (viewport, &a, &x0, &y0);
          to_view (viewport, &b, &x1, &y1);
          cairo_rectangle (cr, x0 - DRAW_MARGIN, y0 - DRAW_MARGIN, x1 - x0 + 2 * DRAW_MARGIN, y1 - y0 + 2 * DRAW_MARGIN);
          cairo_set_source_rgb (cr, 0.17, 0.18, 0.2);
          cairo_fill (cr);
        }
    }
  for (guint o = 0; o < G_N_ELEMENTS (order); o++)
    {
      TsrElementKind kind = order[o];
      g_autoptr(GArray) selected = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
      g_autoptr(GArray) batches = g_array_new (FALSE, FALSE, sizeof (Batch));

      g_array_set_clear_func (batches, batch_clear);
      for (guint i = 0; i < self->bounds[kind]->len; i++)
        {
          const TsrVectorBounds *b = &g_array_index (self->bounds[kind], TsrVectorBounds, i);
          TsrElementRef ref = { kind, i };

          if (tsr_vector_bounds_is_empty (b) || b->x1 < rx0 || b->x0 > rx1 || b->y1 < ry0 || b->y0 > ry1)
            continue;
          if (b->x1 < vx0 || b->x0 > vx1 || b->y1 < vy0 || b->y0 > vy1)
            {
              /* Near, not in: drawn only for a label (the clip keeps the rest out). */
              TsrVectorStyle style;
              gboolean labelled;

              element_style (self, &ref, &style);
              labelled = style.label != NULL && !style.hidden;
              g_free (style.label);
              if (!labelled)
                continue;
            }
          self->n_drawn++;
          if (self->selection != NULL && tsr_selection_contains (self->selection, &ref))
            g_array_append_val (selected, ref);
          else
            add_to_batch (self, viewport, batches, &ref);
        }
      if (orders != NULL && record)
        {
          g_array_set_size (orders[kind], 0);
          for (guint b = 0; b < batches->len; b++)
            {
              BatchLook look = batch_look (&g_array_index (batches, Batch, b));

              g_array_append_val (orders[kind], look);
            }
        }
      else if (orders != NULL)
        {
          /* Few batches (one per look): sorting by insertion is plenty. */
          for (guint b = 1; b < batches->len; b++)
            for (guint c = b; c > 0 && batch_rank (&g_array_index (batches, Batch, c), orders[kind])
                                       < batch_rank (&g_array_index (batches, Batch, c - 1), orders[kind]); c--)
              {
                Batch swap = g_array_index (batches, Batch, c);

                g_array_index (batches, Batch, c) = g_array_index (batches, Batch, c - 1);
                g_array_index (batches, Batch, c - 1) = swap;
              }
        }
      for (guint b = 0; b < batches->len; b++)
        draw_batch (self, cr, viewport, &g_array_index (batches, Batch, b));
      /* Selected elements over the others of their kind. */
      for (guint i = 0; i < selected->len; i++)
        draw_element (self, cr, viewport, &g_array_index (selected, TsrElementRef, i), TRUE);
    }
  cairo_restore (cr);
}

static void
cache_clear (Cache *cache)
{
  g_clear_pointer (&cache->picture, tsr_canvas_picture_free);
  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    g_clear_pointer (&cache->order[kind], g_array_unref);
}

/* How well CACHE serves VIEWPORT: 3 it holds it, 2 it holds it panned (same zoom and size), 1 it
 * holds a view of its size (its surface serves), 0 not. */
static int
cache_fit (Cache                *cache,
           const TsrMapViewport *viewport)
{
  const TsrMapViewport *kept;

  if (cache->picture == NULL || !tsr_canvas_picture_is_valid (cache->picture))
    return 0;
  kept = tsr_canvas_picture_get_viewport (cache->picture);
  if (tsr_map_viewport_equal (kept, viewport))
    return 3;
  if (kept->width != viewport->width || kept->height != viewport->height || kept->scale_factor != viewport->scale_factor)
    return 0;
  return kept->zoom == viewport->zoom ? 2 : 1;
}

/* Whether a kept picture is VIEWPORT or pans to it (the rest is drawn whole, or zoomed). */
static gboolean
keeps_view (TsrVectorLayer       *self,
            const TsrMapViewport *viewport)
{
  for (guint c = 0; c < N_CACHES; c++)
    {
      int fit = cache_fit (&self->caches[c], viewport);

      if (fit == 3 || (fit == 2 && tsr_canvas_picture_can_move_to (self->caches[c].picture, viewport)))
        return TRUE;
    }
  return FALSE;
}

typedef struct {
  TsrVectorLayer       *self;
  const TsrMapViewport *viewport;
  GArray              **orders;
  gboolean              whole;
} CacheDraw;

static void
cache_draw_part (cairo_t *cr,
                 gpointer user_data)
{
  CacheDraw *draw = user_data;

  draw_content (draw->self, cr, draw->viewport, draw->orders, draw->whole);
}

/* The cache for VIEWPORT, brought up to date: the one kept for it (or for it panned) with its dirty
 * areas drawn again, or the least recently used one drawn whole. */
static Cache *
cache_update (TsrVectorLayer       *self,
              const TsrMapViewport *viewport)
{
  Cache *cache = &self->caches[0];
  int best = MAX (cache_fit (cache, viewport), 1);
  gboolean whole;

  /* A view drawn whole goes into the least recently used picture, of whatever size: the one the
   * last frame painted is held by that frame's node, and drawing into it would copy it first. */
  for (guint c = 1; c < N_CACHES; c++)
    {
      int fit = MAX (cache_fit (&self->caches[c], viewport), 1);

      if (fit > best || (fit == best && self->caches[c].used < cache->used))
        cache = &self->caches[c], best = fit;
    }
  if (cache->picture == NULL)
    cache->picture = tsr_canvas_picture_new (CAIRO_FORMAT_ARGB32);
  whole = tsr_canvas_picture_move_to (cache->picture, viewport);
  if (tsr_canvas_picture_is_dirty (cache->picture))
    {
      CacheDraw draw = { self, viewport, cache->order, whole };

      for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
        if (cache->order[kind] == NULL)
          cache->order[kind] = g_array_new (FALSE, FALSE, sizeof (BatchLook));
      if (whole)
        cache->labels = FALSE;
      self->drew_label = FALSE;
      tsr_canvas_picture_draw (cache->picture, cache_draw_part, &draw);
      cache->labels |= self->drew_label;
    }
  return cache;
}

/* The part of the view CACHE may hold ink in (view pixels, clipped to the view): the elements'
 * bounds widened by what drawing adds (line widths, markers, the background's margin) and, once
 * labels were drawn, by how far a label reaches. FALSE when that is nothing. */
static gboolean
painted_area (TsrVectorLayer        *self,
              Cache                 *cache,
              const TsrMapViewport  *viewport,
              cairo_rectangle_int_t *area)
{
  TsrVectorBounds bounds;
  double margin = DRAW_MARGIN + 1 + (cache->labels ? LABEL_REACH : 0);
  double x0, y0, x1, y1;

  vector_layer_get_bounds (TSR_CANVAS_LAYER (self), &bounds);
  if (tsr_vector_bounds_is_empty (&bounds))
    return FALSE;
  x0 = MAX (floor ((bounds.x0 - viewport->x) * viewport->zoom - margin), 0);
  y0 = MAX (floor ((bounds.y0 - viewport->y) * viewport->zoom - margin), 0);
  x1 = MIN (ceil ((bounds.x1 - viewport->x) * viewport->zoom + margin), viewport->width);
  y1 = MIN (ceil ((bounds.y1 - viewport->y) * viewport->zoom + margin), viewport->height);
  if (x1 <= x0 || y1 <= y0)
    return FALSE;
  *area = (cairo_rectangle_int_t) { (int) x0, (int) y0, (int) (x1 - x0), (int) (y1 - y0) };
  return TRUE;
}

static gboolean
vector_layer_draw (TsrCanvasLayer       *layer,
                   cairo_t              *cr,
                   const TsrMapViewport *viewport)
{
  TsrVectorLayer *self = TSR_VECTOR_LAYER (layer);
  cairo_rectangle_int_t area;
  Cache *cache;

  if (!self->cached || viewport->width <= 0 || viewport->height <= 0)
    {
      draw_content (self, cr, viewport, NULL, FALSE);
      return TRUE;
    }
  if (self->zoom_stand_ins && !keeps_view (self, viewport))
    {
      /* A zoom: the latest picture of this size, kept for another zoom (or for this zoom about
       * another point), scaled at once and drawn anew in bands over the next frames (the canvas
       * asks again while this returns FALSE). */
      cache = NULL;
      for (guint c = 0; c < N_CACHES; c++)
        if (cache_fit (&self->caches[c], viewport) > 0 && tsr_canvas_picture_can_zoom (self->caches[c].picture, viewport)
            && (cache == NULL || self->caches[c].used > cache->used))
          cache = &self->caches[c];
      if (cache != NULL)
        {
          CacheDraw draw = { self, viewport, cache->order, FALSE };
          gboolean final;

          cache->used = ++self->frames;
          self->drew_label = FALSE;
          if (!painted_area (self, cache, viewport, &area))
            area = (cairo_rectangle_int_t) { 0, 0, 0, 0 };
          final = tsr_canvas_picture_zoom_frame (cache->picture, cr, viewport, &area, cache_draw_part, &draw);
          cache->labels |= self->drew_label;
          return final;
        }
    }
  cache = cache_update (self, viewport);
  cache->used = ++self->frames;
  /* Only where it may have drawn (at fit the map is a part of the view, and a blit is per pixel). */
  if (painted_area (self, cache, viewport, &area))
    tsr_canvas_picture_paint (cache->picture, cr, &area);
  return TRUE;
}

/* AREA (map units) changed: every kept viewport draws it again; NULL: everything. */
static void
invalidate (TsrVectorLayer        *self,
            const TsrVectorBounds *area)
{
  for (guint c = 0; c < N_CACHES; c++)
    if (self->caches[c].picture != NULL)
      tsr_canvas_picture_invalidate (self->caches[c].picture, area, DRAW_MARGIN);
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), area);
}

static void
tsr_vector_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_kind = vector_layer_get_kind;
  iface->get_bounds = vector_layer_get_bounds;
  iface->draw = vector_layer_draw;
}

static void
on_elements_changed (TsrVectorMap        *map,
                     const TsrElementRef *elements,
                     guint                n_elements,
                     guint                flags,
                     TsrVectorLayer      *self)
{
  TsrVectorBounds area, before;

  if (flags & TSR_ELEMENTS_STRUCTURE)
    {
      /* Indices shifted: everything may have moved in the arrays. */
      rebuild_bounds (self);
      tsr_canvas_layer_bounds_changed (TSR_CANVAS_LAYER (self));
      invalidate (self, NULL);
      return;
    }
  /* Where the elements were and where they are now. */
  vector_layer_get_bounds (TSR_CANVAS_LAYER (self), &before);
  tsr_vector_bounds_init_empty (&area);
  for (guint i = 0; i < n_elements; i++)
    {
      TsrVectorBounds *cached;

      if (elements[i].kind >= TSR_N_ELEMENT_KINDS || elements[i].index >= self->bounds[elements[i].kind]->len)
        continue;
      cached = &g_array_index (self->bounds[elements[i].kind], TsrVectorBounds, elements[i].index);
      tsr_vector_bounds_union (&area, cached);
      tsr_vector_map_get_element_bounds (map, &elements[i], cached);
      tsr_vector_bounds_union (&area, cached);
    }
  {
    TsrVectorBounds after;

    self->total_valid = FALSE;
    vector_layer_get_bounds (TSR_CANVAS_LAYER (self), &after);
    if (before.x0 != after.x0 || before.y0 != after.y0 || before.x1 != after.x1 || before.y1 != after.y1)
      tsr_canvas_layer_bounds_changed (TSR_CANVAS_LAYER (self));
  }
  if (!tsr_vector_bounds_is_empty (&area))
    invalidate (self, &area);
}

static void
on_selection_changed (TsrSelection   *selection,
                      TsrVectorLayer *self)
{
  invalidate (self, NULL);
}

static void
tsr_vector_layer_dispose (GObject *object)
{
  TsrVectorLayer *self = TSR_VECTOR_LAYER (object);

  tsr_vector_layer_set_selection (self, NULL);
  if (self->map != NULL)
    g_clear_signal_handler (&self->elements_changed_id, self->map);
  g_clear_object (&self->map);
  G_OBJECT_CLASS (tsr_vector_layer_parent_class)->dispose (object);
}

static void
tsr_vector_layer_finalize (GObject *object)
{
  TsrVectorLayer *self = TSR_VECTOR_LAYER (object);

  if (self->style_destroy != NULL)
    self->style_destroy (self->style_data);
  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    g_array_unref (self->bounds[kind]);
  for (guint c = 0; c < N_CACHES; c++)
    cache_clear (&self->caches[c]);
  G_OBJECT_CLASS (tsr_vector_layer_parent_class)->finalize (object);
}

static void
tsr_vector_layer_class_init (TsrVectorLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_vector_layer_dispose;
  G_OBJECT_CLASS (klass)->finalize = tsr_vector_layer_finalize;
}

static void
tsr_vector_layer_init (TsrVectorLayer *self)
{
  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    self->bounds[kind] = g_array_new (FALSE, FALSE, sizeof (TsrVectorBounds));
  self->background = TRUE;
  self->overview_zoom = 0.5;
  self->detail_limit = DETAIL_LIMIT;
}

TsrVectorLayer *
tsr_vector_layer_new (TsrVectorMap *map)
{
  TsrVectorLayer *self;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (map), NULL);

  self = g_object_new (TSR_TYPE_VECTOR_LAYER, NULL);
  self->map = g_object_ref (map);
  self->iface = TSR_VECTOR_MAP_GET_IFACE (map);
  self->elements_changed_id = g_signal_connect (map, "elements-changed", G_CALLBACK (on_elements_changed), self);
  rebuild_bounds (self);
  return self;
}

TsrVectorMap *
tsr_vector_layer_get_map (TsrVectorLayer *self)
{
  g_return_val_if_fail (TSR_IS_VECTOR_LAYER (self), NULL);
  return self->map;
}

void
tsr_vector_layer_set_selection (TsrVectorLayer *self,
                                TsrSelection   *selection)
{
  g_return_if_fail (TSR_IS_VECTOR_LAYER (self));

  if (self->selection == selection)
    return;
  if (self->selection != NULL)
    g_clear_signal_handler (&self->selection_changed_id, self->selection);
  g_set_object (&self->selection, selection);
  if (selection != NULL)
    self->selection_changed_id = g_signal_connect (selection, "changed", G_CALLBACK (on_selection_changed), self);
  if (self->map != NULL)
    invalidate (self, NULL);
}

void
tsr_vector_layer_set_background (TsrVectorLayer *self,
                                 gboolean        background)
{
  g_return_if_fail (TSR_IS_VECTOR_LAYER (self));
  if (self->background == !!background)
    return;
  self->background = !!background;
  invalidate (self, NULL);
}

guint
tsr_vector_layer_get_n_drawn (TsrVectorLayer *self)
{
  g_return_val_if_fail (TSR_IS_VECTOR_LAYER (self), 0);
  return self->n_drawn;
}

void
tsr_vector_layer_set_style_func (TsrVectorLayer    *self,
                                 TsrVectorStyleFunc func,
                                 gpointer           user_data,
                                 GDestroyNotify     destroy)
{
  g_return_if_fail (TSR_IS_VECTOR_LAYER (self));
  if (self->style_destroy != NULL)
    self->style_destroy (self->style_data);
  self->style_func = func;
  self->style_data = user_data;
  self->style_destroy = destroy;
  invalidate (self, NULL);
}

void
tsr_vector_layer_set_overview_zoom (TsrVectorLayer *self,
                                    double          zoom)
{
  g_return_if_fail (TSR_IS_VECTOR_LAYER (self));
  if (self->overview_zoom == zoom)
    return;
  self->overview_zoom = zoom;
  invalidate (self, NULL);
}

void
tsr_vector_layer_restyle (TsrVectorLayer *self)
{
  g_return_if_fail (TSR_IS_VECTOR_LAYER (self));
  invalidate (self, NULL);
}

void
tsr_vector_layer_set_zoom_stand_ins (TsrVectorLayer *self,
                                     gboolean        stand_ins)
{
  g_return_if_fail (TSR_IS_VECTOR_LAYER (self));
  self->zoom_stand_ins = !!stand_ins;
}

void
tsr_vector_layer_set_cached (TsrVectorLayer *self,
                             gboolean        cached)
{
  g_return_if_fail (TSR_IS_VECTOR_LAYER (self));
  if (self->cached == !!cached)
    return;
  self->cached = !!cached;
  for (guint c = 0; c < N_CACHES; c++)
    cache_clear (&self->caches[c]);
}

void
tsr_vector_layer_set_detail_limit (TsrVectorLayer *self,
                                   double          limit)
{
  g_return_if_fail (TSR_IS_VECTOR_LAYER (self));
  if (self->detail_limit == limit)
    return;
  self->detail_limit = limit;
  invalidate (self, NULL);
}
