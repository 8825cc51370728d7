/* tsr-minimap.c: the overview draws the tile map through its own TsrMapRenderer at the minimap's
 * zoom, whose coarse level of detail (about a pixel per cell) keeps it cheap to keep up to date,
 * and the canvas's vector layers through the layers themselves (they cull and cache nothing).
 * What it drew is kept as a render node until the map or the overview changes: a pan moves only
 * the visible rectangle, a node of its own, so GTK redraws the overview only where that was and
 * is (issue 35: replaying every element of a large Doom2D map in each frame of a pan cost the
 * canvas's frame about 2 ms). */
#include "views/tsr-minimap.h"

#include <glib/gi18n.h>
#include <math.h>

#include "views/tsr-backdrop.h"

#define MINIMAP_SIZE 192

struct _TsrMinimap {
  GtkWidget       parent_instance;
  TsrMapCanvas   *canvas; /* weak */
  TsrTileMap     *map;
  TsrMapRenderer *renderer;
  gulong          viewport_changed_id;
  gulong          tools_changed_id;
  gulong          tiles_changed_id;
  gulong          content_changed_id;
  GPtrArray      *layers; /* TsrCanvasLayer drawn instead of the canvas's own, or NULL */
  GskRenderNode  *content;      /* the map as drawn for CONTENT_VIEW, or NULL: draw it again */
  TsrMapViewport  content_view;
  double          drag_start_x;
  double          drag_start_y;
  guint           refine_tick_id;
};

G_DEFINE_FINAL_TYPE (TsrMinimap, tsr_minimap, GTK_TYPE_WIDGET)

