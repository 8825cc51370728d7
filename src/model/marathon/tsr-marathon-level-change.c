/* tsr-marathon-level-change.c: per array, the indices whose records differ with their old and
 * new bytes; a record past the shorter length counts as changed, so setting the length and
 * writing the changed records rebuilds either state. */
#include "model/marathon/tsr-marathon-level-change.h"

#include <string.h>

#define TAG_IIDX TSR_WAD_TAG ('i', 'i', 'd', 'x')

typedef struct {
  GArray    **slot;
  GArray     *before;       /* a copy, until finish */
  gboolean    was_null, is_null;
  guint       old_len, new_len, size;
  GArray     *indices;      /* guint */
  GByteArray *old_records;  /* the records at INDICES below OLD_LEN, in order */
  GByteArray *new_records;  /* those below NEW_LEN */
} ArrayDelta;

typedef struct {
  guint8  *data;
  gsize    size;
  guint8  *before, *after;
} BytesDelta;

struct _TsrMarathonLevelChange {
  TsrMarathonLevel *level;
  GArray           *arrays;   /* ArrayDelta */
  GArray           *bytes;    /* BytesDelta */
  GBytes           *iidx_before, *iidx_after;
  GArray           *permutations_before, *permutations_after; /* gint16 */
  gboolean          finished;
};

GArray *
tsr_marathon_level_terminal_permutations (const TsrMarathonLevel *level)
{
  GArray *list = g_array_new (FALSE, FALSE, sizeof (gint16));

  for (guint t = 0; level->terminals != NULL && t < level->terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, t);

      for (guint g = 0; g < terminal->groups->len; g++)
        g_array_append_val (list, g_array_index (terminal->groups, TsrMarathonTerminalGroup, g).permutation);
    }
  return list;
}

void
tsr_marathon_level_set_terminal_permutations (TsrMarathonLevel *level,
                                              const GArray     *list)
{
  for (guint t = 0, k = 0; level->terminals != NULL && t < level->terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, t);

      for (guint g = 0; g < terminal->groups->len && k < list->len; g++)
        g_array_index (terminal->groups, TsrMarathonTerminalGroup, g).permutation = g_array_index (list, gint16, k++);
    }
}

static GBytes *
iidx_of (TsrMarathonLevel *level)
{
  TsrWadChunk *chunk = level->entry != NULL ? tsr_wad_entry_find_chunk (level->entry, TAG_IIDX) : NULL;

  return chunk != NULL ? g_bytes_ref (chunk->data) : NULL;
}

static void
set_iidx (TsrMarathonLevel *level,
          GBytes           *iidx)
{
  if (level->entry == NULL)
    return;
  if (iidx != NULL)
    tsr_wad_entry_set_chunk (level->entry, TAG_IIDX, g_bytes_ref (iidx));
  else
    tsr_wad_entry_remove_chunk (level->entry, TAG_IIDX);
}

void
tsr_marathon_level_change_add_array (TsrMarathonLevelChange *self,
                                     GArray                **slot)
{
  ArrayDelta delta = { 0 };

  g_return_if_fail (self != NULL && !self->finished);
  delta.slot = slot;
  delta.was_null = *slot == NULL;
  delta.before = *slot != NULL ? g_array_copy (*slot) : NULL;
  g_array_append_val (self->arrays, delta);
}

void
tsr_marathon_level_change_add_bytes (TsrMarathonLevelChange *self,
                                     gpointer                data,
                                     gsize                   size)
{
  BytesDelta delta = { data, size, g_memdup2 (data, size), NULL };

  g_return_if_fail (self != NULL && !self->finished);
  g_array_append_val (self->bytes, delta);
}

TsrMarathonLevelChange *
tsr_marathon_level_change_new (TsrMarathonLevel *level)
{
  TsrMarathonLevelChange *self = g_new0 (TsrMarathonLevelChange, 1);
  GArray **slots[] = { &level->points, &level->endpoints, &level->lines, &level->sides, &level->polygons,
                       &level->objects, &level->annotations, &level->platforms };

  self->level = level;
  self->arrays = g_array_new (FALSE, TRUE, sizeof (ArrayDelta));
  self->bytes = g_array_new (FALSE, TRUE, sizeof (BytesDelta));
  for (guint i = 0; i < G_N_ELEMENTS (slots); i++)
    tsr_marathon_level_change_add_array (self, slots[i]);
  self->iidx_before = iidx_of (level);
  self->permutations_before = tsr_marathon_level_terminal_permutations (level);
  return self;
}

