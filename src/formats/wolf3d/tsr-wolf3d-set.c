/* tsr-wolf3d-set.c: finding, identifying, loading and saving a Wolf3D data set; validation,
 * the top-down level view and image extraction. */
#include "formats/wolf3d/tsr-wolf3d-set.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "core/tsr-finding.h"
#include "core/tsr-reader.h"
#include "formats/tsr-format.h"
#include "formats/wolf3d/tsr-wolf3d-assets.h"
#include "formats/wolf3d/tsr-wolf3d-palette.h"

static const char *const kind_names[TSR_WOLF3D_N_FILES] = {
  "MAPHEAD", "GAMEMAPS", "MAPTEMP", "VSWAP", "VGAHEAD", "VGADICT", "VGAGRAPH", "AUDIOHED", "AUDIOT",
};

static const char *const set_extensions[] = {
  "WL1", "WL3", "WL6", "SOD", "SDM", "SD1", "SD2", "SD3", NULL,
};

/* Releases told apart by extension and VGAHEAD chunk count (the real shareware v1.4 files have
 * 156 chunks; the notes' "556" for WL1 is not what the files hold). */
static const struct {
  const char *extension;
  guint       chunks;
  const char *name;
} known_versions[] = {
  { "WL1", 156, "Wolfenstein 3D shareware v1.4" },
  { "WL6", 149, "Wolfenstein 3D registered v1.4 (six episodes)" },
  { "SOD", 169, "Spear of Destiny" },
  { "SDM", 133, "Spear of Destiny demo" },
};

const char *
tsr_wolf3d_file_kind_name (TsrWolf3dFileKind kind)
{
  return kind >= 0 && kind < TSR_WOLF3D_N_FILES ? kind_names[kind] : "unknown";
}

TsrWolf3dFileKind
tsr_wolf3d_file_kind_from_name (const char *basename,
                                char      **extension)
{
  const char *dot = strrchr (basename, '.');
  g_autofree char *stem = NULL;

  if (dot == NULL)
    return TSR_WOLF3D_FILE_NONE;
  for (guint e = 0; set_extensions[e] != NULL; e++)
    if (g_ascii_strcasecmp (dot + 1, set_extensions[e]) == 0)
      {
        stem = g_ascii_strup (basename, dot - basename);
        for (guint k = 0; k < TSR_WOLF3D_N_FILES; k++)
          if (strcmp (stem, kind_names[k]) == 0)
            {
              if (extension != NULL)
                *extension = g_strdup (dot + 1);
              return (TsrWolf3dFileKind) k;
            }
      }
  return TSR_WOLF3D_FILE_NONE;
}

static guint32
read_u32 (const guint8 *p)
{
  return p[0] | (p[1] << 8) | (p[2] << 16) | ((guint32) p[3] << 24);
}

static guint16
read_u16 (const guint8 *p)
{
  return (guint16) (p[0] | (p[1] << 8));
}

/* For VGAGRAPH/AUDIOT: the sibling header's last offset must equal this file's size. */
static gboolean
sibling_header_matches (const char *path,
                        TsrWolf3dFileKind kind)
{
  g_autofree char *directory = NULL, *basename = NULL, *extension = NULL, *header = NULL;
  g_autofree guint8 *contents = NULL;
  GStatBuf info;
  gsize length = 0;
  guint32 last;
  TsrWolf3dFileKind header_kind = kind == TSR_WOLF3D_FILE_VGAGRAPH ? TSR_WOLF3D_FILE_VGAHEAD
                                                                   : TSR_WOLF3D_FILE_AUDIOHED;
  if (path == NULL || g_stat (path, &info) != 0)
    return FALSE;
  basename = g_path_get_basename (path);
  if (tsr_wolf3d_file_kind_from_name (basename, &extension) != kind)
    return FALSE;
  directory = g_path_get_dirname (path);
  {
    g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
    const char *name;
    g_autofree char *wanted = g_strdup_printf ("%s.%s", kind_names[header_kind], extension);

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      if (g_ascii_strcasecmp (name, wanted) == 0)
        header = g_build_filename (directory, name, NULL);
  }
  if (header == NULL || !g_file_get_contents (header, (char **) &contents, &length, NULL))
    return FALSE;
  if (header_kind == TSR_WOLF3D_FILE_VGAHEAD)
    {
      if (length < 3 || length % 3 != 0)
        return FALSE;
      last = contents[length - 3] | (contents[length - 2] << 8) | (contents[length - 1] << 16);
    }
  else
    {
      if (length < 4 || length % 4 != 0)
        return FALSE;
      last = read_u32 (contents + length - 4);
    }
  return last == (guint64) info.st_size;
}

