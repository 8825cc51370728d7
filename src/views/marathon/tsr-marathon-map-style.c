/* tsr-marathon-map-style.c: colours. Categories (types, lights, liquids, sounds) take hues spread
 * by the golden angle, so neighbouring indices differ; heights run from deep blue (lowest) to warm
 * yellow (highest) over the level's own range. */
#include "views/marathon/tsr-marathon-map-style.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-names.h"
#include "formats/marathon/tsr-wad.h"

struct _TsrMarathonMapStyle {
  TsrMarathonDrawMode mode;
  gboolean            ranges_valid;
  gint                floor_min, floor_max, ceiling_min, ceiling_max;
  gboolean            textured;
};

static const char *const mode_ids[] = {
  "type", "floor-height", "ceiling-height", "floor-light", "ceiling-light", "liquid", "ambient-sound",
  "random-sound", "floor-texture", "ceiling-texture",
};

const char *
tsr_marathon_draw_mode_label (TsrMarathonDrawMode mode)
{
  switch (mode)
    {
    case TSR_MARATHON_DRAW_TYPE: return _("Polygon type");
    case TSR_MARATHON_DRAW_FLOOR_HEIGHT: return _("Floor height");
    case TSR_MARATHON_DRAW_CEILING_HEIGHT: return _("Ceiling height");
    case TSR_MARATHON_DRAW_FLOOR_LIGHT: return _("Floor light");
    case TSR_MARATHON_DRAW_CEILING_LIGHT: return _("Ceiling light");
    case TSR_MARATHON_DRAW_LIQUID: return _("Liquid");
    case TSR_MARATHON_DRAW_AMBIENT_SOUND: return _("Ambient sound");
    case TSR_MARATHON_DRAW_RANDOM_SOUND: return _("Random sound");
    case TSR_MARATHON_DRAW_FLOOR_TEXTURE: return _("Floor texture");
    case TSR_MARATHON_DRAW_CEILING_TEXTURE: return _("Ceiling texture");
    case TSR_MARATHON_N_DRAW_MODES:
    default:
      return "";
    }
}

const char *
tsr_marathon_draw_mode_id (TsrMarathonDrawMode mode)
{
  return mode < TSR_MARATHON_N_DRAW_MODES ? mode_ids[mode] : "";
}

TsrMarathonMapStyle *
tsr_marathon_map_style_new (void)
{
  return g_new0 (TsrMarathonMapStyle, 1);
}

void
tsr_marathon_map_style_free (TsrMarathonMapStyle *style)
{
  g_free (style);
}

void
tsr_marathon_map_style_set_mode (TsrMarathonMapStyle *style,
                                 TsrMarathonDrawMode  mode)
{
  style->mode = MIN (mode, TSR_MARATHON_N_DRAW_MODES - 1);
}

TsrMarathonDrawMode
tsr_marathon_map_style_get_mode (TsrMarathonMapStyle *style)
{
  return style->mode;
}

void
tsr_marathon_map_style_set_textured (TsrMarathonMapStyle *style,
                                     gboolean             textured)
{
  style->textured = textured;
}

void
tsr_marathon_map_style_invalidate (TsrMarathonMapStyle *style)
{
  style->ranges_valid = FALSE;
}

static void
hsv (double  hue,
     double  saturation,
     double  value,
     double  alpha,
     double *rgba)
{
  double r, g, b;

  {
    double h = fmod (hue, 1.0) * 6, f = h - floor (h);
    double p = value * (1 - saturation), q = value * (1 - saturation * f), t = value * (1 - saturation * (1 - f));

    switch ((int) floor (h) % 6)
      {
      case 0: r = value, g = t, b = p; break;
      case 1: r = q, g = value, b = p; break;
      case 2: r = p, g = value, b = t; break;
      case 3: r = p, g = q, b = value; break;
      case 4: r = t, g = p, b = value; break;
      default: r = value, g = p, b = q; break;
      }
  }
  rgba[0] = r, rgba[1] = g, rgba[2] = b, rgba[3] = alpha;
}

