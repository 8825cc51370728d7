/* tsr-doom2d-private.h: what the doom2d codec files share and nobody else needs. */
#pragma once

#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-resources.h"
#include "formats/doom2d/tsr-doom2d-wad.h"

G_BEGIN_DECLS

/* The record's binary bytes (record type size), over its kept bytes when KEEP_RAW, else zeros. */
guint8 *tsr_doom2d_record_encode (const TsrDoom2dRecord *record,
                                  gboolean               keep_raw);
/* The same into BUFFER (record type size bytes). */
void    tsr_doom2d_record_encode_into (const TsrDoom2dRecord *record,
                                       gboolean               keep_raw,
                                       guint8                *buffer);

/* Where records made one after another share their memory, as a binary map's blocks do: zero it
 * before the first record. Records so made are freed one by one with tsr_doom2d_record_free like
 * any other; the batch itself needs no freeing (each storage goes with its last record). */
typedef struct {
  gpointer storage; /* the storage being filled, or NULL */
  guint    used;    /* records made in it */
} TsrDoom2dRecordBatch;

/* A record of KIND holding its defaults (tsr_doom2d_record_new), put in BATCH's storage: the text
 * reader makes every record this way. */
TsrDoom2dRecord *tsr_doom2d_record_new_batched (TsrDoom2dKind         kind,
                                                TsrDoom2dRecordBatch *batch);

/* The binary layout (block order, reserved words, empty blocks, end block, trailing bytes) as
 * tokens for the text form's `// tessera-blocks:` comment, or NULL when it is the layout a map
 * read from text gets anyway. */
char    *tsr_doom2d_map_layout_to_string   (const TsrDoom2dMap *map);
gboolean tsr_doom2d_map_layout_from_string (TsrDoom2dMap       *map,
                                            const char         *tokens);

/* A texture cache over RESOURCES (may be NULL) that leaves them to the caller. */
TsrDoom2dTextureCache *tsr_doom2d_texture_cache_new_borrowed (TsrDoom2dResources *resources);

/* ZIP archives (tsr-doom2d-zip.c), called by the DFWAD code for archives with is_zip set. */
TsrDoom2dWad *tsr_doom2d_zip_read     (GBytes                  *bytes,
                                       GError                 **error);
GBytes       *tsr_doom2d_zip_write    (const TsrDoom2dWad      *wad,
                                       GError                 **error);
/* Decompressed data growing as it is read. Memory is asked for with g_try_realloc: an archive
 * entry that expands beyond what the process may have is an error, never an abort (issue 41). */
typedef struct {
  guint8 *data;
  gsize   len;
  gsize   allocated;
} TsrDoom2dGrowth;

/* Room for SIZE more bytes in GROWTH, taken at once (exactly, when it grows); FALSE (GROWTH
 * unchanged) when the memory cannot be had. */
gboolean tsr_doom2d_growth_reserve (TsrDoom2dGrowth *growth,
                                    gsize            size);
/* Appends SIZE bytes to GROWTH; FALSE (GROWTH unchanged) when the memory cannot be had. */
gboolean tsr_doom2d_growth_append (TsrDoom2dGrowth *growth,
                                   const guint8    *bytes,
                                   gsize            size);

/* Inflates all of IN (a zlib stream when ZLIB_WRAPPED, raw deflate otherwise) in one call with
 * libdeflate: into room taken in OUT, or, when OUT is NULL, into scratch memory to check it. EXPECTED
 * is the size the archive's directory gives, or 0 when unknown (the room then grows as needed, up
 * to LIMIT). TRUE when the whole stream decoded to at most LIMIT bytes (exactly EXPECTED, when
 * given): *EXPANDED and *CRC (each when not NULL) are set and OUT holds the data. FALSE, with OUT
 * as it was, when the stream is damaged, longer than allowed or needs more memory than there is:
 * the caller then reads it again with zlib's streaming, which finds out which and where. */
gboolean tsr_doom2d_inflate_whole (const guint8    *in,
                                   gsize            in_size,
                                   gboolean         zlib_wrapped,
                                   gsize            expected,
                                   gsize            limit,
                                   TsrDoom2dGrowth *out,
                                   gsize           *expanded,
                                   guint32         *crc);

/* Reads ENTRY's data into OUT: all of it, checked against the directory's size and CRC, or only
 * the first PREFIX bytes when PREFIX > 0. With OUT NULL the data is only checked, in constant
 * memory. An entry whose size is above LIMIT is TSR_ERROR_OUT_OF_RANGE, without reading it. */
gboolean      tsr_doom2d_zip_stream   (const TsrDoom2dWad      *wad,
                                       const TsrDoom2dWadEntry *entry,
                                       gsize                    prefix,
                                       gsize                    limit,
                                       TsrDoom2dGrowth         *out,
                                       gsize                   *expanded,
                                       GError                 **error);
void          tsr_doom2d_zip_close    (TsrDoom2dWad            *wad);

G_END_DECLS
