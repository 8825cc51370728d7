/* tsr-sphere-tileset-edit.h: the tileset edits of a TsrSphereDocument, for the tileset editor: a
 * .rts opened alone, or the tileset a map draws with (appended to the .rmp, or the external .rts
 * saved beside it). Each edit pushes one undoable command; tile list edits (add, insert,
 * duplicate, remove, move) renumber the map's cells and the tiles' animation links in the same
 * step, so the map shows the same picture. After every do, undo and redo the document emits
 * TsrTileMap's "tileset-changed" (and "tiles-changed" per layer when cells were renumbered).
 * Pixels are drawn with the pixel tools (edit/tsr-pixel-tools.h) through
 * tsr_sphere_document_get_tile_target (): image INDEX is tile INDEX. GTK-free. */
#pragma once

#include "edit/tsr-pixel-tools.h"
#include "model/sphere/tsr-sphere-document.h"

G_BEGIN_DECLS

/* The tileset edited: the .rts document's, or the map's; NULL when there is none (a spriteset, a
 * map whose external tileset is missing). (transfer none) */
const TsrSphereTileset *tsr_sphere_document_get_edited_tileset (TsrSphereDocument *self);
/* Owner: the document; image INDEX: the pixels of tile INDEX. (transfer none, static) */
const TsrPixelTarget   *tsr_sphere_document_get_tile_target    (void);

/* Inserts COUNT transparent tiles at INDEX (the tile count: add at the end); cells and animation
 * links to tiles at or after INDEX follow them. */
gboolean tsr_sphere_document_insert_tiles     (TsrSphereDocument *self,
                                               guint              index,
                                               guint              count,
                                               GError           **error);
/* Inserts a copy of tile INDEX (pixels, name, animation, obstructions) after it. */
gboolean tsr_sphere_document_duplicate_tile   (TsrSphereDocument *self,
                                               guint              index,
                                               GError           **error);
/* Removes tile INDEX (never the last one). Cells and animation links that pointed at it point at
 * tile 0 afterwards; the command's note says how many cells that were. */
gboolean tsr_sphere_document_remove_tile      (TsrSphereDocument *self,
                                               guint              index,
                                               GError           **error);
/* Moves tile FROM to position TO; the map's cells and animation links follow every tile. */
gboolean tsr_sphere_document_move_tile        (TsrSphereDocument *self,
                                               guint              from,
                                               guint              to,
                                               GError           **error);
/* Animation: whether tile INDEX is animated, the tile shown after it and for how many frames. */
gboolean tsr_sphere_document_set_tile_animation (TsrSphereDocument *self,
                                                 guint              index,
                                                 gboolean           animated,
                                                 guint16            next_tile,
                                                 guint16            delay,
                                                 GError           **error);
/* The tile's name as Sphere stores it (bytes of the text, at most TSR_SPHERE_STRING_MAX). */
gboolean tsr_sphere_document_set_tile_name    (TsrSphereDocument *self,
                                               guint              index,
                                               const char        *name,
                                               GError           **error);
/* The tile's obstruction segments (pixels, 0..tile size); the tile becomes of segment type and
 * the tileset stores obstructions. */
gboolean tsr_sphere_document_set_tile_segments (TsrSphereDocument      *self,
                                                guint                   index,
                                                const TsrSphereSegment *segments,
                                                guint                   n_segments,
                                                GError                **error);
/* Cuts SHEET into tiles of the tileset's size, row by row, and inserts them at INDEX (one undo
 * step); a sheet whose sides are not multiples of the tile size is refused. LABEL names it in
 * errors. OUT_COUNT (optional) receives how many tiles were added. */
gboolean tsr_sphere_document_import_tile_sheet (TsrSphereDocument *self,
                                                guint              index,
                                                const TsrImage    *sheet,
                                                const char        *label,
                                                guint             *out_count,
                                                GError           **error);
/* Appends every tile of SOURCE (a Tiled tileset read by tsr_sphere_tsx_import: pixels, names,
 * animation links counted within SOURCE, obstruction segments) after the last tile, one undo
 * step; a tile size other than the tileset's is refused. LABEL names SOURCE in errors. Segments
 * switch the tileset's obstructions on, as drawing one does. OUT_COUNT (optional): tiles added. */
gboolean tsr_sphere_document_append_tileset   (TsrSphereDocument      *self,
                                               const TsrSphereTileset *source,
                                               const char             *label,
                                               guint                  *out_count,
                                               GError                **error);

G_END_DECLS
