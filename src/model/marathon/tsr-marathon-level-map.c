/* tsr-marathon-level-map.c: the level's record arrays behind the TsrVectorMap interface. Beside
 * the records it keeps, per line, polygon, object and annotation, the geometry it was loaded with
 * and the values derived from it (length; area and centre; containing polygon): a recomputation
 * whose geometry equals the loaded one puts the loaded values back, whatever formula wrote them,
 * so undoing every edit gives the loaded bytes. Removal snapshots the arrays it changes (the
 * memento) and repairs references by index maps. */
#include "model/marathon/tsr-marathon-level-map.h"

#include <math.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-geometry.h"
#include "formats/marathon/tsr-marathon-palette.h"

#define NONE TSR_MARATHON_NONE
#define MAX_VERTICES 8
#define SIDE_IS_CONTROL_PANEL 0x0002

/* Polygon types whose permutation names another polygon or a platform (Aleph One's map.h). */
#define POLYGON_PLATFORM             5
#define POLYGON_PLATFORM_ON_TRIGGER  7
#define POLYGON_PLATFORM_OFF_TRIGGER 9
#define POLYGON_TELEPORTER          10

/* The engine's control panel classes by panel type (as in the codec's validation): 'P' panels
 * are platform switches whose permutation is the platform's polygon. */
static const char panel_classes[] = "OSDGLPGBCG" "SDTLPGBCOGG" "SDTLPGBCOGG" "SDTLPGBCOGG" "SDTLPGBCOGG";

typedef struct {
  TsrMarathonPoint a, b;
  gint16           length;
  gboolean         valid;
} LineOrigin;

typedef struct {
  TsrMarathonPoint vertices[MAX_VERTICES];
  guint            n;
  gint32           area;
  TsrMarathonPoint center;
  gboolean         valid;
} PolygonOrigin;

typedef struct {
  TsrMarathonPoint at;
  gint16           polygon;
  gboolean         valid;
} MarkerOrigin;

struct _TsrMarathonLevelMap {
  GObject           parent_instance;
  TsrMarathonLevel *level;
  GArray           *line_origins;       /* LineOrigin, parallel to level->lines */
  GArray           *polygon_origins;    /* PolygonOrigin */
  GArray           *object_origins;     /* MarkerOrigin */
  GArray           *annotation_origins; /* MarkerOrigin */
  /* Which lines and polygons use each endpoint (compressed rows), built on demand. */
  gboolean          incidence_valid;
  GArray           *line_start, *line_items;
  GArray           *polygon_start, *polygon_items;
  /* Elements appended since the last other change of structure start at RUN_BASE (per kind):
   * removing a tail of them (undoing a paste) is the exact inverse of appending, since appended
   * records refer only to each other; no repair then touches stale references of loaded data
   * that now happen to fall among the appended indices. */
  gboolean          run_open;
  guint             run_base[TSR_N_ELEMENT_KINDS];
  guint             run_objects, run_annotations, run_sides, run_platforms; /* record counts at the run's start */
  gboolean          run_made_platforms; /* the level had no platform chunk when the run started */
  /* Pasted polygons of the open run by the polygon they were copied from, and references among
   * them still waiting for their target (a trigger copied before its platform). */
  GHashTable       *run_pasted;  /* PastedKey -> new index + 1 */
  GArray           *run_pending; /* PendingReference */
  guint64           id;          /* names this map in clips */
  TsrElementKind    last_appended;
  /* Initial counts follow the objects an edit adds, deletes or retypes (shift_placements): the
   * plac records before the first such edit since the note was last taken, and the note a
   * change (begin/end) left for its command. */
  gboolean          has_note_base;
  GArray           *note_base;    /* TsrMarathonPlacement, or NULL (no plac chunk) */
  char             *change_note;
  guint             change_placed[TSR_MARATHON_N_PLACEMENTS]; /* objects placed at begin_change */
};

typedef struct {
  guint64 map;
  gint    polygon;
} PastedKey;

typedef struct {
  PastedKey target;
  guint     polygon;   /* the pasted polygon that refers (or whose side refers) */
  gint      side;      /* the side that is a platform switch, or -1: the polygon's permutation */
  gint16    type;      /* the polygon's type as copied */
} PendingReference;

static void tsr_marathon_level_map_vector_map_init (TsrVectorMapInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMarathonLevelMap, tsr_marathon_level_map, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_VECTOR_MAP, tsr_marathon_level_map_vector_map_init))

/* --- Records --- */

static guint
len (GArray *array)
{
  return array != NULL ? array->len : 0;
}

#define LINE(self, i) (&g_array_index ((self)->level->lines, TsrMarathonLine, (i)))
#define POLYGON(self, i) (&g_array_index ((self)->level->polygons, TsrMarathonPolygon, (i)))
#define OBJECT(self, i) (&g_array_index ((self)->level->objects, TsrMarathonObject, (i)))
#define ANNOTATION(self, i) (&g_array_index ((self)->level->annotations, TsrMarathonAnnotation, (i)))
#define SIDE(self, i) (&g_array_index ((self)->level->sides, TsrMarathonSide, (i)))

static guint
n_points (TsrMarathonLevelMap *self)
{
  return self->level->endpoints != NULL ? self->level->endpoints->len : len (self->level->points);
}

static TsrMarathonPoint *
point_at (TsrMarathonLevelMap *self,
          guint                index)
{
  if (self->level->endpoints != NULL)
    return &g_array_index (self->level->endpoints, TsrMarathonEndpoint, index).vertex;
  return &g_array_index (self->level->points, TsrMarathonPoint, index);
}

static gboolean
valid_point (TsrMarathonLevelMap *self,
             gint                 index)
{
  return index >= 0 && (guint) index < n_points (self);
}

static guint
n_objects (TsrMarathonLevelMap *self)
{
  return len (self->level->objects);
}

/* Moves the initial counts by the objects placed now against BEFORE (Weland's +1/-1 of each
 * type added, deleted or retyped), remembering the counts the note will compare with. */
static void
shift_placements (TsrMarathonLevelMap *self,
                  const guint          before[TSR_MARATHON_N_PLACEMENTS])
{
  guint after[TSR_MARATHON_N_PLACEMENTS];

  tsr_marathon_count_placed (self->level->objects, after);
  if (memcmp (before, after, sizeof after) == 0)
    return;
  if (!self->has_note_base)
    {
      self->note_base = self->level->placements != NULL ? g_array_copy (self->level->placements) : NULL;
      self->has_note_base = TRUE;
    }
  tsr_marathon_level_shift_placements (self->level, before, after);
}

static char *
take_placement_note (TsrMarathonLevelMap *self)
{
  char *note;

  if (self->change_note != NULL)
    return g_steal_pointer (&self->change_note);
  if (!self->has_note_base)
    return NULL;
  note = tsr_marathon_describe_placement_change (self->note_base, self->level->placements);
  g_clear_pointer (&self->note_base, g_array_unref);
  self->has_note_base = FALSE;
  return note;
}

static guint
polygon_n_vertices (const TsrMarathonPolygon *polygon)
{
  return MIN (polygon->vertex_count, MAX_VERTICES);
}

static gboolean
points_equal (TsrMarathonPoint a,
              TsrMarathonPoint b)
{
  return a.x == b.x && a.y == b.y;
}

static gint16
to_coordinate (double value)
{
  return (gint16) CLAMP (round (value), -32768, 32767);
}

/* --- Derived values --- */

gint16
tsr_marathon_line_length (TsrMarathonPoint a,
                          TsrMarathonPoint b)
{
  double dx = (double) b.x - a.x, dy = (double) b.y - a.y;

  return (gint16) MIN (floor (sqrt (dx * dx + dy * dy)), 32767);
}

void
tsr_marathon_polygon_measure (const TsrMarathonPoint *vertices,
                              guint                   n_vertices,
                              gint32                 *area,
                              TsrMarathonPoint       *center)
{
  gint64 twice = 0, cx = 0, cy = 0, sx = 0, sy = 0;

  for (guint i = 0; i < n_vertices; i++)
    {
      const TsrMarathonPoint *p = &vertices[i], *q = &vertices[(i + 1) % n_vertices];
      gint64 cross = (gint64) p->x * q->y - (gint64) q->x * p->y;

      twice += cross;
      cx += (p->x + q->x) * cross;
      cy += (p->y + q->y) * cross;
      sx += p->x;
      sy += p->y;
    }
  *area = (gint32) MIN (ABS (twice) / 2, G_MAXINT32);
  if (twice != 0)
    {
      center->x = (gint16) CLAMP (cx / (3 * twice), -32768, 32767);
      center->y = (gint16) CLAMP (cy / (3 * twice), -32768, 32767);
    }
  else if (n_vertices > 0)
    {
      center->x = (gint16) (sx / (gint64) n_vertices);
      center->y = (gint16) (sy / (gint64) n_vertices);
    }
}

static gboolean
polygon_vertices (TsrMarathonLevelMap *self,
                  guint                index,
                  TsrMarathonPoint    *vertices,
                  guint               *n)
{
  const TsrMarathonPolygon *polygon = POLYGON (self, index);

  *n = polygon_n_vertices (polygon);
  for (guint v = 0; v < *n; v++)
    {
      if (!valid_point (self, polygon->endpoint_indexes[v]))
        return FALSE;
      vertices[v] = *point_at (self, (guint) polygon->endpoint_indexes[v]);
    }
  return TRUE;
}

static gboolean
ring_contains (const TsrMarathonPoint *vertices,
               guint                   n,
               double                  x,
               double                  y)
{
  gboolean inside = FALSE;

  for (guint i = 0, j = n - 1; n > 0 && i < n; j = i++)
    {
      const TsrMarathonPoint *a = &vertices[i], *b = &vertices[j];

      if ((a->y > y) != (b->y > y) && x < (double) (b->x - a->x) * (y - a->y) / (b->y - a->y) + a->x)
        inside = !inside;
    }
  return inside;
}

gint
tsr_marathon_level_map_polygon_at (TsrMarathonLevelMap *self,
                                   double               x,
                                   double               y)
{
  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (self), -1);

  for (guint i = len (self->level->polygons); i-- > 0;)
    {
      TsrMarathonPoint vertices[MAX_VERTICES];
      guint n;

      if (polygon_vertices (self, i, vertices, &n) && n >= 3 && ring_contains (vertices, n, x, y))
        return (gint) i;
    }
  return -1;
}

static void
update_line (TsrMarathonLevelMap *self,
             guint                index)
{
  TsrMarathonLine *line = LINE (self, index);
  const LineOrigin *origin = &g_array_index (self->line_origins, LineOrigin, index);
  TsrMarathonPoint a, b;

  if (!valid_point (self, line->endpoint_indexes[0]) || !valid_point (self, line->endpoint_indexes[1]))
    return;
  a = *point_at (self, (guint) line->endpoint_indexes[0]);
  b = *point_at (self, (guint) line->endpoint_indexes[1]);
  if (origin->valid && points_equal (a, origin->a) && points_equal (b, origin->b))
    line->length = origin->length;
  else
    line->length = tsr_marathon_line_length (a, b);
}

static void
update_polygon (TsrMarathonLevelMap *self,
                guint                index)
{
  TsrMarathonPolygon *polygon = POLYGON (self, index);
  const PolygonOrigin *origin = &g_array_index (self->polygon_origins, PolygonOrigin, index);
  TsrMarathonPoint vertices[MAX_VERTICES];
  guint n;

  if (!polygon_vertices (self, index, vertices, &n) || n == 0)
    return;
  if (origin->valid && origin->n == n && memcmp (origin->vertices, vertices, n * sizeof *vertices) == 0)
    {
      polygon->area = origin->area;
      polygon->center = origin->center;
    }
  else
    tsr_marathon_polygon_measure (vertices, n, &polygon->area, &polygon->center);
}

/* A marker's polygon, a function of the geometry alone (never of the path a drag took, so undo
 * and redo land on the same records): the loaded one while the marker is where it was loaded, else
 * the polygon containing it; outside every polygon, the loaded one again. */
