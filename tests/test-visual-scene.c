/* test-visual-scene.c: the visual mode's scene builder. Small levels built here (a room of known
 * heights and light, a step, a platform, a liquid, a Wolf3D corridor with a door) give exactly the
 * surfaces expected; every real Marathon and Wolf3D level, and mutated copies of them, build with
 * no crash and no NaN; picking by ray finds the surface in front of the camera. */
#include <math.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-lighting.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/wolf3d/tsr-wolf3d-palette.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "render/tsr-visual-scene.h"
#include "tsr-test-common.h"
#include "tsr-visual-test-levels.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWolf3dLevel, tsr_wolf3d_level_free)

static char *marathon_dir;
static char *wolf3d_dir;



static guint
count_part (const TsrVisualScene *scene,
            TsrVisualPart         part,
            gint32                index)
{
  guint n = 0;

  for (guint s = 0; s < scene->surfaces->len; s++)
    {
      const TsrVisualSurface *surface = &g_array_index (scene->surfaces, TsrVisualSurface, s);

      if (surface->part == part && (index < 0 || surface->index == index))
        n++;
    }
  return n;
}

static const TsrVisualSurface *
find_part (const TsrVisualScene *scene,
           TsrVisualPart         part,
           gint32                index)
{
  for (guint s = 0; s < scene->surfaces->len; s++)
    {
      const TsrVisualSurface *surface = &g_array_index (scene->surfaces, TsrVisualSurface, s);

      if (surface->part == part && surface->index == index)
        return surface;
    }
  ck_abort_msg ("no surface of part %d and index %d", part, index);
  {
    static const TsrVisualSurface none = { 0 };

    return &none;
  }
}

static void
surface_z_range (const TsrVisualSurface *surface,
                 float                  *low,
                 float                  *high)
{
  *low = G_MAXFLOAT;
  *high = -G_MAXFLOAT;
  for (guint v = 0; v < surface->n_vertices; v++)
    {
      *low = MIN (*low, surface->positions[v][2]);
      *high = MAX (*high, surface->positions[v][2]);
    }
}

