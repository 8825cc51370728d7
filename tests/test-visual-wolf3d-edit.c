/* test-visual-wolf3d-edit.c: the visual mode's GTK-free Wolf3D editing (tsr-visual-wolf3d-edit.h).
 * Every surface of a built corridor names the cell it lies in; on the real shareware level 1 seen
 * from the player start, a picked wall face lies on the border of the cell it names, that cell is
 * a wall and the cell in front of the face is open; painting it is one TsrPaintTilesCommand that
 * undoes and redoes, and after a save the codec finds exactly that cell changed in the whole set.
 * Surfaces that are not Wolf3D cells, other layers and unchanged cells give nothing. */
#include <math.h>
#include <string.h>

#include "formats/wolf3d/tsr-wolf3d-palette.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "model/tsr-tile-commands.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "render/tsr-visual-wolf3d-edit.h"
#include "tsr-test-common.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWolf3dSet, tsr_wolf3d_set_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrWolf3dLevel, tsr_wolf3d_level_free)

static char *wolf3d_dir;

static const char *const set_files[] = {
  "MAPHEAD.WL1", "GAMEMAPS.WL1", "VSWAP.WL1", "VGAHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1",
  "AUDIOHED.WL1", "AUDIOT.WL1",
};

/* 6 x 3: walls of tile 1 round floor cells (1..4, 1), a door (90) at (3, 1), the player at (1, 1)
 * facing east and a static object at (2, 1). */
static TsrWolf3dLevel *
corridor_level (void)
{
  TsrWolf3dLevel *level = tsr_wolf3d_level_new ("Corridor", 6, 3);

  for (guint i = 0; i < 18; i++)
    {
      level->planes[0][i] = 1;
      level->planes[1][i] = 0;
    }
  for (guint x = 1; x <= 4; x++)
    level->planes[0][6 + x] = 108;
  level->planes[0][6 + 3] = 90;
  level->planes[1][6 + 1] = 20;
  level->planes[1][6 + 2] = 23;
  return level;
}

START_TEST (test_corridor_cells)
{
  g_autoptr(TsrWolf3dLevel) level = corridor_level ();
  g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_wolf3d (level, TSR_WOLF3D_GAME_WOLF3D, 0, 106,
                                                                   tsr_wolf3d_palette_get (TSR_WOLF3D_GAME_WOLF3D));
  guint parts[TSR_VISUAL_PART_CELL_OBJECT + 1] = { 0 };
  TsrVisualSurface other;
  TsrTileRect cell;

  ck_assert_uint_gt (scene->surfaces->len, 0);
  for (guint s = 0; s < scene->surfaces->len; s++)
    {
      const TsrVisualSurface *surface = &g_array_index (scene->surfaces, TsrVisualSurface, s);

      ck_assert_msg (tsr_visual_wolf3d_surface_cell (scene, surface, &cell), "surface %u has no cell", s);
      ck_assert_int_eq (cell.width, 1);
      ck_assert_int_eq (cell.height, 1);
      ck_assert_int_eq (cell.y * 6 + cell.x, surface->index);
      parts[surface->part]++;
      /* Every corner lies in the named cell (walls on its border, doors in its middle). */
      for (guint v = 0; v < surface->n_vertices; v++)
        {
          ck_assert_float_ge (surface->positions[v][0], cell.x - 1e-4);
          ck_assert_float_le (surface->positions[v][0], cell.x + 1 + 1e-4);
          ck_assert_float_ge (surface->positions[v][1], cell.y - 1e-4);
          ck_assert_float_le (surface->positions[v][1], cell.y + 1 + 1e-4);
        }
    }
  /* Walls, the door, floors, ceilings and the object are all there. */
  ck_assert_uint_gt (parts[TSR_VISUAL_PART_CELL_WALL], 0);
  ck_assert_uint_eq (parts[TSR_VISUAL_PART_CELL_DOOR], 1);
  ck_assert_uint_eq (parts[TSR_VISUAL_PART_CELL_FLOOR], 4);
  ck_assert_uint_eq (parts[TSR_VISUAL_PART_CELL_CEILING], 4);
  ck_assert_uint_eq (parts[TSR_VISUAL_PART_CELL_OBJECT], 1);

  /* Not a Wolf3D cell: a Marathon part, an index past the level, no surface. */
  other = g_array_index (scene->surfaces, TsrVisualSurface, 0);
  other.part = TSR_VISUAL_PART_WALL_FULL;
  ck_assert (!tsr_visual_wolf3d_surface_cell (scene, &other, &cell));
  other = g_array_index (scene->surfaces, TsrVisualSurface, 0);
  other.index = 18;
  ck_assert (!tsr_visual_wolf3d_surface_cell (scene, &other, &cell));
  other.index = -1;
  ck_assert (!tsr_visual_wolf3d_surface_cell (scene, &other, &cell));
  ck_assert (!tsr_visual_wolf3d_surface_cell (scene, NULL, &cell));
  /* A Marathon scene has no cells, whatever its surfaces say. */
  {
    TsrVisualScene marathon = *scene;

    marathon.wolf3d = FALSE;
    other = g_array_index (scene->surfaces, TsrVisualSurface, 0);
    ck_assert (!tsr_visual_wolf3d_surface_cell (&marathon, &other, &cell));
  }
}
END_TEST

