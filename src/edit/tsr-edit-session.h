/* tsr-edit-session.h: the state one editor page edits through: the document (and its undo stack),
 * the current layer (a TsrVectorMap or a TsrTileMap), the selection of elements on it, and the
 * active tool. Canvas, tools, inspector and panels share one session, so a selection made by a
 * tool is the one the inspector and Delete see. GTK-free. */
#pragma once

#include "edit/tsr-selection.h"
#include "edit/tsr-vector-clip.h"
#include "edit/tsr-tool.h"
#include "model/tsr-document.h"
#include "model/tsr-tile-map.h"

G_BEGIN_DECLS

#define TSR_TYPE_EDIT_SESSION (tsr_edit_session_get_type ())
G_DECLARE_FINAL_TYPE (TsrEditSession, tsr_edit_session, TSR, EDIT_SESSION, GObject)

/* Edits DOCUMENT through its undo stack. */
TsrEditSession *tsr_edit_session_new             (TsrDocument    *document);
/* Edits through UNDO_STACK alone, without a document (tests, scratch maps). */
TsrEditSession *tsr_edit_session_new_for_stack   (TsrUndoStack   *undo_stack);

TsrDocument    *tsr_edit_session_get_document    (TsrEditSession *self);
TsrUndoStack   *tsr_edit_session_get_undo_stack  (TsrEditSession *self);
/* Pushes COMMAND (NULL does nothing). */
void            tsr_edit_session_execute         (TsrEditSession *self,
                                                  TsrCommand     *command);

/* The layer being edited: an object implementing TsrVectorMap or TsrTileMap, or NULL. Changing
 * it clears the selection and cancels the tool's drag. */
GObject        *tsr_edit_session_get_layer       (TsrEditSession *self);
void            tsr_edit_session_set_layer       (TsrEditSession *self,
                                                  GObject        *layer);
/* The layer as a vector map, or NULL when it is not one. */
TsrVectorMap   *tsr_edit_session_get_vector_map  (TsrEditSession *self);
TsrTileMap     *tsr_edit_session_get_tile_map    (TsrEditSession *self);

/* The selected elements of the current vector layer (transfer none; lives as long as SELF).
 * Cleared when elements are added or removed, since indices may have shifted. */
TsrSelection   *tsr_edit_session_get_selection   (TsrEditSession *self);

/* The active tool, or NULL. Setting cancels the previous tool's drag. */
TsrTool        *tsr_edit_session_get_tool        (TsrEditSession *self);
void            tsr_edit_session_set_tool        (TsrEditSession *self,
                                                  TsrTool        *tool);

/* The grid of the vector layer, in map units (0: none; property "grid-step"): arrow keys nudge by
 * one step, and while "snap-to-grid" is on a drag moves the dragged vertex onto the grid. */
double          tsr_edit_session_get_grid_step   (TsrEditSession *self);
void            tsr_edit_session_set_grid_step   (TsrEditSession *self,
                                                  double          step);
gboolean        tsr_edit_session_get_snap_to_grid (TsrEditSession *self);
void            tsr_edit_session_set_snap_to_grid (TsrEditSession *self,
                                                   gboolean        snap);
/* X, Y moved onto the grid when snapping is on and there is a grid; else unchanged. */
void            tsr_edit_session_snap            (TsrEditSession *self,
                                                  double         *x,
                                                  double         *y);

/* Removes the selected elements (and what depends on them) as one command. FALSE when nothing
 * is selected. */
gboolean        tsr_edit_session_delete_selection (TsrEditSession *self);

/* Vector clipboard, shared by every session of the process, so a copy pastes into another level
 * or another open file of the same family. Copy takes the selection (with the points it uses). */
gboolean        tsr_edit_session_copy            (TsrEditSession *self);
/* Copy, then delete the selection, as one undo step. */
gboolean        tsr_edit_session_cut             (TsrEditSession *self);
/* Pastes the clipboard displaced by (DX, DY) map units as one command, and selects what was
 * pasted. FALSE when the clipboard is empty or of another family. */
gboolean        tsr_edit_session_paste           (TsrEditSession *self,
                                                  double          dx,
                                                  double          dy);
gboolean        tsr_edit_session_can_paste       (TsrEditSession *self);
/* The process-wide clipboard (NULL when empty; transfer none); set replaces it. */
TsrVectorClip  *tsr_edit_session_get_clipboard   (void);
void            tsr_edit_session_set_clipboard   (TsrVectorClip  *clip);

/* Emits "edit-refused (const char *message)": a tool refused an edit (a move that would break a
 * polygon) and changed nothing; the page shows why. */
void            tsr_edit_session_refuse          (TsrEditSession *self,
                                                  const char     *message);
/* Shows ITEMS (TsrOverlayItem, transfer full; NULL or empty for none) over the map as what a
 * refused edit blamed, until the next edit or this is called again (Escape calls it with NULL).
 * Emits "refused-changed". */
void            tsr_edit_session_show_refused    (TsrEditSession *self,
                                                  GPtrArray      *items);
/* The items shown, or NULL (transfer none). */
GPtrArray      *tsr_edit_session_get_refused     (TsrEditSession *self);

G_END_DECLS
