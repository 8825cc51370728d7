/* tsr-marathon-shapes.h: Marathon 2 / Infinity Shapes (.shpA): 32 collections, each in an 8-bit
 * and an optional 16-bit version, holding colour tables, sequences ("high level shapes"), frames
 * ("low level shapes") and bitmaps. Records keep their raw bytes and expose parsed fields, so an
 * untouched file writes back byte-identical; edits go through the functions here. Also the
 * pixel side: bitmap + colour table to RGBA and RGBA to bitmap (nearest colour in CIELAB). */
#pragma once

#include <glib.h>

#include "core/tsr-image.h"

G_BEGIN_DECLS

#define TSR_SHAPES_COLLECTION_COUNT   32
#define TSR_SHAPES_DEFINITION_SIZE    544
#define TSR_SHAPES_SEQUENCE_SIZE      88
#define TSR_SHAPES_FRAME_SIZE         36
#define TSR_SHAPES_BITMAP_HEADER_SIZE 26

typedef enum {
  TSR_SHAPES_COLLECTION_UNUSED    = 0,
  TSR_SHAPES_COLLECTION_WALL      = 1, /* raw */
  TSR_SHAPES_COLLECTION_OBJECT    = 2, /* RLE */
  TSR_SHAPES_COLLECTION_INTERFACE = 3, /* raw */
  TSR_SHAPES_COLLECTION_SCENERY   = 4, /* RLE */
} TsrShapesCollectionType;

#define TSR_SHAPES_BITMAP_COLUMN_ORDER 0x8000
#define TSR_SHAPES_BITMAP_TRANSPARENT  0x4000
#define TSR_SHAPES_FRAME_MIRROR_X      0x8000
#define TSR_SHAPES_FRAME_MIRROR_Y      0x4000

typedef struct {
  guint8  flags;  /* 0x80: self-luminous */
  guint8  value;  /* the pixel value this entry defines */
  guint16 red, green, blue;
} TsrShapesColor;

typedef struct {
  guint           count;
  TsrShapesColor *colors;
} TsrShapesColorTable;

/* Fields of the 544-byte collection definition (the raw bytes are kept beside them). */
typedef struct {
  gint16  version;
  gint16  type;
  guint16 flags;
  gint16  color_count;
  gint16  clut_count;
  gint32  clut_offset;
  gint16  sequence_count;
  gint32  sequence_offset;
  gint16  frame_count;
  gint32  frame_offset;
  gint16  bitmap_count;
  gint32  bitmap_offset;
  gint16  pixels_to_world;
  gint32  size;
} TsrShapesDefinition;

typedef struct {
  GBytes  *raw;              /* the 88-byte header followed by the frame indexes and what follows */
  gint16   type;
  guint16  flags;
  char    *name;             /* Pascal string, Mac Roman -> UTF-8 */
  gint16   view_code;
  gint16   frames_per_view;
  gint16   ticks_per_frame;
  gint16   key_frame;
  gint16   transfer_mode;
  gint16   transfer_period;
  gint16   first_frame_sound, key_frame_sound, last_frame_sound;
  gint16   pixels_to_world;
  gint16   loop_frame;
  guint    view_count;       /* from the view code */
  guint    index_count;      /* view_count * frames_per_view */
  gint16  *frame_indexes;    /* view-major: [view * frames_per_view + frame] */
} TsrShapesSequence;

typedef struct {
  guint8   raw[TSR_SHAPES_FRAME_SIZE];
  guint16  flags;
  gint32   minimum_light;
  gint16   bitmap_index;
  gint16   origin_x, origin_y, key_x, key_y;
  gint16   world_left, world_right, world_top, world_bottom, world_x0, world_y0;
  gsize    original_offset;  /* where it lay in the parsed file (0 when made here): messages */
} TsrShapesFrame;

typedef struct {
  GBytes  *raw;              /* header, row-address placeholder and pixel data, as stored */
  gint16   width, height;
  gint16   bytes_per_row;    /* -1: RLE */
  guint16  flags;
  gint16   depth;
  gboolean marathon1;        /* RLE is Marathon 1's: i16 runs (+copy, -skip, 0 ends a scanline) */
  gsize    original_offset;  /* where it lay in the parsed file (0 when made here): messages */
} TsrShapesBitmap;

