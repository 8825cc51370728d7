/* tsr-vector-map-memory.c: an in-memory TsrVectorMap. Removal keeps a deep copy of every list as
 * its undo state: exact, and cheap enough for the test documents and small families it serves. */
#include "edit/tsr-vector-map-memory.h"

#include <string.h>

typedef struct {
  guint           n_vertices;
  TsrVectorPoint *positions; /* owned coordinates (unused where points[v] is a point) */
  guint          *points;    /* the point each vertex is, or G_MAXUINT */
} Element;

struct _TsrMemoryVectorMap {
  GObject  parent_instance;
  char    *family;
  GArray  *elements[TSR_N_ELEMENT_KINDS]; /* Element */
};

static void tsr_memory_vector_map_iface_init (TsrVectorMapInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMemoryVectorMap, tsr_memory_vector_map, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_VECTOR_MAP, tsr_memory_vector_map_iface_init))

static void
element_clear (gpointer data)
{
  Element *element = data;

  g_free (element->positions);
  g_free (element->points);
}

static GArray *
element_list_new (void)
{
  GArray *list = g_array_new (FALSE, FALSE, sizeof (Element));

  g_array_set_clear_func (list, element_clear);
  return list;
}

static GArray *
element_list_copy (GArray *list)
{
  GArray *copy = element_list_new ();

  for (guint i = 0; i < list->len; i++)
    {
      const Element *element = &g_array_index (list, Element, i);
      Element dup = {
        element->n_vertices,
        g_memdup2 (element->positions, sizeof (TsrVectorPoint) * element->n_vertices),
        g_memdup2 (element->points, sizeof (guint) * element->n_vertices),
      };
      g_array_append_val (copy, dup);
    }
  return copy;
}

static Element *
get_element (TsrMemoryVectorMap  *self,
             const TsrElementRef *ref)
{
  g_return_val_if_fail (ref->kind < TSR_N_ELEMENT_KINDS, NULL);
  g_return_val_if_fail (ref->index < self->elements[ref->kind]->len, NULL);
  return &g_array_index (self->elements[ref->kind], Element, ref->index);
}

static const char *
memory_get_family (TsrVectorMap *map)
{
  return TSR_MEMORY_VECTOR_MAP (map)->family;
}

static guint
memory_get_n_elements (TsrVectorMap  *map,
                       TsrElementKind kind)
{
  return TSR_MEMORY_VECTOR_MAP (map)->elements[kind]->len;
}

static guint
memory_get_n_vertices (TsrVectorMap        *map,
                       const TsrElementRef *ref)
{
  Element *element = get_element (TSR_MEMORY_VECTOR_MAP (map), ref);

  return element != NULL ? element->n_vertices : 0;
}

static guint
memory_get_vertex_point (TsrVectorMap        *map,
                         const TsrElementRef *ref,
                         guint                vertex)
{
  Element *element = get_element (TSR_MEMORY_VECTOR_MAP (map), ref);

  g_return_val_if_fail (element != NULL && vertex < element->n_vertices, G_MAXUINT);
  if (ref->kind == TSR_ELEMENT_POINT)
    return ref->index;
  return element->points[vertex];
}

static void
memory_get_vertex (TsrVectorMap        *map,
                   const TsrElementRef *ref,
                   guint                vertex,
                   TsrVectorPoint      *position)
{
  TsrMemoryVectorMap *self = TSR_MEMORY_VECTOR_MAP (map);
  Element *element = get_element (self, ref);

  g_return_if_fail (element != NULL && vertex < element->n_vertices);
  if (ref->kind != TSR_ELEMENT_POINT && element->points[vertex] != G_MAXUINT)
    {
      TsrElementRef point = { TSR_ELEMENT_POINT, element->points[vertex] };

      element = get_element (self, &point);
      g_return_if_fail (element != NULL);
      vertex = 0;
    }
  *position = element->positions[vertex];
}

static void
memory_set_vertex (TsrVectorMap         *map,
                   const TsrElementRef  *ref,
                   guint                 vertex,
                   const TsrVectorPoint *position)
{
  Element *element = get_element (TSR_MEMORY_VECTOR_MAP (map), ref);

  g_return_if_fail (element != NULL && vertex < element->n_vertices);
  g_return_if_fail (ref->kind == TSR_ELEMENT_POINT || element->points[vertex] == G_MAXUINT);
  element->positions[vertex] = *position;
}

