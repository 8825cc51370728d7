/* tsr-wolf3d-palette.c: the Wolf3D and Spear of Destiny palettes, compiled in from data/. */
#include "formats/wolf3d/tsr-wolf3d-palette.h"

static const guint8 wolf3d_vga[256 * 3] = {
#include "../../../data/palettes/wolf3d-gamepal.inc"
};

static const guint8 spear_vga[256 * 3] = {
#include "../../../data/palettes/sod-gamepal.inc"
};

static guint32 wolf3d_rgba[256];
static guint32 spear_rgba[256];

static void
palette_scale (const guint8 *vga,
               guint32      *rgba)
{
  for (guint i = 0; i < 256; i++)
    {
      guint32 r = vga[3 * i] * 255u / 63, g = vga[3 * i + 1] * 255u / 63, b = vga[3 * i + 2] * 255u / 63;

      rgba[i] = (r << 24) | (g << 16) | (b << 8) | 0xFF;
    }
}

const guint8 *
tsr_wolf3d_palette_get_vga (TsrWolf3dGame game)
{
  return game == TSR_WOLF3D_GAME_SPEAR ? spear_vga : wolf3d_vga;
}

const guint32 *
tsr_wolf3d_palette_get (TsrWolf3dGame game)
{
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      palette_scale (wolf3d_vga, wolf3d_rgba);
      palette_scale (spear_vga, spear_rgba);
      g_once_init_leave (&initialised, 1);
    }
  return game == TSR_WOLF3D_GAME_SPEAR ? spear_rgba : wolf3d_rgba;
}
