/* tsr-pixel-canvas.c: see the header. */
#include "views/tsr-pixel-canvas.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "model/tsr-undo-stack.h"
#include "views/tsr-image-texture.h"

struct _TsrPixelCanvas {
  GtkWidget             parent_instance;
  TsrDocument          *document;
  const TsrPixelTarget *target;
  gpointer              owner;
  guint                 index;
  TsrPixelStroke       *stroke;
  TsrPixelTool          tool;
  guint32               colour;
  guint                 zoom;
  guint                 snap;
  GArray               *segments;      /* TsrSphereSegment */
  TsrPixelRect          selection;
  TsrPixelRect          moved_from;    /* the selection when a move began */
  gboolean              moving;
  gboolean              dragging;
  gint                  start_x, start_y; /* image pixel (or corner, segment tool) the drag began at */
  gint                  last_x, last_y;
  gboolean              segment_preview;
  gint                  moving_segment; /* the segment whose end a drag moves; -1: none */
  gboolean              moving_second;  /* its end (x2, y2) rather than (x1, y1) */
  gboolean              indexed;        /* the image is an index image drawn through PALETTE */
  guint32               palette[256];
};

enum {
  PROP_0,
  PROP_TOOL,
  PROP_COLOUR,
  PROP_ZOOM,
  N_PROPS
};

enum {
  SEGMENT_DRAWN,
  SEGMENT_ERASE,
  SEGMENT_MOVED,
  N_SIGNALS
};

/* How near (screen pixels, or half an image pixel when more) a press must be to a segment's end
 * to drag that end. */
#define SEGMENT_END_REACH 8.0

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Shared by every canvas: copy on a tile, paste on another tile or a frame. */
static TsrImage *clipboard;
/* Whether it holds indexes (copied from an indexed canvas): pasted only where the mode is the same. */
static gboolean clipboard_indexed;

G_DEFINE_FINAL_TYPE (TsrPixelCanvas, tsr_pixel_canvas, GTK_TYPE_WIDGET)

static gboolean
lend_image (TsrPixelCanvas *self,
            TsrImage       *image)
{
  if (self->stroke != NULL)
    {
      *image = *tsr_pixel_stroke_get_image (self->stroke);
      return TRUE;
    }
  return self->document != NULL && self->target->get_image (self->owner, self->index, image);
}

static void
tsr_pixel_canvas_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  TsrPixelCanvas *self = TSR_PIXEL_CANVAS (widget);
  TsrImage image;
  guint side = 0;

  if (lend_image (self, &image))
    side = (orientation == GTK_ORIENTATION_HORIZONTAL ? image.width : image.height) * self->zoom;
  *minimum = *natural = (int) side;
}

