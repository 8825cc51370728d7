/* tsr-map-canvas.h: the shared map editing canvas: draws a stack of TsrCanvasLayers (a tile map's
 * layer from tsr_map_canvas_set_map, vector layers, ...), the grid, selections and tool overlays;
 * zooms and pans (GtkScrollable, so it goes in a GtkScrolledWindow); reports the pointer position
 * for a status line; and turns pointer input into calls of the edit session's TsrTool (the tile
 * tools' adapter for a tile map), which edits only through commands on the undo stack. */
#pragma once

#include <gtk/gtk.h>

#include "edit/tsr-edit-session.h"
#include "edit/tsr-tile-tools.h"
#include "views/tsr-canvas-layer.h"
#include "views/tsr-map-canvas-renderer.h"
#include "views/tsr-tile-layer.h"

G_BEGIN_DECLS

/* The colour a canvas shows outside the map (darker than a map's own background, so the edge
 * shows), and an overview around and beneath its picture. */
#define TSR_MAP_CANVAS_OUTSIDE_COLOR ((GdkRGBA) { 0.11, 0.11, 0.12, 1 })

/* Phases of a primary-button drag, as the "map-pointer" signal reports them. */
typedef enum {
  TSR_MAP_POINTER_PRESS,
  TSR_MAP_POINTER_MOTION,
  TSR_MAP_POINTER_RELEASE,
} TsrMapPointerPhase;

#define TSR_TYPE_MAP_POINTER_PHASE (tsr_map_pointer_phase_get_type ())
GType tsr_map_pointer_phase_get_type (void) G_GNUC_CONST;

/* Family views extend the canvas through two signals instead of subclassing it:
 *  "draw-overlay" (cairo_t *cr, const TsrMapViewport *viewport): draw entities, zones, triggers
 *    over the map, in view coordinates (convert with tsr_map_viewport_to_view); the selection and
 *    tool previews are drawn after it.
 *  "map-pointer" (TsrMapPointerPhase phase, double map_x, double map_y, GdkModifierType state)
 *    → gboolean: a primary-button drag in map pixels; return TRUE on PRESS to take the whole
 *    drag (placing a person, resizing a zone), and the tile tools will not see it.
 *  "pointer-changed" (): the map point under the pointer may have changed (tsr_map_canvas_get_pointer). */
#define TSR_TYPE_MAP_CANVAS (tsr_map_canvas_get_type ())
G_DECLARE_FINAL_TYPE (TsrMapCanvas, tsr_map_canvas, TSR, MAP_CANVAS, GtkWidget)

GtkWidget    *tsr_map_canvas_new             (void);
/* Shows MAP, edited through UNDO_STACK (the document's); NULL shows nothing. Tool settings
 * (tool, brush, tile) survive, the selection does not. */
void          tsr_map_canvas_set_map         (TsrMapCanvas   *self,
                                              TsrTileMap     *map,
                                              TsrUndoStack   *undo_stack);
TsrTileMap   *tsr_map_canvas_get_map         (TsrMapCanvas   *self);
/* The tools acting on the current map (NULL without a map); bind palettes and tool buttons to
 * its "tool", "brush-size", "layer" and "tile" properties. */
TsrTileTools *tsr_map_canvas_get_tools       (TsrMapCanvas   *self);

/* Layers drawn above the map's own tile layer, in the order added (the canvas keeps a reference
 * until removed). The scrollable area is the union of every layer's bounds. */
void          tsr_map_canvas_add_layer       (TsrMapCanvas   *self,
                                              TsrCanvasLayer *layer);
void          tsr_map_canvas_remove_layer    (TsrMapCanvas   *self,
                                              TsrCanvasLayer *layer);
/* Every layer, bottom first (TsrCanvasLayer; transfer none). */
GPtrArray    *tsr_map_canvas_get_layers      (TsrMapCanvas   *self);
/* The union of the layers' bounds, in map units. */
void          tsr_map_canvas_get_content_bounds (TsrMapCanvas    *self,
                                                 TsrVectorBounds *bounds);
