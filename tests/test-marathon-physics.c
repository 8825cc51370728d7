/* test-marathon-physics.c: the physics editor's model on the real files: every physics file and
 * scenario round-trips identical, the field tables name every byte, an edit of one monster field
 * and one weapon field through the property source changes exactly those bytes and undoes and
 * redoes exactly, Marathon 1 tables edit the same way, and the checks that call physics broken name
 * the Aleph One code path, each on its smallest reproducer. */
#include <string.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-physics.h"
#include "model/marathon/tsr-marathon-physics-command.h"
#include "model/marathon/tsr-marathon-physics-source.h"
#include "model/tsr-record-sources.h"
#include "tsr-test-common.h"

static char *data_dir;

static GBytes *
save_bytes (TsrDocument *document,
            const char  *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (document, path, &error);

  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (outputs->len, 1);
  return g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
}

static GBytes *
read_data (const char *name)
{
  g_autofree char *path = g_build_filename (data_dir, name, NULL);

  return tsr_test_read_file (path);
}

/* The offsets where A and B differ, as "o1,o2,…", leaving out the wad header's checksum (bytes
 * 68-71), which the wad writer recomputes for a changed file (transfer full). */
static char *
differences_besides_checksum (GBytes *a,
                              GBytes *b)
{
  gsize size_a, size_b;
  const guint8 *x = g_bytes_get_data (a, &size_a);
  const guint8 *y = g_bytes_get_data (b, &size_b);
  GString *out = g_string_new (NULL);

  if (size_a != size_b)
    g_string_append_printf (out, "size %zu vs %zu", size_a, size_b);
  for (gsize i = 0; i < MIN (size_a, size_b); i++)
    if (x[i] != y[i] && (i < 68 || i >= 72))
      g_string_append_printf (out, "%s%zu", out->len > 0 ? "," : "", i);
  return g_string_free (out, FALSE);
}

/* The offsets where A and B differ, as "o1,o2,…" (transfer full). */
static char *
differences (GBytes *a,
             GBytes *b)
{
  gsize size_a, size_b;
  const guint8 *x = g_bytes_get_data (a, &size_a);
  const guint8 *y = g_bytes_get_data (b, &size_b);
  GString *out = g_string_new (NULL);

  if (size_a != size_b)
    g_string_append_printf (out, "size %zu vs %zu", size_a, size_b);
  for (gsize i = 0; i < MIN (size_a, size_b); i++)
    if (x[i] != y[i])
      g_string_append_printf (out, "%s%zu", out->len > 0 ? "," : "", i);
  return g_string_free (out, FALSE);
}

static TsrMarathonPhysicsSource *
source_for (GPtrArray             *sources,
            TsrMarathonPhysicsKind definition)
{
  for (guint i = 0; i < sources->len; i++)
    if (tsr_marathon_physics_source_get_definition (g_ptr_array_index (sources, i)) == definition)
      return g_ptr_array_index (sources, i);
  ck_abort_msg ("no source for definition %d", definition);
  return NULL;
}

START_TEST (test_round_trip_every_file)
{
  static const char *const suffixes[] = { ".phyA", ".phys", ".sceA", ".scen", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (data_dir, suffixes);
  guint checked = 0, with_physics = 0;

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *name = g_path_get_basename (g_ptr_array_index (files, i));
      g_autoptr(TsrDocument) document = tsr_test_open_document (data_dir, name);
      g_autoptr(GBytes) original = read_data (name);
      g_autoptr(GBytes) saved = save_bytes (document, name);
      g_autofree char *diff = differences (original, saved);
      guint n_levels = tsr_record_sources_get_n_levels (document);

      ck_assert_msg (diff[0] == '\0', "%s: untouched save differs at %s", name, diff);
      for (guint level = 0; level < n_levels; level++)
        {
          g_autoptr(GPtrArray) sources = tsr_marathon_physics_sources_new (document, level);

          with_physics += sources->len > 0;
        }
      checked++;
    }
  /* The two physics files and the one scenario level with a PXpx chunk. */
  ck_assert_uint_ge (checked, 8);
  ck_assert_uint_ge (with_physics, 3);
  tsr_test_report_count ("Marathon physics files and scenarios round-tripped", checked);
}
END_TEST

