/* tsr-playtest.c: the temporary copy laid out per engine, the engines' command lines, and the child
 * process with its output read line by line (see tsr-playtest.h for the engine facts). */
#include "config.h"

#include "edit/tsr-playtest.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/wolf3d/tsr-wolf3d-document.h"

struct _TsrPlaytestRun {
  GObject       parent_instance;

  char         *folder;     /* the temporary folder, removed once the child has exited */
  char         *file;       /* the temporary copy of the document's main file */
  char         *cwd;        /* where the child runs */
  GStrv         argv;
  GSubprocess  *process;
  GCancellable *cancellable;
  guint         open_streams;
  gboolean      waited;
  gboolean      finished;
  gboolean      succeeded;
  char         *status;
};

enum { SIGNAL_OUTPUT, SIGNAL_FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TsrPlaytestRun, tsr_playtest_run, G_TYPE_OBJECT)

/* Engines --------------------------------------------------------------------------------------- */

static const char *const marathon_names[] = { "alephone", NULL };
static const char *const wolf3d_names[] = { "ecwolf", "wolf4sdl", NULL };
static const char *const doom2d_names[] = { "Doom2DF", "doom2df", NULL };
static const char *const sphere_names[] = { "neosphere", "minisphere", "spherun", NULL };

const char * const *
tsr_playtest_engine_names (const char *family)
{
  if (g_strcmp0 (family, "marathon") == 0)
    return marathon_names;
  if (g_strcmp0 (family, "wolf3d") == 0)
    return wolf3d_names;
  if (g_strcmp0 (family, "doom2d") == 0)
    return doom2d_names;
  if (g_strcmp0 (family, "sphere") == 0)
    return sphere_names;
  return NULL;
}

const char *
tsr_playtest_engine_title (const char *family)
{
  if (g_strcmp0 (family, "marathon") == 0)
    return "Aleph One";
  if (g_strcmp0 (family, "wolf3d") == 0)
    return "ECWolf / Wolf4SDL";
  if (g_strcmp0 (family, "doom2d") == 0)
    return "Doom2D Forever";
  if (g_strcmp0 (family, "sphere") == 0)
    return "neoSphere / miniSphere";
  return NULL;
}

char *
tsr_playtest_find_engine (const char                *family,
                          const TsrPlaytestSettings *settings,
                          GError                   **error)
{
  const char * const *names = tsr_playtest_engine_names (family);
  const char *configured = settings != NULL ? settings->engine : NULL;
  g_autofree char *joined = NULL;

  if (names == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("Files of the family “%s” have no engine to play-test them in"), family);
      return NULL;
    }
  if (configured != NULL && *configured != '\0')
    {
      char *found = g_path_is_absolute (configured) ? NULL : g_find_program_in_path (configured);

      if (found != NULL)
        return found;
      if (g_path_is_absolute (configured) && g_file_test (configured, G_FILE_TEST_IS_EXECUTABLE)
          && !g_file_test (configured, G_FILE_TEST_IS_DIR))
        return g_strdup (configured);
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO,
                   _("The %s engine set in Preferences → Play-test, “%s”, is not an executable "
                     "program: install %s or correct the path there"),
                   tsr_playtest_engine_title (family), configured, tsr_playtest_engine_title (family));
      return NULL;
    }
  for (guint i = 0; names[i] != NULL; i++)
    {
      char *found = g_find_program_in_path (names[i]);

      if (found != NULL)
        return found;
    }
  joined = g_strjoinv (", ", (char **) names);
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
               _("No %s engine found: install %s (none is packaged in Debian 12) and set the path "
                 "of its program in Preferences → Play-test, or put one of %s on PATH"),
               tsr_playtest_engine_title (family), tsr_playtest_engine_title (family), joined);
  return NULL;
}

guint
tsr_playtest_current_level (TsrDocument *document)
{
  g_return_val_if_fail (TSR_IS_DOCUMENT (document), 0);

  if (TSR_IS_MARATHON_DOCUMENT (document))
    return tsr_marathon_document_get_current_level (TSR_MARATHON_DOCUMENT (document));
  if (TSR_IS_WOLF_DOCUMENT (document))
    {
      guint level = tsr_wolf_document_get_current_level (TSR_WOLF_DOCUMENT (document));

      return level == G_MAXUINT ? 0 : level;
    }
  if (TSR_IS_DOOM2D_DOCUMENT (document))
    return tsr_doom2d_document_get_map_index (TSR_DOOM2D_DOCUMENT (document));
  return 0;
}

