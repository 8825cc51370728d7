/* tsr-marathon-placement-dialog.c: the Placement dialog. It keeps no copy of the records: every
 * cell shows the level's plac record, each edit (Return in a field, leaving it, a click on the
 * check box) is one tsr_marathon_placement_edit_new command, and the cells follow the undo stack,
 * so Ctrl+Z in the dialog, the window's Undo and the history all agree. A field left with the
 * text it showed changes nothing (a chance shown rounded is not rewritten). */
#include "config.h"

#include "views/marathon/tsr-marathon-placement-dialog.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-names.h"
#include "formats/marathon/tsr-marathon-palette.h"
#include "model/marathon/tsr-marathon-placement-edit.h"

#define N_NUMBERS 5 /* the fields shown as text: the four counts and the chance */

typedef struct {
  TsrMarathonDocument *document;
  TsrMarathonLevelMap *map;      /* the level shown */
  GtkWindow           *window;
  GtkScrolledWindow   *scrolled;
  GtkLabel            *level_label;
  GtkLabel            *message;
  GtkWidget           *entries[TSR_MARATHON_N_PLACEMENTS][N_NUMBERS]; /* NULL: no row */
  GtkWidget           *checks[TSR_MARATHON_N_PLACEMENTS];
  GtkLabel            *placed[TSR_MARATHON_N_PLACEMENTS];
  gboolean             syncing;
} PlacementDialog;

static const char *const column_titles[] = {
  NULL /* the section's name */, N_("Initial"), N_("Minimum"), N_("Maximum"), N_("Random"), N_("Chance"),
  N_("Random location"), N_("On map"),
};

static const char *const column_tooltips[] = {
  NULL,
  N_("How many the level starts with, at the map's objects of this type (then at random points when Random location is on)"),
  N_("The engine keeps at least this many (monsters only when they replenish)"),
  N_("Random ones are added only while fewer than this many are there"),
  N_("How many random ones may come in all; -1: no limit"),
  N_("The chance of a random one at each try, every 15 seconds, in percent"),
  N_("New ones come at random points out of sight, not at the map's objects of this type"),
  N_("How many of this type the map places"),
};

static GArray *
records_of (PlacementDialog *dialog)
{
  GArray *placements = dialog->map != NULL
                         ? tsr_marathon_level_map_get_records (dialog->map, TSR_MARATHON_RECORD_PLACEMENT) : NULL;

  return placements != NULL && placements->len == TSR_MARATHON_N_PLACEMENTS ? placements : NULL;
}

static char *
field_text (const TsrMarathonPlacement *record,
            guint                       field)
{
  if (field == TSR_MARATHON_PLACEMENT_RANDOM_CHANCE)
    return tsr_marathon_placement_chance_text (record->random_chance);
  return g_strdup_printf ("%d", tsr_marathon_placement_get_field (record, field));
}

/* Every cell from the level's records and objects; a cell already showing its value keeps its
 * text (and the cursor in it). */
static void
refresh (PlacementDialog *dialog)
{
  GArray *placements = records_of (dialog);
  guint placed[TSR_MARATHON_N_PLACEMENTS] = { 0 };

  if (dialog->map != NULL)
    tsr_marathon_count_placed (tsr_marathon_level_map_get_records (dialog->map, TSR_MARATHON_RECORD_OBJECT), placed);
  dialog->syncing = TRUE;
  for (guint k = 0; k < TSR_MARATHON_N_PLACEMENTS; k++)
    {
      g_autofree char *count = NULL;

      if (dialog->placed[k] == NULL)
        continue;
      for (guint f = 0; f < N_NUMBERS && placements != NULL; f++)
        {
          g_autofree char *text = field_text (&g_array_index (placements, TsrMarathonPlacement, k), f);

          if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (dialog->entries[k][f])), text) != 0)
            gtk_editable_set_text (GTK_EDITABLE (dialog->entries[k][f]), text);
        }
      if (placements != NULL)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (dialog->checks[k]),
                                     tsr_marathon_placement_get_field (&g_array_index (placements, TsrMarathonPlacement, k),
                                                                       TSR_MARATHON_PLACEMENT_RANDOM_LOCATION));
      count = g_strdup_printf ("%u", placed[k]);
      gtk_label_set_text (dialog->placed[k], count);
      if (placed[k] == 0)
        gtk_widget_add_css_class (GTK_WIDGET (dialog->placed[k]), "dim-label");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (dialog->placed[k]), "dim-label");
    }
  dialog->syncing = FALSE;
}

