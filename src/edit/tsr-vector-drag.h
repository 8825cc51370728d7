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
  GArray         *watched;  /* TsrElementRef: polygons the drag reshapes that were sound at the press */
  GArray         *broken;   /* TsrElementRef: the watched ones the drag has broken now */
  TsrShapeProblem problem;  /* what is wrong with broken[0] */
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
/* The pointer is at (X, Y); AXIS_LOCK keeps only the larger of the two offsets. TRUE when the
 * preview of broken polygons changed (the tool's overlay must be drawn again). */
gboolean tsr_vector_drag_update (TsrVectorDrag  *drag,
                                 double          x,
                                 double          y,
                                 gboolean        axis_lock);
void     tsr_vector_drag_end    (TsrVectorDrag  *drag);
/* The drop: a drag that leaves a polygon broken (the family's get_shape_problem: concave,
 * crossing itself, inside out, collapsed) that was sound at the press is undone and forgotten
 * (no undo or redo step) unless MODIFIERS hold Alt; the refusal is reported through the session's
 * "edit-refused". TRUE when the move stays. */
gboolean tsr_vector_drag_finish (TsrVectorDrag  *drag,
                                 TsrModifiers    modifiers);
/* The polygons the drag would break, now (TsrElementRef; transfer none, N may be NULL). */
/* An arrow-key nudge of the session's selection by (dx, dy), as one command named "Nudge", checked
 * and refused like a drop (Alt forces it). TRUE when the nudge stays. */
gboolean tsr_vector_drag_nudge (TsrVectorDrag  *drag,
                                TsrEditSession *session,
                                double          dx,
                                double          dy,
                                TsrModifiers    modifiers);

const TsrElementRef *tsr_vector_drag_get_broken (TsrVectorDrag *drag,
                                                 guint         *n);
/* Appends the broken polygons' outlines (TSR_OVERLAY_REFUSED) to ITEMS: the red drag preview. */
void     tsr_vector_drag_add_overlay (TsrVectorDrag *drag,
                                      GPtrArray     *items);
/* "Move refused: polygon 12 would be concave — hold Alt to force" for the first broken polygon,
 * or NULL when none is. (transfer full) */
char    *tsr_vector_drag_describe_refusal (TsrVectorDrag *drag);
/* Puts everything back where it was at the press (undoing this drag's step). */
void     tsr_vector_drag_cancel (TsrVectorDrag  *drag);

G_END_DECLS
