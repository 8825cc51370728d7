/* tsr-vector-map.c: the TsrVectorMap interface, its signal, and the geometry every implementation
 * shares: bounds, hit testing, rubber-band queries, dependents and the vertex store of moves. */
#include "edit/tsr-vector-map.h"

#include "model/tsr-command.h"

#include <math.h>

G_DEFINE_ENUM_TYPE (TsrElementKind, tsr_element_kind,
                    G_DEFINE_ENUM_VALUE (TSR_ELEMENT_POINT, "point"),
                    G_DEFINE_ENUM_VALUE (TSR_ELEMENT_SEGMENT, "segment"),
                    G_DEFINE_ENUM_VALUE (TSR_ELEMENT_POLYGON, "polygon"),
                    G_DEFINE_ENUM_VALUE (TSR_ELEMENT_RECTANGLE, "rectangle"),
                    G_DEFINE_ENUM_VALUE (TSR_ELEMENT_MARKER, "marker"))

G_DEFINE_INTERFACE (TsrVectorMap, tsr_vector_map, G_TYPE_OBJECT)

enum {
  ELEMENTS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
tsr_vector_map_default_init (TsrVectorMapInterface *iface)
{
  /* After a command changed elements: (const TsrElementRef *elements, guint n_elements,
   * TsrElementsChange flags). Views redraw the area of those elements only. */
  signals[ELEMENTS_CHANGED] = g_signal_new ("elements-changed", G_TYPE_FROM_INTERFACE (iface),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                            3, G_TYPE_POINTER, G_TYPE_UINT, G_TYPE_UINT);
}

GBytes *
tsr_vector_map_get_element_data (TsrVectorMap        *self,
                                 const TsrElementRef *element)
{
  TsrVectorMapInterface *iface;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), NULL);
  iface = TSR_VECTOR_MAP_GET_IFACE (self);
  return iface->get_element_data != NULL ? iface->get_element_data (self, element) : NULL;
}

void
tsr_vector_map_set_element_data (TsrVectorMap        *self,
                                 const TsrElementRef *element,
                                 GBytes              *data)
{
  TsrVectorMapInterface *iface;

  g_return_if_fail (TSR_IS_VECTOR_MAP (self));
  iface = TSR_VECTOR_MAP_GET_IFACE (self);
  if (iface->set_element_data != NULL && data != NULL)
    iface->set_element_data (self, element, data);
}

gint
tsr_element_ref_compare (const TsrElementRef *a,
                         const TsrElementRef *b)
{
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  if (a->index != b->index)
    return a->index < b->index ? -1 : 1;
  return 0;
}

gboolean
tsr_element_ref_equal (const TsrElementRef *a,
                       const TsrElementRef *b)
{
  return a->kind == b->kind && a->index == b->index;
}

void
tsr_vector_bounds_init_empty (TsrVectorBounds *bounds)
{
  *bounds = (TsrVectorBounds) { 0, 0, -1, -1 };
}

gboolean
tsr_vector_bounds_is_empty (const TsrVectorBounds *bounds)
{
  return bounds->x1 < bounds->x0 || bounds->y1 < bounds->y0;
}

void
tsr_vector_bounds_add_point (TsrVectorBounds *bounds,
                             double           x,
                             double           y)
{
  if (tsr_vector_bounds_is_empty (bounds))
    {
      *bounds = (TsrVectorBounds) { x, y, x, y };
      return;
    }
  bounds->x0 = MIN (bounds->x0, x);
  bounds->y0 = MIN (bounds->y0, y);
  bounds->x1 = MAX (bounds->x1, x);
  bounds->y1 = MAX (bounds->y1, y);
}

void
tsr_vector_bounds_union (TsrVectorBounds       *bounds,
                         const TsrVectorBounds *other)
{
  if (tsr_vector_bounds_is_empty (other))
    return;
  tsr_vector_bounds_add_point (bounds, other->x0, other->y0);
  tsr_vector_bounds_add_point (bounds, other->x1, other->y1);
}

