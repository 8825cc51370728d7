/* test-save-as.c: Save As never lies (issue 32). For a real file of every family and every asset
 * document (Marathon map, terminal script, physics, shapes patch, images; Wolf3D set; Sphere map,
 * tileset, spriteset; Doom2D map, DFWAD, ZIP), a save under every extension any format claims
 * (and one no format claims) either writes what the name says — the written file loads as the
 * format the document now says it is, and that format claims the extension — or is refused with
 * TSR_ERROR_NOT_SUPPORTED and nothing written, the document still on its own file. Then the
 * conversions by name: Sphere .rmp → .tmx → .rmp gives back the loaded bytes (what tessera-cli
 * convert writes), and a TMX saved under a new name keeps the tileset references it was loaded
 * with (issue 41). */
#include <glib/gstdio.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/tsr-format.h"
#include "tsr-test-common.h"

typedef struct {
  const char *family;  /* folder under the test data */
  const char *name;
  const char *format;  /* its format as loaded */
} Sample;

static const Sample samples[] = {
  { "marathon", "chronicles_DreamBrother.sceA", "marathon-map" },
  { "marathon", "chronicles_DreamBrother.term.txt", "marathon-terminal-script" },
  { "marathon", "m2_Standard.phyA", "marathon-physics" },
  { "marathon", "xbla_m2_Items.ShPa", NULL },
  { "marathon", "m2_Images.imgA", NULL },
  { "wolf3d/wl1_v14_shareware", "GAMEMAPS.WL1", "wolf3d-set" },
  { "sphere", "village.rmp", "sphere-rmp" },
  { "sphere", "test.rts", "sphere-rts" },
  { "sphere", "sarah.rss", "sphere-rss" },
  { "doom2d", "df_MAP01.map", "doom2d-map" },
  { "doom2d", "dfwad_W73A_1.wad", "doom2d-wad" },
  { "doom2d", "d2dfnix_Darklab.dfz", "doom2d-dfz" },
};

/* Indices into samples. */
enum { MARATHON, SCRIPT, PHYSICS, SHAPES, IMAGES, WOLF, VILLAGE, TILESET, SPRITESET, DOOM_MAP, DFWAD, DFZ };

static guint
count_entries (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static TsrDocument *
open_sample (const Sample *sample)
{
  g_autofree char *folder = g_build_filename (tsr_test_data_root (), sample->family, NULL);
  TsrDocument *document = tsr_test_open_document (folder, sample->name);

  if (sample->format != NULL)
    ck_assert_str_eq (tsr_document_get_format_id (document), sample->format);
  return document;
}

/* Saves SAMPLE's document as "saved.EXTENSION" in an empty folder: converted and honest, or
 * refused with nothing written. Returns whether it was written. */
static gboolean
save_as_extension (const Sample *sample,
                   const char   *extension)
{
  g_autoptr(TsrDocument) document = open_sample (sample);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *name = g_strconcat ("saved.", extension, NULL);
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) original = g_object_ref (tsr_document_get_file (document));
  g_autoptr(GError) error = NULL;
  const TsrFormat *claimant = tsr_format_registry_lookup_by_extension (tsr_format_registry_get_default (), path);
  const char *loaded = tsr_document_get_format_id (document);
  gboolean saved = tsr_document_save (document, file, TSR_SAVE_FORCE, &error);

  if (!saved)
    {
      ck_assert_msg (g_error_matches (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED),
                     "%s as %s: %s", sample->name, name, error->message);
      ck_assert_msg (strstr (error->message, name) != NULL, "%s as %s: the message names no file: %s",
                     sample->name, name, error->message);
      ck_assert_msg (count_entries (folder) == 0, "%s as %s: refused, but %u files written", sample->name, name,
                     count_entries (folder));
      ck_assert (g_file_equal (tsr_document_get_file (document), original));
      ck_assert_str_eq (tsr_document_get_format_id (document), loaded);
      return FALSE;
    }

  /* Written: the file is what the document says it now is, and what its name says. */
  {
    g_autoptr(TsrDocument) again = tsr_test_open_document (folder, name);
    const TsrFormat *format = tsr_document_get_format (again);
    gboolean zip_as_wad = g_strcmp0 (format->id, "doom2d-dfz") == 0 && g_strcmp0 (extension, "wad") == 0;

    ck_assert_msg (g_strcmp0 (format->id, tsr_document_get_format_id (document)) == 0,
                   "%s as %s: the document says %s, the file is %s", sample->name, name,
                   tsr_document_get_format_id (document), format->id);
    /* A name no format claims keeps the format; the game names ZIP archives .wad too. */
    ck_assert_msg (claimant == NULL || tsr_format_has_extension (format, path) || zip_as_wad,
                   "%s as %s: %s bytes under a name of %s", sample->name, name, format->id, claimant->id);
    ck_assert (g_file_equal (tsr_document_get_file (document), file));
  }
  return TRUE;
}

