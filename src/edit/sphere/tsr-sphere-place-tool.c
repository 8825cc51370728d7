/* tsr-sphere-place-tool.c: a click places a person or a trigger. */
#include "edit/sphere/tsr-sphere-tools-private.h"

#include "formats/sphere/tsr-sphere-string.h"

struct _TsrSpherePlaceTool {
  GObject             parent_instance;
  TsrEditSession     *session; /* weak: the session owns its tool */
  TsrSpherePlaceKind  kind;
  gboolean            snap;    /* unused: entities are placed at the pixel */
  gboolean            pressed; /* until the release, Escape takes the placement back */
  guint               depth_at_press;
};

enum {
  PROP_0,
  PROP_SNAP,
};

static guint edit_failed_signal;

static void tsr_sphere_place_tool_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrSpherePlaceTool, tsr_sphere_place_tool, G_TYPE_OBJECT,
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
  TsrSphereVectorMap *map = tsr_sphere_tool_get_map (self->session);
  TsrSphereDocument *document = tsr_sphere_tool_get_document (self->session);
  g_autoptr(GError) error = NULL;
  guint16 x = tsr_sphere_tool_clamp_u16 (event->x), y = tsr_sphere_tool_clamp_u16 (event->y);
  guint16 layer;
  guint index = 0;
  gboolean done;

  if (document == NULL)
    return;
  layer = (guint16) tsr_sphere_vector_map_get_layer (map);
  self->pressed = TRUE;
  self->depth_at_press = tsr_undo_stack_get_depth (tsr_edit_session_get_undo_stack (self->session));
  tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (self->session));
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

      tsr_selection_set (tsr_edit_session_get_selection (self->session), &ref, 1);
    }
  else
    g_signal_emit (self, edit_failed_signal, 0, error->message);
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

  if (!self->pressed || self->session == NULL)
    return;
  self->pressed = FALSE;
  stack = tsr_edit_session_get_undo_stack (self->session);
  while (tsr_undo_stack_get_depth (stack) > self->depth_at_press && tsr_undo_stack_undo (stack))
    ;
}

static gboolean
place_key (TsrTool     *tool,
           TsrToolKey   key,
           TsrModifiers modifiers)
{
  TsrSpherePlaceTool *self = TSR_SPHERE_PLACE_TOOL (tool);

  if (self->session == NULL)
    return FALSE;
  if (key == TSR_TOOL_KEY_DELETE)
    return tsr_edit_session_delete_selection (self->session);
  if (key == TSR_TOOL_KEY_ESCAPE && self->pressed)
    {
      place_cancel (tool);
      return TRUE;
    }
  if (key == TSR_TOOL_KEY_ESCAPE)
    {
      tsr_selection_clear (tsr_edit_session_get_selection (self->session));
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
tsr_sphere_place_tool_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  if (prop_id == PROP_SNAP)
    g_value_set_boolean (value, TSR_SPHERE_PLACE_TOOL (object)->snap);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tsr_sphere_place_tool_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrSpherePlaceTool *self = TSR_SPHERE_PLACE_TOOL (object);

  if (prop_id == PROP_SNAP && self->snap != g_value_get_boolean (value))
    {
      self->snap = g_value_get_boolean (value);
      g_object_notify_by_pspec (object, pspec);
    }
  else if (prop_id != PROP_SNAP)
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tsr_sphere_place_tool_finalize (GObject *object)
{
  g_clear_weak_pointer (&TSR_SPHERE_PLACE_TOOL (object)->session);
  G_OBJECT_CLASS (tsr_sphere_place_tool_parent_class)->finalize (object);
}

static void
tsr_sphere_place_tool_class_init (TsrSpherePlaceToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tsr_sphere_place_tool_finalize;
  object_class->get_property = tsr_sphere_place_tool_get_property;
  object_class->set_property = tsr_sphere_place_tool_set_property;
  edit_failed_signal = tsr_sphere_tool_class_install (object_class, PROP_SNAP);
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
  g_set_weak_pointer (&self->session, session);
  self->kind = kind;
  return TSR_TOOL (self);
}
