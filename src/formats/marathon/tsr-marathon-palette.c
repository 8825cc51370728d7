/* tsr-marathon-palette.c: palette records appended at the end (nothing else moves) and removed
 * with one pass over the records that can name them. */
#include "formats/marathon/tsr-marathon-palette.h"

#include <string.h>

#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-names.h"
#include <glib/gi18n.h>

#define SIDE_IS_CONTROL_PANEL 0x2
#define SIDE_CONTROL_PANEL_ON 0x1
#define PANEL_LIGHT_SWITCH    4
#define PANEL_PLATFORM_SWITCH 5
#define TICKS_PER_SECOND      30
#define FIXED_ONE             65536

TsrMarathonRecordKind
tsr_marathon_palette_record_kind (const TsrMarathonLevel *level,
                                  TsrMarathonPaletteKind  kind)
{
  switch (kind)
    {
    case TSR_MARATHON_PALETTE_LIGHT:
      return level->lights == NULL && level->old_lights != NULL ? TSR_MARATHON_RECORD_OLD_LIGHT : TSR_MARATHON_RECORD_LIGHT;
    case TSR_MARATHON_PALETTE_MEDIA: return TSR_MARATHON_RECORD_MEDIA;
    case TSR_MARATHON_PALETTE_PLATFORM: return TSR_MARATHON_RECORD_PLATFORM;
    case TSR_MARATHON_PALETTE_AMBIENT_SOUND: return TSR_MARATHON_RECORD_AMBIENT_SOUND;
    case TSR_MARATHON_PALETTE_RANDOM_SOUND: return TSR_MARATHON_RECORD_RANDOM_SOUND;
    case TSR_MARATHON_N_PALETTES:
    default: return TSR_MARATHON_N_MAP_RECORDS;
    }
}

GArray *
tsr_marathon_palette_records (TsrMarathonLevel       *level,
                              TsrMarathonPaletteKind  kind)
{
  g_return_val_if_fail (level != NULL, NULL);

  switch (kind)
    {
    case TSR_MARATHON_PALETTE_LIGHT: return level->lights != NULL ? level->lights : level->old_lights;
    case TSR_MARATHON_PALETTE_MEDIA: return level->media;
    case TSR_MARATHON_PALETTE_PLATFORM: return level->platforms;
    case TSR_MARATHON_PALETTE_AMBIENT_SOUND: return level->ambient_sounds;
    case TSR_MARATHON_PALETTE_RANDOM_SOUND: return level->random_sounds;
    case TSR_MARATHON_N_PALETTES:
    default: return NULL;
    }
}

static void
set_function (TsrMarathonLightingFunction *function,
              gint16                       type,
              gint32                       intensity)
{
  *function = (TsrMarathonLightingFunction) { type, TICKS_PER_SECOND, 0, intensity, 0 };
}

/* The engine's defaults for a new record of KIND into RECORD (zeroed). */
static void
default_record (TsrMarathonLevel       *level,
                TsrMarathonPaletteKind  kind,
                gpointer                record)
{
  switch (kind)
    {
    case TSR_MARATHON_PALETTE_LIGHT:
      if (level->lights != NULL)
        {
          TsrMarathonLight *light = record;

          /* Aleph One's normal light: initially active, slaved intensities. */
          light->flags = 0x1 | 0x2;
          set_function (&light->primary_active, 0, FIXED_ONE);
          set_function (&light->secondary_active, 0, FIXED_ONE);
          set_function (&light->becoming_active, 2, FIXED_ONE);
          set_function (&light->primary_inactive, 0, 0);
          set_function (&light->secondary_inactive, 0, 0);
          set_function (&light->becoming_inactive, 2, 0);
        }
      else
        {
          TsrMarathonOldLight *light = record;

          light->maximum_intensity = FIXED_ONE;
          light->intensity = FIXED_ONE;
          light->period = TICKS_PER_SECOND;
          light->mode = 1;
        }
      break;
    case TSR_MARATHON_PALETTE_MEDIA:
      {
        TsrMarathonMedia *media = record;
        GArray *lights = tsr_marathon_palette_records (level, TSR_MARATHON_PALETTE_LIGHT);

        media->light_index = lights != NULL && lights->len > 0 ? 0 : -1;
        media->high = 1024;
        media->texture = -1;
        break;
      }
    case TSR_MARATHON_PALETTE_AMBIENT_SOUND:
      ((TsrMarathonAmbientSound *) record)->volume = 256;
      break;
    case TSR_MARATHON_PALETTE_RANDOM_SOUND:
      {
        TsrMarathonRandomSound *sound = record;

        sound->volume = 256;
        sound->period = 10 * TICKS_PER_SECOND;
        sound->pitch = FIXED_ONE;
        break;
      }
    case TSR_MARATHON_PALETTE_PLATFORM:
    case TSR_MARATHON_N_PALETTES:
    default:
      break;
    }
}

