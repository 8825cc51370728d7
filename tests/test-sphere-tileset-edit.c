/* test-sphere-tileset-edit.c: the tileset editor's model (tsr-sphere-tileset-edit.h) on the real
 * Sphere files: untouched tilesets and maps serialize byte-identical; pixel strokes through the
 * tile target, tile list edits (add, insert, duplicate, remove, move) with the appended map
 * renumbered so every cell shows the same picture, animation, names, obstruction segments and
 * PNG sheet import, each one undo step whose undo gives back the loaded bytes; saved files reread
 * with the codec hold exactly the intended changes; random edit sequences undone to the loaded
 * bytes. GTK-free. */
#include <string.h>

#include "formats/sphere/tsr-sphere-map.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "formats/sphere/tsr-sphere-tileset.h"
#include "formats/sphere/tsr-sphere-tsx.h"
#include "model/sphere/tsr-sphere-tileset-edit.h"
#include "model/tsr-undo-stack.h"
#include "tsr-test-common.h"

static char *data_dir;

#define ck_assert_error(error, domain, code) \
  ck_assert_msg ((error) != NULL && g_error_matches ((error), (domain), (code)), "error %s", \
                 (error) != NULL ? (error)->message : "(none)")

/* A handler for any signal, connected swapped: counts emissions. */
static void
count_signal (guint *count)
{
  (*count)++;
}

static TsrSphereDocument *
open_document (const char *name)
{
  g_autofree char *path = g_build_filename (data_dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TsrDocument *document = tsr_document_new_from_file (file, &error);

  ck_assert_msg (document != NULL, "%s: %s", path, error ? error->message : "");
  ck_assert (TSR_IS_SPHERE_DOCUMENT (document));
  return TSR_SPHERE_DOCUMENT (document);
}

static GBytes *
file_bytes (const char *name)
{
  g_autofree char *path = g_build_filename (data_dir, name, NULL);

  return tsr_test_read_file (path);
}

/* What a save of DOCUMENT as NAME writes first (the map, or the tileset). */
static GBytes *
serialize (TsrSphereDocument *document,
           const char        *name)
{
  g_autofree char *path = g_build_filename (data_dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (TSR_DOCUMENT (document), path, &error);

  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  return g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
}

static TsrUndoStack *
stack_of (TsrSphereDocument *document)
{
  return tsr_document_get_undo_stack (TSR_DOCUMENT (document));
}

static void
assert_bytes_equal (GBytes     *a,
                    GBytes     *b,
                    const char *what)
{
  ck_assert_msg (g_bytes_equal (a, b), "%s: %zu bytes, %zu expected", what, g_bytes_get_size (a), g_bytes_get_size (b));
}

/* Each cell's picture: the pixels of the tile it names, hashed, per layer. */
static GArray *
map_picture (TsrSphereDocument *document)
{
  const TsrSphereMap *map = tsr_sphere_document_get_map (document);
  const TsrSphereTileset *tileset = tsr_sphere_document_get_edited_tileset (document);
  gsize size = (gsize) tileset->tile_width * tileset->tile_height * 4;
  GArray *picture = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint l = 0; l < map->layers->len; l++)
    {
      const TsrSphereLayer *layer = g_ptr_array_index (map->layers, l);

      for (gsize c = 0; c < (gsize) layer->width * layer->height; c++)
        {
          guint hash = 0;

          if (layer->tiles[c] < tileset->tiles->len)
            {
              const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, layer->tiles[c]);
              g_autoptr(GBytes) bytes = g_bytes_new_static (tile->pixels, size);

              hash = g_bytes_hash (bytes) ^ (guint) (tile->animated ? 0x8000u : 0);
            }
          else
            hash = 0xdead0000u + layer->tiles[c];
          g_array_append_val (picture, hash);
        }
    }
  return picture;
}

static void
assert_same_picture (GArray *a,
                     GArray *b)
{
  ck_assert_uint_eq (a->len, b->len);
  ck_assert_mem_eq (a->data, b->data, a->len * sizeof (guint));
}

START_TEST (test_untouched_identical)
{
  static const char *const names[] = { "test.rts", "outside_neo.rts", "test.rmp", "village.rmp", "turbosphere_test_appended.rmp" };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(TsrSphereDocument) document = open_document (names[i]);
      g_autoptr(GBytes) original = file_bytes (names[i]);
      g_autoptr(GBytes) saved = serialize (document, names[i]);

      assert_bytes_equal (saved, original, names[i]);
    }
}
END_TEST

START_TEST (test_not_a_tileset)
{
  g_autoptr(TsrSphereDocument) document = open_document ("sarah.rss");
  g_autoptr(GError) error = NULL;

  ck_assert_ptr_null (tsr_sphere_document_get_edited_tileset (document));
  ck_assert (!tsr_sphere_document_insert_tiles (document, 0, 1, &error));
  ck_assert_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED);
}
END_TEST