guint
tsr_wolf3d_sniff_kind (const guint8      *data,
                       gsize              size,
                       const char        *path,
                       TsrWolf3dFileKind *kind)
{
  g_autofree char *basename = path != NULL ? g_path_get_basename (path) : NULL;
  TsrWolf3dFileKind named = basename != NULL ? tsr_wolf3d_file_kind_from_name (basename, NULL)
                                             : TSR_WOLF3D_FILE_NONE;

  *kind = TSR_WOLF3D_FILE_NONE;
  if (size >= 8 && memcmp (data, "TED5v1.0", 8) == 0)
    {
      *kind = named == TSR_WOLF3D_FILE_MAPTEMP ? TSR_WOLF3D_FILE_MAPTEMP : TSR_WOLF3D_FILE_GAMEMAPS;
      return TSR_SNIFF_CERTAIN;
    }

  /* MAPHEAD: tag, 100 offsets. */
  /* (the tag is never 0, which also keeps AUDIOHED, starting with a 0 offset, out) */
  if (size >= 402 && size <= 402 + 64 && read_u16 (data) != 0)
    {
      gboolean ok = TRUE;
      guint used = 0;

      /* Slots are empty (0, -1) or point past the GAMEMAPS signature; editors other than TED5
       * may leave gaps or store levels out of order. */
      for (guint i = 0; i < 100 && ok; i++)
        {
          gint32 value = (gint32) read_u32 (data + 2 + 4 * i);

          if (value > 0 && (value < 8 || value > (1 << 26)))
            ok = FALSE;
          else if (value > 0)
            used++;
        }
      if (ok && used > 0)
        {
          *kind = TSR_WOLF3D_FILE_MAPHEAD;
          return TSR_SNIFF_LIKELY;
        }
    }

  /* VSWAP: page counts in order, the offset table inside the file, first page after it. */
  if (size >= 16)
    {
      guint16 pages = read_u16 (data), sprites = read_u16 (data + 2), sounds = read_u16 (data + 4);
      gsize table = 6 + 6 * (gsize) pages;

      if (pages > 0 && sprites <= sounds && sounds <= pages && table <= size)
        {
          guint32 first = read_u32 (data + 6);
          guint32 previous = first;
          gboolean ok = first >= table;

          /* Pages in file order, each inside the file (offset 0: page left out). */
          for (guint i = 0; i < pages && ok; i++)
            {
              guint32 offset = read_u32 (data + 6 + 4 * i);
              guint16 length = read_u16 (data + 6 + 4 * (gsize) pages + 2 * i);

              if (offset == 0)
                continue;
              if (offset < previous || offset > size || length > size - offset)
                ok = FALSE;
              previous = offset;
            }
          if (ok)
            {
              *kind = TSR_WOLF3D_FILE_VSWAP;
              return TSR_SNIFF_LIKELY;
            }
        }
    }

  /* VGADICT: 255 nodes whose values are bytes or other nodes, root last. */
  if (size == 1024 || size == 1020)
    {
      gboolean ok = TRUE;

      for (guint i = 0; i < 510 && ok; i++)
        if (read_u16 (data + 2 * i) >= 256 + 255)
          ok = FALSE;
      if (ok)
        {
          *kind = TSR_WOLF3D_FILE_VGADICT;
          return TSR_SNIFF_LIKELY;
        }
    }

  /* VGAHEAD: 3-byte offsets from 0, never decreasing (FF FF FF = absent). */
  if (size >= 6 && size % 3 == 0 && size <= 3 * 4096 && data[0] == 0 && data[1] == 0 && data[2] == 0)
    {
      guint32 previous = 0;
      gboolean ok = TRUE;

      for (gsize i = 3; i < size && ok; i += 3)
        {
          guint32 value = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16);

          if (value == 0xFFFFFF)
            continue;
          if (value < previous)
            ok = FALSE;
          previous = value;
        }
      if (ok && previous > 0)
        {
          *kind = TSR_WOLF3D_FILE_VGAHEAD;
          return named == TSR_WOLF3D_FILE_VGAHEAD ? TSR_SNIFF_LIKELY : TSR_SNIFF_MAYBE;
        }
    }

  /* AUDIOHED: 32-bit offsets from 0, never decreasing. */
  if (size >= 8 && size % 4 == 0 && size <= 4 * 4096 && read_u32 (data) == 0)
    {
      guint32 previous = 0;
      gboolean ok = TRUE;

      for (gsize i = 4; i < size && ok; i += 4)
        {
          guint32 value = read_u32 (data + i);

          if (value < previous)
            ok = FALSE;
          previous = value;
        }
      if (ok && previous > 0)
        {
          *kind = TSR_WOLF3D_FILE_AUDIOHED;
          return named == TSR_WOLF3D_FILE_AUDIOHED ? TSR_SNIFF_LIKELY : TSR_SNIFF_MAYBE;
        }
    }

  if ((named == TSR_WOLF3D_FILE_VGAGRAPH || named == TSR_WOLF3D_FILE_AUDIOT)
      && sibling_header_matches (path, named))
    {
      *kind = named;
      return TSR_SNIFF_LIKELY;
    }
  /* A member named as such whose bytes do not fit (cut short, overwritten) is still this set's:
   * loading it says what is wrong, where "no format recognises it" would not. */
  if (named == TSR_WOLF3D_FILE_MAPHEAD || named == TSR_WOLF3D_FILE_GAMEMAPS
      || named == TSR_WOLF3D_FILE_MAPTEMP || named == TSR_WOLF3D_FILE_VSWAP)
    {
      *kind = named;
      return TSR_SNIFF_MAYBE;
    }
  return TSR_SNIFF_NO;
}

