/* tsr-history-view.c: the undo history panel. The rows mirror the stack's entries; on every
 * "changed" they are brought up to date in place (only rows whose text or state differ are
 * touched), so a long history is not rebuilt per edit. Selection is the current position:
 * selecting a row asks the stack to jump there, and the stack's change selects the row back. */
#include "config.h"

#include "views/tsr-history-view.h"

#include <glib/gi18n.h>

struct _TsrHistoryView {
  GtkWidget     parent_instance;

  TsrUndoStack *stack;
  gboolean      updating;   /* selecting the current row from the stack, not from the user */
  guint         scroll_tick; /* brings the current row into view once it has its allocation */

  GtkScrolledWindow *scroller;
  GtkListBox   *list;
};

G_DEFINE_FINAL_TYPE (TsrHistoryView, tsr_history_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_UNDO_STACK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A row is a box of the label and the saved-state marker. */
static GtkWidget *
create_row (void)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *saved = gtk_image_new_from_icon_name ("document-save-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_tooltip_text (saved, _("The saved state"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (saved), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Saved"), -1);
  gtk_widget_set_visible (saved, FALSE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), saved);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static GtkLabel *
row_label (GtkWidget *row)
{
  return GTK_LABEL (gtk_widget_get_first_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))));
}

static GtkWidget *
row_saved_marker (GtkWidget *row)
{
  return gtk_widget_get_last_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)));
}

static guint
count_rows (TsrHistoryView *self)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

/* After the frame's layout, so a row just appended has its place. */
static gboolean
scroll_to_current (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       data)
{
  TsrHistoryView *self = TSR_HISTORY_VIEW (widget);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->list);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  graphene_rect_t bounds;

  self->scroll_tick = 0;
  if (row != NULL && gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->list), &bounds))
    gtk_adjustment_clamp_page (adjustment, bounds.origin.y, bounds.origin.y + bounds.size.height);
  return G_SOURCE_REMOVE;
}

static void
sync_rows (TsrHistoryView *self)
{
  guint wanted = self->stack != NULL ? tsr_undo_stack_get_n_entries (self->stack) + 1 : 0;
  guint n = count_rows (self);
  guint position = self->stack != NULL ? tsr_undo_stack_get_position (self->stack) : 0;
  gint clean = self->stack != NULL ? tsr_undo_stack_get_clean_position (self->stack) : -1;
  GtkWidget *row;
  guint index = 0;

  self->updating = TRUE;
  for (; n > wanted; n--)
    gtk_list_box_remove (self->list, gtk_widget_get_last_child (GTK_WIDGET (self->list)));
  for (; n < wanted; n++)
    gtk_list_box_append (self->list, create_row ());

  for (row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row), index++)
    {
      /* Translators: the first row of the undo history: the document as it was opened. */
      const char *text = index == 0 ? _("Original State")
                                    : tsr_undo_stack_get_entry_description (self->stack, index - 1);
      GtkLabel *label = row_label (row);
      GtkWidget *saved = row_saved_marker (row);

      if (text == NULL)
        text = _("Edit");
      if (g_strcmp0 (gtk_label_get_text (label), text) != 0)
        gtk_label_set_text (label, text);
      if (index > position)
        gtk_widget_add_css_class (GTK_WIDGET (label), "dim-label");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (label), "dim-label");
      if (gtk_widget_get_visible (saved) != (clean >= 0 && (guint) clean == index))
        gtk_widget_set_visible (saved, clean >= 0 && (guint) clean == index);
    }

  row = GTK_WIDGET (gtk_list_box_get_row_at_index (self->list, (int) position));
  if (row != NULL && gtk_list_box_get_selected_row (self->list) != GTK_LIST_BOX_ROW (row))
    gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (row));
  self->updating = FALSE;
  if (row != NULL && self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_to_current, NULL, NULL);
}

static void
on_row_selected (GtkListBox     *list,
                 GtkListBoxRow  *row,
                 TsrHistoryView *self)
{
  if (self->updating || self->stack == NULL)
    return;
  if (row == NULL || !tsr_undo_stack_set_position (self->stack, (guint) gtk_list_box_row_get_index (row)))
    {
      /* Refused (a group is open) or unselected: show the real position again. */
      if (row != NULL)
        gtk_widget_error_bell (GTK_WIDGET (self));
      sync_rows (self);
    }
}

