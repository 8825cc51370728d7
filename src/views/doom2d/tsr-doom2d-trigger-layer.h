/* tsr-doom2d-trigger-layer.h: a canvas layer drawing a line from each trigger of a Doom2D Forever
 * map to its target (the door or lift panel it moves, the monster it waits for, the point it
 * teleports to), the selected triggers' lines highlighted. Hidden with the triggers category. */
#pragma once

#include "edit/tsr-selection.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "views/tsr-canvas-layer.h"

G_BEGIN_DECLS

#define TSR_TYPE_DOOM2D_TRIGGER_LAYER (tsr_doom2d_trigger_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dTriggerLayer, tsr_doom2d_trigger_layer, TSR, DOOM2D_TRIGGER_LAYER, GObject)

/* SELECTION (may be NULL) says which lines to highlight. */
TsrDoom2dTriggerLayer *tsr_doom2d_trigger_layer_new (TsrDoom2dDocument *document,
                                                     TsrSelection      *selection);

G_END_DECLS
