/* tsr-preferences-window.h: the Preferences window (backup on save). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TSR_TYPE_PREFERENCES_WINDOW (tsr_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (TsrPreferencesWindow, tsr_preferences_window, TSR, PREFERENCES_WINDOW, GtkWindow)

/* SETTINGS may be NULL when the schema is not installed: the controls are then disabled. */
GtkWidget *tsr_preferences_window_new (GSettings *settings);

G_END_DECLS