/* The temporary folder ---------------------------------------------------------------------------- */

/* Removes PATH and, for a real folder, what it holds; symbolic links are removed, never followed. */
static void
remove_tree (const char *path)
{
  GStatBuf st;

  if (g_lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

/* A new private folder in the temporary directory, its name in lower case (Doom2D Forever lower-cases
 * the paths it is given). */
static char *
make_folder (GError **error)
{
  static const char letters[] = "abcdefghijklmnopqrstuvwxyz0123456789";

  for (guint attempt = 0; attempt < 100; attempt++)
    {
      char suffix[11];
      g_autofree char *name = NULL;
      char *path;

      for (guint i = 0; i < sizeof suffix - 1; i++)
        suffix[i] = letters[g_random_int_range (0, sizeof letters - 1)];
      suffix[sizeof suffix - 1] = '\0';
      name = g_strconcat ("tessera-playtest-", suffix, NULL);
      path = g_build_filename (g_get_tmp_dir (), name, NULL);
      if (g_mkdir (path, 0700) == 0)
        return path;
      if (errno != EEXIST)
        {
          int saved = errno;

          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot create the play-test folder: %s"),
                       path, g_strerror (saved));
          g_free (path);
          return NULL;
        }
      g_free (path);
    }
  g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot create the play-test folder"), g_get_tmp_dir ());
  return NULL;
}

static gboolean
link_entry (const char *target,
            const char *link,
            GError    **error)
{
  if (symlink (target, link) != 0)
    {
      int saved = errno;

      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot link to %s: %s"), link, target,
                   g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* Fills DESTINATION with links to every entry of SOURCE, except that the folders on the way to
 * KEEP (a path inside SOURCE, or NULL) are made real folders filled the same way, so files written
 * there later replace links, never what they point to. */
static gboolean
mirror_folder (const char *source,
               const char *destination,
               const char *keep,
               GError    **error)
{
  g_autoptr(GDir) dir = g_dir_open (source, 0, error);
  g_autofree char *keep_first = NULL;
  const char *rest = NULL;
  const char *name;

  if (dir == NULL)
    return FALSE;
  if (keep != NULL)
    {
      const char *slash = strchr (keep, G_DIR_SEPARATOR);

      if (slash != NULL)
        {
          keep_first = g_strndup (keep, slash - keep);
          rest = slash + 1;
        }
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *from = g_build_filename (source, name, NULL);
      g_autofree char *to = g_build_filename (destination, name, NULL);

      if (keep_first != NULL && g_str_equal (name, keep_first))
        {
          if (g_mkdir (to, 0700) != 0 || !mirror_folder (from, to, rest, error))
            {
              if (error != NULL && *error == NULL)
                g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot create the folder"), to);
              return FALSE;
            }
        }
      else if (!link_entry (from, to, error))
        return FALSE;
    }
  return TRUE;
}

/* Writes OUTPUTS (each inside FOLDER), replacing any link of the same name. */
static gboolean
write_outputs (GPtrArray  *outputs,
               const char *folder,
               GError    **error)
{
  g_autofree char *prefix = g_strconcat (folder, G_DIR_SEPARATOR_S, NULL);

  for (guint i = 0; i < outputs->len; i++)
    {
      TsrOutputFile *output = g_ptr_array_index (outputs, i);
      gsize size;
      const char *data = g_bytes_get_data (output->bytes, &size);

      /* Never write outside the private folder. */
      if (!g_str_has_prefix (output->path, prefix) || strstr (output->path, "/../") != NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO,
                     _("%s: the play-test copy would be written outside its folder %s"), output->path, folder);
          return FALSE;
        }
      g_unlink (output->path);
      if (!g_file_set_contents (output->path, data, size, error))
        return FALSE;
    }
  return TRUE;
}

/* The name the temporary copy takes: the document's file name (or display name). */
static char *
document_basename (TsrDocument *document)
{
  GFile *file = tsr_document_get_file (document);

  if (file != NULL)
    return g_file_get_basename (file);
  return g_path_get_basename (tsr_document_get_display_name (document));
}

static char *
document_folder (TsrDocument *document)
{
  GFile *file = tsr_document_get_file (document);
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  return path != NULL ? g_path_get_dirname (path) : NULL;
}

/* Serializes DOCUMENT as Save would for a file named NAME in FOLDER (RELATIVE_DIR below it, or
 * NULL) and writes the result there. Returns the main file's path. */
static char *
write_copy (TsrDocument *document,
            const char  *folder,
            const char  *relative_dir,
            const char  *name,
            GError     **error)
{
  g_autofree char *path = g_build_filename (folder, relative_dir != NULL ? relative_dir : "", name, NULL);
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (document, path, error);

  if (outputs == NULL || !write_outputs (outputs, folder, error))
    return NULL;
  return g_steal_pointer (&path);
}

static TsrPlaytestRun *
run_new (char *folder)
{
  TsrPlaytestRun *self = g_object_new (TSR_TYPE_PLAYTEST_RUN, NULL);

  self->folder = folder;
  self->cwd = g_strdup (folder);
  return self;
}

/* Appends the settings' extra arguments. */
static gboolean
add_extra_arguments (GPtrArray                 *argv,
                     const TsrPlaytestSettings *settings,
                     GError                   **error)
{
  g_auto(GStrv) extra = NULL;

  if (settings == NULL || settings->arguments == NULL || *settings->arguments == '\0')
    return TRUE;
  if (!g_shell_parse_argv (settings->arguments, NULL, &extra, error))
    {
      tsr_error_prefix (error, _("the engine's extra arguments in Preferences"));
      return FALSE;
    }
  for (guint i = 0; extra[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (extra[i]));
  return TRUE;
}

/* Per family ------------------------------------------------------------------------------------------ */

static const char *
marathon_role (TsrDocument *document)
{
  const char *id = tsr_document_get_format_id (document);

  if (g_str_equal (id, "marathon-map"))
    return "Map";
  if (g_str_equal (id, "marathon-shapes"))
    return "Shapes";
  if (g_str_equal (id, "marathon-physics"))
    return "Physics Model";
  return NULL;
}

static gboolean
prepare_marathon (TsrPlaytestRun            *self,
                  TsrDocument               *document,
                  const TsrPlaytestSettings *settings,
                  GPtrArray                 *argv,
                  GError                   **error)
{
  const char *role = marathon_role (document);
  g_autofree char *source = document_folder (document);
  g_autofree char *map = NULL;

  if (role == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s: Aleph One plays maps; open the scenario's map (or its Shapes or Physics "
                     "file) to play-test"), tsr_document_get_display_name (document));
      return FALSE;
    }
  if (source != NULL && !mirror_folder (source, self->folder, NULL, error))
    return FALSE;
  /* The engine gets the copy, never a link to the user's own file. */
  {
    g_autofree char *name = document_basename (document);
    g_autofree char *own = g_build_filename (self->folder, name, NULL);

    if (g_file_test (own, G_FILE_TEST_IS_SYMLINK))
      g_unlink (own);
  }
  if (settings != NULL && settings->marathon_shapes != NULL && *settings->marathon_shapes != '\0'
      && !g_str_equal (role, "Shapes"))
    {
      g_autofree char *shapes = g_build_filename (self->folder, "Shapes", NULL);

      if (!g_file_test (settings->marathon_shapes, G_FILE_TEST_IS_REGULAR))
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO,
                       _("%s: the Shapes file set in Preferences is not there"), settings->marathon_shapes);
          return FALSE;
        }
      g_unlink (shapes);
      if (!link_entry (settings->marathon_shapes, shapes, error))
        return FALSE;
    }
  /* The copy takes the engine's own name for its role, so the folder's file of that name (a
   * link) gives way to it. */
  self->file = write_copy (document, self->folder, NULL, role, error);
  if (self->file == NULL)
    return FALSE;
  map = g_build_filename (self->folder, "Map", NULL);
  if (!g_file_test (map, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO,
                   _("%s: no map named “Map” beside it for Aleph One to start"),
                   tsr_document_get_display_name (document));
      return FALSE;
    }
  g_ptr_array_add (argv, g_strdup ("-e"));
  g_ptr_array_add (argv, g_strdup ("--no-chooser"));
  if (!add_extra_arguments (argv, settings, error))
    return FALSE;
  g_ptr_array_add (argv, g_strdup (self->folder));
  g_ptr_array_add (argv, g_steal_pointer (&map));
  return TRUE;
}

