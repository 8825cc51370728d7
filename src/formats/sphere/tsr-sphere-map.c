/* tsr-sphere-map.c: reading, writing, checking and editing Sphere .rmp maps. */
#include "formats/sphere/tsr-sphere-map.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/sphere/tsr-sphere-string.h"

#define TSR_SPHERE_MAP_HEADER_SIZE 256

static gboolean
tsr_sphere_read_bits_f32 (TsrReader *reader,
                          float     *value,
                          GError   **error)
{
  guint32 bits;

  /* Copied as bits, never through arithmetic, so every NaN payload survives a save. */
  if (!tsr_reader_read_u32_le (reader, &bits, error))
    return FALSE;
  memcpy (value, &bits, sizeof bits);
  return TRUE;
}

static void
tsr_sphere_write_bits_f32 (TsrWriter *writer,
                           float      value)
{
  guint32 bits;

  memcpy (&bits, &value, sizeof bits);
  tsr_writer_write_u32_le (writer, bits);
}

/* Layers */

TsrSphereLayer *
tsr_sphere_layer_new (guint16     width,
                      guint16     height,
                      const char *name)
{
  TsrSphereLayer *layer = g_new0 (TsrSphereLayer, 1);

  layer->width = width;
  layer->height = height;
  layer->parallax_x = 1.0f;
  layer->parallax_y = 1.0f;
  layer->name = tsr_sphere_string_new (name != NULL ? name : "");
  layer->tiles = g_new0 (guint16, MAX ((gsize) width * height, 1));
  layer->segments = g_array_new (FALSE, TRUE, sizeof (TsrSphereSegment));
  return layer;
}

void
tsr_sphere_layer_free (TsrSphereLayer *layer)
{
  if (layer == NULL)
    return;
  g_clear_pointer (&layer->name, g_bytes_unref);
  g_free (layer->tiles);
  g_clear_pointer (&layer->segments, g_array_unref);
  g_free (layer);
}

guint16
tsr_sphere_layer_get_tile (const TsrSphereLayer *layer,
                           guint                 x,
                           guint                 y)
{
  g_return_val_if_fail (x < layer->width && y < layer->height, 0);
  return layer->tiles[(gsize) y * layer->width + x];
}

void
tsr_sphere_layer_set_tile (TsrSphereLayer *layer,
                           guint           x,
                           guint           y,
                           guint16         tile)
{
  g_return_if_fail (x < layer->width && y < layer->height);
  layer->tiles[(gsize) y * layer->width + x] = tile;
}

static GBytes *
tsr_sphere_bytes_ref (GBytes *bytes)
{
  return bytes != NULL ? g_bytes_ref (bytes) : NULL;
}

static gpointer
tsr_sphere_bytes_copy_func (gconstpointer bytes, gpointer unused)
{
  return g_bytes_ref ((GBytes *) bytes);
}

TsrSphereLayer *
tsr_sphere_layer_copy (const TsrSphereLayer *layer)
{
  TsrSphereLayer *copy = g_new0 (TsrSphereLayer, 1);

  *copy = *layer;
  copy->name = tsr_sphere_bytes_ref (layer->name);
  copy->tiles = g_memdup2 (layer->tiles, MAX ((gsize) layer->width * layer->height, 1) * sizeof (guint16));
  copy->segments = g_array_copy (layer->segments);
  return copy;
}

/* Entities and zones */

TsrSphereEntity *
tsr_sphere_entity_copy (const TsrSphereEntity *entity)
{
  TsrSphereEntity *copy = g_new0 (TsrSphereEntity, 1);

  *copy = *entity;
  copy->name = tsr_sphere_bytes_ref (entity->name);
  copy->spriteset = tsr_sphere_bytes_ref (entity->spriteset);
  copy->function = tsr_sphere_bytes_ref (entity->function);
  copy->scripts = entity->scripts ? g_ptr_array_copy (entity->scripts, tsr_sphere_bytes_copy_func, NULL) : NULL;
  if (copy->scripts != NULL)
    g_ptr_array_set_free_func (copy->scripts, (GDestroyNotify) g_bytes_unref);
  return copy;
}

TsrSphereZone *
tsr_sphere_zone_copy (const TsrSphereZone *zone)
{
  TsrSphereZone *copy = g_new0 (TsrSphereZone, 1);

  *copy = *zone;
  copy->function = tsr_sphere_bytes_ref (zone->function);
  return copy;
}

void
tsr_sphere_entity_free (TsrSphereEntity *entity)
{
  if (entity == NULL)
    return;
  g_clear_pointer (&entity->name, g_bytes_unref);
  g_clear_pointer (&entity->spriteset, g_bytes_unref);
  g_clear_pointer (&entity->scripts, g_ptr_array_unref);
  g_clear_pointer (&entity->function, g_bytes_unref);
  g_free (entity);
}

TsrSphereEntity *
tsr_sphere_entity_new_person (guint16     x,
                              guint16     y,
                              guint16     layer,
                              const char *name,
                              const char *spriteset)
{
  TsrSphereEntity *entity = g_new0 (TsrSphereEntity, 1);

  entity->x = x;
  entity->y = y;
  entity->layer = layer;
  entity->type = TSR_SPHERE_ENTITY_PERSON;
  entity->name = tsr_sphere_string_new (name);
  entity->spriteset = tsr_sphere_string_new (spriteset);
  entity->scripts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  for (guint i = 0; i < 5; i++)
    g_ptr_array_add (entity->scripts, g_bytes_new (NULL, 0));
  return entity;
}

TsrSphereEntity *
tsr_sphere_entity_new_trigger (guint16     x,
                               guint16     y,
                               guint16     layer,
                               const char *function)
{
  TsrSphereEntity *entity = g_new0 (TsrSphereEntity, 1);

  entity->x = x;
  entity->y = y;
  entity->layer = layer;
  entity->type = TSR_SPHERE_ENTITY_TRIGGER;
  entity->function = tsr_sphere_string_new (function);
  return entity;
}

