/* tsr-marathon-platform-commands.c: both commands run a codec edit of the level inside a
 * TsrMarathonEditLevelCommand, which keeps the polygons, sides and platforms it changed (the plat
 * chunk too when the edit makes it), so undo puts back the bytes. */
#include "model/marathon/tsr-marathon-platform-commands.h"

#include <glib/gi18n.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-palette.h"
#include "model/marathon/tsr-marathon-edit-level-command.h"
#include "model/marathon/tsr-marathon-set-record-command.h"

#define POLYGON_IS_PLATFORM 5

typedef struct {
  guint                     polygon;
  const TsrMarathonPolygon *record;
} TypeEdit;

static gboolean
set_type (TsrMarathonLevel *level,
          gpointer          user_data,
          GError          **error)
{
  const TypeEdit *edit = user_data;
  TsrMarathonPolygon *polygon;
  gint16 permutation;

  if (!tsr_marathon_level_set_polygon_type (level, edit->polygon, edit->record->type, error))
    return FALSE;
  /* Everything but the type and the permutation the platform edit chose comes from the record. */
  polygon = &g_array_index (level->polygons, TsrMarathonPolygon, edit->polygon);
  permutation = polygon->permutation;
  *polygon = *edit->record;
  polygon->permutation = permutation;
  return TRUE;
}

TsrCommand *
tsr_marathon_polygon_record_command_new (TsrMarathonLevelMap       *map,
                                         guint                      polygon,
                                         const TsrMarathonPolygon  *record,
                                         const char                *description,
                                         GError                   **error)
{
  TsrMarathonLevel *level;
  const TsrMarathonPolygon *stored;
  TypeEdit edit = { polygon, record };

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map), NULL);
  g_return_val_if_fail (record != NULL, NULL);

  level = tsr_marathon_level_map_get_level (map);
  stored = tsr_marathon_level_map_get_record (map, TSR_MARATHON_RECORD_POLYGON, polygon, NULL);
  g_return_val_if_fail (stored != NULL, NULL);
  if (level->data_version == 0 || (stored->type == POLYGON_IS_PLATFORM) == (record->type == POLYGON_IS_PLATFORM))
    return tsr_marathon_set_record_command_new (map, TSR_MARATHON_RECORD_POLYGON, polygon, record, description);
  return tsr_marathon_edit_level_command_new (map, description, set_type, &edit, error);
}

static gboolean
add_platform (TsrMarathonLevel *level,
              gpointer          user_data,
              GError          **error)
{
  return tsr_marathon_palette_add_platform (level, GPOINTER_TO_UINT (user_data), NULL, error);
}

TsrCommand *
tsr_marathon_add_platform_command_new (TsrMarathonLevelMap *map,
                                       guint                polygon,
                                       GError             **error)
{
  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map), NULL);

  /* Translators: an undo step of the Platforms palette. */
  return tsr_marathon_edit_level_command_new (map, _("Add Platform"), add_platform, GUINT_TO_POINTER (polygon), error);
}
