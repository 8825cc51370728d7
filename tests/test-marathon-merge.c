/* test-marathon-merge.c: Atque merge folders (formats/marathon/tsr-marathon-merge.c) on the real
 * Marathon Chronicles levels and their terminal scripts: a folder the test builds from them merges
 * into the levels in folder order with the scripts compiled in; split → merge keeps every chunk
 * and gives back the same bytes; merge → split gives back the level chunks and scripts; bad input
 * fails naming the file, and nothing is written. */
#include <string.h>
#include <glib/gstdio.h>

#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-merge.h"
#include "formats/marathon/tsr-marathon-terminal.h"
#include "formats/marathon/tsr-wad.h"
#include "tsr-test-common.h"

static char *data_dir;

#define TERM_TAG TSR_WAD_TAG ('t', 'e', 'r', 'm')

/* The folder the tests merge: level number, folder, level file (from the test data), script. */
static const struct {
  int         index;
  const char *folder;
  const char *map;
  const char *script;
} levels[] = {
  { 3, "03 Dream Brother", "chronicles_DreamBrother.sceA", "chronicles_DreamBrother.term.txt" },
  { 7, "07 Men Like Ravenous Fishes", "chronicles_MenLikeRavenousFishes.sceA", "chronicles_MenLikeRavenousFishes.term.txt" },
  { 10, "10 War!", "chronicles_net_War.sceA", NULL },
  { 12, "12 Requiescat in Pace", "chronicles_net_RequiescatInPace.sceA", NULL },
};

/* A new folder NAME in a new temporary folder. */
static char *
temp_folder (const char *name)
{
  g_autofree char *root = tsr_test_make_temp_dir ();

  return g_build_filename (root, name, NULL);
}

static void
copy_file (const char *from,
           const char *to)
{
  g_autoptr(GBytes) bytes = tsr_test_read_file (from);
  g_autoptr(GError) error = NULL;

  ck_assert_msg (tsr_file_write_atomic (to, bytes, FALSE, &error), "%s", error ? error->message : "");
}

/* FOLDER/NN Name/Name.sceA and Name.term.txt for each level; the level files hold a term chunk of
 * their own (the Chronicles files do), which the script replaces. */
static char *
build_merge_folder (void)
{
  char *folder = temp_folder ("Chronicles");

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_autofree char *level = g_build_filename (folder, levels[i].folder, NULL);
      g_autofree char *from = g_build_filename (data_dir, levels[i].map, NULL);
      g_autofree char *to = g_build_filename (level, "Level.sceA", NULL);

      ck_assert_int_eq (g_mkdir_with_parents (level, 0777), 0);
      copy_file (from, to);
      if (levels[i].script != NULL)
        {
          g_autofree char *script_from = g_build_filename (data_dir, levels[i].script, NULL);
          g_autofree char *script_to = g_build_filename (level, "Level.term.txt", NULL);

          copy_file (script_from, script_to);
        }
    }
  return folder;
}

static TsrWad *
parse_wad (GBytes *bytes)
{
  g_autoptr(GError) error = NULL;
  TsrWad *wad = tsr_wad_parse_bytes (bytes, "wad", &error);

  ck_assert_msg (wad != NULL, "%s", error ? error->message : "");
  return wad;
}

static TsrWad *
read_wad (const char *path)
{
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);

  return parse_wad (bytes);
}

static GBytes *
compile_script (const char *path)
{
  g_autoptr(GBytes) text = tsr_test_read_file (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) terminals = tsr_marathon_terminals_compile (g_bytes_get_data (text, NULL),
                                                                   g_bytes_get_size (text), path, &error);

  ck_assert_msg (terminals != NULL, "%s", error ? error->message : "");
  return tsr_marathon_terminals_serialize (terminals, NULL);
}

/* Every chunk of A is in B with the same bytes, and B holds no other chunk, except the tags
 * EXCEPT and EXCEPT_TOO (0: none). */
