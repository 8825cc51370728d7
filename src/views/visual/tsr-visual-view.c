/* tsr-visual-view.c: a drawing area under an overlay label (the GL error, or a one-line key help).
 * The area draws through a GL context of its own with no display (tsr-visual-offscreen.h): the
 * renderer draws into its framebuffer at the area's size in device pixels, the pixels are read
 * back into a cairo image surface and shown as they are (GL's bottom-up rows flipped by the
 * pattern's matrix, not copied). So GTK needs no GL of its own (main.c turns it off: the display
 * opens without loading Mesa, issue 35), and GL is loaded only when the visual mode is first
 * shown. The scene is built again whenever the level map says its elements changed (a millisecond
 * for the largest real level) and drawn on the next frame; walking runs on the frame clock. */
#include "config.h"

#include "views/visual/tsr-visual-view.h"

#include <glib/gi18n.h>
#include <math.h>

#include "formats/wolf3d/tsr-wolf3d-palette.h"
#include "model/marathon/tsr-marathon-set-record-command.h"
#include "model/marathon/tsr-marathon-surface.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "render/tsr-visual-offscreen.h"
#include "render/tsr-visual-renderer.h"
#include "render/tsr-visual-walk.h"
#include "render/tsr-visual-wolf3d-edit.h"
#include "views/tsr-canvas-picture.h"

#define WORLD_ONE       1024.0
#define EYE_HEIGHT      0.7f
#define WOLF3D_EYE_HEIGHT 0.5f
#define NOTICE_TIME     2         /* seconds a notice ("Walls stop the camera") stays */
#define WALK_SPEED      2.5f      /* world units a second */
#define RUN_FACTOR      3.0f
#define LOOK_SPEED      0.005f    /* radians a pixel */
#define HEIGHT_STEP     128       /* 1/8 WU */
#define OFFSET_STEP     64        /* 1/16 WU */

struct _TsrVisualView {
  GtkWidget            parent_instance;

  GtkWidget           *overlay;
  GtkWidget           *area;
  GtkWidget           *label;
  TsrVisualOffscreen  *offscreen;     /* while the area is realized, unless GL failed */
  TsrVisualRenderer   *renderer;      /* in the offscreen context */
  char                *error;
  /* Frames read back (RGB24 surfaces of the area's device pixels) taking turns: one a node GTK
   * still shows is not written into (its reference count says so); the current one is FRAME. */
  cairo_surface_t     *frames[3];
  cairo_surface_t     *frame;
  gboolean             frame_dirty;

  TsrMarathonLevelMap *map;
  TsrEditSession      *session;
  TsrMarathonTextures *textures;
  /* A Wolf3D level instead (map NULL then): its cells, the editor's tile tools (cell selection,
   * chosen tile and layer) and the VSWAP pictures through the game palette. */
  TsrWolfLevelMap     *wolf3d_map;
  TsrTileTools        *tile_tools;
  TsrVisualWolf3dTextures wolf3d_textures;
  TsrVisualScene      *scene;
  gboolean             scene_dirty;
  gboolean             textures_dirty;
  TsrVisualCamera      camera;
  double               map_scale;     /* map units a world unit: WORLD_ONE, or a Wolf3D cell's pixels */
  gboolean             collision;     /* walking stops at walls (N turns it off and on) */
  guint                notice_id;     /* hides the notice label */
  guint16              texture;

  gboolean             has_picked;
  TsrVisualSurface     picked;

  /* Walking */
  GHashTable          *held;          /* keyvals held down */
  gboolean             running;
  guint                tick_id;
  gint64               last_tick;
  /* Looking */
  double               look_yaw, look_pitch;
  gboolean             dragged;
  /* Dragging a wall's texture with Ctrl: the key its offset commands merge by, and how far the
   * offsets have moved so far (map units) */
  guint                align_key;
  int                  align_dx, align_dy;
  /* Ctrl+C's copy of a surface's style */
  gboolean             has_copied;
  TsrMarathonSurfaceStyle copied;
  guint                n_frames;
  /* L: the lights run by the engine's light functions, ticking only while the view is mapped */
  gboolean             animate_lights;
  TsrVisualLightClock *light_clock;
  const TsrMarathonLevel *light_clock_level;
  guint                light_tick_id;
  gint64               light_start;
  gboolean             lights_dirty;
};

G_DEFINE_FINAL_TYPE (TsrVisualView, tsr_visual_view, GTK_TYPE_WIDGET)

/* The area the frames show in (it takes the focus and the input): its snapshot is the view's. */
#define TSR_TYPE_VISUAL_AREA (tsr_visual_area_get_type ())
G_DECLARE_FINAL_TYPE (TsrVisualArea, tsr_visual_area, TSR, VISUAL_AREA, GtkWidget)

struct _TsrVisualArea {
  GtkWidget      parent_instance;
  TsrVisualView *view;
};

G_DEFINE_FINAL_TYPE (TsrVisualArea, tsr_visual_area, GTK_TYPE_WIDGET)

static void visual_snapshot (TsrVisualView *self,
                             GtkSnapshot   *snapshot);

static void
tsr_visual_area_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  TsrVisualArea *self = TSR_VISUAL_AREA (widget);

  if (self->view != NULL)
    visual_snapshot (self->view, snapshot);
}

static void
tsr_visual_area_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  /* Another size is another frame (visual_snapshot compares sizes). */
  gtk_widget_queue_draw (widget);
}

static void
tsr_visual_area_class_init (TsrVisualAreaClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = tsr_visual_area_snapshot;
  widget_class->size_allocate = tsr_visual_area_size_allocate;
}

static void
tsr_visual_area_init (TsrVisualArea *self)
{
}

static gboolean picked_is_side (TsrVisualView      *self);
static gboolean picked_surface (TsrVisualView      *self,
                                TsrMarathonSurface *surface);