/* What the overview shows of the map changed: drawn again on the next frame. */
static void
drop_content (TsrMinimap *self)
{
  g_clear_pointer (&self->content, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The minimap's own view: the whole map, fitted and centred. */
static gboolean
get_overview (TsrMinimap     *self,
              TsrMapViewport *viewport)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  TsrVectorBounds bounds;
  double map_w, map_h;

  if (self->canvas == NULL || width <= 0 || height <= 0)
    return FALSE;
  tsr_map_canvas_get_content_bounds (self->canvas, &bounds);
  map_w = bounds.x1 - bounds.x0;
  map_h = bounds.y1 - bounds.y0;
  if (tsr_vector_bounds_is_empty (&bounds) || map_w <= 0 || map_h <= 0)
    return FALSE;
  viewport->zoom = MIN (width / map_w, height / map_h);
  viewport->width = width;
  viewport->height = height;
  viewport->scale_factor = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  viewport->x = bounds.x0 - (width - map_w * viewport->zoom) / 2 / viewport->zoom;
  viewport->y = bounds.y0 - (height - map_h * viewport->zoom) / 2 / viewport->zoom;
  return TRUE;
}

static void
update_visibility (TsrMinimap *self)
{
  TsrMapViewport view;
  gboolean needed = FALSE;

  if (self->canvas != NULL)
    {
      TsrVectorBounds bounds;

      tsr_map_canvas_get_viewport (self->canvas, &view);
      tsr_map_canvas_get_content_bounds (self->canvas, &bounds);
      needed = !tsr_vector_bounds_is_empty (&bounds)
               && ((bounds.x1 - bounds.x0) * view.zoom > view.width + 0.5
                   || (bounds.y1 - bounds.y0) * view.zoom > view.height + 0.5);
    }
  gtk_widget_set_visible (GTK_WIDGET (self), needed);
}

static void
on_viewport_changed (TsrMapCanvas *canvas,
                     TsrMinimap   *self)
{
  update_visibility (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_tiles_changed (TsrTileMap *map, guint layer, const TsrTileRect *area, TsrMinimap *self)
{
  drop_content (self);
}

static void
on_content_changed (TsrMinimap *self)
{
  update_visibility (self);
  /* Layers of its own say themselves when their look changes (tsr_minimap_set_layers): what only
   * the canvas's layers show (an animation step of a texture) leaves the overview as drawn. A
   * change of the map's extent shows as another overview viewport. */
  if (self->layers == NULL)
    drop_content (self);
}

static void
disconnect_layers (TsrMinimap *self)
{
  if (self->layers != NULL)
    for (guint i = 0; i < self->layers->len; i++)
      g_signal_handlers_disconnect_by_func (self->layers->pdata[i], drop_content, self);
}

static void
update_map (TsrMinimap *self)
{
  TsrTileMap *map = self->canvas != NULL ? tsr_map_canvas_get_map (self->canvas) : NULL;

  if (map == self->map)
    return;
  if (self->map != NULL)
    g_clear_signal_handler (&self->tiles_changed_id, self->map);
  g_clear_pointer (&self->renderer, tsr_map_renderer_free);
  g_clear_pointer (&self->content, gsk_render_node_unref);
  g_set_object (&self->map, map);
  if (map != NULL)
    {
      self->renderer = tsr_map_renderer_new (map);
      tsr_map_renderer_set_show_grid (self->renderer, FALSE);
      /* The overview must never hold up the canvas's frame: it fills in over a few frames. */
      tsr_map_renderer_set_frame_budget (self->renderer, 4000);
      self->tiles_changed_id = g_signal_connect (map, "tiles-changed", G_CALLBACK (on_tiles_changed), self);
    }
  update_visibility (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
on_tools_changed (TsrMapCanvas *canvas,
                  GParamSpec   *pspec,
                  TsrMinimap   *self)
{
  /* The canvas makes new tools whenever its map changes. */
  update_map (self);
}

void
tsr_minimap_navigate (TsrMinimap *self,
                      double      x,
                      double      y)
{
  TsrMapViewport overview;
  double map_x, map_y;

  g_return_if_fail (TSR_IS_MINIMAP (self));
  if (self->canvas == NULL || !get_overview (self, &overview))
    return;
  tsr_map_viewport_to_map (&overview, x, y, &map_x, &map_y);
  tsr_map_canvas_center_on (self->canvas, map_x, map_y);
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, TsrMinimap *self)
{
  self->drag_start_x = x;
  self->drag_start_y = y;
  tsr_minimap_navigate (self, x, y);
}

static void
on_drag_update (GtkGestureDrag *gesture, double offset_x, double offset_y, TsrMinimap *self)
{
  tsr_minimap_navigate (self, self->drag_start_x + offset_x, self->drag_start_y + offset_y);
}

static gboolean
refine_tick (GtkWidget     *widget,
             GdkFrameClock *frame_clock,
             gpointer       user_data)
{
  TSR_MINIMAP (widget)->refine_tick_id = 0;
  gtk_widget_queue_draw (widget);
  return G_SOURCE_REMOVE;
}

/* The map at the overview's zoom (the tile map, then the layers) as a node that paints it from an
 * image drawn once: GTK replays a node wherever the frame's damage meets it, and the visible
 * rectangle's moves would otherwise replay every element's path (all the outlines of a large
 * Doom2D map are one stroke). The image is what GTK's cairo renderer made of the drawing before
 * (it replays a cairo node into a transparent image, then blends that), so the pixels are the
 * same. *COMPLETE is FALSE where something drew a stand-in (a frame budget, a zoom stand-in):
 * drawn again next frame. */
static GskRenderNode *
draw_content (TsrMinimap           *self,
              const TsrMapViewport *overview,
              gboolean             *complete)
{
  int scale = MAX (overview->scale_factor, 1);
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, overview->width * scale,
                                                       overview->height * scale);
  GskRenderNode *node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0, overview->width, overview->height));
  GPtrArray *layers = self->layers != NULL ? self->layers : tsr_map_canvas_get_layers (self->canvas);
  cairo_t *cr;

  cairo_surface_set_device_scale (image, scale, scale);
  cr = cairo_create (image);
  *complete = TRUE;
  if (self->renderer != NULL && !tsr_map_renderer_draw (self->renderer, cr, overview))
    *complete = FALSE;
  /* The tile layer is drawn above by the minimap's own renderer. */
  for (guint i = 0; i < layers->len; i++)
    if (tsr_canvas_layer_get_kind (layers->pdata[i]) != TSR_LAYER_KIND_TILE
        && !tsr_canvas_layer_draw (layers->pdata[i], cr, overview))
      *complete = FALSE;
  cairo_destroy (cr);
  cr = gsk_cairo_node_get_draw_context (node);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (image);
  return node;
}

static void
tsr_minimap_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  TsrMinimap *self = TSR_MINIMAP (widget);
  TsrMapViewport overview, view;
  double x0, y0, x1, y1, map_x0, map_y0, map_x1, map_y1;
  double left, top, right, bottom;
  cairo_t *cr;

  /* Every pixel: the window paints nothing beneath the overview (tsr-backdrop.h), so the frames of
   * a pan, whose moving rectangle redraws a part of it, leave the frame clear for the canvas. */
  gtk_snapshot_append_color (snapshot, &TSR_MAP_CANVAS_OUTSIDE_COLOR,
                             &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget), gtk_widget_get_height (widget)));
  if (!get_overview (self, &overview) || self->canvas == NULL)
    return;
  if (self->content == NULL || !tsr_map_viewport_equal (&overview, &self->content_view))
    {
      gboolean complete;

      g_clear_pointer (&self->content, gsk_render_node_unref);
      self->content = draw_content (self, &overview, &complete);
      self->content_view = overview;
      if (!complete)
        {
          /* A stand-in: shown this frame, drawn again the next. */
          gtk_snapshot_append_node (snapshot, self->content);
          g_clear_pointer (&self->content, gsk_render_node_unref);
          if (self->refine_tick_id == 0)
            self->refine_tick_id = gtk_widget_add_tick_callback (widget, refine_tick, NULL, NULL);
        }
    }
  if (self->content != NULL)
    gtk_snapshot_append_node (snapshot, self->content);

  /* The canvas's visible rectangle, in minimap coordinates: a node as large as the outline
   * (within the overview, and whole pixels round it), so a pan redraws only there. */
  tsr_map_canvas_get_viewport (self->canvas, &view);
  tsr_map_viewport_to_map (&view, 0, 0, &map_x0, &map_y0);
  tsr_map_viewport_to_map (&view, view.width, view.height, &map_x1, &map_y1);
  tsr_map_viewport_to_view (&overview, map_x0, map_y0, &x0, &y0);
  tsr_map_viewport_to_view (&overview, map_x1, map_y1, &x1, &y1);
  left = MAX (floor (MIN (x0, x1)) - 3, 0), top = MAX (floor (MIN (y0, y1)) - 3, 0);
  right = MIN (ceil (MAX (x0, x1)) + 3, overview.width), bottom = MIN (ceil (MAX (y0, y1)) + 3, overview.height);
  if (right <= left || bottom <= top)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (left, top, right - left, bottom - top));
  cairo_rectangle (cr, x0 + 1, y0 + 1, x1 - x0 - 2, y1 - y0 - 2);
  cairo_set_line_width (cr, 2);
  cairo_set_source_rgba (cr, 1, 0.85, 0.2, 0.95);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
