/* test-wolf3d-document.c: TsrWolfDocument on the real shareware set: opening, the level maps and
 * their images, names and palettes, painting through the shared tile commands with undo and redo,
 * saving into a copy and reloading with the codec, level commands, signals, and a randomized run
 * of 1,000 mixed edits whose undo-all gives back the original bytes. */
#include <string.h>

#include "core/tsr-file.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "formats/wolf3d/tsr-wolf3d-tables.h"
#include "edit/tsr-tile-tools.h"
#include "model/tsr-tile-commands.h"
#include "model/wolf3d/tsr-wolf3d-commands.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "tsr-test-common.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWolf3dSet, tsr_wolf3d_set_free)

static char *data_root;

static const char *const set_files[] = {
  "MAPHEAD.WL1", "GAMEMAPS.WL1", "VSWAP.WL1", "VGAHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1",
  "AUDIOHED.WL1", "AUDIOT.WL1",
};

static char *
shareware_folder (void)
{
  return g_build_filename (data_root, "wl1_v14_shareware", NULL);
}

/* A temporary copy of the eight files: saving never writes into the test data. */
static char *
copy_set (void)
{
  g_autofree char *source = shareware_folder ();
  char *folder = tsr_test_make_temp_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (set_files); i++)
    {
      g_autofree char *from = g_build_filename (source, set_files[i], NULL);
      g_autofree char *to = g_build_filename (folder, set_files[i], NULL);
      g_autoptr(GBytes) bytes = tsr_test_read_file (from);
      g_autoptr(GError) error = NULL;

      ck_assert_msg (g_file_set_contents (to, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), &error),
                     "%s", error != NULL ? error->message : "");
    }
  return folder;
}

static TsrWolfDocument *
open_document (const char *folder)
{
  g_autofree char *path = g_build_filename (folder, "GAMEMAPS.WL1", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TsrDocument *document = tsr_document_new_from_file (file, &error);

  ck_assert_msg (document != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_msg (TSR_IS_WOLF_DOCUMENT (document), "a %s, not a TsrWolfDocument", G_OBJECT_TYPE_NAME (document));
  return TSR_WOLF_DOCUMENT (document);
}

static TsrWolf3dSet *
load_set (const char *folder)
{
  g_autofree char *path = g_build_filename (folder, "MAPHEAD.WL1", NULL);
  g_autoptr(GError) error = NULL;
  TsrWolf3dSet *set = tsr_wolf3d_set_load (path, NULL, &error);

  ck_assert_msg (set != NULL, "%s", error != NULL ? error->message : "");
  return set;
}

/* What a save would write, by file name. */
static GHashTable *
serialize (TsrWolfDocument *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (TSR_DOCUMENT (document), NULL, &error);
  GHashTable *files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);

  ck_assert_msg (outputs != NULL, "%s", error != NULL ? error->message : "");
  for (guint i = 0; i < outputs->len; i++)
    {
      TsrOutputFile *output = g_ptr_array_index (outputs, i);
      g_hash_table_insert (files, g_path_get_basename (output->path), g_bytes_ref (output->bytes));
    }
  return files;
}

static void
assert_same_files (GHashTable *a, GHashTable *b, const char *when)
{
  GHashTableIter iter;
  gpointer name, bytes;

  ck_assert_uint_eq (g_hash_table_size (a), g_hash_table_size (b));
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &name, &bytes))
    {
      GBytes *other = g_hash_table_lookup (b, name);

      ck_assert_msg (other != NULL, "%s: %s missing", when, (char *) name);
      ck_assert_msg (g_bytes_equal (bytes, other), "%s: %s differs (%zu and %zu bytes)", when, (char *) name,
                     g_bytes_get_size (bytes), g_bytes_get_size (other));
    }
}

static TsrTileMap *
level_map (TsrWolfDocument *document, guint index)
{
  TsrWolfLevelMap *map = tsr_wolf_document_get_level_map (document, index);

  ck_assert_ptr_nonnull (map);
  return TSR_TILE_MAP (map);
}

static void
push (TsrWolfDocument *document, TsrCommand *command)
{
  ck_assert_ptr_nonnull (command);
  tsr_document_execute (TSR_DOCUMENT (document), command);
  g_object_unref (command);
}

/* ---- opening ------------------------------------------------------------------------------ */

START_TEST (test_open)
{
  g_autofree char *folder = shareware_folder ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  g_autoptr(GHashTable) files = serialize (document);
  TsrTileMap *map = level_map (document, 0);
  TsrTileMap *as_map = TSR_TILE_MAP (document);
  g_autoptr(TsrWolf3dSet) set = NULL;
  guint w = 0, h = 0;

  ck_assert_uint_eq (tsr_wolf_document_get_n_levels (document), 10);
  ck_assert_uint_eq (g_list_model_get_n_items (tsr_wolf_document_get_levels (document)), 10);
  ck_assert_uint_eq (tsr_wolf_document_get_current_level (document), 0);
  ck_assert_ptr_eq (tsr_wolf_document_get_current_level_map (document), tsr_wolf_document_get_level_map (document, 0));
  ck_assert_str_eq (tsr_wolf_level_map_get_name (TSR_WOLF_LEVEL_MAP (map)), "Wolf1 Map1");
  ck_assert_str_eq (tsr_tile_map_get_family (map), "wolf3d");
  ck_assert_uint_eq (tsr_tile_map_get_width (map), 64);
  ck_assert_uint_eq (tsr_tile_map_get_height (map), 64);
  ck_assert_uint_eq (tsr_tile_map_get_n_layers (map), 3);
  ck_assert_str_eq (tsr_tile_map_get_layer_name (map, 0), "Architecture");
  ck_assert_str_eq (tsr_tile_map_get_layer_name (map, 2), "Area codes");
  ck_assert (tsr_tile_map_get_layer_visible (map, 0));
  ck_assert (!tsr_tile_map_get_layer_visible (map, 2));
  tsr_tile_map_get_cell_size (map, &w, &h);
  ck_assert_uint_eq (w, 64);
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));

  /* Cells are the codec's plane words; layer 2 reads plane 0 too. */
  set = load_set (folder);
  {
    const TsrWolf3dLevel *level = tsr_wolf3d_maps_get_level (set->maps, 0);
    TsrTileRect area = { 5, 7, 9, 4 };
    guint32 cells[36];

    for (guint y = 0; y < 64; y++)
      for (guint x = 0; x < 64; x++)
        {
          ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, (gint) x, (gint) y), level->planes[0][y * 64 + x]);
          ck_assert_uint_eq (tsr_tile_map_get_tile (map, 1, (gint) x, (gint) y), level->planes[1][y * 64 + x]);
          ck_assert_uint_eq (tsr_tile_map_get_tile (map, 2, (gint) x, (gint) y), level->planes[0][y * 64 + x]);
          ck_assert_uint_eq (tsr_tile_map_get_tile (as_map, 1, (gint) x, (gint) y), level->planes[1][y * 64 + x]);
        }
    tsr_tile_map_get_tiles (map, 1, &area, cells);
    for (guint i = 0; i < 36; i++)
      ck_assert_uint_eq (cells[i], level->planes[1][(7 + i / 9) * 64 + 5 + i % 9]);
  }

  /* Untouched, a save writes the eight files as they are. */
  ck_assert_uint_eq (g_hash_table_size (files), 8);
  for (guint i = 0; i < G_N_ELEMENTS (set_files); i++)
    {
      g_autofree char *path = g_build_filename (folder, set_files[i], NULL);
      g_autoptr(GBytes) original = tsr_test_read_file (path);

      ck_assert_msg (g_bytes_equal (original, g_hash_table_lookup (files, set_files[i])), "%s", set_files[i]);
    }

  /* Validation is the codec's. */
  {
    g_autoptr(GPtrArray) findings = tsr_findings_new ();

    tsr_wolf3d_set_validate (set, findings);
    ck_assert_uint_eq (tsr_document_get_findings (TSR_DOCUMENT (document))->len, findings->len);
  }
  tsr_test_report_count ("shareware set opened as a document", 8);
}
END_TEST

