/* tsr-vector-map.h: what the vector layer, the vector tools and their commands need from a map made
 * of elements (Marathon points/lines/polygons, Doom2D panels and things, Sphere segments ...):
 * element kinds, references, geometry as vertices (owned coordinates or references to point
 * elements), bounds, hit testing with a tolerance constant on screen, rubber-band queries, a
 * change signal naming the elements, and the raw stores commands use. Nothing here knows a
 * format; family documents implement TsrVectorMap beside TsrTileMap. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  TSR_ELEMENT_POINT,     /* one vertex; segments and polygons may refer to it */
  TSR_ELEMENT_SEGMENT,   /* two vertices */
  TSR_ELEMENT_POLYGON,   /* three or more vertices, closed */
  TSR_ELEMENT_RECTANGLE, /* two vertices: opposite corners, axis-aligned */
  TSR_ELEMENT_MARKER,    /* one vertex, drawn as a symbol of constant screen size */
  TSR_N_ELEMENT_KINDS
} TsrElementKind;

#define TSR_TYPE_ELEMENT_KIND (tsr_element_kind_get_type ())
GType tsr_element_kind_get_type (void) G_GNUC_CONST;

/* Bit masks of kinds for queries: 1 << TSR_ELEMENT_POINT, ... */
#define TSR_ELEMENT_MASK(kind)  (1u << (kind))
#define TSR_ELEMENT_MASK_ALL    ((1u << TSR_N_ELEMENT_KINDS) - 1)

/* Names one element of a map. Indices are dense per kind and shift when elements are removed. */
typedef struct {
  TsrElementKind kind;
  guint          index;
} TsrElementRef;

/* Orders by kind, then index (sorted sets of references use it). */
gint     tsr_element_ref_compare (const TsrElementRef *a,
                                  const TsrElementRef *b);
gboolean tsr_element_ref_equal   (const TsrElementRef *a,
                                  const TsrElementRef *b);

typedef struct {
  double x;
  double y;
} TsrVectorPoint;

/* An axis-aligned box in map units. Empty when x1 < x0. */
typedef struct {
  double x0;
  double y0;
  double x1;
  double y1;
} TsrVectorBounds;

void     tsr_vector_bounds_init_empty (TsrVectorBounds       *bounds);
gboolean tsr_vector_bounds_is_empty   (const TsrVectorBounds *bounds);
void     tsr_vector_bounds_add_point  (TsrVectorBounds       *bounds,
                                       double                 x,
                                       double                 y);
void     tsr_vector_bounds_union      (TsrVectorBounds       *bounds,
                                       const TsrVectorBounds *other);
/* The box spanned by two corners in any order. */
TsrVectorBounds tsr_vector_bounds_from_corners (double x0,
                                                double y0,
                                                double x1,
                                                double y1);

/* One vertex of one element: what moves store and restore. */
typedef struct {
  TsrElementRef element;
  guint         vertex;
} TsrVertexRef;

/* Flags of "elements-changed". */
typedef enum {
  TSR_ELEMENTS_GEOMETRY  = 1 << 0, /* the listed elements moved or changed shape */
  TSR_ELEMENTS_STRUCTURE = 1 << 1, /* elements were added or removed: the listed references are
                                    * the added ones or the removed ones (before removal), and the
                                    * indices of later elements may have shifted */
} TsrElementsChange;

/* How one element looks, for families that draw elements by their data (a Doom2D panel by its
 * type); a hidden element is neither drawn nor hit nor caught by a rubber band. */
typedef struct {
  double   color[4]; /* RGBA, 0 to 1: the fill; outlines use it opaque */
  gboolean hidden;
} TsrElementStyle;

/* What a family finds wrong with a polygon's shape (Marathon's must be convex and clockwise). */
typedef enum {
  TSR_SHAPE_OK,
  TSR_SHAPE_CONCAVE,
  TSR_SHAPE_SELF_INTERSECTING,
  TSR_SHAPE_INSIDE_OUT,
  TSR_SHAPE_DEGENERATE, /* no area, or two corners in one place */
} TsrShapeProblem;

