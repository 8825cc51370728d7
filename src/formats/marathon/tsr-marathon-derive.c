/* tsr-marathon-derive.c: a level's derived data recomputed with the engine's arithmetic (16-bit
 * coordinates, rounded integer square roots, truncating divisions), so that what Tessera writes
 * is what the engine would have computed, and stored values can be checked against it. */
#include "formats/marathon/tsr-marathon-derive.h"

#include <string.h>
#include <glib/gi18n.h>
#include <inttypes.h>

#define TAG_IIDX TSR_WAD_TAG ('i', 'i', 'd', 'x')

#define POLYGON_IS_PLATFORM       5
#define POLYGON_IS_DETACHED       0x4000
#define LINE_IS_SOLID             0x4000
#define LINE_IS_TRANSPARENT       0x2000
#define LINE_IS_LANDSCAPED        0x1000
#define LINE_IS_ELEVATION         0x0800
#define LINE_IS_VARIABLE_ELEVATION 0x0400
#define LINE_HAS_TRANSPARENT_SIDE 0x0200
#define LINE_DERIVED_FLAGS        (LINE_IS_LANDSCAPED | LINE_IS_ELEVATION | LINE_IS_VARIABLE_ELEVATION \
                                   | LINE_HAS_TRANSPARENT_SIDE)
#define ENDPOINT_IS_SOLID         0x0001
#define ENDPOINT_IS_ELEVATION     0x0002
#define ENDPOINT_IS_TRANSPARENT   0x0004
#define ENDPOINT_DERIVED_FLAGS    (ENDPOINT_IS_SOLID | ENDPOINT_IS_ELEVATION | ENDPOINT_IS_TRANSPARENT)
#define XFER_LANDSCAPE            9
#define OBJECT_IS_SOUND_SOURCE    5

#define WORLD_ONE                 1024
#define SEPARATION_FROM_WALL      (WORLD_ONE / 4)
#define SEPARATION_FROM_PROJECTILE ((3 * WORLD_ONE) / 4)
#define ZERO_VOLUME_DISTANCE      (10 * WORLD_ONE)
#define MAXIMUM_FLOOD_NODES       255

/* ---- The engine's arithmetic ----------------------------------------------------------------- */

/* Rounded integer square root (the engine's isqrt: bit by bit, rounding up a remainder). */
static guint32
engine_isqrt (guint32 x)
{
  guint32 r = 0, m = 0x40000000u;

  do
    {
      guint32 nr = r + m;

      if (nr <= x)
        {
          x -= nr;
          r = nr + m;
        }
      r >>= 1;
      m >>= 2;
    }
  while (m != 0);
  if (x > r)
    r++;
  return r;
}

/* distance2d: the rounded length, at most INT16_MAX. */
static gint16
engine_distance (TsrMarathonPoint a,
                 TsrMarathonPoint b)
{
  gint64 dx = (gint64) b.x - a.x, dy = (gint64) b.y - a.y;
  guint32 d = engine_isqrt ((guint32) (dx * dx + dy * dy));

  return d > G_MAXINT16 ? G_MAXINT16 : (gint16) d;
}

/* GUESS_HYPOTENUSE: the longer leg plus half the shorter. */
static gint32
engine_guess_distance (TsrMarathonPoint a,
                       TsrMarathonPoint b)
{
  gint32 dx = ABS ((gint32) a.x - b.x), dy = ABS ((gint32) a.y - b.y);
  gint32 d = dx > dy ? dx + (dy >> 1) : dy + (dx >> 1);

  return d > G_MAXINT16 ? G_MAXINT16 : d;
}

static gint32
engine_point_line_distance_squared (TsrMarathonPoint p,
                                    TsrMarathonPoint a,
                                    TsrMarathonPoint b)
{
  gint16 abx = (gint16) (b.x - a.x), aby = (gint16) (b.y - a.y);
  gint16 apx = (gint16) (p.x - a.x), apy = (gint16) (p.y - a.y);
  gint32 signed_numerator = (gint32) ((gint64) apx * aby - (gint64) apy * abx);
  guint32 numerator = signed_numerator < 0 ? (guint32) -(gint64) signed_numerator : (guint32) signed_numerator;
  guint32 denominator = (guint32) ((gint32) abx * abx) + (guint32) ((gint32) aby * aby);

  /* The engine halves the numerator below 2^16 before squaring it, and the denominator twice. */
  while (numerator >= (1u << 16))
    numerator >>= 1, denominator >>= 2;
  if (denominator == 0)
    denominator = 1;
  return (gint32) ((numerator * numerator) / denominator);
}

static gint32
engine_point_segment_distance_squared (TsrMarathonPoint p,
                                       TsrMarathonPoint a,
                                       TsrMarathonPoint b)
{
  gint16 abx = (gint16) (b.x - a.x), aby = (gint16) (b.y - a.y);
  gint16 apx = (gint16) (p.x - a.x), apy = (gint16) (p.y - a.y);
  gint16 bpx = (gint16) (p.x - b.x), bpy = (gint16) (p.y - b.y);

  /* In 32 bits as the engine computes them: sums of two squares of 16-bit values can wrap. */
  if ((gint32) ((gint64) abx * bpx + (gint64) aby * bpy) >= 0)
    return (gint32) ((gint64) bpx * bpx + (gint64) bpy * bpy);
  if ((gint32) ((gint64) abx * apx + (gint64) aby * apy) <= 0)
    return (gint32) ((gint64) apx * apx + (gint64) apy * apy);
  return engine_point_line_distance_squared (p, a, b);
}

