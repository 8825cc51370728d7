/* tsr-test-visual-marathon.c: the Marathon visual-mode UI tests' set-up. */
#include "config.h"

#include "tsr-test-visual-marathon.h"

#include <string.h>

#include "core/tsr-file.h"
#include "views/marathon/tsr-marathon-textures.h"
#include "tsr-shapes-sample.h"
#include "tsr-test-ui.h"

gboolean
tsr_test_visual_marathon_open (TsrTestVisualMarathon *self,
                               TsrApplication        *application,
                               const char *const     *files,
                               const char            *work_dir,
                               const char            *name)
{
  const char *root = g_getenv ("TSR_TESTDATA");
  g_autofree char *source = root != NULL ? g_build_filename (root, "marathon", NULL) : NULL;
  g_autofree char *shapes_path = NULL;
  g_autoptr(GFile) shapes_file = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  TsrMarathonLevel *first;

  memset (self, 0, sizeof *self);
  if (source == NULL || !g_file_test (source, G_FILE_TEST_IS_DIR))
    {
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("test data for marathon missing under CI");
      g_test_skip ("no Marathon test data");
      return FALSE;
    }
  self->dir = tsr_test_ui_copy_files (source, files, work_dir, name);
  self->path = g_build_filename (self->dir, files[0], NULL);
  self->original = tsr_file_read (self->path, &error);
  g_assert_no_error (error);
  self->before = tsr_marathon_scenario_load (self->original, "original", &error);
  g_assert_no_error (error);
  first = g_ptr_array_index (self->before->map->levels, 0);
  self->collection = (guint) tsr_marathon_environment_wall_collection (first->info.environment_code);
  {
    g_autoptr(TsrShapesFile) shapes = tsr_shapes_sample_build (source, NULL);
    g_autoptr(GBytes) bytes = NULL;

    tsr_shapes_sample_add_walls (shapes, self->collection, 40);
    bytes = tsr_shapes_file_serialize (shapes);
    shapes_path = g_build_filename (self->dir, "test.shpA", NULL);
    g_assert_true (g_file_set_contents (shapes_path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));
    shapes_file = g_file_new_for_path (shapes_path);
  }

  self->window = tsr_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (self->window), 1200, 800);
  gtk_window_present (GTK_WINDOW (self->window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (self->window)));
  file = g_file_new_for_path (self->path);
  g_assert_true (tsr_test_ui_open_file (self->window, file));
  tsr_test_ui_iterate_for (200);
  self->page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_find_widget (GTK_WIDGET (self->window), tsr_test_ui_match_type,
                                                               GSIZE_TO_POINTER (TSR_TYPE_MARATHON_MAP_PAGE)));
  g_assert_nonnull (self->page);
  self->editor = tsr_marathon_map_page_get_map_editor (self->page);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (tsr_marathon_map_editor_get_canvas (self->editor))));
  g_assert_true (tsr_marathon_map_editor_set_shapes_file (self->editor, shapes_file, &error));
  g_assert_no_error (error);
  self->map = tsr_marathon_map_editor_get_level_map (self->editor);
  self->level = tsr_marathon_level_map_get_level (self->map);
  self->undo = tsr_document_get_undo_stack (tsr_window_get_document (self->window));
  self->view = TSR_VISUAL_VIEW (tsr_test_ui_find_widget (GTK_WIDGET (self->editor), tsr_test_ui_match_type,
                                                         GSIZE_TO_POINTER (TSR_TYPE_VISUAL_VIEW)));
  g_assert_nonnull (self->view);
  return TRUE;
}

void
tsr_test_visual_marathon_clear (TsrTestVisualMarathon *self)
{
  g_clear_pointer (&self->dir, g_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->original, g_bytes_unref);
  g_clear_pointer (&self->before, tsr_marathon_scenario_free);
}
