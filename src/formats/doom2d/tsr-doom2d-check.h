/* tsr-doom2d-check.h: the map check's tests beyond reference and range validation: player spawns
 * missing or doubled, a deathmatch map (DM-only items, flags or team points) without DM spawns,
 * teleports whose destination lies inside a wall, texture triggers without their panel, texture
 * records no panel shows. Each finding names its record (and its point, for records on the map),
 * so editors can jump to it. */
#pragma once

#include "formats/doom2d/tsr-doom2d-map.h"

G_BEGIN_DECLS

/* Adds TsrFindings for MAP into FINDINGS. */
void tsr_doom2d_map_check (const TsrDoom2dMap *map,
                           GPtrArray          *findings);

G_END_DECLS