START_TEST (test_every_extension)
{
  const Sample *sample = &samples[_i];
  GPtrArray *formats = tsr_format_registry_list (tsr_format_registry_get_default ());
  g_autoptr(GHashTable) done = g_hash_table_new (g_str_hash, g_str_equal);
  guint written = 0, refused = 0;

  for (guint f = 0; f < formats->len; f++)
    {
      const TsrFormat *format = g_ptr_array_index (formats, f);

      for (guint e = 0; format->extensions != NULL && format->extensions[e] != NULL; e++)
        {
          if (!g_hash_table_add (done, (gpointer) format->extensions[e]))
            continue;
          if (save_as_extension (sample, format->extensions[e]))
            written++;
          else
            refused++;
        }
    }
  /* A name no format claims. */
  if (save_as_extension (sample, "bak"))
    written++;
  else
    refused++;
  g_print ("%s: Save As written under %u extensions, refused under %u\n", sample->name, written, refused);
  ck_assert_uint_gt (refused, 0);
}
END_TEST

/* What each family must do under the names that matter. */
START_TEST (test_expected_answers)
{
  /* Sphere: a map converts both ways; a tileset is no map. */
  ck_assert (save_as_extension (&samples[VILLAGE], "tmx"));
  ck_assert (save_as_extension (&samples[VILLAGE], "rmp"));
  ck_assert (!save_as_extension (&samples[TILESET], "tmx"));
  ck_assert (!save_as_extension (&samples[VILLAGE], "rts"));
  /* Doom2D: binary ↔ text; a DFWAD is no ZIP; a ZIP may be named .wad. */
  ck_assert (save_as_extension (&samples[DOOM_MAP], "txt"));
  ck_assert (!save_as_extension (&samples[DOOM_MAP], "wad"));
  ck_assert (!save_as_extension (&samples[DFWAD], "dfz"));
  ck_assert (save_as_extension (&samples[DFWAD], "dfwad"));
  ck_assert (save_as_extension (&samples[DFZ], "wad"));
  /* Marathon: a map is no terminal script, Doom2D map or shapes file; it is a .sce2 or .map. */
  ck_assert (!save_as_extension (&samples[MARATHON], "txt"));
  ck_assert (!save_as_extension (&samples[MARATHON], "shpa"));
  ck_assert (!save_as_extension (&samples[MARATHON], "rmp"));
  ck_assert (save_as_extension (&samples[MARATHON], "sce2"));
  ck_assert (save_as_extension (&samples[MARATHON], "map"));
  ck_assert (!save_as_extension (&samples[SCRIPT], "map"));
  ck_assert (!save_as_extension (&samples[SHAPES], "imga"));
  ck_assert (!save_as_extension (&samples[IMAGES], "shpa"));
  ck_assert (!save_as_extension (&samples[IMAGES], "sceA"));
  /* Wolf3D: a set is saved as its own files only. */
  ck_assert (!save_as_extension (&samples[WOLF], "wl6"));
  ck_assert (!save_as_extension (&samples[WOLF], "wl1"));
}
END_TEST

