/* test-doom2d-document.c: TsrDoom2dDocument on the real df_MAP01.map: the document and its vector
 * map (panels and triggers as rectangles, things as markers), each command done, undone and redone
 * byte for byte, removal of a referenced door panel and of a monster (references cleared, then
 * restored exactly), type-checked trigger targets, the per-element style hook, a map inside a DFWAD
 * archive saved with the other entry untouched, the text form saved as text, and randomized runs of
 * mixed edits (at least 1,000 on the binary map) whose undo-all gives back the loaded bytes and
 * whose redo-all gives the edited bytes, with no trigger pointing at a missing record after any
 * deletion. */
#include <string.h>

#include <glib/gstdio.h>

#include "core/tsr-file.h"
#include "edit/doom2d/tsr-doom2d-tool.h"
#include "model/doom2d/tsr-doom2d-new-map.h"
#include "edit/tsr-move-elements-command.h"
#include "edit/tsr-remove-elements-command.h"
#include "formats/doom2d/tsr-doom2d-check.h"
#include "formats/doom2d/tsr-doom2d-formats.h"
#include "formats/doom2d/tsr-doom2d-names.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "model/doom2d/tsr-doom2d-property-source.h"
#include "tsr-test-common.h"

static char *data_dir;

static char *
map_path (void)
{
  return g_build_filename (data_dir, "df_MAP01.map", NULL);
}

static TsrDoom2dDocument *
open_path (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TsrDocument *document = tsr_document_new_from_file (file, &error);

  ck_assert_msg (document != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_msg (TSR_IS_DOOM2D_DOCUMENT (document), "a %s", G_OBJECT_TYPE_NAME (document));
  return TSR_DOOM2D_DOCUMENT (document);
}

/* The bytes a save would write (the main file). */
static GBytes *
serialized (TsrDoom2dDocument *document)
{
  g_autoptr(GError) error = NULL;
  GFile *file = tsr_document_get_file (TSR_DOCUMENT (document));
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (TSR_DOCUMENT (document), path, &error);

  ck_assert_msg (outputs != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_uint_ge (outputs->len, 1);
  return g_bytes_ref (((TsrOutputFile *) outputs->pdata[0])->bytes);
}

/* Every reference of every record names an existing record, or none. */
static void
assert_references_valid (TsrDoom2dMap *map)
{
  static const TsrDoom2dKind targets[] = { TSR_DOOM2D_KIND_HEADER, TSR_DOOM2D_KIND_TEXTURE, TSR_DOOM2D_KIND_PANEL,
                                           TSR_DOOM2D_KIND_MONSTER, TSR_DOOM2D_KIND_TRIGGER };

  for (guint k = TSR_DOOM2D_KIND_TEXTURE; k < TSR_DOOM2D_N_KINDS; k++)
    for (guint i = 0; i < tsr_doom2d_map_count (map, k); i++)
      {
        const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, k, i);
        const TsrFieldTable *tables[2] = { &tsr_doom2d_record_get_type (record)->table,
                                           record->layout != NULL ? &record->layout->table : NULL };
        const TsrFieldValue *values[2] = { record->values, record->data_values };

        for (guint t = 0; t < 2; t++)
          for (guint f = 0; tables[t] != NULL && f < tables[t]->n_fields; f++)
            {
              const TsrField *field = &tables[t]->fields[f];
              gint64 v = values[t][f].v[0];

              if (field->reference == TSR_DOOM2D_REF_NONE)
                continue;
              ck_assert_msg (v == -1 || (v >= 0 && v < tsr_doom2d_map_count (map, targets[field->reference])),
                             "%s %u: %s = %" G_GINT64_FORMAT " of %u", tsr_doom2d_record_type (k)->table.name, i,
                             field->name, v, tsr_doom2d_map_count (map, targets[field->reference]));
            }
      }
}

static guint
find_trigger_of_type (TsrDoom2dMap *map,
                      guint         type)
{
  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER); i++)
    if (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, i)->values[TSR_DOOM2D_TRIGGER_TYPE].v[0] == type)
      return i;
  return G_MAXUINT;
}

static TsrDoom2dRecord *
new_panel (gint64 x, gint64 y, gint64 w, gint64 h, gint64 type, gint64 texture)
{
  TsrDoom2dRecord *panel = tsr_doom2d_record_new (TSR_DOOM2D_KIND_PANEL);

  panel->values[TSR_DOOM2D_PANEL_POSITION].v[0] = x;
  panel->values[TSR_DOOM2D_PANEL_POSITION].v[1] = y;
  panel->values[TSR_DOOM2D_PANEL_SIZE].v[0] = w;
  panel->values[TSR_DOOM2D_PANEL_SIZE].v[1] = h;
  panel->values[TSR_DOOM2D_PANEL_TYPE].v[0] = type;
  panel->values[TSR_DOOM2D_PANEL_TEXTURE].v[0] = texture;
  return panel;
}

static TsrDoom2dRecord *
new_thing (TsrDoom2dKind kind, gint64 x, gint64 y, gint64 type)
{
  TsrDoom2dRecord *thing = tsr_doom2d_record_new (kind);

  thing->values[TSR_DOOM2D_THING_POSITION].v[0] = x;
  thing->values[TSR_DOOM2D_THING_POSITION].v[1] = y;
  thing->values[TSR_DOOM2D_THING_TYPE].v[0] = type;
  return thing;
}

static TsrDoom2dRecord *
new_trigger (gint64 x, gint64 y, gint64 w, gint64 h, guint type)
{
  TsrDoom2dRecord *trigger = tsr_doom2d_record_new (TSR_DOOM2D_KIND_TRIGGER);

  trigger->values[TSR_DOOM2D_TRIGGER_POSITION].v[0] = x;
  trigger->values[TSR_DOOM2D_TRIGGER_POSITION].v[1] = y;
  trigger->values[TSR_DOOM2D_TRIGGER_SIZE].v[0] = w;
  trigger->values[TSR_DOOM2D_TRIGGER_SIZE].v[1] = h;
  tsr_doom2d_record_set_trigger_type (trigger, type);
  trigger->values[TSR_DOOM2D_TRIGGER_TYPE + 1].v[0] = 1; /* activate_type: player collides */
  return trigger;
}

static void
undo_all (TsrDoom2dDocument *document)
{
  while (tsr_document_undo (TSR_DOCUMENT (document)))
    ;
}

START_TEST (test_open_as_vector_map)
{
  g_autofree char *path = map_path ();
  g_autoptr(TsrDoom2dDocument) document = open_path (path);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  TsrVectorMap *vector = TSR_VECTOR_MAP (document);
  g_autoptr(GBytes) original = tsr_test_read_file (path);
  g_autoptr(GBytes) bytes = serialized (document);
  guint n_panels = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL);
  guint n_triggers = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER);
  guint n_items = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_ITEM);
  guint n_monsters = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER);
  guint n_areas = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_AREA);
  TsrElementRef ref;
  TsrDoom2dKind kind;
  guint index;
  TsrVectorPoint p;
  TsrVectorBounds box;
  TsrElementStyle style;

  ck_assert (g_bytes_equal (original, bytes));
  ck_assert_str_eq (tsr_vector_map_get_family (vector), "doom2d");
  ck_assert_uint_gt (n_panels, 0);
  ck_assert_uint_gt (n_triggers, 0);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_RECTANGLE), n_panels + n_triggers);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_MARKER), n_items + n_monsters + n_areas);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_SEGMENT), 0);

  /* Every element maps to its record and back; corners are the record's box. */
  for (guint i = 0; i < n_panels + n_triggers; i++)
    {
      TsrElementRef back;

      ref = (TsrElementRef) { TSR_ELEMENT_RECTANGLE, i };
      ck_assert (tsr_doom2d_document_element_to_record (document, &ref, &kind, &index));
      ck_assert_int_eq (kind, i < n_panels ? TSR_DOOM2D_KIND_PANEL : TSR_DOOM2D_KIND_TRIGGER);
      back = tsr_doom2d_document_record_to_element (document, kind, index);
      ck_assert (tsr_element_ref_equal (&ref, &back));
      tsr_doom2d_document_get_record_box (document, kind, index, &box);
      tsr_vector_map_get_vertex (vector, &ref, 0, &p);
      ck_assert (p.x == box.x0 && p.y == box.y0);
      tsr_vector_map_get_vertex (vector, &ref, 1, &p);
      ck_assert (p.x == box.x1 && p.y == box.y1);
    }
  ref = (TsrElementRef) { TSR_ELEMENT_MARKER, n_items + n_monsters };
  ck_assert (tsr_doom2d_document_element_to_record (document, &ref, &kind, &index));
  ck_assert_int_eq (kind, TSR_DOOM2D_KIND_AREA);
  ck_assert_uint_eq (index, 0);
  ref.index = n_items + n_monsters + n_areas;
  ck_assert (!tsr_doom2d_document_element_to_record (document, &ref, &kind, &index));

  /* The style hook: colours by type; a hidden category is neither hit nor caught by a band. */
  ref = tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_MONSTER, 0);
  ck_assert (tsr_vector_map_get_element_style (vector, &ref, &style));
  ck_assert (!style.hidden);
  ck_assert_double_gt (style.color[0], style.color[1]); /* monsters are red */
  tsr_vector_map_get_vertex (vector, &ref, 0, &p);
  {
    TsrElementRef hit;
    TsrVectorBounds band = { p.x - 1, p.y - 1, p.x + 1, p.y + 1 };
    g_autoptr(GArray) inside = NULL;

    ck_assert (tsr_vector_map_hit_test (vector, p.x, p.y, 4, 1, TSR_ELEMENT_MASK (TSR_ELEMENT_MARKER), &hit));
    tsr_doom2d_document_set_category_visible (document, TSR_DOOM2D_CATEGORY_MONSTERS, FALSE);
    ck_assert (tsr_vector_map_is_element_hidden (vector, &ref));
    inside = tsr_vector_map_elements_in (vector, &band, TSR_ELEMENT_MASK_ALL);
    for (guint i = 0; i < inside->len; i++)
      ck_assert (!tsr_element_ref_equal (&g_array_index (inside, TsrElementRef, i), &ref));
    if (tsr_vector_map_hit_test (vector, p.x, p.y, 4, 1, TSR_ELEMENT_MASK (TSR_ELEMENT_MARKER), &hit))
      ck_assert (!tsr_element_ref_equal (&hit, &ref));
    tsr_doom2d_document_set_category_visible (document, TSR_DOOM2D_CATEGORY_MONSTERS, TRUE);
    ck_assert (!tsr_vector_map_is_element_hidden (vector, &ref));
  }
  tsr_test_report_count ("doom2d map documents", 1);
}
END_TEST

