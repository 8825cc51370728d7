/* tsr-preferences-window.c: preferences bound to GSettings: the colour scheme, what the mouse wheel
 * does on maps, the grid colour, the Doom2D and Wolfenstein 3D data folders, the Marathon Shapes and Images files, backups on save, the autosave interval,
 * the decompressed data limit, and play-testing: each family's engine, its extra arguments and the custom commands. */
#include "config.h"

#include "app/tsr-preferences-window.h"

#include <glib/gi18n.h>

#include "app/tsr-plugins.h"
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
  GtkWidget *marathon_engine;
  GtkWidget *marathon_arguments;
  GtkWidget *wolf3d_engine;
  GtkWidget *wolf3d_arguments;
  GtkWidget *doom2d_engine;
  GtkWidget *doom2d_arguments;
  GtkWidget *sphere_engine;
  GtkWidget *sphere_arguments;
  GtkTextView *playtest_commands;
  GtkBox    *sections;
  GSettings *settings;
  gboolean   writing_commands; /* the text is being stored: do not show it again */
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

/* The custom commands: a line of the text per string of the setting, empty lines left out. */
static void
commands_from_settings (TsrPreferencesWindow *self)
{
  g_auto(GStrv) commands = g_settings_get_strv (self->settings, "playtest-commands");
  g_autofree char *text = g_strjoinv ("\n", commands);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->playtest_commands);
  GtkTextIter start, end;
  g_autofree char *shown = NULL;

  if (self->writing_commands)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  shown = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (!g_str_equal (g_strstrip (shown), text))
    gtk_text_buffer_set_text (buffer, text, -1);
}

static void
commands_to_settings (TsrPreferencesWindow *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->playtest_commands);
  GtkTextIter start, end;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) commands = NULL;
  g_auto(GStrv) stored = NULL;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (*g_strstrip (lines[i]) != '\0')
      g_strv_builder_add (builder, lines[i]);
  commands = g_strv_builder_end (builder);
  stored = g_settings_get_strv (self->settings, "playtest-commands");
  if (!g_strv_equal ((const char * const *) commands, (const char * const *) stored))
    {
      self->writing_commands = TRUE;
      g_settings_set_strv (self->settings, "playtest-commands", (const char * const *) commands);
      self->writing_commands = FALSE;
    }
}

static void
tsr_preferences_window_dispose (GObject *object)
{
  TsrPreferencesWindow *self = TSR_PREFERENCES_WINDOW (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
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
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, marathon_engine);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, marathon_arguments);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, wolf3d_engine);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, wolf3d_arguments);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, doom2d_engine);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, doom2d_arguments);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, sphere_engine);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, sphere_arguments);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, playtest_commands);
  gtk_widget_class_bind_template_child (widget_class, TsrPreferencesWindow, sections);
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
      g_settings_bind (settings, "marathon-engine", self->marathon_engine, "text", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "marathon-engine-arguments", self->marathon_arguments, "text", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "wolf3d-engine", self->wolf3d_engine, "text", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "wolf3d-engine-arguments", self->wolf3d_arguments, "text", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "doom2d-engine", self->doom2d_engine, "text", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "doom2d-engine-arguments", self->doom2d_arguments, "text", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "sphere-engine", self->sphere_engine, "text", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "sphere-engine-arguments", self->sphere_arguments, "text", G_SETTINGS_BIND_DEFAULT);
      self->settings = g_object_ref (settings);
      commands_from_settings (self);
      g_signal_connect_swapped (settings, "changed::playtest-commands", G_CALLBACK (commands_from_settings), self);
      g_signal_connect_swapped (gtk_text_view_get_buffer (self->playtest_commands), "changed",
                                G_CALLBACK (commands_to_settings), self);
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
      gtk_widget_set_sensitive (self->marathon_engine, FALSE);
      gtk_widget_set_sensitive (self->marathon_arguments, FALSE);
      gtk_widget_set_sensitive (self->wolf3d_engine, FALSE);
      gtk_widget_set_sensitive (self->wolf3d_arguments, FALSE);
      gtk_widget_set_sensitive (self->doom2d_engine, FALSE);
      gtk_widget_set_sensitive (self->doom2d_arguments, FALSE);
      gtk_widget_set_sensitive (self->sphere_engine, FALSE);
      gtk_widget_set_sensitive (self->sphere_arguments, FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->playtest_commands), FALSE);
      gtk_label_set_text (self->backup_description,
                          _("Preferences cannot be changed: the settings schema io.github.tessera.Tessera is not installed."));
    }
  return GTK_WIDGET (self);
}

