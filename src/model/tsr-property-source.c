/* tsr-property-source.c: shared values, mixed detection, one-step multi-element edits (a group on
 * the undo stack, cancelled when one element refuses the value) and finding elements by value. */
#include "model/tsr-property-source.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"

typedef struct {
  TsrDocument         *document;
  const TsrFieldTable *table;
  char                *title;
  GArray              *elements; /* guint */
  gulong               stack_handler;
} TsrPropertySourcePrivate;

G_DEFINE_TYPE_WITH_PRIVATE (TsrPropertySource, tsr_property_source, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_TABLE,
  PROP_TITLE,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

void
tsr_property_source_emit_changed (TsrPropertySource *self)
{
  g_return_if_fail (TSR_IS_PROPERTY_SOURCE (self));
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
tsr_property_source_constructed (GObject *object)
{
  TsrPropertySource *self = TSR_PROPERTY_SOURCE (object);
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);

  G_OBJECT_CLASS (tsr_property_source_parent_class)->constructed (object);
  g_return_if_fail (priv->document != NULL && priv->table != NULL);
  priv->stack_handler = g_signal_connect_swapped (tsr_document_get_undo_stack (priv->document), "changed",
                                                  G_CALLBACK (tsr_property_source_emit_changed), self);
}

static void
tsr_property_source_dispose (GObject *object)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (TSR_PROPERTY_SOURCE (object));

  if (priv->document != NULL)
    g_clear_signal_handler (&priv->stack_handler, tsr_document_get_undo_stack (priv->document));
  g_clear_object (&priv->document);
  G_OBJECT_CLASS (tsr_property_source_parent_class)->dispose (object);
}

static void
tsr_property_source_finalize (GObject *object)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (TSR_PROPERTY_SOURCE (object));

  g_free (priv->title);
  g_array_unref (priv->elements);
  G_OBJECT_CLASS (tsr_property_source_parent_class)->finalize (object);
}

static void
tsr_property_source_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (TSR_PROPERTY_SOURCE (object));

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, priv->document);
      break;
    case PROP_TABLE:
      g_value_set_pointer (value, (gpointer) priv->table);
      break;
    case PROP_TITLE:
      g_value_set_string (value, priv->title);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_property_source_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (TSR_PROPERTY_SOURCE (object));

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      priv->document = g_value_dup_object (value);
      break;
    case PROP_TABLE:
      priv->table = g_value_get_pointer (value);
      break;
    case PROP_TITLE:
      priv->title = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_property_source_class_init (TsrPropertySourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = tsr_property_source_constructed;
  object_class->dispose = tsr_property_source_dispose;
  object_class->finalize = tsr_property_source_finalize;
  object_class->get_property = tsr_property_source_get_property;
  object_class->set_property = tsr_property_source_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, TSR_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* A const TsrFieldTable * that outlives the source (the family's static table). */
  properties[PROP_TABLE] =
    g_param_spec_pointer ("table", NULL, NULL,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                   NULL, G_TYPE_NONE, 0);
}

static void
tsr_property_source_init (TsrPropertySource *self)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);

  priv->elements = g_array_new (FALSE, FALSE, sizeof (guint));
}

TsrDocument *
tsr_property_source_get_document (TsrPropertySource *self)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  return priv->document;
}

const TsrFieldTable *
tsr_property_source_get_table (TsrPropertySource *self)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  return priv->table;
}

const char *
tsr_property_source_get_title (TsrPropertySource *self)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  return priv->title != NULL ? priv->title : priv->table->name;
}

char *
tsr_property_source_dup_field_label (TsrPropertySource *self,
                                     guint              field)
{
  const TsrFieldTable *table = tsr_property_source_get_table (self);
  const TsrField *spec;
  char *label;

  g_return_val_if_fail (field < table->n_fields, NULL);
  spec = &table->fields[field];
  if (spec->label != NULL)
    return g_strdup (_(spec->label));
  /* Codec identifiers ("floor_height", "TriggerPri.Recoil") read as words. */
  label = g_strdelimit (g_strdup (spec->name), "_", ' ');
  if (label[0] != '\0')
    label[0] = g_ascii_toupper (label[0]);
  return label;
}

char *
tsr_property_source_dup_constant_label (TsrPropertySource      *self,
                                        guint                   field,
                                        const TsrFieldConstant *constant)
{
  TsrPropertySourceClass *klass;
  char *label = NULL;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  g_return_val_if_fail (constant != NULL, NULL);
  klass = TSR_PROPERTY_SOURCE_GET_CLASS (self);
  if (klass->dup_constant_label != NULL)
    label = klass->dup_constant_label (self, field, constant);
  if (label == NULL)
    {
      const TsrFieldTable *table = tsr_property_source_get_table (self);

      g_return_val_if_fail (field < table->n_fields, NULL);
      label = g_strdup (tsr_field_constant_label (table->fields[field].enumeration, constant));
    }
  return label;
}