void
tsr_sphere_zone_free (TsrSphereZone *zone)
{
  if (zone == NULL)
    return;
  g_clear_pointer (&zone->function, g_bytes_unref);
  g_free (zone);
}

TsrSphereZone *
tsr_sphere_zone_new (guint16     x1,
                     guint16     y1,
                     guint16     x2,
                     guint16     y2,
                     guint16     layer,
                     const char *function)
{
  TsrSphereZone *zone = g_new0 (TsrSphereZone, 1);

  /* New zones are stored normalised, as Sphere normalises them when it loads a map. */
  zone->x1 = MIN (x1, x2);
  zone->x2 = MAX (x1, x2);
  zone->y1 = MIN (y1, y2);
  zone->y2 = MAX (y1, y2);
  zone->layer = layer;
  zone->reactivate_steps = 8;
  zone->function = tsr_sphere_string_new (function);
  return zone;
}

/* The map */

TsrSphereMap *
tsr_sphere_map_new (guint16           width,
                    guint16           height,
                    TsrSphereTileset *tileset)
{
  TsrSphereMap *map = g_new0 (TsrSphereMap, 1);

  map->version = 1;
  map->strings = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  for (guint i = 0; i < 9; i++)
    g_ptr_array_add (map->strings, g_bytes_new (NULL, 0));
  map->layers = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_sphere_layer_free);
  map->entities = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_sphere_entity_free);
  map->zones = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_sphere_zone_free);
  if (width > 0 && height > 0)
    g_ptr_array_add (map->layers, tsr_sphere_layer_new (width, height, "Base"));
  map->tileset = tileset;
  return map;
}

void
tsr_sphere_map_free (TsrSphereMap *map)
{
  if (map == NULL)
    return;
  g_ptr_array_unref (map->strings);
  g_ptr_array_unref (map->layers);
  g_ptr_array_unref (map->entities);
  g_ptr_array_unref (map->zones);
  tsr_sphere_tileset_free (map->tileset);
  tsr_sphere_tileset_free (map->external_tileset);
  g_clear_pointer (&map->unparsed_tail, g_bytes_unref);
  g_free (map->path);
  g_free (map->tmx_tileset_source);
  g_free (map->tmx_image_source);
  g_free (map);
}

static gpointer
tsr_sphere_layer_copy_func (gconstpointer item, gpointer unused)
{
  return tsr_sphere_layer_copy (item);
}

static gpointer
tsr_sphere_entity_copy_func (gconstpointer item, gpointer unused)
{
  return tsr_sphere_entity_copy (item);
}

static gpointer
tsr_sphere_zone_copy_func (gconstpointer item, gpointer unused)
{
  return tsr_sphere_zone_copy (item);
}

TsrSphereMap *
tsr_sphere_map_copy (const TsrSphereMap *map)
{
  TsrSphereMap *copy = g_new0 (TsrSphereMap, 1);

  *copy = *map;
  copy->strings = g_ptr_array_copy (map->strings, tsr_sphere_bytes_copy_func, NULL);
  g_ptr_array_set_free_func (copy->strings, (GDestroyNotify) g_bytes_unref);
  copy->layers = g_ptr_array_copy (map->layers, tsr_sphere_layer_copy_func, NULL);
  g_ptr_array_set_free_func (copy->layers, (GDestroyNotify) tsr_sphere_layer_free);
  copy->entities = g_ptr_array_copy (map->entities, tsr_sphere_entity_copy_func, NULL);
  g_ptr_array_set_free_func (copy->entities, (GDestroyNotify) tsr_sphere_entity_free);
  copy->zones = g_ptr_array_copy (map->zones, tsr_sphere_zone_copy_func, NULL);
  g_ptr_array_set_free_func (copy->zones, (GDestroyNotify) tsr_sphere_zone_free);
  copy->tileset = tsr_sphere_tileset_copy (map->tileset);
  copy->external_tileset = tsr_sphere_tileset_copy (map->external_tileset);
  copy->unparsed_tail = tsr_sphere_bytes_ref (map->unparsed_tail);
  copy->path = g_strdup (map->path);
  copy->tmx_tileset_source = g_strdup (map->tmx_tileset_source);
  copy->tmx_image_source = g_strdup (map->tmx_image_source);
  return copy;
}

static TsrSphereLayer *
tsr_sphere_layer_read (TsrReader *reader,
                       guint      index,
                       GError   **error)
{
  TsrSphereLayer *layer = g_new0 (TsrSphereLayer, 1);
  guint32 segment_count;
  gsize cells;

  layer->segments = g_array_new (FALSE, TRUE, sizeof (TsrSphereSegment));
  if (!tsr_reader_read_u16_le (reader, &layer->width, error) ||
      !tsr_reader_read_u16_le (reader, &layer->height, error) ||
      !tsr_reader_read_u16_le (reader, &layer->flags, error) ||
      !tsr_sphere_read_bits_f32 (reader, &layer->parallax_x, error) ||
      !tsr_sphere_read_bits_f32 (reader, &layer->parallax_y, error) ||
      !tsr_sphere_read_bits_f32 (reader, &layer->scrolling_x, error) ||
      !tsr_sphere_read_bits_f32 (reader, &layer->scrolling_y, error) ||
      !tsr_reader_read_u32_le (reader, &segment_count, error) ||
      !tsr_reader_read_u8 (reader, &layer->reflective, error) ||
      !tsr_reader_read_bytes (reader, sizeof layer->reserved, layer->reserved, error))
    {
      tsr_error_prefix (error, _("layer %u header"), index);
      goto fail;
    }
  layer->name = tsr_sphere_string_read (reader, "name", error);
  if (layer->name == NULL)
    {
      tsr_error_prefix (error, _("layer %u"), index);
      goto fail;
    }
  cells = (gsize) layer->width * layer->height;
  if (tsr_reader_remaining (reader) / 2 < cells)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, tsr_reader_file_offset (reader),
                        _("layer %u: %ux%u tiles expected, the data ends first"),
                        index, layer->width, layer->height);
      goto fail;
    }
  layer->tiles = g_new (guint16, MAX (cells, 1));
  {
    const guint8 *cell_bytes;

    /* One bounds check for the whole block, then a plain little-endian decode. */
    if (!tsr_reader_read_view (reader, cells * 2, &cell_bytes, error))
      goto fail;
    for (gsize i = 0; i < cells; i++)
      layer->tiles[i] = (guint16) (cell_bytes[i * 2] | (cell_bytes[i * 2 + 1] << 8));
  }
  if (tsr_reader_remaining (reader) / 16 < segment_count)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, tsr_reader_file_offset (reader),
                        _("layer %u: %u obstruction segments expected, the data ends first"),
                        index, segment_count);
      goto fail;
    }
  g_array_set_size (layer->segments, segment_count);
  for (guint32 s = 0; s < segment_count; s++)
    {
      TsrSphereSegment *segment = &g_array_index (layer->segments, TsrSphereSegment, s);

      if (!tsr_reader_read_u32_le (reader, &segment->x1, error) ||
          !tsr_reader_read_u32_le (reader, &segment->y1, error) ||
          !tsr_reader_read_u32_le (reader, &segment->x2, error) ||
          !tsr_reader_read_u32_le (reader, &segment->y2, error))
        goto fail;
    }
  return layer;

