/* test-sphere-document.c: TsrSphereDocument on the real Sphere maps: the tile-map view of the
 * layers, every edit command's do/undo/redo, merging, the modified flag, signals, saving and the
 * issue 8 acceptance (paint on layer 1 of the village, add a person and a zone, save, reload). */
#include <glib/gstdio.h>
#include <string.h>

#include "core/tsr-file.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "model/sphere/tsr-sphere-document.h"
#include "model/tsr-tile-commands.h"
#include "tsr-test-common.h"

static char *data_dir;

static char *
data_path (const char *name)
{
  return g_build_filename (data_dir, name, NULL);
}

/* Copies NAMES from the test data into a new temporary folder; returns the folder. */
static char *
copy_to_temp (const char *const *names)
{
  char *folder = tsr_test_make_temp_dir ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *from = data_path (names[i]);
      g_autofree char *to = g_build_filename (folder, names[i], NULL);
      g_autoptr(GBytes) bytes = tsr_test_read_file (from);
      g_autoptr(GError) error = NULL;

      ck_assert_msg (tsr_file_write_atomic (to, bytes, FALSE, &error), "%s", error ? error->message : "");
    }
  return folder;
}

static TsrSphereDocument *
open_document (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TsrDocument *document = tsr_document_new_from_file (file, &error);

  ck_assert_msg (document != NULL, "%s: %s", path, error ? error->message : "");
  ck_assert_msg (TSR_IS_SPHERE_DOCUMENT (document), "%s opened as %s", path, G_OBJECT_TYPE_NAME (document));
  return TSR_SPHERE_DOCUMENT (document);
}

static GBytes *
serialize (TsrSphereDocument *document)
{
  g_autoptr(GError) error = NULL;
  const char *path = tsr_sphere_document_get_map (document)->path;
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (TSR_DOCUMENT (document), path, &error);

  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  return g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
}

static void
assert_bytes_equal (GBytes *a, GBytes *b, const char *what)
{
  gsize size_a, size_b;
  const guint8 *data_a = g_bytes_get_data (a, &size_a);
  const guint8 *data_b = g_bytes_get_data (b, &size_b);
  gsize at = 0;

  while (at < size_a && at < size_b && data_a[at] == data_b[at])
    at++;
  ck_assert_msg (size_a == size_b && at == size_a, "%s: differ at byte %" G_GSIZE_FORMAT " (sizes %" G_GSIZE_FORMAT
                 " and %" G_GSIZE_FORMAT ")", what, at, size_a, size_b);
}

static TsrSphereMap *
reload (const char *path)
{
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(GError) error = NULL;
  TsrSphereMap *map = tsr_sphere_map_parse (bytes, &error);

  ck_assert_msg (map != NULL, "%s: %s", path, error ? error->message : "");
  return map;
}

/* Records every document signal as "name:arg,arg" lines. */
typedef struct {
  GString *log;
} SignalLog;

static void
on_index (TsrSphereDocument *document, guint index, gpointer data)
{
  GSignalInvocationHint *hint = g_signal_get_invocation_hint (document);
  SignalLog *log = data;

  g_string_append_printf (log->log, "%s:%u;", g_signal_name (hint->signal_id), index);
}

static void
on_two (TsrSphereDocument *document, guint a, guint b, gpointer data)
{
  GSignalInvocationHint *hint = g_signal_get_invocation_hint (document);
  SignalLog *log = data;

  g_string_append_printf (log->log, "%s:%u,%u;", g_signal_name (hint->signal_id), a, b);
}

static void
on_none (TsrSphereDocument *document, gpointer data)
{
  GSignalInvocationHint *hint = g_signal_get_invocation_hint (document);
  SignalLog *log = data;

  g_string_append_printf (log->log, "%s;", g_signal_name (hint->signal_id));
}

static void
on_tiles (TsrTileMap *map, guint layer, const TsrTileRect *rect, gpointer data)
{
  SignalLog *log = data;

  if (!tsr_tile_rect_is_empty (rect))
    g_string_append_printf (log->log, "tiles-changed:%u:%d,%d,%d,%d;", layer, rect->x, rect->y, rect->width, rect->height);
}

static void
signal_log_connect (SignalLog *log, TsrSphereDocument *document)
{
  const char *index_signals[] = { "layer-added", "layer-removed", "layer-changed", "entity-added", "entity-removed",
                                  "entity-changed", "zone-added", "zone-removed", "zone-changed" };
  const char *two_signals[] = { "layer-moved", "segment-added", "segment-removed", "segment-changed" };

  log->log = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (index_signals); i++)
    g_signal_connect (document, index_signals[i], G_CALLBACK (on_index), log);
  for (guint i = 0; i < G_N_ELEMENTS (two_signals); i++)
    g_signal_connect (document, two_signals[i], G_CALLBACK (on_two), log);
  g_signal_connect (document, "map-changed", G_CALLBACK (on_none), log);
  g_signal_connect (document, "layers-changed", G_CALLBACK (on_none), log);
  g_signal_connect (document, "tiles-changed", G_CALLBACK (on_tiles), log);
}

/* Takes the log's text and empties it. */
static char *
signal_log_take (SignalLog *log)
{
  char *text = g_strdup (log->log->str);

  g_string_truncate (log->log, 0);
  return text;
}

