/* tsr-spriteset-editor.c: see the header. The page holds indexes (the chosen direction and frame),
 * never pointers into the spriteset across edits: every "spriteset-changed" takes them again. The
 * frame's image is drawn on in the shared pixel editor (views/tsr-pixel-editor.h), whose strokes
 * are TsrPixelCommands through the document's image target (one undo step each). */
#include "config.h"

#include "views/sphere/tsr-spriteset-editor.h"

#include <glib/gi18n.h>

#include "core/tsr-error.h"
#include "model/sphere/tsr-sphere-document.h"
#include "model/sphere/tsr-sphere-spriteset-edit.h"
#include "views/assets/tsr-asset-preview.h"
#include "views/tsr-image-texture.h"
#include "views/tsr-pixel-editor.h"

#define CHECKER_SIZE    TSR_ASSET_CHECKER_SIZE
#define THUMBNAIL_SIZE  64

struct _TsrSpritesetEditor {
  TsrAssetBrowser           parent_instance;
  TsrDocument              *document;
  const TsrSphereSpriteset *spriteset;  /* the document's format data, borrowed */
  guint                     direction;
  guint                     zoom;
  TsrSphereAnimation        animation;  /* index: the frame shown */
  guint                     tick_id;
  gint64                    last_time;
  cairo_surface_t          *surface;
  gboolean                  updating;   /* the widgets are being set from the document */
  gint                      drag_x, drag_y; /* the frame pixel the drag started on */
  gint                      last_x, last_y;
  gboolean                  moving_base;    /* the drag started inside the base: it moves it */
  gint                      base_at_start[4];

  GtkWidget                *paned;
  GtkListBox               *direction_list;
  GtkFlowBox               *frame_flow;
  GtkDrawingArea           *preview;
  GtkToggleButton          *play_button;
  GtkSpinButton            *zoom_spin;
  GtkSpinButton            *delay_spin;
  GtkBox                   *frame_box;
  TsrPixelEditor           *pixels;
  GtkEntry                 *name_entry;
  GtkLabel                 *info_label;
  GtkCheckButton           *replace_check;
  GtkWidget                *add_direction_button;
  GtkWidget                *remove_direction_button;
  GtkWidget                *direction_up_button;
  GtkWidget                *direction_down_button;
  GtkWidget                *add_frame_button;
  GtkWidget                *duplicate_frame_button;
  GtkWidget                *remove_frame_button;
  GtkWidget                *frame_left_button;
  GtkWidget                *frame_right_button;
  GtkWidget                *import_button;
  GtkWidget                *export_button;
  GtkWidget                *export_sheet_button;
};

G_DEFINE_FINAL_TYPE (TsrSpritesetEditor, tsr_spriteset_editor, TSR_TYPE_ASSET_BROWSER)

static TsrSphereDocument *
sphere_document (TsrSpritesetEditor *self)
{
  return TSR_SPHERE_DOCUMENT (self->document);
}

static const TsrSphereDirection *
current_direction (TsrSpritesetEditor *self)
{
  if (self->spriteset == NULL || self->direction >= self->spriteset->directions->len)
    return NULL;
  return g_ptr_array_index (self->spriteset->directions, self->direction);
}

static const TsrSphereFrame *
current_frame (TsrSpritesetEditor *self)
{
  const TsrSphereDirection *direction = current_direction (self);

  if (direction == NULL || self->animation.index >= direction->frames->len)
    return NULL;
  return &g_array_index (direction->frames, TsrSphereFrame, self->animation.index);
}

static const TsrImage *
current_image (TsrSpritesetEditor *self)
{
  const TsrSphereFrame *frame = current_frame (self);

  if (frame == NULL || frame->image >= self->spriteset->images->len)
    return NULL;
  return g_ptr_array_index (self->spriteset->images, frame->image);
}

/* Versions 2 and 3 have directions to edit; version 1's 64 frames are implied. */
static gboolean
editable (TsrSpritesetEditor *self)
{
  return self->spriteset != NULL && self->spriteset->version >= 2;
}

