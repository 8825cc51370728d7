/* tsr-doom2d-panel-layer.c: the sky and the panels with their textures, drawn with cairo. Each
 * texture frame is one cairo surface, made once and used as a repeating pattern whose origin is the
 * panel's corner: pixman tiles it (nearest neighbour from 1:1 up, bilinear below), so a frame costs
 * one fill per visible panel. The special water textures are the game's filter (2 x colour x what
 * lies beneath), applied to the layer's picture in place (tsr_doom2d_liquid_filter).
 * Two caches keep frames cheap: the sky scaled to the map's size in view pixels (re-made when the
 * zoom changes), and the whole layer as drawn for the last viewport (a TsrCanvasPicture), kept
 * until the map changes (elements-changed, an update), an animation steps, a category is shown or
 * hidden, or the zoom changes: a frame that only redraws the selection, a tool's overlay or the
 * trigger lines blits it, and a pan by whole view pixels draws only the strips it uncovers. */
#include "views/doom2d/tsr-doom2d-panel-layer.h"

#include <math.h>
#include <string.h>

#include "formats/doom2d/tsr-doom2d-render.h"
#include "views/doom2d/tsr-doom2d-textures.h"
#include "views/tsr-canvas-picture.h"
#include "views/tsr-image-texture.h"

/* An animation step names at most this many panels one by one (tsr_doom2d_panel_layer_set_tick). */
#define MAX_NAMED_PANELS 64

/* One texture as the layer draws it. */
typedef struct {
  const TsrDoom2dCachedTexture *entry;  /* the cache's (transfer none) */
  cairo_pattern_t             **frames; /* n_frames repeating patterns; NULL without a picture */
  guint                         n_frames;
  guint                         frame;  /* shown now */
  gboolean                      drawn;  /* a panel of it is in the layer's drawn frame */
  gboolean                      stepped; /* its frame changed at the last tick, drawn */
  guint                         width;  /* of a frame */
  guint                         height;
} LayerTexture;

struct _TsrDoom2dPanelLayer {
  GObject                parent_instance;
  TsrDoom2dDocument     *document;
  TsrDoom2dTextureCache *cache;
  GHashTable            *textures;  /* const TsrDoom2dCachedTexture * -> LayerTexture * */
  GPtrArray             *by_record; /* texture record index -> LayerTexture * (borrowed) */
  gboolean               stale;
  LayerTexture          *sky;       /* borrowed from TEXTURES, or NULL */
  guint64                tick;
  guint                  n_drawn;
  guint                  n_animated_drawn; /* panels of animated textures in the drawn frame */
  cairo_surface_t       *sky_surface; /* the sky at SKY_WIDTH x SKY_HEIGHT view pixels, or NULL */
  int                    sky_width;
  int                    sky_height;
  TsrCanvasPicture      *frame;       /* the layer as drawn for its viewport, or NULL */
  cairo_rectangle_int_t  frame_extents; /* what of FRAME was drawn on, in view pixels (the blit) */
  cairo_rectangle_int_t  frame_opaque;  /* the map's area in it, opaque (copied, not blended) */
  gboolean               frame_visible[TSR_DOOM2D_N_CATEGORIES];
  gulong                 changed_handler;
  int                    alpha_field;
  int                    flags_field;
};

static void tsr_doom2d_panel_layer_iface_init (TsrCanvasLayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrDoom2dPanelLayer, tsr_doom2d_panel_layer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_CANVAS_LAYER, tsr_doom2d_panel_layer_iface_init))

static void
layer_texture_free (gpointer data)
{
  LayerTexture *texture = data;

  for (guint i = 0; i < texture->n_frames; i++)
    cairo_pattern_destroy (texture->frames[i]);
  g_free (texture->frames);
  g_free (texture);
}

/* The layer's texture for PATH: resolved, decoded and cut into frames once. */
static LayerTexture *
texture_for_path (TsrDoom2dPanelLayer *self,
                  const char          *path)
{
  const TsrDoom2dCachedTexture *entry = tsr_doom2d_texture_cache_get (self->cache, path != NULL ? path : "");
  LayerTexture *texture = g_hash_table_lookup (self->textures, entry);
  guint n;

  if (texture != NULL)
    return texture;
  texture = g_new0 (LayerTexture, 1);
  texture->entry = entry;
  g_hash_table_insert (self->textures, (gpointer) entry, texture);
  if (entry->image == NULL)
    return texture;
  n = entry->texture->animated ? MAX (entry->texture->frame_count, 1) : 1;
  texture->frames = g_new0 (cairo_pattern_t *, n);
  for (guint f = 0; f < n; f++)
    {
      g_autoptr(TsrImage) part = tsr_doom2d_texture_crop_frame (entry, f);
      cairo_surface_t *surface;

      if (part == NULL)
        break;
      if (f == 0)
        texture->width = part->width, texture->height = part->height;
      surface = tsr_image_cairo_surface_new (part);
      texture->frames[f] = cairo_pattern_create_for_surface (surface);
      cairo_surface_destroy (surface);
      cairo_pattern_set_extend (texture->frames[f], CAIRO_EXTEND_REPEAT);
      texture->n_frames = f + 1;
    }
  if (texture->n_frames == 0)
    g_clear_pointer (&texture->frames, g_free);
  texture->frame = texture->n_frames > 1 ? tsr_doom2d_texture_frame_at (entry->texture, self->tick) % texture->n_frames : 0;
  return texture;
}