/* push_out_line: moves E0E1 by D to its left, looking from E0 to E1. */
static void
engine_push_out_line (TsrMarathonPoint *e0,
                      TsrMarathonPoint *e1,
                      gint32            d,
                      gint32            length)
{
  gint16 line_dx, line_dy, dx, dy;

  if (length == 0)
    {
      length = engine_distance (*e0, *e1);
      if (length == 0)
        return;
    }
  line_dx = (gint16) (e1->x - e0->x);
  line_dy = (gint16) (e1->y - e0->y);
  dx = (gint16) (-(d * line_dy) / length);
  dy = (gint16) ((d * line_dx) / length);
  e0->x = (gint16) (e0->x + dx), e0->y = (gint16) (e0->y + dy);
  e1->x = (gint16) (e1->x + dx), e1->y = (gint16) (e1->y + dy);
}

/* ---- Access with bounds ---------------------------------------------------------------------- */

static guint
len_of (GArray *array)
{
  return array != NULL ? array->len : 0;
}

static gboolean
valid (int index,
       guint count)
{
  return index >= 0 && (guint) index < count;
}

#define POLYGON(level, i) (&g_array_index ((level)->polygons, TsrMarathonPolygon, (i)))
#define LINE(level, i) (&g_array_index ((level)->lines, TsrMarathonLine, (i)))
#define SIDE(level, i) (&g_array_index ((level)->sides, TsrMarathonSide, (i)))

static TsrMarathonPoint
vertex (const TsrMarathonLevel *level,
        int                     index)
{
  return tsr_marathon_level_point (level, (guint) index);
}

/* Whether the polygon's lines and their endpoints can be followed (what the engine assumes). */
static gboolean
polygon_is_whole (const TsrMarathonLevel   *level,
                  const TsrMarathonPolygon *polygon)
{
  guint n_points = tsr_marathon_level_n_points (level);

  if (polygon->vertex_count < 1 || polygon->vertex_count > 8)
    return FALSE;
  for (guint i = 0; i < polygon->vertex_count; i++)
    {
      const TsrMarathonLine *line;

      if (!valid (polygon->line_indexes[i], len_of (level->lines)))
        return FALSE;
      line = LINE (level, polygon->line_indexes[i]);
      if (!valid (line->endpoint_indexes[0], n_points) || !valid (line->endpoint_indexes[1], n_points))
        return FALSE;
    }
  return TRUE;
}

/* Whether the polygon's stored vertices, lines and heights can be used by the flood. */
static gboolean
polygon_is_usable (const TsrMarathonLevel   *level,
                   const TsrMarathonPolygon *polygon)
{
  guint n_points = tsr_marathon_level_n_points (level);

  if (!polygon_is_whole (level, polygon))
    return FALSE;
  for (guint i = 0; i < polygon->vertex_count; i++)
    if (!valid (polygon->endpoint_indexes[i], n_points))
      return FALSE;
  return TRUE;
}

/* Marathon 1 maps set the bit with another meaning; the engine clears it on load. */
static gboolean
polygon_is_detached (const TsrMarathonLevel   *level,
                     const TsrMarathonPolygon *polygon)
{
  return (polygon->flags & POLYGON_IS_DETACHED) && level->data_version != 0;
}

/* ---- Polygons, lines, sides, endpoints -------------------------------------------------------- */

gboolean
tsr_marathon_derive_polygon (TsrMarathonLevel *level,
                             guint             polygon_index)
{
  TsrMarathonPolygon *polygon;
  guint32 area = 0;
  gint32 cx = 0, cy = 0, signed_area;

  g_return_val_if_fail (level != NULL, FALSE);

  if (polygon_index >= len_of (level->polygons))
    return FALSE;
  polygon = POLYGON (level, polygon_index);
  if (polygon_is_detached (level, polygon))
    return FALSE;
  if (!polygon_is_whole (level, polygon))
    return FALSE;

  for (guint i = 0; i < polygon->vertex_count; i++)
    {
      const TsrMarathonLine *line = LINE (level, polygon->line_indexes[i]);
      gboolean clockwise = line->clockwise_polygon_owner == (gint16) polygon_index;

      polygon->endpoint_indexes[i] = line->endpoint_indexes[clockwise ? 0 : 1];
      polygon->adjacent_polygon_indexes[i] = clockwise ? line->counterclockwise_polygon_owner
                                                       : line->clockwise_polygon_owner;
      polygon->side_indexes[i] = clockwise ? line->clockwise_side_index : line->counterclockwise_side_index;
    }

  /* Twice the area as a fan of triangles from the first vertex, in wrapping 32-bit sums. */
  {
    TsrMarathonPoint first = vertex (level, polygon->endpoint_indexes[0]);

    for (guint v = 1; v + 1 < polygon->vertex_count; v++)
      {
        TsrMarathonPoint p = vertex (level, polygon->endpoint_indexes[v]);
        TsrMarathonPoint q = vertex (level, polygon->endpoint_indexes[v + 1]);

        area += (guint32) ((gint32) first.x * p.y) - (guint32) ((gint32) p.x * first.y)
                + (guint32) ((gint32) p.x * q.y) - (guint32) ((gint32) q.x * p.y)
                + (guint32) ((gint32) q.x * first.y) - (guint32) ((gint32) first.x * q.y);
      }
  }
  signed_area = (gint32) area;
  if (signed_area < 0)
    signed_area = (gint32) (0u - (guint32) signed_area);
  polygon->area = signed_area >> 1;

  for (guint i = 0; i < polygon->vertex_count; i++)
    {
      TsrMarathonPoint p = vertex (level, polygon->endpoint_indexes[i]);

      cx += p.x, cy += p.y;
    }
  polygon->center.x = (gint16) (cx / (gint32) polygon->vertex_count);
  polygon->center.y = (gint16) (cy / (gint32) polygon->vertex_count);
  return TRUE;
}

