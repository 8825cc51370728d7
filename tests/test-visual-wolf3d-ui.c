/* test-visual-wolf3d-ui.c: the Wolf3D map editor's visual (3D) mode driven by real X input (XTest
 * under Xvfb) on a copy of the shareware set: V enters the 3D view of level 1 at the player start,
 * W walks, a click on a tile of the tile palette chooses it, a click on a wall selects its cell in
 * the tile tools' selection, T paints it with the chosen tile (the history shows it), Ctrl+Z and
 * Ctrl+Shift+Z undo and redo it, a click on the tool bar's 3D button goes back to the 2D map with
 * the cell still selected; the 2D map shows the camera's marker, C over the map puts the camera
 * under the pointer (the marker follows), W walks it east into a wall where it stops PLAYERSIZE
 * before the wall, N turns collision off and W walks it into the wall; Ctrl+S saves, and the codec
 * finds exactly that cell changed in the whole set. Screenshots of the 3D view and the map
 * (visual-wolf3d-*.png). Exits 77 without a display or XTest. */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "formats/wolf3d/tsr-wolf3d-palette.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "render/tsr-visual-walk.h"
#include "render/tsr-visual-wolf3d-edit.h"
#include "views/tsr-map-canvas-renderer.h"
#include "views/tsr-map-editor.h"
#include "views/tsr-tile-palette.h"
#include "views/visual/tsr-visual-view.h"
#include "tsr-test-ui.h"
#include "tsr-test-visual-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static const char *const wolf_files[] = {
  "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1", "VGADICT.WL1", "VGAGRAPH.WL1",
  "VGAHEAD.WL1", "VSWAP.WL1", NULL,
};

static TsrWolf3dSet *
load_set (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "MAPHEAD.WL1", NULL);
  g_autoptr(GError) error = NULL;
  TsrWolf3dSet *set = tsr_wolf3d_set_load (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (set);
  return set;
}

/* A pixel of the view whose ray meets a wall face near the middle, rows from the middle out; its
 * cell in *CELL. */
static gboolean
find_wall_pixel (TsrVisualView *view,
                 double        *x,
                 double        *y,
                 TsrTileRect   *cell)
{
  TsrWolfLevelMap *map = tsr_visual_view_get_wolf3d_map (view);
  TsrWolfDocument *document = tsr_wolf_level_map_get_document (map);
  const TsrWolf3dSet *set = tsr_wolf_document_get_set (document);
  g_autoptr(TsrVisualScene) scene = tsr_visual_scene_build_wolf3d (tsr_wolf_level_map_get_level (map), set->game, 0,
                                                                   set->vswap->sprite_start,
                                                                   tsr_wolf3d_palette_get (set->game));
  guint width = (guint) gtk_widget_get_width (GTK_WIDGET (view)), height = (guint) gtk_widget_get_height (GTK_WIDGET (view));

  for (guint row = 0; row < 40; row++)
    for (guint column = 0; column < 40; column++)
      {
        double sx = width * (0.5 + (column % 2 ? 1.0 : -1.0) * (column / 2) / 44.0);
        double sy = height * (0.5 + (row % 2 ? 1.0 : -1.0) * (row / 2) / 44.0);
        float origin[3], direction[3];
        const TsrVisualSurface *hit;

        tsr_visual_camera_ray (tsr_visual_view_get_camera (view), width, height, sx, sy, origin, direction);
        hit = tsr_visual_scene_pick (scene, origin, direction, NULL);
        if (hit != NULL && hit->part == TSR_VISUAL_PART_CELL_WALL && tsr_visual_wolf3d_surface_cell (scene, hit, cell))
          {
            *x = sx;
            *y = sy;
            return TRUE;
          }
      }
  return FALSE;
}

/* The palette's item for TILE (its tooltip is the tile's name), mapped. */
static GtkWidget *
palette_item (TsrMapEditor *editor, TsrTileMap *map, guint32 tile)
{
  TsrTilePalette *palette = TSR_TILE_PALETTE (tsr_test_ui_get_widget (GTK_WIDGET (editor), TSR_TYPE_TILE_PALETTE));
  g_autofree char *name = tsr_tile_map_get_tile_name (map, 0, tile);
  GtkWidget *item = tsr_test_ui_find_widget (GTK_WIDGET (palette), tsr_test_ui_match_tooltip, name);

  g_assert_nonnull (item);
  g_assert_true (gtk_widget_get_mapped (item));
  return item;
}

