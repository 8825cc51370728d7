/* tsr-doom2d-formats.c: the TsrFormat entries of the Doom2D Forever family. */
#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/doom2d/tsr-doom2d-check.h"
#include "formats/doom2d/tsr-doom2d-formats.h"
#include "formats/doom2d/tsr-doom2d-render.h"
#include "formats/doom2d/tsr-doom2d-resources.h"

void
tsr_doom2d_file_free (TsrDoom2dFile *file)
{
  if (file == NULL)
    return;
  g_free (file->path);
  g_clear_pointer (&file->map_entries, g_ptr_array_unref);
  tsr_doom2d_map_free (file->map);
  tsr_doom2d_wad_free (file->wad);
  g_free (file);
}

static void
file_free (gpointer data)
{
  tsr_doom2d_file_free (data);
}

GStrv
tsr_doom2d_file_game_folders (const TsrDoom2dFile *file)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const char *env = g_getenv ("TESSERA_DOOM2D_PATH");

  if (env != NULL && *env != '\0')
    {
      g_auto(GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);
      g_strv_builder_addv (builder, (const char **) parts);
    }
  if (file->path != NULL)
    {
      g_autofree char *folder = g_path_get_dirname (file->path);
      g_autofree char *parent = g_path_get_dirname (folder);
      g_strv_builder_add (builder, folder);
      g_strv_builder_add (builder, parent);
    }
  return g_strv_builder_end (builder);
}

/* Sniffing */

static guint
sniff_map (const guint8 *data, gsize size, const char *path)
{
  return tsr_doom2d_map_sniff_binary (data, size) ? TSR_SNIFF_CERTAIN : TSR_SNIFF_NO;
}

static guint
sniff_text (const guint8 *data, gsize size, const char *path)
{
  return tsr_doom2d_map_sniff_text (data, size) ? TSR_SNIFF_LIKELY : TSR_SNIFF_NO;
}

static guint
sniff_wad (const guint8 *data, gsize size, const char *path)
{
  return tsr_doom2d_wad_sniff (data, size) ? TSR_SNIFF_CERTAIN : TSR_SNIFF_NO;
}

/* Loading */

static gpointer
load_map (const char *path, GBytes *bytes, GError **error)
{
  TsrDoom2dFile *file = g_new0 (TsrDoom2dFile, 1);

  file->path = g_strdup (path);
  file->map = tsr_doom2d_map_read_binary (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error);
  if (file->map == NULL)
    {
      tsr_doom2d_file_free (file);
      return NULL;
    }
  return file;
}

static gpointer
load_text (const char *path, GBytes *bytes, GError **error)
{
  TsrDoom2dFile *file = g_new0 (TsrDoom2dFile, 1);

  file->path = g_strdup (path);
  file->map_is_text = TRUE;
  file->map = tsr_doom2d_map_read_text (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error);
  if (file->map == NULL)
    {
      tsr_doom2d_file_free (file);
      return NULL;
    }
  return file;
}

gboolean
tsr_doom2d_file_select_map (TsrDoom2dFile *file,
                            guint          index,
                            GError       **error)
{
  TsrDoom2dWadEntry *entry;
  g_autoptr(GBytes) data = NULL;
  TsrDoom2dMap *map;
  gsize size = 0;
  const guint8 *bytes;

  if (file->wad == NULL || index >= file->map_entries->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, _("no map %u in the archive (it holds %u)"),
                   index, file->map_entries ? file->map_entries->len : 0);
      return FALSE;
    }
  entry = g_ptr_array_index (file->map_entries, index);
  data = tsr_doom2d_wad_get_data (file->wad, entry, error);
  if (data == NULL)
    return FALSE;
  bytes = g_bytes_get_data (data, &size);
  file->map_is_text = !tsr_doom2d_map_sniff_binary (bytes, size);
  map = file->map_is_text ? tsr_doom2d_map_read_text (bytes, size, error)
                          : tsr_doom2d_map_read_binary (bytes, size, error);
  if (map == NULL)
    {
      tsr_error_prefix (error, _("resource %s"), entry->name);
      return FALSE;
    }
  tsr_doom2d_map_free (file->map);
  file->map = map;
  file->map_entry = entry;
  return TRUE;
}

static guint
sniff_zip (const guint8 *data, gsize size, const char *path)
{
  /* Any ZIP could be a resource archive; only the extension makes it likely. */
  return tsr_doom2d_zip_sniff (data, size) ? TSR_SNIFF_MAYBE : TSR_SNIFF_NO;
}

