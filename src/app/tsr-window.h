/* tsr-window.h: a Tessera window: a tab per open document (or the start page when none is open),
 * its header bar actions (on the current tab's document), the error bar, drag and drop, and asking
 * before unsaved changes are lost. */
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
/* The window documents opened from SELF go to: SELF, where they open as tabs. */
TsrWindow   *tsr_window_get_target         (TsrWindow            *self);
/* Shows the tab of the window that has FILE open, or loads FILE into a new tab of SELF (the first
 * tab when SELF shows the start page). Loading runs in a worker thread: the window shows at once
 * (a loading bar for big files), the tab comes when the file is loaded, or the error bar says why
 * not. Returns the window that shows it (or will). */
TsrWindow   *tsr_window_show_file          (TsrWindow            *self,
                                            GFile                *file);
/* Loads FILE (in a worker, as tsr_window_show_file) into the current tab, replacing its document
 * without asking (callers use tsr_window_show_file, which opens a new tab); a load failure is
 * shown in the error bar. */
void         tsr_window_open_file          (TsrWindow            *self,
                                            GFile                *file);
/* Whether a file is loading in a worker ("loading", notified when it changes). */
gboolean     tsr_window_get_loading        (TsrWindow            *self);
/* Whether the loading bar (a big file's name, size and progress) is shown. */
gboolean     tsr_window_get_showing_progress (TsrWindow          *self);
/* Opens the bundled sample RELATIVE_PATH ("wolf3d/MAPHEAD.WL1") from a scratch copy of the
 * samples; the first save asks where to keep it. */
gboolean     tsr_window_open_sample        (TsrWindow            *self,
                                            const char           *relative_path);
/* Shows DOCUMENT, restored from the recovery entry RECOVERY_ID, which this window keeps up to date
 * from now on (and deletes when the document is saved or closed): in the tab that shows the
 * unmodified original, else in a new tab. */
void         tsr_window_open_recovered     (TsrWindow            *self,
                                            TsrDocument          *document,
                                            const char           *recovery_id);
/* Writes each tab's recovery entry now when its document has unsaved changes (the autosave timer
 * and app.autosave-now call it); TRUE when every write succeeded or there was nothing to keep. */
gboolean     tsr_window_autosave           (TsrWindow            *self,
                                            GError              **error);
/* The current tab's recovery entry id, or NULL while none was written. */
const char  *tsr_window_get_recovery_id    (TsrWindow            *self);
/* Whether the current document is a bundled sample not yet saved elsewhere. */
gboolean     tsr_window_get_showing_sample (TsrWindow            *self);
/* The current tab's document, or NULL on the start page. */
TsrDocument *tsr_window_get_document       (TsrWindow            *self);
/* The game data folders changed: every tab's page looks its resources up again. */
void         tsr_window_reload_resources   (TsrWindow            *self);
/* The open documents, in tab order, and switching tabs. */
guint        tsr_window_get_n_documents    (TsrWindow            *self);
TsrDocument *tsr_window_get_nth_document   (TsrWindow            *self,
                                            guint                 index);
void         tsr_window_set_current_document (TsrWindow          *self,
                                            guint                 index);
/* Whether any tab's document has unsaved changes. */
gboolean     tsr_window_get_modified       (TsrWindow            *self);
/* Closes the current tab (win.close-tab), asking first when its document has unsaved changes;
 * closes the window when it shows the start page. */
void         tsr_window_close_document     (TsrWindow            *self);
/* Asks Save / Discard / Cancel for each tab whose document has unsaved changes (showing it),
 * saving on Save; calls CALLBACK with whether closing may go ahead (immediately when nothing is
 * unsaved; FALSE on the first Cancel). */
void         tsr_window_confirm_close      (TsrWindow            *self,
                                            TsrWindowConfirmFunc  callback,
                                            gpointer              user_data);
/* Closes without asking again, after tsr_window_confirm_close said to proceed. */
void         tsr_window_close_confirmed    (TsrWindow            *self);
/* Shows TITLE and MESSAGE in the message bar: something the application did on its own, such as
 * an interrupted save it finished at start. */
void         tsr_window_show_notice        (TsrWindow            *self,
                                            const char           *title,
                                            const char           *message);
/* What the error bar says, or NULL when it is hidden. */
const char  *tsr_window_get_error_message  (TsrWindow            *self);
/* The Open Recent submenu (transfer none). */
GMenuModel  *tsr_window_get_recent_menu    (TsrWindow            *self);
/* "start" or "document". */
const char  *tsr_window_get_page_name      (TsrWindow            *self);

G_END_DECLS
