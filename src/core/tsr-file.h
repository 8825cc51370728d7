/* tsr-file.h: whole-file reads and atomic saves (temporary file in the same folder, fsync,
 * rename over the original), for one file or a set written together. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One file a serializer produces: where it goes and its bytes. */
typedef struct {
  char   *path;
  GBytes *bytes;
} TsrOutputFile;

TsrOutputFile *tsr_output_file_new   (const char    *path,
                                      GBytes        *bytes);
void           tsr_output_file_free  (TsrOutputFile *output);
/* A GPtrArray of TsrOutputFile that frees its elements. */
GPtrArray     *tsr_output_files_new  (void);
/* The outputs of a one-file format: BYTES (taken) saved at PATH. NULL when BYTES is NULL, so a
 * serializer's failure passes straight through. */
GPtrArray     *tsr_output_files_new_single (const char *path,
                                            GBytes     *bytes);

GBytes   *tsr_file_read          (const char *path,
                                  GError    **error);
/* From now on tsr_file_read maps regular files instead of reading them (shared with the page
 * cache: nothing copied, few page faults). Only for short-lived processes (tessera-cli): a file
 * truncated by another program while mapped would fault on access, so the editor reads. */
void      tsr_file_read_mapped   (void);
/* Writes BYTES to PATH atomically; with BACKUP the previous file is kept as "PATH~". On failure
 * PATH is untouched and no temporary file is left behind. */
gboolean  tsr_file_write_atomic  (const char *path,
                                  GBytes     *bytes,
                                  gboolean    backup,
                                  GError    **error);
/* Writes every output as one set: all temporary files first, and only when each was written and
 * synced are they renamed into place. The replaced originals are kept until every rename has
 * succeeded; if one fails, the earlier ones are put back. So the set on disk is all old or all new,
 * and a failure leaves no temporary file behind. */
gboolean  tsr_files_write_atomic (GPtrArray  *outputs,
                                  gboolean    backup,
                                  GError    **error);

/* Finishes or undoes the set saves that a killed process left unfinished in the folder of PATH
 * (their journals: forward when every new file is still there, else back to the kept originals),
 * then removes the temporaries a killed save left beside PATH and the files of its extension
 * (the other members of its set). Returns one message for the user per thing done, NULL-terminated
 * and empty when there was nothing to do. (transfer full) */
char    **tsr_file_recover_interrupted_saves (const char *path);

/* For tests: the next temporary file written fails after AFTER_BYTES bytes, as a full disk would
 * (-1 turns it off). */
void      tsr_file_inject_write_failure (gint64 after_bytes);
/* For tests: in the next set save, rename number INDEX (from 0) fails with EIO (G_MAXUINT turns
 * it off). */
void      tsr_file_inject_rename_failure (guint index);
/* For tests: the next set save stops right after rename number INDEX succeeded, as if the process
 * were killed there: it returns FALSE and leaves the journal, temporaries and kept originals on
 * disk (G_MAXUINT turns it off). */
void      tsr_file_inject_stop_after_rename (guint index);

G_END_DECLS
