/* tsr-test-visual-marathon.h: what the Marathon visual-mode UI tests share before their first real
 * input: a copy of a real map file, its scenario as loaded, a test Shapes file holding the level's
 * wall collection (built by the codec's writer), and a window with the map open in the map editor
 * and that Shapes file chosen. */
#pragma once

#include <gtk/gtk.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/tsr-undo-stack.h"
#include "views/marathon/tsr-marathon-map-editor.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/visual/tsr-visual-view.h"

G_BEGIN_DECLS

typedef struct {
  char                 *dir;        /* the copies, in the test's work folder */
  char                 *path;       /* the copy of the map file, which Save writes */
  GBytes               *original;   /* its bytes before the test */
  TsrMarathonScenario  *before;     /* and as the codec loads them */
  guint                 collection; /* the first level's wall collection */
  TsrWindow            *window;
  TsrMarathonMapPage   *page;
  TsrMarathonMapEditor *editor;
  TsrMarathonLevelMap  *map;
  TsrMarathonLevel     *level;      /* the level the editor shows */
  TsrUndoStack         *undo;
  TsrVisualView        *view;
} TsrTestVisualMarathon;

/* Copies FILES (the first is the map) from the test data's marathon folder to a folder NAME in
 * WORK_DIR and opens the map in a new 1200 × 800 window of APPLICATION with the test Shapes file.
 * FALSE when there is no Marathon test data (the test is skipped; under CI=true it fails). */
gboolean tsr_test_visual_marathon_open  (TsrTestVisualMarathon *self,
                                         TsrApplication        *application,
                                         const char *const     *files,
                                         const char            *work_dir,
                                         const char            *name);
void     tsr_test_visual_marathon_clear (TsrTestVisualMarathon *self);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TsrTestVisualMarathon, tsr_test_visual_marathon_clear)

G_END_DECLS
