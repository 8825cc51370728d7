/* tsr-selection.c: a sorted array of element references with a "changed" signal. Sorted, so
 * membership is a binary search and two selections compare element by element. */
#include "edit/tsr-selection.h"

#include <string.h>

struct _TsrSelection {
  GObject  parent_instance;
  GArray  *elements; /* TsrElementRef, sorted, unique */
};

G_DEFINE_FINAL_TYPE (TsrSelection, tsr_selection, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SIZE,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
emit_changed (TsrSelection *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIZE]);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* The position of ELEMENT, or where it would go; FOUND says which. */
static guint
find (TsrSelection        *self,
      const TsrElementRef *element,
      gboolean            *found)
{
  guint low = 0, high = self->elements->len;

  while (low < high)
    {
      guint middle = low + (high - low) / 2;
      gint order = tsr_element_ref_compare (&g_array_index (self->elements, TsrElementRef, middle), element);

      if (order == 0)
        {
          *found = TRUE;
          return middle;
        }
      if (order < 0)
        low = middle + 1;
      else
        high = middle;
    }
  *found = FALSE;
  return low;
}

static void
tsr_selection_finalize (GObject *object)
{
  TsrSelection *self = TSR_SELECTION (object);

  g_array_unref (self->elements);
  G_OBJECT_CLASS (tsr_selection_parent_class)->finalize (object);
}

static void
tsr_selection_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TsrSelection *self = TSR_SELECTION (object);

  switch (prop_id)
    {
    case PROP_SIZE:
      g_value_set_uint (value, self->elements->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_selection_class_init (TsrSelectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tsr_selection_finalize;
  object_class->get_property = tsr_selection_get_property;

  properties[PROP_SIZE] = g_param_spec_uint ("size", NULL, NULL, 0, G_MAXUINT, 0,
                                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                             | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The set changed (views redraw the highlight, the inspector rebinds). */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tsr_selection_init (TsrSelection *self)
{
  self->elements = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
}

TsrSelection *
tsr_selection_new (void)
{
  return g_object_new (TSR_TYPE_SELECTION, NULL);
}

guint
tsr_selection_get_size (TsrSelection *self)
{
  g_return_val_if_fail (TSR_IS_SELECTION (self), 0);
  return self->elements->len;
}

gboolean
tsr_selection_is_empty (TsrSelection *self)
{
  return tsr_selection_get_size (self) == 0;
}

gboolean
tsr_selection_contains (TsrSelection        *self,
                        const TsrElementRef *element)
{
  gboolean found;

  g_return_val_if_fail (TSR_IS_SELECTION (self), FALSE);
  find (self, element, &found);
  return found;
}

const TsrElementRef *
tsr_selection_get_elements (TsrSelection *self,
                            guint        *n_elements)
{
  g_return_val_if_fail (TSR_IS_SELECTION (self), NULL);
  if (n_elements != NULL)
    *n_elements = self->elements->len;
  return (const TsrElementRef *) self->elements->data;
}

static gboolean
insert (TsrSelection        *self,
        const TsrElementRef *element)
{
  gboolean found;
  guint position = find (self, element, &found);

  if (found)
    return FALSE;
  g_array_insert_val (self->elements, position, *element);
  return TRUE;
}

void
tsr_selection_add (TsrSelection        *self,
                   const TsrElementRef *element)
{
  g_return_if_fail (TSR_IS_SELECTION (self));
  if (insert (self, element))
    emit_changed (self);
}

void
tsr_selection_remove (TsrSelection        *self,
                      const TsrElementRef *element)
{
  gboolean found;
  guint position;

  g_return_if_fail (TSR_IS_SELECTION (self));
  position = find (self, element, &found);
  if (!found)
    return;
  g_array_remove_index (self->elements, position);
  emit_changed (self);
}

void
tsr_selection_toggle (TsrSelection        *self,
                      const TsrElementRef *element)
{
  g_return_if_fail (TSR_IS_SELECTION (self));
  if (tsr_selection_contains (self, element))
    tsr_selection_remove (self, element);
  else
    tsr_selection_add (self, element);
}

void
tsr_selection_clear (TsrSelection *self)
{
  g_return_if_fail (TSR_IS_SELECTION (self));
  if (self->elements->len == 0)
    return;
  g_array_set_size (self->elements, 0);
  emit_changed (self);
}

void
tsr_selection_set (TsrSelection        *self,
                   const TsrElementRef *elements,
                   guint                n_elements)
{
  g_autoptr(GArray) before = NULL;

  g_return_if_fail (TSR_IS_SELECTION (self));
  before = self->elements;
  self->elements = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  for (guint i = 0; i < n_elements; i++)
    insert (self, &elements[i]);
  /* (An empty array's data may be NULL, which memcmp must not see.) */
  if (before->len != self->elements->len
      || (before->len > 0 && memcmp (before->data, self->elements->data, sizeof (TsrElementRef) * before->len) != 0))
    emit_changed (self);
}

void
tsr_selection_add_all (TsrSelection        *self,
                       const TsrElementRef *elements,
                       guint                n_elements)
{
  gboolean changed = FALSE;

  g_return_if_fail (TSR_IS_SELECTION (self));
  for (guint i = 0; i < n_elements; i++)
    changed |= insert (self, &elements[i]);
  if (changed)
    emit_changed (self);
}