static gboolean
array_delta_finish (ArrayDelta *delta)
{
  GArray *now = *delta->slot;
  guint limit;

  delta->is_null = now == NULL;
  delta->old_len = delta->before != NULL ? delta->before->len : 0;
  delta->new_len = now != NULL ? now->len : 0;
  delta->size = now != NULL ? g_array_get_element_size (now)
                            : delta->before != NULL ? g_array_get_element_size (delta->before) : 1;
  delta->indices = g_array_new (FALSE, FALSE, sizeof (guint));
  delta->old_records = g_byte_array_new ();
  delta->new_records = g_byte_array_new ();
  limit = MAX (delta->old_len, delta->new_len);
  for (guint i = 0; i < limit; i++)
    {
      const guint8 *old = i < delta->old_len ? (const guint8 *) delta->before->data + (gsize) i * delta->size : NULL;
      const guint8 *new = i < delta->new_len ? (const guint8 *) now->data + (gsize) i * delta->size : NULL;

      if (old != NULL && new != NULL && memcmp (old, new, delta->size) == 0)
        continue;
      g_array_append_val (delta->indices, i);
      if (old != NULL)
        g_byte_array_append (delta->old_records, old, delta->size);
      if (new != NULL)
        g_byte_array_append (delta->new_records, new, delta->size);
    }
  g_clear_pointer (&delta->before, g_array_unref);
  return delta->indices->len > 0 || delta->was_null != delta->is_null;
}

gboolean
tsr_marathon_level_change_finish (TsrMarathonLevelChange *self)
{
  gboolean changed = FALSE;

  g_return_val_if_fail (self != NULL && !self->finished, FALSE);
  self->finished = TRUE;
  for (guint i = 0; i < self->arrays->len; i++)
    changed |= array_delta_finish (&g_array_index (self->arrays, ArrayDelta, i));
  for (guint i = 0; i < self->bytes->len; i++)
    {
      BytesDelta *delta = &g_array_index (self->bytes, BytesDelta, i);

      delta->after = g_memdup2 (delta->data, delta->size);
      changed |= delta->size > 0 && memcmp (delta->before, delta->after, delta->size) != 0;
    }
  self->iidx_after = iidx_of (self->level);
  changed |= (self->iidx_before == NULL) != (self->iidx_after == NULL)
             || (self->iidx_before != NULL && !g_bytes_equal (self->iidx_before, self->iidx_after));
  self->permutations_after = tsr_marathon_level_terminal_permutations (self->level);
  /* memcmp of length 0 still wants pointers, and an empty GArray's data may be NULL. */
  changed |= self->permutations_after->len != self->permutations_before->len
             || (self->permutations_after->len > 0
                 && memcmp (self->permutations_after->data, self->permutations_before->data,
                            self->permutations_after->len * sizeof (gint16)) != 0);
  return changed;
}

static void
array_delta_apply (ArrayDelta *delta,
                   gboolean    forward)
{
  gboolean null = forward ? delta->is_null : delta->was_null;
  guint length = forward ? delta->new_len : delta->old_len;
  const guint8 *records = forward ? delta->new_records->data : delta->old_records->data;
  guint k = 0;

  if (null)
    {
      g_clear_pointer (delta->slot, g_array_unref);
      return;
    }
  if (*delta->slot == NULL)
    *delta->slot = g_array_new (FALSE, TRUE, delta->size);
  g_array_set_size (*delta->slot, length);
  for (guint i = 0; i < delta->indices->len; i++)
    {
      guint index = g_array_index (delta->indices, guint, i);

      if (index >= length)
        continue;
      memcpy ((*delta->slot)->data + (gsize) index * delta->size, records + (gsize) k * delta->size, delta->size);
      k++;
    }
}

void
tsr_marathon_level_change_apply (TsrMarathonLevelChange *self,
                                 gboolean                forward)
{
  g_return_if_fail (self != NULL && self->finished);
  for (guint i = 0; i < self->arrays->len; i++)
    array_delta_apply (&g_array_index (self->arrays, ArrayDelta, i), forward);
  for (guint i = 0; i < self->bytes->len; i++)
    {
      BytesDelta *delta = &g_array_index (self->bytes, BytesDelta, i);

      if (delta->size > 0)
        memcpy (delta->data, forward ? delta->after : delta->before, delta->size);
    }
  set_iidx (self->level, forward ? self->iidx_after : self->iidx_before);
  tsr_marathon_level_set_terminal_permutations (self->level, forward ? self->permutations_after : self->permutations_before);
}

void
tsr_marathon_level_change_free (TsrMarathonLevelChange *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->arrays->len; i++)
    {
      ArrayDelta *delta = &g_array_index (self->arrays, ArrayDelta, i);

      g_clear_pointer (&delta->before, g_array_unref);
      g_clear_pointer (&delta->indices, g_array_unref);
      g_clear_pointer (&delta->old_records, g_byte_array_unref);
      g_clear_pointer (&delta->new_records, g_byte_array_unref);
    }
  for (guint i = 0; i < self->bytes->len; i++)
    {
      BytesDelta *delta = &g_array_index (self->bytes, BytesDelta, i);

      g_free (delta->before);
      g_free (delta->after);
    }
  g_array_unref (self->arrays);
  g_array_unref (self->bytes);
  g_clear_pointer (&self->iidx_before, g_bytes_unref);
  g_clear_pointer (&self->iidx_after, g_bytes_unref);
  g_clear_pointer (&self->permutations_before, g_array_unref);
  g_clear_pointer (&self->permutations_after, g_array_unref);
  g_free (self);
}
