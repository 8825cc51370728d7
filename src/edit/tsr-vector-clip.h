/* tsr-vector-clip.h: copied vector elements, independent of the map they came from: each element's
 * kind and vertices, where a vertex that was a point of the map refers to the copied point inside
 * the clip. Immutable and refcounted; it records its family, so a clip pastes into any map of the
 * same family (another level, another open file) and is refused elsewhere. */
#pragma once

#include "edit/tsr-vector-map.h"

G_BEGIN_DECLS

typedef struct _TsrVectorClip TsrVectorClip;

/* Copies ELEMENTS of MAP together with every point their segments and polygons use (a polygon
 * without its points could not be pasted). NULL when ELEMENTS is empty. */
TsrVectorClip  *tsr_vector_clip_new_from_map  (TsrVectorMap        *map,
                                               const TsrElementRef *elements,
                                               guint                n_elements);
TsrVectorClip  *tsr_vector_clip_ref           (TsrVectorClip       *clip);
void            tsr_vector_clip_unref         (TsrVectorClip       *clip);
const char     *tsr_vector_clip_get_family    (const TsrVectorClip *clip);
guint           tsr_vector_clip_get_n_elements (const TsrVectorClip *clip);
TsrElementKind  tsr_vector_clip_get_kind      (const TsrVectorClip *clip,
                                               guint                element);
guint           tsr_vector_clip_get_n_vertices (const TsrVectorClip *clip,
                                               guint                element);
/* The coordinates of VERTEX as copied. */
void            tsr_vector_clip_get_vertex    (const TsrVectorClip *clip,
                                               guint                element,
                                               guint                vertex,
                                               TsrVectorPoint      *position);
/* The clip element (a point) VERTEX is, or G_MAXUINT when it owns its coordinates. */
guint           tsr_vector_clip_get_vertex_point (const TsrVectorClip *clip,
                                                  guint                element,
                                                  guint                vertex);
/* The map's own data of the element as copied (tsr_vector_map_get_element_data; transfer none),
 * or NULL. */
GBytes         *tsr_vector_clip_get_element_data (const TsrVectorClip *clip,
                                                  guint                element);
/* The box around every copied vertex. */
void            tsr_vector_clip_get_bounds    (const TsrVectorClip *clip,
                                               TsrVectorBounds     *bounds);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrVectorClip, tsr_vector_clip_unref)

G_END_DECLS