/* recalculate_redundant_side_data: owner, line and exclusion zone of side SIDE_INDEX of LINE. */
static void
derive_side (TsrMarathonLevel      *level,
             int                    side_index,
             guint                  line_index,
             const TsrMarathonLine *line)
{
  TsrMarathonSide *side = SIDE (level, side_index);
  gboolean clockwise = line->clockwise_side_index == side_index;
  TsrMarathonPoint e0 = vertex (level, line->endpoint_indexes[clockwise ? 0 : 1]);
  TsrMarathonPoint e1 = vertex (level, line->endpoint_indexes[clockwise ? 1 : 0]);

  side->polygon_index = clockwise ? line->clockwise_polygon_owner : line->counterclockwise_polygon_owner;
  side->exclusion_zone[0] = side->exclusion_zone[2] = e0;
  side->exclusion_zone[1] = side->exclusion_zone[3] = e1;
  engine_push_out_line (&side->exclusion_zone[0], &side->exclusion_zone[1], SEPARATION_FROM_WALL, line->length);
  side->line_index = (gint16) line_index;
}

/* Marathon 1 sides have no transparent texture: the engine clears it on load. */
static gboolean
side_has_transparent_texture (const TsrMarathonLevel *level,
                              const TsrMarathonSide  *side)
{
  return level->data_version != 0 && (guint16) side->transparent_texture.texture != 0xFFFF;
}

gboolean
tsr_marathon_derive_line (TsrMarathonLevel *level,
                          guint             line_index)
{
  TsrMarathonLine *line;
  const TsrMarathonPolygon *p1 = NULL, *p2 = NULL;
  guint n_points = tsr_marathon_level_n_points (level);
  guint n_polygons = len_of (level->polygons), n_sides = len_of (level->sides);
  gboolean elevation = FALSE, variable = FALSE, landscape = FALSE, transparent = FALSE;
  guint16 flags;

  g_return_val_if_fail (level != NULL, FALSE);

  if (line_index >= len_of (level->lines))
    return FALSE;
  line = LINE (level, line_index);
  if (!valid (line->endpoint_indexes[0], n_points) || !valid (line->endpoint_indexes[1], n_points))
    return FALSE;
  if ((line->clockwise_polygon_owner != TSR_MARATHON_NONE && !valid (line->clockwise_polygon_owner, n_polygons))
      || (line->counterclockwise_polygon_owner != TSR_MARATHON_NONE
          && !valid (line->counterclockwise_polygon_owner, n_polygons)))
    return FALSE;

  line->length = engine_distance (vertex (level, line->endpoint_indexes[0]), vertex (level, line->endpoint_indexes[1]));

  if (line->clockwise_polygon_owner != TSR_MARATHON_NONE)
    p1 = POLYGON (level, line->clockwise_polygon_owner);
  if (line->counterclockwise_polygon_owner != TSR_MARATHON_NONE)
    p2 = POLYGON (level, line->counterclockwise_polygon_owner);
  if ((p1 != NULL && p1->type == POLYGON_IS_PLATFORM) || (p2 != NULL && p2->type == POLYGON_IS_PLATFORM))
    variable = TRUE;
  if (p1 != NULL && p2 != NULL)
    {
      line->highest_adjacent_floor = MAX (p1->floor_height, p2->floor_height);
      line->lowest_adjacent_ceiling = MIN (p1->ceiling_height, p2->ceiling_height);
      elevation = p1->floor_height != p2->floor_height;
    }
  else
    {
      const TsrMarathonPolygon *only = p1 != NULL ? p1 : p2;

      elevation = TRUE;
      line->highest_adjacent_floor = only != NULL ? only->floor_height : 0;
      line->lowest_adjacent_ceiling = only != NULL ? only->ceiling_height : 0;
    }

  if (valid (line->clockwise_side_index, n_sides))
    {
      const TsrMarathonSide *side = SIDE (level, line->clockwise_side_index);

      derive_side (level, line->clockwise_side_index, line_index, line);
      landscape |= side->primary_transfer_mode == XFER_LANDSCAPE;
      transparent |= side_has_transparent_texture (level, side);
    }
  if (valid (line->counterclockwise_side_index, n_sides))
    {
      const TsrMarathonSide *side = SIDE (level, line->counterclockwise_side_index);

      derive_side (level, line->counterclockwise_side_index, line_index, line);
      landscape |= side->primary_transfer_mode == XFER_LANDSCAPE;
      transparent |= side_has_transparent_texture (level, side);
    }

  flags = line->flags & ~LINE_DERIVED_FLAGS;
  if (elevation)
    flags |= LINE_IS_ELEVATION;
  /* Marathon 1's tools marked solid lines beside platforms too (Aleph One rebuilds the flag for
   * Marathon 1 maps and leaves solid lines out). */
  if (variable && (!(line->flags & LINE_IS_SOLID) || level->data_version == 0))
    flags |= LINE_IS_VARIABLE_ELEVATION;
  if (landscape)
    flags |= LINE_IS_LANDSCAPED;
  if (transparent)
    flags |= LINE_HAS_TRANSPARENT_SIDE;
  line->flags = flags;
  return TRUE;
}

typedef struct {
  gint16 floor, ceiling, support;
  gboolean solid, elevation, transparent;
} EndpointSums;

static void
endpoint_sums_init (EndpointSums *sums)
{
  sums->floor = G_MININT16;
  sums->ceiling = G_MAXINT16;
  sums->support = TSR_MARATHON_NONE;
  sums->solid = sums->elevation = FALSE;
  sums->transparent = TRUE;
}

/* One line's part of recalculate_redundant_endpoint_data, in the engine's order. */
static void
endpoint_sums_add_line (const TsrMarathonLevel *level,
                        EndpointSums           *sums,
                        const TsrMarathonLine  *line)
{
  gint16 owners[2] = { line->clockwise_polygon_owner, line->counterclockwise_polygon_owner };

  if (line->flags & LINE_IS_SOLID)
    sums->solid = TRUE;
  if (!(line->flags & LINE_IS_TRANSPARENT))
    sums->transparent = FALSE;
  if (line->flags & LINE_IS_ELEVATION)
    sums->elevation = TRUE;
  for (guint k = 0; k < 2; k++)
    {
      const TsrMarathonPolygon *polygon;

      if (!valid (owners[k], len_of (level->polygons)))
        continue;
      polygon = POLYGON (level, owners[k]);
      if (sums->floor < polygon->floor_height)
        {
          sums->floor = polygon->floor_height;
          sums->support = owners[k];
        }
      if (sums->ceiling > polygon->ceiling_height)
        sums->ceiling = polygon->ceiling_height;
    }
}