typedef struct {
  GArray *elements[TSR_N_ELEMENT_KINDS];
} Snapshot;

static gpointer
memory_remove_elements (TsrVectorMap        *map,
                        const TsrElementRef *refs,
                        guint                n_refs)
{
  TsrMemoryVectorMap *self = TSR_MEMORY_VECTOR_MAP (map);
  Snapshot *snapshot = g_new0 (Snapshot, 1);
  g_autofree guint *renumber = NULL;
  guint n_points = self->elements[TSR_ELEMENT_POINT]->len;

  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    snapshot->elements[kind] = element_list_copy (self->elements[kind]);

  /* New index of every point (G_MAXUINT: removed); REFS is sorted, points first. */
  renumber = g_new (guint, n_points + 1);
  for (guint i = 0; i < n_points; i++)
    renumber[i] = i;
  for (guint i = 0; i < n_refs; i++)
    if (refs[i].kind == TSR_ELEMENT_POINT && refs[i].index < n_points)
      renumber[refs[i].index] = G_MAXUINT;
  for (guint i = 0, next = 0; i < n_points; i++)
    if (renumber[i] != G_MAXUINT)
      renumber[i] = next++;

  /* Backwards, so earlier indices stay valid. */
  for (guint i = n_refs; i-- > 0;)
    {
      g_return_val_if_fail (refs[i].kind < TSR_N_ELEMENT_KINDS, snapshot);
      if (refs[i].index < self->elements[refs[i].kind]->len)
        g_array_remove_index (self->elements[refs[i].kind], refs[i].index);
    }
  for (guint kind = TSR_ELEMENT_SEGMENT; kind < TSR_N_ELEMENT_KINDS; kind++)
    for (guint i = 0; i < self->elements[kind]->len; i++)
      {
        Element *element = &g_array_index (self->elements[kind], Element, i);

        for (guint v = 0; v < element->n_vertices; v++)
          if (element->points[v] != G_MAXUINT)
            {
              g_warn_if_fail (element->points[v] < n_points && renumber[element->points[v]] != G_MAXUINT);
              element->points[v] = element->points[v] < n_points ? renumber[element->points[v]] : G_MAXUINT;
            }
      }
  return snapshot;
}

static void
memory_restore_removed (TsrVectorMap *map,
                        gpointer      removed)
{
  TsrMemoryVectorMap *self = TSR_MEMORY_VECTOR_MAP (map);
  Snapshot *snapshot = removed;

  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    {
      g_array_unref (self->elements[kind]);
      self->elements[kind] = element_list_copy (snapshot->elements[kind]);
    }
}

static void
memory_free_removed (TsrVectorMap *map,
                     gpointer      removed)
{
  Snapshot *snapshot = removed;

  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    g_array_unref (snapshot->elements[kind]);
  g_free (snapshot);
}

static guint
memory_append_element (TsrVectorMap         *map,
                       TsrElementKind        kind,
                       guint                 n_vertices,
                       const TsrVectorPoint *positions,
                       const guint          *points)
{
  TsrMemoryVectorMap *self = TSR_MEMORY_VECTOR_MAP (map);
  guint expected[TSR_N_ELEMENT_KINDS] = { 1, 2, 0, 2, 1 };
  Element element;

  g_return_val_if_fail (kind < TSR_N_ELEMENT_KINDS, G_MAXUINT);
  if (kind == TSR_ELEMENT_POLYGON ? n_vertices < 3 : n_vertices != expected[kind])
    return G_MAXUINT;

  element.n_vertices = n_vertices;
  element.positions = g_new0 (TsrVectorPoint, n_vertices);
  element.points = g_new (guint, n_vertices);
  for (guint v = 0; v < n_vertices; v++)
    {
      gboolean is_point = kind != TSR_ELEMENT_POINT && points != NULL && points[v] != G_MAXUINT
                          && (kind == TSR_ELEMENT_SEGMENT || kind == TSR_ELEMENT_POLYGON);

      element.points[v] = is_point ? points[v] : G_MAXUINT;
      if (!is_point && positions != NULL)
        element.positions[v] = positions[v];
    }
  g_array_append_val (self->elements[kind], element);
  return self->elements[kind]->len - 1;
}