static void
say (PlacementDialog *dialog,
     const char      *text)
{
  gtk_label_set_text (dialog->message, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (dialog->message), text != NULL);
}

/* The field ENTRY shows, committed: its text parsed and, if it says another value, one command. */
static void
commit_entry (PlacementDialog *dialog,
              GtkWidget       *entry)
{
  guint k = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "tsr-placement"));
  guint field = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "tsr-placement-field"));
  GArray *placements = records_of (dialog);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autofree char *shown = NULL;
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  gint value, low, high;

  if (dialog->syncing || placements == NULL)
    return;
  shown = field_text (&g_array_index (placements, TsrMarathonPlacement, k), field);
  if (g_str_equal (trimmed, shown))
    return;
  tsr_marathon_placement_field_range (field, &low, &high);
  if (field == TSR_MARATHON_PLACEMENT_RANDOM_CHANCE)
    {
      guint16 chance;

      if (!tsr_marathon_placement_parse_chance (trimmed, &chance))
        {
          say (dialog, _("The chance is a percent from 0 to 100."));
          refresh (dialog);
          return;
        }
      value = chance;
    }
  else
    {
      char *end = NULL;
      gint64 parsed = g_ascii_strtoll (trimmed, &end, 10);

      if (*trimmed == '\0' || end == NULL || *end != '\0' || parsed < low || parsed > high)
        {
          g_autofree char *why = g_strdup_printf (_("A count is a whole number from %d to %d."), low, high);

          say (dialog, why);
          refresh (dialog);
          return;
        }
      value = (gint) parsed;
    }
  say (dialog, NULL);
  tsr_document_execute_take (TSR_DOCUMENT (dialog->document),
                             tsr_marathon_placement_edit_new (dialog->map, k, field, value));
  refresh (dialog);
}

static void
on_entry_activate (GtkEntry        *entry,
                   PlacementDialog *dialog)
{
  commit_entry (dialog, GTK_WIDGET (entry));
}

static void
on_entry_leave (GtkEventControllerFocus *controller,
                PlacementDialog         *dialog)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  /* Closing the dialog takes the focus too, after the document may be gone. */
  if (dialog->map != NULL && gtk_widget_get_mapped (entry))
    commit_entry (dialog, entry);
}

static void
on_check_toggled (GtkCheckButton  *check,
                  PlacementDialog *dialog)
{
  guint k = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "tsr-placement"));

  if (dialog->syncing || records_of (dialog) == NULL)
    return;
  tsr_document_execute_take (TSR_DOCUMENT (dialog->document),
                             tsr_marathon_placement_edit_new (dialog->map, k, TSR_MARATHON_PLACEMENT_RANDOM_LOCATION,
                                                              gtk_check_button_get_active (check)));
  refresh (dialog);
}

static GtkWidget *
header_label (const char *text,
              gboolean    section)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), section ? 0.0f : 0.5f);
  gtk_widget_add_css_class (label, section ? "heading" : "caption-heading");
  if (section)
    gtk_widget_set_margin_top (label, 8);
  return label;
}

static gboolean
record_is_zero (GArray *placements,
                guint   k)
{
  static const TsrMarathonPlacement zero = { 0 };

  return placements == NULL || memcmp (&g_array_index (placements, TsrMarathonPlacement, k), &zero, sizeof zero) == 0;
}

