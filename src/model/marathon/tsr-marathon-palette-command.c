/* tsr-marathon-palette-command.c: the edit is applied once at creation to learn its result, and
 * the level put back; the command then holds the before and after copies of every array a palette
 * edit can touch (polygons, sides, the palettes), so undo and redo are copies, bit-exact. The
 * arrays keep their identity (only their contents are copied), so the level map's pointers stay
 * valid. */
#include "model/marathon/tsr-marathon-palette-command.h"

#include <glib/gi18n.h>
#include <string.h>

enum { ARRAY_POLYGONS, ARRAY_SIDES, ARRAY_LIGHTS, ARRAY_MEDIA, ARRAY_PLATFORMS, ARRAY_AMBIENT, ARRAY_RANDOM, N_ARRAYS };

struct _TsrMarathonPaletteCommand {
  TsrCommand           parent_instance;
  TsrMarathonLevelMap *map; /* weak: the document owns it */
  guint                index;
  GArray              *before[N_ARRAYS];
  GArray              *after[N_ARRAYS];
};

G_DEFINE_FINAL_TYPE (TsrMarathonPaletteCommand, tsr_marathon_palette_command, TSR_TYPE_COMMAND)

static GArray *
level_array (TsrMarathonLevel *level,
             guint             which)
{
  switch (which)
    {
    case ARRAY_POLYGONS: return level->polygons;
    case ARRAY_SIDES: return level->sides;
    case ARRAY_LIGHTS: return tsr_marathon_palette_records (level, TSR_MARATHON_PALETTE_LIGHT);
    case ARRAY_MEDIA: return level->media;
    case ARRAY_PLATFORMS: return level->platforms;
    case ARRAY_AMBIENT: return level->ambient_sounds;
    case ARRAY_RANDOM: return level->random_sounds;
    default: return NULL;
    }
}

static void
snapshot (TsrMarathonLevel *level,
          GArray          **copies)
{
  for (guint i = 0; i < N_ARRAYS; i++)
    {
      GArray *array = level_array (level, i);

      copies[i] = array != NULL ? g_array_copy (array) : NULL;
    }
}

static void
restore (TsrMarathonLevel *level,
         GArray          **copies)
{
  for (guint i = 0; i < N_ARRAYS; i++)
    {
      GArray *array = level_array (level, i);

      if (array == NULL || copies[i] == NULL)
        continue;
      g_array_set_size (array, copies[i]->len);
      if (copies[i]->len > 0)
        memcpy (array->data, copies[i]->data, (gsize) copies[i]->len * g_array_get_element_size (array));
    }
}

static void
apply (TsrMarathonPaletteCommand *self,
       GArray                   **copies)
{
  if (self->map == NULL)
    return;
  restore (tsr_marathon_level_map_get_level (self->map), copies);
  /* Polygon types, lights and liquids change how the map is drawn: the whole view. */
  tsr_vector_map_elements_changed (TSR_VECTOR_MAP (self->map), NULL, 0, TSR_ELEMENTS_GEOMETRY);
}

static void
tsr_marathon_palette_command_redo (TsrCommand *command)
{
  TsrMarathonPaletteCommand *self = TSR_MARATHON_PALETTE_COMMAND (command);

  apply (self, self->after);
}

static void
tsr_marathon_palette_command_undo (TsrCommand *command)
{
  TsrMarathonPaletteCommand *self = TSR_MARATHON_PALETTE_COMMAND (command);

  apply (self, self->before);
}

static void
tsr_marathon_palette_command_finalize (GObject *object)
{
  TsrMarathonPaletteCommand *self = TSR_MARATHON_PALETTE_COMMAND (object);

  g_clear_weak_pointer (&self->map);
  for (guint i = 0; i < N_ARRAYS; i++)
    {
      g_clear_pointer (&self->before[i], g_array_unref);
      g_clear_pointer (&self->after[i], g_array_unref);
    }
  G_OBJECT_CLASS (tsr_marathon_palette_command_parent_class)->finalize (object);
}

static void
tsr_marathon_palette_command_class_init (TsrMarathonPaletteCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_marathon_palette_command_finalize;
  command_class->redo = tsr_marathon_palette_command_redo;
  command_class->undo = tsr_marathon_palette_command_undo;
}

static void
tsr_marathon_palette_command_init (TsrMarathonPaletteCommand *self)
{
}

static char *
describe (TsrMarathonPaletteKind      kind,
          TsrMarathonPaletteOperation operation)
{
  /* Translators: undo steps of the palette editors. */
  static const char *const names[TSR_MARATHON_N_PALETTES][3] = {
    { N_("Add Light"), N_("Duplicate Light"), N_("Delete Light") },
    { N_("Add Liquid"), N_("Duplicate Liquid"), N_("Delete Liquid") },
    { N_("Add Platform"), N_("Duplicate Platform"), N_("Delete Platform") },
    { N_("Add Ambient Sound"), N_("Duplicate Ambient Sound"), N_("Delete Ambient Sound") },
    { N_("Add Random Sound"), N_("Duplicate Random Sound"), N_("Delete Random Sound") },
  };

  return g_strdup (_(names[kind][operation]));
}

TsrCommand *
tsr_marathon_palette_command_new (TsrMarathonLevelMap         *map,
                                  TsrMarathonPaletteKind       kind,
                                  TsrMarathonPaletteOperation  operation,
                                  guint                        index,
                                  GError                     **error)
{
  TsrMarathonLevel *level;
  TsrMarathonPaletteCommand *self;
  g_autofree char *description = NULL;
  GArray *before[N_ARRAYS];
  gboolean ok;
  guint result = index;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map), NULL);
  g_return_val_if_fail (kind < TSR_MARATHON_N_PALETTES && operation <= TSR_MARATHON_PALETTE_DELETE, NULL);

  level = tsr_marathon_level_map_get_level (map);
  snapshot (level, before);
  if (operation == TSR_MARATHON_PALETTE_DELETE)
    ok = tsr_marathon_palette_delete (level, kind, index, error);
  else
    ok = tsr_marathon_palette_add (level, kind, operation == TSR_MARATHON_PALETTE_ADD ? -1 : (gint) index, &result, error);
  if (!ok)
    {
      for (guint i = 0; i < N_ARRAYS; i++)
        g_clear_pointer (&before[i], g_array_unref);
      return NULL;
    }
  description = describe (kind, operation);
  self = g_object_new (TSR_TYPE_MARATHON_PALETTE_COMMAND, "description", description, NULL);
  g_set_weak_pointer (&self->map, map);
  self->index = result;
  memcpy (self->before, before, sizeof before);
  snapshot (level, self->after);
  restore (level, self->before);
  return TSR_COMMAND (self);
}

guint
tsr_marathon_palette_command_get_index (TsrMarathonPaletteCommand *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PALETTE_COMMAND (self), 0);
  return self->index;
}