static guint
alpha_at (const TsrImage *image, guint x, guint y)
{
  return image->pixels[(y * image->width + x) * 4 + 3];
}

/* Draws IMAGE scaled to SIZE pixels at (X0, Y0) over SHEET (nearest neighbour, alpha "over"). */
static void
draw_scaled (TsrImage *sheet, const TsrImage *image, guint x0, guint y0, guint size)
{
  for (guint y = 0; y < size; y++)
    for (guint x = 0; x < size; x++)
      {
        const guint8 *s = image->pixels + ((y * image->height / size) * image->width + x * image->width / size) * 4;
        guint8 *d = sheet->pixels + ((gsize) (y0 + y) * sheet->width + x0 + x) * 4;

        for (guint c = 0; c < 3; c++)
          d[c] = (guint8) ((s[c] * s[3] + d[c] * (255 - s[3])) / 255);
        d[3] = 255;
      }
}

/* Writes what a view would draw into the build folder, to look at: level 1 with the area overlay
 * on, and the object palette. */
static void
write_pictures (TsrWolfDocument *document)
{
  TsrTileMap *map = level_map (document, 0);
  g_autoptr(TsrImage) level = tsr_image_new (64 * 16, 64 * 16);
  g_autoptr(GArray) objects = tsr_tile_map_list_tiles (map, 1);
  g_autoptr(TsrImage) sheet = tsr_image_new (16 * 48, ((objects->len + 15) / 16) * 48);
  g_autoptr(GError) error = NULL;

  for (guint layer = 0; layer < 3; layer++)
    for (guint y = 0; y < 64; y++)
      for (guint x = 0; x < 64; x++)
        {
          const TsrImage *image = tsr_tile_map_get_tile_image (map, layer, tsr_tile_map_get_tile (map, layer, (gint) x, (gint) y));
          if (image != NULL)
            draw_scaled (level, image, x * 16, y * 16, 16);
        }
  for (guint i = 0; i < objects->len; i++)
    draw_scaled (sheet, tsr_tile_map_get_tile_image (map, 1, g_array_index (objects, guint32, i)),
                 (i % 16) * 48, (i / 16) * 48, 48);
  ck_assert_msg (tsr_image_save_png (level, "wolf3d-document-level1.png", &error), "%s", error ? error->message : "");
  ck_assert_msg (tsr_image_save_png (sheet, "wolf3d-document-objects.png", &error), "%s", error ? error->message : "");
}

