/* tsr-map-canvas.c: the map canvas widget. Drawing is the layers' (the tile layer is
 * TsrMapRenderer, shared with the minimap and the benchmark); this file is geometry (zoom,
 * scrolling), input dispatch to the edit session's tool, and overlays. */
#include "config.h"

#include "views/tsr-map-canvas.h"

#include <glib/gi18n.h>
#include <math.h>

#include "edit/tsr-tile-tool-adapter.h"
#include "views/tsr-backdrop.h"
#include "views/tsr-grid-color.h"

/* Low enough for vector maps in small units (a Marathon level spans 65,536 of them). */
#define MIN_ZOOM (1.0 / 1024)
/* Compositing time per frame: half a 60 Hz frame, leaving the rest for GTK and the upload. */
#define FRAME_BUDGET_USEC 8000
#define MAX_ZOOM 32.0

struct _TsrMapCanvas {
  GtkWidget       parent_instance;

  TsrTileMap     *map;
  TsrUndoStack   *undo_stack;
  TsrTileTools   *tools;
  TsrTileLayer   *tile_layer;   /* the map's layer, in LAYERS */
  TsrMapRenderer *renderer;     /* the tile layer's */
  guint           refine_tick_id;
  guint           pointer_tick_id; /* "pointer-changed" in the frame, after the view moved */

  GPtrArray      *layers;       /* TsrCanvasLayer, bottom first */
  /* The map as last drawn (the layers and "draw-overlay") at MAP_VIEWPORT: a frame that changes
   * only what follows the pointer (the status line, a brush outline, a tool's hover) shows it again
   * and draws only the overlay over it, so GTK redraws only where that changed (issue 35). */
  GskRenderNode  *map_node;
  TsrMapViewport  map_viewport;
  gboolean        map_dirty;
  GdkRGBA         grid_color;
  GSettings      *settings;     /* grid-color follows it; NULL without the installed schema */
  /* Input goes to the session's tool: the one set with tsr_map_canvas_set_session, else the
   * canvas's own session over the tile map, whose tool is the tile tools' adapter. */
  TsrEditSession *session;
  TsrEditSession *tile_session;
  TsrTool        *tile_tool;
  TsrTool        *connected_tool;
  gulong          tool_overlay_id;
  gulong          tool_cursor_id;
  gulong          session_tool_id;
  gulong          session_refused_id;
  gboolean        tool_dragging;
  GdkModifierType drag_state;

  GtkAdjustment  *hadjustment;
  GtkAdjustment  *vadjustment;
  guint           hscroll_policy : 1;
  guint           vscroll_policy : 1;
  guint           show_grid : 1;
  guint           space_held : 1;
  guint           panning : 1;
  guint           fit_on_allocate : 1;
  /* The view is the fit and the user has not zoomed or panned since: a new size fits again
   * (maximising right after opening). FITTED_W × FITTED_H is the size it was fitted to. */
  guint           view_fitted : 1;
  guint           laying_out : 1; /* update_scrolling moves the adjustments, not the user */
  int             fitted_w, fitted_h;
  guint           center_on_allocate : 1; /* a centre asked for before the size was known */
  double          pending_center_x, pending_center_y;
  guint           wheel_zooms : 1;

  double          zoom;
  /* The scrollable extent as update_scrolling last laid it out: the viewport is computed from
   * it, so a layer whose bounds just changed does not move the view before the canvas hears of
   * it. KEEP is the map area the view showed when the bounds last changed (drawing, pasting,
   * undo): it stays in the extent, so new geometry never moves what is under the pointer. */
  double          extent_x0, extent_y0, extent_w, extent_h;
  gboolean        has_keep;
  TsrVectorBounds keep;
  double          zoom_gesture_start;
  double          pan_start_h;
  double          pan_start_v;
  double          drag_start_x;
  double          drag_start_y;

  gboolean        drag_claimed; /* a "map-pointer" handler took the current drag */
  gboolean        has_pointer;
  double          pointer_x;
  double          pointer_y;
  char           *pointer_text;
  /* Tool settings kept across maps (a new TsrTileTools is made per map). */
  TsrTileToolKind tool;
  guint           brush_size;
};

static void tsr_map_canvas_scrollable_init (GtkScrollableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMapCanvas, tsr_map_canvas, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, tsr_map_canvas_scrollable_init))

enum {
  PROP_0,
  PROP_ZOOM,
  PROP_SHOW_GRID,
  PROP_POINTER_TEXT,
  PROP_TOOLS,
  PROP_WHEEL_ZOOMS,
  PROP_GRID_COLOR,
  N_PROPS,
  /* GtkScrollable */
  PROP_HADJUSTMENT = N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

enum {
  VIEWPORT_CHANGED,
  POINTER_CHANGED,
  CONTENT_CHANGED,
  DRAW_OVERLAY,
  MAP_POINTER,
  N_SIGNALS
};

G_DEFINE_ENUM_TYPE (TsrMapPointerPhase, tsr_map_pointer_phase,
                    G_DEFINE_ENUM_VALUE (TSR_MAP_POINTER_PRESS, "press"),
                    G_DEFINE_ENUM_VALUE (TSR_MAP_POINTER_MOTION, "motion"),
                    G_DEFINE_ENUM_VALUE (TSR_MAP_POINTER_RELEASE, "release"))

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void update_pointer_text (TsrMapCanvas *self);

/* The map point under the pointer may have changed: the pointer text follows, then "pointer-changed". */
static void
pointer_changed (TsrMapCanvas *self)
{
  update_pointer_text (self);
  g_signal_emit (self, signals[POINTER_CHANGED], 0);
}

static gboolean
pointer_tick (GtkWidget     *widget,
              GdkFrameClock *frame_clock,
              gpointer       user_data)
{
  TSR_MAP_CANVAS (widget)->pointer_tick_id = 0;
  pointer_changed (TSR_MAP_CANVAS (widget));
  return G_SOURCE_REMOVE;
}

/* The view moved under the pointer, or a pan's motion came before the view moved with it: the
 * pointer's text and "pointer-changed" follow once in the frame, after the view moved, instead of
 * at each change (a pan's motion would name the point the pointer left, a move of the view would
 * name it twice, once per adjustment: layouts of the window for nothing, issue 35). */
static void
queue_pointer_changed (TsrMapCanvas *self)
{
  if (self->pointer_tick_id == 0)
    self->pointer_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), pointer_tick, NULL, NULL);
}

/* "viewport-changed", and the map point under the pointer follows in the frame. */
static void
viewport_changed (TsrMapCanvas *self)
{
  g_signal_emit (self, signals[VIEWPORT_CHANGED], 0);
  queue_pointer_changed (self);
}

void
tsr_map_canvas_queue_redraw (TsrMapCanvas *self)
{
  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  self->map_dirty = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tsr_map_canvas_get_content_bounds (TsrMapCanvas    *self,
                                   TsrVectorBounds *bounds)
{
  g_return_if_fail (TSR_IS_MAP_CANVAS (self));

  tsr_vector_bounds_init_empty (bounds);
  for (guint i = 0; i < self->layers->len; i++)
    {
      TsrVectorBounds layer;

      tsr_canvas_layer_get_bounds (self->layers->pdata[i], &layer);
      tsr_vector_bounds_union (bounds, &layer);
    }
}

/* The scrollable extent as last laid out (see extent_x0). */
static void
get_map_extent (TsrMapCanvas *self,
                double       *x0,
                double       *y0,
                double       *width,
                double       *height)
{
  *x0 = self->extent_x0;
  *y0 = self->extent_y0;
  *width = self->extent_w;
  *height = self->extent_h;
}

/* The scrollable extent now: the layers' bounds (a tile map's always start at 0, 0), with the
 * kept view area. */
static void
compute_map_extent (TsrMapCanvas *self,
                    double       *x0,
                    double       *y0,
                    double       *width,
                    double       *height)
{
  TsrVectorBounds bounds;

  tsr_map_canvas_get_content_bounds (self, &bounds);
  if (self->has_keep && !tsr_vector_bounds_is_empty (&bounds))
    tsr_vector_bounds_union (&bounds, &self->keep);
  if (tsr_vector_bounds_is_empty (&bounds))
    {
      *x0 = *y0 = *width = *height = 0;
      return;
    }
  *x0 = bounds.x0;
  *y0 = bounds.y0;
  *width = bounds.x1 - bounds.x0;
  *height = bounds.y1 - bounds.y0;
}

void
tsr_map_canvas_get_viewport (TsrMapCanvas   *self,
                             TsrMapViewport *viewport)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  double map_x0, map_y0, map_w, map_h;

  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  get_map_extent (self, &map_x0, &map_y0, &map_w, &map_h);
  viewport->zoom = self->zoom;
  viewport->width = width;
  viewport->height = height;
  viewport->scale_factor = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  /* A map smaller than the view is centred; a larger one follows the scrollbars. */
  if (map_w * self->zoom <= width || self->hadjustment == NULL)
    viewport->x = map_x0 - (width - map_w * self->zoom) / 2 / self->zoom;
  else
    viewport->x = map_x0 + gtk_adjustment_get_value (self->hadjustment) / self->zoom;
  if (map_h * self->zoom <= height || self->vadjustment == NULL)
    viewport->y = map_y0 - (height - map_h * self->zoom) / 2 / self->zoom;
  else
    viewport->y = map_y0 + gtk_adjustment_get_value (self->vadjustment) / self->zoom;
  /* Whole device pixels, so chunk edges and grid lines land on pixel boundaries. */
  viewport->x = round (viewport->x * self->zoom * viewport->scale_factor) / (self->zoom * viewport->scale_factor);
  viewport->y = round (viewport->y * self->zoom * viewport->scale_factor) / (self->zoom * viewport->scale_factor);
}

