/* test-marathon-palettes.c: a level's palettes and the meaning of its fields. On copies of real
 * Marathon maps, ≥ 500 random attribute edits (through the inspector's source) and palette adds,
 * duplicates and deletes (through the palette command) keep every light, liquid, platform and
 * sound reference in range and the level free of validation errors, and undo-all gives the loaded
 * bytes back; hand-made cases check each deletion's repair; the light curve matches values
 * computed by hand from the engine's formulas; the editor tables name what they should, every
 * constant and every scenery and ambient sound type has a name that reads back. */
#include <string.h>

#include "core/tsr-finding.h"
#include "formats/marathon/tsr-marathon-lighting.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-names.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-marathon-level-source.h"
#include "model/marathon/tsr-marathon-palette-command.h"
#include "tsr-test-common.h"

static char *data_dir;

static TsrMarathonDocument *
open_map (const char *name)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TsrDocument *document = tsr_document_new_from_file (file, &error);

  ck_assert_msg (document != NULL, "%s: %s", path, error ? error->message : "");
  ck_assert (TSR_IS_MARATHON_DOCUMENT (document));
  return TSR_MARATHON_DOCUMENT (document);
}

static GBytes *
serialize (TsrMarathonDocument *document)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes = tsr_marathon_scenario_serialize (tsr_marathon_document_get_scenario (document), &error);

  ck_assert_msg (bytes != NULL, "%s", error ? error->message : "");
  return bytes;
}

static guint
count (const GArray *array)
{
  return array != NULL ? array->len : 0;
}

static guint
n_lights (TsrMarathonLevel *level)
{
  return count (tsr_marathon_palette_records (level, TSR_MARATHON_PALETTE_LIGHT));
}

/* A reference that must be NONE (when ALLOW_NONE) or inside its array; counts those that are
 * not (some real levels have a few: a liquid index in a level without liquids). */
static guint bad_references;

static void
check_index (gint value, guint n, gboolean allow_none, const char *what, guint element)
{
  if (!((allow_none && value == -1) || (value >= 0 && (guint) value < n)))
    bad_references++;
  (void) what;
  (void) element;
}

static guint
check_palette_references (TsrMarathonLevel *level)
{
  guint nl = n_lights (level);

  bad_references = 0;

  for (guint p = 0; p < count (level->polygons); p++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);

      check_index (polygon->floor_lightsource_index, nl, FALSE, "floor light", p);
      check_index (polygon->ceiling_lightsource_index, nl, FALSE, "ceiling light", p);
      check_index (polygon->media_index, count (level->media), TRUE, "liquid", p);
      if (polygon->media_index >= 0)
        check_index (polygon->media_lightsource_index, nl, FALSE, "liquid light", p);
      check_index (polygon->ambient_sound_image_index, count (level->ambient_sounds), TRUE, "ambient sound", p);
      check_index (polygon->random_sound_image_index, count (level->random_sounds), TRUE, "random sound", p);
      if (polygon->type == 5)
        check_index (polygon->permutation, count (level->platforms), FALSE, "platform", p);
      if (polygon->type == 6 || polygon->type == 8)
        check_index (polygon->permutation, nl, FALSE, "trigger light", p);
    }
  for (guint s = 0; s < count (level->sides); s++)
    {
      const TsrMarathonSide *side = &g_array_index (level->sides, TsrMarathonSide, s);

      check_index (side->primary_lightsource_index, nl, FALSE, "primary light", s);
      if ((side->flags & 0x2) && tsr_marathon_panel_class (side->control_panel_type) == 4)
        check_index (side->control_panel_permutation, nl, FALSE, "light switch", s);
    }
  for (guint m = 0; m < count (level->media); m++)
    check_index (g_array_index (level->media, TsrMarathonMedia, m).light_index, nl, FALSE, "liquid's light", m);
  return bad_references;
}

static guint
count_errors (const TsrMarathonLevel *level)
{
  g_autoptr(GPtrArray) findings = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_finding_free);
  guint errors = 0;

  tsr_marathon_level_validate (level, 0, "level", findings);
  for (guint i = 0; i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);

      if (finding->severity == TSR_SEVERITY_ERROR)
        {
          g_print ("  error: %s: %s\n", finding->where, finding->what);
          errors++;
        }
    }
  return errors;
}

