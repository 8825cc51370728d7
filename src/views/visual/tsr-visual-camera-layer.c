/* tsr-visual-camera-layer.c: drawn in view pixels from the camera's map position, so it keeps its
 * size whatever the zoom only in its dot; the cone scales with the map. */
#include "views/visual/tsr-visual-camera-layer.h"

#include <math.h>

#define CONE_LENGTH 2.0     /* world units (a Marathon world unit, a Wolf3D cell) */

struct _TsrVisualCameraLayer {
  GObject        parent_instance;
  TsrVisualView *view;      /* weak */
};

static void tsr_visual_camera_layer_iface_init (TsrCanvasLayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrVisualCameraLayer, tsr_visual_camera_layer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_CANVAS_LAYER, tsr_visual_camera_layer_iface_init))

static TsrLayerKind
camera_layer_get_kind (TsrCanvasLayer *layer)
{
  return TSR_LAYER_KIND_VECTOR;
}

static void
camera_layer_get_bounds (TsrCanvasLayer  *layer,
                         TsrVectorBounds *bounds)
{
  tsr_vector_bounds_init_empty (bounds);
}

static gboolean
camera_layer_draw (TsrCanvasLayer       *layer,
                   cairo_t              *cr,
                   const TsrMapViewport *viewport)
{
  TsrVisualCameraLayer *self = TSR_VISUAL_CAMERA_LAYER (layer);
  const TsrVisualCamera *camera;
  double aspect = 1.5, half, x, y, ax, ay, bx, by, scale;
  int width, height;

  if (self->view == NULL)
    return TRUE;
  camera = tsr_visual_view_get_camera (self->view);
  scale = tsr_visual_view_get_map_scale (self->view);
  width = gtk_widget_get_width (GTK_WIDGET (self->view));
  height = gtk_widget_get_height (GTK_WIDGET (self->view));
  if (width > 0 && height > 0)
    aspect = (double) width / height;
  /* The horizontal half angle of the vertical field of view at the view's aspect. */
  half = atan (tan (camera->fov * G_PI / 360.0) * aspect);
  tsr_map_viewport_to_view (viewport, camera->position[0] * scale, camera->position[1] * scale, &x, &y);
  tsr_map_viewport_to_view (viewport, (camera->position[0] + CONE_LENGTH * cos (camera->yaw - half)) * scale,
                            (camera->position[1] + CONE_LENGTH * sin (camera->yaw - half)) * scale, &ax, &ay);
  tsr_map_viewport_to_view (viewport, (camera->position[0] + CONE_LENGTH * cos (camera->yaw + half)) * scale,
                            (camera->position[1] + CONE_LENGTH * sin (camera->yaw + half)) * scale, &bx, &by);
  cairo_save (cr);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, ax, ay);
  cairo_line_to (cr, bx, by);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 1.0, 0.55, 0.1, 0.25);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 1.0, 0.55, 0.1, 0.9);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_arc (cr, x, y, 5.0, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_restore (cr);
  return TRUE;
}

static void
tsr_visual_camera_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_kind = camera_layer_get_kind;
  iface->get_bounds = camera_layer_get_bounds;
  iface->draw = camera_layer_draw;
}

static void
on_camera_changed (TsrVisualCameraLayer *self)
{
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}

static void
tsr_visual_camera_layer_dispose (GObject *object)
{
  TsrVisualCameraLayer *self = TSR_VISUAL_CAMERA_LAYER (object);

  if (self->view != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->view, self);
      g_object_remove_weak_pointer (G_OBJECT (self->view), (gpointer *) &self->view);
      self->view = NULL;
    }
  G_OBJECT_CLASS (tsr_visual_camera_layer_parent_class)->dispose (object);
}

static void
tsr_visual_camera_layer_class_init (TsrVisualCameraLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_visual_camera_layer_dispose;
}

static void
tsr_visual_camera_layer_init (TsrVisualCameraLayer *self)
{
}

TsrVisualCameraLayer *
tsr_visual_camera_layer_new (TsrVisualView *view)
{
  TsrVisualCameraLayer *self = g_object_new (TSR_TYPE_VISUAL_CAMERA_LAYER, NULL);

  self->view = view;
  g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &self->view);
  g_signal_connect_swapped (view, "camera-changed", G_CALLBACK (on_camera_changed), self);
  return self;
}
