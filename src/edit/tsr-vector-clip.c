/* tsr-vector-clip.c: copied elements with references remapped into the clip. Points come first
 * in a clip, so pasting appends them before the segments and polygons that refer to them. */
#include "edit/tsr-vector-clip.h"

typedef struct {
  TsrElementKind  kind;
  guint           n_vertices;
  TsrVectorPoint *positions;
  guint          *points;     /* clip element index, or G_MAXUINT */
  GBytes         *data;       /* the map's own data of the element, or NULL */
} ClipElement;

struct _TsrVectorClip {
  gatomicrefcount  ref_count;
  char            *family;
  GArray          *elements; /* ClipElement */
};

static void
clip_element_clear (gpointer data)
{
  ClipElement *element = data;

  g_free (element->positions);
  g_free (element->points);
  g_clear_pointer (&element->data, g_bytes_unref);
}

TsrVectorClip *
tsr_vector_clip_new_from_map (TsrVectorMap        *map,
                              const TsrElementRef *elements,
                              guint                n_elements)
{
  TsrVectorClip *clip;
  g_autoptr(GArray) sorted = NULL;
  g_autoptr(GHashTable) point_index = NULL; /* map point + 1 → clip index + 1 */
  g_autoptr(GArray) points = NULL;          /* map point indices, in clip order */

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (map), NULL);
  if (n_elements == 0)
    return NULL;

  /* Sorted, with what the family says the copy needs to paste whole. */
  sorted = tsr_vector_map_close_over_requirements (map, elements, n_elements);

  /* The points: those selected and those the selected elements use, each once. */
  point_index = g_hash_table_new (NULL, NULL);
  points = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < sorted->len; i++)
    {
      const TsrElementRef *ref = &g_array_index (sorted, TsrElementRef, i);
      guint n = tsr_vector_map_get_n_vertices (map, ref);

      for (guint v = 0; v < n; v++)
        {
          guint point = tsr_vector_map_get_vertex_point (map, ref, v);

          if (point != G_MAXUINT && !g_hash_table_contains (point_index, GUINT_TO_POINTER (point + 1)))
            {
              g_hash_table_insert (point_index, GUINT_TO_POINTER (point + 1), GUINT_TO_POINTER (points->len + 1));
              g_array_append_val (points, point);
            }
        }
    }

  clip = g_new0 (TsrVectorClip, 1);
  g_atomic_ref_count_init (&clip->ref_count);
  clip->family = g_strdup (tsr_vector_map_get_family (map));
  clip->elements = g_array_new (FALSE, FALSE, sizeof (ClipElement));
  g_array_set_clear_func (clip->elements, clip_element_clear);
  for (guint i = 0; i < points->len; i++)
    {
      TsrElementRef ref = { TSR_ELEMENT_POINT, g_array_index (points, guint, i) };
      ClipElement element = { TSR_ELEMENT_POINT, 1, g_new (TsrVectorPoint, 1), g_new (guint, 1), NULL };

      tsr_vector_map_get_vertex (map, &ref, 0, element.positions);
      element.data = tsr_vector_map_get_element_data (map, &ref);
      element.points[0] = G_MAXUINT;
      g_array_append_val (clip->elements, element);
    }
  for (guint i = 0; i < sorted->len; i++)
    {
      const TsrElementRef *ref = &g_array_index (sorted, TsrElementRef, i);
      ClipElement element;

      if (ref->kind == TSR_ELEMENT_POINT)
        continue;
      element.kind = ref->kind;
      element.n_vertices = tsr_vector_map_get_n_vertices (map, ref);
      element.positions = g_new (TsrVectorPoint, element.n_vertices);
      element.points = g_new (guint, element.n_vertices);
      element.data = tsr_vector_map_get_element_data (map, ref);
      for (guint v = 0; v < element.n_vertices; v++)
        {
          guint point = tsr_vector_map_get_vertex_point (map, ref, v);

          tsr_vector_map_get_vertex (map, ref, v, &element.positions[v]);
          element.points[v] = point == G_MAXUINT ? G_MAXUINT
                              : GPOINTER_TO_UINT (g_hash_table_lookup (point_index, GUINT_TO_POINTER (point + 1))) - 1;
        }
      g_array_append_val (clip->elements, element);
    }
  return clip;
}

TsrVectorClip *
tsr_vector_clip_ref (TsrVectorClip *clip)
{
  g_return_val_if_fail (clip != NULL, NULL);
  g_atomic_ref_count_inc (&clip->ref_count);
  return clip;
}

void
tsr_vector_clip_unref (TsrVectorClip *clip)
{
  g_return_if_fail (clip != NULL);
  if (!g_atomic_ref_count_dec (&clip->ref_count))
    return;
  g_free (clip->family);
  g_array_unref (clip->elements);
  g_free (clip);
}

const char *
tsr_vector_clip_get_family (const TsrVectorClip *clip)
{
  return clip->family;
}

guint
tsr_vector_clip_get_n_elements (const TsrVectorClip *clip)
{
  return clip->elements->len;
}

static const ClipElement *
get_element (const TsrVectorClip *clip,
             guint                element)
{
  g_return_val_if_fail (element < clip->elements->len, NULL);
  return &g_array_index (clip->elements, ClipElement, element);
}

TsrElementKind
tsr_vector_clip_get_kind (const TsrVectorClip *clip,
                          guint                element)
{
  const ClipElement *e = get_element (clip, element);

  return e != NULL ? e->kind : TSR_ELEMENT_POINT;
}

guint
tsr_vector_clip_get_n_vertices (const TsrVectorClip *clip,
                                guint                element)
{
  const ClipElement *e = get_element (clip, element);

  return e != NULL ? e->n_vertices : 0;
}

void
tsr_vector_clip_get_vertex (const TsrVectorClip *clip,
                            guint                element,
                            guint                vertex,
                            TsrVectorPoint      *position)
{
  const ClipElement *e = get_element (clip, element);

  g_return_if_fail (e != NULL && vertex < e->n_vertices);
  *position = e->positions[vertex];
}

guint
tsr_vector_clip_get_vertex_point (const TsrVectorClip *clip,
                                  guint                element,
                                  guint                vertex)
{
  const ClipElement *e = get_element (clip, element);

  g_return_val_if_fail (e != NULL && vertex < e->n_vertices, G_MAXUINT);
  return e->points[vertex];
}

GBytes *
tsr_vector_clip_get_element_data (const TsrVectorClip *clip,
                                  guint                element)
{
  const ClipElement *e = get_element (clip, element);

  g_return_val_if_fail (e != NULL, NULL);
  return e->data;
}

void
tsr_vector_clip_get_bounds (const TsrVectorClip *clip,
                            TsrVectorBounds     *bounds)
{
  tsr_vector_bounds_init_empty (bounds);
  for (guint i = 0; i < clip->elements->len; i++)
    {
      const ClipElement *e = &g_array_index (clip->elements, ClipElement, i);

      for (guint v = 0; v < e->n_vertices; v++)
        tsr_vector_bounds_add_point (bounds, e->positions[v].x, e->positions[v].y);
    }
}