static gpointer
load_wad (const char *path, GBytes *bytes, GError **error)
{
  TsrDoom2dFile *file = g_new0 (TsrDoom2dFile, 1);

  file->path = g_strdup (path);
  file->wad = tsr_doom2d_archive_read (bytes, error);
  if (file->wad == NULL)
    {
      tsr_doom2d_file_free (file);
      return NULL;
    }
  file->map_entries = tsr_doom2d_wad_find_maps (file->wad);
  if (file->map_entries->len > 0 && !tsr_doom2d_file_select_map (file, 0, error))
    {
      tsr_doom2d_file_free (file);
      return NULL;
    }
  return file;
}

/* Saving */

static GPtrArray *
save_map (gconstpointer data, const char *path, GError **error)
{
  const TsrDoom2dFile *file = data;
  return tsr_output_files_new_single (path, tsr_doom2d_map_write_binary (file->map));
}

static GPtrArray *
save_text (gconstpointer data, const char *path, GError **error)
{
  const TsrDoom2dFile *file = data;
  return tsr_output_files_new_single (path, tsr_doom2d_map_write_text (file->map));
}

gboolean
tsr_doom2d_file_store_map (TsrDoom2dFile *file,
                           GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;

  if (file->wad == NULL || file->map_entry == NULL || file->map == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("no map from an archive to store"));
      return FALSE;
    }
  bytes = file->map_is_text ? tsr_doom2d_map_write_text (file->map)
                            : tsr_doom2d_map_write_binary (file->map);
  /* An untouched map keeps its stored stream (and so its compressed bytes). A text map written by
   * another tool (its comments, spacing and names: BloodMP.dfz's MAP03.txt) is untouched when
   * what is stored reads to the map written now. */
  {
    g_autoptr(GBytes) stored = tsr_doom2d_wad_get_data (file->wad, file->map_entry, NULL);
    if (stored != NULL && g_bytes_equal (stored, bytes))
      return TRUE;
    if (stored != NULL)
      {
        const guint8 *data = g_bytes_get_data (stored, NULL);
        gsize size = g_bytes_get_size (stored);
        TsrDoom2dMap *before = file->map_is_text ? tsr_doom2d_map_read_text (data, size, NULL)
                                                 : tsr_doom2d_map_read_binary (data, size, NULL);
        g_autoptr(GBytes) rewritten = NULL;

        if (before != NULL)
          {
            rewritten = file->map_is_text ? tsr_doom2d_map_write_text (before) : tsr_doom2d_map_write_binary (before);
            tsr_doom2d_map_free (before);
            if (g_bytes_equal (rewritten, bytes))
              return TRUE;
          }
      }
  }
  tsr_doom2d_wad_set_data (file->wad, file->map_entry, bytes);
  return TRUE;
}

static GPtrArray *
save_wad (gconstpointer data, const char *path, GError **error)
{
  TsrDoom2dFile *file = (TsrDoom2dFile *) data;
  GBytes *bytes;

  if (file->map_entry != NULL && !tsr_doom2d_file_store_map (file, error))
    return NULL;
  bytes = tsr_doom2d_wad_write (file->wad, error);
  return bytes != NULL ? tsr_output_files_new_single (path, bytes) : NULL;
}

/* Validation and description */

static void
validate (gconstpointer data, GPtrArray *findings)
{
  const TsrDoom2dFile *file = data;

  /* Every resource is expanded once to check it, in constant memory, but no more than 64 times
   * the archive in total (at least 16 MiB): what a hostile archive declares beyond that stays
   * unchecked (a warning), so validating takes time in proportion to the archive's size. */
  gsize archive = file->wad != NULL && file->wad->original != NULL ? g_bytes_get_size (file->wad->original) : 0;
  gsize left = MAX ((gsize) 16 * 1024 * 1024, MIN (archive, G_MAXSIZE / 128) * 64);

  if (file->wad != NULL)
    for (guint i = 0; i < file->wad->entries->len; i++)
      {
        const TsrDoom2dWadEntry *entry = g_ptr_array_index (file->wad->entries, i);
        g_autoptr(GError) error = NULL;
        gsize expanded = 0;

        if (entry->is_section)
          continue;
        if (tsr_doom2d_wad_check_entry (file->wad, entry, left, &expanded, &error))
          left -= MIN (expanded, left);
        else if (g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE))
          {
            tsr_findings_add (findings, TSR_SEVERITY_WARNING, entry->name,
                              _("not checked: expands beyond the %zu bytes left for "
                              "checking the archive (64 times its size, at least 16 MiB)"), left);
            left -= MIN (expanded, left);
          }
        else
          tsr_findings_add (findings, TSR_SEVERITY_ERROR, entry->name, "%s", error->message);
      }
  if (file->map != NULL)
    {
      g_autoptr(GPtrArray) map_findings = tsr_findings_new ();

      tsr_doom2d_map_validate (file->map, map_findings);
      tsr_doom2d_map_check (file->map, map_findings);
      for (guint i = 0; i < map_findings->len; i++)
        {
          TsrFinding *finding = g_ptr_array_index (map_findings, i);
          g_autofree char *where = file->map_entry != NULL
                                   ? g_strdup_printf ("%s: %s", file->map_entry->name, finding->where)
                                   : g_strdup (finding->where);
          tsr_findings_add_at (findings, finding->severity, &finding->place, where, "%s", finding->what);
        }
    }
}