static void
assert_same_chunks (const TsrWadEntry *a,
                    const TsrWadEntry *b,
                    guint32            except,
                    guint32            except_too,
                    const char        *what)
{
  guint count_a = 0, count_b = 0;

  for (guint i = 0; i < a->chunks->len; i++)
    {
      const TsrWadChunk *chunk = g_ptr_array_index (a->chunks, i);
      const TsrWadChunk *other = tsr_wad_entry_find_chunk (b, chunk->tag);
      g_autofree char *tag = tsr_wad_tag_to_string (chunk->tag);

      if (chunk->tag == except || chunk->tag == except_too)
        continue;
      count_a++;
      ck_assert_msg (other != NULL, "%s: chunk %s lost", what, tag);
      ck_assert_msg (g_bytes_equal (chunk->data, other->data), "%s: chunk %s changed", what, tag);
    }
  for (guint i = 0; i < b->chunks->len; i++)
    if (((const TsrWadChunk *) g_ptr_array_index (b->chunks, i))->tag != except
        && ((const TsrWadChunk *) g_ptr_array_index (b->chunks, i))->tag != except_too)
      count_b++;
  ck_assert_msg (count_a == count_b, "%s: %u chunks became %u", what, count_a, count_b);
}

static GBytes *
merge (const char *folder,
       GPtrArray  *notes)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes = tsr_marathon_merge_folder (folder, "Chronicles", notes, &error);

  ck_assert_msg (bytes != NULL, "%s", error ? error->message : "");
  return bytes;
}

START_TEST (test_merge_folder_order_and_scripts)
{
  g_autofree char *folder = build_merge_folder ();
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GBytes) bytes = merge (folder, notes);
  g_autoptr(TsrWad) wad = parse_wad (bytes);

  ck_assert_uint_eq (notes->len, 0);
  ck_assert_uint_eq (wad->version, TSR_WAD_VERSION_INFINITY);
  ck_assert_uint_eq (wad->data_version, 1);
  ck_assert_str_eq ((const char *) wad->name, "Chronicles");
  ck_assert_uint_eq (wad->app_data_size, TSR_WAD_LEVEL_APP_DATA_SIZE);
  ck_assert (tsr_wad_checksum_matches (wad));
  ck_assert_uint_eq (wad->entries->len, G_N_ELEMENTS (levels));
  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      const TsrWadEntry *entry = g_ptr_array_index (wad->entries, i);
      g_autofree char *path = g_build_filename (data_dir, levels[i].map, NULL);
      g_autoptr(TsrWad) level = read_wad (path);
      const TsrWadEntry *source = g_ptr_array_index (level->entries, 0);
      TsrWadLevelInfo info;

      /* In folder order, numbered as the folders are. */
      ck_assert_int_eq (entry->index, levels[i].index);
      assert_same_chunks (source, entry, levels[i].script != NULL ? TERM_TAG : 0, 0, levels[i].map);
      if (levels[i].script != NULL)
        {
          g_autofree char *script = g_build_filename (data_dir, levels[i].script, NULL);
          g_autoptr(GBytes) compiled = compile_script (script);

          ck_assert (g_bytes_equal (tsr_wad_entry_find_chunk (entry, TERM_TAG)->data, compiled));
        }
      /* The level list comes from the level's Minf, as Atque makes it. */
      ck_assert (tsr_wad_level_info_parse (entry->app_data, &info, NULL));
      ck_assert_uint_gt (strlen ((const char *) info.name), 0);
    }
  tsr_test_report_count ("Chronicles levels merged", G_N_ELEMENTS (levels));
}
END_TEST

