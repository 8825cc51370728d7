/* tsr-sphere-panels.c: Sphere layers, entities, zones and obstruction segments in the map editor.
 * Entities are drawn and hit-tested in map pixels; every edit is one of TsrSphereDocument's
 * commands, and a drag's moves merge into one undo step (the document merges consecutive moves of
 * one element; the merge is broken when the drag ends). */
#include "config.h"

#include "views/sphere/tsr-sphere-panels.h"

#include <glib/gi18n.h>
#include <math.h>

#include "formats/sphere/tsr-sphere-string.h"
#include "model/sphere/tsr-sphere-property-source.h"
#include "views/tsr-property-find-bar.h"
#include "views/tsr-property-inspector.h"

/* How close (in view pixels) a press must be to pick a marker, a segment or a zone corner. */
#define PICK_DISTANCE 8.0

struct _TsrSpherePanels {
  GObject                 parent_instance;

  TsrMapEditor           *editor;  /* weak */
  TsrSphereDocument      *document;
  TsrSphereMode           mode;
  TsrSphereSelectionKind  selection;
  guint                   selection_index; /* the primary (last clicked) element */
  TsrSphereEntityList    *entity_list;
  guint                   selection_layer;
  GArray                 *selected;        /* guint: every selected entity or zone, primary included */
  gboolean                syncing;

  /* The drag in progress. */
  gboolean                dragging;
  gboolean                snap;      /* zones and segments on tile corners */
  GtkWidget              *snap_check;
  gboolean                resizing;
  double                  press_x, press_y, last_x, last_y;
  gint                    origin_x, origin_y; /* the dragged element's position at the press */

  GHashTable             *fields;          /* name → widget */
  GHashTable             *person_surfaces; /* const TsrImage * → cairo_surface_t */
  GtkWidget              *mode_buttons[TSR_SPHERE_MODE_SEGMENT + 1];
  GtkStack               *inspector_stack;
  TsrSpherePropertySource *sources[TSR_SPHERE_ELEMENT_MAP + 1];
  TsrPropertyInspector   *properties;
  TsrPropertyFindBar     *find_bar;
  GtkDropDown            *find_kind;       /* persons, triggers or zones */
  GtkLabel               *hint_label;
  GtkLabel               *error_label;
  GtkEventController     *key_controller; /* on the canvas, owned by it */
};

G_DEFINE_FINAL_TYPE (TsrSpherePanels, tsr_sphere_panels, G_TYPE_OBJECT)

static void
show_error (TsrSpherePanels *self, GError *error)
{
  gtk_label_set_text (self->error_label, error != NULL ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error != NULL);
}

static TsrTileTools *
tools (TsrSpherePanels *self)
{
  return self->editor != NULL ? tsr_map_editor_get_tools (self->editor) : NULL;
}

static guint
current_layer (TsrSpherePanels *self)
{
  TsrTileTools *t = tools (self);

  return t != NULL ? tsr_tile_tools_get_layer (t) : 0;
}

static void
queue_canvas_draw (TsrSpherePanels *self)
{
  if (self->editor != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (tsr_map_editor_get_canvas (self->editor)));
}

/* The map pixel under a map position; the epsilon absorbs view ↔ map rounding (95.9999). */
static double
map_pixel (double value)
{
  return floor (value + 1e-6);
}

static guint16
clamp_u16 (double value)
{
  return (guint16) CLAMP (map_pixel (value), 0, G_MAXUINT16);
}

static void
break_merge (TsrSpherePanels *self)
{
  tsr_undo_stack_break_merge (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)));
}

/* --- Inspector --- */

static GtkWidget *
field (TsrSpherePanels *self, const char *name)
{
  return g_hash_table_lookup (self->fields, name);
}

static void
set_entry (TsrSpherePanels *self, const char *name, GBytes *text)
{
  g_autofree char *utf8 = text != NULL ? tsr_sphere_string_to_utf8 (text) : g_strdup ("");

  gtk_editable_set_text (GTK_EDITABLE (field (self, name)), utf8);
}

static void
set_spin (TsrSpherePanels *self, const char *name, double value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (self, name)), value);
}

/* Which property source the entity or zone selection belongs to. */
static TsrSphereElementKind
selection_element_kind (TsrSpherePanels *self)
{
  if (self->selection == TSR_SPHERE_SELECTION_ZONE)
    return TSR_SPHERE_ELEMENT_ZONE;
  return tsr_sphere_document_get_entity (self->document, self->selection_index)->type == TSR_SPHERE_ENTITY_PERSON
         ? TSR_SPHERE_ELEMENT_PERSON : TSR_SPHERE_ELEMENT_TRIGGER;
}

static void
update_inspector (TsrSpherePanels *self)
{
  self->syncing = TRUE;
  switch (self->selection)
    {
    case TSR_SPHERE_SELECTION_ENTITY:
    case TSR_SPHERE_SELECTION_ZONE:
      {
        TsrSphereElementKind kind = selection_element_kind (self);
        TsrPropertySource *source = TSR_PROPERTY_SOURCE (self->sources[kind]);

        /* Only the selection's own source holds elements, so Select Similar starts from it. */
        for (guint i = 0; i < TSR_SPHERE_ELEMENT_MAP; i++)
          if (i != kind)
            tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (self->sources[i]), NULL, 0);
        tsr_property_source_set_elements (source, (const guint *) self->selected->data, self->selected->len);
        tsr_property_inspector_set_source (self->properties, source);
        gtk_drop_down_set_selected (self->find_kind, kind);
        gtk_stack_set_visible_child_name (self->inspector_stack, "elements");
        break;
      }
    case TSR_SPHERE_SELECTION_SEGMENT:
      {
        const TsrSphereLayer *layer = tsr_sphere_document_get_layer (self->document, self->selection_layer);
        const TsrSphereSegment *segment = &g_array_index (layer->segments, TsrSphereSegment, self->selection_index);
        g_autofree char *text = g_strdup_printf (_("Layer %u, from %u, %u to %u, %u (pixels)"), self->selection_layer,
                                                 segment->x1, segment->y1, segment->x2, segment->y2);

        gtk_label_set_text (GTK_LABEL (field (self, "segment-text")), text);
        gtk_stack_set_visible_child_name (self->inspector_stack, "segment");
        break;
      }
    case TSR_SPHERE_SELECTION_NONE:
    default:
      {
        /* Nothing selected: the map's own properties. */
        TsrPropertySource *source = TSR_PROPERTY_SOURCE (self->sources[TSR_SPHERE_ELEMENT_MAP]);
        guint only = 0;

        for (guint i = 0; i < TSR_SPHERE_ELEMENT_MAP; i++)
          tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (self->sources[i]), NULL, 0);
        tsr_property_source_set_elements (source, &only, tsr_sphere_document_get_map (self->document) != NULL ? 1 : 0);
        tsr_property_inspector_set_source (self->properties, source);
        gtk_stack_set_visible_child_name (self->inspector_stack, "elements");
        break;
      }
    }
  self->syncing = FALSE;
}

