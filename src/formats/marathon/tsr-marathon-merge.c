/* tsr-marathon-merge.c: Atque merge folders ↔ scenario wads, with Atque's layout and naming
 * (treellama/atque merge.cpp CreateWad / atque::merge, split.cpp atque::split; ferro/Wadfile.cpp
 * Save, ferro/Wad.cpp Save). What Tessera does differently, and why, is in
 * docs/formats/marathon.md ("Atque merge folders"). */
#include "formats/marathon/tsr-marathon-merge.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-terminal.h"
#include "formats/marathon/tsr-wad.h"
#include <glib/gi18n.h>

#define MINF_TAG    TSR_WAD_TAG ('M', 'i', 'n', 'f')
#define TERM_TAG    TSR_WAD_TAG ('t', 'e', 'r', 'm')
#define SHAPES_TAG  TSR_WAD_TAG ('S', 'h', 'P', 'a')
#define SOUNDS_TAG  TSR_WAD_TAG ('S', 'n', 'P', 'a')
#define LUA_TAG     TSR_WAD_TAG ('L', 'U', 'A', 'S')
#define MML_TAG     TSR_WAD_TAG ('M', 'M', 'L', 'S')

/* Minf (Aleph One map.h static_data): flags at 6 and 8, the name at 18, entry points at 84. */
#define MINF_NAME_OFFSET        18
#define MINF_NAME_SIZE          66
#define MINF_ENTRY_POINT_OFFSET 84

/* Atque skips shapes and sounds patches above 4 MiB (merge.cpp MergeShapes, MergeSounds). */
#define PATCH_LIMIT (4096 * 1024)
/* ferro ScriptChunk: a script header is flags (4), name (66: kScriptNameLength), length (4). */
#define SCRIPT_NAME_SIZE 66
#define LEVEL_SELECT_NAMES "Level Select Names.txt"

static const guint32 physics_tags[] = {
  TSR_WAD_TAG ('M', 'N', 'p', 'x'), TSR_WAD_TAG ('F', 'X', 'p', 'x'), TSR_WAD_TAG ('P', 'R', 'p', 'x'),
  TSR_WAD_TAG ('P', 'X', 'p', 'x'), TSR_WAD_TAG ('W', 'P', 'p', 'x'),
};

/* The order Atque writes a level's chunks in (Forge's, ferro/Wad.cpp tag_save_list); any other
 * tag follows, by value. */
static const guint32 atque_chunk_order[] = {
  TSR_WAD_TAG ('P', 'N', 'T', 'S'), TSR_WAD_TAG ('L', 'I', 'N', 'S'), TSR_WAD_TAG ('P', 'O', 'L', 'Y'),
  TSR_WAD_TAG ('S', 'I', 'D', 'S'), TSR_WAD_TAG ('L', 'I', 'T', 'E'), TSR_WAD_TAG ('N', 'O', 'T', 'E'),
  TSR_WAD_TAG ('O', 'B', 'J', 'S'), MINF_TAG, TSR_WAD_TAG ('p', 'l', 'a', 'c'),
  TSR_WAD_TAG ('m', 'e', 'd', 'i'), TSR_WAD_TAG ('a', 'm', 'b', 'i'), TSR_WAD_TAG ('b', 'o', 'n', 'k'),
  TSR_WAD_TAG ('i', 'i', 'd', 'x'), TSR_WAD_TAG ('E', 'P', 'N', 'T'), TSR_WAD_TAG ('P', 'L', 'A', 'T'),
  TERM_TAG, TSR_WAD_TAG ('M', 'N', 'p', 'x'), TSR_WAD_TAG ('F', 'X', 'p', 'x'),
  TSR_WAD_TAG ('P', 'R', 'p', 'x'), TSR_WAD_TAG ('P', 'X', 'p', 'x'), TSR_WAD_TAG ('W', 'P', 'p', 'x'),
  SHAPES_TAG,
};

static guint
chunk_rank (guint32 tag)
{
  for (guint i = 0; i < G_N_ELEMENTS (atque_chunk_order); i++)
    if (atque_chunk_order[i] == tag)
      return i;
  return G_N_ELEMENTS (atque_chunk_order);
}

static gint
compare_chunks (gconstpointer a,
                gconstpointer b)
{
  const TsrWadChunk *first = *(TsrWadChunk *const *) a;
  const TsrWadChunk *second = *(TsrWadChunk *const *) b;
  guint rank_a = chunk_rank (first->tag), rank_b = chunk_rank (second->tag);

  if (rank_a != rank_b)
    return rank_a < rank_b ? -1 : 1;
  if (first->tag != second->tag)
    return first->tag < second->tag ? -1 : 1;
  return 0;
}

/* A copy of SOURCE's chunks as new chunks (their data shared), so a new wad lays them out. */
static TsrWadEntry *
entry_copy (const TsrWadEntry *source,
            int                index)
{
  TsrWadEntry *entry = tsr_wad_entry_new (index);

  for (guint i = 0; i < source->chunks->len; i++)
    {
      const TsrWadChunk *chunk = g_ptr_array_index (source->chunks, i);

      g_ptr_array_add (entry->chunks, tsr_wad_chunk_new (chunk->tag, chunk->data));
    }
  return entry;
}

/* A one-entry wad as Atque writes a level or physics file: version 2, no application data. */
static GBytes *
single_entry_wad (TsrWadEntry *entry,
                  guint16      data_version,
                  const char  *mac_roman_name,
                  GError     **error)
{
  g_autoptr(TsrWad) wad = tsr_wad_new (TSR_WAD_VERSION_OVERLAYS, data_version, mac_roman_name);

  g_ptr_array_sort (entry->chunks, compare_chunks);
  g_ptr_array_add (wad->entries, entry);
  return tsr_wad_serialize (wad, error);
}

