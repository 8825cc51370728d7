/* tsr-format.h: what a codec offers the rest of Tessera, and the registry that finds the codec for
 * a file by its content. Each family (src/formats/<family>/) registers its formats in
 * tsr-builtin-formats.c. GTK-free: the CLI, the model and the fuzzers all use this. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "core/tsr-finding.h"
#include "core/tsr-image.h"

G_BEGIN_DECLS

typedef struct _TsrFormat TsrFormat;

typedef struct {
  int   level;  /* -1: the format's default (first level, or the whole file) */
  guint width;  /* 0: natural size */
  guint height;
} TsrRenderOptions;

typedef struct {
  int level;    /* -1: all levels, or the first where the target holds one */
} TsrConvertOptions;

/* Certainty of a sniff: 0 not this format; content checks give 50..100; the extension may add a
 * little as a tie-breaker (see tsr_format_extension_bonus). */
#define TSR_SNIFF_NO        0
#define TSR_SNIFF_MAYBE     25
#define TSR_SNIFF_LIKELY    60
#define TSR_SNIFF_CERTAIN   95

struct _TsrFormat {
  const char        *id;          /* "wolf3d-maps", "sphere-rmp" */
  const char        *name;        /* "Sphere map" (English; the UI translates through gettext) */
  const char        *family;      /* "marathon", "wolf3d", "sphere", "doom2d" */
  const char *const *extensions;  /* lower case, no dot, NULL-terminated; tie-breakers only */

  /* Required. DATA is the file's first bytes (all of them for small files); PATH may be NULL. */
  guint      (*sniff)    (const guint8 *data,
                          gsize         size,
                          const char   *path);
  /* Required. Parses the file at PATH whose bytes are BYTES (a format spanning several files,
   * like a Wolf3D data set, finds its siblings through PATH). Returns the codec's own struct. */
  gpointer   (*load)     (const char   *path,
                          GBytes       *bytes,
                          GError      **error);
  void       (*free)     (gpointer      data);
  /* Serialises DATA for saving at PATH: one TsrOutputFile per file, the main file first. For an
   * untouched DATA the bytes equal the files it was loaded from. */
  GPtrArray *(*save)     (gconstpointer data,
                          const char   *path,
                          GError      **error);
  /* Adds TsrFindings. */
  void       (*validate) (gconstpointer data,
                          GPtrArray    *findings);
  /* Adds members to the open JSON object: counts, names, sizes; the CLI prints it as text or JSON. */
  void       (*describe) (gconstpointer data,
                          JsonBuilder  *builder);
  TsrImage  *(*render)   (gconstpointer data,
                          const TsrRenderOptions *options,
                          GError      **error);
  /* Writes the file's images into DIRECTORY as PNG, adding each written path to WRITTEN. */
  gboolean   (*extract)  (gconstpointer data,
                          const char   *directory,
                          GPtrArray    *written,
                          GError      **error);
  /* Converts to TARGET (one of convert_targets) for saving at PATH. What the target cannot carry
   * is appended to LOST as strings; the caller decides whether that is acceptable. */
  GPtrArray *(*convert)  (gconstpointer data,
                          const TsrFormat *target,
                          const char   *path,
                          const TsrConvertOptions *options,
                          GPtrArray    *lost,
                          GError      **error);
  const char *const *convert_targets; /* format ids, NULL-terminated */
  /* Optional: a format that opens a folder (an Atque merge folder) says how sure it is that the
   * folder PATH is one; its load is then called with that PATH and NULL bytes. */
  guint      (*sniff_folder) (const char *path);
  /* Optional, for a format whose save also moves or removes files and folders (an Atque merge
   * folder's level folders): what the last save planned besides its outputs (TsrFileChange),
   * written in the same set (tsr_files_write_set); NULL when nothing. (transfer full) */
  GPtrArray *(*save_changes) (gpointer data);
  /* Optional: the outputs and changes of the last save are on disk now. */
  void       (*saved)        (gpointer data);
};

typedef enum {
  TSR_FORMAT_CAN_LOAD    = 1 << 0,
  TSR_FORMAT_CAN_SAVE    = 1 << 1,
  TSR_FORMAT_CAN_CONVERT = 1 << 2,
  TSR_FORMAT_CAN_RENDER  = 1 << 3,
  TSR_FORMAT_CAN_EXTRACT = 1 << 4,
} TsrFormatAbilities;

typedef struct _TsrFormatRegistry TsrFormatRegistry;

/* The registry with every built-in format (created on first use). */
TsrFormatRegistry  *tsr_format_registry_get_default   (void);
TsrFormatRegistry  *tsr_format_registry_new           (void);
void                tsr_format_registry_free          (TsrFormatRegistry *registry);
void                tsr_format_registry_add           (TsrFormatRegistry *registry,
                                                       const TsrFormat   *format);
/* The formats in registration order (borrowed). */
GPtrArray          *tsr_format_registry_list          (TsrFormatRegistry *registry);
const TsrFormat    *tsr_format_registry_lookup        (TsrFormatRegistry *registry,
                                                       const char        *id);
/* The format whose extension list names EXTENSION (for convert targets). */
const TsrFormat    *tsr_format_registry_lookup_by_extension (TsrFormatRegistry *registry,
                                                             const char        *path);
/* The most certain sniff over DATA, the extension of PATH breaking ties; NULL with
 * TSR_ERROR_UNKNOWN_FORMAT when nothing recognises the bytes. */
const TsrFormat    *tsr_format_registry_detect        (TsrFormatRegistry *registry,
                                                       const guint8      *data,
                                                       gsize              size,
                                                       const char        *path,
                                                       GError           **error);

TsrFormatAbilities  tsr_format_get_abilities          (const TsrFormat *format);
gboolean            tsr_format_has_extension          (const TsrFormat *format,
                                                       const char      *path);

/* Detects and loads PATH in one step: sets *FORMAT and returns the codec data. Error messages do
 * not repeat PATH: the caller shows it ("tessera-cli: PATH: MESSAGE"). A folder is loaded by the
 * format whose sniff_folder is surest of it. */
gpointer            tsr_format_load_file              (TsrFormatRegistry *registry,
                                                       const char        *path,
                                                       const TsrFormat  **format,
                                                       GError           **error);
/* The same, and *FILE_BYTES (transfer full; NULL for a folder) holds the bytes it read. */
gpointer            tsr_format_load_file_bytes        (TsrFormatRegistry *registry,
                                                       const char        *path,
                                                       const TsrFormat  **format,
                                                       GBytes           **file_bytes,
                                                       GError           **error);

/* Detects and loads BYTES (transfer none), the contents of the file PATH (for its extension and
 * the files beside it), as tsr_format_load_file_bytes does once it has read them: for a caller
 * that reads the file its own way. */
gpointer            tsr_format_load_bytes             (TsrFormatRegistry *registry,
                                                       const char        *path,
                                                       GBytes            *bytes,
                                                       const TsrFormat  **format,
                                                       GError           **error);

/* Registers every built-in family's formats (tsr-builtin-formats.c). */
void                tsr_formats_register_builtin      (TsrFormatRegistry *registry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrFormatRegistry, tsr_format_registry_free)

G_END_DECLS
