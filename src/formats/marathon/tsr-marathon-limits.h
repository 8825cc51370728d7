/* tsr-marathon-limits.h: the Aleph One limits a level can come near, each with what the level
 * uses: the map index list (tsr_marathon_level_index_usage) and the element counts the engine
 * keeps in int16 (game_wad.cpp load_*, dynamic_world->*_count). For the editor's per-limit lines
 * and their tests; no GTK. */
#pragma once

#include "formats/marathon/tsr-marathon-map.h"

G_BEGIN_DECLS

typedef struct {
  const char *name;  /* untranslated (N_), e.g. "polygons"; translate with _() */
  guint       used;
  guint       limit;
} TsrMarathonLimit;

#define TSR_MARATHON_N_LIMITS 12

/* Fills LIMITS with every limit of LEVEL, the map indexes first. Derives the map indexes on a
 * copy (some 20 ms on the largest level); LEVEL is unchanged. */
void     tsr_marathon_level_limits      (const TsrMarathonLevel *level,
                                         TsrMarathonLimit        limits[TSR_MARATHON_N_LIMITS]);
/* Whether LIMIT is at 80 % of its limit or over it: the editor gives it a line of its own. */
gboolean tsr_marathon_limit_is_near     (const TsrMarathonLimit *limit);

G_END_DECLS