/* A C string of at most MAX - 1 bytes from DATA (ferro's strncpy with a final NUL). */
static char *
fixed_string (const guint8 *data,
              gsize         size,
              gsize         max)
{
  gsize length = 0;

  while (length < size && length + 1 < max && data[length] != 0)
    length++;
  return g_strndup ((const char *) data, length);
}

static char *
minf_level_name (const TsrWadEntry *entry)
{
  TsrWadChunk *minf = tsr_wad_entry_find_chunk (entry, MINF_TAG);
  gsize size = 0;
  const guint8 *data = minf != NULL ? g_bytes_get_data (minf->data, &size) : NULL;

  if (size < MINF_NAME_OFFSET)
    return g_strdup ("");
  return fixed_string (data + MINF_NAME_OFFSET, size - MINF_NAME_OFFSET, MINF_NAME_SIZE);
}

/* The level-list entry Atque derives from the level's Minf (ferro Wadfile::UpdateDirectory). */
static GBytes *
level_info_from_minf (const TsrWadEntry *entry,
                      const char        *override_name)
{
  TsrWadLevelInfo info = { 0 };
  TsrWadChunk *minf = tsr_wad_entry_find_chunk (entry, MINF_TAG);
  gsize size = 0;
  const guint8 *data = minf != NULL ? g_bytes_get_data (minf->data, &size) : NULL;
  g_autofree char *name = NULL;

  if (size >= MINF_ENTRY_POINT_OFFSET + 4)
    {
      info.mission_flags = (gint16) ((data[6] << 8) | data[7]);
      info.environment_flags = (gint16) ((data[8] << 8) | data[9]);
      info.entry_point_flags = (gint32) (((guint32) data[84] << 24) | ((guint32) data[85] << 16)
                                         | ((guint32) data[86] << 8) | data[87]);
      name = minf_level_name (entry);
    }
  if (override_name != NULL)
    {
      g_free (name);
      name = g_strdup (override_name);
    }
  if (name != NULL)
    strncpy ((char *) info.name, name, sizeof info.name - 1);
  return tsr_wad_level_info_to_bytes (&info);
}

/* ---- Merge -------------------------------------------------------------------------------- */

/* The level number a folder name starts with, as Atque reads it (an int16 after optional
 * white space and sign); FALSE when there is none. */
static gboolean
parse_level_number (const char *name,
                    int        *index)
{
  const char *p = name;
  gint64 value = 0;
  gboolean negative = FALSE;

  while (g_ascii_isspace (*p))
    p++;
  if (*p == '+' || *p == '-')
    negative = *p++ == '-';
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    {
      value = value * 10 + (*p++ - '0');
      if (value > 32768)
        return FALSE;
    }
  if (negative)
    value = -value;
  if (value < G_MININT16 || value > G_MAXINT16)
    return FALSE;
  *index = (int) value;
  return TRUE;
}

static gint
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Atque sorts Lua and MML files by their lower-cased path (merge.cpp SortScriptPaths). */
static gint
compare_strings_folded (gconstpointer a,
                        gconstpointer b)
{
  g_autofree char *first = g_ascii_strdown (*(const char *const *) a, -1);
  g_autofree char *second = g_ascii_strdown (*(const char *const *) b, -1);

  return strcmp (first, second);
}

static void
add_note (GPtrArray  *notes,
          char       *note)
{
  if (notes != NULL)
    g_ptr_array_add (notes, note);
  else
    g_free (note);
}

/* The first of FILES (sorted), with a note when there are several: Atque takes one. */
static const char *
first_of (GPtrArray  *files,
          const char *folder,
          const char *extension,
          GPtrArray  *notes)
{
  if (files->len == 0)
    return NULL;
  if (files->len > 1)
    add_note (notes, g_strdup_printf (_("%s: several “%s” files; merging %s, as Atque takes one"),
                                      folder, extension, (const char *) files->pdata[0]));
  return files->pdata[0];
}

static TsrWad *
read_wad (const char *path,
          GBytes    **bytes_out,
          GError    **error)
{
  g_autoptr(GBytes) bytes = tsr_file_read (path, error);
  gsize size = 0;
  const guint8 *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  if (tsr_wad_sniff (data, size) == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_BAD_MAGIC, _("%s: not a Marathon wad file"), path);
      return NULL;
    }
  if (bytes_out != NULL)
    *bytes_out = g_bytes_ref (bytes);
  return tsr_wad_parse_bytes (bytes, path, error);
}

/* A ScriptChunk (LUAS or MMLS) of the files PATHS, named by their stems (merge.cpp MergeScripts). */
static GBytes *
script_chunk (GPtrArray  *paths,
              GError    **error)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  guint8 count[2] = { (guint8) (paths->len >> 8), (guint8) paths->len };

  g_byte_array_append (out, count, 2);
  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = paths->pdata[i];
      g_autoptr(GBytes) data = tsr_file_read (path, error);
      g_autofree char *base = g_path_get_basename (path);
      const char *dot = strrchr (base, '.');
      guint8 header[8 + SCRIPT_NAME_SIZE] = { 0 };
      gsize size;

      if (data == NULL)
        return NULL;
      size = g_bytes_get_size (data);
      memcpy (header + 4, base, MIN ((gsize) (dot - base), (gsize) SCRIPT_NAME_SIZE - 1));
      header[4 + SCRIPT_NAME_SIZE] = (guint8) (size >> 24);
      header[5 + SCRIPT_NAME_SIZE] = (guint8) (size >> 16);
      header[6 + SCRIPT_NAME_SIZE] = (guint8) (size >> 8);
      header[7 + SCRIPT_NAME_SIZE] = (guint8) size;
      g_byte_array_append (out, header, sizeof header);
      g_byte_array_append (out, g_bytes_get_data (data, NULL), size);
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

