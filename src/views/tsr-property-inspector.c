/* tsr-property-inspector.c: editors per field type, refreshed from the source's shared values on
 * every "changed"; commits go through tsr_property_source_set / _set_text / _set_bits. Numbers are
 * entries rather than spin buttons: a mixed value needs an empty editor, and an empty GtkSpinButton
 * (GTK 4.8) reads as 0 when it loses the focus, which would set every element to 0. */
#include "config.h"

#include "views/tsr-property-inspector.h"

#include <glib/gi18n.h>

struct _TsrPropertyInspector {
  GtkWidget          parent_instance;

  TsrPropertySource *source;
  gulong             changed_handler;
  gboolean           syncing;
  char              *error_text;

  GtkWidget         *box;
  GtkLabel          *heading;
  GtkGrid           *grid;
  GtkLabel          *error_label;
  GPtrArray         *editors; /* per field: GtkWidget, or NULL for hidden fields */
  GPtrArray         *hints;   /* per field: GtkLabel saying what the value means, or NULL */
  GPtrArray         *choosers; /* per field: GtkDropDown of the field's choices, or NULL */
  guint              error_field; /* the field whose edit was refused (G_MAXUINT: none) */
  GtkWidget         *editing; /* the entry holding the window's focus, or NULL */
  GtkWindow         *window;  /* our root while we are in one (weak) */
  gulong             focus_handler;
};

G_DEFINE_FINAL_TYPE (TsrPropertyInspector, tsr_property_inspector, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SOURCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef enum {
  EDITOR_ENTRY,
  EDITOR_CHECK,
  EDITOR_DROP_DOWN,
  EDITOR_BITS,
  EDITOR_LABEL,
} EditorKind;

static const TsrField *
field_spec (TsrPropertyInspector *self,
            guint                 field)
{
  return &tsr_property_source_get_table (self->source)->fields[field];
}

static EditorKind
editor_kind (const TsrField *field)
{
  if (field->type == TSR_FIELD_BYTES)
    return EDITOR_LABEL;
  if (field->type == TSR_FIELD_BOOL)
    return EDITOR_CHECK;
  if (field->type == TSR_FIELD_INT && field->enumeration != NULL && !(field->flags & TSR_FIELD_SPECIAL_VALUES))
    return field->enumeration->bitset && !field->enumeration->unique ? EDITOR_BITS : EDITOR_DROP_DOWN;
  return EDITOR_ENTRY;
}

/* Whether a drop-down offers CONSTANT: a unique bitset's zero (Doom2D's PANEL_NONE) is no choice,
 * the game creates no panel of no type. */
static gboolean
offers_constant (const TsrFieldEnum     *enumeration,
                 const TsrFieldConstant *constant)
{
  return !(enumeration->unique && constant->value == 0);
}

/* The drop-down row of constant I of ENUMERATION, or GTK_INVALID_LIST_POSITION. */
static guint
constant_row (const TsrFieldEnum *enumeration,
              guint               i)
{
  guint row = 0;

  if (!offers_constant (enumeration, &enumeration->constants[i]))
    return GTK_INVALID_LIST_POSITION;
  for (guint c = 0; c < i; c++)
    row += offers_constant (enumeration, &enumeration->constants[c]);
  return row;
}

/* The constant shown in drop-down row ROW. */
static const TsrFieldConstant *
row_constant (const TsrFieldEnum *enumeration,
              guint               row)
{
  for (guint c = 0; c < enumeration->n_constants; c++)
    if (offers_constant (enumeration, &enumeration->constants[c]) && row-- == 0)
      return &enumeration->constants[c];
  return NULL;
}

static guint
editor_field (GtkWidget *widget)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "tsr-field"));
}

