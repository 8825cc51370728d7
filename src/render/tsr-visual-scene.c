/* tsr-visual-scene.c: level → surfaces for the visual mode. Marathon walls follow Aleph One's
 * RenderBuildTree/RenderPlaceObjs split of a side into its parts (a full wall where no polygon
 * lies behind, a high part above a lower neighbouring ceiling, a low part below a higher
 * neighbouring floor, the transparent texture across the opening), Wolf3D's follow WL_DRAW.C. */
#include "render/tsr-visual-scene.h"

#include <math.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-lighting.h"
#include "render/tsr-visual-marathon-objects.h"

#define WORLD_ONE 1024.0f
/* The player's eye above the floor (Aleph One: 0.7 WU of a 0.8 WU player; Wolf3D: mid-wall). */
#define MARATHON_EYE_HEIGHT 0.7f
#define WOLF3D_EYE_HEIGHT   0.5f
#define DESCRIPTOR_NONE     0xFFFF
#define MAP_OBJECT_INVISIBLE       0x0001
#define MAP_OBJECT_HANGING         0x0002

void
tsr_visual_scene_free (TsrVisualScene *scene)
{
  if (scene == NULL)
    return;
  g_clear_pointer (&scene->surfaces, g_array_unref);
  g_free (scene->light_intensity);
  g_free (scene);
}

static TsrVisualScene *
scene_new (void)
{
  TsrVisualScene *scene = g_new0 (TsrVisualScene, 1);

  scene->surfaces = g_array_new (FALSE, TRUE, sizeof (TsrVisualSurface));
  for (guint i = 0; i < 3; i++)
    {
      scene->bounds_min[i] = G_MAXFLOAT;
      scene->bounds_max[i] = -G_MAXFLOAT;
    }
  return scene;
}

static void
surface_init (TsrVisualSurface *surface,
              TsrVisualPart     part,
              gint32            index,
              gint32            detail)
{
  memset (surface, 0, sizeof *surface);
  surface->part = part;
  surface->index = index;
  surface->detail = detail;
  surface->light_index = -1;
  surface->light = 1.0f;
  surface->color = 0x808080FF;
}

static void
scene_add (TsrVisualScene         *scene,
           const TsrVisualSurface *surface)
{
  for (guint v = 0; v < surface->n_vertices; v++)
    for (guint i = 0; i < 3; i++)
      {
        scene->bounds_min[i] = MIN (scene->bounds_min[i], surface->positions[v][i]);
        scene->bounds_max[i] = MAX (scene->bounds_max[i], surface->positions[v][i]);
      }
  g_array_append_val (scene->surfaces, *surface);
}

static void
scene_finish (TsrVisualScene *scene)
{
  if (scene->surfaces->len == 0)
    for (guint i = 0; i < 3; i++)
      scene->bounds_min[i] = scene->bounds_max[i] = 0.0f;
}

/* Marathon ------------------------------------------------------------------------------------ */

typedef struct {
  const TsrMarathonLevel *level;
  const TsrShapesFile    *shapes;            /* sprites' pictures, or NULL (markers) */
  TsrVisualScene         *scene;
  float                  *light_intensity;   /* per light, 0..1 */
  guint                   n_lights;
} MarathonBuild;

static float
marathon_light (const MarathonBuild *build,
                gint16               index)
{
  if (index < 0 || (guint) index >= build->n_lights)
    return 1.0f;
  return build->light_intensity[index];
}

static void
marathon_lights_init (MarathonBuild *build)
{
  const TsrMarathonLevel *level = build->level;

  if (level->lights != NULL && level->lights->len > 0)
    {
      build->n_lights = level->lights->len;
      build->light_intensity = g_new (float, build->n_lights);
      for (guint i = 0; i < build->n_lights; i++)
        {
          TsrMarathonLightRun run;

          tsr_marathon_light_run_init (&run, &g_array_index (level->lights, TsrMarathonLight, i), 1);
          build->light_intensity[i] = CLAMP ((float) run.intensity / 65536.0f, 0.0f, 1.0f);
        }
    }
  else if (level->old_lights != NULL && level->old_lights->len > 0)
    {
      build->n_lights = level->old_lights->len;
      build->light_intensity = g_new (float, build->n_lights);
      for (guint i = 0; i < build->n_lights; i++)
        {
          const TsrMarathonOldLight *light = &g_array_index (level->old_lights, TsrMarathonOldLight, i);

          build->light_intensity[i] = CLAMP ((float) light->intensity / 65536.0f, 0.0f, 1.0f);
        }
    }
}

gboolean
tsr_visual_marathon_corner (const TsrMarathonLevel *level,
                            gint16                  endpoint,
                            float                   out[2])
{
  TsrMarathonPoint point;

  if (endpoint < 0 || (guint) endpoint >= tsr_marathon_level_n_points (level))
    return FALSE;
  point = tsr_marathon_level_point (level, (guint) endpoint);
  out[0] = point.x / WORLD_ONE;
  out[1] = point.y / WORLD_ONE;
  return TRUE;
}

const TsrMarathonPolygon *
tsr_visual_marathon_polygon (const TsrMarathonLevel *level,
                             gint                    index)
{
  if (index < 0 || level->polygons == NULL || (guint) index >= level->polygons->len)
    return NULL;
  return &g_array_index (level->polygons, TsrMarathonPolygon, index);
}

