/* tsr-sphere-tsx.c: Tiled .tsx tilesets read into Sphere tilesets (see the header). The layout
 * follows Tiled's TSX format (docs "TMX Map Format", <tileset>, <image>, <tile>, <animation>,
 * <objectgroup>); Tiled's own reader is mapeditor/tiled src/libtiled/mapreader.cpp. */
#include "formats/sphere/tsr-sphere-tsx.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "core/tsr-image.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "formats/sphere/tsr-sphere-xml.h"

typedef struct {
  guint   tile_id;
  guint64 duration;   /* milliseconds */
} TsxFrame;

typedef struct {
  guint   id;
  GArray *frames;     /* TsxFrame */
  GArray *points;     /* double x, y pairs of the current object's polyline, tile pixels */
  GArray *segments;   /* TsrSphereSegment, not yet clamped */
  char   *name;       /* its "sphere:name" property */
} TsxTile;

typedef struct {
  char       *file_name;
  char       *folder;
  gboolean    seen_tileset;
  gint64      tile_width, tile_height, tile_count, columns, spacing, margin;
  char       *image_source;
  char       *trans;
  GPtrArray  *tiles;  /* TsxTile */
  TsxTile    *tile;   /* the <tile> being read */
  /* The <object> being read. */
  gboolean    in_object;
  double      object_x, object_y, object_w, object_h, rotation;
  const char *shape;  /* "polyline", "polygon", "ellipse", "point", "text" or NULL */
  GPtrArray  *lost;
} TsxImport;

static void
tsx_tile_free (gpointer data)
{
  TsxTile *tile = data;

  g_array_unref (tile->frames);
  g_array_unref (tile->points);
  g_array_unref (tile->segments);
  g_free (tile->name);
  g_free (tile);
}

guint16
tsr_sphere_tsx_delay_from_ms (guint64 ms)
{
  guint64 frames = (ms * 60 + 500) / 1000;

  return (guint16) CLAMP (frames, 1, G_MAXUINT16);
}

/* Reads attribute NAME as an integer in MIN..MAX (FALLBACK when absent). Tiled writes integers;
 * a decimal is refused like any other text. */
static gboolean
int_attribute (GMarkupParseContext *context,
               TsxImport           *import,
               const char         **names,
               const char         **values,
               const char          *name,
               gint64               fallback,
               gint64               min,
               gint64               max,
               gint64              *out,
               GError             **error)
{
  const char *text = tsr_sphere_xml_attribute (names, values, name);

  *out = fallback;
  if (text == NULL || tsr_sphere_xml_parse_int (text, FALSE, min, max, out))
    return TRUE;
  tsr_sphere_xml_fail (context, import->file_name, error,
                       _("%s=\"%s\": a whole number in %" PRId64 "..%" PRId64 " expected"), name, text, min, max);
  return FALSE;
}

static gboolean
double_attribute (GMarkupParseContext *context,
                  TsxImport           *import,
                  const char         **names,
                  const char         **values,
                  const char          *name,
                  double              *out,
                  GError             **error)
{
  const char *text = tsr_sphere_xml_attribute (names, values, name);

  /* A coordinate: Tiled writes object positions and points as decimals. */
  *out = 0;
  if (text == NULL || tsr_sphere_xml_parse_double (text, out))
    return TRUE;
  tsr_sphere_xml_fail (context, import->file_name, error, _("%s=\"%s\": a number expected"), name, text);
  return FALSE;
}

static const char *
parent_element (GMarkupParseContext *context)
{
  const GSList *stack = g_markup_parse_context_get_element_stack (context);

  return stack != NULL && stack->next != NULL ? stack->next->data : NULL;
}

