/* tsr-sphere-edit-command.c: the Sphere document's edit command: one class with one kind per edited
 * thing (entities, zones, segments, layers, layer and map properties), each storing what it needs
 * to undo itself, and the checks the edit functions share. */
#include "model/sphere/tsr-sphere-document-private.h"

#include <string.h>

#include "core/tsr-error.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "model/tsr-tile-commands.h"
#include <glib/gi18n.h>

G_DEFINE_FINAL_TYPE (TsrSphereEditCommand, tsr_sphere_edit_command, TSR_TYPE_COMMAND)

void
tsr_sphere_layer_refs_clear (LayerRefs *refs)
{
  g_clear_pointer (&refs->entity_layers, g_array_unref);
  g_clear_pointer (&refs->zone_layers, g_array_unref);
}

void
tsr_sphere_layer_refs_take (LayerRefs          *refs,
                            const TsrSphereMap *map)
{
  tsr_sphere_layer_refs_clear (refs);
  refs->entity_layers = g_array_sized_new (FALSE, FALSE, sizeof (guint16), map->entities->len);
  refs->zone_layers = g_array_sized_new (FALSE, FALSE, sizeof (guint16), map->zones->len);
  for (guint i = 0; i < map->entities->len; i++)
    g_array_append_val (refs->entity_layers, ((TsrSphereEntity *) g_ptr_array_index (map->entities, i))->layer);
  for (guint i = 0; i < map->zones->len; i++)
    g_array_append_val (refs->zone_layers, ((TsrSphereZone *) g_ptr_array_index (map->zones, i))->layer);
  refs->start_layer = map->start_layer;
}

