/* tsr-sphere-select-tool.c: the core's select tool with Sphere's picking in front of it: a
 * person's whole picture grabs it, a zone's bottom-right corner resizes the zone. The core tool
 * sees the press moved to the grabbed person's position and every later pointer position moved
 * by whole pixels (or, with snapping, by what keeps the grabbed zone or segment on tile corners),
 * so its one-step drags, rubber band and keys serve Sphere unchanged. */
#include "edit/sphere/tsr-sphere-tools-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "edit/tsr-move-elements-command.h"
#include "edit/tsr-vector-select-tool.h"

typedef enum {
  STATE_IDLE,
  STATE_FORWARD, /* the core tool has the drag */
  STATE_RESIZE,  /* a zone's corner follows the pointer */
} State;

struct _TsrSphereSelectTool {
  TsrSphereTool   parent_instance;
  TsrTool        *inner;
  State           state;
  double          press_x, press_y;   /* the pointer at the press */
  double          anchor_x, anchor_y; /* where the core tool was told the press was */
  gboolean        has_origin;         /* a zone or segment was grabbed: snap its first corner */
  double          origin_x, origin_y;
  guint           zone;               /* resized zone */
  guint           depth_at_press;
};

static void tsr_sphere_select_tool_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrSphereSelectTool, tsr_sphere_select_tool, TSR_TYPE_SPHERE_TOOL,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TOOL, tsr_sphere_select_tool_iface_init))

static const char *
select_get_id (TsrTool *tool)
{
  return "sphere-select";
}

static TsrLayerKind
select_get_layer_kind (TsrTool *tool)
{
  return TSR_LAYER_KIND_VECTOR;
}

static const char *
select_get_cursor_name (TsrTool *tool)
{
  TsrSphereSelectTool *self = TSR_SPHERE_SELECT_TOOL (tool);

  return self->state == STATE_RESIZE ? "se-resize" : tsr_tool_get_cursor_name (self->inner);
}

/* The zone whose bottom-right corner is within the handle's reach of (X, Y), topmost first. */
static gint
zone_handle_at (TsrSphereDocument  *document,
                const TsrToolEvent *event)
{
  double reach = TSR_SPHERE_HANDLE_TOLERANCE / MAX (event->zoom, 1e-6);

  for (guint i = tsr_sphere_document_get_n_zones (document); i-- > 0;)
    {
      const TsrSphereZone *zone = tsr_sphere_document_get_zone (document, i);

      if (fabs (event->x - MAX (zone->x1, zone->x2)) <= reach && fabs (event->y - MAX (zone->y1, zone->y2)) <= reach)
        return (gint) i;
    }
  return -1;
}

/* The pointer as the core tool sees it: the press's anchor plus a whole-pixel (or snapped) move. */
static TsrToolEvent
forwarded (TsrSphereSelectTool *self,
           const TsrToolEvent  *event)
{
  TsrSphereDocument *document = tsr_sphere_tool_get_document (tsr_sphere_tool_session (self));
  TsrToolEvent moved = *event;
  double dx = round (event->x - self->press_x), dy = round (event->y - self->press_y);

  if (tsr_sphere_tool_snaps (self) && self->has_origin && document != NULL)
    {
      double x = self->origin_x + dx, y = self->origin_y + dy;

      tsr_sphere_tool_snap (document, &x, &y);
      dx = x - self->origin_x;
      dy = y - self->origin_y;
    }
  moved.x = self->anchor_x + dx;
  moved.y = self->anchor_y + dy;
  return moved;
}

