/* tsr-doom2d-command.c: Doom2D map edits as operations on the codec's records. References changed
 * by a removal are remembered by record (not index), so they are found again whatever was
 * renumbered in between; each operation's undo state is taken when it runs. */
#include "model/doom2d/tsr-doom2d-command.h"

#include <string.h>

#include "model/doom2d/tsr-doom2d-document.h"

typedef enum {
  OP_ADD,
  OP_REMOVE,
  OP_SET,
  OP_TRIGGER_TYPE,
} OpKind;

/* A reference a removal renumbered or cleared. */
typedef struct {
  TsrDoom2dRecord *record;
  gboolean         data;
  guint            field;
  gint64           old;
} ReferenceChange;

typedef struct {
  OpKind           op;
  TsrDoom2dKind    kind;
  guint            index;
  TsrDoom2dRecord *record;     /* ADD: owned while undone; REMOVE: owned while done */
  GArray          *references; /* REMOVE: ReferenceChange, while done */
  gboolean         data;       /* SET */
  guint            field;
  TsrFieldValue    value;
  TsrFieldValue    old;
  gboolean         have_old;   /* SET: OLD was read; TRIGGER_TYPE: done */
  guint            type;       /* TRIGGER_TYPE */
  gint64           old_type;
  const TsrDoom2dTriggerLayout *old_layout;
  TsrFieldValue   *old_data;   /* owned while done */
  guint8           old_raw[TSR_DOOM2D_TRIGGER_DATA_SIZE];
} Op;

struct _TsrDoom2dCommand {
  TsrCommand         parent_instance;
  TsrDoom2dDocument *document; /* owns the undo stack holding this command */
  GArray            *ops;      /* Op */
};

G_DEFINE_FINAL_TYPE (TsrDoom2dCommand, tsr_doom2d_command, TSR_TYPE_COMMAND)

static void
data_values_free (const TsrDoom2dTriggerLayout *layout,
                  TsrFieldValue                *values)
{
  if (layout == NULL || values == NULL)
    return;
  for (guint i = 0; i < layout->table.n_fields; i++)
    g_free (values[i].text);
  g_free (values);
}

static void
op_clear (Op *op)
{
  tsr_doom2d_record_free (g_steal_pointer (&op->record));
  g_clear_pointer (&op->references, g_array_unref);
  tsr_field_value_clear (&op->value);
  tsr_field_value_clear (&op->old);
  data_values_free (op->old_layout, g_steal_pointer (&op->old_data));
}

static TsrDoom2dRecord *
op_record (TsrDoom2dMap *map,
           const Op     *op)
{
  if (op->kind == TSR_DOOM2D_KIND_HEADER)
    return map->header;
  if (op->index >= tsr_doom2d_map_count (map, op->kind))
    return NULL;
  return tsr_doom2d_map_get (map, op->kind, op->index);
}

static TsrFieldValue *
op_target (TsrDoom2dRecord *record,
           const Op        *op)
{
  if (!op->data)
    return op->field < tsr_doom2d_record_get_type (record)->table.n_fields ? &record->values[op->field] : NULL;
  if (record->layout == NULL || op->field >= record->layout->table.n_fields)
    return NULL;
  return &record->data_values[op->field];
}

TsrDoom2dKind
tsr_doom2d_reference_kind (guint reference)
{
  switch (reference)
    {
    case TSR_DOOM2D_REF_TEXTURE: return TSR_DOOM2D_KIND_TEXTURE;
    case TSR_DOOM2D_REF_PANEL:   return TSR_DOOM2D_KIND_PANEL;
    case TSR_DOOM2D_REF_MONSTER: return TSR_DOOM2D_KIND_MONSTER;
    case TSR_DOOM2D_REF_TRIGGER: return TSR_DOOM2D_KIND_TRIGGER;
    default:                     return TSR_DOOM2D_KIND_HEADER;
    }
}