void
tsr_sphere_layer_refs_restore (const LayerRefs *refs,
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

void
tsr_sphere_layer_header_clear (LayerHeader *header)
{
  g_clear_pointer (&header->name, g_bytes_unref);
}

void
tsr_sphere_layer_header_take (LayerHeader          *header,
                              const TsrSphereLayer *layer)
{
  tsr_sphere_layer_header_clear (header);
  header->properties = (TsrSphereLayerProperties) {
    layer->flags, layer->parallax_x, layer->parallax_y, layer->scrolling_x, layer->scrolling_y,
    layer->reflective,
  };
  header->name = g_bytes_ref (layer->name);
}

void
tsr_sphere_layer_header_copy (LayerHeader       *to,
                              const LayerHeader *from)
{
  tsr_sphere_layer_header_clear (to);
  to->properties = from->properties;
  to->name = g_bytes_ref (from->name);
}

void
tsr_sphere_map_header_clear (MapHeader *header)
{
  g_clear_pointer (&header->strings, g_ptr_array_unref);
}

GPtrArray *
tsr_sphere_strings_copy (GPtrArray *strings)
{
  GPtrArray *copy = g_ptr_array_new_full (strings->len, (GDestroyNotify) g_bytes_unref);

  for (guint i = 0; i < strings->len; i++)
    g_ptr_array_add (copy, g_bytes_ref (g_ptr_array_index (strings, i)));
  return copy;
}

void
tsr_sphere_map_header_take (MapHeader          *header,
                            const TsrSphereMap *map)
{
  tsr_sphere_map_header_clear (header);
  header->start_x = map->start_x;
  header->start_y = map->start_y;
  header->start_layer = map->start_layer;
  header->start_direction = map->start_direction;
  header->repeating = map->repeating;
  header->strings = tsr_sphere_strings_copy (map->strings);
}

void
tsr_sphere_map_header_copy (MapHeader       *to,
                            const MapHeader *from)
{
  GPtrArray *strings = tsr_sphere_strings_copy (from->strings);

  tsr_sphere_map_header_clear (to);
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

gboolean
tsr_sphere_map_header_equal (const MapHeader *a,
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

gboolean
tsr_sphere_layer_header_equal (const LayerHeader *a,
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

gboolean
tsr_sphere_entity_equal (const TsrSphereEntity *a,
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

gboolean
tsr_sphere_zone_equal (const TsrSphereZone *a,
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
  g_signal_emit (document, tsr_sphere_document_signals[LAYER_CHANGED], 0, self->index);
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
  map->strings = tsr_sphere_strings_copy (header->strings);
  g_signal_emit (self->document, tsr_sphere_document_signals[MAP_CHANGED], 0);
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
      g_signal_emit (document, tsr_sphere_document_signals[entity ? ENTITY_ADDED : ZONE_ADDED], 0, self->index);
      break;
    case OP_REMOVE:
      g_ptr_array_remove_index (array, self->index);
      g_signal_emit (document, tsr_sphere_document_signals[entity ? ENTITY_REMOVED : ZONE_REMOVED], 0, self->index);
      break;
    case OP_REPLACE:
      if (entity)
        tsr_sphere_entity_free (g_ptr_array_index (array, self->index));
      else
        tsr_sphere_zone_free (g_ptr_array_index (array, self->index));
      g_ptr_array_index (array, self->index) = entity ? (gpointer) tsr_sphere_entity_copy (item)
                                                      : (gpointer) tsr_sphere_zone_copy (item);
      g_signal_emit (document, tsr_sphere_document_signals[entity ? ENTITY_CHANGED : ZONE_CHANGED], 0, self->index);
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
      g_signal_emit (document, tsr_sphere_document_signals[SEGMENT_ADDED], 0, self->layer, self->index);
      break;
    case OP_REMOVE:
      g_array_remove_index (layer->segments, self->index);
      g_signal_emit (document, tsr_sphere_document_signals[SEGMENT_REMOVED], 0, self->layer, self->index);
      break;
    case OP_REPLACE:
      g_array_index (layer->segments, TsrSphereSegment, self->index) = segment;
      g_signal_emit (document, tsr_sphere_document_signals[SEGMENT_CHANGED], 0, self->layer, self->index);
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
        tsr_sphere_layer_refs_take (&self->refs, map);
      tsr_sphere_map_insert_layer (map, (int) self->index, g_steal_pointer (&self->held_layer));
      if (undoing)
        tsr_sphere_layer_refs_restore (&self->refs, map);
      g_signal_emit (document, tsr_sphere_document_signals[LAYER_ADDED], 0, self->index);
    }
  else
    {
      if (!undoing)
        tsr_sphere_layer_refs_take (&self->refs, map);
      self->held_layer = steal_layer (map, self->index);
      if (undoing)
        tsr_sphere_layer_refs_restore (&self->refs, map);
      g_signal_emit (document, tsr_sphere_document_signals[LAYER_REMOVED], 0, self->index);
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
    tsr_sphere_layer_refs_take (&self->refs, document->map);
  tsr_sphere_map_move_layer (document->map, from, to, NULL);
  if (!forward)
    tsr_sphere_layer_refs_restore (&self->refs, document->map);
  g_signal_emit (document, tsr_sphere_document_signals[LAYER_MOVED], 0, from, to);
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
  g_signal_emit (document, tsr_sphere_document_signals[LAYER_CHANGED], 0, self->index);
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
      tsr_sphere_layer_header_copy (&self->new_header, &next->new_header);
      break;
    case EDIT_MAP:
      tsr_sphere_map_header_copy (&self->new_map, &next->new_map);
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
  tsr_sphere_layer_refs_clear (&self->refs);
  tsr_sphere_layer_header_clear (&self->old_header);
  tsr_sphere_layer_header_clear (&self->new_header);
  tsr_sphere_map_header_clear (&self->old_map);
  tsr_sphere_map_header_clear (&self->new_map);
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

TsrSphereEditCommand *
tsr_sphere_edit_command_new (TsrSphereDocument *document,
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
gboolean
tsr_sphere_document_execute_edit (TsrSphereDocument    *self,
                                  TsrSphereEditCommand *command)
{
  tsr_document_execute (TSR_DOCUMENT (self), TSR_COMMAND (command));
  g_object_unref (command);
  return TRUE;
}

/* Checks */

gboolean
tsr_sphere_document_check_map (TsrSphereDocument *self,
                               GError           **error)
{
  if (self->map == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("%s: only maps can be edited"),
                   tsr_document_get_display_name (TSR_DOCUMENT (self)));
      return FALSE;
    }
  return TRUE;
}

gboolean
tsr_sphere_document_check_layer (TsrSphereDocument *self,
                                 guint              layer,
                                 GError           **error)
{
  if (!tsr_sphere_document_check_map (self, error))
    return FALSE;
  if (layer >= self->map->layers->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: layer %u does not exist (%u layers)"),
                   layer, self->map->layers->len);
      return FALSE;
    }
  return TRUE;
}

/* Entities and zones cannot be added or removed when an entity of unknown type hides the rest. */
gboolean
tsr_sphere_document_check_elements_editable (TsrSphereDocument *self,
                                             GError           **error)
{
  if (!tsr_sphere_document_check_map (self, error))
    return FALSE;
  if (self->map->tail_entity_count > 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("map: entities and zones cannot be added or removed: entity %u has an unknown type"),
                   self->map->entities->len);
      return FALSE;
    }
  return TRUE;
}

gboolean
tsr_sphere_document_check_entity (TsrSphereDocument *self,
                                  guint              index,
                                  GError           **error)
{
  if (!tsr_sphere_document_check_map (self, error))
    return FALSE;
  if (index >= self->map->entities->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: entity %u does not exist"), index);
      return FALSE;
    }
  return TRUE;
}

gboolean
tsr_sphere_document_check_entity_type (TsrSphereDocument  *self,
                                       guint               index,
                                       TsrSphereEntityType type,
                                       GError            **error)
{
  if (!tsr_sphere_document_check_entity (self, index, error))
    return FALSE;
  if (((TsrSphereEntity *) g_ptr_array_index (self->map->entities, index))->type != type)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("map: entity %u is not a %s"), index,
                   type == TSR_SPHERE_ENTITY_PERSON ? "person" : "trigger");
      return FALSE;
    }
  return TRUE;
}

gboolean
tsr_sphere_document_check_zone (TsrSphereDocument *self,
                                guint              index,
                                GError           **error)
{
  if (!tsr_sphere_document_check_map (self, error))
    return FALSE;
  if (index >= self->map->zones->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: zone %u does not exist"), index);
      return FALSE;
    }
  return TRUE;
}

gboolean
tsr_sphere_document_check_string (const char *text,
                                  const char *what,
                                  GError    **error)
{
  if (text != NULL && strlen (text) > TSR_SPHERE_STRING_MAX)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: %s is longer than %u bytes"),
                   what, TSR_SPHERE_STRING_MAX);
      return FALSE;
    }
  return TRUE;
}

