/* tsr-pixel-editor.h: a TsrPixelCanvas with its tool bar (the pixel tools, copy, paste, flip,
 * rotate, zoom), a colour button with alpha and a palette of the colours the image uses. Shared
 * by the Sphere tileset and spriteset editors (RGBA) and the Marathon shapes browser (indexed
 * bitmaps: a colour table's entries instead of the colour button). */
#pragma once

#include <gtk/gtk.h>

#include "views/tsr-pixel-canvas.h"

G_BEGIN_DECLS

#define TSR_TYPE_PIXEL_EDITOR (tsr_pixel_editor_get_type ())
G_DECLARE_FINAL_TYPE (TsrPixelEditor, tsr_pixel_editor, TSR, PIXEL_EDITOR, GtkBox)

GtkWidget      *tsr_pixel_editor_new        (void);
/* (transfer none) */
TsrPixelCanvas *tsr_pixel_editor_get_canvas (TsrPixelEditor *self);
/* Reads the image again (after the document changed) and rebuilds the palette. */
void            tsr_pixel_editor_refresh    (TsrPixelEditor *self);
/* Indexed mode (NULL COLOURS: RGBA mode): the canvas draws an index image through COLOURS (256
 * 0xRRGGBBAA by index), the colour button goes and the strip offers VALUES (the indexes of a
 * colour table's entries), the picker picking an index; the eraser (index 0) is offered only when
 * TRANSPARENT (index 0 is transparent). */
void            tsr_pixel_editor_set_indexed (TsrPixelEditor *self,
                                              const guint32  *colours,
                                              const guint8   *values,
                                              guint           n_values,
                                              gboolean        transparent);
/* Whether the segment tool is offered (tilesets with obstructions). */
void            tsr_pixel_editor_set_segment_tool_visible (TsrPixelEditor *self,
                                                           gboolean        visible);

G_END_DECLS