/* An edit the document refused: its message under the frame. */
static void
report (TsrSpritesetEditor *self,
        gboolean            ok,
        GError             *error)
{
  if (!ok && error != NULL)
    gtk_label_set_text (self->info_label, error->message);
}

static void
update_sensitivity (TsrSpritesetEditor *self)
{
  const TsrSphereDirection *direction = current_direction (self);
  gboolean can = editable (self) && direction != NULL;
  gboolean has_frame = can && current_frame (self) != NULL;
  guint n = self->spriteset != NULL ? self->spriteset->directions->len : 0;
  guint frames = direction != NULL ? direction->frames->len : 0;

  gtk_widget_set_sensitive (self->add_direction_button, editable (self));
  gtk_widget_set_sensitive (self->remove_direction_button, can && n > 1);
  gtk_widget_set_sensitive (self->direction_up_button, can && self->direction > 0);
  gtk_widget_set_sensitive (self->direction_down_button, can && self->direction + 1 < n);
  gtk_widget_set_sensitive (GTK_WIDGET (self->name_entry), can && self->spriteset->version >= 3);
  gtk_widget_set_sensitive (self->add_frame_button, can);
  gtk_widget_set_sensitive (self->duplicate_frame_button, has_frame);
  gtk_widget_set_sensitive (self->remove_frame_button, has_frame);
  gtk_widget_set_sensitive (self->frame_left_button, has_frame && self->animation.index > 0);
  gtk_widget_set_sensitive (self->frame_right_button, has_frame && self->animation.index + 1 < frames);
  gtk_widget_set_sensitive (GTK_WIDGET (self->delay_spin), has_frame && self->tick_id == 0);
  gtk_widget_set_sensitive (self->import_button, can);
  gtk_widget_set_sensitive (self->export_button, frames > 0);
  gtk_widget_set_sensitive (self->export_sheet_button, self->spriteset != NULL && self->spriteset->directions->len > 0);
}

/* The frame shown: its picture, the info line and the delay field. */
static void
show_current (TsrSpritesetEditor *self)
{
  const TsrSphereDirection *direction = current_direction (self);
  const TsrSphereFrame *frame = current_frame (self);
  const TsrImage *image = current_image (self);
  g_autofree char *text = NULL;

  g_clear_pointer (&self->surface, cairo_surface_destroy);
  if (image != NULL)
    {
      self->surface = tsr_image_cairo_surface_new (image);
      tsr_asset_preview_set_size (self->preview, image->width, image->height, self->zoom);
    }
  if (frame != NULL && direction != NULL)
    {
      g_autofree char *name = tsr_sphere_spriteset_direction_name (self->spriteset, self->direction);
      const TsrSphereSpriteset *s = self->spriteset;

      text = g_strdup_printf (_("%s: frame %u of %u (image %u), delay %u; base %d,%d–%d,%d"), name,
                              self->animation.index + 1, direction->frames->len, frame->image,
                              frame->delay, s->base_x1, s->base_y1, s->base_x2, s->base_y2);
    }
  else if (direction != NULL)
    text = g_strdup (_("This direction has no frames: Sphere cannot draw it. Add or import frames."));
  gtk_label_set_text (self->info_label, text != NULL ? text : "");
  self->updating = TRUE;
  gtk_spin_button_set_value (self->delay_spin, frame != NULL ? frame->delay : 0);
  self->updating = FALSE;
  update_sensitivity (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

/* The pixel editor draws on the chosen frame's image (nothing without one, or in version 1). Not
 * on every frame the animation shows, nor when only the base moved. */
static void
sync_pixels (TsrSpritesetEditor *self)
{
  const TsrSphereFrame *frame = current_frame (self);
  gboolean drawable = frame != NULL && current_image (self) != NULL && editable (self);

  tsr_pixel_canvas_set_image (tsr_pixel_editor_get_canvas (self->pixels), drawable ? self->document : NULL,
                              tsr_sphere_document_get_image_target (), self->document, drawable ? frame->image : 0);
  tsr_pixel_editor_refresh (self->pixels);
}

static char *
direction_caption (const TsrSphereSpriteset *spriteset,
                   guint                     index)
{
  const TsrSphereDirection *direction = g_ptr_array_index (spriteset->directions, index);
  g_autofree char *name = tsr_sphere_spriteset_direction_name (spriteset, index);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u frame", "%s · %u frames", direction->frames->len),
                          name, direction->frames->len);
}

static void
rebuild_directions (TsrSpritesetEditor *self)
{
  g_autofree char *name = NULL;

  self->updating = TRUE;
  tsr_asset_remove_children (GTK_WIDGET (self->direction_list));
  for (guint d = 0; self->spriteset != NULL && d < self->spriteset->directions->len; d++)
    {
      g_autofree char *text = direction_caption (self->spriteset, d);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_list_box_append (self->direction_list, label);
    }
  if (current_direction (self) != NULL)
    gtk_list_box_select_row (self->direction_list, gtk_list_box_get_row_at_index (self->direction_list, (int) self->direction));
  name = current_direction (self) != NULL ? tsr_sphere_spriteset_direction_name (self->spriteset, self->direction) : NULL;
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), name != NULL ? name : "");
  self->updating = FALSE;
}

