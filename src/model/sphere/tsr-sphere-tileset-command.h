/* tsr-sphere-tileset-command.h: the undo command of the tileset editor's edits other than pixels
 * (pixels go through TsrPixelCommand). It holds the tileset before and after and, when the edit
 * renumbered tiles, the map's cells before and after, so undo and redo give back exact bytes.
 * GTK-free. */
#pragma once

#include "model/sphere/tsr-sphere-document.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

#define TSR_TYPE_SPHERE_TILESET_COMMAND (tsr_sphere_tileset_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrSphereTilesetCommand, tsr_sphere_tileset_command, TSR, SPHERE_TILESET_COMMAND, TsrCommand)

/* A command giving the document's edited tileset the contents of AFTER (taken) and, when
 * LAYERS_AFTER is not NULL (taken: guint16 * per map layer, each layer's width * height cells),
 * those cells. It snapshots the current state as "before". MERGE_TILE >= 0 merges consecutive
 * commands of the same MERGE_KIND on that tile (a name typed). (transfer full) */
TsrCommand *tsr_sphere_tileset_command_new (TsrSphereDocument *document,
                                            TsrSphereTileset  *after,
                                            GPtrArray         *layers_after,
                                            gint               merge_tile,
                                            guint              merge_kind,
                                            const char        *description);

G_END_DECLS
