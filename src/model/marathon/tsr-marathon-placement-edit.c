/* tsr-marathon-placement-edit.c: a placement field edit is a TsrMarathonSetRecordCommand of the
 * whole 12-byte record with only that field changed, so undo, merging rules and the level's
 * change signals are the inspector's own. */
#include "model/marathon/tsr-marathon-placement-edit.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-names.h"
#include "formats/marathon/tsr-marathon-palette.h"
#include "model/marathon/tsr-marathon-set-record-command.h"

#define REAPPEARS_IN_RANDOM_LOCATION 0x0001 /* map.h _reappears_in_random_location */

gint
tsr_marathon_placement_get_field (const TsrMarathonPlacement *placement,
                                  TsrMarathonPlacementField   field)
{
  g_return_val_if_fail (placement != NULL, 0);
  switch (field)
    {
    case TSR_MARATHON_PLACEMENT_INITIAL_COUNT: return placement->initial_count;
    case TSR_MARATHON_PLACEMENT_MINIMUM_COUNT: return placement->minimum_count;
    case TSR_MARATHON_PLACEMENT_MAXIMUM_COUNT: return placement->maximum_count;
    case TSR_MARATHON_PLACEMENT_RANDOM_COUNT: return placement->random_count;
    case TSR_MARATHON_PLACEMENT_RANDOM_CHANCE: return placement->random_chance;
    case TSR_MARATHON_PLACEMENT_RANDOM_LOCATION: return (placement->flags & REAPPEARS_IN_RANDOM_LOCATION) != 0;
    case TSR_MARATHON_PLACEMENT_N_FIELDS:
    default:
      g_return_val_if_reached (0);
    }
}

void
tsr_marathon_placement_field_range (TsrMarathonPlacementField field,
                                    gint                     *minimum,
                                    gint                     *maximum)
{
  gint low = G_MININT16, high = G_MAXINT16;

  if (field == TSR_MARATHON_PLACEMENT_RANDOM_CHANCE)
    low = 0, high = G_MAXUINT16;
  else if (field == TSR_MARATHON_PLACEMENT_RANDOM_LOCATION)
    low = 0, high = 1;
  /* Counts keep the whole int16 range: a file may hold any, and the dialog shows what it holds. */
  if (minimum != NULL)
    *minimum = low;
  if (maximum != NULL)
    *maximum = high;
}

const char *
tsr_marathon_placement_field_label (TsrMarathonPlacementField field)
{
  switch (field)
    {
    case TSR_MARATHON_PLACEMENT_INITIAL_COUNT: return _("Initial Count");
    case TSR_MARATHON_PLACEMENT_MINIMUM_COUNT: return _("Minimum Count");
    case TSR_MARATHON_PLACEMENT_MAXIMUM_COUNT: return _("Maximum Count");
    case TSR_MARATHON_PLACEMENT_RANDOM_COUNT: return _("Random Count");
    case TSR_MARATHON_PLACEMENT_RANDOM_CHANCE: return _("Random Chance");
    case TSR_MARATHON_PLACEMENT_RANDOM_LOCATION: return _("Random Location");
    case TSR_MARATHON_PLACEMENT_N_FIELDS:
    default:
      g_return_val_if_reached ("");
    }
}

char *
tsr_marathon_placement_chance_text (guint16 random_chance)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* A point whatever the locale: the same text in every language, so a test and a user see the
   * same; parsing takes a comma too. */
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.1f", random_chance * 100.0 / 65536.0));
}

gboolean
tsr_marathon_placement_parse_chance (const char *text,
                                     guint16    *random_chance)
{
  g_autofree char *copy = NULL;
  char *end = NULL;
  double percent;

  g_return_val_if_fail (text != NULL, FALSE);
  copy = g_strstrip (g_strdup (text));
  g_strdelimit (copy, ",", '.');
  if (g_str_has_suffix (copy, "%"))
    {
      copy[strlen (copy) - 1] = '\0';
      g_strchomp (copy);
    }
  if (*copy == '\0')
    return FALSE;
  percent = g_ascii_strtod (copy, &end);
  if (end == NULL || *end != '\0' || !isfinite (percent) || percent < 0 || percent > 100)
    return FALSE;
  if (random_chance != NULL)
    *random_chance = (guint16) MIN (lround (percent * 65536.0 / 100.0), (long) G_MAXUINT16);
  return TRUE;
}

