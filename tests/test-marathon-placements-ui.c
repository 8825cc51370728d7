/* test-marathon-placements-ui.c: placement initial counts by real X input (XTest) on a copy of
 * a real net map whose author counts some placed types 0 (Requiescat in Pace). An item placed
 * with the Objects tool raises its type's count by one in the same undo step, which the history
 * names; Ctrl+Z and Ctrl+Shift+Z move it back and forth; the item clicked with the Select tool and
 * deleted with the Delete key lowers it again; an object retyped in the inspector moves two
 * counts; the Palettes page's "Count Placed" fixes a placed type counted 0 as one undoable step;
 * Ctrl+S writes plac with only the retyped object's type moved: the author's zeros stay.
 * Screenshots: marathon-placements-*.png. */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-palette.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/tsr-findings-view.h"
#include "views/tsr-inspector.h"
#include "views/tsr-property-find-bar.h"
#include "views/tsr-history-view.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

static gint
initial_count (TsrMarathonLevel *level,
               guint             k)
{
  return g_array_index (level->placements, TsrMarathonPlacement, k).initial_count;
}

static guint
placed (TsrMarathonLevel *level,
        guint             k)
{
  guint counts[TSR_MARATHON_N_PLACEMENTS];

  tsr_marathon_count_placed (level->objects, counts);
  return counts[k];
}

/* The history's last applied row, as the Summary page lists it. */
static const char *
history_current (TsrHistoryView *history)
{
  for (guint i = 0; i < tsr_history_view_get_n_rows (history); i++)
    if (tsr_history_view_row_is_current (history, i))
      return tsr_history_view_get_row_text (history, i);
  return "";
}

/* A real click on the map at world point (X, Y). */
static void
click_map (TsrTestXTest *xtest,
           TsrMapCanvas *canvas,
           double        x,
           double        y)
{
  TsrMapViewport viewport;

  tsr_map_canvas_get_viewport (canvas, &viewport);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), (x - viewport.x) * viewport.zoom,
                                         (y - viewport.y) * viewport.zoom, 6, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, FALSE));
  tsr_test_ui_iterate_for (200);
}

/* The middle of the plain polygon with nothing in it that lies furthest from its edges there. */
static gboolean
empty_spot (TsrMarathonLevelMap *map,
            double              *x,
            double              *y)
{
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  double best = 0;

  for (guint p = 0; p < level->polygons->len; p++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);
      double cx = 0, cy = 0, clearance = G_MAXDOUBLE;

      if (polygon->type != 0 || polygon->vertex_count < 3 || polygon->first_object != -1)
        continue;
      for (guint k = 0; k < polygon->vertex_count; k++)
        {
          TsrMarathonPoint point = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[k]);

          cx += point.x / (double) polygon->vertex_count;
          cy += point.y / (double) polygon->vertex_count;
        }
      for (guint k = 0; k < polygon->vertex_count; k++)
        {
          TsrMarathonPoint a = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[k]);
          TsrMarathonPoint b = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[(k + 1) % polygon->vertex_count]);
          double dx = b.x - a.x, dy = b.y - a.y, t = 0, ex, ey;

          if (dx != 0 || dy != 0)
            t = CLAMP (((cx - a.x) * dx + (cy - a.y) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
          ex = a.x + t * dx - cx;
          ey = a.y + t * dy - cy;
          clearance = MIN (clearance, sqrt (ex * ex + ey * ey));
        }
      if (clearance > best && tsr_marathon_level_map_polygon_at (map, cx, cy) == (gint) p)
        {
          best = clearance;
          *x = cx;
          *y = cy;
        }
    }
  return best > 0;
}

