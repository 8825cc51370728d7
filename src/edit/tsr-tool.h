/* tsr-tool.h: one editing tool (select, move, the tile tools ...), independent of any widget. The
 * canvas turns gestures into press/drag/release/hover in map coordinates and keys into TsrToolKey,
 * shows the tool's cursor, and draws its overlay items with cairo. A tool declares which kind of
 * layer it edits; it changes documents only through commands on the session's undo stack. */
#pragma once

#include "edit/tsr-vector-map.h"

G_BEGIN_DECLS

/* Modifier keys held during an event, without GDK. */
typedef enum {
  TSR_MODIFIER_NONE    = 0,
  TSR_MODIFIER_SHIFT   = 1 << 0,
  TSR_MODIFIER_CONTROL = 1 << 1,
  TSR_MODIFIER_ALT     = 1 << 2,
} TsrModifiers;

/* The kind of layer a tool edits. */
typedef enum {
  TSR_LAYER_KIND_TILE,
  TSR_LAYER_KIND_VECTOR,
} TsrLayerKind;

#define TSR_TYPE_LAYER_KIND (tsr_layer_kind_get_type ())
GType tsr_layer_kind_get_type (void) G_GNUC_CONST;

/* Keys a tool may act on (the canvas maps keyvals). */
typedef enum {
  TSR_TOOL_KEY_DELETE,
  TSR_TOOL_KEY_ESCAPE,
  TSR_TOOL_KEY_LEFT,
  TSR_TOOL_KEY_RIGHT,
  TSR_TOOL_KEY_UP,
  TSR_TOOL_KEY_DOWN,
} TsrToolKey;

/* One pointer event in map coordinates. ZOOM (screen pixels per map unit) lets tools keep hit
 * tolerances constant on screen. */
typedef struct {
  double       x;
  double       y;
  double       zoom;
  TsrModifiers modifiers;
} TsrToolEvent;

/* What a tool asks the canvas to draw over the layers, in map coordinates. */
typedef enum {
  TSR_OVERLAY_RUBBER_BAND, /* points[0], points[1]: opposite corners of a selecting rectangle */
  TSR_OVERLAY_OUTLINE,     /* a closed outline: a shape being dragged or drawn */
  TSR_OVERLAY_POLYLINE,    /* an open line: a path being drawn */
  TSR_OVERLAY_SELECTION,   /* points[0], points[1]: a selected area (tile selection) */
  TSR_OVERLAY_REFUSED,     /* a closed outline the edit would break (a polygon made concave) */
  TSR_OVERLAY_REFUSED_LINE, /* points[0], points[1]: a line a refused edit blames */
} TsrOverlayKind;

typedef struct {
  TsrOverlayKind  kind;
  guint           n_points;
  TsrVectorPoint *points;
} TsrOverlayItem;

/* A new item (free with tsr_overlay_item_free, or in a GPtrArray made with it as free func). */
TsrOverlayItem *tsr_overlay_item_new  (TsrOverlayKind        kind,
                                       const TsrVectorPoint *points,
                                       guint                 n_points);
/* A rectangle item from two corners. */
TsrOverlayItem *tsr_overlay_item_new_box (TsrOverlayKind     kind,
                                          double             x0,
                                          double             y0,
                                          double             x1,
                                          double             y1);
void            tsr_overlay_item_free (TsrOverlayItem       *item);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrOverlayItem, tsr_overlay_item_free)

#define TSR_TYPE_TOOL (tsr_tool_get_type ())
G_DECLARE_INTERFACE (TsrTool, tsr_tool, TSR, TOOL, GObject)

struct _TsrToolInterface {
  GTypeInterface parent_iface;

  /* A stable identifier ("select", "move", "pencil"). */
  const char   *(*get_id)          (TsrTool            *self);
  TsrLayerKind  (*get_layer_kind)  (TsrTool            *self);
  /* A CSS cursor name ("default", "pointer", "move", "crosshair"), after the last event. */
  const char   *(*get_cursor_name) (TsrTool            *self);
  void          (*press)           (TsrTool            *self,
                                    const TsrToolEvent *event);
  void          (*drag)            (TsrTool            *self,
                                    const TsrToolEvent *event);
  void          (*release)         (TsrTool            *self,
                                    const TsrToolEvent *event);
  /* Pointer moved with no button held. Optional. */
  void          (*hover)           (TsrTool            *self,
                                    const TsrToolEvent *event);
  /* Returns TRUE when the tool used the key. Optional. */
  gboolean      (*key)             (TsrTool            *self,
                                    TsrToolKey          key,
                                    TsrModifiers        modifiers);
  /* Abandons the current drag, putting the document back as it was before the press. */
  void          (*cancel)          (TsrTool            *self);
  /* Appends TsrOverlayItem (owned by ITEMS) for what is in progress. Optional. */
  void          (*get_overlay)     (TsrTool            *self,
                                    GPtrArray          *items);

  gpointer padding[8];
};

const char   *tsr_tool_get_id          (TsrTool            *self);
TsrLayerKind  tsr_tool_get_layer_kind  (TsrTool            *self);
const char   *tsr_tool_get_cursor_name (TsrTool            *self);
void          tsr_tool_press           (TsrTool            *self,
                                        const TsrToolEvent *event);
void          tsr_tool_drag            (TsrTool            *self,
                                        const TsrToolEvent *event);
void          tsr_tool_release         (TsrTool            *self,
                                        const TsrToolEvent *event);
void          tsr_tool_hover           (TsrTool            *self,
                                        const TsrToolEvent *event);
gboolean      tsr_tool_key             (TsrTool            *self,
                                        TsrToolKey          key,
                                        TsrModifiers        modifiers);
void          tsr_tool_cancel          (TsrTool            *self);
/* The overlay items now (TsrOverlayItem; transfer full). */
GPtrArray    *tsr_tool_get_overlay     (TsrTool            *self);

/* For implementations: "overlay-changed" (redraw the overlay) and "cursor-changed". */
void          tsr_tool_overlay_changed (TsrTool            *self);
void          tsr_tool_cursor_changed  (TsrTool            *self);

G_END_DECLS
