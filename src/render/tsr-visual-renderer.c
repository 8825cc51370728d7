/* tsr-visual-renderer.c: one vertex buffer per scene, grouped by texture (opaque groups first,
 * then translucent ones with depth writes off); billboards turn in the vertex shader (a corner
 * offset along the camera's right vector and up), so a camera move uploads nothing. */
#include "render/tsr-visual-renderer.h"

#include <epoxy/gl.h>
#include <math.h>
#include <string.h>

#include "core/tsr-error.h"

/* position 3, corner 2, uv 2, colour 4, shade 1, mode 1, light 1, light floor 1 */
#define VERTEX_FLOATS 15
/* Light intensities live in a float texture this many texels wide (row-major by light index). */
#define LIGHTS_WIDTH 1024

typedef enum {
  PASS_OPAQUE,            /* early depth test works: no discard in the shader */
  PASS_CUTOUT,            /* textures with transparent pixels (sprites, grates): discard */
  PASS_TRANSLUCENT,       /* liquids: blended, no depth writes, both sides */
  N_PASSES
} Pass;

typedef struct {
  GLuint  texture;        /* 0: flat colour */
  Pass    pass;
  GLint   first;
  GLsizei count;
} Group;

typedef struct {
  GLuint program;
  GLint  u_view_projection, u_right, u_camera, u_textured, u_tint, u_texture, u_lights;
} Program;

struct _TsrVisualRenderer {
  Program programs[2];     /* without and with the alpha test */
  GLuint  vao, vbo;
  GLuint  lights;          /* R32F, LIGHTS_WIDTH x rows: each Marathon light's intensity */
  guint   n_lights;
  GLuint  highlight_vao, highlight_vbo;
  GLsizei highlight_count;
  GArray *groups;          /* Group */
  GHashTable *textures;    /* texture key -> GLuint (0: no picture) */
  GHashTable *cutouts;     /* GLuint names of textures with transparent pixels */
  TsrVisualTextureFunc texture_func;
  gpointer texture_data;
  GArray *surfaces;        /* TsrVisualSurface, a copy for the highlight */
  gboolean wolf3d;
  guint32 sky_color;
  TsrVisualPart highlight_part;
  gint32  highlight_index;
  guint   n_triangles;
  gboolean es;
  char   *description;
};

static const char vertex_source[] =
  "in vec3 a_position;\n"
  "in vec2 a_corner;\n"
  "in vec2 a_uv;\n"
  "in vec4 a_color;\n"
  "in float a_shade;\n"
  "in float a_mode;\n"
  "in float a_light;\n"
  "in float a_light_floor;\n"
  "uniform mat4 u_view_projection;\n"
  "uniform vec3 u_right;\n"
  "uniform sampler2D u_lights;\n"
  "out vec2 v_uv;\n"
  "out vec4 v_color;\n"
  "out float v_shade;\n"
  "out float v_mode;\n"
  "out vec3 v_world;\n"
  "void main () {\n"
  "  vec3 world = a_position + u_right * a_corner.x + vec3 (0.0, 0.0, a_corner.y);\n"
  "  v_uv = a_uv;\n"
  "  v_color = a_color;\n"
  /* A lit surface: its shade is its orientation times its light's intensity now. */
  "  if (a_light >= 0.0) {\n"
  "    int index = int (a_light + 0.5);\n"
  "    float light = texelFetch (u_lights, ivec2 (index % 1024, index / 1024), 0).r;\n"
  "    v_shade = (0.2 + 0.8 * max (a_light_floor, light)) * a_shade;\n"
  "  } else\n"
  "    v_shade = a_shade;\n"
  "  v_mode = a_mode;\n"
  "  v_world = world;\n"
  "  gl_Position = u_view_projection * vec4 (world, 1.0);\n"
  "}\n";