static void
test_counts_by_real_input (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "chronicles_net_RequiescatInPace.sceA", work_dir,
                                                      "marathon-placements");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GBytes) original = NULL, saved = NULL;
  g_autoptr(TsrMarathonScenario) before = NULL, after = NULL;
  g_autoptr(GArray) loaded = NULL;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrMarathonMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrMarathonLevelMap *map;
  TsrMarathonLevel *level;
  TsrHistoryView *history;
  TsrUndoStack *stack;
  GtkWidget *place_button, *select_button, *kind_dropdown, *type_dropdown;
  const guint item = 21, retyped = 34;
  guint objects, zero_type = G_MAXUINT;
  double x = 0, y = 0;

  if (path == NULL)
    return;
  original = tsr_file_read (path, &error);
  g_assert_no_error (error);
  window = tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  editor = tsr_marathon_map_page_get_map_editor (page);
  canvas = tsr_marathon_map_editor_get_canvas (editor);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (canvas)));
  tsr_test_ui_iterate_for (200);
  map = tsr_marathon_map_editor_get_level_map (editor);
  level = tsr_marathon_level_map_get_level (map);
  g_assert_cmpuint (level->placements->len, ==, TSR_MARATHON_N_PLACEMENTS);
  loaded = g_array_copy (level->placements);
  stack = tsr_document_get_undo_stack (tsr_window_get_document (window));
  history = TSR_HISTORY_VIEW (tsr_test_ui_get_widget (GTK_WIDGET (page), TSR_TYPE_HISTORY_VIEW));
  /* The author's random-spawn setup: placed types counted 0. */
  for (guint k = 0; k < TSR_MARATHON_PLACEMENT_TYPES && zero_type == G_MAXUINT; k++)
    if (placed (level, k) > 0 && initial_count (level, k) == 0 && k != item && k != retyped)
      zero_type = k;
  g_assert_cmpuint (zero_type, !=, G_MAXUINT);

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* The Objects tool, clicked; an item of type 21 chosen in its drop-downs. */
  place_button = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Objects");
  select_button = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Select");
  g_assert_nonnull (place_button);
  g_assert_nonnull (select_button);
  g_assert_true (tsr_test_xtest_click (xtest, place_button));
  tsr_test_ui_iterate_for (100);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (place_button)));
  kind_dropdown = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_tooltip, "Kind of object to place");
  type_dropdown = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_tooltip, "Type of object to place");
  g_assert_true (GTK_IS_DROP_DOWN (kind_dropdown) && GTK_IS_DROP_DOWN (type_dropdown));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind_dropdown), 2);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (type_dropdown), item);
  tsr_test_ui_iterate_for (50);

  /* Placed by a click in an empty room, zoomed in. */
  g_assert_true (empty_spot (map, &x, &y));
  tsr_map_canvas_set_zoom (canvas, tsr_map_canvas_get_zoom (canvas) * 4);
  tsr_map_canvas_center_on (canvas, x, y);
  tsr_test_ui_iterate_for (150);
  objects = level->objects->len;
  click_map (xtest, canvas, x, y);
  g_assert_cmpuint (level->objects->len, ==, objects + 1);
  g_assert_cmpint (g_array_index (level->objects, TsrMarathonObject, objects).type, ==, 2);
  g_assert_cmpint (g_array_index (level->objects, TsrMarathonObject, objects).index, ==, (gint) item);
  g_assert_cmpint (initial_count (level, item), ==, g_array_index (loaded, TsrMarathonPlacement, item).initial_count + 1);
  g_assert_nonnull (strstr (history_current (history), "item 21 count"));
  /* Where it stands (the grid snapped the click): the later clicks aim there. */
  x = g_array_index (level->objects, TsrMarathonObject, objects).x;
  y = g_array_index (level->objects, TsrMarathonObject, objects).y;
  g_assert_true (g_str_has_prefix (history_current (history), "Place Object"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-placements-placed.png");

  /* Undo and redo by keys. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (level->objects->len, ==, objects);
  g_assert_cmpmem (level->placements->data, TSR_MARATHON_N_PLACEMENTS * sizeof (TsrMarathonPlacement),
                   loaded->data, TSR_MARATHON_N_PLACEMENTS * sizeof (TsrMarathonPlacement));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (level->objects->len, ==, objects + 1);
  g_assert_cmpint (initial_count (level, item), ==, g_array_index (loaded, TsrMarathonPlacement, item).initial_count + 1);

  /* Selected with the Select tool by a click on it, deleted with the Delete key. */
  g_assert_true (tsr_test_xtest_click (xtest, select_button));
  tsr_test_ui_iterate_for (100);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (select_button)));
  click_map (xtest, canvas, x, y);
  {
    guint n = 0;
    const TsrElementRef *selected = tsr_selection_get_elements (tsr_edit_session_get_selection (
                                                                  tsr_marathon_map_editor_get_session (editor)), &n);

    g_assert_cmpuint (n, ==, 1);
    g_assert_cmpint (selected[0].kind, ==, TSR_ELEMENT_MARKER);
    g_assert_cmpuint (selected[0].index, ==, tsr_marathon_level_map_object_marker (map, objects));
  }
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Delete, 0));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (level->objects->len, ==, objects);
  g_assert_cmpint (initial_count (level, item), ==, g_array_index (loaded, TsrMarathonPlacement, item).initial_count);
  g_assert_nonnull (strstr (history_current (history), "item 21 count"));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (level->objects->len, ==, objects + 1);
  g_assert_cmpint (initial_count (level, item), ==, g_array_index (loaded, TsrMarathonPlacement, item).initial_count + 1);

  /* Retyped in the inspector: typed into its Index field. */
  click_map (xtest, canvas, x, y);
  {
    GtkWidget *entry = tsr_property_inspector_get_editor (tsr_marathon_map_editor_get_inspector (editor), "index");
    g_autofree char *text = g_strdup_printf ("%u", retyped);

    g_assert_true (GTK_IS_ENTRY (entry));
    gtk_widget_grab_focus (entry);
    tsr_test_ui_iterate_for (100);
    g_assert_true (tsr_test_xtest_click (xtest, entry));
    tsr_test_ui_iterate_for (50);
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
    tsr_test_xtest_type_text (xtest, text);
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
    tsr_test_ui_iterate_for (100);
  }
  g_assert_cmpint (g_array_index (level->objects, TsrMarathonObject, objects).index, ==, (gint) retyped);
  g_assert_cmpint (initial_count (level, item), ==, g_array_index (loaded, TsrMarathonPlacement, item).initial_count);
  g_assert_cmpint (initial_count (level, retyped), ==,
                   g_array_index (loaded, TsrMarathonPlacement, retyped).initial_count + 1);
  g_assert_nonnull (strstr (history_current (history), "item 34 count"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-placements-retyped.png");

  /* The Palettes page: the zero-counted type chosen, "Count Placed" clicked; undone by a key. */
  tsr_marathon_map_page_show (page, "palettes");
  {
    TsrMarathonPalettes *palettes = tsr_marathon_map_page_get_palettes (page);
    GtkWidget *fix;

    tsr_marathon_palettes_set_kind (palettes, TSR_MARATHON_PALETTES_ITEMS);
    tsr_marathon_palettes_select (palettes, zero_type);
    tsr_test_ui_iterate_for (200);
    fix = tsr_test_ui_find_widget (GTK_WIDGET (palettes), tsr_test_ui_match_button_label, "Count _Placed");
    g_assert_nonnull (fix);
    g_assert_true (gtk_widget_get_visible (fix) && gtk_widget_get_sensitive (fix));
    g_assert_true (tsr_test_xtest_click (xtest, fix));
    tsr_test_ui_iterate_for (150);
    g_assert_cmpint (initial_count (level, zero_type), ==, (gint) placed (level, zero_type));
    g_assert_true (g_str_has_prefix (history_current (history), "Set Initial Count of Item"));
    g_assert_false (gtk_widget_get_sensitive (fix));
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-placements-palettes.png");
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
    tsr_test_ui_iterate_for (150);
    g_assert_cmpint (initial_count (level, zero_type), ==, 0);
    g_assert_true (gtk_widget_get_sensitive (fix));
  }
  tsr_marathon_map_page_show (page, "summary");
  tsr_test_ui_iterate_for (150);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-placements-history.png");

  /* Saved: plac is the loaded one with only item 34 one up (the placed item, retyped). */
  tsr_test_xtest_save (xtest, window);
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  before = tsr_marathon_scenario_load (original, path, &error);
  g_assert_no_error (error);
  after = tsr_marathon_scenario_load (saved, path, &error);
  g_assert_no_error (error);
  {
    TsrMarathonLevel *was = g_ptr_array_index (before->map->levels, 0), *now = g_ptr_array_index (after->map->levels, 0);

    for (guint k = 0; k < TSR_MARATHON_N_PLACEMENTS; k++)
      {
        TsrMarathonPlacement want = g_array_index (was->placements, TsrMarathonPlacement, k);

        if (k == retyped)
          want.initial_count++;
        g_assert_cmpmem (&g_array_index (now->placements, TsrMarathonPlacement, k), sizeof want, &want, sizeof want);
      }
    g_assert_cmpuint (now->objects->len, ==, was->objects->len + 1);
  }
  g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 2); /* placed, retyped */
  tsr_test_ui_hide_window (window);
}

