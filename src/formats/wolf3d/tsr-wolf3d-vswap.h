/* tsr-wolf3d-vswap.h: VSWAP, the page file: wall textures (64x64, column-major), sprites
 * (column posts) and digitised sound pages, with the sound list as the last page. The file is
 * kept as loaded (Tessera does not edit pages yet); this module indexes and decodes it. */
#pragma once

#include <glib.h>

#include "core/tsr-image.h"

G_BEGIN_DECLS

#define TSR_WOLF3D_TILE_SIZE 64
/* Indexed pixels use 0..255; sprites mark transparent pixels with this value. */
#define TSR_WOLF3D_TRANSPARENT 0xFFFF

typedef struct {
  guint32 offset;
  guint16 length;
} TsrWolf3dPage;

typedef struct {
  guint16        n_pages;
  guint16        sprite_start;
  guint16        sound_start;
  TsrWolf3dPage *pages;
  GBytes        *bytes;        /* the whole file, written back as is */
  guint          n_sounds;     /* entries of the sound list (last page), 0 if none */
  guint16       *sound_list;   /* n_sounds pairs: first page (relative to sound_start), bytes */
} TsrWolf3dVswap;

TsrWolf3dVswap *tsr_wolf3d_vswap_load           (GBytes         *bytes,
                                                 GError        **error);
void            tsr_wolf3d_vswap_free           (TsrWolf3dVswap *vswap);
guint           tsr_wolf3d_vswap_get_n_walls    (const TsrWolf3dVswap *vswap);
guint           tsr_wolf3d_vswap_get_n_sprites  (const TsrWolf3dVswap *vswap);

/* 64x64 indexed pixels, row by row (x + y * 64). A wall page shorter than 4096 bytes (the
 * shareware set leaves unused walls empty) is an error: callers skip those. */
gboolean        tsr_wolf3d_vswap_decode_wall    (const TsrWolf3dVswap *vswap,
                                                 guint           wall,
                                                 guint8          pixels[64 * 64],
                                                 GError        **error);
/* 64x64 pixels, TSR_WOLF3D_TRANSPARENT where nothing is drawn. */
gboolean        tsr_wolf3d_vswap_decode_sprite  (const TsrWolf3dVswap *vswap,
                                                 guint           sprite,
                                                 guint16         pixels[64 * 64],
                                                 GError        **error);
/* A decoded wall or sprite as RGBA through PALETTE (256 x 0xRRGGBBAA). */
TsrImage       *tsr_wolf3d_indexed_to_image     (const guint16  *pixels,
                                                 guint           width,
                                                 guint           height,
                                                 const guint32  *palette);

G_END_DECLS