gboolean
tsr_marathon_palette_add (TsrMarathonLevel       *level,
                          TsrMarathonPaletteKind  kind,
                          gint                    source,
                          guint                  *index,
                          GError                **error)
{
  GArray *records;
  gsize size;
  g_autofree guint8 *record = NULL;

  g_return_val_if_fail (level != NULL && kind < TSR_MARATHON_N_PALETTES, FALSE);

  records = tsr_marathon_palette_records (level, kind);
  if (kind == TSR_MARATHON_PALETTE_PLATFORM)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("a platform belongs to its polygon: it cannot be added or duplicated alone"));
      return FALSE;
    }
  if (records == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("the level has no %s chunk"),
                   tsr_marathon_record_fields (tsr_marathon_palette_record_kind (level, kind))->name);
      return FALSE;
    }
  if (records->len >= G_MAXINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("the level already has %u %s records"),
                   records->len, tsr_marathon_record_fields (tsr_marathon_palette_record_kind (level, kind))->name);
      return FALSE;
    }
  if (source >= 0 && (guint) source >= records->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("record %d does not exist"), source);
      return FALSE;
    }
  size = g_array_get_element_size (records);
  if (source >= 0)
    record = g_memdup2 (records->data + (gsize) source * size, size);
  else
    {
      record = g_malloc0 (size);
      default_record (level, kind, record);
    }
  g_array_append_vals (records, record, 1);
  if (index != NULL)
    *index = records->len - 1;
  return TRUE;
}

/* A reference to REMOVED becomes REPLACEMENT (already in the new numbering), later ones move down
 * by one; references outside the old array stay. */
static void
renumber (gint16 *reference,
          guint   removed,
          guint   old_count,
          gint16  replacement)
{
  if (*reference < 0 || (guint) *reference >= old_count)
    return;
  if ((guint) *reference == removed)
    *reference = replacement;
  else if ((guint) *reference > removed)
    (*reference)--;
}

static guint
len (const GArray *array)
{
  return array != NULL ? array->len : 0;
}

static void
make_normal (TsrMarathonPolygon *polygon)
{
  polygon->type = 0;
  polygon->permutation = 0;
}

static void
delete_light (TsrMarathonLevel *level,
              guint             light,
              guint             count)
{
  /* Surfaces need some light: they take light 0 of the new numbering. */
  const gint16 replacement = 0;

  for (guint p = 0; p < len (level->polygons); p++)
    {
      TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);

      renumber (&polygon->floor_lightsource_index, light, count, replacement);
      renumber (&polygon->ceiling_lightsource_index, light, count, replacement);
      renumber (&polygon->media_lightsource_index, light, count, replacement);
      if (polygon->type == 6 || polygon->type == 8)
        {
          if (polygon->permutation == (gint16) light)
            make_normal (polygon);
          else
            renumber (&polygon->permutation, light, count, -1);
        }
    }
  for (guint s = 0; s < len (level->sides); s++)
    {
      TsrMarathonSide *side = &g_array_index (level->sides, TsrMarathonSide, s);

      renumber (&side->primary_lightsource_index, light, count, replacement);
      renumber (&side->secondary_lightsource_index, light, count, replacement);
      renumber (&side->transparent_lightsource_index, light, count, replacement);
      if ((side->flags & SIDE_IS_CONTROL_PANEL) && tsr_marathon_panel_class (side->control_panel_type) == PANEL_LIGHT_SWITCH)
        {
          if (side->control_panel_permutation == (gint16) light)
            side->flags &= ~(SIDE_IS_CONTROL_PANEL | SIDE_CONTROL_PANEL_ON);
          else
            renumber (&side->control_panel_permutation, light, count, -1);
        }
    }
  for (guint m = 0; m < len (level->media); m++)
    renumber (&g_array_index (level->media, TsrMarathonMedia, m).light_index, light, count, replacement);
}

