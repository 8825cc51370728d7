/* test-visual-surface-ui.c: the visual mode's surface edits by real X input (XTest under Xvfb) on
 * a copy of Dream Brother with a Shapes file built from the real patches: a click picks a wall
 * whose run of walls is not aligned, Shift+A runs left and changes nothing (Shift runs and A
 * strafes, whatever is picked), Ctrl+A aligns the run (one undo step, every side as
 * tsr_marathon_auto_align computes), Ctrl+C copies that wall's texture and offsets, a click on
 * another wall and Ctrl+V paste them, ] steps its light, a Ctrl+drag moves its texture with the
 * pointer (one undo step); Ctrl+S saves and the codec finds exactly those side fields changed.
 * Screenshots of each step. Exits 77 without a display or XTest. */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/marathon/tsr-marathon-surface.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/visual/tsr-visual-view.h"
#include "tsr-shapes-sample.h"
#include "tsr-test-ui.h"
#include "tsr-test-visual-marathon.h"
#include "tsr-test-visual-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

/* The surface edits' name for a picked wall with a side, or FALSE. */
static gboolean
wall_surface (const TsrVisualSurface *surface,
              const TsrMarathonLevel *level,
              TsrMarathonSurface     *out)
{
  if (surface->index < 0 || (guint) surface->index >= level->sides->len
      || g_array_index (level->sides, TsrMarathonSide, surface->index).line_index != surface->detail)
    return FALSE;
  switch (surface->part)
    {
    case TSR_VISUAL_PART_WALL_FULL: out->part = TSR_MARATHON_SURFACE_WALL_FULL; break;
    case TSR_VISUAL_PART_WALL_HIGH: out->part = TSR_MARATHON_SURFACE_WALL_HIGH; break;
    case TSR_VISUAL_PART_WALL_LOW: out->part = TSR_MARATHON_SURFACE_WALL_LOW; break;
    default: return FALSE;
    }
  out->index = (guint) surface->index;
  out->slot = surface->texture.slot;
  return surface->texture.slot < 2;
}

/* A wall whose auto-align would change a side. */
static gboolean
is_unaligned_wall (const TsrVisualSurface *surface, const TsrMarathonLevel *level)
{
  TsrMarathonSurface wall;
  g_autoptr(GArray) run = NULL;

  if (!wall_surface (surface, level, &wall))
    return FALSE;
  run = tsr_marathon_auto_align (level, &wall);
  for (guint i = 0; run != NULL && i < run->len; i++)
    {
      const TsrMarathonAlignedSide *aligned = &g_array_index (run, TsrMarathonAlignedSide, i);

      if (memcmp (&aligned->record, &g_array_index (level->sides, TsrMarathonSide, aligned->side), sizeof aligned->record) != 0)
        return TRUE;
    }
  return FALSE;
}

static guint avoid_side = G_MAXUINT;
static TsrMarathonSurfaceStyle copied_style;

/* A wall of another side than AVOID_SIDE, with a primary full or high part in another style
 * than COPIED_STYLE. */
static gboolean
is_other_wall (const TsrVisualSurface *surface, const TsrMarathonLevel *level)
{
  TsrMarathonSurface wall;
  TsrMarathonSurfaceStyle style;

  return wall_surface (surface, level, &wall) && wall.index != avoid_side && wall.slot == 0
         && wall.part != TSR_MARATHON_SURFACE_WALL_LOW && tsr_marathon_surface_get_style (level, &wall, &style)
         && memcmp (&style, &copied_style, sizeof style) != 0;
}

static TsrMarathonSide *
side_of (TsrMarathonLevel *level, guint index)
{
  return &g_array_index (level->sides, TsrMarathonSide, index);
}

