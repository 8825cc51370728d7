/* tsr-wolf3d-vswap.c: the VSWAP page file. */
#include "formats/wolf3d/tsr-wolf3d-vswap.h"

#include <glib/gi18n.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"

void
tsr_wolf3d_vswap_free (TsrWolf3dVswap *vswap)
{
  if (vswap == NULL)
    return;
  g_free (vswap->pages);
  g_free (vswap->sound_list);
  g_clear_pointer (&vswap->bytes, g_bytes_unref);
  g_free (vswap);
}

TsrWolf3dVswap *
tsr_wolf3d_vswap_load (GBytes  *bytes,
                       GError **error)
{
  TsrWolf3dVswap *vswap = g_new0 (TsrWolf3dVswap, 1);
  TsrReader reader;
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  tsr_reader_init (&reader, data, size, "VSWAP");
  if (!tsr_reader_read_u16_le (&reader, &vswap->n_pages, error)
      || !tsr_reader_read_u16_le (&reader, &vswap->sprite_start, error)
      || !tsr_reader_read_u16_le (&reader, &vswap->sound_start, error))
    goto failed;
  if (vswap->sprite_start > vswap->sound_start || vswap->sound_start > vswap->n_pages)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, 2,
                        _("VSWAP: sprite start %u <= sound start %u <= page count %u expected"),
                        vswap->sprite_start, vswap->sound_start, vswap->n_pages);
      goto failed;
    }
  vswap->pages = g_new0 (TsrWolf3dPage, MAX (vswap->n_pages, 1));
  for (guint i = 0; i < vswap->n_pages; i++)
    if (!tsr_reader_read_u32_le (&reader, &vswap->pages[i].offset, error))
      goto failed;
  for (guint i = 0; i < vswap->n_pages; i++)
    if (!tsr_reader_read_u16_le (&reader, &vswap->pages[i].length, error))
      goto failed;
  for (guint i = 0; i < vswap->n_pages; i++)
    {
      const TsrWolf3dPage *page = &vswap->pages[i];

      /* Offset 0 marks a page left out (sparse shareware files); its length is ignored. */
      if (page->offset != 0 && (page->offset > size || page->length > size - page->offset))
        {
          tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, 6 + 4 * i,
                            _("VSWAP: page %u (%u bytes at %u) expected inside the %zu-byte file"), i, page->length, page->offset, size);
          goto failed;
        }
    }

  /* The last page, after the sound pages, lists the digitised sounds. */
  if (vswap->n_pages > vswap->sound_start && vswap->pages[vswap->n_pages - 1].offset != 0)
    {
      const TsrWolf3dPage *list = &vswap->pages[vswap->n_pages - 1];
      TsrReader sounds;

      if (!tsr_reader_sub (&reader, list->offset, list->length, "VSWAP sound list", &sounds, error))
        goto failed;
      vswap->n_sounds = list->length / 4;
      vswap->sound_list = g_new0 (guint16, 2 * (gsize) vswap->n_sounds + 1);
      for (guint i = 0; i < 2 * vswap->n_sounds; i++)
        if (!tsr_reader_read_u16_le (&sounds, &vswap->sound_list[i], error))
          goto failed;
    }
  vswap->bytes = g_bytes_ref (bytes);
  return vswap;

failed:
  tsr_wolf3d_vswap_free (vswap);
  return NULL;
}

guint
tsr_wolf3d_vswap_get_n_walls (const TsrWolf3dVswap *vswap)
{
  return vswap->sprite_start;
}

guint
tsr_wolf3d_vswap_get_n_sprites (const TsrWolf3dVswap *vswap)
{
  return vswap->sound_start - vswap->sprite_start;
}

static gboolean
page_reader (const TsrWolf3dVswap *vswap,
             guint                 page_index,
             const char           *label,
             TsrReader            *page,
             GError              **error)
{
  TsrReader file;
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (vswap->bytes, &size);
  const TsrWolf3dPage *entry;

  if (page_index >= vswap->n_pages)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("VSWAP: %s: page %u of %u"),
                   label, page_index, vswap->n_pages);
      return FALSE;
    }
  entry = &vswap->pages[page_index];
  if (entry->offset == 0 || entry->length == 0)
    {
      tsr_set_error_at (error, TSR_ERROR_OUT_OF_RANGE, 6 + 4 * page_index,
                        _("VSWAP: %s: page %u is empty"), label, page_index);
      return FALSE;
    }
  tsr_reader_init (&file, data, size, "VSWAP");
  return tsr_reader_sub (&file, entry->offset, entry->length, label, page, error);
}

