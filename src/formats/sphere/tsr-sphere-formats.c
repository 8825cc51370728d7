/* tsr-sphere-formats.c: the TsrFormat vtables through which the CLI, the editor and the fuzzers
 * reach the Sphere codecs. */
#include <glib/gi18n.h>
#include "formats/sphere/tsr-sphere-formats.h"

#include <glib/gstdio.h>
#include <string.h>

#include "formats/sphere/tsr-sphere-map.h"
#include "formats/sphere/tsr-sphere-render.h"
#include "formats/sphere/tsr-sphere-spriteset.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "formats/sphere/tsr-sphere-tileset.h"
#include "formats/sphere/tsr-sphere-tmx.h"

static guint
tsr_sphere_sniff_magic (const guint8 *data,
                        gsize         size,
                        const char   *magic,
                        guint         min_version,
                        guint         max_version)
{
  guint version;

  if (size < 6 || memcmp (data, magic, 4) != 0)
    return TSR_SNIFF_NO;
  version = data[4] | (data[5] << 8);
  return version >= min_version && version <= max_version ? TSR_SNIFF_CERTAIN : TSR_SNIFF_MAYBE;
}

static gboolean
tsr_sphere_write_png (const TsrImage *image,
                      const char     *directory,
                      const char     *name,
                      GPtrArray      *written,
                      GError        **error)
{
  g_autofree char *path = g_build_filename (directory, name, NULL);

  if (!tsr_image_save_png (image, path, error))
    return FALSE;
  g_ptr_array_add (written, g_steal_pointer (&path));
  return TRUE;
}

static gboolean
tsr_sphere_extract_tileset (const TsrSphereTileset *tileset,
                            const char             *directory,
                            GPtrArray              *written,
                            GError                **error)
{
  g_autoptr(TsrImage) sheet = tsr_sphere_tileset_sheet (tileset, 16);

  if (g_mkdir_with_parents (directory, 0755) != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("cannot create %s"), directory);
      return FALSE;
    }
  if (sheet != NULL && !tsr_sphere_write_png (sheet, directory, "tileset.png", written, error))
    return FALSE;
  for (guint i = 0; i < tileset->tiles->len; i++)
    {
      g_autoptr(TsrImage) tile = tsr_sphere_tileset_tile_image (tileset, i);
      g_autofree char *name = g_strdup_printf ("tile-%04u.png", i);

      if (tile != NULL && !tsr_sphere_write_png (tile, directory, name, written, error))
        return FALSE;
    }
  return TRUE;
}

/* .rmp */

static guint
tsr_sphere_rmp_sniff (const guint8 *data, gsize size, const char *path)
{
  return tsr_sphere_sniff_magic (data, size, ".rmp", 1, 1);
}

static gpointer
tsr_sphere_rmp_load (const char *path, GBytes *bytes, GError **error)
{
  TsrSphereMap *map = tsr_sphere_map_parse (bytes, error);

  if (map == NULL)
    return NULL;
  if (path != NULL)
    {
      map->path = g_strdup (path);
      /* A missing external tileset is not an error for loading: validate and render say so. */
      tsr_sphere_map_load_external_tileset (map, NULL);
    }
  return map;
}

static GPtrArray *
tsr_sphere_rmp_save (gconstpointer data, const char *path, GError **error)
{
  return tsr_output_files_new_single (path, tsr_sphere_map_serialize (data));
}

static void
tsr_sphere_rmp_validate (gconstpointer data, GPtrArray *findings)
{
  const TsrSphereMap *map = data;
  g_autofree char *tileset_name = tsr_sphere_map_get_string (map, TSR_SPHERE_STRING_TILESET);

  if (tileset_name[0] != '\0' && map->external_tileset == NULL)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("tileset"),
                      _("tileset file \"%s\" not found next to the map: tile indexes were not checked"),
                      tileset_name);
  tsr_sphere_map_validate (map, findings);
}

