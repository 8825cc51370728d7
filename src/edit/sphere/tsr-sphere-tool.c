/* tsr-sphere-tool.c: the TsrSphereTool base (session, "snap", "edit-failed") and the helpers the
 * Sphere tools share (see tsr-sphere-tools-private.h). */
#include "edit/sphere/tsr-sphere-tools-private.h"

#include <math.h>

double
tsr_sphere_tool_map_pixel (double value)
{
  /* The epsilon absorbs view ↔ map rounding (95.9999 is pixel 96). */
  return floor (value + 1e-6);
}

guint16
tsr_sphere_tool_clamp_u16 (double value)
{
  return (guint16) CLAMP (tsr_sphere_tool_map_pixel (value), 0, G_MAXUINT16);
}

TsrSphereVectorMap *
tsr_sphere_tool_get_map (TsrEditSession *session)
{
  TsrVectorMap *map = session != NULL ? tsr_edit_session_get_vector_map (session) : NULL;

  return map != NULL && TSR_IS_SPHERE_VECTOR_MAP (map) ? TSR_SPHERE_VECTOR_MAP (map) : NULL;
}

TsrSphereDocument *
tsr_sphere_tool_get_document (TsrEditSession *session)
{
  TsrSphereVectorMap *map = tsr_sphere_tool_get_map (session);

  return map != NULL ? tsr_sphere_vector_map_get_document (map) : NULL;
}

void
tsr_sphere_tool_snap (TsrSphereDocument *document,
                      double            *x,
                      double            *y)
{
  guint cell_w = 0, cell_h = 0;

  tsr_tile_map_get_cell_size (TSR_TILE_MAP (document), &cell_w, &cell_h);
  if (cell_w > 0)
    *x = round (*x / cell_w) * cell_w;
  if (cell_h > 0)
    *y = round (*y / cell_h) * cell_h;
}

typedef struct {
  TsrEditSession *session; /* weak: the session owns its tool */
  gboolean        snap;
} TsrSphereToolPrivate;

enum {
  PROP_0,
  PROP_SNAP,
};

static guint edit_failed_signal;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (TsrSphereTool, tsr_sphere_tool, G_TYPE_OBJECT)

static void
tsr_sphere_tool_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  if (prop_id == PROP_SNAP)
    g_value_set_boolean (value, tsr_sphere_tool_get_snap (TSR_SPHERE_TOOL (object)));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tsr_sphere_tool_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrSphereToolPrivate *priv = tsr_sphere_tool_get_instance_private (TSR_SPHERE_TOOL (object));

  if (prop_id != PROP_SNAP)
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  else if (priv->snap != g_value_get_boolean (value))
    {
      priv->snap = g_value_get_boolean (value);
      g_object_notify_by_pspec (object, pspec);
    }
}

static void
tsr_sphere_tool_dispose (GObject *object)
{
  TsrSphereToolPrivate *priv = tsr_sphere_tool_get_instance_private (TSR_SPHERE_TOOL (object));

  g_clear_weak_pointer (&priv->session);
  G_OBJECT_CLASS (tsr_sphere_tool_parent_class)->dispose (object);
}

static void
tsr_sphere_tool_class_init (TsrSphereToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tsr_sphere_tool_dispose;
  object_class->get_property = tsr_sphere_tool_get_property;
  object_class->set_property = tsr_sphere_tool_set_property;
  g_object_class_install_property (object_class, PROP_SNAP,
                                   g_param_spec_boolean ("snap", NULL, NULL, FALSE,
                                                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  edit_failed_signal = g_signal_new ("edit-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
tsr_sphere_tool_init (TsrSphereTool *self)
{
}

TsrEditSession *
tsr_sphere_tool_get_session (TsrSphereTool *tool)
{
  TsrSphereToolPrivate *priv = tsr_sphere_tool_get_instance_private (tool);

  return priv->session;
}

void
tsr_sphere_tool_set_session (TsrSphereTool  *tool,
                             TsrEditSession *session)
{
  TsrSphereToolPrivate *priv = tsr_sphere_tool_get_instance_private (tool);

  g_set_weak_pointer (&priv->session, session);
}

gboolean
tsr_sphere_tool_get_snap (TsrSphereTool *tool)
{
  TsrSphereToolPrivate *priv = tsr_sphere_tool_get_instance_private (tool);

  return priv->snap;
}

void
tsr_sphere_tool_edit_failed (TsrSphereTool *tool,
                             const char    *message)
{
  g_signal_emit (tool, edit_failed_signal, 0, message);
}
