/* tsr-marathon-map-style.c: colours. Categories (types, lights, liquids, sounds) take hues spread
 * by the golden angle, so neighbouring indices differ; heights run from deep blue (lowest) to warm
 * yellow (highest) over the level's own range. */
#include "views/marathon/tsr-marathon-map-style.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

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
