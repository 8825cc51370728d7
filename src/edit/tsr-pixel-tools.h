/* tsr-pixel-tools.h: the pixel editor's tools, GTK-free, on the RGBA TsrImage the codecs decode
 * (Sphere tiles and spriteset frames; any owner that can lend its pixels as a TsrImage).
 *
 * API in short:
 *   - Drawing functions (tsr_pixel_pencil, _line, _rectangle, _flood_fill, _flip, _rotate,
 *     _paste ...) change an image in place and return the area they touched (empty: nothing
 *     changed). Colours are 0xRRGGBBAA and are written as they are (no blending), so the eraser is
 *     the pencil with 0x00000000. Coordinates outside the image are clipped, never an error.
 *   - A TsrPixelStroke is one user stroke (press … release): tsr_pixel_stroke_begin copies the
 *     owner's image; tools draw on tsr_pixel_stroke_get_image (the view shows it while dragging;
 *     line and rectangle call tsr_pixel_stroke_reset before each preview); tsr_pixel_stroke_finish
 *     turns the difference into ONE TsrPixelCommand (NULL when no byte changed) to push on the
 *     document's undo stack.
 *   - TsrPixelCommand writes the rectangle of changed pixels (after on redo, before on undo) into
 *     the owner's image through a TsrPixelTarget, which finds the image by index when the command
 *     runs (the owner may have reallocated it in between) and says what changed. An owner whose
 *     images are encoded records (Marathon bitmaps) gives the target a make_command instead: the
 *     stroke's result becomes the owner's own command.
 *   - Indexed pictures (8-bit, through a colour table) are lent as "index images": a TsrImage whose
 *     every pixel holds its index as the value 0x000000II (tsr_pixel_index_image_new). The tools
 *     compare and write whole values, so on an index image the pencil writes an index, flood fill
 *     compares indexes, the picker reads one and the eraser and a move leave index 0 (transparent
 *     where the palette makes 0 transparent). Four bytes a pixel: bitmaps are small. */
#pragma once

#include <glib.h>

#include "core/tsr-image.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

/* A rectangle of pixels; width or height 0 is empty. */
typedef struct {
  gint  x, y;
  guint width, height;
} TsrPixelRect;

gboolean tsr_pixel_rect_is_empty (const TsrPixelRect *rect);
/* Grows RECT to contain OTHER (an empty OTHER changes nothing). */
void     tsr_pixel_rect_union    (TsrPixelRect       *rect,
                                  const TsrPixelRect *other);
/* Clips RECT to IMAGE's bounds; FALSE when nothing is left. */
gboolean tsr_pixel_rect_clip     (TsrPixelRect       *rect,
                                  const TsrImage     *image);

/* The colour at (X, Y), or 0 (transparent black) outside. */
guint32  tsr_pixel_get           (const TsrImage *image,
                                  gint            x,
                                  gint            y);
/* Pencil and eraser: one pixel. */
TsrPixelRect tsr_pixel_pencil     (TsrImage *image,
                                   gint      x,
                                   gint      y,
                                   guint32   rgba);
/* A Bresenham line, both ends included. */
TsrPixelRect tsr_pixel_line       (TsrImage *image,
                                   gint      x0,
                                   gint      y0,
                                   gint      x1,
                                   gint      y1,
                                   guint32   rgba);
/* The rectangle with corners (X0, Y0) and (X1, Y1) in any order, both included; its outline one
 * pixel wide or FILLED. */
TsrPixelRect tsr_pixel_rectangle  (TsrImage *image,
                                   gint      x0,
                                   gint      y0,
                                   gint      x1,
                                   gint      y1,
                                   gboolean  filled,
                                   guint32   rgba);
/* Fills the 4-connected area of pixels whose RGBA equals the one at (X, Y) exactly. Filling with
 * the colour already there, or from outside the image, changes nothing. */
TsrPixelRect tsr_pixel_flood_fill (TsrImage *image,
                                   gint      x,
                                   gint      y,
                                   guint32   rgba);
/* Mirrors AREA (clipped) left-right (HORIZONTAL) or top-bottom. */
TsrPixelRect tsr_pixel_flip       (TsrImage           *image,
                                   const TsrPixelRect *area,
                                   gboolean            horizontal);
/* Turns AREA a quarter clockwise (or counter-clockwise), in place; AREA must be square and inside
 * the image (a tile or frame is turned whole only when it is square): otherwise FALSE, nothing
 * changed. CHANGED receives AREA. */
gboolean     tsr_pixel_rotate     (TsrImage           *image,
                                   const TsrPixelRect *area,
                                   gboolean            clockwise,
                                   TsrPixelRect       *changed);
