/* tsr-doom2d-texture-picker.c: a menu button whose popover lists the resources' textures, searched
 * by a GtkStringFilter and drawn lazily: a row's picture is decoded (through the page's texture
 * cache, so once) only when the list binds it. */
#include "views/doom2d/tsr-doom2d-texture-picker.h"

#include <glib/gi18n.h>
#include <string.h>

#include "views/doom2d/tsr-doom2d-textures.h"

struct _TsrDoom2dTexturePicker {
  GtkWidget              parent_instance;
  GtkWidget             *button;
  GtkWidget             *search;
  GtkWidget             *list;
  GtkStringList         *paths;
  GtkStringFilter       *filter;
  GtkFilterListModel    *shown;
  TsrDoom2dTextureCache *cache;
  const TsrDoom2dMap    *map;
};

G_DEFINE_FINAL_TYPE (TsrDoom2dTexturePicker, tsr_doom2d_texture_picker, GTK_TYPE_WIDGET)

enum {
  PICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The archives to list: those the map's texture records name, then the game's own. */
static GStrv
archives_to_list (const TsrDoom2dMap *map)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();

  for (guint t = 0; map != NULL && t < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE); t++)
    {
      const char *path = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, t)->values[TSR_DOOM2D_TEXTURE_PATH].text;
      g_autofree char *archive = NULL, *section = NULL, *name = NULL;

      if (path != NULL && tsr_doom2d_resource_split (path, &archive, &section, &name) && *archive != '\0')
        g_strv_builder_add (names, archive);
    }
  g_strv_builder_add (names, "Standart.wad");
  return g_strv_builder_end (names);
}

/* Lists what the resources offer now: each time the popover opens, so archives the map's textures
 * came to name since are listed too (the resources keep every archive they opened). */
static void
fill (TsrDoom2dTexturePicker *self)
{
  g_auto(GStrv) archives = NULL;
  g_autoptr(GPtrArray) offered = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->paths));

  if (self->cache != NULL)
    {
      archives = archives_to_list (self->map);
      offered = tsr_doom2d_resources_list_textures (tsr_doom2d_texture_cache_get_resources (self->cache),
                                                    (const char *const *) archives);
      g_ptr_array_add (offered, NULL);
    }
  gtk_string_list_splice (self->paths, 0, n, offered != NULL ? (const char *const *) offered->pdata : NULL);
}

static void
on_popover_shown (TsrDoom2dTexturePicker *self)
{
  fill (self);
  gtk_editable_set_text (GTK_EDITABLE (self->search), "");
  gtk_string_filter_set_search (self->filter, NULL);
  gtk_widget_grab_focus (self->search);
}

static void
pick (TsrDoom2dTexturePicker *self,
      guint                   position)
{
  g_autoptr(GtkStringObject) item = g_list_model_get_item (G_LIST_MODEL (self->shown), position);
  g_autofree char *path = NULL;

  if (item == NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  path = g_strdup (gtk_string_object_get_string (item));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->button));
  g_signal_emit (self, signals[PICKED], 0, path);
}

static void
on_list_activate (GtkListView            *list,
                  guint                   position,
                  TsrDoom2dTexturePicker *self)
{
  pick (self, position);
}

static void
on_search_activate (GtkSearchEntry         *entry,
                    TsrDoom2dTexturePicker *self)
{
  pick (self, 0);
}

