/* tsr-window.h: a Tessera window: one document (or the start page), its header bar actions, the
 * error bar, drag and drop, and asking before unsaved changes are lost. */
#pragma once

#include <gtk/gtk.h>

#include "app/tsr-application.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_WINDOW (tsr_window_get_type ())
G_DECLARE_FINAL_TYPE (TsrWindow, tsr_window, TSR, WINDOW, GtkApplicationWindow)

/* Called when the user decided: PROCEED is FALSE when they cancelled (or saving failed). */
typedef void (*TsrWindowConfirmFunc) (TsrWindow *window,
                                      gboolean   proceed,
                                      gpointer   user_data);

TsrWindow   *tsr_window_new                (TsrApplication       *application);
/* SELF while it shows the start page, else a new window of the same application. */
TsrWindow   *tsr_window_get_target         (TsrWindow            *self);
/* Loads FILE into this window; a load failure is shown in the error bar. */
gboolean     tsr_window_open_file          (TsrWindow            *self,
                                            GFile                *file);
/* Loads a bundled sample from the resource at RESOURCE_PATH. */
gboolean     tsr_window_open_sample        (TsrWindow            *self,
                                            const char           *resource_path);
TsrDocument *tsr_window_get_document       (TsrWindow            *self);
gboolean     tsr_window_get_modified       (TsrWindow            *self);
/* Asks Save / Discard / Cancel when the document has unsaved changes, saving on Save; calls
 * CALLBACK with whether closing may go ahead (immediately when nothing is unsaved). */
void         tsr_window_confirm_close      (TsrWindow            *self,
                                            TsrWindowConfirmFunc  callback,
                                            gpointer              user_data);
/* What the error bar says, or NULL when it is hidden. */
const char  *tsr_window_get_error_message  (TsrWindow            *self);
/* "start" or "document". */
const char  *tsr_window_get_page_name      (TsrWindow            *self);

G_END_DECLS