/* One attribute edit through the inspector's source, with a value the engine accepts. */
static gboolean
random_attribute_edit (TsrMarathonDocument *document,
                       TsrMarathonLevelMap *map,
                       GRand               *rand)
{
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  guint nl = n_lights (level);
  struct { TsrMarathonRecordKind kind; const char *field; } edits[] = {
    { TSR_MARATHON_RECORD_POLYGON, "floor_lightsource_index" }, { TSR_MARATHON_RECORD_POLYGON, "ceiling_lightsource_index" },
    { TSR_MARATHON_RECORD_POLYGON, "media_index" }, { TSR_MARATHON_RECORD_POLYGON, "ambient_sound_image_index" },
    { TSR_MARATHON_RECORD_POLYGON, "random_sound_image_index" }, { TSR_MARATHON_RECORD_POLYGON, "floor_transfer_mode" },
    { TSR_MARATHON_RECORD_SIDE, "primary_lightsource_index" }, { TSR_MARATHON_RECORD_SIDE, "primary_transfer_mode" },
    { TSR_MARATHON_RECORD_LIGHT, "primary_active.function" }, { TSR_MARATHON_RECORD_LIGHT, "primary_active.intensity" },
    { TSR_MARATHON_RECORD_MEDIA, "type" }, { TSR_MARATHON_RECORD_MEDIA, "light_index" },
    { TSR_MARATHON_RECORD_OBJECT, "facing" }, { TSR_MARATHON_RECORD_PLATFORM, "speed" },
  };
  guint pick = g_rand_int_range (rand, 0, G_N_ELEMENTS (edits));
  TsrMarathonRecordKind kind = edits[pick].kind;
  g_autoptr(TsrMarathonLevelSource) source = NULL;
  const TsrFieldTable *table;
  GArray *records;
  guint elements[3], n;
  TsrFieldValue value = { { 0 }, NULL };
  g_autoptr(GError) error = NULL;
  int field;
  gint64 v;

  if (kind == TSR_MARATHON_RECORD_LIGHT && level->lights == NULL)
    return FALSE;
  records = tsr_marathon_level_map_get_records (map, kind);
  if (records == NULL || records->len == 0 || nl == 0)
    return FALSE;
  source = tsr_marathon_level_source_new (TSR_DOCUMENT (document), map, kind);
  table = tsr_property_source_get_table (TSR_PROPERTY_SOURCE (source));
  field = tsr_field_table_find (table, edits[pick].field);
  ck_assert_msg (field >= 0, "%s", edits[pick].field);
  ck_assert (tsr_property_source_is_field_editable (TSR_PROPERTY_SOURCE (source), (guint) field));
  n = (guint) g_rand_int_range (rand, 1, 4);
  for (guint i = 0; i < n; i++)
    elements[i] = (guint) g_rand_int_range (rand, 0, (gint) records->len);
  tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (source), elements, n);
  if (strstr (edits[pick].field, "light") != NULL)
    v = g_rand_int_range (rand, 0, (gint) nl);
  else if (strcmp (edits[pick].field, "media_index") == 0)
    v = g_rand_int_range (rand, -1, (gint) count (level->media));
  else if (strcmp (edits[pick].field, "ambient_sound_image_index") == 0)
    v = g_rand_int_range (rand, -1, (gint) count (level->ambient_sounds));
  else if (strcmp (edits[pick].field, "random_sound_image_index") == 0)
    v = g_rand_int_range (rand, -1, (gint) count (level->random_sounds));
  else if (strstr (edits[pick].field, "transfer_mode") != NULL)
    v = g_rand_int_range (rand, 0, 28);
  else if (strcmp (edits[pick].field, "primary_active.function") == 0)
    v = g_rand_int_range (rand, 0, 6);
  else if (strcmp (edits[pick].field, "primary_active.intensity") == 0)
    v = g_rand_int_range (rand, 0, 65537);
  else if (strcmp (edits[pick].field, "type") == 0)
    v = g_rand_int_range (rand, 0, 5);
  else if (strcmp (edits[pick].field, "facing") == 0)
    v = g_rand_int_range (rand, 0, 512);
  else
    v = g_rand_int_range (rand, 1, 200);
  value.v[0] = v;
  /* Polygons keep a liquid's light valid: a polygon given a liquid needs one. */
  ck_assert_msg (tsr_property_source_set (TSR_PROPERTY_SOURCE (source), (guint) field, &value, &error), "%s: %s",
                 edits[pick].field, error ? error->message : "");
  return TRUE;
}