static gboolean
prepare_wolf3d (TsrPlaytestRun            *self,
                TsrDocument               *document,
                const TsrPlaytestSettings *settings,
                const char                *engine,
                GPtrArray                 *argv,
                GError                   **error)
{
  g_autofree char *source = document_folder (document);
  g_autofree char *name = document_basename (document);
  g_autofree char *program = g_path_get_basename (engine);
  g_autofree char *program_lower = g_ascii_strdown (program, -1);
  const char *dot = strrchr (name, '.');
  guint level = tsr_playtest_current_level (document);

  if (source != NULL && !mirror_folder (source, self->folder, NULL, error))
    return FALSE;
  self->file = write_copy (document, self->folder, NULL, name, error);
  if (self->file == NULL)
    return FALSE;
  if (strstr (program_lower, "ecwolf") != NULL)
    {
      if (dot != NULL && dot[1] != '\0')
        {
          g_ptr_array_add (argv, g_strdup ("--data"));
          g_ptr_array_add (argv, g_ascii_strdown (dot + 1, -1));
        }
      g_ptr_array_add (argv, g_strdup ("--tedlevel"));
      g_ptr_array_add (argv, g_strdup_printf ("MAP%02u", level + 1));
    }
  else
    {
      g_ptr_array_add (argv, g_strdup ("--tedlevel"));
      g_ptr_array_add (argv, g_strdup_printf ("%u", level));
    }
  return add_extra_arguments (argv, settings, error);
}