START_TEST (test_room)
{
  const gint16 floors[] = { 0 }, ceilings[] = { 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (1, floors, ceilings, 0x8000, TRUE);
  g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_marathon (level);
  const TsrVisualSurface *floor, *ceiling;
  float low, high;

  ck_assert_uint_eq (scene->surfaces->len, 6);
  ck_assert_uint_eq (count_part (scene, TSR_VISUAL_PART_WALL_FULL, -1), 4);
  floor = find_part (scene, TSR_VISUAL_PART_FLOOR, 0);
  ceiling = find_part (scene, TSR_VISUAL_PART_CEILING, 0);
  ck_assert_ptr_nonnull (floor);
  ck_assert_ptr_nonnull (ceiling);
  ck_assert_uint_eq (floor->n_vertices, 4);
  surface_z_range (floor, &low, &high);
  ck_assert_float_eq (low, 0.0f);
  ck_assert_float_eq (high, 0.0f);
  surface_z_range (ceiling, &low, &high);
  ck_assert_float_eq (low, 1.0f);
  ck_assert_float_eq (floor->normal[2], 1.0f);
  ck_assert_float_eq (ceiling->normal[2], -1.0f);
  ck_assert_int_eq (floor->texture.kind, TSR_VISUAL_TEXTURE_SHAPES);
  ck_assert_uint_eq (floor->texture.descriptor, (guint16) TSR_VISUAL_TEST_TEXTURE (17, 200));
  /* Light 0 is constant at one half. */
  ck_assert_int_eq (floor->light_index, 0);
  ck_assert_float_eq_tol (floor->light, 0.5f, 0.001f);
  /* Each wall is its side, with its primary texture, from floor to ceiling, facing inwards. */
  for (guint e = 0; e < 4; e++)
    {
      const TsrVisualSurface *wall = find_part (scene, TSR_VISUAL_PART_WALL_FULL, (gint32) e);
      float cx = 0, cy = 0;

      ck_assert_ptr_nonnull (wall);
      ck_assert_uint_eq (wall->texture.descriptor, (guint16) TSR_VISUAL_TEST_TEXTURE (17, e));
      ck_assert_int_eq (wall->detail, g_array_index (level->polygons, TsrMarathonPolygon, 0).line_indexes[e]);
      surface_z_range (wall, &low, &high);
      ck_assert_float_eq (low, 0.0f);
      ck_assert_float_eq (high, 1.0f);
      for (guint v = 0; v < 4; v++)
        {
          cx += wall->positions[v][0] / 4;
          cy += wall->positions[v][1] / 4;
        }
      /* From the wall's middle, the normal points towards the room's centre (0.5, 0.5). */
      ck_assert_float_gt ((0.5f - cx) * wall->normal[0] + (0.5f - cy) * wall->normal[1], 0.0f);
    }
  /* Without a player start the camera stands in the middle. */
  ck_assert (!scene->has_start);
}
END_TEST

START_TEST (test_step)
{
  /* Room 1 is a step up with a lower ceiling: room 0 sees a low and a high part on the shared
   * line, room 1 sees none there. */
  const gint16 floors[] = { 0, 256 }, ceilings[] = { 1024, 768 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (2, floors, ceilings, 0x10000, TRUE);
  g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_marathon (level);
  const TsrVisualSurface *high, *low;
  float z0, z1;

  /* Room 0: 3 full walls + high + low; room 1: 3 full walls; 2 floors and 2 ceilings. */
  ck_assert_uint_eq (count_part (scene, TSR_VISUAL_PART_WALL_FULL, -1), 6);
  ck_assert_uint_eq (count_part (scene, TSR_VISUAL_PART_WALL_HIGH, -1), 1);
  ck_assert_uint_eq (count_part (scene, TSR_VISUAL_PART_WALL_LOW, -1), 1);
  ck_assert_uint_eq (scene->surfaces->len, 12);
  /* Side 1 is room 0's east edge. */
  high = find_part (scene, TSR_VISUAL_PART_WALL_HIGH, 1);
  low = find_part (scene, TSR_VISUAL_PART_WALL_LOW, 1);
  ck_assert_ptr_nonnull (high);
  ck_assert_ptr_nonnull (low);
  surface_z_range (high, &z0, &z1);
  ck_assert_float_eq (z0, 0.75f);
  ck_assert_float_eq (z1, 1.0f);
  surface_z_range (low, &z0, &z1);
  ck_assert_float_eq (z0, 0.0f);
  ck_assert_float_eq (z1, 0.25f);
  /* A split side: primary above, secondary below. */
  ck_assert_uint_eq (high->texture.descriptor, (guint16) TSR_VISUAL_TEST_TEXTURE (17, 1));
  ck_assert_uint_eq (low->texture.descriptor, (guint16) TSR_VISUAL_TEST_TEXTURE (17, 101));
  ck_assert_uint_eq (high->texture.slot, 0);
  ck_assert_uint_eq (low->texture.slot, 1);
  ck_assert_float_eq (low->light, 1.0f);
}
END_TEST

START_TEST (test_low_side_and_transparent)
{
  /* Only a higher floor: the low part takes the primary texture; a transparent texture fills the
   * opening between the higher floor and the lower ceiling, offsets carried. */
  const gint16 floors[] = { 0, 512 }, ceilings[] = { 1024, 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (2, floors, ceilings, 0x10000, TRUE);
  g_autoptr(TsrVisualScene) scene = NULL;
  TsrMarathonSide *side = &g_array_index (level->sides, TsrMarathonSide, 1);
  const TsrVisualSurface *low, *transparent;
  float z0, z1;

  side->transparent_texture.texture = TSR_VISUAL_TEST_TEXTURE (17, 50);
  side->primary_texture.x0 = 256;
  side->primary_texture.y0 = 128;
  side->primary_transfer_mode = 4;
  scene = tsr_visual_scene_build_marathon (level);
  ck_assert_uint_eq (count_part (scene, TSR_VISUAL_PART_WALL_HIGH, -1), 0);
  low = find_part (scene, TSR_VISUAL_PART_WALL_LOW, 1);
  ck_assert_ptr_nonnull (low);
  ck_assert_uint_eq (low->texture.descriptor, (guint16) TSR_VISUAL_TEST_TEXTURE (17, 1));
  ck_assert_int_eq (low->texture.x0, 256);
  ck_assert_int_eq (low->texture.y0, 128);
  ck_assert_int_eq (low->texture.transfer_mode, 4);
  /* The texture's left edge starts a quarter in, its top an eighth down. */
  ck_assert_float_eq (low->uv[3][0], 0.25f);
  ck_assert_float_eq (low->uv[3][1], 0.125f);
  transparent = find_part (scene, TSR_VISUAL_PART_WALL_TRANSPARENT, 1);
  ck_assert_ptr_nonnull (transparent);
  surface_z_range (transparent, &z0, &z1);
  ck_assert_float_eq (z0, 0.5f);
  ck_assert_float_eq (z1, 1.0f);
  ck_assert_uint_eq (transparent->texture.descriptor, (guint16) TSR_VISUAL_TEST_TEXTURE (17, 50));
  ck_assert_uint_eq (transparent->texture.slot, 2);
  ck_assert_uint_eq (low->texture.slot, 0);
}
END_TEST

START_TEST (test_platform)
{
  /* A platform polygon is drawn at the heights the map stores for it (its current state). */
  const gint16 floors[] = { 0, 384 }, ceilings[] = { 1024, 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (2, floors, ceilings, 0x10000, TRUE);
  TsrMarathonPlatform platform = { 0 };
  TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, 1);
  g_autoptr(TsrVisualScene) scene = NULL;
  float z0, z1;

  platform.polygon_index = 1;
  platform.minimum_height = 0;
  platform.maximum_height = 768;
  g_array_append_val (level->platforms, platform);
  polygon->type = 5;
  polygon->permutation = 0;
  scene = tsr_visual_scene_build_marathon (level);
  surface_z_range (find_part (scene, TSR_VISUAL_PART_FLOOR, 1), &z0, &z1);
  ck_assert_float_eq (z0, 0.375f);
  surface_z_range (find_part (scene, TSR_VISUAL_PART_WALL_LOW, 1), &z0, &z1);
  ck_assert_float_eq (z1, 0.375f);
}
END_TEST

START_TEST (test_liquid)
{
  /* media.cpp update_medias: height = low + (high - low) * light intensity = 0 + 512 * 0.5. */
  const gint16 floors[] = { 0 }, ceilings[] = { 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (1, floors, ceilings, 0x8000, TRUE);
  TsrMarathonMedia media = { 0 };
  g_autoptr(TsrVisualScene) scene = NULL;
  const TsrVisualSurface *liquid;
  float z0, z1;

  media.type = 0;
  media.light_index = 0;
  media.low = 0;
  media.high = 512;
  media.texture = TSR_VISUAL_TEST_TEXTURE (17, 19);
  g_array_append_val (level->media, media);
  g_array_index (level->polygons, TsrMarathonPolygon, 0).media_index = 0;
  scene = tsr_visual_scene_build_marathon (level);
  liquid = find_part (scene, TSR_VISUAL_PART_LIQUID, 0);
  ck_assert_ptr_nonnull (liquid);
  ck_assert_int_eq (liquid->detail, 0);
  surface_z_range (liquid, &z0, &z1);
  ck_assert_float_eq (z0, 0.25f);
  ck_assert_float_eq (z1, 0.25f);
  ck_assert_uint_lt (liquid->color & 0xFF, 0xFF);
  ck_assert_uint_eq (liquid->texture.descriptor, (guint16) TSR_VISUAL_TEST_TEXTURE (17, 19));

  /* Below the floor the liquid does not show. */
  g_array_index (level->media, TsrMarathonMedia, 0).high = 0;
  tsr_visual_scene_free (g_steal_pointer (&scene));
  scene = tsr_visual_scene_build_marathon (level);
  ck_assert_uint_eq (count_part (scene, TSR_VISUAL_PART_LIQUID, -1), 0);
}
END_TEST

START_TEST (test_objects_and_start)
{
  const gint16 floors[] = { 128 }, ceilings[] = { 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (1, floors, ceilings, 0x10000, TRUE);
  TsrMarathonObject player = { 3, 0, 128, 0, 512, 256, 0, 0 };
  TsrMarathonObject lamp = { 1, 2, 0, 0, 300, 300, -100, 0x0002 };
  g_autoptr(TsrVisualScene) scene = NULL;
  const TsrVisualSurface *surface;
  TsrVisualCamera camera;

  g_array_append_val (level->objects, lamp);
  g_array_append_val (level->objects, player);
  scene = tsr_visual_scene_build_marathon (level);
  ck_assert_uint_eq (count_part (scene, TSR_VISUAL_PART_OBJECT, -1), 2);
  ck_assert (scene->has_start);
  ck_assert_float_eq (scene->start[0], 0.5f);
  ck_assert_float_eq (scene->start[1], 0.25f);
  /* Facing 128 of 512 is a quarter turn clockwise from east: south (+y). */
  ck_assert_float_eq_tol (scene->start_yaw, (float) G_PI / 2, 1e-5f);
  tsr_visual_camera_init_start (&camera, scene);
  ck_assert_float_gt (camera.position[2], 0.125f);
  /* The lamp hangs 100 units below the ceiling: a hanging object's z counts from the ceiling
   * (map.cpp new_map_object: ceiling_height + z). */
  surface = find_part (scene, TSR_VISUAL_PART_OBJECT, 0);
  ck_assert (surface->billboard);
  ck_assert_float_eq_tol (surface->center[2] + surface->height, (1024 - 100) / 1024.0f, 1e-5f);
}
END_TEST

/* Animated lights: a strobe (primary active: constant full light for 15 ticks; secondary active:
 * constant dark for 15) run by the engine's light functions (lightsource.cpp update_lights through
 * tsr-marathon-lighting): the scene's surfaces follow the clock's intensities, which are the light
 * editor's curve at the same ticks. */
START_TEST (test_animated_lights)
{
  const gint16 floors[] = { 0 }, ceilings[] = { 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (1, floors, ceilings, 0x10000, FALSE);
  TsrMarathonLight *light = &g_array_index (level->lights, TsrMarathonLight, 0);
  TsrMarathonLightingFunction on = { 0, 15, 0, 0x10000, 0 }, off = { 0, 15, 0, 0, 0 };
  g_autoptr(TsrVisualScene) scene = NULL;
  g_autoptr(TsrVisualLightClock) clock = NULL;
  gint32 curve[40];
  float at[2];
  const guint ticks[2] = { 5, 20 };
  const float *intensity;
  guint n_lights = 0;

  light->primary_active = on;
  light->secondary_active = off;
  tsr_marathon_light_curve (light, 1, G_N_ELEMENTS (curve), curve);
  scene = tsr_visual_scene_build_marathon (level);
  clock = tsr_visual_light_clock_new (level);
  ck_assert_ptr_nonnull (clock);
  ck_assert_uint_eq (scene->n_lights, 1);
  /* At level start the scene is built with the clock's first intensity. */
  intensity = tsr_visual_light_clock_get_intensities (clock, &n_lights);
  ck_assert_uint_eq (n_lights, 1);
  ck_assert_float_eq_tol (scene->light_intensity[0], intensity[0], 1e-6f);
  for (guint k = 0; k < 2; k++)
    {
      const TsrVisualSurface *floor;

      tsr_visual_light_clock_tick (clock, ticks[k] - (guint) tsr_visual_light_clock_get_tick (clock));
      ck_assert_uint_eq (tsr_visual_light_clock_get_tick (clock), ticks[k]);
      intensity = tsr_visual_light_clock_get_intensities (clock, &n_lights);
      ck_assert_float_eq_tol (intensity[0], CLAMP (curve[ticks[k]] / 65536.0f, 0.0f, 1.0f), 1e-6f);
      tsr_visual_scene_set_lights (scene, intensity, n_lights);
      floor = find_part (scene, TSR_VISUAL_PART_FLOOR, 0);
      ck_assert_int_eq (floor->light_index, 0);
      at[k] = floor->light;
      ck_assert_float_eq_tol (at[k], intensity[0], 1e-6f);
      ck_assert_float_eq_tol (scene->light_intensity[0], intensity[0], 1e-6f);
    }
  /* Full light at tick 5, dark at tick 20. */
  ck_assert_float_eq_tol (at[0], 1.0f, 1e-6f);
  ck_assert_float_eq_tol (at[1], 0.0f, 1e-6f);
  /* A level without lights has no clock. */
  g_array_set_size (level->lights, 0);
  ck_assert_ptr_null (tsr_visual_light_clock_new (level));
}
END_TEST

START_TEST (test_pick)
{
  const gint16 floors[] = { 0, 256 }, ceilings[] = { 1024, 768 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (2, floors, ceilings, 0x10000, TRUE);
  g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_marathon (level);
  TsrVisualCamera camera = { { 0.5f, 0.5f, 0.5f }, 0.0f, 0.0f, 90.0f };
  float origin[3], direction[3], distance;
  const TsrVisualSurface *hit;

  /* Straight ahead (east) through the opening: room 1's far wall (side 5: room 1's east edge). */
  tsr_visual_camera_ray (&camera, 100, 100, 50, 50, origin, direction);
  hit = tsr_visual_scene_pick (scene, origin, direction, &distance);
  ck_assert_ptr_nonnull (hit);
  ck_assert_int_eq (hit->part, TSR_VISUAL_PART_WALL_FULL);
  ck_assert_int_eq (hit->index, 5);
  ck_assert_float_eq_tol (distance, 1.5f, 1e-4f);
  /* Looking down a little: room 0's low part of side 1 (the step). */
  camera.pitch = -0.5f;
  tsr_visual_camera_ray (&camera, 100, 100, 50, 50, origin, direction);
  hit = tsr_visual_scene_pick (scene, origin, direction, NULL);
  ck_assert_int_eq (hit->part, TSR_VISUAL_PART_WALL_LOW);
  ck_assert_int_eq (hit->index, 1);
  /* Straight down: room 0's floor; straight up: its ceiling. */
  camera.pitch = (float) -G_PI / 2 + 0.01f;
  tsr_visual_camera_ray (&camera, 100, 100, 50, 50, origin, direction);
  hit = tsr_visual_scene_pick (scene, origin, direction, &distance);
  ck_assert_int_eq (hit->part, TSR_VISUAL_PART_FLOOR);
  ck_assert_int_eq (hit->index, 0);
  camera.pitch = (float) G_PI / 2 - 0.01f;
  tsr_visual_camera_ray (&camera, 100, 100, 50, 50, origin, direction);
  hit = tsr_visual_scene_pick (scene, origin, direction, &distance);
  ck_assert_int_eq (hit->part, TSR_VISUAL_PART_CEILING);
}
END_TEST

/* A Wolf3D corridor: 6 x 3, walls of tile 1 round cells (1..4, 1), a vertical door (90) at
 * (3, 1), the player at (1, 1) facing east (20) and a static object (23) at (2, 1). */
static TsrWolf3dLevel *
corridor_level (void)
{
  TsrWolf3dLevel *level = tsr_wolf3d_level_new ("Corridor", 6, 3);

  for (guint i = 0; i < 18; i++)
    {
      level->planes[0][i] = 1;
      level->planes[1][i] = 0;
    }
  for (guint x = 1; x <= 4; x++)
    level->planes[0][6 + x] = 108;
  level->planes[0][6 + 3] = 90;
  level->planes[1][6 + 1] = 20;
  level->planes[1][6 + 2] = 23;
  return level;
}

START_TEST (test_wolf3d_corridor)
{
  g_autoptr(TsrWolf3dLevel) level = corridor_level ();
  const guint32 *palette = tsr_wolf3d_palette_get (TSR_WOLF3D_GAME_WOLF3D);
  g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_wolf3d (level, TSR_WOLF3D_GAME_WOLF3D, 0, 106, palette);
  const TsrVisualSurface *door, *floor, *ceiling;
  guint jambs = 0, light = 0, dark = 0;

  /* 8 N/S faces + 2 E/W faces, 4 floors, 4 ceilings, 1 door, 1 object. */
  ck_assert_uint_eq (count_part (scene, TSR_VISUAL_PART_CELL_WALL, -1), 10);
  ck_assert_uint_eq (count_part (scene, TSR_VISUAL_PART_CELL_FLOOR, -1), 4);
  ck_assert_uint_eq (count_part (scene, TSR_VISUAL_PART_CELL_CEILING, -1), 4);
  ck_assert_uint_eq (count_part (scene, TSR_VISUAL_PART_CELL_OBJECT, -1), 1);
  ck_assert_uint_eq (scene->surfaces->len, 20);
  for (guint s = 0; s < scene->surfaces->len; s++)
    {
      const TsrVisualSurface *surface = &g_array_index (scene->surfaces, TsrVisualSurface, s);

      if (surface->part != TSR_VISUAL_PART_CELL_WALL)
        continue;
      ck_assert_int_eq (surface->texture.kind, TSR_VISUAL_TEXTURE_WOLF3D_WALL);
      if (surface->texture.descriptor == 106 - 8 + 2)
        {
          jambs++;
          /* The jambs are the walls north and south of the door. */
          ck_assert (surface->index == 3 || surface->index == 15);
        }
      else if (surface->texture.descriptor == 0)
        light++;
      else if (surface->texture.descriptor == 1)
        dark++;
    }
  ck_assert_uint_eq (jambs, 2);
  ck_assert_uint_eq (light, 6);
  ck_assert_uint_eq (dark, 2);
  door = find_part (scene, TSR_VISUAL_PART_CELL_DOOR, 9);
  ck_assert_ptr_nonnull (door);
  ck_assert_uint_eq (door->texture.descriptor, (guint) tsr_wolf3d_tile_texture (90, 106));
  for (guint v = 0; v < 4; v++)
    ck_assert_float_eq (door->positions[v][0], 3.5f);
  floor = find_part (scene, TSR_VISUAL_PART_CELL_FLOOR, 7);
  ceiling = find_part (scene, TSR_VISUAL_PART_CELL_CEILING, 7);
  ck_assert_uint_eq (floor->color, palette[0x19]);
  ck_assert_uint_eq (ceiling->color, palette[0x1d]);
  ck_assert_uint_eq (scene->sky_color, palette[0x1d]);
  ck_assert (scene->has_start);
  ck_assert_float_eq (scene->start[0], 1.5f);
  ck_assert_float_eq (scene->start_yaw, 0.0f);

  /* Code 0 is an open cell for the engine (SetupGameLevel leaves tilemap 0): a floor, no wall. */
  {
    g_autoptr(TsrWolf3dLevel) open = corridor_level ();
    g_autoptr(TsrVisualScene) open_scene = NULL;

    open->planes[0][6 + 2] = 0;
    open_scene = tsr_visual_scene_build_wolf3d (open, TSR_WOLF3D_GAME_WOLF3D, 0, 106, palette);
    ck_assert_uint_eq (count_part (open_scene, TSR_VISUAL_PART_CELL_FLOOR, 8), 1);
    ck_assert_uint_eq (count_part (open_scene, TSR_VISUAL_PART_CELL_WALL, -1), 10);
  }

  /* From the start looking east, the ray meets the object, then (past it) the door. */
  {
    TsrVisualCamera camera;
    float origin[3], direction[3];
    const TsrVisualSurface *hit;

    tsr_visual_camera_init_start (&camera, scene);
    tsr_visual_camera_ray (&camera, 64, 64, 32, 32, origin, direction);
    hit = tsr_visual_scene_pick (scene, origin, direction, NULL);
    ck_assert_ptr_nonnull (hit);
    ck_assert_int_eq (hit->part, TSR_VISUAL_PART_CELL_OBJECT);
    ck_assert_int_eq (hit->index, 8);
    camera.position[0] = 2.8f;
    tsr_visual_camera_ray (&camera, 64, 64, 32, 32, origin, direction);
    hit = tsr_visual_scene_pick (scene, origin, direction, NULL);
    ck_assert_int_eq (hit->part, TSR_VISUAL_PART_CELL_DOOR);
    ck_assert_int_eq (hit->index, 9);
  }
}
END_TEST

/* Every coordinate finite, every surface with 3..8 vertices, indexes in range. */
static void
assert_scene_sane (const TsrVisualScene *scene,
                   const char           *what)
{
  for (guint s = 0; s < scene->surfaces->len; s++)
    {
      const TsrVisualSurface *surface = &g_array_index (scene->surfaces, TsrVisualSurface, s);

      ck_assert_msg (surface->n_vertices >= 3 && surface->n_vertices <= TSR_VISUAL_MAX_VERTICES,
                     "%s: surface %u has %u vertices", what, s, surface->n_vertices);
      ck_assert_msg (isfinite (surface->light) && surface->light >= 0 && surface->light <= 1,
                     "%s: surface %u light %f", what, s, surface->light);
      for (guint v = 0; v < surface->n_vertices; v++)
        for (guint i = 0; i < 3; i++)
          ck_assert_msg (isfinite (surface->positions[v][i]) && (i == 2 || isfinite (surface->uv[v][i])),
                         "%s: surface %u vertex %u is not finite", what, s, v);
      for (guint i = 0; i < 3; i++)
        ck_assert_msg (isfinite (surface->normal[i]), "%s: surface %u normal", what, s);
    }
  for (guint i = 0; i < 3; i++)
    ck_assert_msg (isfinite (scene->bounds_min[i]) && isfinite (scene->bounds_max[i]), "%s: bounds", what);
}

/* Random bytes over random records of the level's arrays (all plain integers). */
static void
mutate_level (TsrMarathonLevel *level,
              GRand            *rand,
              guint             n)
{
  GArray *arrays[] = { level->points, level->lines, level->sides, level->polygons, level->lights,
                       level->objects, level->media, level->platforms, level->endpoints };

  for (guint k = 0; k < n; k++)
    {
      GArray *array = arrays[g_rand_int_range (rand, 0, G_N_ELEMENTS (arrays))];
      guint size;
      guint8 *record;

      if (array == NULL || array->len == 0)
        continue;
      size = g_array_get_element_size (array);
      record = (guint8 *) array->data + (gsize) g_rand_int_range (rand, 0, (gint32) array->len) * size;
      /* Small values hit valid-looking indexes more often than random ones. */
      if (g_rand_boolean (rand))
        record[g_rand_int_range (rand, 0, (gint32) size)] = (guint8) g_rand_int (rand);
      else
        {
          guint offset = (guint) g_rand_int_range (rand, 0, (gint32) size / 2) * 2;
          gint16 value = (gint16) g_rand_int_range (rand, -2, 12);

          memcpy (record + offset, &value, 2);
        }
    }
}

START_TEST (test_real_marathon_levels)
{
  const char *suffixes[] = { ".sceA", ".scen", ".sceA.as", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (marathon_dir, suffixes);
  g_autoptr(GRand) rand = g_rand_new_with_seed (34);
  guint levels = 0;

  ck_assert_uint_gt (files->len, 0);
  for (guint f = 0; f < files->len; f++)
    {
      const char *path = g_ptr_array_index (files, f);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, path, &error);

      ck_assert_msg (scenario != NULL, "%s: %s", path, error ? error->message : "");
      for (guint l = 0; l < scenario->map->levels->len; l++)
        {
          TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, l);
          g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_marathon (level);
          g_autofree char *what = g_strdup_printf ("%s level %u", path, l);

          assert_scene_sane (scene, what);
          if (level->polygons->len > 0)
            ck_assert_msg (scene->surfaces->len >= 2 * level->polygons->len, "%s: %u surfaces", what,
                           scene->surfaces->len);
          levels++;
          /* Mutated copies: a few per level, more for the first levels. */
          for (guint m = 0; m < (l < 3 ? 6u : 1u); m++)
            {
              g_autoptr(TsrMarathonLevel) copy = tsr_marathon_level_duplicate (level, &error);
              g_autoptr(TsrVisualScene) mutated = NULL;

              ck_assert_msg (copy != NULL, "%s: %s", what, error ? error->message : "");
              mutate_level (copy, rand, 1 + (guint) g_rand_int_range (rand, 0, 40));
              mutated = tsr_visual_scene_build_marathon (copy);
              assert_scene_sane (mutated, what);
            }
        }
    }
  tsr_test_report_count ("Marathon levels built as scenes", levels);
}
END_TEST

START_TEST (test_random_levels)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3434);

  for (guint round = 0; round < 300; round++)
    {
      const gint16 floors[] = { 0, 256, -512 }, ceilings[] = { 1024, 768, 2048 };
      g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (3, floors, ceilings, g_rand_int (rand), TRUE);
      g_autoptr(TsrVisualScene) scene = NULL;
      g_autoptr(TsrWolf3dLevel) wolf = corridor_level ();
      g_autoptr(TsrVisualScene) wolf_scene = NULL;

      mutate_level (level, rand, 1 + round % 60);
      scene = tsr_visual_scene_build_marathon (level);
      assert_scene_sane (scene, "random Marathon level");
      for (guint i = 0; i < 18 * 2; i++)
        wolf->planes[i % 2][g_rand_int_range (rand, 0, 18)] = (guint16) g_rand_int_range (rand, 0, 300);
      wolf_scene = tsr_visual_scene_build_wolf3d (wolf, round % 2, round % 70, round % 200,
                                                 tsr_wolf3d_palette_get (TSR_WOLF3D_GAME_WOLF3D));
      assert_scene_sane (wolf_scene, "random Wolf3D level");
    }
}
END_TEST

START_TEST (test_real_wolf3d_levels)
{
  g_autofree char *path = g_build_filename (wolf3d_dir, "wl1_v14_shareware", "GAMEMAPS.WL1", NULL);
  g_autoptr(GError) error = NULL;
  TsrWolf3dSet *set = tsr_wolf3d_set_load (path, NULL, &error);
  guint levels = 0;

  ck_assert_msg (set != NULL, "%s: %s", path, error ? error->message : "");
  for (guint l = 0; l < tsr_wolf3d_maps_get_n_levels (set->maps); l++)
    {
      const TsrWolf3dLevel *level = tsr_wolf3d_maps_get_level (set->maps, l);
      g_autoptr(TsrVisualScene) scene = NULL;

      if (level == NULL)
        continue;
      scene = tsr_visual_scene_build_wolf3d (level, set->game, l, set->vswap->sprite_start,
                                             tsr_wolf3d_palette_get (set->game));
      assert_scene_sane (scene, "Wolf3D level");
      ck_assert_msg (scene->has_start, "Wolf3D level %u has no player start", l);
      ck_assert_uint_gt (count_part (scene, TSR_VISUAL_PART_CELL_DOOR, -1), 0);
      levels++;
    }
  ck_assert_uint_gt (levels, 0);
  tsr_test_report_count ("Wolf3D levels built as scenes", levels);
  tsr_wolf3d_set_free (set);
}
END_TEST

static Suite *
visual_scene_suite (void)
{
  Suite *suite = suite_create ("visual-scene");
  TCase *built = tcase_create ("built");
  TCase *real = tcase_create ("real");

  tcase_add_test (built, test_room);
  tcase_add_test (built, test_step);
  tcase_add_test (built, test_low_side_and_transparent);
  tcase_add_test (built, test_platform);
  tcase_add_test (built, test_liquid);
  tcase_add_test (built, test_objects_and_start);
  tcase_add_test (built, test_animated_lights);
  tcase_add_test (built, test_pick);
  tcase_add_test (built, test_wolf3d_corridor);
  tcase_add_test (built, test_random_levels);
  tcase_add_test (real, test_real_marathon_levels);
  tcase_add_test (real, test_real_wolf3d_levels);
  suite_add_tcase (suite, built);
  suite_add_tcase (suite, real);
  return suite;
}

int
main (void)
{
  marathon_dir = tsr_test_data_require ("marathon");
  wolf3d_dir = tsr_test_data_require ("wolf3d");
  return tsr_test_run_suite (visual_scene_suite ());
}