static const char fragment_source[] =
  "in vec2 v_uv;\n"
  "in vec4 v_color;\n"
  "in float v_shade;\n"
  "in float v_mode;\n"
  "in vec3 v_world;\n"
  "uniform sampler2D u_texture;\n"
  "uniform int u_textured;\n"
  "uniform vec3 u_camera;\n"
  "uniform vec4 u_tint;\n"
  "out vec4 frag_color;\n"
  "void main () {\n"
  "  vec4 color = v_color;\n"
  "  float shade = v_shade;\n"
  "  if (u_textured == 1) {\n"
  "    vec2 uv = v_uv;\n"
  "    if (v_mode > 0.5) {\n"
  "      vec3 d = normalize (v_world - u_camera);\n"
  "      uv = vec2 (atan (d.y, d.x) / 6.2831853, 0.5 - asin (clamp (d.z, -1.0, 1.0)) / 3.1415927);\n"
  "      shade = 1.0;\n"
  "    }\n"
  "    vec4 texel = texture (u_texture, uv);\n"
  "#ifdef ALPHA_TEST\n"
  "    if (texel.a < 0.5) discard;\n"
  "#endif\n"
  "    color = vec4 (texel.rgb, v_color.a);\n"
  "  }\n"
  "  vec4 shaded = vec4 (color.rgb * shade, color.a);\n"
  "  frag_color = u_tint.a > 0.0 ? vec4 (mix (shaded.rgb, u_tint.rgb, u_tint.a), 1.0) : shaded;\n"
  "}\n";

static const char *const attribute_names[] = { "a_position", "a_corner", "a_uv", "a_color", "a_shade", "a_mode",
                                               "a_light", "a_light_floor" };
static const GLint attribute_sizes[] = { 3, 2, 2, 4, 1, 1, 1, 1 };

static GLuint
compile (GLenum       type,
         const char  *body,
         gboolean     es,
         gboolean     alpha_test,
         GError     **error)
{
  const char *sources[3] = {
    es ? "#version 300 es\nprecision highp float;\n" : "#version 330 core\n",
    alpha_test ? "#define ALPHA_TEST 1\n" : "",
    body,
  };
  GLuint shader = glCreateShader (type);
  GLint ok = 0;

  glShaderSource (shader, 3, sources, NULL);
  glCompileShader (shader);
  glGetShaderiv (shader, GL_COMPILE_STATUS, &ok);
  if (!ok)
    {
      char log[1024] = "";

      glGetShaderInfoLog (shader, sizeof log, NULL, log);
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "OpenGL: the %s shader does not compile: %s",
                   type == GL_VERTEX_SHADER ? "vertex" : "fragment", log);
      glDeleteShader (shader);
      return 0;
    }
  return shader;
}

static void
setup_attributes (void)
{
  gsize offset = 0;

  for (guint i = 0; i < G_N_ELEMENTS (attribute_names); i++)
    {
      glEnableVertexAttribArray (i);
      glVertexAttribPointer (i, attribute_sizes[i], GL_FLOAT, GL_FALSE, VERTEX_FLOATS * sizeof (float),
                             (const void *) offset);
      offset += (gsize) attribute_sizes[i] * sizeof (float);
    }
}

static gboolean
program_init (Program   *program,
              gboolean   es,
              gboolean   alpha_test,
              GError   **error)
{
  GLuint vertex, fragment;
  GLint linked = 0;

  if ((vertex = compile (GL_VERTEX_SHADER, vertex_source, es, FALSE, error)) == 0)
    return FALSE;
  if ((fragment = compile (GL_FRAGMENT_SHADER, fragment_source, es, alpha_test, error)) == 0)
    {
      glDeleteShader (vertex);
      return FALSE;
    }
  program->program = glCreateProgram ();
  glAttachShader (program->program, vertex);
  glAttachShader (program->program, fragment);
  for (guint i = 0; i < G_N_ELEMENTS (attribute_names); i++)
    glBindAttribLocation (program->program, i, attribute_names[i]);
  glLinkProgram (program->program);
  glDeleteShader (vertex);
  glDeleteShader (fragment);
  glGetProgramiv (program->program, GL_LINK_STATUS, &linked);
  if (!linked)
    {
      char log[1024] = "";

      glGetProgramInfoLog (program->program, sizeof log, NULL, log);
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "OpenGL: the shaders do not link: %s", log);
      glDeleteProgram (program->program);
      program->program = 0;
      return FALSE;
    }
  program->u_view_projection = glGetUniformLocation (program->program, "u_view_projection");
  program->u_right = glGetUniformLocation (program->program, "u_right");
  program->u_camera = glGetUniformLocation (program->program, "u_camera");
  program->u_textured = glGetUniformLocation (program->program, "u_textured");
  program->u_tint = glGetUniformLocation (program->program, "u_tint");
  program->u_texture = glGetUniformLocation (program->program, "u_texture");
  program->u_lights = glGetUniformLocation (program->program, "u_lights");
  return TRUE;
}

