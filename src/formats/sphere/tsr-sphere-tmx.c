/* tsr-sphere-tmx.c: Tiled TMX export and import for Sphere maps.
 *
 * Export writes MAP.tmx (CSV tile layers, one object layer of polylines per layer's obstruction
 * segments, one object layer with persons, triggers and zones), MAP.tsx and MAP.png (the tileset;
 * tile obstruction segments as Tiled collision polylines, Sphere's animation chains as Tiled
 * animations). Whatever Tiled has no field for (header bytes, flags, exact floats, reserved bytes,
 * string bytes that are not UTF-8) goes into "sphere:" custom properties, so importing a TMX that
 * Tessera wrote gives back the identical .rmp. Import reads orthogonal maps with one tileset, CSV
 * layer data and those properties; a map made in Tiled imports with Sphere's defaults. */
#include "formats/sphere/tsr-sphere-tmx.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "core/tsr-image.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "formats/sphere/tsr-sphere-xml.h"

static const char *const string_property_names[] = {
  "tileset-file", "music", "script", "entry-script", "exit-script",
  "north-script", "east-script", "south-script", "west-script",
};

static const char *const person_script_names[] = {
  "on-create", "on-destroy", "on-activate-touch", "on-activate-talk", "generate-commands",
};

/* Export */

/* Characters XML 1.0 cannot hold, even escaped. */
static gboolean
tsr_tmx_char_is_allowed (gunichar c)
{
  return c == 0x9 || c == 0xa || c == 0xd || (c >= 0x20 && c <= 0xd7ff) ||
         (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

/* The text Tiled shows for a string: decoded, with characters XML cannot hold removed. */
static char *
tsr_tmx_string_text (GBytes *string)
{
  g_autofree char *decoded = tsr_sphere_string_to_utf8 (string);
  GString *text = g_string_new (NULL);

  for (const char *p = decoded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (tsr_tmx_char_is_allowed (c))
        g_string_append_unichar (text, c);
    }
  return g_string_free (text, FALSE);
}

/* Whether TEXT, written as UTF-8, gives back STRING's bytes. */
static gboolean
tsr_tmx_string_is_exact (GBytes *string, const char *text)
{
  gsize size = 0;
  const char *data = string != NULL ? g_bytes_get_data (string, &size) : NULL;

  return strlen (text) == size && (size == 0 || memcmp (text, data, size) == 0);
}

static void
tsr_tmx_append_escaped (GString *out, const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    switch (*p)
      {
      case '&': g_string_append (out, "&amp;"); break;
      case '<': g_string_append (out, "&lt;"); break;
      case '>': g_string_append (out, "&gt;"); break;
      case '"': g_string_append (out, "&quot;"); break;
      /* Character references survive XML's newline and attribute whitespace normalisation. */
      case '\n': g_string_append (out, "&#10;"); break;
      case '\r': g_string_append (out, "&#13;"); break;
      case '\t': g_string_append (out, "&#9;"); break;
      default: g_string_append_c (out, *p); break;
      }
}

static void
tsr_tmx_property (GString *out, const char *indent, const char *name, const char *type, const char *value)
{
  g_string_append_printf (out, "%s<property name=\"", indent);
  tsr_tmx_append_escaped (out, name);
  g_string_append (out, "\"");
  if (type != NULL)
    g_string_append_printf (out, " type=\"%s\"", type);
  g_string_append (out, " value=\"");
  tsr_tmx_append_escaped (out, value);
  g_string_append (out, "\"/>\n");
}

static void
tsr_tmx_property_int (GString *out, const char *indent, const char *name, gint64 value)
{
  char text[32];

  g_snprintf (text, sizeof text, "%" G_GINT64_FORMAT, value);
  tsr_tmx_property (out, indent, name, "int", text);
}

static void
tsr_tmx_property_float (GString *out, const char *indent, const char *name, float value)
{
  char text[48];
  guint32 bits;

  memcpy (&bits, &value, sizeof bits);
  if (isfinite (value))
    {
      g_ascii_formatd (text, sizeof text, "%.9g", value);
      /* Nine significant digits give back every float exactly; check, and fall back to bits. */
      if ((float) g_ascii_strtod (text, NULL) == value && !(value == 0 && signbit (value)))
        {
          tsr_tmx_property (out, indent, name, "float", text);
          return;
        }
    }
  g_snprintf (text, sizeof text, "bits:0x%08x", bits);
  tsr_tmx_property (out, indent, name, "string", text);
}

/* A string property: the text, plus NAME:bytes (base64) when the text does not give the bytes. */
static void
tsr_tmx_property_string (GString *out, const char *indent, const char *name, GBytes *string)
{
  g_autofree char *text = tsr_tmx_string_text (string);

  tsr_tmx_property (out, indent, name, NULL, text);
  if (!tsr_tmx_string_is_exact (string, text))
    {
      g_autofree char *bytes_name = g_strconcat (name, ":bytes", NULL);
      g_autofree char *encoded = g_base64_encode (g_bytes_get_data (string, NULL), g_bytes_get_size (string));

      tsr_tmx_property (out, indent, bytes_name, NULL, encoded);
    }
}

/* Reserved bytes as hex, only when not all zero. */
static void
tsr_tmx_property_reserved (GString *out, const char *indent, const char *name, const guint8 *data, gsize size)
{
  GString *hex;

  for (gsize i = 0; i < size; i++)
    if (data[i] != 0)
      goto nonzero;
  return;
nonzero:
  hex = g_string_new (NULL);
  for (gsize i = 0; i < size; i++)
    g_string_append_printf (hex, "%02x", data[i]);
  tsr_tmx_property (out, indent, name, NULL, hex->str);
  g_string_free (hex, TRUE);
}

/* A name attribute: the text, with the exact bytes as a property when needed (see NAME_BYTES). */
static void
tsr_tmx_name_attribute (GString *out, GBytes *string)
{
  g_autofree char *text = tsr_tmx_string_text (string);

  g_string_append (out, " name=\"");
  tsr_tmx_append_escaped (out, text);
  g_string_append (out, "\"");
}

static void
tsr_tmx_name_bytes_property (GString *out, const char *indent, GBytes *string)
{
  g_autofree char *text = tsr_tmx_string_text (string);

  if (!tsr_tmx_string_is_exact (string, text))
    {
      g_autofree char *encoded = g_base64_encode (g_bytes_get_data (string, NULL), g_bytes_get_size (string));

      tsr_tmx_property (out, indent, "sphere:name:bytes", NULL, encoded);
    }
}

static char *
tsr_tmx_base_name (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  return g_steal_pointer (&base);
}

static GBytes *
tsr_tmx_write_tsx (const TsrSphereTileset *tileset,
                   const char             *name,
                   const char             *image_name,
                   guint                   columns,
                   const TsrImage         *sheet)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");

  g_string_append_printf (out, "<tileset version=\"1.8\" tiledversion=\"1.8.2\" name=\"");
  tsr_tmx_append_escaped (out, name);
  g_string_append_printf (out, "\" tilewidth=\"%u\" tileheight=\"%u\" tilecount=\"%u\" columns=\"%u\">\n",
                          tileset->tile_width, tileset->tile_height, tileset->tiles->len, columns);
  g_string_append (out, " <properties>\n");
  tsr_tmx_property_int (out, "  ", "sphere:has-obstructions", tileset->has_obstructions);
  if (tileset->version != 1)
    tsr_tmx_property_int (out, "  ", "sphere:version", tileset->version);
  tsr_tmx_property_reserved (out, "  ", "sphere:reserved", tileset->reserved, sizeof tileset->reserved);
  g_string_append (out, " </properties>\n");
  g_string_append (out, " <image source=\"");
  tsr_tmx_append_escaped (out, image_name);
  g_string_append_printf (out, "\" width=\"%u\" height=\"%u\"/>\n", sheet->width, sheet->height);

  for (guint i = 0; i < tileset->tiles->len; i++)
    {
      const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, i);
      gboolean has_segments = tileset->has_obstructions && tile->obstruction_type == TSR_SPHERE_OBSTRUCTION_SEGMENTS;
      GString *props = g_string_new (NULL);

      if (g_bytes_get_size (tile->name) > 0)
        tsr_tmx_property_string (props, "   ", "sphere:name", tile->name);
      if (tile->animated)
        tsr_tmx_property_int (props, "   ", "sphere:animated", tile->animated);
      if (tile->animated || tile->next_tile != 0)
        tsr_tmx_property_int (props, "   ", "sphere:next-tile", tile->next_tile);
      if (tile->animated || tile->delay != 0)
        tsr_tmx_property_int (props, "   ", "sphere:delay", tile->delay);
      if (tile->obstruction_type != 0)
        tsr_tmx_property_int (props, "   ", "sphere:obstruction-type", tile->obstruction_type);
      if (!has_segments && tile->segment_count != 0)
        tsr_tmx_property_int (props, "   ", "sphere:segment-count", tile->segment_count);
      if (tile->terraformed)
        tsr_tmx_property_int (props, "   ", "sphere:terraformed", tile->terraformed);
      if (tile->obsolete_1)
        tsr_tmx_property_int (props, "   ", "sphere:obsolete-1", tile->obsolete_1);
      if (tile->obsolete_2)
        tsr_tmx_property_int (props, "   ", "sphere:obsolete-2", tile->obsolete_2);
      tsr_tmx_property_reserved (props, "   ", "sphere:reserved", tile->reserved, sizeof tile->reserved);
      if (tile->obstruction_mask != NULL)
        {
          g_autofree char *mask = g_base64_encode (g_bytes_get_data (tile->obstruction_mask, NULL),
                                                   g_bytes_get_size (tile->obstruction_mask));

          tsr_tmx_property (props, "   ", "sphere:obstruction-mask", NULL, mask);
        }
      if (props->len == 0 && !(has_segments && tile->segments->len > 0) && !tile->animated)
        {
          g_string_free (props, TRUE);
          continue;
        }
      g_string_append_printf (out, "  <tile id=\"%u\">\n", i);
      if (props->len > 0)
        g_string_append_printf (out, "  <properties>\n%s  </properties>\n", props->str);
      g_string_free (props, TRUE);
      if (has_segments && tile->segments->len > 0)
        {
          g_string_append (out, "  <objectgroup draworder=\"index\">\n");
          for (guint s = 0; s < tile->segments->len; s++)
            {
              const TsrSphereSegment *segment = &g_array_index (tile->segments, TsrSphereSegment, s);

              g_string_append_printf (out, "   <object id=\"%u\" x=\"%u\" y=\"%u\"><polyline points=\"0,0 %d,%d\"/></object>\n",
                                      s + 1, segment->x1, segment->y1,
                                      (int) segment->x2 - (int) segment->x1, (int) segment->y2 - (int) segment->y1);
            }
          g_string_append (out, "  </objectgroup>\n");
        }
      if (tile->animated)
        {
          /* Sphere chains tiles (show for DELAY frames at 60 per second, then NEXT); Tiled
           * animates one tile through a list: follow the chain until it repeats. */
          g_autofree gboolean *seen = g_new0 (gboolean, tileset->tiles->len);
          guint current = i;

          g_string_append (out, "  <animation>\n");
          while (current < tileset->tiles->len && !seen[current])
            {
              const TsrSphereTile *step = g_ptr_array_index (tileset->tiles, current);

              seen[current] = TRUE;
              g_string_append_printf (out, "   <frame tileid=\"%u\" duration=\"%u\"/>\n", current,
                                      MAX (1u, step->delay * 1000u / 60u));
              if (!step->animated)
                break;
              current = step->next_tile;
            }
          g_string_append (out, "  </animation>\n");
        }
      g_string_append (out, "  </tile>\n");
    }
  g_string_append (out, "</tileset>\n");
  return g_string_free_to_bytes (out);
}

