/* tsr-recovery.h: crash recovery. While a document has unsaved changes its serialized files are
 * written atomically into a recovery folder ($XDG_STATE_HOME/tessera/recovery/), one entry per
 * open document, with a small key file naming the original paths, the format and the time. On the
 * next start the entries left by a session that ended without cleaning up are listed, and each is
 * restored as a modified document at its original path or discarded. The original files are never
 * written here. GTK-free (libtessera). */
#pragma once

#include <gio/gio.h>

#include "model/tsr-document.h"

G_BEGIN_DECLS

/* One entry as listed: what it recovers, or why it cannot be read. Immutable, refcounted. */
typedef struct _TsrRecoveryEntry TsrRecoveryEntry;

#define TSR_TYPE_RECOVERY_ENTRY (tsr_recovery_entry_get_type ())
GType             tsr_recovery_entry_get_type         (void) G_GNUC_CONST;
TsrRecoveryEntry *tsr_recovery_entry_ref              (TsrRecoveryEntry *entry);
void              tsr_recovery_entry_unref            (TsrRecoveryEntry *entry);
/* The entry's folder name in the store. */
const char       *tsr_recovery_entry_get_id           (const TsrRecoveryEntry *entry);
/* The document's original file (the main file of a set); NULL when the entry is damaged. */
const char       *tsr_recovery_entry_get_path         (const TsrRecoveryEntry *entry);
/* Every original file a save would write, the main file first (NULL-terminated; empty when
 * damaged). */
const char *const *tsr_recovery_entry_get_original_paths (const TsrRecoveryEntry *entry);
const char       *tsr_recovery_entry_get_display_name (const TsrRecoveryEntry *entry);
const char       *tsr_recovery_entry_get_format_id    (const TsrRecoveryEntry *entry);
/* When the entry was written (UTC); NULL when damaged. */
GDateTime        *tsr_recovery_entry_get_time         (const TsrRecoveryEntry *entry);
/* Whether a running process (not this one) keeps the entry up to date: another Tessera window
 * still open, not a crash. */
gboolean          tsr_recovery_entry_get_in_use       (const TsrRecoveryEntry *entry);
/* Why the entry cannot be restored (a damaged or truncated key file), or NULL. Such an entry can
 * only be deleted. */
const GError     *tsr_recovery_entry_get_error        (const TsrRecoveryEntry *entry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrRecoveryEntry, tsr_recovery_entry_unref)

#define TSR_TYPE_RECOVERY_STORE (tsr_recovery_store_get_type ())
G_DECLARE_FINAL_TYPE (TsrRecoveryStore, tsr_recovery_store, TSR, RECOVERY_STORE, GObject)

/* A store in DIRECTORY, or in the default folder (g_get_user_state_dir ()/tessera/recovery) when
 * NULL. Nothing is created until the first write. */
TsrRecoveryStore *tsr_recovery_store_new           (const char       *directory);
const char       *tsr_recovery_store_get_directory (TsrRecoveryStore *self);
/* A new entry id, unique across processes. (transfer full) */
char             *tsr_recovery_store_new_id        (void);
/* Writes DOCUMENT's serialized files (what a save at its file would write) as entry ID, replacing
 * the entry's previous contents atomically: a crash at any moment leaves the previous or the new
 * entry complete. A document without a file cannot be recovered (TSR_ERROR_NOT_SUPPORTED). */
gboolean          tsr_recovery_store_write         (TsrRecoveryStore *self,
                                                    const char       *id,
                                                    TsrDocument      *document,
                                                    GError          **error);
/* Every entry, oldest first; damaged ones carry their error (transfer full, of TsrRecoveryEntry).
 * A store folder that does not exist has no entries; one that cannot be read is an error. */
GPtrArray        *tsr_recovery_store_list          (TsrRecoveryStore *self,
                                                    GError          **error);
/* Removes entry ID; an entry that does not exist is not an error. */
gboolean          tsr_recovery_store_delete        (TsrRecoveryStore *self,
                                                    const char       *id,
                                                    GError          **error);
/* Opens ENTRY as a document at its original path, modified until saved. Checks every recovered
 * file's size and CRC-32 against the key file first. (transfer full) */
TsrDocument      *tsr_recovery_store_restore       (TsrRecoveryStore *self,
                                                    const TsrRecoveryEntry *entry,
                                                    GError          **error);

G_END_DECLS
