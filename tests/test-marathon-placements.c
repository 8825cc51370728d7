/* test-marathon-placements.c: placement initial counts (the plac chunk) belong to the author.
 * On every level of every real Marathon map: random edits that add, delete or retype no object
 * (drags, nudges, deletes and pastes of geometry, inspector edits, undos) leave plac
 * byte-identical after a save; deleting, pasting, placing and retyping an object moves exactly
 * its type's count by one (Weland's rule, never below 0), names it in the history, and undo
 * restores the bytes; the fix of "placed, but its initial count is 0" is an undoable command. */
#include <string.h>

#include "edit/marathon/tsr-marathon-tools.h"
#include "edit/tsr-edit-session.h"
#include "edit/tsr-vector-select-tool.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-palette.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-marathon-level-source.h"
#include "model/marathon/tsr-marathon-placement-edit.h"
#include "model/marathon/tsr-marathon-set-record-command.h"
#include "tsr-marathon-test-maps.h"
#include "tsr-test-common.h"

#define TAG_PLAC TSR_WAD_TAG ('p', 'l', 'a', 'c')

static char *data_dir;

static guint
count (GArray *array)
{
  return array != NULL ? array->len : 0;
}

/* The plac chunk of each level of BYTES as saved (NULL entries: no chunk). */
static GPtrArray *
saved_placements (GBytes     *bytes,
                  const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, path, &error);
  GPtrArray *chunks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);

  ck_assert_msg (scenario != NULL, "%s: %s", path, error ? error->message : "");
  for (guint l = 0; l < scenario->map->levels->len; l++)
    {
      TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, l);
      TsrWadChunk *chunk = tsr_wad_entry_find_chunk (level->entry, TAG_PLAC);

      g_ptr_array_add (chunks, chunk != NULL ? g_bytes_ref (chunk->data) : NULL);
    }
  return chunks;
}

static gboolean
random_element (GRand         *rand,
                TsrVectorMap  *map,
                TsrElementRef *ref)
{
  static const TsrElementKind kinds[] = { TSR_ELEMENT_POINT, TSR_ELEMENT_POINT, TSR_ELEMENT_SEGMENT,
                                          TSR_ELEMENT_POLYGON, TSR_ELEMENT_MARKER };

  for (guint attempt = 0; attempt < 8; attempt++)
    {
      TsrElementKind kind = kinds[g_rand_int_range (rand, 0, G_N_ELEMENTS (kinds))];
      guint n = tsr_vector_map_get_n_elements (map, kind);

      if (n == 0)
        continue;
      *ref = (TsrElementRef) { kind, (guint) g_rand_int_range (rand, 0, (gint32) n) };
      return TRUE;
    }
  return FALSE;
}

/* An inspector edit of a field that is not an object's type: a polygon's floor, a line's
 * flags-free record (its highest adjacent floor is derived: the polygon instead), an object's
 * facing. */
static void
random_inspector_edit (GRand               *rand,
                       TsrDocument         *document,
                       TsrMarathonLevelMap *map)
{
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  gboolean object = g_rand_boolean (rand) && count (level->objects) > 0;
  TsrMarathonRecordKind kind = object ? TSR_MARATHON_RECORD_OBJECT : TSR_MARATHON_RECORD_POLYGON;
  guint n = object ? count (level->objects) : count (level->polygons);
  g_autoptr(TsrMarathonLevelSource) source = NULL;
  const TsrFieldTable *table;
  int field;
  guint index;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  if (n == 0)
    return;
  source = tsr_marathon_level_source_new (document, map, kind);
  table = tsr_property_source_get_table (TSR_PROPERTY_SOURCE (source));
  field = tsr_field_find (table->fields, table->n_fields, object ? "facing" : "floor_height");
  ck_assert_int_ge (field, 0);
  index = (guint) g_rand_int_range (rand, 0, (gint32) n);
  tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (source), &index, 1);
  text = g_strdup_printf ("%d", object ? g_rand_int_range (rand, 0, 512) : g_rand_int_range (rand, -2048, 2048));
  /* A value the field refuses changes nothing, as it should. */
  tsr_property_source_set_text (TSR_PROPERTY_SOURCE (source), (guint) field, text, &error);
}