/* Every reference to KIND at or past INDEX: what removing record INDEX changes. */
static void
collect_references (TsrDoom2dMap  *map,
                    TsrDoom2dKind  kind,
                    guint          index,
                    GArray        *changes)
{
  for (guint k = TSR_DOOM2D_KIND_TEXTURE; k < TSR_DOOM2D_N_KINDS; k++)
    for (guint i = 0; i < map->records[k]->len; i++)
      {
        TsrDoom2dRecord *record = g_ptr_array_index (map->records[k], i);
        const TsrFieldTable *tables[2] = { &tsr_doom2d_record_get_type (record)->table,
                                           record->layout != NULL ? &record->layout->table : NULL };
        TsrFieldValue *values[2] = { record->values, record->data_values };

        for (guint t = 0; t < 2; t++)
          {
            if (tables[t] == NULL)
              continue;
            for (guint f = 0; f < tables[t]->n_fields; f++)
              {
                const TsrField *field = &tables[t]->fields[f];
                ReferenceChange change = { record, t == 1, f, values[t][f].v[0] };

                if (field->reference == TSR_DOOM2D_REF_NONE || tsr_doom2d_reference_kind (field->reference) != kind
                    || change.old < (gint64) index)
                  continue;
                g_array_append_val (changes, change);
              }
          }
      }
}

static void
op_redo (TsrDoom2dMap *map,
         Op           *op)
{
  TsrDoom2dRecord *record;
  TsrFieldValue *target;

  switch (op->op)
    {
    case OP_ADD:
      if (op->record == NULL)
        return;
      op->index = tsr_doom2d_map_add (map, g_steal_pointer (&op->record));
      break;
    case OP_REMOVE:
      if (op->record != NULL || op->index >= tsr_doom2d_map_count (map, op->kind))
        return;
      op->references = g_array_new (FALSE, FALSE, sizeof (ReferenceChange));
      collect_references (map, op->kind, op->index, op->references);
      /* The codec's removal renumbers and clears the references; it frees what it removes, so it
       * is given a stand-in and the record is kept for undo. */
      op->record = g_ptr_array_index (map->records[op->kind], op->index);
      g_ptr_array_index (map->records[op->kind], op->index) = tsr_doom2d_record_new (op->kind);
      tsr_doom2d_map_remove (map, op->kind, op->index);
      break;
    case OP_SET:
      record = op_record (map, op);
      target = record != NULL ? op_target (record, op) : NULL;
      if (target == NULL)
        return;
      if (!op->have_old)
        {
          tsr_field_value_copy (&op->old, target);
          op->have_old = TRUE;
        }
      tsr_field_value_clear (target);
      tsr_field_value_copy (target, &op->value);
      break;
    case OP_TRIGGER_TYPE:
      record = op_record (map, op);
      if (record == NULL || op->have_old)
        return;
      op->have_old = TRUE;
      op->old_type = record->values[TSR_DOOM2D_TRIGGER_TYPE].v[0];
      op->old_layout = record->layout;
      op->old_data = record->data_values;
      if (record->raw != NULL)
        memcpy (op->old_raw, record->raw + TSR_DOOM2D_TRIGGER_DATA_OFFSET, TSR_DOOM2D_TRIGGER_DATA_SIZE);
      record->layout = NULL;
      record->data_values = NULL;
      tsr_doom2d_record_set_trigger_type (record, op->type);
      break;
    }
}

