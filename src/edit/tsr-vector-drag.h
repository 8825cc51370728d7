/* tsr-vector-drag.h: what the select and move tools share: dragging a set of elements. Every step
 * pushes one move command from the coordinates at the press, and the steps merge, so a drag is
 * one undo step and undo restores the exact coordinates. A pointer at the press (a click on a
 * selected element, or a drag come back) moves nothing, snapping or not. Not a class: tools
 * embed it. */
#pragma once

#include "edit/tsr-edit-session.h"

G_BEGIN_DECLS

typedef struct {
  TsrEditSession *session;  /* borrowed for the drag */
  TsrVectorMap   *map;      /* owned while active */
  GArray         *vertices; /* TsrVertexRef */
  GArray         *origin;   /* TsrVectorPoint at the press */
  GArray         *target;   /* TsrVectorPoint, reused */
  double          start_x;
  double          start_y;
  double          last_dx;
  double          last_dy;
  guint           anchor;   /* the vertex nearest the press: snapping puts it on the grid */
  guint           depth_at_start;
  gboolean        active;
} TsrVectorDrag;

void     tsr_vector_drag_init   (TsrVectorDrag  *drag);
void     tsr_vector_drag_clear  (TsrVectorDrag  *drag);
/* Starts dragging the session's selection from map point (X, Y). FALSE when it is empty. */
gboolean tsr_vector_drag_begin  (TsrVectorDrag  *drag,
                                 TsrEditSession *session,
                                 double          x,
                                 double          y);
/* The pointer is at (X, Y); AXIS_LOCK keeps only the larger of the two offsets. */
void     tsr_vector_drag_update (TsrVectorDrag  *drag,
                                 double          x,
                                 double          y,
                                 gboolean        axis_lock);
void     tsr_vector_drag_end    (TsrVectorDrag  *drag);
/* Puts everything back where it was at the press (undoing this drag's step). */
void     tsr_vector_drag_cancel (TsrVectorDrag  *drag);

G_END_DECLS