static void
show_error (TsrPropertyInspector *self,
            guint                 field,
            const GError         *error)
{
  g_clear_pointer (&self->error_text, g_free);
  self->error_field = error != NULL ? field : G_MAXUINT;
  if (error != NULL)
    self->error_text = g_strdup (error->message);
  gtk_label_set_text (self->error_label, self->error_text != NULL ? self->error_text : "");
  /* Said under the field's editor when it has a place for it, else below the fields. */
  gtk_widget_set_visible (GTK_WIDGET (self->error_label),
                          self->error_text != NULL
                          && (field >= self->hints->len || g_ptr_array_index (self->hints, field) == NULL));
}

/* --- Showing values --- */

/* Lists FIELD's choices in CHOOSER (when they changed) and selects the shared VALUE's; returns the
 * name of that choice for the entry, or NULL when no choice holds it (transfer full). */
static char *
refresh_chooser (TsrPropertyInspector *self,
                 GtkWidget            *chooser,
                 guint                 field,
                 TsrPropertyState      state,
                 const TsrFieldValue  *value)
{
  g_autoptr(GArray) choices = tsr_property_source_list_choices (self->source, field);
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (chooser));
  guint n = choices != NULL ? choices->len : 0;
  gboolean same = model != NULL && g_list_model_get_n_items (model) == n;
  guint selected = GTK_INVALID_LIST_POSITION;
  char *name = NULL;

  for (guint i = 0; same && i < n; i++)
    same = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i),
                      g_array_index (choices, TsrPropertyChoice, i).label) == 0;
  if (!same)
    {
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

      for (guint i = 0; i < n; i++)
        gtk_string_list_append (names, g_array_index (choices, TsrPropertyChoice, i).label);
      gtk_drop_down_set_model (GTK_DROP_DOWN (chooser), G_LIST_MODEL (names));
    }
  for (guint i = 0; state == TSR_PROPERTY_SHARED && i < n; i++)
    if (g_array_index (choices, TsrPropertyChoice, i).value == value->v[0])
      {
        selected = i;
        name = g_strdup (g_array_index (choices, TsrPropertyChoice, i).label);
        break;
      }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (chooser), selected);
  return name;
}

static void
refresh_entry (TsrPropertyInspector *self,
               GtkWidget            *entry,
               guint                 field)
{
  TsrFieldValue value = { { 0 }, NULL };
  TsrPropertyState state = tsr_property_source_get_shared (self->source, field, &value);
  GtkWidget *chooser = field < self->choosers->len ? g_ptr_array_index (self->choosers, field) : NULL;
  g_autofree char *text = NULL;

  if (chooser != NULL)
    text = refresh_chooser (self, chooser, field, state, &value);
  if (text == NULL)
    text = state == TSR_PROPERTY_SHARED ? tsr_field_value_to_label (field_spec (self, field), &value) : g_strdup ("");

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), state == TSR_PROPERTY_MIXED ? _("Mixed") : NULL);
  if (state == TSR_PROPERTY_MIXED)
    gtk_widget_add_css_class (entry, "tsr-mixed");
  else
    gtk_widget_remove_css_class (entry, "tsr-mixed");
  /* What the entry showed, so leaving it unchanged commits nothing. */
  g_object_set_data_full (G_OBJECT (entry), "tsr-shown", g_steal_pointer (&text), g_free);
  tsr_field_value_clear (&value);
}

