/* tsr-marathon-platform-commands.h: the commands that keep a level's platform records in step with
 * its polygons — a polygon's type set to Platform gets its record, a platform's polygon set to
 * another type loses it (with the triggers and switches aimed at it repaired), and the Platforms
 * palette's Add makes a selected polygon a platform. Each is one undoable command, exact to the
 * byte (TsrMarathonEditLevelCommand). GTK-free. */
#pragma once

#include "model/marathon/tsr-marathon-level-map.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

/* The command that makes POLYGON's record RECORD: a plain record edit, or — when its type makes
 * it a platform or stops it being one (Marathon 2 and later) — an edit of the level that adds or
 * deletes its platform record (tsr_marathon_level_set_polygon_type; the other members of RECORD
 * follow). NULL when nothing changes, or when refused with ERROR set. Not applied: push it.
 * (transfer full) */
TsrCommand *tsr_marathon_polygon_record_command_new (TsrMarathonLevelMap       *map,
                                                     guint                      polygon,
                                                     const TsrMarathonPolygon  *record,
                                                     const char                *description,
                                                     GError                   **error);
/* "Add Platform": POLYGON becomes a platform with the engine's default record
 * (tsr_marathon_palette_add_platform). NULL with ERROR set when refused. (transfer full) */
TsrCommand *tsr_marathon_add_platform_command_new   (TsrMarathonLevelMap       *map,
                                                     guint                      polygon,
                                                     GError                   **error);

G_END_DECLS
