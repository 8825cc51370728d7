/* tsr-test-doom2d-ui.h: what the Doom2D editor's real-input tests share: a point of the canvas
 * where a click hits a record, and a real click there. */
#pragma once

#include <gtk/gtk.h>

#include "model/doom2d/tsr-doom2d-document.h"
#include "views/tsr-map-canvas.h"
#include "tsr-test-xtest.h"

/* A view point of CANVAS inside record INDEX of KIND where a click hits that record, and on
 * screen; FALSE when none of 7 × 7 points of its box is. */
gboolean tsr_test_doom2d_point_hitting (TsrDoom2dDocument *document,
                                        TsrMapCanvas      *canvas,
                                        TsrDoom2dKind      kind,
                                        guint              index,
                                        double            *view_x,
                                        double            *view_y);
/* Moves the pointer to (X, Y) of CANVAS in steps of 20 pixels and clicks button 1 there. */
void     tsr_test_doom2d_real_click    (TsrTestXTest      *xtest,
                                        TsrMapCanvas      *canvas,
                                        double             x,
                                        double             y);
