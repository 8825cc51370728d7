/* tsr-marathon-limits.c: the counts are the ones validate_counts (tsr-marathon-map.c) checks
 * against 32,767, in the same order; the map indexes come from the derive code's meter. */
#include "formats/marathon/tsr-marathon-limits.h"

#include <glib/gi18n.h>

#include "formats/marathon/tsr-marathon-derive.h"

static guint
length (const GArray *array)
{
  return array != NULL ? array->len : 0;
}

void
tsr_marathon_level_limits (const TsrMarathonLevel *level,
                           TsrMarathonLimit        limits[TSR_MARATHON_N_LIMITS])
{
  guint index_limit = 0;
  guint i = 0;

  g_return_if_fail (level != NULL && limits != NULL);
  limits[i].name = N_("map indexes");
  limits[i].used = tsr_marathon_level_index_usage (level, &index_limit);
  limits[i++].limit = index_limit;
#define COUNT(what, n) (limits[i].name = (what), limits[i].used = (n), limits[i++].limit = G_MAXINT16)
  COUNT (N_("points"), tsr_marathon_level_n_points (level));
  COUNT (N_("lines"), length (level->lines));
  COUNT (N_("sides"), length (level->sides));
  COUNT (N_("polygons"), length (level->polygons));
  COUNT (N_("lights"), level->data_version == 0 ? length (level->old_lights) : length (level->lights));
  COUNT (N_("objects"), length (level->objects));
  COUNT (N_("annotations"), length (level->annotations));
  COUNT (N_("platforms"), length (level->platforms));
  COUNT (N_("liquids"), length (level->media));
  COUNT (N_("ambient sounds"), length (level->ambient_sounds));
  COUNT (N_("random sounds"), length (level->random_sounds));
#undef COUNT
  g_assert (i == TSR_MARATHON_N_LIMITS);
}

gboolean
tsr_marathon_limit_is_near (const TsrMarathonLimit *limit)
{
  g_return_val_if_fail (limit != NULL, FALSE);
  return limit->limit > 0 && (guint64) limit->used * 10 >= (guint64) limit->limit * 8;
}
