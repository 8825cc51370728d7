/* tsr-side-bar-width.h: a paned's end child (a map editor's side bar or inspector) keeps the width
 * the user dragged it to, in a GSettings integer key, across pages and sessions. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Restores KEY (pixels) as the width of PANED's end child at its first allocation where both
 * children have a size (before that the paned's width is unknown), then writes every width the
 * handle is dragged to back into KEY. PANED is set to resize its start child and not its end
 * child, so a window made larger (maximised) gives the room to the start child (the map).
 * SETTINGS may be NULL (no schema installed): then the paned keeps GTK's placement. */
void tsr_side_bar_width_bind (GtkPaned   *paned,
                              GSettings  *settings,
                              const char *key);

G_END_DECLS
