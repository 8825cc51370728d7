/* tsr-doom2d-record-clip.h: a Doom2D Forever record as the data of a copied vector element, with
 * the references it holds to records copied along, so a paste points them at the pasted copies
 * (a door trigger copied with its door opens the pasted door) and keeps the others. */
#pragma once

#include <glib.h>

#include "formats/doom2d/tsr-doom2d-map.h"

G_BEGIN_DECLS

/* The records of one copy, per kind. */
typedef struct _TsrDoom2dCopySet TsrDoom2dCopySet;

TsrDoom2dCopySet *tsr_doom2d_copy_set_new       (void);
void              tsr_doom2d_copy_set_free      (TsrDoom2dCopySet       *set);
void              tsr_doom2d_copy_set_add       (TsrDoom2dCopySet       *set,
                                                 TsrDoom2dKind           kind,
                                                 guint                   index);

/* Record INDEX of KIND of MAP, copied as part of SET (may be NULL: nothing copied along), as
 * bytes (transfer full). */
GBytes           *tsr_doom2d_record_clip_encode (const TsrDoom2dMap     *map,
                                                 TsrDoom2dKind           kind,
                                                 guint                   index,
                                                 const TsrDoom2dCopySet *set);
/* The record BYTES describe, for appending to MAP at (X, Y) as the next record of its kind in a
 * paste that appends a clip's records in clip order (panels, triggers, items, monsters, areas):
 * references to records copied along point at their copies, the others stay when MAP has the
 * record (else -1); a panel's texture is found by its path; the points in a trigger's data move
 * with it. NULL when BYTES are not a record. (transfer full) */
TsrDoom2dRecord  *tsr_doom2d_record_clip_decode (const TsrDoom2dMap     *map,
                                                 GBytes                 *bytes,
                                                 double                  x,
                                                 double                  y);

G_END_DECLS