static void
rebuild_frames (TsrSpritesetEditor *self)
{
  const TsrSphereDirection *direction = current_direction (self);

  self->updating = TRUE;
  tsr_asset_remove_children (GTK_WIDGET (self->frame_flow));
  for (guint f = 0; direction != NULL && f < direction->frames->len; f++)
    {
      guint image = g_array_index (direction->frames, TsrSphereFrame, f).image;
      GtkWidget *thumbnail = image < self->spriteset->images->len
                             ? tsr_asset_thumbnail_new (g_ptr_array_index (self->spriteset->images, image), THUMBNAIL_SIZE, 4)
                             : tsr_asset_error_label_new (_("missing image"), 8);
      g_autofree char *tip = g_strdup_printf (_("Frame %u"), f + 1);

      gtk_widget_set_tooltip_text (thumbnail, tip);
      gtk_flow_box_insert (self->frame_flow, thumbnail, -1);
    }
  if (direction != NULL && self->animation.index < direction->frames->len)
    gtk_flow_box_select_child (self->frame_flow, gtk_flow_box_get_child_at_index (self->frame_flow, (int) self->animation.index));
  self->updating = FALSE;
}

void
tsr_spriteset_editor_select (TsrSpritesetEditor *self,
                             guint               direction,
                             guint               frame)
{
  const TsrSphereDirection *chosen;

  g_return_if_fail (TSR_IS_SPRITESET_EDITOR (self));
  if (self->spriteset == NULL)
    return;
  self->direction = MIN (direction, self->spriteset->directions->len > 0 ? self->spriteset->directions->len - 1 : 0);
  chosen = current_direction (self);
  tsr_sphere_animation_init (&self->animation, chosen != NULL && chosen->frames->len > 0
                                               ? MIN (frame, chosen->frames->len - 1) : 0);
  rebuild_directions (self);
  rebuild_frames (self);
  show_current (self);
  sync_pixels (self);
}

guint
tsr_spriteset_editor_get_direction (TsrSpritesetEditor *self)
{
  g_return_val_if_fail (TSR_IS_SPRITESET_EDITOR (self), 0);
  return self->direction;
}

guint
tsr_spriteset_editor_get_frame (TsrSpritesetEditor *self)
{
  g_return_val_if_fail (TSR_IS_SPRITESET_EDITOR (self), 0);
  return self->animation.index;
}

static void
on_direction_selected (TsrSpritesetEditor *self,
                       GtkListBoxRow      *row)
{
  if (self->updating || row == NULL)
    return;
  tsr_spriteset_editor_set_playing (self, FALSE);
  tsr_spriteset_editor_select (self, (guint) gtk_list_box_row_get_index (row), 0);
}

