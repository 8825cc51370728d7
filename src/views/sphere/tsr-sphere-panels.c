/* tsr-sphere-panels.c: Sphere layers, entities, zones and obstruction segments in the map editor.
 * Every mode but Tiles is a TsrTool (src/edit/sphere) of one edit session, whose layer is the
 * document's vector map of the current layer: the canvas sends input to it, a TsrVectorLayer
 * draws the elements, and the session's selection is what the inspector, the entity list and
 * Delete act on. Every edit is one of the document's commands or a core vector command. */
#include "config.h"

#include "model/sphere/tsr-sphere-tileset-edit.h"
#include "views/sphere/tsr-tileset-editor.h"
#include "views/sphere/tsr-sphere-panels-private.h"

#include <glib/gi18n.h>

#include "core/tsr-error.h"

G_DEFINE_FINAL_TYPE (TsrSpherePanels, tsr_sphere_panels, G_TYPE_OBJECT)

void
tsr_sphere_panels_show_error (TsrSpherePanels *self, const GError *error)
{
  gtk_label_set_text (self->error_label, error != NULL ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error != NULL);
}

static void
on_edit_failed (TsrTool *tool, const char *message, TsrSpherePanels *self)
{
  g_autoptr(GError) error = g_error_new_literal (TSR_ERROR, TSR_ERROR_INVALID, message);

  tsr_sphere_panels_show_error (self, error);
}

TsrTileTools *
tsr_sphere_panels_tools (TsrSpherePanels *self)
{
  return self->editor != NULL ? tsr_map_editor_get_tools (self->editor) : NULL;
}

guint
tsr_sphere_panels_current_layer (TsrSpherePanels *self)
{
  TsrTileTools *t = tsr_sphere_panels_tools (self);

  return t != NULL ? tsr_tile_tools_get_layer (t) : 0;
}

void
tsr_sphere_panels_queue_draw (TsrSpherePanels *self)
{
  if (self->editor != NULL)
    tsr_map_canvas_queue_redraw (tsr_map_editor_get_canvas (self->editor));
}

/* --- The session's layer follows the tools' layer --- */

static void
follow_layer (TsrSpherePanels *self)
{
  TsrVectorMap *map;
  TsrMapCanvas *canvas;

  if (!tsr_sphere_document_is_map (self->document) || self->editor == NULL)
    return;
  map = tsr_sphere_document_get_vector_map (self->document, MIN (tsr_sphere_panels_current_layer (self), G_MAXUINT8));
  if (tsr_edit_session_get_vector_map (self->session) == map)
    return;
  canvas = tsr_map_editor_get_canvas (self->editor);
  tsr_edit_session_set_layer (self->session, G_OBJECT (map));
  if (self->vector_layer != NULL)
    tsr_map_canvas_remove_layer (canvas, TSR_CANVAS_LAYER (self->vector_layer));
  g_clear_object (&self->vector_layer);
  self->vector_layer = tsr_vector_layer_new (map);
  tsr_vector_layer_set_background (self->vector_layer, FALSE);
  tsr_vector_layer_set_selection (self->vector_layer, tsr_edit_session_get_selection (self->session));
  tsr_map_canvas_add_layer (canvas, TSR_CANVAS_LAYER (self->vector_layer));
}

/* --- Selection --- */

static TsrSphereSelectionKind
kind_of (TsrElementKind kind)
{
  switch (kind)
    {
    case TSR_ELEMENT_MARKER:
      return TSR_SPHERE_SELECTION_ENTITY;
    case TSR_ELEMENT_RECTANGLE:
      return TSR_SPHERE_SELECTION_ZONE;
    case TSR_ELEMENT_SEGMENT:
      return TSR_SPHERE_SELECTION_SEGMENT;
    case TSR_ELEMENT_POINT:
    case TSR_ELEMENT_POLYGON:
    case TSR_N_ELEMENT_KINDS:
    default:
      return TSR_SPHERE_SELECTION_NONE;
    }
}

static TsrElementKind
element_kind_of (TsrSphereSelectionKind kind)
{
  return kind == TSR_SPHERE_SELECTION_ZONE ? TSR_ELEMENT_RECTANGLE
         : kind == TSR_SPHERE_SELECTION_SEGMENT ? TSR_ELEMENT_SEGMENT : TSR_ELEMENT_MARKER;
}

