/* tsr-inspector.h: the document page for any format until its family has an editor: the format,
 * the describe() summary as a tree, the validation findings and the rendered preview. Read-only:
 * it follows the document's changes and never edits it. */
#pragma once

#include "views/tsr-findings-view.h"
#include <gtk/gtk.h>

#include "model/tsr-document.h"
#include "views/tsr-editor-page.h"
#include "views/tsr-record-inspector.h"

G_BEGIN_DECLS

#define TSR_TYPE_INSPECTOR (tsr_inspector_get_type ())
G_DECLARE_FINAL_TYPE (TsrInspector, tsr_inspector, TSR, INSPECTOR, GtkWidget)

GtkWidget    *tsr_inspector_new                 (void);
void          tsr_inspector_set_document        (TsrInspector *self,
                                                 TsrDocument  *document);
TsrDocument  *tsr_inspector_get_document        (TsrInspector *self);
/* Shown instead of the document's path (e.g. for a bundled sample); NULL shows the path. */
void          tsr_inspector_set_location_text   (TsrInspector *self,
                                                 const char   *text);
/* What the page shows, for tests and accessibility checks. */
guint         tsr_inspector_get_n_findings_shown (TsrInspector *self);
GListModel   *tsr_inspector_get_summary_model   (TsrInspector *self);
/* The rendered image, or NULL when the format cannot render or rendering failed. */
GdkPaintable *tsr_inspector_get_preview         (TsrInspector *self);
/* Why there is no preview (the render error or "cannot render"), or NULL when there is one. */
const char   *tsr_inspector_get_preview_message (TsrInspector *self);
/* The records section (Marathon map and Doom2D map records in the property inspector), or NULL
 * when the document's format has no records to show (transfer none). */
TsrRecordInspector *tsr_inspector_get_records   (TsrInspector *self);
/* The findings list (a family page makes its rows lead to their places). (transfer none) */
TsrFindingsView *tsr_inspector_get_findings_view (TsrInspector *self);

G_END_DECLS