static void
update_layer_fields (TsrSpherePanels *self)
{
  guint layer = current_layer (self);
  const TsrSphereLayer *stored;
  TsrSphereLayerProperties properties;

  if (layer >= tsr_sphere_document_get_n_layers (self->document))
    return;
  stored = tsr_sphere_document_get_layer (self->document, layer);
  tsr_sphere_document_get_layer_properties (self->document, layer, &properties);
  self->syncing = TRUE;
  set_entry (self, "layer-name", stored->name);
  set_spin (self, "layer-parallax-x", properties.parallax_x);
  set_spin (self, "layer-parallax-y", properties.parallax_y);
  set_spin (self, "layer-scrolling-x", properties.scrolling_x);
  set_spin (self, "layer-scrolling-y", properties.scrolling_y);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (self, "layer-parallax")), (properties.flags & TSR_SPHERE_LAYER_PARALLAX) != 0);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (self, "layer-reflective")), properties.reflective != 0);
  self->syncing = FALSE;
}

/* An entry or spin button was committed: push the matching edit. */
static void
on_field_changed (GtkWidget *widget, TsrSpherePanels *self)
{
  const char *name = g_object_get_data (G_OBJECT (widget), "tsr-field");
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  if (self->syncing)
    return;

  if (g_str_has_prefix (name, "layer-"))
    {
      guint layer = current_layer (self);
      TsrSphereLayerProperties properties;

      if (g_str_equal (name, "layer-name"))
        ok = tsr_sphere_document_rename_layer (self->document, layer, gtk_editable_get_text (GTK_EDITABLE (widget)), &error);
      else
        {
          tsr_sphere_document_get_layer_properties (self->document, layer, &properties);
          properties.parallax_x = gtk_spin_button_get_value (GTK_SPIN_BUTTON (field (self, "layer-parallax-x")));
          properties.parallax_y = gtk_spin_button_get_value (GTK_SPIN_BUTTON (field (self, "layer-parallax-y")));
          properties.scrolling_x = gtk_spin_button_get_value (GTK_SPIN_BUTTON (field (self, "layer-scrolling-x")));
          properties.scrolling_y = gtk_spin_button_get_value (GTK_SPIN_BUTTON (field (self, "layer-scrolling-y")));
          if (gtk_check_button_get_active (GTK_CHECK_BUTTON (field (self, "layer-parallax"))))
            properties.flags |= TSR_SPHERE_LAYER_PARALLAX;
          else
            properties.flags &= ~TSR_SPHERE_LAYER_PARALLAX;
          properties.reflective = gtk_check_button_get_active (GTK_CHECK_BUTTON (field (self, "layer-reflective"))) ? 1 : 0;
          ok = tsr_sphere_document_set_layer_properties (self->document, layer, &properties, &error);
        }
    }
  show_error (self, error);
  if (!ok)
    {
      update_inspector (self);
      update_layer_fields (self);
    }
}

static GtkWidget *
add_field (TsrSpherePanels *self, GtkGrid *grid, int row, const char *name, const char *label_text, GtkWidget *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_widget_set_hexpand (widget, TRUE);
  g_object_set_data_full (G_OBJECT (widget), "tsr-field", g_strdup (name), g_free);
  g_hash_table_insert (self->fields, g_strdup (name), widget);
  if (GTK_IS_SPIN_BUTTON (widget))
    g_signal_connect (widget, "value-changed", G_CALLBACK (on_field_changed), self);
  else if (GTK_IS_CHECK_BUTTON (widget))
    g_signal_connect (widget, "toggled", G_CALLBACK (on_field_changed), self);
  else
    {
      g_signal_connect (widget, "activate", G_CALLBACK (on_field_changed), self);
      gtk_widget_set_tooltip_text (widget, _("Press Enter to apply"));
    }
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, widget, 1, row, 1, 1);
  return widget;
}

static GtkWidget *
form (const char *heading_text, GtkGrid **grid)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = gtk_label_new (heading_text);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  *grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (*grid, 6);
  gtk_grid_set_column_spacing (*grid, 8);
  gtk_box_append (GTK_BOX (box), heading);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (*grid));
  return box;
}

static GtkWidget *
build_inspector (TsrSpherePanels *self)
{
  GtkGrid *grid;
  GtkWidget *page;
  GtkWidget *segment_text;

  self->inspector_stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_vhomogeneous (self->inspector_stack, FALSE);

  /* The map, persons, triggers and zones: the property inspector of the selection (one or
   * several elements), or of the map when nothing is selected. */
  self->properties = TSR_PROPERTY_INSPECTOR (tsr_property_inspector_new ());
  gtk_stack_add_named (self->inspector_stack, GTK_WIDGET (self->properties), "elements");

  page = form (_("Obstruction Segment"), &grid);
  segment_text = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (segment_text), 0);
  gtk_label_set_wrap (GTK_LABEL (segment_text), TRUE);
  g_hash_table_insert (self->fields, g_strdup ("segment-text"), segment_text);
  gtk_grid_attach (grid, segment_text, 0, 0, 2, 1);
  gtk_stack_add_named (self->inspector_stack, page, "segment");
  return GTK_WIDGET (self->inspector_stack);
}

/* --- Selection and modes --- */

void
tsr_sphere_panels_select (TsrSpherePanels        *self,
                          TsrSphereSelectionKind  kind,
                          guint                   index,
                          guint                   layer)
{
  g_return_if_fail (TSR_IS_SPHERE_PANELS (self));

  self->selection = kind;
  self->selection_index = index;
  self->selection_layer = layer;
  g_array_set_size (self->selected, 0);
  if (kind == TSR_SPHERE_SELECTION_ENTITY || kind == TSR_SPHERE_SELECTION_ZONE)
    g_array_append_val (self->selected, index);
  if (self->entity_list != NULL)
    tsr_sphere_entity_list_show_selected (self->entity_list,
                                          kind == TSR_SPHERE_SELECTION_ENTITY || kind == TSR_SPHERE_SELECTION_ZONE,
                                          kind == TSR_SPHERE_SELECTION_ZONE ? TSR_SPHERE_LIST_ZONE : TSR_SPHERE_LIST_ENTITY,
                                          index);
  update_inspector (self);
  queue_canvas_draw (self);
}

/* Whether entity or zone INDEX can join the selection: the same kind of element (persons with
 * persons, triggers with triggers, zones with zones). */
static gboolean
joins_selection (TsrSpherePanels        *self,
                 TsrSphereSelectionKind  kind,
                 guint                   index)
{
  if (kind != self->selection || self->selected->len == 0)
    return FALSE;
  if (kind == TSR_SPHERE_SELECTION_ZONE)
    return TRUE;
  return kind == TSR_SPHERE_SELECTION_ENTITY
         && tsr_sphere_document_get_entity (self->document, index)->type
            == tsr_sphere_document_get_entity (self->document, self->selection_index)->type;
}

