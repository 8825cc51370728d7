/* tsr-test-doom2d-ui.h: what the Doom2D editor's real-input tests share: a point of the canvas
 * where a click hits a record, a real click there, a panel brought under the view, and reading
 * a saved map back with the codec. */
#pragma once

#include <gtk/gtk.h>

#include "formats/doom2d/tsr-doom2d-map.h"
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
/* The first panel (of TYPE, or any type when 0) at least 16 × 16 that CANVAS, centred on it at
 * its current zoom, shows where a click hits it, with that view point; G_MAXUINT when none. */
guint    tsr_test_doom2d_center_panel  (TsrDoom2dDocument *document,
                                        TsrMapCanvas      *canvas,
                                        gint64             type,
                                        double            *view_x,
                                        double            *view_y);
/* The binary map file at PATH, read by the codec (asserts it reads). */
TsrDoom2dMap *tsr_test_doom2d_load_map (const char        *path);
/* Whether two records hold the same values (their raw trigger bytes aside). */
gboolean tsr_test_doom2d_records_equal (const TsrDoom2dRecord *a,
                                        const TsrDoom2dRecord *b);
