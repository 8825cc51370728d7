/* test-properties.c: the shared field tables (integers of every width, sign and byte order, negated
 * booleans, struct decoding, coverage, values as text) and TsrPropertySource on real Sphere maps:
 * shared and mixed values, one undo step for an edit of several persons, refused edits changing
 * nothing, select similar and find by property. */
#include <string.h>

#include "core/tsr-error.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "formats/doom2d/tsr-doom2d-formats.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/doom2d/tsr-doom2d-record-source.h"
#include "model/marathon/tsr-marathon-record-source.h"
#include "model/sphere/tsr-sphere-property-source.h"
#include "tsr-test-common.h"

static char *data_dir;
static char *marathon_dir;
static char *doom2d_dir;

START_TEST (test_field_integers)
{
  const TsrField s16_be = { "a", 0, 2, TSR_FIELD_SIGNED | TSR_FIELD_BIG_ENDIAN };
  const TsrField u16_le = { "b", 2, 2, 0 };
  const TsrField s32_le = { "c", 4, 4, TSR_FIELD_SIGNED };
  const TsrField u8 = { "d", 8, 1, 0 };
  const TsrField negated = { "e", 9, 1, TSR_FIELD_NEGATED, .type = TSR_FIELD_BOOL };
  guint8 record[10] = { 0xff, 0xfe, 0x34, 0x12, 0xfe, 0xff, 0xff, 0xff, 0xc8, 0x00 };
  gint64 minimum, maximum;

  ck_assert_int_eq (tsr_field_get (&s16_be, record), -2);
  ck_assert_int_eq (tsr_field_get (&u16_le, record), 0x1234);
  ck_assert_int_eq (tsr_field_get (&s32_le, record), -2);
  ck_assert_int_eq (tsr_field_get (&u8, record), 200);
  ck_assert_int_eq (tsr_field_get (&negated, record), 1);

  tsr_field_set (&s16_be, record, 0x1234);
  ck_assert_uint_eq (record[0], 0x12);
  ck_assert_uint_eq (record[1], 0x34);
  tsr_field_set (&s32_le, record, -0x12345678);
  ck_assert_int_eq (tsr_field_get (&s32_le, record), -0x12345678);
  /* A negated boolean keeps any stored byte: 1 - 7 reads as -6 and writes back as 7. */
  record[9] = 7;
  ck_assert_int_eq (tsr_field_get (&negated, record), -6);
  tsr_field_set (&negated, record, -6);
  ck_assert_uint_eq (record[9], 7);

  tsr_field_get_range (&s16_be, &minimum, &maximum);
  ck_assert_int_eq (minimum, -32768);
  ck_assert_int_eq (maximum, 32767);
  tsr_field_get_range (&u8, &minimum, &maximum);
  ck_assert_int_eq (minimum, 0);
  ck_assert_int_eq (maximum, 255);
  tsr_field_get_range (&negated, &minimum, &maximum);
  ck_assert_int_eq (minimum, -254);
  ck_assert_int_eq (maximum, 1);
}
END_TEST

typedef struct {
  gint16  x;
  guint32 flags;
  char    name[4];
  gint16  y;
} Sample;

