/* tsr-marathon-texture-picker.c: thumbnails are drawing areas painting the textures' cached
 * surfaces (so the picker and the map share one decode per texture), rebuilt when the collection
 * or the Shapes file changes. Built in code: a popover of one box, a drop-down and a flow box. */
#include "config.h"

#include "views/marathon/tsr-marathon-texture-picker.h"

#include <glib/gi18n.h>

#define THUMBNAIL_SIZE 64

/* Wall collections, then landscapes (27..30). */
static const guint collections[] = { 17, 18, 19, 20, 21, 27, 28, 29, 30 };

struct _TsrMarathonTexturePicker {
  GtkPopover           parent_instance;
  TsrMarathonTextures *textures;
  guint                collection;
  GtkDropDown         *collection_dropdown;
  GtkFlowBox          *grid;
  GtkLabel            *message;
};

enum {
  TEXTURE_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TsrMarathonTexturePicker, tsr_marathon_texture_picker, GTK_TYPE_POPOVER)

static void
draw_thumbnail (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        user_data)
{
  TsrMarathonTexturePicker *self = g_object_get_data (G_OBJECT (area), "picker");
  guint descriptor = GPOINTER_TO_UINT (user_data);
  cairo_surface_t *surface = self->textures != NULL ? tsr_marathon_textures_get_surface (self->textures, descriptor) : NULL;
  double scale;
  int w, h;

  if (surface == NULL)
    return;
  w = cairo_image_surface_get_width (surface);
  h = cairo_image_surface_get_height (surface);
  scale = MIN ((double) width / MAX (w, 1), (double) height / MAX (h, 1));
  cairo_translate (cr, (width - w * scale) / 2, (height - h * scale) / 2);
  cairo_scale (cr, scale, scale);
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
}

static void
on_thumbnail_clicked (GtkButton                *button,
                      TsrMarathonTexturePicker *self)
{
  guint descriptor = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "descriptor"));

  gtk_popover_popdown (GTK_POPOVER (self));
  g_signal_emit (self, signals[TEXTURE_CHOSEN], 0, descriptor);
}

static void
rebuild (TsrMarathonTexturePicker *self)
{
  GtkWidget *child;
  guint n_frames = self->textures != NULL ? tsr_marathon_textures_get_n_frames (self->textures, self->collection) : 0;
  guint shown = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_flow_box_remove (self->grid, child);
  for (guint f = 0; f < n_frames && f < 256; f++)
    {
      guint descriptor = TSR_MARATHON_DESCRIPTOR (self->collection, 0, f);
      GtkWidget *button, *area;
      g_autofree char *name = NULL;
      g_autofree char *tooltip = NULL;

      /* Frames without a picture are no textures. */
      if (tsr_marathon_textures_get_surface (self->textures, (guint16) descriptor) == NULL)
        continue;
      area = gtk_drawing_area_new ();
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), THUMBNAIL_SIZE);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), THUMBNAIL_SIZE);
      g_object_set_data (G_OBJECT (area), "picker", self);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_thumbnail, GUINT_TO_POINTER (descriptor), NULL);
      button = gtk_button_new ();
      gtk_button_set_child (GTK_BUTTON (button), area);
      gtk_widget_add_css_class (button, "flat");
      name = g_strdup_printf ("texture-%u-%u", self->collection, f);
      gtk_widget_set_name (button, name);
      /* Translators: a texture thumbnail's tooltip: collection and frame. */
      tooltip = g_strdup_printf (_("Collection %u, texture %u"), self->collection, f);
      gtk_widget_set_tooltip_text (button, tooltip);
      g_object_set_data (G_OBJECT (button), "descriptor", GUINT_TO_POINTER (descriptor));
      g_object_set_data (G_OBJECT (button), "frame", GUINT_TO_POINTER (f));
      g_signal_connect (button, "clicked", G_CALLBACK (on_thumbnail_clicked), self);
      gtk_flow_box_append (self->grid, button);
      shown++;
    }
  if (self->textures == NULL)
    gtk_label_set_text (self->message, _("No Shapes file: choose one in Preferences or with “Shapes File…”"));
  else if (shown == 0)
    gtk_label_set_text (self->message, _("This collection has no textures in the Shapes file"));
  gtk_widget_set_visible (GTK_WIDGET (self->message), shown == 0);
}

