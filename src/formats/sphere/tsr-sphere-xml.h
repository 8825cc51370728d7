/* tsr-sphere-xml.h: what the Sphere codecs' GMarkup readers (tsr-sphere-tmx.c for Tiled maps,
 * tsr-sphere-tsx.c for Tiled tilesets) share: an error that says where in the document it arose,
 * and reading attribute values. GLib only. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sets ERROR (TSR_ERROR_INVALID) to FORMAT's message after the line and column CONTEXT is at:
 * "FILE_NAME:LINE:COLUMN: …", or "TMX LINE:COLUMN: …" when FILE_NAME is NULL (the TMX importer
 * names its map so). */
void        tsr_sphere_xml_fail         (GMarkupParseContext *context,
                                         const char          *file_name,
                                         GError             **error,
                                         const char          *format,
                                         ...) G_GNUC_PRINTF (4, 5);
/* The value of the attribute NAME among a start tag's NAMES and VALUES, or NULL. */
const char *tsr_sphere_xml_attribute    (const char         **names,
                                         const char         **values,
                                         const char          *name);
/* TEXT as a whole number in MIN..MAX into *VALUE. With DECIMALS a decimal is taken too, rounded
 * to the nearest (Tiled may write object coordinates so). FALSE for NULL, any other text, or a
 * number out of range. */
gboolean    tsr_sphere_xml_parse_int    (const char          *text,
                                         gboolean             decimals,
                                         gint64               min,
                                         gint64               max,
                                         gint64              *value);
/* TEXT as a finite decimal number into *VALUE; FALSE for NULL or any other text. */
gboolean    tsr_sphere_xml_parse_double (const char          *text,
                                         double              *value);

G_END_DECLS
