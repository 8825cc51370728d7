/* tsr-visual-test-levels.c: the small Marathon levels the visual mode's scene and renderer tests
 * build (see the header). */
#include "tsr-visual-test-levels.h"

TsrMarathonLevel *
tsr_visual_test_rooms_level (guint         n,
                             const gint16 *floors,
                             const gint16 *ceilings,
                             gint32        intensity,
                             gboolean      textures_per_side)
{
  TsrMarathonLevel *level = tsr_marathon_level_new (0, 2, "Rooms");
  TsrMarathonLight light = { 0 };
  TsrMarathonLightingFunction constant = { 0, 30, 0, intensity, 0 };

  light.primary_active = light.secondary_active = light.becoming_active = constant;
  light.primary_inactive = light.secondary_inactive = light.becoming_inactive = constant;
  light.flags = 1;
  g_array_append_val (level->lights, light);
  for (guint row = 0; row < 2; row++)
    for (guint i = 0; i <= n; i++)
      {
        TsrMarathonPoint p = { (gint16) (i * 1024), (gint16) (row * 1024) };

        g_array_append_val (level->points, p);
      }
  /* Lines: top i, bottom N + i, vertical 2N + j. */
  for (guint row = 0; row < 2; row++)
    for (guint i = 0; i < n; i++)
      {
        TsrMarathonLine line = { { (gint16) (row * (n + 1) + i), (gint16) (row * (n + 1) + i + 1) } };

        line.clockwise_polygon_owner = row == 0 ? (gint16) i : -1;
        line.counterclockwise_polygon_owner = row == 1 ? (gint16) i : -1;
        line.clockwise_side_index = line.counterclockwise_side_index = -1;
        line.length = 1024;
        g_array_append_val (level->lines, line);
      }
  for (guint j = 0; j <= n; j++)
    {
      TsrMarathonLine line = { { (gint16) j, (gint16) (n + 1 + j) } };

      line.clockwise_polygon_owner = j > 0 ? (gint16) (j - 1) : -1;
      line.counterclockwise_polygon_owner = j < n ? (gint16) j : -1;
      line.clockwise_side_index = line.counterclockwise_side_index = -1;
      line.length = 1024;
      g_array_append_val (level->lines, line);
    }
  for (guint i = 0; i < n; i++)
    {
      TsrMarathonPolygon polygon = { 0 };

      polygon.vertex_count = 4;
      polygon.endpoint_indexes[0] = (gint16) i;
      polygon.endpoint_indexes[1] = (gint16) (i + 1);
      polygon.endpoint_indexes[2] = (gint16) (n + 1 + i + 1);
      polygon.endpoint_indexes[3] = (gint16) (n + 1 + i);
      polygon.line_indexes[0] = (gint16) i;
      polygon.line_indexes[1] = (gint16) (2 * n + i + 1);
      polygon.line_indexes[2] = (gint16) (n + i);
      polygon.line_indexes[3] = (gint16) (2 * n + i);
      for (guint v = 4; v < 8; v++)
        polygon.endpoint_indexes[v] = polygon.line_indexes[v] = -1;
      for (guint v = 0; v < 8; v++)
        polygon.adjacent_polygon_indexes[v] = polygon.side_indexes[v] = -1;
      for (guint e = 0; e < 4; e++)
        {
          TsrMarathonSide side = { 0 };

          side.polygon_index = (gint16) i;
          side.line_index = polygon.line_indexes[e];
          side.primary_texture.texture = textures_per_side ? TSR_VISUAL_TEST_TEXTURE (17, 4 * i + e)
                                                           : TSR_VISUAL_TEST_TEXTURE (17, 0);
          side.secondary_texture.texture = textures_per_side ? TSR_VISUAL_TEST_TEXTURE (17, 100 + 4 * i + e)
                                                             : TSR_VISUAL_TEST_TEXTURE (17, 1);
          side.transparent_texture.texture = -1;
          side.control_panel_type = -1;
          polygon.side_indexes[e] = (gint16) level->sides->len;
          g_array_append_val (level->sides, side);
        }
      polygon.floor_height = floors[i];
      polygon.ceiling_height = ceilings[i];
      polygon.floor_texture = TSR_VISUAL_TEST_TEXTURE (17, textures_per_side ? 200 : 1);
      polygon.ceiling_texture = TSR_VISUAL_TEST_TEXTURE (17, textures_per_side ? 201 : 1);
      polygon.media_index = -1;
      g_array_append_val (level->polygons, polygon);
    }
  return level;
}
