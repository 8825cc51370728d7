/* tsr-new-map-dialog.h: File → New: asks what a new Sphere map is (its size in tiles, its tile
 * size, and a new tileset of plain tiles or the tiles of a .rts file), as Tiled's New Map dialog
 * does, and makes it as an unsaved document ("created"). */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_NEW_MAP_DIALOG (tsr_new_map_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TsrNewMapDialog, tsr_new_map_dialog, TSR, NEW_MAP_DIALOG, GtkWindow)

/* A modal dialog over PARENT. "created" (TsrDocument *document) is emitted when Create made the
 * map; the dialog then closes itself. */
GtkWidget *tsr_new_map_dialog_new         (GtkWindow       *parent);
/* The editors by name ("width", "height", "tile-width", "tile-height"), for tests. */
GtkWidget *tsr_new_map_dialog_get_field   (TsrNewMapDialog *self,
                                           const char      *name);
/* Uses the tiles of the .rts FILE (NULL: a new tileset of plain tiles). */
void       tsr_new_map_dialog_set_tileset (TsrNewMapDialog *self,
                                           GFile           *file);
/* What Create does: makes the map and emits "created"; FALSE with the error shown otherwise. */
gboolean   tsr_new_map_dialog_create      (TsrNewMapDialog *self);

G_END_DECLS
