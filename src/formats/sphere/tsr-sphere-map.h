/* tsr-sphere-map.h: Sphere .rmp maps: a 256-byte header, 3/5/9 strings, layers (tiles and
 * obstruction segments), entities (persons, triggers), zones, and, when string 0 (the tileset
 * file) is empty, the .rts tileset appended to the map. Plain structs the editor changes directly
 * or through the edit functions below; every byte not understood is kept for a byte-exact save. */
#pragma once

#include <glib.h>

#include "core/tsr-finding.h"
#include "formats/sphere/tsr-sphere-tileset.h"

G_BEGIN_DECLS

#define TSR_SPHERE_LAYER_SIZE_MAX 4096

typedef enum {
  TSR_SPHERE_STRING_TILESET = 0,
  TSR_SPHERE_STRING_MUSIC,
  TSR_SPHERE_STRING_SCRIPT,
  TSR_SPHERE_STRING_ENTRY,
  TSR_SPHERE_STRING_EXIT,
  TSR_SPHERE_STRING_NORTH,
  TSR_SPHERE_STRING_EAST,
  TSR_SPHERE_STRING_SOUTH,
  TSR_SPHERE_STRING_WEST,
} TsrSphereMapString;

typedef enum {
  TSR_SPHERE_LAYER_HIDDEN   = 1 << 0,
  TSR_SPHERE_LAYER_PARALLAX = 1 << 1,
} TsrSphereLayerFlags;

typedef struct {
  guint16  width;
  guint16  height;
  guint16  flags;        /* TsrSphereLayerFlags and whatever else was stored */
  float    parallax_x;   /* floats are copied bit for bit */
  float    parallax_y;
  float    scrolling_x;
  float    scrolling_y;
  guint8   reflective;
  guint8   reserved[3];
  GBytes  *name;
  guint16 *tiles;        /* width * height, row-major */
  GArray  *segments;     /* TsrSphereSegment, pixel coordinates */
} TsrSphereLayer;

typedef enum {
  TSR_SPHERE_ENTITY_PERSON  = 1,
  TSR_SPHERE_ENTITY_TRIGGER = 2,
} TsrSphereEntityType;

typedef struct {
  guint16    x;          /* pixels */
  guint16    y;
  guint16    layer;
  guint16    type;       /* TsrSphereEntityType */
  guint8     reserved[8];
  /* person */
  GBytes    *name;
  GBytes    *spriteset;
  GPtrArray *scripts;    /* GBytes: on create, destroy, activate (touch), activate (talk), commands */
  guint8     person_reserved[16];
  /* trigger */
  GBytes    *function;
} TsrSphereEntity;

typedef struct {
  guint16  x1, y1, x2, y2; /* pixels */
  guint16  layer;
  guint16  reactivate_steps;
  guint8   reserved[4];
  GBytes  *function;
} TsrSphereZone;

typedef struct {
  guint16            version;        /* 1 */
  guint8             type;           /* obsolete */
  guint8             reserved_8;
  guint16            start_x;        /* pixels */
  guint16            start_y;
  guint8             start_layer;
  guint8             start_direction;
  guint8             repeating;      /* header byte 21 */
  guint8             reserved[234];  /* header bytes 22..255 */
  GPtrArray         *strings;        /* GBytes, usually 3, 5 or 9 (TsrSphereMapString) */
  GPtrArray         *layers;         /* TsrSphereLayer */
  GPtrArray         *entities;       /* TsrSphereEntity */
  GPtrArray         *zones;          /* TsrSphereZone */
  TsrSphereTileset  *tileset;        /* appended to the file (string 0 empty), else NULL */
  /* An entity of an unknown type has no known length: it and everything after it are kept as
   * bytes, with the header's counts, and written back as they were. */
  GBytes            *unparsed_tail;
  guint16            tail_entity_count; /* entities (from the first unknown one on) inside the tail */
  guint16            tail_zone_count;
  /* Not saved: where the map was loaded from and its external tileset, for rendering. */
  char              *path;
  TsrSphereTileset  *external_tileset;
  /* Not saved in an .rmp: a TMX's tileset references as loaded (the TSX relative to the TMX,
   * the image relative to the TSX), which a TMX save keeps, or NULL (an inline tileset, or a map
   * not loaded from a TMX: the save names them after the TMX). */
  char              *tmx_tileset_source;
  char              *tmx_image_source;
} TsrSphereMap;

TsrSphereMap     *tsr_sphere_map_new            (guint16 width,
                                                 guint16 height,
                                                 TsrSphereTileset *tileset);
void              tsr_sphere_map_free           (TsrSphereMap *map);
/* A deep copy (also of the external tileset and path), e.g. for undo snapshots. */
TsrSphereMap     *tsr_sphere_map_copy           (const TsrSphereMap *map);
TsrSphereMap     *tsr_sphere_map_parse          (GBytes       *bytes,
                                                 GError      **error);
