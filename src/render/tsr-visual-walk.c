/* tsr-visual-walk.c: collision when walking in the visual mode. Long moves go in short steps
 * (a quarter of the distance kept from walls at most) so that no wall is stepped over. */
#include "config.h"

#include "render/tsr-visual-walk.h"
#include "render/tsr-visual-scene.h"

#include <math.h>

#define WORLD_ONE          1024.0f
#define MARATHON_SOLID_LINE 0x4000   /* map.h SOLID_LINE_BIT */
#define WOLF3D_AMBUSHTILE  106       /* WL_DEF.H AMBUSHTILE: floor for moving */
#define WOLF3D_STEP        0.125f
#define MARATHON_STEP      (TSR_VISUAL_MARATHON_WALL_DISTANCE / WORLD_ONE / 4.0f)
#define MAX_STEPS          256
#define PUSH_PASSES        4

/* Wolfenstein 3D ------------------------------------------------------------------------------ */

static gboolean
wolf3d_cell_blocks (const TsrWolf3dLevel *level,
                    TsrWolf3dGame         game,
                    int                   x,
                    int                   y)
{
  guint16 tile;

  if (x < 0 || y < 0 || x >= level->width || y >= level->height || level->planes[0] == NULL)
    return TRUE;
  tile = level->planes[0][y * level->width + x];
  /* SetupGameLevel: below AREATILE a tile is solid (actorat = tile), the ambush marker and 0 are
   * not; SpawnDoor makes doors block while closed, as they all are at level start. */
  if (tile != 0 && tile < WOLF3D_AMBUSHTILE)
    return TRUE;
  if (level->planes[1] != NULL)
    {
      TsrWolf3dObjectInfo info;

      if (tsr_wolf3d_object_lookup (game, level->planes[1][y * level->width + x], &info)
          && info.kind == TSR_WOLF3D_OBJECT_STATIC && info.blocking)
        return TRUE;
    }
  return FALSE;
}

gboolean
tsr_visual_walk_wolf3d_clear (const TsrWolf3dLevel *level,
                              TsrWolf3dGame         game,
                              float                 x,
                              float                 y)
{
  int xl, xh, yl, yh;

  g_return_val_if_fail (level != NULL, FALSE);
  if (!isfinite (x) || !isfinite (y) || fabsf (x) > 1e6f || fabsf (y) > 1e6f)
    return FALSE;
  /* TryMove: the cells the player's square touches. */
  xl = (int) floorf (x - TSR_VISUAL_WOLF3D_PLAYER_SIZE);
  xh = (int) floorf (x + TSR_VISUAL_WOLF3D_PLAYER_SIZE);
  yl = (int) floorf (y - TSR_VISUAL_WOLF3D_PLAYER_SIZE);
  yh = (int) floorf (y + TSR_VISUAL_WOLF3D_PLAYER_SIZE);
  for (int cy = yl; cy <= yh; cy++)
    for (int cx = xl; cx <= xh; cx++)
      if (wolf3d_cell_blocks (level, game, cx, cy))
        return FALSE;
  return TRUE;
}

gboolean
tsr_visual_walk_wolf3d (const TsrWolf3dLevel *level,
                        TsrWolf3dGame         game,
                        float                 position[3],
                        float                 dx,
                        float                 dy)
{
  float length = hypotf (dx, dy);
  int steps;
  gboolean clipped = FALSE;

  g_return_val_if_fail (level != NULL && position != NULL, FALSE);
  if (!isfinite (length) || length == 0.0f)
    return FALSE;
  if (!tsr_visual_walk_wolf3d_clear (level, game, position[0], position[1]))
    {
      /* Put inside a wall: free until out. */
      position[0] += dx;
      position[1] += dy;
      return FALSE;
    }
  steps = (int) MIN (ceilf (length / WOLF3D_STEP), (float) MAX_STEPS);
  for (int i = 0; i < steps; i++)
    {
      float sx = dx / steps, sy = dy / steps, x = position[0], y = position[1];

      /* ClipMove: the whole move, else its x alone, else its y alone, else none. */
      if (tsr_visual_walk_wolf3d_clear (level, game, x + sx, y + sy))
        {
          position[0] = x + sx;
          position[1] = y + sy;
          continue;
        }
      clipped = TRUE;
      if (sx != 0.0f && tsr_visual_walk_wolf3d_clear (level, game, x + sx, y))
        position[0] = x + sx;
      else if (sy != 0.0f && tsr_visual_walk_wolf3d_clear (level, game, x, y + sy))
        position[1] = y + sy;
      else
        break;
    }
  return clipped;
}

/* Marathon -------------------------------------------------------------------------------------- */

