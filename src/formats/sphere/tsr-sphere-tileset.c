/* tsr-sphere-tileset.c: reading, writing and checking Sphere .rts tilesets. */
#include "formats/sphere/tsr-sphere-tileset.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/sphere/tsr-sphere-string.h"

void
tsr_sphere_tile_free (gpointer data)
{
  TsrSphereTile *tile = data;

  g_free (tile->pixels);
  g_clear_pointer (&tile->name, g_bytes_unref);
  g_clear_pointer (&tile->obstruction_mask, g_bytes_unref);
  g_clear_pointer (&tile->segments, g_array_unref);
  g_free (tile);
}

static TsrSphereTile *
tsr_sphere_tile_new (gsize pixel_bytes)
{
  TsrSphereTile *tile = g_new0 (TsrSphereTile, 1);

  tile->pixels = g_malloc0 (pixel_bytes);
  tile->name = g_bytes_new (NULL, 0);
  tile->segments = g_array_new (FALSE, TRUE, sizeof (TsrSphereSegment));
  return tile;
}

TsrSphereTileset *
tsr_sphere_tileset_new (guint16 tile_width,
                        guint16 tile_height)
{
  TsrSphereTileset *tileset = g_new0 (TsrSphereTileset, 1);

  tileset->version = 1;
  tileset->tile_width = tile_width;
  tileset->tile_height = tile_height;
  tileset->bpp = 32;
  tileset->tiles = g_ptr_array_new_with_free_func (tsr_sphere_tile_free);
  return tileset;
}

void
tsr_sphere_tileset_free (TsrSphereTileset *tileset)
{
  if (tileset == NULL)
    return;
  g_ptr_array_unref (tileset->tiles);
  g_clear_pointer (&tileset->trailing, g_bytes_unref);
  g_clear_pointer (&tileset->source, g_bytes_unref);
  g_free (tileset);
}

static gsize
tsr_sphere_tileset_pixel_bytes (const TsrSphereTileset *tileset)
{
  return (gsize) tileset->tile_width * tileset->tile_height * 4;
}

TsrSphereTile *
tsr_sphere_tileset_add_tile (TsrSphereTileset *tileset)
{
  TsrSphereTile *tile = tsr_sphere_tile_new (tsr_sphere_tileset_pixel_bytes (tileset));

  g_ptr_array_add (tileset->tiles, tile);
  return tile;
}

TsrSphereTileset *
tsr_sphere_tileset_copy (const TsrSphereTileset *tileset)
{
  TsrSphereTileset *copy;

  if (tileset == NULL)
    return NULL;
  copy = g_new0 (TsrSphereTileset, 1);
  *copy = *tileset;
  copy->trailing = tileset->trailing ? g_bytes_ref (tileset->trailing) : NULL;
  copy->source = tileset->source ? g_bytes_ref (tileset->source) : NULL;
  copy->tiles = g_ptr_array_new_with_free_func (tsr_sphere_tile_free);
  for (guint i = 0; i < tileset->tiles->len; i++)
    g_ptr_array_add (copy->tiles, tsr_sphere_tileset_copy_tile (tileset, i));
  return copy;
}

TsrSphereTile *
tsr_sphere_tileset_new_tile (const TsrSphereTileset *tileset)
{
  TsrSphereTile *tile = tsr_sphere_tile_new (tsr_sphere_tileset_pixel_bytes (tileset));

  /* minisphere's tileset_read (tileset.c) refuses the whole tileset when obstructions are on and
   * a tile's type is neither 1 (mask) nor 2 (segments): a new tile has segments, none yet. */
  if (tileset->has_obstructions)
    tile->obstruction_type = TSR_SPHERE_OBSTRUCTION_SEGMENTS;
  return tile;
}