/* One level folder into one wad entry (merge.cpp CreateWad). */
static TsrWadEntry *
merge_level (const char  *folder,
             int          index,
             GPtrArray   *notes,
             GError     **error)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, error);
  g_autoptr(GPtrArray) maps = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) physics = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) shapes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) sounds = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) scripts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) luas = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) mmls = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(TsrWad) level = NULL;
  g_autoptr(TsrWadEntry) entry = NULL;
  const char *name;
  const char *path;
  TsrWadEntry *source;

  if (dir == NULL)
    return NULL;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (folder, name, NULL);
      const char *dot = strrchr (name, '.');
      GPtrArray *list = NULL;

      if (name[0] == '.' || dot == NULL || !g_file_test (child, G_FILE_TEST_IS_REGULAR))
        continue;
      if (strcmp (dot, ".sceA") == 0)
        list = maps;
      else if (strcmp (dot, ".phyA") == 0)
        list = physics;
      else if (strcmp (dot, ".ShPa") == 0)
        list = shapes;
      else if (strcmp (dot, ".SnPa") == 0)
        list = sounds;
      else if (strcmp (dot, ".txt") == 0)
        list = scripts;
      else if (strcmp (dot, ".lua") == 0)
        list = luas;
      else if (strcmp (dot, ".mml") == 0)
        list = mmls;
      if (list != NULL)
        g_ptr_array_add (list, g_steal_pointer (&child));
    }
  g_ptr_array_sort (maps, compare_strings);
  g_ptr_array_sort (physics, compare_strings);
  g_ptr_array_sort (shapes, compare_strings);
  g_ptr_array_sort (sounds, compare_strings);
  g_ptr_array_sort (scripts, compare_strings);
  g_ptr_array_sort (luas, compare_strings_folded);
  g_ptr_array_sort (mmls, compare_strings_folded);

  path = first_of (maps, folder, ".sceA", notes);
  if (path == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: no level file (.sceA)"), folder);
      return NULL;
    }
  level = read_wad (path, NULL, error);
  if (level == NULL)
    return NULL;
  /* merge.cpp CreateWad takes a level file only when its data version is 1. */
  if (level->data_version != 1)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_UNSUPPORTED_VERSION,
                   _("%s: data version %u: Atque merges and splits only data version 1 (Marathon 2 and Infinity)"),
                   path, level->data_version);
      return NULL;
    }
  source = tsr_wad_find_entry (level, 0);
  if (source == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, _("%s: no level 0, the one Atque merges"), path);
      return NULL;
    }
  entry = entry_copy (source, index);

  if ((path = first_of (physics, folder, ".phyA", notes)) != NULL)
    {
      g_autoptr(TsrWad) model = read_wad (path, NULL, error);
      TsrWadEntry *first;
      gboolean complete = TRUE;

      if (model == NULL)
        return NULL;
      first = tsr_wad_find_entry (model, 0);
      for (guint i = 0; i < G_N_ELEMENTS (physics_tags); i++)
        complete = complete && first != NULL && tsr_wad_entry_find_chunk (first, physics_tags[i]) != NULL;
      if (!complete)
        add_note (notes, g_strdup_printf (_("%s: not a whole physics model (MNpx, FXpx, PRpx, PXpx, WPpx); skipped, as Atque does"),
                                          path));
      else
        for (guint i = 0; i < G_N_ELEMENTS (physics_tags); i++)
          tsr_wad_entry_set_chunk (entry, physics_tags[i], tsr_wad_entry_find_chunk (first, physics_tags[i])->data);
    }
  for (guint k = 0; k < 2; k++)
    if ((path = first_of (k == 0 ? shapes : sounds, folder, k == 0 ? ".ShPa" : ".SnPa", notes)) != NULL)
      {
        g_autoptr(GBytes) data = tsr_file_read (path, error);

        if (data == NULL)
          return NULL;
        if (g_bytes_get_size (data) > PATCH_LIMIT)
          add_note (notes, g_strdup_printf (_("%s: larger than 4 MiB; skipped, as Atque does"), path));
        else
          tsr_wad_entry_set_chunk (entry, k == 0 ? SHAPES_TAG : SOUNDS_TAG, data);
      }
  if ((path = first_of (scripts, folder, ".txt", notes)) != NULL)
    {
      g_autoptr(GBytes) text = tsr_file_read (path, error);
      g_autoptr(GPtrArray) terminals = NULL;
      g_autoptr(GBytes) chunk = NULL;

      if (text == NULL)
        return NULL;
      terminals = tsr_marathon_terminals_compile (g_bytes_get_data (text, NULL), g_bytes_get_size (text),
                                                  path, error);
      if (terminals == NULL)
        return NULL;
      chunk = tsr_marathon_terminals_serialize (terminals, error);
      if (chunk == NULL)
        return NULL;
      tsr_wad_entry_set_chunk (entry, TERM_TAG, chunk);
    }
  for (guint k = 0; k < 2; k++)
    {
      GPtrArray *list = k == 0 ? luas : mmls;
      g_autoptr(GBytes) chunk = NULL;

      if (list->len == 0)
        continue;
      chunk = script_chunk (list, error);
      if (chunk == NULL)
        return NULL;
      tsr_wad_entry_set_chunk (entry, k == 0 ? LUA_TAG : MML_TAG, chunk);
    }
  g_ptr_array_sort (entry->chunks, compare_chunks);
  return g_steal_pointer (&entry);
}