typedef struct {
  guint edits, kept, undone_for_objects;
} Tally;

/* One random edit; when it added, deleted or retyped an object (a deleted polygon takes its
 * objects, a pasted one brings them), it is undone and dropped: only edits that change no object
 * stay, which is the property. */
static void
random_edit (GRand               *rand,
             TsrDocument         *document,
             TsrMarathonLevelMap *map,
             TsrEditSession      *session,
             TsrTool             *tool,
             Tally               *tally)
{
  TsrVectorMap *vector_map = TSR_VECTOR_MAP (map);
  TsrSelection *selection = tsr_edit_session_get_selection (session);
  TsrUndoStack *stack = tsr_document_get_undo_stack (document);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  guint before[TSR_MARATHON_N_PLACEMENTS], after[TSR_MARATHON_N_PLACEMENTS];
  guint position = tsr_undo_stack_get_position (stack);
  guint what = (guint) g_rand_int_range (rand, 0, 100);
  TsrElementRef ref;

  tally->edits++;
  tsr_marathon_count_placed (level->objects, before);
  if (what < 15)
    {
      guint n = (guint) g_rand_int_range (rand, 1, 3);

      for (guint i = 0; i < n; i++)
        tsr_undo_stack_undo (stack);
      if (g_rand_boolean (rand))
        tsr_undo_stack_redo (stack);
      return;
    }
  if (what < 30)
    {
      random_inspector_edit (rand, document, map);
      return;
    }
  if (!random_element (rand, vector_map, &ref))
    return;
  if (what < 60)
    {
      TsrVectorPoint p;
      TsrToolEvent event = { 0, 0, 0.25, TSR_MODIFIER_NONE };
      double dx = g_rand_double_range (rand, -1024, 1024), dy = g_rand_double_range (rand, -1024, 1024);

      tsr_vector_map_get_vertex (vector_map, &ref, 0, &p);
      event.x = p.x;
      event.y = p.y;
      tsr_tool_press (tool, &event);
      event.x += dx;
      event.y += dy;
      tsr_tool_drag (tool, &event);
      tsr_tool_release (tool, &event);
    }
  else if (what < 75)
    {
      static const TsrToolKey arrows[] = { TSR_TOOL_KEY_LEFT, TSR_TOOL_KEY_RIGHT, TSR_TOOL_KEY_UP, TSR_TOOL_KEY_DOWN };

      tsr_selection_set (selection, &ref, 1);
      tsr_tool_key (tool, arrows[g_rand_int_range (rand, 0, 4)], TSR_MODIFIER_NONE);
    }
  else if (what < 88)
    {
      tsr_selection_set (selection, &ref, 1);
      tsr_edit_session_delete_selection (session);
    }
  else
    {
      tsr_selection_set (selection, &ref, 1);
      if (tsr_edit_session_copy (session))
        tsr_edit_session_paste (session, 1024, -1024);
    }
  tsr_marathon_count_placed (level->objects, after);
  if (memcmp (before, after, sizeof before) != 0)
    {
      while (tsr_undo_stack_get_position (stack) > position)
        tsr_undo_stack_undo (stack);
      tsr_undo_stack_drop_redo (stack);
      tally->undone_for_objects++;
      return;
    }
  tally->kept++;
}