/* Pointer input, keys and the edit actions go to SESSION's active tool (a vector editor's
 * session); NULL returns them to the canvas's own session over the tile map, whose tool is the
 * tile tools. */
void          tsr_map_canvas_set_session     (TsrMapCanvas   *self,
                                              TsrEditSession *session);
/* The session input goes to now (transfer none; NULL without a map or a session). */
TsrEditSession *tsr_map_canvas_get_session   (TsrMapCanvas   *self);

double        tsr_map_canvas_get_zoom        (TsrMapCanvas   *self);
/* The map point under the pointer; FALSE when the pointer is not over the canvas. A status line
 * follows it through "pointer-changed": emitted at a motion over the canvas and when the pointer
 * leaves it, and once in the frame (a tick, after the view moved) for a pan's motion and whenever
 * the view moved under the pointer (a pan, a scroll, a zoom, a new size), never before. */
gboolean      tsr_map_canvas_get_pointer     (TsrMapCanvas   *self,
                                              double         *map_x,
                                              double         *map_y);
/* Zooms keeping the map point under view point (VIEW_X, VIEW_Y) where it is. */
void          tsr_map_canvas_zoom_at         (TsrMapCanvas   *self,
                                              double          zoom,
                                              double          view_x,
                                              double          view_y);
void          tsr_map_canvas_set_zoom        (TsrMapCanvas   *self,
                                              double          zoom);
void          tsr_map_canvas_zoom_to_fit     (TsrMapCanvas   *self);
gboolean      tsr_map_canvas_get_show_grid   (TsrMapCanvas   *self);
/* The grid lines' colour ("grid-color"; the grid-color preference when the schema is installed):
 * the tile grid draws it, layers that draw a grid get it through tsr_canvas_layer_set_grid_color. */
void          tsr_map_canvas_get_grid_color  (TsrMapCanvas   *self,
                                              GdkRGBA        *color);
void          tsr_map_canvas_set_grid_color  (TsrMapCanvas   *self,
                                              const GdkRGBA  *color);
void          tsr_map_canvas_set_show_grid   (TsrMapCanvas   *self,
                                              gboolean        show_grid);
/* Draws the map again next frame: for what changes the drawing of "draw-overlay" handlers (the
 * layers say so themselves, through "invalidate-area"). A plain gtk_widget_queue_draw shows the
 * map as last drawn and draws only what follows the pointer and the tools over it. */
void          tsr_map_canvas_queue_redraw    (TsrMapCanvas   *self);
/* The part of the map on screen now. */
void          tsr_map_canvas_get_viewport    (TsrMapCanvas   *self,
                                              TsrMapViewport *viewport);
/* Scrolls so the map pixel (MAP_X, MAP_Y) is at the centre of the view (the minimap uses it). */
void          tsr_map_canvas_center_on       (TsrMapCanvas   *self,
                                              double          map_x,
                                              double          map_y);
/* The cell under a view point (may lie outside the map). */
void          tsr_map_canvas_view_to_cell    (TsrMapCanvas   *self,
                                              double          view_x,
                                              double          view_y,
                                              gint           *cell_x,
                                              gint           *cell_y);
/* "Cell 12, 7 · Pixel 200, 118 · Grey stone", or "" when the pointer is not over the map. */
const char   *tsr_map_canvas_get_pointer_text (TsrMapCanvas  *self);

/* What the primary-button gesture does, callable directly (UI tests): view coordinates, and
 * GDK_ALT_MASK in STATE picks instead of using the tool. */
void          tsr_map_canvas_pointer_press   (TsrMapCanvas   *self,
                                              double          view_x,
                                              double          view_y,
                                              GdkModifierType state);
void          tsr_map_canvas_pointer_motion  (TsrMapCanvas   *self,
                                              double          view_x,
                                              double          view_y);
void          tsr_map_canvas_pointer_release (TsrMapCanvas   *self,
                                              double          view_x,
                                              double          view_y);

G_END_DECLS
