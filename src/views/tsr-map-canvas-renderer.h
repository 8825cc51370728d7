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
/* The grid lines' colour (RGBA, 0..1; white at 0.22 by default). */
void            tsr_map_renderer_set_grid_color (TsrMapRenderer       *self,
                                                 double                red,
                                                 double                green,
                                                 double                blue,
                                                 double                alpha);
/* Draws the view VIEWPORT into CR, whose user space is view pixels with (0, 0) at the view's
 * top-left. Only chunks inside CR's clip are drawn. Returns FALSE when the frame budget ran out
 * and some chunks were drawn from other levels of detail: draw again next frame. */
gboolean        tsr_map_renderer_draw           (TsrMapRenderer       *self,
                                                 cairo_t              *cr,
                                                 const TsrMapViewport *viewport);
/* Draws CELLS of LAYER displaced by (DX, DY) cells over what CR holds: the block a selection
 * drag is moving, before the move is applied. Not cached. */
void            tsr_map_renderer_draw_floating  (TsrMapRenderer       *self,
                                                 cairo_t              *cr,
                                                 const TsrMapViewport *viewport,
                                                 guint                 layer,
                                                 const TsrTileRect    *cells,
                                                 gint                  dx,
                                                 gint                  dy);
/* Caps the time one draw spends compositing new chunks (0, the default: no cap). The widgets
 * set a few milliseconds so that a first view or a new zoom level never stalls a frame; it fills
 * in over the next frames instead. */
void            tsr_map_renderer_set_frame_budget (TsrMapRenderer     *self,
                                                 gint64                microseconds);
/* Forgets every cached chunk and tile bitmap, keeping chunk memory for reuse (the benchmark
 * measures cold frames with it). */
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
/* The same view (what a layer drew for one may be painted for the other). */
gboolean        tsr_map_viewport_equal          (const TsrMapViewport *a,
                                                 const TsrMapViewport *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMapRenderer, tsr_map_renderer_free)

G_END_DECLS
