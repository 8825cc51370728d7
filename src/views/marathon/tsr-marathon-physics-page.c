/* tsr-marathon-physics-page.c: toggle buttons choose the definition type, whose list (a GtkListBox
 * of names) is shown in a stack; the chosen row becomes the one element of that table's property
 * source, which the inspector shows and edits. The lists are rebuilt only when the document or
 * level changes: edits never add or remove definitions. */
#include "config.h"

#include "views/marathon/tsr-marathon-physics-page.h"

#include <glib/gi18n.h>

#include "model/marathon/tsr-marathon-physics-source.h"
#include "views/tsr-editor-page.h"

struct _TsrMarathonPhysicsPage {
  GtkWidget             parent_instance;

  TsrDocument          *document;
  guint                 level;
  GPtrArray            *sources;                          /* TsrMarathonPhysicsSource */
  TsrMarathonPhysicsSource *by_kind[TSR_MARATHON_PHYSICS_M1]; /* weak: in sources */
  GtkListBox           *lists[TSR_MARATHON_PHYSICS_M1];
  GtkWidget            *buttons[TSR_MARATHON_PHYSICS_M1];

  GtkWidget            *paned;
  GtkStack             *stack;
  GtkLabel             *heading;
  GtkLabel             *empty_label;
  TsrPropertyInspector *inspector;
};

static void tsr_marathon_physics_page_editor_page_init (TsrEditorPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMarathonPhysicsPage, tsr_marathon_physics_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_EDITOR_PAGE, tsr_marathon_physics_page_editor_page_init))

/* The kinds in the order the buttons show them. */
static const TsrMarathonPhysicsKind kind_order[] = {
  TSR_MARATHON_PHYSICS_MONSTERS, TSR_MARATHON_PHYSICS_EFFECTS, TSR_MARATHON_PHYSICS_PROJECTILES,
  TSR_MARATHON_PHYSICS_CONSTANTS, TSR_MARATHON_PHYSICS_WEAPONS,
};

gboolean
tsr_marathon_physics_page_accepts (TsrDocument *document)
{
  return g_strcmp0 (tsr_document_get_format_id (document), "marathon-physics") == 0;
}

static TsrMarathonPhysicsKind
shown_kind (TsrMarathonPhysicsPage *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->stack);

  for (guint i = 0; i < G_N_ELEMENTS (kind_order); i++)
    if (self->lists[kind_order[i]] != NULL
        && g_strcmp0 (name, gtk_widget_get_name (GTK_WIDGET (self->lists[kind_order[i]]))) == 0)
      return kind_order[i];
  return TSR_MARATHON_PHYSICS_M1;
}

static void
show_row (TsrMarathonPhysicsPage *self,
          TsrMarathonPhysicsKind  kind)
{
  TsrMarathonPhysicsSource *source = kind < TSR_MARATHON_PHYSICS_M1 ? self->by_kind[kind] : NULL;
  GtkListBoxRow *row = source != NULL ? gtk_list_box_get_selected_row (self->lists[kind]) : NULL;
  guint record;
  g_autofree char *name = NULL;
  g_autofree char *tag = NULL;
  g_autofree char *heading = NULL;

  if (row == NULL)
    {
      tsr_property_inspector_set_source (self->inspector, NULL);
      gtk_label_set_text (self->heading, source != NULL ? _("Choose a definition on the left.") : "");
      return;
    }
  record = (guint) gtk_list_box_row_get_index (row);
  if (tsr_property_inspector_get_source (self->inspector) != TSR_PROPERTY_SOURCE (source))
    tsr_property_inspector_set_source (self->inspector, TSR_PROPERTY_SOURCE (source));
  tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (source), &record, 1);
  name = tsr_marathon_physics_source_dup_record_name (source, record);
  tag = tsr_wad_tag_to_string (tsr_marathon_physics_source_get_tag (source));
  /* Translators: the physics editor's heading: "Fighter (minor) — MNpx record 3". */
  heading = g_strdup_printf (_("%s — %s record %u"), name, tag, record);
  gtk_label_set_text (self->heading, heading);
}

static void
on_row_selected (GtkListBox             *list,
                 GtkListBoxRow          *row,
                 TsrMarathonPhysicsPage *self)
{
  for (guint k = 0; k < TSR_MARATHON_PHYSICS_M1; k++)
    if (self->lists[k] == list && shown_kind (self) == k)
      show_row (self, (TsrMarathonPhysicsKind) k);
}