static void
refresh_editor (TsrPropertyInspector *self,
                guint                 field)
{
  GtkWidget *editor = g_ptr_array_index (self->editors, field);
  const TsrField *spec = field_spec (self, field);
  TsrFieldValue value = { { 0 }, NULL };
  TsrPropertyState state;

  if (editor == NULL)
    return;
  switch (editor_kind (spec))
    {
    case EDITOR_ENTRY:
      refresh_entry (self, editor, field);
      break;
    case EDITOR_CHECK:
      state = tsr_property_source_get_shared (self->source, field, &value);
      gtk_check_button_set_inconsistent (GTK_CHECK_BUTTON (editor), state == TSR_PROPERTY_MIXED);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (editor), state == TSR_PROPERTY_SHARED && value.v[0] != 0);
      break;
    case EDITOR_DROP_DOWN:
      {
        guint selected = GTK_INVALID_LIST_POSITION;

        state = tsr_property_source_get_shared (self->source, field, &value);
        if (state == TSR_PROPERTY_SHARED)
          for (guint i = 0; i < spec->enumeration->n_constants; i++)
            if (spec->enumeration->constants[i].value == value.v[0])
              {
                selected = constant_row (spec->enumeration, i);
                break;
              }
        gtk_drop_down_set_selected (GTK_DROP_DOWN (editor), selected);
        /* A value no constant names shows as its number. */
        if (state == TSR_PROPERTY_SHARED && selected == GTK_INVALID_LIST_POSITION)
          {
            g_autofree char *number = tsr_field_value_to_label (spec, &value);
            gtk_widget_set_tooltip_text (editor, number);
          }
        else
          gtk_widget_set_tooltip_text (editor, state == TSR_PROPERTY_MIXED ? _("Mixed") : NULL);
        break;
      }
    case EDITOR_BITS:
      {
        gint64 all, any;

        tsr_property_source_get_bits (self->source, field, &all, &any);
        for (GtkWidget *check = gtk_widget_get_first_child (editor); check != NULL;
             check = gtk_widget_get_next_sibling (check))
          {
            gint64 bit = *(const gint64 *) g_object_get_data (G_OBJECT (check), "tsr-bit");

            gtk_check_button_set_inconsistent (GTK_CHECK_BUTTON (check), (any & bit) && !(all & bit));
            gtk_check_button_set_active (GTK_CHECK_BUTTON (check), (all & bit) != 0);
          }
        break;
      }
    case EDITOR_LABEL:
    default:
      state = tsr_property_source_get_shared (self->source, field, &value);
      {
        g_autofree char *text = state == TSR_PROPERTY_SHARED ? tsr_field_value_to_label (spec, &value)
                                                             : g_strdup (state == TSR_PROPERTY_MIXED ? _("Mixed") : "");
        gtk_label_set_text (GTK_LABEL (editor), text);
      }
      break;
    }
  tsr_field_value_clear (&value);
}

static void
refresh_hint (TsrPropertyInspector *self,
              guint                 field)
{
  GtkWidget *hint = field < self->hints->len ? g_ptr_array_index (self->hints, field) : NULL;
  g_autofree char *text = NULL;

  if (hint == NULL)
    return;
  /* A refused edit says why under its editor (the error line below the grid may be scrolled away). */
  if (field == self->error_field && self->error_text != NULL)
    {
      gtk_label_set_text (GTK_LABEL (hint), self->error_text);
      gtk_widget_remove_css_class (hint, "dim-label");
      gtk_widget_add_css_class (hint, "error");
      gtk_widget_set_visible (hint, TRUE);
      return;
    }
  gtk_widget_remove_css_class (hint, "error");
  gtk_widget_add_css_class (hint, "dim-label");
  text = TSR_PROPERTY_SOURCE_GET_CLASS (self->source)->describe_value != NULL
         ? tsr_property_source_dup_description (self->source, field) : NULL;
  gtk_label_set_text (GTK_LABEL (hint), text != NULL ? text : "");
  gtk_widget_set_visible (hint, text != NULL);
}

static void
refresh (TsrPropertyInspector *self)
{
  guint n_elements = 0;

  if (self->source == NULL)
    return;
  tsr_property_source_get_elements (self->source, &n_elements);
  {
    /* Translators: the kind of the selected elements and how many there are: "Person (3)". */
    g_autofree char *heading = n_elements > 1 ? g_strdup_printf (_("%s (%u)"), tsr_property_source_get_title (self->source), n_elements)
                                              : g_strdup (tsr_property_source_get_title (self->source));
    gtk_label_set_text (self->heading, heading);
  }
  self->syncing = TRUE;
  for (guint i = 0; i < self->editors->len; i++)
    {
      refresh_editor (self, i);
      refresh_hint (self, i);
    }
  self->syncing = FALSE;
}

