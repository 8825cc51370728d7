/* tsr-new-map-dialog.c: the New dialog: a page per family (Sphere map, Marathon scenario,
 * Doom2D Forever map, and a level of the open Wolfenstein 3D set). */
#include "config.h"

#include "app/tsr-new-map-dialog.h"

#include <glib/gi18n.h>

#include "model/doom2d/tsr-doom2d-new-map.h"
#include "model/marathon/tsr-marathon-new-scenario.h"
#include "model/sphere/tsr-sphere-document.h"
#include "model/wolf3d/tsr-wolf3d-commands.h"

struct _TsrNewMapDialog {
  GtkWindow        parent_instance;
  GHashTable      *fields;       /* name → GtkSpinButton, GtkEntry or GtkDropDown */
  GFile           *tileset;      /* NULL: a new tileset */
  TsrWolfDocument *wolf;         /* the open set a level is added to, or NULL */
  GtkStack        *families;
  GtkLabel        *tileset_label;
  GtkLabel        *error_label;
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

static const char *
entry_text (TsrNewMapDialog *self, const char *name)
{
  return gtk_editable_get_text (GTK_EDITABLE (g_hash_table_lookup (self->fields, name)));
}

static TsrDocument *
create_sphere (TsrNewMapDialog *self, GError **error)
{
  g_autoptr(GBytes) tileset = NULL;

  if (self->tileset != NULL && (tileset = g_file_load_bytes (self->tileset, NULL, NULL, error)) == NULL)
    return NULL;
  return tsr_sphere_document_new_map (spin_value (self, "width"), spin_value (self, "height"),
                                      spin_value (self, "tile-width"), spin_value (self, "tile-height"),
                                      tileset, error);
}

/* The level goes after the current one and becomes current; the document is the open set. */
static TsrDocument *
create_wolf3d_level (TsrNewMapDialog *self, GError **error)
{
  guint index;

  if (self->wolf == NULL)
    return NULL;
  index = MIN (tsr_wolf_document_get_current_level (self->wolf) + 1, tsr_wolf_document_get_n_levels (self->wolf));
  if (!tsr_wolf_document_add_level (self->wolf, index, entry_text (self, "wolf3d-name"), error))
    return NULL;
  tsr_wolf_document_set_current_level (self->wolf, index);
  return g_object_ref (TSR_DOCUMENT (self->wolf));
}

gboolean
tsr_new_map_dialog_create (TsrNewMapDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = NULL;
  const char *family;

  g_return_val_if_fail (TSR_IS_NEW_MAP_DIALOG (self), FALSE);

  family = gtk_stack_get_visible_child_name (self->families);
  if (g_str_equal (family, "sphere"))
    document = create_sphere (self, &error);
  else if (g_str_equal (family, "marathon"))
    document = tsr_marathon_new_scenario (entry_text (self, "marathon-name"),
                                          (TsrMarathonEnvironment) gtk_drop_down_get_selected (
                                            g_hash_table_lookup (self->fields, "marathon-environment")),
                                          &error);
  else if (g_str_equal (family, "doom2d"))
    document = tsr_doom2d_new_map (entry_text (self, "doom2d-name"), spin_value (self, "doom2d-width"),
                                   spin_value (self, "doom2d-height"), &error);
  else
    document = create_wolf3d_level (self, &error);
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

/* A labelled editor in ROW of GRID, known by NAME. */
static GtkWidget *
add_field (TsrNewMapDialog *self, GtkGrid *grid, int row, const char *name, const char *label_text,
           GtkWidget *field)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), field);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (field, TRUE);
  gtk_widget_set_name (field, name);
  g_hash_table_insert (self->fields, g_strdup (name), field);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, field, 1, row, 2, 1);
  return field;
}

static void
add_spin (TsrNewMapDialog *self, GtkGrid *grid, int row, const char *name, const char *label_text,
          double max, double value)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (1, max, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  add_field (self, grid, row, name, label_text, spin);
}

static void
add_entry (TsrNewMapDialog *self, GtkGrid *grid, int row, const char *name, const char *label_text,
           const char *text)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  add_field (self, grid, row, name, label_text, entry);
}

/* A dimmed explanation across ROW of GRID. */
static void
add_hint (GtkGrid *grid, int row, GtkWidget *hint)
{
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (hint), 40);
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_grid_attach (grid, hint, 0, row, 3, 1);
}

static GtkGrid *
new_page_grid (void)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  return GTK_GRID (grid);
}

static void
on_family_changed (TsrNewMapDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
}

void
tsr_new_map_dialog_set_family (TsrNewMapDialog *self,
                               const char      *family)
{
  g_return_if_fail (TSR_IS_NEW_MAP_DIALOG (self));
  g_return_if_fail (gtk_stack_get_child_by_name (self->families, family) != NULL);
  gtk_stack_set_visible_child_name (self->families, family);
}