START_TEST (test_edits_keep_placements)
{
  g_autoptr(GPtrArray) files = tsr_marathon_test_real_maps (data_dir);
  GRand *rand = g_rand_new_with_seed (2026);
  guint levels_checked = 0, edits = 0;

  ck_assert_uint_ge (files->len, 6);
  for (guint f = 0; f < files->len; f++)
    {
      const char *path = g_ptr_array_index (files, f);
      g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
      TsrDocument *base = TSR_DOCUMENT (document);
      guint n_levels = tsr_marathon_document_get_n_levels (document);
      guint per_level = MAX (12, 240 / MAX (n_levels, 1));
      g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
      g_autoptr(GBytes) edited = NULL;
      g_autoptr(GPtrArray) loaded = saved_placements (original, path);
      g_autoptr(GPtrArray) saved = NULL;
      Tally tally = { 0 };

      for (guint l = 0; l < n_levels; l++)
        {
          TsrMarathonLevelMap *level_map = tsr_marathon_document_get_level_map (document, l);
          g_autoptr(TsrEditSession) session = tsr_edit_session_new (base);
          g_autoptr(TsrTool) tool = tsr_vector_select_tool_new (session);

          if (count (tsr_marathon_level_map_get_level (level_map)->polygons) == 0)
            continue;
          tsr_edit_session_set_layer (session, G_OBJECT (level_map));
          tsr_edit_session_set_tool (session, tool);
          for (guint e = 0; e < per_level; e++)
            random_edit (rand, base, level_map, session, tool, &tally);
          tsr_edit_session_set_tool (session, NULL);
          levels_checked++;
        }
      edited = tsr_marathon_test_serialize (document);
      /* The edits changed geometry (a save derives it anew), and plac stayed byte for byte. */
      ck_assert_msg (!g_bytes_equal (original, edited), "%s: the edits changed nothing", path);
      saved = saved_placements (edited, path);
      ck_assert_uint_eq (saved->len, loaded->len);
      for (guint l = 0; l < loaded->len; l++)
        {
          GBytes *was = g_ptr_array_index (loaded, l), *now = g_ptr_array_index (saved, l);

          ck_assert_msg ((was == NULL) == (now == NULL) && (was == NULL || g_bytes_equal (was, now)),
                         "%s level %u: the save rewrote plac", path, l);
        }
      edits += tally.edits;
      g_print ("%s: %u levels, %u edits, %u kept, %u undone (they changed objects)\n", path, n_levels, tally.edits,
               tally.kept, tally.undone_for_objects);
    }
  tsr_test_report_count ("Marathon levels edited, plac unchanged", levels_checked);
  ck_assert_uint_ge (edits, 1000);
  g_rand_free (rand);
}
END_TEST

static gint
initial_count (TsrMarathonLevel *level,
               guint             k)
{
  return level->placements != NULL && k < level->placements->len
           ? g_array_index (level->placements, TsrMarathonPlacement, k).initial_count : 0;
}

static guint
placement_of (const TsrMarathonObject *object)
{
  return object->type == 0 ? TSR_MARATHON_PLACEMENT_TYPES + (guint) object->index : (guint) object->index;
}

static const char *
last_entry (TsrDocument *document)
{
  TsrUndoStack *stack = tsr_document_get_undo_stack (document);

  return tsr_undo_stack_get_entry_description (stack, tsr_undo_stack_get_position (stack) - 1);
}

/* Every placement record but K (and ALSO, when not G_MAXUINT) is as in BEFORE; K moved by DELTA,
 * never below 0. */
static void
check_shift (TsrMarathonLevel *level,
             const GArray     *before,
             guint             k,
             gint              delta,
             const char       *what)
{
  for (guint j = 0; j < TSR_MARATHON_N_PLACEMENTS; j++)
    {
      gint was = before != NULL ? g_array_index (before, TsrMarathonPlacement, j).initial_count : 0;
      gint expected = j == k ? MAX (was + delta, 0) : was;

      ck_assert_msg (initial_count (level, j) == expected, "%s: placement %u is %d, %d expected", what, j,
                     initial_count (level, j), expected);
    }
}

/* On every level with an item or monster: delete it, paste a copy of it, retype it; each moves
 * its type's count by one, says so in the history, and undo gives the loaded bytes. */
