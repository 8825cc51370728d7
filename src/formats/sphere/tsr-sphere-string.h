/* tsr-sphere-string.h: Sphere's length-prefixed byte strings (u16 length + bytes). The file holds
 * bytes, not text: they are kept verbatim (a GBytes) and decoded as UTF-8 when valid, else as
 * Latin-1. Setting a string to the text it already decodes to keeps the original bytes. */
#pragma once

#include <glib.h>

#include "core/tsr-reader.h"
#include "core/tsr-writer.h"

G_BEGIN_DECLS

/* Reads a u16 length and that many bytes; LABEL names the string in error messages. */
GBytes  *tsr_sphere_string_read      (TsrReader  *reader,
                                      const char *label,
                                      GError    **error);
/* Writes the length and bytes (a NULL string is written as empty). */
void     tsr_sphere_string_write     (TsrWriter  *writer,
                                      GBytes     *string);
/* The text of STRING (never NULL): UTF-8 as is, otherwise each byte as a Latin-1 character. */
char    *tsr_sphere_string_to_utf8   (GBytes     *string);
gboolean tsr_sphere_string_is_utf8   (GBytes     *string);
/* A new byte string holding the UTF-8 bytes of TEXT. */
GBytes  *tsr_sphere_string_new       (const char *text);
/* Latin-1 bytes of TEXT; NULL when TEXT has a character above U+00FF. */
GBytes  *tsr_sphere_string_new_latin1 (const char *text);
/* Replaces *SLOT with TEXT unless *SLOT already decodes to TEXT (so unchanged strings keep their
 * original bytes). Returns TRUE when the bytes changed. */
gboolean tsr_sphere_string_set       (GBytes    **slot,
                                      const char *text);
/* Strings longer than this cannot be stored (u16 length). */
#define TSR_SPHERE_STRING_MAX 65535

G_END_DECLS
