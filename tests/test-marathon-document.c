/* test-marathon-document.c: a Marathon document's level list and saving. Level commands (add,
 * duplicate, delete, move, rename) on the 37-level Marathon 1 scenario and on one-level maps: the
 * list is as asked, untouched levels keep their chunks byte for byte, terminal teleports follow
 * their levels, undo-all gives the loaded bytes and redo-all the edited ones; names must be Mac
 * Roman and fit the Minf. */
#include <string.h>

#include "edit/tsr-edit-session.h"
#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-marathon-level-command.h"
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

/* What saving writes (the document's own path: derived data of edited levels included). */
static GBytes *
save_bytes (TsrMarathonDocument *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (TSR_DOCUMENT (document), "/tmp/x.sceA", &error);

  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (outputs->len, 1);
  return g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
}

static TsrMarathonLevel *
level_at (TsrMarathonDocument *document,
          guint                index)
{
  return g_ptr_array_index (tsr_marathon_document_get_scenario (document)->map->levels, index);
}

static GPtrArray *
level_chunks (const TsrMarathonLevel *level)
{
  GPtrArray *chunks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);

  for (guint c = 0; c < level->entry->chunks->len; c++)
    g_ptr_array_add (chunks, g_bytes_ref (((TsrWadChunk *) g_ptr_array_index (level->entry->chunks, c))->data));
  return chunks;
}

static void
assert_same_chunks (GPtrArray              *expected,
                    const TsrMarathonLevel *level,
                    const char             *what)
{
  ck_assert_msg (level->entry->chunks->len == expected->len, "%s: %u chunks, %u expected", what,
                 level->entry->chunks->len, expected->len);
  for (guint c = 0; c < expected->len; c++)
    ck_assert_msg (g_bytes_equal (g_ptr_array_index (expected, c),
                                  ((TsrWadChunk *) g_ptr_array_index (level->entry->chunks, c))->data),
                   "%s: chunk %u changed", what, c);
}

static gint
teleport_target (const TsrMarathonLevel *level)
{
  for (guint t = 0; level->terminals != NULL && t < level->terminals->len; t++)
    {
      const TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, t);

      for (guint g = 0; g < terminal->groups->len; g++)
        {
          const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);

          if (group->type == TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT)
            return group->permutation;
        }
    }
  return -2;
}

static void
give_teleport (TsrMarathonLevel *level,
               int               target)
{
  g_autofree char *script = g_strdup_printf ("#TERMINAL 0\n#UNFINISHED\n#INTERLEVEL TELEPORT %d\n#ENDTERMINAL 0\n", target);
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&level->terminals, g_ptr_array_unref);
  level->terminals = tsr_marathon_terminals_compile (script, strlen (script), "test", &error);
  ck_assert_msg (level->terminals != NULL, "%s", error ? error->message : "");
}

static void
undo_all (TsrMarathonDocument *document)
{
  while (tsr_document_undo (TSR_DOCUMENT (document)))
    ;
}

static void
redo_all (TsrMarathonDocument *document)
{
  while (tsr_document_redo (TSR_DOCUMENT (document)))
    ;
}

