/* tsr-plugins.c: the editor's libpeas engine and its three extension points (see tsr-plugins.h). */
#include "config.h"

#include "app/tsr-plugins.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <girepository.h>
#include <libpeas/peas.h>
#include <stdio.h>
#include <unistd.h>

#include "model/tsr-findings-hook.h"
#include "model/tsr-undo-stack.h"
#include "script/tsr-plugin.h"

struct _TsrPlugins {
  GObject           parent_instance;
  PeasEngine       *engine;
  PeasExtensionSet *commands;
  PeasExtensionSet *providers;
  PeasExtensionSet *exporters;
  GSettings        *settings;
  GThread          *main_thread; /* the one Python plugins run on */
};

G_DEFINE_FINAL_TYPE (TsrPlugins, tsr_plugins, G_TYPE_OBJECT)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* What a Python plugin prints when it raises (PyGObject prints the traceback of an exception
 * that is not a GLib.Error to stderr, and the call returns FALSE without a GError): stderr goes
 * to a temporary file while the plugin runs, so the window can show the traceback. */
typedef struct {
  int   saved;
  int   fd;
  char *path;
} Capture;

static void
capture_begin (Capture *capture)
{
  capture->saved = -1;
  capture->path = NULL;
  fflush (stderr);
  capture->fd = g_file_open_tmp ("tessera-plugin-XXXXXX", &capture->path, NULL);
  if (capture->fd < 0)
    return;
  capture->saved = dup (STDERR_FILENO);
  if (capture->saved < 0 || dup2 (capture->fd, STDERR_FILENO) < 0)
    {
      if (capture->saved >= 0)
        close (capture->saved);
      capture->saved = -1;
    }
}

static char *
capture_end (Capture *capture)
{
  char *text = NULL;

  fflush (stderr);
  if (capture->saved >= 0)
    {
      dup2 (capture->saved, STDERR_FILENO);
      close (capture->saved);
    }
  if (capture->fd >= 0)
    close (capture->fd);
  if (capture->path != NULL)
    {
      g_file_get_contents (capture->path, &text, NULL, NULL);
      g_unlink (capture->path);
      g_free (capture->path);
    }
  /* What was printed still reaches the terminal. */
  if (text != NULL && *text != '\0')
    g_printerr ("%s", text);
  return text;
}

static char *
failure_message (GError *error, const char *printed)
{
  GString *message = g_string_new (NULL);

  if (error != NULL)
    g_string_append (message, error->message);
  if (printed != NULL && *g_strstrip ((char *) printed) != '\0')
    {
      if (message->len > 0)
        g_string_append_c (message, '\n');
      g_string_append (message, printed);
    }
  if (message->len == 0)
    g_string_append (message, _("The plugin failed without saying why."));
  return g_string_free (message, FALSE);
}

static PeasPluginInfo *
find_info (TsrPlugins *self, const char *module)
{
  return module != NULL ? peas_engine_get_plugin_info (self->engine, module) : NULL;
}

static void
add_provider_findings (PeasExtensionSet *set,
                       PeasPluginInfo   *info,
                       PeasExtension    *extension,
                       gpointer          user_data)
{
  TsrDocument *document = ((gpointer *) user_data)[0];
  GPtrArray *findings = ((gpointer *) user_data)[1];
  g_autoptr(TsrFindingCollector) collector = tsr_finding_collector_new (findings);
  g_autoptr(GError) error = NULL;
  g_autofree char *printed = NULL;
  Capture capture;
  gboolean ok;

  capture_begin (&capture);
  ok = tsr_finding_provider_check (TSR_FINDING_PROVIDER (extension), document, collector, &error);
  printed = capture_end (&capture);
  if (!ok)
    {
      g_autofree char *message = failure_message (error, printed);
      g_autofree char *where = g_strdup_printf (_("plugin %s"), peas_plugin_info_get_name (info));

      tsr_findings_add (findings, TSR_SEVERITY_WARNING, where, _("the check failed: %s"), message);
    }
}

static void
tsr_plugins_findings_hook (TsrDocument *document,
                           GPtrArray   *findings,
                           gpointer     user_data)
{
  TsrPlugins *self = user_data;
  gpointer data[2] = { document, findings };

  /* Python runs on the main thread only; a worker's validation goes without the plugins. */
  if (g_thread_self () == self->main_thread)
    peas_extension_set_foreach (self->providers, add_provider_findings, data);
}