START_TEST (test_images_names_palettes)
{
  g_autofree char *folder = shareware_folder ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  TsrTileMap *map = level_map (document, 0);
  const TsrImage *image;
  g_autoptr(GArray) walls = tsr_tile_map_list_tiles (map, 0);
  g_autoptr(GArray) objects = tsr_tile_map_list_tiles (map, 1);
  g_autoptr(GArray) areas = tsr_tile_map_list_tiles (map, 2);
  g_autoptr(GPtrArray) categories = tsr_wolf_document_list_object_categories (document);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autofree char *guard = NULL;
  g_autofree char *wall = NULL;
  g_autofree char *start = NULL;

  /* Walls and doors: their textures, opaque, cached. */
  image = tsr_tile_map_get_tile_image (map, 0, 1);
  ck_assert_ptr_nonnull (image);
  ck_assert_uint_eq (image->width, 64);
  ck_assert_uint_eq (alpha_at (image, 10, 10), 255);
  ck_assert_ptr_eq (tsr_tile_map_get_tile_image (map, 0, 1), image);
  ck_assert_ptr_eq (tsr_tile_map_get_tile_image (level_map (document, 3), 0, 1), image);
  ck_assert_ptr_nonnull (tsr_tile_map_get_tile_image (map, 0, 90));
  ck_assert_ptr_nonnull (tsr_tile_map_get_tile_image (map, 0, 100));
  ck_assert_ptr_null (tsr_tile_map_get_tile_image (map, 0, 0));
  /* Area codes: an opaque floor on layer 0, a translucent colour on the overlay. */
  ck_assert_uint_eq (alpha_at (tsr_tile_map_get_tile_image (map, 0, 108), 30, 30), 255);
  image = tsr_tile_map_get_tile_image (map, 2, 108);
  ck_assert_ptr_nonnull (image);
  ck_assert_uint_eq (alpha_at (image, 4, 4), 0x80);
  /* ... labelled with the area's number in white: areas 1 and 7 differ in the middle. */
  {
    const TsrImage *seven = tsr_tile_map_get_tile_image (map, 2, 114);
    guint white = 0, differ = 0;

    for (guint y = 16; y < 48; y++)
      for (guint x = 16; x < 48; x++)
        {
          const guint8 *p = image->pixels + (y * 64 + x) * 4, *q = seven->pixels + (y * 64 + x) * 4;

          white += p[0] == 255 && p[1] == 255 && p[2] == 255 && p[3] == 255;
          differ += p[0] != q[0] || p[1] != q[1] || p[2] != q[2];
        }
    ck_assert_uint_gt (white, 40);
    ck_assert_uint_gt (differ, 100);
  }
  /* Enemies are drawn facing their direction: the guard facing east is not the one facing south;
   * the officer, missing from the shareware sprites, is a labelled marker unlike the mutant's. */
  {
    const TsrImage *east = tsr_tile_map_get_tile_image (map, 1, 108);
    const TsrImage *south = tsr_tile_map_get_tile_image (map, 1, 111);
    const TsrImage *officer = tsr_tile_map_get_tile_image (map, 1, 116);
    const TsrImage *mutant = tsr_tile_map_get_tile_image (map, 1, 216);

    ck_assert (memcmp (east->pixels, south->pixels, 64 * 64 * 4) != 0);
    ck_assert (memcmp (officer->pixels, mutant->pixels, 64 * 64 * 4) != 0);
    ck_assert_uint_eq (officer->pixels[(32 * 64 + 32) * 4 + 3], 255);
  }
  ck_assert_ptr_null (tsr_tile_map_get_tile_image (map, 2, 1));
  /* Objects: sprites (transparent around) or markers; the player start has its arrow. */
  image = tsr_tile_map_get_tile_image (map, 1, 108);
  ck_assert_ptr_nonnull (image);
  ck_assert_uint_eq (alpha_at (image, 0, 63), 0);
  for (guint code = 19; code <= 22; code++)
    ck_assert_ptr_nonnull (tsr_tile_map_get_tile_image (map, 1, code));
  {
    const TsrImage *north = tsr_tile_map_get_tile_image (map, 1, 19);
    const TsrImage *south = tsr_tile_map_get_tile_image (map, 1, 21);

    /* The arrow of the start facing north is in the top half: white above the centre. */
    ck_assert_uint_eq (north->pixels[(12 * 64 + 32) * 4], 255);
    ck_assert_uint_ne (south->pixels[(12 * 64 + 32) * 4], 255);
  }
  ck_assert_ptr_nonnull (tsr_tile_map_get_tile_image (map, 1, 98));
  ck_assert_ptr_nonnull (tsr_tile_map_get_tile_image (map, 1, 99));
  ck_assert_ptr_nonnull (tsr_tile_map_get_tile_image (map, 1, 90));
  ck_assert_ptr_null (tsr_tile_map_get_tile_image (map, 1, 0));
  for (guint i = 0; i < objects->len; i++)
    ck_assert_ptr_nonnull (tsr_tile_map_get_tile_image (map, 1, g_array_index (objects, guint32, i)));
  for (guint i = 0; i < walls->len; i++)
    ck_assert_ptr_nonnull (tsr_tile_map_get_tile_image (map, 0, g_array_index (walls, guint32, i)));

  /* Names from the tables. */
  guard = tsr_tile_map_get_tile_name (map, 1, 108);
  ck_assert_str_eq (guard, "Guard, standing, facing east, all skill levels");
  wall = tsr_tile_map_get_tile_name (map, 0, 5);
  ck_assert_str_eq (wall, "Wall 5");
  start = tsr_tile_map_get_tile_name (map, 1, 19);
  ck_assert_str_eq (start, "Player start facing north");

  /* Palettes: walls with a texture in this release, doors, ambush, areas; all known objects. */
  ck_assert_uint_gt (walls->len, 40);
  ck_assert_uint_eq (g_array_index (walls, guint32, 0), 1);
  ck_assert_uint_eq (areas->len, 37);
  ck_assert_uint_eq (g_array_index (areas, guint32, 0), 107);
  ck_assert_uint_gt (objects->len, 150);

  /* Every object in exactly one category; the first is the player starts, with their facing. */
  ck_assert_uint_ge (categories->len, 10);
  {
    TsrWolfObjectCategory *player = g_ptr_array_index (categories, 0);

    ck_assert_str_eq (player->id, "player");
    ck_assert_uint_eq (player->values->len, 4);
    ck_assert_uint_eq (g_array_index (player->values, guint32, 0), 19);
  }
  for (guint c = 0; c < categories->len; c++)
    {
      TsrWolfObjectCategory *category = g_ptr_array_index (categories, c);

      ck_assert_uint_gt (category->values->len, 0);
      for (guint i = 0; i < category->values->len; i++)
        {
          guint32 value = g_array_index (category->values, guint32, i);
          ck_assert_msg (!g_hash_table_contains (seen, GUINT_TO_POINTER (value)), "%u twice", value);
          g_hash_table_add (seen, GUINT_TO_POINTER (value));
        }
      if (g_str_equal (category->id, "enemies-hard"))
        {
          /* Guards first: standing facing east, north, west, south, then patrolling. */
          ck_assert_uint_eq (g_array_index (category->values, guint32, 0), 180);
          ck_assert_uint_eq (g_array_index (category->values, guint32, 3), 183);
          ck_assert_uint_eq (g_array_index (category->values, guint32, 4), 184);
        }
    }
  ck_assert_uint_eq (g_hash_table_size (seen), objects->len);
  write_pictures (document);
  {
    const char *expected[] = { "player", "enemies-all", "enemies-medium", "enemies-hard", "bosses", "statics",
                               "treasure", "keys", "pushwalls", "exits" };
    for (guint e = 0; e < G_N_ELEMENTS (expected); e++)
      {
        gboolean found = FALSE;
        for (guint c = 0; c < categories->len; c++)
          found |= g_str_equal (((TsrWolfObjectCategory *) g_ptr_array_index (categories, c))->id, expected[e]);
        ck_assert_msg (found, "no category %s", expected[e]);
      }
  }
}
END_TEST

/* ---- painting, save and reload ------------------------------------------------------------ */

typedef struct {
  guint       count;
  guint       layers;   /* bit per layer seen */
  TsrTileRect area;
} Changes;

static void
on_tiles_changed (TsrTileMap *map, guint layer, const TsrTileRect *area, Changes *changes)
{
  if (changes->count == 0)
    changes->area = *area;
  else
    tsr_tile_rect_union (&changes->area, area);
  changes->count++;
  changes->layers |= 1u << layer;
}

static void
pencil (TsrWolfDocument *document, TsrTileMap *map, guint layer, gint x, gint y, guint32 value)
{
  TsrPaintTilesCommand *command = tsr_paint_tiles_command_new (map, "Pencil", "pencil");

  tsr_paint_tiles_command_set (command, layer, x, y, value);
  push (document, TSR_COMMAND (command));
}