enum { CAMERA_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Draws a frame on the next cycle of the frame clock. */
static void
queue_frame (TsrVisualView *self)
{
  self->frame_dirty = TRUE;
  if (self->area != NULL)
    gtk_widget_queue_draw (self->area);
}

/* The camera moved or turned: draw again, and tell the 2D map's camera layer. */
static void
camera_changed (TsrVisualView *self)
{
  queue_frame (self);
  g_signal_emit (self, signals[CAMERA_CHANGED], 0);
}

static void
set_message (TsrVisualView *self,
             const char    *message)
{
  gtk_label_set_text (GTK_LABEL (self->label), message != NULL ? message : "");
  gtk_widget_set_visible (self->label, message != NULL);
}

/* Textures through the map editor's decoded pictures (premultiplied cairo ARGB32). */
static TsrImage *
texture_from_surfaces (const TsrVisualTexture *texture,
                       gpointer                user_data)
{
  TsrMarathonTextures *textures = user_data;
  cairo_surface_t *surface;
  TsrImage *image;
  const guint8 *data;
  int stride, width, height;

  if (texture->kind != TSR_VISUAL_TEXTURE_SHAPES || textures == NULL)
    return NULL;
  surface = tsr_marathon_textures_get_surface (textures, texture->descriptor);
  if (surface == NULL || cairo_image_surface_get_format (surface) != CAIRO_FORMAT_ARGB32)
    return NULL;
  cairo_surface_flush (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  data = cairo_image_surface_get_data (surface);
  image = tsr_image_new ((guint) width, (guint) height);
  if (image == NULL || data == NULL)
    return image;
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 argb = *(const guint32 *) (data + (gsize) y * stride + (gsize) x * 4);
        guint a = argb >> 24;
        guint8 *out = image->pixels + ((gsize) y * width + x) * 4;

        out[0] = a ? (guint8) MIN (255u, ((argb >> 16) & 0xFF) * 255 / a) : 0;
        out[1] = a ? (guint8) MIN (255u, ((argb >> 8) & 0xFF) * 255 / a) : 0;
        out[2] = a ? (guint8) MIN (255u, (argb & 0xFF) * 255 / a) : 0;
        out[3] = (guint8) a;
      }
  return image;
}

/* The Wolf3D level's scene, its textures pointed at the level's set. */
static TsrVisualScene *
build_wolf3d_scene (TsrVisualView *self)
{
  const TsrWolf3dLevel *level = tsr_wolf_level_map_get_level (self->wolf3d_map);
  TsrWolfDocument *document = tsr_wolf_level_map_get_document (self->wolf3d_map);
  const TsrWolf3dSet *set = document != NULL ? tsr_wolf_document_get_set (document) : NULL;
  gint slot;

  if (level == NULL || set == NULL)
    return NULL;
  /* The ceiling colour goes by the level's place in the set. */
  slot = tsr_wolf_document_get_level_index (document, self->wolf3d_map);
  self->wolf3d_textures.vswap = set->vswap;
  self->wolf3d_textures.palette = tsr_wolf3d_palette_get (set->game);
  return tsr_visual_scene_build_wolf3d (level, set->game, (guint) MAX (slot, 0),
                                        set->vswap != NULL ? set->vswap->sprite_start : 0,
                                        self->wolf3d_textures.palette);
}

static void
rebuild_scene (TsrVisualView *self)
{
  g_clear_pointer (&self->scene, tsr_visual_scene_free);
  if (self->map != NULL)
    {
      const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (self->map);

      /* Objects as sprites of the map editor's Shapes file. */
      self->scene = tsr_visual_scene_build_marathon_with_shapes (level, self->textures != NULL
                                                                 ? tsr_marathon_textures_get_shapes (self->textures) : NULL);
      /* Running lights keep their time across edits, and start again for another level. */
      if (self->light_clock != NULL && self->light_clock_level != level)
        {
          g_clear_pointer (&self->light_clock, tsr_visual_light_clock_free);
          self->light_start = 0;
        }
      if (self->animate_lights && self->light_clock == NULL)
        {
          self->light_clock = tsr_visual_light_clock_new (level);
          self->light_clock_level = level;
        }
      if (self->light_clock != NULL)
        {
          guint n = 0;
          const float *intensity = tsr_visual_light_clock_get_intensities (self->light_clock, &n);

          tsr_visual_scene_set_lights (self->scene, intensity, n);
        }
    }
  else if (self->wolf3d_map != NULL)
    self->scene = build_wolf3d_scene (self);
  self->scene_dirty = TRUE;
  /* The picked surface follows its element into the new scene (heights may have changed). */
  if (self->has_picked && self->scene != NULL)
    {
      gboolean found = FALSE;

      for (guint s = 0; s < self->scene->surfaces->len && !found; s++)
        {
          const TsrVisualSurface *surface = &g_array_index (self->scene->surfaces, TsrVisualSurface, s);

          if (surface->part == self->picked.part && surface->index == self->picked.index)
            {
              self->picked = *surface;
              found = TRUE;
            }
        }
      /* A painted Wolf3D cell may have turned from wall to door or floor: still that cell. */
      for (guint s = 0; s < self->scene->surfaces->len && !found && self->scene->wolf3d; s++)
        {
          const TsrVisualSurface *surface = &g_array_index (self->scene->surfaces, TsrVisualSurface, s);

          if (surface->index == self->picked.index && surface->part != TSR_VISUAL_PART_CELL_OBJECT)
            {
              self->picked = *surface;
              found = TRUE;
            }
        }
      self->has_picked = found;
    }
  queue_frame (self);
}

static void
on_elements_changed (TsrVisualView *self)
{
  rebuild_scene (self);
}

/* GTK's GL context (when its GL renderer was chosen), let go of while the offscreen context is
 * current, and made current again after: GTK would not know its context had been replaced.
 * (transfer full) */
static GdkGLContext *
release_gtk_gl (void)
{
  GdkGLContext *gtk_context = gdk_gl_context_get_current ();

  if (gtk_context != NULL)
    {
      g_object_ref (gtk_context);
      gdk_gl_context_clear_current ();
    }
  return gtk_context;
}

static void
restore_gtk_gl (GdkGLContext *gtk_context)
{
  if (gtk_context == NULL)
    return;
  gdk_gl_context_make_current (gtk_context);
  g_object_unref (gtk_context);
}

/* Makes the offscreen context current; end_gl undoes it when GTK had one current. */
static GdkGLContext *
begin_gl (TsrVisualView *self)
{
  GdkGLContext *gtk_context = release_gtk_gl ();

  tsr_visual_offscreen_make_current (self->offscreen);
  return gtk_context;
}

static void
end_gl (TsrVisualView *self,
        GdkGLContext  *gtk_context)
{
  if (gtk_context == NULL)
    return;
  tsr_visual_offscreen_release_current (self->offscreen);
  restore_gtk_gl (gtk_context);
}

static void
on_realize (TsrVisualView *self)
{
  g_autoptr(GError) error = NULL;
  GdkGLContext *gtk_context = release_gtk_gl ();

  /* The context is made current on creation, the renderer made in it. */
  self->offscreen = tsr_visual_offscreen_new (&error);
  if (self->offscreen != NULL && (self->renderer = tsr_visual_renderer_new (&error)) == NULL)
    g_clear_pointer (&self->offscreen, tsr_visual_offscreen_free);
  if (self->offscreen != NULL)
    end_gl (self, gtk_context);
  else
    restore_gtk_gl (gtk_context);
  if (self->renderer == NULL)
    {
      g_free (self->error);
      self->error = g_strdup_printf (_("The 3D view needs OpenGL 3.3, which is not available here: %s"),
                                     error != NULL ? error->message : "");
      set_message (self, self->error);
      return;
    }
  self->scene_dirty = TRUE;
  self->textures_dirty = TRUE;
  self->frame_dirty = TRUE;
}

static void
clear_frames (TsrVisualView *self)
{
  g_clear_pointer (&self->frame, cairo_surface_destroy);
  for (guint i = 0; i < G_N_ELEMENTS (self->frames); i++)
    g_clear_pointer (&self->frames[i], cairo_surface_destroy);
}

static void
on_unrealize (TsrVisualView *self)
{
  if (self->offscreen != NULL)
    {
      GdkGLContext *gtk_context = begin_gl (self);

      /* The renderer's objects go in their context, then the context (which leaves none current). */
      g_clear_pointer (&self->renderer, tsr_visual_renderer_free);
      g_clear_pointer (&self->offscreen, tsr_visual_offscreen_free);
      restore_gtk_gl (gtk_context);
    }
  clear_frames (self);
}

/* A surface of WIDTH x HEIGHT pixels to read a frame into that no node holds any longer (only the
 * view refers to it), else a new one (transfer none: the view's). */
static cairo_surface_t *
take_frame (TsrVisualView *self,
            int            width,
            int            height)
{
  guint free_slot = G_N_ELEMENTS (self->frames);

  for (guint i = 0; i < G_N_ELEMENTS (self->frames); i++)
    {
      cairo_surface_t *frame = self->frames[i];

      if (frame == NULL)
        free_slot = MIN (free_slot, i);
      else if (cairo_image_surface_get_width (frame) != width || cairo_image_surface_get_height (frame) != height)
        {
          /* Another size: a node may still hold it (its pattern's reference frees it then). */
          g_clear_pointer (&self->frames[i], cairo_surface_destroy);
          free_slot = MIN (free_slot, i);
        }
      else if (cairo_surface_get_reference_count (frame) == 1)
        return frame;
    }
  /* All in use (GTK holds more nodes than usual): the first one is left to its nodes. */
  if (free_slot == G_N_ELEMENTS (self->frames))
    {
      free_slot = 0;
      g_clear_pointer (&self->frames[0], cairo_surface_destroy);
    }
  self->frames[free_slot] = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  return self->frames[free_slot];
}

/* Draws the scene into a frame of WIDTH x HEIGHT device pixels (FRAME then; NULL when there is
 * nothing to draw or the draw failed: the area is plain grey). */
static void
render_frame (TsrVisualView *self,
              int            width,
              int            height)
{
  g_autoptr(GError) error = NULL;
  GdkGLContext *gtk_context;
  cairo_surface_t *frame;

  self->frame_dirty = FALSE;
  if (self->renderer == NULL)
    {
      g_clear_pointer (&self->frame, cairo_surface_destroy);
      return;
    }
  gtk_context = begin_gl (self);
  if (self->textures_dirty)
    {
      if (self->wolf3d_map != NULL)
        tsr_visual_renderer_set_textures (self->renderer, tsr_visual_wolf3d_texture_func, &self->wolf3d_textures);
      else
        tsr_visual_renderer_set_textures (self->renderer, self->textures != NULL ? texture_from_surfaces : NULL,
                                          self->textures);
      self->textures_dirty = FALSE;
      self->scene_dirty = TRUE;
    }
  if (self->lights_dirty && !self->scene_dirty && self->scene != NULL)
    tsr_visual_renderer_set_lights (self->renderer, self->scene->light_intensity, self->scene->n_lights);
  self->lights_dirty = FALSE;
  if (self->scene_dirty && self->scene != NULL)
    {
      tsr_visual_renderer_set_scene (self->renderer, self->scene);
      tsr_visual_renderer_set_highlight (self->renderer, self->picked.part, self->has_picked ? self->picked.index : -1);
      self->scene_dirty = FALSE;
    }
  if (self->scene == NULL)
    {
      g_clear_pointer (&self->frame, cairo_surface_destroy);
      end_gl (self, gtk_context);
      return;
    }
  frame = take_frame (self, width, height);
  if (cairo_surface_status (frame) == CAIRO_STATUS_SUCCESS
      && tsr_visual_offscreen_draw (self->offscreen, self->renderer, &self->camera, (guint) width, (guint) height, &error))
    {
      cairo_surface_flush (frame);
      tsr_visual_offscreen_read_argb32 (self->offscreen, cairo_image_surface_get_data (frame),
                                        (gsize) cairo_image_surface_get_stride (frame), (guint) width, (guint) height);
      cairo_surface_mark_dirty (frame);
      g_clear_pointer (&self->frame, cairo_surface_destroy);
      self->frame = cairo_surface_reference (frame);
    }
  else
    {
      g_free (self->error);
      self->error = g_strdup (error != NULL ? error->message : cairo_status_to_string (cairo_surface_status (frame)));
      set_message (self, self->error);
      g_clear_pointer (&self->frame, cairo_surface_destroy);
    }
  end_gl (self, gtk_context);
  self->n_frames++;
}

static void
visual_snapshot (TsrVisualView *self,
                 GtkSnapshot   *snapshot)
{
  int scale = gtk_widget_get_scale_factor (self->area);
  int width = gtk_widget_get_width (self->area), height = gtk_widget_get_height (self->area);
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  if (self->frame_dirty || self->frame == NULL || cairo_image_surface_get_width (self->frame) != width * scale
      || cairo_image_surface_get_height (self->frame) != height * scale)
    render_frame (self, width * scale, height * scale);
  if (self->frame == NULL)
    {
      gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.1f, 0.1f, 0.1f, 1.0f }, &GRAPHENE_RECT_INIT (0, 0, width, height));
      return;
    }
  /* The frame as a pattern that hands cairo the surface itself (not a snapshot the next frame's
   * write would copy whole); its reference keeps the frame from being written into while a node
   * holds it (take_frame). Device pixels, GL's bottom row first: user (x, y) is pixel
   * (x, height - y) times the scale. */
  pattern = tsr_canvas_picture_surface_pattern (self->frame);
  cairo_matrix_init (&matrix, scale, 0, 0, -scale, 0, (double) height * scale);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_source (cr, pattern);
  cairo_pattern_destroy (pattern);
  cairo_paint (cr);
  cairo_destroy (cr);
}