START_TEST (test_field_struct_and_coverage)
{
  static const TsrField fields[] = {
    { "x", 0, 2, TSR_FIELD_SIGNED | TSR_FIELD_BIG_ENDIAN, .member = G_STRUCT_OFFSET (Sample, x) },
    { "flags", 2, 4, TSR_FIELD_BIG_ENDIAN, .member = G_STRUCT_OFFSET (Sample, flags) },
    { "name", 6, 4, 0, .type = TSR_FIELD_CHARS, .member = G_STRUCT_OFFSET (Sample, name) },
    { "y", 10, 2, TSR_FIELD_SIGNED | TSR_FIELD_BIG_ENDIAN, .member = G_STRUCT_OFFSET (Sample, y) },
  };
  const TsrFieldTable table = { "sample", 12, sizeof (Sample), fields, G_N_ELEMENTS (fields) };
  const TsrFieldTable gap = { "gap", 13, sizeof (Sample), fields, G_N_ELEMENTS (fields) };
  const TsrFieldTable overlap = { "overlap", 11, sizeof (Sample), fields, G_N_ELEMENTS (fields) };
  const guint8 bytes[12] = { 0xff, 0x9c, 0x80, 0, 0, 1, 'a', 'b', 'c', 0, 0x01, 0x00 };
  guint8 again[12] = { 0 };
  Sample sample;
  g_autofree char *problem = NULL;

  tsr_field_table_decode_struct (&table, bytes, &sample);
  ck_assert_int_eq (sample.x, -100);
  ck_assert_uint_eq (sample.flags, 0x80000001u);
  ck_assert_str_eq (sample.name, "abc");
  ck_assert_int_eq (sample.y, 256);
  ck_assert_int_eq (tsr_field_get_member (&fields[0], &sample), -100);
  tsr_field_table_encode_struct (&table, &sample, again);
  ck_assert_mem_eq (again, bytes, sizeof bytes);

  ck_assert (tsr_field_table_check_coverage (&table, &problem));
  ck_assert (!tsr_field_table_check_coverage (&gap, &problem));
  ck_assert_str_eq (problem, "gap: byte 12 uncovered");
  g_clear_pointer (&problem, g_free);
  ck_assert (!tsr_field_table_check_coverage (&overlap, &problem));
  ck_assert_str_eq (problem, "overlap: field y byte 11");

  ck_assert_int_eq (tsr_field_table_find (&table, "flags"), 1);
  ck_assert_int_eq (tsr_field_table_find (&table, "FLAGS"), 1);
  ck_assert_int_eq (tsr_field_table_find (&table, "nothing"), -1);
}
END_TEST

START_TEST (test_field_text)
{
  static const TsrFieldConstant kinds[] = { { "NONE", 0 }, { "WALL", 1 }, { "DOOR", 2 }, { "LIFT", 4 } };
  static const TsrFieldEnum kind_enum = { "Kind", FALSE, kinds, G_N_ELEMENTS (kinds) };
  static const TsrFieldEnum kind_bits = { "Kinds", TRUE, kinds, G_N_ELEMENTS (kinds) };
  const TsrField plain = { "plain", -1, 2, TSR_FIELD_SIGNED };
  const TsrField named = { "named", -1, 1, 0, .enumeration = &kind_enum };
  const TsrField bits = { "bits", -1, 2, 0, .enumeration = &kind_bits };
  const TsrField point = { "point", -1, 4, TSR_FIELD_SIGNED, .type = TSR_FIELD_POINT };
  const TsrField fixed = { "fixed", -1, 4, TSR_FIELD_SIGNED, .type = TSR_FIELD_FIXED, .fraction_bits = 16 };
  TsrFieldValue value = { { 0 }, NULL };
  g_autoptr(GError) error = NULL;
  char *text;

#define ROUND_TRIP(field, input, expected)                                                     \
  G_STMT_START {                                                                               \
    ck_assert_msg (tsr_field_value_parse (&field, input, &value, &error), "%s", input);       \
    text = tsr_field_value_to_string (&field, &value);                                       \
    ck_assert_str_eq (text, expected);                                                         \
    g_free (text);                                                                             \
  } G_STMT_END

  ROUND_TRIP (plain, "-12", "-12");
  ROUND_TRIP (named, "DOOR", "DOOR");
  ROUND_TRIP (named, "2", "DOOR");
  ROUND_TRIP (named, "9", "9");
  ROUND_TRIP (bits, "WALL | LIFT", "WALL | LIFT");
  ROUND_TRIP (bits, "13", "WALL | LIFT | 8");
  ROUND_TRIP (bits, "0", "NONE");
  ROUND_TRIP (point, "3, -4", "3, -4");
  ROUND_TRIP (fixed, "1.5", "1.5");
  ck_assert_int_eq (value.v[0], 0x18000);

  ck_assert (!tsr_field_value_parse (&plain, "40000", &value, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE));
  ck_assert_str_eq (error->message, "plain: 40000 is outside -32768..32767");
  g_clear_error (&error);
  ck_assert (!tsr_field_value_parse (&named, "WINDOW", &value, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_INVALID));
  g_clear_error (&error);
  ck_assert (!tsr_field_value_parse (&point, "3", &value, &error));
  g_clear_error (&error);
  tsr_field_value_clear (&value);
#undef ROUND_TRIP
}
END_TEST

