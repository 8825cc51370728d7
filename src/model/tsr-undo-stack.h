/* tsr-undo-stack.h: unlimited undo/redo of TsrCommands, with merging, grouping and a clean point
 * (the state last saved) from which a document's "modified" is derived; it also answers what a
 * history view lists (entries, position, clean point) and jumps to any position. */
#pragma once

#include "model/tsr-command.h"

G_BEGIN_DECLS

#define TSR_TYPE_UNDO_STACK (tsr_undo_stack_get_type ())
G_DECLARE_FINAL_TYPE (TsrUndoStack, tsr_undo_stack, TSR, UNDO_STACK, GObject)

TsrUndoStack *tsr_undo_stack_new             (void);
/* Applies COMMAND and records it (dropping anything redoable). Inside a group it joins the group;
 * otherwise it merges into the previous command when that command allows it, unless the previous
 * command is the clean point or tsr_undo_stack_break_merge was called since. */
void          tsr_undo_stack_push            (TsrUndoStack *self,
                                              TsrCommand   *command);
gboolean      tsr_undo_stack_undo            (TsrUndoStack *self);
gboolean      tsr_undo_stack_redo            (TsrUndoStack *self);
/* Starts collecting pushes into one action named DESCRIPTION; groups nest, the outermost counts. */
void          tsr_undo_stack_begin_group     (TsrUndoStack *self,
                                              const char   *description);
void          tsr_undo_stack_end_group       (TsrUndoStack *self);
/* Ends the outermost group by undoing what was pushed into it and dropping it: nothing is
 * recorded (an edit of several elements that one of them refused). */
void          tsr_undo_stack_cancel_group    (TsrUndoStack *self);
/* Drops what could be redone (a tool undid an action it then refused: it must not come back). */
void          tsr_undo_stack_drop_redo       (TsrUndoStack *self);
/* The next push starts a new action even if it could merge (a tool's stroke ended). */
void          tsr_undo_stack_break_merge     (TsrUndoStack *self);
/* Drops every command (their undo state with them) while what they point into is still alive: a
 * document calls it when it goes, since views may hold the stack longer. */
void          tsr_undo_stack_clear           (TsrUndoStack *self);
gboolean      tsr_undo_stack_get_can_undo    (TsrUndoStack *self);
gboolean      tsr_undo_stack_get_can_redo    (TsrUndoStack *self);
/* The description of what undo/redo would do, or NULL. */
const char   *tsr_undo_stack_get_undo_description (TsrUndoStack *self);
const char   *tsr_undo_stack_get_redo_description (TsrUndoStack *self);
/* The current state is what was saved. */
void          tsr_undo_stack_set_clean       (TsrUndoStack *self);
/* No state in the history is what is on disk (content recovered after a crash): modified until
 * the next tsr_undo_stack_set_clean. */
void          tsr_undo_stack_forget_clean    (TsrUndoStack *self);
gboolean      tsr_undo_stack_get_is_clean    (TsrUndoStack *self);
guint         tsr_undo_stack_get_depth       (TsrUndoStack *self);

/* The history, for a history view. Entries are the recorded actions, oldest first, with no limit
 * on their number; the position is how many of them are applied (0: the original state), so
 * entries [0, position) can be undone and [position, n_entries) redone. */
guint         tsr_undo_stack_get_n_entries   (TsrUndoStack *self);
/* (transfer none) */
const char   *tsr_undo_stack_get_entry_description (TsrUndoStack *self,
                                              guint         index);
guint         tsr_undo_stack_get_position    (TsrUndoStack *self);
/* The position that was last saved, or -1 when that state can no longer be reached. */
gint          tsr_undo_stack_get_clean_position (TsrUndoStack *self);
/* Undoes or redoes until POSITION entries are applied, emitting "changed" once. FALSE when
 * POSITION is beyond the entries or a group is open (nothing changes). */
gboolean      tsr_undo_stack_set_position    (TsrUndoStack *self,
                                              guint         position);

G_END_DECLS
