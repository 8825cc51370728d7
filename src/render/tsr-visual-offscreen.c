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

TsrVisualOffscreen *
tsr_visual_offscreen_new (GError **error)
{
  g_autoptr(TsrVisualOffscreen) offscreen = g_new0 (TsrVisualOffscreen, 1);
  const char *client_extensions;
  EGLint major = 0, minor = 0;
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
  if (client_extensions == NULL || !epoxy_extension_in_string (client_extensions, "EGL_MESA_platform_surfaceless")
      || !epoxy_extension_in_string (client_extensions, "EGL_EXT_platform_base"))
    {
      offscreen_fail (error, "EGL has no surfaceless platform (EGL_MESA_platform_surfaceless)");
      return NULL;
    }
  offscreen->display = eglGetPlatformDisplayEXT (EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  if (offscreen->display == EGL_NO_DISPLAY || !eglInitialize (offscreen->display, &major, &minor))
    {
      g_autofree char *what = g_strdup_printf ("EGL does not start on the surfaceless platform (EGL error 0x%04X)",
                                               (guint) eglGetError ());

      offscreen->display = EGL_NO_DISPLAY;
      offscreen_fail (error, what);
      return NULL;
    }
  if (eglBindAPI (EGL_OPENGL_API))
    offscreen->context = eglCreateContext (offscreen->display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, core_attributes);
  if (offscreen->context == EGL_NO_CONTEXT && eglBindAPI (EGL_OPENGL_ES_API))
    offscreen->context = eglCreateContext (offscreen->display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es_attributes);
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
