/* tsr-visual-renderer.h: the visual mode's one GL renderer (libepoxy, GL 3.3 core or GLES 3.0):
 * every piece of GL state it needs (program, vertex arrays, buffers, textures) lives in one
 * TsrVisualRenderer created in, used in and freed in one current GL context, the offscreen one of
 * tsr-visual-offscreen.h (the visual view's too). It draws a TsrVisualScene from a camera into the
 * bound framebuffer: textured surfaces where the texture function gives a picture, otherwise flat
 * colours, both shaded by the surface's light and orientation; translucent liquids blended over the
 * rest; billboards turned to the camera; landscape surfaces (transfer mode 9 or 21, or a texture
 * of collections 27–30) showing the landscape by view direction, as Aleph One's landscapes do. */
#pragma once

#include <glib.h>

#include "render/tsr-visual-scene.h"
#include "render/tsr-visual-textures.h"

G_BEGIN_DECLS

typedef struct _TsrVisualRenderer TsrVisualRenderer;

/* In the current GL context: checks the version (3.3 core or ES 3.0 at least) and compiles the
 * shaders. NULL with a GError saying what is missing. (transfer full) */
TsrVisualRenderer *tsr_visual_renderer_new          (GError               **error);
/* In the context it was created in. */
void               tsr_visual_renderer_free         (TsrVisualRenderer     *renderer);
/* "llvmpipe (LLVM 15.0.6, 256 bits) / 4.5 (Core Profile) Mesa 22.3.6" (transfer none). */
const char        *tsr_visual_renderer_get_description (TsrVisualRenderer  *renderer);
/* Where pictures come from (FUNC NULL: flat colours only). Forgets the textures made so far. */
void               tsr_visual_renderer_set_textures (TsrVisualRenderer     *renderer,
                                                     TsrVisualTextureFunc   func,
                                                     gpointer               user_data);
/* Uploads SCENE's surfaces (copied; the scene may go). */
void               tsr_visual_renderer_set_scene    (TsrVisualRenderer     *renderer,
                                                     const TsrVisualScene  *scene);
/* The intensity (0..1) of each of the scene's N lights, for the surfaces they light: set_scene
 * takes the scene's own; animated lights send theirs each tick (only the lights texture changes). */
void               tsr_visual_renderer_set_lights   (TsrVisualRenderer     *renderer,
                                                     const float           *intensity,
                                                     guint                  n);
/* Surfaces of PART and INDEX are drawn tinted (selection); INDEX -1 clears. */
void               tsr_visual_renderer_set_highlight (TsrVisualRenderer    *renderer,
                                                      TsrVisualPart         part,
                                                      gint32                index);
/* Draws into the bound framebuffer's WIDTH x HEIGHT viewport. FALSE with a GError when GL reports
 * an error. */
gboolean           tsr_visual_renderer_draw         (TsrVisualRenderer     *renderer,
                                                     const TsrVisualCamera *camera,
                                                     guint                  width,
                                                     guint                  height,
                                                     GError               **error);
/* Surfaces and triangles uploaded, textures made (for tests and benchmarks). */
guint              tsr_visual_renderer_get_n_triangles (TsrVisualRenderer  *renderer);
guint              tsr_visual_renderer_get_n_textures  (TsrVisualRenderer  *renderer);

G_END_DECLS