/* "Level Select Names.txt": lines "INDEX NAME" (merge.cpp atque::merge). Mac Roman names. */
static GHashTable *
read_level_select_names (const char  *folder,
                         GError     **error)
{
  g_autofree char *path = g_build_filename (folder, LEVEL_SELECT_NAMES, NULL);
  GHashTable *names = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_autoptr(GBytes) bytes = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *text = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return names;
  bytes = tsr_file_read (path, error);
  if (bytes == NULL)
    {
      g_hash_table_unref (names);
      return NULL;
    }
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_strdelimit (text, "\r", '\n');
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *end = NULL;
      gint64 index = g_ascii_strtoll (lines[i], &end, 10);
      g_autoptr(GBytes) mac = NULL;
      glong bad = 0;

      if (end == lines[i] || index < G_MININT16 || index > G_MAXINT16)
        continue;
      if (*end != '\0')
        end++;
      mac = tsr_utf8_to_mac_roman (end, (gsize) strlen (end), &bad);
      if (mac == NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                       _("%s: line %u: character %ld of the name has no Mac Roman form"), path, i + 1, bad + 1);
          g_hash_table_unref (names);
          return NULL;
        }
      g_hash_table_replace (names, GINT_TO_POINTER ((int) index),
                            g_strndup (g_bytes_get_data (mac, NULL), g_bytes_get_size (mac)));
    }
  return names;
}

static gint
compare_entries_by_index (gconstpointer a,
                          gconstpointer b)
{
  const TsrWadEntry *first = *(TsrWadEntry *const *) a;
  const TsrWadEntry *second = *(TsrWadEntry *const *) b;

  return first->index < second->index ? -1 : first->index > second->index;
}

/* A resource type folder's name: 1 to 8 hex digits (split.cpp writes %08x of the type). */
static gboolean
parse_resource_type (const char *name,
                     guint32    *type)
{
  gsize length = strlen (name);

  if (length == 0 || length > 8)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isxdigit (name[i]))
      return FALSE;
  *type = (guint32) g_ascii_strtoull (name, NULL, 16);
  return TRUE;
}

/* Resources/TYPE/ID.* as wad entries (index ID, one chunk TYPE per file), sorted by index: how
 * ResourceManager::SaveToWadfile keeps resources in a scenario wad. Atque's folders that it converts
 * (PICT, snd, TEXT, CLUT, term) are noted and skipped. */
static GPtrArray *
merge_resources (const char  *folder,
                 GPtrArray   *notes,
                 GError     **error)
{
  static const char *const converted[] = { "PICT", "snd", "TEXT", "CLUT", "term" };
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_wad_entry_free);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, error);
  const char *child;

  if (dir == NULL)
    return NULL;
  while ((child = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *type_folder = g_build_filename (folder, child, NULL);
      g_autoptr(GDir) files = NULL;
      const char *name;
      gboolean named = FALSE;
      guint32 type;

      if (!g_file_test (type_folder, G_FILE_TEST_IS_DIR))
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (converted); i++)
        named = named || strcmp (child, converted[i]) == 0;
      if (named)
        {
          add_note (notes, g_strdup_printf (_("%s: resources (PICT, snd, TEXT, clut) are not merged yet; skipped"),
                                            type_folder));
          continue;
        }
      if (!parse_resource_type (child, &type))
        continue;
      files = g_dir_open (type_folder, 0, error);
      if (files == NULL)
        return NULL;
      while ((name = g_dir_read_name (files)) != NULL)
        {
          g_autofree char *path = g_build_filename (type_folder, name, NULL);
          g_autoptr(GBytes) data = NULL;
          TsrWadEntry *entry = NULL;
          int id;

          if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) || !parse_level_number (name, &id))
            continue;
          for (guint i = 0; i < entries->len && entry == NULL; i++)
            if (((TsrWadEntry *) entries->pdata[i])->index == id)
              entry = entries->pdata[i];
          if (entry == NULL)
            {
              entry = tsr_wad_entry_new (id);
              g_ptr_array_add (entries, entry);
            }
          else if (tsr_wad_entry_find_chunk (entry, type) != NULL)
            {
              g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: resource %d of this type is there twice"),
                           path, id);
              return NULL;
            }
          data = tsr_file_read (path, error);
          if (data == NULL)
            return NULL;
          g_ptr_array_add (entry->chunks, tsr_wad_chunk_new (type, data));
        }
    }
  for (guint i = 0; i < entries->len; i++)
    g_ptr_array_sort (((TsrWadEntry *) entries->pdata[i])->chunks, compare_chunks);
  g_ptr_array_sort (entries, compare_entries_by_index);
  return g_steal_pointer (&entries);
}

typedef struct {
  int   index;
  char *name;
} LevelFolder;

static gint
compare_level_folders (gconstpointer a,
                       gconstpointer b)
{
  const LevelFolder *first = a, *second = b;

  return first->index < second->index ? -1 : first->index > second->index;
}

static void
level_folder_clear (gpointer data)
{
  g_free (((LevelFolder *) data)->name);
}