START_TEST (test_open_village)
{
  g_autofree char *path = data_path ("village.rmp");
  g_autoptr(TsrSphereDocument) document = open_document (path);
  TsrTileMap *map = TSR_TILE_MAP (document);
  g_autoptr(GArray) tiles = NULL;
  g_autofree char *name = NULL;
  guint cell_width, cell_height, persons_drawn = 0;
  const TsrImage *image;

  ck_assert (tsr_sphere_document_is_map (document));
  ck_assert_str_eq (tsr_tile_map_get_family (map), "sphere");
  ck_assert_uint_eq (tsr_tile_map_get_n_layers (map), 3);
  ck_assert_uint_eq (tsr_tile_map_get_width (map), 40);
  ck_assert_uint_eq (tsr_tile_map_get_height (map), 30);
  ck_assert_str_eq (tsr_tile_map_get_layer_name (map, 0), "Base");
  ck_assert_str_eq (tsr_tile_map_get_layer_name (map, 2), "Top");
  ck_assert (tsr_tile_map_get_layer_visible (map, 1));
  tsr_tile_map_get_cell_size (map, &cell_width, &cell_height);
  ck_assert_uint_eq (cell_width, 16);
  ck_assert_uint_eq (cell_height, 16);
  tiles = tsr_tile_map_list_tiles (map, 0);
  ck_assert_uint_eq (tiles->len, 222);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 3, 4), tsr_sphere_document_get_layer (document, 0)->tiles[4 * 40 + 3]);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, -1, 0), 0);
  image = tsr_tile_map_get_tile_image (map, 0, 5);
  ck_assert (image != NULL && image->width == 16 && image->height == 16);
  ck_assert (tsr_tile_map_get_tile_image (map, 0, 222) == NULL);
  name = tsr_tile_map_get_tile_name (map, 0, 7);
  ck_assert (g_str_has_prefix (name, "Tile 7") || name[0] != '\0');
  /* Palette names say which tiles obstruct (outside_neo.rts stores segments per tile). */
  {
    const TsrSphereTileset *tileset = tsr_sphere_document_get_tileset (document);
    guint obstructing = 0, named = 0;

    for (guint t = 0; t < tileset->tiles->len; t++)
      {
        const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, t);
        g_autofree char *tile_name = tsr_tile_map_get_tile_name (map, 0, t);
        gboolean blocks = tile->segments != NULL && tile->segments->len > 0;

        obstructing += blocks;
        named += strstr (tile_name, "obstructs") != NULL;
        ck_assert_msg ((strstr (tile_name, "obstructs") != NULL) == blocks, "tile %u: \"%s\"", t, tile_name);
      }
    ck_assert_uint_gt (obstructing, 0);
    ck_assert_uint_eq (named, obstructing);
  }
  {
    TsrTileRect area = { 2, 3, 5, 4 };
    guint32 out[20];

    tsr_tile_map_get_tiles (map, 2, &area, out);
    for (guint y = 0; y < 4; y++)
      for (guint x = 0; x < 5; x++)
        ck_assert_uint_eq (out[y * 5 + x], tsr_tile_map_get_tile (map, 2, 2 + x, 3 + y));
  }

  /* Persons: sarah.rss lies beside the map, the others are not in the test data. */
  for (guint i = 0; i < tsr_sphere_document_get_n_entities (document); i++)
    {
      const TsrSphereEntity *entity = tsr_sphere_document_get_entity (document, i);
      g_autofree char *spriteset = entity->spriteset ? tsr_sphere_string_to_utf8 (entity->spriteset) : NULL;
      gint ox = 1, oy = 1;

      image = tsr_sphere_document_get_person_image (document, i, &ox, &oy);
      if (entity->type == TSR_SPHERE_ENTITY_PERSON && g_strcmp0 (spriteset, "sarah.rss") == 0)
        {
          ck_assert_msg (image != NULL, "entity %u: sarah.rss not drawn", i);
          ck_assert (ox <= 0 && oy <= 0);
          persons_drawn++;
        }
      else if (entity->type == TSR_SPHERE_ENTITY_TRIGGER)
        ck_assert (image == NULL);
    }
  ck_assert_uint_eq (persons_drawn, 1);
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (TSR_DOCUMENT (document)), TSR_SEVERITY_ERROR), 0);
  tsr_test_report_count ("sphere document: village.rmp opened", 1);
}
END_TEST

/* Issue 8: paint on layer 1, add a person and a zone, save, reload: untouched layers identical. */
START_TEST (test_village_acceptance)
{
  const char *names[] = { "village.rmp", "outside_neo.rts", "sarah.rss", NULL };
  g_autofree char *folder = copy_to_temp (names);
  g_autofree char *path = g_build_filename (folder, "village.rmp", NULL);
  g_autofree char *saved_path = g_build_filename (folder, "village-edited.rmp", NULL);
  g_autoptr(GFile) saved_file = g_file_new_for_path (saved_path);
  g_autoptr(TsrSphereDocument) document = open_document (path);
  g_autoptr(TsrSphereMap) before = reload (path);
  g_autoptr(TsrSphereMap) after = NULL;
  g_autoptr(GError) error = NULL;
  TsrTileMap *map = TSR_TILE_MAP (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  const guint stroke[][2] = { { 5, 5 }, { 6, 5 }, { 7, 5 }, { 7, 6 }, { 7, 7 } };
  const guint16 painted = 17;
  guint person, zone;

  /* A pencil stroke: one command per pointer event, merged into one undo step. */
  for (guint i = 0; i < G_N_ELEMENTS (stroke); i++)
    {
      g_autoptr(TsrPaintTilesCommand) command = tsr_paint_tiles_command_new (map, "Pencil", "pencil");

      tsr_paint_tiles_command_set (command, 1, (gint) stroke[i][0], (gint) stroke[i][1], painted);
      tsr_document_execute (TSR_DOCUMENT (document), TSR_COMMAND (command));
    }
  tsr_undo_stack_break_merge (stack);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);
  ck_assert (tsr_document_get_modified (TSR_DOCUMENT (document)));
  /* A rectangle too. */
  {
    TsrTileRect area = { 20, 10, 3, 2 };
    ck_assert (tsr_sphere_document_paint (document, 1, &area, painted, &error));
  }
  ck_assert (tsr_sphere_document_add_person (document, 200, 120, 1, "Tessera", "sarah.rss", &person, &error));
  ck_assert (tsr_sphere_document_set_person_script (document, person, TSR_SPHERE_SCRIPT_ON_ACTIVATE_TALK,
                                                    "Talk(\"hello\");", &error));
  ck_assert (tsr_sphere_document_add_zone (document, 96, 64, 32, 16, 1, "Zoned();", &zone, &error));
  ck_assert (tsr_sphere_document_get_person_image (document, person, NULL, NULL) != NULL);

  /* Undo everything and redo it: the state returns to the edited one. */
  {
    g_autoptr(GBytes) edited = serialize (document);
    g_autoptr(GBytes) original = tsr_test_read_file (path);
    g_autoptr(GBytes) undone = NULL;
    g_autoptr(GBytes) redone = NULL;

    while (tsr_document_undo (TSR_DOCUMENT (document)))
      ;
    ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
    undone = serialize (document);
    assert_bytes_equal (undone, original, "undo all");
    while (tsr_document_redo (TSR_DOCUMENT (document)))
      ;
    redone = serialize (document);
    assert_bytes_equal (redone, edited, "redo all");
  }

  ck_assert_msg (tsr_document_save (TSR_DOCUMENT (document), saved_file, TSR_SAVE_NONE, &error), "%s",
                 error ? error->message : "");
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
  {
    /* Only the map was written: the tileset beside it did not change. */
    g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
    guint files = 0;

    while (g_dir_read_name (dir) != NULL)
      files++;
    ck_assert_uint_eq (files, 4);
  }

  after = reload (saved_path);
  ck_assert_uint_eq (after->layers->len, 3);
  for (guint l = 0; l < 3; l++)
    {
      const TsrSphereLayer *a = g_ptr_array_index (before->layers, l);
      const TsrSphereLayer *b = g_ptr_array_index (after->layers, l);

      ck_assert (a->width == b->width && a->height == b->height && a->flags == b->flags);
      ck_assert (g_bytes_equal (a->name, b->name));
      for (guint y = 0; y < a->height; y++)
        for (guint x = 0; x < a->width; x++)
          {
            gboolean in_stroke = FALSE;

            for (guint i = 0; i < G_N_ELEMENTS (stroke); i++)
              in_stroke |= stroke[i][0] == x && stroke[i][1] == y;
            in_stroke |= x >= 20 && x < 23 && y >= 10 && y < 12;
            if (l == 1 && in_stroke)
              ck_assert_uint_eq (b->tiles[y * b->width + x], painted);
            else
              ck_assert_msg (a->tiles[y * a->width + x] == b->tiles[y * b->width + x],
                             "layer %u cell (%u,%u) changed", l, x, y);
          }
    }
  ck_assert_uint_eq (after->entities->len, before->entities->len + 1);
  for (guint i = 0; i < before->entities->len; i++)
    {
      const TsrSphereEntity *a = g_ptr_array_index (before->entities, i);
      const TsrSphereEntity *b = g_ptr_array_index (after->entities, i);

      ck_assert (a->x == b->x && a->y == b->y && a->layer == b->layer && a->type == b->type);
    }
  {
    const TsrSphereEntity *added = g_ptr_array_index (after->entities, person);
    g_autofree char *name = tsr_sphere_string_to_utf8 (added->name);
    g_autofree char *spriteset = tsr_sphere_string_to_utf8 (added->spriteset);
    g_autofree char *talk = tsr_sphere_string_to_utf8 (g_ptr_array_index (added->scripts, 3));
    const TsrSphereZone *z = g_ptr_array_index (after->zones, zone);
    g_autofree char *function = tsr_sphere_string_to_utf8 (z->function);

    ck_assert_uint_eq (person, before->entities->len);
    ck_assert (added->type == TSR_SPHERE_ENTITY_PERSON && added->x == 200 && added->y == 120 && added->layer == 1);
    ck_assert_str_eq (name, "Tessera");
    ck_assert_str_eq (spriteset, "sarah.rss");
    ck_assert_uint_eq (added->scripts->len, 5);
    ck_assert_str_eq (talk, "Talk(\"hello\");");
    ck_assert_uint_eq (after->zones->len, 1);
    ck_assert (z->x1 == 32 && z->y1 == 16 && z->x2 == 96 && z->y2 == 64 && z->layer == 1);
    ck_assert_str_eq (function, "Zoned();");
  }
  /* The header, strings and start did not change. */
  ck_assert (before->start_x == after->start_x && before->start_y == after->start_y
             && before->start_layer == after->start_layer);
  for (guint i = 0; i < before->strings->len; i++)
    ck_assert (g_bytes_equal (g_ptr_array_index (before->strings, i), g_ptr_array_index (after->strings, i)));
  ck_assert (memcmp (before->reserved, after->reserved, sizeof before->reserved) == 0);
}
END_TEST

