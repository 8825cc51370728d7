/* tsr-paste-elements-command.c: paste as a command. */
#include "edit/tsr-paste-elements-command.h"

struct _TsrPasteElementsCommand {
  TsrCommand     parent_instance;
  TsrVectorMap  *map;   /* weak */
  TsrVectorClip *clip;
  double         dx;
  double         dy;
  GArray        *added; /* TsrElementRef, sorted */
};

G_DEFINE_FINAL_TYPE (TsrPasteElementsCommand, tsr_paste_elements_command, TSR_TYPE_COMMAND)

static void
tsr_paste_elements_command_redo (TsrCommand *command)
{
  TsrPasteElementsCommand *self = TSR_PASTE_ELEMENTS_COMMAND (command);
  guint n = tsr_vector_clip_get_n_elements (self->clip);
  g_autofree guint *map_index = g_new (guint, n); /* clip element → its index in the map */
  g_autoptr(GArray) positions = g_array_new (FALSE, FALSE, sizeof (TsrVectorPoint));
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (guint));

  g_array_set_size (self->added, 0);
  if (self->map == NULL)
    return;
  for (guint e = 0; e < n; e++)
    {
      TsrElementKind kind = tsr_vector_clip_get_kind (self->clip, e);
      guint n_vertices = tsr_vector_clip_get_n_vertices (self->clip, e);
      gboolean complete = TRUE;

      g_array_set_size (positions, n_vertices);
      g_array_set_size (points, n_vertices);
      for (guint v = 0; v < n_vertices; v++)
        {
          TsrVectorPoint *p = &g_array_index (positions, TsrVectorPoint, v);
          guint point = tsr_vector_clip_get_vertex_point (self->clip, e, v);

          tsr_vector_clip_get_vertex (self->clip, e, v, p);
          p->x += self->dx;
          p->y += self->dy;
          /* Points precede what uses them in a clip, so they are already in the map. */
          g_array_index (points, guint, v) = point == G_MAXUINT ? G_MAXUINT : map_index[point];
          complete &= point == G_MAXUINT || map_index[point] != G_MAXUINT;
        }
      /* A pasted person keeps its name and scripts (what the family keeps besides geometry). */
      map_index[e] = complete ? tsr_vector_map_append_element_with_data (self->map, kind, n_vertices,
                                                                         (const TsrVectorPoint *) positions->data,
                                                                         (const guint *) points->data,
                                                                         tsr_vector_clip_get_element_data (self->clip, e))
                              : G_MAXUINT;
      if (map_index[e] != G_MAXUINT)
        {
          TsrElementRef ref = { kind, map_index[e] };

          g_array_append_val (self->added, ref);
        }
    }
  g_array_sort (self->added, (GCompareFunc) tsr_element_ref_compare);
  tsr_vector_map_note_command (self->map, command);
  tsr_vector_map_elements_changed (self->map, (const TsrElementRef *) self->added->data,
                                   self->added->len, TSR_ELEMENTS_STRUCTURE);
}

static void
tsr_paste_elements_command_undo (TsrCommand *command)
{
  TsrPasteElementsCommand *self = TSR_PASTE_ELEMENTS_COMMAND (command);

  if (self->map == NULL || self->added->len == 0)
    return;
  /* The appended elements are the last of their kinds: removing them shifts nothing else, and
   * redo appends them again at the same indices. */
  tsr_vector_map_free_removed (self->map,
                               tsr_vector_map_remove_elements (self->map, (const TsrElementRef *) self->added->data,
                                                               self->added->len));
  g_free (tsr_vector_map_take_edit_note (self->map));
  tsr_vector_map_elements_changed (self->map, (const TsrElementRef *) self->added->data,
                                   self->added->len, TSR_ELEMENTS_STRUCTURE);
}

static void
tsr_paste_elements_command_finalize (GObject *object)
{
  TsrPasteElementsCommand *self = TSR_PASTE_ELEMENTS_COMMAND (object);

  if (self->map != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->map), (gpointer *) &self->map);
  tsr_vector_clip_unref (self->clip);
  g_array_unref (self->added);
  G_OBJECT_CLASS (tsr_paste_elements_command_parent_class)->finalize (object);
}

static void
tsr_paste_elements_command_class_init (TsrPasteElementsCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_paste_elements_command_finalize;
  command_class->redo = tsr_paste_elements_command_redo;
  command_class->undo = tsr_paste_elements_command_undo;
}

static void
tsr_paste_elements_command_init (TsrPasteElementsCommand *self)
{
  self->added = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
}

TsrCommand *
tsr_paste_elements_command_new (TsrVectorMap  *map,
                                TsrVectorClip *clip,
                                double         dx,
                                double         dy,
                                const char    *description)
{
  TsrPasteElementsCommand *self;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (map), NULL);
  g_return_val_if_fail (clip != NULL, NULL);
  if (g_strcmp0 (tsr_vector_clip_get_family (clip), tsr_vector_map_get_family (map)) != 0)
    return NULL;

  self = g_object_new (TSR_TYPE_PASTE_ELEMENTS_COMMAND, "description", description, NULL);
  self->map = map;
  g_object_add_weak_pointer (G_OBJECT (map), (gpointer *) &self->map);
  self->clip = tsr_vector_clip_ref (clip);
  self->dx = dx;
  self->dy = dy;
  return TSR_COMMAND (self);
}

const TsrElementRef *
tsr_paste_elements_command_get_added (TsrPasteElementsCommand *self,
                                      guint                   *n_added)
{
  g_return_val_if_fail (TSR_IS_PASTE_ELEMENTS_COMMAND (self), NULL);
  if (n_added != NULL)
    *n_added = self->added->len;
  return (const TsrElementRef *) self->added->data;
}