TsrVisualRenderer *
tsr_visual_renderer_new (GError **error)
{
  TsrVisualRenderer *renderer;
  int version = epoxy_gl_version ();
  gboolean es = !epoxy_is_desktop_gl ();

  if (version < (es ? 30 : 33))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   "OpenGL %s%d.%d is too old for the visual mode (%s 3.%d needed)",
                   es ? "ES " : "", version / 10, version % 10, es ? "OpenGL ES" : "OpenGL", es ? 0 : 3);
      return NULL;
    }
  renderer = g_new0 (TsrVisualRenderer, 1);
  renderer->es = es;
  if (!program_init (&renderer->programs[0], es, FALSE, error)
      || !program_init (&renderer->programs[1], es, TRUE, error))
    {
      if (renderer->programs[0].program != 0)
        glDeleteProgram (renderer->programs[0].program);
      g_free (renderer);
      return NULL;
    }
  glGenVertexArrays (1, &renderer->vao);
  glGenBuffers (1, &renderer->vbo);
  glBindVertexArray (renderer->vao);
  glBindBuffer (GL_ARRAY_BUFFER, renderer->vbo);
  setup_attributes ();
  glGenVertexArrays (1, &renderer->highlight_vao);
  glGenBuffers (1, &renderer->highlight_vbo);
  glBindVertexArray (renderer->highlight_vao);
  glBindBuffer (GL_ARRAY_BUFFER, renderer->highlight_vbo);
  setup_attributes ();
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  glGenTextures (1, &renderer->lights);
  glBindTexture (GL_TEXTURE_2D, renderer->lights);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture (GL_TEXTURE_2D, 0);
  renderer->groups = g_array_new (FALSE, FALSE, sizeof (Group));
  renderer->textures = g_hash_table_new (NULL, NULL);
  renderer->cutouts = g_hash_table_new (NULL, NULL);
  renderer->surfaces = g_array_new (FALSE, FALSE, sizeof (TsrVisualSurface));
  renderer->highlight_index = -1;
  renderer->sky_color = 0x000000FF;
  renderer->description = g_strdup_printf ("%s / %s", (const char *) glGetString (GL_RENDERER),
                                           (const char *) glGetString (GL_VERSION));
  return renderer;
}

static void
forget_textures (TsrVisualRenderer *renderer)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, renderer->textures);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      GLuint texture = GPOINTER_TO_UINT (value);

      if (texture != 0)
        glDeleteTextures (1, &texture);
    }
  g_hash_table_remove_all (renderer->textures);
  g_hash_table_remove_all (renderer->cutouts);
}

void
tsr_visual_renderer_free (TsrVisualRenderer *renderer)
{
  if (renderer == NULL)
    return;
  forget_textures (renderer);
  g_hash_table_unref (renderer->textures);
  g_hash_table_unref (renderer->cutouts);
  glDeleteBuffers (1, &renderer->vbo);
  glDeleteBuffers (1, &renderer->highlight_vbo);
  glDeleteTextures (1, &renderer->lights);
  glDeleteVertexArrays (1, &renderer->vao);
  glDeleteVertexArrays (1, &renderer->highlight_vao);
  glDeleteProgram (renderer->programs[0].program);
  glDeleteProgram (renderer->programs[1].program);
  g_array_unref (renderer->groups);
  g_array_unref (renderer->surfaces);
  g_free (renderer->description);
  g_free (renderer);
}

const char *
tsr_visual_renderer_get_description (TsrVisualRenderer *renderer)
{
  return renderer->description;
}

void
tsr_visual_renderer_set_textures (TsrVisualRenderer    *renderer,
                                  TsrVisualTextureFunc  func,
                                  gpointer              user_data)
{
  forget_textures (renderer);
  renderer->texture_func = func;
  renderer->texture_data = user_data;
}

static guint
texture_key (const TsrVisualTexture *texture)
{
  return ((guint) texture->kind << 16) | texture->descriptor;
}