static void
delete_platform (TsrMarathonLevel *level,
                 guint             platform,
                 guint             count)
{
  gint16 owner = g_array_index (level->platforms, TsrMarathonPlatform, platform).polygon_index;

  for (guint p = 0; p < len (level->polygons); p++)
    {
      TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);

      if (polygon->type == 5)
        {
          /* The engine finds a polygon's record by the record's polygon index, so that decides
           * (Marathon 1 levels carry permutations that name no record). */
          gint record = -1;

          for (guint r = 0; r < count && record < 0; r++)
            if (r != platform && g_array_index (level->platforms, TsrMarathonPlatform, r).polygon_index == (gint) p)
              record = (gint) r;
          if (record >= 0)
            polygon->permutation = (gint16) (record > (gint) platform ? record - 1 : record);
          else if ((gint) p == owner)
            make_normal (polygon);
          else
            renumber (&polygon->permutation, platform, count, -1);
        }
      else if ((polygon->type == 7 || polygon->type == 9) && owner >= 0 && polygon->permutation == owner)
        make_normal (polygon);
    }
  for (guint s = 0; owner >= 0 && s < len (level->sides); s++)
    {
      TsrMarathonSide *side = &g_array_index (level->sides, TsrMarathonSide, s);

      if ((side->flags & SIDE_IS_CONTROL_PANEL) && tsr_marathon_panel_class (side->control_panel_type) == PANEL_PLATFORM_SWITCH
          && side->control_panel_permutation == owner)
        side->flags &= ~(SIDE_IS_CONTROL_PANEL | SIDE_CONTROL_PANEL_ON);
    }
}

/* One index member (at OFFSET) of every polygon: the removed record becomes NONE. */
static void
renumber_polygons (TsrMarathonLevel *level,
                   glong             offset,
                   guint             removed,
                   guint             count)
{
  for (guint p = 0; p < len (level->polygons); p++)
    renumber (G_STRUCT_MEMBER_P (&g_array_index (level->polygons, TsrMarathonPolygon, p), offset), removed, count, -1);
}

gboolean
tsr_marathon_palette_delete (TsrMarathonLevel       *level,
                             TsrMarathonPaletteKind  kind,
                             guint                   index,
                             GError                **error)
{
  GArray *records;
  guint count;

  g_return_val_if_fail (level != NULL && kind < TSR_MARATHON_N_PALETTES, FALSE);

  records = tsr_marathon_palette_records (level, kind);
  count = len (records);
  if (index >= count)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("record %u does not exist"), index);
      return FALSE;
    }
  switch (kind)
    {
    case TSR_MARATHON_PALETTE_LIGHT:
      if (count == 1 && (len (level->polygons) > 0 || len (level->sides) > 0 || len (level->media) > 0))
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                       _("light 0 is the level's last light: its polygons and sides need one"));
          return FALSE;
        }
      delete_light (level, index, count);
      break;
    case TSR_MARATHON_PALETTE_MEDIA:
      renumber_polygons (level, G_STRUCT_OFFSET (TsrMarathonPolygon, media_index), index, count);
      break;
    case TSR_MARATHON_PALETTE_PLATFORM:
      delete_platform (level, index, count);
      break;
    case TSR_MARATHON_PALETTE_AMBIENT_SOUND:
      renumber_polygons (level, G_STRUCT_OFFSET (TsrMarathonPolygon, ambient_sound_image_index), index, count);
      break;
    case TSR_MARATHON_PALETTE_RANDOM_SOUND:
      renumber_polygons (level, G_STRUCT_OFFSET (TsrMarathonPolygon, random_sound_image_index), index, count);
      break;
    case TSR_MARATHON_N_PALETTES:
    default:
      break;
    }
  g_array_remove_index (records, index);
  return TRUE;
}

