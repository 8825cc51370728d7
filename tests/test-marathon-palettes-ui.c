/* test-marathon-palettes-ui.c: the Marathon attributes and palettes in a real window on a copy of
 * a real map. Screenshots of the map editor's inspector for each element kind (polygon, line with
 * its sides, point, object, annotation — Dream Brother has none, so the test adds one by a command
 * and undoes it) and of the light editor; then by real X input (XTest) two
 * of a light's states are typed into the light editor, undone, redone and saved with Ctrl+S, and
 * the codec finds exactly those two fields changed; and a polygon clicked on the map is made a
 * platform in the inspector's type drop-down and saved: the codec finds its record. */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-palette.h"
#include "model/marathon/tsr-marathon-edit-level-command.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

static TsrWindow *
open_in_window (const char *path)
{
  return tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
}

static void
shoot_selection (TsrWindow            *window,
                 TsrMarathonMapEditor *editor,
                 TsrElementKind        kind,
                 guint                 index,
                 const char           *name)
{
  TsrSelection *selection = tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor));
  TsrElementRef ref = { kind, index };
  g_autofree char *file = g_strdup_printf ("marathon-inspector-%s.png", name);

  tsr_selection_set (selection, &ref, 1);
  tsr_test_ui_iterate_for (150);
  g_assert_nonnull (tsr_property_inspector_get_source (tsr_marathon_map_editor_get_inspector (editor)));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, file);
}

/* Clicks FIELD's entry, replaces its text by TEXT and commits it with Enter. */
static void
type_into (TsrTestXTest         *xtest,
           TsrPropertyInspector *inspector,
           const char           *field,
           const char           *text)
{
  GtkWidget *entry = tsr_property_inspector_get_editor (inspector, field);

  g_assert_true (GTK_IS_ENTRY (entry));
  /* Scrolled into view first (the scrolled window follows the focus); then clicked for real. */
  gtk_widget_grab_focus (entry);
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_test_xtest_click (xtest, entry));
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
  tsr_test_xtest_type_text (xtest, text);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
  tsr_test_ui_iterate_for (50);
}

/* Adds an annotation in polygon 0, at the mean of its corners (inside: polygons are convex). */
static gboolean
add_annotation (TsrMarathonLevel *level,
                gpointer          user_data,
                GError          **error)
{
  const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, 0);
  TsrMarathonAnnotation note = { 0 };
  double x = 0, y = 0;

  for (guint k = 0; k < polygon->vertex_count; k++)
    {
      TsrMarathonPoint point = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[k]);

      x += point.x / (double) polygon->vertex_count, y += point.y / (double) polygon->vertex_count;
    }
  note.location = (TsrMarathonPoint) { (gint16) x, (gint16) y };
  note.polygon_index = 0;
  g_strlcpy ((char *) note.text, user_data, sizeof note.text);
  if (level->annotations == NULL)
    level->annotations = g_array_new (FALSE, TRUE, sizeof (TsrMarathonAnnotation));
  g_array_append_val (level->annotations, note);
  return TRUE;
}

static const TsrMarathonLight *
light_of (TsrMarathonLevel *level,
          guint             index)
{
  return &g_array_index (level->lights, TsrMarathonLight, index);
}