static void
on_search_changed (GtkSearchEntry         *entry,
                   TsrDoom2dTexturePicker *self)
{
  gtk_string_filter_set_search (self->filter, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           TsrDoom2dTexturePicker   *self)
{
  gtk_list_item_set_child (item, tsr_doom2d_texture_row_new (32));
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          TsrDoom2dTexturePicker   *self)
{
  GtkWidget *row = gtk_list_item_get_child (item);
  const char *path = gtk_string_object_get_string (gtk_list_item_get_item (item));
  g_autoptr(GdkTexture) frame = NULL;

  if (self->cache != NULL)
    frame = tsr_doom2d_texture_get_frame (tsr_doom2d_texture_cache_get (self->cache, path), 0);
  tsr_doom2d_texture_row_set (row, GDK_PAINTABLE (frame), tsr_doom2d_resource_name (path));
  gtk_widget_set_tooltip_text (row, path);
}

void
tsr_doom2d_texture_picker_set_source (TsrDoom2dTexturePicker *self,
                                      TsrDoom2dTextureCache  *cache,
                                      const TsrDoom2dMap     *map)
{
  g_return_if_fail (TSR_IS_DOOM2D_TEXTURE_PICKER (self));

  self->cache = cache;
  self->map = map;
  gtk_widget_set_sensitive (self->button, cache != NULL);
  /* The old list's pictures came from the old cache: drop it now. */
  gtk_string_list_splice (self->paths, 0, g_list_model_get_n_items (G_LIST_MODEL (self->paths)), NULL);
}

GtkWidget *
tsr_doom2d_texture_picker_get_button (TsrDoom2dTexturePicker *self)
{
  return self->button;
}

GtkWidget *
tsr_doom2d_texture_picker_get_search (TsrDoom2dTexturePicker *self)
{
  return self->search;
}

GtkWidget *
tsr_doom2d_texture_picker_get_list (TsrDoom2dTexturePicker *self)
{
  return self->list;
}

guint
tsr_doom2d_texture_picker_get_n_shown (TsrDoom2dTexturePicker *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->shown));
}

GtkWidget *
tsr_doom2d_texture_picker_new (void)
{
  return g_object_new (TSR_TYPE_DOOM2D_TEXTURE_PICKER, NULL);
}

static void
tsr_doom2d_texture_picker_dispose (GObject *object)
{
  TsrDoom2dTexturePicker *self = TSR_DOOM2D_TEXTURE_PICKER (object);

  self->cache = NULL;
  self->map = NULL;
  g_clear_pointer (&self->button, gtk_widget_unparent);
  G_OBJECT_CLASS (tsr_doom2d_texture_picker_parent_class)->dispose (object);
}

static void
tsr_doom2d_texture_picker_class_init (TsrDoom2dTexturePickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tsr_doom2d_texture_picker_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  signals[PICKED] = g_signal_new ("picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
tsr_doom2d_texture_picker_init (TsrDoom2dTexturePicker *self)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  self->paths = gtk_string_list_new (NULL);
  self->filter = gtk_string_filter_new (gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
  gtk_string_filter_set_ignore_case (self->filter, TRUE);
  gtk_string_filter_set_match_mode (self->filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  /* The filter model takes both references. */
  self->shown = gtk_filter_list_model_new (G_LIST_MODEL (self->paths), GTK_FILTER (self->filter));

  self->search = gtk_search_entry_new ();
  gtk_widget_set_name (self->search, "texture-search");
  g_object_set (self->search, "placeholder-text", _("Find a texture"), NULL);
  g_signal_connect (self->search, "search-changed", G_CALLBACK (on_search_changed), self);
  g_signal_connect (self->search, "activate", G_CALLBACK (on_search_activate), self);
  gtk_box_append (GTK_BOX (box), self->search);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  self->list = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (self->shown))), factory);
  gtk_list_view_set_single_click_activate (GTK_LIST_VIEW (self->list), TRUE);
  g_signal_connect (self->list, "activate", G_CALLBACK (on_list_activate), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scrolled), 260);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 320);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  g_signal_connect_swapped (popover, "show", G_CALLBACK (on_popover_shown), self);

  self->button = gtk_menu_button_new ();
  gtk_widget_set_name (self->button, "add-texture");
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->button), "list-add-symbolic");
  gtk_widget_set_tooltip_text (self->button, _("Add a texture from the game's archives"));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->button), popover);
  gtk_widget_set_parent (self->button, GTK_WIDGET (self));
}
