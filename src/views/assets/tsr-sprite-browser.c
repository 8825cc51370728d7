/* tsr-sprite-browser.c: one viewer page for two Sphere picture files; which one it shows follows
 * the document's format ("sphere-rss" of version 1, or "sphere-rts"). Versions 2 and 3 of .rss are
 * the spriteset editor's. A version 1 spriteset stores no directions: the codec derives the 8 the
 * engine implies (tsr_sphere_spriteset_implied_directions), kept here and never written. The
 * animation state is GTK-free (tsr-sphere-animation.h); the frame clock drives it while playing. */
#include "config.h"

#include "views/assets/tsr-sprite-browser.h"

#include <glib/gi18n.h>

#include "views/assets/tsr-asset-preview.h"
#include "views/tsr-image-texture.h"

#define CHECKER_SIZE TSR_ASSET_CHECKER_SIZE

struct _TsrSpriteBrowser {
  TsrAssetBrowser           parent_instance;
  TsrDocument              *document;
  const TsrSphereSpriteset *spriteset;  /* one of the two, borrowed from the document */
  const TsrSphereTileset   *tileset;
  GPtrArray                *directions; /* the spriteset's implied directions, owned */
  guint                     selected;
  guint                     zoom;
  TsrSphereAnimation        animation;
  guint                     tick_id;
  gint64                    last_time;
  const TsrImage           *image;      /* borrowed from the codec data */
  cairo_surface_t          *surface;

  GtkWidget                *paned;
  GtkListBox               *direction_list;
  GtkFlowBox               *tile_flow;
  GtkDrawingArea           *preview;
  GtkToggleButton          *play_button;
  GtkSpinButton            *zoom_spin;
  GtkLabel                 *info_label;
  GtkWidget                *step_back_button;
  GtkWidget                *step_forward_button;
};

G_DEFINE_FINAL_TYPE (TsrSpriteBrowser, tsr_sprite_browser, TSR_TYPE_ASSET_BROWSER)

static const TsrSphereDirection *
current_direction (TsrSpriteBrowser *self)
{
  if (self->directions == NULL || self->selected >= self->directions->len)
    return NULL;
  return g_ptr_array_index (self->directions, self->selected);
}

