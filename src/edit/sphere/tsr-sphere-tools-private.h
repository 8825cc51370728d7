/* tsr-sphere-tools-private.h: what the Sphere tools share: the document and layer behind the
 * session's vector map, tile-corner snapping, and the "snap" property and "edit-failed" signal
 * every one of them has. */
#pragma once

#include "edit/sphere/tsr-sphere-tools.h"
#include "model/sphere/tsr-sphere-vector-map.h"

G_BEGIN_DECLS

/* The session's Sphere vector map, or NULL when its layer is something else. */
TsrSphereVectorMap *tsr_sphere_tool_get_map      (TsrEditSession *session);
TsrSphereDocument  *tsr_sphere_tool_get_document (TsrEditSession *session);
/* The nearest tile corner to map coordinate (X, Y) of DOCUMENT's grid. */
void                tsr_sphere_tool_snap         (TsrSphereDocument *document,
                                                  double            *x,
                                                  double            *y);
guint16             tsr_sphere_tool_clamp_u16    (double             value);
/* Installs "snap" (as property PROP_ID) and "edit-failed" on a tool class; returns the signal id. */
guint               tsr_sphere_tool_class_install (GObjectClass      *object_class,
                                                   guint              prop_id);

G_END_DECLS
