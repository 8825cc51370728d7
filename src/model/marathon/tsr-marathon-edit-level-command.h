/* tsr-marathon-edit-level-command.h: an edit of a level's geometry made by one or more geometry
 * operations (tsr-marathon-geometry.h: draw, split, fill, merge ...), as one command: it runs the
 * edit once, keeps the records it changed (old and new), and undo/redo write them back, so undo
 * gives the level's bytes exactly as they were. The level map hears of it as a change of
 * structure (views and the map's indexes refresh). GTK-free. */
#pragma once

#include "model/marathon/tsr-marathon-level-map.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_EDIT_LEVEL_COMMAND (tsr_marathon_edit_level_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonEditLevelCommand, tsr_marathon_edit_level_command, TSR,
                      MARATHON_EDIT_LEVEL_COMMAND, TsrCommand)

/* Edits LEVEL in place; FALSE with ERROR set when refused. Whatever it changed before failing is
 * put back by the command. */
typedef gboolean (*TsrMarathonLevelEdit) (TsrMarathonLevel *level,
                                          gpointer          user_data,
                                          GError          **error);

/* Runs EDIT on MAP's level and returns the command that redoes it (not applied: push it on the
 * undo stack, which applies it). NULL with ERROR set when EDIT fails, NULL without an error when
 * it changed nothing; either way the level is as it was. (transfer full) */
TsrCommand *tsr_marathon_edit_level_command_new (TsrMarathonLevelMap  *map,
                                                 const char           *description,
                                                 TsrMarathonLevelEdit  edit,
                                                 gpointer              user_data,
                                                 GError              **error);

G_END_DECLS
