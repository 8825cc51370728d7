/* tsr-marathon-derive.h: the data a Marathon level stores although it follows from its geometry,
 * recomputed as the engine computes it (Aleph One's map_constructors.cpp and game_wad.cpp):
 * polygon vertex order, neighbours, sides, area and centre; line length, adjacent floor/ceiling
 * extremes and the elevation, variable-elevation, landscape and transparent-side flags; side
 * owners and exclusion zones; endpoint flags, heights and supporting polygon; and the map index
 * list (`iidx`: exclusion zones, neighbour lists, sound sources) of preprocessed maps (EPNT+iidx).
 * An editor refreshes what an edit touched with the per-element functions; saving and
 * `tessera-cli validate --derived` use the whole-level ones. GTK-free, on the codec's structs. */
#pragma once

#include <glib.h>

#include "formats/marathon/tsr-marathon-map.h"

G_BEGIN_DECLS

#define TSR_MARATHON_MAP_INDEX_LIMIT           65535 /* the engine asserts its index list stays below 2^16 - 1 */
#define TSR_MARATHON_PREPROCESSED_INDEX_LIMIT  32767 /* a stored iidx is counted in an int16 at load */

/* Polygon POLYGON_INDEX: vertex order from its lines and their owners, adjacent polygons, side
 * indexes, area and centre. Detached polygons and polygons whose indexes are out of range are
 * left as they are (FALSE). */
gboolean tsr_marathon_derive_polygon  (TsrMarathonLevel *level,
                                       guint             polygon_index);
/* Line LINE_INDEX: length, highest adjacent floor, lowest adjacent ceiling, the four derived
 * flags, and its sides' owner, line index and exclusion zone. FALSE when it cannot be derived. */
gboolean tsr_marathon_derive_line     (TsrMarathonLevel *level,
                                       guint             line_index);
/* Endpoint ENDPOINT_INDEX (levels with EPNT): solid/elevation/transparent flags, highest
 * adjacent floor, lowest adjacent ceiling and supporting polygon, from the lines that use it. */
gboolean tsr_marathon_derive_endpoint (TsrMarathonLevel *level,
                                       guint             endpoint_index);

/* The engine's map index list for LEVEL as it stands (derived polygons and lines assumed): per
 * attached polygon its line and point exclusion zones and its neighbours, then every polygon's
 * sound sources ended by -1. Sets each polygon's first/count fields; returns the list (gint16,
 * transfer full). A Marathon 1 level gets the list Marathon 1's tools stored (their flood goes
 * on through polygons already reached, adjacent polygons are not neighbours by default, and
 * there are no sound sources); the engine rebuilds the list of those maps at load anyway. */
GArray  *tsr_marathon_derive_map_indexes (TsrMarathonLevel *level);

/* Polygons, lines and endpoints of the whole level: everything but the map indexes. */
void     tsr_marathon_derive_geometry (TsrMarathonLevel *level);

/* Everything, in the engine's order (polygons, lines, endpoints, then the map indexes). The
 * index list is stored as the level's iidx chunk when the level has EPNT (or already has an
 * iidx); a level without both keeps PNTS and the engine derives the list at load. */
void     tsr_marathon_derive_level    (TsrMarathonLevel *level);

/* The map-index meter (alephone issue #481): how many entries the engine's map index list for
 * LEVEL holds (exclusion zones, neighbours, sound sources, one -1 per polygon), and in *LIMIT
 * the limit that applies: 65,535 while the engine builds the list at load (it asserts the list
 * stays below 2^16 - 1), 32,767 for a Marathon 2/Infinity level that stores it (EPNT), because
 * the loader counts a stored list in an int16. Derives on a copy; LEVEL is unchanged. */
guint    tsr_marathon_level_index_usage (const TsrMarathonLevel *level,
                                         guint                  *limit);

/* Recomputes LEVEL's derived data on a copy and adds a warning to FINDINGS for every stored
 * field that differs (its element as the place: polygon, line, side, endpoint or level).
 * *N_CHECKED (may be NULL) receives the number of fields compared; returns the number that
 * differ. The map index lists are compared only when the level stores them (iidx). */
guint    tsr_marathon_level_compare_derived (const TsrMarathonLevel *level,
                                             gint                    level_index,
                                             const char             *where,
                                             GPtrArray              *findings,
                                             guint                  *n_checked);

/* The stored iidx list of LEVEL (gint16, transfer full), or NULL when it has none. */
GArray  *tsr_marathon_level_stored_map_indexes (const TsrMarathonLevel *level);

G_END_DECLS