static void
tsx_start (GMarkupParseContext *context,
           const char          *element,
           const char         **names,
           const char         **values,
           gpointer             user_data,
           GError             **error)
{
  TsxImport *import = user_data;
  const char *parent = parent_element (context);

  if (g_str_equal (element, "tileset") && parent == NULL)
    {
      import->seen_tileset = TRUE;
      if (!int_attribute (context, import, names, values, "tilewidth", 0, 1, TSR_SPHERE_TILE_SIZE_MAX, &import->tile_width, error)
          || !int_attribute (context, import, names, values, "tileheight", 0, 1, TSR_SPHERE_TILE_SIZE_MAX, &import->tile_height, error)
          || !int_attribute (context, import, names, values, "tilecount", -1, 0, 65536, &import->tile_count, error)
          || !int_attribute (context, import, names, values, "columns", 0, 0, 65536, &import->columns, error)
          || !int_attribute (context, import, names, values, "spacing", 0, 0, 65536, &import->spacing, error)
          || !int_attribute (context, import, names, values, "margin", 0, 0, 65536, &import->margin, error))
        return;
      if (import->tile_width == 0 || import->tile_height == 0)
        tsr_sphere_xml_fail (context, import->file_name, error, "%s", _("<tileset> without tilewidth and tileheight"));
    }
  else if (parent == NULL)
    tsr_sphere_xml_fail (context, import->file_name, error, _("<%s> found where a Tiled <tileset> was expected"),
                         element);
  else if (g_str_equal (element, "image") && g_str_equal (parent, "tileset"))
    {
      const char *source = tsr_sphere_xml_attribute (names, values, "source");

      if (source == NULL)
        {
          tsr_sphere_xml_fail (context, import->file_name, error, "%s", _("<image> without a source file"));
          return;
        }
      g_free (import->image_source);
      import->image_source = g_strdup (source);
      g_free (import->trans);
      import->trans = g_strdup (tsr_sphere_xml_attribute (names, values, "trans"));
    }
  else if (g_str_equal (element, "image") && g_str_equal (parent, "tile"))
    tsr_sphere_xml_fail (context, import->file_name, error, "%s",
                         _("a collection of images: Sphere tilesets are cut from one image (<image> under <tileset>)"));
  else if (g_str_equal (element, "tile") && g_str_equal (parent, "tileset"))
    {
      gint64 id;
      TsxTile *tile;

      if (!int_attribute (context, import, names, values, "id", -1, 0, 65535, &id, error))
        return;
      if (id < 0)
        {
          tsr_sphere_xml_fail (context, import->file_name, error, "%s", _("<tile> without an id"));
          return;
        }
      tile = g_new0 (TsxTile, 1);
      tile->id = (guint) id;
      tile->frames = g_array_new (FALSE, FALSE, sizeof (TsxFrame));
      tile->points = g_array_new (FALSE, FALSE, sizeof (double));
      tile->segments = g_array_new (FALSE, FALSE, sizeof (TsrSphereSegment));
      g_ptr_array_add (import->tiles, tile);
      import->tile = tile;
    }
  else if (g_str_equal (element, "frame") && g_str_equal (parent, "animation") && import->tile != NULL)
    {
      TsxFrame frame;
      gint64 id, duration;

      if (!int_attribute (context, import, names, values, "tileid", -1, 0, 65535, &id, error)
          || !int_attribute (context, import, names, values, "duration", 100, 0, G_MAXUINT32, &duration, error))
        return;
      if (id < 0)
        {
          tsr_sphere_xml_fail (context, import->file_name, error, "%s", _("<frame> without a tileid"));
          return;
        }
      frame = (TsxFrame) { (guint) id, (guint64) duration };
      g_array_append_val (import->tile->frames, frame);
    }
  else if (g_str_equal (element, "object") && g_str_equal (parent, "objectgroup") && import->tile != NULL)
    {
      import->in_object = TRUE;
      import->shape = NULL;
      g_array_set_size (import->tile->points, 0);
      if (!double_attribute (context, import, names, values, "x", &import->object_x, error)
          || !double_attribute (context, import, names, values, "y", &import->object_y, error)
          || !double_attribute (context, import, names, values, "width", &import->object_w, error)
          || !double_attribute (context, import, names, values, "height", &import->object_h, error)
          || !double_attribute (context, import, names, values, "rotation", &import->rotation, error))
        return;
    }
  else if (import->in_object && g_str_equal (parent, "object"))
    {
      if (g_str_equal (element, "polyline") || g_str_equal (element, "polygon"))
        {
          g_auto(GStrv) pairs = g_strsplit_set (tsr_sphere_xml_attribute (names, values, "points") ?: "", " ", -1);

          import->shape = g_str_equal (element, "polyline") ? "polyline" : "polygon";
          for (guint i = 0; pairs[i] != NULL; i++)
            {
              g_auto(GStrv) xy = g_strsplit (pairs[i], ",", 3);
              double x, y;

              if (pairs[i][0] == '\0')
                continue;
              if (g_strv_length (xy) != 2 || !tsr_sphere_xml_parse_double (xy[0], &x)
                  || !tsr_sphere_xml_parse_double (xy[1], &y))
                {
                  tsr_sphere_xml_fail (context, import->file_name, error, _("point \"%s\": \"X,Y\" expected"), pairs[i]);
                  return;
                }
              g_array_append_val (import->tile->points, x);
              g_array_append_val (import->tile->points, y);
            }
        }
      else if (g_str_equal (element, "ellipse"))
        import->shape = "ellipse";
      else if (g_str_equal (element, "point"))
        import->shape = "point";
      else if (g_str_equal (element, "text"))
        import->shape = "text";
    }
  else if (g_str_equal (element, "property") && import->tile != NULL && !import->in_object
           && g_strcmp0 (tsr_sphere_xml_attribute (names, values, "name"), "sphere:name") == 0)
    {
      g_free (import->tile->name);
      import->tile->name = g_strdup (tsr_sphere_xml_attribute (names, values, "value") ?: "");
    }
}