static void
tsr_sphere_rmp_describe (gconstpointer data, JsonBuilder *builder)
{
  const TsrSphereMap *map = data;
  const TsrSphereTileset *tileset = tsr_sphere_map_get_tileset (map);
  guint persons = 0, triggers = 0;
  g_autofree char *tileset_name = tsr_sphere_map_get_string (map, TSR_SPHERE_STRING_TILESET);
  guint width, height;

  tsr_sphere_map_pixel_size (map, &width, &height);
  json_builder_set_member_name (builder, "width_pixels");
  json_builder_add_int_value (builder, width);
  json_builder_set_member_name (builder, "height_pixels");
  json_builder_add_int_value (builder, height);
  json_builder_set_member_name (builder, "strings");
  json_builder_add_int_value (builder, map->strings->len);
  json_builder_set_member_name (builder, "repeating");
  json_builder_add_boolean_value (builder, map->repeating != 0);
  json_builder_set_member_name (builder, "start");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "x");
  json_builder_add_int_value (builder, map->start_x);
  json_builder_set_member_name (builder, "y");
  json_builder_add_int_value (builder, map->start_y);
  json_builder_set_member_name (builder, "layer");
  json_builder_add_int_value (builder, map->start_layer);
  json_builder_set_member_name (builder, "direction");
  json_builder_add_int_value (builder, map->start_direction);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "layers");
  json_builder_begin_array (builder);
  for (guint i = 0; i < map->layers->len; i++)
    {
      const TsrSphereLayer *layer = g_ptr_array_index (map->layers, i);
      g_autofree char *name = tsr_sphere_string_to_utf8 (layer->name);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, name);
      json_builder_set_member_name (builder, "width");
      json_builder_add_int_value (builder, layer->width);
      json_builder_set_member_name (builder, "height");
      json_builder_add_int_value (builder, layer->height);
      json_builder_set_member_name (builder, "flags");
      json_builder_add_int_value (builder, layer->flags);
      json_builder_set_member_name (builder, "visible");
      json_builder_add_boolean_value (builder, (layer->flags & TSR_SPHERE_LAYER_HIDDEN) == 0);
      json_builder_set_member_name (builder, "parallax");
      json_builder_add_boolean_value (builder, (layer->flags & TSR_SPHERE_LAYER_PARALLAX) != 0);
      json_builder_set_member_name (builder, "reflective");
      json_builder_add_boolean_value (builder, layer->reflective != 0);
      json_builder_set_member_name (builder, "obstruction_segments");
      json_builder_add_int_value (builder, layer->segments->len);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  for (guint i = 0; i < map->entities->len; i++)
    {
      const TsrSphereEntity *entity = g_ptr_array_index (map->entities, i);

      persons += entity->type == TSR_SPHERE_ENTITY_PERSON;
      triggers += entity->type == TSR_SPHERE_ENTITY_TRIGGER;
    }
  json_builder_set_member_name (builder, "entities");
  json_builder_add_int_value (builder, map->entities->len + map->tail_entity_count);
  json_builder_set_member_name (builder, "persons");
  json_builder_add_int_value (builder, persons);
  json_builder_set_member_name (builder, "triggers");
  json_builder_add_int_value (builder, triggers);
  json_builder_set_member_name (builder, "zones");
  json_builder_add_int_value (builder, map->zones->len + map->tail_zone_count);
  json_builder_set_member_name (builder, "tileset_source");
  if (map->tileset != NULL)
    json_builder_add_string_value (builder, "appended");
  else
    {
      g_autofree char *text = g_strdup_printf ("%s%s", tileset_name,
                                               map->external_tileset ? "" : " (not found)");
      json_builder_add_string_value (builder, text);
    }
  if (tileset != NULL)
    {
      json_builder_set_member_name (builder, "tiles");
      json_builder_add_int_value (builder, tileset->tiles->len);
      json_builder_set_member_name (builder, "tile_size");
      json_builder_add_int_value (builder, tileset->tile_width);
    }
}

/* --size WxH draws the whole map scaled to fit inside W x H, keeping its proportions, as the other
 * families' renderers do. */
static TsrImage *
tsr_sphere_rmp_render (gconstpointer data, const TsrRenderOptions *options, GError **error)
{
  const TsrSphereMap *map = data;
  g_autoptr(GHashTable) spritesets = tsr_sphere_render_find_spritesets (map);
  guint width, height;

  if (options != NULL && options->level > 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, _("no level %d: a Sphere map is one level (0)"),
                   options->level);
      return NULL;
    }
  tsr_sphere_map_pixel_size (map, &width, &height);
  if (options != NULL && (options->width > 0 || options->height > 0) && width > 0 && height > 0)
    {
      /* Scaled to fit the requested size, keeping the map's proportions. */
      double scale = options->width > 0 && options->height > 0
                     ? MIN ((double) options->width / width, (double) options->height / height)
                     : options->width > 0 ? (double) options->width / width
                                          : (double) options->height / height;

      return tsr_sphere_map_render_scaled (map, spritesets, MAX ((guint) (width * scale + 0.5), 1u),
                                           MAX ((guint) (height * scale + 0.5), 1u),
                                           TSR_SPHERE_RENDER_ALL, error);
    }
  if ((guint64) width * height > TSR_IMAGE_NATURAL_MAX_PIXELS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("map: %ux%u pixels is above the limit of %u pixels (%u MiB) for drawing at full "
                   "size; --size WxH draws it scaled"), width, height, TSR_IMAGE_NATURAL_MAX_PIXELS,
                   TSR_IMAGE_NATURAL_MAX_PIXELS / (256 * 1024));
      return NULL;
    }
  return tsr_sphere_map_render_area (map, spritesets, 0, 0, width, height, TSR_SPHERE_RENDER_ALL, error);
}