fail:
  tsr_sphere_layer_free (layer);
  return NULL;
}

static GPtrArray *
tsr_sphere_string_list_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
}

TsrSphereMap *
tsr_sphere_map_parse (GBytes  *bytes,
                      GError **error)
{
  g_autoptr(TsrSphereMap) map = tsr_sphere_map_new (0, 0, NULL);
  TsrReader reader;
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  const guint8 *magic;
  guint8 layer_count;
  guint16 entity_count, string_count, zone_count;
  gboolean tileset_appended;

  g_ptr_array_set_size (map->strings, 0);
  tsr_reader_init (&reader, data, size, "map");
  if (!tsr_reader_read_view (&reader, 4, &magic, error))
    return NULL;
  if (memcmp (magic, ".rmp", 4) != 0)
    {
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC, 0, _("map: signature \".rmp\" expected"));
      return NULL;
    }
  if (!tsr_reader_read_u16_le (&reader, &map->version, error) ||
      !tsr_reader_read_u8 (&reader, &map->type, error) ||
      !tsr_reader_read_u8 (&reader, &layer_count, error) ||
      !tsr_reader_read_u8 (&reader, &map->reserved_8, error) ||
      !tsr_reader_read_u16_le (&reader, &entity_count, error) ||
      !tsr_reader_read_u16_le (&reader, &map->start_x, error) ||
      !tsr_reader_read_u16_le (&reader, &map->start_y, error) ||
      !tsr_reader_read_u8 (&reader, &map->start_layer, error) ||
      !tsr_reader_read_u8 (&reader, &map->start_direction, error) ||
      !tsr_reader_read_u16_le (&reader, &string_count, error) ||
      !tsr_reader_read_u16_le (&reader, &zone_count, error) ||
      !tsr_reader_read_u8 (&reader, &map->repeating, error) ||
      !tsr_reader_read_bytes (&reader, sizeof map->reserved, map->reserved, error))
    {
      tsr_error_prefix (error, _("map header"));
      return NULL;
    }
  if (map->version != 1)
    {
      tsr_set_error_at (error, TSR_ERROR_UNSUPPORTED_VERSION, 4,
                        _("map: version 1 expected, found %u"), map->version);
      return NULL;
    }

  for (guint i = 0; i < string_count; i++)
    {
      g_autofree char *label = g_strdup_printf ("map string %u", i);
      GBytes *string = tsr_sphere_string_read (&reader, label, error);

      if (string == NULL)
        return NULL;
      g_ptr_array_add (map->strings, string);
    }

  for (guint i = 0; i < layer_count; i++)
    {
      TsrSphereLayer *layer = tsr_sphere_layer_read (&reader, i, error);

      if (layer == NULL)
        return NULL;
      g_ptr_array_add (map->layers, layer);
    }

  for (guint i = 0; i < entity_count; i++)
    {
      TsrSphereEntity *entity = g_new0 (TsrSphereEntity, 1);
      gsize entity_start = tsr_reader_tell (&reader);

      g_ptr_array_add (map->entities, entity);
      if (!tsr_reader_read_u16_le (&reader, &entity->x, error) ||
          !tsr_reader_read_u16_le (&reader, &entity->y, error) ||
          !tsr_reader_read_u16_le (&reader, &entity->layer, error) ||
          !tsr_reader_read_u16_le (&reader, &entity->type, error) ||
          !tsr_reader_read_bytes (&reader, sizeof entity->reserved, entity->reserved, error))
        {
          tsr_error_prefix (error, _("entity %u header"), i);
          return NULL;
        }
      if (entity->type == TSR_SPHERE_ENTITY_PERSON)
        {
          guint16 script_count;

          entity->scripts = tsr_sphere_string_list_new ();
          if (!(entity->name = tsr_sphere_string_read (&reader, "person name", error)) ||
              !(entity->spriteset = tsr_sphere_string_read (&reader, "person spriteset", error)) ||
              !tsr_reader_read_u16_le (&reader, &script_count, error))
            {
              tsr_error_prefix (error, _("entity %u"), i);
              return NULL;
            }
          for (guint s = 0; s < script_count; s++)
            {
              GBytes *script = tsr_sphere_string_read (&reader, "person script", error);

              if (script == NULL)
                {
                  tsr_error_prefix (error, _("entity %u script %u"), i, s);
                  return NULL;
                }
              g_ptr_array_add (entity->scripts, script);
            }
          if (!tsr_reader_read_bytes (&reader, sizeof entity->person_reserved, entity->person_reserved, error))
            {
              tsr_error_prefix (error, _("entity %u"), i);
              return NULL;
            }
        }
      else if (entity->type == TSR_SPHERE_ENTITY_TRIGGER)
        {
          if (!(entity->function = tsr_sphere_string_read (&reader, "trigger function", error)))
            {
              tsr_error_prefix (error, _("entity %u"), i);
              return NULL;
            }
        }
      else
        {
          /* Unknown entity type: its length is unknown, so keep it and all that follows. */
          g_ptr_array_remove_index (map->entities, map->entities->len - 1);
          tsr_reader_seek (&reader, entity_start, NULL);
          map->unparsed_tail = tsr_reader_read_gbytes (&reader, tsr_reader_remaining (&reader), error);
          map->tail_entity_count = (guint16) (entity_count - i);
          map->tail_zone_count = zone_count;
          return g_steal_pointer (&map);
        }
    }

  for (guint i = 0; i < zone_count; i++)
    {
      TsrSphereZone *zone = g_new0 (TsrSphereZone, 1);

      g_ptr_array_add (map->zones, zone);
      if (!tsr_reader_read_u16_le (&reader, &zone->x1, error) ||
          !tsr_reader_read_u16_le (&reader, &zone->y1, error) ||
          !tsr_reader_read_u16_le (&reader, &zone->x2, error) ||
          !tsr_reader_read_u16_le (&reader, &zone->y2, error) ||
          !tsr_reader_read_u16_le (&reader, &zone->layer, error) ||
          !tsr_reader_read_u16_le (&reader, &zone->reactivate_steps, error) ||
          !tsr_reader_read_bytes (&reader, sizeof zone->reserved, zone->reserved, error) ||
          !(zone->function = tsr_sphere_string_read (&reader, "function", error)))
        {
          tsr_error_prefix (error, _("zone %u"), i);
          return NULL;
        }
    }

  tileset_appended = map->strings->len > 0 &&
                     g_bytes_get_size (g_ptr_array_index (map->strings, TSR_SPHERE_STRING_TILESET)) == 0;
  if (tileset_appended && tsr_reader_at_end (&reader))
    {
      /* Sphere cannot load such a map, and it is what a cut-off file looks like. */
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, tsr_reader_file_offset (&reader),
                        _("map: string 0 (tileset file) is empty, so an appended tileset is expected"));
      return NULL;
    }
  if (tileset_appended)
    {
      map->tileset = tsr_sphere_tileset_read (&reader, error);
      if (map->tileset == NULL)
        {
          tsr_error_prefix (error, _("map: appended tileset"));
          return NULL;
        }
    }
  if (!tsr_reader_at_end (&reader))
    map->unparsed_tail = tsr_reader_read_gbytes (&reader, tsr_reader_remaining (&reader), error);
  return g_steal_pointer (&map);
}

