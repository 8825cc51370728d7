/* tsr-wolf3d-panels.c: levels page, object palette and level inspector for Wolf3D data sets. The
 * canvas always shows the current level's TsrWolfLevelMap, so tile commands stay bound to the
 * level they were made on whichever level is current when they are undone. */
#include "config.h"

#include "views/wolf3d/tsr-wolf3d-panels.h"

#include <glib/gi18n.h>

#include "views/tsr-image-texture.h"
#include "views/tsr-map-canvas-renderer.h"
#include "views/visual/tsr-visual-camera-layer.h"
#include "views/visual/tsr-visual-view.h"

#include "model/wolf3d/tsr-wolf3d-commands.h"

#define OBJECT_DISPLAY_SIZE 48

struct _TsrWolf3dPanels {
  GObject          parent_instance;

  TsrMapEditor    *editor;   /* weak: the editor owns us */
  TsrWolfDocument *document;
  GtkListBox      *level_list;
  GtkLabel        *error_label;
  GtkEditable     *name_entry;
  GtkLabel        *size_label;
  TsrWolfLevelMap *shown_map;  /* the level whose name the inspector follows */
  TsrTileTools    *watched_tools; /* whose object choice (picker too) the palette shows */
  TsrVisualView   *visual_view; /* the editor's 3D view of the current level */
  TsrVisualCameraLayer *camera_layer; /* its camera on the 2D map */
  GtkEventController *pointer;   /* on the canvas: where the pointer is, for "camera here" */
  GtkEventController *camera_key; /* on the editor: C */
  gboolean         has_pointer;
  double           pointer_x, pointer_y; /* canvas pixels */
  GPtrArray       *object_flows;
  guint            n_object_items;
  gboolean         syncing;
};

G_DEFINE_FINAL_TYPE (TsrWolf3dPanels, tsr_wolf3d_panels, G_TYPE_OBJECT)

static void
show_error (TsrWolf3dPanels *self, GError *error)
{
  gtk_label_set_text (self->error_label, error != NULL ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error != NULL);
}

/* --- Levels --- */

static char *
level_label (TsrWolf3dPanels *self, TsrWolfLevelMap *map)
{
  gint index = tsr_wolf_document_get_level_index (self->document, map);

  if (tsr_wolf_level_map_is_empty_slot (map))
    /* Translators: a MAPHEAD slot without a level, "7  (empty slot)". */
    return g_strdup_printf (_("%d  (empty slot)"), index + 1);
  return g_strdup_printf ("%d  %s", index + 1, tsr_wolf_level_map_get_name (map));
}

static void
on_level_name_changed (TsrWolfLevelMap *map, GParamSpec *pspec, GtkLabel *label)
{
  TsrWolf3dPanels *self = g_object_get_data (G_OBJECT (label), "tsr-panels");
  g_autofree char *text = level_label (self, map);

  gtk_label_set_text (label, text);
}

static GtkWidget *
create_level_row (gpointer item, gpointer data)
{
  TsrWolf3dPanels *self = data;
  TsrWolfLevelMap *map = item;
  g_autofree char *text = level_label (self, map);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  g_object_set_data (G_OBJECT (label), "tsr-panels", self);
  g_object_set_data (G_OBJECT (row), "tsr-level-label", label);
  g_signal_connect_object (map, "notify::name", G_CALLBACK (on_level_name_changed), label, 0);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  /* An empty MAPHEAD slot cannot be shown or edited. */
  gtk_widget_set_sensitive (row, !tsr_wolf_level_map_is_empty_slot (map));
  return row;
}

/* A row shows its level's position, and GtkListBox only creates rows for the inserted items: after
 * an insert, a removal or a move every row's number is set again. */