static void
refresh_records (TsrDoom2dPanelLayer *self)
{
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (self->document);
  guint n = map != NULL ? tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE) : 0;
  const char *sky;

  if (!self->stale && self->by_record->len == n)
    return;
  g_ptr_array_set_size (self->by_record, 0);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->by_record,
                     texture_for_path (self, tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, i)->values[TSR_DOOM2D_TEXTURE_PATH].text));
  sky = map != NULL ? map->header->values[TSR_DOOM2D_HEADER_SKY].text : NULL;
  self->sky = sky != NULL && *sky != '\0' ? texture_for_path (self, sky) : NULL;
  self->stale = FALSE;
}

static LayerTexture *
record_texture (TsrDoom2dPanelLayer *self,
                gint64               index)
{
  return index >= 0 && (guint64) index < self->by_record->len ? g_ptr_array_index (self->by_record, (guint) index) : NULL;
}

/* --- Drawing --- */

static TsrLayerKind
panel_layer_get_kind (TsrCanvasLayer *layer)
{
  return TSR_LAYER_KIND_VECTOR;
}

static void
panel_layer_get_bounds (TsrCanvasLayer  *layer,
                        TsrVectorBounds *bounds)
{
  /* The map layer below gives the map's area; panels outside it are the vector layer's bounds. */
  tsr_vector_bounds_init_empty (bounds);
}

static void
set_pattern_origin (cairo_pattern_t *pattern,
                    double           x,
                    double           y,
                    double           zoom)
{
  cairo_matrix_t matrix;

  /* User space (view pixels) to the texture's pixels: the panel's corner is the texture's (0, 0). */
  cairo_matrix_init_scale (&matrix, 1 / zoom, 1 / zoom);
  cairo_matrix_translate (&matrix, -x, -y);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_pattern_set_filter (pattern, zoom >= 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR);
}

/* Above this many view pixels the sky is scaled on every frame instead of kept. */
#define SKY_CACHE_MAX_PIXELS (2560 * 2560)

/* The map's area in whole view pixels, clipped to the view (what the background and the sky fill). */
static cairo_rectangle_int_t
map_area (const TsrMapViewport *viewport,
          double                map_w,
          double                map_h)
{
  double x0, y0, x1, y1;

  tsr_map_viewport_to_view (viewport, 0, 0, &x0, &y0);
  tsr_map_viewport_to_view (viewport, map_w, map_h, &x1, &y1);
  x0 = MAX (round (x0), 0), y0 = MAX (round (y0), 0);
  x1 = MIN (round (x1), viewport->width), y1 = MIN (round (y1), viewport->height);
  return (cairo_rectangle_int_t) { (int) x0, (int) y0, (int) MAX (x1 - x0, 0), (int) MAX (y1 - y0, 0) };
}

/* Makes the sky's kept picture for the map's size in view pixels if it fits the cache; TRUE when
 * the sky will be that opaque picture (so nothing beneath it needs painting). */
static gboolean
prepare_sky (TsrDoom2dPanelLayer  *self,
             const TsrMapViewport *viewport,
             double                map_w,
             double                map_h)
{
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;
  double x0, y0, x1, y1;
  int w, h;

  if (self->sky == NULL || self->sky->n_frames == 0 || map_w <= 0 || map_h <= 0)
    return FALSE;
  pattern = self->sky->frames[0];
  tsr_map_viewport_to_view (viewport, 0, 0, &x0, &y0);
  tsr_map_viewport_to_view (viewport, map_w, map_h, &x1, &y1);
  w = (int) (round (x1) - round (x0)), h = (int) (round (y1) - round (y0));
  if (w <= 0 || h <= 0)
    return FALSE;
  if ((self->sky_surface == NULL || self->sky_width != w || self->sky_height != h)
      && (gint64) w * h <= SKY_CACHE_MAX_PIXELS)
    {
      cairo_t *sky_cr;

      g_clear_pointer (&self->sky_surface, cairo_surface_destroy);
      /* Opaque (RGB24), so blitting it is a copy. */
      self->sky_surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
      self->sky_width = w, self->sky_height = h;
      sky_cr = cairo_create (self->sky_surface);
      /* Stretched over the whole map, as the CLI render does. */
      cairo_matrix_init_scale (&matrix, self->sky->width / (double) w, self->sky->height / (double) h);
      cairo_pattern_set_matrix (pattern, &matrix);
      cairo_pattern_set_filter (pattern, CAIRO_FILTER_GOOD);
      cairo_pattern_set_extend (pattern, CAIRO_EXTEND_PAD);
      cairo_set_source (sky_cr, pattern);
      cairo_paint (sky_cr);
      cairo_destroy (sky_cr);
      cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
    }
  return self->sky_surface != NULL && self->sky_width == w && self->sky_height == h;
}

