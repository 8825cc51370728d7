/* tsr-wolf3d-document-level.h: one level of a Wolfenstein 3D data set as a TsrTileMap, owned by
 * its TsrWolfDocument. Give the map canvas (and so its tools) the level map of the level shown:
 * commands made on a level map always edit that level, whichever level is current when they are
 * undone. Layers:
 *   0 Architecture  plane 0: walls (their N/S texture), doors, the ambush marker, floors;
 *   1 Objects       plane 1: sprites from VSWAP, or markers (player starts with their facing,
 *                   patrol turns, pushwalls, the end-of-game trigger);
 *   2 Area codes    a second view of plane 0 that draws only the floor area codes 107..143, as
 *                   a translucent colour per code. Hidden by default: the overlay toggle is this
 *                   layer's visibility. Writing it writes plane 0, so its values are plane 0's
 *                   (reading a wall there gives the wall's code, drawn as nothing). */
#pragma once

#include <glib-object.h>

#include "formats/wolf3d/tsr-wolf3d-maps.h"
#include "model/tsr-tile-map.h"

G_BEGIN_DECLS

typedef enum {
  TSR_WOLF_LAYER_ARCHITECTURE = 0,
  TSR_WOLF_LAYER_OBJECTS      = 1,
  TSR_WOLF_LAYER_AREAS        = 2,
  TSR_WOLF_N_LAYERS           = 3,
} TsrWolfLayer;

/* The size a cell is drawn at when the zoom is 1: one VSWAP texture. */
#define TSR_WOLF_CELL_SIZE 64

typedef struct _TsrWolfDocument TsrWolfDocument;

#define TSR_TYPE_WOLF_LEVEL_MAP (tsr_wolf_level_map_get_type ())
G_DECLARE_FINAL_TYPE (TsrWolfLevelMap, tsr_wolf_level_map, TSR, WOLF_LEVEL_MAP, GObject)

/* The level's name (property "name", notified when a rename is done or undone); "" for an empty
 * MAPHEAD slot. */
const char           *tsr_wolf_level_map_get_name       (TsrWolfLevelMap *self);
/* The floor code the level uses most (area 1 when it has none): what erasing or moving plane-0
 * cells leaves behind, since 0 is no floor. */
guint16               tsr_wolf_level_map_get_floor_code (TsrWolfLevelMap *self);
/* The document (NULL once it is gone: then the map is 0x0 and draws nothing). */
TsrWolfDocument      *tsr_wolf_level_map_get_document   (TsrWolfLevelMap *self);
/* The codec's level; NULL for an empty MAPHEAD slot (a hole in the level list). */
const TsrWolf3dLevel *tsr_wolf_level_map_get_level      (TsrWolfLevelMap *self);
gboolean              tsr_wolf_level_map_is_empty_slot  (TsrWolfLevelMap *self);
/* Whether the level is in the set now (FALSE while deleted, or added and undone). */
gboolean              tsr_wolf_level_map_is_in_set      (TsrWolfLevelMap *self);

G_END_DECLS
