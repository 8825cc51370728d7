/* tsr-findings-view.h: a document's validation findings as a list (severity icon, where, the
 * whole message wrapped), errors first, with a one-line summary. It re-validates on its own
 * TSR_FINDINGS_VIEW_DELAY_MS after the last change of a burst of edits, and turns a click on a
 * finding into "finding-activated" for the page that can show its place. Used by the map editor's
 * Problems page and by the inspector. */
#pragma once

#include <gtk/gtk.h>

#include "core/tsr-finding.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

/* Quiet time after the last edit before validation runs again. */
#define TSR_FINDINGS_VIEW_DELAY_MS 400

/* "finding-activated" (const TsrFinding *finding) → gboolean: a row was clicked (or activated
 * with the keyboard); a handler that showed the finding's place returns TRUE, otherwise the
 * view rings the bell. Only emitted while "activatable" is TRUE. */
/* "collect-findings" (GPtrArray *findings): emitted on every validation, after the document's
 * own findings are read; handlers add TsrFindings the document cannot know (a page's resources,
 * say) to FINDINGS, which the view owns. They are shown and counted with the document's, but
 * never stop a save: that is the document's findings alone. */
#define TSR_TYPE_FINDINGS_VIEW (tsr_findings_view_get_type ())
G_DECLARE_FINAL_TYPE (TsrFindingsView, tsr_findings_view, TSR, FINDINGS_VIEW, GtkWidget)

GtkWidget        *tsr_findings_view_new            (void);
/* Shows DOCUMENT's findings now and follows its undo stack (NULL shows nothing). */
void              tsr_findings_view_set_document   (TsrFindingsView *self,
                                                    TsrDocument     *document);
TsrDocument      *tsr_findings_view_get_document   (TsrFindingsView *self);
/* Re-validates now, dropping a pending delayed run. */
void              tsr_findings_view_refresh        (TsrFindingsView *self);
/* Whether a re-validation is waiting for edits to pause. */
gboolean          tsr_findings_view_get_pending    (TsrFindingsView *self);
/* The findings in the order shown (errors first). (transfer none) */
guint             tsr_findings_view_get_n_findings (TsrFindingsView *self);
const TsrFinding *tsr_findings_view_get_finding    (TsrFindingsView *self,
                                                    guint            index);
guint             tsr_findings_view_get_n_errors   (TsrFindingsView *self);
guint             tsr_findings_view_get_n_warnings (TsrFindingsView *self);
/* Emits "finding-activated" for the INDEXth finding shown; its return value. */
gboolean          tsr_findings_view_activate       (TsrFindingsView *self,
                                                    guint            index);
/* (transfer none) The row of the INDEXth finding, for tests and accessibility checks. */
GtkWidget        *tsr_findings_view_get_row        (TsrFindingsView *self,
                                                    guint            index);

G_END_DECLS
