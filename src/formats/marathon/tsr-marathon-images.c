/* tsr-marathon-images.c: Images files over a resource fork or a wad. */
#include "formats/marathon/tsr-marathon-images.h"

#include "core/tsr-error.h"
#include "formats/tsr-format.h"
#include <glib/gi18n.h>

static gboolean
fork_has_images (const TsrResourceFork *fork)
{
  for (guint i = 0; i < fork->resources->len; i++)
    {
      const TsrMacResource *resource = g_ptr_array_index (fork->resources, i);
      if (resource->type == TSR_RESOURCE_PICT || resource->type == TSR_RESOURCE_PICT_RAW
          || resource->type == TSR_RESOURCE_CLUT)
        return TRUE;
    }
  return FALSE;
}

/* A wad is an Images wad when some entry has a PICT/pict/clut chunk and none is a map. */
static gboolean
wad_has_images (const TsrWad *wad)
{
  gboolean pictures = FALSE;

  for (guint i = 0; i < wad->entries->len; i++)
    {
      const TsrWadEntry *entry = g_ptr_array_index (wad->entries, i);

      if (tsr_wad_entry_find_chunk (entry, TSR_WAD_TAG ('M', 'i', 'n', 'f')) != NULL)
        return FALSE;
      if (tsr_wad_entry_find_chunk (entry, TSR_RESOURCE_PICT) != NULL
          || tsr_wad_entry_find_chunk (entry, TSR_RESOURCE_PICT_RAW) != NULL
          || tsr_wad_entry_find_chunk (entry, TSR_RESOURCE_CLUT) != NULL)
        pictures = TRUE;
    }
  return pictures;
}

guint
tsr_marathon_images_sniff (const guint8 *data, gsize size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TsrMacFile) mac = NULL;
  gsize data_size;
  const guint8 *data_fork;

  if (tsr_mac_wrapper_sniff (data, size) == TSR_MAC_WRAPPER_NONE && tsr_wad_sniff (data, size) == 0)
    return TSR_SNIFF_NO;
  bytes = g_bytes_new_static (data, size);
  mac = tsr_mac_file_parse (bytes, NULL);
  if (mac == NULL)
    return TSR_SNIFF_NO;
  if (g_bytes_get_size (mac->resource_fork) > 0)
    {
      g_autoptr(TsrResourceFork) fork = tsr_resource_fork_parse (mac->resource_fork, NULL, NULL);
      if (fork != NULL && fork_has_images (fork) && g_bytes_get_size (mac->data_fork) == 0)
        return TSR_SNIFF_CERTAIN;
    }
  data_fork = g_bytes_get_data (mac->data_fork, &data_size);
  if (data_size > 0 && tsr_wad_sniff (data_fork, data_size) > 0)
    {
      /* A map's first level has a Minf: it is not an Images wad, whatever the rest holds (the
       * whole parse below was a tenth of loading a scenario). */
      if (tsr_wad_first_entry_has_tag (data_fork, data_size, TSR_WAD_TAG ('M', 'i', 'n', 'f')))
        return TSR_SNIFF_NO;
      /* Slices of the borrowed bytes, not copies: the wad is dropped before returning. */
      g_autoptr(TsrWad) wad = tsr_wad_parse_bytes (mac->data_fork, NULL, NULL);
      if (wad != NULL && wad_has_images (wad))
        return TSR_SNIFF_CERTAIN;
    }
  return TSR_SNIFF_NO;
}

void
tsr_marathon_images_free (TsrMarathonImages *images)
{
  if (images == NULL)
    return;
  g_clear_pointer (&images->mac, tsr_mac_file_free);
  g_clear_pointer (&images->fork, tsr_resource_fork_free);
  g_clear_pointer (&images->wad, tsr_wad_free);
  g_free (images);
}

TsrMarathonImages *
tsr_marathon_images_parse (GBytes *bytes, GError **error)
{
  g_autoptr(TsrMarathonImages) images = g_new0 (TsrMarathonImages, 1);
  gsize data_size;
  const guint8 *data_fork;

  images->mac = tsr_mac_file_parse (bytes, error);
  if (images->mac == NULL)
    return NULL;
  data_fork = g_bytes_get_data (images->mac->data_fork, &data_size);
  if (data_size > 0 && tsr_wad_sniff (data_fork, data_size) > 0)
    {
      images->storage = TSR_MARATHON_IMAGES_WAD;
      images->wad = tsr_wad_parse (data_fork, data_size, "Images wad", error);
      if (images->wad == NULL)
        return NULL;
    }
  else if (g_bytes_get_size (images->mac->resource_fork) > 0)
    {
      images->storage = TSR_MARATHON_IMAGES_RESOURCE_FORK;
      images->fork = tsr_resource_fork_parse (images->mac->resource_fork, "Images resource fork", error);
      if (images->fork == NULL)
        return NULL;
    }
  else
    {
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC, 0,
                        _("Images: a resource fork or a wad expected (the file has neither)"));
      return NULL;
    }
  if (images->storage == TSR_MARATHON_IMAGES_RESOURCE_FORK && images->wad == NULL
      && g_bytes_get_size (images->mac->resource_fork) > 0 && images->fork == NULL)
    return NULL;
  return g_steal_pointer (&images);
}

