/* tsr-marathon-sample.c: a small Marathon 2 map built with the codec's public API, the fixture of
 * the codec and derived-data tests: three rooms in a row (the middle one a platform, the last one
 * flooded), a light, textured walls, a player start, an item, a monster and a terminal. (The
 * bundled sample in data/samples/ is built with the editor's commands instead:
 * test-marathon-editor-sample.c.) */
#include "tsr-marathon-sample.h"

#include <math.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-terminal.h"

#define WALL_TEXTURE  ((17 << 8) | 5)   /* water walls collection, bitmap 5 */
#define FLOOR_TEXTURE ((17 << 8) | 9)
#define CEIL_TEXTURE  ((17 << 8) | 10)

static const char sample_script[] =
  ";\n"
  "#TERMINAL 0\n"
  "#UNFINISHED\n"
  "#LOGON 1600\n"
  "$C1tessera.sample\n"
  "#INFORMATION\n"
  "This map was written by Tessera's Marathon codec.\n"
  "$BThree rooms$b: a hall, a $Iplatform$i and a flooded room.\n"
  "#LOGOFF 1600\n"
  "$C1tessera.sample\n"
  "#ENDTERMINAL 0\n";

static void
add_line (TsrMarathonLevel *level,
          int a, int b)
{
  TsrMarathonLine line = { 0 };
  TsrMarathonPoint pa = g_array_index (level->points, TsrMarathonPoint, a);
  TsrMarathonPoint pb = g_array_index (level->points, TsrMarathonPoint, b);

  line.endpoint_indexes[0] = (gint16) a;
  line.endpoint_indexes[1] = (gint16) b;
  line.length = (gint16) lround (hypot (pb.x - pa.x, pb.y - pa.y));
  line.clockwise_side_index = line.counterclockwise_side_index = -1;
  line.clockwise_polygon_owner = line.counterclockwise_polygon_owner = -1;
  line.flags = 0x4000; /* solid until a second polygon shares it */
  line.lowest_adjacent_ceiling = 1024;
  g_array_append_val (level->lines, line);
}

static int
find_line (TsrMarathonLevel *level, int a, int b)
{
  for (guint i = 0; i < level->lines->len; i++)
    {
      TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      if ((line->endpoint_indexes[0] == a && line->endpoint_indexes[1] == b)
          || (line->endpoint_indexes[0] == b && line->endpoint_indexes[1] == a))
        return (int) i;
    }
  return -1;
}

static void
add_polygon (TsrMarathonLevel *level,
             const int        *vertices,
             guint             count,
             gint16            type,
             gint16            permutation,
             gint16            floor_height,
             gint16            media)
{
  TsrMarathonPolygon polygon = { 0 };
  int index = (int) level->polygons->len;
  int cx = 0, cy = 0;

  polygon.type = type;
  polygon.permutation = permutation;
  polygon.vertex_count = (guint16) count;
  polygon.floor_texture = FLOOR_TEXTURE;
  polygon.ceiling_texture = CEIL_TEXTURE;
  polygon.floor_height = floor_height;
  polygon.ceiling_height = 1024;
  polygon.first_object = -1;
  polygon.media_index = media;
  polygon.media_lightsource_index = media >= 0 ? 0 : -1;
  polygon.sound_source_indexes = -1;
  polygon.ambient_sound_image_index = -1;
  polygon.random_sound_image_index = -1;
  for (guint v = 0; v < 8; v++)
    {
      polygon.endpoint_indexes[v] = -1;
      polygon.line_indexes[v] = -1;
      polygon.adjacent_polygon_indexes[v] = -1;
      polygon.side_indexes[v] = -1;
    }
  for (guint v = 0; v < count; v++)
    {
      int a = vertices[v], b = vertices[(v + 1) % count];
      int l = find_line (level, a, b);
      TsrMarathonLine *line;
      TsrMarathonPoint p = g_array_index (level->points, TsrMarathonPoint, a);

      polygon.endpoint_indexes[v] = (gint16) a;
      polygon.line_indexes[v] = (gint16) l;
      cx += p.x;
      cy += p.y;
      line = &g_array_index (level->lines, TsrMarathonLine, l);
      if (line->endpoint_indexes[0] == a)
        line->clockwise_polygon_owner = (gint16) index;
      else
        line->counterclockwise_polygon_owner = (gint16) index;
    }
  polygon.center.x = (gint16) (cx / (int) count);
  polygon.center.y = (gint16) (cy / (int) count);
  polygon.area = 1024 * 1024;
  g_array_append_val (level->polygons, polygon);
}