tsr_minimap_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (tsr_minimap_parent_class)->map (widget);
  tsr_backdrop_add_opaque (widget);
}

static void
tsr_minimap_unmap (GtkWidget *widget)
{
  tsr_backdrop_remove_opaque (widget);
  GTK_WIDGET_CLASS (tsr_minimap_parent_class)->unmap (widget);
}

static void
tsr_minimap_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  TsrMinimap *self = TSR_MINIMAP (widget);
  double aspect = 1;

  if (self->canvas != NULL)
    {
      TsrVectorBounds bounds;

      tsr_map_canvas_get_content_bounds (self->canvas, &bounds);
      if (!tsr_vector_bounds_is_empty (&bounds) && bounds.x1 > bounds.x0)
        aspect = (bounds.y1 - bounds.y0) / (bounds.x1 - bounds.x0);
    }
  /* MINIMAP_SIZE wide, as tall as the map's shape asks (within reason). */
  *minimum = 48;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *natural = MINIMAP_SIZE;
  else
    *natural = (int) CLAMP (MINIMAP_SIZE * aspect, 48, 2 * MINIMAP_SIZE);
}

static void
detach_canvas (TsrMinimap *self)
{
  if (self->canvas == NULL)
    return;
  g_clear_signal_handler (&self->viewport_changed_id, self->canvas);
  g_clear_signal_handler (&self->tools_changed_id, self->canvas);
  g_clear_signal_handler (&self->content_changed_id, self->canvas);
  g_object_remove_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
  self->canvas = NULL;
}

