/* tsr-doom2d-tool.h: the Doom2D Forever map editor's tool, one TsrTool with modes: select (the
 * core's select tool, with moves snapped to the grid and resize handles on the corners of a
 * selected panel or trigger), move (the core's move tool: drag the selection from anywhere, in
 * grid steps), draw a panel or a trigger area by dragging, place an item, monster
 * or area with a click, and pick the current trigger's target on the map (type-checked: a door
 * trigger accepts door panels only; a teleport takes the clicked point). Positions snap to the
 * grid (16 or 8 map pixels) while snapping is on. Every edit is one named undo step; a drag is
 * one step. GTK-free. */
#pragma once

#include "edit/tsr-edit-session.h"
#include "model/doom2d/tsr-doom2d-document.h"

G_BEGIN_DECLS

typedef enum {
  TSR_DOOM2D_TOOL_SELECT,
  TSR_DOOM2D_TOOL_MOVE,
  TSR_DOOM2D_TOOL_PANEL,
  TSR_DOOM2D_TOOL_TRIGGER,
  TSR_DOOM2D_TOOL_ITEM,
  TSR_DOOM2D_TOOL_MONSTER,
  TSR_DOOM2D_TOOL_AREA,
  TSR_DOOM2D_TOOL_PICK_TARGET,
} TsrDoom2dToolMode;

#define TSR_TYPE_DOOM2D_TOOL_MODE (tsr_doom2d_tool_mode_get_type ())
GType tsr_doom2d_tool_mode_get_type (void) G_GNUC_CONST;

/* Screen pixels around a corner of a selected rectangle that grab it for resizing. */
#define TSR_DOOM2D_HANDLE_RADIUS 5.0

/* Property "mode" (TsrDoom2dToolMode, notified); the rest are plain setters: the grid (8 or 16),
 * snapping, what new panels, triggers and things are, and the trigger whose target the pick mode
 * sets. Signal "target-picked" (gboolean accepted) after each pick click. */
#define TSR_TYPE_DOOM2D_TOOL (tsr_doom2d_tool_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dTool, tsr_doom2d_tool, TSR, DOOM2D_TOOL, GObject)

/* Edits DOCUMENT (the session's layer) through SESSION. */
TsrTool          *tsr_doom2d_tool_new             (TsrEditSession    *session,
                                                   TsrDoom2dDocument *document);
TsrDoom2dToolMode tsr_doom2d_tool_get_mode        (TsrDoom2dTool     *self);
void              tsr_doom2d_tool_set_mode        (TsrDoom2dTool     *self,
                                                   TsrDoom2dToolMode  mode);
guint             tsr_doom2d_tool_get_grid        (TsrDoom2dTool     *self);
void              tsr_doom2d_tool_set_grid        (TsrDoom2dTool     *self,
                                                   guint              grid);
gboolean          tsr_doom2d_tool_get_snap        (TsrDoom2dTool     *self);
void              tsr_doom2d_tool_set_snap        (TsrDoom2dTool     *self,
                                                   gboolean           snap);
/* The record type new panels, triggers and things get. */
void              tsr_doom2d_tool_set_panel_type  (TsrDoom2dTool     *self,
                                                   gint64             type);
gint64            tsr_doom2d_tool_get_panel_type  (TsrDoom2dTool     *self);
void              tsr_doom2d_tool_set_texture     (TsrDoom2dTool     *self,
                                                   gint64             texture);
/* The size of a frame of that texture (0 x 0: it does not resolve, or is a special one; setting
 * the texture clears it). With a size, a Ctrl-click in Panel mode draws one texture-sized panel
 * and, while snapping, drawn panels snap to whole multiples of it. */
void              tsr_doom2d_tool_set_texture_size (TsrDoom2dTool    *self,
                                                    guint             width,
                                                    guint             height);
/* Answers the size of a frame of texture record TEXTURE (FALSE: unknown, a special one). */
typedef gboolean (*TsrDoom2dTextureSizeFunc) (guint     texture,
                                              guint    *width,
                                              guint    *height,
                                              gpointer  user_data);
/* With FUNC (the page passes the panel layer's), a panel that shows a texture keeps whole
 * multiples of it while a handle resizes it with snapping on. */
void              tsr_doom2d_tool_set_texture_size_func (TsrDoom2dTool           *self,
                                                         TsrDoom2dTextureSizeFunc func,
                                                         gpointer                 user_data);
void              tsr_doom2d_tool_set_trigger_type (TsrDoom2dTool    *self,
                                                    gint64            type);
/* KIND: item, monster or area. */
void              tsr_doom2d_tool_set_thing_type  (TsrDoom2dTool     *self,
                                                   TsrDoom2dKind      kind,
                                                   gint64             type);
gint64            tsr_doom2d_tool_get_thing_type  (TsrDoom2dTool     *self,
                                                   TsrDoom2dKind      kind);
/* The way new monsters face: TSR_DOOM2D_DIR_LEFT or TSR_DOOM2D_DIR_RIGHT (the default); set in
 * the same record as the type, so a placed monster is one step. */
void              tsr_doom2d_tool_set_monster_direction (TsrDoom2dTool *self,
                                                         gint64         direction);
gint64            tsr_doom2d_tool_get_monster_direction (TsrDoom2dTool *self);
/* The trigger whose target PICK_TARGET sets (-1: none). */
void              tsr_doom2d_tool_set_trigger     (TsrDoom2dTool     *self,
                                                   gint64             trigger);
gint64            tsr_doom2d_tool_get_trigger     (TsrDoom2dTool     *self);
/* The map coordinate VALUE rounded to the nearest grid line to the grid when snapping is on. */
double            tsr_doom2d_tool_snap_coordinate (TsrDoom2dTool     *self,
                                                   double             value);

G_END_DECLS
