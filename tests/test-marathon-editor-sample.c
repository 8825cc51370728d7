/* test-marathon-editor-sample.c: builds the project's sample Marathon scenario
 * (data/samples/marathon-sample.sceA) the way a designer would, with the editor's own commands on
 * File → New's level: rooms drawn with the line tool and filled, a light and a liquid added in
 * their palettes, a room made a platform and another flooded through the inspector's source, an
 * item and a monster placed with the object tool, then the document's save (derived data and
 * placement counts). The test checks the committed file is exactly these bytes and that they
 * validate with no error and no warning. With TSR_SAMPLE_OUTPUT=FILE in the environment it writes
 * the bytes to FILE instead of comparing (how the committed sample is made).
 * GTK-free. */
#include <string.h>

#include "core/tsr-file.h"
#include "core/tsr-finding.h"
#include "edit/marathon/tsr-marathon-tools.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-palette.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-marathon-level-source.h"
#include "model/marathon/tsr-marathon-new-scenario.h"
#include "model/marathon/tsr-marathon-palette-command.h"
#include "tsr-test-common.h"

typedef struct {
  TsrMarathonDocument *document;
  TsrMarathonLevelMap *map;
  TsrEditSession      *session;
  guint                failures;
} Designer;

static void
on_edit_failed (TsrTool    *tool,
                const char *message,
                Designer   *designer)
{
  designer->failures++;
  g_printerr ("edit refused: %s\n", message);
}

/* A click at map (X, Y) at zoom 1/16, as the canvas sends it. */
static void
click (Designer *designer,
       TsrTool  *tool,
       double    x,
       double    y)
{
  TsrToolEvent event = { x, y, 1.0 / 16, TSR_MODIFIER_NONE };

  tsr_edit_session_set_tool (designer->session, tool);
  tsr_tool_hover (tool, &event);
  tsr_tool_press (tool, &event);
  tsr_tool_release (tool, &event);
}

/* A chain of line-tool clicks through N corners, ended with Escape. */
static void
draw_chain (Designer     *designer,
            TsrTool      *line,
            const double *corners,
            guint         n)
{
  for (guint i = 0; i < n; i++)
    click (designer, line, corners[2 * i], corners[2 * i + 1]);
  tsr_tool_key (line, TSR_TOOL_KEY_ESCAPE, 0);
}

/* Sets FIELD of record ELEMENT of KIND through the inspector's source (one undo step). */
static void
inspect (Designer             *designer,
         TsrMarathonRecordKind kind,
         guint                 element,
         const char           *field,
         const char           *text)
{
  g_autoptr(TsrMarathonLevelSource) source = tsr_marathon_level_source_new (TSR_DOCUMENT (designer->document),
                                                                            designer->map, kind);
  const TsrFieldTable *table = tsr_property_source_get_table (TSR_PROPERTY_SOURCE (source));
  int index = tsr_field_find (table->fields, table->n_fields, field);
  g_autoptr(GError) error = NULL;

  ck_assert_msg (index >= 0, "%s", field);
  tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (source), &element, 1);
  ck_assert_msg (tsr_property_source_set_text (TSR_PROPERTY_SOURCE (source), (guint) index, text, &error),
                 "%s = %s: %s", field, text, error ? error->message : "");
}

static guint
palette_add (Designer              *designer,
             TsrMarathonPaletteKind kind)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrCommand) command = tsr_marathon_palette_command_new (designer->map, kind, TSR_MARATHON_PALETTE_ADD, 0,
                                                                    &error);
  guint index;

  ck_assert_msg (command != NULL, "%s", error ? error->message : "");
  index = tsr_marathon_palette_command_get_index (TSR_MARATHON_PALETTE_COMMAND (command));
  tsr_document_execute (TSR_DOCUMENT (designer->document), command);
  return index;
}

static void
place (Designer *designer,
       TsrTool  *tool,
       gint      type,
       gint      index,
       gint      facing,
       double    x,
       double    y)
{
  g_object_set (tool, "object-type", type, "object-index", index, "facing", facing, NULL);
  click (designer, tool, x, y);
}

