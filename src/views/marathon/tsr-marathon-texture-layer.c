/* tsr-marathon-texture-layer.c: one repeating cairo pattern per polygon, its matrix taking view
 * pixels to texture pixels (a texture's width spans 1024 map units, as in the engine), culled to
 * the view. A landscape surface is no texture on the map: the engine paints the sky there, so the
 * layer fills it with the landscape's mean colour under a horizontal "sky" hatch. */
#include "views/marathon/tsr-marathon-texture-layer.h"

#include <math.h>

#define WORLD_UNIT 1024.0
/* View pixels between the hatch's lines. */
#define HATCH_SPACING 7.0

struct _TsrMarathonTextureLayer {
  GObject                   parent_instance;
  TsrMarathonLevelMap      *map;
  TsrMarathonTextures      *textures;
  TsrMarathonTextureSurface surface;
  guint                     n_drawn;
  guint                     n_landscapes;
  GHashTable               *landscape_colours; /* descriptor -> 0xRRGGBB + 1 (0: not yet known) */
  cairo_pattern_t          *hatch; /* lattice_pattern ('h'), made on first use */
  cairo_pattern_t          *sky;   /* lattice_pattern ('s') */
};

static void tsr_marathon_texture_layer_iface_init (TsrCanvasLayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMarathonTextureLayer, tsr_marathon_texture_layer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_CANVAS_LAYER, tsr_marathon_texture_layer_iface_init))

static TsrLayerKind
texture_layer_get_kind (TsrCanvasLayer *layer)
{
  return TSR_LAYER_KIND_VECTOR;
}

static void
texture_layer_get_bounds (TsrCanvasLayer  *layer,
                          TsrVectorBounds *bounds)
{
  /* The vector layer above covers the same polygons. */
  tsr_vector_bounds_init_empty (bounds);
}

/* The polygon's outline in view pixels; FALSE when it lies outside the view or has no valid
 * vertices. */
static gboolean
add_outline (TsrMarathonTextureLayer *self,
             cairo_t                 *cr,
             const TsrMapViewport    *viewport,
             const TsrMarathonPolygon *polygon)
{
  const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (self->map);
  guint n_points = tsr_marathon_level_n_points (level), n = MIN (polygon->vertex_count, 8);
  double xs[8], ys[8], x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  if (n < 3)
    return FALSE;
  for (guint k = 0; k < n; k++)
    {
      TsrMarathonPoint point;

      if (polygon->endpoint_indexes[k] < 0 || (guint) polygon->endpoint_indexes[k] >= n_points)
        return FALSE;
      point = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[k]);
      tsr_map_viewport_to_view (viewport, point.x, point.y, &xs[k], &ys[k]);
      x0 = MIN (x0, xs[k]), x1 = MAX (x1, xs[k]), y0 = MIN (y0, ys[k]), y1 = MAX (y1, ys[k]);
    }
  if (x1 < 0 || y1 < 0 || x0 > viewport->width || y0 > viewport->height)
    return FALSE;
  cairo_new_path (cr);
  cairo_move_to (cr, xs[0], ys[0]);
  for (guint k = 1; k < n; k++)
    cairo_line_to (cr, xs[k], ys[k]);
  cairo_close_path (cr);
  return TRUE;
}

/* A tile of a lattice fixed to the view's pixels (user space), HATCH_SPACING square, repeating:
 * KIND 'h' holds the hatch's diagonals (x + y a multiple of the spacing), 's' the sky's line (the
 * first row). Drawn as a fill of the polygon with it, never through a clip: clipped commands in the
 * canvas's recording crash cairo 1.16 when GTK replays it straight into the window through a clip of
 * several boxes (see tsr-map-canvas.c). */
static cairo_pattern_t *
lattice_pattern (char kind)
{
  int size = (int) HATCH_SPACING;
  cairo_surface_t *tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (tile);
  cairo_pattern_t *pattern;

  if (kind == 'h')
    {
      /* The diagonals through the tile: x + y = 0, 1, 2 spacings (a line of width 1 and its
       * neighbours' edges). */
      for (int k = 0; k <= 2; k++)
        {
          cairo_move_to (cr, k * HATCH_SPACING + 1, -1);
          cairo_line_to (cr, k * HATCH_SPACING - HATCH_SPACING - 1, HATCH_SPACING + 1);
        }
      cairo_set_line_width (cr, 1);
      cairo_set_source_rgba (cr, 1, 0.35, 0.85, 0.5);
      cairo_stroke (cr);
    }
  else
    {
      cairo_rectangle (cr, 0, 0, size, 1);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.55);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
  pattern = cairo_pattern_create_for_surface (tile);
  cairo_surface_destroy (tile);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  return pattern;
}

