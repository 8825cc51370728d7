/* test-marathon-legend-ui.c: the legend of the Marathon map editor's Colour by modes by real X input
 * (XTest) on a copy of Dream Brother (issue 37). Floor light, Liquid and Floor height are chosen in
 * the Colour by drop-down by real clicks; each time the legend over the map shows the rows the
 * style's legend has for the level: one per floor light (or liquid) the polygons use, counts adding
 * up to the polygon count; five height stops in world units. A polygon deleted by a real click and
 * the Delete key leaves the legend counting one polygon less; Ctrl+Z brings the count back. */
#include "config.h"

#include <gtk/gtk.h>
#include <stdlib.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "edit/tsr-vector-select-tool.h"
#include "edit/tsr-vector-map.h"
#include "model/marathon/tsr-marathon-level-map.h"
#include "views/marathon/tsr-marathon-map-editor.h"
#include "views/marathon/tsr-marathon-map-style.h"
#include "views/tsr-map-canvas.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

static gboolean
match_label_text (GtkWidget     *widget,
                  gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* The legend's row texts, in order (transfer full). */
static GPtrArray *
legend_rows (GtkWidget *legend)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_free);

  for (GtkWidget *child = gtk_widget_get_first_child (legend); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *label = tsr_test_ui_find_widget (child, tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_LABEL));

      g_assert_nonnull (label);
      g_assert_true (gtk_widget_get_mapped (label));
      g_ptr_array_add (rows, g_strdup (gtk_label_get_text (GTK_LABEL (label))));
    }
  return rows;
}

/* Chooses ITEM in the Colour by drop-down by real input; the legend's rows must be the style's
 * legend of the level in that mode, each "LABEL: N polygons" (or the label alone for heights). */
static void
choose_and_check (TsrTestXTest         *xtest,
                  GtkWidget            *dropdown,
                  GtkWidget            *legend,
                  TsrMarathonMapEditor *editor,
                  const char           *item,
                  TsrMarathonDrawMode   mode,
                  const char           *prefix,
                  const char           *screenshot)
{
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (tsr_marathon_map_editor_get_level_map (editor));
  TsrMarathonMapStyle *style = tsr_marathon_map_style_new ();
  g_autoptr(GArray) expected = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  guint total = 0;

  if (item != NULL)
    {
      g_assert_true (tsr_test_xtest_choose (xtest, dropdown, item));
      tsr_test_ui_iterate_for (300);
    }
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, mode);
  tsr_test_ui_save_screenshot (gtk_widget_get_root (dropdown) != NULL ? GTK_WIDGET (gtk_widget_get_root (dropdown)) : dropdown,
                               screenshot_dir, screenshot);
  tsr_marathon_map_style_set_mode (style, mode);
  expected = tsr_marathon_map_style_legend (style, level);
  tsr_marathon_map_style_free (style);
  rows = legend_rows (legend);
  g_assert_cmpuint (expected->len, >, 0);
  g_assert_true (gtk_widget_get_mapped (legend));
  g_assert_cmpuint (rows->len, ==, expected->len);
  for (guint i = 0; i < rows->len; i++)
    {
      const TsrMarathonLegendEntry *entry = &g_array_index (expected, TsrMarathonLegendEntry, i);
      const char *row = g_ptr_array_index (rows, i);

      g_assert_true (g_str_has_prefix (row, entry->label));
      if (entry->polygons > 0)
        {
          const char *count = row + strlen (entry->label);

          g_assert_true (g_str_has_prefix (count, ": "));
          g_assert_cmpuint (strtoul (count + 2, NULL, 10), ==, entry->polygons);
          total += entry->polygons;
          if (entry->value >= 0)
            g_assert_true (g_str_has_prefix (row, prefix));
        }
      else
        g_assert_true (g_str_has_suffix (row, prefix));
    }
  if (total > 0)
    g_assert_cmpuint (total, ==, level->polygons->len);
}

/* The sum of the legend's polygon counts. */
static guint
legend_total (GtkWidget *legend)
{
  g_autoptr(GPtrArray) rows = legend_rows (legend);
  guint total = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      const char *colon = strrchr (g_ptr_array_index (rows, i), ':');

      g_assert_nonnull (colon);
      total += strtoul (colon + 2, NULL, 10);
    }
  return total;
}

static void
test_legend (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir, "legend");
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrMarathonMapEditor *editor;
  GtkWidget *label, *dropdown, *legend;

  if (path == NULL)
    return;
  window = tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
  editor = TSR_MARATHON_MAP_EDITOR (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_EDITOR));
  label = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_label_text, "Colour by");
  g_assert_nonnull (label);
  dropdown = gtk_label_get_mnemonic_widget (GTK_LABEL (label));
  g_assert_true (GTK_IS_DROP_DOWN (dropdown));
  legend = tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_name, "legend");
  g_assert_true (GTK_IS_FLOW_BOX (legend));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  choose_and_check (xtest, dropdown, legend, editor, "Floor light", TSR_MARATHON_DRAW_FLOOR_LIGHT, "Light ",
                    "marathon-legend-floor-light.png");
  choose_and_check (xtest, dropdown, legend, editor, "Liquid", TSR_MARATHON_DRAW_LIQUID, "Liquid ",
                    "marathon-legend-liquid.png");

  /* The level's elements change: a polygon clicked (a view point where the map hits a polygon,
   * away from the legend's corner) and deleted; then Ctrl+Z. */
  {
    TsrMapCanvas *canvas = tsr_marathon_map_editor_get_canvas (editor);
    TsrVectorMap *vector = TSR_VECTOR_MAP (tsr_marathon_map_editor_get_level_map (editor));
    guint n = tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POLYGON);
    TsrMapViewport viewport;
    TsrElementRef hit = { 0 };
    double at_x = -1, at_y = -1;

    g_assert_cmpuint (legend_total (legend), ==, n);
    tsr_map_canvas_get_viewport (canvas, &viewport);
    for (double y = 40; y < gtk_widget_get_height (GTK_WIDGET (canvas)) / 2.0 && at_x < 0; y += 7)
      for (double x = gtk_widget_get_width (GTK_WIDGET (canvas)) / 2.0; x < gtk_widget_get_width (GTK_WIDGET (canvas)) - 40 && at_x < 0; x += 7)
        if (tsr_vector_map_hit_test (vector, viewport.x + x / viewport.zoom, viewport.y + y / viewport.zoom,
                                     TSR_TOOL_HIT_TOLERANCE, viewport.zoom, TSR_ELEMENT_MASK_ALL, &hit)
            && hit.kind == TSR_ELEMENT_POLYGON)
          at_x = x, at_y = y;
    g_assert_cmpfloat (at_x, >=, 0);
    g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), at_x, at_y));
    tsr_test_ui_iterate_for (100);
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Delete, 0));
    tsr_test_ui_iterate_for (200);
    g_assert_cmpuint (tsr_vector_map_get_n_elements (vector, TSR_ELEMENT_POLYGON), ==, n - 1);
    g_assert_cmpuint (legend_total (legend), ==, n - 1);
    choose_and_check (xtest, dropdown, legend, editor, NULL, TSR_MARATHON_DRAW_LIQUID, "Liquid ",
                      "marathon-legend-deleted.png");
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
    tsr_test_ui_iterate_for (200);
    g_assert_cmpuint (legend_total (legend), ==, n);
  }
  choose_and_check (xtest, dropdown, legend, editor, "Floor height", TSR_MARATHON_DRAW_FLOOR_HEIGHT, " WU",
                    "marathon-legend-floor-height.png");

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-legend-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/marathon-legend-ui/legend", test_legend);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