static void
op_undo (TsrDoom2dMap *map,
         Op           *op)
{
  TsrDoom2dRecord *record;
  TsrFieldValue *target;

  switch (op->op)
    {
    case OP_ADD:
      if (op->record != NULL || op->index >= tsr_doom2d_map_count (map, op->kind))
        return;
      op->record = g_ptr_array_steal_index (map->records[op->kind], op->index);
      break;
    case OP_REMOVE:
      if (op->record == NULL)
        return;
      g_ptr_array_insert (map->records[op->kind], (gint) op->index, g_steal_pointer (&op->record));
      for (guint i = 0; i < op->references->len; i++)
        {
          const ReferenceChange *change = &g_array_index (op->references, ReferenceChange, i);
          TsrFieldValue *values = change->data ? change->record->data_values : change->record->values;

          values[change->field].v[0] = change->old;
        }
      g_clear_pointer (&op->references, g_array_unref);
      break;
    case OP_SET:
      record = op_record (map, op);
      target = record != NULL ? op_target (record, op) : NULL;
      if (target == NULL || !op->have_old)
        return;
      tsr_field_value_clear (target);
      tsr_field_value_copy (target, &op->old);
      break;
    case OP_TRIGGER_TYPE:
      record = op_record (map, op);
      if (record == NULL || !op->have_old)
        return;
      op->have_old = FALSE;
      data_values_free (record->layout, record->data_values);
      record->layout = op->old_layout;
      record->data_values = g_steal_pointer (&op->old_data);
      record->values[TSR_DOOM2D_TRIGGER_TYPE].v[0] = op->old_type;
      if (record->raw != NULL)
        memcpy (record->raw + TSR_DOOM2D_TRIGGER_DATA_OFFSET, op->old_raw, TSR_DOOM2D_TRIGGER_DATA_SIZE);
      break;
    }
}

/* The element of an operation's record as it is now (G_MAXUINT index: none). */
static void
add_element (TsrDoom2dCommand *self,
             const Op         *op,
             GArray           *elements)
{
  TsrElementRef ref;

  if (op->kind == TSR_DOOM2D_KIND_HEADER || op->kind == TSR_DOOM2D_KIND_TEXTURE)
    return;
  ref = tsr_doom2d_document_record_to_element (self->document, op->kind, op->index);
  g_array_append_val (elements, ref);
}

static void
run (TsrDoom2dCommand *self,
     gboolean          undo)
{
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (self->document);
  g_autoptr(GArray) elements = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  gboolean structure = FALSE;

  if (map == NULL)
    return;
  for (guint n = 0; n < self->ops->len; n++)
    {
      guint i = undo ? self->ops->len - 1 - n : n;
      Op *op = &g_array_index (self->ops, Op, i);
      gboolean structural = op->op == OP_ADD || op->op == OP_REMOVE;

      /* Removed elements are named before they go, added ones after they come. */
      if (structural && (op->op == OP_REMOVE) != undo)
        add_element (self, op, elements);
      if (undo)
        op_undo (map, op);
      else
        op_redo (map, op);
      if (!structural || (op->op == OP_ADD) != undo)
        add_element (self, op, elements);
      structure |= structural;
    }
  g_array_sort (elements, (GCompareFunc) tsr_element_ref_compare);
  tsr_vector_map_elements_changed (TSR_VECTOR_MAP (self->document), (const TsrElementRef *) elements->data,
                                   elements->len, structure ? TSR_ELEMENTS_STRUCTURE : TSR_ELEMENTS_GEOMETRY);
}

static void
tsr_doom2d_command_redo (TsrCommand *command)
{
  run (TSR_DOOM2D_COMMAND (command), FALSE);
}

static void
tsr_doom2d_command_undo (TsrCommand *command)
{
  run (TSR_DOOM2D_COMMAND (command), TRUE);
}

static void
tsr_doom2d_command_finalize (GObject *object)
{
  TsrDoom2dCommand *self = TSR_DOOM2D_COMMAND (object);

  g_array_unref (self->ops);
  G_OBJECT_CLASS (tsr_doom2d_command_parent_class)->finalize (object);
}

static void
tsr_doom2d_command_class_init (TsrDoom2dCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_doom2d_command_finalize;
  command_class->redo = tsr_doom2d_command_redo;
  command_class->undo = tsr_doom2d_command_undo;
}