/* static platform flags (platforms.h) */
#define PLATFORM_INITIALLY_EXTENDED        (1u << 1)
#define PLATFORM_DEACTIVATES_AT_INITIAL    (1u << 3)
#define PLATFORM_EXTENDS_FLOOR_TO_CEILING  (1u << 5)
#define PLATFORM_COMES_FROM_FLOOR          (1u << 6)
#define PLATFORM_COMES_FROM_CEILING        (1u << 7)
#define PLATFORM_PLAYER_CONTROLLABLE       (1u << 13)
#define PLATFORM_MONSTER_CONTROLLABLE      (1u << 14)
#define PLATFORM_REVERSES_WHEN_OBSTRUCTED  (1u << 15)
#define PLATFORM_USES_NATIVE_HEIGHTS       (1u << 17)
#define PLATFORM_IS_DOOR                   (1u << 26)
#define POLYGON_IS_PLATFORM                5
#define WORLD_ONE                          1024

void
tsr_marathon_platform_defaults (TsrMarathonPlatform *platform)
{
  g_return_if_fail (platform != NULL);

  memset (platform, 0, sizeof *platform);
  platform->type = 0; /* S'pht door */
  platform->speed = 2 * (WORLD_ONE / (2 * TICKS_PER_SECOND)); /* _fast_platform */
  platform->delay = 4 * TICKS_PER_SECOND;                     /* _very_long_delay_platform */
  platform->maximum_height = -1;
  platform->minimum_height = -1;
  platform->static_flags = PLATFORM_DEACTIVATES_AT_INITIAL | PLATFORM_EXTENDS_FLOOR_TO_CEILING
                           | PLATFORM_PLAYER_CONTROLLABLE | PLATFORM_MONSTER_CONTROLLABLE
                           | PLATFORM_REVERSES_WHEN_OBSTRUCTED | PLATFORM_INITIALLY_EXTENDED
                           | PLATFORM_COMES_FROM_CEILING | PLATFORM_IS_DOOR;
  platform->polygon_index = -1;
  platform->tag = 0;
}

gint
tsr_marathon_level_find_platform (const TsrMarathonLevel *level,
                                  guint                   polygon)
{
  g_return_val_if_fail (level != NULL, -1);

  for (guint i = 0; i < len (level->platforms); i++)
    if (g_array_index (level->platforms, TsrMarathonPlatform, i).polygon_index == (gint) polygon)
      return (gint) i;
  return -1;
}

gboolean
tsr_marathon_palette_add_platform (TsrMarathonLevel *level,
                                   guint             polygon,
                                   guint            *index,
                                   GError          **error)
{
  TsrMarathonPlatform platform;
  TsrMarathonPolygon *record;

  g_return_val_if_fail (level != NULL, FALSE);

  if (level->data_version == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("a Marathon 1 level has no platform records (its platforms are set by polygon type)"));
      return FALSE;
    }
  if (polygon >= len (level->polygons))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("polygon %u does not exist"), polygon);
      return FALSE;
    }
  if (tsr_marathon_level_find_platform (level, polygon) >= 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("polygon %u is a platform already"), polygon);
      return FALSE;
    }
  if (len (level->platforms) >= G_MAXINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("the level already has %u platforms"),
                   len (level->platforms));
      return FALSE;
    }
  if (level->platforms == NULL)
    level->platforms = g_array_new (FALSE, TRUE, sizeof (TsrMarathonPlatform));
  tsr_marathon_platform_defaults (&platform);
  platform.polygon_index = (gint16) polygon;
  g_array_append_val (level->platforms, platform);
  record = &g_array_index (level->polygons, TsrMarathonPolygon, polygon);
  record->type = POLYGON_IS_PLATFORM;
  record->permutation = (gint16) (level->platforms->len - 1);
  if (index != NULL)
    *index = level->platforms->len - 1;
  return TRUE;
}

gboolean
tsr_marathon_level_set_polygon_type (TsrMarathonLevel *level,
                                     guint             polygon,
                                     gint16            type,
                                     GError          **error)
{
  TsrMarathonPolygon *record;
  gint platform;

  g_return_val_if_fail (level != NULL, FALSE);

  if (polygon >= len (level->polygons))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("polygon %u does not exist"), polygon);
      return FALSE;
    }
  record = &g_array_index (level->polygons, TsrMarathonPolygon, polygon);
  if (level->data_version == 0 || (record->type == POLYGON_IS_PLATFORM) == (type == POLYGON_IS_PLATFORM))
    {
      record->type = type;
      return TRUE;
    }
  if (type == POLYGON_IS_PLATFORM)
    return tsr_marathon_palette_add_platform (level, polygon, NULL, error);
  platform = tsr_marathon_level_find_platform (level, polygon);
  if (platform >= 0 && !tsr_marathon_palette_delete (level, TSR_MARATHON_PALETTE_PLATFORM, (guint) platform, error))
    return FALSE;
  record = &g_array_index (level->polygons, TsrMarathonPolygon, polygon);
  record->type = type;
  record->permutation = 0;
  return TRUE;
}