/* Element replacement: NEW_ITEM (taken) replaces element INDEX unless they are equal. */

gboolean
tsr_sphere_document_replace_entity (TsrSphereDocument *self,
                                    guint              index,
                                    TsrSphereEntity   *entity,
                                    const char        *description,
                                    const char        *merge_key)
{
  const TsrSphereEntity *current = g_ptr_array_index (self->map->entities, index);
  TsrSphereEditCommand *command;

  if (tsr_sphere_entity_equal (current, entity))
    {
      tsr_sphere_entity_free (entity);
      return TRUE;
    }
  command = tsr_sphere_edit_command_new (self, EDIT_ENTITY, OP_REPLACE, description, merge_key);
  command->index = index;
  command->old_item = tsr_sphere_entity_copy (current);
  command->new_item = entity;
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_replace_zone (TsrSphereDocument *self,
                                  guint              index,
                                  TsrSphereZone     *zone,
                                  const char        *description,
                                  const char        *merge_key)
{
  const TsrSphereZone *current = g_ptr_array_index (self->map->zones, index);
  TsrSphereEditCommand *command;

  if (tsr_sphere_zone_equal (current, zone))
    {
      tsr_sphere_zone_free (zone);
      return TRUE;
    }
  command = tsr_sphere_edit_command_new (self, EDIT_ZONE, OP_REPLACE, description, merge_key);
  command->index = index;
  command->old_item = tsr_sphere_zone_copy (current);
  command->new_item = zone;
  return tsr_sphere_document_execute_edit (self, command);
}

TsrSphereEntity *
tsr_sphere_document_copy_entity (TsrSphereDocument *self,
                                 guint              index)
{
  return tsr_sphere_entity_copy (g_ptr_array_index (self->map->entities, index));
}

TsrSphereZone *
tsr_sphere_document_copy_zone (TsrSphereDocument *self,
                               guint              index)
{
  return tsr_sphere_zone_copy (g_ptr_array_index (self->map->zones, index));
}
