/* tsr-marathon-images-format.c: the "marathon-images" TsrFormat (info, roundtrip, validate,
 * render, extract) over tsr-marathon-images. */
#include <glib/gi18n.h>
#include "formats/marathon/tsr-marathon-shapes-formats.h"

#include <glib/gstdio.h>

#include "formats/marathon/tsr-marathon-images.h"

static guint
images_sniff (const guint8 *data, gsize size, const char *path)
{
  return tsr_marathon_images_sniff (data, size);
}

static gpointer
images_load (const char *path, GBytes *bytes, GError **error)
{
  return tsr_marathon_images_parse (bytes, error);
}

static void
images_free (gpointer data)
{
  tsr_marathon_images_free (data);
}

static GPtrArray *
images_save (gconstpointer data, const char *path, GError **error)
{
  return tsr_output_files_new_single (path, tsr_marathon_images_serialize (data, error));
}

static const char *
type_name (guint32 type)
{
  return type == TSR_RESOURCE_PICT ? "PICT" : type == TSR_RESOURCE_PICT_RAW ? "pict" : "clut";
}

static void
images_validate (gconstpointer data, GPtrArray *findings)
{
  const TsrMarathonImages *images = data;
  const guint32 types[] = { TSR_RESOURCE_PICT, TSR_RESOURCE_PICT_RAW };

  for (gsize t = 0; t < G_N_ELEMENTS (types); t++)
    {
      g_autoptr(GArray) items = tsr_marathon_images_list (images, types[t]);

      for (guint i = 0; i < items->len; i++)
        {
          const TsrMarathonImagesItem *item = &g_array_index (items, TsrMarathonImagesItem, i);
          g_autoptr(GError) error = NULL;
          g_autofree char *where = g_strdup_printf ("%s %d", type_name (types[t]), item->id);
          TsrPictInfo info;
          gsize size;
          const guint8 *bytes = g_bytes_get_data (item->data, &size);

          /* RenderOther/images.cpp picture_to_surface reads opcodes until OpEndPic; past the
           * end of the resource SDL_ReadBE16 gives 0, a NOP, and the loop never ends: a PICT
           * cut short is an error. So is a bitmap the engine cannot draw (empty or inverted
           * bounds, row bytes too small for its width, a colour table over 256 entries): its
           * surface is not made or uncompress_picture unpacks garbage. The frame and the
           * version opcode it reads and ignores, and an opcode it skips or refuses leaves the
           * picture drawn in part: warnings. */
          if (!tsr_pict_read_info (bytes, size, &info, &error))
            tsr_findings_add (findings,
                              g_error_matches (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED)
                              || g_error_matches (error, TSR_ERROR, TSR_ERROR_BAD_MAGIC)
                              ? TSR_SEVERITY_WARNING : TSR_SEVERITY_ERROR,
                              where, "%s", error->message);
          else if (info.bitmap_count == 0)
            tsr_findings_add (findings, TSR_SEVERITY_WARNING, where, _("no bitmap to draw"));
        }
    }
  {
    g_autoptr(GArray) cluts = tsr_marathon_images_list (images, TSR_RESOURCE_CLUT);
    for (guint i = 0; i < cluts->len; i++)
      {
        const TsrMarathonImagesItem *item = &g_array_index (cluts, TsrMarathonImagesItem, i);
        TsrPictColorTable table;
        g_autoptr(GError) error = NULL;
        gsize size;
        const guint8 *bytes = g_bytes_get_data (item->data, &size);

        /* CSeries/cscluts_sdl.cpp build_color_table reads at most 256 entries through a
         * bounded SDL_RWops: a short clut gives black for the missing colours (and only an
         * 8-bit interface reads it at all). The engine copes: a warning. */
        if (!tsr_pict_parse_clut (bytes, size, &table, &error))
          {
            g_autofree char *where = g_strdup_printf (_("clut %d"), item->id);
            tsr_findings_add (findings, TSR_SEVERITY_WARNING, where, "%s", error->message);
          }
        tsr_pict_color_table_clear (&table);
      }
  }
  if (images->wad != NULL)
    tsr_wad_validate (images->wad, findings);
}

