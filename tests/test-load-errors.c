/* test-load-errors.c: every load error a file's bytes can cause says where in the file it is.
 * Copies of every real file the registry recognises are cut short, have bits flipped and extreme
 * counts written over them (a fixed seed, a fixed number per file) and are loaded in this process;
 * every failure's message must end like tsr_set_error_at's (" (offset N)"), the offset of the
 * bytes it is about. Loading only (no render, no save): a few seconds for the whole test data. */
#include <stdio.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/doom2d/tsr-doom2d-resources.h"
#include "formats/doom2d/tsr-doom2d-wad.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-marathon-shapes-patch.h"
#include "formats/marathon/tsr-marathon-terminal.h"
#include "formats/marathon/tsr-wad.h"
#include "formats/sphere/tsr-sphere-map.h"
#include "formats/sphere/tsr-sphere-tmx.h"
#include "formats/tsr-format.h"
#include "formats/wolf3d/tsr-wolf3d-assets.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "tsr-test-common.h"

static void
collect_files (const char *directory, GPtrArray *files)
{
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (directory, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_files (path, files);
      else if (!g_str_has_suffix (name, ".md"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

/* Writes a scratch copy in place, without g_file_set_contents's fsync (thousands of rewrites). */
static void
write_file (const char *path, const void *bytes, gsize length)
{
  FILE *file = fopen (path, "wb");

  ck_assert_msg (file != NULL, "%s: cannot write", path);
  ck_assert_uint_eq (fwrite (bytes, 1, length, file), length);
  ck_assert_int_eq (fclose (file), 0);
}

/* Copies the regular files of DIRECTORY (the siblings a loader reads: a Wolf3D set, a Sphere map's
 * tileset) into a new temporary folder; returns it. */
static char *
copy_folder (const char *directory)
{
  char *copy = tsr_test_make_temp_dir ();
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *source = g_build_filename (directory, name, NULL);
      g_autofree char *target = g_build_filename (copy, name, NULL);
      g_autoptr(GBytes) bytes = NULL;

      if (!g_file_test (source, G_FILE_TEST_IS_REGULAR))
        continue;
      bytes = tsr_test_read_file (source);
      write_file (target, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    }
  return copy;
}

/* MESSAGE with every run of digits as "N": one line per kind of message, not per value. */
static char *
message_kind (const char *message)
{
  GString *kind = g_string_new (NULL);

  for (const char *p = message; *p != '\0'; p++)
    {
      if (g_ascii_isdigit (*p))
        {
          g_string_append_c (kind, 'N');
          while (g_ascii_isdigit (p[1]))
            p++;
        }
      else
        g_string_append_c (kind, *p);
    }
  return g_string_free (kind, FALSE);
}

/* TRUE when MESSAGE ends with tsr_set_error_at's " (offset N)" (in any language: the test runs
 * untranslated, so the English words). */
static gboolean
names_an_offset (const char *message)
{
  const char *at = g_strrstr (message, " (offset ");
  const char *p;

  if (at == NULL)
    return FALSE;
  p = at + strlen (" (offset ");
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  return p[0] == ')' && p[1] == '\0';
}

typedef struct {
  guint       loads;
  guint       failures;
  GHashTable *kinds; /* message kind → first "what: message" */
} Tally;

static void
check_message (const GError *error, const char *what, Tally *tally)
{
  tally->failures++;
  if (!names_an_offset (error->message))
    {
      g_autofree char *kind = message_kind (error->message);

      if (!g_hash_table_contains (tally->kinds, kind))
        g_hash_table_insert (tally->kinds, g_steal_pointer (&kind),
                             g_strdup_printf ("%s: %s", what, error->message));
    }
}

static void
load_and_check (const char *path, const char *what, Tally *tally)
{
  const TsrFormat *format = NULL;
  g_autoptr(GError) error = NULL;
  gpointer data = tsr_format_load_file (tsr_format_registry_get_default (), path, &format, &error);

  tally->loads++;
  if (data == NULL)
    check_message (error, what, tally);
  else
    format->free (data);
}

static void
write_and_check (const char *path, const guint8 *bytes, gsize length, const char *what, Tally *tally)
{
  write_file (path, bytes, length);
  load_and_check (path, what, tally);
}

/* The mutations of one file: cuts (every length in the first 32 bytes, then 32 spread over the
 * file), single bit flips (in the first 4 KiB and anywhere) and extreme 32-bit values (in the
 * first 1 KiB, where headers and directories are, and anywhere). */
static void
mutate_file (const char *path, const char *source, GBytes *original, GRand *rand, Tally *tally)
{
  gsize size = g_bytes_get_size (original);
  const guint8 *bytes = g_bytes_get_data (original, NULL);
  g_autofree guint8 *mutated = g_memdup2 (bytes, MAX (size, 1));
  static const guint32 extremes[] = { 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x0000ffffu, 0x00010000u };

  for (gsize length = 0; length < MIN (size, 32); length++)
    {
      g_autofree char *what = g_strdup_printf ("%s cut to %zu bytes", source, length);

      write_and_check (path, bytes, length, what, tally);
    }
  for (guint i = 1; i <= 32 && size > 32; i++)
    {
      gsize length = 32 + (size - 32) * i / 33;
      g_autofree char *what = g_strdup_printf ("%s cut to %zu bytes", source, length);

      write_and_check (path, bytes, length, what, tally);
    }
  for (guint i = 0; i < 32 && size > 0; i++)
    {
      gsize limit = i < 20 ? MIN (size, 4096) : size;
      gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) MIN (limit, G_MAXINT32));
      guint bit = (guint) g_rand_int_range (rand, 0, 8);
      g_autofree char *what = g_strdup_printf ("%s with bit %u flipped at %zu", source, bit, at);

      mutated[at] ^= (guint8) (1u << bit);
      write_and_check (path, mutated, size, what, tally);
      mutated[at] = bytes[at];
    }
  for (guint i = 0; i < 32 && size >= 8; i++)
    {
      gsize limit = i < 24 ? MIN (size - 4, 1024) : size - 4;
      gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) MIN (limit, G_MAXINT32));
      guint32 value = extremes[i % G_N_ELEMENTS (extremes)];
      g_autofree char *what = g_strdup_printf ("%s with 0x%08X at %zu", source, value, at);

      memcpy (mutated + at, &value, 4);
      write_and_check (path, mutated, size, what, tally);
      memcpy (mutated + at, bytes + at, 4);
    }
  write_file (path, bytes, size);
}