GBytes *
tsr_sphere_map_serialize (const TsrSphereMap *map)
{
  TsrWriter *writer = tsr_writer_new ();

  tsr_writer_write_bytes (writer, (const guint8 *) ".rmp", 4);
  tsr_writer_write_u16_le (writer, map->version);
  tsr_writer_write_u8 (writer, map->type);
  tsr_writer_write_u8 (writer, (guint8) map->layers->len);
  tsr_writer_write_u8 (writer, map->reserved_8);
  tsr_writer_write_u16_le (writer, (guint16) (map->entities->len + map->tail_entity_count));
  tsr_writer_write_u16_le (writer, map->start_x);
  tsr_writer_write_u16_le (writer, map->start_y);
  tsr_writer_write_u8 (writer, map->start_layer);
  tsr_writer_write_u8 (writer, map->start_direction);
  tsr_writer_write_u16_le (writer, (guint16) map->strings->len);
  tsr_writer_write_u16_le (writer, (guint16) (map->zones->len + map->tail_zone_count));
  tsr_writer_write_u8 (writer, map->repeating);
  tsr_writer_write_bytes (writer, map->reserved, sizeof map->reserved);

  for (guint i = 0; i < map->strings->len; i++)
    tsr_sphere_string_write (writer, g_ptr_array_index (map->strings, i));

  for (guint i = 0; i < map->layers->len; i++)
    {
      const TsrSphereLayer *layer = g_ptr_array_index (map->layers, i);
      gsize cells = (gsize) layer->width * layer->height;

      tsr_writer_write_u16_le (writer, layer->width);
      tsr_writer_write_u16_le (writer, layer->height);
      tsr_writer_write_u16_le (writer, layer->flags);
      tsr_sphere_write_bits_f32 (writer, layer->parallax_x);
      tsr_sphere_write_bits_f32 (writer, layer->parallax_y);
      tsr_sphere_write_bits_f32 (writer, layer->scrolling_x);
      tsr_sphere_write_bits_f32 (writer, layer->scrolling_y);
      tsr_writer_write_u32_le (writer, layer->segments->len);
      tsr_writer_write_u8 (writer, layer->reflective);
      tsr_writer_write_bytes (writer, layer->reserved, sizeof layer->reserved);
      tsr_sphere_string_write (writer, layer->name);
      if (cells > 0)
        {
          g_autofree guint8 *cell_bytes = g_malloc (cells * 2);

          for (gsize c = 0; c < cells; c++)
            {
              cell_bytes[c * 2] = (guint8) layer->tiles[c];
              cell_bytes[c * 2 + 1] = (guint8) (layer->tiles[c] >> 8);
            }
          tsr_writer_write_bytes (writer, cell_bytes, cells * 2);
        }
      for (guint s = 0; s < layer->segments->len; s++)
        {
          const TsrSphereSegment *segment = &g_array_index (layer->segments, TsrSphereSegment, s);

          tsr_writer_write_u32_le (writer, segment->x1);
          tsr_writer_write_u32_le (writer, segment->y1);
          tsr_writer_write_u32_le (writer, segment->x2);
          tsr_writer_write_u32_le (writer, segment->y2);
        }
    }

  for (guint i = 0; i < map->entities->len; i++)
    {
      const TsrSphereEntity *entity = g_ptr_array_index (map->entities, i);

      tsr_writer_write_u16_le (writer, entity->x);
      tsr_writer_write_u16_le (writer, entity->y);
      tsr_writer_write_u16_le (writer, entity->layer);
      tsr_writer_write_u16_le (writer, entity->type);
      tsr_writer_write_bytes (writer, entity->reserved, sizeof entity->reserved);
      if (entity->type == TSR_SPHERE_ENTITY_PERSON)
        {
          tsr_sphere_string_write (writer, entity->name);
          tsr_sphere_string_write (writer, entity->spriteset);
          tsr_writer_write_u16_le (writer, entity->scripts ? (guint16) entity->scripts->len : 0);
          for (guint s = 0; entity->scripts && s < entity->scripts->len; s++)
            tsr_sphere_string_write (writer, g_ptr_array_index (entity->scripts, s));
          tsr_writer_write_bytes (writer, entity->person_reserved, sizeof entity->person_reserved);
        }
      else
        tsr_sphere_string_write (writer, entity->function);
    }

  for (guint i = 0; i < map->zones->len; i++)
    {
      const TsrSphereZone *zone = g_ptr_array_index (map->zones, i);

      tsr_writer_write_u16_le (writer, zone->x1);
      tsr_writer_write_u16_le (writer, zone->y1);
      tsr_writer_write_u16_le (writer, zone->x2);
      tsr_writer_write_u16_le (writer, zone->y2);
      tsr_writer_write_u16_le (writer, zone->layer);
      tsr_writer_write_u16_le (writer, zone->reactivate_steps);
      tsr_writer_write_bytes (writer, zone->reserved, sizeof zone->reserved);
      tsr_sphere_string_write (writer, zone->function);
    }

  if (map->tileset != NULL && map->tail_entity_count == 0)
    tsr_sphere_tileset_write (map->tileset, writer);
  if (map->unparsed_tail != NULL)
    tsr_writer_write_gbytes (writer, map->unparsed_tail);
  return tsr_writer_free_to_bytes (writer);
}

