/* test-marathon-placement-ui.c: the Placement dialog by real X input (XTest) on a copy of Dream
 * Brother (issue 37). The level bar's Level menu opens it by real clicks; a monster's initial
 * count typed into its cell (Ctrl+A, digits, Return) is one undo step; Ctrl+Z and Ctrl+Shift+Z in
 * the dialog move it back and forth and the cell follows; Escape closes it; Ctrl+S saves, and the
 * codec reads back exactly that change: only that record's two bytes differ from the file.
 * Then Find by value on the map: Go To selects polygon 12 (Ctrl+G, "12", Return), its floor light
 * typed into the find bar's entry selects on the map every polygon with that floor light.
 * Screenshots: marathon-placement-dialog.png, marathon-placement-edited.png, marathon-find-by-value.png. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-palette.h"
#include "views/marathon/tsr-marathon-map-editor.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/tsr-map-canvas.h"
#include "views/tsr-property-find-bar.h"
#include "edit/tsr-edit-session.h"
#include "edit/tsr-selection.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

#define MONSTER_TYPE 3 /* a monster type Dream Brother's level has a record for */

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

/* The entry of placement record DATA's initial count. */
static gboolean
match_initial_count (GtkWidget    *widget,
                     gconstpointer data)
{
  return GTK_IS_ENTRY (widget)
         && GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "tsr-placement")) == GPOINTER_TO_UINT (data)
         && g_object_get_data (G_OBJECT (widget), "tsr-placement-field") == GUINT_TO_POINTER (0);
}

static gint16
initial_count (TsrMarathonLevel *level,
               guint             k)
{
  return g_array_index (level->placements, TsrMarathonPlacement, k).initial_count;
}

static GBytes *
read_file (const char *path)
{
  char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  return g_bytes_new_take (contents, length);
}