/* The GL texture of TEXTURE, made on first use; 0 when there is no picture. */
static GLuint
texture_for (TsrVisualRenderer      *renderer,
             const TsrVisualTexture *texture)
{
  gpointer key, value;
  TsrImage *image;
  GLuint name = 0;

  if (texture->kind == TSR_VISUAL_TEXTURE_NONE || renderer->texture_func == NULL)
    return 0;
  key = GUINT_TO_POINTER (texture_key (texture));
  if (g_hash_table_lookup_extended (renderer->textures, key, NULL, &value))
    return GPOINTER_TO_UINT (value);
  image = renderer->texture_func (texture, renderer->texture_data);
  if (image != NULL && image->width > 0 && image->height > 0)
    {
      glGenTextures (1, &name);
      glBindTexture (GL_TEXTURE_2D, name);
      glPixelStorei (GL_UNPACK_ALIGNMENT, 1);
      glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, (GLsizei) image->width, (GLsizei) image->height, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, image->pixels);
      glGenerateMipmap (GL_TEXTURE_2D);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
      for (gsize i = 0; i < (gsize) image->width * image->height; i++)
        if (image->pixels[i * 4 + 3] < 128)
          {
            g_hash_table_add (renderer->cutouts, GUINT_TO_POINTER (name));
            break;
          }
    }
  g_clear_pointer (&image, tsr_image_free);
  g_hash_table_insert (renderer->textures, key, GUINT_TO_POINTER (name));
  return name;
}

static gboolean
is_landscape (const TsrVisualTexture *texture)
{
  guint collection = (texture->descriptor >> 8) & 31;

  return texture->kind == TSR_VISUAL_TEXTURE_SHAPES
         && (texture->transfer_mode == 9 || texture->transfer_mode == 21 || (collection >= 27 && collection <= 30));
}

/* The surface's brightness: its light (with a floor so dark rooms stay readable) and its
 * orientation (walls facing east or west lighter than those facing north or south, floors
 * lighter than ceilings) so that shapes read even in flat colours. */
static float
surface_orientation (const TsrVisualSurface *surface)
{
  if (surface->billboard || surface->normal[2] > 0.5f)
    return 1.0f;
  if (surface->normal[2] < -0.5f)
    return 0.85f;
  return 0.72f + 0.28f * fabsf (surface->normal[0]);
}

static float
surface_shade (const TsrVisualRenderer *renderer,
               const TsrVisualSurface  *surface)
{
  if (renderer->wolf3d)
    return 1.0f;
  return (0.2f + 0.8f * surface->light) * surface_orientation (surface);
}

static void
append_surface (TsrVisualRenderer      *renderer,
                GArray                 *vertices,
                const TsrVisualSurface *surface,
                gboolean                textured)
{
  float color[4] = {
    ((surface->color >> 24) & 0xFF) / 255.0f, ((surface->color >> 16) & 0xFF) / 255.0f,
    ((surface->color >> 8) & 0xFF) / 255.0f, (surface->color & 0xFF) / 255.0f,
  };
  /* Lit by a light of the scene: the shader takes the intensity from the lights texture, so
   * that animated lights upload nothing else. */
  gboolean lit = !renderer->wolf3d && surface->light_index >= 0 && (guint) surface->light_index < renderer->n_lights;
  float shade = lit ? surface_orientation (surface) : surface_shade (renderer, surface);
  float light = lit ? (float) surface->light_index : -1.0f;
  float light_floor = surface->part == TSR_VISUAL_PART_OBJECT ? 0.5f : 0.0f;
  float mode = textured && is_landscape (&surface->texture) ? 1.0f : 0.0f;
  float corners[4][3];
  const float (*positions)[3] = surface->positions;
  guint n = surface->n_vertices;
  guint order[TSR_VISUAL_MAX_VERTICES];
  float newell[3] = { 0.0f, 0.0f, 0.0f };

  /* Counter-clockwise on screen from the side the surface faces, so that back faces can be
   * culled: in these world axes (y southwards) that is a right-hand (Newell) normal pointing
   * away from the surface's normal. */
  for (guint v = 0; v < n; v++)
    {
      const float *a = positions[v], *b = positions[(v + 1) % n];

      newell[0] += (a[1] - b[1]) * (a[2] + b[2]);
      newell[1] += (a[2] - b[2]) * (a[0] + b[0]);
      newell[2] += (a[0] - b[0]) * (a[1] + b[1]);
    }
  for (guint v = 0; v < n; v++)
    order[v] = !surface->billboard
               && newell[0] * surface->normal[0] + newell[1] * surface->normal[1] + newell[2] * surface->normal[2] > 0
               ? n - 1 - v : v;

  if (surface->billboard)
    {
      /* Each corner at the base centre; the shader moves it by its corner offset. */
      for (guint v = 0; v < 4; v++)
        memcpy (corners[v], surface->center, sizeof corners[v]);
      positions = (const float (*)[3]) corners;
      n = 4;
      for (guint v = 0; v < 4; v++)
        order[v] = v;
    }
  for (guint t = 1; t + 1 < n; t++)
    {
      guint index[3] = { order[0], order[t], order[t + 1] };

      for (guint k = 0; k < 3; k++)
        {
          guint v = index[k];
          float vertex[VERTEX_FLOATS];

          memcpy (vertex, positions[v], 3 * sizeof (float));
          if (surface->billboard)
            {
              vertex[3] = surface->shift + (v == 1 || v == 2 ? 0.5f : -0.5f) * surface->width;
              vertex[4] = v >= 2 ? surface->height : 0.0f;
            }
          else
            vertex[3] = vertex[4] = 0.0f;
          vertex[5] = surface->uv[v][0];
          vertex[6] = surface->uv[v][1];
          memcpy (vertex + 7, color, sizeof color);
          vertex[11] = shade;
          vertex[12] = mode;
          vertex[13] = light;
          vertex[14] = light_floor;
          g_array_append_vals (vertices, vertex, VERTEX_FLOATS);
        }
    }
}

