/* tsr-doom2d-panel-layer.h: a Doom2D Forever map's sky and panels as the game draws them, for the
 * editor canvas: textures from the map's own archive first, then the game folders (the
 * "doom2d-data-folders" preference through TESSERA_DOOM2D_PATH, the map's folder and its parent),
 * tiled in whole tiles from each panel's corner, with the panel's alpha and additive blending;
 * water and acid with the special textures as the game's colour filter; animated textures at the
 * frame of the game tick the page sets from the frame clock; panels whose texture does not
 * resolve in the flat colour of their type. Panels are drawn in the game's order (background,
 * steps, walls and doors, lifts and boundaries, liquids, foreground). */
#pragma once

#include "formats/doom2d/tsr-doom2d-resources.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "views/tsr-canvas-layer.h"
#include "views/tsr-vector-layer.h"

G_BEGIN_DECLS

#define TSR_TYPE_DOOM2D_PANEL_LAYER (tsr_doom2d_panel_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dPanelLayer, tsr_doom2d_panel_layer, TSR, DOOM2D_PANEL_LAYER, GObject)

/* SEARCH (archives or folders, may be NULL) is searched after the map's own archive and before
 * the game folders. */
TsrDoom2dPanelLayer   *tsr_doom2d_panel_layer_new          (TsrDoom2dDocument   *document,
                                                            const char *const   *search);
/* The layer's texture cache (transfer none): the texture chooser shares it. */
TsrDoom2dTextureCache *tsr_doom2d_panel_layer_get_cache    (TsrDoom2dPanelLayer *self);
/* The map's records may have changed (after any edit): redraw, and look the texture records up
 * again. */
void                   tsr_doom2d_panel_layer_update       (TsrDoom2dPanelLayer *self);
/* How far, in view pixels, the layer's drawing of an area it names (invalidate-area) may reach
 * beyond it: a panel is drawn inside its rectangle rounded to whole view pixels. */
#define TSR_DOOM2D_PANEL_LAYER_REACH 1.0
/* Sets the game tick (28 ms) the animations show; redraws when a frame of a texture the drawn
 * frame shows changed (only the panels of the textures whose frame changed, with the area they
 * cover named in invalidate-area). TRUE when one did. */
gboolean               tsr_doom2d_panel_layer_set_tick     (TsrDoom2dPanelLayer *self,
                                                            guint64              tick);
/* Whether the drawn frame shows a panel of an animated texture (or no frame is drawn yet): a tick
 * redraws only for those. */
gboolean               tsr_doom2d_panel_layer_shows_animations (TsrDoom2dPanelLayer *self);
/* Whether any texture record of the map is an animation that resolved (then the page keeps
 * ticking). */
gboolean               tsr_doom2d_panel_layer_has_animations (TsrDoom2dPanelLayer *self);
/* The frame texture record TEXTURE shows now (0 for still ones and unresolved ones). */
guint                  tsr_doom2d_panel_layer_get_frame    (TsrDoom2dPanelLayer *self,
                                                            guint                texture);
/* Whether texture record TEXTURE resolved to a picture (or is a special water texture), and its
 * frame size in map pixels (special ones: 0 x 0). */
gboolean               tsr_doom2d_panel_layer_get_texture_size (TsrDoom2dPanelLayer *self,
                                                                guint                texture,
                                                                guint               *width,
                                                                guint               *height);
/* A TsrVectorStyleFunc for the document's TsrVectorLayer over this layer: panels are only
 * outlined there (this layer fills them), so edges and handles stay visible on any texture. */
void                   tsr_doom2d_panel_layer_outline_style (TsrVectorMap        *map,
                                                             const TsrElementRef *element,
                                                             TsrVectorStyle      *style,
                                                             gpointer             user_data);
/* Panels drawn by the last draw (tests check culling). */
guint                  tsr_doom2d_panel_layer_get_n_drawn  (TsrDoom2dPanelLayer *self);

G_END_DECLS
