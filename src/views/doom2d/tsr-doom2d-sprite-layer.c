/* tsr-doom2d-sprite-layer.c: item and monster pictures in cairo. Each picture (per resource and
 * mirroring) is cut, converted to a cairo surface once and kept for the layer's life; a frame
 * draws only the records in view, one fill each. */
#include "views/doom2d/tsr-doom2d-sprite-layer.h"

#include "formats/doom2d/tsr-doom2d-sprites.h"
#include "views/tsr-image-texture.h"

struct _TsrDoom2dSpriteLayer {
  GObject                parent_instance;
  TsrDoom2dDocument     *document;
  TsrDoom2dTextureCache *cache;    /* borrowed */
  GHashTable            *pictures; /* "path|mirror" -> cairo_surface_t * (NULL: does not resolve) */
  guint                  n_drawn;
};

static void tsr_doom2d_sprite_layer_iface_init (TsrCanvasLayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrDoom2dSpriteLayer, tsr_doom2d_sprite_layer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_CANVAS_LAYER, tsr_doom2d_sprite_layer_iface_init))

static TsrLayerKind
sprite_layer_get_kind (TsrCanvasLayer *layer)
{
  return TSR_LAYER_KIND_VECTOR;
}

static void
sprite_layer_get_bounds (TsrCanvasLayer  *layer,
                         TsrVectorBounds *bounds)
{
  /* The records are the vector layer's; their pictures add no map area. */
  tsr_vector_bounds_init_empty (bounds);
}

/* SPRITE's frame as a surface, made on first use; NULL when the game data lack it. */
static cairo_surface_t *
picture_for (TsrDoom2dSpriteLayer  *self,
             const TsrDoom2dSprite *sprite)
{
  g_autofree char *key = g_strdup_printf ("%s|%d", sprite->path, sprite->mirror);
  cairo_surface_t *surface = NULL;
  const TsrDoom2dCachedTexture *entry;
  gpointer found;

  if (g_hash_table_lookup_extended (self->pictures, key, NULL, &found))
    return found;
  entry = tsr_doom2d_texture_cache_get (self->cache, sprite->path);
  if (entry->image != NULL)
    {
      g_autoptr(TsrImage) frame = tsr_doom2d_sprite_cut_frame (sprite, entry->image);

      if (frame != NULL)
        surface = tsr_image_cairo_surface_new (frame);
    }
  g_hash_table_insert (self->pictures, g_steal_pointer (&key), surface);
  return surface;
}

static void
draw_kind (TsrDoom2dSpriteLayer *self,
           cairo_t              *cr,
           const TsrMapViewport *viewport,
           TsrDoom2dMap         *map,
           TsrDoom2dKind         kind)
{
  double left = viewport->x, top = viewport->y;
  double right = left + viewport->width / viewport->zoom, bottom = top + viewport->height / viewport->zoom;

  for (guint i = 0; i < tsr_doom2d_map_count (map, kind); i++)
    {
      const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, kind, i);
      const gint64 *at = record->values[TSR_DOOM2D_THING_POSITION].v;
      TsrDoom2dSprite sprite;
      cairo_surface_t *surface;
      double x, y, w, h, vx, vy;

      if (!tsr_doom2d_sprite_for_record (kind, record, &sprite)
          || (surface = picture_for (self, &sprite)) == NULL)
        continue;
      x = (double) at[0] + sprite.dx, y = (double) at[1] + sprite.dy;
      w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
      if (x + w < left || x > right || y + h < top || y > bottom)
        continue;
      tsr_map_viewport_to_view (viewport, x, y, &vx, &vy);
      cairo_save (cr);
      cairo_translate (cr, vx, vy);
      cairo_scale (cr, viewport->zoom, viewport->zoom);
      cairo_set_source_surface (cr, surface, 0, 0);
      cairo_pattern_set_filter (cairo_get_source (cr), viewport->zoom >= 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD);
      cairo_rectangle (cr, 0, 0, w, h);
      cairo_fill (cr);
      cairo_restore (cr);
      self->n_drawn++;
    }
}

static gboolean
sprite_layer_draw (TsrCanvasLayer       *layer,
                   cairo_t              *cr,
                   const TsrMapViewport *viewport)
{
  TsrDoom2dSpriteLayer *self = TSR_DOOM2D_SPRITE_LAYER (layer);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (self->document);

  self->n_drawn = 0;
  if (map == NULL)
    return TRUE;
  if (tsr_doom2d_document_get_category_visible (self->document, TSR_DOOM2D_CATEGORY_ITEMS))
    draw_kind (self, cr, viewport, map, TSR_DOOM2D_KIND_ITEM);
  if (tsr_doom2d_document_get_category_visible (self->document, TSR_DOOM2D_CATEGORY_MONSTERS))
    draw_kind (self, cr, viewport, map, TSR_DOOM2D_KIND_MONSTER);
  return TRUE;
}

static void
tsr_doom2d_sprite_layer_iface_init (TsrCanvasLayerInterface *iface)
{
  iface->get_kind = sprite_layer_get_kind;
  iface->get_bounds = sprite_layer_get_bounds;
  iface->draw = sprite_layer_draw;
}

static void
on_changed (TsrDoom2dSpriteLayer *self)
{
  tsr_canvas_layer_invalidate_area (TSR_CANVAS_LAYER (self), NULL);
}

static void
surface_destroy (gpointer surface)
{
  if (surface != NULL)
    cairo_surface_destroy (surface);
}

static void
tsr_doom2d_sprite_layer_dispose (GObject *object)
{
  TsrDoom2dSpriteLayer *self = TSR_DOOM2D_SPRITE_LAYER (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_pointer (&self->pictures, g_hash_table_unref);
  G_OBJECT_CLASS (tsr_doom2d_sprite_layer_parent_class)->dispose (object);
}

static void
tsr_doom2d_sprite_layer_class_init (TsrDoom2dSpriteLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_doom2d_sprite_layer_dispose;
}

static void
tsr_doom2d_sprite_layer_init (TsrDoom2dSpriteLayer *self)
{
  self->pictures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, surface_destroy);
}

TsrDoom2dSpriteLayer *
tsr_doom2d_sprite_layer_new (TsrDoom2dDocument     *document,
                             TsrDoom2dTextureCache *cache)
{
  TsrDoom2dSpriteLayer *self;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (document), NULL);
  g_return_val_if_fail (cache != NULL, NULL);

  self = g_object_new (TSR_TYPE_DOOM2D_SPRITE_LAYER, NULL);
  self->document = g_object_ref (document);
  self->cache = cache;
  g_signal_connect_swapped (document, "elements-changed", G_CALLBACK (on_changed), self);
  return self;
}

guint
tsr_doom2d_sprite_layer_get_n_drawn (TsrDoom2dSpriteLayer *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_SPRITE_LAYER (self), 0);
  return self->n_drawn;
}
