/* tsr-wolf3d-document-private.h: what the Wolf3D document, its level maps and its commands share.
 * Not for views. */
#pragma once

#include "model/wolf3d/tsr-wolf3d-document.h"

G_BEGIN_DECLS

struct _TsrWolfLevelMap {
  GObject          parent_instance;
  /* Not a reference: cleared by a weak ref when the document goes. */
  TsrWolfDocument *document;
  /* In the set's level array while in_set; otherwise this map owns it (a deleted level kept by its
   * command for undo, or an added level after undo). NULL for an empty MAPHEAD slot. */
  TsrWolf3dLevel  *level;
  gboolean         in_set;
  gboolean         emitting_twin;
};

/* A map for LEVEL (which it owns until inserted into the set). */
TsrWolfLevelMap *tsr_wolf_level_map_new                (TsrWolfDocument *document,
                                                        TsrWolf3dLevel  *level);
void             tsr_wolf_level_map_notify_name        (TsrWolfLevelMap *self);

/* Level list edits, for the level commands. Each keeps the codec's array, the GListModel and the
 * current level in step and emits the signals. */
TsrWolf3dMaps   *tsr_wolf_document_get_maps            (TsrWolfDocument *self);
void             tsr_wolf_document_insert_level        (TsrWolfDocument *self,
                                                        guint            index,
                                                        TsrWolfLevelMap *map);
/* Returns the removed map (a new reference); it then owns its level. */
TsrWolfLevelMap *tsr_wolf_document_remove_level        (TsrWolfDocument *self,
                                                        guint            index);
void             tsr_wolf_document_move_level          (TsrWolfDocument *self,
                                                        guint            from,
                                                        guint            to);
/* Sets the 16 stored name bytes of the level at INDEX (the name is up to the first NUL). */
void             tsr_wolf_document_set_level_name_raw  (TsrWolfDocument *self,
                                                        guint            index,
                                                        const guint8    *name_raw);
/* Remembers LEVEL's stored chunks and planes so that, when its planes are edited and then put
 * back as they were, saving writes the original chunks again (byte-identical undo). */
void             tsr_wolf_document_remember_pristine   (TsrWolfDocument *self,
                                                        TsrWolf3dLevel  *level);
/* LEVEL is about to be freed. */
void             tsr_wolf_document_forget_pristine     (TsrWolfDocument *self,
                                                        TsrWolf3dLevel  *level);

/* What the level maps ask their document. */
gboolean         tsr_wolf_document_layer_visible       (TsrWolfDocument *self,
                                                        guint            layer);
void             tsr_wolf_document_set_layer_visible   (TsrWolfDocument *self,
                                                        guint            layer,
                                                        gboolean         visible);
const TsrImage  *tsr_wolf_document_tile_image          (TsrWolfDocument *self,
                                                        guint            layer,
                                                        guint32          value);
/* The palette's picture: a floor (area) code on the architecture layer tinted with its area's
 * colour and numbered; every other value as on the map. */
const TsrImage  *tsr_wolf_document_palette_image       (TsrWolfDocument *self,
                                                        guint            layer,
                                                        guint32          value);
char            *tsr_wolf_document_tile_name           (TsrWolfDocument *self,
                                                        guint            layer,
                                                        guint32          value);
GArray          *tsr_wolf_document_palette             (TsrWolfDocument *self,
                                                        guint            layer);
/* A level map's tiles changed (a command): the document re-emits it when MAP is current. */
void             tsr_wolf_document_level_tiles_changed (TsrWolfDocument   *self,
                                                        TsrWolfLevelMap   *map,
                                                        guint              layer,
                                                        const TsrTileRect *area);

/* Tile images and names (tsr-wolf3d-document-images.c). IMAGE is NULL when VALUE draws nothing. */
TsrImage        *tsr_wolf_tile_image_new               (const TsrWolf3dSet *set,
                                                        guint               layer,
                                                        guint16             value);
/* A floor (area) code as the palette shows it: the floor tinted with the area's colour, its
 * number (code - 107) on it. */
TsrImage        *tsr_wolf_area_palette_image_new       (guint16             value);
char            *tsr_wolf_tile_name                    (TsrWolf3dGame       game,
                                                        guint               layer,
                                                        guint16             value);
GArray          *tsr_wolf_tile_palette                 (const TsrWolf3dSet *set,
                                                        guint               layer);
GPtrArray       *tsr_wolf_object_categories            (TsrWolf3dGame       game);

G_END_DECLS