void
tsr_wolf3d_set_free (TsrWolf3dSet *set)
{
  if (set == NULL)
    return;
  for (guint k = 0; k < TSR_WOLF3D_N_FILES; k++)
    {
      g_free (set->names[k]);
      g_clear_pointer (&set->files[k], g_bytes_unref);
    }
  g_free (set->directory);
  g_free (set->extension);
  g_free (set->version);
  tsr_wolf3d_maps_free (set->maps);
  tsr_wolf3d_vswap_free (set->vswap);
  tsr_wolf3d_graphics_free (set->graphics);
  g_free (set);
}

static void
set_identify (TsrWolf3dSet *set)
{
  const char *extension = set->extension != NULL ? set->extension : "";

  set->game = (g_ascii_strncasecmp (extension, "SD", 2) == 0) ? TSR_WOLF3D_GAME_SPEAR
                                                             : TSR_WOLF3D_GAME_WOLF3D;
  if (set->graphics != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (known_versions); i++)
      if (g_ascii_strcasecmp (known_versions[i].extension, extension) == 0
          && known_versions[i].chunks == set->graphics->n_chunks)
        {
          set->version = g_strdup (known_versions[i].name);
          return;
        }
  if (g_ascii_strcasecmp (extension, "WL1") == 0)
    set->version = g_strdup ("Wolfenstein 3D shareware (unknown version)");
  else if (g_ascii_strcasecmp (extension, "WL3") == 0)
    set->version = g_strdup ("Wolfenstein 3D registered (three episodes)");
  else if (g_ascii_strcasecmp (extension, "WL6") == 0)
    set->version = g_strdup ("Wolfenstein 3D registered (six episodes)");
  else if (g_ascii_strcasecmp (extension, "SOD") == 0)
    set->version = g_strdup ("Spear of Destiny");
  else if (g_ascii_strcasecmp (extension, "SDM") == 0)
    set->version = g_strdup ("Spear of Destiny demo");
  else if (g_ascii_strncasecmp (extension, "SD", 2) == 0)
    set->version = g_strdup_printf ("Spear of Destiny mission pack %c", extension[2]);
  else
    set->version = g_strdup (set->game == TSR_WOLF3D_GAME_SPEAR ? "Spear of Destiny (unknown version)"
                                                               : "Wolfenstein 3D (unknown version)");
}