static gint16
marker_polygon (TsrMarathonLevelMap *self,
                const MarkerOrigin  *origin,
                TsrMarathonPoint     at,
                gint16               current)
{
  gint found;

  if (origin->valid && points_equal (origin->at, at) && origin->polygon >= 0)
    return origin->polygon;
  found = tsr_marathon_level_map_polygon_at (self, at.x, at.y);
  if (found >= 0)
    return (gint16) found;
  return origin->valid && origin->polygon >= 0 ? origin->polygon : current;
}

/* Markers away from where they were loaded follow the polygons under them: after every change of
 * geometry or structure (the map's own first "elements-changed" handler, so views see the result). */
static void
refresh_displaced_markers (TsrMarathonLevelMap *self)
{
  for (guint i = 0; i < len (self->level->objects); i++)
    {
      TsrMarathonObject *object = OBJECT (self, i);
      const MarkerOrigin *origin = &g_array_index (self->object_origins, MarkerOrigin, i);
      TsrMarathonPoint at = { object->x, object->y };

      if (!origin->valid || !points_equal (origin->at, at))
        object->polygon_index = marker_polygon (self, origin, at, object->polygon_index);
    }
  for (guint i = 0; i < len (self->level->annotations); i++)
    {
      TsrMarathonAnnotation *annotation = ANNOTATION (self, i);
      const MarkerOrigin *origin = &g_array_index (self->annotation_origins, MarkerOrigin, i);

      if (!origin->valid || !points_equal (origin->at, annotation->location))
        annotation->polygon_index = marker_polygon (self, origin, annotation->location, annotation->polygon_index);
    }
}

static void
on_own_elements_changed (TsrVectorMap        *map,
                         const TsrElementRef *elements,
                         guint                n_elements,
                         guint                flags,
                         gpointer             user_data)
{
  refresh_displaced_markers (TSR_MARATHON_LEVEL_MAP (map));
}

static void
build_origins (TsrMarathonLevelMap *self)
{
  TsrMarathonLevel *level = self->level;

  g_array_set_size (self->line_origins, len (level->lines));
  for (guint i = 0; i < len (level->lines); i++)
    {
      const TsrMarathonLine *line = LINE (self, i);
      LineOrigin *origin = &g_array_index (self->line_origins, LineOrigin, i);

      *origin = (LineOrigin) { .length = line->length };
      if (valid_point (self, line->endpoint_indexes[0]) && valid_point (self, line->endpoint_indexes[1]))
        {
          origin->a = *point_at (self, (guint) line->endpoint_indexes[0]);
          origin->b = *point_at (self, (guint) line->endpoint_indexes[1]);
          origin->valid = TRUE;
        }
    }
  g_array_set_size (self->polygon_origins, len (level->polygons));
  for (guint i = 0; i < len (level->polygons); i++)
    {
      const TsrMarathonPolygon *polygon = POLYGON (self, i);
      PolygonOrigin *origin = &g_array_index (self->polygon_origins, PolygonOrigin, i);

      *origin = (PolygonOrigin) { .area = polygon->area, .center = polygon->center };
      origin->valid = polygon_vertices (self, i, origin->vertices, &origin->n);
    }
  g_array_set_size (self->object_origins, len (level->objects));
  for (guint i = 0; i < len (level->objects); i++)
    {
      const TsrMarathonObject *object = OBJECT (self, i);

      g_array_index (self->object_origins, MarkerOrigin, i) =
        (MarkerOrigin) { { object->x, object->y }, object->polygon_index, TRUE };
    }
  g_array_set_size (self->annotation_origins, len (level->annotations));
  for (guint i = 0; i < len (level->annotations); i++)
    {
      const TsrMarathonAnnotation *annotation = ANNOTATION (self, i);

      g_array_index (self->annotation_origins, MarkerOrigin, i) =
        (MarkerOrigin) { annotation->location, annotation->polygon_index, TRUE };
    }
}

/* --- Incidence --- */

static void
build_incidence (TsrMarathonLevelMap *self)
{
  guint n = n_points (self);
  GArray *starts[2] = { self->line_start, self->polygon_start };
  GArray *items[2] = { self->line_items, self->polygon_items };

  if (self->incidence_valid)
    return;
  for (guint pass = 0; pass < 2; pass++)
    {
      gboolean lines = pass == 0;
      guint n_records = lines ? len (self->level->lines) : len (self->level->polygons);
      g_autofree guint *fill = NULL;

      g_array_set_size (starts[pass], n + 1);
      memset (starts[pass]->data, 0, (n + 1) * sizeof (guint));
      for (guint r = 0; r < n_records; r++)
        {
          const gint16 *endpoints = lines ? LINE (self, r)->endpoint_indexes : POLYGON (self, r)->endpoint_indexes;
          guint count = lines ? 2 : polygon_n_vertices (POLYGON (self, r));

          for (guint v = 0; v < count; v++)
            if (valid_point (self, endpoints[v]))
              g_array_index (starts[pass], guint, endpoints[v] + 1)++;
        }
      for (guint p = 0; p < n; p++)
        g_array_index (starts[pass], guint, p + 1) += g_array_index (starts[pass], guint, p);
      g_array_set_size (items[pass], g_array_index (starts[pass], guint, n));
      fill = g_memdup2 (starts[pass]->data, n * sizeof (guint) + sizeof (guint));
      for (guint r = 0; r < n_records; r++)
        {
          const gint16 *endpoints = lines ? LINE (self, r)->endpoint_indexes : POLYGON (self, r)->endpoint_indexes;
          guint count = lines ? 2 : polygon_n_vertices (POLYGON (self, r));

          /* A record listing a point twice is listed twice in its row: recomputed twice. */
          for (guint v = 0; v < count; v++)
            if (valid_point (self, endpoints[v]))
              g_array_index (items[pass], guint, fill[endpoints[v]]++) = r;
        }
    }
  self->incidence_valid = TRUE;
}

static void
structure_changed (TsrMarathonLevelMap *self)
{
  self->incidence_valid = FALSE;
}

/* --- TsrVectorMap --- */

static const char *
level_map_get_family (TsrVectorMap *map)
{
  return "marathon";
}

static guint
level_map_get_n_elements (TsrVectorMap   *map,
                          TsrElementKind  kind)
{
  /* A plain cast (here and in the getters below): they run per vertex of every frame, and only
   * the interface calls them. */
  TsrMarathonLevelMap *self = (TsrMarathonLevelMap *) map;

  switch (kind)
    {
    case TSR_ELEMENT_POINT: return n_points (self);
    case TSR_ELEMENT_SEGMENT: return len (self->level->lines);
    case TSR_ELEMENT_POLYGON: return len (self->level->polygons);
    case TSR_ELEMENT_MARKER: return n_objects (self) + len (self->level->annotations);
    case TSR_ELEMENT_RECTANGLE:
    case TSR_N_ELEMENT_KINDS:
    default:
      return 0;
    }
}

static guint
level_map_get_n_vertices (TsrVectorMap        *map,
                          const TsrElementRef *element)
{
  TsrMarathonLevelMap *self = (TsrMarathonLevelMap *) map;

  if (element->index >= level_map_get_n_elements (map, element->kind))
    return 0;
  switch (element->kind)
    {
    case TSR_ELEMENT_SEGMENT: return 2;
    case TSR_ELEMENT_POLYGON: return polygon_n_vertices (POLYGON (self, element->index));
    case TSR_ELEMENT_POINT:
    case TSR_ELEMENT_MARKER: return 1;
    case TSR_ELEMENT_RECTANGLE:
    case TSR_N_ELEMENT_KINDS:
    default:
      return 0;
    }
}

static guint
level_map_get_vertex_point (TsrVectorMap        *map,
                            const TsrElementRef *element,
                            guint                vertex)
{
  TsrMarathonLevelMap *self = (TsrMarathonLevelMap *) map;
  gint point = NONE;

  switch (element->kind)
    {
    case TSR_ELEMENT_POINT:
      return element->index;
    case TSR_ELEMENT_SEGMENT:
      point = LINE (self, element->index)->endpoint_indexes[vertex & 1];
      break;
    case TSR_ELEMENT_POLYGON:
      point = POLYGON (self, element->index)->endpoint_indexes[MIN (vertex, MAX_VERTICES - 1)];
      break;
    case TSR_ELEMENT_MARKER:
    case TSR_ELEMENT_RECTANGLE:
    case TSR_N_ELEMENT_KINDS:
    default:
      return G_MAXUINT;
    }
  return valid_point (self, point) ? (guint) point : G_MAXUINT;
}

static void
level_map_get_vertex (TsrVectorMap        *map,
                      const TsrElementRef *element,
                      guint                vertex,
                      TsrVectorPoint      *position)
{
  TsrMarathonLevelMap *self = (TsrMarathonLevelMap *) map;
  TsrMarathonPoint p = { 0, 0 };

  if (element->kind == TSR_ELEMENT_MARKER)
    {
      guint record;

      if (tsr_marathon_level_map_get_marker (self, element->index, &record) == TSR_MARATHON_MARKER_OBJECT)
        p = (TsrMarathonPoint) { OBJECT (self, record)->x, OBJECT (self, record)->y };
      else
        p = ANNOTATION (self, record)->location;
    }
  else
    {
      guint point = level_map_get_vertex_point (map, element, vertex);

      if (point != G_MAXUINT)
        p = *point_at (self, point);
    }
  position->x = p.x;
  position->y = p.y;
}

static void
level_map_set_vertex (TsrVectorMap         *map,
                      const TsrElementRef  *element,
                      guint                 vertex,
                      const TsrVectorPoint *position)
{
  TsrMarathonLevelMap *self = TSR_MARATHON_LEVEL_MAP (map);
  TsrMarathonPoint at = { to_coordinate (position->x), to_coordinate (position->y) };

  if (element->kind == TSR_ELEMENT_MARKER)
    {
      guint record;

      if (element->index >= level_map_get_n_elements (map, TSR_ELEMENT_MARKER))
        return;
      if (tsr_marathon_level_map_get_marker (self, element->index, &record) == TSR_MARATHON_MARKER_OBJECT)
        {
          TsrMarathonObject *object = OBJECT (self, record);

          object->x = at.x;
          object->y = at.y;
          object->polygon_index = marker_polygon (self, &g_array_index (self->object_origins, MarkerOrigin, record),
                                                  at, object->polygon_index);
        }
      else
        {
          TsrMarathonAnnotation *annotation = ANNOTATION (self, record);

          annotation->location = at;
          annotation->polygon_index = marker_polygon (self, &g_array_index (self->annotation_origins, MarkerOrigin, record),
                                                      at, annotation->polygon_index);
        }
      return;
    }
  /* Only points own coordinates; a vertex naming no valid endpoint has nothing to store. */
  if (element->kind != TSR_ELEMENT_POINT || element->index >= n_points (self))
    return;
  *point_at (self, element->index) = at;
  build_incidence (self);
  for (guint s = g_array_index (self->line_start, guint, element->index);
       s < g_array_index (self->line_start, guint, element->index + 1); s++)
    update_line (self, g_array_index (self->line_items, guint, s));
  for (guint s = g_array_index (self->polygon_start, guint, element->index);
       s < g_array_index (self->polygon_start, guint, element->index + 1); s++)
    update_polygon (self, g_array_index (self->polygon_items, guint, s));
}

/* --- Removal --- */

typedef struct {
  GArray *points, *endpoints, *lines, *sides, *polygons, *objects, *annotations, *platforms, *placements;
  GArray *line_origins, *polygon_origins, *object_origins, *annotation_origins;
  GArray *terminal_permutations; /* gint16: see tsr_marathon_level_terminal_permutations */
  gboolean run_open;
  guint    run_base[TSR_N_ELEMENT_KINDS];
  guint    run_records[4];
  gboolean run_made_platforms;
  gboolean truncated; /* a tail of appended elements was cut: nothing else to put back */
} Snapshot;

static GArray *
copy_array (GArray *array)
{
  return array != NULL ? g_array_copy (array) : NULL;
}

