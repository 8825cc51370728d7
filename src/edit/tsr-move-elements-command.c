/* tsr-move-elements-command.c: the one command for vector moves (drags, nudges). */
#include "edit/tsr-move-elements-command.h"

#include <string.h>

struct _TsrMoveElementsCommand {
  TsrCommand    parent_instance;
  TsrVectorMap *map;       /* weak: the document owns the map and its undo stack */
  GArray       *vertices;  /* TsrVertexRef */
  GArray       *from;      /* TsrVectorPoint, as before the first step */
  GArray       *to;        /* TsrVectorPoint */
  char         *merge_key;
};

G_DEFINE_FINAL_TYPE (TsrMoveElementsCommand, tsr_move_elements_command, TSR_TYPE_COMMAND)

static void
store (TsrMoveElementsCommand *self,
       GArray                 *positions)
{
  if (self->map == NULL)
    return;
  tsr_vector_map_store_vertices (self->map, (const TsrVertexRef *) self->vertices->data,
                                 (const TsrVectorPoint *) positions->data, self->vertices->len);
}

static void
tsr_move_elements_command_redo (TsrCommand *command)
{
  TsrMoveElementsCommand *self = TSR_MOVE_ELEMENTS_COMMAND (command);

  store (self, self->to);
}

static void
tsr_move_elements_command_undo (TsrCommand *command)
{
  TsrMoveElementsCommand *self = TSR_MOVE_ELEMENTS_COMMAND (command);

  store (self, self->from);
}

static gboolean
tsr_move_elements_command_merge (TsrCommand *command,
                                 TsrCommand *next_command)
{
  TsrMoveElementsCommand *self = TSR_MOVE_ELEMENTS_COMMAND (command);
  TsrMoveElementsCommand *next;

  if (!TSR_IS_MOVE_ELEMENTS_COMMAND (next_command))
    return FALSE;
  next = TSR_MOVE_ELEMENTS_COMMAND (next_command);
  if (self->merge_key == NULL || g_strcmp0 (self->merge_key, next->merge_key) != 0
      || self->map != next->map || self->vertices->len != next->vertices->len
      || (self->vertices->len > 0 && memcmp (self->vertices->data, next->vertices->data,
                                             sizeof (TsrVertexRef) * self->vertices->len) != 0))
    return FALSE;

  /* NEXT is applied and started where SELF ended: SELF now ends where NEXT does. */
  g_array_set_size (self->to, 0);
  g_array_append_vals (self->to, next->to->data, next->to->len);
  return TRUE;
}

static void
tsr_move_elements_command_finalize (GObject *object)
{
  TsrMoveElementsCommand *self = TSR_MOVE_ELEMENTS_COMMAND (object);

  if (self->map != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->map), (gpointer *) &self->map);
  g_array_unref (self->vertices);
  g_array_unref (self->from);
  g_array_unref (self->to);
  g_free (self->merge_key);
  G_OBJECT_CLASS (tsr_move_elements_command_parent_class)->finalize (object);
}

static void
tsr_move_elements_command_class_init (TsrMoveElementsCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_move_elements_command_finalize;
  command_class->redo = tsr_move_elements_command_redo;
  command_class->undo = tsr_move_elements_command_undo;
  command_class->merge = tsr_move_elements_command_merge;
}

static void
tsr_move_elements_command_init (TsrMoveElementsCommand *self)
{
  self->vertices = g_array_new (FALSE, FALSE, sizeof (TsrVertexRef));
  self->from = g_array_new (FALSE, FALSE, sizeof (TsrVectorPoint));
  self->to = g_array_new (FALSE, FALSE, sizeof (TsrVectorPoint));
}

TsrCommand *
tsr_move_elements_command_new (TsrVectorMap         *map,
                               const TsrVertexRef   *vertices,
                               const TsrVectorPoint *positions,
                               guint                 n_vertices,
                               const char           *description,
                               const char           *merge_key)
{
  TsrMoveElementsCommand *self;
  gboolean moves = FALSE;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (map), NULL);

  self = g_object_new (TSR_TYPE_MOVE_ELEMENTS_COMMAND, "description", description, NULL);
  self->map = map;
  g_object_add_weak_pointer (G_OBJECT (map), (gpointer *) &self->map);
  self->merge_key = g_strdup (merge_key);
  g_array_append_vals (self->vertices, vertices, n_vertices);
  g_array_append_vals (self->to, positions, n_vertices);
  g_array_set_size (self->from, n_vertices);
  for (guint i = 0; i < n_vertices; i++)
    {
      TsrVectorPoint *old = &g_array_index (self->from, TsrVectorPoint, i);

      tsr_vector_map_get_vertex (map, &vertices[i].element, vertices[i].vertex, old);
      moves |= old->x != positions[i].x || old->y != positions[i].y;
    }
  if (!moves)
    {
      g_object_unref (self);
      return NULL;
    }
  return TSR_COMMAND (self);
}

TsrCommand *
tsr_move_elements_command_new_translate (TsrVectorMap        *map,
                                         const TsrElementRef *elements,
                                         guint                n_elements,
                                         double               dx,
                                         double               dy,
                                         const char          *description,
                                         const char          *merge_key)
{
  g_autoptr(GArray) vertices = NULL;
  g_autoptr(GArray) positions = NULL;

  g_return_val_if_fail (TSR_IS_VECTOR_MAP (map), NULL);

  vertices = tsr_vector_map_collect_vertices (map, elements, n_elements);
  positions = g_array_sized_new (FALSE, FALSE, sizeof (TsrVectorPoint), vertices->len);
  for (guint i = 0; i < vertices->len; i++)
    {
      const TsrVertexRef *vertex = &g_array_index (vertices, TsrVertexRef, i);
      TsrVectorPoint p;

      tsr_vector_map_get_vertex (map, &vertex->element, vertex->vertex, &p);
      p.x += dx;
      p.y += dy;
      g_array_append_val (positions, p);
    }
  return tsr_move_elements_command_new (map, (const TsrVertexRef *) vertices->data,
                                        (const TsrVectorPoint *) positions->data, vertices->len,
                                        description, merge_key);
}