START_TEST (test_paint_save_reload)
{
  g_autofree char *folder = copy_set ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  g_autoptr(TsrWolf3dSet) before = load_set (folder);
  g_autoptr(TsrWolf3dSet) after = NULL;
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  TsrTileMap *map = level_map (document, 0);
  const TsrWolf3dLevel *original = tsr_wolf3d_maps_get_level (before->maps, 0);
  TsrTileRect rect = { 20, 20, 4, 3 };
  guint16 expected[64 * 64];
  Changes on_map = { 0 }, on_document = { 0 };
  g_autoptr(GError) error = NULL;

  g_signal_connect (map, "tiles-changed", G_CALLBACK (on_tiles_changed), &on_map);
  g_signal_connect (document, "tiles-changed", G_CALLBACK (on_tiles_changed), &on_document);

  /* A pencil stroke of three cells merges into one action; a break starts the next. */
  memcpy (expected, original->planes[0], sizeof expected);
  for (gint x = 30; x < 33; x++)
    {
      pencil (document, map, 0, x, 10, 1);
      expected[10 * 64 + x] = 1;
    }
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Pencil");
  /* Each cell said so on layer 0 and on the area overlay (the same plane), here and on the
   * document, which shows the current level. */
  ck_assert_uint_eq (on_map.count, 6);
  ck_assert_uint_eq (on_map.layers, 0x5);
  ck_assert_uint_eq (on_document.count, 6);
  ck_assert_int_eq (on_map.area.x, 30);
  ck_assert_int_eq (on_map.area.width, 3);
  ck_assert_int_eq (on_map.area.height, 1);
  ck_assert (tsr_document_get_modified (TSR_DOCUMENT (document)));

  tsr_undo_stack_break_merge (stack);
  push (document, tsr_tile_command_fill_rect (map, 0, &rect, 8));
  for (gint y = rect.y; y < rect.y + rect.height; y++)
    for (gint x = rect.x; x < rect.x + rect.width; x++)
      expected[y * 64 + x] = 8;
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);

  /* Undo the rectangle, redo it. */
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 21, 21), original->planes[0][21 * 64 + 21]);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 31, 10), 1);
  ck_assert (tsr_document_redo (TSR_DOCUMENT (document)));
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 21, 21), 8);

  /* Save into the copy; the document is clean again. */
  ck_assert_msg (tsr_document_save (TSR_DOCUMENT (document), NULL, TSR_SAVE_NONE, &error),
                 "%s", error != NULL ? error->message : "");
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));

  /* Reload with the codec: only level 0's plane 0 changed, exactly at the painted cells. */
  after = load_set (folder);
  ck_assert_uint_eq (after->maps->levels->len, before->maps->levels->len);
  for (guint i = 0; i < before->maps->levels->len; i++)
    {
      const TsrWolf3dLevel *old = tsr_wolf3d_maps_get_level (before->maps, i);
      const TsrWolf3dLevel *new = tsr_wolf3d_maps_get_level (after->maps, i);

      ck_assert_str_eq (new->name, old->name);
      for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
        {
          if (i == 0 && p == 0)
            {
              guint differ = 0;

              for (guint t = 0; t < 64 * 64; t++)
                {
                  ck_assert_msg (new->planes[0][t] == expected[t], "tile (%u,%u) is %u, expected %u",
                                 t % 64, t / 64, new->planes[0][t], expected[t]);
                  differ += new->planes[0][t] != old->planes[0][t];
                }
              ck_assert_uint_gt (differ, 0);
              continue;
            }
          ck_assert (memcmp (new->planes[p], old->planes[p], 64 * 64 * 2) == 0);
          /* Unchanged planes keep their stored bytes. */
          ck_assert_msg (g_bytes_equal (new->chunks[p], old->chunks[p]), "level %u plane %u recompressed", i, p);
        }
    }
  for (guint k = 0; k < TSR_WOLF3D_N_FILES; k++)
    if (k != TSR_WOLF3D_FILE_MAPHEAD && k != TSR_WOLF3D_FILE_GAMEMAPS && before->files[k] != NULL)
      ck_assert (g_bytes_equal (before->files[k], after->files[k]));
}
END_TEST