static void
on_levels_changed (GListModel *levels, guint position, guint removed, guint added, TsrWolf3dPanels *self)
{
  guint n = g_list_model_get_n_items (levels);

  for (guint i = position; i < n; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->level_list, (int) i);
      g_autoptr(TsrWolfLevelMap) map = g_list_model_get_item (levels, i);
      GtkLabel *label = row != NULL ? g_object_get_data (G_OBJECT (row), "tsr-level-label") : NULL;

      if (label != NULL && map != NULL)
        {
          g_autofree char *text = level_label (self, map);

          gtk_label_set_text (label, text);
        }
    }
}

static void
update_level_inspector (TsrWolf3dPanels *self)
{
  TsrWolfLevelMap *map = tsr_wolf_document_get_current_level_map (self->document);
  const TsrWolf3dLevel *level = map != NULL ? tsr_wolf_level_map_get_level (map) : NULL;
  g_autofree char *size = NULL;

  self->syncing = TRUE;
  gtk_editable_set_text (self->name_entry, map != NULL ? tsr_wolf_level_map_get_name (map) : "");
  self->syncing = FALSE;
  if (level != NULL)
    /* Translators: a level's size in tiles, "64 × 64 tiles". */
    size = g_strdup_printf (_("%u × %u tiles"), level->width, level->height);
  gtk_label_set_text (self->size_label, size != NULL ? size : "");
}

static void
select_current_row (TsrWolf3dPanels *self)
{
  guint current = tsr_wolf_document_get_current_level (self->document);

  self->syncing = TRUE;
  gtk_list_box_select_row (self->level_list, gtk_list_box_get_row_at_index (self->level_list, (int) current));
  self->syncing = FALSE;
}

/* The object palette shows the tools' tile while they paint objects (a pick included). */
static void
sync_object_palette (TsrWolf3dPanels *self)
{
  guint32 tile;

  if (self->watched_tools == NULL || tsr_tile_tools_get_layer (self->watched_tools) != TSR_WOLF_LAYER_OBJECTS)
    return;
  tile = tsr_tile_tools_get_tile (self->watched_tools);
  for (guint i = 0; i < self->object_flows->len; i++)
    {
      GtkFlowBox *flow = g_ptr_array_index (self->object_flows, i);

      gtk_flow_box_unselect_all (flow);
      for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (flow)); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (GTK_IS_FLOW_BOX_CHILD (child) && GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "tsr-tile")) == tile)
          gtk_flow_box_select_child (flow, GTK_FLOW_BOX_CHILD (child));
    }
}

/* A flood fill of objects above this many cells asks first: one click could otherwise put an
 * object on every floor cell of a level. */
#define OBJECT_FILL_LIMIT 64