static gboolean
random_palette_edit (TsrMarathonDocument *document,
                     TsrMarathonLevelMap *map,
                     GRand               *rand)
{
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  TsrMarathonPaletteKind kind = g_rand_int_range (rand, 0, TSR_MARATHON_N_PALETTES);
  GArray *records = tsr_marathon_palette_records (level, kind);
  TsrMarathonPaletteOperation operation = g_rand_int_range (rand, 0, 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrCommand) command = NULL;
  guint index = 0;

  if (records == NULL)
    return FALSE;
  /* Keep the palettes from growing or emptying for ever: delete more when they are large. */
  if (records->len > 3 && g_rand_boolean (rand))
    operation = TSR_MARATHON_PALETTE_DELETE;
  if (operation != TSR_MARATHON_PALETTE_ADD)
    {
      if (records->len == 0)
        return FALSE;
      index = (guint) g_rand_int_range (rand, 0, (gint) records->len);
    }
  command = tsr_marathon_palette_command_new (map, kind, operation, index, &error);
  if (command == NULL)
    {
      /* The refusals the API promises: platforms are not added alone, the last light stays. */
      ck_assert_msg (kind == TSR_MARATHON_PALETTE_PLATFORM || (kind == TSR_MARATHON_PALETTE_LIGHT && records->len == 1),
                     "refused: %s", error ? error->message : "");
      return FALSE;
    }
  tsr_document_execute (TSR_DOCUMENT (document), command);
  return TRUE;
}

START_TEST (test_random_edits_keep_references)
{
  static const char *const maps[] = {
    "chronicles_DreamBrother.sceA", "chronicles_net_War.sceA", "chronicles_net_RequiescatInPace.sceA",
    "eternal_GenieInABottle_v4.sceA", "m1_Map.scen",
  };
  GRand *rand = g_rand_new_with_seed (1414);
  guint total_attributes = 0, total_palette = 0, total_deletes = 0;

  for (guint m = 0; m < G_N_ELEMENTS (maps); m++)
    {
      g_autoptr(TsrMarathonDocument) document = open_map (maps[m]);
      g_autoptr(GBytes) original = serialize (document);
      g_autoptr(GBytes) edited = NULL;
      g_autoptr(GBytes) undone = NULL;
      TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
      /* The Marathon 1 scenario: its first levels (the others are the same kind of data). */
      guint n_levels = MIN (tsr_marathon_document_get_n_levels (document), 4);

      for (guint l = 0; l < n_levels; l++)
        {
          TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (document, l);
          TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
          guint errors_before = count_errors (level);
          guint bad_before = check_palette_references (level);
          guint done = 0;

          while (done < 130)
            {
              gboolean palette = g_rand_int_range (rand, 0, 3) == 0;
              guint deletes_before = total_deletes;

              if (palette)
                {
                  TsrUndoStack *s = stack;
                  guint depth = tsr_undo_stack_get_depth (s);

                  if (random_palette_edit (document, map, rand))
                    {
                      total_palette++;
                      if (tsr_undo_stack_get_depth (s) > depth)
                        total_deletes += g_str_has_prefix (tsr_undo_stack_get_undo_description (s), "Delete") ? 1 : 0;
                    }
                }
              else if (random_attribute_edit (document, map, rand))
                total_attributes++;
              (void) deletes_before;
              done++;
              if (done % 13 == 0)
                ck_assert_msg (check_palette_references (level) <= bad_before, "%s level %u: %u references out of range, %u before",
                               maps[m], l, bad_references, bad_before);
              /* Now and then undo a few steps and redo them: the arrays come back exactly. */
              if (done % 29 == 0)
                {
                  guint steps = (guint) g_rand_int_range (rand, 1, 4);

                  for (guint u = 0; u < steps; u++)
                    tsr_undo_stack_undo (stack);
                  for (guint u = 0; u < steps; u++)
                    tsr_undo_stack_redo (stack);
                }
            }
          ck_assert_uint_le (check_palette_references (level), bad_before);
          if (bad_before > 0)
            g_print ("%s level %u: %u references out of range as loaded\n", maps[m], l, bad_before);
          ck_assert_msg (count_errors (level) <= errors_before, "%s level %u: new validation errors", maps[m], l);
        }
      edited = serialize (document);
      ck_assert_msg (!g_bytes_equal (original, edited), "%s: the edits changed nothing", maps[m]);
      while (tsr_undo_stack_undo (stack))
        ;
      undone = serialize (document);
      ck_assert_msg (g_bytes_equal (original, undone), "%s: undo-all is not the loaded bytes", maps[m]);
    }
  g_print ("%u attribute edits, %u palette edits (%u deletes)\n", total_attributes, total_palette, total_deletes);
  ck_assert_uint_ge (total_attributes + total_palette, 500);
  ck_assert_uint_ge (total_deletes, 50);
  g_rand_free (rand);
}
END_TEST

