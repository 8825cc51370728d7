/* tsr-marathon-map.h: Marathon 1 / 2 / Infinity map levels as plain C structs, for the CLI and a
 * later map editor. A scenario is a wad whose entries are levels; each level's known chunks are
 * parsed into typed arrays (every byte of a record is a field, unused bytes included, so a record
 * writes back exactly) and every other chunk is kept as it was. Field names follow the engine. */
#pragma once

#include <glib.h>

#include "core/tsr-field.h"
#include "core/tsr-finding.h"
#include "core/tsr-image.h"
#include "formats/marathon/tsr-marathon-physics.h"
#include "formats/marathon/tsr-marathon-terminal.h"
#include "formats/marathon/tsr-wad.h"

G_BEGIN_DECLS

#define TSR_MARATHON_NONE (-1)

typedef struct { gint16 x, y; } TsrMarathonPoint;                 /* PNTS, 4 bytes */

typedef struct {                                                   /* EPNT, 16 bytes */
  guint16          flags;
  gint16           highest_adjacent_floor_height;
  gint16           lowest_adjacent_ceiling_height;
  TsrMarathonPoint vertex;
  TsrMarathonPoint transformed;      /* runtime scratch, kept as stored */
  gint16           supporting_polygon_index;
} TsrMarathonEndpoint;

typedef struct {                                                   /* LINS, 32 bytes */
  gint16  endpoint_indexes[2];
  guint16 flags;
  gint16  length;
  gint16  highest_adjacent_floor;
  gint16  lowest_adjacent_ceiling;
  gint16  clockwise_side_index;
  gint16  counterclockwise_side_index;
  gint16  clockwise_polygon_owner;
  gint16  counterclockwise_polygon_owner;
  gint16  unused[6];
} TsrMarathonLine;

typedef struct { gint16 x0, y0; gint16 texture; } TsrMarathonSideTexture;

typedef struct {                                                   /* SIDS, 64 bytes */
  gint16                 type;
  guint16                flags;
  TsrMarathonSideTexture primary_texture;
  TsrMarathonSideTexture secondary_texture;
  TsrMarathonSideTexture transparent_texture;
  TsrMarathonPoint       exclusion_zone[4];
  gint16                 control_panel_type;
  gint16                 control_panel_permutation;
  gint16                 primary_transfer_mode;
  gint16                 secondary_transfer_mode;
  gint16                 transparent_transfer_mode;
  gint16                 polygon_index;
  gint16                 line_index;
  gint16                 primary_lightsource_index;
  gint16                 secondary_lightsource_index;
  gint16                 transparent_lightsource_index;
  gint32                 ambient_delta;
  gint16                 unused;
} TsrMarathonSide;

typedef struct {                                                   /* POLY, 128 bytes */
  gint16           type;
  guint16          flags;
  gint16           permutation;
  guint16          vertex_count;
  gint16           endpoint_indexes[8];
  gint16           line_indexes[8];
  gint16           floor_texture;
  gint16           ceiling_texture;
  gint16           floor_height;
  gint16           ceiling_height;
  gint16           floor_lightsource_index;
  gint16           ceiling_lightsource_index;
  gint32           area;
  gint16           first_object;
  gint16           first_exclusion_zone_index;
  gint16           line_exclusion_zone_count;
  gint16           point_exclusion_zone_count;
  gint16           floor_transfer_mode;
  gint16           ceiling_transfer_mode;
  gint16           adjacent_polygon_indexes[8];
  gint16           first_neighbor_index;
  gint16           neighbor_count;
  TsrMarathonPoint center;
  gint16           side_indexes[8];
  TsrMarathonPoint floor_origin;          /* Marathon 2 and later */
  TsrMarathonPoint ceiling_origin;
  gint16           media_index;
  gint16           media_lightsource_index;
  gint16           sound_source_indexes;
  gint16           ambient_sound_image_index;
  gint16           random_sound_image_index;
  gint16           unused;
} TsrMarathonPolygon;

typedef struct {
  gint16 function;
  gint16 period;
  gint16 delta_period;
  gint32 intensity;
  gint32 delta_intensity;
} TsrMarathonLightingFunction;

typedef struct {                                                   /* LITE (data version 1+), 100 bytes */
  gint16                      type;
  guint16                     flags;
  gint16                      phase;
  TsrMarathonLightingFunction primary_active;
  TsrMarathonLightingFunction secondary_active;
  TsrMarathonLightingFunction becoming_active;
  TsrMarathonLightingFunction primary_inactive;
  TsrMarathonLightingFunction secondary_inactive;
  TsrMarathonLightingFunction becoming_inactive;
  gint16                      tag;
  gint16                      unused[4];
} TsrMarathonLight;