static void
on_frame_selected (TsrSpritesetEditor *self)
{
  g_autoptr(GList) selected = NULL;

  if (self->updating)
    return;
  selected = gtk_flow_box_get_selected_children (self->frame_flow);
  if (selected == NULL)
    return;
  tsr_spriteset_editor_set_playing (self, FALSE);
  tsr_sphere_animation_init (&self->animation, (guint) gtk_flow_box_child_get_index (selected->data));
  show_current (self);
  sync_pixels (self);
}

/* An edit, undo or redo: the lists and the frame shown are taken again (the direction or frame
 * chosen may be gone, the images borrowed replaced). */
static void
on_spriteset_changed (TsrDocument        *document,
                      guint               index,
                      TsrSpritesetEditor *self)
{
  if (self->spriteset == NULL)
    return;
  if (index == TSR_SPHERE_SPRITESET_BASE)
    show_current (self);
  else if (index == TSR_SPHERE_SPRITESET_ALL || index == self->direction)
    tsr_spriteset_editor_select (self, self->direction, self->animation.index);
  else if (index < self->spriteset->directions->len)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->direction_list, (int) index);

      if (row != NULL)
        {
          g_autofree char *text = direction_caption (self->spriteset, index);
          gtk_label_set_text (GTK_LABEL (gtk_list_box_row_get_child (row)), text);
        }
    }
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  TsrSpritesetEditor *self = user_data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->last_time == 0)
    self->last_time = now;
  if (current_direction (self) != NULL
      && tsr_sphere_animation_advance_direction (&self->animation, current_direction (self), now - self->last_time))
    show_current (self);
  self->last_time = now;
  return G_SOURCE_CONTINUE;
}

void
tsr_spriteset_editor_set_playing (TsrSpritesetEditor *self,
                                  gboolean            playing)
{
  g_return_if_fail (TSR_IS_SPRITESET_EDITOR (self));
  playing = playing && self->document != NULL;
  if (playing != (self->tick_id != 0))
    {
      if (playing)
        {
          self->last_time = 0;
          self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->preview), on_tick, self, NULL);
        }
      else
        {
          gtk_widget_remove_tick_callback (GTK_WIDGET (self->preview), self->tick_id);
          self->tick_id = 0;
          /* The thumbnails follow the frame the animation stopped on. */
          self->updating = TRUE;
          if (current_frame (self) != NULL)
            gtk_flow_box_select_child (self->frame_flow,
                                       gtk_flow_box_get_child_at_index (self->frame_flow, (int) self->animation.index));
          self->updating = FALSE;
          sync_pixels (self);
        }
    }
  if (gtk_toggle_button_get_active (self->play_button) != playing)
    gtk_toggle_button_set_active (self->play_button, playing);
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  update_sensitivity (self);
}

static void
on_play_toggled (TsrSpritesetEditor *self)
{
  tsr_spriteset_editor_set_playing (self, gtk_toggle_button_get_active (self->play_button));
}

static void
on_zoom_changed (TsrSpritesetEditor *self)
{
  self->zoom = tsr_asset_zoom_sync (self->zoom_spin, (guint) gtk_spin_button_get_value_as_int (self->zoom_spin));
  show_current (self);
}

static void
on_delay_changed (TsrSpritesetEditor *self)
{
  g_autoptr(GError) error = NULL;

  if (self->updating || current_frame (self) == NULL)
    return;
  report (self, tsr_sphere_document_set_frame_delay (sphere_document (self), self->direction, self->animation.index,
                                                     (guint16) gtk_spin_button_get_value_as_int (self->delay_spin),
                                                     &error), error);
}

/* Directions. */

static void
on_add_direction (TsrSpritesetEditor *self)
{
  guint position = current_direction (self) != NULL ? self->direction + 1 : 0;
  g_autoptr(GError) error = NULL;

  if (!tsr_sphere_document_add_direction (sphere_document (self), position, _("new direction"), &error))
    {
      report (self, FALSE, error);
      return;
    }
  tsr_spriteset_editor_select (self, position, 0);
  /* Ready to be named: the name typed replaces the one given. */
  if (gtk_widget_get_sensitive (GTK_WIDGET (self->name_entry)))
    {
      gtk_widget_grab_focus (GTK_WIDGET (self->name_entry));
      gtk_editable_select_region (GTK_EDITABLE (self->name_entry), 0, -1);
    }
}

