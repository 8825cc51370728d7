/* tsr-canvas-stack-layer.h: layers drawn together into one kept picture. A page whose layers all
 * say when their look changes (invalidate-area) stacks them here: a frame that changes none of them
 * (the tool's overlay moving, a hover) paints one picture over what they drew instead of every
 * layer's own work; a pan by whole view pixels moves the picture and draws them all in the strips
 * it uncovered; a change in any of them, or another zoom, draws them all again. */
#pragma once

#include "views/tsr-canvas-layer.h"

G_BEGIN_DECLS

#define TSR_TYPE_CANVAS_STACK_LAYER (tsr_canvas_stack_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrCanvasStackLayer, tsr_canvas_stack_layer, TSR, CANVAS_STACK_LAYER, GObject)

TsrCanvasStackLayer *tsr_canvas_stack_layer_new    (void);
/* Puts LAYER on top of the stack (a reference is kept). */
void                 tsr_canvas_stack_layer_add    (TsrCanvasStackLayer *self,
                                                    TsrCanvasLayer      *layer);

G_END_DECLS
