/* tsr-marathon-palette.h: a level's palettes — lights, liquids (media), platforms, ambient and
 * random sounds — added, duplicated and deleted with every reference to them repaired, so no
 * index ends outside its array. GTK-free, on the codec's level structs. */
#pragma once

#include "formats/marathon/tsr-marathon-map.h"

G_BEGIN_DECLS

typedef enum {
  TSR_MARATHON_PALETTE_LIGHT,        /* LITE (new lights, or Marathon 1's old lights) */
  TSR_MARATHON_PALETTE_MEDIA,        /* medi */
  TSR_MARATHON_PALETTE_PLATFORM,     /* plat */
  TSR_MARATHON_PALETTE_AMBIENT_SOUND,/* ambi */
  TSR_MARATHON_PALETTE_RANDOM_SOUND, /* bonk */
  TSR_MARATHON_N_PALETTES
} TsrMarathonPaletteKind;

/* The record kind of the palette in LEVEL (LIGHT or OLD_LIGHT for lights). */
TsrMarathonRecordKind tsr_marathon_palette_record_kind (const TsrMarathonLevel *level,
                                                        TsrMarathonPaletteKind  kind);
/* The palette's array (NULL when the level has no such chunk; transfer none). */
GArray               *tsr_marathon_palette_records     (TsrMarathonLevel       *level,
                                                        TsrMarathonPaletteKind  kind);

/* Appends a record at the end: a copy of record SOURCE (duplicate), or with SOURCE -1 the
 * engine's defaults (its normal light; water lit by light 0 from 0 to 1 WU; a sound at full
 * volume). A platform belongs to its polygon, so adding or duplicating one is refused. Refused
 * too when the level has no such chunk or the palette holds 32,767 records. */
gboolean              tsr_marathon_palette_add         (TsrMarathonLevel       *level,
                                                        TsrMarathonPaletteKind  kind,
                                                        gint                    source,
                                                        guint                  *index,
                                                        GError                **error);
/* Removes record INDEX and renumbers every reference after it. What named it:
 * - lights: polygons' floor, ceiling and liquid lights, sides' three lights and liquids' light
 *   take the first remaining light; light-on/off trigger polygons (6, 8) become normal polygons,
 *   light switches stop being control panels. The last light of a level that uses lights is
 *   refused.
 * - liquids: polygons lose their liquid (NONE).
 * - platforms: the polygon becomes a normal one; triggers (7, 9) aimed at it become normal
 *   polygons and platform switches aimed at it stop being control panels.
 * - ambient / random sounds: polygons lose them (NONE).
 * References that were already outside the array are left as they were. */
gboolean              tsr_marathon_palette_delete      (TsrMarathonLevel       *level,
                                                        TsrMarathonPaletteKind  kind,
                                                        guint                   index,
                                                        GError                **error);

/* The engine's defaults for a new platform (platform_definitions.h: the S'pht door, which is also
 * what Weland gives a new platform): fast (34 units a tick), a 4-second delay, heights NONE (the
 * engine takes the adjacent polygons' extremes), a player- and monster-controllable door that
 * comes from the ceiling, starts extended and reverses when obstructed. */
void                  tsr_marathon_platform_defaults   (TsrMarathonPlatform    *platform);
/* The record of the platform on POLYGON: the first whose polygon_index names it, as the engine
 * looks it up at load (game_wad.cpp scan_and_add_platforms); -1 when there is none. */
gint                  tsr_marathon_level_find_platform (const TsrMarathonLevel *level,
                                                        guint                   polygon);
/* Makes POLYGON a platform: a record with the engine's defaults appended (the plat chunk made
 * when the level has none), naming POLYGON, and the polygon's type 5 with the record as its
 * permutation. Refused for a Marathon 1 level (its platforms are not records), a polygon out of
 * range or one that already has its record. */
gboolean              tsr_marathon_palette_add_platform (TsrMarathonLevel      *level,
                                                        guint                   polygon,
                                                        guint                  *index,
                                                        GError                **error);
/* Sets POLYGON's type keeping the platform records in step: to 5 it gets its record
 * (tsr_marathon_palette_add_platform); from 5 to another type its record is deleted with the
 * repairs of tsr_marathon_palette_delete (triggers and switches aimed at it) and the
 * permutation becomes 0. Other changes, and Marathon 1 levels, set the type alone. */
gboolean              tsr_marathon_level_set_polygon_type (TsrMarathonLevel    *level,
                                                        guint                   polygon,
                                                        gint16                  type,
                                                        GError                **error);
/* What a platform's "auto" heights (NONE) come to when the level starts, by the engine's
 * calculate_platform_extrema (platforms.cpp): the lowest and highest floor and ceiling among the
 * polygon and its neighbours, narrowed by the platform's direction flags. FALSE when its polygon
 * is out of range. */
gboolean              tsr_marathon_platform_extrema    (const TsrMarathonLevel    *level,
                                                        const TsrMarathonPlatform *platform,
                                                        gint16                 *minimum_floor,
                                                        gint16                 *maximum_floor,
                                                        gint16                 *minimum_ceiling,
                                                        gint16                 *maximum_ceiling);

/* The heights PLATFORM moves between when the level starts (its minimum_height and
 * maximum_height, "auto" ones as the engine resolves them): the floor's for floor platforms, the
 * ceiling's for ceiling ones, the lowest floor and highest ceiling for split ones. FALSE when its
 * polygon is out of range. */
gboolean              tsr_marathon_platform_heights    (const TsrMarathonLevel    *level,
                                                        const TsrMarathonPlatform *platform,
                                                        gint16                    *minimum,
                                                        gint16                    *maximum);

/* plac: 64 item records, then 64 monster records. */
#define TSR_MARATHON_PLACEMENT_TYPES 64
#define TSR_MARATHON_N_PLACEMENTS    (2 * TSR_MARATHON_PLACEMENT_TYPES)

/* How many items (COUNTS[type]) and monsters (COUNTS[64 + type]) OBJECTS place. */
void                  tsr_marathon_count_placed        (const GArray           *objects,
                                                        guint                   counts[TSR_MARATHON_N_PLACEMENTS]);
/* Moves LEVEL's initial counts by the change of placed objects from BEFORE to AFTER (counts of
 * tsr_marathon_count_placed), as Weland does in the edit that adds, deletes or retypes an object
 * (Editor.cs, Geometry.cs DeleteObject, Inspector.cs): +1 per object of a type added, -1 per
 * object taken, never below 0 nor above 32767. The engine places items and monsters only through
 * these counts (placement.cpp place_initial_objects), so they belong to the author: nothing else
 * changes them, a save least of all. A level with no plac chunk gets one of 128 zero records when
 * a count must rise; a damaged one (not 128 records) is left alone (validation reports it).
 * Returns whether anything changed. */
gboolean              tsr_marathon_level_shift_placements (TsrMarathonLevel *level,
                                                        const guint       before[TSR_MARATHON_N_PLACEMENTS],
                                                        const guint       after[TSR_MARATHON_N_PLACEMENTS]);
/* What changed between two plac arrays (either may be NULL: all counts 0), for an edit's name in
 * the history: "item 21 count 0→1, monster 28 count 2→1"; NULL when no initial count differs.
 * (transfer full) */
char                 *tsr_marathon_describe_placement_change (const GArray *before,
                                                        const GArray *after);

G_END_DECLS
