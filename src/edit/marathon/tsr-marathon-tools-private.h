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
/* Installs "edit-failed" on a tool class; returns the signal id. */
guint                tsr_marathon_tool_class_install (GObjectClass     *object_class);
/* Selects one element. */
void                 tsr_marathon_tool_select    (TsrEditSession       *session,
                                                  TsrElementKind        kind,
                                                  guint                 index);

G_END_DECLS