TsrCommand *
tsr_marathon_placement_edit_new (TsrMarathonLevelMap      *map,
                                 guint                     placement,
                                 TsrMarathonPlacementField field,
                                 gint                      value)
{
  GArray *placements;
  TsrMarathonPlacement record;
  gint low, high;
  gboolean monster = placement >= TSR_MARATHON_PLACEMENT_TYPES;
  guint type = placement % TSR_MARATHON_PLACEMENT_TYPES;
  const char *name;
  g_autofree char *fallback = NULL;
  g_autofree char *value_text = NULL;
  g_autofree char *description = NULL;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map), NULL);
  g_return_val_if_fail (field < TSR_MARATHON_PLACEMENT_N_FIELDS, NULL);
  placements = tsr_marathon_level_map_get_records (map, TSR_MARATHON_RECORD_PLACEMENT);
  tsr_marathon_placement_field_range (field, &low, &high);
  if (placements == NULL || placements->len != TSR_MARATHON_N_PLACEMENTS || placement >= TSR_MARATHON_N_PLACEMENTS
      || value < low || value > high)
    return NULL;
  record = g_array_index (placements, TsrMarathonPlacement, placement);
  if (tsr_marathon_placement_get_field (&record, field) == value)
    return NULL;
  switch (field)
    {
    case TSR_MARATHON_PLACEMENT_INITIAL_COUNT: record.initial_count = (gint16) value; break;
    case TSR_MARATHON_PLACEMENT_MINIMUM_COUNT: record.minimum_count = (gint16) value; break;
    case TSR_MARATHON_PLACEMENT_MAXIMUM_COUNT: record.maximum_count = (gint16) value; break;
    case TSR_MARATHON_PLACEMENT_RANDOM_COUNT: record.random_count = (gint16) value; break;
    case TSR_MARATHON_PLACEMENT_RANDOM_CHANCE: record.random_chance = (guint16) value; break;
    case TSR_MARATHON_PLACEMENT_RANDOM_LOCATION:
      record.flags = value ? (record.flags | REAPPEARS_IN_RANDOM_LOCATION)
                           : (record.flags & ~REAPPEARS_IN_RANDOM_LOCATION);
      break;
    case TSR_MARATHON_PLACEMENT_N_FIELDS:
    default:
      g_return_val_if_reached (NULL);
    }
  name = monster ? tsr_marathon_monster_name ((gint) type) : tsr_marathon_item_name ((gint) type);
  if (name == NULL)
    /* Translators: a placement type without a name: "Item 40", "Monster 50". */
    fallback = g_strdup_printf (monster ? _("Monster %u") : _("Item %u"), type);
  if (field == TSR_MARATHON_PLACEMENT_RANDOM_CHANCE)
    {
      g_autofree char *percent = tsr_marathon_placement_chance_text ((guint16) value);

      value_text = g_strdup_printf ("%s %%", percent);
    }
  else if (field == TSR_MARATHON_PLACEMENT_RANDOM_LOCATION)
    value_text = g_strdup (value ? _("on") : _("off"));
  else
    value_text = g_strdup_printf ("%d", value);
  /* Translators: an undo step of the Placement dialog: "Set Maximum Count of Fighter to 3". */
  description = g_strdup_printf (_("Set %s of %s to %s"), tsr_marathon_placement_field_label (field),
                                 name != NULL ? _(name) : fallback, value_text);
  return tsr_marathon_set_record_command_new (map, TSR_MARATHON_RECORD_PLACEMENT, placement, &record, description);
}