START_TEST (test_commands_undo_exactly)
{
  g_autofree char *path = map_path ();
  g_autoptr(TsrDoom2dDocument) document = open_path (path);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  TsrVectorMap *vector = TSR_VECTOR_MAP (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  g_autoptr(GBytes) original = serialized (document);
  guint n_panels = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL);
  guint door_trigger = G_MAXUINT;
  gint64 door = -1;
  guint panel;
  TsrElementRef ref;
  TsrVertexRef corner;
  TsrVectorPoint to;
  TsrFieldValue value = { { 0 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) edited = NULL;
  guint position;

  /* Add (draw) a panel, move it, resize it by its far corner. */
  panel = tsr_doom2d_document_add_record (document, new_panel (32, 48, 64, 16, TSR_DOOM2D_PANEL_WALL, 0), "Draw Panel");
  ck_assert_uint_eq (panel, n_panels);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Draw Panel");
  ref = tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_PANEL, panel);
  {
    g_autoptr(TsrCommand) move = tsr_move_elements_command_new_translate (vector, &ref, 1, 16.4, -8, "Move", NULL);
    tsr_document_execute (TSR_DOCUMENT (document), move);
  }
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[0].v[0], 48);
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[0].v[1], 40);
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[1].v[0], 64);
  corner = (TsrVertexRef) { ref, 1 };
  to = (TsrVectorPoint) { 48 + 128, 40 + 32 };
  {
    g_autoptr(TsrCommand) resize = tsr_move_elements_command_new (vector, &corner, &to, 1, "Resize", NULL);
    tsr_document_execute (TSR_DOCUMENT (document), resize);
  }
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[1].v[0], 128);
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[1].v[1], 32);
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[0].v[0], 48);

  /* A door trigger accepts door panels only. */
  for (guint t = 0; t < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER) && door_trigger == G_MAXUINT; t++)
    {
      TsrDoom2dTarget target;

      if (tsr_doom2d_document_get_trigger_target (document, t, &target) && target.kind == TSR_DOOM2D_TARGET_PANEL
          && target.panel_mask == (TSR_DOOM2D_PANEL_OPENDOOR | TSR_DOOM2D_PANEL_CLOSEDOOR))
        {
          door_trigger = t;
          door = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, t)->data_values[target.field].v[0];
        }
    }
  ck_assert_uint_ne (door_trigger, G_MAXUINT);
  ck_assert_int_ge (door, 0);
  ck_assert (tsr_doom2d_document_accepts_target (document, door_trigger, TSR_DOOM2D_KIND_PANEL, (guint) door));
  ck_assert (!tsr_doom2d_document_accepts_target (document, door_trigger, TSR_DOOM2D_KIND_PANEL, panel));
  ck_assert (!tsr_doom2d_document_set_trigger_target (document, door_trigger, TSR_DOOM2D_KIND_PANEL, panel, &error));
  ck_assert (error != NULL);
  g_clear_error (&error);
  ck_assert (!tsr_doom2d_document_accepts_target (document, door_trigger, TSR_DOOM2D_KIND_MONSTER, 0));

  /* Set the new panel's type to a closed door: now it is a valid target. */
  value.v[0] = TSR_DOOM2D_PANEL_CLOSEDOOR;
  ck_assert (tsr_doom2d_document_set_field (document, TSR_DOOM2D_KIND_PANEL, panel, FALSE, TSR_DOOM2D_PANEL_TYPE,
                                            &value, NULL, &error));
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Set Type");
  ck_assert (tsr_doom2d_document_set_trigger_target (document, door_trigger, TSR_DOOM2D_KIND_PANEL, panel, &error));
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Set Trigger Target");

  /* Out-of-range values are refused and record nothing. */
  value.v[0] = 70000;
  ck_assert (!tsr_doom2d_document_set_field (document, TSR_DOOM2D_KIND_PANEL, panel, FALSE, TSR_DOOM2D_PANEL_TYPE,
                                             &value, NULL, &error));
  g_clear_error (&error);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Set Trigger Target");

  /* Deleting the door panel the trigger points at clears the reference; undo restores it. */
  {
    guint target_field;
    TsrDoom2dTarget target;
    guint doomed = (guint) door;
    g_autoptr(GBytes) before = serialized (document);

    ck_assert (tsr_doom2d_document_get_trigger_target (document, door_trigger, &target));
    target_field = target.field;
    /* Point it back at its own door, then delete that door. */
    ck_assert (tsr_doom2d_document_set_trigger_target (document, door_trigger, TSR_DOOM2D_KIND_PANEL, door, &error));
    g_clear_pointer (&before, g_bytes_unref);
    before = serialized (document);
    ck_assert (tsr_doom2d_document_remove_records (document, TSR_DOOM2D_KIND_PANEL, &doomed, 1, NULL));
    ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Delete");
    ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, door_trigger)->data_values[target_field].v[0], -1);
    assert_references_valid (map);
    ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
    ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, door_trigger)->data_values[target_field].v[0], door);
    {
      g_autoptr(GBytes) after = serialized (document);
      ck_assert (g_bytes_equal (before, after));
    }
    /* The same through the vector map's removal (Delete in the editor). */
    {
      TsrElementRef doomed_ref = tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_PANEL, doomed);
      TsrElementRef trigger_ref = tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_TRIGGER, 0);
      TsrElementRef both[2] = { doomed_ref, trigger_ref };
      g_autoptr(TsrCommand) remove = tsr_remove_elements_command_new (vector, both, 2, "Delete");
      g_autoptr(GBytes) after = NULL;

      tsr_document_execute (TSR_DOCUMENT (document), remove);
      ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL), n_panels);
      assert_references_valid (map);
      ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
      after = serialized (document);
      ck_assert (g_bytes_equal (before, after));
      ck_assert (tsr_document_redo (TSR_DOCUMENT (document)));
      assert_references_valid (map);
      ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
    }
  }

  /* A trigger's type switches its data layout; undo gives back the old data bytes. */
  {
    guint t = find_trigger_of_type (map, TSR_DOOM2D_TRIGGER_OPENDOOR);
    g_autoptr(GBytes) before = serialized (document);
    g_autoptr(GBytes) after = NULL;

    if (t == G_MAXUINT)
      t = door_trigger;
    value.v[0] = 2; /* TRIGGER_TELEPORT */
    ck_assert (tsr_doom2d_document_set_field (document, TSR_DOOM2D_KIND_TRIGGER, t, FALSE, TSR_DOOM2D_TRIGGER_TYPE,
                                              &value, NULL, &error));
    ck_assert_ptr_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, t)->layout, tsr_doom2d_trigger_layout (2));
    ck_assert (tsr_doom2d_document_set_trigger_point (document, t, 100, 200, &error));
    ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
    ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
    after = serialized (document);
    ck_assert (g_bytes_equal (before, after));
  }

  edited = serialized (document);
  position = tsr_undo_stack_get_position (stack);
  undo_all (document);
  {
    g_autoptr(GBytes) back = serialized (document);
    ck_assert (g_bytes_equal (back, original));
  }
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
  ck_assert (tsr_undo_stack_set_position (stack, position));
  {
    g_autoptr(GBytes) again = serialized (document);
    ck_assert (g_bytes_equal (again, edited));
  }
}
END_TEST

/* Writes ARCHIVE (taken) with the project's writer to PATH; returns its bytes. */
static GBytes *
write_archive (TsrDoom2dWad *archive,
               const char   *path)
{
  g_autoptr(GError) error = NULL;
  GBytes *packed = tsr_doom2d_wad_write (archive, &error);

  ck_assert_msg (packed != NULL, "%s", error ? error->message : "");
  tsr_doom2d_wad_free (archive);
  ck_assert (g_file_set_contents (path, g_bytes_get_data (packed, NULL), (gssize) g_bytes_get_size (packed), NULL));
  return packed;
}

START_TEST (test_map_in_archive)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *wad_path = g_build_filename (folder, "pack.wad", NULL);
  g_autofree char *source_map = map_path ();
  g_autofree char *source_wad = g_build_filename (data_dir, "dfwad_W73A_1.wad", NULL);
  g_autoptr(GBytes) lump = tsr_test_read_file (source_map);
  g_autoptr(GBytes) texture = tsr_test_read_file (source_wad);
  TsrDoom2dWad *wad = tsr_doom2d_wad_new ();
  g_autoptr(GBytes) packed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDoom2dDocument) document = NULL;
  TsrDoom2dMap *map;
  guint n_items;
  TsrDoom2dWad *saved;
  TsrDoom2dWadEntry *before_entry, *after_entry;

  /* An archive made with the project's writer: a nested texture archive and the map. */
  tsr_doom2d_wad_add (wad, "TEXTURES", "W73A", texture);
  tsr_doom2d_wad_add (wad, "", "MAP01", lump);
  packed = write_archive (wad, wad_path);

  document = open_path (wad_path);
  ck_assert_str_eq (tsr_document_get_format_id (TSR_DOCUMENT (document)), "doom2d-wad");
  map = tsr_doom2d_document_get_map (document);
  ck_assert_ptr_nonnull (map);
  n_items = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_ITEM);
  tsr_doom2d_document_add_record (document, new_thing (TSR_DOOM2D_KIND_ITEM, 64, 64, 28), "Place Item");
  ck_assert_msg (tsr_document_save (TSR_DOCUMENT (document), NULL, TSR_SAVE_FORCE, &error), "%s",
                 error ? error->message : "");
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));

  {
    g_autoptr(GBytes) bytes = tsr_test_read_file (wad_path);
    g_autoptr(GBytes) map_bytes = NULL;
    TsrDoom2dMap *reloaded;
    TsrDoom2dWad *original = tsr_doom2d_wad_read (packed, &error);

    saved = tsr_doom2d_wad_read (bytes, &error);
    ck_assert_msg (saved != NULL, "%s", error ? error->message : "");
    /* The texture's stored stream is untouched. */
    before_entry = tsr_doom2d_wad_find (original, "TEXTURES", "W73A");
    after_entry = tsr_doom2d_wad_find (saved, "TEXTURES", "W73A");
    ck_assert (before_entry != NULL && after_entry != NULL);
    ck_assert (g_bytes_equal (before_entry->compressed, after_entry->compressed));
    map_bytes = tsr_doom2d_wad_get_data (saved, tsr_doom2d_wad_find (saved, "", "MAP01"), &error);
    ck_assert (tsr_doom2d_map_sniff_binary (g_bytes_get_data (map_bytes, NULL), g_bytes_get_size (map_bytes)));
    reloaded = tsr_doom2d_map_read_binary (g_bytes_get_data (map_bytes, NULL), g_bytes_get_size (map_bytes), &error);
    ck_assert_ptr_nonnull (reloaded);
    ck_assert_uint_eq (tsr_doom2d_map_count (reloaded, TSR_DOOM2D_KIND_ITEM), n_items + 1);
    ck_assert_int_eq (tsr_doom2d_map_get (reloaded, TSR_DOOM2D_KIND_ITEM, n_items)->values[1].v[0], 28);
    tsr_doom2d_map_free (reloaded);
    tsr_doom2d_wad_free (saved);
    tsr_doom2d_wad_free (original);
  }
}
END_TEST

static void
increment_counter (guint *counter)
{
  (*counter)++;
}

/* Reads the map resource NAME of the archive at PATH. */
static TsrDoom2dMap *
read_archive_map (TsrDoom2dWad *wad,
                  const char   *name,
                  gboolean      text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = tsr_doom2d_wad_get_data (wad, tsr_doom2d_wad_find (wad, "", name), &error);
  TsrDoom2dMap *map;

  ck_assert_msg (bytes != NULL, "%s", error ? error->message : "");
  ck_assert (tsr_doom2d_map_sniff_text (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes)) == text);
  map = text ? tsr_doom2d_map_read_text (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error)
             : tsr_doom2d_map_read_binary (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  ck_assert_msg (map != NULL, "%s", error ? error->message : "");
  return map;
}

/* Every entry of A and B is stored the same, except those named in SKIP (NULL: none). */
static void
assert_entries_stored_alike (TsrDoom2dWad       *a,
                             TsrDoom2dWad       *b,
                             const char *const  *skip)
{
  ck_assert_uint_eq (a->entries->len, b->entries->len);
  for (guint i = 0; i < a->entries->len; i++)
    {
      const TsrDoom2dWadEntry *x = g_ptr_array_index (a->entries, i), *y = g_ptr_array_index (b->entries, i);

      ck_assert_str_eq (x->name, y->name);
      if (skip != NULL && g_strv_contains (skip, x->name))
        continue;
      ck_assert_msg ((x->compressed == NULL) == (y->compressed == NULL), "%s", x->name);
      ck_assert_msg (x->compressed == NULL || g_bytes_equal (x->compressed, y->compressed), "%s stored differently",
                     x->name);
    }
}

