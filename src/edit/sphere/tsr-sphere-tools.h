/* tsr-sphere-tools.h: the Sphere map editor's entity tools, as TsrTools on an edit session whose
 * layer is a Sphere document's vector map (tsr_sphere_document_get_vector_map): placing persons
 * and triggers, drawing zones and obstruction segments, and selecting/moving/resizing them. They
 * edit only through the document's commands and the core's vector commands, so every drag is one
 * undo step. GTK-free (the sanitizer build runs them).
 *
 * Map positions are the pixel under the pointer: floor, with an epsilon for view ↔ map rounding
 * (95.9999 is pixel 96). With snapping on, zones and segments are drawn from and to the nearest
 * tile corner, a zone's resized corner lands on one, and a dragged zone or segment keeps its first
 * corner on the grid. Every tool has "snap" (boolean) and emits "edit-failed (const char *message)"
 * when the document refuses an edit (a map whose entity list cannot change, 65535 entities ...). */
#pragma once

#include "edit/tsr-edit-session.h"

G_BEGIN_DECLS

/* What a placing tool puts down. */
typedef enum {
  TSR_SPHERE_PLACE_PERSON,
  TSR_SPHERE_PLACE_TRIGGER,
} TsrSpherePlaceKind;

/* What a drawing tool draws. */
typedef enum {
  TSR_SPHERE_SHAPE_ZONE,
  TSR_SPHERE_SHAPE_SEGMENT,
} TsrSphereShapeKind;

/* How close (in screen pixels) a press must be to a zone's bottom-right corner to resize it. */
#define TSR_SPHERE_HANDLE_TOLERANCE 8.0

/* What every Sphere tool is: a GObject holding its session weakly (the session owns its tool), with
 * "snap" and "edit-failed". */
#define TSR_TYPE_SPHERE_TOOL (tsr_sphere_tool_get_type ())
G_DECLARE_DERIVABLE_TYPE (TsrSphereTool, tsr_sphere_tool, TSR, SPHERE_TOOL, GObject)

struct _TsrSphereToolClass {
  GObjectClass parent_class;
};

/* The pixel under map coordinate VALUE. */
double    tsr_sphere_tool_map_pixel          (double              value);

/* Select: a press on a person's picture (anywhere on its sprite, not only at its feet) grabs it;
 * a press on a zone's bottom-right corner resizes that zone; everything else is the core's
 * TsrVectorSelectTool (click, Shift+click toggles, rubber band, drag moves the selection, Delete,
 * Escape, arrows). Moves are in whole pixels. */
#define TSR_TYPE_SPHERE_SELECT_TOOL (tsr_sphere_select_tool_get_type ())
G_DECLARE_FINAL_TYPE (TsrSphereSelectTool, tsr_sphere_select_tool, TSR, SPHERE_SELECT_TOOL, TsrSphereTool)

TsrTool  *tsr_sphere_select_tool_new         (TsrEditSession     *session);

/* Person or Trigger: a press places one at the pixel, on the vector map's layer, and selects it.
 * A new person takes the map's first person's spriteset, so it is drawn as a sprite. */
#define TSR_TYPE_SPHERE_PLACE_TOOL (tsr_sphere_place_tool_get_type ())
G_DECLARE_FINAL_TYPE (TsrSpherePlaceTool, tsr_sphere_place_tool, TSR, SPHERE_PLACE_TOOL, TsrSphereTool)

TsrTool  *tsr_sphere_place_tool_new          (TsrEditSession     *session,
                                              TsrSpherePlaceKind  kind);

/* Zone or Segment: a drag draws one on the vector map's layer (a click makes a one-tile zone, a
 * segment needs a drag) and selects it. */
#define TSR_TYPE_SPHERE_SHAPE_TOOL (tsr_sphere_shape_tool_get_type ())
G_DECLARE_FINAL_TYPE (TsrSphereShapeTool, tsr_sphere_shape_tool, TSR, SPHERE_SHAPE_TOOL, TsrSphereTool)

TsrTool  *tsr_sphere_shape_tool_new          (TsrEditSession     *session,
                                              TsrSphereShapeKind  kind);

G_END_DECLS
