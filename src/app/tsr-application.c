/* tsr-application.c: startup (accelerators, style), opening files into windows, offering what
 * the recovery store kept from a session that did not end cleanly, quitting with unsaved changes,
 * preferences and about. */
#include "config.h"

#include "app/tsr-application.h"

#include <glib/gi18n.h>

#include "app/tsr-plugins.h"
#include "app/tsr-preferences-window.h"
#include "app/tsr-recent.h"
#include "app/tsr-recovery-dialog.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "formats/doom2d/tsr-doom2d-wad.h"

struct _TsrApplication {
  GtkApplication parent_instance;

  GSettings        *settings;
  TsrRecoveryStore *recovery_store;
  gboolean          recovery_offered;
  gboolean          system_prefers_dark;     /* GtkSettings' value before we touched it */
  char             *environment_doom2d_path; /* TESSERA_DOOM2D_PATH as the process started */
  guint             reload_source;           /* pending reload of open pages' resources */
  TsrPlugins       *plugins;                 /* NULL without libpeas */
};

G_DEFINE_FINAL_TYPE (TsrApplication, tsr_application, GTK_TYPE_APPLICATION)

static GSettings *
tsr_application_create_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);

#ifdef TSR_BUILD_SCHEMA_DIR
  /* Run from the build folder (build-aux/run): the schema is compiled there, not installed. */
  if (schema == NULL)
    {
      g_autoptr(GSettingsSchemaSource) build_source =
        g_settings_schema_source_new_from_directory (TSR_BUILD_SCHEMA_DIR, source, FALSE, NULL);
      if (build_source != NULL)
        schema = g_settings_schema_source_lookup (build_source, APPLICATION_ID, FALSE);
    }
#endif

  if (schema == NULL)
    {
      g_warning ("The GSettings schema %s is not installed; preferences will not be kept", APPLICATION_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

/* Once per run, on the first window: the entries no running Tessera keeps up to date were left by
 * a session that crashed (or was killed); the dialog offers to restore or discard each. */
static void
tsr_application_offer_recovery (TsrApplication *self,
                                GtkWindow      *parent)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) offered = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (self->recovery_offered || self->recovery_store == NULL)
    return;
  self->recovery_offered = TRUE;

  entries = tsr_recovery_store_list (self->recovery_store, &error);
  if (entries == NULL)
    {
      g_message ("Tessera: recovery: %s", error->message);
      return;
    }
  offered = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_recovery_entry_unref);
  for (guint i = 0; i < entries->len; i++)
    {
      TsrRecoveryEntry *entry = g_ptr_array_index (entries, i);

      if (!tsr_recovery_entry_get_in_use (entry))
        g_ptr_array_add (offered, tsr_recovery_entry_ref (entry));
    }
  if (offered->len == 0)
    return;

  dialog = tsr_recovery_dialog_new (self->recovery_store, offered);
  gtk_window_set_application (GTK_WINDOW (dialog), GTK_APPLICATION (self));
  gtk_window_set_transient_for (GTK_WINDOW (dialog), parent);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Once, at the application's start: a set save that a killed Tessera left unfinished beside a
 * recent file is finished or undone, its leftovers removed, and PARENT's message bar says so. */
static void
tsr_application_recover_interrupted_saves (GtkWindow *parent)
{
  static gboolean done;
  g_autoptr(GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  GList *recent;

  if (done)
    return;
  done = TRUE;
  recent = tsr_recent_list (50);
  for (GList *l = recent; l != NULL; l = l->next)
    {
      g_autofree char *path = g_filename_from_uri (gtk_recent_info_get_uri (l->data), NULL, NULL);
      g_auto(GStrv) notes = path != NULL ? tsr_file_recover_interrupted_saves (path) : NULL;

      for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
        g_ptr_array_add (messages, g_strdup (notes[i]));
    }
  g_list_free_full (recent, (GDestroyNotify) gtk_recent_info_unref);
  if (messages->len > 0 && TSR_IS_WINDOW (parent))
    {
      g_autofree char *joined = NULL;

      g_ptr_array_add (messages, NULL);
      joined = g_strjoinv ("; ", (char **) messages->pdata);
      tsr_window_show_notice (TSR_WINDOW (parent), _("An interrupted save was recovered"), joined);
    }
}

static void
tsr_application_activate (GApplication *application)
{
  TsrApplication *self = TSR_APPLICATION (application);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (tsr_window_new (self));
  gtk_window_present (window);
  tsr_application_recover_interrupted_saves (window);
  tsr_application_offer_recovery (self, window);
}

static void
tsr_application_open (GApplication  *application,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  TsrApplication *self = TSR_APPLICATION (application);

  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));
  TsrWindow *window = TSR_IS_WINDOW (active) ? TSR_WINDOW (active) : tsr_window_new (self);

  tsr_application_recover_interrupted_saves (GTK_WINDOW (window));
  for (int i = 0; i < n_files; i++)
    window = tsr_window_show_file (window, files[i]);
  tsr_application_offer_recovery (self, GTK_WINDOW (window));
}