static gboolean
polygon_contains (const TsrMarathonLevel   *level,
                  const TsrMarathonPolygon *polygon,
                  float                     x,
                  float                     y)
{
  float ring[8][2];
  guint n = MIN (polygon->vertex_count, 8u);
  gboolean inside = FALSE;

  if (n < 3)
    return FALSE;
  for (guint v = 0; v < n; v++)
    if (!tsr_visual_marathon_corner (level, polygon->endpoint_indexes[v], ring[v]))
      return FALSE;
  for (guint i = 0, j = n - 1; i < n; j = i++)
    if ((ring[i][1] > y) != (ring[j][1] > y)
        && x < (ring[j][0] - ring[i][0]) * (y - ring[i][1]) / (ring[j][1] - ring[i][1]) + ring[i][0])
      inside = !inside;
  return inside;
}

gint
tsr_visual_walk_marathon_polygon_at (const TsrMarathonLevel *level,
                                     float                   x,
                                     float                   y)
{
  g_return_val_if_fail (level != NULL, -1);
  if (level->polygons == NULL)
    return -1;
  for (guint i = 0; i < level->polygons->len; i++)
    if (polygon_contains (level, &g_array_index (level->polygons, TsrMarathonPolygon, i), x, y))
      return (gint) i;
  return -1;
}

gboolean
tsr_visual_walk_marathon_line_blocks (const TsrMarathonLevel *level,
                                      guint                   line,
                                      float                   feet)
{
  const TsrMarathonLine *record;
  const TsrMarathonPolygon *sides[2];
  int feet_units = (int) lroundf (feet * WORLD_ONE);

  g_return_val_if_fail (level != NULL, TRUE);
  if (level->lines == NULL || line >= level->lines->len)
    return TRUE;
  record = &g_array_index (level->lines, TsrMarathonLine, line);
  if (record->flags & MARATHON_SOLID_LINE)
    return TRUE;
  sides[0] = tsr_visual_marathon_polygon (level, record->clockwise_polygon_owner);
  sides[1] = tsr_visual_marathon_polygon (level, record->counterclockwise_polygon_owner);
  if (sides[0] == NULL || sides[1] == NULL)
    return TRUE;
  /* keep_line_segment_out_of_walls: a floor too high a step, a ceiling too low for the player's
   * height above the feet, or too little room between the higher floor and the lower ceiling. */
  for (guint s = 0; s < 2; s++)
    if (sides[s]->floor_height - feet_units > TSR_VISUAL_MARATHON_MAX_STEP
        || sides[s]->ceiling_height - feet_units < TSR_VISUAL_MARATHON_PLAYER_HEIGHT)
      return TRUE;
  return MIN (sides[0]->ceiling_height, sides[1]->ceiling_height)
         - MAX (sides[0]->floor_height, sides[1]->floor_height) < TSR_VISUAL_MARATHON_PLAYER_HEIGHT;
}

static float
cross (const float a[2], const float b[2], const float p[2])
{
  return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
}

/* Distance from P to the segment AB and where along it (0..1) the closest point lies. */
static float
segment_distance (const float a[2],
                  const float b[2],
                  const float p[2],
                  float      *along)
{
  float ex = b[0] - a[0], ey = b[1] - a[1], length2 = ex * ex + ey * ey;
  float t = length2 > 0.0f ? ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / length2 : 0.0f;

  t = CLAMP (t, 0.0f, 1.0f);
  if (along != NULL)
    *along = t;
  return hypotf (p[0] - (a[0] + t * ex), p[1] - (a[1] + t * ey));
}

/* Whether going from P to Q crosses the segment AB (strictly: touching it does not). */
static gboolean
crosses (const float a[2],
         const float b[2],
         const float p[2],
         const float q[2])
{
  float c1 = cross (a, b, p), c2 = cross (a, b, q), c3 = cross (p, q, a), c4 = cross (p, q, b);

  return ((c1 > 0.0f && c2 < 0.0f) || (c1 < 0.0f && c2 > 0.0f))
         && ((c3 > 0.0f && c4 < 0.0f) || (c3 < 0.0f && c4 > 0.0f));
}

/* Pushes P (the end of a step from FROM) out of every line that stops feet at FEET; with PUSH
 * FALSE only says whether one would. TRUE: P is where the step may end. */
