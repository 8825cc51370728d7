/* tsr-sphere-shape-tool.c: a drag draws a zone or an obstruction segment. */
#include "edit/sphere/tsr-sphere-tools-private.h"

#include <math.h>

struct _TsrSphereShapeTool {
  TsrSphereTool       parent_instance;
  TsrSphereShapeKind  kind;
  gboolean            drawing;
  double              press_x, press_y, last_x, last_y;
};

static void tsr_sphere_shape_tool_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrSphereShapeTool, tsr_sphere_shape_tool, TSR_TYPE_SPHERE_TOOL,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TOOL, tsr_sphere_shape_tool_iface_init))

static const char *
shape_get_id (TsrTool *tool)
{
  return TSR_SPHERE_SHAPE_TOOL (tool)->kind == TSR_SPHERE_SHAPE_ZONE ? "sphere-zone" : "sphere-segment";
}

static TsrLayerKind
shape_get_layer_kind (TsrTool *tool)
{
  return TSR_LAYER_KIND_VECTOR;
}

static const char *
shape_get_cursor_name (TsrTool *tool)
{
  return "crosshair";
}

/* The pointer as the shape uses it: on a tile corner when snapping. */
static void
shape_point (TsrSphereShapeTool *self,
             const TsrToolEvent *event,
             double             *x,
             double             *y)
{
  TsrSphereDocument *document = tsr_sphere_tool_get_document (tsr_sphere_tool_session (self));

  *x = event->x;
  *y = event->y;
  if (tsr_sphere_tool_snaps (self) && document != NULL)
    tsr_sphere_tool_snap (document, x, y);
}

static void
shape_press (TsrTool            *tool,
             const TsrToolEvent *event)
{
  TsrSphereShapeTool *self = TSR_SPHERE_SHAPE_TOOL (tool);

  if (tsr_sphere_tool_get_document (tsr_sphere_tool_session (self)) == NULL)
    return;
  shape_point (self, event, &self->press_x, &self->press_y);
  self->last_x = self->press_x;
  self->last_y = self->press_y;
  self->drawing = TRUE;
  tsr_tool_overlay_changed (tool);
}

static void
shape_drag (TsrTool            *tool,
            const TsrToolEvent *event)
{
  TsrSphereShapeTool *self = TSR_SPHERE_SHAPE_TOOL (tool);

  if (!self->drawing)
    return;
  shape_point (self, event, &self->last_x, &self->last_y);
  tsr_tool_overlay_changed (tool);
}

static void
shape_release (TsrTool            *tool,
               const TsrToolEvent *event)
{
  TsrSphereShapeTool *self = TSR_SPHERE_SHAPE_TOOL (tool);
  TsrSphereVectorMap *map = tsr_sphere_tool_get_map (tsr_sphere_tool_session (self));
  TsrSphereDocument *document = tsr_sphere_tool_get_document (tsr_sphere_tool_session (self));
  g_autoptr(GError) error = NULL;
  TsrElementRef added = { TSR_ELEMENT_RECTANGLE, 0 };
  gboolean done = TRUE;
  guint layer;

  if (!self->drawing)
    return;
  shape_drag (tool, event);
  self->drawing = FALSE;
  tsr_tool_overlay_changed (tool);
  if (document == NULL)
    return;
  layer = tsr_sphere_vector_map_get_layer (map);
  tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (tsr_sphere_tool_session (self)));
  if (self->kind == TSR_SPHERE_SHAPE_ZONE)
    {
      double x2 = self->last_x, y2 = self->last_y;

      /* A click makes a one-tile zone. */
      if (fabs (x2 - self->press_x) < 2 && fabs (y2 - self->press_y) < 2)
        {
          guint cell_w = 0, cell_h = 0;

          tsr_tile_map_get_cell_size (TSR_TILE_MAP (document), &cell_w, &cell_h);
          x2 = self->press_x + cell_w;
          y2 = self->press_y + cell_h;
        }
      done = tsr_sphere_document_add_zone (document, tsr_sphere_tool_clamp_u16 (self->press_x),
                                           tsr_sphere_tool_clamp_u16 (self->press_y), tsr_sphere_tool_clamp_u16 (x2),
                                           tsr_sphere_tool_clamp_u16 (y2), (guint16) layer, "", &added.index, &error);
    }
  else if (fabs (self->last_x - self->press_x) >= 1 || fabs (self->last_y - self->press_y) >= 1)
    {
      TsrSphereSegment segment = {
        (guint32) MAX (tsr_sphere_tool_map_pixel (self->press_x), 0),
        (guint32) MAX (tsr_sphere_tool_map_pixel (self->press_y), 0),
        (guint32) MAX (tsr_sphere_tool_map_pixel (self->last_x), 0),
        (guint32) MAX (tsr_sphere_tool_map_pixel (self->last_y), 0),
      };

      added.kind = TSR_ELEMENT_SEGMENT;
      done = tsr_sphere_document_add_segment (document, layer, &segment, &added.index, &error);
    }
  else
    return;
  if (done)
    tsr_selection_set (tsr_edit_session_get_selection (tsr_sphere_tool_session (self)), &added, 1);
  else
    tsr_sphere_tool_edit_failed (TSR_SPHERE_TOOL (self), error->message);
}