/* Selection: the pixels of AREA (outside the image transparent). (transfer full) */
TsrImage    *tsr_pixel_copy       (const TsrImage     *image,
                                   const TsrPixelRect *area);
/* Writes every pixel of CLIP (transparent ones too) with its top-left at (X, Y), clipped. */
TsrPixelRect tsr_pixel_paste      (TsrImage       *image,
                                   const TsrImage *clip,
                                   gint            x,
                                   gint            y);
/* Moves the pixels of AREA by (DX, DY): AREA becomes transparent, then the pixels are pasted at
 * the new place (what falls outside the image is lost). */
TsrPixelRect tsr_pixel_move       (TsrImage           *image,
                                   const TsrPixelRect *area,
                                   gint                dx,
                                   gint                dy);
/* The distinct colours of IMAGE in order of first appearance (row by row), at most MAX (0: no
 * limit): the palette a colour chooser offers. (transfer full, element-type guint32) */
GArray      *tsr_pixel_palette    (const TsrImage *image,
                                   guint           max);

/* Index images (see the top): WIDTH x HEIGHT values from INDEXES (rows packed, one byte a pixel),
 * NULL as tsr_image_new for a size it refuses. (transfer full) */
TsrImage    *tsr_pixel_index_image_new  (guint           width,
                                         guint           height,
                                         const guint8   *indexes);
/* The index of every pixel of an index image, rows packed (the low byte of each value).
 * (transfer full) */
guint8      *tsr_pixel_index_image_get  (const TsrImage *image);
/* The index image drawn in PALETTE (256 colours, 0xRRGGBBAA, by index) as an RGBA picture.
 * (transfer full) */
TsrImage    *tsr_pixel_index_image_render (const TsrImage *image,
                                           const guint32  *palette);

/* Where a command finds the image it edits. */
typedef struct {
  /* Lends image INDEX of OWNER in OUT (pixels writable, owned by OWNER); FALSE when there is none. */
  gboolean (*get_image) (gpointer      owner,
                         guint         index,
                         TsrImage     *out);
  /* Called after the pixels in AREA of image INDEX changed (do, undo, redo). May be NULL. */
  void     (*changed)   (gpointer            owner,
                         guint               index,
                         const TsrPixelRect *area);
  /* May be NULL. The command making image INDEX what AFTER (the whole image) holds, AREA the
   * changed pixels; NULL when the owner refuses. When set, a stroke's finish returns it instead of
   * a TsrPixelCommand, and the lent image is only read. (transfer full) */
  TsrCommand *(*make_command) (gpointer            owner,
                               guint               index,
                               const TsrImage     *after,
                               const TsrPixelRect *area,
                               const char         *description);
} TsrPixelTarget;

#define TSR_TYPE_PIXEL_COMMAND (tsr_pixel_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrPixelCommand, tsr_pixel_command, TSR, PIXEL_COMMAND, TsrCommand)

/* A command that writes AFTER (AREA's pixels, rows packed) into image INDEX of OWNER on redo and
 * BEFORE on undo. TARGET must outlive the command (a static); OWNER is not referenced: it owns the
 * undo stack that holds the command. Does not merge (one stroke, one step). (transfer full) */
TsrCommand  *tsr_pixel_command_new (const TsrPixelTarget *target,
                                    gpointer              owner,
                                    guint                 index,
                                    const TsrPixelRect   *area,
                                    const guint8         *before,
                                    const guint8         *after,
                                    const char           *description);
guint        tsr_pixel_command_get_index (TsrPixelCommand *self);
/* (transfer none) */
const TsrPixelRect *tsr_pixel_command_get_area (TsrPixelCommand *self);

typedef struct _TsrPixelStroke TsrPixelStroke;

/* Starts a stroke on image INDEX of OWNER (copied now); NULL when the target has no such image. */
TsrPixelStroke *tsr_pixel_stroke_begin     (const TsrPixelTarget *target,
                                            gpointer              owner,
                                            guint                 index);
/* The image the stroke draws on (the owner's pixels plus the stroke so far). (transfer none) */
TsrImage       *tsr_pixel_stroke_get_image (TsrPixelStroke *stroke);
/* Puts the working image back to the owner's pixels (before a preview is redrawn). */
void            tsr_pixel_stroke_reset     (TsrPixelStroke *stroke);
/* The command making the owner's image what the stroke drew, or NULL when no byte differs; frees
 * STROKE. (transfer full) */
TsrCommand     *tsr_pixel_stroke_finish    (TsrPixelStroke *stroke,
                                            const char     *description);
void            tsr_pixel_stroke_free      (TsrPixelStroke *stroke);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrPixelStroke, tsr_pixel_stroke_free)

G_END_DECLS