START_TEST (test_load_errors_name_an_offset)
{
  g_autofree char *root = tsr_test_data_require (".");
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) copies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (41);
  g_autoptr(GList) kinds = NULL;
  Tally tally = { 0, 0, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free) };
  guint recognised = 0;

  collect_files (root, files);
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  for (guint f = 0; f < files->len; f++)
    {
      const char *source = g_ptr_array_index (files, f);
      g_autofree char *folder = g_path_get_dirname (source);
      g_autofree char *base = g_path_get_basename (source);
      g_autoptr(GBytes) original = tsr_test_read_file (source);
      g_autofree char *path = NULL;
      const char *copy;

      if (tsr_format_registry_detect (tsr_format_registry_get_default (), g_bytes_get_data (original, NULL),
                                      g_bytes_get_size (original), source, NULL) == NULL)
        continue;
      recognised++;
      if ((copy = g_hash_table_lookup (copies, folder)) == NULL)
        {
          copy = copy_folder (folder);
          g_hash_table_insert (copies, g_strdup (folder), (gpointer) copy);
        }
      path = g_build_filename (copy, base, NULL);
      mutate_file (path, source, original, rand, &tally);
    }

  tsr_test_report_count ("loaded mutated (cut, flipped, extreme values)", recognised);
  g_print ("load errors: %u loads of %u files, %u failed, %u kinds of message without an offset\n",
           tally.loads, recognised, tally.failures, g_hash_table_size (tally.kinds));
  kinds = g_list_sort (g_hash_table_get_values (tally.kinds), (GCompareFunc) g_strcmp0);
  for (GList *l = kinds; l != NULL; l = l->next)
    g_print ("  no offset: %s\n", (const char *) l->data);
  ck_assert_uint_gt (recognised, 0);
  ck_assert_uint_gt (tally.failures, 0);
  ck_assert_msg (g_hash_table_size (tally.kinds) == 0, "%u kinds of load error name no offset (listed above)",
                 g_hash_table_size (tally.kinds));
  g_hash_table_unref (tally.kinds);
}
END_TEST


