/* tsr-images-browser.c: each picture is decoded by its own GTask in GLib's thread pool from a
 * reference to its resource bytes (immutable, so no lock); the thumbnail is made in the same
 * thread, and the widgets are filled in when the task returns to the main loop. Changing the
 * document cancels the tasks still running. */
#include "config.h"

#include "views/assets/tsr-images-browser.h"

#include <glib/gi18n.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-images.h"
#include "formats/marathon/tsr-pict.h"
#include "views/assets/tsr-asset-preview.h"
#include "views/tsr-image-texture.h"

#define THUMBNAIL_SIZE 160

typedef struct {
  int       id;
  guint32   type;
  GBytes   *data;
  TsrImage *image;      /* decoded (NULL until loaded, or on failure) */
  char     *error;
  gboolean  loaded;
} Picture;

struct _TsrImagesBrowser {
  TsrAssetBrowser parent_instance;
  TsrDocument  *document;
  GPtrArray    *pictures;   /* Picture *, in file order */
  GCancellable *cancellable;
  guint         loaded;
  int           open_id;

  GtkWidget    *paned;
  GtkLabel     *progress_label;
  GtkFlowBox   *flow;
  GtkLabel     *info_label;
  GtkPicture   *picture;
};

G_DEFINE_FINAL_TYPE (TsrImagesBrowser, tsr_images_browser, TSR_TYPE_ASSET_BROWSER)

static void
picture_free (gpointer data)
{
  Picture *picture = data;

  g_bytes_unref (picture->data);
  g_clear_pointer (&picture->image, tsr_image_free);
  g_free (picture->error);
  g_free (picture);
}

typedef struct {
  TsrImage *image;
  TsrImage *thumbnail;
  char     *error;
} Decoded;

static void
decoded_free (gpointer data)
{
  Decoded *decoded = data;

  g_clear_pointer (&decoded->image, tsr_image_free);
  g_clear_pointer (&decoded->thumbnail, tsr_image_free);
  g_free (decoded->error);
  g_free (decoded);
}

/* Shrinks by averaging the source pixels under each target pixel (photos of title screens stay
 * legible); pictures smaller than a thumbnail are kept as they are. */
static TsrImage *
make_thumbnail (const TsrImage *image)
{
  guint side = MAX (image->width, image->height);
  guint width, height;
  TsrImage *thumbnail;

  if (side <= THUMBNAIL_SIZE)
    {
      thumbnail = tsr_image_new (image->width, image->height);
      memcpy (thumbnail->pixels, image->pixels, (gsize) image->width * image->height * 4);
      return thumbnail;
    }
  width = MAX (1u, image->width * THUMBNAIL_SIZE / side);
  height = MAX (1u, image->height * THUMBNAIL_SIZE / side);
  thumbnail = tsr_image_new (width, height);
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        guint x0 = x * image->width / width, x1 = MAX (x0 + 1, (x + 1) * image->width / width);
        guint y0 = y * image->height / height, y1 = MAX (y0 + 1, (y + 1) * image->height / height);
        guint64 sum[4] = { 0 };
        guint count = (x1 - x0) * (y1 - y0);

        for (guint sy = y0; sy < y1; sy++)
          for (guint sx = x0; sx < x1; sx++)
            for (guint c = 0; c < 4; c++)
              sum[c] += image->pixels[((gsize) sy * image->width + sx) * 4 + c];
        for (guint c = 0; c < 4; c++)
          thumbnail->pixels[((gsize) y * width + x) * 4 + c] = (guint8) (sum[c] / count);
      }
  return thumbnail;
}

static void
decode_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  GBytes *bytes = task_data;
  g_autoptr(GError) error = NULL;
  Decoded *decoded = g_new0 (Decoded, 1);

  decoded->image = tsr_pict_decode (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, &error);
  if (decoded->image != NULL)
    decoded->thumbnail = make_thumbnail (decoded->image);
  else
    decoded->error = g_strdup (error->message);
  g_task_return_pointer (task, decoded, decoded_free);
}