/* A distinct colour per index; NONE is a quiet grey. */
static void
category (gint    index,
          double *rgba)
{
  if (index < 0)
    {
      rgba[0] = rgba[1] = rgba[2] = 0.32, rgba[3] = 0.55;
      return;
    }
  hsv (0.08 + index * 0.381966, 0.55, 0.80, 0.62, rgba);
}

/* T in 0..1: deep blue → teal → warm yellow. */
static void
ramp (double  t,
      double *rgba)
{
  t = CLAMP (t, 0, 1);
  hsv (0.66 - 0.52 * t, 0.65, 0.45 + 0.5 * t, 0.7, rgba);
}

static void
measure_ranges (TsrMarathonMapStyle    *self,
                const TsrMarathonLevel *level)
{
  self->floor_min = self->ceiling_min = G_MAXINT;
  self->floor_max = self->ceiling_max = G_MININT;
  for (guint i = 0; level->polygons != NULL && i < level->polygons->len; i++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);

      self->floor_min = MIN (self->floor_min, polygon->floor_height);
      self->floor_max = MAX (self->floor_max, polygon->floor_height);
      self->ceiling_min = MIN (self->ceiling_min, polygon->ceiling_height);
      self->ceiling_max = MAX (self->ceiling_max, polygon->ceiling_height);
    }
  self->ranges_valid = TRUE;
}

static double
place (gint value,
       gint low,
       gint high)
{
  return high > low ? (double) (value - low) / (high - low) : 0.5;
}

/* Polygon types (Aleph One's map.h); the rest share the "other trigger" colour. */
static void
type_colour (gint16  type,
             double *rgba)
{
  switch (type)
    {
    case 0: rgba[0] = 0.36, rgba[1] = 0.45, rgba[2] = 0.52, rgba[3] = 0.55; break; /* normal */
    case 1: case 2: rgba[0] = 0.55, rgba[1] = 0.35, rgba[2] = 0.30, rgba[3] = 0.65; break; /* impassable */
    case 3: rgba[0] = 0.45, rgba[1] = 0.60, rgba[2] = 0.25, rgba[3] = 0.65; break; /* hill */
    case 4: rgba[0] = 0.70, rgba[1] = 0.55, rgba[2] = 0.20, rgba[3] = 0.65; break; /* base */
    case 5: rgba[0] = 0.25, rgba[1] = 0.50, rgba[2] = 0.85, rgba[3] = 0.70; break; /* platform */
    case 10: rgba[0] = 0.70, rgba[1] = 0.30, rgba[2] = 0.80, rgba[3] = 0.70; break; /* teleporter */
    case 18: rgba[0] = 0.90, rgba[1] = 0.85, rgba[2] = 0.30, rgba[3] = 0.70; break; /* automatic exit */
    case 19: case 20: rgba[0] = 0.85, rgba[1] = 0.25, rgba[2] = 0.25, rgba[3] = 0.70; break; /* ouch */
    default: category (type, rgba); break;
    }
}

TsrMarathonLineKind
tsr_marathon_line_kind (const TsrMarathonLevel *level,
                        guint                   index)
{
  const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, index);
  guint n = level->polygons != NULL ? level->polygons->len : 0;
  const TsrMarathonPolygon *a, *b;

  if (line->flags & TSR_MARATHON_LINE_LANDSCAPE)
    return TSR_MARATHON_LINE_KIND_LANDSCAPE;
  if ((line->flags & TSR_MARATHON_LINE_SOLID) || line->clockwise_polygon_owner < 0
      || line->counterclockwise_polygon_owner < 0 || (guint) line->clockwise_polygon_owner >= n
      || (guint) line->counterclockwise_polygon_owner >= n)
    return TSR_MARATHON_LINE_KIND_SOLID;
  a = &g_array_index (level->polygons, TsrMarathonPolygon, line->clockwise_polygon_owner);
  b = &g_array_index (level->polygons, TsrMarathonPolygon, line->counterclockwise_polygon_owner);
  if (a->floor_height != b->floor_height || a->ceiling_height != b->ceiling_height)
    return TSR_MARATHON_LINE_KIND_ELEVATION;
  return TSR_MARATHON_LINE_KIND_TRANSPARENT;
}