/* The polygon's corners, or FALSE when it has none to draw. */
static gboolean
marathon_polygon_corners (const TsrMarathonLevel   *level,
                          const TsrMarathonPolygon *polygon,
                          float                     corners[TSR_VISUAL_MAX_VERTICES][2])
{
  if (polygon->vertex_count < 3 || polygon->vertex_count > TSR_VISUAL_MAX_VERTICES)
    return FALSE;
  for (guint i = 0; i < polygon->vertex_count; i++)
    if (!tsr_visual_marathon_corner (level, polygon->endpoint_indexes[i], corners[i]))
      return FALSE;
  return TRUE;
}

static void
marathon_flat (MarathonBuild            *build,
               guint                     index,
               const TsrMarathonPolygon *polygon,
               float                     corners[TSR_VISUAL_MAX_VERTICES][2],
               TsrVisualPart             part,
               float                     height)
{
  TsrVisualSurface surface;
  gboolean floor = part == TSR_VISUAL_PART_FLOOR;
  TsrMarathonPoint origin = floor ? polygon->floor_origin : polygon->ceiling_origin;
  gint16 texture = floor ? polygon->floor_texture : polygon->ceiling_texture;

  surface_init (&surface, part, (gint32) index, -1);
  surface.light_index = floor ? polygon->floor_lightsource_index : polygon->ceiling_lightsource_index;
  surface.light = marathon_light (build, surface.light_index);
  surface.texture.kind = (guint16) texture == DESCRIPTOR_NONE ? TSR_VISUAL_TEXTURE_NONE : TSR_VISUAL_TEXTURE_SHAPES;
  surface.texture.descriptor = (guint16) texture;
  surface.texture.transfer_mode = floor ? polygon->floor_transfer_mode : polygon->ceiling_transfer_mode;
  surface.texture.x0 = origin.x;
  surface.texture.y0 = origin.y;
  surface.color = floor ? 0x8C8C78FF : 0x6E7387FF;
  surface.normal[2] = floor ? 1.0f : -1.0f;
  surface.n_vertices = polygon->vertex_count;
  for (guint i = 0; i < polygon->vertex_count; i++)
    {
      surface.positions[i][0] = corners[i][0];
      surface.positions[i][1] = corners[i][1];
      surface.positions[i][2] = height;
      surface.uv[i][0] = corners[i][0] + origin.x / WORLD_ONE;
      surface.uv[i][1] = corners[i][1] + origin.y / WORLD_ONE;
    }
  scene_add (build->scene, &surface);
}

/* A wall quad from A to B (as seen from inside the polygon: A left, B right) between BOTTOM and
 * TOP, its texture's top at TEXTURE_TOP. */
static void
marathon_wall (MarathonBuild                *build,
               TsrVisualPart                 part,
               gint32                        side_index,
               gint32                        line_index,
               const TsrMarathonSide        *side,
               const TsrMarathonSideTexture *texture,
               gint16                        transfer_mode,
               gint16                        light_index,
               const float                   a[2],
               const float                   b[2],
               float                         bottom,
               float                         top)
{
  TsrVisualSurface surface;
  float dx = b[0] - a[0], dy = b[1] - a[1];
  float length = sqrtf (dx * dx + dy * dy);
  float u0, v0;

  if (!(top > bottom) || !(length > 0.0f))
    return;
  surface_init (&surface, part, side != NULL ? side_index : line_index, line_index);
  surface.light_index = side != NULL ? light_index : -1;
  surface.light = marathon_light (build, surface.light_index);
  surface.color = part == TSR_VISUAL_PART_WALL_TRANSPARENT ? 0xB4B4C880 : 0xA0968CFF;
  if (texture != NULL && (guint16) texture->texture != DESCRIPTOR_NONE)
    {
      surface.texture.kind = TSR_VISUAL_TEXTURE_SHAPES;
      surface.texture.descriptor = (guint16) texture->texture;
      surface.texture.transfer_mode = transfer_mode;
      surface.texture.x0 = texture->x0;
      surface.texture.y0 = texture->y0;
    }
  else
    surface.texture.descriptor = DESCRIPTOR_NONE;
  if (side != NULL)
    surface.texture.slot = texture == &side->secondary_texture ? 1 : texture == &side->transparent_texture ? 2 : 0;
  surface.normal[0] = -dy / length;
  surface.normal[1] = dx / length;
  u0 = surface.texture.x0 / WORLD_ONE;
  v0 = surface.texture.y0 / WORLD_ONE;
  surface.n_vertices = 4;
  /* Counter-clockwise seen from inside: bottom left, bottom right, top right, top left. */
  surface.positions[0][0] = a[0]; surface.positions[0][1] = a[1]; surface.positions[0][2] = bottom;
  surface.positions[1][0] = b[0]; surface.positions[1][1] = b[1]; surface.positions[1][2] = bottom;
  surface.positions[2][0] = b[0]; surface.positions[2][1] = b[1]; surface.positions[2][2] = top;
  surface.positions[3][0] = a[0]; surface.positions[3][1] = a[1]; surface.positions[3][2] = top;
  surface.uv[0][0] = u0;          surface.uv[0][1] = v0 + (top - bottom);
  surface.uv[1][0] = u0 + length; surface.uv[1][1] = v0 + (top - bottom);
  surface.uv[2][0] = u0 + length; surface.uv[2][1] = v0;
  surface.uv[3][0] = u0;          surface.uv[3][1] = v0;
  scene_add (build->scene, &surface);
}

