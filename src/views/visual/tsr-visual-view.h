/* tsr-visual-view.h: the visual (3D) mode of the Marathon and Wolf3D map editors: a widget drawing the
 * current level through the one visual renderer (src/render/tsr-visual-renderer.h) in a GL context
 * of its own with no display (src/render/tsr-visual-offscreen.h; GTK's GL is not used), sharing the
 * editor's session: its selection (a click picks the polygon, side or object under the pointer
 * and selects it, so the inspector and the 2D map follow; the picked surface is tinted) and its
 * undo stack (every edit here is a TsrMarathonSetRecordCommand, the inspector's own command).
 * On a Wolf3D level a click selects the cell in the tile tools' selection and T paints the picked
 * cell with the tools' tile as the Pencil would (tsr-visual-wolf3d-edit.h).
 *
 * Keys while it has the focus: W/S or Up/Down walk, A/D or Left/Right strafe, Page Up/Page Down
 * fly up and down, Shift runs, N turns collision off and on (on: walking stops at walls as the
 * game's player would, tsr-visual-walk.h); dragging with any button looks round. On the picked surface: the
 * wheel or + and - raise and lower a floor or ceiling by 1/8 WU, T applies the chosen texture,
 * Ctrl+arrows move its texture offsets by 1/16 WU, Ctrl+drag on a wall moves them with the pointer
 * (one undo step a drag), Ctrl+C copies its texture, offsets and transfer mode and Ctrl+V pastes
 * them on another surface, Ctrl+A on a wall auto-aligns the run of walls it is part of, [ and ]
 * (or Ctrl+wheel) step its light through the level's lights (tsr-marathon-surface.h). When GL is missing or fails it says so in
 * words and the 2D editor goes on working. "camera-changed" says the camera moved or turned. */
#pragma once

#include <gtk/gtk.h>

#include "edit/tsr-edit-session.h"
#include "edit/tsr-tile-tools.h"
#include "model/marathon/tsr-marathon-level-map.h"
#include "model/wolf3d/tsr-wolf3d-document-level.h"
#include "render/tsr-visual-scene.h"
#include "views/marathon/tsr-marathon-textures.h"

G_BEGIN_DECLS

#define TSR_TYPE_VISUAL_VIEW (tsr_visual_view_get_type ())
G_DECLARE_FINAL_TYPE (TsrVisualView, tsr_visual_view, TSR, VISUAL_VIEW, GtkWidget)

GtkWidget             *tsr_visual_view_new          (void);
/* The level MAP shows and SESSION edits (both NULL: nothing). The camera goes to the level's
 * first player start. */
void                   tsr_visual_view_set_marathon (TsrVisualView       *self,
                                                     TsrMarathonLevelMap *map,
                                                     TsrEditSession      *session);
/* The Wolf3D level MAP shows (walls with VSWAP textures, doors, sprites, the level's floor and
 * ceiling colours) and TOOLS, the map editor's tile tools on that map: a click selects the picked
 * cell in their selection, T paints it with their tile on their layer (one undoable
 * TsrPaintTilesCommand on the document's stack). Both NULL: nothing. The camera goes to the
 * player start. Replaces a Marathon level. */
void                   tsr_visual_view_set_wolf3d   (TsrVisualView       *self,
                                                     TsrWolfLevelMap     *map,
                                                     TsrTileTools        *tools);
/* The Wolf3D level shown, or NULL (transfer none). */
TsrWolfLevelMap       *tsr_visual_view_get_wolf3d_map (TsrVisualView     *self);
/* Marathon: pictures for the surfaces (NULL: flat colours shaded by light and orientation). */
void                   tsr_visual_view_set_textures (TsrVisualView       *self,
                                                     TsrMarathonTextures *textures);
/* The texture T applies (a shape descriptor; 0xFFFF: none chosen). */
void                   tsr_visual_view_set_texture  (TsrVisualView       *self,
                                                     guint16              descriptor);
const TsrVisualCamera *tsr_visual_view_get_camera   (TsrVisualView       *self);
void                   tsr_visual_view_set_camera   (TsrVisualView       *self,
                                                     const TsrVisualCamera *camera);
/* Map units (of the 2D map) a world unit of the camera spans: 1024 on Marathon, a cell's pixels
 * on Wolf3D. */
double                 tsr_visual_view_get_map_scale (TsrVisualView     *self);
/* Whether walking stops at walls (on at first; N in the view switches it). */
gboolean               tsr_visual_view_get_collision (TsrVisualView     *self);
void                   tsr_visual_view_set_collision (TsrVisualView     *self,
                                                      gboolean           collision);
/* Puts the camera at (X, Y) (map units), eye height above the floor there, keeping its facing:
 * "camera here" from the 2D map. */
void                   tsr_visual_view_move_camera_to (TsrVisualView     *self,
                                                       double             x,
                                                       double             y);
/* Picks what is under (X, Y) (widget pixels) and selects it; the picked surface (transfer none,
 * valid until the scene changes) or NULL. */
const TsrVisualSurface *tsr_visual_view_pick        (TsrVisualView       *self,
                                                     double               x,
                                                     double               y);
/* The surface picked last (transfer none) or NULL. */
const TsrVisualSurface *tsr_visual_view_get_picked  (TsrVisualView       *self);
/* Raises (STEPS > 0) or lowers the picked floor or ceiling by STEPS eighths of a world unit. */
gboolean               tsr_visual_view_raise        (TsrVisualView       *self,
                                                     int                  steps);
/* Applies the chosen texture to the picked surface (Wolf3D: paints the picked cell). */
gboolean               tsr_visual_view_apply_texture (TsrVisualView      *self);
/* Moves the picked surface's texture by (DX, DY) map units. */
gboolean               tsr_visual_view_align        (TsrVisualView       *self,
                                                     int                  dx,
                                                     int                  dy);
/* Ctrl+C: keeps the picked surface's texture, offsets and transfer mode. */
gboolean               tsr_visual_view_copy_style   (TsrVisualView      *self);
/* Ctrl+V: puts the kept style on the picked surface. */
gboolean               tsr_visual_view_paste_style  (TsrVisualView      *self);
/* Ctrl+A: aligns the x offsets of the run of walls the picked wall is part of. */
gboolean               tsr_visual_view_auto_align   (TsrVisualView      *self);
/* [ and ]: steps the picked surface's light STEPS lights on. */
gboolean               tsr_visual_view_step_light   (TsrVisualView      *self,
                                                     int                 steps);
/* L: the Marathon level's lights run by the engine's light functions (off: their state at level
 * start, the default, so pictures stay the same). */
gboolean               tsr_visual_view_get_animate_lights (TsrVisualView *self);
void                   tsr_visual_view_set_animate_lights (TsrVisualView *self,
                                                           gboolean       animate);
/* The message shown instead of the picture when GL failed (transfer none), or NULL. */
const char            *tsr_visual_view_get_error    (TsrVisualView       *self);
/* Frames drawn so far (tests wait for one). */
guint                  tsr_visual_view_get_n_frames (TsrVisualView       *self);

G_END_DECLS
