/* tsr-tile-palette.c: a GtkFlowBox of tile pictures. Small tiles are enlarged by whole factors
 * with nearest-neighbour in software, because GtkPicture would smooth 16×16 pixel art into mush. */
#include "views/tsr-tile-palette.h"

#include <glib/gi18n.h>
#include <string.h>

#include "views/tsr-image-texture.h"

#define TILE_DISPLAY_SIZE 48

struct _TsrTilePalette {
  GtkWidget     parent_instance;
  GtkWidget    *scrolled;
  GtkWidget    *flow;
  TsrTileTools *tools;
  TsrTileMap   *map;
  gulong        tileset_changed_id;
  gboolean      syncing;
  guint         n_tiles;
};

G_DEFINE_FINAL_TYPE (TsrTilePalette, tsr_tile_palette, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TOOLS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
sync_selection_from_tools (TsrTilePalette *self)
{
  guint32 tile;
  GtkWidget *child;

  if (self->tools == NULL)
    return;
  tile = tsr_tile_tools_get_tile (self->tools);
  self->syncing = TRUE;
  gtk_flow_box_unselect_all (GTK_FLOW_BOX (self->flow));
  for (child = gtk_widget_get_first_child (self->flow); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "tsr-tile")) == tile)
      {
        gtk_flow_box_select_child (GTK_FLOW_BOX (self->flow), GTK_FLOW_BOX_CHILD (child));
        break;
      }
  self->syncing = FALSE;
}

static void
rebuild (TsrTilePalette *self)
{
  GtkWidget *child;
  g_autoptr(GArray) tiles = NULL;
  guint layer;

  while ((child = gtk_widget_get_first_child (self->flow)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->flow), child);
  self->n_tiles = 0;
  if (self->tools == NULL || self->map == NULL)
    return;
  layer = tsr_tile_tools_get_layer (self->tools);
  if (layer >= tsr_tile_map_get_n_layers (self->map))
    return;

  tiles = tsr_tile_map_list_tiles (self->map, layer);
  for (guint i = 0; i < tiles->len; i++)
    {
      guint32 value = g_array_index (tiles, guint32, i);
      const TsrImage *image = tsr_tile_map_get_palette_image (self->map, layer, value);
      g_autofree char *name = tsr_tile_map_get_tile_name (self->map, layer, value);
      GtkWidget *picture;
      GtkWidget *item;

      if (image != NULL && image->width > 0 && image->height > 0)
        {
          g_autoptr(GdkTexture) texture = tsr_image_texture_new (image, tsr_image_texture_factor (image, TILE_DISPLAY_SIZE, TILE_DISPLAY_SIZE));
          picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
        }
      else
        /* A value that draws nothing (the empty tile): show its name instead. */
        picture = gtk_label_new (name);
      gtk_widget_set_size_request (picture, TILE_DISPLAY_SIZE, TILE_DISPLAY_SIZE);
      item = gtk_flow_box_child_new ();
      gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (item), picture);
      /* Set while hidden: GTK 4.8 asks the X server where the pointer is at every tooltip set on
       * a visible widget (two round trips; 60 ms for a 222-tile palette on opening, issue 35). */
      gtk_widget_set_visible (item, FALSE);
      gtk_widget_set_tooltip_text (item, name);
      gtk_widget_set_visible (item, TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      g_object_set_data (G_OBJECT (item), "tsr-tile", GUINT_TO_POINTER (value));
      gtk_flow_box_append (GTK_FLOW_BOX (self->flow), item);
      self->n_tiles++;
    }
  sync_selection_from_tools (self);
}

static void
on_selected_children_changed (GtkFlowBox *flow, TsrTilePalette *self)
{
  g_autoptr(GList) selected = NULL;

  if (self->syncing || self->tools == NULL)
    return;
  selected = gtk_flow_box_get_selected_children (flow);
  if (selected != NULL)
    tsr_tile_tools_choose_from_palette (self->tools, GPOINTER_TO_UINT (g_object_get_data (selected->data, "tsr-tile")));
}

static void
on_tools_notify (TsrTileTools *tools, GParamSpec *pspec, TsrTilePalette *self)
{
  if (g_str_equal (pspec->name, "layer"))
    rebuild (self);
  else
    sync_selection_from_tools (self);
}

static void
detach (TsrTilePalette *self)
{
  if (self->map != NULL)
    g_clear_signal_handler (&self->tileset_changed_id, self->map);
  if (self->tools != NULL)
    g_signal_handlers_disconnect_by_func (self->tools, on_tools_notify, self);
  g_clear_object (&self->map);
  g_clear_object (&self->tools);
}

void
tsr_tile_palette_set_tools (TsrTilePalette *self,
                            TsrTileTools   *tools)
{
  g_return_if_fail (TSR_IS_TILE_PALETTE (self));
  g_return_if_fail (tools == NULL || TSR_IS_TILE_TOOLS (tools));

  if (tools == self->tools)
    return;
  detach (self);
  if (tools != NULL)
    {
      self->tools = g_object_ref (tools);
      self->map = g_object_ref (tsr_tile_tools_get_map (tools));
      g_signal_connect (tools, "notify::tile", G_CALLBACK (on_tools_notify), self);
      g_signal_connect (tools, "notify::layer", G_CALLBACK (on_tools_notify), self);
      self->tileset_changed_id = g_signal_connect_swapped (self->map, "tileset-changed", G_CALLBACK (rebuild), self);
    }
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOLS]);
}

TsrTileTools *
tsr_tile_palette_get_tools (TsrTilePalette *self)
{
  g_return_val_if_fail (TSR_IS_TILE_PALETTE (self), NULL);
  return self->tools;
}

guint
tsr_tile_palette_get_n_tiles (TsrTilePalette *self)
{
  g_return_val_if_fail (TSR_IS_TILE_PALETTE (self), 0);
  return self->n_tiles;
}

static void
tsr_tile_palette_dispose (GObject *object)
{
  TsrTilePalette *self = TSR_TILE_PALETTE (object);

  detach (self);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  G_OBJECT_CLASS (tsr_tile_palette_parent_class)->dispose (object);
}

static void
tsr_tile_palette_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_TOOLS:
      g_value_set_object (value, TSR_TILE_PALETTE (object)->tools);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_tile_palette_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_TOOLS:
      tsr_tile_palette_set_tools (TSR_TILE_PALETTE (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_tile_palette_class_init (TsrTilePaletteClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tsr_tile_palette_dispose;
  object_class->get_property = tsr_tile_palette_get_property;
  object_class->set_property = tsr_tile_palette_set_property;
  /* Bind it to TsrMapCanvas:tools so the palette follows the canvas from map to map. */
  properties[PROP_TOOLS] =
    g_param_spec_object ("tools", NULL, NULL, TSR_TYPE_TILE_TOOLS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tsr-tile-palette");
}

static void
tsr_tile_palette_init (TsrTilePalette *self)
{
  self->flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->flow), GTK_SELECTION_SINGLE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (self->flow), TRUE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->flow), 64);
  gtk_widget_set_valign (self->flow, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->flow), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Tiles"), -1);
  g_signal_connect (self->flow, "selected-children-changed", G_CALLBACK (on_selected_children_changed), self);

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), self->flow);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
}

GtkWidget *
tsr_tile_palette_new (void)
{
  return g_object_new (TSR_TYPE_TILE_PALETTE, NULL);
}