gboolean
tsr_marathon_platform_extrema (const TsrMarathonLevel    *level,
                               const TsrMarathonPlatform *platform,
                               gint16                    *minimum_floor,
                               gint16                    *maximum_floor,
                               gint16                    *minimum_ceiling,
                               gint16                    *maximum_ceiling)
{
  const TsrMarathonPolygon *polygon;
  gint16 lowest_floor, highest_floor, lowest_ceiling, highest_ceiling;
  gint16 lowest_level = platform->minimum_height, highest_level = platform->maximum_height;
  guint32 flags = platform->static_flags;

  g_return_val_if_fail (level != NULL && platform != NULL, FALSE);

  if (platform->polygon_index < 0 || (guint) platform->polygon_index >= len (level->polygons))
    return FALSE;
  polygon = &g_array_index (level->polygons, TsrMarathonPolygon, platform->polygon_index);
  lowest_floor = highest_floor = polygon->floor_height;
  lowest_ceiling = highest_ceiling = polygon->ceiling_height;
  for (guint v = 0; v < MIN (polygon->vertex_count, 8u); v++)
    {
      gint16 a = polygon->adjacent_polygon_indexes[v];
      const TsrMarathonPolygon *adjacent;

      if (a < 0 || (guint) a >= len (level->polygons))
        continue;
      adjacent = &g_array_index (level->polygons, TsrMarathonPolygon, a);
      lowest_floor = MIN (lowest_floor, adjacent->floor_height);
      highest_floor = MAX (highest_floor, adjacent->floor_height);
      lowest_ceiling = MIN (lowest_ceiling, adjacent->ceiling_height);
      highest_ceiling = MAX (highest_ceiling, adjacent->ceiling_height);
    }
  if (flags & PLATFORM_EXTENDS_FLOOR_TO_CEILING)
    {
      highest_floor = MAX (highest_floor, polygon->ceiling_height);
      lowest_ceiling = MIN (lowest_ceiling, polygon->floor_height);
    }
  *minimum_floor = *maximum_floor = polygon->floor_height;
  *minimum_ceiling = *maximum_ceiling = polygon->ceiling_height;
  if ((flags & PLATFORM_COMES_FROM_FLOOR) && (flags & PLATFORM_COMES_FROM_CEILING))
    {
      /* split platforms meet in the middle */
      *minimum_floor = lowest_level == -1 ? lowest_floor : lowest_level;
      *maximum_ceiling = highest_level == -1 ? highest_ceiling : highest_level;
      *maximum_floor = *minimum_ceiling = (gint16) ((*minimum_floor + *maximum_ceiling) / 2);
    }
  else if (flags & PLATFORM_COMES_FROM_FLOOR)
    {
      if (flags & PLATFORM_USES_NATIVE_HEIGHTS)
        {
          if (polygon->floor_height < lowest_floor || (flags & PLATFORM_EXTENDS_FLOOR_TO_CEILING))
            lowest_floor = polygon->floor_height;
          else
            highest_floor = polygon->floor_height;
        }
      *minimum_floor = lowest_level == -1 ? lowest_floor : lowest_level;
      *maximum_floor = highest_level == -1 ? highest_floor : highest_level;
    }
  else if (flags & PLATFORM_COMES_FROM_CEILING)
    {
      if (flags & PLATFORM_USES_NATIVE_HEIGHTS)
        {
          if (polygon->ceiling_height > highest_ceiling || (flags & PLATFORM_EXTENDS_FLOOR_TO_CEILING))
            highest_ceiling = polygon->ceiling_height;
          else
            lowest_ceiling = polygon->ceiling_height;
        }
      *minimum_ceiling = lowest_level == -1 ? lowest_ceiling : lowest_level;
      *maximum_ceiling = highest_level == -1 ? highest_ceiling : highest_level;
    }
  return TRUE;
}