static void
on_kind_toggled (GtkToggleButton        *button,
                 TsrMarathonPhysicsPage *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  for (guint k = 0; k < TSR_MARATHON_PHYSICS_M1; k++)
    if (self->buttons[k] == GTK_WIDGET (button))
      {
        gtk_stack_set_visible_child (self->stack, gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (self->lists[k]))));
        show_row (self, (TsrMarathonPhysicsKind) k);
      }
}

gboolean
tsr_marathon_physics_page_show_level (TsrMarathonPhysicsPage *self,
                                      TsrDocument            *document,
                                      guint                   level)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PHYSICS_PAGE (self), FALSE);

  tsr_property_inspector_set_source (self->inspector, NULL);
  g_set_object (&self->document, document);
  self->level = level;
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  self->sources = document != NULL ? tsr_marathon_physics_sources_new (document, level)
                                   : g_ptr_array_new_with_free_func (g_object_unref);
  for (guint k = 0; k < TSR_MARATHON_PHYSICS_M1; k++)
    {
      GtkWidget *child;

      self->by_kind[k] = NULL;
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->lists[k]))) != NULL)
        gtk_list_box_remove (self->lists[k], child);
    }
  /* A file holds each table once; a second one of a kind (which the engine would read as the
   * same chunk) is not listed. */
  for (guint i = 0; i < self->sources->len; i++)
    {
      TsrMarathonPhysicsSource *source = g_ptr_array_index (self->sources, i);
      TsrMarathonPhysicsKind kind = tsr_marathon_physics_source_get_definition (source);
      g_autoptr(GArray) records = NULL;

      if (kind >= TSR_MARATHON_PHYSICS_M1 || self->by_kind[kind] != NULL)
        continue;
      self->by_kind[kind] = source;
      records = tsr_property_source_list_elements (TSR_PROPERTY_SOURCE (source));
      for (guint r = 0; r < records->len; r++)
        {
          g_autofree char *name = tsr_marathon_physics_source_dup_record_name (source, r);
          g_autofree char *text = g_strdup_printf ("%u  %s", r, name);
          GtkWidget *label = gtk_label_new (text);

          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_widget_set_margin_start (label, 6);
          gtk_widget_set_margin_end (label, 6);
          gtk_widget_set_margin_top (label, 3);
          gtk_widget_set_margin_bottom (label, 3);
          gtk_list_box_append (self->lists[kind], label);
        }
    }
  for (guint k = 0; k < TSR_MARATHON_PHYSICS_M1; k++)
    gtk_widget_set_sensitive (self->buttons[k], self->by_kind[k] != NULL);
  gtk_widget_set_visible (self->paned, self->sources->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), self->sources->len == 0);
  for (guint i = 0; i < G_N_ELEMENTS (kind_order); i++)
    if (self->by_kind[kind_order[i]] != NULL)
      {
        tsr_marathon_physics_page_select (self, kind_order[i], 0);
        break;
      }
  return self->sources->len > 0;
}

gboolean
tsr_marathon_physics_page_select (TsrMarathonPhysicsPage *self,
                                  TsrMarathonPhysicsKind  kind,
                                  guint                   record)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (TSR_IS_MARATHON_PHYSICS_PAGE (self), FALSE);
  if (kind >= TSR_MARATHON_PHYSICS_M1 || self->by_kind[kind] == NULL)
    return FALSE;
  row = gtk_list_box_get_row_at_index (self->lists[kind], (int) record);
  if (row == NULL)
    return FALSE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->buttons[kind]), TRUE);
  gtk_list_box_select_row (self->lists[kind], row);
  show_row (self, kind);
  return TRUE;
}

GtkListBox *
tsr_marathon_physics_page_get_list (TsrMarathonPhysicsPage *self,
                                    TsrMarathonPhysicsKind  kind)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PHYSICS_PAGE (self) && kind < TSR_MARATHON_PHYSICS_M1, NULL);
  return self->lists[kind];
}

GtkWidget *
tsr_marathon_physics_page_get_kind_button (TsrMarathonPhysicsPage *self,
                                           TsrMarathonPhysicsKind  kind)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PHYSICS_PAGE (self) && kind < TSR_MARATHON_PHYSICS_M1, NULL);
  return self->buttons[kind];
}

TsrPropertyInspector *
tsr_marathon_physics_page_get_inspector (TsrMarathonPhysicsPage *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PHYSICS_PAGE (self), NULL);
  return self->inspector;
}