void
tsr_sphere_panels_select_many (TsrSpherePanels        *self,
                               TsrSphereSelectionKind  kind,
                               const guint            *indices,
                               guint                   n_indices)
{
  g_return_if_fail (TSR_IS_SPHERE_PANELS (self));
  g_return_if_fail (kind == TSR_SPHERE_SELECTION_ENTITY || kind == TSR_SPHERE_SELECTION_ZONE);

  if (n_indices == 0)
    {
      tsr_sphere_panels_select (self, TSR_SPHERE_SELECTION_NONE, 0, 0);
      return;
    }
  self->selection = kind;
  self->selection_index = indices[0];
  self->selection_layer = 0;
  g_array_set_size (self->selected, 0);
  g_array_append_val (self->selected, indices[0]);
  for (guint i = 1; i < n_indices; i++)
    if (joins_selection (self, kind, indices[i]))
      {
        gboolean present = FALSE;

        for (guint j = 0; j < self->selected->len && !present; j++)
          present = g_array_index (self->selected, guint, j) == indices[i];
        if (!present)
          g_array_append_val (self->selected, indices[i]);
      }
  update_inspector (self);
  queue_canvas_draw (self);
}

void
tsr_sphere_panels_toggle_selected (TsrSpherePanels        *self,
                                   TsrSphereSelectionKind  kind,
                                   guint                   index)
{
  g_return_if_fail (TSR_IS_SPHERE_PANELS (self));

  if (!joins_selection (self, kind, index))
    {
      tsr_sphere_panels_select (self, kind, index, 0);
      return;
    }
  for (guint i = 0; i < self->selected->len; i++)
    if (g_array_index (self->selected, guint, i) == index)
      {
        g_array_remove_index (self->selected, i);
        if (self->selected->len == 0)
          self->selection = TSR_SPHERE_SELECTION_NONE;
        else if (self->selection_index == index)
          self->selection_index = g_array_index (self->selected, guint, self->selected->len - 1);
        update_inspector (self);
        queue_canvas_draw (self);
        return;
      }
  g_array_append_val (self->selected, index);
  self->selection_index = index;
  update_inspector (self);
  queue_canvas_draw (self);
}

const guint *
tsr_sphere_panels_get_selected (TsrSpherePanels *self,
                                guint           *n_selected)
{
  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), NULL);
  *n_selected = self->selected->len;
  return (const guint *) self->selected->data;
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

static const char *const mode_hints[] = {
  N_("Drags paint with the tile tools."),
  N_("Click a person, trigger, zone or segment to select it; drag to move it, or a zone’s bottom-right corner to resize it."),
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
  if (self->editor != NULL)
    tsr_map_editor_set_tile_tools_enabled (self->editor, mode == TSR_SPHERE_MODE_TILES);
}

TsrSphereMode
tsr_sphere_panels_get_mode (TsrSpherePanels *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), TSR_SPHERE_MODE_TILES);
  return self->mode;
}

static void
on_mode_toggled (GtkToggleButton *button, TsrSpherePanels *self)
{
  if (self->syncing || !gtk_toggle_button_get_active (button))
    return;
  tsr_sphere_panels_set_mode (self, (TsrSphereMode) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tsr-mode")));
}

static int
compare_descending (gconstpointer a,
                    gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? 1 : x > y ? -1 : 0;
}

gboolean
tsr_sphere_panels_delete_selection (TsrSpherePanels *self)
{
  g_autoptr(GError) error = NULL;
  gboolean done = FALSE;

  g_return_val_if_fail (TSR_IS_SPHERE_PANELS (self), FALSE);
  switch (self->selection)
    {
    case TSR_SPHERE_SELECTION_ENTITY:
    case TSR_SPHERE_SELECTION_ZONE:
      {
        TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (self->document));
        g_autoptr(GArray) doomed = g_array_copy (self->selected);
        /* Each removal clears the selection (entity-removed), so decide the kind once. */
        gboolean entities = self->selection == TSR_SPHERE_SELECTION_ENTITY;

        /* Highest index first, so the others keep theirs; one undo step for all. */
        g_array_sort (doomed, compare_descending);
        done = TRUE;
        tsr_undo_stack_begin_group (stack, _("Delete"));
        for (guint i = 0; i < doomed->len && done; i++)
          done = entities
                 ? tsr_sphere_document_remove_entity (self->document, g_array_index (doomed, guint, i), &error)
                 : tsr_sphere_document_remove_zone (self->document, g_array_index (doomed, guint, i), &error);
        if (done)
          tsr_undo_stack_end_group (stack);
        else
          tsr_undo_stack_cancel_group (stack);
        break;
      }
    case TSR_SPHERE_SELECTION_SEGMENT:
      done = tsr_sphere_document_remove_segment (self->document, self->selection_layer, self->selection_index, &error);
      break;
    case TSR_SPHERE_SELECTION_NONE:
    default:
      break;
    }
  show_error (self, error);
  if (done)
    tsr_sphere_panels_select (self, TSR_SPHERE_SELECTION_NONE, 0, 0);
  return done;
}

/* --- Layers --- */

gboolean
tsr_sphere_panels_add_layer (TsrSpherePanels *self)
{
  g_autoptr(GError) error = NULL;
  guint index = 0;
  gboolean done = tsr_sphere_document_add_layer (self->document, (int) current_layer (self) + 1, _("New layer"), &index, &error);

  show_error (self, error);
  if (done && tools (self) != NULL)
    tsr_tile_tools_set_layer (tools (self), index);
  return done;
}

gboolean
tsr_sphere_panels_duplicate_layer (TsrSpherePanels *self)
{
  g_autoptr(GError) error = NULL;
  guint index = 0;
  gboolean done = tsr_sphere_document_duplicate_layer (self->document, current_layer (self), &index, &error);

  show_error (self, error);
  if (done && tools (self) != NULL)
    tsr_tile_tools_set_layer (tools (self), index);
  return done;
}

gboolean
tsr_sphere_panels_delete_layer (TsrSpherePanels *self)
{
  g_autoptr(GError) error = NULL;
  gboolean done = tsr_sphere_document_remove_layer (self->document, current_layer (self), &error);

  show_error (self, error);
  return done;
}

gboolean
tsr_sphere_panels_move_layer (TsrSpherePanels *self,
                              gint             delta)
{
  g_autoptr(GError) error = NULL;
  guint from = current_layer (self);
  gint to = (gint) from + delta;
  gboolean done;

  if (to < 0 || to >= (gint) tsr_sphere_document_get_n_layers (self->document))
    return FALSE;
  done = tsr_sphere_document_move_layer (self->document, from, (guint) to, &error);
  show_error (self, error);
  if (done && tools (self) != NULL)
    tsr_tile_tools_set_layer (tools (self), (guint) to);
  return done;
}

