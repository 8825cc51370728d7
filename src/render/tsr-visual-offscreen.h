/* tsr-visual-offscreen.h: a GL context with no display for the visual renderer: EGL on Mesa's
 * surfaceless platform (EGL_MESA_platform_surfaceless; llvmpipe without a GPU), or where that
 * platform is missing (other drivers) EGL's default display with EGL_KHR_surfaceless_context; an
 * OpenGL 3.3 core context (or OpenGL ES 3.0 where desktop GL is refused) and a framebuffer object
 * read back into a TsrImage or a cairo image surface's pixels. For the visual mode's view (which
 * so needs no GL from GTK), `tessera-cli render --view 3d`, the tests and the benchmarks. */
#pragma once

#include "core/tsr-image.h"
#include "render/tsr-visual-renderer.h"

G_BEGIN_DECLS

typedef struct _TsrVisualOffscreen TsrVisualOffscreen;

/* Creates the context and makes it current. NULL with a GError that says what is missing (no
 * libEGL, no surfaceless platform, no context of the version needed). (transfer full) */
TsrVisualOffscreen *tsr_visual_offscreen_new      (GError             **error);
void                tsr_visual_offscreen_free     (TsrVisualOffscreen  *offscreen);
/* Makes the context current again (after another was). */
gboolean            tsr_visual_offscreen_make_current (TsrVisualOffscreen *offscreen);
/* Leaves no context current on this thread (for another, e.g. GTK's, to be made current). */
void                tsr_visual_offscreen_release_current (TsrVisualOffscreen *offscreen);
/* Draws RENDERER's scene from CAMERA into a WIDTH x HEIGHT framebuffer and reads it back (top row
 * first). (transfer full) */
TsrImage           *tsr_visual_offscreen_render   (TsrVisualOffscreen     *offscreen,
                                                   TsrVisualRenderer      *renderer,
                                                   const TsrVisualCamera  *camera,
                                                   guint                   width,
                                                   guint                   height,
                                                   GError                **error);
/* Draws only (no read back), for timing frames; glFinish makes the time the GPU's too. */
gboolean            tsr_visual_offscreen_draw     (TsrVisualOffscreen     *offscreen,
                                                   TsrVisualRenderer      *renderer,
                                                   const TsrVisualCamera  *camera,
                                                   guint                   width,
                                                   guint                   height,
                                                   GError                **error);

/* After a draw: the framebuffer's WIDTH x HEIGHT pixels into DATA (rows STRIDE bytes apart, a
 * multiple of 4) in cairo's ARGB32 layout (native-endian 0xAARRGGBB; the renderer draws opaque, so
 * premultiplied too), bottom row first as GL has them: the caller flips them when it shows them. */
void                tsr_visual_offscreen_read_argb32 (TsrVisualOffscreen *offscreen,
                                                      guint8             *data,
                                                      gsize               stride,
                                                      guint               width,
                                                      guint               height);

/* One picture of SCENE: context, renderer (textures through FUNC, may be NULL), draw, read back,
 * all freed again. (transfer full) */
TsrImage           *tsr_visual_render_image       (const TsrVisualScene   *scene,
                                                   const TsrVisualCamera  *camera,
                                                   TsrVisualTextureFunc    func,
                                                   gpointer                user_data,
                                                   guint                   width,
                                                   guint                   height,
                                                   GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrVisualOffscreen, tsr_visual_offscreen_free)

G_END_DECLS
