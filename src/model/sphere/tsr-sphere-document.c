/* tsr-sphere-document.c: the Sphere map document: TsrTileMap over the map's layers, the edit
 * command (one class, one kind per edited thing) and the edit functions views call. */
#include "model/sphere/tsr-sphere-document.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "model/tsr-tile-commands.h"

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
};

static void tsr_sphere_document_tile_map_init (TsrTileMapInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrSphereDocument, tsr_sphere_document, TSR_TYPE_DOCUMENT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TILE_MAP, tsr_sphere_document_tile_map_init))

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
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Change notification: drop what was derived from the changed part, then tell the views. */

static void
tsr_sphere_document_layers_changed (TsrSphereDocument *self)
{
  g_clear_pointer (&self->layer_names, g_ptr_array_unref);
  self->size_known = FALSE;
  tsr_tile_map_layers_changed (TSR_TILE_MAP (self));
}

/* The edit command */

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

G_DEFINE_FINAL_TYPE (TsrSphereEditCommand, tsr_sphere_edit_command, TSR_TYPE_COMMAND)

static void
layer_refs_clear (LayerRefs *refs)
{
  g_clear_pointer (&refs->entity_layers, g_array_unref);
  g_clear_pointer (&refs->zone_layers, g_array_unref);
}

static void
layer_refs_take (LayerRefs          *refs,
                 const TsrSphereMap *map)
{
  layer_refs_clear (refs);
  refs->entity_layers = g_array_sized_new (FALSE, FALSE, sizeof (guint16), map->entities->len);
  refs->zone_layers = g_array_sized_new (FALSE, FALSE, sizeof (guint16), map->zones->len);
  for (guint i = 0; i < map->entities->len; i++)
    g_array_append_val (refs->entity_layers, ((TsrSphereEntity *) g_ptr_array_index (map->entities, i))->layer);
  for (guint i = 0; i < map->zones->len; i++)
    g_array_append_val (refs->zone_layers, ((TsrSphereZone *) g_ptr_array_index (map->zones, i))->layer);
  refs->start_layer = map->start_layer;
}

static void
layer_refs_restore (const LayerRefs *refs,
                    TsrSphereMap    *map)
{
  g_return_if_fail (refs->entity_layers->len == map->entities->len);
  g_return_if_fail (refs->zone_layers->len == map->zones->len);
  for (guint i = 0; i < map->entities->len; i++)
    ((TsrSphereEntity *) g_ptr_array_index (map->entities, i))->layer = g_array_index (refs->entity_layers, guint16, i);
  for (guint i = 0; i < map->zones->len; i++)
    ((TsrSphereZone *) g_ptr_array_index (map->zones, i))->layer = g_array_index (refs->zone_layers, guint16, i);
  map->start_layer = refs->start_layer;
}

static void
layer_header_clear (LayerHeader *header)
{
  g_clear_pointer (&header->name, g_bytes_unref);
}

static void
layer_header_take (LayerHeader          *header,
                   const TsrSphereLayer *layer)
{
  layer_header_clear (header);
  header->properties = (TsrSphereLayerProperties) {
    layer->flags, layer->parallax_x, layer->parallax_y, layer->scrolling_x, layer->scrolling_y,
    layer->reflective,
  };
  header->name = g_bytes_ref (layer->name);
}

static void
layer_header_copy (LayerHeader       *to,
                   const LayerHeader *from)
{
  layer_header_clear (to);
  to->properties = from->properties;
  to->name = g_bytes_ref (from->name);
}

static void
map_header_clear (MapHeader *header)
{
  g_clear_pointer (&header->strings, g_ptr_array_unref);
}

static GPtrArray *
strings_copy (GPtrArray *strings)
{
  GPtrArray *copy = g_ptr_array_new_full (strings->len, (GDestroyNotify) g_bytes_unref);

  for (guint i = 0; i < strings->len; i++)
    g_ptr_array_add (copy, g_bytes_ref (g_ptr_array_index (strings, i)));
  return copy;
}

static void
map_header_take (MapHeader          *header,
                 const TsrSphereMap *map)
{
  map_header_clear (header);
  header->start_x = map->start_x;
  header->start_y = map->start_y;
  header->start_layer = map->start_layer;
  header->start_direction = map->start_direction;
  header->repeating = map->repeating;
  header->strings = strings_copy (map->strings);
}

static void
map_header_copy (MapHeader       *to,
                 const MapHeader *from)
{
  GPtrArray *strings = strings_copy (from->strings);

  map_header_clear (to);
  *to = *from;
  to->strings = strings;
}

static gboolean
bytes_equal (GBytes *a,
             GBytes *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_bytes_equal (a, b);
}

static gboolean
map_header_equal (const MapHeader *a,
                  const MapHeader *b)
{
  if (a->start_x != b->start_x || a->start_y != b->start_y || a->start_layer != b->start_layer
      || a->start_direction != b->start_direction || a->repeating != b->repeating
      || a->strings->len != b->strings->len)
    return FALSE;
  for (guint i = 0; i < a->strings->len; i++)
    if (!bytes_equal (g_ptr_array_index (a->strings, i), g_ptr_array_index (b->strings, i)))
      return FALSE;
  return TRUE;
}

static gboolean
layer_header_equal (const LayerHeader *a,
                    const LayerHeader *b)
{
  /* Floats compare as bits: -0 and NaN payloads are values the file holds. */
  return memcmp (&a->properties.parallax_x, &b->properties.parallax_x, sizeof (float)) == 0
         && memcmp (&a->properties.parallax_y, &b->properties.parallax_y, sizeof (float)) == 0
         && memcmp (&a->properties.scrolling_x, &b->properties.scrolling_x, sizeof (float)) == 0
         && memcmp (&a->properties.scrolling_y, &b->properties.scrolling_y, sizeof (float)) == 0
         && a->properties.flags == b->properties.flags
         && a->properties.reflective == b->properties.reflective
         && bytes_equal (a->name, b->name);
}

static gboolean
entity_equal (const TsrSphereEntity *a,
              const TsrSphereEntity *b)
{
  if (a->x != b->x || a->y != b->y || a->layer != b->layer || a->type != b->type
      || memcmp (a->reserved, b->reserved, sizeof a->reserved) != 0
      || memcmp (a->person_reserved, b->person_reserved, sizeof a->person_reserved) != 0
      || !bytes_equal (a->name, b->name) || !bytes_equal (a->spriteset, b->spriteset)
      || !bytes_equal (a->function, b->function)
      || (a->scripts == NULL) != (b->scripts == NULL))
    return FALSE;
  if (a->scripts != NULL)
    {
      if (a->scripts->len != b->scripts->len)
        return FALSE;
      for (guint i = 0; i < a->scripts->len; i++)
        if (!bytes_equal (g_ptr_array_index (a->scripts, i), g_ptr_array_index (b->scripts, i)))
          return FALSE;
    }
  return TRUE;
}

static gboolean
zone_equal (const TsrSphereZone *a,
            const TsrSphereZone *b)
{
  return a->x1 == b->x1 && a->y1 == b->y1 && a->x2 == b->x2 && a->y2 == b->y2
         && a->layer == b->layer && a->reactivate_steps == b->reactivate_steps
         && memcmp (a->reserved, b->reserved, sizeof a->reserved) == 0
         && bytes_equal (a->function, b->function);
}

static void
apply_layer_header (TsrSphereEditCommand *self,
                    const LayerHeader    *header)
{
  TsrSphereDocument *document = self->document;
  TsrSphereLayer *layer = g_ptr_array_index (document->map->layers, self->index);
  gboolean interface_visible = ((layer->flags ^ header->properties.flags) & TSR_SPHERE_LAYER_HIDDEN) != 0
                               || !bytes_equal (layer->name, header->name);

  layer->flags = header->properties.flags;
  layer->parallax_x = header->properties.parallax_x;
  layer->parallax_y = header->properties.parallax_y;
  layer->scrolling_x = header->properties.scrolling_x;
  layer->scrolling_y = header->properties.scrolling_y;
  layer->reflective = header->properties.reflective;
  g_bytes_unref (layer->name);
  layer->name = g_bytes_ref (header->name);
  g_signal_emit (document, signals[LAYER_CHANGED], 0, self->index);
  if (interface_visible)
    tsr_sphere_document_layers_changed (document);
}

static void
apply_map_header (TsrSphereEditCommand *self,
                  const MapHeader      *header)
{
  TsrSphereMap *map = self->document->map;

  map->start_x = header->start_x;
  map->start_y = header->start_y;
  map->start_layer = header->start_layer;
  map->start_direction = header->start_direction;
  map->repeating = header->repeating;
  g_ptr_array_unref (map->strings);
  map->strings = strings_copy (header->strings);
  g_signal_emit (self->document, signals[MAP_CHANGED], 0);
}

/* Takes a layer out of the map without freeing it (the codec's removal renumbers references). */
static TsrSphereLayer *
steal_layer (TsrSphereMap *map,
             guint         index)
{
  TsrSphereLayer *layer = g_ptr_array_index (map->layers, index);

  g_ptr_array_index (map->layers, index) = tsr_sphere_layer_new (1, 1, NULL);
  tsr_sphere_map_remove_layer (map, index, NULL);
  return layer;
}

