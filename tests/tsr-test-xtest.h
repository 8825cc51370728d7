/* tsr-test-xtest.h: real X input for the UI tests. Pointer moves, button presses and key
 * presses are sent to the X server through the XTest extension, so they reach a window exactly as
 * a user's would (gestures, focus, accelerators); each call returns once GTK has dispatched the
 * event. Only for the X11 backend (the tests run under Xvfb, without a window manager). */
#pragma once

#include <gtk/gtk.h>

#include "app/tsr-window.h"

G_BEGIN_DECLS

typedef struct _TsrTestXTest TsrTestXTest;

/* Called with each point the pointer reached, in the coordinates of the widget it moved on. */
typedef void (*TsrTestXTestPointFunc) (double   x,
                                       double   y,
                                       gpointer user_data);

/* TRUE when the default display is an X11 display with the XTest extension; otherwise FALSE and a
 * reason in *WHY (free it). */
gboolean      tsr_test_xtest_available (char         **why);

/* A real-input test process's start: tsr_test_ui_begin, then a check that XTest is there. FALSE
 * when the test cannot run, with *EXIT_STATUS what main returns: 77 (skipped) without a display
 * or XTest, 1 without XTest under CI=true (real input must run there). */
gboolean      tsr_test_xtest_begin     (int           *argc,
                                        char        ***argv,
                                        const char    *name,
                                        char         **work_dir,
                                        char         **screenshot_dir,
                                        int           *exit_status);

/* Starts driving WINDOW (presented and mapped; shown first if not): gives it the keyboard focus,
 * since Xvfb runs no window manager, and waits until GTK says it is active. NULL, with a message,
 * when the window could not be focused. */
TsrTestXTest *tsr_test_xtest_new       (GtkWindow     *window,
                                        GError       **error);
void          tsr_test_xtest_free      (TsrTestXTest  *self);
/* tsr_test_xtest_new for a test: aborts with the message when WINDOW could not be focused. */
TsrTestXTest *tsr_test_xtest_drive     (GtkWindow     *window);
/* Also watches the events of WIDGET's native (a popover is a surface of its own, whose events
 * do not pass through the window). The waits for buttons, keys and wheel steps see every
 * surface's events anyway (an emission hook on GdkSurface::event), so this no longer changes
 * them; the calls can go. */
void          tsr_test_xtest_watch     (TsrTestXTest  *self,
                                        GtkWidget     *widget);

/* The root-window pixel over the point (X, Y) of WIDGET (a widget of the driven window). */
void          tsr_test_xtest_widget_to_root (TsrTestXTest *self,
                                             GtkWidget    *widget,
                                             double        x,
                                             double        y,
                                             int          *root_x,
                                             int          *root_y);

/* Where the pointer is, in WIDGET's coordinates. */
void          tsr_test_xtest_get_pointer    (TsrTestXTest *self,
                                             GtkWidget    *widget,
                                             double       *x,
                                             double       *y);

/* Moves the pointer from where it is to the point (X, Y) of WIDGET in straight steps of at most
 * STEP pixels, one every 8 ms (a mouse's report rate) while the main loop runs, then waits until
 * GTK has dispatched the motion to the end point. GTK merges motion that arrives within one frame,
 * as it does for a hand, so FUNC (may be NULL) is called afterwards with each motion GTK
 * dispatched to the window on the way, in order, in WIDGET's coordinates: exactly the points the
 * widgets saw. FALSE when the end point's motion was not dispatched within 10 s (a loaded
 * machine draws slowly). */
gboolean      tsr_test_xtest_move_to   (TsrTestXTest          *self,
                                        GtkWidget             *widget,
                                        double                 x,
                                        double                 y,
                                        double                 step,
                                        TsrTestXTestPointFunc  func,
                                        gpointer               user_data);
/* Presses or releases BUTTON (1 primary, 2 middle, 3 secondary) where the pointer is, and waits
 * until GTK has dispatched it, to whichever surface. FALSE when it did not come: over no surface
 * of the process (past the window's edge) after two frames, else after the time-out. A press
 * that ends an open popover's grab counts as dispatched (GTK gets no press then). */