/* Each edit: the signals it emits, undo gives the bytes before, redo the bytes after. */
typedef gboolean (*EditFunc) (TsrSphereDocument *document, GError **error);

static gboolean edit_paint (TsrSphereDocument *d, GError **e)
{ TsrTileRect area = { 1, 2, 2, 1 }; return tsr_sphere_document_paint (d, 2, &area, 9, e); }
static gboolean edit_add_layer (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_add_layer (d, 1, "Inserted", NULL, e); }
static gboolean edit_duplicate_layer (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_duplicate_layer (d, 0, NULL, e); }
static gboolean edit_remove_layer (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_remove_layer (d, 1, e); }
static gboolean edit_move_layer (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_move_layer (d, 0, 2, e); }
static gboolean edit_rename_layer (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_rename_layer (d, 2, "Roofs", e); }
static gboolean edit_hide_layer (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_set_layer_visible (d, 2, FALSE, e); }
static gboolean edit_layer_properties (TsrSphereDocument *d, GError **e)
{
  TsrSphereLayerProperties p;
  tsr_sphere_document_get_layer_properties (d, 1, &p);
  p.flags |= TSR_SPHERE_LAYER_PARALLAX;
  p.parallax_x = 0.5f;
  p.scrolling_y = -2.25f;
  p.reflective = 1;
  return tsr_sphere_document_set_layer_properties (d, 1, &p, e);
}
static gboolean edit_resize_layer (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_resize_layer (d, 1, 50, 20, TSR_SPHERE_ANCHOR_CENTER, 3, e); }
static gboolean edit_add_person (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_add_person (d, 10, 20, 0, "Bob", "bob.rss", NULL, e); }
static gboolean edit_add_trigger (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_add_trigger (d, 30, 40, 2, "Go();", NULL, e); }
static gboolean edit_remove_entity (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_remove_entity (d, 3, e); }
static gboolean edit_move_entity (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_move_entity (d, 4, 111, 222, e); }
static gboolean edit_entity_layer (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_set_entity_layer (d, 4, 2, e); }
static gboolean edit_person_name (TsrSphereDocument *d, GError **e)
{
  for (guint i = 0; i < tsr_sphere_document_get_n_entities (d); i++)
    if (tsr_sphere_document_get_entity (d, i)->type == TSR_SPHERE_ENTITY_PERSON)
      return tsr_sphere_document_set_person_name (d, i, "Renamed", e);
  return FALSE;
}
static gboolean edit_person_spriteset (TsrSphereDocument *d, GError **e)
{
  for (guint i = 0; i < tsr_sphere_document_get_n_entities (d); i++)
    if (tsr_sphere_document_get_entity (d, i)->type == TSR_SPHERE_ENTITY_PERSON)
      return tsr_sphere_document_set_person_spriteset (d, i, "other.rss", e);
  return FALSE;
}
static gboolean edit_person_script (TsrSphereDocument *d, GError **e)
{
  for (guint i = 0; i < tsr_sphere_document_get_n_entities (d); i++)
    if (tsr_sphere_document_get_entity (d, i)->type == TSR_SPHERE_ENTITY_PERSON)
      return tsr_sphere_document_set_person_script (d, i, TSR_SPHERE_SCRIPT_ON_CREATE, "SetPersonSpeed();", e);
  return FALSE;
}
static gboolean edit_trigger_function (TsrSphereDocument *d, GError **e)
{
  for (guint i = 0; i < tsr_sphere_document_get_n_entities (d); i++)
    if (tsr_sphere_document_get_entity (d, i)->type == TSR_SPHERE_ENTITY_TRIGGER)
      return tsr_sphere_document_set_trigger_function (d, i, "Teleport();", e);
  return FALSE;
}
static gboolean edit_zone_all (TsrSphereDocument *d, GError **e)
{
  /* Zone edits need a zone: add one, then change everything; one test, several undo steps. */
  return tsr_sphere_document_add_zone (d, 1, 2, 40, 50, 0, "Z();", NULL, e)
         && tsr_sphere_document_move_zone (d, 0, 100, 100, e)
         && tsr_sphere_document_set_zone_rect (d, 0, 10, 10, 5, 5, e)
         && tsr_sphere_document_set_zone_layer (d, 0, 2, e)
         && tsr_sphere_document_set_zone_steps (d, 0, 3, e)
         && tsr_sphere_document_set_zone_function (d, 0, "Other();", e)
         && tsr_sphere_document_add_zone (d, 0, 0, 16, 16, 1, NULL, NULL, e)
         && tsr_sphere_document_remove_zone (d, 0, e);
}
static gboolean edit_segments (TsrSphereDocument *d, GError **e)
{
  TsrSphereSegment a = { 0, 0, 32, 0 }, b = { 16, 16, 16, 48 };
  return tsr_sphere_document_add_segment (d, 1, &a, NULL, e)
         && tsr_sphere_document_add_segment (d, 1, &b, NULL, e)
         && tsr_sphere_document_move_segment (d, 1, 0, 8, 8, e)
         && tsr_sphere_document_set_segment (d, 1, 1, &a, e)
         && tsr_sphere_document_remove_segment (d, 1, 0, e)
         && tsr_sphere_document_resize_layer (d, 1, 30, 30, TSR_SPHERE_ANCHOR_BOTTOM_RIGHT, 0, e);
}
static gboolean edit_map_strings (TsrSphereDocument *d, GError **e)
{
  return tsr_sphere_document_set_map_string (d, TSR_SPHERE_STRING_MUSIC, "town.ogg", e)
         && tsr_sphere_document_set_map_string (d, TSR_SPHERE_STRING_ENTRY, "Enter();", e);
}
static gboolean edit_start (TsrSphereDocument *d, GError **e)
{ return tsr_sphere_document_set_start (d, 5, 6, 2, 4, e) && tsr_sphere_document_set_repeating (d, TRUE, e); }