/* Walls get a textured side; lines between two polygons become passable. */
static void
finish_lines (TsrMarathonLevel *level)
{
  for (guint l = 0; l < level->lines->len; l++)
    {
      TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, l);
      gboolean two = line->clockwise_polygon_owner >= 0 && line->counterclockwise_polygon_owner >= 0;
      gint16 owner = line->clockwise_polygon_owner >= 0 ? line->clockwise_polygon_owner
                                                        : line->counterclockwise_polygon_owner;
      TsrMarathonSide side = { 0 };

      if (two)
        {
          TsrMarathonPolygon *a = &g_array_index (level->polygons, TsrMarathonPolygon, line->clockwise_polygon_owner);
          TsrMarathonPolygon *b = &g_array_index (level->polygons, TsrMarathonPolygon, line->counterclockwise_polygon_owner);

          line->flags = 0x2000; /* transparent */
          for (guint v = 0; v < a->vertex_count; v++)
            if (a->line_indexes[v] == (gint16) l)
              a->adjacent_polygon_indexes[v] = line->counterclockwise_polygon_owner;
          for (guint v = 0; v < b->vertex_count; v++)
            if (b->line_indexes[v] == (gint16) l)
              b->adjacent_polygon_indexes[v] = line->clockwise_polygon_owner;
          continue;
        }
      side.type = 0; /* full side */
      side.primary_texture.texture = WALL_TEXTURE;
      side.secondary_texture.texture = -1;
      side.transparent_texture.texture = -1;
      side.polygon_index = owner;
      side.line_index = (gint16) l;
      side.primary_lightsource_index = 0;
      side.secondary_lightsource_index = 0;
      side.transparent_lightsource_index = 0;
      if (line->clockwise_polygon_owner >= 0)
        line->clockwise_side_index = (gint16) level->sides->len;
      else
        line->counterclockwise_side_index = (gint16) level->sides->len;
      {
        TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, owner);

        for (guint v = 0; v < polygon->vertex_count; v++)
          if (polygon->line_indexes[v] == (gint16) l)
            polygon->side_indexes[v] = (gint16) level->sides->len;
      }
      g_array_append_val (level->sides, side);
    }
}

static void
add_object (TsrMarathonLevel *level, gint16 type, gint16 index, gint16 polygon, gint16 x, gint16 y)
{
  TsrMarathonObject object = { type, index, 0, polygon, x, y, 0, 0 };

  g_array_append_val (level->objects, object);
}

TsrMarathonMap *
tsr_marathon_sample_build (GError **error)
{
  static const TsrMarathonPoint points[] = {
    { 0, 0 }, { 1024, 0 }, { 2048, 0 }, { 3072, 0 },
    { 3072, 1024 }, { 2048, 1024 }, { 1024, 1024 }, { 0, 1024 },
  };
  static const int room0[] = { 0, 1, 6, 7 }, room1[] = { 1, 2, 5, 6 }, room2[] = { 2, 3, 4, 5 };
  TsrWad *wad = tsr_wad_new (TSR_WAD_VERSION_OVERLAYS, 1, "Tessera Sample.sceA");
  TsrMarathonMap *map;
  TsrMarathonLevel *level;
  TsrMarathonLight light = { 0 };
  TsrMarathonMedia media = { 0 };
  TsrMarathonPlatform platform = { 0 };
  GPtrArray *terminals;

  map = tsr_marathon_map_from_wad (wad, error);
  if (map == NULL)
    return NULL;
  level = tsr_marathon_level_new (0, 1, "Tessera Sample");
  g_array_append_vals (level->points, points, G_N_ELEMENTS (points));
  for (int i = 0; i < 8; i++)
    add_line (level, i, (i + 1) % 8);
  add_line (level, 1, 6);
  add_line (level, 2, 5);
  add_polygon (level, room0, 4, 0, -1, 0, -1);
  add_polygon (level, room1, 4, 5, 0, 0, -1);    /* platform 0 */
  add_polygon (level, room2, 4, 0, -1, -256, 0); /* flooded by liquid 0 */
  finish_lines (level);
  /* The left wall of the first room is the terminal (water panel type 8, terminal 0). */
  for (guint i = 0; i < level->sides->len; i++)
    {
      TsrMarathonSide *side = &g_array_index (level->sides, TsrMarathonSide, i);

      if (side->line_index == 7)
        {
          side->flags |= 0x0002;
          side->control_panel_type = 8;
          side->control_panel_permutation = 0;
        }
    }

  light.type = 0;
  light.flags = 0x0001; /* initially active */
  light.primary_active.intensity = 0x10000;
  light.secondary_active.intensity = 0x10000;
  light.becoming_active.intensity = 0x10000;
  light.primary_inactive.intensity = 0x8000;
  light.secondary_inactive.intensity = 0x8000;
  light.becoming_inactive.intensity = 0x8000;
  light.primary_active.period = light.secondary_active.period = light.becoming_active.period = 30;
  light.primary_inactive.period = light.secondary_inactive.period = light.becoming_inactive.period = 30;
  g_array_append_val (level->lights, light);

  media.type = 0; /* water */
  media.light_index = 0;
  media.low = -256;
  media.high = 256;
  media.texture = -1;
  media.minimum_light_intensity = 0x4000;
  g_array_append_val (level->media, media);

  platform.type = 0;
  platform.speed = 30;
  platform.delay = 60;
  platform.maximum_height = 512;
  platform.minimum_height = 0;
  platform.static_flags = 0x0001 | 0x0200; /* initially active, activates when entered */
  platform.polygon_index = 1;
  platform.tag = 0;
  g_array_append_val (level->platforms, platform);

  add_object (level, 3, 0, 0, 256, 512);  /* player start */
  add_object (level, 2, 7, 0, 768, 256);  /* an item */
  add_object (level, 0, 1, 2, 2560, 512); /* a monster */

  terminals = tsr_marathon_terminals_compile (sample_script, strlen (sample_script), "sample", error);
  if (terminals == NULL)
    {
      tsr_marathon_level_free (level);
      tsr_marathon_map_free (map);
      return NULL;
    }
  level->terminals = terminals;
  tsr_marathon_map_add_level (map, level, 0);
  return map;
}