static void
configure_adjustment (GtkAdjustment *adjustment,
                      double         content,
                      double         page,
                      double         step,
                      double         value)
{
  double upper = MAX (content, page);

  if (adjustment == NULL)
    return;
  gtk_adjustment_configure (adjustment, CLAMP (value, 0, upper - page), 0, upper, step, page * 0.9, page);
}

/* Recomputes the scroll ranges for the zoom and size, placing the view so the map point
 * (ANCHOR_MAP_X, ANCHOR_MAP_Y) sits at view point (ANCHOR_VIEW_X, ANCHOR_VIEW_Y). */
static void
update_scrolling (TsrMapCanvas *self,
                  double        anchor_map_x,
                  double        anchor_map_y,
                  double        anchor_view_x,
                  double        anchor_view_y)
{
  double map_x0, map_y0, map_w, map_h;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  guint cell_w = 16, cell_h = 16;

  compute_map_extent (self, &map_x0, &map_y0, &map_w, &map_h);
  self->extent_x0 = map_x0;
  self->extent_y0 = map_y0;
  self->extent_w = map_w;
  self->extent_h = map_h;
  if (self->map != NULL)
    tsr_tile_map_get_cell_size (self->map, &cell_w, &cell_h);
  self->laying_out = TRUE;
  configure_adjustment (self->hadjustment, map_w * self->zoom, width, cell_w * self->zoom,
                        (anchor_map_x - map_x0) * self->zoom - anchor_view_x);
  configure_adjustment (self->vadjustment, map_h * self->zoom, height, cell_h * self->zoom,
                        (anchor_map_y - map_y0) * self->zoom - anchor_view_y);
  self->laying_out = FALSE;
  viewport_changed (self);
  tsr_map_canvas_queue_redraw (self);
}

static void
update_pointer_text (TsrMapCanvas *self)
{
  g_autofree char *text = NULL;

  if (self->has_pointer && self->map == NULL && self->layers->len > 0)
    {
      TsrMapViewport viewport;
      double map_x, map_y;

      tsr_map_canvas_get_viewport (self, &viewport);
      tsr_map_viewport_to_map (&viewport, self->pointer_x, self->pointer_y, &map_x, &map_y);
      /* Translators: a map position for the status line, in map units. */
      text = g_strdup_printf (_("Position %.1f, %.1f"), map_x, map_y);
    }
  else if (self->has_pointer && self->map != NULL)
    {
      TsrMapViewport viewport;
      TsrTileRect bounds = tsr_tile_map_get_bounds (self->map);
      double map_x, map_y;
      gint cell_x, cell_y;

      tsr_map_canvas_get_viewport (self, &viewport);
      tsr_map_viewport_to_map (&viewport, self->pointer_x, self->pointer_y, &map_x, &map_y);
      tsr_map_canvas_view_to_cell (self, self->pointer_x, self->pointer_y, &cell_x, &cell_y);
      if (tsr_tile_rect_contains (&bounds, cell_x, cell_y))
        {
          guint layer = tsr_tile_tools_get_layer (self->tools);
          g_autofree char *name = NULL;

          if (layer < tsr_tile_map_get_n_layers (self->map))
            name = tsr_tile_map_get_tile_name (self->map, layer,
                                               tsr_tile_map_get_tile (self->map, layer, cell_x, cell_y));
          /* Translators: a map position for the status line: cell, pixel, tile name. */
          text = g_strdup_printf (_("Cell %d, %d · Pixel %d, %d · %s"), cell_x, cell_y,
                                  (int) floor (map_x), (int) floor (map_y), name != NULL ? name : "");
        }
    }
  if (text == NULL)
    text = g_strdup ("");
  if (g_strcmp0 (text, self->pointer_text) == 0)
    return;
  g_free (self->pointer_text);
  self->pointer_text = g_steal_pointer (&text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POINTER_TEXT]);
}

void
tsr_map_canvas_view_to_cell (TsrMapCanvas *self,
                             double        view_x,
                             double        view_y,
                             gint         *cell_x,
                             gint         *cell_y)
{
  TsrMapViewport viewport;
  guint cell_w = 1, cell_h = 1;
  double map_x, map_y;

  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  if (self->map != NULL)
    tsr_tile_map_get_cell_size (self->map, &cell_w, &cell_h);
  tsr_map_canvas_get_viewport (self, &viewport);
  tsr_map_viewport_to_map (&viewport, view_x, view_y, &map_x, &map_y);
  *cell_x = (gint) floor (map_x / cell_w);
  *cell_y = (gint) floor (map_y / cell_h);
}

/* --- Zoom --- */

double
tsr_map_canvas_get_zoom (TsrMapCanvas *self)
{
  g_return_val_if_fail (TSR_IS_MAP_CANVAS (self), 1.0);
  return self->zoom;
}

gboolean
tsr_map_canvas_get_pointer (TsrMapCanvas *self,
                            double       *map_x,
                            double       *map_y)
{
  TsrMapViewport viewport;

  g_return_val_if_fail (TSR_IS_MAP_CANVAS (self), FALSE);
  if (!self->has_pointer)
    return FALSE;
  tsr_map_canvas_get_viewport (self, &viewport);
  tsr_map_viewport_to_map (&viewport, self->pointer_x, self->pointer_y, map_x, map_y);
  return TRUE;
}

void
tsr_map_canvas_zoom_at (TsrMapCanvas *self,
                        double        zoom,
                        double        view_x,
                        double        view_y)
{
  TsrMapViewport viewport;
  double map_x, map_y;

  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  zoom = CLAMP (zoom, MIN_ZOOM, MAX_ZOOM);
  self->fit_on_allocate = FALSE;
  /* A zoom of the user's own: the view is theirs now, and a new size keeps it. */
  self->view_fitted = FALSE;
  if (zoom == self->zoom)
    return;
  tsr_map_canvas_get_viewport (self, &viewport);
  tsr_map_viewport_to_map (&viewport, view_x, view_y, &map_x, &map_y);
  self->zoom = zoom;
  update_scrolling (self, map_x, map_y, view_x, view_y);
  update_pointer_text (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

/* Keyboard and menu zoom happen about the pointer when it is over the canvas, else the centre. */
static void
zoom_about_focus (TsrMapCanvas *self,
                  double        zoom)
{
  if (self->has_pointer)
    tsr_map_canvas_zoom_at (self, zoom, self->pointer_x, self->pointer_y);
  else
    tsr_map_canvas_zoom_at (self, zoom, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                            gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
tsr_map_canvas_set_zoom (TsrMapCanvas *self,
                         double        zoom)
{
  zoom_about_focus (self, zoom);
}

void
tsr_map_canvas_zoom_to_fit (TsrMapCanvas *self)
{
  double map_x0, map_y0, map_w, map_h, zoom;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  self->has_keep = FALSE;
  compute_map_extent (self, &map_x0, &map_y0, &map_w, &map_h);
  if (map_w <= 0 || width <= 0 || height <= 0)
    {
      /* Not allocated yet: fit once the size is known. */
      self->fit_on_allocate = TRUE;
      return;
    }
  zoom = MIN (width / map_w, height / map_h);
  tsr_map_canvas_zoom_at (self, zoom, width / 2.0, height / 2.0);
  update_scrolling (self, map_x0 + map_w / 2, map_y0 + map_h / 2, width / 2.0, height / 2.0);
  self->view_fitted = TRUE;
  self->fitted_w = width;
  self->fitted_h = height;
}

/* The scroll position, to tell whether a centring moved the view. */
static void
get_scroll (TsrMapCanvas *self,
            double       *h,
            double       *v)
{
  *h = self->hadjustment != NULL ? gtk_adjustment_get_value (self->hadjustment) : 0;
  *v = self->vadjustment != NULL ? gtk_adjustment_get_value (self->vadjustment) : 0;
}

/* Zoom steps are powers of two so that the levels of detail and 1:1 are always reachable. */
static double
next_zoom (double zoom,
           int    direction)
{
  double exponent = log2 (zoom);

  return pow (2, direction > 0 ? floor (exponent + 1e-6) + 1 : ceil (exponent - 1e-6) - 1);
}

static void
zoom_in_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  TsrMapCanvas *self = TSR_MAP_CANVAS (widget);
  zoom_about_focus (self, next_zoom (self->zoom, 1));
}

static void
zoom_out_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  TsrMapCanvas *self = TSR_MAP_CANVAS (widget);
  zoom_about_focus (self, next_zoom (self->zoom, -1));
}

static void
zoom_one_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  zoom_about_focus (TSR_MAP_CANVAS (widget), 1.0);
}

static void
zoom_fit_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  tsr_map_canvas_zoom_to_fit (TSR_MAP_CANVAS (widget));
}