/* ---- Errors raised after loading (drawing, applying, decompiling), from built or mutated input:
 * each names the offset of the bytes it is about, checked to the byte. */

/* Asserts ERROR is set and its message ends in " (offset OFFSET)". */
static void
assert_offset (const GError *error, gsize offset, const char *what)
{
  g_autofree char *ending = g_strdup_printf (" (offset %zu)", offset);

  ck_assert_msg (error != NULL, "%s: no error", what);
  ck_assert_msg (g_str_has_suffix (error->message, ending), "%s: \"%s\" should end in \"%s\"", what,
                 error->message, ending);
}

static void
put_be16 (guint8 *p, guint16 value)
{
  p[0] = (guint8) (value >> 8);
  p[1] = (guint8) value;
}

static void
put_be32 (guint8 *p, guint32 value)
{
  put_be16 (p, (guint16) (value >> 16));
  put_be16 (p + 2, (guint16) value);
}

/* The first record of TAG in PATCH's first collection that has one, and that collection. */
static const TsrShapesPatchRecord *
first_record (const TsrShapesPatch *patch, guint32 tag, const TsrShapesPatchCollection **collection)
{
  for (guint c = 0; c < patch->collections->len; c++)
    {
      const TsrShapesPatchCollection *pc = g_ptr_array_index (patch->collections, c);

      for (guint r = 0; r < pc->records->len; r++)
        {
          const TsrShapesPatchRecord *record = g_ptr_array_index (pc->records, r);

          if (record->tag == tag)
            {
              *collection = pc;
              return record;
            }
        }
    }
  ck_abort_msg ("no such record");
  return NULL;
}

/* Parses BYTES (a patch) and views the collection of the record at RECORD_OFFSET. */
static TsrShapesCollection *
view_collection (GBytes *bytes, gsize record_offset, GError **error)
{
  g_autoptr(TsrShapesPatch) patch = tsr_shapes_patch_parse (g_bytes_get_data (bytes, NULL),
                                                             g_bytes_get_size (bytes), NULL, error);

  ck_assert_ptr_nonnull (patch);
  for (guint c = 0; c < patch->collections->len; c++)
    {
      const TsrShapesPatchCollection *pc = g_ptr_array_index (patch->collections, c);

      for (guint r = 0; r < pc->records->len; r++)
        if (((const TsrShapesPatchRecord *) g_ptr_array_index (pc->records, r))->original_offset == record_offset)
          return tsr_shapes_patch_collection_view (pc, error);
    }
  ck_abort_msg ("no record at %zu", record_offset);
  return NULL;
}

/* Shapes patches: a record index beyond the collection's counts ('llsh' index at tag + 4), 'cldf'
 * counts beyond 256 colour tables (the definition at tag + 4), a frame naming a bitmap the
 * collection lacks (the frame's field at data + 6, data at tag + 8) and an empty bitmap (its
 * header at data, tag + 12). */
