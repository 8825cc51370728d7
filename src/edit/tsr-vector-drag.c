/* tsr-vector-drag.c: a selection drag as merged move commands. */
#include "edit/tsr-vector-drag.h"

#include <glib/gi18n.h>
#include <math.h>

#include "edit/tsr-move-elements-command.h"

#define MERGE_KEY "vector-drag"

void
tsr_vector_drag_init (TsrVectorDrag *drag)
{
  *drag = (TsrVectorDrag) { 0 };
  drag->vertices = g_array_new (FALSE, FALSE, sizeof (TsrVertexRef));
  drag->origin = g_array_new (FALSE, FALSE, sizeof (TsrVectorPoint));
  drag->target = g_array_new (FALSE, FALSE, sizeof (TsrVectorPoint));
  drag->watched = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  drag->broken = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
}

void
tsr_vector_drag_clear (TsrVectorDrag *drag)
{
  g_clear_object (&drag->map);
  g_clear_pointer (&drag->vertices, g_array_unref);
  g_clear_pointer (&drag->origin, g_array_unref);
  g_clear_pointer (&drag->target, g_array_unref);
  g_clear_pointer (&drag->watched, g_array_unref);
  g_clear_pointer (&drag->broken, g_array_unref);
  drag->active = FALSE;
}

gboolean
tsr_vector_drag_begin (TsrVectorDrag  *drag,
                       TsrEditSession *session,
                       double          x,
                       double          y)
{
  TsrVectorMap *map = tsr_edit_session_get_vector_map (session);
  const TsrElementRef *elements;
  guint n_elements;
  g_autoptr(GArray) vertices = NULL;

  elements = tsr_selection_get_elements (tsr_edit_session_get_selection (session), &n_elements);
  if (map == NULL || n_elements == 0)
    return FALSE;

  vertices = tsr_vector_map_collect_vertices (map, elements, n_elements);
  g_array_set_size (drag->vertices, 0);
  g_array_append_vals (drag->vertices, vertices->data, vertices->len);
  g_array_set_size (drag->origin, vertices->len);
  for (guint i = 0; i < vertices->len; i++)
    {
      const TsrVertexRef *vertex = &g_array_index (vertices, TsrVertexRef, i);

      tsr_vector_map_get_vertex (map, &vertex->element, vertex->vertex,
                                 &g_array_index (drag->origin, TsrVectorPoint, i));
    }
  drag->anchor = 0;
  for (guint i = 1; i < vertices->len; i++)
    {
      const TsrVectorPoint *a = &g_array_index (drag->origin, TsrVectorPoint, i);
      const TsrVectorPoint *b = &g_array_index (drag->origin, TsrVectorPoint, drag->anchor);

      if (hypot (a->x - x, a->y - y) < hypot (b->x - x, b->y - y))
        drag->anchor = i;
    }
  /* The polygons the drag reshapes; one broken already at the press is the user's business. */
  {
    g_autoptr(GArray) moved = tsr_vector_map_elements_moved_by (map, (const TsrVertexRef *) vertices->data,
                                                                vertices->len);

    g_array_set_size (drag->watched, 0);
    g_array_set_size (drag->broken, 0);
    for (guint i = 0; i < moved->len; i++)
      {
        const TsrElementRef *ref = &g_array_index (moved, TsrElementRef, i);

        if (ref->kind == TSR_ELEMENT_POLYGON && tsr_vector_map_get_shape_problem (map, ref) == TSR_SHAPE_OK)
          g_array_append_val (drag->watched, *ref);
      }
  }
  g_set_object (&drag->map, map);
  drag->session = session;
  drag->start_x = x;
  drag->start_y = y;
  drag->last_dx = drag->last_dy = 0;
  drag->depth_at_start = tsr_undo_stack_get_depth (tsr_edit_session_get_undo_stack (session));
  drag->active = TRUE;
  /* The previous action (another drag) must not absorb this one. */
  tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (session));
  return TRUE;
}

static void
move_to (TsrVectorDrag *drag,
         double         dx,
         double         dy,
         const char    *description)
{
  g_autoptr(TsrCommand) command = NULL;

  g_array_set_size (drag->target, drag->origin->len);
  for (guint i = 0; i < drag->origin->len; i++)
    {
      const TsrVectorPoint *from = &g_array_index (drag->origin, TsrVectorPoint, i);
      TsrVectorPoint *to = &g_array_index (drag->target, TsrVectorPoint, i);

      /* Back at the press, the exact original coordinates, not origin + 0.0 arithmetic. */
      *to = dx == 0 && dy == 0 ? *from : (TsrVectorPoint) { from->x + dx, from->y + dy };
    }
  command = tsr_move_elements_command_new (drag->map, (const TsrVertexRef *) drag->vertices->data,
                                           (const TsrVectorPoint *) drag->target->data,
                                           drag->vertices->len, description, MERGE_KEY);
  drag->last_dx = dx;
  drag->last_dy = dy;
  tsr_edit_session_execute (drag->session, command);
}

/* Renews the broken set; TRUE when the preview must be drawn again (it changed, or the broken
 * polygons moved). */
static gboolean
check_shapes (TsrVectorDrag *drag)
{
  gboolean had = drag->broken->len > 0;

  g_array_set_size (drag->broken, 0);
  for (guint i = 0; i < drag->watched->len; i++)
    {
      const TsrElementRef *ref = &g_array_index (drag->watched, TsrElementRef, i);
      TsrShapeProblem problem = tsr_vector_map_get_shape_problem (drag->map, ref);

      if (problem == TSR_SHAPE_OK)
        continue;
      if (drag->broken->len == 0)
        drag->problem = problem;
      g_array_append_val (drag->broken, *ref);
    }
  return had || drag->broken->len > 0;
}

