/* tsr-sphere-document.h: an open Sphere map (.rmp) for editing: the map with its tileset
 * (appended, or the external .rts found next to the map) and the spritesets of its persons (when
 * found in the Sphere project layout). It is a TsrTileMap (one layer per map layer), so the shared
 * canvas, tile tools and tile commands work on it; everything else the editor changes (layers,
 * persons, triggers, zones, obstruction segments, map properties) goes through the edit functions
 * below, each of which pushes one undoable command and emits a signal saying what changed.
 *
 * Reading: tsr_sphere_document_get_map () gives the codec struct (read-only for views; strings
 * are GBytes, decode them with tsr_sphere_string_to_utf8). Coordinates of entities, zones, the
 * start and segments are pixels; tiles and layer sizes are cells.
 *
 * Signals (all emitted after the change is in place, on do, undo and redo alike):
 *   layer-added     (guint index)              a layer was inserted at INDEX
 *   layer-removed   (guint index)              the layer at INDEX was removed
 *   layer-moved     (guint from, guint to)     the layer at FROM now sits at TO
 *   layer-changed   (guint index)              name, flags (visibility), parallax/scrolling,
 *                                              reflective, or size (resize) of layer INDEX
 *   entity-added / entity-removed / entity-changed (guint index)
 *   zone-added / zone-removed / zone-changed       (guint index)
 *   segment-added / segment-removed / segment-changed (guint layer, guint index)
 *   map-changed     ()                         start position/layer/direction, repeating, strings
 * Layer insert/remove/move renumber the layer of entities, zones and the start (as the codec
 * does): views re-read those after layer-added/removed/moved. Tile edits emit TsrTileMap's
 * tiles-changed (layer + rectangle); every layer-* signal that changes the layer count, order,
 * names, visibility or sizes is followed by TsrTileMap's layers-changed.
 *
 * Visibility is stored in the file (layer flag TSR_SPHERE_LAYER_HIDDEN), so hiding a layer is an
 * undoable edit that marks the document modified, not a view setting: tsr_tile_map_set_layer_visible
 * on this document pushes the same command as tsr_sphere_document_set_layer_visible. */
#pragma once

#include "formats/sphere/tsr-sphere-map.h"
#include "edit/tsr-vector-map.h"
#include "formats/sphere/tsr-sphere-spriteset.h"
#include "model/tsr-document.h"
#include "model/tsr-tile-map.h"

G_BEGIN_DECLS

#define TSR_TYPE_SPHERE_DOCUMENT (tsr_sphere_document_get_type ())
G_DECLARE_FINAL_TYPE (TsrSphereDocument, tsr_sphere_document, TSR, SPHERE_DOCUMENT, TsrDocument)

/* The TsrTileMap value of cells outside a layer that is smaller than the map (layers of one map
 * may differ in size): drawn as nothing, and writing it or to such a cell changes nothing. */
#define TSR_SPHERE_DOCUMENT_NO_TILE G_MAXUINT32

/* The five scripts of a person, in file order. */
typedef enum {
  TSR_SPHERE_SCRIPT_ON_CREATE = 0,
  TSR_SPHERE_SCRIPT_ON_DESTROY,
  TSR_SPHERE_SCRIPT_ON_ACTIVATE_TOUCH,
  TSR_SPHERE_SCRIPT_ON_ACTIVATE_TALK,
  TSR_SPHERE_SCRIPT_ON_GENERATE_COMMANDS,
  TSR_SPHERE_N_SCRIPTS
} TsrSpherePersonScript;

/* A layer's editable header fields other than its name and size. FLAGS holds
 * TSR_SPHERE_LAYER_HIDDEN, TSR_SPHERE_LAYER_PARALLAX and any other stored bits. */
typedef struct {
  guint16 flags;
  float   parallax_x;
  float   parallax_y;
  float   scrolling_x;
  float   scrolling_y;
  guint8  reflective;
} TsrSphereLayerProperties;

/* Registers the document type for the "sphere" family (tsr_documents_register_builtin calls it). */
void                      tsr_sphere_document_register       (void);