typedef struct {                                                   /* LITE (Marathon 1), 32 bytes */
  guint16 flags;
  gint16  type;
  gint16  mode;
  gint16  phase;
  gint32  minimum_intensity;
  gint32  maximum_intensity;
  gint16  period;
  gint32  intensity;
  gint16  unused[5];
} TsrMarathonOldLight;

typedef struct {                                                   /* NOTE, 72 bytes */
  gint16           type;
  TsrMarathonPoint location;
  gint16           polygon_index;
  guint8           text[64];                /* Mac Roman, NUL-terminated */
} TsrMarathonAnnotation;

typedef struct {                                                   /* OBJS, 16 bytes */
  gint16  type;           /* 0 monster, 1 scenery, 2 item, 3 player, 4 goal, 5 sound source */
  gint16  index;
  gint16  facing;
  gint16  polygon_index;
  gint16  x, y, z;
  guint16 flags;
} TsrMarathonObject;

typedef struct {                                                   /* plac, 12 bytes */
  guint16 flags;
  gint16  initial_count;
  gint16  minimum_count;
  gint16  maximum_count;
  gint16  random_count;
  guint16 random_chance;
} TsrMarathonPlacement;

typedef struct {                                                   /* plat, 32 bytes */
  gint16  type;
  gint16  speed;
  gint16  delay;
  gint16  maximum_height;
  gint16  minimum_height;
  guint32 static_flags;
  gint16  polygon_index;
  gint16  tag;
  gint16  unused[7];
} TsrMarathonPlatform;

typedef struct {                                                   /* ambi, 16 bytes */
  guint16 flags;
  gint16  sound_index;
  gint16  volume;
  gint16  unused[5];
} TsrMarathonAmbientSound;

typedef struct {                                                   /* bonk, 32 bytes */
  guint16 flags;
  gint16  sound_index;
  gint16  volume;
  gint16  delta_volume;
  gint16  period;
  gint16  delta_period;
  gint16  direction;
  gint16  delta_direction;
  gint32  pitch;
  gint32  delta_pitch;
  gint16  phase;
  gint16  unused[3];
} TsrMarathonRandomSound;

typedef struct {                                                   /* medi, 32 bytes */
  gint16           type;
  guint16          flags;
  gint16           light_index;
  gint16           current_direction;
  gint16           current_magnitude;
  gint16           low;
  gint16           high;
  TsrMarathonPoint origin;
  gint16           height;
  gint32           minimum_light_intensity;
  gint16           texture;
  gint16           transfer_mode;
  gint16           unused[2];
} TsrMarathonMedia;

typedef struct {                                                   /* Minf, 88 bytes */
  gint16  environment_code;
  gint16  physics_model;
  gint16  song_index;
  gint16  mission_flags;
  gint16  environment_flags;
  guint8  ball_in_play;
  guint8  unused1;
  gint16  unused[3];
  guint8  level_name[66];                    /* Mac Roman, NUL-terminated */
  guint32 entry_point_flags;
} TsrMarathonMapInfo;

/* The record kinds the codec types. Each has a fixed size and a table of fields. */
typedef enum {
  TSR_MARATHON_RECORD_POINT,
  TSR_MARATHON_RECORD_ENDPOINT,
  TSR_MARATHON_RECORD_LINE,
  TSR_MARATHON_RECORD_SIDE,
  TSR_MARATHON_RECORD_POLYGON,
  TSR_MARATHON_RECORD_LIGHT,
  TSR_MARATHON_RECORD_OLD_LIGHT,
  TSR_MARATHON_RECORD_ANNOTATION,
  TSR_MARATHON_RECORD_OBJECT,
  TSR_MARATHON_RECORD_PLACEMENT,
  TSR_MARATHON_RECORD_PLATFORM,
  TSR_MARATHON_RECORD_MEDIA,
  TSR_MARATHON_RECORD_AMBIENT_SOUND,
  TSR_MARATHON_RECORD_RANDOM_SOUND,
  TSR_MARATHON_RECORD_MAP_INFO,
  TSR_MARATHON_N_MAP_RECORDS
} TsrMarathonRecordKind;

/* One level: the wad entry it came from (chunk order, unknown chunks, app data), and the typed
 * arrays of its known chunks. An array is NULL when the level has no such chunk. After editing
 * an array, tsr_marathon_level_commit (or saving) writes it back into the entry. */
