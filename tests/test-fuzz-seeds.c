/* test-fuzz-seeds.c: builds the seeds that let the fuzz targets reach loaders the real files
 * alone do not (build-aux/fuzz runs it with TSR_FUZZ_SEEDS=DIR; otherwise it writes into a
 * temporary folder), and checks that every seed loads:
 *   marathon-images  small Images files (one to three pictures of the real 4 MB one, which is
 *                    above libFuzzer's 1 MiB input limit)
 *   marathon-pict    the real PICT resources cut out of it
 *   marathon-shapes  Shapes files made from the real shapes patches
 *   gimp-palette     their colour tables exported as GIMP palettes, as the shapes browser does
 *   sphere-tmx       the real Sphere maps exported to TMX, with their TSX and PNG in one input
 *   wolf3d-font      the real font chunks of the shareware VGAGRAPH, expanded
 *   wolf3d-huffman   the shareware VGAHEAD, VGADICT and VGAGRAPH in the target's one-input layout
 *   doom2d-text      the real Doom2D maps in their text form (the reader's fast path takes lines
 *                    only in inputs of more than 256 bytes, which the fuzzer seldom makes)
 *   doom2d-wad/-dfz  one small DFWAD and one ZIP archive per real map (those inside the real
 *                    archives and the loose ones): an archive without a map stops at its
 *                    directory (about 700 edges), one with a map reaches the map loader and the
 *                    renderer (over 3,000); the biggest real archive is above 1 MiB */
#include <glib/gstdio.h>
#include <string.h>

#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-wad.h"
#include "formats/tsr-format.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-images.h"
#include "formats/marathon/tsr-marathon-shapes-patch.h"
#include "formats/marathon/tsr-marathon-shapes.h"
#include "formats/marathon/tsr-pict.h"
#include "formats/sphere/tsr-sphere-formats.h"
#include "formats/sphere/tsr-sphere-map.h"
#include "formats/sphere/tsr-sphere-tmx.h"
#include "formats/wolf3d/tsr-wolf3d-assets.h"
#include "model/marathon/tsr-shapes-document.h"
#include "fuzz/tsr-fuzz-tmx.h"
#include "tsr-test-common.h"

/* libFuzzer's default -max_len-free limit for seeds. */
#define SEED_MAX (1024 * 1024)

static char *seeds_root;

static char *
seed_folder (const char *target)
{
  char *folder = g_build_filename (seeds_root, target, NULL);

  ck_assert_int_eq (g_mkdir_with_parents (folder, 0755), 0);
  return folder;
}

static void
write_seed (const char *folder, const char *name, GBytes *bytes)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);

  ck_assert_uint_le (g_bytes_get_size (bytes), SEED_MAX);
  ck_assert (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
}

START_TEST (test_images_and_pict_seeds)
{
  g_autofree char *data = tsr_test_data_require ("marathon");
  g_autofree char *path = g_build_filename (data, "m2_Images.imgA", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(TsrMarathonImages) images = tsr_marathon_images_parse (bytes, NULL);
  g_autofree char *images_folder = seed_folder ("marathon-images");
  g_autofree char *pict_folder = seed_folder ("marathon-pict");
  g_autoptr(GArray) pictures = NULL;
  guint picts = 0, files = 0;

  ck_assert_ptr_nonnull (images);
  ck_assert_uint_gt (g_bytes_get_size (bytes), SEED_MAX);
  pictures = tsr_marathon_images_list (images, TSR_RESOURCE_PICT);
  ck_assert_uint_gt (pictures->len, 3);
  for (guint i = 0; i < pictures->len && picts < 24; i++)
    {
      const TsrMarathonImagesItem *item = &g_array_index (pictures, TsrMarathonImagesItem, i);
      g_autofree char *name = g_strdup_printf ("pict-%d", item->id);
      g_autoptr(TsrImage) image = NULL;
      TsrPictInfo info;

      if (g_bytes_get_size (item->data) > SEED_MAX)
        continue;
      image = tsr_pict_decode (g_bytes_get_data (item->data, NULL), g_bytes_get_size (item->data), &info, NULL);
      ck_assert_msg (image != NULL, "PICT %d does not decode", item->id);
      write_seed (pict_folder, name, item->data);
      picts++;
    }

  /* Images files keeping pictures FIRST..FIRST+COUNT-1 only. */
  for (guint first = 0; first + 3 <= pictures->len && files < 8; first += 3)
    for (guint count = 1; count <= 3 && files < 8; count += 2)
      {
        g_autoptr(TsrMarathonImages) small = tsr_marathon_images_parse (bytes, NULL);
        g_autoptr(GArray) all = tsr_marathon_images_list (small, TSR_RESOURCE_PICT);
        g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (int));
        g_autoptr(GBytes) written = NULL;
        g_autoptr(TsrMarathonImages) back = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *name = g_strdup_printf ("images-%u-%u", first, count);

        for (guint i = 0; i < all->len; i++)
          if (i < first || i >= first + count)
            g_array_append_val (ids, g_array_index (all, TsrMarathonImagesItem, i).id);
        g_clear_pointer (&all, g_array_unref);
        for (guint i = 0; i < ids->len; i++)
          ck_assert (tsr_marathon_images_remove_picture (small, g_array_index (ids, int, i)));
        written = tsr_marathon_images_serialize (small, &error);
        ck_assert_msg (written != NULL, "%s", error ? error->message : "");
        if (g_bytes_get_size (written) > SEED_MAX)
          continue;
        back = tsr_marathon_images_parse (written, &error);
        ck_assert_msg (back != NULL, "%s: %s", name, error ? error->message : "");
        {
          g_autoptr(GArray) kept = tsr_marathon_images_list (back, TSR_RESOURCE_PICT);

          ck_assert_uint_eq (kept->len, count);
        }
        write_seed (images_folder, name, written);
        files++;
      }
  g_print ("fuzz seeds: %u PICT resources, %u small Images files\n", picts, files);
  ck_assert_uint_gt (picts, 0);
  ck_assert_uint_gt (files, 0);
}
END_TEST

