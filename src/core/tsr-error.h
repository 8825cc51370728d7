/* tsr-error.h: the TSR_ERROR domain every codec, the model and the CLI report through. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TSR_ERROR (tsr_error_quark ())

typedef enum {
  TSR_ERROR_TRUNCATED,           /* the input ends before a field it announces */
  TSR_ERROR_BAD_MAGIC,           /* the signature is not the one expected */
  TSR_ERROR_UNSUPPORTED_VERSION, /* a version we know exists but do not read */
  TSR_ERROR_OUT_OF_RANGE,        /* an offset, index or count outside what the file holds */
  TSR_ERROR_INVALID,             /* well-formed bytes with an impossible meaning */
  TSR_ERROR_UNKNOWN_FORMAT,      /* no registered format recognises the input */
  TSR_ERROR_NOT_SUPPORTED,       /* the format exists but lacks this operation */
  TSR_ERROR_VALIDATION,          /* saving was refused because validation found errors */
  TSR_ERROR_IO,                  /* reading or writing a file failed */
  TSR_ERROR_NO_SUCH_LEVEL,       /* the level (map, collection, picture) asked for is not in the file */
} TsrError;

GQuark tsr_error_quark (void);

/* Sets a TSR_ERROR whose message ends with " (offset N)"; the CLI and the window show it as is. */
void tsr_set_error_at (GError    **error,
                       TsrError    code,
                       gsize       offset,
                       const char *format,
                       ...) G_GNUC_PRINTF (4, 5);

/* Prefixes an error's message with "LABEL: " (a file name, a chunk, a level), keeping code and domain. */
void tsr_error_prefix (GError    **error,
                       const char *format,
                       ...) G_GNUC_PRINTF (2, 3);

/* TEXT with every control character escaped (\n, \t, \xNN, \u0085) and every byte
 * that is not UTF-8 as \xNN, so text read from a file cannot drive a terminal. (transfer full) */
char *tsr_escape_control          (const char *text);
/* The line that reports MESSAGE about the file PATH: "PATH: MESSAGE", the path said once (a
 * message that already starts with "PATH: " does not repeat it), both escaped with
 * tsr_escape_control. The CLI prints it after "tessera-cli: ". (transfer full) */
char *tsr_error_describe_for_path (const char *path,
                                   const char *message);

G_END_DECLS
