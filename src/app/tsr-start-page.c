/* tsr-start-page.c: the start page: recent files (GtkRecentManager, Tessera's only), the
 * Wolfenstein 3D sets found in the wolf3d-data-folders preference, and the samples bundled in the
 * /io/github/tessera/Tessera/samples/ resource folder. */
#include "config.h"

#include "app/tsr-start-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "app/tsr-recent.h"
#include "app/tsr-samples.h"
#include "formats/tsr-format.h"

#define TSR_START_PAGE_RECENT_SIZE 8

struct _TsrStartPage {
  GtkWidget   parent_instance;

  guint       n_samples;
  guint       n_recent;
  guint       n_wolf3d_sets;
  GSettings  *settings;   /* wolf3d-data-folders; NULL without the installed schema */

  GtkWidget  *scroller;
  GtkWidget  *recent_empty_label;
  GtkWidget  *recent_frame;
  GtkListBox *recent_list;
  GtkWidget  *wolf3d_heading;
  GtkWidget  *wolf3d_frame;
  GtkListBox *wolf3d_list;
  GtkWidget  *samples_empty_label;
  GtkWidget  *samples_frame;
  GtkListBox *samples_list;
};

G_DEFINE_FINAL_TYPE (TsrStartPage, tsr_start_page, GTK_TYPE_WIDGET)

/* A row that activates ACTION with the string TARGET. */
static GtkWidget *
tsr_start_page_create_row (const char *icon_name,
                           const char *title,
                           const char *subtitle,
                           const char *action,
                           const char *target)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);
  GtkWidget *title_label = gtk_label_new (title);
  GtkWidget *subtitle_label = gtk_label_new (subtitle);
  GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

  gtk_label_set_xalign (GTK_LABEL (title_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title_label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_xalign (GTK_LABEL (subtitle_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle_label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (subtitle_label, "dim-label");
  gtk_widget_add_css_class (subtitle_label, "caption");
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (texts), title_label);
  gtk_box_append (GTK_BOX (texts), subtitle_label);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), texts);
  gtk_box_append (GTK_BOX (box), arrow);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, subtitle);

  g_object_set_data_full (G_OBJECT (row), "tsr-action", g_strdup (action), g_free);
  g_object_set_data_full (G_OBJECT (row), "tsr-target", g_strdup (target), g_free);
  return row;
}

static void
tsr_start_page_on_row_activated (TsrStartPage  *self,
                                 GtkListBoxRow *row,
                                 GtkListBox    *list)
{
  const char *action = g_object_get_data (G_OBJECT (row), "tsr-action");
  const char *target = g_object_get_data (G_OBJECT (row), "tsr-target");

  gtk_widget_activate_action (GTK_WIDGET (self), action, "s", target);
}

static void
tsr_start_page_clear (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
tsr_start_page_refresh_recent (TsrStartPage *self)
{
  GList *recent = tsr_recent_list (TSR_START_PAGE_RECENT_SIZE);
  const char *home = g_get_home_dir ();

  tsr_start_page_clear (self->recent_list);
  self->n_recent = 0;
  for (GList *l = recent; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autoptr(GFile) file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autofree char *folder = parent != NULL ? g_file_get_path (parent) : NULL;
      g_autofree char *shown = NULL;

      if (folder != NULL && g_str_has_prefix (folder, home) && folder[strlen (home)] == '/')
        shown = g_strconcat ("~", folder + strlen (home), NULL);
      else
        shown = g_filename_display_name (folder != NULL ? folder : "");
      gtk_list_box_append (self->recent_list,
                           tsr_start_page_create_row ("document-open-recent-symbolic",
                                                      gtk_recent_info_get_display_name (info), shown,
                                                      "win.open-uri", gtk_recent_info_get_uri (info)));
      self->n_recent++;
    }
  g_list_free_full (recent, (GDestroyNotify) gtk_recent_info_unref);

  gtk_widget_set_visible (self->recent_frame, self->n_recent > 0);
  gtk_widget_set_visible (self->recent_empty_label, self->n_recent == 0);
}

/* The MAPHEAD file of the Wolfenstein 3D set in FOLDER (a MAPHEAD.EXT beside a GAMEMAPS.EXT or
 * MAPTEMP.EXT, any case), or NULL. */
static char *
tsr_start_page_find_wolf3d_set (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GList) keys = NULL;
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_hash_table_insert (names, g_ascii_strup (name, -1), g_strdup (name));
  keys = g_list_sort (g_hash_table_get_keys (names), (GCompareFunc) g_strcmp0);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      const char *upper = l->data;
      g_autofree char *maps = NULL;
      g_autofree char *temp = NULL;

      if (!g_str_has_prefix (upper, "MAPHEAD.") || upper[8] == '\0')
        continue;
      maps = g_strconcat ("GAMEMAPS.", upper + 8, NULL);
      temp = g_strconcat ("MAPTEMP.", upper + 8, NULL);
      if (g_hash_table_contains (names, maps) || g_hash_table_contains (names, temp))
        return g_build_filename (folder, g_hash_table_lookup (names, upper), NULL);
    }
  return NULL;
}