static TsrEditSession *
current_session (TsrMapCanvas *self)
{
  return self->session != NULL ? self->session : self->tile_session;
}

static TsrTool *
current_tool (TsrMapCanvas *self)
{
  TsrEditSession *session = current_session (self);

  return session != NULL ? tsr_edit_session_get_tool (session) : NULL;
}

/* The vector session's tool, when input goes to a vector layer. */
static gboolean
editing_vectors (TsrMapCanvas *self)
{
  TsrTool *tool = current_tool (self);

  return tool != NULL && tsr_tool_get_layer_kind (tool) == TSR_LAYER_KIND_VECTOR
         && tsr_edit_session_get_vector_map (current_session (self)) != NULL;
}

static void
vector_edit_action (TsrMapCanvas *self,
                    const char   *name)
{
  TsrEditSession *session = current_session (self);
  TsrTool *tool = current_tool (self);

  if (g_str_equal (name, "canvas.copy"))
    tsr_edit_session_copy (session);
  else if (g_str_equal (name, "canvas.cut"))
    tsr_edit_session_cut (session);
  else if (g_str_equal (name, "canvas.delete"))
    tsr_tool_key (tool, TSR_TOOL_KEY_DELETE, 0);
  else if (g_str_equal (name, "canvas.select-none"))
    {
      tsr_edit_session_show_refused (session, NULL);
      tsr_tool_key (tool, TSR_TOOL_KEY_ESCAPE, 0);
    }
  else if (g_str_equal (name, "canvas.select-all"))
    {
      TsrVectorMap *map = tsr_edit_session_get_vector_map (session);
      TsrVectorBounds all = { -G_MAXDOUBLE, -G_MAXDOUBLE, G_MAXDOUBLE, G_MAXDOUBLE };
      g_autoptr(GArray) elements = tsr_vector_map_elements_in (map, &all, TSR_ELEMENT_MASK_ALL);

      tsr_selection_set (tsr_edit_session_get_selection (session), (const TsrElementRef *) elements->data,
                         elements->len);
    }
  else if (g_str_equal (name, "canvas.paste"))
    {
      TsrVectorClip *clip = tsr_edit_session_get_clipboard ();
      TsrVectorBounds bounds;
      double dx = 16 / self->zoom, dy = 16 / self->zoom;

      if (clip == NULL)
        return;
      tsr_vector_clip_get_bounds (clip, &bounds);
      /* At the pointer when it is over the canvas, else beside the original. */
      if (self->has_pointer && !tsr_vector_bounds_is_empty (&bounds))
        {
          TsrMapViewport viewport;
          double map_x, map_y;

          tsr_map_canvas_get_viewport (self, &viewport);
          tsr_map_viewport_to_map (&viewport, self->pointer_x, self->pointer_y, &map_x, &map_y);
          dx = round (map_x - bounds.x0);
          dy = round (map_y - bounds.y0);
        }
      tsr_edit_session_paste (session, dx, dy);
    }
}

static void
edit_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  TsrMapCanvas *self = TSR_MAP_CANVAS (widget);

  if (editing_vectors (self))
    {
      vector_edit_action (self, name);
      return;
    }

  if (self->tools == NULL)
    return;
  if (g_str_equal (name, "canvas.copy"))
    tsr_tile_tools_copy (self->tools);
  else if (g_str_equal (name, "canvas.cut"))
    tsr_tile_tools_cut (self->tools);
  else if (g_str_equal (name, "canvas.delete"))
    tsr_tile_tools_delete (self->tools);
  else if (g_str_equal (name, "canvas.select-none"))
    {
      tsr_tile_tools_cancel (self->tools);
      tsr_tile_tools_set_selection (self->tools, NULL);
    }
  else if (g_str_equal (name, "canvas.select-all"))
    {
      TsrTileRect bounds = tsr_tile_map_get_bounds (self->map);
      tsr_tile_tools_set_selection (self->tools, &bounds);
    }
  else if (g_str_equal (name, "canvas.paste"))
    {
      /* At the pointer when it is over the map, else where the selection is, else top-left of
       * what is visible. */
      TsrTileRect bounds = tsr_tile_map_get_bounds (self->map), selection;
      gint x, y;

      if (self->has_pointer)
        tsr_map_canvas_view_to_cell (self, self->pointer_x, self->pointer_y, &x, &y);
      if (!self->has_pointer || !tsr_tile_rect_contains (&bounds, x, y))
        {
          if (tsr_tile_tools_get_selection (self->tools, &selection))
            x = selection.x, y = selection.y;
          else
            {
              tsr_map_canvas_view_to_cell (self, 0, 0, &x, &y);
              x = MAX (x, 0);
              y = MAX (y, 0);
            }
        }
      tsr_tile_tools_paste (self->tools, x, y);
    }
}

/* --- Input --- */

/* Offers the drag to "map-pointer" handlers; TRUE when one of them has it. */
static gboolean
offer_pointer (TsrMapCanvas       *self,
               TsrMapPointerPhase  phase,
               double              view_x,
               double              view_y,
               GdkModifierType     state)
{
  TsrMapViewport viewport;
  double map_x, map_y;
  gboolean handled = FALSE;

  if (phase != TSR_MAP_POINTER_PRESS && !self->drag_claimed)
    return FALSE;
  tsr_map_canvas_get_viewport (self, &viewport);
  tsr_map_viewport_to_map (&viewport, view_x, view_y, &map_x, &map_y);
  g_signal_emit (self, signals[MAP_POINTER], 0, phase, map_x, map_y, state, &handled);
  if (phase == TSR_MAP_POINTER_PRESS)
    self->drag_claimed = handled;
  else if (phase == TSR_MAP_POINTER_RELEASE)
    {
      handled = TRUE;
      self->drag_claimed = FALSE;
    }
  else
    handled = TRUE;
  return handled;
}

static TsrModifiers
to_modifiers (GdkModifierType state)
{
  TsrModifiers modifiers = TSR_MODIFIER_NONE;

  if (state & GDK_SHIFT_MASK)
    modifiers |= TSR_MODIFIER_SHIFT;
  if (state & GDK_CONTROL_MASK)
    modifiers |= TSR_MODIFIER_CONTROL;
  if (state & GDK_ALT_MASK)
    modifiers |= TSR_MODIFIER_ALT;
  return modifiers;
}

static TsrToolEvent
make_event (TsrMapCanvas    *self,
            double           view_x,
            double           view_y,
            GdkModifierType  state)
{
  TsrMapViewport viewport;
  TsrToolEvent event = { 0, 0, self->zoom, to_modifiers (state) };

  tsr_map_canvas_get_viewport (self, &viewport);
  tsr_map_viewport_to_map (&viewport, view_x, view_y, &event.x, &event.y);
  return event;
}

void
tsr_map_canvas_pointer_press (TsrMapCanvas    *self,
                              double           view_x,
                              double           view_y,
                              GdkModifierType  state)
{
  TsrTool *tool;
  TsrToolEvent event;

  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  tool = current_tool (self);
  if (tool == NULL || offer_pointer (self, TSR_MAP_POINTER_PRESS, view_x, view_y, state))
    return;
  self->tool_dragging = TRUE;
  self->drag_state = state;
  event = make_event (self, view_x, view_y, state);
  tsr_tool_press (tool, &event);
}