/* The sky stretched over the map's area: the kept picture prepare_sky made, else the texture
 * scaled as it is drawn. */
static void
draw_sky (TsrDoom2dPanelLayer  *self,
          cairo_t              *cr,
          const TsrMapViewport *viewport,
          double                map_w,
          double                map_h,
          gboolean              prepared)
{
  cairo_rectangle_int_t area = map_area (viewport, map_w, map_h);
  cairo_matrix_t matrix;
  double x0, y0, x1, y1;

  if (self->sky == NULL || self->sky->n_frames == 0 || area.width <= 0 || area.height <= 0)
    return;
  tsr_map_viewport_to_view (viewport, 0, 0, &x0, &y0);
  tsr_map_viewport_to_view (viewport, map_w, map_h, &x1, &y1);
  x0 = round (x0), y0 = round (y0), x1 = round (x1), y1 = round (y1);
  if (prepared)
    cairo_set_source_surface (cr, self->sky_surface, x0, y0);
  else
    {
      cairo_pattern_t *pattern = self->sky->frames[0];

      cairo_matrix_init_scale (&matrix, self->sky->width / (x1 - x0), self->sky->height / (y1 - y0));
      cairo_matrix_translate (&matrix, -x0, -y0);
      cairo_pattern_set_matrix (pattern, &matrix);
      cairo_pattern_set_filter (pattern, CAIRO_FILTER_BILINEAR);
      cairo_set_source (cr, pattern);
    }
  cairo_rectangle (cr, area.x, area.y, area.width, area.height);
  cairo_fill (cr);
}

/* The game's liquid filter (2 x colour x what lies beneath) on the layer's own picture, the target
 * of CR (an image surface; what is beneath is already in it), over the view rectangle X0..X1 x
 * Y0..Y1 in whole pixels, within CR's clip (the pixels being drawn again; the rest are filtered
 * already). */
static void
draw_filter (cairo_t                *cr,
             double                  x0,
             double                  y0,
             double                  x1,
             double                  y1,
             TsrDoom2dSpecialTexture special)
{
  cairo_surface_t *target = cairo_get_target (cr);
  double cx0, cy0, cx1, cy1;
  int width = cairo_image_surface_get_width (target), height = cairo_image_surface_get_height (target);
  int px0, py0, px1, py1;

  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
  x0 = MAX (x0, floor (cx0)), y0 = MAX (y0, floor (cy0)), x1 = MIN (x1, ceil (cx1)), y1 = MIN (y1, ceil (cy1));
  /* The picture's user space is translated (its origin, tsr_canvas_picture_draw): its pixels by
   * the device coordinates; the clip keeps the rectangle within the surface. */
  cairo_user_to_device (cr, &x0, &y0);
  cairo_user_to_device (cr, &x1, &y1);
  px0 = (int) CLAMP (round (x0), 0, width), py0 = (int) CLAMP (round (y0), 0, height);
  px1 = (int) CLAMP (round (x1), 0, width), py1 = (int) CLAMP (round (y1), 0, height);
  if (px1 <= px0 || py1 <= py0)
    return;
  cairo_surface_flush (target);
  tsr_doom2d_liquid_filter (cairo_image_surface_get_data (target) + (gsize) py0 * cairo_image_surface_get_stride (target) + (gsize) px0 * 4,
                            (gsize) cairo_image_surface_get_stride (target), (guint) (px1 - px0), (guint) (py1 - py0),
                            TSR_DOOM2D_PIXELS_ARGB32, special);
  cairo_surface_mark_dirty_rectangle (target, px0, py0, px1 - px0, py1 - py0);
}

/* How PANEL is drawn: FALSE for a liquid's filter (*TEXTURE its texture); else TRUE with *TEXTURE
 * the texture tiled over it (NULL: a plain colour) and W x H the map units it covers (the game
 * draws whole tiles only: size div texture size of them). */
