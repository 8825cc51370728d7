/* tsr-marathon-placement-edit.h: one field of one item or monster placement record (the plac
 * chunk, Aleph One's object_frequency_definition) changed as an undoable command, the edits of the
 * Placement dialog; the random chance as the percent the dialog shows. GTK-free. */
#pragma once

#include "model/marathon/tsr-marathon-level-map.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

typedef enum {
  TSR_MARATHON_PLACEMENT_INITIAL_COUNT,
  TSR_MARATHON_PLACEMENT_MINIMUM_COUNT,
  TSR_MARATHON_PLACEMENT_MAXIMUM_COUNT,
  TSR_MARATHON_PLACEMENT_RANDOM_COUNT,   /* -1 (NONE): no limit on random ones */
  TSR_MARATHON_PLACEMENT_RANDOM_CHANCE,  /* the stored 16-bit value, not the percent */
  TSR_MARATHON_PLACEMENT_RANDOM_LOCATION, /* 0 or 1: flag _reappears_in_random_location */
  TSR_MARATHON_PLACEMENT_N_FIELDS
} TsrMarathonPlacementField;

/* The field's value as stored (the flag as 0 or 1). */
gint        tsr_marathon_placement_get_field   (const TsrMarathonPlacement *placement,
                                                TsrMarathonPlacementField   field);
/* The lowest and highest value FIELD may take (counts are int16, the chance uint16). */
void        tsr_marathon_placement_field_range (TsrMarathonPlacementField   field,
                                                gint                       *minimum,
                                                gint                       *maximum);
/* The field's name for the history ("Maximum Count"), translated. */
const char *tsr_marathon_placement_field_label (TsrMarathonPlacementField   field);

/* The chance of a random one per try, in percent, one decimal, as the dialog shows it:
 * placement.cpp _recreate_objects adds one when global_random () (0..65535) < random_chance, so
 * the chance is random_chance / 65536. (transfer full) */
char       *tsr_marathon_placement_chance_text (guint16                     random_chance);
/* Parses a percent ("12.5" or "12,5", an optional "%") into the stored value, rounded, 100 % as
 * 65535. FALSE on anything else or outside 0..100. */
gboolean    tsr_marathon_placement_parse_chance (const char                *text,
                                                 guint16                   *random_chance);

/* Sets FIELD of placement record PLACEMENT (items 0..63, monsters 64..127) of MAP's level to
 * VALUE as one command named for the type and the field; only that field's bytes change. NULL
 * when the level has no complete plac chunk, PLACEMENT or VALUE is out of range or VALUE is the
 * stored one. (transfer full) */
TsrCommand *tsr_marathon_placement_edit_new    (TsrMarathonLevelMap        *map,
                                                guint                       placement,
                                                TsrMarathonPlacementField   field,
                                                gint                        value);

G_END_DECLS
