/* tsr-map-canvas-renderer.c: chunked, level-of-detail, cached drawing of a TsrTileMap.
 *
 * Pixels are cairo's native premultiplied ARGB32 words throughout, so a composited chunk becomes
 * a cairo image surface without conversion. */
#include "views/tsr-map-canvas-renderer.h"

#include <math.h>
#include <string.h>

/* Chunks aim at this many pixels a side: big enough that a 1080p frame is ~50 blits, small
 * enough that re-compositing one after a pencil event is well under a millisecond. */
#define CHUNK_PIXELS 256
/* Chunks not seen in the current frame are dropped beyond this many bytes. */
#define CHUNK_BUDGET (160u * 1024 * 1024)
#define MAX_LOD 12
#define MAX_SPARE_SURFACES 96

/* The background of cells where no layer draws anything. */
#define MAP_BACKGROUND 0xff2a2a2eu

typedef struct {
  guint    width;
  guint    height;
  gboolean opaque;      /* every pixel alpha 255: rows can be copied */
  gboolean transparent; /* nothing to draw */
  guint32  pixels[];    /* premultiplied ARGB32 */
} TileBitmap;

typedef struct {
  TsrMapRenderer  *owner;
  cairo_surface_t *surface;
  guint64          stamp; /* the frame that last drew it */
  guint            lod;
  TsrTileRect      cells;
} Chunk;

struct _TsrMapRenderer {
  TsrTileMap *map;
  gulong      tiles_changed_id;
  gulong      layers_changed_id;
  gulong      tileset_changed_id;
  gboolean    show_grid;
  double      grid_color[4];
  GHashTable *bitmaps; /* (layer, lod, value) → TileBitmap */
  GHashTable *chunks;  /* (lod, chunk x, chunk y) → Chunk */
  /* Surfaces of dropped chunks, reused: fresh memory costs a page fault per 4 KiB, which was
   * half the cost of compositing a chunk. */
  GPtrArray  *spare_surfaces;
  gsize       chunk_bytes;
  guint64     frame;
  guint64     chunks_rendered;
  gint64      frame_budget; /* µs of compositing per frame; 0: unlimited */
};

static guint
u64_hash (gconstpointer key)
{
  return g_int64_hash (key);
}

static gpointer
u64_key (guint64 value)
{
  return g_memdup2 (&value, sizeof value);
}

static void
chunk_free (gpointer data)
{
  Chunk *chunk = data;

  if (chunk->owner->spare_surfaces != NULL && chunk->owner->spare_surfaces->len < MAX_SPARE_SURFACES)
    g_ptr_array_add (chunk->owner->spare_surfaces, chunk->surface);
  else
    cairo_surface_destroy (chunk->surface);
  g_free (chunk);
}

/* A surface of WIDTH×HEIGHT with undefined contents. */
static cairo_surface_t *
take_surface (TsrMapRenderer *self,
              int             width,
              int             height)
{
  for (guint i = self->spare_surfaces->len; i > 0; i--)
    {
      cairo_surface_t *surface = g_ptr_array_index (self->spare_surfaces, i - 1);

      if (cairo_image_surface_get_width (surface) == width && cairo_image_surface_get_height (surface) == height)
        return g_ptr_array_steal_index_fast (self->spare_surfaces, i - 1);
    }
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
}

static gsize
chunk_size_bytes (const Chunk *chunk)
{
  return (gsize) cairo_image_surface_get_stride (chunk->surface)
         * cairo_image_surface_get_height (chunk->surface);
}

static void
drop_chunks (TsrMapRenderer *self)
{
  g_hash_table_remove_all (self->chunks);
  self->chunk_bytes = 0;
}

static gboolean
chunk_overlaps (gpointer key, gpointer value, gpointer user_data)
{
  Chunk *chunk = value;
  const TsrTileRect *area = ((gpointer *) user_data)[0];
  TsrMapRenderer *self = ((gpointer *) user_data)[1];
  TsrTileRect overlap;

  if (!tsr_tile_rect_intersect (&chunk->cells, area, &overlap))
    return FALSE;
  self->chunk_bytes -= chunk_size_bytes (chunk);
  return TRUE;
}