/* The folder a preference names ("~/" is the home folder). */
static char *
tsr_start_page_expand_folder (const char *folder)
{
  if (g_str_equal (folder, "~") || g_str_has_prefix (folder, "~/"))
    return g_build_filename (g_get_home_dir (), folder + 1, NULL);
  return g_strdup (folder);
}

static void
tsr_start_page_add_wolf3d_set (TsrStartPage *self,
                               const char   *maphead)
{
  g_autoptr(GFile) file = g_file_new_for_path (maphead);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *folder_name = g_file_get_basename (parent);
  g_autofree char *folder = g_file_get_parse_name (parent);
  g_autofree char *uri = g_file_get_uri (file);
  const char *extension = strrchr (maphead, '.') + 1;
  /* Translators: a Wolfenstein 3D set on the start page: its folder and its files' extension. */
  g_autofree char *title = g_strdup_printf (_("%s · %s files"), folder_name, extension);

  gtk_list_box_append (self->wolf3d_list,
                       tsr_start_page_create_row ("folder-symbolic", title, folder, "win.open-uri", uri));
  self->n_wolf3d_sets++;
}

static void
tsr_start_page_refresh_wolf3d (TsrStartPage *self)
{
  g_autofree char *setting = self->settings != NULL ? g_settings_get_string (self->settings, "wolf3d-data-folders") : NULL;
  g_auto(GStrv) folders = g_strsplit (setting != NULL ? setting : "", ":", -1);

  tsr_start_page_clear (self->wolf3d_list);
  self->n_wolf3d_sets = 0;
  for (guint i = 0; folders[i] != NULL; i++)
    {
      g_autofree char *folder = NULL;
      g_autofree char *maphead = NULL;
      g_autoptr(GDir) dir = NULL;
      g_autoptr(GPtrArray) children = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      if (*g_strstrip (folders[i]) == '\0')
        continue;
      folder = tsr_start_page_expand_folder (folders[i]);
      /* The folder itself, else the sets one folder down (a folder of games). */
      if ((maphead = tsr_start_page_find_wolf3d_set (folder)) != NULL)
        {
          tsr_start_page_add_wolf3d_set (self, maphead);
          continue;
        }
      dir = g_dir_open (folder, 0, NULL);
      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        g_ptr_array_add (children, g_build_filename (folder, name, NULL));
      g_ptr_array_sort (children, (GCompareFunc) g_strcmp0);
      for (guint c = 0; c < children->len; c++)
        {
          g_autofree char *child_set = NULL;

          if (g_file_test (children->pdata[c], G_FILE_TEST_IS_DIR)
              && (child_set = tsr_start_page_find_wolf3d_set (children->pdata[c])) != NULL)
            tsr_start_page_add_wolf3d_set (self, child_set);
        }
    }
  gtk_widget_set_visible (self->wolf3d_heading, self->n_wolf3d_sets > 0);
  gtk_widget_set_visible (self->wolf3d_frame, self->n_wolf3d_sets > 0);
}

/* The format that recognises the sample at RELATIVE, or NULL; *SIZE gets its length. */
static const TsrFormat *
tsr_start_page_detect_sample (const char *relative,
                              gsize      *size)
{
  g_autofree char *resource = g_strconcat (TSR_SAMPLES_RESOURCE_PATH, relative, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  const guint8 *data;

  *size = 0;
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, size);
  return tsr_format_registry_detect (tsr_format_registry_get_default (), data, *size, relative, NULL);
}

