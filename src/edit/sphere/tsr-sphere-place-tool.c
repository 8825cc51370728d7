/* tsr-sphere-place-tool.c: a click places a person or a trigger. */
#include "edit/sphere/tsr-sphere-tools-private.h"

#include "formats/sphere/tsr-sphere-string.h"

struct _TsrSpherePlaceTool {
  TsrSphereTool       parent_instance;
  TsrSpherePlaceKind  kind;
  gboolean            pressed; /* until the release, Escape takes the placement back */
  guint               depth_at_press;
};

static void tsr_sphere_place_tool_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrSpherePlaceTool, tsr_sphere_place_tool, TSR_TYPE_SPHERE_TOOL,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TOOL, tsr_sphere_place_tool_iface_init))

static const char *
place_get_id (TsrTool *tool)
{
  return TSR_SPHERE_PLACE_TOOL (tool)->kind == TSR_SPHERE_PLACE_PERSON ? "sphere-person" : "sphere-trigger";
}

static TsrLayerKind
place_get_layer_kind (TsrTool *tool)
{
  return TSR_LAYER_KIND_VECTOR;
}

static const char *
place_get_cursor_name (TsrTool *tool)
{
  return "crosshair";
}

/* A new person looks like the map's first person until the user picks a spriteset. */
static char *
default_spriteset (TsrSphereDocument *document)
{
  for (guint i = 0; i < tsr_sphere_document_get_n_entities (document); i++)
    {
      const TsrSphereEntity *other = tsr_sphere_document_get_entity (document, i);

      if (other->type == TSR_SPHERE_ENTITY_PERSON && other->spriteset != NULL && g_bytes_get_size (other->spriteset) > 0)
        return tsr_sphere_string_to_utf8 (other->spriteset);
    }
  return g_strdup ("");
}

static void
place_press (TsrTool            *tool,
             const TsrToolEvent *event)
{
  TsrSpherePlaceTool *self = TSR_SPHERE_PLACE_TOOL (tool);
  TsrSphereVectorMap *map = tsr_sphere_tool_get_map (tsr_sphere_tool_session (self));
  TsrSphereDocument *document = tsr_sphere_tool_get_document (tsr_sphere_tool_session (self));
  g_autoptr(GError) error = NULL;
  guint16 x = tsr_sphere_tool_clamp_u16 (event->x), y = tsr_sphere_tool_clamp_u16 (event->y);
  guint16 layer;
  guint index = 0;
  gboolean done;

  if (document == NULL)
    return;
  layer = (guint16) tsr_sphere_vector_map_get_layer (map);
  self->pressed = TRUE;
  self->depth_at_press = tsr_undo_stack_get_depth (tsr_edit_session_get_undo_stack (tsr_sphere_tool_session (self)));
  tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (tsr_sphere_tool_session (self)));
  if (self->kind == TSR_SPHERE_PLACE_PERSON)
    {
      g_autofree char *name = g_strdup_printf ("person%u", tsr_sphere_document_get_n_entities (document) + 1);
      g_autofree char *spriteset = default_spriteset (document);

      done = tsr_sphere_document_add_person (document, x, y, layer, name, spriteset, &index, &error);
    }
  else
    done = tsr_sphere_document_add_trigger (document, x, y, layer, "", &index, &error);
  if (done)
    {
      TsrElementRef ref = { TSR_ELEMENT_MARKER, index };

      tsr_selection_set (tsr_edit_session_get_selection (tsr_sphere_tool_session (self)), &ref, 1);
    }
  else
    tsr_sphere_tool_edit_failed (TSR_SPHERE_TOOL (self), error->message);
}

static void
place_drag (TsrTool            *tool,
            const TsrToolEvent *event)
{
}

static void
place_release (TsrTool            *tool,
               const TsrToolEvent *event)
{
  TSR_SPHERE_PLACE_TOOL (tool)->pressed = FALSE;
}

static void
place_cancel (TsrTool *tool)
{
  TsrSpherePlaceTool *self = TSR_SPHERE_PLACE_TOOL (tool);
  TsrUndoStack *stack;

  if (!self->pressed || tsr_sphere_tool_session (self) == NULL)
    return;
  self->pressed = FALSE;
  stack = tsr_edit_session_get_undo_stack (tsr_sphere_tool_session (self));
  while (tsr_undo_stack_get_depth (stack) > self->depth_at_press && tsr_undo_stack_undo (stack))
    ;
}

static gboolean
place_key (TsrTool     *tool,
           TsrToolKey   key,
           TsrModifiers modifiers)
{
  TsrSpherePlaceTool *self = TSR_SPHERE_PLACE_TOOL (tool);

  if (tsr_sphere_tool_session (self) == NULL)
    return FALSE;
  if (key == TSR_TOOL_KEY_DELETE)
    return tsr_edit_session_delete_selection (tsr_sphere_tool_session (self));
  if (key == TSR_TOOL_KEY_ESCAPE && self->pressed)
    {
      place_cancel (tool);
      return TRUE;
    }
  if (key == TSR_TOOL_KEY_ESCAPE)
    {
      tsr_selection_clear (tsr_edit_session_get_selection (tsr_sphere_tool_session (self)));
      return TRUE;
    }
  return FALSE;
}

static void
tsr_sphere_place_tool_iface_init (TsrToolInterface *iface)
{
  iface->get_id = place_get_id;
  iface->get_layer_kind = place_get_layer_kind;
  iface->get_cursor_name = place_get_cursor_name;
  iface->press = place_press;
  iface->drag = place_drag;
  iface->release = place_release;
  iface->key = place_key;
  iface->cancel = place_cancel;
}

static void
tsr_sphere_place_tool_class_init (TsrSpherePlaceToolClass *klass)
{
}

static void
tsr_sphere_place_tool_init (TsrSpherePlaceTool *self)
{
}

TsrTool *
tsr_sphere_place_tool_new (TsrEditSession     *session,
                           TsrSpherePlaceKind  kind)
{
  TsrSpherePlaceTool *self;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (session), NULL);

  self = g_object_new (TSR_TYPE_SPHERE_PLACE_TOOL, NULL);
  tsr_sphere_tool_set_session (TSR_SPHERE_TOOL (self), session);
  self->kind = kind;
  return TSR_TOOL (self);
}
