/* tsr-record-inspector.c: level and record spin buttons and a kind drop-down choose the property
 * source and its element; the find bar's results become the source's elements. */
#include "config.h"

#include "views/tsr-record-inspector.h"

#include <glib/gi18n.h>

#include "model/tsr-record-sources.h"

struct _TsrRecordInspector {
  GtkWidget             parent_instance;

  TsrDocument          *document;
  GPtrArray            *sources; /* TsrPropertySource, one per kind of the current level */
  gboolean              syncing;

  GtkWidget            *box;
  GtkSpinButton        *level_spin;
  GtkWidget            *level_label;
  GtkDropDown          *kind_drop_down;
  GtkSpinButton        *record_spin;
  TsrPropertyFindBar   *find_bar;
  TsrPropertyInspector *properties;
};

G_DEFINE_FINAL_TYPE (TsrRecordInspector, tsr_record_inspector, GTK_TYPE_WIDGET)

static TsrPropertySource *
current_source (TsrRecordInspector *self)
{
  guint kind = gtk_drop_down_get_selected (self->kind_drop_down);

  return self->sources != NULL && kind < self->sources->len ? g_ptr_array_index (self->sources, kind) : NULL;
}

static void
show_current_record (TsrRecordInspector *self)
{
  TsrPropertySource *source = current_source (self);
  g_autoptr(GArray) all = NULL;
  guint record;

  if (source == NULL)
    return;
  all = tsr_property_source_list_elements (source);
  self->syncing = TRUE;
  gtk_spin_button_set_range (self->record_spin, 0, MAX (all->len, 1) - 1);
  self->syncing = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->record_spin), all->len > 0);
  record = (guint) gtk_spin_button_get_value_as_int (self->record_spin);
  tsr_property_source_set_elements (source, &record, all->len > 0 ? 1 : 0);
  tsr_property_find_bar_set_source (self->find_bar, source);
  tsr_property_inspector_set_source (self->properties, source);
}

static void
on_record_changed (GtkSpinButton      *spin,
                   TsrRecordInspector *self)
{
  if (!self->syncing)
    show_current_record (self);
}

static void
on_kind_selected (GtkDropDown        *drop_down,
                  GParamSpec         *pspec,
                  TsrRecordInspector *self)
{
  if (self->syncing)
    return;
  self->syncing = TRUE;
  gtk_spin_button_set_value (self->record_spin, 0);
  self->syncing = FALSE;
  show_current_record (self);
}

static void
load_level (TsrRecordInspector *self)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  guint kind = gtk_drop_down_get_selected (self->kind_drop_down);

  tsr_property_find_bar_set_source (self->find_bar, NULL);
  tsr_property_inspector_set_source (self->properties, NULL);
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  if (self->document == NULL)
    return;
  self->sources = tsr_record_sources_new (self->document, (guint) gtk_spin_button_get_value_as_int (self->level_spin));
  for (guint i = 0; i < self->sources->len; i++)
    gtk_string_list_append (titles, tsr_property_source_get_title (g_ptr_array_index (self->sources, i)));
  self->syncing = TRUE;
  gtk_drop_down_set_model (self->kind_drop_down, G_LIST_MODEL (titles));
  gtk_drop_down_set_selected (self->kind_drop_down, kind < self->sources->len ? kind : 0);
  self->syncing = FALSE;
  show_current_record (self);
}

static void
on_level_changed (GtkSpinButton      *spin,
                  TsrRecordInspector *self)
{
  if (!self->syncing)
    load_level (self);
}

static void
on_found (TsrPropertyFindBar *bar,
          GArray             *elements,
          TsrRecordInspector *self)
{
  TsrPropertySource *source = current_source (self);

  if (source == NULL || elements->len == 0)
    return;
  self->syncing = TRUE;
  gtk_spin_button_set_value (self->record_spin, g_array_index (elements, guint, 0));
  self->syncing = FALSE;
  tsr_property_source_set_elements (source, (const guint *) elements->data, elements->len);
}

