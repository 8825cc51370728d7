/* tsr-sphere-panels-inspector.c: the Sphere inspector: the property inspector of the selected
 * persons, triggers or zones (or of the map when nothing is selected), and the selected
 * obstruction segment's end points as fields that commit on Enter and when the focus leaves. */
#include "config.h"

#include "views/sphere/tsr-sphere-panels-private.h"

#include <glib/gi18n.h>

static const char *const segment_fields[] = { "segment-x1", "segment-y1", "segment-x2", "segment-y2" };

GtkWidget *
tsr_sphere_panels_field (TsrSpherePanels *self, const char *name)
{
  return g_hash_table_lookup (self->fields, name);
}

GtkWidget *
tsr_sphere_panels_add_field (TsrSpherePanels *self, GtkGrid *grid, int row, const char *name, const char *label_text,
                             GtkWidget *widget, GCallback changed)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_widget_set_hexpand (widget, TRUE);
  g_object_set_data_full (G_OBJECT (widget), "tsr-field", g_strdup (name), g_free);
  g_hash_table_insert (self->fields, g_strdup (name), widget);
  if (GTK_IS_SPIN_BUTTON (widget))
    g_signal_connect (widget, "value-changed", changed, self);
  else if (GTK_IS_CHECK_BUTTON (widget))
    g_signal_connect (widget, "toggled", changed, self);
  else
    {
      g_signal_connect (widget, "activate", changed, self);
      gtk_widget_set_tooltip_text (widget, _("Press Enter to apply"));
    }
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, widget, 1, row, 1, 1);
  return widget;
}

GtkWidget *
tsr_sphere_panels_form (const char *heading_text, GtkGrid **grid)
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

/* Which property source the entity or zone selection belongs to. */
static TsrSphereElementKind
selection_element_kind (TsrSpherePanels *self)
{
  if (self->selection == TSR_SPHERE_SELECTION_ZONE)
    return TSR_SPHERE_ELEMENT_ZONE;
  return tsr_sphere_document_get_entity (self->document, self->selection_index)->type == TSR_SPHERE_ENTITY_PERSON
         ? TSR_SPHERE_ELEMENT_PERSON : TSR_SPHERE_ELEMENT_TRIGGER;
}

static const TsrSphereSegment *
selected_segment (TsrSpherePanels *self)
{
  const TsrSphereLayer *layer;

  if (self->selection != TSR_SPHERE_SELECTION_SEGMENT
      || self->selection_layer >= tsr_sphere_document_get_n_layers (self->document))
    return NULL;
  layer = tsr_sphere_document_get_layer (self->document, self->selection_layer);
  if (layer->segments == NULL || self->selection_index >= layer->segments->len)
    return NULL;
  return &g_array_index (layer->segments, TsrSphereSegment, self->selection_index);
}

static void
show_segment (TsrSpherePanels *self)
{
  const TsrSphereSegment *segment = selected_segment (self);
  guint32 values[4] = { 0 };
  g_autofree char *text = NULL;

  if (segment == NULL)
    return;
  values[0] = segment->x1, values[1] = segment->y1, values[2] = segment->x2, values[3] = segment->y2;
  text = g_strdup_printf (_("Layer %u, in pixels"), self->selection_layer);
  gtk_label_set_text (GTK_LABEL (tsr_sphere_panels_field (self, "segment-text")), text);
  for (guint i = 0; i < G_N_ELEMENTS (segment_fields); i++)
    {
      char number[16];

      g_snprintf (number, sizeof number, "%" G_GUINT32_FORMAT, values[i]);
      gtk_editable_set_text (GTK_EDITABLE (tsr_sphere_panels_field (self, segment_fields[i])), number);
    }
}

