/* tsr-doom2d-resources.c: resource paths, archive lookup across archives and game folders,
 * texture bytes and animations, decoding, and the texture cache. */
#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "core/tsr-finding.h"
#include "core/tsr-tga.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-private.h"
#include "formats/doom2d/tsr-doom2d-resources.h"

struct _TsrDoom2dResources {
  GStrv               folders;
  const TsrDoom2dWad *own;
  GHashTable         *archives; /* lower-case archive name -> TsrDoom2dWad (NULL when missing) */
};

TsrDoom2dResourceType
tsr_doom2d_resource_sniff (const guint8 *data,
                           gsize         size)
{
  if (size >= 8 && memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0)
    return TSR_DOOM2D_RESOURCE_PNG;
  if (size >= 3 && data[0] == 0xff && data[1] == 0xd8 && data[2] == 0xff)
    return TSR_DOOM2D_RESOURCE_JPEG;
  if (size >= 6 && memcmp (data, "GIF8", 4) == 0)
    return TSR_DOOM2D_RESOURCE_GIF;
  if (size >= 2 && data[0] == 'B' && data[1] == 'M')
    return TSR_DOOM2D_RESOURCE_BMP;
  if (size >= 6 && memcmp (data, "DFWAD", 5) == 0)
    return TSR_DOOM2D_RESOURCE_DFWAD;
  if (tsr_doom2d_zip_sniff (data, size))
    return TSR_DOOM2D_RESOURCE_ZIP;
  if (size >= 4 && memcmp (data, "MAP\1", 4) == 0)
    return TSR_DOOM2D_RESOURCE_MAP;
  /* TGA has no signature: colour map type 0/1, image type 1-3 or 9-11, 8..32 bits per pixel. */
  if (size >= 18 && data[1] <= 1 && ((data[2] >= 1 && data[2] <= 3) || (data[2] >= 9 && data[2] <= 11))
      && (data[16] == 8 || data[16] == 15 || data[16] == 16 || data[16] == 24 || data[16] == 32)
      && (data[12] | data[13]) != 0 && (data[14] | data[15]) != 0)
    return TSR_DOOM2D_RESOURCE_TGA;
  return TSR_DOOM2D_RESOURCE_UNKNOWN;
}

TsrDoom2dSpecialTexture
tsr_doom2d_special_texture (const char *path)
{
  if (g_ascii_strcasecmp (path, "_water_0") == 0)
    return TSR_DOOM2D_SPECIAL_WATER;
  if (g_ascii_strcasecmp (path, "_water_1") == 0)
    return TSR_DOOM2D_SPECIAL_ACID1;
  if (g_ascii_strcasecmp (path, "_water_2") == 0)
    return TSR_DOOM2D_SPECIAL_ACID2;
  return TSR_DOOM2D_SPECIAL_NONE;
}

gboolean
tsr_doom2d_resource_split (const char *path,
                           char      **archive,
                           char      **section,
                           char      **name)
{
  const char *colon = strchr (path, ':');
  const char *rest = colon != NULL ? colon + 1 : path;
  const char *slash = strrchr (rest, '\\');

  if (slash == NULL)
    slash = strrchr (rest, '/');
  *archive = colon != NULL ? g_strndup (path, colon - path) : g_strdup ("");
  *section = slash != NULL ? g_strndup (rest, slash - rest) : g_strdup ("");
  *name = g_strdup (slash != NULL ? slash + 1 : rest);
  return **name != '\0';
}

const char *
tsr_doom2d_resource_name (const char *path)
{
  const char *name = path;

  for (const char *c = path; *c != '\0'; c++)
    if (*c == ':' || *c == '\\' || *c == '/')
      name = c + 1;
  return name;
}

TsrDoom2dResources *
tsr_doom2d_resources_new (const char *const *game_folders,
                          const TsrDoom2dWad *own)
{
  TsrDoom2dResources *resources = g_new0 (TsrDoom2dResources, 1);

  resources->folders = g_strdupv ((char **) game_folders);
  resources->own = own;
  resources->archives = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                               (GDestroyNotify) tsr_doom2d_wad_free);
  return resources;
}

void
tsr_doom2d_resources_free (TsrDoom2dResources *resources)
{
  if (resources == NULL)
    return;
  g_strfreev (resources->folders);
  g_hash_table_unref (resources->archives);
  g_free (resources);
}