/* Sphere */

static TsrSphereDocument *
open_village (void)
{
  TsrDocument *document = tsr_test_open_document (data_dir, "village.rmp");

  ck_assert (TSR_IS_SPHERE_DOCUMENT (document));
  return TSR_SPHERE_DOCUMENT (document);
}

static char *
entity_text (TsrSphereDocument *document, guint index, gboolean spriteset)
{
  const TsrSphereEntity *entity = tsr_sphere_document_get_entity (document, index);

  return tsr_sphere_string_to_utf8 (spriteset ? entity->spriteset : entity->name);
}

static guint
count_changed (guint *counter)
{
  return *counter;
}

static void
on_changed (TsrPropertySource *source, guint *counter)
{
  (*counter)++;
}

START_TEST (test_sphere_persons_one_step)
{
  g_autoptr(TsrSphereDocument) document = open_village ();
  g_autoptr(TsrSpherePropertySource) persons = tsr_sphere_property_source_new (document, TSR_SPHERE_ELEMENT_PERSON);
  TsrPropertySource *source = TSR_PROPERTY_SOURCE (persons);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  g_autoptr(GArray) all = tsr_property_source_list_elements (source);
  guint chosen[3];
  char *old_spritesets[3];
  TsrFieldValue value = { { 0 }, NULL };
  guint depth, changes = 0;
  g_autoptr(GError) error = NULL;

  g_signal_connect (source, "changed", G_CALLBACK (on_changed), &changes);
  ck_assert_uint_eq (all->len, 11);
  /* Persons only: the village's two triggers are not among them. */
  for (guint i = 0; i < all->len; i++)
    ck_assert_uint_eq (tsr_sphere_document_get_entity (document, g_array_index (all, guint, i))->type,
                       TSR_SPHERE_ENTITY_PERSON);
  for (guint i = 0; i < 3; i++)
    {
      chosen[i] = g_array_index (all, guint, i);
      old_spritesets[i] = entity_text (document, chosen[i], TRUE);
    }

  ck_assert_int_eq (tsr_property_source_get_shared (source, TSR_SPHERE_PERSON_NAME, &value), TSR_PROPERTY_NONE);
  tsr_property_source_set_elements (source, chosen, 3);
  ck_assert_uint_eq (count_changed (&changes), 1);
  /* The village's persons have different names. */
  ck_assert_int_eq (tsr_property_source_get_shared (source, TSR_SPHERE_PERSON_NAME, &value), TSR_PROPERTY_MIXED);

  depth = tsr_undo_stack_get_depth (stack);
  ck_assert (tsr_property_source_set_text (source, TSR_SPHERE_PERSON_SPRITESET, "ghost.rss", &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Set Spriteset");
  ck_assert_uint_gt (count_changed (&changes), 1);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *now = entity_text (document, chosen[i], TRUE);
      ck_assert_str_eq (now, "ghost.rss");
    }
  ck_assert_int_eq (tsr_property_source_get_shared (source, TSR_SPHERE_PERSON_SPRITESET, &value), TSR_PROPERTY_SHARED);
  ck_assert_str_eq (value.text, "ghost.rss");
  /* The fourth person was not selected. */
  {
    g_autofree char *other = entity_text (document, g_array_index (all, guint, 3), TRUE);
    ck_assert_str_ne (other, "ghost.rss");
  }

  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *now = entity_text (document, chosen[i], TRUE);
      ck_assert_str_eq (now, old_spritesets[i]);
    }
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
  ck_assert (tsr_document_redo (TSR_DOCUMENT (document)));
  {
    g_autofree char *now = entity_text (document, chosen[2], TRUE);
    ck_assert_str_eq (now, "ghost.rss");
  }

  /* Layer 9 does not exist: the edit of the first person is taken back, nothing is recorded. */
  depth = tsr_undo_stack_get_depth (stack);
  ck_assert (!tsr_property_source_set_text (source, TSR_SPHERE_PERSON_LAYER, "9", &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE));
  g_clear_error (&error);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth);
  ck_assert_uint_ne (tsr_sphere_document_get_entity (document, chosen[0])->layer, 9);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Set Spriteset");
  /* Not a number at all. */
  ck_assert (!tsr_property_source_set_text (source, TSR_SPHERE_PERSON_X, "left", &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_INVALID));
  g_clear_error (&error);

  /* Coordinates: one step moving three persons to the same column. */
  ck_assert (tsr_property_source_set_text (source, TSR_SPHERE_PERSON_X, "100", &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  for (guint i = 0; i < 3; i++)
    ck_assert_uint_eq (tsr_sphere_document_get_entity (document, chosen[i])->x, 100);
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));

  tsr_field_value_clear (&value);
  for (guint i = 0; i < 3; i++)
    g_free (old_spritesets[i]);
}
END_TEST

