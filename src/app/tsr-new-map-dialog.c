/* tsr-new-map-dialog.c: the New Sphere Map dialog. */
#include "config.h"

#include "app/tsr-new-map-dialog.h"

#include <glib/gi18n.h>

#include "model/sphere/tsr-sphere-document.h"

struct _TsrNewMapDialog {
  GtkWindow   parent_instance;
  GHashTable *fields;       /* name → GtkSpinButton */
  GFile      *tileset;      /* NULL: a new tileset */
  GtkLabel   *tileset_label;
  GtkLabel   *error_label;
};

G_DEFINE_FINAL_TYPE (TsrNewMapDialog, tsr_new_map_dialog, GTK_TYPE_WINDOW)

enum {
  CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static guint
spin_value (TsrNewMapDialog *self, const char *name)
{
  GtkSpinButton *spin = g_hash_table_lookup (self->fields, name);

  gtk_spin_button_update (spin);
  return (guint) gtk_spin_button_get_value_as_int (spin);
}

gboolean
tsr_new_map_dialog_create (TsrNewMapDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) tileset = NULL;
  g_autoptr(TsrDocument) document = NULL;

  g_return_val_if_fail (TSR_IS_NEW_MAP_DIALOG (self), FALSE);

  if (self->tileset != NULL)
    tileset = g_file_load_bytes (self->tileset, NULL, NULL, &error);
  if (error == NULL)
    document = tsr_sphere_document_new_map (spin_value (self, "width"), spin_value (self, "height"),
                                            spin_value (self, "tile-width"), spin_value (self, "tile-height"),
                                            tileset, &error);
  if (document == NULL)
    {
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return FALSE;
    }
  /* Closed first, so the window that shows the map is not under a modal dialog. */
  g_object_ref (self);
  gtk_window_destroy (GTK_WINDOW (self));
  g_signal_emit (self, signals[CREATED], 0, document);
  g_object_unref (self);
  return TRUE;
}

void
tsr_new_map_dialog_set_tileset (TsrNewMapDialog *self,
                                GFile           *file)
{
  g_autofree char *name = NULL;
  gboolean new_tileset = file == NULL;

  g_return_if_fail (TSR_IS_NEW_MAP_DIALOG (self));
  g_set_object (&self->tileset, file);
  name = file != NULL ? g_file_get_basename (file) : NULL;
  gtk_label_set_text (self->tileset_label, name != NULL ? name : _("New tileset of plain tiles"));
  /* A tileset file brings its own tile size. */
  gtk_widget_set_sensitive (g_hash_table_lookup (self->fields, "tile-width"), new_tileset);
  gtk_widget_set_sensitive (g_hash_table_lookup (self->fields, "tile-height"), new_tileset);
}

static void
on_tileset_chosen (GtkNativeDialog *chooser, int response, TsrNewMapDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      tsr_new_map_dialog_set_tileset (self, file);
    }
  g_object_unref (chooser);
}

static void
on_choose_tileset (GtkButton *button, TsrNewMapDialog *self)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (_("Choose a Tileset"), GTK_WINDOW (self),
                                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel"));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Sphere Tilesets"));
  gtk_file_filter_add_pattern (filter, "*.rts");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_tileset_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_new_tileset (GtkButton *button, TsrNewMapDialog *self)
{
  tsr_new_map_dialog_set_tileset (self, NULL);
}

static void
on_create (GtkButton *button, TsrNewMapDialog *self)
{
  tsr_new_map_dialog_create (self);
}

static void
on_cancel (GtkButton *button, TsrNewMapDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

/* Enter creates from any field; Escape cancels. */
static gboolean
on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                TsrNewMapDialog *self)
{
  if (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter)
    {
      tsr_new_map_dialog_create (self);
      return TRUE;
    }
  if (keyval == GDK_KEY_Escape)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return TRUE;
    }
  return FALSE;
}

static void
add_spin (TsrNewMapDialog *self, GtkGrid *grid, int row, const char *name, const char *label_text,
          double max, double value)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);
  GtkWidget *spin = gtk_spin_button_new_with_range (1, max, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), spin);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (spin, TRUE);
  gtk_widget_set_name (spin, name);
  g_hash_table_insert (self->fields, g_strdup (name), spin);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, spin, 1, row, 2, 1);
}

