/* tsr-sphere-document-private.h: what the files of TsrSphereDocument share: the instance struct,
 * the signals, the edit command (one class, one kind per edited thing) and the checks and helpers
 * the edit functions use. Not installed, not for views. */
#pragma once

#include "model/sphere/tsr-sphere-document.h"

G_BEGIN_DECLS

struct _TsrSphereDocument {
  TsrDocument   parent_instance;
  TsrSphereMap *map;             /* the document's format data; NULL for tilesets and spritesets */
  GPtrArray    *layer_names;     /* char *, decoded layer names; NULL when stale */
  GPtrArray    *tile_images;     /* TsrImage * per tileset tile, made when first asked for */
  GHashTable   *spritesets;      /* file name → TsrSphereSpriteset * (NULL: looked for, not found) */
  GBytes       *tileset_loaded;  /* the external tileset as loaded, to tell whether it changed */
  guint         width;           /* the largest layer, in cells; valid while size_known */
  guint         height;
  gboolean      size_known;
  GPtrArray    *vector_maps;     /* TsrSphereVectorMap per layer index, made when first asked for */
};

enum {
  LAYER_ADDED,
  LAYER_REMOVED,
  LAYER_MOVED,
  LAYER_CHANGED,
  ENTITY_ADDED,
  ENTITY_REMOVED,
  ENTITY_CHANGED,
  ZONE_ADDED,
  ZONE_REMOVED,
  ZONE_CHANGED,
  SEGMENT_ADDED,
  SEGMENT_REMOVED,
  SEGMENT_CHANGED,
  MAP_CHANGED,
  SPRITESET_CHANGED,
  N_SIGNALS
};

extern guint tsr_sphere_document_signals[N_SIGNALS];

/* Drops what was derived from the layers (names, size) and emits TsrTileMap's layers-changed. */
void tsr_sphere_document_layers_changed (TsrSphereDocument *self);
/* The map's size in cells: its largest layer (kept until the layers change). */
void tsr_sphere_document_get_size       (TsrSphereDocument *self,
                                         guint             *width,
                                         guint             *height);

typedef enum {
  EDIT_ENTITY,
  EDIT_ZONE,
  EDIT_SEGMENT,
  EDIT_LAYER_INSERT,
  EDIT_LAYER_REMOVE,
  EDIT_LAYER_MOVE,
  EDIT_LAYER_RESIZE,
  EDIT_LAYER_PROPERTIES,
  EDIT_MAP,
} EditKind;

typedef enum {
  OP_INSERT,
  OP_REMOVE,
  OP_REPLACE,
} ElementOp;

/* The layer numbers of entities, zones and the start, which the codec renumbers when layers are
 * inserted, removed or moved (and which a removal folds onto layer 0, so they cannot be computed
 * back): taken before such an edit, put back after undoing it. */
typedef struct {
  GArray *entity_layers; /* guint16 */
  GArray *zone_layers;   /* guint16 */
  guint8  start_layer;
} LayerRefs;

typedef struct {
  TsrSphereLayerProperties properties;
  GBytes                  *name;
} LayerHeader;

typedef struct {
  guint16    start_x;
  guint16    start_y;
  guint8     start_layer;
  guint8     start_direction;
  guint8     repeating;
  GPtrArray *strings; /* GBytes */
} MapHeader;

#define TSR_TYPE_SPHERE_EDIT_COMMAND (tsr_sphere_edit_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrSphereEditCommand, tsr_sphere_edit_command, TSR, SPHERE_EDIT_COMMAND, TsrCommand)