/* Marathon 1's tools had no transparent endpoints (the flag came with Marathon 2). */
static void
endpoint_sums_store (const TsrMarathonLevel *level,
                     const EndpointSums     *sums,
                     TsrMarathonEndpoint    *endpoint)
{
  guint16 flags = endpoint->flags & ~ENDPOINT_DERIVED_FLAGS;

  if (sums->solid)
    flags |= ENDPOINT_IS_SOLID;
  if (sums->elevation)
    flags |= ENDPOINT_IS_ELEVATION;
  if (sums->transparent && level->data_version != 0)
    flags |= ENDPOINT_IS_TRANSPARENT;
  endpoint->flags = flags;
  endpoint->highest_adjacent_floor_height = sums->floor;
  endpoint->lowest_adjacent_ceiling_height = sums->ceiling;
  endpoint->supporting_polygon_index = sums->support;
}

gboolean
tsr_marathon_derive_endpoint (TsrMarathonLevel *level,
                              guint             endpoint_index)
{
  EndpointSums sums;

  g_return_val_if_fail (level != NULL, FALSE);

  if (level->endpoints == NULL || endpoint_index >= level->endpoints->len)
    return FALSE;
  endpoint_sums_init (&sums);
  for (guint i = 0; i < len_of (level->lines); i++)
    {
      const TsrMarathonLine *line = LINE (level, i);

      if (line->endpoint_indexes[0] == (gint16) endpoint_index || line->endpoint_indexes[1] == (gint16) endpoint_index)
        endpoint_sums_add_line (level, &sums, line);
    }
  endpoint_sums_store (level, &sums, &g_array_index (level->endpoints, TsrMarathonEndpoint, endpoint_index));
  return TRUE;
}

/* All endpoints in one pass over the lines (the same result as one scan per endpoint). */
static void
derive_endpoints (TsrMarathonLevel *level)
{
  guint n = len_of (level->endpoints);
  g_autofree EndpointSums *sums = NULL;

  if (n == 0)
    return;
  sums = g_new (EndpointSums, n);
  for (guint i = 0; i < n; i++)
    endpoint_sums_init (&sums[i]);
  for (guint i = 0; i < len_of (level->lines); i++)
    {
      const TsrMarathonLine *line = LINE (level, i);

      for (guint k = 0; k < 2; k++)
        {
          if (k == 1 && line->endpoint_indexes[1] == line->endpoint_indexes[0])
            break;
          if (valid (line->endpoint_indexes[k], n))
            endpoint_sums_add_line (level, &sums[line->endpoint_indexes[k]], line);
        }
    }
  for (guint i = 0; i < n; i++)
    endpoint_sums_store (level, &sums[i], &g_array_index (level->endpoints, TsrMarathonEndpoint, i));
}

/* ---- Map indexes ------------------------------------------------------------------------------ */

typedef struct {
  const TsrMarathonLevel *level;
  GArray  *lines;      /* gint16: a line, or -line-1 when the polygon's centre is to its right */
  GArray  *endpoints;  /* gint16 */
  GArray  *polygons;   /* gint16 */
  int      original;
  gint32   separation_squared;
  TsrMarathonPoint center;
  /* the flood */
  gint16  *nodes;      /* polygon of each node, in the order added */
  guint    n_nodes;
  gint16  *visited;    /* per polygon: 1 once a node holds it */
  /* The rules of the tools that made the map (see derive_rules). */
  gboolean seed_adjacent;
  gboolean revisit;
} Intersecting;

static gboolean
array_has (GArray *array,
           gint16  value)
{
  for (guint i = 0; i < array->len; i++)
    if (g_array_index (array, gint16, i) == value)
      return TRUE;
  return FALSE;
}

static gboolean
line_has_variable_height (const TsrMarathonLevel *level,
                          const TsrMarathonLine  *line)
{
  guint n = len_of (level->polygons);

  if (!valid (line->clockwise_polygon_owner, n))
    return FALSE;
  if (valid (line->counterclockwise_polygon_owner, n)
      && POLYGON (level, line->counterclockwise_polygon_owner)->type == POLYGON_IS_PLATFORM)
    return TRUE;
  return POLYGON (level, line->clockwise_polygon_owner)->type == POLYGON_IS_PLATFORM;
}

/* intersecting_flood_proc: collects SOURCE's lines and endpoints that come within the
 * separation of the original polygon; TRUE keeps the flood going through SOURCE. */