void
tsr_history_view_set_undo_stack (TsrHistoryView *self,
                                 TsrUndoStack   *stack)
{
  g_return_if_fail (TSR_IS_HISTORY_VIEW (self));
  g_return_if_fail (stack == NULL || TSR_IS_UNDO_STACK (stack));

  if (self->stack == stack)
    return;
  if (self->stack != NULL)
    g_signal_handlers_disconnect_by_data (self->stack, self);
  g_set_object (&self->stack, stack);
  if (stack != NULL)
    g_signal_connect_swapped (stack, "changed", G_CALLBACK (sync_rows), self);
  sync_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_STACK]);
}

TsrUndoStack *
tsr_history_view_get_undo_stack (TsrHistoryView *self)
{
  g_return_val_if_fail (TSR_IS_HISTORY_VIEW (self), NULL);
  return self->stack;
}

guint
tsr_history_view_get_n_rows (TsrHistoryView *self)
{
  g_return_val_if_fail (TSR_IS_HISTORY_VIEW (self), 0);
  return count_rows (self);
}

GtkWidget *
tsr_history_view_get_row (TsrHistoryView *self,
                          guint           index)
{
  g_return_val_if_fail (TSR_IS_HISTORY_VIEW (self), NULL);
  return GTK_WIDGET (gtk_list_box_get_row_at_index (self->list, (int) index));
}

const char *
tsr_history_view_get_row_text (TsrHistoryView *self,
                               guint           index)
{
  GtkWidget *row = tsr_history_view_get_row (self, index);

  g_return_val_if_fail (row != NULL, NULL);
  return gtk_label_get_text (row_label (row));
}

gboolean
tsr_history_view_row_is_current (TsrHistoryView *self,
                                 guint           index)
{
  GtkWidget *row = tsr_history_view_get_row (self, index);

  g_return_val_if_fail (row != NULL, FALSE);
  return gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (row));
}

gboolean
tsr_history_view_row_is_redo (TsrHistoryView *self,
                              guint           index)
{
  GtkWidget *row = tsr_history_view_get_row (self, index);

  g_return_val_if_fail (row != NULL, FALSE);
  return gtk_widget_has_css_class (GTK_WIDGET (row_label (row)), "dim-label");
}

gboolean
tsr_history_view_row_is_saved (TsrHistoryView *self,
                               guint           index)
{
  GtkWidget *row = tsr_history_view_get_row (self, index);

  g_return_val_if_fail (row != NULL, FALSE);
  return gtk_widget_get_visible (row_saved_marker (row));
}

GtkWidget *
tsr_history_view_new (void)
{
  return g_object_new (TSR_TYPE_HISTORY_VIEW, NULL);
}

static void
tsr_history_view_dispose (GObject *object)
{
  TsrHistoryView *self = TSR_HISTORY_VIEW (object);

  if (self->stack != NULL)
    g_signal_handlers_disconnect_by_data (self->stack, self);
  g_clear_object (&self->stack);
  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
  self->scroll_tick = 0;
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_HISTORY_VIEW);
  G_OBJECT_CLASS (tsr_history_view_parent_class)->dispose (object);
}

static void
tsr_history_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrHistoryView *self = TSR_HISTORY_VIEW (object);

  switch (prop_id)
    {
    case PROP_UNDO_STACK:
      g_value_set_object (value, self->stack);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_history_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrHistoryView *self = TSR_HISTORY_VIEW (object);

  switch (prop_id)
    {
    case PROP_UNDO_STACK:
      tsr_history_view_set_undo_stack (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_history_view_class_init (TsrHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tsr_history_view_dispose;
  object_class->get_property = tsr_history_view_get_property;
  object_class->set_property = tsr_history_view_set_property;

  properties[PROP_UNDO_STACK] =
    g_param_spec_object ("undo-stack", NULL, NULL, TSR_TYPE_UNDO_STACK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-history-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrHistoryView, scroller);
  gtk_widget_class_bind_template_child (widget_class, TsrHistoryView, list);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tsr-history-view");
}

static void
tsr_history_view_init (TsrHistoryView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
