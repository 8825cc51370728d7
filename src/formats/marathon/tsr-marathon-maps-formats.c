/* tsr-marathon-maps-formats.c: the maps half of the Marathon family as TsrFormats:
 * "marathon-map" (scenario wads, bare or in a MacBinary / AppleSingle wrapper, Marathon 1 to
 * Aleph One) and "marathon-physics" (physics wads and Marathon 1 physics files). */
#include <glib/gi18n.h>
#include "formats/marathon/tsr-marathon-maps-formats.h"

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "formats/marathon/tsr-mac-wrapper.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-marathon-merge-folder.h"
#include "formats/marathon/tsr-marathon-physics.h"
#include "formats/marathon/tsr-marathon1-terminals.h"

#define TAG_MINF TSR_WAD_TAG ('M', 'i', 'n', 'f')

/* ---- marathon-map -------------------------------------------------------------------------- */

TsrMarathonScenario *
tsr_marathon_scenario_load (GBytes     *bytes,
                            const char *label,
                            GError    **error)
{
  g_autoptr(TsrMarathonScenario) scenario = g_new0 (TsrMarathonScenario, 1);

  scenario->wrapper = tsr_mac_file_parse (bytes, error);
  if (scenario->wrapper == NULL)
    return NULL;
  scenario->map = tsr_marathon_map_parse_bytes (scenario->wrapper->data_fork, label, error);
  if (scenario->map == NULL)
    return NULL;
  return g_steal_pointer (&scenario);
}

void
tsr_marathon_scenario_free (TsrMarathonScenario *scenario)
{
  if (scenario == NULL)
    return;
  tsr_marathon_map_free (scenario->map);
  tsr_mac_file_free (scenario->wrapper);
  g_free (scenario);
}

GBytes *
tsr_marathon_scenario_serialize (TsrMarathonScenario *scenario,
                                 GError             **error)
{
  g_autoptr(GBytes) wad = tsr_marathon_map_serialize (scenario->map, error);

  if (wad == NULL)
    return NULL;
  if (scenario->wrapper->kind == TSR_MAC_WRAPPER_NONE)
    return g_steal_pointer (&wad);
  tsr_mac_file_set_data_fork (scenario->wrapper, wad);
  return tsr_mac_file_serialize (scenario->wrapper);
}

/* Walks the chunk chain of the entry right after the header (where every writer puts the first
 * level) within the bytes the sniffer was given. */
static gboolean
first_entry_has_tag (const guint8 *data,
                     gsize         size,
                     guint32       wanted)
{
  TsrReader reader;
  gsize pos = TSR_WAD_HEADER_SIZE;

  tsr_reader_init (&reader, data, size, "wad");
  for (int guard = 0; guard < 64; guard++)
    {
      guint32 tag, next;

      if (!tsr_reader_seek (&reader, pos, NULL)
          || !tsr_reader_read_u32_be (&reader, &tag, NULL)
          || !tsr_reader_read_u32_be (&reader, &next, NULL))
        return FALSE;
      if (tag == wanted)
        return TRUE;
      if (next == 0 || TSR_WAD_HEADER_SIZE + (gsize) next <= pos)
        return FALSE;
      pos = TSR_WAD_HEADER_SIZE + next;
    }
  return FALSE;
}