START_TEST (test_tables_cover_every_byte)
{
  for (guint kind = 0; kind < TSR_MARATHON_PHYSICS_M1; kind++)
    {
      g_autofree char *problem = NULL;

      ck_assert_msg (tsr_field_table_check_coverage (tsr_marathon_physics_fields (kind), &problem),
                     "kind %u: %s", kind, problem);
    }
  {
    static const char *const tags[] = { "phys", "effe", "mons", "proj", "weap" };
    static const gsize sizes[] = { 100, 6, 138, 36, 120 };

    for (guint i = 0; i < G_N_ELEMENTS (tags); i++)
      {
        TsrMarathonPhysicsTable table = { .kind = TSR_MARATHON_PHYSICS_M1, .record_size = sizes[i] };
        g_autofree char *problem = NULL;

        table.tag = TSR_WAD_TAG (tags[i][0], tags[i][1], tags[i][2], tags[i][3]);
        ck_assert_ptr_nonnull (tsr_marathon_physics_table_fields (&table));
        ck_assert_int_eq (tsr_marathon_physics_table_definition (&table), (int) i);
        ck_assert_msg (tsr_field_table_check_coverage (tsr_marathon_physics_table_fields (&table), &problem),
                       "%s: %s", tags[i], problem);
        /* Another record size has no known layout. */
        table.record_size++;
        ck_assert_ptr_null (tsr_marathon_physics_table_fields (&table));
      }
  }
}
END_TEST

/* Sets FIELD of RECORD through the property source as the inspector does. */
static void
set_field (TsrMarathonPhysicsSource *source,
           guint                     record,
           const char               *field,
           const char               *text)
{
  g_autoptr(GError) error = NULL;
  int index = tsr_field_table_find (tsr_property_source_get_table (TSR_PROPERTY_SOURCE (source)), field);

  ck_assert_msg (index >= 0, "no field %s", field);
  tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (source), &record, 1);
  ck_assert_msg (tsr_property_source_set_text (TSR_PROPERTY_SOURCE (source), (guint) index, text, &error),
                 "%s: %s", field, error != NULL ? error->message : "");
}

static gint64
get_field (TsrMarathonPhysicsSource *source,
           guint                     record,
           const char               *field)
{
  TsrFieldValue value = { { 0 } };
  int index = tsr_field_table_find (tsr_property_source_get_table (TSR_PROPERTY_SOURCE (source)), field);
  gint64 result;

  ck_assert_int_ge (index, 0);
  ck_assert (tsr_property_source_get_value (TSR_PROPERTY_SOURCE (source), record, (guint) index, &value));
  result = value.v[0];
  tsr_field_value_clear (&value);
  return result;
}

/* Edits monster MONSTER's vitality and weapon WEAPON's primary projectile in NAME and checks the
 * saved bytes differ exactly at EXPECTED; undo gives the original bytes, redo the edited ones. */
static void
check_monster_and_weapon_edit (const char *name,
                               guint       monster,
                               guint       weapon,
                               const char *weapon_field,
                               const char *expected)
{
  g_autoptr(TsrDocument) document = tsr_test_open_document (data_dir, name);
  g_autoptr(GBytes) original = read_data (name);
  g_autoptr(GPtrArray) sources = tsr_marathon_physics_sources_new (document, 0);
  TsrMarathonPhysicsSource *monsters = source_for (sources, TSR_MARATHON_PHYSICS_MONSTERS);
  TsrMarathonPhysicsSource *weapons = source_for (sources, TSR_MARATHON_PHYSICS_WEAPONS);
  g_autoptr(GBytes) edited = NULL;
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GBytes) redone = NULL;
  g_autofree char *diff = NULL;
  g_autofree char *undo_diff = NULL;
  g_autofree char *redo_diff = NULL;
  gint64 vitality = get_field (monsters, monster, "vitality");
  g_autofree char *new_vitality = g_strdup_printf ("%" G_GINT64_FORMAT, vitality + 0x101);

  set_field (monsters, monster, "vitality", new_vitality);
  set_field (weapons, weapon, weapon_field, "7");
  ck_assert_int_eq (get_field (monsters, monster, "vitality"), vitality + 0x101);
  ck_assert_int_eq (get_field (weapons, weapon, weapon_field), 7);
  ck_assert (tsr_document_get_modified (document));
  edited = save_bytes (document, name);
  diff = differences_besides_checksum (original, edited);
  ck_assert_str_eq (diff, expected);

  ck_assert (tsr_document_undo (document));
  ck_assert (tsr_document_undo (document));
  ck_assert (!tsr_document_get_modified (document));
  undone = save_bytes (document, name);
  undo_diff = differences (original, undone);
  ck_assert_str_eq (undo_diff, "");
  ck_assert (tsr_document_redo (document));
  ck_assert (tsr_document_redo (document));
  redone = save_bytes (document, name);
  redo_diff = differences (edited, redone);
  ck_assert_str_eq (redo_diff, "");
}