void
tsr_map_canvas_pointer_motion (TsrMapCanvas *self,
                               double        view_x,
                               double        view_y)
{
  TsrTool *tool;
  TsrToolEvent event;

  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  tool = current_tool (self);
  if (tool == NULL || offer_pointer (self, TSR_MAP_POINTER_MOTION, view_x, view_y, 0) || !self->tool_dragging)
    return;
  event = make_event (self, view_x, view_y, self->drag_state);
  tsr_tool_drag (tool, &event);
}

void
tsr_map_canvas_pointer_release (TsrMapCanvas *self,
                                double        view_x,
                                double        view_y)
{
  TsrTool *tool;
  TsrToolEvent event;

  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  tool = current_tool (self);
  if (tool == NULL || offer_pointer (self, TSR_MAP_POINTER_RELEASE, view_x, view_y, 0) || !self->tool_dragging)
    return;
  self->tool_dragging = FALSE;
  event = make_event (self, view_x, view_y, self->drag_state);
  tsr_tool_release (tool, &event);
}

/* The tool's cursor, unless panning. */
static void
update_cursor (TsrMapCanvas *self)
{
  TsrTool *tool = current_tool (self);

  if (self->panning || self->space_held)
    return;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), tool != NULL ? tsr_tool_get_cursor_name (tool) : NULL);
}

static void
begin_pan (TsrMapCanvas *self)
{
  self->panning = TRUE;
  self->pan_start_h = self->hadjustment != NULL ? gtk_adjustment_get_value (self->hadjustment) : 0;
  self->pan_start_v = self->vadjustment != NULL ? gtk_adjustment_get_value (self->vadjustment) : 0;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
update_pan (TsrMapCanvas *self,
            double        offset_x,
            double        offset_y)
{
  if (self->hadjustment != NULL)
    gtk_adjustment_set_value (self->hadjustment, self->pan_start_h - offset_x);
  if (self->vadjustment != NULL)
    gtk_adjustment_set_value (self->vadjustment, self->pan_start_v - offset_y);
}

static void
end_pan (TsrMapCanvas *self)
{
  self->panning = FALSE;
  update_cursor (self);
}

static void
on_primary_drag_begin (GtkGestureDrag *gesture, double x, double y, TsrMapCanvas *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->drag_start_x = x;
  self->drag_start_y = y;
  if (self->space_held)
    begin_pan (self);
  else
    tsr_map_canvas_pointer_press (self, x, y, state);
}

static void
on_primary_drag_update (GtkGestureDrag *gesture, double offset_x, double offset_y, TsrMapCanvas *self)
{
  /* Modifiers may change during a drag (Shift keeps a move on one axis). */
  self->drag_state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  if (self->panning)
    update_pan (self, offset_x, offset_y);
  else
    tsr_map_canvas_pointer_motion (self, self->drag_start_x + offset_x, self->drag_start_y + offset_y);
}

static void
on_primary_drag_end (GtkGestureDrag *gesture, double offset_x, double offset_y, TsrMapCanvas *self)
{
  /* The modifiers at the drop decide too (Alt forces a move that breaks a polygon). */
  self->drag_state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  if (self->panning)
    end_pan (self);
  else
    tsr_map_canvas_pointer_release (self, self->drag_start_x + offset_x, self->drag_start_y + offset_y);
}

static void
on_pan_drag_begin (GtkGestureDrag *gesture, double x, double y, TsrMapCanvas *self)
{
  begin_pan (self);
}

static void
on_pan_drag_update (GtkGestureDrag *gesture, double offset_x, double offset_y, TsrMapCanvas *self)
{
  update_pan (self, offset_x, offset_y);
}

static void
on_pan_drag_end (GtkGestureDrag *gesture, double offset_x, double offset_y, TsrMapCanvas *self)
{
  end_pan (self);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller, double dx, double dy, TsrMapCanvas *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean wheel = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;

  /* A mouse wheel zooms (when wheel-zooms is set, else only with Ctrl); a touchpad scrolls,
   * since two-finger scrolling is how touchpad users pan and pinch is how they zoom. */
  if ((state & GDK_CONTROL_MASK) || (wheel && self->wheel_zooms && !(state & GDK_SHIFT_MASK)))
    {
      /* A wheel notch is a factor of √2; touchpad deltas are pixels and zoom proportionally. */
      double factor = wheel ? pow (M_SQRT2, -dy) : exp (-dy / 100.0);
      tsr_map_canvas_zoom_at (self, self->zoom * factor, self->pointer_x, self->pointer_y);
      return TRUE;
    }
  if (state & GDK_SHIFT_MASK && dx == 0)
    dx = dy, dy = 0;
  if (wheel)
    dx *= 64, dy *= 64;
  if (self->hadjustment != NULL)
    gtk_adjustment_set_value (self->hadjustment, gtk_adjustment_get_value (self->hadjustment) + dx);
  if (self->vadjustment != NULL)
    gtk_adjustment_set_value (self->vadjustment, gtk_adjustment_get_value (self->vadjustment) + dy);
  return TRUE;
}

static void
on_zoom_begin (GtkGesture *gesture, GdkEventSequence *sequence, TsrMapCanvas *self)
{
  self->zoom_gesture_start = self->zoom;
}

static void
on_zoom_scale_changed (GtkGestureZoom *gesture, double scale, TsrMapCanvas *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0, y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
  tsr_map_canvas_zoom_at (self, self->zoom_gesture_start * scale, x, y);
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, TsrMapCanvas *self)
{
  self->has_pointer = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  if (!self->tool_dragging && current_tool (self) != NULL && !self->panning)
    {
      TsrToolEvent event = make_event (self, x, y,
                                       gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller)));
      tsr_tool_hover (current_tool (self), &event);
    }
  /* A pan's motion arrives before the view moves with it: the pointer's point follows in the frame
   * (also where the view stops at the edge and does not move). */
  if (self->panning)
    queue_pointer_changed (self);
  else
    pointer_changed (self);
  /* The tile tools' brush outline follows the pointer (the overlay alone is drawn again, the map
   * is shown as kept); a vector tool's hover draws nothing unless it says so (overlay-changed). */
  if (current_tool (self) != NULL && current_tool (self) == self->tile_tool)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *controller, TsrMapCanvas *self)
{
  self->has_pointer = FALSE;
  pointer_changed (self);
  if (current_tool (self) != NULL && current_tool (self) == self->tile_tool)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                GdkModifierType state, TsrMapCanvas *self)
{
  if (keyval == GDK_KEY_space)
    {
      self->space_held = TRUE;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grab");
      return TRUE;
    }
  if (editing_vectors (self))
    {
      TsrToolKey key;

      switch (keyval)
        {
        case GDK_KEY_Left: case GDK_KEY_KP_Left: key = TSR_TOOL_KEY_LEFT; break;
        case GDK_KEY_Right: case GDK_KEY_KP_Right: key = TSR_TOOL_KEY_RIGHT; break;
        case GDK_KEY_Up: case GDK_KEY_KP_Up: key = TSR_TOOL_KEY_UP; break;
        case GDK_KEY_Down: case GDK_KEY_KP_Down: key = TSR_TOOL_KEY_DOWN; break;
        default: return FALSE;
        }
      return tsr_tool_key (current_tool (self), key, to_modifiers (state));
    }
  return FALSE;
}

static void
on_key_released (GtkEventControllerKey *controller, guint keyval, guint keycode,
                 GdkModifierType state, TsrMapCanvas *self)
{
  if (keyval == GDK_KEY_space)
    {
      self->space_held = FALSE;
      if (!self->panning)
        update_cursor (self);
    }
}

/* --- Map, layers, session and tools --- */

static void
on_layer_invalidate_area (TsrCanvasLayer        *layer,
                          const TsrVectorBounds *area,
                          TsrMapCanvas          *self)
{
  /* GTK 4 redraws whole widgets; the layers keep the cost of the frame down (the tile layer
   * re-composites only the chunks under AREA, the vector layer culls to the view). */
  tsr_map_canvas_queue_redraw (self);
  update_pointer_text (self);
  if (layer != TSR_CANVAS_LAYER (self->tile_layer))
    g_signal_emit (self, signals[CONTENT_CHANGED], 0);
}

/* A layer added or removed: the extent is laid out again, the top-left kept where it was. */
static void
relayout_keeping_top_left (TsrMapCanvas *self)
{
  TsrMapViewport viewport;
  double map_x, map_y;

  tsr_map_canvas_get_viewport (self, &viewport);
  tsr_map_viewport_to_map (&viewport, 0, 0, &map_x, &map_y);
  update_scrolling (self, map_x, map_y, 0, 0);
}