gboolean
tsr_marathon_platform_heights (const TsrMarathonLevel    *level,
                               const TsrMarathonPlatform *platform,
                               gint16                    *minimum,
                               gint16                    *maximum)
{
  gint16 minimum_floor, maximum_floor, minimum_ceiling, maximum_ceiling;

  if (!tsr_marathon_platform_extrema (level, platform, &minimum_floor, &maximum_floor, &minimum_ceiling,
                                      &maximum_ceiling))
    return FALSE;
  if ((platform->static_flags & PLATFORM_COMES_FROM_FLOOR) && (platform->static_flags & PLATFORM_COMES_FROM_CEILING))
    *minimum = minimum_floor, *maximum = maximum_ceiling;
  else if (platform->static_flags & PLATFORM_COMES_FROM_FLOOR)
    *minimum = minimum_floor, *maximum = maximum_floor;
  else
    *minimum = minimum_ceiling, *maximum = maximum_ceiling;
  return TRUE;
}

#define OBJECT_IS_MONSTER 0
#define OBJECT_IS_ITEM    2

void
tsr_marathon_count_placed (const GArray *objects,
                           guint         counts[TSR_MARATHON_N_PLACEMENTS])
{
  memset (counts, 0, TSR_MARATHON_N_PLACEMENTS * sizeof *counts);
  for (guint i = 0; i < len (objects); i++)
    {
      const TsrMarathonObject *object = &g_array_index (objects, TsrMarathonObject, i);

      if ((object->type == OBJECT_IS_MONSTER || object->type == OBJECT_IS_ITEM) && object->index >= 0
          && object->index < TSR_MARATHON_PLACEMENT_TYPES)
        counts[(object->type == OBJECT_IS_MONSTER ? TSR_MARATHON_PLACEMENT_TYPES : 0) + object->index]++;
    }
}

gboolean
tsr_marathon_level_shift_placements (TsrMarathonLevel *level,
                                     const guint       before[TSR_MARATHON_N_PLACEMENTS],
                                     const guint       after[TSR_MARATHON_N_PLACEMENTS])
{
  gboolean changed = FALSE, rises = FALSE;

  g_return_val_if_fail (level != NULL, FALSE);

  for (guint k = 0; k < TSR_MARATHON_N_PLACEMENTS; k++)
    rises |= after[k] > before[k];
  if (level->placements != NULL && level->placements->len != 0 && level->placements->len != TSR_MARATHON_N_PLACEMENTS)
    return FALSE; /* a damaged chunk: validation reports it */
  if (level->placements == NULL || level->placements->len == 0)
    {
      if (!rises)
        return FALSE;
      if (level->placements == NULL)
        level->placements = g_array_new (FALSE, TRUE, sizeof (TsrMarathonPlacement));
      g_array_set_size (level->placements, TSR_MARATHON_N_PLACEMENTS);
      changed = TRUE;
    }
  for (guint k = 0; k < TSR_MARATHON_N_PLACEMENTS; k++)
    {
      TsrMarathonPlacement *placement = &g_array_index (level->placements, TsrMarathonPlacement, k);
      gint count = placement->initial_count + ((gint) after[k] - (gint) before[k]);

      if (after[k] == before[k])
        continue;
      count = CLAMP (count, 0, G_MAXINT16);
      if (count != placement->initial_count)
        {
          placement->initial_count = (gint16) count;
          changed = TRUE;
        }
    }
  return changed;
}

static gint
initial_count_of (const GArray *placements,
                  guint         k)
{
  return placements != NULL && k < placements->len ? g_array_index (placements, TsrMarathonPlacement, k).initial_count : 0;
}

char *
tsr_marathon_describe_placement_change (const GArray *before,
                                        const GArray *after)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint k = 0; k < TSR_MARATHON_N_PLACEMENTS; k++)
    {
      gint old = initial_count_of (before, k), new = initial_count_of (after, k);

      if (old == new)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      if (k < TSR_MARATHON_PLACEMENT_TYPES)
        /* Translators: an initial count an edit changed, in the edit's name: "item 21 count 0→1". */
        g_string_append_printf (text, _("item %u count %d→%d"), k, old, new);
      else
        /* Translators: an initial count an edit changed, in the edit's name: "monster 28 count 2→1". */
        g_string_append_printf (text, _("monster %u count %d→%d"), k - TSR_MARATHON_PLACEMENT_TYPES, old, new);
    }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}