const char *
tsr_new_map_dialog_get_family (TsrNewMapDialog *self)
{
  g_return_val_if_fail (TSR_IS_NEW_MAP_DIALOG (self), NULL);
  return gtk_stack_get_visible_child_name (self->families);
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
  g_clear_object (&self->wolf);
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

static GtkWidget *
build_sphere_page (TsrNewMapDialog *self)
{
  GtkGrid *grid = new_page_grid ();
  GtkWidget *tileset_heading = gtk_label_new (_("Tileset"));
  GtkWidget *choose = gtk_button_new_with_mnemonic (_("_File…"));
  GtkWidget *blank = gtk_button_new_with_mnemonic (_("_New"));

  add_spin (self, grid, 0, "width", _("_Width (tiles)"), 4096, 32);
  add_spin (self, grid, 1, "height", _("_Height (tiles)"), 4096, 32);
  gtk_label_set_xalign (GTK_LABEL (tileset_heading), 0);
  gtk_widget_add_css_class (tileset_heading, "heading");
  gtk_grid_attach (grid, tileset_heading, 0, 2, 3, 1);
  self->tileset_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->tileset_label, 0);
  gtk_label_set_ellipsize (self->tileset_label, PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->tileset_label), TRUE);
  gtk_grid_attach (grid, GTK_WIDGET (self->tileset_label), 0, 3, 1, 1);
  gtk_widget_set_tooltip_text (choose, _("Use the tiles of a Sphere tileset (.rts); the map keeps a copy"));
  g_signal_connect (choose, "clicked", G_CALLBACK (on_choose_tileset), self);
  g_signal_connect (blank, "clicked", G_CALLBACK (on_new_tileset), self);
  gtk_grid_attach (grid, choose, 1, 3, 1, 1);
  gtk_grid_attach (grid, blank, 2, 3, 1, 1);
  add_spin (self, grid, 4, "tile-width", _("Tile w_idth (pixels)"), 4096, 16);
  add_spin (self, grid, 5, "tile-height", _("Tile h_eight (pixels)"), 4096, 16);
  return GTK_WIDGET (grid);
}

static GtkWidget *
build_marathon_page (TsrNewMapDialog *self)
{
  static const char *const environments[] = {
    N_("Water"), N_("Lava"), N_("Sewage"), N_("Jjaro"), N_("Pfhor"), NULL
  };
  GtkGrid *grid = new_page_grid ();
  GtkStringList *names = gtk_string_list_new (NULL);
  GtkWidget *hint = gtk_label_new (_("A Marathon 2 scenario of one level: a single room with the player’s start. Aleph One and Marathon Infinity read it too."));

  G_STATIC_ASSERT (G_N_ELEMENTS (environments) == TSR_MARATHON_N_ENVIRONMENTS + 1);
  for (guint i = 0; environments[i] != NULL; i++)
    gtk_string_list_append (names, _(environments[i]));
  add_entry (self, grid, 0, "marathon-name", _("_Level name"), _("Untitled Level"));
  add_field (self, grid, 1, "marathon-environment", _("_Environment"),
             gtk_drop_down_new (G_LIST_MODEL (names), NULL));
  add_hint (grid, 2, hint);
  return GTK_WIDGET (grid);
}

static GtkWidget *
build_doom2d_page (TsrNewMapDialog *self)
{
  GtkGrid *grid = new_page_grid ();

  add_entry (self, grid, 0, "doom2d-name", _("_Map name"), _("Untitled"));
  /* 1600 × 1600 pixels is a small Doom2D Forever map (50 × 50 of its 32-pixel cells). */
  add_spin (self, grid, 1, "doom2d-width", _("_Width (pixels)"), 32767, 1600);
  add_spin (self, grid, 2, "doom2d-height", _("_Height (pixels)"), 32767, 1600);
  return GTK_WIDGET (grid);
}

static GtkWidget *
build_wolf3d_page (TsrNewMapDialog *self)
{
  GtkGrid *grid = new_page_grid ();
  GtkWidget *hint = gtk_label_new (_("A walled room with the player’s start, inserted after the current level of the open set."));

  add_entry (self, grid, 0, "wolf3d-name", _("_Level name"), _("New level"));
  add_hint (grid, 1, hint);
  return GTK_WIDGET (grid);
}

static void
tsr_new_map_dialog_init (TsrNewMapDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *switcher = gtk_stack_switcher_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *create = gtk_button_new_with_mnemonic (_("C_reate"));
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_window_set_title (GTK_WINDOW (self), _("New"));
  gtk_window_set_resizable (GTK_WINDOW (self), FALSE);

  self->families = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_vhomogeneous (self->families, FALSE);
  gtk_stack_add_titled (self->families, build_sphere_page (self), "sphere", _("Sphere Map"));
  gtk_stack_add_titled (self->families, build_marathon_page (self), "marathon", _("Marathon Scenario"));
  gtk_stack_add_titled (self->families, build_doom2d_page (self), "doom2d", _("Doom2D Map"));
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), self->families);
  g_signal_connect_swapped (self->families, "notify::visible-child", G_CALLBACK (on_family_changed), self);

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
  gtk_box_append (GTK_BOX (box), switcher);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->families));
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
tsr_new_map_dialog_new (GtkWindow   *parent,
                        TsrDocument *open_document)
{
  TsrNewMapDialog *self = g_object_new (TSR_TYPE_NEW_MAP_DIALOG, NULL);

  /* A Wolfenstein 3D level cannot exist without its set's graphics: it is offered only into the
   * set the window shows. */
  if (TSR_IS_WOLF_DOCUMENT (open_document))
    {
      self->wolf = g_object_ref (TSR_WOLF_DOCUMENT (open_document));
      gtk_stack_add_titled (self->families, build_wolf3d_page (self), "wolf3d", _("Wolf3D Level"));
    }

  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      gtk_window_set_modal (GTK_WINDOW (self), TRUE);
    }
  return GTK_WIDGET (self);
}