TsrWolf3dSet *
tsr_wolf3d_set_load_files (GBytes            **files,
                           TsrWolf3dFileKind   main_kind,
                           const char         *extension,
                           GError            **error)
{
  TsrWolf3dSet *set = g_new0 (TsrWolf3dSet, 1);

  set->main_kind = main_kind;
  set->extension = g_strdup (extension);
  for (guint k = 0; k < TSR_WOLF3D_N_FILES; k++)
    if (files[k] != NULL)
      {
        set->files[k] = g_bytes_ref (files[k]);
        set->names[k] = g_strdup_printf ("%s.%s", kind_names[k], extension != NULL ? extension : "WL6");
      }

  if (files[TSR_WOLF3D_FILE_MAPHEAD] != NULL
      && (files[TSR_WOLF3D_FILE_GAMEMAPS] != NULL || files[TSR_WOLF3D_FILE_MAPTEMP] != NULL))
    {
      gboolean carmack = files[TSR_WOLF3D_FILE_GAMEMAPS] != NULL;

      set->maps = tsr_wolf3d_maps_load (files[TSR_WOLF3D_FILE_MAPHEAD],
                                        files[carmack ? TSR_WOLF3D_FILE_GAMEMAPS : TSR_WOLF3D_FILE_MAPTEMP],
                                        carmack, error);
      if (set->maps == NULL)
        goto failed;
    }
  if (files[TSR_WOLF3D_FILE_VSWAP] != NULL)
    {
      set->vswap = tsr_wolf3d_vswap_load (files[TSR_WOLF3D_FILE_VSWAP], error);
      if (set->vswap == NULL)
        goto failed;
    }
  if (files[TSR_WOLF3D_FILE_VGAHEAD] != NULL && files[TSR_WOLF3D_FILE_VGADICT] != NULL
      && files[TSR_WOLF3D_FILE_VGAGRAPH] != NULL)
    {
      set->graphics = tsr_wolf3d_graphics_load (files[TSR_WOLF3D_FILE_VGAHEAD],
                                                files[TSR_WOLF3D_FILE_VGADICT],
                                                files[TSR_WOLF3D_FILE_VGAGRAPH], error);
      if (set->graphics == NULL)
        goto failed;
    }
  if (files[TSR_WOLF3D_FILE_AUDIOHED] != NULL)
    {
      gsize size = g_bytes_get_size (files[TSR_WOLF3D_FILE_AUDIOHED]);

      if (size % 4 != 0 || size < 4)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, size,
                            _("AUDIOHED: a multiple of 4 bytes expected, %zu bytes"), size);
          goto failed;
        }
      set->n_audio_chunks = size / 4 - 1;
    }
  set_identify (set);
  return set;

failed:
  tsr_wolf3d_set_free (set);
  return NULL;
}

TsrWolf3dSet *
tsr_wolf3d_set_load (const char *path,
                     GBytes     *bytes,
                     GError    **error)
{
  GBytes *files[TSR_WOLF3D_N_FILES] = { NULL };
  char *names[TSR_WOLF3D_N_FILES] = { NULL };
  g_autofree char *directory = NULL, *extension = NULL;
  TsrWolf3dFileKind main_kind = TSR_WOLF3D_FILE_NONE;
  TsrWolf3dSet *set = NULL;

  if (path == NULL)
    {
      /* Bytes alone: a one-file set of whatever they look like. */
      gsize size = 0;
      const guint8 *data = g_bytes_get_data (bytes, &size);

      if (tsr_wolf3d_sniff_kind (data, size, NULL, &main_kind) == TSR_SNIFF_NO)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_FORMAT,
                       _("not a Wolfenstein 3D data file"));
          return NULL;
        }
      files[main_kind] = bytes;
      return tsr_wolf3d_set_load_files (files, main_kind, NULL, error);
    }

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    directory = g_strdup (path);
  else
    {
      g_autofree char *basename = g_path_get_basename (path);

      directory = g_path_get_dirname (path);
      main_kind = tsr_wolf3d_file_kind_from_name (basename, &extension);
      if (main_kind == TSR_WOLF3D_FILE_NONE)
        {
          gsize size = 0;
          const guint8 *data = bytes != NULL ? g_bytes_get_data (bytes, &size) : NULL;

          /* A renamed member: load it alone by content. */
          if (data == NULL || tsr_wolf3d_sniff_kind (data, size, NULL, &main_kind) == TSR_SNIFF_NO)
            {
              g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_FORMAT,
                           _("%s is not named like a Wolfenstein 3D data file (MAPHEAD.WL6, VSWAP.SOD, ...)"),
                           basename);
              return NULL;
            }
          files[main_kind] = bytes;
          set = tsr_wolf3d_set_load_files (files, main_kind, NULL, error);
          if (set != NULL)
            {
              g_free (set->names[main_kind]);
              set->names[main_kind] = g_strdup (basename);
              set->directory = g_steal_pointer (&directory);
            }
          return set;
        }
    }

  {
    g_autoptr(GDir) dir = g_dir_open (directory, 0, error);
    const char *name;

    if (dir == NULL)
      return NULL;
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *found_extension = NULL;
        TsrWolf3dFileKind kind = tsr_wolf3d_file_kind_from_name (name, &found_extension);

        if (kind == TSR_WOLF3D_FILE_NONE)
          continue;
        if (extension == NULL && (kind == TSR_WOLF3D_FILE_MAPHEAD || kind == TSR_WOLF3D_FILE_VSWAP))
          {
            extension = g_strdup (found_extension);
            main_kind = kind;
          }
        if (extension != NULL && g_ascii_strcasecmp (found_extension, extension) == 0 && names[kind] == NULL)
          names[kind] = g_strdup (name);
      }
    /* A folder scan may meet siblings before the file that fixed the extension. */
    g_dir_rewind (dir);
    while (extension != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *found_extension = NULL;
        TsrWolf3dFileKind kind = tsr_wolf3d_file_kind_from_name (name, &found_extension);

        if (kind != TSR_WOLF3D_FILE_NONE && names[kind] == NULL
            && g_ascii_strcasecmp (found_extension, extension) == 0)
          names[kind] = g_strdup (name);
      }
  }
  if (extension == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_FORMAT,
                   _("%s: no MAPHEAD or VSWAP file of a Wolfenstein 3D data set"), directory);
      return NULL;
    }

  for (guint k = 0; k < TSR_WOLF3D_N_FILES; k++)
    {
      g_autofree char *file = NULL;

      if (names[k] == NULL)
        continue;
      if (k == (guint) main_kind && bytes != NULL)
        {
          files[k] = g_bytes_ref (bytes);
          continue;
        }
      file = g_build_filename (directory, names[k], NULL);
      files[k] = tsr_file_read_sibling (file, error);
      if (files[k] == NULL)
        goto out;
    }

  set = tsr_wolf3d_set_load_files (files, main_kind, extension, error);
  if (set != NULL)
    {
      for (guint k = 0; k < TSR_WOLF3D_N_FILES; k++)
        if (names[k] != NULL)
          {
            g_free (set->names[k]);
            set->names[k] = g_strdup (names[k]);
          }
      set->directory = g_steal_pointer (&directory);
    }