START_TEST (test_edit_m2_physics)
{
  g_autoptr(GBytes) bytes = read_data ("m2_Standard.phyA");
  g_autoptr(TsrMarathonPhysics) physics = tsr_marathon_physics_parse (g_bytes_get_data (bytes, NULL),
                                                                      g_bytes_get_size (bytes), "phyA", NULL);
  g_autoptr(GString) expected = g_string_new (NULL);
  gsize monsters_at = 0, weapons_at = 0;
  const guint8 *data = g_bytes_get_data (bytes, NULL);
  guint16 vitality;

  /* Where the chunks' records are: the chunk data follows its 16-byte header in the one entry. */
  ck_assert_ptr_nonnull (physics);
  for (gsize i = 0; i + 4 <= g_bytes_get_size (bytes); i++)
    {
      if (memcmp (data + i, "MNpx", 4) == 0 && monsters_at == 0)
        monsters_at = i + 16;
      if (memcmp (data + i, "WPpx", 4) == 0 && weapons_at == 0)
        weapons_at = i + 16;
    }
  ck_assert (monsters_at > 0 && weapons_at > 0);
  /* Monster 3's vitality (offset 2) grows by 0x101: both its bytes change; weapon 1's primary
   * projectile_type (offset 62 + 24) becomes 7: the pistol fires type 2, so its low byte changes. */
  vitality = (guint16) (data[monsters_at + 3 * 156 + 2] << 8 | data[monsters_at + 3 * 156 + 3]);
  ck_assert_uint_ne (vitality & 0xff, 0xff);
  g_string_append_printf (expected, "%zu,%zu,%zu", monsters_at + 3 * 156 + 2, monsters_at + 3 * 156 + 3,
                          weapons_at + 1 * 134 + 86 + 1);
  check_monster_and_weapon_edit ("m2_Standard.phyA", 3, 1, "primary.projectile_type", expected->str);
}
END_TEST

START_TEST (test_edit_m1_physics)
{
  g_autoptr(GBytes) bytes = read_data ("m1_Physics.phys");
  const guint8 *data = g_bytes_get_data (bytes, NULL);
  gsize size = g_bytes_get_size (bytes), at = 0, monsters_at = 0, weapons_at = 0;
  g_autofree char *expected = NULL;

  /* Records follow each 12-byte header {tag, unused, count, size}. */
  while (at + 12 <= size)
    {
      guint count = (guint) (data[at + 8] << 8 | data[at + 9]);
      guint record_size = (guint) (data[at + 10] << 8 | data[at + 11]);

      if (memcmp (data + at, "mons", 4) == 0)
        monsters_at = at + 12;
      if (memcmp (data + at, "weap", 4) == 0)
        weapons_at = at + 12;
      at += 12 + (gsize) count * record_size;
    }
  ck_assert_uint_eq (at, size);
  /* Marathon 1's weapons interleave the triggers: primary.projectile_type is at 98. */
  expected = g_strdup_printf ("%zu,%zu,%zu", monsters_at + 3 * 138 + 2, monsters_at + 3 * 138 + 3,
                              weapons_at + 1 * 120 + 98 + 1);
  check_monster_and_weapon_edit ("m1_Physics.phys", 3, 1, "primary.projectile_type", expected);
}
END_TEST

