/* tsr-test-ui.h: what the UI tests share: running the main loop, finding widgets, screenshots. */
#pragma once

#include <gtk/gtk.h>

#include "app/tsr-window.h"

G_BEGIN_DECLS

/* Runs the main loop for MILLISECONDS. */
void       tsr_test_ui_iterate_for     (guint       milliseconds);
/* Waits (up to 10 s) until WIDGET is mapped and has a size. */
gboolean   tsr_test_ui_wait_for_size   (GtkWidget  *widget);
/* Waits (up to 60 s) until WIDGET (mapped) has been through N frames of its frame clock: what
 * was just shown is laid out and drawn (instead of a fixed pause a slow build outruns). */
gboolean   tsr_test_ui_wait_for_frames (GtkWidget  *widget,
                                        guint       n);
/* Waits (up to 60 s) until WINDOW has no file loading in its worker; FALSE on the time-out. */
gboolean   tsr_test_ui_wait_for_loads  (TsrWindow  *window);
/* The same for every TsrWindow shown (after an action, a drop or GApplication::open). */
gboolean   tsr_test_ui_wait_for_all_loads (void);
/* tsr_window_open_file, then waits for the load: TRUE when FILE is the current document (FALSE:
 * the load failed, and the error bar says why). */
gboolean   tsr_test_ui_open_file       (TsrWindow  *window,
                                        GFile      *file);
/* A new window of APPLICATION, WIDTH×HEIGHT, shown and sized, with the file at PATH opened
 * through tsr_test_ui_open_file (the test aborts when it does not open, the error bar shows or the
 * window is not on its document page); then the main loop runs SETTLE_MS so the page settles. */
TsrWindow *tsr_test_ui_open_in_window  (TsrApplication *application,
                                        const char     *path,
                                        int             width,
                                        int             height,
                                        guint           settle_ms);
/* Hides WINDOW, not destroying it (disposing a window whose drop-down popover has been open trips
 * a critical in GTK 4.8's focus handling, gtk_window_get_focus on the popover's root), and lets
 * the main loop run 50 ms. */
void       tsr_test_ui_hide_window     (TsrWindow      *window);
/* Destroys WINDOW and lets the main loop run 50 ms. */
void       tsr_test_ui_close_window    (TsrWindow      *window);
/* Resizes the shown WINDOW to WIDTH×HEIGHT (the screen must be that large: TSR_TEST_SCREEN of
 * tests/with-own-display.sh) and waits (up to 60 s) until it has that size and has drawn it;
 * FALSE on the time-out. */
gboolean   tsr_test_ui_resize_window   (GtkWindow  *window,
                                        int         width,
                                        int         height);
/* The first widget below ROOT (ROOT included, depth first) that MATCH accepts. */
GtkWidget *tsr_test_ui_find_widget     (GtkWidget  *root,
                                        gboolean  (*match) (GtkWidget *, gconstpointer),
                                        gconstpointer data);
/* The first shown toplevel of TYPE, waiting up to 10 s for it (the test aborts otherwise). */
GtkWindow *tsr_test_ui_wait_for_toplevel (GType      type);
/* A match for tsr_test_ui_find_widget: DATA is a GType (GSIZE_TO_POINTER). */
gboolean   tsr_test_ui_match_type      (GtkWidget    *widget,
                                        gconstpointer type);
/* More matches for tsr_test_ui_find_widget, DATA a string: a GtkButton whose label is DATA; any
 * widget whose tooltip is DATA; a mapped GtkLabel whose text is DATA; any widget named DATA. */
gboolean   tsr_test_ui_match_button_label (GtkWidget    *widget,
                                           gconstpointer label);
gboolean   tsr_test_ui_match_tooltip      (GtkWidget    *widget,
                                           gconstpointer text);
gboolean   tsr_test_ui_match_mapped_label (GtkWidget    *widget,
                                           gconstpointer text);
gboolean   tsr_test_ui_match_name         (GtkWidget    *widget,
                                           gconstpointer name);
/* A match, DATA a string: a mapped menu row (GtkModelButton) whose text, mnemonic left out, is DATA. */
gboolean   tsr_test_ui_match_menu_item    (GtkWidget    *widget,
                                           gconstpointer text);