static gboolean
contains_ref (GArray *refs, const TsrElementRef *ref)
{
  for (guint i = 0; i < refs->len; i++)
    if (tsr_element_ref_equal (&g_array_index (refs, TsrElementRef, i), ref))
      return TRUE;
  return FALSE;
}

/* The session's selection changed (a tool, the find bar, a finding, the list): the primary
 * element is the last one added, and the panels show every selected element of its kind. */
static void
on_selection_changed (TsrSelection *selection, TsrSpherePanels *self)
{
  const TsrElementRef *elements;
  guint n_elements;
  gboolean primary_kept = FALSE;

  elements = tsr_selection_get_elements (selection, &n_elements);
  for (guint i = 0; i < n_elements; i++)
    {
      if (!contains_ref (self->last_selection, &elements[i]))
        self->primary = elements[i];
      primary_kept |= tsr_element_ref_equal (&elements[i], &self->primary);
    }
  if (!primary_kept && n_elements > 0)
    {
      self->primary = elements[n_elements - 1];
      primary_kept = TRUE;
    }
  g_array_set_size (self->last_selection, 0);
  g_array_append_vals (self->last_selection, elements, n_elements);

  g_array_set_size (self->selected, 0);
  self->selection = primary_kept ? kind_of (self->primary.kind) : TSR_SPHERE_SELECTION_NONE;
  self->selection_index = self->primary.index;
  self->selection_layer = tsr_sphere_panels_current_layer (self);
  for (guint i = 0; i < n_elements && self->selection != TSR_SPHERE_SELECTION_NONE; i++)
    {
      if (elements[i].kind != self->primary.kind)
        continue;
      /* Persons with persons, triggers with triggers: one property source edits them. */
      if (elements[i].kind == TSR_ELEMENT_MARKER
          && tsr_sphere_document_get_entity (self->document, elements[i].index)->type
             != tsr_sphere_document_get_entity (self->document, self->primary.index)->type)
        continue;
      g_array_append_val (self->selected, elements[i].index);
    }
  if (self->entity_list != NULL)
    tsr_sphere_entity_list_show_selected (self->entity_list,
                                          self->selection == TSR_SPHERE_SELECTION_ENTITY
                                          || self->selection == TSR_SPHERE_SELECTION_ZONE,
                                          self->selection == TSR_SPHERE_SELECTION_ZONE ? TSR_SPHERE_LIST_ZONE
                                                                                       : TSR_SPHERE_LIST_ENTITY,
                                          self->selection_index);
  tsr_sphere_panels_update_inspector (self);
  tsr_sphere_panels_queue_draw (self);
}

static void
set_selection (TsrSpherePanels *self, const TsrElementRef *elements, guint n_elements)
{
  tsr_selection_set (tsr_edit_session_get_selection (self->session), elements, n_elements);
}

void
tsr_sphere_panels_select (TsrSpherePanels        *self,
                          TsrSphereSelectionKind  kind,
                          guint                   index,
                          guint                   layer)
{
  TsrElementRef ref = { element_kind_of (kind), index };

  g_return_if_fail (TSR_IS_SPHERE_PANELS (self));

  if (kind == TSR_SPHERE_SELECTION_NONE)
    {
      set_selection (self, NULL, 0);
      return;
    }
  /* Segments belong to a layer: selecting one makes its layer current. */
  if (kind == TSR_SPHERE_SELECTION_SEGMENT && layer != tsr_sphere_panels_current_layer (self)
      && tsr_sphere_panels_tools (self) != NULL)
    tsr_tile_tools_set_layer (tsr_sphere_panels_tools (self), layer);
  set_selection (self, &ref, 1);
}

