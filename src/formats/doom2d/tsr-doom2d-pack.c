/* tsr-doom2d-pack.c: the packer for resource folders described by a .lst packing list. */
#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-pack.h"
#include "formats/doom2d/tsr-doom2d-resources.h"

/* Nested lists (animations) go one level deep in the game's data; a little more is allowed, but
 * a list that packs itself must end. */
#define MAX_DEPTH 4

/* FOLDER/NAME with NAME matched without case when the exact name is not there, or NULL. */
/* The file a list names by RELATIVE ('A\B\C.tga') under BASE, each part matched without case. */
static char *
resolve (const char *base,
         const char *relative)
{
  g_auto(GStrv) parts = g_strsplit_set (relative, "\\/", -1);
  g_autofree char *path = g_strdup (base);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *next;

      if (*parts[i] == '\0' || strcmp (parts[i], ".") == 0)
        continue;
      if (strcmp (parts[i], "..") == 0)
        return NULL;
      next = tsr_doom2d_find_child (path, parts[i], G_FILE_TEST_EXISTS);
      if (next == NULL)
        return NULL;
      g_free (path);
      path = next;
    }
  return g_steal_pointer (&path);
}

static TsrDoom2dWad *pack_list (const char *list_path,
                                guint       depth,
                                GPtrArray  *missing,
                                GError    **error);

/* The data for a listed X.wad: the file when there is one, else the folder X packed from the
 * list X.lst beside it. NULL without an error when neither exists. */
static GBytes *
pack_entry (const char *base,
            const char *relative,
            guint       depth,
            GPtrArray  *missing,
            GError    **error)
{
  g_autofree char *path = resolve (base, relative);
  gsize length = strlen (relative);
  g_autofree char *list_relative = NULL, *list_path = NULL;
  TsrDoom2dWad *nested;
  GBytes *bytes;

  if (path != NULL && g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return tsr_file_read (path, error);
  if (length < 4 || g_ascii_strcasecmp (relative + length - 4, ".wad") != 0)
    return NULL;
  list_relative = g_strdup_printf ("%.*s.lst", (int) (length - 4), relative);
  list_path = resolve (base, list_relative);
  if (list_path == NULL)
    return NULL;
  if (depth >= MAX_DEPTH)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: lists nested more than %u deep"),
                   list_path, MAX_DEPTH);
      return NULL;
    }
  nested = pack_list (list_path, depth + 1, missing, error);
  if (nested == NULL)
    return NULL;
  bytes = tsr_doom2d_wad_write (nested, error);
  tsr_doom2d_wad_free (nested);
  return bytes;
}

static TsrDoom2dWad *
pack_list (const char *list_path,
           guint       depth,
           GPtrArray  *missing,
           GError    **error)
{
  g_autoptr(GBytes) bytes = tsr_file_read (list_path, error);
  g_autofree char *folder = NULL, *parent = NULL, *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *section = g_strdup ("");
  TsrDoom2dWad *wad;

  if (bytes == NULL)
    return NULL;
  folder = g_path_get_dirname (list_path);
  parent = g_path_get_dirname (folder);
  text = tsr_doom2d_cp1251_to_utf8 (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  lines = g_strsplit (text, "\n", -1);
  wad = tsr_doom2d_wad_new ();
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *bar;
      g_autoptr(GBytes) data = NULL;
      g_autoptr(GError) local_error = NULL;

      if (*line == '\0')
        continue;
      if (*line == ':')
        {
          g_free (section);
          section = g_strdup (line + 1);
          continue;
        }
      bar = strrchr (line, '|');
      if (bar == NULL || bar == line || bar[1] == '\0')
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                       _("%s: line %u: 'PATH|NAME' or ':SECTION' expected"), list_path, i + 1);
          tsr_doom2d_wad_free (wad);
          return NULL;
        }
      *bar = '\0';
      data = pack_entry (folder, line, depth, missing, &local_error);
      if (data == NULL && local_error == NULL)
        data = pack_entry (parent, line, depth, missing, &local_error);
      if (local_error != NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: line %u: ",
                                      list_path, i + 1);
          tsr_doom2d_wad_free (wad);
          return NULL;
        }
      if (data == NULL)
        {
          if (missing != NULL)
            g_ptr_array_add (missing, g_strdup_printf ("%s%s%s: %s", section, *section ? "\\" : "",
                                                       bar + 1, line));
          continue;
        }
      tsr_doom2d_wad_add (wad, section, bar + 1, data);
    }
  return wad;
}

TsrDoom2dWad *
tsr_doom2d_pack_list (const char *list_path,
                      GPtrArray  *missing,
                      GError    **error)
{
  return pack_list (list_path, 0, missing, error);
}
