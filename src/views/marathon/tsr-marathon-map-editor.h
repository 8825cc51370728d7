/* tsr-marathon-map-editor.h: the Map tab of a Marathon map: the document's current level on a
 * TsrMapCanvas (grid layer and vector layer over the level's TsrMarathonLevelMap, drawn by a draw
 * mode), edited through a TsrEditSession with the core's select and move tools (Delete, arrows
 * nudge by a grid step, copy/paste), the selected records in the property inspector, and a status
 * line (pointer in world units, counts). Switching level rebuilds it on that level's map. */
#pragma once

#include <gtk/gtk.h>

#include "core/tsr-finding.h"
#include "model/marathon/tsr-marathon-document.h"
#include "views/marathon/tsr-marathon-map-style.h"
#include "views/marathon/tsr-marathon-texture-layer.h"
#include "views/marathon/tsr-marathon-texture-picker.h"
#include "views/tsr-map-canvas.h"
#include "views/tsr-property-inspector.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_MAP_EDITOR (tsr_marathon_map_editor_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonMapEditor, tsr_marathon_map_editor, TSR, MARATHON_MAP_EDITOR, GtkWidget)

void                 tsr_marathon_map_editor_set_document  (TsrMarathonMapEditor *self,
                                                            TsrMarathonDocument  *document);
/* (transfer none) */
TsrMapCanvas        *tsr_marathon_map_editor_get_canvas    (TsrMarathonMapEditor *self);
TsrEditSession      *tsr_marathon_map_editor_get_session   (TsrMarathonMapEditor *self);
TsrMarathonLevelMap *tsr_marathon_map_editor_get_level_map (TsrMarathonMapEditor *self);
TsrPropertyInspector *tsr_marathon_map_editor_get_inspector (TsrMarathonMapEditor *self);
void                 tsr_marathon_map_editor_set_draw_mode (TsrMarathonMapEditor *self,
                                                            TsrMarathonDrawMode   mode);
/* Grid step in map units (128 … 2048: 1/8 … 2 world units). */
void                 tsr_marathon_map_editor_set_grid_step (TsrMarathonMapEditor *self,
                                                            double                step);
void                 tsr_marathon_map_editor_set_snap      (TsrMarathonMapEditor *self,
                                                            gboolean              snap);
/* The status line's text (transfer none). */
const char          *tsr_marathon_map_editor_get_status    (TsrMarathonMapEditor *self);

/* Paint and textures. The paint tool of the shown level (transfer none). */
TsrTool             *tsr_marathon_map_editor_get_paint_tool (TsrMarathonMapEditor *self);
TsrMarathonTextureLayer *tsr_marathon_map_editor_get_texture_layer (TsrMarathonMapEditor *self);
/* WHICH: "paint" (the paint tool's texture), "floor" or "ceiling" (the selected polygons'), or
 * "SIDE:FIELD" (the selected lines' sides: SIDE "clockwise" or "counterclockwise", FIELD
 * "primary", "secondary" or "transparent"). */
TsrMarathonTexturePicker *tsr_marathon_map_editor_get_texture_picker (TsrMarathonMapEditor *self,
                                                                      const char           *which);
/* Reads FILE as this scenario's Shapes file and remembers it for the scenario (the file chooser
 * of "Shapes File…" ends here). */
gboolean             tsr_marathon_map_editor_set_shapes_file (TsrMarathonMapEditor *self,
                                                              GFile                *file,
                                                              GError              **error);
/* (transfer none; NULL without a Shapes file) */
TsrMarathonTextures *tsr_marathon_map_editor_get_textures  (TsrMarathonMapEditor *self);

/* Selects the map element FINDING's place names on the shown level (a polygon, line, point,
 * object or annotation; a side's line, a platform's polygon) and centres the map on it; FALSE
 * when it names none there. */
gboolean             tsr_marathon_map_editor_show_finding (TsrMarathonMapEditor *self,
                                                           const TsrFinding     *finding);
/* Go To: selects element INDEX of KIND ("polygon", "line", "side", "point", "object",
 * "annotation", "platform": a finding place's kinds) on the shown level and centres the map on
 * it; FALSE when the level has no such element. Ctrl+G asks for them (tsr-marathon-go-to.c). */
gboolean             tsr_marathon_map_editor_go_to        (TsrMarathonMapEditor *self,
                                                           const char           *kind,
                                                           guint                 index);

G_END_DECLS
