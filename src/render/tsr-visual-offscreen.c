/* tsr-visual-offscreen.c: EGL through libepoxy (which loads libEGL when first called, so a system
 * without it gets an error here rather than a crash at start). */
#include "render/tsr-visual-offscreen.h"

#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <string.h>

#include "core/tsr-error.h"

struct _TsrVisualOffscreen {
  EGLDisplay display;
  EGLContext context;
  gboolean   gles;        /* OpenGL ES 3.0 (no GL_BGRA read back) rather than OpenGL 3.3 core */
  GLuint     framebuffer, color, depth;
  guint      width, height;
};

static gboolean
offscreen_fail (GError    **error,
                const char *what)
{
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
               "OpenGL is not available for drawing without a display: %s", what);
  return FALSE;
}

/* EGL's default display where it can make a context current with no surface at all (drivers
 * without Mesa's surfaceless platform); EGL_NO_DISPLAY otherwise. */
static EGLDisplay
default_display (void)
{
  EGLDisplay display = eglGetDisplay (EGL_DEFAULT_DISPLAY);
  EGLint major = 0, minor = 0;
  const char *extensions;

  if (display == EGL_NO_DISPLAY || !eglInitialize (display, &major, &minor))
    return EGL_NO_DISPLAY;
  extensions = eglQueryString (display, EGL_EXTENSIONS);
  if (extensions == NULL || !epoxy_extension_in_string (extensions, "EGL_KHR_surfaceless_context"))
    return EGL_NO_DISPLAY;
  return display;
}

/* A config for a context of the bound API: none where EGL takes none (Mesa), else the first one
 * that renders it (no surface is ever made, so any will do). */
static EGLConfig
context_config (EGLDisplay display,
                EGLint     renderable)
{
  const char *extensions = eglQueryString (display, EGL_EXTENSIONS);
  const EGLint attributes[] = { EGL_RENDERABLE_TYPE, renderable, EGL_SURFACE_TYPE, 0, EGL_NONE };
  EGLConfig config = EGL_NO_CONFIG_KHR;
  EGLint n = 0;

  if (extensions != NULL && (epoxy_extension_in_string (extensions, "EGL_KHR_no_config_context")
                             || epoxy_extension_in_string (extensions, "EGL_MESA_configless_context")))
    return EGL_NO_CONFIG_KHR;
  if (!eglChooseConfig (display, attributes, &config, 1, &n) || n < 1)
    return EGL_NO_CONFIG_KHR;
  return config;
}