static void
images_describe (gconstpointer data, JsonBuilder *builder)
{
  const TsrMarathonImages *images = data;
  const guint32 types[] = { TSR_RESOURCE_PICT, TSR_RESOURCE_PICT_RAW };
  g_autoptr(GArray) cluts = tsr_marathon_images_list (images, TSR_RESOURCE_CLUT);

  json_builder_set_member_name (builder, "wrapper");
  json_builder_add_string_value (builder, tsr_mac_wrapper_kind_to_string (images->mac->kind));
  json_builder_set_member_name (builder, "storage");
  json_builder_add_string_value (builder, images->storage == TSR_MARATHON_IMAGES_WAD ? "wad" : "resource fork");
  if (images->mac->name != NULL)
    {
      json_builder_set_member_name (builder, "mac_name");
      json_builder_add_string_value (builder, images->mac->name);
    }
  json_builder_set_member_name (builder, "pictures");
  json_builder_begin_array (builder);
  for (gsize t = 0; t < G_N_ELEMENTS (types); t++)
    {
      g_autoptr(GArray) items = tsr_marathon_images_list (images, types[t]);

      for (guint i = 0; i < items->len; i++)
        {
          const TsrMarathonImagesItem *item = &g_array_index (items, TsrMarathonImagesItem, i);
          g_autoptr(GError) error = NULL;
          TsrPictInfo info;
          gsize size;
          const guint8 *bytes = g_bytes_get_data (item->data, &size);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "id");
          json_builder_add_int_value (builder, item->id);
          json_builder_set_member_name (builder, "type");
          json_builder_add_string_value (builder, type_name (types[t]));
          json_builder_set_member_name (builder, "bytes");
          json_builder_add_int_value (builder, (gint64) size);
          if (tsr_pict_read_info (bytes, size, &info, &error))
            {
              json_builder_set_member_name (builder, "width");
              json_builder_add_int_value (builder, info.right - info.left);
              json_builder_set_member_name (builder, "height");
              json_builder_add_int_value (builder, info.bottom - info.top);
              json_builder_set_member_name (builder, "depth");
              json_builder_add_int_value (builder, info.depth);
              json_builder_set_member_name (builder, "pict_version");
              json_builder_add_int_value (builder, info.version);
            }
          else
            {
              json_builder_set_member_name (builder, "error");
              json_builder_add_string_value (builder, error->message);
            }
          json_builder_end_object (builder);
        }
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "colour_tables");
  json_builder_begin_array (builder);
  for (guint i = 0; i < cluts->len; i++)
    {
      const TsrMarathonImagesItem *item = &g_array_index (cluts, TsrMarathonImagesItem, i);
      TsrPictColorTable table;
      gsize size;
      const guint8 *bytes = g_bytes_get_data (item->data, &size);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_int_value (builder, item->id);
      json_builder_set_member_name (builder, "entries");
      json_builder_add_int_value (builder, tsr_pict_parse_clut (bytes, size, &table, NULL) ? table.count : 0);
      tsr_pict_color_table_clear (&table);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static GArray *
all_pictures (const TsrMarathonImages *images)
{
  GArray *items = tsr_marathon_images_list (images, TSR_RESOURCE_PICT);
  g_autoptr(GArray) raw = tsr_marathon_images_list (images, TSR_RESOURCE_PICT_RAW);

  g_array_append_vals (items, raw->data, raw->len);
  return items;
}

static TsrImage *
images_render (gconstpointer data, const TsrRenderOptions *options, GError **error)
{
  const TsrMarathonImages *images = data;
  g_autoptr(GArray) items = all_pictures (images);
  guint index = options->level < 0 ? 0 : (guint) options->level;
  const TsrMarathonImagesItem *item;
  gsize size;
  const guint8 *bytes;
  TsrImage *image;

  if (index >= items->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL,
                   _("Images: picture %u requested, the file has %u (--level counts from 0)"),
                   index, items->len);
      return NULL;
    }
  item = &g_array_index (items, TsrMarathonImagesItem, index);
  bytes = g_bytes_get_data (item->data, &size);
  image = tsr_pict_decode (bytes, size, NULL, error);
  if (image == NULL)
    tsr_error_prefix (error, _("picture %d"), item->id);
  return image;
}

static gboolean
write_png (const TsrImage *image, const char *directory, const char *name, GPtrArray *written,
           GError **error)
{
  g_autofree char *path = g_build_filename (directory, name, NULL);

  if (!tsr_image_save_png (image, path, error))
    return FALSE;
  g_ptr_array_add (written, g_steal_pointer (&path));
  return TRUE;
}

static gboolean
images_extract (gconstpointer data, const char *directory, GPtrArray *written, GError **error)
{
  const TsrMarathonImages *images = data;
  g_autoptr(GArray) items = all_pictures (images);
  g_autoptr(GArray) cluts = tsr_marathon_images_list (images, TSR_RESOURCE_CLUT);
  g_autoptr(GString) failures = g_string_new (NULL);
  guint failed = 0;

  for (guint i = 0; i < items->len; i++)
    {
      const TsrMarathonImagesItem *item = &g_array_index (items, TsrMarathonImagesItem, i);
      g_autoptr(GError) local = NULL;
      g_autoptr(TsrImage) image = NULL;
      g_autofree char *name = NULL;
      gsize size;
      const guint8 *bytes = g_bytes_get_data (item->data, &size);

      image = tsr_pict_decode (bytes, size, NULL, &local);
      if (image == NULL)
        {
          g_string_append_printf (failures, "%s%s %d: %s", failed > 0 ? "; " : "",
                                  type_name (item->type), item->id, local->message);
          failed++;
          continue;
        }
      name = g_strdup_printf ("%s-%d.png", item->type == TSR_RESOURCE_PICT ? "pict" : "pict-raw", item->id);
      if (!write_png (image, directory, name, written, error))
        return FALSE;
    }
  for (guint i = 0; i < cluts->len; i++)
    {
      const TsrMarathonImagesItem *item = &g_array_index (cluts, TsrMarathonImagesItem, i);
      TsrPictColorTable table;
      gsize size;
      const guint8 *bytes = g_bytes_get_data (item->data, &size);

      if (tsr_pict_parse_clut (bytes, size, &table, NULL))
        {
          g_autoptr(TsrImage) swatches = tsr_pict_clut_render (&table);
          g_autofree char *name = g_strdup_printf ("clut-%d.png", item->id);
          gboolean ok = write_png (swatches, directory, name, written, error);

          tsr_pict_color_table_clear (&table);
          if (!ok)
            return FALSE;
        }
    }
  if (failed > 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%u of %u pictures not extracted: %s"), failed, items->len, failures->str);
      return FALSE;
    }
  return TRUE;
}

static const char *const images_extensions[] = { "imga", "img2", "imgs", "images", NULL };

const TsrFormat tsr_marathon_images_format = {
  .id = "marathon-images",
  .name = N_("Marathon images"),
  .family = "marathon",
  .extensions = images_extensions,
  .sniff = images_sniff,
  .load = images_load,
  .free = images_free,
  .save = images_save,
  .validate = images_validate,
  .describe = images_describe,
  .render = images_render,
  .extract = images_extract,
};