static const struct {
  const char *name;
  EditFunc    edit;
  const char *signals; /* the signals of doing it (prefix), or NULL not to check */
} edits[] = {
  { "paint", edit_paint, "tiles-changed:2:1,2,2,1;" },
  { "add layer", edit_add_layer, "layer-added:1;layers-changed;" },
  { "duplicate layer", edit_duplicate_layer, "layer-added:1;layers-changed;" },
  { "remove layer", edit_remove_layer, "layer-removed:1;layers-changed;" },
  { "move layer", edit_move_layer, "layer-moved:0,2;layers-changed;" },
  { "rename layer", edit_rename_layer, "layer-changed:2;layers-changed;" },
  { "hide layer", edit_hide_layer, "layer-changed:2;layers-changed;" },
  { "layer properties", edit_layer_properties, "layer-changed:1;" },
  { "resize layer", edit_resize_layer, "layer-changed:1;layers-changed;" },
  { "add person", edit_add_person, "entity-added:13;" },
  { "add trigger", edit_add_trigger, "entity-added:13;" },
  { "remove entity", edit_remove_entity, "entity-removed:3;" },
  { "move entity", edit_move_entity, "entity-changed:4;" },
  { "entity layer", edit_entity_layer, "entity-changed:4;" },
  { "person name", edit_person_name, "entity-changed:" },
  { "person spriteset", edit_person_spriteset, "entity-changed:" },
  { "person script", edit_person_script, "entity-changed:" },
  { "trigger function", edit_trigger_function, "entity-changed:" },
  { "zones", edit_zone_all, "zone-added:0;zone-changed:0;" },
  { "segments", edit_segments, "segment-added:1,0;segment-added:1,1;segment-changed:1,0;" },
  { "map strings", edit_map_strings, "map-changed;map-changed;" },
  { "start", edit_start, "map-changed;map-changed;" },
};

START_TEST (test_each_edit)
{
  g_autofree char *path = data_path ("village.rmp");
  g_autoptr(TsrSphereDocument) document = open_document (path);
  g_autoptr(GBytes) original = serialize (document);
  SignalLog log;
  g_autoptr(GError) error = NULL;
  g_autofree char *signals = NULL;

  g_autoptr(GBytes) file_bytes = tsr_test_read_file (path);

  assert_bytes_equal (original, file_bytes, "untouched");
  signal_log_connect (&log, document);
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autoptr(GBytes) done = NULL;
      g_autoptr(GBytes) undone = NULL;
      g_autoptr(GBytes) redone = NULL;

      g_string_truncate (log.log, 0);
      ck_assert_msg (edits[i].edit (document, &error), "%s: %s", edits[i].name, error ? error->message : "fails");
      g_free (signals);
      signals = signal_log_take (&log);
      if (edits[i].signals != NULL)
        ck_assert_msg (g_str_has_prefix (signals, edits[i].signals), "%s: signals %s, expected %s",
                       edits[i].name, signals, edits[i].signals);
      ck_assert_msg (tsr_document_get_modified (TSR_DOCUMENT (document)), "%s: not modified", edits[i].name);
      done = serialize (document);
      ck_assert_msg (!g_bytes_equal (done, original), "%s: changed nothing", edits[i].name);
      while (tsr_document_undo (TSR_DOCUMENT (document)))
        ;
      ck_assert_msg (!tsr_document_get_modified (TSR_DOCUMENT (document)), "%s: modified after undo", edits[i].name);
      undone = serialize (document);
      assert_bytes_equal (undone, original, edits[i].name);
      while (tsr_document_redo (TSR_DOCUMENT (document)))
        ;
      redone = serialize (document);
      assert_bytes_equal (redone, done, edits[i].name);
      /* Back to the original; the next edit drops this redo history. */
      while (tsr_document_undo (TSR_DOCUMENT (document)))
        ;
    }
  g_string_free (log.log, TRUE);
  g_signal_handlers_disconnect_by_data (document, &log);
}
END_TEST

START_TEST (test_layer_references)
{
  g_autofree char *path = data_path ("village.rmp");
  g_autoptr(TsrSphereDocument) document = open_document (path);
  g_autoptr(GBytes) original = serialize (document);
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GError) error = NULL;
  const TsrSphereMap *map = tsr_sphere_document_get_map (document);
  guint on_layer_1 = 0;

  for (guint i = 0; i < map->entities->len; i++)
    on_layer_1 += ((TsrSphereEntity *) g_ptr_array_index (map->entities, i))->layer == 1;
  ck_assert_uint_gt (on_layer_1, 0);
  ck_assert_uint_eq (map->start_layer, 1);
  /* Removing layer 1 folds its entities and the start onto layer 0; undo puts them back. */
  ck_assert (tsr_sphere_document_remove_layer (document, 1, &error));
  for (guint i = 0; i < map->entities->len; i++)
    ck_assert_uint_ne (((TsrSphereEntity *) g_ptr_array_index (map->entities, i))->layer, 1 + 1);
  ck_assert_uint_eq (map->start_layer, 0);
  ck_assert (tsr_sphere_document_move_layer (document, 1, 0, &error));
  ck_assert (tsr_sphere_document_add_layer (document, 0, "Under", NULL, &error));
  ck_assert_uint_eq (map->start_layer, 2);
  while (tsr_document_undo (TSR_DOCUMENT (document)))
    ;
  undone = serialize (document);
  assert_bytes_equal (undone, original, "layer references");
  ck_assert (!tsr_sphere_document_remove_layer (document, 7, &error));
  g_clear_error (&error);
  ck_assert (!tsr_sphere_document_move_entity (document, 99, 0, 0, &error));
  g_clear_error (&error);
  ck_assert (!tsr_sphere_document_add_person (document, 0, 0, 3, "x", "x.rss", NULL, &error));
  g_clear_error (&error);
  for (guint i = 0; i < map->entities->len; i++)
    if (((TsrSphereEntity *) g_ptr_array_index (map->entities, i))->type == TSR_SPHERE_ENTITY_TRIGGER)
      {
        ck_assert (!tsr_sphere_document_set_person_name (document, i, "not a person", &error));
        ck_assert (error != NULL);
        g_clear_error (&error);
        break;
      }
}
END_TEST