/* The sample, made with the editor's tools and commands; its bytes as a save writes them. */
static GBytes *
build_sample (void)
{
  /* File → New gives one 4 × 4 WU room round the origin (polygon 0), a light and a start. */
  static const double hall[] = { 2048, -1024, 4096, -1024, 4096, 1024, 2048, 1024 };
  static const double pool[] = { 4096, -1024, 7168, -1024, 7168, 1024, 4096, 1024 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_marathon_new_scenario ("Tessera Sample", TSR_MARATHON_ENVIRONMENT_WATER,
                                                                &error);
  g_autoptr(TsrTool) line = NULL, fill = NULL, object = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  TsrMarathonLevel *level;
  Designer designer = { 0 };
  guint light, liquid, hall_polygon, pool_polygon;

  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
  designer.document = TSR_MARATHON_DOCUMENT (document);
  designer.map = tsr_marathon_document_get_level_map (designer.document, 0);
  designer.session = tsr_edit_session_new (document);
  level = tsr_marathon_level_map_get_level (designer.map);
  ck_assert_uint_eq (level->polygons->len, 1);
  tsr_edit_session_set_layer (designer.session, G_OBJECT (designer.map));
  tsr_edit_session_set_grid_step (designer.session, 512);
  tsr_edit_session_set_snap_to_grid (designer.session, TRUE);
  line = tsr_marathon_line_tool_new (designer.session);
  fill = tsr_marathon_click_tool_new (designer.session, TSR_MARATHON_CLICK_FILL);
  object = tsr_marathon_click_tool_new (designer.session, TSR_MARATHON_CLICK_PLACE);
  g_signal_connect (line, "edit-failed", G_CALLBACK (on_edit_failed), &designer);
  g_signal_connect (fill, "edit-failed", G_CALLBACK (on_edit_failed), &designer);
  g_signal_connect (object, "edit-failed", G_CALLBACK (on_edit_failed), &designer);

  /* A 2 WU hall east of the room (its first click splits the room's east wall, so does its
   * last), then a pool beyond it, drawn from the hall's east corners. */
  draw_chain (&designer, line, hall, G_N_ELEMENTS (hall) / 2);
  draw_chain (&designer, line, pool, G_N_ELEMENTS (pool) / 2);
  click (&designer, fill, 3072, 0);
  click (&designer, fill, 5632, 0);
  ck_assert_uint_eq (designer.failures, 0);
  ck_assert_uint_eq (level->polygons->len, 3);
  hall_polygon = (guint) tsr_marathon_level_map_polygon_at (designer.map, 3072, 0);
  pool_polygon = (guint) tsr_marathon_level_map_polygon_at (designer.map, 5632, 0);

  /* A dim second light for the hall, a liquid for the pool. */
  light = palette_add (&designer, TSR_MARATHON_PALETTE_LIGHT);
  inspect (&designer, TSR_MARATHON_RECORD_LIGHT, light, "primary_active.intensity", "0.5");
  inspect (&designer, TSR_MARATHON_RECORD_POLYGON, hall_polygon, "ceiling_lightsource_index", "1");
  inspect (&designer, TSR_MARATHON_RECORD_POLYGON, hall_polygon, "floor_lightsource_index", "1");
  liquid = palette_add (&designer, TSR_MARATHON_PALETTE_MEDIA);
  ck_assert_uint_eq (liquid, 0);
  inspect (&designer, TSR_MARATHON_RECORD_POLYGON, pool_polygon, "floor_height", "-512");
  inspect (&designer, TSR_MARATHON_RECORD_POLYGON, pool_polygon, "media_index", "0");

  /* The hall is a door: its type set to Platform gives it the engine's default record. */
  inspect (&designer, TSR_MARATHON_RECORD_POLYGON, hall_polygon, "type", "Platform");
  ck_assert_int_eq (tsr_marathon_level_find_platform (level, hall_polygon), 0);

  /* A magnum pistol (item 1) in the room, a fighter (monster 16) by the pool, facing west. */
  place (&designer, object, 2, 1, 0, -1024, 1024);
  place (&designer, object, 0, 16, 256, 6144, 0);
  ck_assert_uint_eq (designer.failures, 0);

  outputs = tsr_document_serialize (document, "/sample/marathon-sample.sceA", &error);
  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  tsr_edit_session_set_tool (designer.session, NULL);
  g_clear_object (&designer.session);
  return g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
}

START_TEST (test_sample_built_with_the_editor)
{
  g_autoptr(GBytes) bytes = build_sample ();
  g_autoptr(GBytes) again = build_sample ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonMap) map = tsr_marathon_map_parse_bytes (bytes, "sample", &error);
  g_autoptr(GPtrArray) findings = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_finding_free);
  const char *output = g_getenv ("TSR_SAMPLE_OUTPUT");
  TsrMarathonLevel *level;
  guint placed[TSR_MARATHON_N_PLACEMENTS];

  /* Reproducible: the same commands give the same bytes. */
  ck_assert (g_bytes_equal (bytes, again));
  ck_assert_msg (map != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (map->levels->len, 1);
  level = g_ptr_array_index (map->levels, 0);
  tsr_marathon_level_validate (level, 0, "sample", findings);
  for (guint i = 0; i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);

      ck_abort_msg ("sample: %s", finding->what);
    }
  /* What it holds: rooms, a platform, a liquid, lights, objects counted in plac. */
  ck_assert_uint_eq (level->polygons->len, 3);
  ck_assert_uint_eq (level->platforms->len, 1);
  ck_assert_uint_eq (level->media->len, 1);
  ck_assert_uint_ge (level->lights->len, 2);
  tsr_marathon_count_placed (level->objects, placed);
  ck_assert_uint_eq (placed[1], 1);
  ck_assert_uint_eq (placed[TSR_MARATHON_PLACEMENT_TYPES + 16], 1);
  ck_assert_int_eq (g_array_index (level->placements, TsrMarathonPlacement, 1).initial_count, 1);
  ck_assert_int_eq (g_array_index (level->placements, TsrMarathonPlacement, TSR_MARATHON_PLACEMENT_TYPES + 16).initial_count, 1);

  if (output != NULL && output[0] != '\0')
    {
      ck_assert_msg (g_file_set_contents (output, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                                          &error), "%s", error ? error->message : "");
      g_printerr ("wrote %s (%zu bytes)\n", output, g_bytes_get_size (bytes));
    }
  else
    {
      g_autofree char *path = g_build_filename (g_getenv ("TSR_SOURCE_ROOT"), "data", "samples",
                                                "marathon-sample.sceA", NULL);
      g_autofree char *committed = NULL;
      gsize size = 0;

      ck_assert_msg (g_file_get_contents (path, &committed, &size, &error), "%s", error ? error->message : "");
      ck_assert_msg (size == g_bytes_get_size (bytes) && memcmp (committed, g_bytes_get_data (bytes, NULL), size) == 0,
                     "%s differs from what the editor builds: TSR_SAMPLE_OUTPUT=%s meson test -C _build "
                     "marathon-sample", path, path);
    }
}
END_TEST

static Suite *
sample_suite (void)
{
  Suite *suite = suite_create ("marathon-sample");
  TCase *cases = tcase_create ("sample");

  tcase_set_timeout (cases, 120);
  tcase_add_test (cases, test_sample_built_with_the_editor);
  suite_add_tcase (suite, cases);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (sample_suite ());
}
