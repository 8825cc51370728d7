/* tsr-shapes-browser.c: the page shows one collection version at a time. What the preview draws
 * comes from the GTK-free side (tsr-shapes-animation.h: the frame cache, the placement on a common
 * origin, the animation clock); this file turns it into widgets, cairo drawing and commands. */
#include "config.h"

#include "views/assets/tsr-shapes-browser.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "model/marathon/tsr-shapes-diff.h"
#include "views/assets/tsr-asset-preview.h"
#include "views/assets/tsr-shapes-color-editor.h"
#include "views/tsr-image-texture.h"
#include "views/tsr-pixel-editor.h"

#define THUMBNAIL_SIZE 64
#define CHECKER_SIZE   TSR_ASSET_CHECKER_SIZE

struct _TsrShapesBrowser {
  TsrAssetBrowser     parent_instance;
  TsrShapesDocument  *document;

  GtkWidget          *paned;
  GtkListBox         *collection_list;
  GtkDropDown        *table_dropdown;
  GtkSpinButton      *zoom_spin;
  GtkToggleButton    *base_toggle;
  GtkButton          *import_button;
  GtkButton          *apply_patch_button;
  GtkButton          *make_patch_button;
  GtkCheckButton     *dither_check;
  GtkStack           *part_stack;
  GtkFlowBox         *bitmap_flow;
  GtkListBox         *frame_list;
  GtkListBox         *sequence_list;
  TsrShapesColorEditor *color_editor;
  GtkDrawingArea     *preview;
  GtkWidget          *preview_scroller;
  TsrPixelEditor     *pixel_editor;   /* shown instead of the preview by Edit Pixels */
  GtkToggleButton    *edit_pixels_button;
  guint               pixel_key;      /* the bitmap the pixel editor shows (G_MAXUINT: none) */
  const TsrShapesColorTable *pixel_table; /* in that table's colours */
  GtkWidget          *player_box;
  GtkToggleButton    *play_button;
  GtkDropDown        *view_dropdown;
  GtkDropDown        *speed_dropdown;
  GtkLabel           *player_label;
  GtkGrid            *field_grid;
  GtkLabel           *status_label;

  /* What is shown. */
  gint                collection;   /* -1: none */
  guint               version;
  guint               table;
  guint               zoom;
  TsrShapesPart       part;
  gint                selected[3];  /* per part, -1: none */
  TsrShapesFrameCache *cache;
  TsrImage           *image;        /* the preview's picture (owned) */
  cairo_surface_t    *surface;      /* IMAGE as cairo sees it */
  TsrShapesBox        box;          /* the image's box around the origin */
  gboolean            has_box;
  gboolean            marks;        /* draw the origin and key point */
  int                 origin_px, origin_py; /* canvas pixels of the origin and the key point */
  int                 key_px, key_py;

  /* Dragging the origin or the key point of a frame (frames page). */
  GtkGesture         *drag;
  int                 dragging;     /* 0: none, 1: origin, 2: key point */
  gint32              drag_start_x, drag_start_y;
  int                 drag_sign_x, drag_sign_y;

  /* The sequence player. */
  TsrShapesAnimation  animation;
  guint               view;
  guint               tick_id;
  gint64              last_time;

  GHashTable         *fields;       /* name -> GtkWidget (the selection's field editors) */
  GtkLabel           *summary_label; /* the selected sequence's or bitmap's info line, NULL for a frame */
  GtkDropDown        *views_dropdown; /* the selected sequence's number of views */
  gboolean            updating;     /* setting widgets from the document, not the user */

  /* A patch against the base Shapes file of the preferences ("marathon-shapes"). */
  GSettings          *settings;     /* NULL when the schema is not installed */
  gboolean            show_base;    /* draw the base's records instead of the patch's */
  char               *base_message; /* what the comparison found, for the status line */
};

static void update_base_controls (TsrShapesBrowser *self);
static void update_pixel_editor (TsrShapesBrowser *self);
static gint target_bitmap (TsrShapesBrowser *self);
static gboolean compare_with_base (TsrShapesBrowser *self, const char *path, GError **error);
static void follow_base_setting (TsrShapesBrowser *self);

G_DEFINE_FINAL_TYPE (TsrShapesBrowser, tsr_shapes_browser, TSR_TYPE_ASSET_BROWSER)

static const double speeds[] = { 0.25, 0.5, 1.0, 2.0, 4.0 };

static const TsrShapesCollection *
base_collection (TsrShapesBrowser *self)
{
  const TsrShapesFile *base = self->document != NULL ? tsr_shapes_document_get_base (self->document) : NULL;

  if (base == NULL || self->collection < 0)
    return NULL;
  return base->slots[self->collection].versions[self->version];
}

static const TsrShapesCollection *
current_collection (TsrShapesBrowser *self)
{
  if (self->document == NULL || self->collection < 0)
    return NULL;
  if (self->show_base && base_collection (self) != NULL)
    return base_collection (self);
  return tsr_shapes_document_get_collection (self->document, (guint) self->collection, self->version);
}

/* Where the colour tables come from: the collection shown, or for a patch that sends none the
 * base's collection (what the engine draws the patch's bitmaps with). */
static const TsrShapesCollection *
table_collection (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);

  if (collection != NULL && collection->color_tables->len == 0 && base_collection (self) != NULL)
    return base_collection (self);
  return collection;
}

static const TsrShapesColorTable *
current_table (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = table_collection (self);

  if (collection == NULL || self->table >= collection->color_tables->len)
    return NULL;
  return g_ptr_array_index (collection->color_tables, self->table);
}

/* " · replaced" for a record the patch changes against the base; "" otherwise. */
static const char *
change_mark (TsrShapesBrowser *self,
             TsrShapesPart     part,
             guint             index)
{
  const TsrShapesDiff *diff = self->document != NULL ? tsr_shapes_document_get_diff (self->document) : NULL;
  TsrShapesChange change;

  if (diff == NULL || self->collection < 0)
    return "";
  change = tsr_shapes_diff_get (diff, (guint) self->collection, self->version, part, index);
  switch (change)
    {
    case TSR_SHAPES_CHANGE_SAME: return _(" · unchanged");
    case TSR_SHAPES_CHANGE_REPLACED: return _(" · replaced");
    case TSR_SHAPES_CHANGE_ADDED: return _(" · added");
    default: return "";
    }
}

static GtkWidget *
label_row (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 3);
  gtk_widget_set_margin_bottom (label, 3);
  return label;
}

/* ---- the preview ----------------------------------------------------------------------------- */

static void
set_preview_image (TsrShapesBrowser *self,
                   TsrImage         *image)
{
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  g_clear_pointer (&self->image, tsr_image_free);
  self->image = image;
  if (image != NULL)
    {
      self->surface = tsr_image_cairo_surface_new (image);
      tsr_asset_preview_set_size (self->preview, image->width, image->height, self->zoom);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
draw_cross (cairo_t *cr, double x, double y, double r, double g, double b)
{
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 3);
  cairo_move_to (cr, x - 6, y);
  cairo_line_to (cr, x + 6, y);
  cairo_move_to (cr, x, y - 6);
  cairo_line_to (cr, x, y + 6);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  TsrShapesBrowser *self = user_data;
  double x0 = CHECKER_SIZE, y0 = CHECKER_SIZE;

  if (self->surface == NULL)
    return;
  tsr_asset_preview_paint (cr, self->surface, x0, y0, self->zoom);
  if (self->has_box && self->marks)
    {
      /* The origin (red) and the key point (blue), at pixel centres. */
      draw_cross (cr, x0 + (self->origin_px + 0.5) * self->zoom, y0 + (self->origin_py + 0.5) * self->zoom, 1, 0.2, 0.2);
      draw_cross (cr, x0 + (self->key_px + 0.5) * self->zoom, y0 + (self->key_py + 0.5) * self->zoom, 0.3, 0.6, 1);
    }
}

/* Where FRAME's origin and key point fall on a canvas whose top-left is the frame's bitmap at
 * (LEFT, TOP); both are points of the stored bitmap, so they mirror with it. */
static void
place_marks (TsrShapesBrowser          *self,
             const TsrShapesCollection *collection,
             const TsrShapesFrame      *frame,
             int                        left,
             int                        top)
{
  const TsrShapesBitmap *bitmap = g_ptr_array_index (collection->bitmaps, (guint) frame->bitmap_index);
  gboolean mirror_x = (frame->flags & TSR_SHAPES_FRAME_MIRROR_X) != 0, mirror_y = (frame->flags & TSR_SHAPES_FRAME_MIRROR_Y) != 0;

  self->origin_px = left + (mirror_x ? bitmap->width - 1 - frame->origin_x : frame->origin_x);
  self->origin_py = top + (mirror_y ? bitmap->height - 1 - frame->origin_y : frame->origin_y);
  self->key_px = left + (mirror_x ? bitmap->width - 1 - frame->key_x : frame->key_x);
  self->key_py = top + (mirror_y ? bitmap->height - 1 - frame->key_y : frame->key_y);
  self->marks = TRUE;
}

static void
update_player_label (TsrShapesBrowser *self)
{
  g_autofree char *text = NULL;

  if (self->part != TSR_SHAPES_PART_SEQUENCE || self->selected[TSR_SHAPES_PART_SEQUENCE] < 0)
    {
      gtk_label_set_text (self->player_label, "");
      return;
    }
  if (self->animation.frames == 0)
    {
      /* Translators: the player line of a sequence that has no frames (frames per view 0). */
      gtk_label_set_text (self->player_label, _("no frames"));
      return;
    }
  text = g_strdup_printf (_("frame %u of %u · tick %u of %u%s"), self->animation.frame + 1, self->animation.frames,
                          self->animation.tick + 1, self->animation.ticks_per_frame,
                          self->animation.stopped && self->animation.frames > 1 ? _(" · ended") : "");
  gtk_label_set_text (self->player_label, text);
}

static const TsrShapesSequence *
current_sequence (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);
  gint s = self->selected[TSR_SHAPES_PART_SEQUENCE];

  if (collection == NULL || s < 0 || (guint) s >= collection->sequences->len)
    return NULL;
  return g_ptr_array_index (collection->sequences, (guint) s);
}