static void
tsr_marathon_physics_page_set_document (TsrEditorPage *page,
                                        TsrDocument   *document)
{
  TsrMarathonPhysicsPage *self = TSR_MARATHON_PHYSICS_PAGE (page);

  /* The window hands the same document over again (it keeps the page); what is chosen stays. */
  if (document != NULL && document == self->document)
    return;
  tsr_marathon_physics_page_show_level (self, document, 0);
}

static void
tsr_marathon_physics_page_editor_page_init (TsrEditorPageInterface *iface)
{
  iface->set_document = tsr_marathon_physics_page_set_document;
}

GtkWidget *
tsr_marathon_physics_page_new (void)
{
  return g_object_new (TSR_TYPE_MARATHON_PHYSICS_PAGE, NULL);
}

static void
tsr_marathon_physics_page_dispose (GObject *object)
{
  TsrMarathonPhysicsPage *self = TSR_MARATHON_PHYSICS_PAGE (object);
  GtkWidget *child;

  if (self->inspector != NULL)
    tsr_property_inspector_set_source (self->inspector, NULL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->inspector = NULL;
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (tsr_marathon_physics_page_parent_class)->dispose (object);
}

static void
tsr_marathon_physics_page_class_init (TsrMarathonPhysicsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tsr_marathon_physics_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tsr-marathon-physics-page");
}

static void
tsr_marathon_physics_page_init (TsrMarathonPhysicsPage *self)
{
  GtkWidget *left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scroller;
  GtkToggleButton *group = NULL;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  self->sources = g_ptr_array_new_with_free_func (g_object_unref);
  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_widget_add_css_class (buttons, "linked");
  for (guint i = 0; i < G_N_ELEMENTS (kind_order); i++)
    {
      TsrMarathonPhysicsKind kind = kind_order[i];
      g_autofree char *name = tsr_wad_tag_to_string (tsr_marathon_physics_kind_tag (kind));
      GtkWidget *button = gtk_toggle_button_new_with_label (tsr_marathon_physics_definition_title (kind));
      GtkWidget *list = gtk_list_box_new ();

      gtk_widget_set_name (button, name);
      gtk_widget_set_name (list, name);
      gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      group = GTK_TOGGLE_BUTTON (button);
      g_signal_connect (button, "toggled", G_CALLBACK (on_kind_toggled), self);
      gtk_box_append (GTK_BOX (buttons), button);
      gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_BROWSE);
      g_signal_connect (list, "row-selected", G_CALLBACK (on_row_selected), self);
      scroller = gtk_scrolled_window_new ();
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
      gtk_stack_add_named (self->stack, scroller, name);
      self->lists[kind] = GTK_LIST_BOX (list);
      self->buttons[kind] = button;
    }
  gtk_box_append (GTK_BOX (left), buttons);
  gtk_box_append (GTK_BOX (left), GTK_WIDGET (self->stack));
  gtk_widget_set_size_request (left, 220, -1);
  gtk_widget_set_margin_start (left, 6);
  gtk_widget_set_margin_top (left, 6);
  gtk_widget_set_margin_bottom (left, 6);

  self->heading = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->heading, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->heading), "heading");
  self->inspector = TSR_PROPERTY_INSPECTOR (tsr_property_inspector_new ());
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->inspector));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (right), GTK_WIDGET (self->heading));
  gtk_box_append (GTK_BOX (right), scroller);
  gtk_widget_set_margin_start (right, 6);
  gtk_widget_set_margin_end (right, 6);
  gtk_widget_set_margin_top (right, 6);
  gtk_widget_set_margin_bottom (right, 6);

  self->paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_paned_set_start_child (GTK_PANED (self->paned), left);
  gtk_paned_set_resize_start_child (GTK_PANED (self->paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (self->paned), FALSE);
  gtk_paned_set_end_child (GTK_PANED (self->paned), right);
  gtk_paned_set_shrink_end_child (GTK_PANED (self->paned), FALSE);
  gtk_widget_set_vexpand (self->paned, TRUE);
  gtk_widget_set_hexpand (self->paned, TRUE);
  gtk_widget_set_parent (self->paned, GTK_WIDGET (self));
  self->empty_label = GTK_LABEL (gtk_label_new (_("This file holds no physics definitions Tessera can edit.")));
  gtk_widget_set_vexpand (GTK_WIDGET (self->empty_label), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), FALSE);
  gtk_widget_set_parent (GTK_WIDGET (self->empty_label), GTK_WIDGET (self));
}