/* Entities and zones: insert, remove or replace an element; FORWARD is redo. */
static void
apply_element (TsrSphereEditCommand *self,
               gboolean              forward)
{
  TsrSphereDocument *document = self->document;
  gboolean entity = self->kind == EDIT_ENTITY;
  GPtrArray *array = entity ? document->map->entities : document->map->zones;
  gpointer item = forward ? self->new_item : self->old_item;
  ElementOp op = self->op;

  if (!forward && op != OP_REPLACE)
    op = op == OP_INSERT ? OP_REMOVE : OP_INSERT;

  switch (op)
    {
    case OP_INSERT:
      g_ptr_array_insert (array, (int) self->index,
                          entity ? (gpointer) tsr_sphere_entity_copy (item) : (gpointer) tsr_sphere_zone_copy (item));
      g_signal_emit (document, signals[entity ? ENTITY_ADDED : ZONE_ADDED], 0, self->index);
      break;
    case OP_REMOVE:
      g_ptr_array_remove_index (array, self->index);
      g_signal_emit (document, signals[entity ? ENTITY_REMOVED : ZONE_REMOVED], 0, self->index);
      break;
    case OP_REPLACE:
      if (entity)
        tsr_sphere_entity_free (g_ptr_array_index (array, self->index));
      else
        tsr_sphere_zone_free (g_ptr_array_index (array, self->index));
      g_ptr_array_index (array, self->index) = entity ? (gpointer) tsr_sphere_entity_copy (item)
                                                      : (gpointer) tsr_sphere_zone_copy (item);
      g_signal_emit (document, signals[entity ? ENTITY_CHANGED : ZONE_CHANGED], 0, self->index);
      break;
    }
}

static void
apply_segment (TsrSphereEditCommand *self,
               gboolean              forward)
{
  TsrSphereDocument *document = self->document;
  TsrSphereLayer *layer = g_ptr_array_index (document->map->layers, self->layer);
  ElementOp op = self->op;
  TsrSphereSegment segment = forward ? self->new_segment : self->old_segment;

  if (!forward && op != OP_REPLACE)
    op = op == OP_INSERT ? OP_REMOVE : OP_INSERT;
  switch (op)
    {
    case OP_INSERT:
      g_array_insert_val (layer->segments, self->index, segment);
      g_signal_emit (document, signals[SEGMENT_ADDED], 0, self->layer, self->index);
      break;
    case OP_REMOVE:
      g_array_remove_index (layer->segments, self->index);
      g_signal_emit (document, signals[SEGMENT_REMOVED], 0, self->layer, self->index);
      break;
    case OP_REPLACE:
      g_array_index (layer->segments, TsrSphereSegment, self->index) = segment;
      g_signal_emit (document, signals[SEGMENT_CHANGED], 0, self->layer, self->index);
      break;
    }
}

/* Inserting a layer is undone by removing it and the other way round. */
static void
apply_layer_presence (TsrSphereEditCommand *self,
                      gboolean              present)
{
  TsrSphereDocument *document = self->document;
  TsrSphereMap *map = document->map;
  gboolean undoing = (self->kind == EDIT_LAYER_INSERT) != present;

  if (present)
    {
      if (!undoing)
        layer_refs_take (&self->refs, map);
      tsr_sphere_map_insert_layer (map, (int) self->index, g_steal_pointer (&self->held_layer));
      if (undoing)
        layer_refs_restore (&self->refs, map);
      g_signal_emit (document, signals[LAYER_ADDED], 0, self->index);
    }
  else
    {
      if (!undoing)
        layer_refs_take (&self->refs, map);
      self->held_layer = steal_layer (map, self->index);
      if (undoing)
        layer_refs_restore (&self->refs, map);
      g_signal_emit (document, signals[LAYER_REMOVED], 0, self->index);
    }
  tsr_sphere_document_layers_changed (document);
}

static void
apply_layer_move (TsrSphereEditCommand *self,
                  gboolean              forward)
{
  TsrSphereDocument *document = self->document;
  guint from = forward ? self->index : self->to;
  guint to = forward ? self->to : self->index;

  if (forward)
    layer_refs_take (&self->refs, document->map);
  tsr_sphere_map_move_layer (document->map, from, to, NULL);
  if (!forward)
    layer_refs_restore (&self->refs, document->map);
  g_signal_emit (document, signals[LAYER_MOVED], 0, from, to);
  tsr_sphere_document_layers_changed (document);
}

static void
apply_layer_resize (TsrSphereEditCommand *self,
                    gboolean              forward)
{
  TsrSphereDocument *document = self->document;
  TsrSphereMap *map = document->map;

  if (forward)
    {
      g_clear_pointer (&self->held_layer, tsr_sphere_layer_free);
      self->held_layer = tsr_sphere_layer_copy (g_ptr_array_index (map->layers, self->index));
      tsr_sphere_map_resize_layer (map, self->index, self->width, self->height, self->anchor, self->fill, NULL);
    }
  else
    {
      tsr_sphere_layer_free (g_ptr_array_index (map->layers, self->index));
      g_ptr_array_index (map->layers, self->index) = g_steal_pointer (&self->held_layer);
    }
  g_signal_emit (document, signals[LAYER_CHANGED], 0, self->index);
  tsr_sphere_document_layers_changed (document);
}

static void
tsr_sphere_edit_command_apply (TsrSphereEditCommand *self,
                               gboolean              forward)
{
  switch (self->kind)
    {
    case EDIT_ENTITY:
    case EDIT_ZONE:
      apply_element (self, forward);
      break;
    case EDIT_SEGMENT:
      apply_segment (self, forward);
      break;
    case EDIT_LAYER_INSERT:
      apply_layer_presence (self, forward);
      break;
    case EDIT_LAYER_REMOVE:
      apply_layer_presence (self, !forward);
      break;
    case EDIT_LAYER_MOVE:
      apply_layer_move (self, forward);
      break;
    case EDIT_LAYER_RESIZE:
      apply_layer_resize (self, forward);
      break;
    case EDIT_LAYER_PROPERTIES:
      apply_layer_header (self, forward ? &self->new_header : &self->old_header);
      break;
    case EDIT_MAP:
      apply_map_header (self, forward ? &self->new_map : &self->old_map);
      break;
    }
}

static void
tsr_sphere_edit_command_redo (TsrCommand *command)
{
  tsr_sphere_edit_command_apply (TSR_SPHERE_EDIT_COMMAND (command), TRUE);
}

static void
tsr_sphere_edit_command_undo (TsrCommand *command)
{
  tsr_sphere_edit_command_apply (TSR_SPHERE_EDIT_COMMAND (command), FALSE);
}

static void
free_item (EditKind kind,
           gpointer item)
{
  if (item == NULL)
    return;
  if (kind == EDIT_ENTITY)
    tsr_sphere_entity_free (item);
  else
    tsr_sphere_zone_free (item);
}

/* Consecutive replacements of one element with the same key (a drag, typing) become one step:
 * SELF keeps its "before" and takes NEXT's "after". */
static gboolean
tsr_sphere_edit_command_merge (TsrCommand *command,
                               TsrCommand *next_command)
{
  TsrSphereEditCommand *self = TSR_SPHERE_EDIT_COMMAND (command);
  TsrSphereEditCommand *next;

  if (!TSR_IS_SPHERE_EDIT_COMMAND (next_command))
    return FALSE;
  next = TSR_SPHERE_EDIT_COMMAND (next_command);
  if (self->merge_key == NULL || g_strcmp0 (self->merge_key, next->merge_key) != 0
      || self->document != next->document || self->kind != next->kind
      || self->op != OP_REPLACE || next->op != OP_REPLACE
      || self->index != next->index || self->layer != next->layer)
    return FALSE;

  switch (self->kind)
    {
    case EDIT_ENTITY:
    case EDIT_ZONE:
      free_item (self->kind, self->new_item);
      self->new_item = g_steal_pointer (&next->new_item);
      break;
    case EDIT_SEGMENT:
      self->new_segment = next->new_segment;
      break;
    case EDIT_LAYER_PROPERTIES:
      layer_header_copy (&self->new_header, &next->new_header);
      break;
    case EDIT_MAP:
      map_header_copy (&self->new_map, &next->new_map);
      break;
    default:
      return FALSE;
    }
  return TRUE;
}

static void
tsr_sphere_edit_command_finalize (GObject *object)
{
  TsrSphereEditCommand *self = TSR_SPHERE_EDIT_COMMAND (object);

  g_free (self->merge_key);
  free_item (self->kind, self->old_item);
  free_item (self->kind, self->new_item);
  g_clear_pointer (&self->held_layer, tsr_sphere_layer_free);
  layer_refs_clear (&self->refs);
  layer_header_clear (&self->old_header);
  layer_header_clear (&self->new_header);
  map_header_clear (&self->old_map);
  map_header_clear (&self->new_map);
  G_OBJECT_CLASS (tsr_sphere_edit_command_parent_class)->finalize (object);
}