START_TEST (test_object_edits_move_their_counts)
{
  g_autoptr(GPtrArray) files = tsr_marathon_test_real_maps (data_dir);
  guint levels_checked = 0;

  for (guint f = 0; f < files->len; f++)
    {
      const char *path = g_ptr_array_index (files, f);
      g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
      TsrDocument *base = TSR_DOCUMENT (document);
      g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
      g_autoptr(GBytes) undone = NULL;

      for (guint l = 0; l < tsr_marathon_document_get_n_levels (document); l++)
        {
          TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (document, l);
          TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
          g_autoptr(TsrEditSession) session = tsr_edit_session_new (base);
          g_autoptr(GArray) before = NULL;
          g_autofree char *what = NULL;
          guint object = G_MAXUINT, k;
          TsrElementRef marker;
          TsrMarathonObject record;

          for (guint i = 0; i < count (level->objects) && object == G_MAXUINT; i++)
            {
              const TsrMarathonObject *o = &g_array_index (level->objects, TsrMarathonObject, i);

              if ((o->type == 0 || o->type == 2) && o->index >= 0 && o->index < TSR_MARATHON_PLACEMENT_TYPES)
                object = i;
            }
          if (object == G_MAXUINT || count (level->placements) != TSR_MARATHON_N_PLACEMENTS)
            continue;
          record = g_array_index (level->objects, TsrMarathonObject, object);
          k = placement_of (&record);
          before = g_array_copy (level->placements);
          tsr_edit_session_set_layer (session, G_OBJECT (map));
          marker = (TsrElementRef) { TSR_ELEMENT_MARKER, tsr_marathon_level_map_object_marker (map, object) };

          /* Delete. */
          what = g_strdup_printf ("%s level %u delete", path, l);
          tsr_selection_set (tsr_edit_session_get_selection (session), &marker, 1);
          ck_assert (tsr_edit_session_delete_selection (session));
          check_shift (level, before, k, -1, what);
          if (g_array_index (before, TsrMarathonPlacement, k).initial_count > 0)
            ck_assert_msg (strstr (last_entry (base), "count") != NULL, "%s: %s", what, last_entry (base));
          ck_assert (tsr_document_undo (base));
          check_shift (level, before, k, 0, what);

          /* Paste a copy: +1. */
          g_free (what);
          what = g_strdup_printf ("%s level %u paste", path, l);
          tsr_selection_set (tsr_edit_session_get_selection (session), &marker, 1);
          ck_assert (tsr_edit_session_copy (session));
          if (tsr_edit_session_paste (session, 0, 0))
            {
              check_shift (level, before, k, +1, what);
              ck_assert_msg (strstr (last_entry (base), "count") != NULL, "%s: %s", what, last_entry (base));
              ck_assert (tsr_document_undo (base));
              check_shift (level, before, k, 0, what);
            }

          /* Retype through the inspector: the old type -1, the new +1. */
          g_free (what);
          what = g_strdup_printf ("%s level %u retype", path, l);
          {
            g_autoptr(TsrMarathonLevelSource) source = tsr_marathon_level_source_new (base, map, TSR_MARATHON_RECORD_OBJECT);
            const TsrFieldTable *table = tsr_property_source_get_table (TSR_PROPERTY_SOURCE (source));
            int field = tsr_field_find (table->fields, table->n_fields, "index");
            gint16 to = record.index == 1 ? 2 : 1;
            g_autofree char *text = g_strdup_printf ("%d", to);
            g_autoptr(GError) error = NULL;
            guint k_to = record.type == 0 ? TSR_MARATHON_PLACEMENT_TYPES + (guint) to : (guint) to;

            tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (source), &object, 1);
            ck_assert_msg (tsr_property_source_set_text (TSR_PROPERTY_SOURCE (source), (guint) field, text, &error),
                           "%s: %s", what, error ? error->message : "");
            for (guint j = 0; j < TSR_MARATHON_N_PLACEMENTS; j++)
              {
                gint was = g_array_index (before, TsrMarathonPlacement, j).initial_count;
                gint expected = j == k_to ? was + 1 : j == k ? MAX (was - 1, 0) : was;

                ck_assert_msg (initial_count (level, j) == expected, "%s: placement %u is %d, %d expected", what, j,
                               initial_count (level, j), expected);
              }
            ck_assert_msg (strstr (last_entry (base), "count") != NULL, "%s: %s", what, last_entry (base));
            ck_assert (tsr_document_undo (base));
            check_shift (level, before, k, 0, what);
          }
          levels_checked++;
        }
      undone = tsr_marathon_test_serialize (document);
      ck_assert_msg (g_bytes_equal (original, undone), "%s: undo is not the loaded bytes", path);
    }
  tsr_test_report_count ("Marathon levels with object edits counted", levels_checked);
  ck_assert_uint_ge (levels_checked, 6);
}
END_TEST