static void
on_tiles_changed (TsrTileMap        *map,
                  guint              layer,
                  const TsrTileRect *area,
                  TsrMapRenderer    *self)
{
  gpointer data[2] = { (gpointer) area, self };

  /* Any layer can show through, so the chunk is stale whichever layer changed. */
  g_hash_table_foreach_remove (self->chunks, chunk_overlaps, data);
}

static void
on_layers_changed (TsrTileMap     *map,
                   TsrMapRenderer *self)
{
  drop_chunks (self);
}

static void
on_tileset_changed (TsrTileMap     *map,
                    TsrMapRenderer *self)
{
  tsr_map_renderer_drop_caches (self);
}

TsrMapRenderer *
tsr_map_renderer_new (TsrTileMap *map)
{
  TsrMapRenderer *self;

  g_return_val_if_fail (TSR_IS_TILE_MAP (map), NULL);

  self = g_new0 (TsrMapRenderer, 1);
  self->map = g_object_ref (map);
  self->show_grid = TRUE;
  self->grid_color[0] = self->grid_color[1] = self->grid_color[2] = 1;
  self->grid_color[3] = 0.22;
  self->bitmaps = g_hash_table_new_full (u64_hash, g_int64_equal, g_free, g_free);
  self->chunks = g_hash_table_new_full (u64_hash, g_int64_equal, g_free, chunk_free);
  self->spare_surfaces = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
  self->tiles_changed_id = g_signal_connect (map, "tiles-changed", G_CALLBACK (on_tiles_changed), self);
  self->layers_changed_id = g_signal_connect (map, "layers-changed", G_CALLBACK (on_layers_changed), self);
  self->tileset_changed_id = g_signal_connect (map, "tileset-changed", G_CALLBACK (on_tileset_changed), self);
  return self;
}

void
tsr_map_renderer_free (TsrMapRenderer *self)
{
  if (self == NULL)
    return;
  g_clear_signal_handler (&self->tiles_changed_id, self->map);
  g_clear_signal_handler (&self->layers_changed_id, self->map);
  g_clear_signal_handler (&self->tileset_changed_id, self->map);
  g_hash_table_unref (self->chunks);
  g_ptr_array_unref (self->spare_surfaces);
  g_hash_table_unref (self->bitmaps);
  g_object_unref (self->map);
  g_free (self);
}

TsrTileMap *
tsr_map_renderer_get_map (TsrMapRenderer *self)
{
  return self->map;
}

void
tsr_map_renderer_set_show_grid (TsrMapRenderer *self,
                                gboolean        show_grid)
{
  self->show_grid = !!show_grid;
}

void
tsr_map_renderer_set_grid_color (TsrMapRenderer *self,
                                 double          red,
                                 double          green,
                                 double          blue,
                                 double          alpha)
{
  self->grid_color[0] = red;
  self->grid_color[1] = green;
  self->grid_color[2] = blue;
  self->grid_color[3] = alpha;
}

gboolean
tsr_map_renderer_get_show_grid (TsrMapRenderer *self)
{
  return self->show_grid;
}

void
tsr_map_renderer_drop_caches (TsrMapRenderer *self)
{
  drop_chunks (self);
  g_hash_table_remove_all (self->bitmaps);
}

guint64
tsr_map_renderer_get_chunks_rendered (TsrMapRenderer *self)
{
  return self->chunks_rendered;
}

void
tsr_map_viewport_to_map (const TsrMapViewport *viewport,
                         double                view_x,
                         double                view_y,
                         double               *map_x,
                         double               *map_y)
{
  *map_x = viewport->x + view_x / viewport->zoom;
  *map_y = viewport->y + view_y / viewport->zoom;
}