/* The frame the sequence shows now; keeps the canvas (the common box) between frames. */
static void
render_sequence_frame (TsrShapesBrowser *self)
{
  const TsrShapesSequence *sequence = current_sequence (self);
  const TsrShapesCollection *collection = current_collection (self);
  TsrImage *canvas;
  gint frame_index;

  if (sequence == NULL)
    return;
  self->box = tsr_shapes_sequence_box (collection, sequence, self->view);
  self->has_box = TRUE;
  canvas = tsr_image_new ((guint) self->box.width, (guint) self->box.height);
  if (canvas == NULL)
    return;
  tsr_shapes_render_sequence_frame (self->cache, sequence, self->view, self->animation.frame, &self->box, canvas);
  frame_index = tsr_shapes_sequence_frame_at (sequence, self->view, self->animation.frame);
  self->marks = FALSE;
  {
    TsrShapesBox placed;
    if (tsr_shapes_frame_box (collection, frame_index, &placed))
      place_marks (self, collection, g_ptr_array_index (collection->frames, (guint) frame_index),
                   placed.x - self->box.x, placed.y - self->box.y);
  }
  set_preview_image (self, canvas);
  update_player_label (self);
}

static void
refresh_preview (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);
  gint index = collection != NULL ? self->selected[self->part] : -1;

  self->has_box = FALSE;
  self->marks = FALSE;
  if (index < 0)
    {
      set_preview_image (self, NULL);
      update_player_label (self);
      return;
    }
  switch (self->part)
    {
    case TSR_SHAPES_PART_BITMAP:
      {
        const TsrShapesBitmap *bitmap = (guint) index < collection->bitmaps->len ? g_ptr_array_index (collection->bitmaps, (guint) index) : NULL;
        set_preview_image (self, bitmap != NULL && bitmap->width > 0 && bitmap->height > 0
                                 ? tsr_shapes_bitmap_decode (bitmap, current_table (self), NULL) : NULL);
        break;
      }
    case TSR_SHAPES_PART_FRAME:
      {
        const TsrImage *image = tsr_shapes_frame_cache_get (self->cache, index);
        const TsrShapesFrame *frame = (guint) index < collection->frames->len ? g_ptr_array_index (collection->frames, (guint) index) : NULL;

        if (image != NULL && frame != NULL && tsr_shapes_frame_box (collection, index, &self->box))
          {
            TsrImage *copy = tsr_image_copy (image);
            self->has_box = TRUE;
            place_marks (self, collection, frame, 0, 0);
            set_preview_image (self, copy);
          }
        else
          set_preview_image (self, NULL);
        break;
      }
    case TSR_SHAPES_PART_SEQUENCE:
      render_sequence_frame (self);
      break;
    default:
      break;
    }
  update_player_label (self);
  update_pixel_editor (self);
}

/* ---- the pixel editor ------------------------------------------------------------------------ */

/* Edit Pixels: the shared pixel editor (views/tsr-pixel-editor.c) on the bitmap an import would
 * replace, in indexed mode: the strip is the colour table shown, index 0 transparent (and the
 * eraser offered) where the bitmap is RLE or flagged transparent, as the codec decodes it. Each
 * stroke is one bitmap command of the document (tsr_shapes_document_get_pixel_target). */
static void
update_pixel_editor (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);
  const TsrShapesColorTable *table = current_table (self);
  gboolean editable = self->document != NULL && tsr_shapes_document_get_editable (self->document) && !self->show_base;
  gint bitmap = editable && collection != NULL ? target_bitmap (self) : -1;
  const TsrShapesBitmap *record = bitmap >= 0 && (guint) bitmap < collection->bitmaps->len
                                  ? g_ptr_array_index (collection->bitmaps, (guint) bitmap) : NULL;
  gboolean on = gtk_toggle_button_get_active (self->edit_pixels_button) && record != NULL && record->width > 0
                && record->height > 0;
  TsrPixelCanvas *canvas = tsr_pixel_editor_get_canvas (self->pixel_editor);
  guint32 colours[256];
  guint8 values[256];
  guint n_values = 0;
  gboolean transparent;
  guint key;

  gtk_widget_set_sensitive (GTK_WIDGET (self->edit_pixels_button), editable);
  gtk_widget_set_visible (self->preview_scroller, !on);
  gtk_widget_set_visible (GTK_WIDGET (self->pixel_editor), on);
  if (!on)
    {
      tsr_pixel_canvas_set_image (canvas, NULL, NULL, NULL, 0);
      self->pixel_key = G_MAXUINT;
      return;
    }
  key = tsr_shapes_pixel_key ((guint) self->collection, self->version, (guint) bitmap);
  if (self->pixel_key == key && self->pixel_table == table)
    {
      /* The same bitmap in the same colours: only its pixels are read again. */
      tsr_pixel_canvas_refresh (canvas);
      return;
    }
  self->pixel_key = key;
  self->pixel_table = table;
  transparent = record->bytes_per_row < 0 || (record->flags & TSR_SHAPES_BITMAP_TRANSPARENT) != 0;
  for (guint v = 0; v < 256; v++)
    colours[v] = table == NULL ? (v * 0x01010100u) | 0xff : 0x000000ff;
  if (table == NULL)
    for (guint v = 0; v < 256; v++)
      values[n_values++] = (guint8) v;
  for (guint c = 0; table != NULL && c < table->count && n_values < 256; c++)
    {
      const TsrShapesColor *color = &table->colors[c];

      colours[color->value] = ((guint32) (color->red >> 8) << 24) | ((guint32) (color->green >> 8) << 16)
                              | ((guint32) (color->blue >> 8) << 8) | 0xff;
      values[n_values++] = color->value;
    }
  if (transparent)
    colours[0] = 0;
  tsr_pixel_canvas_set_image (canvas, TSR_DOCUMENT (self->document), tsr_shapes_document_get_pixel_target (), self->document,
                              tsr_shapes_pixel_key ((guint) self->collection, self->version, (guint) bitmap));
  tsr_pixel_editor_set_indexed (self->pixel_editor, colours, values, n_values, transparent);
}

static void
on_edit_pixels_toggled (TsrShapesBrowser *self)
{
  if (gtk_toggle_button_get_active (self->edit_pixels_button))
    tsr_shapes_browser_set_playing (self, FALSE);
  update_pixel_editor (self);
}

TsrPixelEditor *
tsr_shapes_browser_get_pixel_editor (TsrShapesBrowser *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), NULL);
  return self->pixel_editor;
}

GtkWidget *
tsr_shapes_browser_get_edit_pixels_button (TsrShapesBrowser *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), NULL);
  return GTK_WIDGET (self->edit_pixels_button);
}

/* ---- dragging the origin and the key point --------------------------------------------------- */

static void
on_drag_begin (GtkGestureDrag   *gesture,
               double            x,
               double            y,
               TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);
  gint index = self->selected[TSR_SHAPES_PART_FRAME];
  const TsrShapesFrame *frame;
  double ox, oy, kx, ky, reach = MAX (8.0, self->zoom);

  self->dragging = 0;
  if (collection == NULL || self->part != TSR_SHAPES_PART_FRAME || index < 0 || !self->marks
      || !tsr_shapes_document_get_editable (self->document))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  frame = g_ptr_array_index (collection->frames, (guint) index);
  ox = CHECKER_SIZE + (self->origin_px + 0.5) * self->zoom;
  oy = CHECKER_SIZE + (self->origin_py + 0.5) * self->zoom;
  kx = CHECKER_SIZE + (self->key_px + 0.5) * self->zoom;
  ky = CHECKER_SIZE + (self->key_py + 0.5) * self->zoom;
  /* The key point first: it is drawn on top. */
  if (ABS (x - kx) <= reach && ABS (y - ky) <= reach)
    {
      self->dragging = 2;
      self->drag_start_x = frame->key_x;
      self->drag_start_y = frame->key_y;
    }
  else if (ABS (x - ox) <= reach && ABS (y - oy) <= reach)
    {
      self->dragging = 1;
      self->drag_start_x = frame->origin_x;
      self->drag_start_y = frame->origin_y;
    }
  else
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->drag_sign_x = (frame->flags & TSR_SHAPES_FRAME_MIRROR_X) ? -1 : 1;
  self->drag_sign_y = (frame->flags & TSR_SHAPES_FRAME_MIRROR_Y) ? -1 : 1;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  /* The whole drag is one undo step. */
  tsr_undo_stack_begin_group (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)),
                              self->dragging == 1 ? _("Move Origin") : _("Move Key Point"));
}