static gboolean
is_solid (guint16 tile)
{
  return tile != 0 && tile < 106 && !(tile >= 90 && tile <= 101);
}

START_TEST (test_real_pick_paint)
{
  g_autofree char *source = g_build_filename (wolf3d_dir, "wl1_v14_shareware", NULL);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *gamemaps = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(TsrDocument) document = NULL;
  g_autoptr(TsrWolf3dSet) before = NULL, after = NULL;
  g_autoptr(TsrVisualScene) scene = NULL;
  g_autoptr(TsrCommand) command = NULL;
  g_autoptr(GError) error = NULL;
  TsrVisualCamera camera = { .fov = 75.0f };
  TsrWolfLevelMap *level_map;
  TsrTileMap *map;
  const TsrWolf3dSet *set;
  const TsrVisualSurface *painted = NULL;
  TsrTileRect cell = { 0 };
  guint walls = 0;
  guint32 old_tile, new_tile;

  for (guint i = 0; i < G_N_ELEMENTS (set_files); i++)
    {
      g_autofree char *from = g_build_filename (source, set_files[i], NULL);
      g_autofree char *to = g_build_filename (folder, set_files[i], NULL);
      g_autoptr(GBytes) bytes = tsr_test_read_file (from);

      ck_assert (g_file_set_contents (to, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));
    }
  gamemaps = g_build_filename (folder, "GAMEMAPS.WL1", NULL);
  before = tsr_wolf3d_set_load (gamemaps, NULL, &error);
  ck_assert_msg (before != NULL, "%s", error != NULL ? error->message : "");
  file = g_file_new_for_path (gamemaps);
  document = tsr_document_new_from_file (file, &error);
  ck_assert_msg (document != NULL && TSR_IS_WOLF_DOCUMENT (document), "%s", error != NULL ? error->message : "");
  level_map = tsr_wolf_document_get_level_map (TSR_WOLF_DOCUMENT (document), 0);
  map = TSR_TILE_MAP (level_map);
  set = tsr_wolf_document_get_set (TSR_WOLF_DOCUMENT (document));
  scene = tsr_visual_scene_build_wolf3d (tsr_wolf_level_map_get_level (level_map), set->game, 0,
                                         set->vswap->sprite_start, tsr_wolf3d_palette_get (set->game));
  ck_assert (scene->has_start);
  tsr_visual_camera_init_start (&camera, scene);

  /* Rays over a 640 x 480 view from the start, turning round: every wall face hit lies on the
   * border of the cell it names, that cell is a wall and the cell in front is open. */
  for (guint turn = 0; turn < 8; turn++)
    for (guint row = 0; row < 480; row += 40)
      for (guint column = 0; column < 640; column += 40)
        {
          float origin[3], direction[3], distance = 0, hit[3];
          const TsrVisualSurface *surface;
          TsrTileRect picked;
          int nx, ny;

          camera.yaw = scene->start_yaw + turn * (float) G_PI / 4;
          tsr_visual_camera_ray (&camera, 640, 480, column + 0.5, row + 0.5, origin, direction);
          surface = tsr_visual_scene_pick (scene, origin, direction, &distance);
          if (surface == NULL || surface->part != TSR_VISUAL_PART_CELL_WALL)
            continue;
          ck_assert (tsr_visual_wolf3d_surface_cell (scene, surface, &picked));
          for (guint a = 0; a < 3; a++)
            hit[a] = origin[a] + direction[a] * distance;
          ck_assert_float_ge (hit[0], picked.x - 1e-3);
          ck_assert_float_le (hit[0], picked.x + 1 + 1e-3);
          ck_assert_float_ge (hit[1], picked.y - 1e-3);
          ck_assert_float_le (hit[1], picked.y + 1 + 1e-3);
          ck_assert (fabsf (hit[0] - picked.x) < 1e-3 || fabsf (hit[0] - picked.x - 1) < 1e-3
                     || fabsf (hit[1] - picked.y) < 1e-3 || fabsf (hit[1] - picked.y - 1) < 1e-3);
          ck_assert (is_solid ((guint16) tsr_tile_map_get_tile (map, 0, picked.x, picked.y)));
          nx = picked.x + (int) surface->normal[0];
          ny = picked.y + (int) surface->normal[1];
          ck_assert (!is_solid ((guint16) tsr_tile_map_get_tile (map, 0, nx, ny)));
          if (painted == NULL)
            {
              painted = surface;
              cell = picked;
            }
          walls++;
        }
  ck_assert_uint_gt (walls, 20);
  ck_assert_ptr_nonnull (painted);

  /* Paint it with another wall: one command, the tile tools' own, undone and redone. */
  old_tile = tsr_tile_map_get_tile (map, 0, cell.x, cell.y);
  new_tile = old_tile == 1 ? 2 : 1;
  ck_assert_ptr_null (tsr_visual_wolf3d_paint_command (map, scene, painted, 0, old_tile));
  ck_assert_ptr_null (tsr_visual_wolf3d_paint_command (map, scene, painted, tsr_tile_map_get_n_layers (map), new_tile));
  command = tsr_visual_wolf3d_paint_command (map, scene, painted, 0, new_tile);
  ck_assert_ptr_nonnull (command);
  ck_assert (TSR_IS_PAINT_TILES_COMMAND (command));
  ck_assert_uint_eq (tsr_paint_tiles_command_get_n_cells (TSR_PAINT_TILES_COMMAND (command)), 1);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, cell.x, cell.y), old_tile);
  tsr_document_execute (document, command);
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, cell.x, cell.y), new_tile);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (tsr_document_get_undo_stack (document)), "Paint Cell in 3D");
  ck_assert (tsr_document_undo (document));
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, cell.x, cell.y), old_tile);
  ck_assert (!tsr_document_get_modified (document));
  ck_assert (tsr_document_redo (document));
  ck_assert_uint_eq (tsr_tile_map_get_tile (map, 0, cell.x, cell.y), new_tile);

  /* Saved and reloaded with the codec: that cell of level 1's plane 0 and nothing else. */
  ck_assert_msg (tsr_document_save (document, NULL, TSR_SAVE_NONE, &error), "%s", error != NULL ? error->message : "");
  after = tsr_wolf3d_set_load (gamemaps, NULL, &error);
  ck_assert_msg (after != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_uint_eq (tsr_wolf3d_maps_get_n_levels (after->maps), tsr_wolf3d_maps_get_n_levels (before->maps));
  for (guint l = 0; l < tsr_wolf3d_maps_get_n_levels (before->maps); l++)
    {
      const TsrWolf3dLevel *a = tsr_wolf3d_maps_get_level (before->maps, l);
      const TsrWolf3dLevel *b = tsr_wolf3d_maps_get_level (after->maps, l);

      ck_assert ((a == NULL) == (b == NULL));
      if (a == NULL)
        continue;
      ck_assert_str_eq (a->name, b->name);
      ck_assert_uint_eq (a->width, b->width);
      for (guint p = 0; p < TSR_WOLF3D_PLANES; p++)
        for (guint i = 0; i < (guint) a->width * a->height; i++)
          {
            gboolean here = l == 0 && p == 0 && i == (guint) (cell.y * a->width + cell.x);

            if (a->planes[p] == NULL)
              continue;
            ck_assert_msg (b->planes[p][i] == (here ? new_tile : a->planes[p][i]),
                           "level %u plane %u cell %u: %u, %u before", l, p, i, b->planes[p][i], a->planes[p][i]);
          }
    }
  g_print ("%u wall faces picked on the real level 1\n", walls);
}
END_TEST

static Suite *
visual_wolf3d_edit_suite (void)
{
  Suite *suite = suite_create ("visual-wolf3d-edit");
  TCase *built = tcase_create ("built");
  TCase *real = tcase_create ("real");

  tcase_add_test (built, test_corridor_cells);
  tcase_add_test (real, test_real_pick_paint);
  tcase_set_timeout (real, 120);
  suite_add_tcase (suite, built);
  suite_add_tcase (suite, real);
  return suite;
}

int
main (void)
{
  wolf3d_dir = tsr_test_data_require ("wolf3d");
  return tsr_test_run_suite (visual_wolf3d_edit_suite ());
}