typedef struct {
  TsrWadEntry        *entry;          /* owned */
  guint16             data_version;   /* the wad's: 0 Marathon 1, 1 Marathon 2, 2 Infinity */
  TsrMarathonMapInfo  info;
  gboolean            has_info;
  GBytes             *info_tail;      /* Minf bytes past 88 (or NULL); a short Minf is padded on read */
  gsize               info_size;      /* the Minf's stored size (86 from one old editor) */
  GArray *points;       /* TsrMarathonPoint */
  GArray *endpoints;    /* TsrMarathonEndpoint */
  GArray *lines;        /* TsrMarathonLine */
  GArray *sides;        /* TsrMarathonSide */
  GArray *polygons;     /* TsrMarathonPolygon */
  GArray *lights;       /* TsrMarathonLight */
  GArray *old_lights;   /* TsrMarathonOldLight (Marathon 1) */
  GArray *annotations;  /* TsrMarathonAnnotation */
  GArray *objects;      /* TsrMarathonObject */
  GArray *placements;   /* TsrMarathonPlacement */
  GArray *platforms;    /* TsrMarathonPlatform */
  GArray *media;        /* TsrMarathonMedia */
  GArray *ambient_sounds; /* TsrMarathonAmbientSound */
  GArray *random_sounds;  /* TsrMarathonRandomSound */
  GPtrArray *terminals;   /* TsrMarathonTerminal, or NULL */
  GPtrArray *physics;     /* TsrMarathonPhysicsTable of embedded **px chunks, or NULL */
  /* Bytes after the last whole record of each typed chunk (none in well-formed maps). */
  GHashTable *chunk_tails; /* tag (GUINT_TO_POINTER) -> GBytes */
  /* Set by an editor while it runs geometry operations (tsr-marathon-geometry.h): they derive
   * and check everything but the map index list, and validation leaves out the map-index meter
   * (both flood the whole level; a save derives the list, the editor shows the meter). Never
   * written to a file. */
  gboolean    defer_map_indexes;
  /* A level without a term chunk kept in an Atque merge folder has its terminals in a script
   * beside it (NAME.term.txt), compiled in at merge: validation checks its terminal switches
   * against that script's terminals. Set by tsr_marathon_map_attach_script; never written. */
  char       *script_path;       /* the script found beside the file, or NULL */
  GPtrArray  *script_terminals;  /* TsrMarathonTerminal compiled from it; NULL if it did not compile */
  char       *script_error;      /* why it did not compile, or NULL */
} TsrMarathonLevel;

/* A scenario (or a single map): the wad and its levels in directory order. */
typedef struct {
  TsrWad    *wad;     /* owned; its entries are borrowed from the levels */
  GPtrArray *levels;  /* TsrMarathonLevel */
} TsrMarathonMap;

gsize               tsr_marathon_record_size    (TsrMarathonRecordKind kind);
/* The fields of KIND (offsets in the file record, members in its struct); for describe, JSON and
 * the property inspector (transfer none). */
const TsrFieldTable *tsr_marathon_record_fields (TsrMarathonRecordKind kind);
/* Decodes SIZE bytes of one record into RECORD (a struct of KIND), and back. */
void                tsr_marathon_record_decode  (TsrMarathonRecordKind kind,
                                                 const guint8         *data,
                                                 gpointer              record);
void                tsr_marathon_record_encode  (TsrMarathonRecordKind kind,
                                                 gconstpointer         record,
                                                 guint8               *data);
/* COUNT records at once (structs packed in an array of the kind's struct); decoding writes every
 * byte of RECORDS, so they need not be zeroed first. */
void                tsr_marathon_records_decode_array (TsrMarathonRecordKind kind,
                                                       const guint8         *data,
                                                       gsize                 count,
                                                       gpointer              records);
void                tsr_marathon_records_encode_array (TsrMarathonRecordKind kind,
                                                       gconstpointer         records,
                                                       gsize                 count,
                                                       guint8               *data);

/* Whether encoding COUNT records gives the bytes at DATA (COUNT records long): compared as they
 * are encoded, nothing written. */
gboolean            tsr_marathon_records_encode_matches (TsrMarathonRecordKind kind,
                                                         gconstpointer         records,
                                                         gsize                 count,
                                                         const guint8         *data);

/* Levels from WAD (taken over; freed with the map, also on error). */
TsrMarathonMap     *tsr_marathon_map_from_wad   (TsrWad       *wad,
                                                 GError      **error);