START_TEST (test_split_merge_round_trip)
{
  g_autofree char *folder = build_merge_folder ();
  g_autoptr(GBytes) scenario = merge (folder, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) files = tsr_marathon_scenario_split (scenario, "Chronicles.sceA", &error);
  g_autofree char *split_folder = temp_folder ("Split");
  g_autoptr(GBytes) again = NULL;
  g_autoptr(TsrWad) original = parse_wad (scenario);
  g_autoptr(TsrWad) merged = NULL;
  guint scripts = 0;
  gboolean mml = FALSE;

  ck_assert_msg (files != NULL, "%s", error ? error->message : "");
  ck_assert (tsr_marathon_merge_folder_write (files, split_folder, &error));
  for (guint i = 0; i < files->len; i++)
    {
      const TsrOutputFile *file = g_ptr_array_index (files, i);

      ck_assert_msg (g_str_has_prefix (file->path, "03 Dream Brother/") || g_str_has_prefix (file->path, "07 Men Like")
                     || g_str_has_prefix (file->path, "10 War!/") || g_str_has_prefix (file->path, "12 "),
                     "%s", file->path);
      if (g_str_has_suffix (file->path, ".term.txt"))
        scripts++;
      /* Requiescat in Pace's MMLS chunk (one script) goes out as Atque's split writes it. */
      if (g_str_has_suffix (file->path, ".mml"))
        {
          ck_assert_str_eq (file->path, "12 Commemorative 9-11 T-Shirt/Requiescat in Pace.mml");
          ck_assert_ptr_nonnull (g_strstr_len (g_bytes_get_data (file->bytes, NULL), (gssize) g_bytes_get_size (file->bytes),
                                               "<marathon>"));
          mml = TRUE;
        }
    }
  ck_assert_uint_eq (scripts, 2);
  ck_assert (mml);

  /* split(merge(F)): the level chunks and the scripts (as compiled) come back. */
  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_autofree char *source_path = g_build_filename (data_dir, levels[i].map, NULL);
      g_autoptr(TsrWad) source = read_wad (source_path);
      g_autoptr(GDir) dir = NULL;
      g_autofree char *level_dir = NULL;
      g_autofree char *level_file = NULL;
      g_autofree char *script_file = NULL;
      g_autoptr(TsrWad) level = NULL;
      const char *name;
      int number = -1;

      dir = g_dir_open (split_folder, 0, NULL);
      while ((name = g_dir_read_name (dir)) != NULL)
        if (sscanf (name, "%d", &number) == 1 && number == levels[i].index)
          level_dir = g_build_filename (split_folder, name, NULL);
      ck_assert_msg (level_dir != NULL, "level %d has no folder", levels[i].index);
      g_dir_close (g_steal_pointer (&dir));
      dir = g_dir_open (level_dir, 0, NULL);
      while ((name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".sceA"))
          level_file = g_build_filename (level_dir, name, NULL);
        else if (g_str_has_suffix (name, ".term.txt"))
          script_file = g_build_filename (level_dir, name, NULL);
      ck_assert (level_file != NULL);
      level = read_wad (level_file);
      ck_assert_uint_eq (level->entries->len, 1);
      ck_assert_uint_eq (level->version, TSR_WAD_VERSION_OVERLAYS);
      ck_assert (tsr_wad_checksum_matches (level));
      assert_same_chunks (g_ptr_array_index (source->entries, 0), g_ptr_array_index (level->entries, 0), TERM_TAG,
                          TSR_WAD_TAG ('M', 'M', 'L', 'S'), level_file);
      if (levels[i].script != NULL)
        {
          g_autofree char *script = g_build_filename (data_dir, levels[i].script, NULL);
          g_autoptr(GBytes) expected = compile_script (script);
          g_autoptr(GBytes) got = NULL;

          ck_assert_msg (script_file != NULL, "%s: no script", level_dir);
          got = compile_script (script_file);
          ck_assert (g_bytes_equal (expected, got));
        }
    }

  /* merge(split(S)): every chunk, and here (S is Atque's layout) the same bytes. */
  again = tsr_marathon_merge_folder (split_folder, "Chronicles", NULL, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  merged = parse_wad (again);
  ck_assert_uint_eq (merged->entries->len, original->entries->len);
  for (guint i = 0; i < original->entries->len; i++)
    assert_same_chunks (g_ptr_array_index (original->entries, i), g_ptr_array_index (merged->entries, i), 0, 0,
                        "merge(split(S))");
  ck_assert (g_bytes_equal (again, scenario));
}
END_TEST

