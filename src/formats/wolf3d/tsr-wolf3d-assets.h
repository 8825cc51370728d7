/* tsr-wolf3d-assets.h: the pictures of a Wolf3D set one by one: VSWAP walls and sprites, VGAGRAPH
 * pics and fonts, each decoded to RGBA through the game palette and named as `extract` writes it
 * (wall-NNN.png, sprite-NNN.png, pic-NNN.png, font-N.png). Extraction, the browser and its export
 * of one picture all go through tsr_wolf3d_set_decode_asset. Also the fonts' parser (id's
 * fontstruct) and the sprites' meaning (which object of the tables a sprite draws). */
#pragma once

#include <glib.h>

#include "core/tsr-image.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"

G_BEGIN_DECLS

typedef enum {
  TSR_WOLF3D_ASSET_WALL,
  TSR_WOLF3D_ASSET_SPRITE,
  TSR_WOLF3D_ASSET_PIC,
  TSR_WOLF3D_ASSET_FONT,
  TSR_WOLF3D_N_ASSET_KINDS,
} TsrWolf3dAssetKind;

typedef struct {
  TsrWolf3dAssetKind kind;
  guint              index;   /* wall, sprite (from the sprite start), pic or font number */
} TsrWolf3dAsset;

/* A proportional font (VGAGRAPH chunks 1.. before the pics): HEIGHT rows; character C is
 * WIDTH[C] columns of bytes at LOCATION[C] in the chunk, row by row, non-zero where drawn (the
 * engine paints those pixels in the current font colour). */
typedef struct {
  guint16  height;
  guint16  location[256];
  guint8   width[256];
  GBytes  *bytes;        /* the expanded chunk */
} TsrWolf3dFont;

/* Parses an expanded font chunk; every character's pixels must lie inside it. LABEL names the
 * chunk in errors ("VGAGRAPH chunk 1"); a wrong height (the chunk's first field) names
 * CHUNK_OFFSET, where the Huffman-compressed chunk starts in VGAGRAPH, the other errors the field
 * inside the expanded chunk. (transfer full) */
TsrWolf3dFont *tsr_wolf3d_font_load          (GBytes              *bytes,
                                              gsize                chunk_offset,
                                              const char          *label,
                                              GError             **error);
void           tsr_wolf3d_font_free          (TsrWolf3dFont       *font);
/* Every character with a width, 16 to a row in cells one pixel wider and higher than the widest
 * character, drawn in COLOR (0xRRGGBBAA) on transparency. (transfer full) */
TsrImage      *tsr_wolf3d_font_render_sheet  (const TsrWolf3dFont *font,
                                              guint32              color);

/* How many fonts the graphics hold (the chunks between the picture table and the first pic). */
guint          tsr_wolf3d_graphics_get_n_fonts (const TsrWolf3dGraphics *graphics);

/* The pictures the set holds, walls, sprites, pics, fonts in that order, leaving out VSWAP pages
 * this release does not have (offset or length 0). GArray of TsrWolf3dAsset. (transfer full) */
GArray        *tsr_wolf3d_set_list_assets    (const TsrWolf3dSet  *set);
/* ASSET as RGBA through the set's palette (sprites transparent where nothing is drawn, fonts
 * black on transparency, legible on a checkerboard). (transfer full) */
TsrImage      *tsr_wolf3d_set_decode_asset   (const TsrWolf3dSet  *set,
                                              TsrWolf3dAsset       asset,
                                              GError             **error);
/* The name `extract` gives ASSET: "wall-005.png", "font-1.png". (transfer full) */
char          *tsr_wolf3d_asset_file_name    (TsrWolf3dAsset       asset);
/* What VSWAP wall page PAGE is drawn on: "Wall 5, north and south sides", "Door, east and west
 * sides" (doors' pages are the eight before the sprite start), in the user's language. (transfer full) */
char          *tsr_wolf3d_wall_describe      (guint                sprite_start,
                                              guint                page);
/* What sprite SPRITE (from the sprite start) stands for in the object tables: "Guard (view 3)",
 * "Barrel", "Dead guard"; NULL for sprites no object is drawn with (animation frames, weapons).
 * In the user's language: only the editor's asset browser shows it. (transfer full) */
char          *tsr_wolf3d_sprite_describe    (TsrWolf3dGame        game,
                                              guint                sprite);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWolf3dFont, tsr_wolf3d_font_free)

G_END_DECLS