static const TsrMarathonSide *
marathon_side_of (const TsrMarathonLevel   *level,
                  guint                     polygon_index,
                  const TsrMarathonPolygon *polygon,
                  guint                     edge,
                  const TsrMarathonLine    *line,
                  gint32                   *side_index)
{
  gint16 index = polygon->side_indexes[edge];

  if (level->sides == NULL)
    return NULL;
  if (index < 0 || (guint) index >= level->sides->len)
    index = line == NULL ? -1
          : line->clockwise_polygon_owner == (gint16) polygon_index ? line->clockwise_side_index
          : line->counterclockwise_side_index;
  if (index < 0 || (guint) index >= level->sides->len)
    return NULL;
  *side_index = index;
  return &g_array_index (level->sides, TsrMarathonSide, index);
}

static void
marathon_walls (MarathonBuild            *build,
                guint                     polygon_index,
                const TsrMarathonPolygon *polygon,
                float                     corners[TSR_VISUAL_MAX_VERTICES][2])
{
  const TsrMarathonLevel *level = build->level;
  float floor = polygon->floor_height / WORLD_ONE, ceiling = polygon->ceiling_height / WORLD_ONE;

  for (guint i = 0; i < polygon->vertex_count; i++)
    {
      const float *a = corners[i], *b = corners[(i + 1) % polygon->vertex_count];
      gint16 line_index = polygon->line_indexes[i];
      const TsrMarathonLine *line = NULL;
      const TsrMarathonSide *side;
      const TsrMarathonPolygon *neighbour;
      gint32 side_index = -1;
      gint neighbour_index = -1;

      if (level->lines != NULL && line_index >= 0 && (guint) line_index < level->lines->len)
        {
          line = &g_array_index (level->lines, TsrMarathonLine, line_index);
          neighbour_index = line->clockwise_polygon_owner == (gint16) polygon_index
                            ? line->counterclockwise_polygon_owner : line->clockwise_polygon_owner;
        }
      side = marathon_side_of (level, polygon_index, polygon, i, line, &side_index);
      neighbour = neighbour_index != (gint) polygon_index ? tsr_visual_marathon_polygon (level, neighbour_index) : NULL;
      if (neighbour == NULL)
        {
          marathon_wall (build, TSR_VISUAL_PART_WALL_FULL, side_index, line_index, side,
                         side != NULL ? &side->primary_texture : NULL,
                         side != NULL ? side->primary_transfer_mode : 0,
                         side != NULL ? side->primary_lightsource_index : -1, a, b, floor, ceiling);
          continue;
        }
      {
        float n_floor = neighbour->floor_height / WORLD_ONE, n_ceiling = neighbour->ceiling_height / WORLD_ONE;
        gboolean high = n_ceiling < ceiling, low = n_floor > floor;
        float open_bottom = MAX (floor, n_floor), open_top = MIN (ceiling, n_ceiling);

        if (high)
          marathon_wall (build, TSR_VISUAL_PART_WALL_HIGH, side_index, line_index, side,
                         side != NULL ? &side->primary_texture : NULL,
                         side != NULL ? side->primary_transfer_mode : 0,
                         side != NULL ? side->primary_lightsource_index : -1,
                         a, b, MAX (n_ceiling, floor), ceiling);
        /* A low part takes the secondary texture when a high part has the primary (split side). */
        if (low)
          marathon_wall (build, TSR_VISUAL_PART_WALL_LOW, side_index, line_index, side,
                         side != NULL ? (high ? &side->secondary_texture : &side->primary_texture) : NULL,
                         side != NULL ? (high ? side->secondary_transfer_mode : side->primary_transfer_mode) : 0,
                         side != NULL ? (high ? side->secondary_lightsource_index : side->primary_lightsource_index) : -1,
                         a, b, floor, MIN (n_floor, ceiling));
        if (side != NULL && (guint16) side->transparent_texture.texture != DESCRIPTOR_NONE
            && open_top > open_bottom)
          marathon_wall (build, TSR_VISUAL_PART_WALL_TRANSPARENT, side_index, line_index, side,
                         &side->transparent_texture, side->transparent_transfer_mode,
                         side->transparent_lightsource_index, a, b, open_bottom, open_top);
      }
    }
}

static const guint32 liquid_colours[] = {
  0x3C64C8A0,   /* water */
  0xE6641EB4,   /* lava */
  0x50C83CA0,   /* alien goo */
  0x786432B4,   /* sewage */
  0x8C50C8A0,   /* Jjaro goo */
};

static void
marathon_liquid (MarathonBuild            *build,
                 guint                     polygon_index,
                 const TsrMarathonPolygon *polygon,
                 float                     corners[TSR_VISUAL_MAX_VERTICES][2])
{
  const TsrMarathonLevel *level = build->level;
  const TsrMarathonMedia *media;
  TsrVisualSurface surface;
  float height;

  if (polygon->media_index < 0 || level->media == NULL || (guint) polygon->media_index >= level->media->len)
    return;
  media = &g_array_index (level->media, TsrMarathonMedia, polygon->media_index);
  /* media.cpp update_medias: low + (high - low) * the light's intensity. */
  height = (media->low + (media->high - media->low) * marathon_light (build, media->light_index)) / WORLD_ONE;
  if (!(height > polygon->floor_height / WORLD_ONE))
    return;
  height = MIN (height, polygon->ceiling_height / WORLD_ONE);
  surface_init (&surface, TSR_VISUAL_PART_LIQUID, (gint32) polygon_index, polygon->media_index);
  surface.light_index = polygon->media_lightsource_index;
  surface.light = marathon_light (build, surface.light_index);
  surface.color = media->type >= 0 && (guint) media->type < G_N_ELEMENTS (liquid_colours)
                  ? liquid_colours[media->type] : 0x808080A0;
  surface.texture.kind = (guint16) media->texture == DESCRIPTOR_NONE ? TSR_VISUAL_TEXTURE_NONE : TSR_VISUAL_TEXTURE_SHAPES;
  surface.texture.descriptor = (guint16) media->texture;
  surface.texture.transfer_mode = media->transfer_mode;
  surface.normal[2] = 1.0f;
  surface.n_vertices = polygon->vertex_count;
  for (guint i = 0; i < polygon->vertex_count; i++)
    {
      surface.positions[i][0] = corners[i][0];
      surface.positions[i][1] = corners[i][1];
      surface.positions[i][2] = height;
      surface.uv[i][0] = corners[i][0];
      surface.uv[i][1] = corners[i][1];
    }
  scene_add (build->scene, &surface);
}