GBytes *
tsr_marathon_merge_folder (const char  *folder,
                           const char  *scenario_name,
                           GPtrArray   *notes,
                           GError     **error)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GArray) levels = g_array_new (FALSE, FALSE, sizeof (LevelFolder));
  g_autoptr(GHashTable) select_names = NULL;
  g_autoptr(TsrWad) wad = NULL;
  g_autoptr(GBytes) name = NULL;
  g_autoptr(GPtrArray) resources = NULL;
  g_autofree char *resources_folder = NULL;
  guint n_entries;
  g_autofree char *data_fork = g_build_filename (folder, "Data.bin", NULL);
  g_autofree char *mac_name = NULL;
  const char *child;
  glong bad = 0;

  g_return_val_if_fail (folder != NULL && scenario_name != NULL, NULL);
  g_array_set_clear_func (levels, level_folder_clear);
  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: no such folder"), folder);
      return NULL;
    }
  /* A merge folder with Data.bin is a resource-fork file (merge.cpp atque::merge). */
  if (g_file_test (data_fork, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s: a data fork with resources (Data.bin): Tessera does not merge those yet"), folder);
      return NULL;
    }
  dir = g_dir_open (folder, 0, error);
  if (dir == NULL)
    return NULL;
  while ((child = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, child, NULL);
      LevelFolder level;

      if (!g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      if (strcmp (child, "Resources") == 0)
        {
          resources = merge_resources (path, notes, error);
          if (resources == NULL)
            return NULL;
          resources_folder = g_steal_pointer (&path);
          continue;
        }
      if (!parse_level_number (child, &level.index))
        continue;
      for (guint i = 0; i < levels->len; i++)
        if (g_array_index (levels, LevelFolder, i).index == level.index)
          {
            g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: level %d is both “%s” and “%s”"),
                         folder, level.index, g_array_index (levels, LevelFolder, i).name, child);
            return NULL;
          }
      level.name = g_steal_pointer (&path);
      g_array_append_val (levels, level);
    }
  if (levels->len == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: no level folders (“NN Level Name”)"), folder);
      return NULL;
    }
  g_array_sort (levels, compare_level_folders);
  select_names = read_level_select_names (folder, error);
  if (select_names == NULL)
    return NULL;

  /* atque::merge names the wad after the output file; a character Mac Roman lacks ends it. */
  name = tsr_utf8_to_mac_roman (scenario_name, strlen (scenario_name), &bad);
  if (name == NULL)
    name = tsr_utf8_to_mac_roman (scenario_name, (gsize) (g_utf8_offset_to_pointer (scenario_name, bad) - scenario_name), &bad);
  mac_name = g_strndup (g_bytes_get_data (name, NULL), g_bytes_get_size (name));
  /* Resources share the wad's index space with levels (ResourceManager::CanSaveToWadfile). */
  n_entries = levels->len + (resources != NULL ? resources->len : 0);
  for (guint i = 0; resources != NULL && i < resources->len; i++)
    for (guint k = 0; k < levels->len; k++)
      if (((TsrWadEntry *) resources->pdata[i])->index == g_array_index (levels, LevelFolder, k).index)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: resource id %d is also the number of level “%s”"),
                       resources_folder, g_array_index (levels, LevelFolder, k).index,
                       g_array_index (levels, LevelFolder, k).name);
          return NULL;
        }
  /* ferro Wadfile::Save: one entry makes a version 2 wad without a level list. */
  wad = tsr_wad_new (n_entries == 1 ? TSR_WAD_VERSION_OVERLAYS : TSR_WAD_VERSION_INFINITY, 1, mac_name);
  wad->app_data_size = n_entries == 1 ? 0 : TSR_WAD_LEVEL_APP_DATA_SIZE;
  for (guint i = 0; resources != NULL && i < resources->len; i++)
    {
      TsrWadEntry *entry = resources->pdata[i];

      if (wad->app_data_size > 0)
        entry->app_data = level_info_from_minf (entry, NULL);
      resources->pdata[i] = NULL;
      g_ptr_array_add (wad->entries, entry);
    }
  for (guint i = 0; i < levels->len; i++)
    {
      const LevelFolder *level = &g_array_index (levels, LevelFolder, i);
      TsrWadEntry *entry = merge_level (level->name, level->index, notes, error);

      if (entry == NULL)
        return NULL;
      if (wad->app_data_size > 0)
        entry->app_data = level_info_from_minf (entry, g_hash_table_lookup (select_names,
                                                                            GINT_TO_POINTER (level->index)));
      g_ptr_array_add (wad->entries, entry);
    }
  /* Entries and directory in index order, as Atque's std::map gives them. */
  g_ptr_array_sort (wad->entries, compare_entries_by_index);
  return tsr_wad_serialize (wad, error);
}

/* ---- Split -------------------------------------------------------------------------------- */

/* A name as Atque makes it a file name on Linux (split.cpp sanitize): '/' becomes '-', control
 * bytes go, leading dots go, nothing left is "Unnamed Level". MAC_ROMAN in, Mac Roman out. */
static char *
sanitize (const char *mac_roman)
{
  GString *out = g_string_new (NULL);
  const char *p = mac_roman;

  for (; *p != '\0'; p++)
    if (*p == '/')
      g_string_append_c (out, '-');
    else if ((guint8) *p >= ' ')
      g_string_append_c (out, *p);
  while (out->len > 0 && out->str[0] == '.')
    g_string_erase (out, 0, 1);
  if (out->len == 0)
    g_string_assign (out, "Unnamed Level");
  return g_string_free (out, FALSE);
}

static char *
utf8_name (const char *mac_roman)
{
  return tsr_mac_roman_to_utf8 ((const guint8 *) mac_roman, strlen (mac_roman));
}

/* Moves the chunk TAG of ENTRY out, returning its data; NULL when there is none. */
static GBytes *
take_chunk (TsrWadEntry *entry,
            guint32      tag)
{
  TsrWadChunk *chunk = tsr_wad_entry_find_chunk (entry, tag);
  GBytes *data;

  if (chunk == NULL)
    return NULL;
  data = g_bytes_ref (chunk->data);
  tsr_wad_entry_remove_chunk (entry, tag);
  return data;
}