static void
tsr_sphere_edit_command_class_init (TsrSphereEditCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_sphere_edit_command_finalize;
  command_class->redo = tsr_sphere_edit_command_redo;
  command_class->undo = tsr_sphere_edit_command_undo;
  command_class->merge = tsr_sphere_edit_command_merge;
}

static void
tsr_sphere_edit_command_init (TsrSphereEditCommand *self)
{
}

static TsrSphereEditCommand *
edit_command_new (TsrSphereDocument *document,
                  EditKind           kind,
                  ElementOp          op,
                  const char        *description,
                  const char        *merge_key)
{
  TsrSphereEditCommand *self = g_object_new (TSR_TYPE_SPHERE_EDIT_COMMAND, "description", description, NULL);

  self->document = document;
  self->kind = kind;
  self->op = op;
  self->merge_key = g_strdup (merge_key);
  return self;
}

/* Pushes COMMAND (taken) on the document's undo stack, which applies it. */
static gboolean
execute (TsrSphereDocument    *self,
         TsrSphereEditCommand *command)
{
  tsr_document_execute (TSR_DOCUMENT (self), TSR_COMMAND (command));
  g_object_unref (command);
  return TRUE;
}

/* Checks */

static gboolean
check_map (TsrSphereDocument *self,
           GError           **error)
{
  if (self->map == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "%s: only maps can be edited",
                   tsr_document_get_display_name (TSR_DOCUMENT (self)));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_layer (TsrSphereDocument *self,
             guint              layer,
             GError           **error)
{
  if (!check_map (self, error))
    return FALSE;
  if (layer >= self->map->layers->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: layer %u does not exist (%u layers)",
                   layer, self->map->layers->len);
      return FALSE;
    }
  return TRUE;
}

/* Entities and zones cannot be added or removed when an entity of unknown type hides the rest. */
static gboolean
check_elements_editable (TsrSphereDocument *self,
                         GError           **error)
{
  if (!check_map (self, error))
    return FALSE;
  if (self->map->tail_entity_count > 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   "map: entities and zones cannot be added or removed: entity %u has an unknown type",
                   self->map->entities->len);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_entity (TsrSphereDocument *self,
              guint              index,
              GError           **error)
{
  if (!check_map (self, error))
    return FALSE;
  if (index >= self->map->entities->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: entity %u does not exist", index);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_entity_type (TsrSphereDocument  *self,
                   guint               index,
                   TsrSphereEntityType type,
                   GError            **error)
{
  if (!check_entity (self, index, error))
    return FALSE;
  if (((TsrSphereEntity *) g_ptr_array_index (self->map->entities, index))->type != type)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "map: entity %u is not a %s", index,
                   type == TSR_SPHERE_ENTITY_PERSON ? "person" : "trigger");
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_zone (TsrSphereDocument *self,
            guint              index,
            GError           **error)
{
  if (!check_map (self, error))
    return FALSE;
  if (index >= self->map->zones->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: zone %u does not exist", index);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_string (const char *text,
              const char *what,
              GError    **error)
{
  if (text != NULL && strlen (text) > TSR_SPHERE_STRING_MAX)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: %s is longer than %u bytes",
                   what, TSR_SPHERE_STRING_MAX);
      return FALSE;
    }
  return TRUE;
}

/* Element replacement: NEW_ITEM (taken) replaces element INDEX unless they are equal. */

static gboolean
replace_entity (TsrSphereDocument *self,
                guint              index,
                TsrSphereEntity   *entity,
                const char        *description,
                const char        *merge_key)
{
  const TsrSphereEntity *current = g_ptr_array_index (self->map->entities, index);
  TsrSphereEditCommand *command;

  if (entity_equal (current, entity))
    {
      tsr_sphere_entity_free (entity);
      return TRUE;
    }
  command = edit_command_new (self, EDIT_ENTITY, OP_REPLACE, description, merge_key);
  command->index = index;
  command->old_item = tsr_sphere_entity_copy (current);
  command->new_item = entity;
  return execute (self, command);
}

static gboolean
replace_zone (TsrSphereDocument *self,
              guint              index,
              TsrSphereZone     *zone,
              const char        *description,
              const char        *merge_key)
{
  const TsrSphereZone *current = g_ptr_array_index (self->map->zones, index);
  TsrSphereEditCommand *command;

  if (zone_equal (current, zone))
    {
      tsr_sphere_zone_free (zone);
      return TRUE;
    }
  command = edit_command_new (self, EDIT_ZONE, OP_REPLACE, description, merge_key);
  command->index = index;
  command->old_item = tsr_sphere_zone_copy (current);
  command->new_item = zone;
  return execute (self, command);
}

static TsrSphereEntity *
copy_entity (TsrSphereDocument *self,
             guint              index)
{
  return tsr_sphere_entity_copy (g_ptr_array_index (self->map->entities, index));
}

static TsrSphereZone *
copy_zone (TsrSphereDocument *self,
           guint              index)
{
  return tsr_sphere_zone_copy (g_ptr_array_index (self->map->zones, index));
}

/* The TsrTileMap interface */

static const char *
sphere_get_family (TsrTileMap *map)
{
  return "sphere";
}

/* The map is as large as its largest layer (layers of one map may differ). Tile commands ask for
 * it per cell, so it is kept until the layers change. */
static void
sphere_get_size (TsrSphereDocument *self,
                 guint             *width,
                 guint             *height)
{
  if (!self->size_known)
    {
      self->width = 0;
      self->height = 0;
      for (guint i = 0; self->map != NULL && i < self->map->layers->len; i++)
        {
          const TsrSphereLayer *layer = g_ptr_array_index (self->map->layers, i);

          self->width = MAX (self->width, layer->width);
          self->height = MAX (self->height, layer->height);
        }
      self->size_known = TRUE;
    }
  *width = self->width;
  *height = self->height;
}

static guint
sphere_get_width (TsrTileMap *map)
{
  guint width, height;

  sphere_get_size (TSR_SPHERE_DOCUMENT (map), &width, &height);
  return width;
}

static guint
sphere_get_height (TsrTileMap *map)
{
  guint width, height;

  sphere_get_size (TSR_SPHERE_DOCUMENT (map), &width, &height);
  return height;
}

static guint
sphere_get_n_layers (TsrTileMap *map)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (map);

  return self->map != NULL ? self->map->layers->len : 0;
}

static TsrSphereLayer *
sphere_layer (TsrSphereDocument *self,
              guint              layer)
{
  if (self->map == NULL || layer >= self->map->layers->len)
    return NULL;
  return g_ptr_array_index (self->map->layers, layer);
}

static const char *
sphere_get_layer_name (TsrTileMap *map,
                       guint       layer)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (map);

  if (sphere_layer (self, layer) == NULL)
    return NULL;
  if (self->layer_names == NULL)
    {
      self->layer_names = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < self->map->layers->len; i++)
        g_ptr_array_add (self->layer_names,
                         tsr_sphere_string_to_utf8 (((TsrSphereLayer *) g_ptr_array_index (self->map->layers, i))->name));
    }
  return g_ptr_array_index (self->layer_names, layer);
}

static gboolean
sphere_get_layer_visible (TsrTileMap *map,
                          guint       layer)
{
  TsrSphereLayer *l = sphere_layer (TSR_SPHERE_DOCUMENT (map), layer);

  return l != NULL && (l->flags & TSR_SPHERE_LAYER_HIDDEN) == 0;
}

static void
sphere_set_layer_visible (TsrTileMap *map,
                          guint       layer,
                          gboolean    visible)
{
  g_autoptr(GError) error = NULL;

  /* The file stores visibility: this is an undoable edit, not a view setting. */
  if (!tsr_sphere_document_set_layer_visible (TSR_SPHERE_DOCUMENT (map), layer, visible, &error))
    g_warning ("%s", error->message);
}

static void
sphere_get_cell_size (TsrTileMap *map,
                      guint      *width,
                      guint      *height)
{
  const TsrSphereTileset *tileset = tsr_sphere_document_get_tileset (TSR_SPHERE_DOCUMENT (map));

  *width = tileset != NULL ? tileset->tile_width : 16;
  *height = tileset != NULL ? tileset->tile_height : 16;
}

static guint32
sphere_get_tile (TsrTileMap *map,
                 guint       layer,
                 guint       x,
                 guint       y)
{
  TsrSphereLayer *l = sphere_layer (TSR_SPHERE_DOCUMENT (map), layer);

  if (l == NULL || x >= l->width || y >= l->height)
    return TSR_SPHERE_DOCUMENT_NO_TILE;
  return l->tiles[(gsize) y * l->width + x];
}

static void
sphere_get_tiles (TsrTileMap        *map,
                  guint              layer,
                  const TsrTileRect *area,
                  guint32           *out)
{
  TsrSphereLayer *l = sphere_layer (TSR_SPHERE_DOCUMENT (map), layer);

  for (gint y = 0; y < area->height; y++)
    {
      guint32 *row = out + (gsize) y * area->width;
      gint ly = area->y + y;

      for (gint x = 0; x < area->width; x++)
        {
          gint lx = area->x + x;

          row[x] = l != NULL && lx < l->width && ly < l->height
                   ? l->tiles[(gsize) ly * l->width + lx] : TSR_SPHERE_DOCUMENT_NO_TILE;
        }
    }
}

