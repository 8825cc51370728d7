/* tsr-recovery-dialog.h: the window offered on start when the recovery store holds unsaved
 * changes of a session that did not end cleanly: one row per entry (file, folder, time) with
 * Restore, Discard and Show Original. Restore opens the recovered document (modified, at the
 * original path) in a window; Discard deletes the entry; the originals are never written here. */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-recovery.h"

G_BEGIN_DECLS

#define TSR_TYPE_RECOVERY_DIALOG (tsr_recovery_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TsrRecoveryDialog, tsr_recovery_dialog, TSR, RECOVERY_DIALOG, GtkWindow)

/* ENTRIES (TsrRecoveryEntry) of STORE to offer. Set the application and the transient parent
 * before presenting: windows are opened in that application. */
GtkWidget *tsr_recovery_dialog_new           (TsrRecoveryStore *store,
                                              GPtrArray        *entries);
/* Entries still waiting for a decision. */
guint      tsr_recovery_dialog_get_n_entries (TsrRecoveryDialog *self);

G_END_DECLS