/* Appends the segments of the object just read to its tile: between successive points of a
 * polyline (and back to the first of a polygon), around a rectangle; rotated about the object's
 * position as Tiled does (degrees, clockwise). */
static void
tsx_end_object (TsxImport *import)
{
  TsxTile *tile = import->tile;
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (double));
  double angle = import->rotation * G_PI / 180.0, c = cos (angle), s = sin (angle);
  guint n;

  if (g_strcmp0 (import->shape, "polyline") == 0 || g_strcmp0 (import->shape, "polygon") == 0)
    {
      g_array_append_vals (points, tile->points->data, tile->points->len);
      if (g_str_equal (import->shape, "polygon") && points->len >= 6)
        g_array_append_vals (points, tile->points->data, 2);
    }
  else if (import->shape == NULL && import->object_w > 0 && import->object_h > 0)
    {
      double corners[] = { 0, 0, import->object_w, 0, import->object_w, import->object_h, 0, import->object_h, 0, 0 };

      g_array_append_vals (points, corners, G_N_ELEMENTS (corners));
    }
  else
    {
      g_ptr_array_add (import->lost,
                       g_strdup_printf (_("%s: tile %u: a %s object has no Sphere obstruction segments"),
                                        import->file_name, tile->id, import->shape ? import->shape : _("empty")));
      return;
    }
  n = points->len / 2;
  for (guint i = 0; i + 1 < n; i++)
    {
      double *p = &g_array_index (points, double, i * 2);
      double x1 = import->object_x + p[0] * c - p[1] * s, y1 = import->object_y + p[0] * s + p[1] * c;
      double x2 = import->object_x + p[2] * c - p[3] * s, y2 = import->object_y + p[2] * s + p[3] * c;
      /* Kept signed here; the tile's size clamps them once it is known. */
      /* Clamped before rounding: llround of a number past 2^63 has no value. */
      gint64 v[4] = { llround (CLAMP (x1, -1.0, 65536.0)), llround (CLAMP (y1, -1.0, 65536.0)),
                      llround (CLAMP (x2, -1.0, 65536.0)), llround (CLAMP (y2, -1.0, 65536.0)) };
      TsrSphereSegment segment;

      for (guint k = 0; k < 4; k++)
        v[k] = CLAMP (v[k], 0, G_MAXUINT16);
      segment = (TsrSphereSegment) { (guint32) v[0], (guint32) v[1], (guint32) v[2], (guint32) v[3] };
      g_array_append_val (tile->segments, segment);
    }
}

static void
tsx_end (GMarkupParseContext *context,
         const char          *element,
         gpointer             user_data,
         GError             **error)
{
  TsxImport *import = user_data;

  if (g_str_equal (element, "object") && import->in_object)
    {
      tsx_end_object (import);
      import->in_object = FALSE;
    }
  else if (g_str_equal (element, "tile"))
    import->tile = NULL;
}

static const GMarkupParser tsx_parser = { tsx_start, tsx_end, NULL, NULL, NULL };

