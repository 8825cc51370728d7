/* tsr-shapes-document.h: Marathon Shapes files (marathon-shapes) and shapes patches
 * (marathon-shapes-patch) as documents for the shapes browser. A Shapes file is edited through
 * commands (frame fields, sequence fields, a bitmap replaced by an imported picture); a patch is
 * shown through partial collections made from its records and is read-only. Colour tables are
 * edited entry by entry and imported from or exported to GIMP palettes (.gpl). GTK-free. */
#pragma once

#include "edit/tsr-pixel-tools.h"
#include "formats/marathon/tsr-marathon-shapes.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_SHAPES_DOCUMENT (tsr_shapes_document_get_type ())
G_DECLARE_FINAL_TYPE (TsrShapesDocument, tsr_shapes_document, TSR, SHAPES_DOCUMENT, TsrDocument)

/* The flag of a colour-table entry the engine draws at full brightness whatever the light. */
#define TSR_SHAPES_COLOR_SELF_LUMINOUS 0x80

/* What a "shapes-changed" signal names. */
typedef enum {
  TSR_SHAPES_PART_FRAME,
  TSR_SHAPES_PART_SEQUENCE,
  TSR_SHAPES_PART_BITMAP,
  TSR_SHAPES_PART_COLOR_TABLE,  /* the index is the table's */
} TsrShapesPart;

typedef enum {
  TSR_SHAPES_FRAME_FLAGS,          /* the mirror bits and the rest, as stored */
  TSR_SHAPES_FRAME_MINIMUM_LIGHT,  /* 16.16 fixed */
  TSR_SHAPES_FRAME_BITMAP_INDEX,
  TSR_SHAPES_FRAME_ORIGIN_X,
  TSR_SHAPES_FRAME_ORIGIN_Y,
  TSR_SHAPES_FRAME_KEY_X,
  TSR_SHAPES_FRAME_KEY_Y,
  TSR_SHAPES_FRAME_N_FIELDS
} TsrShapesFrameField;

typedef enum {
  TSR_SHAPES_SEQUENCE_TICKS_PER_FRAME,
  TSR_SHAPES_SEQUENCE_KEY_FRAME,
  TSR_SHAPES_SEQUENCE_LOOP_FRAME,
  TSR_SHAPES_SEQUENCE_TRANSFER_MODE,
  TSR_SHAPES_SEQUENCE_TRANSFER_PERIOD,
  TSR_SHAPES_SEQUENCE_FIRST_FRAME_SOUND,
  TSR_SHAPES_SEQUENCE_KEY_FRAME_SOUND,
  TSR_SHAPES_SEQUENCE_LAST_FRAME_SOUND,
  TSR_SHAPES_SEQUENCE_PIXELS_TO_WORLD,
  TSR_SHAPES_SEQUENCE_N_FIELDS
} TsrShapesSequenceField;

/* What a patch changes against a base Shapes file (tsr-shapes-diff.h). */
typedef struct _TsrShapesDiff TsrShapesDiff;

void        tsr_shapes_document_register        (void);
/* The collections shown: the file's own, or for a patch its partial collections. (transfer none) */
const TsrShapesFile *tsr_shapes_document_get_shapes (TsrShapesDocument *self);
/* A collection version (0: 8-bit, 1: 16-bit), or NULL when absent. (transfer none) */
const TsrShapesCollection *tsr_shapes_document_get_collection (TsrShapesDocument *self,
                                                              guint              collection,
                                                              guint              version);
gboolean    tsr_shapes_document_is_patch        (TsrShapesDocument *self);
/* For a patch: the Shapes file at PATH (NULL: none) is the base it is compared with. A file that
 * does not load leaves no base and fails. Refused for a Shapes file. */
gboolean    tsr_shapes_document_set_base        (TsrShapesDocument *self,
                                                 const char        *path,
                                                 GError           **error);