static void
put_back (GArray **target,
          GArray  *saved)
{
  if (saved == NULL)
    {
      g_clear_pointer (target, g_array_unref);
      return;
    }
  if (*target == NULL)
    *target = g_array_sized_new (FALSE, TRUE, g_array_get_element_size (saved), saved->len);
  g_array_set_size (*target, saved->len);
  if (saved->len > 0)
    memcpy ((*target)->data, saved->data, (gsize) saved->len * g_array_get_element_size (saved));
}

static void
snapshot_free (Snapshot *snapshot)
{
  GArray **arrays[] = { &snapshot->points, &snapshot->endpoints, &snapshot->lines, &snapshot->sides,
                        &snapshot->polygons, &snapshot->objects, &snapshot->annotations, &snapshot->platforms,
                        &snapshot->placements,
                        &snapshot->line_origins, &snapshot->polygon_origins, &snapshot->object_origins,
                        &snapshot->annotation_origins, &snapshot->terminal_permutations };

  for (guint i = 0; i < G_N_ELEMENTS (arrays); i++)
    g_clear_pointer (arrays[i], g_array_unref);
  g_free (snapshot);
}

static Snapshot *
snapshot_take (TsrMarathonLevelMap *self)
{
  TsrMarathonLevel *level = self->level;
  Snapshot *snapshot = g_new0 (Snapshot, 1);

  snapshot->points = copy_array (level->points);
  snapshot->endpoints = copy_array (level->endpoints);
  snapshot->lines = copy_array (level->lines);
  snapshot->sides = copy_array (level->sides);
  snapshot->polygons = copy_array (level->polygons);
  snapshot->objects = copy_array (level->objects);
  snapshot->annotations = copy_array (level->annotations);
  snapshot->platforms = copy_array (level->platforms);
  snapshot->placements = copy_array (level->placements);
  snapshot->line_origins = g_array_copy (self->line_origins);
  snapshot->polygon_origins = g_array_copy (self->polygon_origins);
  snapshot->object_origins = g_array_copy (self->object_origins);
  snapshot->annotation_origins = g_array_copy (self->annotation_origins);
  snapshot->terminal_permutations = tsr_marathon_level_terminal_permutations (level);
  snapshot->run_open = self->run_open;
  memcpy (snapshot->run_base, self->run_base, sizeof self->run_base);
  snapshot->run_records[0] = self->run_objects;
  snapshot->run_records[1] = self->run_annotations;
  snapshot->run_records[2] = self->run_sides;
  snapshot->run_records[3] = self->run_platforms;
  snapshot->run_made_platforms = self->run_made_platforms;
  return snapshot;
}

/* Whether ELEMENTS are, per kind (objects and annotations apart), exactly the last elements and
 * all appended in the open run; *N_OBJECTS and *N_ANNOTATIONS receive how many markers of each. */
static gboolean
is_appended_tail (TsrMarathonLevelMap *self,
                  const TsrElementRef *elements,
                  guint                n_elements,
                  guint               *n_objects_out,
                  guint               *n_annotations_out)
{
  guint removed[TSR_N_ELEMENT_KINDS] = { 0 };
  guint no = n_objects (self), na = len (self->level->annotations), n_obj = 0, n_ann = 0;

  if (!self->run_open)
    return FALSE;
  for (guint i = 0; i < n_elements; i++)
    {
      guint n;

      if (elements[i].kind >= TSR_N_ELEMENT_KINDS)
        return FALSE;
      if (elements[i].kind == TSR_ELEMENT_MARKER)
        {
          if (elements[i].index < no ? elements[i].index < self->run_objects
                                     : elements[i].index - no < self->run_annotations || elements[i].index - no >= na)
            return FALSE;
          if (elements[i].index < no)
            n_obj++;
          else
            n_ann++;
          continue;
        }
      n = tsr_vector_map_get_n_elements (TSR_VECTOR_MAP (self), elements[i].kind);
      if (elements[i].index < self->run_base[elements[i].kind] || elements[i].index >= n)
        return FALSE;
      removed[elements[i].kind]++;
    }
  /* Sorted and unique: the count says whether they fill the tail. */
  for (guint i = 0; i < n_elements; i++)
    {
      if (elements[i].kind == TSR_ELEMENT_MARKER)
        {
          if (elements[i].index < no ? elements[i].index < no - n_obj : elements[i].index - no < na - n_ann)
            return FALSE;
          continue;
        }
      if (elements[i].index < tsr_vector_map_get_n_elements (TSR_VECTOR_MAP (self), elements[i].kind)
                              - removed[elements[i].kind])
        return FALSE;
    }
  /* What stays of the run must not refer to what goes: a pasted polygon deleted alone leaves
   * its pasted lines, which name it (then the repair below renumbers them). */
  {
    TsrMarathonLevel *level = self->level;
    guint kept_points = n_points (self) - removed[TSR_ELEMENT_POINT];
    guint kept_lines = len (level->lines) - removed[TSR_ELEMENT_SEGMENT];
    gint kept_polygons = (gint) (len (level->polygons) - removed[TSR_ELEMENT_POLYGON]);

    for (guint i = self->run_base[TSR_ELEMENT_SEGMENT]; i < kept_lines; i++)
      {
        const TsrMarathonLine *line = LINE (self, i);

        if ((guint) line->endpoint_indexes[0] >= kept_points || (guint) line->endpoint_indexes[1] >= kept_points
            || line->clockwise_polygon_owner >= kept_polygons || line->counterclockwise_polygon_owner >= kept_polygons)
          return FALSE;
      }
    for (guint i = self->run_base[TSR_ELEMENT_POLYGON]; i < (guint) kept_polygons; i++)
      {
        const TsrMarathonPolygon *polygon = POLYGON (self, i);

        for (guint v = 0; v < polygon_n_vertices (polygon); v++)
          if ((guint) polygon->endpoint_indexes[v] >= kept_points || (guint) polygon->line_indexes[v] >= kept_lines)
            return FALSE;
      }
    for (guint i = self->run_objects; i < no - n_obj; i++)
      if (OBJECT (self, i)->polygon_index >= kept_polygons)
        return FALSE;
    for (guint i = self->run_annotations; i < na - n_ann; i++)
      if (ANNOTATION (self, i)->polygon_index >= kept_polygons)
        return FALSE;
  }
  *n_objects_out = n_obj;
  *n_annotations_out = n_ann;
  return TRUE;
}

/* The records appended with pasted polygons that go when the polygons from N_POLYGONS on go: a
 * tail of the sides and of the platforms (appended in the polygons' order). */
static void
cut_pasted_records (TsrMarathonLevelMap *self,
                    guint                n_polygons)
{
  TsrMarathonLevel *level = self->level;
  guint cut = len (level->sides);

  for (guint i = len (level->sides); i-- > self->run_sides;)
    if (SIDE (self, i)->polygon_index >= (gint) n_polygons)
      cut = i;
    else
      break;
  if (level->sides != NULL)
    g_array_set_size (level->sides, cut);
  cut = len (level->platforms);
  for (guint i = len (level->platforms); i-- > self->run_platforms;)
    if (g_array_index (level->platforms, TsrMarathonPlatform, i).polygon_index >= (gint) n_polygons)
      cut = i;
    else
      break;
  if (level->platforms != NULL)
    g_array_set_size (level->platforms, cut);
  /* References among pasted polygons that went. */
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, self->run_pasted);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      if (GPOINTER_TO_INT (value) - 1 >= (gint) n_polygons)
        g_hash_table_iter_remove (&iter);
    for (guint i = self->run_pending->len; i-- > 0;)
      if (g_array_index (self->run_pending, PendingReference, i).polygon >= n_polygons)
        g_array_remove_index (self->run_pending, i);
  }
  /* A platform chunk that came with the paste goes with it. */
  if (cut == 0 && self->run_made_platforms)
    g_clear_pointer (&level->platforms, g_array_unref);
}

/* Index maps: new index of each old record, or NONE when it goes. */
static gint *
index_map_new (guint n)
{
  gint *map = g_new (gint, n + 1);

  for (guint i = 0; i < n; i++)
    map[i] = 0;
  return map;
}

/* Turns a map of 0 (keep) / NONE (remove) into new indices; returns the count kept. */
static guint
index_map_number (gint *map,
                  guint n)
{
  guint next = 0;

  for (guint i = 0; i < n; i++)
    if (map[i] != NONE)
      map[i] = (gint) next++;
  return next;
}

/* A reference into records of N: renumbered when it is one of them; references outside (stale
 * data the engine never reads, NONE) stay as they are. */
static void
remap (gint16     *reference,
       const gint *map,
       guint       n)
{
  if (*reference >= 0 && (guint) *reference < n)
    *reference = (gint16) map[*reference];
}

static void
compact (GArray     *array,
         const gint *map)
{
  guint out = 0;
  guint size;

  if (array == NULL)
    return;
  size = g_array_get_element_size (array);
  for (guint i = 0; i < array->len; i++)
    if (map[i] != NONE)
      {
        if (out != i)
          memcpy (array->data + (gsize) out * size, array->data + (gsize) i * size, size);
        out++;
      }
  g_array_set_size (array, out);
}

/* Terminals' teleports within the level follow their polygon (MAP: new index of each of the N
 * polygons there were, NONE for a removed one; NULL when the polygons from N_KEPT on were cut).
 * A teleport whose polygon is gone goes to polygon 0: Aleph One asserts on a polygon index out
 * of range (get_polygon_data) and reads a negative one as a level number (NONE is level 0), so
 * there is no "nowhere"; the text and the group stay as the author wrote them. Targets that
 * were already outside the level stay as they were. */
static void
renumber_terminal_teleports (TsrMarathonLevel *level,
                             const gint       *map,
                             guint             n,
                             guint             n_kept)
{
  for (guint t = 0; level->terminals != NULL && t < level->terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, t);

      for (guint g = 0; g < terminal->groups->len; g++)
        {
          TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);
          gint target;

          if (group->type != TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT || group->permutation < 0
              || (guint) group->permutation >= n)
            continue;
          target = map != NULL ? map[group->permutation] : (guint) group->permutation < n_kept ? group->permutation : NONE;
          group->permutation = (gint16) (target != NONE ? target : 0);
        }
    }
}

static gboolean
is_platform_switch (const TsrMarathonSide *side)
{
  return (side->flags & SIDE_IS_CONTROL_PANEL) && side->control_panel_type >= 0
         && (gsize) side->control_panel_type < sizeof panel_classes - 1
         && panel_classes[side->control_panel_type] == 'P';
}

static gpointer remove_elements (TsrMarathonLevelMap *self, const TsrElementRef *elements, guint n_elements);

/* The snapshot holds the counts before: undo puts them back exactly. */
static gpointer
level_map_remove_elements (TsrVectorMap        *map,
                           const TsrElementRef *elements,
                           guint                n_elements)
{
  TsrMarathonLevelMap *self = TSR_MARATHON_LEVEL_MAP (map);
  guint before[TSR_MARATHON_N_PLACEMENTS];
  gpointer snapshot;

  tsr_marathon_count_placed (self->level->objects, before);
  snapshot = remove_elements (self, elements, n_elements);
  shift_placements (self, before);
  return snapshot;
}

