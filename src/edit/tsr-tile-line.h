/* tsr-tile-line.h: the cells of a straight line between two cells, for tools that paint along the
 * pointer's path. GTK-free, bounded by the clip rectangle, so no pointer path can make a tool walk
 * for long or forever. */
#pragma once

#include "model/tsr-tile-map.h"

G_BEGIN_DECLS

/* End points are clamped to ±TSR_TILE_LINE_LIMIT first. */
#define TSR_TILE_LINE_LIMIT (1 << 30)

typedef void (*TsrTileLineFunc) (gint     x,
                                 gint     y,
                                 gpointer user_data);

/* Calls FUNC for every cell of the 8-connected line from (X0, Y0) to (X1, Y1), in order from the
 * start, each cell once; both end cells are on the line. With CLIP, only the cells inside it are
 * visited (a line is convex, so they are one run), and the work is bounded by the clip's size
 * whatever the end points are. Returns the number of cells visited. */
guint64 tsr_tile_line_walk (gint               x0,
                            gint               y0,
                            gint               x1,
                            gint               y1,
                            const TsrTileRect *clip,
                            TsrTileLineFunc    func,
                            gpointer           user_data);

G_END_DECLS