/* Walking ------------------------------------------------------------------------------------- */

static gboolean
held (TsrVisualView *self,
      guint          a,
      guint          b)
{
  return g_hash_table_contains (self->held, GUINT_TO_POINTER (a)) || g_hash_table_contains (self->held, GUINT_TO_POINTER (b));
}

/* Moves the camera by (DX, DY) world units: as the game's player could (tsr-visual-walk.h) while
 * collision is on, else straight through everything. */
static void
walk (TsrVisualView *self,
      float          dx,
      float          dy)
{
  if (self->collision && self->map != NULL)
    {
      tsr_visual_walk_marathon (tsr_marathon_level_map_get_level (self->map), self->camera.position, dx, dy);
      return;
    }
  if (self->collision && self->wolf3d_map != NULL && tsr_wolf_level_map_get_level (self->wolf3d_map) != NULL)
    {
      TsrWolfDocument *document = tsr_wolf_level_map_get_document (self->wolf3d_map);
      const TsrWolf3dSet *set = document != NULL ? tsr_wolf_document_get_set (document) : NULL;

      tsr_visual_walk_wolf3d (tsr_wolf_level_map_get_level (self->wolf3d_map),
                              set != NULL ? set->game : TSR_WOLF3D_GAME_WOLF3D, self->camera.position, dx, dy);
      return;
    }
  self->camera.position[0] += dx;
  self->camera.position[1] += dy;
}

