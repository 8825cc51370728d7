/* tsr-script.h: what Python scripts (and any GObject Introspection language) reach of libtessera
 * besides the document, undo stack and property-source API: loading by path, the format and the
 * findings, levels (Marathon levels, Wolfenstein 3D maps, the maps of a Doom2D archive), the record
 * sources the inspector lists, tile maps, Marathon terminal scripts, saving, serializing and
 * rendering. Each edit goes through the same commands the editor pushes, so it is undoable. These
 * functions are compiled into the shared library the GIR (Tessera-1.0) describes, and nowhere
 * else: the editor and tessera-cli call the model directly. GTK-free. */
#pragma once

#include <gio/gio.h>

#include "core/tsr-finding.h"
#include "model/tsr-document.h"
#include "model/tsr-property-source.h"

G_BEGIN_DECLS

/* Findings, as a boxed type for bindings. */
#define TSR_TYPE_FINDING (tsr_finding_get_type ())
GType              tsr_finding_get_type                   (void) G_GNUC_CONST;
TsrFinding        *tsr_finding_copy                       (const TsrFinding  *finding);

/* Documents */
TsrDocument       *tsr_document_new_from_path             (const char        *path,
                                                           GError           **error);
const char        *tsr_document_get_format_name           (TsrDocument       *self);
const char        *tsr_document_get_family                (TsrDocument       *self);
GPtrArray         *tsr_document_list_findings             (TsrDocument       *self);
guint              tsr_document_count_findings            (TsrDocument       *self,
                                                           TsrSeverity        severity);
gboolean           tsr_document_save_to_path              (TsrDocument       *self,
                                                           const char        *path,
                                                           gboolean           force,
                                                           GError           **error);
GBytes            *tsr_document_serialize_main            (TsrDocument       *self,
                                                           const char        *path,
                                                           GError           **error);
gboolean           tsr_document_render_png                (TsrDocument       *self,
                                                           int                level,
                                                           guint              width,
                                                           guint              height,
                                                           const char        *png_path,
                                                           GError           **error);

/* Levels */
guint              tsr_document_get_n_levels              (TsrDocument       *self);
char              *tsr_document_dup_level_name            (TsrDocument       *self,
                                                           guint              level);
GPtrArray         *tsr_document_list_record_sources       (TsrDocument       *self,
                                                           guint              level,
                                                           GError           **error);
TsrPropertySource *tsr_document_find_record_source        (TsrDocument       *self,
                                                           guint              level,
                                                           const char        *kind,
                                                           GError           **error);

/* Adding and removing records (the editors' Delete, Copy and Paste, the Marathon palettes) */
gboolean           tsr_document_remove_records            (TsrDocument       *self,
                                                           guint              level,
                                                           const char        *kind,
                                                           const guint       *elements,
                                                           guint              n_elements,
                                                           GError           **error);
gint               tsr_document_duplicate_record          (TsrDocument       *self,
                                                           guint              level,
                                                           const char        *kind,
                                                           guint              element,
                                                           double             dx,
                                                           double             dy,
                                                           GError           **error);

/* Tile maps (Wolfenstein 3D levels, Sphere maps) */
gboolean           tsr_document_get_tile_map_size         (TsrDocument       *self,
                                                           guint              level,
                                                           guint             *width,
                                                           guint             *height,
                                                           guint             *n_layers);
const char        *tsr_document_get_tile_layer_name       (TsrDocument       *self,
                                                           guint              level,
                                                           guint              layer);
guint32            tsr_document_get_tile                  (TsrDocument       *self,
                                                           guint              level,
                                                           guint              layer,
                                                           guint              x,
                                                           guint              y);
char              *tsr_document_dup_tile_name             (TsrDocument       *self,
                                                           guint              level,
                                                           guint              layer,
                                                           guint32            value);
gboolean           tsr_document_set_tile                  (TsrDocument       *self,
                                                           guint              level,
                                                           guint              layer,
                                                           guint              x,
                                                           guint              y,
                                                           guint32            value,
                                                           GError           **error);

/* Marathon terminals */
char              *tsr_document_dup_terminal_script       (TsrDocument       *self,
                                                           guint              level,
                                                           GError           **error);
gboolean           tsr_document_set_terminal_script       (TsrDocument       *self,
                                                           guint              level,
                                                           const char        *text,
                                                           const char        *description,
                                                           GError           **error);
GBytes            *tsr_terminal_compile                   (const char        *text,
                                                           const char        *filename,
                                                           GError           **error);
char              *tsr_terminal_decompile                 (GBytes            *chunk,
                                                           GError           **error);

/* Records and fields (the generic inspector's property sources) */
const char        *tsr_property_source_get_kind           (TsrPropertySource *self);
guint              tsr_property_source_get_n_fields       (TsrPropertySource *self);
const char        *tsr_property_source_get_field_name     (TsrPropertySource *self,
                                                           guint              field);
int                tsr_property_source_find_field         (TsrPropertySource *self,
                                                           const char        *name);
char             **tsr_property_source_dup_constants       (TsrPropertySource *self,
                                                           guint              field);
char              *tsr_property_source_dup_field_text      (TsrPropertySource *self,
                                                           guint              element,
                                                           const char        *field,
                                                           GError           **error);
gint64             tsr_property_source_get_field_int       (TsrPropertySource *self,
                                                           guint              element,
                                                           const char        *field,
                                                           GError           **error);
char              *tsr_property_source_dup_field_meaning   (TsrPropertySource *self,
                                                           guint              element,
                                                           const char        *field);
gboolean           tsr_property_source_set_field_text      (TsrPropertySource *self,
                                                           guint              element,
                                                           const char        *field,
                                                           const char        *text,
                                                           GError           **error);

G_END_DECLS