void
tsr_map_viewport_to_view (const TsrMapViewport *viewport,
                          double                map_x,
                          double                map_y,
                          double               *view_x,
                          double               *view_y)
{
  *view_x = (map_x - viewport->x) * viewport->zoom;
  *view_y = (map_y - viewport->y) * viewport->zoom;
}

gboolean
tsr_map_viewport_equal (const TsrMapViewport *a,
                        const TsrMapViewport *b)
{
  return a->x == b->x && a->y == b->y && a->zoom == b->zoom && a->width == b->width && a->height == b->height
         && a->scale_factor == b->scale_factor;
}

/* --- Tiles at a level of detail --- */

static guint
lod_size (guint cell, guint lod)
{
  return MAX (1u, cell >> lod);
}

static guint32
premultiply (const guint8 *rgba)
{
  guint a = rgba[3];
  guint r = (rgba[0] * a + 127) / 255, g = (rgba[1] * a + 127) / 255, b = (rgba[2] * a + 127) / 255;

  return (a << 24) | (r << 16) | (g << 8) | b;
}

/* IMAGE resampled to WIDTH×HEIGHT by averaging the source pixels each target pixel covers (a box
 * filter; with fewer source pixels than target pixels it is nearest-neighbour). */
static TileBitmap *
bitmap_from_image (const TsrImage *image,
                   guint           width,
                   guint           height)
{
  TileBitmap *bitmap = g_malloc0 (sizeof (TileBitmap) + sizeof (guint32) * width * height);
  gboolean opaque = TRUE, transparent = TRUE;

  bitmap->width = width;
  bitmap->height = height;
  for (guint y = 0; y < height; y++)
    {
      guint sy0 = y * image->height / height;
      guint sy1 = MAX (sy0 + 1, (y + 1) * image->height / height);

      for (guint x = 0; x < width; x++)
        {
          guint sx0 = x * image->width / width;
          guint sx1 = MAX (sx0 + 1, (x + 1) * image->width / width);
          guint64 sum[4] = { 0, 0, 0, 0 };
          guint n = (sx1 - sx0) * (sy1 - sy0);
          guint32 pixel;

          for (guint sy = sy0; sy < sy1; sy++)
            for (guint sx = sx0; sx < sx1; sx++)
              {
                guint32 p = premultiply (image->pixels + ((gsize) sy * image->width + sx) * 4);
                sum[0] += p >> 24;
                sum[1] += (p >> 16) & 0xff;
                sum[2] += (p >> 8) & 0xff;
                sum[3] += p & 0xff;
              }
          pixel = (guint32) ((sum[0] + n / 2) / n) << 24 | (guint32) ((sum[1] + n / 2) / n) << 16
                  | (guint32) ((sum[2] + n / 2) / n) << 8 | (guint32) ((sum[3] + n / 2) / n);
          bitmap->pixels[(gsize) y * width + x] = pixel;
          opaque = opaque && (pixel >> 24) == 0xff;
          transparent = transparent && (pixel >> 24) == 0;
        }
    }
  bitmap->opaque = opaque;
  bitmap->transparent = transparent;
  return bitmap;
}

static const TileBitmap *
get_bitmap (TsrMapRenderer *self,
            guint           layer,
            guint           lod,
            guint32         value,
            guint           width,
            guint           height)
{
  guint64 key = ((guint64) layer << 40) | ((guint64) lod << 32) | value;
  TileBitmap *bitmap = g_hash_table_lookup (self->bitmaps, &key);
  const TsrImage *image;

  if (bitmap != NULL)
    return bitmap;
  image = tsr_tile_map_get_tile_image (self->map, layer, value);
  if (image == NULL || image->width == 0 || image->height == 0)
    {
      bitmap = g_malloc0 (sizeof (TileBitmap));
      bitmap->transparent = TRUE;
    }
  else
    bitmap = bitmap_from_image (image, width, height);
  g_hash_table_insert (self->bitmaps, u64_key (key), bitmap);
  return bitmap;
}

/* --- Chunks --- */