/* Every colour table of the Shapes file written as SHAPES_FOLDER/NAME, exported through the
 * shapes document (the browser's Export), into FOLDER; returns how many. */
static guint
write_palette_seeds (const char *folder, const char *shapes_folder, const char *name, const TsrShapesFile *file)
{
  g_autofree char *path = g_build_filename (shapes_folder, name, NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_document_new_from_file (gfile, &error);
  guint count = 0;

  ck_assert_msg (document != NULL, "%s: %s", name, error ? error->message : "");
  ck_assert (TSR_IS_SHAPES_DOCUMENT (document));
  for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
    for (guint v = 0; v < 2; v++)
      {
        const TsrShapesCollection *collection = file->slots[c].versions[v];

        for (guint t = 0; collection != NULL && t < collection->color_tables->len; t++)
          {
            g_autoptr(GBytes) gpl = tsr_shapes_document_export_color_table (TSR_SHAPES_DOCUMENT (document), c, v, t,
                                                                            &error);
            g_autofree char *seed = g_strdup_printf ("%s-%u-%u-%u.gpl", name, c, v, t);

            ck_assert_msg (gpl != NULL, "%s: %s", seed, error ? error->message : "");
            write_seed (folder, seed, gpl);
            count++;
          }
      }
  return count;
}

START_TEST (test_shapes_seeds)
{
  g_autofree char *data = tsr_test_data_require ("marathon");
  const char *suffixes[] = { ".ShPa", NULL };
  g_autoptr(GPtrArray) patches = tsr_test_data_list (data, suffixes);
  g_autofree char *folder = seed_folder ("marathon-shapes");
  g_autofree char *palettes = seed_folder ("gimp-palette");
  guint written_count = 0, palette_count = 0;

  for (guint i = 0; i < patches->len; i++)
    {
      const char *path = g_ptr_array_index (patches, i);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrShapesPatch) patch = tsr_shapes_patch_parse (g_bytes_get_data (bytes, NULL),
                                                                g_bytes_get_size (bytes), NULL, &error);
      g_autoptr(TsrShapesFile) file = tsr_shapes_file_new ();
      g_autoptr(GBytes) written = NULL;
      g_autoptr(TsrShapesFile) back = NULL;
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *name = g_strconcat (base, ".shpA", NULL);

      if (patch == NULL || !tsr_shapes_patch_apply (patch, file, &error))
        {
          /* A patch of collections it does not define cannot stand alone: say which. */
          g_print ("fuzz seeds: %s cannot make a Shapes file alone: %s\n", base, error ? error->message : "");
          continue;
        }
      written = tsr_shapes_file_serialize (file);
      back = tsr_shapes_file_parse (g_bytes_get_data (written, NULL), g_bytes_get_size (written), &error);
      ck_assert_msg (back != NULL, "%s: %s", name, error ? error->message : "");
      if (g_bytes_get_size (written) > SEED_MAX)
        continue;
      write_seed (folder, name, written);
      written_count++;
      palette_count += write_palette_seeds (palettes, folder, name, file);
    }
  g_print ("fuzz seeds: %u Shapes files from %u real patches, %u colour tables as .gpl\n", written_count,
           patches->len, palette_count);
  ck_assert_uint_gt (written_count, 0);
  ck_assert_uint_gt (palette_count, 0);
}
END_TEST

