/* tsr-canvas-picture.h: what a canvas layer drew for one viewport, kept as pixels. A frame of the
 * same view paints it; a frame panned by whole view pixels moves the picture's origin (the surface
 * wraps around: nothing is copied) and leaves only the strips newly uncovered to draw (scrolling
 * and dragging the view cost a strip, not the view);
 * any other view (a zoom, a fractional pan, a new size) is drawn whole. The layer draws the dirty
 * area, which also collects what it invalidates. While a zoom goes on, a layer may paint the picture
 * scaled as a stand-in and draw it anew in bands once the view stays (tsr_canvas_picture_zoom_frame). */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "edit/tsr-vector-map.h"
#include "views/tsr-map-canvas-renderer.h"

G_BEGIN_DECLS

typedef struct _TsrCanvasPicture TsrCanvasPicture;

/* FORMAT: CAIRO_FORMAT_RGB24 for layers that cover every pixel (painting it is a copy),
 * CAIRO_FORMAT_ARGB32 for layers drawn over others. */
/* SURFACE (an image surface) as a cairo raster-source pattern that hands cairo the surface itself
 * whenever a drawing reads it: recorded into a render node, it keeps a reference, not a snapshot
 * that the next write into the surface would copy whole (see tsr-canvas-picture.c). (transfer full) */
cairo_pattern_t  *tsr_canvas_picture_surface_pattern (cairo_surface_t      *surface);
TsrCanvasPicture *tsr_canvas_picture_new           (cairo_format_t          format);
void              tsr_canvas_picture_free          (TsrCanvasPicture       *self);
/* Brings the picture to VIEWPORT: nothing to do when it was drawn for it; its origin moved when
 * VIEWPORT is it panned by whole view pixels (the uncovered strips become dirty); everything
 * dirty otherwise. Returns TRUE when the whole view is to be drawn. */
gboolean          tsr_canvas_picture_move_to       (TsrCanvasPicture       *self,
                                                    const TsrMapViewport   *viewport);
typedef void (*TsrCanvasPictureDrawFunc) (cairo_t *cr,
                                          gpointer user_data);

/* Whether anything is left to draw. */
gboolean          tsr_canvas_picture_is_dirty      (TsrCanvasPicture       *self);
/* Clears the dirty pixels (transparent, or black for RGB24) and calls FUNC to draw them again:
 * once per dirty rectangle, clipped to it (a diagonal pan uncovers two strips, and layers cull by
 * the clip's extents), or once clipped to them all when they are many; split where they cross the
 * surface's edges (the origin). CR's user space is view pixels, translated: FUNC finds the pixels
 * of the surface (CR's target) through cairo_user_to_device, never by view coordinates. */
void              tsr_canvas_picture_draw          (TsrCanvasPicture       *self,
                                                    TsrCanvasPictureDrawFunc func,
                                                    gpointer                user_data);
/* Paints the picture into CR (view pixels, (0, 0) at the view's top-left), only inside AREA
 * when it is not NULL (view pixels). */
void              tsr_canvas_picture_paint         (TsrCanvasPicture       *self,
                                                    cairo_t                *cr,
                                                    const cairo_rectangle_int_t *area);
/* Marks the map area AREA (map units, widened by MARGIN view pixels) to draw again; NULL: all of
 * the picture, which is then drawn whole next time. */
void              tsr_canvas_picture_invalidate    (TsrCanvasPicture       *self,
                                                    const TsrVectorBounds  *area,
                                                    double                  margin);
/* Whether move_to VIEWPORT keeps the picture's pixels (it is the kept view panned by whole view
 * pixels, less than the view). */
gboolean          tsr_canvas_picture_can_move_to   (TsrCanvasPicture       *self,
                                                    const TsrMapViewport   *viewport);
/* Zoom steps: whether the picture may stand in for VIEWPORT, scaled (valid, of its size, at another
 * zoom, or at its zoom moved by a fraction of a pixel; tsr_canvas_picture_zoom_frame). */
gboolean          tsr_canvas_picture_can_zoom      (TsrCanvasPicture       *self,
                                                    const TsrMapViewport   *viewport);
/* A frame of a zoom at VIEWPORT (tsr_canvas_picture_can_zoom), painted into CR, only inside AREA
 * when it is not NULL. The first frame of a view paints the picture scaled at once (a zoom step
 * costs a scaled copy); each further frame of the same view (no further step came) draws the view
 * anew into the spare surface, a band of rows at a time (FUNC, clipped to the band) for a few
 * milliseconds, and paints the picture scaled again until the view is all drawn. Returns TRUE
 * then: the spare is the picture (of VIEWPORT, nothing dirty), painted; FALSE: the frame was a
 * stand-in, draw again next frame. A change (invalidate) draws the bands again; any move_to ends
 * the zoom. */
gboolean          tsr_canvas_picture_zoom_frame    (TsrCanvasPicture       *self,
                                                    cairo_t                *cr,
                                                    const TsrMapViewport   *viewport,
                                                    const cairo_rectangle_int_t *area,
                                                    TsrCanvasPictureDrawFunc func,
                                                    gpointer                user_data);
/* Paints the picture, drawn for another zoom, scaled to VIEWPORT (where its view lies in
 * VIEWPORT; nearest neighbour), only inside AREA when it is not NULL (view pixels of VIEWPORT). */
void              tsr_canvas_picture_paint_scaled  (TsrCanvasPicture       *self,
                                                    cairo_t                *cr,
                                                    const TsrMapViewport   *viewport,
                                                    const cairo_rectangle_int_t *area);
/* The viewport it holds (valid or not) and whether it holds one. */
const TsrMapViewport *tsr_canvas_picture_get_viewport (TsrCanvasPicture    *self);
gboolean          tsr_canvas_picture_is_valid      (TsrCanvasPicture       *self);
/* The picture's pixels (device pixels; NULL before the first move_to), addressed from the origin:
 * view device pixel (x, y) is at ((x + ox) mod surface width, (y + oy) mod surface height). */
cairo_surface_t  *tsr_canvas_picture_get_surface   (TsrCanvasPicture       *self);
void              tsr_canvas_picture_get_origin    (TsrCanvasPicture       *self,
                                                    int                    *ox,
                                                    int                    *oy);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrCanvasPicture, tsr_canvas_picture_free)

G_END_DECLS
