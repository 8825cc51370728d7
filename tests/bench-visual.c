/* bench-visual.c: the visual mode's figures. Scene build time of the largest real Marathon level
 * (most polygons; target ≤ 50 ms), frame time at 1280×720 offscreen on this machine's GL (Mesa
 * llvmpipe in CI; target ≤ 16 ms median) with the camera turning round the player start, and the
 * wall time of `tessera-cli render --view 3d` as a whole process (target ≤ 2 s) for that level
 * and for Wolf3D's first level. Prints medians; asserts nothing. */
#include <glib/gstdio.h>
#include <stdlib.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "render/tsr-visual-offscreen.h"
#include "tsr-shapes-sample.h"
#include "tsr-test-common.h"

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (GArray *samples)
{
  g_array_sort (samples, compare_doubles);
  return g_array_index (samples, double, samples->len / 2);
}

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

static double
cli_ms (const char *const *arguments)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;
  double start;

  g_ptr_array_add (argv, (gpointer) g_getenv ("TSR_CLI"));
  for (guint i = 0; arguments[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) arguments[i]);
  g_ptr_array_add (argv, NULL);
  start = now_ms ();
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                     &status, &error) || !g_spawn_check_wait_status (status, &error))
    g_error ("tessera-cli: %s", error->message);
  return now_ms () - start;
}

int
main (void)
{
  g_autofree char *marathon_dir = tsr_test_data_require ("marathon");
  g_autofree char *wolf3d_dir = tsr_test_data_require ("wolf3d");
  const char *suffixes[] = { ".sceA", ".scen", ".sceA.as", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (marathon_dir, suffixes);
  g_autoptr(TsrMarathonScenario) largest_scenario = NULL;
  g_autofree char *largest_path = NULL;
  TsrMarathonLevel *largest = NULL;
  guint largest_index = 0;
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(TsrVisualScene) scene = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrVisualOffscreen) offscreen = NULL;
  TsrVisualRenderer *renderer;
  TsrVisualCamera camera;
  g_autofree char *level_text = NULL, *gamemaps = NULL, *folder = NULL, *png = NULL;

  for (guint f = 0; f < files->len; f++)
    {
      g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (files, f));
      TsrMarathonScenario *scenario = tsr_marathon_scenario_load (bytes, g_ptr_array_index (files, f), NULL);
      gboolean keep = FALSE;

      if (scenario == NULL)
        continue;
      for (guint l = 0; l < scenario->map->levels->len; l++)
        {
          TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, l);

          if (largest == NULL || level->polygons->len > largest->polygons->len)
            {
              largest = level;
              largest_index = l;
              keep = TRUE;
              g_free (largest_path);
              largest_path = g_strdup (g_ptr_array_index (files, f));
            }
        }
      if (keep)
        {
          g_clear_pointer (&largest_scenario, tsr_marathon_scenario_free);
          largest_scenario = scenario;
        }
      else
        tsr_marathon_scenario_free (scenario);
    }
  g_assert (largest != NULL);

  for (guint r = 0; r < 30; r++)
    {
      double start = now_ms ();
      TsrVisualScene *built = tsr_visual_scene_build_marathon (largest);

      g_array_append_val (samples, (double) { now_ms () - start });
      tsr_visual_scene_free (built);
    }
  scene = tsr_visual_scene_build_marathon (largest);
  g_print ("scene build, %s level %u (%u polygons, %u surfaces): %.2f ms median (target <= 50 ms)\n",
           largest_path, largest_index, largest->polygons->len, scene->surfaces->len, median (samples));
  /* With a Shapes file the objects are sprites: the sequence and frame lookups per object. */
  {
    static const guint sprite_collections[] = { 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 22, 23, 24, 25, 26, 31 };
    g_autoptr(TsrShapesFile) shapes = tsr_shapes_sample_build (marathon_dir, NULL);
    g_autoptr(GArray) sprite_samples = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(TsrVisualScene) sprite_scene = NULL;

    for (guint i = 0; i < G_N_ELEMENTS (sprite_collections); i++)
      tsr_shapes_sample_add_sprites (shapes, sprite_collections[i], 32);
    for (guint r = 0; r < 30; r++)
      {
        double start = now_ms ();
        TsrVisualScene *built = tsr_visual_scene_build_marathon_with_shapes (largest, shapes);

        g_array_append_val (sprite_samples, (double) { now_ms () - start });
        tsr_visual_scene_free (built);
      }
    sprite_scene = tsr_visual_scene_build_marathon_with_shapes (largest, shapes);
    g_print ("scene build with sprites, same level (%u objects, %u surfaces): %.2f ms median (target <= 50 ms)\n",
             largest->objects != NULL ? largest->objects->len : 0, sprite_scene->surfaces->len, median (sprite_samples));
  }

  offscreen = tsr_visual_offscreen_new (&error);
  if (offscreen == NULL)
    g_error ("%s", error->message);
  renderer = tsr_visual_renderer_new (&error);
  if (renderer == NULL)
    g_error ("%s", error->message);
  tsr_visual_renderer_set_scene (renderer, scene);
  tsr_visual_camera_init_start (&camera, scene);
  /* The first frame compiles shaders for the driver: not counted. */
  tsr_visual_offscreen_draw (offscreen, renderer, &camera, 1280, 720, NULL);
  g_array_set_size (samples, 0);
  for (guint r = 0; r < 60; r++)
    {
      double start;

      camera.yaw += (float) (2 * G_PI / 60);
      start = now_ms ();
      if (!tsr_visual_offscreen_draw (offscreen, renderer, &camera, 1280, 720, &error))
        g_error ("%s", error->message);
      g_array_append_val (samples, (double) { now_ms () - start });
    }
  {
    double frame_median = median (samples);

    g_print ("frame 1280x720 (%u triangles) on %s: %.2f ms median, %.2f ms worst (target <= 16 ms)\n",
             tsr_visual_renderer_get_n_triangles (renderer), tsr_visual_renderer_get_description (renderer),
             frame_median, g_array_index (samples, double, samples->len - 1));
  }
  tsr_visual_renderer_free (renderer);
  g_clear_pointer (&offscreen, tsr_visual_offscreen_free);

  folder = g_dir_make_tmp ("bench-visual-XXXXXX", NULL);
  png = g_build_filename (folder, "view.png", NULL);
  level_text = g_strdup_printf ("%u", largest_index);
  gamemaps = g_build_filename (wolf3d_dir, "wl1_v14_shareware", "GAMEMAPS.WL1", NULL);
  {
    const char *marathon_args[] = { "render", largest_path, "--view", "3d", "--level", level_text, "-o", png, NULL };
    const char *wolf3d_args[] = { "render", gamemaps, "--view", "3d", "--level", "0", "-o", png, NULL };

    g_array_set_size (samples, 0);
    for (guint r = 0; r < 5; r++)
      g_array_append_val (samples, (double) { cli_ms (marathon_args) });
    g_print ("tessera-cli render --view 3d (largest Marathon level, 960x600): %.0f ms median wall time (target <= 2000 ms)\n",
             median (samples));
    g_array_set_size (samples, 0);
    for (guint r = 0; r < 5; r++)
      g_array_append_val (samples, (double) { cli_ms (wolf3d_args) });
    g_print ("tessera-cli render --view 3d (Wolf3D level 0, 960x600): %.0f ms median wall time (target <= 2000 ms)\n",
             median (samples));
  }
  g_unlink (png);
  g_rmdir (folder);
  return EXIT_SUCCESS;
}
