/* tsr-wolf3d-assets.c: one picture of a set at a time (what extract writes and the browser shows),
 * the font chunks, and the sprite-to-object names. */
#include "config.h"
#include "formats/wolf3d/tsr-wolf3d-assets.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "formats/wolf3d/tsr-wolf3d-palette.h"

/* id's fontstruct: a 16-bit height, 256 16-bit locations, 256 byte widths. */
#define FONT_HEADER_SIZE (2 + 256 * 2 + 256)
#define FONT_SHEET_COLUMNS 16

TsrWolf3dFont *
tsr_wolf3d_font_load (GBytes      *bytes,
                      gsize        chunk_offset,
                      const char  *label,
                      GError     **error)
{
  g_autoptr(TsrWolf3dFont) font = g_new0 (TsrWolf3dFont, 1);
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  TsrReader reader;

  font->bytes = g_bytes_ref (bytes);
  tsr_reader_init (&reader, data, size, label);
  if (!tsr_reader_read_u16_le (&reader, &font->height, error))
    return NULL;
  for (guint c = 0; c < 256; c++)
    if (!tsr_reader_read_u16_le (&reader, &font->location[c], error))
      return NULL;
  for (guint c = 0; c < 256; c++)
    if (!tsr_reader_read_u8 (&reader, &font->width[c], error))
      return NULL;
  if (font->height == 0 || font->height > 255)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, chunk_offset, _("%s: font height %u expected 1..255"), label,
                        font->height);
      return NULL;
    }
  for (guint c = 0; c < 256; c++)
    {
      gsize end = (gsize) font->location[c] + (gsize) font->width[c] * font->height;

      if (font->width[c] == 0)
        continue;
      if (font->location[c] < FONT_HEADER_SIZE || end > size)
        {
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, 2 + 2 * c,
                            _("%s: character %u (%u×%u pixels at byte %u) lies outside the %zu-byte chunk"), label, c, font->width[c], font->height, font->location[c], size);
          return NULL;
        }
    }
  return g_steal_pointer (&font);
}

void
tsr_wolf3d_font_free (TsrWolf3dFont *font)
{
  if (font == NULL)
    return;
  g_clear_pointer (&font->bytes, g_bytes_unref);
  g_free (font);
}

TsrImage *
tsr_wolf3d_font_render_sheet (const TsrWolf3dFont *font,
                              guint32              color)
{
  const guint8 *data = g_bytes_get_data (font->bytes, NULL);
  guint widest = 1, n_chars = 0, cell_w, cell_h, rows;
  TsrImage *sheet;
  guint slot = 0;

  for (guint c = 0; c < 256; c++)
    if (font->width[c] > 0)
      {
        widest = MAX (widest, font->width[c]);
        n_chars++;
      }
  cell_w = widest + 1;
  cell_h = font->height + 1u;
  rows = MAX (1u, (n_chars + FONT_SHEET_COLUMNS - 1) / FONT_SHEET_COLUMNS);
  sheet = tsr_image_new (FONT_SHEET_COLUMNS * cell_w, rows * cell_h);
  for (guint c = 0; c < 256; c++)
    {
      guint left = (slot % FONT_SHEET_COLUMNS) * cell_w, top = (slot / FONT_SHEET_COLUMNS) * cell_h;

      if (font->width[c] == 0)
        continue;
      for (guint y = 0; y < font->height; y++)
        for (guint x = 0; x < font->width[c]; x++)
          if (data[font->location[c] + (gsize) y * font->width[c] + x] != 0)
            tsr_image_set_pixel (sheet, left + x, top + y, color);
      slot++;
    }
  return sheet;
}

guint
tsr_wolf3d_graphics_get_n_fonts (const TsrWolf3dGraphics *graphics)
{
  return graphics != NULL && graphics->pic_start > 1 ? MIN (graphics->pic_start, graphics->n_chunks) - 1 : 0;
}

static gboolean
vswap_page_present (const TsrWolf3dVswap *vswap,
                    guint                 page)
{
  return vswap->pages[page].offset != 0 && vswap->pages[page].length != 0;
}

GArray *
tsr_wolf3d_set_list_assets (const TsrWolf3dSet *set)
{
  GArray *assets = g_array_new (FALSE, FALSE, sizeof (TsrWolf3dAsset));
  TsrWolf3dAsset asset;

  if (set->vswap != NULL)
    {
      for (guint w = 0; w < tsr_wolf3d_vswap_get_n_walls (set->vswap); w++)
        if (vswap_page_present (set->vswap, w))
          {
            asset = (TsrWolf3dAsset) { TSR_WOLF3D_ASSET_WALL, w };
            g_array_append_val (assets, asset);
          }
      for (guint s = 0; s < tsr_wolf3d_vswap_get_n_sprites (set->vswap); s++)
        if (vswap_page_present (set->vswap, set->vswap->sprite_start + s))
          {
            asset = (TsrWolf3dAsset) { TSR_WOLF3D_ASSET_SPRITE, s };
            g_array_append_val (assets, asset);
          }
    }
  if (set->graphics != NULL)
    {
      for (guint p = 0; p < set->graphics->n_pics; p++)
        {
          asset = (TsrWolf3dAsset) { TSR_WOLF3D_ASSET_PIC, p };
          g_array_append_val (assets, asset);
        }
      for (guint f = 0; f < tsr_wolf3d_graphics_get_n_fonts (set->graphics); f++)
        {
          asset = (TsrWolf3dAsset) { TSR_WOLF3D_ASSET_FONT, f };
          g_array_append_val (assets, asset);
        }
    }
  return assets;
}