TsrVisualOffscreen *
tsr_visual_offscreen_new (GError **error)
{
  g_autoptr(TsrVisualOffscreen) offscreen = g_new0 (TsrVisualOffscreen, 1);
  const char *client_extensions;
  EGLint major = 0, minor = 0;
  EGLint surfaceless_error = EGL_SUCCESS;
  static const EGLint core_attributes[] = {
    EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
    EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
  };
  static const EGLint es_attributes[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE };

  offscreen->display = EGL_NO_DISPLAY;
  offscreen->context = EGL_NO_CONTEXT;
  if (!epoxy_has_egl ())
    {
      offscreen_fail (error, "no EGL library (libEGL.so.1) was found");
      return NULL;
    }
  client_extensions = eglQueryString (EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (client_extensions != NULL && epoxy_extension_in_string (client_extensions, "EGL_MESA_platform_surfaceless")
      && epoxy_extension_in_string (client_extensions, "EGL_EXT_platform_base"))
    {
      offscreen->display = eglGetPlatformDisplayEXT (EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
      if (offscreen->display != EGL_NO_DISPLAY && !eglInitialize (offscreen->display, &major, &minor))
        offscreen->display = EGL_NO_DISPLAY;
      if (offscreen->display == EGL_NO_DISPLAY)
        surfaceless_error = eglGetError ();
    }
  /* Not Mesa (or its surfaceless platform fails): the default display, if it can do without a
   * surface. */
  if (offscreen->display == EGL_NO_DISPLAY)
    offscreen->display = default_display ();
  if (offscreen->display == EGL_NO_DISPLAY)
    {
      g_autofree char *what = NULL;

      if (surfaceless_error != EGL_SUCCESS)
        what = g_strdup_printf ("EGL does not start on the surfaceless platform (EGL error 0x%04X)",
                                (guint) surfaceless_error);
      else
        what = g_strdup ("EGL has no surfaceless platform (EGL_MESA_platform_surfaceless), and its default "
                         "display no surfaceless contexts (EGL_KHR_surfaceless_context)");
      offscreen_fail (error, what);
      return NULL;
    }
  if (eglBindAPI (EGL_OPENGL_API))
    offscreen->context = eglCreateContext (offscreen->display, context_config (offscreen->display, EGL_OPENGL_BIT),
                                           EGL_NO_CONTEXT, core_attributes);
  if (offscreen->context == EGL_NO_CONTEXT && eglBindAPI (EGL_OPENGL_ES_API))
    {
      offscreen->context = eglCreateContext (offscreen->display,
                                             context_config (offscreen->display, EGL_OPENGL_ES3_BIT_KHR),
                                             EGL_NO_CONTEXT, es_attributes);
      offscreen->gles = offscreen->context != EGL_NO_CONTEXT;
    }
  if (offscreen->context == EGL_NO_CONTEXT)
    {
      g_autofree char *what = g_strdup_printf ("no OpenGL 3.3 core or OpenGL ES 3.0 context (EGL error 0x%04X)",
                                               (guint) eglGetError ());

      offscreen_fail (error, what);
      return NULL;
    }
  if (!tsr_visual_offscreen_make_current (offscreen))
    {
      offscreen_fail (error, "the context cannot be made current");
      return NULL;
    }
  return g_steal_pointer (&offscreen);
}

gboolean
tsr_visual_offscreen_make_current (TsrVisualOffscreen *offscreen)
{
  return eglMakeCurrent (offscreen->display, EGL_NO_SURFACE, EGL_NO_SURFACE, offscreen->context);
}

void
tsr_visual_offscreen_release_current (TsrVisualOffscreen *offscreen)
{
  eglMakeCurrent (offscreen->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
}

static void
delete_framebuffer (TsrVisualOffscreen *offscreen)
{
  if (offscreen->framebuffer == 0)
    return;
  glDeleteFramebuffers (1, &offscreen->framebuffer);
  glDeleteRenderbuffers (1, &offscreen->color);
  glDeleteRenderbuffers (1, &offscreen->depth);
  offscreen->framebuffer = offscreen->color = offscreen->depth = 0;
}

void
tsr_visual_offscreen_free (TsrVisualOffscreen *offscreen)
{
  if (offscreen == NULL)
    return;
  if (offscreen->context != EGL_NO_CONTEXT)
    {
      tsr_visual_offscreen_make_current (offscreen);
      delete_framebuffer (offscreen);
      eglMakeCurrent (offscreen->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext (offscreen->display, offscreen->context);
    }
  /* The display stays initialised for the process (EGL hands the same one out again): terminating
   * it unloads Mesa's driver, and with it what leak checkers need to tell its caches apart. */
  g_free (offscreen);
}

static gboolean
ensure_framebuffer (TsrVisualOffscreen *offscreen,
                    guint               width,
                    guint               height,
                    GError            **error)
{
  GLint max_size = 0;

  glGetIntegerv (GL_MAX_RENDERBUFFER_SIZE, &max_size);
  if (width == 0 || height == 0 || width > (guint) max_size || height > (guint) max_size)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "%ux%u pixels: the size must be 1..%d on each side",
                   width, height, max_size);
      return FALSE;
    }
  if (offscreen->framebuffer != 0 && offscreen->width == width && offscreen->height == height)
    {
      glBindFramebuffer (GL_FRAMEBUFFER, offscreen->framebuffer);
      return TRUE;
    }
  delete_framebuffer (offscreen);
  glGenFramebuffers (1, &offscreen->framebuffer);
  glGenRenderbuffers (1, &offscreen->color);
  glGenRenderbuffers (1, &offscreen->depth);
  glBindFramebuffer (GL_FRAMEBUFFER, offscreen->framebuffer);
  glBindRenderbuffer (GL_RENDERBUFFER, offscreen->color);
  glRenderbufferStorage (GL_RENDERBUFFER, GL_RGBA8, (GLsizei) width, (GLsizei) height);
  glFramebufferRenderbuffer (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, offscreen->color);
  glBindRenderbuffer (GL_RENDERBUFFER, offscreen->depth);
  glRenderbufferStorage (GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, (GLsizei) width, (GLsizei) height);
  glFramebufferRenderbuffer (GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, offscreen->depth);
  if (glCheckFramebufferStatus (GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    {
      delete_framebuffer (offscreen);
      return offscreen_fail (error, "the framebuffer is incomplete");
    }
  offscreen->width = width;
  offscreen->height = height;
  return TRUE;
}

gboolean
tsr_visual_offscreen_draw (TsrVisualOffscreen    *offscreen,
                           TsrVisualRenderer     *renderer,
                           const TsrVisualCamera *camera,
                           guint                  width,
                           guint                  height,
                           GError               **error)
{
  if (!ensure_framebuffer (offscreen, width, height, error)
      || !tsr_visual_renderer_draw (renderer, camera, width, height, error))
    return FALSE;
  glFinish ();
  return TRUE;
}

TsrImage *
tsr_visual_offscreen_render (TsrVisualOffscreen    *offscreen,
                             TsrVisualRenderer     *renderer,
                             const TsrVisualCamera *camera,
                             guint                  width,
                             guint                  height,
                             GError               **error)
{
  TsrImage *image;
  gsize stride = (gsize) width * 4;
  g_autofree guint8 *row = NULL;

  image = tsr_image_new_checked (width, height, TSR_IMAGE_MAX_PIXELS, "3D view", error);
  if (image == NULL)
    return NULL;
  if (!tsr_visual_offscreen_draw (offscreen, renderer, camera, width, height, error))
    {
      tsr_image_free (image);
      return NULL;
    }
  glPixelStorei (GL_PACK_ALIGNMENT, 1);
  glReadPixels (0, 0, (GLsizei) width, (GLsizei) height, GL_RGBA, GL_UNSIGNED_BYTE, image->pixels);
  /* GL's rows run bottom up. */
  row = g_malloc (stride);
  for (guint y = 0; y < height / 2; y++)
    {
      guint8 *top = image->pixels + y * stride, *bottom = image->pixels + (height - 1 - y) * stride;

      memcpy (row, top, stride);
      memcpy (top, bottom, stride);
      memcpy (bottom, row, stride);
    }
  glBindFramebuffer (GL_FRAMEBUFFER, 0);
  return image;
}

void
tsr_visual_offscreen_read_argb32 (TsrVisualOffscreen *offscreen,
                                  guint8             *data,
                                  gsize               stride,
                                  guint               width,
                                  guint               height)
{
  g_return_if_fail (stride % 4 == 0 && stride >= (gsize) width * 4);

  glPixelStorei (GL_PACK_ALIGNMENT, 4);
  glPixelStorei (GL_PACK_ROW_LENGTH, (GLint) (stride / 4));
  if (!offscreen->gles)
    /* A packed 32-bit type, so native-endian: B in the low byte, A in the high one, as cairo has
     * them. */
    glReadPixels (0, 0, (GLsizei) width, (GLsizei) height, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, data);
  else
    {
      /* OpenGL ES reads R, G, B, A bytes. */
      glReadPixels (0, 0, (GLsizei) width, (GLsizei) height, GL_RGBA, GL_UNSIGNED_BYTE, data);
      for (guint y = 0; y < height; y++)
        {
          guint8 *row = data + (gsize) y * stride;

          for (guint x = 0; x < width; x++)
            {
              const guint8 *p = row + (gsize) x * 4;
              guint32 argb = (guint32) p[3] << 24 | (guint32) p[0] << 16 | (guint32) p[1] << 8 | p[2];

              memcpy (row + (gsize) x * 4, &argb, 4);
            }
        }
    }
  glPixelStorei (GL_PACK_ROW_LENGTH, 0);
  glBindFramebuffer (GL_FRAMEBUFFER, 0);
}

TsrImage *
tsr_visual_render_image (const TsrVisualScene  *scene,
                         const TsrVisualCamera *camera,
                         TsrVisualTextureFunc   func,
                         gpointer               user_data,
                         guint                  width,
                         guint                  height,
                         GError               **error)
{
  g_autoptr(TsrVisualOffscreen) offscreen = tsr_visual_offscreen_new (error);
  TsrVisualRenderer *renderer;
  TsrImage *image;

  if (offscreen == NULL)
    return NULL;
  if ((renderer = tsr_visual_renderer_new (error)) == NULL)
    return NULL;
  tsr_visual_renderer_set_textures (renderer, func, user_data);
  tsr_visual_renderer_set_scene (renderer, scene);
  image = tsr_visual_offscreen_render (offscreen, renderer, camera, width, height, error);
  tsr_visual_renderer_free (renderer);
  return image;
}