/* The scripts of a LUAS or MMLS chunk as files FOLDER/NAME.EXTENSION, appended to FILES, when
 * merging those files gives back exactly CHUNK (merge.cpp MergeScripts writes flags 0, the name
 * NUL-padded, the scripts sorted by lower-cased file name; split.cpp writes no file for an empty
 * script). FALSE, and FILES untouched, otherwise. */
static gboolean
scripts_as_files (GBytes     *chunk,
                  const char *folder,
                  const char *extension,
                  GPtrArray  *files)
{
  g_autoptr(GPtrArray) found = tsr_output_files_new ();
  g_autofree char *previous = NULL;
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (chunk, &size);
  gsize pos = 2;
  guint count;

  if (size < 2 || (count = (guint) ((data[0] << 8) | data[1])) == 0)
    return FALSE;
  for (guint i = 0; i < count; i++)
    {
      const guint8 *header = data + pos;
      g_autofree char *name = NULL;
      g_autofree char *file = NULL;
      g_autofree char *folded = NULL;
      gsize name_length = 0;
      guint32 length;

      if (size - pos < 8 + SCRIPT_NAME_SIZE)
        return FALSE;
      length = ((guint32) header[4 + SCRIPT_NAME_SIZE] << 24) | ((guint32) header[5 + SCRIPT_NAME_SIZE] << 16)
               | ((guint32) header[6 + SCRIPT_NAME_SIZE] << 8) | header[7 + SCRIPT_NAME_SIZE];
      if (header[0] != 0 || header[1] != 0 || header[2] != 0 || header[3] != 0
          || length == 0 || length > size - pos - 8 - SCRIPT_NAME_SIZE)
        return FALSE;
      while (name_length < SCRIPT_NAME_SIZE - 1 && header[4 + name_length] != 0)
        {
          guint8 c = header[4 + name_length];

          if (c < ' ' || c > '~' || c == '/' || c == '\\')
            return FALSE;
          name_length++;
        }
      for (gsize k = name_length; k < SCRIPT_NAME_SIZE; k++)
        if (header[4 + k] != 0)
          return FALSE;
      if (name_length == 0 || header[4] == '.')
        return FALSE;
      name = g_strndup ((const char *) header + 4, name_length);
      file = g_strconcat (name, extension, NULL);
      folded = g_ascii_strdown (file, -1);
      if (previous != NULL && strcmp (previous, folded) >= 0)
        return FALSE;
      g_free (previous);
      previous = g_steal_pointer (&folded);
      {
        g_autofree char *path = g_strdup_printf ("%s/%s", folder, file);
        g_autoptr(GBytes) script = g_bytes_new_from_bytes (chunk, pos + 8 + SCRIPT_NAME_SIZE, length);

        g_ptr_array_add (found, tsr_output_file_new (path, script));
      }
      pos += 8 + SCRIPT_NAME_SIZE + length;
    }
  if (pos != size)
    return FALSE;
  g_ptr_array_set_free_func (found, NULL);
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (files, found->pdata[i]);
  return TRUE;
}

/* Adds the file PATH (taken) with BYTES (taken) to FILES. */
static void
add_file (GPtrArray *files,
          char      *path,
          GBytes    *bytes)
{
  g_ptr_array_add (files, tsr_output_file_new (path, bytes));
  g_free (path);
  g_bytes_unref (bytes);
}

/* The script for a term chunk, when compiling it gives back exactly those bytes. */
static char *
exact_script (GBytes *chunk)
{
  g_autoptr(GPtrArray) terminals = tsr_marathon_terminals_parse (g_bytes_get_data (chunk, NULL),
                                                                 g_bytes_get_size (chunk), "term", NULL);
  g_autoptr(GPtrArray) compiled = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autofree char *script = NULL;

  if (terminals == NULL || (script = tsr_marathon_terminals_decompile (terminals, NULL)) == NULL)
    return NULL;
  compiled = tsr_marathon_terminals_compile (script, strlen (script), "term.txt", NULL);
  if (compiled == NULL || (again = tsr_marathon_terminals_serialize (compiled, NULL)) == NULL
      || !g_bytes_equal (again, chunk))
    return NULL;
  return g_steal_pointer (&script);
}