START_TEST (test_scenario_levels)
{
  g_autoptr(TsrMarathonDocument) document = open_map ("m1_Map.scen");
  g_autoptr(GBytes) base = NULL, edited = NULL, again = NULL;
  g_autoptr(GPtrArray) originals = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonScenario) reloaded = NULL;
  /* Where each old level is expected after the edits (the new ones: -1 added, -2 the duplicate). */
  gint expected[38];
  guint n;

  /* Level 3 teleports to level 10, level 7 to level 0 (the level to be deleted stays as it was). */
  give_teleport (level_at (document, 3), 10);
  give_teleport (level_at (document, 7), 0);
  base = save_bytes (document);
  n = tsr_marathon_document_get_n_levels (document);
  ck_assert_uint_eq (n, 37);
  for (guint i = 0; i < n; i++)
    {
      g_ptr_array_add (originals, level_chunks (level_at (document, i)));
      g_ptr_array_add (names, tsr_marathon_level_name (level_at (document, i)));
    }

  tsr_marathon_document_set_current_level (document, 10);
  /* Add at 2: old 0 1 NEW 2 3 ... */
  ck_assert (tsr_marathon_document_add_level (document, 2, "Brand New", &error));
  ck_assert_uint_eq (tsr_marathon_document_get_current_level (document), 11);
  ck_assert_int_eq (teleport_target (level_at (document, 4)), 11);
  /* Duplicate old 5 (now 6): ... 5 5' 6 ... */
  ck_assert (tsr_marathon_document_duplicate_level (document, 6, &error));
  /* Delete old 0. */
  ck_assert (tsr_marathon_document_delete_level (document, 0, &error));
  /* Move old 1 (now 0) to 4. */
  ck_assert (tsr_marathon_document_move_level_to (document, 0, 4, &error));
  ck_assert (tsr_marathon_document_rename_level (document, 1, "Renamed \xe2\x80\x9cLevel\xe2\x80\x9d", &error));
  ck_assert (tsr_marathon_document_rename_level (document, 1, "Renamed \xe2\x80\x9cLevel\xe2\x80\x9d!", &error));
  ck_assert_msg (error == NULL, "%s", error ? error->message : "");
  n = tsr_marathon_document_get_n_levels (document);
  ck_assert_uint_eq (n, 38);

  /* Now: NEW 2 3 4 old1 5 5' 6 ... 36 */
  expected[0] = -1;
  expected[1] = 2;
  expected[2] = 3;
  expected[3] = 4;
  expected[4] = 1;
  expected[5] = 5;
  expected[6] = -2;
  for (guint i = 7; i < 38; i++)
    expected[i] = (gint) i - 1;
  for (guint i = 0; i < n; i++)
    {
      TsrMarathonLevel *level = level_at (document, i);
      g_autofree char *name = tsr_marathon_level_name (level);
      g_autofree char *what = g_strdup_printf ("level %u", i);

      if (expected[i] == -1)
        {
          ck_assert_str_eq (name, "Brand New");
          ck_assert_uint_eq (level->polygons->len, 0);
          continue;
        }
      if (i == 1)
        {
          ck_assert_str_eq (name, "Renamed \xe2\x80\x9cLevel\xe2\x80\x9d!");
          continue;
        }
      if (expected[i] == -2)
        {
          g_autofree char *copy = g_strdup_printf ("%s copy", (char *) g_ptr_array_index (names, 5));

          ck_assert_str_eq (name, copy);
          ck_assert_uint_eq (level->polygons->len, level_at (document, 5)->polygons->len);
          continue;
        }
      ck_assert_str_eq (name, g_ptr_array_index (names, (guint) expected[i]));
      if (expected[i] != 3 && expected[i] != 7)
        assert_same_chunks (g_ptr_array_index (originals, (guint) expected[i]), level, what);
    }
  /* Old 3 teleports to old 10, now at 10 - 1 (deleted 0) + 1 (added) + 1 (duplicate) = 11;
   * old 7 to the deleted level 0: left as it was, so it named old 1, which then moved to 4. */
  ck_assert_int_eq (teleport_target (level_at (document, 2)), 11);
  {
    g_autofree char *target = tsr_marathon_level_name (level_at (document, 11));

    ck_assert_str_eq (target, g_ptr_array_index (names, 10));
  }
  ck_assert_int_eq (teleport_target (level_at (document, 8)), 4);
  ck_assert_uint_eq (tsr_marathon_document_get_current_level (document), 11);

  edited = save_bytes (document);
  reloaded = tsr_marathon_scenario_load (edited, "edited", &error);
  ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (reloaded->map->levels->len, 38);
  ck_assert_uint_eq (reloaded->map->wad->version, TSR_WAD_VERSION_INFINITY);

  undo_all (document);
  again = save_bytes (document);
  ck_assert_msg (g_bytes_equal (again, base), "undo-all: %zu bytes, %zu loaded", g_bytes_get_size (again),
                 g_bytes_get_size (base));
  ck_assert_uint_eq (tsr_marathon_document_get_n_levels (document), 37);
  ck_assert_int_eq (teleport_target (level_at (document, 3)), 10);
  g_clear_pointer (&again, g_bytes_unref);
  redo_all (document);
  again = save_bytes (document);
  ck_assert (g_bytes_equal (again, edited));
}
END_TEST