/* A Wolf3D set saved under one of its own names into another folder writes the set there. */
START_TEST (test_wolf3d_own_name)
{
  g_autoptr(TsrDocument) document = open_sample (&samples[WOLF]);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (folder, "MAPHEAD.WL1", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  ck_assert_msg (tsr_document_save (document, file, TSR_SAVE_NONE, &error), "%s", error ? error->message : "");
  ck_assert (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  ck_assert_uint_ge (count_entries (folder), 2);
}
END_TEST

/* Sphere .rmp → .tmx → .rmp as Save As: the loaded bytes come back, and the TMX is what
 * tessera-cli convert writes. */
START_TEST (test_sphere_round_trip)
{
  g_autofree char *source = g_build_filename (tsr_test_data_root (), "sphere", "village.rmp", NULL);
  g_autoptr(GBytes) loaded = tsr_test_read_file (source);
  g_autoptr(TsrDocument) document = open_sample (&samples[VILLAGE]);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *tmx = g_build_filename (folder, "village.tmx", NULL);
  g_autofree char *rmp = g_build_filename (folder, "back.rmp", NULL);
  g_autoptr(GFile) tmx_file = g_file_new_for_path (tmx);
  g_autoptr(GFile) rmp_file = g_file_new_for_path (rmp);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) back = NULL;
  g_autoptr(GBytes) written = NULL;
  g_autoptr(GPtrArray) converted = NULL;
  g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
  const TsrFormat *format = tsr_document_get_format (document);
  const TsrFormat *tiled = tsr_format_registry_lookup (tsr_format_registry_get_default (), "tiled-tmx");

  ck_assert_msg (tsr_document_save (document, tmx_file, TSR_SAVE_NONE, &error), "%s", error ? error->message : "");
  ck_assert_str_eq (tsr_document_get_format_id (document), "tiled-tmx");
  converted = format->convert (tsr_document_get_format_data (document), tiled, tmx, NULL, lost, &error);
  ck_assert_ptr_nonnull (converted);
  written = tsr_test_read_file (tmx);
  ck_assert (g_bytes_equal (written, ((TsrOutputFile *) g_ptr_array_index (converted, 0))->bytes));
  for (guint i = 1; i < converted->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (converted, i);
      g_autoptr(GBytes) beside = tsr_test_read_file (output->path);

      ck_assert_msg (g_bytes_equal (beside, output->bytes), "%s differs from tessera-cli convert's", output->path);
    }

  {
    g_autoptr(TsrDocument) reopened = tsr_test_open_document (folder, "village.tmx");

    ck_assert_str_eq (tsr_document_get_format_id (reopened), "tiled-tmx");
    ck_assert_msg (tsr_document_save (reopened, rmp_file, TSR_SAVE_NONE, &error), "%s", error ? error->message : "");
    ck_assert_str_eq (tsr_document_get_format_id (reopened), "sphere-rmp");
  }
  back = tsr_test_read_file (rmp);
  ck_assert (g_bytes_equal (back, loaded));
}
END_TEST

/* A TMX renamed after conversion keeps its tileset reference (and the TSX its image) when saved,
 * even under yet another name. */
START_TEST (test_tmx_keeps_references)
{
  g_autoptr(TsrDocument) document = open_sample (&samples[VILLAGE]);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *tmx = g_build_filename (folder, "village.tmx", NULL);
  g_autofree char *renamed = g_build_filename (folder, "town.tmx", NULL);
  g_autofree char *again = g_build_filename (folder, "hamlet.tmx", NULL);
  g_autoptr(GFile) tmx_file = g_file_new_for_path (tmx);
  g_autoptr(GFile) again_file = g_file_new_for_path (again);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GBytes) png_after = NULL;
  g_autofree char *png_path = g_build_filename (folder, "village.png", NULL);
  g_autofree char *hamlet_tsx = g_build_filename (folder, "hamlet.tsx", NULL);
  g_autofree char *town_tsx = g_build_filename (folder, "town.tsx", NULL);

  ck_assert_msg (tsr_document_save (document, tmx_file, TSR_SAVE_NONE, &error), "%s", error ? error->message : "");
  before = tsr_test_read_file (tmx);
  png = tsr_test_read_file (png_path);
  ck_assert_int_eq (g_rename (tmx, renamed), 0);

  {
    g_autoptr(TsrDocument) reopened = tsr_test_open_document (folder, "town.tmx");

    ck_assert_msg (tsr_document_save (reopened, again_file, TSR_SAVE_NONE, &error), "%s", error ? error->message : "");
  }
  after = tsr_test_read_file (again);
  ck_assert_ptr_nonnull (strstr (g_bytes_get_data (after, NULL), "source=\"village.tsx\""));
  ck_assert (g_bytes_equal (before, after));
  ck_assert (!g_file_test (hamlet_tsx, G_FILE_TEST_EXISTS));
  ck_assert (!g_file_test (town_tsx, G_FILE_TEST_EXISTS));
  png_after = tsr_test_read_file (png_path);
  ck_assert (g_bytes_equal (png, png_after));
}
END_TEST

static Suite *
save_as_suite (void)
{
  Suite *suite = suite_create ("save-as");
  TCase *every = tcase_create ("every-extension");
  TCase *named = tcase_create ("named");

  tcase_add_loop_test (every, test_every_extension, 0, G_N_ELEMENTS (samples));
  tcase_set_timeout (every, 600);
  tcase_add_test (named, test_expected_answers);
  tcase_add_test (named, test_wolf3d_own_name);
  tcase_add_test (named, test_sphere_round_trip);
  tcase_add_test (named, test_tmx_keeps_references);
  suite_add_tcase (suite, every);
  suite_add_tcase (suite, named);
  return suite;
}

int
main (void)
{
  g_free (tsr_test_data_require ("."));
  return tsr_test_run_suite (save_as_suite ());
}
