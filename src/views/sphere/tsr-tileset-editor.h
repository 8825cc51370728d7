/* tsr-tileset-editor.h: the Sphere tileset editor: the tiles in a grid (add, insert, duplicate,
 * remove, move earlier/later), the chosen tile in a pixel editor (pixel tools, obstruction
 * segments drawn with snapping), its name and animation (next tile, delay) with playback, and PNG
 * sheet import/export. It is the page of a .rts document and also edits a map's tileset (the map
 * editor opens it in a window of its own). Every change goes through the document's tileset edits
 * (model/sphere/tsr-sphere-tileset-edit.h). */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_TILESET_EDITOR (tsr_tileset_editor_get_type ())
G_DECLARE_FINAL_TYPE (TsrTilesetEditor, tsr_tileset_editor, TSR, TILESET_EDITOR, GtkBox)

/* Whether DOCUMENT is a Sphere tileset (.rts) this page edits. */
gboolean   tsr_tileset_editor_accepts          (TsrDocument      *document);
GtkWidget *tsr_tileset_editor_new              (void);
/* A window editing DOCUMENT's tileset (a map's) beside PARENT. (transfer none: the window is
 * kept by GTK until closed) */
GtkWindow *tsr_tileset_editor_show_window      (GtkWindow        *parent,
                                                TsrDocument      *document);
guint      tsr_tileset_editor_get_current_tile (TsrTilesetEditor *self);
void       tsr_tileset_editor_set_current_tile (TsrTilesetEditor *self,
                                                guint             index);
/* The tile the animation preview shows now (the current tile when not playing). */
guint      tsr_tileset_editor_get_shown_tile   (TsrTilesetEditor *self);
/* Import a PNG sheet before the current tile, or a Tiled .tsx (by its name) after the last one;
 * export the whole tileset as a PNG sheet. */
gboolean   tsr_tileset_editor_import_file      (TsrTilesetEditor *self,
                                                GFile            *file,
                                                GError          **error);
gboolean   tsr_tileset_editor_export_file      (TsrTilesetEditor *self,
                                                GFile            *file,
                                                GError          **error);
/* The widget point of tile INDEX's middle in the grid (for tests driving real input). */
gboolean   tsr_tileset_editor_tile_point       (TsrTilesetEditor *self,
                                                guint             index,
                                                double           *x,
                                                double           *y);

G_END_DECLS
