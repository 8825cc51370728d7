/* tsr-test-visual-ui.h: what the visual mode's real-input tests share: a key with time for the
 * frame it causes, waiting for the GL area's next frame, a click at a point of a widget, and a
 * pixel of the view whose ray meets a Marathon surface of a kind, and the camera's marker on the
 * 2D map in a screenshot. */
#pragma once

#include <gtk/gtk.h>

#include "formats/marathon/tsr-marathon-map.h"
#include "render/tsr-visual-scene.h"
#include "views/visual/tsr-visual-view.h"
#include "tsr-test-xtest.h"

/* Presses and releases KEYVAL with MODIFIERS, then lets the view draw. */
void     tsr_test_visual_key         (TsrTestXTest    *xtest,
                                      guint            keyval,
                                      GdkModifierType  modifiers);
/* Waits until VIEW has drawn more than AFTER frames (asserts it does). */
void     tsr_test_visual_wait_frames (TsrVisualView   *view,
                                      guint            after);
/* Moves the pointer to (X, Y) of WIDGET in steps, clicks button 1, lets the result draw. */
void     tsr_test_visual_click_at    (TsrTestXTest    *xtest,
                                      GtkWidget       *widget,
                                      double           x,
                                      double           y);
typedef gboolean (*TsrTestVisualSurfaceFunc) (const TsrVisualSurface *surface,
                                              const TsrMarathonLevel *level);
/* A pixel (X, Y) of VIEW (its GL area's size) whose ray meets a surface of LEVEL accepted by
 * FUNC, scanning rows from the middle outwards; FALSE when none of 40 × 40 does. */
gboolean tsr_test_visual_find_pixel  (TsrVisualView           *view,
                                      const TsrMarathonLevel  *level,
                                      TsrTestVisualSurfaceFunc func,
                                      double                  *x,
                                      double                  *y);

/* Saves WIDGET's screenshot as DIRECTORY/NAME and counts the pixels of the visual mode's camera
 * marker on the 2D map (its orange dot, tsr-visual-camera-layer.c) within RADIUS pixels of (X, Y)
 * of WIDGET. */
guint    tsr_test_visual_marker_pixels (GtkWidget     *widget,
                                        const char    *directory,
                                        const char    *name,
                                        double         x,
                                        double         y,
                                        double         radius);
