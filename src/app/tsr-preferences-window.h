/* tsr-preferences-window.h: the Preferences window (backup on save). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TSR_TYPE_PREFERENCES_WINDOW (tsr_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (TsrPreferencesWindow, tsr_preferences_window, TSR, PREFERENCES_WINDOW, GtkWindow)

/* SETTINGS may be NULL when the schema is not installed: the controls are then disabled. */
GtkWidget *tsr_preferences_window_new (GSettings *settings);
#ifdef TSR_HAVE_PLUGINS
#include "app/tsr-plugins.h"
/* Adds the Plugins section: a switch per plugin found, loading or unloading it (the engine keeps
 * the enabled set in the enabled-plugins setting). */
void       tsr_preferences_window_set_plugins (TsrPreferencesWindow *self,
                                               TsrPlugins           *plugins);
#endif

G_END_DECLS