/* --- Commits --- */

static void
finish_commit (TsrPropertyInspector *self,
               guint                 field,
               gboolean              ok,
               const GError         *error)
{
  gboolean had_error = self->error_text != NULL;

  show_error (self, field, ok ? NULL : error);
  /* A refused value goes back to what the elements hold, and says why. */
  if (!ok || had_error)
    refresh (self);
}

static void
commit_entry (TsrPropertyInspector *self,
              GtkWidget            *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  const char *shown = g_object_get_data (G_OBJECT (entry), "tsr-shown");
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->syncing || self->source == NULL || g_strcmp0 (text, shown != NULL ? shown : "") == 0)
    return;
  ok = tsr_property_source_set_text (self->source, editor_field (entry), text, &error);
  finish_commit (self, editor_field (entry), ok, error);
}

static void
on_entry_activate (GtkEntry             *entry,
                   TsrPropertyInspector *self)
{
  commit_entry (self, GTK_WIDGET (entry));
}

static void
on_entry_leave (GtkEventControllerFocus *controller,
                TsrPropertyInspector    *self)
{
  commit_entry (self, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));
}

/* The window's focus moved: the entry that had it commits (this works whether or not the window
 * is active, unlike focus events, which only an active window gets). */
static void
on_window_focus (GtkWindow            *window,
                 GParamSpec           *pspec,
                 TsrPropertyInspector *self)
{
  GtkWidget *focus = gtk_window_get_focus (window);
  GtkWidget *previous = self->editing;

  if (self->syncing)
    return;
  self->editing = NULL;
  for (guint i = 0; focus != NULL && i < self->editors->len; i++)
    {
      GtkWidget *editor = g_ptr_array_index (self->editors, i);

      if (editor != NULL && GTK_IS_ENTRY (editor) && (focus == editor || gtk_widget_is_ancestor (focus, editor)))
        self->editing = editor;
    }
  if (previous != NULL && previous != self->editing)
    commit_entry (self, previous);
}

static void
on_check_toggled (GtkCheckButton       *check,
                  TsrPropertyInspector *self)
{
  TsrFieldValue value = { { 0 }, NULL };
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->syncing || self->source == NULL)
    return;
  value.v[0] = gtk_check_button_get_active (check) ? 1 : 0;
  ok = tsr_property_source_set (self->source, editor_field (GTK_WIDGET (check)), &value, &error);
  finish_commit (self, editor_field (GTK_WIDGET (check)), ok, error);
}

static void
on_bit_toggled (GtkCheckButton       *check,
                TsrPropertyInspector *self)
{
  GtkWidget *box = gtk_widget_get_parent (GTK_WIDGET (check));
  gint64 bit = *(const gint64 *) g_object_get_data (G_OBJECT (check), "tsr-bit");
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->syncing || self->source == NULL)
    return;
  ok = tsr_property_source_set_bits (self->source, editor_field (box), bit, gtk_check_button_get_active (check), &error);
  finish_commit (self, editor_field (box), ok, error);
}