START_TEST (test_sphere_select_similar_and_find)
{
  g_autoptr(TsrSphereDocument) document = open_village ();
  g_autoptr(TsrSpherePropertySource) persons = tsr_sphere_property_source_new (document, TSR_SPHERE_ELEMENT_PERSON);
  g_autoptr(TsrSpherePropertySource) triggers = tsr_sphere_property_source_new (document, TSR_SPHERE_ELEMENT_TRIGGER);
  TsrPropertySource *source = TSR_PROPERTY_SOURCE (persons);
  g_autoptr(GArray) all = tsr_property_source_list_elements (source);
  g_autoptr(GArray) similar = NULL;
  g_autoptr(GArray) found = NULL;
  g_autoptr(GArray) trigger_list = tsr_property_source_list_elements (TSR_PROPERTY_SOURCE (triggers));
  guint first = g_array_index (all, guint, 0);
  guint spriteset_field = TSR_SPHERE_PERSON_SPRITESET;
  g_autofree char *spriteset = entity_text (document, first, TRUE);
  g_autofree char *name = entity_text (document, first, FALSE);
  guint expected = 0;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < all->len; i++)
    {
      g_autofree char *other = entity_text (document, g_array_index (all, guint, i), TRUE);
      expected += g_strcmp0 (other, spriteset) == 0;
    }
  tsr_property_source_set_elements (source, &first, 1);
  similar = tsr_property_source_find_similar (source, &spriteset_field, 1);
  ck_assert_uint_eq (similar->len, expected);
  ck_assert_uint_eq (g_array_index (similar, guint, 0), first);
  for (guint i = 0; i < similar->len; i++)
    {
      g_autofree char *other = entity_text (document, g_array_index (similar, guint, i), TRUE);
      ck_assert_str_eq (other, spriteset);
    }

  /* Text fields match without case, anywhere in the text. */
  {
    g_autofree char *upper = g_utf8_strup (name, -1);
    found = tsr_property_source_find (source, TSR_SPHERE_PERSON_NAME, upper, &error);
    ck_assert_ptr_nonnull (found);
    ck_assert_uint_ge (found->len, 1);
    ck_assert_uint_eq (g_array_index (found, guint, 0), first);
    g_clear_pointer (&found, g_array_unref);
  }
  /* Numbers equal the parsed value; the layer of every person here is an existing layer. */
  found = tsr_property_source_find (source, TSR_SPHERE_PERSON_LAYER, "7", &error);
  ck_assert_uint_eq (found->len, 0);
  g_clear_pointer (&found, g_array_unref);
  ck_assert_ptr_null (tsr_property_source_find (source, TSR_SPHERE_PERSON_LAYER, "top", &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_INVALID));

  ck_assert_uint_eq (trigger_list->len, 2);
  ck_assert_str_eq (tsr_property_source_get_title (TSR_PROPERTY_SOURCE (triggers)), "Trigger");
}
END_TEST