START_TEST (test_archive_with_two_maps)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *source_map = map_path ();
  g_autofree char *source_wad = g_build_filename (data_dir, "dfwad_W73A_1.wad", NULL);
  g_autoptr(GBytes) lump = tsr_test_read_file (source_map);
  g_autoptr(GBytes) texture = tsr_test_read_file (source_wad);
  g_autoptr(GError) error = NULL;
  TsrDoom2dMap *parsed = tsr_doom2d_map_read_binary (g_bytes_get_data (lump, NULL), g_bytes_get_size (lump), &error);
  g_autoptr(GBytes) text = tsr_doom2d_map_write_text (parsed);
  guint n_items = tsr_doom2d_map_count (parsed, TSR_DOOM2D_KIND_ITEM);
  guint n_monsters = tsr_doom2d_map_count (parsed, TSR_DOOM2D_KIND_MONSTER);

  tsr_doom2d_map_free (parsed);
  /* The project's writer packs the real map twice, binary and as text, beside the real
   * animated texture archive; once as a DFWAD and, with libzip, as a ZIP. */
  for (guint z = 0; z < (tsr_doom2d_zip_available () ? 2u : 1u); z++)
    {
      g_autofree char *path = g_build_filename (folder, z == 0 ? "two.wad" : "two.dfz", NULL);
      TsrDoom2dWad *wad = z == 0 ? tsr_doom2d_wad_new () : tsr_doom2d_zip_new ();
      g_autoptr(GBytes) packed = NULL;
      g_autoptr(TsrDoom2dDocument) document = NULL;
      TsrUndoStack *stack;
      TsrDoom2dWad *original, *saved, *again;
      TsrDoom2dMap *map01, *map02;
      guint notified = 0;

      tsr_doom2d_wad_add (wad, "TEXTURES", "W73A", texture);
      tsr_doom2d_wad_add (wad, "", "MAP01", lump);
      tsr_doom2d_wad_add (wad, "", "MAP02", text);
      packed = write_archive (wad, path);

      document = open_path (path);
      stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
      g_signal_connect_swapped (document, "notify::map-index", G_CALLBACK (increment_counter), &notified);
      ck_assert_uint_eq (tsr_doom2d_document_get_n_maps (document), 2);
      ck_assert_str_eq (tsr_doom2d_document_get_map_name (document, 0), "MAP01");
      ck_assert_str_eq (tsr_doom2d_document_get_map_name (document, 1), "MAP02");
      ck_assert_uint_eq (tsr_doom2d_document_get_map_index (document), 0);

      /* An item on MAP01, then MAP02 (one step), a monster there. */
      tsr_doom2d_document_add_record (document, new_thing (TSR_DOOM2D_KIND_ITEM, 64, 64, 28), "Place Item");
      ck_assert (tsr_doom2d_document_select_map (document, 1, &error));
      ck_assert_uint_eq (notified, 1);
      ck_assert_uint_eq (tsr_doom2d_document_get_map_index (document), 1);
      ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Open Map MAP02");
      ck_assert (tsr_doom2d_document_get_file (document)->map_is_text);
      ck_assert_uint_eq (tsr_doom2d_map_count (tsr_doom2d_document_get_map (document), TSR_DOOM2D_KIND_ITEM), n_items);
      tsr_doom2d_document_add_record (document, new_thing (TSR_DOOM2D_KIND_MONSTER, 96, 64, 3), "Place Monster");
      /* Undo goes back through the switch to MAP01 and its item; redo comes back. */
      ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
      ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
      ck_assert_uint_eq (tsr_doom2d_document_get_map_index (document), 0);
      ck_assert_uint_eq (tsr_doom2d_map_count (tsr_doom2d_document_get_map (document), TSR_DOOM2D_KIND_ITEM), n_items + 1);
      ck_assert (tsr_document_redo (TSR_DOCUMENT (document)));
      ck_assert (tsr_document_redo (TSR_DOCUMENT (document)));
      ck_assert_uint_eq (tsr_doom2d_document_get_map_index (document), 1);
      ck_assert_uint_eq (tsr_doom2d_map_count (tsr_doom2d_document_get_map (document), TSR_DOOM2D_KIND_MONSTER),
                         n_monsters + 1);
      ck_assert_msg (tsr_document_save (TSR_DOCUMENT (document), NULL, TSR_SAVE_FORCE, &error), "%s",
                     error ? error->message : "");

      /* Both maps went back into their resources, as they were loaded; W73A is stored as it was. */
      {
        g_autoptr(GBytes) bytes = tsr_test_read_file (path);

        original = tsr_doom2d_archive_read (packed, &error);
        saved = tsr_doom2d_archive_read (bytes, &error);
        ck_assert_msg (saved != NULL, "%s", error ? error->message : "");
      }
      assert_entries_stored_alike (original, saved, (const char *const[]) { "MAP01", "MAP02", NULL });
      map01 = read_archive_map (saved, "MAP01", FALSE);
      map02 = read_archive_map (saved, "MAP02", TRUE);
      ck_assert_uint_eq (tsr_doom2d_map_count (map01, TSR_DOOM2D_KIND_ITEM), n_items + 1);
      ck_assert_uint_eq (tsr_doom2d_map_count (map01, TSR_DOOM2D_KIND_MONSTER), n_monsters);
      ck_assert_uint_eq (tsr_doom2d_map_count (map02, TSR_DOOM2D_KIND_ITEM), n_items);
      ck_assert_uint_eq (tsr_doom2d_map_count (map02, TSR_DOOM2D_KIND_MONSTER), n_monsters + 1);
      tsr_doom2d_map_free (map01);
      tsr_doom2d_map_free (map02);
      tsr_doom2d_wad_free (original);

      /* Opened again, MAP02 shown and saved unedited: every entry stored as before. */
      g_clear_object (&document);
      document = open_path (path);
      ck_assert (tsr_doom2d_document_select_map (document, 1, &error));
      ck_assert (tsr_document_save (TSR_DOCUMENT (document), NULL, TSR_SAVE_FORCE, &error));
      {
        g_autoptr(GBytes) bytes = tsr_test_read_file (path);

        again = tsr_doom2d_archive_read (bytes, &error);
        ck_assert_msg (again != NULL, "%s", error ? error->message : "");
      }
      assert_entries_stored_alike (saved, again, NULL);
      tsr_doom2d_wad_free (saved);
      tsr_doom2d_wad_free (again);
    }
}
END_TEST

/* The game's multi-map archives (VETERAN: 8 maps stored out of directory order, 19 trigger types;
 * Stupidity_Coop: 7 maps, up to 1,060 monsters in one): each map is chosen (not an edit: the file
 * stays unmodified, and saving it so gives the same bytes), drawn, gets one item, and is saved:
 * only that map's resource changes. */
START_TEST (test_real_multi_map_archives)
{
  const char *names[] = { "d2dfnix_VETERAN.wad", "d2dfnix_Stupidity_Coop.wad" };
  g_autofree char *folder = tsr_test_make_temp_dir ();

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *source = g_build_filename (data_dir, names[n], NULL);
      g_autofree char *path = g_build_filename (folder, names[n], NULL);
      g_autoptr(GBytes) original_bytes = tsr_test_read_file (source);
      guint n_maps;

      {
        g_autoptr(TsrDoom2dDocument) document = NULL;
        g_autoptr(GBytes) bytes = NULL;

        ck_assert (g_file_set_contents (path, g_bytes_get_data (original_bytes, NULL), g_bytes_get_size (original_bytes), NULL));
        document = open_path (path);
        n_maps = tsr_doom2d_document_get_n_maps (document);
        ck_assert_uint_ge (n_maps, 7);
        for (guint i = n_maps; i-- > 0;)
          {
            g_autoptr(GError) error = NULL;
            g_autoptr(TsrImage) image = NULL;

            ck_assert (tsr_doom2d_document_select_map (document, i, &error));
            ck_assert_msg (!tsr_document_get_modified (TSR_DOCUMENT (document)), "%s: choosing map %u modified it",
                           names[n], i);
            image = tsr_doom2d_file_render (tsr_doom2d_document_get_file (document), NULL, -1, 320, 240, &error);
            ck_assert_msg (image != NULL, "%s map %u: %s", names[n], i, error != NULL ? error->message : "");
          }
        /* An edit, undone, leaves it clean with another map shown. */
        tsr_doom2d_document_add_record (document, new_thing (TSR_DOOM2D_KIND_ITEM, 64, 64, 28), "Place Item");
        ck_assert (tsr_document_get_modified (TSR_DOCUMENT (document)));
        ck_assert (tsr_doom2d_document_select_map (document, 1, NULL));
        ck_assert (tsr_document_get_modified (TSR_DOCUMENT (document)));
        ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
        ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
        ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
        bytes = serialized (document);
        ck_assert_msg (g_bytes_equal (bytes, original_bytes), "%s: maps chosen and nothing edited, saved differently", names[n]);
      }

      for (guint i = 0; i < n_maps; i++)
        {
          g_autoptr(TsrDoom2dDocument) document = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(GBytes) bytes = NULL;
          TsrDoom2dWad *before, *after;
          g_autofree char *map_name = NULL;
          TsrDoom2dMap *map;
          guint items;

          ck_assert (g_file_set_contents (path, g_bytes_get_data (original_bytes, NULL), g_bytes_get_size (original_bytes), NULL));
          document = open_path (path);
          ck_assert (tsr_doom2d_document_select_map (document, i, &error));
          map_name = g_strdup (tsr_doom2d_document_get_map_name (document, i));
          items = tsr_doom2d_map_count (tsr_doom2d_document_get_map (document), TSR_DOOM2D_KIND_ITEM);
          tsr_doom2d_document_add_record (document, new_thing (TSR_DOOM2D_KIND_ITEM, 64, 64, 28), "Place Item");
          ck_assert_msg (tsr_document_save (TSR_DOCUMENT (document), NULL, TSR_SAVE_FORCE, &error), "%s",
                         error ? error->message : "");
          bytes = tsr_test_read_file (path);
          before = tsr_doom2d_archive_read (original_bytes, &error);
          after = tsr_doom2d_archive_read (bytes, &error);
          ck_assert_msg (after != NULL, "%s", error ? error->message : "");
          assert_entries_stored_alike (before, after, (const char *const[]) { map_name, NULL });
          map = read_archive_map (after, map_name, FALSE);
          ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_ITEM), items + 1);
          tsr_doom2d_map_free (map);
          tsr_doom2d_wad_free (before);
          tsr_doom2d_wad_free (after);
        }
    }
}
END_TEST

/* --- Randomized edits --- */

static guint
random_index (GRand *rand,
              guint  n)
{
  return n == 0 ? 0 : (guint) g_rand_int_range (rand, 0, (gint32) n);
}

static const gint64 panel_types[] = {
  TSR_DOOM2D_PANEL_WALL, TSR_DOOM2D_PANEL_BACK, TSR_DOOM2D_PANEL_FORE, TSR_DOOM2D_PANEL_WATER,
  TSR_DOOM2D_PANEL_ACID1, TSR_DOOM2D_PANEL_STEP, TSR_DOOM2D_PANEL_LIFTUP, TSR_DOOM2D_PANEL_OPENDOOR,
  TSR_DOOM2D_PANEL_CLOSEDOOR, TSR_DOOM2D_PANEL_BLOCKMON, TSR_DOOM2D_PANEL_LIFTLEFT,
};
static const guint trigger_types[] = { 1, 2, 3, 4, 5, 7, 9, 11, 13, 14, 18, 19, 20, 24, 27 };

/* Points a random trigger at a random acceptable record (or point). Returns TRUE if it tried. */
static void
random_target (TsrDoom2dDocument *document,
               GRand             *rand)
{
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  guint n = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER);
  guint trigger = random_index (rand, n);
  TsrDoom2dTarget target;

  if (n == 0 || !tsr_doom2d_document_get_trigger_target (document, trigger, &target))
    return;
  if (target.kind == TSR_DOOM2D_TARGET_POINT)
    {
      ck_assert (tsr_doom2d_document_set_trigger_point (document, trigger, g_rand_int_range (rand, 0, 2000),
                                                        g_rand_int_range (rand, 0, 1000), NULL));
      return;
    }
  for (guint attempt = 0; attempt < 20; attempt++)
    {
      TsrDoom2dKind kind = target.kind == TSR_DOOM2D_TARGET_MONSTER ? TSR_DOOM2D_KIND_MONSTER : TSR_DOOM2D_KIND_PANEL;
      guint candidates = tsr_doom2d_map_count (map, kind);
      guint pick = random_index (rand, candidates);
      gboolean accepted = candidates > 0 && tsr_doom2d_document_accepts_target (document, trigger, kind, pick);
      g_autoptr(GError) error = NULL;

      if (candidates == 0)
        return;
      ck_assert_int_eq (tsr_doom2d_document_set_trigger_target (document, trigger, kind, pick, &error), accepted);
      if (accepted)
        return;
    }
}

/* Deletes something, often the record a trigger points at. */
static void
random_delete (TsrDoom2dDocument *document,
               GRand             *rand)
{
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  static const TsrDoom2dKind kinds[] = { TSR_DOOM2D_KIND_PANEL, TSR_DOOM2D_KIND_ITEM, TSR_DOOM2D_KIND_MONSTER,
                                         TSR_DOOM2D_KIND_AREA, TSR_DOOM2D_KIND_TRIGGER };
  TsrDoom2dKind kind = kinds[random_index (rand, G_N_ELEMENTS (kinds))];
  guint n = tsr_doom2d_map_count (map, kind);
  guint doomed[3];
  guint n_doomed = 1 + random_index (rand, 3);

  if (n == 0)
    return;
  for (guint i = 0; i < n_doomed; i++)
    doomed[i] = random_index (rand, n);
  /* Half the time a trigger's target. */
  if (g_rand_boolean (rand) && tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER) > 0)
    {
      guint trigger = random_index (rand, tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER));
      TsrDoom2dTarget target;

      if (tsr_doom2d_document_get_trigger_target (document, trigger, &target)
          && (target.kind == TSR_DOOM2D_TARGET_PANEL || target.kind == TSR_DOOM2D_TARGET_MONSTER))
        {
          const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, trigger);
          gint64 v = target.data ? record->data_values[target.field].v[0] : record->values[target.field].v[0];

          if (v >= 0)
            {
              kind = target.kind == TSR_DOOM2D_TARGET_PANEL ? TSR_DOOM2D_KIND_PANEL : TSR_DOOM2D_KIND_MONSTER;
              doomed[0] = (guint) v;
              n_doomed = 1;
            }
        }
    }
  if (g_rand_boolean (rand))
    ck_assert (tsr_doom2d_document_remove_records (document, kind, doomed, n_doomed, NULL));
  else
    {
      /* Through the vector map, as the editor's Delete does. */
      TsrElementRef refs[3];
      g_autoptr(TsrCommand) command = NULL;

      for (guint i = 0; i < n_doomed; i++)
        refs[i] = tsr_doom2d_document_record_to_element (document, kind, doomed[i]);
      command = tsr_remove_elements_command_new (TSR_VECTOR_MAP (document), refs, n_doomed, "Delete");
      tsr_document_execute (TSR_DOCUMENT (document), command);
    }
  assert_references_valid (map);
}

