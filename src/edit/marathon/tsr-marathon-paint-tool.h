/* tsr-marathon-paint-tool.h: Weland's paint modes with undo: one polygon attribute (floor or
 * ceiling height, type, floor or ceiling light, liquid, ambient or random sound, floor or ceiling
 * texture) set to one value on every polygon a click or a drag passes over. A stroke is one undo
 * step ("Paint floor height"); Escape or cancel takes it back. Alt-click picks the value of the
 * polygon under the pointer instead (property "value" notifies). GTK-free. */
#pragma once

#include "edit/tsr-edit-session.h"
#include "model/marathon/tsr-marathon-level-map.h"

G_BEGIN_DECLS

typedef enum {
  TSR_MARATHON_PAINT_FLOOR_HEIGHT,
  TSR_MARATHON_PAINT_CEILING_HEIGHT,
  TSR_MARATHON_PAINT_TYPE,
  TSR_MARATHON_PAINT_FLOOR_LIGHT,
  TSR_MARATHON_PAINT_CEILING_LIGHT,
  TSR_MARATHON_PAINT_LIQUID,
  TSR_MARATHON_PAINT_AMBIENT_SOUND,
  TSR_MARATHON_PAINT_RANDOM_SOUND,
  TSR_MARATHON_PAINT_FLOOR_TEXTURE,
  TSR_MARATHON_PAINT_CEILING_TEXTURE,
  TSR_MARATHON_N_PAINT_ATTRIBUTES
} TsrMarathonPaintAttribute;

/* "Floor height" (translated; transfer none). */
const char *tsr_marathon_paint_attribute_label (TsrMarathonPaintAttribute attribute);
/* The attribute's value in POLYGON. */
gint        tsr_marathon_paint_attribute_get   (TsrMarathonPaintAttribute  attribute,
                                                const TsrMarathonPolygon  *polygon);
/* Sets the attribute of POLYGON to VALUE (and nothing else). */
void        tsr_marathon_paint_attribute_set   (TsrMarathonPaintAttribute  attribute,
                                                TsrMarathonPolygon        *polygon,
                                                gint                       value);
/* Whether VALUE may be painted onto LEVEL's polygons: heights any 16-bit value; lights, liquids
 * and sounds an index of the level's records (liquids and sounds also -1, none); types those
 * that need no permutation (not triggers or teleporters) and Platform, which gives each painted
 * polygon its own platform record; textures any shape descriptor (0xFFFF: none). */
gboolean    tsr_marathon_paint_value_valid     (TsrMarathonPaintAttribute  attribute,
                                                const TsrMarathonLevel    *level,
                                                gint                       value);
/* Whether painting may change POLYGON at all: a platform polygon keeps its type (its platform
 * names it). */
gboolean    tsr_marathon_paint_applies         (TsrMarathonPaintAttribute  attribute,
                                                const TsrMarathonPolygon  *polygon);

/* Properties "attribute" (TsrMarathonPaintAttribute) and "value" (gint), both notified. */
#define TSR_TYPE_MARATHON_PAINT_TOOL (tsr_marathon_paint_tool_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonPaintTool, tsr_marathon_paint_tool, TSR, MARATHON_PAINT_TOOL, GObject)

/* Paints the polygons of MAP (the session's layer) through SESSION. (transfer full) */
TsrTool                  *tsr_marathon_paint_tool_new           (TsrEditSession           *session,
                                                                 TsrMarathonLevelMap      *map);
TsrMarathonPaintAttribute tsr_marathon_paint_tool_get_attribute (TsrMarathonPaintTool     *self);
void                      tsr_marathon_paint_tool_set_attribute (TsrMarathonPaintTool     *self,
                                                                 TsrMarathonPaintAttribute attribute);
gint                      tsr_marathon_paint_tool_get_value     (TsrMarathonPaintTool     *self);
void                      tsr_marathon_paint_tool_set_value     (TsrMarathonPaintTool     *self,
                                                                 gint                      value);

G_END_DECLS
