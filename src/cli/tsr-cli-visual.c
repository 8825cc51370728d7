/* tsr-cli-visual.c: the level's scene, a camera (the first player start and its facing, or
 * --camera), textures from --shapes (Marathon) or the set's VSWAP (Wolf3D), one offscreen frame.
 * Built without libepoxy, the command says the 3D view is not built in. */
#include "config.h"

#include "cli/tsr-cli-visual.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-shapes.h"
#include "formats/tsr-format.h"
#include "formats/wolf3d/tsr-wolf3d-palette.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "render/tsr-visual-scene.h"
#include "render/tsr-visual-textures.h"
#if defined (TSR_HAVE_VISUAL_GL) && defined (TSR_CLI_RENDER_MODULE)
#include "render/tsr-visual-offscreen.h"
#endif
#include "cli/tsr-cli-render-module.h"

#define USAGE "render FILE --view 3d [--level N] [--camera X,Y,Z,YAW,PITCH] [--shapes FILE] [--size WxH] -o OUT.png"

gboolean
tsr_cli_visual_wanted (int    argc,
                       char **argv)
{
  for (int i = 1; i < argc; i++)
    if (g_strcmp0 (argv[i], "--view=3d") == 0 || (g_strcmp0 (argv[i], "--view") == 0 && i + 1 < argc
                                                  && g_strcmp0 (argv[i + 1], "3d") == 0))
      return TRUE;
  return FALSE;
}

#if defined (TSR_HAVE_VISUAL_GL) && !defined (TSR_CLI_RENDER_MODULE)
/* The GL drawing is in the render module (tsr-cli-render-module.h): the executable hands the
 * command to it, so that no other command loads libepoxy. */
int
tsr_cli_visual_render (int    argc,
                       char **argv)
{
  return tsr_cli_render_module_run ("tsr_cli_render_module_visual", argc, argv);
}
#else

static int
fail (const char *path,
      const char *message)
{
  g_autofree char *line = tsr_error_describe_for_path (path, message);

  g_printerr ("tessera-cli: %s\n", line);
  return 1;
}

static int
usage (const char *problem)
{
  if (problem != NULL)
    g_printerr ("tessera-cli render: %s\n", problem);
  g_printerr ("usage: tessera-cli " USAGE "\n");
  return 2;
}

/* "X,Y,Z,YAW,PITCH": world units, degrees (yaw 0 east, 90 south, as on the map). */
static gboolean
parse_camera (const char      *text,
              TsrVisualCamera *camera)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  double values[5];

  if (g_strv_length (parts) != 5)
    return FALSE;
  for (guint i = 0; i < 5; i++)
    {
      char *end = NULL;

      values[i] = g_ascii_strtod (parts[i], &end);
      if (end == parts[i] || *end != '\0' || !isfinite (values[i]) || fabs (values[i]) > 1e6)
        return FALSE;
    }
  camera->position[0] = (float) values[0];
  camera->position[1] = (float) values[1];
  camera->position[2] = (float) values[2];
  camera->yaw = (float) (values[3] * G_PI / 180.0);
  camera->pitch = (float) (CLAMP (values[4], -89.0, 89.0) * G_PI / 180.0);
  return TRUE;
}

static gboolean
parse_size (const char *text,
            guint      *width,
            guint      *height)
{
  char *end = NULL;
  guint64 w, h;

  w = g_ascii_strtoull (text, &end, 10);
  if (end == text || (*end != 'x' && *end != 'X'))
    return FALSE;
  text = end + 1;
  h = g_ascii_strtoull (text, &end, 10);
  if (end == text || *end != '\0' || w == 0 || h == 0 || w > 16384 || h > 16384)
    return FALSE;
  *width = (guint) w;
  *height = (guint) h;
  return TRUE;
}