GtkWidget *
tsr_new_map_dialog_get_field (TsrNewMapDialog *self,
                              const char      *name)
{
  g_return_val_if_fail (TSR_IS_NEW_MAP_DIALOG (self), NULL);
  return g_hash_table_lookup (self->fields, name);
}

static void
tsr_new_map_dialog_dispose (GObject *object)
{
  TsrNewMapDialog *self = TSR_NEW_MAP_DIALOG (object);

  g_clear_object (&self->tileset);
  g_clear_pointer (&self->fields, g_hash_table_unref);
  G_OBJECT_CLASS (tsr_new_map_dialog_parent_class)->dispose (object);
}

static void
tsr_new_map_dialog_class_init (TsrNewMapDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_new_map_dialog_dispose;
  signals[CREATED] = g_signal_new ("created", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, TSR_TYPE_DOCUMENT);
}

static void
tsr_new_map_dialog_init (TsrNewMapDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *heading = gtk_label_new (_("Sphere Map"));
  GtkWidget *tileset_heading = gtk_label_new (_("Tileset"));
  GtkWidget *choose = gtk_button_new_with_mnemonic (_("_File…"));
  GtkWidget *blank = gtk_button_new_with_mnemonic (_("_New"));
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *create = gtk_button_new_with_mnemonic (_("C_reate"));
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_window_set_title (GTK_WINDOW (self), _("New Map"));
  gtk_window_set_resizable (GTK_WINDOW (self), FALSE);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (tileset_heading), 0);
  gtk_widget_add_css_class (tileset_heading, "heading");
  gtk_grid_attach (GTK_GRID (grid), heading, 0, 0, 3, 1);
  add_spin (self, GTK_GRID (grid), 1, "width", _("_Width (tiles)"), 4096, 32);
  add_spin (self, GTK_GRID (grid), 2, "height", _("_Height (tiles)"), 4096, 32);
  gtk_grid_attach (GTK_GRID (grid), tileset_heading, 0, 3, 3, 1);
  self->tileset_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->tileset_label, 0);
  gtk_label_set_ellipsize (self->tileset_label, PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->tileset_label), TRUE);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->tileset_label), 0, 4, 1, 1);
  gtk_widget_set_tooltip_text (choose, _("Use the tiles of a Sphere tileset (.rts); the map keeps a copy"));
  g_signal_connect (choose, "clicked", G_CALLBACK (on_choose_tileset), self);
  g_signal_connect (blank, "clicked", G_CALLBACK (on_new_tileset), self);
  gtk_grid_attach (GTK_GRID (grid), choose, 1, 4, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), blank, 2, 4, 1, 1);
  add_spin (self, GTK_GRID (grid), 5, "tile-width", _("Tile w_idth (pixels)"), 4096, 16);
  add_spin (self, GTK_GRID (grid), 6, "tile-height", _("Tile h_eight (pixels)"), 4096, 16);

  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_max_width_chars (self->error_label, 40);
  gtk_label_set_xalign (self->error_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);

  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_add_css_class (create, "suggested-action");
  g_signal_connect (cancel, "clicked", G_CALLBACK (on_cancel), self);
  g_signal_connect (create, "clicked", G_CALLBACK (on_create), self);
  gtk_box_append (GTK_BOX (buttons), cancel);
  gtk_box_append (GTK_BOX (buttons), create);

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_box_append (GTK_BOX (box), grid);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->error_label));
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_window_set_child (GTK_WINDOW (self), box);
  gtk_window_set_default_widget (GTK_WINDOW (self), create);

  /* Before the spin buttons, which take Enter for themselves. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  tsr_new_map_dialog_set_tileset (self, NULL);
}

GtkWidget *
tsr_new_map_dialog_new (GtkWindow *parent)
{
  GtkWidget *self = g_object_new (TSR_TYPE_NEW_MAP_DIALOG, NULL);

  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      gtk_window_set_modal (GTK_WINDOW (self), TRUE);
    }
  return self;
}
