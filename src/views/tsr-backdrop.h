/* tsr-backdrop.h: a window's own background, and its tabs' page background, painted around the
 * widgets that paint every pixel of their area (the map canvases, and the overview beside them)
 * instead of beneath them.
 *
 * Why: GTK 4.8's cairo renderer draws a widget's cairo drawing (a recording) straight into the
 * frame only while nothing has been painted into that frame yet; otherwise it replays it into a
 * temporary image of the widget's size and composites that. A map canvas under the theme's window
 * and page backgrounds took that detour at every frame of a pan or a zoom: a fill, a clear, a copy
 * and a composite of a full-HD canvas, 1–1.7 ms of a 7–9 ms frame. Painted around the canvas, the
 * backgrounds never touch the pixels the canvas redraws. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* WINDOW paints its backgrounds itself through tsr_backdrop_snapshot, first thing in its
 * snapshot. It does so only under the theme it knows the backgrounds of (GTK's own Default in
 * its light, dark and high-contrast variants); under any other theme the theme paints them as
 * before. */
void     tsr_backdrop_enable         (GtkWindow   *window);
/* WIDGET, mapped, paints every pixel of its allocation opaque: its window's backdrop leaves that
 * area out. Call from its map handler; tsr_backdrop_remove_opaque from its unmap handler. A no-op
 * where the widget's window has no backdrop. */
void     tsr_backdrop_add_opaque     (GtkWidget   *widget);
void     tsr_backdrop_remove_opaque  (GtkWidget   *widget);
/* The backgrounds WINDOW's theme would have painted, minus the opaque widgets' areas. */
void     tsr_backdrop_snapshot       (GtkWindow   *window,
                                      GtkSnapshot *snapshot);
/* Whether WINDOW paints its backgrounds itself now (tests). */
gboolean tsr_backdrop_get_active     (GtkWindow   *window);
/* Switches WINDOW's backdrop off (the theme paints again) or back on (tests compare the two). */
void     tsr_backdrop_set_allowed    (GtkWindow   *window,
                                      gboolean     allowed);

G_END_DECLS