TsrVectorBounds
tsr_vector_bounds_from_corners (double x0,
                                double y0,
                                double x1,
                                double y1)
{
  return (TsrVectorBounds) { MIN (x0, x1), MIN (y0, y1), MAX (x0, x1), MAX (y0, y1) };
}

const char *
tsr_vector_map_get_family (TsrVectorMap *self)
{
  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), NULL);
  return TSR_VECTOR_MAP_GET_IFACE (self)->get_family (self);
}

guint
tsr_vector_map_get_n_elements (TsrVectorMap  *self,
                               TsrElementKind kind)
{
  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), 0);
  g_return_val_if_fail (kind < TSR_N_ELEMENT_KINDS, 0);
  return TSR_VECTOR_MAP_GET_IFACE (self)->get_n_elements (self, kind);
}

gboolean
tsr_vector_map_contains (TsrVectorMap        *self,
                         const TsrElementRef *element)
{
  return element->kind < TSR_N_ELEMENT_KINDS
         && element->index < tsr_vector_map_get_n_elements (self, element->kind);
}

guint
tsr_vector_map_get_n_vertices (TsrVectorMap        *self,
                               const TsrElementRef *element)
{
  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), 0);
  return TSR_VECTOR_MAP_GET_IFACE (self)->get_n_vertices (self, element);
}

void
tsr_vector_map_get_vertex (TsrVectorMap        *self,
                           const TsrElementRef *element,
                           guint                vertex,
                           TsrVectorPoint      *position)
{
  g_return_if_fail (TSR_IS_VECTOR_MAP (self));
  TSR_VECTOR_MAP_GET_IFACE (self)->get_vertex (self, element, vertex, position);
}

guint
tsr_vector_map_get_vertex_point (TsrVectorMap        *self,
                                 const TsrElementRef *element,
                                 guint                vertex)
{
  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), G_MAXUINT);
  return TSR_VECTOR_MAP_GET_IFACE (self)->get_vertex_point (self, element, vertex);
}

void
tsr_vector_map_set_vertex (TsrVectorMap         *self,
                           const TsrElementRef  *element,
                           guint                 vertex,
                           const TsrVectorPoint *position)
{
  g_return_if_fail (TSR_IS_VECTOR_MAP (self));
  TSR_VECTOR_MAP_GET_IFACE (self)->set_vertex (self, element, vertex, position);
}

gpointer
tsr_vector_map_remove_elements (TsrVectorMap        *self,
                                const TsrElementRef *elements,
                                guint                n_elements)
{
  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), NULL);
  return TSR_VECTOR_MAP_GET_IFACE (self)->remove_elements (self, elements, n_elements);
}

void
tsr_vector_map_restore_removed (TsrVectorMap *self,
                                gpointer      removed)
{
  g_return_if_fail (TSR_IS_VECTOR_MAP (self));
  TSR_VECTOR_MAP_GET_IFACE (self)->restore_removed (self, removed);
}

void
tsr_vector_map_free_removed (TsrVectorMap *self,
                             gpointer      removed)
{
  g_return_if_fail (TSR_IS_VECTOR_MAP (self));
  if (removed != NULL)
    TSR_VECTOR_MAP_GET_IFACE (self)->free_removed (self, removed);
}

guint
tsr_vector_map_append_element (TsrVectorMap         *self,
                               TsrElementKind        kind,
                               guint                 n_vertices,
                               const TsrVectorPoint *positions,
                               const guint          *points)
{
  TsrVectorMapInterface *iface;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), G_MAXUINT);
  iface = TSR_VECTOR_MAP_GET_IFACE (self);
  if (iface->append_element == NULL)
    return G_MAXUINT;
  return iface->append_element (self, kind, n_vertices, positions, points);
}

guint
tsr_vector_map_append_element_with_data (TsrVectorMap         *self,
                                         TsrElementKind        kind,
                                         guint                 n_vertices,
                                         const TsrVectorPoint *positions,
                                         const guint          *points,
                                         GBytes               *data)
{
  TsrVectorMapInterface *iface;
  guint index;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), G_MAXUINT);
  iface = TSR_VECTOR_MAP_GET_IFACE (self);
  if (iface->append_element_with_data != NULL)
    return iface->append_element_with_data (self, kind, n_vertices, positions, points, data);
  index = tsr_vector_map_append_element (self, kind, n_vertices, positions, points);
  if (index != G_MAXUINT)
    {
      TsrElementRef ref = { kind, index };

      tsr_vector_map_set_element_data (self, &ref, data);
    }
  return index;
}