static void
on_notify (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

static void
on_layers_changed (TsrTileMap *map, guint *count)
{
  (*count)++;
}

/* Undo edits the level the command was made on, whichever level is shown. */
START_TEST (test_undo_other_level)
{
  g_autofree char *folder = shareware_folder ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  g_autoptr(GHashTable) original = serialize (document);
  g_autoptr(GHashTable) saved = NULL;
  TsrTileMap *first = level_map (document, 0), *second = level_map (document, 1);
  guint32 before_first = tsr_tile_map_get_tile (first, 1, 12, 12);
  guint32 before_second = tsr_tile_map_get_tile (second, 1, 12, 12);
  Changes on_document = { 0 };
  guint notified = 0;

  pencil (document, first, 1, 12, 12, 19);
  g_signal_connect (document, "tiles-changed", G_CALLBACK (on_tiles_changed), &on_document);
  g_signal_connect (document, "notify::current-level", G_CALLBACK (on_notify), &notified);
  tsr_wolf_document_set_current_level (document, 1);
  ck_assert_uint_eq (notified, 1);
  ck_assert_ptr_eq (tsr_wolf_document_get_current_level_map (document), TSR_WOLF_LEVEL_MAP (second));
  /* The whole map changed on every layer, as far as the document's map is concerned. */
  ck_assert_uint_eq (on_document.count, 3);
  ck_assert_int_eq (on_document.area.width, 64);
  ck_assert_uint_eq (tsr_tile_map_get_tile (TSR_TILE_MAP (document), 1, 12, 12), before_second);

  /* Level 0 is not current: its map says it changed, the document does not. */
  on_document.count = 0;
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  ck_assert_uint_eq (tsr_tile_map_get_tile (first, 1, 12, 12), before_first);
  ck_assert_uint_eq (tsr_tile_map_get_tile (second, 1, 12, 12), before_second);
  ck_assert_uint_eq (on_document.count, 0);
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
  saved = serialize (document);
  assert_same_files (original, saved, "after undo");
  g_signal_handlers_disconnect_by_data (document, &notified);
}
END_TEST

/* The document as a map is the current level: reads, raw writes and change signals reach the
 * level map and back. */
START_TEST (test_document_as_map)
{
  g_autofree char *folder = shareware_folder ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  TsrTileMap *as_map = TSR_TILE_MAP (document);
  TsrTileMap *second = level_map (document, 1);
  TsrTileRect cell = { 5, 6, 1, 1 };
  Changes on_level = { 0 }, on_document = { 0 };
  g_autoptr(GArray) palette = tsr_tile_map_list_tiles (as_map, 0);

  tsr_wolf_document_set_current_level (document, 1);
  ck_assert_uint_eq (tsr_tile_map_get_width (as_map), 64);
  ck_assert_uint_eq (tsr_tile_map_get_n_layers (as_map), 3);
  ck_assert_str_eq (tsr_tile_map_get_family (as_map), "wolf3d");
  ck_assert_uint_gt (palette->len, 0);
  g_signal_connect (second, "tiles-changed", G_CALLBACK (on_tiles_changed), &on_level);
  g_signal_connect (document, "tiles-changed", G_CALLBACK (on_tiles_changed), &on_document);

  tsr_tile_map_set_tile (as_map, 0, 5, 6, 3);
  ck_assert_uint_eq (tsr_tile_map_get_tile (second, 0, 5, 6), 3);
  ck_assert_uint_eq (tsr_tile_map_get_tile (level_map (document, 0), 0, 5, 6) == 3, FALSE);
  tsr_tile_map_tiles_changed (as_map, 0, &cell);
  /* Layer 0 and its twin, the area overlay, on both. */
  ck_assert_uint_eq (on_level.count, 2);
  ck_assert_uint_eq (on_level.layers, 0x5);
  ck_assert_uint_eq (on_document.count, 2);
  ck_assert_uint_eq (on_document.layers, 0x5);

  on_level = (Changes) { 0 };
  on_document = (Changes) { 0 };
  tsr_tile_map_tiles_changed (second, 1, &cell);
  ck_assert_uint_eq (on_level.count, 1);
  ck_assert_uint_eq (on_document.count, 1);
  ck_assert_uint_eq (on_document.layers, 0x2);
}
END_TEST

/* ---- level commands ----------------------------------------------------------------------- */

typedef struct {
  guint position;
  guint removed;
  guint added;
  guint count;
} ItemsChanged;

static void
on_items_changed (GListModel *model, guint position, guint removed, guint added, ItemsChanged *log)
{
  log->position = position;
  log->removed = removed;
  log->added = added;
  log->count++;
}

START_TEST (test_level_commands)
{
  g_autofree char *folder = copy_set ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  g_autoptr(GHashTable) original = serialize (document);
  g_autoptr(GHashTable) edited = NULL;
  g_autoptr(GHashTable) again = NULL;
  g_autoptr(TsrWolf3dSet) reloaded = NULL;
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  GListModel *levels = tsr_wolf_document_get_levels (document);
  TsrWolfLevelMap *third = tsr_wolf_document_get_level_map (document, 2);
  TsrWolfLevelMap *fifth = tsr_wolf_document_get_level_map (document, 4);
  ItemsChanged log = { 0 };
  guint names = 0;
  g_autoptr(GError) error = NULL;

  g_signal_connect (levels, "items-changed", G_CALLBACK (on_items_changed), &log);
  g_signal_connect (third, "notify::name", G_CALLBACK (on_notify), &names);

  /* Add a 64x64 level at the end: a walled room with the player's start, valid as it is. */
  ck_assert (tsr_wolf_document_add_level (document, 10, "New level", &error));
  ck_assert_uint_eq (tsr_wolf_document_get_n_levels (document), 11);
  ck_assert_uint_eq (log.position, 10);
  ck_assert_uint_eq (log.added, 1);
  {
    TsrTileMap *added = level_map (document, 10);

    ck_assert_uint_eq (tsr_tile_map_get_width (added), 64);
    ck_assert_uint_eq (tsr_tile_map_get_height (added), 64);
    ck_assert_uint_eq (tsr_tile_map_get_tile (added, 0, 0, 10), 1);
    ck_assert_uint_eq (tsr_tile_map_get_tile (added, 0, 10, 10), 108);
    ck_assert_uint_eq (tsr_tile_map_get_tile (added, 1, 32, 32), 19);
    ck_assert_str_eq (tsr_wolf_level_map_get_name (TSR_WOLF_LEVEL_MAP (added)), "New level");
    /* No finding on it is an error (issue 36: "+" added a level without a player start and
     * with 4,096 cells of code 0). */
    for (guint i = 0; i < tsr_document_get_findings (TSR_DOCUMENT (document))->len; i++)
      {
        const TsrFinding *finding = g_ptr_array_index (tsr_document_get_findings (TSR_DOCUMENT (document)), i);

        ck_assert_msg (finding->severity != TSR_SEVERITY_ERROR || strstr (finding->where, "New level") == NULL,
                       "%s: %s", finding->where, finding->what);
      }
  }

  /* Duplicate level 0: a copy after it. */
  ck_assert (tsr_wolf_document_duplicate_level (document, 0, &error));
  ck_assert_uint_eq (log.position, 1);
  ck_assert_str_eq (tsr_wolf_level_map_get_name (tsr_wolf_document_get_level_map (document, 1)), "Wolf1 Map1 copy");
  for (guint p = 0; p < 2; p++)
    for (gint y = 0; y < 64; y++)
      ck_assert_uint_eq (tsr_tile_map_get_tile (level_map (document, 1), p, 17, y),
                         tsr_tile_map_get_tile (level_map (document, 0), p, 17, y));
  /* Painting the copy leaves the original alone. */
  pencil (document, level_map (document, 1), 0, 3, 3, 5);
  ck_assert_uint_ne (tsr_tile_map_get_tile (level_map (document, 0), 0, 3, 3), 5);

  /* Renames of one level merge; the name is notified. */
  ck_assert_int_eq (tsr_wolf_document_get_level_index (document, third), 3);
  ck_assert (tsr_wolf_document_rename_level (document, 3, "S", &error));
  ck_assert (tsr_wolf_document_rename_level (document, 3, "Secret", &error));
  ck_assert_str_eq (tsr_wolf_level_map_get_name (third), "Secret");
  ck_assert_uint_eq (names, 2);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Rename Level");
  {
    guint depth = tsr_undo_stack_get_depth (stack);

    ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
    ck_assert_str_eq (tsr_wolf_level_map_get_name (third), "Wolf1 Map3");
    ck_assert (tsr_document_redo (TSR_DOCUMENT (document)));
    ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth);
  }
  ck_assert (!tsr_wolf_document_rename_level (document, 3, "A name of 17 byte", &error));
  ck_assert_ptr_nonnull (error);
  g_clear_error (&error);

  /* Reorder: the current level follows its level. */
  tsr_wolf_document_set_current_level (document, 3);
  ck_assert (tsr_wolf_document_move_level_to (document, 3, 0, &error));
  ck_assert_int_eq (tsr_wolf_document_get_level_index (document, third), 0);
  ck_assert_uint_eq (tsr_wolf_document_get_current_level (document), 0);
  ck_assert_ptr_eq (tsr_wolf_document_get_current_level_map (document), third);
  ck_assert (!tsr_wolf_document_move_level_to (document, 0, 42, &error));
  g_clear_error (&error);

  /* Delete the current level: the next one becomes current. */
  ck_assert (tsr_wolf_document_delete_level (document, 0, &error));
  ck_assert_uint_eq (log.removed, 1);
  ck_assert_int_eq (tsr_wolf_document_get_level_index (document, third), -1);
  ck_assert (!tsr_wolf_level_map_is_in_set (third));
  ck_assert_uint_eq (tsr_wolf_document_get_current_level (document), 0);
  ck_assert_str_eq (tsr_wolf_level_map_get_name (tsr_wolf_document_get_current_level_map (document)), "Wolf1 Map1");
  ck_assert (tsr_wolf_document_delete_level (document, 4, &error)); /* "Wolf1 Map5" */
  ck_assert_int_eq (tsr_wolf_document_get_level_index (document, fifth), -1);
  ck_assert_uint_eq (tsr_wolf_document_get_n_levels (document), 10);

  /* Save, reload with the codec: names and order as edited. */
  edited = serialize (document);
  ck_assert_msg (tsr_document_save (TSR_DOCUMENT (document), NULL, TSR_SAVE_FORCE, &error),
                 "%s", error != NULL ? error->message : "");
  reloaded = load_set (folder);
  {
    const char *expected[] = { "Wolf1 Map1", "Wolf1 Map1 copy", "Wolf1 Map2", "Wolf1 Map4", "Wolf1 Map6",
                               "Wolf1 Map7", "Wolf1 Map8", "Wolf1 Boss", "Wolf1 Secret", "New level" };
    ck_assert_uint_eq (reloaded->maps->levels->len, 10);
    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      ck_assert_str_eq (tsr_wolf3d_maps_get_level (reloaded->maps, i)->name, expected[i]);
    ck_assert_uint_eq (tsr_wolf3d_maps_get_level (reloaded->maps, 1)->planes[0][3 * 64 + 3], 5);
  }

  /* Undo everything: the original files; redo everything: the edited ones. */
  while (tsr_document_undo (TSR_DOCUMENT (document)))
    ;
  ck_assert_uint_eq (tsr_wolf_document_get_n_levels (document), 10);
  ck_assert_str_eq (tsr_wolf_level_map_get_name (third), "Wolf1 Map3");
  ck_assert_int_eq (tsr_wolf_document_get_level_index (document, third), 2);
  again = serialize (document);
  assert_same_files (original, again, "after undo-all");
  g_clear_pointer (&again, g_hash_table_unref);
  while (tsr_document_redo (TSR_DOCUMENT (document)))
    ;
  again = serialize (document);
  assert_same_files (edited, again, "after redo-all");
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
}
END_TEST