static void
random_set_fields (TsrDoom2dDocument *document,
                   GRand             *rand)
{
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  static const TsrDoom2dKind kinds[] = { TSR_DOOM2D_KIND_PANEL, TSR_DOOM2D_KIND_ITEM, TSR_DOOM2D_KIND_MONSTER,
                                         TSR_DOOM2D_KIND_TRIGGER, TSR_DOOM2D_KIND_HEADER };
  TsrDoom2dKind kind = kinds[random_index (rand, G_N_ELEMENTS (kinds))];
  guint n = tsr_doom2d_map_count (map, kind);
  guint n_set = 1 + random_index (rand, 4);
  TsrFieldValue value = { { 0 } };
  guint field;
  g_autoptr(GError) error = NULL;

  if (n == 0)
    return;
  switch (kind)
    {
    case TSR_DOOM2D_KIND_PANEL:
      field = g_rand_boolean (rand) ? TSR_DOOM2D_PANEL_TYPE : 4; /* type or alpha */
      value.v[0] = field == TSR_DOOM2D_PANEL_TYPE ? panel_types[random_index (rand, G_N_ELEMENTS (panel_types))]
                                                  : g_rand_int_range (rand, 0, 256);
      break;
    case TSR_DOOM2D_KIND_ITEM:
      field = TSR_DOOM2D_THING_TYPE;
      value.v[0] = g_rand_int_range (rand, 1, 39);
      break;
    case TSR_DOOM2D_KIND_MONSTER:
      field = g_rand_boolean (rand) ? TSR_DOOM2D_THING_TYPE : 2; /* type or direction */
      value.v[0] = field == TSR_DOOM2D_THING_TYPE ? g_rand_int_range (rand, 1, 21) : g_rand_int_range (rand, 0, 2);
      break;
    case TSR_DOOM2D_KIND_TRIGGER:
      field = g_rand_boolean (rand) ? TSR_DOOM2D_TRIGGER_TYPE : 6; /* type or keys */
      value.v[0] = field == TSR_DOOM2D_TRIGGER_TYPE ? (gint64) trigger_types[random_index (rand, G_N_ELEMENTS (trigger_types))]
                                                    : (gint64) g_rand_int_range (rand, 0, 8);
      break;
    case TSR_DOOM2D_KIND_HEADER:
    case TSR_DOOM2D_KIND_TEXTURE:
    case TSR_DOOM2D_KIND_AREA:
    case TSR_DOOM2D_N_KINDS:
    default:
      field = TSR_DOOM2D_HEADER_NAME;
      value.text = g_strdup_printf ("Map %u", random_index (rand, 100));
      n_set = 1;
      break;
    }
  /* Several records in one step, as the inspector sets a field on a selection. */
  tsr_undo_stack_begin_group (stack, "Set Field");
  for (guint i = 0; i < n_set; i++)
    ck_assert_msg (tsr_doom2d_document_set_field (document, kind, kind == TSR_DOOM2D_KIND_HEADER ? 0 : random_index (rand, n),
                                                  FALSE, field, &value, NULL, &error),
                   "%s", error ? error->message : "");
  tsr_undo_stack_end_group (stack);
  g_free (value.text);
}

static void
random_move (TsrDoom2dDocument *document,
             GRand             *rand)
{
  TsrVectorMap *vector = TSR_VECTOR_MAP (document);
  TsrElementKind kind = g_rand_boolean (rand) ? TSR_ELEMENT_RECTANGLE : TSR_ELEMENT_MARKER;
  guint n = tsr_vector_map_get_n_elements (vector, kind);
  TsrElementRef refs[4];
  guint n_refs = 1 + random_index (rand, 4);
  g_autoptr(TsrCommand) command = NULL;

  if (n == 0)
    return;
  for (guint i = 0; i < n_refs; i++)
    refs[i] = (TsrElementRef) { kind, random_index (rand, n) };
  /* Duplicates would be moved twice: keep distinct references. */
  if (n_refs > 1)
    {
      g_autoptr(GArray) unique = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));

      for (guint i = 0; i < n_refs; i++)
        {
          gboolean seen = FALSE;
          for (guint j = 0; j < unique->len; j++)
            seen |= tsr_element_ref_equal (&g_array_index (unique, TsrElementRef, j), &refs[i]);
          if (!seen)
            g_array_append_val (unique, refs[i]);
        }
      n_refs = unique->len;
      memcpy (refs, unique->data, sizeof (TsrElementRef) * n_refs);
    }
  if (kind == TSR_ELEMENT_RECTANGLE && g_rand_boolean (rand))
    {
      /* Resize by the far corner. */
      TsrVertexRef corner = { refs[0], 1 };
      TsrVectorPoint p;

      tsr_vector_map_get_vertex (vector, &refs[0], 1, &p);
      p.x += g_rand_int_range (rand, -40, 40);
      p.y += g_rand_int_range (rand, -40, 40);
      command = tsr_move_elements_command_new (vector, &corner, &p, 1, "Resize", NULL);
    }
  else
    command = tsr_move_elements_command_new_translate (vector, refs, n_refs, g_rand_double_range (rand, -64, 64),
                                                       g_rand_double_range (rand, -64, 64), "Move", NULL);
  tsr_document_execute (TSR_DOCUMENT (document), command);
}

static void
random_add (TsrDoom2dDocument *document,
            GRand             *rand)
{
  gint64 x = g_rand_int_range (rand, 0, 2000), y = g_rand_int_range (rand, 0, 1000);
  guint textures = tsr_doom2d_map_count (tsr_doom2d_document_get_map (document), TSR_DOOM2D_KIND_TEXTURE);

  switch (random_index (rand, 5))
    {
    case 0:
      tsr_doom2d_document_add_record (document,
                                      new_panel (x, y, 8 * (1 + random_index (rand, 16)), 8 * (1 + random_index (rand, 16)),
                                                 panel_types[random_index (rand, G_N_ELEMENTS (panel_types))],
                                                 random_index (rand, textures)), "Draw Panel");
      break;
    case 1:
      tsr_doom2d_document_add_record (document, new_thing (TSR_DOOM2D_KIND_ITEM, x, y, g_rand_int_range (rand, 1, 39)),
                                      "Place Item");
      break;
    case 2:
      tsr_doom2d_document_add_record (document, new_thing (TSR_DOOM2D_KIND_MONSTER, x, y, g_rand_int_range (rand, 1, 21)),
                                      "Place Monster");
      break;
    case 3:
      tsr_doom2d_document_add_record (document, new_thing (TSR_DOOM2D_KIND_AREA, x, y, g_rand_int_range (rand, 1, 9)),
                                      "Place Area");
      break;
    default:
      tsr_doom2d_document_add_record (document,
                                      new_trigger (x, y, 16 * (1 + random_index (rand, 4)), 16 * (1 + random_index (rand, 4)),
                                                   trigger_types[random_index (rand, G_N_ELEMENTS (trigger_types))]),
                                      "Add Trigger");
      break;
    }
}

/* N_EDITS mixed edits with some undos and redos between; then undo-all must give ORIGINAL and
 * redo back to the end the edited bytes. */
/* Copies up to eight random records (panels and triggers often with their targets) and pastes
 * them at a random place: one step, and every reference still names a record. */
static void
random_paste (TsrDoom2dDocument *document,
              GRand             *rand)
{
  TsrVectorMap *vector = TSR_VECTOR_MAP (document);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  guint n_rectangles = tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_RECTANGLE);
  guint n_markers = tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_MARKER);
  guint n = 1 + random_index (rand, 8);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);

  tsr_edit_session_set_layer (session, G_OBJECT (document));
  for (guint i = 0; i < n; i++)
    {
      gboolean marker = random_index (rand, 3) == 0;
      TsrElementRef ref = { marker ? TSR_ELEMENT_MARKER : TSR_ELEMENT_RECTANGLE,
                            random_index (rand, marker ? n_markers : n_rectangles) };
      TsrDoom2dKind kind;
      guint index;
      TsrDoom2dTarget target;

      if (!tsr_doom2d_document_element_to_record (document, &ref, &kind, &index))
        continue;
      g_array_append_val (refs, ref);
      /* Half the time a trigger brings its target panel or monster along. */
      if (kind == TSR_DOOM2D_KIND_TRIGGER && random_index (rand, 2) == 0
          && tsr_doom2d_document_get_trigger_target (document, index, &target)
          && (target.kind == TSR_DOOM2D_TARGET_PANEL || target.kind == TSR_DOOM2D_TARGET_MONSTER))
        {
          const TsrDoom2dRecord *trigger = tsr_doom2d_map_get (map, kind, index);
          gint64 to = (target.data ? trigger->data_values : trigger->values)[target.field].v[0];

          if (to >= 0)
            {
              TsrElementRef target_ref = tsr_doom2d_document_record_to_element (
                document, target.kind == TSR_DOOM2D_TARGET_PANEL ? TSR_DOOM2D_KIND_PANEL : TSR_DOOM2D_KIND_MONSTER,
                (guint) to);

              g_array_append_val (refs, target_ref);
            }
        }
    }
  if (refs->len == 0)
    return;
  tsr_selection_set (tsr_edit_session_get_selection (session), (const TsrElementRef *) refs->data, refs->len);
  ck_assert (tsr_edit_session_copy (session));
  ck_assert (tsr_edit_session_paste (session, 8.0 * (random_index (rand, 200) - 100.0),
                                     8.0 * (random_index (rand, 200) - 100.0)));
  assert_references_valid (map);
}

static void
run_random_edits (TsrDoom2dDocument *document,
                  guint32            seed,
                  guint              n_edits)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  g_autoptr(GBytes) original = serialized (document);
  g_autoptr(GBytes) edited = NULL;
  guint deletions = 0, targets = 0, pastes = 0;
  guint position;

  for (guint i = 0; i < n_edits; i++)
    {
      guint what = random_index (rand, 100);

      if (what < 18)
        random_add (document, rand);
      else if (what < 22)
        {
          random_paste (document, rand);
          pastes++;
        }
      else if (what < 40)
        {
          random_target (document, rand);
          targets++;
        }
      else if (what < 55)
        random_move (document, rand);
      else if (what < 70)
        {
          random_delete (document, rand);
          deletions++;
        }
      else if (what < 88)
        random_set_fields (document, rand);
      else if (what < 95)
        tsr_document_undo (TSR_DOCUMENT (document));
      else
        tsr_document_redo (TSR_DOCUMENT (document));
      if (what >= 88)
        assert_references_valid (tsr_doom2d_document_get_map (document));
    }
  ck_assert_uint_gt (deletions, n_edits / 10);
  ck_assert_uint_gt (targets, n_edits / 10);
  ck_assert_uint_gt (pastes, n_edits / 50);
  edited = serialized (document);
  position = tsr_undo_stack_get_position (stack);
  ck_assert_uint_gt (position, n_edits / 2);
  undo_all (document);
  {
    g_autoptr(GBytes) back = serialized (document);
    ck_assert_msg (g_bytes_equal (back, original), "undo-all differs from the loaded bytes");
  }
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
  ck_assert (tsr_undo_stack_set_position (stack, position));
  {
    g_autoptr(GBytes) again = serialized (document);
    ck_assert_msg (g_bytes_equal (again, edited), "redo-all differs from the edited bytes");
  }
  assert_references_valid (tsr_doom2d_document_get_map (document));
}

/* Every record's position and every point of a trigger's data, in order. */
static GArray *
all_places (TsrDoom2dMap *map)
{
  GArray *places = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint k = TSR_DOOM2D_KIND_PANEL; k < TSR_DOOM2D_N_KINDS; k++)
    for (guint i = 0; i < tsr_doom2d_map_count (map, k); i++)
      {
        const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, k, i);

        g_array_append_vals (places, record->values[0].v, 2);
        for (guint f = 0; record->layout != NULL && f < record->layout->table.n_fields; f++)
          if (record->layout->table.fields[f].type == TSR_FIELD_POINT)
            g_array_append_vals (places, record->data_values[f].v, 2);
      }
  return places;
}