START_TEST (test_merging_and_modified)
{
  g_autofree char *path = data_path ("village.rmp");
  g_autoptr(TsrSphereDocument) document = open_document (path);
  TsrDocument *doc = TSR_DOCUMENT (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (doc);
  g_autoptr(GError) error = NULL;
  guint16 x0 = tsr_sphere_document_get_entity (document, 0)->x;

  /* A drag of an entity: many moves, one undo step. */
  for (guint i = 1; i <= 20; i++)
    ck_assert (tsr_sphere_document_move_entity (document, 0, (guint16) (x0 + i), 50, &error));
  tsr_undo_stack_break_merge (stack);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Move Person");
  /* Typing a name: one step; a move of another entity starts a new one. */
  ck_assert (tsr_sphere_document_rename_layer (document, 0, "B", &error));
  ck_assert (tsr_sphere_document_rename_layer (document, 0, "Ba", &error));
  ck_assert (tsr_sphere_document_rename_layer (document, 0, "Bas", &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);
  ck_assert (tsr_sphere_document_move_entity (document, 1, 1, 1, &error));
  ck_assert (tsr_sphere_document_move_entity (document, 2, 1, 1, &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 4);
  /* Nothing changes: no command. */
  ck_assert (tsr_sphere_document_move_entity (document, 2, 1, 1, &error));
  ck_assert (tsr_sphere_document_set_layer_visible (document, 0, TRUE, &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 4);

  ck_assert (tsr_document_undo (doc));
  ck_assert (tsr_document_undo (doc));
  ck_assert (tsr_document_undo (doc));
  ck_assert_str_eq (tsr_tile_map_get_layer_name (TSR_TILE_MAP (document), 0), "Base");
  ck_assert (tsr_document_get_modified (doc));
  ck_assert (tsr_document_undo (doc));
  ck_assert_uint_eq (tsr_sphere_document_get_entity (document, 0)->x, x0);
  ck_assert (!tsr_document_get_modified (doc));
  ck_assert (tsr_document_redo (doc));
  ck_assert_uint_eq (tsr_sphere_document_get_entity (document, 0)->x, x0 + 20);
  ck_assert (tsr_document_get_modified (doc));
}
END_TEST

static void
count_signal (guint *counter)
{
  (*counter)++;
}

/* Visibility is in the file: the tile-map setter is an undoable edit. */
START_TEST (test_visibility_is_an_edit)
{
  g_autofree char *path = data_path ("village.rmp");
  g_autoptr(TsrSphereDocument) document = open_document (path);
  TsrTileMap *map = TSR_TILE_MAP (document);
  g_autoptr(GBytes) original = serialize (document);
  g_autoptr(GBytes) hidden = NULL;
  g_autoptr(GBytes) undone = NULL;
  gsize size;
  const guint8 *data;
  guint layers_changed = 0;

  g_signal_connect_swapped (map, "layers-changed", G_CALLBACK (count_signal), &layers_changed);
  tsr_tile_map_set_layer_visible (map, 1, FALSE);
  ck_assert (!tsr_tile_map_get_layer_visible (map, 1));
  ck_assert (tsr_document_get_modified (TSR_DOCUMENT (document)));
  ck_assert_uint_eq (layers_changed, 1);
  ck_assert (tsr_sphere_document_get_layer (document, 1)->flags & TSR_SPHERE_LAYER_HIDDEN);
  hidden = serialize (document);
  data = g_bytes_get_data (hidden, &size);
  ck_assert_uint_eq (size, g_bytes_get_size (original));
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (tsr_document_get_undo_stack (TSR_DOCUMENT (document))),
                    "Hide Layer");
  (void) data;
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  ck_assert (tsr_tile_map_get_layer_visible (map, 1));
  undone = serialize (document);
  assert_bytes_equal (undone, original, "visibility undo");
}
END_TEST

/* Cells outside a layer smaller than the map read as NO_TILE, draw nothing and cannot be set. */
START_TEST (test_smaller_layer)
{
  g_autofree char *path = data_path ("village.rmp");
  g_autoptr(TsrSphereDocument) document = open_document (path);
  TsrTileMap *map = TSR_TILE_MAP (document);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrPaintTilesCommand) command = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;

  ck_assert (tsr_sphere_document_resize_layer (document, 2, 10, 10, TSR_SPHERE_ANCHOR_TOP_LEFT, 0, &error));
  ck_assert_uint_eq (tsr_tile_map_get_width (map), 40);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 2, 20, 20), TSR_SPHERE_DOCUMENT_NO_TILE);
  ck_assert (tsr_tile_map_get_tile_image (map, 2, TSR_SPHERE_DOCUMENT_NO_TILE) == NULL);
  before = serialize (document);
  command = tsr_paint_tiles_command_new (map, "Pencil", NULL);
  tsr_paint_tiles_command_set (command, 2, 20, 20, 4);
  tsr_document_execute (TSR_DOCUMENT (document), TSR_COMMAND (command));
  after = serialize (document);
  assert_bytes_equal (after, before, "painting outside the layer");
  ck_assert (tsr_sphere_document_resize_layer (document, 0, 60, 10, TSR_SPHERE_ANCHOR_TOP_LEFT, 0, &error));
  ck_assert_uint_eq (tsr_tile_map_get_width (map), 60);
}
END_TEST

/* Save As into a folder without the tileset writes it there too; otherwise only the map. */
START_TEST (test_save_elsewhere)
{
  g_autofree char *path = data_path ("village.rmp");
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *target = g_build_filename (folder, "moved.rmp", NULL);
  g_autofree char *tileset_path = g_build_filename (folder, "outside_neo.rts", NULL);
  g_autofree char *original_tileset = data_path ("outside_neo.rts");
  g_autoptr(GFile) file = g_file_new_for_path (target);
  g_autoptr(TsrSphereDocument) document = open_document (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (TSR_DOCUMENT (document), path, &error);

  ck_assert_uint_eq (outputs->len, 1);
  ck_assert (tsr_document_save (TSR_DOCUMENT (document), file, TSR_SAVE_NONE, &error));
  {
    g_autoptr(GBytes) saved = tsr_test_read_file (target);
    g_autoptr(GBytes) map_bytes = tsr_test_read_file (path);
    g_autoptr(GBytes) saved_tileset = tsr_test_read_file (tileset_path);
    g_autoptr(GBytes) tileset_bytes = tsr_test_read_file (original_tileset);

    g_autofree char *spriteset_path = g_build_filename (folder, "sarah.rss", NULL);
    g_autofree char *original_spriteset = data_path ("sarah.rss");
    g_autoptr(GBytes) saved_spriteset = tsr_test_read_file (spriteset_path);
    g_autoptr(GBytes) spriteset_bytes = tsr_test_read_file (original_spriteset);

    assert_bytes_equal (saved, map_bytes, "saved map");
    assert_bytes_equal (saved_tileset, tileset_bytes, "saved tileset");
    /* The persons' spriteset goes along, so the moved map still draws its sprites. */
    assert_bytes_equal (saved_spriteset, spriteset_bytes, "saved spriteset");
  }
  ck_assert_str_eq (tsr_sphere_document_get_map (document)->path, target);
  ck_assert_ptr_nonnull (tsr_sphere_document_get_spriteset (document, "sarah.rss"));
  g_clear_pointer (&outputs, g_ptr_array_unref);
  outputs = tsr_document_serialize (TSR_DOCUMENT (document), target, &error);
  ck_assert_uint_eq (outputs->len, 1);

  /* Into a Sphere project (maps/ beside spritesets/): the spriteset goes into spritesets/. */
  {
    g_autofree char *project = tsr_test_make_temp_dir ();
    g_autofree char *maps = g_build_filename (project, "maps", NULL);
    g_autofree char *sprites = g_build_filename (project, "spritesets", NULL);
    g_autofree char *project_map = g_build_filename (maps, "village.rmp", NULL);
    g_autofree char *expected = g_build_filename (sprites, "sarah.rss", NULL);
    gboolean found = FALSE;

    ck_assert_int_eq (g_mkdir (maps, 0755), 0);
    ck_assert_int_eq (g_mkdir (sprites, 0755), 0);
    g_clear_pointer (&outputs, g_ptr_array_unref);
    outputs = tsr_document_serialize (TSR_DOCUMENT (document), project_map, &error);
    ck_assert_uint_eq (outputs->len, 3);
    for (guint i = 0; i < outputs->len; i++)
      found |= g_strcmp0 (((TsrOutputFile *) g_ptr_array_index (outputs, i))->path, expected) == 0;
    ck_assert_msg (found, "no output at %s", expected);
  }
}
END_TEST

/* A map with its tileset appended, the committed sample in the Sphere project layout, and the
 * family's other files (a tileset opens read-only). */
START_TEST (test_other_files)
{
  g_autofree char *appended_path = data_path ("turbosphere_test_appended.rmp");
  g_autofree char *tileset_path = data_path ("outside_neo.rts");
  g_autofree char *sample_path = g_build_filename (g_getenv ("TSR_SOURCE_ROOT"), "data", "samples", "sphere", "maps",
                                                   "sample.rmp", NULL);
  g_autoptr(TsrSphereDocument) appended = open_document (appended_path);
  g_autoptr(TsrSphereDocument) tileset = open_document (tileset_path);
  g_autoptr(TsrSphereDocument) sample = open_document (sample_path);
  g_autoptr(GBytes) original = serialize (appended);
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GError) error = NULL;
  guint drawn = 0;

  ck_assert_uint_eq (tsr_tile_map_get_n_layers (TSR_TILE_MAP (appended)), 2);
  ck_assert (tsr_tile_map_get_tile_image (TSR_TILE_MAP (appended), 0, 1) != NULL);
  ck_assert (tsr_sphere_document_duplicate_layer (appended, 1, NULL, &error));
  ck_assert_str_eq (tsr_tile_map_get_layer_name (TSR_TILE_MAP (appended), 2), "Unnamed Layer copy");
  ck_assert (tsr_sphere_document_add_trigger (appended, 5, 5, 2, "T();", NULL, &error));
  ck_assert (tsr_document_undo (TSR_DOCUMENT (appended)) && tsr_document_undo (TSR_DOCUMENT (appended)));
  undone = serialize (appended);
  assert_bytes_equal (undone, original, "appended tileset map");

  ck_assert (!tsr_sphere_document_is_map (tileset));
  ck_assert_uint_eq (tsr_tile_map_get_n_layers (TSR_TILE_MAP (tileset)), 0);
  ck_assert (!tsr_sphere_document_add_layer (tileset, -1, "x", NULL, &error));
  g_clear_error (&error);

  for (guint i = 0; i < tsr_sphere_document_get_n_entities (sample); i++)
    drawn += tsr_sphere_document_get_person_image (sample, i, NULL, NULL) != NULL;
  ck_assert_uint_eq (drawn, 1);
  tsr_test_report_count ("sphere document: other files opened", 3);
}
END_TEST