static void
tsr_tmx_write_layer_properties (GString *out, const TsrSphereLayer *layer)
{
  g_string_append (out, "  <properties>\n");
  tsr_tmx_name_bytes_property (out, "   ", layer->name);
  tsr_tmx_property_int (out, "   ", "sphere:flags", layer->flags);
  tsr_tmx_property_float (out, "   ", "sphere:parallax-x", layer->parallax_x);
  tsr_tmx_property_float (out, "   ", "sphere:parallax-y", layer->parallax_y);
  tsr_tmx_property_float (out, "   ", "sphere:scrolling-x", layer->scrolling_x);
  tsr_tmx_property_float (out, "   ", "sphere:scrolling-y", layer->scrolling_y);
  tsr_tmx_property_int (out, "   ", "sphere:reflective", layer->reflective);
  tsr_tmx_property_reserved (out, "   ", "sphere:reserved", layer->reserved, sizeof layer->reserved);
  g_string_append (out, "  </properties>\n");
}

GPtrArray *
tsr_sphere_tmx_export (const TsrSphereMap *map,
                       const char         *path,
                       GPtrArray          *lost,
                       GError            **error)
{
  const TsrSphereTileset *tileset = tsr_sphere_map_get_tileset (map);
  gboolean kept = map->tmx_tileset_source != NULL && map->tmx_image_source != NULL;
  g_autofree char *folder = g_path_get_dirname (path);
  /* The references the TMX was loaded with (issue 41: a renamed TMX keeps its tileset), else
   * MAP.tsx and MAP.png beside it. */
  g_autofree char *base = tsr_tmx_base_name (kept ? map->tmx_tileset_source : path);
  g_autofree char *tsx_name = kept ? g_strdup (map->tmx_tileset_source) : g_strconcat (base, ".tsx", NULL);
  g_autofree char *png_name = kept ? g_strdup (map->tmx_image_source) : g_strconcat (base, ".png", NULL);
  g_autofree char *tsx_path = g_build_filename (folder, tsx_name, NULL);
  g_autofree char *tsx_folder = g_path_get_dirname (tsx_path);
  g_autofree char *png_path = g_build_filename (tsx_folder, png_name, NULL);
  g_autoptr(TsrImage) sheet = NULL;
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GBytes) tsx = NULL;
  g_autoptr(GBytes) tmx = NULL;
  GPtrArray *outputs;
  GString *out;
  guint columns, width = 0, height = 0, next_id = 1, layer_id = 1;

  if (tileset == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("map: its tileset was not found, and TMX needs the tile images"));
      return NULL;
    }
  columns = MIN (16u, MAX (tileset->tiles->len, 1u));
  sheet = tsr_sphere_tileset_sheet (tileset, columns);
  if (sheet == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: the tileset is too large for one image"));
      return NULL;
    }
  png = tsr_image_to_png (sheet, error);
  if (png == NULL)
    return NULL;
  tsx = tsr_tmx_write_tsx (tileset, base, png_name, columns, sheet);

  for (guint i = 0; i < map->layers->len; i++)
    {
      const TsrSphereLayer *layer = g_ptr_array_index (map->layers, i);

      width = MAX (width, layer->width);
      height = MAX (height, layer->height);
    }

  out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append_printf (out, "<map version=\"1.8\" tiledversion=\"1.8.2\" orientation=\"orthogonal\" "
                          "renderorder=\"right-down\" width=\"%u\" height=\"%u\" tilewidth=\"%u\" "
                          "tileheight=\"%u\" infinite=\"0\" nextlayerid=\"%u\" nextobjectid=\"%u\">\n",
                          MAX (width, 1u), MAX (height, 1u), tileset->tile_width, tileset->tile_height,
                          map->layers->len * 2 + 2, 1u);
  g_string_append (out, " <properties>\n");
  tsr_tmx_property_int (out, "  ", "sphere:string-count", map->strings->len);
  for (guint i = 0; i < map->strings->len; i++)
    {
      g_autofree char *name = i < G_N_ELEMENTS (string_property_names)
                              ? g_strconcat ("sphere:", string_property_names[i], NULL)
                              : g_strdup_printf ("sphere:string-%u", i);

      tsr_tmx_property_string (out, "  ", name, g_ptr_array_index (map->strings, i));
    }
  tsr_tmx_property_int (out, "  ", "sphere:start-x", map->start_x);
  tsr_tmx_property_int (out, "  ", "sphere:start-y", map->start_y);
  tsr_tmx_property_int (out, "  ", "sphere:start-layer", map->start_layer);
  tsr_tmx_property_int (out, "  ", "sphere:start-direction", map->start_direction);
  tsr_tmx_property_int (out, "  ", "sphere:repeating", map->repeating);
  if (map->type != 0)
    tsr_tmx_property_int (out, "  ", "sphere:type", map->type);
  if (map->reserved_8 != 0)
    tsr_tmx_property_int (out, "  ", "sphere:reserved-8", map->reserved_8);
  tsr_tmx_property_reserved (out, "  ", "sphere:reserved", map->reserved, sizeof map->reserved);
  if (map->tileset != NULL)
    tsr_tmx_property_int (out, "  ", "sphere:tileset-appended", 1);
  if (map->unparsed_tail != NULL)
    {
      g_autofree char *tail = g_base64_encode (g_bytes_get_data (map->unparsed_tail, NULL),
                                               g_bytes_get_size (map->unparsed_tail));

      tsr_tmx_property (out, "  ", "sphere:unparsed-tail", NULL, tail);
      tsr_tmx_property_int (out, "  ", "sphere:tail-entities", map->tail_entity_count);
      tsr_tmx_property_int (out, "  ", "sphere:tail-zones", map->tail_zone_count);
      g_ptr_array_add (lost, g_strdup_printf ("entities from %u on (unknown type) travel as opaque bytes "
                                              "that Tiled cannot show", map->entities->len));
    }
  g_string_append (out, " </properties>\n");
  g_string_append (out, " <tileset firstgid=\"1\" source=\"");
  tsr_tmx_append_escaped (out, tsx_name);
  g_string_append (out, "\"/>\n");

  for (guint i = 0; i < map->layers->len; i++)
    {
      const TsrSphereLayer *layer = g_ptr_array_index (map->layers, i);

      g_string_append_printf (out, " <layer id=\"%u\"", layer_id++);
      tsr_tmx_name_attribute (out, layer->name);
      g_string_append_printf (out, " width=\"%u\" height=\"%u\"%s>\n", layer->width, layer->height,
                              layer->flags & TSR_SPHERE_LAYER_HIDDEN ? " visible=\"0\"" : "");
      tsr_tmx_write_layer_properties (out, layer);
      g_string_append (out, "  <data encoding=\"csv\">\n");
      for (guint y = 0; y < layer->height; y++)
        {
          for (guint x = 0; x < layer->width; x++)
            g_string_append_printf (out, "%u%s", layer->tiles[(gsize) y * layer->width + x] + 1u,
                                    x + 1 < layer->width || y + 1 < layer->height ? "," : "");
          g_string_append_c (out, '\n');
        }
      g_string_append (out, "  </data>\n </layer>\n");

      g_string_append_printf (out, " <objectgroup id=\"%u\" name=\"", layer_id++);
      {
        g_autofree char *text = tsr_tmx_string_text (layer->name);
        g_autofree char *group = g_strdup_printf ("%s obstructions", text);

        tsr_tmx_append_escaped (out, group);
      }
      g_string_append (out, "\" color=\"#ff2020\">\n  <properties>\n");
      tsr_tmx_property_int (out, "   ", "sphere:obstructions-of-layer", i);
      g_string_append (out, "  </properties>\n");
      for (guint s = 0; s < layer->segments->len; s++)
        {
          const TsrSphereSegment *segment = &g_array_index (layer->segments, TsrSphereSegment, s);

          g_string_append_printf (out, "  <object id=\"%u\" x=\"%u\" y=\"%u\"><polyline points=\"0,0 %"
                                  G_GINT64_FORMAT ",%" G_GINT64_FORMAT "\"/></object>\n",
                                  next_id++, segment->x1, segment->y1,
                                  (gint64) segment->x2 - segment->x1, (gint64) segment->y2 - segment->y1);
        }
      g_string_append (out, " </objectgroup>\n");
    }

  g_string_append_printf (out, " <objectgroup id=\"%u\" name=\"Entities and zones\">\n", layer_id++);
  for (guint i = 0; i < map->entities->len; i++)
    {
      const TsrSphereEntity *entity = g_ptr_array_index (map->entities, i);
      gboolean person = entity->type == TSR_SPHERE_ENTITY_PERSON;

      g_string_append_printf (out, "  <object id=\"%u\"", next_id++);
      if (person)
        tsr_tmx_name_attribute (out, entity->name);
      g_string_append_printf (out, " type=\"%s\" x=\"%u\" y=\"%u\">\n   <properties>\n",
                              person ? "person" : "trigger", entity->x, entity->y);
      tsr_tmx_property_int (out, "    ", "sphere:layer", entity->layer);
      tsr_tmx_property_reserved (out, "    ", "sphere:reserved", entity->reserved, sizeof entity->reserved);
      if (person)
        {
          tsr_tmx_name_bytes_property (out, "    ", entity->name);
          tsr_tmx_property_string (out, "    ", "spriteset", entity->spriteset);
          tsr_tmx_property_int (out, "    ", "sphere:script-count", entity->scripts->len);
          for (guint s = 0; s < entity->scripts->len; s++)
            {
              g_autofree char *name = s < G_N_ELEMENTS (person_script_names)
                                      ? g_strdup (person_script_names[s]) : g_strdup_printf ("script-%u", s);

              tsr_tmx_property_string (out, "    ", name, g_ptr_array_index (entity->scripts, s));
            }
          tsr_tmx_property_reserved (out, "    ", "sphere:person-reserved", entity->person_reserved,
                                     sizeof entity->person_reserved);
        }
      else
        tsr_tmx_property_string (out, "    ", "function", entity->function);
      g_string_append (out, "   </properties>\n   <point/>\n  </object>\n");
    }
  for (guint i = 0; i < map->zones->len; i++)
    {
      const TsrSphereZone *zone = g_ptr_array_index (map->zones, i);

      g_string_append_printf (out, "  <object id=\"%u\" type=\"zone\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\">\n"
                              "   <properties>\n", next_id++, MIN (zone->x1, zone->x2), MIN (zone->y1, zone->y2),
                              (guint) ABS ((int) zone->x2 - (int) zone->x1), (guint) ABS ((int) zone->y2 - (int) zone->y1));
      tsr_tmx_property_int (out, "    ", "sphere:layer", zone->layer);
      tsr_tmx_property_int (out, "    ", "reactivate-steps", zone->reactivate_steps);
      if (zone->x1 > zone->x2)
        tsr_tmx_property_int (out, "    ", "sphere:flipped-x", 1);
      if (zone->y1 > zone->y2)
        tsr_tmx_property_int (out, "    ", "sphere:flipped-y", 1);
      tsr_tmx_property_reserved (out, "    ", "sphere:reserved", zone->reserved, sizeof zone->reserved);
      tsr_tmx_property_string (out, "    ", "function", zone->function);
      g_string_append (out, "   </properties>\n  </object>\n");
    }
  g_string_append (out, " </objectgroup>\n</map>\n");
  {
    /* nextobjectid must exceed every id: patch it now that all are known. */
    char *marker = strstr (out->str, "nextobjectid=\"1\"");
    g_autofree char *fixed = g_strdup_printf ("nextobjectid=\"%u\"", next_id);

    if (marker != NULL)
      {
        gsize at = (gsize) (marker - out->str);

        g_string_erase (out, (gssize) at, strlen ("nextobjectid=\"1\""));
        g_string_insert (out, (gssize) at, fixed);
      }
  }
  tmx = g_string_free_to_bytes (out);

  outputs = tsr_output_files_new ();
  g_ptr_array_add (outputs, tsr_output_file_new (path, tmx));
  g_ptr_array_add (outputs, tsr_output_file_new (tsx_path, tsx));
  g_ptr_array_add (outputs, tsr_output_file_new (png_path, png));
  return outputs;
}