static void
on_drop_down_selected (GtkDropDown          *drop_down,
                       GParamSpec           *pspec,
                       TsrPropertyInspector *self)
{
  guint field = editor_field (GTK_WIDGET (drop_down));
  guint selected = gtk_drop_down_get_selected (drop_down);
  TsrFieldValue value = { { 0 }, NULL };
  g_autoptr(GError) error = NULL;
  const TsrFieldConstant *constant;
  gboolean ok;

  if (self->syncing || self->source == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  constant = row_constant (field_spec (self, field)->enumeration, selected);
  if (constant == NULL)
    return;
  value.v[0] = constant->value;
  ok = tsr_property_source_set (self->source, field, &value, &error);
  finish_commit (self, field, ok, error);
}

static void
on_chooser_selected (GtkDropDown          *chooser,
                     GParamSpec           *pspec,
                     TsrPropertyInspector *self)
{
  guint field = editor_field (GTK_WIDGET (chooser));
  guint selected = gtk_drop_down_get_selected (chooser);
  g_autoptr(GArray) choices = NULL;
  TsrFieldValue value = { { 0 }, NULL };
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->syncing || self->source == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  choices = tsr_property_source_list_choices (self->source, field);
  if (choices == NULL || selected >= choices->len)
    return;
  value.v[0] = g_array_index (choices, TsrPropertyChoice, selected).value;
  ok = tsr_property_source_set (self->source, field, &value, &error);
  finish_commit (self, field, ok, error);
}

/* The chooser's button shows only its arrow (the entry beside it shows the name); its list shows
 * the names. */
static void
on_choice_setup (GtkSignalListItemFactory *factory,
                 GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
on_choice_bind (GtkSignalListItemFactory *factory,
                GtkListItem              *item)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (string));
}

/* The first widget of TYPE below WIDGET (WIDGET included), depth first. */
static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* What is typed while CHOOSER's list is open goes into its search. GtkDropDown (GTK 4.8) focuses
 * the chosen row when the list opens, and its search entry takes no keys until clicked: a name
 * typed right after opening the list was lost. */
static void
capture_keys_for_search (GtkWidget *chooser)
{
  GtkWidget *popover = find_descendant (chooser, GTK_TYPE_POPOVER);
  GtkWidget *search = popover != NULL ? find_descendant (popover, GTK_TYPE_SEARCH_ENTRY) : NULL;

  if (search != NULL)
    gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (search), popover);
}

static GtkWidget *
create_chooser (TsrPropertyInspector *self,
                guint                 field)
{
  g_autoptr(GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) list = gtk_signal_list_item_factory_new ();
  GtkWidget *chooser = gtk_drop_down_new (NULL, gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
  g_autofree char *name = g_strdup_printf ("%s-choices", field_spec (self, field)->name);
  g_autofree char *label = tsr_property_source_dup_field_label (self->source, field);

  g_signal_connect (list, "setup", G_CALLBACK (on_choice_setup), NULL);
  g_signal_connect (list, "bind", G_CALLBACK (on_choice_bind), NULL);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (chooser), button);
  gtk_drop_down_set_list_factory (GTK_DROP_DOWN (chooser), list);
  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (chooser), TRUE);
  capture_keys_for_search (chooser);
  gtk_widget_set_name (chooser, name);
  gtk_widget_set_tooltip_text (chooser, label);
  gtk_widget_set_sensitive (chooser, tsr_property_source_is_field_editable (self->source, field));
  g_object_set_data (G_OBJECT (chooser), "tsr-field", GUINT_TO_POINTER (field));
  g_signal_connect (chooser, "notify::selected", G_CALLBACK (on_chooser_selected), self);
  return chooser;
}

/* --- Building --- */

