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

G_END_DECLS