static void
on_drag_update (GtkGestureDrag   *gesture,
                double            dx,
                double            dy,
                TsrShapesBrowser *self)
{
  gint index = self->selected[TSR_SHAPES_PART_FRAME];
  gint32 x, y;
  g_autoptr(GError) error = NULL;

  if (self->dragging == 0 || index < 0)
    return;
  x = CLAMP (self->drag_start_x + self->drag_sign_x * (gint32) floor (dx / self->zoom + 0.5), G_MININT16, G_MAXINT16);
  y = CLAMP (self->drag_start_y + self->drag_sign_y * (gint32) floor (dy / self->zoom + 0.5), G_MININT16, G_MAXINT16);
  if (!tsr_shapes_document_set_frame_field (self->document, (guint) self->collection, self->version, (guint) index,
                                            self->dragging == 1 ? TSR_SHAPES_FRAME_ORIGIN_X : TSR_SHAPES_FRAME_KEY_X, x, &error)
      || !tsr_shapes_document_set_frame_field (self->document, (guint) self->collection, self->version, (guint) index,
                                               self->dragging == 1 ? TSR_SHAPES_FRAME_ORIGIN_Y : TSR_SHAPES_FRAME_KEY_Y, y, &error))
    gtk_label_set_text (self->status_label, error->message);
}

static void
on_drag_end (GtkGestureDrag   *gesture,
             double            dx,
             double            dy,
             TsrShapesBrowser *self)
{
  if (self->dragging == 0)
    return;
  self->dragging = 0;
  tsr_undo_stack_end_group (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)));
}

/* ---- the player ------------------------------------------------------------------------------ */

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  TsrShapesBrowser *self = user_data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  guint events;

  if (self->last_time == 0)
    self->last_time = now;
  events = tsr_shapes_animation_advance (&self->animation, now - self->last_time);
  self->last_time = now;
  if (events & (TSR_SHAPES_ANIMATION_FRAME_CHANGED | TSR_SHAPES_ANIMATION_STOPPED))
    render_sequence_frame (self);
  else
    update_player_label (self);
  return G_SOURCE_CONTINUE;
}

void
tsr_shapes_browser_set_playing (TsrShapesBrowser *self,
                                gboolean          playing)
{
  g_return_if_fail (TSR_IS_SHAPES_BROWSER (self));
  playing = playing && current_sequence (self) != NULL;
  if (playing == (self->tick_id != 0))
    {
      gtk_toggle_button_set_active (self->play_button, playing);
      return;
    }
  if (playing)
    {
      if (self->animation.stopped)
        tsr_shapes_animation_reset (&self->animation);
      self->last_time = 0;
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->preview), on_tick, self, NULL);
    }
  else
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->preview), self->tick_id);
      self->tick_id = 0;
    }
  gtk_toggle_button_set_active (self->play_button, playing);
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
}

void
tsr_shapes_browser_step (TsrShapesBrowser *self,
                         int               delta)
{
  g_return_if_fail (TSR_IS_SHAPES_BROWSER (self));
  tsr_shapes_browser_set_playing (self, FALSE);
  tsr_shapes_animation_step (&self->animation, delta);
  render_sequence_frame (self);
}

void
tsr_shapes_browser_set_view (TsrShapesBrowser *self,
                             guint             view)
{
  const TsrShapesSequence *sequence;

  g_return_if_fail (TSR_IS_SHAPES_BROWSER (self));
  sequence = current_sequence (self);
  if (sequence == NULL || view >= sequence->view_count)
    return;
  self->view = view;
  if (gtk_drop_down_get_selected (self->view_dropdown) != view)
    gtk_drop_down_set_selected (self->view_dropdown, view);
  render_sequence_frame (self);
}

const TsrShapesAnimation *
tsr_shapes_browser_get_animation (TsrShapesBrowser *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), NULL);
  return &self->animation;
}

static void
on_play_toggled (TsrShapesBrowser *self)
{
  tsr_shapes_browser_set_playing (self, gtk_toggle_button_get_active (self->play_button));
}

static void
on_step_back (TsrShapesBrowser *self)
{
  tsr_shapes_browser_step (self, -1);
}

static void
on_step_forward (TsrShapesBrowser *self)
{
  tsr_shapes_browser_step (self, 1);
}

static void
edit_frames (TsrShapesBrowser *self,
             gboolean          add)
{
  g_autoptr(GError) error = NULL;
  gint sequence = self->selected[TSR_SHAPES_PART_SEQUENCE];
  gboolean ok;

  if (self->document == NULL || sequence < 0)
    return;
  ok = add ? tsr_shapes_document_insert_sequence_frame (self->document, (guint) self->collection, self->version,
                                                        (guint) sequence, self->animation.frame + 1, &error)
           : tsr_shapes_document_remove_sequence_frame (self->document, (guint) self->collection, self->version,
                                                        (guint) sequence, self->animation.frame, &error);
  gtk_label_set_text (self->status_label, ok ? "" : error->message);
}

static void
on_add_frame (TsrShapesBrowser *self)
{
  edit_frames (self, TRUE);
}

static void
on_remove_frame (TsrShapesBrowser *self)
{
  edit_frames (self, FALSE);
}

static void
on_view_selected (TsrShapesBrowser *self)
{
  guint selected = gtk_drop_down_get_selected (self->view_dropdown);

  if (selected != GTK_INVALID_LIST_POSITION && selected != self->view)
    tsr_shapes_browser_set_view (self, selected);
}

static void
on_speed_selected (TsrShapesBrowser *self)
{
  guint selected = gtk_drop_down_get_selected (self->speed_dropdown);

  if (selected < G_N_ELEMENTS (speeds))
    tsr_shapes_animation_set_speed (&self->animation, speeds[selected]);
}

/* ---- fields ---------------------------------------------------------------------------------- */

static void on_field_changed (GtkWidget *widget, TsrShapesBrowser *self);

static void
add_field (TsrShapesBrowser *self,
           const char       *name,
           int               row,
           gint32            value,
           gint32            minimum,
           gint32            maximum,
           gint              field,
           gboolean          editable)
{
  GtkWidget *label = gtk_label_new (name);
  GtkWidget *spin = gtk_spin_button_new_with_range (minimum, maximum, 1);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_sensitive (spin, editable);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  g_object_set_data (G_OBJECT (spin), "tsr-field", GINT_TO_POINTER (field));
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_field_changed), self);
  gtk_grid_attach (self->field_grid, label, (row % 3) * 2, row / 3, 1, 1);
  gtk_grid_attach (self->field_grid, spin, (row % 3) * 2 + 1, row / 3, 1, 1);
  g_hash_table_insert (self->fields, g_strdup (name), spin);
}

static void
add_check (TsrShapesBrowser *self,
           const char       *name,
           int               row,
           gboolean          active,
           guint16           bit,
           gboolean          editable)
{
  GtkWidget *check = gtk_check_button_new_with_label (name);

  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), active);
  gtk_widget_set_sensitive (check, editable);
  g_object_set_data (G_OBJECT (check), "tsr-field", GINT_TO_POINTER (-1));
  g_object_set_data (G_OBJECT (check), "tsr-bit", GUINT_TO_POINTER (bit));
  g_signal_connect (check, "toggled", G_CALLBACK (on_field_changed), self);
  gtk_grid_attach (self->field_grid, check, (row % 3) * 2 + 1, row / 3, 1, 1);
  g_hash_table_insert (self->fields, g_strdup (name), check);
}

static GtkLabel *
add_info (TsrShapesBrowser *self,
          int               row,
          const char       *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_grid_attach (self->field_grid, label, 0, row, 6, 1);
  return GTK_LABEL (label);
}

/* The view codes the views drop-down offers, as ShapeFusion does: the engine also knows 3 (4
 * views), 9 (5), 2 and 5 (8), which show as the entry with their number of views. */
static const struct {
  gint16      code;
  const char *label;
} view_choices[] = {
  { 10, N_("Random frame (1 view)") },
  { 1, N_("1 view") },
  { 4, N_("4 views") },
  { 11, N_("5 views") },
  { 8, N_("8 views") },
};

static guint
view_choice_of (const TsrShapesSequence *sequence)
{
  if (sequence->view_code == 10)
    return 0;
  for (guint i = 1; i < G_N_ELEMENTS (view_choices); i++)
    if (tsr_shapes_view_count (view_choices[i].code) == sequence->view_count)
      return i;
  return 1;
}

static char *
sequence_summary (const TsrShapesSequence *sequence)
{
  return g_strdup_printf (_("“%s”: %u views (view code %d), %d frames per view, type %d, flags 0x%04x"),
                          sequence->name != NULL ? sequence->name : "", sequence->view_count, sequence->view_code,
                          sequence->frames_per_view, sequence->type, sequence->flags);
}

/* The bitmap part's info line: its size and how it is stored (an import changes both). */
static char *
bitmap_summary (const TsrShapesCollection *collection,
                gint                       index)
{
  const TsrShapesBitmap *bitmap = g_ptr_array_index (collection->bitmaps, (guint) index);

  return g_strdup_printf (_("Bitmap %d: %d×%d, %s, %s order%s"), index, bitmap->width, bitmap->height,
                          bitmap->bytes_per_row < 0 ? _("run-length encoded") : _("raw"),
                          (bitmap->flags & TSR_SHAPES_BITMAP_COLUMN_ORDER) ? _("column") : _("row"),
                          (bitmap->flags & TSR_SHAPES_BITMAP_TRANSPARENT) || bitmap->bytes_per_row < 0
                          ? _(", value 0 transparent") : "");
}

static void
on_views_selected (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);
  gint index = self->selected[TSR_SHAPES_PART_SEQUENCE];
  guint choice = gtk_drop_down_get_selected (self->views_dropdown);
  g_autoptr(GError) error = NULL;

  if (self->updating || collection == NULL || index < 0 || (guint) index >= collection->sequences->len
      || choice >= G_N_ELEMENTS (view_choices)
      || choice == view_choice_of (g_ptr_array_index (collection->sequences, (guint) index)))
    return;
  if (!tsr_shapes_document_set_sequence_view_code (self->document, (guint) self->collection, self->version, (guint) index,
                                                   view_choices[choice].code, &error))
    gtk_label_set_text (self->status_label, error->message);
}

