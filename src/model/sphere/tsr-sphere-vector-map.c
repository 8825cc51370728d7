/* tsr-sphere-vector-map.c: entities, zones and one layer's segments of a Sphere map as a
 * TsrVectorMap. The raw stores write the codec's struct and emit the document's signals; the
 * document's signals become elements-changed (unless this map is the one storing). */
#include "model/sphere/tsr-sphere-vector-map.h"

#include <math.h>

#include "model/sphere/tsr-sphere-document-private.h"

struct _TsrSphereVectorMap {
  GObject            parent_instance;
  TsrSphereDocument *document; /* weak: the document owns this map */
  guint              layer;
  gboolean           storing;  /* a raw store is emitting the document's signals */
};

static void tsr_sphere_vector_map_iface_init (TsrVectorMapInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrSphereVectorMap, tsr_sphere_vector_map, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_VECTOR_MAP, tsr_sphere_vector_map_iface_init))

/* What remove_elements hands back: the removed items with their indices, ascending per kind. */
typedef struct {
  GArray    *entity_indices;  /* guint */
  GPtrArray *entities;        /* TsrSphereEntity, owned */
  GArray    *zone_indices;    /* guint */
  GPtrArray *zones;           /* TsrSphereZone, owned */
  GArray    *segment_indices; /* guint */
  GArray    *segments;        /* TsrSphereSegment */
} Removed;

static TsrSphereMap *
sphere_map (TsrSphereVectorMap *self)
{
  return self->document != NULL ? self->document->map : NULL;
}

static GArray *
layer_segments (TsrSphereVectorMap *self)
{
  TsrSphereMap *map = sphere_map (self);

  if (map == NULL || self->layer >= map->layers->len)
    return NULL;
  return ((TsrSphereLayer *) g_ptr_array_index (map->layers, self->layer))->segments;
}

static void
emit (TsrSphereVectorMap *self,
      guint               signal,
      guint               index)
{
  self->storing = TRUE;
  if (signal == SEGMENT_ADDED || signal == SEGMENT_REMOVED || signal == SEGMENT_CHANGED)
    g_signal_emit (self->document, tsr_sphere_document_signals[signal], 0, self->layer, index);
  else
    g_signal_emit (self->document, tsr_sphere_document_signals[signal], 0, index);
  self->storing = FALSE;
}

static guint16
to_u16 (double value)
{
  return (guint16) CLAMP (round (value), 0, G_MAXUINT16);
}

static guint32
to_u32 (double value)
{
  return (guint32) CLAMP (round (value), 0, (double) G_MAXUINT32);
}

/* The interface */

static const char *
sphere_get_family (TsrVectorMap *map)
{
  return "sphere";
}

static guint
sphere_get_n_elements (TsrVectorMap  *map,
                       TsrElementKind kind)
{
  TsrSphereVectorMap *self = TSR_SPHERE_VECTOR_MAP (map);
  TsrSphereMap *sphere = sphere_map (self);
  GArray *segments;

  if (sphere == NULL)
    return 0;
  switch (kind)
    {
    case TSR_ELEMENT_MARKER:
      return sphere->entities->len;
    case TSR_ELEMENT_RECTANGLE:
      return sphere->zones->len;
    case TSR_ELEMENT_SEGMENT:
      segments = layer_segments (self);
      return segments != NULL ? segments->len : 0;
    case TSR_ELEMENT_POINT:
    case TSR_ELEMENT_POLYGON:
    case TSR_N_ELEMENT_KINDS:
    default:
      return 0;
    }
}

static guint
sphere_get_n_vertices (TsrVectorMap        *map,
                       const TsrElementRef *element)
{
  return element->kind == TSR_ELEMENT_MARKER ? 1 : 2;
}