static void
update_progress (TsrImagesBrowser *self)
{
  g_autofree char *text = NULL;

  if (self->pictures->len == 0)
    text = g_strdup (_("This file has no pictures."));
  else if (self->loaded < self->pictures->len)
    text = g_strdup_printf (_("%u pictures, %u decoded…"), self->pictures->len, self->loaded);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u picture: activate one to see it at 1:1",
                                         "%u pictures: activate one to see it at 1:1", self->pictures->len),
                            self->pictures->len);
  gtk_label_set_text (self->progress_label, text);
}

static void
on_decoded (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  TsrImagesBrowser *self = TSR_IMAGES_BROWSER (source);
  GPtrArray *pictures = user_data;
  g_autoptr(GError) error = NULL;
  Decoded *decoded = g_task_propagate_pointer (G_TASK (result), &error);
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (result), "tsr-index"));
  Picture *picture;
  GtkFlowBoxChild *child;
  GtkWidget *box, *frame;

  /* A task of a document let go of: cancelled, or its list is no longer the page's. */
  if (decoded == NULL || pictures != self->pictures)
    {
      g_clear_pointer (&decoded, decoded_free);
      g_ptr_array_unref (pictures);
      return;
    }
  g_ptr_array_unref (pictures);
  picture = g_ptr_array_index (self->pictures, index);
  picture->image = g_steal_pointer (&decoded->image);
  picture->error = g_steal_pointer (&decoded->error);
  picture->loaded = TRUE;
  self->loaded++;
  child = gtk_flow_box_get_child_at_index (self->flow, (int) index);
  box = gtk_flow_box_child_get_child (child);
  frame = gtk_widget_get_first_child (box);
  gtk_widget_unparent (frame);
  if (decoded->thumbnail != NULL)
    {
      g_autoptr(GdkTexture) texture = tsr_image_texture_new (decoded->thumbnail, 1);
      frame = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
      gtk_widget_set_size_request (frame, (int) decoded->thumbnail->width, (int) decoded->thumbnail->height);
      gtk_widget_set_halign (frame, GTK_ALIGN_CENTER);
    }
  else
    {
      frame = tsr_asset_error_label_new (picture->error, 20);
    }
  gtk_widget_set_size_request (box, THUMBNAIL_SIZE, -1);
  gtk_box_prepend (GTK_BOX (box), frame);
  decoded_free (decoded);
  update_progress (self);
}

static GtkWidget *
placeholder (const Picture *picture)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *spinner = gtk_spinner_new ();
  g_autofree char *caption = g_strdup_printf ("%s %d", picture->type == TSR_RESOURCE_PICT ? "PICT" : "pict", picture->id);
  GtkWidget *label = gtk_label_new (caption);

  gtk_spinner_start (GTK_SPINNER (spinner));
  gtk_widget_set_size_request (spinner, THUMBNAIL_SIZE, THUMBNAIL_SIZE * 3 / 4);
  gtk_box_append (GTK_BOX (box), spinner);
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

void
tsr_images_browser_set_document (TsrImagesBrowser *self,
                                 TsrDocument      *document)
{
  const TsrMarathonImages *images;
  const guint32 types[] = { TSR_RESOURCE_PICT, TSR_RESOURCE_PICT_RAW };
  g_return_if_fail (TSR_IS_IMAGES_BROWSER (self));
  if (self->document == document)
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_set_object (&self->document, document);
  g_clear_pointer (&self->pictures, g_ptr_array_unref);
  self->pictures = g_ptr_array_new_with_free_func (picture_free);
  self->loaded = 0;
  self->open_id = -1;
  tsr_asset_remove_children (GTK_WIDGET (self->flow));
  gtk_picture_set_paintable (self->picture, NULL);
  gtk_label_set_text (self->info_label, "");
  if (document == NULL)
    return;
  self->cancellable = g_cancellable_new ();
  images = tsr_document_get_format_data (document);
  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    {
      g_autoptr(GArray) items = tsr_marathon_images_list (images, types[t]);

      for (guint i = 0; i < items->len; i++)
        {
          const TsrMarathonImagesItem *item = &g_array_index (items, TsrMarathonImagesItem, i);
          Picture *picture = g_new0 (Picture, 1);
          g_autoptr(GTask) task = NULL;

          picture->id = item->id;
          picture->type = item->type;
          picture->data = g_bytes_ref (item->data);
          g_ptr_array_add (self->pictures, picture);
          gtk_flow_box_insert (self->flow, placeholder (picture), -1);
          task = g_task_new (self, self->cancellable, on_decoded, g_ptr_array_ref (self->pictures));
          g_task_set_task_data (task, g_bytes_ref (picture->data), (GDestroyNotify) g_bytes_unref);
          g_object_set_data (G_OBJECT (task), "tsr-index", GUINT_TO_POINTER (self->pictures->len - 1));
          g_task_run_in_thread (task, decode_in_thread);
        }
    }
  update_progress (self);
}