/* The base, NULL when none is set. (transfer none) */
const TsrShapesFile *tsr_shapes_document_get_base (TsrShapesDocument *self);
/* What the patch changes against the base, NULL when none is set. (transfer none) */
const TsrShapesDiff *tsr_shapes_document_get_diff (TsrShapesDocument *self);
/* Whether commands can edit it (Shapes files; patches are read-only). */
gboolean    tsr_shapes_document_get_editable    (TsrShapesDocument *self);

/* The records of PART in COLLECTION (frames, sequences, bitmaps or colour tables). (transfer none) */
GPtrArray  *tsr_shapes_collection_get_part      (const TsrShapesCollection *collection,
                                                 TsrShapesPart              part);
/* Field names as the browser and the CLI show them ("ticks per frame"). */
const char *tsr_shapes_frame_field_name         (TsrShapesFrameField    field);
const char *tsr_shapes_sequence_field_name      (TsrShapesSequenceField field);
gint32      tsr_shapes_frame_get_field          (const TsrShapesFrame    *frame,
                                                 TsrShapesFrameField      field);
gint32      tsr_shapes_sequence_get_field       (const TsrShapesSequence *sequence,
                                                 TsrShapesSequenceField   field);

/* Commands. Each changes one record of one collection version and is one undo step; consecutive
 * changes of the same field of the same record merge (a spin button's steps). */
gboolean    tsr_shapes_document_set_frame_field    (TsrShapesDocument     *self,
                                                    guint                  collection,
                                                    guint                  version,
                                                    guint                  frame,
                                                    TsrShapesFrameField    field,
                                                    gint32                 value,
                                                    GError               **error);
gboolean    tsr_shapes_document_set_sequence_field (TsrShapesDocument     *self,
                                                    guint                  collection,
                                                    guint                  version,
                                                    guint                  sequence,
                                                    TsrShapesSequenceField field,
                                                    gint32                 value,
                                                    GError               **error);
/* Replaces bitmap BITMAP by IMAGE quantised to colour table TABLE of the collection (nearest
 * colour; transparent pixels stay transparent in collections whose bitmaps have transparency),
 * laid out as the bitmap was (RLE or raw, row or column order). REPORT may be NULL. */
gboolean    tsr_shapes_document_import_bitmap      (TsrShapesDocument     *self,
                                                    guint                  collection,
                                                    guint                  version,
                                                    guint                  bitmap,
                                                    const TsrImage        *image,
                                                    guint                  table,
                                                    TsrShapesEncodeReport *report,
                                                    GError               **error);

/* The pixel editor's target (edit/tsr-pixel-tools.h) for bitmaps of a Shapes file: image
 * tsr_shapes_pixel_key (COLLECTION, VERSION, BITMAP) of the document (the owner) is that bitmap as
 * an index image (its pixel values, whatever its layout); a stroke becomes one undoable bitmap
 * command whose bitmap is tsr_shapes_bitmap_set_indexes of the old one (only the changed
 * scanlines' bytes change). Patches lend their bitmaps but refuse strokes. */
const TsrPixelTarget *tsr_shapes_document_get_pixel_target (void);
guint       tsr_shapes_pixel_key                (guint collection,
                                                 guint version,
                                                 guint bitmap);

/* The frames and views of a sequence; each is one undo step, keeping the record's other bytes.
 * INSERT puts a frame at POSITION (0..frames per view) of every view, showing the collection frame
 * the view showed just before it (at 0: the one after it; in an empty view: frame 0). REMOVE
 * takes the frame at POSITION out of every view. SET_VIEW_CODE changes how many views there are
 * (a code of 1, 4, 5 or 8 views): new views repeat the last view's frames, dropped views go. The
 * key and loop frames are left as they are (the engine stops at a loop frame past the end). */
gboolean    tsr_shapes_document_insert_sequence_frame (TsrShapesDocument *self,
                                                       guint              collection,
                                                       guint              version,
                                                       guint              sequence,
                                                       guint              position,
                                                       GError           **error);