/* Tiled's trans: six hex digits RRGGBB, with or without '#'. */
static gboolean
parse_trans (const char *text,
             guint8      rgb[3])
{
  if (text[0] == '#')
    text++;
  if (strlen (text) != 6)
    return FALSE;
  for (guint i = 0; i < 6; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;
  for (guint i = 0; i < 3; i++)
    rgb[i] = (guint8) (g_ascii_xdigit_value (text[i * 2]) * 16 + g_ascii_xdigit_value (text[i * 2 + 1]));
  return TRUE;
}

static TsrSphereTileset *
tsx_build (TsxImport *import,
           GError   **error)
{
  g_autoptr(TsrSphereTileset) tileset = NULL;
  g_autofree char *image_path = NULL;
  g_autoptr(GBytes) png = NULL;
  g_autoptr(TsrImage) image = NULL;
  guint8 trans[3];
  gint64 columns, rows, count, step_x, step_y;
  gboolean any_segments = FALSE;

  if (!import->seen_tileset)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: no Tiled <tileset> element"), import->file_name);
      return NULL;
    }
  if (import->image_source == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: the tileset names no image (<image source=…>)"),
                   import->file_name);
      return NULL;
    }
  if (import->trans != NULL && !parse_trans (import->trans, trans))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: trans=\"%s\": a colour RRGGBB expected"),
                   import->file_name, import->trans);
      return NULL;
    }
  /* Tiled resolves the image against the TSX's folder. */
  image_path = g_build_filename (import->folder, import->image_source, NULL);
  png = tsr_file_read (image_path, error);
  if (png == NULL)
    {
      tsr_error_prefix (error, "%s", import->file_name);
      return NULL;
    }
  image = tsr_image_load_png (g_bytes_get_data (png, NULL), g_bytes_get_size (png), import->image_source, error);
  if (image == NULL)
    {
      tsr_error_prefix (error, "%s", import->file_name);
      return NULL;
    }
  step_x = import->tile_width + import->spacing;
  step_y = import->tile_height + import->spacing;
  /* Tiled's own rule when columns is not written: as many as fit. */
  columns = import->columns > 0 ? import->columns
            : MAX ((gint64) image->width - 2 * import->margin + import->spacing, 0) / step_x;
  rows = MAX ((gint64) image->height - 2 * import->margin + import->spacing, 0) / step_y;
  count = import->tile_count >= 0 ? import->tile_count : columns * rows;
  if (count > 65536)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: %" PRId64 " tiles; a Sphere tileset holds at most 65536"),
                   import->file_name, count);
      return NULL;
    }
  if (count == 0 || columns == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: the image %s (%u×%u) holds no %" PRId64 "×%" PRId64 " tile"),
                   import->file_name, import->image_source, image->width, image->height,
                   import->tile_width, import->tile_height);
      return NULL;
    }
  if (import->margin + columns * step_x - import->spacing > (gint64) image->width
      || import->margin + ((count + columns - 1) / columns) * step_y - import->spacing > (gint64) image->height)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("%s: the image %s (%u×%u) is too small for %" PRId64 " tiles of %" PRId64 "×%" PRId64 " in %" PRId64 " columns"),
                   import->file_name, import->image_source, image->width, image->height, count,
                   import->tile_width, import->tile_height, columns);
      return NULL;
    }

  tileset = tsr_sphere_tileset_new ((guint16) import->tile_width, (guint16) import->tile_height);
  for (gint64 i = 0; i < count; i++)
    {
      TsrSphereTile *tile = tsr_sphere_tileset_add_tile (tileset);
      guint x0 = (guint) (import->margin + (i % columns) * step_x), y0 = (guint) (import->margin + (i / columns) * step_y);

      tile->next_tile = (guint16) i;
      for (guint y = 0; y < import->tile_height; y++)
        {
          guint8 *row = tile->pixels + (gsize) y * import->tile_width * 4;

          memcpy (row, image->pixels + (((gsize) (y0 + y) * image->width) + x0) * 4, (gsize) import->tile_width * 4);
          for (guint x = 0; import->trans != NULL && x < import->tile_width; x++)
            if (memcmp (row + x * 4, trans, 3) == 0)
              memset (row + x * 4, 0, 4);
        }
    }
  for (guint t = 0; t < import->tiles->len; t++)
    {
      TsxTile *info = g_ptr_array_index (import->tiles, t);
      TsrSphereTile *tile;

      if (info->id >= count)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: <tile id=\"%u\">: the tileset has %" PRId64 " tiles"),
                       import->file_name, info->id, count);
          return NULL;
        }
      tile = g_ptr_array_index (tileset->tiles, info->id);
      if (info->name != NULL)
        tsr_sphere_string_set (&tile->name, info->name);
      for (guint s = 0; s < info->segments->len; s++)
        {
          TsrSphereSegment segment = g_array_index (info->segments, TsrSphereSegment, s);
          TsrSphereSegment kept = { MIN (segment.x1, tileset->tile_width), MIN (segment.y1, tileset->tile_height),
                                    MIN (segment.x2, tileset->tile_width), MIN (segment.y2, tileset->tile_height) };

          if (memcmp (&kept, &segment, sizeof kept) != 0)
            g_ptr_array_add (import->lost, g_strdup_printf (_("%s: tile %u: a segment outside the tile was cut to its edge"),
                                                            import->file_name, info->id));
          g_array_append_val (tile->segments, kept);
          any_segments = TRUE;
        }
    }
  /* Animations: frame i of a tile's animation is shown for its duration, then frame i + 1. In
   * Sphere each tile names the one after it, so a tile shown in two animations can keep one link. */
  for (guint t = 0; t < import->tiles->len; t++)
    {
      TsxTile *info = g_ptr_array_index (import->tiles, t);

      for (guint f = 0; f < info->frames->len; f++)
        {
          TsxFrame *frame = &g_array_index (info->frames, TsxFrame, f);
          TsxFrame *next = &g_array_index (info->frames, TsxFrame, (f + 1) % info->frames->len);
          TsrSphereTile *tile;
          guint16 delay = tsr_sphere_tsx_delay_from_ms (frame->duration);

          if (frame->tile_id >= count || next->tile_id >= count)
            {
              g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                           _("%s: tile %u: animation frame tileid %u, the tileset has %" PRId64 " tiles"),
                           import->file_name, info->id, MAX (frame->tile_id, next->tile_id), count);
              return NULL;
            }
          tile = g_ptr_array_index (tileset->tiles, frame->tile_id);
          if (tile->animated && (tile->next_tile != next->tile_id || tile->delay != delay))
            {
              g_ptr_array_add (import->lost,
                               g_strdup_printf (_("%s: tile %u: its animation shows tile %u twice or another animation shows it; Sphere keeps one next tile (%u)"),
                                                import->file_name, info->id, frame->tile_id, tile->next_tile));
              continue;
            }
          tile->animated = 1;
          tile->next_tile = (guint16) next->tile_id;
          tile->delay = delay;
        }
    }
  tileset->has_obstructions = any_segments;
  for (guint i = 0; any_segments && i < tileset->tiles->len; i++)
    {
      TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, i);

      tile->obstruction_type = TSR_SPHERE_OBSTRUCTION_SEGMENTS;
      tile->segment_count = (guint16) MIN (tile->segments->len, G_MAXUINT16);
    }
  return g_steal_pointer (&tileset);
}

