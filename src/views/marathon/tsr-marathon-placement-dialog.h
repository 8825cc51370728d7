/* tsr-marathon-placement-dialog.h: the Marathon map's Placement dialog, as Weland's: one row per
 * item type and per monster type of the shown level with its initial, minimum, maximum and random
 * counts, its random chance in percent and its random-location flag, each editable, and beside
 * them how many of that type the map places. */
#pragma once

#include <gtk/gtk.h>

#include "model/marathon/tsr-marathon-document.h"

G_BEGIN_DECLS

/* Shows the dialog for DOCUMENT's current level (it follows the current level), transient for
 * PARENT's window; an open one is brought to the front instead. (transfer none: the dialog
 * destroys itself when closed) */
GtkWindow *tsr_marathon_placement_dialog_show (GtkWidget           *parent,
                                               TsrMarathonDocument *document);

G_END_DECLS
