/* tsr-wad.h: the Marathon / Aleph One "wad" container (versions 0, 1, 2 and 4): a 128-byte
 * header, entries made of tagged chunks, and a directory with optional per-entry application
 * data. Maps, physics, images and sounds all live in wads. The parser keeps every byte it does not
 * interpret (header tail, gaps between regions, extra directory or chunk header bytes, trailing
 * data) so an untouched wad serialises back byte-identical, stale checksum included. */
#pragma once

#include <glib.h>

#include "core/tsr-finding.h"

G_BEGIN_DECLS

#define TSR_WAD_HEADER_SIZE        128
#define TSR_WAD_LEVEL_APP_DATA_SIZE 74 /* the level-list form of directory application data */

/* Wad versions (the header's first field). */
enum {
  TSR_WAD_VERSION_BASE      = 0,
  TSR_WAD_VERSION_DIRECTORY = 1,
  TSR_WAD_VERSION_OVERLAYS  = 2,
  TSR_WAD_VERSION_INFINITY  = 4,
};

/* A four-character tag as a big-endian integer. */
#define TSR_WAD_TAG(a, b, c, d) \
  (((guint32) (guint8) (a) << 24) | ((guint32) (guint8) (b) << 16) | \
   ((guint32) (guint8) (c) << 8) | (guint32) (guint8) (d))

typedef struct {
  guint32  tag;
  GBytes  *data;
  guint32  patch_offset;  /* the 4th header field of 16-byte headers (0 in every known file) */
  GBytes  *header_extra;  /* header bytes beyond 16 when the wad declares larger headers; or NULL */
  GBytes  *gap;           /* bytes between this chunk's data and the next chunk (or the entry's
                           * end, for the last chunk); NULL when none */
  gsize    original_offset; /* where its data lay in the parsed bytes (0 when made here): messages */
} TsrWadChunk;

typedef struct {
  int        index;        /* the entry's index (level number, resource id) */
  GPtrArray *chunks;       /* TsrWadChunk, in file order */
  GBytes    *app_data;     /* the directory's application data for this entry; NULL = zeros */
  GBytes    *entry_extra;  /* directory entry bytes beyond offset/length/index; or NULL */
  /* Layout of the file this entry was read from, to write it back in place. */
  gsize      original_offset;
  GBytes    *gap_before;   /* bytes between the previous region and this entry's data */
} TsrWadEntry;

typedef struct {
  guint16    version;
  guint16    data_version;
  guint8     name[64];               /* original file name, NUL-padded (Mac Roman) */
  guint32    checksum;               /* as stored; see tsr_wad_checksum_matches */
  guint16    app_data_size;
  guint16    entry_header_size;      /* as stored (0 = default) */
  guint16    directory_entry_base_size; /* as stored (0 = default) */
  guint32    parent_checksum;
  guint8     header_tail[40];        /* bytes 88..127, unused by the engine */
  GPtrArray *entries;                /* TsrWadEntry, in directory order */

  /* Layout and checksum state from loading. */
  guint32    computed_checksum;      /* CRC-32 of the loaded bytes with the field zeroed; use
                                      * tsr_wad_computed_checksum (computed when first needed) */
  gboolean   computed_checksum_known;
  gboolean   loaded;
  GBytes    *source;                 /* the loaded bytes, when parsed from a GBytes */
  gboolean   directory_before_entries; /* the directory region came before some entry data */
  gsize      directory_original_offset;
  GBytes    *gap_before_directory;
  GBytes    *trailing;               /* bytes after the last region */
} TsrWad;

/* The 74-byte level-list application data (copied from each level's Minf by Atque and Forge). */
typedef struct {
  gint16  mission_flags;
  gint16  environment_flags;
  gint32  entry_point_flags;
  guint8  name[66];
} TsrWadLevelInfo;

guint         tsr_wad_sniff                (const guint8 *data,
                                            gsize         size);
/* Whether the chunk chain of the wad's first directory entry holds a chunk TAG, read from the
 * header, directory and chunk headers alone (no parse): for sniffers that need only that. */