static void
on_layer_button (GtkButton *button, TsrSpherePanels *self)
{
  const char *what = g_object_get_data (G_OBJECT (button), "tsr-what");

  if (g_str_equal (what, "add"))
    tsr_sphere_panels_add_layer (self);
  else if (g_str_equal (what, "duplicate"))
    tsr_sphere_panels_duplicate_layer (self);
  else if (g_str_equal (what, "delete"))
    tsr_sphere_panels_delete_layer (self);
  else if (g_str_equal (what, "up"))
    tsr_sphere_panels_move_layer (self, 1);
  else if (g_str_equal (what, "down"))
    tsr_sphere_panels_move_layer (self, -1);
}

static GtkWidget *
icon_button (TsrSpherePanels *self, const char *icon, const char *tooltip, const char *what, GCallback callback)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  g_object_set_data (G_OBJECT (button), "tsr-what", (gpointer) what);
  g_signal_connect (button, "clicked", callback, self);
  return button;
}

static GtkWidget *
build_layer_widgets (TsrSpherePanels *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkGrid *grid;
  GtkWidget *properties = form (_("Layer"), &grid);
  GtkWidget *spin;

  gtk_widget_add_css_class (buttons, "linked");
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (buttons), icon_button (self, "list-add-symbolic", _("Add a layer above this one"), "add", G_CALLBACK (on_layer_button)));
  gtk_box_append (GTK_BOX (buttons), icon_button (self, "edit-copy-symbolic", _("Duplicate the layer"), "duplicate", G_CALLBACK (on_layer_button)));
  /* Sphere draws layer 0 at the bottom and the list shows the top layer first: "up" is a higher
   * index and moves the row up. */
  gtk_box_append (GTK_BOX (buttons), icon_button (self, "go-up-symbolic", _("Move the layer up (drawn later)"), "up", G_CALLBACK (on_layer_button)));
  gtk_box_append (GTK_BOX (buttons), icon_button (self, "go-down-symbolic", _("Move the layer down (drawn earlier)"), "down", G_CALLBACK (on_layer_button)));
  gtk_box_append (GTK_BOX (buttons), icon_button (self, "edit-delete-symbolic", _("Delete the layer"), "delete", G_CALLBACK (on_layer_button)));

  add_field (self, grid, 0, "layer-name", _("_Name"), gtk_entry_new ());
  spin = gtk_spin_button_new_with_range (-100, 100, 0.1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 2);
  add_field (self, grid, 1, "layer-parallax-x", _("Parallax _X"), spin);
  spin = gtk_spin_button_new_with_range (-100, 100, 0.1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 2);
  add_field (self, grid, 2, "layer-parallax-y", _("Parallax _Y"), spin);
  spin = gtk_spin_button_new_with_range (-100, 100, 0.1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 2);
  add_field (self, grid, 3, "layer-scrolling-x", _("Scrolling X"), spin);
  spin = gtk_spin_button_new_with_range (-100, 100, 0.1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 2);
  add_field (self, grid, 4, "layer-scrolling-y", _("Scrolling Y"), spin);
  add_field (self, grid, 5, "layer-parallax", _("_Parallax"), gtk_check_button_new ());
  add_field (self, grid, 6, "layer-reflective", _("_Reflective"), gtk_check_button_new ());

  gtk_box_append (GTK_BOX (box), buttons);
  gtk_box_append (GTK_BOX (box), properties);
  return box;
}

/* --- Entities page --- */

static void
on_delete_clicked (GtkButton *button, TsrSpherePanels *self)
{
  if (!tsr_sphere_panels_delete_selection (self))
    gtk_widget_error_bell (GTK_WIDGET (button));
}

static void
on_find_kind_selected (GtkDropDown     *drop_down,
                       GParamSpec      *pspec,
                       TsrSpherePanels *self)
{
  guint kind = gtk_drop_down_get_selected (drop_down);

  if (kind < G_N_ELEMENTS (self->sources))
    tsr_property_find_bar_set_source (self->find_bar, TSR_PROPERTY_SOURCE (self->sources[kind]));
}

static void
on_found (TsrPropertyFindBar *bar,
          GArray             *elements,
          TsrSpherePanels    *self)
{
  guint kind = gtk_drop_down_get_selected (self->find_kind);

  tsr_sphere_panels_select_many (self, kind == TSR_SPHERE_ELEMENT_ZONE ? TSR_SPHERE_SELECTION_ZONE : TSR_SPHERE_SELECTION_ENTITY,
                                 (const guint *) elements->data, elements->len);
}

/* Find by property and select similar, over persons, triggers or zones. */
static GtkWidget *
build_find_section (TsrSpherePanels *self)
{
  static const char *const kinds[] = { N_("Persons"), N_("Triggers"), N_("Zones"), NULL };
  g_autoptr(GtkStringList) kind_names = gtk_string_list_new (NULL);
  GtkGrid *grid;
  GtkWidget *box = form (_("Find"), &grid);

  for (guint i = 0; kinds[i] != NULL; i++)
    gtk_string_list_append (kind_names, _(kinds[i]));
  self->find_kind = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&kind_names)), NULL));
  self->find_bar = TSR_PROPERTY_FIND_BAR (tsr_property_find_bar_new ());
  g_signal_connect (self->find_kind, "notify::selected", G_CALLBACK (on_find_kind_selected), self);
  g_signal_connect (self->find_bar, "found", G_CALLBACK (on_found), self);
  gtk_grid_attach (grid, GTK_WIDGET (self->find_kind), 0, 0, 1, 1);
  gtk_grid_attach (grid, GTK_WIDGET (self->find_bar), 0, 1, 1, 1);
  gtk_widget_set_margin_top (box, 12);
  return box;
}

static void
on_snap_toggled (GtkCheckButton *check, TsrSpherePanels *self)
{
  self->snap = gtk_check_button_get_active (check);
}

void
tsr_sphere_panels_set_snap (TsrSpherePanels *self,
                            gboolean         snap)
{
  g_return_if_fail (TSR_IS_SPHERE_PANELS (self));
  if (self->snap_check != NULL)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->snap_check), snap);
  self->snap = snap;
}

/* A row of the entity list: select that element (Select mode) and bring it into view. */
static void
on_element_activated (TsrSphereEntityList *list, guint kind, guint index, TsrSpherePanels *self)
{
  double x, y, width = 0, height = 0;

  if (kind == TSR_SPHERE_LIST_ZONE)
    {
      const TsrSphereZone *zone = tsr_sphere_document_get_zone (self->document, index);

      if (zone == NULL)
        return;
      x = zone->x1;
      y = zone->y1;
      width = zone->x2 - zone->x1;
      height = zone->y2 - zone->y1;
    }
  else
    {
      TsrTileRect bounds;

      if (!tsr_sphere_document_get_entity_bounds (self->document, index, &bounds))
        return;
      x = bounds.x;
      y = bounds.y;
      width = bounds.width;
      height = bounds.height;
    }
  tsr_sphere_panels_set_mode (self, TSR_SPHERE_MODE_SELECT);
  tsr_sphere_panels_select (self, kind == TSR_SPHERE_LIST_ZONE ? TSR_SPHERE_SELECTION_ZONE : TSR_SPHERE_SELECTION_ENTITY,
                            index, 0);
  if (self->editor != NULL)
    tsr_map_canvas_center_on (tsr_map_editor_get_canvas (self->editor), x + width / 2, y + height / 2);
}