static void
add_views_choice (TsrShapesBrowser        *self,
                  int                      row,
                  const TsrShapesSequence *sequence,
                  gboolean                 editable)
{
  GtkWidget *label = gtk_label_new (_("views"));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  for (guint i = 0; i < G_N_ELEMENTS (view_choices); i++)
    gtk_string_list_append (names, _(view_choices[i].label));
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), view_choice_of (sequence));
  gtk_widget_set_sensitive (dropdown, editable);
  gtk_widget_set_tooltip_text (dropdown, _("New views repeat the frames of the last view; fewer views drop the last ones"));
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  g_signal_connect_swapped (dropdown, "notify::selected", G_CALLBACK (on_views_selected), self);
  gtk_grid_attach (self->field_grid, label, (row % 3) * 2, row / 3, 1, 1);
  gtk_grid_attach (self->field_grid, dropdown, (row % 3) * 2 + 1, row / 3, 1, 1);
  self->views_dropdown = GTK_DROP_DOWN (dropdown);
}

static void
rebuild_fields (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);
  gboolean editable = self->document != NULL && tsr_shapes_document_get_editable (self->document);
  gint index = collection != NULL ? self->selected[self->part] : -1;
  int row = 0;

  self->updating = TRUE;
  tsr_asset_remove_children (GTK_WIDGET (self->field_grid));
  g_hash_table_remove_all (self->fields);
  self->summary_label = NULL;
  self->views_dropdown = NULL;
  if (index < 0)
    {
      self->updating = FALSE;
      return;
    }
  if (self->part == TSR_SHAPES_PART_FRAME && (guint) index < collection->frames->len)
    {
      const TsrShapesFrame *frame = g_ptr_array_index (collection->frames, (guint) index);
      const TsrShapesFrameField spins[] = { TSR_SHAPES_FRAME_BITMAP_INDEX, TSR_SHAPES_FRAME_ORIGIN_X, TSR_SHAPES_FRAME_ORIGIN_Y,
                                            TSR_SHAPES_FRAME_MINIMUM_LIGHT, TSR_SHAPES_FRAME_KEY_X, TSR_SHAPES_FRAME_KEY_Y };
      const gint32 minimum[] = { -1, G_MININT16, G_MININT16, 0, G_MININT16, G_MININT16 };
      const gint32 maximum[] = { G_MAXINT16, G_MAXINT16, G_MAXINT16, 0x10000, G_MAXINT16, G_MAXINT16 };
      g_autofree char *world = NULL;

      for (guint i = 0; i < G_N_ELEMENTS (spins); i++)
        add_field (self, tsr_shapes_frame_field_name (spins[i]), row++, tsr_shapes_frame_get_field (frame, spins[i]),
                   minimum[i], maximum[i], (gint) spins[i], editable);
      add_check (self, _("mirrored horizontally"), row++, (frame->flags & TSR_SHAPES_FRAME_MIRROR_X) != 0,
                 TSR_SHAPES_FRAME_MIRROR_X, editable);
      add_check (self, _("mirrored vertically"), row++, (frame->flags & TSR_SHAPES_FRAME_MIRROR_Y) != 0,
                 TSR_SHAPES_FRAME_MIRROR_Y, editable);
      world = g_strdup_printf (_("Minimum light %.3f; world left %d, right %d, top %d, bottom %d; scale: %d pixels to a world unit"),
                               frame->minimum_light / 65536.0, frame->world_left, frame->world_right, frame->world_top,
                               frame->world_bottom, collection->definition.pixels_to_world);
      add_info (self, (row + 2) / 3, world);
    }
  else if (self->part == TSR_SHAPES_PART_SEQUENCE && (guint) index < collection->sequences->len)
    {
      const TsrShapesSequence *sequence = g_ptr_array_index (collection->sequences, (guint) index);
      g_autofree char *info = NULL;

      for (guint f = 0; f < TSR_SHAPES_SEQUENCE_N_FIELDS; f++)
        add_field (self, tsr_shapes_sequence_field_name (f), row++, tsr_shapes_sequence_get_field (sequence, f),
                   f == TSR_SHAPES_SEQUENCE_KEY_FRAME || f == TSR_SHAPES_SEQUENCE_LOOP_FRAME || f >= TSR_SHAPES_SEQUENCE_FIRST_FRAME_SOUND ? -1 : 0,
                   G_MAXINT16, (gint) f, editable);
      add_views_choice (self, row++, sequence, editable);
      info = sequence_summary (sequence);
      self->summary_label = add_info (self, (row + 2) / 3, info);
    }
  else if (self->part == TSR_SHAPES_PART_BITMAP && (guint) index < collection->bitmaps->len)
    {
      g_autofree char *info = bitmap_summary (collection, index);

      self->summary_label = add_info (self, 0, info);
    }
  self->updating = FALSE;
}

static void
on_field_changed (GtkWidget        *widget,
                  TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);
  gint field = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "tsr-field"));
  gint index = self->selected[self->part];
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  if (self->updating || collection == NULL || index < 0)
    return;
  if (GTK_IS_CHECK_BUTTON (widget))
    {
      const TsrShapesFrame *frame = g_ptr_array_index (collection->frames, (guint) index);
      guint16 bit = (guint16) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "tsr-bit"));
      guint16 flags = gtk_check_button_get_active (GTK_CHECK_BUTTON (widget)) ? frame->flags | bit : frame->flags & ~bit;

      ok = tsr_shapes_document_set_frame_field (self->document, (guint) self->collection, self->version, (guint) index,
                                                TSR_SHAPES_FRAME_FLAGS, flags, &error);
    }
  else if (self->part == TSR_SHAPES_PART_FRAME)
    ok = tsr_shapes_document_set_frame_field (self->document, (guint) self->collection, self->version, (guint) index,
                                              (TsrShapesFrameField) field,
                                              gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget)), &error);
  else if (self->part == TSR_SHAPES_PART_SEQUENCE)
    ok = tsr_shapes_document_set_sequence_field (self->document, (guint) self->collection, self->version, (guint) index,
                                                 (TsrShapesSequenceField) field,
                                                 gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget)), &error);
  if (!ok)
    gtk_label_set_text (self->status_label, error->message);
}

/* Puts the document's values back into the field editors (after an edit, undo or redo). */
static void
sync_fields (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);
  gint index = self->selected[self->part];
  GHashTableIter iter;
  gpointer key, value;

  if (collection == NULL || index < 0)
    return;
  if (self->part == TSR_SHAPES_PART_BITMAP)
    {
      /* An imported picture: the info line says the new size and storage. */
      g_autofree char *summary = (guint) index < collection->bitmaps->len ? bitmap_summary (collection, index) : NULL;

      if (self->summary_label != NULL && summary != NULL)
        gtk_label_set_text (self->summary_label, summary);
      return;
    }
  self->updating = TRUE;
  g_hash_table_iter_init (&iter, self->fields);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gint field = GPOINTER_TO_INT (g_object_get_data (value, "tsr-field"));

      if (self->part == TSR_SHAPES_PART_FRAME)
        {
          const TsrShapesFrame *frame = g_ptr_array_index (collection->frames, (guint) index);
          if (GTK_IS_CHECK_BUTTON (value))
            gtk_check_button_set_active (value, (frame->flags & GPOINTER_TO_UINT (g_object_get_data (value, "tsr-bit"))) != 0);
          else
            gtk_spin_button_set_value (value, tsr_shapes_frame_get_field (frame, (TsrShapesFrameField) field));
        }
      else
        gtk_spin_button_set_value (value, tsr_shapes_sequence_get_field (g_ptr_array_index (collection->sequences, (guint) index),
                                                                         (TsrShapesSequenceField) field));
    }
  if (self->part == TSR_SHAPES_PART_SEQUENCE)
    {
      /* The views and the summary follow frames added or removed and views changed. */
      const TsrShapesSequence *sequence = g_ptr_array_index (collection->sequences, (guint) index);
      g_autofree char *summary = sequence_summary (sequence);

      if (self->summary_label != NULL)
        gtk_label_set_text (self->summary_label, summary);
      if (self->views_dropdown != NULL)
        gtk_drop_down_set_selected (self->views_dropdown, view_choice_of (sequence));
    }
  self->updating = FALSE;
}

GtkWidget *
tsr_shapes_browser_get_field_widget (TsrShapesBrowser *self,
                                     const char       *name)
{
  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), NULL);
  if (g_strcmp0 (name, "views") == 0)
    return self->views_dropdown != NULL ? GTK_WIDGET (self->views_dropdown) : NULL;
  if (g_strcmp0 (name, "summary") == 0)
    return self->summary_label != NULL ? GTK_WIDGET (self->summary_label) : NULL;
  return g_hash_table_lookup (self->fields, name);
}

/* ---- lists ----------------------------------------------------------------------------------- */