/* The scenario level's own PXpx chunk edits through the same source; only its bytes change. */
START_TEST (test_edit_embedded_physics)
{
  g_autoptr(TsrDocument) document = tsr_test_open_document (data_dir, "chronicles_net_RequiescatInPace.sceA");
  g_autoptr(GBytes) original = read_data ("chronicles_net_RequiescatInPace.sceA");
  g_autoptr(GPtrArray) sources = tsr_marathon_physics_sources_new (document, 0);
  g_autoptr(GPtrArray) records = tsr_record_sources_new (document, 0);
  TsrMarathonPhysicsSource *constants;
  g_autoptr(GBytes) edited = NULL;
  g_autoptr(GBytes) undone = NULL;
  g_autofree char *diff = NULL;
  gboolean listed = FALSE;

  ck_assert_uint_eq (sources->len, 1);
  constants = source_for (sources, TSR_MARATHON_PHYSICS_CONSTANTS);
  /* The inspector's record sources list it after the map records. */
  for (guint i = 0; i < records->len; i++)
    listed |= TSR_IS_MARATHON_PHYSICS_SOURCE (g_ptr_array_index (records, i));
  ck_assert (listed);
  /* gravitational_acceleration is fixed point: 0.5 is 0x8000. */
  set_field (constants, 0, "gravitational_acceleration", "0.5");
  ck_assert_int_eq (get_field (constants, 0, "gravitational_acceleration"), 0x8000);
  edited = save_bytes (document, "rip.sceA");
  diff = differences_besides_checksum (original, edited);
  /* The field's bytes only (0.5 differs from the stored value in at most its four bytes, all in
   * one PXpx record: consecutive offsets). */
  ck_assert_msg (strlen (diff) > 0 && strchr (diff, 's') == NULL, "%s", diff);
  {
    g_auto(GStrv) offsets = g_strsplit (diff, ",", -1);
    guint64 first = g_ascii_strtoull (offsets[0], NULL, 10);

    ck_assert_uint_le (g_strv_length (offsets), 4);
    for (guint i = 0; offsets[i] != NULL; i++)
      ck_assert_uint_lt (g_ascii_strtoull (offsets[i], NULL, 10) - first, 4);
  }
  ck_assert (tsr_document_undo (document));
  undone = save_bytes (document, "rip.sceA");
  ck_assert (g_bytes_equal (undone, original));
}
END_TEST

/* A physics wad with one table of KIND holding COUNT zeroed records, SETUP applied. */
static TsrMarathonPhysics *
physics_with (TsrMarathonPhysicsKind kind,
              guint                  count)
{
  TsrMarathonPhysics *physics = g_new0 (TsrMarathonPhysics, 1);
  TsrMarathonPhysicsTable *table = g_new0 (TsrMarathonPhysicsTable, 1);

  physics->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_marathon_physics_table_free);
  table->kind = kind;
  table->tag = TSR_WAD_TAG ("PFMPW"[kind], "XXNRP"[kind], 'p', 'x');
  table->record_size = tsr_marathon_physics_record_size (kind);
  table->count = count;
  table->records = g_malloc0 (count * table->record_size);
  /* Fields referring to projectiles and effects start as NONE. */
  for (guint r = 0; r < count; r++)
    for (guint f = 0; f < tsr_marathon_physics_fields (kind)->n_fields; f++)
      if (tsr_marathon_physics_fields (kind)->fields[f].reference != TSR_MARATHON_PHYSICS_REF_NONE)
        tsr_marathon_physics_set (table, r, f, -1);
  g_ptr_array_add (physics->tables, table);
  return physics;
}

static GPtrArray *
validate (TsrMarathonPhysics *physics)
{
  GPtrArray *findings = tsr_findings_new ();

  tsr_marathon_physics_validate_tables (physics->tables, -1, NULL, findings);
  return findings;
}

static void
set_named (TsrMarathonPhysics *physics,
           guint               record,
           const char         *name,
           gint64              value)
{
  TsrMarathonPhysicsTable *table = g_ptr_array_index (physics->tables, 0);
  int field = tsr_field_table_find (tsr_marathon_physics_table_fields (table), name);

  ck_assert_msg (field >= 0, "no field %s", name);
  tsr_marathon_physics_set (table, record, (guint) field, value);
}