void
tsr_sphere_panels_select_many (TsrSpherePanels        *self,
                               TsrSphereSelectionKind  kind,
                               const guint            *indices,
                               guint                   n_indices)
{
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));

  g_return_if_fail (TSR_IS_SPHERE_PANELS (self));
  g_return_if_fail (kind == TSR_SPHERE_SELECTION_ENTITY || kind == TSR_SPHERE_SELECTION_ZONE);

  for (guint i = 0; i < n_indices; i++)
    {
      TsrElementRef ref = { element_kind_of (kind), indices[i] };

      /* Others of another type than the first are left out. */
      if (kind == TSR_SPHERE_SELECTION_ENTITY
          && tsr_sphere_document_get_entity (self->document, indices[i])->type
             != tsr_sphere_document_get_entity (self->document, indices[0])->type)
        continue;
      g_array_append_val (refs, ref);
    }
  set_selection (self, (const TsrElementRef *) refs->data, refs->len);
}

void
tsr_sphere_panels_toggle_selected (TsrSpherePanels        *self,
                                   TsrSphereSelectionKind  kind,
                                   guint                   index)
{
  TsrElementRef ref = { element_kind_of (kind), index };

  g_return_if_fail (TSR_IS_SPHERE_PANELS (self));

  /* An element of another kind starts a new selection. */
  if (self->selection != kind
      || (kind == TSR_SPHERE_SELECTION_ENTITY && self->selected->len > 0
          && tsr_sphere_document_get_entity (self->document, index)->type
             != tsr_sphere_document_get_entity (self->document, self->selection_index)->type))
    tsr_sphere_panels_select (self, kind, index, tsr_sphere_panels_current_layer (self));
  else
    tsr_selection_toggle (tsr_edit_session_get_selection (self->session), &ref);
}

const guint *
tsr_sphere_panels_get_selected (TsrSpherePanels *self,
                                guint           *n_selected)
{
  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), NULL);
  *n_selected = self->selected->len;
  return (const guint *) self->selected->data;
}

TsrSphereSelectionKind
tsr_sphere_panels_get_selection (TsrSpherePanels *self,
                                 guint           *index,
                                 guint           *layer)
{
  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), TSR_SPHERE_SELECTION_NONE);
  if (index != NULL)
    *index = self->selection_index;
  if (layer != NULL)
    *layer = self->selection_layer;
  return self->selection;
}

TsrEditSession *
tsr_sphere_panels_get_session (TsrSpherePanels *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), NULL);
  return self->session;
}

TsrPropertyInspector *
tsr_sphere_panels_get_property_inspector (TsrSpherePanels *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), NULL);
  return self->properties;
}

TsrPropertyFindBar *
tsr_sphere_panels_get_find_bar (TsrSpherePanels *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), NULL);
  return self->find_bar;
}

gboolean
tsr_sphere_panels_delete_selection (TsrSpherePanels *self)
{
  const TsrSphereMap *map;
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), FALSE);
  map = tsr_sphere_document_get_map (self->document);
  if (self->selection == TSR_SPHERE_SELECTION_NONE || map == NULL)
    return FALSE;
  /* The core's removal cannot refuse: say why the list cannot change instead. */
  if (map->tail_entity_count > 0 && self->selection != TSR_SPHERE_SELECTION_SEGMENT)
    {
      g_autoptr(GError) error = g_error_new (TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                                             _("Entities and zones of this map cannot be deleted: entity %u has an unknown type"),
                                             map->entities->len);

      tsr_sphere_panels_show_error (self, error);
      return FALSE;
    }
  /* Several elements are one undo step, and what depends on them goes with them. */
  done = tsr_edit_session_delete_selection (self->session);
  tsr_sphere_panels_show_error (self, NULL);
  return done;
}

/* --- Modes --- */

static const char *const mode_hints[] = {
  N_("Drags paint with the tile tools."),
  N_("Click a person, trigger, zone or segment to select it (Shift adds), drag from empty space to select with a rubber band; drag to move the selection, or a zone’s bottom-right corner to resize it."),
  N_("Click to place a person on the current layer."),
  N_("Click to place a trigger on the current layer."),
  N_("Drag to draw a zone on the current layer."),
  N_("Drag to draw an obstruction segment on the current layer."),
};

