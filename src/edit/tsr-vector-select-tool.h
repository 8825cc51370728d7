/* tsr-vector-select-tool.h: the vector layer's select tool. A click selects the element under
 * the pointer (Shift toggles it), a drag from an element moves the selection (one undo step), a
 * drag from empty space selects with a rubber band (Shift adds). Delete removes the selection,
 * Escape cancels a drag or clears the selection, arrows nudge by one grid step of the session (Shift: one map unit), or without a grid by one map
 * unit (Shift: ten). */
#pragma once

#include "edit/tsr-edit-session.h"

G_BEGIN_DECLS

/* How far from an element, in screen pixels, a click still hits it. */
#define TSR_TOOL_HIT_TOLERANCE 6.0

#define TSR_TYPE_VECTOR_SELECT_TOOL (tsr_vector_select_tool_get_type ())
G_DECLARE_FINAL_TYPE (TsrVectorSelectTool, tsr_vector_select_tool, TSR, VECTOR_SELECT_TOOL, GObject)

/* Acts on SESSION's current vector layer and selection (SESSION is not referenced: the session
 * owns its active tool). */
TsrTool *tsr_vector_select_tool_new (TsrEditSession *session);

G_END_DECLS