static void
describe_map (const TsrDoom2dMap *map, JsonBuilder *builder)
{
  const TsrFieldValue *size = &map->header->values[TSR_DOOM2D_HEADER_SIZE];
  g_autoptr(GHashTable) trigger_types = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) type_names = g_ptr_array_new ();
  const TsrFieldEnum *trigger_enum
    = tsr_doom2d_record_type (TSR_DOOM2D_KIND_TRIGGER)->table.fields[TSR_DOOM2D_TRIGGER_TYPE].enumeration;

  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, map->header->values[TSR_DOOM2D_HEADER_NAME].text);
  json_builder_set_member_name (builder, "author");
  json_builder_add_string_value (builder, map->header->values[TSR_DOOM2D_HEADER_AUTHOR].text);
  json_builder_set_member_name (builder, "description");
  json_builder_add_string_value (builder, map->header->values[TSR_DOOM2D_HEADER_DESCRIPTION].text);
  json_builder_set_member_name (builder, "music");
  json_builder_add_string_value (builder, map->header->values[TSR_DOOM2D_HEADER_MUSIC].text);
  json_builder_set_member_name (builder, "sky");
  json_builder_add_string_value (builder, map->header->values[TSR_DOOM2D_HEADER_SKY].text);
  json_builder_set_member_name (builder, "size");
  {
    g_autofree char *text = g_strdup_printf ("%" PRId64 " x %" PRId64, size->v[0], size->v[1]);
    json_builder_add_string_value (builder, text);
  }
  json_builder_set_member_name (builder, "counts");
  json_builder_begin_object (builder);
  for (guint k = 1; k < TSR_DOOM2D_N_KINDS; k++)
    {
      g_autofree char *plural = g_strconcat (tsr_doom2d_record_type (k)->table.name, "s", NULL);
      json_builder_set_member_name (builder, plural);
      json_builder_add_int_value (builder, tsr_doom2d_map_count (map, k));
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "trigger_types");
  json_builder_begin_object (builder);
  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER); i++)
    {
      const TsrDoom2dRecord *trigger = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, i);
      gint64 type = trigger->values[TSR_DOOM2D_TRIGGER_TYPE].v[0];
      const char *name = tsr_field_enum_name (trigger_enum, type);
      if (name == NULL)
        {
          g_autofree char *number = g_strdup_printf ("%" PRId64, type);
          name = g_intern_string (number);
        }
      if (!g_hash_table_contains (trigger_types, name))
        g_ptr_array_add (type_names, (gpointer) name);
      g_hash_table_insert (trigger_types, (gpointer) name,
                           GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (trigger_types, name)) + 1));
    }
  for (guint i = 0; i < type_names->len; i++)
    {
      json_builder_set_member_name (builder, g_ptr_array_index (type_names, i));
      json_builder_add_int_value (builder, GPOINTER_TO_INT (g_hash_table_lookup (trigger_types,
                                                                                 g_ptr_array_index (type_names, i))));
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "textures");
  json_builder_begin_array (builder);
  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE); i++)
    {
      const TsrDoom2dRecord *texture = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, i);
      json_builder_add_string_value (builder, texture->values[TSR_DOOM2D_TEXTURE_PATH].text);
    }
  json_builder_end_array (builder);
}