/* The data fork inside a MacBinary or AppleSingle wrapper (or the whole input), for sniffing. */
static const guint8 *
sniff_data_fork (const guint8 *data,
                 gsize         size,
                 gsize        *fork_size)
{
  TsrMacWrapperKind kind = tsr_mac_wrapper_sniff (data, size);
  TsrReader reader;
  guint32 offset = 0, length = 0;
  const guint8 *fork = NULL;

  *fork_size = size;
  tsr_reader_init (&reader, data, size, "wrapper");
  if (kind == TSR_MAC_WRAPPER_MACBINARY)
    {
      if (!tsr_reader_seek (&reader, 83, NULL) || !tsr_reader_read_u32_be (&reader, &length, NULL)
          || !tsr_reader_seek (&reader, 128, NULL))
        return NULL;
      length = (guint32) MIN ((gsize) length, tsr_reader_remaining (&reader));
      if (!tsr_reader_read_view (&reader, length, &fork, NULL))
        return NULL;
      *fork_size = length;
      return fork;
    }
  if (kind == TSR_MAC_WRAPPER_APPLESINGLE)
    {
      guint16 count = 0;

      if (!tsr_reader_seek (&reader, 24, NULL) || !tsr_reader_read_u16_be (&reader, &count, NULL))
        return NULL;
      for (guint i = 0; i < count; i++)
        {
          guint32 id;
          TsrReader entry;

          if (!tsr_reader_seek (&reader, 26 + 12 * (gsize) i, NULL)
              || !tsr_reader_read_u32_be (&reader, &id, NULL)
              || !tsr_reader_read_u32_be (&reader, &offset, NULL)
              || !tsr_reader_read_u32_be (&reader, &length, NULL))
            return NULL;
          if (id != 1 || offset > size)
            continue;
          length = (guint32) MIN ((gsize) length, size - offset);
          if (!tsr_reader_sub (&reader, offset, length, NULL, &entry, NULL)
              || !tsr_reader_read_view (&entry, length, &fork, NULL))
            return NULL;
          *fork_size = length;
          return fork;
        }
      return NULL;
    }
  return data;
}

static guint
map_sniff (const guint8 *data,
           gsize         size,
           const char   *path)
{
  gsize fork_size;
  const guint8 *fork = sniff_data_fork (data, size, &fork_size);

  if (fork == NULL || tsr_wad_sniff (fork, fork_size) == TSR_SNIFF_NO)
    return TSR_SNIFF_NO;
  if (first_entry_has_tag (fork, fork_size, TAG_MINF))
    return TSR_SNIFF_CERTAIN;
  return TSR_SNIFF_NO;
}

static gpointer
map_load (const char *path,
          GBytes     *bytes,
          GError    **error)
{
  return tsr_marathon_scenario_load (bytes, path != NULL ? path : "map", error);
}

static void
map_free (gpointer data)
{
  tsr_marathon_scenario_free (data);
}

static GPtrArray *
map_save (gconstpointer data,
          const char   *path,
          GError      **error)
{
  TsrMarathonScenario *scenario = (TsrMarathonScenario *) data;

  return tsr_output_files_new_single (path, tsr_marathon_scenario_serialize (scenario, error));
}

static void
map_validate (gconstpointer data,
              GPtrArray    *findings)
{
  const TsrMarathonScenario *scenario = data;

  tsr_marathon_map_validate (scenario->map, findings);
}

static guint
count (GArray *array)
{
  return array != NULL ? array->len : 0;
}

static void
describe_level (JsonBuilder            *builder,
                const TsrMarathonLevel *level)
{
  g_autofree char *name = tsr_marathon_level_name (level);
  g_autoptr(GString) tags = g_string_new (NULL);

  for (guint c = 0; c < level->entry->chunks->len; c++)
    {
      TsrWadChunk *chunk = g_ptr_array_index (level->entry->chunks, c);
      g_autofree char *tag = tsr_wad_tag_to_string (chunk->tag);

      if (tags->len > 0)
        g_string_append_c (tags, ' ');
      g_string_append (tags, tag);
    }
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "index");
  json_builder_add_int_value (builder, level->entry->index);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, name);
  json_builder_set_member_name (builder, "data_version");
  json_builder_add_int_value (builder, level->data_version);
#define COUNT(label, value) \
  json_builder_set_member_name (builder, label); \
  json_builder_add_int_value (builder, value)
  COUNT ("points", tsr_marathon_level_n_points (level));
  COUNT ("lines", count (level->lines));
  COUNT ("sides", count (level->sides));
  COUNT ("polygons", count (level->polygons));
  COUNT ("objects", count (level->objects));
  COUNT ("lights", level->data_version == 0 ? count (level->old_lights) : count (level->lights));
  COUNT ("platforms", count (level->platforms));
  COUNT ("liquids", count (level->media));
  COUNT ("terminals", level->terminals != NULL ? level->terminals->len : 0);
  COUNT ("annotations", count (level->annotations));
  COUNT ("embedded_physics_tables", level->physics != NULL ? level->physics->len : 0);
#undef COUNT
  json_builder_set_member_name (builder, "chunks");
  json_builder_add_string_value (builder, tags->str);
  json_builder_end_object (builder);
}