void
tsr_visual_renderer_set_scene (TsrVisualRenderer    *renderer,
                               const TsrVisualScene *scene)
{
  g_autoptr(GHashTable) buckets = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (float));
  g_autoptr(GList) keys = NULL;

  renderer->wolf3d = scene->wolf3d;
  renderer->sky_color = scene->sky_color;
  tsr_visual_renderer_set_lights (renderer, scene->light_intensity, scene->n_lights);
  g_array_set_size (renderer->groups, 0);
  g_array_set_size (renderer->surfaces, 0);
  g_array_append_vals (renderer->surfaces, scene->surfaces->data, scene->surfaces->len);
  /* Bucket by (texture, pass): key = texture name * N_PASSES + pass + 1. */
  for (guint s = 0; s < scene->surfaces->len; s++)
    {
      const TsrVisualSurface *surface = &g_array_index (scene->surfaces, TsrVisualSurface, s);
      GLuint texture = texture_for (renderer, &surface->texture);
      Pass pass = (surface->color & 0xFF) < 0xFF ? PASS_TRANSLUCENT
                  : g_hash_table_contains (renderer->cutouts, GUINT_TO_POINTER (texture)) ? PASS_CUTOUT
                  : PASS_OPAQUE;
      gpointer key = GUINT_TO_POINTER (texture * N_PASSES + pass + 1);
      GArray *bucket = g_hash_table_lookup (buckets, key);

      if (bucket == NULL)
        {
          bucket = g_array_new (FALSE, FALSE, sizeof (float));
          g_hash_table_insert (buckets, key, bucket);
        }
      append_surface (renderer, bucket, surface, texture != 0);
    }
  keys = g_hash_table_get_keys (buckets);
  /* Opaque groups first, then cut-out ones, translucent ones last. */
  for (guint pass = 0; pass < N_PASSES; pass++)
    for (GList *l = keys; l != NULL; l = l->next)
      {
        guint key = GPOINTER_TO_UINT (l->data) - 1;
        GArray *bucket = g_hash_table_lookup (buckets, l->data);
        Group group = { key / N_PASSES, key % N_PASSES, (GLint) (all->len / VERTEX_FLOATS),
                        (GLsizei) (bucket->len / VERTEX_FLOATS) };

        if (group.pass != pass)
          continue;
        g_array_append_vals (all, bucket->data, bucket->len);
        g_array_append_val (renderer->groups, group);
      }
  renderer->n_triangles = all->len / VERTEX_FLOATS / 3;
  glBindBuffer (GL_ARRAY_BUFFER, renderer->vbo);
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (all->len * sizeof (float)), all->data, GL_STATIC_DRAW);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  tsr_visual_renderer_set_highlight (renderer, renderer->highlight_part, renderer->highlight_index);
}