static gpointer
remove_elements (TsrMarathonLevelMap *self,
                 const TsrElementRef *elements,
                 guint                n_elements)
{
  TsrMarathonLevel *level = self->level;
  Snapshot *snapshot = snapshot_take (self);
  guint np = n_points (self), nl = len (level->lines), ns = len (level->sides), ng = len (level->polygons);
  guint no = n_objects (self), na = len (level->annotations), nf = len (level->platforms);
  g_autofree gint *point_map = index_map_new (np);
  g_autofree gint *line_map = index_map_new (nl);
  g_autofree gint *side_map = index_map_new (ns);
  g_autofree gint *polygon_map = index_map_new (ng);
  g_autofree gint *object_map = index_map_new (no);
  g_autofree gint *annotation_map = index_map_new (na);
  g_autofree gint *platform_map = index_map_new (nf);
  g_autofree guint8 *opened = g_malloc0 (nl + 1); /* lines that lose a polygon but stay */
  guint removed[TSR_N_ELEMENT_KINDS] = { 0 };
  guint n_tail_objects = 0, n_tail_annotations = 0;

  if (is_appended_tail (self, elements, n_elements, &n_tail_objects, &n_tail_annotations))
    {
      for (guint i = 0; i < n_elements; i++)
        removed[elements[i].kind]++;
      if (level->objects != NULL)
        {
          g_array_set_size (level->objects, no - n_tail_objects);
          g_array_set_size (self->object_origins, no - n_tail_objects);
        }
      if (level->annotations != NULL)
        {
          g_array_set_size (level->annotations, na - n_tail_annotations);
          g_array_set_size (self->annotation_origins, na - n_tail_annotations);
        }
      cut_pasted_records (self, ng - removed[TSR_ELEMENT_POLYGON]);
      renumber_terminal_teleports (level, NULL, ng, ng - removed[TSR_ELEMENT_POLYGON]);
      if (level->endpoints != NULL)
        g_array_set_size (level->endpoints, np - removed[TSR_ELEMENT_POINT]);
      else if (level->points != NULL)
        g_array_set_size (level->points, np - removed[TSR_ELEMENT_POINT]);
      if (level->lines != NULL)
        {
          g_array_set_size (level->lines, nl - removed[TSR_ELEMENT_SEGMENT]);
          g_array_set_size (self->line_origins, nl - removed[TSR_ELEMENT_SEGMENT]);
        }
      if (level->polygons != NULL)
        {
          g_array_set_size (level->polygons, ng - removed[TSR_ELEMENT_POLYGON]);
          g_array_set_size (self->polygon_origins, ng - removed[TSR_ELEMENT_POLYGON]);
        }
      snapshot->truncated = TRUE;
      structure_changed (self);
      return snapshot;
    }
  self->run_open = FALSE;

  for (guint i = 0; i < n_elements; i++)
    {
      guint index = elements[i].index;

      switch (elements[i].kind)
        {
        case TSR_ELEMENT_POINT: if (index < np) point_map[index] = NONE; break;
        case TSR_ELEMENT_SEGMENT: if (index < nl) line_map[index] = NONE; break;
        case TSR_ELEMENT_POLYGON: if (index < ng) polygon_map[index] = NONE; break;
        case TSR_ELEMENT_MARKER:
          if (index < no)
            object_map[index] = NONE;
          else if (index - no < na)
            annotation_map[index - no] = NONE;
          break;
        case TSR_ELEMENT_RECTANGLE:
        case TSR_N_ELEMENT_KINDS:
        default:
          break;
        }
    }
  /* Platforms of removed polygons go with them. */
  for (guint i = 0; i < nf; i++)
    {
      gint16 polygon = g_array_index (level->platforms, TsrMarathonPlatform, i).polygon_index;

      if (polygon >= 0 && (guint) polygon < ng && polygon_map[polygon] == NONE)
        platform_map[i] = NONE;
    }
  /* Sides go with their line, or with the polygon they face; a line that keeps one polygon of
   * two becomes a solid wall whose remaining side is a full one. */
  for (guint i = 0; i < nl; i++)
    {
      TsrMarathonLine *line = LINE (self, i);
      gint16 *owners[2] = { &line->clockwise_polygon_owner, &line->counterclockwise_polygon_owner };
      gint16 *sides[2] = { &line->clockwise_side_index, &line->counterclockwise_side_index };

      for (guint s = 0; s < 2; s++)
        {
          gboolean owner_goes = *owners[s] >= 0 && (guint) *owners[s] < ng && polygon_map[*owners[s]] == NONE;

          if (line_map[i] == NONE || owner_goes)
            {
              if (*sides[s] >= 0 && (guint) *sides[s] < ns)
                side_map[*sides[s]] = NONE;
              if (line_map[i] != NONE)
                {
                  *sides[s] = NONE;
                  *owners[s] = NONE;
                  opened[i] = 1;
                }
            }
        }
    }
  for (guint i = 0; i < nl; i++)
    {
      TsrMarathonLine *line = LINE (self, i);

      if (!opened[i])
        continue;
      line->flags |= TSR_MARATHON_LINE_SOLID;
      line->flags &= ~(TSR_MARATHON_LINE_TRANSPARENT | TSR_MARATHON_LINE_HAS_TRANSPARENT_SIDE
                       | TSR_MARATHON_LINE_ELEVATION | TSR_MARATHON_LINE_VARIABLE_ELEVATION);
      for (guint s = 0; s < 2; s++)
        {
          gint16 side = s == 0 ? line->clockwise_side_index : line->counterclockwise_side_index;

          /* High, low and split sides need a polygon beyond: a wall alone is a full side. */
          if (side >= 0 && (guint) side < ns && side_map[side] != NONE
              && (SIDE (self, side)->type == 1 || SIDE (self, side)->type == 2 || SIDE (self, side)->type == 4))
            SIDE (self, side)->type = 0;
        }
    }

  index_map_number (point_map, np);
  index_map_number (line_map, nl);
  index_map_number (side_map, ns);
  index_map_number (polygon_map, ng);
  index_map_number (object_map, no);
  index_map_number (annotation_map, na);
  index_map_number (platform_map, nf);

  for (guint i = 0; i < nl; i++)
    {
      TsrMarathonLine *line = LINE (self, i);

      remap (&line->endpoint_indexes[0], point_map, np);
      remap (&line->endpoint_indexes[1], point_map, np);
      remap (&line->clockwise_side_index, side_map, ns);
      remap (&line->counterclockwise_side_index, side_map, ns);
      remap (&line->clockwise_polygon_owner, polygon_map, ng);
      remap (&line->counterclockwise_polygon_owner, polygon_map, ng);
    }
  for (guint i = 0; i < ns; i++)
    {
      TsrMarathonSide *side = SIDE (self, i);

      remap (&side->polygon_index, polygon_map, ng);
      remap (&side->line_index, line_map, nl);
      if (is_platform_switch (side))
        {
          remap (&side->control_panel_permutation, polygon_map, ng);
          if (side->control_panel_permutation == NONE)
            side->flags &= ~SIDE_IS_CONTROL_PANEL;
        }
    }
  for (guint i = 0; i < ng; i++)
    {
      TsrMarathonPolygon *polygon = POLYGON (self, i);

      for (guint v = 0; v < MAX_VERTICES; v++)
        {
          remap (&polygon->endpoint_indexes[v], point_map, np);
          remap (&polygon->line_indexes[v], line_map, nl);
          remap (&polygon->side_indexes[v], side_map, ns);
          remap (&polygon->adjacent_polygon_indexes[v], polygon_map, ng);
        }
      switch (polygon->type)
        {
        case POLYGON_PLATFORM:
          {
            /* Its record is the one naming it (Marathon 1 permutations name none); a platform
             * without one keeps its permutation (the engine gives it a default door). */
            gint record = -1;

            for (guint r = 0; r < nf && record < 0; r++)
              if (g_array_index (level->platforms, TsrMarathonPlatform, r).polygon_index == (gint) i)
                record = (gint) r;
            if (record >= 0 && platform_map[record] != NONE)
              polygon->permutation = (gint16) platform_map[record];
            continue;
          }
        case POLYGON_PLATFORM_ON_TRIGGER:
        case POLYGON_PLATFORM_OFF_TRIGGER:
        case POLYGON_TELEPORTER:
          remap (&polygon->permutation, polygon_map, ng);
          break;
        default:
          continue;
        }
      /* What it pointed at is gone: a plain polygon (a NONE teleporter would mean level 0). */
      if (polygon->permutation == NONE)
        {
          polygon->type = 0;
          polygon->permutation = 0;
        }
    }
  if (level->endpoints != NULL)
    for (guint i = 0; i < np; i++)
      remap (&g_array_index (level->endpoints, TsrMarathonEndpoint, i).supporting_polygon_index, polygon_map, ng);
  for (guint i = 0; i < no; i++)
    remap (&OBJECT (self, i)->polygon_index, polygon_map, ng);
  for (guint i = 0; i < na; i++)
    remap (&ANNOTATION (self, i)->polygon_index, polygon_map, ng);
  for (guint i = 0; i < nf; i++)
    remap (&g_array_index (level->platforms, TsrMarathonPlatform, i).polygon_index, polygon_map, ng);
  renumber_terminal_teleports (level, polygon_map, ng, 0);
  /* Origins keep the loaded geometry; the polygons they name are renumbered too. */
  for (guint i = 0; i < no; i++)
    remap (&g_array_index (self->object_origins, MarkerOrigin, i).polygon, polygon_map, ng);
  for (guint i = 0; i < na; i++)
    remap (&g_array_index (self->annotation_origins, MarkerOrigin, i).polygon, polygon_map, ng);
  /* A marker that outlives the polygon it was loaded (or pasted) in, being elsewhere, falls back
   * on the polygon it is in now when it leaves every polygon: a value the command history fixes,
   * not the path of a later drag. */
  for (guint i = 0; i < no; i++)
    if (g_array_index (self->object_origins, MarkerOrigin, i).polygon == NONE && object_map[i] != NONE)
      g_array_index (self->object_origins, MarkerOrigin, i).polygon = OBJECT (self, i)->polygon_index;
  for (guint i = 0; i < na; i++)
    if (g_array_index (self->annotation_origins, MarkerOrigin, i).polygon == NONE && annotation_map[i] != NONE)
      g_array_index (self->annotation_origins, MarkerOrigin, i).polygon = ANNOTATION (self, i)->polygon_index;

  compact (level->endpoints != NULL ? level->endpoints : level->points, point_map);
  compact (level->lines, line_map);
  compact (self->line_origins, line_map);
  compact (level->sides, side_map);
  compact (level->polygons, polygon_map);
  compact (self->polygon_origins, polygon_map);
  compact (level->objects, object_map);
  compact (self->object_origins, object_map);
  compact (level->annotations, annotation_map);
  compact (self->annotation_origins, annotation_map);
  compact (level->platforms, platform_map);
  structure_changed (self);
  return snapshot;
}

static void
level_map_restore_removed (TsrVectorMap *map,
                           gpointer      removed)
{
  TsrMarathonLevelMap *self = TSR_MARATHON_LEVEL_MAP (map);
  TsrMarathonLevel *level = self->level;
  Snapshot *snapshot = removed;

  put_back (&level->points, snapshot->points);
  put_back (&level->endpoints, snapshot->endpoints);
  put_back (&level->lines, snapshot->lines);
  put_back (&level->sides, snapshot->sides);
  put_back (&level->polygons, snapshot->polygons);
  put_back (&level->objects, snapshot->objects);
  put_back (&level->annotations, snapshot->annotations);
  put_back (&level->platforms, snapshot->platforms);
  put_back (&level->placements, snapshot->placements);
  put_back (&self->line_origins, snapshot->line_origins);
  put_back (&self->polygon_origins, snapshot->polygon_origins);
  put_back (&self->object_origins, snapshot->object_origins);
  put_back (&self->annotation_origins, snapshot->annotation_origins);
  tsr_marathon_level_set_terminal_permutations (level, snapshot->terminal_permutations);
  self->run_open = snapshot->run_open;
  memcpy (self->run_base, snapshot->run_base, sizeof self->run_base);
  self->run_objects = snapshot->run_records[0];
  self->run_annotations = snapshot->run_records[1];
  self->run_sides = snapshot->run_records[2];
  self->run_platforms = snapshot->run_records[3];
  self->run_made_platforms = snapshot->run_made_platforms;
  structure_changed (self);
}

static void
level_map_free_removed (TsrVectorMap *map,
                        gpointer      removed)
{
  snapshot_free (removed);
}

/* --- Appending (paste) --- */

static GArray *
ensure_array (GArray **array,
              gsize    element_size)
{
  if (*array == NULL)
    *array = g_array_new (FALSE, TRUE, (guint) element_size);
  return *array;
}