static void
describe (gconstpointer data, JsonBuilder *builder)
{
  const TsrDoom2dFile *file = data;

  if (file->wad != NULL)
    {
      guint sections = 0, resources = 0;

      for (guint i = 0; i < file->wad->entries->len; i++)
        {
          const TsrDoom2dWadEntry *entry = g_ptr_array_index (file->wad->entries, i);
          if (entry->is_section)
            sections++;
          else
            resources++;
        }
      json_builder_set_member_name (builder, "sections");
      json_builder_add_int_value (builder, sections);
      json_builder_set_member_name (builder, "resources");
      json_builder_add_int_value (builder, resources);
      json_builder_set_member_name (builder, "entries");
      json_builder_begin_array (builder);
      for (guint i = 0; i < file->wad->entries->len; i++)
        {
          const TsrDoom2dWadEntry *entry = g_ptr_array_index (file->wad->entries, i);
          g_autofree char *text = entry->is_section
                                  ? g_strdup_printf ("[%s]", entry->name)
                                  : g_strdup_printf ("%s%s%s (%u bytes stored)", entry->section,
                                                     *entry->section ? "\\" : "", entry->name, entry->length);
          json_builder_add_string_value (builder, text);
        }
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "maps");
      json_builder_begin_array (builder);
      for (guint i = 0; i < file->map_entries->len; i++)
        json_builder_add_string_value (builder, ((TsrDoom2dWadEntry *) g_ptr_array_index (file->map_entries, i))->name);
      json_builder_end_array (builder);
    }
  if (file->map != NULL)
    {
      if (file->wad != NULL)
        {
          json_builder_set_member_name (builder, "map");
          json_builder_begin_object (builder);
        }
      describe_map (file->map, builder);
      if (file->wad != NULL)
        json_builder_end_object (builder);
    }
}

/* Rendering */

/* FILE's own archive, then SEARCH, then the game folders. (transfer full) */
static TsrDoom2dResources *
file_resources (const TsrDoom2dFile *file,
                const char *const   *search)
{
  g_auto(GStrv) folders = tsr_doom2d_file_game_folders (file);
  g_autoptr(GStrvBuilder) places = g_strv_builder_new ();
  g_auto(GStrv) all = NULL;

  if (search != NULL)
    g_strv_builder_addv (places, (const char **) search);
  g_strv_builder_addv (places, (const char **) folders);
  all = g_strv_builder_end (places);
  return tsr_doom2d_resources_new ((const char *const *) all, file->wad);
}

TsrImage *
tsr_doom2d_file_render (TsrDoom2dFile      *file,
                        const char *const  *search,
                        int                 level,
                        guint               width,
                        guint               height,
                        GError            **error)
{
  g_autoptr(TsrDoom2dResources) resources = NULL;

  if (level > 0 && !tsr_doom2d_file_select_map (file, (guint) level, error))
    return NULL;
  if (file->map == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("the archive holds no map to draw"));
      return NULL;
    }
  resources = file_resources (file, search);
  return tsr_doom2d_map_render (file->map, resources, width, height, error);
}

guint
tsr_doom2d_file_check_textures (TsrDoom2dFile     *file,
                                const char *const *search,
                                GPtrArray         *findings)
{
  g_autoptr(TsrDoom2dTextureCache) cache = NULL;

  if (file->map == NULL)
    return 0;
  cache = tsr_doom2d_texture_cache_new (file_resources (file, search), NULL, NULL);
  return tsr_doom2d_texture_cache_check_map (cache, file->map, findings);
}

static TsrImage *
render (gconstpointer data, const TsrRenderOptions *options, GError **error)
{
  return tsr_doom2d_file_render ((TsrDoom2dFile *) data, NULL, options->level, options->width,
                                 options->height, error);
}

/* Converting */

static const TsrFormat doom2d_map_format;
static const TsrFormat doom2d_text_format;
static const TsrFormat doom2d_wad_format;
static const TsrFormat doom2d_zip_format;

/* A resource name for MAP inside an archive: the map's name when it fits, else MAP01. */
static char *
map_resource_name (const TsrDoom2dMap *map)
{
  const char *name = map->header->values[TSR_DOOM2D_HEADER_NAME].text;
  g_autoptr(GByteArray) encoded = tsr_doom2d_utf8_to_cp1251 (name ? name : "");

  if (encoded->len == 0 || encoded->len > 16 || strpbrk (name, "\\/: ") != NULL)
    return g_strdup ("MAP01");
  return g_ascii_strup (name, -1);
}

