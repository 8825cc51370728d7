/* tsr-document.h: an open file. Owns the codec's struct, the undo stack it is edited through, the
 * validation findings, and saving (atomic, refusing files with validation errors unless forced).
 * Abstract: TsrBasicDocument serves formats without a family document; family documents (Wolf3D,
 * Sphere, ...) subclass it and register for the formats they edit with tsr_document_register_type. */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "formats/tsr-format.h"
#include "model/tsr-undo-stack.h"

G_BEGIN_DECLS

#define TSR_TYPE_DOCUMENT (tsr_document_get_type ())
G_DECLARE_DERIVABLE_TYPE (TsrDocument, tsr_document, TSR, DOCUMENT, GObject)

typedef enum {
  TSR_SAVE_NONE   = 0,
  TSR_SAVE_FORCE  = 1 << 0, /* save even when validation finds errors */
  TSR_SAVE_BACKUP = 1 << 1, /* keep the previous file as FILE~ */
} TsrSaveFlags;

struct _TsrDocumentClass {
  GObjectClass parent_class;

  /* Called once the codec data is in place; a family document builds its model here. Optional. */
  gboolean   (*attach)    (TsrDocument *self,
                           GError     **error);
  /* The files to write for saving at PATH. Default: the format's save over the codec data. */
  GPtrArray *(*serialize) (TsrDocument *self,
                           const char  *path,
                           GError     **error);
  /* Adds the family's own findings after the format's (state the codec's data does not hold
   * yet, such as a script being edited). Optional. */
  void       (*validate)  (TsrDocument *self,
                           GPtrArray   *findings);
  /* The format a save at PATH writes (Save As to another extension can convert; answering the
   * loaded format keeps it deliberately). Optional: NULL, or a NULL answer, keeps the loaded
   * format under a name no other format claims and refuses a name another format's extension
   * ends (Save As never writes one format's bytes under another's name). After a successful save
   * in another format the document is of that format. */
  const TsrFormat *(*format_for_path) (TsrDocument *self,
                                       const char  *path);

  gpointer padding[6];
};

/* Loads FILE (local files only), detecting its format by content. */
TsrDocument     *tsr_document_new_from_file      (GFile        *file,
                                                  GError      **error);
/* tsr_document_new_from_file in a worker thread (the codecs and documents are GTK-free), for
 * the window to stay responsive while a large file loads. CANCELLABLE cancelled: the callback
 * runs at once with G_IO_ERROR_CANCELLED and what the worker still loads is dropped. */
void             tsr_document_new_from_file_async  (GFile               *file,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
/* (transfer full) */
TsrDocument     *tsr_document_new_from_file_finish (GAsyncResult        *result,
                                                    GError             **error);
/* What opening the file did besides loading it, for the user to be told: an interrupted save of
 * its set finished or undone, leftover temporaries removed (tsr_file_recover_interrupted_saves).
 * NULL when nothing. (transfer none) */
const char * const *tsr_document_get_load_notes  (TsrDocument  *self);
/* TRUE when the document's file on disk is no longer the version it was loaded from or last saved
 * to (another program changed, replaced or removed it): its etag, size or inode differ. */
gboolean         tsr_document_changed_on_disk    (TsrDocument  *self);
/* Loads bytes that have no file yet (bundled samples): saving needs a file (Save As). */
TsrDocument     *tsr_document_new_from_bytes     (GBytes       *bytes,
                                                  const char   *display_name,
                                                  GError      **error);
/* Opens content recovered after a crash (TsrRecoveryStore). OUTPUTS (TsrOutputFile) are the files
 * a save at FILE's path would have written, each named by its original path; the main one is the
 * output at FILE's path, else the first. A set of several files is loaded from a private staging
 * folder, so sibling lookups find the recovered bytes, never the stale originals. The document's
 * file is FILE and it stays modified until saved: nothing on disk is written. (transfer full) */
TsrDocument     *tsr_document_new_from_recovered (GFile        *file,
                                                  GPtrArray    *outputs,
                                                  GError      **error);
/* Saves to FILE, or to the document's own file when FILE is NULL. On success the document is
 * clean and its file is FILE; on failure every file on disk and the modified state are unchanged. */
gboolean         tsr_document_save               (TsrDocument  *self,
                                                  GFile        *file,
                                                  TsrSaveFlags  flags,
                                                  GError      **error);
/* Save As never lies: a name whose extension another format claims is written in that format
 * (the class's format_for_path converts, or deliberately keeps the loaded one) or refused here,
 * before anything is written (tsr_document_save asks this first). A name no format claims keeps
 * the loaded format. */
gboolean         tsr_document_check_save_path    (TsrDocument  *self,
                                                  const char   *path,
                                                  GError      **error);
/* The bytes a save would write, without writing. */
GPtrArray       *tsr_document_serialize          (TsrDocument  *self,
                                                  const char   *path,
                                                  GError      **error);
/* Applies COMMAND through the undo stack. */
void             tsr_document_execute            (TsrDocument  *self,
                                                  TsrCommand   *command);
/* The same, taking COMMAND (transfer full; NULL, a builder's refusal, does nothing): TRUE when
 * there was a command to apply. */
gboolean         tsr_document_execute_take       (TsrDocument  *self,
                                                  TsrCommand   *command);
gboolean         tsr_document_undo               (TsrDocument  *self);
gboolean         tsr_document_redo               (TsrDocument  *self);

GFile           *tsr_document_get_file           (TsrDocument  *self);
const char      *tsr_document_get_display_name   (TsrDocument  *self);
const TsrFormat *tsr_document_get_format         (TsrDocument  *self);
const char      *tsr_document_get_format_id      (TsrDocument  *self);
/* The codec's struct (e.g. a TsrSphereMap *); family commands edit it. */
gpointer         tsr_document_get_format_data    (TsrDocument  *self);
TsrUndoStack    *tsr_document_get_undo_stack     (TsrDocument  *self);
/* Derived from the undo stack's clean point. */
gboolean         tsr_document_get_modified       (TsrDocument  *self);
/* The current validation findings (TsrFinding), recomputed after each change. */
GPtrArray       *tsr_document_get_findings       (TsrDocument  *self);
/* Drops the cached findings, for a change outside the document that validation looks at (the
 * Images file a terminal editor shows, say); the next get_findings recomputes them. */
void             tsr_document_invalidate_findings (TsrDocument *self);
/* The format's summary as JSON (the same as `tessera-cli info`). */
JsonNode        *tsr_document_describe           (TsrDocument  *self);

/* Document types by format: documents of the format FORMAT_ID are created as TYPE (one
 * registration per format, so a family can edit some of its formats and not others). */
void             tsr_document_register_type      (const char   *format_id,
                                                  GType         type);
/* The type registered for FORMAT_ID, or TsrBasicDocument. */
GType            tsr_document_type_for_format    (const char   *format_id);

#define TSR_TYPE_BASIC_DOCUMENT (tsr_basic_document_get_type ())
G_DECLARE_FINAL_TYPE (TsrBasicDocument, tsr_basic_document, TSR, BASIC_DOCUMENT, TsrDocument)

G_END_DECLS