/* Whether cell (X, Y) of MAP is open floor with no object. */
static gboolean
open_cell (TsrTileMap *map, int x, int y)
{
  guint32 tile = tsr_tile_map_get_tile (map, 0, (guint) x, (guint) y);

  return tile >= TSR_WOLF3D_AREA_FIRST && tile <= TSR_WOLF3D_AREA_LAST && tsr_tile_map_get_tile (map, 1, (guint) x, (guint) y) == 0;
}

/* The view point of the map point at (X, Y) cells of CANVAS. */
static void
cell_to_view (TsrMapCanvas *canvas, double x, double y, double *vx, double *vy)
{
  TsrMapViewport viewport;

  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_view (&viewport, x * 64, y * 64, vx, vy);
}

/* Holds W until the camera has not moved for a while (or after 10 s). */
static void
walk_until_still (TsrTestXTest *xtest, TsrVisualView *view)
{
  float last = G_MAXFLOAT;
  guint still = 0;

  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_w, TRUE));
  for (guint wait = 0; wait < 100 && still < 4; wait++)
    {
      tsr_test_ui_iterate_for (100);
      still = fabsf (tsr_visual_view_get_camera (view)->position[0] - last) < 1e-5f ? still + 1 : 0;
      last = tsr_visual_view_get_camera (view)->position[0];
    }
  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_w, FALSE));
  tsr_test_ui_iterate_for (100);
}

/* The 2D map shows the camera; C puts it under the pointer; walking east it stops at a wall, and
 * with collision off (N) it goes into the wall. Starts and ends on the 2D map. */