void
tsr_sphere_panels_set_mode (TsrSpherePanels *self,
                            TsrSphereMode    mode)
{
  g_return_if_fail (TSR_IS_SPHERE_PANELS (self));

  self->mode = mode;
  self->syncing = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->mode_buttons[mode]), TRUE);
  self->syncing = FALSE;
  gtk_label_set_text (self->hint_label, _(mode_hints[mode]));
  follow_layer (self);
  tsr_edit_session_set_tool (self->session, self->mode_tools[mode]);
  if (self->editor != NULL)
    {
      /* In Tiles mode the canvas's own session (the tile tools) gets the input. */
      tsr_map_canvas_set_session (tsr_map_editor_get_canvas (self->editor),
                                  mode == TSR_SPHERE_MODE_TILES ? NULL : self->session);
      tsr_map_editor_set_tile_tools_enabled (self->editor, mode == TSR_SPHERE_MODE_TILES);
    }
}

TsrSphereMode
tsr_sphere_panels_get_mode (TsrSpherePanels *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), TSR_SPHERE_MODE_TILES);
  return self->mode;
}

void
tsr_sphere_panels_set_snap (TsrSpherePanels *self,
                            gboolean         snap)
{
  g_return_if_fail (TSR_IS_SPHERE_PANELS (self));
  self->snap = snap;
  if (self->snap_check != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (self->snap_check)) != snap)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->snap_check), snap);
  for (guint i = 0; i < G_N_ELEMENTS (self->mode_tools); i++)
    if (self->mode_tools[i] != NULL)
      g_object_set (self->mode_tools[i], "snap", snap, NULL);
}

/* Delete (and BackSpace) on the canvas delete the selection while an entity mode is on (before
 * the canvas's own binding, so a map that cannot lose entities says why); in Tiles mode they keep
 * deleting the tile selection. */
static gboolean
on_canvas_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                       TsrSpherePanels *self)
{
  if (self->mode == TSR_SPHERE_MODE_TILES || self->selection == TSR_SPHERE_SELECTION_NONE
      || (keyval != GDK_KEY_Delete && keyval != GDK_KEY_KP_Delete && keyval != GDK_KEY_BackSpace))
    return FALSE;
  return tsr_sphere_panels_delete_selection (self);
}

/* --- Findings --- */

static void
cells_of_pixels (TsrSpherePanels *self, double x1, double y1, double x2, double y2, TsrTileRect *area)
{
  guint cell_w, cell_h;

  tsr_tile_map_get_cell_size (TSR_TILE_MAP (self->document), &cell_w, &cell_h);
  *area = tsr_tile_rect_from_corners ((gint) (MIN (x1, x2) / cell_w), (gint) (MIN (y1, y2) / cell_h),
                                      (gint) (MAX (x1, x2) / cell_w), (gint) (MAX (y1, y2) / cell_h));
}

/* Entities and zones are selected as elements, and their area comes from the document (a zone
 * is a rectangle); the start, layers and cells are the default handler's. */
static gboolean
on_locate_finding (TsrMapEditor *editor, const TsrFinding *finding, TsrTileRect *area, TsrSpherePanels *self)
{
  const TsrFindingPlace *place = &finding->place;

  if (place->index < 0)
    return FALSE;
  if (tsr_finding_place_is (place, "entity") && (guint) place->index < tsr_sphere_document_get_n_entities (self->document))
    {
      const TsrSphereEntity *entity = tsr_sphere_document_get_entity (self->document, (guint) place->index);

      tsr_sphere_panels_select (self, TSR_SPHERE_SELECTION_ENTITY, (guint) place->index, 0);
      cells_of_pixels (self, entity->x, entity->y, entity->x, entity->y, area);
      return TRUE;
    }
  if (tsr_finding_place_is (place, "zone") && (guint) place->index < tsr_sphere_document_get_n_zones (self->document))
    {
      const TsrSphereZone *zone = tsr_sphere_document_get_zone (self->document, (guint) place->index);

      tsr_sphere_panels_select (self, TSR_SPHERE_SELECTION_ZONE, (guint) place->index, 0);
      cells_of_pixels (self, zone->x1, zone->y1, zone->x2, zone->y2, area);
      return TRUE;
    }
  return FALSE;
}


/* --- Document signals --- */

static void
on_layers_changed (TsrSpherePanels *self)
{
  follow_layer (self);
  tsr_sphere_panels_update_layer_fields (self);
}

/* Names, scripts and coordinates edited elsewhere (the inspector, undo) show in the inspector. */
static void
on_element_changed (TsrSpherePanels *self)
{
  if (!self->syncing)
    tsr_sphere_panels_update_inspector (self);
  tsr_sphere_panels_queue_draw (self);
}

