/* tsr-move-elements-command.h: moves vertices of a vector map to new coordinates, and back to
 * exactly the old ones on undo (old coordinates are stored, not recomputed from an offset). */
#pragma once

#include "edit/tsr-vector-map.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

#define TSR_TYPE_MOVE_ELEMENTS_COMMAND (tsr_move_elements_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrMoveElementsCommand, tsr_move_elements_command, TSR, MOVE_ELEMENTS_COMMAND, TsrCommand)

/* Moves VERTICES (as tsr_vector_map_collect_vertices gives them) to POSITIONS; the current
 * coordinates are read now as the undo state. Commands with the same non-NULL MERGE_KEY, map and
 * vertices merge (the steps of one drag), keeping the first one's old coordinates. Returns NULL
 * when nothing would move. */
TsrCommand *tsr_move_elements_command_new (TsrVectorMap         *map,
                                           const TsrVertexRef   *vertices,
                                           const TsrVectorPoint *positions,
                                           guint                 n_vertices,
                                           const char           *description,
                                           const char           *merge_key);
/* Moves ELEMENTS (and the points they use) by (DX, DY) map units; NULL when nothing would move. */
TsrCommand *tsr_move_elements_command_new_translate (TsrVectorMap        *map,
                                                     const TsrElementRef *elements,
                                                     guint                n_elements,
                                                     double               dx,
                                                     double               dy,
                                                     const char          *description,
                                                     const char          *merge_key);

G_END_DECLS
