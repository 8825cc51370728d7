/* tsr-wolf3d-tables.h: what the numbers in a level mean: plane-0 tiles (walls, doors, area
 * codes, the ambush marker) and plane-1 objects (player starts, enemies by difficulty, facing
 * and patrol, static objects, treasure, keys), plus the sprites and textures the editor draws
 * them with. From wolf3d-map-objects.rst and the notes; shared by the codec, the model and UI. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  TSR_WOLF3D_GAME_WOLF3D,   /* Wolfenstein 3D (WL1, WL3, WL6) */
  TSR_WOLF3D_GAME_SPEAR,    /* Spear of Destiny and its mission packs (SOD, SDM, SD1-3) */
} TsrWolf3dGame;

/* Plane-0 floor codes: area N is code TSR_WOLF3D_AREA_FIRST + N. */
#define TSR_WOLF3D_AREA_FIRST 107
#define TSR_WOLF3D_AREA_LAST  143

typedef enum {
  TSR_WOLF3D_TILE_EMPTY,    /* 0: nothing (outside the map) */
  TSR_WOLF3D_TILE_WALL,     /* 1..63 */
  TSR_WOLF3D_TILE_DOOR,     /* 90..101 */
  TSR_WOLF3D_TILE_AMBUSH,   /* 106 */
  TSR_WOLF3D_TILE_AREA,     /* 107..143 floor area codes */
  TSR_WOLF3D_TILE_UNKNOWN,  /* anything else: solid for the engine, unknown to us */
} TsrWolf3dTileClass;

typedef enum {
  TSR_WOLF3D_OBJECT_NONE,
  TSR_WOLF3D_OBJECT_PLAYER,
  TSR_WOLF3D_OBJECT_STATIC,    /* decoration, blocking or not */
  TSR_WOLF3D_OBJECT_TREASURE,
  TSR_WOLF3D_OBJECT_KEY,
  TSR_WOLF3D_OBJECT_PICKUP,    /* food, health, ammo, weapons */
  TSR_WOLF3D_OBJECT_ENEMY,
  TSR_WOLF3D_OBJECT_BOSS,
  TSR_WOLF3D_OBJECT_DEAD,      /* a dead guard lying there */
  TSR_WOLF3D_OBJECT_PUSHWALL,  /* 98: secret */
  TSR_WOLF3D_OBJECT_EXIT,      /* 99 */
  TSR_WOLF3D_OBJECT_TURN,      /* 90..97 patrol turning points */
  TSR_WOLF3D_OBJECT_UNKNOWN,
} TsrWolf3dObjectClass;

typedef struct {
  TsrWolf3dObjectClass kind;
  const char *name;        /* "Guard", "Gold key", "Start facing north" (English, marked N_():
                            * the editor shows g_dgettext (GETTEXT_PACKAGE, name)) */
  int         difficulty;  /* 0 all levels, 1 easy+, 2 medium+, 3 hard only; -1 n/a */
  int         direction;   /* 0 east, 1 north, 2 west, 3 south; -1 none */
  gboolean    patrol;
  gboolean    blocking;    /* a static object that blocks movement */
  int         sprite;      /* sprite index (from the sprite start) to draw it with, -1 none */
} TsrWolf3dObjectInfo;

TsrWolf3dTileClass tsr_wolf3d_tile_classify   (guint16 tile);
/* "Wall 5 (Cell)", "Door (gold key, vertical)", "Area 3", "Ambush marker". Free the string. */
char              *tsr_wolf3d_tile_describe   (TsrWolf3dGame game,
                                               guint16       tile);
/* The same in the user's language (the editor's status line and palettes). */
char              *tsr_wolf3d_tile_label      (TsrWolf3dGame game,
                                               guint16       tile);
/* The VSWAP wall page for a wall tile (N/S faces; +1 is the E/W face), or for a door (needs the
 * sprite start, where the door pages end); -1 when the tile has no texture. */
int                tsr_wolf3d_tile_texture    (guint16       tile,
                                               guint         sprite_start);

/* Fills INFO for plane-1 code OBJECT; FALSE for codes that mean nothing to the game. */
gboolean           tsr_wolf3d_object_lookup   (TsrWolf3dGame        game,
                                               guint16              object,
                                               TsrWolf3dObjectInfo *info);
const char        *tsr_wolf3d_direction_name  (int direction);

/* Every plane-1 code the game knows (ascending), for an editor's object palette, and every
 * plane-0 code with a meaning (walls 1..63, doors 90..101, ambush 106, areas 107..143). */
GArray            *tsr_wolf3d_known_objects   (TsrWolf3dGame game);
GArray            *tsr_wolf3d_known_tiles     (void);

/* Counts over one level as the game spawns it at DIFFICULTY (0 baby .. 3 hard). */
typedef struct {
  guint enemies;
  guint treasure;
  guint secrets;     /* pushwalls */
  guint keys;
  guint statics;     /* static objects the engine allocates (all statics incl. pickups) */
  guint doors;
  guint players;
} TsrWolf3dStats;

void               tsr_wolf3d_level_stats     (TsrWolf3dGame  game,
                                               const guint16 *plane0,
                                               const guint16 *plane1,
                                               gsize          tiles,
                                               int            difficulty,
                                               TsrWolf3dStats *stats);

G_END_DECLS