typedef struct {
  GHashTable *files; /* base name → GBytes */
} Resolver;

static GBytes *
read_export (const char *path, gpointer user_data, GError **error)
{
  Resolver *resolver = user_data;
  g_autofree char *base = g_path_get_basename (path);
  GBytes *bytes = g_hash_table_lookup (resolver->files, base);

  if (bytes == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "%s: not exported", path);
      return NULL;
    }
  return g_bytes_ref (bytes);
}

START_TEST (test_tmx_seeds)
{
  g_autofree char *data = tsr_test_data_require ("sphere");
  const char *suffixes[] = { ".rmp", NULL };
  g_autoptr(GPtrArray) maps = tsr_test_data_list (data, suffixes);
  g_autofree char *folder = seed_folder ("sphere-tmx");
  guint written_count = 0;

  for (guint i = 0; i < maps->len; i++)
    {
      const char *path = g_ptr_array_index (maps, i);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      gpointer map = tsr_sphere_rmp_format.load (path, bytes, &error);
      g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) outputs = NULL;
      g_autoptr(GHashTable) files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                           (GDestroyNotify) g_bytes_unref);
      GBytes *parts[3] = { NULL, NULL, NULL };
      g_autoptr(GBytes) joined = NULL;
      Resolver resolver = { files };
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *name = g_strconcat (base, ".tmx", NULL);
      gpointer imported;

      ck_assert_msg (map != NULL, "%s: %s", path, error ? error->message : "");
      outputs = tsr_sphere_tmx_export (map, "fuzz/map.tmx", lost, &error);
      tsr_sphere_rmp_format.free (map);
      if (outputs == NULL)
        {
          g_print ("fuzz seeds: %s does not export to TMX: %s\n", base, error->message);
          continue;
        }
      for (guint o = 0; o < outputs->len && o < 3; o++)
        {
          const TsrOutputFile *output = g_ptr_array_index (outputs, o);

          parts[o] = output->bytes;
          g_hash_table_insert (files, g_path_get_basename (output->path), g_bytes_ref (output->bytes));
        }
      /* The seed loads the way the fuzz target reads it: the files from memory. */
      joined = tsr_fuzz_tmx_join (parts[0], parts[1], parts[2]);
      tsr_file_set_sibling_reader (read_export, &resolver);
      imported = tsr_sphere_tmx_format.load ("fuzz/map.tmx", parts[0], &error);
      tsr_file_set_sibling_reader (NULL, NULL);
      ck_assert_msg (imported != NULL, "%s: %s", name, error ? error->message : "");
      tsr_sphere_tmx_format.free (imported);
      if (g_bytes_get_size (joined) > SEED_MAX)
        continue;
      write_seed (folder, name, joined);
      written_count++;
    }
  g_print ("fuzz seeds: %u TMX inputs with their TSX and PNG\n", written_count);
  ck_assert_uint_gt (written_count, 0);
}
END_TEST