static GtkWidget *
bitmap_thumbnail (TsrShapesBrowser          *self,
                  const TsrShapesCollection *collection,
                  guint                      index)
{
  const TsrShapesBitmap *bitmap = g_ptr_array_index (collection->bitmaps, index);
  g_autoptr(TsrImage) image = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  const TsrShapesDiff *diff = self->document != NULL ? tsr_shapes_document_get_diff (self->document) : NULL;
  const char *change = diff != NULL && self->collection >= 0
                       ? tsr_shapes_change_name (tsr_shapes_diff_get (diff, (guint) self->collection, self->version,
                                                                      TSR_SHAPES_PART_BITMAP, index))
                       : NULL;
  /* A change on a line of its own, and only real changes (the lists also say unchanged): the cells
   * stay a thumbnail wide, so the grid keeps its columns. */
  g_autofree char *caption = change != NULL && diff != NULL
                             && tsr_shapes_diff_get (diff, (guint) self->collection, self->version, TSR_SHAPES_PART_BITMAP,
                                                     index) != TSR_SHAPES_CHANGE_SAME
                             ? g_strdup_printf ("%u\n%s", index, change) : g_strdup_printf ("%u", index);
  GtkWidget *label = gtk_label_new (caption);

  if (bitmap->width > 0 && bitmap->height > 0)
    image = tsr_shapes_bitmap_decode (bitmap, current_table (self), NULL);
  if (image != NULL)
    gtk_box_append (GTK_BOX (frame), tsr_asset_thumbnail_new (image, THUMBNAIL_SIZE, 4));
  else
    {
      GtkWidget *empty = gtk_label_new (_("empty"));
      gtk_widget_set_vexpand (empty, TRUE);
      gtk_widget_add_css_class (empty, "dim-label");
      gtk_box_append (GTK_BOX (frame), empty);
    }
  /* Every cell is a thumbnail's size, so the grid stays even. */
  gtk_widget_set_size_request (frame, THUMBNAIL_SIZE + 4, THUMBNAIL_SIZE + 4);
  gtk_box_append (GTK_BOX (box), frame);
  gtk_widget_add_css_class (label, "caption");
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

static void
rebuild_bitmaps (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);

  self->updating = TRUE;
  tsr_asset_remove_children (GTK_WIDGET (self->bitmap_flow));
  for (guint b = 0; collection != NULL && b < collection->bitmaps->len; b++)
    gtk_flow_box_insert (self->bitmap_flow, bitmap_thumbnail (self, collection, b), -1);
  if (self->selected[TSR_SHAPES_PART_BITMAP] >= 0)
    {
      GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->bitmap_flow, self->selected[TSR_SHAPES_PART_BITMAP]);
      if (child != NULL)
        gtk_flow_box_select_child (self->bitmap_flow, child);
    }
  self->updating = FALSE;
}

static char *
frame_caption (const TsrShapesCollection *collection,
               guint                      index)
{
  const TsrShapesFrame *frame = g_ptr_array_index (collection->frames, index);

  return g_strdup_printf (_("Frame %u · bitmap %d%s%s"), index, frame->bitmap_index,
                          (frame->flags & TSR_SHAPES_FRAME_MIRROR_X) ? _(" · mirrored") : "",
                          (frame->flags & TSR_SHAPES_FRAME_MIRROR_Y) ? _(" · flipped") : "");
}

static char *
sequence_caption (const TsrShapesCollection *collection,
                  guint                      index)
{
  const TsrShapesSequence *sequence = g_ptr_array_index (collection->sequences, index);

  return g_strdup_printf (_("%u %s · %u×%d"), index, sequence->name != NULL && *sequence->name ? sequence->name : "—",
                          sequence->view_count, sequence->frames_per_view);
}

static void
fill_list (TsrShapesBrowser *self,
           GtkListBox       *list,
           TsrShapesPart     part,
           guint             count,
           char           *(*caption) (const TsrShapesCollection *, guint),
           const TsrShapesCollection *collection,
           gint              selected)
{
  tsr_asset_remove_children (GTK_WIDGET (list));
  for (guint i = 0; i < count; i++)
    {
      g_autofree char *text = caption (collection, i);
      g_autofree char *marked = g_strconcat (text, change_mark (self, part, i), NULL);
      gtk_list_box_append (list, label_row (marked));
    }
  if (selected >= 0)
    gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, selected));
}

static void
rebuild_lists (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);

  self->updating = TRUE;
  fill_list (self, self->frame_list, TSR_SHAPES_PART_FRAME, collection != NULL ? collection->frames->len : 0,
             frame_caption, collection, self->selected[TSR_SHAPES_PART_FRAME]);
  fill_list (self, self->sequence_list, TSR_SHAPES_PART_SEQUENCE, collection != NULL ? collection->sequences->len : 0,
             sequence_caption, collection, self->selected[TSR_SHAPES_PART_SEQUENCE]);
  self->updating = FALSE;
  rebuild_bitmaps (self);
}

static void
start_sequence (TsrShapesBrowser *self,
                gboolean          keep_frame)
{
  const TsrShapesSequence *sequence = current_sequence (self);
  g_autoptr(GtkStringList) views = gtk_string_list_new (NULL);
  guint frame = self->animation.frame;

  if (sequence == NULL)
    {
      tsr_shapes_browser_set_playing (self, FALSE);
      memset (&self->animation, 0, sizeof self->animation);
      tsr_shapes_animation_set_speed (&self->animation, speeds[MIN (gtk_drop_down_get_selected (self->speed_dropdown), 4u)]);
      return;
    }
  tsr_shapes_animation_init (&self->animation, sequence, TRUE);
  if (keep_frame && frame < self->animation.frames)
    self->animation.frame = frame;
  if (!keep_frame || self->view >= sequence->view_count)
    self->view = 0;
  for (guint v = 0; v < sequence->view_count; v++)
    {
      g_autofree char *name = g_strdup_printf ("%u", v);
      gtk_string_list_append (views, name);
    }
  self->updating = TRUE;
  gtk_drop_down_set_model (self->view_dropdown, G_LIST_MODEL (views));
  gtk_drop_down_set_selected (self->view_dropdown, self->view);
  self->updating = FALSE;
}

static void
select_item (TsrShapesBrowser *self,
             TsrShapesPart     part,
             gint              index)
{
  self->selected[part] = index;
  if (part == TSR_SHAPES_PART_SEQUENCE)
    start_sequence (self, FALSE);
  if (part == self->part)
    {
      rebuild_fields (self);
      refresh_preview (self);
    }
}

static void
on_bitmap_selected (TsrShapesBrowser *self)
{
  g_autoptr(GList) selected = gtk_flow_box_get_selected_children (self->bitmap_flow);

  if (self->updating || selected == NULL)
    return;
  select_item (self, TSR_SHAPES_PART_BITMAP, gtk_flow_box_child_get_index (selected->data));
}

static void
on_frame_selected (TsrShapesBrowser *self,
                   GtkListBoxRow    *row)
{
  if (!self->updating && row != NULL)
    select_item (self, TSR_SHAPES_PART_FRAME, gtk_list_box_row_get_index (row));
}

static void
on_sequence_selected (TsrShapesBrowser *self,
                      GtkListBoxRow    *row)
{
  if (!self->updating && row != NULL)
    select_item (self, TSR_SHAPES_PART_SEQUENCE, gtk_list_box_row_get_index (row));
}

static void
on_part_changed (TsrShapesBrowser *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->part_stack);

  /* The colour table's page keeps the preview of the part shown before it. */
  if (g_strcmp0 (name, "colours") == 0)
    return;
  self->part = g_strcmp0 (name, "frames") == 0 ? TSR_SHAPES_PART_FRAME
               : g_strcmp0 (name, "sequences") == 0 ? TSR_SHAPES_PART_SEQUENCE : TSR_SHAPES_PART_BITMAP;
  if (self->part != TSR_SHAPES_PART_SEQUENCE)
    tsr_shapes_browser_set_playing (self, FALSE);
  gtk_widget_set_visible (self->player_box, self->part == TSR_SHAPES_PART_SEQUENCE);
  rebuild_fields (self);
  refresh_preview (self);
}

static void
reset_cache (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);

  g_clear_pointer (&self->cache, tsr_shapes_frame_cache_free);
  if (collection != NULL)
    self->cache = tsr_shapes_frame_cache_new (collection, current_table (self));
}

static void
show_collection (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);
  g_autoptr(GtkStringList) tables = gtk_string_list_new (NULL);

  tsr_shapes_browser_set_playing (self, FALSE);
  for (guint p = 0; p < 3; p++)
    self->selected[p] = -1;
  if (collection != NULL)
    {
      /* A patch replaces some bitmaps of a collection: start on the first it carries. */
      for (guint b = 0; b < collection->bitmaps->len && self->selected[TSR_SHAPES_PART_BITMAP] < 0; b++)
        if (((TsrShapesBitmap *) g_ptr_array_index (collection->bitmaps, b))->width > 0)
          self->selected[TSR_SHAPES_PART_BITMAP] = (gint) b;
      if (collection->bitmaps->len > 0 && self->selected[TSR_SHAPES_PART_BITMAP] < 0)
        self->selected[TSR_SHAPES_PART_BITMAP] = 0;
      if (collection->frames->len > 0)
        self->selected[TSR_SHAPES_PART_FRAME] = 0;
      if (collection->sequences->len > 0)
        self->selected[TSR_SHAPES_PART_SEQUENCE] = 0;
      const TsrShapesCollection *with_tables = table_collection (self);

      for (guint t = 0; with_tables != NULL && t < with_tables->color_tables->len; t++)
        {
          g_autofree char *name = with_tables == collection
                                  ? g_strdup_printf (_("Table %u%s"), t, change_mark (self, TSR_SHAPES_PART_COLOR_TABLE, t))
                                  : g_strdup_printf (_("Table %u (the base's)"), t);
          gtk_string_list_append (tables, name);
        }
      if (with_tables == NULL || with_tables->color_tables->len == 0)
        gtk_string_list_append (tables, _("Grey ramp (no colour table)"));
    }
  self->table = 0;
  self->updating = TRUE;
  gtk_drop_down_set_model (self->table_dropdown, G_LIST_MODEL (tables));
  gtk_drop_down_set_selected (self->table_dropdown, 0);
  self->updating = FALSE;
  tsr_shapes_color_editor_show (self->color_editor, collection != NULL ? self->document : NULL,
                                (guint) MAX (self->collection, 0), self->version, 0);
  reset_cache (self);
  start_sequence (self, FALSE);
  rebuild_lists (self);
  rebuild_fields (self);
  refresh_preview (self);
}

