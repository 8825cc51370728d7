/* tsr-doom2d-map-page.h: the editor page of a Doom2D Forever map: a tool bar (select, draw panel,
 * trigger area, place item, monster, area, pick a trigger's target; the panel type, trigger type
 * and thing palettes; grid 16/8 and snapping), the canvas with the map area, the panels, triggers
 * and things as a vector layer and lines from triggers to their targets, and a side bar with the
 * property inspector of the selection (the map's properties when nothing is selected), layer
 * visibility per category, the map check (findings, a click selects and centres the element) and
 * the undo history. It edits only through the document's commands. */
#pragma once

#include <gtk/gtk.h>

#include "edit/doom2d/tsr-doom2d-tool.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "views/doom2d/tsr-doom2d-panel-layer.h"
#include "views/tsr-editor-page.h"
#include "views/tsr-findings-view.h"
#include "views/tsr-map-canvas.h"
#include "views/tsr-minimap.h"
#include "views/tsr-property-inspector.h"

G_BEGIN_DECLS

#define TSR_TYPE_DOOM2D_MAP_PAGE (tsr_doom2d_map_page_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dMapPage, tsr_doom2d_map_page, TSR, DOOM2D_MAP_PAGE, GtkWidget)

/* Whether the page edits DOCUMENT (a Doom2D document holding a map). */
gboolean              tsr_doom2d_map_page_accepts        (TsrDocument       *document);
void                  tsr_doom2d_map_page_set_document   (TsrDoom2dMapPage  *self,
                                                          TsrDoom2dDocument *document);
/* (transfer none) */
TsrMapCanvas         *tsr_doom2d_map_page_get_canvas     (TsrDoom2dMapPage  *self);
TsrDoom2dTool        *tsr_doom2d_map_page_get_tool       (TsrDoom2dMapPage  *self);
TsrEditSession       *tsr_doom2d_map_page_get_session    (TsrDoom2dMapPage  *self);
TsrPropertyInspector *tsr_doom2d_map_page_get_inspector  (TsrDoom2dMapPage  *self);
TsrFindingsView      *tsr_doom2d_map_page_get_findings   (TsrDoom2dMapPage  *self);
/* The map overview above the side bar. (transfer none) */
TsrMinimap           *tsr_doom2d_map_page_get_minimap    (TsrDoom2dMapPage  *self);
/* Whether the animation tick callback is installed: only while the map has animated textures,
 * the view shows one, and the page's window is active and not minimised. */
gboolean              tsr_doom2d_map_page_is_animating   (TsrDoom2dMapPage  *self);
/* The layer drawing the sky and the textured panels. (transfer none) */
TsrDoom2dPanelLayer  *tsr_doom2d_map_page_get_panel_layer (TsrDoom2dMapPage *self);
/* The tool-bar button of MODE, the drop-downs ("panel-type", "texture", "trigger-type", "grid",
 * and "item", "monster", "area", which are TsrDoom2dThingPalettes, "add-texture", the
 * TsrDoom2dTexturePicker) and the category checks.
 * (transfer none) */
GtkWidget            *tsr_doom2d_map_page_get_mode_button (TsrDoom2dMapPage *self,
                                                           TsrDoom2dToolMode mode);
GtkWidget            *tsr_doom2d_map_page_get_dropdown   (TsrDoom2dMapPage  *self,
                                                          const char        *name);
GtkWidget            *tsr_doom2d_map_page_get_category_check (TsrDoom2dMapPage *self,
                                                              TsrDoom2dCategory category);
/* Shows the side bar's page "inspector", "layers", "problems" or "history". */
void                  tsr_doom2d_map_page_show_page      (TsrDoom2dMapPage  *self,
                                                          const char        *name);
/* Selects record INDEX of KIND and centres the view on it. */
void                  tsr_doom2d_map_page_select_record  (TsrDoom2dMapPage  *self,
                                                          TsrDoom2dKind      kind,
                                                          guint              index);
/* The status line's text ("Click the door panel the trigger opens", "Not a door panel", ...). */
const char           *tsr_doom2d_map_page_get_status     (TsrDoom2dMapPage  *self);

G_END_DECLS
