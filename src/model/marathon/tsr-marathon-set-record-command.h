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

G_END_DECLS