gboolean
tsr_images_browser_open (TsrImagesBrowser *self,
                         guint             index)
{
  const Picture *picture;
  g_autofree char *text = NULL;

  g_return_val_if_fail (TSR_IS_IMAGES_BROWSER (self), FALSE);
  if (self->pictures == NULL || index >= self->pictures->len)
    return FALSE;
  picture = g_ptr_array_index (self->pictures, index);
  if (!picture->loaded)
    return FALSE;
  if (picture->image == NULL)
    {
      text = g_strdup_printf (_("Picture %d cannot be shown: %s"), picture->id, picture->error);
      gtk_label_set_text (self->info_label, text);
      gtk_picture_set_paintable (self->picture, NULL);
      self->open_id = -1;
      return FALSE;
    }
  {
    g_autoptr(GdkTexture) texture = tsr_image_texture_new (picture->image, 1);
    gtk_picture_set_paintable (self->picture, GDK_PAINTABLE (texture));
  }
  text = g_strdup_printf (_("Picture %d: %u×%u at 1:1"), picture->id, picture->image->width, picture->image->height);
  gtk_label_set_text (self->info_label, text);
  self->open_id = picture->id;
  return TRUE;
}

static void
on_child_activated (TsrImagesBrowser *self,
                    GtkFlowBoxChild  *child)
{
  tsr_images_browser_open (self, (guint) gtk_flow_box_child_get_index (child));
}

guint
tsr_images_browser_get_n_pictures (TsrImagesBrowser *self)
{
  g_return_val_if_fail (TSR_IS_IMAGES_BROWSER (self), 0);
  return self->pictures != NULL ? self->pictures->len : 0;
}

guint
tsr_images_browser_get_n_loaded (TsrImagesBrowser *self)
{
  g_return_val_if_fail (TSR_IS_IMAGES_BROWSER (self), 0);
  return self->loaded;
}

int
tsr_images_browser_get_open_id (TsrImagesBrowser *self)
{
  g_return_val_if_fail (TSR_IS_IMAGES_BROWSER (self), -1);
  return self->open_id;
}

gboolean
tsr_images_browser_accepts (TsrDocument *document)
{
  return g_strcmp0 (tsr_document_get_format_id (document), "marathon-images") == 0;
}

static void
tsr_images_browser_page_set_document (TsrAssetBrowser *browser,
                                      TsrDocument     *document)
{
  tsr_images_browser_set_document (TSR_IMAGES_BROWSER (browser), document);
}

static void
tsr_images_browser_finalize (GObject *object)
{
  TsrImagesBrowser *self = TSR_IMAGES_BROWSER (object);

  g_clear_pointer (&self->pictures, g_ptr_array_unref);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (tsr_images_browser_parent_class)->finalize (object);
}

static void
tsr_images_browser_class_init (TsrImagesBrowserClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_images_browser_finalize;
  TSR_ASSET_BROWSER_CLASS (klass)->set_document = tsr_images_browser_page_set_document;
  tsr_asset_class_set_template (widget_class, "tsr-images-browser.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrImagesBrowser, paned);
  gtk_widget_class_bind_template_child (widget_class, TsrImagesBrowser, progress_label);
  gtk_widget_class_bind_template_child (widget_class, TsrImagesBrowser, flow);
  gtk_widget_class_bind_template_child (widget_class, TsrImagesBrowser, info_label);
  gtk_widget_class_bind_template_child (widget_class, TsrImagesBrowser, picture);
  gtk_widget_class_bind_template_callback (widget_class, on_child_activated);
}

static void
tsr_images_browser_init (TsrImagesBrowser *self)
{
  self->open_id = -1;
  self->pictures = g_ptr_array_new_with_free_func (picture_free);
  gtk_widget_init_template (GTK_WIDGET (self));
}
