/* tsr-tile-tools.h: the tile-map tools (pencil, rectangle, flood fill, eraser, picker, rectangle
 * selection with move) and clipboard operations, independent of any widget. The map canvas feeds
 * them cell coordinates from its gestures; tests call the same entry points. Tools change the map
 * only by pushing commands on the undo stack. */
#pragma once

#include "model/tsr-tile-commands.h"
#include "model/tsr-undo-stack.h"

G_BEGIN_DECLS

typedef enum {
  TSR_TILE_TOOL_PENCIL,
  TSR_TILE_TOOL_RECTANGLE,
  TSR_TILE_TOOL_FILL,
  TSR_TILE_TOOL_ERASER,
  TSR_TILE_TOOL_PICKER,
  TSR_TILE_TOOL_SELECT,
} TsrTileToolKind;

#define TSR_TYPE_TILE_TOOL_KIND (tsr_tile_tool_kind_get_type ())
GType tsr_tile_tool_kind_get_type (void) G_GNUC_CONST;

#define TSR_TYPE_TILE_TOOLS (tsr_tile_tools_get_type ())
G_DECLARE_FINAL_TYPE (TsrTileTools, tsr_tile_tools, TSR, TILE_TOOLS, GObject)

TsrTileTools    *tsr_tile_tools_new             (TsrTileMap        *map,
                                                 TsrUndoStack      *undo_stack);
TsrTileMap      *tsr_tile_tools_get_map         (TsrTileTools      *self);
TsrTileToolKind  tsr_tile_tools_get_tool        (TsrTileTools      *self);
void             tsr_tile_tools_set_tool        (TsrTileTools      *self,
                                                 TsrTileToolKind    tool);
/* The pencil's and eraser's square brush: 1, 3 or 5 cells a side. */
guint            tsr_tile_tools_get_brush_size  (TsrTileTools      *self);
void             tsr_tile_tools_set_brush_size  (TsrTileTools      *self,
                                                 guint              size);
/* The layer tools paint on. */
guint            tsr_tile_tools_get_layer       (TsrTileTools      *self);
void             tsr_tile_tools_set_layer       (TsrTileTools      *self,
                                                 guint              layer);
/* The tile value painted (chosen in the palette or with the picker). */
guint32          tsr_tile_tools_get_tile        (TsrTileTools      *self);
void             tsr_tile_tools_set_tile        (TsrTileTools      *self,
                                                 guint32            tile);
/* A tile chosen in a palette: chosen, and the pencil takes it up — from Fill or Rectangle too,
 * so one click in a palette never floods a level with it (a tool chosen after the palette
 * stays). */
void             tsr_tile_tools_choose_from_palette (TsrTileTools  *self,
                                                     guint32        tile);
/* Flood fills on LAYER that paint more than CELLS cells ask first ("confirm-fill"; 0: never). */
void             tsr_tile_tools_set_fill_limit  (TsrTileTools      *self,
                                                 guint              layer,
                                                 guint              cells);
/* The fill waiting for an answer to "confirm-fill": APPLY pushes it, else it is dropped. */
void             tsr_tile_tools_finish_fill     (TsrTileTools      *self,
                                                 gboolean           apply);
gboolean         tsr_tile_tools_has_pending_fill (TsrTileTools     *self);

/* Pointer input in cells. PICK (Alt held) makes any tool act as the picker for this drag. */
void             tsr_tile_tools_press           (TsrTileTools      *self,
                                                 gint               x,
                                                 gint               y,
                                                 gboolean           pick);
void             tsr_tile_tools_motion          (TsrTileTools      *self,
                                                 gint               x,
                                                 gint               y);
void             tsr_tile_tools_release         (TsrTileTools      *self,
                                                 gint               x,
                                                 gint               y);
/* Abandons the current drag without applying it (Escape, focus lost). */
void             tsr_tile_tools_cancel          (TsrTileTools      *self);

/* The selection, or FALSE when there is none. */
gboolean         tsr_tile_tools_get_selection   (TsrTileTools      *self,
                                                 TsrTileRect       *selection);
void             tsr_tile_tools_set_selection   (TsrTileTools      *self,
                                                 const TsrTileRect *selection);
/* What to draw over the map while a drag is in progress: the rectangle being drawn, or the
 * selection outline at its dragged position. FALSE when there is nothing. */
gboolean         tsr_tile_tools_get_preview     (TsrTileTools      *self,
                                                 TsrTileRect       *preview);

/* While a selection is being dragged: how far, in cells (the canvas shows the cells there). */
gboolean         tsr_tile_tools_get_move_offset (TsrTileTools      *self,
                                                 gint              *dx,
                                                 gint              *dy);

/* Clipboard, on the current layer. The clipboard is shared by every map of the process, so a
 * copy can be pasted into another level or another open map of the same family. */
gboolean         tsr_tile_tools_copy            (TsrTileTools      *self);
gboolean         tsr_tile_tools_cut             (TsrTileTools      *self);
/* Pastes with the top-left cell at (X, Y); the pasted area becomes the selection. */
gboolean         tsr_tile_tools_paste           (TsrTileTools      *self,
                                                 gint               x,
                                                 gint               y);
gboolean         tsr_tile_tools_delete          (TsrTileTools      *self);
gboolean         tsr_tile_tools_can_paste       (TsrTileTools      *self);
/* The process-wide clipboard (NULL when empty); tsr_tile_tools_set_clipboard replaces it. */
TsrTileClip     *tsr_tile_tools_get_clipboard   (void);
void             tsr_tile_tools_set_clipboard   (TsrTileClip       *clip);

G_END_DECLS