START_TEST (test_pixel_stroke_on_rts)
{
  g_autoptr(TsrSphereDocument) document = open_document ("test.rts");
  g_autoptr(GBytes) original = file_bytes ("test.rts");
  g_autoptr(GBytes) drawn = NULL;
  g_autoptr(TsrSphereTileset) reread = NULL;
  g_autoptr(TsrSphereTileset) loaded = NULL;
  g_autoptr(GError) error = NULL;
  const TsrSphereTileset *tileset = tsr_sphere_document_get_edited_tileset (document);
  guint changes = 0;
  TsrPixelStroke *stroke;
  TsrImage *image;

  ck_assert_ptr_nonnull (tileset);
  ck_assert_uint_ge (tileset->tiles->len, 2);
  g_signal_connect_swapped (document, "tileset-changed", G_CALLBACK (count_signal), &changes);
  stroke = tsr_pixel_stroke_begin (tsr_sphere_document_get_tile_target (), document, 1);
  image = tsr_pixel_stroke_get_image (stroke);
  tsr_pixel_line (image, 0, 0, 5, 5, 0x12345678u);
  tsr_pixel_flood_fill (image, tileset->tile_width - 1, tileset->tile_height - 1, 0xff00ff80u);
  tsr_undo_stack_push (stack_of (document), tsr_pixel_stroke_finish (stroke, "Pencil"));
  ck_assert_uint_eq (changes, 1);
  ck_assert (tsr_document_get_modified (TSR_DOCUMENT (document)));
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack_of (document)), 1);
  drawn = serialize (document, "test.rts");
  /* Only tile 1's pixel bytes differ. */
  reread = tsr_sphere_tileset_parse (drawn, &error);
  loaded = tsr_sphere_tileset_parse (original, &error);
  ck_assert_ptr_nonnull (reread);
  for (guint i = 0; i < loaded->tiles->len; i++)
    {
      const TsrSphereTile *a = g_ptr_array_index (loaded->tiles, i), *b = g_ptr_array_index (reread->tiles, i);
      gsize size = (gsize) loaded->tile_width * loaded->tile_height * 4;

      if (i == 1)
        ck_assert (memcmp (a->pixels, b->pixels, size) != 0);
      else
        ck_assert_mem_eq (a->pixels, b->pixels, size);
    }
  {
    const TsrSphereTile *tile = g_ptr_array_index (reread->tiles, 1);

    ck_assert_uint_eq (tile->pixels[3 * (loaded->tile_width + 1) * 4 + 0], 0x12);
    ck_assert_uint_eq (tile->pixels[3 * (loaded->tile_width + 1) * 4 + 3], 0x78);
  }
  ck_assert_uint_eq (g_bytes_get_size (drawn), g_bytes_get_size (original));
  ck_assert (tsr_undo_stack_undo (stack_of (document)));
  {
    g_autoptr(GBytes) undone = serialize (document, "test.rts");

    assert_bytes_equal (undone, original, "undone");
  }
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
  ck_assert (tsr_undo_stack_redo (stack_of (document)));
  {
    g_autoptr(GBytes) redone = serialize (document, "test.rts");

    assert_bytes_equal (redone, drawn, "redone");
  }
}
END_TEST

START_TEST (test_list_edits_keep_map_picture)
{
  static const char *const names[] = { "village.rmp", "turbosphere_test_appended.rmp" };
  const char *name = names[_i];
  g_autoptr(TsrSphereDocument) document = open_document (name);
  g_autoptr(GBytes) original = file_bytes (name);
  g_autoptr(GArray) picture = NULL;
  g_autoptr(GError) error = NULL;
  const TsrSphereTileset *tileset = tsr_sphere_document_get_edited_tileset (document);
  const TsrSphereMap *map = tsr_sphere_document_get_map (document);
  guint n, tiles_changed = 0;

  ck_assert_ptr_nonnull (tileset);
  ck_assert (_i == 0 || map->tileset != NULL); /* the second one appended */
  n = tileset->tiles->len;
  ck_assert_uint_ge (n, 3);
  picture = map_picture (document);
  g_signal_connect_swapped (document, "tiles-changed", G_CALLBACK (count_signal), &tiles_changed);

  /* Move the first tile to the end, the last to the front, one to the middle. */
  ck_assert (tsr_sphere_document_move_tile (document, 0, n - 1, &error));
  ck_assert_uint_gt (tiles_changed, 0);
  { g_autoptr(GArray) now = map_picture (document); assert_same_picture (now, picture); }
  ck_assert (tsr_sphere_document_move_tile (document, n - 1, 0, &error));
  { g_autoptr(GBytes) back = serialize (document, name); assert_bytes_equal (back, original, "moved there and back"); }
  ck_assert (tsr_sphere_document_move_tile (document, 1, n / 2, &error));
  { g_autoptr(GArray) now = map_picture (document); assert_same_picture (now, picture); }
  /* Insert two blank tiles at 1, duplicate tile 0, add one at the end. */
  ck_assert (tsr_sphere_document_insert_tiles (document, 1, 2, &error));
  ck_assert_uint_eq (tileset->tiles->len, n + 2);
  /* An external tileset: the history says that other maps using it were not renumbered. */
  ck_assert ((strstr (tsr_undo_stack_get_undo_description (stack_of (document)), "other maps") != NULL) == (map->tileset == NULL));
  { g_autoptr(GArray) now = map_picture (document); assert_same_picture (now, picture); }
  ck_assert (tsr_sphere_document_duplicate_tile (document, 0, &error));
  ck_assert_uint_eq (tileset->tiles->len, n + 3);
  {
    const TsrSphereTile *a = g_ptr_array_index (tileset->tiles, 0), *b = g_ptr_array_index (tileset->tiles, 1);

    ck_assert_mem_eq (a->pixels, b->pixels, (gsize) tileset->tile_width * tileset->tile_height * 4);
  }
  ck_assert (tsr_sphere_document_insert_tiles (document, tileset->tiles->len, 1, &error));
  {
    const char *description = tsr_undo_stack_get_undo_description (stack_of (document));

    /* Tiles only appended to an external tileset: the history says other maps are unaffected. */
    ck_assert (g_str_has_prefix (description, "Add Tiles"));
    ck_assert (strstr (description, "other maps") == NULL);
    ck_assert ((strstr (description, "unaffected") != NULL) == (map->tileset == NULL));
  }
  /* Removing an unused tile (a blank one) keeps the picture. */
  ck_assert (tsr_sphere_document_remove_tile (document, 2, &error));
  { g_autoptr(GArray) now = map_picture (document); assert_same_picture (now, picture); }
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack_of (document)), 7);
  /* Out of range. */
  ck_assert (!tsr_sphere_document_move_tile (document, 0, tileset->tiles->len, &error));
  ck_assert_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  ck_assert (!tsr_sphere_document_insert_tiles (document, tileset->tiles->len + 1, 1, &error));
  g_clear_error (&error);
  ck_assert (!tsr_sphere_document_remove_tile (document, tileset->tiles->len, &error));
  g_clear_error (&error);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack_of (document)), 7);
  /* Undo all: the loaded bytes. */
  while (tsr_undo_stack_undo (stack_of (document)))
    ;
  { g_autoptr(GBytes) undone = serialize (document, name); assert_bytes_equal (undone, original, "undone"); }
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
}
END_TEST