static gboolean
intersecting_visit (Intersecting *data,
                    int           source)
{
  const TsrMarathonLevel *level = data->level;
  const TsrMarathonPolygon *polygon = POLYGON (level, source);
  const TsrMarathonPolygon *original = POLYGON (level, data->original);
  gboolean keep = FALSE;

  if (polygon->floor_height <= original->ceiling_height && polygon->ceiling_height >= original->floor_height)
    for (guint i = 0; i < polygon->vertex_count; i++)
      {
        gint16 line_index = polygon->line_indexes[i];
        gint16 endpoint_index = polygon->endpoint_indexes[i];
        gboolean duplicate = FALSE;

        for (guint j = 0; j < data->lines->len && !duplicate; j++)
          {
            gint16 known = g_array_index (data->lines, gint16, j);

            duplicate = known == line_index || -known - 1 == line_index;
          }
        if (duplicate)
          keep = TRUE;
        else
          {
            const TsrMarathonLine *line = LINE (level, line_index);

            if ((line->flags & LINE_IS_SOLID) || line_has_variable_height (level, line)
                || line->lowest_adjacent_ceiling < original->ceiling_height
                || line->highest_adjacent_floor > original->floor_height)
              {
                TsrMarathonPoint a = vertex (level, line->endpoint_indexes[0]);
                TsrMarathonPoint b = vertex (level, line->endpoint_indexes[1]);

                for (guint j = 0; j < original->vertex_count; j++)
                  {
                    TsrMarathonPoint p = vertex (level, original->endpoint_indexes[j]);

                    if (engine_point_segment_distance_squared (p, a, b) < data->separation_squared)
                      {
                        gint32 side = (gint32) (((gint64) b.x - a.x) * ((gint64) data->center.y - b.y)
                                                - ((gint64) b.y - a.y) * ((gint64) data->center.x - b.x));
                        gint16 entry = side > 0 ? line_index : (gint16) (-line_index - 1);

                        g_array_append_val (data->lines, entry);
                        keep = TRUE;
                        break;
                      }
                  }
              }
          }

        if (array_has (data->endpoints, endpoint_index))
          keep = TRUE;
        else
          {
            TsrMarathonPoint p = vertex (level, endpoint_index);

            for (guint j = 0; j < original->vertex_count; j++)
              {
                const TsrMarathonLine *line = LINE (level, original->line_indexes[j]);

                if (engine_point_segment_distance_squared (p, vertex (level, line->endpoint_indexes[0]),
                                                           vertex (level, line->endpoint_indexes[1]))
                    < data->separation_squared)
                  {
                    g_array_append_val (data->endpoints, endpoint_index);
                    break;
                  }
              }
          }
      }

  if (keep && !array_has (data->polygons, (gint16) source))
    {
      gint16 entry = (gint16) source;

      g_array_append_val (data->polygons, entry);
    }
  return keep;
}

/* find_intersecting_endpoints_and_lines: a breadth-first flood from the polygon that enters a
 * neighbour only through a polygon close enough (flood_map with the intersecting cost). */
static void
find_intersecting (Intersecting *data,
                   int           polygon_index,
                   gint32        separation,
                   gboolean      seed_adjacent)
{
  const TsrMarathonLevel *level = data->level;
  guint n_polygons = len_of (level->polygons);
  const TsrMarathonPolygon *polygon = POLYGON (level, polygon_index);
  gint32 cx = 0, cy = 0;

  data->original = polygon_index;
  g_array_set_size (data->lines, 0);
  g_array_set_size (data->endpoints, 0);
  g_array_set_size (data->polygons, 0);
  data->separation_squared = separation * separation;
  for (guint i = 0; i < polygon->vertex_count; i++)
    {
      TsrMarathonPoint p = vertex (level, polygon->endpoint_indexes[i]);

      cx += p.x, cy += p.y;
    }
  data->center.x = (gint16) (cx / (gint32) polygon->vertex_count);
  data->center.y = (gint16) (cy / (gint32) polygon->vertex_count);

  if (seed_adjacent)
    for (guint i = 0; i < polygon->vertex_count; i++)
      {
        const TsrMarathonLine *line = LINE (level, polygon->line_indexes[i]);
        gint16 adjacent = line->clockwise_polygon_owner == polygon_index ? line->counterclockwise_polygon_owner
                                                                          : line->clockwise_polygon_owner;

        if (adjacent != TSR_MARATHON_NONE)
          g_array_append_val (data->polygons, adjacent);
      }

  memset (data->visited, 0, n_polygons * sizeof *data->visited);
  data->n_nodes = 0;
  data->nodes[data->n_nodes++] = (gint16) polygon_index;
  data->visited[polygon_index] = 1;
  for (guint expanded = 0; expanded < data->n_nodes; expanded++)
    {
      int source = data->nodes[expanded];
      const TsrMarathonPolygon *node = POLYGON (level, source);

      for (guint i = 0; i < node->vertex_count; i++)
        {
          gint16 destination = node->adjacent_polygon_indexes[i];

          if (!valid (destination, n_polygons) || (data->visited[destination] && !data->revisit))
            continue;
          /* The cost of a step is that of the source: positive when it is close enough. */
          if (!intersecting_visit (data, source) || data->visited[destination])
            continue;
          /* A polygon the flood cannot read would stop the engine; the flood goes round it. */
          if (data->n_nodes < MAXIMUM_FLOOD_NODES && polygon_is_usable (level, POLYGON (level, destination))
              && !polygon_is_detached (level, POLYGON (level, destination)))
            {
              data->nodes[data->n_nodes++] = destination;
              data->visited[destination] = 1;
            }
        }
    }
}

static void
add_index (GArray  *indexes,
           gint16   value,
           gint16  *count)
{
  g_array_append_val (indexes, value);
  *count = (gint16) (*count + 1);
}

/* MARATHON1_TOOLS: the rules of Marathon 1's tools, whose lists the M1 scenario stores (the
 * engine ignores them and builds its own, with its own rules, at load). */