static void
on_fill_response (GtkDialog    *dialog,
                  int           response,
                  TsrTileTools *tools)
{
  tsr_tile_tools_finish_fill (tools, response == GTK_RESPONSE_ACCEPT);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static gboolean
on_confirm_fill (TsrTileTools    *tools,
                 guint            cells,
                 TsrWolf3dPanels *self)
{
  GtkRoot *root = self->editor != NULL ? gtk_widget_get_root (GTK_WIDGET (self->editor)) : NULL;
  g_autofree char *name = tsr_tile_map_get_tile_name (tsr_tile_tools_get_map (tools), tsr_tile_tools_get_layer (tools),
                                                      tsr_tile_tools_get_tile (tools));
  GtkWidget *dialog;
  GtkWidget *button;

  dialog = gtk_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   ngettext ("Put “%2$s” on %1$u cell?", "Put “%2$s” on %1$u cells?", cells),
                                   cells, name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("The fill reaches every connected cell of the objects layer: each gets its own object."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Fill"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_fill_response), g_object_ref (tools),
                         (GClosureNotify) (void (*) (void)) g_object_unref, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static void
watch_tools (TsrWolf3dPanels *self)
{
  TsrTileTools *current = self->editor != NULL ? tsr_map_editor_get_tools (self->editor) : NULL;

  if (self->watched_tools == current)
    return;
  if (self->watched_tools != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->watched_tools, sync_object_palette, self);
      g_signal_handlers_disconnect_by_func (self->watched_tools, on_confirm_fill, self);
    }
  g_set_object (&self->watched_tools, current);
  if (current != NULL)
    {
      g_signal_connect_swapped (current, "notify::tile", G_CALLBACK (sync_object_palette), self);
      g_signal_connect_swapped (current, "notify::layer", G_CALLBACK (sync_object_palette), self);
      g_signal_connect (current, "confirm-fill", G_CALLBACK (on_confirm_fill), self);
      tsr_tile_tools_set_fill_limit (current, TSR_WOLF_LAYER_OBJECTS, OBJECT_FILL_LIMIT);
    }
  sync_object_palette (self);
}

static void
on_current_level_map (TsrWolf3dPanels *self)
{
  TsrWolfLevelMap *map = tsr_wolf_document_get_current_level_map (self->document);

  if (self->editor == NULL)
    return;
  if (self->shown_map != NULL)
    g_signal_handlers_disconnect_by_func (self->shown_map, update_level_inspector, self);
  g_set_object (&self->shown_map, map);
  if (map != NULL)
    g_signal_connect_swapped (map, "notify::name", G_CALLBACK (update_level_inspector), self);
  tsr_map_editor_set_map (self->editor, map != NULL ? TSR_TILE_MAP (map) : NULL);
  watch_tools (self);
  /* The 3D view shows the level the canvas shows and edits through the same tools. */
  tsr_visual_view_set_wolf3d (self->visual_view, map, tsr_map_editor_get_tools (self->editor));
  update_level_inspector (self);
  select_current_row (self);
}

static void
on_level_row_selected (GtkListBox *list, GtkListBoxRow *row, TsrWolf3dPanels *self)
{
  if (self->syncing || row == NULL)
    return;
  tsr_wolf_document_set_current_level (self->document, (guint) gtk_list_box_row_get_index (row));
}

gboolean
tsr_wolf3d_panels_add_level (TsrWolf3dPanels *self)
{
  g_autoptr(GError) error = NULL;
  guint index = tsr_wolf_document_get_current_level (self->document) + 1;
  gboolean done;

  index = MIN (index, tsr_wolf_document_get_n_levels (self->document));
  done = tsr_wolf_document_add_level (self->document, index, _("New level"), &error);
  show_error (self, error);
  if (done)
    tsr_wolf_document_set_current_level (self->document, index);
  return done;
}

gboolean
tsr_wolf3d_panels_duplicate_level (TsrWolf3dPanels *self)
{
  g_autoptr(GError) error = NULL;
  guint index = tsr_wolf_document_get_current_level (self->document);
  gboolean done = tsr_wolf_document_duplicate_level (self->document, index, &error);

  show_error (self, error);
  if (done)
    tsr_wolf_document_set_current_level (self->document, index + 1);
  return done;
}

gboolean
tsr_wolf3d_panels_delete_level (TsrWolf3dPanels *self)
{
  g_autoptr(GError) error = NULL;
  gboolean done = tsr_wolf_document_delete_level (self->document, tsr_wolf_document_get_current_level (self->document), &error);

  show_error (self, error);
  return done;
}

gboolean
tsr_wolf3d_panels_move_level (TsrWolf3dPanels *self,
                              gint             delta)
{
  g_autoptr(GError) error = NULL;
  guint from = tsr_wolf_document_get_current_level (self->document);
  gint to = (gint) from + delta;
  gboolean done;

  if (to < 0 || to >= (gint) tsr_wolf_document_get_n_levels (self->document))
    {
      gtk_widget_error_bell (GTK_WIDGET (self->level_list));
      return FALSE;
    }
  done = tsr_wolf_document_move_level_to (self->document, from, (guint) to, &error);
  show_error (self, error);
  /* The document keeps the moved level current; the list was rebuilt. */
  select_current_row (self);
  return done;
}

gboolean
tsr_wolf3d_panels_rename_level (TsrWolf3dPanels *self,
                                const char      *name)
{
  g_autoptr(GError) error = NULL;
  gboolean done = tsr_wolf_document_rename_level (self->document, tsr_wolf_document_get_current_level (self->document),
                                                  name, &error);

  show_error (self, error);
  if (!done)
    update_level_inspector (self);
  return done;
}

static void
on_name_activate (GtkEditable *entry, TsrWolf3dPanels *self)
{
  if (!self->syncing)
    tsr_wolf3d_panels_rename_level (self, gtk_editable_get_text (entry));
}

static void
on_level_button (GtkButton *button, TsrWolf3dPanels *self)
{
  const char *what = g_object_get_data (G_OBJECT (button), "tsr-what");

  if (g_str_equal (what, "add"))
    tsr_wolf3d_panels_add_level (self);
  else if (g_str_equal (what, "duplicate"))
    tsr_wolf3d_panels_duplicate_level (self);
  else if (g_str_equal (what, "delete"))
    tsr_wolf3d_panels_delete_level (self);
  else if (g_str_equal (what, "up"))
    tsr_wolf3d_panels_move_level (self, -1);
  else if (g_str_equal (what, "down"))
    tsr_wolf3d_panels_move_level (self, 1);
}

static GtkWidget *
level_button (TsrWolf3dPanels *self, const char *icon, const char *tooltip, const char *what)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  g_object_set_data (G_OBJECT (button), "tsr-what", (gpointer) what);
  g_signal_connect (button, "clicked", G_CALLBACK (on_level_button), self);
  return button;
}

static GtkWidget *
build_levels_page (TsrWolf3dPanels *self)
{
  GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *error = gtk_label_new (NULL);

  self->level_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->level_list), "boxed-list");
  gtk_list_box_bind_model (self->level_list, tsr_wolf_document_get_levels (self->document),
                           create_level_row, self, NULL);
  /* Connected after the list box's own handler, so the new rows exist when they are numbered. */
  g_signal_connect_object (tsr_wolf_document_get_levels (self->document), "items-changed",
                           G_CALLBACK (on_levels_changed), self, G_CONNECT_AFTER);
  g_signal_connect (self->level_list, "row-selected", G_CALLBACK (on_level_row_selected), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->level_list));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);

  gtk_widget_add_css_class (buttons, "linked");
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (buttons), level_button (self, "list-add-symbolic", _("Add an empty level after this one"), "add"));
  gtk_box_append (GTK_BOX (buttons), level_button (self, "edit-copy-symbolic", _("Duplicate the level"), "duplicate"));
  gtk_box_append (GTK_BOX (buttons), level_button (self, "go-up-symbolic", _("Move the level up"), "up"));
  gtk_box_append (GTK_BOX (buttons), level_button (self, "go-down-symbolic", _("Move the level down"), "down"));
  gtk_box_append (GTK_BOX (buttons), level_button (self, "edit-delete-symbolic", _("Delete the level"), "delete"));

  self->error_label = GTK_LABEL (error);
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_xalign (self->error_label, 0);
  gtk_label_set_max_width_chars (self->error_label, 30);
  gtk_widget_add_css_class (error, "tsr-finding-error");
  gtk_widget_set_visible (error, FALSE);

  gtk_widget_set_margin_start (page, 6);
  gtk_widget_set_margin_end (page, 6);
  gtk_widget_set_margin_bottom (page, 6);
  gtk_box_append (GTK_BOX (page), scrolled);
  gtk_box_append (GTK_BOX (page), buttons);
  gtk_box_append (GTK_BOX (page), error);
  return page;
}

