/* tsr-level-list-command.h: the undoable level-list edits every family with a list of levels
 * shares (insert a level, remove one, move one, rename one), over a small "levels" interface a
 * document gives: put a level in, take one out, move one, store a name. Inserting and removing are
 * each other's undo; the command keeps the level while it is out of the list, so undo puts back the
 * very same level (untouched levels save byte-identical). Renames of one level pushed one after
 * another merge, so typing a name undoes as one step. Each family's command derives from this one
 * and keeps its own builders and checks. GTK-free. */
#pragma once

#include "model/tsr-command.h"

G_BEGIN_DECLS

/* What a document's level list does for the command. OWNER is the document (not a reference: the
 * document owns the undo stack that owns the command). */
typedef struct {
  guint    (*n_levels)   (gpointer      owner);
  /* Puts LEVEL (a level taken out before, or a new one) in at INDEX; takes it. */
  void     (*insert)     (gpointer      owner,
                          guint         index,
                          gpointer      level);
  /* Takes level INDEX out of the list and returns it. */
  gpointer (*take)       (gpointer      owner,
                          guint         index);
  /* Frees a level that is out of the list (the command goes with it). */
  void     (*free_level) (gpointer      owner,
                          gpointer      level);
  void     (*move)       (gpointer      owner,
                          guint         from,
                          guint         to);
  /* Stores NAME (NAME_SIZE bytes as the family keeps a level's name) as level INDEX's. */
  void     (*set_name)   (gpointer      owner,
                          guint         index,
                          gconstpointer name);
  gsize    name_size;
} TsrLevels;

typedef enum {
  TSR_LEVEL_EDIT_INSERT,
  TSR_LEVEL_EDIT_REMOVE,
  TSR_LEVEL_EDIT_MOVE,
  TSR_LEVEL_EDIT_RENAME,
} TsrLevelEdit;

#define TSR_TYPE_LEVEL_LIST_COMMAND (tsr_level_list_command_get_type ())
G_DECLARE_DERIVABLE_TYPE (TsrLevelListCommand, tsr_level_list_command, TSR, LEVEL_LIST_COMMAND, TsrCommand)

struct _TsrLevelListCommandClass {
  TsrCommandClass parent_class;
  /* After the edit was done (N_LEVELS_BEFORE levels before it) and before it is undone: what a
   * family changes along with the list (Marathon's teleports follow their levels). */
  void (*after_redo)  (TsrLevelListCommand *self,
                       guint                n_levels_before);
  void (*before_undo) (TsrLevelListCommand *self);
};

/* Fills a new command SELF (of a derived type): EDIT of level INDEX of OWNER's LEVELS (TO: where a
 * moved level goes). INSERT takes LEVEL (freed with the command unless redone); RENAME keeps
 * copies of OLD_NAME and NEW_NAME (LEVELS->name_size bytes). Returns SELF as a TsrCommand. */
TsrCommand  *tsr_level_list_command_setup     (TsrLevelListCommand *self,
                                               const TsrLevels     *levels,
                                               gpointer             owner,
                                               TsrLevelEdit         edit,
                                               guint                index,
                                               guint                to,
                                               gpointer             level,
                                               gconstpointer        old_name,
                                               gconstpointer        new_name);
gpointer     tsr_level_list_command_get_owner (TsrLevelListCommand *self);
TsrLevelEdit tsr_level_list_command_get_edit  (TsrLevelListCommand *self);
guint        tsr_level_list_command_get_index (TsrLevelListCommand *self);
guint        tsr_level_list_command_get_to    (TsrLevelListCommand *self);
/* The checks every family's removal and move share, once the family has checked the indexes
 * against its N_LEVELS: the only level of a file cannot go, and a level cannot move to where it is. */
gboolean     tsr_level_list_check_remove (guint                n_levels,
                                          GError             **error);
gboolean     tsr_level_list_check_move   (guint                from,
                                          guint                to,
                                          GError             **error);
/* Where level I (before the edit) is after it. */
gint         tsr_level_list_command_level_after (TsrLevelListCommand *self,
                                                 gint                 i);

G_END_DECLS