void
tsr_visual_renderer_set_lights (TsrVisualRenderer *renderer,
                                const float       *intensity,
                                guint              n)
{
  guint rows = MAX (1, (n + LIGHTS_WIDTH - 1) / LIGHTS_WIDTH);
  g_autofree float *texels = g_new0 (float, (gsize) rows * LIGHTS_WIDTH);

  g_return_if_fail (renderer != NULL && (intensity != NULL || n == 0));

  if (n > 0)
    memcpy (texels, intensity, n * sizeof (float));
  renderer->n_lights = n;
  glBindTexture (GL_TEXTURE_2D, renderer->lights);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_R32F, LIGHTS_WIDTH, (GLsizei) rows, 0, GL_RED, GL_FLOAT, texels);
  glBindTexture (GL_TEXTURE_2D, 0);
}

void
tsr_visual_renderer_set_highlight (TsrVisualRenderer *renderer,
                                   TsrVisualPart      part,
                                   gint32             index)
{
  g_autoptr(GArray) vertices = g_array_new (FALSE, FALSE, sizeof (float));

  renderer->highlight_part = part;
  renderer->highlight_index = index;
  for (guint s = 0; index >= 0 && s < renderer->surfaces->len; s++)
    {
      const TsrVisualSurface *surface = &g_array_index (renderer->surfaces, TsrVisualSurface, s);
      gboolean wall = part >= TSR_VISUAL_PART_WALL_FULL && part <= TSR_VISUAL_PART_WALL_TRANSPARENT;
      gboolean surface_wall = surface->part >= TSR_VISUAL_PART_WALL_FULL
                              && surface->part <= TSR_VISUAL_PART_WALL_TRANSPARENT;

      /* A side is selected as a whole: all its parts light up. */
      if (surface->index == index && (surface->part == part || (wall && surface_wall)))
        append_surface (renderer, vertices, surface, FALSE);
    }
  renderer->highlight_count = (GLsizei) (vertices->len / VERTEX_FLOATS);
  glBindBuffer (GL_ARRAY_BUFFER, renderer->highlight_vbo);
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (vertices->len * sizeof (float)), vertices->data, GL_DYNAMIC_DRAW);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
}

/* Column-major 4x4: projection * view. */
static void
view_projection (const TsrVisualCamera *camera,
                 float                  aspect,
                 float                  near,
                 float                  far,
                 float                  out[16])
{
  float forward[3], right[3], up[3], view[16], projection[16] = { 0 };
  float f = 1.0f / tanf ((float) (camera->fov * G_PI / 360.0));
  const float *p = camera->position;

  tsr_visual_camera_axes (camera, forward, right, up);
  /* Rows: right, up, -forward. */
  view[0] = right[0]; view[4] = right[1]; view[8] = right[2];
  view[1] = up[0];    view[5] = up[1];    view[9] = up[2];
  view[2] = -forward[0]; view[6] = -forward[1]; view[10] = -forward[2];
  view[3] = view[7] = view[11] = 0.0f;
  view[12] = -(right[0] * p[0] + right[1] * p[1] + right[2] * p[2]);
  view[13] = -(up[0] * p[0] + up[1] * p[1] + up[2] * p[2]);
  view[14] = forward[0] * p[0] + forward[1] * p[1] + forward[2] * p[2];
  view[15] = 1.0f;
  projection[0] = f / aspect;
  projection[5] = f;
  projection[10] = (far + near) / (near - far);
  projection[11] = -1.0f;
  projection[14] = 2.0f * far * near / (near - far);
  for (guint c = 0; c < 4; c++)
    for (guint r = 0; r < 4; r++)
      {
        float sum = 0.0f;

        for (guint k = 0; k < 4; k++)
          sum += projection[k * 4 + r] * view[c * 4 + k];
        out[c * 4 + r] = sum;
      }
}