GBytes           *tsr_sphere_map_serialize      (const TsrSphereMap *map);
/* The tileset the map draws with: appended or external (loaded next to PATH); may be NULL. */
const TsrSphereTileset *tsr_sphere_map_get_tileset (const TsrSphereMap *map);
/* Loads the tileset named by string 0 from the map's folder into external_tileset. */
gboolean          tsr_sphere_map_load_external_tileset (TsrSphereMap *map,
                                                        GError      **error);
char             *tsr_sphere_map_get_string     (const TsrSphereMap *map,
                                                 TsrSphereMapString  which);
void              tsr_sphere_map_set_string     (TsrSphereMap *map,
                                                 TsrSphereMapString which,
                                                 const char  *text);
void              tsr_sphere_map_validate       (const TsrSphereMap *map,
                                                 GPtrArray    *findings);

/* Layers */
TsrSphereLayer   *tsr_sphere_layer_new          (guint16 width,
                                                 guint16 height,
                                                 const char *name);
void              tsr_sphere_layer_free         (TsrSphereLayer *layer);
TsrSphereLayer   *tsr_sphere_layer_copy         (const TsrSphereLayer *layer);
guint16           tsr_sphere_layer_get_tile     (const TsrSphereLayer *layer, guint x, guint y);
void              tsr_sphere_layer_set_tile     (TsrSphereLayer *layer, guint x, guint y, guint16 tile);
/* Inserts LAYER (taking it) at INDEX (-1: on top); entities, zones and the start layer above it
 * move up with their layers. */
void              tsr_sphere_map_insert_layer   (TsrSphereMap *map, int index, TsrSphereLayer *layer);
/* Removes a layer; entities and zones on it go to layer 0 (or are kept on the layer below). */
gboolean          tsr_sphere_map_remove_layer   (TsrSphereMap *map, guint index, GError **error);
/* Moves layer FROM to position TO, renumbering entity, zone and start layers. */
gboolean          tsr_sphere_map_move_layer     (TsrSphereMap *map, guint from, guint to, GError **error);

typedef enum {
  TSR_SPHERE_ANCHOR_TOP_LEFT, TSR_SPHERE_ANCHOR_TOP, TSR_SPHERE_ANCHOR_TOP_RIGHT,
  TSR_SPHERE_ANCHOR_LEFT, TSR_SPHERE_ANCHOR_CENTER, TSR_SPHERE_ANCHOR_RIGHT,
  TSR_SPHERE_ANCHOR_BOTTOM_LEFT, TSR_SPHERE_ANCHOR_BOTTOM, TSR_SPHERE_ANCHOR_BOTTOM_RIGHT,
} TsrSphereAnchor;

/* Resizes layer INDEX to WIDTH x HEIGHT tiles keeping the contents at ANCHOR; new cells get FILL.
 * The layer's obstruction segments move with the contents (those left outside are dropped). */
gboolean          tsr_sphere_map_resize_layer   (TsrSphereMap   *map,
                                                 guint           index,
                                                 guint           width,
                                                 guint           height,
                                                 TsrSphereAnchor anchor,
                                                 guint16         fill,
                                                 GError        **error);

/* Entities and zones */
TsrSphereEntity  *tsr_sphere_entity_new_person  (guint16 x, guint16 y, guint16 layer,
                                                 const char *name, const char *spriteset);
TsrSphereEntity  *tsr_sphere_entity_new_trigger (guint16 x, guint16 y, guint16 layer,
                                                 const char *function);
void              tsr_sphere_entity_free        (TsrSphereEntity *entity);
TsrSphereEntity  *tsr_sphere_entity_copy        (const TsrSphereEntity *entity);
TsrSphereZone    *tsr_sphere_zone_new           (guint16 x1, guint16 y1, guint16 x2, guint16 y2,
                                                 guint16 layer, const char *function);
void              tsr_sphere_zone_free          (TsrSphereZone *zone);
TsrSphereZone    *tsr_sphere_zone_copy          (const TsrSphereZone *zone);
/* Adds (taking) at INDEX (-1: the end). */
gboolean          tsr_sphere_map_add_entity     (TsrSphereMap *map, int index, TsrSphereEntity *entity, GError **error);
gboolean          tsr_sphere_map_remove_entity  (TsrSphereMap *map, guint index, GError **error);
gboolean          tsr_sphere_map_add_zone       (TsrSphereMap *map, int index, TsrSphereZone *zone, GError **error);
gboolean          tsr_sphere_map_remove_zone    (TsrSphereMap *map, guint index, GError **error);

/* Tileset: embed a tileset into the map (string 0 becomes empty), or externalise the appended one
 * as FILE_NAME (string 0 names it); returns the tileset bytes to write next to the map. */
void              tsr_sphere_map_embed_tileset  (TsrSphereMap *map, TsrSphereTileset *tileset);
GBytes           *tsr_sphere_map_externalise_tileset (TsrSphereMap *map, const char *file_name,
                                                      GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrSphereMap, tsr_sphere_map_free)

G_END_DECLS