START_TEST (test_resize_map)
{
  g_autofree char *path = map_path ();
  g_autoptr(TsrDoom2dDocument) document = open_path (path);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  g_autoptr(GBytes) original = NULL;
  g_autoptr(GBytes) grown = NULL;
  g_autoptr(GArray) before = NULL;
  g_autoptr(GArray) after = NULL;
  g_autoptr(GError) error = NULL;
  guint teleport, width, height, depth, points = 0;
  gint64 dx, dy;
  /* Growth of 10 x 6 for each anchor: nothing, half, all of it. */
  static const gint64 expected[TSR_DOOM2D_N_ANCHORS][2] = {
    { 0, 0 }, { 5, 0 }, { 10, 0 }, { 0, 3 }, { 5, 3 }, { 10, 3 }, { 0, 6 }, { 5, 6 }, { 10, 6 },
  };

  for (guint a = 0; a < TSR_DOOM2D_N_ANCHORS; a++)
    {
      tsr_doom2d_resize_offset (100, 100, 110, 106, a, &dx, &dy);
      ck_assert_int_eq (dx, expected[a][0]);
      ck_assert_int_eq (dy, expected[a][1]);
      tsr_doom2d_resize_offset (110, 106, 100, 100, a, &dx, &dy);
      ck_assert_int_eq (dx, -expected[a][0]);
      ck_assert_int_eq (dy, -expected[a][1]);
    }

  /* A teleport whose destination must move with the map. */
  teleport = tsr_doom2d_document_add_record (document, new_trigger (64, 64, 32, 32, 2), "Add Trigger");
  ck_assert (tsr_doom2d_document_set_trigger_point (document, teleport, 300, 200, NULL));
  original = serialized (document);
  before = all_places (map);
  width = (guint) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0];
  height = (guint) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1];
  depth = tsr_undo_stack_get_depth (stack);

  /* Centre anchor, growing by 101 x 60: everything moves by (50, 30), as one step. */
  ck_assert (tsr_doom2d_document_resize_map (document, width + 101, height + 60, TSR_DOOM2D_ANCHOR_CENTER, &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Resize Map");
  ck_assert_int_eq (map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0], width + 101);
  ck_assert_int_eq (map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1], height + 60);
  after = all_places (map);
  ck_assert_uint_eq (after->len, before->len);
  for (guint i = 0; i < before->len; i += 2)
    {
      ck_assert_int_eq (g_array_index (after, gint64, i), g_array_index (before, gint64, i) + 50);
      ck_assert_int_eq (g_array_index (after, gint64, i + 1), g_array_index (before, gint64, i + 1) + 30);
    }
  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER); i++)
    {
      const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, i);

      for (guint f = 0; record->layout != NULL && f < record->layout->table.n_fields; f++)
        points += record->layout->table.fields[f].type == TSR_FIELD_POINT;
    }
  ck_assert_uint_gt (points, 0);
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, teleport)->data_values[0].v[0], 350);
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, teleport)->data_values[0].v[1], 230);
  grown = serialized (document);
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  {
    g_autoptr(GBytes) back = serialized (document);
    ck_assert (g_bytes_equal (back, original));
  }
  ck_assert (tsr_document_redo (TSR_DOCUMENT (document)));
  {
    g_autoptr(GBytes) again = serialized (document);
    ck_assert (g_bytes_equal (again, grown));
  }
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));

  /* Bottom-right anchor, shrinking: everything moves up and left by the shrinkage. */
  ck_assert (tsr_doom2d_document_resize_map (document, width - 32, height - 16, TSR_DOOM2D_ANCHOR_BOTTOM_RIGHT, NULL));
  g_clear_pointer (&after, g_array_unref);
  after = all_places (map);
  for (guint i = 0; i < before->len; i += 2)
    {
      ck_assert_int_eq (g_array_index (after, gint64, i), g_array_index (before, gint64, i) - 32);
      ck_assert_int_eq (g_array_index (after, gint64, i + 1), g_array_index (before, gint64, i + 1) - 16);
    }
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));

  /* Top-left: only the size changes. */
  ck_assert (tsr_doom2d_document_resize_map (document, width + 64, height, TSR_DOOM2D_ANCHOR_TOP_LEFT, NULL));
  g_clear_pointer (&after, g_array_unref);
  after = all_places (map);
  ck_assert (memcmp (after->data, before->data, before->len * sizeof (gint64)) == 0);
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));

  /* Refused sizes, and the same size is no step. */
  depth = tsr_undo_stack_get_depth (stack);
  ck_assert (!tsr_doom2d_document_resize_map (document, 0, height, TSR_DOOM2D_ANCHOR_CENTER, &error));
  ck_assert (!tsr_doom2d_document_resize_map (document, width, 70000, TSR_DOOM2D_ANCHOR_CENTER, NULL));
  ck_assert (tsr_doom2d_document_resize_map (document, width, height, TSR_DOOM2D_ANCHOR_CENTER, NULL));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth);
  {
    g_autoptr(GBytes) back = serialized (document);
    ck_assert (g_bytes_equal (back, original));
  }
}
END_TEST

/* Selects the records (KINDS[i], INDICES[i]) in SESSION. */
static void
select_records (TsrDoom2dDocument   *document,
                TsrEditSession      *session,
                const TsrDoom2dKind *kinds,
                const guint         *indices,
                guint                n)
{
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));

  for (guint i = 0; i < n; i++)
    {
      TsrElementRef ref = tsr_doom2d_document_record_to_element (document, kinds[i], indices[i]);

      g_array_append_val (refs, ref);
    }
  tsr_selection_set (tsr_edit_session_get_selection (session), (const TsrElementRef *) refs->data, refs->len);
}

START_TEST (test_copy_paste_remaps_targets)
{
  g_autofree char *path = map_path ();
  g_autoptr(TsrDoom2dDocument) document = open_path (path);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  g_autoptr(GBytes) before = NULL;
  guint door, wall, door_trigger, kept_trigger, monster, press, teleport, old_door = G_MAXUINT;
  guint n_panels, n_triggers, n_monsters, depth;
  const TsrDoom2dRecord *record;

  tsr_edit_session_set_layer (session, G_OBJECT (document));
  /* A door with its trigger, a trigger whose door stays behind, a monster with the press
   * trigger that wakes it, a teleport, a textured wall. */
  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL) && old_door == G_MAXUINT; i++)
    if (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, i)->values[TSR_DOOM2D_PANEL_TYPE].v[0]
        & (TSR_DOOM2D_PANEL_OPENDOOR | TSR_DOOM2D_PANEL_CLOSEDOOR))
      old_door = i;
  ck_assert_uint_ne (old_door, G_MAXUINT);
  door = tsr_doom2d_document_add_record (document, new_panel (96, 96, 16, 64, TSR_DOOM2D_PANEL_CLOSEDOOR, 1), NULL);
  wall = tsr_doom2d_document_add_record (document, new_panel (112, 96, 64, 16, TSR_DOOM2D_PANEL_WALL, 2), NULL);
  door_trigger = tsr_doom2d_document_add_record (document, new_trigger (64, 128, 32, 32, TSR_DOOM2D_TRIGGER_DOOR), NULL);
  ck_assert (tsr_doom2d_document_set_trigger_target (document, door_trigger, TSR_DOOM2D_KIND_PANEL, door, NULL));
  kept_trigger = tsr_doom2d_document_add_record (document, new_trigger (32, 128, 16, 16, TSR_DOOM2D_TRIGGER_OPENDOOR), NULL);
  ck_assert (tsr_doom2d_document_set_trigger_target (document, kept_trigger, TSR_DOOM2D_KIND_PANEL, old_door, NULL));
  monster = tsr_doom2d_document_add_record (document, new_thing (TSR_DOOM2D_KIND_MONSTER, 160, 80, 3), NULL);
  press = tsr_doom2d_document_add_record (document, new_trigger (144, 128, 16, 16, 9), NULL);
  ck_assert (tsr_doom2d_document_set_trigger_target (document, press, TSR_DOOM2D_KIND_MONSTER, monster, NULL));
  teleport = tsr_doom2d_document_add_record (document, new_trigger (180, 128, 16, 16, 2), NULL);
  ck_assert (tsr_doom2d_document_set_trigger_point (document, teleport, 400, 90, NULL));
  before = serialized (document);
  n_panels = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL);
  n_triggers = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER);
  n_monsters = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER);

  {
    const TsrDoom2dKind kinds[] = { TSR_DOOM2D_KIND_PANEL, TSR_DOOM2D_KIND_PANEL, TSR_DOOM2D_KIND_TRIGGER,
                                    TSR_DOOM2D_KIND_TRIGGER, TSR_DOOM2D_KIND_MONSTER, TSR_DOOM2D_KIND_TRIGGER,
                                    TSR_DOOM2D_KIND_TRIGGER };
    const guint indices[] = { door, wall, door_trigger, kept_trigger, monster, press, teleport };

    select_records (document, session, kinds, indices, G_N_ELEMENTS (kinds));
  }
  ck_assert (tsr_edit_session_copy (session));
  ck_assert (tsr_edit_session_can_paste (session));
  depth = tsr_undo_stack_get_depth (stack);
  /* The clip's corner is the door's (32, 80 is the smallest x and y: the kept trigger, the
   * monster); pasted 1000 px right and 500 down. */
  ck_assert (tsr_edit_session_paste (session, 1000, 500));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL), n_panels + 2);
  ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER), n_triggers + 4);
  ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER), n_monsters + 1);
  assert_references_valid (map);

  /* The pasted door and wall keep type, size and texture, moved. */
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n_panels);
  ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_POSITION].v[0], 1096);
  ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_POSITION].v[1], 596);
  ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_SIZE].v[1], 64);
  ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_TYPE].v[0], TSR_DOOM2D_PANEL_CLOSEDOOR);
  ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_TEXTURE].v[0], 1);
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n_panels + 1)->values[TSR_DOOM2D_PANEL_TEXTURE].v[0], 2);
  /* The copied door trigger opens the pasted door; the one whose door stayed keeps it. */
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, n_triggers);
  ck_assert_int_eq (record->values[TSR_DOOM2D_TRIGGER_TYPE].v[0], TSR_DOOM2D_TRIGGER_DOOR);
  ck_assert_int_eq (record->data_values[0].v[0], n_panels);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, n_triggers + 1);
  ck_assert_int_eq (record->data_values[0].v[0], old_door);
  /* The press trigger wakes the pasted monster (appended after it in the paste). */
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, n_triggers + 2);
  ck_assert_int_eq (record->data_values[tsr_field_table_find (&record->layout->table, "monsterid")].v[0], n_monsters);
  ck_assert_int_eq (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_MONSTER, n_monsters)->values[0].v[0], 1160);
  /* The teleport's destination moved with it. */
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, n_triggers + 3);
  ck_assert_int_eq (record->data_values[0].v[0], 1400);
  ck_assert_int_eq (record->data_values[0].v[1], 590);
  /* What was pasted is selected. */
  ck_assert_uint_eq (tsr_selection_get_size (tsr_edit_session_get_selection (session)), 7);

  /* A second paste points at its own copies. */
  ck_assert (tsr_edit_session_paste (session, 0, 1000));
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, n_triggers + 4);
  ck_assert_int_eq (record->data_values[0].v[0], n_panels + 2);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, n_triggers + 6);
  ck_assert_int_eq (record->data_values[tsr_field_table_find (&record->layout->table, "monsterid")].v[0], n_monsters + 1);
  assert_references_valid (map);

  /* Undone, the map is as before the pastes. */
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  {
    g_autoptr(GBytes) back = serialized (document);
    ck_assert (g_bytes_equal (back, before));
  }
}
END_TEST

START_TEST (test_random_edits_undo_all)
{
  g_autofree char *path = map_path ();
  g_autoptr(TsrDoom2dDocument) document = open_path (path);

  run_random_edits (document, 17, 1200);
}
END_TEST

START_TEST (test_random_edits_text_map)
{
  g_autofree char *path = map_path ();
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *text_path = g_build_filename (folder, "MAP01.txt", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(GError) error = NULL;
  TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  g_autoptr(GBytes) text = tsr_doom2d_map_write_text (map);
  g_autoptr(TsrDoom2dDocument) document = NULL;
  g_autoptr(GBytes) saved = NULL;

  tsr_doom2d_map_free (map);
  ck_assert (g_file_set_contents (text_path, g_bytes_get_data (text, NULL), (gssize) g_bytes_get_size (text), NULL));
  document = open_path (text_path);
  ck_assert_str_eq (tsr_document_get_format_id (TSR_DOCUMENT (document)), "doom2d-text");
  run_random_edits (document, 4242, 400);
  /* Saved as text, as it was loaded. */
  ck_assert (tsr_document_save (TSR_DOCUMENT (document), NULL, TSR_SAVE_FORCE, &error));
  saved = tsr_test_read_file (text_path);
  ck_assert (tsr_doom2d_map_sniff_text (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved)));
}
END_TEST


/* Save As converts a map file by the new name's extension: .txt writes the text map, .map the
 * binary again (the real map's bytes), and the document is of the format it last saved. What would
 * change the file's kind (a map as an archive, an archive as a map) or lose data (a text-only
 * field as binary) is refused with nothing written. */
