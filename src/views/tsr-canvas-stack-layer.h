/* tsr-canvas-stack-layer.h: layers drawn together into one kept picture. A page whose layers all
 * say when their look changes (invalidate-area) stacks them here: a frame that changes none of them
 * (the tool's overlay moving, a hover) paints one picture over what they drew instead of every
 * layer's own work; a pan by whole view pixels moves the picture and draws them all in the strips
 * it uncovered; a change in any of them, or another zoom, draws them all again (only around the
 * change, for a layer that says how far its drawing reaches). */
#pragma once

#include "views/tsr-canvas-layer.h"

G_BEGIN_DECLS

#define TSR_TYPE_CANVAS_STACK_LAYER (tsr_canvas_stack_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrCanvasStackLayer, tsr_canvas_stack_layer, TSR, CANVAS_STACK_LAYER, GObject)

TsrCanvasStackLayer *tsr_canvas_stack_layer_new    (void);
/* Puts LAYER on top of the stack (a reference is kept). Any change LAYER names (invalidate-area)
 * draws the whole picture again: an area does not say how far a layer's drawing of it reaches
 * (line widths, labels, sprites). */
void                 tsr_canvas_stack_layer_add    (TsrCanvasStackLayer *self,
                                                    TsrCanvasLayer      *layer);
/* The same for a layer whose drawing of an area it names stays within REACH view pixels of it:
 * the picture is drawn again only there (every layer of the stack, clipped to it). */
void                 tsr_canvas_stack_layer_add_reaching (TsrCanvasStackLayer *self,
                                                          TsrCanvasLayer      *layer,
                                                          double               reach);

G_END_DECLS