static gboolean
panel_look (TsrDoom2dPanelLayer    *self,
            const TsrDoom2dRecord  *panel,
            LayerTexture          **texture,
            gint64                 *w,
            gint64                 *h)
{
  gint64 type = panel->values[TSR_DOOM2D_PANEL_TYPE].v[0];
  const gint64 *size = panel->values[TSR_DOOM2D_PANEL_SIZE].v;

  *texture = record_texture (self, panel->values[TSR_DOOM2D_PANEL_TEXTURE].v[0]);
  *w = size[0], *h = size[1];
  if (*texture != NULL && (*texture)->entry->special != TSR_DOOM2D_SPECIAL_NONE
      && (type & (TSR_DOOM2D_PANEL_WATER | TSR_DOOM2D_PANEL_ACID1 | TSR_DOOM2D_PANEL_ACID2)))
    return FALSE;
  if (*texture != NULL && (*texture)->n_frames > 0 && *w >= (*texture)->width && *h >= (*texture)->height)
    {
      *w = *w / (*texture)->width * (*texture)->width;
      *h = *h / (*texture)->height * (*texture)->height;
    }
  else
    *texture = NULL;
  return TRUE;
}

/* A textured panel's opacity (its alpha field). */
static double
panel_opacity (TsrDoom2dPanelLayer   *self,
               const TsrDoom2dRecord *panel)
{
  return self->alpha_field >= 0 ? (255 - CLAMP (panel->values[self->alpha_field].v[0], 0, 255)) / 255.0 : 1;
}

static void
draw_panel (TsrDoom2dPanelLayer  *self,
            cairo_t              *cr,
            const TsrMapViewport *viewport,
            guint                 index,
            const TsrDoom2dRecord *panel)
{
  const gint64 *at = panel->values[TSR_DOOM2D_PANEL_POSITION].v;
  LayerTexture *texture;
  double cx, cy, x0, y0, x1, y1;
  gint64 w, h;
  double opacity;

  tsr_map_viewport_to_view (viewport, (double) at[0], (double) at[1], &cx, &cy);
  if (!panel_look (self, panel, &texture, &w, &h))
    {
      tsr_map_viewport_to_view (viewport, (double) (at[0] + w), (double) (at[1] + h), &x1, &y1);
      draw_filter (cr, round (cx), round (cy), round (x1), round (y1), texture->entry->special);
      return;
    }
  tsr_map_viewport_to_view (viewport, (double) (at[0] + w), (double) (at[1] + h), &x1, &y1);
  x0 = round (cx), y0 = round (cy), x1 = round (x1), y1 = round (y1);
  if (x1 <= x0)
    x1 = x0 + 1;
  if (y1 <= y0)
    y1 = y0 + 1;
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  if (texture == NULL)
    {
      double rgba[4];

      tsr_doom2d_document_get_record_color (self->document, TSR_DOOM2D_KIND_PANEL, index, rgba);
      cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
      cairo_fill (cr);
      return;
    }
  opacity = panel_opacity (self, panel);
  if (opacity <= 0)
    {
      cairo_new_path (cr);
      return;
    }
  set_pattern_origin (texture->frames[texture->frame], cx, cy, viewport->zoom);
  cairo_set_source (cr, texture->frames[texture->frame]);
  if (self->flags_field >= 0 && (panel->values[self->flags_field].v[0] & TSR_DOOM2D_PANEL_FLAG_BLENDING))
    cairo_set_operator (cr, CAIRO_OPERATOR_ADD);
  if (opacity >= 1)
    cairo_fill (cr);
  else
    {
      /* Through a mask of the panel's rectangle at OPACITY, not a clip (no clipped commands in the
       * canvas's recording: see tsr-map-canvas.c): one pixel, scaled over it, nearest. */
      cairo_surface_t *pixel = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
      cairo_pattern_t *mask;
      cairo_matrix_t matrix;

      *cairo_image_surface_get_data (pixel) = (unsigned char) lround (opacity * 255);
      cairo_surface_mark_dirty (pixel);
      mask = cairo_pattern_create_for_surface (pixel);
      cairo_surface_destroy (pixel);
      cairo_pattern_set_filter (mask, CAIRO_FILTER_NEAREST);
      cairo_matrix_init_scale (&matrix, 1 / (x1 - x0), 1 / (y1 - y0));
      cairo_matrix_translate (&matrix, -x0, -y0);
      cairo_pattern_set_matrix (mask, &matrix);
      cairo_new_path (cr);
      cairo_mask (cr, mask);
      cairo_pattern_destroy (mask);
    }
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
}

static void draw_layer (TsrDoom2dPanelLayer  *self,
                        cairo_t              *cr,
                        const TsrMapViewport *viewport,
                        TsrDoom2dMap         *map,
                        const gboolean       *visible);

/* The part of the view the layer drew on: the map's area and every panel drawn (panels may lie
 * outside the map), in whole view pixels, clipped to the view. */