static void
sphere_set_tile (TsrTileMap *map,
                 guint       layer,
                 guint       x,
                 guint       y,
                 guint32     value)
{
  TsrSphereLayer *l = sphere_layer (TSR_SPHERE_DOCUMENT (map), layer);

  /* Cells outside a smaller layer, and NO_TILE pasted from such cells, change nothing. */
  if (l == NULL || x >= l->width || y >= l->height || value > G_MAXUINT16)
    return;
  l->tiles[(gsize) y * l->width + x] = (guint16) value;
}

static guint32
sphere_get_empty_tile (TsrTileMap *map,
                       guint       layer)
{
  /* Sphere has no empty cell; tile 0 is what new layers and Tiled's empty cells become. */
  return 0;
}

static GArray *
sphere_list_tiles (TsrTileMap *map,
                   guint       layer)
{
  const TsrSphereTileset *tileset = tsr_sphere_document_get_tileset (TSR_SPHERE_DOCUMENT (map));
  GArray *values = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 i = 0; tileset != NULL && i < tileset->tiles->len; i++)
    g_array_append_val (values, i);
  return values;
}

static const TsrImage *
sphere_get_tile_image (TsrTileMap *map,
                       guint       layer,
                       guint32     value)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (map);
  const TsrSphereTileset *tileset = tsr_sphere_document_get_tileset (self);

  if (tileset == NULL || value >= tileset->tiles->len)
    return NULL;
  if (self->tile_images == NULL)
    {
      self->tile_images = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
      g_ptr_array_set_size (self->tile_images, tileset->tiles->len);
    }
  if (g_ptr_array_index (self->tile_images, value) == NULL)
    g_ptr_array_index (self->tile_images, value) = tsr_sphere_tileset_tile_image (tileset, value);
  return g_ptr_array_index (self->tile_images, value);
}

static char *
sphere_get_tile_name (TsrTileMap *map,
                      guint       layer,
                      guint32     value)
{
  const TsrSphereTileset *tileset = tsr_sphere_document_get_tileset (TSR_SPHERE_DOCUMENT (map));

  if (value == TSR_SPHERE_DOCUMENT_NO_TILE)
    return g_strdup (_("Outside the layer"));
  if (tileset != NULL && value < tileset->tiles->len)
    {
      const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, value);
      g_autofree char *name = tile->name != NULL && g_bytes_get_size (tile->name) > 0
                              ? tsr_sphere_string_to_utf8 (tile->name) : g_strdup_printf (_("Tile %u"), value);
      GString *text = g_string_new (name);

      /* What the palette's tooltip can tell beyond the picture: animation and obstruction. */
      if (tile->animated)
        /* Translators: a tile's name in the palette, then what it animates into: "Tile 4 · animated, then tile 5". */
        g_string_printf (text, _("%s · animated, then tile %u"), name, tile->next_tile);
      if (tileset->has_obstructions
          && ((tile->obstruction_type == TSR_SPHERE_OBSTRUCTION_SEGMENTS && tile->segments != NULL && tile->segments->len > 0)
              || tile->obstruction_type == TSR_SPHERE_OBSTRUCTION_MASK))
        {
          g_autofree char *shown = g_string_free (text, FALSE);

          /* Translators: a tile's name in the palette, then that persons cannot walk through it. */
          text = g_string_new (NULL);
          g_string_printf (text, _("%s · obstructs"), shown);
        }
      return g_string_free (text, FALSE);
    }
  return g_strdup_printf (_("Tile %u"), value);
}

static void
tsr_sphere_document_tile_map_init (TsrTileMapInterface *iface)
{
  iface->get_family = sphere_get_family;
  iface->get_width = sphere_get_width;
  iface->get_height = sphere_get_height;
  iface->get_n_layers = sphere_get_n_layers;
  iface->get_layer_name = sphere_get_layer_name;
  iface->get_layer_visible = sphere_get_layer_visible;
  iface->set_layer_visible = sphere_set_layer_visible;
  iface->get_cell_size = sphere_get_cell_size;
  iface->get_tile = sphere_get_tile;
  iface->get_tiles = sphere_get_tiles;
  iface->set_tile = sphere_set_tile;
  iface->get_empty_tile = sphere_get_empty_tile;
  iface->list_tiles = sphere_list_tiles;
  iface->get_tile_image = sphere_get_tile_image;
  iface->get_tile_name = sphere_get_tile_name;
}

/* The document */

static gboolean
tsr_sphere_document_attach (TsrDocument *document,
                            GError     **error)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (document);
  const TsrFormat *format = tsr_document_get_format (document);

  /* .rmp and .tmx load into a TsrSphereMap; tilesets and spritesets are shown, not edited. */
  if (g_strcmp0 (format->id, "sphere-rmp") != 0 && g_strcmp0 (format->id, "tiled-tmx") != 0)
    return TRUE;
  self->map = tsr_document_get_format_data (document);
  if (self->map->external_tileset != NULL && self->map->tileset == NULL)
    self->tileset_loaded = tsr_sphere_tileset_serialize (self->map->external_tileset);
  return TRUE;
}

/* Where the external tileset of a map saved at PATH lives, or NULL when it has none. */
static char *
external_tileset_path (TsrSphereMap *map,
                       const char   *path,
                       gboolean     *exists)
{
  g_autofree char *name = tsr_sphere_map_get_string (map, TSR_SPHERE_STRING_TILESET);
  g_autofree char *folder = NULL;
  g_autofree char *base = NULL;
  char *full;

  *exists = FALSE;
  if (name[0] == '\0' || map->tileset != NULL || map->external_tileset == NULL)
    return NULL;
  /* Found as the codec finds it: NAME relative to the map's folder, else its base name there. */
  folder = g_path_get_dirname (path);
  g_strdelimit (name, "\\", '/');
  full = g_build_filename (folder, name, NULL);
  if (g_file_test (full, G_FILE_TEST_EXISTS))
    {
      *exists = TRUE;
      return full;
    }
  g_free (full);
  base = g_path_get_basename (name);
  full = g_build_filename (folder, base, NULL);
  *exists = g_file_test (full, G_FILE_TEST_EXISTS);
  return full;
}

/* Where a person's spriteset is looked for from the map at MAP_PATH: the Sphere project layout
 * first (maps/ and spritesets/ side by side), then beside the map. */
static const char *const spriteset_folders[] = { "../spritesets", "." };

/* Save As into another folder: every spriteset a person names that the new place would not find is
 * copied there byte for byte, into ../spritesets when the new place has that folder, else beside
 * the map, so the saved map opens with its sprites as it did before. */
static void
add_missing_spritesets (TsrSphereDocument *self,
                        const char        *path,
                        GPtrArray         *outputs)
{
  g_autofree char *old_folder = self->map->path != NULL ? g_path_get_dirname (self->map->path) : NULL;
  g_autofree char *new_folder = g_path_get_dirname (path);
  g_autoptr(GHashTable) done = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (old_folder == NULL)
    return;
  for (guint i = 0; i < self->map->entities->len; i++)
    {
      const TsrSphereEntity *entity = g_ptr_array_index (self->map->entities, i);
      g_autofree char *name = NULL;
      g_autofree char *source = NULL;
      g_autofree char *project = NULL;
      g_autofree char *target = NULL;
      g_autoptr(GBytes) bytes = NULL;
      gboolean found_there = FALSE;

      if (entity->type != TSR_SPHERE_ENTITY_PERSON)
        continue;
      name = g_strdelimit (tsr_sphere_string_to_utf8 (entity->spriteset), "\\", '/');
      if (name[0] == '\0' || g_hash_table_contains (done, name))
        continue;
      for (guint c = 0; c < G_N_ELEMENTS (spriteset_folders) && !found_there; c++)
        {
          g_autofree char *candidate = g_build_filename (new_folder, spriteset_folders[c], name, NULL);

          found_there = g_file_test (candidate, G_FILE_TEST_IS_REGULAR);
        }
      for (guint c = 0; c < G_N_ELEMENTS (spriteset_folders) && source == NULL && !found_there; c++)
        {
          char *candidate = g_build_filename (old_folder, spriteset_folders[c], name, NULL);

          if (g_file_test (candidate, G_FILE_TEST_IS_REGULAR))
            source = candidate;
          else
            g_free (candidate);
        }
      g_hash_table_add (done, g_strdup (name));
      if (found_there || source == NULL || (bytes = tsr_file_read (source, NULL)) == NULL)
        continue;
      project = g_canonicalize_filename (spriteset_folders[0], new_folder);
      target = g_build_filename (g_file_test (project, G_FILE_TEST_IS_DIR) ? project : new_folder, name, NULL);
      g_ptr_array_add (outputs, tsr_output_file_new (target, bytes));
    }
}

