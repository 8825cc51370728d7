/* tsr-shapes-color-editor.h: the colour table of a collection version as a list of its entries
 * (pixel value, swatch, #rrggbb, self-luminous), each change a document command; import and
 * export of the table as a GIMP palette (.gpl). Shown on the shapes browser's Colours page. */
#pragma once

#include <gtk/gtk.h>

#include "model/marathon/tsr-shapes-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_SHAPES_COLOR_EDITOR (tsr_shapes_color_editor_get_type ())
G_DECLARE_FINAL_TYPE (TsrShapesColorEditor, tsr_shapes_color_editor, TSR, SHAPES_COLOR_EDITOR, GtkWidget)

/* Shows table TABLE of collection COLLECTION, version VERSION of DOCUMENT (NULL: nothing). */
void        tsr_shapes_color_editor_show        (TsrShapesColorEditor *self,
                                                 TsrShapesDocument    *document,
                                                 guint                 collection,
                                                 guint                 version,
                                                 guint                 table);
/* The #rrggbb entry and the self-luminous check button of entry ENTRY (for tests). (transfer none) */
GtkWidget  *tsr_shapes_color_editor_get_entry   (TsrShapesColorEditor *self,
                                                 guint                 entry);
GtkWidget  *tsr_shapes_color_editor_get_check   (TsrShapesColorEditor *self,
                                                 guint                 entry);
/* What the import and export buttons do once a file is chosen. */
gboolean    tsr_shapes_color_editor_import_file (TsrShapesColorEditor *self,
                                                 GFile                *file,
                                                 GError              **error);
gboolean    tsr_shapes_color_editor_export_file (TsrShapesColorEditor *self,
                                                 GFile                *file,
                                                 GError              **error);
const char *tsr_shapes_color_editor_get_status  (TsrShapesColorEditor *self);

G_END_DECLS