static void
describe_wad (JsonBuilder  *builder,
              const TsrWad *wad)
{
  g_autofree char *name = tsr_mac_roman_to_utf8 (wad->name, strnlen ((const char *) wad->name, sizeof wad->name));
  char checksum[16];

  json_builder_set_member_name (builder, "wad_version");
  json_builder_add_int_value (builder, wad->version);
  json_builder_set_member_name (builder, "data_version");
  json_builder_add_int_value (builder, wad->data_version);
  json_builder_set_member_name (builder, "wad_name");
  json_builder_add_string_value (builder, name);
  json_builder_set_member_name (builder, "entries");
  json_builder_add_int_value (builder, wad->entries->len);
  json_builder_set_member_name (builder, "app_data_size");
  json_builder_add_int_value (builder, wad->app_data_size);
  g_snprintf (checksum, sizeof checksum, "%08X", wad->checksum);
  json_builder_set_member_name (builder, "checksum");
  json_builder_add_string_value (builder, checksum);
  json_builder_set_member_name (builder, "checksum_matches");
  json_builder_add_boolean_value (builder, tsr_wad_checksum_matches (wad));
}

static void
map_describe (gconstpointer data,
              JsonBuilder  *builder)
{
  const TsrMarathonScenario *scenario = data;
  const TsrMarathonMap *map = scenario->map;

  json_builder_set_member_name (builder, "wrapper");
  json_builder_add_string_value (builder, tsr_mac_wrapper_kind_to_string (scenario->wrapper->kind));
  describe_wad (builder, map->wad);
  json_builder_set_member_name (builder, "levels");
  json_builder_begin_array (builder);
  for (guint i = 0; i < map->levels->len; i++)
    describe_level (builder, g_ptr_array_index (map->levels, i));
  json_builder_end_array (builder);
}

static TsrImage *
map_render (gconstpointer           data,
            const TsrRenderOptions *options,
            GError                **error)
{
  const TsrMarathonScenario *scenario = data;
  const TsrMarathonMap *map = scenario->map;
  guint position = options->level < 0 ? 0 : (guint) options->level;

  if (position >= map->levels->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, _("level %d: the file holds %u levels (0..%u)"),
                   options->level, map->levels->len, map->levels->len - 1);
      return NULL;
    }
  return tsr_marathon_level_render (g_ptr_array_index (map->levels, position),
                                    options->width, options->height, error);
}

static const char *const map_extensions[] = { "scea", "scen", "sce2", "map", "as", NULL };

static const TsrFormat marathon_map_format = {
  .id = "marathon-map",
  .name = N_("Marathon map / scenario"),
  .family = "marathon",
  .extensions = map_extensions,
  .sniff = map_sniff,
  .load = map_load,
  .free = map_free,
  .save = map_save,
  .validate = map_validate,
  .describe = map_describe,
  .render = map_render,
};

/* ---- marathon-physics ---------------------------------------------------------------------- */

static guint
physics_sniff (const guint8 *data,
               gsize         size,
               const char   *path)
{
  gsize fork_size;
  const guint8 *fork = sniff_data_fork (data, size, &fork_size);

  if (fork == NULL)
    return TSR_SNIFF_NO;
  return tsr_marathon_physics_sniff (fork, fork_size);
}

typedef struct {
  TsrMacFile         *wrapper;
  TsrMarathonPhysics *physics;
} PhysicsFile;

static void
physics_free (gpointer data)
{
  PhysicsFile *file = data;

  if (file == NULL)
    return;
  tsr_marathon_physics_free (file->physics);
  tsr_mac_file_free (file->wrapper);
  g_free (file);
}

static gpointer
physics_load (const char *path,
              GBytes     *bytes,
              GError    **error)
{
  PhysicsFile *file = g_new0 (PhysicsFile, 1);
  gsize size;
  const guint8 *data;

  file->wrapper = tsr_mac_file_parse (bytes, error);
  if (file->wrapper == NULL)
    {
      physics_free (file);
      return NULL;
    }
  data = g_bytes_get_data (file->wrapper->data_fork, &size);
  file->physics = tsr_marathon_physics_parse (data, size, path != NULL ? path : "physics", error);
  if (file->physics == NULL)
    {
      physics_free (file);
      return NULL;
    }
  return file;
}