typedef struct {
  float    width, height;
  guint32  color;
} ObjectMarker;

/* Marker sizes (world units) and colours by object type: monster, scenery, item, player, goal,
 * sound source. The 2D map's colours, for one eye moving between the two views. */
static const ObjectMarker object_markers[] = {
  { 0.5f, 0.8f, 0xDC3C3CFF },
  { 0.35f, 0.5f, 0x3CB45AFF },
  { 0.25f, 0.25f, 0xE6C83CFF },
  { 0.5f, 0.8f, 0x3C8CF0FF },
  { 0.3f, 0.3f, 0xF08CDCFF },
  { 0.15f, 0.15f, 0xB4B4B4FF },
};

static void
billboard_quad (TsrVisualSurface *surface)
{
  float half = surface->width / 2.0f;

  surface->billboard = TRUE;
  surface->n_vertices = 4;
  surface->normal[1] = 1.0f;
  for (guint i = 0; i < 4; i++)
    {
      surface->positions[i][0] = surface->center[0] + surface->shift + (i == 1 || i == 2 ? half : -half);
      surface->positions[i][1] = surface->center[1];
      surface->positions[i][2] = surface->center[2] + (i >= 2 ? surface->height : 0.0f);
      surface->uv[i][0] = i == 1 || i == 2 ? 1.0f : 0.0f;
      surface->uv[i][1] = i >= 2 ? 0.0f : 1.0f;
    }
}

/* The marker of OBJECT: a box of its type's size and colour on its floor (or under its ceiling). */
static void
marathon_marker (MarathonBuild            *build,
                 guint                     index,
                 const TsrMarathonObject  *object,
                 const TsrMarathonPolygon *polygon,
                 float                     location_z)
{
  const ObjectMarker *marker = &object_markers[object->type];
  TsrVisualSurface surface;

  surface_init (&surface, TSR_VISUAL_PART_OBJECT, (gint32) index, object->type);
  surface.light_index = polygon->floor_lightsource_index;
  surface.light = MAX (0.5f, marathon_light (build, surface.light_index));
  surface.color = marker->color;
  surface.width = marker->width;
  surface.height = marker->height;
  surface.center[0] = object->x / WORLD_ONE;
  surface.center[1] = object->y / WORLD_ONE;
  /* A hanging object's location is at the ceiling: its marker hangs below it. */
  surface.center[2] = (object->flags & MAP_OBJECT_HANGING) ? location_z - marker->height : location_z;
  billboard_quad (&surface);
  scene_add (build->scene, &surface);
}

/* OBJECT's sprites (a player's legs and torso); FALSE when SHAPES has no picture for it. */
static gboolean
marathon_sprites (MarathonBuild            *build,
                  guint                     index,
                  const TsrMarathonObject  *object,
                  const TsrMarathonPolygon *polygon,
                  float                     location_z)
{
  TsrVisualObjectShape shape;
  TsrVisualSprite sprites[2];
  float origin_shift = 0.0f, origin_z = location_z;

  if (build->shapes == NULL || !tsr_visual_marathon_object_shape (build->level, object, &shape))
    return FALSE;
  for (guint k = 0; k < shape.n_shapes; k++)
    if (!tsr_visual_marathon_sprite (build->shapes, shape.shapes[k], shape.scale, &sprites[k]))
      return FALSE;
  for (guint k = 0; k < shape.n_shapes; k++)
    {
      const TsrVisualSprite *sprite = &sprites[k];
      TsrVisualSurface surface;

      surface_init (&surface, TSR_VISUAL_PART_OBJECT, (gint32) index, object->type);
      surface.texture.kind = TSR_VISUAL_TEXTURE_SHAPES;
      surface.texture.descriptor = sprite->texture;
      surface.light_index = polygon->floor_lightsource_index;
      surface.light = MAX (0.5f, marathon_light (build, surface.light_index));
      surface.color = object_markers[object->type].color;
      /* build_render_object: the rectangle spans world_left..world_right across the view and
       * world_bottom..world_top up from the object's location. */
      surface.width = (sprite->right - sprite->left) / WORLD_ONE;
      surface.height = (sprite->top - sprite->bottom) / WORLD_ONE;
      surface.shift = origin_shift + (sprite->left + sprite->right) / 2.0f / WORLD_ONE;
      surface.center[0] = object->x / WORLD_ONE;
      surface.center[1] = object->y / WORLD_ONE;
      surface.center[2] = origin_z + sprite->bottom / WORLD_ONE;
      billboard_quad (&surface);
      scene_add (build->scene, &surface);
      /* A parasitic shape (the torso) sits at this one's key point (world_x0, world_y0). */
      origin_shift += sprite->key_x / WORLD_ONE;
      origin_z += sprite->key_y / WORLD_ONE;
    }
  return TRUE;
}

