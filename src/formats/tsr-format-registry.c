/* tsr-format-registry.c: the list of codecs and content-based detection. */
#include "formats/tsr-format.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"

struct _TsrFormatRegistry {
  GPtrArray *formats; /* const TsrFormat *, not owned: formats are static tables */
};

/* The extension breaks ties between formats whose content checks are equally sure. */
#define TSR_EXTENSION_BONUS 3

TsrFormatRegistry *
tsr_format_registry_new (void)
{
  TsrFormatRegistry *registry = g_new0 (TsrFormatRegistry, 1);

  registry->formats = g_ptr_array_new ();
  return registry;
}

void
tsr_format_registry_free (TsrFormatRegistry *registry)
{
  if (registry == NULL)
    return;
  g_ptr_array_unref (registry->formats);
  g_free (registry);
}

TsrFormatRegistry *
tsr_format_registry_get_default (void)
{
  static TsrFormatRegistry *registry;

  if (g_once_init_enter (&registry))
    {
      TsrFormatRegistry *created = tsr_format_registry_new ();

      tsr_formats_register_builtin (created);
      g_once_init_leave (&registry, created);
    }
  return registry;
}

void
tsr_format_registry_add (TsrFormatRegistry *registry,
                         const TsrFormat   *format)
{
  g_return_if_fail (registry != NULL);
  g_return_if_fail (format != NULL && format->id != NULL && format->sniff != NULL);
  g_return_if_fail (format->load != NULL && format->free != NULL);
  g_return_if_fail (tsr_format_registry_lookup (registry, format->id) == NULL);

  g_ptr_array_add (registry->formats, (gpointer) format);
}

GPtrArray *
tsr_format_registry_list (TsrFormatRegistry *registry)
{
  return registry->formats;
}

const TsrFormat *
tsr_format_registry_lookup (TsrFormatRegistry *registry,
                            const char        *id)
{
  for (guint i = 0; i < registry->formats->len; i++)
    {
      const TsrFormat *format = g_ptr_array_index (registry->formats, i);
      if (g_strcmp0 (format->id, id) == 0)
        return format;
    }
  return NULL;
}

gboolean
tsr_format_has_extension (const TsrFormat *format,
                          const char      *path)
{
  const char *dot;
  g_autofree char *extension = NULL;

  if (path == NULL || format->extensions == NULL)
    return FALSE;
  dot = strrchr (path, '.');
  if (dot == NULL || strchr (dot, G_DIR_SEPARATOR) != NULL)
    return FALSE;
  extension = g_ascii_strdown (dot + 1, -1);
  return g_strv_contains (format->extensions, extension);
}

const TsrFormat *
tsr_format_registry_lookup_by_extension (TsrFormatRegistry *registry,
                                         const char        *path)
{
  for (guint i = 0; i < registry->formats->len; i++)
    {
      const TsrFormat *format = g_ptr_array_index (registry->formats, i);
      if (tsr_format_has_extension (format, path))
        return format;
    }
  return NULL;
}

const TsrFormat *
tsr_format_registry_detect (TsrFormatRegistry *registry,
                            const guint8      *data,
                            gsize              size,
                            const char        *path,
                            GError           **error)
{
  const TsrFormat *best = NULL;
  guint best_score = 0;

  for (guint i = 0; i < registry->formats->len; i++)
    {
      const TsrFormat *format = g_ptr_array_index (registry->formats, i);
      guint score = format->sniff (data, size, path);

      if (score == TSR_SNIFF_NO)
        continue;
      if (tsr_format_has_extension (format, path))
        score += TSR_EXTENSION_BONUS;
      if (score > best_score)
        {
          best = format;
          best_score = score;
        }
    }

  if (best == NULL)
    tsr_set_error_at (error, TSR_ERROR_UNKNOWN_FORMAT, 0,
                      _("not a file Tessera knows: no format recognises its %zu bytes (run 'tessera-cli formats' for the list)"), size);
  return best;
}

TsrFormatAbilities
tsr_format_get_abilities (const TsrFormat *format)
{
  TsrFormatAbilities abilities = TSR_FORMAT_CAN_LOAD;

  if (format->save != NULL)
    abilities |= TSR_FORMAT_CAN_SAVE;
  if (format->convert != NULL && format->convert_targets != NULL)
    abilities |= TSR_FORMAT_CAN_CONVERT;
  if (format->render != NULL)
    abilities |= TSR_FORMAT_CAN_RENDER;
  if (format->extract != NULL)
    abilities |= TSR_FORMAT_CAN_EXTRACT;
  return abilities;
}

static gboolean
tsr_path_has_extension (const char *path,
                        const char *extension)
{
  const char *dot = path != NULL ? strrchr (path, '.') : NULL;

  return dot != NULL && strchr (dot, G_DIR_SEPARATOR) == NULL && g_ascii_strcasecmp (dot + 1, extension) == 0;
}

/* Real files of the four games that no codec opens: said by name, so a user knows what they
 * have and that it is not a broken file. NULL for anything else. */
