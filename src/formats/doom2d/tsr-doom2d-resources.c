/* tsr-doom2d-resources.c: resource paths, archive lookup across game folders, texture bytes. */
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/doom2d/tsr-doom2d-map.h"
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
static char *
find_file (const char *folder,
           const char *name)
{
  g_autofree char *exact = g_build_filename (folder, name, NULL);
  g_autoptr(GDir) dir = NULL;
  const char *entry;

  if (g_file_test (exact, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&exact);
  dir = g_dir_open (folder, 0, NULL);
  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    if (g_ascii_strcasecmp (entry, name) == 0)
      return g_build_filename (folder, entry, NULL);
  return NULL;
}

static const TsrDoom2dWad *
open_archive (TsrDoom2dResources *resources,
              const char         *archive,
              GError            **error)
{
  g_autofree char *key = g_ascii_strdown (archive, -1);
  TsrDoom2dWad *wad = NULL;

  if (*archive == '\0')
    {
      if (resources->own == NULL)
        g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "the map has no archive of its own");
      return resources->own;
    }
  if (g_hash_table_lookup_extended (resources->archives, key, NULL, (gpointer *) &wad))
    {
      if (wad == NULL)
        g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "archive %s not found in the game folders", archive);
      return wad;
    }
  for (guint i = 0; resources->folders != NULL && resources->folders[i] != NULL && wad == NULL; i++)
    {
      static const char *const subfolders[] = { ".", "wads", "maps", "data" };

      for (guint s = 0; s < G_N_ELEMENTS (subfolders) && wad == NULL; s++)
        {
          g_autofree char *folder = g_build_filename (resources->folders[i], subfolders[s], NULL);
          g_autofree char *path = find_file (folder, archive);
          g_autoptr(GBytes) bytes = NULL;

          if (path == NULL || (bytes = tsr_file_read (path, NULL)) == NULL)
            continue;
          wad = tsr_doom2d_archive_read (bytes, NULL);
        }
    }
  g_hash_table_insert (resources->archives, g_strdup (key), wad);
  if (wad == NULL)
    g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "archive %s not found in the game folders", archive);
  return wad;
}

GBytes *
tsr_doom2d_resources_lookup (TsrDoom2dResources *resources,
                             const char         *path,
                             GError            **error)
{
  g_autofree char *archive = NULL, *section = NULL, *name = NULL;
  const TsrDoom2dWad *wad;
  const TsrDoom2dWadEntry *entry;

  if (!tsr_doom2d_resource_split (path, &archive, &section, &name))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "resource path '%s' names no resource", path);
      return NULL;
    }
  wad = open_archive (resources, archive, error);
  if (wad == NULL)
    return NULL;
  entry = tsr_doom2d_wad_find (wad, section, name);
  if (entry == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "%s: no resource %s\\%s",
                   *archive ? archive : "the map's archive", section, name);
      return NULL;
    }
  return tsr_doom2d_wad_get_data (wad, entry, error);
}

void
tsr_doom2d_texture_free (TsrDoom2dTexture *texture)
{
  if (texture == NULL)
    return;
  g_clear_pointer (&texture->bytes, g_bytes_unref);
  g_free (texture);
}

static guint
anim_number (GHashTable *keys,
             const char *key)
{
  const char *value = g_hash_table_lookup (keys, key);
  guint64 number = 0;

  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT32, &number, NULL))
    return 0;
  return (guint) number;
}

TsrDoom2dTexture *
tsr_doom2d_texture_from_animation (GBytes  *archive,
                                   GError **error)
{
  g_autoptr(GHashTable) keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  TsrDoom2dWad *wad = tsr_doom2d_archive_read (archive, error);
  TsrDoom2dWadEntry *entry;
  g_autoptr(GBytes) anim = NULL;
  g_auto(GStrv) lines = NULL;
  TsrDoom2dTexture *texture = NULL;
  const char *resource;

  if (wad == NULL)
    return NULL;
  entry = tsr_doom2d_wad_find (wad, "TEXT", "ANIM");
  if (entry == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "animated texture without TEXT\\ANIM");
      goto out;
    }
  anim = tsr_doom2d_wad_get_data (wad, entry, error);
  if (anim == NULL)
    goto out;
  {
    g_autofree char *text = tsr_doom2d_cp1251_to_utf8 (g_bytes_get_data (anim, NULL), g_bytes_get_size (anim));
    lines = g_strsplit (text, "\n", -1);
  }
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *equals = strchr (lines[i], '=');
      if (equals == NULL)
        continue;
      *equals = '\0';
      g_hash_table_insert (keys, g_ascii_strdown (g_strstrip (lines[i]), -1),
                           g_strdup (g_strstrip (equals + 1)));
    }
  resource = g_hash_table_lookup (keys, "resource");
  entry = resource != NULL ? tsr_doom2d_wad_find (wad, "TEXTURES", resource) : NULL;
  if (entry == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "TEXT\\ANIM names resource '%s', not in TEXTURES",
                   resource != NULL ? resource : "");
      goto out;
    }
  texture = g_new0 (TsrDoom2dTexture, 1);
  texture->bytes = tsr_doom2d_wad_get_data (wad, entry, error);
  if (texture->bytes == NULL)
    {
      g_clear_pointer (&texture, tsr_doom2d_texture_free);
      goto out;
    }
  texture->type = tsr_doom2d_resource_sniff (g_bytes_get_data (texture->bytes, NULL),
                                             g_bytes_get_size (texture->bytes));
  texture->animated = TRUE;
  texture->frame_count = anim_number (keys, "framecount");
  texture->frame_width = anim_number (keys, "framewidth");
  texture->frame_height = anim_number (keys, "frameheight");
  texture->wait_count = anim_number (keys, "waitcount");
  texture->back_animation = g_strcmp0 (g_hash_table_lookup (keys, "backanimation"), "1") == 0
                            || g_ascii_strcasecmp (g_hash_table_lookup (keys, "backanimation")
                                                   ? g_hash_table_lookup (keys, "backanimation") : "",
                                                   "true") == 0;

out:
  tsr_doom2d_wad_free (wad);
  return texture;
}

TsrDoom2dTexture *
tsr_doom2d_resources_load_texture (TsrDoom2dResources *resources,
                                   const char         *path,
                                   GError            **error)
{
  g_autoptr(GBytes) bytes = tsr_doom2d_resources_lookup (resources, path, error);
  TsrDoom2dTexture *texture;
  TsrDoom2dResourceType type;

  if (bytes == NULL)
    return NULL;
  type = tsr_doom2d_resource_sniff (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  if (type == TSR_DOOM2D_RESOURCE_DFWAD || type == TSR_DOOM2D_RESOURCE_ZIP)
    return tsr_doom2d_texture_from_animation (bytes, error);
  texture = g_new0 (TsrDoom2dTexture, 1);
  texture->type = type;
  texture->bytes = g_steal_pointer (&bytes);
  return texture;
}
