/* tsr-plugins.h: the editor's plugins (issue 39): a libpeas engine with the Python 3 loader over
 * $TESSERA_PLUGIN_PATH, ~/.local/share/tessera/plugins and $datadir/tessera/plugins; the enabled
 * set is the enabled-plugins setting. It runs the menu commands (one undo step, rolled back when
 * the plugin fails), adds the finding providers' findings to every document's, and runs the
 * exporters. Failures come back as text with the Python traceback, for the window to show. Built
 * only with libpeas (TSR_HAVE_PLUGINS). */
#pragma once

#include <gio/gio.h>

#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_PLUGINS (tsr_plugins_get_type ())
G_DECLARE_FINAL_TYPE (TsrPlugins, tsr_plugins, TSR, PLUGINS, GObject)

/* SETTINGS may be NULL (nothing is kept then). Emits "changed" when the loaded set or what the
 * plugins offer changes. */
TsrPlugins *tsr_plugins_new             (GSettings   *settings);
/* The plugins found, in the engine's order: module names (transfer container). */
GPtrArray  *tsr_plugins_list            (TsrPlugins  *self);
const char *tsr_plugins_get_name        (TsrPlugins  *self,
                                         const char  *module);
const char *tsr_plugins_get_description (TsrPlugins  *self,
                                         const char  *module);
gboolean    tsr_plugins_get_enabled     (TsrPlugins  *self,
                                         const char  *module);
/* Loads or unloads MODULE; FALSE with ERROR when loading failed. */
gboolean    tsr_plugins_set_enabled     (TsrPlugins  *self,
                                         const char  *module,
                                         gboolean     enabled,
                                         GError     **error);
/* Fills MENU with the loaded plugins' commands (win.plugin-command) and exporters
 * (win.plugin-export), the module name as target. */
void        tsr_plugins_fill_menu       (TsrPlugins  *self,
                                         GMenu       *menu);
/* Runs MODULE's command on DOCUMENT as one undo step; on failure nothing stays changed and
 * MESSAGE says why (with the Python traceback). */
gboolean    tsr_plugins_run_command     (TsrPlugins  *self,
                                         const char  *module,
                                         TsrDocument *document,
                                         char       **message);
/* MODULE's exporter's extension (".txt"), or NULL. */
char       *tsr_plugins_dup_export_extension (TsrPlugins *self,
                                         const char  *module);
gboolean    tsr_plugins_export          (TsrPlugins  *self,
                                         const char  *module,
                                         TsrDocument *document,
                                         const char  *path,
                                         char       **message);

G_END_DECLS