/* A level file whose chunks are not in Atque's order and a scenario made by Tessera's own wad
 * writer with the level list renamed: split → merge still keeps every chunk, and the level-select
 * name comes back through "Level Select Names.txt". */
START_TEST (test_split_keeps_every_chunk_of_other_scenarios)
{
  g_autofree char *path = g_build_filename (data_dir, "chronicles_net_RequiescatInPace.sceA", NULL);
  g_autoptr(TsrWad) level = read_wad (path);
  g_autoptr(TsrWad) scenario = tsr_wad_new (TSR_WAD_VERSION_INFINITY, 1, "Mixed");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = temp_folder ("Mixed");
  g_autoptr(GBytes) again = NULL;
  g_autoptr(TsrWad) merged = NULL;
  const TsrWadEntry *source = g_ptr_array_index (level->entries, 0);
  TsrWadLevelInfo info = { 0 };
  gboolean select_names = FALSE;

  scenario->app_data_size = TSR_WAD_LEVEL_APP_DATA_SIZE;
  for (int k = 0; k < 2; k++)
    {
      TsrWadEntry *entry = tsr_wad_entry_new (k == 0 ? 5 : 2);

      /* Reversed chunk order. */
      for (guint i = source->chunks->len; i-- > 0;)
        {
          const TsrWadChunk *chunk = g_ptr_array_index (source->chunks, i);

          g_ptr_array_add (entry->chunks, tsr_wad_chunk_new (chunk->tag, chunk->data));
        }
      strcpy ((char *) info.name, k == 0 ? "Renamed/Level" : "Another");
      entry->app_data = tsr_wad_level_info_to_bytes (&info);
      g_ptr_array_add (scenario->entries, entry);
    }
  bytes = tsr_wad_serialize (scenario, NULL);
  files = tsr_marathon_scenario_split (bytes, "Mixed.sceA", &error);
  ck_assert_msg (files != NULL, "%s", error ? error->message : "");
  for (guint i = 0; i < files->len; i++)
    {
      const TsrOutputFile *file = g_ptr_array_index (files, i);

      if (strcmp (file->path, "Level Select Names.txt") == 0)
        {
          g_autofree char *text = g_strndup (g_bytes_get_data (file->bytes, NULL), g_bytes_get_size (file->bytes));

          ck_assert_ptr_nonnull (strstr (text, "5 Renamed/Level\n"));
          select_names = TRUE;
        }
      else
        ck_assert_msg (g_str_has_prefix (file->path, "05 Renamed-Level/") || g_str_has_prefix (file->path, "02 Another/"),
                       "%s", file->path);
    }
  ck_assert (select_names);
  ck_assert (tsr_marathon_merge_folder_write (files, folder, &error));
  again = tsr_marathon_merge_folder (folder, "Mixed", NULL, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  merged = parse_wad (again);
  ck_assert_uint_eq (merged->entries->len, 2);
  ck_assert_int_eq (((TsrWadEntry *) g_ptr_array_index (merged->entries, 0))->index, 2);
  for (guint i = 0; i < 2; i++)
    {
      const TsrWadEntry *entry = g_ptr_array_index (merged->entries, i);
      TsrWadLevelInfo got;

      assert_same_chunks (source, entry, 0, 0, "merge(split(S))");
      ck_assert (tsr_wad_level_info_parse (entry->app_data, &got, NULL));
      ck_assert_str_eq ((const char *) got.name, i == 0 ? "Another" : "Renamed/Level");
    }
}
END_TEST

/* An MMLS chunk whose script is empty (Atque's split writes no file for it and drops the chunk):
 * it stays in the level file, and merge gives it back. */
START_TEST (test_inexact_scripts_stay_in_the_level)
{
  g_autofree char *path = g_build_filename (data_dir, "chronicles_net_War.sceA", NULL);
  g_autoptr(TsrWad) level = read_wad (path);
  g_autoptr(TsrWad) scenario = tsr_wad_new (TSR_WAD_VERSION_OVERLAYS, 1, "War");
  TsrWadEntry *entry = tsr_wad_entry_new (0);
  const TsrWadEntry *source = g_ptr_array_index (level->entries, 0);
  guint8 empty_script[2 + 74] = { 0, 1, 0, 0, 0, 0, 'W', 'a', 'r' };
  g_autoptr(GBytes) mml = g_bytes_new (empty_script, sizeof empty_script);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrWad) merged = NULL;
  g_autofree char *folder = temp_folder ("War");

  for (guint i = 0; i < source->chunks->len; i++)
    {
      const TsrWadChunk *chunk = g_ptr_array_index (source->chunks, i);

      g_ptr_array_add (entry->chunks, tsr_wad_chunk_new (chunk->tag, chunk->data));
    }
  tsr_wad_entry_set_chunk (entry, TSR_WAD_TAG ('M', 'M', 'L', 'S'), mml);
  g_ptr_array_add (scenario->entries, entry);
  bytes = tsr_wad_serialize (scenario, NULL);
  files = tsr_marathon_scenario_split (bytes, "War.sceA", &error);
  ck_assert_msg (files != NULL, "%s", error ? error->message : "");
  for (guint i = 0; i < files->len; i++)
    ck_assert_msg (!g_str_has_suffix (((TsrOutputFile *) files->pdata[i])->path, ".mml"), "%s",
                   ((TsrOutputFile *) files->pdata[i])->path);
  ck_assert (tsr_marathon_merge_folder_write (files, folder, &error));
  again = tsr_marathon_merge_folder (folder, "War", NULL, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  merged = parse_wad (again);
  assert_same_chunks (entry, g_ptr_array_index (merged->entries, 0), 0, 0, "merge(split(S))");
}
END_TEST

/* Resources kept in the scenario wad (entries without Minf, ResourceManager::LoadFromWadfile) split
 * into Resources/TYPE/ID.bin and merge back into the same entries. */
START_TEST (test_resources_round_trip)
{
  g_autofree char *folder = build_merge_folder ();
  g_autoptr(GBytes) scenario = merge (folder, NULL);
  g_autoptr(TsrWad) wad = parse_wad (scenario);
  TsrWadEntry *pictures = tsr_wad_entry_new (128);
  TsrWadEntry *sound = tsr_wad_entry_new (2);
  g_autoptr(GBytes) pict = g_bytes_new_static ("\x00\x10PICT data", 11);
  g_autoptr(GBytes) clut = g_bytes_new_static ("clut", 4);
  g_autoptr(GBytes) snd = g_bytes_new_static ("snd data", 8);
  g_autoptr(GBytes) with_resources = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrWad) merged = NULL;
  g_autoptr(TsrWad) expected = NULL;
  g_autofree char *split_folder = temp_folder ("Split");
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  guint resource_files = 0;

  tsr_wad_entry_set_chunk (pictures, TSR_WAD_TAG ('P', 'I', 'C', 'T'), pict);
  tsr_wad_entry_set_chunk (pictures, TSR_WAD_TAG ('c', 'l', 'u', 't'), clut);
  tsr_wad_entry_set_chunk (sound, TSR_WAD_TAG ('s', 'n', 'd', ' '), snd);
  g_ptr_array_add (wad->entries, pictures);
  g_ptr_array_add (wad->entries, sound);
  with_resources = tsr_wad_serialize (wad, NULL);
  files = tsr_marathon_scenario_split (with_resources, "Chronicles.sceA", &error);
  ck_assert_msg (files != NULL, "%s", error ? error->message : "");
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = ((TsrOutputFile *) files->pdata[i])->path;

      if (g_str_has_prefix (path, "Resources/"))
        {
          resource_files++;
          ck_assert_msg (strcmp (path, "Resources/50494354/00128.bin") == 0 || strcmp (path, "Resources/636c7574/00128.bin") == 0
                         || strcmp (path, "Resources/736e6420/00002.bin") == 0, "%s", path);
        }
    }
  ck_assert_uint_eq (resource_files, 3);
  ck_assert (tsr_marathon_merge_folder_write (files, split_folder, &error));
  again = tsr_marathon_merge_folder (split_folder, "Chronicles", notes, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (notes->len, 0);
  merged = parse_wad (again);
  expected = parse_wad (with_resources);
  ck_assert_uint_eq (merged->entries->len, expected->entries->len);
  for (guint i = 0; i < expected->entries->len; i++)
    {
      const TsrWadEntry *entry = g_ptr_array_index (expected->entries, i);
      const TsrWadEntry *back = tsr_wad_find_entry (merged, entry->index);

      ck_assert_ptr_nonnull (back);
      assert_same_chunks (entry, back, 0, 0, "resources");
    }
  /* In index order: resource 2 first, then levels 3, 7, 10, 12, then resource 128. */
  ck_assert_int_eq (((TsrWadEntry *) g_ptr_array_index (merged->entries, 0))->index, 2);
  ck_assert_int_eq (((TsrWadEntry *) g_ptr_array_index (merged->entries, 5))->index, 128);
}
END_TEST