static void
test_surface_edits (void)
{
  g_auto(TsrTestVisualMarathon) set_up = { 0 };
  static const char *const files[] = { "chronicles_DreamBrother.sceA", NULL };
  const char *path;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  GBytes *original;
  g_autoptr(GBytes) saved = NULL;
  TsrMarathonScenario *before;
  g_autoptr(TsrMarathonScenario) after = NULL;
  g_autoptr(GArray) run = NULL;
  TsrMarathonLevel *level, *a_level, *b_level;
  TsrWindow *window;
  TsrMarathonMapEditor *editor;
  TsrVisualView *view;
  TsrUndoStack *undo;
  const TsrVisualSurface *picked;
  TsrMarathonSurface aligned_wall = { 0 }, other_wall = { 0 };
  TsrMarathonSurfaceStyle style;
  TsrMarathonSide expected_other;
  guint position, n_lights, frames;
  double x, y;

  if (!tsr_test_visual_marathon_open (&set_up, application, files, work_dir, "visual-surface-ui"))
    return;
  path = set_up.path;
  original = set_up.original;
  before = set_up.before;
  a_level = g_ptr_array_index (before->map->levels, 0);
  window = set_up.window;
  editor = set_up.editor;
  level = set_up.level;
  undo = set_up.undo;
  view = set_up.view;
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);

  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (tsr_marathon_map_editor_get_canvas (editor))));
  tsr_test_visual_key (xtest, GDK_KEY_v, 0);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (view)));
  tsr_test_visual_wait_frames (view, 0);
  g_assert_null (tsr_visual_view_get_error (view));

  /* Turn round from the start until a wall of an unaligned run is in view. */
  {
    TsrVisualCamera camera = *tsr_visual_view_get_camera (view);
    gboolean found = FALSE;

    for (guint turn = 0; turn < 16 && !found; turn++)
      {
        found = tsr_test_visual_find_pixel (view, level, is_unaligned_wall, &x, &y);
        if (!found)
          {
            camera.yaw += (float) (G_PI / 8);
            tsr_visual_view_set_camera (view, &camera);
          }
      }
    g_assert_true (found);
    /* Drawn as found (set_camera draws again even when nothing turned). */
    frames = tsr_visual_view_get_n_frames (view);
    tsr_visual_view_set_camera (view, &camera);
    tsr_test_visual_wait_frames (view, frames);
  }

  /* Click it, Shift+A: the camera runs left and nothing is aligned (Shift+A aligned it once);
   * then Ctrl+A: the run aligned as the model computes it, one undo step. */
  tsr_test_visual_click_at (xtest, GTK_WIDGET (view), x, y);
  picked = tsr_visual_view_get_picked (view);
  g_assert_nonnull (picked);
  g_assert_true (wall_surface (picked, level, &aligned_wall));
  run = tsr_marathon_auto_align (level, &aligned_wall);
  g_assert_nonnull (run);
  g_assert_cmpuint (run->len, >, 0);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-surface-ui-picked.png");
  position = tsr_undo_stack_get_position (undo);
  {
    TsrVisualCamera was = *tsr_visual_view_get_camera (view);
    const TsrVisualCamera *now;

    tsr_visual_view_set_collision (view, FALSE);
    g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Shift_L, TRUE));
    g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_a, TRUE));
    tsr_test_ui_iterate_for (150);
    g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_a, FALSE));
    g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Shift_L, FALSE));
    tsr_test_ui_iterate_for (50);
    now = tsr_visual_view_get_camera (view);
    g_test_message ("Shift+A with a wall picked: moved (%.3f, %.3f) WU, undo position %u -> %u",
                    now->position[0] - was.position[0], now->position[1] - was.position[1], position,
                    tsr_undo_stack_get_position (undo));
    g_assert_cmpuint (tsr_undo_stack_get_position (undo), ==, position);
    /* Left of the facing: -right, i.e. (sin yaw, -cos yaw) with y southwards. */
    g_assert_cmpfloat ((now->position[0] - was.position[0]) * sinf (was.yaw)
                       - (now->position[1] - was.position[1]) * cosf (was.yaw), >, 0.05f);
    tsr_visual_view_set_camera (view, &was);
    tsr_visual_view_set_collision (view, TRUE);
    tsr_test_ui_iterate_for (50);
  }
  g_assert_nonnull (tsr_visual_view_get_picked (view));
  tsr_test_visual_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK);
  g_assert_cmpuint (tsr_undo_stack_get_position (undo), ==, position + 1);
  g_test_message ("auto-align of side %u: %u sides in its run", aligned_wall.index, run->len);
  for (guint i = 0; i < run->len; i++)
    {
      const TsrMarathonAlignedSide *aligned = &g_array_index (run, TsrMarathonAlignedSide, i);

      g_assert_cmpmem (&aligned->record, sizeof aligned->record, side_of (level, aligned->side), sizeof (TsrMarathonSide));
    }
  tsr_test_ui_iterate_for (100);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-surface-ui-aligned.png");

  /* Ctrl+C on it, a click on another wall, Ctrl+V: the texture, offsets and transfer mode. */
  tsr_test_visual_key (xtest, GDK_KEY_c, GDK_CONTROL_MASK);
  g_assert_true (tsr_marathon_surface_get_style (level, &aligned_wall, &style));
  avoid_side = aligned_wall.index;
  copied_style = style;
  {
    TsrVisualCamera camera = *tsr_visual_view_get_camera (view);
    gboolean found = FALSE;

    for (guint turn = 0; turn < 16 && !found; turn++)
      {
        found = tsr_test_visual_find_pixel (view, level, is_other_wall, &x, &y);
        if (!found)
          {
            camera.yaw += (float) (G_PI / 8);
            tsr_visual_view_set_camera (view, &camera);
          }
      }
    g_assert_true (found);
    /* Drawn as found (set_camera draws again even when nothing turned). */
    frames = tsr_visual_view_get_n_frames (view);
    tsr_visual_view_set_camera (view, &camera);
    tsr_test_visual_wait_frames (view, frames);
  }
  tsr_test_visual_click_at (xtest, GTK_WIDGET (view), x, y);
  picked = tsr_visual_view_get_picked (view);
  g_assert_nonnull (picked);
  g_assert_true (wall_surface (picked, level, &other_wall));
  g_assert_cmpuint (other_wall.index, !=, aligned_wall.index);
  expected_other = *side_of (level, other_wall.index);
  position = tsr_undo_stack_get_position (undo);
  tsr_test_visual_key (xtest, GDK_KEY_v, GDK_CONTROL_MASK);
  expected_other.primary_texture.texture = style.texture;
  expected_other.primary_texture.x0 = style.x0;
  expected_other.primary_texture.y0 = style.y0;
  expected_other.primary_transfer_mode = style.transfer_mode;
  g_assert_cmpmem (&expected_other, sizeof expected_other, side_of (level, other_wall.index), sizeof (TsrMarathonSide));
  g_assert_cmpuint (tsr_undo_stack_get_position (undo), ==, position + 1);
  g_test_message ("pasted side %u's style on side %u", aligned_wall.index, other_wall.index);

  /* ]: the next light. */
  n_lights = tsr_marathon_level_n_lights (level);
  g_assert_cmpuint (n_lights, >, 1);
  tsr_test_visual_key (xtest, GDK_KEY_bracketright, 0);
  expected_other.primary_lightsource_index = expected_other.primary_lightsource_index >= 0
                                             && (guint) expected_other.primary_lightsource_index < n_lights
                                             ? (gint16) ((expected_other.primary_lightsource_index + 1) % n_lights) : 0;
  g_assert_cmpmem (&expected_other, sizeof expected_other, side_of (level, other_wall.index), sizeof (TsrMarathonSide));

  /* Ctrl+drag to the right: the texture follows the pointer (x0 falls), one undo step. */
  position = tsr_undo_stack_get_position (undo);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (view), x, y, 40, NULL, NULL));
  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Control_L, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (view), x + 60, y, 6, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  g_assert_true (tsr_test_xtest_hold_key (xtest, GDK_KEY_Control_L, FALSE));
  tsr_test_ui_iterate_for (150);
  g_assert_cmpuint (tsr_undo_stack_get_position (undo), ==, position + 1);
  g_test_message ("Ctrl+drag of 60 px: x0 %d -> %d", expected_other.primary_texture.x0,
                  side_of (level, other_wall.index)->primary_texture.x0);
  g_assert_cmpint (side_of (level, other_wall.index)->primary_texture.x0, !=, expected_other.primary_texture.x0);
  g_assert_cmpint (side_of (level, other_wall.index)->primary_texture.y0, ==, expected_other.primary_texture.y0);
  expected_other.primary_texture.x0 = side_of (level, other_wall.index)->primary_texture.x0;
  tsr_test_ui_iterate_for (100);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "visual-surface-ui-pasted.png");

  tsr_test_visual_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK);
  tsr_test_ui_iterate_for (200);
  g_assert_false (tsr_document_get_modified (tsr_window_get_document (window)));

  /* Exactly those side fields changed. */
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  after = tsr_marathon_scenario_load (saved, "saved", &error);
  g_assert_no_error (error);
  b_level = g_ptr_array_index (after->map->levels, 0);
  for (guint i = 0; i < run->len; i++)
    {
      const TsrMarathonAlignedSide *aligned = &g_array_index (run, TsrMarathonAlignedSide, i);

      *side_of (a_level, aligned->side) = aligned->record;
    }
  *side_of (a_level, other_wall.index) = expected_other;
  tsr_marathon_derive_level (a_level);
  g_assert_cmpmem (a_level->polygons->data, a_level->polygons->len * sizeof (TsrMarathonPolygon),
                   b_level->polygons->data, b_level->polygons->len * sizeof (TsrMarathonPolygon));
  g_assert_cmpmem (a_level->lines->data, a_level->lines->len * sizeof (TsrMarathonLine),
                   b_level->lines->data, b_level->lines->len * sizeof (TsrMarathonLine));
  g_assert_cmpmem (a_level->sides->data, a_level->sides->len * sizeof (TsrMarathonSide),
                   b_level->sides->data, b_level->sides->len * sizeof (TsrMarathonSide));
  g_assert_cmpuint (g_bytes_get_size (saved), ==, g_bytes_get_size (original));
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (100);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "visual-surface-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  g_test_add_func ("/visual-surface-ui/surface-edits", test_surface_edits);
  status = g_test_run ();
  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