static void
tsr_memory_vector_map_iface_init (TsrVectorMapInterface *iface)
{
  iface->get_family = memory_get_family;
  iface->get_n_elements = memory_get_n_elements;
  iface->get_n_vertices = memory_get_n_vertices;
  iface->get_vertex = memory_get_vertex;
  iface->get_vertex_point = memory_get_vertex_point;
  iface->set_vertex = memory_set_vertex;
  iface->remove_elements = memory_remove_elements;
  iface->restore_removed = memory_restore_removed;
  iface->free_removed = memory_free_removed;
  iface->append_element = memory_append_element;
}

static void
tsr_memory_vector_map_finalize (GObject *object)
{
  TsrMemoryVectorMap *self = TSR_MEMORY_VECTOR_MAP (object);

  g_free (self->family);
  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    g_array_unref (self->elements[kind]);
  G_OBJECT_CLASS (tsr_memory_vector_map_parent_class)->finalize (object);
}

static void
tsr_memory_vector_map_class_init (TsrMemoryVectorMapClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_memory_vector_map_finalize;
}

static void
tsr_memory_vector_map_init (TsrMemoryVectorMap *self)
{
  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    self->elements[kind] = element_list_new ();
}

TsrMemoryVectorMap *
tsr_memory_vector_map_new (const char *family)
{
  TsrMemoryVectorMap *self = g_object_new (TSR_TYPE_MEMORY_VECTOR_MAP, NULL);

  self->family = g_strdup (family);
  return self;
}

guint
tsr_memory_vector_map_add_point (TsrMemoryVectorMap *self,
                                 double              x,
                                 double              y)
{
  TsrVectorPoint p = { x, y };

  g_return_val_if_fail (TSR_IS_MEMORY_VECTOR_MAP (self), G_MAXUINT);
  return memory_append_element (TSR_VECTOR_MAP (self), TSR_ELEMENT_POINT, 1, &p, NULL);
}

guint
tsr_memory_vector_map_add_segment (TsrMemoryVectorMap *self,
                                   guint               point0,
                                   guint               point1)
{
  guint points[2] = { point0, point1 };

  g_return_val_if_fail (TSR_IS_MEMORY_VECTOR_MAP (self), G_MAXUINT);
  g_return_val_if_fail (point0 < self->elements[TSR_ELEMENT_POINT]->len, G_MAXUINT);
  g_return_val_if_fail (point1 < self->elements[TSR_ELEMENT_POINT]->len, G_MAXUINT);
  return memory_append_element (TSR_VECTOR_MAP (self), TSR_ELEMENT_SEGMENT, 2, NULL, points);
}

guint
tsr_memory_vector_map_add_polygon (TsrMemoryVectorMap *self,
                                   const guint        *points,
                                   guint               n_points)
{
  g_return_val_if_fail (TSR_IS_MEMORY_VECTOR_MAP (self), G_MAXUINT);
  for (guint i = 0; i < n_points; i++)
    g_return_val_if_fail (points[i] < self->elements[TSR_ELEMENT_POINT]->len, G_MAXUINT);
  return memory_append_element (TSR_VECTOR_MAP (self), TSR_ELEMENT_POLYGON, n_points, NULL, points);
}

guint
tsr_memory_vector_map_add_rectangle (TsrMemoryVectorMap *self,
                                     double              x0,
                                     double              y0,
                                     double              x1,
                                     double              y1)
{
  TsrVectorPoint corners[2] = { { x0, y0 }, { x1, y1 } };

  g_return_val_if_fail (TSR_IS_MEMORY_VECTOR_MAP (self), G_MAXUINT);
  return memory_append_element (TSR_VECTOR_MAP (self), TSR_ELEMENT_RECTANGLE, 2, corners, NULL);
}

guint
tsr_memory_vector_map_add_marker (TsrMemoryVectorMap *self,
                                  double              x,
                                  double              y)
{
  TsrVectorPoint p = { x, y };

  g_return_val_if_fail (TSR_IS_MEMORY_VECTOR_MAP (self), G_MAXUINT);
  return memory_append_element (TSR_VECTOR_MAP (self), TSR_ELEMENT_MARKER, 1, &p, NULL);
}
