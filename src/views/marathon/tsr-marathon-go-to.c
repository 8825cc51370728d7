/* tsr-marathon-go-to.c: the Go To dialog. It holds no state of its own beyond its widgets: Go asks
 * the editor (tsr_marathon_map_editor_go_to), which selects and centres, and the dialog closes; an
 * index the level does not have keeps it open with a line saying so. */
#include "config.h"

#include "views/marathon/tsr-marathon-go-to.h"

#include <glib/gi18n.h>

static const struct {
  const char *kind;  /* a finding place's kind */
  const char *label;
} kinds[] = {
  { "polygon", N_("Polygon") },
  { "line", N_("Line") },
  { "side", N_("Side") },
  { "point", N_("Point") },
  { "object", N_("Object") },
  { "annotation", N_("Annotation") },
  { "platform", N_("Platform") },
};

typedef struct {
  TsrMarathonMapEditor *editor; /* weak */
  GtkWindow            *window;
  GtkDropDown          *kind;
  GtkSpinButton        *index;
  GtkLabel             *message;
} GoTo;

static void
go_to_free (gpointer data)
{
  GoTo *go_to = data;

  g_clear_weak_pointer (&go_to->editor);
  g_free (go_to);
}

static void
go (GoTo *go_to)
{
  guint kind = gtk_drop_down_get_selected (go_to->kind);
  guint index;

  if (go_to->editor == NULL || kind >= G_N_ELEMENTS (kinds))
    {
      gtk_window_destroy (go_to->window);
      return;
    }
  gtk_spin_button_update (go_to->index);
  index = (guint) gtk_spin_button_get_value_as_int (go_to->index);
  if (tsr_marathon_map_editor_go_to (go_to->editor, kinds[kind].kind, index))
    {
      gtk_window_destroy (go_to->window);
      return;
    }
  {
    /* Translators: "Polygon 412 is not on this level." */
    g_autofree char *text = g_strdup_printf (_("%s %u is not on this level."), _(kinds[kind].label), index);

    gtk_label_set_text (go_to->message, text);
    gtk_widget_set_visible (GTK_WIDGET (go_to->message), TRUE);
  }
}

static void
on_go_clicked (GtkButton *button,
               GoTo      *go_to)
{
  go (go_to);
}

/* Return in the index field is Go (GTK 4.8's spin button has no "activate" of its own). */
static gboolean
on_index_return (GtkWidget *widget,
                 GVariant  *arguments,
                 gpointer   user_data)
{
  go (user_data);
  return TRUE;
}

GtkWindow *
tsr_marathon_go_to_dialog_show (TsrMarathonMapEditor *editor)
{
  GoTo *go_to = g_new0 (GoTo, 1);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *go_button = gtk_button_new_with_mnemonic (_("_Go"));
  GtkWidget *kind_label = gtk_label_new_with_mnemonic (_("_Kind"));
  GtkWidget *index_label = gtk_label_new_with_mnemonic (_("_Index"));
  GtkStringList *names = gtk_string_list_new (NULL);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (editor));
  GtkEventController *keys = gtk_shortcut_controller_new ();

  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (editor), NULL);
  g_set_weak_pointer (&go_to->editor, editor);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    gtk_string_list_append (names, _(kinds[i].label));

  go_to->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (go_to->window, _("Go To"));
  gtk_window_set_modal (go_to->window, TRUE);
  gtk_window_set_resizable (go_to->window, FALSE);
  gtk_window_set_destroy_with_parent (go_to->window, TRUE);
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (go_to->window, GTK_WINDOW (root));
  g_object_set_data_full (G_OBJECT (go_to->window), "tsr-go-to", go_to, go_to_free);

  go_to->kind = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (names), NULL)); /* takes NAMES */
  gtk_widget_set_tooltip_text (GTK_WIDGET (go_to->kind), _("The kind of element to go to"));
  go_to->index = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, G_MAXINT16, 1));
  gtk_widget_set_tooltip_text (GTK_WIDGET (go_to->index), _("The element's index on this level"));
  gtk_spin_button_set_numeric (go_to->index, TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (kind_label), GTK_WIDGET (go_to->kind));
  gtk_label_set_mnemonic_widget (GTK_LABEL (index_label), GTK_WIDGET (go_to->index));
  gtk_widget_set_halign (kind_label, GTK_ALIGN_END);
  gtk_widget_set_halign (index_label, GTK_ALIGN_END);
  go_to->message = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (go_to->message), "error");
  gtk_widget_set_visible (GTK_WIDGET (go_to->message), FALSE);
  gtk_widget_add_css_class (go_button, "suggested-action");
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (buttons), cancel);
  gtk_box_append (GTK_BOX (buttons), go_button);

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_top (grid, 12);
  gtk_widget_set_margin_bottom (grid, 12);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  gtk_grid_attach (GTK_GRID (grid), kind_label, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (go_to->kind), 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), index_label, 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (go_to->index), 1, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (go_to->message), 0, 2, 2, 1);
  gtk_grid_attach (GTK_GRID (grid), buttons, 0, 3, 2, 1);
  gtk_window_set_child (go_to->window, grid);

  g_signal_connect (go_button, "clicked", G_CALLBACK (on_go_clicked), go_to);
  {
    GtkEventController *enter = gtk_shortcut_controller_new ();

    gtk_event_controller_set_propagation_phase (enter, GTK_PHASE_CAPTURE);
    for (guint k = 0; k < 2; k++)
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (enter),
                                            gtk_shortcut_new (gtk_keyval_trigger_new (k == 0 ? GDK_KEY_Return : GDK_KEY_KP_Enter, 0),
                                                              gtk_callback_action_new (on_index_return, go_to, NULL)));
    gtk_widget_add_controller (GTK_WIDGET (go_to->index), enter);
  }
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), go_to->window);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (GTK_WIDGET (go_to->window), keys);

  gtk_window_present (go_to->window);
  gtk_widget_grab_focus (GTK_WIDGET (go_to->index));
  return go_to->window;
}