/* Half the size, in screen pixels, of the symbol a marker is drawn as (hit tests include it). */
#define TSR_VECTOR_MARKER_RADIUS 6.0

#define TSR_TYPE_VECTOR_MAP (tsr_vector_map_get_type ())
G_DECLARE_INTERFACE (TsrVectorMap, tsr_vector_map, TSR, VECTOR_MAP, GObject)

struct _TsrVectorMapInterface {
  GTypeInterface parent_iface;

  /* Maps of one family can exchange clipboard contents ("marathon", "doom2d"). */
  const char *(*get_family)       (TsrVectorMap        *self);
  guint       (*get_n_elements)   (TsrVectorMap        *self,
                                   TsrElementKind       kind);
  guint       (*get_n_vertices)   (TsrVectorMap        *self,
                                   const TsrElementRef *element);
  void        (*get_vertex)       (TsrVectorMap        *self,
                                   const TsrElementRef *element,
                                   guint                vertex,
                                   TsrVectorPoint      *position);
  /* The index of the POINT element VERTEX is, or G_MAXUINT when ELEMENT owns the coordinates.
   * A point's vertex 0 is itself. */
  guint       (*get_vertex_point) (TsrVectorMap        *self,
                                   const TsrElementRef *element,
                                   guint                vertex);
  /* Raw store of an owned vertex (or a point's vertex 0), no signal and no undo: only commands
   * call it, then emit elements-changed once. */
  void        (*set_vertex)       (TsrVectorMap        *self,
                                   const TsrElementRef *element,
                                   guint                vertex,
                                   const TsrVectorPoint *position);
  /* Removes ELEMENTS (sorted, unique, and already closed over dependents: every segment or
   * polygon using a removed point is listed) and returns what restore_removed needs to put them
   * back exactly, indices included. No signal. */
  gpointer    (*remove_elements)  (TsrVectorMap        *self,
                                   const TsrElementRef *elements,
                                   guint                n_elements);
  void        (*restore_removed)  (TsrVectorMap        *self,
                                   gpointer             removed);
  void        (*free_removed)     (TsrVectorMap        *self,
                                   gpointer             removed);
  /* Appends an element of KIND with N_VERTICES vertices (after every other of its kind): vertex V
   * is point POINTS[V] when POINTS is given and POINTS[V] != G_MAXUINT, otherwise it owns
   * POSITIONS[V]. Returns its index; G_MAXUINT when the family cannot hold it. No signal. Only
   * commands call it (paste); removing the appended elements undoes it. */
  guint       (*append_element)   (TsrVectorMap         *self,
                                   TsrElementKind        kind,
                                   guint                 n_vertices,
                                   const TsrVectorPoint *positions,
                                   const guint          *points);
  /* Optional: fills STYLE for ELEMENT and returns TRUE, or FALSE for the layer's default look. */
  gboolean    (*get_element_style) (TsrVectorMap        *self,
                                    const TsrElementRef *element,
                                    TsrElementStyle     *style);

  /* Optional: adds to ELEMENTS (TsrElementRef, sorted and unique on entry and on return) the
   * family's own dependents, after the points' segments and polygons are in: what removing the
   * elements must remove as well (Marathon: the polygons of a removed line, the objects of a
   * removed polygon). */
  void        (*add_dependents)   (TsrVectorMap         *self,
                                   GArray               *elements);
  /* Optional: adds to ELEMENTS (sorted and unique on entry and on return) what a copy of them
   * needs besides their points, so the clip can be pasted whole (Marathon: a polygon's lines). */
  void        (*add_requirements) (TsrVectorMap         *self,
                                   GArray               *elements);

