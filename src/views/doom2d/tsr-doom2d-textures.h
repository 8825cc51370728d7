/* tsr-doom2d-textures.h: Doom2D Forever textures for the GUI. Pictures are decoded with GdkPixbuf,
 * naming the loader explicitly ("tga": TGA has no signature, and newer gdk-pixbuf builds leave
 * the TGA loader out of sniffing), with the codec's own PNG/TGA decoder as the fallback when
 * GdkPixbuf lacks the loader or refuses the file. */
#pragma once

#include <gtk/gtk.h>

#include "formats/doom2d/tsr-doom2d-resources.h"

G_BEGIN_DECLS

/* A TsrDoom2dTextureDecoder: TEXTURE's picture (animations: the whole strip) as RGBA
 * (transfer full), or NULL with ERROR from the fallback decoder. USER_DATA is unused. */
TsrImage              *tsr_doom2d_texture_decode_gdk   (const TsrDoom2dTexture *texture,
                                                        const char             *label,
                                                        gpointer                user_data,
                                                        GError                **error);
/* A texture cache over RESOURCES (taken) that decodes with tsr_doom2d_texture_decode_gdk. */
TsrDoom2dTextureCache *tsr_doom2d_texture_cache_new_gdk (TsrDoom2dResources    *resources);
/* Frame FRAME of ENTRY (a still texture: its picture; see tsr_doom2d_texture_frame_at for the
 * frame to show at a tick) as a GdkTexture (transfer full), or NULL when ENTRY has no picture. */
GdkTexture            *tsr_doom2d_texture_get_frame    (const TsrDoom2dCachedTexture *entry,
                                                        guint                         frame);

/* Frame FRAME of ENTRY as a picture of its own (transfer full), or NULL when ENTRY has no
 * picture or the frame lies outside it. */
TsrImage              *tsr_doom2d_texture_crop_frame   (const TsrDoom2dCachedTexture *entry,
                                                        guint                         frame);

/* A list row for a texture: its picture, SIZE px square (shrunk to fit), beside a label. */
GtkWidget             *tsr_doom2d_texture_row_new      (int                           size);
/* Shows PICTURE (may be NULL) and LABEL in ROW. */
void                   tsr_doom2d_texture_row_set      (GtkWidget                    *row,
                                                        GdkPaintable                 *picture,
                                                        const char                   *label);

G_END_DECLS
