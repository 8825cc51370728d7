/* tsr-sphere-render.c: software drawing of Sphere maps for the CLI, thumbnails and tests. */
#include "formats/sphere/tsr-sphere-render.h"

#include <stdlib.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/sphere/tsr-sphere-string.h"

void
tsr_sphere_map_pixel_size (const TsrSphereMap *map,
                           guint              *width,
                           guint              *height)
{
  const TsrSphereTileset *tileset = tsr_sphere_map_get_tileset (map);
  guint tile_width = tileset ? tileset->tile_width : 16;
  guint tile_height = tileset ? tileset->tile_height : 16;

  *width = 0;
  *height = 0;
  for (guint i = 0; i < map->layers->len; i++)
    {
      const TsrSphereLayer *layer = g_ptr_array_index (map->layers, i);

      *width = MAX (*width, (guint) layer->width * tile_width);
      *height = MAX (*height, (guint) layer->height * tile_height);
    }
}

GHashTable *
tsr_sphere_render_find_spritesets (const TsrSphereMap *map)
{
  GHashTable *found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) tsr_sphere_spriteset_free);
  g_autofree char *folder = map->path ? g_path_get_dirname (map->path) : NULL;

  for (guint i = 0; folder != NULL && i < map->entities->len; i++)
    {
      const TsrSphereEntity *entity = g_ptr_array_index (map->entities, i);
      g_autofree char *name = NULL;
      const char *candidates[2];
      TsrSphereSpriteset *spriteset = NULL;

      if (entity->type != TSR_SPHERE_ENTITY_PERSON)
        continue;
      name = tsr_sphere_string_to_utf8 (entity->spriteset);
      if (name[0] == '\0' || g_hash_table_contains (found, name))
        continue;
      g_strdelimit (name, "\\", '/');
      candidates[0] = "../spritesets";
      candidates[1] = ".";
      for (guint c = 0; c < G_N_ELEMENTS (candidates) && spriteset == NULL; c++)
        {
          g_autofree char *path = g_build_filename (folder, candidates[c], name, NULL);
          g_autoptr(GBytes) bytes = NULL;

          if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
            continue;
          bytes = tsr_file_read (path, NULL);
          if (bytes != NULL)
            spriteset = tsr_sphere_spriteset_parse (bytes, NULL);
        }
      g_hash_table_insert (found, g_steal_pointer (&name), spriteset);
    }
  return found;
}

typedef enum {
  TILE_UNKNOWN = 0,
  TILE_OPAQUE,
  TILE_EMPTY,
  TILE_MIXED,
} TileCoverage;

static TileCoverage
tsr_sphere_tile_coverage (const guint8 *pixels, gsize count)
{
  gboolean all_opaque = TRUE, all_empty = TRUE;

  for (gsize p = 0; p < count; p++)
    {
      all_opaque &= pixels[p * 4 + 3] == 255;
      all_empty &= pixels[p * 4 + 3] == 0;
    }
  return all_opaque ? TILE_OPAQUE : all_empty ? TILE_EMPTY : TILE_MIXED;
}

/* Copies an opaque block onto IMAGE at (X, Y), clipped. */
static void
tsr_sphere_copy (TsrImage     *image,
                 const guint8 *source,
                 guint         source_width,
                 guint         source_height,
                 int           x,
                 int           y)
{
  int x0 = MAX (x, 0), y0 = MAX (y, 0);
  int x1 = MIN (x + (int) source_width, (int) image->width);
  int y1 = MIN (y + (int) source_height, (int) image->height);

  if (x0 >= x1)
    return;
  for (int py = y0; py < y1; py++)
    memcpy (image->pixels + ((gsize) py * image->width + (gsize) x0) * 4,
            source + ((gsize) (py - y) * source_width + (gsize) (x0 - x)) * 4, (gsize) (x1 - x0) * 4);
}

