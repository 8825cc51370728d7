/* tsr-command.h: one undoable edit. Every change to a document is a TsrCommand pushed on the
 * document's TsrUndoStack; views and the CLI never change a document any other way. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define TSR_TYPE_COMMAND (tsr_command_get_type ())
G_DECLARE_DERIVABLE_TYPE (TsrCommand, tsr_command, TSR, COMMAND, GObject)

struct _TsrCommandClass {
  GObjectClass parent_class;

  /* Applies the edit (first time and on redo). The command holds what it needs. */
  void     (*redo)  (TsrCommand *self);
  /* Reverts exactly what redo did. */
  void     (*undo)  (TsrCommand *self);
  /* Absorbs NEXT (already applied) into SELF so both undo as one, e.g. consecutive strokes of one
   * tool. Returns FALSE when they do not merge. Optional. */
  gboolean (*merge) (TsrCommand *self,
                     TsrCommand *next);

  gpointer padding[8];
};

void        tsr_command_redo            (TsrCommand *self);
void        tsr_command_undo            (TsrCommand *self);
gboolean    tsr_command_merge           (TsrCommand *self,
                                         TsrCommand *next);
/* The action's name as menus show it after "Undo "/"Redo ": "Paint Tiles". */
const char *tsr_command_get_description (TsrCommand *self);
void        tsr_command_set_description (TsrCommand *self,
                                         const char *description);

#define TSR_TYPE_COMMAND_GROUP (tsr_command_group_get_type ())
G_DECLARE_FINAL_TYPE (TsrCommandGroup, tsr_command_group, TSR, COMMAND_GROUP, TsrCommand)

/* Several commands that redo in order and undo in reverse, as one user action. */
TsrCommandGroup *tsr_command_group_new       (const char      *description);
void             tsr_command_group_add       (TsrCommandGroup *self,
                                              TsrCommand      *command);
guint            tsr_command_group_get_size  (TsrCommandGroup *self);

G_END_DECLS
