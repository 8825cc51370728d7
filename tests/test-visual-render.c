/* test-visual-render.c: the visual mode's GL renderer, offscreen on Mesa (EGL surfaceless). Golden
 * pictures with tolerances: pixels at known places of small levels built here (a room of known
 * heights and lights in flat colours, the same room textured from a Shapes file this test writes
 * with the shapes codec, a step, a liquid, a landscape ceiling, a Wolf3D corridor with a door drawn
 * from the real shareware VSWAP); every real Marathon and Wolf3D level drawn once (pictures saved
 * for a look); `tessera-cli render --view 3d` end to end, and its plain error without GL. */
#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/wolf3d/tsr-wolf3d-palette.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "render/tsr-visual-offscreen.h"
#include "tsr-shapes-sample.h"
#include "tsr-test-common.h"
#include "tsr-visual-test-levels.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWolf3dLevel, tsr_wolf3d_level_free)

#define W 320
#define H 200

static char *marathon_dir;
static char *wolf3d_dir;
static TsrVisualOffscreen *offscreen;



/* A Shapes file written and read back by the codec: wall collection 17 with frame 0 red on its
 * left half and blue on its right, frame 1 green; collection 27 (a landscape) all yellow. */
static TsrShapesFile *
test_shapes (void)
{
  g_autoptr(TsrShapesFile) file = tsr_shapes_file_new ();
  static const guint32 colours[] = { 0x000000, 0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00 };
  TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (TSR_SHAPES_COLLECTION_WALL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  TsrShapesFile *read;

  for (guint c = 0; c < 2; c++)
    {
      TsrShapesCollection *collection = tsr_shapes_collection_new (TSR_SHAPES_COLLECTION_WALL, G_N_ELEMENTS (colours));
      TsrShapesColorTable *table = g_new0 (TsrShapesColorTable, 1);
      guint n_frames = c == 0 ? 2 : 1;

      table->count = G_N_ELEMENTS (colours);
      table->colors = g_new0 (TsrShapesColor, table->count);
      for (guint k = 0; k < table->count; k++)
        table->colors[k] = (TsrShapesColor) { 0, (guint8) k, (guint16) (((colours[k] >> 16) & 0xFF) * 257),
                                              (guint16) (((colours[k] >> 8) & 0xFF) * 257),
                                              (guint16) ((colours[k] & 0xFF) * 257) };
      g_ptr_array_add (collection->color_tables, table);
      for (guint f = 0; f < n_frames; f++)
        {
          g_autoptr(TsrImage) image = tsr_image_new (128, 128);
          TsrShapesBitmap *bitmap;

          for (guint y = 0; y < 128; y++)
            for (guint x = 0; x < 128; x++)
              tsr_image_set_pixel (image, x, y, c == 1 ? 0xFFFF00FF : f == 1 ? 0x00FF00FF
                                                : x < 64 ? 0xFF0000FF : 0x0000FFFF);
          bitmap = tsr_shapes_bitmap_encode (image, table, &options, NULL, &error);
          ck_assert_msg (bitmap != NULL, "%s", error ? error->message : "");
          g_ptr_array_add (collection->bitmaps, bitmap);
          g_ptr_array_add (collection->frames, tsr_shapes_frame_new ((gint16) f, 0));
        }
      tsr_shapes_collection_touch (collection);
      tsr_shapes_file_set_collection (file, c == 0 ? 17 : 27, 0, collection);
    }
  bytes = tsr_shapes_file_serialize (file);
  read = tsr_shapes_file_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  ck_assert_msg (read != NULL, "%s", error ? error->message : "");
  return read;
}

static TsrImage *
render (const TsrVisualScene  *scene,
        const TsrVisualCamera *camera,
        TsrVisualTextureFunc   func,
        gpointer               data,
        const char            *screenshot)
{
  g_autoptr(GError) error = NULL;
  TsrVisualRenderer *renderer = tsr_visual_renderer_new (&error);
  TsrImage *image;

  ck_assert_msg (renderer != NULL, "%s", error ? error->message : "");
  tsr_visual_renderer_set_textures (renderer, func, data);
  tsr_visual_renderer_set_scene (renderer, scene);
  image = tsr_visual_offscreen_render (offscreen, renderer, camera, W, H, &error);
  ck_assert_msg (image != NULL, "%s", error ? error->message : "");
  tsr_visual_renderer_free (renderer);
  if (screenshot != NULL && g_getenv ("TSR_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("TSR_SCREENSHOT_DIR"), screenshot, NULL);

      ck_assert (tsr_image_save_png (image, path, NULL));
    }
  return image;
}

static guint32
pixel (const TsrImage *image,
       guint           x,
       guint           y)
{
  const guint8 *p = image->pixels + ((gsize) y * image->width + x) * 4;

  return ((guint32) p[0] << 16) | ((guint32) p[1] << 8) | p[2];
}

/* The pixel at (X, Y) is RGB within TOLERANCE on each channel. */
#define assert_pixel(image, x, y, rgb, tolerance) \
  assert_pixel_at (image, x, y, rgb, tolerance, __LINE__)

static void
assert_pixel_at (const TsrImage *image,
                 guint           x,
                 guint           y,
                 guint32         rgb,
                 int             tolerance,
                 int             line)
{
  guint32 got = pixel (image, x, y);

  for (guint shift = 0; shift <= 16; shift += 8)
    ck_assert_msg (ABS ((int) ((got >> shift) & 0xFF) - (int) ((rgb >> shift) & 0xFF)) <= tolerance,
                   "line %d: pixel (%u, %u) is #%06X, expected #%06X ± %d", line, x, y, got, rgb, tolerance);
}

static guint32
scale_rgb (guint32 rgba,
           double  shade)
{
  guint r = (guint) lround (((rgba >> 24) & 0xFF) * shade), g = (guint) lround (((rgba >> 16) & 0xFF) * shade);
  guint b = (guint) lround (((rgba >> 8) & 0xFF) * shade);

  return (r << 16) | (g << 8) | b;
}

START_TEST (test_room_flat)
{
  /* Camera in the middle facing east at mid height: the east wall fills the middle, the floor
   * the bottom, the ceiling the top; full light, east wall orientation 1.0, ceiling 0.85. */
  const gint16 floors[] = { 0 }, ceilings[] = { 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (1, floors, ceilings, 0x10000, FALSE);
  g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_marathon (level);
  TsrVisualCamera camera = { { 0.1f, 0.5f, 0.5f }, 0.0f, 0.0f, 75.0f };
  g_autoptr(TsrImage) image = render (scene, &camera, NULL, NULL, "visual-room-flat.png");
  g_autoptr(TsrImage) dim = NULL;

  assert_pixel (image, W / 2, H / 2, 0xA0968C, 2);
  assert_pixel (image, W / 2, H - 2, 0x8C8C78, 2);
  assert_pixel (image, W / 2, 1, scale_rgb (0x6E7387FF, 0.85), 2);
  /* From the middle looking north-east, the corner: north wall (orientation 0.72) left, east
   * wall right. */
  camera.position[0] = 0.5f;
  camera.yaw = (float) -G_PI / 4;
  g_clear_pointer (&image, tsr_image_free);
  image = render (scene, &camera, NULL, NULL, NULL);
  assert_pixel (image, W / 4, H / 2, scale_rgb (0xA0968CFF, 0.72), 2);
  assert_pixel (image, 3 * W / 4, H / 2, 0xA0968C, 2);
  /* At half light: 0.2 + 0.8 * 0.5 = 0.6. */
  tsr_visual_scene_free (g_steal_pointer (&scene));
  g_array_index (level->lights, TsrMarathonLight, 0).primary_active.intensity = 0x8000;
  g_array_index (level->lights, TsrMarathonLight, 0).primary_inactive.intensity = 0x8000;
  g_array_index (level->lights, TsrMarathonLight, 0).becoming_active.intensity = 0x8000;
  g_array_index (level->lights, TsrMarathonLight, 0).becoming_inactive.intensity = 0x8000;
  g_array_index (level->lights, TsrMarathonLight, 0).secondary_active.intensity = 0x8000;
  g_array_index (level->lights, TsrMarathonLight, 0).secondary_inactive.intensity = 0x8000;
  scene = tsr_visual_scene_build_marathon (level);
  camera.yaw = 0.0f;
  camera.position[0] = 0.1f;
  dim = render (scene, &camera, NULL, NULL, NULL);
  assert_pixel (dim, W / 2, H / 2, scale_rgb (0xA0968CFF, 0.6), 2);
}
END_TEST

START_TEST (test_room_textured)
{
  /* The east wall's texture: red on its left half (north), blue on its right; the floor green. */
  const gint16 floors[] = { 0 }, ceilings[] = { 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (1, floors, ceilings, 0x10000, FALSE);
  g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_marathon (level);
  g_autoptr(TsrShapesFile) shapes = test_shapes ();
  TsrVisualCamera camera = { { 0.1f, 0.5f, 0.5f }, 0.0f, 0.0f, 75.0f };
  g_autoptr(TsrImage) image = render (scene, &camera, tsr_visual_shapes_texture_func, shapes, "visual-room-textured.png");
  g_autoptr(TsrImage) shifted = NULL;

  assert_pixel (image, W / 2 - 20, H / 2, 0xFF0000, 2);
  assert_pixel (image, W / 2 + 20, H / 2, 0x0000FF, 2);
  assert_pixel (image, W / 2, H - 2, 0x00FF00, 2);
  /* An offset of half a texture swaps the halves. */
  tsr_visual_scene_free (g_steal_pointer (&scene));
  g_array_index (level->sides, TsrMarathonSide, 1).primary_texture.x0 = 512;
  scene = tsr_visual_scene_build_marathon (level);
  shifted = render (scene, &camera, tsr_visual_shapes_texture_func, shapes, "visual-room-offset.png");
  assert_pixel (shifted, W / 2 - 20, H / 2, 0x0000FF, 2);
  assert_pixel (shifted, W / 2 + 20, H / 2, 0xFF0000, 2);
}
END_TEST

/* test_shapes with object collection 7 (items) of sprites: a 64×96 column in #B04030 with a
 * transparent window and margins, standing on its bottom middle, 8 world units a pixel
 * (tsr_shapes_sample_add_sprites), written and read back by the codec. */
static TsrShapesFile *
test_shapes_with_sprites (void)
{
  g_autoptr(TsrShapesFile) file = test_shapes ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  TsrShapesFile *read;

  tsr_shapes_sample_add_sprites (file, 7, 2);
  bytes = tsr_shapes_file_serialize (file);
  read = tsr_shapes_file_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  ck_assert_msg (read != NULL, "%s", error ? error->message : "");
  return read;
}

START_TEST (test_sprite)
{
  /* A pistol (item 1: item_definitions.h base_shape, collection 7 sequence 0) on the floor at
   * (0.6, 0.4); the camera at (0.1, 0.5) at 3/8 WU facing east. The sprite's quad is 0.5 WU wide
   * (64 px × 8) and 0.75 high, centred 0.1 WU left of the view's middle at 0.5 WU: its opaque
   * column spans about x 101..167, its window x 118..150 and z 0.25..0.5. */
  const gint16 floors[] = { 0 }, ceilings[] = { 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (1, floors, ceilings, 0x10000, FALSE);
  g_autoptr(TsrShapesFile) shapes = test_shapes_with_sprites ();
  TsrMarathonObject pistol = { 2, 1, 0, 0, 614, 410, 0, 0 };
  g_autoptr(TsrVisualScene) scene = NULL;
  TsrVisualCamera camera = { { 0.1f, 0.5f, 0.375f }, 0.0f, 0.0f, 75.0f };
  g_autoptr(TsrImage) image = NULL;
  g_autoptr(TsrImage) marker = NULL;
  g_autoptr(TsrVisualScene) markers = NULL;
  const TsrVisualSurface *hit;
  float origin[3], direction[3];

  g_array_append_val (level->objects, pistol);
  scene = tsr_visual_scene_build_marathon_with_shapes (level, shapes);
  image = render (scene, &camera, tsr_visual_shapes_texture_func, shapes, "visual-sprite.png");
  /* The column above the window: the sprite's colour at full light. */
  assert_pixel (image, 134, 50, 0xB04030, 2);
  assert_pixel (image, 106, 100, 0xB04030, 2);
  /* Through the window and beside the column (transparent margin): the east wall's red half. */
  assert_pixel (image, 134, 100, 0xFF0000, 2);
  assert_pixel (image, 92, 50, 0xFF0000, 2);
  /* Below the sprite's bottom (the floor), nothing of it. */
  assert_pixel (image, 134, H - 2, 0x00FF00, 2);
  /* Picking: the billboard quad selects the object, opaque or not. */
  tsr_visual_camera_ray (&camera, W, H, 134.5, 50.5, origin, direction);
  hit = tsr_visual_scene_pick (scene, origin, direction, NULL);
  ck_assert_ptr_nonnull (hit);
  ck_assert_int_eq (hit->part, TSR_VISUAL_PART_OBJECT);
  ck_assert_int_eq (hit->index, 0);
  tsr_visual_camera_ray (&camera, W, H, 134.5, 100.5, origin, direction);
  ck_assert_int_eq (tsr_visual_scene_pick (scene, origin, direction, NULL)->part, TSR_VISUAL_PART_OBJECT);
  /* From the side (camera south of it, facing north) the sprite still faces the camera. */
  {
    TsrVisualCamera side = { { 0.6f, 0.9f, 0.375f }, (float) -G_PI / 2, 0.0f, 75.0f };
    g_autoptr(TsrImage) turned = render (scene, &side, tsr_visual_shapes_texture_func, shapes, "visual-sprite-side.png");

    /* Straight ahead 0.5 WU away, the column's middle (x 160) above the window. */
    assert_pixel (turned, W / 2, 50, 0xB04030, 2);
  }
  /* Without a Shapes file: the item's marker (yellow) where the sprite was. */
  markers = tsr_visual_scene_build_marathon (level);
  marker = render (markers, &camera, NULL, NULL, "visual-sprite-marker.png");
  assert_pixel (marker, 134, 150, 0xE6C83C, 3);
}
END_TEST

START_TEST (test_step_and_liquid)
{
  /* Room 1 is 1/4 WU up with a ceiling 1/4 lower. From room 0 looking east, the low part shows
   * under the opening, the high part above it, room 1's far wall through it; then a liquid
   * (water, translucent) half way up room 0. */
  const gint16 floors[] = { 0, 256 }, ceilings[] = { 1024, 768 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (2, floors, ceilings, 0x10000, FALSE);
  g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_marathon (level);
  TsrVisualCamera camera = { { 0.1f, 0.5f, 0.5f }, 0.0f, 0.0f, 75.0f };
  g_autoptr(TsrImage) image = render (scene, &camera, NULL, NULL, "visual-step.png");
  TsrMarathonMedia media = { 0 };
  g_autoptr(TsrImage) liquid = NULL;
  float origin[3], direction[3];

  /* Where the scene's own ray says a surface is, the picture shows that surface's colour. */
  for (guint y = 4; y < H; y += 16)
    for (guint x = 4; x < W; x += 16)
      {
        const TsrVisualSurface *hit;
        double shade;

        tsr_visual_camera_ray (&camera, W, H, x + 0.5, y + 0.5, origin, direction);
        hit = tsr_visual_scene_pick (scene, origin, direction, NULL);
        ck_assert_ptr_nonnull (hit);
        shade = hit->normal[2] > 0.5f ? 1.0 : hit->normal[2] < -0.5f ? 0.85 : 0.72 + 0.28 * fabsf (hit->normal[0]);
        assert_pixel (image, x, y, scale_rgb (hit->color, shade), 3);
      }
  /* The high and low parts of side 1 are in the picture. */
  tsr_visual_camera_ray (&camera, W, H, W / 2, H - 30, origin, direction);
  ck_assert_int_eq (tsr_visual_scene_pick (scene, origin, direction, NULL)->part, TSR_VISUAL_PART_WALL_LOW);
  tsr_visual_camera_ray (&camera, W, H, W / 2, 30, origin, direction);
  ck_assert_int_eq (tsr_visual_scene_pick (scene, origin, direction, NULL)->part, TSR_VISUAL_PART_WALL_HIGH);

  media.type = 0;
  media.light_index = 0;
  media.low = 0;
  media.high = 400;   /* at full light: 400/1024 WU */
  g_array_append_val (level->media, media);
  g_array_index (level->polygons, TsrMarathonPolygon, 0).media_index = 0;
  tsr_visual_scene_free (g_steal_pointer (&scene));
  scene = tsr_visual_scene_build_marathon (level);
  liquid = render (scene, &camera, NULL, NULL, "visual-liquid.png");
  /* Bottom middle: water (0x3C64C8, alpha 0xA0) over the floor (0x8C8C78). */
  {
    double a = 0xA0 / 255.0;
    guint r = (guint) lround (0x3C * a + 0x8C * (1 - a)), g = (guint) lround (0x64 * a + 0x8C * (1 - a));
    guint b = (guint) lround (0xC8 * a + 0x78 * (1 - a));

    assert_pixel (liquid, W / 2, H - 2, (r << 16) | (g << 8) | b, 3);
  }
  /* Above the water line nothing changed. */
  assert_pixel (liquid, W / 2, 2, pixel (image, W / 2, 2), 1);
}
END_TEST

START_TEST (test_landscape)
{
  /* A ceiling in transfer mode 9 (landscape) with collection 27: the sky is the landscape. */
  const gint16 floors[] = { 0 }, ceilings[] = { 1024 };
  g_autoptr(TsrMarathonLevel) level = tsr_visual_test_rooms_level (1, floors, ceilings, 0x2000, FALSE);
  g_autoptr(TsrShapesFile) shapes = test_shapes ();
  g_autoptr(TsrVisualScene) scene = NULL;
  TsrVisualCamera camera = { { 0.5f, 0.5f, 0.5f }, 0.0f, 0.3f, 75.0f };
  g_autoptr(TsrImage) image = NULL;

  g_array_index (level->polygons, TsrMarathonPolygon, 0).ceiling_texture = TSR_VISUAL_TEST_TEXTURE (27, 0);
  g_array_index (level->polygons, TsrMarathonPolygon, 0).ceiling_transfer_mode = 9;
  scene = tsr_visual_scene_build_marathon (level);
  image = render (scene, &camera, tsr_visual_shapes_texture_func, shapes, "visual-landscape.png");
  /* Full yellow although the room's light is dark: landscapes are not shaded. */
  assert_pixel (image, W / 2, 1, 0xFFFF00, 2);
  /* The walls are dark: 0.2 + 0.8 / 8 = 0.3 of red. */
  assert_pixel (image, W / 2 - 20, H - 2, scale_rgb (0xFF0000FF, 0.3), 3);
}
END_TEST

static TsrWolf3dSet *
load_shareware (void)
{
  g_autofree char *path = g_build_filename (wolf3d_dir, "wl1_v14_shareware", "GAMEMAPS.WL1", NULL);
  g_autoptr(GError) error = NULL;
  TsrWolf3dSet *set = tsr_wolf3d_set_load (path, NULL, &error);

  ck_assert_msg (set != NULL, "%s: %s", path, error ? error->message : "");
  return set;
}

/* Whether RGB is one of the colours of VSWAP wall PAGE. */
static gboolean
page_has_colour (const TsrWolf3dSet *set,
                 guint               page,
                 guint32             rgb)
{
  guint8 pixels[64 * 64];
  const guint32 *palette = tsr_wolf3d_palette_get (set->game);

  ck_assert (tsr_wolf3d_vswap_decode_wall (set->vswap, page, pixels, NULL));
  for (guint i = 0; i < 64 * 64; i++)
    if ((palette[pixels[i]] >> 8) == rgb)
      return TRUE;
  return FALSE;
}

START_TEST (test_wolf3d_corridor)
{
  /* 7 x 3: walls of tile 1 round cells (1..5, 1), a vertical door at (4, 1), the player at (1, 1)
   * facing east: the door ahead in the middle, the ceiling colour above, the floor colour
   * below, the walls on both sides in their page's colours. */
  TsrWolf3dSet *set = load_shareware ();
  g_autoptr(TsrWolf3dLevel) level = tsr_wolf3d_level_new ("Corridor", 7, 3);
  const guint32 *palette = tsr_wolf3d_palette_get (set->game);
  TsrVisualWolf3dTextures textures = { set->vswap, palette };
  g_autoptr(TsrVisualScene) scene = NULL;
  g_autoptr(TsrImage) image = NULL;
  TsrVisualCamera camera;
  int door_page = tsr_wolf3d_tile_texture (90, set->vswap->sprite_start);

  for (guint i = 0; i < 21; i++)
    {
      level->planes[0][i] = 1;
      level->planes[1][i] = 0;
    }
  for (guint x = 1; x <= 5; x++)
    level->planes[0][7 + x] = 108;
  level->planes[0][7 + 4] = 90;
  level->planes[1][7 + 1] = 20;
  scene = tsr_visual_scene_build_wolf3d (level, set->game, 0, set->vswap->sprite_start, palette);
  tsr_visual_camera_init_start (&camera, scene);
  ck_assert_float_eq (camera.position[0], 1.5f);
  image = render (scene, &camera, tsr_visual_wolf3d_texture_func, &textures, "visual-wolf3d-corridor.png");
  assert_pixel (image, W / 2, 1, palette[0x1d] >> 8, 1);
  assert_pixel (image, W / 2, H - 2, palette[0x19] >> 8, 1);
  /* The left wall (north face of row 0, seen from the south: light page 0). */
  ck_assert (page_has_colour (set, 0, pixel (image, 4, H / 2)));
  /* Close to the door (its texels bigger than pixels, so no mipmap blends them). */
  camera.position[0] = 3.9f;
  g_clear_pointer (&image, tsr_image_free);
  image = render (scene, &camera, tsr_visual_wolf3d_texture_func, &textures, "visual-wolf3d-door.png");
  for (guint x = W / 2 - 40; x <= W / 2 + 40; x += 20)
    ck_assert_msg (page_has_colour (set, (guint) door_page, pixel (image, x, H / 2)),
                   "(%u, %u) (#%06X) is not a colour of the door page %d", x, H / 2, pixel (image, x, H / 2), door_page);
  tsr_wolf3d_set_free (set);
}
END_TEST

static gboolean
looks_drawn (const TsrImage *image)
{
  GHashTable *colours = g_hash_table_new (NULL, NULL);
  guint n;

  for (guint y = 0; y < image->height; y += 3)
    for (guint x = 0; x < image->width; x += 3)
      g_hash_table_add (colours, GUINT_TO_POINTER (pixel (image, x, y)));
  n = g_hash_table_size (colours);
  g_hash_table_unref (colours);
  return n >= 4;
}

/* The Shapes file for the real levels: the test data's shapes patches (tsr_shapes_sample_build),
 * test textures in the five wall collections and test sprites in every object collection the
 * patches lack (monsters, items, scenery, the player), written and read back by the codec. */
static TsrShapesFile *
real_level_shapes (void)
{
  static const guint sprite_collections[] = { 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 22, 23, 24, 25, 26, 31 };
  g_autoptr(TsrShapesFile) file = tsr_shapes_sample_build (marathon_dir, NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  TsrShapesFile *read;

  for (guint c = 17; c <= 21; c++)
    tsr_shapes_sample_add_walls (file, c, 32);
  for (guint i = 0; i < G_N_ELEMENTS (sprite_collections); i++)
    tsr_shapes_sample_add_sprites (file, sprite_collections[i], 32);
  bytes = tsr_shapes_file_serialize (file);
  read = tsr_shapes_file_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  ck_assert_msg (read != NULL, "%s", error ? error->message : "");
  return read;
}

START_TEST (test_real_levels)
{
  const char *suffixes[] = { ".sceA", ".scen", ".sceA.as", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (marathon_dir, suffixes);
  g_autoptr(GError) error = NULL;
  TsrVisualRenderer *renderer = tsr_visual_renderer_new (&error);
  TsrWolf3dSet *set = load_shareware ();
  TsrVisualWolf3dTextures textures = { set->vswap, tsr_wolf3d_palette_get (set->game) };
  guint levels = 0, drawn = 0, sprites = 0;
  g_autoptr(TsrShapesFile) shapes = real_level_shapes ();

  ck_assert_msg (renderer != NULL, "%s", error ? error->message : "");
  tsr_visual_renderer_set_textures (renderer, tsr_visual_shapes_texture_func, shapes);
  for (guint f = 0; f < files->len; f++)
    {
      const char *path = g_ptr_array_index (files, f);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, path, &error);

      ck_assert_msg (scenario != NULL, "%s: %s", path, error ? error->message : "");
      for (guint l = 0; l < scenario->map->levels->len; l++)
        {
          TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, l);
          g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_marathon_with_shapes (level, shapes);
          g_autoptr(TsrImage) image = NULL;
          TsrVisualCamera camera;

          if (scene->surfaces->len == 0)
            continue;
          for (guint s = 0; s < scene->surfaces->len; s++)
            {
              const TsrVisualSurface *surface = &g_array_index (scene->surfaces, TsrVisualSurface, s);

              sprites += surface->part == TSR_VISUAL_PART_OBJECT && surface->texture.kind == TSR_VISUAL_TEXTURE_SHAPES;
            }
          tsr_visual_camera_init_start (&camera, scene);
          tsr_visual_renderer_set_scene (renderer, scene);
          image = tsr_visual_offscreen_render (offscreen, renderer, &camera, W, H, &error);
          ck_assert_msg (image != NULL, "%s level %u: %s", path, l, error ? error->message : "");
          /* A start may face a wall close by (Quartz level 0 does): count, do not require. */
          drawn += looks_drawn (image);
          if (l < 2 && g_getenv ("TSR_SCREENSHOT_DIR") != NULL)
            {
              g_autofree char *base = g_path_get_basename (path);
              g_autofree char *name = g_strdup_printf ("visual-%s-%u.png", base, l);
              g_autofree char *out = g_build_filename (g_getenv ("TSR_SCREENSHOT_DIR"), name, NULL);

              ck_assert (tsr_image_save_png (image, out, NULL));
            }
          levels++;
        }
    }
  /* From their player starts most levels show several surfaces. */
  ck_assert_msg (drawn * 4 >= levels * 3, "only %u of %u Marathon levels show more than one surface", drawn, levels);
  /* Marathon 2 and Infinity levels' monsters, items, scenery and starts as sprites. */
  ck_assert_uint_gt (sprites, 100);
  tsr_test_report_count ("object sprites in the real levels", sprites);
  tsr_visual_renderer_set_textures (renderer, tsr_visual_wolf3d_texture_func, &textures);
  for (guint l = 0; l < tsr_wolf3d_maps_get_n_levels (set->maps); l++)
    {
      const TsrWolf3dLevel *level = tsr_wolf3d_maps_get_level (set->maps, l);
      g_autoptr(TsrVisualScene) scene = NULL;
      g_autoptr(TsrImage) image = NULL;
      TsrVisualCamera camera;

      if (level == NULL)
        continue;
      scene = tsr_visual_scene_build_wolf3d (level, set->game, l, set->vswap->sprite_start, textures.palette);
      tsr_visual_camera_init_start (&camera, scene);
      tsr_visual_renderer_set_scene (renderer, scene);
      image = tsr_visual_offscreen_render (offscreen, renderer, &camera, W, H, &error);
      ck_assert_msg (image != NULL, "Wolf3D level %u: %s", l, error ? error->message : "");
      ck_assert_msg (looks_drawn (image), "Wolf3D level %u: the picture is empty", l);
      if (g_getenv ("TSR_SCREENSHOT_DIR") != NULL)
        {
          g_autofree char *name = g_strdup_printf ("visual-wolf3d-%u.png", l);
          g_autofree char *out = g_build_filename (g_getenv ("TSR_SCREENSHOT_DIR"), name, NULL);

          ck_assert (tsr_image_save_png (image, out, NULL));
        }
      levels++;
    }
  ck_assert_uint_gt (tsr_visual_renderer_get_n_textures (renderer), 10);
  tsr_visual_renderer_free (renderer);
  tsr_wolf3d_set_free (set);
  tsr_test_report_count ("levels drawn in 3D", levels);
}
END_TEST

static int
run_cli (char **output, const char *const *environment_extra, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) environment = g_get_environ ();
  g_autofree char *out = NULL, *err = NULL;
  int status = -1;
  va_list args;
  const char *arg;

  ck_assert_msg (g_getenv ("TSR_CLI") != NULL, "TSR_CLI is not set");
  g_ptr_array_add (argv, (gpointer) g_getenv ("TSR_CLI"));
  va_start (args, environment_extra);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  for (guint i = 0; environment_extra != NULL && environment_extra[i] != NULL; i += 2)
    environment = g_environ_setenv (environment, environment_extra[i], environment_extra[i + 1], TRUE);
  ck_assert (g_spawn_sync (NULL, (char **) argv->pdata, environment, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                           &status, NULL));
  if (output != NULL)
    *output = g_strconcat (out, err, NULL);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

START_TEST (test_cli)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *png = g_build_filename (folder, "view.png", NULL);
  g_autofree char *map = g_build_filename (marathon_dir, "chronicles_DreamBrother.sceA", NULL);
  g_autofree char *gamemaps = g_build_filename (wolf3d_dir, "wl1_v14_shareware", "GAMEMAPS.WL1", NULL);
  g_autofree char *output = NULL;
  static const char *const no_egl[] = { "__EGL_VENDOR_LIBRARY_FILENAMES", "/nonexistent/egl.json", NULL };
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TsrImage) image = NULL;

  ck_assert_int_eq (run_cli (&output, NULL, "render", map, "--view", "3d", "--size", "160x100", "-o", png, NULL), 0);
  ck_assert_msg (strstr (output, "(160x100)") != NULL, "%s", output);
  bytes = tsr_test_read_file (png);
  image = tsr_image_load_png (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), png, NULL);
  ck_assert_ptr_nonnull (image);
  ck_assert_uint_eq (image->width, 160);
  ck_assert (looks_drawn (image));
  g_clear_pointer (&output, g_free);
  /* With the real levels' test Shapes (walls and sprites), written by the codec. */
  {
    g_autoptr(TsrShapesFile) shapes = real_level_shapes ();
    g_autoptr(GBytes) shapes_bytes = tsr_shapes_file_serialize (shapes);
    g_autofree char *shapes_path = g_build_filename (folder, "test.shpA", NULL);
    g_autoptr(TsrImage) textured = NULL;
    g_autoptr(GBytes) png_bytes = NULL;

    ck_assert (g_file_set_contents (shapes_path, g_bytes_get_data (shapes_bytes, NULL),
                                    (gssize) g_bytes_get_size (shapes_bytes), NULL));
    ck_assert_int_eq (run_cli (&output, NULL, "render", map, "--view", "3d", "--shapes", shapes_path,
                               "--size", "160x100", "-o", png, NULL), 0);
    png_bytes = tsr_test_read_file (png);
    textured = tsr_image_load_png (g_bytes_get_data (png_bytes, NULL), g_bytes_get_size (png_bytes), png, NULL);
    ck_assert_ptr_nonnull (textured);
    ck_assert (looks_drawn (textured));
  }
  g_clear_pointer (&output, g_free);
  ck_assert_int_eq (run_cli (&output, NULL, "render", gamemaps, "--view", "3d", "--level", "1",
                             "--camera", "30.5,57.5,0.5,-90,0", "-o", png, NULL), 0);
  g_clear_pointer (&output, g_free);
  /* Usage errors: a bad camera, a level the file does not hold. */
  ck_assert_int_eq (run_cli (&output, NULL, "render", map, "--view", "3d", "--camera", "1,2", "-o", png, NULL), 2);
  ck_assert_msg (strstr (output, "--camera") != NULL, "%s", output);
  g_clear_pointer (&output, g_free);
  ck_assert_int_eq (run_cli (&output, NULL, "render", map, "--view", "3d", "--level", "99", "-o", png, NULL), 2);
  g_clear_pointer (&output, g_free);
  /* Without a GL driver: a plain error, no crash. */
  ck_assert_int_eq (run_cli (&output, no_egl, "render", map, "--view", "3d", "-o", png, NULL), 1);
  ck_assert_msg (strstr (output, "OpenGL is not available") != NULL, "%s", output);
}
END_TEST

/* The context is made in each test's own process (Check forks; Mesa's threads do not survive a
 * fork). */
static void
setup_context (void)
{
  g_autoptr(GError) error = NULL;

  offscreen = tsr_visual_offscreen_new (&error);
  ck_assert_msg (offscreen != NULL, "%s", error ? error->message : "");
}

static void
teardown_context (void)
{
  g_clear_pointer (&offscreen, tsr_visual_offscreen_free);
}

static Suite *
visual_render_suite (void)
{
  Suite *suite = suite_create ("visual-render");
  TCase *golden = tcase_create ("golden");
  TCase *real = tcase_create ("real");

  tcase_add_checked_fixture (golden, setup_context, teardown_context);
  tcase_add_checked_fixture (real, setup_context, teardown_context);
  tcase_add_test (golden, test_room_flat);
  tcase_add_test (golden, test_room_textured);
  tcase_add_test (golden, test_sprite);
  tcase_add_test (golden, test_step_and_liquid);
  tcase_add_test (golden, test_landscape);
  tcase_add_test (golden, test_wolf3d_corridor);
  tcase_add_test (real, test_real_levels);
  tcase_add_test (real, test_cli);
  suite_add_tcase (suite, golden);
  suite_add_tcase (suite, real);
  return suite;
}

int
main (void)
{
  marathon_dir = tsr_test_data_require ("marathon");
  wolf3d_dir = tsr_test_data_require ("wolf3d");
  return tsr_test_run_suite (visual_render_suite ());
}