gboolean
tsr_wolf3d_vswap_decode_wall (const TsrWolf3dVswap *vswap,
                              guint                 wall,
                              guint8                pixels[64 * 64],
                              GError              **error)
{
  g_autofree char *label = g_strdup_printf (_("wall %u"), wall);
  const guint8 *data;
  TsrReader page;

  if (wall >= vswap->sprite_start)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("VSWAP: wall %u of %u"), wall,
                   vswap->sprite_start);
      return FALSE;
    }
  if (!page_reader (vswap, wall, label, &page, error)
      || !tsr_reader_read_view (&page, 64 * 64, &data, error))
    return FALSE;
  /* Stored column by column: byte x * 64 + y. */
  for (guint x = 0; x < 64; x++)
    for (guint y = 0; y < 64; y++)
      pixels[y * 64 + x] = data[x * 64 + y];
  return TRUE;
}

gboolean
tsr_wolf3d_vswap_decode_sprite (const TsrWolf3dVswap *vswap,
                                guint                 sprite,
                                guint16               pixels[64 * 64],
                                GError              **error)
{
  g_autofree char *label = g_strdup_printf (_("sprite %u"), sprite);
  TsrReader page;
  guint16 left, right;

  if (sprite >= tsr_wolf3d_vswap_get_n_sprites (vswap))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("VSWAP: sprite %u of %u"), sprite,
                   tsr_wolf3d_vswap_get_n_sprites (vswap));
      return FALSE;
    }
  if (!page_reader (vswap, vswap->sprite_start + sprite, label, &page, error))
    return FALSE;
  for (guint i = 0; i < 64 * 64; i++)
    pixels[i] = TSR_WOLF3D_TRANSPARENT;

  if (!tsr_reader_read_u16_le (&page, &left, error) || !tsr_reader_read_u16_le (&page, &right, error))
    return FALSE;
  if (left > right || right > 63)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, page.base,
                        _("%s: columns %u..%u expected within 0..63"), label, left, right);
      return FALSE;
    }
  for (guint x = left; x <= right; x++)
    {
      TsrReader posts;
      guint16 column_offset;

      if (!tsr_reader_seek (&page, 4 + 2 * (x - left), error)
          || !tsr_reader_read_u16_le (&page, &column_offset, error))
        return FALSE;
      posts = page;
      if (!tsr_reader_seek (&posts, column_offset, error))
        return FALSE;
      /* Posts of (end*2, pixel base, start*2) words until an end of 0; the pixel for row y is
       * at base + y within the page (the base is biased by the start row). */
      for (guint guard = 0; guard < 64; guard++)
        {
          guint16 end, base, start;

          if (!tsr_reader_read_u16_le (&posts, &end, error))
            return FALSE;
          if (end == 0)
            break;
          if (!tsr_reader_read_u16_le (&posts, &base, error)
              || !tsr_reader_read_u16_le (&posts, &start, error))
            return FALSE;
          end /= 2;
          start /= 2;
          if (start > end || end > 64)
            {
              tsr_set_error_at (error, TSR_ERROR_INVALID, tsr_reader_file_offset (&posts) - 6,
                                _("%s: post rows %u..%u expected within 0..64"), label, start, end);
              return FALSE;
            }
          for (guint y = start; y < end; y++)
            {
              TsrReader pixel = page;
              guint8 value;

              if (!tsr_reader_seek (&pixel, (gsize) (guint16) (base + y), error)
                  || !tsr_reader_read_u8 (&pixel, &value, error))
                return FALSE;
              pixels[y * 64 + x] = value;
            }
        }
    }
  return TRUE;
}

TsrImage *
tsr_wolf3d_indexed_to_image (const guint16 *pixels,
                             guint          width,
                             guint          height,
                             const guint32 *palette)
{
  TsrImage *image = tsr_image_new (width, height);

  if (image == NULL)
    return NULL;
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        guint16 value = pixels[(gsize) y * width + x];

        if (value != TSR_WOLF3D_TRANSPARENT)
          tsr_image_set_pixel (image, x, y, palette[value & 0xFF]);
      }
  return image;
}