gboolean
tsr_visual_renderer_draw (TsrVisualRenderer     *renderer,
                          const TsrVisualCamera *camera,
                          guint                  width,
                          guint                  height,
                          GError               **error)
{
  float matrix[16], forward[3], right[3], up[3];
  guint32 sky = renderer->sky_color;
  GLenum gl_error;

  g_return_val_if_fail (renderer != NULL && camera != NULL, FALSE);

  while (glGetError () != GL_NO_ERROR)
    ;
  view_projection (camera, height > 0 ? (float) width / (float) height : 1.0f, 0.02f, 256.0f, matrix);
  tsr_visual_camera_axes (camera, forward, right, up);
  glViewport (0, 0, (GLsizei) width, (GLsizei) height);
  glClearColor (((sky >> 24) & 0xFF) / 255.0f, ((sky >> 16) & 0xFF) / 255.0f, ((sky >> 8) & 0xFF) / 255.0f, 1.0f);
  glClearDepthf (1.0f);
  glClear (GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable (GL_DEPTH_TEST);
  glDepthFunc (GL_LESS);
  glEnable (GL_CULL_FACE);
  glCullFace (GL_BACK);
  glFrontFace (GL_CCW);
  glActiveTexture (GL_TEXTURE0);
  for (guint p = 0; p < 2; p++)
    {
      const Program *program = &renderer->programs[p];

      glUseProgram (program->program);
      glUniformMatrix4fv (program->u_view_projection, 1, GL_FALSE, matrix);
      glUniform3fv (program->u_right, 1, right);
      glUniform3fv (program->u_camera, 1, camera->position);
      glUniform4f (program->u_tint, 0.0f, 0.0f, 0.0f, 0.0f);
      glUniform1i (program->u_texture, 0);
      glUniform1i (program->u_lights, 1);
    }
  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, renderer->lights);
  glActiveTexture (GL_TEXTURE0);
  glBindVertexArray (renderer->vao);
  for (guint g = 0; g < renderer->groups->len; g++)
    {
      const Group *group = &g_array_index (renderer->groups, Group, g);
      const Program *program = &renderer->programs[group->pass == PASS_OPAQUE ? 0 : 1];

      if (group->pass == PASS_TRANSLUCENT)
        {
          /* Liquids show from below too. */
          glEnable (GL_BLEND);
          glBlendFunc (GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
          glDepthMask (GL_FALSE);
          glDisable (GL_CULL_FACE);
        }
      glUseProgram (program->program);
      glUniform1i (program->u_textured, group->texture != 0);
      glBindTexture (GL_TEXTURE_2D, group->texture);
      glDrawArrays (GL_TRIANGLES, group->first, group->count);
    }
  glDisable (GL_BLEND);
  glDepthMask (GL_TRUE);
  glDisable (GL_CULL_FACE);
  if (renderer->highlight_count > 0)
    {
      const Program *program = &renderer->programs[0];

      /* The selection: tinted over what is drawn, a little in front of it; blended, so the
       * picture under it (a texture just applied) still shows. */
      glUseProgram (program->program);
      glDepthFunc (GL_LEQUAL);
      glEnable (GL_POLYGON_OFFSET_FILL);
      glPolygonOffset (-1.0f, -4.0f);
      glEnable (GL_BLEND);
      glBlendColor (0.0f, 0.0f, 0.0f, 0.5f);
      glBlendFunc (GL_CONSTANT_ALPHA, GL_ONE_MINUS_CONSTANT_ALPHA);
      glUniform1i (program->u_textured, 0);
      glUniform4f (program->u_tint, 1.0f, 0.55f, 0.1f, 1.0f);
      glBindVertexArray (renderer->highlight_vao);
      glDrawArrays (GL_TRIANGLES, 0, renderer->highlight_count);
      glDisable (GL_BLEND);
      glDisable (GL_POLYGON_OFFSET_FILL);
      glDepthFunc (GL_LESS);
    }
  glBindVertexArray (0);
  glBindTexture (GL_TEXTURE_2D, 0);
  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, 0);
  glActiveTexture (GL_TEXTURE0);
  glUseProgram (0);
  if ((gl_error = glGetError ()) != GL_NO_ERROR)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "OpenGL error 0x%04X while drawing the visual mode",
                   gl_error);
      return FALSE;
    }
  return TRUE;
}

guint
tsr_visual_renderer_get_n_triangles (TsrVisualRenderer *renderer)
{
  return renderer->n_triangles;
}

guint
tsr_visual_renderer_get_n_textures (TsrVisualRenderer *renderer)
{
  GHashTableIter iter;
  gpointer value;
  guint n = 0;

  g_hash_table_iter_init (&iter, renderer->textures);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    n += GPOINTER_TO_UINT (value) != 0;
  return n;
}
