/* tsr-vector-select-tool.c: click, toggle, rubber band and drag-to-move on a vector layer. */
#include "edit/tsr-vector-select-tool.h"

#include <glib/gi18n.h>

#include "edit/tsr-move-elements-command.h"
#include "edit/tsr-vector-drag.h"

typedef enum {
  STATE_IDLE,
  STATE_MOVING,
  STATE_BAND,
  STATE_CLICKED, /* a Shift-click toggled an element; the rest of the drag does nothing */
} State;

struct _TsrVectorSelectTool {
  GObject         parent_instance;
  TsrEditSession *session; /* weak */
  State           state;
  TsrVectorDrag   drag;
  double          band_x0, band_y0, band_x1, band_y1;
  gboolean        band_adds;
  const char     *cursor;
};

static void tsr_vector_select_tool_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrVectorSelectTool, tsr_vector_select_tool, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TOOL, tsr_vector_select_tool_iface_init))

static void
set_cursor (TsrVectorSelectTool *self,
            const char          *cursor)
{
  if (g_strcmp0 (self->cursor, cursor) == 0)
    return;
  self->cursor = cursor;
  tsr_tool_cursor_changed (TSR_TOOL (self));
}

static const char *
select_get_id (TsrTool *tool)
{
  return "select";
}

static TsrLayerKind
select_get_layer_kind (TsrTool *tool)
{
  return TSR_LAYER_KIND_VECTOR;
}

static const char *
select_get_cursor_name (TsrTool *tool)
{
  return TSR_VECTOR_SELECT_TOOL (tool)->cursor;
}

static gboolean
hit_test (TsrVectorSelectTool *self,
          const TsrToolEvent  *event,
          TsrElementRef       *hit)
{
  TsrVectorMap *map = self->session != NULL ? tsr_edit_session_get_vector_map (self->session) : NULL;

  return map != NULL && tsr_vector_map_hit_test (map, event->x, event->y, TSR_TOOL_HIT_TOLERANCE,
                                                 event->zoom, TSR_ELEMENT_MASK_ALL, hit);
}

static void
select_press (TsrTool            *tool,
              const TsrToolEvent *event)
{
  TsrVectorSelectTool *self = TSR_VECTOR_SELECT_TOOL (tool);
  TsrSelection *selection;
  TsrElementRef hit;

  /* A press without the previous release (the canvas lost it): keep what that drag did. */
  if (self->state == STATE_MOVING)
    tsr_vector_drag_end (&self->drag);
  self->state = STATE_IDLE;
  if (self->session == NULL || tsr_edit_session_get_vector_map (self->session) == NULL)
    return;
  selection = tsr_edit_session_get_selection (self->session);
  if (hit_test (self, event, &hit))
    {
      if (event->modifiers & (TSR_MODIFIER_SHIFT | TSR_MODIFIER_CONTROL))
        {
          tsr_selection_toggle (selection, &hit);
          self->state = STATE_CLICKED;
          return;
        }
      if (!tsr_selection_contains (selection, &hit))
        tsr_selection_set (selection, &hit, 1);
      if (tsr_vector_drag_begin (&self->drag, self->session, event->x, event->y))
        {
          self->state = STATE_MOVING;
          set_cursor (self, "move");
        }
      return;
    }
  self->state = STATE_BAND;
  self->band_x0 = self->band_x1 = event->x;
  self->band_y0 = self->band_y1 = event->y;
  self->band_adds = (event->modifiers & (TSR_MODIFIER_SHIFT | TSR_MODIFIER_CONTROL)) != 0;
  tsr_tool_overlay_changed (tool);
}

static void
select_drag (TsrTool            *tool,
             const TsrToolEvent *event)
{
  TsrVectorSelectTool *self = TSR_VECTOR_SELECT_TOOL (tool);

  switch (self->state)
    {
    case STATE_MOVING:
      if (tsr_vector_drag_update (&self->drag, event->x, event->y, FALSE))
        tsr_tool_overlay_changed (tool);
      break;
    case STATE_BAND:
      self->band_x1 = event->x;
      self->band_y1 = event->y;
      tsr_tool_overlay_changed (tool);
      break;
    case STATE_IDLE:
    case STATE_CLICKED:
      break;
    }
}

static void
select_release (TsrTool            *tool,
                const TsrToolEvent *event)
{
  TsrVectorSelectTool *self = TSR_VECTOR_SELECT_TOOL (tool);
  State state = self->state;

  select_drag (tool, event);
  self->state = STATE_IDLE;
  if (state == STATE_MOVING)
    {
      guint n_broken;

      tsr_vector_drag_get_broken (&self->drag, &n_broken);
      tsr_vector_drag_finish (&self->drag, event->modifiers);
      if (n_broken > 0)
        tsr_tool_overlay_changed (tool);
      set_cursor (self, "pointer");
    }
  else if (state == STATE_BAND && self->session != NULL)
    {
      TsrVectorMap *map = tsr_edit_session_get_vector_map (self->session);
      TsrSelection *selection = tsr_edit_session_get_selection (self->session);
      TsrVectorBounds area = tsr_vector_bounds_from_corners (self->band_x0, self->band_y0,
                                                             self->band_x1, self->band_y1);
      g_autoptr(GArray) inside = map != NULL ? tsr_vector_map_elements_in (map, &area, TSR_ELEMENT_MASK_ALL) : NULL;

      if (inside != NULL && self->band_adds)
        tsr_selection_add_all (selection, (const TsrElementRef *) inside->data, inside->len);
      else if (inside != NULL)
        tsr_selection_set (selection, (const TsrElementRef *) inside->data, inside->len);
      tsr_tool_overlay_changed (tool);
    }
}