char *
tsr_property_source_dup_description (TsrPropertySource *self,
                                     guint              field)
{
  TsrPropertySourceClass *klass;
  TsrPropertySourcePrivate *priv;
  char *description = NULL;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  klass = TSR_PROPERTY_SOURCE_GET_CLASS (self);
  priv = tsr_property_source_get_instance_private (self);
  if (klass->describe_value == NULL)
    return NULL;
  for (guint i = 0; i < priv->elements->len; i++)
    {
      char *text = klass->describe_value (self, g_array_index (priv->elements, guint, i), field);

      if (i == 0)
        description = text;
      else
        {
          gboolean same = g_strcmp0 (text, description) == 0;

          g_free (text);
          if (!same)
            {
              g_clear_pointer (&description, g_free);
              break;
            }
        }
      if (description == NULL)
        break;
    }
  return description;
}

gboolean
tsr_property_source_is_field_editable (TsrPropertySource *self,
                                       guint              field)
{
  const TsrFieldTable *table = tsr_property_source_get_table (self);

  g_return_val_if_fail (field < table->n_fields, FALSE);
  return TSR_PROPERTY_SOURCE_GET_CLASS (self)->set_value != NULL
         && !(table->fields[field].flags & TSR_FIELD_READ_ONLY)
         && table->fields[field].type != TSR_FIELD_BYTES;
}

gboolean
tsr_property_source_is_field_visible (TsrPropertySource *self,
                                      guint              field)
{
  const TsrFieldTable *table = tsr_property_source_get_table (self);

  g_return_val_if_fail (field < table->n_fields, FALSE);
  if (table->fields[field].flags & TSR_FIELD_UNUSED)
    return FALSE;
  return TSR_PROPERTY_SOURCE_GET_CLASS (self)->is_field_stored == NULL
         || TSR_PROPERTY_SOURCE_GET_CLASS (self)->is_field_stored (self, field);
}

void
tsr_property_source_set_elements (TsrPropertySource *self,
                                  const guint       *elements,
                                  guint              n_elements)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  g_return_if_fail (TSR_IS_PROPERTY_SOURCE (self));

  g_array_set_size (priv->elements, 0);
  for (guint i = 0; i < n_elements; i++)
    if (g_hash_table_add (seen, GUINT_TO_POINTER (elements[i] + 1)))
      g_array_append_val (priv->elements, elements[i]);
  tsr_property_source_emit_changed (self);
}

const guint *
tsr_property_source_get_elements (TsrPropertySource *self,
                                  guint             *n_elements)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  if (n_elements != NULL)
    *n_elements = priv->elements->len;
  return (const guint *) priv->elements->data;
}

GArray *
tsr_property_source_list_elements (TsrPropertySource *self)
{
  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  return TSR_PROPERTY_SOURCE_GET_CLASS (self)->list_elements (self);
}

gboolean
tsr_property_source_get_value (TsrPropertySource *self,
                               guint              element,
                               guint              field,
                               TsrFieldValue     *value)
{
  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), FALSE);
  g_return_val_if_fail (field < tsr_property_source_get_table (self)->n_fields, FALSE);

  tsr_field_value_clear (value);
  return TSR_PROPERTY_SOURCE_GET_CLASS (self)->get_value (self, element, field, value);
}

TsrPropertyState
tsr_property_source_get_shared (TsrPropertySource *self,
                                guint              field,
                                TsrFieldValue     *value)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);
  const TsrField *spec;
  gboolean have_first = FALSE;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), TSR_PROPERTY_NONE);
  g_return_val_if_fail (field < priv->table->n_fields, TSR_PROPERTY_NONE);

  spec = &priv->table->fields[field];
  tsr_field_value_clear (value);
  for (guint i = 0; i < priv->elements->len; i++)
    {
      TsrFieldValue other = { { 0 }, NULL };
      gboolean differs;

      if (!have_first)
        {
          have_first = tsr_property_source_get_value (self, g_array_index (priv->elements, guint, i), field, value);
          continue;
        }
      if (!tsr_property_source_get_value (self, g_array_index (priv->elements, guint, i), field, &other))
        continue;
      differs = !tsr_field_value_equal (spec, value, &other);
      tsr_field_value_clear (&other);
      if (differs)
        return TSR_PROPERTY_MIXED;
    }
  return have_first ? TSR_PROPERTY_SHARED : TSR_PROPERTY_NONE;
}

/* How the new value of an element follows from its current one. */
typedef void (*NewValueFunc) (const TsrFieldValue *current,
                              TsrFieldValue       *next,
                              gconstpointer        data);

static void
same_value (const TsrFieldValue *current,
            TsrFieldValue       *next,
            gconstpointer        data)
{
  tsr_field_value_copy (next, data);
}

