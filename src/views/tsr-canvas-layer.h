/* tsr-canvas-layer.h: one kind of data the canvas draws, stacked bottom to top (after Sysprof's
 * chart layers): the tile layer (TsrMapRenderer over a TsrTileMap), the vector layer (a
 * TsrVectorMap in cairo), and what families add. A layer draws into cairo for a viewport, says
 * which map area it covers, and asks for redraws of the areas that changed. */
#pragma once

#include <cairo.h>
#include <gdk/gdk.h>

#include "edit/tsr-tool.h"
#include "edit/tsr-vector-map.h"
#include "views/tsr-map-canvas-renderer.h"

G_BEGIN_DECLS

#define TSR_TYPE_CANVAS_LAYER (tsr_canvas_layer_get_type ())
G_DECLARE_INTERFACE (TsrCanvasLayer, tsr_canvas_layer, TSR, CANVAS_LAYER, GObject)

struct _TsrCanvasLayerInterface {
  GTypeInterface parent_iface;

  /* Which tools edit it (tile or vector). */
  TsrLayerKind (*get_kind)   (TsrCanvasLayer       *self);
  /* The map area it covers, in map units (empty: nothing yet). */
  void         (*get_bounds) (TsrCanvasLayer       *self,
                              TsrVectorBounds      *bounds);
  /* Draws VIEWPORT into CR (user space: view pixels, (0, 0) at the view's top-left). Returns
   * FALSE when parts were drawn as stand-ins (a frame budget ran out): draw again next frame. */
  gboolean     (*draw)       (TsrCanvasLayer       *self,
                              cairo_t              *cr,
                              const TsrMapViewport *viewport);
  /* Optional, for layers that draw a grid: the canvas's grid colour (the preference), set when
   * the layer is added and whenever it changes. */
  void         (*set_grid_color) (TsrCanvasLayer     *self,
                                  const GdkRGBA      *color);

  /* Optional: the part of VIEWPORT (whole view pixels) that the last draw for it covered with
   * opaque pixels, so nothing beneath needs painting there; an empty rectangle for none. */
  void         (*get_opaque_area) (TsrCanvasLayer       *self,
                                   const TsrMapViewport *viewport,
                                   cairo_rectangle_int_t *area);
  gpointer padding[6];
};

TsrLayerKind tsr_canvas_layer_get_kind   (TsrCanvasLayer       *self);
void         tsr_canvas_layer_get_bounds (TsrCanvasLayer       *self,
                                          TsrVectorBounds      *bounds);
gboolean     tsr_canvas_layer_draw       (TsrCanvasLayer       *self,
                                          cairo_t              *cr,
                                          const TsrMapViewport *viewport);
/* Passes COLOR to a layer that draws a grid; nothing for others. */
void         tsr_canvas_layer_set_grid_color (TsrCanvasLayer       *self,
                                              const GdkRGBA        *color);

/* What the layer's last draw of VIEWPORT covered opaque (empty when it does not say). */
void         tsr_canvas_layer_get_opaque_area (TsrCanvasLayer        *self,
                                               const TsrMapViewport  *viewport,
                                               cairo_rectangle_int_t *area);
/* The largest of the opaque areas of LAYERS (TsrCanvasLayer) drawn for VIEWPORT: what a stack of
 * them covers opaque, as one rectangle. */
void         tsr_canvas_layers_get_opaque_area (GPtrArray             *layers,
                                                const TsrMapViewport  *viewport,
                                                cairo_rectangle_int_t *area);
/* For implementations: "invalidate-area (const TsrVectorBounds *area)" asks for AREA (map
 * units; NULL: everything) to be drawn again; "bounds-changed" says get_bounds changed. */
void         tsr_canvas_layer_invalidate_area (TsrCanvasLayer        *self,
                                               const TsrVectorBounds *area);
void         tsr_canvas_layer_bounds_changed  (TsrCanvasLayer        *self);

G_END_DECLS