/* A layer's bounds changed (geometry drawn, pasted, deleted, undone): the viewport still comes
 * from the extent laid out before, so it is the view the user sees. What it shows stays in the
 * extent, so neither scrolling nor the centring of a map smaller than the view moves it: growing
 * bounds (up or left too) never move what is under the pointer. */
static void
on_layer_bounds_changed (TsrCanvasLayer *layer,
                         TsrMapCanvas   *self)
{
  TsrMapViewport viewport;
  double map_x, map_y;

  tsr_map_canvas_get_viewport (self, &viewport);
  tsr_map_viewport_to_map (&viewport, 0, 0, &map_x, &map_y);
  if (viewport.width > 0 && viewport.height > 0 && self->extent_w > 0 && self->extent_h > 0)
    {
      TsrVectorBounds shown = { map_x, map_y, map_x + viewport.width / viewport.zoom,
                                map_y + viewport.height / viewport.zoom };

      if (!self->has_keep)
        self->keep = shown;
      else
        tsr_vector_bounds_union (&self->keep, &shown);
      self->has_keep = TRUE;
    }
  update_scrolling (self, map_x, map_y, 0, 0);
}

void
tsr_map_canvas_add_layer (TsrMapCanvas   *self,
                          TsrCanvasLayer *layer)
{
  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  g_return_if_fail (TSR_IS_CANVAS_LAYER (layer));

  g_ptr_array_add (self->layers, g_object_ref (layer));
  tsr_canvas_layer_set_grid_color (layer, &self->grid_color);
  g_signal_connect (layer, "invalidate-area", G_CALLBACK (on_layer_invalidate_area), self);
  g_signal_connect (layer, "bounds-changed", G_CALLBACK (on_layer_bounds_changed), self);
  relayout_keeping_top_left (self);
  viewport_changed (self);
}

void
tsr_map_canvas_remove_layer (TsrMapCanvas   *self,
                             TsrCanvasLayer *layer)
{
  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  g_return_if_fail (TSR_IS_CANVAS_LAYER (layer));

  g_signal_handlers_disconnect_by_data (layer, self);
  if (g_ptr_array_remove (self->layers, layer))
    {
      self->has_keep = FALSE;
      relayout_keeping_top_left (self);
      viewport_changed (self);
    }
}

GPtrArray *
tsr_map_canvas_get_layers (TsrMapCanvas *self)
{
  g_return_val_if_fail (TSR_IS_MAP_CANVAS (self), NULL);
  return self->layers;
}

static void
on_tool_overlay_changed (TsrTool      *tool,
                         TsrMapCanvas *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_tool_cursor_changed (TsrTool      *tool,
                        TsrMapCanvas *self)
{
  update_cursor (self);
}

/* Follows the current session's tool: its overlay and its cursor. */
static void
connect_tool (TsrMapCanvas *self)
{
  TsrTool *tool = current_tool (self);

  if (tool == self->connected_tool)
    return;
  if (self->connected_tool != NULL)
    {
      g_clear_signal_handler (&self->tool_overlay_id, self->connected_tool);
      g_clear_signal_handler (&self->tool_cursor_id, self->connected_tool);
      g_object_remove_weak_pointer (G_OBJECT (self->connected_tool), (gpointer *) &self->connected_tool);
    }
  self->connected_tool = tool;
  self->tool_dragging = FALSE;
  if (tool != NULL)
    {
      g_object_add_weak_pointer (G_OBJECT (tool), (gpointer *) &self->connected_tool);
      self->tool_overlay_id = g_signal_connect (tool, "overlay-changed", G_CALLBACK (on_tool_overlay_changed), self);
      self->tool_cursor_id = g_signal_connect (tool, "cursor-changed", G_CALLBACK (on_tool_cursor_changed), self);
    }
  update_cursor (self);
  tsr_map_canvas_queue_redraw (self);
}

static void
on_session_tool_notify (TsrEditSession *session,
                        GParamSpec     *pspec,
                        TsrMapCanvas   *self)
{
  connect_tool (self);
}

void
tsr_map_canvas_set_session (TsrMapCanvas   *self,
                            TsrEditSession *session)
{
  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  g_return_if_fail (session == NULL || TSR_IS_EDIT_SESSION (session));

  if (self->session == session)
    return;
  if (self->session != NULL)
    {
      g_clear_signal_handler (&self->session_tool_id, self->session);
      g_clear_signal_handler (&self->session_refused_id, self->session);
    }
  g_set_object (&self->session, session);
  if (session != NULL)
    {
      self->session_tool_id = g_signal_connect (session, "notify::tool", G_CALLBACK (on_session_tool_notify), self);
      self->session_refused_id = g_signal_connect_swapped (session, "refused-changed",
                                                           G_CALLBACK (gtk_widget_queue_draw), self);
    }
  connect_tool (self);
  update_pointer_text (self);
}

TsrEditSession *
tsr_map_canvas_get_session (TsrMapCanvas *self)
{
  g_return_val_if_fail (TSR_IS_MAP_CANVAS (self), NULL);
  return current_session (self);
}

static void
on_tools_notify (TsrTileTools *tools, GParamSpec *pspec, TsrMapCanvas *self)
{
  self->tool = tsr_tile_tools_get_tool (tools);
  self->brush_size = tsr_tile_tools_get_brush_size (tools);
  update_pointer_text (self);
  tsr_map_canvas_queue_redraw (self);
}

static void
clear_map (TsrMapCanvas *self)
{
  if (self->tools != NULL)
    g_signal_handlers_disconnect_by_func (self->tools, on_tools_notify, self);
  if (self->tile_layer != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->tile_layer, self);
      g_ptr_array_remove (self->layers, self->tile_layer);
    }
  self->renderer = NULL;
  g_clear_object (&self->tile_layer);
  g_clear_object (&self->tile_session);
  g_clear_object (&self->tile_tool);
  g_clear_object (&self->tools);
  g_clear_object (&self->map);
  g_clear_object (&self->undo_stack);
}

void
tsr_map_canvas_set_map (TsrMapCanvas *self,
                        TsrTileMap   *map,
                        TsrUndoStack *undo_stack)
{
  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  g_return_if_fail (map == NULL || TSR_IS_TILE_MAP (map));
  g_return_if_fail (map == NULL || TSR_IS_UNDO_STACK (undo_stack));

  clear_map (self);
  if (map != NULL)
    {
      self->map = g_object_ref (map);
      self->undo_stack = g_object_ref (undo_stack);
      self->tile_layer = tsr_tile_layer_new (map);
      self->renderer = tsr_tile_layer_get_renderer (self->tile_layer);
      tsr_map_renderer_set_show_grid (self->renderer, self->show_grid);
      tsr_map_renderer_set_grid_color (self->renderer, self->grid_color.red, self->grid_color.green,
                                       self->grid_color.blue, self->grid_color.alpha);
      tsr_map_renderer_set_frame_budget (self->renderer, FRAME_BUDGET_USEC);
      /* The map is the bottom layer. */
      g_ptr_array_insert (self->layers, 0, g_object_ref (self->tile_layer));
      g_signal_connect (self->tile_layer, "invalidate-area", G_CALLBACK (on_layer_invalidate_area), self);
      g_signal_connect (self->tile_layer, "bounds-changed", G_CALLBACK (on_layer_bounds_changed), self);
      self->tools = tsr_tile_tools_new (map, undo_stack);
      tsr_tile_tools_set_tool (self->tools, self->tool);
      tsr_tile_tools_set_brush_size (self->tools, self->brush_size);
      self->tile_tool = tsr_tile_tool_adapter_new (self->tools);
      self->tile_session = tsr_edit_session_new_for_stack (undo_stack);
      tsr_edit_session_set_layer (self->tile_session, G_OBJECT (map));
      tsr_edit_session_set_tool (self->tile_session, self->tile_tool);
      g_signal_connect (self->tools, "notify::tool", G_CALLBACK (on_tools_notify), self);
      g_signal_connect (self->tools, "notify::brush-size", G_CALLBACK (on_tools_notify), self);
      g_signal_connect (self->tools, "notify::layer", G_CALLBACK (on_tools_notify), self);
    }
  connect_tool (self);
  self->has_keep = FALSE;
  update_scrolling (self, 0, 0, 0, 0);
  update_pointer_text (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOLS]);
}

TsrTileMap *
tsr_map_canvas_get_map (TsrMapCanvas *self)
{
  g_return_val_if_fail (TSR_IS_MAP_CANVAS (self), NULL);
  return self->map;
}