/* The hatch of a transfer mode over the current path (kept). */
static void
hatch (TsrMarathonTextureLayer *self,
       cairo_t                 *cr)
{
  if (self->hatch == NULL)
    self->hatch = lattice_pattern ('h');
  cairo_set_source (cr, self->hatch);
  cairo_fill_preserve (cr);
}

/* A landscape surface: transfer mode Landscape (9) or Big landscape (21), or a texture of a
 * landscape collection (27–30). */
gboolean
tsr_marathon_texture_is_landscape (guint16 descriptor,
                                   gint16  transfer_mode)
{
  guint collection = TSR_MARATHON_DESCRIPTOR_COLLECTION (descriptor);

  return transfer_mode == 9 || transfer_mode == 21
         || (descriptor != TSR_MARATHON_DESCRIPTOR_NONE && collection >= 27 && collection <= 30);
}

/* The mean colour of the landscape's picture (alpha-weighted), or a sky blue without one. */
static void
landscape_colour (TsrMarathonTextureLayer *self,
                  guint16                  descriptor,
                  double                  *rgb)
{
  guint packed = GPOINTER_TO_UINT (g_hash_table_lookup (self->landscape_colours, GUINT_TO_POINTER (descriptor)));

  if (packed == 0)
    {
      cairo_surface_t *picture = tsr_marathon_textures_get_surface (self->textures, descriptor);
      guint64 sum[4] = { 0 };
      guint r = 0x59, g = 0x99, b = 0xD9;

      if (picture != NULL && cairo_image_surface_get_format (picture) == CAIRO_FORMAT_ARGB32)
        {
          const guchar *data;
          int width = cairo_image_surface_get_width (picture), height = cairo_image_surface_get_height (picture);
          int stride = cairo_image_surface_get_stride (picture);

          cairo_surface_flush (picture);
          data = cairo_image_surface_get_data (picture);
          for (int y = 0; data != NULL && y < height; y++)
            for (int x = 0; x < width; x++)
              {
                guint32 pixel = *(const guint32 *) (data + (gsize) y * (gsize) stride + (gsize) x * 4);

                /* Premultiplied: the channel sums over the alpha sum are the mean colour. */
                sum[0] += (pixel >> 16) & 0xFF, sum[1] += (pixel >> 8) & 0xFF, sum[2] += pixel & 0xFF;
                sum[3] += pixel >> 24;
              }
          if (sum[3] > 0)
            r = (guint) (sum[0] * 255 / sum[3]), g = (guint) (sum[1] * 255 / sum[3]), b = (guint) (sum[2] * 255 / sum[3]);
        }
      packed = ((MIN (r, 255u) << 16) | (MIN (g, 255u) << 8) | MIN (b, 255u)) + 1;
      g_hash_table_insert (self->landscape_colours, GUINT_TO_POINTER (descriptor), GUINT_TO_POINTER (packed));
    }
  packed--;
  rgb[0] = ((packed >> 16) & 0xFF) / 255.0, rgb[1] = ((packed >> 8) & 0xFF) / 255.0, rgb[2] = (packed & 0xFF) / 255.0;
}

/* The sky: the landscape's colour and white horizontal lines on a screen-fixed lattice. */
static void
sky (TsrMarathonTextureLayer *self,
     cairo_t                 *cr,
     guint16                  descriptor)
{
  double rgb[3];

  landscape_colour (self, descriptor, rgb);
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
  cairo_fill_preserve (cr);
  if (self->sky == NULL)
    self->sky = lattice_pattern ('s');
  cairo_set_source (cr, self->sky);
  cairo_fill_preserve (cr);
}