static GtkWidget *
build_entities_page (TsrSpherePanels *self)
{
  static const char *const mode_labels[] = {
    N_("Tiles"), N_("Select"), N_("Person"), N_("Trigger"), N_("Zone"), N_("Segment"),
  };
  GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *delete_button = gtk_button_new_with_mnemonic (_("_Delete Selected"));
  GtkWidget *error = gtk_label_new (NULL);

  gtk_grid_set_column_homogeneous (GTK_GRID (grid), TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (mode_labels); i++)
    {
      self->mode_buttons[i] = gtk_toggle_button_new_with_label (_(mode_labels[i]));
      if (i > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->mode_buttons[i]), GTK_TOGGLE_BUTTON (self->mode_buttons[0]));
      g_object_set_data (G_OBJECT (self->mode_buttons[i]), "tsr-mode", GUINT_TO_POINTER (i));
      g_signal_connect (self->mode_buttons[i], "toggled", G_CALLBACK (on_mode_toggled), self);
      gtk_grid_attach (GTK_GRID (grid), self->mode_buttons[i], (int) i % 3, (int) i / 3, 1, 1);
    }
  gtk_widget_add_css_class (grid, "linked");
  self->hint_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->hint_label, TRUE);
  gtk_label_set_xalign (self->hint_label, 0);
  gtk_label_set_max_width_chars (self->hint_label, 30);
  gtk_widget_add_css_class (GTK_WIDGET (self->hint_label), "dim-label");
  g_signal_connect (delete_button, "clicked", G_CALLBACK (on_delete_clicked), self);
  gtk_widget_set_halign (delete_button, GTK_ALIGN_START);

  self->error_label = GTK_LABEL (error);
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_xalign (self->error_label, 0);
  gtk_label_set_max_width_chars (self->error_label, 30);
  gtk_widget_add_css_class (error, "tsr-finding-error");
  gtk_widget_set_visible (error, FALSE);

  gtk_widget_set_margin_start (page, 6);
  gtk_widget_set_margin_end (page, 6);
  gtk_box_append (GTK_BOX (page), grid);
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->hint_label));
  self->snap_check = gtk_check_button_new_with_mnemonic (_("Snap zones and segments to the _grid"));
  gtk_widget_set_tooltip_text (self->snap_check, _("Zones and obstruction segments start, end and move on tile corners"));
  g_signal_connect (self->snap_check, "toggled", G_CALLBACK (on_snap_toggled), self);
  gtk_box_append (GTK_BOX (page), self->snap_check);
  gtk_box_append (GTK_BOX (page), delete_button);
  gtk_box_append (GTK_BOX (page), error);
  gtk_box_append (GTK_BOX (page), build_find_section (self));
  self->entity_list = TSR_SPHERE_ENTITY_LIST (tsr_sphere_entity_list_new (self->document));
  g_signal_connect (self->entity_list, "element-activated", G_CALLBACK (on_element_activated), self);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->entity_list), 6);
  gtk_widget_set_vexpand (GTK_WIDGET (self->entity_list), TRUE);
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->entity_list));
  return page;
}

/* --- Drawing --- */

static cairo_surface_t *
person_surface (TsrSpherePanels *self, const TsrImage *image)
{
  cairo_surface_t *surface = g_hash_table_lookup (self->person_surfaces, image);

  if (surface == NULL)
    {
      guint8 *data;
      int stride;

      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) image->width, (int) image->height);
      data = cairo_image_surface_get_data (surface);
      stride = cairo_image_surface_get_stride (surface);
      for (guint y = 0; y < image->height; y++)
        for (guint x = 0; x < image->width; x++)
          {
            const guint8 *p = image->pixels + ((gsize) y * image->width + x) * 4;
            guint a = p[3];
            /* Premultiplied native-endian ARGB, as cairo wants. */
            ((guint32 *) (data + (gsize) y * stride))[x] =
              (a << 24) | ((p[0] * a / 255) << 16) | ((p[1] * a / 255) << 8) | (p[2] * a / 255);
          }
      cairo_surface_mark_dirty (surface);
      g_hash_table_insert (self->person_surfaces, (gpointer) image, surface);
    }
  return surface;
}

/* The rectangle (map pixels) an entity covers on screen: the document's box (its person image,
 * else the marker), so drawing the selection and picking agree with it. */
static void
entity_bounds (TsrSpherePanels *self, guint index, double *x, double *y, double *width, double *height)
{
  TsrTileRect box = { 0, 0, 0, 0 };

  tsr_sphere_document_get_entity_bounds (self->document, index, &box);
  *x = box.x;
  *y = box.y;
  *width = box.width;
  *height = box.height;
}