START_TEST (test_marathon_records_read_only)
{
  g_autoptr(TsrDocument) document = tsr_test_open_document (marathon_dir, "chronicles_DreamBrother.sceA");
  g_autoptr(TsrMarathonRecordSource) polygons = tsr_marathon_record_source_new (document, 0, TSR_MARATHON_RECORD_POLYGON);
  TsrPropertySource *source = TSR_PROPERTY_SOURCE (polygons);
  TsrMarathonScenario *scenario = tsr_document_get_format_data (document);
  TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, 0);
  const TsrFieldTable *table = tsr_property_source_get_table (source);
  int floor_height = tsr_field_table_find (table, "floor_height");
  int floor_texture = tsr_field_table_find (table, "floor_texture");
  int unused = tsr_field_table_find (table, "unused");
  g_autoptr(GArray) all = tsr_property_source_list_elements (source);
  g_autoptr(GArray) similar = NULL;
  TsrFieldValue value = { { 0 }, NULL };
  guint both[2] = { 0, 1 };
  guint expected = 0;
  guint field;
  g_autoptr(GError) error = NULL;

  ck_assert_int_ge (floor_height, 0);
  ck_assert_int_ge (unused, 0);
  ck_assert (!tsr_property_source_is_field_visible (source, (guint) unused));
  ck_assert_uint_gt (level->polygons->len, 2);
  ck_assert_uint_eq (all->len, level->polygons->len);
  ck_assert (tsr_property_source_get_value (source, 1, (guint) floor_height, &value));
  ck_assert_int_eq (value.v[0], g_array_index (level->polygons, TsrMarathonPolygon, 1).floor_height);
  ck_assert (!tsr_property_source_get_value (source, level->polygons->len, (guint) floor_height, &value));

  /* Read-only: no field can be set, and trying changes nothing. */
  ck_assert (!tsr_property_source_is_field_editable (source, (guint) floor_height));
  tsr_property_source_set_elements (source, both, 2);
  ck_assert (!tsr_property_source_set_text (source, (guint) floor_height, "0", &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED));
  ck_assert (!tsr_document_get_modified (document));

  /* Select similar through the same code as Sphere's: every polygon with polygon 0's floor texture. */
  tsr_property_source_set_elements (source, both, 1);
  for (guint i = 0; i < level->polygons->len; i++)
    expected += g_array_index (level->polygons, TsrMarathonPolygon, i).floor_texture
                == g_array_index (level->polygons, TsrMarathonPolygon, 0).floor_texture;
  field = (guint) floor_texture;
  similar = tsr_property_source_find_similar (source, &field, 1);
  ck_assert_uint_eq (similar->len, expected);
  tsr_field_value_clear (&value);

  /* The map info has the level name as text. */
  {
    g_autoptr(TsrMarathonRecordSource) info = tsr_marathon_record_source_new (document, 0, TSR_MARATHON_RECORD_MAP_INFO);
    int name = tsr_field_table_find (tsr_property_source_get_table (TSR_PROPERTY_SOURCE (info)), "level_name");

    g_autofree char *expected_name = tsr_marathon_level_name (level);

    ck_assert (tsr_property_source_get_value (TSR_PROPERTY_SOURCE (info), 0, (guint) name, &value));
    ck_assert_str_eq (value.text, expected_name);
    tsr_field_value_clear (&value);
  }
  ck_assert_ptr_null (tsr_marathon_record_source_new (document, 9999, TSR_MARATHON_RECORD_LINE));
}
END_TEST