static void
tsr_plugins_emit_changed (TsrPlugins *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
tsr_plugins_dispose (GObject *object)
{
  TsrPlugins *self = TSR_PLUGINS (object);

  tsr_document_set_findings_hook (NULL, NULL);
  g_clear_object (&self->commands);
  g_clear_object (&self->providers);
  g_clear_object (&self->exporters);
  g_clear_object (&self->settings);
  g_clear_object (&self->engine);
  G_OBJECT_CLASS (tsr_plugins_parent_class)->dispose (object);
}

static void
tsr_plugins_class_init (TsrPluginsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_plugins_dispose;
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tsr_plugins_init (TsrPlugins *self)
{
}

static void
add_search_path (PeasEngine *engine, const char *dir)
{
  if (dir != NULL && *dir != '\0')
    peas_engine_add_search_path (engine, dir, dir);
}

TsrPlugins *
tsr_plugins_new (GSettings *settings)
{
  TsrPlugins *self = g_object_new (TSR_TYPE_PLUGINS, NULL);
  const char *typelib_dir = TSR_EDITOR_TYPELIB_DIR;
  const char *extra = g_getenv ("TESSERA_PLUGIN_PATH");
  g_autofree char *build_typelib = g_build_filename (TSR_BUILD_EDITOR_TYPELIB_DIR, "Tessera-1.0.typelib", NULL);
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "tessera", "plugins", NULL);

  /* Tessera-1.0 as the editor's own (no shared library): see src/script/meson.build. */
  if (g_file_test (build_typelib, G_FILE_TEST_EXISTS))
    typelib_dir = TSR_BUILD_EDITOR_TYPELIB_DIR;
  g_irepository_prepend_search_path (typelib_dir);

  self->main_thread = g_thread_self ();
  self->engine = peas_engine_new ();
  peas_engine_enable_loader (self->engine, "python3");
  if (extra != NULL)
    {
      g_auto(GStrv) dirs = g_strsplit (extra, G_SEARCHPATH_SEPARATOR_S, -1);

      for (guint i = 0; dirs[i] != NULL; i++)
        add_search_path (self->engine, dirs[i]);
    }
  add_search_path (self->engine, user_dir);
  add_search_path (self->engine, TSR_PLUGIN_DIR);

  self->commands = peas_extension_set_new (self->engine, TSR_TYPE_MENU_COMMAND, NULL);
  self->providers = peas_extension_set_new (self->engine, TSR_TYPE_FINDING_PROVIDER, NULL);
  self->exporters = peas_extension_set_new (self->engine, TSR_TYPE_EXPORTER, NULL);
  g_signal_connect_swapped (self->commands, "extension-added", G_CALLBACK (tsr_plugins_emit_changed), self);
  g_signal_connect_swapped (self->commands, "extension-removed", G_CALLBACK (tsr_plugins_emit_changed), self);
  g_signal_connect_swapped (self->providers, "extension-added", G_CALLBACK (tsr_plugins_emit_changed), self);
  g_signal_connect_swapped (self->providers, "extension-removed", G_CALLBACK (tsr_plugins_emit_changed), self);
  g_signal_connect_swapped (self->exporters, "extension-added", G_CALLBACK (tsr_plugins_emit_changed), self);
  g_signal_connect_swapped (self->exporters, "extension-removed", G_CALLBACK (tsr_plugins_emit_changed), self);

  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      g_settings_bind (settings, "enabled-plugins", self->engine, "loaded-plugins", G_SETTINGS_BIND_DEFAULT);
    }
  tsr_document_set_findings_hook (tsr_plugins_findings_hook, self);
  return self;
}

GPtrArray *
tsr_plugins_list (TsrPlugins *self)
{
  GPtrArray *modules = g_ptr_array_new ();

  g_return_val_if_fail (TSR_IS_PLUGINS (self), modules);
  for (const GList *l = peas_engine_get_plugin_list (self->engine); l != NULL; l = l->next)
    if (!peas_plugin_info_is_hidden (l->data))
      g_ptr_array_add (modules, (gpointer) peas_plugin_info_get_module_name (l->data));
  return modules;
}

const char *
tsr_plugins_get_name (TsrPlugins *self, const char *module)
{
  PeasPluginInfo *info = find_info (self, module);

  return info != NULL ? peas_plugin_info_get_name (info) : NULL;
}

const char *
tsr_plugins_get_description (TsrPlugins *self, const char *module)
{
  PeasPluginInfo *info = find_info (self, module);

  return info != NULL ? peas_plugin_info_get_description (info) : NULL;
}

gboolean
tsr_plugins_get_enabled (TsrPlugins *self, const char *module)
{
  PeasPluginInfo *info = find_info (self, module);

  return info != NULL && peas_plugin_info_is_loaded (info);
}

