/* tsr-sphere-tileset.h: Sphere .rts tilesets (also found appended to .rmp maps): a 256-byte header,
 * every tile's RGBA pixels, then per tile a 32-byte info block, its name and its obstruction
 * data. Every reserved and obsolete byte is kept so an untouched tileset saves byte-identical. */
#pragma once

#include <glib.h>

#include "core/tsr-finding.h"
#include "core/tsr-image.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"

G_BEGIN_DECLS

#define TSR_SPHERE_TILE_SIZE_MAX 4096

typedef enum {
  TSR_SPHERE_OBSTRUCTION_NONE     = 0,
  TSR_SPHERE_OBSTRUCTION_MASK     = 1, /* obsolete per-pixel mask, width * height bytes */
  TSR_SPHERE_OBSTRUCTION_SEGMENTS = 2,
} TsrSphereObstructionType;

/* A line segment in pixels; tiles store them as u16, map layers as u32. */
typedef struct {
  guint32 x1, y1, x2, y2;
} TsrSphereSegment;

typedef struct {
  guint8   *pixels;           /* tile_width * tile_height * 4 bytes, RGBA */
  guint8    obsolete_1;
  guint8    animated;
  guint16   next_tile;
  guint16   delay;
  guint8    obsolete_2;
  guint8    obstruction_type; /* TsrSphereObstructionType; only read when has_obstructions */
  guint16   segment_count;    /* as stored; rewritten from SEGMENTS when they are in the file */
  guint8    terraformed;
  guint8    reserved[19];
  GBytes   *name;
  GBytes   *obstruction_mask; /* type 1: tile_width * tile_height bytes, kept verbatim */
  GArray   *segments;         /* TsrSphereSegment, type 2 */
} TsrSphereTile;

typedef struct {
  guint16    version;          /* 1 */
  guint16    tile_width;
  guint16    tile_height;
  guint16    bpp;              /* 32 */
  guint8     compression;      /* 0 */
  guint8     has_obstructions;
  guint8     reserved[240];
  GPtrArray *tiles;            /* TsrSphereTile */
  GBytes    *trailing;         /* bytes after a whole .rts file (Sphere ignores them); NULL if none */
  GBytes    *source;           /* the .rts bytes it was parsed from (NULL for a map's tileset or a
                                * new one): a save compares with them as it writes, and an
                                * unchanged tileset saves them without a copy */
} TsrSphereTileset;

TsrSphereTileset *tsr_sphere_tileset_new         (guint16 tile_width,
                                                  guint16 tile_height);
void              tsr_sphere_tileset_free        (TsrSphereTileset *tileset);
TsrSphereTileset *tsr_sphere_tileset_copy        (const TsrSphereTileset *tileset);
/* Reads a tileset at READER's position (a whole .rts, or the tail of a map). */
TsrSphereTileset *tsr_sphere_tileset_read        (TsrReader        *reader,
                                                  GError          **error);
TsrSphereTileset *tsr_sphere_tileset_parse       (GBytes           *bytes,
                                                  GError          **error);
void              tsr_sphere_tileset_write       (const TsrSphereTileset *tileset,
                                                  TsrWriter        *writer);
GBytes           *tsr_sphere_tileset_serialize   (const TsrSphereTileset *tileset);
/* Appends a transparent tile and returns it. */
TsrSphereTile    *tsr_sphere_tileset_add_tile    (TsrSphereTileset *tileset);
/* A transparent tile of TILESET's size, and a deep copy of tile INDEX, for the tileset editor to
 * insert; free with tsr_sphere_tile_free (the free function of TILES). (transfer full) */
TsrSphereTile    *tsr_sphere_tileset_new_tile    (const TsrSphereTileset *tileset);
TsrSphereTile    *tsr_sphere_tileset_copy_tile   (const TsrSphereTileset *tileset,
                                                  guint             index);
void              tsr_sphere_tile_free           (gpointer          tile);
TsrImage         *tsr_sphere_tileset_tile_image  (const TsrSphereTileset *tileset,
                                                  guint             index);
/* All tiles in a sheet COLUMNS wide (0: 16). */
TsrImage         *tsr_sphere_tileset_sheet       (const TsrSphereTileset *tileset,
                                                  guint             columns);
void              tsr_sphere_tileset_validate    (const TsrSphereTileset *tileset,
                                                  const char       *where,
                                                  GPtrArray        *findings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrSphereTileset, tsr_sphere_tileset_free)

G_END_DECLS
