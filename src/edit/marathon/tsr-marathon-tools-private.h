/* tsr-marathon-tools-private.h: what the Marathon tools share: the session's level map, snapping,
 * running an edit as a command, and the "edit-failed" signal. */
#pragma once

#include "edit/marathon/tsr-marathon-tools.h"
#include "model/marathon/tsr-marathon-edit-level-command.h"

G_BEGIN_DECLS

/* A snapped position: on point POINT (or -1), else on line LINE (or -1), else free. */
typedef struct {
  TsrMarathonPoint at;
  gint             point;
  gint             line;
} TsrMarathonSnap;

/* The session's level map, or NULL when its layer is something else. */
TsrMarathonLevelMap *tsr_marathon_tool_get_map   (TsrEditSession       *session);
/* Snaps (X, Y) at ZOOM (see tsr-marathon-tools.h); with GRID FALSE, only to points and lines. */
void                 tsr_marathon_tool_snap      (TsrEditSession       *session,
                                                  double                x,
                                                  double                y,
                                                  double                zoom,
                                                  gboolean              grid,
                                                  TsrMarathonSnap      *snap);
/* A point of LEVEL at SNAP: the snapped point, a new one splitting the line under it, or a new
 * one. For use inside an edit. */
gboolean             tsr_marathon_tool_make_point (TsrMarathonLevel     *level,
                                                   const TsrMarathonSnap *snap,
                                                   guint                *point,
                                                   GError              **error);
/* Runs EDIT as a command named DESCRIPTION on the session's map; on refusal emits SIGNAL_ID on
 * TOOL with the message. TRUE when the level changed. */
gboolean             tsr_marathon_tool_run       (TsrEditSession       *session,
                                                  gpointer              tool,
                                                  guint                 signal_id,
                                                  const char           *description,
                                                  TsrMarathonLevelEdit  edit,
                                                  gpointer              user_data);
/* The polygon of LEVEL having points A and B as corners with a corner between them on each side
 * (a line from A to B splits it), or -1. */
gint                 tsr_marathon_tool_polygon_with_diagonal (const TsrMarathonLevel *level,
                                                              gint                    a,
                                                              gint                    b);
/* A map coordinate rounded into the 16-bit range. */
gint16               tsr_marathon_tool_coordinate (double                value);
/* What every Marathon tool does with a key it has no use of its own for: Escape clears the
 * selection, Delete removes it. */
gboolean             tsr_marathon_tool_common_key (TsrEditSession      *session,
                                                   TsrToolKey           key);
/* get_layer_kind of every Marathon tool: vector. */
TsrLayerKind         tsr_marathon_tool_layer_kind (TsrTool             *tool);
/* Installs "edit-failed" on a tool class; returns the signal id. */
guint                tsr_marathon_tool_class_install (GObjectClass     *object_class);
/* Selects one element. */
void                 tsr_marathon_tool_select    (TsrEditSession       *session,
                                                  TsrElementKind        kind,
                                                  guint                 index);

G_END_DECLS