static GtkWidget *
create_editor (TsrPropertyInspector *self,
               guint                 field)
{
  const TsrField *spec = field_spec (self, field);
  gboolean editable = tsr_property_source_is_field_editable (self->source, field);
  GtkWidget *editor;

  switch (editor_kind (spec))
    {
    case EDITOR_CHECK:
      editor = gtk_check_button_new ();
      g_signal_connect (editor, "toggled", G_CALLBACK (on_check_toggled), self);
      gtk_widget_set_sensitive (editor, editable);
      break;
    case EDITOR_DROP_DOWN:
      {
        g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

        for (guint i = 0; i < spec->enumeration->n_constants; i++)
          {
            g_autofree char *label = NULL;

            if (!offers_constant (spec->enumeration, &spec->enumeration->constants[i]))
              continue;
            label = tsr_property_source_dup_constant_label (self->source, field, &spec->enumeration->constants[i]);
            gtk_string_list_append (names, label);
          }
        editor = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
        g_signal_connect (editor, "notify::selected", G_CALLBACK (on_drop_down_selected), self);
        gtk_widget_set_sensitive (editor, editable);
        break;
      }
    case EDITOR_BITS:
      editor = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      for (guint i = 0; i < spec->enumeration->n_constants; i++)
        {
          const TsrFieldConstant *constant = &spec->enumeration->constants[i];
          GtkWidget *check;

          /* One check button per single bit; combinations and zero have no button of their own. */
          if (constant->value <= 0 || (constant->value & (constant->value - 1)) != 0)
            continue;
          {
            g_autofree char *label = tsr_property_source_dup_constant_label (self->source, field, constant);

            check = gtk_check_button_new_with_label (label);
          }
          g_object_set_data (G_OBJECT (check), "tsr-bit", (gpointer) &constant->value);
          g_signal_connect (check, "toggled", G_CALLBACK (on_bit_toggled), self);
          gtk_widget_set_sensitive (check, editable && !(constant->value & spec->enumeration->derived_bits));
          if ((constant->value & spec->enumeration->derived_bits) && spec->enumeration->derived_tip != NULL)
            gtk_widget_set_tooltip_text (check, _(spec->enumeration->derived_tip));
          gtk_box_append (GTK_BOX (editor), check);
        }
      break;
    case EDITOR_LABEL:
      editor = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (editor), 0);
      gtk_label_set_selectable (GTK_LABEL (editor), TRUE);
      gtk_widget_add_css_class (editor, "dim-label");
      break;
    case EDITOR_ENTRY:
    default:
      {
        GtkEventController *focus = gtk_event_controller_focus_new ();

        editor = gtk_entry_new ();
        if (!tsr_field_is_text (spec))
          gtk_entry_set_input_purpose (GTK_ENTRY (editor), GTK_INPUT_PURPOSE_NUMBER);
        gtk_editable_set_editable (GTK_EDITABLE (editor), editable);
        gtk_editable_set_width_chars (GTK_EDITABLE (editor), 8);
        g_signal_connect (editor, "activate", G_CALLBACK (on_entry_activate), self);
        g_signal_connect (focus, "leave", G_CALLBACK (on_entry_leave), self);
        gtk_widget_add_controller (editor, focus);
        if (!editable)
          gtk_widget_add_css_class (editor, "dim-label");
        break;
      }
    }
  gtk_widget_set_name (editor, spec->name);
  gtk_widget_set_hexpand (editor, TRUE);
  if (spec->tip != NULL)
    gtk_widget_set_tooltip_text (editor, spec->tip);
  g_object_set_data (G_OBJECT (editor), "tsr-field", GUINT_TO_POINTER (field));
  return editor;
}