static gboolean
prepare_doom2d (TsrPlaytestRun            *self,
                TsrDocument               *document,
                const TsrPlaytestSettings *settings,
                GPtrArray                 *argv,
                GError                   **error)
{
  const char *id = tsr_document_get_format_id (document);
  g_autofree char *name = document_basename (document);
  g_autofree char *lower = g_ascii_strdown (name, -1);
  TsrDoom2dDocument *doom2d = TSR_IS_DOOM2D_DOCUMENT (document) ? TSR_DOOM2D_DOCUMENT (document) : NULL;
  const char *dot = strrchr (lower, '.');

  if (doom2d == NULL || !(g_str_equal (id, "doom2d-wad") || g_str_equal (id, "doom2d-dfz"))
      || tsr_doom2d_document_get_n_maps (doom2d) == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s: Doom2D Forever starts a map inside a WAD or ZIP archive (its -map option "
                     "takes ARCHIVE:\\MAP); put the map into an archive to play-test it"),
                   tsr_document_get_display_name (document));
      return FALSE;
    }
  /* isWadPath wants a four-character extension before the ":\" (.wad, .pk3, .zip, .dfz). */
  if (dot == NULL || strlen (dot) != 4)
    {
      g_autofree char *with = g_strconcat (lower, g_str_equal (id, "doom2d-dfz") ? ".dfz" : ".wad", NULL);

      g_free (lower);
      lower = g_steal_pointer (&with);
    }
  self->file = write_copy (document, self->folder, NULL, lower, error);
  if (self->file == NULL)
    return FALSE;
  {
    g_autofree char *folded = g_ascii_strdown (self->file, -1);

    if (!g_str_equal (folded, self->file))
      {
        g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                     _("%s: Doom2D Forever lower-cases the paths it is given, so the play-test copy "
                       "needs a temporary folder whose path is in lower case (set TMPDIR)"),
                     self->file);
        return FALSE;
      }
  }
  if (!add_extra_arguments (argv, settings, error))
    return FALSE;
  g_ptr_array_add (argv, g_strdup ("-map"));
  g_ptr_array_add (argv, g_strdup_printf ("%s:\\%s", self->file,
                                          tsr_doom2d_document_get_map_name (doom2d,
                                                                            tsr_doom2d_document_get_map_index (doom2d))));
  return TRUE;
}