static void
camera_here_and_walls (TsrTestXTest *xtest, TsrWindow *window, TsrMapEditor *editor, TsrVisualView *view)
{
  TsrMapCanvas *canvas = tsr_map_editor_get_canvas (editor);
  TsrTileMap *map = tsr_map_editor_get_map (editor);
  TsrVisualCamera camera = *tsr_visual_view_get_camera (view);
  guint width, height;
  int cx = -1, cy = -1;
  double vx, vy, old_vx, old_vy;
  float wall;

  /* The camera's marker where the camera stands. */
  tsr_map_canvas_center_on (canvas, camera.position[0] * 64, camera.position[1] * 64);
  tsr_test_ui_iterate_for (200);
  cell_to_view (canvas, camera.position[0], camera.position[1], &old_vx, &old_vy);
  g_assert_cmpuint (tsr_test_visual_marker_pixels (GTK_WIDGET (canvas), screenshot_dir, "visual-wolf3d-camera-2d.png",
                                                   old_vx, old_vy, 3), >, 12);

  /* An open cell with two open cells west of it and a wall east, away from the camera. */
  width = tsr_tile_map_get_width (map);
  height = tsr_tile_map_get_height (map);
  for (int y = 1; y + 1 < (int) height && cx < 0; y++)
    for (int x = 3; x + 1 < (int) width && cx < 0; x++)
      {
        guint32 east = tsr_tile_map_get_tile (map, 0, (guint) x + 1, (guint) y);

        if (open_cell (map, x, y) && open_cell (map, x - 1, y) && open_cell (map, x - 2, y) && east >= 1 && east <= 63
            && hypot (x - camera.position[0], y - camera.position[1]) > 6)
          cx = x, cy = y;
      }
  g_assert_cmpint (cx, >=, 0);
  g_test_message ("camera here: cell %d, %d (wall %u east of it)", cx - 1, cy,
                  tsr_tile_map_get_tile (map, 0, (guint) cx + 1, (guint) cy));

  /* C with the pointer on the middle of the cell two west of the wall. */
  tsr_map_canvas_center_on (canvas, (cx - 0.5) * 64, (cy + 0.5) * 64);
  tsr_test_ui_iterate_for (200);
  cell_to_view (canvas, cx - 0.5, cy + 0.5, &vx, &vy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx, vy, 40, NULL, NULL));
  tsr_test_ui_iterate_for (100);
  tsr_test_visual_key (xtest, GDK_KEY_c, 0);
  g_assert_false (tsr_map_editor_get_visual_mode (editor));
  camera = *tsr_visual_view_get_camera (view);
  g_test_message ("camera put at (%.3f, %.3f, %.3f)", camera.position[0], camera.position[1], camera.position[2]);
  g_assert_cmpfloat (fabsf (camera.position[0] - (cx - 0.5f)), <, 0.05f);
  g_assert_cmpfloat (fabsf (camera.position[1] - (cy + 0.5f)), <, 0.05f);
  g_assert_cmpfloat (camera.position[2], ==, 0.5f);
  cell_to_view (canvas, camera.position[0], camera.position[1], &vx, &vy);
  g_assert_cmpuint (tsr_test_visual_marker_pixels (GTK_WIDGET (canvas), screenshot_dir, "visual-wolf3d-camera-here.png",
                                                   vx, vy, 3), >, 12);

  /* Facing east, V, W held: the camera stops PLAYERSIZE before the wall's cell. */
  camera.yaw = 0.0f;
  camera.pitch = 0.0f;
  tsr_visual_view_set_camera (view, &camera);
  tsr_test_visual_key (xtest, GDK_KEY_v, 0);
  g_assert_true (tsr_map_editor_get_visual_mode (editor));
  g_assert_true (tsr_visual_view_get_collision (view));
  walk_until_still (xtest, view);
  wall = (float) (cx + 1) - TSR_VISUAL_WOLF3D_PLAYER_SIZE;
  g_test_message ("walked east to x %.4f; the wall's edge less PLAYERSIZE is %.4f",
                  tsr_visual_view_get_camera (view)->position[0], wall);
  g_assert_cmpfloat (tsr_visual_view_get_camera (view)->position[0], <=, wall + 1e-4f);
  g_assert_cmpfloat (tsr_visual_view_get_camera (view)->position[0], >, wall - 0.15f);
  g_assert_cmpfloat (tsr_visual_view_get_camera (view)->position[1], ==, camera.position[1]);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-wolf3d-wall-stop.png");

  /* N: collision off, W goes into the wall; N again: on. */
  tsr_test_visual_key (xtest, GDK_KEY_n, 0);
  g_assert_false (tsr_visual_view_get_collision (view));
  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_w, TRUE));
  for (guint wait = 0; wait < 100 && tsr_visual_view_get_camera (view)->position[0] < wall + 0.6f; wait++)
    tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_w, FALSE));
  tsr_test_ui_iterate_for (100);
  g_test_message ("collision off: walked on to x %.4f", tsr_visual_view_get_camera (view)->position[0]);
  g_assert_cmpfloat (tsr_visual_view_get_camera (view)->position[0], >, wall + 0.5f);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-wolf3d-no-collision.png");
  tsr_test_visual_key (xtest, GDK_KEY_n, 0);
  g_assert_true (tsr_visual_view_get_collision (view));

  /* V: back to the map. */
  tsr_test_visual_key (xtest, GDK_KEY_v, 0);
  g_assert_false (tsr_map_editor_get_visual_mode (editor));
}