START_TEST (test_remove_used_tile)
{
  g_autoptr(TsrSphereDocument) document = open_document ("village.rmp");
  g_autoptr(GBytes) original = file_bytes ("village.rmp");
  g_autoptr(GError) error = NULL;
  const TsrSphereMap *map = tsr_sphere_document_get_map (document);
  const TsrSphereLayer *layer = g_ptr_array_index (map->layers, 0);
  guint16 used = layer->tiles[0];
  guint count = 0;
  gsize cells = (gsize) layer->width * layer->height;
  g_autofree guint16 *before = g_memdup2 (layer->tiles, cells * sizeof (guint16));

  for (gsize c = 0; c < cells; c++)
    count += layer->tiles[c] == used;
  ck_assert (tsr_sphere_document_remove_tile (document, used, &error));
  for (gsize c = 0; c < cells; c++)
    {
      if (before[c] == used)
        ck_assert_uint_eq (layer->tiles[c], 0);
      else if (before[c] > used)
        ck_assert_uint_eq (layer->tiles[c], before[c] - 1);
      else
        ck_assert_uint_eq (layer->tiles[c], before[c]);
    }
  /* The history names what happened to the cells. */
  ck_assert_ptr_nonnull (strstr (tsr_undo_stack_get_undo_description (stack_of (document)), "now show"));
  ck_assert (tsr_undo_stack_undo (stack_of (document)));
  { g_autoptr(GBytes) undone = serialize (document, "village.rmp"); assert_bytes_equal (undone, original, "undone"); }
  (void) count;
}
END_TEST

START_TEST (test_tile_properties_saved)
{
  g_autoptr(TsrSphereDocument) document = open_document ("test.rts");
  g_autoptr(GBytes) original = file_bytes ("test.rts");
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrSphereTileset) reread = NULL;
  g_autoptr(TsrSphereTileset) loaded = NULL;
  g_autoptr(GError) error = NULL;
  const TsrSphereTileset *tileset = tsr_sphere_document_get_edited_tileset (document);
  TsrSphereSegment segments[2] = { { 0, 0, tileset->tile_width, 0 }, { 0, 0, 0, tileset->tile_height } };
  TsrSphereSegment outside = { 0, 0, tileset->tile_width + 1u, 0 };

  ck_assert (tsr_sphere_document_set_tile_animation (document, 0, TRUE, 1, 9, &error));
  ck_assert (tsr_sphere_document_set_tile_animation (document, 0, TRUE, 1, 12, &error));
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack_of (document)), 1); /* merged */
  ck_assert (tsr_sphere_document_set_tile_animation (document, 1, TRUE, 0, 12, &error));
  ck_assert (!tsr_sphere_document_set_tile_animation (document, 1, TRUE, tileset->tiles->len, 12, &error));
  g_clear_error (&error);
  ck_assert (tsr_sphere_document_set_tile_name (document, 2, "w", &error));
  ck_assert (tsr_sphere_document_set_tile_name (document, 2, "wall", &error));
  ck_assert (tsr_sphere_document_set_tile_segments (document, 3, segments, 2, &error));
  ck_assert (!tsr_sphere_document_set_tile_segments (document, 3, &outside, 1, &error));
  ck_assert_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack_of (document)), 4);
  saved = serialize (document, "test.rts");
  reread = tsr_sphere_tileset_parse (saved, &error);
  loaded = tsr_sphere_tileset_parse (original, &error);
  ck_assert_ptr_nonnull (reread);
  ck_assert_uint_eq (reread->tiles->len, loaded->tiles->len);
  for (guint i = 0; i < reread->tiles->len; i++)
    {
      const TsrSphereTile *a = g_ptr_array_index (loaded->tiles, i), *b = g_ptr_array_index (reread->tiles, i);
      g_autofree char *name = tsr_sphere_string_to_utf8 (b->name);

      ck_assert_mem_eq (a->pixels, b->pixels, (gsize) loaded->tile_width * loaded->tile_height * 4);
      if (i == 0 || i == 1)
        {
          ck_assert_uint_ne (b->animated, 0);
          ck_assert_uint_eq (b->next_tile, i == 0 ? 1 : 0);
          ck_assert_uint_eq (b->delay, 12);
        }
      else
        {
          ck_assert_uint_eq (b->animated, a->animated);
          ck_assert_uint_eq (b->next_tile, a->next_tile);
          ck_assert_uint_eq (b->delay, a->delay);
        }
      if (i == 2)
        ck_assert_str_eq (name, "wall");
      else
        ck_assert (g_bytes_equal (a->name, b->name));
      if (i == 3)
        {
          ck_assert (reread->has_obstructions);
          ck_assert_uint_eq (b->obstruction_type, TSR_SPHERE_OBSTRUCTION_SEGMENTS);
          ck_assert_uint_eq (b->segments->len, 2);
          ck_assert_uint_eq (g_array_index (b->segments, TsrSphereSegment, 0).x2, loaded->tile_width);
          ck_assert_uint_eq (g_array_index (b->segments, TsrSphereSegment, 1).y2, loaded->tile_height);
        }
      else if (loaded->has_obstructions)
        ck_assert_uint_eq (b->segments->len, a->segments->len);
    }
  while (tsr_undo_stack_undo (stack_of (document)))
    ;
  { g_autoptr(GBytes) undone = serialize (document, "test.rts"); assert_bytes_equal (undone, original, "undone"); }
}
END_TEST