/* The line joining points A and B, or -1. */
static gint
find_line (TsrMarathonLevelMap *self,
           guint                a,
           guint                b)
{
  build_incidence (self);
  for (guint s = g_array_index (self->line_start, guint, a); s < g_array_index (self->line_start, guint, a + 1); s++)
    {
      guint l = g_array_index (self->line_items, guint, s);
      const TsrMarathonLine *line = LINE (self, l);

      if ((line->endpoint_indexes[0] == (gint) a && line->endpoint_indexes[1] == (gint) b)
          || (line->endpoint_indexes[0] == (gint) b && line->endpoint_indexes[1] == (gint) a))
        return (gint) l;
    }
  return -1;
}

static guint
append_point (TsrMarathonLevelMap  *self,
              const TsrVectorPoint *position)
{
  TsrMarathonPoint at = { to_coordinate (position->x), to_coordinate (position->y) };

  if (n_points (self) >= G_MAXINT16)
    return G_MAXUINT;
  if (self->level->endpoints != NULL)
    {
      TsrMarathonEndpoint endpoint = { .vertex = at, .supporting_polygon_index = NONE };

      g_array_append_val (self->level->endpoints, endpoint);
    }
  else
    g_array_append_val (ensure_array (&self->level->points, sizeof (TsrMarathonPoint)), at);
  structure_changed (self);
  return n_points (self) - 1;
}

static guint
append_line (TsrMarathonLevelMap *self,
             const guint         *points)
{
  TsrMarathonLine line = { 0 };
  LineOrigin origin = { 0 };

  if (points == NULL || points[0] >= n_points (self) || points[1] >= n_points (self) || points[0] == points[1]
      || len (self->level->lines) >= G_MAXINT16)
    return G_MAXUINT;
  line.endpoint_indexes[0] = (gint16) points[0];
  line.endpoint_indexes[1] = (gint16) points[1];
  line.flags = TSR_MARATHON_LINE_SOLID;
  line.length = tsr_marathon_line_length (*point_at (self, points[0]), *point_at (self, points[1]));
  line.clockwise_side_index = line.counterclockwise_side_index = NONE;
  line.clockwise_polygon_owner = line.counterclockwise_polygon_owner = NONE;
  g_array_append_val (ensure_array (&self->level->lines, sizeof (TsrMarathonLine)), line);
  g_array_append_val (self->line_origins, origin);
  structure_changed (self);
  return self->level->lines->len - 1;
}

/* Textures, heights and transfer modes of floor and ceiling. */
static void
copy_surfaces (TsrMarathonPolygon       *to,
               const TsrMarathonPolygon *from)
{
  to->floor_texture = from->floor_texture;
  to->ceiling_texture = from->ceiling_texture;
  to->floor_height = from->floor_height;
  to->ceiling_height = from->ceiling_height;
  to->floor_transfer_mode = from->floor_transfer_mode;
  to->ceiling_transfer_mode = from->ceiling_transfer_mode;
}

/* A new polygon's surfaces, lights and sounds: those of the level's first polygon (references
 * that do not exist in this level are dropped), else plain defaults. */
static void
polygon_defaults (TsrMarathonLevelMap *self,
                  TsrMarathonPolygon  *polygon)
{
  TsrMarathonLevel *level = self->level;
  guint n_lights = level->data_version == 0 ? len (level->old_lights) : len (level->lights);

  memset (polygon, 0, sizeof *polygon);
  polygon->floor_texture = polygon->ceiling_texture = NONE;
  polygon->ceiling_height = 1024;
  polygon->floor_lightsource_index = polygon->ceiling_lightsource_index = n_lights > 0 ? 0 : NONE;
  polygon->ambient_sound_image_index = polygon->random_sound_image_index = NONE;
  polygon->sound_source_indexes = NONE;
  if (len (level->polygons) > 0)
    {
      const TsrMarathonPolygon *template = POLYGON (self, 0);

      copy_surfaces (polygon, template);
      polygon->floor_lightsource_index = template->floor_lightsource_index;
      polygon->ceiling_lightsource_index = template->ceiling_lightsource_index;
      polygon->ambient_sound_image_index = template->ambient_sound_image_index;
      polygon->random_sound_image_index = template->random_sound_image_index;
    }
  polygon->media_index = polygon->media_lightsource_index = NONE;
  polygon->first_object = NONE;
  for (guint v = 0; v < MAX_VERTICES; v++)
    {
      polygon->endpoint_indexes[v] = polygon->line_indexes[v] = NONE;
      polygon->adjacent_polygon_indexes[v] = polygon->side_indexes[v] = NONE;
    }
}

static guint
append_polygon (TsrMarathonLevelMap *self,
                guint                n_vertices,
                const guint         *points)
{
  TsrMarathonPolygon polygon;
  PolygonOrigin origin = { 0 };
  gint lines[MAX_VERTICES];
  gboolean clockwise[MAX_VERTICES];
  TsrMarathonPoint vertices[MAX_VERTICES];
  guint index = len (self->level->polygons);

  if (points == NULL || n_vertices < 3 || n_vertices > MAX_VERTICES || index >= G_MAXINT16)
    return G_MAXUINT;
  for (guint v = 0; v < n_vertices; v++)
    if (points[v] >= n_points (self))
      return G_MAXUINT;
  /* Every edge must be a line with that side free: check all before changing anything. */
  for (guint v = 0; v < n_vertices; v++)
    {
      guint a = points[v], b = points[(v + 1) % n_vertices];
      const TsrMarathonLine *line;

      lines[v] = find_line (self, a, b);
      if (lines[v] < 0)
        return G_MAXUINT;
      line = LINE (self, lines[v]);
      /* Polygons run clockwise on screen: walking a line from its first endpoint, the polygon
       * on its right is its clockwise owner. */
      clockwise[v] = line->endpoint_indexes[0] == (gint) a;
      if ((clockwise[v] ? line->clockwise_polygon_owner : line->counterclockwise_polygon_owner) != NONE)
        return G_MAXUINT;
      for (guint w = 0; w < v; w++)
        if (lines[w] == lines[v])
          return G_MAXUINT;
      vertices[v] = *point_at (self, a);
    }
  polygon_defaults (self, &polygon);
  polygon.vertex_count = (guint16) n_vertices;
  for (guint v = 0; v < n_vertices; v++)
    {
      TsrMarathonLine *line = LINE (self, lines[v]);
      gint16 other;

      polygon.endpoint_indexes[v] = (gint16) points[v];
      polygon.line_indexes[v] = (gint16) lines[v];
      if (clockwise[v])
        line->clockwise_polygon_owner = (gint16) index;
      else
        line->counterclockwise_polygon_owner = (gint16) index;
      other = clockwise[v] ? line->counterclockwise_polygon_owner : line->clockwise_polygon_owner;
      polygon.adjacent_polygon_indexes[v] = other;
      if (other >= 0 && (guint) other < index)
        {
          TsrMarathonPolygon *neighbour = POLYGON (self, other);

          /* Two polygons share the line now: it is a passage, not a wall. */
          line->flags = (line->flags & ~TSR_MARATHON_LINE_SOLID) | TSR_MARATHON_LINE_TRANSPARENT;
          for (guint w = 0; w < polygon_n_vertices (neighbour); w++)
            if (neighbour->line_indexes[w] == lines[v])
              neighbour->adjacent_polygon_indexes[w] = (gint16) index;
        }
    }
  tsr_marathon_polygon_measure (vertices, n_vertices, &polygon.area, &polygon.center);
  g_array_append_val (ensure_array (&self->level->polygons, sizeof (TsrMarathonPolygon)), polygon);
  g_array_append_val (self->polygon_origins, origin);
  structure_changed (self);
  return index;
}

/* A run of appends starts: what is there now stays when a tail of the run is cut. */
static void
open_run (TsrMarathonLevelMap *self)
{
  if (self->run_open)
    return;
  for (guint k = 0; k < TSR_N_ELEMENT_KINDS; k++)
    self->run_base[k] = level_map_get_n_elements (TSR_VECTOR_MAP (self), k);
  self->run_objects = n_objects (self);
  self->run_annotations = len (self->level->annotations);
  self->run_sides = len (self->level->sides);
  self->run_platforms = len (self->level->platforms);
  self->run_made_platforms = self->level->platforms == NULL;
  g_hash_table_remove_all (self->run_pasted);
  g_array_set_size (self->run_pending, 0);
  self->run_open = TRUE;
}

static guint
level_map_append_element (TsrVectorMap         *map,
                          TsrElementKind        kind,
                          guint                 n_vertices,
                          const TsrVectorPoint *positions,
                          const guint          *points)
{
  TsrMarathonLevelMap *self = TSR_MARATHON_LEVEL_MAP (map);

  open_run (self);
  /* A clip lists its points first: a point after other elements starts the next paste, whose
   * polygons refer only to one another. */
  if (kind == TSR_ELEMENT_POINT && self->last_appended != TSR_ELEMENT_POINT)
    {
      g_hash_table_remove_all (self->run_pasted);
      g_array_set_size (self->run_pending, 0);
    }
  self->last_appended = kind;
  switch (kind)
    {
    case TSR_ELEMENT_POINT:
      return n_vertices == 1 ? append_point (self, positions) : G_MAXUINT;
    case TSR_ELEMENT_SEGMENT:
      return n_vertices == 2 ? append_line (self, points) : G_MAXUINT;
    case TSR_ELEMENT_POLYGON:
      return append_polygon (self, n_vertices, points);
    case TSR_ELEMENT_MARKER:
      /* A clip holds geometry only: an object or annotation cannot be made from a position. */
    case TSR_ELEMENT_RECTANGLE:
    case TSR_N_ELEMENT_KINDS:
    default:
      return G_MAXUINT;
    }
}

/* --- Element data (what a clip carries besides geometry) --- */

#define CLIP_POLYGON 0x50434c50u /* "PCLP" */
#define CLIP_OBJECT  0x4f434c50u
#define CLIP_NOTE    0x4e434c50u

/* A copied polygon: its record, the side on its side of each edge (vertex V to V + 1), and its
 * platform. In-process bytes (the clipboard lives in one process). */
typedef struct {
  guint32             magic;
  guint64             map;
  gint32              index;
  TsrMarathonPolygon  polygon;
  gboolean            has_side[MAX_VERTICES];
  TsrMarathonSide     sides[MAX_VERTICES];
  gboolean            has_platform;
  TsrMarathonPlatform platform;
} PolygonClip;

typedef struct {
  guint32 magic;
  union {
    TsrMarathonObject     object;
    TsrMarathonAnnotation annotation;
  } record;
} MarkerClip;

static gboolean
valid_index (gint    index,
             GArray *array)
{
  return index >= 0 && (guint) index < len (array);
}

static GArray *
lights_of (TsrMarathonLevel *level)
{
  return level->data_version == 0 ? level->old_lights : level->lights;
}

/* A light reference from another level: kept when this level has that light, else the first. */
static gint16
light_or_default (TsrMarathonLevelMap *self,
                  gint16               light)
{
  GArray *lights = lights_of (self->level);

  if (valid_index (light, lights))
    return light;
  return len (lights) > 0 ? 0 : NONE;
}

/* The line of POLYGON joining its vertices V and V + 1 (whatever its line list's rotation). */
static gint
edge_line (TsrMarathonLevelMap      *self,
           const TsrMarathonPolygon *polygon,
           guint                     v)
{
  guint n = polygon_n_vertices (polygon);
  gint a = polygon->endpoint_indexes[v], b = polygon->endpoint_indexes[(v + 1) % n];

  for (guint w = 0; w < n; w++)
    {
      gint l = polygon->line_indexes[w];
      const TsrMarathonLine *line;

      if (!valid_index (l, self->level->lines))
        continue;
      line = LINE (self, l);
      if ((line->endpoint_indexes[0] == a && line->endpoint_indexes[1] == b)
          || (line->endpoint_indexes[0] == b && line->endpoint_indexes[1] == a))
        return l;
    }
  return NONE;
}