gboolean
tsr_vector_map_get_element_style (TsrVectorMap        *self,
                                  const TsrElementRef *element,
                                  TsrElementStyle     *style)
{
  TsrVectorMapInterface *iface;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), FALSE);
  iface = TSR_VECTOR_MAP_GET_IFACE (self);
  return iface->get_element_style != NULL && iface->get_element_style (self, element, style);
}

gboolean
tsr_vector_map_is_element_hidden (TsrVectorMap        *self,
                                  const TsrElementRef *element)
{
  TsrElementStyle style = { { 0 }, FALSE };

  return tsr_vector_map_get_element_style (self, element, &style) && style.hidden;
}

void
tsr_vector_map_get_element_bounds (TsrVectorMap        *self,
                                   const TsrElementRef *element,
                                   TsrVectorBounds     *bounds)
{
  guint n = tsr_vector_map_get_n_vertices (self, element);

  tsr_vector_bounds_init_empty (bounds);
  for (guint i = 0; i < n; i++)
    {
      TsrVectorPoint p;

      tsr_vector_map_get_vertex (self, element, i, &p);
      tsr_vector_bounds_add_point (bounds, p.x, p.y);
    }
}

void
tsr_vector_map_get_bounds (TsrVectorMap    *self,
                           TsrVectorBounds *bounds)
{
  tsr_vector_bounds_init_empty (bounds);
  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    {
      guint n = tsr_vector_map_get_n_elements (self, kind);

      for (guint i = 0; i < n; i++)
        {
          TsrElementRef ref = { kind, i };
          TsrVectorBounds element;

          tsr_vector_map_get_element_bounds (self, &ref, &element);
          tsr_vector_bounds_union (bounds, &element);
        }
    }
}

static double
distance_to_segment (double                px,
                     double                py,
                     const TsrVectorPoint *a,
                     const TsrVectorPoint *b)
{
  double dx = b->x - a->x, dy = b->y - a->y;
  double length2 = dx * dx + dy * dy;
  double t = length2 > 0 ? ((px - a->x) * dx + (py - a->y) * dy) / length2 : 0;

  t = CLAMP (t, 0.0, 1.0);
  return hypot (px - (a->x + t * dx), py - (a->y + t * dy));
}

/* Reads ELEMENT's vertices into POINTS (a TsrVectorPoint array, reused between calls). */
static void
read_vertices (TsrVectorMap        *self,
               const TsrElementRef *element,
               GArray              *points)
{
  guint n = tsr_vector_map_get_n_vertices (self, element);

  g_array_set_size (points, n);
  for (guint i = 0; i < n; i++)
    tsr_vector_map_get_vertex (self, element, i, &g_array_index (points, TsrVectorPoint, i));
}

/* A rectangle's two corners as its four, in order around it. */
static void
rectangle_corners (GArray *points)
{
  TsrVectorPoint a = g_array_index (points, TsrVectorPoint, 0);
  TsrVectorPoint b = g_array_index (points, TsrVectorPoint, 1);
  TsrVectorPoint corners[4] = { a, { b.x, a.y }, b, { a.x, b.y } };

  g_array_set_size (points, 0);
  g_array_append_vals (points, corners, 4);
}

/* Even-odd rule. */
static gboolean
ring_contains (GArray *points,
               double  x,
               double  y)
{
  gboolean inside = FALSE;

  for (guint i = 0, j = points->len - 1; i < points->len; j = i++)
    {
      const TsrVectorPoint *a = &g_array_index (points, TsrVectorPoint, i);
      const TsrVectorPoint *b = &g_array_index (points, TsrVectorPoint, j);

      if ((a->y > y) != (b->y > y) && x < (b->x - a->x) * (y - a->y) / (b->y - a->y) + a->x)
        inside = !inside;
    }
  return inside;
}