/* 1,000+ random edits of every kind, then undo-all and redo-all. */
static void
random_edit (TsrSphereDocument *document, GRand *rand, guint *counts)
{
  TsrTileMap *map = TSR_TILE_MAP (document);
  g_autoptr(GError) error = NULL;
  guint n_layers = tsr_sphere_document_get_n_layers (document);
  guint n_entities = tsr_sphere_document_get_n_entities (document);
  guint n_zones = tsr_sphere_document_get_n_zones (document);
  guint layer = (guint) g_rand_int_range (rand, 0, (gint) n_layers);
  const TsrSphereLayer *l = tsr_sphere_document_get_layer (document, layer);
  guint kind = (guint) g_rand_int_range (rand, 0, 30);
  guint16 x = (guint16) g_rand_int_range (rand, 0, 640), y = (guint16) g_rand_int_range (rand, 0, 480);
  char text[32];
  gboolean ok = TRUE;

  g_snprintf (text, sizeof text, "s%u", g_rand_int_range (rand, 0, 1000));
  switch (kind)
    {
    case 0: case 1: case 2: case 3:
      {
        g_autoptr(TsrPaintTilesCommand) command = tsr_paint_tiles_command_new (map, "Pencil", "pencil");

        for (guint i = 0; i < 6; i++)
          tsr_paint_tiles_command_set (command, layer, g_rand_int_range (rand, 0, l->width), g_rand_int_range (rand, 0, l->height),
                                       (guint32) g_rand_int_range (rand, 0, 222));
        tsr_document_execute (TSR_DOCUMENT (document), TSR_COMMAND (command));
      }
      break;
    case 4:
      {
        g_autoptr(TsrCommand) command = tsr_tile_command_flood_fill (map, layer, g_rand_int_range (rand, 0, l->width),
                                                                     g_rand_int_range (rand, 0, l->height),
                                                                     (guint32) g_rand_int_range (rand, 0, 222), NULL);
        if (command != NULL)
          tsr_document_execute (TSR_DOCUMENT (document), command);
      }
      break;
    case 5:
      if (n_layers < 8)
        ok = tsr_sphere_document_add_layer (document, g_rand_int_range (rand, -1, (gint) n_layers + 1), text, NULL, &error);
      break;
    case 6:
      if (n_layers < 8)
        ok = tsr_sphere_document_duplicate_layer (document, layer, NULL, &error);
      break;
    case 7:
      if (n_layers > 1)
        ok = tsr_sphere_document_remove_layer (document, layer, &error);
      break;
    case 8:
      ok = tsr_sphere_document_move_layer (document, layer, (guint) g_rand_int_range (rand, 0, (gint) n_layers), &error);
      break;
    case 9:
      ok = tsr_sphere_document_rename_layer (document, layer, text, &error);
      break;
    case 10:
      ok = tsr_sphere_document_set_layer_visible (document, layer, g_rand_boolean (rand), &error);
      break;
    case 11:
      {
        TsrSphereLayerProperties p;

        tsr_sphere_document_get_layer_properties (document, layer, &p);
        p.parallax_x = (float) g_rand_double_range (rand, -4, 4);
        p.scrolling_y = (float) g_rand_int_range (rand, -3, 3);
        p.flags ^= TSR_SPHERE_LAYER_PARALLAX;
        p.reflective = (guint8) g_rand_int_range (rand, 0, 2);
        ok = tsr_sphere_document_set_layer_properties (document, layer, &p, &error);
      }
      break;
    case 12:
      ok = tsr_sphere_document_resize_layer (document, layer, (guint) g_rand_int_range (rand, 20, 50),
                                             (guint) g_rand_int_range (rand, 20, 40),
                                             (TsrSphereAnchor) g_rand_int_range (rand, 0, 9), 1, &error);
      break;
    case 13:
      ok = tsr_sphere_document_add_person (document, x, y, (guint16) layer, text, "sarah.rss", NULL, &error);
      break;
    case 14:
      ok = tsr_sphere_document_add_trigger (document, x, y, (guint16) layer, text, NULL, &error);
      break;
    case 15: case 16: case 17: case 18:
      if (n_entities > 0)
        {
          guint e = (guint) g_rand_int_range (rand, 0, (gint) n_entities);
          gboolean person = tsr_sphere_document_get_entity (document, e)->type == TSR_SPHERE_ENTITY_PERSON;

          if (kind == 15)
            ok = tsr_sphere_document_remove_entity (document, e, &error);
          else if (kind == 16)
            ok = tsr_sphere_document_move_entity (document, e, x, y, &error);
          else if (kind == 17)
            ok = tsr_sphere_document_set_entity_layer (document, e, (guint16) layer, &error);
          else if (person)
            {
              switch (g_rand_int_range (rand, 0, 3))
                {
                case 0: ok = tsr_sphere_document_set_person_name (document, e, text, &error); break;
                case 1: ok = tsr_sphere_document_set_person_spriteset (document, e, text, &error); break;
                default:
                  ok = tsr_sphere_document_set_person_script (document, e, g_rand_int_range (rand, 0, 5), text, &error);
                }
            }
          else
            ok = tsr_sphere_document_set_trigger_function (document, e, text, &error);
        }
      break;
    case 19:
      ok = tsr_sphere_document_add_zone (document, x, y, (guint16) (x + 20), (guint16) (y + 30), (guint16) layer, text, NULL, &error);
      break;
    case 20: case 21:
      if (n_zones > 0)
        {
          guint z = (guint) g_rand_int_range (rand, 0, (gint) n_zones);

          switch (g_rand_int_range (rand, 0, 6))
            {
            case 0: ok = tsr_sphere_document_remove_zone (document, z, &error); break;
            case 1: ok = tsr_sphere_document_move_zone (document, z, x, y, &error); break;
            case 2: ok = tsr_sphere_document_set_zone_rect (document, z, x, y, 10, 10, &error); break;
            case 3: ok = tsr_sphere_document_set_zone_layer (document, z, (guint16) layer, &error); break;
            case 4: ok = tsr_sphere_document_set_zone_steps (document, z, (guint16) x, &error); break;
            default: ok = tsr_sphere_document_set_zone_function (document, z, text, &error);
            }
        }
      break;
    case 22: case 23:
      {
        TsrSphereSegment segment = { x, y, (guint32) x + 16, (guint32) y + 8 };
        guint n = l->segments->len;

        if (kind == 22 || n == 0)
          ok = tsr_sphere_document_add_segment (document, layer, &segment, NULL, &error);
        else if (g_rand_boolean (rand))
          ok = tsr_sphere_document_remove_segment (document, layer, (guint) g_rand_int_range (rand, 0, (gint) n), &error);
        else if (g_rand_boolean (rand))
          ok = tsr_sphere_document_set_segment (document, layer, (guint) g_rand_int_range (rand, 0, (gint) n), &segment, &error);
        else
          ok = tsr_sphere_document_move_segment (document, layer, (guint) g_rand_int_range (rand, 0, (gint) n), 3, 4, &error);
      }
      break;
    case 24:
      ok = tsr_sphere_document_set_map_string (document, (TsrSphereMapString) g_rand_int_range (rand, 1, 9), text, &error);
      break;
    case 25:
      ok = tsr_sphere_document_set_start (document, x, y, (guint8) layer, (guint8) g_rand_int_range (rand, 0, 8), &error);
      break;
    case 26:
      ok = tsr_sphere_document_set_repeating (document, g_rand_boolean (rand), &error);
      break;
    case 27:
      {
        TsrTileRect area = { g_rand_int_range (rand, 0, 30), g_rand_int_range (rand, 0, 20), 6, 5 };
        g_autoptr(TsrTileClip) clip = tsr_tile_clip_new_from_map (map, 0, n_layers, &area);
        g_autoptr(TsrCommand) command = clip != NULL ? tsr_tile_command_paste (map, clip, area.x + 3, area.y + 2) : NULL;

        if (command != NULL)
          tsr_document_execute (TSR_DOCUMENT (document), command);
      }
      break;
    case 28:
      {
        TsrTileRect area = { g_rand_int_range (rand, 0, 30), g_rand_int_range (rand, 0, 20), 4, 3 };
        g_autoptr(TsrCommand) command = tsr_tile_command_move (map, 0, n_layers, &area, 2, -1);

        if (command != NULL)
          tsr_document_execute (TSR_DOCUMENT (document), command);
      }
      break;
    default:
      tsr_undo_stack_break_merge (tsr_document_get_undo_stack (TSR_DOCUMENT (document)));
      break;
    }
  ck_assert_msg (ok, "edit kind %u: %s", kind, error ? error->message : "");
  counts[kind]++;
}

