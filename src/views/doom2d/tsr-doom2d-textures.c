/* tsr-doom2d-textures.c: GdkPixbuf decoding of Doom2D Forever textures with the codec fallback. */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <string.h>

#include "views/doom2d/tsr-doom2d-textures.h"
#include "views/tsr-image-texture.h"

static const char *
loader_name (TsrDoom2dResourceType type)
{
  switch (type)
    {
    case TSR_DOOM2D_RESOURCE_PNG: return "png";
    case TSR_DOOM2D_RESOURCE_TGA: return "tga";
    case TSR_DOOM2D_RESOURCE_BMP: return "bmp";
    case TSR_DOOM2D_RESOURCE_JPEG: return "jpeg";
    case TSR_DOOM2D_RESOURCE_GIF: return "gif";
    default: return NULL;
    }
}

/* PIXBUF as straight RGBA rows, or NULL when it is not 8-bit RGB(A). */
static TsrImage *
image_from_pixbuf (GdkPixbuf *pixbuf)
{
  guint width = (guint) gdk_pixbuf_get_width (pixbuf), height = (guint) gdk_pixbuf_get_height (pixbuf);
  gboolean alpha = gdk_pixbuf_get_has_alpha (pixbuf);
  guint channels = (guint) gdk_pixbuf_get_n_channels (pixbuf);
  gsize stride = (gsize) gdk_pixbuf_get_rowstride (pixbuf);
  const guint8 *pixels = gdk_pixbuf_read_pixels (pixbuf);
  TsrImage *image;

  if (gdk_pixbuf_get_bits_per_sample (pixbuf) != 8 || channels != (alpha ? 4u : 3u))
    return NULL;
  image = tsr_image_new (width, height);
  if (image == NULL)
    return NULL;
  for (guint y = 0; y < height; y++)
    {
      const guint8 *in = pixels + y * stride;
      guint8 *out = image->pixels + (gsize) y * width * 4;

      if (alpha)
        memcpy (out, in, (gsize) width * 4);
      else
        for (guint x = 0; x < width; x++, in += 3, out += 4)
          {
            out[0] = in[0];
            out[1] = in[1];
            out[2] = in[2];
            out[3] = 0xff;
          }
    }
  return image;
}

TsrImage *
tsr_doom2d_texture_decode_gdk (const TsrDoom2dTexture *texture,
                               const char             *label,
                               gpointer                user_data,
                               GError                **error)
{
  const char *name = loader_name (texture->type);
  gsize size = 0;
  const guint8 *data = texture->bytes != NULL ? g_bytes_get_data (texture->bytes, &size) : NULL;
  g_autoptr(GdkPixbufLoader) loader = NULL;

  if (name != NULL && data != NULL)
    loader = gdk_pixbuf_loader_new_with_type (name, NULL);
  if (loader != NULL)
    {
      gboolean written = gdk_pixbuf_loader_write (loader, data, size, NULL);
      /* Closing also when writing failed, as the loader wants. */
      gboolean closed = gdk_pixbuf_loader_close (loader, NULL);
      GdkPixbuf *pixbuf = written && closed ? gdk_pixbuf_loader_get_pixbuf (loader) : NULL;
      TsrImage *image = pixbuf != NULL ? image_from_pixbuf (pixbuf) : NULL;

      if (image != NULL)
        return image;
    }
  return tsr_doom2d_texture_decode (texture, label, error);
}

TsrDoom2dTextureCache *
tsr_doom2d_texture_cache_new_gdk (TsrDoom2dResources *resources)
{
  return tsr_doom2d_texture_cache_new (resources, tsr_doom2d_texture_decode_gdk, NULL);
}

TsrImage *
tsr_doom2d_texture_crop_frame (const TsrDoom2dCachedTexture *entry,
                               guint                         frame)
{
  guint x, width, height;
  TsrImage *part;

  if (entry->image == NULL)
    return NULL;
  tsr_doom2d_texture_frame_rect (entry->texture, frame, entry->image->width, entry->image->height,
                                 &x, &width, &height);
  if (width == 0 || height == 0)
    return NULL;
  part = tsr_image_new (width, height);
  if (part == NULL)
    return NULL;
  for (guint y = 0; y < height; y++)
    memcpy (part->pixels + (gsize) y * width * 4,
            entry->image->pixels + ((gsize) y * entry->image->width + x) * 4, (gsize) width * 4);
  return part;
}

GdkTexture *
tsr_doom2d_texture_get_frame (const TsrDoom2dCachedTexture *entry,
                              guint                         frame)
{
  TsrImage *part;

  if (entry->image == NULL)
    return NULL;
  /* A still texture is one frame: the whole picture. */
  if (!entry->texture->animated)
    return tsr_image_texture_new (entry->image, 1);
  part = tsr_doom2d_texture_crop_frame (entry, frame);
  return part != NULL ? tsr_image_texture_take (part, 1) : NULL;
}

GtkWidget *
tsr_doom2d_texture_row_new (int size)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *picture = gtk_picture_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_CONTAIN);
  gtk_widget_set_size_request (picture, size, size);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

void
tsr_doom2d_texture_row_set (GtkWidget    *row,
                            GdkPaintable *picture,
                            const char   *label)
{
  GtkWidget *image = gtk_widget_get_first_child (row);

  gtk_picture_set_paintable (GTK_PICTURE (image), picture);
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_next_sibling (image)), label);
}