TsrSphereTile *
tsr_sphere_tileset_copy_tile (const TsrSphereTileset *tileset,
                              guint                   index)
{
  const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, index);
  TsrSphereTile *clone = g_new0 (TsrSphereTile, 1);

  *clone = *tile;
  clone->pixels = g_memdup2 (tile->pixels, tsr_sphere_tileset_pixel_bytes (tileset));
  clone->name = g_bytes_ref (tile->name);
  clone->obstruction_mask = tile->obstruction_mask ? g_bytes_ref (tile->obstruction_mask) : NULL;
  clone->segments = g_array_copy (tile->segments);
  return clone;
}

/* Whether the file holds obstruction data after this tile's name. */
static gboolean
tsr_sphere_tile_has_segments (const TsrSphereTileset *tileset,
                              const TsrSphereTile    *tile)
{
  return tileset->has_obstructions && tile->obstruction_type == TSR_SPHERE_OBSTRUCTION_SEGMENTS;
}

TsrSphereTileset *
tsr_sphere_tileset_read (TsrReader *reader,
                         GError   **error)
{
  g_autoptr(TsrSphereTileset) tileset = NULL;
  gsize start = tsr_reader_tell (reader);
  const guint8 *magic;
  guint16 version, count, width, height, bpp;
  guint8 compression, has_obstructions;
  gsize pixel_bytes;

  if (!tsr_reader_read_view (reader, 4, &magic, error))
    return NULL;
  if (memcmp (magic, ".rts", 4) != 0)
    {
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC, tsr_reader_file_offset (reader) - 4,
                        _("tileset: signature \".rts\" expected"));
      return NULL;
    }
  if (!tsr_reader_read_u16_le (reader, &version, error) ||
      !tsr_reader_read_u16_le (reader, &count, error) ||
      !tsr_reader_read_u16_le (reader, &width, error) ||
      !tsr_reader_read_u16_le (reader, &height, error) ||
      !tsr_reader_read_u16_le (reader, &bpp, error) ||
      !tsr_reader_read_u8 (reader, &compression, error) ||
      !tsr_reader_read_u8 (reader, &has_obstructions, error))
    return NULL;
  if (version != 1)
    {
      tsr_set_error_at (error, TSR_ERROR_UNSUPPORTED_VERSION, start + 4,
                        _("tileset: version 1 expected, found %u"), version);
      return NULL;
    }
  if (bpp != 32)
    {
      tsr_set_error_at (error, TSR_ERROR_UNSUPPORTED_VERSION, start + 12,
                        _("tileset: 32 bits per pixel expected, found %u"), bpp);
      return NULL;
    }
  if (width < 1 || height < 1 || width > TSR_SPHERE_TILE_SIZE_MAX || height > TSR_SPHERE_TILE_SIZE_MAX)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, start + 8,
                        _("tileset: tile size 1..%u expected, found %ux%u"),
                        TSR_SPHERE_TILE_SIZE_MAX, width, height);
      return NULL;
    }
  if (compression != 0)
    {
      tsr_set_error_at (error, TSR_ERROR_UNSUPPORTED_VERSION, start + 14,
                        _("tileset: uncompressed tiles expected, compression %u found"), compression);
      return NULL;
    }

  tileset = tsr_sphere_tileset_new (width, height);
  tileset->version = version;
  tileset->bpp = bpp;
  tileset->compression = compression;
  tileset->has_obstructions = has_obstructions;
  if (!tsr_reader_read_bytes (reader, sizeof tileset->reserved, tileset->reserved, error))
    return NULL;

  pixel_bytes = tsr_sphere_tileset_pixel_bytes (tileset);
  /* Check the whole pixel block first so a bogus count cannot make us allocate much. */
  if (tsr_reader_remaining (reader) / pixel_bytes < count)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, tsr_reader_file_offset (reader),
                        _("tileset: %u tiles of %ux%u pixels expected, the data ends first"),
                        count, width, height);
      return NULL;
    }
  for (guint i = 0; i < count; i++)
    {
      TsrSphereTile *tile = g_new0 (TsrSphereTile, 1);

      tile->pixels = g_malloc (pixel_bytes);
      tile->segments = g_array_new (FALSE, TRUE, sizeof (TsrSphereSegment));
      g_ptr_array_add (tileset->tiles, tile);
      if (!tsr_reader_read_bytes (reader, pixel_bytes, tile->pixels, error))
        return NULL;
    }

  for (guint i = 0; i < count; i++)
    {
      TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, i);
      guint16 name_length;

      if (!tsr_reader_read_u8 (reader, &tile->obsolete_1, error) ||
          !tsr_reader_read_u8 (reader, &tile->animated, error) ||
          !tsr_reader_read_u16_le (reader, &tile->next_tile, error) ||
          !tsr_reader_read_u16_le (reader, &tile->delay, error) ||
          !tsr_reader_read_u8 (reader, &tile->obsolete_2, error) ||
          !tsr_reader_read_u8 (reader, &tile->obstruction_type, error) ||
          !tsr_reader_read_u16_le (reader, &tile->segment_count, error) ||
          !tsr_reader_read_u16_le (reader, &name_length, error) ||
          !tsr_reader_read_u8 (reader, &tile->terraformed, error) ||
          !tsr_reader_read_bytes (reader, sizeof tile->reserved, tile->reserved, error))
        {
          tsr_error_prefix (error, _("tileset: tile %u information"), i);
          return NULL;
        }
      tile->name = tsr_reader_read_gbytes (reader, name_length, error);
      if (tile->name == NULL)
        {
          tsr_error_prefix (error, _("tileset: tile %u name"), i);
          return NULL;
        }
      if (!tileset->has_obstructions)
        continue;
      switch (tile->obstruction_type)
        {
        case TSR_SPHERE_OBSTRUCTION_NONE:
          break;
        case TSR_SPHERE_OBSTRUCTION_MASK:
          tile->obstruction_mask = tsr_reader_read_gbytes (reader, (gsize) width * height, error);
          if (tile->obstruction_mask == NULL)
            {
              tsr_error_prefix (error, _("tileset: tile %u obstruction mask"), i);
              return NULL;
            }
          break;
        case TSR_SPHERE_OBSTRUCTION_SEGMENTS:
          if (tsr_reader_remaining (reader) / 8 < tile->segment_count)
            {
              tsr_set_error_at (error, TSR_ERROR_TRUNCATED, tsr_reader_file_offset (reader),
                                _("tileset: tile %u: %u obstruction segments expected, the data ends first"),
                                i, tile->segment_count);
              return NULL;
            }
          for (guint s = 0; s < tile->segment_count; s++)
            {
              guint16 v[4];
              TsrSphereSegment segment;

              for (guint k = 0; k < 4; k++)
                if (!tsr_reader_read_u16_le (reader, &v[k], error))
                  return NULL;
              segment = (TsrSphereSegment) { v[0], v[1], v[2], v[3] };
              g_array_append_val (tile->segments, segment);
            }
          break;
        default:
          /* common/Tileset.cpp sTileset::Load skips a mask for type 1 and reads segments for
           * type 2; any other type reads nothing and leaves the tile unobstructed. */
          break;
        }
    }
  return g_steal_pointer (&tileset);
}

