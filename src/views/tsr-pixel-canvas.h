/* tsr-pixel-canvas.h: the pixel editor's canvas: one image of a document (a tile, a frame) zoomed
 * by whole pixels with a pixel grid, drawn on with the pixel tools (edit/tsr-pixel-tools.h). A
 * press starts a TsrPixelStroke, the drag previews on its copy, the release pushes the one
 * command on the document's undo stack; the canvas never writes the document itself. The owner
 * calls tsr_pixel_canvas_refresh when the image changed (a "tileset-changed" after undo).
 * The segment tool draws nothing: it emits "segment-drawn" (x1, y1, x2, y2, in pixel corners,
 * snapped to the snap step), "segment-moved" (index, second end, x, y: a press on a segment's end
 * dragged it there, snapped the same way; emitted once, on release; with Ctrl held such a press
 * starts a new segment instead) and "segment-erase" (x, y) on
 * a right click, for an owner that keeps obstruction segments; tsr_pixel_canvas_set_segments
 * shows them over the picture. */
#pragma once

#include <gtk/gtk.h>

#include "edit/tsr-pixel-tools.h"
#include "formats/sphere/tsr-sphere-tileset.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

typedef enum {
  TSR_PIXEL_TOOL_PENCIL,
  TSR_PIXEL_TOOL_LINE,
  TSR_PIXEL_TOOL_RECTANGLE,
  TSR_PIXEL_TOOL_FILLED_RECTANGLE,
  TSR_PIXEL_TOOL_FILL,
  TSR_PIXEL_TOOL_PICKER,
  TSR_PIXEL_TOOL_ERASER,
  TSR_PIXEL_TOOL_SELECT,
  TSR_PIXEL_TOOL_SEGMENT,
  TSR_N_PIXEL_TOOLS
} TsrPixelTool;

#define TSR_TYPE_PIXEL_CANVAS (tsr_pixel_canvas_get_type ())
G_DECLARE_FINAL_TYPE (TsrPixelCanvas, tsr_pixel_canvas, TSR, PIXEL_CANVAS, GtkWidget)

GtkWidget   *tsr_pixel_canvas_new          (void);
/* Edits image INDEX of TARGET's OWNER; DOCUMENT's undo stack takes the commands. DOCUMENT NULL:
 * nothing shown. */
void         tsr_pixel_canvas_set_image    (TsrPixelCanvas       *self,
                                            TsrDocument          *document,
                                            const TsrPixelTarget *target,
                                            gpointer              owner,
                                            guint                 index);
guint        tsr_pixel_canvas_get_index    (TsrPixelCanvas       *self);
void         tsr_pixel_canvas_refresh      (TsrPixelCanvas       *self);
/* The image shown (the stroke's while one is drawn); FALSE without one. */
gboolean     tsr_pixel_canvas_lend_image   (TsrPixelCanvas       *self,
                                            TsrImage             *image);
void         tsr_pixel_canvas_set_tool     (TsrPixelCanvas       *self,
                                            TsrPixelTool          tool);
TsrPixelTool tsr_pixel_canvas_get_tool     (TsrPixelCanvas       *self);
/* 0xRRGGBBAA (in indexed mode the index); the picker changes it (notify::colour). */
void         tsr_pixel_canvas_set_colour   (TsrPixelCanvas       *self,
                                            guint32               rgba);
guint32      tsr_pixel_canvas_get_colour   (TsrPixelCanvas       *self);
/* Indexed mode: the image is an index image (edit/tsr-pixel-tools.h) drawn through PALETTE (256
 * colours 0xRRGGBBAA by index, copied), and the colour is an index; NULL: RGBA mode. */
void         tsr_pixel_canvas_set_palette  (TsrPixelCanvas       *self,
                                            const guint32        *palette);
gboolean     tsr_pixel_canvas_get_indexed  (TsrPixelCanvas       *self);
/* Screen pixels per image pixel (1..64). */
void         tsr_pixel_canvas_set_zoom     (TsrPixelCanvas       *self,
                                            guint                 zoom);
guint        tsr_pixel_canvas_get_zoom     (TsrPixelCanvas       *self);
void         tsr_pixel_canvas_set_snap     (TsrPixelCanvas       *self,
                                            guint                 snap);
/* The segments shown over the picture (TsrSphereSegment, copied; NULL: none). */
void         tsr_pixel_canvas_set_segments (TsrPixelCanvas       *self,
                                            GArray               *segments);
/* The selection (empty: none). */
void         tsr_pixel_canvas_get_selection (TsrPixelCanvas      *self,
                                             TsrPixelRect        *selection);
/* Each a stroke of its own (one undo step); on the selection, or the whole image without one. The
 * clipboard is shared by every canvas of the same mode (indexes are not pasted as colours). */
void         tsr_pixel_canvas_copy         (TsrPixelCanvas       *self);
void         tsr_pixel_canvas_paste        (TsrPixelCanvas       *self);
void         tsr_pixel_canvas_flip         (TsrPixelCanvas       *self,
                                            gboolean              horizontal);
/* FALSE when the area is not square (nothing changes). */
gboolean     tsr_pixel_canvas_rotate       (TsrPixelCanvas       *self,
                                            gboolean              clockwise);
/* The widget point of the middle of image pixel (X, Y), for tests driving real input. */
void         tsr_pixel_canvas_pixel_point  (TsrPixelCanvas       *self,
                                            guint                 x,
                                            guint                 y,
                                            double               *widget_x,
                                            double               *widget_y);

G_END_DECLS