START_TEST (test_single_level_map)
{
  g_autoptr(TsrMarathonDocument) document = open_map ("chronicles_DreamBrother.sceA");
  g_autoptr(GBytes) base = save_bytes (document);
  g_autoptr(GBytes) edited = NULL, again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonScenario) reloaded = NULL;
  guint16 version = tsr_marathon_document_get_scenario (document)->map->wad->version;
  gint teleport = teleport_target (level_at (document, 0));

  /* The only level stays. */
  ck_assert (!tsr_marathon_document_delete_level (document, 0, &error));
  g_clear_error (&error);
  /* A rename keeps the file's own layout. */
  ck_assert (tsr_marathon_document_rename_level (document, 0, "Dream Brother (edited)", &error));
  edited = save_bytes (document);
  reloaded = tsr_marathon_scenario_load (edited, "renamed", &error);
  ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (reloaded->map->wad->version, version);
  ck_assert_uint_eq (reloaded->map->levels->len, 1);
  g_clear_pointer (&reloaded, tsr_marathon_scenario_free);
  g_clear_pointer (&edited, g_bytes_unref);

  /* Two levels: Atque's scenario layout; a one-level file's teleports (to the scenario it is
   * merged into) keep their numbers. */
  ck_assert (tsr_marathon_document_duplicate_level (document, 0, &error));
  ck_assert (tsr_marathon_document_move_level_to (document, 1, 0, &error));
  ck_assert_int_eq (teleport_target (level_at (document, 0)), teleport);
  edited = save_bytes (document);
  reloaded = tsr_marathon_scenario_load (edited, "two", &error);
  ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (reloaded->map->levels->len, 2);
  ck_assert_uint_eq (reloaded->map->wad->version, TSR_WAD_VERSION_INFINITY);
  ck_assert_uint_eq (reloaded->map->wad->app_data_size, TSR_WAD_LEVEL_APP_DATA_SIZE);
  {
    g_autofree char *name = tsr_marathon_level_name (g_ptr_array_index (reloaded->map->levels, 0));

    ck_assert_str_eq (name, "Dream Brother (edited) copy");
  }
  /* Delete the original: one level again, the copy (no longer a copy) written in Atque's layout. */
  ck_assert (tsr_marathon_document_delete_level (document, 1, &error));
  g_clear_pointer (&reloaded, tsr_marathon_scenario_free);
  g_clear_pointer (&edited, g_bytes_unref);
  edited = save_bytes (document);
  reloaded = tsr_marathon_scenario_load (edited, "one", &error);
  ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (reloaded->map->levels->len, 1);
  ck_assert_uint_eq (reloaded->map->wad->version, TSR_WAD_VERSION_OVERLAYS);

  undo_all (document);
  again = save_bytes (document);
  ck_assert (g_bytes_equal (again, base));
  ck_assert_int_eq (tsr_document_get_modified (TSR_DOCUMENT (document)), FALSE);
}
END_TEST

/* Edits that end with the loaded level list write the loaded bytes, without undo. */
START_TEST (test_level_list_restored)
{
  g_autoptr(TsrMarathonDocument) document = open_map ("chronicles_net_War.sceA");
  g_autoptr(GBytes) base = save_bytes (document), again = NULL;
  g_autoptr(GError) error = NULL;

  ck_assert (tsr_marathon_document_add_level (document, 1, "New Level", &error));
  ck_assert (tsr_marathon_document_rename_level (document, 1, "annex", &error));
  ck_assert (tsr_marathon_document_move_level_to (document, 1, 0, &error));
  ck_assert (tsr_marathon_document_delete_level (document, 0, &error));
  again = save_bytes (document);
  ck_assert (g_bytes_equal (again, base));
}
END_TEST