START_TEST (test_font_seeds)
{
  g_autofree char *data = tsr_test_data_require ("wolf3d");
  g_autofree char *path = g_build_filename (data, "wl1_v14_shareware", "VGAGRAPH.WL1", NULL);
  g_autofree char *folder = seed_folder ("wolf3d-font");
  g_autoptr(GError) error = NULL;
  TsrWolf3dSet *set = tsr_wolf3d_set_load (path, NULL, &error);

  ck_assert_msg (set != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_uint_eq (tsr_wolf3d_graphics_get_n_fonts (set->graphics), 2);
  for (guint f = 0; f < 2; f++)
    {
      g_autoptr(GBytes) chunk = tsr_wolf3d_graphics_expand_chunk (set->graphics, 1 + f, &error);
      g_autoptr(TsrWolf3dFont) font = NULL;
      g_autofree char *name = g_strdup_printf ("font-%u", f);

      ck_assert_msg (chunk != NULL, "%s", error != NULL ? error->message : "");
      font = tsr_wolf3d_font_load (chunk, 0, name, &error);
      ck_assert_msg (font != NULL, "%s", error != NULL ? error->message : "");
      write_seed (folder, name, chunk);
    }
  tsr_wolf3d_set_free (set);
}
END_TEST

START_TEST (test_doom2d_text_seeds)
{
  g_autofree char *data = tsr_test_data_require ("doom2d");
  g_autofree char *folder = seed_folder ("doom2d-text");
  g_autoptr(GDir) dir = g_dir_open (data, 0, NULL);
  const char *name;
  guint written = 0;

  ck_assert_ptr_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (data, name, NULL);
      g_autofree char *seed = g_strconcat (name, ".txt", NULL);
      g_autoptr(GBytes) bytes = NULL, text = NULL;
      g_autoptr(GError) error = NULL;
      TsrDoom2dMap *map, *again;

      if (!g_str_has_suffix (name, ".map"))
        continue;
      bytes = tsr_test_read_file (path);
      map = tsr_doom2d_map_read_binary (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
      ck_assert_msg (map != NULL, "%s: %s", name, error != NULL ? error->message : "");
      text = tsr_doom2d_map_write_text (map);
      again = tsr_doom2d_map_read_text (g_bytes_get_data (text, NULL), g_bytes_get_size (text), &error);
      ck_assert_msg (again != NULL, "%s: %s", seed, error != NULL ? error->message : "");
      write_seed (folder, seed, text);
      tsr_doom2d_map_free (again);
      tsr_doom2d_map_free (map);
      written++;
    }
  ck_assert_uint_gt (written, 0);
}
END_TEST

/* Every real Doom2D map, binary or text: the loose ones and those inside the real archives. */
static GPtrArray *
real_doom2d_maps (const char *data)
{
  GPtrArray *maps = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GDir) dir = g_dir_open (data, 0, NULL);
  const char *name;

  ck_assert_ptr_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (data, name, NULL);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      TsrDoom2dWad *archive;
      g_autoptr(GPtrArray) found = NULL;

      if (g_str_has_suffix (name, ".map"))
        {
          g_ptr_array_add (maps, tsr_test_read_file (path));
          continue;
        }
      if (!g_str_has_suffix (name, ".wad") && !g_str_has_suffix (name, ".dfz"))
        continue;
      bytes = tsr_test_read_file (path);
      archive = tsr_doom2d_archive_read (bytes, &error);
      ck_assert_msg (archive != NULL, "%s: %s", name, error != NULL ? error->message : "");
      found = tsr_doom2d_wad_find_maps (archive);
      for (guint i = 0; i < found->len; i++)
        {
          GBytes *map = tsr_doom2d_wad_get_data (archive, g_ptr_array_index (found, i), &error);

          ck_assert_msg (map != NULL, "%s: %s", name, error != NULL ? error->message : "");
          g_ptr_array_add (maps, map);
        }
      tsr_doom2d_wad_free (archive);
    }
  return maps;
}

/* A seed archive (a DFWAD, or a ZIP when ZIP) holding MAP as MAP01; it loads and finds its map. */
static GBytes *
archive_seed (GBytes  *map,
              gboolean zip)
{
  TsrDoom2dWad *archive = zip ? tsr_doom2d_zip_new () : tsr_doom2d_wad_new ();
  TsrDoom2dWad *again;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) found = NULL;
  GBytes *bytes;

  tsr_doom2d_wad_add (archive, "", "MAP01", map);
  bytes = tsr_doom2d_wad_write (archive, &error);
  ck_assert_msg (bytes != NULL, "%s", error != NULL ? error->message : "");
  tsr_doom2d_wad_free (archive);
  again = tsr_doom2d_archive_read (bytes, &error);
  ck_assert_msg (again != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_uint_eq (again->is_zip, zip);
  found = tsr_doom2d_wad_find_maps (again);
  ck_assert_uint_eq (found->len, 1);
  tsr_doom2d_wad_free (again);
  {
    /* As the fuzz target takes it: its format loads it and saves it back identical. */
    const TsrFormat *format = tsr_format_registry_lookup (tsr_format_registry_get_default (),
                                                          zip ? "doom2d-dfz" : "doom2d-wad");
    gpointer loaded = format->load ("fuzz.input", bytes, &error);
    g_autoptr(GPtrArray) outputs = NULL;

    ck_assert_msg (loaded != NULL, "%s", error != NULL ? error->message : "");
    outputs = format->save (loaded, "fuzz.input", &error);
    ck_assert_msg (outputs != NULL, "%s", error != NULL ? error->message : "");
    ck_assert (g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, bytes));
    format->free (loaded);
  }
  return bytes;
}