static void
on_collection_selected (TsrShapesBrowser *self,
                        GtkListBoxRow    *row)
{
  guint key;

  if (self->updating || row == NULL)
    return;
  key = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "tsr-collection"));
  self->collection = (gint) (key / 2);
  self->version = key % 2;
  show_collection (self);
}

void
tsr_shapes_browser_set_color_table (TsrShapesBrowser *self,
                                    guint             table)
{
  const TsrShapesCollection *collection;

  g_return_if_fail (TSR_IS_SHAPES_BROWSER (self));
  collection = table_collection (self);
  if (collection == NULL || (table >= collection->color_tables->len && table > 0))
    return;
  if (gtk_drop_down_get_selected (self->table_dropdown) != table)
    {
      gtk_drop_down_set_selected (self->table_dropdown, table); /* comes back through on_table_selected */
      return;
    }
  self->table = table;
  tsr_shapes_color_editor_show (self->color_editor, self->document, (guint) MAX (self->collection, 0), self->version, table);
  /* Every view redraws in the new colours. */
  reset_cache (self);
  rebuild_bitmaps (self);
  refresh_preview (self);
}

static void
on_table_selected (TsrShapesBrowser *self)
{
  guint selected = gtk_drop_down_get_selected (self->table_dropdown);

  if (!self->updating && selected != GTK_INVALID_LIST_POSITION && selected != self->table)
    tsr_shapes_browser_set_color_table (self, selected);
}

void
tsr_shapes_browser_set_zoom (TsrShapesBrowser *self,
                             guint             zoom)
{
  g_return_if_fail (TSR_IS_SHAPES_BROWSER (self));
  zoom = tsr_asset_zoom_sync (self->zoom_spin, zoom);
  self->zoom = zoom;
  if (self->image != NULL)
    {
      tsr_asset_preview_set_size (self->preview, self->image->width, self->image->height, zoom);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
on_zoom_changed (TsrShapesBrowser *self)
{
  tsr_shapes_browser_set_zoom (self, (guint) gtk_spin_button_get_value_as_int (self->zoom_spin));
}

static void
rebuild_collections (TsrShapesBrowser *self)
{
  const TsrShapesFile *file = self->document != NULL ? tsr_shapes_document_get_shapes (self->document) : NULL;
  GtkListBoxRow *first = NULL;

  self->updating = TRUE;
  tsr_asset_remove_children (GTK_WIDGET (self->collection_list));
  self->collection = -1;
  for (guint c = 0; file != NULL && c < TSR_SHAPES_COLLECTION_COUNT; c++)
    for (guint v = 0; v < 2; v++)
      {
        const TsrShapesCollection *collection = file->slots[c].versions[v];
        g_autofree char *text = NULL;
        GtkWidget *row;

        if (collection == NULL)
          continue;
        text = g_strdup_printf (v ? _("%u %s · 16-bit") : _("%u %s · 8-bit"), c,
                                tsr_shapes_collection_type_name (collection->definition.type));
        if (tsr_shapes_document_get_diff (self->document) != NULL)
          {
            guint counts[TSR_SHAPES_N_CHANGES];
            char *marked;

            tsr_shapes_diff_count (tsr_shapes_document_get_diff (self->document), c, v, counts);
            /* (on a line of its own: the list keeps its width) */
            marked = g_strdup_printf (_("%s\n%u replaced, %u added, %u unchanged"), text, counts[TSR_SHAPES_CHANGE_REPLACED],
                                      counts[TSR_SHAPES_CHANGE_ADDED], counts[TSR_SHAPES_CHANGE_SAME]);
            g_free (text);
            text = marked;
          }
        row = gtk_list_box_row_new ();
        gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label_row (text));
        /* The counts of a patch against its base wrap rather than widen the list. */
        gtk_label_set_wrap (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))), TRUE);
        gtk_label_set_max_width_chars (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))), 24);
        g_object_set_data (G_OBJECT (row), "tsr-collection", GUINT_TO_POINTER (c * 2 + v));
        gtk_list_box_append (self->collection_list, row);
        if (first == NULL)
          {
            first = GTK_LIST_BOX_ROW (row);
            self->collection = (gint) c;
            self->version = v;
          }
      }
  if (first != NULL)
    gtk_list_box_select_row (self->collection_list, first);
  self->updating = FALSE;
  show_collection (self);
}

gboolean
tsr_shapes_browser_select_collection (TsrShapesBrowser *self,
                                      guint             collection,
                                      guint             version)
{
  GtkWidget *row;

  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), FALSE);
  for (row = gtk_widget_get_first_child (GTK_WIDGET (self->collection_list)); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "tsr-collection")) == collection * 2 + version)
      {
        gtk_list_box_select_row (self->collection_list, GTK_LIST_BOX_ROW (row));
        return TRUE;
      }
  return FALSE;
}

gboolean
tsr_shapes_browser_get_collection (TsrShapesBrowser *self,
                                   guint            *collection,
                                   guint            *version)
{
  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), FALSE);
  if (self->collection < 0)
    return FALSE;
  *collection = (guint) self->collection;
  *version = self->version;
  return TRUE;
}

void
tsr_shapes_browser_show (TsrShapesBrowser *self,
                         TsrShapesPart     part,
                         guint             index)
{
  static const char *const names[] = { "frames", "sequences", "bitmaps" };

  g_return_if_fail (TSR_IS_SHAPES_BROWSER (self));
  gtk_stack_set_visible_child_name (self->part_stack, names[part]);
  switch (part)
    {
    case TSR_SHAPES_PART_BITMAP:
      {
        GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->bitmap_flow, (int) index);
        if (child != NULL)
          gtk_flow_box_select_child (self->bitmap_flow, child);
        break;
      }
    case TSR_SHAPES_PART_FRAME:
      gtk_list_box_select_row (self->frame_list, gtk_list_box_get_row_at_index (self->frame_list, (int) index));
      break;
    case TSR_SHAPES_PART_SEQUENCE:
      gtk_list_box_select_row (self->sequence_list, gtk_list_box_get_row_at_index (self->sequence_list, (int) index));
      break;
    default:
      break;
    }
}

/* ---- document changes ------------------------------------------------------------------------ */

static void
on_shapes_changed (TsrShapesDocument *document,
                   guint              collection_index,
                   guint              version,
                   guint              part,
                   guint              index,
                   TsrShapesBrowser  *self)
{
  const TsrShapesCollection *collection = current_collection (self);

  if (collection == NULL || (gint) collection_index != self->collection || version != self->version)
    return;
  switch ((TsrShapesPart) part)
    {
    case TSR_SHAPES_PART_BITMAP:
      {
        GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->bitmap_flow, (int) index);
        if (child != NULL)
          gtk_flow_box_child_set_child (child, bitmap_thumbnail (self, collection, index));
        tsr_shapes_frame_cache_drop (self->cache, -1);
        break;
      }
    case TSR_SHAPES_PART_FRAME:
      {
        GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->frame_list, (int) index);
        g_autofree char *text = frame_caption (collection, index);
        if (row != NULL)
          gtk_label_set_text (GTK_LABEL (gtk_list_box_row_get_child (row)), text);
        tsr_shapes_frame_cache_drop (self->cache, (gint) index);
        break;
      }
    case TSR_SHAPES_PART_SEQUENCE:
      {
        /* (its caption says how many views and frames it has) */
        GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->sequence_list, (int) index);
        g_autofree char *text = sequence_caption (collection, index);
        if (row != NULL)
          gtk_label_set_text (GTK_LABEL (gtk_list_box_row_get_child (row)), text);
        if ((gint) index == self->selected[TSR_SHAPES_PART_SEQUENCE])
          start_sequence (self, TRUE);
        break;
      }
    case TSR_SHAPES_PART_COLOR_TABLE:
      /* A new table record: every view of it redraws (the cache holds the old one). */
      if (index == self->table)
        {
          reset_cache (self);
          rebuild_bitmaps (self);
        }
      break;
    default:
      break;
    }
  if (self->part == (TsrShapesPart) part && (gint) index == self->selected[part])
    sync_fields (self);
  refresh_preview (self);
}

/* Apply Patch and Make Patch are shown for a Shapes file (patches are read-only); Make Patch is
 * sensitive when the preferences name a base Shapes file. */
static void
update_patch_buttons (TsrShapesBrowser *self)
{
  gboolean editable = self->document != NULL && tsr_shapes_document_get_editable (self->document);
  g_autofree char *base = editable && self->settings != NULL ? g_settings_get_string (self->settings, "marathon-shapes") : NULL;

  /* Their places in the action row (a GtkFlowBox) go with them. */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->apply_patch_button)), editable);
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->make_patch_button)), editable);
  gtk_widget_set_sensitive (GTK_WIDGET (self->make_patch_button), base != NULL && *base != '\0');
}

/* A patch applied or undone replaced every collection: the lists are made again. */
static void
on_shapes_replaced (TsrShapesBrowser *self)
{
  guint collection = 0, version = 0;
  gboolean had = tsr_shapes_browser_get_collection (self, &collection, &version);

  g_clear_pointer (&self->cache, tsr_shapes_frame_cache_free);
  rebuild_collections (self);
  if (had)
    tsr_shapes_browser_select_collection (self, collection, version);
}

