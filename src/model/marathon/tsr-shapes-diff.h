/* tsr-shapes-diff.h: what a shapes patch changes against a base Shapes file: for every record the
 * patch carries (colour table, sequence, frame, bitmap, and the collection definition), whether it
 * adds one the base does not have, replaces the base's with a different one, or carries it
 * unchanged. Records the patch does not carry are the base's. GTK-free. */
#pragma once

#include "formats/marathon/tsr-marathon-shapes-patch.h"
#include "model/marathon/tsr-shapes-document.h"

G_BEGIN_DECLS

typedef enum {
  TSR_SHAPES_CHANGE_NONE,      /* not in the patch: the base's record stays */
  TSR_SHAPES_CHANGE_SAME,      /* in the patch, equal to the base's */
  TSR_SHAPES_CHANGE_REPLACED,  /* in the patch, different from the base's */
  TSR_SHAPES_CHANGE_ADDED,     /* in the patch, the base has none at that index */
  TSR_SHAPES_N_CHANGES
} TsrShapesChange;

/* PATCH's records, as PATCH_VIEW shows them (tsr_shapes_patch_collection_view per collection),
 * against BASE. Borrows nothing after it returns. (transfer full) */
TsrShapesDiff  *tsr_shapes_diff_new       (const TsrShapesPatch *patch,
                                           const TsrShapesFile  *patch_view,
                                           const TsrShapesFile  *base);
void            tsr_shapes_diff_free      (TsrShapesDiff        *diff);
TsrShapesChange tsr_shapes_diff_get       (const TsrShapesDiff  *diff,
                                           guint                 collection,
                                           guint                 version,
                                           TsrShapesPart         part,
                                           guint                 index);
/* The patch's collection definition ('cldf') against the base's. */
TsrShapesChange tsr_shapes_diff_get_definition (const TsrShapesDiff *diff,
                                                guint                collection,
                                                guint                version);
/* How many records of a collection version (every part, and its definition) have each change;
 * COUNTS has TSR_SHAPES_N_CHANGES entries (NONE stays 0). */
void            tsr_shapes_diff_count     (const TsrShapesDiff  *diff,
                                           guint                 collection,
                                           guint                 version,
                                           guint                *counts);
/* A change as the browser writes it ("replaced"); NULL for NONE. */
const char     *tsr_shapes_change_name    (TsrShapesChange       change);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrShapesDiff, tsr_shapes_diff_free)

G_END_DECLS