static void
marathon_objects (MarathonBuild *build)
{
  const TsrMarathonLevel *level = build->level;

  if (level->objects == NULL)
    return;
  for (guint i = 0; i < level->objects->len; i++)
    {
      const TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, i);
      const TsrMarathonPolygon *polygon = tsr_visual_marathon_polygon (level, object->polygon_index);
      float location_z;

      if (polygon == NULL || object->type < 0 || (guint) object->type >= G_N_ELEMENTS (object_markers))
        continue;
      /* map.cpp new_map_object: z is from the ceiling when the object hangs from it, else from the
       * floor. */
      location_z = ((object->flags & MAP_OBJECT_HANGING) ? polygon->ceiling_height : polygon->floor_height) / WORLD_ONE
                   + object->z / WORLD_ONE;
      if (!marathon_sprites (build, i, object, polygon, location_z))
        marathon_marker (build, i, object, polygon, location_z);
      if (object->type == 3 && !build->scene->has_start)
        {
          build->scene->has_start = TRUE;
          build->scene->start[0] = object->x / WORLD_ONE;
          build->scene->start[1] = object->y / WORLD_ONE;
          build->scene->start[2] = polygon->floor_height / WORLD_ONE + MARATHON_EYE_HEIGHT;
          build->scene->start_yaw = (float) (object->facing * 2.0 * G_PI / 512.0);
        }
    }
}

TsrVisualScene *
tsr_visual_scene_build_marathon_with_shapes (const TsrMarathonLevel *level,
                                             const TsrShapesFile    *shapes)
{
  MarathonBuild build = { level, shapes, scene_new (), NULL, 0 };

  g_return_val_if_fail (level != NULL, NULL);

  build.scene->sky_color = 0x202028FF;
  marathon_lights_init (&build);
  for (guint p = 0; level->polygons != NULL && p < level->polygons->len; p++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);
      float corners[TSR_VISUAL_MAX_VERTICES][2];

      if (!marathon_polygon_corners (level, polygon, corners))
        continue;
      marathon_flat (&build, p, polygon, corners, TSR_VISUAL_PART_FLOOR, polygon->floor_height / WORLD_ONE);
      marathon_flat (&build, p, polygon, corners, TSR_VISUAL_PART_CEILING, polygon->ceiling_height / WORLD_ONE);
      marathon_walls (&build, p, polygon, corners);
      marathon_liquid (&build, p, polygon, corners);
    }
  marathon_objects (&build);
  build.scene->light_intensity = build.light_intensity;
  build.scene->n_lights = build.n_lights;
  scene_finish (build.scene);
  return build.scene;
}

TsrVisualScene *
tsr_visual_scene_build_marathon (const TsrMarathonLevel *level)
{
  return tsr_visual_scene_build_marathon_with_shapes (level, NULL);
}

void
tsr_visual_scene_set_lights (TsrVisualScene *scene,
                             const float    *intensity,
                             guint           n)
{
  g_return_if_fail (scene != NULL && (intensity != NULL || n == 0));

  n = MIN (n, scene->n_lights);
  if (n > 0)
    memcpy (scene->light_intensity, intensity, n * sizeof (float));
  for (guint s = 0; s < scene->surfaces->len; s++)
    {
      TsrVisualSurface *surface = &g_array_index (scene->surfaces, TsrVisualSurface, s);

      if (surface->light_index < 0 || (guint) surface->light_index >= n)
        continue;
      /* As the build: objects never darker than half, so they stay visible. */
      surface->light = surface->part == TSR_VISUAL_PART_OBJECT ? MAX (0.5f, intensity[surface->light_index])
                       : intensity[surface->light_index];
    }
}

struct _TsrVisualLightClock {
  GArray  *runs;          /* TsrMarathonLightRun */
  float   *intensity;
  guint64  tick;
};

TsrVisualLightClock *
tsr_visual_light_clock_new (const TsrMarathonLevel *level)
{
  TsrVisualLightClock *clock;

  g_return_val_if_fail (level != NULL, NULL);

  if (level->lights == NULL || level->lights->len == 0)
    return NULL;
  clock = g_new0 (TsrVisualLightClock, 1);
  clock->runs = g_array_sized_new (FALSE, TRUE, sizeof (TsrMarathonLightRun), level->lights->len);
  g_array_set_size (clock->runs, level->lights->len);
  clock->intensity = g_new (float, level->lights->len);
  for (guint i = 0; i < level->lights->len; i++)
    {
      TsrMarathonLightRun *run = &g_array_index (clock->runs, TsrMarathonLightRun, i);

      /* The seed the scene's level-start intensities use (marathon_lights_init). */
      tsr_marathon_light_run_init (run, &g_array_index (level->lights, TsrMarathonLight, i), 1);
      clock->intensity[i] = CLAMP ((float) run->intensity / 65536.0f, 0.0f, 1.0f);
    }
  return clock;
}

void
tsr_visual_light_clock_free (TsrVisualLightClock *clock)
{
  if (clock == NULL)
    return;
  g_array_unref (clock->runs);
  g_free (clock->intensity);
  g_free (clock);
}

void
tsr_visual_light_clock_tick (TsrVisualLightClock *clock,
                             guint                n_ticks)
{
  g_return_if_fail (clock != NULL);

  for (guint t = 0; t < n_ticks; t++)
    for (guint i = 0; i < clock->runs->len; i++)
      tsr_marathon_light_run_tick (&g_array_index (clock->runs, TsrMarathonLightRun, i));
  for (guint i = 0; i < clock->runs->len; i++)
    clock->intensity[i] = CLAMP ((float) g_array_index (clock->runs, TsrMarathonLightRun, i).intensity / 65536.0f,
                                 0.0f, 1.0f);
  clock->tick += n_ticks;
}