static gboolean
hide_notice (gpointer user_data)
{
  TsrVisualView *self = user_data;

  self->notice_id = 0;
  set_message (self, self->error);
  return G_SOURCE_REMOVE;
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  TsrVisualView *self = TSR_VISUAL_VIEW (user_data);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  float seconds = self->last_tick != 0 ? (float) (now - self->last_tick) / 1e6f : 0.0f;
  float forward = 0.0f, strafe = 0.0f, rise = 0.0f, speed;
  float cy = cosf (self->camera.yaw), sy = sinf (self->camera.yaw);

  self->last_tick = now;
  if (g_hash_table_size (self->held) == 0)
    {
      self->tick_id = 0;
      self->last_tick = 0;
      return G_SOURCE_REMOVE;
    }
  seconds = MIN (seconds, 0.1f);
  forward = (held (self, GDK_KEY_w, GDK_KEY_Up) ? 1.0f : 0.0f) - (held (self, GDK_KEY_s, GDK_KEY_Down) ? 1.0f : 0.0f);
  strafe = (held (self, GDK_KEY_d, GDK_KEY_Right) ? 1.0f : 0.0f) - (held (self, GDK_KEY_a, GDK_KEY_Left) ? 1.0f : 0.0f);
  rise = (held (self, GDK_KEY_Page_Up, GDK_KEY_e) ? 1.0f : 0.0f) - (held (self, GDK_KEY_Page_Down, GDK_KEY_q) ? 1.0f : 0.0f);
  speed = WALK_SPEED * seconds * (self->running ? RUN_FACTOR : 1.0f);
  /* Walking stays level whatever the pitch, as in the game; flying up and down goes through
   * floors and ceilings. */
  walk (self, (cy * forward - sy * strafe) * speed, (sy * forward + cy * strafe) * speed);
  self->camera.position[2] += rise * speed;
  camera_changed (self);
  return G_SOURCE_CONTINUE;
}

static gboolean
is_walk_key (guint keyval)
{
  switch (keyval)
    {
    case GDK_KEY_w: case GDK_KEY_a: case GDK_KEY_s: case GDK_KEY_d: case GDK_KEY_q: case GDK_KEY_e:
    case GDK_KEY_Up: case GDK_KEY_Down: case GDK_KEY_Left: case GDK_KEY_Right:
    case GDK_KEY_Page_Up: case GDK_KEY_Page_Down:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
on_key_pressed (TsrVisualView   *self,
                guint            keyval,
                guint            keycode,
                GdkModifierType  state)
{
  guint lower = gdk_keyval_to_lower (keyval);

  self->running = (state & GDK_SHIFT_MASK) != 0;
  if (state & GDK_CONTROL_MASK)
    {
      if (lower == GDK_KEY_c)
        return tsr_visual_view_copy_style (self);
      if (lower == GDK_KEY_v)
        return tsr_visual_view_paste_style (self);
      /* Ctrl+A, with the other texture-offset keys: Shift is running and A strafing. */
      if (lower == GDK_KEY_a)
        return tsr_visual_view_auto_align (self);
      switch (keyval)
        {
        case GDK_KEY_Left: return tsr_visual_view_align (self, -OFFSET_STEP, 0);
        case GDK_KEY_Right: return tsr_visual_view_align (self, OFFSET_STEP, 0);
        case GDK_KEY_Up: return tsr_visual_view_align (self, 0, -OFFSET_STEP);
        case GDK_KEY_Down: return tsr_visual_view_align (self, 0, OFFSET_STEP);
        default: return FALSE;
        }
    }
  if (keyval == GDK_KEY_plus || keyval == GDK_KEY_equal || keyval == GDK_KEY_KP_Add)
    return tsr_visual_view_raise (self, 1);
  if (keyval == GDK_KEY_minus || keyval == GDK_KEY_KP_Subtract)
    return tsr_visual_view_raise (self, -1);
  if (lower == GDK_KEY_t)
    return tsr_visual_view_apply_texture (self);
  if (lower == GDK_KEY_l && !(state & GDK_SHIFT_MASK) && self->map != NULL)
    {
      tsr_visual_view_set_animate_lights (self, !self->animate_lights);
      return TRUE;
    }
  if (keyval == GDK_KEY_bracketleft)
    return tsr_visual_view_step_light (self, -1);
  if (keyval == GDK_KEY_bracketright)
    return tsr_visual_view_step_light (self, 1);
  if (lower == GDK_KEY_n && !(state & GDK_SHIFT_MASK))
    {
      tsr_visual_view_set_collision (self, !self->collision);
      if (self->error == NULL)
        {
          set_message (self, self->collision ? _("Walls stop the camera") : _("The camera walks through walls"));
          g_clear_handle_id (&self->notice_id, g_source_remove);
          self->notice_id = g_timeout_add_seconds (NOTICE_TIME, hide_notice, self);
        }
      return TRUE;
    }
  if (!is_walk_key (lower))
    return FALSE;
  g_hash_table_add (self->held, GUINT_TO_POINTER (lower));
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick, self, NULL);
  return TRUE;
}

static void
on_key_released (TsrVisualView   *self,
                 guint            keyval,
                 guint            keycode,
                 GdkModifierType  state)
{
  g_hash_table_remove (self->held, GUINT_TO_POINTER (gdk_keyval_to_lower (keyval)));
  self->running = (state & GDK_SHIFT_MASK) != 0 && keyval != GDK_KEY_Shift_L && keyval != GDK_KEY_Shift_R;
}

static void
on_focus_leave (TsrVisualView *self)
{
  g_hash_table_remove_all (self->held);
}

/* Looking and picking ----------------------------------------------------------------------------- */

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               TsrVisualView  *self)
{
  static guint align_keys;
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  const TsrVisualSurface *picked;

  self->look_yaw = self->camera.yaw;
  self->look_pitch = self->camera.pitch;
  self->dragged = FALSE;
  self->align_key = 0;
  gtk_widget_grab_focus (GTK_WIDGET (self->area));
  /* Ctrl on a wall: the drag moves its texture (the wall under the pointer is picked). */
  if ((state & GDK_CONTROL_MASK) && self->map != NULL
      && gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)) == GDK_BUTTON_PRIMARY)
    {
      picked = tsr_visual_view_pick (self, x, y);
      if (picked != NULL && picked_is_side (self))
        {
          self->align_key = ++align_keys != 0 ? align_keys : ++align_keys;
          self->align_dx = self->align_dy = 0;
        }
    }
}

/* Map units a pointer pixel covers on the picked surface: the view's height spans
 * 2 d tan (fov / 2) at the surface's distance d. */