/* The area overlay is layer 2's visibility, shared by every level. */
START_TEST (test_area_overlay)
{
  g_autofree char *folder = shareware_folder ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  TsrTileMap *map = level_map (document, 0);
  guint layers_changed = 0;

  g_signal_connect (map, "layers-changed", G_CALLBACK (on_layers_changed), &layers_changed);
  tsr_tile_map_set_layer_visible (map, 2, TRUE);
  ck_assert_uint_eq (layers_changed, 1);
  ck_assert (tsr_tile_map_get_layer_visible (level_map (document, 5), 2));
  ck_assert (tsr_tile_map_get_layer_visible (TSR_TILE_MAP (document), 2));
  tsr_tile_map_set_layer_visible (TSR_TILE_MAP (document), 2, FALSE);
  ck_assert_uint_eq (layers_changed, 2);
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));

  /* Painting an area code through the overlay writes plane 0; undo gives the wall back. */
  {
    guint32 before = tsr_tile_map_get_tile (map, 0, 0, 0);
    TsrPaintTilesCommand *command = tsr_paint_tiles_command_new (map, "Pencil", "pencil");

    tsr_paint_tiles_command_set (command, 2, 0, 0, 120);
    push (document, TSR_COMMAND (command));
    ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 0, 0), 120);
    ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
    ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 0, 0), before);
  }

  /* One cell painted through both layers in one merged stroke (found by fuzz-model-commands): the
   * command holds it twice, and undo must give back the first old value, not the second. */
  {
    guint32 before = tsr_tile_map_get_tile (map, 0, 0, 0);
    TsrPaintTilesCommand *wall = tsr_paint_tiles_command_new (map, "Pencil", "pencil");
    TsrPaintTilesCommand *area = tsr_paint_tiles_command_new (map, "Pencil", "pencil");

    tsr_undo_stack_break_merge (tsr_document_get_undo_stack (TSR_DOCUMENT (document)));
    tsr_paint_tiles_command_set (wall, 0, 0, 0, before == 1 ? 2 : 1);
    push (document, TSR_COMMAND (wall));
    tsr_paint_tiles_command_set (area, 2, 0, 0, 121);
    push (document, TSR_COMMAND (area));
    ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 0, 0), 121);
    ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
    ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 0, 0), before);
    ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
    ck_assert (tsr_document_redo (TSR_DOCUMENT (document)));
    ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 0, 0), 121);
    ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  }
  g_signal_handlers_disconnect_by_data (map, &layers_changed);
}
END_TEST

/* A MAPHEAD with an empty slot: the hole is a level map with no level, which can be moved and
 * deleted but not renamed or duplicated, and everything undoes to the original bytes. */