guint64
tsr_visual_light_clock_get_tick (const TsrVisualLightClock *clock)
{
  g_return_val_if_fail (clock != NULL, 0);
  return clock->tick;
}

const float *
tsr_visual_light_clock_get_intensities (const TsrVisualLightClock *clock,
                                        guint                     *n_lights)
{
  g_return_val_if_fail (clock != NULL, NULL);

  if (n_lights != NULL)
    *n_lights = clock->runs->len;
  return clock->intensity;
}

/* Wolfenstein 3D ------------------------------------------------------------------------------ */

/* WL_DRAW.C vgaCeiling: the ceiling's palette index per level (episode * 10 + map). */
static const guint8 wolf3d_ceilings[] = {
  0x1d, 0x1d, 0x1d, 0x1d, 0x1d, 0x1d, 0x1d, 0x1d, 0x1d, 0xbf,
  0x4e, 0x4e, 0x4e, 0x1d, 0x8d, 0x4e, 0x1d, 0x2d, 0x1d, 0x8d,
  0x1d, 0x1d, 0x1d, 0x1d, 0x1d, 0x2d, 0xdd, 0x1d, 0x1d, 0x98,
  0x1d, 0x9d, 0x2d, 0xdd, 0xdd, 0x9d, 0x2d, 0x4d, 0x1d, 0xdd,
  0x7d, 0x1d, 0x2d, 0x2d, 0xdd, 0xd7, 0x1d, 0x1d, 0x1d, 0x2d,
  0x1d, 0x1d, 0x1d, 0x1d, 0xdd, 0xdd, 0x7d, 0xdd, 0xdd, 0xdd,
};
static const guint8 spear_ceilings[] = {
  0x6f, 0x4f, 0x1d, 0xde, 0xdf, 0x2e, 0x7f, 0x9e, 0xae, 0x7f,
  0x1d, 0xde, 0xdf, 0xde, 0xdf, 0xde, 0xe1, 0xdc, 0x2e, 0x1d, 0xdc,
};
#define WOLF3D_FLOOR_COLOUR 0x19
#define WOLF3D_AREATILE     107

static gboolean
wolf3d_is_door (guint16 tile)
{
  return tile >= 90 && tile <= 101;
}

/* The engine's SetupGameLevel: below AREATILE a tile is a wall unless it is 0 (an open cell with
 * no wall), a door or the ambush marker; from AREATILE on it is floor. */
static gboolean
wolf3d_is_solid (guint16 tile)
{
  return tile != 0 && tile < WOLF3D_AREATILE - 1 && !wolf3d_is_door (tile);
}

static void
wolf3d_quad (TsrVisualSurface *surface,
             const float       corners[4][3])
{
  static const float uv[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };

  surface->n_vertices = 4;
  memcpy (surface->positions, corners, sizeof (float) * 12);
  memcpy (surface->uv, uv, sizeof uv);
}