static double
ring_area (GArray *points)
{
  double twice = 0;

  for (guint i = 0, j = points->len - 1; i < points->len; j = i++)
    {
      const TsrVectorPoint *a = &g_array_index (points, TsrVectorPoint, i);
      const TsrVectorPoint *b = &g_array_index (points, TsrVectorPoint, j);

      twice += (b->x + a->x) * (b->y - a->y);
    }
  return fabs (twice) / 2;
}

static double
ring_distance (GArray *points,
               double  x,
               double  y)
{
  double best = INFINITY;

  for (guint i = 0, j = points->len - 1; i < points->len; j = i++)
    best = MIN (best, distance_to_segment (x, y, &g_array_index (points, TsrVectorPoint, j),
                                           &g_array_index (points, TsrVectorPoint, i)));
  return best;
}

gboolean
tsr_vector_map_hit_test (TsrVectorMap  *self,
                         double         x,
                         double         y,
                         double         tolerance,
                         double         zoom,
                         guint          kinds,
                         TsrElementRef *hit)
{
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (TsrVectorPoint));
  double reach, marker_reach;
  gint best_class = G_MAXINT;
  double best_measure = INFINITY;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), FALSE);
  g_return_val_if_fail (zoom > 0, FALSE);

  reach = tolerance / zoom;
  marker_reach = (tolerance + TSR_VECTOR_MARKER_RADIUS) / zoom;
  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    {
      guint n;

      if ((kinds & TSR_ELEMENT_MASK (kind)) == 0)
        continue;
      n = tsr_vector_map_get_n_elements (self, kind);
      for (guint i = 0; i < n; i++)
        {
          TsrElementRef ref = { kind, i };
          gint class = G_MAXINT;
          double measure = INFINITY;

          read_vertices (self, &ref, points);
          if (points->len == 0 || tsr_vector_map_is_element_hidden (self, &ref))
            continue;
          if (kind == TSR_ELEMENT_POINT || kind == TSR_ELEMENT_MARKER)
            {
              const TsrVectorPoint *p = &g_array_index (points, TsrVectorPoint, 0);
              double d = hypot (x - p->x, y - p->y);

              if (d <= (kind == TSR_ELEMENT_MARKER ? marker_reach : reach))
                class = 0, measure = d;
            }
          else if (kind == TSR_ELEMENT_SEGMENT)
            {
              double d = points->len < 2 ? INFINITY
                         : distance_to_segment (x, y, &g_array_index (points, TsrVectorPoint, 0),
                                                &g_array_index (points, TsrVectorPoint, 1));
              if (d <= reach)
                class = 1, measure = d;
            }
          else
            {
              double d;

              if (kind == TSR_ELEMENT_RECTANGLE)
                {
                  if (points->len < 2)
                    continue;
                  rectangle_corners (points);
                }
              d = ring_distance (points, x, y);
              if (d <= reach)
                class = 2, measure = d;
              else if (points->len >= 3 && ring_contains (points, x, y))
                class = 3, measure = ring_area (points);
            }
          /* Ties go to the later element: it is drawn on top. */
          if (class < best_class || (class == best_class && class != G_MAXINT && measure <= best_measure))
            {
              best_class = class;
              best_measure = measure;
              if (hit != NULL)
                *hit = ref;
            }
        }
    }
  return best_class != G_MAXINT;
}

GArray *
tsr_vector_map_elements_in (TsrVectorMap          *self,
                            const TsrVectorBounds *area,
                            guint                  kinds)
{
  GArray *result = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), result);

  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    {
      guint n;

      if ((kinds & TSR_ELEMENT_MASK (kind)) == 0)
        continue;
      n = tsr_vector_map_get_n_elements (self, kind);
      for (guint i = 0; i < n; i++)
        {
          TsrElementRef ref = { kind, i };
          TsrVectorBounds bounds;

          tsr_vector_map_get_element_bounds (self, &ref, &bounds);
          if (!tsr_vector_bounds_is_empty (&bounds) && !tsr_vector_map_is_element_hidden (self, &ref)
              && bounds.x0 >= area->x0 && bounds.y0 >= area->y0
              && bounds.x1 <= area->x1 && bounds.y1 <= area->y1)
            g_array_append_val (result, ref);
        }
    }
  return result;
}