static GPtrArray *
physics_save (gconstpointer data,
              const char   *path,
              GError      **error)
{
  PhysicsFile *file = (PhysicsFile *) data;
  GBytes *bytes = tsr_marathon_physics_serialize (file->physics, error);

  if (bytes != NULL && file->wrapper->kind != TSR_MAC_WRAPPER_NONE)
    {
      tsr_mac_file_set_data_fork (file->wrapper, bytes);
      g_bytes_unref (bytes);
      bytes = tsr_mac_file_serialize (file->wrapper);
    }
  return tsr_output_files_new_single (path, bytes);
}

static void
physics_validate (gconstpointer data,
                  GPtrArray    *findings)
{
  const PhysicsFile *file = data;

  tsr_marathon_physics_validate (file->physics, findings);
}

static void
physics_describe (gconstpointer data,
                  JsonBuilder  *builder)
{
  const PhysicsFile *file = data;

  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, file->physics->wad != NULL ? "physics wad" : "Marathon 1 physics");
  if (file->physics->wad != NULL)
    describe_wad (builder, file->physics->wad);
  json_builder_set_member_name (builder, "tables");
  json_builder_begin_array (builder);
  for (guint i = 0; i < file->physics->tables->len; i++)
    {
      TsrMarathonPhysicsTable *table = g_ptr_array_index (file->physics->tables, i);
      g_autofree char *tag = tsr_wad_tag_to_string (table->tag);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "tag");
      json_builder_add_string_value (builder, tag);
      json_builder_set_member_name (builder, "records");
      json_builder_add_int_value (builder, table->count);
      json_builder_set_member_name (builder, "record_size");
      json_builder_add_int_value (builder, (gint64) table->record_size);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static const char *const physics_extensions[] = { "phya", "phys", "phy2", NULL };

static const TsrFormat marathon_physics_format = {
  .id = "marathon-physics",
  .name = N_("Marathon physics"),
  .family = "marathon",
  .extensions = physics_extensions,
  .sniff = physics_sniff,
  .load = physics_load,
  .free = physics_free,
  .save = physics_save,
  .validate = physics_validate,
  .describe = physics_describe,
};

/* ---- marathon-terminal-script ------------------------------------------------------------- */

/* A script: after comment (';') and blank lines, the first line is "#TERMINAL n" in any case. */
static guint
script_sniff (const guint8 *data,
              gsize         size,
              const char   *path)
{
  gsize pos = 0;

  while (pos < size)
    {
      gsize end = pos;

      while (end < size && data[end] != '\n')
        end++;
      if (end > pos && data[pos] != ';' && data[pos] != '\r')
        {
          if (end - pos >= 10 && data[pos] == '#' && g_ascii_strncasecmp ((const char *) data + pos + 1, "TERMINAL", 8) == 0
              && (data[pos + 9] == ' ' || data[pos + 9] == '\t'))
            return TSR_SNIFF_LIKELY;
          return TSR_SNIFF_NO;
        }
      pos = end + 1;
    }
  return TSR_SNIFF_NO;
}

static gpointer
script_load (const char *path,
             GBytes     *bytes,
             GError    **error)
{
  return tsr_marathon_terminal_script_new (bytes, error);
}

static void
script_free (gpointer data)
{
  tsr_marathon_terminal_script_free (data);
}

/* The script is written back as the writer left it (layout, comments, case, line endings):
 * editing happens on the text, and compiling only reads it. */
static GPtrArray *
script_save (gconstpointer data,
             const char   *path,
             GError      **error)
{
  const TsrMarathonTerminalScript *script = data;

  return tsr_output_files_new_single (path, g_bytes_ref (script->source));
}

