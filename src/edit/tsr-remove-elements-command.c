/* tsr-remove-elements-command.c: deletion as a command; the map keeps the undo state. */
#include "edit/tsr-remove-elements-command.h"

struct _TsrRemoveElementsCommand {
  TsrCommand    parent_instance;
  TsrVectorMap *map;      /* weak */
  GArray       *elements; /* TsrElementRef, sorted, closed over dependents */
  gpointer      removed;  /* the map's undo state while removed, else NULL */
};

G_DEFINE_FINAL_TYPE (TsrRemoveElementsCommand, tsr_remove_elements_command, TSR_TYPE_COMMAND)

static void
tsr_remove_elements_command_redo (TsrCommand *command)
{
  TsrRemoveElementsCommand *self = TSR_REMOVE_ELEMENTS_COMMAND (command);

  if (self->map == NULL || self->removed != NULL)
    return;
  self->removed = tsr_vector_map_remove_elements (self->map, (const TsrElementRef *) self->elements->data,
                                                  self->elements->len);
  tsr_vector_map_note_command (self->map, command);
  tsr_vector_map_elements_changed (self->map, (const TsrElementRef *) self->elements->data,
                                   self->elements->len, TSR_ELEMENTS_STRUCTURE);
}

static void
tsr_remove_elements_command_undo (TsrCommand *command)
{
  TsrRemoveElementsCommand *self = TSR_REMOVE_ELEMENTS_COMMAND (command);

  if (self->map == NULL || self->removed == NULL)
    return;
  tsr_vector_map_restore_removed (self->map, self->removed);
  tsr_vector_map_free_removed (self->map, g_steal_pointer (&self->removed));
  g_free (tsr_vector_map_take_edit_note (self->map));
  tsr_vector_map_elements_changed (self->map, (const TsrElementRef *) self->elements->data,
                                   self->elements->len, TSR_ELEMENTS_STRUCTURE);
}

static void
tsr_remove_elements_command_finalize (GObject *object)
{
  TsrRemoveElementsCommand *self = TSR_REMOVE_ELEMENTS_COMMAND (object);

  if (self->map != NULL)
    {
      tsr_vector_map_free_removed (self->map, g_steal_pointer (&self->removed));
      g_object_remove_weak_pointer (G_OBJECT (self->map), (gpointer *) &self->map);
    }
  g_array_unref (self->elements);
  G_OBJECT_CLASS (tsr_remove_elements_command_parent_class)->finalize (object);
}

static void
tsr_remove_elements_command_class_init (TsrRemoveElementsCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_remove_elements_command_finalize;
  command_class->redo = tsr_remove_elements_command_redo;
  command_class->undo = tsr_remove_elements_command_undo;
}

static void
tsr_remove_elements_command_init (TsrRemoveElementsCommand *self)
{
}

TsrCommand *
tsr_remove_elements_command_new (TsrVectorMap        *map,
                                 const TsrElementRef *elements,
                                 guint                n_elements,
                                 const char          *description)
{
  TsrRemoveElementsCommand *self;
  g_autoptr(GArray) sorted = NULL;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (map), NULL);
  if (n_elements == 0)
    return NULL;

  sorted = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  g_array_append_vals (sorted, elements, n_elements);
  g_array_sort (sorted, (GCompareFunc) tsr_element_ref_compare);

  self = g_object_new (TSR_TYPE_REMOVE_ELEMENTS_COMMAND, "description", description, NULL);
  self->map = map;
  g_object_add_weak_pointer (G_OBJECT (map), (gpointer *) &self->map);
  self->elements = tsr_vector_map_close_over_dependents (map, (const TsrElementRef *) sorted->data,
                                                         sorted->len);
  return TSR_COMMAND (self);
}