static GPtrArray *
tsr_sphere_document_serialize (TsrDocument *document,
                               const char  *path,
                               GError     **error)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (document);
  const TsrFormat *format = tsr_document_get_format (document);
  g_autoptr(GPtrArray) outputs = format->save (tsr_document_get_format_data (document), path, error);
  g_autofree char *tileset_path = NULL;
  g_autoptr(GBytes) tileset_bytes = NULL;
  gboolean exists;

  if (outputs == NULL || self->map == NULL || g_strcmp0 (format->id, "sphere-rmp") != 0)
    return g_steal_pointer (&outputs);
  add_missing_spritesets (self, path, outputs);
  /* The external tileset is written only when it changed, or when the map is saved into a folder
   * without it (Save As elsewhere), so the saved map opens with its tiles. */
  tileset_path = external_tileset_path (self->map, path, &exists);
  if (tileset_path == NULL)
    return g_steal_pointer (&outputs);
  tileset_bytes = tsr_sphere_tileset_serialize (self->map->external_tileset);
  if (!exists || self->tileset_loaded == NULL || !g_bytes_equal (tileset_bytes, self->tileset_loaded))
    g_ptr_array_add (outputs, tsr_output_file_new (tileset_path, tileset_bytes));
  return g_steal_pointer (&outputs);
}

/* Saved under another name: spritesets and the tileset are found from the new place. */
static void
tsr_sphere_document_on_file_changed (TsrSphereDocument *self,
                                     GParamSpec        *pspec,
                                     gpointer           user_data)
{
  GFile *file = tsr_document_get_file (TSR_DOCUMENT (self));

  if (self->map != NULL && file != NULL)
    {
      g_free (self->map->path);
      self->map->path = g_file_get_path (file);
    }
}

static void
tsr_sphere_document_finalize (GObject *object)
{
  TsrSphereDocument *self = TSR_SPHERE_DOCUMENT (object);

  g_clear_pointer (&self->layer_names, g_ptr_array_unref);
  g_clear_pointer (&self->tile_images, g_ptr_array_unref);
  g_clear_pointer (&self->spritesets, g_hash_table_unref);
  g_clear_pointer (&self->tileset_loaded, g_bytes_unref);
  G_OBJECT_CLASS (tsr_sphere_document_parent_class)->finalize (object);
}

static void
tsr_sphere_document_class_init (TsrSphereDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TsrDocumentClass *document_class = TSR_DOCUMENT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->finalize = tsr_sphere_document_finalize;
  document_class->attach = tsr_sphere_document_attach;
  document_class->serialize = tsr_sphere_document_serialize;

#define INDEX_SIGNAL(id, name) \
  signals[id] = g_signal_new (name, type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT)
#define LAYER_INDEX_SIGNAL(id, name) \
  signals[id] = g_signal_new (name, type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT)
  INDEX_SIGNAL (LAYER_ADDED, "layer-added");
  INDEX_SIGNAL (LAYER_REMOVED, "layer-removed");
  LAYER_INDEX_SIGNAL (LAYER_MOVED, "layer-moved");
  INDEX_SIGNAL (LAYER_CHANGED, "layer-changed");
  INDEX_SIGNAL (ENTITY_ADDED, "entity-added");
  INDEX_SIGNAL (ENTITY_REMOVED, "entity-removed");
  INDEX_SIGNAL (ENTITY_CHANGED, "entity-changed");
  INDEX_SIGNAL (ZONE_ADDED, "zone-added");
  INDEX_SIGNAL (ZONE_REMOVED, "zone-removed");
  INDEX_SIGNAL (ZONE_CHANGED, "zone-changed");
  LAYER_INDEX_SIGNAL (SEGMENT_ADDED, "segment-added");
  LAYER_INDEX_SIGNAL (SEGMENT_REMOVED, "segment-removed");
  LAYER_INDEX_SIGNAL (SEGMENT_CHANGED, "segment-changed");
#undef INDEX_SIGNAL
#undef LAYER_INDEX_SIGNAL
  signals[MAP_CHANGED] = g_signal_new ("map-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tsr_sphere_document_init (TsrSphereDocument *self)
{
  self->spritesets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) tsr_sphere_spriteset_free);
  g_signal_connect (self, "notify::file", G_CALLBACK (tsr_sphere_document_on_file_changed), NULL);
}

void
tsr_sphere_document_register (void)
{
  /* Tilesets and spritesets open as a document without layers (is_map FALSE). */
  static const char *const formats[] = { "sphere-rmp", "tiled-tmx", "sphere-rts", "sphere-rss" };

  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    tsr_document_register_type (formats[i], TSR_TYPE_SPHERE_DOCUMENT);
}

/* Reading */

gboolean
tsr_sphere_document_is_map (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  return self->map != NULL;
}

const TsrSphereMap *
tsr_sphere_document_get_map (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  return self->map;
}

const TsrSphereTileset *
tsr_sphere_document_get_tileset (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  return self->map != NULL ? tsr_sphere_map_get_tileset (self->map) : NULL;
}

guint
tsr_sphere_document_get_n_layers (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), 0);
  return self->map != NULL ? self->map->layers->len : 0;
}

const TsrSphereLayer *
tsr_sphere_document_get_layer (TsrSphereDocument *self,
                               guint              index)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  return sphere_layer (self, index);
}

void
tsr_sphere_document_get_layer_properties (TsrSphereDocument        *self,
                                          guint                     index,
                                          TsrSphereLayerProperties *properties)
{
  LayerHeader header = { 0 };
  const TsrSphereLayer *layer;

  g_return_if_fail (TSR_IS_SPHERE_DOCUMENT (self));
  g_return_if_fail (properties != NULL);
  layer = sphere_layer (self, index);
  g_return_if_fail (layer != NULL);
  layer_header_take (&header, layer);
  *properties = header.properties;
  layer_header_clear (&header);
}

guint
tsr_sphere_document_get_n_entities (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), 0);
  return self->map != NULL ? self->map->entities->len : 0;
}

const TsrSphereEntity *
tsr_sphere_document_get_entity (TsrSphereDocument *self,
                                guint              index)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  if (self->map == NULL || index >= self->map->entities->len)
    return NULL;
  return g_ptr_array_index (self->map->entities, index);
}

guint
tsr_sphere_document_get_n_zones (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), 0);
  return self->map != NULL ? self->map->zones->len : 0;
}

const TsrSphereZone *
tsr_sphere_document_get_zone (TsrSphereDocument *self,
                              guint              index)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  if (self->map == NULL || index >= self->map->zones->len)
    return NULL;
  return g_ptr_array_index (self->map->zones, index);
}

const TsrSphereSpriteset *
tsr_sphere_document_get_spriteset (TsrSphereDocument *self,
                                   const char        *name)
{
  g_autofree char *key = NULL;
  g_autofree char *folder = NULL;
  TsrSphereSpriteset *spriteset = NULL;
  const char *const *candidates = spriteset_folders;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  if (name == NULL || name[0] == '\0' || self->map == NULL)
    return NULL;
  key = g_strdelimit (g_strdup (name), "\\", '/');
  if (g_hash_table_contains (self->spritesets, key))
    return g_hash_table_lookup (self->spritesets, key);
  if (self->map->path != NULL)
    folder = g_path_get_dirname (self->map->path);
  for (guint c = 0; folder != NULL && c < G_N_ELEMENTS (spriteset_folders) && spriteset == NULL; c++)
    {
      g_autofree char *path = g_build_filename (folder, candidates[c], key, NULL);
      g_autoptr(GBytes) bytes = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR) && (bytes = tsr_file_read (path, NULL)) != NULL)
        spriteset = tsr_sphere_spriteset_parse (bytes, NULL);
    }
  /* Kept for the document's lifetime, so returned pointers stay valid. */
  g_hash_table_insert (self->spritesets, g_steal_pointer (&key), spriteset);
  return spriteset;
}

const TsrImage *
tsr_sphere_document_get_person_image (TsrSphereDocument *self,
                                      guint              entity,
                                      gint              *origin_x,
                                      gint              *origin_y)
{
  const TsrSphereEntity *person;
  const TsrSphereSpriteset *spriteset;
  g_autofree char *name = NULL;
  const TsrImage *image;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  person = tsr_sphere_document_get_entity (self, entity);
  if (person == NULL || person->type != TSR_SPHERE_ENTITY_PERSON)
    return NULL;
  name = tsr_sphere_string_to_utf8 (person->spriteset);
  spriteset = tsr_sphere_document_get_spriteset (self, name);
  if (spriteset == NULL || (image = tsr_sphere_spriteset_pose_image (spriteset, NULL)) == NULL)
    return NULL;
  if (origin_x != NULL)
    *origin_x = -((spriteset->base_x1 + spriteset->base_x2) / 2);
  if (origin_y != NULL)
    *origin_y = -((spriteset->base_y1 + spriteset->base_y2) / 2);
  return image;
}

/* Hit testing */

gboolean
tsr_sphere_document_get_entity_bounds (TsrSphereDocument *self,
                                       guint              index,
                                       TsrTileRect       *pixels)
{
  const TsrSphereEntity *entity;
  const TsrImage *image;
  gint origin_x = 0, origin_y = 0;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (pixels != NULL, FALSE);
  if ((entity = tsr_sphere_document_get_entity (self, index)) == NULL)
    return FALSE;
  image = tsr_sphere_document_get_person_image (self, index, &origin_x, &origin_y);
  if (image != NULL)
    *pixels = (TsrTileRect) { entity->x + origin_x, entity->y + origin_y, (gint) image->width, (gint) image->height };
  else
    *pixels = (TsrTileRect) { entity->x - 4, entity->y - 4, 9, 9 };
  return TRUE;
}