static void
frame_extents (TsrDoom2dPanelLayer  *self,
               const TsrMapViewport *viewport)
{
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (self->document);
  double map_w = (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0];
  double map_h = (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1];
  double x0, y0, x1, y1;
  GPtrArray *panels = map->records[TSR_DOOM2D_KIND_PANEL];

  tsr_map_viewport_to_view (viewport, 0, 0, &x0, &y0);
  tsr_map_viewport_to_view (viewport, map_w, map_h, &x1, &y1);
  for (guint i = 0; i < panels->len; i++)
    {
      const TsrDoom2dRecord *panel = g_ptr_array_index (panels, i);
      const gint64 *at = panel->values[TSR_DOOM2D_PANEL_POSITION].v;
      const gint64 *size = panel->values[TSR_DOOM2D_PANEL_SIZE].v;
      double px0, py0, px1, py1;

      tsr_map_viewport_to_view (viewport, (double) at[0], (double) at[1], &px0, &py0);
      tsr_map_viewport_to_view (viewport, (double) (at[0] + size[0]), (double) (at[1] + size[1]), &px1, &py1);
      /* A panel of no size is drawn one pixel wide. */
      x0 = MIN (x0, px0), y0 = MIN (y0, py0), x1 = MAX (x1, MAX (px1, px0 + 1)), y1 = MAX (y1, MAX (py1, py0 + 1));
    }
  /* The map's area as draw_layer filled it, opaque. */
  self->frame_opaque = map_area (viewport, map_w, map_h);
  x0 = MAX (floor (x0) - 1, 0), y0 = MAX (floor (y0) - 1, 0);
  x1 = MIN (ceil (x1) + 1, viewport->width), y1 = MIN (ceil (y1) + 1, viewport->height);
  self->frame_extents.x = (int) x0;
  self->frame_extents.y = (int) y0;
  self->frame_extents.width = (int) MAX (x1 - x0, 0);
  self->frame_extents.height = (int) MAX (y1 - y0, 0);
}

/* Which panels the view shows (n_drawn) and which of them show an animated texture (the
 * textures' drawn, n_animated_drawn): what an animation step must draw again. Counted over the
 * whole view, whatever part of it was drawn. */
static void
count_shown (TsrDoom2dPanelLayer  *self,
             const TsrMapViewport *viewport,
             TsrDoom2dMap         *map,
             const gboolean       *visible)
{
  double left = viewport->x, top = viewport->y;
  double right = left + viewport->width / viewport->zoom, bottom = top + viewport->height / viewport->zoom;
  GPtrArray *panels = map->records[TSR_DOOM2D_KIND_PANEL];
  GHashTableIter iter;
  LayerTexture *texture;

  self->n_drawn = 0;
  self->n_animated_drawn = 0;
  g_hash_table_iter_init (&iter, self->textures);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &texture))
    texture->drawn = FALSE;
  for (guint i = 0; i < panels->len; i++)
    {
      const TsrDoom2dRecord *panel = g_ptr_array_index (panels, i);
      gint64 type = panel->values[TSR_DOOM2D_PANEL_TYPE].v[0];
      const gint64 *at = panel->values[TSR_DOOM2D_PANEL_POSITION].v;
      const gint64 *size = panel->values[TSR_DOOM2D_PANEL_SIZE].v;
      gint64 w, h;

      if (!visible[tsr_doom2d_panel_category (type)])
        continue;
      if ((double) (at[0] + size[0]) < left || (double) at[0] > right
          || (double) (at[1] + size[1]) < top || (double) at[1] > bottom)
        continue;
      self->n_drawn++;
      if (panel_look (self, panel, &texture, &w, &h) && texture != NULL && texture->n_frames > 1
          && panel_opacity (self, panel) > 0)
        {
          texture->drawn = TRUE;
          self->n_animated_drawn++;
        }
    }
}

typedef struct {
  TsrDoom2dPanelLayer  *self;
  const TsrMapViewport *viewport;
  TsrDoom2dMap         *map;
  const gboolean       *visible;
} FrameDraw;

static void
draw_frame_part (cairo_t *cr,
                 gpointer user_data)
{
  FrameDraw *draw = user_data;

  draw_layer (draw->self, cr, draw->viewport, draw->map, draw->visible);
}