START_TEST (test_shapes_patch_offsets)
{
  g_autofree char *root = tsr_test_data_require ("marathon");
  g_autofree char *items_path = g_build_filename (root, "xbla_m2_Items.ShPa", NULL);
  g_autofree char *iconic_path = g_build_filename (root, "eternal_IconicSomething.ShPa", NULL);
  g_autoptr(GBytes) items = tsr_test_read_file (items_path);
  g_autoptr(GBytes) iconic = tsr_test_read_file (iconic_path);
  g_autoptr(TsrShapesPatch) items_patch = tsr_shapes_patch_parse (g_bytes_get_data (items, NULL),
                                                                   g_bytes_get_size (items), NULL, NULL);
  g_autoptr(TsrShapesPatch) iconic_patch = tsr_shapes_patch_parse (g_bytes_get_data (iconic, NULL),
                                                                    g_bytes_get_size (iconic), NULL, NULL);
  const TsrShapesPatchCollection *pc = NULL;
  const TsrShapesPatchRecord *llsh, *cldf, *bmap;
  gsize size = g_bytes_get_size (items);

  ck_assert_ptr_nonnull (items_patch);
  ck_assert_ptr_nonnull (iconic_patch);
  llsh = first_record (items_patch, TSR_SHAPES_PATCH_LLSH, &pc);
  cldf = first_record (items_patch, TSR_SHAPES_PATCH_CLDF, &pc);
  ck_assert_uint_gt (llsh->original_offset, 0);

  {
    g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (items, NULL), size);
    g_autoptr(GBytes) mutated = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(TsrShapesCollection) collection = NULL;

    put_be32 (copy + llsh->original_offset + 4, 30000);
    mutated = g_bytes_new (copy, size);
    collection = view_collection (mutated, llsh->original_offset, &error);
    ck_assert_ptr_null (collection);
    assert_offset (error, llsh->original_offset + 4, "'llsh' index 30000");
  }
  {
    g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (items, NULL), size);
    g_autoptr(GBytes) mutated = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(TsrShapesCollection) collection = NULL;

    put_be16 (copy + cldf->original_offset + 4 + 8, 257); /* the colour table count */
    mutated = g_bytes_new (copy, size);
    collection = view_collection (mutated, cldf->original_offset, &error);
    ck_assert_ptr_null (collection);
    assert_offset (error, cldf->original_offset + 4, "'cldf' with 257 colour tables");
  }
  {
    g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (items, NULL), size);
    g_autoptr(GBytes) mutated = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(TsrShapesCollection) collection = NULL;
    g_autoptr(TsrImage) image = NULL;

    put_be16 (copy + llsh->original_offset + 8 + 6, 30000); /* the frame's bitmap index */
    mutated = g_bytes_new (copy, size);
    collection = view_collection (mutated, llsh->original_offset, &error);
    ck_assert_msg (collection != NULL, "%s", error != NULL ? error->message : "");
    image = tsr_shapes_frame_decode (collection, g_ptr_array_index (collection->frames, (guint) llsh->index),
                                     NULL, &error);
    ck_assert_ptr_null (image);
    assert_offset (error, llsh->original_offset + 8 + 6, "a frame of bitmap 30000");
  }
  bmap = first_record (iconic_patch, TSR_SHAPES_PATCH_BMAP, &pc);
  {
    gsize iconic_size = g_bytes_get_size (iconic);
    g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (iconic, NULL), iconic_size);
    g_autoptr(GBytes) mutated = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(TsrShapesCollection) collection = NULL;
    g_autoptr(TsrImage) image = NULL;

    put_be16 (copy + bmap->original_offset + 12, 0); /* the bitmap's width */
    mutated = g_bytes_new (copy, iconic_size);
    collection = view_collection (mutated, bmap->original_offset, &error);
    ck_assert_msg (collection != NULL, "%s", error != NULL ? error->message : "");
    image = tsr_shapes_bitmap_decode (g_ptr_array_index (collection->bitmaps, (guint) bmap->index), NULL, &error);
    ck_assert_ptr_null (image);
    assert_offset (error, bmap->original_offset + 12, "a bitmap 0 pixels wide");
  }
}
END_TEST

/* A terminal group type the script language has no directive for: the group's type field in the
 * file (the 'term' chunk's data, 10-byte terminal header, then 12-byte groups, type at 2). */