gint
tsr_sphere_document_entity_at (TsrSphereDocument *self,
                               gint               layer,
                               gint               x,
                               gint               y)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), -1);
  for (guint i = tsr_sphere_document_get_n_entities (self); i-- > 0;)
    {
      TsrTileRect box;

      if (layer >= 0 && tsr_sphere_document_get_entity (self, i)->layer != layer)
        continue;
      if (tsr_sphere_document_get_entity_bounds (self, i, &box) && tsr_tile_rect_contains (&box, x, y))
        return (gint) i;
    }
  return -1;
}

gint
tsr_sphere_document_zone_at (TsrSphereDocument *self,
                             gint               layer,
                             gint               x,
                             gint               y)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), -1);
  for (guint i = tsr_sphere_document_get_n_zones (self); i-- > 0;)
    {
      const TsrSphereZone *zone = tsr_sphere_document_get_zone (self, i);

      if (layer >= 0 && zone->layer != layer)
        continue;
      if (x >= MIN (zone->x1, zone->x2) && x <= MAX (zone->x1, zone->x2)
          && y >= MIN (zone->y1, zone->y2) && y <= MAX (zone->y1, zone->y2))
        return (gint) i;
    }
  return -1;
}

gint
tsr_sphere_document_segment_at (TsrSphereDocument *self,
                                guint              layer,
                                gint               x,
                                gint               y,
                                guint              tolerance)
{
  const TsrSphereLayer *l;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), -1);
  if ((l = sphere_layer (self, layer)) == NULL)
    return -1;
  for (guint i = l->segments->len; i-- > 0;)
    {
      const TsrSphereSegment *segment = &g_array_index (l->segments, TsrSphereSegment, i);
      double x1 = segment->x1, y1 = segment->y1, dx = (double) segment->x2 - x1, dy = (double) segment->y2 - y1;
      double length2 = dx * dx + dy * dy;
      double t = length2 > 0 ? ((x - x1) * dx + (y - y1) * dy) / length2 : 0;
      double px, py;

      t = CLAMP (t, 0.0, 1.0);
      px = x1 + t * dx - x;
      py = y1 + t * dy - y;
      if (px * px + py * py <= (double) tolerance * tolerance)
        return (gint) i;
    }
  return -1;
}

/* Edits: tiles */

gboolean
tsr_sphere_document_paint (TsrSphereDocument *self,
                           guint              layer,
                           const TsrTileRect *area,
                           guint16            tile,
                           GError           **error)
{
  TsrCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);
  if (!check_layer (self, layer, error))
    return FALSE;
  command = tsr_tile_command_fill_rect (TSR_TILE_MAP (self), layer, area, tile);
  if (command != NULL)
    {
      tsr_document_execute (TSR_DOCUMENT (self), command);
      g_object_unref (command);
    }
  return TRUE;
}

/* Edits: layers */

static gboolean
insert_layer (TsrSphereDocument *self,
              guint              index,
              TsrSphereLayer    *layer,
              const char        *description,
              guint             *out_index,
              GError           **error)
{
  TsrSphereEditCommand *command;

  if (self->map->layers->len >= 255)
    {
      tsr_sphere_layer_free (layer);
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: at most 255 layers fit");
      return FALSE;
    }
  command = edit_command_new (self, EDIT_LAYER_INSERT, OP_INSERT, description, NULL);
  command->index = index;
  command->held_layer = layer;
  if (out_index != NULL)
    *out_index = index;
  return execute (self, command);
}

gboolean
tsr_sphere_document_add_layer (TsrSphereDocument *self,
                               int                index,
                               const char        *name,
                               guint             *out_index,
                               GError           **error)
{
  guint width, height;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_map (self, error) || !check_string (name, "the layer name", error))
    return FALSE;
  sphere_get_size (self, &width, &height);
  if (index < 0 || (guint) index > self->map->layers->len)
    index = (int) self->map->layers->len;
  return insert_layer (self, (guint) index,
                       tsr_sphere_layer_new ((guint16) MAX (width, 1), (guint16) MAX (height, 1), name),
                       _("Add Layer"), out_index, error);
}

gboolean
tsr_sphere_document_duplicate_layer (TsrSphereDocument *self,
                                     guint              index,
                                     guint             *out_index,
                                     GError           **error)
{
  TsrSphereLayer *copy;
  g_autofree char *name = NULL;
  g_autofree char *copy_name = NULL;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_layer (self, index, error))
    return FALSE;
  copy = tsr_sphere_layer_copy (g_ptr_array_index (self->map->layers, index));
  name = tsr_sphere_string_to_utf8 (copy->name);
  copy_name = g_strdup_printf (_("%s copy"), name);
  if (strlen (copy_name) <= TSR_SPHERE_STRING_MAX)
    tsr_sphere_string_set (&copy->name, copy_name);
  return insert_layer (self, index + 1, copy, _("Duplicate Layer"), out_index, error);
}

gboolean
tsr_sphere_document_remove_layer (TsrSphereDocument *self,
                                  guint              index,
                                  GError           **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_layer (self, index, error))
    return FALSE;
  if (self->map->layers->len == 1)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: the last layer cannot be removed");
      return FALSE;
    }
  command = edit_command_new (self, EDIT_LAYER_REMOVE, OP_REMOVE, _("Delete Layer"), NULL);
  command->index = index;
  return execute (self, command);
}

gboolean
tsr_sphere_document_move_layer (TsrSphereDocument *self,
                                guint              from,
                                guint              to,
                                GError           **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_layer (self, from, error) || !check_layer (self, to, error))
    return FALSE;
  if (from == to)
    return TRUE;
  command = edit_command_new (self, EDIT_LAYER_MOVE, OP_REPLACE, _("Move Layer"), NULL);
  command->index = from;
  command->to = to;
  return execute (self, command);
}

static gboolean
set_layer_header (TsrSphereDocument *self,
                  guint              index,
                  const LayerHeader *header,
                  const char        *description,
                  const char        *merge_key)
{
  TsrSphereEditCommand *command = edit_command_new (self, EDIT_LAYER_PROPERTIES, OP_REPLACE, description, merge_key);

  command->index = index;
  layer_header_take (&command->old_header, g_ptr_array_index (self->map->layers, index));
  layer_header_copy (&command->new_header, header);
  if (layer_header_equal (&command->old_header, &command->new_header))
    {
      g_object_unref (command);
      return TRUE;
    }
  return execute (self, command);
}

gboolean
tsr_sphere_document_rename_layer (TsrSphereDocument *self,
                                  guint              index,
                                  const char        *name,
                                  GError           **error)
{
  LayerHeader header = { 0 };
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_layer (self, index, error) || !check_string (name, "the layer name", error))
    return FALSE;
  layer_header_take (&header, g_ptr_array_index (self->map->layers, index));
  tsr_sphere_string_set (&header.name, name != NULL ? name : "");
  done = set_layer_header (self, index, &header, _("Rename Layer"), "layer-name");
  layer_header_clear (&header);
  return done;
}

gboolean
tsr_sphere_document_set_layer_visible (TsrSphereDocument *self,
                                       guint              index,
                                       gboolean           visible,
                                       GError           **error)
{
  LayerHeader header = { 0 };
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_layer (self, index, error))
    return FALSE;
  layer_header_take (&header, g_ptr_array_index (self->map->layers, index));
  if (visible)
    header.properties.flags &= (guint16) ~TSR_SPHERE_LAYER_HIDDEN;
  else
    header.properties.flags |= TSR_SPHERE_LAYER_HIDDEN;
  done = set_layer_header (self, index, &header, visible ? _("Show Layer") : _("Hide Layer"), NULL);
  layer_header_clear (&header);
  return done;
}

gboolean
tsr_sphere_document_set_layer_properties (TsrSphereDocument              *self,
                                          guint                           index,
                                          const TsrSphereLayerProperties *properties,
                                          GError                        **error)
{
  LayerHeader header = { 0 };
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (properties != NULL, FALSE);
  if (!check_layer (self, index, error))
    return FALSE;
  layer_header_take (&header, g_ptr_array_index (self->map->layers, index));
  header.properties = *properties;
  done = set_layer_header (self, index, &header, _("Layer Properties"), "layer-properties");
  layer_header_clear (&header);
  return done;
}

gboolean
tsr_sphere_document_resize_layer (TsrSphereDocument *self,
                                  guint              index,
                                  guint              width,
                                  guint              height,
                                  TsrSphereAnchor    anchor,
                                  guint16            fill,
                                  GError           **error)
{
  TsrSphereEditCommand *command;
  const TsrSphereLayer *layer;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_layer (self, index, error))
    return FALSE;
  if (width < 1 || height < 1 || width > TSR_SPHERE_LAYER_SIZE_MAX || height > TSR_SPHERE_LAYER_SIZE_MAX
      || (guint) anchor > TSR_SPHERE_ANCHOR_BOTTOM_RIGHT)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   "map: layer size 1..%u and one of nine anchors expected, %ux%u anchor %d asked",
                   TSR_SPHERE_LAYER_SIZE_MAX, width, height, (int) anchor);
      return FALSE;
    }
  layer = g_ptr_array_index (self->map->layers, index);
  if (layer->width == width && layer->height == height)
    return TRUE;
  command = edit_command_new (self, EDIT_LAYER_RESIZE, OP_REPLACE, _("Resize Layer"), NULL);
  command->index = index;
  command->width = width;
  command->height = height;
  command->anchor = anchor;
  command->fill = fill;
  return execute (self, command);
}

