/* tsr-marathon-tools.h: the Marathon map editor's drawing tools, as TsrTools on an edit session
 * whose layer is a TsrMarathonLevelMap: draw lines, regular polygons, fill, split, place objects,
 * and the merge of two selected polygons. Every edit is one TsrMarathonEditLevelCommand made of
 * the geometry operations (tsr-marathon-geometry.h), which refuse what the engine would not
 * accept: then nothing changes and the tool emits "edit-failed (const char *message)".
 *
 * Positions snap, in this order, to an existing point within TSR_MARATHON_SNAP_PIXELS screen
 * pixels, to a line within that distance (the nearest point of the line with whole coordinates
 * strictly between its ends: drawing there splits the line), then to the session's grid when it
 * snaps. GTK-free (the sanitizer build runs them). */
#pragma once

#include "edit/tsr-edit-session.h"

G_BEGIN_DECLS

#define TSR_MARATHON_SNAP_PIXELS 8.0

/* Lines: a click starts a chain, every further click draws a solid line from the chain's last
 * point (one undo step each); a line between two corners of one polygon splits the polygon
 * instead. Shift snaps the line's angle to a multiple of 22.5°. Escape (or a click on the chain's
 * first point, closing it) ends the chain. The rubber line is the overlay. */
#define TSR_TYPE_MARATHON_LINE_TOOL (tsr_marathon_line_tool_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonLineTool, tsr_marathon_line_tool, TSR, MARATHON_LINE_TOOL, GObject)

TsrTool *tsr_marathon_line_tool_new    (TsrEditSession *session);

/* Regular polygon: a drag from the centre sets the radius (and the first corner's direction);
 * the release makes "sides" (3–8) points and lines and fills the polygon, as one undo step. */
#define TSR_TYPE_MARATHON_POLYGON_TOOL (tsr_marathon_polygon_tool_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonPolygonTool, tsr_marathon_polygon_tool, TSR, MARATHON_POLYGON_TOOL, GObject)

TsrTool *tsr_marathon_polygon_tool_new (TsrEditSession *session);
guint    tsr_marathon_polygon_tool_get_sides (TsrMarathonPolygonTool *self);
void     tsr_marathon_polygon_tool_set_sides (TsrMarathonPolygonTool *self,
                                              guint                   sides);

/* What a click tool does. */
typedef enum {
  TSR_MARATHON_CLICK_FILL,   /* a polygon of the smallest closed loop round the click */
  TSR_MARATHON_CLICK_SPLIT,  /* a click on a line splits it there; a click on a corner of a
                              * polygon, then on another corner of it, splits the polygon */
  TSR_MARATHON_CLICK_PLACE,  /* an object of "object-type" (TsrMarathonObject.type: 0 monster,
                              * 1 scenery, 2 item, 3 player start, 4 goal, 5 sound source) and
                              * "object-index" in the polygon under the press, facing the way
                              * the pointer is dragged from there (Shift: 22.5° steps), or
                              * "facing" (0–511) after a bare click; a sound source's facing is
                              * its volume and always "facing". One undo step at the release.
                              * With "object-type" TSR_MARATHON_PLACE_ANNOTATION: an annotation
                              * of "annotation-text" where the press was, on the polygon there. */
} TsrMarathonClickKind;

/* The place tool's "object-type" that places annotations instead of objects. */
#define TSR_MARATHON_PLACE_ANNOTATION 6

#define TSR_TYPE_MARATHON_CLICK_TOOL (tsr_marathon_click_tool_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonClickTool, tsr_marathon_click_tool, TSR, MARATHON_CLICK_TOOL, GObject)

TsrTool *tsr_marathon_click_tool_new   (TsrEditSession       *session,
                                        TsrMarathonClickKind  kind);

/* Merges the two selected polygons (adjacent: they share one line) as one undo step and selects
 * the result. FALSE with ERROR set when the selection is not two polygons or the merge is
 * refused (nothing changes). */
gboolean tsr_marathon_merge_selection  (TsrEditSession *session,
                                        GError        **error);

G_END_DECLS
