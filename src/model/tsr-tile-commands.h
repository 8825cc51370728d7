/* tsr-tile-commands.h: the undoable edits of a TsrTileMap that every tile-map family shares:
 * painting cells, rectangle and flood fill, erase, and the clipboard (copy, cut, paste, move,
 * delete of a rectangle). Each builder returns a command that has not been applied yet; push it
 * on the document's undo stack, which applies it. */
#pragma once

#include "model/tsr-command.h"
#include "model/tsr-tile-map.h"

G_BEGIN_DECLS

#define TSR_TYPE_PAINT_TILES_COMMAND (tsr_paint_tiles_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrPaintTilesCommand, tsr_paint_tiles_command, TSR, PAINT_TILES_COMMAND, TsrCommand)

/* Sets any number of cells on any layers of MAP. Commands with the same non-NULL MERGE_KEY (the
 * tool, e.g. "pencil") merge while pushed consecutively, so a stroke undoes as one action; the
 * tool calls tsr_undo_stack_break_merge when the stroke ends. */
TsrPaintTilesCommand *tsr_paint_tiles_command_new         (TsrTileMap           *map,
                                                           const char           *description,
                                                           const char           *merge_key);
/* Records that redo sets (X, Y) on LAYER to VALUE; the old value is read now, so build the
 * command against the state it will be applied to. Cells outside the map are ignored; setting a
 * cell twice keeps the first old value and the last new value. */
void                  tsr_paint_tiles_command_set         (TsrPaintTilesCommand *self,
                                                           guint                 layer,
                                                           gint                  x,
                                                           gint                  y,
                                                           guint32               value);
/* FALSE when applying would change no cell (tools then push nothing). */
gboolean              tsr_paint_tiles_command_has_changes (TsrPaintTilesCommand *self);
guint                 tsr_paint_tiles_command_get_n_cells (TsrPaintTilesCommand *self);

/* A rectangle of cells of one or more consecutive layers, copied from a map. It can be pasted
 * into any map of the same family (another level, another open file). Immutable, refcounted. */
typedef struct _TsrTileClip TsrTileClip;

#define TSR_TYPE_TILE_CLIP (tsr_tile_clip_get_type ())
GType        tsr_tile_clip_get_type        (void) G_GNUC_CONST;
/* The cells of AREA (clipped to the map) on layers FIRST_LAYER .. FIRST_LAYER + N_LAYERS - 1;
 * NULL when nothing remains after clipping. */
TsrTileClip *tsr_tile_clip_new_from_map    (TsrTileMap        *map,
                                            guint              first_layer,
                                            guint              n_layers,
                                            const TsrTileRect *area);
TsrTileClip *tsr_tile_clip_ref             (TsrTileClip       *clip);
void         tsr_tile_clip_unref           (TsrTileClip       *clip);
const char  *tsr_tile_clip_get_family      (const TsrTileClip *clip);
guint        tsr_tile_clip_get_width       (const TsrTileClip *clip);
guint        tsr_tile_clip_get_height      (const TsrTileClip *clip);
guint        tsr_tile_clip_get_first_layer (const TsrTileClip *clip);
guint        tsr_tile_clip_get_n_layers    (const TsrTileClip *clip);
guint32      tsr_tile_clip_get_tile        (const TsrTileClip *clip,
                                            guint              layer_index,
                                            guint              x,
                                            guint              y);
/* Whether CLIP can be pasted into MAP: same family and enough layers. */
gboolean     tsr_tile_clip_fits_map        (const TsrTileClip *clip,
                                            TsrTileMap        *map);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrTileClip, tsr_tile_clip_unref)

/* Builders. Each returns a new command (NULL when it would change nothing or cannot apply). */
TsrCommand *tsr_tile_command_fill_rect   (TsrTileMap        *map,
                                          guint              layer,
                                          const TsrTileRect *area,
                                          guint32            value);
/* Replaces the 4-connected region of cells equal to the one at (X, Y) with VALUE, never leaving
 * BOUNDS (the selection) when it is not NULL. */
TsrCommand *tsr_tile_command_flood_fill  (TsrTileMap        *map,
                                          guint              layer,
                                          gint               x,
                                          gint               y,
                                          guint32            value,
                                          const TsrTileRect *bounds);
/* Sets AREA on layers FIRST_LAYER .. + N_LAYERS - 1 to each layer's empty tile ("Delete"). */
TsrCommand *tsr_tile_command_erase_rect  (TsrTileMap        *map,
                                          guint              first_layer,
                                          guint              n_layers,
                                          const TsrTileRect *area,
                                          const char        *description);
/* Writes CLIP with its top-left cell at (X, Y), clipped to the map, on the clip's layers. */
TsrCommand *tsr_tile_command_paste       (TsrTileMap        *map,
                                          const TsrTileClip *clip,
                                          gint               x,
                                          gint               y);
/* Moves AREA of those layers by (DX, DY): the source becomes empty, then the cells land at the
 * destination (clipped); one command, so it undoes as one action. */
TsrCommand *tsr_tile_command_move        (TsrTileMap        *map,
                                          guint              first_layer,
                                          guint              n_layers,
                                          const TsrTileRect *area,
                                          gint               dx,
                                          gint               dy);

G_END_DECLS