static const char *
tsr_describe_unsupported (const guint8 *data,
                          gsize         size,
                          const char   *path)
{
  /* Marathon 2 / Infinity / Aleph One sounds: version 1, tag 'snd2' (big-endian), also inside a
   * 128-byte MacBinary header. */
  for (gsize start = 0; start <= 128; start += 128)
    if (size >= start + 8 && memcmp (data + start, "\0\0\0\1snd2", 8) == 0)
      return "a Marathon Sounds file ('snd2'): Tessera does not open sound files";
  if (tsr_path_has_extension (path, "sndA") || tsr_path_has_extension (path, "sndz"))
    return "a Marathon Sounds file (by its extension): Tessera does not open sound files";
  /* Films (recordings of a game) have no signature; their extension names them. */
  if (tsr_path_has_extension (path, "filA") || tsr_path_has_extension (path, "film")
      || tsr_path_has_extension (path, "filmA"))
    return "a Marathon film (a recorded game, by its extension): Tessera does not open films";
  /* The unpacked sources of Doom2D Forever's resource archives (testdata/doom2d/StandartWAD):
   * resources that maps use from inside a DFWAD, not documents. */
  if (tsr_path_has_extension (path, "tga") && size >= 18 && data[1] <= 1
      && (data[2] == 1 || data[2] == 2 || data[2] == 3 || data[2] == 9 || data[2] == 10 || data[2] == 11))
    return "a TGA image (a Doom2D Forever texture): Tessera uses textures from inside Doom2D archives "
           "and does not open images on their own";
  if (size >= 9 && memcmp (data, "resource=", 9) == 0)
    return "a Doom2D Forever animated-texture description (TEXT/ANIM): Tessera reads it inside "
           "Doom2D archives, not on its own";
  if (tsr_path_has_extension (path, "lst"))
    return "a list of the files packed into a Doom2D Forever archive (.lst): not a file Tessera opens";
  /* The original Doom2D (1996) keeps its resources in Doom-style WADs. */
  if (size >= 12 && (memcmp (data, "IWAD", 4) == 0 || memcmp (data, "PWAD", 4) == 0))
    return "a Doom-style WAD ('IWAD'/'PWAD', as classic Doom2D uses): Tessera opens Doom2D Forever's "
           "DFWAD and ZIP archives, not these";
  return NULL;
}

gpointer
tsr_format_load_file (TsrFormatRegistry *registry,
                      const char        *path,
                      const TsrFormat  **format,
                      GError           **error)
{
  return tsr_format_load_file_bytes (registry, path, format, NULL, error);
}

gpointer
tsr_format_load_file_bytes (TsrFormatRegistry *registry,
                            const char        *path,
                            const TsrFormat  **format,
                            GBytes           **file_bytes,
                            GError           **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gpointer data;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      const TsrFormat *best = NULL;
      guint best_score = TSR_SNIFF_NO;

      for (guint i = 0; i < registry->formats->len; i++)
        {
          const TsrFormat *candidate = g_ptr_array_index (registry->formats, i);
          guint score = candidate->sniff_folder != NULL ? candidate->sniff_folder (path) : TSR_SNIFF_NO;

          if (score > best_score)
            {
              best = candidate;
              best_score = score;
            }
        }
      if (best == NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_FORMAT,
                       _("a folder Tessera does not open (an Atque merge folder holds “NN Level Name” folders)"));
          return NULL;
        }
      data = best->load (path, NULL, error);
      if (data != NULL)
        *format = best;
      return data;
    }

  bytes = tsr_file_read (path, error);
  if (bytes == NULL)
    return NULL;
  data = tsr_format_load_bytes (registry, path, bytes, format, error);
  if (data != NULL && file_bytes != NULL)
    *file_bytes = g_steal_pointer (&bytes);
  return data;
}

gpointer
tsr_format_load_bytes (TsrFormatRegistry *registry,
                       const char        *path,
                       GBytes            *bytes,
                       const TsrFormat  **format,
                       GError           **error)
{
  const TsrFormat *detected;
  gpointer data;
  gsize size = 0;
  const guint8 *contents;

  contents = g_bytes_get_data (bytes, &size);
  detected = tsr_format_registry_detect (registry, contents, size, path, NULL);
  if (detected == NULL)
    {
      const char *unsupported = tsr_describe_unsupported (contents, size, path);
      const TsrFormat *named = tsr_format_registry_lookup_by_extension (registry, path);
      g_autoptr(GError) load_error = NULL;

      if (unsupported != NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "%s", unsupported);
          return NULL;
        }
      /* Contents no format recognises, under a name one format claims: a damaged file of that
       * format, most likely. Its loader says what is wrong, which helps more than "unknown". */
      if (named != NULL && (data = named->load (path, bytes, &load_error)) != NULL)
        {
          *format = named;
          return data;
        }
      if (named != NULL)
        {
          g_autofree char *name = g_path_get_basename (path);
          g_autofree char *full_prefix = g_strconcat (path, ": ", NULL);
          g_autofree char *name_prefix = g_strconcat (name, ": ", NULL);
          const char *reason = load_error->message;

          /* The message names the file once, at the start (the CLI and the editor add it): a
           * loader's own "PATH: " goes. */
          if (g_str_has_prefix (reason, full_prefix))
            reason += strlen (full_prefix);
          else if (g_str_has_prefix (reason, name_prefix))
            reason += strlen (name_prefix);
          g_set_error (error, TSR_ERROR, load_error->domain == TSR_ERROR ? load_error->code : TSR_ERROR_INVALID,
                       _("not recognised by its contents; read as %s (by its extension): %s"), _(named->name),
                       reason);
          return NULL;
        }
      return (gpointer) tsr_format_registry_detect (registry, contents, size, path, error);
    }

  data = detected->load (path, bytes, error);
  if (data == NULL)
    return NULL;
  *format = detected;
  return data;
}