static GBytes *
polygon_data (TsrMarathonLevelMap *self,
              guint                index)
{
  PolygonClip *clip = g_new0 (PolygonClip, 1);
  const TsrMarathonPolygon *polygon = POLYGON (self, index);

  clip->magic = CLIP_POLYGON;
  clip->map = self->id;
  clip->index = (gint32) index;
  clip->polygon = *polygon;
  for (guint v = 0; v < polygon_n_vertices (polygon); v++)
    {
      gint l = edge_line (self, polygon, v);
      const TsrMarathonLine *line;
      gint side;

      if (l == NONE)
        continue;
      line = LINE (self, l);
      side = line->clockwise_polygon_owner == (gint) index ? line->clockwise_side_index
             : line->counterclockwise_polygon_owner == (gint) index ? line->counterclockwise_side_index : NONE;
      if (valid_index (side, self->level->sides))
        {
          clip->has_side[v] = TRUE;
          clip->sides[v] = *SIDE (self, side);
        }
    }
  if (polygon->type == POLYGON_PLATFORM && valid_index (polygon->permutation, self->level->platforms))
    {
      clip->has_platform = TRUE;
      clip->platform = g_array_index (self->level->platforms, TsrMarathonPlatform, polygon->permutation);
    }
  return g_bytes_new_take (clip, sizeof *clip);
}

static GBytes *
level_map_get_element_data (TsrVectorMap        *map,
                            const TsrElementRef *element)
{
  TsrMarathonLevelMap *self = TSR_MARATHON_LEVEL_MAP (map);
  MarkerClip *clip;
  guint record;

  if (element->kind == TSR_ELEMENT_POLYGON && element->index < len (self->level->polygons))
    return polygon_data (self, element->index);
  if (element->kind != TSR_ELEMENT_MARKER || element->index >= level_map_get_n_elements (map, TSR_ELEMENT_MARKER))
    return NULL;
  clip = g_new0 (MarkerClip, 1);
  if (tsr_marathon_level_map_get_marker (self, element->index, &record) == TSR_MARATHON_MARKER_OBJECT)
    {
      clip->magic = CLIP_OBJECT;
      clip->record.object = *OBJECT (self, record);
    }
  else
    {
      clip->magic = CLIP_NOTE;
      clip->record.annotation = *ANNOTATION (self, record);
    }
  return g_bytes_new_take (clip, sizeof *clip);
}

static const void *
clip_of (GBytes  *data,
         gsize    size,
         guint32  magic)
{
  gsize found = 0;
  const guint32 *bytes = data != NULL ? g_bytes_get_data (data, &found) : NULL;

  return bytes != NULL && found == size && *bytes == magic ? bytes : NULL;
}

/* The pasted polygon now standing for polygon INDEX of map MAP in this run, or -1. */
static gint
pasted_polygon (TsrMarathonLevelMap *self,
                guint64              map,
                gint                 index)
{
  PastedKey key = { map, index };

  return GPOINTER_TO_INT (g_hash_table_lookup (self->run_pasted, &key)) - 1;
}

static void
resolve_reference (TsrMarathonLevelMap    *self,
                   const PendingReference *pending,
                   gint                    target)
{
  if (pending->side >= 0)
    {
      SIDE (self, pending->side)->control_panel_permutation = (gint16) target;
      SIDE (self, pending->side)->flags |= SIDE_IS_CONTROL_PANEL;
    }
  else
    {
      POLYGON (self, pending->polygon)->type = pending->type;
      POLYGON (self, pending->polygon)->permutation = (gint16) target;
    }
}

/* A reference from pasted polygon POLYGON to copied polygon TARGET: the pasted copy of it when it
 * is in this run already, else later when it comes (until then, the polygon is a plain one and
 * the switch no control panel). */
static void
refer_to_copied (TsrMarathonLevelMap *self,
                 guint64              map,
                 gint                 target,
                 guint                polygon,
                 gint                 side,
                 gint16               type)
{
  PendingReference pending = { { map, target }, polygon, side, type };
  gint found = pasted_polygon (self, map, target);

  if (found >= 0)
    {
      resolve_reference (self, &pending, found);
      return;
    }
  if (side >= 0)
    SIDE (self, side)->flags &= ~SIDE_IS_CONTROL_PANEL;
  else
    {
      POLYGON (self, polygon)->type = 0;
      POLYGON (self, polygon)->permutation = 0;
    }
  g_array_append_val (self->run_pending, pending);
}

static void
register_pasted (TsrMarathonLevelMap *self,
                 guint64              map,
                 gint                 source,
                 guint                index)
{
  PastedKey *key = g_new (PastedKey, 1);

  *key = (PastedKey) { map, source };
  g_hash_table_insert (self->run_pasted, key, GINT_TO_POINTER ((gint) index + 1));
  for (guint i = 0; i < self->run_pending->len; i++)
    {
      PendingReference *pending = &g_array_index (self->run_pending, PendingReference, i);

      if (pending->target.map == map && pending->target.polygon == source)
        {
          resolve_reference (self, pending, (gint) index);
          g_array_remove_index (self->run_pending, i--);
        }
    }
}

/* Gives the just appended polygon INDEX the copied record, sides and platform. */
static void
apply_polygon_clip (TsrMarathonLevelMap *self,
                    guint                index,
                    const PolygonClip   *clip)
{
  TsrMarathonLevel *level = self->level;
  TsrMarathonPolygon *polygon = POLYGON (self, index);
  const TsrMarathonPolygon *copied = &clip->polygon;

  polygon->flags = copied->flags & ~0x4000; /* never detached */
  copy_surfaces (polygon, copied);
  polygon->floor_origin = copied->floor_origin;
  polygon->ceiling_origin = copied->ceiling_origin;
  polygon->floor_lightsource_index = light_or_default (self, copied->floor_lightsource_index);
  polygon->ceiling_lightsource_index = light_or_default (self, copied->ceiling_lightsource_index);
  polygon->media_index = valid_index (copied->media_index, level->media) ? copied->media_index : NONE;
  polygon->media_lightsource_index = polygon->media_index != NONE
                                     ? light_or_default (self, copied->media_lightsource_index) : NONE;
  polygon->ambient_sound_image_index = valid_index (copied->ambient_sound_image_index, level->ambient_sounds)
                                       ? copied->ambient_sound_image_index : NONE;
  polygon->random_sound_image_index = valid_index (copied->random_sound_image_index, level->random_sounds)
                                      ? copied->random_sound_image_index : NONE;
  polygon->type = copied->type;
  polygon->permutation = copied->permutation;
  switch (copied->type)
    {
    case POLYGON_PLATFORM:
      if (clip->has_platform && len (level->platforms) < G_MAXINT16)
        {
          TsrMarathonPlatform platform = clip->platform;

          platform.polygon_index = (gint16) index;
          g_array_append_val (ensure_array (&level->platforms, sizeof (TsrMarathonPlatform)), platform);
          polygon->permutation = (gint16) (level->platforms->len - 1);
        }
      else
        polygon->type = polygon->permutation = 0;
      break;
    case POLYGON_PLATFORM_ON_TRIGGER:
    case POLYGON_PLATFORM_OFF_TRIGGER:
    case POLYGON_TELEPORTER:
      /* A teleporter with a negative permutation goes to another level: nothing to remap. */
      if (copied->type != POLYGON_TELEPORTER || copied->permutation >= 0)
        refer_to_copied (self, clip->map, copied->permutation, index, -1, copied->type);
      break;
    case 6: /* light on / off triggers name a light */
    case 8:
      if (!valid_index (copied->permutation, lights_of (level)))
        polygon->type = polygon->permutation = 0;
      break;
    default:
      break;
    }
  for (guint v = 0; v < polygon_n_vertices (polygon); v++)
    {
      TsrMarathonSide side;
      TsrMarathonLine *line;
      gint16 side_index;

      if (!clip->has_side[v] || len (level->sides) >= G_MAXINT16)
        continue;
      side = clip->sides[v];
      line = LINE (self, polygon->line_indexes[v]);
      side.polygon_index = (gint16) index;
      side.line_index = polygon->line_indexes[v];
      side.primary_lightsource_index = light_or_default (self, side.primary_lightsource_index);
      side.secondary_lightsource_index = light_or_default (self, side.secondary_lightsource_index);
      side.transparent_lightsource_index = light_or_default (self, side.transparent_lightsource_index);
      side_index = (gint16) len (level->sides);
      g_array_append_val (ensure_array (&level->sides, sizeof (TsrMarathonSide)), side);
      if (line->clockwise_polygon_owner == (gint) index)
        line->clockwise_side_index = side_index;
      else
        line->counterclockwise_side_index = side_index;
      polygon->side_indexes[v] = side_index;
      if ((side.flags & SIDE_IS_CONTROL_PANEL) && side.control_panel_type >= 0
          && (gsize) side.control_panel_type < sizeof panel_classes - 1)
        {
          char kind = panel_classes[side.control_panel_type];
          gboolean valid = kind == 'L' ? valid_index (side.control_panel_permutation, lights_of (level))
                           : kind == 'T' ? level->terminals != NULL && side.control_panel_permutation >= 0
                                           && (guint) side.control_panel_permutation < level->terminals->len
                           : TRUE;

          if (kind == 'P')
            refer_to_copied (self, clip->map, side.control_panel_permutation, index, side_index, 0);
          else if (!valid)
            SIDE (self, side_index)->flags &= ~SIDE_IS_CONTROL_PANEL;
        }
    }
  register_pasted (self, clip->map, clip->index, index);
}

/* An object or annotation where a pasted marker lands: inside a polygon, else nowhere. */
static guint
append_marker (TsrMarathonLevelMap  *self,
               const TsrVectorPoint *position,
               const MarkerClip     *clip)
{
  TsrMarathonPoint at = { to_coordinate (position->x), to_coordinate (position->y) };
  gint polygon = tsr_marathon_level_map_polygon_at (self, at.x, at.y);
  /* Its polygon from now on is a function of where it is (never of a drag's path): the origin is
   * the place and polygon it was pasted with. */
  MarkerOrigin origin = { at, (gint16) polygon, TRUE };

  if (clip == NULL || polygon < 0)
    return G_MAXUINT;
  if (clip->magic == CLIP_OBJECT)
    {
      TsrMarathonObject object = clip->record.object;
      guint before[TSR_MARATHON_N_PLACEMENTS];

      if (n_objects (self) >= G_MAXINT16)
        return G_MAXUINT;
      object.x = at.x;
      object.y = at.y;
      object.polygon_index = (gint16) polygon;
      tsr_marathon_count_placed (self->level->objects, before);
      g_array_append_val (ensure_array (&self->level->objects, sizeof (TsrMarathonObject)), object);
      g_array_append_val (self->object_origins, origin);
      /* Undoing the paste removes the tail again, which moves the counts back. */
      shift_placements (self, before);
      structure_changed (self);
      return n_objects (self) - 1;
    }
  else
    {
      TsrMarathonAnnotation annotation = clip->record.annotation;

      if (len (self->level->annotations) >= G_MAXINT16)
        return G_MAXUINT;
      annotation.location = at;
      annotation.polygon_index = (gint16) polygon;
      g_array_append_val (ensure_array (&self->level->annotations, sizeof (TsrMarathonAnnotation)), annotation);
      g_array_append_val (self->annotation_origins, origin);
      structure_changed (self);
      return n_objects (self) + self->level->annotations->len - 1;
    }
}

static guint
level_map_append_element_with_data (TsrVectorMap         *map,
                                    TsrElementKind        kind,
                                    guint                 n_vertices,
                                    const TsrVectorPoint *positions,
                                    const guint          *points,
                                    GBytes               *data)
{
  TsrMarathonLevelMap *self = TSR_MARATHON_LEVEL_MAP (map);
  const PolygonClip *polygon_clip = clip_of (data, sizeof (PolygonClip), CLIP_POLYGON);
  guint index;

  if (kind == TSR_ELEMENT_MARKER)
    {
      const MarkerClip *clip = clip_of (data, sizeof (MarkerClip), CLIP_OBJECT);

      open_run (self);
      self->last_appended = kind;
      if (clip == NULL)
        clip = clip_of (data, sizeof (MarkerClip), CLIP_NOTE);
      return n_vertices == 1 ? append_marker (self, positions, clip) : G_MAXUINT;
    }
  index = level_map_append_element (map, kind, n_vertices, positions, points);
  if (index != G_MAXUINT && kind == TSR_ELEMENT_POLYGON && polygon_clip != NULL)
    apply_polygon_clip (self, index, polygon_clip);
  return index;
}