  /* Optional: what ELEMENT carries besides its geometry (a name, scripts, flags), as bytes the
   * map alone can read back, or NULL. Copies keep it, so a paste brings it along. */
  GBytes     *(*get_element_data) (TsrVectorMap        *self,
                                   const TsrElementRef *element);
  /* Optional raw store, no signal: gives ELEMENT (just appended by a paste) the DATA that
   * get_element_data returned for the copied element of a map of the same family. */
  void        (*set_element_data) (TsrVectorMap        *self,
                                   const TsrElementRef *element,
                                   GBytes              *data);
  /* Optional: append_element with the copied element's DATA (get_element_data, or NULL) at hand,
   * for families whose data decide what the element becomes (a Marathon marker is an object or
   * an annotation, a polygon brings its sides). When set, paste calls it instead of
   * append_element followed by set_element_data. */
  guint       (*append_element_with_data) (TsrVectorMap         *self,
                                           TsrElementKind        kind,
                                           guint                 n_vertices,
                                           const TsrVectorPoint *positions,
                                           const guint          *points,
                                           GBytes               *data);

  /* Optional: what is wrong with the shape of polygon ELEMENT as it is now (TSR_SHAPE_OK when
   * nothing, or when the family takes any shape). Moves ask it to refuse a drag that breaks one. */
  TsrShapeProblem (*get_shape_problem) (TsrVectorMap        *self,
                                        const TsrElementRef *element);

  /* Optional: what the edits since the last call changed besides the elements themselves, for
   * the command's name in the history (Marathon: the initial counts an object added, deleted or
   * retyped moved), or NULL; the map forgets it. (transfer full) */
  char       *(*take_edit_note) (TsrVectorMap *self);
};

const char *tsr_vector_map_get_family       (TsrVectorMap        *self);
guint       tsr_vector_map_get_n_elements   (TsrVectorMap        *self,
                                             TsrElementKind       kind);
gboolean    tsr_vector_map_contains         (TsrVectorMap        *self,
                                             const TsrElementRef *element);
guint       tsr_vector_map_get_n_vertices   (TsrVectorMap        *self,
                                             const TsrElementRef *element);
void        tsr_vector_map_get_vertex       (TsrVectorMap        *self,
                                             const TsrElementRef *element,
                                             guint                vertex,
                                             TsrVectorPoint      *position);
guint       tsr_vector_map_get_vertex_point (TsrVectorMap        *self,
                                             const TsrElementRef *element,
                                             guint                vertex);
void        tsr_vector_map_set_vertex       (TsrVectorMap        *self,
                                             const TsrElementRef *element,
                                             guint                vertex,
                                             const TsrVectorPoint *position);
gpointer    tsr_vector_map_remove_elements  (TsrVectorMap        *self,
                                             const TsrElementRef *elements,
                                             guint                n_elements);
void        tsr_vector_map_restore_removed  (TsrVectorMap        *self,
                                             gpointer             removed);
void        tsr_vector_map_free_removed     (TsrVectorMap        *self,
                                             gpointer             removed);
guint       tsr_vector_map_append_element   (TsrVectorMap         *self,
                                             TsrElementKind        kind,
                                             guint                 n_vertices,
                                             const TsrVectorPoint *positions,
                                             const guint          *points);
/* Appends and gives the element DATA (may be NULL): what paste does with a clip's element. */
guint       tsr_vector_map_append_element_with_data (TsrVectorMap         *self,
                                                     TsrElementKind        kind,
                                                     guint                 n_vertices,
                                                     const TsrVectorPoint *positions,
                                                     const guint          *points,
                                                     GBytes               *data);

/* ELEMENT's own look; FALSE (STYLE untouched) when the family leaves it to the layer. */
gboolean    tsr_vector_map_get_element_style (TsrVectorMap        *self,
                                              const TsrElementRef *element,
                                              TsrElementStyle     *style);
/* Whether the family hides ELEMENT (its style says so). */
gboolean    tsr_vector_map_is_element_hidden (TsrVectorMap        *self,
                                              const TsrElementRef *element);
/* The element's own data (transfer full; NULL when the family keeps none), and its raw store. */
GBytes     *tsr_vector_map_get_element_data (TsrVectorMap        *self,
                                             const TsrElementRef *element);
void        tsr_vector_map_set_element_data (TsrVectorMap        *self,
                                             const TsrElementRef *element,
                                             GBytes              *data);

/* What the family finds wrong with polygon ELEMENT's shape; TSR_SHAPE_OK without the hook. */
TsrShapeProblem tsr_vector_map_get_shape_problem (TsrVectorMap        *self,
                                                  const TsrElementRef *element);