typedef struct {
  gint64   mask;
  gboolean on;
} BitsChange;

static void
changed_bits (const TsrFieldValue *current,
              TsrFieldValue       *next,
              gconstpointer        data)
{
  const BitsChange *change = data;

  tsr_field_value_copy (next, current);
  next->v[0] = change->on ? (current->v[0] | change->mask) : (current->v[0] & ~change->mask);
}

/* One undo step: every selected element whose value changes gets the family's command, inside
 * one group; the group is cancelled when an element refuses. */
static gboolean
apply (TsrPropertySource *self,
       guint              field,
       NewValueFunc       new_value,
       gconstpointer      data,
       GError           **error)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);
  TsrPropertySourceClass *klass = TSR_PROPERTY_SOURCE_GET_CLASS (self);
  TsrUndoStack *stack;
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;
  g_autoptr(GArray) elements = NULL;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), FALSE);
  g_return_val_if_fail (field < priv->table->n_fields, FALSE);

  if (!tsr_property_source_is_field_editable (self, field) || !tsr_property_source_is_field_visible (self, field))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("%s: %s cannot be edited"),
                   priv->table->name, priv->table->fields[field].name);
      return FALSE;
    }
  stack = tsr_document_get_undo_stack (priv->document);
  label = tsr_property_source_dup_field_label (self, field);
  description = g_strdup_printf (_("Set %s"), label);
  /* Listeners of the family's signals may change the selection while we go; work on a copy. */
  elements = g_array_copy (priv->elements);
  tsr_undo_stack_begin_group (stack, description);
  for (guint i = 0; i < elements->len; i++)
    {
      guint element = g_array_index (elements, guint, i);
      TsrFieldValue current = { { 0 }, NULL };
      TsrFieldValue next = { { 0 }, NULL };
      gboolean same, ok = TRUE;

      if (!tsr_property_source_get_value (self, element, field, &current))
        continue;
      new_value (&current, &next, data);
      same = tsr_field_value_equal (&priv->table->fields[field], &current, &next);
      if (!same)
        ok = klass->set_value (self, element, field, &next, error);
      tsr_field_value_clear (&current);
      tsr_field_value_clear (&next);
      if (!ok)
        {
          tsr_undo_stack_cancel_group (stack);
          return FALSE;
        }
    }
  tsr_undo_stack_end_group (stack);
  return TRUE;
}

gboolean
tsr_property_source_set (TsrPropertySource   *self,
                         guint                field,
                         const TsrFieldValue *value,
                         GError             **error)
{
  return apply (self, field, same_value, value, error);
}

gboolean
tsr_property_source_set_bits (TsrPropertySource *self,
                              guint              field,
                              gint64             mask,
                              gboolean           on,
                              GError           **error)
{
  BitsChange change = { mask, on };

  return apply (self, field, changed_bits, &change, error);
}

void
tsr_property_source_get_bits (TsrPropertySource *self,
                              guint              field,
                              gint64            *all,
                              gint64            *any)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);
  gboolean first = TRUE;

  g_return_if_fail (TSR_IS_PROPERTY_SOURCE (self));

  *all = 0;
  *any = 0;
  for (guint i = 0; i < priv->elements->len; i++)
    {
      TsrFieldValue value = { { 0 }, NULL };

      if (!tsr_property_source_get_value (self, g_array_index (priv->elements, guint, i), field, &value))
        continue;
      *all = first ? value.v[0] : (*all & value.v[0]);
      *any |= value.v[0];
      first = FALSE;
      tsr_field_value_clear (&value);
    }
}

gboolean
tsr_property_source_set_text (TsrPropertySource *self,
                              guint              field,
                              const char        *text,
                              GError           **error)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);
  TsrFieldValue value = { { 0 }, NULL };
  g_autoptr(GArray) choices = NULL;
  gboolean found = FALSE;
  gboolean ok;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), FALSE);
  g_return_val_if_fail (field < priv->table->n_fields, FALSE);

  choices = tsr_property_source_list_choices (self, field);
  if (choices != NULL && !tsr_field_is_text (&priv->table->fields[field]))
    {
      /* A choice's name ("STONE1"), else a value of the field ("7"). */
      g_autofree char *typed = g_strstrip (g_strdup (text));
      g_autofree char *wanted = g_utf8_casefold (typed, -1);

      for (guint i = 0; i < choices->len && !found; i++)
        {
          const TsrPropertyChoice *choice = &g_array_index (choices, TsrPropertyChoice, i);
          g_autofree char *name = g_utf8_casefold (choice->label, -1);

          if (strcmp (name, wanted) == 0)
            {
              value.v[0] = choice->value;
              found = TRUE;
            }
        }
      if (!found && !tsr_field_value_parse_label (&priv->table->fields[field], text, &value, NULL))
        {
          g_autofree char *label = tsr_property_source_dup_field_label (self, field);

          /* Translators: a field ("Texture") and what the user typed in it. */
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                       _("%s: nothing in the list is called “%s”; pick one from the list or type a name it shows"),
                       label, text);
          return FALSE;
        }
      ok = tsr_property_source_set (self, field, &value, error);
    }
  else
    ok = tsr_field_value_parse_label (&priv->table->fields[field], text, &value, error)
         && tsr_property_source_set (self, field, &value, error);
  tsr_field_value_clear (&value);
  return ok;
}