static void
test_visual_wolf3d (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("wolf3d/wl1_v14_shareware");
  g_autofree char *dir = NULL, *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GArray) tiles = NULL;
  TsrWolf3dSet *original, *saved;
  TsrWindow *window;
  TsrMapEditor *editor;
  TsrTileTools *tools;
  TsrTileMap *map;
  TsrVisualView *view;
  TsrUndoStack *undo;
  const TsrVisualSurface *picked;
  TsrVisualCamera start;
  TsrTileRect cell, selection;
  GtkWidget *visual_button;
  guint frames;
  guint32 old_tile, new_tile = 0;
  double x = 0, y = 0;

  if (source == NULL)
    {
      g_test_skip ("no Wolf3D test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, wolf_files, work_dir, "visual-wolf3d-ui");
  path = g_build_filename (dir, "MAPHEAD.WL1", NULL);
  original = load_set (dir);

  window = tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
  editor = TSR_MAP_EDITOR (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MAP_EDITOR));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (tsr_map_editor_get_canvas (editor))));
  tools = tsr_map_editor_get_tools (editor);
  map = tsr_map_editor_get_map (editor);
  undo = tsr_document_get_undo_stack (tsr_window_get_document (window));
  view = TSR_VISUAL_VIEW (tsr_map_editor_get_visual_view (editor));
  g_assert_nonnull (view);
  g_assert_true (tsr_visual_view_get_wolf3d_map (view) == TSR_WOLF_LEVEL_MAP (map));
  visual_button = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "3D");
  g_assert_nonnull (visual_button);
  g_assert_true (gtk_widget_get_mapped (visual_button));
  g_assert_cmpuint (tsr_tile_tools_get_layer (tools), ==, 0);

  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);

  /* V: into the visual mode, at the player start. */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (tsr_map_editor_get_canvas (editor))));
  tsr_test_visual_key (xtest, GDK_KEY_v, 0);
  g_assert_true (tsr_map_editor_get_visual_mode (editor));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (visual_button)));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (view)));
  tsr_test_visual_wait_frames (view, 0);
  g_assert_null (tsr_visual_view_get_error (view));
  start = *tsr_visual_view_get_camera (view);
  /* The camera stands in the middle of the first player start of plane 1 (codes 19..22). */
  {
    const TsrWolf3dLevel *level = g_ptr_array_index (original->maps->levels, 0);
    guint c = 0;

    while (c < (guint) level->width * level->height && (level->planes[1][c] < 19 || level->planes[1][c] > 22))
      c++;
    g_assert_cmpuint (c, <, (guint) level->width * level->height);
    g_assert_cmpfloat (fabs (start.position[0] - (c % level->width + 0.5)), <, 1e-4);
    g_assert_cmpfloat (fabs (start.position[1] - (c / level->width + 0.5)), <, 1e-4);
  }
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-wolf3d-start.png");

  /* W held: the camera walks forward along its facing. */
  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_w, TRUE));
  tsr_test_ui_iterate_for (250);
  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_w, FALSE));
  tsr_test_ui_iterate_for (100);
  {
    const TsrVisualCamera *camera = tsr_visual_view_get_camera (view);
    float moved = (camera->position[0] - start.position[0]) * cosf (start.yaw)
                  + (camera->position[1] - start.position[1]) * sinf (start.yaw);

    g_test_message ("walked %.3f cells: (%.3f, %.3f) yaw %.3f to (%.3f, %.3f) yaw %.3f, %u frames", moved,
                    start.position[0], start.position[1], start.yaw, camera->position[0], camera->position[1],
                    camera->yaw, tsr_visual_view_get_n_frames (view));
    g_assert_cmpfloat (moved, >, 0.05f);
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-wolf3d-walked.png");
  /* Back to the start, turned a little to the right so a wall faces the camera. */
  start.yaw += (float) G_PI / 5;
  tsr_visual_view_set_camera (view, &start);
  frames = tsr_visual_view_get_n_frames (view);
  tsr_test_visual_wait_frames (view, frames);

  /* The wall to paint, and a tile of the palette it does not hold, chosen by a real click. */
  g_assert_true (find_wall_pixel (view, &x, &y, &cell));
  old_tile = tsr_tile_map_get_tile (map, 0, cell.x, cell.y);
  tiles = tsr_tile_map_list_tiles (map, 0);
  for (guint i = 0; i < tiles->len && new_tile == 0; i++)
    if (g_array_index (tiles, guint32, i) != old_tile && g_array_index (tiles, guint32, i) >= 1
        && g_array_index (tiles, guint32, i) <= 63)
      new_tile = g_array_index (tiles, guint32, i);
  g_assert_cmpuint (new_tile, !=, 0);
  g_assert_true (tsr_test_xtest_click (xtest, palette_item (editor, map, new_tile)));
  tsr_test_ui_iterate_for (150);
  g_assert_cmpuint (tsr_tile_tools_get_tile (tools), ==, new_tile);
  g_assert_true (tsr_map_editor_get_visual_mode (editor));

  /* A click on the wall: its cell is the tile tools' selection, the wall picked (tinted). */
  frames = tsr_visual_view_get_n_frames (view);
  tsr_test_visual_click_at (xtest, GTK_WIDGET (view), x, y);
  picked = tsr_visual_view_get_picked (view);
  g_assert_nonnull (picked);
  g_assert_cmpint (picked->part, ==, TSR_VISUAL_PART_CELL_WALL);
  g_assert_cmpint (picked->index, ==, cell.y * 64 + cell.x);
  g_assert_true (tsr_tile_tools_get_selection (tools, &selection));
  g_assert_cmpint (selection.x, ==, cell.x);
  g_assert_cmpint (selection.y, ==, cell.y);
  g_assert_cmpint (selection.width, ==, 1);
  g_assert_cmpint (selection.height, ==, 1);
  tsr_test_visual_wait_frames (view, frames);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-wolf3d-picked.png");

  /* T paints it with the chosen tile: one step in the history. */
  frames = tsr_visual_view_get_n_frames (view);
  tsr_test_visual_key (xtest, GDK_KEY_t, 0);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, cell.x, cell.y), ==, new_tile);
  g_assert_cmpuint (tsr_undo_stack_get_position (undo), ==, 1);
  g_assert_cmpstr (tsr_undo_stack_get_undo_description (undo), ==, "Paint Cell in 3D");
  g_assert_nonnull (tsr_visual_view_get_picked (view));
  tsr_test_visual_wait_frames (view, frames);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-wolf3d-painted.png");

  /* Undo and redo with real keys in the 3D view. */
  tsr_test_visual_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, cell.x, cell.y), ==, old_tile);
  g_assert_cmpuint (tsr_undo_stack_get_position (undo), ==, 0);
  tsr_test_visual_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpuint (tsr_tile_map_get_tile (map, 0, cell.x, cell.y), ==, new_tile);
  g_assert_cmpuint (tsr_undo_stack_get_position (undo), ==, 1);

  /* The 3D button: back to the 2D map, the cell still selected. */
  g_assert_true (tsr_test_xtest_click (xtest, visual_button));
  tsr_test_ui_iterate_for (150);
  g_assert_false (tsr_map_editor_get_visual_mode (editor));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (visual_button)));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (tsr_map_editor_get_canvas (editor))));
  g_assert_true (tsr_tile_tools_get_selection (tools, &selection));
  g_assert_cmpint (selection.x, ==, cell.x);
  g_assert_cmpint (selection.y, ==, cell.y);
  tsr_map_canvas_set_zoom (tsr_map_editor_get_canvas (editor), 0.5);
  tsr_map_canvas_center_on (tsr_map_editor_get_canvas (editor), (cell.x + 0.5) * 64, (cell.y + 0.5) * 64);
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-wolf3d-back-2d.png");

  camera_here_and_walls (xtest, window, editor, view);

  /* Ctrl+S; the codec finds exactly that cell changed, on level 1 plane 0 only. */
  tsr_test_visual_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK);
  for (guint wait = 0; wait < 200 && tsr_window_get_modified (window); wait++)
    tsr_test_ui_iterate_for (50);
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_false (tsr_window_get_modified (window));
  saved = load_set (dir);
  g_assert_cmpuint (saved->maps->levels->len, ==, original->maps->levels->len);
  for (guint l = 0; l < original->maps->levels->len; l++)
    {
      const TsrWolf3dLevel *was = g_ptr_array_index (original->maps->levels, l);
      const TsrWolf3dLevel *now = g_ptr_array_index (saved->maps->levels, l);

      if (was == NULL)
        {
          g_assert_null (now);
          continue;
        }
      g_assert_nonnull (now);
      g_assert_cmpstr (now->name, ==, was->name);
      g_assert_cmpuint (now->width, ==, was->width);
      g_assert_cmpuint (now->height, ==, was->height);
      for (guint plane = 0; plane < TSR_WOLF3D_PLANES; plane++)
        for (guint c = 0; c < (guint) was->width * was->height; c++)
          {
            gboolean here = l == 0 && plane == 0 && c == (guint) (cell.y * was->width + cell.x);
            guint expected = here ? new_tile : was->planes[plane][c];

            if (now->planes[plane][c] != expected)
              g_error ("level %u plane %u cell %u,%u: %u saved, %u expected", l + 1, plane,
                       c % was->width, c / was->width, now->planes[plane][c], expected);
          }
    }
  tsr_wolf3d_set_free (saved);
  tsr_wolf3d_set_free (original);
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "visual-wolf3d-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  g_test_add_func ("/visual-wolf3d-ui/visual-mode", test_visual_wolf3d);
  status = g_test_run ();
  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
