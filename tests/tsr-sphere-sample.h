/* tsr-sphere-sample.h: builds the Sphere sample that ships in data/samples/sphere/ (a map, its
 * tileset and a spriteset, all pixels drawn here procedurally). Shared by the generator
 * (gen-sphere-sample.c) and the test that checks the committed files still match it. */
#pragma once

#include <math.h>
#include <string.h>

#include "formats/sphere/tsr-sphere-map.h"
#include "formats/sphere/tsr-sphere-spriteset.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "formats/sphere/tsr-sphere-tileset.h"

enum { SAMPLE_GRASS, SAMPLE_WATER, SAMPLE_PATH, SAMPLE_WALL, SAMPLE_FLOWERS, SAMPLE_TREE, SAMPLE_CLEAR, SAMPLE_TILES };

static guint32
sample_noise (guint32 x, guint32 y, guint32 seed)
{
  guint32 h = x * 374761393u + y * 668265263u + seed * 2246822519u;

  h = (h ^ (h >> 13)) * 1274126177u;
  return h ^ (h >> 16);
}

static void
sample_put (guint8 *pixels, guint x, guint y, guint8 r, guint8 g, guint8 b, guint8 a)
{
  guint8 *p = pixels + ((gsize) y * 16 + x) * 4;

  p[0] = r; p[1] = g; p[2] = b; p[3] = a;
}

static void
sample_draw_tile (guint8 *pixels, guint kind)
{
  for (guint y = 0; y < 16; y++)
    for (guint x = 0; x < 16; x++)
      {
        guint n = sample_noise (x, y, kind) & 31;

        switch (kind)
          {
          case SAMPLE_GRASS:
            sample_put (pixels, x, y, 40 + n / 2, 120 + n, 40, 255);
            break;
          case SAMPLE_WATER:
            {
              int wave = (int) (2.0 * sin ((x + y * 0.5) * 0.8));
              gboolean crest = ((int) y + wave) % 6 == 0;

              sample_put (pixels, x, y, crest ? 150 : 30, crest ? 200 : 80 + n / 2, 200 + n / 2, 255);
            }
            break;
          case SAMPLE_PATH:
            sample_put (pixels, x, y, 150 + n, 130 + n, 90 + n / 2, 255);
            break;
          case SAMPLE_WALL:
            {
              gboolean mortar = y % 4 == 3 || (x + (y / 4 % 2) * 4) % 8 == 7;

              if (mortar)
                sample_put (pixels, x, y, 180, 180, 170, 255);
              else
                sample_put (pixels, x, y, 140 + n, 60 + n / 2, 40, 255);
            }
            break;
          case SAMPLE_FLOWERS:
            {
              guint petal = sample_noise (x / 4, y / 4, 99) % 3;
              gboolean centre = x % 4 == 2 && y % 4 == 2;
              gboolean ring = abs ((int) (x % 4) - 2) + abs ((int) (y % 4) - 2) == 1;

              if (centre)
                sample_put (pixels, x, y, 250, 220, 40, 255);
              else if (ring && petal != 0)
                sample_put (pixels, x, y, petal == 1 ? 230 : 240, petal == 1 ? 60 : 240, petal == 1 ? 90 : 250, 255);
              else
                sample_put (pixels, x, y, 0, 0, 0, 0);
            }
            break;
          case SAMPLE_CLEAR:
            sample_put (pixels, x, y, 0, 0, 0, 0);
            break;
          case SAMPLE_TREE:
            {
              double dx = x - 7.5, dy = y - 7.5;
              double d = sqrt (dx * dx + dy * dy);

              if (d < 7.5)
                sample_put (pixels, x, y, 20 + n / 2, 80 + n + (guint) ((7.5 - d) * 8), 30, d > 6.8 ? 160 : 255);
              else
                sample_put (pixels, x, y, 0, 0, 0, 0);
            }
            break;
          }
      }
}

static TsrSphereTileset *
sample_build_tileset (void)
{
  TsrSphereTileset *tileset = tsr_sphere_tileset_new (16, 16);
  static const char *const names[] = { "grass", "water", "path", "wall", "flowers", "tree", "clear" };

  tileset->has_obstructions = 1;
  for (guint i = 0; i < SAMPLE_TILES; i++)
    {
      TsrSphereTile *tile = tsr_sphere_tileset_add_tile (tileset);

      sample_draw_tile (tile->pixels, i);
      tsr_sphere_string_set (&tile->name, names[i]);
      if (i == SAMPLE_WALL)
        {
          TsrSphereSegment box[] = { { 0, 0, 16, 0 }, { 16, 0, 16, 16 }, { 16, 16, 0, 16 }, { 0, 16, 0, 0 } };

          tile->obstruction_type = TSR_SPHERE_OBSTRUCTION_SEGMENTS;
          g_array_append_vals (tile->segments, box, G_N_ELEMENTS (box));
        }
    }
  return tileset;
}

