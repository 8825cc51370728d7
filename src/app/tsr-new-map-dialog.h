/* tsr-new-map-dialog.h: File → New: a page per family asks what the new document is, as Tiled's
 * New Map dialog does — a Sphere map (its size in tiles, its tile size, and a new tileset of plain
 * tiles or the tiles of a .rts file), a Marathon scenario of one level (name, environment), a
 * Doom2D Forever map (name, size in pixels), or a new level of the open Wolfenstein 3D set — and
 * makes it ("created"): an unsaved document without a file, or the set with its new level. */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_NEW_MAP_DIALOG (tsr_new_map_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TsrNewMapDialog, tsr_new_map_dialog, TSR, NEW_MAP_DIALOG, GtkWindow)

/* A modal dialog over PARENT. OPEN_DOCUMENT is the document PARENT shows (or NULL): when it is a
 * Wolfenstein 3D set, a page adds a level to it. "created" (TsrDocument *document) is emitted when
 * Create made the document (or added the level: then it is OPEN_DOCUMENT); the dialog then closes
 * itself. */
GtkWidget *tsr_new_map_dialog_new         (GtkWindow       *parent,
                                           TsrDocument     *open_document);
/* The page shown: "sphere", "marathon", "doom2d" or "wolf3d" (only with a set open). */
void        tsr_new_map_dialog_set_family (TsrNewMapDialog *self,
                                           const char      *family);
const char *tsr_new_map_dialog_get_family (TsrNewMapDialog *self);
/* The editors by name, for tests: "width", "height", "tile-width", "tile-height" (Sphere),
 * "marathon-name", "marathon-environment" (a GtkDropDown), "doom2d-name", "doom2d-width",
 * "doom2d-height", "wolf3d-name". */
GtkWidget *tsr_new_map_dialog_get_field   (TsrNewMapDialog *self,
                                           const char      *name);
/* Uses the tiles of the .rts FILE (NULL: a new tileset of plain tiles). */
void       tsr_new_map_dialog_set_tileset (TsrNewMapDialog *self,
                                           GFile           *file);
/* What Create does: makes the map and emits "created"; FALSE with the error shown otherwise. */
gboolean   tsr_new_map_dialog_create      (TsrNewMapDialog *self);

G_END_DECLS
