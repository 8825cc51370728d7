/* tsr-marathon-new-scenario.c: File → New for Marathon, through the map codec. */
#include "config.h"

#include "model/marathon/tsr-marathon-new-scenario.h"

#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-geometry.h"
#include "formats/marathon/tsr-marathon-map.h"
#include <glib/gi18n.h>

/* One world unit is 1/1024 of the engine's unit; the room is 4 × 4 units. */
#define ROOM_HALF 2048

/* A square room round the origin with one light and the player's start in its middle, so the
 * level is playable and validates clean; its polygon is made by the codec's fill, as the map
 * editor's fill tool makes one. */
static gboolean
add_first_room (TsrMarathonLevel *level,
                GError          **error)
{
  static const TsrMarathonPoint corners[] = {
    { -ROOM_HALF, -ROOM_HALF }, { ROOM_HALF, -ROOM_HALF }, { ROOM_HALF, ROOM_HALF }, { -ROOM_HALF, ROOM_HALF },
  };
  TsrMarathonLight light = { 0 };
  TsrMarathonObject start = { 0 };
  guint polygon = 0;

  /* Initially active, at full intensity in every state. */
  light.flags = 0x0001;
  light.primary_active.intensity = light.secondary_active.intensity = light.becoming_active.intensity = 0x10000;
  light.primary_inactive.intensity = light.secondary_inactive.intensity = light.becoming_inactive.intensity = 0x10000;
  light.primary_active.period = light.secondary_active.period = light.becoming_active.period = 30;
  light.primary_inactive.period = light.secondary_inactive.period = light.becoming_inactive.period = 30;
  g_array_append_val (level->lights, light);

  g_array_append_vals (level->points, corners, G_N_ELEMENTS (corners));
  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    {
      TsrMarathonLine line = { 0 };

      line.endpoint_indexes[0] = (gint16) i;
      line.endpoint_indexes[1] = (gint16) ((i + 1) % G_N_ELEMENTS (corners));
      line.flags = 0x4000; /* solid */
      line.length = 2 * ROOM_HALF;
      line.clockwise_side_index = line.counterclockwise_side_index = TSR_MARATHON_NONE;
      line.clockwise_polygon_owner = line.counterclockwise_polygon_owner = TSR_MARATHON_NONE;
      g_array_append_val (level->lines, line);
    }
  if (!tsr_marathon_level_fill (level, (TsrMarathonPoint) { 0, 0 }, &polygon, error))
    return FALSE;

  start.type = 3; /* player */
  start.polygon_index = (gint16) polygon;
  g_array_append_val (level->objects, start);
  return TRUE;
}

TsrDocument *
tsr_marathon_new_scenario (const char              *level_name,
                           TsrMarathonEnvironment   environment,
                           GError                 **error)
{
  g_autoptr(TsrMarathonMap) map = NULL;
  g_autoptr(GBytes) bytes = NULL;
  TsrMarathonLevel *level;

  g_return_val_if_fail (level_name != NULL, NULL);

  if ((guint) environment >= TSR_MARATHON_N_ENVIRONMENTS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("environment %d: it must be 0 to %d"),
                   (int) environment, TSR_MARATHON_N_ENVIRONMENTS - 1);
      return NULL;
    }
  if (level_name[0] == '\0')
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("level name: it is empty"));
      return NULL;
    }
  /* Marathon 2's data version, which Infinity and Aleph One read as well. */
  map = tsr_marathon_map_from_wad (tsr_wad_new (TSR_WAD_VERSION_OVERLAYS, 1, "untitled.sceA"), error);
  if (map == NULL)
    return NULL;
  level = tsr_marathon_level_new (0, 1, "");
  level->info.environment_code = (gint16) environment;
  tsr_marathon_map_add_level (map, level, 0);
  if (!add_first_room (level, error))
    return NULL;
  if (!tsr_marathon_map_rename_level (map, 0, level_name, error))
    {
      g_prefix_error (error, _("level name: "));
      return NULL;
    }
  bytes = tsr_marathon_map_serialize (map, error);
  if (bytes == NULL)
    return NULL;
  return tsr_document_new_from_bytes (bytes, "untitled.sceA", error);
}