/* The shown toplevel titled TITLE, or NULL; waiting up to 30 s until it is shown (SHOWN) or gone. */
GtkWindow *tsr_test_ui_find_window_titled (const char *title);
GtkWindow *tsr_test_ui_wait_for_window_titled (const char *title,
                                               gboolean    shown);
/* The folder of real test files of FAMILY ("wolf3d/wl1_v14_shareware", "sphere") under
 * $TSR_TESTDATA, or NULL when it is missing (then the test skips; under CI=true it aborts). */
char      *tsr_test_ui_data_dir        (const char *family);
/* tsr_test_copy_files (tsr-test-common.h), under the name the UI tests call. */
char      *tsr_test_ui_copy_files      (const char        *source_dir,
                                        const char *const *names,
                                        const char        *work_dir,
                                        const char        *subdir);
/* Copies the real test file NAME of FAMILY (as tsr_test_ui_data_dir) into WORK_DIR/SUBDIR and
 * returns the copy's path; NULL when FAMILY's folder is missing: the test is then marked skipped
 * (under CI=true it aborts) and should return. */
char      *tsr_test_ui_copy_data_file  (const char *family,
                                        const char *name,
                                        const char *work_dir,
                                        const char *subdir);
/* The first widget of TYPE below ROOT (ROOT included); the test aborts when there is none. */
GtkWidget *tsr_test_ui_get_widget      (GtkWidget  *root,
                                        GType       type);
/* Answers the file chooser dialog that is opening (waiting up to 10 s for it; it must be one of
 * ACTION) with PATH (for a save: its folder and name), saves its screenshot into SCREENSHOT_DIR as
 * SHOT, and accepts it. */
void       tsr_test_ui_answer_file_chooser (const char          *path,
                                            GtkFileChooserAction action,
                                            const char          *screenshot_dir,
                                            const char          *shot);
/* The application the UI tests drive: a new non-unique TsrApplication, registered. */
TsrApplication *tsr_test_ui_application_new (void);
/* Deletes PATH and everything below it (symbolic links are removed, not followed). */
void       tsr_test_ui_remove_tree     (const char *path);
/* Renders WIDGET as it is on screen (client-side decorations included) into DIRECTORY/NAME. */
void       tsr_test_ui_save_screenshot (GtkWidget  *widget,
                                        const char *directory,
                                        const char *name);

/* What every UI test process does first: a private home under a new temporary folder WORK_DIR
 * (data, config, cache and state, so a real session's recent files, settings and recovery entries
 * are never seen or touched), the memory settings backend, no accessibility bus, the C.UTF-8
 * locale, GTK without animations (screenshots show settled pages), GTest, and SCREENSHOT_DIR from
 * TSR_SCREENSHOT_DIR (else the current folder). FALSE when there is no display: the folder is gone
 * again and the test exits 77. NAME names the folder ("map-editor"). Free both with
 * tsr_test_ui_end. */
gboolean   tsr_test_ui_begin           (int         *argc,
                                        char      ***argv,
                                        const char  *name,
                                        char       **work_dir,
                                        char       **screenshot_dir);
/* Removes WORK_DIR and frees both strings. */
void       tsr_test_ui_end             (char        *work_dir,
                                        char        *screenshot_dir);
/* The end of a UI test's main: g_test_run, then *APPLICATION let go of and tsr_test_ui_end;
 * returns what g_test_run returned. */
int        tsr_test_ui_run             (TsrApplication **application,
                                        char            *work_dir,
                                        char            *screenshot_dir);

/* RECORDING (its area X, Y, WIDTH×HEIGHT) replayed into a clear image through clips of many
 * one-pixel boxes, as GTK 4.8 replays a cairo node that is the first thing drawn in the window's
 * damage. cairo 1.16 crashes there (a write to its constant "all clipped" clip) when a recorded
 * command's own clip meets none of the boxes, so drawing that records clipped commands crashes the
 * test here; a map canvas's drawing must never do that (tsr-map-canvas.c). */
void       tsr_test_ui_replay_recording_through_boxes (cairo_surface_t *recording,
                                                       double           x,
                                                       double           y,
                                                       int              width,
                                                       int              height);
/* The same for every cairo node of WIDGET's drawing, as GTK would render it now. Returns how many
 * cairo nodes were replayed. */
guint      tsr_test_ui_replay_through_boxes           (GtkWidget       *widget);

G_END_DECLS
