/* tsr-flow-box-keys.h: keeps the arrow and page keys away from a GtkFlowBox that has not been
 * laid out with its children yet.
 *
 * Why: GTK 4.8's GtkFlowBox moves its cursor a line up or down by counting
 * cur_children_per_line children (gtk_flow_box_get_above/below_focusable, gtkflowbox.c), and
 * that count is set only when the box is allocated with visible children. Before that it is 0,
 * and Up or Down (Shift or not) loops forever on the main thread; Page Up or Page Down takes a
 * remainder by it. The random-input test froze the Wolf3D editor so (seed 2206745595, Shift+Down
 * in the object palette). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Catches those keys for every GtkFlowBox in WINDOW, before the box sees them, while the box
 * holding the focus has no child laid out. */
void     tsr_flow_box_keys_guard     (GtkWindow  *window);
/* Whether BOX has a visible child with a size: GTK has laid it out with its children. */
gboolean tsr_flow_box_keys_laid_out  (GtkFlowBox *box);

G_END_DECLS
