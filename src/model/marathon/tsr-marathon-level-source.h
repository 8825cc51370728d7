/* tsr-marathon-level-source.h: the records of one kind in a level being edited (polygons, lines,
 * endpoints, objects, annotations, sides, lights ...) as an editable TsrPropertySource: each field
 * set is a TsrMarathonSetRecordCommand on the document's undo stack, so several selected records
 * change in one undo step. Elements are record indices. GTK-free. */
#pragma once

#include "model/marathon/tsr-marathon-level-map.h"
#include "model/tsr-property-source.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_LEVEL_SOURCE (tsr_marathon_level_source_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonLevelSource, tsr_marathon_level_source, TSR, MARATHON_LEVEL_SOURCE,
                      TsrPropertySource)

/* NULL when the level has no records of KIND (no such chunk). */
TsrMarathonLevelSource *tsr_marathon_level_source_new      (TsrDocument          *document,
                                                           TsrMarathonLevelMap  *map,
                                                           TsrMarathonRecordKind kind);
/* The same with a heading for people ("Clockwise side"); NULL when the level has none. */
TsrMarathonLevelSource *tsr_marathon_level_source_new_titled (TsrDocument          *document,
                                                             TsrMarathonLevelMap  *map,
                                                             TsrMarathonRecordKind kind,
                                                             const char           *title);
TsrMarathonRecordKind   tsr_marathon_level_source_get_kind (TsrMarathonLevelSource *self);

G_END_DECLS