static GArray *
derive_map_indexes (TsrMarathonLevel *level,
                    gboolean          marathon1_tools)
{
  GArray *indexes = g_array_new (FALSE, FALSE, sizeof (gint16));
  guint n_polygons = len_of (level->polygons);
  Intersecting data = { level };

  data.lines = g_array_new (FALSE, FALSE, sizeof (gint16));
  data.endpoints = g_array_new (FALSE, FALSE, sizeof (gint16));
  data.polygons = g_array_new (FALSE, FALSE, sizeof (gint16));
  data.nodes = g_new (gint16, MAXIMUM_FLOOD_NODES);
  data.visited = g_new0 (gint16, n_polygons + 1);
  /* Marathon 1's tools (whose lists the engine ignores: it rebuilds them for Marathon 1 maps)
   * flooded on through polygons already reached and had no sound sources; Infinity's and Aleph
   * One's rules count a polygon's adjacent polygons as neighbours from the start. */
  data.seed_adjacent = !marathon1_tools;
  data.revisit = marathon1_tools;

  for (guint p = 0; p < n_polygons; p++)
    {
      TsrMarathonPolygon *polygon = POLYGON (level, p);

      if (polygon_is_detached (level, polygon) || !polygon_is_usable (level, polygon))
        continue;
      polygon->first_exclusion_zone_index = (gint16) indexes->len;
      polygon->line_exclusion_zone_count = polygon->point_exclusion_zone_count = 0;
      find_intersecting (&data, (int) p, SEPARATION_FROM_WALL, FALSE);
      for (guint i = 0; i < data.lines->len; i++)
        add_index (indexes, g_array_index (data.lines, gint16, i), &polygon->line_exclusion_zone_count);
      for (guint i = 0; i < data.endpoints->len; i++)
        add_index (indexes, g_array_index (data.endpoints, gint16, i), &polygon->point_exclusion_zone_count);

      polygon->first_neighbor_index = (gint16) indexes->len;
      polygon->neighbor_count = 0;
      find_intersecting (&data, (int) p, SEPARATION_FROM_PROJECTILE, data.seed_adjacent);
      for (guint i = 0; i < data.polygons->len; i++)
        add_index (indexes, g_array_index (data.polygons, gint16, i), &polygon->neighbor_count);
    }

  /* precalculate_polygon_sound_sources: the sound source objects near each polygon (the
   * engine compares the squared distance to a line with the unsquared radius). */
  for (guint p = 0; p < n_polygons && !marathon1_tools; p++)
    {
      TsrMarathonPolygon *polygon = POLYGON (level, p);
      gint16 count = 0;

      polygon->sound_source_indexes = (gint16) indexes->len;
      if (polygon_is_usable (level, polygon))
        for (guint o = 0; o < len_of (level->objects); o++)
          {
            const TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, o);
            TsrMarathonPoint location = { object->x, object->y };

            if (object->type != OBJECT_IS_SOUND_SOURCE)
              continue;
            for (guint i = 0; i < polygon->vertex_count; i++)
              {
                const TsrMarathonLine *line = LINE (level, polygon->line_indexes[i]);

                if (engine_guess_distance (location, vertex (level, polygon->endpoint_indexes[i])) < ZERO_VOLUME_DISTANCE
                    || engine_point_segment_distance_squared (location, vertex (level, line->endpoint_indexes[0]),
                                                              vertex (level, line->endpoint_indexes[1]))
                       < ZERO_VOLUME_DISTANCE)
                  {
                    add_index (indexes, (gint16) o, &count);
                    break;
                  }
              }
          }
      add_index (indexes, TSR_MARATHON_NONE, &count);
    }

  g_array_unref (data.lines);
  g_array_unref (data.endpoints);
  g_array_unref (data.polygons);
  g_free (data.nodes);
  g_free (data.visited);
  return indexes;
}

GArray *
tsr_marathon_derive_map_indexes (TsrMarathonLevel *level)
{
  g_return_val_if_fail (level != NULL, NULL);

  return derive_map_indexes (level, level->data_version == 0);
}

/* ---- Whole levels ----------------------------------------------------------------------------- */

void
tsr_marathon_derive_geometry (TsrMarathonLevel *level)
{
  g_return_if_fail (level != NULL);

  for (guint i = 0; i < len_of (level->polygons); i++)
    tsr_marathon_derive_polygon (level, i);
  for (guint i = 0; i < len_of (level->lines); i++)
    tsr_marathon_derive_line (level, i);
  derive_endpoints (level);
}

GArray *
tsr_marathon_level_stored_map_indexes (const TsrMarathonLevel *level)
{
  TsrWadChunk *chunk = level->entry != NULL ? tsr_wad_entry_find_chunk (level->entry, TAG_IIDX) : NULL;
  GArray *indexes;
  const guint8 *data;
  gsize size;

  if (chunk == NULL)
    return NULL;
  data = g_bytes_get_data (chunk->data, &size);
  indexes = g_array_sized_new (FALSE, FALSE, sizeof (gint16), (guint) (size / 2));
  for (gsize i = 0; i + 1 < size; i += 2)
    {
      gint16 value = (gint16) ((data[i] << 8) | data[i + 1]);

      g_array_append_val (indexes, value);
    }
  return indexes;
}

static GBytes *
map_indexes_to_bytes (GArray *indexes)
{
  guint8 *data = g_malloc (indexes->len * 2u + 1);

  for (guint i = 0; i < indexes->len; i++)
    {
      guint16 value = (guint16) g_array_index (indexes, gint16, i);

      data[2 * i] = (guint8) (value >> 8);
      data[2 * i + 1] = (guint8) value;
    }
  return g_bytes_new_take (data, indexes->len * 2u);
}

void
tsr_marathon_derive_level (TsrMarathonLevel *level)
{
  g_return_if_fail (level != NULL);

  tsr_marathon_derive_geometry (level);
  if (level->endpoints != NULL || (level->entry != NULL && tsr_wad_entry_find_chunk (level->entry, TAG_IIDX) != NULL))
    {
      g_autoptr(GArray) indexes = tsr_marathon_derive_map_indexes (level);

      if (level->entry != NULL)
        {
          g_autoptr(GBytes) bytes = map_indexes_to_bytes (indexes);

          tsr_wad_entry_set_chunk (level->entry, TAG_IIDX, bytes);
        }
    }
}

/* A copy of the arrays the derivation writes; the rest is shared with LEVEL (read only). */
typedef struct {
  TsrMarathonLevel level;
} LevelCopy;

static GArray *
copy_array (GArray *array)
{
  GArray *copy;

  if (array == NULL)
    return NULL;
  copy = g_array_sized_new (FALSE, FALSE, g_array_get_element_size (array), array->len);
  g_array_append_vals (copy, array->data, array->len);
  return copy;
}

static void
level_copy_init (LevelCopy              *copy,
                 const TsrMarathonLevel *level)
{
  copy->level = *level;
  copy->level.entry = NULL;
  copy->level.endpoints = copy_array (level->endpoints);
  copy->level.lines = copy_array (level->lines);
  copy->level.sides = copy_array (level->sides);
  copy->level.polygons = copy_array (level->polygons);
}