static void
on_remove_direction (TsrSpritesetEditor *self)
{
  g_autoptr(GError) error = NULL;

  report (self, tsr_sphere_document_remove_direction (sphere_document (self), self->direction, &error), error);
}

static void
move_direction (TsrSpritesetEditor *self,
                int                 delta)
{
  guint to = (guint) ((int) self->direction + delta);
  g_autoptr(GError) error = NULL;

  if (!tsr_sphere_document_move_direction (sphere_document (self), self->direction, to, &error))
    report (self, FALSE, error);
  else
    tsr_spriteset_editor_select (self, to, self->animation.index);
}

static void
on_direction_up (TsrSpritesetEditor *self)
{
  move_direction (self, -1);
}

static void
on_direction_down (TsrSpritesetEditor *self)
{
  move_direction (self, 1);
}

static void
on_name_activate (TsrSpritesetEditor *self)
{
  g_autoptr(GError) error = NULL;

  if (current_direction (self) == NULL)
    return;
  report (self, tsr_sphere_document_rename_direction (sphere_document (self), self->direction,
                                                      gtk_editable_get_text (GTK_EDITABLE (self->name_entry)), &error),
          error);
}

/* Frames. */

static void
on_add_frame (TsrSpritesetEditor *self)
{
  guint position = current_frame (self) != NULL ? self->animation.index + 1 : 0;
  g_autoptr(GError) error = NULL;

  if (!tsr_sphere_document_add_frame (sphere_document (self), self->direction, position, &error))
    report (self, FALSE, error);
  else
    tsr_spriteset_editor_select (self, self->direction, position);
}

static void
on_duplicate_frame (TsrSpritesetEditor *self)
{
  g_autoptr(GError) error = NULL;

  if (!tsr_sphere_document_duplicate_frame (sphere_document (self), self->direction, self->animation.index, &error))
    report (self, FALSE, error);
  else
    tsr_spriteset_editor_select (self, self->direction, self->animation.index + 1);
}

static void
on_remove_frame (TsrSpritesetEditor *self)
{
  g_autoptr(GError) error = NULL;

  report (self, tsr_sphere_document_remove_frame (sphere_document (self), self->direction, self->animation.index, &error),
          error);
}

static void
move_frame (TsrSpritesetEditor *self,
            int                 delta)
{
  guint to = (guint) ((int) self->animation.index + delta);
  g_autoptr(GError) error = NULL;

  if (!tsr_sphere_document_move_frame (sphere_document (self), self->direction, self->animation.index, to, &error))
    report (self, FALSE, error);
  else
    tsr_spriteset_editor_select (self, self->direction, to);
}

static void
on_frame_left (TsrSpritesetEditor *self)
{
  move_frame (self, -1);
}

static void
on_frame_right (TsrSpritesetEditor *self)
{
  move_frame (self, 1);
}

/* The preview: the frame zoomed on a checkerboard, the base rectangle over it. */

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  TsrSpritesetEditor *self = user_data;
  const TsrSphereSpriteset *s = self->spriteset;
  double z = self->zoom;

  if (self->surface == NULL || s == NULL)
    return;
  tsr_asset_preview_paint (cr, self->surface, CHECKER_SIZE, CHECKER_SIZE, z);
  cairo_translate (cr, CHECKER_SIZE, CHECKER_SIZE);
  cairo_set_line_width (cr, 2);
  cairo_set_source_rgba (cr, 1, 0.3, 0.1, 0.9);
  cairo_rectangle (cr, MIN (s->base_x1, s->base_x2) * z, MIN (s->base_y1, s->base_y2) * z,
                   (ABS (s->base_x2 - s->base_x1) + 1) * z, (ABS (s->base_y2 - s->base_y1) + 1) * z);
  cairo_stroke (cr);
}