static void
object_colour (gint16  type,
               double *rgba)
{
  static const double colours[][3] = {
    { 0.90, 0.25, 0.22 }, /* monster */
    { 0.62, 0.62, 0.60 }, /* scenery */
    { 0.30, 0.80, 0.35 }, /* item */
    { 0.98, 0.85, 0.20 }, /* player */
    { 0.85, 0.35, 0.85 }, /* goal */
    { 0.30, 0.80, 0.90 }, /* sound source */
  };
  guint i = type >= 0 && (guint) type < G_N_ELEMENTS (colours) ? (guint) type : 1;

  rgba[0] = colours[i][0], rgba[1] = colours[i][1], rgba[2] = colours[i][2], rgba[3] = 1;
}

void
tsr_marathon_map_style_apply (TsrVectorMap        *map,
                              const TsrElementRef *element,
                              TsrVectorStyle      *style,
                              gpointer             user_data)
{
  TsrMarathonMapStyle *self = user_data;
  TsrMarathonLevelMap *level_map = TSR_MARATHON_LEVEL_MAP (map);
  const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (level_map);

  switch (element->kind)
    {
    case TSR_ELEMENT_POLYGON:
      {
        const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, element->index);

        if (!self->ranges_valid)
          measure_ranges (self, level);
        switch (self->mode)
          {
          case TSR_MARATHON_DRAW_FLOOR_HEIGHT:
            ramp (place (polygon->floor_height, self->floor_min, self->floor_max), style->fill);
            break;
          case TSR_MARATHON_DRAW_CEILING_HEIGHT:
            ramp (place (polygon->ceiling_height, self->ceiling_min, self->ceiling_max), style->fill);
            break;
          case TSR_MARATHON_DRAW_FLOOR_LIGHT:
            category (polygon->floor_lightsource_index, style->fill);
            break;
          case TSR_MARATHON_DRAW_CEILING_LIGHT:
            category (polygon->ceiling_lightsource_index, style->fill);
            break;
          case TSR_MARATHON_DRAW_LIQUID:
            category (level->data_version == 0 ? -1 : polygon->media_index, style->fill);
            break;
          case TSR_MARATHON_DRAW_AMBIENT_SOUND:
            category (polygon->ambient_sound_image_index, style->fill);
            break;
          case TSR_MARATHON_DRAW_RANDOM_SOUND:
            category (polygon->random_sound_image_index, style->fill);
            break;
          case TSR_MARATHON_DRAW_FLOOR_TEXTURE:
          case TSR_MARATHON_DRAW_CEILING_TEXTURE:
            {
              guint16 texture = (guint16) (self->mode == TSR_MARATHON_DRAW_FLOOR_TEXTURE ? polygon->floor_texture
                                                                                         : polygon->ceiling_texture);

              /* Without the pictures, a colour per collection and bitmap. */
              if (self->textured)
                style->fill[3] = 0;
              else
                category (texture == 0xFFFF ? -1 : texture, style->fill);
              break;
            }
          case TSR_MARATHON_DRAW_TYPE:
          case TSR_MARATHON_N_DRAW_MODES:
          default:
            type_colour (polygon->type, style->fill);
            break;
          }
        /* Lines draw the edges. */
        style->stroke[3] = 0;
        break;
      }
    case TSR_ELEMENT_SEGMENT:
      switch (tsr_marathon_line_kind (level, element->index))
        {
        case TSR_MARATHON_LINE_KIND_SOLID:
          style->stroke[0] = style->stroke[1] = style->stroke[2] = 0.95, style->stroke[3] = 1;
          style->line_width = 1.5;
          break;
        case TSR_MARATHON_LINE_KIND_TRANSPARENT:
          style->stroke[0] = 0.55, style->stroke[1] = 0.60, style->stroke[2] = 0.66, style->stroke[3] = 0.55;
          style->line_width = 1;
          break;
        case TSR_MARATHON_LINE_KIND_ELEVATION:
          style->stroke[0] = 0.98, style->stroke[1] = 0.62, style->stroke[2] = 0.20, style->stroke[3] = 0.95;
          style->line_width = 1.25;
          break;
        case TSR_MARATHON_LINE_KIND_LANDSCAPE:
        default:
          style->stroke[0] = 0.35, style->stroke[1] = 0.80, style->stroke[2] = 1.0, style->stroke[3] = 1;
          style->line_width = 2;
          break;
        }
      break;
    case TSR_ELEMENT_MARKER:
      {
        guint record;

        if (tsr_marathon_level_map_get_marker (level_map, element->index, &record) == TSR_MARATHON_MARKER_OBJECT)
          {
            const TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, record);

            object_colour (object->type, style->fill);
            /* 512 angle units a circle, 0 east, growing towards +y (south on the map). Goals face
             * nowhere and a sound source's "facing" is its volume: they draw as diamonds. */
            if (object->type == 4 || object->type == 5)
              style->angle = NAN;
            else
              style->angle = object->facing * (2 * G_PI / 512);
          }
        else
          {
            const TsrMarathonAnnotation *note = &g_array_index (level->annotations, TsrMarathonAnnotation, record);

            style->fill[0] = style->fill[1] = style->fill[2] = 1, style->fill[3] = 1;
            style->label = tsr_mac_roman_to_utf8 (note->text, strnlen ((const char *) note->text, sizeof note->text));
          }
        break;
      }
    case TSR_ELEMENT_POINT:
    case TSR_ELEMENT_RECTANGLE:
    case TSR_N_ELEMENT_KINDS:
    default:
      break;
    }
}