static void
level_copy_clear (LevelCopy *copy)
{
  g_clear_pointer (&copy->level.endpoints, g_array_unref);
  g_clear_pointer (&copy->level.lines, g_array_unref);
  g_clear_pointer (&copy->level.sides, g_array_unref);
  g_clear_pointer (&copy->level.polygons, g_array_unref);
}

guint
tsr_marathon_level_index_usage (const TsrMarathonLevel *level,
                                guint                  *limit)
{
  LevelCopy copy;
  g_autoptr(GArray) indexes = NULL;
  gboolean stores = level->endpoints != NULL && level->data_version != 0;

  level_copy_init (&copy, level);
  tsr_marathon_derive_geometry (&copy.level);
  indexes = derive_map_indexes (&copy.level, FALSE);
  level_copy_clear (&copy);
  if (limit != NULL)
    *limit = stores ? TSR_MARATHON_PREPROCESSED_INDEX_LIMIT : TSR_MARATHON_MAP_INDEX_LIMIT;
  return indexes->len;
}

/* ---- Comparison ------------------------------------------------------------------------------- */

typedef struct {
  GPtrArray  *findings;
  gint        level_index;
  const char *where;
  guint       checked;
  guint       differ;
} Compare;

static void
compare_value (Compare    *compare,
               const char *kind,
               guint       index,
               const char *field,
               gint64      stored,
               gint64      derived)
{
  TsrFindingPlace place;

  compare->checked++;
  if (stored == derived)
    return;
  compare->differ++;
  place = tsr_finding_place_element (compare->level_index, kind, (gint) index);
  tsr_findings_add_at (compare->findings, TSR_SEVERITY_WARNING, &place, compare->where,
                       _("%s %u: %s: stored %" PRId64 ", derived %" PRId64),
                       kind, index, field, stored, derived);
}

static void
compare_point (Compare         *compare,
               const char      *kind,
               guint            index,
               const char      *field,
               TsrMarathonPoint stored,
               TsrMarathonPoint derived)
{
  TsrFindingPlace place;

  compare->checked++;
  if (stored.x == derived.x && stored.y == derived.y)
    return;
  compare->differ++;
  place = tsr_finding_place_element (compare->level_index, kind, (gint) index);
  tsr_findings_add_at (compare->findings, TSR_SEVERITY_WARNING, &place, compare->where,
                       _("%s %u: %s: stored (%d, %d), derived (%d, %d)"), kind, index, field,
                       stored.x, stored.y, derived.x, derived.y);
}

static char *
list_to_string (const gint16 *values,
                guint         count)
{
  GString *text = g_string_new ("[");

  for (guint i = 0; i < count; i++)
    g_string_append_printf (text, i > 0 ? " %d" : "%d", values[i]);
  g_string_append_c (text, ']');
  return g_string_free (text, FALSE);
}

/* One list of a polygon's map indexes: stored (from the stored iidx at the stored first index)
 * against derived. A list the stored fields place outside the stored iidx is an empty list. */
static void
compare_list (Compare    *compare,
              guint       polygon_index,
              const char *field,
              GArray     *stored_indexes,
              int         stored_first,
              int         stored_count,
              GArray     *derived_indexes,
              int         derived_first,
              int         derived_count)
{
  const gint16 *stored = NULL, *derived = NULL;
  TsrFindingPlace place;

  compare->checked++;
  if (stored_first < 0 || stored_count < 0 || (guint) stored_first + (guint) stored_count > stored_indexes->len)
    stored_count = 0;
  else
    stored = &g_array_index (stored_indexes, gint16, stored_first);
  if (derived_count > 0)
    derived = &g_array_index (derived_indexes, gint16, derived_first);
  else
    derived_count = 0;
  if (stored_count == derived_count
      && (stored_count == 0 || memcmp (stored, derived, (gsize) stored_count * sizeof (gint16)) == 0))
    return;
  compare->differ++;
  place = tsr_finding_place_element (compare->level_index, "polygon", (gint) polygon_index);
  {
    g_autofree char *a = list_to_string (stored, (guint) stored_count);
    g_autofree char *b = list_to_string (derived, (guint) derived_count);

    tsr_findings_add_at (compare->findings, TSR_SEVERITY_WARNING, &place, compare->where,
                         _("polygon %u: %s: stored %s, derived %s"), polygon_index, field, a, b);
  }
}

/* The length of a sound source list ended by -1 from FIRST in INDEXES (the end if none). */
static int
terminated_length (GArray *indexes,
                   int     first)
{
  int n = 0;

  if (first < 0)
    return 0;
  while ((guint) (first + n) < indexes->len && g_array_index (indexes, gint16, first + n) != TSR_MARATHON_NONE)
    n++;
  return n;
}