void
tsr_spriteset_editor_pixel_point (TsrSpritesetEditor *self,
                                  guint               x,
                                  guint               y,
                                  double             *widget_x,
                                  double             *widget_y)
{
  g_return_if_fail (TSR_IS_SPRITESET_EDITOR (self));
  *widget_x = CHECKER_SIZE + (x + 0.5) * self->zoom;
  *widget_y = CHECKER_SIZE + (y + 0.5) * self->zoom;
}

/* The frame pixel under widget point (X, Y), kept inside the frame. */
static void
pixel_at (TsrSpritesetEditor *self,
          double              x,
          double              y,
          gint               *px,
          gint               *py)
{
  gint w = self->spriteset->frame_width, h = self->spriteset->frame_height;

  *px = CLAMP ((gint) ((x - CHECKER_SIZE) / self->zoom), 0, MAX (w - 1, 0));
  *py = CLAMP ((gint) ((y - CHECKER_SIZE) / self->zoom), 0, MAX (h - 1, 0));
}

static void
on_drag_begin (GtkGestureDrag     *gesture,
               double              x,
               double              y,
               TsrSpritesetEditor *self)
{
  const TsrSphereSpriteset *s = self->spriteset;
  g_autoptr(GError) error = NULL;

  if (!editable (self))
    return;
  tsr_spriteset_editor_set_playing (self, FALSE);
  pixel_at (self, x, y, &self->drag_x, &self->drag_y);
  self->last_x = self->drag_x;
  self->last_y = self->drag_y;
  /* Inside the base a drag moves it; elsewhere it draws a new one from this corner. */
  self->moving_base = self->drag_x >= s->base_x1 && self->drag_x <= s->base_x2
                      && self->drag_y >= s->base_y1 && self->drag_y <= s->base_y2;
  self->base_at_start[0] = s->base_x1, self->base_at_start[1] = s->base_y1;
  self->base_at_start[2] = s->base_x2, self->base_at_start[3] = s->base_y2;
  if (!self->moving_base)
    report (self, tsr_sphere_document_set_base (sphere_document (self), self->drag_x, self->drag_y,
                                                self->drag_x, self->drag_y, FALSE, &error), error);
}

static void
on_drag_update (GtkGestureDrag     *gesture,
                double              dx,
                double              dy,
                TsrSpritesetEditor *self)
{
  double sx, sy;
  gint px, py;
  g_autoptr(GError) error = NULL;

  if (!editable (self) || !gtk_gesture_drag_get_start_point (gesture, &sx, &sy))
    return;
  pixel_at (self, sx + dx, sy + dy, &px, &py);
  if (px == self->last_x && py == self->last_y)
    return;
  if (self->moving_base)
    {
      gint mx = px - self->drag_x, my = py - self->drag_y;

      /* The first step of a move starts an undo step of its own, the others join it. */
      report (self, tsr_sphere_document_set_base (sphere_document (self), self->base_at_start[0] + mx,
                                                  self->base_at_start[1] + my, self->base_at_start[2] + mx,
                                                  self->base_at_start[3] + my,
                                                  self->last_x != self->drag_x || self->last_y != self->drag_y, &error),
              error);
    }
  else
    report (self, tsr_sphere_document_set_base (sphere_document (self), self->drag_x, self->drag_y, px, py, TRUE, &error),
            error);
  self->last_x = px;
  self->last_y = py;
}

/* Import and export. */