static void
script_validate (gconstpointer data,
                 GPtrArray    *findings)
{
  const TsrMarathonTerminalScript *script = data;
  GPtrArray *terminals = script->compilation->terminals;

  for (guint i = 0; i < script->compilation->diagnostics->len; i++)
    {
      const TsrMarathonScriptDiagnostic *diagnostic =
        &g_array_index (script->compilation->diagnostics, TsrMarathonScriptDiagnostic, i);
      g_autofree char *where = g_strdup_printf (_("line %u, column %u"), diagnostic->line, diagnostic->column);
      TsrFindingPlace place = tsr_finding_place_at (-1, "script", -1, TSR_FINDING_POINT_TEXT,
                                                    diagnostic->column, diagnostic->line);

      tsr_findings_add_at (findings, diagnostic->severity, &place, where, "%s", diagnostic->message);
    }
  if (terminals == NULL)
    return;
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) chunk = tsr_marathon_terminals_serialize (terminals, &error);

    if (chunk == NULL)
      tsr_findings_add (findings, TSR_SEVERITY_ERROR, "term", "%s", error->message);
  }
  for (guint t = 0; t < terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (terminals, t);
      g_autofree char *where = g_strdup_printf (_("terminal %u"), t);
      gboolean has_section = FALSE;

      for (guint g = 0; g < terminal->groups->len; g++)
        {
          int type = g_array_index (terminal->groups, TsrMarathonTerminalGroup, g).type;

          has_section |= type == TSR_MARATHON_GROUP_UNFINISHED || type == TSR_MARATHON_GROUP_FINISHED
                         || type == TSR_MARATHON_GROUP_FAILED;
        }
      if (!has_section)
        tsr_findings_add (findings, TSR_SEVERITY_WARNING, where,
                          _("no #UNFINISHED, #FINISHED or #FAILURE section: the engine shows nothing"));
    }
}

static void
script_describe (gconstpointer data,
                 JsonBuilder  *builder)
{
  const TsrMarathonTerminalScript *script = data;
  const TsrMarathonScriptDiagnostic *failure = tsr_marathon_script_compilation_first_error (script->compilation);
  GPtrArray *terminals = script->compilation->terminals;

  if (failure != NULL)
    {
      g_autofree char *text = g_strdup_printf ("line %u, column %u: %s", failure->line, failure->column,
                                               failure->message);

      json_builder_set_member_name (builder, "compile_error");
      json_builder_add_string_value (builder, text);
    }
  if (terminals == NULL)
    return;
  json_builder_set_member_name (builder, "terminals");
  json_builder_begin_array (builder);
  for (guint t = 0; t < terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (terminals, t);
      g_autoptr(GString) groups = g_string_new (NULL);

      for (guint g = 0; g < terminal->groups->len; g++)
        {
          const char *name = tsr_marathon_group_type_name (g_array_index (terminal->groups, TsrMarathonTerminalGroup, g).type);

          if (groups->len > 0)
            g_string_append (groups, ", ");
          g_string_append (groups, name != NULL ? name : "?");
        }
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "groups");
      json_builder_add_string_value (builder, groups->str);
      json_builder_set_member_name (builder, "styles");
      json_builder_add_int_value (builder, terminal->faces->len);
      json_builder_set_member_name (builder, "text_bytes");
      json_builder_add_int_value (builder, (gint64) g_bytes_get_size (terminal->text));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static const char *const script_extensions[] = { "txt", NULL };

static const TsrFormat marathon_terminal_script_format = {
  .id = "marathon-terminal-script",
  .name = N_("Marathon terminal script"),
  .family = "marathon",
  .extensions = script_extensions,
  .sniff = script_sniff,
  .load = script_load,
  .free = script_free,
  .save = script_save,
  .validate = script_validate,
  .describe = script_describe,
};

const TsrFormat *
tsr_marathon_map_format (void)
{
  return &marathon_map_format;
}

const TsrFormat *
tsr_marathon_physics_format (void)
{
  return &marathon_physics_format;
}

TsrMarathonPhysics *
tsr_marathon_physics_file_get_physics (gpointer data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return ((PhysicsFile *) data)->physics;
}

const TsrFormat *
tsr_marathon_terminal_script_format (void)
{
  return &marathon_terminal_script_format;
}

void
tsr_marathon_maps_register_formats (TsrFormatRegistry *registry)
{
  tsr_format_registry_add (registry, &marathon_map_format);
  tsr_format_registry_add (registry, &marathon_physics_format);
  tsr_format_registry_add (registry, tsr_marathon_merge_folder_format ());
  /* Writers open and check terminal scripts on their own too (roundtrip, validate). */
  tsr_format_registry_add (registry, &marathon_terminal_script_format);
  tsr_format_registry_add (registry, tsr_marathon1_terminals_format ());
}