/* The folder holding game.sgm or game.json at or above FOLDER, or NULL. */
static char *
find_sphere_game (const char *folder)
{
  g_autofree char *current = g_strdup (folder);

  for (guint depth = 0; depth < 8; depth++)
    {
      g_autofree char *sgm = g_build_filename (current, "game.sgm", NULL);
      g_autofree char *json = g_build_filename (current, "game.json", NULL);
      g_autofree char *parent = NULL;

      if (g_file_test (sgm, G_FILE_TEST_IS_REGULAR) || g_file_test (json, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&current);
      parent = g_path_get_dirname (current);
      if (g_str_equal (parent, current))
        break;
      g_free (current);
      current = g_steal_pointer (&parent);
    }
  return NULL;
}

static gboolean
prepare_sphere (TsrPlaytestRun            *self,
                TsrDocument               *document,
                const TsrPlaytestSettings *settings,
                GPtrArray                 *argv,
                GError                   **error)
{
  g_autofree char *source = document_folder (document);
  g_autofree char *name = document_basename (document);
  g_autofree char *game = source != NULL ? find_sphere_game (source) : NULL;
  g_autofree char *relative_dir = NULL;
  g_autofree char *keep = NULL;

  if (game == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s: not inside a Sphere game folder (no game.sgm or game.json in its folder or "
                     "the folders above), so there is no game to start"),
                   tsr_document_get_display_name (document));
      return FALSE;
    }
  if (!g_str_equal (game, source))
    relative_dir = g_strdup (source + strlen (game) + 1);
  keep = relative_dir != NULL ? g_build_filename (relative_dir, name, NULL) : NULL;
  if (!mirror_folder (game, self->folder, keep, error))
    return FALSE;
  self->file = write_copy (document, self->folder, relative_dir, name, error);
  if (self->file == NULL || !add_extra_arguments (argv, settings, error))
    return FALSE;
  g_ptr_array_add (argv, g_strdup (self->folder));
  return TRUE;
}

TsrPlaytestRun *
tsr_playtest_prepare (TsrDocument               *document,
                      const TsrPlaytestSettings *settings,
                      GError                   **error)
{
  const char *family;
  g_autofree char *engine = NULL;
  g_autoptr(TsrPlaytestRun) self = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  char *folder;
  gboolean ok;

  g_return_val_if_fail (TSR_IS_DOCUMENT (document), NULL);

  family = tsr_document_get_format (document)->family;
  engine = tsr_playtest_find_engine (family, settings, error);
  if (engine == NULL)
    return NULL;
  folder = make_folder (error);
  if (folder == NULL)
    return NULL;
  self = run_new (folder);
  g_ptr_array_add (argv, g_strdup (engine));
  if (g_str_equal (family, "marathon"))
    ok = prepare_marathon (self, document, settings, argv, error);
  else if (g_str_equal (family, "wolf3d"))
    ok = prepare_wolf3d (self, document, settings, engine, argv, error);
  else if (g_str_equal (family, "doom2d"))
    ok = prepare_doom2d (self, document, settings, argv, error);
  else
    ok = prepare_sphere (self, document, settings, argv, error);
  if (!ok)
    {
      tsr_error_prefix (error, _("play-test"));
      return NULL; /* finalize removes the folder */
    }
  g_ptr_array_add (argv, NULL);
  self->argv = (GStrv) g_ptr_array_steal (argv, NULL);
  return g_steal_pointer (&self);
}