gboolean
tsr_spriteset_editor_import_file (TsrSpritesetEditor *self,
                                  GFile              *file,
                                  GError            **error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *direction_name = NULL;
  g_autofree char *text = NULL;
  g_autoptr(TsrImage) strip = NULL;
  const TsrSphereDirection *direction;
  gboolean replace;
  guint before;

  g_return_val_if_fail (TSR_IS_SPRITESET_EDITOR (self), FALSE);
  direction = current_direction (self);
  if (!editable (self) || direction == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("no spriteset direction to import into"));
      return FALSE;
    }
  replace = gtk_check_button_get_active (self->replace_check);
  before = direction->frames->len;
  strip = tsr_asset_load_png (file, error);
  if (strip == NULL
      || !tsr_sphere_document_import_strip (sphere_document (self), self->direction, strip,
                                            replace ? TSR_SPHERE_STRIP_REPLACE : TSR_SPHERE_STRIP_APPEND, name, error))
    return FALSE;
  direction_name = tsr_sphere_spriteset_direction_name (self->spriteset, self->direction);
  /* The direction is updated in place: the pointer still holds. */
  tsr_spriteset_editor_select (self, self->direction, replace ? 0 : before);
  if (replace)
    text = g_strdup_printf (_("%s: its %u frames are now the frames of %s."), name, direction->frames->len,
                            direction_name);
  else
    text = g_strdup_printf (_("%s: %u frames added to %s."), name, direction->frames->len - before, direction_name);
  gtk_label_set_text (self->info_label, text);
  return TRUE;
}

gboolean
tsr_spriteset_editor_export_file (TsrSpritesetEditor *self,
                                  GFile              *file,
                                  gboolean            whole_sheet,
                                  GError            **error)
{
  g_autoptr(TsrImage) sheet = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *text = NULL;

  g_return_val_if_fail (TSR_IS_SPRITESET_EDITOR (self), FALSE);
  if (self->spriteset != NULL)
    sheet = tsr_sphere_spriteset_export_sheet (self->spriteset, whole_sheet ? -1 : (gint) self->direction);
  if (sheet == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("%s: no frames to export"), name);
      return FALSE;
    }
  if (path == NULL || !tsr_image_save_png (sheet, path, error))
    {
      if (path == NULL)
        g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("%s: not a local file"), name);
      return FALSE;
    }
  text = g_strdup_printf (_("Wrote %s (%u×%u)."), name, sheet->width, sheet->height);
  gtk_label_set_text (self->info_label, text);
  return TRUE;
}