static GtkWidget *
build_level_inspector (TsrWolf3dPanels *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = gtk_label_new (_("Level"));
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *name_label = gtk_label_new_with_mnemonic (_("_Name"));
  GtkWidget *size_caption = gtk_label_new (_("Size"));
  GtkWidget *entry = gtk_entry_new ();

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  gtk_label_set_xalign (GTK_LABEL (name_label), 0);
  gtk_label_set_xalign (GTK_LABEL (size_caption), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (name_label), entry);
  /* MAPHEAD names hold 16 bytes. */
  gtk_entry_set_max_length (GTK_ENTRY (entry), 16);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_widget_set_tooltip_text (entry, _("Press Enter to rename the level"));
  self->name_entry = GTK_EDITABLE (entry);
  g_signal_connect (entry, "activate", G_CALLBACK (on_name_activate), self);
  self->size_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->size_label, 0);
  gtk_grid_attach (GTK_GRID (grid), name_label, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), entry, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), size_caption, 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->size_label), 1, 1, 1, 1);
  gtk_box_append (GTK_BOX (box), heading);
  gtk_box_append (GTK_BOX (box), grid);
  return box;
}

/* --- Object palette --- */

void
tsr_wolf3d_panels_choose_object (TsrWolf3dPanels *self,
                                 guint32          code)
{
  TsrTileTools *tools = self->editor != NULL ? tsr_map_editor_get_tools (self->editor) : NULL;

  if (tools == NULL)
    return;
  /* Choosing an object means placing it, one at a time: the pencil (issue 36: with Fill still
   * active one click put 3,950 guards on a level). */
  tsr_tile_tools_set_layer (tools, TSR_WOLF_LAYER_OBJECTS);
  tsr_tile_tools_choose_from_palette (tools, code);
}