TsrVisualScene *
tsr_visual_scene_build_wolf3d (const TsrWolf3dLevel *level,
                               TsrWolf3dGame         game,
                               guint                 slot,
                               guint                 sprite_start,
                               const guint32        *palette)
{
  TsrVisualScene *scene;
  guint width, height;
  const guint16 *tiles, *objects;
  guint8 ceiling_index;

  g_return_val_if_fail (level != NULL && palette != NULL, NULL);

  scene = scene_new ();
  scene->wolf3d = TRUE;
  width = scene->wolf3d_width = level->width;
  height = scene->wolf3d_height = level->height;
  tiles = level->planes[0];
  objects = level->planes[1];
  if (game == TSR_WOLF3D_GAME_SPEAR)
    ceiling_index = slot < G_N_ELEMENTS (spear_ceilings) ? spear_ceilings[slot] : 0x1d;
  else
    ceiling_index = slot < G_N_ELEMENTS (wolf3d_ceilings) ? wolf3d_ceilings[slot] : 0x1d;
  scene->sky_color = palette[ceiling_index];
  if (tiles == NULL)
    {
      scene_finish (scene);
      return scene;
    }

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        guint16 tile = tiles[y * width + x];
        gint32 cell = (gint32) (y * width + x);
        TsrVisualSurface surface;

        if (wolf3d_is_solid (tile))
          {
            /* Faces towards open neighbours only: N, E, S, W. */
            static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };

            for (guint face = 0; face < 4; face++)
              {
                int nx = (int) x + dx[face], ny = (int) y + dy[face];
                guint16 neighbour;
                gboolean north_south = face % 2 == 0;
                float c[4][3];
                int page;

                if (nx < 0 || ny < 0 || nx >= (int) width || ny >= (int) height)
                  continue;
                neighbour = tiles[ny * width + nx];
                if (wolf3d_is_solid (neighbour))
                  continue;
                surface_init (&surface, TSR_VISUAL_PART_CELL_WALL, cell, (gint32) face);
                /* Beside a door the jamb (DOORWALL+2 on N/S faces, +3 on E/W), else the tile's
                 * light page on N/S faces and its dark page on E/W. */
                if (wolf3d_is_door (neighbour))
                  page = sprite_start >= 8 ? (int) sprite_start - 8 + (north_south ? 2 : 3) : -1;
                else
                  {
                    page = tsr_wolf3d_tile_texture (tile, sprite_start);
                    if (page >= 0 && !north_south)
                      page++;
                  }
                if (page >= 0)
                  {
                    surface.texture.kind = TSR_VISUAL_TEXTURE_WOLF3D_WALL;
                    surface.texture.descriptor = (guint16) page;
                  }
                surface.color = north_south ? 0x8C8C8CFF : 0x646464FF;
                surface.normal[0] = (float) dx[face];
                surface.normal[1] = (float) dy[face];
                /* Corners left to right as seen from the open neighbour. */
                {
                  float x0 = (float) x, y0 = (float) y, x1 = x0 + 1, y1 = y0 + 1;
                  float ax, ay, bx, by;

                  switch (face)
                    {
                    case 0: ax = x1; ay = y0; bx = x0; by = y0; break;   /* seen from the north */
                    case 1: ax = x1; ay = y1; bx = x1; by = y0; break;   /* from the east */
                    case 2: ax = x0; ay = y1; bx = x1; by = y1; break;   /* from the south */
                    default: ax = x0; ay = y0; bx = x0; by = y1; break;  /* from the west */
                    }
                  c[0][0] = ax; c[0][1] = ay; c[0][2] = 0;
                  c[1][0] = bx; c[1][1] = by; c[1][2] = 0;
                  c[2][0] = bx; c[2][1] = by; c[2][2] = 1;
                  c[3][0] = ax; c[3][1] = ay; c[3][2] = 1;
                }
                wolf3d_quad (&surface, c);
                scene_add (scene, &surface);
              }
            continue;
          }

        if (wolf3d_is_door (tile))
          {
            /* Even tiles: a vertical door (a plane x = middle, passed east-west). */
            gboolean vertical = tile % 2 == 0;
            int page = tsr_wolf3d_tile_texture (tile, sprite_start);
            float c[4][3];
            float mx = x + 0.5f, my = y + 0.5f;

            surface_init (&surface, TSR_VISUAL_PART_CELL_DOOR, cell, 0);
            if (page >= 0)
              {
                surface.texture.kind = TSR_VISUAL_TEXTURE_WOLF3D_WALL;
                surface.texture.descriptor = (guint16) page;
              }
            surface.color = 0x3C8C8CFF;
            if (vertical)
              {
                surface.normal[0] = -1.0f;
                c[0][0] = mx; c[0][1] = y;     c[0][2] = 0;
                c[1][0] = mx; c[1][1] = y + 1; c[1][2] = 0;
                c[2][0] = mx; c[2][1] = y + 1; c[2][2] = 1;
                c[3][0] = mx; c[3][1] = y;     c[3][2] = 1;
              }
            else
              {
                surface.normal[1] = 1.0f;
                c[0][0] = x;     c[0][1] = my; c[0][2] = 0;
                c[1][0] = x + 1; c[1][1] = my; c[1][2] = 0;
                c[2][0] = x + 1; c[2][1] = my; c[2][2] = 1;
                c[3][0] = x;     c[3][1] = my; c[3][2] = 1;
              }
            wolf3d_quad (&surface, c);
            scene_add (scene, &surface);
          }

        /* Floor and ceiling of an open cell. */
        for (guint part = 0; part < 2; part++)
          {
            float z = part == 0 ? 0.0f : 1.0f;
            float c[4][3] = {
              { (float) x, (float) y + 1, z }, { (float) x + 1, (float) y + 1, z },
              { (float) x + 1, (float) y, z }, { (float) x, (float) y, z },
            };

            surface_init (&surface, part == 0 ? TSR_VISUAL_PART_CELL_FLOOR : TSR_VISUAL_PART_CELL_CEILING,
                          cell, -1);
            surface.color = palette[part == 0 ? WOLF3D_FLOOR_COLOUR : ceiling_index] | 0xFF;
            surface.normal[2] = part == 0 ? 1.0f : -1.0f;
            wolf3d_quad (&surface, c);
            scene_add (scene, &surface);
          }

        if (objects != NULL && objects[y * width + x] != 0)
          {
            TsrWolf3dObjectInfo info;

            if (!tsr_wolf3d_object_lookup (game, objects[y * width + x], &info))
              continue;
            if (info.kind == TSR_WOLF3D_OBJECT_PLAYER && !scene->has_start)
              {
                static const float yaws[4] = { 0.0f, -G_PI / 2, G_PI, G_PI / 2 };

                scene->has_start = TRUE;
                scene->start[0] = x + 0.5f;
                scene->start[1] = y + 0.5f;
                scene->start[2] = WOLF3D_EYE_HEIGHT;
                scene->start_yaw = info.direction >= 0 && info.direction < 4 ? yaws[info.direction] : 0.0f;
                continue;
              }
            if (info.sprite < 0)
              continue;
            surface_init (&surface, TSR_VISUAL_PART_CELL_OBJECT, cell, objects[y * width + x]);
            surface.texture.kind = TSR_VISUAL_TEXTURE_WOLF3D_SPRITE;
            surface.texture.descriptor = (guint16) info.sprite;
            surface.color = 0xE6C83CFF;
            surface.width = 1.0f;
            surface.height = 1.0f;
            surface.center[0] = x + 0.5f;
            surface.center[1] = y + 0.5f;
            surface.center[2] = 0.0f;
            billboard_quad (&surface);
            scene_add (scene, &surface);
          }
      }
  scene_finish (scene);
  return scene;
}

/* Camera and picking ---------------------------------------------------------------------------- */

void
tsr_visual_camera_init_start (TsrVisualCamera      *camera,
                              const TsrVisualScene *scene)
{
  memset (camera, 0, sizeof *camera);
  camera->fov = 75.0f;
  if (scene->has_start)
    {
      memcpy (camera->position, scene->start, sizeof camera->position);
      camera->yaw = scene->start_yaw;
      return;
    }
  for (guint i = 0; i < 3; i++)
    camera->position[i] = (scene->bounds_min[i] + scene->bounds_max[i]) / 2.0f;
}