/* FOLDER/NAME matched without case, as archives made on Windows are named. */
char *
tsr_doom2d_find_child (const char *folder,
                       const char *name,
                       GFileTest   test)
{
  g_autofree char *exact = g_build_filename (folder, name, NULL);
  g_autoptr(GDir) dir = NULL;
  const char *entry;

  if (g_file_test (exact, test))
    return g_steal_pointer (&exact);
  dir = g_dir_open (folder, 0, NULL);
  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    if (g_ascii_strcasecmp (entry, name) == 0)
      return g_build_filename (folder, entry, NULL);
  return NULL;
}

/* The archive at PATH, or NULL when it cannot be read. */
static TsrDoom2dWad *
read_archive (const char *path)
{
  g_autoptr(GBytes) bytes = tsr_file_read (path, NULL);

  return bytes != NULL ? tsr_doom2d_archive_read (bytes, NULL) : NULL;
}

static const TsrDoom2dWad *
open_archive (TsrDoom2dResources *resources,
              const char         *archive,
              GError            **error)
{
  g_autofree char *key = g_ascii_strdown (archive, -1);
  TsrDoom2dWad *wad = NULL;
  guint n_places = resources->folders != NULL ? g_strv_length (resources->folders) : 0;

  if (*archive == '\0')
    {
      if (resources->own == NULL)
        g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("the map has no archive of its own"));
      return resources->own;
    }
  if (g_hash_table_lookup_extended (resources->archives, key, NULL, (gpointer *) &wad))
    {
      if (wad == NULL)
        g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("archive %s not found in the game folders"), archive);
      return wad;
    }
  for (guint i = 0; i < n_places && wad == NULL; i++)
    {
      static const char *const subfolders[] = { ".", "wads", "maps", "data" };
      const char *place = resources->folders[i];

      if (g_file_test (place, G_FILE_TEST_IS_REGULAR))
        {
          g_autofree char *base = g_path_get_basename (place);

          if (g_ascii_strcasecmp (base, archive) == 0)
            wad = read_archive (place);
          continue;
        }
      for (guint s = 0; s < G_N_ELEMENTS (subfolders) && wad == NULL; s++)
        {
          g_autofree char *folder = g_build_filename (place, subfolders[s], NULL);
          g_autofree char *path = tsr_doom2d_find_child (folder, archive, G_FILE_TEST_IS_REGULAR);

          if (path != NULL)
            wad = read_archive (path);
        }
    }
  /* Archives named on their own answer for any name nothing else has. */
  for (guint i = 0; i < n_places && wad == NULL; i++)
    if (g_file_test (resources->folders[i], G_FILE_TEST_IS_REGULAR))
      wad = read_archive (resources->folders[i]);
  g_hash_table_insert (resources->archives, g_strdup (key), wad);
  if (wad == NULL)
    g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("archive %s not found in the game folders"), archive);
  return wad;
}

static GBytes *
lookup_entry (TsrDoom2dResources *resources,
              const char         *path,
              guint32            *offset,
              GError            **error)
{
  g_autofree char *archive = NULL, *section = NULL, *name = NULL;
  const TsrDoom2dWad *wad;
  const TsrDoom2dWadEntry *entry;

  if (!tsr_doom2d_resource_split (path, &archive, &section, &name))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("resource path '%s' names no resource"), path);
      return NULL;
    }
  wad = open_archive (resources, archive, error);
  if (wad == NULL)
    return NULL;
  entry = tsr_doom2d_wad_find (wad, section, name);
  if (entry == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: no resource %s\\%s"),
                   *archive ? archive : "the map's archive", section, name);
      return NULL;
    }
  *offset = entry->offset;
  return tsr_doom2d_wad_get_data (wad, entry, error);
}

GBytes *
tsr_doom2d_resources_lookup (TsrDoom2dResources *resources,
                             const char         *path,
                             GError            **error)
{
  guint32 offset;

  return lookup_entry (resources, path, &offset, error);
}

static void
list_archive_textures (const TsrDoom2dWad *wad,
                       const char         *archive,
                       GPtrArray          *paths)
{
  for (guint i = 0; i < wad->entries->len; i++)
    {
      const TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      g_autofree char *section = g_ascii_strup (entry->section != NULL ? entry->section : "", -1);

      if (!entry->is_section && g_str_has_suffix (section, "TEXTURES"))
        g_ptr_array_add (paths, g_strdup_printf ("%s:%s\\%s", archive, entry->section, entry->name));
    }
}