static void
on_object_activated (GtkFlowBox *flow, GtkFlowBoxChild *child, TsrWolf3dPanels *self)
{
  /* One choice across all categories. */
  for (guint i = 0; i < self->object_flows->len; i++)
    if (g_ptr_array_index (self->object_flows, i) != flow)
      gtk_flow_box_unselect_all (g_ptr_array_index (self->object_flows, i));
  tsr_wolf3d_panels_choose_object (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "tsr-tile")));
}

static GtkWidget *
build_objects_page (TsrWolf3dPanels *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_autoptr(GPtrArray) categories = tsr_wolf_document_list_object_categories (self->document);
  TsrTileMap *map = TSR_TILE_MAP (self->document);

  for (guint i = 0; i < categories->len; i++)
    {
      const TsrWolfObjectCategory *category = g_ptr_array_index (categories, i);
      GtkWidget *heading = gtk_label_new (category->name);
      GtkWidget *flow = gtk_flow_box_new ();

      gtk_label_set_xalign (GTK_LABEL (heading), 0);
      gtk_widget_add_css_class (heading, "heading");
      gtk_widget_set_margin_top (heading, i > 0 ? 6 : 0);
      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_SINGLE);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 20);
      gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
      g_signal_connect (flow, "child-activated", G_CALLBACK (on_object_activated), self);
      for (guint j = 0; j < category->values->len; j++)
        {
          guint32 code = g_array_index (category->values, guint32, j);
          const TsrImage *image = tsr_tile_map_get_tile_image (map, TSR_WOLF_LAYER_OBJECTS, code);
          g_autofree char *name = tsr_tile_map_get_tile_name (map, TSR_WOLF_LAYER_OBJECTS, code);
          g_autofree char *tooltip = g_strdup_printf ("%s (%u)", name, code);
          GtkWidget *item = gtk_flow_box_child_new ();
          GtkWidget *picture;

          if (image != NULL && image->width > 0)
            {
              g_autoptr(GdkTexture) texture = tsr_image_texture_new (image, 1);
              picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
            }
          else
            picture = gtk_label_new (name);
          gtk_widget_set_size_request (picture, OBJECT_DISPLAY_SIZE, OBJECT_DISPLAY_SIZE);
          gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (item), picture);
          gtk_widget_set_tooltip_text (item, tooltip);
          gtk_accessible_update_property (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
          g_object_set_data (G_OBJECT (item), "tsr-tile", GUINT_TO_POINTER (code));
          gtk_flow_box_append (GTK_FLOW_BOX (flow), item);
          self->n_object_items++;
        }
      g_ptr_array_add (self->object_flows, flow);
      gtk_box_append (GTK_BOX (box), heading);
      gtk_box_append (GTK_BOX (box), flow);
    }
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  return scrolled;
}