static void
on_tools_layer (TsrSpherePanels *self)
{
  follow_layer (self);
  tsr_sphere_panels_update_layer_fields (self);
}

/* --- Object --- */

static void
tsr_sphere_panels_dispose (GObject *object)
{
  TsrSpherePanels *self = TSR_SPHERE_PANELS (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (tsr_edit_session_get_selection (self->session), self);
  if (self->editor != NULL)
    {
      TsrMapCanvas *canvas = tsr_map_editor_get_canvas (self->editor);

      g_signal_handlers_disconnect_by_data (self->editor, self);
      g_signal_handlers_disconnect_by_data (canvas, self);
      if (tsr_map_canvas_get_session (canvas) == self->session)
        tsr_map_canvas_set_session (canvas, NULL);
      if (self->vector_layer != NULL)
        tsr_map_canvas_remove_layer (canvas, TSR_CANVAS_LAYER (self->vector_layer));
      if (self->key_controller != NULL)
        gtk_widget_remove_controller (GTK_WIDGET (canvas), self->key_controller);
      self->key_controller = NULL;
      if (tsr_sphere_panels_tools (self) != NULL)
        g_signal_handlers_disconnect_by_data (tsr_sphere_panels_tools (self), self);
      g_object_remove_weak_pointer (G_OBJECT (self->editor), (gpointer *) &self->editor);
      self->editor = NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->mode_tools); i++)
    {
      if (self->mode_tools[i] != NULL)
        g_signal_handlers_disconnect_by_data (self->mode_tools[i], self);
      g_clear_object (&self->mode_tools[i]);
    }
  if (self->session != NULL)
    tsr_edit_session_set_tool (self->session, NULL);
  g_clear_object (&self->vector_layer);
  g_clear_object (&self->session);
  for (guint i = 0; i < G_N_ELEMENTS (self->sources); i++)
    g_clear_object (&self->sources[i]);
  g_clear_object (&self->document);
  g_clear_pointer (&self->selected, g_array_unref);
  g_clear_pointer (&self->last_selection, g_array_unref);
  g_clear_pointer (&self->fields, g_hash_table_unref);
  g_clear_pointer (&self->person_surfaces, g_hash_table_unref);
  G_OBJECT_CLASS (tsr_sphere_panels_parent_class)->dispose (object);
}

static void
tsr_sphere_panels_class_init (TsrSpherePanelsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_sphere_panels_dispose;
}

static void
tsr_sphere_panels_init (TsrSpherePanels *self)
{
  self->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->selected = g_array_new (FALSE, FALSE, sizeof (guint));
  self->last_selection = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  self->person_surfaces = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) cairo_surface_destroy);
}

TsrSphereEntityList *
tsr_sphere_panels_get_entity_list (TsrSpherePanels *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), NULL);
  return self->entity_list;
}

GtkWidget *
tsr_sphere_panels_get_field (TsrSpherePanels *self,
                             const char      *name)
{
  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), NULL);
  /* Persons', triggers' and zones' fields live in the property inspector, by field name. */
  if (tsr_sphere_panels_field (self, name) == NULL)
    return tsr_property_inspector_get_editor (self->properties, name);
  return tsr_sphere_panels_field (self, name);
}

static void
on_edit_tileset_clicked (GtkButton       *button,
                         TsrSpherePanels *self)
{
  tsr_tileset_editor_show_window (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (button))), TSR_DOCUMENT (self->document));
}

/* Opens the tileset editor on the map's tileset (appended or external) in a window of its own. */
static GtkWidget *
build_tileset_button (TsrSpherePanels *self)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (_("Edit _Tileset…"));

  gtk_widget_set_tooltip_text (button, _("Draw the map's tiles, set their animation and obstructions, add and reorder them"));
  gtk_widget_set_sensitive (button, tsr_sphere_document_get_edited_tileset (self->document) != NULL);
  g_signal_connect (button, "clicked", G_CALLBACK (on_edit_tileset_clicked), self);
  return button;
}