/* One row per named type of each kind, and any other record that holds something. */
static void
build_rows (PlacementDialog *dialog)
{
  GtkWidget *grid = gtk_grid_new ();
  GArray *placements = records_of (dialog);
  gint row = 0;

  memset (dialog->entries, 0, sizeof dialog->entries);
  memset (dialog->checks, 0, sizeof dialog->checks);
  memset (dialog->placed, 0, sizeof dialog->placed);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  for (guint kind = 0; kind < 2; kind++)
    {
      gboolean monsters = kind == 1;

      /* Each section's first row holds the column titles, so they are there where it starts. */
      gtk_grid_attach (GTK_GRID (grid), header_label (monsters ? _("Monsters") : _("Items"), TRUE), 0, row, 1, 1);
      for (guint c = 1; c < G_N_ELEMENTS (column_titles); c++)
        {
          GtkWidget *title = header_label (_(column_titles[c]), FALSE);

          gtk_widget_set_valign (title, GTK_ALIGN_END);
          if (column_tooltips[c] != NULL)
            gtk_widget_set_tooltip_text (title, _(column_tooltips[c]));
          gtk_grid_attach (GTK_GRID (grid), title, (int) c, row, 1, 1);
        }
      row++;
      for (guint type = 0; type < TSR_MARATHON_PLACEMENT_TYPES; type++)
        {
          guint k = (monsters ? TSR_MARATHON_PLACEMENT_TYPES : 0) + type;
          const char *name = monsters ? tsr_marathon_monster_name ((gint) type) : tsr_marathon_item_name ((gint) type);
          g_autofree char *fallback = NULL;
          GtkWidget *label;
          /* load_placement_data clears monster 0's record (the player's own kind): never read. */
          gboolean read = !(monsters && type == 0);

          if (name == NULL && record_is_zero (placements, k))
            continue;
          fallback = g_strdup_printf ("%u", type);
          {
            g_autofree char *text = g_strdup_printf ("%u  %s", type, name != NULL ? _(name) : "");

            label = gtk_label_new (name != NULL ? text : fallback);
          }
          gtk_label_set_xalign (GTK_LABEL (label), 0);
          if (!read)
            gtk_widget_set_tooltip_text (label, _("The engine clears this record when it loads the level"));
          gtk_grid_attach (GTK_GRID (grid), label, 0, row, 1, 1);
          for (guint f = 0; f < N_NUMBERS; f++)
            {
              GtkWidget *entry = gtk_entry_new ();
              GtkEventController *focus = gtk_event_controller_focus_new ();
              g_autofree char *accessible = g_strdup_printf ("%s: %s", label != NULL ? gtk_label_get_text (GTK_LABEL (label)) : "",
                                                             tsr_marathon_placement_field_label (f));

              gtk_editable_set_width_chars (GTK_EDITABLE (entry), 6);
              gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 7);
              gtk_entry_set_alignment (GTK_ENTRY (entry), 1.0f);
              gtk_entry_set_input_purpose (GTK_ENTRY (entry), f == TSR_MARATHON_PLACEMENT_RANDOM_CHANCE
                                                                ? GTK_INPUT_PURPOSE_NUMBER : GTK_INPUT_PURPOSE_DIGITS);
              gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
              gtk_widget_set_sensitive (entry, read && placements != NULL);
              g_object_set_data (G_OBJECT (entry), "tsr-placement", GUINT_TO_POINTER (k));
              g_object_set_data (G_OBJECT (entry), "tsr-placement-field", GUINT_TO_POINTER (f));
              g_signal_connect (entry, "activate", G_CALLBACK (on_entry_activate), dialog);
              g_signal_connect (focus, "leave", G_CALLBACK (on_entry_leave), dialog);
              gtk_widget_add_controller (entry, focus);
              gtk_grid_attach (GTK_GRID (grid), entry, (int) f + 1, row, 1, 1);
              dialog->entries[k][f] = entry;
            }
          dialog->checks[k] = gtk_check_button_new ();
          gtk_widget_set_halign (dialog->checks[k], GTK_ALIGN_CENTER);
          gtk_widget_set_sensitive (dialog->checks[k], read && placements != NULL);
          g_object_set_data (G_OBJECT (dialog->checks[k]), "tsr-placement", GUINT_TO_POINTER (k));
          g_signal_connect (dialog->checks[k], "toggled", G_CALLBACK (on_check_toggled), dialog);
          gtk_grid_attach (GTK_GRID (grid), dialog->checks[k], N_NUMBERS + 1, row, 1, 1);
          dialog->placed[k] = GTK_LABEL (gtk_label_new (NULL));
          gtk_label_set_xalign (dialog->placed[k], 1);
          gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (dialog->placed[k]), N_NUMBERS + 2, row, 1, 1);
          row++;
        }
    }
  gtk_scrolled_window_set_child (dialog->scrolled, grid);
}

static void
on_stack_changed (PlacementDialog *dialog)
{
  refresh (dialog);
}

static void
on_current_level (PlacementDialog *dialog)
{
  TsrMarathonLevelMap *map = tsr_marathon_document_get_current_level_map (dialog->document);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  g_set_object (&dialog->map, map);
  name = map != NULL ? tsr_marathon_level_name (tsr_marathon_level_map_get_level (map)) : g_strdup ("");
  /* Translators: the Placement dialog's first line: the level it shows. */
  text = g_strdup_printf (_("Level: %s"), name);
  gtk_label_set_text (dialog->level_label, text);
  build_rows (dialog);
  say (dialog, map != NULL && records_of (dialog) == NULL
                 ? _("This level has no placement records (plac) to edit.") : NULL);
  refresh (dialog);
}

static gboolean
on_undo (GtkWidget *widget,
         GVariant  *arguments,
         gpointer   user_data)
{
  PlacementDialog *dialog = user_data;

  tsr_document_undo (TSR_DOCUMENT (dialog->document));
  return TRUE;
}