static void
on_draw_overlay (TsrMapCanvas *canvas, cairo_t *cr, const TsrMapViewport *viewport, TsrSpherePanels *self)
{
  double zoom = viewport->zoom;
  double vx, vy, vx2, vy2;
  guint n_layers = tsr_sphere_document_get_n_layers (self->document);

  /* Zones, then segments, then entities on top. */
  for (guint i = 0; i < tsr_sphere_document_get_n_zones (self->document); i++)
    {
      const TsrSphereZone *zone = tsr_sphere_document_get_zone (self->document, i);

      tsr_map_viewport_to_view (viewport, MIN (zone->x1, zone->x2), MIN (zone->y1, zone->y2), &vx, &vy);
      tsr_map_viewport_to_view (viewport, MAX (zone->x1, zone->x2), MAX (zone->y1, zone->y2), &vx2, &vy2);
      cairo_rectangle (cr, vx, vy, vx2 - vx, vy2 - vy);
      cairo_set_source_rgba (cr, 0.1, 0.8, 0.9, 0.2);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.8, 0.9);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
  cairo_set_source_rgb (cr, 0.95, 0.2, 0.2);
  cairo_set_line_width (cr, 2);
  for (guint layer = 0; layer < n_layers; layer++)
    {
      const TsrSphereLayer *stored = tsr_sphere_document_get_layer (self->document, layer);

      if (!tsr_tile_map_get_layer_visible (TSR_TILE_MAP (self->document), layer) || stored->segments == NULL)
        continue;
      for (guint i = 0; i < stored->segments->len; i++)
        {
          const TsrSphereSegment *segment = &g_array_index (stored->segments, TsrSphereSegment, i);

          tsr_map_viewport_to_view (viewport, segment->x1, segment->y1, &vx, &vy);
          tsr_map_viewport_to_view (viewport, segment->x2, segment->y2, &vx2, &vy2);
          cairo_move_to (cr, vx, vy);
          cairo_line_to (cr, vx2, vy2);
        }
    }
  cairo_stroke (cr);

  for (guint i = 0; i < tsr_sphere_document_get_n_entities (self->document); i++)
    {
      const TsrSphereEntity *entity = tsr_sphere_document_get_entity (self->document, i);
      gint origin_x = 0, origin_y = 0;
      const TsrImage *image = entity->type == TSR_SPHERE_ENTITY_PERSON
                              ? tsr_sphere_document_get_person_image (self->document, i, &origin_x, &origin_y) : NULL;

      if (image != NULL)
        {
          tsr_map_viewport_to_view (viewport, entity->x + origin_x, entity->y + origin_y, &vx, &vy);
          cairo_save (cr);
          cairo_translate (cr, vx, vy);
          cairo_scale (cr, zoom, zoom);
          cairo_set_source_surface (cr, person_surface (self, image), 0, 0);
          /* Pixel art stays crisp when zoomed in. */
          cairo_pattern_set_filter (cairo_get_source (cr), zoom >= 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD);
          cairo_paint (cr);
          cairo_restore (cr);
        }
      else
        {
          tsr_map_viewport_to_view (viewport, entity->x, entity->y, &vx, &vy);
          if (entity->type == TSR_SPHERE_ENTITY_TRIGGER)
            {
              /* A diamond. */
              cairo_move_to (cr, vx, vy - 7);
              cairo_line_to (cr, vx + 7, vy);
              cairo_line_to (cr, vx, vy + 7);
              cairo_line_to (cr, vx - 7, vy);
              cairo_close_path (cr);
              cairo_set_source_rgb (cr, 0.95, 0.85, 0.1);
            }
          else
            {
              cairo_arc (cr, vx, vy, 6, 0, 2 * G_PI);
              cairo_set_source_rgb (cr, 0.9, 0.2, 0.9);
            }
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
        }
    }

  /* The selection: a light dashed outline around each selected element (and the primary zone's
   * resize handle). */
  for (guint s = 0; self->selection != TSR_SPHERE_SELECTION_NONE && s < MAX (self->selected->len, 1); s++)
    {
      double x = 0, y = 0, width = 0, height = 0;
      static const double dashes[] = { 4, 3 };
      guint selected = self->selected->len > 0 ? g_array_index (self->selected, guint, s) : self->selection_index;

      if (self->selection == TSR_SPHERE_SELECTION_ENTITY)
        entity_bounds (self, selected, &x, &y, &width, &height);
      else if (self->selection == TSR_SPHERE_SELECTION_ZONE)
        {
          const TsrSphereZone *zone = tsr_sphere_document_get_zone (self->document, selected);

          x = MIN (zone->x1, zone->x2);
          y = MIN (zone->y1, zone->y2);
          width = ABS (zone->x2 - zone->x1);
          height = ABS (zone->y2 - zone->y1);
        }
      else
        {
          const TsrSphereLayer *stored = tsr_sphere_document_get_layer (self->document, self->selection_layer);
          const TsrSphereSegment *segment = &g_array_index (stored->segments, TsrSphereSegment, self->selection_index);

          x = MIN (segment->x1, segment->x2);
          y = MIN (segment->y1, segment->y2);
          width = fabs ((double) segment->x2 - segment->x1);
          height = fabs ((double) segment->y2 - segment->y1);
        }
      tsr_map_viewport_to_view (viewport, x, y, &vx, &vy);
      cairo_rectangle (cr, vx - 2, vy - 2, width * zoom + 4, height * zoom + 4);
      cairo_set_line_width (cr, 2);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_stroke_preserve (cr);
      cairo_set_dash (cr, dashes, 2, 0);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      if (self->selection == TSR_SPHERE_SELECTION_ZONE && selected == self->selection_index)
        {
          cairo_rectangle (cr, vx + width * zoom - 3, vy + height * zoom - 3, 8, 8);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
        }
    }

  /* A zone or segment being drawn. */
  if (self->dragging && (self->mode == TSR_SPHERE_MODE_ZONE || self->mode == TSR_SPHERE_MODE_SEGMENT))
    {
      tsr_map_viewport_to_view (viewport, self->press_x, self->press_y, &vx, &vy);
      tsr_map_viewport_to_view (viewport, self->last_x, self->last_y, &vx2, &vy2);
      if (self->mode == TSR_SPHERE_MODE_ZONE)
        cairo_rectangle (cr, MIN (vx, vx2), MIN (vy, vy2), fabs (vx2 - vx), fabs (vy2 - vy));
      else
        {
          cairo_move_to (cr, vx, vy);
          cairo_line_to (cr, vx2, vy2);
        }
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
}

/* --- Picking and dragging --- */

/* What is under map point (X, Y): entities (drawn on top), then segments within TOLERANCE map
 * pixels, then a zone's bottom-right corner (CORNER: resize) or its inside. */
static TsrSphereSelectionKind
pick (TsrSpherePanels *self, double x, double y, double tolerance, guint *index, guint *layer, gboolean *corner)
{
  gint px = (gint) map_pixel (x), py = (gint) map_pixel (y);
  gint found;

  *corner = FALSE;
  found = tsr_sphere_document_entity_at (self->document, -1, px, py);
  if (found >= 0)
    {
      *index = (guint) found;
      return TSR_SPHERE_SELECTION_ENTITY;
    }
  for (guint l = 0; l < tsr_sphere_document_get_n_layers (self->document); l++)
    {
      found = tsr_sphere_document_segment_at (self->document, l, px, py, (guint) ceil (tolerance));
      if (found >= 0)
        {
          *index = (guint) found;
          *layer = l;
          return TSR_SPHERE_SELECTION_SEGMENT;
        }
    }
  for (guint i = tsr_sphere_document_get_n_zones (self->document); i-- > 0;)
    {
      const TsrSphereZone *zone = tsr_sphere_document_get_zone (self->document, i);

      if (fabs (x - MAX (zone->x1, zone->x2)) <= tolerance && fabs (y - MAX (zone->y1, zone->y2)) <= tolerance)
        {
          *corner = TRUE;
          *index = i;
          return TSR_SPHERE_SELECTION_ZONE;
        }
    }
  found = tsr_sphere_document_zone_at (self->document, -1, px, py);
  if (found >= 0)
    {
      *index = (guint) found;
      return TSR_SPHERE_SELECTION_ZONE;
    }
  return TSR_SPHERE_SELECTION_NONE;
}

/* Rounds a map pixel position to the nearest tile corner. */
static double
snap_to (double value, guint cell)
{
  return cell > 0 ? round (value / cell) * cell : value;
}

static void
drag_selection (TsrSpherePanels *self, double x, double y)
{
  g_autoptr(GError) error = NULL;
  gint dx = (gint) round (x - self->press_x), dy = (gint) round (y - self->press_y);
  guint cell_w = 0, cell_h = 0;

  tsr_tile_map_get_cell_size (TSR_TILE_MAP (self->document), &cell_w, &cell_h);
  if (self->snap && self->selection == TSR_SPHERE_SELECTION_ZONE)
    {
      /* The zone's corner lands on a tile corner: its move is rounded, not the pointer's. */
      x = snap_to (x, cell_w);
      y = snap_to (y, cell_h);
      dx = (gint) (snap_to (self->origin_x + dx, cell_w) - self->origin_x);
      dy = (gint) (snap_to (self->origin_y + dy, cell_h) - self->origin_y);
    }

  switch (self->selection)
    {
    case TSR_SPHERE_SELECTION_ENTITY:
      tsr_sphere_document_move_entity (self->document, self->selection_index,
                                       clamp_u16 (self->origin_x + dx), clamp_u16 (self->origin_y + dy), &error);
      break;
    case TSR_SPHERE_SELECTION_ZONE:
      if (self->resizing)
        {
          const TsrSphereZone *zone = tsr_sphere_document_get_zone (self->document, self->selection_index);

          tsr_sphere_document_set_zone_rect (self->document, self->selection_index,
                                             MIN (zone->x1, zone->x2), MIN (zone->y1, zone->y2),
                                             clamp_u16 (x), clamp_u16 (y), &error);
        }
      else
        tsr_sphere_document_move_zone (self->document, self->selection_index,
                                       clamp_u16 (self->origin_x + dx), clamp_u16 (self->origin_y + dy), &error);
      break;
    case TSR_SPHERE_SELECTION_SEGMENT:
      {
        gint step_x = (gint) round (x - self->last_x), step_y = (gint) round (y - self->last_y);

        if (self->snap)
          {
            /* Whole tiles at a time, so a segment drawn on the grid stays on it. */
            step_x = (gint) snap_to (step_x, cell_w);
            step_y = (gint) snap_to (step_y, cell_h);
          }

        if (step_x == 0 && step_y == 0)
          return;
        if (tsr_sphere_document_move_segment (self->document, self->selection_layer, self->selection_index, step_x, step_y, &error))
          {
            self->last_x += step_x;
            self->last_y += step_y;
          }
        return;
      }
    case TSR_SPHERE_SELECTION_NONE:
    default:
      break;
    }
  show_error (self, error);
}

static gboolean
on_map_pointer (TsrMapCanvas *canvas, TsrMapPointerPhase phase, double x, double y, GdkModifierType state,
                TsrSpherePanels *self)
{
  g_autoptr(GError) error = NULL;
  guint layer = current_layer (self);
  guint index = 0;

  if (self->mode == TSR_SPHERE_MODE_TILES)
    return FALSE;
  if (self->snap && (self->mode == TSR_SPHERE_MODE_ZONE || self->mode == TSR_SPHERE_MODE_SEGMENT))
    {
      guint cell_w = 0, cell_h = 0;

      tsr_tile_map_get_cell_size (TSR_TILE_MAP (self->document), &cell_w, &cell_h);
      x = snap_to (x, cell_w);
      y = snap_to (y, cell_h);
    }

  switch (phase)
    {
    case TSR_MAP_POINTER_PRESS:
      self->dragging = TRUE;
      self->resizing = FALSE;
      self->press_x = self->last_x = x;
      self->press_y = self->last_y = y;
      break_merge (self);
      switch (self->mode)
        {
        case TSR_SPHERE_MODE_SELECT:
          {
            guint picked_layer = 0;
            gboolean corner = FALSE;
            TsrSphereSelectionKind kind = pick (self, x, y, PICK_DISTANCE / tsr_map_canvas_get_zoom (canvas), &index, &picked_layer, &corner);

            /* Shift+click adds an element of the same kind to the selection, or takes it out. */
            if ((state & GDK_SHIFT_MASK) && (kind == TSR_SPHERE_SELECTION_ENTITY || kind == TSR_SPHERE_SELECTION_ZONE))
              {
                tsr_sphere_panels_toggle_selected (self, kind, index);
                self->dragging = FALSE;
                return TRUE;
              }
            tsr_sphere_panels_select (self, kind, index, picked_layer);
            self->resizing = corner;
            if (kind == TSR_SPHERE_SELECTION_ENTITY)
              {
                self->origin_x = tsr_sphere_document_get_entity (self->document, index)->x;
                self->origin_y = tsr_sphere_document_get_entity (self->document, index)->y;
              }
            else if (kind == TSR_SPHERE_SELECTION_ZONE)
              {
                const TsrSphereZone *zone = tsr_sphere_document_get_zone (self->document, index);

                self->origin_x = MIN (zone->x1, zone->x2);
                self->origin_y = MIN (zone->y1, zone->y2);
              }
            break;
          }
        case TSR_SPHERE_MODE_PERSON:
          {
            g_autofree char *name = g_strdup_printf ("person%u", tsr_sphere_document_get_n_entities (self->document) + 1);
            g_autofree char *spriteset = NULL;

            /* A new person looks like the map's first person until the user picks a spriteset. */
            for (guint i = 0; i < tsr_sphere_document_get_n_entities (self->document) && spriteset == NULL; i++)
              {
                const TsrSphereEntity *other = tsr_sphere_document_get_entity (self->document, i);

                if (other->type == TSR_SPHERE_ENTITY_PERSON && other->spriteset != NULL && g_bytes_get_size (other->spriteset) > 0)
                  spriteset = tsr_sphere_string_to_utf8 (other->spriteset);
              }
            if (tsr_sphere_document_add_person (self->document, clamp_u16 (x), clamp_u16 (y), (guint16) layer,
                                                name, spriteset != NULL ? spriteset : "", &index, &error))
              tsr_sphere_panels_select (self, TSR_SPHERE_SELECTION_ENTITY, index, 0);
            break;
          }
        case TSR_SPHERE_MODE_TRIGGER:
          if (tsr_sphere_document_add_trigger (self->document, clamp_u16 (x), clamp_u16 (y), (guint16) layer, "", &index, &error))
            tsr_sphere_panels_select (self, TSR_SPHERE_SELECTION_ENTITY, index, 0);
          break;
        case TSR_SPHERE_MODE_ZONE:
        case TSR_SPHERE_MODE_SEGMENT:
        case TSR_SPHERE_MODE_TILES:
        default:
          break;
        }
      show_error (self, error);
      queue_canvas_draw (self);
      return TRUE;

    case TSR_MAP_POINTER_MOTION:
      if (!self->dragging)
        return TRUE;
      if (self->mode == TSR_SPHERE_MODE_SELECT && self->selection != TSR_SPHERE_SELECTION_NONE)
        drag_selection (self, x, y);
      else
        {
          self->last_x = x;
          self->last_y = y;
        }
      queue_canvas_draw (self);
      return TRUE;

    case TSR_MAP_POINTER_RELEASE:
      if (!self->dragging)
        return TRUE;
      self->dragging = FALSE;
      if (self->mode == TSR_SPHERE_MODE_SELECT && self->selection != TSR_SPHERE_SELECTION_NONE)
        drag_selection (self, x, y);
      else if (self->mode == TSR_SPHERE_MODE_ZONE)
        {
          guint cell_w, cell_h;
          double x2 = x, y2 = y;

          /* A click makes a one-tile zone. */
          tsr_tile_map_get_cell_size (TSR_TILE_MAP (self->document), &cell_w, &cell_h);
          if (fabs (x2 - self->press_x) < 2 && fabs (y2 - self->press_y) < 2)
            {
              x2 = self->press_x + cell_w;
              y2 = self->press_y + cell_h;
            }
          if (tsr_sphere_document_add_zone (self->document, clamp_u16 (self->press_x), clamp_u16 (self->press_y),
                                            clamp_u16 (x2), clamp_u16 (y2), (guint16) layer, "", &index, &error))
            tsr_sphere_panels_select (self, TSR_SPHERE_SELECTION_ZONE, index, 0);
        }
      else if (self->mode == TSR_SPHERE_MODE_SEGMENT && (fabs (x - self->press_x) >= 1 || fabs (y - self->press_y) >= 1))
        {
          TsrSphereSegment segment = {
            (guint32) MAX (map_pixel (self->press_x), 0), (guint32) MAX (map_pixel (self->press_y), 0),
            (guint32) MAX (map_pixel (x), 0), (guint32) MAX (map_pixel (y), 0),
          };

          if (tsr_sphere_document_add_segment (self->document, layer, &segment, &index, &error))
            tsr_sphere_panels_select (self, TSR_SPHERE_SELECTION_SEGMENT, index, layer);
        }
      break_merge (self);
      show_error (self, error);
      queue_canvas_draw (self);
      return TRUE;

    default:
      return FALSE;
    }
}

/* Delete (and BackSpace) on the canvas delete the selected entity, zone or segment while an
 * entity mode is on; in Tiles mode they keep deleting the tile selection. */
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
on_elements_changed (TsrSpherePanels *self)
{
  /* Indexes shift when elements come and go: keep the selection only while it still exists. */
  if ((self->selection == TSR_SPHERE_SELECTION_ENTITY && self->selection_index >= tsr_sphere_document_get_n_entities (self->document))
      || (self->selection == TSR_SPHERE_SELECTION_ZONE && self->selection_index >= tsr_sphere_document_get_n_zones (self->document))
      || (self->selection == TSR_SPHERE_SELECTION_SEGMENT
          && (self->selection_layer >= tsr_sphere_document_get_n_layers (self->document)
              || tsr_sphere_document_get_layer (self->document, self->selection_layer)->segments == NULL
              || self->selection_index >= tsr_sphere_document_get_layer (self->document, self->selection_layer)->segments->len)))
    self->selection = TSR_SPHERE_SELECTION_NONE;
  if (self->selection == TSR_SPHERE_SELECTION_ENTITY || self->selection == TSR_SPHERE_SELECTION_ZONE)
    {
      guint n = self->selection == TSR_SPHERE_SELECTION_ENTITY ? tsr_sphere_document_get_n_entities (self->document)
                                                               : tsr_sphere_document_get_n_zones (self->document);

      for (guint i = self->selected->len; i > 0; i--)
        if (g_array_index (self->selected, guint, i - 1) >= n)
          g_array_remove_index (self->selected, i - 1);
    }
  else
    g_array_set_size (self->selected, 0);
  update_inspector (self);
  queue_canvas_draw (self);
}

static void
on_removed (TsrSpherePanels *self)
{
  self->selection = TSR_SPHERE_SELECTION_NONE;
  on_elements_changed (self);
}

static void
on_layers_changed (TsrSpherePanels *self)
{
  on_elements_changed (self);
  update_layer_fields (self);
}

/* --- Object --- */

static void
tsr_sphere_panels_dispose (GObject *object)
{
  TsrSpherePanels *self = TSR_SPHERE_PANELS (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->editor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->editor, self);
      g_signal_handlers_disconnect_by_data (tsr_map_editor_get_canvas (self->editor), self);
      if (self->key_controller != NULL)
        gtk_widget_remove_controller (GTK_WIDGET (tsr_map_editor_get_canvas (self->editor)), self->key_controller);
      self->key_controller = NULL;
      if (tools (self) != NULL)
        g_signal_handlers_disconnect_by_data (tools (self), self);
      g_object_remove_weak_pointer (G_OBJECT (self->editor), (gpointer *) &self->editor);
      self->editor = NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->sources); i++)
    g_clear_object (&self->sources[i]);
  g_clear_object (&self->document);
  g_clear_pointer (&self->selected, g_array_unref);
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
  if (field (self, name) == NULL)
    return tsr_property_inspector_get_editor (self->properties, name);
  return field (self, name);
}