START_TEST (test_check_projectile_type)
{
  g_autoptr(TsrMarathonPhysics) monsters = physics_with (TSR_MARATHON_PHYSICS_MONSTERS, 4);
  g_autoptr(TsrMarathonPhysics) weapons = physics_with (TSR_MARATHON_PHYSICS_WEAPONS, 10);
  g_autoptr(GPtrArray) clean = validate (monsters);
  g_autoptr(GPtrArray) bad = NULL;
  g_autoptr(GPtrArray) bad_weapon = NULL;
  const TsrFinding *finding;

  ck_assert_uint_eq (tsr_findings_count (clean, TSR_SEVERITY_ERROR), 0);
  /* 38 is the last projectile the engine has (NUMBER_OF_PROJECTILE_TYPES 39): no error. */
  set_named (monsters, 2, "ranged_attack.type", 38);
  g_ptr_array_unref (clean);
  clean = validate (monsters);
  ck_assert_uint_eq (tsr_findings_count (clean, TSR_SEVERITY_ERROR), 0);
  set_named (monsters, 2, "ranged_attack.type", 39);
  bad = validate (monsters);
  ck_assert_uint_eq (tsr_findings_count (bad, TSR_SEVERITY_ERROR), 1);
  finding = tsr_test_find_finding (bad, "mark_projectile_collections");
  ck_assert_ptr_nonnull (finding);
  ck_assert_int_eq (finding->severity, TSR_SEVERITY_ERROR);
  ck_assert_ptr_nonnull (strstr (finding->what, "get_projectile_definition (projectiles.cpp)"));
  ck_assert_int_eq (finding->place.index, 2);
  ck_assert_str_eq (finding->place.kind, "MNpx");

  /* The ball (weapon 8) may drop itself (_projectile_ball_dropped, 1000); another weapon may not. */
  set_named (weapons, 8, "primary.projectile_type", 1000);
  set_named (weapons, 3, "secondary.projectile_type", 1000);
  bad_weapon = validate (weapons);
  ck_assert_uint_eq (tsr_findings_count (bad_weapon, TSR_SEVERITY_ERROR), 1);
  finding = tsr_test_find_finding (bad_weapon, "secondary.projectile_type");
  ck_assert_ptr_nonnull (finding);
  ck_assert_int_eq (finding->place.index, 3);
}
END_TEST

START_TEST (test_check_counts)
{
  g_autoptr(TsrMarathonPhysics) fits = physics_with (TSR_MARATHON_PHYSICS_MONSTERS, 47);
  g_autoptr(TsrMarathonPhysics) over = physics_with (TSR_MARATHON_PHYSICS_MONSTERS, 48);
  g_autoptr(TsrMarathonPhysics) effect = physics_with (TSR_MARATHON_PHYSICS_PROJECTILES, 2);
  g_autoptr(GPtrArray) fits_findings = validate (fits);
  g_autoptr(GPtrArray) over_findings = validate (over);
  g_autoptr(GPtrArray) effect_findings = NULL;
  const TsrFinding *finding;

  ck_assert_uint_eq (tsr_findings_count (fits_findings, TSR_SEVERITY_ERROR), 0);
  ck_assert_uint_eq (tsr_findings_count (over_findings, TSR_SEVERITY_ERROR), 1);
  finding = tsr_test_find_finding (over_findings, "monster_definitions");
  ck_assert_ptr_nonnull (finding);
  ck_assert_ptr_nonnull (strstr (finding->what, "process_map_wad"));

  /* An effect type the engine lacks: new_effect returns NONE (a warning, not an error). */
  set_named (effect, 1, "detonation_effect", 73);
  effect_findings = validate (effect);
  ck_assert_uint_eq (tsr_findings_count (effect_findings, TSR_SEVERITY_ERROR), 0);
  ck_assert_ptr_nonnull (tsr_test_find_finding (effect_findings, "new_effect (effects.cpp)"));
}
END_TEST