out:
  for (guint k = 0; k < TSR_WOLF3D_N_FILES; k++)
    {
      g_free (names[k]);
      if (files[k] != NULL && !(path == NULL && files[k] == bytes))
        g_bytes_unref (files[k]);
    }
  return set;
}

GPtrArray *
tsr_wolf3d_set_save (const TsrWolf3dSet *set,
                     const char         *path,
                     GError            **error)
{
  g_autoptr(GPtrArray) outputs = tsr_output_files_new ();
  g_autoptr(GBytes) maphead = NULL;
  g_autoptr(GBytes) gamemaps = NULL;
  g_autofree char *directory = NULL;
  TsrWolf3dFileKind order[TSR_WOLF3D_N_FILES];
  guint n_order = 0;

  if (path != NULL)
    directory = g_file_test (path, G_FILE_TEST_IS_DIR) ? g_strdup (path) : g_path_get_dirname (path);
  else if (set->directory != NULL)
    directory = g_strdup (set->directory);

  if (set->maps != NULL && !tsr_wolf3d_maps_save (set->maps, FALSE, &maphead, &gamemaps, error))
    return NULL;

  if (set->main_kind != TSR_WOLF3D_FILE_NONE)
    order[n_order++] = set->main_kind;
  for (guint k = 0; k < TSR_WOLF3D_N_FILES; k++)
    if ((TsrWolf3dFileKind) k != set->main_kind)
      order[n_order++] = k;

  for (guint i = 0; i < n_order; i++)
    {
      TsrWolf3dFileKind kind = order[i];
      GBytes *bytes = set->files[kind];
      g_autofree char *file = NULL;

      if (bytes == NULL)
        continue;
      if (set->maps != NULL && kind == TSR_WOLF3D_FILE_MAPHEAD)
        bytes = maphead;
      else if (set->maps != NULL && (kind == TSR_WOLF3D_FILE_GAMEMAPS || kind == TSR_WOLF3D_FILE_MAPTEMP))
        bytes = gamemaps;
      file = directory != NULL ? g_build_filename (directory, set->names[kind], NULL) : g_strdup (set->names[kind]);
      g_ptr_array_add (outputs, tsr_output_file_new (file, bytes));
    }
  return g_steal_pointer (&outputs);
}

/* ---- validation --------------------------------------------------------------------------- */

static gboolean
tile_is_wall (const TsrWolf3dLevel *level,
              int                   x,
              int                   y)
{
  if (x < 0 || y < 0 || x >= level->width || y >= level->height)
    return FALSE;
  return tsr_wolf3d_tile_classify (level->planes[0][(gsize) y * level->width + x]) == TSR_WOLF3D_TILE_WALL;
}