static TsrMarathonPolygon
plain_polygon (void)
{
  TsrMarathonPolygon polygon = { 0 };

  polygon.media_index = -1;
  polygon.ambient_sound_image_index = -1;
  polygon.random_sound_image_index = -1;
  return polygon;
}

/* Hand-made: three lights, polygons and sides naming each, triggers and a switch. */
START_TEST (test_delete_light_repairs)
{
  g_autoptr(TsrMarathonLevel) level = tsr_marathon_level_new (0, 1, "palettes");
  TsrMarathonLight light = { 0 };
  TsrMarathonPolygon polygon = plain_polygon ();
  TsrMarathonSide side = { 0 };
  TsrMarathonMedia media = { 0 };
  g_autoptr(GError) error = NULL;

  level->lights = g_array_new (FALSE, TRUE, sizeof (TsrMarathonLight));
  level->polygons = g_array_new (FALSE, TRUE, sizeof (TsrMarathonPolygon));
  level->sides = g_array_new (FALSE, TRUE, sizeof (TsrMarathonSide));
  level->media = g_array_new (FALSE, TRUE, sizeof (TsrMarathonMedia));
  for (guint i = 0; i < 3; i++)
    {
      light.tag = (gint16) i;
      g_array_append_val (level->lights, light);
      polygon.floor_lightsource_index = (gint16) i;
      polygon.ceiling_lightsource_index = (gint16) (2 - i);
      g_array_append_val (level->polygons, polygon);
    }
  polygon.type = 6; /* light on trigger of light 1 */
  polygon.permutation = 1;
  g_array_append_val (level->polygons, polygon);
  polygon.type = 8; /* light off trigger of light 2 */
  polygon.permutation = 2;
  g_array_append_val (level->polygons, polygon);
  side.flags = 0x2 | 0x1;
  side.control_panel_type = 4; /* water light switch */
  side.control_panel_permutation = 1;
  side.primary_lightsource_index = 1;
  side.secondary_lightsource_index = 2;
  g_array_append_val (level->sides, side);
  media.light_index = 1;
  g_array_append_val (level->media, media);

  ck_assert (tsr_marathon_palette_delete (level, TSR_MARATHON_PALETTE_LIGHT, 1, &error));
  ck_assert_uint_eq (level->lights->len, 2);
  ck_assert_int_eq (g_array_index (level->lights, TsrMarathonLight, 1).tag, 2);
  /* Floors 0 1 2 → 0 0 1; ceilings 2 1 0 → 1 0 0. */
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 1).floor_lightsource_index, 0);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 2).floor_lightsource_index, 1);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 0).ceiling_lightsource_index, 1);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 1).ceiling_lightsource_index, 0);
  /* The trigger of the deleted light is a plain polygon; the other one follows its light. */
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 3).type, 0);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 4).type, 8);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 4).permutation, 1);
  /* The switch of the deleted light is no control panel any more; its lights follow. */
  ck_assert_uint_eq (g_array_index (level->sides, TsrMarathonSide, 0).flags & 0x3, 0);
  ck_assert_int_eq (g_array_index (level->sides, TsrMarathonSide, 0).primary_lightsource_index, 0);
  ck_assert_int_eq (g_array_index (level->sides, TsrMarathonSide, 0).secondary_lightsource_index, 1);
  ck_assert_int_eq (g_array_index (level->media, TsrMarathonMedia, 0).light_index, 0);
  /* Down to one light, which cannot go. */
  ck_assert (tsr_marathon_palette_delete (level, TSR_MARATHON_PALETTE_LIGHT, 0, &error));
  ck_assert (!tsr_marathon_palette_delete (level, TSR_MARATHON_PALETTE_LIGHT, 0, &error));
  ck_assert_uint_eq (level->lights->len, 1);
}
END_TEST