void
tsr_shapes_browser_set_document (TsrShapesBrowser  *self,
                                 TsrShapesDocument *document)
{
  g_return_if_fail (TSR_IS_SHAPES_BROWSER (self));
  if (self->document == document)
    return;
  tsr_shapes_browser_set_playing (self, FALSE);
  if (self->dragging != 0 && self->document != NULL)
    {
      self->dragging = 0;
      tsr_undo_stack_end_group (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)));
    }
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_pointer (&self->cache, tsr_shapes_frame_cache_free);
  g_set_object (&self->document, document);
  self->pixel_key = G_MAXUINT;
  if (document != NULL)
    {
      g_signal_connect (document, "shapes-changed", G_CALLBACK (on_shapes_changed), self);
      g_signal_connect_swapped (document, "shapes-replaced", G_CALLBACK (on_shapes_replaced), self);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->import_button), document != NULL && tsr_shapes_document_get_editable (document));
  update_patch_buttons (self);
  self->show_base = FALSE;
  g_clear_pointer (&self->base_message, g_free);
  if (document != NULL && tsr_shapes_document_is_patch (document) && self->settings != NULL)
    {
      g_autofree char *path = g_settings_get_string (self->settings, "marathon-shapes");
      compare_with_base (self, path, NULL);
    }
  update_base_controls (self);
  rebuild_collections (self);
}

/* ---- a patch against its base ---------------------------------------------------------------- */

static void
update_base_controls (TsrShapesBrowser *self)
{
  gboolean patch = self->document != NULL && tsr_shapes_document_is_patch (self->document);
  g_autofree char *text = NULL;

  self->updating = TRUE;
  gtk_toggle_button_set_active (self->base_toggle, self->show_base);
  self->updating = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->base_toggle), patch && tsr_shapes_document_get_diff (self->document) != NULL);
  if (patch && self->base_message != NULL)
    text = g_strdup (self->base_message);
  else if (patch)
    text = g_strdup (_("A shapes patch is shown as the records it replaces, read-only; patches carry no colours unless they "
                       "replace a colour table. Set a base Shapes file in the preferences to see what it changes."));
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
}

/* Loads the base and says what the patch changes in it (or why there is no base). */
static gboolean
compare_with_base (TsrShapesBrowser *self,
                   const char       *path,
                   GError          **error)
{
  g_autoptr(GError) local_error = NULL;
  const TsrShapesDiff *diff;
  guint totals[TSR_SHAPES_N_CHANGES] = { 0 };
  g_autofree char *name = NULL;

  g_clear_pointer (&self->base_message, g_free);
  self->show_base = FALSE;
  if (!tsr_shapes_document_set_base (self->document, path, &local_error))
    {
      self->base_message = g_strdup_printf (_("The base Shapes file was not read: %s"), local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if ((diff = tsr_shapes_document_get_diff (self->document)) == NULL)
    return TRUE;
  for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
    for (guint v = 0; v < 2; v++)
      {
        guint counts[TSR_SHAPES_N_CHANGES];

        tsr_shapes_diff_count (diff, c, v, counts);
        for (guint k = 0; k < TSR_SHAPES_N_CHANGES; k++)
          totals[k] += counts[k];
      }
  name = g_path_get_basename (path);
  self->base_message = g_strdup_printf (_("Against the base Shapes file %s, the patch replaces %u records, adds %u and "
                                          "carries %u unchanged; marked in the lists."),
                                        name, totals[TSR_SHAPES_CHANGE_REPLACED], totals[TSR_SHAPES_CHANGE_ADDED],
                                        totals[TSR_SHAPES_CHANGE_SAME]);
  return TRUE;
}

gboolean
tsr_shapes_browser_set_base (TsrShapesBrowser *self,
                             const char       *path,
                             GError          **error)
{
  guint collection = 0, version = 0;
  gboolean had, ok;

  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), FALSE);
  if (self->document == NULL || !tsr_shapes_document_is_patch (self->document))
    return TRUE;
  had = tsr_shapes_browser_get_collection (self, &collection, &version);
  ok = compare_with_base (self, path, error);
  update_base_controls (self);
  rebuild_collections (self);
  if (had)
    tsr_shapes_browser_select_collection (self, collection, version);
  return ok;
}

static void
on_base_setting_changed (TsrShapesBrowser *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "marathon-shapes");

  update_patch_buttons (self);
  tsr_shapes_browser_set_base (self, path, NULL);
}

static void
follow_base_setting (TsrShapesBrowser *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = source != NULL ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE) : NULL;

  if (schema == NULL || !g_settings_schema_has_key (schema, "marathon-shapes"))
    return;
  self->settings = g_settings_new (APPLICATION_ID);
  g_signal_connect_swapped (self->settings, "changed::marathon-shapes", G_CALLBACK (on_base_setting_changed), self);
}

void
tsr_shapes_browser_set_show_base (TsrShapesBrowser *self,
                                  gboolean          show_base)
{
  gint kept[3];
  const TsrShapesCollection *collection;

  g_return_if_fail (TSR_IS_SHAPES_BROWSER (self));
  show_base = show_base && base_collection (self) != NULL;
  if (show_base == self->show_base)
    {
      update_base_controls (self);
      return;
    }
  memcpy (kept, self->selected, sizeof kept);
  self->show_base = show_base;
  update_base_controls (self);
  show_collection (self);
  /* The same records stay selected where the other side has them. */
  collection = current_collection (self);
  if (collection == NULL)
    return;
  if (kept[TSR_SHAPES_PART_FRAME] >= 0 && (guint) kept[TSR_SHAPES_PART_FRAME] < collection->frames->len)
    self->selected[TSR_SHAPES_PART_FRAME] = kept[TSR_SHAPES_PART_FRAME];
  if (kept[TSR_SHAPES_PART_SEQUENCE] >= 0 && (guint) kept[TSR_SHAPES_PART_SEQUENCE] < collection->sequences->len)
    self->selected[TSR_SHAPES_PART_SEQUENCE] = kept[TSR_SHAPES_PART_SEQUENCE];
  if (kept[TSR_SHAPES_PART_BITMAP] >= 0 && (guint) kept[TSR_SHAPES_PART_BITMAP] < collection->bitmaps->len)
    self->selected[TSR_SHAPES_PART_BITMAP] = kept[TSR_SHAPES_PART_BITMAP];
  start_sequence (self, FALSE);
  rebuild_lists (self);
  rebuild_fields (self);
  refresh_preview (self);
}

gboolean
tsr_shapes_browser_get_show_base (TsrShapesBrowser *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), FALSE);
  return self->show_base;
}

static void
on_base_toggled (TsrShapesBrowser *self)
{
  if (!self->updating)
    tsr_shapes_browser_set_show_base (self, gtk_toggle_button_get_active (self->base_toggle));
}

/* ---- import and export ----------------------------------------------------------------------- */

/* The bitmap an import replaces: the selected one, or the one the selected frame shows. */
static gint
target_bitmap (TsrShapesBrowser *self)
{
  const TsrShapesCollection *collection = current_collection (self);
  gint frame = -1;

  if (collection == NULL)
    return -1;
  if (self->part == TSR_SHAPES_PART_BITMAP)
    return self->selected[TSR_SHAPES_PART_BITMAP];
  if (self->part == TSR_SHAPES_PART_FRAME)
    frame = self->selected[TSR_SHAPES_PART_FRAME];
  else if (current_sequence (self) != NULL)
    frame = tsr_shapes_sequence_frame_at (current_sequence (self), self->view, self->animation.frame);
  if (frame < 0 || (guint) frame >= collection->frames->len)
    return -1;
  return ((TsrShapesFrame *) g_ptr_array_index (collection->frames, (guint) frame))->bitmap_index;
}

gboolean
tsr_shapes_browser_import_file (TsrShapesBrowser *self,
                                GFile            *file,
                                GError          **error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr(TsrImage) image = NULL;
  g_autofree char *report_text = NULL;
  TsrShapesEncodeReport report;
  gint bitmap = target_bitmap (self);

  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), FALSE);
  if (self->document == NULL || bitmap < 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "no bitmap selected to replace");
      return FALSE;
    }
  image = tsr_asset_load_png (file, error);
  if (image == NULL
      || !tsr_shapes_document_import_bitmap_dithered (self->document, (guint) self->collection, self->version, (guint) bitmap,
                                                      image, self->table,
                                                      gtk_check_button_get_active (self->dither_check)
                                                      ? TSR_SHAPES_DITHER_ORDERED : TSR_SHAPES_DITHER_NONE,
                                                      &report, error))
    return FALSE;
  if (report.unmatched_colors > 0)
    report_text = g_strdup_printf (_("Imported %s into bitmap %d: mean colour error ΔE %.1f; %u of %u colours had no close "
                                     "match (the worst, #%06x, is ΔE %.0f away)."),
                                   name, bitmap, report.mean_delta_e, report.unmatched_colors, report.colors,
                                   report.worst_rgb, report.worst_delta_e);
  else
    report_text = g_strdup_printf (_("Imported %s into bitmap %d: mean colour error ΔE %.1f; all %u colours matched closely."),
                                   name, bitmap, report.mean_delta_e, report.colors);
  gtk_label_set_text (self->status_label, report_text);
  return TRUE;
}

gboolean
tsr_shapes_browser_export_selection (TsrShapesBrowser *self,
                                     GFile            *file,
                                     GError          **error)
{
  g_autofree char *path = g_file_get_path (file);

  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), FALSE);
  if (self->image == NULL || path == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "nothing selected to export");
      return FALSE;
    }
  return tsr_image_save_png (self->image, path, error);
}

gboolean
tsr_shapes_browser_export_all (TsrShapesBrowser *self,
                              GFile            *folder,
                              GError          **error)
{
  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), FALSE);
  return tsr_asset_export_all (self->document != NULL ? TSR_DOCUMENT (self->document) : NULL, folder, self->status_label,
                               error);
}