const TsrSphereTileset *
tsr_sphere_map_get_tileset (const TsrSphereMap *map)
{
  return map->tileset != NULL ? map->tileset : map->external_tileset;
}

char *
tsr_sphere_map_get_string (const TsrSphereMap *map,
                           TsrSphereMapString  which)
{
  if ((guint) which >= map->strings->len)
    return g_strdup ("");
  return tsr_sphere_string_to_utf8 (g_ptr_array_index (map->strings, which));
}

void
tsr_sphere_map_set_string (TsrSphereMap      *map,
                           TsrSphereMapString which,
                           const char        *text)
{
  g_return_if_fail ((guint) which < 9);
  while (map->strings->len < 3)
    g_ptr_array_add (map->strings, g_bytes_new (NULL, 0));
  /* Strings the file lacks are added: 3, 5 or 9 strings are what Sphere knows. */
  while (map->strings->len <= (guint) which)
    g_ptr_array_add (map->strings, g_bytes_new (NULL, 0));
  if (map->strings->len == 4)
    g_ptr_array_add (map->strings, g_bytes_new (NULL, 0));
  while (map->strings->len > 5 && map->strings->len < 9)
    g_ptr_array_add (map->strings, g_bytes_new (NULL, 0));
  tsr_sphere_string_set ((GBytes **) &g_ptr_array_index (map->strings, which), text);
}

gboolean
tsr_sphere_map_load_external_tileset (TsrSphereMap *map,
                                      GError      **error)
{
  g_autofree char *name = tsr_sphere_map_get_string (map, TSR_SPHERE_STRING_TILESET);
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (name[0] == '\0' || map->path == NULL)
    return TRUE;
  folder = g_path_get_dirname (map->path);
  g_strdelimit (name, "\\", '/');
  path = g_build_filename (folder, name, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *base = g_path_get_basename (name);

      g_free (path);
      path = g_build_filename (folder, base, NULL);
    }
  bytes = tsr_file_read (path, error);
  if (bytes == NULL)
    return FALSE;
  tsr_sphere_tileset_free (map->external_tileset);
  map->external_tileset = tsr_sphere_tileset_parse (bytes, error);
  if (map->external_tileset == NULL)
    {
      tsr_error_prefix (error, "%s", path);
      return FALSE;
    }
  return TRUE;
}

/* Validation */

static void
tsr_sphere_check_string (GPtrArray             *findings,
                         const TsrFindingPlace *place,
                         const char            *where,
                         const char            *too_long,
                         GBytes                *string)
{
  /* TOO_LONG: the finding's message, marked N_() */
  if (string != NULL && g_bytes_get_size (string) > TSR_SPHERE_STRING_MAX)
    tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, place, where, "%s", _(too_long));
}