/* The Summary page's row of the first finding at a map element KIND (any level), or -1. */
static gint
find_finding (TsrFindingsView *view,
              const char      *kind,
              gint             level_not)
{
  for (guint i = 0; i < tsr_findings_view_get_n_findings (view); i++)
    {
      const TsrFinding *finding = tsr_findings_view_get_finding (view, i);

      if (tsr_finding_place_is (&finding->place, kind) && finding->place.index >= 0 && finding->place.level != level_not)
        return (gint) i;
    }
  return -1;
}

/* Clicks row ROW of the findings list for real (scrolled into view first). */
static void
click_finding (TsrTestXTest    *xtest,
               TsrFindingsView *view,
               guint            row)
{
  GtkWidget *widget = tsr_findings_view_get_row (view, row);

  g_assert_nonnull (widget);
  gtk_widget_grab_focus (widget);
  tsr_test_ui_iterate_for (150);
  g_assert_true (tsr_test_xtest_click (xtest, widget));
  tsr_test_ui_iterate_for (300);
}

/* Every finding goes to its place: on Marathon 1's scenario (findings on many levels), a point's
 * finding on another level than the shown one, clicked on the Summary page, shows that level's
 * Map tab with the point selected and centred; on Requiescat in Pace an item type's "placed, but
 * its initial count is 0" opens the Palettes page on that type, its fix ready. */