static void
tsr_start_page_refresh_samples (TsrStartPage *self)
{
  g_autoptr(GPtrArray) files = tsr_samples_list_files ();
  g_autoptr(GHashTable) shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  tsr_start_page_clear (self->samples_list);
  self->n_samples = 0;
  for (guint i = 0; i < files->len; i++)
    {
      const char *relative = g_ptr_array_index (files, i);
      g_autofree char *folder = g_path_get_dirname (relative);
      g_autofree char *subtitle = NULL;
      g_autofree char *size_text = NULL;
      const TsrFormat *format;
      gsize size;

      format = tsr_start_page_detect_sample (relative, &size);
      size_text = g_format_size (size);
      if (format != NULL)
        {
          /* The files of one set (a Wolf3D MAPHEAD and its GAMEMAPS) open the same document:
           * offer it once per folder. */
          g_autofree char *key = g_strdup_printf ("%s\n%s", folder, format->id);

          if (!g_hash_table_add (shown, g_steal_pointer (&key)))
            continue;
          subtitle = g_strdup_printf ("%s · %s", _(format->name), size_text);
        }
      else
        /* Translators: a sample no codec in this build recognises: "not recognised · 12.3 kB". */
        subtitle = g_strdup_printf (_("not recognised by this build · %s"), size_text);

      gtk_list_box_append (self->samples_list,
                           tsr_start_page_create_row ("text-x-generic-symbolic", relative, subtitle,
                                                      "win.open-sample", relative));
      self->n_samples++;
    }

  gtk_widget_set_visible (self->samples_frame, self->n_samples > 0);
  gtk_widget_set_visible (self->samples_empty_label, self->n_samples == 0);
}

GtkWidget *
tsr_start_page_new (void)
{
  return g_object_new (TSR_TYPE_START_PAGE, NULL);
}

guint
tsr_start_page_get_n_samples (TsrStartPage *self)
{
  g_return_val_if_fail (TSR_IS_START_PAGE (self), 0);
  return self->n_samples;
}

guint
tsr_start_page_get_n_wolf3d_sets (TsrStartPage *self)
{
  g_return_val_if_fail (TSR_IS_START_PAGE (self), 0);
  return self->n_wolf3d_sets;
}

guint
tsr_start_page_get_n_recent (TsrStartPage *self)
{
  g_return_val_if_fail (TSR_IS_START_PAGE (self), 0);
  return self->n_recent;
}

static void
tsr_start_page_dispose (GObject *object)
{
  TsrStartPage *self = TSR_START_PAGE (object);

  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_START_PAGE);
  G_OBJECT_CLASS (tsr_start_page_parent_class)->dispose (object);
}

static void
tsr_start_page_class_init (TsrStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tsr_start_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrStartPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, TsrStartPage, recent_empty_label);
  gtk_widget_class_bind_template_child (widget_class, TsrStartPage, recent_frame);
  gtk_widget_class_bind_template_child (widget_class, TsrStartPage, recent_list);
  gtk_widget_class_bind_template_child (widget_class, TsrStartPage, wolf3d_heading);
  gtk_widget_class_bind_template_child (widget_class, TsrStartPage, wolf3d_frame);
  gtk_widget_class_bind_template_child (widget_class, TsrStartPage, wolf3d_list);
  gtk_widget_class_bind_template_child (widget_class, TsrStartPage, samples_empty_label);
  gtk_widget_class_bind_template_child (widget_class, TsrStartPage, samples_frame);
  gtk_widget_class_bind_template_child (widget_class, TsrStartPage, samples_list);
  gtk_widget_class_bind_template_callback (widget_class, tsr_start_page_on_row_activated);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tsrstartpage");
}

static void
tsr_start_page_init (TsrStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (gtk_recent_manager_get_default (), "changed",
                            G_CALLBACK (tsr_start_page_refresh_recent), self);
  tsr_start_page_refresh_recent (self);
  {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
    g_autoptr(GSettingsSchema) schema = source != NULL ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE) : NULL;

    if (schema != NULL && g_settings_schema_has_key (schema, "wolf3d-data-folders"))
      {
        self->settings = g_settings_new (APPLICATION_ID);
        g_signal_connect_swapped (self->settings, "changed::wolf3d-data-folders",
                                  G_CALLBACK (tsr_start_page_refresh_wolf3d), self);
      }
  }
  tsr_start_page_refresh_wolf3d (self);
  tsr_start_page_refresh_samples (self);
}