TsrTileTools *
tsr_map_canvas_get_tools (TsrMapCanvas *self)
{
  g_return_val_if_fail (TSR_IS_MAP_CANVAS (self), NULL);
  return self->tools;
}

void
tsr_map_canvas_get_grid_color (TsrMapCanvas *self,
                               GdkRGBA      *color)
{
  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  *color = self->grid_color;
}

void
tsr_map_canvas_set_grid_color (TsrMapCanvas  *self,
                               const GdkRGBA *color)
{
  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  g_return_if_fail (color != NULL);
  if (gdk_rgba_equal (&self->grid_color, color))
    return;
  self->grid_color = *color;
  if (self->renderer != NULL)
    tsr_map_renderer_set_grid_color (self->renderer, color->red, color->green, color->blue, color->alpha);
  /* The tile layer has no grid of its own to set (the renderer above draws it). */
  for (guint i = 0; i < self->layers->len; i++)
    tsr_canvas_layer_set_grid_color (self->layers->pdata[i], color);
  tsr_map_canvas_queue_redraw (self);
  g_signal_emit (self, signals[CONTENT_CHANGED], 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRID_COLOR]);
}

gboolean
tsr_map_canvas_get_show_grid (TsrMapCanvas *self)
{
  g_return_val_if_fail (TSR_IS_MAP_CANVAS (self), FALSE);
  return self->show_grid;
}

void
tsr_map_canvas_set_show_grid (TsrMapCanvas *self,
                              gboolean      show_grid)
{
  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  if (self->show_grid == !!show_grid)
    return;
  self->show_grid = !!show_grid;
  if (self->renderer != NULL)
    tsr_map_renderer_set_show_grid (self->renderer, self->show_grid);
  tsr_map_canvas_queue_redraw (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_GRID]);
}

const char *
tsr_map_canvas_get_pointer_text (TsrMapCanvas *self)
{
  g_return_val_if_fail (TSR_IS_MAP_CANVAS (self), NULL);
  return self->pointer_text;
}

void
tsr_map_canvas_center_on (TsrMapCanvas *self,
                          double        map_x,
                          double        map_y)
{
  double h, v, new_h, new_v;

  g_return_if_fail (TSR_IS_MAP_CANVAS (self));
  /* Not allocated yet, or a fit waits for the size (a page shown just now): centre after it. */
  self->center_on_allocate = self->fit_on_allocate || gtk_widget_get_width (GTK_WIDGET (self)) <= 0;
  self->pending_center_x = map_x;
  self->pending_center_y = map_y;
  get_scroll (self, &h, &v);
  update_scrolling (self, map_x, map_y, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                    gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
  /* Going to a place (a finding, an entity) that moved the view makes it the user's. */
  get_scroll (self, &new_h, &new_v);
  if (new_h != h || new_v != v)
    self->view_fitted = FALSE;
}

/* --- Drawing --- */

static void
rect_to_view (TsrMapCanvas         *self,
              const TsrMapViewport *viewport,
              const TsrTileRect    *cells,
              graphene_rect_t      *view)
{
  guint cell_w, cell_h;
  double x0, y0, x1, y1;

  tsr_tile_map_get_cell_size (self->map, &cell_w, &cell_h);
  tsr_map_viewport_to_view (viewport, (double) cells->x * cell_w, (double) cells->y * cell_h, &x0, &y0);
  tsr_map_viewport_to_view (viewport, (double) (cells->x + cells->width) * cell_w,
                            (double) (cells->y + cells->height) * cell_h, &x1, &y1);
  graphene_rect_init (view, (float) x0, (float) y0, (float) (x1 - x0), (float) (y1 - y0));
}

/* A two-tone dashed outline reads on any tile colours. */
static void
stroke_outline (cairo_t               *cr,
                const graphene_rect_t *rect,
                double                 red,
                double                 green,
                double                 blue)
{
  static const double dashes[] = { 4, 4 };

  cairo_rectangle (cr, rect->origin.x + 0.5, rect->origin.y + 0.5, rect->size.width - 1, rect->size.height - 1);
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dashes, 2, 0);
  cairo_set_source_rgb (cr, red, green, blue);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

static void
draw_overlays (TsrMapCanvas         *self,
               cairo_t              *cr,
               const TsrMapViewport *viewport)
{
  TsrTileRect rect;
  graphene_rect_t view;

  gint dx, dy;

  if (tsr_tile_tools_get_selection (self->tools, &rect)
      && tsr_tile_tools_get_move_offset (self->tools, &dx, &dy))
    tsr_map_renderer_draw_floating (self->renderer, cr, viewport, tsr_tile_tools_get_layer (self->tools),
                                    &rect, dx, dy);
  if (tsr_tile_tools_get_selection (self->tools, &rect))
    {
      rect_to_view (self, viewport, &rect, &view);
      cairo_rectangle (cr, view.origin.x, view.origin.y, view.size.width, view.size.height);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.18);
      cairo_fill (cr);
      stroke_outline (cr, &view, 1, 1, 1);
    }
  if (tsr_tile_tools_get_preview (self->tools, &rect))
    {
      rect_to_view (self, viewport, &rect, &view);
      stroke_outline (cr, &view, 1, 0.85, 0.2);
    }
  else if (self->has_pointer && !self->panning)
    {
      TsrTileToolKind tool = tsr_tile_tools_get_tool (self->tools);
      gint size = (tool == TSR_TILE_TOOL_PENCIL || tool == TSR_TILE_TOOL_ERASER)
                  ? (gint) tsr_tile_tools_get_brush_size (self->tools) : 1;
      gint x, y;

      /* The cells the next click changes. */
      tsr_map_canvas_view_to_cell (self, self->pointer_x, self->pointer_y, &x, &y);
      rect = (TsrTileRect) { x - size / 2, y - size / 2, size, size };
      rect_to_view (self, viewport, &rect, &view);
      stroke_outline (cr, &view, 1, 1, 1);
    }
}

/* Overlay items (rubber band, outlines, what a refusal blames) in view pixels. */
static void
draw_items (cairo_t              *cr,
            const TsrMapViewport *viewport,
            GPtrArray            *items)
{
  for (guint i = 0; i < items->len; i++)
    {
      const TsrOverlayItem *item = items->pdata[i];
      double x0, y0, x1, y1;
      graphene_rect_t rect;

      if (item->n_points == 0)
        continue;
      if ((item->kind == TSR_OVERLAY_RUBBER_BAND || item->kind == TSR_OVERLAY_SELECTION) && item->n_points >= 2)
        {
          tsr_map_viewport_to_view (viewport, item->points[0].x, item->points[0].y, &x0, &y0);
          tsr_map_viewport_to_view (viewport, item->points[1].x, item->points[1].y, &x1, &y1);
          graphene_rect_init (&rect, (float) MIN (x0, x1), (float) MIN (y0, y1),
                              (float) fabs (x1 - x0) + 1, (float) fabs (y1 - y0) + 1);
          cairo_rectangle (cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height);
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.18);
          cairo_fill (cr);
          stroke_outline (cr, &rect, 1, 1, 1);
          continue;
        }
      for (guint p = 0; p < item->n_points; p++)
        {
          tsr_map_viewport_to_view (viewport, item->points[p].x, item->points[p].y, &x0, &y0);
          if (p == 0)
            cairo_move_to (cr, x0, y0);
          else
            cairo_line_to (cr, x0, y0);
        }
      if (item->kind == TSR_OVERLAY_REFUSED_LINE)
        {
          /* A line a refused edit blames: thick red, over any draw mode. */
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
          cairo_set_line_width (cr, 5);
          cairo_set_source_rgb (cr, 0.95, 0.1, 0.1);
          cairo_stroke (cr);
          continue;
        }
      if (item->kind == TSR_OVERLAY_REFUSED)
        {
          /* What the edit would break: red, filled, so it shows over any draw mode. */
          cairo_close_path (cr);
          cairo_set_source_rgba (cr, 0.9, 0.1, 0.1, 0.35);
          cairo_fill_preserve (cr);
          cairo_set_line_width (cr, 2);
          cairo_set_source_rgb (cr, 0.95, 0.15, 0.15);
          cairo_stroke (cr);
          continue;
        }
      if (item->kind == TSR_OVERLAY_OUTLINE)
        cairo_close_path (cr);
      cairo_set_line_width (cr, 1.5);
      cairo_set_source_rgb (cr, 1, 0.85, 0.2);
      cairo_stroke (cr);
    }
}

/* A tool's overlay items in view pixels. */
static void
draw_tool_overlay (TsrMapCanvas         *self,
                   cairo_t              *cr,
                   const TsrMapViewport *viewport,
                   TsrTool              *tool)
{
  g_autoptr(GPtrArray) items = tsr_tool_get_overlay (tool);

  draw_items (cr, viewport, items);
}

