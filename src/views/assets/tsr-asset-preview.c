/* tsr-asset-preview.c: the checkerboard preview, the thumbnails, the file choosers and Export All
 * the asset browsers share. */
#include "config.h"

#include "views/assets/tsr-asset-preview.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"

#include "views/tsr-image-texture.h"

void
tsr_asset_preview_paint (cairo_t         *cr,
                         cairo_surface_t *surface,
                         double           x,
                         double           y,
                         double           zoom)
{
  double w = cairo_image_surface_get_width (surface) * zoom, h = cairo_image_surface_get_height (surface) * zoom;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  /* The checkerboard shows where the picture is transparent. */
  for (int cy = 0; cy * TSR_ASSET_CHECKER_SIZE < h; cy++)
    for (int cx = 0; cx * TSR_ASSET_CHECKER_SIZE < w; cx++)
      {
        double v = ((cx + cy) & 1) ? 0.6 : 0.8;

        cairo_set_source_rgb (cr, v, v, v);
        cairo_rectangle (cr, cx * TSR_ASSET_CHECKER_SIZE, cy * TSR_ASSET_CHECKER_SIZE,
                         MIN (TSR_ASSET_CHECKER_SIZE, w - cx * TSR_ASSET_CHECKER_SIZE),
                         MIN (TSR_ASSET_CHECKER_SIZE, h - cy * TSR_ASSET_CHECKER_SIZE));
        cairo_fill (cr);
      }
  cairo_scale (cr, zoom, zoom);
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_restore (cr);
}

TsrImage *
tsr_asset_thumbnail_fit (const TsrImage *image,
                         guint           size)
{
  guint side = MAX (image->width, image->height);
  guint width, height;
  TsrImage *fitted;

  if (side <= size)
    {
      fitted = tsr_image_new (image->width, image->height);
      memcpy (fitted->pixels, image->pixels, (gsize) image->width * image->height * 4);
      return fitted;
    }
  width = MAX (1u, image->width * size / side);
  height = MAX (1u, image->height * size / side);
  fitted = tsr_image_new (width, height);
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      memcpy (fitted->pixels + ((gsize) y * width + x) * 4,
              image->pixels + ((gsize) (y * image->height / height) * image->width + x * image->width / width) * 4, 4);
  return fitted;
}

GtkWidget *
tsr_asset_thumbnail_new (const TsrImage *image,
                         guint           size,
                         guint           maximum)
{
  g_autoptr(TsrImage) fitted = tsr_asset_thumbnail_fit (image, size);
  g_autoptr(GdkTexture) texture = tsr_image_texture_new (fitted, tsr_image_texture_factor (fitted, size, maximum));
  GtkWidget *picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));

  gtk_widget_set_halign (picture, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (picture, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (picture, gdk_texture_get_width (texture), gdk_texture_get_height (texture));
  gtk_widget_add_css_class (picture, "tsr-preview");
  gtk_widget_set_vexpand (picture, TRUE);
  return picture;
}

gboolean
tsr_asset_export_all (TsrDocument  *document,
                      GFile        *folder,
                      GtkLabel     *status,
                      GError      **error)
{
  g_autofree char *path = g_file_get_path (folder);
  g_autofree char *summary = NULL;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  const TsrFormat *format;

  if (document == NULL || path == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "no document to export");
      return FALSE;
    }
  format = tsr_document_get_format (document);
  if (format->extract == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "%s: nothing to extract", format->id);
      return FALSE;
    }
  if (!format->extract (tsr_document_get_format_data (document), path, written, error))
    return FALSE;
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Wrote %u picture into %s.", "Wrote %u pictures into %s.",
                                          written->len),
                             written->len, path);
  gtk_label_set_text (status, summary);
  return TRUE;
}

TsrImage *
tsr_asset_load_png (GFile   *file,
                    GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr(GBytes) bytes = NULL;

  if (path == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "%s: not a local file", name);
      return NULL;
    }
  if ((bytes = tsr_file_read (path, error)) == NULL)
    return NULL;
  return tsr_image_load_png (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), name, error);
}

GtkFileChooserNative *
tsr_asset_png_chooser_new (GtkWidget           *widget,
                           const char          *title,
                           GtkFileChooserAction action,
                           const char          *accept)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                              action, accept, _("_Cancel"));

  if (action != GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER)
    {
      g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _("PNG pictures"));
      gtk_file_filter_add_pattern (filter, "*.png");
      gtk_file_filter_add_pattern (filter, "*.PNG");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
    }
  return dialog;
}

void
tsr_asset_class_set_template (GtkWidgetClass *widget_class,
                              const char     *ui_file)
{
  g_autofree char *resource = g_strconcat ("/io/github/tessera/Tessera/ui/", ui_file, NULL);

  gtk_widget_class_set_template_from_resource (widget_class, resource);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

void
tsr_asset_preview_set_size (GtkDrawingArea *preview,
                            guint           width,
                            guint           height,
                            guint           zoom)
{
  gtk_drawing_area_set_content_width (preview, (int) (width * zoom) + 2 * TSR_ASSET_CHECKER_SIZE);
  gtk_drawing_area_set_content_height (preview, (int) (height * zoom) + 2 * TSR_ASSET_CHECKER_SIZE);
}

guint
tsr_asset_zoom_sync (GtkSpinButton *spin,
                     guint          zoom)
{
  zoom = CLAMP (zoom, 1u, 16u);
  if ((guint) gtk_spin_button_get_value_as_int (spin) != zoom)
    gtk_spin_button_set_value (spin, zoom);
  return zoom;
}

void
tsr_asset_chooser_done (GtkNativeDialog *dialog,
                        gpointer         owner)
{
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (owner);
}

void
tsr_asset_chooser_show (GtkFileChooserNative *dialog,
                        GCallback             on_response,
                        gpointer              owner)
{
  g_signal_connect (dialog, "response", on_response, g_object_ref (owner));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

typedef struct {
  gpointer         owner;
  TsrAssetFileFunc run;
  GtkLabel        *status;
} ChooserRun;

static void
on_chooser_run_response (GtkNativeDialog *dialog,
                         int              response,
                         ChooserRun      *chooser)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && file != NULL && !chooser->run (chooser->owner, file, &error))
    gtk_label_set_text (chooser->status, error->message);
  tsr_asset_chooser_done (dialog, chooser->owner);
  g_free (chooser);
}

void
tsr_asset_chooser_run (GtkFileChooserNative *dialog,
                       gpointer              owner,
                       TsrAssetFileFunc      run,
                       GtkLabel             *status)
{
  ChooserRun *chooser = g_new (ChooserRun, 1);

  chooser->owner = g_object_ref (owner);
  chooser->run = run;
  chooser->status = status;
  g_signal_connect (dialog, "response", G_CALLBACK (on_chooser_run_response), chooser);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
tsr_asset_remove_children (GtkWidget *container)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (container)) != NULL)
    {
      if (GTK_IS_LIST_BOX (container))
        gtk_list_box_remove (GTK_LIST_BOX (container), child);
      else if (GTK_IS_FLOW_BOX (container))
        gtk_flow_box_remove (GTK_FLOW_BOX (container), child);
      else if (GTK_IS_GRID (container))
        gtk_grid_remove (GTK_GRID (container), child);
      else
        gtk_widget_unparent (child);
    }
}

GtkWidget *
tsr_asset_error_label_new (const char *message,
                           int         max_width_chars)
{
  GtkWidget *label = gtk_label_new (message);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), max_width_chars);
  gtk_widget_add_css_class (label, "error");
  return label;
}