static TsrImage *
indexed8_to_image (const guint8  *indexed,
                   guint          width,
                   guint          height,
                   const guint32 *palette)
{
  g_autofree guint16 *pixels = g_new (guint16, MAX ((gsize) width * height, 1));

  for (gsize i = 0; i < (gsize) width * height; i++)
    pixels[i] = indexed[i];
  return tsr_wolf3d_indexed_to_image (pixels, width, height, palette);
}

TsrImage *
tsr_wolf3d_set_decode_asset (const TsrWolf3dSet *set,
                             TsrWolf3dAsset      asset,
                             GError            **error)
{
  const guint32 *palette = tsr_wolf3d_palette_get (set->game);

  switch (asset.kind)
    {
    case TSR_WOLF3D_ASSET_WALL:
      {
        guint8 indexed[64 * 64];

        if (set->vswap == NULL)
          break;
        if (!tsr_wolf3d_vswap_decode_wall (set->vswap, asset.index, indexed, error))
          return NULL;
        return indexed8_to_image (indexed, 64, 64, palette);
      }
    case TSR_WOLF3D_ASSET_SPRITE:
      {
        guint16 pixels[64 * 64];

        if (set->vswap == NULL)
          break;
        if (!tsr_wolf3d_vswap_decode_sprite (set->vswap, asset.index, pixels, error))
          return NULL;
        return tsr_wolf3d_indexed_to_image (pixels, 64, 64, palette);
      }
    case TSR_WOLF3D_ASSET_PIC:
      {
        g_autofree guint8 *indexed = NULL;
        guint width = 0, height = 0;

        if (set->graphics == NULL)
          break;
        indexed = tsr_wolf3d_graphics_decode_pic (set->graphics, asset.index, &width, &height, error);
        if (indexed == NULL)
          return NULL;
        return indexed8_to_image (indexed, width, height, palette);
      }
    case TSR_WOLF3D_ASSET_FONT:
      {
        g_autofree char *label = g_strdup_printf (_("VGAGRAPH chunk %u (font %u)"), 1 + asset.index, asset.index);
        g_autoptr(GBytes) chunk = NULL;
        g_autoptr(TsrWolf3dFont) font = NULL;

        if (asset.index >= tsr_wolf3d_graphics_get_n_fonts (set->graphics))
          break;
        chunk = tsr_wolf3d_graphics_expand_chunk (set->graphics, 1 + asset.index, error);
        if (chunk == NULL
            || (font = tsr_wolf3d_font_load (chunk, (gsize) MAX (set->graphics->offsets[1 + asset.index], 0), label,
                                             error)) == NULL)
          return NULL;
        return tsr_wolf3d_font_render_sheet (font, 0x000000ff);
      }
    default:
      break;
    }
  g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL,
               asset.kind == TSR_WOLF3D_ASSET_WALL ? _("the set has no wall %u")
               : asset.kind == TSR_WOLF3D_ASSET_SPRITE ? _("the set has no sprite %u")
               : asset.kind == TSR_WOLF3D_ASSET_PIC ? _("the set has no pic %u") : _("the set has no font %u"),
               asset.index);
  return NULL;
}

char *
tsr_wolf3d_asset_file_name (TsrWolf3dAsset asset)
{
  switch (asset.kind)
    {
    case TSR_WOLF3D_ASSET_WALL:
      return g_strdup_printf ("wall-%03u.png", asset.index);
    case TSR_WOLF3D_ASSET_SPRITE:
      return g_strdup_printf ("sprite-%03u.png", asset.index);
    case TSR_WOLF3D_ASSET_PIC:
      return g_strdup_printf ("pic-%03u.png", asset.index);
    case TSR_WOLF3D_ASSET_FONT:
      return g_strdup_printf ("font-%u.png", asset.index);
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
tsr_wolf3d_sprite_describe (TsrWolf3dGame game,
                            guint         sprite)
{
  g_autoptr(GArray) objects = tsr_wolf3d_known_objects (game);

  for (guint i = 0; i < objects->len; i++)
    {
      TsrWolf3dObjectInfo info;

      if (!tsr_wolf3d_object_lookup (game, (guint16) g_array_index (objects, guint16, i), &info) || info.sprite < 0)
        continue;
      /* Soldiers and dogs: their first sprite is the front view, the seven after it turn round
       * them (the engine picks one by the angle it is seen from). */
      if (info.kind == TSR_WOLF3D_OBJECT_ENEMY && info.direction >= 0 && sprite >= (guint) info.sprite
          && sprite < (guint) info.sprite + 8)
        /* Translators: a Wolf3D sprite: the enemy it shows and which of its eight views. */
        return g_strdup_printf (_("%s (view %u)"), _(info.name), sprite - (guint) info.sprite);
      if (sprite == (guint) info.sprite)
        return g_strdup (_(info.name));
    }
  return NULL;
}

char *
tsr_wolf3d_wall_describe (guint sprite_start,
                          guint page)
{
  static const char *const door_pages[] = { N_("Door"), N_("Door frame"), N_("Elevator door"), N_("Locked door") };
  const char *sides = page % 2 == 0 ? _("north and south sides") : _("east and west sides");

  if (sprite_start >= 8 && page >= sprite_start - 8 && page < sprite_start)
    return g_strdup_printf ("%s, %s", _(door_pages[(page - (sprite_start - 8)) / 2]), sides);
  /* Translators: a VSWAP wall page: its wall tile and the faces it covers. */
  return g_strdup_printf (_("Wall %u, %s"), page / 2 + 1, sides);
}
