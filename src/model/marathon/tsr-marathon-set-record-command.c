/* tsr-marathon-set-record-command.c: the old and new bytes of one record struct; an object
 * retyped (another monster or item) moves the initial counts with it, in the same command. */
#include "model/marathon/tsr-marathon-set-record-command.h"

#include <glib/gi18n.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-palette.h"

struct _TsrMarathonSetRecordCommand {
  TsrCommand            parent_instance;
  TsrMarathonLevelMap  *map; /* weak: the document owns it */
  TsrMarathonRecordKind kind;
  guint                 index;
  guint8               *before;
  guint8               *after;
  gboolean              retypes;           /* the plac records change with the object */
  GArray               *placements_before; /* TsrMarathonPlacement, or NULL: no plac chunk */
  GArray               *placements_after;
  guint                 merge_key;
};

G_DEFINE_FINAL_TYPE (TsrMarathonSetRecordCommand, tsr_marathon_set_record_command, TSR_TYPE_COMMAND)

static void
store (TsrMarathonSetRecordCommand *self,
       const guint8                *record)
{
  if (self->map == NULL || tsr_marathon_level_map_get_record (self->map, self->kind, self->index, NULL) == NULL)
    return;
  tsr_marathon_level_map_store_record (self->map, self->kind, self->index, record);
  if (self->retypes)
    tsr_marathon_level_map_store_placements (self->map, record == self->after ? self->placements_after
                                                                              : self->placements_before);
}

static void
tsr_marathon_set_record_command_redo (TsrCommand *command)
{
  TsrMarathonSetRecordCommand *self = TSR_MARATHON_SET_RECORD_COMMAND (command);

  store (self, self->after);
}

static void
tsr_marathon_set_record_command_undo (TsrCommand *command)
{
  TsrMarathonSetRecordCommand *self = TSR_MARATHON_SET_RECORD_COMMAND (command);

  store (self, self->before);
}

static gboolean
tsr_marathon_set_record_command_merge (TsrCommand *command,
                                       TsrCommand *next_command)
{
  TsrMarathonSetRecordCommand *self = TSR_MARATHON_SET_RECORD_COMMAND (command), *next;
  gsize size = 0;

  if (!TSR_IS_MARATHON_SET_RECORD_COMMAND (next_command))
    return FALSE;
  next = TSR_MARATHON_SET_RECORD_COMMAND (next_command);
  if (self->merge_key == 0 || next->merge_key != self->merge_key || next->map != self->map
      || next->kind != self->kind || next->index != self->index || self->retypes || next->retypes
      || self->map == NULL || tsr_marathon_level_map_get_record (self->map, self->kind, self->index, &size) == NULL)
    return FALSE;
  memcpy (self->after, next->after, size);
  return TRUE;
}

static void
tsr_marathon_set_record_command_finalize (GObject *object)
{
  TsrMarathonSetRecordCommand *self = TSR_MARATHON_SET_RECORD_COMMAND (object);

  g_clear_weak_pointer (&self->map);
  g_free (self->before);
  g_free (self->after);
  g_clear_pointer (&self->placements_before, g_array_unref);
  g_clear_pointer (&self->placements_after, g_array_unref);
  G_OBJECT_CLASS (tsr_marathon_set_record_command_parent_class)->finalize (object);
}

static void
tsr_marathon_set_record_command_class_init (TsrMarathonSetRecordCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_marathon_set_record_command_finalize;
  command_class->redo = tsr_marathon_set_record_command_redo;
  command_class->undo = tsr_marathon_set_record_command_undo;
  command_class->merge = tsr_marathon_set_record_command_merge;
}

void
tsr_marathon_set_record_command_set_merge_key (TsrMarathonSetRecordCommand *self,
                                               guint                        key)
{
  g_return_if_fail (TSR_IS_MARATHON_SET_RECORD_COMMAND (self));
  self->merge_key = key;
}

static void
tsr_marathon_set_record_command_init (TsrMarathonSetRecordCommand *self)
{
}

TsrCommand *
tsr_marathon_set_record_command_new (TsrMarathonLevelMap  *map,
                                     TsrMarathonRecordKind kind,
                                     guint                 index,
                                     gconstpointer         record,
                                     const char           *description)
{
  TsrMarathonSetRecordCommand *self;
  gpointer stored;
  gsize size = 0;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map), NULL);
  stored = tsr_marathon_level_map_get_record (map, kind, index, &size);
  g_return_val_if_fail (stored != NULL, NULL);

  if (memcmp (stored, record, size) == 0)
    return NULL;
  self = g_object_new (TSR_TYPE_MARATHON_SET_RECORD_COMMAND, "description", description, NULL);
  if (kind == TSR_MARATHON_RECORD_OBJECT)
    {
      GArray *placements = tsr_marathon_level_map_get_records (map, TSR_MARATHON_RECORD_PLACEMENT);
      g_autoptr(GArray) after = tsr_marathon_level_map_placements_after_store (map, index, record);
      g_autofree char *note = tsr_marathon_describe_placement_change (placements, after);

      if (note != NULL)
        {
          self->retypes = TRUE;
          self->placements_before = placements != NULL ? g_array_copy (placements) : NULL;
          self->placements_after = g_steal_pointer (&after);
          tsr_command_add_note (TSR_COMMAND (self), note);
        }
    }
  g_set_weak_pointer (&self->map, map);
  self->kind = kind;
  self->index = index;
  self->before = g_memdup2 (stored, size);
  self->after = g_memdup2 (record, size);
  return TSR_COMMAND (self);
}

TsrCommand *
tsr_marathon_initial_count_fix_new (TsrMarathonLevelMap *map,
                                    guint                placement)
{
  GArray *placements;
  TsrMarathonPlacement record;
  guint placed[TSR_MARATHON_N_PLACEMENTS];
  g_autofree char *description = NULL;

  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map), NULL);
  placements = tsr_marathon_level_map_get_records (map, TSR_MARATHON_RECORD_PLACEMENT);
  if (placements == NULL || placements->len != TSR_MARATHON_N_PLACEMENTS || placement >= TSR_MARATHON_N_PLACEMENTS)
    return NULL;
  record = g_array_index (placements, TsrMarathonPlacement, placement);
  tsr_marathon_count_placed (tsr_marathon_level_map_get_records (map, TSR_MARATHON_RECORD_OBJECT), placed);
  if (record.initial_count != 0 || placed[placement] == 0)
    return NULL;
  record.initial_count = (gint16) MIN (placed[placement], (guint) G_MAXINT16);
  description = placement < TSR_MARATHON_PLACEMENT_TYPES
                  /* Translators: the fix of an item type placed with an initial count of 0, as an undo step. */
                  ? g_strdup_printf (_("Set Initial Count of Item %u to %d"), placement, record.initial_count)
                  /* Translators: the fix of a monster type placed with an initial count of 0, as an undo step. */
                  : g_strdup_printf (_("Set Initial Count of Monster %u to %d"),
                                     placement - TSR_MARATHON_PLACEMENT_TYPES, record.initial_count);
  return tsr_marathon_set_record_command_new (map, TSR_MARATHON_RECORD_PLACEMENT, placement, &record, description);
}
