/* tsr-playtest-panel.h: the window's play-test log: runs the current document in its engine, or a
 * custom command on it (tsr-playtest.h), and shows the child's output and how it ended, while the
 * editor stays usable. */
#pragma once

#include <gtk/gtk.h>

#include "edit/tsr-playtest.h"

G_BEGIN_DECLS

#define TSR_TYPE_PLAYTEST_PANEL (tsr_playtest_panel_get_type ())
G_DECLARE_FINAL_TYPE (TsrPlaytestPanel, tsr_playtest_panel, TSR, PLAYTEST_PANEL, GtkBox)

/* Play-tests DOCUMENT with its family's engine as SETTINGS (may be NULL) configure it. The panel
 * shows itself; what went wrong before the engine started is said in it. */
void        tsr_playtest_panel_play          (TsrPlaytestPanel *self,
                                              TsrDocument      *document,
                                              GSettings        *settings);
/* Runs custom command INDEX of the playtest-commands setting on DOCUMENT. */
void        tsr_playtest_panel_run_command   (TsrPlaytestPanel *self,
                                              TsrDocument      *document,
                                              GSettings        *settings,
                                              guint             index);
gboolean    tsr_playtest_panel_is_running    (TsrPlaytestPanel *self);
/* The log's text and the status line (transfer full / none), for tests. */
char       *tsr_playtest_panel_dup_log       (TsrPlaytestPanel *self);
const char *tsr_playtest_panel_get_status    (TsrPlaytestPanel *self);

/* Fills MENU with an item per custom command of SETTINGS ("NAME = COMMAND LINE" lines), each
 * activating win.run-command with its index. */
void        tsr_playtest_commands_fill_menu  (GMenu            *menu,
                                              GSettings        *settings);

G_END_DECLS