static void
select_hover (TsrTool            *tool,
              const TsrToolEvent *event)
{
  TsrVectorSelectTool *self = TSR_VECTOR_SELECT_TOOL (tool);

  if (self->state == STATE_IDLE)
    set_cursor (self, hit_test (self, event, NULL) ? "pointer" : "default");
}

static void
select_cancel (TsrTool *tool)
{
  TsrVectorSelectTool *self = TSR_VECTOR_SELECT_TOOL (tool);
  State state = self->state;

  self->state = STATE_IDLE;
  if (state == STATE_MOVING)
    tsr_vector_drag_cancel (&self->drag);
  if (state == STATE_MOVING || state == STATE_BAND)
    tsr_tool_overlay_changed (tool);
}

static gboolean
select_key (TsrTool     *tool,
            TsrToolKey   key,
            TsrModifiers modifiers)
{
  TsrVectorSelectTool *self = TSR_VECTOR_SELECT_TOOL (tool);
  double grid = self->session != NULL ? tsr_edit_session_get_grid_step (self->session) : 0;
  /* One grid step (Shift: one map unit); without a grid one unit (Shift: ten). */
  double step = grid > 0 ? (modifiers & TSR_MODIFIER_SHIFT ? 1 : grid) : (modifiers & TSR_MODIFIER_SHIFT ? 10 : 1);
  double dx = 0, dy = 0;
  if (self->session == NULL)
    return FALSE;
  if (key == TSR_TOOL_KEY_ESCAPE)
    {
      if (self->state != STATE_IDLE)
        tsr_tool_cancel (tool);
      else
        tsr_selection_clear (tsr_edit_session_get_selection (self->session));
      return TRUE;
    }
  if (self->state != STATE_IDLE)
    return FALSE;
  if (key == TSR_TOOL_KEY_DELETE)
    return tsr_edit_session_delete_selection (self->session);

  if (tsr_edit_session_get_vector_map (self->session) == NULL
      || tsr_selection_is_empty (tsr_edit_session_get_selection (self->session)))
    return FALSE;
  switch (key)
    {
    case TSR_TOOL_KEY_LEFT:
      dx = -step;
      break;
    case TSR_TOOL_KEY_RIGHT:
      dx = step;
      break;
    case TSR_TOOL_KEY_UP:
      dy = -step;
      break;
    case TSR_TOOL_KEY_DOWN:
      dy = step;
      break;
    case TSR_TOOL_KEY_DELETE:
    case TSR_TOOL_KEY_ESCAPE:
    default:
      return FALSE;
    }
  tsr_vector_drag_nudge (&self->drag, self->session, dx, dy, modifiers);
  return TRUE;
}

static void
select_get_overlay (TsrTool   *tool,
                    GPtrArray *items)
{
  TsrVectorSelectTool *self = TSR_VECTOR_SELECT_TOOL (tool);

  if (self->state == STATE_BAND)
    g_ptr_array_add (items, tsr_overlay_item_new_box (TSR_OVERLAY_RUBBER_BAND, self->band_x0,
                                                      self->band_y0, self->band_x1, self->band_y1));
  else if (self->state == STATE_MOVING)
    tsr_vector_drag_add_overlay (&self->drag, items);
}

static void
tsr_vector_select_tool_iface_init (TsrToolInterface *iface)
{
  iface->get_id = select_get_id;
  iface->get_layer_kind = select_get_layer_kind;
  iface->get_cursor_name = select_get_cursor_name;
  iface->press = select_press;
  iface->drag = select_drag;
  iface->release = select_release;
  iface->hover = select_hover;
  iface->key = select_key;
  iface->cancel = select_cancel;
  iface->get_overlay = select_get_overlay;
}

static void
tsr_vector_select_tool_finalize (GObject *object)
{
  TsrVectorSelectTool *self = TSR_VECTOR_SELECT_TOOL (object);

  g_clear_weak_pointer (&self->session);
  tsr_vector_drag_clear (&self->drag);
  G_OBJECT_CLASS (tsr_vector_select_tool_parent_class)->finalize (object);
}

static void
tsr_vector_select_tool_class_init (TsrVectorSelectToolClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_vector_select_tool_finalize;
}

static void
tsr_vector_select_tool_init (TsrVectorSelectTool *self)
{
  tsr_vector_drag_init (&self->drag);
  self->cursor = "default";
}

TsrTool *
tsr_vector_select_tool_new (TsrEditSession *session)
{
  TsrVectorSelectTool *self;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (session), NULL);

  self = g_object_new (TSR_TYPE_VECTOR_SELECT_TOOL, NULL);
  g_set_weak_pointer (&self->session, session);
  return TSR_TOOL (self);
}