gboolean
tsr_record_inspector_set_document (TsrRecordInspector *self,
                                   TsrDocument        *document)
{
  guint n_levels;

  g_return_val_if_fail (TSR_IS_RECORD_INSPECTOR (self), FALSE);

  g_set_object (&self->document, document);
  n_levels = document != NULL ? tsr_record_sources_get_n_levels (document) : 0;
  self->syncing = TRUE;
  gtk_spin_button_set_range (self->level_spin, 0, MAX (n_levels, 1) - 1);
  gtk_spin_button_set_value (self->level_spin, 0);
  gtk_spin_button_set_value (self->record_spin, 0);
  self->syncing = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->level_spin), n_levels > 1);
  gtk_widget_set_visible (self->level_label, n_levels > 1);
  load_level (self);
  return self->sources != NULL && self->sources->len > 0;
}

gboolean
tsr_record_inspector_show_record (TsrRecordInspector *self,
                                  const char         *title,
                                  guint               index)
{
  g_return_val_if_fail (TSR_IS_RECORD_INSPECTOR (self), FALSE);

  for (guint i = 0; self->sources != NULL && i < self->sources->len; i++)
    if (g_strcmp0 (tsr_property_source_get_title (g_ptr_array_index (self->sources, i)), title) == 0)
      {
        g_autoptr(GArray) all = tsr_property_source_list_elements (g_ptr_array_index (self->sources, i));

        if (index >= all->len)
          return FALSE;
        gtk_drop_down_set_selected (self->kind_drop_down, i);
        gtk_spin_button_set_value (self->record_spin, index);
        show_current_record (self);
        return TRUE;
      }
  return FALSE;
}

TsrPropertyInspector *
tsr_record_inspector_get_properties (TsrRecordInspector *self)
{
  g_return_val_if_fail (TSR_IS_RECORD_INSPECTOR (self), NULL);
  return self->properties;
}

TsrPropertyFindBar *
tsr_record_inspector_get_find_bar (TsrRecordInspector *self)
{
  g_return_val_if_fail (TSR_IS_RECORD_INSPECTOR (self), NULL);
  return self->find_bar;
}

GtkWidget *
tsr_record_inspector_new (void)
{
  return g_object_new (TSR_TYPE_RECORD_INSPECTOR, NULL);
}

static void
tsr_record_inspector_dispose (GObject *object)
{
  TsrRecordInspector *self = TSR_RECORD_INSPECTOR (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (tsr_record_inspector_parent_class)->dispose (object);
}

static void
tsr_record_inspector_class_init (TsrRecordInspectorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tsr_record_inspector_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tsr-record-inspector");
}

static GtkWidget *
labelled (GtkGrid *grid, int row, const char *text, GtkWidget *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, widget, 1, row, 1, 1);
  return label;
}

static void
tsr_record_inspector_init (TsrRecordInspector *self)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 8);
  self->level_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 0, 1));
  self->kind_drop_down = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  self->record_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 0, 1));
  self->level_label = labelled (grid, 0, _("_Level"), GTK_WIDGET (self->level_spin));
  labelled (grid, 1, _("_Kind"), GTK_WIDGET (self->kind_drop_down));
  labelled (grid, 2, _("_Record"), GTK_WIDGET (self->record_spin));
  g_signal_connect (self->level_spin, "value-changed", G_CALLBACK (on_level_changed), self);
  g_signal_connect (self->kind_drop_down, "notify::selected", G_CALLBACK (on_kind_selected), self);
  g_signal_connect (self->record_spin, "value-changed", G_CALLBACK (on_record_changed), self);
  self->find_bar = TSR_PROPERTY_FIND_BAR (tsr_property_find_bar_new ());
  g_signal_connect (self->find_bar, "found", G_CALLBACK (on_found), self);
  self->properties = TSR_PROPERTY_INSPECTOR (tsr_property_inspector_new ());

  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (grid));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->find_bar));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->properties));
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}