START_TEST (test_doom2d_records_read_only)
{
  g_autoptr(TsrDocument) document = tsr_test_open_document (doom2d_dir, "df_MAP01.map");
  g_autoptr(TsrDoom2dRecordSource) panels = tsr_doom2d_record_source_new (document, TSR_DOOM2D_KIND_PANEL);
  TsrPropertySource *source = TSR_PROPERTY_SOURCE (panels);
  TsrDoom2dMap *map = ((TsrDoom2dFile *) tsr_document_get_format_data (document))->map;
  g_autoptr(GArray) all = tsr_property_source_list_elements (source);
  g_autoptr(GArray) walls = NULL;
  TsrFieldValue value = { { 0 }, NULL };
  g_autofree guint *every = NULL;
  guint expected_walls = 0;
  gboolean types_differ = FALSE;
  g_autoptr(GError) error = NULL;

  ck_assert_uint_eq (all->len, tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL));
  every = g_new (guint, all->len);
  for (guint i = 0; i < all->len; i++)
    {
      gint64 type = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, i)->values[TSR_DOOM2D_PANEL_TYPE].v[0];

      every[i] = i;
      expected_walls += type == TSR_DOOM2D_PANEL_WALL;
      types_differ = types_differ || type != tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, 0)->values[TSR_DOOM2D_PANEL_TYPE].v[0];
    }
  ck_assert (types_differ);
  tsr_property_source_set_elements (source, every, all->len);
  ck_assert_int_eq (tsr_property_source_get_shared (source, TSR_DOOM2D_PANEL_TYPE, &value), TSR_PROPERTY_MIXED);
  tsr_property_source_set_elements (source, every, 1);
  ck_assert_int_eq (tsr_property_source_get_shared (source, TSR_DOOM2D_PANEL_POSITION, &value), TSR_PROPERTY_SHARED);
  ck_assert_int_eq (value.v[1], tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, 0)->values[TSR_DOOM2D_PANEL_POSITION].v[1]);
  tsr_field_value_clear (&value);

  /* Find by property with an enum constant's name. */
  walls = tsr_property_source_find (source, TSR_DOOM2D_PANEL_TYPE, "PANEL_WALL", &error);
  ck_assert_ptr_nonnull (walls);
  ck_assert_uint_gt (expected_walls, 0);
  ck_assert_uint_eq (walls->len, expected_walls);
  ck_assert (!tsr_property_source_is_field_editable (source, TSR_DOOM2D_PANEL_TYPE));
}
END_TEST

static Suite *
properties_suite (void)
{
  Suite *suite = suite_create ("properties");
  TCase *fields = tcase_create ("field tables");
  TCase *sphere = tcase_create ("sphere");
  TCase *read_only = tcase_create ("read-only sources");

  tcase_add_test (fields, test_field_integers);
  tcase_add_test (fields, test_field_struct_and_coverage);
  tcase_add_test (fields, test_field_text);
  tcase_add_test (sphere, test_sphere_persons_one_step);
  tcase_add_test (sphere, test_sphere_select_similar_and_find);
  suite_add_tcase (suite, fields);
  suite_add_tcase (suite, sphere);
  tcase_add_test (read_only, test_marathon_records_read_only);
  tcase_add_test (read_only, test_doom2d_records_read_only);
  suite_add_tcase (suite, read_only);
  return suite;
}

int
main (int argc, char **argv)
{
  data_dir = tsr_test_data_require ("sphere");
  marathon_dir = tsr_test_data_require ("marathon");
  doom2d_dir = tsr_test_data_require ("doom2d");
  return tsr_test_run_suite (properties_suite ());
}