/* The value the mode colours POLYGON by (category modes). */
static gint
category_value (TsrMarathonMapStyle      *self,
                const TsrMarathonLevel   *level,
                const TsrMarathonPolygon *polygon)
{
  switch (self->mode)
    {
    case TSR_MARATHON_DRAW_FLOOR_LIGHT: return polygon->floor_lightsource_index;
    case TSR_MARATHON_DRAW_CEILING_LIGHT: return polygon->ceiling_lightsource_index;
    case TSR_MARATHON_DRAW_LIQUID: return level->data_version == 0 ? -1 : polygon->media_index;
    case TSR_MARATHON_DRAW_AMBIENT_SOUND: return polygon->ambient_sound_image_index;
    case TSR_MARATHON_DRAW_RANDOM_SOUND: return polygon->random_sound_image_index;
    case TSR_MARATHON_DRAW_FLOOR_TEXTURE:
      return (guint16) polygon->floor_texture == 0xFFFF ? -1 : (guint16) polygon->floor_texture;
    case TSR_MARATHON_DRAW_CEILING_TEXTURE:
      return (guint16) polygon->ceiling_texture == 0xFFFF ? -1 : (guint16) polygon->ceiling_texture;
    case TSR_MARATHON_DRAW_TYPE:
    case TSR_MARATHON_DRAW_FLOOR_HEIGHT:
    case TSR_MARATHON_DRAW_CEILING_HEIGHT:
    case TSR_MARATHON_N_DRAW_MODES:
    default:
      return polygon->type;
    }
}

