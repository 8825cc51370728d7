/* tsr-sphere-tool.c: helpers the Sphere tools share (see tsr-sphere-tools-private.h). */
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

guint
tsr_sphere_tool_class_install (GObjectClass *object_class,
                               guint         prop_id)
{
  g_object_class_install_property (object_class, prop_id,
                                   g_param_spec_boolean ("snap", NULL, NULL, FALSE,
                                                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  return g_signal_new ("edit-failed", G_TYPE_FROM_CLASS (object_class), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                       G_TYPE_NONE, 1, G_TYPE_STRING);
}