int
tsr_cli_visual_render (int    argc,
                       char **argv)
{
  g_autofree char *view = NULL, *camera_text = NULL, *shapes_path = NULL, *size = NULL, *output = NULL;
  int level_index = -1;
  GOptionEntry entries[] = {
    { "view", 0, 0, G_OPTION_ARG_STRING, &view, "3d", "3d" },
    { "level", 0, 0, G_OPTION_ARG_INT, &level_index, "Level number (from 0)", "N" },
    { "camera", 0, 0, G_OPTION_ARG_STRING, &camera_text, "Camera", "X,Y,Z,YAW,PITCH" },
    { "shapes", 0, 0, G_OPTION_ARG_FILENAME, &shapes_path, "Marathon Shapes file for textures", "FILE" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size, "Output size", "WxH" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Output PNG", "PATH" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrVisualScene) scene = NULL;
  g_autoptr(TsrShapesFile) shapes = NULL;
  const TsrFormat *format = NULL;
  gpointer data = NULL;
  TsrVisualWolf3dTextures wolf3d_textures = { NULL, NULL };
  TsrVisualTextureFunc texture_func = NULL;
  gpointer texture_data = NULL;
  TsrVisualCamera camera;
  guint width = 960, height = 600;
  const char *path;
  int status = 0;

  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage (error->message);
  if (argc != 2 || output == NULL || g_strcmp0 (view, "3d") != 0)
    return usage (NULL);
  if (level_index < -1)
    return usage ("--level: levels count from 0");
  if (size != NULL && !parse_size (size, &width, &height))
    return usage ("--size: WxH, each side 1..16384");
  path = argv[1];

  data = tsr_format_load_file (tsr_format_registry_get_default (), path, &format, &error);
  if (data == NULL)
    return fail (path, error->message);
  if (g_strcmp0 (format->id, "marathon-map") == 0)
    {
      TsrMarathonScenario *scenario = data;
      guint n = scenario->map->levels->len;

      if (level_index >= (int) n || n == 0)
        {
          g_autofree char *message = g_strdup_printf ("level %d: the file holds %u level(s)", MAX (level_index, 0), n);

          status = fail (path, message);
          status = 2;
          goto out;
        }
      if (shapes_path != NULL)
        {
          g_autoptr(GBytes) bytes = tsr_file_read (shapes_path, &error);

          if (bytes == NULL
              || (shapes = tsr_shapes_file_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error)) == NULL)
            {
              status = fail (shapes_path, error->message);
              goto out;
            }
          texture_func = tsr_visual_shapes_texture_func;
          texture_data = shapes;
        }
      /* With a Shapes file the objects are its sprites. */
      scene = tsr_visual_scene_build_marathon_with_shapes (g_ptr_array_index (scenario->map->levels, MAX (level_index, 0)),
                                                           shapes);
    }
  else if (g_strcmp0 (format->id, "wolf3d-set") == 0)
    {
      TsrWolf3dSet *set = data;
      guint n = set->maps != NULL ? tsr_wolf3d_maps_get_n_levels (set->maps) : 0;
      const TsrWolf3dLevel *level = NULL;
      guint slot = 0;

      if (level_index >= 0 && (guint) level_index < n)
        level = tsr_wolf3d_maps_get_level (set->maps, slot = (guint) level_index);
      for (guint l = 0; level_index < 0 && level == NULL && l < n; l++)
        level = tsr_wolf3d_maps_get_level (set->maps, slot = l);
      if (level == NULL)
        {
          g_autofree char *message = g_strdup_printf ("level %d: the set holds no such level (%u slots)",
                                                      MAX (level_index, 0), n);

          status = fail (path, message);
          status = 2;
          goto out;
        }
      scene = tsr_visual_scene_build_wolf3d (level, set->game, slot,
                                             set->vswap != NULL ? set->vswap->sprite_start : 0,
                                             tsr_wolf3d_palette_get (set->game));
      wolf3d_textures.vswap = set->vswap;
      wolf3d_textures.palette = tsr_wolf3d_palette_get (set->game);
      texture_func = tsr_visual_wolf3d_texture_func;
      texture_data = &wolf3d_textures;
    }
  else
    {
      g_autofree char *message = g_strdup_printf ("format %s has no 3D view (Marathon maps and Wolf3D sets have)",
                                                  format->id);

      status = fail (path, message);
      status = 2;
      goto out;
    }

  tsr_visual_camera_init_start (&camera, scene);
  if (camera_text != NULL && !parse_camera (camera_text, &camera))
    {
      status = usage ("--camera: X,Y,Z,YAW,PITCH (world units and degrees)");
      goto out;
    }
#ifdef TSR_HAVE_VISUAL_GL
  {
    g_autoptr(TsrImage) image = tsr_visual_render_image (scene, &camera, texture_func, texture_data,
                                                         width, height, &error);

    if (image == NULL || !tsr_image_save_png (image, output, &error))
      {
        status = fail (image == NULL ? path : output, error->message);
        goto out;
      }
    g_print ("wrote %s (%ux%u)\n", output, image->width, image->height);
  }
#else
  (void) texture_func;
  (void) texture_data;
  status = fail (path, "this tessera-cli was built without OpenGL (libepoxy): it has no 3D view");
#endif
out:
  format->free (data);
  return status;
}
#endif