static void
sphere_get_vertex (TsrVectorMap        *map,
                   const TsrElementRef *element,
                   guint                vertex,
                   TsrVectorPoint      *position)
{
  TsrSphereVectorMap *self = TSR_SPHERE_VECTOR_MAP (map);
  TsrSphereMap *sphere = sphere_map (self);

  *position = (TsrVectorPoint) { 0, 0 };
  g_return_if_fail (sphere != NULL && element->index < sphere_get_n_elements (map, element->kind));
  switch (element->kind)
    {
    case TSR_ELEMENT_MARKER:
      {
        const TsrSphereEntity *entity = g_ptr_array_index (sphere->entities, element->index);

        *position = (TsrVectorPoint) { entity->x, entity->y };
        break;
      }
    case TSR_ELEMENT_RECTANGLE:
      {
        const TsrSphereZone *zone = g_ptr_array_index (sphere->zones, element->index);

        *position = vertex == 0 ? (TsrVectorPoint) { zone->x1, zone->y1 } : (TsrVectorPoint) { zone->x2, zone->y2 };
        break;
      }
    case TSR_ELEMENT_SEGMENT:
      {
        GArray *segments = layer_segments (self);
        const TsrSphereSegment *segment;

        if (segments == NULL)
          break;
        segment = &g_array_index (segments, TsrSphereSegment, element->index);
        *position = vertex == 0 ? (TsrVectorPoint) { segment->x1, segment->y1 }
                                : (TsrVectorPoint) { segment->x2, segment->y2 };
        break;
      }
    case TSR_ELEMENT_POINT:
    case TSR_ELEMENT_POLYGON:
    case TSR_N_ELEMENT_KINDS:
    default:
      break;
    }
}

static guint
sphere_get_vertex_point (TsrVectorMap        *map,
                         const TsrElementRef *element,
                         guint                vertex)
{
  return G_MAXUINT;
}

static void
sphere_set_vertex (TsrVectorMap         *map,
                   const TsrElementRef  *element,
                   guint                 vertex,
                   const TsrVectorPoint *position)
{
  TsrSphereVectorMap *self = TSR_SPHERE_VECTOR_MAP (map);
  TsrSphereMap *sphere = sphere_map (self);

  g_return_if_fail (sphere != NULL && element->index < sphere_get_n_elements (map, element->kind));
  /* The document's *-changed signals follow from the command's elements-changed. */
  switch (element->kind)
    {
    case TSR_ELEMENT_MARKER:
      {
        TsrSphereEntity *entity = g_ptr_array_index (sphere->entities, element->index);

        entity->x = to_u16 (position->x);
        entity->y = to_u16 (position->y);
        break;
      }
    case TSR_ELEMENT_RECTANGLE:
      {
        TsrSphereZone *zone = g_ptr_array_index (sphere->zones, element->index);

        if (vertex == 0)
          zone->x1 = to_u16 (position->x), zone->y1 = to_u16 (position->y);
        else
          zone->x2 = to_u16 (position->x), zone->y2 = to_u16 (position->y);
        break;
      }
    case TSR_ELEMENT_SEGMENT:
      {
        GArray *segments = layer_segments (self);
        TsrSphereSegment *segment;

        if (segments == NULL)
          break;
        segment = &g_array_index (segments, TsrSphereSegment, element->index);
        if (vertex == 0)
          segment->x1 = to_u32 (position->x), segment->y1 = to_u32 (position->y);
        else
          segment->x2 = to_u32 (position->x), segment->y2 = to_u32 (position->y);
        break;
      }
    case TSR_ELEMENT_POINT:
    case TSR_ELEMENT_POLYGON:
    case TSR_N_ELEMENT_KINDS:
    default:
      break;
    }
}

static void
removed_free (gpointer data)
{
  Removed *removed = data;

  if (removed == NULL)
    return;
  g_array_unref (removed->entity_indices);
  g_ptr_array_unref (removed->entities);
  g_array_unref (removed->zone_indices);
  g_ptr_array_unref (removed->zones);
  g_array_unref (removed->segment_indices);
  g_array_unref (removed->segments);
  g_free (removed);
}