static double
units_per_pixel (TsrVisualView *self)
{
  float centre[3] = { 0, 0, 0 }, distance = 0.0f;
  int height = MAX (gtk_widget_get_height (self->area), 1);

  for (guint v = 0; v < self->picked.n_vertices; v++)
    for (guint c = 0; c < 3; c++)
      centre[c] += self->picked.positions[v][c] / (float) MAX (self->picked.n_vertices, 1u);
  for (guint c = 0; c < 3; c++)
    distance += (centre[c] - self->camera.position[c]) * (centre[c] - self->camera.position[c]);
  distance = MAX (sqrtf (distance), 0.25f);
  return 2.0 * distance * tan (self->camera.fov * G_PI / 360.0) / height * WORLD_ONE;
}

static void
drag_align (TsrVisualView *self,
            double         dx,
            double         dy)
{
  TsrMarathonSurface surface;
  g_autoptr(TsrCommand) command = NULL;
  double scale = units_per_pixel (self);
  /* The texture follows the pointer: right and down move it right and down, i.e. lower x0
   * and y0 (the scene lays u = x0 + along, v = y0 + below the top). */
  int want_x = (int) lround (-dx * scale), want_y = (int) lround (-dy * scale);

  if (self->session == NULL || !picked_surface (self, &surface)
      || (want_x == self->align_dx && want_y == self->align_dy))
    return;
  command = tsr_marathon_surface_offset_command_new (self->map, &surface, want_x - self->align_dx,
                                                     want_y - self->align_dy, self->align_key);
  self->align_dx = want_x;
  self->align_dy = want_y;
  if (command != NULL)
    tsr_edit_session_execute (self->session, command);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                TsrVisualView  *self)
{
  if (!self->dragged && hypot (dx, dy) < 4)
    return;
  self->dragged = TRUE;
  if (self->align_key != 0)
    {
      drag_align (self, dx, dy);
      return;
    }
  self->camera.yaw = (float) (self->look_yaw + dx * LOOK_SPEED);
  self->camera.pitch = (float) CLAMP (self->look_pitch - dy * LOOK_SPEED, -1.5, 1.5);
  camera_changed (self);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             TsrVisualView  *self)
{
  double x, y;

  if (self->align_key != 0)
    {
      self->align_key = 0;
      return;
    }
  if (self->dragged || gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)) != GDK_BUTTON_PRIMARY)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  tsr_visual_view_pick (self, x, y);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           TsrVisualView            *self)
{
  if (dy == 0)
    return FALSE;
  if (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller)) & GDK_CONTROL_MASK)
    return tsr_visual_view_step_light (self, dy < 0 ? 1 : -1);
  return tsr_visual_view_raise (self, dy < 0 ? 1 : -1);
}

/* Public ------------------------------------------------------------------------------------ */

GtkWidget *
tsr_visual_view_new (void)
{
  return g_object_new (TSR_TYPE_VISUAL_VIEW, NULL);
}

void
tsr_visual_view_set_marathon (TsrVisualView       *self,
                              TsrMarathonLevelMap *map,
                              TsrEditSession      *session)
{
  g_return_if_fail (TSR_IS_VISUAL_VIEW (self));

  if (self->map != NULL)
    g_signal_handlers_disconnect_by_data (self->map, self);
  if (self->wolf3d_map != NULL)
    g_signal_handlers_disconnect_by_data (self->wolf3d_map, self);
  g_clear_object (&self->wolf3d_map);
  g_clear_object (&self->tile_tools);
  self->textures_dirty = TRUE;
  g_set_object (&self->map, map);
  g_set_object (&self->session, session);
  self->map_scale = WORLD_ONE;
  self->has_picked = FALSE;
  if (map != NULL)
    g_signal_connect_swapped (map, "elements-changed", G_CALLBACK (on_elements_changed), self);
  rebuild_scene (self);
  if (self->scene != NULL)
    tsr_visual_camera_init_start (&self->camera, self->scene);
  camera_changed (self);
}

void
tsr_visual_view_set_wolf3d (TsrVisualView   *self,
                            TsrWolfLevelMap *map,
                            TsrTileTools    *tools)
{
  g_return_if_fail (TSR_IS_VISUAL_VIEW (self));
  g_return_if_fail (map == NULL || TSR_IS_WOLF_LEVEL_MAP (map));
  g_return_if_fail (tools == NULL || TSR_IS_TILE_TOOLS (tools));

  if (self->map != NULL)
    g_signal_handlers_disconnect_by_data (self->map, self);
  g_clear_object (&self->map);
  g_clear_object (&self->session);
  g_set_object (&self->tile_tools, tools);
  if (self->wolf3d_map != map)
    {
      if (self->wolf3d_map != NULL)
        g_signal_handlers_disconnect_by_data (self->wolf3d_map, self);
      g_set_object (&self->wolf3d_map, map);
      if (map != NULL)
        g_signal_connect_swapped (map, "tiles-changed", G_CALLBACK (on_elements_changed), self);
      if (map != NULL)
        {
          guint width = 0, height = 0;

          tsr_tile_map_get_cell_size (TSR_TILE_MAP (map), &width, &height);
          self->map_scale = MAX (width, 1u);
        }
      self->has_picked = FALSE;
    }
  self->textures_dirty = TRUE;
  rebuild_scene (self);
  if (self->scene != NULL)
    tsr_visual_camera_init_start (&self->camera, self->scene);
  camera_changed (self);
}

TsrWolfLevelMap *
tsr_visual_view_get_wolf3d_map (TsrVisualView *self)
{
  g_return_val_if_fail (TSR_IS_VISUAL_VIEW (self), NULL);
  return self->wolf3d_map;
}

/* Animated lights ----------------------------------------------------------------------------- */

static void
lights_stop_ticking (TsrVisualView *self)
{
  if (self->light_tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->light_tick_id);
  self->light_tick_id = 0;
  self->light_start = 0;
}

/* The engine steps its lights 30 times a second (TICKS_PER_SECOND): the clock catches up with the
 * frame clock's time since it started, from where it stood. */
static gboolean
on_lights_tick (GtkWidget     *widget,
                GdkFrameClock *frame_clock,
                gpointer       user_data)
{
  TsrVisualView *self = TSR_VISUAL_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (frame_clock);
  guint64 due;
  guint n = 0;
  const float *intensity;

  if (self->light_clock == NULL || self->scene == NULL)
    return G_SOURCE_CONTINUE;
  if (self->light_start == 0)
    self->light_start = now - (gint64) (tsr_visual_light_clock_get_tick (self->light_clock) * G_USEC_PER_SEC / 30);
  due = (guint64) ((now - self->light_start) * 30 / G_USEC_PER_SEC);
  if (due <= tsr_visual_light_clock_get_tick (self->light_clock))
    return G_SOURCE_CONTINUE;
  tsr_visual_light_clock_tick (self->light_clock, (guint) MIN (due - tsr_visual_light_clock_get_tick (self->light_clock), 300));
  intensity = tsr_visual_light_clock_get_intensities (self->light_clock, &n);
  tsr_visual_scene_set_lights (self->scene, intensity, n);
  self->lights_dirty = TRUE;
  queue_frame (self);
  return G_SOURCE_CONTINUE;
}