guint
tsr_wolf3d_panels_get_n_object_items (TsrWolf3dPanels *self)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_PANELS (self), 0);
  return self->n_object_items;
}

guint32
tsr_wolf3d_panels_get_chosen_object (TsrWolf3dPanels *self)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_PANELS (self), G_MAXUINT32);
  for (guint i = 0; i < self->object_flows->len; i++)
    {
      g_autoptr(GList) selected = gtk_flow_box_get_selected_children (g_ptr_array_index (self->object_flows, i));

      if (selected != NULL)
        return GPOINTER_TO_UINT (g_object_get_data (selected->data, "tsr-tile"));
    }
  return G_MAXUINT32;
}

GtkListBox *
tsr_wolf3d_panels_get_level_list (TsrWolf3dPanels *self)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_PANELS (self), NULL);
  return self->level_list;
}

/* --- Findings --- */

/* A finding on another level shows that level first; an unknown object is on the objects plane.
 * The default handler then selects the cell. */
static gboolean
on_locate_finding (TsrMapEditor *editor, const TsrFinding *finding, TsrTileRect *area, TsrWolf3dPanels *self)
{
  const TsrFindingPlace *place = &finding->place;
  TsrTileTools *tools;

  if (place->level >= 0 && (guint) place->level < tsr_wolf_document_get_n_levels (self->document))
    tsr_wolf_document_set_current_level (self->document, (guint) place->level);
  tools = tsr_map_editor_get_tools (editor);
  if (tsr_finding_place_is (place, "object") && tools != NULL && tsr_tile_map_get_n_layers (tsr_map_editor_get_map (editor)) > 1)
    tsr_tile_tools_set_layer (tools, 1);
  return FALSE;
}

/* --- The visual mode's camera on the 2D map --- */

static void
on_canvas_motion (GtkEventControllerMotion *controller,
                  double                    x,
                  double                    y,
                  TsrWolf3dPanels          *self)
{
  self->has_pointer = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
}

static void
on_canvas_leave (GtkEventControllerMotion *controller,
                 TsrWolf3dPanels          *self)
{
  self->has_pointer = FALSE;
}

/* C over the 2D map: the visual mode's camera stands where the pointer is (as on the Marathon
 * map). */
static gboolean
camera_here (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  TsrWolf3dPanels *self = user_data;
  TsrMapViewport viewport;
  double x, y;

  if (self->editor == NULL || !self->has_pointer || tsr_map_editor_get_visual_mode (self->editor)
      || tsr_visual_view_get_wolf3d_map (self->visual_view) == NULL)
    return FALSE;
  tsr_map_canvas_get_viewport (tsr_map_editor_get_canvas (self->editor), &viewport);
  tsr_map_viewport_to_map (&viewport, self->pointer_x, self->pointer_y, &x, &y);
  tsr_visual_view_move_camera_to (self->visual_view, x, y);
  return TRUE;
}

static void
add_camera (TsrWolf3dPanels *self)
{
  TsrMapCanvas *canvas = tsr_map_editor_get_canvas (self->editor);
  GtkShortcut *shortcut;

  self->camera_layer = tsr_visual_camera_layer_new (self->visual_view);
  tsr_map_canvas_add_layer (canvas, TSR_CANVAS_LAYER (self->camera_layer));
  self->pointer = gtk_event_controller_motion_new ();
  g_signal_connect (self->pointer, "enter", G_CALLBACK (on_canvas_motion), self);
  g_signal_connect (self->pointer, "motion", G_CALLBACK (on_canvas_motion), self);
  g_signal_connect (self->pointer, "leave", G_CALLBACK (on_canvas_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (canvas), g_object_ref (self->pointer));
  self->camera_key = gtk_shortcut_controller_new ();
  shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_c, 0), gtk_callback_action_new (camera_here, self, NULL));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (self->camera_key), shortcut);
  gtk_widget_add_controller (GTK_WIDGET (canvas), g_object_ref (self->camera_key));
}