START_TEST (test_check_m1_constants)
{
  /* A Marathon 1 'phys' series with no records: unpack_m1_physics_constants's count - 1 wraps. */
  static const guint8 empty[] = { 'p', 'h', 'y', 's', 0, 0, 0, 0, 0, 0, 0, 100 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonPhysics) physics = tsr_marathon_physics_parse (empty, sizeof empty, "empty.phys", &error);
  g_autoptr(GPtrArray) findings = NULL;

  ck_assert_ptr_nonnull (physics);
  findings = validate (physics);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 1);
  ck_assert_ptr_nonnull (tsr_test_find_finding (findings, "unpack_m1_physics_constants (physics.cpp)"));
}
END_TEST

/* Records shorter than Aleph One's layout: import_m1_physics_data reads past its buffer. */
START_TEST (test_check_m1_short_records)
{
  guint8 data[12 + 50] = { 'p', 'h', 'y', 's', 0, 0, 0, 0, 0, 1, 0, 50 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonPhysics) physics = tsr_marathon_physics_parse (data, sizeof data, "short.phys", &error);
  g_autoptr(GPtrArray) findings = NULL;

  ck_assert_ptr_nonnull (physics);
  findings = validate (physics);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 1);
  ck_assert_ptr_nonnull (tsr_test_find_finding (findings, "import_m1_physics_data (import_definitions.cpp)"));
}
END_TEST

/* A 'phys' series longer than the editor's record and the engine's models: unpack_m1_physics_constants
 * writes past physics_models; three (the editor's and two models) fit. */
START_TEST (test_check_m1_too_many_constants)
{
  guint8 fits[12 + 3 * 100] = { 'p', 'h', 'y', 's', 0, 0, 0, 0, 0, 3, 0, 100 };
  guint8 over[12 + 4 * 100] = { 'p', 'h', 'y', 's', 0, 0, 0, 0, 0, 4, 0, 100 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonPhysics) fitting = tsr_marathon_physics_parse (fits, sizeof fits, "fits.phys", &error);
  g_autoptr(TsrMarathonPhysics) too_many = tsr_marathon_physics_parse (over, sizeof over, "over.phys", &error);
  g_autoptr(GPtrArray) fits_findings = NULL;
  g_autoptr(GPtrArray) over_findings = NULL;

  ck_assert_ptr_nonnull (fitting);
  ck_assert_ptr_nonnull (too_many);
  fits_findings = validate (fitting);
  over_findings = validate (too_many);
  ck_assert_uint_eq (tsr_findings_count (fits_findings, TSR_SEVERITY_ERROR), 0);
  ck_assert_uint_eq (tsr_findings_count (over_findings, TSR_SEVERITY_ERROR), 1);
  ck_assert_ptr_nonnull (tsr_test_find_finding (over_findings, "writes the rest into physics_models"));
}
END_TEST

START_TEST (test_real_files_have_no_errors)
{
  static const char *const names[] = { "m2_Standard.phyA", "m1_Physics.phys", "chronicles_net_RequiescatInPace.sceA" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(TsrDocument) document = tsr_test_open_document (data_dir, names[i]);
      GPtrArray *findings = tsr_document_get_findings (document);

      ck_assert_msg (tsr_findings_count (findings, TSR_SEVERITY_ERROR) == 0, "%s has errors", names[i]);
    }
}
END_TEST

static Suite *
marathon_physics_suite (void)
{
  Suite *suite = suite_create ("marathon-physics");
  TCase *tc = tcase_create ("physics");

  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_round_trip_every_file);
  tcase_add_test (tc, test_tables_cover_every_byte);
  tcase_add_test (tc, test_edit_m2_physics);
  tcase_add_test (tc, test_edit_m1_physics);
  tcase_add_test (tc, test_edit_embedded_physics);
  tcase_add_test (tc, test_check_projectile_type);
  tcase_add_test (tc, test_check_counts);
  tcase_add_test (tc, test_check_m1_constants);
  tcase_add_test (tc, test_check_m1_short_records);
  tcase_add_test (tc, test_check_m1_too_many_constants);
  tcase_add_test (tc, test_real_files_have_no_errors);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (marathon_physics_suite ());
}