static void
show_current (TsrSpriteBrowser *self)
{
  g_autofree char *text = NULL;
  const TsrImage *image = NULL;

  if (self->spriteset != NULL)
    {
      const TsrSphereDirection *direction = current_direction (self);
      g_autofree char *name = direction != NULL ? tsr_sphere_spriteset_direction_name (self->spriteset, self->selected) : NULL;

      if (direction != NULL && self->animation.index < direction->frames->len)
        {
          const TsrSphereFrame *frame = &g_array_index (direction->frames, TsrSphereFrame, self->animation.index);

          /* A short file lacks the images of its last frames: those show nothing, as said. */
          if (frame->image < self->spriteset->images->len)
            image = g_ptr_array_index (self->spriteset->images, frame->image);
          text = g_strdup_printf (_("%s: frame %u of %u (image %u), delay %u"), name != NULL ? name : "",
                                  self->animation.index + 1, direction->frames->len, frame->image, frame->delay);
          if (image == NULL)
            {
              g_autofree char *more = g_strdup_printf (_("%s; the file holds no image %u"), text, frame->image);
              g_free (text);
              text = g_steal_pointer (&more);
            }
        }
    }
  else if (self->tileset != NULL && self->animation.index < self->tileset->tiles->len)
    {
      const TsrSphereTile *tile = g_ptr_array_index (self->tileset->tiles, self->animation.index);
      static const char *const obstructions[] = { N_("none"), N_("mask"), N_("segments") };

      text = g_strdup_printf (_("Tile %u%s; obstruction: %s%s"), self->animation.index,
                              tile->animated ? "" : _(" (not animated)"),
                              tile->obstruction_type < 3 ? _(obstructions[tile->obstruction_type]) : "?",
                              "");
      if (tile->animated)
        {
          g_autofree char *more = g_strdup_printf (_("%s; next tile %u after %u frames"), text, tile->next_tile, tile->delay);
          g_free (text);
          text = g_steal_pointer (&more);
        }
    }
  gtk_label_set_text (self->info_label, text != NULL ? text : "");
  if (image == self->image && self->surface != NULL && self->tileset == NULL)
    return;
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  self->image = NULL;
  if (self->tileset != NULL && self->animation.index < self->tileset->tiles->len)
    {
      /* Tiles keep their pixels as bytes: a view of them as an image. */
      const TsrSphereTile *tile = g_ptr_array_index (self->tileset->tiles, self->animation.index);
      TsrImage view = { self->tileset->tile_width, self->tileset->tile_height, tile->pixels };

      if (view.width > 0 && view.height > 0)
        self->surface = tsr_image_cairo_surface_new (&view);
      tsr_asset_preview_set_size (self->preview, view.width, view.height, self->zoom);
    }
  else if (image != NULL)
    {
      self->image = image;
      self->surface = tsr_image_cairo_surface_new (image);
      tsr_asset_preview_set_size (self->preview, image->width, image->height, self->zoom);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  TsrSpriteBrowser *self = user_data;
  double z = self->zoom;

  if (self->surface == NULL)
    return;
  tsr_asset_preview_paint (cr, self->surface, CHECKER_SIZE, CHECKER_SIZE, z);
  cairo_translate (cr, CHECKER_SIZE, CHECKER_SIZE);
  cairo_set_line_width (cr, 2);
  if (self->spriteset != NULL)
    {
      /* The base: where the person touches the ground and collides. */
      const TsrSphereSpriteset *s = self->spriteset;
      cairo_set_source_rgba (cr, 1, 0.3, 0.1, 0.9);
      cairo_rectangle (cr, MIN (s->base_x1, s->base_x2) * z, MIN (s->base_y1, s->base_y2) * z,
                       (ABS (s->base_x2 - s->base_x1) + 1) * z, (ABS (s->base_y2 - s->base_y1) + 1) * z);
      cairo_stroke (cr);
    }
  else if (self->tileset != NULL && self->animation.index < self->tileset->tiles->len)
    {
      const TsrSphereTile *tile = g_ptr_array_index (self->tileset->tiles, self->animation.index);

      cairo_set_source_rgba (cr, 1, 0.1, 0.1, 0.9);
      if (tile->obstruction_type == 2 && tile->segments != NULL)
        for (guint i = 0; i < tile->segments->len; i++)
          {
            const TsrSphereSegment *segment = &g_array_index (tile->segments, TsrSphereSegment, i);
            cairo_move_to (cr, (segment->x1 + 0.5) * z, (segment->y1 + 0.5) * z);
            cairo_line_to (cr, (segment->x2 + 0.5) * z, (segment->y2 + 0.5) * z);
            cairo_stroke (cr);
          }
      else if (tile->obstruction_type == 1 && tile->obstruction_mask != NULL
               && g_bytes_get_size (tile->obstruction_mask) >= (gsize) self->tileset->tile_width * self->tileset->tile_height)
        {
          const guint8 *mask = g_bytes_get_data (tile->obstruction_mask, NULL);

          cairo_set_source_rgba (cr, 1, 0.1, 0.1, 0.4);
          for (guint y = 0; y < self->tileset->tile_height; y++)
            for (guint x = 0; x < self->tileset->tile_width; x++)
              if (mask[y * self->tileset->tile_width + x])
                cairo_rectangle (cr, x * z, y * z, z, z);
          cairo_fill (cr);
        }
    }
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  TsrSpriteBrowser *self = user_data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  gboolean changed = FALSE;

  if (self->last_time == 0)
    self->last_time = now;
  if (current_direction (self) != NULL)
    changed = tsr_sphere_animation_advance_direction (&self->animation, current_direction (self), now - self->last_time);
  else if (self->tileset != NULL)
    changed = tsr_sphere_animation_advance_tiles (&self->animation, self->tileset, now - self->last_time);
  self->last_time = now;
  if (changed)
    show_current (self);
  return G_SOURCE_CONTINUE;
}

void
tsr_sprite_browser_set_playing (TsrSpriteBrowser *self,
                                gboolean          playing)
{
  g_return_if_fail (TSR_IS_SPRITE_BROWSER (self));
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
          /* A tile animation goes back to the chosen tile. */
          if (self->tileset != NULL)
            {
              tsr_sphere_animation_init (&self->animation, self->selected);
              show_current (self);
            }
        }
    }
  if (gtk_toggle_button_get_active (self->play_button) != playing)
    gtk_toggle_button_set_active (self->play_button, playing);
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
}

static void
on_play_toggled (TsrSpriteBrowser *self)
{
  tsr_sprite_browser_set_playing (self, gtk_toggle_button_get_active (self->play_button));
}