void
tsr_sphere_map_validate (const TsrSphereMap *map,
                         GPtrArray          *findings)
{
  const TsrSphereTileset *tileset = tsr_sphere_map_get_tileset (map);
  guint tile_width = tileset ? tileset->tile_width : 16;
  guint tile_height = tileset ? tileset->tile_height : 16;
  guint map_width = 0, map_height = 0;

  if (map->strings->len != 3 && map->strings->len != 5 && map->strings->len != 9)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, _("header"), _("%u strings; Sphere reads 3, 5 or 9"),
                      map->strings->len);
  for (guint i = 0; i < map->strings->len; i++)
    tsr_sphere_check_string (findings, NULL, _("header"), N_("a string is longer than 65535 bytes"),
                             g_ptr_array_index (map->strings, i));
  if (map->layers->len == 0)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, _("map"), _("no layers"));
  if (map->layers->len > 255)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, _("map"), _("%u layers; at most 255 fit"), map->layers->len);
  if (map->strings->len > 0 && g_bytes_get_size (g_ptr_array_index (map->strings, 0)) == 0 && map->tileset == NULL
      && map->tail_entity_count == 0)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, _("tileset"), _("no tileset file is named and none is appended"));
  if (map->strings->len > 0 && g_bytes_get_size (g_ptr_array_index (map->strings, 0)) != 0 && map->tileset != NULL)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("tileset"),
                      _("a tileset file is named and one is appended: Sphere ignores the appended one"));
  if (map->tail_entity_count > 0)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("entities"),
                      _("entity %u has an unknown type; it and the %u entities and %u zones after it "
                      "are kept as bytes and cannot be checked or edited"),
                      map->entities->len, map->tail_entity_count - 1, map->tail_zone_count);
  if (map->unparsed_tail != NULL && map->tail_entity_count == 0)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("map"), _("%zu bytes after the map data"),
                      g_bytes_get_size (map->unparsed_tail));

  for (guint i = 0; i < map->layers->len; i++)
    {
      const TsrSphereLayer *layer = g_ptr_array_index (map->layers, i);
      g_autofree char *where = g_strdup_printf (_("layer %u"), i);
      TsrFindingPlace place = tsr_finding_place_element (-1, "layer", (gint) i);
      gsize cells = (gsize) layer->width * layer->height;
      guint bad = 0, first_bad = 0;

      map_width = MAX (map_width, layer->width);
      map_height = MAX (map_height, layer->height);
      if (layer->width == 0 || layer->height == 0)
        tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, where, _("empty layer (%ux%u)"), layer->width, layer->height);
      if (layer->width > TSR_SPHERE_LAYER_SIZE_MAX || layer->height > TSR_SPHERE_LAYER_SIZE_MAX)
        tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, where, _("%ux%u tiles; at most %u per side"),
                          layer->width, layer->height, TSR_SPHERE_LAYER_SIZE_MAX);
      tsr_sphere_check_string (findings, &place, where, N_("the name is longer than 65535 bytes"), layer->name);
      if (tileset != NULL)
        for (gsize c = 0; c < cells; c++)
          if (layer->tiles[c] >= tileset->tiles->len)
            {
              if (bad++ == 0)
                first_bad = (guint) c;
            }
      if (bad > 0)
        place = tsr_finding_place_at (-1, "layer", (gint) i, TSR_FINDING_POINT_CELLS,
                                      first_bad % layer->width, first_bad / layer->width);
      if (bad > 0)
        tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, where,
                          _("%u cells use tiles beyond the tileset's %u (first at (%u,%u): tile %u)"),
                          bad, tileset->tiles->len, first_bad % layer->width, first_bad / layer->width,
                          layer->tiles[first_bad]);
    }

  if (map->layers->len > 0)
    {
      const TsrSphereLayer *start = map->start_layer < map->layers->len
                                    ? g_ptr_array_index (map->layers, map->start_layer) : NULL;
      TsrFindingPlace place = tsr_finding_place_at (-1, "start", -1, TSR_FINDING_POINT_PIXELS,
                                                    map->start_x, map->start_y);

      /* Sphere 1.x map_engine.cpp puts the input person and the camera on the start layer and
       * indexes the map's layers with it unchecked; a position outside the map is only where
       * they stand (common/Map.cpp sMap::Load keeps it as it is). */
      if (start == NULL)
        tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, _("start"), _("start layer %u does not exist"), map->start_layer);
      else if (map->start_x >= start->width * tile_width || map->start_y >= start->height * tile_height)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, _("start"), _("start position (%u,%u) is outside the map"),
                          map->start_x, map->start_y);
      if (map->start_direction > 7)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, _("start"), _("start direction %u is not 0..7"),
                          map->start_direction);
    }

  for (guint i = 0; i < map->entities->len; i++)
    {
      const TsrSphereEntity *entity = g_ptr_array_index (map->entities, i);
      g_autofree char *where = g_strdup_printf (_("entity %u"), i);
      const TsrSphereLayer *layer = entity->layer < map->layers->len
                                    ? g_ptr_array_index (map->layers, entity->layer) : NULL;
      TsrFindingPlace place = tsr_finding_place_at (-1, "entity", (gint) i, TSR_FINDING_POINT_PIXELS,
                                                    entity->x, entity->y);

      /* common/Map.cpp sMap::Load moves an entity on a missing layer to layer 0, keeps its
       * position as it is and reads as many of a person's 5 scripts as the file holds (the
       * others stay empty). */
      if (layer == NULL)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                          _("on layer %u, which does not exist (Sphere moves it to layer 0)"), entity->layer);
      else if (entity->x >= layer->width * tile_width || entity->y >= layer->height * tile_height)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where, _("position (%u,%u) is outside the map"),
                          entity->x, entity->y);
      if (entity->type == TSR_SPHERE_ENTITY_PERSON)
        {
          if (entity->scripts->len < 5)
            tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where, _("a person needs 5 scripts, %u found"),
                              entity->scripts->len);
          tsr_sphere_check_string (findings, &place, where, N_("the name is longer than 65535 bytes"), entity->name);
          tsr_sphere_check_string (findings, &place, where, N_("the spriteset is longer than 65535 bytes"), entity->spriteset);
          for (guint s = 0; s < entity->scripts->len; s++)
            tsr_sphere_check_string (findings, &place, where, N_("a script is longer than 65535 bytes"),
                                     g_ptr_array_index (entity->scripts, s));
          for (guint j = 0; j < i; j++)
            {
              const TsrSphereEntity *other = g_ptr_array_index (map->entities, j);

              if (other->type == TSR_SPHERE_ENTITY_PERSON && g_bytes_equal (other->name, entity->name))
                {
                  g_autofree char *name = tsr_sphere_string_to_utf8 (entity->name);

                  tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                                    _("person name \"%s\" is also used by entity %u"), name, j);
                  break;
                }
            }
        }
      else if (entity->type == TSR_SPHERE_ENTITY_TRIGGER)
        tsr_sphere_check_string (findings, &place, where, N_("the function is longer than 65535 bytes"), entity->function);
    }

  for (guint i = 0; i < map->zones->len; i++)
    {
      const TsrSphereZone *zone = g_ptr_array_index (map->zones, i);
      g_autofree char *where = g_strdup_printf (_("zone %u"), i);
      const TsrSphereLayer *layer = zone->layer < map->layers->len
                                    ? g_ptr_array_index (map->layers, zone->layer) : NULL;
      /* The centre, so an editor can centre the view on the zone. */
      TsrFindingPlace place = tsr_finding_place_at (-1, "zone", (gint) i, TSR_FINDING_POINT_PIXELS,
                                                    ((double) zone->x1 + zone->x2) / 2,
                                                    ((double) zone->y1 + zone->y2) / 2);

      if (zone->x1 > zone->x2 || zone->y1 > zone->y2)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                          _("rectangle (%u,%u)-(%u,%u) is not normalised (Sphere swaps the corners)"),
                          zone->x1, zone->y1, zone->x2, zone->y2);
      /* common/Map.cpp sMap::Load moves a zone on a missing layer to layer 0; a zone is only a
       * rectangle the engine tests positions against. */
      if (layer == NULL)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                          _("on layer %u, which does not exist (Sphere moves it to layer 0)"), zone->layer);
      else if (MAX (zone->x1, zone->x2) > layer->width * tile_width ||
               MAX (zone->y1, zone->y2) > layer->height * tile_height)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where, _("rectangle (%u,%u)-(%u,%u) leaves the map"),
                          zone->x1, zone->y1, zone->x2, zone->y2);
      tsr_sphere_check_string (findings, &place, where, N_("the function is longer than 65535 bytes"), zone->function);
    }

  if (map->tileset != NULL)
    tsr_sphere_tileset_validate (map->tileset, _("appended tileset"), findings);
  (void) map_width;
  (void) map_height;
}