static void
remove_camera (TsrWolf3dPanels *self)
{
  if (self->editor != NULL)
    {
      TsrMapCanvas *canvas = tsr_map_editor_get_canvas (self->editor);

      if (self->camera_layer != NULL)
        tsr_map_canvas_remove_layer (canvas, TSR_CANVAS_LAYER (self->camera_layer));
      if (self->pointer != NULL)
        gtk_widget_remove_controller (GTK_WIDGET (canvas), self->pointer);
      if (self->camera_key != NULL)
        gtk_widget_remove_controller (GTK_WIDGET (canvas), self->camera_key);
    }
  g_clear_object (&self->camera_layer);
  g_clear_object (&self->pointer);
  g_clear_object (&self->camera_key);
}

/* --- Object --- */

static void
tsr_wolf3d_panels_dispose (GObject *object)
{
  TsrWolf3dPanels *self = TSR_WOLF3D_PANELS (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  remove_camera (self);
  if (self->editor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->editor, self);
      g_object_remove_weak_pointer (G_OBJECT (self->editor), (gpointer *) &self->editor);
      self->editor = NULL;
    }
  /* Dispose runs again when the editor's last reference goes (after g_object_run_dispose). */
  if (self->level_list != NULL)
    gtk_list_box_bind_model (self->level_list, NULL, NULL, NULL, NULL);
  self->level_list = NULL;
  if (self->shown_map != NULL)
    g_signal_handlers_disconnect_by_func (self->shown_map, update_level_inspector, self);
  g_clear_object (&self->shown_map);
  if (self->watched_tools != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->watched_tools, sync_object_palette, self);
      g_signal_handlers_disconnect_by_func (self->watched_tools, on_confirm_fill, self);
    }
  g_clear_object (&self->watched_tools);
  if (self->visual_view != NULL)
    tsr_visual_view_set_wolf3d (self->visual_view, NULL, NULL);
  g_clear_object (&self->visual_view);
  g_clear_object (&self->document);
  g_clear_pointer (&self->object_flows, g_ptr_array_unref);
  G_OBJECT_CLASS (tsr_wolf3d_panels_parent_class)->dispose (object);
}

static void
tsr_wolf3d_panels_class_init (TsrWolf3dPanelsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_wolf3d_panels_dispose;
}

static void
tsr_wolf3d_panels_init (TsrWolf3dPanels *self)
{
  self->object_flows = g_ptr_array_new ();
}

TsrWolf3dPanels *
tsr_wolf3d_panels_new (TsrMapEditor    *editor,
                       TsrWolfDocument *document)
{
  TsrWolf3dPanels *self = g_object_new (TSR_TYPE_WOLF3D_PANELS, NULL);

  self->editor = editor;
  g_object_add_weak_pointer (G_OBJECT (editor), (gpointer *) &self->editor);
  self->document = g_object_ref (document);

  tsr_map_editor_add_page (editor, build_levels_page (self), "levels", _("Levels"));
  tsr_map_editor_add_palette_page (editor, build_objects_page (self), "objects", _("Objects"));
  tsr_map_editor_add_inspector_widget (editor, build_level_inspector (self));
  self->visual_view = g_object_ref_sink (TSR_VISUAL_VIEW (tsr_visual_view_new ()));
  tsr_map_editor_set_visual_view (editor, GTK_WIDGET (self->visual_view));
  add_camera (self);
  g_signal_connect_swapped (document, "notify::current-level-map", G_CALLBACK (on_current_level_map), self);
  g_signal_connect (editor, "locate-finding", G_CALLBACK (on_locate_finding), self);
  on_current_level_map (self);
  return self;
}