void
tsr_sprite_browser_step (TsrSpriteBrowser *self,
                         int               delta)
{
  const TsrSphereDirection *direction;
  guint count;

  g_return_if_fail (TSR_IS_SPRITE_BROWSER (self));
  direction = current_direction (self);
  if (direction == NULL || (count = direction->frames->len) == 0)
    return;
  tsr_sprite_browser_set_playing (self, FALSE);
  self->animation.index = (guint) (((gint64) self->animation.index + delta % (gint64) count + count) % count);
  self->animation.elapsed = 0;
  self->animation.pending = 0;
  show_current (self);
}

static void
on_step_back (TsrSpriteBrowser *self)
{
  tsr_sprite_browser_step (self, -1);
}

static void
on_step_forward (TsrSpriteBrowser *self)
{
  tsr_sprite_browser_step (self, 1);
}

void
tsr_sprite_browser_set_zoom (TsrSpriteBrowser *self,
                             guint             zoom)
{
  g_return_if_fail (TSR_IS_SPRITE_BROWSER (self));
  self->zoom = tsr_asset_zoom_sync (self->zoom_spin, zoom);
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  show_current (self);
}

static void
on_zoom_changed (TsrSpriteBrowser *self)
{
  tsr_sprite_browser_set_zoom (self, (guint) gtk_spin_button_get_value_as_int (self->zoom_spin));
}

void
tsr_sprite_browser_select (TsrSpriteBrowser *self,
                           guint             index)
{
  g_return_if_fail (TSR_IS_SPRITE_BROWSER (self));
  self->selected = index;
  tsr_sphere_animation_init (&self->animation, self->tileset != NULL ? index : 0);
  /* The list shows what plays, also when the choice came from elsewhere (a caller, a test). */
  if (self->spriteset != NULL)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->direction_list, (int) index);

      if (row != NULL && gtk_list_box_get_selected_row (self->direction_list) != row)
        gtk_list_box_select_row (self->direction_list, row);
    }
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  show_current (self);
}

static void
on_direction_selected (TsrSpriteBrowser *self,
                       GtkListBoxRow    *row)
{
  if (row != NULL)
    tsr_sprite_browser_select (self, (guint) gtk_list_box_row_get_index (row));
}

static void
on_tile_selected (TsrSpriteBrowser *self)
{
  g_autoptr(GList) selected = gtk_flow_box_get_selected_children (self->tile_flow);

  if (selected != NULL)
    tsr_sprite_browser_select (self, (guint) gtk_flow_box_child_get_index (selected->data));
}

const TsrSphereAnimation *
tsr_sprite_browser_get_animation (TsrSpriteBrowser *self)
{
  g_return_val_if_fail (TSR_IS_SPRITE_BROWSER (self), NULL);
  return &self->animation;
}

/* Only version 1 spritesets: versions 2 and 3 are the spriteset editor's. */
gboolean
tsr_sprite_browser_accepts (TsrDocument *document)
{
  const char *id = tsr_document_get_format_id (document);
  const TsrSphereSpriteset *spriteset;

  if (g_strcmp0 (id, "sphere-rts") == 0)
    return TRUE;
  if (g_strcmp0 (id, "sphere-rss") != 0)
    return FALSE;
  spriteset = tsr_document_get_format_data (document);
  return spriteset != NULL && spriteset->version == 1;
}

static char *
direction_caption (TsrSpriteBrowser *self,
                   guint             index)
{
  const TsrSphereDirection *direction = g_ptr_array_index (self->directions, index);
  g_autofree char *name = tsr_sphere_spriteset_direction_name (self->spriteset, index);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u frame", "%s · %u frames", direction->frames->len),
                          name != NULL ? name : "", direction->frames->len);
}