struct _TsrSphereEditCommand {
  TsrCommand         parent_instance;
  /* Not a reference: the document owns the undo stack that owns this command. */
  TsrSphereDocument *document;
  EditKind           kind;
  ElementOp          op;
  char              *merge_key;
  guint              index;        /* element, or layer for the layer kinds */
  guint              layer;        /* segments: their layer */
  guint              to;           /* layer move */
  gpointer           old_item;     /* entity or zone before (remove, replace) */
  gpointer           new_item;     /* entity or zone after (insert, replace) */
  TsrSphereSegment   old_segment;
  TsrSphereSegment   new_segment;
  TsrSphereLayer    *held_layer;   /* insert/remove: the layer while it is out of the map;
                                    * resize: the layer before, while the resize is applied */
  guint              width;        /* resize */
  guint              height;
  TsrSphereAnchor    anchor;
  guint16            fill;
  LayerRefs          refs;
  LayerHeader        old_header;
  LayerHeader        new_header;
  MapHeader          old_map;
  MapHeader          new_map;
};

void
tsr_sphere_layer_refs_clear (LayerRefs *refs);

void
tsr_sphere_layer_refs_take (LayerRefs          *refs,
                            const TsrSphereMap *map);

void
tsr_sphere_layer_refs_restore (const LayerRefs *refs,
                               TsrSphereMap    *map);

void
tsr_sphere_layer_header_clear (LayerHeader *header);

void
tsr_sphere_layer_header_take (LayerHeader          *header,
                              const TsrSphereLayer *layer);

void
tsr_sphere_layer_header_copy (LayerHeader       *to,
                              const LayerHeader *from);

void
tsr_sphere_map_header_clear (MapHeader *header);

GPtrArray *
tsr_sphere_strings_copy (GPtrArray *strings);

void
tsr_sphere_map_header_take (MapHeader          *header,
                            const TsrSphereMap *map);

void
tsr_sphere_map_header_copy (MapHeader       *to,
                            const MapHeader *from);

gboolean
tsr_sphere_map_header_equal (const MapHeader *a,
                             const MapHeader *b);

gboolean
tsr_sphere_layer_header_equal (const LayerHeader *a,
                               const LayerHeader *b);

gboolean
tsr_sphere_entity_equal (const TsrSphereEntity *a,
                         const TsrSphereEntity *b);

gboolean
tsr_sphere_zone_equal (const TsrSphereZone *a,
                       const TsrSphereZone *b);

TsrSphereEditCommand *
tsr_sphere_edit_command_new (TsrSphereDocument *document,
                             EditKind           kind,
                             ElementOp          op,
                             const char        *description,
                             const char        *merge_key);

gboolean
tsr_sphere_document_execute_edit (TsrSphereDocument    *self,
                                  TsrSphereEditCommand *command);

gboolean
tsr_sphere_document_check_map (TsrSphereDocument *self,
                               GError           **error);

gboolean
tsr_sphere_document_check_layer (TsrSphereDocument *self,
                                 guint              layer,
                                 GError           **error);

gboolean
tsr_sphere_document_check_elements_editable (TsrSphereDocument *self,
                                             GError           **error);

gboolean
tsr_sphere_document_check_entity (TsrSphereDocument *self,
                                  guint              index,
                                  GError           **error);

gboolean
tsr_sphere_document_check_entity_type (TsrSphereDocument  *self,
                                       guint               index,
                                       TsrSphereEntityType type,
                                       GError            **error);

gboolean
tsr_sphere_document_check_zone (TsrSphereDocument *self,
                                guint              index,
                                GError           **error);

gboolean
tsr_sphere_document_check_string (const char *text,
                                  const char *what,
                                  GError    **error);

gboolean
tsr_sphere_document_replace_entity (TsrSphereDocument *self,
                                    guint              index,
                                    TsrSphereEntity   *entity,
                                    const char        *description,
                                    const char        *merge_key);

gboolean
tsr_sphere_document_replace_zone (TsrSphereDocument *self,
                                  guint              index,
                                  TsrSphereZone     *zone,
                                  const char        *description,
                                  const char        *merge_key);

TsrSphereEntity *
tsr_sphere_document_copy_entity (TsrSphereDocument *self,
                                 guint              index);

TsrSphereZone *
tsr_sphere_document_copy_zone (TsrSphereDocument *self,
                               guint              index);

G_END_DECLS