START_TEST (test_terminal_group_offset)
{
  g_autofree char *root = tsr_test_data_require ("marathon");
  g_autofree char *path = g_build_filename (root, "chronicles_DreamBrother.sceA", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  gsize size = g_bytes_get_size (bytes);
  g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (bytes, NULL), size);
  TsrMarathonMap *map = tsr_marathon_map_parse (copy, size, "map", NULL);
  TsrMarathonLevel *level = NULL;
  TsrWadChunk *chunk = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize type_at;
  guint index = 0;

  ck_assert_ptr_nonnull (map);
  for (guint l = 0; l < map->levels->len && chunk == NULL; l++)
    {
      level = g_ptr_array_index (map->levels, l);
      chunk = tsr_wad_entry_find_chunk (level->entry, TSR_WAD_TAG ('t', 'e', 'r', 'm'));
      index = l;
    }
  ck_assert_ptr_nonnull (chunk);
  ck_assert_uint_gt (g_bytes_get_size (chunk->data), 10 + 12);
  type_at = chunk->original_offset + 10 + 2;
  tsr_marathon_map_free (map);

  put_be16 (copy + type_at, 99);
  map = tsr_marathon_map_parse (copy, size, "map", &error);
  ck_assert_msg (map != NULL, "%s", error != NULL ? error->message : "");
  level = g_ptr_array_index (map->levels, index);
  text = tsr_marathon_terminals_decompile (level->terminals, &error);
  ck_assert_ptr_null (text);
  assert_offset (error, type_at, "a group of type 99");
  tsr_marathon_map_free (map);
}
END_TEST

/* A font whose height is 0 or beyond 255: Huffman-compressed, so the error names where the font's
 * chunk starts in VGAGRAPH. The real set's font 0 with each bit of its first compressed bytes
 * flipped, until one expands to a wrong height. */
START_TEST (test_wolf3d_font_height_offset)
{
  g_autofree char *root = tsr_test_data_require ("wolf3d");
  g_autofree char *folder = g_build_filename (root, "wl1_v14_shareware", NULL);
  g_autofree char *head_path = g_build_filename (folder, "VGAHEAD.WL1", NULL);
  g_autofree char *dict_path = g_build_filename (folder, "VGADICT.WL1", NULL);
  g_autofree char *graph_path = g_build_filename (folder, "VGAGRAPH.WL1", NULL);
  g_autoptr(GBytes) head = tsr_test_read_file (head_path);
  g_autoptr(GBytes) dict = tsr_test_read_file (dict_path);
  g_autoptr(GBytes) graph = tsr_test_read_file (graph_path);
  g_autoptr(GError) error = NULL;
  TsrWolf3dSet *set = tsr_wolf3d_set_load (graph_path, NULL, &error);
  TsrWolf3dGraphics *original;
  gsize size = g_bytes_get_size (graph), chunk;
  g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (graph, NULL), size);
  guint height_errors = 0;
  const TsrWolf3dAsset font = { TSR_WOLF3D_ASSET_FONT, 0 };

  ck_assert_msg (set != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_ptr_nonnull (set->graphics);
  original = set->graphics;
  chunk = (gsize) original->offsets[1];
  ck_assert_uint_gt (chunk, 0);
  for (gsize at = chunk + 4; at < chunk + 12; at++)
    for (guint bit = 0; bit < 8; bit++)
      {
        g_autoptr(GBytes) mutated = NULL;
        g_autoptr(TsrImage) image = NULL;

        copy[at] ^= (guint8) (1u << bit);
        mutated = g_bytes_new (copy, size);
        copy[at] ^= (guint8) (1u << bit);
        set->graphics = tsr_wolf3d_graphics_load (head, dict, mutated, NULL);
        ck_assert_ptr_nonnull (set->graphics);
        image = tsr_wolf3d_set_decode_asset (set, font, &error);
        if (image == NULL && strstr (error->message, "font height") != NULL)
          {
            assert_offset (error, chunk, "font 0 with a bit flipped");
            height_errors++;
          }
        g_clear_error (&error);
        tsr_wolf3d_graphics_free (set->graphics);
      }
  set->graphics = original;
  tsr_wolf3d_set_free (set);
  g_print ("font height errors from flipped bits: %u\n", height_errors);
  ck_assert_uint_gt (height_errors, 0);
}
END_TEST