void
tsr_sprite_browser_set_document (TsrSpriteBrowser *self,
                                 TsrDocument      *document)
{
  g_return_if_fail (TSR_IS_SPRITE_BROWSER (self));
  if (self->document == document)
    return;
  tsr_sprite_browser_set_playing (self, FALSE);
  g_set_object (&self->document, document);
  self->spriteset = NULL;
  g_clear_pointer (&self->directions, g_ptr_array_unref);
  self->tileset = NULL;
  self->image = NULL;
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  tsr_asset_remove_children (GTK_WIDGET (self->direction_list));
  tsr_asset_remove_children (GTK_WIDGET (self->tile_flow));
  if (document != NULL && g_strcmp0 (tsr_document_get_format_id (document), "sphere-rss") == 0)
    {
      self->spriteset = tsr_document_get_format_data (document);
      self->directions = tsr_sphere_spriteset_implied_directions (self->spriteset);
      if (self->directions == NULL)
        self->spriteset = NULL;  /* versions 2 and 3: the spriteset editor's */
    }
  else if (document != NULL && g_strcmp0 (tsr_document_get_format_id (document), "sphere-rts") == 0)
    self->tileset = tsr_document_get_format_data (document);
  gtk_widget_set_visible (GTK_WIDGET (self->direction_list), self->spriteset != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->tile_flow), self->tileset != NULL);
  /* Stepping is for the directions of spritesets. */
  gtk_widget_set_visible (self->step_back_button, self->spriteset != NULL);
  gtk_widget_set_visible (self->step_forward_button, self->spriteset != NULL);
  for (guint d = 0; self->spriteset != NULL && d < self->directions->len; d++)
    {
      g_autofree char *text = direction_caption (self, d);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_list_box_append (self->direction_list, label);
    }
  for (guint t = 0; self->tileset != NULL && t < self->tileset->tiles->len; t++)
    {
      const TsrSphereTile *tile = g_ptr_array_index (self->tileset->tiles, t);
      TsrImage view = { self->tileset->tile_width, self->tileset->tile_height, tile->pixels };
      g_autoptr(GdkTexture) texture = NULL;
      GtkWidget *picture;

      if (view.width == 0 || view.height == 0)
        break;
      texture = tsr_image_texture_new (&view, tsr_image_texture_factor (&view, 32, 2));
      picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
      gtk_widget_set_size_request (picture, gdk_texture_get_width (texture), gdk_texture_get_height (texture));
      gtk_widget_set_tooltip_text (picture, tile->animated ? _("Animated") : NULL);
      gtk_flow_box_insert (self->tile_flow, picture, -1);
    }
  self->selected = 0;
  tsr_sphere_animation_init (&self->animation, 0);
  if (self->spriteset != NULL && self->directions->len > 0)
    gtk_list_box_select_row (self->direction_list, gtk_list_box_get_row_at_index (self->direction_list, 0));
  else if (self->tileset != NULL && self->tileset->tiles->len > 0)
    gtk_flow_box_select_child (self->tile_flow, gtk_flow_box_get_child_at_index (self->tile_flow, 0));
  show_current (self);
}

static void
tsr_sprite_browser_page_set_document (TsrAssetBrowser *browser,
                                      TsrDocument     *document)
{
  tsr_sprite_browser_set_document (TSR_SPRITE_BROWSER (browser), document);
}

/* set_document (NULL) on dispose has dropped the surface already; this is the last word. */
static void
tsr_sprite_browser_finalize (GObject *object)
{
  g_clear_pointer (&TSR_SPRITE_BROWSER (object)->surface, cairo_surface_destroy);
  g_clear_pointer (&TSR_SPRITE_BROWSER (object)->directions, g_ptr_array_unref);
  G_OBJECT_CLASS (tsr_sprite_browser_parent_class)->finalize (object);
}

static void
tsr_sprite_browser_class_init (TsrSpriteBrowserClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_sprite_browser_finalize;
  TSR_ASSET_BROWSER_CLASS (klass)->set_document = tsr_sprite_browser_page_set_document;
  tsr_asset_class_set_template (widget_class, "tsr-sprite-browser.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrSpriteBrowser, paned);
  gtk_widget_class_bind_template_child (widget_class, TsrSpriteBrowser, direction_list);
  gtk_widget_class_bind_template_child (widget_class, TsrSpriteBrowser, tile_flow);
  gtk_widget_class_bind_template_child (widget_class, TsrSpriteBrowser, preview);
  gtk_widget_class_bind_template_child (widget_class, TsrSpriteBrowser, play_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpriteBrowser, zoom_spin);
  gtk_widget_class_bind_template_child (widget_class, TsrSpriteBrowser, info_label);
  gtk_widget_class_bind_template_child (widget_class, TsrSpriteBrowser, step_back_button);
  gtk_widget_class_bind_template_child (widget_class, TsrSpriteBrowser, step_forward_button);
  gtk_widget_class_bind_template_callback (widget_class, on_direction_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_tile_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_play_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_step_back);
  gtk_widget_class_bind_template_callback (widget_class, on_step_forward);
}

static void
tsr_sprite_browser_init (TsrSpriteBrowser *self)
{
  self->zoom = 4;
  self->animation.speed = 1.0;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
}
