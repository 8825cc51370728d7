/* tsr-map-editor.h: the document page for any document that implements TsrTileMap: tool bar,
 * the map canvas in a scrolled window with its status line, and a side bar with the minimap and
 * pages for tiles, layers, the inspector of the selection, the validation findings and the undo
 * history. Family
 * panels (Wolf3D levels and objects, Sphere layers and entities) plug into it through the
 * add_* functions and the "locate-finding" signal; the editor itself knows no format. */
#pragma once

#include <gtk/gtk.h>

#include "core/tsr-finding.h"
#include "model/tsr-document.h"
#include "views/tsr-editor-page.h"
#include "views/tsr-findings-view.h"
#include "views/tsr-history-view.h"
#include "views/tsr-map-canvas.h"

G_BEGIN_DECLS

/* "locate-finding" (const TsrFinding *finding, TsrTileRect *area) → gboolean: where a finding
 * is on the current map. A handler that knows the finding fills AREA (cells) and returns TRUE;
 * it may also switch what the map shows first (another level) and return FALSE to let the next
 * handler place it. The default handler reads the finding's structured place: its point (cells,
 * or pixels through the cell size), and a "layer" element becomes the tools' layer. */
#define TSR_TYPE_MAP_EDITOR (tsr_map_editor_get_type ())
G_DECLARE_FINAL_TYPE (TsrMapEditor, tsr_map_editor, TSR, MAP_EDITOR, GtkWidget)

/* Creates a family's panels for DOCUMENT in EDITOR, or returns NULL when the document is not one
 * it edits (a Sphere spriteset). (transfer full) */
typedef GObject *(*TsrMapEditorPanelsNew) (TsrMapEditor *editor,
                                           TsrDocument  *document);

/* Family panels (levels, entities, …) are found by document type, so the editor knows no family;
 * tsr-builtin-pages.c registers the ones Tessera ships. */
void          tsr_map_editor_register_panels      (GType                 document_type,
                                                   TsrMapEditorPanelsNew create);

GtkWidget    *tsr_map_editor_new                  (void);
/* DOCUMENT must implement TsrTileMap (NULL shows nothing). Family panels are created here. */
void          tsr_map_editor_set_document         (TsrMapEditor *self,
                                                   TsrDocument  *document);
TsrDocument  *tsr_map_editor_get_document         (TsrMapEditor *self);
/* The map the canvas shows and edits: the document itself unless the family panels show a part
 * of it (a Wolf3D level map); edits still go on the document's undo stack. */
void          tsr_map_editor_set_map              (TsrMapEditor *self,
                                                   TsrTileMap   *map);
TsrTileMap   *tsr_map_editor_get_map              (TsrMapEditor *self);
TsrMapCanvas *tsr_map_editor_get_canvas           (TsrMapEditor *self);
/* The canvas's tools for the current map (NULL without a document). */
TsrTileTools *tsr_map_editor_get_tools            (TsrMapEditor *self);

/* The family's visual (3D) view of the map (a TsrVisualView; NULL: none), shown instead of the
 * canvas while "visual-mode" is on: V and the tool bar's 3D button switch. The editor holds it
 * while set; it goes with the family panels. */
void          tsr_map_editor_set_visual_view      (TsrMapEditor *self,
                                                   GtkWidget    *view);
/* (transfer none) */
GtkWidget    *tsr_map_editor_get_visual_view      (TsrMapEditor *self);
/* Whether the visual view is shown (property "visual-mode"); the canvas or the view gets the
 * focus. Without a visual view always FALSE. */
gboolean      tsr_map_editor_get_visual_mode      (TsrMapEditor *self);
void          tsr_map_editor_set_visual_mode      (TsrMapEditor *self,
                                                   gboolean      visual);

/* The family panels object (TsrWolf3dPanels, TsrSpherePanels) or NULL. */
GObject      *tsr_map_editor_get_family_panels    (TsrMapEditor *self);

/* Extension points for family panels; what they add is removed when the document changes. */
void          tsr_map_editor_add_page             (TsrMapEditor *self,
                                                   GtkWidget    *page,
                                                   const char   *name,
                                                   const char   *title);
/* A widget under the layers list (buttons acting on the selected layer). */
/* Like add_page, in the lower notebook beside the tiles and the inspector: for palettes. */
void          tsr_map_editor_add_palette_page     (TsrMapEditor *self,
                                                   GtkWidget    *page,
                                                   const char   *name,
                                                   const char   *title);
void          tsr_map_editor_add_layer_widget     (TsrMapEditor *self,
                                                   GtkWidget    *widget);
/* A widget at the top of the inspector page (the family's inspector of the selection). */
void          tsr_map_editor_add_inspector_widget (TsrMapEditor *self,
                                                   GtkWidget    *widget);
/* Whether drags go to the tile tools; a family mode that takes the drags (placing Sphere
 * entities) turns the tool bar's tools off meanwhile. */
void          tsr_map_editor_set_tile_tools_enabled (TsrMapEditor *self,
                                                     gboolean      enabled);
/* Shows the side page NAME ("tiles", "layers", "inspector", "problems", or a family page). */
void          tsr_map_editor_show_page            (TsrMapEditor *self,
                                                   const char   *name);
/* The page shown last (by show_page or a click on its tab). */
const char   *tsr_map_editor_get_visible_page     (TsrMapEditor *self);
/* Whether page NAME is the current page of its notebook, so on screen. */
gboolean      tsr_map_editor_page_is_visible      (TsrMapEditor *self,
                                                   const char   *name);
/* The layer row widgets are rebuilt on layers-changed; the selected row is the tools' layer. */
guint         tsr_map_editor_get_n_layer_rows     (TsrMapEditor *self);
/* The name shown in row ROW of the layers list (row 0 is the top layer), or NULL (transfer none). */
const char   *tsr_map_editor_get_layer_row_name   (TsrMapEditor *self,
                                                   guint         row);

/* Validation: the findings shown (re-run once edits pause) and what clicking one does:
 * selects and centres its place; FALSE when the finding names no place on the map. */
guint         tsr_map_editor_get_n_findings       (TsrMapEditor *self);
const TsrFinding *tsr_map_editor_get_finding      (TsrMapEditor *self,
                                                   guint         index);
gboolean      tsr_map_editor_activate_finding     (TsrMapEditor *self,
                                                   guint         index);
/* Re-runs validation now instead of after the pause (tests). */
void          tsr_map_editor_refresh_findings     (TsrMapEditor *self);
/* The side pages' views: findings (Problems) and the undo history (History). (transfer none) */
TsrFindingsView *tsr_map_editor_get_findings_view (TsrMapEditor *self);
TsrHistoryView  *tsr_map_editor_get_history_view  (TsrMapEditor *self);

G_END_DECLS
