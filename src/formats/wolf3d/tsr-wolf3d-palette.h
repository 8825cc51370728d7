/* tsr-wolf3d-palette.h: the game palettes. They live in the game executables, not the data
 * files, so Tessera ships them: data/palettes/wolf3d-gamepal.inc and sod-gamepal.inc hold the
 * 0..63 VGA values as text and are compiled in (see docs/formats/wolf3d.md). */
#pragma once

#include <glib.h>

#include "formats/wolf3d/tsr-wolf3d-tables.h"

G_BEGIN_DECLS

/* 256 colours as 0xRRGGBBAA, channels scaled x*255/63, alpha 255. */
const guint32 *tsr_wolf3d_palette_get (TsrWolf3dGame game);
/* The raw 0..63 triplets (768 bytes). */
const guint8  *tsr_wolf3d_palette_get_vga (TsrWolf3dGame game);

G_END_DECLS