START_TEST (test_save_as_converts)
{
  g_autofree char *path = map_path ();
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *copy = g_build_filename (folder, "a.map", NULL);
  g_autofree char *text_path = g_build_filename (folder, "b.txt", NULL);
  g_autofree char *binary_path = g_build_filename (folder, "c.map", NULL);
  g_autofree char *archive_path = g_build_filename (folder, "d.wad", NULL);
  g_autoptr(GBytes) original = tsr_test_read_file (path);
  g_autoptr(TsrDoom2dDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) text_file = g_file_new_for_path (text_path);
  g_autoptr(GFile) binary_file = g_file_new_for_path (binary_path);
  g_autoptr(GFile) archive_file = g_file_new_for_path (archive_path);
  TsrDoom2dRecord *panel;
  int move_speed;

  ck_assert (g_file_set_contents (copy, g_bytes_get_data (original, NULL), (gssize) g_bytes_get_size (original), NULL));
  document = open_path (copy);
  ck_assert_str_eq (tsr_document_get_format_id (TSR_DOCUMENT (document)), "doom2d-map");

  ck_assert_msg (tsr_document_save (TSR_DOCUMENT (document), text_file, 0, &error), "%s", error ? error->message : "");
  ck_assert_str_eq (tsr_document_get_format_id (TSR_DOCUMENT (document)), "doom2d-text");
  ck_assert (g_file_equal (tsr_document_get_file (TSR_DOCUMENT (document)), text_file));
  {
    g_autoptr(GBytes) text = tsr_test_read_file (text_path);
    TsrDoom2dMap *map = tsr_doom2d_map_read_text (g_bytes_get_data (text, NULL), g_bytes_get_size (text), &error);
    g_autoptr(GBytes) binary = NULL;

    ck_assert_msg (map != NULL, "%s", error ? error->message : "");
    binary = tsr_doom2d_map_write_binary (map);
    ck_assert (g_bytes_equal (binary, original));
    tsr_doom2d_map_free (map);
  }

  /* A text-only value has no place in the binary map. */
  panel = tsr_doom2d_map_get (tsr_doom2d_document_get_map (document), TSR_DOOM2D_KIND_PANEL, 0);
  move_speed = tsr_field_table_find (&tsr_doom2d_record_type (TSR_DOOM2D_KIND_PANEL)->table, "move_speed");
  ck_assert_int_ge (move_speed, 0);
  panel->values[move_speed].v[0] = 3;
  ck_assert (!tsr_document_save (TSR_DOCUMENT (document), binary_file, 0, &error));
  ck_assert_msg (strstr (error->message, "move_speed") != NULL && strstr (error->message, "save it as .txt") != NULL,
                 "%s", error->message);
  g_clear_error (&error);
  ck_assert (!g_file_test (binary_path, G_FILE_TEST_EXISTS));
  ck_assert_str_eq (tsr_document_get_format_id (TSR_DOCUMENT (document)), "doom2d-text");
  panel->values[move_speed].v[0] = 0;

  ck_assert_msg (tsr_document_save (TSR_DOCUMENT (document), binary_file, 0, &error), "%s", error ? error->message : "");
  ck_assert_str_eq (tsr_document_get_format_id (TSR_DOCUMENT (document)), "doom2d-map");
  {
    g_autoptr(GBytes) binary = tsr_test_read_file (binary_path);
    ck_assert (g_bytes_equal (binary, original));
  }

  /* A map file does not become an archive, nor an archive a map file. */
  ck_assert (!tsr_document_save (TSR_DOCUMENT (document), archive_file, 0, &error));
  ck_assert_msg (strstr (error->message, "a map file is saved as .map (binary) or .txt (text)") != NULL, "%s",
                 error->message);
  g_clear_error (&error);
  ck_assert (!g_file_test (archive_path, G_FILE_TEST_EXISTS));
  g_clear_object (&document);
  {
    g_autofree char *source = g_build_filename (data_dir, "dfwad_W73A_1.wad", NULL);
    g_autoptr(GBytes) wad = tsr_test_read_file (source);
    g_autoptr(GFile) as_map = g_file_new_for_path (copy);

    ck_assert (g_file_set_contents (archive_path, g_bytes_get_data (wad, NULL), (gssize) g_bytes_get_size (wad), NULL));
    ck_assert (g_unlink (copy) == 0);
    document = open_path (archive_path);
    ck_assert (!tsr_document_save (TSR_DOCUMENT (document), as_map, 0, &error));
    ck_assert_msg (strstr (error->message, "an archive of maps is saved as an archive") != NULL, "%s", error->message);
    ck_assert (!g_file_test (copy, G_FILE_TEST_EXISTS));
  }
}
END_TEST


/* --- The tool, through the same entry points the canvas calls --- */

/* A TsrDoom2dTextureSizeFunc: every texture 32 x 24. */
static gboolean
fixed_texture_size (guint     texture,
                    guint    *width,
                    guint    *height,
                    gpointer  user_data)
{
  *width = 32;
  *height = 24;
  return TRUE;
}

/* SESSION's layer and tool over DOCUMENT: a TsrDoom2dTool, as the page sets them. (transfer full) */
static TsrTool *
session_tool (TsrEditSession    *session,
              TsrDoom2dDocument *document)
{
  TsrTool *tool;

  tsr_edit_session_set_layer (session, G_OBJECT (document));
  tool = tsr_doom2d_tool_new (session, document);
  tsr_edit_session_set_tool (session, tool);
  return tool;
}

static void
tool_drag (TsrTool *tool, double x0, double y0, double x1, double y1, TsrModifiers modifiers)
{
  TsrToolEvent event = { x0, y0, 1.0, modifiers };

  tsr_tool_press (tool, &event);
  for (guint i = 1; i <= 8; i++)
    {
      event.x = x0 + (x1 - x0) * i / 8;
      event.y = y0 + (y1 - y0) * i / 8;
      tsr_tool_drag (tool, &event);
    }
  tsr_tool_release (tool, &event);
}

/* Texture-sized panels: with the texture's frame size known, a Ctrl-click draws one panel of that
 * size at the grid cell, and a drag snaps to whole tiles (at least one); without a size (a
 * texture that does not resolve) the grid rules as before. Undone to the loaded bytes. */
/* Drawn panels follow the game editor's texture rules. On a new map (no texture records) a wall
 * is hidden (texture 0 as filler) and the map still validates clean; with a texture, a wall shows
 * it, a liquid shows it through PANEL_FLAG_WATERTEXTURES, a lift and a monster boundary get none
 * (texture 0, no flags) and do not snap to the texture's size; texture numbers of panels that
 * show none are never reported, and they leave a texture unused. */
START_TEST (test_tool_panel_texture_rules)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) created = tsr_doom2d_new_map ("RULES", 640, 480, &error);
  TsrDoom2dDocument *document = TSR_DOOM2D_DOCUMENT (created);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (created);
  g_autoptr(TsrTool) tool = NULL;
  TsrDoom2dTool *d2;
  const TsrDoom2dRecord *record;
  static const struct { gint64 type; gint64 texture; gint64 flags; } expected[] = {
    { TSR_DOOM2D_PANEL_WALL, 0, 0 },
    { TSR_DOOM2D_PANEL_WATER, 0, TSR_DOOM2D_PANEL_FLAG_WATERTEXTURES },
    { TSR_DOOM2D_PANEL_LIFTUP, 0, 0 },
    { TSR_DOOM2D_PANEL_BLOCKMON, 0, 0 },
  };

  ck_assert_msg (created != NULL, "%s", error ? error->message : "");
  tool = session_tool (session, document);
  d2 = TSR_DOOM2D_TOOL (tool);
  tsr_doom2d_tool_set_mode (d2, TSR_DOOM2D_TOOL_PANEL);
  tsr_doom2d_tool_set_texture (d2, 0);
  tsr_doom2d_tool_set_panel_type (d2, TSR_DOOM2D_PANEL_WALL);
  tool_drag (tool, 16, 400, 200, 440, 0);
  ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL), 1);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, 0);
  ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_TEXTURE].v[0], 0);
  ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_FLAGS].v[0], TSR_DOOM2D_PANEL_FLAG_HIDE);
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (created), TSR_SEVERITY_ERROR), 0);

  {
    TsrDoom2dRecord *texture = tsr_doom2d_record_new (TSR_DOOM2D_KIND_TEXTURE);

    tsr_field_value_set_text (&texture->values[TSR_DOOM2D_TEXTURE_PATH], "Standart.wad:D2DTEXTURES\\BRICK");
    tsr_doom2d_document_add_record (document, texture, "Add Texture");
  }
  tsr_doom2d_tool_set_texture (d2, 0);
  tsr_doom2d_tool_set_texture_size (d2, 64, 64);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      guint n = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL);

      tsr_doom2d_tool_set_panel_type (d2, expected[i].type);
      tool_drag (tool, 16, 16 + 80 * i, 50, 40 + 80 * i, 0);
      ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL), n + 1);
      record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n);
      ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_TYPE].v[0], expected[i].type);
      ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_TEXTURE].v[0], expected[i].texture);
      ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_FLAGS].v[0], expected[i].flags);
      /* Textured panels snap to whole tiles of the texture; lifts and boundaries to the grid. */
      ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_SIZE].v[0],
                        tsr_doom2d_panel_type_has_texture (expected[i].type) ? 64 : 32);
      ck_assert (tsr_doom2d_panel_shows_texture (record) == tsr_doom2d_panel_type_has_texture (expected[i].type));
    }
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (created), TSR_SEVERITY_ERROR), 0);

  /* Only the lift and the boundary keep texture 0 once the wall and the water are gone: unused.
   * A filler number out of range is no error. */
  {
    const guint shown[] = { 1, 2 };

    ck_assert (tsr_doom2d_document_remove_records (document, TSR_DOOM2D_KIND_PANEL, shown, 2, "Delete"));
  }
  ck_assert_ptr_nonnull (tsr_test_find_finding (tsr_document_get_findings (created), "unused texture"));
  tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, 1)->values[TSR_DOOM2D_PANEL_TEXTURE].v[0] = 99;
  tsr_document_invalidate_findings (created);
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (created), TSR_SEVERITY_ERROR), 0);
}
END_TEST

/* A press trigger's area: the map check says it presses nothing until one is set; in Pick Target
 * a drag sets it (one undo step, snapped to the grid), a click still picks its monster, and a
 * drag on a trigger without an area is a pick as before. */
START_TEST (test_tool_press_area)
{
  g_autofree char *path = map_path ();
  g_autoptr(TsrDoom2dDocument) document = open_path (path);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  g_autoptr(TsrTool) tool = session_tool (session, document);
  TsrDoom2dTool *d2 = TSR_DOOM2D_TOOL (tool);
  guint trigger = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER);
  TsrVectorBounds area, box;
  TsrDoom2dTarget target;
  const TsrDoom2dRecord *record;
  guint depth;

  tsr_doom2d_tool_set_mode (d2, TSR_DOOM2D_TOOL_TRIGGER);
  tsr_doom2d_tool_set_trigger_type (d2, 9); /* TRIGGER_PRESS */
  tool_drag (tool, 320, 320, 352, 352, 0);
  ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER), trigger + 1);
  ck_assert (tsr_doom2d_document_get_trigger_area (document, trigger, &area));
  ck_assert (area.x1 == area.x0 && area.y1 == area.y0);
  ck_assert_ptr_nonnull (tsr_test_find_finding (tsr_document_get_findings (TSR_DOCUMENT (document)), "presses nothing"));
  /* Triggers of other kinds have no area. */
  ck_assert (!tsr_doom2d_document_get_trigger_area (document, 0, &area));

  tsr_doom2d_tool_set_mode (d2, TSR_DOOM2D_TOOL_PICK_TARGET);
  tsr_doom2d_tool_set_trigger (d2, trigger);
  depth = tsr_undo_stack_get_depth (stack);
  tool_drag (tool, 101, 203, 229, 262, 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Set Press Area");
  ck_assert (tsr_doom2d_document_get_trigger_area (document, trigger, &area));
  ck_assert (area.x0 == 96 && area.y0 == 192 && area.x1 == 224 && area.y1 == 256);
  ck_assert_ptr_null (tsr_test_find_finding (tsr_document_get_findings (TSR_DOCUMENT (document)), "presses nothing"));

  /* A click on a monster picks it (the press trigger's other target). */
  ck_assert (tsr_doom2d_document_get_trigger_target (document, trigger, &target));
  ck_assert_int_eq (target.kind, TSR_DOOM2D_TARGET_MONSTER);
  tsr_doom2d_document_get_record_box (document, TSR_DOOM2D_KIND_MONSTER, 0, &box);
  tool_drag (tool, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, 0);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, trigger);
  ck_assert_int_eq (record->data_values[target.field].v[0], 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 2);

  /* Undo: the monster, then the area. */
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert (tsr_doom2d_document_get_trigger_area (document, trigger, &area));
  ck_assert (area.x1 == area.x0);
  {
    g_autoptr(GError) error = NULL;

    ck_assert (!tsr_doom2d_document_set_trigger_area (document, 0, 0, 0, 16, 16, &error));
    ck_assert (!tsr_doom2d_document_set_trigger_area (document, trigger, 0, 0, 70000, 16, NULL));
  }
}
END_TEST