#ifdef TSR_HAVE_PLUGINS
static gboolean
plugin_switch_set (GtkSwitch            *toggle,
                   gboolean              state,
                   TsrPreferencesWindow *self)
{
  TsrPlugins *plugins = g_object_get_data (G_OBJECT (toggle), "tsr-plugins");
  const char *module = gtk_widget_get_name (GTK_WIDGET (toggle));
  GtkLabel *error_label = g_object_get_data (G_OBJECT (toggle), "tsr-error-label");
  g_autoptr(GError) error = NULL;

  if (!tsr_plugins_set_enabled (plugins, module, state, &error))
    {
      gtk_label_set_text (error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (error_label), TRUE);
      gtk_switch_set_state (toggle, FALSE);
      gtk_switch_set_active (toggle, FALSE);
      return TRUE;
    }
  gtk_widget_set_visible (GTK_WIDGET (error_label), FALSE);
  gtk_switch_set_state (toggle, state);
  return TRUE;
}

void
tsr_preferences_window_set_plugins (TsrPreferencesWindow *self,
                                    TsrPlugins           *plugins)
{
  GtkWidget *title = gtk_label_new (_("Plugins"));
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *list = gtk_list_box_new ();
  g_autoptr(GPtrArray) modules = NULL;

  g_return_if_fail (TSR_IS_PREFERENCES_WINDOW (self));
  if (plugins == NULL)
    return;
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_frame_set_child (GTK_FRAME (frame), list);
  gtk_box_append (self->sections, title);
  gtk_box_append (self->sections, frame);

  modules = tsr_plugins_list (plugins);
  if (modules->len == 0)
    {
      GtkWidget *none = gtk_label_new (_("No plugins found. Put them in ~/.local/share/tessera/plugins."));

      gtk_widget_add_css_class (none, "dim-label");
      gtk_widget_set_margin_top (none, 12);
      gtk_widget_set_margin_bottom (none, 12);
      gtk_list_box_append (GTK_LIST_BOX (list), none);
    }
  for (guint i = 0; i < modules->len; i++)
    {
      const char *module = g_ptr_array_index (modules, i);
      const char *description = tsr_plugins_get_description (plugins, module);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *name = gtk_label_new (tsr_plugins_get_name (plugins, module));
      GtkWidget *about = gtk_label_new (description != NULL ? description : "");
      GtkWidget *error_label = gtk_label_new (NULL);
      GtkWidget *toggle = gtk_switch_new ();

      gtk_widget_set_margin_start (row, 12);
      gtk_widget_set_margin_end (row, 12);
      gtk_widget_set_margin_top (row, 8);
      gtk_widget_set_margin_bottom (row, 8);
      gtk_widget_set_hexpand (texts, TRUE);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_xalign (GTK_LABEL (about), 0);
      gtk_label_set_wrap (GTK_LABEL (about), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (about), 50);
      gtk_widget_add_css_class (about, "dim-label");
      gtk_widget_add_css_class (about, "caption");
      gtk_label_set_xalign (GTK_LABEL (error_label), 0);
      gtk_label_set_wrap (GTK_LABEL (error_label), TRUE);
      gtk_widget_add_css_class (error_label, "error");
      gtk_widget_set_visible (error_label, FALSE);
      gtk_box_append (GTK_BOX (texts), name);
      gtk_box_append (GTK_BOX (texts), about);
      gtk_box_append (GTK_BOX (texts), error_label);
      gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
      gtk_widget_set_name (toggle, module);
      gtk_switch_set_active (GTK_SWITCH (toggle), tsr_plugins_get_enabled (plugins, module));
      gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      tsr_plugins_get_name (plugins, module), -1);
      g_object_set_data_full (G_OBJECT (toggle), "tsr-plugins", g_object_ref (plugins), g_object_unref);
      g_object_set_data (G_OBJECT (toggle), "tsr-error-label", error_label);
      g_signal_connect (toggle, "state-set", G_CALLBACK (plugin_switch_set), self);
      gtk_box_append (GTK_BOX (row), texts);
      gtk_box_append (GTK_BOX (row), toggle);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
}
#endif