gboolean    tsr_shapes_document_remove_sequence_frame (TsrShapesDocument *self,
                                                       guint              collection,
                                                       guint              version,
                                                       guint              sequence,
                                                       guint              position,
                                                       GError           **error);
gboolean    tsr_shapes_document_set_sequence_view_code (TsrShapesDocument *self,
                                                        guint              collection,
                                                        guint              version,
                                                        guint              sequence,
                                                        gint16             view_code,
                                                        GError           **error);

typedef enum {
  TSR_SHAPES_DITHER_NONE,     /* each pixel its nearest colour */
  TSR_SHAPES_DITHER_ORDERED,  /* Bayer 8×8 (tsr-shapes-dither.h) before the nearest colour */
} TsrShapesDither;

/* tsr_shapes_document_import_bitmap with a choice of dithering. The REPORT is of the picture as
 * given (which colours had no close match), not of the dithered one. */
gboolean    tsr_shapes_document_import_bitmap_dithered (TsrShapesDocument     *self,
                                                        guint                  collection,
                                                        guint                  version,
                                                        guint                  bitmap,
                                                        const TsrImage        *image,
                                                        guint                  table,
                                                        TsrShapesDither        dither,
                                                        TsrShapesEncodeReport *report,
                                                        GError               **error);

/* Sets entry ENTRY of colour table TABLE: its 16-bit components and the self-luminous flag (the
 * entry's pixel value and other flag bits stay). Consecutive changes of the same entry's colour
 * merge into one undo step, as do those of its flag; an unchanged entry pushes nothing. */
gboolean    tsr_shapes_document_set_color          (TsrShapesDocument     *self,
                                                    guint                  collection,
                                                    guint                  version,
                                                    guint                  table,
                                                    guint                  entry,
                                                    guint16                red,
                                                    guint16                green,
                                                    guint16                blue,
                                                    gboolean               self_luminous,
                                                    GError               **error);
/* Colour table TABLE as a GIMP palette: one colour per entry, 8-bit components (the high byte of
 * the rounded value), named by the entry's index and "self-luminous" where flagged. Also for
 * patches. (transfer full) */
GBytes     *tsr_shapes_document_export_color_table (TsrShapesDocument     *self,
                                                    guint                  collection,
                                                    guint                  version,
                                                    guint                  table,
                                                    GError               **error);
/* Replaces the colours of table TABLE by the .gpl palette in DATA, which must have as many
 * colours as the table has entries (bitmaps index them). The flags stay (set self-luminous per
 * entry); an entry whose 8-bit colour is what export writes for it keeps its 16-bit value, so an
 * exported palette imports back unchanged. One undo step; LABEL names the file in errors. */
gboolean    tsr_shapes_document_import_color_table (TsrShapesDocument     *self,
                                                    guint                  collection,
                                                    guint                  version,
                                                    guint                  table,
                                                    const guint8          *data,
                                                    gsize                  size,
                                                    const char            *label,
                                                    GError               **error);

/* Applies the shapes patch in DATA to the Shapes file as one undo step (undo gives back the file as
 * it was, byte for byte); the patch's records read against the file. LABEL names the patch in
 * errors. Emits "shapes-replaced" (also on undo and redo). */
gboolean    tsr_shapes_document_apply_patch        (TsrShapesDocument     *self,
                                                    const guint8          *data,
                                                    gsize                  size,
                                                    const char            *label,
                                                    GError               **error);
/* A patch (.ShPa bytes) turning the Shapes file at BASE_PATH into the document as it is now,
 * edits included (tsr_shapes_patch_make). (transfer full) */
GBytes     *tsr_shapes_document_make_patch         (TsrShapesDocument     *self,
                                                    const char            *base_path,
                                                    GError               **error);

G_END_DECLS