static gpointer
sphere_remove_elements (TsrVectorMap        *map,
                        const TsrElementRef *elements,
                        guint                n_elements)
{
  TsrSphereVectorMap *self = TSR_SPHERE_VECTOR_MAP (map);
  TsrSphereMap *sphere = sphere_map (self);
  Removed *removed = g_new0 (Removed, 1);
  /* An entity of unknown type hides the rest of the list: the counts in the file must stay. */
  gboolean lists_editable = sphere != NULL && sphere->tail_entity_count == 0;

  removed->entity_indices = g_array_new (FALSE, FALSE, sizeof (guint));
  removed->entities = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_sphere_entity_free);
  removed->zone_indices = g_array_new (FALSE, FALSE, sizeof (guint));
  removed->zones = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_sphere_zone_free);
  removed->segment_indices = g_array_new (FALSE, FALSE, sizeof (guint));
  removed->segments = g_array_new (FALSE, FALSE, sizeof (TsrSphereSegment));
  if (sphere == NULL)
    return removed;

  /* Highest index first, so every index still names its element; kept ascending for restore. */
  for (guint i = n_elements; i-- > 0;)
    {
      const TsrElementRef *ref = &elements[i];

      if (ref->index >= sphere_get_n_elements (map, ref->kind))
        continue;
      switch (ref->kind)
        {
        case TSR_ELEMENT_MARKER:
          if (!lists_editable)
            break;
          g_array_prepend_val (removed->entity_indices, ref->index);
          g_ptr_array_insert (removed->entities, 0, g_ptr_array_steal_index (sphere->entities, ref->index));
          emit (self, ENTITY_REMOVED, ref->index);
          break;
        case TSR_ELEMENT_RECTANGLE:
          if (!lists_editable)
            break;
          g_array_prepend_val (removed->zone_indices, ref->index);
          g_ptr_array_insert (removed->zones, 0, g_ptr_array_steal_index (sphere->zones, ref->index));
          emit (self, ZONE_REMOVED, ref->index);
          break;
        case TSR_ELEMENT_SEGMENT:
          {
            GArray *segments = layer_segments (self);

            if (segments == NULL)
              break;
            g_array_prepend_val (removed->segment_indices, ref->index);
            g_array_prepend_val (removed->segments, g_array_index (segments, TsrSphereSegment, ref->index));
            g_array_remove_index (segments, ref->index);
            emit (self, SEGMENT_REMOVED, ref->index);
            break;
          }
        case TSR_ELEMENT_POINT:
        case TSR_ELEMENT_POLYGON:
        case TSR_N_ELEMENT_KINDS:
        default:
          break;
        }
    }
  return removed;
}

static void
sphere_restore_removed (TsrVectorMap *map,
                        gpointer      data)
{
  TsrSphereVectorMap *self = TSR_SPHERE_VECTOR_MAP (map);
  TsrSphereMap *sphere = sphere_map (self);
  Removed *removed = data;
  GArray *segments = layer_segments (self);

  if (sphere == NULL)
    return;
  /* Lowest index first: each goes back where it was. */
  for (guint i = 0; i < removed->entity_indices->len; i++)
    {
      guint index = g_array_index (removed->entity_indices, guint, i);

      g_ptr_array_insert (sphere->entities, (gint) index, tsr_sphere_entity_copy (removed->entities->pdata[i]));
      emit (self, ENTITY_ADDED, index);
    }
  for (guint i = 0; i < removed->zone_indices->len; i++)
    {
      guint index = g_array_index (removed->zone_indices, guint, i);

      g_ptr_array_insert (sphere->zones, (gint) index, tsr_sphere_zone_copy (removed->zones->pdata[i]));
      emit (self, ZONE_ADDED, index);
    }
  for (guint i = 0; segments != NULL && i < removed->segment_indices->len; i++)
    {
      guint index = g_array_index (removed->segment_indices, guint, i);

      g_array_insert_val (segments, index, g_array_index (removed->segments, TsrSphereSegment, i));
      emit (self, SEGMENT_ADDED, index);
    }
}