START_TEST (test_level_names)
{
  g_autoptr(TsrMarathonDocument) document = open_map ("chronicles_net_War.sceA");
  g_autoptr(GError) error = NULL;
  char long_name[67];
  g_autofree char *name = NULL;

  memset (long_name, 'x', 66);
  long_name[66] = '\0';
  ck_assert (!tsr_marathon_document_rename_level (document, 0, long_name, &error));
  ck_assert_int_eq (error->code, TSR_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  ck_assert (!tsr_marathon_document_rename_level (document, 0, "\xd0\x9f\xd1\x80\xd0\xb8", &error));
  ck_assert_int_eq (error->code, TSR_ERROR_INVALID);
  g_clear_error (&error);
  ck_assert (!tsr_marathon_document_add_level (document, 0, "\xd0\x9f", &error));
  g_clear_error (&error);
  long_name[65] = '\0';
  ck_assert (tsr_marathon_document_rename_level (document, 0, long_name, &error));
  name = tsr_marathon_level_name (level_at (document, 0));
  ck_assert_str_eq (name, long_name);
  g_clear_pointer (&name, g_free);
  /* Mac Roman beyond ASCII, and typing merges into one step. */
  ck_assert (tsr_marathon_document_rename_level (document, 0, "Caf\xc3\xa9", &error));
  name = tsr_marathon_level_name (level_at (document, 0));
  ck_assert_str_eq (name, "Caf\xc3\xa9");
  ck_assert_uint_eq (level_at (document, 0)->info.level_name[3], 0x8e);
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  ck_assert (!tsr_document_undo (TSR_DOCUMENT (document)));
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
}
END_TEST


/* ---- Derived data on save ---------------------------------------------------------------------- */

static TsrEditSession *
session_on (TsrMarathonDocument *document,
            guint                level)
{
  TsrEditSession *session = tsr_edit_session_new (TSR_DOCUMENT (document));

  tsr_edit_session_set_layer (session, G_OBJECT (tsr_marathon_document_get_level_map (document, level)));
  return session;
}

static void
select_one (TsrEditSession *session,
            TsrElementKind  kind,
            guint           index)
{
  TsrElementRef ref = { kind, index };

  tsr_selection_set (tsr_edit_session_get_selection (session), &ref, 1);
}

static guint
derived_differences (GBytes *bytes,
                     guint   level,
                     guint  *n_checked)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, "saved", &error);
  g_autoptr(GPtrArray) findings = tsr_findings_new ();

  ck_assert_msg (scenario != NULL, "%s", error ? error->message : "");
  return tsr_marathon_level_compare_derived (g_ptr_array_index (scenario->map->levels, level), (gint) level, "saved",
                                             findings, n_checked);
}

/* Polygons deleted in the editor: the saved level carries the engine's derived data (0 differences,
 * index list included), every other level is written as loaded, and undo gives the loaded bytes. */
START_TEST (test_derived_on_save)
{
  static const char *const files[] = { "m1_Map.scen", "chronicles_net_War.sceA", "chronicles_DreamBrother.sceA" };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(TsrMarathonDocument) document = open_map (files[f]);
      guint level = tsr_marathon_document_get_n_levels (document) > 1 ? 3 : 0;
      g_autoptr(TsrEditSession) session = session_on (document, level);
      g_autoptr(GBytes) base = save_bytes (document);
      g_autoptr(GBytes) edited = NULL, again = NULL;
      g_autoptr(GPtrArray) originals = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
      guint n_polygons = level_at (document, level)->polygons->len, checked = 0;

      for (guint i = 0; i < tsr_marathon_document_get_n_levels (document); i++)
        g_ptr_array_add (originals, level_chunks (level_at (document, i)));
      /* Delete three polygons and one line (with its polygons), spread over the level. */
      for (guint k = 0; k < 3; k++)
        {
          select_one (session, TSR_ELEMENT_POLYGON, (k + 1) * level_at (document, level)->polygons->len / 5);
          ck_assert (tsr_edit_session_delete_selection (session));
        }
      select_one (session, TSR_ELEMENT_SEGMENT, level_at (document, level)->lines->len / 2);
      ck_assert (tsr_edit_session_delete_selection (session));
      ck_assert_uint_lt (level_at (document, level)->polygons->len, n_polygons - 2);
      edited = save_bytes (document);
      ck_assert_msg (derived_differences (edited, level, &checked) == 0, "%s level %u: derived data differ", files[f], level);
      ck_assert_uint_gt (checked, 1000);
      {
        g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (edited, "saved", NULL);
        g_autoptr(GPtrArray) findings = tsr_findings_new ();

        for (guint i = 0; i < scenario->map->levels->len; i++)
          {
            g_autofree char *what = g_strdup_printf ("%s level %u", files[f], i);

            if (i != level)
              assert_same_chunks (g_ptr_array_index (originals, i), g_ptr_array_index (scenario->map->levels, i), what);
          }
        tsr_marathon_level_validate (g_ptr_array_index (scenario->map->levels, level), (gint) level, "saved", findings);
        for (guint i = 0; i < findings->len; i++)
          ck_assert_msg (((TsrFinding *) g_ptr_array_index (findings, i))->severity != TSR_SEVERITY_ERROR,
                         "%s: %s", files[f], ((TsrFinding *) g_ptr_array_index (findings, i))->what);
      }
      undo_all (document);
      again = save_bytes (document);
      ck_assert_msg (g_bytes_equal (again, base), "%s: undo-all", files[f]);
    }
}
END_TEST

/* ---- Copy and paste with records -------------------------------------------------------------- */