guint
tsr_marathon_level_compare_derived (const TsrMarathonLevel *level,
                                    gint                    level_index,
                                    const char             *where,
                                    GPtrArray              *findings,
                                    guint                  *n_checked)
{
  Compare compare = { findings, level_index, where, 0, 0 };
  LevelCopy copy;
  g_autoptr(GArray) stored_indexes = tsr_marathon_level_stored_map_indexes (level);
  g_autoptr(GArray) derived_indexes = NULL;

  g_return_val_if_fail (level != NULL, 0);

  level_copy_init (&copy, level);
  tsr_marathon_derive_geometry (&copy.level);
  if (stored_indexes != NULL)
    derived_indexes = tsr_marathon_derive_map_indexes (&copy.level);

  for (guint i = 0; i < len_of (level->polygons); i++)
    {
      const TsrMarathonPolygon *a = POLYGON (level, i), *b = POLYGON (&copy.level, i);
      guint n = MIN (a->vertex_count, 8u);

      if (!polygon_is_whole (level, a) || polygon_is_detached (level, a))
        continue;
      for (guint v = 0; v < n; v++)
        {
          char field[32];

          g_snprintf (field, sizeof field, "vertex %u", v);
          compare_value (&compare, "polygon", i, field, a->endpoint_indexes[v], b->endpoint_indexes[v]);
          g_snprintf (field, sizeof field, "adjacent polygon %u", v);
          compare_value (&compare, "polygon", i, field, a->adjacent_polygon_indexes[v], b->adjacent_polygon_indexes[v]);
          g_snprintf (field, sizeof field, "side %u", v);
          compare_value (&compare, "polygon", i, field, a->side_indexes[v], b->side_indexes[v]);
        }
      compare_value (&compare, "polygon", i, "area", a->area, b->area);
      compare_point (&compare, "polygon", i, "centre", a->center, b->center);
      if (derived_indexes != NULL && polygon_is_usable (level, a))
        {
          compare_list (&compare, i, "line exclusion zones", stored_indexes, a->first_exclusion_zone_index,
                        a->line_exclusion_zone_count, derived_indexes, b->first_exclusion_zone_index,
                        b->line_exclusion_zone_count);
          compare_list (&compare, i, "point exclusion zones", stored_indexes,
                        a->first_exclusion_zone_index + a->line_exclusion_zone_count, a->point_exclusion_zone_count,
                        derived_indexes, b->first_exclusion_zone_index + b->line_exclusion_zone_count,
                        b->point_exclusion_zone_count);
          compare_list (&compare, i, "neighbours", stored_indexes, a->first_neighbor_index, a->neighbor_count,
                        derived_indexes, b->first_neighbor_index, b->neighbor_count);
          if (level->data_version != 0) /* Marathon 1 has no sound source objects nor lists */
            compare_list (&compare, i, "sound sources", stored_indexes, a->sound_source_indexes,
                          terminated_length (stored_indexes, a->sound_source_indexes), derived_indexes,
                          b->sound_source_indexes, terminated_length (derived_indexes, b->sound_source_indexes));
        }
    }

  for (guint i = 0; i < len_of (level->lines); i++)
    {
      const TsrMarathonLine *a = LINE (level, i), *b = LINE (&copy.level, i);

      compare_value (&compare, "line", i, "length", a->length, b->length);
      compare_value (&compare, "line", i, "highest adjacent floor", a->highest_adjacent_floor, b->highest_adjacent_floor);
      compare_value (&compare, "line", i, "lowest adjacent ceiling", a->lowest_adjacent_ceiling, b->lowest_adjacent_ceiling);
      compare_value (&compare, "line", i, "elevation flag", (a->flags & LINE_IS_ELEVATION) != 0,
                     (b->flags & LINE_IS_ELEVATION) != 0);
      compare_value (&compare, "line", i, "variable elevation flag", (a->flags & LINE_IS_VARIABLE_ELEVATION) != 0,
                     (b->flags & LINE_IS_VARIABLE_ELEVATION) != 0);
      compare_value (&compare, "line", i, "landscape flag", (a->flags & LINE_IS_LANDSCAPED) != 0,
                     (b->flags & LINE_IS_LANDSCAPED) != 0);
      compare_value (&compare, "line", i, "transparent side flag", (a->flags & LINE_HAS_TRANSPARENT_SIDE) != 0,
                     (b->flags & LINE_HAS_TRANSPARENT_SIDE) != 0);
    }

  for (guint i = 0; i < len_of (level->sides); i++)
    {
      const TsrMarathonSide *a = SIDE (level, i), *b = SIDE (&copy.level, i);

      /* A side no line uses is never derived; its fields are what the file says. */
      if (memcmp (a, b, sizeof *a) == 0 && a->line_index >= 0 && !valid (a->line_index, len_of (level->lines)))
        continue;
      /* Marathon 1's tools never kept a side's owner (nearly every one in the M1 scenario is
       * stale); the engine sets it at load, so it is not a stored fact of those maps. */
      if (level->data_version != 0)
        compare_value (&compare, "side", i, "polygon", a->polygon_index, b->polygon_index);
      compare_value (&compare, "side", i, "line", a->line_index, b->line_index);
      for (guint k = 0; k < 4; k++)
        {
          char field[32];

          g_snprintf (field, sizeof field, "exclusion zone %u", k);
          compare_point (&compare, "side", i, field, a->exclusion_zone[k], b->exclusion_zone[k]);
        }
    }

  for (guint i = 0; i < len_of (level->endpoints); i++)
    {
      const TsrMarathonEndpoint *a = &g_array_index (level->endpoints, TsrMarathonEndpoint, i);
      const TsrMarathonEndpoint *b = &g_array_index (copy.level.endpoints, TsrMarathonEndpoint, i);

      compare_value (&compare, "endpoint", i, "solid flag", (a->flags & ENDPOINT_IS_SOLID) != 0,
                     (b->flags & ENDPOINT_IS_SOLID) != 0);
      compare_value (&compare, "endpoint", i, "elevation flag", (a->flags & ENDPOINT_IS_ELEVATION) != 0,
                     (b->flags & ENDPOINT_IS_ELEVATION) != 0);
      compare_value (&compare, "endpoint", i, "transparent flag", (a->flags & ENDPOINT_IS_TRANSPARENT) != 0,
                     (b->flags & ENDPOINT_IS_TRANSPARENT) != 0);
      compare_value (&compare, "endpoint", i, "highest adjacent floor", a->highest_adjacent_floor_height,
                     b->highest_adjacent_floor_height);
      compare_value (&compare, "endpoint", i, "lowest adjacent ceiling", a->lowest_adjacent_ceiling_height,
                     b->lowest_adjacent_ceiling_height);
      compare_value (&compare, "endpoint", i, "supporting polygon", a->supporting_polygon_index,
                     b->supporting_polygon_index);
    }

  if (derived_indexes != NULL)
    compare_value (&compare, "level", (guint) MAX (level_index, 0), "map index count", stored_indexes->len,
                   derived_indexes->len);

  level_copy_clear (&copy);
  if (n_checked != NULL)
    *n_checked = compare.checked;
  return compare.differ;
}
