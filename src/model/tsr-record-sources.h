/* tsr-record-sources.h: which property sources a document has for the generic inspector page:
 * one per record kind of the format (Marathon map records per level and the level's physics
 * tables, the tables of a Marathon physics file, Doom2D map records), so
 * formats without an editor page still show their records through the one property inspector. */
#pragma once

#include "model/tsr-property-source.h"

G_BEGIN_DECLS

/* How many levels the document's records come in (a Marathon scenario's levels; 1 for one-map
 * formats); 0 when the format has no record sources. */
guint      tsr_record_sources_get_n_levels (TsrDocument *document);
/* One source per record kind of LEVEL (transfer full, TsrPropertySource), titled by kind. */
GPtrArray *tsr_record_sources_new          (TsrDocument *document,
                                            guint        level);

G_END_DECLS