/* Switching obstructions on in a tileset without them: tiles of type 0 become segment tiles
 * without segments, since minisphere's tileset_read (tileset.c) refuses a type other than 1 or 2
 * when the header says the file has obstructions; their segment counts are 0 as stored. */
START_TEST (test_obstructions_switched_on)
{
  g_autoptr(TsrSphereDocument) document = open_document ("test.rts");
  g_autoptr(GBytes) original = file_bytes ("test.rts");
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrSphereTileset) reread = NULL;
  g_autoptr(GError) error = NULL;
  TsrSphereTileset *tileset = (TsrSphereTileset *) tsr_sphere_document_get_edited_tileset (document);
  TsrSphereSegment segment = { 0, 0, 16, 16 };

  ck_assert (!tileset->has_obstructions); /* test.rts: every tile says type 2, but the header none */
  /* A tile whose type byte is 0, as other editors write them. */
  ((TsrSphereTile *) g_ptr_array_index (tileset->tiles, 0))->obstruction_type = 0;
  ck_assert (tsr_sphere_document_set_tile_segments (document, 1, &segment, 1, &error));
  saved = serialize (document, "test.rts");
  reread = tsr_sphere_tileset_parse (saved, &error);
  ck_assert_ptr_nonnull (reread);
  ck_assert (reread->has_obstructions);
  for (guint i = 0; i < reread->tiles->len; i++)
    {
      const TsrSphereTile *tile = g_ptr_array_index (reread->tiles, i);

      ck_assert_uint_eq (tile->obstruction_type, TSR_SPHERE_OBSTRUCTION_SEGMENTS);
      ck_assert_uint_eq (tile->segments->len, i == 1 ? 1 : 0);
    }
  /* Only the header flag, tile 1's count and its segment were added (and tile 0's type byte). */
  ck_assert_uint_eq (g_bytes_get_size (saved), g_bytes_get_size (original) + 8);
  ck_assert (tsr_undo_stack_undo (stack_of (document)));
  ck_assert (!tileset->has_obstructions);
  ck_assert_uint_eq (((TsrSphereTile *) g_ptr_array_index (tileset->tiles, 0))->obstruction_type, 0);
}
END_TEST

/* Tiles added to a tileset whose obstructions are on are segment tiles without segments: a type 0
 * makes minisphere's tileset_read (tileset.c) refuse the whole file. */
START_TEST (test_added_tiles_keep_obstructions_valid)
{
  g_autoptr(TsrSphereDocument) document = open_document ("test.rts");
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrSphereTileset) reread = NULL;
  g_autoptr(GError) error = NULL;
  const TsrSphereTileset *tileset = tsr_sphere_document_get_edited_tileset (document);
  TsrSphereSegment segment = { 0, 0, 16, 16 };
  guint count = tileset->tiles->len;

  ck_assert (tsr_sphere_document_set_tile_segments (document, 1, &segment, 1, &error));
  ck_assert (tsr_sphere_document_insert_tiles (document, count, 2, &error));
  ck_assert (tsr_sphere_document_insert_tiles (document, 0, 1, &error));
  saved = serialize (document, "test.rts");
  reread = tsr_sphere_tileset_parse (saved, &error);
  ck_assert_ptr_nonnull (reread);
  ck_assert (reread->has_obstructions);
  ck_assert_uint_eq (reread->tiles->len, count + 3);
  for (guint i = 0; i < reread->tiles->len; i++)
    ck_assert_uint_eq (((const TsrSphereTile *) g_ptr_array_index (reread->tiles, i))->obstruction_type,
                       TSR_SPHERE_OBSTRUCTION_SEGMENTS);
}
END_TEST