START_TEST (test_doom2d_archive_seeds)
{
  g_autofree char *data = tsr_test_data_require ("doom2d");
  g_autofree char *wad_folder = seed_folder ("doom2d-wad");
  g_autofree char *dfz_folder = seed_folder ("doom2d-dfz");
  g_autoptr(GPtrArray) maps = real_doom2d_maps (data);
  guint written = 0;

  ck_assert_uint_gt (maps->len, 1);
  for (guint i = 0; i < maps->len; i++)
    {
      g_autofree char *wad_name = g_strdup_printf ("map-%02u.wad", i);
      g_autofree char *dfz_name = g_strdup_printf ("map-%02u.dfz", i);
      g_autoptr(GBytes) wad = archive_seed (g_ptr_array_index (maps, i), FALSE);

      if (g_bytes_get_size (wad) > SEED_MAX)
        continue;
      write_seed (wad_folder, wad_name, wad);
      if (tsr_doom2d_zip_available ())
        {
          g_autoptr(GBytes) dfz = archive_seed (g_ptr_array_index (maps, i), TRUE);

          write_seed (dfz_folder, dfz_name, dfz);
        }
      written++;
    }
  ck_assert_uint_gt (written, 1);
}
END_TEST

START_TEST (test_graphics_seed)
{
  g_autofree char *data = tsr_test_data_require ("wolf3d");
  g_autofree char *folder = seed_folder ("wolf3d-huffman");
  const char *names[] = { "VGAHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1" };
  GBytes *parts[3];
  g_autoptr(GByteArray) seed = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  TsrWolf3dGraphics *graphics;
  guint8 head_size[2];

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *path = g_build_filename (data, "wl1_v14_shareware", names[i], NULL);

      parts[i] = tsr_test_read_file (path);
    }
  ck_assert_uint_le (g_bytes_get_size (parts[0]), G_MAXUINT16);
  ck_assert_uint_eq (g_bytes_get_size (parts[1]), 1024);
  head_size[0] = (guint8) (g_bytes_get_size (parts[0]) & 0xff);
  head_size[1] = (guint8) (g_bytes_get_size (parts[0]) >> 8);
  g_byte_array_append (seed, head_size, 2);
  for (guint i = 0; i < 3; i++)
    g_byte_array_append (seed, g_bytes_get_data (parts[i], NULL), (guint) g_bytes_get_size (parts[i]));
  /* What the target loads from the seed is the real set's graphics. */
  graphics = tsr_wolf3d_graphics_load (parts[0], parts[1], parts[2], &error);
  ck_assert_msg (graphics != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_uint_gt (graphics->n_pics, 0);
  tsr_wolf3d_graphics_free (graphics);
  for (guint i = 0; i < 3; i++)
    g_bytes_unref (parts[i]);
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&seed));
  write_seed (folder, "shareware-vga", bytes);
}
END_TEST

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
main (void)
{
  Suite *suite = suite_create ("fuzz-seeds");
  TCase *seeds = tcase_create ("seeds");
  const char *target = g_getenv ("TSR_FUZZ_SEEDS");
  int status;

  g_free (tsr_test_data_require ("."));
  /* (tsr_test_make_temp_dir asserts, which Check allows only inside a test) */
  seeds_root = target != NULL && *target != '\0' ? g_strdup (target)
                                                  : g_dir_make_tmp ("tessera-seeds-XXXXXX", NULL);
  tcase_set_timeout (seeds, 300);
  tcase_add_test (seeds, test_images_and_pict_seeds);
  tcase_add_test (seeds, test_shapes_seeds);
  tcase_add_test (seeds, test_tmx_seeds);
  tcase_add_test (seeds, test_font_seeds);
  tcase_add_test (seeds, test_graphics_seed);
  tcase_add_test (seeds, test_doom2d_text_seeds);
  tcase_add_test (seeds, test_doom2d_archive_seeds);
  suite_add_tcase (suite, seeds);
  status = tsr_test_run_suite (suite);
  if (target == NULL || *target == '\0')
    remove_tree (seeds_root);
  return status;
}