static gboolean
keep_out_of_walls (const TsrMarathonLevel *level,
                   const float             from[2],
                   float                   p[2],
                   float                   feet,
                   gboolean                push)
{
  const float radius = TSR_VISUAL_MARATHON_WALL_DISTANCE / WORLD_ONE;
  gboolean moved = FALSE;

  for (guint i = 0; i < level->lines->len; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);
      float a[2], b[2], along, now, before, side, length, n[2], target;
      gboolean crossed;

      if (!tsr_visual_marathon_corner (level, line->endpoint_indexes[0], a) || !tsr_visual_marathon_corner (level, line->endpoint_indexes[1], b))
        continue;
      if (p[0] < MIN (a[0], b[0]) - radius - 1.0f || p[0] > MAX (a[0], b[0]) + radius + 1.0f
          || p[1] < MIN (a[1], b[1]) - radius - 1.0f || p[1] > MAX (a[1], b[1]) + radius + 1.0f)
        continue;
      now = segment_distance (a, b, p, &along);
      crossed = crosses (a, b, from, p);
      if (!crossed && now >= radius)
        continue;
      before = segment_distance (a, b, from, NULL);
      /* Already too close (put there, or stepped down past a ledge): it may move away. */
      if (!crossed && now >= before - 1e-6f)
        continue;
      if (!tsr_visual_walk_marathon_line_blocks (level, i, feet))
        continue;
      if (!push)
        return FALSE;
      moved = TRUE;
      target = MIN (radius, before);
      length = hypotf (b[0] - a[0], b[1] - a[1]);
      side = cross (a, b, from);
      if (length > 0.0f)
        {
          /* The normal towards the side the step came from. */
          n[0] = -(b[1] - a[1]) / length;
          n[1] = (b[0] - a[0]) / length;
          if (side < 0.0f)
            n[0] = -n[0], n[1] = -n[1];
        }
      else
        n[0] = 1.0f, n[1] = 0.0f;
      if (crossed || (along > 0.0f && along < 1.0f) || length == 0.0f)
        {
          /* Onto the line pushed out by TARGET (closest_point_on_line of the exclusion zone). */
          float t = length > 0.0f ? ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / (length * length) : 0.0f;

          p[0] = a[0] + t * (b[0] - a[0]) + n[0] * target;
          p[1] = a[1] + t * (b[1] - a[1]) + n[1] * target;
        }
      else
        {
          /* Round an end point (the endpoint's circle, closest_point_on_circle). */
          const float *e = along <= 0.0f ? a : b;
          float ox = p[0] - e[0], oy = p[1] - e[1], d = hypotf (ox, oy);

          if (d < 1e-6f)
            ox = n[0], oy = n[1], d = 1.0f;
          p[0] = e[0] + ox / d * target;
          p[1] = e[1] + oy / d * target;
        }
    }
  return !push || !moved;
}

/* One step of at most MARATHON_STEP from POSITION by (SX, SY): FALSE when it cannot be taken
 * (pushed out of one wall into another, or off the map). */
static gboolean
marathon_step (const TsrMarathonLevel   *level,
               const TsrMarathonPolygon *polygon,
               float                     position[3],
               float                     sx,
               float                     sy)
{
  float from[2] = { position[0], position[1] }, p[2] = { position[0] + sx, position[1] + sy };
  float feet = polygon->floor_height / WORLD_ONE;
  const TsrMarathonPolygon *there;
  gboolean settled = FALSE;

  for (int pass = 0; pass < PUSH_PASSES && !settled; pass++)
    settled = keep_out_of_walls (level, from, p, feet, TRUE);
  if (!settled && !keep_out_of_walls (level, from, p, feet, FALSE))
    return FALSE;
  there = tsr_visual_marathon_polygon (level, tsr_visual_walk_marathon_polygon_at (level, p[0], p[1]));
  if (there == NULL)
    return FALSE;
  /* The camera keeps its height above the floor. */
  position[2] += (there->floor_height - polygon->floor_height) / WORLD_ONE;
  position[0] = p[0];
  position[1] = p[1];
  return TRUE;
}

gboolean
tsr_visual_walk_marathon (const TsrMarathonLevel *level,
                          float                   position[3],
                          float                   dx,
                          float                   dy)
{
  float length = hypotf (dx, dy);
  gboolean clipped = FALSE;
  int steps;

  g_return_val_if_fail (level != NULL && position != NULL, FALSE);
  if (!isfinite (length) || length == 0.0f)
    return FALSE;
  steps = (int) MIN (ceilf (length / MARATHON_STEP), (float) MAX_STEPS);
  for (int i = 0; i < steps; i++)
    {
      const TsrMarathonPolygon *polygon = level->lines != NULL
        ? tsr_visual_marathon_polygon (level, tsr_visual_walk_marathon_polygon_at (level, position[0], position[1])) : NULL;
      float sx = dx / steps, sy = dy / steps, want[2] = { position[0] + sx, position[1] + sy };
      gboolean taken = FALSE;

      if (polygon == NULL)
        {
          /* Outside every polygon: free until in one. */
          position[0] = want[0];
          position[1] = want[1];
          continue;
        }
      /* Where a whole step cannot be taken (into a corner), shorter ones may. */
      for (int half = 0; half < 5 && !taken; half++, sx /= 2, sy /= 2)
        taken = marathon_step (level, polygon, position, sx, sy);
      if (!taken)
        return TRUE;
      if (position[0] != want[0] || position[1] != want[1])
        clipped = TRUE;
    }
  return clipped;
}