TsrSpherePanels *
tsr_sphere_panels_new (TsrMapEditor      *editor,
                       TsrSphereDocument *document)
{
  TsrSpherePanels *self = g_object_new (TSR_TYPE_SPHERE_PANELS, NULL);
  TsrMapCanvas *canvas = tsr_map_editor_get_canvas (editor);
  static const char *const element_signals[] = {
    "entity-changed", "zone-changed", "segment-changed", "map-changed",
  };

  self->editor = editor;
  g_object_add_weak_pointer (G_OBJECT (editor), (gpointer *) &self->editor);
  self->document = g_object_ref (document);
  self->session = tsr_edit_session_new (TSR_DOCUMENT (document));
  self->mode_tools[TSR_SPHERE_MODE_SELECT] = tsr_sphere_select_tool_new (self->session);
  self->mode_tools[TSR_SPHERE_MODE_PERSON] = tsr_sphere_place_tool_new (self->session, TSR_SPHERE_PLACE_PERSON);
  self->mode_tools[TSR_SPHERE_MODE_TRIGGER] = tsr_sphere_place_tool_new (self->session, TSR_SPHERE_PLACE_TRIGGER);
  self->mode_tools[TSR_SPHERE_MODE_ZONE] = tsr_sphere_shape_tool_new (self->session, TSR_SPHERE_SHAPE_ZONE);
  self->mode_tools[TSR_SPHERE_MODE_SEGMENT] = tsr_sphere_shape_tool_new (self->session, TSR_SPHERE_SHAPE_SEGMENT);
  for (guint i = 0; i < G_N_ELEMENTS (self->mode_tools); i++)
    if (self->mode_tools[i] != NULL)
      g_signal_connect (self->mode_tools[i], "edit-failed", G_CALLBACK (on_edit_failed), self);
  g_signal_connect (tsr_edit_session_get_selection (self->session), "changed", G_CALLBACK (on_selection_changed), self);
  for (guint i = 0; i < G_N_ELEMENTS (self->sources); i++)
    self->sources[i] = tsr_sphere_property_source_new (document, (TsrSphereElementKind) i);

  tsr_map_editor_add_page (editor, tsr_sphere_panels_build_entities_page (self), "entities", _("Entities"));
  tsr_map_editor_add_layer_widget (editor, tsr_sphere_panels_build_layer_widgets (self));
  tsr_map_editor_add_layer_widget (editor, build_tileset_button (self));
  tsr_map_editor_add_inspector_widget (editor, tsr_sphere_panels_build_inspector (self));
  self->script_view = TSR_SPHERE_SCRIPT_VIEW (tsr_sphere_script_view_new (document));
  gtk_widget_set_margin_start (GTK_WIDGET (self->script_view), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->script_view), 6);
  gtk_widget_set_margin_top (GTK_WIDGET (self->script_view), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->script_view), 6);
  tsr_map_editor_add_palette_page (editor, GTK_WIDGET (self->script_view), "scripts", _("Scripts"));
  g_signal_connect (canvas, "draw-overlay", G_CALLBACK (tsr_sphere_panels_draw_overlay), self);
  self->key_controller = gtk_event_controller_key_new ();
  /* Before the canvas's own Delete binding. */
  gtk_event_controller_set_propagation_phase (self->key_controller, GTK_PHASE_CAPTURE);
  g_signal_connect (self->key_controller, "key-pressed", G_CALLBACK (on_canvas_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (canvas), self->key_controller);
  g_signal_connect (editor, "locate-finding", G_CALLBACK (on_locate_finding), self);
  for (guint i = 0; i < G_N_ELEMENTS (element_signals); i++)
    g_signal_connect_swapped (document, element_signals[i], G_CALLBACK (on_element_changed), self);
  g_signal_connect_swapped (document, "layers-changed", G_CALLBACK (on_layers_changed), self);
  if (tsr_sphere_panels_tools (self) != NULL)
    g_signal_connect_swapped (tsr_sphere_panels_tools (self), "notify::layer", G_CALLBACK (on_tools_layer), self);
  follow_layer (self);
  tsr_sphere_panels_set_mode (self, TSR_SPHERE_MODE_TILES);
  tsr_sphere_panels_update_inspector (self);
  tsr_sphere_panels_update_layer_fields (self);
  return self;
}