/* Quitting asks about each window with unsaved changes in turn; Cancel on any stops the quit. */
static void tsr_application_quit_next (TsrApplication *self);

static void
tsr_application_on_quit_confirmed (TsrWindow *window,
                                   gboolean   proceed,
                                   gpointer   user_data)
{
  g_autoptr(TsrApplication) self = user_data;

  if (!proceed)
    return;
  tsr_window_close_confirmed (window);
  tsr_application_quit_next (self);
}

static void
tsr_application_quit_next (TsrApplication *self)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));

  for (GList *l = windows; l != NULL; l = l->next)
    if (TSR_IS_WINDOW (l->data) && tsr_window_get_modified (l->data))
      {
        gtk_window_present (l->data);
        tsr_window_confirm_close (l->data, tsr_application_on_quit_confirmed, g_object_ref (self));
        return;
      }

  /* Nothing left unsaved: close the rest (keeping the window size) and quit. */
  windows = g_list_copy_deep (windows, (GCopyFunc) g_object_ref, NULL);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free_full (windows, g_object_unref);
  g_application_quit (G_APPLICATION (self));
}

static void
tsr_application_quit_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  tsr_application_quit_next (TSR_APPLICATION (user_data));
}

static void
tsr_application_preferences_action (GSimpleAction *action,
                                    GVariant      *parameter,
                                    gpointer       user_data)
{
  TsrApplication *self = TSR_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWindow *preferences = GTK_WINDOW (tsr_preferences_window_new (self->settings));
#ifdef TSR_HAVE_PLUGINS
  tsr_preferences_window_set_plugins (TSR_PREFERENCES_WINDOW (preferences), self->plugins);
#endif

  if (parent != NULL)
    gtk_window_set_transient_for (preferences, parent);
  gtk_window_set_application (preferences, GTK_APPLICATION (self));
  gtk_window_present (preferences);
}

/* Writes every window's recovery entry now, without waiting for the autosave interval. */
static void
tsr_application_autosave_now_action (GSimpleAction *action,
                                     GVariant      *parameter,
                                     gpointer       user_data)
{
  TsrApplication *self = TSR_APPLICATION (user_data);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      g_autoptr(GError) error = NULL;

      if (TSR_IS_WINDOW (l->data) && !tsr_window_autosave (l->data, &error))
        g_message ("Tessera: autosave: %s", error->message);
    }
}