static void
tsr_doom2d_command_init (TsrDoom2dCommand *self)
{
  self->ops = g_array_new (FALSE, TRUE, sizeof (Op));
  g_array_set_clear_func (self->ops, (GDestroyNotify) op_clear);
}

TsrDoom2dCommand *
tsr_doom2d_command_new (TsrDoom2dDocument *document,
                        const char        *description)
{
  TsrDoom2dCommand *self;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (document), NULL);

  self = g_object_new (TSR_TYPE_DOOM2D_COMMAND, "description", description, NULL);
  self->document = document;
  return self;
}

void
tsr_doom2d_command_add (TsrDoom2dCommand *self,
                        TsrDoom2dRecord  *record)
{
  Op op = { .op = OP_ADD };

  g_return_if_fail (TSR_IS_DOOM2D_COMMAND (self));
  g_return_if_fail (record != NULL && record->kind != TSR_DOOM2D_KIND_HEADER);
  op.kind = record->kind;
  op.record = record;
  g_array_append_val (self->ops, op);
}

void
tsr_doom2d_command_remove (TsrDoom2dCommand *self,
                           TsrDoom2dKind     kind,
                           guint             index)
{
  Op op = { .op = OP_REMOVE, .kind = kind, .index = index };

  g_return_if_fail (TSR_IS_DOOM2D_COMMAND (self));
  g_return_if_fail (kind != TSR_DOOM2D_KIND_HEADER);
  g_array_append_val (self->ops, op);
}

void
tsr_doom2d_command_set (TsrDoom2dCommand    *self,
                        TsrDoom2dKind        kind,
                        guint                index,
                        gboolean             data,
                        guint                field,
                        const TsrFieldValue *value)
{
  Op op = { .op = OP_SET, .kind = kind, .index = index, .data = data, .field = field };

  g_return_if_fail (TSR_IS_DOOM2D_COMMAND (self));
  tsr_field_value_copy (&op.value, value);
  g_array_append_val (self->ops, op);
}

void
tsr_doom2d_command_set_trigger_type (TsrDoom2dCommand *self,
                                     guint             index,
                                     guint             type)
{
  Op op = { .op = OP_TRIGGER_TYPE, .kind = TSR_DOOM2D_KIND_TRIGGER, .index = index, .type = type };

  g_return_if_fail (TSR_IS_DOOM2D_COMMAND (self));
  g_array_append_val (self->ops, op);
}

guint
tsr_doom2d_command_get_n_operations (TsrDoom2dCommand *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_COMMAND (self), 0);
  return self->ops->len;
}

/* Removal for the vector map */

struct _TsrDoom2dRemoval {
  GArray *ops; /* Op (OP_REMOVE), in the order they ran */
};

TsrDoom2dRemoval *
tsr_doom2d_removal_run (TsrDoom2dMap        *map,
                        const TsrDoom2dKind *kinds,
                        const guint         *indices,
                        guint                n)
{
  TsrDoom2dRemoval *removal = g_new0 (TsrDoom2dRemoval, 1);

  removal->ops = g_array_new (FALSE, TRUE, sizeof (Op));
  g_array_set_clear_func (removal->ops, (GDestroyNotify) op_clear);
  for (guint i = 0; i < n; i++)
    {
      Op op = { .op = OP_REMOVE, .kind = kinds[i], .index = indices[i] };

      op_redo (map, &op);
      g_array_append_val (removal->ops, op);
    }
  return removal;
}

void
tsr_doom2d_removal_restore (TsrDoom2dRemoval *removal,
                            TsrDoom2dMap     *map)
{
  for (guint i = removal->ops->len; i-- > 0;)
    op_undo (map, &g_array_index (removal->ops, Op, i));
}

void
tsr_doom2d_removal_free (TsrDoom2dRemoval *removal)
{
  if (removal == NULL)
    return;
  g_array_unref (removal->ops);
  g_free (removal);
}