START_TEST (test_animation_links_follow_moves)
{
  g_autoptr(TsrSphereDocument) document = open_document ("test.rts");
  g_autoptr(GError) error = NULL;
  const TsrSphereTileset *tileset = tsr_sphere_document_get_edited_tileset (document);
  const TsrSphereTile *tile;

  ck_assert (tsr_sphere_document_set_tile_animation (document, 0, TRUE, 2, 5, &error));
  /* Tile 2 goes to the front: tile 0 is now tile 1 and still links to the tile that was 2. */
  ck_assert (tsr_sphere_document_move_tile (document, 2, 0, &error));
  tile = g_ptr_array_index (tileset->tiles, 1);
  ck_assert_uint_ne (tile->animated, 0);
  ck_assert_uint_eq (tile->next_tile, 0);
  ck_assert (tsr_sphere_document_insert_tiles (document, 0, 3, &error));
  tile = g_ptr_array_index (tileset->tiles, 4);
  ck_assert_uint_eq (tile->next_tile, 3);
  /* The linked tile removed: the link goes to tile 0. */
  ck_assert (tsr_sphere_document_remove_tile (document, 3, &error));
  tile = g_ptr_array_index (tileset->tiles, 3);
  ck_assert_uint_ne (tile->animated, 0);
  ck_assert_uint_eq (tile->next_tile, 0);
}
END_TEST

START_TEST (test_import_sheet)
{
  g_autoptr(TsrSphereDocument) document = open_document ("test.rts");
  g_autoptr(GBytes) original = file_bytes ("test.rts");
  g_autoptr(GError) error = NULL;
  const TsrSphereTileset *tileset = tsr_sphere_document_get_edited_tileset (document);
  guint w = tileset->tile_width, h = tileset->tile_height, n = tileset->tiles->len, added = 0;
  g_autoptr(TsrImage) sheet = tsr_image_new (w * 3, h * 2);
  g_autoptr(TsrImage) bad = tsr_image_new (w * 3 + 1, h);
  g_autoptr(TsrImage) exported = NULL;

  for (guint y = 0; y < sheet->height; y++)
    for (guint x = 0; x < sheet->width; x++)
      tsr_image_set_pixel (sheet, x, y, ((x / w + 3 * (y / h)) << 24) | (x << 16) | (y << 8) | 0xff);
  ck_assert (!tsr_sphere_document_import_tile_sheet (document, 0, bad, "bad.png", NULL, &error));
  ck_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID);
  ck_assert_ptr_nonnull (strstr (error->message, "bad.png"));
  g_clear_error (&error);
  ck_assert (tsr_sphere_document_import_tile_sheet (document, 1, sheet, "sheet.png", &added, &error));
  ck_assert_uint_eq (added, 6);
  ck_assert_uint_eq (tileset->tiles->len, n + 6);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack_of (document)), 1);
  for (guint t = 0; t < 6; t++)
    {
      const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, 1 + t);

      ck_assert_uint_eq (tile->pixels[0], t);
      ck_assert_uint_eq (tile->pixels[1], (t % 3) * w);
      ck_assert_uint_eq (tile->pixels[2], (t / 3) * h);
    }
  /* The export sheet (the codec's) shows them in order. */
  exported = tsr_sphere_tileset_sheet (tileset, 0);
  ck_assert_uint_eq (tsr_pixel_get (exported, (gint) (2 * w), 0) >> 24, 1);
  ck_assert (tsr_undo_stack_undo (stack_of (document)));
  { g_autoptr(GBytes) undone = serialize (document, "test.rts"); assert_bytes_equal (undone, original, "undone"); }
}
END_TEST


/* A Tiled tileset the test writes: 16×16 tiles, margin 1, spacing 2, trans ff00ff, 3 of the 4
 * places used; tile 0 animates 0 → 1 (100 ms, 250 ms), tile 2 has a rectangle, a rotated
 * polyline and an ellipse for collision. */
static char *
write_tsx (const char *folder,
           const char *name,
           guint       tile_size,
           gboolean    with_image)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autofree char *png = g_build_filename (folder, "tiles.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<tileset version=\"1.8\" tiledversion=\"1.8.2\" name=\"t\" tilewidth=\"%u\" tileheight=\"%u\"\n"
    "         spacing=\"2\" margin=\"1\" tilecount=\"3\" columns=\"2\">\n"
    " <image source=\"tiles.png\" trans=\"ff00ff\" width=\"36\" height=\"36\"/>\n"
    " <tile id=\"0\">\n"
    "  <properties><property name=\"sphere:name\" value=\"water\"/></properties>\n"
    "  <animation><frame tileid=\"0\" duration=\"100\"/><frame tileid=\"1\" duration=\"250\"/></animation>\n"
    " </tile>\n"
    " <tile id=\"2\">\n"
    "  <objectgroup draworder=\"index\" id=\"2\">\n"
    "   <object id=\"1\" x=\"2\" y=\"3\" width=\"4\" height=\"5\"/>\n"
    "   <object id=\"2\" x=\"8\" y=\"8\" rotation=\"90\"><polyline points=\"0,0 4.2,0\"/></object>\n"
    "   <object id=\"3\" x=\"1\" y=\"1\" width=\"3\" height=\"3\"><ellipse/></object>\n"
    "  </objectgroup>\n"
    " </tile>\n"
    "</tileset>\n", tile_size, tile_size);
  g_autoptr(TsrImage) image = tsr_image_new (36, 36);

  for (guint y = 0; y < 36; y++)
    for (guint x = 0; x < 36; x++)
      tsr_image_set_pixel (image, x, y, (x == 5 && y == 5) ? 0xff00ffffu : (x << 24) | (y << 16) | 0x40ff);
  ck_assert (g_file_set_contents (path, text, -1, &error));
  if (with_image)
    ck_assert_msg (tsr_image_save_png (image, png, &error), "%s", error ? error->message : "");
  return g_steal_pointer (&path);
}