/* Import */

typedef struct {
  char       *element;
  GHashTable *attributes; /* name → value */
  GHashTable *properties; /* name → value (the <properties> inside this element) */
  GString    *text;
  GArray     *segments;   /* TsrSphereSegment from child polylines (tiles, object groups) */
  GArray     *points;     /* gint64 pairs of a <polyline> */
  gboolean    is_point;
  int         line, column; /* where the element starts, for messages */
} TsrTmxFrame;

typedef struct {
  guint       id;
  GHashTable *properties;
  GArray     *segments;
} TsrTmxTile;

typedef struct {
  TsrSphereMap     *map;
  char             *folder;        /* of the file being parsed (TMX, then TSX) */
  char             *file_name;     /* its name, for messages */
  const char       *data;          /* its text */
  gsize             size;
  const char       *cursor;        /* in DATA, at CURSOR_LINE:CURSOR_COLUMN (tsr_tmx_element_start) */
  int               cursor_line, cursor_column;
  char             *map_place;     /* "FILE:LINE:COLUMN" of <map> and of the tileset proper, for */
  char             *tileset_place; /* the messages about them once the files are read */
  GPtrArray        *stack;         /* TsrTmxFrame */
  GHashTable       *map_properties;
  guint             firstgid;
  gboolean          has_tileset;
  TsrSphereTileset *tileset;
  GPtrArray        *tiles;         /* TsrTmxTile */
  GHashTable       *tileset_attributes;
  GHashTable       *tileset_properties;
  char             *image_path;
  char             *tileset_source; /* the TMX's <tileset source>, as written */
  char             *image_source;   /* that TSX's <image source>, as written */
} TsrTmxImport;

