/* tsr-map-canvas-renderer.h: draws a TsrTileMap into any cairo context. The map canvas widget,
 * the minimap and the offscreen benchmark all use it, so what is measured is what is shown.
 *
 * The map is cut into chunks of about 256×256 device pixels, composited in software from the
 * visible layers at a level of detail matching the zoom (1, 1/2, 1/4 ... of the tile size) and
 * cached; a frame is then a few dozen chunk blits. tiles-changed drops only the chunks it touches,
 * so a pencil event re-composites one or two chunks. */
#pragma once

#include <cairo.h>

#include "model/tsr-tile-map.h"

G_BEGIN_DECLS

/* What part of the map is seen and how. */
typedef struct {
  double x;            /* map pixel (zoom 1) at the view's left edge */
  double y;            /* map pixel (zoom 1) at the view's top edge */
  double zoom;         /* view pixels per map pixel */
  int    width;        /* view size in view pixels */
  int    height;
  int    scale_factor; /* device pixels per view pixel (HiDPI) */
} TsrMapViewport;

typedef struct _TsrMapRenderer TsrMapRenderer;

TsrMapRenderer *tsr_map_renderer_new            (TsrTileMap           *map);
void            tsr_map_renderer_free           (TsrMapRenderer       *self);
TsrTileMap     *tsr_map_renderer_get_map        (TsrMapRenderer       *self);
void            tsr_map_renderer_set_show_grid  (TsrMapRenderer       *self,
                                                 gboolean              show_grid);
gboolean        tsr_map_renderer_get_show_grid  (TsrMapRenderer       *self);
/* Draws the view VIEWPORT into CR, whose user space is view pixels with (0, 0) at the view's
 * top-left. Only chunks inside CR's clip are drawn. */
void            tsr_map_renderer_draw           (TsrMapRenderer       *self,
                                                 cairo_t              *cr,
                                                 const TsrMapViewport *viewport);
/* Forgets every cached chunk and tile (the benchmark measures cold frames with it). */
void            tsr_map_renderer_drop_caches    (TsrMapRenderer       *self);
/* Number of chunks composited since the renderer was created (tests check that a tiles-changed
 * for one cell re-composites one chunk, not the view). */
guint64         tsr_map_renderer_get_chunks_rendered (TsrMapRenderer  *self);

/* Map-pixel ↔ view-pixel conversions for VIEWPORT. */
void            tsr_map_viewport_to_map         (const TsrMapViewport *viewport,
                                                 double                view_x,
                                                 double                view_y,
                                                 double               *map_x,
                                                 double               *map_y);
void            tsr_map_viewport_to_view        (const TsrMapViewport *viewport,
                                                 double                map_x,
                                                 double                map_y,
                                                 double               *view_x,
                                                 double               *view_y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMapRenderer, tsr_map_renderer_free)

G_END_DECLS