TsrSphereTileset *
tsr_sphere_tileset_parse (GBytes  *bytes,
                          GError **error)
{
  TsrReader reader;
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  g_autoptr(TsrSphereTileset) tileset = NULL;

  tsr_reader_init (&reader, data, size, "tileset");
  tileset = tsr_sphere_tileset_read (&reader, error);
  if (tileset == NULL)
    return NULL;
  if (!tsr_reader_at_end (&reader))
    tileset->trailing = tsr_reader_read_gbytes (&reader, tsr_reader_remaining (&reader), error);
  tileset->source = g_bytes_ref (bytes);
  return g_steal_pointer (&tileset);
}

void
tsr_sphere_tileset_write (const TsrSphereTileset *tileset,
                          TsrWriter              *writer)
{
  gsize pixel_bytes = tsr_sphere_tileset_pixel_bytes (tileset);

  tsr_writer_write_bytes (writer, (const guint8 *) ".rts", 4);
  tsr_writer_write_u16_le (writer, tileset->version);
  tsr_writer_write_u16_le (writer, (guint16) tileset->tiles->len);
  tsr_writer_write_u16_le (writer, tileset->tile_width);
  tsr_writer_write_u16_le (writer, tileset->tile_height);
  tsr_writer_write_u16_le (writer, tileset->bpp);
  tsr_writer_write_u8 (writer, tileset->compression);
  tsr_writer_write_u8 (writer, tileset->has_obstructions);
  tsr_writer_write_bytes (writer, tileset->reserved, sizeof tileset->reserved);
  for (guint i = 0; i < tileset->tiles->len; i++)
    {
      const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, i);

      tsr_writer_write_bytes (writer, tile->pixels, pixel_bytes);
    }
  for (guint i = 0; i < tileset->tiles->len; i++)
    {
      const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, i);
      gboolean segments = tsr_sphere_tile_has_segments (tileset, tile);

      tsr_writer_write_u8 (writer, tile->obsolete_1);
      tsr_writer_write_u8 (writer, tile->animated);
      tsr_writer_write_u16_le (writer, tile->next_tile);
      tsr_writer_write_u16_le (writer, tile->delay);
      tsr_writer_write_u8 (writer, tile->obsolete_2);
      tsr_writer_write_u8 (writer, tile->obstruction_type);
      tsr_writer_write_u16_le (writer, segments ? (guint16) tile->segments->len : tile->segment_count);
      tsr_writer_write_u16_le (writer, (guint16) g_bytes_get_size (tile->name));
      tsr_writer_write_u8 (writer, tile->terraformed);
      tsr_writer_write_bytes (writer, tile->reserved, sizeof tile->reserved);
      tsr_writer_write_gbytes (writer, tile->name);
      if (!tileset->has_obstructions)
        continue;
      if (tile->obstruction_type == TSR_SPHERE_OBSTRUCTION_MASK)
        {
          if (tile->obstruction_mask != NULL && g_bytes_get_size (tile->obstruction_mask) == (gsize) tileset->tile_width * tileset->tile_height)
            tsr_writer_write_gbytes (writer, tile->obstruction_mask);
          else
            tsr_writer_write_zeros (writer, (gsize) tileset->tile_width * tileset->tile_height);
        }
      else if (segments)
        for (guint s = 0; s < tile->segments->len; s++)
          {
            const TsrSphereSegment *segment = &g_array_index (tile->segments, TsrSphereSegment, s);

            tsr_writer_write_u16_le (writer, (guint16) segment->x1);
            tsr_writer_write_u16_le (writer, (guint16) segment->y1);
            tsr_writer_write_u16_le (writer, (guint16) segment->x2);
            tsr_writer_write_u16_le (writer, (guint16) segment->y2);
          }
    }
}