static TsrSphereSpriteset *
sample_build_spriteset (void)
{
  TsrSphereSpriteset *spriteset = tsr_sphere_spriteset_new (3, 16, 24);
  static const char *const directions[] = { "north", "east", "south", "west" };

  spriteset->base_x1 = 2;
  spriteset->base_y1 = 16;
  spriteset->base_x2 = 13;
  spriteset->base_y2 = 23;
  for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
    {
      TsrSphereDirection *direction = tsr_sphere_spriteset_add_direction (spriteset, directions[d]);

      for (guint f = 0; f < 2; f++)
        {
          TsrImage *image = tsr_image_new (16, 24);
          TsrSphereFrame frame = { 0 };

          /* A robed figure: head, body, feet that alternate between the two frames. */
          for (guint y = 0; y < 24; y++)
            for (guint x = 0; x < 16; x++)
              {
                int cx = (int) x - 8, cy = (int) y;
                guint32 colour = 0;

                if (cx * cx + (cy - 5) * (cy - 5) <= 12)
                  colour = 0xf0c8a0ff;
                else if (cy >= 9 && cy < 21 && abs (cx) <= 2 + (cy - 9) / 3)
                  colour = d % 2 ? 0x3050c0ff : 0x2040a0ff;
                else if (cy >= 21 && ((f == 0 && cx >= -3 && cx <= -1) || (f == 1 && cx >= 1 && cx <= 3)))
                  colour = 0x402010ff;
                if (colour != 0)
                  tsr_image_set_pixel (image, x, y, colour);
              }
          if (d == 0)
            for (int x = 5; x <= 10; x++)
              tsr_image_set_pixel (image, (guint) x, 3, 0x603010ff);
          frame.image = (guint16) spriteset->images->len;
          frame.delay = 8;
          g_ptr_array_add (spriteset->images, image);
          g_array_append_val (direction->frames, frame);
        }
    }
  spriteset->image_count = (guint16) spriteset->images->len;
  spriteset->direction_count = (guint16) spriteset->directions->len;
  return spriteset;
}

static TsrSphereMap *
sample_build_map (void)
{
  TsrSphereMap *map = tsr_sphere_map_new (20, 15, NULL);
  TsrSphereLayer *base = g_ptr_array_index (map->layers, 0);
  TsrSphereLayer *top = tsr_sphere_layer_new (20, 15, "Decoration");
  TsrSphereEntity *person, *trigger;

  tsr_sphere_map_set_string (map, TSR_SPHERE_STRING_TILESET, "sample.rts");
  tsr_sphere_map_set_string (map, TSR_SPHERE_STRING_ENTRY, "SetTalkActivationKey(KEY_SPACE);");
  for (guint y = 0; y < 15; y++)
    for (guint x = 0; x < 20; x++)
      {
        guint16 tile = SAMPLE_GRASS;

        if (x >= 14 && y >= 3 && y <= 10)
          tile = SAMPLE_WATER;
        else if (y == 7 || (x == 6 && y < 7))
          tile = SAMPLE_PATH;
        else if (y <= 2 && x >= 3 && x <= 9)
          tile = SAMPLE_WALL;
        tsr_sphere_layer_set_tile (base, x, y, tile);
        tsr_sphere_layer_set_tile (top, x, y, SAMPLE_CLEAR);
      }
  for (guint i = 0; i < 6; i++)
    tsr_sphere_layer_set_tile (top, 1 + i * 2, 11 + i % 2, SAMPLE_FLOWERS);
  tsr_sphere_layer_set_tile (top, 1, 4, SAMPLE_TREE);
  tsr_sphere_layer_set_tile (top, 11, 2, SAMPLE_TREE);
  tsr_sphere_layer_set_tile (top, 12, 12, SAMPLE_TREE);
  {
    /* The shore of the lake is an obstruction on the base layer. */
    TsrSphereSegment shore[] = { { 224, 48, 224, 176 }, { 224, 176, 320, 176 }, { 224, 48, 320, 48 } };

    g_array_append_vals (base->segments, shore, G_N_ELEMENTS (shore));
  }
  tsr_sphere_map_insert_layer (map, -1, top);
  map->start_x = 104;
  map->start_y = 120;
  map->start_direction = 4;

  person = tsr_sphere_entity_new_person (160, 120, 0, "Guide", "guide.rss");
  tsr_sphere_string_set ((GBytes **) &g_ptr_array_index (person->scripts, 3),
                         "Print(\"Welcome to the Tessera sample.\");");
  tsr_sphere_map_add_entity (map, -1, person, NULL);
  trigger = tsr_sphere_entity_new_trigger (104, 40, 0, "Print(\"A closed door.\");");
  tsr_sphere_map_add_entity (map, -1, trigger, NULL);
  tsr_sphere_map_add_zone (map, -1, tsr_sphere_zone_new (16, 160, 112, 208, 0, "Print(\"Flowers.\");"), NULL);
  return map;
}