gboolean      tsr_wad_first_entry_has_tag  (const guint8 *data,
                                            gsize         size,
                                            guint32       tag);
TsrWad       *tsr_wad_new                  (guint16       version,
                                            guint16       data_version,
                                            const char   *name);
/* Parses a whole wad; LABEL names it in error messages. */
TsrWad       *tsr_wad_parse                (const guint8 *data,
                                            gsize         size,
                                            const char   *label,
                                            GError      **error);
/* The same, with chunk data and kept bytes as slices of BYTES (no copies). */
TsrWad       *tsr_wad_parse_bytes          (GBytes       *bytes,
                                            const char   *label,
                                            GError      **error);
void          tsr_wad_free                 (TsrWad       *wad);
/* Serialises WAD: entries and gaps where they were, new entries before the directory. The
 * stored checksum is kept when the bytes equal the loaded ones; otherwise a new CRC is written. */
GBytes       *tsr_wad_serialize            (const TsrWad *wad,
                                            GError      **error);
/* The CRC-32 of the loaded bytes with the checksum field zeroed (0 for a new wad). */
guint32       tsr_wad_computed_checksum    (const TsrWad *wad);
/* TRUE when the stored checksum equals the CRC of the loaded bytes (always TRUE for a new wad). */
gboolean      tsr_wad_checksum_matches     (const TsrWad *wad);
/* Chunk header and directory entry sizes in effect for WAD's version. */
gsize         tsr_wad_chunk_header_size    (const TsrWad *wad);
gsize         tsr_wad_directory_entry_size (const TsrWad *wad);
/* Findings about the container: versions the engine rejects, a stale checksum (warning),
 * duplicate indexes, app data of the wrong size for a level list. */
void          tsr_wad_validate             (const TsrWad *wad,
                                            GPtrArray    *findings);

TsrWadEntry  *tsr_wad_entry_new            (int           index);
void          tsr_wad_entry_free           (TsrWadEntry  *entry);
TsrWadEntry  *tsr_wad_find_entry           (const TsrWad *wad,
                                            int           index);
gsize         tsr_wad_entry_data_size      (const TsrWad *wad,
                                            const TsrWadEntry *entry);
TsrWadChunk  *tsr_wad_chunk_new            (guint32       tag,
                                            GBytes       *data);
void          tsr_wad_chunk_free           (TsrWadChunk  *chunk);
TsrWadChunk  *tsr_wad_entry_find_chunk     (const TsrWadEntry *entry,
                                            guint32       tag);
/* Replaces the data of the chunk TAG (keeping its place), or appends a new chunk. */
void          tsr_wad_entry_set_chunk      (TsrWadEntry  *entry,
                                            guint32       tag,
                                            GBytes       *data);
/* Removes the chunk TAG; FALSE when there was none. */
gboolean      tsr_wad_entry_remove_chunk   (TsrWadEntry  *entry,
                                            guint32       tag);

/* "Minf", "p\xe5th" as UTF-8 (tags are Mac Roman); unprintable bytes as \xNN. */
char         *tsr_wad_tag_to_string        (guint32       tag);

gboolean      tsr_wad_level_info_parse     (GBytes          *app_data,
                                            TsrWadLevelInfo *info,
                                            GError         **error);
GBytes       *tsr_wad_level_info_to_bytes  (const TsrWadLevelInfo *info);

/* Mac Roman <-> UTF-8 for names and terminal text. */
char         *tsr_mac_roman_to_utf8        (const guint8 *data,
                                            gsize         size);
/* Converts UTF-8 TEXT to Mac Roman; on a character Mac Roman cannot hold, returns NULL and sets
 * *BAD_CHAR_INDEX to the index (in characters) of the first one. */
GBytes       *tsr_utf8_to_mac_roman        (const char   *text,
                                            gsize         length,
                                            glong        *bad_char_index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWad, tsr_wad_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWadEntry, tsr_wad_entry_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWadChunk, tsr_wad_chunk_free)

G_END_DECLS