static gboolean tsr_sphere_rss_extract (gconstpointer data, const char *directory, GPtrArray *written,
                                        GError **error);

/* The tileset's tiles, and the frames of every person's spriteset found in the project layout
 * (in a folder per spriteset). */
static gboolean
tsr_sphere_rmp_extract (gconstpointer data, const char *directory, GPtrArray *written, GError **error)
{
  const TsrSphereMap *map = data;
  const TsrSphereTileset *tileset = tsr_sphere_map_get_tileset (map);
  g_autoptr(GHashTable) spritesets = NULL;
  GHashTableIter iter;
  gpointer key, value;

  if (tileset == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("map: its tileset was not found"));
      return FALSE;
    }
  if (!tsr_sphere_extract_tileset (tileset, directory, written, error))
    return FALSE;
  spritesets = tsr_sphere_render_find_spritesets (map);
  g_hash_table_iter_init (&iter, spritesets);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_autofree char *base = g_path_get_basename (key);
      g_autofree char *folder = NULL;

      if (value == NULL)
        continue;
      g_strdelimit (base, ".", '-');
      folder = g_build_filename (directory, base, NULL);
      if (!tsr_sphere_rss_extract (value, folder, written, error))
        return FALSE;
    }
  return TRUE;
}

static GPtrArray *
tsr_sphere_rmp_convert (gconstpointer data, const TsrFormat *target, const char *path,
                        const TsrConvertOptions *options, GPtrArray *lost, GError **error)
{
  if (options != NULL && options->level > 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, _("no level %d: a Sphere map is one level (0)"),
                   options->level);
      return NULL;
    }
  if (target == &tsr_sphere_tmx_format)
    return tsr_sphere_tmx_export (data, path, lost, error);
  if (target == &tsr_sphere_rmp_format)
    return tsr_sphere_rmp_save (data, path, error);
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("cannot convert a Sphere map to %s"), target->id);
  return NULL;
}

static const char *const rmp_extensions[] = { "rmp", NULL };
static const char *const rmp_targets[] = { "tiled-tmx", NULL };

const TsrFormat tsr_sphere_rmp_format = {
  .id = "sphere-rmp",
  .name = N_("Sphere map"),
  .family = "sphere",
  .extensions = rmp_extensions,
  .sniff = tsr_sphere_rmp_sniff,
  .load = tsr_sphere_rmp_load,
  .free = (void (*) (gpointer)) tsr_sphere_map_free,
  .save = tsr_sphere_rmp_save,
  .validate = tsr_sphere_rmp_validate,
  .describe = tsr_sphere_rmp_describe,
  .render = tsr_sphere_rmp_render,
  .extract = tsr_sphere_rmp_extract,
  .convert = tsr_sphere_rmp_convert,
  .convert_targets = rmp_targets,
};

/* .rts */

static guint
tsr_sphere_rts_sniff (const guint8 *data, gsize size, const char *path)
{
  return tsr_sphere_sniff_magic (data, size, ".rts", 1, 1);
}

static gpointer
tsr_sphere_rts_load (const char *path, GBytes *bytes, GError **error)
{
  return tsr_sphere_tileset_parse (bytes, error);
}

static GPtrArray *
tsr_sphere_rts_save (gconstpointer data, const char *path, GError **error)
{
  return tsr_output_files_new_single (path, tsr_sphere_tileset_serialize (data));
}

static void
tsr_sphere_rts_validate (gconstpointer data, GPtrArray *findings)
{
  tsr_sphere_tileset_validate (data, _("tileset"), findings);
}

