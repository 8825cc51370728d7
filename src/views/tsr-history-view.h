/* tsr-history-view.h: a document's undo history as a list: the original state, then every
 * recorded action by name. The current state is the selected row, actions that can be redone
 * are dimmed, and the saved state carries a marker. Selecting a row (click or keyboard) undoes
 * or redoes to just after that action in one step. Works for any undo stack, so every editor has
 * the same panel. */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-undo-stack.h"

G_BEGIN_DECLS

#define TSR_TYPE_HISTORY_VIEW (tsr_history_view_get_type ())
G_DECLARE_FINAL_TYPE (TsrHistoryView, tsr_history_view, TSR, HISTORY_VIEW, GtkWidget)

GtkWidget    *tsr_history_view_new            (void);
/* Follows STACK's changes (NULL shows nothing). */
void          tsr_history_view_set_undo_stack (TsrHistoryView *self,
                                               TsrUndoStack   *stack);
TsrUndoStack *tsr_history_view_get_undo_stack (TsrHistoryView *self);
/* Rows: 0 is the original state, row N the state after entry N-1. (transfer none) */
guint         tsr_history_view_get_n_rows     (TsrHistoryView *self);
GtkWidget    *tsr_history_view_get_row        (TsrHistoryView *self,
                                               guint           index);
/* The row text, and whether the row is the current state, redoable, or the saved state. */
const char   *tsr_history_view_get_row_text   (TsrHistoryView *self,
                                               guint           index);
gboolean      tsr_history_view_row_is_current (TsrHistoryView *self,
                                               guint           index);
gboolean      tsr_history_view_row_is_redo    (TsrHistoryView *self,
                                               guint           index);
gboolean      tsr_history_view_row_is_saved   (TsrHistoryView *self,
                                               guint           index);

G_END_DECLS
