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
/* The session TOOL edits (NULL once the session is gone), set once by each tool's constructor. */
TsrEditSession     *tsr_sphere_tool_get_session  (TsrSphereTool     *tool);
void                tsr_sphere_tool_set_session  (TsrSphereTool     *tool,
                                                  TsrEditSession    *session);
gboolean            tsr_sphere_tool_get_snap     (TsrSphereTool     *tool);
/* The same two, for a subclass instance. */
#define tsr_sphere_tool_session(tool) tsr_sphere_tool_get_session (TSR_SPHERE_TOOL (tool))
#define tsr_sphere_tool_snaps(tool)   tsr_sphere_tool_get_snap (TSR_SPHERE_TOOL (tool))
/* Emits "edit-failed" with MESSAGE. */
void                tsr_sphere_tool_edit_failed  (TsrSphereTool     *tool,
                                                  const char        *message);

G_END_DECLS