static gboolean
panel_layer_draw (TsrCanvasLayer       *layer,
                  cairo_t              *cr,
                  const TsrMapViewport *viewport)
{
  TsrDoom2dPanelLayer *self = TSR_DOOM2D_PANEL_LAYER (layer);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (self->document);
  gboolean visible[TSR_DOOM2D_N_CATEGORIES];

  if (map == NULL || viewport->width <= 0 || viewport->height <= 0)
    return TRUE;
  refresh_records (self);
  for (guint c = 0; c < TSR_DOOM2D_N_CATEGORIES; c++)
    visible[c] = tsr_doom2d_document_get_category_visible (self->document, c);
  if (self->frame == NULL)
    self->frame = tsr_canvas_picture_new (CAIRO_FORMAT_ARGB32);
  if (memcmp (self->frame_visible, visible, sizeof visible) != 0)
    {
      tsr_canvas_picture_invalidate (self->frame, NULL, 0);
      memcpy (self->frame_visible, visible, sizeof visible);
    }
  tsr_canvas_picture_move_to (self->frame, viewport);
  if (tsr_canvas_picture_is_dirty (self->frame))
    {
      FrameDraw draw = { self, viewport, map, visible };

      tsr_canvas_picture_draw (self->frame, draw_frame_part, &draw);
      frame_extents (self, viewport);
      count_shown (self, viewport, map, visible);
    }
  if (self->frame_extents.width <= 0 || self->frame_extents.height <= 0)
    return TRUE;
  /* Only what was drawn on: at fit the map is a part of the view, and a blit is per pixel. The
   * map's area is opaque in the frame (its background is painted first): a copy there; over what
   * lies below only for panels outside it. */
  cairo_save (cr);
  if (self->frame_opaque.width > 0 && self->frame_opaque.height > 0)
    {
      cairo_region_t *rest = cairo_region_create_rectangle (&self->frame_extents);

      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      tsr_canvas_picture_paint (self->frame, cr, &self->frame_opaque);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      cairo_region_subtract_rectangle (rest, &self->frame_opaque);
      for (int r = 0; r < cairo_region_num_rectangles (rest); r++)
        {
          cairo_rectangle_int_t rect;

          cairo_region_get_rectangle (rest, r, &rect);
          tsr_canvas_picture_paint (self->frame, cr, &rect);
        }
      cairo_region_destroy (rest);
    }
  else
    tsr_canvas_picture_paint (self->frame, cr, &self->frame_extents);
  cairo_restore (cr);
  return TRUE;
}

/* The map's area: its background or the sky, opaque (draw_layer). */
static void
panel_layer_get_opaque_area (TsrCanvasLayer        *layer,
                             const TsrMapViewport  *viewport,
                             cairo_rectangle_int_t *area)
{
  TsrDoom2dPanelLayer *self = TSR_DOOM2D_PANEL_LAYER (layer);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (self->document);

  if (map == NULL || viewport->width <= 0 || viewport->height <= 0)
    return;
  *area = map_area (viewport, (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0],
                    (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1]);
}

/* Everything the layer draws: the map's background where no sky covers it, the sky, the panels. */
static void
draw_layer (TsrDoom2dPanelLayer  *self,
            cairo_t              *cr,
            const TsrMapViewport *viewport,
            TsrDoom2dMap         *map,
            const gboolean       *visible)
{
  double map_w = (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0];
  double map_h = (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1];
  cairo_rectangle_int_t area = map_area (viewport, map_w, map_h);
  gboolean sky_prepared = prepare_sky (self, viewport, map_w, map_h);
  double left, top, right, bottom;
  GPtrArray *panels;

  /* Only the panels over the clip (a pan draws strips), widened by a view pixel for the rounding
   * of panels' edges and the pixel a panel of no size is drawn. */
  cairo_clip_extents (cr, &left, &top, &right, &bottom);
  left = viewport->x + (left - 1) / viewport->zoom, top = viewport->y + (top - 1) / viewport->zoom;
  right = viewport->x + (right + 1) / viewport->zoom, bottom = viewport->y + (bottom + 1) / viewport->zoom;
  cairo_save (cr);
  /* The liquids' filter reads what lies beneath: the map's background (as the map layer paints
   * it) must be in this surface too, unless the kept sky covers it opaque. */
  if (!sky_prepared && area.width > 0 && area.height > 0)
    {
      cairo_rectangle (cr, area.x, area.y, area.width, area.height);
      cairo_set_source_rgb (cr, 0.063, 0.063, 0.094);
      cairo_fill (cr);
    }
  draw_sky (self, cr, viewport, map_w, map_h, sky_prepared);
  panels = map->records[TSR_DOOM2D_KIND_PANEL];
  for (int order = 0; order < TSR_DOOM2D_N_DRAW_LAYERS; order++)
    for (guint i = 0; i < panels->len; i++)
      {
        const TsrDoom2dRecord *panel = g_ptr_array_index (panels, i);
        gint64 type = panel->values[TSR_DOOM2D_PANEL_TYPE].v[0];
        const gint64 *at = panel->values[TSR_DOOM2D_PANEL_POSITION].v;
        const gint64 *size = panel->values[TSR_DOOM2D_PANEL_SIZE].v;

        if (tsr_doom2d_panel_draw_layer (type) != order || !visible[tsr_doom2d_panel_category (type)])
          continue;
        if ((double) (at[0] + size[0]) < left || (double) at[0] > right
            || (double) (at[1] + size[1]) < top || (double) at[1] > bottom)
          continue;
        draw_panel (self, cr, viewport, i, panel);
      }
  cairo_restore (cr);
}