GBytes *
tsr_sphere_tileset_serialize (const TsrSphereTileset *tileset)
{
  /* Compared with the parsed bytes as it is written: an unchanged tileset (a round trip, a save
   * with nothing changed) hands those back, and allocates and copies nothing. */
  TsrWriter *writer = tsr_writer_new_like (tileset->source, tileset->source != NULL ? g_bytes_get_size (tileset->source) : 0);

  tsr_sphere_tileset_write (tileset, writer);
  if (tileset->trailing != NULL)
    tsr_writer_write_gbytes (writer, tileset->trailing);
  return tsr_writer_free_to_bytes (writer);
}

TsrImage *
tsr_sphere_tileset_tile_image (const TsrSphereTileset *tileset,
                               guint                   index)
{
  TsrImage *image;
  const TsrSphereTile *tile;

  g_return_val_if_fail (index < tileset->tiles->len, NULL);
  tile = g_ptr_array_index (tileset->tiles, index);
  image = tsr_image_new (tileset->tile_width, tileset->tile_height);
  if (image != NULL)
    memcpy (image->pixels, tile->pixels, tsr_sphere_tileset_pixel_bytes (tileset));
  return image;
}

TsrImage *
tsr_sphere_tileset_sheet (const TsrSphereTileset *tileset,
                          guint                   columns)
{
  guint count = MAX (tileset->tiles->len, 1);
  guint rows;
  TsrImage *sheet;

  if (columns == 0)
    columns = 16;
  columns = MIN (columns, count);
  rows = (count + columns - 1) / columns;
  sheet = tsr_image_new (columns * tileset->tile_width, rows * tileset->tile_height);
  if (sheet == NULL)
    return NULL;
  for (guint i = 0; i < tileset->tiles->len; i++)
    {
      const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, i);
      guint x0 = (i % columns) * tileset->tile_width;
      guint y0 = (i / columns) * tileset->tile_height;

      for (guint y = 0; y < tileset->tile_height; y++)
        memcpy (sheet->pixels + (((gsize) (y0 + y) * sheet->width) + x0) * 4,
                tile->pixels + (gsize) y * tileset->tile_width * 4,
                (gsize) tileset->tile_width * 4);
    }
  return sheet;
}

