/* tsr-sphere-panels-layers.c: the Sphere layer buttons under the layers list (add above,
 * duplicate, up, down, delete) and the current layer's form (name, parallax, scrolling,
 * reflective), each change one document edit. */
#include "config.h"

#include "views/sphere/tsr-sphere-panels-private.h"

#include <glib/gi18n.h>

#include "formats/sphere/tsr-sphere-string.h"

static void
set_entry (TsrSpherePanels *self, const char *name, GBytes *text)
{
  g_autofree char *utf8 = text != NULL ? tsr_sphere_string_to_utf8 (text) : g_strdup ("");

  gtk_editable_set_text (GTK_EDITABLE (tsr_sphere_panels_field (self, name)), utf8);
}

static void
set_spin (TsrSpherePanels *self, const char *name, double value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tsr_sphere_panels_field (self, name)), value);
}

void
tsr_sphere_panels_update_layer_fields (TsrSpherePanels *self)
{
  guint layer = tsr_sphere_panels_current_layer (self);
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
  gtk_check_button_set_active (GTK_CHECK_BUTTON (tsr_sphere_panels_field (self, "layer-parallax")), (properties.flags & TSR_SPHERE_LAYER_PARALLAX) != 0);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (tsr_sphere_panels_field (self, "layer-reflective")), properties.reflective != 0);
  self->syncing = FALSE;
}

/* An entry, spin button or check of the layer form was committed: push the matching edit. */
static void
on_layer_field_changed (GtkWidget *widget, TsrSpherePanels *self)
{
  const char *name = g_object_get_data (G_OBJECT (widget), "tsr-field");
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  if (self->syncing)
    return;

  if (g_str_has_prefix (name, "layer-"))
    {
      guint layer = tsr_sphere_panels_current_layer (self);
      TsrSphereLayerProperties properties;

      if (g_str_equal (name, "layer-name"))
        ok = tsr_sphere_document_rename_layer (self->document, layer, gtk_editable_get_text (GTK_EDITABLE (widget)), &error);
      else
        {
          tsr_sphere_document_get_layer_properties (self->document, layer, &properties);
          properties.parallax_x = gtk_spin_button_get_value (GTK_SPIN_BUTTON (tsr_sphere_panels_field (self, "layer-parallax-x")));
          properties.parallax_y = gtk_spin_button_get_value (GTK_SPIN_BUTTON (tsr_sphere_panels_field (self, "layer-parallax-y")));
          properties.scrolling_x = gtk_spin_button_get_value (GTK_SPIN_BUTTON (tsr_sphere_panels_field (self, "layer-scrolling-x")));
          properties.scrolling_y = gtk_spin_button_get_value (GTK_SPIN_BUTTON (tsr_sphere_panels_field (self, "layer-scrolling-y")));
          if (gtk_check_button_get_active (GTK_CHECK_BUTTON (tsr_sphere_panels_field (self, "layer-parallax"))))
            properties.flags |= TSR_SPHERE_LAYER_PARALLAX;
          else
            properties.flags &= ~TSR_SPHERE_LAYER_PARALLAX;
          properties.reflective = gtk_check_button_get_active (GTK_CHECK_BUTTON (tsr_sphere_panels_field (self, "layer-reflective"))) ? 1 : 0;
          ok = tsr_sphere_document_set_layer_properties (self->document, layer, &properties, &error);
        }
    }
  tsr_sphere_panels_show_error (self, error);
  if (!ok)
    tsr_sphere_panels_update_layer_fields (self);
}

gboolean
tsr_sphere_panels_add_layer (TsrSpherePanels *self)
{
  g_autoptr(GError) error = NULL;
  guint index = 0;
  gboolean done = tsr_sphere_document_add_layer (self->document, (int) tsr_sphere_panels_current_layer (self) + 1, _("New layer"), &index, &error);

  tsr_sphere_panels_show_error (self, error);
  if (done && tsr_sphere_panels_tools (self) != NULL)
    tsr_tile_tools_set_layer (tsr_sphere_panels_tools (self), index);
  return done;
}

gboolean
tsr_sphere_panels_duplicate_layer (TsrSpherePanels *self)
{
  g_autoptr(GError) error = NULL;
  guint index = 0;
  gboolean done = tsr_sphere_document_duplicate_layer (self->document, tsr_sphere_panels_current_layer (self), &index, &error);

  tsr_sphere_panels_show_error (self, error);
  if (done && tsr_sphere_panels_tools (self) != NULL)
    tsr_tile_tools_set_layer (tsr_sphere_panels_tools (self), index);
  return done;
}

gboolean
tsr_sphere_panels_delete_layer (TsrSpherePanels *self)
{
  g_autoptr(GError) error = NULL;
  gboolean done = tsr_sphere_document_remove_layer (self->document, tsr_sphere_panels_current_layer (self), &error);

  tsr_sphere_panels_show_error (self, error);
  return done;
}

gboolean
tsr_sphere_panels_move_layer (TsrSpherePanels *self,
                              gint             delta)
{
  g_autoptr(GError) error = NULL;
  guint from = tsr_sphere_panels_current_layer (self);
  gint to = (gint) from + delta;
  gboolean done;

  if (to < 0 || to >= (gint) tsr_sphere_document_get_n_layers (self->document))
    return FALSE;
  done = tsr_sphere_document_move_layer (self->document, from, (guint) to, &error);
  tsr_sphere_panels_show_error (self, error);
  if (done && tsr_sphere_panels_tools (self) != NULL)
    tsr_tile_tools_set_layer (tsr_sphere_panels_tools (self), (guint) to);
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

GtkWidget *
tsr_sphere_panels_build_layer_widgets (TsrSpherePanels *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkGrid *grid;
  GtkWidget *properties = tsr_sphere_panels_form (_("Layer"), &grid);
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

  tsr_sphere_panels_add_field (self, grid, 0, "layer-name", _("_Name"), gtk_entry_new (),
                               G_CALLBACK (on_layer_field_changed));
  spin = gtk_spin_button_new_with_range (-100, 100, 0.1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 2);
  tsr_sphere_panels_add_field (self, grid, 1, "layer-parallax-x", _("Parallax _X"), spin,
                               G_CALLBACK (on_layer_field_changed));
  spin = gtk_spin_button_new_with_range (-100, 100, 0.1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 2);
  tsr_sphere_panels_add_field (self, grid, 2, "layer-parallax-y", _("Parallax _Y"), spin,
                               G_CALLBACK (on_layer_field_changed));
  spin = gtk_spin_button_new_with_range (-100, 100, 0.1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 2);
  tsr_sphere_panels_add_field (self, grid, 3, "layer-scrolling-x", _("Scrolling X"), spin,
                               G_CALLBACK (on_layer_field_changed));
  spin = gtk_spin_button_new_with_range (-100, 100, 0.1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 2);
  tsr_sphere_panels_add_field (self, grid, 4, "layer-scrolling-y", _("Scrolling Y"), spin,
                               G_CALLBACK (on_layer_field_changed));
  tsr_sphere_panels_add_field (self, grid, 5, "layer-parallax", _("_Parallax"), gtk_check_button_new (),
                               G_CALLBACK (on_layer_field_changed));
  tsr_sphere_panels_add_field (self, grid, 6, "layer-reflective", _("_Reflective"), gtk_check_button_new (),
                               G_CALLBACK (on_layer_field_changed));

  gtk_box_append (GTK_BOX (box), buttons);
  gtk_box_append (GTK_BOX (box), properties);
  return box;
}
