/* tsr-marathon-surface.c: surface styles, lights, offsets and the auto-align run (see the
 * header), every change a TsrMarathonSetRecordCommand on the polygon or side. */
#include "model/marathon/tsr-marathon-surface.h"

#include <glib/gi18n.h>
#include <string.h>

#include "model/marathon/tsr-marathon-set-record-command.h"

#define DESCRIPTOR_NONE 0xFFFF
/* Polygons met walking round one vertex before giving up (a vertex of a sane level has a few). */
#define MAX_AROUND      64

static gboolean
is_wall (TsrMarathonSurfacePart part)
{
  return part >= TSR_MARATHON_SURFACE_WALL_FULL && part <= TSR_MARATHON_SURFACE_WALL_TRANSPARENT;
}

static const TsrMarathonPolygon *
polygon_at (const TsrMarathonLevel *level,
            gint                    index)
{
  if (level->polygons == NULL || index < 0 || (guint) index >= level->polygons->len)
    return NULL;
  return &g_array_index (level->polygons, TsrMarathonPolygon, index);
}

static const TsrMarathonSide *
side_at (const TsrMarathonLevel *level,
         gint                    index)
{
  if (level->sides == NULL || index < 0 || (guint) index >= level->sides->len)
    return NULL;
  return &g_array_index (level->sides, TsrMarathonSide, index);
}

static const TsrMarathonLine *
line_at (const TsrMarathonLevel *level,
         gint                    index)
{
  if (level->lines == NULL || index < 0 || (guint) index >= level->lines->len)
    return NULL;
  return &g_array_index (level->lines, TsrMarathonLine, index);
}

static TsrMarathonSideTexture *
side_texture (TsrMarathonSide *side,
              guint8           slot,
              gint16         **transfer_mode,
              gint16         **light)
{
  switch (slot)
    {
    case 1:
      *transfer_mode = &side->secondary_transfer_mode;
      *light = &side->secondary_lightsource_index;
      return &side->secondary_texture;
    case 2:
      *transfer_mode = &side->transparent_transfer_mode;
      *light = &side->transparent_lightsource_index;
      return &side->transparent_texture;
    default:
      *transfer_mode = &side->primary_transfer_mode;
      *light = &side->primary_lightsource_index;
      return &side->primary_texture;
    }
}

/* The surface's record, copied into POLYGON or SIDE; FALSE when it does not exist. */
static gboolean
copy_record (const TsrMarathonLevel   *level,
             const TsrMarathonSurface *surface,
             TsrMarathonPolygon       *polygon,
             TsrMarathonSide          *side)
{
  if (is_wall (surface->part))
    {
      const TsrMarathonSide *stored = side_at (level, (gint) MIN (surface->index, G_MAXINT));

      if (stored == NULL || surface->slot > 2)
        return FALSE;
      *side = *stored;
      return TRUE;
    }
  else
    {
      const TsrMarathonPolygon *stored = polygon_at (level, (gint) MIN (surface->index, G_MAXINT));

      if (stored == NULL)
        return FALSE;
      *polygon = *stored;
      return TRUE;
    }
}

static TsrCommand *
store_command (TsrMarathonLevelMap      *map,
               const TsrMarathonSurface *surface,
               const TsrMarathonPolygon *polygon,
               const TsrMarathonSide    *side,
               const char               *description)
{
  if (is_wall (surface->part))
    return tsr_marathon_set_record_command_new (map, TSR_MARATHON_RECORD_SIDE, surface->index, side, description);
  return tsr_marathon_set_record_command_new (map, TSR_MARATHON_RECORD_POLYGON, surface->index, polygon, description);
}

gboolean
tsr_marathon_surface_get_style (const TsrMarathonLevel   *level,
                                const TsrMarathonSurface *surface,
                                TsrMarathonSurfaceStyle  *style)
{
  TsrMarathonPolygon polygon;
  TsrMarathonSide side;

  g_return_val_if_fail (level != NULL && surface != NULL && style != NULL, FALSE);
  if (!copy_record (level, surface, &polygon, &side))
    return FALSE;
  if (is_wall (surface->part))
    {
      gint16 *transfer_mode, *light;
      TsrMarathonSideTexture *texture = side_texture (&side, surface->slot, &transfer_mode, &light);

      style->texture = texture->texture;
      style->x0 = texture->x0;
      style->y0 = texture->y0;
      style->transfer_mode = *transfer_mode;
    }
  else if (surface->part == TSR_MARATHON_SURFACE_FLOOR)
    {
      style->texture = polygon.floor_texture;
      style->x0 = polygon.floor_origin.x;
      style->y0 = polygon.floor_origin.y;
      style->transfer_mode = polygon.floor_transfer_mode;
    }
  else
    {
      style->texture = polygon.ceiling_texture;
      style->x0 = polygon.ceiling_origin.x;
      style->y0 = polygon.ceiling_origin.y;
      style->transfer_mode = polygon.ceiling_transfer_mode;
    }
  return TRUE;
}