START_TEST (test_delete_platform_media_sounds)
{
  g_autoptr(TsrMarathonLevel) level = tsr_marathon_level_new (0, 1, "palettes");
  TsrMarathonPolygon polygon = plain_polygon ();
  TsrMarathonPlatform platform = { 0 };
  TsrMarathonSide side = { 0 };
  TsrMarathonMedia media = { 0 };
  TsrMarathonAmbientSound ambient = { 0 };
  g_autoptr(GError) error = NULL;
  guint index = 99;

  level->polygons = g_array_new (FALSE, TRUE, sizeof (TsrMarathonPolygon));
  level->platforms = g_array_new (FALSE, TRUE, sizeof (TsrMarathonPlatform));
  level->sides = g_array_new (FALSE, TRUE, sizeof (TsrMarathonSide));
  level->media = g_array_new (FALSE, TRUE, sizeof (TsrMarathonMedia));
  level->ambient_sounds = g_array_new (FALSE, TRUE, sizeof (TsrMarathonAmbientSound));
  /* Polygons 0 and 1 are platforms 0 and 1; polygon 2 triggers polygon 0; 3 triggers 1. */
  for (gint16 i = 0; i < 2; i++)
    {
      polygon.type = 5;
      polygon.permutation = i;
      polygon.media_index = i;
      polygon.ambient_sound_image_index = (gint16) (1 - i);
      g_array_append_val (level->polygons, polygon);
      platform.polygon_index = i;
      g_array_append_val (level->platforms, platform);
      g_array_append_val (level->media, media);
      g_array_append_val (level->ambient_sounds, ambient);
    }
  polygon = plain_polygon ();
  polygon.type = 7;
  polygon.permutation = 0;
  g_array_append_val (level->polygons, polygon);
  polygon.type = 9;
  polygon.permutation = 1;
  g_array_append_val (level->polygons, polygon);
  side.flags = 0x2;
  side.control_panel_type = 14; /* lava platform switch */
  side.control_panel_permutation = 0;
  g_array_append_val (level->sides, side);

  ck_assert (!tsr_marathon_palette_add (level, TSR_MARATHON_PALETTE_PLATFORM, -1, &index, &error));
  g_clear_error (&error);
  ck_assert (tsr_marathon_palette_delete (level, TSR_MARATHON_PALETTE_PLATFORM, 0, &error));
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 0).type, 0);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 1).type, 5);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 1).permutation, 0);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 2).type, 0);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 3).type, 9);
  ck_assert_uint_eq (g_array_index (level->sides, TsrMarathonSide, 0).flags & 0x2, 0);

  ck_assert (tsr_marathon_palette_delete (level, TSR_MARATHON_PALETTE_MEDIA, 0, &error));
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 0).media_index, -1);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 1).media_index, 0);
  ck_assert (tsr_marathon_palette_delete (level, TSR_MARATHON_PALETTE_AMBIENT_SOUND, 0, &error));
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 0).ambient_sound_image_index, 0);
  ck_assert_int_eq (g_array_index (level->polygons, TsrMarathonPolygon, 1).ambient_sound_image_index, -1);

  ck_assert (tsr_marathon_palette_add (level, TSR_MARATHON_PALETTE_MEDIA, 0, &index, &error));
  ck_assert_uint_eq (index, 1);
  ck_assert (tsr_marathon_palette_add (level, TSR_MARATHON_PALETTE_AMBIENT_SOUND, -1, &index, &error));
  ck_assert_int_eq (g_array_index (level->ambient_sounds, TsrMarathonAmbientSound, index).volume, 256);
  ck_assert (!tsr_marathon_palette_add (level, TSR_MARATHON_PALETTE_RANDOM_SOUND, -1, &index, &error));
}
END_TEST

static void
set_function (TsrMarathonLightingFunction *function, gint16 type, gint16 period, gint32 intensity)
{
  *function = (TsrMarathonLightingFunction) { type, period, 0, intensity, 0 };
}