START_TEST (test_random_edits)
{
  g_autofree char *path = data_path ("village.rmp");
  g_autoptr(TsrSphereDocument) document = open_document (path);
  g_autoptr(GBytes) original = serialize (document);
  g_autoptr(GBytes) edited = NULL;
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GBytes) redone = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (8);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  guint counts[30] = { 0 };
  guint undos = 0, redos = 0;

  for (guint i = 0; i < 1200; i++)
    {
      random_edit (document, rand, counts);
      /* Sometimes undo a little and go on, so redo history is dropped mid-way too. */
      if (g_rand_int_range (rand, 0, 25) == 0)
        tsr_document_undo (TSR_DOCUMENT (document));
    }
  for (guint k = 0; k < G_N_ELEMENTS (counts); k++)
    ck_assert_msg (counts[k] > 0, "edit kind %u never ran", k);
  edited = serialize (document);
  ck_assert (!g_bytes_equal (edited, original));
  while (tsr_document_undo (TSR_DOCUMENT (document)))
    undos++;
  undone = serialize (document);
  assert_bytes_equal (undone, original, "undo all");
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
  while (tsr_document_redo (TSR_DOCUMENT (document)))
    redos++;
  redone = serialize (document);
  assert_bytes_equal (redone, edited, "redo all");
  ck_assert_uint_eq (undos, redos);
  ck_assert (!tsr_undo_stack_get_can_redo (stack));
  g_print ("random edits: 1200 edits, %u undo steps after merging\n", undos);
}
END_TEST

/* Validation is the codec's, recomputed after each edit. */
START_TEST (test_findings_follow_edits)
{
  g_autofree char *path = data_path ("village.rmp");
  g_autoptr(TsrSphereDocument) document = open_document (path);
  TsrDocument *doc = TSR_DOCUMENT (document);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  guint person = G_MAXUINT;

  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (doc), TSR_SEVERITY_WARNING), 0);
  for (guint i = 0; i < tsr_sphere_document_get_n_entities (document) && person == G_MAXUINT; i++)
    if (tsr_sphere_document_get_entity (document, i)->type == TSR_SPHERE_ENTITY_PERSON)
      person = i;
  name = tsr_sphere_string_to_utf8 (tsr_sphere_document_get_entity (document, person)->name);
  ck_assert (tsr_sphere_document_add_person (document, 16, 16, 0, name, "sarah.rss", NULL, &error));
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (doc), TSR_SEVERITY_WARNING), 1);
  ck_assert (tsr_sphere_document_move_entity (document, person, 5000, 16, &error));
  /* Outside the map is a warning: Sphere's loader keeps the position as it is. */
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (doc), TSR_SEVERITY_ERROR), 0);
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (doc), TSR_SEVERITY_WARNING), 2);
  /* A tile past the tileset is the error. */
  {
    TsrTileRect cell = { 0, 0, 1, 1 };

    ck_assert (tsr_sphere_document_paint (document, 0, &cell, 60000, &error));
  }
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (doc), TSR_SEVERITY_ERROR), 1);
  /* Errors refuse the save unless forced. */
  {
    g_autofree char *folder = tsr_test_make_temp_dir ();
    g_autofree char *target = g_build_filename (folder, "invalid.rmp", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (target);

    ck_assert (!tsr_document_save (doc, file, TSR_SAVE_NONE, &error));
    ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_VALIDATION));
    g_clear_error (&error);
  }
  ck_assert (tsr_document_undo (doc) && tsr_document_undo (doc) && tsr_document_undo (doc));
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (doc), TSR_SEVERITY_WARNING)
                     + tsr_findings_count (tsr_document_get_findings (doc), TSR_SEVERITY_ERROR), 0);
}
END_TEST