/* A bitmap of point indices. */
static guint8 *
point_set_new (TsrVectorMap *self)
{
  return g_malloc0 (tsr_vector_map_get_n_elements (self, TSR_ELEMENT_POINT) / 8 + 1);
}

static gboolean
point_set_contains (const guint8 *set,
                    guint         n_points,
                    guint         point)
{
  return point < n_points && (set[point / 8] & (1u << (point % 8))) != 0;
}

static void
point_set_add (guint8 *set,
               guint   n_points,
               guint   point)
{
  if (point < n_points)
    set[point / 8] |= 1u << (point % 8);
}

/* Whether ELEMENT has a vertex in POINTS. */
static gboolean
uses_point_in (TsrVectorMap        *self,
               const TsrElementRef *element,
               const guint8        *points,
               guint                n_points)
{
  guint n = tsr_vector_map_get_n_vertices (self, element);

  for (guint v = 0; v < n; v++)
    if (point_set_contains (points, n_points, tsr_vector_map_get_vertex_point (self, element, v)))
      return TRUE;
  return FALSE;
}

static void
sort_unique (GArray *refs)
{
  guint out = 0;

  g_array_sort (refs, (GCompareFunc) tsr_element_ref_compare);
  for (guint i = 0; i < refs->len; i++)
    if (out == 0 || !tsr_element_ref_equal (&g_array_index (refs, TsrElementRef, out - 1),
                                            &g_array_index (refs, TsrElementRef, i)))
      g_array_index (refs, TsrElementRef, out++) = g_array_index (refs, TsrElementRef, i);
  g_array_set_size (refs, out);
}

GArray *
tsr_vector_map_close_over_dependents (TsrVectorMap        *self,
                                      const TsrElementRef *elements,
                                      guint                n_elements)
{
  GArray *result = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  guint n_points = tsr_vector_map_get_n_elements (self, TSR_ELEMENT_POINT);
  g_autofree guint8 *points = point_set_new (self);
  gboolean any_point = FALSE;

  g_array_append_vals (result, elements, n_elements);
  for (guint i = 0; i < n_elements; i++)
    if (elements[i].kind == TSR_ELEMENT_POINT)
      {
        point_set_add (points, n_points, elements[i].index);
        any_point = TRUE;
      }
  if (any_point)
    for (guint kind = TSR_ELEMENT_SEGMENT; kind <= TSR_ELEMENT_POLYGON; kind++)
      {
        guint n = tsr_vector_map_get_n_elements (self, kind);

        for (guint i = 0; i < n; i++)
          {
            TsrElementRef ref = { kind, i };

            if (uses_point_in (self, &ref, points, n_points))
              g_array_append_val (result, ref);
          }
      }
  sort_unique (result);
  if (TSR_VECTOR_MAP_GET_IFACE (self)->add_dependents != NULL)
    {
      TSR_VECTOR_MAP_GET_IFACE (self)->add_dependents (self, result);
      sort_unique (result);
    }
  return result;
}

GArray *
tsr_vector_map_close_over_requirements (TsrVectorMap        *self,
                                        const TsrElementRef *elements,
                                        guint                n_elements)
{
  GArray *result = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), result);
  g_array_append_vals (result, elements, n_elements);
  sort_unique (result);
  if (TSR_VECTOR_MAP_GET_IFACE (self)->add_requirements != NULL)
    {
      TSR_VECTOR_MAP_GET_IFACE (self)->add_requirements (self, result);
      sort_unique (result);
    }
  return result;
}

