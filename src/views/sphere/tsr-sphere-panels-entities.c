/* tsr-sphere-panels-entities.c: the Sphere Entities page: the mode buttons (Tiles, Select,
 * Person, Trigger, Zone, Segment) with a hint, snapping, Delete Selected, find by property and
 * Select Similar, and the list of persons, triggers and zones. */
#include "config.h"

#include "views/sphere/tsr-sphere-panels-private.h"

#include <glib/gi18n.h>

static void
on_mode_toggled (GtkToggleButton *button, TsrSpherePanels *self)
{
  if (self->syncing || !gtk_toggle_button_get_active (button))
    return;
  tsr_sphere_panels_set_mode (self, (TsrSphereMode) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tsr-mode")));
}

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
  GtkWidget *box = tsr_sphere_panels_form (_("Find"), &grid);

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
  tsr_sphere_panels_set_snap (self, gtk_check_button_get_active (check));
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

GtkWidget *
tsr_sphere_panels_build_entities_page (TsrSpherePanels *self)
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
  /* The list right under the tools, as Tiled's Objects panel: the first thing the page shows at
   * any window height; the hint, snap, delete and find follow it. */
  self->entity_list = TSR_SPHERE_ENTITY_LIST (tsr_sphere_entity_list_new (self->document));
  g_signal_connect (self->entity_list, "element-activated", G_CALLBACK (on_element_activated), self);
  gtk_widget_set_vexpand (GTK_WIDGET (self->entity_list), TRUE);
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->entity_list));
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->hint_label));
  self->snap_check = gtk_check_button_new_with_mnemonic (_("Snap zones and segments to the _grid"));
  gtk_widget_set_tooltip_text (self->snap_check, _("Zones and obstruction segments start, end and move on tile corners"));
  g_signal_connect (self->snap_check, "toggled", G_CALLBACK (on_snap_toggled), self);
  gtk_box_append (GTK_BOX (page), self->snap_check);
  gtk_box_append (GTK_BOX (page), delete_button);
  gtk_box_append (GTK_BOX (page), error);
  gtk_box_append (GTK_BOX (page), build_find_section (self));
  gtk_widget_set_margin_bottom (page, 6);
  on_find_kind_selected (self->find_kind, NULL, self);
  {
    /* The page scrolls rather than asking for more height: a taller page (a hint wrapped on more
     * lines) made GTK widen the window to fit it. */
    GtkWidget *scrolled = gtk_scrolled_window_new ();

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), page);
    return scrolled;
  }
}