void
tsr_wolf3d_set_validate (const TsrWolf3dSet *set,
                         GPtrArray          *findings)
{
  if (set->maps == NULL)
    return;
  for (guint i = 0; i < set->maps->levels->len; i++)
    {
      const TsrWolf3dLevel *level = g_ptr_array_index (set->maps->levels, i);
      g_autofree char *where = NULL;
      g_autoptr(GHashTable) unknown_tiles = NULL;
      g_autoptr(GHashTable) unknown_objects = NULL;
      TsrWolf3dStats stats;
      TsrFindingPlace whole;
      gsize tiles, first_hole = 0;
      guint actors = 0, holes = 0;

      if (level == NULL)
        continue;
      /* Numbered from 1, as the editor's levels list and the game's floors are. */
      where = g_strdup_printf (_("level %u (%s)"), i + 1, level->name);
      whole = tsr_finding_place_element ((gint) i, "level", (gint) i);
      tiles = (gsize) level->width * level->height;
      if (level->width != 64 || level->height != 64)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &whole, where,
                          _("%ux%u tiles; the original engine only plays 64x64 levels"),
                          level->width, level->height);

      tsr_wolf3d_level_stats (set->game, level->planes[0], level->planes[1], tiles, 3, &stats);
      /* WL_GAME.C ScanInfoPlane calls WL_AGENT.C SpawnPlayer for each start: each moves the one
       * player, so the last start in the scan wins. With none the player is never spawned: it
       * stays at (0,0), in the corner wall, with no state to move it (WL_PLAY.C PlayLoop). */
      if (stats.players == 0)
        tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &whole, where,
                          _("no player start; the engine cannot place the player"));
      else if (stats.players > 1)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &whole, where,
                          _("%u player starts; the engine places the player at the last one"), stats.players);
      unknown_tiles = g_hash_table_new (NULL, NULL);
      unknown_objects = g_hash_table_new (NULL, NULL);
      for (gsize t = 0; t < tiles; t++)
        {
          TsrWolf3dObjectInfo info;
          guint16 tile = level->planes[0][t], object = level->planes[1][t];

          if (tile == 0 && holes++ == 0)
            first_hole = t;
          if (tsr_wolf3d_tile_classify (tile) == TSR_WOLF3D_TILE_UNKNOWN)
            g_hash_table_insert (unknown_tiles, GUINT_TO_POINTER (tile), GUINT_TO_POINTER (t + 1));
          if (!tsr_wolf3d_object_lookup (set->game, object, &info))
            g_hash_table_insert (unknown_objects, GUINT_TO_POINTER (object), GUINT_TO_POINTER (t + 1));
          else if (info.kind == TSR_WOLF3D_OBJECT_ENEMY || info.kind == TSR_WOLF3D_OBJECT_BOSS
                   || info.kind == TSR_WOLF3D_OBJECT_DEAD)
            actors++;
          if (tsr_wolf3d_tile_classify (tile) == TSR_WOLF3D_TILE_DOOR)
            {
              int x = (int) (t % level->width), y = (int) (t / level->width);
              /* A vertical door (even code) is entered from east or west: walls north and south. */
              gboolean vertical = tile % 2 == 0;
              gboolean ok = vertical ? tile_is_wall (level, x, y - 1) && tile_is_wall (level, x, y + 1)
                                     : tile_is_wall (level, x - 1, y) && tile_is_wall (level, x + 1, y);
              if (!ok)
                {
                  TsrFindingPlace place = tsr_finding_place_at ((gint) i, "cell", (gint) t,
                                                                TSR_FINDING_POINT_CELLS, x, y);

                  tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                                       _("door at (%d,%d) is not between two walls"), x, y);
                }
            }
        }
      /* The engine takes every cell that is not a wall or a door for floor and reads its area
       * number as code - 107: a 0 gives a negative area and corrupts its area tables. */
      if (holes > 0)
        {
          TsrFindingPlace hole = tsr_finding_place_at ((gint) i, "cell", (gint) first_hole, TSR_FINDING_POINT_CELLS,
                                                       first_hole % level->width, first_hole / level->width);
          tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &hole, where,
                               _("%u cells of plane 0 hold code 0, which is no wall, door or floor (area codes"
                               " are %d..%d), e.g. at (%u,%u)"), holes, TSR_WOLF3D_AREA_FIRST, TSR_WOLF3D_AREA_LAST,
                               (guint) (first_hole % level->width), (guint) (first_hole / level->width));
        }
      if (actors > 150)
        tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &whole, where,
                          _("%u actors on hard, the engine holds at most 150"), actors);
      if (stats.statics > 400)
        tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &whole, where,
                          _("%u static objects, the engine holds at most 400"), stats.statics);
      if (stats.doors > 64)
        tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &whole, where,
                          _("%u doors, the engine holds at most 64"), stats.doors);

      GHashTableIter iter;
      gpointer key, value;
      g_hash_table_iter_init (&iter, unknown_tiles);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          guint t = GPOINTER_TO_UINT (value) - 1;
          TsrFindingPlace place = tsr_finding_place_at ((gint) i, "cell", (gint) t, TSR_FINDING_POINT_CELLS,
                                                        t % level->width, t / level->width);

          tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where, _("unknown tile code %u (e.g. at %u,%u)"),
                               GPOINTER_TO_UINT (key), t % level->width, t / level->width);
        }
      g_hash_table_iter_init (&iter, unknown_objects);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          guint t = GPOINTER_TO_UINT (value) - 1;
          /* "object": the cell on the objects plane. */
          TsrFindingPlace place = tsr_finding_place_at ((gint) i, "object", (gint) t, TSR_FINDING_POINT_CELLS,
                                                        t % level->width, t / level->width);

          tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where, _("unknown object code %u (e.g. at %u,%u)"),
                               GPOINTER_TO_UINT (key), t % level->width, t / level->width);
        }
    }
}