GArray *
tsr_vector_map_collect_vertices (TsrVectorMap        *self,
                                 const TsrElementRef *elements,
                                 guint                n_elements)
{
  GArray *result = g_array_new (FALSE, FALSE, sizeof (TsrVertexRef));
  guint n_points = tsr_vector_map_get_n_elements (self, TSR_ELEMENT_POINT);
  g_autofree guint8 *points = point_set_new (self);

  for (guint i = 0; i < n_elements; i++)
    {
      guint n = tsr_vector_map_get_n_vertices (self, &elements[i]);

      for (guint v = 0; v < n; v++)
        {
          guint point = tsr_vector_map_get_vertex_point (self, &elements[i], v);
          TsrVertexRef vertex = { elements[i], v };

          if (point != G_MAXUINT)
            {
              if (point_set_contains (points, n_points, point))
                continue;
              point_set_add (points, n_points, point);
              vertex = (TsrVertexRef) { { TSR_ELEMENT_POINT, point }, 0 };
            }
          g_array_append_val (result, vertex);
        }
    }
  return result;
}

GArray *
tsr_vector_map_elements_moved_by (TsrVectorMap       *self,
                                  const TsrVertexRef *vertices,
                                  guint               n_vertices)
{
  GArray *changed = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  guint n_points = tsr_vector_map_get_n_elements (self, TSR_ELEMENT_POINT);
  g_autofree guint8 *points = point_set_new (self);
  gboolean any_point = FALSE;

  for (guint i = 0; i < n_vertices; i++)
    {
      g_array_append_val (changed, vertices[i].element);
      if (vertices[i].element.kind == TSR_ELEMENT_POINT)
        {
          point_set_add (points, n_points, vertices[i].element.index);
          any_point = TRUE;
        }
    }
  if (any_point)
    for (guint kind = TSR_ELEMENT_SEGMENT; kind <= TSR_ELEMENT_POLYGON; kind++)
      {
        guint n = tsr_vector_map_get_n_elements (self, kind);

        for (guint i = 0; i < n; i++)
          {
            TsrElementRef ref = { kind, i };

            if (uses_point_in (self, &ref, points, n_points))
              g_array_append_val (changed, ref);
          }
      }
  sort_unique (changed);
  return changed;
}

void
tsr_vector_map_store_vertices (TsrVectorMap         *self,
                               const TsrVertexRef   *vertices,
                               const TsrVectorPoint *positions,
                               guint                 n_vertices)
{
  g_autoptr(GArray) changed = NULL;

  g_return_if_fail (TSR_IS_VECTOR_MAP (self));

  for (guint i = 0; i < n_vertices; i++)
    tsr_vector_map_set_vertex (self, &vertices[i].element, vertices[i].vertex, &positions[i]);
  changed = tsr_vector_map_elements_moved_by (self, vertices, n_vertices);
  tsr_vector_map_elements_changed (self, (const TsrElementRef *) changed->data, changed->len,
                                   TSR_ELEMENTS_GEOMETRY);
}

TsrShapeProblem
tsr_vector_map_get_shape_problem (TsrVectorMap        *self,
                                  const TsrElementRef *element)
{
  TsrVectorMapInterface *iface;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), TSR_SHAPE_OK);
  iface = TSR_VECTOR_MAP_GET_IFACE (self);
  return iface->get_shape_problem != NULL ? iface->get_shape_problem (self, element) : TSR_SHAPE_OK;
}

char *
tsr_vector_map_take_edit_note (TsrVectorMap *self)
{
  TsrVectorMapInterface *iface;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (self), NULL);
  iface = TSR_VECTOR_MAP_GET_IFACE (self);
  return iface->take_edit_note != NULL ? iface->take_edit_note (self) : NULL;
}

void
tsr_vector_map_note_command (TsrVectorMap *self,
                             gpointer      command)
{
  g_autofree char *note = tsr_vector_map_take_edit_note (self);

  g_return_if_fail (TSR_IS_COMMAND (command));
  tsr_command_add_note (command, note);
}

void
tsr_vector_map_elements_changed (TsrVectorMap        *self,
                                 const TsrElementRef *elements,
                                 guint                n_elements,
                                 TsrElementsChange    flags)
{
  g_return_if_fail (TSR_IS_VECTOR_MAP (self));
  g_signal_emit (self, signals[ELEMENTS_CHANGED], 0, elements, n_elements, (guint) flags);
}
