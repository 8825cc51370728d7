/* tsr-property-find-bar.c: the field drop-down lists the source's visible fields by label; both
 * searches run in the model (tsr_property_source_find / _find_similar), so every family with a
 * property source gets them. */
#include "config.h"

#include "views/tsr-property-find-bar.h"

#include <glib/gi18n.h>

struct _TsrPropertyFindBar {
  GtkWidget          parent_instance;

  TsrPropertySource *source;
  GArray            *fields;  /* guint: the drop-down's rows → field indices */
  char              *message;

  GtkWidget         *box;
  GtkDropDown       *field_drop_down;
  GtkEntry          *entry;
  GtkButton         *similar_button;
  GtkLabel          *message_label;
};

G_DEFINE_FINAL_TYPE (TsrPropertyFindBar, tsr_property_find_bar, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SOURCE,
  N_PROPS
};

enum {
  FOUND,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_message (TsrPropertyFindBar *self,
             const char         *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

static gboolean
chosen_field (TsrPropertyFindBar *self,
              guint              *field)
{
  guint row = gtk_drop_down_get_selected (self->field_drop_down);

  if (self->source == NULL || row == GTK_INVALID_LIST_POSITION || row >= self->fields->len)
    return FALSE;
  *field = g_array_index (self->fields, guint, row);
  return TRUE;
}

/* Emits FOUND (taken) or says that nothing matched. */
static gboolean
report (TsrPropertyFindBar *self,
        GArray             *found)
{
  g_autoptr(GArray) result = found;

  if (result->len == 0)
    {
      set_message (self, _("Nothing matches"));
      return FALSE;
    }
  {
    g_autofree char *text = g_strdup_printf (ngettext ("%u found", "%u found", result->len), result->len);
    set_message (self, text);
  }
  g_signal_emit (self, signals[FOUND], 0, result);
  return TRUE;
}

gboolean
tsr_property_find_bar_find (TsrPropertyFindBar *self,
                            const char         *text)
{
  g_autoptr(GError) error = NULL;
  GArray *found;
  guint field;

  g_return_val_if_fail (TSR_IS_PROPERTY_FIND_BAR (self), FALSE);
  if (!chosen_field (self, &field))
    return FALSE;
  found = tsr_property_source_find (self->source, field, text, &error);
  if (found == NULL)
    {
      set_message (self, error->message);
      return FALSE;
    }
  return report (self, found);
}

gboolean
tsr_property_find_bar_select_similar (TsrPropertyFindBar *self)
{
  guint field, n_selected = 0;

  g_return_val_if_fail (TSR_IS_PROPERTY_FIND_BAR (self), FALSE);
  if (!chosen_field (self, &field))
    return FALSE;
  tsr_property_source_get_elements (self->source, &n_selected);
  if (n_selected == 0)
    {
      set_message (self, _("Select an element first"));
      return FALSE;
    }
  return report (self, tsr_property_source_find_similar (self->source, &field, 1));
}

static void
on_entry_activate (GtkEntry           *entry,
                   TsrPropertyFindBar *self)
{
  tsr_property_find_bar_find (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
on_similar_clicked (GtkButton          *button,
                    TsrPropertyFindBar *self)
{
  if (!tsr_property_find_bar_select_similar (self))
    gtk_widget_error_bell (GTK_WIDGET (button));
}

void
tsr_property_find_bar_set_source (TsrPropertyFindBar *self,
                                  TsrPropertySource  *source)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autofree char *kept = NULL;
  guint field;

  g_return_if_fail (TSR_IS_PROPERTY_FIND_BAR (self));
  g_return_if_fail (source == NULL || TSR_IS_PROPERTY_SOURCE (source));

  if (self->source == source)
    return;
  /* The field chosen stays chosen when the new source has it: a Find changes the selection,
   * and so the source, and the field it searched must still be the one shown. */
  if (chosen_field (self, &field))
    kept = g_strdup (tsr_property_source_get_table (self->source)->fields[field].name);
  g_set_object (&self->source, source);
  g_array_set_size (self->fields, 0);
  if (source != NULL)
    {
      const TsrFieldTable *table = tsr_property_source_get_table (source);

      for (guint i = 0; i < table->n_fields; i++)
        {
          g_autofree char *label = NULL;

          if (!tsr_property_source_is_field_visible (source, i) || table->fields[i].type == TSR_FIELD_BYTES)
            continue;
          label = tsr_property_source_dup_field_label (source, i);
          gtk_string_list_append (labels, label);
          g_array_append_val (self->fields, i);
        }
    }
  gtk_drop_down_set_model (self->field_drop_down, G_LIST_MODEL (labels));
  if (kept != NULL)
    tsr_property_find_bar_set_field (self, kept);
  set_message (self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOURCE]);
}

TsrPropertySource *
tsr_property_find_bar_get_source (TsrPropertyFindBar *self)
{
  g_return_val_if_fail (TSR_IS_PROPERTY_FIND_BAR (self), NULL);
  return self->source;
}

gboolean
tsr_property_find_bar_set_field (TsrPropertyFindBar *self,
                                 const char         *name)
{
  int field;

  g_return_val_if_fail (TSR_IS_PROPERTY_FIND_BAR (self), FALSE);
  if (self->source == NULL)
    return FALSE;
  field = tsr_field_table_find (tsr_property_source_get_table (self->source), name);
  for (guint row = 0; field >= 0 && row < self->fields->len; row++)
    if (g_array_index (self->fields, guint, row) == (guint) field)
      {
        gtk_drop_down_set_selected (self->field_drop_down, row);
        return TRUE;
      }
  return FALSE;
}

const char *
tsr_property_find_bar_get_message (TsrPropertyFindBar *self)
{
  g_return_val_if_fail (TSR_IS_PROPERTY_FIND_BAR (self), NULL);
  return self->message;
}

GtkWidget *
tsr_property_find_bar_new (void)
{
  return g_object_new (TSR_TYPE_PROPERTY_FIND_BAR, NULL);
}

static void
tsr_property_find_bar_dispose (GObject *object)
{
  TsrPropertyFindBar *self = TSR_PROPERTY_FIND_BAR (object);

  g_clear_object (&self->source);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (tsr_property_find_bar_parent_class)->dispose (object);
}

static void
tsr_property_find_bar_finalize (GObject *object)
{
  TsrPropertyFindBar *self = TSR_PROPERTY_FIND_BAR (object);

  g_array_unref (self->fields);
  g_free (self->message);
  G_OBJECT_CLASS (tsr_property_find_bar_parent_class)->finalize (object);
}

static void
tsr_property_find_bar_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrPropertyFindBar *self = TSR_PROPERTY_FIND_BAR (object);

  switch (prop_id)
    {
    case PROP_SOURCE:
      g_value_set_object (value, self->source);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_property_find_bar_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrPropertyFindBar *self = TSR_PROPERTY_FIND_BAR (object);

  switch (prop_id)
    {
    case PROP_SOURCE:
      tsr_property_find_bar_set_source (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_property_find_bar_class_init (TsrPropertyFindBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tsr_property_find_bar_dispose;
  object_class->finalize = tsr_property_find_bar_finalize;
  object_class->get_property = tsr_property_find_bar_get_property;
  object_class->set_property = tsr_property_find_bar_set_property;

  properties[PROP_SOURCE] =
    g_param_spec_object ("source", NULL, NULL, TSR_TYPE_PROPERTY_SOURCE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* (GArray *elements): guint indices, in the family's order. */
  signals[FOUND] = g_signal_new ("found", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_ARRAY | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tsr-property-find-bar");
}

static void
tsr_property_find_bar_init (TsrPropertyFindBar *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  self->fields = g_array_new (FALSE, FALSE, sizeof (guint));
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->field_drop_down = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->field_drop_down), _("The field to compare"));
  self->entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->entry, _("Find by value"));
  gtk_widget_set_hexpand (GTK_WIDGET (self->entry), TRUE);
  g_signal_connect (self->entry, "activate", G_CALLBACK (on_entry_activate), self);
  self->similar_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("Select _Similar")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->similar_button),
                               _("Select every element whose chosen field equals the selection’s"));
  g_signal_connect (self->similar_button, "clicked", G_CALLBACK (on_similar_clicked), self);
  self->message_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->message_label, 0);
  gtk_label_set_wrap (self->message_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "dim-label");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);

  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->field_drop_down));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->similar_button));
  gtk_box_append (GTK_BOX (self->box), row);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->entry));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->message_label));
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}