/* File → New: a map of WIDTH × HEIGHT cells (1..4096) with one layer of tile 0, and the tiles of
 * TILESET_RTS (a whole .rts file, appended to the map) or, when NULL, a new tileset of two plain
 * TILE_WIDTH × TILE_HEIGHT tiles. It opens as an unsaved document named "untitled.rmp" without a
 * file, so its first save asks where. (transfer full) */
TsrDocument              *tsr_sphere_document_new_map        (guint    width,
                                                              guint    height,
                                                              guint    tile_width,
                                                              guint    tile_height,
                                                              GBytes  *tileset_rts,
                                                              GError **error);

/* Reading. Every file of the "sphere" family opens as a TsrSphereDocument; only maps (.rmp, and
 * .tmx imported as a map) are editable: for a tileset or spriteset file get_map is NULL, the tile
 * map has no layers and every edit fails (the window shows such files read-only). */
gboolean                  tsr_sphere_document_is_map         (TsrSphereDocument *self);
const TsrSphereMap       *tsr_sphere_document_get_map        (TsrSphereDocument *self);
/* The tileset the map draws with (appended or external), or NULL when the external one is missing. */
const TsrSphereTileset   *tsr_sphere_document_get_tileset    (TsrSphereDocument *self);
guint                     tsr_sphere_document_get_n_layers   (TsrSphereDocument *self);
const TsrSphereLayer     *tsr_sphere_document_get_layer      (TsrSphereDocument *self,
                                                              guint              index);
void                      tsr_sphere_document_get_layer_properties (TsrSphereDocument        *self,
                                                                    guint                     index,
                                                                    TsrSphereLayerProperties *properties);
guint                     tsr_sphere_document_get_n_entities (TsrSphereDocument *self);
const TsrSphereEntity    *tsr_sphere_document_get_entity     (TsrSphereDocument *self,
                                                              guint              index);
guint                     tsr_sphere_document_get_n_zones    (TsrSphereDocument *self);
const TsrSphereZone      *tsr_sphere_document_get_zone       (TsrSphereDocument *self,
                                                              guint              index);
/* The spriteset file NAME (as a person stores it) found next to the map or in ../spritesets/,
 * loaded once and kept; NULL when not found. */
const TsrSphereSpriteset *tsr_sphere_document_get_spriteset  (TsrSphereDocument *self,
                                                              const char        *name);
/* The picture of person ENTITY: the first frame of its spriteset's first direction, or NULL (no
 * spriteset found, or not a person). ORIGIN_X/Y (optional) receive where the image's top-left
 * goes relative to the person's position (Sphere puts the middle of the spriteset's base
 * rectangle on the position). Valid until the document is finalized. */
const TsrImage           *tsr_sphere_document_get_person_image (TsrSphereDocument *self,
                                                                guint              entity,
                                                                gint              *origin_x,
                                                                gint              *origin_y);

/* The map's persons and triggers (MARKER), zones (RECTANGLE) and the obstruction segments of LAYER
 * (SEGMENT) as a TsrVectorMap, for the editor core's tools (see tsr-sphere-vector-map.h). One per
 * layer index, kept for the document's lifetime (transfer none). */
TsrVectorMap             *tsr_sphere_document_get_vector_map (TsrSphereDocument *self,
                                                              guint              layer);

/* Hit testing and redraw areas for the canvas tools, in map pixels. An entity's box is its person
 * image when one is found, else the 9x9 marker centred on its position (as the renderer draws
 * it). LAYER -1 means any layer. The *_at functions return the topmost (last drawn) element
 * containing (X, Y), or -1. Segments are hit within TOLERANCE pixels of the line. */
gboolean tsr_sphere_document_get_entity_bounds   (TsrSphereDocument *self,
                                                  guint              index,
                                                  TsrTileRect       *pixels);
gint     tsr_sphere_document_entity_at           (TsrSphereDocument *self,
                                                  gint               layer,
                                                  gint               x,
                                                  gint               y);
gint     tsr_sphere_document_zone_at             (TsrSphereDocument *self,
                                                  gint               layer,
                                                  gint               x,
                                                  gint               y);
gint     tsr_sphere_document_segment_at          (TsrSphereDocument *self,
                                                  guint              layer,
                                                  gint               x,
                                                  gint               y,
                                                  guint              tolerance);