static void
clear_grid (TsrPropertyInspector *self)
{
  GtkWidget *child;

  /* Forget the editors first: removing a focused one moves the window's focus. */
  self->syncing = TRUE;
  self->editing = NULL;
  g_ptr_array_set_size (self->editors, 0);
  g_ptr_array_set_size (self->hints, 0);
  g_ptr_array_set_size (self->choosers, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  self->syncing = FALSE;
}

static void
build (TsrPropertyInspector *self)
{
  const TsrFieldTable *table;
  int row = 0;

  clear_grid (self);
  show_error (self, G_MAXUINT, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->heading), self->source != NULL);
  if (self->source == NULL)
    return;
  table = tsr_property_source_get_table (self->source);
  for (guint i = 0; i < table->n_fields; i++)
    {
      g_autofree char *label_text = NULL;
      GtkWidget *label;
      GtkWidget *editor;
      GtkWidget *cell;
      GtkWidget *hint;
      g_autoptr(GArray) choices = NULL;

      if (!tsr_property_source_is_field_visible (self->source, i))
        {
          g_ptr_array_add (self->editors, NULL);
          g_ptr_array_add (self->hints, NULL);
          g_ptr_array_add (self->choosers, NULL);
          continue;
        }
      label_text = tsr_property_source_dup_field_label (self->source, i);
      label = gtk_label_new (label_text);
      editor = create_editor (self, i);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      /* Long field names wrap, so a narrow side panel still shows the editors. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 16);
      gtk_widget_set_valign (label, editor_kind (&table->fields[i]) == EDITOR_BITS ? GTK_ALIGN_START : GTK_ALIGN_CENTER);
      cell = editor;
      /* A reference: its entry shows and takes a name, the drop-down beside it lists the choices. */
      if (GTK_IS_ENTRY (editor) && (choices = tsr_property_source_list_choices (self->source, i)) != NULL)
        {
          GtkWidget *chooser = create_chooser (self, i);

          cell = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
          gtk_box_append (GTK_BOX (cell), editor);
          gtk_box_append (GTK_BOX (cell), chooser);
          gtk_widget_set_hexpand (cell, TRUE);
          g_ptr_array_add (self->choosers, chooser);
        }
      else
        g_ptr_array_add (self->choosers, NULL);
      gtk_grid_attach (self->grid, label, 0, row, 1, 1);
      gtk_grid_attach (self->grid, cell, 1, row, 1, 1);
      g_ptr_array_add (self->editors, editor);
      row++;
      /* What the value means ("platform 3"), or why an edit was refused, under its editor; hidden
       * while there is nothing to say. */
      hint = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (hint), 0);
      gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (hint), 30);
      gtk_widget_add_css_class (hint, "dim-label");
      gtk_widget_add_css_class (hint, "caption");
      gtk_widget_set_visible (hint, FALSE);
      gtk_widget_set_name (hint, "tsr-hint");
      gtk_grid_attach (self->grid, hint, 1, row++, 1, 1);
      g_ptr_array_add (self->hints, hint);
    }
  refresh (self);
}

void
tsr_property_inspector_set_source (TsrPropertyInspector *self,
                                   TsrPropertySource    *source)
{
  g_return_if_fail (TSR_IS_PROPERTY_INSPECTOR (self));
  g_return_if_fail (source == NULL || TSR_IS_PROPERTY_SOURCE (source));

  if (self->source == source)
    return;
  if (self->source != NULL)
    g_clear_signal_handler (&self->changed_handler, self->source);
  g_set_object (&self->source, source);
  if (source != NULL)
    self->changed_handler = g_signal_connect_swapped (source, "changed", G_CALLBACK (refresh), self);
  build (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOURCE]);
}

TsrPropertySource *
tsr_property_inspector_get_source (TsrPropertyInspector *self)
{
  g_return_val_if_fail (TSR_IS_PROPERTY_INSPECTOR (self), NULL);
  return self->source;
}

GtkWidget *
tsr_property_inspector_get_editor (TsrPropertyInspector *self,
                                   const char           *name)
{
  int field;

  g_return_val_if_fail (TSR_IS_PROPERTY_INSPECTOR (self), NULL);
  if (self->source == NULL)
    return NULL;
  field = tsr_field_table_find (tsr_property_source_get_table (self->source), name);
  return field >= 0 && (guint) field < self->editors->len ? g_ptr_array_index (self->editors, field) : NULL;
}

const char *
tsr_property_inspector_get_hint (TsrPropertyInspector *self,
                                 const char           *name)
{
  int field;
  GtkWidget *hint;

  g_return_val_if_fail (TSR_IS_PROPERTY_INSPECTOR (self), NULL);
  if (self->source == NULL)
    return NULL;
  field = tsr_field_table_find (tsr_property_source_get_table (self->source), name);
  if (field < 0 || (guint) field >= self->hints->len || (hint = g_ptr_array_index (self->hints, field)) == NULL
      || !gtk_widget_get_visible (hint))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (hint));
}