TsrSphereTileset *
tsr_sphere_tsx_import (const char *path,
                       GBytes     *bytes,
                       GPtrArray  *lost,
                       GError    **error)
{
  TsxImport import = { 0 };
  g_autoptr(GPtrArray) own_lost = NULL;
  GMarkupParseContext *context;
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  TsrSphereTileset *result = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  if (lost == NULL)
    lost = own_lost = g_ptr_array_new_with_free_func (g_free);
  import.file_name = g_path_get_basename (path);
  import.folder = g_path_get_dirname (path);
  import.tiles = g_ptr_array_new_with_free_func (tsx_tile_free);
  import.lost = lost;
  context = g_markup_parse_context_new (&tsx_parser, 0, &import, NULL);
  if (!g_markup_parse_context_parse (context, data != NULL ? data : "", (gssize) size, error)
      || !g_markup_parse_context_end_parse (context, error))
    {
      if (error != NULL && *error != NULL && (*error)->domain != TSR_ERROR)
        tsr_error_prefix (error, "%s", import.file_name);
    }
  else
    result = tsx_build (&import, error);
  g_markup_parse_context_free (context);
  g_ptr_array_unref (import.tiles);
  g_free (import.file_name);
  g_free (import.folder);
  g_free (import.image_source);
  g_free (import.trans);
  return result;
}