/* Replaces the placeholders of ARGUMENT. */
static char *
expand_placeholders (const char *argument,
                     const char *file,
                     const char *folder,
                     const char *level)
{
  GString *out = g_string_new (NULL);

  for (const char *p = argument; *p != '\0'; p++)
    {
      if (*p == '%' && g_str_has_prefix (p, "%file"))
        g_string_append (out, file), p += 4;
      else if (*p == '%' && g_str_has_prefix (p, "%folder"))
        g_string_append (out, folder), p += 6;
      else if (*p == '%' && g_str_has_prefix (p, "%level"))
        g_string_append (out, level), p += 5;
      else if (*p == '%' && p[1] == '%')
        g_string_append_c (out, '%'), p += 1;
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

TsrPlaytestRun *
tsr_playtest_prepare_command (TsrDocument *document,
                              const char  *command_line,
                              GError     **error)
{
  g_auto(GStrv) parsed = NULL;
  g_autoptr(TsrPlaytestRun) self = NULL;
  g_autofree char *name = NULL;
  g_autofree char *level = NULL;
  char *folder;
  guint n;

  g_return_val_if_fail (TSR_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (command_line != NULL, NULL);

  if (!g_shell_parse_argv (command_line, NULL, &parsed, error))
    {
      tsr_error_prefix (error, _("the command “%s”"), command_line);
      return NULL;
    }
  folder = make_folder (error);
  if (folder == NULL)
    return NULL;
  self = run_new (folder);
  name = document_basename (document);
  self->file = write_copy (document, self->folder, NULL, name, error);
  if (self->file == NULL)
    {
      tsr_error_prefix (error, _("the command “%s”"), command_line);
      return NULL;
    }
  if (TSR_IS_DOOM2D_DOCUMENT (document) && tsr_doom2d_document_get_n_maps (TSR_DOOM2D_DOCUMENT (document)) > 0)
    level = g_strdup (tsr_doom2d_document_get_map_name (TSR_DOOM2D_DOCUMENT (document),
                                                        tsr_playtest_current_level (document)));
  else
    level = g_strdup_printf ("%u", tsr_playtest_current_level (document));
  n = g_strv_length (parsed);
  self->argv = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    self->argv[i] = expand_placeholders (parsed[i], self->file, self->folder, level);
  return g_steal_pointer (&self);
}

/* Running ------------------------------------------------------------------------------------------- */

const char * const *
tsr_playtest_run_get_argv (TsrPlaytestRun *self)
{
  g_return_val_if_fail (TSR_IS_PLAYTEST_RUN (self), NULL);
  return (const char * const *) self->argv;
}

const char *
tsr_playtest_run_get_folder (TsrPlaytestRun *self)
{
  g_return_val_if_fail (TSR_IS_PLAYTEST_RUN (self), NULL);
  return self->folder;
}

const char *
tsr_playtest_run_get_file (TsrPlaytestRun *self)
{
  g_return_val_if_fail (TSR_IS_PLAYTEST_RUN (self), NULL);
  return self->file;
}

gboolean
tsr_playtest_run_is_running (TsrPlaytestRun *self)
{
  g_return_val_if_fail (TSR_IS_PLAYTEST_RUN (self), FALSE);
  return self->process != NULL && !self->finished;
}

gboolean
tsr_playtest_run_succeeded (TsrPlaytestRun *self)
{
  g_return_val_if_fail (TSR_IS_PLAYTEST_RUN (self), FALSE);
  return self->succeeded;
}

const char *
tsr_playtest_run_get_status (TsrPlaytestRun *self)
{
  g_return_val_if_fail (TSR_IS_PLAYTEST_RUN (self), NULL);
  return self->status;
}

static void
maybe_finish (TsrPlaytestRun *self)
{
  if (self->finished || !self->waited || self->open_streams > 0)
    return;
  self->finished = TRUE;
  if (self->folder != NULL)
    {
      remove_tree (self->folder);
      g_clear_pointer (&self->folder, g_free);
    }
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

typedef struct {
  TsrPlaytestRun   *run;   /* a reference */
  GDataInputStream *input;
  gboolean          is_stderr;
} LineReader;

static void read_next_line (LineReader *reader);

static void
line_read (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  LineReader *reader = user_data;
  g_autoptr(GError) error = NULL;
  gsize length;
  g_autofree char *line = g_data_input_stream_read_line_finish (reader->input, result, &length, &error);

  if (line != NULL)
    {
      g_autofree char *valid = g_utf8_make_valid (line, length);

      g_signal_emit (reader->run, signals[SIGNAL_OUTPUT], 0, reader->is_stderr, valid);
      read_next_line (reader);
      return;
    }
  /* The end of the stream, or an error reading it: either way nothing more comes. */
  reader->run->open_streams--;
  maybe_finish (reader->run);
  g_object_unref (reader->run);
  g_object_unref (reader->input);
  g_free (reader);
}

static void
read_next_line (LineReader *reader)
{
  g_data_input_stream_read_line_async (reader->input, G_PRIORITY_DEFAULT, reader->run->cancellable,
                                       line_read, reader);
}

static void
start_reading (TsrPlaytestRun *self,
               GInputStream   *stream,
               gboolean        is_stderr)
{
  LineReader *reader = g_new0 (LineReader, 1);

  reader->run = g_object_ref (self);
  reader->input = g_data_input_stream_new (stream);
  reader->is_stderr = is_stderr;
  g_data_input_stream_set_newline_type (reader->input, G_DATA_STREAM_NEWLINE_TYPE_ANY);
  self->open_streams++;
  read_next_line (reader);
}

static void
process_waited (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(TsrPlaytestRun) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_subprocess_wait_finish (G_SUBPROCESS (source), result, &error))
    {
      self->status = g_strdup_printf (_("could not be waited for: %s"), error->message);
      self->succeeded = FALSE;
    }
  else if (g_subprocess_get_if_signaled (G_SUBPROCESS (source)))
    {
      int sig = g_subprocess_get_term_sig (G_SUBPROCESS (source));

      self->status = g_strdup_printf (_("killed by signal %d (%s)"), sig, g_strsignal (sig));
      self->succeeded = FALSE;
    }
  else
    {
      int status = g_subprocess_get_exit_status (G_SUBPROCESS (source));

      self->status = g_strdup_printf (_("exited with status %d"), status);
      self->succeeded = status == 0;
    }
  self->waited = TRUE;
  maybe_finish (self);
}

gboolean
tsr_playtest_run_start (TsrPlaytestRun *self,
                        GError        **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;

  g_return_val_if_fail (TSR_IS_PLAYTEST_RUN (self), FALSE);
  g_return_val_if_fail (self->process == NULL, FALSE);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_cwd (launcher, self->cwd);
  self->process = g_subprocess_launcher_spawnv (launcher, (const char * const *) self->argv, error);
  if (self->process == NULL)
    {
      tsr_error_prefix (error, _("starting %s"), self->argv[0]);
      return FALSE;
    }
  start_reading (self, g_subprocess_get_stdout_pipe (self->process), FALSE);
  start_reading (self, g_subprocess_get_stderr_pipe (self->process), TRUE);
  g_subprocess_wait_async (self->process, NULL, process_waited, g_object_ref (self));
  return TRUE;
}

void
tsr_playtest_run_stop (TsrPlaytestRun *self)
{
  g_return_if_fail (TSR_IS_PLAYTEST_RUN (self));

  if (self->process != NULL && !self->waited)
    g_subprocess_force_exit (self->process);
}

void
tsr_playtest_run_abandon (TsrPlaytestRun *self)
{
  g_return_if_fail (TSR_IS_PLAYTEST_RUN (self));

  if (self->process != NULL && !self->waited)
    {
      g_subprocess_force_exit (self->process);
      g_subprocess_wait (self->process, NULL, NULL);
    }
  if (self->folder != NULL)
    {
      remove_tree (self->folder);
      g_clear_pointer (&self->folder, g_free);
    }
}

static void
tsr_playtest_run_finalize (GObject *object)
{
  TsrPlaytestRun *self = TSR_PLAYTEST_RUN (object);

  /* Never started, or dropped: the folder goes all the same. */
  if (self->folder != NULL)
    remove_tree (self->folder);
  g_free (self->folder);
  g_free (self->file);
  g_free (self->cwd);
  g_strfreev (self->argv);
  g_clear_object (&self->process);
  g_clear_object (&self->cancellable);
  g_free (self->status);
  G_OBJECT_CLASS (tsr_playtest_run_parent_class)->finalize (object);
}

static void
tsr_playtest_run_class_init (TsrPlaytestRunClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_playtest_run_finalize;

  signals[SIGNAL_OUTPUT] = g_signal_new ("output", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_STRING);
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tsr_playtest_run_init (TsrPlaytestRun *self)
{
  self->cancellable = g_cancellable_new ();
}