static TsrSphereTileset *
read_tsx (const char *path,
          GPtrArray  *lost,
          GError    **error)
{
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);

  return tsr_sphere_tsx_import (path, bytes, lost, error);
}

START_TEST (test_import_tsx)
{
  g_autoptr(TsrSphereDocument) document = open_document ("test.rts");
  g_autoptr(GBytes) original = file_bytes ("test.rts");
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tessera-tsx-XXXXXX", NULL);
  g_autofree char *tsx = write_tsx (folder, "good.tsx", 16, TRUE);
  g_autofree char *big = write_tsx (folder, "big.tsx", 8, TRUE);
  g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(TsrSphereTileset) source = read_tsx (tsx, lost, &error);
  g_autoptr(TsrSphereTileset) wrong = NULL;
  g_autoptr(TsrSphereTileset) reread = NULL;
  g_autoptr(GBytes) saved = NULL;
  const TsrSphereTileset *tileset = tsr_sphere_document_get_edited_tileset (document);
  const TsrSphereTile *tile;
  guint n = tileset->tiles->len, added = 0;
  static const TsrSphereSegment expected[] = {
    { 2, 3, 6, 3 }, { 6, 3, 6, 8 }, { 6, 8, 2, 8 }, { 2, 8, 2, 3 }, { 8, 8, 8, 12 },
  };

  ck_assert_msg (source != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (source->tiles->len, 3);
  ck_assert_uint_eq (lost->len, 1); /* the ellipse */
  ck_assert_ptr_nonnull (strstr (g_ptr_array_index (lost, 0), "good.tsx"));
  /* Durations in frames at 60 a second (docs/formats/sphere.md): 100 ms → 6, 250 ms → 15. */
  ck_assert_uint_eq (tsr_sphere_tsx_delay_from_ms (100), 6);
  ck_assert_uint_eq (tsr_sphere_tsx_delay_from_ms (1), 1);

  /* A tile size other than the tileset's is refused, naming the file and both sizes. */
  wrong = read_tsx (big, NULL, &error);
  ck_assert_msg (wrong != NULL, "%s", error ? error->message : "");
  ck_assert (!tsr_sphere_document_append_tileset (document, wrong, "big.tsx", NULL, &error));
  ck_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID);
  ck_assert_ptr_nonnull (strstr (error->message, "big.tsx"));
  ck_assert_ptr_nonnull (strstr (error->message, "8×8"));
  ck_assert_ptr_nonnull (strstr (error->message, "16×16"));
  g_clear_error (&error);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack_of (document)), 0);

  ck_assert (tsr_sphere_document_append_tileset (document, source, "good.tsx", &added, &error));
  ck_assert_uint_eq (added, 3);
  ck_assert_uint_eq (tileset->tiles->len, n + 3);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack_of (document)), 1);
  /* Pixels cut past the margin and spacing; the trans colour is transparent. */
  tile = g_ptr_array_index (tileset->tiles, n + 1);
  ck_assert_uint_eq (tile->pixels[0], 1 + 18);
  ck_assert_uint_eq (tile->pixels[1], 1);
  tile = g_ptr_array_index (tileset->tiles, n);
  ck_assert_uint_eq (tile->pixels[(4 * 16 + 4) * 4 + 3], 0);
  ck_assert_uint_eq (tile->pixels[3], 0xff);
  /* The animation, counted from where the tiles were appended. */
  ck_assert (tile->animated);
  ck_assert_uint_eq (tile->next_tile, n + 1);
  ck_assert_uint_eq (tile->delay, 6);
  ck_assert_uint_eq (g_bytes_get_size (tile->name), 5);
  tile = g_ptr_array_index (tileset->tiles, n + 1);
  ck_assert (tile->animated);
  ck_assert_uint_eq (tile->next_tile, n);
  ck_assert_uint_eq (tile->delay, 15);
  /* Obstructions switched on; the rectangle and the polyline turned 90° as segments. */
  ck_assert (tileset->has_obstructions);
  tile = g_ptr_array_index (tileset->tiles, n + 2);
  ck_assert_uint_eq (tile->obstruction_type, TSR_SPHERE_OBSTRUCTION_SEGMENTS);
  ck_assert_uint_eq (tile->segments->len, G_N_ELEMENTS (expected));
  ck_assert_mem_eq (tile->segments->data, expected, sizeof expected);

  /* The save, reread by the codec, holds them. */
  saved = serialize (document, "test.rts");
  reread = tsr_sphere_tileset_parse (saved, &error);
  ck_assert_msg (reread != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (reread->tiles->len, n + 3);
  tile = g_ptr_array_index (reread->tiles, n + 2);
  ck_assert_mem_eq (tile->segments->data, expected, sizeof expected);
  ck_assert_uint_eq (((const TsrSphereTile *) g_ptr_array_index (reread->tiles, n + 1))->next_tile, n);

  ck_assert (tsr_undo_stack_undo (stack_of (document)));
  { g_autoptr(GBytes) undone = serialize (document, "test.rts"); assert_bytes_equal (undone, original, "undone"); }
}
END_TEST