TsrMarathonMap     *tsr_marathon_map_parse      (const guint8 *data,
                                                 gsize         size,
                                                 const char   *label,
                                                 GError      **error);
/* The same without copying chunk data (slices of BYTES). */
TsrMarathonMap     *tsr_marathon_map_parse_bytes (GBytes      *bytes,
                                                  const char  *label,
                                                  GError     **error);
void                tsr_marathon_map_free       (TsrMarathonMap *map);
/* Writes every level back into its entry, fixes the directory layout (one level: version 2 and
 * no app data unless the file's own layout is kept; several: version 4 with 74-byte app data from
 * each Minf) and serialises the wad. */
GBytes             *tsr_marathon_map_serialize  (TsrMarathonMap *map,
                                                 GError        **error);
void                tsr_marathon_map_validate   (const TsrMarathonMap *map,
                                                 GPtrArray            *findings);
/* The script an Atque merge folder keeps beside MAP_PATH ("Name.sceA" -> "Name.term.txt"), or
 * NULL (transfer full). */
char               *tsr_marathon_script_path_beside (const char *map_path);
/* Reads and compiles the script beside MAP_PATH, if there is one and MAP has exactly one level
 * and that level has no term chunk, and attaches it to the level for validation. Returns whether
 * a script was attached (a script that does not compile is attached with its error). */
gboolean            tsr_marathon_map_attach_script (TsrMarathonMap *map,
                                                    const char     *map_path);

/* Writes LEVEL's typed arrays back into its wad entry's chunks. */
void                tsr_marathon_level_commit   (TsrMarathonLevel *level);
TsrMarathonLevel   *tsr_marathon_level_new      (int               index,
                                                 guint16           data_version,
                                                 const char       *name);
/* A copy of LEVEL (its typed arrays written back first) that shares no state with it: every
 * chunk, unknown ones included, and the Minf. (transfer full) */
TsrMarathonLevel   *tsr_marathon_level_duplicate (TsrMarathonLevel *level,
                                                  GError          **error);
void                tsr_marathon_level_free     (TsrMarathonLevel *level);
char               *tsr_marathon_level_name     (const TsrMarathonLevel *level);
/* Points as positions whichever of PNTS/EPNT the level has. */
guint               tsr_marathon_level_n_points (const TsrMarathonLevel *level);
TsrMarathonPoint    tsr_marathon_level_point    (const TsrMarathonLevel *level,
                                                 guint                   index);
/* LEVEL_INDEX goes into the findings' places; WHERE is their text ("level 0 (Arrival)"). */
void                tsr_marathon_level_validate (const TsrMarathonLevel *level,
                                                 gint                    level_index,
                                                 const char             *where,
                                                 GPtrArray              *findings);

/* Scenario edits. Adding takes LEVEL over; indexes are renumbered 0..n-1 in order. While the level
 * list differs from the loaded one, saving writes Atque's layout; back in the loaded order (after
 * undo), the file's own layout and app data again. Renaming changes only the Minf (and the level's
 * app data where the file has the level list). */
void                tsr_marathon_map_add_level     (TsrMarathonMap   *map,
                                                    TsrMarathonLevel *level,
                                                    guint             position);
void                tsr_marathon_map_remove_level  (TsrMarathonMap   *map,
                                                    guint             position);
/* Takes the level at POSITION out of the list without freeing it (transfer full): an undoable
 * delete keeps it to put it back with tsr_marathon_map_add_level. */
TsrMarathonLevel   *tsr_marathon_map_take_level    (TsrMarathonMap   *map,
                                                    guint             position);
/* Forgets what MAP remembers of LEVEL as loaded, before LEVEL (taken out) is freed. */
void                tsr_marathon_map_forget_level  (TsrMarathonMap   *map,
                                                    TsrMarathonLevel *level);
void                tsr_marathon_map_move_level    (TsrMarathonMap   *map,
                                                    guint             from,
                                                    guint             to);
gboolean            tsr_marathon_map_rename_level  (TsrMarathonMap   *map,
                                                    guint             position,
                                                    const char       *name,
                                                    GError          **error);

/* A top-down drawing of LEVEL: polygons filled by type, lines, objects as markers. */
TsrImage           *tsr_marathon_level_render   (const TsrMarathonLevel *level,
                                                 guint                   width,
                                                 guint                   height,
                                                 GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonMap, tsr_marathon_map_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonLevel, tsr_marathon_level_free)

G_END_DECLS
