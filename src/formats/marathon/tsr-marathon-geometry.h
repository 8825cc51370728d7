/* tsr-marathon-geometry.h: geometry operations on a Marathon level's codec structs, for the map
 * editor and scripts. Each operation checks its result with the map validation and the derived
 * data: it either leaves a level with no new validation error and derived data as the engine
 * computes it, or fails with a GError and leaves the level exactly as it was. GTK-free. */
#pragma once

#include <glib.h>

#include "formats/marathon/tsr-marathon-map.h"

G_BEGIN_DECLS

/* Splits line LINE_INDEX at AT (which must lie on the line, strictly between its ends): a new
 * point, a new line from it to the old second end with the old line's flags and owners, a clone
 * of each side with its texture offsets shifted by the distance along the line, and the point
 * inserted into every polygon that owns the line. *NEW_POINT (may be NULL) receives the point's
 * index and *NEW_LINE (may be NULL) the new line's. */
gboolean tsr_marathon_level_split_line (TsrMarathonLevel *level,
                                        guint             line_index,
                                        TsrMarathonPoint  at,
                                        guint            *new_point,
                                        guint            *new_line,
                                        GError          **error);

/* The lines the last refused merge, fill or line drawing of this thread blames: the two lines
 * meeting at a corner that turns the wrong way, the line a new line would cross, overlap, end on
 * or repeat, or every line of an outline with more than 8 vertices. Empty after a success or a
 * refusal no line is to blame for; valid until the next such operation. */
const guint *tsr_marathon_refused_lines (guint *n);

/* Merges polygon B into polygon A, which share exactly one line: the shared line and its sides go,
 * A takes B's other lines, and everything that named B (objects, annotations, triggers,
 * teleporters, platform switches, terminal teleports) names A; later polygons, lines and sides
 * are renumbered. Refused when the result is concave or has more than 8 vertices, or when B is a
 * platform or a platform's polygon. */
gboolean tsr_marathon_level_merge_polygons (TsrMarathonLevel *level,
                                            guint             a,
                                            guint             b,
                                            GError          **error);

/* Makes a polygon of the smallest closed loop of lines round AT: from the line nearest AT, walks
 * the sharpest turn towards AT at each point. Refused when the loop does not close within 8 lines,
 * is concave, holds other points, or already has a polygon inside. The polygon walks the loop
 * clockwise; lines it shares become transparent, the neighbours' sides facing it are emptied
 * (no texture where no step shows), its walls and steps get sides; heights, lights, textures and
 * liquid come from an adjacent polygon. *NEW_POLYGON (may be NULL) receives its index. */
gboolean tsr_marathon_level_fill (TsrMarathonLevel *level,
                                  TsrMarathonPoint  at,
                                  guint            *new_polygon,
                                  GError          **error);

/* Adds a point at AT (an endpoint in EPNT levels). Refused where a point is already, on a line
 * (split the line instead) or inside a polygon. *NEW_POINT (may be NULL) receives its index. */
gboolean tsr_marathon_level_add_point (TsrMarathonLevel *level,
                                       TsrMarathonPoint  at,
                                       guint            *new_point,
                                       GError          **error);

/* Adds a solid line from point A to point B with no sides and no polygons. Refused when a line
 * joins them already, or the line would cross or overlap another line, pass through a point, end
 * on a line or run inside a polygon. *NEW_LINE (may be NULL) receives its index. */
gboolean tsr_marathon_level_add_line (TsrMarathonLevel *level,
                                      guint             a,
                                      guint             b,
                                      guint            *new_line,
                                      GError          **error);

/* Splits polygon POLYGON along a new line from its corner POINT_A to its corner POINT_B (not
 * neighbours on it): the polygon keeps the corners from A round to B, a new polygon after the
 * last one takes those from B round to A; both are clockwise and carry the polygon's records
 * (heights, lights, textures, type), the new line is transparent with no sides, the lines and
 * sides of the new part name it, and so do the objects and annotations inside it. Refused for a
 * platform. *NEW_POLYGON (may be NULL) receives the new polygon's index. */
gboolean tsr_marathon_level_split_polygon (TsrMarathonLevel *level,
                                           guint             polygon,
                                           guint             point_a,
                                           guint             point_b,
                                           guint            *new_polygon,
                                           GError          **error);

/* What is wrong with a polygon's shape for the engine, which needs every polygon convex and
 * clockwise on screen (y grows downwards; collinear corners are allowed). */
typedef enum {
  TSR_MARATHON_SHAPE_OK,
  TSR_MARATHON_SHAPE_CONCAVE,           /* it turns both ways */
  TSR_MARATHON_SHAPE_SELF_INTERSECTING, /* two of its edges cross or touch */
  TSR_MARATHON_SHAPE_INSIDE_OUT,        /* it runs counterclockwise */
  TSR_MARATHON_SHAPE_DEGENERATE,        /* under 3 corners, two corners in one place, an edge
                                         * doubling back, or no area */
} TsrMarathonShape;

/* The shape of the closed outline through the N corners. */
TsrMarathonShape tsr_marathon_corners_shape       (const TsrMarathonPoint *corners,
                                                   guint                   n);
/* The shape of polygon POLYGON of LEVEL by its first vertex_count endpoints (more than 8 corners
 * or a corner naming no point is DEGENERATE). */
TsrMarathonShape tsr_marathon_level_polygon_shape (const TsrMarathonLevel *level,
                                                   guint                   polygon);

G_END_DECLS