/* Broken TSX files fail naming the file, the line and what was expected. */
START_TEST (test_import_tsx_errors)
{
  g_autofree char *folder = g_dir_make_tmp ("tessera-tsx-XXXXXX", NULL);
  g_autofree char *no_image = write_tsx (folder, "alone.tsx", 16, FALSE);
  g_autofree char *bad = g_build_filename (folder, "bad.tsx", NULL);
  g_autofree char *frame = g_build_filename (folder, "frame.tsx", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrSphereTileset) result = NULL;

  result = read_tsx (no_image, NULL, &error);
  ck_assert_ptr_null (result);
  ck_assert_msg (error != NULL && strstr (error->message, "alone.tsx") && strstr (error->message, "tiles.png"),
                 "%s", error ? error->message : "(none)");
  g_clear_error (&error);

  ck_assert (g_file_set_contents (bad, "<tileset tilewidth=\"16\"\n tileheight=\"x\"/>", -1, NULL));
  result = read_tsx (bad, NULL, &error);
  ck_assert_ptr_null (result);
  ck_assert_msg (error != NULL && strstr (error->message, "bad.tsx:2:") && strstr (error->message, "tileheight=\"x\""),
                 "%s", error ? error->message : "(none)");
  g_clear_error (&error);

  g_free (write_tsx (folder, "good.tsx", 16, TRUE));
  ck_assert (g_file_set_contents (frame, "<tileset tilewidth=\"16\" tileheight=\"16\" tilecount=\"1\" columns=\"1\">"
                                         "<image source=\"tiles.png\"/><tile id=\"0\"><animation>"
                                         "<frame tileid=\"7\" duration=\"10\"/></animation></tile></tileset>", -1, NULL));
  result = read_tsx (frame, NULL, &error);
  ck_assert_ptr_null (result);
  ck_assert_msg (error != NULL && strstr (error->message, "frame.tsx") && strstr (error->message, "tileid 7"),
                 "%s", error ? error->message : "(none)");
  g_clear_error (&error);

  /* Every truncation of a good TSX fails with an error naming it, or reads (a cut after the
   * root element's end). */
  {
    g_autofree char *good = g_build_filename (folder, "good.tsx", NULL);
    g_autoptr(GBytes) whole = tsr_test_read_file (good);
    gsize size = g_bytes_get_size (whole);

    for (gsize cut = 0; cut < size; cut++)
      {
        g_autoptr(GBytes) part = g_bytes_new_from_bytes (whole, 0, cut);
        g_autoptr(TsrSphereTileset) read = tsr_sphere_tsx_import (good, part, NULL, &error);

        ck_assert_msg ((read == NULL) == (error != NULL), "cut %zu", cut);
        if (error != NULL)
          ck_assert_msg (strstr (error->message, "good.tsx") != NULL, "cut %zu: %s", cut, error->message);
        g_clear_error (&error);
      }
  }

  ck_assert (g_file_set_contents (bad, "<map/>", -1, NULL));
  result = read_tsx (bad, NULL, &error);
  ck_assert_ptr_null (result);
  ck_assert_msg (error != NULL && strstr (error->message, "bad.tsx:1:") && strstr (error->message, "<tileset>"),
                 "%s", error ? error->message : "(none)");
}
END_TEST


/* A standalone .rts reordered: the maps beside it (same folder, and Sphere's maps/ folder beside
 * it) that draw with it are named in the history, as they are not renumbered. */
START_TEST (test_maps_beside_named)
{
  g_autofree char *folder = g_dir_make_tmp ("tessera-rts-XXXXXX", NULL);
  g_autofree char *tilesets = g_build_filename (folder, "tilesets", NULL);
  g_autofree char *maps = g_build_filename (folder, "maps", NULL);
  g_autofree char *rts = g_build_filename (tilesets, "test.rts", NULL);
  g_autoptr(GBytes) rts_bytes = file_bytes ("test.rts");
  g_autoptr(GBytes) rmp_bytes = file_bytes ("test.rmp");
  g_autoptr(TsrSphereMap) other = NULL;
  g_autoptr(GBytes) other_bytes = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (rts);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = NULL;
  g_autofree char *path = NULL;
  const char *description;

  ck_assert_int_eq (g_mkdir_with_parents (tilesets, 0700), 0);
  ck_assert_int_eq (g_mkdir_with_parents (maps, 0700), 0);
  ck_assert (g_file_set_contents (rts, g_bytes_get_data (rts_bytes, NULL), (gssize) g_bytes_get_size (rts_bytes), NULL));
  /* test.rmp names "test.rts": beside the tileset it uses it, in maps/ it names another file. */
  path = g_build_filename (tilesets, "beside.rmp", NULL);
  ck_assert (g_file_set_contents (path, g_bytes_get_data (rmp_bytes, NULL), (gssize) g_bytes_get_size (rmp_bytes), NULL));
  g_free (path);
  path = g_build_filename (maps, "elsewhere.rmp", NULL);
  ck_assert (g_file_set_contents (path, g_bytes_get_data (rmp_bytes, NULL), (gssize) g_bytes_get_size (rmp_bytes), NULL));
  g_free (path);
  other = tsr_sphere_map_parse (rmp_bytes, &error);
  ck_assert_msg (other != NULL, "%s", error ? error->message : "");
  g_bytes_unref (g_ptr_array_index (other->strings, 0));
  g_ptr_array_index (other->strings, 0) = tsr_sphere_string_new ("..\\tilesets\\test.rts");
  other_bytes = tsr_sphere_map_serialize (other);
  path = g_build_filename (maps, "town.rmp", NULL);
  ck_assert (g_file_set_contents (path, g_bytes_get_data (other_bytes, NULL), (gssize) g_bytes_get_size (other_bytes), NULL));

  document = tsr_document_new_from_file (file, &error);
  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
  ck_assert (tsr_sphere_document_move_tile (TSR_SPHERE_DOCUMENT (document), 0, 1, &error));
  description = tsr_undo_stack_get_undo_description (tsr_document_get_undo_stack (document));
  ck_assert_msg (strstr (description, "beside.rmp, maps/town.rmp") != NULL, "%s", description);
  ck_assert_msg (strstr (description, "elsewhere") == NULL, "%s", description);
  /* A tile only added at the end renumbers no map: the note says so, not that maps were left. */
  ck_assert (tsr_sphere_document_insert_tiles (TSR_SPHERE_DOCUMENT (document),
                                               tsr_sphere_document_get_edited_tileset (TSR_SPHERE_DOCUMENT (document))->tiles->len,
                                               1, &error));
  description = tsr_undo_stack_get_undo_description (tsr_document_get_undo_stack (document));
  ck_assert_msg (strstr (description, "unaffected") != NULL, "%s", description);
  ck_assert_msg (strstr (description, "not renumbered") == NULL, "%s", description);
}
END_TEST