static void
on_import_clicked (TsrSpritesetEditor *self)
{
  GtkFileChooserNative *dialog = tsr_asset_png_chooser_new (GTK_WIDGET (self), _("Import PNG Frames into Direction"),
                                                           GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"));

  tsr_asset_chooser_run (dialog, self, (TsrAssetFileFunc) tsr_spriteset_editor_import_file, self->info_label);
}

static gboolean
export_direction (TsrSpritesetEditor *self,
                  GFile              *file,
                  GError            **error)
{
  return tsr_spriteset_editor_export_file (self, file, FALSE, error);
}

static gboolean
export_sheet (TsrSpritesetEditor *self,
              GFile              *file,
              GError            **error)
{
  return tsr_spriteset_editor_export_file (self, file, TRUE, error);
}

static void
show_export_chooser (TsrSpritesetEditor *self,
                     const char         *title,
                     const char         *suggested,
                     TsrAssetFileFunc    export)
{
  GtkFileChooserNative *dialog = tsr_asset_png_chooser_new (GTK_WIDGET (self), title, GTK_FILE_CHOOSER_ACTION_SAVE,
                                                           _("_Export"));
  g_autofree char *name = g_strdup_printf ("%s.png", suggested);

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  tsr_asset_chooser_run (dialog, self, export, self->info_label);
}

static void
on_export_clicked (TsrSpritesetEditor *self)
{
  g_autofree char *name = tsr_sphere_spriteset_direction_name (self->spriteset, self->direction);

  show_export_chooser (self, _("Export Direction as PNG Strip"), name, (TsrAssetFileFunc) export_direction);
}

static void
on_export_sheet_clicked (TsrSpritesetEditor *self)
{
  show_export_chooser (self, _("Export Spriteset as PNG Sheet"), "spriteset", (TsrAssetFileFunc) export_sheet);
}

/* The page. */

/* Versions 2 and 3: a version 1 spriteset (64 implied frames, no directions) is shown by the
 * sprite browser, which takes it at its lower priority. */
gboolean
tsr_spriteset_editor_accepts (TsrDocument *document)
{
  const TsrSphereSpriteset *spriteset;

  if (!TSR_IS_SPHERE_DOCUMENT (document) || g_strcmp0 (tsr_document_get_format_id (document), "sphere-rss") != 0)
    return FALSE;
  spriteset = tsr_document_get_format_data (document);
  return spriteset != NULL && spriteset->version >= 2;
}

void
tsr_spriteset_editor_set_document (TsrSpritesetEditor *self,
                                   TsrDocument        *document)
{
  g_return_if_fail (TSR_IS_SPRITESET_EDITOR (self));
  if (self->document == document)
    return;
  tsr_spriteset_editor_set_playing (self, FALSE);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  self->spriteset = NULL;
  if (document != NULL && tsr_spriteset_editor_accepts (document))
    {
      self->spriteset = tsr_document_get_format_data (document);
      g_signal_connect (document, "spriteset-changed", G_CALLBACK (on_spriteset_changed), self);
    }
  self->direction = 0;
  tsr_sphere_animation_init (&self->animation, 0);
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  rebuild_directions (self);
  rebuild_frames (self);
  show_current (self);
}

static void
tsr_spriteset_editor_page_set_document (TsrAssetBrowser *browser,
                                        TsrDocument     *document)
{
  tsr_spriteset_editor_set_document (TSR_SPRITESET_EDITOR (browser), document);
}

static void
tsr_spriteset_editor_finalize (GObject *object)
{
  TsrSpritesetEditor *self = TSR_SPRITESET_EDITOR (object);

  g_clear_pointer (&self->surface, cairo_surface_destroy);
  G_OBJECT_CLASS (tsr_spriteset_editor_parent_class)->finalize (object);
}

static void
tsr_spriteset_editor_class_init (TsrSpritesetEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_spriteset_editor_finalize;
  TSR_ASSET_BROWSER_CLASS (klass)->set_document = tsr_spriteset_editor_page_set_document;
  tsr_asset_class_set_template (widget_class, "tsr-spriteset-editor.ui");
  tsr_asset_browser_class_bind_note (widget_class);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, paned);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, direction_list);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, frame_flow);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, preview);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, play_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, zoom_spin);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, delay_spin);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, frame_box);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, name_entry);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, info_label);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, replace_check);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, add_direction_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, remove_direction_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, direction_up_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, direction_down_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, add_frame_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, duplicate_frame_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, remove_frame_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, frame_left_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, frame_right_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, import_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, export_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpritesetEditor, export_sheet_button);
  gtk_widget_class_bind_template_callback (widget_class, on_direction_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_frame_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_play_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_delay_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_add_direction);
  gtk_widget_class_bind_template_callback (widget_class, on_remove_direction);
  gtk_widget_class_bind_template_callback (widget_class, on_direction_up);
  gtk_widget_class_bind_template_callback (widget_class, on_direction_down);
  gtk_widget_class_bind_template_callback (widget_class, on_name_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_add_frame);
  gtk_widget_class_bind_template_callback (widget_class, on_duplicate_frame);
  gtk_widget_class_bind_template_callback (widget_class, on_remove_frame);
  gtk_widget_class_bind_template_callback (widget_class, on_frame_left);
  gtk_widget_class_bind_template_callback (widget_class, on_frame_right);
  gtk_widget_class_bind_template_callback (widget_class, on_import_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_export_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_export_sheet_clicked);
}

static void
tsr_spriteset_editor_init (TsrSpritesetEditor *self)
{
  GtkGesture *drag;
  GtkWidget *scrolled;

  self->zoom = 8;
  self->animation.speed = 1.0;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
  /* Scrolled: the editor's palette grows with the colours of the image (a gradient has many). */
  self->pixels = TSR_PIXEL_EDITOR (tsr_pixel_editor_new ());
  scrolled = gtk_scrolled_window_new ();
  gtk_widget_set_hexpand (scrolled, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->pixels));
  gtk_box_append (self->frame_box, scrolled);
  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self->preview), GTK_EVENT_CONTROLLER (drag));
}