static guint
count_of (GArray *array)
{
  return array != NULL ? array->len : 0;
}

/* The side of POLYGON on the line joining its vertices V and V + 1, or NULL. */
static const TsrMarathonSide *
edge_side (const TsrMarathonLevel *level,
           guint                   polygon_index,
           guint                   v)
{
  const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, polygon_index);
  gint a = polygon->endpoint_indexes[v], b = polygon->endpoint_indexes[(v + 1) % polygon->vertex_count];

  for (guint w = 0; w < polygon->vertex_count; w++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, polygon->line_indexes[w]);
      gint side;

      if (!((line->endpoint_indexes[0] == a && line->endpoint_indexes[1] == b)
            || (line->endpoint_indexes[0] == b && line->endpoint_indexes[1] == a)))
        continue;
      side = line->clockwise_polygon_owner == (gint) polygon_index ? line->clockwise_side_index
             : line->counterclockwise_polygon_owner == (gint) polygon_index ? line->counterclockwise_side_index : -1;
      return side >= 0 && (guint) side < count_of (level->sides)
             ? &g_array_index (level->sides, TsrMarathonSide, side) : NULL;
    }
  return NULL;
}

/* A platform polygon of Dream Brother with its neighbours, copied and pasted into Dream Brother
 * itself, into a copy of its level and into War (another open map): each pasted polygon has its own heights, textures and
 * sides, the platform its own record, the objects inside come along, lights stay valid; saved, the
 * target level has 0 derived differences and no validation error; undo gives the loaded bytes. */