/* Source-over blend of SOURCE's pixels onto IMAGE at (X, Y), clipped. */
static void
tsr_sphere_blend (TsrImage     *image,
                  const guint8 *source,
                  guint         source_width,
                  guint         source_height,
                  int           x,
                  int           y)
{
  int x0 = MAX (x, 0), y0 = MAX (y, 0);
  int x1 = MIN (x + (int) source_width, (int) image->width);
  int y1 = MIN (y + (int) source_height, (int) image->height);

  for (int py = y0; py < y1; py++)
    {
      const guint8 *s = source + ((gsize) (py - y) * source_width + (gsize) (x0 - x)) * 4;
      guint8 *d = image->pixels + ((gsize) py * image->width + (gsize) x0) * 4;

      for (int px = x0; px < x1; px++, s += 4, d += 4)
        {
          guint a = s[3];

          if (a == 255)
            memcpy (d, s, 4);
          else if (a != 0 && d[3] == 255)
            {
              /* The usual case, a layer over an opaque one: a division by a constant. */
              guint inverse = 255 - a;

              d[0] = (guint8) ((s[0] * a + d[0] * inverse + 127) / 255);
              d[1] = (guint8) ((s[1] * a + d[1] * inverse + 127) / 255);
              d[2] = (guint8) ((s[2] * a + d[2] * inverse + 127) / 255);
            }
          else if (a != 0)
            {
              guint da = d[3];
              guint out_a = a + da * (255 - a) / 255;

              for (int c = 0; c < 3; c++)
                d[c] = (guint8) ((s[c] * a + d[c] * da * (255 - a) / 255) / MAX (out_a, 1));
              d[3] = (guint8) out_a;
            }
        }
    }
}

static void
tsr_sphere_plot (TsrImage *image, int x, int y, guint32 rgba)
{
  if (x >= 0 && y >= 0 && x < (int) image->width && y < (int) image->height)
    tsr_image_set_pixel (image, (guint) x, (guint) y, rgba);
}

static void
tsr_sphere_line (TsrImage *image, int x0, int y0, int x1, int y1, guint32 rgba)
{
  int dx = abs (x1 - x0), dy = -abs (y1 - y0);
  int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  int err = dx + dy;
  int steps = 0;

  /* Clip roughly: lines far outside the image are skipped, and length is bounded. */
  if ((x0 < 0 && x1 < 0) || (y0 < 0 && y1 < 0) ||
      (x0 >= (int) image->width && x1 >= (int) image->width) ||
      (y0 >= (int) image->height && y1 >= (int) image->height))
    return;
  for (;;)
    {
      tsr_sphere_plot (image, x0, y0, rgba);
      if ((x0 == x1 && y0 == y1) || ++steps > 1 << 17)
        break;
      int e2 = 2 * err;
      if (e2 >= dy) { err += dy; x0 += sx; }
      if (e2 <= dx) { err += dx; y0 += sy; }
    }
}

static void
tsr_sphere_rectangle (TsrImage *image, int x0, int y0, int x1, int y1, guint32 rgba)
{
  tsr_sphere_line (image, x0, y0, x1, y0, rgba);
  tsr_sphere_line (image, x1, y0, x1, y1, rgba);
  tsr_sphere_line (image, x1, y1, x0, y1, rgba);
  tsr_sphere_line (image, x0, y1, x0, y0, rgba);
}

static void
tsr_sphere_marker (TsrImage *image, int x, int y, guint32 fill, guint32 outline)
{
  for (int dy = -4; dy <= 4; dy++)
    for (int dx = -4; dx <= 4; dx++)
      tsr_sphere_plot (image, x + dx, y + dy, abs (dx) == 4 || abs (dy) == 4 ? outline : fill);
}

static const char *
tsr_sphere_direction_pose (guint8 direction)
{
  static const char *const names[] = {
    "north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest",
  };

  return names[direction % 8];
}

static void
tsr_sphere_draw_entities (const TsrSphereMap *map,
                          GHashTable         *spritesets,
                          TsrImage           *image,
                          guint               layer_index,
                          int                 ox,
                          int                 oy)
{
  for (guint i = 0; i < map->entities->len; i++)
    {
      const TsrSphereEntity *entity = g_ptr_array_index (map->entities, i);
      guint layer = entity->layer < map->layers->len ? entity->layer : 0;
      int x = (int) entity->x - ox, y = (int) entity->y - oy;

      if (layer != layer_index)
        continue;
      if (entity->type == TSR_SPHERE_ENTITY_PERSON)
        {
          g_autofree char *name = tsr_sphere_string_to_utf8 (entity->spriteset);
          const TsrSphereSpriteset *spriteset = NULL;
          const TsrImage *frame = NULL;

          g_strdelimit (name, "\\", '/');
          if (spritesets != NULL)
            spriteset = g_hash_table_lookup (spritesets, name);
          if (spriteset != NULL)
            frame = tsr_sphere_spriteset_pose_image (spriteset, tsr_sphere_direction_pose (4));
          if (frame != NULL)
            {
              /* Sphere places a person so the middle of its base rectangle is on its position. */
              int bx = (spriteset->base_x1 + spriteset->base_x2) / 2;
              int by = (spriteset->base_y1 + spriteset->base_y2) / 2;

              tsr_sphere_blend (image, frame->pixels, frame->width, frame->height, x - bx, y - by);
            }
          else
            tsr_sphere_marker (image, x, y, 0xff40ffff, 0x400040ff);
        }
      else
        tsr_sphere_marker (image, x, y, 0xffd800ff, 0x403000ff);
    }
}

