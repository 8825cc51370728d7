/* tsr-tile-map.h: what the shared map canvas, tile tools and tile commands need from a tile-map
 * document (Wolf3D planes, Sphere layers, ...): a grid of guint32 cells per layer, the image and
 * name of each tile value, and change signals that say which rectangle of which layer changed.
 * Family documents implement TsrTileMap; nothing here knows about any file format. */
#pragma once

#include <glib-object.h>

#include "core/tsr-image.h"

G_BEGIN_DECLS

/* A rectangle of cells. Empty when width or height is 0. */
typedef struct {
  gint x;
  gint y;
  gint width;
  gint height;
} TsrTileRect;

#define TSR_TYPE_TILE_RECT (tsr_tile_rect_get_type ())
GType        tsr_tile_rect_get_type     (void) G_GNUC_CONST;
TsrTileRect *tsr_tile_rect_copy         (const TsrTileRect *rect);
void         tsr_tile_rect_free         (TsrTileRect       *rect);
gboolean     tsr_tile_rect_is_empty     (const TsrTileRect *rect);
gboolean     tsr_tile_rect_contains     (const TsrTileRect *rect,
                                         gint               x,
                                         gint               y);
/* Stores the overlap of A and B in RESULT (may alias); returns FALSE when it is empty. */
gboolean     tsr_tile_rect_intersect    (const TsrTileRect *a,
                                         const TsrTileRect *b,
                                         TsrTileRect       *result);
/* Grows RECT to include (X, Y); an empty RECT becomes that one cell. */
void         tsr_tile_rect_add_cell     (TsrTileRect       *rect,
                                         gint               x,
                                         gint               y);
/* Grows RECT to include OTHER. */
void         tsr_tile_rect_union        (TsrTileRect       *rect,
                                         const TsrTileRect *other);
/* The rectangle spanned by two corner cells, in any order (a drag from one to the other). */
TsrTileRect  tsr_tile_rect_from_corners (gint               x0,
                                         gint               y0,
                                         gint               x1,
                                         gint               y1);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrTileRect, tsr_tile_rect_free)

#define TSR_TYPE_TILE_MAP (tsr_tile_map_get_type ())
G_DECLARE_INTERFACE (TsrTileMap, tsr_tile_map, TSR, TILE_MAP, GObject)

struct _TsrTileMapInterface {
  GTypeInterface parent_iface;

  /* Maps of one family can exchange clipboard contents ("wolf3d", "sphere"). */
  const char     *(*get_family)       (TsrTileMap *self);
  guint           (*get_width)        (TsrTileMap *self);
  guint           (*get_height)       (TsrTileMap *self);
  guint           (*get_n_layers)     (TsrTileMap *self);
  const char     *(*get_layer_name)   (TsrTileMap *self,
                                       guint       layer);
  /* The name the views show: translated where the family names its layers (Wolf3D), the file's
   * own where the file stores them. Optional (default: the name, which stays untranslated for
   * scripts). */
  const char     *(*get_layer_title)  (TsrTileMap *self,
                                       guint       layer);
  gboolean        (*get_layer_visible)(TsrTileMap *self,
                                       guint       layer);
  /* Not an edit of the file: a view setting kept by the document (emits layers-changed).
   * Families whose file stores visibility may make it a command instead. Optional. */
  void            (*set_layer_visible)(TsrTileMap *self,
                                       guint       layer,
                                       gboolean    visible);
  /* The size in pixels one cell is drawn at when the zoom is 1. */
  void            (*get_cell_size)    (TsrTileMap *self,
                                       guint      *width,
                                       guint      *height);
  guint32         (*get_tile)         (TsrTileMap *self,
                                       guint       layer,
                                       guint       x,
                                       guint       y);
  /* Copies AREA (inside the map) of LAYER into OUT, row by row (AREA->width values a row). The
   * renderer reads whole chunks through it; optional, the default calls get_tile per cell. */
  void            (*get_tiles)        (TsrTileMap        *self,
                                       guint              layer,
                                       const TsrTileRect *area,
                                       guint32           *out);
  /* Raw store, no signal and no undo: only tile commands call it (then emit tiles-changed once). */
  void            (*set_tile)         (TsrTileMap *self,
                                       guint       layer,
                                       guint       x,
                                       guint       y,
                                       guint32     value);
  /* The value the eraser writes (no wall, no object, tile 0 ...). */
  guint32         (*get_empty_tile)   (TsrTileMap *self,
                                       guint       layer);
  /* The tiles a palette offers for LAYER, in palette order (an array of guint32). */
  GArray         *(*list_tiles)       (TsrTileMap *self,
                                       guint       layer);
  /* The picture of VALUE on LAYER, at any size (it is scaled to the cell), owned by the map and
   * valid until tileset-changed; NULL when the value draws nothing (empty, unknown). */
  const TsrImage *(*get_tile_image)   (TsrTileMap *self,
                                       guint       layer,
                                       guint32     value);
  /* A name for tooltips and the status line ("Grey stone 1", "Tile 12"); newly allocated. */
  char           *(*get_tile_name)    (TsrTileMap *self,
                                       guint       layer,
                                       guint32     value);
  /* The picture a palette shows for VALUE (optional; NULL: get_tile_image): where cells of
   * several values look alike on the map (Wolf3D's floor codes), the palette tells them apart. */
  const TsrImage *(*get_palette_image) (TsrTileMap *self,
                                        guint       layer,
                                        guint32     value);