static void
test_placement_dialog (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir, "placement");
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GBytes) original = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonScenario) before = NULL;
  g_autoptr(TsrMarathonScenario) after = NULL;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrMarathonMapEditor *editor;
  TsrMarathonLevel *level;
  GtkWidget *button, *popover, *item, *entry;
  GtkWindow *dialog;
  const guint k = TSR_MARATHON_PLACEMENT_TYPES + MONSTER_TYPE;
  gint16 old;
  gint16 typed;

  if (path == NULL)
    return;
  original = read_file (path);
  window = tsr_test_ui_open_in_window (application, path, 1200, 800, 100);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  editor = tsr_marathon_map_page_get_map_editor (page);
  level = tsr_marathon_level_map_get_level (tsr_marathon_map_editor_get_level_map (editor));
  g_assert_nonnull (level->placements);
  g_assert_cmpuint (level->placements->len, ==, TSR_MARATHON_N_PLACEMENTS);
  old = initial_count (level, k);
  typed = (gint16) (old + 7);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* Level ▸ Item and Monster Placement…, by real clicks. */
  button = tsr_test_ui_find_widget (GTK_WIDGET (page), tsr_test_ui_match_tooltip,
                                    "This level's item and monster placement, Go To");
  g_assert_nonnull (button);
  popover = tsr_test_xtest_open_menu (xtest, button);
  g_assert_nonnull (popover);
  item = tsr_test_ui_find_widget (popover, tsr_test_ui_match_menu_item, "Item and Monster Placement…");
  g_assert_nonnull (item);
  /* The release goes to the dialog the click opens: what counts is that it shows. */
  tsr_test_xtest_click (xtest, item);
  dialog = tsr_test_ui_wait_for_window_titled ("Placement", TRUE);
  g_assert_nonnull (dialog);
  tsr_test_xtest_watch (xtest, GTK_WIDGET (dialog));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (dialog)));
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "marathon-placement-dialog.png");

  /* The monster's initial count cell, scrolled into view, clicked and typed into. */
  entry = tsr_test_ui_find_widget (GTK_WIDGET (dialog), match_initial_count, GUINT_TO_POINTER (k));
  g_assert_nonnull (entry);
  {
    GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (entry, GTK_TYPE_SCROLLED_WINDOW));
    GtkWidget *grid = gtk_scrolled_window_get_child (scrolled);
    graphene_point_t at;

    g_assert_true (gtk_widget_compute_point (entry, grid, &GRAPHENE_POINT_INIT (0, 0), &at));
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (scrolled), MAX (0, at.y - 100));
    g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (dialog), 3));
  }
  g_assert_true (tsr_test_xtest_click (xtest, entry));
  tsr_test_xtest_type_number (xtest, typed);
  tsr_test_ui_iterate_for (100);
  g_assert_cmpint (initial_count (level, k), ==, typed);
  g_assert_true (tsr_window_get_modified (window));
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "marathon-placement-edited.png");

  /* Ctrl+Z in the dialog: the document's undo, the cell follows; Ctrl+Shift+Z again. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpint (initial_count (level, k), ==, old);
  {
    g_autofree char *text = g_strdup_printf ("%d", old);

    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, text);
  }
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpint (initial_count (level, k), ==, typed);

  /* Escape closes the dialog; Ctrl+S in the window saves. */
  g_assert_true (tsr_test_xtest_key_unwatched (xtest, GDK_KEY_Escape, 0));
  g_assert_null (tsr_test_ui_wait_for_window_titled ("Placement", FALSE));
  tsr_test_ui_iterate_for (100);
  g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (tsr_marathon_map_editor_get_canvas (editor)), 5, 5));
  tsr_test_xtest_save (xtest, window);

  /* The codec reads back exactly that change. */
  saved = read_file (path);
  before = tsr_marathon_scenario_load (original, path, &error);
  g_assert_no_error (error);
  after = tsr_marathon_scenario_load (saved, path, &error);
  g_assert_no_error (error);
  {
    TsrMarathonLevel *old_level = g_ptr_array_index (before->map->levels, 0);
    TsrMarathonLevel *new_level = g_ptr_array_index (after->map->levels, 0);
    gsize size = 0, other = 0, changed = 0;
    const guint8 *a = g_bytes_get_data (original, &size), *b = g_bytes_get_data (saved, &other);

    for (guint i = 0; i < TSR_MARATHON_N_PLACEMENTS; i++)
      {
        TsrMarathonPlacement expected = g_array_index (old_level->placements, TsrMarathonPlacement, i);

        if (i == k)
          expected.initial_count = typed;
        g_assert_cmpmem (&expected, sizeof expected,
                         &g_array_index (new_level->placements, TsrMarathonPlacement, i), sizeof expected);
      }
    g_assert_cmpuint (size, ==, other);
    for (gsize i = 0; i < size; i++)
      changed += a[i] != b[i] && (i < 68 || i > 71); /* the wad header's checksum aside */
    g_assert_cmpuint (changed, >=, 1);
    g_assert_cmpuint (changed, <=, 2);
  }

  /* Find by value, selecting on the map. */
  {
    TsrSelection *selection = tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor));
    GtkWidget *bar = tsr_test_ui_get_widget (GTK_WIDGET (editor), TSR_TYPE_PROPERTY_FIND_BAR);
    GtkWidget *find_entry;
    const TsrElementRef *selected;
    guint n = 0, expected = 0;
    gint16 light;
    GtkWindow *go_to = NULL;

    g_assert_true (tsr_test_xtest_key_unwatched (xtest, GDK_KEY_g, GDK_CONTROL_MASK));
    for (gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC; go_to == NULL && g_get_monotonic_time () < end;)
      {
        GListModel *toplevels = gtk_window_get_toplevels ();

        tsr_test_ui_iterate_for (20);
        for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
          {
            g_autoptr(GtkWindow) shown = g_list_model_get_item (toplevels, i);

            if (gtk_widget_get_visible (GTK_WIDGET (shown)) && g_strcmp0 (gtk_window_get_title (shown), "Go To") == 0)
              go_to = shown;
          }
      }
    g_assert_nonnull (go_to);
    /* The dialog destroys itself on Return: a weak pointer says when. */
    g_object_add_weak_pointer (G_OBJECT (go_to), (gpointer *) &go_to);
    tsr_test_xtest_watch (xtest, GTK_WIDGET (go_to));
    g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (go_to)));
    tsr_test_ui_iterate_for (200);
    tsr_test_xtest_type_text (xtest, "12");
    g_assert_true (tsr_test_xtest_key_unwatched (xtest, GDK_KEY_Return, 0));
    for (guint wait = 0; wait < 500 && go_to != NULL; wait++)
      tsr_test_ui_iterate_for (20);
    g_assert_null (go_to);
    tsr_test_ui_iterate_for (200);
    selected = tsr_selection_get_elements (selection, &n);
    g_assert_cmpuint (n, ==, 1);
    g_assert_cmpint (selected[0].kind, ==, TSR_ELEMENT_POLYGON);
    g_assert_cmpuint (selected[0].index, ==, 12);
    light = g_array_index (level->polygons, TsrMarathonPolygon, 12).floor_lightsource_index;
    for (guint p = 0; p < level->polygons->len; p++)
      expected += g_array_index (level->polygons, TsrMarathonPolygon, p).floor_lightsource_index == light;
    g_assert_cmpuint (expected, >, 1);

    g_assert_true (gtk_widget_get_visible (bar));
    /* The field chosen as the existing Select Similar test does; the value typed for real. */
    g_assert_true (tsr_property_find_bar_set_field (TSR_PROPERTY_FIND_BAR (bar), "floor_lightsource_index"));
    find_entry = tsr_test_ui_get_widget (bar, GTK_TYPE_ENTRY);
    g_assert_true (tsr_test_xtest_click (xtest, find_entry));
    tsr_test_xtest_type_number (xtest, light);
    tsr_test_ui_iterate_for (200);
    selected = tsr_selection_get_elements (selection, &n);
    g_assert_cmpuint (n, ==, expected);
    for (guint i = 0; i < n; i++)
      {
        g_assert_cmpint (selected[i].kind, ==, TSR_ELEMENT_POLYGON);
        g_assert_cmpint (g_array_index (level->polygons, TsrMarathonPolygon, selected[i].index).floor_lightsource_index, ==, light);
      }
    /* The selection changed the bar's source; the field searched is still the one shown. */
    {
      GtkDropDown *fields = GTK_DROP_DOWN (tsr_test_ui_get_widget (bar, GTK_TYPE_DROP_DOWN));

      g_assert_cmpstr (gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (fields))), ==,
                       "Floor light");
    }
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-find-by-value.png");
  }

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-placement-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/marathon-placement-ui/dialog", test_placement_dialog);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