GPtrArray *
tsr_doom2d_resources_list_textures (TsrDoom2dResources *resources,
                                    const char *const  *archives)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (resources->own != NULL)
    list_archive_textures (resources->own, "", paths);
  for (guint i = 0; archives != NULL && archives[i] != NULL; i++)
    {
      const TsrDoom2dWad *wad;

      /* The own archive is listed first already; each other archive once, whatever its case. */
      if (archives[i][0] == '\0' || !g_hash_table_add (seen, g_ascii_strdown (archives[i], -1)))
        continue;
      wad = open_archive (resources, archives[i], NULL);
      if (wad != NULL)
        list_archive_textures (wad, archives[i], paths);
    }
  return paths;
}

void
tsr_doom2d_texture_free (TsrDoom2dTexture *texture)
{
  if (texture == NULL)
    return;
  g_clear_pointer (&texture->bytes, g_bytes_unref);
  g_free (texture);
}

static gboolean
anim_number (GHashTable *keys,
             const char *key,
             guint       minimum,
             guint      *number,
             GError    **error)
{
  const char *value = g_hash_table_lookup (keys, key);
  guint64 parsed = 0;

  if (value == NULL && minimum == 0)
    {
      *number = 0;
      return TRUE;
    }
  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, minimum, 65535, &parsed, NULL))
    {
      g_autofree char *shown = value != NULL ? g_strescape (value, NULL) : NULL;

      if (shown != NULL)
        g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                     _("TEXT\\ANIM: %s is '%s' (a number from %u to 65535 expected)"), key, shown, minimum);
      else
        g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                     _("TEXT\\ANIM: %s is missing (a number from %u to 65535 expected)"), key, minimum);
      return FALSE;
    }
  *number = (guint) parsed;
  return TRUE;
}

gboolean
tsr_doom2d_animation_parse (const guint8     *data,
                            gsize             size,
                            TsrDoom2dTexture *texture,
                            char            **resource,
                            GError          **error)
{
  g_autoptr(GHashTable) keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *text = tsr_doom2d_cp1251_to_utf8 (data, size);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  const char *name, *back;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *equals = strchr (lines[i], '=');

      if (equals == NULL)
        continue;
      *equals = '\0';
      g_hash_table_insert (keys, g_ascii_strdown (g_strstrip (lines[i]), -1),
                           g_strdup (g_strstrip (equals + 1)));
    }
  name = g_hash_table_lookup (keys, "resource");
  if (name == NULL || *name == '\0')
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("TEXT\\ANIM names no resource"));
      return FALSE;
    }
  if (!anim_number (keys, "framecount", 1, &texture->frame_count, error)
      || !anim_number (keys, "framewidth", 1, &texture->frame_width, error)
      || !anim_number (keys, "frameheight", 1, &texture->frame_height, error)
      || !anim_number (keys, "waitcount", 0, &texture->wait_count, error))
    return FALSE;
  back = g_hash_table_lookup (keys, "backanimation");
  texture->back_animation = back != NULL && (strcmp (back, "1") == 0 || g_ascii_strcasecmp (back, "true") == 0);
  texture->animated = TRUE;
  *resource = g_strdup (name);
  return TRUE;
}

TsrDoom2dTexture *
tsr_doom2d_texture_from_animation (GBytes  *archive,
                                   GError **error)
{
  TsrDoom2dWad *wad = tsr_doom2d_archive_read (archive, error);
  TsrDoom2dWadEntry *entry, *picture;
  g_autoptr(GBytes) anim = NULL;
  g_autoptr(TsrDoom2dTexture) texture = NULL;
  g_autofree char *resource = NULL;

  if (wad == NULL)
    return NULL;
  entry = tsr_doom2d_wad_find (wad, "TEXT", "ANIM");
  if (entry == NULL)
    {
      /* No entry to point at: the directory that lacks it. */
      tsr_set_error_at (error, TSR_ERROR_INVALID, wad->directory_offset, _("animated texture without TEXT\\ANIM"));
      goto out;
    }
  anim = tsr_doom2d_wad_get_data (wad, entry, error);
  if (anim == NULL)
    goto out;
  texture = g_new0 (TsrDoom2dTexture, 1);
  {
    g_autoptr(GError) local = NULL;

    if (!tsr_doom2d_animation_parse (g_bytes_get_data (anim, NULL), g_bytes_get_size (anim), texture,
                                     &resource, &local))
      {
        /* A text: the message names the key; the offset is TEXT\ANIM's entry in the archive. */
        tsr_set_error_at (error, (TsrError) local->code, entry->offset, "%s", local->message);
        g_clear_pointer (&texture, tsr_doom2d_texture_free);
        goto out;
      }
  }
  picture = tsr_doom2d_wad_find (wad, "TEXTURES", resource);
  if (picture == NULL)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, entry->offset,
                        _("TEXT\\ANIM names resource '%s', not in TEXTURES"), resource);
      g_clear_pointer (&texture, tsr_doom2d_texture_free);
      goto out;
    }
  texture->entry_offset = picture->offset;
  texture->bytes = tsr_doom2d_wad_get_data (wad, picture, error);
  if (texture->bytes == NULL)
    {
      g_clear_pointer (&texture, tsr_doom2d_texture_free);
      goto out;
    }
  texture->type = tsr_doom2d_resource_sniff (g_bytes_get_data (texture->bytes, NULL),
                                             g_bytes_get_size (texture->bytes));

