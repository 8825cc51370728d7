/* tsr-sphere-tsx.h: reads a Tiled tileset (.tsx) made in Tiled, with its one image, into a Sphere
 * tileset for the tileset editor to append: the tiles cut from the image (margin, spacing and the
 * transparent colour honoured), Tiled's tile animations as Sphere's next-tile/delay links and each
 * tile's collision objects (polylines, polygons, rectangles) as obstruction segments. */
#pragma once

#include <glib.h>

#include "formats/sphere/tsr-sphere-tileset.h"

G_BEGIN_DECLS

/* Sphere's map engine steps a tile after DELAY of its frames; the editor and the TMX exchange take
 * 60 frames a second (docs/formats/sphere.md), so a Tiled duration of MS milliseconds becomes
 * round (MS * 60 / 1000) frames, at least 1 (a delay of 0 never steps) and at most 65535. */
guint16           tsr_sphere_tsx_delay_from_ms (guint64 ms);

/* Parses BYTES, the .tsx at PATH (its image is read relative to PATH's folder). Tile numbers in
 * the result are the TSX's tile ids; every tile is of segment type when any has segments. What
 * Sphere cannot hold (ellipse and point objects, a tile in two animations with different links)
 * is appended to LOST (optional, strings) instead of failing. Errors name the file, its line and
 * what was expected. (transfer full) */
TsrSphereTileset *tsr_sphere_tsx_import        (const char *path,
                                                GBytes     *bytes,
                                                GPtrArray  *lost,
                                                GError    **error);

G_END_DECLS
