/* tsr-test-x-capture.h: what the X server shows of a window, for UI tests that check the pixels a
 * user sees rather than a widget's own rendering. Xlib and cairo only (no GTK), so a test that
 * drives a separate process can use it too. */
#pragma once

#include <X11/Xlib.h>
#include <cairo.h>

/* WINDOW's pixels as the screen shows them, as a new RGB24 surface; the test aborts when the X
 * server cannot give them. */
cairo_surface_t *tsr_test_x_capture (Display *display,
                                     Window   window);