TsrCommand *
tsr_marathon_surface_paste_command_new (TsrMarathonLevelMap           *map,
                                        const TsrMarathonSurface      *surface,
                                        const TsrMarathonSurfaceStyle *style)
{
  TsrMarathonLevel *level;
  TsrMarathonPolygon polygon;
  TsrMarathonSide side;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map) && surface != NULL && style != NULL, NULL);
  level = tsr_marathon_level_map_get_level (map);
  if (!copy_record (level, surface, &polygon, &side))
    return NULL;
  if (is_wall (surface->part))
    {
      gint16 *transfer_mode, *light;
      TsrMarathonSideTexture *texture = side_texture (&side, surface->slot, &transfer_mode, &light);

      texture->texture = style->texture;
      texture->x0 = style->x0;
      texture->y0 = style->y0;
      *transfer_mode = style->transfer_mode;
    }
  else if (surface->part == TSR_MARATHON_SURFACE_FLOOR)
    {
      polygon.floor_texture = style->texture;
      polygon.floor_origin.x = style->x0;
      polygon.floor_origin.y = style->y0;
      polygon.floor_transfer_mode = style->transfer_mode;
    }
  else
    {
      polygon.ceiling_texture = style->texture;
      polygon.ceiling_origin.x = style->x0;
      polygon.ceiling_origin.y = style->y0;
      polygon.ceiling_transfer_mode = style->transfer_mode;
    }
  return store_command (map, surface, &polygon, &side, _("Paste Texture"));
}

guint
tsr_marathon_level_n_lights (const TsrMarathonLevel *level)
{
  if (level->lights != NULL && level->lights->len > 0)
    return level->lights->len;
  return level->old_lights != NULL ? level->old_lights->len : 0;
}

static gint16 *
light_field (const TsrMarathonSurface *surface,
             TsrMarathonPolygon       *polygon,
             TsrMarathonSide          *side)
{
  gint16 *transfer_mode, *light;

  if (is_wall (surface->part))
    {
      side_texture (side, surface->slot, &transfer_mode, &light);
      return light;
    }
  return surface->part == TSR_MARATHON_SURFACE_FLOOR ? &polygon->floor_lightsource_index
                                                     : &polygon->ceiling_lightsource_index;
}

gint
tsr_marathon_surface_get_light (const TsrMarathonLevel   *level,
                                const TsrMarathonSurface *surface)
{
  TsrMarathonPolygon polygon;
  TsrMarathonSide side;

  g_return_val_if_fail (level != NULL && surface != NULL, -1);
  if (!copy_record (level, surface, &polygon, &side))
    return -1;
  return *light_field (surface, &polygon, &side);
}

TsrCommand *
tsr_marathon_surface_light_command_new (TsrMarathonLevelMap      *map,
                                        const TsrMarathonSurface *surface,
                                        int                       steps)
{
  TsrMarathonLevel *level;
  TsrMarathonPolygon polygon;
  TsrMarathonSide side;
  gint16 *light;
  gint n;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map) && surface != NULL, NULL);
  level = tsr_marathon_level_map_get_level (map);
  n = (gint) MIN (tsr_marathon_level_n_lights (level), (guint) G_MAXINT16);
  if (n == 0 || steps == 0 || !copy_record (level, surface, &polygon, &side))
    return NULL;
  light = light_field (surface, &polygon, &side);
  if (*light < 0 || *light >= n)
    *light = (gint16) (steps > 0 ? 0 : n - 1);
  else
    *light = (gint16) ((((*light + steps) % n) + n) % n);
  return store_command (map, surface, &polygon, &side, _("Surface Light"));
}