gboolean
tsr_plugins_set_enabled (TsrPlugins  *self,
                         const char  *module,
                         gboolean     enabled,
                         GError     **error)
{
  PeasPluginInfo *info = find_info (self, module);
  g_autofree char *printed = NULL;
  Capture capture;

  if (info == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("No plugin “%s”"), module);
      return FALSE;
    }
  if (!enabled)
    return peas_engine_unload_plugin (self->engine, info);
  capture_begin (&capture);
  peas_engine_load_plugin (self->engine, info);
  printed = capture_end (&capture);
  if (!peas_plugin_info_is_loaded (info))
    {
      g_autoptr(GError) why = NULL;

      peas_plugin_info_is_available (info, &why);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The plugin “%s” did not load: %s"),
                   peas_plugin_info_get_name (info),
                   why != NULL ? why->message : (printed != NULL && *printed != '\0' ? printed : _("no reason given")));
      return FALSE;
    }
  return TRUE;
}

static void
fill_menu (GMenu *menu, PeasPluginInfo *info, PeasExtension *extension, gboolean command)
{
  g_autofree char *label = command ? tsr_menu_command_get_label (TSR_MENU_COMMAND (extension))
                                   : tsr_exporter_get_label (TSR_EXPORTER (extension));
  g_autoptr(GMenuItem) item = NULL;

  if (label == NULL || *label == '\0')
    {
      g_free (label);
      label = g_strdup (peas_plugin_info_get_name (info));
    }
  if (!command)
    {
      char *with_dots = g_strdup_printf (_("Export: %s…"), label);

      g_free (label);
      label = with_dots;
    }
  item = g_menu_item_new (label, NULL);
  g_menu_item_set_action_and_target_value (item, command ? "win.plugin-command" : "win.plugin-export",
                                           g_variant_new_string (peas_plugin_info_get_module_name (info)));
  g_menu_append_item (menu, item);
}

void
tsr_plugins_fill_menu (TsrPlugins *self,
                       GMenu      *menu)
{
  g_return_if_fail (TSR_IS_PLUGINS (self));
  g_menu_remove_all (menu);
  for (const GList *l = peas_engine_get_plugin_list (self->engine); l != NULL; l = l->next)
    {
      PeasExtension *command = peas_extension_set_get_extension (self->commands, l->data);
      PeasExtension *exporter = peas_extension_set_get_extension (self->exporters, l->data);

      if (command != NULL)
        fill_menu (menu, l->data, command, TRUE);
      if (exporter != NULL)
        fill_menu (menu, l->data, exporter, FALSE);
    }
}

gboolean
tsr_plugins_run_command (TsrPlugins  *self,
                         const char  *module,
                         TsrDocument *document,
                         char       **message)
{
  PeasPluginInfo *info = find_info (self, module);
  PeasExtension *extension = info != NULL ? peas_extension_set_get_extension (self->commands, info) : NULL;
  TsrUndoStack *stack = tsr_document_get_undo_stack (document);
  g_autofree char *label = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *printed = NULL;
  Capture capture;
  gboolean ok;

  if (extension == NULL)
    {
      *message = g_strdup_printf (_("No plugin “%s” with a command is enabled."), module);
      return FALSE;
    }
  label = tsr_menu_command_get_label (TSR_MENU_COMMAND (extension));
  /* Everything the command pushes is one undo step, or nothing when it fails. */
  tsr_undo_stack_begin_group (stack, label != NULL ? label : peas_plugin_info_get_name (info));
  capture_begin (&capture);
  ok = tsr_menu_command_run (TSR_MENU_COMMAND (extension), document, &error);
  printed = capture_end (&capture);
  if (ok)
    {
      tsr_undo_stack_end_group (stack);
      return TRUE;
    }
  tsr_undo_stack_cancel_group (stack);
  *message = failure_message (error, printed);
  return FALSE;
}

char *
tsr_plugins_dup_export_extension (TsrPlugins *self,
                                  const char *module)
{
  PeasPluginInfo *info = find_info (self, module);
  PeasExtension *extension = info != NULL ? peas_extension_set_get_extension (self->exporters, info) : NULL;

  return extension != NULL ? tsr_exporter_get_extension (TSR_EXPORTER (extension)) : NULL;
}

gboolean
tsr_plugins_export (TsrPlugins  *self,
                    const char  *module,
                    TsrDocument *document,
                    const char  *path,
                    char       **message)
{
  PeasPluginInfo *info = find_info (self, module);
  PeasExtension *extension = info != NULL ? peas_extension_set_get_extension (self->exporters, info) : NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *printed = NULL;
  Capture capture;
  gboolean ok;

  if (extension == NULL)
    {
      *message = g_strdup_printf (_("No plugin “%s” with an exporter is enabled."), module);
      return FALSE;
    }
  capture_begin (&capture);
  ok = tsr_exporter_export (TSR_EXPORTER (extension), document, path, &error);
  printed = capture_end (&capture);
  if (!ok)
    *message = failure_message (error, printed);
  return ok;
}