void
tsr_sphere_map_render_into (const TsrSphereMap  *map,
                            GHashTable          *spritesets,
                            TsrImage            *image,
                            int                  ox,
                            int                  oy,
                            TsrSphereRenderFlags flags)
{
  const TsrSphereTileset *tileset = tsr_sphere_map_get_tileset (map);
  guint tile_width = tileset ? tileset->tile_width : 16;
  guint tile_height = tileset ? tileset->tile_height : 16;

  g_autofree guint8 *coverage = tileset ? g_malloc0 (MAX (tileset->tiles->len, 1u)) : NULL;

  memset (image->pixels, 0, (gsize) image->width * image->height * 4);
  for (guint l = 0; l < map->layers->len; l++)
    {
      const TsrSphereLayer *layer = g_ptr_array_index (map->layers, l);

      if ((layer->flags & TSR_SPHERE_LAYER_HIDDEN) == 0 && tileset != NULL && tileset->tiles->len > 0)
        {
          int first_x = MAX (ox, 0) / (int) tile_width, first_y = MAX (oy, 0) / (int) tile_height;
          int last_x = MIN ((ox + (int) image->width - 1) / (int) tile_width, (int) layer->width - 1);
          int last_y = MIN ((oy + (int) image->height - 1) / (int) tile_height, (int) layer->height - 1);

          for (int ty = first_y; ty <= last_y; ty++)
            for (int tx = first_x; tx <= last_x; tx++)
              {
                guint16 index = layer->tiles[(gsize) ty * layer->width + tx];
                const TsrSphereTile *tile;

                if (index >= tileset->tiles->len)
                  continue;
                tile = g_ptr_array_index (tileset->tiles, index);
                if (coverage[index] == TILE_UNKNOWN)
                  coverage[index] = tsr_sphere_tile_coverage (tile->pixels, (gsize) tile_width * tile_height);
                if (coverage[index] == TILE_OPAQUE)
                  tsr_sphere_copy (image, tile->pixels, tile_width, tile_height,
                                   tx * (int) tile_width - ox, ty * (int) tile_height - oy);
                else if (coverage[index] == TILE_MIXED)
                  tsr_sphere_blend (image, tile->pixels, tile_width, tile_height,
                                    tx * (int) tile_width - ox, ty * (int) tile_height - oy);
              }
        }
      if (flags & TSR_SPHERE_RENDER_ENTITIES)
        tsr_sphere_draw_entities (map, spritesets, image, l, ox, oy);
    }

  if (flags & TSR_SPHERE_RENDER_OBSTRUCTIONS)
    for (guint l = 0; l < map->layers->len; l++)
      {
        const TsrSphereLayer *layer = g_ptr_array_index (map->layers, l);

        for (guint s = 0; s < layer->segments->len; s++)
          {
            const TsrSphereSegment *segment = &g_array_index (layer->segments, TsrSphereSegment, s);

            tsr_sphere_line (image, (int) MIN (segment->x1, 65535) - ox, (int) MIN (segment->y1, 65535) - oy,
                             (int) MIN (segment->x2, 65535) - ox, (int) MIN (segment->y2, 65535) - oy, 0xff2020ff);
          }
      }
  if (flags & TSR_SPHERE_RENDER_ZONES)
    for (guint z = 0; z < map->zones->len; z++)
      {
        const TsrSphereZone *zone = g_ptr_array_index (map->zones, z);

        tsr_sphere_rectangle (image, zone->x1 - ox, zone->y1 - oy, zone->x2 - ox, zone->y2 - oy, 0x20e0ffff);
      }
}

TsrImage *
tsr_sphere_map_render_area (const TsrSphereMap  *map,
                            GHashTable          *spritesets,
                            int                  x,
                            int                  y,
                            guint                width,
                            guint                height,
                            TsrSphereRenderFlags flags,
                            GError             **error)
{
  TsrImage *image = tsr_image_new_checked (width, height, TSR_IMAGE_MAX_PIXELS, "map", error);

  if (image == NULL)
    return NULL;
  tsr_sphere_map_render_into (map, spritesets, image, x, y, flags);
  return image;
}

/* Source-over of one RGBA pixel S onto D. */
static void
tsr_sphere_blend_pixel (guint8       *d,
                        const guint8 *s)
{
  guint a = s[3], da = d[3], out_a;

  if (a == 255 || da == 0)
    {
      if (a != 0)
        memcpy (d, s, 4);
      return;
    }
  if (a == 0)
    return;
  out_a = a + da * (255 - a) / 255;
  for (int c = 0; c < 3; c++)
    d[c] = (guint8) ((s[c] * a + d[c] * da * (255 - a) / 255) / MAX (out_a, 1));
  d[3] = (guint8) out_a;
}