START_TEST (test_light_curve_by_hand)
{
  TsrMarathonLight light = { 0 };
  gint32 curve[20];
  guint16 seed = 1;

  /* The generator: 1 → 0xb400 → 0x5a00 → 0x2d00. */
  ck_assert_uint_eq (tsr_marathon_random_next (&seed), 0xb400);
  ck_assert_uint_eq (tsr_marathon_random_next (&seed), 0x5a00);
  ck_assert_uint_eq (tsr_marathon_random_next (&seed), 0x2d00);

  /* Initially active: linear from the secondary intensity 0.5 to 1.0 over 10 ticks, then 0.5
   * constant for 5 ticks, then the primary state again. */
  light.flags = 0x1;
  set_function (&light.primary_active, 1, 10, 65536);
  set_function (&light.secondary_active, 0, 5, 32768);
  tsr_marathon_light_curve (&light, 1, 20, curve);
  ck_assert_int_eq (curve[0], 32768);
  ck_assert_int_eq (curve[1], 32768 + 3276);   /* 32768 · 1/10, truncated */
  ck_assert_int_eq (curve[5], 49152);
  ck_assert_int_eq (curve[9], 32768 + 29491);  /* 32768 · 9/10 = 29491.2 */
  for (guint t = 10; t < 15; t++)
    ck_assert_int_eq (curve[t], 32768);
  ck_assert_int_eq (curve[15], 32768);
  ck_assert_int_eq (curve[16], 36044);

  /* Smooth from 0 to 1.0 over 4 ticks: the cosine table at 256 + 64·phase, (cos + 1024) / 2048:
   * cos[320] = (short) (1024 · cos 225° + 0.5) = -723 → 65536 · 301 >> 11 = 9632; cos[384] = 0 →
   * 32768; cos[448] = 724 → 65536 · 1748 >> 11 = 55936. A phase of 1 starts one tick in. */
  memset (&light, 0, sizeof light);
  light.flags = 0x1;
  set_function (&light.primary_active, 2, 4, 65536);
  set_function (&light.secondary_active, 0, 4, 0);
  tsr_marathon_light_curve (&light, 1, 8, curve);
  ck_assert_int_eq (curve[0], 0);
  ck_assert_int_eq (curve[1], 9632);
  ck_assert_int_eq (curve[2], 32768);
  ck_assert_int_eq (curve[3], 55936);
  ck_assert_int_eq (curve[4], 0);          /* secondary: constant 0 */
  light.phase = 1;
  tsr_marathon_light_curve (&light, 1, 2, curve);
  ck_assert_int_eq (curve[0], 9632);
  ck_assert_int_eq (curve[1], 32768);

  /* Initially inactive and stateless: inactive states, then it becomes active by itself. */
  memset (&light, 0, sizeof light);
  light.flags = 0x4;
  set_function (&light.primary_inactive, 0, 2, 0);
  set_function (&light.secondary_inactive, 0, 2, 16384);
  set_function (&light.becoming_active, 1, 2, 65536);
  set_function (&light.primary_active, 0, 2, 65536);
  tsr_marathon_light_curve (&light, 1, 7, curve);
  ck_assert_int_eq (curve[0], 0);
  ck_assert_int_eq (curve[2], 16384);
  ck_assert_int_eq (curve[4], 16384);          /* becoming active, linear from 0.25 */
  ck_assert_int_eq (curve[5], 16384 + 24576);  /* half way to 1.0 */
  ck_assert_int_eq (curve[6], 65536);
}
END_TEST