static void
on_collection_selected (TsrMarathonTexturePicker *self)
{
  guint selected = gtk_drop_down_get_selected (self->collection_dropdown);

  if (selected < G_N_ELEMENTS (collections) && collections[selected] != self->collection)
    {
      self->collection = collections[selected];
      rebuild (self);
    }
}

static void
tsr_marathon_texture_picker_dispose (GObject *object)
{
  g_clear_object (&TSR_MARATHON_TEXTURE_PICKER (object)->textures);
  G_OBJECT_CLASS (tsr_marathon_texture_picker_parent_class)->dispose (object);
}

static void
tsr_marathon_texture_picker_class_init (TsrMarathonTexturePickerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_marathon_texture_picker_dispose;
  signals[TEXTURE_CHOSEN] = g_signal_new ("texture-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                          NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
tsr_marathon_texture_picker_init (TsrMarathonTexturePicker *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  for (guint i = 0; i < G_N_ELEMENTS (collections); i++)
    {
      g_autofree char *name = NULL;

      if (collections[i] < 27)
        /* Translators: a wall collection of a Shapes file, by environment. */
        name = g_strdup_printf (_("Walls %u (%s)"), collections[i],
                                (const char *[]) { _("water"), _("lava"), _("sewage"), _("Jjaro"), _("Pfhor") }[collections[i] - 17]);
      else
        /* Translators: a landscape collection of a Shapes file. */
        name = g_strdup_printf (_("Landscape %u"), collections[i]);
      gtk_string_list_append (names, name);
    }
  self->collection = collections[0];
  self->collection_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL));
  g_signal_connect_swapped (self->collection_dropdown, "notify::selected", G_CALLBACK (on_collection_selected), self);
  self->message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->message, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->message), "dim-label");
  self->grid = GTK_FLOW_BOX (gtk_flow_box_new ());
  gtk_flow_box_set_selection_mode (self->grid, GTK_SELECTION_NONE);
  gtk_flow_box_set_min_children_per_line (self->grid, 4);
  gtk_flow_box_set_max_children_per_line (self->grid, 6);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->grid));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 300);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scrolled), 4 * (THUMBNAIL_SIZE + 20));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->collection_dropdown));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->message));
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_popover_set_child (GTK_POPOVER (self), box);
  rebuild (self);
}

GtkWidget *
tsr_marathon_texture_picker_new (void)
{
  return g_object_new (TSR_TYPE_MARATHON_TEXTURE_PICKER, NULL);
}

void
tsr_marathon_texture_picker_set_textures (TsrMarathonTexturePicker *self,
                                          TsrMarathonTextures      *textures)
{
  g_return_if_fail (TSR_IS_MARATHON_TEXTURE_PICKER (self));

  if (g_set_object (&self->textures, textures))
    rebuild (self);
}

void
tsr_marathon_texture_picker_set_collection (TsrMarathonTexturePicker *self,
                                            guint                     collection)
{
  g_return_if_fail (TSR_IS_MARATHON_TEXTURE_PICKER (self));

  for (guint i = 0; i < G_N_ELEMENTS (collections); i++)
    if (collections[i] == collection)
      {
        /* The drop-down's handler rebuilds when the collection changes. */
        gtk_drop_down_set_selected (self->collection_dropdown, i);
        return;
      }
}

guint
tsr_marathon_texture_picker_get_collection (TsrMarathonTexturePicker *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_TEXTURE_PICKER (self), 0);
  return self->collection;
}

GtkWidget *
tsr_marathon_texture_picker_get_thumbnail (TsrMarathonTexturePicker *self,
                                           guint                     frame)
{
  g_return_val_if_fail (TSR_IS_MARATHON_TEXTURE_PICKER (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "frame")) == frame)
        return button;
    }
  return NULL;
}