/* An end point field was committed: set the segment (one undo step per commit). */
static void
commit_segment (TsrSpherePanels *self)
{
  const TsrSphereSegment *segment = selected_segment (self);
  g_autoptr(GError) error = NULL;
  TsrSphereSegment changed;
  guint32 *values[4] = { &changed.x1, &changed.y1, &changed.x2, &changed.y2 };

  if (self->syncing || segment == NULL)
    return;
  changed = *segment;
  for (guint i = 0; i < G_N_ELEMENTS (segment_fields) && error == NULL; i++)
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (tsr_sphere_panels_field (self, segment_fields[i])));
      guint64 value = 0;

      /* File numbers never use the locale. */
      if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &value, &error))
        g_prefix_error (&error, _("Segment: "));
      else
        *values[i] = (guint32) value;
    }
  if (error == NULL)
    {
      tsr_undo_stack_break_merge (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)));
      tsr_sphere_document_set_segment (self->document, self->selection_layer, self->selection_index, &changed, &error);
      tsr_undo_stack_break_merge (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)));
    }
  tsr_sphere_panels_show_error (self, error);
  if (error != NULL)
    show_segment (self);
}

static void
on_segment_activate (GtkWidget *entry, TsrSpherePanels *self)
{
  commit_segment (self);
}

static void
on_segment_focus_leave (GtkEventControllerFocus *controller, TsrSpherePanels *self)
{
  commit_segment (self);
}

void
tsr_sphere_panels_update_inspector (TsrSpherePanels *self)
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
      show_segment (self);
      gtk_stack_set_visible_child_name (self->inspector_stack, "segment");
      break;
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
  /* The Scripts page follows: the selected person, trigger or zone, else the map. */
  if (self->script_view != NULL)
    tsr_sphere_script_view_set_owner (self->script_view,
                                      self->selection == TSR_SPHERE_SELECTION_ENTITY ? TSR_SPHERE_SCRIPTS_ENTITY
                                      : self->selection == TSR_SPHERE_SELECTION_ZONE ? TSR_SPHERE_SCRIPTS_ZONE
                                      : TSR_SPHERE_SCRIPTS_MAP,
                                      self->selection == TSR_SPHERE_SELECTION_ENTITY
                                      || self->selection == TSR_SPHERE_SELECTION_ZONE ? self->selection_index : 0);
  self->syncing = FALSE;
}

GtkWidget *
tsr_sphere_panels_build_inspector (TsrSpherePanels *self)
{
  static const char *const labels[] = { N_("Start _X"), N_("Start _Y"), N_("End X"), N_("End Y") };
  GtkGrid *grid;
  GtkWidget *page;
  GtkWidget *segment_text;

  self->inspector_stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_vhomogeneous (self->inspector_stack, FALSE);

  /* The map, persons, triggers and zones: the property inspector of the selection (one or
   * several elements), or of the map when nothing is selected. */
  self->properties = TSR_PROPERTY_INSPECTOR (tsr_property_inspector_new ());
  gtk_stack_add_named (self->inspector_stack, GTK_WIDGET (self->properties), "elements");

  page = tsr_sphere_panels_form (_("Obstruction Segment"), &grid);
  segment_text = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (segment_text), 0);
  gtk_label_set_wrap (GTK_LABEL (segment_text), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (segment_text), 30);
  gtk_widget_add_css_class (segment_text, "dim-label");
  g_hash_table_insert (self->fields, g_strdup ("segment-text"), segment_text);
  gtk_box_insert_child_after (GTK_BOX (page), segment_text, gtk_widget_get_first_child (page));
  for (guint i = 0; i < G_N_ELEMENTS (segment_fields); i++)
    {
      GtkWidget *entry = gtk_entry_new ();
      GtkEventController *focus = gtk_event_controller_focus_new ();

      gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_DIGITS);
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 8);
      gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 8);
      tsr_sphere_panels_add_field (self, grid, (int) i, segment_fields[i], _(labels[i]), entry,
                                   G_CALLBACK (on_segment_activate));
      g_signal_connect (focus, "leave", G_CALLBACK (on_segment_focus_leave), self);
      gtk_widget_add_controller (entry, focus);
    }
  gtk_stack_add_named (self->inspector_stack, page, "segment");
  return GTK_WIDGET (self->inspector_stack);
}
