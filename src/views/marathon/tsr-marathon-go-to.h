/* tsr-marathon-go-to.h: the Marathon map editor's Go To dialog (Ctrl+G): an element kind and an
 * index; Go selects that element of the shown level and centres the map on it. */
#pragma once

#include <gtk/gtk.h>

#include "views/marathon/tsr-marathon-map-editor.h"

G_BEGIN_DECLS

/* Shows the dialog for EDITOR, transient for its window. (transfer none: the dialog destroys
 * itself when closed) */
GtkWindow *tsr_marathon_go_to_dialog_show (TsrMarathonMapEditor *editor);

G_END_DECLS