static void
resize_to (TsrSphereSelectTool *self,
           const TsrToolEvent  *event)
{
  TsrSphereDocument *document = tsr_sphere_tool_get_document (tsr_sphere_tool_session (self));
  TsrVectorMap *map = tsr_edit_session_get_vector_map (tsr_sphere_tool_session (self));
  const TsrSphereZone *zone;
  TsrVertexRef corner = { { TSR_ELEMENT_RECTANGLE, self->zone }, 1 };
  TsrVectorPoint to;
  g_autoptr(TsrCommand) command = NULL;
  double x = event->x, y = event->y;

  if (document == NULL || self->zone >= tsr_sphere_document_get_n_zones (document))
    return;
  zone = tsr_sphere_document_get_zone (document, self->zone);
  if (tsr_sphere_tool_snaps (self))
    tsr_sphere_tool_snap (document, &x, &y);
  else
    x = tsr_sphere_tool_map_pixel (x), y = tsr_sphere_tool_map_pixel (y);
  /* The corner never passes the other one, so the zone stays normalised. */
  to.x = CLAMP (x, MIN (zone->x1, zone->x2), G_MAXUINT16);
  to.y = CLAMP (y, MIN (zone->y1, zone->y2), G_MAXUINT16);
  command = tsr_move_elements_command_new (map, &corner, &to, 1, _("Resize Zone"), "sphere-resize-zone");
  tsr_edit_session_execute (tsr_sphere_tool_session (self), command);
}

static void
select_press (TsrTool            *tool,
              const TsrToolEvent *event)
{
  TsrSphereSelectTool *self = TSR_SPHERE_SELECT_TOOL (tool);
  TsrSphereDocument *document = tsr_sphere_tool_get_document (tsr_sphere_tool_session (self));
  TsrVectorMap *map = tsr_sphere_tool_session (self) != NULL ? tsr_edit_session_get_vector_map (tsr_sphere_tool_session (self)) : NULL;
  TsrToolEvent moved = *event;
  TsrElementRef hit;
  gint entity, zone;

  if (self->state == STATE_RESIZE)
    tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (tsr_sphere_tool_session (self)));
  self->state = STATE_IDLE;
  if (document == NULL)
    return;
  self->press_x = self->anchor_x = event->x;
  self->press_y = self->anchor_y = event->y;
  self->has_origin = FALSE;

  entity = tsr_sphere_document_entity_at (document, -1, (gint) tsr_sphere_tool_map_pixel (event->x),
                                          (gint) tsr_sphere_tool_map_pixel (event->y));
  zone = entity < 0 ? zone_handle_at (document, event) : -1;
  if (entity >= 0)
    {
      /* The core tool hit-tests markers at their position: press there. */
      const TsrSphereEntity *stored = tsr_sphere_document_get_entity (document, (guint) entity);

      self->anchor_x = moved.x = stored->x;
      self->anchor_y = moved.y = stored->y;
    }
  else if (zone >= 0 && !(event->modifiers & (TSR_MODIFIER_SHIFT | TSR_MODIFIER_CONTROL)))
    {
      TsrElementRef ref = { TSR_ELEMENT_RECTANGLE, (guint) zone };

      tsr_selection_set (tsr_edit_session_get_selection (tsr_sphere_tool_session (self)), &ref, 1);
      self->zone = (guint) zone;
      self->state = STATE_RESIZE;
      self->depth_at_press = tsr_undo_stack_get_depth (tsr_edit_session_get_undo_stack (tsr_sphere_tool_session (self)));
      tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (tsr_sphere_tool_session (self)));
      tsr_tool_cursor_changed (tool);
      return;
    }
  else if (map != NULL && tsr_vector_map_hit_test (map, event->x, event->y, TSR_TOOL_HIT_TOLERANCE, event->zoom,
                                                   TSR_ELEMENT_MASK_ALL, &hit)
           && hit.kind != TSR_ELEMENT_MARKER)
    {
      TsrVectorPoint first;

      tsr_vector_map_get_vertex (map, &hit, 0, &first);
      self->has_origin = TRUE;
      self->origin_x = first.x;
      self->origin_y = first.y;
    }
  self->state = STATE_FORWARD;
  tsr_tool_press (self->inner, &moved);
}

static void
select_drag (TsrTool            *tool,
             const TsrToolEvent *event)
{
  TsrSphereSelectTool *self = TSR_SPHERE_SELECT_TOOL (tool);
  TsrToolEvent moved;

  switch (self->state)
    {
    case STATE_RESIZE:
      resize_to (self, event);
      break;
    case STATE_FORWARD:
      moved = forwarded (self, event);
      tsr_tool_drag (self->inner, &moved);
      break;
    case STATE_IDLE:
    default:
      break;
    }
}