typedef struct {
  GBytes              *definition_raw;   /* 544 bytes */
  TsrShapesDefinition  definition;
  GPtrArray           *color_tables;     /* TsrShapesColorTable */
  GPtrArray           *sequences;        /* TsrShapesSequence */
  GPtrArray           *frames;           /* TsrShapesFrame */
  GPtrArray           *bitmaps;          /* TsrShapesBitmap */
  GBytes              *original;         /* the bytes it was read from, written while untouched */
} TsrShapesCollection;

typedef struct {
  guint8               header_raw[32];   /* status, flags, offsets, lengths, padding */
  TsrShapesCollection *versions[2];      /* [0] 8-bit, [1] 16-bit; NULL when absent */
  guint32              original_offset[2];
} TsrShapesCollectionSlot;

typedef struct {
  TsrShapesCollectionSlot slots[TSR_SHAPES_COLLECTION_COUNT];
  /* Marathon 1 (.shps): the collections are '.256' resources 128 + n of a resource fork. */
  gboolean   marathon1;
  gpointer   m1_mac;      /* TsrMacFile * */
  gpointer   m1_fork;     /* TsrResourceFork * */
  GPtrArray *layout;      /* original data order: GUINT_TO_POINTER (slot * 2 + version + 1) */
  GPtrArray *gaps;        /* GBytes before each layout item (same order) */
  GBytes    *trailing;
} TsrShapesFile;

guint                tsr_shapes_file_sniff       (const guint8 *data,
                                                  gsize         size);
/* Marathon 1 shapes: a resource fork, bare or in MacBinary/AppleSingle, with '.256' resources. */
guint                tsr_shapes_m1_sniff         (const guint8 *data,
                                                  gsize         size);
/* Reads M2/Infinity files and Marathon 1 resource forks alike (see marathon1). */
TsrShapesFile       *tsr_shapes_file_parse       (const guint8 *data,
                                                  gsize         size,
                                                  GError      **error);
GBytes              *tsr_shapes_file_serialize   (const TsrShapesFile *file);
TsrShapesFile       *tsr_shapes_file_new         (void);
void                 tsr_shapes_file_free        (TsrShapesFile *file);
/* Sets (taking ownership) or clears a collection version. */
void                 tsr_shapes_file_set_collection (TsrShapesFile       *file,
                                                     guint                index,
                                                     guint                version,
                                                     TsrShapesCollection *collection);

/* Collections. LABEL names it in messages. */
TsrShapesCollection *tsr_shapes_collection_new   (TsrShapesCollectionType type,
                                                  guint                   color_count);
TsrShapesCollection *tsr_shapes_collection_parse (const guint8 *data,
                                                  gsize         size,
                                                  gsize         file_offset,
                                                  gboolean      marathon1,
                                                  const char   *label,
                                                  GError      **error);
GBytes              *tsr_shapes_collection_serialize (const TsrShapesCollection *collection);
void                 tsr_shapes_collection_free  (TsrShapesCollection *collection);
/* Marks the collection edited: it is laid out anew on save. */
void                 tsr_shapes_collection_touch (TsrShapesCollection *collection);

/* Records from raw bytes (as in a collection or a patch) and back. */
gboolean             tsr_shapes_definition_parse (const guint8 *raw,
                                                  TsrShapesDefinition *definition);
TsrShapesSequence   *tsr_shapes_sequence_parse   (const guint8 *data,
                                                  gsize         size,
                                                  gboolean      exact_size,
                                                  gsize         file_offset,
                                                  GError      **error);
void                 tsr_shapes_sequence_free    (TsrShapesSequence *sequence);
TsrShapesSequence   *tsr_shapes_sequence_new     (const char *name,
                                                  gint16      view_code,
                                                  gint16      frames_per_view,
                                                  const gint16 *frame_indexes);
/* Renames SEQUENCE: NAME (UTF-8) is stored as Mac Roman, at most 33 bytes; fails naming the first
 * character Mac Roman lacks. */
gboolean             tsr_shapes_sequence_set_name (TsrShapesSequence *sequence,
                                                   const char        *name,
                                                   GError           **error);
void                 tsr_shapes_frame_parse      (const guint8 *raw,
                                                  TsrShapesFrame *frame);
TsrShapesFrame      *tsr_shapes_frame_new        (gint16      bitmap_index,
                                                  guint16     flags);