static void
sphere_free_removed (TsrVectorMap *map,
                     gpointer      removed)
{
  removed_free (removed);
}

static guint
sphere_append_element (TsrVectorMap         *map,
                       TsrElementKind        kind,
                       guint                 n_vertices,
                       const TsrVectorPoint *positions,
                       const guint          *points)
{
  TsrSphereVectorMap *self = TSR_SPHERE_VECTOR_MAP (map);
  TsrSphereMap *sphere = sphere_map (self);
  guint index;

  if (sphere == NULL || self->layer >= sphere->layers->len || n_vertices != sphere_get_n_vertices (map, &(TsrElementRef) { kind, 0 }))
    return G_MAXUINT;
  switch (kind)
    {
    case TSR_ELEMENT_MARKER:
      if (sphere->tail_entity_count > 0 || sphere->entities->len >= G_MAXUINT16)
        return G_MAXUINT;
      /* A person until set_element_data says what was copied. */
      index = sphere->entities->len;
      g_ptr_array_add (sphere->entities, tsr_sphere_entity_new_person (to_u16 (positions[0].x), to_u16 (positions[0].y),
                                                                       (guint16) self->layer, "", ""));
      emit (self, ENTITY_ADDED, index);
      return index;
    case TSR_ELEMENT_RECTANGLE:
      if (sphere->tail_entity_count > 0 || sphere->zones->len >= G_MAXUINT16)
        return G_MAXUINT;
      index = sphere->zones->len;
      g_ptr_array_add (sphere->zones, tsr_sphere_zone_new (to_u16 (positions[0].x), to_u16 (positions[0].y),
                                                           to_u16 (positions[1].x), to_u16 (positions[1].y),
                                                           (guint16) self->layer, ""));
      emit (self, ZONE_ADDED, index);
      return index;
    case TSR_ELEMENT_SEGMENT:
      {
        GArray *segments = layer_segments (self);
        TsrSphereSegment segment = {
          to_u32 (positions[0].x), to_u32 (positions[0].y), to_u32 (positions[1].x), to_u32 (positions[1].y),
        };

        if (segments == NULL)
          return G_MAXUINT;
        index = segments->len;
        g_array_append_val (segments, segment);
        emit (self, SEGMENT_ADDED, index);
        return index;
      }
    case TSR_ELEMENT_POINT:
    case TSR_ELEMENT_POLYGON:
    case TSR_N_ELEMENT_KINDS:
    default:
      return G_MAXUINT;
    }
}

/* A copied entity or zone travels as its codec struct (position and layer are the paste's). */
static GBytes *
sphere_get_element_data (TsrVectorMap        *map,
                         const TsrElementRef *element)
{
  TsrSphereMap *sphere = sphere_map (TSR_SPHERE_VECTOR_MAP (map));
  gpointer copy;

  if (sphere == NULL || element->index >= sphere_get_n_elements (map, element->kind))
    return NULL;
  if (element->kind == TSR_ELEMENT_MARKER)
    {
      copy = tsr_sphere_entity_copy (g_ptr_array_index (sphere->entities, element->index));
      return g_bytes_new_with_free_func (copy, sizeof (TsrSphereEntity), (GDestroyNotify) tsr_sphere_entity_free, copy);
    }
  if (element->kind == TSR_ELEMENT_RECTANGLE)
    {
      copy = tsr_sphere_zone_copy (g_ptr_array_index (sphere->zones, element->index));
      return g_bytes_new_with_free_func (copy, sizeof (TsrSphereZone), (GDestroyNotify) tsr_sphere_zone_free, copy);
    }
  return NULL;
}

