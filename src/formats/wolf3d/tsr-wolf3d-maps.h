/* tsr-wolf3d-maps.h: the levels of a Wolfenstein 3D data set: MAPHEAD (RLEW tag + 100 level
 * offsets + trailing bytes) with GAMEMAPS ('TED5v1.0', Carmack+RLEW planes, 38-byte headers) or
 * MAPTEMP (RLEW only). Untouched data saves byte-identical; edited levels are recompressed by
 * Tessera's own RLEW and Carmack encoders while the other levels keep their original chunks. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TSR_WOLF3D_MAX_LEVELS     100
#define TSR_WOLF3D_PLANES         3
#define TSR_WOLF3D_LEVEL_NAME_MAX 16
#define TSR_WOLF3D_HEADER_SIZE    38

typedef struct {
  char     name[TSR_WOLF3D_LEVEL_NAME_MAX + 1];   /* up to the first NUL */
  guint8   name_raw[TSR_WOLF3D_LEVEL_NAME_MAX];   /* as stored (bytes after the NUL kept) */
  guint16  width;
  guint16  height;
  guint16 *planes[TSR_WOLF3D_PLANES];             /* width * height words, row by row */
  /* What was read, for writing an unchanged level back as it was. */
  GBytes  *chunks[TSR_WOLF3D_PLANES];             /* stored plane bytes; NULL once edited */
  GBytes  *trailer;                               /* bytes after the header ("!ID!") */
  gint32   plane_offsets[TSR_WOLF3D_PLANES];
  guint16  plane_lengths[TSR_WOLF3D_PLANES];
} TsrWolf3dLevel;

typedef struct {
  guint16    rlew_tag;
  gboolean   carmack;       /* GAMEMAPS (TRUE) or MAPTEMP (FALSE) */
  GPtrArray *levels;        /* TsrWolf3dLevel or NULL for an empty MAPHEAD slot */
  gint32     slots[TSR_WOLF3D_MAX_LEVELS];        /* MAPHEAD offsets as read */
  GBytes    *maphead_tail;  /* bytes after the offsets (tileinfo) */
  GBytes    *prefix;        /* GAMEMAPS bytes before the first level ("TED5v1.0"...) */
  GBytes    *maphead_bytes; /* the files as loaded, written back while nothing changed */
  GBytes    *gamemaps_bytes;
  gboolean   changed;
} TsrWolf3dMaps;

/* Empty maps (no levels) for a new set, written as GAMEMAPS (CARMACK) or MAPTEMP. */
TsrWolf3dMaps  *tsr_wolf3d_maps_new           (guint16        rlew_tag,
                                               gboolean       carmack);
TsrWolf3dMaps  *tsr_wolf3d_maps_load          (GBytes        *maphead,
                                               GBytes        *gamemaps,
                                               gboolean       carmack,
                                               GError       **error);
void            tsr_wolf3d_maps_free          (TsrWolf3dMaps *maps);
/* Serialises into *MAPHEAD and *GAMEMAPS (new references). With FORCE the files are rebuilt even
 * when nothing changed (tests use it to prove the writer reproduces the original layout). */
gboolean        tsr_wolf3d_maps_save          (const TsrWolf3dMaps *maps,
                                               gboolean       force,
                                               GBytes       **maphead,
                                               GBytes       **gamemaps,
                                               GError       **error);

/* Number of MAPHEAD slots in use (levels->len) and the level in a slot (NULL when empty). */
guint           tsr_wolf3d_maps_get_n_levels  (const TsrWolf3dMaps *maps);
TsrWolf3dLevel *tsr_wolf3d_maps_get_level     (const TsrWolf3dMaps *maps,
                                               guint          index);

/* Editing. Each marks the maps changed; a level whose planes change loses its stored chunks. */
TsrWolf3dLevel *tsr_wolf3d_level_new          (const char    *name,
                                               guint16        width,
                                               guint16        height);
void            tsr_wolf3d_level_free         (TsrWolf3dLevel *level);
gboolean        tsr_wolf3d_maps_insert_level  (TsrWolf3dMaps *maps,
                                               guint          index,
                                               TsrWolf3dLevel *level,
                                               GError       **error);
TsrWolf3dLevel *tsr_wolf3d_maps_remove_level  (TsrWolf3dMaps *maps,
                                               guint          index);
gboolean        tsr_wolf3d_maps_move_level    (TsrWolf3dMaps *maps,
                                               guint          from,
                                               guint          to,
                                               GError       **error);
gboolean        tsr_wolf3d_maps_rename_level  (TsrWolf3dMaps *maps,
                                               guint          index,
                                               const char    *name,
                                               GError       **error);
gboolean        tsr_wolf3d_maps_set_tile      (TsrWolf3dMaps *maps,
                                               guint          index,
                                               guint          plane,
                                               guint          x,
                                               guint          y,
                                               guint16        value,
                                               GError       **error);
/* Call after changing a level's planes directly. */
void            tsr_wolf3d_maps_mark_plane_changed (TsrWolf3dMaps *maps,
                                                    guint          index,
                                                    guint          plane);

/* One plane compressed as GAMEMAPS (Carmack of RLEW) or MAPTEMP (RLEW) stores it, with the
 * leading length word(s). */
GBytes         *tsr_wolf3d_plane_compress     (const guint16 *plane,
                                               gsize          words,
                                               guint16        rlew_tag,
                                               gboolean       carmack);
/* The reverse, for tests and tools. */
guint16        *tsr_wolf3d_plane_expand       (GBytes        *chunk,
                                               gsize          words,
                                               guint16        rlew_tag,
                                               gboolean       carmack,
                                               GError       **error);

G_END_DECLS
