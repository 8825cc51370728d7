/* tsr-doom2d-map.h: a Doom2D Forever map in memory, read from and written to the binary lump
 * ('MAP' 1) and the text syntax (`map { ... }`), with reference-keeping edits and validation.
 * Every field is a TsrFieldValue (core/tsr-field.h) indexed like its TsrField in tsr-doom2d-schema.h;
 * references hold 0-based indices, -1 for none. A text-only string field (no binary place) with
 * no default text may hold NULL, which means "". */
#pragma once

#include <glib.h>

#include "formats/doom2d/tsr-doom2d-schema.h"

G_BEGIN_DECLS

typedef struct {
  TsrDoom2dKind                 kind;
  TsrFieldValue               *values;      /* one per field of the record type */
  const TsrDoom2dTriggerLayout *layout;      /* triggers: the data layout of their type, or NULL */
  TsrFieldValue               *data_values; /* layout->n_fields values */
  guint8                       *raw;         /* the record's binary bytes, kept so bytes no field
                                                covers are written back; NULL when made in memory */
  gpointer                      storage;     /* records read from a binary map share one allocation
                                                per block, which also holds their values and raw
                                                bytes; those read from text share one per batch of
                                                64 with their values (refcounted: a record may
                                                outlive its map);
                                                free records only with tsr_doom2d_record_free.
                                                Replacing values or raw with memory of one's own
                                                is fine. NULL for records made in memory */
} TsrDoom2dRecord;

typedef struct {
  guint8   type;
  guint32  reserved;
  gboolean keep_empty; /* it was empty in the file: written even without records */
} TsrDoom2dBlock;

typedef struct {
  TsrDoom2dRecord *header;
  GPtrArray       *records[TSR_DOOM2D_N_KINDS]; /* [HEADER] is unused */
  GArray          *blocks;   /* TsrDoom2dBlock in binary order, the end block included last */
  guint32          end_size; /* the end block's size field */
  GBytes          *trailing; /* bytes after the end block, or NULL */
} TsrDoom2dMap;

TsrDoom2dMap    *tsr_doom2d_map_new           (void);
void             tsr_doom2d_map_free          (TsrDoom2dMap *map);
guint            tsr_doom2d_map_count         (const TsrDoom2dMap *map,
                                               TsrDoom2dKind       kind);
TsrDoom2dRecord *tsr_doom2d_map_get           (const TsrDoom2dMap *map,
                                               TsrDoom2dKind       kind,
                                               guint               index);

/* Binary map lump. */
gboolean         tsr_doom2d_map_sniff_binary  (const guint8 *data,
                                               gsize         size);
TsrDoom2dMap    *tsr_doom2d_map_read_binary   (const guint8 *data,
                                               gsize         size,
                                               GError      **error);
GBytes          *tsr_doom2d_map_write_binary  (const TsrDoom2dMap *map);
/* The game's panel rules. Lifts (streams) and monster boundaries never show a texture; a
 * hidden panel (PANEL_FLAG_HIDE) shows none; a liquid without PANEL_FLAG_WATERTEXTURES shows its
 * type's special water texture, not a record. */
gboolean         tsr_doom2d_panel_type_has_texture (gint64 type);
/* Whether PANEL shows a texture record by those rules (else its number is only filler, which the
 * game never reads). */
gboolean         tsr_doom2d_panel_shows_texture    (const TsrDoom2dRecord *panel);
/* The texture record PANEL shows, or -1 when it shows none. */
gint64           tsr_doom2d_panel_shown_texture    (const TsrDoom2dRecord *panel);
/* The data fields holding the area TRIGGER acts on (press, on, off, on/off triggers: a point
 * "position" and a size "size", the area whose triggers it presses); FALSE for other triggers. */
gboolean         tsr_doom2d_trigger_area_fields    (const TsrDoom2dRecord *trigger,
                                                    int                   *position,
                                                    int                   *size);

/* Adds to LOST ("panel 3: move_speed") every text-only field holding a non-default value. */
void             tsr_doom2d_map_binary_losses (const TsrDoom2dMap *map,
                                               GPtrArray          *lost);

/* Text map. */
gboolean         tsr_doom2d_map_sniff_text    (const guint8 *data,
                                               gsize         size);
/* Whether the first SIZE bytes of a longer resource are too few for tsr_doom2d_map_sniff_text to
 * tell: they are blanks and comments to the end, or end inside the first word. */
gboolean         tsr_doom2d_map_sniff_text_undecided (const guint8 *data,
                                                      gsize         size);
TsrDoom2dMap    *tsr_doom2d_map_read_text     (const guint8 *data,
                                               gsize         size,
                                               GError      **error);
GBytes          *tsr_doom2d_map_write_text    (const TsrDoom2dMap *map);

/* Records. */
TsrDoom2dRecord *tsr_doom2d_record_new        (TsrDoom2dKind kind);
void             tsr_doom2d_record_free       (TsrDoom2dRecord *record);
const TsrDoom2dRecordType *tsr_doom2d_record_get_type (const TsrDoom2dRecord *record);
/* Sets a trigger's type and switches its data to the type's layout (defaults). */
void             tsr_doom2d_record_set_trigger_type (TsrDoom2dRecord *record,
                                                     guint            trigger_type);

/* Edits that keep references right. Adding appends (takes RECORD) and returns its index. Removing
 * renumbers every reference past INDEX and clears (-1) those to INDEX. A panel whose texture was
 * removed is left with -1, which validation reports: the caller (the editor) picks a new one. */
guint            tsr_doom2d_map_add           (TsrDoom2dMap    *map,
                                               TsrDoom2dRecord *record);
void             tsr_doom2d_map_remove        (TsrDoom2dMap *map,
                                               TsrDoom2dKind kind,
                                               guint         index);

/* Validation findings (TsrFinding) into FINDINGS. */
void             tsr_doom2d_map_validate      (const TsrDoom2dMap *map,
                                               GPtrArray          *findings);

/* CP1251 <-> UTF-8, as map strings and archive names use it. */
char            *tsr_doom2d_cp1251_to_utf8    (const guint8 *data,
                                               gsize         size);
/* Characters without a CP1251 code become '?'. */
GByteArray      *tsr_doom2d_utf8_to_cp1251    (const char   *text);

G_END_DECLS