START_TEST (test_editor_tables_name_values)
{
  const TsrFieldTable *polygons = tsr_marathon_record_editor_fields (TSR_MARATHON_RECORD_POLYGON);
  const TsrFieldTable *codec = tsr_marathon_record_fields (TSR_MARATHON_RECORD_POLYGON);
  const TsrFieldTable *sides = tsr_marathon_record_editor_fields (TSR_MARATHON_RECORD_SIDE);
  const TsrFieldTable *lights = tsr_marathon_record_editor_fields (TSR_MARATHON_RECORD_LIGHT);
  const TsrField *type = &polygons->fields[tsr_field_table_find (polygons, "type")];
  const TsrField *texture = &sides->fields[tsr_field_table_find (sides, "primary_texture.texture")];
  const TsrField *intensity = &lights->fields[tsr_field_table_find (lights, "primary_active.intensity")];
  TsrFieldValue value = { { 5 }, NULL };
  g_autofree char *text = tsr_field_value_to_string (type, &value);
  g_autofree char *descriptor = NULL;
  g_autofree char *fixed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonLevel) level = tsr_marathon_level_new (0, 1, "names");
  TsrMarathonPolygon polygon = plain_polygon ();
  TsrMarathonObject object = { 0 };
  g_autofree char *permutation = NULL;
  g_autofree char *monster = NULL;

  /* Same layout as the codec's, meaning added. */
  ck_assert_uint_eq (polygons->n_fields, codec->n_fields);
  for (guint i = 0; i < codec->n_fields; i++)
    {
      ck_assert_str_eq (polygons->fields[i].name, codec->fields[i].name);
      ck_assert_int_eq (polygons->fields[i].member, codec->fields[i].member);
    }
  ck_assert_str_eq (text, "Platform");
  ck_assert (tsr_field_value_parse (type, "Teleporter", &value, &error));
  ck_assert_int_eq (value.v[0], 10);
  value.v[0] = (17 << 8) | 5;
  descriptor = tsr_field_value_to_string (texture, &value);
  ck_assert_str_eq (descriptor, "17:5");
  ck_assert (tsr_field_value_parse (texture, "255:255", &value, &error));
  ck_assert_int_eq (value.v[0], -1);
  ck_assert (tsr_field_value_parse (texture, "None", &value, &error));
  ck_assert_int_eq (value.v[0], -1);
  ck_assert (!tsr_field_value_parse (texture, "256:1", &value, &error));
  g_clear_error (&error);
  value.v[0] = 32768;
  fixed = tsr_field_value_to_string (intensity, &value);
  ck_assert_str_eq (fixed, "0.5");
  ck_assert (tsr_field_is_text (texture) == FALSE);
  ck_assert (polygons->fields[tsr_field_table_find (polygons, "area")].flags & TSR_FIELD_READ_ONLY);

  /* The permutation says what it names, per type. */
  level->platforms = g_array_new (FALSE, TRUE, sizeof (TsrMarathonPlatform));
  g_array_set_size (level->platforms, 2);
  polygon.type = 5;
  polygon.permutation = 1;
  permutation = tsr_marathon_record_describe (level, TSR_MARATHON_RECORD_POLYGON, &polygon, "permutation");
  ck_assert_str_eq (permutation, "platform 1");
  g_free (permutation);
  polygon.permutation = 4;
  permutation = tsr_marathon_record_describe (level, TSR_MARATHON_RECORD_POLYGON, &polygon, "permutation");
  ck_assert_str_eq (permutation, "platform 4 does not exist");
  object.type = 0;
  object.index = 9;
  monster = tsr_marathon_record_describe (level, TSR_MARATHON_RECORD_OBJECT, &object, "index");
  ck_assert_str_eq (monster, "Fighter (major)");
  ck_assert_str_eq (tsr_marathon_item_name (25), "Uplink chip");
  ck_assert_int_eq (tsr_marathon_panel_class (47), 5);
  ck_assert_int_eq (tsr_marathon_panel_class (5), 5);
  ck_assert_int_eq (tsr_marathon_panel_class (13), 4);
  ck_assert_int_eq (tsr_marathon_panel_class (39), 8);
}
END_TEST

/* Level info (Minf) edits through the same source: entry points as bits, the name as text. */
START_TEST (test_level_info_edits)
{
  g_autoptr(TsrMarathonDocument) document = open_map ("chronicles_net_War.sceA");
  g_autoptr(GBytes) original = serialize (document);
  g_autoptr(GBytes) undone = NULL;
  TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (document, 0);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  g_autoptr(TsrMarathonLevelSource) source = tsr_marathon_level_source_new (TSR_DOCUMENT (document), map,
                                                                            TSR_MARATHON_RECORD_MAP_INFO);
  TsrPropertySource *base = TSR_PROPERTY_SOURCE (source);
  const TsrFieldTable *table;
  guint zero = 0;
  g_autoptr(GError) error = NULL;
  guint32 entry_points;
  g_autofree char *name = NULL;

  ck_assert (source != NULL);
  ck_assert (level->has_info);
  table = tsr_property_source_get_table (base);
  tsr_property_source_set_elements (base, &zero, 1);
  entry_points = level->info.entry_point_flags;
  ck_assert (tsr_property_source_set_bits (base, (guint) tsr_field_table_find (table, "entry_point_flags"), 0x8,
                                           !(entry_points & 0x8), &error));
  ck_assert_uint_eq (level->info.entry_point_flags, entry_points ^ 0x8);
  ck_assert (tsr_property_source_set_text (base, (guint) tsr_field_table_find (table, "level_name"), "Renamed", &error));
  name = tsr_marathon_level_name (level);
  ck_assert_str_eq (name, "Renamed");
  ck_assert (tsr_property_source_set_text (base, (guint) tsr_field_table_find (table, "environment_code"), "Pfhor", &error));
  ck_assert_int_eq (level->info.environment_code, 4);
  while (tsr_undo_stack_undo (tsr_document_get_undo_stack (TSR_DOCUMENT (document))))
    ;
  undone = serialize (document);
  ck_assert (g_bytes_equal (original, undone));
}
END_TEST