void
tsr_visual_camera_axes (const TsrVisualCamera *camera,
                        float                  forward[3],
                        float                  right[3],
                        float                  up[3])
{
  float cy = cosf (camera->yaw), sy = sinf (camera->yaw);
  float cp = cosf (camera->pitch), sp = sinf (camera->pitch);

  forward[0] = cp * cy;
  forward[1] = cp * sy;
  forward[2] = sp;
  /* y grows southwards and z up: facing east, the right hand points south. */
  right[0] = -sy;
  right[1] = cy;
  right[2] = 0.0f;
  /* up = forward × right */
  up[0] = forward[1] * right[2] - forward[2] * right[1];
  up[1] = forward[2] * right[0] - forward[0] * right[2];
  up[2] = forward[0] * right[1] - forward[1] * right[0];
}

void
tsr_visual_camera_ray (const TsrVisualCamera *camera,
                       guint                  width,
                       guint                  height,
                       double                 sx,
                       double                 sy,
                       float                  origin[3],
                       float                  direction[3])
{
  float forward[3], right[3], up[3];
  float tan_half = tanf ((float) (camera->fov * G_PI / 360.0));
  float aspect = height > 0 ? (float) width / (float) height : 1.0f;
  float nx = width > 0 ? (float) (2.0 * sx / width - 1.0) : 0.0f;
  float ny = height > 0 ? (float) (1.0 - 2.0 * sy / height) : 0.0f;
  float length = 0.0f;

  tsr_visual_camera_axes (camera, forward, right, up);
  for (guint i = 0; i < 3; i++)
    {
      origin[i] = camera->position[i];
      direction[i] = forward[i] + right[i] * nx * tan_half * aspect + up[i] * ny * tan_half;
      length += direction[i] * direction[i];
    }
  length = sqrtf (length);
  for (guint i = 0; i < 3; i++)
    direction[i] /= length;
}

static float
dot3 (const float a[3], const float b[3])
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Ray against a convex planar polygon: the distance, or -1. */
static float
ray_polygon (const float  origin[3],
             const float  direction[3],
             const float  positions[][3],
             guint        n,
             const float  normal[3])
{
  float denominator = dot3 (normal, direction), to_plane[3], t, hit[3];
  int sign = 0;

  if (fabsf (denominator) < 1e-6f)
    return -1.0f;
  for (guint i = 0; i < 3; i++)
    to_plane[i] = positions[0][i] - origin[i];
  t = dot3 (normal, to_plane) / denominator;
  if (!(t > 1e-4f))
    return -1.0f;
  for (guint i = 0; i < 3; i++)
    hit[i] = origin[i] + direction[i] * t;
  for (guint v = 0; v < n; v++)
    {
      const float *a = positions[v], *b = positions[(v + 1) % n];
      float edge[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
      float to_hit[3] = { hit[0] - a[0], hit[1] - a[1], hit[2] - a[2] };
      float cross[3] = {
        edge[1] * to_hit[2] - edge[2] * to_hit[1],
        edge[2] * to_hit[0] - edge[0] * to_hit[2],
        edge[0] * to_hit[1] - edge[1] * to_hit[0],
      };
      float side = dot3 (cross, normal);

      if (fabsf (side) < 1e-9f)
        continue;
      if (sign == 0)
        sign = side > 0 ? 1 : -1;
      else if ((side > 0 ? 1 : -1) != sign)
        return -1.0f;
    }
  return t;
}

const TsrVisualSurface *
tsr_visual_scene_pick (const TsrVisualScene *scene,
                       const float           origin[3],
                       const float           direction[3],
                       float                *distance)
{
  const TsrVisualSurface *best = NULL;
  float best_t = G_MAXFLOAT;

  for (guint s = 0; s < scene->surfaces->len; s++)
    {
      const TsrVisualSurface *surface = &g_array_index (scene->surfaces, TsrVisualSurface, s);
      float t;

      if (surface->billboard)
        {
          /* The quad turned to face the ray's horizontal direction, as the renderer turns it
           * to the camera: its middle SHIFT along the right of that direction. */
          float horizontal = sqrtf (direction[0] * direction[0] + direction[1] * direction[1]);
          float normal[3], right[3], quad[4][3];

          if (horizontal < 1e-6f)
            continue;
          normal[0] = -direction[0] / horizontal;
          normal[1] = -direction[1] / horizontal;
          normal[2] = 0.0f;
          /* Right of forward (x, y) with y southwards: (-y, x). */
          right[0] = -direction[1] / horizontal;
          right[1] = direction[0] / horizontal;
          right[2] = 0.0f;
          for (guint v = 0; v < 4; v++)
            {
              float across = surface->shift + (v == 1 || v == 2 ? 0.5f : -0.5f) * surface->width;

              quad[v][0] = surface->center[0] + right[0] * across;
              quad[v][1] = surface->center[1] + right[1] * across;
              quad[v][2] = surface->center[2] + (v >= 2 ? surface->height : 0.0f);
            }
          t = ray_polygon (origin, direction, (const float (*)[3]) quad, 4, normal);
        }
      else
        t = ray_polygon (origin, direction, (const float (*)[3]) surface->positions, surface->n_vertices,
                         surface->normal);
      if (t > 0.0f && t < best_t)
        {
          best_t = t;
          best = surface;
        }
    }
  if (distance != NULL)
    *distance = best != NULL ? best_t : -1.0f;
  return best;
}
