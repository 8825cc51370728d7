/* tsr-vector-layer.h: a TsrVectorMap as a canvas layer, drawn with cairo: polygons and rectangles
 * filled and outlined, segments as lines, points as small squares, markers as symbols of constant
 * screen size; selected elements highlighted. Only elements whose bounds meet the view are drawn,
 * and a change invalidates only the changed elements' old and new areas. */
#pragma once

#include "edit/tsr-selection.h"
#include "views/tsr-canvas-layer.h"

G_BEGIN_DECLS

/* How one element is drawn. The layer fills in its defaults for the element's kind, then asks the
 * layer's style function (if any) to change what the family wants: colours by a property, a
 * facing for markers, a label. Selected elements are highlighted over whatever the style says. */
typedef struct {
  double   fill[4];    /* RGBA of polygons and rectangles; alpha 0: not filled */
  double   stroke[4];  /* RGBA of outlines, segments, points and markers */
  double   line_width; /* view pixels */
  double   angle;      /* markers: the way they face, radians in map axes (NAN: a plain diamond) */
  char    *label;      /* text drawn beside the element (owned: the layer frees it), or NULL */
  gboolean hidden;     /* not drawn at all */
} TsrVectorStyle;

typedef void (*TsrVectorStyleFunc) (TsrVectorMap        *map,
                                    const TsrElementRef *element,
                                    TsrVectorStyle      *style,
                                    gpointer             user_data);

#define TSR_TYPE_VECTOR_LAYER (tsr_vector_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrVectorLayer, tsr_vector_layer, TSR, VECTOR_LAYER, GObject)

TsrVectorLayer *tsr_vector_layer_new           (TsrVectorMap   *map);
TsrVectorMap   *tsr_vector_layer_get_map       (TsrVectorLayer *self);
/* The selection to highlight (usually the edit session's), or NULL. */
void            tsr_vector_layer_set_selection (TsrVectorLayer *self,
                                                TsrSelection   *selection);
/* Whether the layer paints a background under its bounds (on by default; off when it lies over
 * a tile layer). */
void            tsr_vector_layer_set_background (TsrVectorLayer *self,
                                                 gboolean        background);
/* Styles elements through FUNC (NULL: the defaults). Redraws everything. */
void            tsr_vector_layer_set_style_func (TsrVectorLayer    *self,
                                                 TsrVectorStyleFunc func,
                                                 gpointer           user_data,
                                                 GDestroyNotify     destroy);
/* Below ZOOM (screen pixels per map unit; 0.5 by default) the layer draws an overview: points are
 * left out and markers shrink. Families whose units are small (Marathon: 1024 a world unit) lower it. */
void            tsr_vector_layer_set_overview_zoom (TsrVectorLayer *self,
                                                    double          zoom);
/* The level of detail: segments, and the outlines of polygons and rectangles, whose bounds are
 * narrower and lower than LIMIT view pixels are not drawn (fills are, and selected or labelled
 * elements): a dense map zoomed out looks the same to the eye for less work. Where every such
 * element is at least LIMIT pixels, the drawing is the full one. 1 by default; 0: everything. */
void            tsr_vector_layer_set_detail_limit (TsrVectorLayer *self,
                                                   double          limit);
/* Redraws everything (a style input changed: the draw mode, a light's value). */
void            tsr_vector_layer_restyle         (TsrVectorLayer *self);
/* Keep what was drawn per viewport (two of them) and draw again only what elements-changed names:
 * for families whose look changes only through elements-changed, restyle and the layer's setters
 * (anything else must call tsr_vector_layer_restyle). Off by default. */
void            tsr_vector_layer_set_cached      (TsrVectorLayer *self,
                                                  gboolean        cached);
/* With a cached layer: a frame at another zoom than the kept picture's (of the same size) paints
 * that picture scaled and returns FALSE (a stand-in); the frames after it at the same view draw it
 * anew a band at a time (tsr_canvas_picture_zoom_frame) until one returns TRUE. For a canvas that
 * draws again while a layer returns FALSE. Off by default. */
void            tsr_vector_layer_set_zoom_stand_ins (TsrVectorLayer *self,
                                                     gboolean        stand_ins);
/* Elements drawn by the last draw (tests check culling). */
guint           tsr_vector_layer_get_n_drawn   (TsrVectorLayer *self);

G_END_DECLS