static void
test_findings_lead_to_places (void)
{
  const char *root = g_getenv ("TSR_TESTDATA");
  g_autofree char *source = root != NULL ? g_build_filename (root, "marathon", NULL) : NULL;
  static const char *const files[] = { "m1_Map.scen", "chronicles_net_RequiescatInPace.sceA", NULL };
  g_autofree char *dir = NULL;

  if (source == NULL || !g_file_test (source, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no Marathon test data");
      return;
    }
  dir = tsr_test_ui_copy_files (source, files, work_dir, "marathon-findings");
  for (guint f = 0; f < 2; f++)
    {
      g_autofree char *path = g_build_filename (dir, files[f], NULL);
      g_autoptr(TsrTestXTest) xtest = NULL;
      TsrWindow *window = tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
      TsrMarathonMapPage *page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                                                GSIZE_TO_POINTER (TSR_TYPE_MARATHON_MAP_PAGE)));
      TsrMarathonMapEditor *editor = tsr_marathon_map_page_get_map_editor (page);
      TsrMarathonDocument *document = TSR_MARATHON_DOCUMENT (tsr_window_get_document (window));
      TsrFindingsView *view;
      GtkNotebook *notebook;
      gint row;

      g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (tsr_marathon_map_editor_get_canvas (editor))));
      tsr_marathon_map_page_show (page, "summary");
      tsr_test_ui_iterate_for (300);
      /* The Summary page's list (the Terminals page has one of its own). */
      view = tsr_inspector_get_findings_view (TSR_INSPECTOR (tsr_test_ui_find_widget (GTK_WIDGET (page), tsr_test_ui_match_type,
                                                                                      GSIZE_TO_POINTER (TSR_TYPE_INSPECTOR))));
      notebook = GTK_NOTEBOOK (tsr_test_ui_find_widget (GTK_WIDGET (page), tsr_test_ui_match_type,
                                                        GSIZE_TO_POINTER (GTK_TYPE_NOTEBOOK)));
      g_assert_nonnull (view);
      g_assert_nonnull (notebook);
      /* Validation runs once the page settles; its rows are made then. */
      for (guint wait = 0; wait < 100 && (tsr_findings_view_get_pending (view) || tsr_findings_view_get_n_findings (view) == 0); wait++)
        tsr_test_ui_iterate_for (100);
      tsr_test_ui_iterate_for (200);
      xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
      if (f == 0)
        {
          const TsrFinding *finding;
          TsrFindingPlace place;
          TsrMarathonLevelMap *map;
          TsrMapViewport viewport;
          TsrMarathonPoint point;
          const TsrElementRef *selected;
          guint n = 0;

          row = find_finding (view, "point", (gint) tsr_marathon_document_get_current_level (document));
          g_assert_cmpint (row, >=, 0);
          finding = tsr_findings_view_get_finding (view, (guint) row);
          place = finding->place;
          click_finding (xtest, view, (guint) row);
          g_assert_cmpint (gtk_notebook_get_current_page (notebook), ==, 0);
          g_assert_cmpuint (tsr_marathon_document_get_current_level (document), ==, (guint) place.level);
          map = tsr_marathon_map_editor_get_level_map (editor);
          selected = tsr_selection_get_elements (tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor)), &n);
          g_assert_cmpuint (n, ==, 1);
          g_assert_cmpint (selected[0].kind, ==, TSR_ELEMENT_POINT);
          g_assert_cmpuint (selected[0].index, ==, (guint) place.index);
          tsr_test_ui_iterate_for (200);
          tsr_map_canvas_get_viewport (tsr_marathon_map_editor_get_canvas (editor), &viewport);
          point = tsr_marathon_level_point (tsr_marathon_level_map_get_level (map), (guint) place.index);
          /* Zoomed in to about 8 world units and centred as far as the map's edge lets the view
           * go (this point lies near the edge): it is on screen. */
          g_test_message ("viewport %g,%g zoom %g, %dx%d; point %d,%d", viewport.x, viewport.y, viewport.zoom,
                          viewport.width, viewport.height, point.x, point.y);
          g_assert_cmpfloat (MIN (viewport.width, viewport.height) / viewport.zoom, <=, 8 * 1024 + 1);
          /* (within a pixel: the view stops at the map's edge on a whole pixel, and this point is
           * a fraction of one inside the edge at some canvas heights) */
          g_assert_cmpfloat (point.x, >=, viewport.x - 1 / viewport.zoom);
          g_assert_cmpfloat (point.x, <=, viewport.x + (viewport.width + 1) / viewport.zoom);
          g_assert_cmpfloat (point.y, >=, viewport.y - 1 / viewport.zoom);
          g_assert_cmpfloat (point.y, <=, viewport.y + (viewport.height + 1) / viewport.zoom);
          tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-finding-point.png");
        }
      else
        {
          TsrMarathonPalettes *palettes = tsr_marathon_map_page_get_palettes (page);
          GtkWidget *fix;
          gint type;

          row = find_finding (view, "item", -1);
          g_assert_cmpint (row, >=, 0);
          type = tsr_findings_view_get_finding (view, (guint) row)->place.index;
          click_finding (xtest, view, (guint) row);
          g_assert_cmpint (gtk_notebook_get_current_page (notebook), ==, 3);
          g_assert_cmpint (tsr_marathon_palettes_get_selected (palettes), ==, type);
          fix = tsr_test_ui_find_widget (GTK_WIDGET (palettes), tsr_test_ui_match_button_label, "Count _Placed");
          g_assert_true (gtk_widget_get_visible (fix) && gtk_widget_get_sensitive (fix));
          tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-finding-placement.png");
        }
      tsr_test_ui_hide_window (window);
    }
}

