/* tsr-marathon-record-source.h: the records of one kind in one level of a Marathon map (polygons,
 * lines, objects ...) as a read-only TsrPropertySource over the codec's field tables. Elements are
 * record indices; the map info is one element. Marathon maps have no editing commands yet, so the
 * inspector shows these values without editors. */
#pragma once

#include "formats/marathon/tsr-marathon-map.h"
#include "model/tsr-property-source.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_RECORD_SOURCE (tsr_marathon_record_source_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonRecordSource, tsr_marathon_record_source, TSR, MARATHON_RECORD_SOURCE,
                      TsrPropertySource)

/* DOCUMENT must hold a "marathon-map"; NULL when LEVEL does not exist. */
TsrMarathonRecordSource *tsr_marathon_record_source_new (TsrDocument          *document,
                                                         guint                 level,
                                                         TsrMarathonRecordKind kind);

G_END_DECLS
