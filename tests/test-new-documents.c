/* test-new-documents.c: File → New for Marathon and Doom2D Forever (the model side): each new
 * document has no file, is unmodified and validates clean; saved where asked, the file reloads
 * through its codec with what was asked for, and validates clean again. Bad names and sizes are
 * refused. */
#include <check.h>

#include "formats/doom2d/tsr-doom2d-formats.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "model/doom2d/tsr-doom2d-new-map.h"
#include "model/marathon/tsr-marathon-new-scenario.h"
#include "tsr-test-common.h"

/* Every finding, one per line, for a failure message. */
static char *
findings_text (GPtrArray *findings)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);

      g_string_append_printf (text, "%s: %s\n", finding->where ? finding->where : "", finding->what);
    }
  return g_string_free (text, FALSE);
}

static void
assert_clean (TsrDocument *document)
{
  GPtrArray *findings = tsr_document_get_findings (document);
  g_autofree char *text = findings_text (findings);

  ck_assert_msg (findings->len == 0, "findings:\n%s", text);
}

/* Saves DOCUMENT as NAME in a new temporary folder and opens the file again. */
static TsrDocument *
save_and_reopen (TsrDocument *document, const char *name, char **saved_path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autoptr(GFile) file = NULL;
  TsrDocument *again;

  *saved_path = g_build_filename (folder, name, NULL);
  file = g_file_new_for_path (*saved_path);
  ck_assert_msg (tsr_document_save (document, file, TSR_SAVE_NONE, &error), "%s", error ? error->message : "");
  ck_assert (!tsr_document_get_modified (document));
  ck_assert (g_file_equal (tsr_document_get_file (document), file));
  again = tsr_document_new_from_file (file, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  return again;
}

START_TEST (test_marathon_scenario)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_marathon_new_scenario ("Über Arrival", TSR_MARATHON_ENVIRONMENT_JJARO, &error);
  g_autoptr(TsrDocument) again = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TsrMarathonScenario) scenario = NULL;
  g_autofree char *saved_path = NULL;
  g_autofree char *name = NULL;
  const TsrMarathonLevel *level;

  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (tsr_document_get_format_id (document), "marathon-map");
  ck_assert_ptr_null (tsr_document_get_file (document));
  ck_assert (!tsr_document_get_modified (document));
  ck_assert_str_eq (tsr_document_get_display_name (document), "untitled.sceA");
  assert_clean (document);

  again = save_and_reopen (document, "new.sceA", &saved_path);
  ck_assert_str_eq (tsr_document_get_format_id (again), "marathon-map");
  assert_clean (again);
  /* The codec's own reading of the bytes on disk. */
  {
    g_autoptr(GFile) file = g_file_new_for_path (saved_path);

    bytes = g_file_load_bytes (file, NULL, NULL, &error);
    ck_assert_msg (bytes != NULL, "%s", error ? error->message : "");
  }
  scenario = tsr_marathon_scenario_load (bytes, "new.sceA", &error);
  ck_assert_msg (scenario != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (scenario->map->levels->len, 1);
  level = g_ptr_array_index (scenario->map->levels, 0);
  name = tsr_marathon_level_name (level);
  ck_assert_str_eq (name, "Über Arrival");
  ck_assert_int_eq (level->info.environment_code, TSR_MARATHON_ENVIRONMENT_JJARO);
  ck_assert_uint_eq (level->data_version, 1);
  ck_assert (tsr_wad_checksum_matches (scenario->map->wad));
  /* One room with its four walls, one light and the player's start inside it. */
  ck_assert_uint_eq (level->polygons->len, 1);
  ck_assert_uint_eq (level->lines->len, 4);
  ck_assert_uint_eq (level->sides->len, 4);
  ck_assert_uint_eq (level->lights->len, 1);
  ck_assert_uint_eq (level->objects->len, 1);
  ck_assert_int_eq (g_array_index (level->objects, TsrMarathonObject, 0).type, 3);
  ck_assert_int_eq (g_array_index (level->objects, TsrMarathonObject, 0).polygon_index, 0);

  ck_assert_ptr_null (tsr_marathon_new_scenario ("", TSR_MARATHON_ENVIRONMENT_WATER, &error));
  ck_assert_ptr_nonnull (error);
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_marathon_new_scenario ("日本", TSR_MARATHON_ENVIRONMENT_WATER, &error));
  ck_assert_ptr_nonnull (error);
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_marathon_new_scenario ("Level", TSR_MARATHON_N_ENVIRONMENTS, &error));
  ck_assert_ptr_nonnull (error);
}
END_TEST

START_TEST (test_doom2d_map)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_doom2d_new_map ("Новая карта", 1600, 900, &error);
  g_autoptr(TsrDocument) again = NULL;
  g_autofree char *saved_path = NULL;
  g_autofree char *contents = NULL;
  gsize size = 0;
  TsrDoom2dMap *map;
  g_autofree char *long_name = g_strnfill (33, 'x');

  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
  ck_assert (TSR_IS_DOOM2D_DOCUMENT (document));
  ck_assert_str_eq (tsr_document_get_format_id (document), "doom2d-map");
  ck_assert_ptr_null (tsr_document_get_file (document));
  ck_assert (!tsr_document_get_modified (document));
  assert_clean (document);

  again = save_and_reopen (document, "new.map", &saved_path);
  ck_assert_str_eq (tsr_document_get_format_id (again), "doom2d-map");
  assert_clean (again);
  ck_assert (g_file_get_contents (saved_path, &contents, &size, NULL));
  map = tsr_doom2d_map_read_binary ((const guint8 *) contents, size, &error);
  ck_assert_msg (map != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (map->header->values[TSR_DOOM2D_HEADER_NAME].text, "Новая карта");
  ck_assert_int_eq (map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0], 1600);
  ck_assert_int_eq (map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1], 900);
  for (guint k = TSR_DOOM2D_KIND_HEADER + 1; k < TSR_DOOM2D_N_KINDS; k++)
    ck_assert_uint_eq (tsr_doom2d_map_count (map, k), k == TSR_DOOM2D_KIND_AREA ? 1 : 0);
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_AREA, 0)->values[TSR_DOOM2D_THING_TYPE].v[0],
                    TSR_DOOM2D_AREA_PLAYERPOINT1);
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_AREA, 0)->values[TSR_DOOM2D_THING_POSITION].v[0], 800);
  tsr_doom2d_map_free (map);

  ck_assert_ptr_null (tsr_doom2d_new_map ("Map", 0, 900, &error));
  ck_assert_ptr_nonnull (error);
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_doom2d_new_map ("Map", 100, 32768, &error));
  ck_assert_ptr_nonnull (error);
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_doom2d_new_map (long_name, 100, 100, &error));
  ck_assert_ptr_nonnull (error);
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_doom2d_new_map ("日本", 100, 100, &error));
  ck_assert_ptr_nonnull (error);
}
END_TEST

static Suite *
new_documents_suite (void)
{
  Suite *suite = suite_create ("new-documents");
  TCase *tcase = tcase_create ("new");

  tcase_add_test (tcase, test_marathon_scenario);
  tcase_add_test (tcase, test_doom2d_map);
  suite_add_tcase (suite, tcase);
  return suite;
}

int
main (int argc, char **argv)
{
  return tsr_test_run_suite (new_documents_suite ());
}