/* Edits. Each pushes one command on the document's undo stack (nothing when the value is already
 * so) and returns FALSE with an error for indexes out of range, values the file cannot hold, or
 * maps whose entities cannot be edited (an entity of unknown type). Consecutive edits of the same
 * kind on the same element merge into one undo step (a drag, typing a name) until
 * tsr_undo_stack_break_merge. OUT_INDEX (optional) receives where an added element went. */

/* Tiles: shared tile commands on TSR_TILE_MAP (self) do the rest (pencil, fill, clipboard...). */
gboolean tsr_sphere_document_paint               (TsrSphereDocument *self,
                                                  guint              layer,
                                                  const TsrTileRect *area,
                                                  guint16            tile,
                                                  GError           **error);

/* Layers. A new layer is as large as the map (the largest layer) and filled with tile 0;
 * INDEX -1 puts it on top. */
gboolean tsr_sphere_document_add_layer           (TsrSphereDocument *self,
                                                  int                index,
                                                  const char        *name,
                                                  guint             *out_index,
                                                  GError           **error);
/* Inserts a copy of layer INDEX (tiles, segments, properties; name + " copy") above it. */
gboolean tsr_sphere_document_duplicate_layer     (TsrSphereDocument *self,
                                                  guint              index,
                                                  guint             *out_index,
                                                  GError           **error);
/* Entities and zones on the removed layer go to layer 0, as Sphere does. */
gboolean tsr_sphere_document_remove_layer        (TsrSphereDocument *self,
                                                  guint              index,
                                                  GError           **error);
gboolean tsr_sphere_document_move_layer          (TsrSphereDocument *self,
                                                  guint              from,
                                                  guint              to,
                                                  GError           **error);
gboolean tsr_sphere_document_rename_layer        (TsrSphereDocument *self,
                                                  guint              index,
                                                  const char        *name,
                                                  GError           **error);
gboolean tsr_sphere_document_set_layer_visible   (TsrSphereDocument *self,
                                                  guint              index,
                                                  gboolean           visible,
                                                  GError           **error);
gboolean tsr_sphere_document_set_layer_properties (TsrSphereDocument              *self,
                                                   guint                           index,
                                                   const TsrSphereLayerProperties *properties,
                                                   GError                        **error);
/* WIDTH x HEIGHT cells (1..4096), the old contents kept at ANCHOR, new cells FILL; the layer's
 * obstruction segments move with the contents (those left outside are dropped). */
gboolean tsr_sphere_document_resize_layer        (TsrSphereDocument *self,
                                                  guint              index,
                                                  guint              width,
                                                  guint              height,
                                                  TsrSphereAnchor    anchor,
                                                  guint16            fill,
                                                  GError           **error);

/* Entities (persons and triggers); positions in pixels. */
gboolean tsr_sphere_document_add_person          (TsrSphereDocument *self,
                                                  guint16            x,
                                                  guint16            y,
                                                  guint16            layer,
                                                  const char        *name,
                                                  const char        *spriteset,
                                                  guint             *out_index,
                                                  GError           **error);
gboolean tsr_sphere_document_add_trigger         (TsrSphereDocument *self,
                                                  guint16            x,
                                                  guint16            y,
                                                  guint16            layer,
                                                  const char        *function,
                                                  guint             *out_index,
                                                  GError           **error);
gboolean tsr_sphere_document_remove_entity       (TsrSphereDocument *self,
                                                  guint              index,
                                                  GError           **error);
gboolean tsr_sphere_document_move_entity         (TsrSphereDocument *self,
                                                  guint              index,
                                                  guint16            x,
                                                  guint16            y,
                                                  GError           **error);
gboolean tsr_sphere_document_set_entity_layer    (TsrSphereDocument *self,
                                                  guint              index,
                                                  guint16            layer,
                                                  GError           **error);
gboolean tsr_sphere_document_set_person_name     (TsrSphereDocument *self,
                                                  guint              index,
                                                  const char        *name,
                                                  GError           **error);
/* The spriteset file name as Sphere resolves it (relative to the spritesets folder). */
gboolean tsr_sphere_document_set_person_spriteset (TsrSphereDocument *self,
                                                   guint              index,
                                                   const char        *spriteset,
                                                   GError           **error);