/* Ticking only while the lights run and the view is on screen. */
static void
lights_update_ticking (TsrVisualView *self)
{
  gboolean wanted = self->animate_lights && self->light_clock != NULL && gtk_widget_get_mapped (GTK_WIDGET (self));

  if (wanted && self->light_tick_id == 0)
    self->light_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_lights_tick, NULL, NULL);
  else if (!wanted)
    lights_stop_ticking (self);
}

gboolean
tsr_visual_view_get_animate_lights (TsrVisualView *self)
{
  g_return_val_if_fail (TSR_IS_VISUAL_VIEW (self), FALSE);
  return self->animate_lights;
}

void
tsr_visual_view_set_animate_lights (TsrVisualView *self,
                                    gboolean       animate)
{
  g_return_if_fail (TSR_IS_VISUAL_VIEW (self));

  animate = !!animate;
  if (self->animate_lights == animate)
    return;
  self->animate_lights = animate;
  /* Off: back to the lights' state at level start, as the build gives it. */
  lights_stop_ticking (self);
  g_clear_pointer (&self->light_clock, tsr_visual_light_clock_free);
  if (self->map != NULL)
    rebuild_scene (self);
  lights_update_ticking (self);
}

void
tsr_visual_view_set_textures (TsrVisualView       *self,
                              TsrMarathonTextures *textures)
{
  g_return_if_fail (TSR_IS_VISUAL_VIEW (self));

  if (g_set_object (&self->textures, textures))
    {
      self->textures_dirty = TRUE;
      /* The sprites come from the Shapes file too. */
      if (self->map != NULL)
        rebuild_scene (self);
      queue_frame (self);
    }
}

void
tsr_visual_view_set_texture (TsrVisualView *self,
                             guint16        descriptor)
{
  self->texture = descriptor;
}

const TsrVisualCamera *
tsr_visual_view_get_camera (TsrVisualView *self)
{
  return &self->camera;
}

void
tsr_visual_view_set_camera (TsrVisualView         *self,
                            const TsrVisualCamera *camera)
{
  self->camera = *camera;
  camera_changed (self);
}

double
tsr_visual_view_get_map_scale (TsrVisualView *self)
{
  g_return_val_if_fail (TSR_IS_VISUAL_VIEW (self), WORLD_ONE);
  return self->map_scale;
}

gboolean
tsr_visual_view_get_collision (TsrVisualView *self)
{
  g_return_val_if_fail (TSR_IS_VISUAL_VIEW (self), FALSE);
  return self->collision;
}

void
tsr_visual_view_set_collision (TsrVisualView *self,
                               gboolean       collision)
{
  g_return_if_fail (TSR_IS_VISUAL_VIEW (self));
  self->collision = collision;
}

void
tsr_visual_view_move_camera_to (TsrVisualView *self,
                                double         x,
                                double         y)
{
  gint polygon = self->map != NULL ? tsr_marathon_level_map_polygon_at (self->map, x, y) : -1;
  TsrMarathonPolygon *record = polygon >= 0
                               ? tsr_marathon_level_map_get_record (self->map, TSR_MARATHON_RECORD_POLYGON, (guint) polygon, NULL)
                               : NULL;

  self->camera.position[0] = (float) (x / self->map_scale);
  self->camera.position[1] = (float) (y / self->map_scale);
  if (record != NULL)
    self->camera.position[2] = (float) (record->floor_height / WORLD_ONE) + EYE_HEIGHT;
  else if (self->wolf3d_map != NULL)
    self->camera.position[2] = WOLF3D_EYE_HEIGHT;
  camera_changed (self);
}

/* The element SURFACE stands for in the 2D map's selection. */
static gboolean
surface_element (TsrVisualView          *self,
                 const TsrVisualSurface *surface,
                 TsrElementRef          *element)
{
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (self->map);

  switch (surface->part)
    {
    case TSR_VISUAL_PART_FLOOR:
    case TSR_VISUAL_PART_CEILING:
    case TSR_VISUAL_PART_LIQUID:
      element->kind = TSR_ELEMENT_POLYGON;
      element->index = (guint) surface->index;
      return TRUE;
    case TSR_VISUAL_PART_WALL_FULL:
    case TSR_VISUAL_PART_WALL_HIGH:
    case TSR_VISUAL_PART_WALL_LOW:
    case TSR_VISUAL_PART_WALL_TRANSPARENT:
      /* A side is shown through its line. */
      if (surface->detail < 0 || level->lines == NULL || (guint) surface->detail >= level->lines->len)
        return FALSE;
      element->kind = TSR_ELEMENT_SEGMENT;
      element->index = (guint) surface->detail;
      return TRUE;
    case TSR_VISUAL_PART_OBJECT:
      element->kind = TSR_ELEMENT_MARKER;
      element->index = tsr_marathon_level_map_object_marker (self->map, (guint) surface->index);
      return TRUE;
    default:
      return FALSE;
    }
}

const TsrVisualSurface *
tsr_visual_view_pick (TsrVisualView *self,
                      double         x,
                      double         y)
{
  float origin[3], direction[3];
  const TsrVisualSurface *hit;
  TsrElementRef element;

  if (self->scene == NULL)
    return NULL;
  tsr_visual_camera_ray (&self->camera, (guint) MAX (gtk_widget_get_width (self->area), 1),
                         (guint) MAX (gtk_widget_get_height (self->area), 1), x, y, origin, direction);
  hit = tsr_visual_scene_pick (self->scene, origin, direction, NULL);
  self->has_picked = hit != NULL;
  if (hit != NULL)
    self->picked = *hit;
  /* The renderer's state changes in its context only: on the next frame. */
  self->scene_dirty = TRUE;
  if (self->wolf3d_map != NULL && self->tile_tools != NULL)
    {
      /* The cell becomes the tile tools' selection, as the Select tool would make it. */
      TsrTileRect cell;

      tsr_tile_tools_set_selection (self->tile_tools,
                                    tsr_visual_wolf3d_surface_cell (self->scene, hit, &cell) ? &cell : NULL);
    }
  else if (self->session != NULL)
    {
      TsrSelection *selection = tsr_edit_session_get_selection (self->session);

      if (hit != NULL && surface_element (self, hit, &element))
        tsr_selection_set (selection, &element, 1);
      else
        tsr_selection_clear (selection);
    }
  queue_frame (self);
  return self->has_picked ? &self->picked : NULL;
}

const TsrVisualSurface *
tsr_visual_view_get_picked (TsrVisualView *self)
{
  return self->has_picked ? &self->picked : NULL;
}

static gboolean
execute (TsrVisualView         *self,
         TsrMarathonRecordKind  kind,
         guint                  index,
         gconstpointer          record,
         const char            *description)
{
  g_autoptr(TsrCommand) command = NULL;

  if (self->session == NULL)
    return FALSE;
  command = tsr_marathon_set_record_command_new (self->map, kind, index, record, description);
  if (command == NULL)
    return FALSE;
  tsr_edit_session_execute (self->session, command);
  return TRUE;
}