/* The place tool: a placed monster's count rises by one in the same undo step, named in it;
 * undo and redo move it back and forth. */
START_TEST (test_place_tool_counts)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", "chronicles_net_RequiescatInPace.sceA", NULL);
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  TsrDocument *base = TSR_DOCUMENT (document);
  TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (document, 0);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (base);
  g_autoptr(TsrTool) tool = tsr_marathon_click_tool_new (session, TSR_MARATHON_CLICK_PLACE);
  g_autoptr(GArray) before = g_array_copy (level->placements);
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  g_autoptr(GBytes) undone = NULL;
  TsrElementRef marker = { TSR_ELEMENT_MARKER, tsr_marathon_level_map_object_marker (map, 0) };
  TsrVectorPoint at;
  TsrToolEvent event = { 0, 0, 0.25, TSR_MODIFIER_NONE };
  guint objects = level->objects->len;

  /* Where the first object stands: inside a polygon. */
  tsr_vector_map_get_vertex (TSR_VECTOR_MAP (map), &marker, 0, &at);
  event.x = at.x;
  event.y = at.y;
  tsr_edit_session_set_layer (session, G_OBJECT (map));
  tsr_edit_session_set_tool (session, tool);
  g_object_set (tool, "object-type", 0, "object-index", 28, NULL);
  tsr_tool_press (tool, &event);
  tsr_tool_release (tool, &event);
  ck_assert_uint_eq (level->objects->len, objects + 1);
  check_shift (level, before, TSR_MARATHON_PLACEMENT_TYPES + 28, +1, "place");
  ck_assert_msg (strstr (last_entry (base), "monster 28 count") != NULL, "%s", last_entry (base));
  ck_assert (tsr_document_undo (base));
  check_shift (level, before, 0, 0, "place undone");
  ck_assert (tsr_document_redo (base));
  check_shift (level, before, TSR_MARATHON_PLACEMENT_TYPES + 28, +1, "place redone");
  ck_assert (tsr_document_undo (base));
  tsr_edit_session_set_tool (session, NULL);
  undone = tsr_marathon_test_serialize (document);
  ck_assert (g_bytes_equal (original, undone));
}
END_TEST

/* "Placed, but its initial count is 0" on a real net map (its author's random-spawn types): the
 * fix sets the count to the number placed, as one command; undo puts 0 back; the warning goes
 * and comes back with it. */
