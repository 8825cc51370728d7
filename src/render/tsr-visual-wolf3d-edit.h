/* tsr-visual-wolf3d-edit.h: what the visual mode does to a Wolfenstein 3D level, without GTK or GL,
 * so the sanitizer suites run it: which cell a picked surface stands for (the map editor's cell
 * selection follows it) and the command that paints that cell with the editor's chosen tile — the
 * tile tools' own TsrPaintTilesCommand, so undo, redo and the history treat it as a Pencil stroke
 * of one cell. */
#pragma once

#include "model/tsr-command.h"
#include "model/tsr-tile-map.h"
#include "render/tsr-visual-scene.h"

G_BEGIN_DECLS

/* The cell (a 1 x 1 rectangle, x and y in cells) SURFACE of the Wolf3D SCENE stands for: a wall's
 * face, a door, an open cell's floor or ceiling and an object's sprite all name their cell. FALSE
 * when SURFACE is not one of SCENE's Wolf3D cells. */
gboolean    tsr_visual_wolf3d_surface_cell  (const TsrVisualScene   *scene,
                                             const TsrVisualSurface *surface,
                                             TsrTileRect            *cell);

/* What the Pencil would do on SURFACE's cell: set it to TILE on LAYER of MAP (the level SCENE was
 * built from). A new command, not applied yet (push it on the document's undo stack); NULL when
 * SURFACE names no cell of MAP, LAYER is not one of MAP's, or the cell already holds TILE.
 * (transfer full) */
TsrCommand *tsr_visual_wolf3d_paint_command (TsrTileMap             *map,
                                             const TsrVisualScene   *scene,
                                             const TsrVisualSurface *surface,
                                             guint                   layer,
                                             guint32                 tile);

G_END_DECLS