gboolean
tsr_visual_view_raise (TsrVisualView *self,
                       int            steps)
{
  TsrMarathonPolygon polygon, *stored;
  gboolean floor;
  int height;

  if (!self->has_picked || self->map == NULL
      || (self->picked.part != TSR_VISUAL_PART_FLOOR && self->picked.part != TSR_VISUAL_PART_CEILING))
    return FALSE;
  stored = tsr_marathon_level_map_get_record (self->map, TSR_MARATHON_RECORD_POLYGON, (guint) self->picked.index, NULL);
  if (stored == NULL)
    return FALSE;
  polygon = *stored;
  floor = self->picked.part == TSR_VISUAL_PART_FLOOR;
  height = (floor ? polygon.floor_height : polygon.ceiling_height) + steps * HEIGHT_STEP;
  if (height < G_MININT16 || height > G_MAXINT16)
    return FALSE;
  if (floor)
    polygon.floor_height = (gint16) height;
  else
    polygon.ceiling_height = (gint16) height;
  return execute (self, TSR_MARATHON_RECORD_POLYGON, (guint) self->picked.index, &polygon,
                  floor ? (steps > 0 ? _("Raise Floor") : _("Lower Floor"))
                        : (steps > 0 ? _("Raise Ceiling") : _("Lower Ceiling")));
}

static TsrMarathonSideTexture *
side_slot (TsrMarathonSide *side,
           guint8           slot,
           gint16         **transfer_mode)
{
  switch (slot)
    {
    case 1:
      *transfer_mode = &side->secondary_transfer_mode;
      return &side->secondary_texture;
    case 2:
      *transfer_mode = &side->transparent_transfer_mode;
      return &side->transparent_texture;
    default:
      *transfer_mode = &side->primary_transfer_mode;
      return &side->primary_texture;
    }
}

static gboolean
picked_is_side (TsrVisualView *self)
{
  return self->has_picked && self->picked.part >= TSR_VISUAL_PART_WALL_FULL
         && self->picked.part <= TSR_VISUAL_PART_WALL_TRANSPARENT
         && tsr_marathon_level_map_get_record (self->map, TSR_MARATHON_RECORD_SIDE, (guint) self->picked.index, NULL) != NULL
         && self->picked.index >= 0;
}

/* The picked Marathon surface as the surface edits name it (a wall only when it has a side). */
static gboolean
picked_surface (TsrVisualView      *self,
                TsrMarathonSurface *surface)
{
  if (!self->has_picked || self->map == NULL || self->picked.index < 0)
    return FALSE;
  surface->index = (guint) self->picked.index;
  surface->slot = self->picked.texture.slot;
  switch (self->picked.part)
    {
    case TSR_VISUAL_PART_FLOOR: surface->part = TSR_MARATHON_SURFACE_FLOOR; return TRUE;
    case TSR_VISUAL_PART_CEILING: surface->part = TSR_MARATHON_SURFACE_CEILING; return TRUE;
    case TSR_VISUAL_PART_WALL_FULL: surface->part = TSR_MARATHON_SURFACE_WALL_FULL; break;
    case TSR_VISUAL_PART_WALL_HIGH: surface->part = TSR_MARATHON_SURFACE_WALL_HIGH; break;
    case TSR_VISUAL_PART_WALL_LOW: surface->part = TSR_MARATHON_SURFACE_WALL_LOW; break;
    case TSR_VISUAL_PART_WALL_TRANSPARENT: surface->part = TSR_MARATHON_SURFACE_WALL_TRANSPARENT; break;
    default: return FALSE;
    }
  /* A wall with no side is drawn with its line's index: it has no texture to edit. */
  {
    TsrMarathonSide *side = tsr_marathon_level_map_get_record (self->map, TSR_MARATHON_RECORD_SIDE, surface->index, NULL);

    return side != NULL && side->line_index == self->picked.detail;
  }
}

static gboolean
execute_command (TsrVisualView *self,
                 TsrCommand    *command)
{
  if (command == NULL)
    return FALSE;
  if (self->session != NULL)
    tsr_edit_session_execute (self->session, command);
  g_object_unref (command);
  return self->session != NULL;
}

gboolean
tsr_visual_view_copy_style (TsrVisualView *self)
{
  TsrMarathonSurface surface;

  g_return_val_if_fail (TSR_IS_VISUAL_VIEW (self), FALSE);
  if (!picked_surface (self, &surface)
      || !tsr_marathon_surface_get_style (tsr_marathon_level_map_get_level (self->map), &surface, &self->copied))
    return FALSE;
  self->has_copied = TRUE;
  return TRUE;
}

gboolean
tsr_visual_view_paste_style (TsrVisualView *self)
{
  TsrMarathonSurface surface;

  g_return_val_if_fail (TSR_IS_VISUAL_VIEW (self), FALSE);
  if (!self->has_copied || !picked_surface (self, &surface))
    return FALSE;
  return execute_command (self, tsr_marathon_surface_paste_command_new (self->map, &surface, &self->copied));
}

gboolean
tsr_visual_view_auto_align (TsrVisualView *self)
{
  TsrMarathonSurface surface;

  g_return_val_if_fail (TSR_IS_VISUAL_VIEW (self), FALSE);
  if (!picked_surface (self, &surface) || surface.part < TSR_MARATHON_SURFACE_WALL_FULL)
    return FALSE;
  /* A wall picked: Ctrl+A is the align even when the run is aligned already. */
  execute_command (self, tsr_marathon_auto_align_command_new (self->map, &surface));
  return TRUE;
}

gboolean
tsr_visual_view_step_light (TsrVisualView *self,
                            int            steps)
{
  TsrMarathonSurface surface;

  g_return_val_if_fail (TSR_IS_VISUAL_VIEW (self), FALSE);
  if (!picked_surface (self, &surface))
    return FALSE;
  return execute_command (self, tsr_marathon_surface_light_command_new (self->map, &surface, steps));
}