/* Persons stored with fewer than 5 scripts get empty ones up to WHICH. */
gboolean tsr_sphere_document_set_person_script   (TsrSphereDocument    *self,
                                                  guint                 index,
                                                  TsrSpherePersonScript which,
                                                  const char           *script,
                                                  GError              **error);
gboolean tsr_sphere_document_set_trigger_function (TsrSphereDocument *self,
                                                   guint              index,
                                                   const char        *function,
                                                   GError           **error);

/* Zones; rectangles in pixels, stored normalised. */
gboolean tsr_sphere_document_add_zone            (TsrSphereDocument *self,
                                                  guint16            x1,
                                                  guint16            y1,
                                                  guint16            x2,
                                                  guint16            y2,
                                                  guint16            layer,
                                                  const char        *function,
                                                  guint             *out_index,
                                                  GError           **error);
gboolean tsr_sphere_document_remove_zone         (TsrSphereDocument *self,
                                                  guint              index,
                                                  GError           **error);
/* Moves the zone so its top-left corner is at (X, Y), keeping its size. */
gboolean tsr_sphere_document_move_zone           (TsrSphereDocument *self,
                                                  guint              index,
                                                  guint16            x,
                                                  guint16            y,
                                                  GError           **error);
/* Sets the rectangle (resize); the corners may come in any order. */
gboolean tsr_sphere_document_set_zone_rect       (TsrSphereDocument *self,
                                                  guint              index,
                                                  guint16            x1,
                                                  guint16            y1,
                                                  guint16            x2,
                                                  guint16            y2,
                                                  GError           **error);
gboolean tsr_sphere_document_set_zone_layer      (TsrSphereDocument *self,
                                                  guint              index,
                                                  guint16            layer,
                                                  GError           **error);
gboolean tsr_sphere_document_set_zone_steps      (TsrSphereDocument *self,
                                                  guint              index,
                                                  guint16            steps,
                                                  GError           **error);
gboolean tsr_sphere_document_set_zone_function   (TsrSphereDocument *self,
                                                  guint              index,
                                                  const char        *function,
                                                  GError           **error);

/* Obstruction segments of a layer, in pixels. */
gboolean tsr_sphere_document_add_segment         (TsrSphereDocument      *self,
                                                  guint                   layer,
                                                  const TsrSphereSegment *segment,
                                                  guint                  *out_index,
                                                  GError                **error);
gboolean tsr_sphere_document_remove_segment      (TsrSphereDocument *self,
                                                  guint              layer,
                                                  guint              index,
                                                  GError           **error);
/* Sets both end points (moving the segment or one of its ends). */
gboolean tsr_sphere_document_set_segment         (TsrSphereDocument      *self,
                                                  guint                   layer,
                                                  guint                   index,
                                                  const TsrSphereSegment *segment,
                                                  GError                **error);
/* Moves the whole segment by (DX, DY); refused when an end would leave 0..2^32-1. */
gboolean tsr_sphere_document_move_segment        (TsrSphereDocument *self,
                                                  guint              layer,
                                                  guint              index,
                                                  gint               dx,
                                                  gint               dy,
                                                  GError           **error);

/* Map properties. WHICH is TSR_SPHERE_STRING_MUSIC, _SCRIPT, _ENTRY ... (not _TILESET: the tileset
 * file name is not an edit of this issue); a 3-string map grows to 5 or 9 strings when needed. */
gboolean tsr_sphere_document_set_map_string      (TsrSphereDocument *self,
                                                  TsrSphereMapString which,
                                                  const char        *text,
                                                  GError           **error);
/* The player's start: position in pixels, layer, direction (0..7: north, north-east ... ). */
gboolean tsr_sphere_document_set_start           (TsrSphereDocument *self,
                                                  guint16            x,
                                                  guint16            y,
                                                  guint8             layer,
                                                  guint8             direction,
                                                  GError           **error);
gboolean tsr_sphere_document_set_repeating       (TsrSphereDocument *self,
                                                  gboolean           repeating,
                                                  GError           **error);

/* A spriteset opened as the document (format sphere-rss, versions 2 and 3: version 1 has no
 * directions). Each edit is one undo step and emits "spriteset-changed" (direction) after it is
 * done, undone and redone: the direction changed, TSR_SPHERE_SPRITESET_ALL when the list of
 * directions or an image did, TSR_SPHERE_SPRITESET_BASE when only the base rectangle did. */
