/* tsr-marathon-shapes-patch.h: Shapes patches (.ShPa files and the ShPa chunk of maps): per
 * collection and depth, records that replace a collection definition ('cldf'), a colour table
 * ('ctab'), a sequence ('hlsh'), a frame ('llsh') or a bitmap ('bmap'), ended by 'endc'.
 * Parsed, written back byte-identical, applied to a Shapes file, and made from two files. */
#pragma once

#include <glib.h>

#include "formats/marathon/tsr-marathon-shapes.h"

G_BEGIN_DECLS

#define TSR_SHAPES_PATCH_CLDF 0x636c6466u /* 'cldf' */
#define TSR_SHAPES_PATCH_CTAB 0x63746162u /* 'ctab' */
#define TSR_SHAPES_PATCH_HLSH 0x686c7368u /* 'hlsh' */
#define TSR_SHAPES_PATCH_LLSH 0x6c6c7368u /* 'llsh' */
#define TSR_SHAPES_PATCH_BMAP 0x626d6170u /* 'bmap' */
#define TSR_SHAPES_PATCH_ENDC 0x656e6463u /* 'endc' */

typedef struct {
  guint32  tag;
  gint32   index;   /* -1 for cldf */
  GBytes  *data;    /* cldf: 544 bytes; ctab: colours; hlsh/bmap: the sized payload; llsh: 36 */
  gsize    original_offset; /* where its tag lay in the parsed patch (0 when made here): messages */
} TsrShapesPatchRecord;

typedef struct {
  gint32     collection;
  gint32     depth;     /* 8 or 16 */
  GPtrArray *records;   /* TsrShapesPatchRecord */
} TsrShapesPatchCollection;

typedef struct {
  GPtrArray *collections; /* TsrShapesPatchCollection, in file order */
} TsrShapesPatch;

guint           tsr_shapes_patch_sniff     (const guint8 *data,
                                            gsize         size);
/* BASE (may be NULL) gives the colour count for 'ctab' records of collections whose patch has no
 * 'cldf' before them; without it such a patch cannot be read. */
TsrShapesPatch *tsr_shapes_patch_parse     (const guint8        *data,
                                            gsize                size,
                                            const TsrShapesFile *base,
                                            GError             **error);
GBytes         *tsr_shapes_patch_serialize (const TsrShapesPatch *patch);
TsrShapesPatch *tsr_shapes_patch_new       (void);
void            tsr_shapes_patch_free      (TsrShapesPatch *patch);

/* Applies PATCH to FILE (collections it names are created when absent). */
gboolean        tsr_shapes_patch_apply     (const TsrShapesPatch *patch,
                                            TsrShapesFile        *file,
                                            GError              **error);
/* A patch turning ORIGINAL into MODIFIED: only what differs (a cldf when counts or the definition
 * change, then every differing colour table, sequence, frame and bitmap). */
TsrShapesPatch *tsr_shapes_patch_make      (const TsrShapesFile *original,
                                            const TsrShapesFile *modified);

/* For viewers: the bitmaps ('bmap' records) of a patch collection, parsed (owned array). */
GPtrArray      *tsr_shapes_patch_collection_bitmaps (const TsrShapesPatchCollection *collection,
                                                     GError                        **error);
/* For viewers: a patch collection as a partial collection (its definition, or counts taken from
 * its records' indexes, and its records at their indexes; no colour tables unless the patch has
 * 'ctab' records). (transfer full) */
TsrShapesCollection *tsr_shapes_patch_collection_view (const TsrShapesPatchCollection *collection,
                                                       GError                        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrShapesPatch, tsr_shapes_patch_free)

G_END_DECLS