static gboolean
frame_valid (TsrDoom2dPanelLayer *self)
{
  return self->frame != NULL && tsr_canvas_picture_is_valid (self->frame);
}

/* The drawn frame no longer shows the map. */
static void
drop_frame (TsrDoom2dPanelLayer *self)
{
  if (self->frame != NULL)
    tsr_canvas_picture_invalidate (self->frame, NULL, 0);
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}

static void
on_elements_changed (TsrVectorMap        *map,
                     gpointer             elements,
                     guint                n_elements,
                     guint                flags,
                     TsrDoom2dPanelLayer *self)
{
  drop_frame (self);
}

static void
tsr_doom2d_panel_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_kind = panel_layer_get_kind;
  iface->get_bounds = panel_layer_get_bounds;
  iface->draw = panel_layer_draw;
  iface->get_opaque_area = panel_layer_get_opaque_area;
}

/* --- Object --- */

static void
tsr_doom2d_panel_layer_finalize (GObject *object)
{
  TsrDoom2dPanelLayer *self = TSR_DOOM2D_PANEL_LAYER (object);

  g_clear_signal_handler (&self->changed_handler, self->document);
  g_clear_pointer (&self->frame, tsr_canvas_picture_free);
  g_clear_pointer (&self->sky_surface, cairo_surface_destroy);
  g_clear_pointer (&self->by_record, g_ptr_array_unref);
  g_clear_pointer (&self->textures, g_hash_table_unref);
  /* The cache borrows the document's archive: free it first. */
  g_clear_pointer (&self->cache, tsr_doom2d_texture_cache_free);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (tsr_doom2d_panel_layer_parent_class)->finalize (object);
}

static void
tsr_doom2d_panel_layer_class_init (TsrDoom2dPanelLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_doom2d_panel_layer_finalize;
}

static void
tsr_doom2d_panel_layer_init (TsrDoom2dPanelLayer *self)
{
  const TsrFieldTable *table = &tsr_doom2d_record_type (TSR_DOOM2D_KIND_PANEL)->table;

  self->textures = g_hash_table_new_full (NULL, NULL, NULL, layer_texture_free);
  self->by_record = g_ptr_array_new ();
  self->stale = TRUE;
  self->alpha_field = tsr_field_table_find (table, "alpha");
  self->flags_field = tsr_field_table_find (table, "flags");
}

TsrDoom2dPanelLayer *
tsr_doom2d_panel_layer_new (TsrDoom2dDocument *document,
                            const char *const *search)
{
  TsrDoom2dPanelLayer *self;
  TsrDoom2dFile *file;
  g_autoptr(GStrvBuilder) places = g_strv_builder_new ();
  g_auto(GStrv) folders = NULL;
  g_auto(GStrv) all = NULL;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (document), NULL);

  self = g_object_new (TSR_TYPE_DOOM2D_PANEL_LAYER, NULL);
  self->document = g_object_ref (document);
  self->changed_handler = g_signal_connect (document, "elements-changed", G_CALLBACK (on_elements_changed), self);
  file = tsr_doom2d_document_get_file (document);
  folders = tsr_doom2d_file_game_folders (file);
  if (search != NULL)
    g_strv_builder_addv (places, (const char **) search);
  g_strv_builder_addv (places, (const char **) folders);
  all = g_strv_builder_end (places);
  self->cache = tsr_doom2d_texture_cache_new_gdk (tsr_doom2d_resources_new ((const char *const *) all, file->wad));
  return self;
}

TsrDoom2dTextureCache *
tsr_doom2d_panel_layer_get_cache (TsrDoom2dPanelLayer *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_PANEL_LAYER (self), NULL);
  return self->cache;
}

void
tsr_doom2d_panel_layer_update (TsrDoom2dPanelLayer *self)
{
  g_return_if_fail (TSR_IS_DOOM2D_PANEL_LAYER (self));
  self->stale = TRUE;
  g_clear_pointer (&self->sky_surface, cairo_surface_destroy);
  drop_frame (self);
}