/* The map's note on the edits since the last call (take_edit_note), or NULL. (transfer full) */
char       *tsr_vector_map_take_edit_note     (TsrVectorMap        *self);
/* Takes the map's note and adds it to COMMAND (tsr_command_add_note): the generic commands call
 * it after each redo (and drop the note after undo), so the history shows what the family
 * changed with the elements. */
void        tsr_vector_map_note_command       (TsrVectorMap        *self,
                                               gpointer             command);
/* The elements that storing VERTICES (as collect_vertices gives them) changes: their owners and
 * every segment and polygon using a moved point, sorted and unique (TsrElementRef). */
GArray     *tsr_vector_map_elements_moved_by (TsrVectorMap        *self,
                                              const TsrVertexRef  *vertices,
                                              guint                n_vertices);

/* The box around ELEMENT's vertices (a marker's symbol is not included: it has no map size). */
void        tsr_vector_map_get_element_bounds (TsrVectorMap        *self,
                                               const TsrElementRef *element,
                                               TsrVectorBounds     *bounds);
/* The box around every element; empty for an empty map. */
void        tsr_vector_map_get_bounds       (TsrVectorMap        *self,
                                             TsrVectorBounds     *bounds);

/* The element under the map point (X, Y) for a pointer TOLERANCE screen pixels wide at ZOOM
 * (screen pixels per map unit), among KINDS (a TSR_ELEMENT_MASK set), so the tolerance is the
 * same on screen at every zoom. Points and markers win over segments, segments over the outlines
 * of rectangles and polygons (a line drawn on a polygon's edge is what a click there means), and
 * outlines over insides (the smallest inside wins); within a class the nearest wins, then the
 * later element (drawn on top). Hidden elements are never hit. */
gboolean    tsr_vector_map_hit_test         (TsrVectorMap        *self,
                                             double               x,
                                             double               y,
                                             double               tolerance,
                                             double               zoom,
                                             guint                kinds,
                                             TsrElementRef       *hit);
/* The elements of KINDS lying wholly inside AREA (a rubber band), hidden ones left out, sorted
 * (TsrElementRef). */
GArray     *tsr_vector_map_elements_in     (TsrVectorMap          *self,
                                             const TsrVectorBounds *area,
                                             guint                  kinds);
/* ELEMENTS (sorted, unique) plus every segment and polygon using one of their points, sorted
 * (TsrElementRef): what removing ELEMENTS must remove. */
GArray     *tsr_vector_map_close_over_dependents (TsrVectorMap        *self,
                                                  const TsrElementRef *elements,
                                                  guint                n_elements);
/* ELEMENTS (sorted, unique) plus what the family says a copy of them needs (add_requirements),
 * sorted (TsrElementRef). */
GArray     *tsr_vector_map_close_over_requirements (TsrVectorMap        *self,
                                                    const TsrElementRef *elements,
                                                    guint                n_elements);
/* The distinct coordinates that moving ELEMENTS moves (TsrVertexRef): a vertex that is a point
 * becomes that point's vertex 0, so a point shared by two selected segments moves once. */
GArray     *tsr_vector_map_collect_vertices (TsrVectorMap        *self,
                                             const TsrElementRef *elements,
                                             guint                n_elements);
/* The move operation commands use: stores POSITIONS into VERTICES (as collect_vertices gives
 * them) and emits one elements-changed (GEOMETRY) for the owners and every element using a moved
 * point. */
void        tsr_vector_map_store_vertices   (TsrVectorMap         *self,
                                             const TsrVertexRef   *vertices,
                                             const TsrVectorPoint *positions,
                                             guint                 n_vertices);

/* Emits "elements-changed (gpointer elements, guint n_elements, TsrElementsChange flags)":
 * ELEMENTS is a const TsrElementRef array valid during the emission. */
void        tsr_vector_map_elements_changed (TsrVectorMap        *self,
                                             const TsrElementRef *elements,
                                             guint                n_elements,
                                             TsrElementsChange    flags);

G_END_DECLS