TsrCommand *
tsr_marathon_surface_offset_command_new (TsrMarathonLevelMap      *map,
                                         const TsrMarathonSurface *surface,
                                         int                       dx,
                                         int                       dy,
                                         guint                     merge_key)
{
  TsrMarathonLevel *level;
  TsrMarathonPolygon polygon;
  TsrMarathonSide side;
  gint16 *x, *y;
  TsrCommand *command;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map) && surface != NULL, NULL);
  level = tsr_marathon_level_map_get_level (map);
  if (!copy_record (level, surface, &polygon, &side))
    return NULL;
  if (is_wall (surface->part))
    {
      gint16 *transfer_mode, *light;
      TsrMarathonSideTexture *texture = side_texture (&side, surface->slot, &transfer_mode, &light);

      x = &texture->x0;
      y = &texture->y0;
    }
  else
    {
      TsrMarathonPoint *origin = surface->part == TSR_MARATHON_SURFACE_FLOOR ? &polygon.floor_origin
                                                                              : &polygon.ceiling_origin;
      x = &origin->x;
      y = &origin->y;
    }
  *x = (gint16) CLAMP (*x + dx, G_MININT16, G_MAXINT16);
  *y = (gint16) CLAMP (*y + dy, G_MININT16, G_MAXINT16);
  command = store_command (map, surface, &polygon, &side, _("Align Texture"));
  if (command != NULL && merge_key != 0)
    tsr_marathon_set_record_command_set_merge_key (TSR_MARATHON_SET_RECORD_COMMAND (command), merge_key);
  return command;
}

/* Auto-align -------------------------------------------------------------------------------- */

/* One section of a polygon's edge, as the scene builder draws it. */
typedef struct {
  TsrMarathonSurfacePart part;
  guint8                 slot;
  gint                   bottom, top;   /* map units */
} Section;

/* A wall seen from inside polygon POLYGON on its edge EDGE (vertex EDGE to EDGE + 1). */
typedef struct {
  gint     polygon;
  guint    edge;
  gint     side;                        /* -1: none */
  gint     neighbour;                   /* -1: none */
  gboolean opening;                     /* one can see (and walk) through it */
  guint    n_sections;
  Section  sections[4];
} Edge;

static gint
edge_side (const TsrMarathonLevel   *level,
           gint                      polygon_index,
           const TsrMarathonPolygon *polygon,
           guint                     edge,
           const TsrMarathonLine    *line)
{
  gint index = edge < 8 ? polygon->side_indexes[edge] : -1;

  if (side_at (level, index) == NULL && line != NULL)
    index = line->clockwise_polygon_owner == polygon_index ? line->clockwise_side_index
                                                           : line->counterclockwise_side_index;
  return side_at (level, index) != NULL ? index : -1;
}

static gboolean
edge_init (const TsrMarathonLevel *level,
           gint                    polygon_index,
           guint                   edge,
           Edge                   *out)
{
  const TsrMarathonPolygon *polygon = polygon_at (level, polygon_index), *neighbour = NULL;
  const TsrMarathonLine *line;
  const TsrMarathonSide *side;
  gint floor, ceiling;

  if (polygon == NULL || polygon->vertex_count < 3 || polygon->vertex_count > 8 || edge >= polygon->vertex_count)
    return FALSE;
  line = line_at (level, polygon->line_indexes[edge]);
  if (line == NULL)
    return FALSE;
  memset (out, 0, sizeof *out);
  out->polygon = polygon_index;
  out->edge = edge;
  out->neighbour = line->clockwise_polygon_owner == polygon_index ? line->counterclockwise_polygon_owner
                                                                  : line->clockwise_polygon_owner;
  if (out->neighbour == polygon_index || polygon_at (level, out->neighbour) == NULL)
    out->neighbour = -1;
  else
    neighbour = polygon_at (level, out->neighbour);
  out->side = edge_side (level, polygon_index, polygon, edge, line);
  side = side_at (level, out->side);
  floor = polygon->floor_height;
  ceiling = polygon->ceiling_height;
  if (neighbour == NULL)
    {
      if (ceiling > floor)
        out->sections[out->n_sections++] = (Section) { TSR_MARATHON_SURFACE_WALL_FULL, 0, floor, ceiling };
      return TRUE;
    }
  {
    gint n_floor = neighbour->floor_height, n_ceiling = neighbour->ceiling_height;
    gboolean high = n_ceiling < ceiling, low = n_floor > floor;
    gint open_bottom = MAX (floor, n_floor), open_top = MIN (ceiling, n_ceiling);

    if (high && ceiling > MAX (n_ceiling, floor))
      out->sections[out->n_sections++] = (Section) { TSR_MARATHON_SURFACE_WALL_HIGH, 0, MAX (n_ceiling, floor), ceiling };
    if (low && MIN (n_floor, ceiling) > floor)
      out->sections[out->n_sections++] = (Section) { TSR_MARATHON_SURFACE_WALL_LOW, high ? 1 : 0, floor, MIN (n_floor, ceiling) };
    out->opening = open_top > open_bottom;
    if (side != NULL && (guint16) side->transparent_texture.texture != DESCRIPTOR_NONE && out->opening)
      out->sections[out->n_sections++] = (Section) { TSR_MARATHON_SURFACE_WALL_TRANSPARENT, 2, open_bottom, open_top };
  }
  return TRUE;
}