START_TEST (test_initial_count_fix)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", "chronicles_net_RequiescatInPace.sceA", NULL);
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  TsrDocument *base = TSR_DOCUMENT (document);
  TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (document, 0);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  g_autoptr(GBytes) undone = NULL;
  guint placed[TSR_MARATHON_N_PLACEMENTS];
  guint fixable = G_MAXUINT;
  TsrCommand *command;

  tsr_marathon_count_placed (level->objects, placed);
  for (guint k = 0; k < TSR_MARATHON_PLACEMENT_TYPES && fixable == G_MAXUINT; k++)
    if (placed[k] > 0 && initial_count (level, k) == 0)
      fixable = k;
  ck_assert_uint_ne (fixable, G_MAXUINT);
  /* Nothing to fix where the count is not 0 or nothing is placed. */
  for (guint k = 0; k < TSR_MARATHON_N_PLACEMENTS; k++)
    if (placed[k] == 0 || initial_count (level, k) != 0)
      ck_assert (tsr_marathon_initial_count_fix_new (map, k) == NULL);
  command = tsr_marathon_initial_count_fix_new (map, fixable);
  ck_assert (command != NULL);
  ck_assert (tsr_document_execute_take (base, command));
  ck_assert_int_eq (initial_count (level, fixable), (gint) placed[fixable]);
  ck_assert_msg (strstr (last_entry (base), "Initial Count") != NULL, "%s", last_entry (base));
  ck_assert (tsr_document_undo (base));
  ck_assert_int_eq (initial_count (level, fixable), 0);
  undone = tsr_marathon_test_serialize (document);
  ck_assert (g_bytes_equal (original, undone));
}
END_TEST

/* The bytes of A and B differ only at the two bytes (big-endian) VALUE stands in, apart from the
 * wad header's checksum (bytes 68..71); returns where. */
static gsize
single_field_difference (GBytes *a,
                         GBytes *b,
                         guint16 value)
{
  gsize size = 0, other = 0, first = G_MAXSIZE, last = 0;
  const guint8 *x = g_bytes_get_data (a, &size), *y = g_bytes_get_data (b, &other);

  ck_assert_uint_eq (size, other);
  for (gsize i = 0; i < size; i++)
    if (x[i] != y[i] && (i < 68 || i > 71))
      {
        first = MIN (first, i);
        last = MAX (last, i);
      }
  ck_assert_msg (first != G_MAXSIZE, "nothing changed");
  ck_assert_msg (last - first <= 1, "bytes %" G_GSIZE_FORMAT "..%" G_GSIZE_FORMAT " changed", first, last);
  /* The changed bytes are within the 2-byte field holding VALUE. */
  ck_assert_msg ((first > 0 && y[first - 1] == value >> 8 && y[first] == (value & 0xff))
                 || (first + 1 < size && y[first] == value >> 8 && y[first + 1] == (value & 0xff)),
                 "the changed bytes do not hold %u", value);
  return first;
}

/* The Placement dialog's edits on a real net map: an untouched save is the file; each field of
 * a monster and an item record, set by one command, changes only that field's bytes; undo gives
 * the file back, redo the edit; a value already there, out of range, or a record that is not
 * there makes no command. */