static void
level_map_add_dependents (TsrVectorMap *map,
                          GArray       *elements)
{
  TsrMarathonLevelMap *self = TSR_MARATHON_LEVEL_MAP (map);
  guint nl = len (self->level->lines), ng = len (self->level->polygons), no = n_objects (self);
  g_autofree guint8 *lines = g_malloc0 (nl + 1);
  g_autofree guint8 *polygons = g_malloc0 (ng + 1);
  guint n = elements->len;

  for (guint i = 0; i < n; i++)
    {
      const TsrElementRef *ref = &g_array_index (elements, TsrElementRef, i);

      if (ref->kind == TSR_ELEMENT_SEGMENT && ref->index < nl)
        lines[ref->index] = 1;
      else if (ref->kind == TSR_ELEMENT_POLYGON && ref->index < ng)
        polygons[ref->index] = 1;
    }
  /* A polygon cannot lose an edge: the polygons of removed lines go (by their line lists and by
   * the lines' owners). */
  for (guint i = 0; i < nl; i++)
    {
      const TsrMarathonLine *line = LINE (self, i);

      if (!lines[i])
        continue;
      if (line->clockwise_polygon_owner >= 0 && (guint) line->clockwise_polygon_owner < ng)
        polygons[line->clockwise_polygon_owner] = 1;
      if (line->counterclockwise_polygon_owner >= 0 && (guint) line->counterclockwise_polygon_owner < ng)
        polygons[line->counterclockwise_polygon_owner] = 1;
    }
  for (guint i = 0; i < ng; i++)
    {
      const TsrMarathonPolygon *polygon = POLYGON (self, i);

      for (guint v = 0; v < polygon_n_vertices (polygon) && !polygons[i]; v++)
        if (polygon->line_indexes[v] >= 0 && (guint) polygon->line_indexes[v] < nl && lines[polygon->line_indexes[v]])
          polygons[i] = 1;
      if (polygons[i])
        {
          TsrElementRef ref = { TSR_ELEMENT_POLYGON, i };

          g_array_append_val (elements, ref);
        }
    }
  /* Objects and annotations live in a polygon: they go with it. */
  for (guint i = 0; i < no + len (self->level->annotations); i++)
    {
      gint16 polygon = i < no ? OBJECT (self, i)->polygon_index : ANNOTATION (self, i - no)->polygon_index;

      if (polygon >= 0 && (guint) polygon < ng && polygons[polygon])
        {
          TsrElementRef ref = { TSR_ELEMENT_MARKER, i };

          g_array_append_val (elements, ref);
        }
    }
  /* The endpoints of removed lines that nothing left uses go too, in the same step, as Weland's
   * line deletion does (a point no line uses is junk a user cannot see to clear). Points that
   * were unused before are the author's: left alone. */
  {
    guint np = n_points (self);
    g_autofree guint8 *point_state = g_malloc0 (np + 1); /* 1 a removed line's, 2 kept in use */

    for (guint i = 0; i < elements->len; i++)
      {
        const TsrElementRef *ref = &g_array_index (elements, TsrElementRef, i);

        if (ref->kind == TSR_ELEMENT_POINT && ref->index < np)
          point_state[ref->index] = 2; /* removed already */
      }
    for (guint i = 0; i < nl; i++)
      for (guint e = 0; e < 2; e++)
        {
          gint16 point = LINE (self, i)->endpoint_indexes[e];

          if (point < 0 || (guint) point >= np)
            continue;
          if (!lines[i])
            point_state[point] = 2;
          else if (point_state[point] == 0)
            point_state[point] = 1;
        }
    for (guint i = 0; i < ng; i++)
      {
        const TsrMarathonPolygon *polygon = POLYGON (self, i);

        if (!polygons[i])
          for (guint v = 0; v < polygon_n_vertices (polygon); v++)
            if (polygon->endpoint_indexes[v] >= 0 && (guint) polygon->endpoint_indexes[v] < np)
              point_state[polygon->endpoint_indexes[v]] = 2;
      }
    for (guint i = 0; i < np; i++)
      if (point_state[i] == 1)
        {
          TsrElementRef ref = { TSR_ELEMENT_POINT, i };

          g_array_append_val (elements, ref);
        }
  }
}

static void
level_map_add_requirements (TsrVectorMap *map,
                            GArray       *elements)
{
  TsrMarathonLevelMap *self = TSR_MARATHON_LEVEL_MAP (map);
  guint n = elements->len, nl = len (self->level->lines);

  /* A polygon is pasted onto its lines, with the objects and annotations inside it. */
  {
    guint ng = len (self->level->polygons), no = n_objects (self);
    g_autofree guint8 *copied = g_malloc0 (ng + 1);

    for (guint i = 0; i < n; i++)
      {
        TsrElementRef ref = g_array_index (elements, TsrElementRef, i);

        if (ref.kind == TSR_ELEMENT_POLYGON && ref.index < ng)
          copied[ref.index] = 1;
      }
    for (guint i = 0; i < no + len (self->level->annotations); i++)
      {
        gint16 polygon = i < no ? OBJECT (self, i)->polygon_index : ANNOTATION (self, i - no)->polygon_index;
        TsrElementRef marker = { TSR_ELEMENT_MARKER, i };

        if (polygon >= 0 && (guint) polygon < ng && copied[polygon])
          g_array_append_val (elements, marker);
      }
  }
  for (guint i = 0; i < n; i++)
    {
      TsrElementRef ref = g_array_index (elements, TsrElementRef, i);
      const TsrMarathonPolygon *polygon;

      if (ref.kind != TSR_ELEMENT_POLYGON || ref.index >= len (self->level->polygons))
        continue;
      polygon = POLYGON (self, ref.index);
      for (guint v = 0; v < polygon_n_vertices (polygon); v++)
        if (polygon->line_indexes[v] >= 0 && (guint) polygon->line_indexes[v] < nl)
          {
            TsrElementRef line = { TSR_ELEMENT_SEGMENT, (guint) polygon->line_indexes[v] };

            g_array_append_val (elements, line);
          }
    }
}

/* The engine needs every polygon convex and clockwise: what a move must not break. */
static TsrShapeProblem
level_map_get_shape_problem (TsrVectorMap        *map,
                             const TsrElementRef *element)
{
  TsrMarathonLevelMap *self = TSR_MARATHON_LEVEL_MAP (map);

  if (element->kind != TSR_ELEMENT_POLYGON || self->level->polygons == NULL
      || element->index >= self->level->polygons->len)
    return TSR_SHAPE_OK;
  switch (tsr_marathon_level_polygon_shape (self->level, element->index))
    {
    case TSR_MARATHON_SHAPE_OK:
      return TSR_SHAPE_OK;
    case TSR_MARATHON_SHAPE_CONCAVE:
      return TSR_SHAPE_CONCAVE;
    case TSR_MARATHON_SHAPE_SELF_INTERSECTING:
      return TSR_SHAPE_SELF_INTERSECTING;
    case TSR_MARATHON_SHAPE_INSIDE_OUT:
      return TSR_SHAPE_INSIDE_OUT;
    case TSR_MARATHON_SHAPE_DEGENERATE:
    default:
      return TSR_SHAPE_DEGENERATE;
    }
}

static char *
level_map_take_edit_note (TsrVectorMap *map)
{
  return take_placement_note (TSR_MARATHON_LEVEL_MAP (map));
}

static void
tsr_marathon_level_map_vector_map_init (TsrVectorMapInterface *iface)
{
  iface->get_family = level_map_get_family;
  iface->get_n_elements = level_map_get_n_elements;
  iface->get_n_vertices = level_map_get_n_vertices;
  iface->get_vertex = level_map_get_vertex;
  iface->get_vertex_point = level_map_get_vertex_point;
  iface->set_vertex = level_map_set_vertex;
  iface->remove_elements = level_map_remove_elements;
  iface->restore_removed = level_map_restore_removed;
  iface->free_removed = level_map_free_removed;
  iface->append_element = level_map_append_element;
  iface->add_dependents = level_map_add_dependents;
  iface->add_requirements = level_map_add_requirements;
  iface->get_element_data = level_map_get_element_data;
  iface->append_element_with_data = level_map_append_element_with_data;
  iface->get_shape_problem = level_map_get_shape_problem;
  iface->take_edit_note = level_map_take_edit_note;
}

/* --- Object --- */

static void
tsr_marathon_level_map_finalize (GObject *object)
{
  TsrMarathonLevelMap *self = TSR_MARATHON_LEVEL_MAP (object);

  g_array_unref (self->line_origins);
  g_array_unref (self->polygon_origins);
  g_array_unref (self->object_origins);
  g_array_unref (self->annotation_origins);
  g_array_unref (self->line_start);
  g_array_unref (self->line_items);
  g_array_unref (self->polygon_start);
  g_array_unref (self->polygon_items);
  g_hash_table_unref (self->run_pasted);
  g_array_unref (self->run_pending);
  g_clear_pointer (&self->note_base, g_array_unref);
  g_free (self->change_note);
  G_OBJECT_CLASS (tsr_marathon_level_map_parent_class)->finalize (object);
}

static gint next_map_id;

static guint
pasted_key_hash (gconstpointer key)
{
  const PastedKey *k = key;

  return (guint) k->map * 31u + (guint) k->polygon;
}

static gboolean
pasted_key_equal (gconstpointer a,
                  gconstpointer b)
{
  const PastedKey *ka = a, *kb = b;

  return ka->map == kb->map && ka->polygon == kb->polygon;
}

static void
tsr_marathon_level_map_class_init (TsrMarathonLevelMapClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_marathon_level_map_finalize;
}

static void
tsr_marathon_level_map_init (TsrMarathonLevelMap *self)
{
  self->line_origins = g_array_new (FALSE, TRUE, sizeof (LineOrigin));
  self->polygon_origins = g_array_new (FALSE, TRUE, sizeof (PolygonOrigin));
  self->object_origins = g_array_new (FALSE, TRUE, sizeof (MarkerOrigin));
  self->annotation_origins = g_array_new (FALSE, TRUE, sizeof (MarkerOrigin));
  self->line_start = g_array_new (FALSE, TRUE, sizeof (guint));
  self->line_items = g_array_new (FALSE, TRUE, sizeof (guint));
  self->polygon_start = g_array_new (FALSE, TRUE, sizeof (guint));
  self->polygon_items = g_array_new (FALSE, TRUE, sizeof (guint));
  self->run_pasted = g_hash_table_new_full (pasted_key_hash, pasted_key_equal, g_free, NULL);
  self->run_pending = g_array_new (FALSE, FALSE, sizeof (PendingReference));
  self->id = (guint64) g_atomic_int_add (&next_map_id, 1) + 1;
  self->last_appended = TSR_ELEMENT_POINT;
}

TsrMarathonLevelMap *
tsr_marathon_level_map_new (TsrMarathonLevel *level)
{
  TsrMarathonLevelMap *self;

  g_return_val_if_fail (level != NULL, NULL);

  self = g_object_new (TSR_TYPE_MARATHON_LEVEL_MAP, NULL);
  self->level = level;
  build_origins (self);
  g_signal_connect (self, "elements-changed", G_CALLBACK (on_own_elements_changed), NULL);
  return self;
}

TsrMarathonLevel *
tsr_marathon_level_map_get_level (TsrMarathonLevelMap *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (self), NULL);
  return self->level;
}