static void
tsr_sphere_rts_describe (gconstpointer data, JsonBuilder *builder)
{
  const TsrSphereTileset *tileset = data;
  guint animated = 0, named = 0, obstructed = 0;

  for (guint i = 0; i < tileset->tiles->len; i++)
    {
      const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, i);

      animated += tile->animated != 0;
      named += g_bytes_get_size (tile->name) > 0;
      obstructed += tileset->has_obstructions && tile->obstruction_type != 0;
    }
  json_builder_set_member_name (builder, "tiles");
  json_builder_add_int_value (builder, tileset->tiles->len);
  json_builder_set_member_name (builder, "tile_width");
  json_builder_add_int_value (builder, tileset->tile_width);
  json_builder_set_member_name (builder, "tile_height");
  json_builder_add_int_value (builder, tileset->tile_height);
  json_builder_set_member_name (builder, "has_obstructions");
  json_builder_add_boolean_value (builder, tileset->has_obstructions != 0);
  json_builder_set_member_name (builder, "animated_tiles");
  json_builder_add_int_value (builder, animated);
  json_builder_set_member_name (builder, "named_tiles");
  json_builder_add_int_value (builder, named);
  json_builder_set_member_name (builder, "obstructed_tiles");
  json_builder_add_int_value (builder, obstructed);
}

static TsrImage *
tsr_sphere_rts_render (gconstpointer data, const TsrRenderOptions *options, GError **error)
{
  TsrImage *sheet = tsr_sphere_tileset_sheet (data, 16);

  if (sheet == NULL)
    g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("tileset: too large to draw"));
  return sheet;
}

static gboolean
tsr_sphere_rts_extract (gconstpointer data, const char *directory, GPtrArray *written, GError **error)
{
  return tsr_sphere_extract_tileset (data, directory, written, error);
}

static const char *const rts_extensions[] = { "rts", NULL };

const TsrFormat tsr_sphere_rts_format = {
  .id = "sphere-rts",
  .name = N_("Sphere tileset"),
  .family = "sphere",
  .extensions = rts_extensions,
  .sniff = tsr_sphere_rts_sniff,
  .load = tsr_sphere_rts_load,
  .free = (void (*) (gpointer)) tsr_sphere_tileset_free,
  .save = tsr_sphere_rts_save,
  .validate = tsr_sphere_rts_validate,
  .describe = tsr_sphere_rts_describe,
  .render = tsr_sphere_rts_render,
  .extract = tsr_sphere_rts_extract,
};

/* .rss */

static guint
tsr_sphere_rss_sniff (const guint8 *data, gsize size, const char *path)
{
  return tsr_sphere_sniff_magic (data, size, ".rss", 1, 3);
}

static gpointer
tsr_sphere_rss_load (const char *path, GBytes *bytes, GError **error)
{
  return tsr_sphere_spriteset_parse (bytes, error);
}

static GPtrArray *
tsr_sphere_rss_save (gconstpointer data, const char *path, GError **error)
{
  return tsr_output_files_new_single (path, tsr_sphere_spriteset_serialize (data));
}

static void
tsr_sphere_rss_validate (gconstpointer data, GPtrArray *findings)
{
  tsr_sphere_spriteset_validate (data, findings);
}

static void
tsr_sphere_rss_describe (gconstpointer data, JsonBuilder *builder)
{
  const TsrSphereSpriteset *spriteset = data;

  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, spriteset->version);
  json_builder_set_member_name (builder, "images");
  json_builder_add_int_value (builder, spriteset->images->len);
  json_builder_set_member_name (builder, "frame_width");
  json_builder_add_int_value (builder, spriteset->frame_width);
  json_builder_set_member_name (builder, "frame_height");
  json_builder_add_int_value (builder, spriteset->frame_height);
  json_builder_set_member_name (builder, "base");
  json_builder_begin_array (builder);
  json_builder_add_int_value (builder, spriteset->base_x1);
  json_builder_add_int_value (builder, spriteset->base_y1);
  json_builder_add_int_value (builder, spriteset->base_x2);
  json_builder_add_int_value (builder, spriteset->base_y2);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "directions");
  json_builder_begin_array (builder);
  for (guint d = 0; d < spriteset->directions->len; d++)
    {
      const TsrSphereDirection *direction = g_ptr_array_index (spriteset->directions, d);
      g_autofree char *name = tsr_sphere_spriteset_direction_name (spriteset, d);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, name);
      json_builder_set_member_name (builder, "frames");
      json_builder_add_int_value (builder, direction->frames->len);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static gboolean