/* Edits: entities */

static gboolean
insert_entity (TsrSphereDocument *self,
               TsrSphereEntity   *entity,
               const char        *description,
               guint             *out_index,
               GError           **error)
{
  TsrSphereEditCommand *command;

  if (!check_elements_editable (self, error))
    {
      tsr_sphere_entity_free (entity);
      return FALSE;
    }
  if (self->map->entities->len >= G_MAXUINT16)
    {
      tsr_sphere_entity_free (entity);
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: at most 65535 entities fit");
      return FALSE;
    }
  command = edit_command_new (self, EDIT_ENTITY, OP_INSERT, description, NULL);
  command->index = self->map->entities->len;
  command->new_item = entity;
  if (out_index != NULL)
    *out_index = command->index;
  return execute (self, command);
}

gboolean
tsr_sphere_document_add_person (TsrSphereDocument *self,
                                guint16            x,
                                guint16            y,
                                guint16            layer,
                                const char        *name,
                                const char        *spriteset,
                                guint             *out_index,
                                GError           **error)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_layer (self, layer, error) || !check_string (name, "the person name", error)
      || !check_string (spriteset, "the spriteset name", error))
    return FALSE;
  return insert_entity (self, tsr_sphere_entity_new_person (x, y, layer, name ? name : "", spriteset ? spriteset : ""),
                        _("Add Person"), out_index, error);
}

gboolean
tsr_sphere_document_add_trigger (TsrSphereDocument *self,
                                 guint16            x,
                                 guint16            y,
                                 guint16            layer,
                                 const char        *function,
                                 guint             *out_index,
                                 GError           **error)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_layer (self, layer, error) || !check_string (function, "the trigger function", error))
    return FALSE;
  return insert_entity (self, tsr_sphere_entity_new_trigger (x, y, layer, function ? function : ""),
                        _("Add Trigger"), out_index, error);
}

gboolean
tsr_sphere_document_remove_entity (TsrSphereDocument *self,
                                   guint              index,
                                   GError           **error)
{
  TsrSphereEditCommand *command;
  const TsrSphereEntity *entity;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_elements_editable (self, error) || !check_entity (self, index, error))
    return FALSE;
  entity = g_ptr_array_index (self->map->entities, index);
  command = edit_command_new (self, EDIT_ENTITY, OP_REMOVE,
                              entity->type == TSR_SPHERE_ENTITY_PERSON ? _("Delete Person") : _("Delete Trigger"),
                              NULL);
  command->index = index;
  command->old_item = tsr_sphere_entity_copy (entity);
  return execute (self, command);
}

gboolean
tsr_sphere_document_move_entity (TsrSphereDocument *self,
                                 guint              index,
                                 guint16            x,
                                 guint16            y,
                                 GError           **error)
{
  TsrSphereEntity *entity;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_entity (self, index, error))
    return FALSE;
  entity = copy_entity (self, index);
  entity->x = x;
  entity->y = y;
  return replace_entity (self, index, entity,
                         entity->type == TSR_SPHERE_ENTITY_PERSON ? _("Move Person") : _("Move Trigger"),
                         "entity-move");
}

gboolean
tsr_sphere_document_set_entity_layer (TsrSphereDocument *self,
                                      guint              index,
                                      guint16            layer,
                                      GError           **error)
{
  TsrSphereEntity *entity;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_entity (self, index, error) || !check_layer (self, layer, error))
    return FALSE;
  entity = copy_entity (self, index);
  entity->layer = layer;
  return replace_entity (self, index, entity, _("Change Entity Layer"), NULL);
}

/* Sets the string at SLOT of a copy of entity INDEX (found by OFFSET into the struct). */
static gboolean
set_entity_string (TsrSphereDocument  *self,
                   guint               index,
                   TsrSphereEntityType type,
                   gsize               offset,
                   const char         *text,
                   const char         *what,
                   const char         *description,
                   const char         *merge_key,
                   GError            **error)
{
  TsrSphereEntity *entity;

  if (!check_entity_type (self, index, type, error) || !check_string (text, what, error))
    return FALSE;
  entity = copy_entity (self, index);
  tsr_sphere_string_set (G_STRUCT_MEMBER_P (entity, offset), text != NULL ? text : "");
  return replace_entity (self, index, entity, description, merge_key);
}

gboolean
tsr_sphere_document_set_person_name (TsrSphereDocument *self,
                                     guint              index,
                                     const char        *name,
                                     GError           **error)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  return set_entity_string (self, index, TSR_SPHERE_ENTITY_PERSON, G_STRUCT_OFFSET (TsrSphereEntity, name),
                            name, "the person name", _("Rename Person"), "person-name", error);
}

gboolean
tsr_sphere_document_set_person_spriteset (TsrSphereDocument *self,
                                          guint              index,
                                          const char        *spriteset,
                                          GError           **error)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  return set_entity_string (self, index, TSR_SPHERE_ENTITY_PERSON, G_STRUCT_OFFSET (TsrSphereEntity, spriteset),
                            spriteset, "the spriteset name", _("Change Spriteset"), "person-spriteset", error);
}

gboolean
tsr_sphere_document_set_trigger_function (TsrSphereDocument *self,
                                          guint              index,
                                          const char        *function,
                                          GError           **error)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  return set_entity_string (self, index, TSR_SPHERE_ENTITY_TRIGGER, G_STRUCT_OFFSET (TsrSphereEntity, function),
                            function, "the trigger function", _("Edit Trigger Function"), "trigger-function", error);
}

gboolean
tsr_sphere_document_set_person_script (TsrSphereDocument    *self,
                                       guint                 index,
                                       TsrSpherePersonScript which,
                                       const char           *script,
                                       GError              **error)
{
  TsrSphereEntity *entity;
  g_autofree char *merge_key = NULL;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_entity_type (self, index, TSR_SPHERE_ENTITY_PERSON, error) || !check_string (script, "the script", error))
    return FALSE;
  if ((guint) which >= TSR_SPHERE_N_SCRIPTS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: person script %u does not exist", which);
      return FALSE;
    }
  entity = copy_entity (self, index);
  while (entity->scripts->len <= (guint) which)
    g_ptr_array_add (entity->scripts, g_bytes_new (NULL, 0));
  tsr_sphere_string_set ((GBytes **) &g_ptr_array_index (entity->scripts, which), script != NULL ? script : "");
  merge_key = g_strdup_printf ("person-script-%u", which);
  return replace_entity (self, index, entity, _("Edit Person Script"), merge_key);
}

/* Edits: zones */

gboolean
tsr_sphere_document_add_zone (TsrSphereDocument *self,
                              guint16            x1,
                              guint16            y1,
                              guint16            x2,
                              guint16            y2,
                              guint16            layer,
                              const char        *function,
                              guint             *out_index,
                              GError           **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_elements_editable (self, error) || !check_layer (self, layer, error)
      || !check_string (function, "the zone function", error))
    return FALSE;
  if (self->map->zones->len >= G_MAXUINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: at most 65535 zones fit");
      return FALSE;
    }
  command = edit_command_new (self, EDIT_ZONE, OP_INSERT, _("Add Zone"), NULL);
  command->index = self->map->zones->len;
  command->new_item = tsr_sphere_zone_new (x1, y1, x2, y2, layer, function != NULL ? function : "");
  if (out_index != NULL)
    *out_index = command->index;
  return execute (self, command);
}

gboolean
tsr_sphere_document_remove_zone (TsrSphereDocument *self,
                                 guint              index,
                                 GError           **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_elements_editable (self, error) || !check_zone (self, index, error))
    return FALSE;
  command = edit_command_new (self, EDIT_ZONE, OP_REMOVE, _("Delete Zone"), NULL);
  command->index = index;
  command->old_item = copy_zone (self, index);
  return execute (self, command);
}

gboolean
tsr_sphere_document_move_zone (TsrSphereDocument *self,
                               guint              index,
                               guint16            x,
                               guint16            y,
                               GError           **error)
{
  TsrSphereZone *zone;
  guint width, height;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_zone (self, index, error))
    return FALSE;
  zone = copy_zone (self, index);
  width = (guint) ABS ((int) zone->x2 - (int) zone->x1);
  height = (guint) ABS ((int) zone->y2 - (int) zone->y1);
  if ((guint) x + width > G_MAXUINT16 || (guint) y + height > G_MAXUINT16)
    {
      tsr_sphere_zone_free (zone);
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: zone %u would leave 0..65535", index);
      return FALSE;
    }
  /* The corners keep their order, so a zone stored unnormalised stays as it was stored. */
  if (zone->x1 <= zone->x2)
    zone->x1 = x, zone->x2 = (guint16) (x + width);
  else
    zone->x2 = x, zone->x1 = (guint16) (x + width);
  if (zone->y1 <= zone->y2)
    zone->y1 = y, zone->y2 = (guint16) (y + height);
  else
    zone->y2 = y, zone->y1 = (guint16) (y + height);
  return replace_zone (self, index, zone, _("Move Zone"), "zone-move");
}