static void
assert_merge_fails (const char *folder,
                    const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = tsr_marathon_merge_folder (folder, "Bad", NULL, &error);

  ck_assert_ptr_null (bytes);
  ck_assert_ptr_nonnull (error);
  ck_assert_msg (strstr (error->message, fragment) != NULL, "“%s” lacks “%s”", error->message, fragment);
}

START_TEST (test_bad_input)
{
  g_autofree char *folder = build_merge_folder ();
  g_autofree char *missing = g_build_filename (folder, "no such folder", NULL);
  g_autofree char *level_dir = g_build_filename (folder, "07 Men Like Ravenous Fishes", NULL);
  g_autofree char *script = g_build_filename (level_dir, "Level.term.txt", NULL);
  g_autofree char *map = g_build_filename (level_dir, "Level.sceA", NULL);
  g_autofree char *empty = temp_folder ("Empty");
  g_autoptr(GBytes) good_script = tsr_test_read_file (script);
  g_autoptr(GBytes) good_map = tsr_test_read_file (map);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) not_a_map = g_bytes_new_static ("#TERMINAL 0\n", 12);
  static const char bad_script[] = "#TERMINAL 0\n#LOGON 1\nhello\n#FROBNICATE\n";
  g_autoptr(GBytes) bad = g_bytes_new_static (bad_script, sizeof bad_script - 1);

  assert_merge_fails (missing, "no such folder");
  ck_assert_int_eq (g_mkdir (empty, 0777), 0);
  assert_merge_fails (empty, "no level folders");

  /* A level file that is not a map: named. */
  ck_assert (tsr_file_write_atomic (map, not_a_map, FALSE, NULL));
  assert_merge_fails (folder, "07 Men Like Ravenous Fishes/Level.sceA: not a Marathon wad");
  ck_assert (tsr_file_write_atomic (map, good_map, FALSE, NULL));

  /* A script that does not compile: named with its line. */
  ck_assert (tsr_file_write_atomic (script, bad, FALSE, NULL));
  assert_merge_fails (folder, "07 Men Like Ravenous Fishes/Level.term.txt:");
  ck_assert (tsr_file_write_atomic (script, good_script, FALSE, NULL));

  /* A level folder without a level file. */
  ck_assert_int_eq (g_unlink (map), 0);
  assert_merge_fails (folder, "no level file (.sceA)");

  /* A resource whose id is a level's number. */
  {
    g_autofree char *type = g_build_filename (folder, "Resources", "50494354", NULL);
    g_autofree char *resource = g_build_filename (type, "00007.bin", NULL);

    ck_assert_int_eq (g_mkdir_with_parents (type, 0777), 0);
    ck_assert (g_file_set_contents (resource, "pict", 4, NULL));
    ck_assert (tsr_file_write_atomic (map, good_map, FALSE, NULL));
    assert_merge_fails (folder, "resource id 7 is also the number of level");
  }

  /* Split: not a wad; a resource entry (no Minf) with a negative number. */
  {
    g_autoptr(GPtrArray) files = tsr_marathon_scenario_split (not_a_map, "x.sceA", &error);
    g_autoptr(TsrWad) wad = tsr_wad_new (TSR_WAD_VERSION_INFINITY, 1, "NoMinf");
    TsrWadEntry *entry = tsr_wad_entry_new (-2);
    g_autoptr(GBytes) chunk = g_bytes_new_static ("abcd", 4);
    g_autoptr(GBytes) no_minf = NULL;

    ck_assert_ptr_null (files);
    ck_assert_ptr_nonnull (strstr (error->message, "x.sceA: not a Marathon wad"));
    g_clear_error (&error);
    tsr_wad_entry_set_chunk (entry, TSR_WAD_TAG ('P', 'I', 'C', 'T'), chunk);
    g_ptr_array_add (wad->entries, entry);
    no_minf = tsr_wad_serialize (wad, NULL);
    files = tsr_marathon_scenario_split (no_minf, "y.sceA", &error);
    ck_assert_ptr_null (files);
    ck_assert_ptr_nonnull (strstr (error->message, "y.sceA: entry -2 has no Minf chunk and a negative number"));
  }
}
END_TEST