static gboolean
texture_layer_draw (TsrCanvasLayer       *layer,
                    cairo_t              *cr,
                    const TsrMapViewport *viewport)
{
  TsrMarathonTextureLayer *self = TSR_MARATHON_TEXTURE_LAYER (layer);
  const TsrMarathonLevel *level;

  self->n_drawn = 0;
  self->n_landscapes = 0;
  if (self->textures == NULL || self->surface == TSR_MARATHON_TEXTURE_SURFACE_NONE || viewport->zoom <= 0)
    return TRUE;
  level = tsr_marathon_level_map_get_level (self->map);
  cairo_save (cr);
  for (guint i = 0; level->polygons != NULL && i < level->polygons->len; i++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);
      gboolean floor = self->surface == TSR_MARATHON_TEXTURE_SURFACE_FLOOR;
      guint16 descriptor = (guint16) (floor ? polygon->floor_texture : polygon->ceiling_texture);
      TsrMarathonPoint origin = floor ? polygon->floor_origin : polygon->ceiling_origin;
      gint16 transfer_mode = floor ? polygon->floor_transfer_mode : polygon->ceiling_transfer_mode;
      cairo_surface_t *picture;
      cairo_pattern_t *pattern;
      cairo_matrix_t matrix;
      double scale;

      if (!add_outline (self, cr, viewport, polygon))
        continue;
      if (tsr_marathon_texture_is_landscape (descriptor, transfer_mode))
        {
          sky (self, cr, descriptor);
          self->n_landscapes++;
          continue;
        }
      picture = tsr_marathon_textures_get_surface (self->textures, descriptor);
      if (picture != NULL)
        {
          pattern = cairo_pattern_create_for_surface (picture);
          cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
          cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
          /* View pixel → map unit → texture pixel. */
          scale = cairo_image_surface_get_width (picture) / WORLD_UNIT;
          cairo_matrix_init_scale (&matrix, scale, scale);
          cairo_matrix_translate (&matrix, viewport->x - origin.x, viewport->y - origin.y);
          cairo_matrix_scale (&matrix, 1 / viewport->zoom, 1 / viewport->zoom);
          cairo_pattern_set_matrix (pattern, &matrix);
          cairo_set_source (cr, pattern);
          cairo_fill_preserve (cr);
          cairo_pattern_destroy (pattern);
          self->n_drawn++;
        }
      else
        {
          /* A texture the file does not have. */
          cairo_set_source_rgb (cr, 0.22, 0.22, 0.24);
          cairo_fill_preserve (cr);
        }
      if (transfer_mode != 0)
        hatch (self, cr);
    }
  cairo_new_path (cr);
  cairo_restore (cr);
  return TRUE;
}

static void
tsr_marathon_texture_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_kind = texture_layer_get_kind;
  iface->get_bounds = texture_layer_get_bounds;
  iface->draw = texture_layer_draw;
}

static void
on_elements_changed (TsrMarathonTextureLayer *self)
{
  if (self->textures != NULL && self->surface != TSR_MARATHON_TEXTURE_SURFACE_NONE)
    tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}

static void
tsr_marathon_texture_layer_dispose (GObject *object)
{
  TsrMarathonTextureLayer *self = TSR_MARATHON_TEXTURE_LAYER (object);

  if (self->map != NULL)
    g_signal_handlers_disconnect_by_data (self->map, self);
  g_clear_object (&self->map);
  g_clear_object (&self->textures);
  g_clear_pointer (&self->landscape_colours, g_hash_table_unref);
  g_clear_pointer (&self->hatch, cairo_pattern_destroy);
  g_clear_pointer (&self->sky, cairo_pattern_destroy);
  G_OBJECT_CLASS (tsr_marathon_texture_layer_parent_class)->dispose (object);
}

static void
tsr_marathon_texture_layer_class_init (TsrMarathonTextureLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_marathon_texture_layer_dispose;
}

static void
tsr_marathon_texture_layer_init (TsrMarathonTextureLayer *self)
{
  self->landscape_colours = g_hash_table_new (NULL, NULL);
}

TsrMarathonTextureLayer *
tsr_marathon_texture_layer_new (TsrMarathonLevelMap *map)
{
  TsrMarathonTextureLayer *self;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map), NULL);

  self = g_object_new (TSR_TYPE_MARATHON_TEXTURE_LAYER, NULL);
  self->map = g_object_ref (map);
  g_signal_connect_swapped (map, "elements-changed", G_CALLBACK (on_elements_changed), self);
  return self;
}

void
tsr_marathon_texture_layer_set_textures (TsrMarathonTextureLayer *self,
                                         TsrMarathonTextures     *textures)
{
  g_return_if_fail (TSR_IS_MARATHON_TEXTURE_LAYER (self));

  if (g_set_object (&self->textures, textures))
    {
      g_hash_table_remove_all (self->landscape_colours);
      tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
    }
}

void
tsr_marathon_texture_layer_set_surface (TsrMarathonTextureLayer  *self,
                                        TsrMarathonTextureSurface surface)
{
  g_return_if_fail (TSR_IS_MARATHON_TEXTURE_LAYER (self));

  if (self->surface == surface)
    return;
  self->surface = surface;
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}

guint
tsr_marathon_texture_layer_get_n_drawn (TsrMarathonTextureLayer *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_TEXTURE_LAYER (self), 0);
  return self->n_drawn;
}

guint
tsr_marathon_texture_layer_get_n_landscapes (TsrMarathonTextureLayer *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_TEXTURE_LAYER (self), 0);
  return self->n_landscapes;
}