/* Doom2D animated textures, built: an animation's archive with TEXT\ANIM and TEXTURES\PIC. */
static GBytes *
animation_archive (const char *anim, GBytes *picture)
{
  TsrDoom2dWad *wad = tsr_doom2d_wad_new ();
  g_autoptr(GBytes) text = g_bytes_new (anim, strlen (anim));
  GBytes *bytes;

  tsr_doom2d_wad_add (wad, "TEXT", "ANIM", text);
  tsr_doom2d_wad_add (wad, "TEXTURES", "PIC", picture);
  bytes = tsr_doom2d_wad_write (wad, NULL);
  tsr_doom2d_wad_free (wad);
  ck_assert_ptr_nonnull (bytes);
  return bytes;
}

/* Where SECTION\NAME's entry lies in ARCHIVE, as read back. */
static gsize
entry_offset (GBytes *archive, const char *section, const char *name)
{
  TsrDoom2dWad *wad = tsr_doom2d_archive_read (archive, NULL);
  gsize offset;

  ck_assert_ptr_nonnull (wad);
  ck_assert_ptr_nonnull (tsr_doom2d_wad_find (wad, section, name));
  offset = tsr_doom2d_wad_find (wad, section, name)->offset;
  tsr_doom2d_wad_free (wad);
  ck_assert_uint_gt (offset, 0);
  return offset;
}

START_TEST (test_doom2d_texture_offsets)
{
  g_autoptr(GBytes) tga = tsr_test_make_tga (4, 4, 0xff0000, 0, 0);
  g_autoptr(GBytes) junk = g_bytes_new_static ("not a picture at all", 20);
  static const struct {
    const char *anim;
    const char *fragment;
  } bad[] = {
    { "resource=PIC\nframecount=many\nframewidth=4\nframeheight=4\n", "framecount is 'many'" },
    { "resource=PIC\nframewidth=4\nframeheight=4\n", "framecount is missing" },
    { "framecount=1\nframewidth=4\nframeheight=4\n", "names no resource" },
    { "resource=ELSEWHERE\nframecount=1\nframewidth=4\nframeheight=4\n", "not in TEXTURES" },
  };

  /* TEXT\ANIM's numbers, its resource key and the resource it names: the TEXT\ANIM entry. */
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GBytes) archive = animation_archive (bad[i].anim, tga);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrDoom2dTexture) texture = tsr_doom2d_texture_from_animation (archive, &error);

      ck_assert_ptr_null (texture);
      ck_assert_msg (strstr (error->message, bad[i].fragment) != NULL, "%s", error->message);
      assert_offset (error, entry_offset (archive, "TEXT", "ANIM"), bad[i].fragment);
    }

  /* No TEXT\ANIM at all: the archive's directory, after the 8-byte DFWAD header. */
  {
    TsrDoom2dWad *wad = tsr_doom2d_wad_new ();
    g_autoptr(GBytes) archive = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(TsrDoom2dTexture) texture = NULL;

    tsr_doom2d_wad_add (wad, "TEXTURES", "PIC", tga);
    archive = tsr_doom2d_wad_write (wad, NULL);
    tsr_doom2d_wad_free (wad);
    texture = tsr_doom2d_texture_from_animation (archive, &error);
    ck_assert_ptr_null (texture);
    ck_assert_msg (strstr (error->message, "without TEXT") != NULL, "%s", error->message);
    assert_offset (error, 8, "an animation without TEXT\\ANIM");
  }

  /* A picture neither PNG nor TGA: its TEXTURES entry. */
  {
    g_autoptr(GBytes) archive = animation_archive ("resource=PIC\nframecount=1\nframewidth=4\nframeheight=4\n",
                                                   junk);
    g_autoptr(GError) error = NULL;
    g_autoptr(TsrDoom2dTexture) texture = tsr_doom2d_texture_from_animation (archive, &error);
    g_autoptr(TsrImage) image = NULL;

    ck_assert_msg (texture != NULL, "%s", error != NULL ? error->message : "");
    image = tsr_doom2d_texture_decode (texture, "PIC", &error);
    ck_assert_ptr_null (image);
    assert_offset (error, entry_offset (archive, "TEXTURES", "PIC"), "a picture neither PNG nor TGA");
  }

  /* A strip smaller than one frame, through the texture cache and the map's own archive: the
   * picture's entry in the animation's archive. */
  {
    g_autoptr(GBytes) archive = animation_archive ("resource=PIC\nframecount=2\nframewidth=64\nframeheight=64\n",
                                                   tga);
    TsrDoom2dWad *own = tsr_doom2d_wad_new ();
    TsrDoom2dTextureCache *cache;
    const TsrDoom2dCachedTexture *cached;

    tsr_doom2d_wad_add (own, "TEXTURES", "STRIP", archive);
    cache = tsr_doom2d_texture_cache_new (tsr_doom2d_resources_new (NULL, own), NULL, NULL);
    cached = tsr_doom2d_texture_cache_get (cache, ":TEXTURES\\STRIP");
    ck_assert_ptr_null (cached->image);
    ck_assert_msg (cached->error != NULL && strstr (cached->error->message, "smaller than one") != NULL, "%s",
                   cached->error != NULL ? cached->error->message : "no error");
    assert_offset (cached->error, entry_offset (archive, "TEXTURES", "PIC"), "a 4x4 strip of 64x64 frames");
    tsr_doom2d_texture_cache_free (cache);
    tsr_doom2d_wad_free (own);
  }
}
END_TEST

