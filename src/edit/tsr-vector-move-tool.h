/* tsr-vector-move-tool.h: the vector layer's move tool: a drag anywhere moves the selection (a
 * press on an unselected element selects it first; Shift adds it), as one undo step. Shift while
 * dragging keeps the move horizontal or vertical. */
#pragma once

#include "edit/tsr-edit-session.h"

G_BEGIN_DECLS

#define TSR_TYPE_VECTOR_MOVE_TOOL (tsr_vector_move_tool_get_type ())
G_DECLARE_FINAL_TYPE (TsrVectorMoveTool, tsr_vector_move_tool, TSR, VECTOR_MOVE_TOOL, GObject)

/* SESSION is not referenced (the session owns its active tool). */
TsrTool *tsr_vector_move_tool_new (TsrEditSession *session);

G_END_DECLS