static char *
category_label (TsrMarathonDrawMode mode,
                gint                value)
{
  if (value < 0)
    return g_strdup (_("None"));
  switch (mode)
    {
    case TSR_MARATHON_DRAW_FLOOR_LIGHT:
    case TSR_MARATHON_DRAW_CEILING_LIGHT:
      return g_strdup_printf (_("Light %d"), value);
    case TSR_MARATHON_DRAW_LIQUID:
      return g_strdup_printf (_("Liquid %d"), value);
    case TSR_MARATHON_DRAW_AMBIENT_SOUND:
      return g_strdup_printf (_("Ambient sound %d"), value);
    case TSR_MARATHON_DRAW_RANDOM_SOUND:
      return g_strdup_printf (_("Random sound %d"), value);
    case TSR_MARATHON_DRAW_FLOOR_TEXTURE:
    case TSR_MARATHON_DRAW_CEILING_TEXTURE:
      /* A shape descriptor: collection in the high byte, bitmap in the low. */
      return g_strdup_printf (_("Collection %d, bitmap %d"), (value >> 8) & 0x1F, value & 0xFF);
    case TSR_MARATHON_DRAW_TYPE:
    default:
      {
        const TsrFieldTable *table = tsr_marathon_record_editor_fields (TSR_MARATHON_RECORD_POLYGON);
        int field = table != NULL ? tsr_field_table_find (table, "type") : -1;
        const char *name = field >= 0 && table->fields[field].enumeration != NULL
                           ? tsr_field_enum_label (table->fields[field].enumeration, value) : NULL;

        return name != NULL ? g_strdup (name) : g_strdup_printf (_("Type %d"), value);
      }
    }
}

static void
clear_entry (gpointer data)
{
  g_free (((TsrMarathonLegendEntry *) data)->label);
}

static gint
compare_ints (gconstpointer a,
              gconstpointer b)
{
  gint x = GPOINTER_TO_INT (a), y = GPOINTER_TO_INT (b);

  return (x > y) - (x < y);
}

GArray *
tsr_marathon_map_style_legend (TsrMarathonMapStyle    *self,
                               const TsrMarathonLevel *level)
{
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (TsrMarathonLegendEntry));
  guint n = level->polygons != NULL ? level->polygons->len : 0;

  g_array_set_clear_func (entries, clear_entry);
  if (n == 0)
    return entries;
  if (self->mode == TSR_MARATHON_DRAW_FLOOR_HEIGHT || self->mode == TSR_MARATHON_DRAW_CEILING_HEIGHT)
    {
      gboolean on_floor = self->mode == TSR_MARATHON_DRAW_FLOOR_HEIGHT;
      gint low, high;

      if (!self->ranges_valid)
        measure_ranges (self, level);
      low = on_floor ? self->floor_min : self->ceiling_min;
      high = on_floor ? self->floor_max : self->ceiling_max;
      for (guint i = 0; i < 5; i++)
        {
          TsrMarathonLegendEntry entry = { { 0 }, NULL, 0, 0 };

          /* One stop when every polygon has the same height. */
          entry.value = low + (gint) (((gint64) (high - low) * i) / 4);
          ramp (place (entry.value, low, high), entry.rgba);
          entry.label = g_strdup_printf (_("%.3g WU"), entry.value / 1024.0);
          g_array_append_val (entries, entry);
          if (high == low)
            break;
        }
      return entries;
    }
  if (self->textured && (self->mode == TSR_MARATHON_DRAW_FLOOR_TEXTURE
                         || self->mode == TSR_MARATHON_DRAW_CEILING_TEXTURE))
    return entries;
  {
    g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
    g_autoptr(GList) values = NULL;

    for (guint i = 0; i < n; i++)
      {
        gint value = category_value (self, level, &g_array_index (level->polygons, TsrMarathonPolygon, i));
        gpointer key = GINT_TO_POINTER (value);

        g_hash_table_insert (counts, key, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, key)) + 1));
      }
    values = g_list_sort (g_hash_table_get_keys (counts), compare_ints);
    for (GList *l = values; l != NULL; l = l->next)
      {
        TsrMarathonLegendEntry entry = { { 0 }, NULL, 0, 0 };

        entry.value = GPOINTER_TO_INT (l->data);
        entry.polygons = GPOINTER_TO_UINT (g_hash_table_lookup (counts, l->data));
        if (self->mode == TSR_MARATHON_DRAW_TYPE)
          type_colour ((gint16) entry.value, entry.rgba);
        else
          category (entry.value, entry.rgba);
        entry.label = category_label (self->mode, entry.value);
        g_array_append_val (entries, entry);
      }
  }
  return entries;
}
