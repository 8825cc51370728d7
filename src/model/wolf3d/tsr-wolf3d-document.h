/* tsr-wolf3d-document.h: an open Wolfenstein 3D / Spear of Destiny data set (TsrWolf3dSet): its
 * levels as a list of TsrWolfLevelMap (a TsrTileMap each), the current level, the tile images
 * (VSWAP textures and sprites through the game palette, markers where the game has no picture),
 * tile names and palettes, and saving of the whole set through the codec. Every edit is a
 * TsrCommand on the document's undo stack: tile edits through the shared tile commands
 * (tsr-tile-commands.h) on a level map, level edits through tsr-wolf3d-commands.h.
 *
 * Signals a view listens to:
 *   - the levels list (tsr_wolf_document_get_levels): GListModel "items-changed" when levels are
 *     added, duplicated, deleted or moved (and when those are undone);
 *   - each level map: TsrTileMap "tiles-changed" (layer, rectangle) after a tile command,
 *     "layers-changed" when a layer's visibility changes, notify::name after a rename;
 *   - the document: notify::current-level (the index) and notify::current-level-map (another
 *     level is shown: bind the canvas to the new map), notify::n-levels;
 *   - the document is itself a TsrTileMap showing the current level: switching levels emits its
 *     "layers-changed" and a "tiles-changed" of the whole map on every layer, and it forwards
 *     the current level map's signals. Draw from it if a view should follow the current level
 *     by itself, but build commands on level maps (see tsr-wolf3d-document-level.h): a command
 *     made on the document would edit whatever level is current when it is undone, and would
 *     hold the document from its own undo stack (a reference cycle).
 *
 * Validation (tsr_document_get_findings) is the codec's findings for the whole set. */
#pragma once

#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "model/tsr-document.h"
#include "model/tsr-tile-map.h"
#include "model/wolf3d/tsr-wolf3d-document-level.h"

G_BEGIN_DECLS

#define TSR_TYPE_WOLF_DOCUMENT (tsr_wolf_document_get_type ())
G_DECLARE_FINAL_TYPE (TsrWolfDocument, tsr_wolf_document, TSR, WOLF_DOCUMENT, TsrDocument)

/* Makes documents of the "wolf3d" family TsrWolfDocuments. */
void             tsr_wolf3d_document_register          (void);

/* The codec's set (also tsr_document_get_format_data). Read only: edit through commands. */
const TsrWolf3dSet *tsr_wolf_document_get_set           (TsrWolfDocument *self);
TsrWolf3dGame    tsr_wolf_document_get_game            (TsrWolfDocument *self);

/* The levels in MAPHEAD order, as TsrWolfLevelMap items (empty MAPHEAD slots included, see
 * tsr_wolf_level_map_is_empty_slot). Owned by the document. */
GListModel      *tsr_wolf_document_get_levels          (TsrWolfDocument *self);
guint            tsr_wolf_document_get_n_levels        (TsrWolfDocument *self);
/* The level map at INDEX (not a new reference), or NULL. */
TsrWolfLevelMap *tsr_wolf_document_get_level_map       (TsrWolfDocument *self,
                                                        guint            index);
/* The index of MAP in the set, or -1 when it is not in the set (deleted). */
gint             tsr_wolf_document_get_level_index     (TsrWolfDocument *self,
                                                        TsrWolfLevelMap *map);

/* The level the editor shows (property "current-level"). Not an edit: no undo, no modified
 * state. When the current level is deleted the next one (or the previous) becomes current; when
 * levels move, the same level stays current. G_MAXUINT only for a set with no levels. */
guint            tsr_wolf_document_get_current_level   (TsrWolfDocument *self);
void             tsr_wolf_document_set_current_level   (TsrWolfDocument *self,
                                                        guint            index);
/* The current level's map (property "current-level-map"), NULL without levels. */
TsrWolfLevelMap *tsr_wolf_document_get_current_level_map (TsrWolfDocument *self);

/* A group of plane-1 codes for the object palette. */
typedef struct {
  char   *id;     /* stable: "player", "enemies-all", "enemies-medium", "enemies-hard", "bosses",
                   * "statics", "pickups", "treasure", "keys", "pushwalls", "exits", "turns" */
  char   *name;   /* for the palette's headings: "Player starts", "Enemies, hard only" */
  GArray *values; /* guint32 codes in palette order: by kind, then standing/patrol, then facing */
} TsrWolfObjectCategory;

void             tsr_wolf_object_category_free         (TsrWolfObjectCategory *category);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWolfObjectCategory, tsr_wolf_object_category_free)

/* The object palette by category, in display order (GPtrArray of TsrWolfObjectCategory, free
 * with g_ptr_array_unref). Every code of tsr_tile_map_list_tiles (layer 1) is in one category;
 * empty categories are left out (Spear of Destiny has other bosses). */
GPtrArray       *tsr_wolf_document_list_object_categories (TsrWolfDocument *self);

G_END_DECLS