/* TMX is text: what is found wrong once the files are read names the file and the line of the
 * element it is about (the tileset proper, the <map>), as GMarkup's errors do. */
START_TEST (test_tmx_errors_name_file_and_line)
{
  static const struct {
    const char *text;
    const char *start;
    const char *rest;
  } bad[] = {
    { "<?xml version=\"1.0\"?>\n<map orientation=\"orthogonal\" width=\"1\" height=\"1\" tilewidth=\"16\" tileheight=\"16\">\n"
      " <tileset firstgid=\"1\" name=\"t\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"1\" columns=\"1\" margin=\"1\">\n"
      "  <image source=\"t.png\" width=\"16\" height=\"16\"/>\n </tileset>\n"
      " <layer name=\"a\" width=\"1\" height=\"1\"><data encoding=\"csv\">1</data></layer>\n</map>\n",
      "map.tmx:3:2: ", "TMX tileset: margin and spacing must be 0" },
    { "<?xml version=\"1.0\"?>\n<map orientation=\"orthogonal\" width=\"1\" height=\"1\" tilewidth=\"16\" tileheight=\"16\">\n"
      " <tileset firstgid=\"1\" name=\"t\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"1\" columns=\"1\">\n"
      "  <image source=\"t.png\" width=\"16\" height=\"16\"/>\n </tileset>\n</map>\n",
      "map.tmx:2:1: ", "TMX: 1..255 tile layers expected, 0 found" },
  };
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (folder, "map.tmx", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new_static (bad[i].text, strlen (bad[i].text));
      g_autoptr(GError) error = NULL;
      TsrSphereMap *map = tsr_sphere_tmx_import (path, bytes, &error);

      ck_assert_ptr_null (map);
      ck_assert_msg (error != NULL && g_str_has_prefix (error->message, bad[i].start)
                     && g_str_has_suffix (error->message, bad[i].rest),
                     "\"%s\" should start with \"%s\" and end with \"%s\"", error != NULL ? error->message : "",
                     bad[i].start, bad[i].rest);
    }
}
END_TEST

int
main (void)
{
  Suite *suite = suite_create ("load-errors");
  TCase *load_errors = tcase_create ("load-errors");
  TCase *built = tcase_create ("after-loading");

  g_free (tsr_test_data_require ("."));
  tcase_add_test (load_errors, test_load_errors_name_an_offset);
  suite_add_tcase (suite, load_errors);
  tcase_add_test (built, test_shapes_patch_offsets);
  tcase_add_test (built, test_terminal_group_offset);
  tcase_add_test (built, test_wolf3d_font_height_offset);
  tcase_add_test (built, test_doom2d_texture_offsets);
  tcase_add_test (built, test_tmx_errors_name_file_and_line);
  suite_add_tcase (suite, built);
  return tsr_test_run_suite (suite);
}