static void
sphere_set_element_data (TsrVectorMap        *map,
                         const TsrElementRef *element,
                         GBytes              *data)
{
  TsrSphereVectorMap *self = TSR_SPHERE_VECTOR_MAP (map);
  TsrSphereMap *sphere = sphere_map (self);
  gsize size = 0;
  gconstpointer stored = g_bytes_get_data (data, &size);

  if (sphere == NULL || element->index >= sphere_get_n_elements (map, element->kind))
    return;
  if (element->kind == TSR_ELEMENT_MARKER && size == sizeof (TsrSphereEntity))
    {
      TsrSphereEntity *now = g_ptr_array_index (sphere->entities, element->index);
      TsrSphereEntity *copy = tsr_sphere_entity_copy (stored);

      copy->x = now->x;
      copy->y = now->y;
      copy->layer = now->layer;
      tsr_sphere_entity_free (now);
      g_ptr_array_index (sphere->entities, element->index) = copy;
      emit (self, ENTITY_CHANGED, element->index);
    }
  else if (element->kind == TSR_ELEMENT_RECTANGLE && size == sizeof (TsrSphereZone))
    {
      TsrSphereZone *now = g_ptr_array_index (sphere->zones, element->index);
      TsrSphereZone *copy = tsr_sphere_zone_copy (stored);

      copy->x1 = now->x1, copy->y1 = now->y1, copy->x2 = now->x2, copy->y2 = now->y2;
      copy->layer = now->layer;
      tsr_sphere_zone_free (now);
      g_ptr_array_index (sphere->zones, element->index) = copy;
      emit (self, ZONE_CHANGED, element->index);
    }
}

static void
tsr_sphere_vector_map_iface_init (TsrVectorMapInterface *iface)
{
  iface->get_family = sphere_get_family;
  iface->get_n_elements = sphere_get_n_elements;
  iface->get_n_vertices = sphere_get_n_vertices;
  iface->get_vertex = sphere_get_vertex;
  iface->get_vertex_point = sphere_get_vertex_point;
  iface->set_vertex = sphere_set_vertex;
  iface->remove_elements = sphere_remove_elements;
  iface->restore_removed = sphere_restore_removed;
  iface->free_removed = sphere_free_removed;
  iface->append_element = sphere_append_element;
  iface->get_element_data = sphere_get_element_data;
  iface->set_element_data = sphere_set_element_data;
}

/* Signals both ways */

/* A command moved elements of this map: tell the document's followers. */
static void
on_own_elements_changed (TsrSphereVectorMap  *self,
                         const TsrElementRef *elements,
                         guint                n_elements,
                         guint                flags)
{
  if (self->storing || self->document == NULL || !(flags & TSR_ELEMENTS_GEOMETRY))
    return;
  for (guint i = 0; i < n_elements; i++)
    switch (elements[i].kind)
      {
      case TSR_ELEMENT_MARKER:
        emit (self, ENTITY_CHANGED, elements[i].index);
        break;
      case TSR_ELEMENT_RECTANGLE:
        emit (self, ZONE_CHANGED, elements[i].index);
        break;
      case TSR_ELEMENT_SEGMENT:
        emit (self, SEGMENT_CHANGED, elements[i].index);
        break;
      case TSR_ELEMENT_POINT:
      case TSR_ELEMENT_POLYGON:
      case TSR_N_ELEMENT_KINDS:
      default:
        break;
      }
}

/* The document changed by one of its own edits (or another layer's map): tell this map's views. */
static void
forward (TsrSphereVectorMap *self,
         TsrElementKind      kind,
         guint               index,
         TsrElementsChange   flags)
{
  TsrElementRef ref = { kind, index };

  if (self->storing)
    return;
  self->storing = TRUE;
  tsr_vector_map_elements_changed (TSR_VECTOR_MAP (self), &ref, 1, flags);
  self->storing = FALSE;
}

static void
on_entity_added (TsrSphereVectorMap *self, guint index)
{
  forward (self, TSR_ELEMENT_MARKER, index, TSR_ELEMENTS_STRUCTURE);
}

static void
on_entity_changed (TsrSphereVectorMap *self, guint index)
{
  forward (self, TSR_ELEMENT_MARKER, index, TSR_ELEMENTS_GEOMETRY);
}

static void
on_zone_added (TsrSphereVectorMap *self, guint index)
{
  forward (self, TSR_ELEMENT_RECTANGLE, index, TSR_ELEMENTS_STRUCTURE);
}