static void
tsr_tmx_frame_free (gpointer data)
{
  TsrTmxFrame *frame = data;

  g_free (frame->element);
  g_hash_table_unref (frame->attributes);
  g_hash_table_unref (frame->properties);
  g_string_free (frame->text, TRUE);
  g_array_unref (frame->segments);
  g_array_unref (frame->points);
  g_free (frame);
}

static void
tsr_tmx_tile_free (gpointer data)
{
  TsrTmxTile *tile = data;

  g_hash_table_unref (tile->properties);
  g_array_unref (tile->segments);
  g_free (tile);
}

static TsrTmxFrame *
tsr_tmx_parent (TsrTmxImport *import, guint up)
{
  if (import->stack->len < up + 1)
    return NULL;
  return g_ptr_array_index (import->stack, import->stack->len - 1 - up);
}

/* Appends one problem to PROBLEMS, after "; " when there are others. */
static void tsr_tmx_problem (GString *problems, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
tsr_tmx_problem (GString    *problems,
                 const char *format,
                 ...)
{
  va_list args;

  if (problems->len > 0)
    g_string_append (problems, "; ");
  va_start (args, format);
  g_string_append_vprintf (problems, format, args);
  va_end (args);
}

static gint64
tsr_tmx_int (GHashTable *table, const char *name, gint64 fallback, gint64 min, gint64 max,
             gboolean *ok, GString *problems)
{
  const char *text = g_hash_table_lookup (table, name);
  gint64 value;

  if (text == NULL)
    return fallback;
  if (!tsr_sphere_xml_parse_int (text, TRUE, min, max, &value))
    {
      tsr_tmx_problem (problems, _("%s=\"%s\" is not a number in %" PRId64 "..%" PRId64), name, text, min, max);
      *ok = FALSE;
      return fallback;
    }
  return value;
}

static float
tsr_tmx_float (GHashTable *table, const char *name, float fallback, gboolean *ok, GString *problems)
{
  const char *text = g_hash_table_lookup (table, name);
  float value;
  char *end;

  if (text == NULL)
    return fallback;
  if (g_str_has_prefix (text, "bits:"))
    {
      guint64 bits = g_ascii_strtoull (text + 5, &end, 16);
      guint32 bits32 = (guint32) bits;

      if (*end == '\0' && bits <= G_MAXUINT32)
        {
          memcpy (&value, &bits32, sizeof value);
          return value;
        }
    }
  else
    {
      value = (float) g_ascii_strtod (text, &end);
      if (end != text && *end == '\0')
        return value;
    }
  tsr_tmx_problem (problems, _("%s=\"%s\" is not a number"), name, text);
  *ok = FALSE;
  return fallback;
}

/* The bytes of a string property NAME: NAME:bytes when it still matches the text, else the text.
 * With NAME NULL, the string is a name attribute whose text is NAME_TEXT (NULL when absent). */
static GBytes *
tsr_tmx_string (GHashTable *table, const char *name, const char *name_text)
{
  const char *text = name != NULL ? g_hash_table_lookup (table, name) : name_text;
  g_autofree char *bytes_name = g_strconcat (name != NULL ? name : "sphere:name", ":bytes", NULL);
  const char *encoded = g_hash_table_lookup (table, bytes_name);

  if (text == NULL)
    text = "";
  if (encoded != NULL)
    {
      gsize size;
      g_autofree guchar *data = g_base64_decode (encoded, &size);
      g_autoptr(GBytes) bytes = g_bytes_new (data, size);
      g_autofree char *shown = tsr_tmx_string_text (bytes);

      if (g_strcmp0 (shown, text) == 0)
        return g_steal_pointer (&bytes);
    }
  return tsr_sphere_string_new (text);
}

static void
tsr_tmx_reserved (GHashTable *table, const char *name, guint8 *data, gsize size)
{
  const char *hex = g_hash_table_lookup (table, name);

  memset (data, 0, size);
  for (gsize i = 0; hex != NULL && i < size && g_ascii_isxdigit (hex[i * 2]) && g_ascii_isxdigit (hex[i * 2 + 1]); i++)
    data[i] = (guint8) (g_ascii_xdigit_value (hex[i * 2]) * 16 + g_ascii_xdigit_value (hex[i * 2 + 1]));
}

static void tsr_tmx_start_element (GMarkupParseContext *context, const char *element,
                                   const char **names, const char **values,
                                   gpointer user_data, GError **error);
static void tsr_tmx_end_element   (GMarkupParseContext *context, const char *element,
                                   gpointer user_data, GError **error);
static void tsr_tmx_text          (GMarkupParseContext *context, const char *text, gsize length,
                                   gpointer user_data, GError **error);

static const GMarkupParser tsr_tmx_parser = {
  tsr_tmx_start_element, tsr_tmx_end_element, tsr_tmx_text, NULL, NULL,
};

/* GMarkup's message ("Error on line 45 char 42: Document ended unexpectedly …") without its own
 * position, every quotation of the document cut to a few characters, and no control bytes, so
 * that the error stays one line however the document looks. */
static char *
tsr_tmx_markup_reason (const char *message)
{
  const char *p = message;
  GString *out = g_string_new (NULL);

  if (g_str_has_prefix (p, "Error on line ") && strstr (p, ": ") != NULL)
    p = strstr (p, ": ") + 2;
  while (*p != '\0')
    {
      if (g_str_has_prefix (p, "\u201c"))
        {
          const char *start = p + strlen ("\u201c");
          const char *end = strstr (start, "\u201d");
          glong length;

          if (end == NULL)
            end = start + strlen (start);
          length = g_utf8_strlen (start, end - start);
          g_string_append (out, "\u201c");
          g_string_append_len (out, start,
                               g_utf8_offset_to_pointer (start, MIN (length, 24)) - start);
          if (length > 24)
            g_string_append (out, "\u2026");
          g_string_append (out, "\u201d");
          p = *end != '\0' ? end + strlen ("\u201d") : end;
          continue;
        }
      g_string_append_c (out, *p);
      p++;
    }
  {
    g_autofree char *raw = g_string_free (out, FALSE);

    return tsr_escape_control (raw);
  }
}

static gboolean
tsr_tmx_parse_file (TsrTmxImport *import, const char *path, const char *data, gsize size, GError **error)
{
  GMarkupParseContext *context = g_markup_parse_context_new (&tsr_tmx_parser, 0, import, NULL);
  g_autofree char *saved_folder = import->folder;
  g_autofree char *saved_name = import->file_name;
  const char *saved_data, *saved_cursor;
  gsize saved_size;
  int saved_line, saved_column;
  gboolean ok;
  int line = 0, column = 0;

  import->folder = path ? g_path_get_dirname (path) : g_strdup (".");
  import->file_name = path ? g_path_get_basename (path) : g_strdup ("TMX");
  saved_data = import->data;
  saved_size = import->size;
  saved_cursor = import->cursor;
  saved_line = import->cursor_line;
  saved_column = import->cursor_column;
  import->data = data;
  import->size = size;
  import->cursor = data;
  import->cursor_line = 1;
  import->cursor_column = 1;
  ok = g_markup_parse_context_parse (context, data, (gssize) size, error) &&
       g_markup_parse_context_end_parse (context, error);
  g_markup_parse_context_get_position (context, &line, &column);
  g_markup_parse_context_free (context);
  g_free (import->folder);
  import->folder = g_steal_pointer (&saved_folder);
  g_free (import->file_name);
  import->file_name = g_steal_pointer (&saved_name);
  import->data = saved_data;
  import->size = saved_size;
  import->cursor = saved_cursor;
  import->cursor_line = saved_line;
  import->cursor_column = saved_column;
  if (!ok && error != NULL && *error != NULL && (*error)->domain != TSR_ERROR)
    {
      g_autofree char *reason = tsr_tmx_markup_reason ((*error)->message);
      GError *wrapped = g_error_new (TSR_ERROR, TSR_ERROR_INVALID, _("TMX %d:%d: %s"), line, column, reason);

      g_clear_error (error);
      *error = wrapped;
    }
  return ok;
}

/* Where the element being started begins ('<'), as line and column from 1: GMarkup tells where
 * its start tag ended (the next line when the tag ends one). Positions only grow within a file,
 * so the scan goes on from where the last one stopped (IMPORT's cursor): linear in the text. */
static void
tsr_tmx_element_start (TsrTmxImport *import, GMarkupParseContext *context, int *line, int *column)
{
  const char *end = import->data + import->size, *p;
  int at_line = 0, at_column = 0, newlines = 0, back = 0;

  g_markup_parse_context_get_position (context, &at_line, &at_column);
  while (import->cursor < end && (import->cursor_line < at_line
                                  || (import->cursor_line == at_line && import->cursor_column < at_column)))
    {
      if (*import->cursor == '\n')
        {
          import->cursor_line++;
          import->cursor_column = 1;
          import->cursor++;
        }
      else
        {
          const char *next = g_utf8_find_next_char (import->cursor, end);

          import->cursor = next != NULL ? next : end;
          import->cursor_column++;
        }
    }
  p = import->cursor;
  while (p > import->data && *p != '<')
    {
      p = g_utf8_find_prev_char (import->data, p);
      if (p == NULL)
        break;
      if (*p == '\n')
        newlines++;
      else
        back++;
    }
  if (p == NULL || *p != '<')
    {
      *line = at_line;
      *column = at_column;
      return;
    }
  *line = import->cursor_line - newlines;
  if (newlines == 0)
    *column = import->cursor_column - back;
  else
    {
      const char *line_start = p;

      while (line_start > import->data && line_start[-1] != '\n')
        line_start--;
      *column = (int) g_utf8_strlen (line_start, p - line_start) + 1;
    }
}

static void
tsr_tmx_start_element (GMarkupParseContext *context,
                       const char          *element,
                       const char         **names,
                       const char         **values,
                       gpointer             user_data,
                       GError             **error)
{
  TsrTmxImport *import = user_data;
  TsrTmxFrame *frame = g_new0 (TsrTmxFrame, 1);
  TsrTmxFrame *parent = tsr_tmx_parent (import, 0);

  frame->element = g_strdup (element);
  if (g_str_equal (element, "map") || g_str_equal (element, "tileset"))
    tsr_tmx_element_start (import, context, &frame->line, &frame->column);
  frame->attributes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  frame->properties = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  frame->text = g_string_new (NULL);
  frame->segments = g_array_new (FALSE, TRUE, sizeof (TsrSphereSegment));
  frame->points = g_array_new (FALSE, TRUE, sizeof (gint64));
  for (guint i = 0; names[i] != NULL; i++)
    g_hash_table_insert (frame->attributes, g_strdup (names[i]), g_strdup (values[i]));
  g_ptr_array_add (import->stack, frame);

  if (g_str_equal (element, "map"))
    {
      const char *orientation = g_hash_table_lookup (frame->attributes, "orientation");

      if (g_strcmp0 (orientation, "orthogonal") != 0)
        tsr_sphere_xml_fail (context, NULL, error, "orthogonal maps only (found \"%s\")", orientation ? orientation : "none");
      else if (g_strcmp0 (g_hash_table_lookup (frame->attributes, "infinite"), "1") == 0)
        tsr_sphere_xml_fail (context, NULL, error, "infinite maps cannot become Sphere maps");
    }
  else if (g_str_equal (element, "tileset") && parent != NULL && g_str_equal (parent->element, "map") &&
           g_hash_table_contains (frame->attributes, "firstgid"))
    {
      const char *source = g_hash_table_lookup (frame->attributes, "source");
      gint64 firstgid;

      if (import->has_tileset)
        {
          tsr_sphere_xml_fail (context, NULL, error, "one tileset only (Sphere maps have one)");
          return;
        }
      import->has_tileset = TRUE;
      if (!tsr_sphere_xml_parse_int (g_hash_table_lookup (frame->attributes, "firstgid"), TRUE, 1, G_MAXUINT32, &firstgid))
        {
          tsr_sphere_xml_fail (context, NULL, error, "tileset firstgid missing");
          return;
        }
      import->firstgid = (guint) firstgid;
      if (source != NULL)
        {
          g_free (import->tileset_source);
          import->tileset_source = g_strdup (source);
          g_autofree char *tsx_path = g_build_filename (import->folder, source, NULL);
          g_autoptr(GBytes) tsx = NULL;
          gsize size;
          const char *data;
          TsrTmxFrame *outer;

          tsx = tsr_file_read_sibling (tsx_path, error);
          if (tsx == NULL)
            return;
          data = g_bytes_get_data (tsx, &size);
          /* The TSX's root <tileset> lands on the stack above this one. */
          outer = g_ptr_array_steal_index (import->stack, import->stack->len - 1);
          if (!tsr_tmx_parse_file (import, tsx_path, data, size, error))
            tsr_error_prefix (error, "%s", source);
          g_ptr_array_add (import->stack, outer);
        }
    }
  else if (g_str_equal (element, "image") && parent != NULL && g_str_equal (parent->element, "tileset"))
    {
      const char *source = g_hash_table_lookup (frame->attributes, "source");

      if (source != NULL)
        {
          g_free (import->image_path);
          import->image_path = g_build_filename (import->folder, source, NULL);
          g_free (import->image_source);
          import->image_source = g_strdup (source);
        }
    }
  else if (g_str_equal (element, "data"))
    {
      const char *encoding = g_hash_table_lookup (frame->attributes, "encoding");

      if (g_strcmp0 (encoding, "csv") != 0)
        tsr_sphere_xml_fail (context, NULL, error, "layer data must be CSV (found \"%s\"); set Tiled's layer format to CSV",
                             encoding ? encoding : "XML");
      else if (g_hash_table_lookup (frame->attributes, "compression") != NULL)
        tsr_sphere_xml_fail (context, NULL, error, "compressed layer data is not read");
    }
  else if (g_str_equal (element, "point"))
    {
      if (parent != NULL)
        parent->is_point = TRUE;
    }
  else if (g_str_equal (element, "polyline") || g_str_equal (element, "polygon"))
    {
      const char *points = g_hash_table_lookup (frame->attributes, "points");
      g_auto(GStrv) pairs = g_strsplit_set (points ? points : "", " ", -1);

      for (guint i = 0; parent != NULL && pairs[i] != NULL; i++)
        {
          g_auto(GStrv) xy = g_strsplit (pairs[i], ",", 2);
          gint64 x, y;

          if (pairs[i][0] == '\0')
            continue;
          if (g_strv_length (xy) != 2 || !tsr_sphere_xml_parse_int (xy[0], TRUE, -(gint64) G_MAXUINT32, G_MAXUINT32, &x) ||
              !tsr_sphere_xml_parse_int (xy[1], TRUE, -(gint64) G_MAXUINT32, G_MAXUINT32, &y))
            {
              tsr_sphere_xml_fail (context, NULL, error, "bad polyline point \"%s\"", pairs[i]);
              return;
            }
          g_array_append_val (parent->points, x);
          g_array_append_val (parent->points, y);
        }
      if (parent != NULL && g_str_equal (element, "polygon") && parent->points->len >= 2)
        {
          gint64 x = g_array_index (parent->points, gint64, 0), y = g_array_index (parent->points, gint64, 1);

          g_array_append_val (parent->points, x);
          g_array_append_val (parent->points, y);
        }
    }
  else if (g_str_equal (element, "property"))
    {
      /* <properties> is the parent; its parent owns the properties. */
      TsrTmxFrame *owner = tsr_tmx_parent (import, 2);
      const char *name = g_hash_table_lookup (frame->attributes, "name");
      const char *value = g_hash_table_lookup (frame->attributes, "value");

      if (owner != NULL && name != NULL)
        g_hash_table_insert (owner->properties, g_strdup (name), g_strdup (value ? value : ""));
    }
}

static void
tsr_tmx_text (GMarkupParseContext *context,
              const char          *text,
              gsize                length,
              gpointer             user_data,
              GError             **error)
{
  TsrTmxImport *import = user_data;
  TsrTmxFrame *frame = tsr_tmx_parent (import, 0);

  if (frame != NULL && (g_str_equal (frame->element, "data") || g_str_equal (frame->element, "property")))
    g_string_append_len (frame->text, text, (gssize) length);
}

/* The segments a <object> with a <polyline> stands for, appended to SEGMENTS. */
static gboolean
tsr_tmx_object_segments (TsrTmxFrame *object, GArray *segments, gint64 max, GString *problems)
{
  gboolean ok = TRUE;
  gint64 x = tsr_tmx_int (object->attributes, "x", 0, -(gint64) G_MAXUINT32, G_MAXUINT32, &ok, problems);
  gint64 y = tsr_tmx_int (object->attributes, "y", 0, -(gint64) G_MAXUINT32, G_MAXUINT32, &ok, problems);

  for (guint p = 0; ok && p + 3 < object->points->len; p += 2)
    {
      gint64 x1 = x + g_array_index (object->points, gint64, p), y1 = y + g_array_index (object->points, gint64, p + 1);
      gint64 x2 = x + g_array_index (object->points, gint64, p + 2), y2 = y + g_array_index (object->points, gint64, p + 3);
      TsrSphereSegment segment;

      if (x1 < 0 || y1 < 0 || x2 < 0 || y2 < 0 || x1 > max || y1 > max || x2 > max || y2 > max)
        {
          tsr_tmx_problem (problems, _("a segment leaves 0..%" PRId64), max);
          return FALSE;
        }
      segment = (TsrSphereSegment) { (guint32) x1, (guint32) y1, (guint32) x2, (guint32) y2 };
      g_array_append_val (segments, segment);
    }
  return ok;
}

static void
tsr_tmx_end_layer (TsrTmxImport *import, TsrTmxFrame *frame, TsrTmxFrame *data, GString *problems, gboolean *ok)
{
  gint64 width = tsr_tmx_int (frame->attributes, "width", 0, 1, TSR_SPHERE_LAYER_SIZE_MAX, ok, problems);
  gint64 height = tsr_tmx_int (frame->attributes, "height", 0, 1, TSR_SPHERE_LAYER_SIZE_MAX, ok, problems);
  TsrSphereLayer *layer;
  g_auto(GStrv) cells = NULL;
  guint count = 0;

  if (!*ok)
    return;
  layer = tsr_sphere_layer_new ((guint16) width, (guint16) height, NULL);
  g_clear_pointer (&layer->name, g_bytes_unref);
  layer->name = tsr_tmx_string (frame->properties, NULL, g_hash_table_lookup (frame->attributes, "name"));
  layer->flags = (guint16) tsr_tmx_int (frame->properties, "sphere:flags",
                                        g_strcmp0 (g_hash_table_lookup (frame->attributes, "visible"), "0") == 0,
                                        0, G_MAXUINT16, ok, problems);
  layer->parallax_x = tsr_tmx_float (frame->properties, "sphere:parallax-x", 1.0f, ok, problems);
  layer->parallax_y = tsr_tmx_float (frame->properties, "sphere:parallax-y", 1.0f, ok, problems);
  layer->scrolling_x = tsr_tmx_float (frame->properties, "sphere:scrolling-x", 0.0f, ok, problems);
  layer->scrolling_y = tsr_tmx_float (frame->properties, "sphere:scrolling-y", 0.0f, ok, problems);
  layer->reflective = (guint8) tsr_tmx_int (frame->properties, "sphere:reflective", 0, 0, 255, ok, problems);
  tsr_tmx_reserved (frame->properties, "sphere:reserved", layer->reserved, sizeof layer->reserved);
  g_ptr_array_add (import->map->layers, layer);

  cells = g_strsplit_set (data ? data->text->str : "", ",\n\r\t ", -1);
  for (guint i = 0; cells[i] != NULL && *ok; i++)
    {
      gint64 gid;

      if (cells[i][0] == '\0')
        continue;
      if (count >= (guint) (width * height))
        {
          tsr_tmx_problem (problems, _("more than %" PRId64 " cells"), width * height);
          *ok = FALSE;
          break;
        }
      if (!tsr_sphere_xml_parse_int (cells[i], TRUE, 0, G_MAXUINT32, &gid))
        {
          tsr_tmx_problem (problems, _("cell \"%s\" is not a tile id"), cells[i]);
          *ok = FALSE;
          break;
        }
      if (gid & 0xe0000000)
        {
          tsr_tmx_problem (problems, "%s", _("flipped or rotated tiles cannot be stored in Sphere maps"));
          *ok = FALSE;
          break;
        }
      /* Sphere has no empty cell: Tiled's empty cells become tile 0. */
      layer->tiles[count++] = gid == 0 ? 0 : (guint16) MIN (gid - import->firstgid, G_MAXUINT16);
    }
  if (*ok && count != (guint) (width * height))
    {
      tsr_tmx_problem (problems, _("%u cells where %" PRId64 " were expected"), count, width * height);
      *ok = FALSE;
    }
}

static void
tsr_tmx_end_object (TsrTmxImport *import, TsrTmxFrame *object, TsrTmxFrame *group, TsrTmxFrame *owner,
                    GString *problems, gboolean *ok)
{
  const char *layer_text = g_hash_table_lookup (group->properties, "sphere:obstructions-of-layer");
  const char *type = g_hash_table_lookup (object->attributes, "type");

  if (owner != NULL && g_str_equal (owner->element, "tile"))
    {
      *ok = tsr_tmx_object_segments (object, owner->segments, G_MAXUINT16, problems);
      return;
    }
  if (layer_text != NULL || (object->points->len > 0 && type == NULL))
    {
      /* Signed: with no layer yet there is no last one (the unsigned "len - 1" pointed far away). */
      gint64 index = (gint64) import->map->layers->len - 1;
      TsrSphereLayer *layer;

      if (layer_text != NULL && (index < 0 || !tsr_sphere_xml_parse_int (layer_text, TRUE, 0, index, &index)))
        {
          tsr_tmx_problem (problems, _("obstructions of layer %s, which does not exist"), layer_text);
          *ok = FALSE;
          return;
        }
      if (index < 0)
        {
          tsr_tmx_problem (problems, "%s", _("obstructions before any tile layer"));
          *ok = FALSE;
          return;
        }
      layer = g_ptr_array_index (import->map->layers, index);
      *ok = tsr_tmx_object_segments (object, layer->segments, G_MAXUINT32, problems);
      return;
    }
  if (g_strcmp0 (type, "person") == 0 || g_strcmp0 (type, "trigger") == 0)
    {
      TsrSphereEntity *entity = g_new0 (TsrSphereEntity, 1);

      entity->x = (guint16) tsr_tmx_int (object->attributes, "x", 0, 0, G_MAXUINT16, ok, problems);
      entity->y = (guint16) tsr_tmx_int (object->attributes, "y", 0, 0, G_MAXUINT16, ok, problems);
      entity->layer = (guint16) tsr_tmx_int (object->properties, "sphere:layer", 0, 0, G_MAXUINT16, ok, problems);
      tsr_tmx_reserved (object->properties, "sphere:reserved", entity->reserved, sizeof entity->reserved);
      if (g_str_equal (type, "person"))
        {
          gint64 count = tsr_tmx_int (object->properties, "sphere:script-count", 5, 0, G_MAXUINT16, ok, problems);
          const char *name = g_hash_table_lookup (object->attributes, "name");

          entity->type = TSR_SPHERE_ENTITY_PERSON;
          entity->name = tsr_tmx_string (object->properties, NULL, name ? name : "");
          entity->spriteset = tsr_tmx_string (object->properties, "spriteset", NULL);
          entity->scripts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
          for (gint64 s = 0; s < count; s++)
            {
              g_autofree char *script = s < (gint64) G_N_ELEMENTS (person_script_names)
                                        ? g_strdup (person_script_names[s])
                                        : g_strdup_printf ("script-%" G_GINT64_FORMAT, s);

              g_ptr_array_add (entity->scripts, tsr_tmx_string (object->properties, script, NULL));
            }
          tsr_tmx_reserved (object->properties, "sphere:person-reserved", entity->person_reserved,
                            sizeof entity->person_reserved);
        }
      else
        {
          entity->type = TSR_SPHERE_ENTITY_TRIGGER;
          entity->function = tsr_tmx_string (object->properties, "function", NULL);
        }
      g_ptr_array_add (import->map->entities, entity);
    }
  else if (g_strcmp0 (type, "zone") == 0)
    {
      TsrSphereZone *zone = g_new0 (TsrSphereZone, 1);
      gint64 x = tsr_tmx_int (object->attributes, "x", 0, 0, G_MAXUINT16, ok, problems);
      gint64 y = tsr_tmx_int (object->attributes, "y", 0, 0, G_MAXUINT16, ok, problems);
      gint64 w = tsr_tmx_int (object->attributes, "width", 0, 0, G_MAXUINT16, ok, problems);
      gint64 h = tsr_tmx_int (object->attributes, "height", 0, 0, G_MAXUINT16, ok, problems);
      gboolean flip_x = tsr_tmx_int (object->properties, "sphere:flipped-x", 0, 0, 1, ok, problems) != 0;
      gboolean flip_y = tsr_tmx_int (object->properties, "sphere:flipped-y", 0, 0, 1, ok, problems) != 0;

      zone->x1 = (guint16) (flip_x ? x + w : x);
      zone->x2 = (guint16) (flip_x ? x : x + w);
      zone->y1 = (guint16) (flip_y ? y + h : y);
      zone->y2 = (guint16) (flip_y ? y : y + h);
      zone->layer = (guint16) tsr_tmx_int (object->properties, "sphere:layer", 0, 0, G_MAXUINT16, ok, problems);
      zone->reactivate_steps = (guint16) tsr_tmx_int (object->properties, "reactivate-steps", 8, 0, G_MAXUINT16, ok, problems);
      tsr_tmx_reserved (object->properties, "sphere:reserved", zone->reserved, sizeof zone->reserved);
      zone->function = tsr_tmx_string (object->properties, "function", NULL);
      g_ptr_array_add (import->map->zones, zone);
    }
  else
    {
      tsr_tmx_problem (problems, _("object of type \"%s\": Sphere maps hold persons, triggers and zones"),
                       type ? type : "");
      *ok = FALSE;
    }
}

static void
tsr_tmx_end_element (GMarkupParseContext *context,
                     const char          *element,
                     gpointer             user_data,
                     GError             **error)
{
  TsrTmxImport *import = user_data;
  TsrTmxFrame *frame = g_ptr_array_steal_index (import->stack, import->stack->len - 1);
  TsrTmxFrame *parent = tsr_tmx_parent (import, 0);
  g_autoptr(GString) problems = g_string_new (NULL);
  gboolean ok = TRUE;

  if (g_str_equal (element, "property") && frame->text->len > 0)
    {
      /* A multi-line value Tiled wrote as the element's text. */
      TsrTmxFrame *owner = tsr_tmx_parent (import, 1);
      const char *name = g_hash_table_lookup (frame->attributes, "name");

      if (owner != NULL && name != NULL && g_hash_table_lookup (frame->attributes, "value") == NULL)
        g_hash_table_insert (owner->properties, g_strdup (name), g_strdup (frame->text->str));
    }
  else if (g_str_equal (element, "data") && parent != NULL && g_str_equal (parent->element, "layer"))
    {
      /* Keep the text for the layer's end. */
      g_string_assign (parent->text, frame->text->str);
    }
  else if (g_str_equal (element, "layer"))
    {
      if (!import->has_tileset)
        {
          tsr_sphere_xml_fail (context, NULL, error, "the map's tileset must come before its layers");
          goto done;
        }
      tsr_tmx_end_layer (import, frame, frame, problems, &ok);
      if (!ok)
        {
          tsr_sphere_xml_fail (context, NULL, error, "layer: %s", problems->str);
          goto done;
        }
    }
  else if (g_str_equal (element, "object") && parent != NULL)
    {
      tsr_tmx_end_object (import, frame, parent, tsr_tmx_parent (import, 1), problems, &ok);
      if (!ok)
        {
          const char *id = g_hash_table_lookup (frame->attributes, "id");

          tsr_sphere_xml_fail (context, NULL, error, "object %s: %s", id != NULL ? id : "?", problems->str);
        }
    }
  else if (g_str_equal (element, "tile") && parent != NULL && g_str_equal (parent->element, "tileset"))
    {
      TsrTmxTile *tile = g_new0 (TsrTmxTile, 1);
      gint64 id;

      if (!tsr_sphere_xml_parse_int (g_hash_table_lookup (frame->attributes, "id"), TRUE, 0, G_MAXUINT16, &id))
        {
          g_free (tile);
          tsr_sphere_xml_fail (context, NULL, error, "tile without a valid id");
          goto done;
        }
      tile->id = (guint) id;
      tile->properties = g_hash_table_ref (frame->properties);
      tile->segments = g_array_ref (frame->segments);
      g_ptr_array_add (import->tiles, tile);
    }
  else if (g_str_equal (element, "tileset") && (parent == NULL || !g_str_equal (parent->element, "map") ||
                                                g_hash_table_lookup (frame->attributes, "source") == NULL))
    {
      /* The tileset proper (a TSX root or one embedded in the map). */
      g_clear_pointer (&import->tileset_attributes, g_hash_table_unref);
      g_clear_pointer (&import->tileset_properties, g_hash_table_unref);
      import->tileset_attributes = g_hash_table_ref (frame->attributes);
      import->tileset_properties = g_hash_table_ref (frame->properties);
      g_free (import->tileset_place);
      import->tileset_place = g_strdup_printf ("%s:%d:%d", import->file_name, frame->line, frame->column);
    }
  else if (g_str_equal (element, "map"))
    {
      import->map_properties = g_hash_table_ref (frame->properties);
      g_free (import->map_place);
      import->map_place = g_strdup_printf ("%s:%d:%d", import->file_name, frame->line, frame->column);
    }

done:
  tsr_tmx_frame_free (frame);
}

static TsrSphereTileset *
tsr_tmx_build_tileset (TsrTmxImport *import, GError **error)
{
  g_autoptr(TsrSphereTileset) tileset = NULL;
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autoptr(GBytes) png = NULL;
  g_autoptr(TsrImage) sheet = NULL;
  gboolean ok = TRUE;
  gint64 width, height, count, columns;
  GHashTable *attributes = import->tileset_attributes;
  GHashTable *properties = import->tileset_properties;

  /* Text: messages name the file and the line of the element they are about. */
  if (attributes == NULL || import->image_path == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("TMX: a tileset with one image is needed"));
      tsr_error_prefix (error, "%s", attributes == NULL ? import->map_place : import->tileset_place);
      return NULL;
    }
  width = tsr_tmx_int (attributes, "tilewidth", 0, 1, TSR_SPHERE_TILE_SIZE_MAX, &ok, problems);
  height = tsr_tmx_int (attributes, "tileheight", 0, 1, TSR_SPHERE_TILE_SIZE_MAX, &ok, problems);
  count = tsr_tmx_int (attributes, "tilecount", 0, 0, G_MAXUINT16, &ok, problems);
  columns = tsr_tmx_int (attributes, "columns", 0, 1, G_MAXUINT16, &ok, problems);
  if (!ok || width == 0 || height == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("TMX tileset: %s"),
                   problems->len ? problems->str : _("tile size missing"));
      tsr_error_prefix (error, "%s", import->tileset_place);
      return NULL;
    }
  if (tsr_tmx_int (attributes, "spacing", 0, 0, 0, &ok, problems) != 0 ||
      tsr_tmx_int (attributes, "margin", 0, 0, 0, &ok, problems) != 0 || !ok)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("TMX tileset: margin and spacing must be 0"));
      tsr_error_prefix (error, "%s", import->tileset_place);
      return NULL;
    }
  png = tsr_file_read_sibling (import->image_path, error);
  if (png == NULL)
    return NULL;
  sheet = tsr_image_load_png (g_bytes_get_data (png, NULL), g_bytes_get_size (png), import->image_path, error);
  if (sheet == NULL)
    return NULL;
  if ((gint64) sheet->width < columns * width || (gint64) sheet->height < ((count + columns - 1) / columns) * height)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("TMX tileset: image %ux%u is too small for %lld tiles"),
                   sheet->width, sheet->height, (long long) count);
      tsr_error_prefix (error, "%s", import->tileset_place);
      return NULL;
    }

  tileset = tsr_sphere_tileset_new ((guint16) width, (guint16) height);
  tileset->has_obstructions = (guint8) tsr_tmx_int (properties, "sphere:has-obstructions", 1, 0, 255, &ok, problems);
  tileset->version = (guint16) tsr_tmx_int (properties, "sphere:version", 1, 0, G_MAXUINT16, &ok, problems);
  tsr_tmx_reserved (properties, "sphere:reserved", tileset->reserved, sizeof tileset->reserved);
  for (gint64 i = 0; i < count; i++)
    {
      TsrSphereTile *tile = tsr_sphere_tileset_add_tile (tileset);
      guint x0 = (guint) ((i % columns) * width), y0 = (guint) ((i / columns) * height);

      for (guint y = 0; y < height; y++)
        memcpy (tile->pixels + (gsize) y * width * 4, sheet->pixels + (((gsize) (y0 + y) * sheet->width) + x0) * 4,
                (gsize) width * 4);
    }
  for (guint t = 0; t < import->tiles->len; t++)
    {
      TsrTmxTile *info = g_ptr_array_index (import->tiles, t);
      TsrSphereTile *tile;
      const char *mask;

      if (info->id >= tileset->tiles->len)
        continue;
      tile = g_ptr_array_index (tileset->tiles, info->id);
      if (g_hash_table_contains (info->properties, "sphere:name"))
        {
          g_bytes_unref (tile->name);
          tile->name = tsr_tmx_string (info->properties, "sphere:name", NULL);
        }
      tile->animated = (guint8) tsr_tmx_int (info->properties, "sphere:animated", 0, 0, 255, &ok, problems);
      tile->next_tile = (guint16) tsr_tmx_int (info->properties, "sphere:next-tile", 0, 0, G_MAXUINT16, &ok, problems);
      tile->delay = (guint16) tsr_tmx_int (info->properties, "sphere:delay", 0, 0, G_MAXUINT16, &ok, problems);
      tile->terraformed = (guint8) tsr_tmx_int (info->properties, "sphere:terraformed", 0, 0, 255, &ok, problems);
      tile->obsolete_1 = (guint8) tsr_tmx_int (info->properties, "sphere:obsolete-1", 0, 0, 255, &ok, problems);
      tile->obsolete_2 = (guint8) tsr_tmx_int (info->properties, "sphere:obsolete-2", 0, 0, 255, &ok, problems);
      tile->segment_count = (guint16) tsr_tmx_int (info->properties, "sphere:segment-count", 0, 0, G_MAXUINT16, &ok, problems);
      tile->obstruction_type = (guint8) tsr_tmx_int (info->properties, "sphere:obstruction-type",
                                                     info->segments->len > 0 ? 2 : 0, 0, 2, &ok, problems);
      tsr_tmx_reserved (info->properties, "sphere:reserved", tile->reserved, sizeof tile->reserved);
      mask = g_hash_table_lookup (info->properties, "sphere:obstruction-mask");
      if (mask != NULL)
        {
          gsize size;
          guchar *data = g_base64_decode (mask, &size);

          tile->obstruction_mask = g_bytes_new_take (data, size);
        }
      g_array_append_vals (tile->segments, info->segments->data, info->segments->len);
    }
  if (!ok)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("TMX tileset: %s"), problems->str);
      tsr_error_prefix (error, "%s", import->tileset_place);
      return NULL;
    }
  return g_steal_pointer (&tileset);
}