static void
tsr_pixel_canvas_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  TsrPixelCanvas *self = TSR_PIXEL_CANVAS (widget);
  TsrImage image;
  double z = self->zoom;
  cairo_t *cr;
  cairo_surface_t *surface;
  g_autoptr(TsrImage) rendered = NULL;

  if (!lend_image (self, &image))
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, image.width * z, image.height * z));
  /* A checkerboard under transparent pixels. */
  for (guint y = 0; y < image.height; y++)
    for (guint x = 0; x < image.width; x++)
      {
        double shade = ((x + y) & 1) ? 0.8 : 0.6;

        cairo_set_source_rgb (cr, shade, shade, shade);
        cairo_rectangle (cr, x * z, y * z, z, z);
        cairo_fill (cr);
      }
  if (self->indexed && (rendered = tsr_pixel_index_image_render (&image, self->palette)) != NULL)
    surface = tsr_image_cairo_surface_new (rendered);
  else
    surface = tsr_image_cairo_surface_new (&image);
  cairo_save (cr);
  cairo_scale (cr, z, z);
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_surface_destroy (surface);
  if (self->zoom >= 4)
    {
      cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
      cairo_set_line_width (cr, 1);
      for (guint x = 0; x <= image.width; x++)
        {
          cairo_move_to (cr, x * z + 0.5, 0);
          cairo_line_to (cr, x * z + 0.5, image.height * z);
        }
      for (guint y = 0; y <= image.height; y++)
        {
          cairo_move_to (cr, 0, y * z + 0.5);
          cairo_line_to (cr, image.width * z, y * z + 0.5);
        }
      cairo_stroke (cr);
    }
  if (!tsr_pixel_rect_is_empty (&self->selection))
    {
      static const double dash[] = { 4, 4 };

      cairo_set_line_width (cr, 2);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_rectangle (cr, self->selection.x * z + 1, self->selection.y * z + 1,
                       self->selection.width * z - 2, self->selection.height * z - 2);
      cairo_stroke_preserve (cr);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  cairo_set_line_width (cr, 3);
  cairo_set_source_rgb (cr, 0.9, 0.1, 0.1);
  for (guint i = 0; self->segments != NULL && i < self->segments->len; i++)
    {
      const TsrSphereSegment *segment = &g_array_index (self->segments, TsrSphereSegment, i);

      if ((gint) i == self->moving_segment && self->segment_preview)
        continue;
      cairo_move_to (cr, segment->x1 * z, segment->y1 * z);
      cairo_line_to (cr, segment->x2 * z, segment->y2 * z);
    }
  cairo_stroke (cr);
  if (self->segment_preview)
    {
      cairo_set_source_rgb (cr, 1, 0.8, 0);
      cairo_move_to (cr, self->start_x * z, self->start_y * z);
      cairo_line_to (cr, self->last_x * z, self->last_y * z);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

static void
push_stroke (TsrPixelCanvas *self,
             const char     *description)
{
  TsrPixelStroke *stroke = g_steal_pointer (&self->stroke);
  TsrCommand *command;

  if (stroke == NULL)
    return;
  command = tsr_pixel_stroke_finish (stroke, description);
  if (command != NULL)
    tsr_undo_stack_push (tsr_document_get_undo_stack (self->document), command);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static const char *
tool_description (TsrPixelTool tool)
{
  switch (tool)
    {
    case TSR_PIXEL_TOOL_PENCIL: return _("Pencil");
    case TSR_PIXEL_TOOL_LINE: return _("Line");
    case TSR_PIXEL_TOOL_RECTANGLE: return _("Rectangle");
    case TSR_PIXEL_TOOL_FILLED_RECTANGLE: return _("Filled Rectangle");
    case TSR_PIXEL_TOOL_FILL: return _("Flood Fill");
    case TSR_PIXEL_TOOL_ERASER: return _("Eraser");
    case TSR_PIXEL_TOOL_SELECT: return _("Move Selection");
    default: return "";
    }
}

static void
widget_to_pixel (TsrPixelCanvas *self,
                 double          x,
                 double          y,
                 gint           *px,
                 gint           *py)
{
  *px = (gint) floor (x / self->zoom);
  *py = (gint) floor (y / self->zoom);
}

/* The pixel corner nearest to (X, Y), snapped to the snap step and kept on the image. */
static void
widget_to_corner (TsrPixelCanvas *self,
                  double          x,
                  double          y,
                  gint           *cx,
                  gint           *cy)
{
  TsrImage image;
  double step = MAX (self->snap, 1u);

  if (!lend_image (self, &image))
    return;
  *cx = (gint) CLAMP (round (x / self->zoom / step) * step, 0, image.width);
  *cy = (gint) CLAMP (round (y / self->zoom / step) * step, 0, image.height);
}

static void
draw_step (TsrPixelCanvas *self,
           gint            x,
           gint            y)
{
  TsrImage *image = tsr_pixel_stroke_get_image (self->stroke);

  switch (self->tool)
    {
    case TSR_PIXEL_TOOL_PENCIL:
    case TSR_PIXEL_TOOL_ERASER:
      tsr_pixel_line (image, self->last_x, self->last_y, x, y,
                      self->tool == TSR_PIXEL_TOOL_ERASER ? 0 : self->colour);
      break;
    case TSR_PIXEL_TOOL_LINE:
      tsr_pixel_stroke_reset (self->stroke);
      tsr_pixel_line (image, self->start_x, self->start_y, x, y, self->colour);
      break;
    case TSR_PIXEL_TOOL_RECTANGLE:
    case TSR_PIXEL_TOOL_FILLED_RECTANGLE:
      tsr_pixel_stroke_reset (self->stroke);
      tsr_pixel_rectangle (image, self->start_x, self->start_y, x, y,
                           self->tool == TSR_PIXEL_TOOL_FILLED_RECTANGLE, self->colour);
      break;
    case TSR_PIXEL_TOOL_SELECT:
      tsr_pixel_stroke_reset (self->stroke);
      tsr_pixel_move (image, &self->moved_from, x - self->start_x, y - self->start_y);
      self->selection = self->moved_from;
      self->selection.x += x - self->start_x;
      self->selection.y += y - self->start_y;
      break;
    default:
      break;
    }
  self->last_x = x;
  self->last_y = y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The segment with an end within reach of widget point (X, Y), the nearest; -1 when none. */
static gint
segment_end_at (TsrPixelCanvas *self,
                double          x,
                double          y,
                gboolean       *second)
{
  double best = MAX (SEGMENT_END_REACH, self->zoom / 2.0);
  gint found = -1;

  for (guint i = 0; self->segments != NULL && i < self->segments->len; i++)
    {
      const TsrSphereSegment *segment = &g_array_index (self->segments, TsrSphereSegment, i);

      for (guint end = 0; end < 2; end++)
        {
          double ex = (end ? segment->x2 : segment->x1) * (double) self->zoom;
          double ey = (end ? segment->y2 : segment->y1) * (double) self->zoom;
          double d = hypot (ex - x, ey - y);

          if (d <= best)
            {
              best = d;
              found = (gint) i;
              *second = end == 1;
            }
        }
    }
  return found;
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               TsrPixelCanvas *self)
{
  TsrImage image;
  gint px, py;

  /* The focus here: the pixel editor's tool keys work after a click on the picture. */
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->document == NULL || !lend_image (self, &image))
    return;
  widget_to_pixel (self, x, y, &px, &py);
  self->dragging = TRUE;
  self->start_x = self->last_x = px;
  self->start_y = self->last_y = py;
  switch (self->tool)
    {
    case TSR_PIXEL_TOOL_PICKER:
      if (px >= 0 && py >= 0 && (guint) px < image.width && (guint) py < image.height)
        tsr_pixel_canvas_set_colour (self, tsr_pixel_get (&image, px, py));
      self->dragging = FALSE;
      return;
    case TSR_PIXEL_TOOL_SEGMENT:
      widget_to_corner (self, x, y, &self->start_x, &self->start_y);
      self->last_x = self->start_x;
      self->last_y = self->start_y;
      /* A press on a segment's end drags that end, the preview running from the other end;
       * with Ctrl a new segment starts there instead. */
      self->moving_segment = -1;
      if (!(gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)) & GDK_CONTROL_MASK))
        self->moving_segment = segment_end_at (self, x, y, &self->moving_second);
      if (self->moving_segment >= 0)
        {
          const TsrSphereSegment *segment = &g_array_index (self->segments, TsrSphereSegment, self->moving_segment);

          self->start_x = (gint) (self->moving_second ? segment->x1 : segment->x2);
          self->start_y = (gint) (self->moving_second ? segment->y1 : segment->y2);
          self->last_x = (gint) (self->moving_second ? segment->x2 : segment->x1);
          self->last_y = (gint) (self->moving_second ? segment->y2 : segment->y1);
        }
      self->segment_preview = TRUE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    case TSR_PIXEL_TOOL_SELECT:
      if (!tsr_pixel_rect_is_empty (&self->selection) && px >= self->selection.x && py >= self->selection.y
          && px < self->selection.x + (gint) self->selection.width && py < self->selection.y + (gint) self->selection.height)
        {
          self->moving = TRUE;
          self->moved_from = self->selection;
          self->stroke = tsr_pixel_stroke_begin (self->target, self->owner, self->index);
        }
      else
        {
          self->moving = FALSE;
          self->selection = (TsrPixelRect) { px, py, 1, 1 };
          tsr_pixel_rect_clip (&self->selection, &image);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      return;
    default:
      break;
    }
  self->stroke = tsr_pixel_stroke_begin (self->target, self->owner, self->index);
  if (self->stroke == NULL)
    return;
  if (self->tool == TSR_PIXEL_TOOL_FILL)
    {
      tsr_pixel_flood_fill (tsr_pixel_stroke_get_image (self->stroke), px, py, self->colour);
      push_stroke (self, tool_description (self->tool));
      self->dragging = FALSE;
      return;
    }
  draw_step (self, px, py);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                TsrPixelCanvas *self)
{
  double x, y;
  gint px, py;

  if (!self->dragging)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  x += dx;
  y += dy;
  if (self->tool == TSR_PIXEL_TOOL_SEGMENT)
    {
      widget_to_corner (self, x, y, &self->last_x, &self->last_y);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  widget_to_pixel (self, x, y, &px, &py);
  if (self->tool == TSR_PIXEL_TOOL_SELECT && !self->moving)
    {
      TsrImage image;

      if (!lend_image (self, &image))
        return;
      self->selection = (TsrPixelRect) { MIN (px, self->start_x), MIN (py, self->start_y),
                                         (guint) ABS (px - self->start_x) + 1, (guint) ABS (py - self->start_y) + 1 };
      tsr_pixel_rect_clip (&self->selection, &image);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (self->stroke != NULL && (px != self->last_x || py != self->last_y))
    draw_step (self, px, py);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             TsrPixelCanvas *self)
{
  if (!self->dragging)
    return;
  on_drag_update (gesture, dx, dy, self);
  self->dragging = FALSE;
  if (self->tool == TSR_PIXEL_TOOL_SEGMENT)
    {
      gint moved = self->moving_segment;

      self->segment_preview = FALSE;
      self->moving_segment = -1;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      if (moved >= 0 && self->segments != NULL && (guint) moved < self->segments->len)
        {
          const TsrSphereSegment *segment = &g_array_index (self->segments, TsrSphereSegment, moved);
          gint old_x = (gint) (self->moving_second ? segment->x2 : segment->x1);
          gint old_y = (gint) (self->moving_second ? segment->y2 : segment->y1);

          if (old_x != self->last_x || old_y != self->last_y)
            g_signal_emit (self, signals[SEGMENT_MOVED], 0, moved, self->moving_second, self->last_x, self->last_y);
        }
      else if (self->start_x != self->last_x || self->start_y != self->last_y)
        g_signal_emit (self, signals[SEGMENT_DRAWN], 0, self->start_x, self->start_y, self->last_x, self->last_y);
      return;
    }
  if (self->tool == TSR_PIXEL_TOOL_SELECT && self->moving)
    {
      TsrImage image;

      self->moving = FALSE;
      push_stroke (self, tool_description (self->tool));
      if (lend_image (self, &image))
        tsr_pixel_rect_clip (&self->selection, &image);
      return;
    }
  push_stroke (self, tool_description (self->tool));
}

static void
on_secondary_pressed (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      TsrPixelCanvas  *self)
{
  if (self->tool == TSR_PIXEL_TOOL_SEGMENT && self->document != NULL)
    g_signal_emit (self, signals[SEGMENT_ERASE], 0, (gint) (x / self->zoom), (gint) (y / self->zoom));
  else if (self->tool == TSR_PIXEL_TOOL_SELECT)
    {
      self->selection = (TsrPixelRect) { 0, 0, 0, 0 };
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
tsr_pixel_canvas_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TsrPixelCanvas *self = TSR_PIXEL_CANVAS (object);

  switch (prop_id)
    {
    case PROP_TOOL: g_value_set_int (value, self->tool); break;
    case PROP_COLOUR: g_value_set_uint (value, self->colour); break;
    case PROP_ZOOM: g_value_set_uint (value, self->zoom); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_pixel_canvas_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  TsrPixelCanvas *self = TSR_PIXEL_CANVAS (object);

  switch (prop_id)
    {
    case PROP_TOOL: tsr_pixel_canvas_set_tool (self, (TsrPixelTool) g_value_get_int (value)); break;
    case PROP_COLOUR: tsr_pixel_canvas_set_colour (self, g_value_get_uint (value)); break;
    case PROP_ZOOM: tsr_pixel_canvas_set_zoom (self, g_value_get_uint (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_pixel_canvas_dispose (GObject *object)
{
  TsrPixelCanvas *self = TSR_PIXEL_CANVAS (object);

  g_clear_pointer (&self->stroke, tsr_pixel_stroke_free);
  g_clear_object (&self->document);
  g_clear_pointer (&self->segments, g_array_unref);
  G_OBJECT_CLASS (tsr_pixel_canvas_parent_class)->dispose (object);
}

static void
tsr_pixel_canvas_class_init (TsrPixelCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tsr_pixel_canvas_dispose;
  object_class->get_property = tsr_pixel_canvas_get_property;
  object_class->set_property = tsr_pixel_canvas_set_property;
  widget_class->measure = tsr_pixel_canvas_measure;
  widget_class->snapshot = tsr_pixel_canvas_snapshot;

  properties[PROP_TOOL] = g_param_spec_int ("tool", NULL, NULL, 0, TSR_N_PIXEL_TOOLS - 1, TSR_PIXEL_TOOL_PENCIL,
                                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLOUR] = g_param_spec_uint ("colour", NULL, NULL, 0, G_MAXUINT32, 0x000000ff,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ZOOM] = g_param_spec_uint ("zoom", NULL, NULL, 1, 64, 20,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[SEGMENT_DRAWN] = g_signal_new ("segment-drawn", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 4, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  signals[SEGMENT_MOVED] = g_signal_new ("segment-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 4, G_TYPE_INT, G_TYPE_BOOLEAN, G_TYPE_INT, G_TYPE_INT);
  signals[SEGMENT_ERASE] = g_signal_new ("segment-erase", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  gtk_widget_class_set_css_name (widget_class, "pixel-canvas");
}

static void
tsr_pixel_canvas_init (TsrPixelCanvas *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *secondary = gtk_gesture_click_new ();

  self->zoom = 20;
  self->snap = 1;
  self->moving_segment = -1;
  self->colour = 0x000000ff;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (on_secondary_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));
  gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_START);
  gtk_widget_set_valign (GTK_WIDGET (self), GTK_ALIGN_START);
}

GtkWidget *
tsr_pixel_canvas_new (void)
{
  return g_object_new (TSR_TYPE_PIXEL_CANVAS, NULL);
}

void
tsr_pixel_canvas_set_image (TsrPixelCanvas       *self,
                            TsrDocument          *document,
                            const TsrPixelTarget *target,
                            gpointer              owner,
                            guint                 index)
{
  g_return_if_fail (TSR_IS_PIXEL_CANVAS (self));
  g_clear_pointer (&self->stroke, tsr_pixel_stroke_free);
  self->dragging = FALSE;
  self->moving = FALSE;
  self->segment_preview = FALSE;
  self->moving_segment = -1;
  g_set_object (&self->document, document);
  self->target = target;
  self->owner = owner;
  if (self->index != index)
    self->selection = (TsrPixelRect) { 0, 0, 0, 0 };
  self->index = index;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

guint
tsr_pixel_canvas_get_index (TsrPixelCanvas *self)
{
  return self->index;
}

gboolean
tsr_pixel_canvas_lend_image (TsrPixelCanvas *self,
                             TsrImage       *image)
{
  return lend_image (self, image);
}

void
tsr_pixel_canvas_refresh (TsrPixelCanvas *self)
{
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
tsr_pixel_canvas_set_tool (TsrPixelCanvas *self,
                           TsrPixelTool    tool)
{
  g_return_if_fail (TSR_IS_PIXEL_CANVAS (self));
  if (self->tool == tool)
    return;
  self->tool = tool;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

TsrPixelTool
tsr_pixel_canvas_get_tool (TsrPixelCanvas *self)
{
  return self->tool;
}

void
tsr_pixel_canvas_set_colour (TsrPixelCanvas *self,
                             guint32         rgba)
{
  g_return_if_fail (TSR_IS_PIXEL_CANVAS (self));
  if (self->colour == rgba)
    return;
  self->colour = rgba;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOUR]);
}

guint32
tsr_pixel_canvas_get_colour (TsrPixelCanvas *self)
{
  return self->colour;
}

void
tsr_pixel_canvas_set_zoom (TsrPixelCanvas *self,
                           guint           zoom)
{
  g_return_if_fail (TSR_IS_PIXEL_CANVAS (self));
  zoom = CLAMP (zoom, 1, 64);
  if (self->zoom == zoom)
    return;
  self->zoom = zoom;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

guint
tsr_pixel_canvas_get_zoom (TsrPixelCanvas *self)
{
  return self->zoom;
}

void
tsr_pixel_canvas_set_palette (TsrPixelCanvas *self,
                              const guint32  *palette)
{
  g_return_if_fail (TSR_IS_PIXEL_CANVAS (self));
  self->indexed = palette != NULL;
  if (palette != NULL)
    memcpy (self->palette, palette, sizeof self->palette);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
tsr_pixel_canvas_get_indexed (TsrPixelCanvas *self)
{
  return self->indexed;
}

void
tsr_pixel_canvas_set_snap (TsrPixelCanvas *self,
                           guint           snap)
{
  self->snap = MAX (snap, 1u);
}

void
tsr_pixel_canvas_set_segments (TsrPixelCanvas *self,
                               GArray         *segments)
{
  g_clear_pointer (&self->segments, g_array_unref);
  if (segments != NULL)
    self->segments = g_array_copy (segments);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tsr_pixel_canvas_get_selection (TsrPixelCanvas *self,
                                TsrPixelRect   *selection)
{
  *selection = self->selection;
}

/* The selection, or the whole image without one. */
static gboolean
work_area (TsrPixelCanvas *self,
           TsrPixelRect   *area)
{
  TsrImage image;

  if (self->stroke != NULL || !lend_image (self, &image))
    return FALSE;
  *area = self->selection;
  if (tsr_pixel_rect_is_empty (area))
    *area = (TsrPixelRect) { 0, 0, image.width, image.height };
  return TRUE;
}

void
tsr_pixel_canvas_copy (TsrPixelCanvas *self)
{
  TsrPixelRect area;
  TsrImage image;

  if (!work_area (self, &area) || !lend_image (self, &image))
    return;
  g_clear_pointer (&clipboard, tsr_image_free);
  clipboard = tsr_pixel_copy (&image, &area);
  clipboard_indexed = self->indexed;
}

void
tsr_pixel_canvas_paste (TsrPixelCanvas *self)
{
  TsrPixelRect area;

  if (clipboard == NULL || clipboard_indexed != self->indexed || !work_area (self, &area))
    return;
  self->stroke = tsr_pixel_stroke_begin (self->target, self->owner, self->index);
  if (self->stroke == NULL)
    return;
  tsr_pixel_paste (tsr_pixel_stroke_get_image (self->stroke), clipboard, area.x, area.y);
  self->selection = (TsrPixelRect) { area.x, area.y, clipboard->width, clipboard->height };
  tsr_pixel_rect_clip (&self->selection, tsr_pixel_stroke_get_image (self->stroke));
  push_stroke (self, _("Paste Pixels"));
}

void
tsr_pixel_canvas_flip (TsrPixelCanvas *self,
                       gboolean        horizontal)
{
  TsrPixelRect area;

  if (!work_area (self, &area))
    return;
  self->stroke = tsr_pixel_stroke_begin (self->target, self->owner, self->index);
  if (self->stroke == NULL)
    return;
  tsr_pixel_flip (tsr_pixel_stroke_get_image (self->stroke), &area, horizontal);
  push_stroke (self, horizontal ? _("Flip Horizontally") : _("Flip Vertically"));
}

gboolean
tsr_pixel_canvas_rotate (TsrPixelCanvas *self,
                         gboolean        clockwise)
{
  TsrPixelRect area;
  gboolean done;

  if (!work_area (self, &area))
    return FALSE;
  self->stroke = tsr_pixel_stroke_begin (self->target, self->owner, self->index);
  if (self->stroke == NULL)
    return FALSE;
  done = tsr_pixel_rotate (tsr_pixel_stroke_get_image (self->stroke), &area, clockwise, NULL);
  push_stroke (self, _("Rotate"));
  return done;
}

void
tsr_pixel_canvas_pixel_point (TsrPixelCanvas *self,
                              guint           x,
                              guint           y,
                              double         *widget_x,
                              double         *widget_y)
{
  *widget_x = (x + 0.5) * self->zoom;
  *widget_y = (y + 0.5) * self->zoom;
}