static void
tsr_minimap_dispose (GObject *object)
{
  TsrMinimap *self = TSR_MINIMAP (object);

  detach_canvas (self);
  if (self->refine_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->refine_tick_id);
      self->refine_tick_id = 0;
    }
  if (self->map != NULL)
    g_clear_signal_handler (&self->tiles_changed_id, self->map);
  g_clear_pointer (&self->renderer, tsr_map_renderer_free);
  g_clear_object (&self->map);
  disconnect_layers (self);
  g_clear_pointer (&self->layers, g_ptr_array_unref);
  g_clear_pointer (&self->content, gsk_render_node_unref);
  G_OBJECT_CLASS (tsr_minimap_parent_class)->dispose (object);
}

static void
tsr_minimap_class_init (TsrMinimapClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tsr_minimap_dispose;
  widget_class->snapshot = tsr_minimap_snapshot;
  widget_class->map = tsr_minimap_map;
  widget_class->unmap = tsr_minimap_unmap;
  widget_class->measure = tsr_minimap_measure;
  gtk_widget_class_set_css_name (widget_class, "tsr-minimap");
}

static void
tsr_minimap_init (TsrMinimap *self)
{
  GtkGesture *gesture = gtk_gesture_drag_new ();

  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _("Map overview: click or drag to move the view"));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
tsr_minimap_new (void)
{
  return g_object_new (TSR_TYPE_MINIMAP, NULL);
}

void
tsr_minimap_set_canvas (TsrMinimap   *self,
                        TsrMapCanvas *canvas)
{
  g_return_if_fail (TSR_IS_MINIMAP (self));
  g_return_if_fail (canvas == NULL || TSR_IS_MAP_CANVAS (canvas));

  detach_canvas (self);
  drop_content (self);
  if (canvas != NULL)
    {
      self->canvas = canvas;
      g_object_add_weak_pointer (G_OBJECT (canvas), (gpointer *) &self->canvas);
      self->viewport_changed_id = g_signal_connect (canvas, "viewport-changed", G_CALLBACK (on_viewport_changed), self);
      self->tools_changed_id = g_signal_connect (canvas, "notify::tools", G_CALLBACK (on_tools_changed), self);
      /* Vector layers changed (the tile map's changes arrive through tiles-changed). */
      self->content_changed_id = g_signal_connect_swapped (canvas, "content-changed",
                                                           G_CALLBACK (on_content_changed), self);
    }
  update_map (self);
}

void
tsr_minimap_set_layers (TsrMinimap *self,
                        GPtrArray  *layers)
{
  g_return_if_fail (TSR_IS_MINIMAP (self));

  if (layers != NULL)
    g_ptr_array_ref (layers);
  disconnect_layers (self);
  g_clear_pointer (&self->layers, g_ptr_array_unref);
  self->layers = layers;
  if (layers != NULL)
    for (guint i = 0; i < layers->len; i++)
      g_signal_connect_swapped (layers->pdata[i], "invalidate-area", G_CALLBACK (drop_content), self);
  drop_content (self);
}

TsrMapCanvas *
tsr_minimap_get_canvas (TsrMinimap *self)
{
  g_return_val_if_fail (TSR_IS_MINIMAP (self), NULL);
  return self->canvas;
}