START_TEST (test_tool_texture_sized_panels)
{
  g_autofree char *path = map_path ();
  g_autoptr(TsrDoom2dDocument) document = open_path (path);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  g_autoptr(TsrTool) tool = NULL;
  TsrDoom2dTool *d2;
  g_autoptr(GBytes) original = serialized (document);
  guint n = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL);
  const TsrDoom2dRecord *record;

  tool = session_tool (session, document);
  d2 = TSR_DOOM2D_TOOL (tool);
  tsr_doom2d_tool_set_mode (d2, TSR_DOOM2D_TOOL_PANEL);
  tsr_doom2d_tool_set_texture (d2, 3);
  tsr_doom2d_tool_set_texture_size (d2, 32, 16);

  /* Ctrl-click (a small wobble is no drag): one 32 x 16 panel at the cell, texture 3. */
  tool_drag (tool, 40, 20, 43, 22, TSR_MODIFIER_CONTROL);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n);
  ck_assert_int_eq (record->values[0].v[0], 32);
  ck_assert_int_eq (record->values[0].v[1], 16);
  ck_assert_int_eq (record->values[1].v[0], 32);
  ck_assert_int_eq (record->values[1].v[1], 16);
  ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_TEXTURE].v[0], 3);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Draw Panel");

  /* A drag of 2.2 x 2.5 tiles: 2 x 3 tiles; a drag shorter than a tile: one tile. */
  tool_drag (tool, 5, 5, 5 + 70, 5 + 40, 0);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n + 1);
  ck_assert_int_eq (record->values[0].v[0], 0);
  ck_assert_int_eq (record->values[1].v[0], 64);
  ck_assert_int_eq (record->values[1].v[1], 48);
  tool_drag (tool, 200, 200, 205, 203, 0);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n + 2);
  ck_assert_int_eq (record->values[1].v[0], 32);
  ck_assert_int_eq (record->values[1].v[1], 16);

  /* Backwards 1.2 x 0.5 tiles: one tile each way, ending at the press's cell. */
  tool_drag (tool, 300, 300, 300 - 50, 300 - 20, 0);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n + 3);
  ck_assert_int_eq (record->values[0].v[0], 288 - 32);
  ck_assert_int_eq (record->values[1].v[0], 32);
  ck_assert_int_eq (record->values[0].v[1], 288 - 16);
  ck_assert_int_eq (record->values[1].v[1], 16);

  /* A new texture without a size: the grid again, Ctrl-click a grid cell. */
  tsr_doom2d_tool_set_texture (d2, 0);
  tool_drag (tool, 40, 400, 40, 400, TSR_MODIFIER_CONTROL);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n + 4);
  ck_assert_int_eq (record->values[1].v[0], 16);
  ck_assert_int_eq (record->values[1].v[1], 16);

  while (tsr_undo_stack_undo (stack))
    ;
  {
    g_autoptr(GBytes) back = serialized (document);
    ck_assert (g_bytes_equal (back, original));
  }
}
END_TEST

START_TEST (test_tool_modes)
{
  g_autofree char *path = map_path ();
  g_autoptr(TsrDoom2dDocument) document = open_path (path);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  g_autoptr(TsrTool) tool = NULL;
  TsrDoom2dTool *d2 = NULL;
  TsrSelection *selection = tsr_edit_session_get_selection (session);
  g_autoptr(GBytes) original = serialized (document);
  guint n_panels = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL);
  guint n_monsters = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER);
  guint n_triggers = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER);
  guint depth, door = G_MAXUINT;
  const TsrDoom2dRecord *record;
  TsrDoom2dTarget target;

  tool = session_tool (session, document);
  d2 = TSR_DOOM2D_TOOL (tool);

  /* Draw a wall panel: corners snapped to 16, one undo step, the new panel selected. */
  tsr_doom2d_tool_set_mode (d2, TSR_DOOM2D_TOOL_PANEL);
  ck_assert_str_eq (tsr_tool_get_id (tool), "panel");
  depth = tsr_undo_stack_get_depth (stack);
  tool_drag (tool, 37, 21, 101, 70, 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL), n_panels + 1);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n_panels);
  ck_assert_int_eq (record->values[0].v[0], 32);
  ck_assert_int_eq (record->values[0].v[1], 16);
  ck_assert_int_eq (record->values[1].v[0], 96 - 32);
  ck_assert_int_eq (record->values[1].v[1], 64 - 16);
  ck_assert_int_eq (record->values[TSR_DOOM2D_PANEL_TYPE].v[0], TSR_DOOM2D_PANEL_WALL);
  ck_assert_uint_eq (tsr_selection_get_size (selection), 1);

  /* The 8 px grid; a click draws one grid cell. */
  tsr_doom2d_tool_set_grid (d2, 8);
  tool_drag (tool, 203, 205, 203, 205, 0);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n_panels + 1);
  ck_assert_int_eq (record->values[0].v[0], 200);
  ck_assert_int_eq (record->values[1].v[0], 8);
  tsr_doom2d_tool_set_grid (d2, 16);

  /* Resize the selected panel by its far corner: one step. */
  tsr_doom2d_tool_set_mode (d2, TSR_DOOM2D_TOOL_SELECT);
  {
    TsrElementRef ref = tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_PANEL, n_panels);

    tsr_selection_set (selection, &ref, 1);
  }
  depth = tsr_undo_stack_get_depth (stack);
  tool_drag (tool, 96, 64, 141, 97, 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Resize");
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n_panels);
  ck_assert_int_eq (record->values[0].v[0], 32);
  ck_assert_int_eq (record->values[1].v[0], 144 - 32);
  ck_assert_int_eq (record->values[1].v[1], 96 - 16);

  /* The other handles, one step each: the top side's middle moves only the top; the top-right
   * corner the top and the right; a side dragged past the opposite one stops a grid cell short. */
  {
    static const struct {
      double x0, y0, x1, y1;
      gint64 x, y, w, h;
    } drags[] = {
      { 88, 16, 88, 40, 32, 48, 112, 48 },
      { 144, 48, 170, 20, 32, 16, 144, 80 },
      { 32, 56, 300, 56, 160, 16, 16, 80 },
    };

    for (guint i = 0; i < G_N_ELEMENTS (drags); i++)
      {
        depth = tsr_undo_stack_get_depth (stack);
        tool_drag (tool, drags[i].x0, drags[i].y0, drags[i].x1, drags[i].y1, 0);
        ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
        ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Resize");
        record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n_panels);
        ck_assert_msg (record->values[0].v[0] == drags[i].x && record->values[0].v[1] == drags[i].y
                       && record->values[1].v[0] == drags[i].w && record->values[1].v[1] == drags[i].h,
                       "drag %u: (%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ") %" G_GINT64_FORMAT " x %" G_GINT64_FORMAT, i,
                       record->values[0].v[0], record->values[0].v[1], record->values[1].v[0], record->values[1].v[1]);
      }
    for (guint i = 0; i < G_N_ELEMENTS (drags); i++)
      ck_assert (tsr_undo_stack_undo (stack));
    record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n_panels);
    ck_assert_int_eq (record->values[0].v[0], 32);
    ck_assert_int_eq (record->values[1].v[0], 144 - 32);
  }

  /* With its texture's size known (32 x 24 here), the panel keeps whole tiles: the right side
   * dragged to x 170 ends at 32 + 5 x 32 = 192, the bottom dragged up to y 30 at 16 + 1 x 24. */
  tsr_doom2d_tool_set_texture_size_func (d2, fixed_texture_size, NULL);
  depth = tsr_undo_stack_get_depth (stack);
  tool_drag (tool, 144, 96, 170, 30, 0);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n_panels);
  ck_assert_int_eq (record->values[0].v[0], 32);
  ck_assert_int_eq (record->values[1].v[0], 160);
  ck_assert_int_eq (record->values[1].v[1], 24);
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth);
  tsr_doom2d_tool_set_texture_size_func (d2, NULL, NULL);

  /* Move it from its inside: whole grid steps, one step. */
  depth = tsr_undo_stack_get_depth (stack);
  tool_drag (tool, 60, 50, 60 + 37, 50 + 9, 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n_panels);
  ck_assert_int_eq (record->values[0].v[0], 32 + 32);
  ck_assert_int_eq (record->values[0].v[1], 16 + 16);
  ck_assert_int_eq (record->values[1].v[0], 144 - 32);

  /* The Move mode drags the selection from anywhere, in grid steps. */
  tsr_doom2d_tool_set_mode (d2, TSR_DOOM2D_TOOL_MOVE);
  ck_assert_str_eq (tsr_tool_get_id (tool), "move");
  depth = tsr_undo_stack_get_depth (stack);
  tool_drag (tool, -500, -500, -500 + 20, -500 + 3, 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, n_panels);
  ck_assert_int_eq (record->values[0].v[0], 32 + 32 + 16);
  ck_assert_int_eq (record->values[0].v[1], 16 + 16);

  /* Place a monster of the chosen type. */
  tsr_doom2d_tool_set_mode (d2, TSR_DOOM2D_TOOL_MONSTER);
  tsr_doom2d_tool_set_thing_type (d2, TSR_DOOM2D_KIND_MONSTER, 7);
  tool_drag (tool, 250, 250, 250, 250, 0);
  ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER), n_monsters + 1);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_MONSTER, n_monsters);
  ck_assert_int_eq (record->values[1].v[0], 7);
  ck_assert_int_eq (record->values[0].v[0], 240);
  ck_assert_int_eq (record->values[TSR_DOOM2D_MONSTER_DIRECTION].v[0], TSR_DOOM2D_DIR_RIGHT);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Place Monster");
  /* Facing left: the direction is in the placed record, one step that undo takes away whole. */
  tsr_doom2d_tool_set_monster_direction (d2, TSR_DOOM2D_DIR_LEFT);
  depth = tsr_undo_stack_get_depth (stack);
  tool_drag (tool, 290, 250, 290, 250, 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_MONSTER, n_monsters + 1);
  ck_assert_int_eq (record->values[TSR_DOOM2D_MONSTER_DIRECTION].v[0], TSR_DOOM2D_DIR_LEFT);
  ck_assert_int_eq (record->values[1].v[0], 7);
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER), n_monsters + 1);
  tsr_doom2d_tool_set_monster_direction (d2, TSR_DOOM2D_DIR_RIGHT);

  /* A door trigger, then its target: the new wall is refused, a door panel is taken. */
  tsr_doom2d_tool_set_mode (d2, TSR_DOOM2D_TOOL_TRIGGER);
  tsr_doom2d_tool_set_trigger_type (d2, TSR_DOOM2D_TRIGGER_DOOR);
  tool_drag (tool, 300, 300, 340, 340, 0);
  ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER), n_triggers + 1);
  ck_assert (tsr_doom2d_document_get_trigger_target (document, n_triggers, &target));
  for (guint p = 0; p < n_panels && door == G_MAXUINT; p++)
    if (tsr_doom2d_document_accepts_target (document, n_triggers, TSR_DOOM2D_KIND_PANEL, p))
      door = p;
  ck_assert_uint_ne (door, G_MAXUINT);
  tsr_doom2d_tool_set_mode (d2, TSR_DOOM2D_TOOL_PICK_TARGET);
  tsr_doom2d_tool_set_trigger (d2, n_triggers);
  {
    TsrVectorBounds box;
    TsrElementRef want, hit;
    gboolean found = FALSE;

    depth = tsr_undo_stack_get_depth (stack);
    tsr_doom2d_document_get_record_box (document, TSR_DOOM2D_KIND_PANEL, n_panels, &box);
    tool_drag (tool, box.x0 + 4, box.y0 + 4, box.x0 + 4, box.y0 + 4, 0);
    ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth);
    record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, n_triggers);
    ck_assert_int_eq (record->data_values[target.field].v[0], -1);
    want = tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_PANEL, door);
    tsr_doom2d_document_get_record_box (document, TSR_DOOM2D_KIND_PANEL, door, &box);
    for (guint j = 1; j < 8 && !found; j++)
      for (guint i = 1; i < 8 && !found; i++)
        {
          double x = box.x0 + (box.x1 - box.x0) * i / 8, y = box.y0 + (box.y1 - box.y0) * j / 8;

          if (tsr_vector_map_hit_test (TSR_VECTOR_MAP (document), x, y, 6, 1, TSR_ELEMENT_MASK_ALL, &hit)
              && tsr_element_ref_equal (&hit, &want))
            {
              tool_drag (tool, x, y, x, y, 0);
              found = TRUE;
            }
        }
    ck_assert (found);
    ck_assert_int_eq (record->data_values[target.field].v[0], door);
    ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Set Trigger Target");
  }

  /* Escape leaves a drawing mode for Select. */
  ck_assert (tsr_tool_key (tool, TSR_TOOL_KEY_ESCAPE, 0));
  ck_assert_int_eq (tsr_doom2d_tool_get_mode (d2), TSR_DOOM2D_TOOL_SELECT);

  undo_all (document);
  {
    g_autoptr(GBytes) back = serialized (document);
    ck_assert (g_bytes_equal (back, original));
  }
}
END_TEST

/* A panel's type is one of the fourteen: Doom2D Forever's CreatePanel (src/game/g_map.pas) picks
 * the panel's list by "case PanelRec.PanelType of" and for none or a combination runs "else exit",
 * creating no panel (and a text map with two types does not load: xdynrec.pas
 * TDynField.parseValue). So Wall + Background, 0 and an unknown bit are errors; each type alone is
 * not. */