/* Edits */

static gboolean
tsr_sphere_map_check_editable (const TsrSphereMap *map,
                               GError            **error)
{
  if (map->tail_entity_count > 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("map: entities and zones cannot be edited: entity %u has an unknown type"),
                   map->entities->len);
      return FALSE;
    }
  return TRUE;
}

/* Renumbers every layer reference through MAPPING (old index → new index). */
static void
tsr_sphere_map_renumber_layers (TsrSphereMap  *map,
                                const guint   *mapping,
                                guint          old_count)
{
  for (guint i = 0; i < map->entities->len; i++)
    {
      TsrSphereEntity *entity = g_ptr_array_index (map->entities, i);

      if (entity->layer < old_count)
        entity->layer = (guint16) mapping[entity->layer];
    }
  for (guint i = 0; i < map->zones->len; i++)
    {
      TsrSphereZone *zone = g_ptr_array_index (map->zones, i);

      if (zone->layer < old_count)
        zone->layer = (guint16) mapping[zone->layer];
    }
  if (map->start_layer < old_count)
    map->start_layer = (guint8) mapping[map->start_layer];
}

void
tsr_sphere_map_insert_layer (TsrSphereMap   *map,
                             int             index,
                             TsrSphereLayer *layer)
{
  guint count = map->layers->len;
  g_autofree guint *mapping = g_new (guint, count + 1);
  guint at = index < 0 || (guint) index > count ? count : (guint) index;

  for (guint i = 0; i < count; i++)
    mapping[i] = i < at ? i : i + 1;
  g_ptr_array_insert (map->layers, (int) at, layer);
  tsr_sphere_map_renumber_layers (map, mapping, count);
}

gboolean
tsr_sphere_map_remove_layer (TsrSphereMap *map,
                             guint         index,
                             GError      **error)
{
  guint count = map->layers->len;
  g_autofree guint *mapping = NULL;

  if (index >= count || count == 1)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   count == 1 ? _("map: the last layer cannot be removed")
                              : _("map: layer %u does not exist"), index);
      return FALSE;
    }
  mapping = g_new (guint, count);
  for (guint i = 0; i < count; i++)
    mapping[i] = i < index ? i : i == index ? 0 : i - 1;
  g_ptr_array_remove_index (map->layers, index);
  tsr_sphere_map_renumber_layers (map, mapping, count);
  return TRUE;
}

gboolean
tsr_sphere_map_move_layer (TsrSphereMap *map,
                           guint         from,
                           guint         to,
                           GError      **error)
{
  guint count = map->layers->len;
  g_autofree guint *mapping = NULL;
  gpointer layer;

  if (from >= count || to >= count)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: layer %u or %u does not exist"), from, to);
      return FALSE;
    }
  mapping = g_new (guint, count);
  for (guint i = 0; i < count; i++)
    {
      if (i == from)
        mapping[i] = to;
      else if (from < to && i > from && i <= to)
        mapping[i] = i - 1;
      else if (to < from && i >= to && i < from)
        mapping[i] = i + 1;
      else
        mapping[i] = i;
    }
  layer = g_ptr_array_steal_index (map->layers, from);
  g_ptr_array_insert (map->layers, (int) to, layer);
  tsr_sphere_map_renumber_layers (map, mapping, count);
  return TRUE;
}

