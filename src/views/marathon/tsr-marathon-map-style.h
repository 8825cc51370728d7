/* tsr-marathon-map-style.h: how a Marathon level looks in the editor: polygons coloured by a draw
 * mode (type, floor or ceiling height, floor or ceiling light, liquid, ambient sound), lines by
 * kind (solid, transparent, elevation, landscape), objects as markers facing their way and
 * coloured by kind, annotations as text. A TsrVectorStyleFunc for the vector layer; the
 * benchmark draws through it too. */
#pragma once

#include "model/marathon/tsr-marathon-level-map.h"
#include "views/tsr-vector-layer.h"

G_BEGIN_DECLS

typedef enum {
  TSR_MARATHON_DRAW_TYPE,
  TSR_MARATHON_DRAW_FLOOR_HEIGHT,
  TSR_MARATHON_DRAW_CEILING_HEIGHT,
  TSR_MARATHON_DRAW_FLOOR_LIGHT,
  TSR_MARATHON_DRAW_CEILING_LIGHT,
  TSR_MARATHON_DRAW_LIQUID,
  TSR_MARATHON_DRAW_AMBIENT_SOUND,
  TSR_MARATHON_DRAW_RANDOM_SOUND,
  TSR_MARATHON_DRAW_FLOOR_TEXTURE,
  TSR_MARATHON_DRAW_CEILING_TEXTURE,
  TSR_MARATHON_N_DRAW_MODES
} TsrMarathonDrawMode;

/* "Floor height" (translated; transfer none). */
const char *tsr_marathon_draw_mode_label (TsrMarathonDrawMode mode);
/* "floor-height": names for settings and screenshots (transfer none). */
const char *tsr_marathon_draw_mode_id    (TsrMarathonDrawMode mode);

/* What a line is drawn as. */
typedef enum {
  TSR_MARATHON_LINE_KIND_SOLID,
  TSR_MARATHON_LINE_KIND_TRANSPARENT,
  TSR_MARATHON_LINE_KIND_ELEVATION,
  TSR_MARATHON_LINE_KIND_LANDSCAPE,
} TsrMarathonLineKind;

TsrMarathonLineKind tsr_marathon_line_kind (const TsrMarathonLevel *level,
                                            guint                   line);

/* The style state: a draw mode, and the height ranges of the level (recomputed after
 * tsr_marathon_map_style_invalidate). */
typedef struct _TsrMarathonMapStyle TsrMarathonMapStyle;

TsrMarathonMapStyle *tsr_marathon_map_style_new        (void);
void                 tsr_marathon_map_style_free       (TsrMarathonMapStyle *style);
void                 tsr_marathon_map_style_set_mode   (TsrMarathonMapStyle *style,
                                                        TsrMarathonDrawMode  mode);
TsrMarathonDrawMode  tsr_marathon_map_style_get_mode   (TsrMarathonMapStyle *style);
/* The texture modes: TRUE when a texture layer under the vector layer draws the textures, so
 * polygons are left unfilled; otherwise they are coloured by texture. */
void                 tsr_marathon_map_style_set_textured (TsrMarathonMapStyle *style,
                                                          gboolean             textured);
/* The records changed: height ranges are measured again at the next draw. */
void                 tsr_marathon_map_style_invalidate (TsrMarathonMapStyle *style);
/* The TsrVectorStyleFunc: MAP is a TsrMarathonLevelMap, USER_DATA the TsrMarathonMapStyle. */
void                 tsr_marathon_map_style_apply      (TsrVectorMap        *map,
                                                        const TsrElementRef *element,
                                                        TsrVectorStyle      *style,
                                                        gpointer             user_data);

/* One row of a legend: a colour, what it stands for, and how many polygons have it (0 for the
 * stops of a height ramp). */
typedef struct {
  double rgba[4];
  char  *label;     /* "Light 7", "Hill", "None", "2.5 WU" (translated) */
  gint   value;     /* the index (-1: none) or height in internal units */
  guint  polygons;
} TsrMarathonLegendEntry;

/* The legend of STYLE's mode for LEVEL (an array of TsrMarathonLegendEntry, transfer full; labels
 * freed with the array). Category modes: each value LEVEL's polygons use, ascending (none first),
 * with the colour the style paints it and its polygon count. Height modes: five stops from the
 * level's lowest to its highest height. Texture modes with the textures drawn: no entries. */
GArray              *tsr_marathon_map_style_legend     (TsrMarathonMapStyle    *style,
                                                        const TsrMarathonLevel *level);

G_END_DECLS