gboolean
tsr_sphere_document_set_zone_rect (TsrSphereDocument *self,
                                   guint              index,
                                   guint16            x1,
                                   guint16            y1,
                                   guint16            x2,
                                   guint16            y2,
                                   GError           **error)
{
  TsrSphereZone *zone;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_zone (self, index, error))
    return FALSE;
  zone = copy_zone (self, index);
  zone->x1 = MIN (x1, x2);
  zone->x2 = MAX (x1, x2);
  zone->y1 = MIN (y1, y2);
  zone->y2 = MAX (y1, y2);
  return replace_zone (self, index, zone, _("Resize Zone"), "zone-rect");
}

gboolean
tsr_sphere_document_set_zone_layer (TsrSphereDocument *self,
                                    guint              index,
                                    guint16            layer,
                                    GError           **error)
{
  TsrSphereZone *zone;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_zone (self, index, error) || !check_layer (self, layer, error))
    return FALSE;
  zone = copy_zone (self, index);
  zone->layer = layer;
  return replace_zone (self, index, zone, _("Change Zone Layer"), NULL);
}

gboolean
tsr_sphere_document_set_zone_steps (TsrSphereDocument *self,
                                    guint              index,
                                    guint16            steps,
                                    GError           **error)
{
  TsrSphereZone *zone;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_zone (self, index, error))
    return FALSE;
  zone = copy_zone (self, index);
  zone->reactivate_steps = steps;
  return replace_zone (self, index, zone, _("Change Zone Steps"), "zone-steps");
}

gboolean
tsr_sphere_document_set_zone_function (TsrSphereDocument *self,
                                       guint              index,
                                       const char        *function,
                                       GError           **error)
{
  TsrSphereZone *zone;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_zone (self, index, error) || !check_string (function, "the zone function", error))
    return FALSE;
  zone = copy_zone (self, index);
  tsr_sphere_string_set (&zone->function, function != NULL ? function : "");
  return replace_zone (self, index, zone, _("Edit Zone Function"), "zone-function");
}

/* Edits: obstruction segments */

static gboolean
check_segment (TsrSphereDocument *self,
               guint              layer,
               guint              index,
               GError           **error)
{
  if (!check_layer (self, layer, error))
    return FALSE;
  if (index >= ((TsrSphereLayer *) g_ptr_array_index (self->map->layers, layer))->segments->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: layer %u has no segment %u", layer, index);
      return FALSE;
    }
  return TRUE;
}

gboolean
tsr_sphere_document_add_segment (TsrSphereDocument      *self,
                                 guint                   layer,
                                 const TsrSphereSegment *segment,
                                 guint                  *out_index,
                                 GError                **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (segment != NULL, FALSE);
  if (!check_layer (self, layer, error))
    return FALSE;
  command = edit_command_new (self, EDIT_SEGMENT, OP_INSERT, _("Add Obstruction"), NULL);
  command->layer = layer;
  command->index = ((TsrSphereLayer *) g_ptr_array_index (self->map->layers, layer))->segments->len;
  command->new_segment = *segment;
  if (out_index != NULL)
    *out_index = command->index;
  return execute (self, command);
}

gboolean
tsr_sphere_document_remove_segment (TsrSphereDocument *self,
                                    guint              layer,
                                    guint              index,
                                    GError           **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_segment (self, layer, index, error))
    return FALSE;
  command = edit_command_new (self, EDIT_SEGMENT, OP_REMOVE, _("Delete Obstruction"), NULL);
  command->layer = layer;
  command->index = index;
  command->old_segment = g_array_index (((TsrSphereLayer *) g_ptr_array_index (self->map->layers, layer))->segments,
                                        TsrSphereSegment, index);
  return execute (self, command);
}

gboolean
tsr_sphere_document_set_segment (TsrSphereDocument      *self,
                                 guint                   layer,
                                 guint                   index,
                                 const TsrSphereSegment *segment,
                                 GError                **error)
{
  TsrSphereEditCommand *command;
  TsrSphereSegment current;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (segment != NULL, FALSE);
  if (!check_segment (self, layer, index, error))
    return FALSE;
  current = g_array_index (((TsrSphereLayer *) g_ptr_array_index (self->map->layers, layer))->segments,
                           TsrSphereSegment, index);
  if (memcmp (&current, segment, sizeof current) == 0)
    return TRUE;
  command = edit_command_new (self, EDIT_SEGMENT, OP_REPLACE, _("Move Obstruction"), "segment-move");
  command->layer = layer;
  command->index = index;
  command->old_segment = current;
  command->new_segment = *segment;
  return execute (self, command);
}

gboolean
tsr_sphere_document_move_segment (TsrSphereDocument *self,
                                  guint              layer,
                                  guint              index,
                                  gint               dx,
                                  gint               dy,
                                  GError           **error)
{
  TsrSphereSegment segment;
  gint64 x1, y1, x2, y2;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_segment (self, layer, index, error))
    return FALSE;
  segment = g_array_index (((TsrSphereLayer *) g_ptr_array_index (self->map->layers, layer))->segments,
                           TsrSphereSegment, index);
  x1 = (gint64) segment.x1 + dx;
  y1 = (gint64) segment.y1 + dy;
  x2 = (gint64) segment.x2 + dx;
  y2 = (gint64) segment.y2 + dy;
  if (MIN (MIN (x1, x2), MIN (y1, y2)) < 0 || MAX (MAX (x1, x2), MAX (y1, y2)) > G_MAXUINT32)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: layer %u segment %u would leave the coordinate range",
                   layer, index);
      return FALSE;
    }
  segment = (TsrSphereSegment) { (guint32) x1, (guint32) y1, (guint32) x2, (guint32) y2 };
  return tsr_sphere_document_set_segment (self, layer, index, &segment, error);
}

/* Edits: map properties */

static gboolean
set_map_header (TsrSphereDocument *self,
                const MapHeader   *header,
                const char        *description,
                const char        *merge_key)
{
  TsrSphereEditCommand *command = edit_command_new (self, EDIT_MAP, OP_REPLACE, description, merge_key);

  map_header_take (&command->old_map, self->map);
  map_header_copy (&command->new_map, header);
  if (map_header_equal (&command->old_map, &command->new_map))
    {
      g_object_unref (command);
      return TRUE;
    }
  return execute (self, command);
}

gboolean
tsr_sphere_document_set_map_string (TsrSphereDocument *self,
                                    TsrSphereMapString which,
                                    const char        *text,
                                    GError           **error)
{
  MapHeader header = { 0 };
  g_autofree char *merge_key = NULL;
  g_autofree char *current = NULL;
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_map (self, error) || !check_string (text, "the map string", error))
    return FALSE;
  if (which <= TSR_SPHERE_STRING_TILESET || which > TSR_SPHERE_STRING_WEST)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map: string %d cannot be edited", (int) which);
      return FALSE;
    }
  current = tsr_sphere_map_get_string (self->map, which);
  if ((guint) which < self->map->strings->len && g_strcmp0 (current, text != NULL ? text : "") == 0)
    return TRUE;
  /* The codec's setter grows the string list as Sphere expects; do it on a scratch copy. */
  {
    TsrSphereMap scratch = *self->map;

    scratch.strings = strings_copy (self->map->strings);
    tsr_sphere_map_set_string (&scratch, which, text != NULL ? text : "");
    map_header_take (&header, &scratch);
    g_ptr_array_unref (scratch.strings);
  }
  merge_key = g_strdup_printf ("map-string-%d", (int) which);
  done = set_map_header (self, &header, which == TSR_SPHERE_STRING_MUSIC ? _("Change Music") : _("Edit Map Script"),
                         merge_key);
  map_header_clear (&header);
  return done;
}

gboolean
tsr_sphere_document_set_start (TsrSphereDocument *self,
                               guint16            x,
                               guint16            y,
                               guint8             layer,
                               guint8             direction,
                               GError           **error)
{
  MapHeader header = { 0 };
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_layer (self, layer, error))
    return FALSE;
  map_header_take (&header, self->map);
  header.start_x = x;
  header.start_y = y;
  header.start_layer = layer;
  header.start_direction = direction;
  done = set_map_header (self, &header, _("Move Start"), "map-start");
  map_header_clear (&header);
  return done;
}

gboolean
tsr_sphere_document_set_repeating (TsrSphereDocument *self,
                                   gboolean           repeating,
                                   GError           **error)
{
  MapHeader header = { 0 };
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_map (self, error))
    return FALSE;
  map_header_take (&header, self->map);
  /* Any non-zero byte means repeating; keep the stored one while the meaning is unchanged. */
  if ((header.repeating != 0) != (repeating != FALSE))
    header.repeating = repeating ? 1 : 0;
  done = set_map_header (self, &header, repeating ? _("Repeat Map") : _("Stop Repeating Map"), NULL);
  map_header_clear (&header);
  return done;
}