START_TEST (test_placement_field_edits)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", "chronicles_net_RequiescatInPace.sceA", NULL);
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  TsrDocument *base = TSR_DOCUMENT (document);
  TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (document, 0);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  g_autoptr(GBytes) file = NULL;
  g_autoptr(GBytes) original = tsr_marathon_test_serialize (document);
  g_autoptr(GError) error = NULL;
  const guint records[] = { TSR_MARATHON_PLACEMENT_TYPES + 3 /* a monster */, 7 /* an item */ };
  guint edits = 0;

  {
    char *contents = NULL;
    gsize length = 0;

    ck_assert_msg (g_file_get_contents (path, &contents, &length, &error), "%s", error ? error->message : "");
    file = g_bytes_new_take (contents, length);
  }
  ck_assert_msg (g_bytes_equal (file, original), "%s: an untouched save is not the file", path);
  for (guint r = 0; r < G_N_ELEMENTS (records); r++)
    for (guint field = 0; field < TSR_MARATHON_PLACEMENT_N_FIELDS; field++)
      {
        guint k = records[r];
        TsrMarathonPlacement before = g_array_index (level->placements, TsrMarathonPlacement, k);
        gint old = tsr_marathon_placement_get_field (&before, field);
        gint value = field == TSR_MARATHON_PLACEMENT_RANDOM_LOCATION ? !old
                     : field == TSR_MARATHON_PLACEMENT_RANDOM_CHANCE ? (old == 32768 ? 16384 : 32768)
                     : old == 5 ? 6 : 5;
        guint16 stored = field == TSR_MARATHON_PLACEMENT_RANDOM_LOCATION ? (guint16) (before.flags ^ 0x1) : (guint16) value;
        g_autoptr(GBytes) edited = NULL;
        g_autoptr(GBytes) undone = NULL;
        g_autoptr(GBytes) redone = NULL;
        TsrMarathonPlacement after;

        ck_assert (tsr_marathon_placement_edit_new (map, k, field, old) == NULL);
        ck_assert (tsr_document_execute_take (base, tsr_marathon_placement_edit_new (map, k, field, value)));
        after = g_array_index (level->placements, TsrMarathonPlacement, k);
        ck_assert_int_eq (tsr_marathon_placement_get_field (&after, field), value);
        ck_assert_msg (g_str_has_prefix (last_entry (base), "Set ")
                       && strstr (last_entry (base), tsr_marathon_placement_field_label (field)) != NULL,
                       "%s", last_entry (base));
        edited = tsr_marathon_test_serialize (document);
        single_field_difference (original, edited, stored);
        ck_assert (tsr_document_undo (base));
        undone = tsr_marathon_test_serialize (document);
        ck_assert_msg (g_bytes_equal (original, undone), "record %u field %u: undo is not the file", k, field);
        ck_assert (tsr_document_redo (base));
        redone = tsr_marathon_test_serialize (document);
        ck_assert (g_bytes_equal (edited, redone));
        ck_assert (tsr_document_undo (base));
        edits++;
      }
  ck_assert_uint_eq (edits, 2 * TSR_MARATHON_PLACEMENT_N_FIELDS);
  /* Out of range: no command. */
  ck_assert (tsr_marathon_placement_edit_new (map, 3, TSR_MARATHON_PLACEMENT_INITIAL_COUNT, 40000) == NULL);
  ck_assert (tsr_marathon_placement_edit_new (map, 3, TSR_MARATHON_PLACEMENT_RANDOM_CHANCE, -1) == NULL);
  ck_assert (tsr_marathon_placement_edit_new (map, 3, TSR_MARATHON_PLACEMENT_RANDOM_LOCATION, 2) == NULL);
  ck_assert (tsr_marathon_placement_edit_new (map, TSR_MARATHON_N_PLACEMENTS, TSR_MARATHON_PLACEMENT_INITIAL_COUNT, 1) == NULL);
  /* A level without a complete plac chunk has nothing to edit. */
  {
    GArray *kept = level->placements;

    level->placements = NULL;
    ck_assert (tsr_marathon_placement_edit_new (map, 3, TSR_MARATHON_PLACEMENT_INITIAL_COUNT, 1) == NULL);
    level->placements = kept;
  }
}
END_TEST

/* The chance as the dialog shows and reads it: global_random () < random_chance in
 * placement.cpp _recreate_objects, so 32768 is 50 %; 100 % is 65535, the most there is. */
START_TEST (test_placement_chance_percent)
{
  guint16 chance = 0;
  g_autofree char *half = tsr_marathon_placement_chance_text (32768);
  g_autofree char *all = tsr_marathon_placement_chance_text (65535);
  g_autofree char *none = tsr_marathon_placement_chance_text (0);

  ck_assert_str_eq (half, "50.0");
  ck_assert_str_eq (all, "100.0");
  ck_assert_str_eq (none, "0.0");
  ck_assert (tsr_marathon_placement_parse_chance ("50", &chance));
  ck_assert_uint_eq (chance, 32768);
  ck_assert (tsr_marathon_placement_parse_chance ("100 %", &chance));
  ck_assert_uint_eq (chance, 65535);
  ck_assert (tsr_marathon_placement_parse_chance ("12,5", &chance));
  ck_assert_uint_eq (chance, 8192);
  ck_assert (!tsr_marathon_placement_parse_chance ("100.1", &chance));
  ck_assert (!tsr_marathon_placement_parse_chance ("-1", &chance));
  ck_assert (!tsr_marathon_placement_parse_chance ("ten", &chance));
  ck_assert (!tsr_marathon_placement_parse_chance ("", &chance));
}
END_TEST