static void
select_release (TsrTool            *tool,
                const TsrToolEvent *event)
{
  TsrSphereSelectTool *self = TSR_SPHERE_SELECT_TOOL (tool);
  TsrToolEvent moved;
  State state = self->state;

  self->state = STATE_IDLE;
  switch (state)
    {
    case STATE_RESIZE:
      resize_to (self, event);
      tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (tsr_sphere_tool_session (self)));
      tsr_tool_cursor_changed (tool);
      break;
    case STATE_FORWARD:
      moved = forwarded (self, event);
      tsr_tool_release (self->inner, &moved);
      break;
    case STATE_IDLE:
    default:
      break;
    }
}

static void
select_hover (TsrTool            *tool,
              const TsrToolEvent *event)
{
  tsr_tool_hover (TSR_SPHERE_SELECT_TOOL (tool)->inner, event);
}

static void
select_cancel (TsrTool *tool)
{
  TsrSphereSelectTool *self = TSR_SPHERE_SELECT_TOOL (tool);
  State state = self->state;

  self->state = STATE_IDLE;
  if (state == STATE_RESIZE)
    {
      TsrUndoStack *stack = tsr_edit_session_get_undo_stack (tsr_sphere_tool_session (self));

      while (tsr_undo_stack_get_depth (stack) > self->depth_at_press && tsr_undo_stack_undo (stack))
        ;
      tsr_tool_cursor_changed (tool);
    }
  else
    tsr_tool_cancel (self->inner);
}

static gboolean
select_key (TsrTool     *tool,
            TsrToolKey   key,
            TsrModifiers modifiers)
{
  TsrSphereSelectTool *self = TSR_SPHERE_SELECT_TOOL (tool);

  if (self->state == STATE_RESIZE)
    {
      if (key != TSR_TOOL_KEY_ESCAPE)
        return FALSE;
      select_cancel (tool);
      return TRUE;
    }
  return tsr_tool_key (self->inner, key, modifiers);
}

static void
select_get_overlay (TsrTool   *tool,
                    GPtrArray *items)
{
  g_autoptr(GPtrArray) inner = tsr_tool_get_overlay (TSR_SPHERE_SELECT_TOOL (tool)->inner);

  for (guint i = 0; i < inner->len; i++)
    g_ptr_array_add (items, g_steal_pointer (&inner->pdata[i]));
}

static void
tsr_sphere_select_tool_iface_init (TsrToolInterface *iface)
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
tsr_sphere_select_tool_dispose (GObject *object)
{
  TsrSphereSelectTool *self = TSR_SPHERE_SELECT_TOOL (object);

  if (self->inner != NULL)
    g_signal_handlers_disconnect_by_data (self->inner, self);
  g_clear_object (&self->inner);
  G_OBJECT_CLASS (tsr_sphere_select_tool_parent_class)->dispose (object);
}

static void
tsr_sphere_select_tool_class_init (TsrSphereSelectToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tsr_sphere_select_tool_dispose;
}

static void
tsr_sphere_select_tool_init (TsrSphereSelectTool *self)
{
}

TsrTool *
tsr_sphere_select_tool_new (TsrEditSession *session)
{
  TsrSphereSelectTool *self;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (session), NULL);

  self = g_object_new (TSR_TYPE_SPHERE_SELECT_TOOL, NULL);
  tsr_sphere_tool_set_session (TSR_SPHERE_TOOL (self), session);
  self->inner = tsr_vector_select_tool_new (session);
  g_signal_connect_swapped (self->inner, "overlay-changed", G_CALLBACK (tsr_tool_overlay_changed), self);
  g_signal_connect_swapped (self->inner, "cursor-changed", G_CALLBACK (tsr_tool_cursor_changed), self);
  return TSR_TOOL (self);
}
