/* tsr-record-inspector.h: the records of a document without an editor page (Marathon map records
 * per level, Doom2D map records), through the one property inspector: pick a level and a record
 * kind, step through the records, or find records by a field's value or select those similar to
 * the shown one (then the inspector shows what they share and marks the rest mixed). The values
 * are read-only until those families have commands. */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-document.h"
#include "views/tsr-property-find-bar.h"
#include "views/tsr-property-inspector.h"

G_BEGIN_DECLS

#define TSR_TYPE_RECORD_INSPECTOR (tsr_record_inspector_get_type ())
G_DECLARE_FINAL_TYPE (TsrRecordInspector, tsr_record_inspector, TSR, RECORD_INSPECTOR, GtkWidget)

GtkWidget            *tsr_record_inspector_new          (void);
/* Shows DOCUMENT's records; FALSE (and nothing shown) when its format has none. */
gboolean              tsr_record_inspector_set_document (TsrRecordInspector *self,
                                                         TsrDocument        *document);
/* Selects the kind titled TITLE ("polygon") and shows record INDEX; FALSE when either is absent. */
gboolean              tsr_record_inspector_show_record  (TsrRecordInspector *self,
                                                         const char         *title,
                                                         guint               index);
TsrPropertyInspector *tsr_record_inspector_get_properties (TsrRecordInspector *self);
TsrPropertyFindBar   *tsr_record_inspector_get_find_bar (TsrRecordInspector *self);

G_END_DECLS
