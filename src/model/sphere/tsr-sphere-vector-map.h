/* tsr-sphere-vector-map.h: a Sphere map's entities, zones and one layer's obstruction segments as a
 * TsrVectorMap, so the editor core's tools, selection, rubber band, clipboard and vector layer
 * work on them. Persons and triggers are MARKER elements (index = entity index), zones are
 * RECTANGLE elements (index = zone index, vertices the two corners), and the segments of the
 * map's layer LAYER are SEGMENT elements (index = segment index on that layer). Entities and zones
 * belong to every layer's vector map (they are map-wide lists with a layer number), so a
 * selection of persons may span layers, as the entity list and Select Similar need; what a paste
 * adds goes onto LAYER.
 *
 * The document makes one per layer index and keeps it for its lifetime
 * (tsr_sphere_document_get_vector_map), because the core's commands hold their map weakly and
 * must still find it after the view that made them is gone. Because the undo history is linear,
 * a command always replays on the state it was made in, so indices per layer stay valid.
 *
 * Raw stores (commands) write into the codec's struct and emit the document's own signals
 * (entity-added/-removed/-changed, zone-*, segment-*), so panels that follow the document see
 * core edits; every document change is turned into elements-changed in turn. Coordinates are
 * rounded to whole pixels and clamped to what the file holds (0..65535 for entities and zones,
 * 0..2^32-1 for segments). GTK-free. */
#pragma once

#include "model/sphere/tsr-sphere-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_SPHERE_VECTOR_MAP (tsr_sphere_vector_map_get_type ())
G_DECLARE_FINAL_TYPE (TsrSphereVectorMap, tsr_sphere_vector_map, TSR, SPHERE_VECTOR_MAP, GObject)

/* The document (not referenced: it owns this map), or NULL once it is gone. */
TsrSphereDocument *tsr_sphere_vector_map_get_document (TsrSphereVectorMap *self);
/* The layer whose segments this map holds and onto which pastes go. */
guint              tsr_sphere_vector_map_get_layer    (TsrSphereVectorMap *self);

/* For the document: a map over LAYER of DOCUMENT (which owns it). */
TsrSphereVectorMap *tsr_sphere_vector_map_new         (TsrSphereDocument  *document,
                                                       guint               layer);

G_END_DECLS
