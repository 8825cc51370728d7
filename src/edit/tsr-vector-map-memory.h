/* tsr-vector-map-memory.h: a TsrVectorMap held entirely in memory. Tests use it, and so can a
 * family whose elements are plain lists. Segments and polygons refer to point elements; points,
 * rectangles and markers own their coordinates. */
#pragma once

#include "edit/tsr-vector-map.h"

G_BEGIN_DECLS

#define TSR_TYPE_MEMORY_VECTOR_MAP (tsr_memory_vector_map_get_type ())
G_DECLARE_FINAL_TYPE (TsrMemoryVectorMap, tsr_memory_vector_map, TSR, MEMORY_VECTOR_MAP, GObject)

TsrMemoryVectorMap *tsr_memory_vector_map_new           (const char         *family);
/* Building (no signal, no undo: for filling a new map). Each returns the new element's index. */
guint               tsr_memory_vector_map_add_point     (TsrMemoryVectorMap *self,
                                                         double              x,
                                                         double              y);
guint               tsr_memory_vector_map_add_segment   (TsrMemoryVectorMap *self,
                                                         guint               point0,
                                                         guint               point1);
guint               tsr_memory_vector_map_add_polygon   (TsrMemoryVectorMap *self,
                                                         const guint        *points,
                                                         guint               n_points);
guint               tsr_memory_vector_map_add_rectangle (TsrMemoryVectorMap *self,
                                                         double              x0,
                                                         double              y0,
                                                         double              x1,
                                                         double              y1);
guint               tsr_memory_vector_map_add_marker    (TsrMemoryVectorMap *self,
                                                         double              x,
                                                         double              y);

G_END_DECLS