GtkWidget *
tsr_property_inspector_get_chooser (TsrPropertyInspector *self,
                                    const char           *name)
{
  int field;

  g_return_val_if_fail (TSR_IS_PROPERTY_INSPECTOR (self), NULL);
  if (self->source == NULL)
    return NULL;
  field = tsr_field_table_find (tsr_property_source_get_table (self->source), name);
  return field >= 0 && (guint) field < self->choosers->len ? g_ptr_array_index (self->choosers, field) : NULL;
}

const char *
tsr_property_inspector_get_error (TsrPropertyInspector *self)
{
  g_return_val_if_fail (TSR_IS_PROPERTY_INSPECTOR (self), NULL);
  return self->error_text;
}

GtkWidget *
tsr_property_inspector_new (void)
{
  return g_object_new (TSR_TYPE_PROPERTY_INSPECTOR, NULL);
}

static void
tsr_property_inspector_root (GtkWidget *widget)
{
  TsrPropertyInspector *self = TSR_PROPERTY_INSPECTOR (widget);
  GtkRoot *root;

  GTK_WIDGET_CLASS (tsr_property_inspector_parent_class)->root (widget);
  root = gtk_widget_get_root (widget);
  if (GTK_IS_WINDOW (root))
    {
      self->window = GTK_WINDOW (root);
      self->focus_handler = g_signal_connect (root, "notify::focus-widget", G_CALLBACK (on_window_focus), self);
    }
}

static void
tsr_property_inspector_unroot (GtkWidget *widget)
{
  TsrPropertyInspector *self = TSR_PROPERTY_INSPECTOR (widget);

  if (self->window != NULL)
    g_clear_signal_handler (&self->focus_handler, self->window);
  self->window = NULL;
  self->editing = NULL;
  GTK_WIDGET_CLASS (tsr_property_inspector_parent_class)->unroot (widget);
}

static void
tsr_property_inspector_dispose (GObject *object)
{
  TsrPropertyInspector *self = TSR_PROPERTY_INSPECTOR (object);

  if (self->source != NULL)
    g_clear_signal_handler (&self->changed_handler, self->source);
  g_clear_object (&self->source);
  self->syncing = TRUE;
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (tsr_property_inspector_parent_class)->dispose (object);
}

static void
tsr_property_inspector_finalize (GObject *object)
{
  TsrPropertyInspector *self = TSR_PROPERTY_INSPECTOR (object);

  g_ptr_array_unref (self->editors);
  g_ptr_array_unref (self->hints);
  g_ptr_array_unref (self->choosers);
  g_free (self->error_text);
  G_OBJECT_CLASS (tsr_property_inspector_parent_class)->finalize (object);
}

static void
tsr_property_inspector_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrPropertyInspector *self = TSR_PROPERTY_INSPECTOR (object);

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
tsr_property_inspector_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrPropertyInspector *self = TSR_PROPERTY_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_SOURCE:
      tsr_property_inspector_set_source (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_property_inspector_class_init (TsrPropertyInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tsr_property_inspector_dispose;
  object_class->finalize = tsr_property_inspector_finalize;
  object_class->get_property = tsr_property_inspector_get_property;
  object_class->set_property = tsr_property_inspector_set_property;

  properties[PROP_SOURCE] =
    g_param_spec_object ("source", NULL, NULL, TSR_TYPE_PROPERTY_SOURCE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->root = tsr_property_inspector_root;
  widget_class->unroot = tsr_property_inspector_unroot;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tsr-property-inspector");
}

static void
tsr_property_inspector_init (TsrPropertyInspector *self)
{
  self->editors = g_ptr_array_new ();
  self->hints = g_ptr_array_new ();
  self->choosers = g_ptr_array_new ();
  self->error_field = G_MAXUINT;
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->heading = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->heading, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->heading), "heading");
  self->grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (self->grid, 6);
  gtk_grid_set_column_spacing (self->grid, 8);
  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_xalign (self->error_label, 0);
  gtk_label_set_max_width_chars (self->error_label, 30);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "tsr-finding-error");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->heading));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->grid));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->error_label));
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}