static void
test_light_editor (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GBytes) original = NULL, saved = NULL;
  g_autoptr(TsrMarathonScenario) before = NULL, after = NULL;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrMarathonMapEditor *editor;
  TsrMarathonPalettes *palettes;
  TsrPropertyInspector *inspector;
  TsrMarathonLevel *level, *level_before, *level_after;
  TsrMarathonLight light, expected;
  const gint32 *curve;
  guint n_ticks;
  const guint chosen = 1;

  path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir, "marathon-palettes");
  if (path == NULL)
    return;
  original = tsr_file_read (path, &error);
  g_assert_no_error (error);

  window = open_in_window (path);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  editor = tsr_marathon_map_page_get_map_editor (page);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (tsr_marathon_map_editor_get_canvas (editor))));
  tsr_test_ui_iterate_for (200);
  level = tsr_marathon_level_map_get_level (tsr_marathon_map_editor_get_level_map (editor));
  g_assert_nonnull (level->lights);
  g_assert_cmpuint (level->lights->len, >, chosen);

  /* The inspector for each element kind; what the values mean shows under them. */
  {
    TsrMarathonLevelMap *map = tsr_marathon_map_editor_get_level_map (editor);
    TsrPropertyInspector *map_inspector = tsr_marathon_map_editor_get_inspector (editor);
    guint platform_polygon = 0;

    for (guint p = 0; p < level->polygons->len; p++)
      if (g_array_index (level->polygons, TsrMarathonPolygon, p).type == 5)
        {
          platform_polygon = p;
          break;
        }
    shoot_selection (window, editor, TSR_ELEMENT_POLYGON, platform_polygon, "polygon");
    if (g_array_index (level->polygons, TsrMarathonPolygon, platform_polygon).type == 5)
      g_assert_true (g_str_has_prefix (tsr_property_inspector_get_hint (map_inspector, "permutation"), "platform "));
    shoot_selection (window, editor, TSR_ELEMENT_SEGMENT, 0, "line");
    /* Its sides under it: scrolled to the counterclockwise side's textures. */
    {
      GtkWidget *sides = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_name, "counterclockwise-side");
      GtkWidget *texture;

      g_assert_nonnull (sides);
      texture = tsr_property_inspector_get_editor (TSR_PROPERTY_INSPECTOR (sides), "primary_texture.texture");
      g_assert_true (GTK_IS_ENTRY (texture));
      gtk_widget_grab_focus (texture);
      tsr_test_ui_iterate_for (150);
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-inspector-line-sides.png");
    }
    shoot_selection (window, editor, TSR_ELEMENT_POINT, 0, "point");
    if (level->objects != NULL && level->objects->len > 0)
      shoot_selection (window, editor, TSR_ELEMENT_MARKER, tsr_marathon_level_map_object_marker (map, 0), "object");
    /* Dream Brother has no annotation: one is added by a command for the screenshot, then undone. */
    {
      gboolean added = level->annotations == NULL || level->annotations->len == 0;

      if (added)
        {
          TsrCommand *command = tsr_marathon_edit_level_command_new (map, "Add annotation", add_annotation,
                                                                     (gpointer) "Secret door", &error);

          g_assert_no_error (error);
          g_assert_true (tsr_document_execute_take (tsr_window_get_document (window), command));
          g_assert_cmpuint (level->annotations->len, ==, 1);
        }
      shoot_selection (window, editor, TSR_ELEMENT_MARKER, tsr_marathon_level_map_annotation_marker (map, 0), "annotation");
      g_assert_nonnull (tsr_property_inspector_get_editor (map_inspector, "text"));
      if (added)
        {
          g_assert_true (tsr_document_undo (tsr_window_get_document (window)));
          g_assert_cmpuint (level->annotations != NULL ? level->annotations->len : 0, ==, 0);
        }
    }
  }

  /* The light editor. */
  tsr_marathon_map_page_show (page, "palettes");
  palettes = tsr_marathon_map_page_get_palettes (page);
  tsr_marathon_palettes_set_kind (palettes, TSR_MARATHON_PALETTES_LIGHTS);
  tsr_marathon_palettes_select (palettes, chosen);
  tsr_test_ui_iterate_for (200);
  g_assert_cmpint (tsr_marathon_palettes_get_selected (palettes), ==, (gint) chosen);
  inspector = tsr_marathon_palettes_get_inspector (palettes);
  curve = tsr_marathon_palettes_get_curve (palettes, &n_ticks);
  g_assert_nonnull (curve);
  g_assert_cmpuint (n_ticks, >, 0);
  light = *light_of (level, chosen);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-light-editor-before.png");

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  type_into (xtest, inspector, "primary_active.period", "45");
  type_into (xtest, inspector, "secondary_inactive.intensity", "0.25");
  expected = light;
  expected.primary_active.period = 45;
  expected.secondary_inactive.intensity = 16384;
  g_assert_cmpmem (light_of (level, chosen), sizeof expected, &expected, sizeof expected);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-light-editor.png");

  /* Undo both, redo both, by keys from outside the entries (an entry keeps its own Ctrl+Z). */
  {
    GtkListBox *list = GTK_LIST_BOX (tsr_test_ui_get_widget (GTK_WIDGET (palettes), GTK_TYPE_LIST_BOX));
    g_assert_true (tsr_test_xtest_click (xtest, GTK_WIDGET (gtk_list_box_get_row_at_index (list, (int) chosen))));
    tsr_test_ui_iterate_for (100);
    g_assert_cmpint (tsr_marathon_palettes_get_selected (palettes), ==, (gint) chosen);
  }
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (50);
  g_assert_cmpint (light_of (level, chosen)->secondary_inactive.intensity, ==, light.secondary_inactive.intensity);
  g_assert_cmpint (light_of (level, chosen)->primary_active.period, ==, 45);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (50);
  g_assert_cmpmem (light_of (level, chosen), sizeof light, &light, sizeof light);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  tsr_test_ui_iterate_for (50);
  g_assert_cmpmem (light_of (level, chosen), sizeof expected, &expected, sizeof expected);
  tsr_test_xtest_save (xtest, window);

  /* Reloaded with the codec: that light's two fields, nothing else. */
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  before = tsr_marathon_scenario_load (original, path, &error);
  g_assert_no_error (error);
  after = tsr_marathon_scenario_load (saved, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (before->map->levels->len, ==, after->map->levels->len);
  level_before = g_ptr_array_index (before->map->levels, 0);
  level_after = g_ptr_array_index (after->map->levels, 0);
  g_assert_cmpuint (level_before->lights->len, ==, level_after->lights->len);
  for (guint i = 0; i < level_before->lights->len; i++)
    {
      const TsrMarathonLight *want = i == chosen ? &expected : light_of (level_before, i);

      g_assert_cmpmem (light_of (level_after, i), sizeof (TsrMarathonLight), want, sizeof (TsrMarathonLight));
    }
  g_assert_cmpmem (level_after->polygons->data, level_after->polygons->len * sizeof (TsrMarathonPolygon),
                   level_before->polygons->data, level_before->polygons->len * sizeof (TsrMarathonPolygon));
  g_assert_cmpmem (level_after->sides->data, level_after->sides->len * sizeof (TsrMarathonSide),
                   level_before->sides->data, level_before->sides->len * sizeof (TsrMarathonSide));
  g_assert_cmpmem (level_after->lines->data, level_after->lines->len * sizeof (TsrMarathonLine),
                   level_before->lines->data, level_before->lines->len * sizeof (TsrMarathonLine));
  g_assert_cmpuint (g_bytes_get_size (saved), ==, g_bytes_get_size (original));

  /* A light that changes, playing. */
  for (guint i = 0; i < level->lights->len; i++)
    if (light_of (level, i)->primary_active.function != 0)
      {
        tsr_marathon_palettes_select (palettes, i);
        break;
      }
  {
    GtkWidget *play = tsr_test_ui_find_widget (GTK_WIDGET (palettes), tsr_test_ui_match_type,
                                               GSIZE_TO_POINTER (GTK_TYPE_TOGGLE_BUTTON));

    g_assert_nonnull (play);
    g_assert_true (tsr_test_xtest_click (xtest, play));
    tsr_test_ui_iterate_for (1200);
    g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (play)));
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-light-editor-playing.png");
  tsr_marathon_palettes_set_kind (palettes, TSR_MARATHON_PALETTES_LEVEL_INFO);
  tsr_test_ui_iterate_for (150);
  g_assert_cmpint (tsr_marathon_palettes_get_selected (palettes), ==, 0);
  g_assert_nonnull (tsr_property_inspector_get_editor (inspector, "entry_point_flags"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-level-info.png");
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

/* Descending by clearance (the third of four doubles). */
static gint
compare_clearance (gconstpointer a,
                   gconstpointer b)
{
  double ca = ((const double *) a)[2], cb = ((const double *) b)[2];

  return ca < cb ? 1 : ca > cb ? -1 : 0;
}

static gboolean
match_label (GtkWidget     *widget,
             gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* By real input: a click selects a plain polygon on the map, the inspector's type drop-down is
 * opened and "Platform" clicked; the polygon gets its platform record in one undo step; Ctrl+S;
 * the codec reads the record back and validation finds no error. */
static void
test_make_platform (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrMarathonScenario) after = NULL;
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrMarathonMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrMarathonLevelMap *map;
  TsrMarathonLevel *level, *level_after;
  TsrSelection *selection;
  TsrUndoStack *stack;
  GtkWidget *type_editor, *item;
  TsrMapViewport viewport;
  const TsrElementRef *selected;
  guint n_selected = 0, platforms, chosen = G_MAXUINT;
  double base_zoom;

  path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir, "marathon-platform");
  if (path == NULL)
    return;
  window = open_in_window (path);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  editor = tsr_marathon_map_page_get_map_editor (page);
  canvas = tsr_marathon_map_editor_get_canvas (editor);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (canvas)));
  tsr_test_ui_iterate_for (200);
  map = tsr_marathon_map_editor_get_level_map (editor);
  level = tsr_marathon_level_map_get_level (map);
  stack = tsr_document_get_undo_stack (tsr_window_get_document (window));
  platforms = level->platforms->len;
  base_zoom = tsr_map_canvas_get_zoom (canvas);
  /* Plain polygons with nothing in them, those whose vertices' mean lies furthest from their
   * edges first; each is clicked there (zoomed in) until a click selects the polygon alone
   * (some of Dream Brother's polygons overlap lines of others). */
  {
    g_autoptr(GArray) candidates = g_array_new (FALSE, FALSE, sizeof (double) * 4);

    for (guint p = 0; p < level->polygons->len; p++)
      {
        const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);
        double candidate[4] = { 0, 0, G_MAXDOUBLE, p };

        if (polygon->type != 0 || polygon->vertex_count < 3 || polygon->first_object != -1)
          continue;
        for (guint k = 0; k < polygon->vertex_count; k++)
          {
            TsrMarathonPoint point = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[k]);

            candidate[0] += point.x / (double) polygon->vertex_count;
            candidate[1] += point.y / (double) polygon->vertex_count;
          }
        for (guint k = 0; k < polygon->vertex_count; k++)
          {
            TsrMarathonPoint a = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[k]);
            TsrMarathonPoint b = tsr_marathon_level_point (level, (guint) polygon->endpoint_indexes[(k + 1) % polygon->vertex_count]);
            double dx = b.x - a.x, dy = b.y - a.y, t = 0, ex, ey;

            if (dx != 0 || dy != 0)
              t = CLAMP (((candidate[0] - a.x) * dx + (candidate[1] - a.y) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
            ex = a.x + t * dx - candidate[0];
            ey = a.y + t * dy - candidate[1];
            candidate[2] = MIN (candidate[2], sqrt (ex * ex + ey * ey));
          }
        if (tsr_marathon_level_map_polygon_at (map, candidate[0], candidate[1]) == (gint) p)
          g_array_append_vals (candidates, candidate, 1);
      }
    g_array_sort (candidates, compare_clearance);
    xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
    selection = tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor));
    for (guint c = 0; c < MIN (candidates->len, 8u) && chosen == G_MAXUINT; c++)
      {
        const double *candidate = (const double *) (candidates->data + c * sizeof (double) * 4);

        tsr_map_canvas_set_zoom (canvas, base_zoom * 4);
        tsr_map_canvas_center_on (canvas, candidate[0], candidate[1]);
        tsr_test_ui_iterate_for (150);
        tsr_map_canvas_get_viewport (canvas, &viewport);
        g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), (candidate[0] - viewport.x) * viewport.zoom,
                                               (candidate[1] - viewport.y) * viewport.zoom, 6, NULL, NULL));
        g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, TRUE));
        g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, FALSE));
        tsr_test_ui_iterate_for (200);
        selected = tsr_selection_get_elements (selection, &n_selected);
        g_test_message ("polygon %g clicked: %u selected, first kind %d index %u", candidate[3], n_selected,
                        n_selected > 0 ? (int) selected[0].kind : -1, n_selected > 0 ? selected[0].index : 0);
        if (n_selected == 1 && selected[0].kind == TSR_ELEMENT_POLYGON && selected[0].index == (guint) candidate[3])
          chosen = (guint) candidate[3];
      }
    g_assert_cmpuint (chosen, !=, G_MAXUINT);
  }

  /* The inspector's type drop-down, opened by a click; "Platform" in its list clicked. */
  type_editor = tsr_property_inspector_get_editor (tsr_marathon_map_editor_get_inspector (editor), "type");
  g_assert_true (GTK_IS_DROP_DOWN (type_editor));
  gtk_widget_grab_focus (type_editor);
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_test_xtest_click (xtest, type_editor));
  tsr_test_ui_iterate_for (300);
  item = tsr_test_ui_find_widget (type_editor, match_label, "Platform");
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_get_mapped (item));
  tsr_test_xtest_watch (xtest, item);
  tsr_test_ui_iterate_for (200);
  g_assert_true (tsr_test_xtest_click (xtest, item));
  tsr_test_ui_iterate_for (300);
  g_assert_cmpint (g_array_index (level->polygons, TsrMarathonPolygon, chosen).type, ==, 5);
  g_assert_cmpuint (level->platforms->len, ==, platforms + 1);
  g_assert_cmpint (tsr_marathon_level_find_platform (level, chosen), ==, (gint) platforms);
  g_assert_cmpstr (tsr_undo_stack_get_undo_description (stack), ==, "Set Type");
  g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-inspector-platform.png");

  tsr_test_xtest_save (xtest, window);
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  after = tsr_marathon_scenario_load (saved, path, &error);
  g_assert_no_error (error);
  level_after = g_ptr_array_index (after->map->levels, 0);
  g_assert_cmpuint (level_after->platforms->len, ==, platforms + 1);
  g_assert_cmpint (tsr_marathon_level_find_platform (level_after, chosen), ==, (gint) platforms);
  g_assert_cmpint (g_array_index (level_after->polygons, TsrMarathonPolygon, chosen).type, ==, 5);
  g_assert_cmpint (g_array_index (level_after->polygons, TsrMarathonPolygon, chosen).permutation, ==, (gint) platforms);
  g_assert_cmpint (g_array_index (level_after->platforms, TsrMarathonPlatform, platforms).speed, ==, 34);
  tsr_marathon_map_validate (after->map, findings);
  for (guint i = 0; i < findings->len; i++)
    if (((TsrFinding *) g_ptr_array_index (findings, i))->severity == TSR_SEVERITY_ERROR)
      g_error ("saved: %s", ((TsrFinding *) g_ptr_array_index (findings, i))->what);
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-palettes-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  /* The platform test first: it moves the pointer over a fresh window. */
  g_test_add_func ("/marathon-palettes-ui/make-platform", test_make_platform);
  g_test_add_func ("/marathon-palettes-ui/light-editor", test_light_editor);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
