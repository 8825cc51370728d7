/* tsr-marathon-set-record-command.h: one Marathon record (a polygon, a line, an object ...) of one
 * level replaced by a new version, as a command: the property inspector's edits. Undo stores the
 * old record back. GTK-free. */
#pragma once

#include "model/marathon/tsr-marathon-level-map.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_SET_RECORD_COMMAND (tsr_marathon_set_record_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonSetRecordCommand, tsr_marathon_set_record_command, TSR,
                      MARATHON_SET_RECORD_COMMAND, TsrCommand)

/* Replaces record INDEX of KIND in MAP's level by RECORD (a struct of KIND); NULL when RECORD
 * equals the stored one. (transfer full) */
TsrCommand *tsr_marathon_set_record_command_new (TsrMarathonLevelMap  *map,
                                                 TsrMarathonRecordKind kind,
                                                 guint                 index,
                                                 gconstpointer         record,
                                                 const char           *description);
/* Consecutive commands with the same nonzero KEY on the same record merge into one (the strokes
 * of one drag); 0, the default, never merges. */
void        tsr_marathon_set_record_command_set_merge_key (TsrMarathonSetRecordCommand *self,
                                                           guint                        key);

/* The one-click fix of "placed on the map, but its initial count is 0": placement record
 * PLACEMENT (items 0..63, monsters 64..127) gets an initial count of the number of objects of its
 * type the level places, as one undoable command named for it. NULL when the level has no such
 * record, the count is not 0 or no object of the type is placed. (transfer full) */
TsrCommand *tsr_marathon_initial_count_fix_new  (TsrMarathonLevelMap  *map,
                                                 guint                 placement);

G_END_DECLS
