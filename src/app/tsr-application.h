/* tsr-application.h: the Tessera GtkApplication: one instance, opens files given on the command
 * line or by other instances, owns the settings. */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-recovery.h"

G_BEGIN_DECLS

#define TSR_TYPE_APPLICATION (tsr_application_get_type ())
G_DECLARE_FINAL_TYPE (TsrApplication, tsr_application, TSR, APPLICATION, GtkApplication)

/* EXTRA_FLAGS are added to the defaults (tests pass G_APPLICATION_NON_UNIQUE). */
TsrApplication *tsr_application_new              (GApplicationFlags extra_flags);
/* The io.github.tessera.Tessera settings, or NULL when the schema is not installed (then
 * preferences keep their defaults and cannot be changed). */
GSettings      *tsr_application_get_settings     (TsrApplication   *self);
/* Where windows keep their documents' unsaved changes for crash recovery
 * ($XDG_STATE_HOME/tessera/recovery); NULL before startup. */
TsrRecoveryStore *tsr_application_get_recovery_store (TsrApplication *self);
/* The editor's plugins (app/tsr-plugins.h), or NULL where it is built without libpeas. */
struct _TsrPlugins *tsr_application_get_plugins (TsrApplication *self);

G_END_DECLS