out:
  tsr_doom2d_wad_free (wad);
  return g_steal_pointer (&texture);
}

guint
tsr_doom2d_texture_frame_at (const TsrDoom2dTexture *texture,
                             guint64                 tick)
{
  guint64 step, n = texture->frame_count;

  if (!texture->animated || n <= 1)
    return 0;
  step = tick / MAX (texture->wait_count, 1u);
  if (!texture->back_animation)
    return (guint) (step % n);
  step %= 2 * n - 2;
  return (guint) (step < n ? step : 2 * n - 2 - step);
}

void
tsr_doom2d_texture_frame_rect (const TsrDoom2dTexture *texture,
                               guint                   frame,
                               guint                   picture_width,
                               guint                   picture_height,
                               guint                  *x,
                               guint                  *width,
                               guint                  *height)
{
  guint64 left;

  if (!texture->animated || texture->frame_width == 0 || texture->frame_count == 0)
    {
      *x = 0;
      *width = picture_width;
      *height = picture_height;
      return;
    }
  frame = MIN (frame, texture->frame_count - 1);
  left = (guint64) frame * texture->frame_width;
  *x = (guint) MIN (left, (guint64) picture_width);
  *width = (guint) MIN ((guint64) texture->frame_width, picture_width - *x);
  *height = MIN (texture->frame_height, picture_height);
}

TsrImage *
tsr_doom2d_texture_decode (const TsrDoom2dTexture *texture,
                           const char             *label,
                           GError                **error)
{
  const guint8 *data = g_bytes_get_data (texture->bytes, NULL);
  gsize size = g_bytes_get_size (texture->bytes);

  switch (texture->type)
    {
    case TSR_DOOM2D_RESOURCE_PNG:
      return tsr_image_load_png (data, size, label, error);
    case TSR_DOOM2D_RESOURCE_TGA:
      return tsr_image_load_tga (data, size, label, error);
    default:
      tsr_set_error_at (error, TSR_ERROR_NOT_SUPPORTED, texture->entry_offset,
                        _("%s: only PNG and TGA textures are decoded here"), label);
      return NULL;
    }
}

TsrDoom2dTexture *
tsr_doom2d_resources_load_texture (TsrDoom2dResources *resources,
                                   const char         *path,
                                   GError            **error)
{
  guint32 offset = 0;
  g_autoptr(GBytes) bytes = lookup_entry (resources, path, &offset, error);
  TsrDoom2dTexture *texture;
  TsrDoom2dResourceType type;

  if (bytes == NULL)
    return NULL;
  type = tsr_doom2d_resource_sniff (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  if (type == TSR_DOOM2D_RESOURCE_DFWAD || type == TSR_DOOM2D_RESOURCE_ZIP)
    return tsr_doom2d_texture_from_animation (bytes, error);
  texture = g_new0 (TsrDoom2dTexture, 1);
  texture->type = type;
  texture->entry_offset = offset;
  texture->bytes = g_steal_pointer (&bytes);
  return texture;
}

/* The texture cache */

struct _TsrDoom2dTextureCache {
  TsrDoom2dResources     *resources;
  gboolean                owns_resources;
  TsrDoom2dTextureDecoder decoder;
  gpointer                user_data;
  GHashTable             *entries; /* lower-case path -> TsrDoom2dCachedTexture */
};

static void
cached_texture_free (TsrDoom2dCachedTexture *entry)
{
  g_free (entry->path);
  g_clear_pointer (&entry->texture, tsr_doom2d_texture_free);
  g_clear_pointer (&entry->image, tsr_image_free);
  g_clear_error (&entry->error);
  g_free (entry);
}

static TsrImage *
default_decoder (const TsrDoom2dTexture *texture,
                 const char             *label,
                 gpointer                user_data,
                 GError                **error)
{
  return tsr_doom2d_texture_decode (texture, label, error);
}

TsrDoom2dTextureCache *
tsr_doom2d_texture_cache_new (TsrDoom2dResources     *resources,
                              TsrDoom2dTextureDecoder decoder,
                              gpointer                user_data)
{
  TsrDoom2dTextureCache *cache = g_new0 (TsrDoom2dTextureCache, 1);

  cache->resources = resources;
  cache->owns_resources = TRUE;
  cache->decoder = decoder != NULL ? decoder : default_decoder;
  cache->user_data = user_data;
  cache->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) cached_texture_free);
  return cache;
}

