/* tsr-doom2d-canvas-layers.h: the layers the Doom2D map page draws a map with, made and stacked in
 * one place so the page, its drawing test and its benchmark draw the same thing. */
#pragma once

#include "edit/tsr-selection.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "views/doom2d/tsr-doom2d-map-layer.h"
#include "views/doom2d/tsr-doom2d-panel-layer.h"
#include "views/doom2d/tsr-doom2d-sprite-layer.h"
#include "views/doom2d/tsr-doom2d-trigger-layer.h"
#include "views/tsr-canvas-stack-layer.h"
#include "views/tsr-vector-layer.h"

G_BEGIN_DECLS

#define TSR_DOOM2D_CANVAS_N_LAYERS 6

/* Each holds a reference. */
typedef struct {
  TsrDoom2dMapLayer     *edge;     /* the map's edge */
  TsrDoom2dPanelLayer   *panels;   /* textured or flat panels, the sky */
  TsrDoom2dSpriteLayer  *sprites;  /* item and monster pictures (the panels' texture cache) */
  TsrDoom2dMapLayer     *grid;
  TsrVectorLayer        *records;  /* every record's outline and the selection, kept */
  TsrDoom2dTriggerLayer *triggers; /* trigger areas and lines to their targets */
  TsrCanvasStackLayer   *stack;    /* the six above, in that order, kept as one picture */
} TsrDoom2dCanvasLayers;

/* SEARCH: archives or folders searched after the map's own archive and before the game folders
 * (may be NULL), as tsr_doom2d_panel_layer_new takes it. SELECTION (may be NULL): what is drawn
 * selected. */
void            tsr_doom2d_canvas_layers_init  (TsrDoom2dCanvasLayers *layers,
                                                TsrDoom2dDocument     *document,
                                                const char *const     *search,
                                                TsrSelection          *selection);
void            tsr_doom2d_canvas_layers_clear (TsrDoom2dCanvasLayers *layers);
/* The INDEX-th (0 .. TSR_DOOM2D_CANVAS_N_LAYERS - 1) in drawing order, bottom first. */
TsrCanvasLayer *tsr_doom2d_canvas_layers_get   (const TsrDoom2dCanvasLayers *layers,
                                                guint                        index);

G_END_DECLS