TsrMarathonMarkerKind
tsr_marathon_level_map_get_marker (TsrMarathonLevelMap *self,
                                   guint                marker,
                                   guint               *record)
{
  guint no = n_objects (self);

  if (marker < no)
    {
      *record = marker;
      return TSR_MARATHON_MARKER_OBJECT;
    }
  *record = marker - no;
  return TSR_MARATHON_MARKER_ANNOTATION;
}

guint
tsr_marathon_level_map_object_marker (TsrMarathonLevelMap *self,
                                      guint                object)
{
  return object;
}

guint
tsr_marathon_level_map_annotation_marker (TsrMarathonLevelMap *self,
                                          guint                annotation)
{
  return n_objects (self) + annotation;
}

TsrMarathonRecordKind
tsr_marathon_level_map_record_of (TsrMarathonLevelMap *self,
                                  const TsrElementRef *element,
                                  guint               *record)
{
  *record = element->index;
  switch (element->kind)
    {
    case TSR_ELEMENT_POINT:
      return self->level->endpoints != NULL ? TSR_MARATHON_RECORD_ENDPOINT : TSR_MARATHON_RECORD_POINT;
    case TSR_ELEMENT_SEGMENT:
      return TSR_MARATHON_RECORD_LINE;
    case TSR_ELEMENT_POLYGON:
      return TSR_MARATHON_RECORD_POLYGON;
    case TSR_ELEMENT_MARKER:
      return tsr_marathon_level_map_get_marker (self, element->index, record) == TSR_MARATHON_MARKER_OBJECT
             ? TSR_MARATHON_RECORD_OBJECT : TSR_MARATHON_RECORD_ANNOTATION;
    case TSR_ELEMENT_RECTANGLE:
    case TSR_N_ELEMENT_KINDS:
    default:
      return TSR_MARATHON_N_MAP_RECORDS;
    }
}

gpointer
tsr_marathon_level_map_get_record (TsrMarathonLevelMap  *self,
                                   TsrMarathonRecordKind kind,
                                   guint                 index,
                                   gsize                *size)
{
  GArray *records;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (self), NULL);
  if (kind == TSR_MARATHON_RECORD_MAP_INFO)
    {
      if (!self->level->has_info || index != 0)
        return NULL;
      if (size != NULL)
        *size = sizeof (TsrMarathonMapInfo);
      return &self->level->info;
    }
  records = tsr_marathon_level_map_get_records (self, kind);
  if (records == NULL || index >= records->len)
    return NULL;
  if (size != NULL)
    *size = g_array_get_element_size (records);
  return records->data + (gsize) index * g_array_get_element_size (records);
}

guint
tsr_marathon_level_map_get_n_records (TsrMarathonLevelMap  *self,
                                      TsrMarathonRecordKind kind)
{
  GArray *records;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (self), 0);
  if (kind == TSR_MARATHON_RECORD_MAP_INFO)
    return self->level->has_info ? 1 : 0;
  records = tsr_marathon_level_map_get_records (self, kind);
  return records != NULL ? records->len : 0;
}

GArray *
tsr_marathon_level_map_get_records (TsrMarathonLevelMap  *self,
                                    TsrMarathonRecordKind kind)
{
  TsrMarathonLevel *level;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (self), NULL);
  level = self->level;
  switch (kind)
    {
    case TSR_MARATHON_RECORD_POINT: return level->points;
    case TSR_MARATHON_RECORD_ENDPOINT: return level->endpoints;
    case TSR_MARATHON_RECORD_LINE: return level->lines;
    case TSR_MARATHON_RECORD_SIDE: return level->sides;
    case TSR_MARATHON_RECORD_POLYGON: return level->polygons;
    case TSR_MARATHON_RECORD_LIGHT: return level->lights;
    case TSR_MARATHON_RECORD_OLD_LIGHT: return level->old_lights;
    case TSR_MARATHON_RECORD_ANNOTATION: return level->annotations;
    case TSR_MARATHON_RECORD_OBJECT: return level->objects;
    case TSR_MARATHON_RECORD_PLACEMENT: return level->placements;
    case TSR_MARATHON_RECORD_PLATFORM: return level->platforms;
    case TSR_MARATHON_RECORD_MEDIA: return level->media;
    case TSR_MARATHON_RECORD_AMBIENT_SOUND: return level->ambient_sounds;
    case TSR_MARATHON_RECORD_RANDOM_SOUND: return level->random_sounds;
    case TSR_MARATHON_RECORD_MAP_INFO:
    case TSR_MARATHON_N_MAP_RECORDS:
    default:
      return NULL;
    }
}

void
tsr_marathon_level_map_store_record (TsrMarathonLevelMap  *self,
                                     TsrMarathonRecordKind kind,
                                     guint                 index,
                                     gconstpointer         record)
{
  gpointer stored;
  gsize size = 0;
  g_autoptr(GArray) changed = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  TsrElementRef ref = { TSR_N_ELEMENT_KINDS, 0 };

  g_return_if_fail (TSR_IS_MARATHON_LEVEL_MAP (self));
  stored = tsr_marathon_level_map_get_record (self, kind, index, &size);
  g_return_if_fail (stored != NULL);

  memcpy (stored, record, size);
  self->run_open = FALSE;
  /* Endpoint indexes of lines and polygons may have changed. */
  structure_changed (self);
  switch (kind)
    {
    case TSR_MARATHON_RECORD_POINT:
    case TSR_MARATHON_RECORD_ENDPOINT:
      ref = (TsrElementRef) { TSR_ELEMENT_POINT, index };
      break;
    case TSR_MARATHON_RECORD_LINE:
      ref = (TsrElementRef) { TSR_ELEMENT_SEGMENT, index };
      break;
    case TSR_MARATHON_RECORD_POLYGON:
      ref = (TsrElementRef) { TSR_ELEMENT_POLYGON, index };
      break;
    case TSR_MARATHON_RECORD_OBJECT:
      ref = (TsrElementRef) { TSR_ELEMENT_MARKER, tsr_marathon_level_map_object_marker (self, index) };
      break;
    case TSR_MARATHON_RECORD_ANNOTATION:
      ref = (TsrElementRef) { TSR_ELEMENT_MARKER, tsr_marathon_level_map_annotation_marker (self, index) };
      break;
    default:
      break;
    }
  if (ref.kind != TSR_N_ELEMENT_KINDS)
    {
      g_array_append_val (changed, ref);
      if (ref.kind == TSR_ELEMENT_POINT)
        {
          build_incidence (self);
          for (guint s = g_array_index (self->line_start, guint, index); s < g_array_index (self->line_start, guint, index + 1); s++)
            {
              TsrElementRef line = { TSR_ELEMENT_SEGMENT, g_array_index (self->line_items, guint, s) };

              g_array_append_val (changed, line);
            }
          for (guint s = g_array_index (self->polygon_start, guint, index); s < g_array_index (self->polygon_start, guint, index + 1); s++)
            {
              TsrElementRef polygon = { TSR_ELEMENT_POLYGON, g_array_index (self->polygon_items, guint, s) };

              g_array_append_val (changed, polygon);
            }
          g_array_sort (changed, (GCompareFunc) tsr_element_ref_compare);
        }
    }
  /* Lights, sides, platforms ... change how elements are drawn, not which: the whole view. */
  tsr_vector_map_elements_changed (TSR_VECTOR_MAP (self), (const TsrElementRef *) changed->data, changed->len,
                                   TSR_ELEMENTS_GEOMETRY);
}

void
tsr_marathon_level_map_store_placements (TsrMarathonLevelMap *self,
                                         const GArray        *placements)
{
  g_return_if_fail (TSR_IS_MARATHON_LEVEL_MAP (self));
  put_back (&self->level->placements, (GArray *) placements);
  tsr_vector_map_elements_changed (TSR_VECTOR_MAP (self), NULL, 0, TSR_ELEMENTS_GEOMETRY);
}

GArray *
tsr_marathon_level_map_placements_after_store (TsrMarathonLevelMap *self,
                                               guint                index,
                                               const TsrMarathonObject *object)
{
  TsrMarathonLevel *level;
  guint before[TSR_MARATHON_N_PLACEMENTS], after[TSR_MARATHON_N_PLACEMENTS];
  TsrMarathonObject stored;
  GArray *kept, *result;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (self), NULL);
  level = self->level;
  g_return_val_if_fail (index < n_objects (self), NULL);
  stored = *OBJECT (self, index);
  tsr_marathon_count_placed (level->objects, before);
  *OBJECT (self, index) = *object;
  tsr_marathon_count_placed (level->objects, after);
  *OBJECT (self, index) = stored;
  kept = level->placements;
  level->placements = kept != NULL ? g_array_copy (kept) : NULL;
  tsr_marathon_level_shift_placements (level, before, after);
  result = level->placements;
  level->placements = kept;
  return result;
}

/* --- Changes made outside --- */

TsrMarathonLevelChange *
tsr_marathon_level_map_begin_change (TsrMarathonLevelMap *self)
{
  TsrMarathonLevelChange *change;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (self), NULL);
  change = tsr_marathon_level_change_new (self->level);
  tsr_marathon_level_change_add_array (change, &self->line_origins);
  tsr_marathon_level_change_add_array (change, &self->polygon_origins);
  tsr_marathon_level_change_add_array (change, &self->object_origins);
  tsr_marathon_level_change_add_array (change, &self->annotation_origins);
  /* An edit that adds, deletes or retypes objects moves their initial counts (end_change). */
  tsr_marathon_level_change_add_array (change, &self->level->placements);
  tsr_marathon_count_placed (self->level->objects, self->change_placed);
  tsr_marathon_level_change_add_bytes (change, &self->run_open, sizeof self->run_open);
  tsr_marathon_level_change_add_bytes (change, self->run_base, sizeof self->run_base);
  /* The rest of the run, or undoing the edit reopens a run whose record counts are a later
   * paste's, and undoing the paste before it would cut the wrong tail of sides and platforms. */
  tsr_marathon_level_change_add_bytes (change, &self->run_objects, sizeof self->run_objects);
  tsr_marathon_level_change_add_bytes (change, &self->run_annotations, sizeof self->run_annotations);
  tsr_marathon_level_change_add_bytes (change, &self->run_sides, sizeof self->run_sides);
  tsr_marathon_level_change_add_bytes (change, &self->run_platforms, sizeof self->run_platforms);
  tsr_marathon_level_change_add_bytes (change, &self->run_made_platforms, sizeof self->run_made_platforms);
  return change;
}

static void
emit_structure (TsrMarathonLevelMap *self)
{
  structure_changed (self);
  tsr_vector_map_elements_changed (TSR_VECTOR_MAP (self), NULL, 0, TSR_ELEMENTS_STRUCTURE | TSR_ELEMENTS_GEOMETRY);
}

gboolean
tsr_marathon_level_map_end_change (TsrMarathonLevelMap    *self,
                                   TsrMarathonLevelChange *change)
{
  gboolean changed;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (self), FALSE);
  {
    GArray *before = self->level->placements != NULL ? g_array_copy (self->level->placements) : NULL;

    guint after[TSR_MARATHON_N_PLACEMENTS];

    tsr_marathon_count_placed (self->level->objects, after);
    g_clear_pointer (&self->change_note, g_free);
    if (tsr_marathon_level_shift_placements (self->level, self->change_placed, after))
      self->change_note = tsr_marathon_describe_placement_change (before, self->level->placements);
    g_clear_pointer (&before, g_array_unref);
  }
  /* The operation derived the level with the engine's arithmetic: those are the values that go
   * with this geometry now (a point moved away and back gets them again). */
  build_origins (self);
  self->run_open = FALSE;
  changed = tsr_marathon_level_change_finish (change);
  if (changed)
    tsr_marathon_level_change_apply (change, FALSE);
  structure_changed (self);
  return changed;
}

void
tsr_marathon_level_map_apply_change (TsrMarathonLevelMap    *self,
                                     TsrMarathonLevelChange *change,
                                     gboolean                forward)
{
  g_return_if_fail (TSR_IS_MARATHON_LEVEL_MAP (self));
  tsr_marathon_level_change_apply (change, forward);
  emit_structure (self);
}