void
tsr_doom2d_texture_cache_free (TsrDoom2dTextureCache *cache)
{
  if (cache == NULL)
    return;
  g_hash_table_unref (cache->entries);
  if (cache->owns_resources)
    tsr_doom2d_resources_free (cache->resources);
  g_free (cache);
}

TsrDoom2dTextureCache *
tsr_doom2d_texture_cache_new_borrowed (TsrDoom2dResources *resources)
{
  TsrDoom2dTextureCache *cache = tsr_doom2d_texture_cache_new (resources, NULL, NULL);

  cache->owns_resources = FALSE;
  return cache;
}

const TsrDoom2dCachedTexture *
tsr_doom2d_texture_cache_get (TsrDoom2dTextureCache *cache,
                              const char            *path)
{
  g_autofree char *key = g_ascii_strdown (path, -1);
  TsrDoom2dCachedTexture *entry = g_hash_table_lookup (cache->entries, key);

  if (entry != NULL)
    return entry;
  entry = g_new0 (TsrDoom2dCachedTexture, 1);
  entry->path = g_strdup (path);
  entry->special = tsr_doom2d_special_texture (path);
  if (entry->special == TSR_DOOM2D_SPECIAL_NONE)
    {
      if (cache->resources == NULL)
        g_set_error (&entry->error, TSR_ERROR, TSR_ERROR_IO, _("no resources to look textures up in"));
      else
        entry->texture = tsr_doom2d_resources_load_texture (cache->resources, path, &entry->error);
      if (entry->texture != NULL)
        entry->image = cache->decoder (entry->texture, path, cache->user_data, &entry->error);
      /* An animation whose strip is smaller than one frame cannot be played. */
      if (entry->image != NULL && entry->texture->animated
          && (entry->image->width < entry->texture->frame_width
              || entry->image->height < entry->texture->frame_height))
        {
          /* The picture's entry in the animation's archive. */
          tsr_set_error_at (&entry->error, TSR_ERROR_INVALID, entry->texture->entry_offset,
                            _("%s: the animation's picture is %ux%u, smaller than one %ux%u frame"), path,
                            entry->image->width, entry->image->height, entry->texture->frame_width,
                            entry->texture->frame_height);
          g_clear_pointer (&entry->image, tsr_image_free);
        }
    }
  g_hash_table_insert (cache->entries, g_steal_pointer (&key), entry);
  return entry;
}

TsrDoom2dResources *
tsr_doom2d_texture_cache_get_resources (TsrDoom2dTextureCache *cache)
{
  return cache->resources;
}

guint
tsr_doom2d_texture_cache_check_map (TsrDoom2dTextureCache *cache,
                                    const TsrDoom2dMap    *map,
                                    GPtrArray             *findings)
{
  guint failed = 0;

  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE); i++)
    {
      const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, i);
      const char *path = record->values[TSR_DOOM2D_TEXTURE_PATH].text;
      const TsrDoom2dCachedTexture *entry = tsr_doom2d_texture_cache_get (cache, path != NULL ? path : "");
      TsrFindingPlace place;
      g_autofree char *where = NULL;

      if (entry->special != TSR_DOOM2D_SPECIAL_NONE || entry->image != NULL)
        continue;
      failed++;
      place = tsr_finding_place_element (-1, "texture", (gint) i);
      where = g_strdup_printf (_("texture %u"), i);
      tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where, _("%s does not resolve: %s"),
                           path != NULL ? path : "", entry->error != NULL ? entry->error->message : "");
    }
  return failed;
}