TsrSpherePanels *
tsr_sphere_panels_new (TsrMapEditor      *editor,
                       TsrSphereDocument *document)
{
  TsrSpherePanels *self = g_object_new (TSR_TYPE_SPHERE_PANELS, NULL);
  TsrMapCanvas *canvas = tsr_map_editor_get_canvas (editor);
  static const char *const element_signals[] = {
    "entity-added", "entity-changed", "zone-added", "zone-changed", "segment-added", "segment-changed", "map-changed",
  };
  static const char *const removal_signals[] = { "entity-removed", "zone-removed", "segment-removed" };

  self->editor = editor;
  g_object_add_weak_pointer (G_OBJECT (editor), (gpointer *) &self->editor);
  self->document = g_object_ref (document);
  for (guint i = 0; i < G_N_ELEMENTS (self->sources); i++)
    self->sources[i] = tsr_sphere_property_source_new (document, (TsrSphereElementKind) i);

  tsr_map_editor_add_page (editor, build_entities_page (self), "entities", _("Entities"));
  on_find_kind_selected (self->find_kind, NULL, self);
  tsr_map_editor_add_layer_widget (editor, build_layer_widgets (self));
  tsr_map_editor_add_inspector_widget (editor, build_inspector (self));
  g_signal_connect (canvas, "draw-overlay", G_CALLBACK (on_draw_overlay), self);
  g_signal_connect (canvas, "map-pointer", G_CALLBACK (on_map_pointer), self);
  self->key_controller = gtk_event_controller_key_new ();
  /* Before the canvas's own Delete binding. */
  gtk_event_controller_set_propagation_phase (self->key_controller, GTK_PHASE_CAPTURE);
  g_signal_connect (self->key_controller, "key-pressed", G_CALLBACK (on_canvas_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (canvas), self->key_controller);
  g_signal_connect (editor, "locate-finding", G_CALLBACK (on_locate_finding), self);
  for (guint i = 0; i < G_N_ELEMENTS (element_signals); i++)
    g_signal_connect_swapped (document, element_signals[i], G_CALLBACK (on_elements_changed), self);
  for (guint i = 0; i < G_N_ELEMENTS (removal_signals); i++)
    g_signal_connect_swapped (document, removal_signals[i], G_CALLBACK (on_removed), self);
  g_signal_connect_swapped (document, "layers-changed", G_CALLBACK (on_layers_changed), self);
  if (tools (self) != NULL)
    g_signal_connect_swapped (tools (self), "notify::layer", G_CALLBACK (update_layer_fields), self);
  tsr_sphere_panels_set_mode (self, TSR_SPHERE_MODE_TILES);
  update_inspector (self);
  update_layer_fields (self);
  return self;
}
