/* tsr-start-page.c: the start page: recent files (GtkRecentManager, Tessera's only) and the
 * samples bundled in the /io/github/tessera/Tessera/samples/ resource folder. */
#include "config.h"

#include "app/tsr-start-page.h"

#include <glib/gi18n.h>

#include "app/tsr-recent.h"
#include "app/tsr-samples.h"
#include "formats/tsr-format.h"

#define TSR_START_PAGE_RECENT_SIZE 8

struct _TsrStartPage {
  GtkWidget   parent_instance;

  guint       n_samples;
  guint       n_recent;

  GtkWidget  *scroller;
  GtkWidget  *recent_empty_label;
  GtkWidget  *recent_frame;
  GtkListBox *recent_list;
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
  tsr_start_page_refresh_samples (self);
}
