/* tsr-doom2d-record-source.h: the records of one kind of a Doom2D Forever map (panels, items,
 * monsters, areas, triggers, textures, or the map header) as a read-only TsrPropertySource over the
 * schema's field tables. Elements are record indices (the header is one element). Doom2D maps have
 * no editing commands yet. */
#pragma once

#include "formats/doom2d/tsr-doom2d-map.h"
#include "model/tsr-property-source.h"

G_BEGIN_DECLS

#define TSR_TYPE_DOOM2D_RECORD_SOURCE (tsr_doom2d_record_source_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dRecordSource, tsr_doom2d_record_source, TSR, DOOM2D_RECORD_SOURCE,
                      TsrPropertySource)

/* DOCUMENT must hold a Doom2D file; NULL when it holds no map. */
TsrDoom2dRecordSource *tsr_doom2d_record_source_new (TsrDocument  *document,
                                                     TsrDoom2dKind kind);

G_END_DECLS