START_TEST (test_empty_slot)
{
  g_autofree char *folder = copy_set ();
  g_autofree char *maphead = g_build_filename (folder, "MAPHEAD.WL1", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (maphead);
  g_autofree guint8 *patched = g_memdup2 (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_autoptr(TsrWolfDocument) document = NULL;
  g_autoptr(GHashTable) original = NULL;
  g_autoptr(GHashTable) again = NULL;
  TsrWolfLevelMap *hole;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrCommand) refused = NULL;

  /* Slot 3's offset (after the 2-byte RLEW tag) becomes 0. */
  memset (patched + 2 + 3 * 4, 0, 4);
  ck_assert (g_file_set_contents (maphead, (const char *) patched, (gssize) g_bytes_get_size (bytes), NULL));
  document = open_document (folder);
  original = serialize (document);

  ck_assert_uint_eq (tsr_wolf_document_get_n_levels (document), 10);
  hole = tsr_wolf_document_get_level_map (document, 3);
  ck_assert (tsr_wolf_level_map_is_empty_slot (hole));
  ck_assert_ptr_null (tsr_wolf_level_map_get_level (hole));
  ck_assert_str_eq (tsr_wolf_level_map_get_name (hole), "");
  ck_assert_uint_eq (tsr_tile_map_get_width (TSR_TILE_MAP (hole)), 0);
  refused = tsr_wolf_command_rename_level (document, 3, "Name", &error);
  ck_assert_ptr_null (refused);
  g_clear_error (&error);
  refused = tsr_wolf_command_duplicate_level (document, 3, NULL, &error);
  ck_assert_ptr_null (refused);
  g_clear_error (&error);

  tsr_wolf_document_set_current_level (document, 3);
  ck_assert_uint_eq (tsr_tile_map_get_width (TSR_TILE_MAP (document)), 0);
  ck_assert (tsr_wolf_document_move_level_to (document, 3, 7, &error));
  ck_assert (tsr_wolf_document_delete_level (document, 7, &error));
  ck_assert_uint_eq (tsr_wolf_document_get_n_levels (document), 9);
  pencil (document, level_map (document, 2), 1, 30, 30, 20);
  while (tsr_document_undo (TSR_DOCUMENT (document)))
    ;
  ck_assert_ptr_eq (tsr_wolf_document_get_level_map (document, 3), hole);
  again = serialize (document);
  assert_same_files (original, again, "after undo-all");
}
END_TEST

/* ---- randomized --------------------------------------------------------------------------- */

static guint32
random_value (GRand *rand, GArray *palette)
{
  if (g_rand_int_range (rand, 0, 8) == 0)
    return 0;
  return g_array_index (palette, guint32, g_rand_int_range (rand, 0, (gint32) palette->len));
}

START_TEST (test_random_edits_undo_all)
{
  g_autofree char *folder = shareware_folder ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  g_autoptr(GHashTable) original = serialize (document);
  g_autoptr(GHashTable) edited = NULL;
  g_autoptr(GHashTable) again = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (0x301f3d);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  GArray *palettes[3];
  guint counts[12] = { 0 };
  guint edits = 0;

  for (guint l = 0; l < 3; l++)
    palettes[l] = tsr_tile_map_list_tiles (TSR_TILE_MAP (document), l);

  while (edits < 1000)
    {
      guint n = tsr_wolf_document_get_n_levels (document);
      guint index = (guint) g_rand_int_range (rand, 0, (gint32) n);
      TsrTileMap *map = level_map (document, index);
      guint layer = (guint) g_rand_int_range (rand, 0, 3);
      guint32 value = random_value (rand, palettes[layer]);
      gint x = g_rand_int_range (rand, -2, 64), y = g_rand_int_range (rand, -2, 64);
      TsrTileRect area = { g_rand_int_range (rand, -2, 60), g_rand_int_range (rand, -2, 60),
                           g_rand_int_range (rand, 1, 9), g_rand_int_range (rand, 1, 9) };
      TsrCommand *command = NULL;
      guint kind = (guint) g_rand_int_range (rand, 0, 12);
      g_autoptr(GError) error = NULL;

      switch (kind)
        {
        case 0: case 1: case 2: /* pencil strokes, merging until a break */
          {
            TsrPaintTilesCommand *paint = tsr_paint_tiles_command_new (map, "Pencil", "pencil");
            gint radius = g_rand_int_range (rand, 0, 3);

            for (gint dy = -radius; dy <= radius; dy++)
              for (gint dx = -radius; dx <= radius; dx++)
                tsr_paint_tiles_command_set (paint, layer, x + dx, y + dy, value);
            command = TSR_COMMAND (paint);
            if (g_rand_int_range (rand, 0, 3) == 0)
              tsr_undo_stack_break_merge (stack);
          }
          break;
        case 3:
          command = tsr_tile_command_fill_rect (map, layer, &area, value);
          break;
        case 4:
          command = tsr_tile_command_flood_fill (map, layer, x, y, value, g_rand_boolean (rand) ? &area : NULL);
          break;
        case 5:
          command = tsr_tile_command_erase_rect (map, 0, 2, &area, "Delete");
          break;
        case 6:
          {
            /* Copy from one level, paste into another. */
            g_autoptr(TsrTileClip) clip = tsr_tile_clip_new_from_map (map, 0, 2, &area);
            TsrTileMap *target = level_map (document, (guint) g_rand_int_range (rand, 0, (gint32) n));

            if (clip != NULL)
              command = tsr_tile_command_paste (target, clip, x, y);
          }
          break;
        case 7:
          command = tsr_tile_command_move (map, layer == 2 ? 0 : layer, 1, &area,
                                           g_rand_int_range (rand, -4, 5), g_rand_int_range (rand, -4, 5));
          break;
        case 8:
          switch (g_rand_int_range (rand, 0, 3))
            {
            case 0:
              command = tsr_wolf_command_add_level (document, (guint) g_rand_int_range (rand, 0, (gint32) n + 1),
                                                    "Added", &error);
              break;
            case 1:
              command = tsr_wolf_command_duplicate_level (document, index, NULL, &error);
              break;
            default:
              command = tsr_wolf_command_delete_level (document, index, &error);
              break;
            }
          break;
        case 9:
          {
            guint to = (guint) g_rand_int_range (rand, 0, (gint32) n);

            if (to != index)
              command = tsr_wolf_command_move_level (document, index, to, &error);
          }
          break;
        case 10:
          {
            g_autofree char *name = g_strdup_printf ("Level %u", g_rand_int_range (rand, 0, 1000));
            command = tsr_wolf_command_rename_level (document, index, name, &error);
          }
          break;
        case 11: /* not an edit: the level shown changes */
          tsr_wolf_document_set_current_level (document, index);
          break;
        }
      if (command != NULL)
        {
          push (document, command);
          counts[kind]++;
          edits++;
        }
    }
  for (guint k = 0; k < 11; k++)
    ck_assert_msg (counts[k] > 0, "edit kind %u never ran", k);
  ck_assert_uint_gt (tsr_undo_stack_get_depth (stack), 300);
  ck_assert (tsr_document_get_modified (TSR_DOCUMENT (document)));
  edited = serialize (document);

  while (tsr_document_undo (TSR_DOCUMENT (document)))
    ;
  ck_assert (!tsr_document_get_modified (TSR_DOCUMENT (document)));
  again = serialize (document);
  assert_same_files (original, again, "after undo-all");
  g_clear_pointer (&again, g_hash_table_unref);

  while (tsr_document_redo (TSR_DOCUMENT (document)))
    ;
  again = serialize (document);
  assert_same_files (edited, again, "after redo-all");

  for (guint l = 0; l < 3; l++)
    g_array_unref (palettes[l]);
  ck_assert_uint_eq (edits, 1000);
  tsr_test_report_count ("shareware set through 1,000 random document edits and undo-all", 1);
}
END_TEST


/* ---- the palette tells floor codes apart ------------------------------------------------- */

static gboolean
images_equal (const TsrImage *a, const TsrImage *b)
{
  return a->width == b->width && a->height == b->height
         && memcmp (a->pixels, b->pixels, (gsize) a->width * a->height * 4) == 0;
}

/* On the map every floor (area) code is the same dark floor; in the palette (issue 36: "identical
 * dark squares") each is tinted with its area's colour and numbered, so two codes differ. Walls
 * look the same in both. */
START_TEST (test_palette_floor_codes)
{
  g_autofree char *folder = shareware_folder ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  TsrTileMap *map = level_map (document, 0);

  ck_assert (images_equal (tsr_tile_map_get_tile_image (map, TSR_WOLF_LAYER_ARCHITECTURE, 107),
                           tsr_tile_map_get_tile_image (map, TSR_WOLF_LAYER_ARCHITECTURE, 108)));
  ck_assert (!images_equal (tsr_tile_map_get_palette_image (map, TSR_WOLF_LAYER_ARCHITECTURE, 107),
                            tsr_tile_map_get_palette_image (map, TSR_WOLF_LAYER_ARCHITECTURE, 108)));
  ck_assert (!images_equal (tsr_tile_map_get_palette_image (map, TSR_WOLF_LAYER_ARCHITECTURE, 108),
                            tsr_tile_map_get_tile_image (map, TSR_WOLF_LAYER_ARCHITECTURE, 108)));
  ck_assert_ptr_eq (tsr_tile_map_get_palette_image (map, TSR_WOLF_LAYER_ARCHITECTURE, 1),
                    tsr_tile_map_get_tile_image (map, TSR_WOLF_LAYER_ARCHITECTURE, 1));
}
END_TEST

/* The tile tools start with a wall chosen, never code 0 (issue 36: a new user's first pencil
 * stroke painted 0, which the map check calls an error); on the objects layer a listed object. */
START_TEST (test_tools_start_with_a_wall)
{
  g_autofree char *folder = shareware_folder ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  TsrTileMap *map = level_map (document, 0);
  g_autoptr(TsrTileTools) tools = tsr_tile_tools_new (map, tsr_document_get_undo_stack (TSR_DOCUMENT (document)));
  guint32 wall = tsr_tile_tools_get_tile (tools);

  ck_assert_uint_eq (tsr_tile_tools_get_layer (tools), TSR_WOLF_LAYER_ARCHITECTURE);
  ck_assert_int_eq (tsr_wolf3d_tile_classify ((guint16) wall), TSR_WOLF3D_TILE_WALL);
  tsr_tile_tools_press (tools, 5, 5, FALSE);
  tsr_tile_tools_release (tools, 5, 5);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_ARCHITECTURE, 5, 5), wall);
  tsr_tile_tools_set_layer (tools, TSR_WOLF_LAYER_OBJECTS);
  ck_assert_uint_ne (tsr_tile_tools_get_tile (tools), 0);
  tsr_tile_tools_set_layer (tools, TSR_WOLF_LAYER_ARCHITECTURE);
  ck_assert_int_eq (tsr_wolf3d_tile_classify ((guint16) tsr_tile_tools_get_tile (tools)), TSR_WOLF3D_TILE_WALL);

  /* A tile chosen in a palette while Fill (or Rectangle) is active returns to the pencil; a tool
   * chosen after the palette stays. */
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_FILL);
  tsr_tile_tools_choose_from_palette (tools, 2);
  ck_assert_int_eq (tsr_tile_tools_get_tool (tools), TSR_TILE_TOOL_PENCIL);
  ck_assert_uint_eq (tsr_tile_tools_get_tile (tools), 2);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_RECTANGLE);
  ck_assert_int_eq (tsr_tile_tools_get_tool (tools), TSR_TILE_TOOL_RECTANGLE);
  ck_assert_uint_eq (tsr_tile_tools_get_tile (tools), 2);
}
END_TEST