/* placement.cpp _recreate_objects adds a random one only while the count, topped up to the
 * minimum, stays below maximum_count: a random chance and count with a maximum not above the
 * minimum is a warning at that type; a minimum above the maximum without a random chance (the
 * net maps' "keep 8, no random ones") is not. */
START_TEST (test_random_never_comes_warning)
{
  g_autofree char *path = g_build_filename (data_dir, "marathon", "chronicles_net_RequiescatInPace.sceA", NULL);
  g_autoptr(TsrMarathonDocument) document = tsr_marathon_test_open_map (path);
  TsrDocument *base = TSR_DOCUMENT (document);
  TsrMarathonLevelMap *map = tsr_marathon_document_get_level_map (document, 0);
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  const guint item = 10;
  g_autoptr(GPtrArray) clean = tsr_findings_new ();
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  g_autoptr(GPtrArray) fixed = tsr_findings_new ();
  const TsrFinding *finding;

  tsr_marathon_level_validate (level, 0, "level 0", clean);
  ck_assert_ptr_null (tsr_test_find_finding (clean, "no random one ever comes"));
  tsr_document_execute_take (base, tsr_marathon_placement_edit_new (map, item, TSR_MARATHON_PLACEMENT_MINIMUM_COUNT, 2));
  tsr_document_execute_take (base, tsr_marathon_placement_edit_new (map, item, TSR_MARATHON_PLACEMENT_MAXIMUM_COUNT, 1));
  tsr_document_execute_take (base, tsr_marathon_placement_edit_new (map, item, TSR_MARATHON_PLACEMENT_RANDOM_COUNT, -1));
  {
    g_autoptr(GPtrArray) no_chance = tsr_findings_new ();

    /* No chance yet: a minimum above the maximum alone says nothing. */
    tsr_marathon_level_validate (level, 0, "level 0", no_chance);
    ck_assert_ptr_null (tsr_test_find_finding (no_chance, "no random one ever comes"));
  }
  tsr_document_execute_take (base, tsr_marathon_placement_edit_new (map, item, TSR_MARATHON_PLACEMENT_RANDOM_CHANCE, 32768));
  tsr_marathon_level_validate (level, 0, "level 0", findings);
  finding = tsr_test_find_finding (findings, "item type 10: random chance set, but its maximum count 1 is not above its minimum count 2");
  ck_assert_ptr_nonnull (finding);
  ck_assert_int_eq (finding->severity, TSR_SEVERITY_WARNING);
  ck_assert (tsr_finding_place_is (&finding->place, "item"));
  ck_assert_int_eq (finding->place.index, (gint) item);
  /* A maximum above the minimum lets random ones come. */
  tsr_document_execute_take (base, tsr_marathon_placement_edit_new (map, item, TSR_MARATHON_PLACEMENT_MAXIMUM_COUNT, 3));
  tsr_marathon_level_validate (level, 0, "level 0", fixed);
  ck_assert_ptr_null (tsr_test_find_finding (fixed, "no random one ever comes"));
}
END_TEST

static Suite *
placements_suite (void)
{
  Suite *suite = suite_create ("marathon-placements");
  TCase *cases = tcase_create ("placements");

  tcase_set_timeout (cases, 600);
  tcase_add_test (cases, test_object_edits_move_their_counts);
  tcase_add_test (cases, test_place_tool_counts);
  tcase_add_test (cases, test_initial_count_fix);
  tcase_add_test (cases, test_placement_field_edits);
  tcase_add_test (cases, test_placement_chance_percent);
  tcase_add_test (cases, test_random_never_comes_warning);
  tcase_add_test (cases, test_edits_keep_placements);
  suite_add_tcase (suite, cases);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require (".");
  return tsr_test_run_suite (placements_suite ());
}
