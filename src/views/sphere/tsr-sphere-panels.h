/* tsr-sphere-panels.h: the Sphere parts of the map editor: layer actions (add, delete, duplicate,
 * reorder, rename, parallax/scrolling/reflective), persons, triggers, zones and obstruction
 * segments drawn over the map (a TsrVectorLayer of the document's vector map, and persons'
 * pictures in draw-overlay) and placed, selected, moved, resized and deleted on the canvas by the
 * Sphere TsrTools of one TsrEditSession (Shift+click and the rubber band select several), and the
 * property inspector of the selection (or the map's fields). Every change goes through
 * TsrSphereDocument's edit functions or the core's vector commands (undoable). */
#pragma once

#include "model/sphere/tsr-sphere-document.h"
#include "views/sphere/tsr-sphere-entity-list.h"
#include "views/tsr-map-editor.h"
#include "views/tsr-property-find-bar.h"
#include "views/tsr-property-inspector.h"

G_BEGIN_DECLS

/* What a primary-button drag on the canvas does. */
typedef enum {
  TSR_SPHERE_MODE_TILES,   /* the tile tools */
  TSR_SPHERE_MODE_SELECT,  /* select, move, resize (zone corner) entities, zones and segments */
  TSR_SPHERE_MODE_PERSON,  /* place a person */
  TSR_SPHERE_MODE_TRIGGER, /* place a trigger */
  TSR_SPHERE_MODE_ZONE,    /* drag out a zone */
  TSR_SPHERE_MODE_SEGMENT, /* drag out an obstruction segment on the current layer */
} TsrSphereMode;

typedef enum {
  TSR_SPHERE_SELECTION_NONE,
  TSR_SPHERE_SELECTION_ENTITY,
  TSR_SPHERE_SELECTION_ZONE,
  TSR_SPHERE_SELECTION_SEGMENT,
} TsrSphereSelectionKind;

#define TSR_TYPE_SPHERE_PANELS (tsr_sphere_panels_get_type ())
G_DECLARE_FINAL_TYPE (TsrSpherePanels, tsr_sphere_panels, TSR, SPHERE_PANELS, GObject)

TsrSpherePanels       *tsr_sphere_panels_new           (TsrMapEditor      *editor,
                                                        TsrSphereDocument *document);
void                   tsr_sphere_panels_set_mode      (TsrSpherePanels   *self,
                                                        TsrSphereMode      mode);
TsrSphereMode          tsr_sphere_panels_get_mode      (TsrSpherePanels   *self);
/* The selected thing (INDEX: entity, zone or segment index; LAYER: the segment's layer). */
TsrSphereSelectionKind tsr_sphere_panels_get_selection (TsrSpherePanels   *self,
                                                        guint             *index,
                                                        guint             *layer);
void                   tsr_sphere_panels_select        (TsrSpherePanels   *self,
                                                        TsrSphereSelectionKind kind,
                                                        guint              index,
                                                        guint              layer);
/* Several entities of one type (persons or triggers), or several zones: INDICES[0] becomes the
 * primary element; others of another type are left out. The property inspector edits them all. */
void                   tsr_sphere_panels_select_many   (TsrSpherePanels   *self,
                                                        TsrSphereSelectionKind kind,
                                                        const guint       *indices,
                                                        guint              n_indices);
/* Shift+click: adds INDEX to the selection, or takes it out; an element of another kind starts a
 * new selection. */
void                   tsr_sphere_panels_toggle_selected (TsrSpherePanels *self,
                                                          TsrSphereSelectionKind kind,
                                                          guint            index);
/* The selected entities or zones (transfer none). */
const guint           *tsr_sphere_panels_get_selected  (TsrSpherePanels   *self,
                                                        guint             *n_selected);
/* The session the entity modes edit through: its selection is the panels' (transfer none). */
TsrEditSession        *tsr_sphere_panels_get_session   (TsrSpherePanels   *self);
TsrPropertyInspector  *tsr_sphere_panels_get_property_inspector (TsrSpherePanels *self);
/* The Entities page's find bar: its results become the selection (transfer none). */
TsrPropertyFindBar    *tsr_sphere_panels_get_find_bar  (TsrSpherePanels   *self);
/* Deletes the selection (the Delete button); several elements in one undo step. */
gboolean               tsr_sphere_panels_delete_selection (TsrSpherePanels *self);
/* Layer buttons, on the tools' current layer. */
gboolean               tsr_sphere_panels_add_layer        (TsrSpherePanels *self);
gboolean               tsr_sphere_panels_duplicate_layer  (TsrSpherePanels *self);
gboolean               tsr_sphere_panels_delete_layer     (TsrSpherePanels *self);
gboolean               tsr_sphere_panels_move_layer       (TsrSpherePanels *self,
                                                           gint             delta);
/* The inspector's fields by name: the layer form's ("layer-name", "layer-parallax-x" ...), and
 * the property inspector's editors by field name for the selection, or the map when nothing is
 * selected ("name", "spriteset", "on_activate_talk", "function", "x1", "music", "repeating" ...),
 * for tests. */
GtkWidget             *tsr_sphere_panels_get_field        (TsrSpherePanels *self,
                                                           const char      *name);
/* Zones and segments drawn, moved and resized on tile corners (the Entities page's check). */
void                   tsr_sphere_panels_set_snap         (TsrSpherePanels *self,
                                                           gboolean         snap);
/* The Entities page's list of persons, triggers and zones (transfer none). */
TsrSphereEntityList   *tsr_sphere_panels_get_entity_list  (TsrSpherePanels *self);

G_END_DECLS