START_TEST (test_map_check_panel_types)
{
  const gint64 bad[] = { TSR_DOOM2D_PANEL_WALL | TSR_DOOM2D_PANEL_BACK, 0, TSR_DOOM2D_PANEL_LIFTRIGHT << 1 };
  TsrDoom2dMap *map = tsr_doom2d_map_new ();

  for (gint64 type = 1; type <= TSR_DOOM2D_PANEL_LIFTRIGHT; type <<= 1)
    tsr_doom2d_map_add (map, new_panel (0, 0, 16, 16, type, 0));
  {
    g_autoptr(GPtrArray) findings = tsr_findings_new ();

    tsr_doom2d_map_check (map, findings);
    ck_assert_ptr_null (tsr_test_find_finding (findings, "not one panel type"));
  }
  for (guint b = 0; b < G_N_ELEMENTS (bad); b++)
    {
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      const TsrFinding *finding;

      tsr_doom2d_map_add (map, new_panel (32, 32, 16, 16, bad[b], 0));
      tsr_doom2d_map_check (map, findings);
      finding = tsr_test_find_finding (findings, "not one panel type");
      ck_assert_ptr_nonnull (finding);
      ck_assert_int_eq (finding->severity, TSR_SEVERITY_ERROR);
      ck_assert_str_eq (finding->place.kind, "panel");
      ck_assert_int_eq (finding->place.index, 14);
      if (b == 0)
        ck_assert_ptr_nonnull (strstr (finding->what, "Wall + Background"));
      tsr_doom2d_map_remove (map, TSR_DOOM2D_KIND_PANEL, 14);
    }
  tsr_doom2d_map_free (map);
}
END_TEST

START_TEST (test_map_check)
{
  TsrDoom2dMap *map = tsr_doom2d_map_new ();
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  const TsrFinding *finding;
  TsrDoom2dRecord *teleport, *texture;

  map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0] = 640;
  map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1] = 480;
  tsr_doom2d_map_add (map, new_panel (0, 400, 640, 80, TSR_DOOM2D_PANEL_WALL, 0));
  tsr_doom2d_map_add (map, new_thing (TSR_DOOM2D_KIND_AREA, 32, 380, TSR_DOOM2D_AREA_PLAYERPOINT1));
  tsr_doom2d_map_add (map, new_thing (TSR_DOOM2D_KIND_AREA, 64, 380, TSR_DOOM2D_AREA_PLAYERPOINT1));
  {
    TsrDoom2dRecord *item = new_thing (TSR_DOOM2D_KIND_ITEM, 100, 380, 17);

    item->values[2].v[0] = 1; /* ITEM_OPTION_ONLYDM */
    tsr_doom2d_map_add (map, item);
  }
  teleport = new_trigger (200, 350, 32, 32, 2);
  teleport->data_values[0].v[0] = 300;
  teleport->data_values[0].v[1] = 440;
  tsr_doom2d_map_add (map, teleport);
  texture = new_trigger (260, 350, 16, 16, 14);
  tsr_doom2d_map_add (map, texture);

  tsr_doom2d_map_check (map, findings);
  finding = tsr_test_find_finding (findings, "second player 1 spawn");
  ck_assert_ptr_nonnull (finding);
  ck_assert_str_eq (finding->place.kind, "area");
  ck_assert_int_eq (finding->place.index, 1);
  ck_assert (finding->place.x == 64 && finding->place.y == 380);
  finding = tsr_test_find_finding (findings, "without DM spawns");
  ck_assert_ptr_nonnull (finding);
  ck_assert_str_eq (finding->place.kind, "item");
  finding = tsr_test_find_finding (findings, "inside wall panel 0");
  ck_assert_ptr_nonnull (finding);
  ck_assert_str_eq (finding->place.kind, "trigger");
  ck_assert_int_eq (finding->place.index, 0);
  finding = tsr_test_find_finding (findings, "no texture panel");
  ck_assert_ptr_nonnull (finding);
  ck_assert_int_eq (finding->place.index, 1);
  ck_assert_ptr_null (tsr_test_find_finding (findings, "no player 1 spawn"));

  /* Fixed: a DM point, one player 1 spawn, a teleport into the open, the texture trigger's panel. */
  g_ptr_array_set_size (findings, 0);
  tsr_doom2d_map_remove (map, TSR_DOOM2D_KIND_AREA, 1);
  tsr_doom2d_map_add (map, new_thing (TSR_DOOM2D_KIND_AREA, 96, 380, TSR_DOOM2D_AREA_DMPOINT));
  teleport->data_values[0].v[1] = 300;
  texture->values[TSR_DOOM2D_TRIGGER_TEXTURE_PANEL].v[0] = 0;
  tsr_doom2d_map_check (map, findings);
  ck_assert_uint_eq (findings->len, 0);

  /* Texture records: the wall shows texture 0; texture 1 is unused, also when a hidden panel
   * keeps its number; a panel that shows it uses it. */
  for (guint t = 0; t < 2; t++)
    {
      TsrDoom2dRecord *record = tsr_doom2d_record_new (TSR_DOOM2D_KIND_TEXTURE);

      tsr_field_value_set_text (&record->values[TSR_DOOM2D_TEXTURE_PATH], t == 0 ? "_water_0" : "Standart.wad:D2DTEXTURES\\BRICK");
      tsr_doom2d_map_add (map, record);
    }
  {
    TsrDoom2dRecord *hidden = new_panel (0, 0, 16, 16, TSR_DOOM2D_PANEL_BACK, 1);

    hidden->values[TSR_DOOM2D_PANEL_FLAGS].v[0] = TSR_DOOM2D_PANEL_FLAG_HIDE;
    tsr_doom2d_map_add (map, hidden);
    for (guint pass = 0; pass < 2; pass++)
      {
        g_ptr_array_set_size (findings, 0);
        tsr_doom2d_map_check (map, findings);
        ck_assert_uint_eq (findings->len, 1);
        finding = tsr_test_find_finding (findings, "unused texture");
        ck_assert_ptr_nonnull (finding);
        ck_assert_int_eq (finding->severity, TSR_SEVERITY_WARNING);
        ck_assert_str_eq (finding->place.kind, "texture");
        ck_assert_int_eq (finding->place.index, 1);
        ck_assert_msg (strstr (finding->what, "D2DTEXTURES\\BRICK") != NULL, "%s", finding->what);
        /* Blending does not hide a panel; only the hide flag does. */
        hidden->values[TSR_DOOM2D_PANEL_FLAGS].v[0] |= TSR_DOOM2D_PANEL_FLAG_BLENDING;
      }
    hidden->values[TSR_DOOM2D_PANEL_FLAGS].v[0] = TSR_DOOM2D_PANEL_FLAG_BLENDING;
    g_ptr_array_set_size (findings, 0);
    tsr_doom2d_map_check (map, findings);
    ck_assert_uint_eq (findings->len, 0);
  }
  tsr_doom2d_map_free (map);

  /* The real map passes, and the document lists a doubled spawn made in it. */
  {
    g_autofree char *path = map_path ();
    g_autoptr(TsrDoom2dDocument) document = open_path (path);
    TsrDoom2dMap *real = tsr_doom2d_document_get_map (document);
    gint64 x = 0, y = 0;
    guint index;

    for (guint i = 0; i < tsr_doom2d_map_count (real, TSR_DOOM2D_KIND_AREA); i++)
      if (tsr_doom2d_map_get (real, TSR_DOOM2D_KIND_AREA, i)->values[1].v[0] == TSR_DOOM2D_AREA_PLAYERPOINT1)
        {
          x = tsr_doom2d_map_get (real, TSR_DOOM2D_KIND_AREA, i)->values[0].v[0] + 32;
          y = tsr_doom2d_map_get (real, TSR_DOOM2D_KIND_AREA, i)->values[0].v[1];
        }
    ck_assert_ptr_null (tsr_test_find_finding (tsr_document_get_findings (TSR_DOCUMENT (document)), "second player"));
    /* Every one of its 16 textures is shown by a panel. */
    ck_assert_ptr_null (tsr_test_find_finding (tsr_document_get_findings (TSR_DOCUMENT (document)), "unused texture"));
    index = tsr_doom2d_document_add_record (document, new_thing (TSR_DOOM2D_KIND_AREA, x, y, TSR_DOOM2D_AREA_PLAYERPOINT1),
                                            "Place Area");
    finding = tsr_test_find_finding (tsr_document_get_findings (TSR_DOCUMENT (document)), "second player 1 spawn");
    ck_assert_ptr_nonnull (finding);
    ck_assert_int_eq (finding->place.index, (gint) index);
  }
}
END_TEST

/* Every constant of every enum and bitset of the schema has a label of its own, unlike its
 * identifier and unlike its enum's other values' (an alias shares its value's); and the inspector
 * shows exactly those labels for every enum field of every record kind and every trigger data
 * layout. */
START_TEST (test_constants_named)
{
  g_autoptr(GHashTable) identifiers = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(TsrDoom2dDocument) document = NULL;
  g_autofree char *path = map_path ();
  guint n_enums = 0, n_fields = 0;

  for (const TsrFieldEnum *enumeration; (enumeration = tsr_doom2d_enum_at (n_enums)) != NULL; n_enums++)
    for (guint i = 0; i < enumeration->n_constants; i++)
      {
        const TsrFieldConstant *constant = &enumeration->constants[i];
        const char *label = tsr_doom2d_constant_label (constant->name);

        ck_assert_msg (label != NULL, "%s.%s has no label", enumeration->name, constant->name);
        ck_assert_str_ne (label, constant->name);
        /* Labels are found by identifier alone. */
        ck_assert_msg (g_hash_table_add (identifiers, (gpointer) constant->name), "%s twice", constant->name);
        for (guint j = 0; j < i; j++)
          if (strcmp (tsr_doom2d_constant_label (enumeration->constants[j].name), label) == 0)
            ck_assert_msg (enumeration->constants[j].value == constant->value, "%s.%s and %s both read \"%s\"",
                           enumeration->name, enumeration->constants[j].name, constant->name, label);
      }
  ck_assert_uint_ge (n_enums, 24);
  ck_assert_ptr_nonnull (tsr_doom2d_constant_label ("TRIGGER_SHOT_IMP"));
  ck_assert_str_eq (tsr_doom2d_constant_label ("TRIGGER_SHOT_IMP"), "Imp fireball");

  document = open_path (path);
  for (guint k = TSR_DOOM2D_KIND_HEADER; k < TSR_DOOM2D_N_KINDS; k++)
    for (guint type = 0; type < (k == TSR_DOOM2D_KIND_TRIGGER ? 256u : 1u); type++)
      {
        const TsrDoom2dTriggerLayout *layout = k == TSR_DOOM2D_KIND_TRIGGER ? tsr_doom2d_trigger_layout (type) : NULL;
        g_autoptr(TsrDoom2dPropertySource) source = NULL;
        const TsrFieldTable *table;

        if (k == TSR_DOOM2D_KIND_TRIGGER && type > 0 && layout == NULL)
          continue;
        source = tsr_doom2d_property_source_new (document, k, layout);
        table = tsr_property_source_get_table (TSR_PROPERTY_SOURCE (source));
        for (guint f = 0; f < table->n_fields; f++)
          {
            const TsrFieldEnum *enumeration = table->fields[f].enumeration;

            if (enumeration == NULL)
              continue;
            n_fields++;
            for (guint i = 0; i < enumeration->n_constants; i++)
              {
                const TsrFieldConstant *constant = &enumeration->constants[i];
                g_autofree char *label = tsr_property_source_dup_constant_label (TSR_PROPERTY_SOURCE (source), f, constant);

                ck_assert_str_eq (label, tsr_doom2d_constant_label (constant->name));
              }
          }
      }
  /* Each kind's type, the monster's direction, the flags, and the trigger layouts' enums. */
  ck_assert_uint_ge (n_fields, 20);
}
END_TEST

static Suite *
doom2d_document_suite (void)
{
  Suite *suite = suite_create ("doom2d-document");
  TCase *real = tcase_create ("df_MAP01");

  tcase_set_timeout (real, 300);
  tcase_add_test (real, test_open_as_vector_map);
  tcase_add_test (real, test_commands_undo_exactly);
  tcase_add_test (real, test_map_in_archive);
  tcase_add_test (real, test_archive_with_two_maps);
  tcase_add_test (real, test_real_multi_map_archives);
  tcase_add_test (real, test_tool_modes);
  tcase_add_test (real, test_tool_texture_sized_panels);
  tcase_add_test (real, test_tool_panel_texture_rules);
  tcase_add_test (real, test_tool_press_area);
  tcase_add_test (real, test_map_check);
  tcase_add_test (real, test_map_check_panel_types);
  tcase_add_test (real, test_constants_named);
  tcase_add_test (real, test_resize_map);
  tcase_add_test (real, test_copy_paste_remaps_targets);
  tcase_add_test (real, test_random_edits_undo_all);
  tcase_add_test (real, test_random_edits_text_map);
  tcase_add_test (real, test_save_as_converts);
  suite_add_tcase (suite, real);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("doom2d");
  return tsr_test_run_suite (doom2d_document_suite ());
}