gboolean
tsr_doom2d_panel_layer_set_tick (TsrDoom2dPanelLayer *self,
                                 guint64              tick)
{
  GHashTableIter iter;
  LayerTexture *texture;
  gboolean changed = FALSE, whole = !frame_valid (self);
  const TsrMapViewport *view;
  GPtrArray *panels;
  TsrVectorBounds area;

  g_return_val_if_fail (TSR_IS_DOOM2D_PANEL_LAYER (self), FALSE);
  if (tick == self->tick)
    return FALSE;
  self->tick = tick;
  g_hash_table_iter_init (&iter, self->textures);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &texture))
    {
      texture->stepped = FALSE;
      if (texture->n_frames > 1)
        {
          guint frame = tsr_doom2d_texture_frame_at (texture->entry->texture, tick) % texture->n_frames;

          /* Only what the view shows is drawn again; the others show their frame when they come
           * into view (in a strip a pan uncovers, or a new view drawn whole). */
          texture->stepped = frame != texture->frame && (texture->drawn || whole);
          changed |= texture->stepped;
          texture->frame = frame;
        }
    }
  if (!changed || whole)
    {
      if (changed)
        drop_frame (self);
      return changed;
    }
  /* Only where the panels of those textures lie in the view: a panel draws inside its rectangle
   * (rounded to whole view pixels), so the frame is drawn again there, and the layers above it
   * only there, each panel named on its own (animated panels lie all over a map: their union is
   * most of it). Beyond MAX_NAMED_PANELS, their union. */
  view = tsr_canvas_picture_get_viewport (self->frame);
  tsr_vector_bounds_init_empty (&area);
  panels = tsr_doom2d_document_get_map (self->document)->records[TSR_DOOM2D_KIND_PANEL];
  for (guint i = 0, named = 0; i < panels->len; i++)
    {
      const TsrDoom2dRecord *panel = g_ptr_array_index (panels, i);
      const gint64 *at = panel->values[TSR_DOOM2D_PANEL_POSITION].v;
      const gint64 *size = panel->values[TSR_DOOM2D_PANEL_SIZE].v;
      TsrVectorBounds one;

      texture = record_texture (self, panel->values[TSR_DOOM2D_PANEL_TEXTURE].v[0]);
      if (texture == NULL || !texture->stepped || (double) (at[0] + size[0]) < view->x
          || (double) (at[1] + size[1]) < view->y || (double) at[0] > view->x + view->width / view->zoom
          || (double) at[1] > view->y + view->height / view->zoom)
        continue;
      one = tsr_vector_bounds_from_corners ((double) at[0], (double) at[1], (double) (at[0] + size[0]),
                                            (double) (at[1] + size[1]));
      tsr_canvas_picture_invalidate (self->frame, &one, TSR_DOOM2D_PANEL_LAYER_REACH);
      if (++named <= MAX_NAMED_PANELS)
        tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), &one);
      else
        tsr_vector_bounds_union (&area, &one);
    }
  if (!tsr_vector_bounds_is_empty (&area))
    tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), &area);
  return TRUE;
}

gboolean
tsr_doom2d_panel_layer_shows_animations (TsrDoom2dPanelLayer *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_PANEL_LAYER (self), FALSE);
  return !frame_valid (self) || self->n_animated_drawn > 0;
}

gboolean
tsr_doom2d_panel_layer_has_animations (TsrDoom2dPanelLayer *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_PANEL_LAYER (self), FALSE);
  refresh_records (self);
  for (guint i = 0; i < self->by_record->len; i++)
    if (((LayerTexture *) g_ptr_array_index (self->by_record, i))->n_frames > 1)
      return TRUE;
  return FALSE;
}

guint
tsr_doom2d_panel_layer_get_frame (TsrDoom2dPanelLayer *self,
                                  guint                texture)
{
  LayerTexture *entry;

  g_return_val_if_fail (TSR_IS_DOOM2D_PANEL_LAYER (self), 0);
  refresh_records (self);
  entry = record_texture (self, texture);
  return entry != NULL ? entry->frame : 0;
}

gboolean
tsr_doom2d_panel_layer_get_texture_size (TsrDoom2dPanelLayer *self,
                                         guint                texture,
                                         guint               *width,
                                         guint               *height)
{
  LayerTexture *entry;

  g_return_val_if_fail (TSR_IS_DOOM2D_PANEL_LAYER (self), FALSE);
  refresh_records (self);
  entry = record_texture (self, texture);
  *width = entry != NULL ? entry->width : 0;
  *height = entry != NULL ? entry->height : 0;
  return entry != NULL && (entry->n_frames > 0 || entry->entry->special != TSR_DOOM2D_SPECIAL_NONE);
}

guint
tsr_doom2d_panel_layer_get_n_drawn (TsrDoom2dPanelLayer *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_PANEL_LAYER (self), 0);
  return self->n_drawn;
}

void
tsr_doom2d_panel_layer_outline_style (TsrVectorMap        *map,
                                      const TsrElementRef *element,
                                      TsrVectorStyle      *style,
                                      gpointer             user_data)
{
  TsrDoom2dKind kind;
  guint index;

  if (!tsr_doom2d_document_element_to_record (TSR_DOOM2D_DOCUMENT (map), element, &kind, &index)
      || kind != TSR_DOOM2D_KIND_PANEL)
    return;
  style->fill[3] = 0;
  style->stroke[3] = 0.45;
}