/* Every constant of every editor table is named, once per enum (ignoring case), and its label
 * reads back as its value, as does its English name; every scenery and ambient sound index the
 * engine defines has a name and none past them. */
START_TEST (test_names_complete)
{
  static const gint counts[] = { 47, 61, 36, -1, -1, 28 };

  for (guint kind = 0; kind < TSR_MARATHON_N_MAP_RECORDS; kind++)
    {
      const TsrFieldTable *table = tsr_marathon_record_editor_fields ((TsrMarathonRecordKind) kind);

      for (guint f = 0; table != NULL && f < table->n_fields; f++)
        {
          const TsrField *field = &table->fields[f];
          const TsrFieldEnum *enumeration = field->enumeration;

          for (guint c = 0; enumeration != NULL && c < enumeration->n_constants; c++)
            {
              const TsrFieldConstant *constant = &enumeration->constants[c];
              TsrFieldValue value = { { constant->value }, NULL };
              g_autofree char *label = tsr_field_value_to_label (field, &value);
              g_autofree char *upper = g_utf8_strup (constant->name, -1);
              g_autoptr(GError) error = NULL;

              ck_assert_msg (constant->name[0] != '\0', "%s: constant %u unnamed", enumeration->name, c);
              for (guint d = 0; d < c; d++)
                ck_assert_msg (g_ascii_strcasecmp (enumeration->constants[d].name, constant->name) != 0,
                               "%s: %s twice", enumeration->name, constant->name);
              ck_assert_str_eq (label, tsr_field_constant_label (enumeration, constant));
              ck_assert_str_eq (tsr_field_enum_label (enumeration, constant->value), label);
              value.v[0] = 12345;
              ck_assert_msg (tsr_field_value_parse_label (field, label, &value, &error), "%s", error ? error->message : "");
              ck_assert_int_eq (value.v[0], constant->value);
              value.v[0] = 12345;
              ck_assert (tsr_field_value_parse_label (field, upper, &value, &error));
              ck_assert_int_eq (value.v[0], constant->value);
            }
        }
    }
  for (gint kind = 0; kind < 6; kind++)
    {
      for (gint i = 0; i < counts[kind]; i++)
        ck_assert_msg (tsr_marathon_object_name (kind, i) != NULL, "kind %d index %d unnamed", kind, i);
      ck_assert_ptr_null (tsr_marathon_object_name (kind, counts[kind] < 0 ? 0 : counts[kind]));
      ck_assert_ptr_null (tsr_marathon_object_name (kind, -1));
    }
  ck_assert_str_eq (tsr_marathon_object_name (1, 0), "Lava: pale dirt");
  ck_assert_str_eq (tsr_marathon_object_name (1, 60), "Jjaro: ceiling whip antenna");
  ck_assert_str_eq (tsr_marathon_object_name (5, 27), "Alien harmonics");
  ck_assert_str_eq (tsr_marathon_monster_name (8), tsr_marathon_object_name (0, 8));
  /* A scenery object and a sound source are described by those names. */
  {
    g_autoptr(TsrMarathonLevel) level = tsr_marathon_level_new (0, 1, "names");
    TsrMarathonObject object = { 0 };
    g_autofree char *scenery = NULL, *sound = NULL;

    object.type = 1, object.index = 13;
    scenery = tsr_marathon_record_describe (level, TSR_MARATHON_RECORD_OBJECT, &object, "index");
    ck_assert_str_eq (scenery, "Water: pistol magazine");
    object.type = 5, object.index = 7;
    sound = tsr_marathon_record_describe (level, TSR_MARATHON_RECORD_OBJECT, &object, "index");
    ck_assert_str_eq (sound, "Siren");
  }
}
END_TEST

static Suite *
palettes_suite (void)
{
  Suite *suite = suite_create ("marathon-palettes");
  TCase *cases = tcase_create ("palettes");

  tcase_set_timeout (cases, 600);
  tcase_add_test (cases, test_editor_tables_name_values);
  tcase_add_test (cases, test_names_complete);
  tcase_add_test (cases, test_light_curve_by_hand);
  tcase_add_test (cases, test_delete_light_repairs);
  tcase_add_test (cases, test_delete_platform_media_sounds);
  tcase_add_test (cases, test_level_info_edits);
  tcase_add_test (cases, test_random_edits_keep_references);
  suite_add_tcase (suite, cases);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require (".");
  return tsr_test_run_suite (palettes_suite ());
}