static void
tsr_application_about_action (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  TsrApplication *self = TSR_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  static const char *authors[] = { "The Tessera developers", NULL };

  gtk_show_about_dialog (parent,
                         "program-name", _("Tessera"),
                         "logo-icon-name", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Edit the data files of classic game engines"),
                         "website", "https://github.com/tessera/tessera",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         /* Translators: your names, one per line. */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

/* The guide is shown by the desktop's help viewer (Yelp, for help: URIs); without one, say so
 * instead of failing silently. */
static void
tsr_application_on_help_shown (GObject      *source,
                               GAsyncResult *result,
                               gpointer      user_data)
{
  GtkWindow *parent = GTK_WINDOW (source);
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (gtk_show_uri_full_finish (parent, result, &error))
    return;
  dialog = gtk_message_dialog_new (parent, GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_MODAL,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                   _("The user guide could not be shown"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("It opens in GNOME’s help viewer, Yelp (Debian package “yelp”): %s"),
                                            error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
tsr_application_help_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  TsrApplication *self = TSR_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (parent == NULL)
    return;
  gtk_show_uri_full (parent, "help:tessera", GDK_CURRENT_TIME, NULL, tsr_application_on_help_shown, NULL);
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = tsr_application_quit_action },
  { .name = "help", .activate = tsr_application_help_action },
  { .name = "preferences", .activate = tsr_application_preferences_action },
  { .name = "about", .activate = tsr_application_about_action },
  { .name = "autosave-now", .activate = tsr_application_autosave_now_action },
};

/* color-scheme: "default" leaves GTK's own (system) choice, "light" and "dark" override it. */
static void
tsr_application_apply_color_scheme (TsrApplication *self)
{
  g_autofree char *scheme = g_settings_get_string (self->settings, "color-scheme");
  gboolean dark = g_str_equal (scheme, "dark") ? TRUE
                  : g_str_equal (scheme, "light") ? FALSE : self->system_prefers_dark;

  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", dark, NULL);
}

/* The Doom2D codec looks for the WADs a map names in TESSERA_DOOM2D_PATH: the folders the user
 * set in Preferences are appended to what the environment gave at startup. Loading runs on the main
 * thread, so changing the environment here races with nothing. */
#define RELOAD_DELAY_MS 400

static gboolean
reload_resources (gpointer data)
{
  TsrApplication *self = data;

  self->reload_source = 0;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (TSR_IS_WINDOW (l->data))
      tsr_window_reload_resources (TSR_WINDOW (l->data));
  return G_SOURCE_REMOVE;
}

static void
tsr_application_apply_data_folders (TsrApplication *self)
{
  g_autofree char *setting = g_settings_get_string (self->settings, "doom2d-data-folders");
  g_auto(GStrv) parts = g_strsplit (setting, G_SEARCHPATH_SEPARATOR_S, -1);
  g_autofree char *folders = NULL;
  g_autofree char *value = NULL;

  /* "~/…" as a shell would read it. */
  for (guint i = 0; parts[i] != NULL; i++)
    if (g_str_has_prefix (parts[i], "~/") || g_str_equal (parts[i], "~"))
      {
        char *expanded = g_build_filename (g_get_home_dir (), parts[i] + 1, NULL);

        g_free (parts[i]);
        parts[i] = expanded;
      }
  folders = g_strjoinv (G_SEARCHPATH_SEPARATOR_S, parts);

  if (self->environment_doom2d_path != NULL && *self->environment_doom2d_path != '\0' && *folders != '\0')
    value = g_strconcat (self->environment_doom2d_path, G_SEARCHPATH_SEPARATOR_S, folders, NULL);
  else
    value = g_strdup (*folders != '\0' ? folders : self->environment_doom2d_path);
  if (value != NULL)
    g_setenv ("TESSERA_DOOM2D_PATH", value, TRUE);
  else
    g_unsetenv ("TESSERA_DOOM2D_PATH");
  /* Open maps look their textures up again in the new folders, once typing in the preference
   * pauses. */
  g_clear_handle_id (&self->reload_source, g_source_remove);
  if (gtk_application_get_windows (GTK_APPLICATION (self)) != NULL)
    self->reload_source = g_timeout_add (RELOAD_DELAY_MS, reload_resources, self);
}

/* The decompressed-limit preference: what one open archive may hold decompressed (issue 41). */
static void
tsr_application_apply_decompressed_limit (TsrApplication *self)
{
  int mib = g_settings_get_int (self->settings, "decompressed-limit");

  tsr_doom2d_wad_set_held_limit ((gsize) MAX (mib, 64) * 1024 * 1024);
}

static void
tsr_application_startup (GApplication *application)
{
  TsrApplication *self = TSR_APPLICATION (application);
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "win.new", { "<Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.close-tab", { "<Control>w", NULL } },
    { "win.close", { "<Control><Shift>w", NULL } },
    { "win.playtest", { "F9", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.help", { "F1", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
  };

  G_APPLICATION_CLASS (tsr_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions), self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action, accels[i].accels);

  gtk_css_provider_load_from_resource (css, "/io/github/tessera/Tessera/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_icon_name (APPLICATION_ID);

  self->settings = tsr_application_create_settings ();
  self->recovery_store = tsr_recovery_store_new (NULL);
  g_object_get (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", &self->system_prefers_dark, NULL);
  if (self->settings != NULL)
    {
      g_signal_connect_swapped (self->settings, "changed::color-scheme",
                                G_CALLBACK (tsr_application_apply_color_scheme), self);
      tsr_application_apply_color_scheme (self);
      self->environment_doom2d_path = g_strdup (g_getenv ("TESSERA_DOOM2D_PATH"));
      g_signal_connect_swapped (self->settings, "changed::doom2d-data-folders",
                                G_CALLBACK (tsr_application_apply_data_folders), self);
      tsr_application_apply_data_folders (self);
      g_signal_connect_swapped (self->settings, "changed::decompressed-limit",
                                G_CALLBACK (tsr_application_apply_decompressed_limit), self);
      tsr_application_apply_decompressed_limit (self);
    }
#ifdef TSR_HAVE_PLUGINS
  self->plugins = tsr_plugins_new (self->settings);
#endif
}

static void
tsr_application_dispose (GObject *object)
{
  TsrApplication *self = TSR_APPLICATION (object);

  g_clear_handle_id (&self->reload_source, g_source_remove);
  g_clear_object (&self->settings);
  g_clear_object (&self->recovery_store);
  g_clear_object (&self->plugins);
  g_clear_pointer (&self->environment_doom2d_path, g_free);
  G_OBJECT_CLASS (tsr_application_parent_class)->dispose (object);
}

static void
tsr_application_class_init (TsrApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = tsr_application_dispose;
  application_class->startup = tsr_application_startup;
  application_class->activate = tsr_application_activate;
  application_class->open = tsr_application_open;
}

static void
tsr_application_init (TsrApplication *self)
{
}

TsrApplication *
tsr_application_new (GApplicationFlags extra_flags)
{
  return g_object_new (TSR_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | extra_flags,
                       "resource-base-path", "/io/github/tessera/Tessera",
                       NULL);
}

GSettings *
tsr_application_get_settings (TsrApplication *self)
{
  g_return_val_if_fail (TSR_IS_APPLICATION (self), NULL);
  return self->settings;
}

TsrRecoveryStore *
tsr_application_get_recovery_store (TsrApplication *self)
{
  g_return_val_if_fail (TSR_IS_APPLICATION (self), NULL);
  return self->recovery_store;
}

TsrPlugins *
tsr_application_get_plugins (TsrApplication *self)
{
  g_return_val_if_fail (TSR_IS_APPLICATION (self), NULL);
  return self->plugins;
}