static void
choice_clear (gpointer data)
{
  g_free (((TsrPropertyChoice *) data)->label);
}

GArray *
tsr_property_choices_new (void)
{
  GArray *choices = g_array_new (FALSE, FALSE, sizeof (TsrPropertyChoice));

  g_array_set_clear_func (choices, choice_clear);
  return choices;
}

void
tsr_property_choices_add (GArray *choices,
                          gint64  value,
                          char   *label)
{
  TsrPropertyChoice choice = { value, label };

  g_array_append_val (choices, choice);
}

GArray *
tsr_property_source_list_choices (TsrPropertySource *self,
                                  guint              field)
{
  TsrPropertySourceClass *klass;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  g_return_val_if_fail (field < tsr_property_source_get_table (self)->n_fields, NULL);
  klass = TSR_PROPERTY_SOURCE_GET_CLASS (self);
  return klass->list_choices != NULL ? klass->list_choices (self, field) : NULL;
}

GArray *
tsr_property_source_find_similar (TsrPropertySource *self,
                                  const guint       *fields,
                                  guint              n_fields)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);
  g_autoptr(GArray) all = NULL;
  GArray *found = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n_selected = priv->elements->len;
  /* The selection's values, n_selected rows of n_fields. */
  g_autofree TsrFieldValue *wanted = g_new0 (TsrFieldValue, (gsize) MAX (n_selected * n_fields, 1));
  g_autofree gboolean *present = g_new0 (gboolean, MAX (n_selected, 1));

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), found);

  for (guint s = 0; s < n_selected; s++)
    {
      present[s] = TRUE;
      for (guint f = 0; f < n_fields; f++)
        present[s] = present[s] && tsr_property_source_get_value (self, g_array_index (priv->elements, guint, s),
                                                                  fields[f], &wanted[s * n_fields + f]);
    }
  all = tsr_property_source_list_elements (self);
  for (guint i = 0; i < all->len; i++)
    {
      guint element = g_array_index (all, guint, i);
      gboolean match = FALSE;

      for (guint s = 0; s < n_selected && !match; s++)
        {
          if (!present[s])
            continue;
          match = TRUE;
          for (guint f = 0; f < n_fields && match; f++)
            {
              TsrFieldValue value = { { 0 }, NULL };

              match = tsr_property_source_get_value (self, element, fields[f], &value)
                      && tsr_field_value_equal (&priv->table->fields[fields[f]], &value, &wanted[s * n_fields + f]);
              tsr_field_value_clear (&value);
            }
        }
      if (match)
        g_array_append_val (found, element);
    }
  for (guint i = 0; i < n_selected * n_fields; i++)
    tsr_field_value_clear (&wanted[i]);
  return found;
}

GArray *
tsr_property_source_find (TsrPropertySource *self,
                          guint              field,
                          const char        *text,
                          GError           **error)
{
  TsrPropertySourcePrivate *priv = tsr_property_source_get_instance_private (self);
  const TsrField *spec;
  TsrFieldValue wanted = { { 0 }, NULL };
  g_autofree char *needle = NULL;
  g_autoptr(GArray) all = NULL;
  GArray *found;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  g_return_val_if_fail (field < priv->table->n_fields, NULL);

  spec = &priv->table->fields[field];
  if (tsr_field_is_text (spec))
    needle = g_utf8_casefold (text, -1);
  else if (!tsr_field_value_parse_label (spec, text, &wanted, error))
    return NULL;

  found = g_array_new (FALSE, FALSE, sizeof (guint));
  all = tsr_property_source_list_elements (self);
  for (guint i = 0; i < all->len; i++)
    {
      guint element = g_array_index (all, guint, i);
      TsrFieldValue value = { { 0 }, NULL };
      gboolean match = FALSE;

      if (tsr_property_source_get_value (self, element, field, &value))
        {
          if (needle != NULL)
            {
              g_autofree char *haystack = g_utf8_casefold (value.text != NULL ? value.text : "", -1);

              match = strstr (haystack, needle) != NULL;
            }
          else
            match = tsr_field_value_equal (spec, &value, &wanted);
        }
      tsr_field_value_clear (&value);
      if (match)
        g_array_append_val (found, element);
    }
  tsr_field_value_clear (&wanted);
  return found;
}