static gboolean
split_level (const TsrWad *wad,
             TsrWadEntry  *source,
             const char   *label,
             GPtrArray    *files,
             GString      *select_names,
             GError      **error)
{
  g_autoptr(TsrWadEntry) entry = entry_copy (source, 0);
  g_autofree char *level_name = minf_level_name (entry);
  g_autofree char *select_name = NULL;
  g_autofree char *base_mac = sanitize (level_name);
  g_autofree char *folder_mac = NULL;
  g_autofree char *base = utf8_name (base_mac);
  g_autofree char *folder = NULL;
  g_autofree char *folder_utf8 = NULL;
  g_autoptr(GBytes) shapes = NULL;
  g_autoptr(GBytes) sounds = NULL;
  GBytes *level;
  gboolean whole_physics = TRUE;

  /* The level-select name is the level list's (split.cpp: Wadfile::GetLevelName). */
  if (wad->app_data_size == TSR_WAD_LEVEL_APP_DATA_SIZE && source->app_data != NULL
      && g_bytes_get_size (source->app_data) >= TSR_WAD_LEVEL_APP_DATA_SIZE)
    select_name = fixed_string ((const guint8 *) g_bytes_get_data (source->app_data, NULL) + 8,
                                MINF_NAME_SIZE, MINF_NAME_SIZE);
  else
    select_name = g_strdup (level_name);
  if (strcmp (select_name, level_name) != 0)
    {
      g_autofree char *utf8 = utf8_name (select_name);

      g_string_append_printf (select_names, "%d %s\n", source->index, utf8);
    }
  folder_mac = sanitize (select_name);
  folder_utf8 = utf8_name (folder_mac);
  folder = g_strdup_printf ("%02d %s", source->index, folder_utf8);

  /* Physics go out only whole: Atque's merge takes back only a whole model. */
  for (guint i = 0; i < G_N_ELEMENTS (physics_tags); i++)
    whole_physics = whole_physics && tsr_wad_entry_find_chunk (entry, physics_tags[i]) != NULL;
  if (whole_physics)
    {
      TsrWadEntry *model = tsr_wad_entry_new (0);
      GBytes *bytes;

      for (guint i = 0; i < G_N_ELEMENTS (physics_tags); i++)
        {
          g_autoptr(GBytes) data = take_chunk (entry, physics_tags[i]);

          g_ptr_array_add (model->chunks, tsr_wad_chunk_new (physics_tags[i], data));
        }
      bytes = single_entry_wad (model, 0, base_mac, error);
      if (bytes == NULL)
        return FALSE;
      add_file (files, g_strdup_printf ("%s/%s.phyA", folder, base), bytes);
    }
  for (guint k = 0; k < 2; k++)
    {
      guint32 tag = k == 0 ? SHAPES_TAG : SOUNDS_TAG;
      TsrWadChunk *chunk = tsr_wad_entry_find_chunk (entry, tag);
      gsize size = chunk != NULL ? g_bytes_get_size (chunk->data) : 0;

      if (size > 0 && size <= PATCH_LIMIT)
        add_file (files, g_strdup_printf ("%s/%s%s", folder, base, k == 0 ? ".ShPa" : ".SnPa"),
                  take_chunk (entry, tag));
    }
  {
    TsrWadChunk *term = tsr_wad_entry_find_chunk (entry, TERM_TAG);
    g_autofree char *script = term != NULL ? exact_script (term->data) : NULL;

    if (script != NULL)
      {
        gsize length = strlen (script);

        tsr_wad_entry_remove_chunk (entry, TERM_TAG);
        add_file (files, g_strdup_printf ("%s/%s.term.txt", folder, base),
                  g_bytes_new_take (g_steal_pointer (&script), length));
      }
  }
  for (guint k = 0; k < 2; k++)
    {
      guint32 tag = k == 0 ? LUA_TAG : MML_TAG;
      TsrWadChunk *chunk = tsr_wad_entry_find_chunk (entry, tag);

      if (chunk != NULL && scripts_as_files (chunk->data, folder, k == 0 ? ".lua" : ".mml", files))
        tsr_wad_entry_remove_chunk (entry, tag);
    }
  level = single_entry_wad (g_steal_pointer (&entry), 1, base_mac, error);
  if (level == NULL)
    return FALSE;
  add_file (files, g_strdup_printf ("%s/%s.sceA", folder, base), level);
  return TRUE;
}

/* An entry without Minf holds resources: each chunk a resource of its tag's type with the entry's
 * index as id (ResourceManager::LoadFromWadfile), written raw as Resources/TYPE/ID.bin, the form
 * split.cpp uses for types it does not convert and merge.cpp MergeResourceDir reads back. */
static gboolean
split_resources (const TsrWadEntry *entry,
                 const char        *label,
                 GPtrArray         *files,
                 GError           **error)
{
  /* split.cpp pads the id with zeros before a minus sign ("000-1"), which merge reads as 0. */
  if (entry->index < 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("%s: entry %d has no Minf chunk and a negative number: no resource file can hold it"),
                   label, entry->index);
      return FALSE;
    }
  for (guint i = 0; i < entry->chunks->len; i++)
    {
      const TsrWadChunk *chunk = g_ptr_array_index (entry->chunks, i);

      add_file (files, g_strdup_printf ("Resources/%08x/%05d.bin", chunk->tag, entry->index),
                g_bytes_ref (chunk->data));
    }
  return TRUE;
}

GPtrArray *
tsr_marathon_scenario_split (GBytes      *bytes,
                             const char  *label,
                             GError     **error)
{
  g_autoptr(GPtrArray) files = tsr_output_files_new ();
  g_autoptr(GString) select_names = g_string_new (NULL);
  g_autoptr(TsrWad) wad = NULL;
  g_autoptr(GPtrArray) order = NULL;
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  if (tsr_wad_sniff (data, size) == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_BAD_MAGIC, _("%s: not a Marathon wad file"), label);
      return NULL;
    }
  wad = tsr_wad_parse_bytes (bytes, label, error);
  if (wad == NULL)
    return NULL;
  /* split.cpp splits wads of data version 1 only (others are a raw data fork to it). */
  if (wad->data_version != 1)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_UNSUPPORTED_VERSION,
                   _("%s: data version %u: Atque merges and splits only data version 1 (Marathon 2 and Infinity)"),
                   label, wad->data_version);
      return NULL;
    }
  /* Level folders by index, as Atque's directory map gives them (the wad owns the entries). */
  order = g_ptr_array_sized_new (wad->entries->len);
  for (guint i = 0; i < wad->entries->len; i++)
    g_ptr_array_add (order, g_ptr_array_index (wad->entries, i));
  g_ptr_array_sort (order, compare_entries_by_index);
  for (guint i = 0; i < order->len; i++)
    {
      if (i > 0 && ((TsrWadEntry *) order->pdata[i])->index == ((TsrWadEntry *) order->pdata[i - 1])->index)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: level %d is listed twice"), label,
                       ((TsrWadEntry *) order->pdata[i])->index);
          return NULL;
        }
      if (tsr_wad_entry_find_chunk (order->pdata[i], MINF_TAG) == NULL)
        {
          if (!split_resources (order->pdata[i], label, files, error))
            return NULL;
        }
      else if (!split_level (wad, order->pdata[i], label, files, select_names, error))
        return NULL;
    }
  if (select_names->len > 0)
    add_file (files, g_strdup (LEVEL_SELECT_NAMES), g_bytes_new (select_names->str, select_names->len));
  return g_steal_pointer (&files);
}

