/* tsr-visual-wolf3d-edit.c: picking and painting Wolf3D cells from the visual mode. The scene
 * names each surface's cell as y * width + x (tsr_visual_scene_build_wolf3d); the paint is one
 * TsrPaintTilesCommand with no merge key, so every paint is its own undo step. */
#include "config.h"

#include "render/tsr-visual-wolf3d-edit.h"

#include <glib/gi18n.h>

#include "model/tsr-tile-commands.h"

gboolean
tsr_visual_wolf3d_surface_cell (const TsrVisualScene   *scene,
                                const TsrVisualSurface *surface,
                                TsrTileRect            *cell)
{
  g_return_val_if_fail (cell != NULL, FALSE);

  if (scene == NULL || surface == NULL || !scene->wolf3d || scene->wolf3d_width == 0)
    return FALSE;
  switch (surface->part)
    {
    case TSR_VISUAL_PART_CELL_WALL:
    case TSR_VISUAL_PART_CELL_DOOR:
    case TSR_VISUAL_PART_CELL_FLOOR:
    case TSR_VISUAL_PART_CELL_CEILING:
    case TSR_VISUAL_PART_CELL_OBJECT:
      break;
    default:
      return FALSE;
    }
  if (surface->index < 0 || (guint64) surface->index >= (guint64) scene->wolf3d_width * scene->wolf3d_height)
    return FALSE;
  cell->x = (gint) ((guint) surface->index % scene->wolf3d_width);
  cell->y = (gint) ((guint) surface->index / scene->wolf3d_width);
  cell->width = 1;
  cell->height = 1;
  return TRUE;
}

TsrCommand *
tsr_visual_wolf3d_paint_command (TsrTileMap             *map,
                                 const TsrVisualScene   *scene,
                                 const TsrVisualSurface *surface,
                                 guint                   layer,
                                 guint32                 tile)
{
  g_autoptr(TsrPaintTilesCommand) command = NULL;
  TsrTileRect cell, bounds;

  g_return_val_if_fail (TSR_IS_TILE_MAP (map), NULL);

  if (!tsr_visual_wolf3d_surface_cell (scene, surface, &cell) || layer >= tsr_tile_map_get_n_layers (map))
    return NULL;
  bounds = tsr_tile_map_get_bounds (map);
  if (!tsr_tile_rect_contains (&bounds, cell.x, cell.y))
    return NULL;
  command = tsr_paint_tiles_command_new (map, _("Paint Cell in 3D"), NULL);
  tsr_paint_tiles_command_set (command, layer, cell.x, cell.y, tile);
  if (!tsr_paint_tiles_command_has_changes (command))
    return NULL;
  return TSR_COMMAND (g_steal_pointer (&command));
}