static gboolean
refine_tick (GtkWidget     *widget,
             GdkFrameClock *frame_clock,
             gpointer       user_data)
{
  TSR_MAP_CANVAS (widget)->refine_tick_id = 0;
  tsr_map_canvas_queue_redraw (TSR_MAP_CANVAS (widget));
  return G_SOURCE_REMOVE;
}

/* The map: the background, the layers and what "draw-overlay" adds, as one node. Nothing drawn
 * into it may be clipped (cairo_clip): the window paints nothing beneath the canvas
 * (tsr-backdrop.h), so GTK 4.8 replays the node straight into the frame through the frame's clip,
 * and cairo 1.16 then writes into its constant "all clipped" clip, and crashes, when a recorded
 * command's own clip meets none of that clip's boxes (_cairo_clip_intersect_clip). Layers fill
 * with patterns and masks instead (tests: tsr_test_ui_replay_through_boxes). */
static GskRenderNode *
snapshot_map (TsrMapCanvas         *self,
              const TsrMapViewport *viewport)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, viewport->width, viewport->height);
  cairo_rectangle_int_t view = { 0, 0, viewport->width, viewport->height }, opaque = { 0, 0, 0, 0 };
  GskRenderNode *layers = NULL;
  cairo_region_t *outside;
  cairo_t *cr;

  if (self->layers->len > 0)
    {
      layers = gsk_cairo_node_new (&bounds);
      cr = gsk_cairo_node_get_draw_context (layers);
      for (guint i = 0; i < self->layers->len; i++)
        if (!tsr_canvas_layer_draw (self->layers->pdata[i], cr, viewport) && self->refine_tick_id == 0)
          /* Some chunks were stand-ins: draw again next frame (not from inside the snapshot). */
          self->refine_tick_id = gtk_widget_add_tick_callback (widget, refine_tick, NULL, NULL);
      tsr_canvas_layers_get_opaque_area (self->layers, viewport, &opaque);
      cairo_save (cr);
      g_signal_emit (self, signals[DRAW_OVERLAY], 0, cr, viewport);
      cairo_restore (cr);
      cairo_destroy (cr);
    }
  /* Outside the map: darker than the map's own background, so the edge shows. Only where no
   * layer paints opaque pixels: a fill of the whole view beneath them costs a pass over every
   * pixel per frame for nothing. */
  outside = cairo_region_create_rectangle (&view);
  cairo_region_subtract_rectangle (outside, &opaque);
  for (int r = 0; r < cairo_region_num_rectangles (outside); r++)
    {
      cairo_rectangle_int_t rect;

      cairo_region_get_rectangle (outside, r, &rect);
      gtk_snapshot_append_color (snapshot, &TSR_MAP_CANVAS_OUTSIDE_COLOR,
                                 &GRAPHENE_RECT_INIT (rect.x, rect.y, rect.width, rect.height));
    }
  cairo_region_destroy (outside);
  if (layers != NULL)
    {
      gtk_snapshot_append_node (snapshot, layers);
      gsk_render_node_unref (layers);
    }
  return gtk_snapshot_free_to_node (snapshot);
}

/* What follows the pointer and the tools over the map (selections, the brush outline, a tool's
 * overlay, what a refusal blames) into SNAPSHOT, as a node only as large as its ink: GTK redraws
 * the window only where nodes changed, so a hover repaints the outline's old and new place. */
static void
snapshot_overlay (TsrMapCanvas         *self,
                  GtkSnapshot          *snapshot,
                  const TsrMapViewport *viewport)
{
  TsrTool *tool = current_tool (self);
  cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (recording);
  double x, y, width, height;

  if (tool != NULL && tool == self->tile_tool)
    draw_overlays (self, cr, viewport);
  else if (tool != NULL)
    draw_tool_overlay (self, cr, viewport, tool);
  if (self->session != NULL && tsr_edit_session_get_refused (self->session) != NULL)
    draw_items (cr, viewport, tsr_edit_session_get_refused (self->session));
  cairo_destroy (cr);
  cairo_recording_surface_ink_extents (recording, &x, &y, &width, &height);
  if (width > 0 && height > 0)
    {
      /* Whole pixels round the ink (and one more for antialiasing), within the view. */
      double x0 = MAX (floor (x) - 1, 0), y0 = MAX (floor (y) - 1, 0);
      double x1 = MIN (ceil (x + width) + 1, viewport->width), y1 = MIN (ceil (y + height) + 1, viewport->height);

      if (x1 > x0 && y1 > y0)
        {
          cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (x0, y0, x1 - x0, y1 - y0));
          cairo_set_source_surface (cr, recording, 0, 0);
          cairo_paint (cr);
          cairo_destroy (cr);
        }
    }
  cairo_surface_destroy (recording);
}

static void
tsr_map_canvas_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  TsrMapCanvas *self = TSR_MAP_CANVAS (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  TsrMapViewport viewport;

  if (width <= 0 || height <= 0)
    return;
  tsr_map_canvas_get_viewport (self, &viewport);
  /* The map is drawn again only when it changed (tsr_map_canvas_queue_redraw) or the view moved. */
  if (self->map_node == NULL || self->map_dirty || !tsr_map_viewport_equal (&viewport, &self->map_viewport))
    {
      self->map_dirty = FALSE;
      g_clear_pointer (&self->map_node, gsk_render_node_unref);
      self->map_node = snapshot_map (self, &viewport);
      self->map_viewport = viewport;
    }
  gtk_snapshot_append_node (snapshot, self->map_node);
  if (self->layers->len > 0)
    snapshot_overlay (self, snapshot, &viewport);
}

/* The canvas paints every pixel of its area (the map, and a darker fill outside it): its window
 * paints nothing beneath it (tsr-backdrop.h). */
static void
tsr_map_canvas_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (tsr_map_canvas_parent_class)->map (widget);
  tsr_backdrop_add_opaque (widget);
}

static void
tsr_map_canvas_unmap (GtkWidget *widget)
{
  tsr_backdrop_remove_opaque (widget);
  GTK_WIDGET_CLASS (tsr_map_canvas_parent_class)->unmap (widget);
}

static void
tsr_map_canvas_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  TsrMapCanvas *self = TSR_MAP_CANVAS (widget);
  double map_x0, map_y0, map_w, map_h;
  double map_x, map_y;

  gboolean fitted = FALSE;

  /* A first fit that waited for the size, or a view the user has not zoomed or panned since it
   * was fitted, given a new size (the window maximised): fit again. */
  if ((self->fit_on_allocate || (self->view_fitted && (width != self->fitted_w || height != self->fitted_h)))
      && self->layers->len > 0)
    {
      tsr_map_canvas_zoom_to_fit (self);
      fitted = TRUE;
    }
  if (self->center_on_allocate && width > 0 && height > 0)
    {
      double h, v, new_h, new_v;

      self->center_on_allocate = FALSE;
      get_scroll (self, &h, &v);
      update_scrolling (self, self->pending_center_x, self->pending_center_y, width / 2.0, height / 2.0);
      get_scroll (self, &new_h, &new_v);
      if (new_h != h || new_v != v)
        self->view_fitted = FALSE;
      return;
    }
  if (fitted)
    return;
  /* Keep the top-left map point in place as the view grows or shrinks. */
  get_map_extent (self, &map_x0, &map_y0, &map_w, &map_h);
  map_x = map_x0;
  map_y = map_y0;
  if (self->hadjustment != NULL)
    map_x += gtk_adjustment_get_value (self->hadjustment) / self->zoom;
  if (self->vadjustment != NULL)
    map_y += gtk_adjustment_get_value (self->vadjustment) / self->zoom;
  update_scrolling (self, map_x, map_y, 0, 0);
}

static void
tsr_map_canvas_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  /* Scrollable: any size works; ask for a comfortable one. */
  *minimum = 32;
  *natural = 480;
}

/* --- GtkScrollable --- */

static void
on_adjustment_value_changed (GtkAdjustment *adjustment, TsrMapCanvas *self)
{
  /* Scrolled by the user (a scroll bar, the wheel, a pan): the view is theirs now. */
  if (!self->laying_out)
    self->view_fitted = FALSE;
  viewport_changed (self);
  update_pointer_text (self);
  tsr_map_canvas_queue_redraw (self);
}