static GPtrArray *
convert (gconstpointer data, const TsrFormat *target, const char *path,
         const TsrConvertOptions *options, GPtrArray *lost, GError **error)
{
  TsrDoom2dFile *file = (TsrDoom2dFile *) data;

  if (options->level > 0 && file->wad != NULL && !tsr_doom2d_file_select_map (file, (guint) options->level, error))
    return NULL;
  if (file->map == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("no map to convert"));
      return NULL;
    }
  if (target == &doom2d_text_format)
    return tsr_output_files_new_single (path, tsr_doom2d_map_write_text (file->map));
  if (target == &doom2d_map_format)
    {
      tsr_doom2d_map_binary_losses (file->map, lost);
      return tsr_output_files_new_single (path, tsr_doom2d_map_write_binary (file->map));
    }
  if (target == &doom2d_wad_format || target == &doom2d_zip_format)
    {
      gboolean zip = target == &doom2d_zip_format;
      /* Into an existing archive: replace (or add) the map's resource and keep the rest as is. */
      g_autoptr(GBytes) existing = g_file_test (path, G_FILE_TEST_IS_REGULAR) ? tsr_file_read (path, NULL) : NULL;
      TsrDoom2dWad *wad = NULL;
      g_autofree char *name = map_resource_name (file->map);
      g_autoptr(GBytes) lump = NULL;
      TsrDoom2dWadEntry *entry;
      GBytes *bytes;

      if (existing != NULL
          && (zip ? tsr_doom2d_zip_sniff : tsr_doom2d_wad_sniff) (g_bytes_get_data (existing, NULL),
                                                                 g_bytes_get_size (existing)))
        {
          wad = tsr_doom2d_archive_read (existing, error);
          if (wad == NULL)
            return NULL;
        }
      if (wad == NULL)
        wad = zip ? tsr_doom2d_zip_new () : tsr_doom2d_wad_new ();
      tsr_doom2d_map_binary_losses (file->map, lost);
      lump = tsr_doom2d_map_write_binary (file->map);
      entry = tsr_doom2d_wad_find (wad, "", name);
      if (entry != NULL)
        tsr_doom2d_wad_set_data (wad, entry, lump);
      else
        tsr_doom2d_wad_add (wad, "", name, lump);
      bytes = tsr_doom2d_wad_write (wad, error);
      tsr_doom2d_wad_free (wad);
      return bytes != NULL ? tsr_output_files_new_single (path, bytes) : NULL;
    }
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("cannot convert to %s"), target->id);
  return NULL;
}

static const char *const map_extensions[] = { "map", NULL };
static const char *const text_extensions[] = { "txt", NULL };
static const char *const wad_extensions[] = { "wad", "dfwad", NULL };
static const char *const zip_extensions[] = { "dfz", "zip", NULL };
static const char *const map_targets[] = { "doom2d-text", "doom2d-wad", "doom2d-dfz", NULL };
static const char *const text_targets[] = { "doom2d-map", "doom2d-wad", "doom2d-dfz", NULL };
static const char *const wad_targets[] = { "doom2d-map", "doom2d-text", NULL };

static const TsrFormat doom2d_map_format = {
  .id = "doom2d-map", .name = N_("Doom2D Forever map"), .family = "doom2d", .extensions = map_extensions,
  .sniff = sniff_map, .load = load_map, .free = file_free, .save = save_map,
  .validate = validate, .describe = describe, .render = render, .convert = convert,
  .convert_targets = map_targets,
};

static const TsrFormat doom2d_text_format = {
  .id = "doom2d-text", .name = N_("Doom2D Forever text map"), .family = "doom2d", .extensions = text_extensions,
  .sniff = sniff_text, .load = load_text, .free = file_free, .save = save_text,
  .validate = validate, .describe = describe, .render = render, .convert = convert,
  .convert_targets = text_targets,
};

static const TsrFormat doom2d_wad_format = {
  .id = "doom2d-wad", .name = N_("Doom2D Forever DFWAD archive"), .family = "doom2d", .extensions = wad_extensions,
  .sniff = sniff_wad, .load = load_wad, .free = file_free, .save = save_wad,
  .validate = validate, .describe = describe, .render = render, .convert = convert,
  .convert_targets = wad_targets,
};

static const TsrFormat doom2d_zip_format = {
  .id = "doom2d-dfz", .name = N_("Doom2D Forever ZIP archive"), .family = "doom2d", .extensions = zip_extensions,
  .sniff = sniff_zip, .load = load_wad, .free = file_free, .save = save_wad,
  .validate = validate, .describe = describe, .render = render, .convert = convert,
  .convert_targets = wad_targets,
};

void
tsr_doom2d_register_formats (TsrFormatRegistry *registry)
{
  tsr_format_registry_add (registry, &doom2d_map_format);
  tsr_format_registry_add (registry, &doom2d_text_format);
  tsr_format_registry_add (registry, &doom2d_wad_format);
  if (tsr_doom2d_zip_available ())
    tsr_format_registry_add (registry, &doom2d_zip_format);
}