gboolean
tsr_shapes_browser_apply_patch_file (TsrShapesBrowser *self,
                                     GFile            *file,
                                     GError          **error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), FALSE);
  if (self->document == NULL || !tsr_shapes_document_get_editable (self->document))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "%s: a patch is applied to an open Shapes file", name);
      return FALSE;
    }
  if (path == NULL || (bytes = tsr_file_read (path, error)) == NULL
      || !tsr_shapes_document_apply_patch (self->document, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), name, error))
    return FALSE;
  text = g_strdup_printf (_("Applied the patch %s."), name);
  gtk_label_set_text (self->status_label, text);
  return TRUE;
}

gboolean
tsr_shapes_browser_make_patch_file (TsrShapesBrowser *self,
                                    GFile            *file,
                                    GError          **error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *base = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), FALSE);
  base = self->settings != NULL ? g_settings_get_string (self->settings, "marathon-shapes") : NULL;
  if (self->document == NULL || base == NULL || *base == '\0' || path == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   "%s: a patch is made from an open Shapes file against the base Shapes file of the preferences", name);
      return FALSE;
    }
  if ((bytes = tsr_shapes_document_make_patch (self->document, base, error)) == NULL
      || !tsr_file_write_atomic (path, bytes, FALSE, error))
    return FALSE;
  text = g_strdup_printf (_("Wrote the patch %s (%lu bytes)."), name, (unsigned long) g_bytes_get_size (bytes));
  gtk_label_set_text (self->status_label, text);
  return TRUE;
}

typedef enum {
  CHOOSE_IMPORT,
  CHOOSE_EXPORT,
  CHOOSE_EXPORT_ALL,
  CHOOSE_APPLY_PATCH,
  CHOOSE_MAKE_PATCH,
} ChooseKind;

static void
on_file_chosen (GtkNativeDialog  *dialog,
                int               response,
                TsrShapesBrowser *self)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_autoptr(GError) error = NULL;
  ChooseKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "tsr-kind"));
  gboolean ok = TRUE;

  if (response == GTK_RESPONSE_ACCEPT && file != NULL)
    {
      if (kind == CHOOSE_IMPORT)
        ok = tsr_shapes_browser_import_file (self, file, &error);
      else if (kind == CHOOSE_EXPORT)
        ok = tsr_shapes_browser_export_selection (self, file, &error);
      else if (kind == CHOOSE_APPLY_PATCH)
        ok = tsr_shapes_browser_apply_patch_file (self, file, &error);
      else if (kind == CHOOSE_MAKE_PATCH)
        ok = tsr_shapes_browser_make_patch_file (self, file, &error);
      else
        ok = tsr_shapes_browser_export_all (self, file, &error);
      if (!ok)
        gtk_label_set_text (self->status_label, error->message);
    }
  tsr_asset_chooser_done (dialog, self);
}

/* The file chooser of Apply Patch (open) and Make Patch (save), for .ShPa files. */
static void
choose_patch_file (TsrShapesBrowser *self,
                   ChooseKind        kind)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  gboolean apply = kind == CHOOSE_APPLY_PATCH;
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (apply ? _("Apply Shapes Patch") : _("Make Shapes Patch"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        apply ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE,
                                        apply ? _("_Apply") : _("_Save"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Shapes patches"));
  gtk_file_filter_add_pattern (filter, "*.ShPa");
  gtk_file_filter_add_pattern (filter, "*.shpa");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  if (!apply)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "patch.ShPa");
  g_object_set_data (G_OBJECT (dialog), "tsr-kind", GINT_TO_POINTER (kind));
  tsr_asset_chooser_show (dialog, G_CALLBACK (on_file_chosen), self);
}

static void
choose_file (TsrShapesBrowser *self,
             ChooseKind        kind)
{
  static const char *const titles[] = { N_("Import PNG into Bitmap"), N_("Export PNG"), N_("Export All as PNG") };
  GtkFileChooserNative *dialog;

  if (kind == CHOOSE_APPLY_PATCH || kind == CHOOSE_MAKE_PATCH)
    {
      choose_patch_file (self, kind);
      return;
    }
  dialog = tsr_asset_png_chooser_new (GTK_WIDGET (self), _(titles[kind]),
                                      kind == CHOOSE_IMPORT ? GTK_FILE_CHOOSER_ACTION_OPEN
                                      : kind == CHOOSE_EXPORT ? GTK_FILE_CHOOSER_ACTION_SAVE
                                      : GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                      kind == CHOOSE_IMPORT ? _("_Import") : _("_Export"));
  if (kind == CHOOSE_EXPORT)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "shape.png");
  g_object_set_data (G_OBJECT (dialog), "tsr-kind", GINT_TO_POINTER (kind));
  tsr_asset_chooser_show (dialog, G_CALLBACK (on_file_chosen), self);
}

static void
on_import_clicked (TsrShapesBrowser *self)
{
  choose_file (self, CHOOSE_IMPORT);
}

static void
on_apply_patch_clicked (TsrShapesBrowser *self)
{
  choose_file (self, CHOOSE_APPLY_PATCH);
}

static void
on_make_patch_clicked (TsrShapesBrowser *self)
{
  choose_file (self, CHOOSE_MAKE_PATCH);
}

static void
on_export_clicked (TsrShapesBrowser *self)
{
  choose_file (self, CHOOSE_EXPORT);
}

static void
on_export_all_clicked (TsrShapesBrowser *self)
{
  choose_file (self, CHOOSE_EXPORT_ALL);
}

const char *
tsr_shapes_browser_get_status (TsrShapesBrowser *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), NULL);
  return gtk_label_get_text (self->status_label);
}

TsrShapesColorEditor *
tsr_shapes_browser_get_color_editor (TsrShapesBrowser *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), NULL);
  return self->color_editor;
}

GtkWidget *
tsr_shapes_browser_get_preview (TsrShapesBrowser *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_BROWSER (self), NULL);
  return GTK_WIDGET (self->preview);
}

/* ---- the page -------------------------------------------------------------------------------- */

static void
tsr_shapes_browser_page_set_document (TsrAssetBrowser *browser,
                                      TsrDocument     *document)
{
  tsr_shapes_browser_set_document (TSR_SHAPES_BROWSER (browser), document != NULL ? TSR_SHAPES_DOCUMENT (document) : NULL);
}

/* The settings first; the base's dispose then lets go of the document, which needs none. */
static void
tsr_shapes_browser_dispose (GObject *object)
{
  TsrShapesBrowser *self = TSR_SHAPES_BROWSER (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (tsr_shapes_browser_parent_class)->dispose (object);
}

static void
tsr_shapes_browser_finalize (GObject *object)
{
  TsrShapesBrowser *self = TSR_SHAPES_BROWSER (object);

  g_clear_pointer (&self->cache, tsr_shapes_frame_cache_free);
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  g_clear_pointer (&self->image, tsr_image_free);
  g_clear_pointer (&self->fields, g_hash_table_unref);
  g_clear_pointer (&self->base_message, g_free);
  G_OBJECT_CLASS (tsr_shapes_browser_parent_class)->finalize (object);
}

static void
tsr_shapes_browser_class_init (TsrShapesBrowserClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tsr_shapes_browser_dispose;
  G_OBJECT_CLASS (klass)->finalize = tsr_shapes_browser_finalize;
  TSR_ASSET_BROWSER_CLASS (klass)->set_document = tsr_shapes_browser_page_set_document;
  g_type_ensure (TSR_TYPE_SHAPES_COLOR_EDITOR);
  g_type_ensure (TSR_TYPE_PIXEL_EDITOR);
  tsr_asset_class_set_template (widget_class, "tsr-shapes-browser.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, paned);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, collection_list);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, table_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, zoom_spin);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, base_toggle);
  tsr_asset_browser_class_bind_note (widget_class);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, import_button);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, apply_patch_button);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, make_patch_button);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, dither_check);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, part_stack);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, bitmap_flow);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, frame_list);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, sequence_list);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, color_editor);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, preview);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, preview_scroller);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, pixel_editor);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, edit_pixels_button);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, player_box);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, play_button);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, view_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, player_label);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, field_grid);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesBrowser, status_label);
  gtk_widget_class_bind_template_callback (widget_class, on_collection_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_table_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_base_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_import_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_edit_pixels_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_apply_patch_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_make_patch_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_export_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_export_all_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_part_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_bitmap_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_frame_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_sequence_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_step_back);
  gtk_widget_class_bind_template_callback (widget_class, on_play_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_step_forward);
  gtk_widget_class_bind_template_callback (widget_class, on_view_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_add_frame);
  gtk_widget_class_bind_template_callback (widget_class, on_remove_frame);
  gtk_widget_class_bind_template_callback (widget_class, on_speed_selected);
}

static void
tsr_shapes_browser_init (TsrShapesBrowser *self)
{
  self->collection = -1;
  self->pixel_key = G_MAXUINT;
  self->zoom = 3;
  self->selected[0] = self->selected[1] = self->selected[2] = -1;
  self->part = TSR_SHAPES_PART_BITMAP;
  self->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->animation.speed = 1.0;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
  gtk_widget_set_visible (self->player_box, FALSE);
  tsr_pixel_editor_set_segment_tool_visible (self->pixel_editor, FALSE);
  tsr_pixel_canvas_set_zoom (tsr_pixel_editor_get_canvas (self->pixel_editor), 8);
  self->drag = gtk_gesture_drag_new ();
  g_signal_connect (self->drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (self->drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (self->drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self->preview), GTK_EVENT_CONTROLLER (self->drag));
  follow_base_setting (self);
}

GtkWidget *
tsr_shapes_browser_new (void)
{
  return g_object_new (TSR_TYPE_SHAPES_BROWSER, NULL);
}