static gint
vertex_position (const TsrMarathonPolygon *polygon,
                 gint                      endpoint)
{
  for (guint i = 0; i < polygon->vertex_count && i < 8; i++)
    if (polygon->endpoint_indexes[i] == endpoint)
      return (gint) i;
  return -1;
}

/* The edge of polygon POLYGON that starts (RIGHT) or ends (left) at ENDPOINT, or -1. */
static gint
edge_at_vertex (const TsrMarathonLevel *level,
                gint                    polygon,
                gint                    endpoint,
                gboolean                right)
{
  const TsrMarathonPolygon *record = polygon_at (level, polygon);
  gint position;

  if (record == NULL || record->vertex_count < 3 || record->vertex_count > 8)
    return -1;
  position = vertex_position (record, endpoint);
  if (position < 0)
    return -1;
  return right ? position : (position + (gint) record->vertex_count - 1) % (gint) record->vertex_count;
}

typedef enum { NEXT_FOUND, NEXT_NONE, NEXT_BRANCH } NextResult;

/* The wall after (RIGHT) or before CURRENT's section SECTION: round the vertex they share,
 * through the openings, the one section whose height overlaps SECTION's. */
static NextResult
next_wall (const TsrMarathonLevel *level,
           const Edge             *current,
           const Section          *section,
           gboolean                right,
           Edge                   *next,
           guint                  *next_section)
{
  const TsrMarathonPolygon *polygon = polygon_at (level, current->polygon);
  guint n, found = 0;
  gint endpoint, at, edge;

  if (polygon == NULL)
    return NEXT_NONE;
  n = polygon->vertex_count;
  endpoint = polygon->endpoint_indexes[right ? (current->edge + 1) % n : current->edge];
  at = current->polygon;
  edge = (gint) (right ? (current->edge + 1) % n : (current->edge + n - 1) % n);

  for (guint step = 0; step < MAX_AROUND; step++)
    {
      Edge candidate;

      if (edge < 0 || !edge_init (level, at, (guint) edge, &candidate))
        break;
      for (guint s = 0; s < candidate.n_sections; s++)
        if (candidate.sections[s].bottom < section->top && candidate.sections[s].top > section->bottom)
          {
            if (found++ == 0)
              {
                *next = candidate;
                *next_section = s;
              }
          }
      /* Round the vertex through the opening into the neighbour, until a wall closes it or the
       * walk comes back to where it started. */
      if (!candidate.opening || candidate.neighbour < 0 || candidate.neighbour == current->polygon)
        break;
      at = candidate.neighbour;
      edge = edge_at_vertex (level, at, endpoint, right);
    }
  if (found > 1)
    return NEXT_BRANCH;
  return found == 1 ? NEXT_FOUND : NEXT_NONE;
}

static gint16
wrap_offset (gint value)
{
  return (gint16) (((value % TSR_MARATHON_TEXTURE_SIZE) + TSR_MARATHON_TEXTURE_SIZE) % TSR_MARATHON_TEXTURE_SIZE);
}