TsrImage *
tsr_sphere_map_render_scaled (const TsrSphereMap  *map,
                              GHashTable          *spritesets,
                              guint                width,
                              guint                height,
                              TsrSphereRenderFlags flags,
                              GError             **error)
{
  const TsrSphereTileset *tileset = tsr_sphere_map_get_tileset (map);
  guint tile_width = tileset ? tileset->tile_width : 16;
  guint tile_height = tileset ? tileset->tile_height : 16;
  guint map_width, map_height;
  g_autoptr(TsrImage) image = NULL;
  g_autofree guint *columns = NULL;
  double sx, sy;

  tsr_sphere_map_pixel_size (map, &map_width, &map_height);
  if (map_width == 0 || map_height == 0 || (width == map_width && height == map_height))
    return tsr_sphere_map_render_area (map, spritesets, 0, 0, MAX (width, 1u), MAX (height, 1u),
                                       flags, error);
  image = tsr_image_new_checked (width, height, TSR_IMAGE_MAX_PIXELS, "map", error);
  if (image == NULL)
    return NULL;
  sx = (double) width / map_width;
  sy = (double) height / map_height;

  /* Nearest sampling: each output pixel shows the map pixel under its centre, so the time is
   * bounded by the output, not by the map's declared size. */
  columns = g_new (guint, width);
  for (guint x = 0; x < width; x++)
    columns[x] = (guint) (((guint64) x * 2 + 1) * map_width / ((guint64) width * 2));
  for (guint l = 0; tileset != NULL && tileset->tiles->len > 0 && l < map->layers->len; l++)
    {
      const TsrSphereLayer *layer = g_ptr_array_index (map->layers, l);

      if (layer->flags & TSR_SPHERE_LAYER_HIDDEN)
        continue;
      for (guint y = 0; y < height; y++)
        {
          guint my = (guint) (((guint64) y * 2 + 1) * map_height / ((guint64) height * 2));
          guint ty = my / tile_height;
          guint8 *row = image->pixels + (gsize) y * width * 4;

          if (ty >= layer->height)
            continue;
          for (guint x = 0; x < width; x++)
            {
              guint mx = columns[x], tx = mx / tile_width;
              guint16 index;
              const TsrSphereTile *tile;

              if (tx >= layer->width)
                continue;
              index = layer->tiles[(gsize) ty * layer->width + tx];
              if (index >= tileset->tiles->len)
                continue;
              tile = g_ptr_array_index (tileset->tiles, index);
              tsr_sphere_blend_pixel (row + (gsize) x * 4,
                                      tile->pixels + ((gsize) (my % tile_height) * tile_width
                                                      + mx % tile_width) * 4);
            }
        }
    }

  if (flags & TSR_SPHERE_RENDER_ENTITIES)
    for (guint i = 0; i < map->entities->len; i++)
      {
        const TsrSphereEntity *entity = g_ptr_array_index (map->entities, i);
        gboolean person = entity->type == TSR_SPHERE_ENTITY_PERSON;

        tsr_sphere_marker (image, (int) (entity->x * sx), (int) (entity->y * sy),
                           person ? 0xff40ffff : 0xffd800ff, person ? 0x400040ff : 0x403000ff);
      }
  if (flags & TSR_SPHERE_RENDER_OBSTRUCTIONS)
    for (guint l = 0; l < map->layers->len; l++)
      {
        const TsrSphereLayer *layer = g_ptr_array_index (map->layers, l);

        for (guint i = 0; i < layer->segments->len; i++)
          {
            const TsrSphereSegment *segment = &g_array_index (layer->segments, TsrSphereSegment, i);

            tsr_sphere_line (image, (int) (MIN (segment->x1, 65535) * sx), (int) (MIN (segment->y1, 65535) * sy),
                             (int) (MIN (segment->x2, 65535) * sx), (int) (MIN (segment->y2, 65535) * sy),
                             0xff2020ff);
          }
      }
  if (flags & TSR_SPHERE_RENDER_ZONES)
    for (guint z = 0; z < map->zones->len; z++)
      {
        const TsrSphereZone *zone = g_ptr_array_index (map->zones, z);

        tsr_sphere_rectangle (image, (int) (zone->x1 * sx), (int) (zone->y1 * sy),
                              (int) (zone->x2 * sx), (int) (zone->y2 * sy), 0x20e0ffff);
      }
  return g_steal_pointer (&image);
}