tsr_sphere_rss_extract (gconstpointer data, const char *directory, GPtrArray *written, GError **error)
{
  const TsrSphereSpriteset *spriteset = data;

  if (g_mkdir_with_parents (directory, 0755) != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("cannot create %s"), directory);
      return FALSE;
    }
  for (guint i = 0; i < spriteset->images->len; i++)
    {
      g_autofree char *name = g_strdup_printf ("frame-%04u.png", i);

      if (!tsr_sphere_write_png (g_ptr_array_index (spriteset->images, i), directory, name, written, error))
        return FALSE;
    }
  return TRUE;
}

static TsrImage *
tsr_sphere_rss_render (gconstpointer data, const TsrRenderOptions *options, GError **error)
{
  const TsrSphereSpriteset *spriteset = data;
  guint width = 0, height = 0, x = 0;
  TsrImage *strip;

  for (guint i = 0; i < spriteset->images->len; i++)
    {
      const TsrImage *image = g_ptr_array_index (spriteset->images, i);

      width += image->width;
      height = MAX (height, image->height);
    }
  strip = tsr_image_new (width, height);
  if (strip == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("spriteset: nothing to draw, or too large"));
      return NULL;
    }
  for (guint i = 0; i < spriteset->images->len; i++)
    {
      const TsrImage *image = g_ptr_array_index (spriteset->images, i);

      tsr_image_blit (strip, image, (int) x, 0);
      x += image->width;
    }
  return strip;
}

static const char *const rss_extensions[] = { "rss", NULL };

const TsrFormat tsr_sphere_rss_format = {
  .id = "sphere-rss",
  .name = N_("Sphere spriteset"),
  .family = "sphere",
  .extensions = rss_extensions,
  .sniff = tsr_sphere_rss_sniff,
  .load = tsr_sphere_rss_load,
  .free = (void (*) (gpointer)) tsr_sphere_spriteset_free,
  .save = tsr_sphere_rss_save,
  .validate = tsr_sphere_rss_validate,
  .describe = tsr_sphere_rss_describe,
  .render = tsr_sphere_rss_render,
  .extract = tsr_sphere_rss_extract,
};

/* Tiled .tmx (as written by tsr_sphere_tmx_export), loaded as a Sphere map */

static guint
tsr_sphere_tmx_sniff (const guint8 *data, gsize size, const char *path)
{
  gsize limit = MIN (size, 512);
  g_autofree char *head = g_strndup ((const char *) data, limit);

  if (strstr (head, "<map") == NULL)
    return TSR_SNIFF_NO;
  return strstr (head, "<?xml") != NULL || strncmp (head, "<map", 4) == 0 ? TSR_SNIFF_LIKELY : TSR_SNIFF_MAYBE;
}

static gpointer
tsr_sphere_tmx_load (const char *path, GBytes *bytes, GError **error)
{
  return tsr_sphere_tmx_import (path, bytes, error);
}

static GPtrArray *
tsr_sphere_tmx_save (gconstpointer data, const char *path, GError **error)
{
  g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);

  return tsr_sphere_tmx_export (data, path, lost, error);
}

static const char *const tmx_extensions[] = { "tmx", NULL };
static const char *const tmx_targets[] = { "sphere-rmp", NULL };

const TsrFormat tsr_sphere_tmx_format = {
  .id = "tiled-tmx",
  .name = N_("Tiled map (Sphere interchange)"),
  .family = "sphere",
  .extensions = tmx_extensions,
  .sniff = tsr_sphere_tmx_sniff,
  .load = tsr_sphere_tmx_load,
  .free = (void (*) (gpointer)) tsr_sphere_map_free,
  .save = tsr_sphere_tmx_save,
  .validate = tsr_sphere_rmp_validate,
  .describe = tsr_sphere_rmp_describe,
  .render = tsr_sphere_rmp_render,
  .extract = tsr_sphere_rmp_extract,
  .convert = tsr_sphere_rmp_convert,
  .convert_targets = tmx_targets,
};

void
tsr_sphere_register_formats (TsrFormatRegistry *registry)
{
  tsr_format_registry_add (registry, &tsr_sphere_rmp_format);
  tsr_format_registry_add (registry, &tsr_sphere_rts_format);
  tsr_format_registry_add (registry, &tsr_sphere_rss_format);
  tsr_format_registry_add (registry, &tsr_sphere_tmx_format);
}