START_TEST (test_paste_records)
{
  g_autoptr(TsrMarathonDocument) home = open_map ("chronicles_DreamBrother.sceA");
  g_autoptr(TsrMarathonDocument) other = open_map ("chronicles_net_War.sceA");
  g_autoptr(TsrEditSession) source = session_on (home, 0);
  g_autoptr(GBytes) home_base = save_bytes (home), other_base = save_bytes (other);
  g_autoptr(GArray) copied = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  TsrMarathonLevel *level = level_at (home, 0);
  gint platform_polygon = -1;
  guint n_objects_inside = 0, n_copied_polygons;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < level->polygons->len && platform_polygon < 0; i++)
    if (g_array_index (level->polygons, TsrMarathonPolygon, i).type == 5)
      platform_polygon = (gint) i;
  ck_assert_int_ge (platform_polygon, 0);
  {
    const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, platform_polygon);
    TsrElementRef ref = { TSR_ELEMENT_POLYGON, (guint) platform_polygon };

    g_array_append_val (copied, ref);
    for (guint v = 0; v < polygon->vertex_count; v++)
      if (polygon->adjacent_polygon_indexes[v] >= 0)
        {
          TsrElementRef neighbour = { TSR_ELEMENT_POLYGON, (guint) polygon->adjacent_polygon_indexes[v] };

          g_array_append_val (copied, neighbour);
        }
  }
  n_copied_polygons = copied->len;
  for (guint i = 0; i < count_of (level->objects); i++)
    for (guint c = 0; c < copied->len; c++)
      if (g_array_index (level->objects, TsrMarathonObject, i).polygon_index
          == (gint) g_array_index (copied, TsrElementRef, c).index)
        n_objects_inside++;
  tsr_selection_set (tsr_edit_session_get_selection (source), (const TsrElementRef *) copied->data, copied->len);
  ck_assert (tsr_edit_session_copy (source));

  ck_assert (tsr_marathon_document_duplicate_level (home, 0, &error));
  for (guint target = 0; target < 3; target++)
    {
      TsrMarathonDocument *document = target < 2 ? home : other;
      guint level_index = target == 1 ? 1 : 0;
      g_autoptr(TsrEditSession) session = session_on (document, level_index);
      TsrMarathonLevel *to = level_at (document, level_index);
      guint n_polygons = to->polygons->len, n_platforms = count_of (to->platforms), n_objects = count_of (to->objects);
      guint n_lights = count_of (to->lights), n_sides = count_of (to->sides);
      double dx = target == 2 ? 0 : 2048, dy = 1024;
      g_autoptr(GBytes) saved = NULL;
      guint first_pasted = n_polygons, checked = 0;
      g_autofree char *what = g_strdup_printf ("target %u", target);

      ck_assert_msg (tsr_edit_session_paste (session, dx, dy), "%s", what);
      ck_assert_uint_eq (to->polygons->len, n_polygons + n_copied_polygons);
      ck_assert_uint_eq (count_of (to->platforms), n_platforms + 1);
      ck_assert_uint_eq (count_of (to->objects), n_objects + n_objects_inside);
      ck_assert_uint_gt (count_of (to->sides), n_sides);
      /* Match pasted polygons to the copied ones by rank (the clip sorts them by index). */
      {
        g_autoptr(GArray) sorted = g_array_copy (copied);

        g_array_sort (sorted, (GCompareFunc) tsr_element_ref_compare);
        for (guint c = 0; c < sorted->len; c++)
          {
            guint from_index = g_array_index (sorted, TsrElementRef, c).index;
            const TsrMarathonPolygon *from = &g_array_index (level->polygons, TsrMarathonPolygon, from_index);
            const TsrMarathonPolygon *pasted = &g_array_index (to->polygons, TsrMarathonPolygon, first_pasted + c);

            ck_assert_int_eq (pasted->floor_height, from->floor_height);
            ck_assert_int_eq (pasted->ceiling_height, from->ceiling_height);
            ck_assert_int_eq (pasted->floor_texture, from->floor_texture);
            ck_assert_int_eq (pasted->ceiling_texture, from->ceiling_texture);
            ck_assert_int_eq (pasted->type, from->type);
            ck_assert_int_lt (pasted->floor_lightsource_index, (gint) n_lights);
            ck_assert_int_ge (pasted->floor_lightsource_index, 0);
            if (target < 2)
              ck_assert_int_eq (pasted->floor_lightsource_index, from->floor_lightsource_index);
            if (from->type == 5)
              {
                const TsrMarathonPlatform *a = &g_array_index (level->platforms, TsrMarathonPlatform, from->permutation);
                const TsrMarathonPlatform *b = &g_array_index (to->platforms, TsrMarathonPlatform, pasted->permutation);

                ck_assert_int_eq (pasted->permutation, (gint) count_of (to->platforms) - 1);
                ck_assert_int_eq (b->polygon_index, (gint) (first_pasted + c));
                ck_assert_int_eq (b->speed, a->speed);
                ck_assert_int_eq (b->maximum_height, a->maximum_height);
              }
            for (guint v = 0; v < from->vertex_count; v++)
              {
                const TsrMarathonSide *sa = edge_side (level, from_index, v);
                const TsrMarathonSide *sb = edge_side (to, first_pasted + c, v);

                ck_assert_msg ((sa == NULL) == (sb == NULL), "%s polygon %u edge %u", what, from_index, v);
                if (sa != NULL)
                  {
                    ck_assert_int_eq (sb->primary_texture.texture, sa->primary_texture.texture);
                    ck_assert_int_eq (sb->type, sa->type);
                  }
              }
          }
      }
      saved = save_bytes (document);
      ck_assert_msg (derived_differences (saved, level_index, &checked) == 0, "%s: derived data differ", what);
      {
        g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (saved, "saved", NULL);
        g_autoptr(GPtrArray) findings = tsr_findings_new ();

        tsr_marathon_level_validate (g_ptr_array_index (scenario->map->levels, level_index), (gint) level_index,
                                     "saved", findings);
        for (guint i = 0; i < findings->len; i++)
          ck_assert_msg (((TsrFinding *) g_ptr_array_index (findings, i))->severity != TSR_SEVERITY_ERROR,
                         "%s: %s", what, ((TsrFinding *) g_ptr_array_index (findings, i))->what);
      }
    }
  undo_all (home);
  undo_all (other);
  {
    g_autoptr(GBytes) a = save_bytes (home), b = save_bytes (other);

    ck_assert (g_bytes_equal (a, home_base));
    ck_assert (g_bytes_equal (b, other_base));
  }
}
END_TEST

static Suite *
marathon_document_suite (void)
{
  Suite *suite = suite_create ("marathon-document");
  TCase *levels = tcase_create ("levels");

  tcase_add_test (levels, test_scenario_levels);
  tcase_add_test (levels, test_single_level_map);
  tcase_add_test (levels, test_level_names);
  tcase_add_test (levels, test_level_list_restored);
  suite_add_tcase (suite, levels);
  {
    TCase *editing = tcase_create ("editing");

    tcase_set_timeout (editing, 600);
    tcase_add_test (editing, test_derived_on_save);
    tcase_add_test (editing, test_paste_records);
    suite_add_tcase (suite, editing);
  }
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require (".");
  return tsr_test_run_suite (marathon_document_suite ());
}