  gpointer padding[7];
};

const char     *tsr_tile_map_get_family        (TsrTileMap        *self);
guint           tsr_tile_map_get_width         (TsrTileMap        *self);
guint           tsr_tile_map_get_height        (TsrTileMap        *self);
guint           tsr_tile_map_get_n_layers      (TsrTileMap        *self);
const char     *tsr_tile_map_get_layer_name    (TsrTileMap        *self,
                                                guint              layer);
const char     *tsr_tile_map_get_layer_title   (TsrTileMap        *self,
                                                guint              layer);
gboolean        tsr_tile_map_get_layer_visible (TsrTileMap        *self,
                                                guint              layer);
void            tsr_tile_map_set_layer_visible (TsrTileMap        *self,
                                                guint              layer,
                                                gboolean           visible);
void            tsr_tile_map_get_cell_size     (TsrTileMap        *self,
                                                guint             *width,
                                                guint             *height);
/* Out-of-range cells read as the layer's empty tile so callers need not clip first. */
guint32         tsr_tile_map_get_tile          (TsrTileMap        *self,
                                                guint              layer,
                                                gint               x,
                                                gint               y);
/* AREA must lie inside the map. */
void            tsr_tile_map_get_tiles         (TsrTileMap        *self,
                                                guint              layer,
                                                const TsrTileRect *area,
                                                guint32           *out);
void            tsr_tile_map_set_tile          (TsrTileMap        *self,
                                                guint              layer,
                                                guint              x,
                                                guint              y,
                                                guint32            value);
guint32         tsr_tile_map_get_empty_tile    (TsrTileMap        *self,
                                                guint              layer);
GArray         *tsr_tile_map_list_tiles        (TsrTileMap        *self,
                                                guint              layer);
const TsrImage *tsr_tile_map_get_tile_image    (TsrTileMap        *self,
                                                guint              layer,
                                                guint32            value);
const TsrImage *tsr_tile_map_get_palette_image (TsrTileMap        *self,
                                                guint              layer,
                                                guint32            value);
char           *tsr_tile_map_get_tile_name     (TsrTileMap        *self,
                                                guint              layer,
                                                guint32            value);
/* The whole map as a rectangle. */
TsrTileRect     tsr_tile_map_get_bounds        (TsrTileMap        *self);

/* Signals for implementations and commands to emit. */
void            tsr_tile_map_tiles_changed     (TsrTileMap        *self,
                                                guint              layer,
                                                const TsrTileRect *area);
void            tsr_tile_map_layers_changed    (TsrTileMap        *self);
void            tsr_tile_map_tileset_changed   (TsrTileMap        *self);

G_END_DECLS
