/* tsr-doom2d-private.h: what the doom2d codec files share and nobody else needs. */
#pragma once

#include "formats/doom2d/tsr-doom2d-map.h"

G_BEGIN_DECLS

/* The record's binary bytes (record type size), over its kept bytes when KEEP_RAW, else zeros. */
guint8 *tsr_doom2d_record_encode (const TsrDoom2dRecord *record,
                                  gboolean               keep_raw);

G_END_DECLS