static void
shape_cancel (TsrTool *tool)
{
  TsrSphereShapeTool *self = TSR_SPHERE_SHAPE_TOOL (tool);

  if (!self->drawing)
    return;
  self->drawing = FALSE;
  tsr_tool_overlay_changed (tool);
}

static gboolean
shape_key (TsrTool     *tool,
           TsrToolKey   key,
           TsrModifiers modifiers)
{
  TsrSphereShapeTool *self = TSR_SPHERE_SHAPE_TOOL (tool);

  if (tsr_sphere_tool_session (self) == NULL)
    return FALSE;
  if (key == TSR_TOOL_KEY_ESCAPE)
    {
      if (self->drawing)
        shape_cancel (tool);
      else
        tsr_selection_clear (tsr_edit_session_get_selection (tsr_sphere_tool_session (self)));
      return TRUE;
    }
  if (key == TSR_TOOL_KEY_DELETE && !self->drawing)
    return tsr_edit_session_delete_selection (tsr_sphere_tool_session (self));
  return FALSE;
}

static void
shape_get_overlay (TsrTool   *tool,
                   GPtrArray *items)
{
  TsrSphereShapeTool *self = TSR_SPHERE_SHAPE_TOOL (tool);

  if (!self->drawing)
    return;
  if (self->kind == TSR_SPHERE_SHAPE_ZONE)
    {
      TsrVectorPoint corners[] = {
        { self->press_x, self->press_y }, { self->last_x, self->press_y },
        { self->last_x, self->last_y }, { self->press_x, self->last_y },
      };

      g_ptr_array_add (items, tsr_overlay_item_new (TSR_OVERLAY_OUTLINE, corners, G_N_ELEMENTS (corners)));
    }
  else
    {
      TsrVectorPoint ends[] = { { self->press_x, self->press_y }, { self->last_x, self->last_y } };

      g_ptr_array_add (items, tsr_overlay_item_new (TSR_OVERLAY_POLYLINE, ends, G_N_ELEMENTS (ends)));
    }
}

static void
tsr_sphere_shape_tool_iface_init (TsrToolInterface *iface)
{
  iface->get_id = shape_get_id;
  iface->get_layer_kind = shape_get_layer_kind;
  iface->get_cursor_name = shape_get_cursor_name;
  iface->press = shape_press;
  iface->drag = shape_drag;
  iface->release = shape_release;
  iface->key = shape_key;
  iface->cancel = shape_cancel;
  iface->get_overlay = shape_get_overlay;
}

static void
tsr_sphere_shape_tool_class_init (TsrSphereShapeToolClass *klass)
{
}

static void
tsr_sphere_shape_tool_init (TsrSphereShapeTool *self)
{
}

TsrTool *
tsr_sphere_shape_tool_new (TsrEditSession     *session,
                           TsrSphereShapeKind  kind)
{
  TsrSphereShapeTool *self;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (session), NULL);

  self = g_object_new (TSR_TYPE_SPHERE_SHAPE_TOOL, NULL);
  tsr_sphere_tool_set_session (TSR_SPHERE_TOOL (self), session);
  self->kind = kind;
  return TSR_TOOL (self);
}