gboolean
tsr_vector_drag_update (TsrVectorDrag *drag,
                        double         x,
                        double         y,
                        gboolean       axis_lock)
{
  double dx, dy;

  if (!drag->active)
    return FALSE;
  dx = x - drag->start_x;
  dy = y - drag->start_y;
  if (axis_lock)
    {
      if (fabs (dx) >= fabs (dy))
        dy = 0;
      else
        dx = 0;
    }
  /* A pointer at the press (a click, or a drag come back) moves nothing, snapping or not. */
  if (drag->origin->len > 0 && (dx != 0 || dy != 0) && tsr_edit_session_get_snap_to_grid (drag->session)
      && tsr_edit_session_get_grid_step (drag->session) > 0)
    {
      const TsrVectorPoint *anchor = &g_array_index (drag->origin, TsrVectorPoint, drag->anchor);
      double sx = anchor->x + dx, sy = anchor->y + dy;

      /* The vertex nearest the press lands on the grid; the rest keep their offsets to it. */
      tsr_edit_session_snap (drag->session, &sx, &sy);
      dx = axis_lock && dx == 0 ? 0 : sx - anchor->x;
      dy = axis_lock && dy == 0 ? 0 : sy - anchor->y;
    }
  if (dx == drag->last_dx && dy == drag->last_dy)
    return FALSE;
  move_to (drag, dx, dy, drag->vertices->len == 1 ? _("Move Element") : _("Move Elements"));
  return check_shapes (drag);
}

void
tsr_vector_drag_end (TsrVectorDrag *drag)
{
  if (!drag->active)
    return;
  tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (drag->session));
  g_clear_object (&drag->map);
  g_array_set_size (drag->broken, 0);
  drag->active = FALSE;
}

void
tsr_vector_drag_cancel (TsrVectorDrag *drag)
{
  TsrUndoStack *stack;

  if (!drag->active)
    return;
  stack = tsr_edit_session_get_undo_stack (drag->session);
  while (tsr_undo_stack_get_depth (stack) > drag->depth_at_start && tsr_undo_stack_undo (stack))
    ;
  tsr_vector_drag_end (drag);
}

gboolean
tsr_vector_drag_finish (TsrVectorDrag *drag,
                        TsrModifiers   modifiers)
{
  g_autofree char *refusal = NULL;
  g_autoptr(GPtrArray) blamed = NULL;
  TsrEditSession *session = drag->session;

  if (!drag->active)
    return FALSE;
  if (drag->broken->len == 0 || (modifiers & TSR_MODIFIER_ALT))
    {
      tsr_vector_drag_end (drag);
      return TRUE;
    }
  refusal = tsr_vector_drag_describe_refusal (drag);
  /* The outlines the move would have made stay shown until the next edit or Escape. */
  blamed = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_overlay_item_free);
  tsr_vector_drag_add_overlay (drag, blamed);
  tsr_vector_drag_cancel (drag);
  tsr_undo_stack_drop_redo (tsr_edit_session_get_undo_stack (session));
  tsr_edit_session_show_refused (session, g_steal_pointer (&blamed));
  tsr_edit_session_refuse (session, refusal);
  return FALSE;
}

gboolean
tsr_vector_drag_nudge (TsrVectorDrag  *drag,
                       TsrEditSession *session,
                       double          dx,
                       double          dy,
                       TsrModifiers    modifiers)
{
  if (!tsr_vector_drag_begin (drag, session, 0, 0))
    return FALSE;
  /* The exact step, unsnapped: a nudge off the grid stays off it by the same amount. */
  move_to (drag, dx, dy, _("Nudge"));
  check_shapes (drag);
  return tsr_vector_drag_finish (drag, modifiers);
}

const TsrElementRef *
tsr_vector_drag_get_broken (TsrVectorDrag *drag,
                            guint         *n)
{
  if (n != NULL)
    *n = drag->broken->len;
  return (const TsrElementRef *) drag->broken->data;
}

void
tsr_vector_drag_add_overlay (TsrVectorDrag *drag,
                             GPtrArray     *items)
{
  if (!drag->active)
    return;
  for (guint i = 0; i < drag->broken->len; i++)
    {
      const TsrElementRef *ref = &g_array_index (drag->broken, TsrElementRef, i);
      guint n = tsr_vector_map_get_n_vertices (drag->map, ref);
      g_autofree TsrVectorPoint *corners = g_new (TsrVectorPoint, MAX (n, 1));

      for (guint v = 0; v < n; v++)
        tsr_vector_map_get_vertex (drag->map, ref, v, &corners[v]);
      g_ptr_array_add (items, tsr_overlay_item_new (TSR_OVERLAY_REFUSED, corners, n));
    }
}

char *
tsr_vector_drag_describe_refusal (TsrVectorDrag *drag)
{
  guint index;

  if (drag->broken->len == 0)
    return NULL;
  index = g_array_index (drag->broken, TsrElementRef, 0).index;
  switch (drag->problem)
    {
    case TSR_SHAPE_CONCAVE:
      /* Translators: a drag dropped in the map editor; Alt is the key on the keyboard. */
      return g_strdup_printf (_("Move refused: polygon %u would be concave — hold Alt to force"), index);
    case TSR_SHAPE_SELF_INTERSECTING:
      return g_strdup_printf (_("Move refused: polygon %u would cross itself — hold Alt to force"), index);
    case TSR_SHAPE_INSIDE_OUT:
      return g_strdup_printf (_("Move refused: polygon %u would be turned inside out — hold Alt to force"), index);
    case TSR_SHAPE_DEGENERATE:
    case TSR_SHAPE_OK:
    default:
      return g_strdup_printf (_("Move refused: polygon %u would collapse (no area, or two corners in one place) — hold Alt to force"),
                              index);
    }
}
