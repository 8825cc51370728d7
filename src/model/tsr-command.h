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
  /* Whether applying it changes what a save writes. FALSE for steps that only change what is
   * shown, kept in the history so that undo returns to where an edit was made (Doom2D: the map of
   * an archive shown); the modified flag passes over them. Optional: TRUE. */
  gboolean (*changes_content) (TsrCommand *self);

  gpointer padding[7];
};

void        tsr_command_redo            (TsrCommand *self);
void        tsr_command_undo            (TsrCommand *self);
gboolean    tsr_command_merge           (TsrCommand *self,
                                         TsrCommand *next);
gboolean    tsr_command_changes_content (TsrCommand *self);
/* The action's name as menus show it after "Undo "/"Redo ": "Paint Tiles". */
const char *tsr_command_get_description (TsrCommand *self);
void        tsr_command_set_description (TsrCommand *self,
                                         const char *description);
/* A note on what the edit changed besides its name's subject (Marathon: "item 21 count 0→1"):
 * the description then reads "NAME (NOTE)"; notes add up (", "), a note already there is not
 * repeated, and a command group takes the notes of the commands it gathers. */
void        tsr_command_add_note        (TsrCommand *self,
                                         const char *note);
/* (nullable) */
const char *tsr_command_get_note        (TsrCommand *self);

#define TSR_TYPE_COMMAND_GROUP (tsr_command_group_get_type ())
G_DECLARE_FINAL_TYPE (TsrCommandGroup, tsr_command_group, TSR, COMMAND_GROUP, TsrCommand)

/* Several commands that redo in order and undo in reverse, as one user action. */
TsrCommandGroup *tsr_command_group_new       (const char      *description);
void             tsr_command_group_add       (TsrCommandGroup *self,
                                              TsrCommand      *command);
guint            tsr_command_group_get_size  (TsrCommandGroup *self);

G_END_DECLS