static void
on_zone_changed (TsrSphereVectorMap *self, guint index)
{
  forward (self, TSR_ELEMENT_RECTANGLE, index, TSR_ELEMENTS_GEOMETRY);
}

static void
on_segment_added (TsrSphereVectorMap *self, guint layer, guint index)
{
  if (layer == self->layer)
    forward (self, TSR_ELEMENT_SEGMENT, index, TSR_ELEMENTS_STRUCTURE);
}

static void
on_segment_changed (TsrSphereVectorMap *self, guint layer, guint index)
{
  if (layer == self->layer)
    forward (self, TSR_ELEMENT_SEGMENT, index, TSR_ELEMENTS_GEOMETRY);
}

/* Layers came, went or moved: this map's segments may be another list now. */
static void
on_layers_reordered (TsrSphereVectorMap *self)
{
  if (self->storing)
    return;
  self->storing = TRUE;
  tsr_vector_map_elements_changed (TSR_VECTOR_MAP (self), NULL, 0, TSR_ELEMENTS_STRUCTURE);
  self->storing = FALSE;
}

static void
on_layer_changed (TsrSphereVectorMap *self, guint layer)
{
  /* A resize moves and may drop segments. */
  if (layer == self->layer)
    on_layers_reordered (self);
}

static void
tsr_sphere_vector_map_dispose (GObject *object)
{
  TsrSphereVectorMap *self = TSR_SPHERE_VECTOR_MAP (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_weak_pointer (&self->document);
  G_OBJECT_CLASS (tsr_sphere_vector_map_parent_class)->dispose (object);
}

static void
tsr_sphere_vector_map_class_init (TsrSphereVectorMapClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_sphere_vector_map_dispose;
}

static void
tsr_sphere_vector_map_init (TsrSphereVectorMap *self)
{
  g_signal_connect (self, "elements-changed", G_CALLBACK (on_own_elements_changed), NULL);
}

TsrSphereVectorMap *
tsr_sphere_vector_map_new (TsrSphereDocument *document,
                           guint              layer)
{
  TsrSphereVectorMap *self = g_object_new (TSR_TYPE_SPHERE_VECTOR_MAP, NULL);

  g_set_weak_pointer (&self->document, document);
  self->layer = layer;
  g_signal_connect_swapped (document, "entity-added", G_CALLBACK (on_entity_added), self);
  g_signal_connect_swapped (document, "entity-removed", G_CALLBACK (on_entity_added), self);
  g_signal_connect_swapped (document, "entity-changed", G_CALLBACK (on_entity_changed), self);
  g_signal_connect_swapped (document, "zone-added", G_CALLBACK (on_zone_added), self);
  g_signal_connect_swapped (document, "zone-removed", G_CALLBACK (on_zone_added), self);
  g_signal_connect_swapped (document, "zone-changed", G_CALLBACK (on_zone_changed), self);
  g_signal_connect_swapped (document, "segment-added", G_CALLBACK (on_segment_added), self);
  g_signal_connect_swapped (document, "segment-removed", G_CALLBACK (on_segment_added), self);
  g_signal_connect_swapped (document, "segment-changed", G_CALLBACK (on_segment_changed), self);
  g_signal_connect_swapped (document, "layer-added", G_CALLBACK (on_layers_reordered), self);
  g_signal_connect_swapped (document, "layer-removed", G_CALLBACK (on_layers_reordered), self);
  g_signal_connect_swapped (document, "layer-moved", G_CALLBACK (on_layers_reordered), self);
  g_signal_connect_swapped (document, "layer-changed", G_CALLBACK (on_layer_changed), self);
  return self;
}

TsrSphereDocument *
tsr_sphere_vector_map_get_document (TsrSphereVectorMap *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_VECTOR_MAP (self), NULL);
  return self->document;
}

guint
tsr_sphere_vector_map_get_layer (TsrSphereVectorMap *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_VECTOR_MAP (self), 0);
  return self->layer;
}
