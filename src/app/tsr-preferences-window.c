/* tsr-preferences-window.c: preferences bound to GSettings: backups on save, the autosave interval. */
#include "config.h"

#include "app/tsr-preferences-window.h"

#include <glib/gi18n.h>

struct _TsrPreferencesWindow {
  GtkWindow  parent_instance;

  GtkWidget *backup_switch;
  GtkLabel  *backup_description;
  GtkWidget *autosave_spin;
};

G_DEFINE_FINAL_TYPE (TsrPreferencesWindow, tsr_preferences_window, GTK_TYPE_WINDOW)

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
    }
  else
    {
      gtk_widget_set_sensitive (self->backup_switch, FALSE);
      gtk_widget_set_sensitive (self->autosave_spin, FALSE);
      gtk_label_set_text (self->backup_description,
                          _("Preferences cannot be changed: the settings schema io.github.tessera.Tessera is not installed."));
    }
  return GTK_WIDGET (self);
}