static gboolean
on_redo (GtkWidget *widget,
         GVariant  *arguments,
         gpointer   user_data)
{
  PlacementDialog *dialog = user_data;

  tsr_document_redo (TSR_DOCUMENT (dialog->document));
  return TRUE;
}

static void
dialog_free (gpointer data)
{
  PlacementDialog *dialog = data;

  g_clear_object (&dialog->map);
  g_clear_object (&dialog->document);
  g_free (dialog);
}

static void
on_destroy (GtkWindow       *window,
            PlacementDialog *dialog)
{
  /* The cells go with the window: nothing may refresh them after this. */
  g_signal_handlers_disconnect_by_data (dialog->document, dialog);
  g_signal_handlers_disconnect_by_data (tsr_document_get_undo_stack (TSR_DOCUMENT (dialog->document)), dialog);
  g_object_set_data (G_OBJECT (dialog->document), "tsr-placement-dialog", NULL);
  g_clear_object (&dialog->map);
}

static void
add_shortcut (GtkEventController     *keys,
              guint                   keyval,
              GdkModifierType         modifiers,
              GtkShortcutFunc         callback,
              PlacementDialog        *dialog)
{
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (keyval, modifiers),
                                                          gtk_callback_action_new (callback, dialog, NULL)));
}

GtkWindow *
tsr_marathon_placement_dialog_show (GtkWidget           *parent,
                                    TsrMarathonDocument *document)
{
  PlacementDialog *dialog;
  GtkRoot *root;
  GtkWidget *box, *buttons, *close;
  GtkEventController *keys;
  GtkWindow *open;

  g_return_val_if_fail (GTK_IS_WIDGET (parent), NULL);
  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (document), NULL);
  open = g_object_get_data (G_OBJECT (document), "tsr-placement-dialog");
  if (open != NULL)
    {
      gtk_window_present (open);
      return open;
    }
  root = gtk_widget_get_root (parent);
  dialog = g_new0 (PlacementDialog, 1);
  dialog->document = g_object_ref (document);
  dialog->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (dialog->window, _("Placement"));
  gtk_window_set_default_size (dialog->window, 760, 640);
  gtk_window_set_destroy_with_parent (dialog->window, TRUE);
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (dialog->window, GTK_WINDOW (root));
  g_object_set_data_full (G_OBJECT (dialog->window), "tsr-placement-dialog", dialog, dialog_free);
  /* One dialog a document: the entry goes when the window does. */
  g_object_set_data (G_OBJECT (document), "tsr-placement-dialog", dialog->window);
  g_signal_connect (dialog->window, "destroy", G_CALLBACK (on_destroy), dialog);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  dialog->level_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (dialog->level_label, 0);
  gtk_widget_set_margin_start (GTK_WIDGET (dialog->level_label), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (dialog->level_label), 12);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (dialog->level_label));
  dialog->scrolled = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (dialog->scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (GTK_WIDGET (dialog->scrolled), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (dialog->scrolled));
  dialog->message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (dialog->message, 0);
  gtk_label_set_wrap (dialog->message, TRUE);
  gtk_widget_set_margin_start (GTK_WIDGET (dialog->message), 12);
  gtk_widget_add_css_class (GTK_WIDGET (dialog->message), "error");
  gtk_widget_set_visible (GTK_WIDGET (dialog->message), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (dialog->message));
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_end (buttons, 12);
  gtk_widget_set_margin_bottom (buttons, 12);
  close = gtk_button_new_with_mnemonic (_("_Close"));
  g_signal_connect_swapped (close, "clicked", G_CALLBACK (gtk_window_destroy), dialog->window);
  gtk_box_append (GTK_BOX (buttons), close);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_window_set_child (dialog->window, box);

  /* The document's undo and redo here too, before an entry's own text undo. */
  keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  add_shortcut (keys, GDK_KEY_z, GDK_CONTROL_MASK, on_undo, dialog);
  add_shortcut (keys, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, on_redo, dialog);
  add_shortcut (keys, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, on_redo, dialog);
  add_shortcut (keys, GDK_KEY_y, GDK_CONTROL_MASK, on_redo, dialog);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (GTK_WIDGET (dialog->window), keys);

  g_signal_connect_swapped (document, "notify::current-level-map", G_CALLBACK (on_current_level), dialog);
  g_signal_connect_swapped (tsr_document_get_undo_stack (TSR_DOCUMENT (document)), "changed",
                            G_CALLBACK (on_stack_changed), dialog);
  on_current_level (dialog);
  gtk_window_present (dialog->window);
  return dialog->window;
}