gboolean
tsr_marathon_merge_folder_write (GPtrArray   *files,
                                 const char  *folder,
                                 GError     **error)
{
  g_autoptr(GPtrArray) outputs = tsr_output_files_new ();

  if (g_file_test (folder, G_FILE_TEST_EXISTS) && !g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: exists and is not a folder"), folder);
      return FALSE;
    }
  for (guint i = 0; i < files->len; i++)
    {
      const TsrOutputFile *file = g_ptr_array_index (files, i);
      g_autofree char *path = g_build_filename (folder, file->path, NULL);
      g_autofree char *parent = g_path_get_dirname (path);

      if (g_mkdir_with_parents (parent, 0777) != 0)
        {
          int saved = errno;

          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: cannot create the folder: %s"), parent,
                       g_strerror (saved));
          return FALSE;
        }
      g_ptr_array_add (outputs, tsr_output_file_new (path, file->bytes)); /* copies and refs */
    }
  return tsr_files_write_atomic (outputs, FALSE, error);
}

/* ---- Level folders, for the editor ----------------------------------------------------------- */

void
tsr_marathon_merge_level_names (int          number,
                                const char  *mac_roman_name,
                                char       **folder,
                                char       **base)
{
  g_autofree char *sanitized = sanitize (mac_roman_name);
  g_autofree char *name = utf8_name (sanitized);

  *folder = g_strdup_printf ("%02d %s", number, name);
  *base = g_steal_pointer (&name);
}

GBytes *
tsr_marathon_merge_level_file (const TsrWadEntry *entry,
                               GError           **error)
{
  g_autofree char *level_name = minf_level_name (entry);
  g_autofree char *base_mac = sanitize (level_name);

  return single_entry_wad (entry_copy (entry, 0), 1, base_mac, error);
}

gboolean
tsr_marathon_merge_folder_number (const char  *name,
                                  int         *number,
                                  const char **rest)
{
  const char *p = name;

  if (!parse_level_number (name, number))
    return FALSE;
  while (g_ascii_isspace (*p))
    p++;
  if (*p == '+' || *p == '-')
    p++;
  while (g_ascii_isdigit (*p))
    p++;
  while (*p == ' ')
    p++;
  *rest = p;
  return TRUE;
}

void
tsr_marathon_merge_level_free (TsrMarathonMergeLevel *level)
{
  if (level == NULL)
    return;
  g_free (level->folder);
  g_free (level->level_path);
  g_free (level->script_path);
  g_free (level);
}

/* The first file of FOLDER ending in SUFFIX by name, as first_of picks it, or NULL. */
static char *
first_file_ending (const char *folder,
                   const char *suffix)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (folder, name, NULL);
      const char *dot = strrchr (name, '.');

      if (name[0] != '.' && dot != NULL && strcmp (dot, suffix) == 0 && g_file_test (child, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (found, g_steal_pointer (&child));
    }
  if (found->len == 0)
    return NULL;
  g_ptr_array_sort (found, compare_strings);
  return g_strdup (found->pdata[0]);
}

static gint
compare_merge_levels (gconstpointer a,
                      gconstpointer b)
{
  const TsrMarathonMergeLevel *first = *(TsrMarathonMergeLevel *const *) a;
  const TsrMarathonMergeLevel *second = *(TsrMarathonMergeLevel *const *) b;

  return first->index < second->index ? -1 : first->index > second->index;
}

GPtrArray *
tsr_marathon_merge_folder_list_levels (const char  *folder,
                                       GError     **error)
{
  g_autoptr(GPtrArray) levels = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_marathon_merge_level_free);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, error);
  const char *child;

  if (dir == NULL)
    return NULL;
  while ((child = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, child, NULL);
      TsrMarathonMergeLevel *level;
      int index;

      if (strcmp (child, "Resources") == 0 || !g_file_test (path, G_FILE_TEST_IS_DIR)
          || !parse_level_number (child, &index))
        continue;
      for (guint i = 0; i < levels->len; i++)
        if (((TsrMarathonMergeLevel *) levels->pdata[i])->index == index)
          {
            g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: level %d is both “%s” and “%s”"),
                         folder, index, ((TsrMarathonMergeLevel *) levels->pdata[i])->folder, path);
            return NULL;
          }
      level = g_new0 (TsrMarathonMergeLevel, 1);
      level->index = index;
      level->level_path = first_file_ending (path, ".sceA");
      level->script_path = first_file_ending (path, ".txt");
      level->folder = g_steal_pointer (&path);
      g_ptr_array_add (levels, level);
      if (level->level_path == NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: no level file (.sceA)"), level->folder);
          return NULL;
        }
    }
  if (levels->len == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: no level folders (“NN Level Name”)"), folder);
      return NULL;
    }
  g_ptr_array_sort (levels, compare_merge_levels);
  return g_steal_pointer (&levels);
}

gboolean
tsr_marathon_is_merge_folder (const char *path)
{
  g_autoptr(GPtrArray) levels = NULL;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    return FALSE;
  levels = tsr_marathon_merge_folder_list_levels (path, NULL);
  return levels != NULL;
}