#define TSR_SPHERE_SPRITESET_ALL  G_MAXUINT
#define TSR_SPHERE_SPRITESET_BASE (G_MAXUINT - 1)
typedef enum {
  TSR_SPHERE_STRIP_APPEND,   /* the strip's frames go after the direction's frames */
  TSR_SPHERE_STRIP_REPLACE,  /* the strip's frames are the direction's frames */
} TsrSphereStripMode;

/* The spriteset being edited, or NULL when the document is not a spriteset. (transfer none) */
const TsrSphereSpriteset *tsr_sphere_document_get_edited_spriteset (TsrSphereDocument *self);
/* Cuts STRIP (a row, a column or a sheet of frames of the spriteset's frame size, RGBA as given;
 * a sheet is read row by row) into new images and puts a frame for each into DIRECTION; new frames
 * take the delay of the direction's last frame (8 in an empty direction). The images frames no
 * longer show stay in the file (other directions may show them). LABEL names the picture in
 * errors. */
gboolean tsr_sphere_document_import_strip      (TsrSphereDocument *self,
                                                guint              direction,
                                                const TsrImage    *strip,
                                                TsrSphereStripMode mode,
                                                const char        *label,
                                                GError           **error);
/* Sets how many map-engine frames FRAME of DIRECTION is shown; consecutive changes of one frame's
 * delay merge into one undo step, an unchanged value pushes nothing. */
gboolean tsr_sphere_document_set_frame_delay   (TsrSphereDocument *self,
                                                guint              direction,
                                                guint              frame,
                                                guint16            delay,
                                                GError           **error);
/* Directions. A new direction has no frames (Sphere cannot draw it until it has one: the findings
 * say so); NAME is stored by version 3 only, which alone can rename. The last direction cannot be
 * removed. A removed direction's images stay in the file. */
gboolean tsr_sphere_document_add_direction     (TsrSphereDocument *self,
                                                guint              position,
                                                const char        *name,
                                                GError           **error);
gboolean tsr_sphere_document_rename_direction  (TsrSphereDocument *self,
                                                guint              direction,
                                                const char        *name,
                                                GError           **error);
gboolean tsr_sphere_document_move_direction    (TsrSphereDocument *self,
                                                guint              from,
                                                guint              to,
                                                GError           **error);
gboolean tsr_sphere_document_remove_direction  (TsrSphereDocument *self,
                                                guint              direction,
                                                GError           **error);
/* Frames of DIRECTION. A new frame shows a new transparent image; a duplicate shows a new copy of
 * the frame's image (drawing on one leaves the other) and keeps its delay and header bytes; a
 * removed frame's image stays in the file. */
gboolean tsr_sphere_document_add_frame         (TsrSphereDocument *self,
                                                guint              direction,
                                                guint              position,
                                                GError           **error);
gboolean tsr_sphere_document_duplicate_frame   (TsrSphereDocument *self,
                                                guint              direction,
                                                guint              frame,
                                                GError           **error);
gboolean tsr_sphere_document_remove_frame      (TsrSphereDocument *self,
                                                guint              direction,
                                                guint              frame,
                                                GError           **error);
gboolean tsr_sphere_document_move_frame        (TsrSphereDocument *self,
                                                guint              direction,
                                                guint              from,
                                                guint              to,
                                                GError           **error);
/* The base (collision) rectangle, corners inclusive, stored normalised. CONTINUING merges this
 * change into the previous base change (the steps of one drag are one undo step). */
gboolean tsr_sphere_document_set_base          (TsrSphereDocument *self,
                                                gint               x1,
                                                gint               y1,
                                                gint               x2,
                                                gint               y2,
                                                gboolean           continuing,
                                                GError           **error);
/* Gives image IMAGE (of the spriteset's frame size) the pixels of PIXELS (copied): one undo step,
 * a stroke of the pixel tools. DIRECTION names what changed for the views. */
gboolean tsr_sphere_document_set_image         (TsrSphereDocument *self,
                                                guint              direction,
                                                guint              image,
                                                const TsrImage    *pixels,
                                                const char        *description,
                                                GError           **error);

G_END_DECLS
