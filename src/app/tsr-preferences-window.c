/* tsr-preferences-window.c: preferences bound to GSettings: the colour scheme, what the mouse wheel
 * does on maps, the grid colour, the Doom2D and Wolfenstein 3D data folders, the Marathon Shapes and Images files, backups on save, the autosave interval and
 * the decompressed data limit. */
#include "config.h"

#include "app/tsr-preferences-window.h"

#include <glib/gi18n.h>

#include "views/tsr-grid-color.h"

struct _TsrPreferencesWindow {
  GtkWindow  parent_instance;

  GtkWidget *backup_switch;
  GtkWidget *color_scheme;
  GtkWidget *grid_color;
  GtkWidget *wheel_switch;
  GtkWidget *doom2d_folders;
  GtkWidget *wolf3d_folders;
  GtkWidget *marathon_shapes;
  GtkWidget *marathon_images;
  GtkWidget *marathon1_resources;
  GtkLabel  *backup_description;
  GtkWidget *autosave_spin;
  GtkWidget *decompressed_limit_spin;
};

G_DEFINE_FINAL_TYPE (TsrPreferencesWindow, tsr_preferences_window, GTK_TYPE_WINDOW)

/* The colour scheme drop-down's rows, in the order of the .ui file. */
static const char *const color_schemes[] = { "default", "light", "dark" };

static gboolean
color_scheme_to_row (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *scheme = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (color_schemes); i++)
    if (g_str_equal (scheme, color_schemes[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
row_to_color_scheme (const GValue *value, const GVariantType *type, gpointer user_data)
{
  guint row = g_value_get_uint (value);

  return row < G_N_ELEMENTS (color_schemes) ? g_variant_new_string (color_schemes[row]) : NULL;
}

static void
tsr_preferences_window_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TSR_TYPE_PREFERENCES_WINDOW);
  G_OBJECT_CLASS (tsr_preferences_window_parent_class)->dispose (object);
}

static void
tsr_preferences_window_class_init (TsrPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tsr_preferences_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tessera/Tessera/ui/tsr-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, backup_switch);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, backup_description);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, autosave_spin);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, decompressed_limit_spin);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, color_scheme);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, grid_color);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, wheel_switch);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, doom2d_folders);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, wolf3d_folders);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, marathon_shapes);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, marathon_images);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, marathon1_resources);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tsr_preferences_window_init (TsrPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tsr_preferences_window_new (GSettings *settings)
{
  TsrPreferencesWindow *self = g_object_new (TSR_TYPE_PREFERENCES_WINDOW, NULL);

  if (settings != NULL)
    {
      g_settings_bind (settings, "backup-on-save", self->backup_switch, "active", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "autosave-interval", self->autosave_spin, "value", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "decompressed-limit", self->decompressed_limit_spin, "value", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "wheel-zooms", self->wheel_switch, "active", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "doom2d-data-folders", self->doom2d_folders, "text", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "wolf3d-data-folders", self->wolf3d_folders, "text", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "marathon-shapes", self->marathon_shapes, "text", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "marathon-images", self->marathon_images, "text", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "marathon1-external-resources", self->marathon1_resources, "text", G_SETTINGS_BIND_DEFAULT);
      if (!tsr_grid_color_bind (settings, self->grid_color, "rgba", G_SETTINGS_BIND_DEFAULT))
        gtk_widget_set_sensitive (self->grid_color, FALSE);
      g_settings_bind_with_mapping (settings, "color-scheme", self->color_scheme, "selected", G_SETTINGS_BIND_DEFAULT,
                                    color_scheme_to_row, row_to_color_scheme, NULL, NULL);
    }
  else
    {
      gtk_widget_set_sensitive (self->backup_switch, FALSE);
      gtk_widget_set_sensitive (self->autosave_spin, FALSE);
      gtk_widget_set_sensitive (self->decompressed_limit_spin, FALSE);
      gtk_widget_set_sensitive (self->color_scheme, FALSE);
      gtk_widget_set_sensitive (self->grid_color, FALSE);
      gtk_widget_set_sensitive (self->wheel_switch, FALSE);
      gtk_widget_set_sensitive (self->doom2d_folders, FALSE);
      gtk_widget_set_sensitive (self->wolf3d_folders, FALSE);
      gtk_widget_set_sensitive (self->marathon_shapes, FALSE);
      gtk_widget_set_sensitive (self->marathon_images, FALSE);
      gtk_widget_set_sensitive (self->marathon1_resources, FALSE);
      gtk_label_set_text (self->backup_description,
                          _("Preferences cannot be changed: the settings schema io.github.tessera.Tessera is not installed."));
    }
  return GTK_WIDGET (self);
}