void
tsr_sphere_tileset_validate (const TsrSphereTileset *tileset,
                             const char             *where,
                             GPtrArray              *findings)
{
  if (tileset->tiles->len == 0)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, where, _("the tileset has no tiles"));
  if (tileset->trailing != NULL)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, where, _("%zu bytes after the tileset data "
                      "(kept, ignored by Sphere)"), g_bytes_get_size (tileset->trailing));
  if (tileset->tiles->len > G_MAXUINT16)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, where, _("%u tiles; at most 65535 fit"),
                      tileset->tiles->len);
  for (guint i = 0; i < tileset->tiles->len; i++)
    {
      const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, i);
      g_autofree char *tile_where = g_strdup_printf (_("%s tile %u"), where, i);
      TsrFindingPlace place = tsr_finding_place_element (-1, "tile", (gint) i);

      /* engine/smap.cpp SMAP::UpdateAnimations moves to the next tile only when it is in bounds:
       * the animation stops on this tile. */
      if (tile->animated && tile->next_tile >= tileset->tiles->len)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, tile_where,
                          _("animation continues with tile %u, which does not exist"), tile->next_tile);
      /* common/Tileset.cpp sTileset::Load reads no obstruction data for it: unobstructed. */
      if (tile->obstruction_type > TSR_SPHERE_OBSTRUCTION_SEGMENTS)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, tile_where, _("obstruction type %u is not 0, 1 or 2"),
                          tile->obstruction_type);
      if (g_bytes_get_size (tile->name) > TSR_SPHERE_STRING_MAX)
        tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, tile_where, _("the name is too long"));
      if (tsr_sphere_tile_has_segments (tileset, tile))
        {
          if (tile->segments->len > G_MAXUINT16)
            tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, tile_where, _("too many obstruction segments"));
          for (guint s = 0; s < tile->segments->len; s++)
            {
              const TsrSphereSegment *segment = &g_array_index (tile->segments, TsrSphereSegment, s);

              if (segment->x1 > tileset->tile_width || segment->x2 > tileset->tile_width ||
                  segment->y1 > tileset->tile_height || segment->y2 > tileset->tile_height)
                tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, tile_where,
                                  _("obstruction segment %u leaves the tile"), s);
            }
        }
      else if (tile->segments->len > 0)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, tile_where,
                          _("obstruction segments are not saved unless the tileset has obstructions "
                          "and the tile's obstruction type is 2"));
    }
}