/* Property: random pixel strokes and tile edits on the appended tileset, then undo all: the loaded
 * bytes; every cell keeps its picture through list edits that remove no used tile. */
START_TEST (test_random_edits_undone)
{
  g_autoptr(TsrSphereDocument) document = open_document ("turbosphere_test_appended.rmp");
  g_autoptr(GBytes) original = file_bytes ("turbosphere_test_appended.rmp");
  const TsrSphereTileset *tileset = tsr_sphere_document_get_edited_tileset (document);
  GRand *rand = g_rand_new_with_seed (38 + (guint32) _i);

  for (guint step = 0; step < 40; step++)
    {
      guint n = tileset->tiles->len;
      guint a = (guint) g_rand_int_range (rand, 0, (gint) n), b = (guint) g_rand_int_range (rand, 0, (gint) n);
      g_autoptr(GError) error = NULL;

      switch (g_rand_int_range (rand, 0, 7))
        {
        case 0:
        case 1:
          {
            TsrPixelStroke *stroke = tsr_pixel_stroke_begin (tsr_sphere_document_get_tile_target (), document, a);
            TsrImage *image = tsr_pixel_stroke_get_image (stroke);
            TsrCommand *command;

            tsr_pixel_rectangle (image, g_rand_int_range (rand, -2, 20), g_rand_int_range (rand, -2, 20),
                                 g_rand_int_range (rand, -2, 20), g_rand_int_range (rand, -2, 20),
                                 g_rand_boolean (rand), g_rand_int (rand));
            command = tsr_pixel_stroke_finish (stroke, "Rectangle");
            if (command != NULL)
              tsr_undo_stack_push (stack_of (document), command);
            break;
          }
        case 2: ck_assert (tsr_sphere_document_move_tile (document, a, b, &error)); break;
        case 3: ck_assert (tsr_sphere_document_duplicate_tile (document, a, &error)); break;
        case 4: ck_assert (tsr_sphere_document_insert_tiles (document, b, 1 + g_rand_int_range (rand, 0, 3), &error)); break;
        case 5: ck_assert (tsr_sphere_document_set_tile_animation (document, a, g_rand_boolean (rand), (guint16) b, (guint16) g_rand_int_range (rand, 0, 100), &error)); break;
        default:
          if (n > 1)
            ck_assert (tsr_sphere_document_remove_tile (document, a, &error));
          break;
        }
    }
  while (tsr_undo_stack_undo (stack_of (document)))
    ;
  { g_autoptr(GBytes) undone = serialize (document, "turbosphere_test_appended.rmp"); assert_bytes_equal (undone, original, "undone"); }
  g_rand_free (rand);
}
END_TEST

static Suite *
tileset_edit_suite (void)
{
  Suite *suite = suite_create ("sphere-tileset-edit");
  TCase *tcase = tcase_create ("tileset");

  tcase_set_timeout (tcase, 300);
  tcase_add_test (tcase, test_untouched_identical);
  tcase_add_test (tcase, test_not_a_tileset);
  tcase_add_test (tcase, test_pixel_stroke_on_rts);
  tcase_add_loop_test (tcase, test_list_edits_keep_map_picture, 0, 2);
  tcase_add_test (tcase, test_remove_used_tile);
  tcase_add_test (tcase, test_tile_properties_saved);
  tcase_add_test (tcase, test_obstructions_switched_on);
  tcase_add_test (tcase, test_added_tiles_keep_obstructions_valid);
  tcase_add_test (tcase, test_animation_links_follow_moves);
  tcase_add_test (tcase, test_import_sheet);
  tcase_add_test (tcase, test_import_tsx);
  tcase_add_test (tcase, test_import_tsx_errors);
  tcase_add_test (tcase, test_maps_beside_named);
  tcase_add_loop_test (tcase, test_random_edits_undone, 0, 8);
  suite_add_tcase (suite, tcase);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("sphere");
  return tsr_test_run_suite (tileset_edit_suite ());
}