gboolean
tsr_sphere_map_resize_layer (TsrSphereMap   *map,
                             guint           index,
                             guint           width,
                             guint           height,
                             TsrSphereAnchor anchor,
                             guint16         fill,
                             GError        **error)
{
  TsrSphereLayer *layer;
  const TsrSphereTileset *tileset = tsr_sphere_map_get_tileset (map);
  guint tile_width = tileset ? tileset->tile_width : 16;
  guint tile_height = tileset ? tileset->tile_height : 16;
  guint16 *tiles;
  int dx, dy;
  GArray *segments;

  if (index >= map->layers->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: layer %u does not exist"), index);
      return FALSE;
    }
  if (width < 1 || height < 1 || width > TSR_SPHERE_LAYER_SIZE_MAX || height > TSR_SPHERE_LAYER_SIZE_MAX)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("map: layer size 1..%u expected, %ux%u asked"), TSR_SPHERE_LAYER_SIZE_MAX, width, height);
      return FALSE;
    }
  layer = g_ptr_array_index (map->layers, index);
  /* Offset of the old contents in the new layer, in tiles. */
  switch (anchor % 3)
    {
    case 0: dx = 0; break;
    case 1: dx = ((int) width - (int) layer->width) / 2; break;
    default: dx = (int) width - (int) layer->width; break;
    }
  switch (anchor / 3)
    {
    case 0: dy = 0; break;
    case 1: dy = ((int) height - (int) layer->height) / 2; break;
    default: dy = (int) height - (int) layer->height; break;
    }
  tiles = g_new (guint16, (gsize) width * height);
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        int sx = (int) x - dx, sy = (int) y - dy;

        tiles[(gsize) y * width + x] = sx >= 0 && sy >= 0 && sx < layer->width && sy < layer->height
                                       ? layer->tiles[(gsize) sy * layer->width + sx] : fill;
      }
  g_free (layer->tiles);
  layer->tiles = tiles;
  layer->width = (guint16) width;
  layer->height = (guint16) height;

  segments = g_array_new (FALSE, TRUE, sizeof (TsrSphereSegment));
  for (guint s = 0; s < layer->segments->len; s++)
    {
      const TsrSphereSegment *old = &g_array_index (layer->segments, TsrSphereSegment, s);
      gint64 x1 = (gint64) old->x1 + (gint64) dx * tile_width, x2 = (gint64) old->x2 + (gint64) dx * tile_width;
      gint64 y1 = (gint64) old->y1 + (gint64) dy * tile_height, y2 = (gint64) old->y2 + (gint64) dy * tile_height;
      gint64 max_x = (gint64) width * tile_width, max_y = (gint64) height * tile_height;
      TsrSphereSegment moved;

      if (x1 < 0 || x2 < 0 || y1 < 0 || y2 < 0 || x1 > max_x || x2 > max_x || y1 > max_y || y2 > max_y)
        continue;
      moved = (TsrSphereSegment) { (guint32) x1, (guint32) y1, (guint32) x2, (guint32) y2 };
      g_array_append_val (segments, moved);
    }
  g_array_unref (layer->segments);
  layer->segments = segments;
  return TRUE;
}

gboolean
tsr_sphere_map_add_entity (TsrSphereMap    *map,
                           int              index,
                           TsrSphereEntity *entity,
                           GError         **error)
{
  if (!tsr_sphere_map_check_editable (map, error))
    {
      tsr_sphere_entity_free (entity);
      return FALSE;
    }
  if (map->entities->len >= G_MAXUINT16)
    {
      tsr_sphere_entity_free (entity);
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: at most 65535 entities fit"));
      return FALSE;
    }
  g_ptr_array_insert (map->entities, index < 0 || (guint) index > map->entities->len ? -1 : index, entity);
  return TRUE;
}

gboolean
tsr_sphere_map_remove_entity (TsrSphereMap *map,
                              guint         index,
                              GError      **error)
{
  if (!tsr_sphere_map_check_editable (map, error))
    return FALSE;
  if (index >= map->entities->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: entity %u does not exist"), index);
      return FALSE;
    }
  g_ptr_array_remove_index (map->entities, index);
  return TRUE;
}

gboolean
tsr_sphere_map_add_zone (TsrSphereMap  *map,
                         int            index,
                         TsrSphereZone *zone,
                         GError       **error)
{
  if (!tsr_sphere_map_check_editable (map, error))
    {
      tsr_sphere_zone_free (zone);
      return FALSE;
    }
  if (map->zones->len >= G_MAXUINT16)
    {
      tsr_sphere_zone_free (zone);
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: at most 65535 zones fit"));
      return FALSE;
    }
  g_ptr_array_insert (map->zones, index < 0 || (guint) index > map->zones->len ? -1 : index, zone);
  return TRUE;
}

gboolean
tsr_sphere_map_remove_zone (TsrSphereMap *map,
                            guint         index,
                            GError      **error)
{
  if (!tsr_sphere_map_check_editable (map, error))
    return FALSE;
  if (index >= map->zones->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: zone %u does not exist"), index);
      return FALSE;
    }
  g_ptr_array_remove_index (map->zones, index);
  return TRUE;
}

void
tsr_sphere_map_embed_tileset (TsrSphereMap     *map,
                              TsrSphereTileset *tileset)
{
  tsr_sphere_tileset_free (map->tileset);
  map->tileset = tileset;
  if (map->strings->len == 0)
    g_ptr_array_add (map->strings, g_bytes_new (NULL, 0));
  g_bytes_unref (g_ptr_array_index (map->strings, TSR_SPHERE_STRING_TILESET));
  g_ptr_array_index (map->strings, TSR_SPHERE_STRING_TILESET) = g_bytes_new (NULL, 0);
}

GBytes *
tsr_sphere_map_externalise_tileset (TsrSphereMap *map,
                                    const char   *file_name,
                                    GError      **error)
{
  GBytes *bytes;

  if (map->tileset == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("map: no tileset is appended"));
      return NULL;
    }
  if (file_name == NULL || file_name[0] == '\0')
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("map: a tileset file name is needed"));
      return NULL;
    }
  bytes = tsr_sphere_tileset_serialize (map->tileset);
  tsr_sphere_tileset_free (map->external_tileset);
  map->external_tileset = g_steal_pointer (&map->tileset);
  tsr_sphere_map_set_string (map, TSR_SPHERE_STRING_TILESET, file_name);
  return bytes;
}
