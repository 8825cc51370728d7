/* tsr-pixel-editor.h: a TsrPixelCanvas with its tool bar (the pixel tools, copy, paste, flip,
 * rotate, zoom), a colour button with alpha and a palette of the colours the image uses. Shared
 * by the Sphere tileset editor and any page that edits RGBA pictures of a document. */
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
/* Whether the segment tool is offered (tilesets with obstructions). */
void            tsr_pixel_editor_set_segment_tool_visible (TsrPixelEditor *self,
                                                           gboolean        visible);

G_END_DECLS