/* ---- rendering ---------------------------------------------------------------------------- */

/* Scales a 64x64 indexed tile into IMAGE at (X0, Y0), SIZE pixels square. */
static void
draw_tile (TsrImage       *image,
           const guint16  *pixels,
           const guint32  *palette,
           guint           x0,
           guint           y0,
           guint           size)
{
  for (guint y = 0; y < size; y++)
    for (guint x = 0; x < size; x++)
      {
        guint16 value = pixels[(y * 64 / size) * 64 + x * 64 / size];

        if (value != TSR_WOLF3D_TRANSPARENT)
          tsr_image_set_pixel (image, x0 + x, y0 + y, palette[value & 0xFF]);
      }
}

static void
fill_rect (TsrImage *image,
           guint     x0,
           guint     y0,
           guint     width,
           guint     height,
           guint32   rgba)
{
  for (guint y = y0; y < y0 + height; y++)
    for (guint x = x0; x < x0 + width; x++)
      tsr_image_set_pixel (image, x, y, rgba);
}

static guint32
tile_flat_colour (guint16 tile)
{
  switch (tsr_wolf3d_tile_classify (tile))
    {
    case TSR_WOLF3D_TILE_WALL:
      return 0x6C6C6CFF;
    case TSR_WOLF3D_TILE_DOOR:
      return tile >= 100 ? 0x3C8C8CFF : tile >= 92 ? 0xC8A000FF : 0x4C7CC8FF;
    case TSR_WOLF3D_TILE_AMBUSH:
      return 0x602020FF;
    case TSR_WOLF3D_TILE_AREA:
      return 0x383838FF;
    case TSR_WOLF3D_TILE_EMPTY:
      return 0x000000FF;
    case TSR_WOLF3D_TILE_UNKNOWN:
    default:
      return 0xFF00FFFF;
    }
}

static guint32
object_marker_colour (TsrWolf3dObjectClass kind)
{
  switch (kind)
    {
    case TSR_WOLF3D_OBJECT_PLAYER:   return 0x00FF00FF;
    case TSR_WOLF3D_OBJECT_ENEMY:    return 0xFF3030FF;
    case TSR_WOLF3D_OBJECT_BOSS:     return 0xFF00FFFF;
    case TSR_WOLF3D_OBJECT_DEAD:     return 0x802020FF;
    case TSR_WOLF3D_OBJECT_TREASURE: return 0xFFD700FF;
    case TSR_WOLF3D_OBJECT_KEY:      return 0x00FFFFFF;
    case TSR_WOLF3D_OBJECT_PICKUP:   return 0x80FF80FF;
    case TSR_WOLF3D_OBJECT_PUSHWALL: return 0xFFFF00FF;
    case TSR_WOLF3D_OBJECT_EXIT:     return 0xFFFFFFFF;
    case TSR_WOLF3D_OBJECT_TURN:     return 0x8080FFFF;
    case TSR_WOLF3D_OBJECT_STATIC:   return 0xA0A0A0FF;
    default:                         return 0xFF00FFFF;
    }
}

