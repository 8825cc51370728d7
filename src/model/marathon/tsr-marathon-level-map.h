/* tsr-marathon-level-map.h: one level of a Marathon map as a TsrVectorMap, so the editor core's
 * tools, commands, clipboard and vector layer edit it: endpoints are the point elements, lines the
 * segments (their two endpoints), polygons the polygons (their endpoints), and the markers are the
 * level's objects followed by its annotations. The raw stores write straight into the level's
 * record arrays and keep the records around them consistent: a moved endpoint recomputes the
 * length of its lines and the area and centre of its polygons (back to the stored values when the
 * geometry is back to what was loaded, so an undone edit saves byte-identical); removing elements
 * repairs every reference to them (lines, sides, polygons, objects, annotations, platforms,
 * teleporters, platform switches, endpoints' supporting polygons). GTK-free. */
#pragma once

#include "edit/tsr-vector-map.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "model/marathon/tsr-marathon-level-change.h"

G_BEGIN_DECLS

/* Line flags (Aleph One's map.h). */
#define TSR_MARATHON_LINE_SOLID              0x4000
#define TSR_MARATHON_LINE_TRANSPARENT        0x2000
#define TSR_MARATHON_LINE_LANDSCAPE          0x1000
#define TSR_MARATHON_LINE_ELEVATION          0x0800
#define TSR_MARATHON_LINE_VARIABLE_ELEVATION 0x0400
#define TSR_MARATHON_LINE_HAS_TRANSPARENT_SIDE 0x0200

#define TSR_TYPE_MARATHON_LEVEL_MAP (tsr_marathon_level_map_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonLevelMap, tsr_marathon_level_map, TSR, MARATHON_LEVEL_MAP, GObject)

/* Edits LEVEL (borrowed: it must outlive the map; the document owning both sees to it). */
TsrMarathonLevelMap *tsr_marathon_level_map_new       (TsrMarathonLevel    *level);
TsrMarathonLevel    *tsr_marathon_level_map_get_level (TsrMarathonLevelMap *self);

/* What a marker element is: an object or an annotation, and its record index. */
typedef enum {
  TSR_MARATHON_MARKER_OBJECT,
  TSR_MARATHON_MARKER_ANNOTATION,
} TsrMarathonMarkerKind;

TsrMarathonMarkerKind tsr_marathon_level_map_get_marker (TsrMarathonLevelMap *self,
                                                         guint                marker,
                                                         guint               *record);
/* The marker element of object OBJECT / annotation ANNOTATION. */
guint                tsr_marathon_level_map_object_marker     (TsrMarathonLevelMap *self,
                                                               guint                object);
guint                tsr_marathon_level_map_annotation_marker (TsrMarathonLevelMap *self,
                                                               guint                annotation);

/* The record kind and index an element stands for (endpoints are EPNT or PNTS records). */
TsrMarathonRecordKind tsr_marathon_level_map_record_of (TsrMarathonLevelMap *self,
                                                        const TsrElementRef *element,
                                                        guint               *record);

/* The index of the polygon containing (X, Y), or -1 (the later polygon when they overlap). */
gint                 tsr_marathon_level_map_polygon_at (TsrMarathonLevelMap *self,
                                                        double               x,
                                                        double               y);

/* Raw store of one record (only TsrMarathonSetRecordCommand calls it): copies RECORD (a struct of
 * KIND) over record INDEX and emits elements-changed (GEOMETRY) for the element it draws as. */
void                 tsr_marathon_level_map_store_record (TsrMarathonLevelMap  *self,
                                                          TsrMarathonRecordKind kind,
                                                          guint                 index,
                                                          gconstpointer         record);
/* Record INDEX of KIND (the level's Minf for TSR_MARATHON_RECORD_MAP_INFO, index 0) and its
 * size, or NULL when it does not exist (transfer none). */
gpointer             tsr_marathon_level_map_get_record   (TsrMarathonLevelMap  *self,
                                                          TsrMarathonRecordKind kind,
                                                          guint                 index,
                                                          gsize                *size);
/* The number of records of KIND (Minf: 1 when the level has one). */
guint                tsr_marathon_level_map_get_n_records (TsrMarathonLevelMap  *self,
                                                           TsrMarathonRecordKind kind);
/* The record array of KIND (NULL when the level has none; transfer none). */
GArray              *tsr_marathon_level_map_get_records  (TsrMarathonLevelMap  *self,
                                                          TsrMarathonRecordKind kind);

/* The length the engine stores for a line from A to B, and a polygon's area and centre from its
 * vertices (in order): what a move recomputes. */
gint16               tsr_marathon_line_length      (TsrMarathonPoint        a,
                                                    TsrMarathonPoint        b);
void                 tsr_marathon_polygon_measure  (const TsrMarathonPoint *vertices,
                                                    guint                   n_vertices,
                                                    gint32                 *area,
                                                    TsrMarathonPoint       *center);

/* Puts PLACEMENTS (a copy; NULL: no plac chunk) in place as the level's plac records and says
 * so (elements-changed): a command's redo and undo of initial counts. */
void                 tsr_marathon_level_map_store_placements (TsrMarathonLevelMap *self,
                                                              const GArray        *placements);
/* The plac records storing OBJECT as object INDEX would leave (Weland's rule: the old type -1,
 * the new +1; see tsr_marathon_level_shift_placements), without changing anything. (transfer
 * full; NULL when the level has no plac chunk and none is needed) */
GArray              *tsr_marathon_level_map_placements_after_store (TsrMarathonLevelMap     *self,
                                                                    guint                    index,
                                                                    const TsrMarathonObject *object);

/* Edits made on the level's arrays from outside the map (the geometry operations, through
 * TsrMarathonEditLevelCommand). Begin records the level and the map's own rows (transfer full).
 * End takes the level as it is now as the geometry its stored values go with (the rows are
 * rebuilt), keeps the difference and puts the level back as it was, silently: FALSE when nothing
 * changed. Apply puts either state in place, drops the endpoint index and emits elements-changed
 * (STRUCTURE). */
TsrMarathonLevelChange *tsr_marathon_level_map_begin_change (TsrMarathonLevelMap    *self);
gboolean             tsr_marathon_level_map_end_change   (TsrMarathonLevelMap    *self,
                                                          TsrMarathonLevelChange *change);
void                 tsr_marathon_level_map_apply_change (TsrMarathonLevelMap    *self,
                                                          TsrMarathonLevelChange *change,
                                                          gboolean                forward);

G_END_DECLS
