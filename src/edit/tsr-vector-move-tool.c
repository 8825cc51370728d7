/* tsr-vector-move-tool.c: drag the selection from anywhere. */
#include "edit/tsr-vector-move-tool.h"

#include "edit/tsr-vector-drag.h"
#include "edit/tsr-vector-select-tool.h"

struct _TsrVectorMoveTool {
  GObject         parent_instance;
  TsrEditSession *session; /* weak */
  TsrVectorDrag   drag;
};

static void tsr_vector_move_tool_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrVectorMoveTool, tsr_vector_move_tool, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TOOL, tsr_vector_move_tool_iface_init))

static const char *
move_get_id (TsrTool *tool)
{
  return "move";
}

static TsrLayerKind
move_get_layer_kind (TsrTool *tool)
{
  return TSR_LAYER_KIND_VECTOR;
}

static const char *
move_get_cursor_name (TsrTool *tool)
{
  return "move";
}

static void
move_press (TsrTool            *tool,
            const TsrToolEvent *event)
{
  TsrVectorMoveTool *self = TSR_VECTOR_MOVE_TOOL (tool);
  TsrVectorMap *map;
  TsrElementRef hit;

  /* A press without the previous release: keep what that drag did. */
  tsr_vector_drag_end (&self->drag);
  if (self->session == NULL || (map = tsr_edit_session_get_vector_map (self->session)) == NULL)
    return;
  if (tsr_vector_map_hit_test (map, event->x, event->y, TSR_TOOL_HIT_TOLERANCE, event->zoom,
                               TSR_ELEMENT_MASK_ALL, &hit))
    {
      TsrSelection *selection = tsr_edit_session_get_selection (self->session);

      if (!tsr_selection_contains (selection, &hit))
        {
          if (event->modifiers & TSR_MODIFIER_SHIFT)
            tsr_selection_add (selection, &hit);
          else
            tsr_selection_set (selection, &hit, 1);
        }
    }
  tsr_vector_drag_begin (&self->drag, self->session, event->x, event->y);
}

static void
move_drag (TsrTool            *tool,
           const TsrToolEvent *event)
{
  TsrVectorMoveTool *self = TSR_VECTOR_MOVE_TOOL (tool);

  if (tsr_vector_drag_update (&self->drag, event->x, event->y, (event->modifiers & TSR_MODIFIER_SHIFT) != 0))
    tsr_tool_overlay_changed (tool);
}

static void
move_release (TsrTool            *tool,
              const TsrToolEvent *event)
{
  TsrVectorMoveTool *self = TSR_VECTOR_MOVE_TOOL (tool);

  guint n_broken;

  move_drag (tool, event);
  tsr_vector_drag_get_broken (&self->drag, &n_broken);
  tsr_vector_drag_finish (&self->drag, event->modifiers);
  if (n_broken > 0)
    tsr_tool_overlay_changed (tool);
}

static void
move_cancel (TsrTool *tool)
{
  tsr_vector_drag_cancel (&TSR_VECTOR_MOVE_TOOL (tool)->drag);
  tsr_tool_overlay_changed (tool);
}

static void
move_get_overlay (TsrTool   *tool,
                  GPtrArray *items)
{
  tsr_vector_drag_add_overlay (&TSR_VECTOR_MOVE_TOOL (tool)->drag, items);
}

static gboolean
move_key (TsrTool     *tool,
          TsrToolKey   key,
          TsrModifiers modifiers)
{
  TsrVectorMoveTool *self = TSR_VECTOR_MOVE_TOOL (tool);

  if (key != TSR_TOOL_KEY_ESCAPE || !self->drag.active)
    return FALSE;
  move_cancel (tool);
  return TRUE;
}

static void
tsr_vector_move_tool_iface_init (TsrToolInterface *iface)
{
  iface->get_id = move_get_id;
  iface->get_layer_kind = move_get_layer_kind;
  iface->get_cursor_name = move_get_cursor_name;
  iface->press = move_press;
  iface->drag = move_drag;
  iface->release = move_release;
  iface->key = move_key;
  iface->cancel = move_cancel;
  iface->get_overlay = move_get_overlay;
}

static void
tsr_vector_move_tool_finalize (GObject *object)
{
  TsrVectorMoveTool *self = TSR_VECTOR_MOVE_TOOL (object);

  g_clear_weak_pointer (&self->session);
  tsr_vector_drag_clear (&self->drag);
  G_OBJECT_CLASS (tsr_vector_move_tool_parent_class)->finalize (object);
}

static void
tsr_vector_move_tool_class_init (TsrVectorMoveToolClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_vector_move_tool_finalize;
}

static void
tsr_vector_move_tool_init (TsrVectorMoveTool *self)
{
  tsr_vector_drag_init (&self->drag);
}

TsrTool *
tsr_vector_move_tool_new (TsrEditSession *session)
{
  TsrVectorMoveTool *self;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (session), NULL);

  self = g_object_new (TSR_TYPE_VECTOR_MOVE_TOOL, NULL);
  g_set_weak_pointer (&self->session, session);
  return TSR_TOOL (self);
}