TsrShapesBitmap     *tsr_shapes_bitmap_parse     (const guint8 *data,
                                                  gsize         size,
                                                  gboolean      marathon1,
                                                  gboolean      exact_size,
                                                  gsize         file_offset,
                                                  GError      **error);
void                 tsr_shapes_bitmap_free      (TsrShapesBitmap *bitmap);
void                 tsr_shapes_color_table_free (TsrShapesColorTable *table);
/* Views a sequence's view code gives (1, 4, 5 or 8; 0 for an unknown code). */
guint                tsr_shapes_view_count       (gint16 view_code);
const char          *tsr_shapes_collection_type_name (gint16 type);

/* Pixels. TABLE NULL decodes with a neutral grey ramp (value v -> grey v). */
TsrImage            *tsr_shapes_bitmap_decode    (const TsrShapesBitmap     *bitmap,
                                                  const TsrShapesColorTable *table,
                                                  GError                   **error);
/* The pixel values of BITMAP, WIDTH x HEIGHT bytes in rows (x + y * width) whatever order the
 * bitmap is stored in; a pixel an RLE run does not store is 0. (transfer full) */
guint8              *tsr_shapes_bitmap_get_indexes (const TsrShapesBitmap *bitmap,
                                                    GError               **error);
/* BITMAP with its pixel values made INDEXES (as tsr_shapes_bitmap_get_indexes gives them), in its
 * own layout: the header, the row-address placeholder, every scanline whose values did not change
 * and whatever follows the pixel data keep their bytes; a raw scanline changes only in the changed
 * values; a Marathon 2 RLE run grows to take in new non-zero values (never shrinks); a Marathon 1
 * scanline keeps its runs when they cover the new values and is written anew otherwise.
 * (transfer full) */
TsrShapesBitmap     *tsr_shapes_bitmap_set_indexes (const TsrShapesBitmap *bitmap,
                                                    const guint8          *indexes,
                                                    GError               **error);
/* The frame's bitmap with the frame's mirror flags applied. */
TsrImage            *tsr_shapes_frame_decode     (const TsrShapesCollection *collection,
                                                  const TsrShapesFrame      *frame,
                                                  const TsrShapesColorTable *table,
                                                  GError                   **error);

typedef struct {
  gboolean rle;
  gboolean column_order;
  gboolean transparent;    /* alpha < 128 becomes value 0 */
  gboolean marathon1;      /* Marathon 1 RLE */
} TsrShapesEncodeOptions;

/* The layout a collection type uses: RLE for objects and scenery, raw for walls and interface. */
TsrShapesEncodeOptions tsr_shapes_encode_options_for (gint16 collection_type);
/* IMAGE -> bitmap in TABLE's colours (nearest in CIELAB). MEAN_DELTA_E (may be NULL) receives
 * the mean colour error over the opaque pixels. */
TsrShapesBitmap     *tsr_shapes_bitmap_encode    (const TsrImage            *image,
                                                  const TsrShapesColorTable *table,
                                                  const TsrShapesEncodeOptions *options,
                                                  double                    *mean_delta_e,
                                                  GError                   **error);

/* A colour is "close" to the table when its nearest entry is within this ΔE76 (about where two
 * colours stop looking alike side by side). */
#define TSR_SHAPES_CLOSE_DELTA_E 10.0

typedef struct {
  double  mean_delta_e;      /* over the opaque pixels */
  guint   colors;            /* distinct opaque colours in the image */
  guint   unmatched_colors;  /* of those, how many have no entry within TSR_SHAPES_CLOSE_DELTA_E */
  double  worst_delta_e;     /* the largest distance of a colour to its nearest entry */
  guint32 worst_rgb;         /* that colour, 0xRRGGBB */
} TsrShapesEncodeReport;

/* tsr_shapes_bitmap_encode with the full report (REPORT may be NULL). */
TsrShapesBitmap     *tsr_shapes_bitmap_encode_report (const TsrImage               *image,
                                                      const TsrShapesColorTable    *table,
                                                      const TsrShapesEncodeOptions *options,
                                                      TsrShapesEncodeReport        *report,
                                                      GError                      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrShapesFile, tsr_shapes_file_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrShapesCollection, tsr_shapes_collection_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrShapesBitmap, tsr_shapes_bitmap_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrShapesSequence, tsr_shapes_sequence_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrShapesColorTable, tsr_shapes_color_table_free)

G_END_DECLS