static inline guint32
blend_over (guint32 src,
            guint32 dst)
{
  guint32 inverse = 255 - (src >> 24);
  guint32 rb = (dst & 0x00ff00ffu) * inverse + 0x00800080u;
  guint32 ag = ((dst >> 8) & 0x00ff00ffu) * inverse + 0x00800080u;

  rb = ((rb + ((rb >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
  ag = (ag + ((ag >> 8) & 0x00ff00ffu)) & 0xff00ff00u;
  return src + (rb | ag);
}

static void
fill_background (guint32 *origin,
                 int      stride,
                 guint    width,
                 guint    height)
{
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      origin[(gsize) y * stride + x] = MAP_BACKGROUND;
}

static void
get_chunk_geometry (TsrMapRenderer *self,
                    guint           lod,
                    guint          *tile_w,
                    guint          *tile_h,
                    guint          *cols,
                    guint          *rows)
{
  guint cell_w, cell_h;

  tsr_tile_map_get_cell_size (self->map, &cell_w, &cell_h);
  *tile_w = lod_size (cell_w, lod);
  *tile_h = lod_size (cell_h, lod);
  *cols = MAX (1u, CHUNK_PIXELS / *tile_w);
  *rows = MAX (1u, CHUNK_PIXELS / *tile_h);
}

/* Composites CELLS (inside the map) of the visible layers, or of ONLY_LAYER when it is not -1,
 * at level LOD into a new chunk. */
static Chunk *
compose_cells (TsrMapRenderer    *self,
               guint              lod,
               const TsrTileRect *cells,
               gint               only_layer)
{
  guint tile_w, tile_h, cols, rows;
  guint n_layers = tsr_tile_map_get_n_layers (self->map);
  Chunk *chunk = g_new0 (Chunk, 1);
  guint32 *pixels;
  guint32 *values;
  gboolean drawn_any = FALSE, bottom;
  int stride;

  get_chunk_geometry (self, lod, &tile_w, &tile_h, &cols, &rows);
  chunk->lod = lod;
  chunk->cells = *cells;
  chunk->owner = self;
  chunk->surface = take_surface (self, chunk->cells.width * (int) tile_w, chunk->cells.height * (int) tile_h);
  cairo_surface_flush (chunk->surface);
  pixels = (guint32 *) cairo_image_surface_get_data (chunk->surface);
  stride = cairo_image_surface_get_stride (chunk->surface) / 4;

  values = g_new (guint32, (gsize) chunk->cells.width * chunk->cells.height);
  for (guint layer = 0; layer < n_layers; layer++)
    {
      /* A direct-mapped memo of value → bitmap: tilesets are small, cells are many, and the
       * hash table lookup per cell was most of the cost of a cold frame. */
      struct { guint32 value; const TileBitmap *bitmap; } memo[256];
      const guint32 *value = values;

      if (only_layer >= 0 ? layer != (guint) only_layer : !tsr_tile_map_get_layer_visible (self->map, layer))
        continue;
      bottom = !drawn_any;
      drawn_any = TRUE;
      memset (memo, 0, sizeof memo);
      tsr_tile_map_get_tiles (self->map, layer, &chunk->cells, values);
      for (gint cy = 0; cy < chunk->cells.height; cy++)
        for (gint cx = 0; cx < chunk->cells.width; cx++, value++)
          {
            guint slot = *value & 255;
            const TileBitmap *bitmap;
            guint32 *origin = pixels + (gsize) cy * tile_h * stride + (gsize) cx * tile_w;

            if (memo[slot].bitmap == NULL || memo[slot].value != *value)
              {
                memo[slot].value = *value;
                memo[slot].bitmap = get_bitmap (self, layer, lod, *value, tile_w, tile_h);
              }
            bitmap = memo[slot].bitmap;
            /* The background goes only under cells the bottom layer does not cover: filling
             * the whole chunk first cost as much as the tiles themselves. */
            if (bottom && !bitmap->opaque)
              fill_background (origin, stride, tile_w, tile_h);
            if (bitmap->transparent)
              continue;
            for (guint ty = 0; ty < tile_h; ty++)
              {
                guint32 *row = origin + (gsize) ty * stride;
                const guint32 *source = bitmap->pixels + (gsize) ty * tile_w;

                if (bitmap->opaque && tile_w <= 4)
                  /* Zoomed far out a tile row is a pixel or two: a call to memcpy would cost
                   * more than the copy. */
                  for (guint tx = 0; tx < tile_w; tx++)
                    row[tx] = source[tx];
                else if (bitmap->opaque)
                  memcpy (row, source, tile_w * sizeof (guint32));
                else
                  for (guint tx = 0; tx < tile_w; tx++)
                    if (source[tx] >> 24 != 0)
                      row[tx] = blend_over (source[tx], row[tx]);
              }
          }
    }
  g_free (values);
  if (!drawn_any)
    fill_background (pixels, stride, (guint) cairo_image_surface_get_width (chunk->surface),
                     (guint) cairo_image_surface_get_height (chunk->surface));
  cairo_surface_mark_dirty (chunk->surface);
  return chunk;
}

static Chunk *
render_chunk (TsrMapRenderer *self,
              guint           lod,
              guint           chunk_x,
              guint           chunk_y)
{
  guint tile_w, tile_h, cols, rows;
  TsrTileRect bounds = tsr_tile_map_get_bounds (self->map);
  TsrTileRect cells;

  get_chunk_geometry (self, lod, &tile_w, &tile_h, &cols, &rows);
  cells = (TsrTileRect) { (gint) (chunk_x * cols), (gint) (chunk_y * rows), (gint) cols, (gint) rows };
  tsr_tile_rect_intersect (&cells, &bounds, &cells);
  self->chunks_rendered++;
  return compose_cells (self, lod, &cells, -1);
}

static guint64
chunk_key (guint lod,
           guint chunk_x,
           guint chunk_y)
{
  return ((guint64) lod << 48) | ((guint64) chunk_y << 24) | chunk_x;
}

static Chunk *
get_chunk (TsrMapRenderer *self,
           guint           lod,
           guint           chunk_x,
           guint           chunk_y)
{
  guint64 key = chunk_key (lod, chunk_x, chunk_y);
  Chunk *chunk = g_hash_table_lookup (self->chunks, &key);

  if (chunk == NULL)
    {
      chunk = render_chunk (self, lod, chunk_x, chunk_y);
      g_hash_table_insert (self->chunks, u64_key (key), chunk);
      self->chunk_bytes += chunk_size_bytes (chunk);
    }
  chunk->stamp = self->frame;
  return chunk;
}

static gboolean
chunk_is_stale (gpointer key, gpointer value, gpointer user_data)
{
  Chunk *chunk = value;
  TsrMapRenderer *self = user_data;

  if (chunk->stamp == self->frame)
    return FALSE;
  self->chunk_bytes -= chunk_size_bytes (chunk);
  return TRUE;
}

/* The coarsest level whose pixels are still at least as fine as the device's (never coarser
 * than one pixel per cell). */
static guint
choose_lod (TsrMapRenderer       *self,
            const TsrMapViewport *viewport)
{
  double device_per_map = viewport->zoom * MAX (viewport->scale_factor, 1);
  guint cell_w, cell_h, lod = 0;

  tsr_tile_map_get_cell_size (self->map, &cell_w, &cell_h);
  while (lod < MAX_LOD && (double) (1u << (lod + 1)) * device_per_map <= 1.0
         && (cell_w >> (lod + 1)) >= 1 && (cell_h >> (lod + 1)) >= 1)
    lod++;
  return lod;
}

static int
compare_lod_descending (gconstpointer a,
                        gconstpointer b)
{
  const Chunk *x = *(const Chunk *const *) a, *y = *(const Chunk *const *) b;

  return (int) y->lod - (int) x->lod;
}

/* Rounds a view coordinate to the device pixel grid so neighbouring chunks share exact edges. */
static double
snap (double view, int scale)
{
  return round (view * scale) / scale;
}

static void
draw_grid (TsrMapRenderer       *self,
           cairo_t              *cr,
           const TsrMapViewport *viewport,
           const TsrTileRect    *cells)
{
  guint cell_w, cell_h;
  int scale = MAX (viewport->scale_factor, 1);
  double line = 1.0 / scale;

  tsr_tile_map_get_cell_size (self->map, &cell_w, &cell_h);
  /* Below 6 view pixels a cell is mostly grid; the grid then hides the map instead of helping. */
  if (cell_w * viewport->zoom < 6 || cell_h * viewport->zoom < 6)
    return;

  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  cairo_set_source_rgba (cr, self->grid_color[0], self->grid_color[1], self->grid_color[2], self->grid_color[3]);
  for (gint x = cells->x; x <= cells->x + cells->width; x++)
    {
      double vx, vy0, vy1, unused;

      tsr_map_viewport_to_view (viewport, (double) x * cell_w, (double) cells->y * cell_h, &vx, &vy0);
      tsr_map_viewport_to_view (viewport, 0, (double) (cells->y + cells->height) * cell_h, &unused, &vy1);
      cairo_rectangle (cr, snap (vx, scale), vy0, line, vy1 - vy0);
    }
  for (gint y = cells->y; y <= cells->y + cells->height; y++)
    {
      double vy, vx0, vx1, unused;

      tsr_map_viewport_to_view (viewport, (double) cells->x * cell_w, (double) y * cell_h, &vx0, &vy);
      tsr_map_viewport_to_view (viewport, (double) (cells->x + cells->width) * cell_w, 0, &vx1, &unused);
      cairo_rectangle (cr, vx0, snap (vy, scale), vx1 - vx0, line);
    }
  cairo_fill (cr);
  cairo_restore (cr);
}

/* Draws CHUNK where it belongs in VIEWPORT, only inside CLIP_CELLS when that is not NULL. */
static void
blit_chunk (TsrMapRenderer       *self,
            cairo_t              *cr,
            const TsrMapViewport *viewport,
            const Chunk          *chunk,
            const TsrTileRect    *clip_cells)
{
  int scale = MAX (viewport->scale_factor, 1);
  int surface_w = cairo_image_surface_get_width (chunk->surface);
  int surface_h = cairo_image_surface_get_height (chunk->surface);
  guint cell_w, cell_h;
  double x0, y0, x1, y1, device_per_surface;
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;
  TsrTileRect area = chunk->cells;

  tsr_tile_map_get_cell_size (self->map, &cell_w, &cell_h);
  tsr_map_viewport_to_view (viewport, (double) chunk->cells.x * cell_w, (double) chunk->cells.y * cell_h, &x0, &y0);
  tsr_map_viewport_to_view (viewport, (double) (chunk->cells.x + chunk->cells.width) * cell_w,
                            (double) (chunk->cells.y + chunk->cells.height) * cell_h, &x1, &y1);
  x0 = snap (x0, scale); y0 = snap (y0, scale);
  x1 = snap (x1, scale); y1 = snap (y1, scale);

  pattern = cairo_pattern_create_for_surface (chunk->surface);
  cairo_matrix_init_scale (&matrix, surface_w / (x1 - x0), surface_h / (y1 - y0));
  cairo_matrix_translate (&matrix, -x0, -y0);
  cairo_pattern_set_matrix (pattern, &matrix);
  /* Zoomed in, pixels must stay square blocks (nearest); zoomed out, the level of detail has
   * already averaged the cells and bilinear finishes the last factor of at most two. */
  device_per_surface = (x1 - x0) * scale / surface_w;
  cairo_pattern_set_filter (pattern, device_per_surface >= 0.999 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR);
  cairo_set_source (cr, pattern);
  /* Chunks are opaque (they carry the map background): SOURCE skips blending. */
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  if (clip_cells != NULL && tsr_tile_rect_intersect (&area, clip_cells, &area))
    {
      tsr_map_viewport_to_view (viewport, (double) area.x * cell_w, (double) area.y * cell_h, &x0, &y0);
      tsr_map_viewport_to_view (viewport, (double) (area.x + area.width) * cell_w,
                                (double) (area.y + area.height) * cell_h, &x1, &y1);
      x0 = snap (x0, scale); y0 = snap (y0, scale);
      x1 = snap (x1, scale); y1 = snap (y1, scale);
    }
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);
}

/* For CELLS whose chunk is not composited yet: the background, then whatever cached chunks of
 * other levels of detail cover them (the previous zoom, typically), coarsest first. */
static void
draw_stand_in (TsrMapRenderer       *self,
               cairo_t              *cr,
               const TsrMapViewport *viewport,
               const TsrTileRect    *cells)
{
  GHashTableIter iter;
  gpointer value;
  g_autoptr(GPtrArray) found = g_ptr_array_new ();
  int scale = MAX (viewport->scale_factor, 1);
  guint cell_w, cell_h;
  double x0, y0, x1, y1;

  tsr_tile_map_get_cell_size (self->map, &cell_w, &cell_h);
  tsr_map_viewport_to_view (viewport, (double) cells->x * cell_w, (double) cells->y * cell_h, &x0, &y0);
  tsr_map_viewport_to_view (viewport, (double) (cells->x + cells->width) * cell_w,
                            (double) (cells->y + cells->height) * cell_h, &x1, &y1);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_rgb (cr, ((MAP_BACKGROUND >> 16) & 0xff) / 255.0, ((MAP_BACKGROUND >> 8) & 0xff) / 255.0,
                        (MAP_BACKGROUND & 0xff) / 255.0);
  cairo_rectangle (cr, snap (x0, scale), snap (y0, scale), snap (x1, scale) - snap (x0, scale),
                   snap (y1, scale) - snap (y0, scale));
  cairo_fill (cr);

  g_hash_table_iter_init (&iter, self->chunks);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Chunk *chunk = value;
      TsrTileRect overlap;

      if (tsr_tile_rect_intersect (&chunk->cells, cells, &overlap))
        g_ptr_array_add (found, chunk);
    }
  g_ptr_array_sort (found, compare_lod_descending);
  for (guint i = 0; i < found->len; i++)
    blit_chunk (self, cr, viewport, g_ptr_array_index (found, i), cells);
}

gboolean
tsr_map_renderer_draw (TsrMapRenderer       *self,
                       cairo_t              *cr,
                       const TsrMapViewport *viewport)
{
  guint lod, tile_w, tile_h, cols, rows, cell_w, cell_h;
  double clip_x0, clip_y0, clip_x1, clip_y1, map_x0, map_y0, map_x1, map_y1;
  TsrTileRect visible, bounds = tsr_tile_map_get_bounds (self->map);
  gint chunk_x0, chunk_y0, chunk_x1, chunk_y1;
  gint64 start = g_get_monotonic_time ();
  gboolean complete = TRUE;
  guint composited = 0;
  /* Nothing composited yet (a map just opened, or every chunk dropped by a change): no level of
   * detail can stand in, so the frame budget would only show a canvas filling in over several
   * frames while a file opens (issue 35). The whole view is composited in this frame; the view
   * bounds the work (a 1080p view is ~50 chunks at any level of detail). */
  gboolean cold = g_hash_table_size (self->chunks) == 0;

  g_return_val_if_fail (viewport->zoom > 0, TRUE);

  self->frame++;
  tsr_tile_map_get_cell_size (self->map, &cell_w, &cell_h);
  lod = choose_lod (self, viewport);
  get_chunk_geometry (self, lod, &tile_w, &tile_h, &cols, &rows);

  /* The cells under the clip: nothing outside it is composited or blitted. */
  cairo_clip_extents (cr, &clip_x0, &clip_y0, &clip_x1, &clip_y1);
  clip_x0 = MAX (clip_x0, 0);
  clip_y0 = MAX (clip_y0, 0);
  clip_x1 = MIN (clip_x1, viewport->width);
  clip_y1 = MIN (clip_y1, viewport->height);
  tsr_map_viewport_to_map (viewport, clip_x0, clip_y0, &map_x0, &map_y0);
  tsr_map_viewport_to_map (viewport, clip_x1, clip_y1, &map_x1, &map_y1);
  visible.x = (gint) floor (map_x0 / cell_w);
  visible.y = (gint) floor (map_y0 / cell_h);
  visible.width = (gint) ceil (map_x1 / cell_w) - visible.x;
  visible.height = (gint) ceil (map_y1 / cell_h) - visible.y;
  if (!tsr_tile_rect_intersect (&visible, &bounds, &visible))
    return TRUE;

  chunk_x0 = visible.x / (gint) cols;
  chunk_y0 = visible.y / (gint) rows;
  chunk_x1 = (visible.x + visible.width - 1) / (gint) cols;
  chunk_y1 = (visible.y + visible.height - 1) / (gint) rows;

  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  for (gint chunk_y = chunk_y0; chunk_y <= chunk_y1; chunk_y++)
    for (gint chunk_x = chunk_x0; chunk_x <= chunk_x1; chunk_x++)
      {
        guint64 key = chunk_key (lod, (guint) chunk_x, (guint) chunk_y);
        Chunk *chunk = g_hash_table_lookup (self->chunks, &key);

        /* At least one chunk per frame, so a slow machine still gets there. */
        if (chunk == NULL && self->frame_budget > 0 && composited > 0 && !cold
            && g_get_monotonic_time () - start > self->frame_budget)
          {
            /* Out of time: show what other levels of detail have for this place and finish
             * it in a later frame. */
            TsrTileRect cells = { (gint) (chunk_x * cols), (gint) (chunk_y * rows), (gint) cols, (gint) rows };

            tsr_tile_rect_intersect (&cells, &bounds, &cells);
            draw_stand_in (self, cr, viewport, &cells);
            complete = FALSE;
            continue;
          }
        if (chunk == NULL)
          composited++;
        chunk = get_chunk (self, lod, (guint) chunk_x, (guint) chunk_y);
        blit_chunk (self, cr, viewport, chunk, NULL);
      }
  cairo_restore (cr);

  if (self->show_grid)
    draw_grid (self, cr, viewport, &visible);

  if (self->chunk_bytes > CHUNK_BUDGET)
    g_hash_table_foreach_remove (self->chunks, chunk_is_stale, self);
  return complete;
}

void
tsr_map_renderer_draw_floating (TsrMapRenderer       *self,
                                cairo_t              *cr,
                                const TsrMapViewport *viewport,
                                guint                 layer,
                                const TsrTileRect    *cells,
                                gint                  dx,
                                gint                  dy)
{
  TsrTileRect bounds = tsr_tile_map_get_bounds (self->map);
  TsrTileRect source;
  Chunk *floating;

  if (layer >= tsr_tile_map_get_n_layers (self->map) || !tsr_tile_rect_intersect (cells, &bounds, &source))
    return;
  floating = compose_cells (self, choose_lod (self, viewport), &source, (gint) layer);
  floating->cells.x += dx;
  floating->cells.y += dy;
  cairo_save (cr);
  /* Translucent, so what it will cover stays visible while dragging. */
  cairo_push_group (cr);
  blit_chunk (self, cr, viewport, floating, NULL);
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, 0.8);
  cairo_restore (cr);
  /* Odd-sized, so not worth keeping for reuse. */
  cairo_surface_destroy (floating->surface);
  g_free (floating);
}

void
tsr_map_renderer_set_frame_budget (TsrMapRenderer *self,
                                   gint64          microseconds)
{
  self->frame_budget = MAX (microseconds, 0);
}
