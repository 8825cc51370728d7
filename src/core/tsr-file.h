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
/* How a loader reads the other files of what it was handed (a Wolf3D data set's other files,
 * the TSX and tileset image a TMX names): tsr_file_read, unless the process set a reader of its
 * own (tessera-cli maps them; the TMX fuzz target serves them from memory; NULL restores
 * tsr_file_read). READ returns the bytes (transfer full), or NULL with ERROR. */
typedef GBytes *(*TsrFileReader) (const char *path,
                                  gpointer    user_data,
                                  GError    **error);
void      tsr_file_set_sibling_reader (TsrFileReader read,
                                       gpointer      user_data);
GBytes   *tsr_file_read_sibling  (const char *path,
                                  GError    **error);
/* PATH's bytes like tsr_file_read, but a regular file of TSR_FILE_MAP_MINIMUM bytes or more is
 * mapped (private, read-only, its pages mapped at once) instead of read into fresh memory. For
 * short-lived processes (tessera-cli): the bytes follow changes another process makes to the file
 * in place, and touching them after the file was truncated raises SIGBUS. *MAPPED (may be NULL)
 * says which happened. */
#define TSR_FILE_MAP_MINIMUM (64 * 1024)
GBytes   *tsr_file_map           (const char *path,
                                  gboolean   *mapped,
                                  GError    **error);
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

/* A change a set save makes besides writing files: a file or folder moved, or removed with all it
 * holds (an Atque merge folder's level folders renumbered, added and deleted). */
typedef enum {
  TSR_FILE_CHANGE_MOVE,
  TSR_FILE_CHANGE_REMOVE,
} TsrFileChangeKind;

typedef struct {
  TsrFileChangeKind kind;
  char             *from; /* MOVE: where it is */
  char             *path; /* MOVE: where it goes; REMOVE: what goes */
} TsrFileChange;

TsrFileChange *tsr_file_change_new_move    (const char    *from,
                                            const char    *to);
TsrFileChange *tsr_file_change_new_removal (const char    *path);
void           tsr_file_change_free        (TsrFileChange *change);
/* A GPtrArray of TsrFileChange that frees its elements. */
GPtrArray     *tsr_file_changes_new        (void);
/* tsr_files_write_atomic with CHANGES (TsrFileChange, or NULL) in the same set. OUTPUTS name the
 * paths files have after the moves; with CHANGES (even empty), a file whose folder is not there
 * yet is written with its folder, made under a hidden name beside and renamed into place. The renames go: removed folders
 * aside, moves (each through a hidden name, so two folders may swap names), made folders, files;
 * one failure puts every earlier one back. The journal lies in the folder of the first change, and
 * tsr_file_recover_interrupted_saves there finishes or undoes a killed save. */
gboolean       tsr_files_write_set         (GPtrArray     *outputs,
                                            GPtrArray     *changes,
                                            gboolean       backup,
                                            GError       **error);

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