TsrSphereMap *
tsr_sphere_tmx_import (const char *path,
                       GBytes     *bytes,
                       GError    **error)
{
  TsrTmxImport import = { 0 };
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autoptr(TsrSphereMap) result = NULL;
  TsrSphereTileset *tileset;
  GHashTable *properties;
  gboolean ok = TRUE, appended;
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  gint64 string_count;

  import.map = tsr_sphere_map_new (0, 0, NULL);
  import.stack = g_ptr_array_new_with_free_func (tsr_tmx_frame_free);
  import.tiles = g_ptr_array_new_with_free_func (tsr_tmx_tile_free);
  import.firstgid = 1;
  if (!tsr_tmx_parse_file (&import, path, data, size, error))
    goto out;
  if (import.map_properties == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("TMX: no <map> element"));
      goto out;
    }
  if (import.map->layers->len == 0 || import.map->layers->len > 255)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("TMX: 1..255 tile layers expected, %u found"),
                   import.map->layers->len);
      tsr_error_prefix (error, "%s", import.map_place);
      goto out;
    }
  tileset = tsr_tmx_build_tileset (&import, error);
  if (tileset == NULL)
    goto out;

  properties = import.map_properties;
  string_count = tsr_tmx_int (properties, "sphere:string-count", 9, 0, G_MAXUINT16, &ok, problems);
  g_ptr_array_set_size (import.map->strings, 0);
  for (gint64 i = 0; i < string_count; i++)
    {
      g_autofree char *name = i < (gint64) G_N_ELEMENTS (string_property_names)
                              ? g_strconcat ("sphere:", string_property_names[i], NULL)
                              : g_strdup_printf ("sphere:string-%" G_GINT64_FORMAT, i);

      g_ptr_array_add (import.map->strings, tsr_tmx_string (properties, name, NULL));
    }
  import.map->start_x = (guint16) tsr_tmx_int (properties, "sphere:start-x", 0, 0, G_MAXUINT16, &ok, problems);
  import.map->start_y = (guint16) tsr_tmx_int (properties, "sphere:start-y", 0, 0, G_MAXUINT16, &ok, problems);
  import.map->start_layer = (guint8) tsr_tmx_int (properties, "sphere:start-layer", 0, 0, 255, &ok, problems);
  import.map->start_direction = (guint8) tsr_tmx_int (properties, "sphere:start-direction", 0, 0, 255, &ok, problems);
  import.map->repeating = (guint8) tsr_tmx_int (properties, "sphere:repeating", 0, 0, 255, &ok, problems);
  import.map->type = (guint8) tsr_tmx_int (properties, "sphere:type", 0, 0, 255, &ok, problems);
  import.map->reserved_8 = (guint8) tsr_tmx_int (properties, "sphere:reserved-8", 0, 0, 255, &ok, problems);
  tsr_tmx_reserved (properties, "sphere:reserved", import.map->reserved, sizeof import.map->reserved);
  if (g_hash_table_contains (properties, "sphere:unparsed-tail"))
    {
      gsize tail_size;
      guchar *tail = g_base64_decode (g_hash_table_lookup (properties, "sphere:unparsed-tail"), &tail_size);

      import.map->unparsed_tail = g_bytes_new_take (tail, tail_size);
      import.map->tail_entity_count = (guint16) tsr_tmx_int (properties, "sphere:tail-entities", 0, 0, G_MAXUINT16, &ok, problems);
      import.map->tail_zone_count = (guint16) tsr_tmx_int (properties, "sphere:tail-zones", 0, 0, G_MAXUINT16, &ok, problems);
    }
  if (!ok)
    {
      tsr_sphere_tileset_free (tileset);
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("TMX map properties: %s"), problems->str);
      tsr_error_prefix (error, "%s", import.map_place);
      goto out;
    }
  /* A map made in Tiled names no tileset file: its tileset is appended, as Sphere allows. */
  appended = import.map->strings->len == 0 ||
             g_bytes_get_size (g_ptr_array_index (import.map->strings, 0)) == 0 ||
             tsr_tmx_int (properties, "sphere:tileset-appended", 0, 0, 1, &ok, problems) != 0;
  if (import.map->strings->len == 0)
    g_ptr_array_add (import.map->strings, g_bytes_new (NULL, 0));
  if (appended)
    import.map->tileset = tileset;
  else
    import.map->external_tileset = tileset;
  if (path != NULL)
    import.map->path = g_strdup (path);
  /* A TSX of its own: a save keeps naming it (and its image) as loaded, whatever the TMX is
   * called now. */
  if (import.tileset_source != NULL && import.image_source != NULL)
    {
      import.map->tmx_tileset_source = g_steal_pointer (&import.tileset_source);
      import.map->tmx_image_source = g_steal_pointer (&import.image_source);
    }
  result = g_steal_pointer (&import.map);

out:
  tsr_sphere_map_free (import.map);
  g_ptr_array_unref (import.stack);
  g_ptr_array_unref (import.tiles);
  g_clear_pointer (&import.map_properties, g_hash_table_unref);
  g_clear_pointer (&import.tileset_attributes, g_hash_table_unref);
  g_free (import.map_place);
  g_free (import.tileset_place);
  g_clear_pointer (&import.tileset_properties, g_hash_table_unref);
  g_free (import.image_path);
  g_free (import.tileset_source);
  g_free (import.image_source);
  g_free (import.folder);
  return g_steal_pointer (&result);
}