/* The CLI writes nothing when the folder is bad, and a scenario when it is good. */
START_TEST (test_cli_writes_nothing_on_error)
{
  g_autofree char *folder = build_merge_folder ();
  g_autofree char *out_dir = tsr_test_make_temp_dir ();
  g_autofree char *output = g_build_filename (out_dir, "Chronicles.sceA", NULL);
  g_autofree char *split_dir = g_build_filename (out_dir, "Split", NULL);
  g_autofree char *script = g_build_filename (folder, "03 Dream Brother", "Level.term.txt", NULL);
  g_autoptr(GBytes) good = tsr_test_read_file (script);
  g_autoptr(GBytes) bad = g_bytes_new_static ("#TERMINAL 0\n#PICT\n", 18);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;
  const char *cli = g_getenv ("TSR_CLI");
  g_autoptr(GError) error = NULL;

  ck_assert_msg (cli != NULL, "TSR_CLI is not set");
  ck_assert (tsr_file_write_atomic (script, bad, FALSE, NULL));
  {
    const char *argv[] = { cli, "marathon", "merge", folder, "-o", output, NULL };

    ck_assert (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
    ck_assert (!g_spawn_check_wait_status (status, NULL));
    ck_assert_msg (strstr (err, "03 Dream Brother/Level.term.txt:") != NULL, "%s", err);
    ck_assert (!g_file_test (output, G_FILE_TEST_EXISTS));
  }
  ck_assert (tsr_file_write_atomic (script, good, FALSE, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { cli, "marathon", "merge", folder, "-o", output, NULL };

    ck_assert (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
    ck_assert_msg (g_spawn_check_wait_status (status, NULL), "%s", err);
    ck_assert (g_file_test (output, G_FILE_TEST_IS_REGULAR));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { cli, "marathon", "split", output, "-o", split_dir, NULL };

    ck_assert (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
    ck_assert_msg (g_spawn_check_wait_status (status, NULL), "%s", err);
    ck_assert_ptr_nonnull (strstr (out, "03 Dream Brother/Dream Brother.term.txt"));
  }
}
END_TEST

static Suite *
merge_suite (void)
{
  Suite *suite = suite_create ("marathon-merge");
  TCase *tcase = tcase_create ("atque");

  tcase_set_timeout (tcase, 120);
  tcase_add_test (tcase, test_merge_folder_order_and_scripts);
  tcase_add_test (tcase, test_split_merge_round_trip);
  tcase_add_test (tcase, test_split_keeps_every_chunk_of_other_scenarios);
  tcase_add_test (tcase, test_inexact_scripts_stay_in_the_level);
  tcase_add_test (tcase, test_resources_round_trip);
  tcase_add_test (tcase, test_bad_input);
  tcase_add_test (tcase, test_cli_writes_nothing_on_error);
  suite_add_tcase (suite, tcase);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (merge_suite ());
}