TsrImage *
tsr_wolf3d_set_render_level (const TsrWolf3dSet *set,
                             guint               index,
                             guint               tile_size,
                             GError            **error)
{
  const TsrWolf3dLevel *level;
  const guint32 *palette = tsr_wolf3d_palette_get (set->game);
  g_autoptr(GHashTable) cache = NULL;
  TsrImage *image;

  if (set->maps == NULL || (level = tsr_wolf3d_maps_get_level (set->maps, index)) == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, _("no level %u in the set (%u levels)"),
                   index, set->maps != NULL ? set->maps->levels->len : 0);
      return NULL;
    }
  tile_size = CLAMP (tile_size, 1, 64);
  image = tsr_image_new (level->width * tile_size, level->height * tile_size);
  if (image == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%ux%u tiles of %u pixels is too large"),
                   level->width, level->height, tile_size);
      return NULL;
    }
  /* Decoded pages by key (wall page or 0x10000 + sprite); NULL value = undecodable. */
  cache = g_hash_table_new_full (NULL, NULL, NULL, g_free);

  for (guint pass = 0; pass < 2; pass++)
    for (guint y = 0; y < level->height; y++)
      for (guint x = 0; x < level->width; x++)
        {
          gsize t = (gsize) y * level->width + x;
          guint16 *pixels = NULL;
          guint key;

          if (pass == 0)
            {
              guint16 tile = level->planes[0][t];
              int page = set->vswap != NULL ? tsr_wolf3d_tile_texture (tile, set->vswap->sprite_start) : -1;

              fill_rect (image, x * tile_size, y * tile_size, tile_size, tile_size, tile_flat_colour (tile));
              if (page < 0)
                continue;
              key = (guint) page;
              if (!g_hash_table_lookup_extended (cache, GUINT_TO_POINTER (key), NULL, (gpointer *) &pixels))
                {
                  guint8 indexed[64 * 64];

                  pixels = NULL;
                  if (tsr_wolf3d_vswap_decode_wall (set->vswap, (guint) page, indexed, NULL))
                    {
                      pixels = g_new (guint16, 64 * 64);
                      for (guint i = 0; i < 64 * 64; i++)
                        pixels[i] = indexed[i];
                    }
                  g_hash_table_insert (cache, GUINT_TO_POINTER (key), pixels);
                }
              if (pixels != NULL)
                draw_tile (image, pixels, palette, x * tile_size, y * tile_size, tile_size);
            }
          else
            {
              TsrWolf3dObjectInfo info;
              guint16 object = level->planes[1][t];

              if (object == 0)
                continue;
              tsr_wolf3d_object_lookup (set->game, object, &info);
              if (info.sprite >= 0 && set->vswap != NULL)
                {
                  key = 0x10000u + (guint) info.sprite;
                  if (!g_hash_table_lookup_extended (cache, GUINT_TO_POINTER (key), NULL, (gpointer *) &pixels))
                    {
                      pixels = g_new (guint16, 64 * 64);
                      if (!tsr_wolf3d_vswap_decode_sprite (set->vswap, (guint) info.sprite, pixels, NULL))
                        g_clear_pointer (&pixels, g_free);
                      g_hash_table_insert (cache, GUINT_TO_POINTER (key), pixels);
                    }
                }
              if (pixels != NULL)
                draw_tile (image, pixels, palette, x * tile_size, y * tile_size, tile_size);
              else
                {
                  guint inset = tile_size / 4;

                  fill_rect (image, x * tile_size + inset, y * tile_size + inset,
                             MAX (tile_size - 2 * inset, 1), MAX (tile_size - 2 * inset, 1),
                             object_marker_colour (info.kind));
                }
              if (info.kind == TSR_WOLF3D_OBJECT_PLAYER && tile_size >= 4)
                {
                  /* A tick from the centre to the edge the player faces. */
                  static const int dx[] = { 1, 0, -1, 0 }, dy[] = { 0, -1, 0, 1 };
                  int cx = (int) (x * tile_size + tile_size / 2), cy = (int) (y * tile_size + tile_size / 2);

                  for (int step = 0; step < (int) tile_size / 2; step++)
                    tsr_image_set_pixel (image, (guint) (cx + dx[info.direction] * step),
                                         (guint) (cy + dy[info.direction] * step), 0xFFFFFFFF);
                }
            }
        }
  return image;
}

/* ---- extraction --------------------------------------------------------------------------- */

static gboolean
save_image (TsrImage   *image,
            const char *directory,
            const char *name,
            GPtrArray  *written,
            GError    **error)
{
  g_autofree char *file = g_build_filename (directory, name, NULL);
  gboolean ok = tsr_image_save_png (image, file, error);

  tsr_image_free (image);
  if (ok && written != NULL)
    g_ptr_array_add (written, g_steal_pointer (&file));
  return ok;
}

gboolean
tsr_wolf3d_set_extract (const TsrWolf3dSet *set,
                        const char         *directory,
                        GPtrArray          *written,
                        GError            **error)
{
  g_autoptr(GArray) assets = tsr_wolf3d_set_list_assets (set);

  if (g_mkdir_with_parents (directory, 0755) != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("cannot create folder %s"), directory);
      return FALSE;
    }
  for (guint i = 0; i < assets->len; i++)
    {
      TsrWolf3dAsset asset = g_array_index (assets, TsrWolf3dAsset, i);
      g_autofree char *name = tsr_wolf3d_asset_file_name (asset);
      TsrImage *image = tsr_wolf3d_set_decode_asset (set, asset, error);

      if (image == NULL || !save_image (image, directory, name, written, error))
        return FALSE;
    }
  return TRUE;
}