gboolean
tsr_visual_view_apply_texture (TsrVisualView *self)
{
  if (self->has_picked && self->wolf3d_map != NULL && self->tile_tools != NULL)
    {
      /* Wolf3D: the tile tools' tile on their layer, at the picked cell. */
      TsrWolfDocument *document = tsr_wolf_level_map_get_document (self->wolf3d_map);
      g_autoptr(TsrCommand) command = NULL;

      if (document == NULL)
        return FALSE;
      command = tsr_visual_wolf3d_paint_command (TSR_TILE_MAP (self->wolf3d_map), self->scene, &self->picked,
                                                 tsr_tile_tools_get_layer (self->tile_tools),
                                                 tsr_tile_tools_get_tile (self->tile_tools));
      if (command == NULL)
        return FALSE;
      tsr_undo_stack_push (tsr_document_get_undo_stack (TSR_DOCUMENT (document)), command);
      return TRUE;
    }
  if (!self->has_picked || self->map == NULL || self->texture == 0xFFFF)
    return FALSE;
  if (self->picked.part == TSR_VISUAL_PART_FLOOR || self->picked.part == TSR_VISUAL_PART_CEILING)
    {
      TsrMarathonPolygon polygon = *(TsrMarathonPolygon *) tsr_marathon_level_map_get_record (
        self->map, TSR_MARATHON_RECORD_POLYGON, (guint) self->picked.index, NULL);

      if (self->picked.part == TSR_VISUAL_PART_FLOOR)
        polygon.floor_texture = (gint16) self->texture;
      else
        polygon.ceiling_texture = (gint16) self->texture;
      return execute (self, TSR_MARATHON_RECORD_POLYGON, (guint) self->picked.index, &polygon,
                      self->picked.part == TSR_VISUAL_PART_FLOOR ? _("Floor Texture") : _("Ceiling Texture"));
    }
  if (picked_is_side (self))
    {
      TsrMarathonSide side = *(TsrMarathonSide *) tsr_marathon_level_map_get_record (
        self->map, TSR_MARATHON_RECORD_SIDE, (guint) self->picked.index, NULL);
      gint16 *transfer_mode;

      side_slot (&side, self->picked.texture.slot, &transfer_mode)->texture = (gint16) self->texture;
      return execute (self, TSR_MARATHON_RECORD_SIDE, (guint) self->picked.index, &side, _("Wall Texture"));
    }
  return FALSE;
}

gboolean
tsr_visual_view_align (TsrVisualView *self,
                       int            dx,
                       int            dy)
{
  if (!self->has_picked || self->map == NULL)
    return FALSE;
  if (self->picked.part == TSR_VISUAL_PART_FLOOR || self->picked.part == TSR_VISUAL_PART_CEILING)
    {
      TsrMarathonPolygon polygon = *(TsrMarathonPolygon *) tsr_marathon_level_map_get_record (
        self->map, TSR_MARATHON_RECORD_POLYGON, (guint) self->picked.index, NULL);
      TsrMarathonPoint *origin = self->picked.part == TSR_VISUAL_PART_FLOOR ? &polygon.floor_origin : &polygon.ceiling_origin;

      origin->x = (gint16) CLAMP (origin->x + dx, G_MININT16, G_MAXINT16);
      origin->y = (gint16) CLAMP (origin->y + dy, G_MININT16, G_MAXINT16);
      return execute (self, TSR_MARATHON_RECORD_POLYGON, (guint) self->picked.index, &polygon, _("Align Texture"));
    }
  if (picked_is_side (self))
    {
      TsrMarathonSide side = *(TsrMarathonSide *) tsr_marathon_level_map_get_record (
        self->map, TSR_MARATHON_RECORD_SIDE, (guint) self->picked.index, NULL);
      gint16 *transfer_mode;
      TsrMarathonSideTexture *texture = side_slot (&side, self->picked.texture.slot, &transfer_mode);

      texture->x0 = (gint16) CLAMP (texture->x0 + dx, G_MININT16, G_MAXINT16);
      texture->y0 = (gint16) CLAMP (texture->y0 + dy, G_MININT16, G_MAXINT16);
      return execute (self, TSR_MARATHON_RECORD_SIDE, (guint) self->picked.index, &side, _("Align Texture"));
    }
  return FALSE;
}

const char *
tsr_visual_view_get_error (TsrVisualView *self)
{
  return self->error;
}

guint
tsr_visual_view_get_n_frames (TsrVisualView *self)
{
  return self->n_frames;
}

/* GObject ------------------------------------------------------------------------------------- */

static void
tsr_visual_view_dispose (GObject *object)
{
  TsrVisualView *self = TSR_VISUAL_VIEW (object);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  g_clear_handle_id (&self->notice_id, g_source_remove);
  lights_stop_ticking (self);
  g_clear_pointer (&self->light_clock, tsr_visual_light_clock_free);
  if (self->map != NULL)
    g_signal_handlers_disconnect_by_data (self->map, self);
  if (self->wolf3d_map != NULL)
    g_signal_handlers_disconnect_by_data (self->wolf3d_map, self);
  g_clear_object (&self->map);
  g_clear_object (&self->wolf3d_map);
  g_clear_object (&self->tile_tools);
  g_clear_object (&self->session);
  g_clear_object (&self->textures);
  /* Unparenting unrealizes the area: the renderer and the context go there (on_unrealize). */
  g_clear_pointer (&self->overlay, gtk_widget_unparent);
  self->area = NULL;
  G_OBJECT_CLASS (tsr_visual_view_parent_class)->dispose (object);
}

static void
tsr_visual_view_finalize (GObject *object)
{
  TsrVisualView *self = TSR_VISUAL_VIEW (object);

  g_clear_pointer (&self->scene, tsr_visual_scene_free);
  g_clear_pointer (&self->held, g_hash_table_unref);
  clear_frames (self);
  g_free (self->error);
  G_OBJECT_CLASS (tsr_visual_view_parent_class)->finalize (object);
}

/* The view takes the keys through its area. */
static gboolean
tsr_visual_view_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (TSR_VISUAL_VIEW (widget)->area);
}

static void
tsr_visual_view_class_init (TsrVisualViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tsr_visual_view_dispose;
  object_class->finalize = tsr_visual_view_finalize;
  widget_class->grab_focus = tsr_visual_view_grab_focus;
  /* "camera-changed": the camera moved or turned. */
  signals[CAMERA_CHANGED] = g_signal_new ("camera-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "visualview");
}

static void
tsr_visual_view_init (TsrVisualView *self)
{
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                                                | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->held = g_hash_table_new (NULL, NULL);
  self->texture = 0xFFFF;
  self->camera.fov = 75.0f;
  self->map_scale = WORLD_ONE;
  self->collision = TRUE;
  self->overlay = gtk_overlay_new ();
  gtk_widget_set_parent (self->overlay, GTK_WIDGET (self));
  self->area = g_object_new (TSR_TYPE_VISUAL_AREA, NULL);
  TSR_VISUAL_AREA (self->area)->view = self;
  gtk_widget_set_focusable (self->area, TRUE);
  gtk_widget_set_hexpand (self->area, TRUE);
  gtk_widget_set_vexpand (self->area, TRUE);
  gtk_overlay_set_child (GTK_OVERLAY (self->overlay), self->area);
  self->label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->label), TRUE);
  gtk_widget_set_valign (self->label, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (self->label, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->label, "osd");
  gtk_widget_set_visible (self->label, FALSE);
  gtk_overlay_add_overlay (GTK_OVERLAY (self->overlay), self->label);
  g_signal_connect_swapped (self->area, "realize", G_CALLBACK (on_realize), self);
  g_signal_connect_swapped (self->area, "unrealize", G_CALLBACK (on_unrealize), self);

  g_signal_connect_swapped (key, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (self, "map", G_CALLBACK (lights_update_ticking), NULL);
  g_signal_connect (self, "unmap", G_CALLBACK (lights_update_ticking), NULL);
  g_signal_connect_swapped (key, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (self->area, key);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_leave), self);
  gtk_widget_add_controller (self->area, focus);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (self->area, scroll);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (self->area, GTK_EVENT_CONTROLLER (drag));
}