/* Walks one way from START, appending the sides it aligns to RESULT. */
static void
align_run (const TsrMarathonLevel *level,
           const Edge             *start,
           guint                   start_section,
           const TsrMarathonSide  *start_side,
           gboolean                right,
           GHashTable             *visited,
           GArray                 *result)
{
  Edge current = *start;
  Section section = start->sections[start_section];
  TsrMarathonSide current_side = *start_side;
  gint16 *transfer_mode, *light;
  guint16 texture = (guint16) side_texture (&current_side, section.slot, &transfer_mode, &light)->texture;

  for (guint guard = 0; level->sides != NULL && guard < level->sides->len; guard++)
    {
      TsrMarathonSideTexture *from = side_texture (&current_side, section.slot, &transfer_mode, &light), *to;
      TsrMarathonAlignedSide aligned;
      const TsrMarathonSide *stored;
      const TsrMarathonPolygon *polygon;
      Edge next;
      guint next_index = 0;
      const TsrMarathonLine *line;
      Section next_section;
      gint length;

      if (next_wall (level, &current, &section, right, &next, &next_index) != NEXT_FOUND
          || next.side < 0 || g_hash_table_contains (visited, GINT_TO_POINTER (next.side)))
        return;
      next_section = next.sections[next_index];
      stored = side_at (level, next.side);
      polygon = polygon_at (level, right ? current.polygon : next.polygon);
      if (stored == NULL || polygon == NULL)
        return;
      aligned.side = (guint) next.side;
      aligned.record = *stored;
      to = side_texture (&aligned.record, next_section.slot, &transfer_mode, &light);
      if ((guint16) to->texture != texture)
        return;
      /* The texture runs left to right: the next side starts where this one ends, the previous
       * one ends where this one starts. */
      line = line_at (level, polygon->line_indexes[right ? current.edge : next.edge]);
      if (line == NULL)
        return;
      length = line->length;
      to->x0 = wrap_offset (right ? from->x0 + length : from->x0 - length);
      if (next_section.part == section.part)
        to->y0 = wrap_offset (from->y0 + section.top - next_section.top);
      g_hash_table_add (visited, GINT_TO_POINTER (next.side));
      g_array_append_val (result, aligned);
      current = next;
      section = next_section;
      current_side = aligned.record;
    }
}

GArray *
tsr_marathon_auto_align (const TsrMarathonLevel   *level,
                         const TsrMarathonSurface *surface)
{
  g_autoptr(GHashTable) visited = NULL;
  const TsrMarathonSide *side;
  const TsrMarathonPolygon *polygon;
  GArray *result;
  Edge start;
  gint edge = -1;
  guint section = G_MAXUINT;

  g_return_val_if_fail (level != NULL && surface != NULL, NULL);
  if (!is_wall (surface->part) || surface->index > G_MAXINT16)
    return NULL;
  side = side_at (level, (gint) surface->index);
  if (side == NULL)
    return NULL;
  polygon = polygon_at (level, side->polygon_index);
  if (polygon == NULL || polygon->vertex_count < 3 || polygon->vertex_count > 8)
    return NULL;
  for (guint i = 0; i < polygon->vertex_count && edge < 0; i++)
    if (polygon->line_indexes[i] == side->line_index)
      edge = (gint) i;
  if (edge < 0 || !edge_init (level, side->polygon_index, (guint) edge, &start) || start.side != (gint) surface->index)
    return NULL;
  for (guint s = 0; s < start.n_sections; s++)
    if (start.sections[s].part == surface->part)
      section = s;
  if (section == G_MAXUINT)
    return NULL;
  result = g_array_new (FALSE, FALSE, sizeof (TsrMarathonAlignedSide));
  visited = g_hash_table_new (NULL, NULL);
  g_hash_table_add (visited, GINT_TO_POINTER (start.side));
  align_run (level, &start, section, side, TRUE, visited, result);
  align_run (level, &start, section, side, FALSE, visited, result);
  return result;
}

TsrCommand *
tsr_marathon_auto_align_command_new (TsrMarathonLevelMap      *map,
                                     const TsrMarathonSurface *surface)
{
  g_autoptr(GArray) run = NULL;
  g_autoptr(TsrCommandGroup) group = NULL;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map) && surface != NULL, NULL);
  run = tsr_marathon_auto_align (tsr_marathon_level_map_get_level (map), surface);
  if (run == NULL)
    return NULL;
  group = tsr_command_group_new (_("Auto-Align Textures"));
  for (guint i = 0; i < run->len; i++)
    {
      const TsrMarathonAlignedSide *aligned = &g_array_index (run, TsrMarathonAlignedSide, i);
      TsrCommand *command = tsr_marathon_set_record_command_new (map, TSR_MARATHON_RECORD_SIDE, aligned->side,
                                                                 &aligned->record, _("Auto-Align Textures"));

      if (command != NULL)
        {
          tsr_command_group_add (group, command);
          g_object_unref (command);
        }
    }
  if (tsr_command_group_get_size (group) == 0)
    return NULL;
  return TSR_COMMAND (g_steal_pointer (&group));
}