gboolean      tsr_test_xtest_button    (TsrTestXTest  *self,
                                        guint          button,
                                        gboolean       press);
/* One wheel step where the pointer is: BUTTON 4 up, 5 down, 6 left, 7 right; waits until GTK has
 * dispatched the scroll event. */
gboolean      tsr_test_xtest_scroll    (TsrTestXTest  *self,
                                        guint          button);
/* Moves to the point (X, Y) of WIDGET (steps of 8 pixels), clicks the primary button there and
 * lets the main loop run 150 ms for what the click starts. */
gboolean      tsr_test_xtest_click_at  (TsrTestXTest  *self,
                                        GtkWidget     *widget,
                                        double         x,
                                        double         y);
/* Moves to the centre of WIDGET and clicks it with the primary button. */
gboolean      tsr_test_xtest_click     (TsrTestXTest  *self,
                                        GtkWidget     *widget);
/* Opens DROPDOWN (a GtkDropDown) with a real click and clicks the row whose text is ITEM; waits
 * until its list is closed. FALSE when the list did not show ITEM or did not close. */
gboolean      tsr_test_xtest_choose    (TsrTestXTest  *self,
                                        GtkWidget     *dropdown,
                                        const char    *item);
/* Taps KEYVAL (a GDK key value) with MODIFIERS (Shift, Control, Alt) held, and waits until GTK
 * has dispatched every key event of it. The key's press and release are sent together, so a slow
 * frame cannot make the server auto-repeat it (one Ctrl+Z must undo once). */
gboolean      tsr_test_xtest_key       (TsrTestXTest   *self,
                                        guint           keyval,
                                        GdkModifierType modifiers);
/* Taps KEYVAL with MODIFIERS held without waiting for GTK to dispatch the events: for a key that
 * opens or closes a window (Ctrl+G opening a dialog, Return closing it), whose release goes to a
 * window the driver does not watch. The caller waits for what the key does. */
gboolean      tsr_test_xtest_key_unwatched (TsrTestXTest   *self,
                                            guint           keyval,
                                            GdkModifierType modifiers);
/* Presses (PRESS) or releases a key, a modifier held across pointer input (Alt while dropping
 * a drag), and waits until GTK has dispatched it. */
gboolean      tsr_test_xtest_hold_key  (TsrTestXTest   *self,
                                        guint           keyval,
                                        gboolean        press);
/* Opens MENU_BUTTON's popover (a GtkMenuButton's) with a real click, waits (up to 10 s, 30 s
 * under the sanitizers) until it is mapped and has drawn three frames, watches it
 * (tsr_test_xtest_watch) and returns it; NULL when the click failed or it did not show. */
GtkWidget    *tsr_test_xtest_open_menu (TsrTestXTest  *self,
                                        GtkWidget     *menu_button);
/* Waits until POPUP (a popover or another surface of its own) is unmapped, for GTK and for the X
 * server, and the driven window is active again: the next pointer and key events go to the
 * window. FALSE when that did not happen within 10 s. */
gboolean      tsr_test_xtest_wait_closed (TsrTestXTest *self,
                                          GtkWidget    *popup);
/* Saves WINDOW's document (modified) with a real Ctrl+S and waits (up to 10 s) until the window
 * says it is saved, with no error shown. */
void          tsr_test_xtest_save        (TsrTestXTest *self,
                                          TsrWindow    *window);
/* Types TEXT (ASCII), one key tap a character, into the focused widget. */
void          tsr_test_xtest_type_text   (TsrTestXTest *self,
                                          const char   *text);
/* Replaces the focused entry's text with VALUE: Ctrl+A, its digits (and minus sign), Return. */
void          tsr_test_xtest_type_number (TsrTestXTest *self,
                                          int           value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrTestXTest, tsr_test_xtest_free)

G_END_DECLS