static gboolean
hold_fill (TsrTileTools *tools, guint cells, guint *asked)
{
  *asked = cells;
  return TRUE;
}

/* A flood fill of objects above the layer's limit waits for "confirm-fill" (issue 36: one click
 * with Fill put 3,950 guards on a level): declined, nothing changes; accepted, one undo step.
 * Walls fill at once. The fill starts in the room of the player's start, whose objects-layer
 * cells are mostly empty. */
START_TEST (test_object_fill_asks_first)
{
  g_autofree char *folder = shareware_folder ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  TsrTileMap *map = level_map (document, 0);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  g_autoptr(TsrTileTools) tools = tsr_tile_tools_new (map, stack);
  guint asked = 0;
  gint x = -1, y = -1;

  for (guint cy = 0; cy < 64 && x < 0; cy++)
    for (guint cx = 0; cx < 64 && x < 0; cx++)
      if (tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_OBJECTS, cx, cy) == 0
          && tsr_wolf3d_tile_classify ((guint16) tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_ARCHITECTURE, cx, cy))
             == TSR_WOLF3D_TILE_AREA)
        x = (gint) cx, y = (gint) cy;
  ck_assert_int_ge (x, 0);
  tsr_tile_tools_set_fill_limit (tools, TSR_WOLF_LAYER_OBJECTS, 64);
  g_signal_connect (tools, "confirm-fill", G_CALLBACK (hold_fill), &asked);
  tsr_tile_tools_set_layer (tools, TSR_WOLF_LAYER_OBJECTS);
  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_FILL);
  tsr_tile_tools_press (tools, x, y, FALSE);
  tsr_tile_tools_release (tools, x, y);
  ck_assert_uint_gt (asked, 64);
  ck_assert (tsr_tile_tools_has_pending_fill (tools));
  ck_assert (!tsr_undo_stack_get_can_undo (stack));
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_OBJECTS, x, y), 0);
  tsr_tile_tools_finish_fill (tools, FALSE);
  ck_assert (!tsr_tile_tools_has_pending_fill (tools));
  ck_assert (!tsr_undo_stack_get_can_undo (stack));

  tsr_tile_tools_press (tools, x, y, FALSE);
  tsr_tile_tools_release (tools, x, y);
  tsr_tile_tools_finish_fill (tools, TRUE);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_OBJECTS, x, y), tsr_tile_tools_get_tile (tools));
  ck_assert (tsr_undo_stack_get_can_undo (stack));
  tsr_undo_stack_undo (stack);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, TSR_WOLF_LAYER_OBJECTS, x, y), 0);
  ck_assert (!tsr_undo_stack_get_can_undo (stack));
}
END_TEST

/* ---- plane 0 has no empty code ------------------------------------------------------------ */

static guint
count_findings_with (TsrWolfDocument *document, const char *where, const char *what)
{
  GPtrArray *findings = tsr_document_get_findings (TSR_DOCUMENT (document));
  guint n = 0;

  for (guint i = 0; i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);

      if (g_str_has_prefix (finding->where, where) && strstr (finding->what, what) != NULL)
        n++;
    }
  return n;
}

/* Moving a selection of walls leaves the level's floor code behind, never 0; the eraser too; and a
 * 0 painted by hand is a validation error on the level numbered as the levels list numbers it. */
START_TEST (test_move_leaves_floor)
{
  g_autofree char *folder = shareware_folder ();
  g_autoptr(TsrWolfDocument) document = open_document (folder);
  TsrTileMap *map = level_map (document, 0);
  TsrWolfLevelMap *level = tsr_wolf_document_get_level_map (document, 0);
  TsrTileRect area = { 0, 0, 6, 6 };  /* the outer walls of the corner */
  TsrTileRect erased = { 30, 30, 2, 2 };
  guint16 floor = tsr_wolf_level_map_get_floor_code (level);

  ck_assert_uint_ge (floor, TSR_WOLF3D_AREA_FIRST);
  ck_assert_uint_le (floor, TSR_WOLF3D_AREA_LAST);
  ck_assert_uint_eq (tsr_tile_map_get_empty_tile (map, TSR_WOLF_LAYER_ARCHITECTURE), floor);
  ck_assert_uint_eq (tsr_tile_map_get_empty_tile (map, TSR_WOLF_LAYER_AREAS), floor);
  ck_assert_uint_eq (tsr_tile_map_get_empty_tile (map, TSR_WOLF_LAYER_OBJECTS), 0);
  ck_assert_uint_eq (tsr_tile_map_get_empty_tile (TSR_TILE_MAP (document), TSR_WOLF_LAYER_ARCHITECTURE), floor);
  ck_assert_uint_eq (count_findings_with (document, "level", "code 0"), 0);

  push (document, tsr_tile_command_move (map, 0, 2, &area, 3, 2));
  for (gint y = 0; y < 6; y++)
    for (gint x = 0; x < 6; x++)
      if (x < 3 || y < 2)
        ck_assert_msg (tsr_tile_map_get_tile (map, 0, x, y) == floor, "(%d,%d) holds %u after the move", x, y,
                       tsr_tile_map_get_tile (map, 0, x, y));
  push (document, tsr_tile_command_erase_rect (map, 0, 1, &erased, NULL));
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, 31, 31), floor);
  ck_assert_uint_eq (count_findings_with (document, "level", "code 0"), 0);

  {
    TsrPaintTilesCommand *command = tsr_paint_tiles_command_new (map, "Pencil", "pencil");

    tsr_paint_tiles_command_set (command, 0, 12, 13, 0);
    push (document, TSR_COMMAND (command));
  }
  ck_assert_uint_eq (count_findings_with (document, "level 1 (", "1 cells of plane 0 hold code 0"), 1);
  ck_assert_uint_eq (count_findings_with (document, "level 1 (", "at (12,13)"), 1);
  ck_assert_uint_eq (count_findings_with (document, "level 0", ""), 0);
}
END_TEST

static Suite *
wolf3d_document_suite (void)
{
  Suite *suite = suite_create ("wolf3d-document");
  TCase *real = tcase_create ("shareware");

  tcase_add_test (real, test_open);
  tcase_add_test (real, test_images_names_palettes);
  tcase_add_test (real, test_paint_save_reload);
  tcase_add_test (real, test_undo_other_level);
  tcase_add_test (real, test_document_as_map);
  tcase_add_test (real, test_level_commands);
  tcase_add_test (real, test_area_overlay);
  tcase_add_test (real, test_empty_slot);
  tcase_add_test (real, test_move_leaves_floor);
  tcase_add_test (real, test_palette_floor_codes);
  tcase_add_test (real, test_tools_start_with_a_wall);
  tcase_add_test (real, test_object_fill_asks_first);
  tcase_add_test (real, test_random_edits_undo_all);
  suite_add_tcase (suite, real);
  return suite;
}

int
main (void)
{
  data_root = tsr_test_data_require ("wolf3d");
  return tsr_test_run_suite (wolf3d_document_suite ());
}