/* Select Similar selects on the map: a plain polygon clicked on Dream Brother's map, the Map tab's
 * find bar set to its type and "Select Similar" clicked: every polygon of that type is selected
 * on the map (and the inspector shows them). */
static void
test_select_similar_on_map (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir,
                                                      "marathon-similar");
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrMarathonMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrMarathonLevelMap *map;
  TsrMarathonLevel *level;
  TsrSelection *selection;
  GtkWidget *bar, *button;
  const TsrElementRef *selected = NULL;
  guint n = 0, same = 0;
  gint16 type;
  double x = 0, y = 0;

  if (path == NULL)
    return;
  window = tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                         GSIZE_TO_POINTER (TSR_TYPE_MARATHON_MAP_PAGE)));
  editor = tsr_marathon_map_page_get_map_editor (page);
  canvas = tsr_marathon_map_editor_get_canvas (editor);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (canvas)));
  tsr_test_ui_iterate_for (200);
  map = tsr_marathon_map_editor_get_level_map (editor);
  level = tsr_marathon_level_map_get_level (map);
  selection = tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* A plain polygon's middle, clicked zoomed in, until a click selects a polygon alone (some of
   * Dream Brother's polygons overlap lines of others). */
  {
    double zoom = tsr_map_canvas_get_zoom (canvas) * 4;
    gboolean done = FALSE;

    for (guint p = 0; p < level->polygons->len && !done; p++)
      {
        const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);

        if (polygon->type != 0 || polygon->vertex_count < 4 || polygon->first_object != -1)
          continue;
        x = y = 0;
        for (guint k = 0; k < polygon->vertex_count; k++)
          {
            TsrMarathonPoint point = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[k]);

            x += point.x / (double) polygon->vertex_count;
            y += point.y / (double) polygon->vertex_count;
          }
        if (tsr_marathon_level_map_polygon_at (map, x, y) != (gint) p)
          continue;
        tsr_map_canvas_set_zoom (canvas, zoom);
        tsr_map_canvas_center_on (canvas, x, y);
        tsr_test_ui_iterate_for (150);
        click_map (xtest, canvas, x, y);
        selected = tsr_selection_get_elements (selection, &n);
        done = n == 1 && selected[0].kind == TSR_ELEMENT_POLYGON;
      }
    g_assert_true (done);
  }
  type = g_array_index (level->polygons, TsrMarathonPolygon, selected[0].index).type;
  for (guint p = 0; p < level->polygons->len; p++)
    same += g_array_index (level->polygons, TsrMarathonPolygon, p).type == type;
  g_assert_cmpuint (same, >, 1);

  bar = tsr_test_ui_get_widget (GTK_WIDGET (editor), TSR_TYPE_PROPERTY_FIND_BAR);
  g_assert_true (gtk_widget_get_visible (bar));
  g_assert_true (tsr_property_find_bar_set_field (TSR_PROPERTY_FIND_BAR (bar), "type"));
  button = tsr_test_ui_find_widget (bar, tsr_test_ui_match_button_label, "Select _Similar");
  g_assert_nonnull (button);
  g_assert_true (tsr_test_xtest_click (xtest, button));
  tsr_test_ui_iterate_for (200);
  selected = tsr_selection_get_elements (selection, &n);
  g_assert_cmpuint (n, ==, same);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (selected[i].kind, ==, TSR_ELEMENT_POLYGON);
      g_assert_cmpint (g_array_index (level->polygons, TsrMarathonPolygon, selected[i].index).type, ==, type);
    }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-select-similar.png");
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-placements-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/marathon-placements-ui/counts", test_counts_by_real_input);
  g_test_add_func ("/marathon-placements-ui/findings", test_findings_lead_to_places);
  g_test_add_func ("/marathon-placements-ui/select-similar", test_select_similar_on_map);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