GBytes *
tsr_marathon_images_serialize (const TsrMarathonImages *images, GError **error)
{
  if (images->storage == TSR_MARATHON_IMAGES_WAD)
    {
      g_autoptr(GBytes) wad = tsr_wad_serialize (images->wad, error);
      if (wad == NULL)
        return NULL;
      tsr_mac_file_set_data_fork (images->mac, wad);
    }
  else
    {
      g_autoptr(GBytes) fork = tsr_resource_fork_serialize (images->fork);
      tsr_mac_file_set_resource_fork (images->mac, fork);
    }
  return tsr_mac_file_serialize (images->mac);
}

GArray *
tsr_marathon_images_list (const TsrMarathonImages *images, guint32 type)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (TsrMarathonImagesItem));

  if (images->storage == TSR_MARATHON_IMAGES_WAD)
    {
      for (guint i = 0; i < images->wad->entries->len; i++)
        {
          const TsrWadEntry *entry = g_ptr_array_index (images->wad->entries, i);
          TsrWadChunk *chunk = tsr_wad_entry_find_chunk (entry, type);
          TsrMarathonImagesItem item = { type, entry->index, NULL };

          if (chunk == NULL)
            continue;
          item.data = chunk->data;
          g_array_append_val (items, item);
        }
    }
  else
    {
      for (guint i = 0; i < images->fork->resources->len; i++)
        {
          const TsrMacResource *resource = g_ptr_array_index (images->fork->resources, i);
          TsrMarathonImagesItem item = { type, resource->id, resource->data };

          if (resource->type == type)
            g_array_append_val (items, item);
        }
    }
  return items;
}

static GBytes *
find_item (const TsrMarathonImages *images, guint32 type, int id)
{
  if (images->storage == TSR_MARATHON_IMAGES_WAD)
    {
      TsrWadEntry *entry = tsr_wad_find_entry (images->wad, id);
      TsrWadChunk *chunk = entry != NULL ? tsr_wad_entry_find_chunk (entry, type) : NULL;
      return chunk != NULL ? chunk->data : NULL;
    }
  else
    {
      TsrMacResource *resource = id >= G_MININT16 && id <= G_MAXINT16
                                 ? tsr_resource_fork_find (images->fork, type, (gint16) id) : NULL;
      return resource != NULL ? resource->data : NULL;
    }
}

TsrImage *
tsr_marathon_images_decode (const TsrMarathonImages *images,
                            int                      id,
                            TsrPictInfo             *info,
                            GError                 **error)
{
  GBytes *data = find_item (images, TSR_RESOURCE_PICT, id);
  TsrImage *image;
  gsize size;
  const guint8 *bytes;

  if (data == NULL)
    data = find_item (images, TSR_RESOURCE_PICT_RAW, id);
  if (data == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("Images: no picture %d"), id);
      return NULL;
    }
  bytes = g_bytes_get_data (data, &size);
  image = tsr_pict_decode (bytes, size, info, error);
  if (image == NULL)
    tsr_error_prefix (error, _("picture %d"), id);
  return image;
}

gboolean
tsr_marathon_images_set_picture (TsrMarathonImages *images,
                                 int                id,
                                 const TsrImage    *image,
                                 TsrPictEncoding    encoding,
                                 GError           **error)
{
  g_autoptr(GBytes) pict = NULL;

  if (images->storage == TSR_MARATHON_IMAGES_RESOURCE_FORK && (id < G_MININT16 || id > G_MAXINT16))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("Images: resource ids are 16-bit; %d does not fit"), id);
      return FALSE;
    }
  pict = tsr_pict_encode (image, encoding, error);
  if (pict == NULL)
    return FALSE;
  if (images->storage == TSR_MARATHON_IMAGES_WAD)
    {
      TsrWadEntry *entry = tsr_wad_find_entry (images->wad, id);

      if (entry == NULL)
        {
          entry = tsr_wad_entry_new (id);
          g_ptr_array_add (images->wad->entries, entry);
        }
      tsr_wad_entry_set_chunk (entry, TSR_RESOURCE_PICT, pict);
    }
  else
    tsr_resource_fork_set (images->fork, TSR_RESOURCE_PICT, (gint16) id, pict);
  return TRUE;
}

gboolean
tsr_marathon_images_remove_picture (TsrMarathonImages *images, int id)
{
  if (images->storage == TSR_MARATHON_IMAGES_WAD)
    {
      TsrWadEntry *entry = tsr_wad_find_entry (images->wad, id);
      gboolean removed;

      if (entry == NULL)
        return FALSE;
      removed = tsr_wad_entry_remove_chunk (entry, TSR_RESOURCE_PICT)
                || tsr_wad_entry_remove_chunk (entry, TSR_RESOURCE_PICT_RAW);
      if (removed && entry->chunks->len == 0)
        g_ptr_array_remove (images->wad->entries, entry);
      return removed;
    }
  if (id < G_MININT16 || id > G_MAXINT16)
    return FALSE;
  return tsr_resource_fork_remove (images->fork, TSR_RESOURCE_PICT, (gint16) id)
         || tsr_resource_fork_remove (images->fork, TSR_RESOURCE_PICT_RAW, (gint16) id);
}