static void
set_adjustment (TsrMapCanvas   *self,
                GtkAdjustment **slot,
                GtkAdjustment  *adjustment)
{
  if (*slot == adjustment && adjustment != NULL)
    return;
  if (*slot != NULL)
    {
      g_signal_handlers_disconnect_by_func (*slot, on_adjustment_value_changed, self);
      g_clear_object (slot);
    }
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  *slot = g_object_ref_sink (adjustment);
  g_signal_connect (adjustment, "value-changed", G_CALLBACK (on_adjustment_value_changed), self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
tsr_map_canvas_scrollable_init (GtkScrollableInterface *iface)
{
}

static void
tsr_map_canvas_dispose (GObject *object)
{
  TsrMapCanvas *self = TSR_MAP_CANVAS (object);

  clear_map (self);
  tsr_map_canvas_set_session (self, NULL);
  connect_tool (self);
  if (self->settings != NULL)
    g_settings_unbind (self, "grid-color");
  g_clear_object (&self->settings);
  if (self->layers != NULL)
    {
      for (guint i = 0; i < self->layers->len; i++)
        g_signal_handlers_disconnect_by_data (self->layers->pdata[i], self);
      g_ptr_array_set_size (self->layers, 0);
    }
  if (self->pointer_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->pointer_tick_id);
      self->pointer_tick_id = 0;
    }
  if (self->refine_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->refine_tick_id);
      self->refine_tick_id = 0;
    }
  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->hadjustment, on_adjustment_value_changed, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, on_adjustment_value_changed, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
  G_OBJECT_CLASS (tsr_map_canvas_parent_class)->dispose (object);
}

static void
tsr_map_canvas_finalize (GObject *object)
{
  g_clear_pointer (&TSR_MAP_CANVAS (object)->layers, g_ptr_array_unref);
  g_clear_pointer (&TSR_MAP_CANVAS (object)->map_node, gsk_render_node_unref);
  g_free (TSR_MAP_CANVAS (object)->pointer_text);
  G_OBJECT_CLASS (tsr_map_canvas_parent_class)->finalize (object);
}

static void
tsr_map_canvas_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrMapCanvas *self = TSR_MAP_CANVAS (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_SHOW_GRID:
      g_value_set_boolean (value, self->show_grid);
      break;
    case PROP_POINTER_TEXT:
      g_value_set_string (value, self->pointer_text);
      break;
    case PROP_TOOLS:
      g_value_set_object (value, self->tools);
      break;
    case PROP_WHEEL_ZOOMS:
      g_value_set_boolean (value, self->wheel_zooms);
      break;
    case PROP_GRID_COLOR:
      g_value_set_boxed (value, &self->grid_color);
      break;
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;
    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;
    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_map_canvas_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrMapCanvas *self = TSR_MAP_CANVAS (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      tsr_map_canvas_set_zoom (self, g_value_get_double (value));
      break;
    case PROP_SHOW_GRID:
      tsr_map_canvas_set_show_grid (self, g_value_get_boolean (value));
      break;
    case PROP_WHEEL_ZOOMS:
      if (self->wheel_zooms != g_value_get_boolean (value))
        {
          self->wheel_zooms = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_GRID_COLOR:
      if (g_value_get_boxed (value) != NULL)
        tsr_map_canvas_set_grid_color (self, g_value_get_boxed (value));
      break;
    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value));
      break;
    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value));
      break;
    case PROP_HSCROLL_POLICY:
      if (self->hscroll_policy != (guint) g_value_get_enum (value))
        {
          self->hscroll_policy = g_value_get_enum (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_VSCROLL_POLICY:
      if (self->vscroll_policy != (guint) g_value_get_enum (value))
        {
          self->vscroll_policy = g_value_get_enum (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_map_canvas_class_init (TsrMapCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tsr_map_canvas_dispose;
  object_class->finalize = tsr_map_canvas_finalize;
  object_class->get_property = tsr_map_canvas_get_property;
  object_class->set_property = tsr_map_canvas_set_property;
  widget_class->snapshot = tsr_map_canvas_snapshot;
  widget_class->map = tsr_map_canvas_map;
  widget_class->unmap = tsr_map_canvas_unmap;
  widget_class->size_allocate = tsr_map_canvas_size_allocate;
  widget_class->measure = tsr_map_canvas_measure;

  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, MIN_ZOOM, MAX_ZOOM, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_GRID] =
    g_param_spec_boolean ("show-grid", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_POINTER_TEXT] =
    g_param_spec_string ("pointer-text", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TOOLS] =
    g_param_spec_object ("tools", NULL, NULL, TSR_TYPE_TILE_TOOLS,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether the plain mouse wheel zooms (Shift+wheel then scrolls sideways); Ctrl+wheel always
   * zooms. A preference for the application to bind. */
  properties[PROP_WHEEL_ZOOMS] =
    g_param_spec_boolean ("wheel-zooms", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The grid lines' colour (GdkRGBA); every canvas follows the grid-color preference. */
  properties[PROP_GRID_COLOR] =
    g_param_spec_boxed ("grid-color", NULL, NULL, GDK_TYPE_RGBA,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /* The zoom or the scroll position changed (the minimap follows). */
  signals[VIEWPORT_CHANGED] = g_signal_new ("viewport-changed", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /* See the header: the map point under the pointer may have changed. */
  signals[POINTER_CHANGED] = g_signal_new ("pointer-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /* A layer other than the tile map's changed what it draws (the minimap redraws). */
  signals[CONTENT_CHANGED] = g_signal_new ("content-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /* See the header: the extension points for family views. */
  signals[DRAW_OVERLAY] = g_signal_new ("draw-overlay", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                        G_TYPE_POINTER, G_TYPE_POINTER);
  signals[MAP_POINTER] = g_signal_new ("map-pointer", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, g_signal_accumulator_true_handled, NULL, NULL,
                                       G_TYPE_BOOLEAN, 4, TSR_TYPE_MAP_POINTER_PHASE,
                                       G_TYPE_DOUBLE, G_TYPE_DOUBLE, GDK_TYPE_MODIFIER_TYPE);

  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-one", NULL, zoom_one_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-fit", NULL, zoom_fit_action);
  gtk_widget_class_install_property_action (widget_class, "canvas.show-grid", "show-grid");
  gtk_widget_class_install_action (widget_class, "canvas.copy", NULL, edit_action);
  gtk_widget_class_install_action (widget_class, "canvas.cut", NULL, edit_action);
  gtk_widget_class_install_action (widget_class, "canvas.paste", NULL, edit_action);
  gtk_widget_class_install_action (widget_class, "canvas.delete", NULL, edit_action);
  gtk_widget_class_install_action (widget_class, "canvas.select-all", NULL, edit_action);
  gtk_widget_class_install_action (widget_class, "canvas.select-none", NULL, edit_action);

  /* Single-key zoom works only while the canvas has focus, so it cannot steal typing elsewhere;
   * that is why these are widget bindings rather than application accelerators. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1, 0, "canvas.zoom-one", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_1, 0, "canvas.zoom-one", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "canvas.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, 0, "canvas.zoom-fit", NULL);
  /* F is Tiled's fill tool (the map editor's binding); 0 fits the map. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "canvas.delete", NULL);
  /* Bound here so the canvas works in any window; with focus elsewhere (a text field) these
   * keys keep their usual meaning there. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "canvas.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_x, GDK_CONTROL_MASK, "canvas.cut", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "canvas.paste", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK, "canvas.select-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "canvas.select-none", NULL);

  gtk_widget_class_set_css_name (widget_class, "tsr-map-canvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
tsr_map_canvas_init (TsrMapCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *gesture;
  GtkEventController *controller;

  self->zoom = 1.0;
  self->show_grid = TRUE;
  self->wheel_zooms = TRUE;
  self->brush_size = 1;
  self->pointer_text = g_strdup ("");
  self->layers = g_ptr_array_new_with_free_func (g_object_unref);
  tsr_grid_color_get_default (&self->grid_color);
  {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
    g_autoptr(GSettingsSchema) schema = source != NULL ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE) : NULL;

    /* Every editor's canvas follows the preference live (the binding lasts as long as the canvas). */
    if (schema != NULL && g_settings_schema_has_key (schema, "grid-color"))
      {
        self->settings = g_settings_new (APPLICATION_ID);
        tsr_grid_color_bind (self->settings, self, "grid-color", G_SETTINGS_BIND_GET);
      }
  }
  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  set_adjustment (self, &self->hadjustment, NULL);
  set_adjustment (self, &self->vadjustment, NULL);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_primary_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_primary_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_primary_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_pan_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_pan_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_pan_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (widget, controller);
}

GtkWidget *
tsr_map_canvas_new (void)
{
  return g_object_new (TSR_TYPE_MAP_CANVAS, NULL);
}
