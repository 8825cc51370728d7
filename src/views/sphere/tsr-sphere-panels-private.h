/* tsr-sphere-panels-private.h: what the files of TsrSpherePanels share: the instance struct and
 * the builders and updaters of its parts (tsr-sphere-panels.c: modes, tools, selection, keys,
 * findings; -entities.c: the Entities page; -inspector.c: the inspector; -layers.c: the layer
 * buttons and form; -overlay.c: drawing over the map). */
#pragma once

#include "edit/sphere/tsr-sphere-tools.h"
#include "edit/tsr-edit-session.h"
#include "model/sphere/tsr-sphere-property-source.h"
#include "views/sphere/tsr-sphere-panels.h"
#include "views/sphere/tsr-sphere-script-view.h"
#include "views/tsr-vector-layer.h"

G_BEGIN_DECLS

struct _TsrSpherePanels {
  GObject                  parent_instance;

  TsrMapEditor            *editor;  /* weak */
  TsrSphereDocument       *document;
  TsrSphereMode            mode;
  /* Input in every mode but Tiles goes to the session's tool; its layer is the document's vector
   * map of the tools' current layer, drawn by VECTOR_LAYER. */
  TsrEditSession          *session;
  TsrTool                 *mode_tools[TSR_SPHERE_MODE_SEGMENT + 1]; /* NULL for Tiles */
  TsrVectorLayer          *vector_layer;
  /* The session's selection as the panels show it: the primary (last added) element's kind, and
   * every selected element of that kind (persons with persons, triggers with triggers). */
  TsrSphereSelectionKind   selection;
  guint                    selection_index;
  guint                    selection_layer;
  GArray                  *selected;       /* guint, ascending, primary included */
  GArray                  *last_selection; /* TsrElementRef: the selection before its last change */
  TsrElementRef            primary;
  gboolean                 syncing;
  gboolean                 snap;           /* zones and segments on tile corners */

  TsrSphereEntityList     *entity_list;
  GtkWidget               *snap_check;
  GHashTable              *fields;          /* name → widget */
  GHashTable              *person_surfaces; /* const TsrImage * → cairo_surface_t */
  GtkWidget               *mode_buttons[TSR_SPHERE_MODE_SEGMENT + 1];
  GtkStack                *inspector_stack;
  TsrSpherePropertySource *sources[TSR_SPHERE_ELEMENT_MAP + 1];
  TsrPropertyInspector    *properties;
  TsrPropertyFindBar      *find_bar;
  GtkDropDown             *find_kind;       /* persons, triggers or zones */
  GtkLabel                *hint_label;
  GtkLabel                *error_label;
  GtkEventController      *key_controller;  /* on the canvas, owned by it */
  TsrSphereScriptView     *script_view;     /* the Scripts page */
};

/* tsr-sphere-panels.c */
void          tsr_sphere_panels_show_error      (TsrSpherePanels *self,
                                                 const GError    *error);
TsrTileTools *tsr_sphere_panels_tools           (TsrSpherePanels *self);
guint         tsr_sphere_panels_current_layer   (TsrSpherePanels *self);
void          tsr_sphere_panels_queue_draw      (TsrSpherePanels *self);

/* tsr-sphere-panels-inspector.c: the fields by name, form building, the inspector stack. */
GtkWidget    *tsr_sphere_panels_field           (TsrSpherePanels *self,
                                                 const char      *name);
/* Adds a labelled editor at ROW of GRID; CHANGED runs on Enter (entries), value-changed (spin
 * buttons) or toggled (checks). */
GtkWidget    *tsr_sphere_panels_add_field       (TsrSpherePanels *self,
                                                 GtkGrid         *grid,
                                                 int              row,
                                                 const char      *name,
                                                 const char      *label_text,
                                                 GtkWidget       *widget,
                                                 GCallback        changed);
GtkWidget    *tsr_sphere_panels_form            (const char      *heading_text,
                                                 GtkGrid        **grid);
GtkWidget    *tsr_sphere_panels_build_inspector (TsrSpherePanels *self);
void          tsr_sphere_panels_update_inspector (TsrSpherePanels *self);

/* tsr-sphere-panels-layers.c */
GtkWidget    *tsr_sphere_panels_build_layer_widgets (TsrSpherePanels *self);
void          tsr_sphere_panels_update_layer_fields (TsrSpherePanels *self);

/* tsr-sphere-panels-entities.c */
GtkWidget    *tsr_sphere_panels_build_entities_page (TsrSpherePanels *self);

/* tsr-sphere-panels-overlay.c: persons' pictures, other layers' segments and the selection of
 * persons, over the vector layer ("draw-overlay"). */
void          tsr_sphere_panels_draw_overlay    (TsrMapCanvas         *canvas,
                                                 cairo_t              *cr,
                                                 const TsrMapViewport *viewport,
                                                 TsrSpherePanels      *self);

G_END_DECLS
