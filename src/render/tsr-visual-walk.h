/* tsr-visual-walk.h: the visual mode's collision when walking: where the camera may go on a level
 * as the game's player could, GTK- and GL-free (tested under the sanitizers on real levels).
 * Positions are world units of the visual scene (tsr-visual-scene.h): one Marathon world unit or
 * one Wolf3D cell.
 *
 * Wolfenstein 3D (WL_AGENT.C ClipMove and TryMove): the player is a square of half side
 * PLAYERSIZE (= MINDIST, 0x5800/65536 of a cell, WL_DEF.H) that may not overlap a solid cell: a
 * wall (tiles 1..105 but doors and the ambush marker, WL_GAME.C SetupGameLevel), a door (all are
 * closed at level start, WL_ACT1.C SpawnDoor) or a blocking static object (WL_ACT1.C SpawnStatic
 * sets actorat); a move that would overlap one tries its x alone, then its y alone: the player
 * slides along walls.
 *
 * Marathon (Aleph One map.cpp keep_line_segment_out_of_walls, called from physics.cpp
 * instantiate_physics_variables): the player keeps MINIMUM_SEPARATION_FROM_WALL (WORLD_ONE/4,
 * map.h) from a line it may not cross: a solid line (LINE_IS_SOLID), a line with no polygon on a
 * side, or one whose polygon lies more than maximum_delta_height (WORLD_ONE/3) above the feet,
 * has its ceiling less than the player's height (physics_models.h, game walking: 4/5 WU) above
 * the feet, or leaves less than that height between the higher floor and the lower ceiling.
 * The feet stand on the floor of the polygon the camera is in; a move into a blocked line slides
 * along it. A camera outside every polygon (or, on Wolf3D, already overlapping a solid cell,
 * put there by "camera here") moves freely until it is out. */
#pragma once

#include <glib.h>

#include "formats/marathon/tsr-marathon-map.h"
#include "formats/wolf3d/tsr-wolf3d-maps.h"
#include "formats/wolf3d/tsr-wolf3d-tables.h"

G_BEGIN_DECLS

#define TSR_VISUAL_WOLF3D_PLAYER_SIZE     (0x5800 / 65536.0f)  /* WL_DEF.H MINDIST, WL_AGENT.C PLAYERSIZE */
/* Marathon, in map units (WORLD_ONE = 1024) as the engine compares them. */
#define TSR_VISUAL_MARATHON_WALL_DISTANCE 256   /* map.h MINIMUM_SEPARATION_FROM_WALL, WORLD_ONE/4 */
#define TSR_VISUAL_MARATHON_MAX_STEP      341   /* physics.cpp maximum_delta_height, WORLD_ONE/3 */
#define TSR_VISUAL_MARATHON_PLAYER_HEIGHT 819   /* physics_models.h height 4*FIXED_ONE/5, FIXED_TO_WORLD */

/* Whether the Wolf3D player may stand at (X, Y) of LEVEL: its square overlaps no solid cell
 * (cells outside the level are solid). */
gboolean tsr_visual_walk_wolf3d_clear   (const TsrWolf3dLevel   *level,
                                         TsrWolf3dGame           game,
                                         float                   x,
                                         float                   y);
/* Moves POSITION (x, y; z untouched) by (DX, DY) as far as the Wolf3D player could; TRUE when
 * the move was cut short. */
gboolean tsr_visual_walk_wolf3d         (const TsrWolf3dLevel   *level,
                                         TsrWolf3dGame           game,
                                         float                   position[3],
                                         float                   dx,
                                         float                   dy);

/* The polygon of LEVEL holding (X, Y), or -1. */
gint     tsr_visual_walk_marathon_polygon_at (const TsrMarathonLevel *level,
                                              float                   x,
                                              float                   y);
/* Whether line LINE of LEVEL stops a player whose feet are at FEET (world units). */
gboolean tsr_visual_walk_marathon_line_blocks (const TsrMarathonLevel *level,
                                               guint                   line,
                                               float                   feet);
/* Moves POSITION (x, y, z of the camera) by (DX, DY) as far as the Marathon player could; the
 * camera keeps its height above the floor (z follows the floor from polygon to polygon). TRUE
 * when the move was cut short. */
gboolean tsr_visual_walk_marathon       (const TsrMarathonLevel *level,
                                         float                   position[3],
                                         float                   dx,
                                         float                   dy);

G_END_DECLS