START_TEST (test_hit_testing)
{
  g_autofree char *path = data_path ("village.rmp");
  g_autoptr(TsrSphereDocument) document = open_document (path);
  g_autoptr(GError) error = NULL;
  TsrSphereSegment segment = { 100, 100, 200, 100 };
  guint person, trigger, zone, index;
  TsrTileRect box;
  const TsrImage *image;
  gint ox, oy;

  ck_assert (tsr_sphere_document_add_person (document, 300, 300, 0, "Hit", "sarah.rss", &person, &error));
  ck_assert (tsr_sphere_document_add_trigger (document, 500, 40, 2, "", &trigger, &error));
  ck_assert (tsr_sphere_document_add_zone (document, 400, 400, 450, 420, 1, "", &zone, &error));
  ck_assert (tsr_sphere_document_add_segment (document, 1, &segment, &index, &error));
  image = tsr_sphere_document_get_person_image (document, person, &ox, &oy);
  ck_assert (tsr_sphere_document_get_entity_bounds (document, person, &box));
  ck_assert (box.x == 300 + ox && box.y == 300 + oy && box.width == (gint) image->width);
  ck_assert_int_eq (tsr_sphere_document_entity_at (document, 0, 300, 300), (gint) person);
  ck_assert_int_eq (tsr_sphere_document_entity_at (document, 1, 300, 300), -1);
  ck_assert_int_eq (tsr_sphere_document_entity_at (document, -1, 503, 36), (gint) trigger);
  ck_assert_int_eq (tsr_sphere_document_entity_at (document, -1, 506, 40), -1);
  ck_assert_int_eq (tsr_sphere_document_zone_at (document, 1, 425, 410), (gint) zone);
  ck_assert_int_eq (tsr_sphere_document_zone_at (document, 0, 425, 410), -1);
  ck_assert_int_eq (tsr_sphere_document_segment_at (document, 1, 150, 103, 3), (gint) index);
  ck_assert_int_eq (tsr_sphere_document_segment_at (document, 1, 150, 105, 3), -1);
  ck_assert_int_eq (tsr_sphere_document_segment_at (document, 1, 202, 100, 3), (gint) index);
}
END_TEST

/* The document is freed with its undo stack (commands do not keep it alive). */
START_TEST (test_no_reference_cycle)
{
  g_autofree char *path = data_path ("village.rmp");
  TsrSphereDocument *document = open_document (path);
  TsrTileRect area = { 0, 0, 4, 4 };
  g_autoptr(GError) error = NULL;

  g_object_add_weak_pointer (G_OBJECT (document), (gpointer *) &document);
  ck_assert (tsr_sphere_document_paint (document, 0, &area, 3, &error));
  ck_assert (tsr_sphere_document_add_zone (document, 0, 0, 5, 5, 0, "", NULL, &error));
  g_object_unref (document);
  ck_assert (document == NULL);
}
END_TEST

/* File → New: a blank map and one with the tiles of a real tileset, unsaved and without a file;
 * painted, saved where asked, read back by the codec; sizes outside 1..4096 refused. */
START_TEST (test_new_map)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) blank = tsr_sphere_document_new_map (40, 30, 16, 16, NULL, &error);
  g_autofree char *rts_path = data_path ("outside_neo.rts");
  g_autoptr(GBytes) rts = tsr_test_read_file (rts_path);
  g_autoptr(TsrDocument) tiled = NULL;
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *saved_path = g_build_filename (folder, "new.rmp", NULL);
  g_autoptr(GFile) saved_file = g_file_new_for_path (saved_path);
  g_autoptr(TsrSphereMap) saved = NULL;
  TsrSphereDocument *document;
  TsrTileRect area = { 3, 4, 5, 2 };

  ck_assert_msg (blank != NULL, "%s", error ? error->message : "");
  ck_assert (TSR_IS_SPHERE_DOCUMENT (blank));
  document = TSR_SPHERE_DOCUMENT (blank);
  ck_assert (tsr_sphere_document_is_map (document));
  ck_assert_ptr_null (tsr_document_get_file (blank));
  ck_assert (!tsr_document_get_modified (blank));
  ck_assert_str_eq (tsr_document_get_display_name (blank), "untitled.rmp");
  ck_assert_uint_eq (tsr_sphere_document_get_n_layers (document), 1);
  ck_assert_uint_eq (tsr_tile_map_get_width (TSR_TILE_MAP (document)), 40);
  ck_assert_uint_eq (tsr_tile_map_get_height (TSR_TILE_MAP (document)), 30);
  ck_assert_uint_eq (tsr_sphere_document_get_tileset (document)->tiles->len, 2);
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (blank), TSR_SEVERITY_ERROR), 0);
  ck_assert (tsr_sphere_document_paint (document, 0, &area, 1, &error));
  ck_assert (tsr_document_get_modified (blank));
  ck_assert_msg (tsr_document_save (blank, saved_file, 0, &error), "%s", error ? error->message : "");
  ck_assert (!tsr_document_get_modified (blank));
  saved = reload (saved_path);
  ck_assert_uint_eq (saved->layers->len, 1);
  ck_assert_uint_eq (((TsrSphereLayer *) g_ptr_array_index (saved->layers, 0))->tiles[4 * 40 + 3], 1);
  ck_assert_uint_eq (((TsrSphereLayer *) g_ptr_array_index (saved->layers, 0))->tiles[0], 0);
  ck_assert_uint_eq (saved->tileset->tile_width, 16);

  tiled = tsr_sphere_document_new_map (20, 10, 0, 0, rts, &error);
  ck_assert_msg (tiled != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (tsr_sphere_document_get_tileset (TSR_SPHERE_DOCUMENT (tiled))->tiles->len, 222);
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (tiled), TSR_SEVERITY_ERROR), 0);

  ck_assert_ptr_null (tsr_sphere_document_new_map (0, 10, 16, 16, NULL, &error));
  ck_assert_ptr_nonnull (error);
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_sphere_document_new_map (10, 4097, 16, 16, NULL, &error));
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_sphere_document_new_map (10, 10, 0, 16, NULL, &error));
  tsr_test_report_count ("sphere document: new maps (outside_neo.rts)", 1);
}
END_TEST

static Suite *
sphere_document_suite (void)
{
  Suite *suite = suite_create ("sphere-document");
  TCase *document = tcase_create ("document");

  tcase_add_test (document, test_open_village);
  tcase_add_test (document, test_village_acceptance);
  tcase_add_test (document, test_each_edit);
  tcase_add_test (document, test_layer_references);
  tcase_add_test (document, test_merging_and_modified);
  tcase_add_test (document, test_visibility_is_an_edit);
  tcase_add_test (document, test_smaller_layer);
  tcase_add_test (document, test_save_elsewhere);
  tcase_add_test (document, test_other_files);
  tcase_add_test (document, test_random_edits);
  tcase_add_test (document, test_findings_follow_edits);
  tcase_add_test (document, test_hit_testing);
  tcase_add_test (document, test_no_reference_cycle);
  tcase_add_test (document, test_new_map);
  suite_add_tcase (suite, document);
  return suite;
}

int
main (int argc, char **argv)
{
  data_dir = tsr_test_data_require ("sphere");
  return tsr_test_run_suite (sphere_document_suite ());
}
