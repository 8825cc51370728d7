/* test-marathon-physics-ui.c: the physics editor by real X input (XTest) on a copy of the real
 * Marathon 2 physics file: the Monsters list, monster 3's vitality typed into the inspector; the
 * Weapons list, weapon 1's item type typed; real Ctrl+Z twice (both back), Ctrl+Shift+Z twice (both
 * again), a real Ctrl+S; the codec reads the saved file back and finds exactly those two fields
 * changed, every other field of every table as it was and no other byte changed but the wad
 * header's checksum. A scenario level's Physics tab edits its PXpx the same way. Screenshots:
 * marathon-physics-ui-*.png. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-physics.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/marathon/tsr-marathon-physics-page.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *work_dir;
static char *screenshot_dir;

static TsrMarathonPhysics *
read_physics (const char *path)
{
  g_autofree char *contents = NULL;
  gsize size = 0;
  g_autoptr(GError) error = NULL;
  TsrMarathonPhysics *physics;

  g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
  physics = tsr_marathon_physics_parse ((const guint8 *) contents, size, path, &error);
  g_assert_no_error (error);
  return physics;
}

static TsrMarathonPhysicsTable *
table_of (TsrMarathonPhysics     *physics,
          TsrMarathonPhysicsKind  kind)
{
  for (guint i = 0; i < physics->tables->len; i++)
    if (((TsrMarathonPhysicsTable *) g_ptr_array_index (physics->tables, i))->kind == kind)
      return g_ptr_array_index (physics->tables, i);
  g_assert_not_reached ();
  return NULL;
}

static gint64
field_value (TsrMarathonPhysics     *physics,
             TsrMarathonPhysicsKind  kind,
             guint                   record,
             const char             *name)
{
  TsrMarathonPhysicsTable *table = table_of (physics, kind);
  int field = tsr_field_table_find (tsr_marathon_physics_table_fields (table), name);

  g_assert_cmpint (field, >=, 0);
  return tsr_marathon_physics_get (table, record, (guint) field);
}

/* The live document's value (the page's tables). */
static gint64
live_value (TsrWindow              *window,
            TsrMarathonPhysicsKind  kind,
            guint                   record,
            const char             *name)
{
  TsrDocument *document = tsr_window_get_document (window);

  return field_value (tsr_marathon_physics_file_get_physics (tsr_document_get_format_data (document)), kind, record,
                      name);
}

/* A real click on KIND's button, then on row RECORD of its list. */
static void
choose (TsrTestXTest           *xtest,
        TsrMarathonPhysicsPage *page,
        TsrMarathonPhysicsKind  kind,
        guint                   record)
{
  GtkListBox *list = tsr_marathon_physics_page_get_list (page, kind);
  GtkListBoxRow *row;

  g_assert_true (tsr_test_xtest_click (xtest, tsr_marathon_physics_page_get_kind_button (page, kind)));
  tsr_test_ui_iterate_for (200);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (list)));
  /* The list just shown is laid out and drawn before its row is clicked. */
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (list), 2));
  /* Past the double-click time: the row's press must not count as the button's second click. */
  tsr_test_ui_iterate_for (500);
  row = gtk_list_box_get_row_at_index (list, (int) record);
  g_assert_nonnull (row);
  g_assert_true (tsr_test_xtest_click (xtest, GTK_WIDGET (row)));
  tsr_test_ui_iterate_for (200);
  if (gtk_list_box_get_selected_row (list) != row)
    tsr_test_ui_save_screenshot (GTK_WIDGET (page), screenshot_dir, "marathon-physics-ui-not-chosen.png");
  g_assert_true (gtk_list_box_get_selected_row (list) == row);
}

/* A real click into the inspector's editor of NAME and VALUE typed, Return. */
static void
type_into (TsrTestXTest           *xtest,
           TsrMarathonPhysicsPage *page,
           const char             *name,
           int                     value)
{
  GtkWidget *editor = tsr_property_inspector_get_editor (tsr_marathon_physics_page_get_inspector (page), name);

  g_assert_nonnull (editor);
  g_assert_true (gtk_widget_get_mapped (editor));
  g_assert_true (tsr_test_ui_wait_for_frames (editor, 2));
  g_assert_true (tsr_test_xtest_click (xtest, editor));
  tsr_test_ui_iterate_for (100);
  tsr_test_xtest_type_number (xtest, value);
  tsr_test_ui_iterate_for (200);
}

static void
test_edit_undo_redo_save (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "m2_Standard.phyA", work_dir, "marathon-physics");
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(TsrMarathonPhysics) original = NULL;
  g_autoptr(TsrMarathonPhysics) saved = NULL;
  g_autofree char *before_bytes = NULL;
  g_autofree char *after_bytes = NULL;
  gsize before_size = 0, after_size = 0;
  TsrWindow *window;
  TsrMarathonPhysicsPage *page;
  gint64 vitality, item_type;
  guint changed_fields = 0;

  if (path == NULL)
    return;
  original = read_physics (path);
  g_assert_true (g_file_get_contents (path, &before_bytes, &before_size, NULL));
  vitality = field_value (original, TSR_MARATHON_PHYSICS_MONSTERS, 3, "vitality");
  item_type = field_value (original, TSR_MARATHON_PHYSICS_WEAPONS, 1, "item_type");

  window = tsr_test_ui_open_in_window (application, path, 1200, 900, 100);
  page = TSR_MARATHON_PHYSICS_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_PHYSICS_PAGE));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* Monster 3: vitality. */
  choose (xtest, page, TSR_MARATHON_PHYSICS_MONSTERS, 3);
  type_into (xtest, page, "vitality", (int) vitality + 77);
  g_assert_cmpint (live_value (window, TSR_MARATHON_PHYSICS_MONSTERS, 3, "vitality"), ==, vitality + 77);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-physics-ui-monster.png");

  /* Weapon 1: item type. */
  choose (xtest, page, TSR_MARATHON_PHYSICS_WEAPONS, 1);
  type_into (xtest, page, "item_type", (int) item_type + 5);
  g_assert_cmpint (live_value (window, TSR_MARATHON_PHYSICS_WEAPONS, 1, "item_type"), ==, item_type + 5);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-physics-ui-weapon.png");

  /* Focus back on the list, so the keys go to the window, not the entry's own text undo. */
  choose (xtest, page, TSR_MARATHON_PHYSICS_WEAPONS, 1);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpint (live_value (window, TSR_MARATHON_PHYSICS_WEAPONS, 1, "item_type"), ==, item_type);
  g_assert_cmpint (live_value (window, TSR_MARATHON_PHYSICS_MONSTERS, 3, "vitality"), ==, vitality + 77);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpint (live_value (window, TSR_MARATHON_PHYSICS_MONSTERS, 3, "vitality"), ==, vitality);
  g_assert_false (tsr_document_get_modified (tsr_window_get_document (window)));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-physics-ui-undone.png");
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  tsr_test_ui_iterate_for (200);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  tsr_test_ui_iterate_for (200);
  g_assert_cmpint (live_value (window, TSR_MARATHON_PHYSICS_MONSTERS, 3, "vitality"), ==, vitality + 77);
  g_assert_cmpint (live_value (window, TSR_MARATHON_PHYSICS_WEAPONS, 1, "item_type"), ==, item_type + 5);
  /* The inspector shows the redone value. */
  choose (xtest, page, TSR_MARATHON_PHYSICS_WEAPONS, 1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-physics-ui-redone.png");

  tsr_test_xtest_save (xtest, window);

  /* The codec reads back exactly those two changes. */
  saved = read_physics (path);
  g_assert_cmpuint (saved->tables->len, ==, original->tables->len);
  for (guint t = 0; t < original->tables->len; t++)
    {
      TsrMarathonPhysicsTable *a = g_ptr_array_index (original->tables, t);
      TsrMarathonPhysicsTable *b = g_ptr_array_index (saved->tables, t);
      const TsrFieldTable *fields = tsr_marathon_physics_table_fields (a);

      g_assert_cmpuint (a->tag, ==, b->tag);
      g_assert_cmpuint (a->count, ==, b->count);
      for (guint r = 0; r < a->count; r++)
        for (guint f = 0; f < fields->n_fields; f++)
          if (tsr_marathon_physics_get (a, r, f) != tsr_marathon_physics_get (b, r, f))
            {
              gboolean monster = a->kind == TSR_MARATHON_PHYSICS_MONSTERS && r == 3
                                 && strcmp (fields->fields[f].name, "vitality") == 0;
              gboolean weapon = a->kind == TSR_MARATHON_PHYSICS_WEAPONS && r == 1
                                && strcmp (fields->fields[f].name, "item_type") == 0;

              g_assert_true (monster || weapon);
              changed_fields++;
            }
    }
  g_assert_cmpuint (changed_fields, ==, 2);
  g_assert_cmpint (field_value (saved, TSR_MARATHON_PHYSICS_MONSTERS, 3, "vitality"), ==, vitality + 77);
  g_assert_cmpint (field_value (saved, TSR_MARATHON_PHYSICS_WEAPONS, 1, "item_type"), ==, item_type + 5);
  /* Byte for byte: the same size, and besides the header's checksum (68-71) at most the two
   * fields' four bytes differ. */
  g_assert_true (g_file_get_contents (path, &after_bytes, &after_size, NULL));
  g_assert_cmpuint (after_size, ==, before_size);
  {
    guint differing = 0;

    for (gsize i = 0; i < before_size; i++)
      differing += before_bytes[i] != after_bytes[i] && (i < 68 || i >= 72);
    g_assert_cmpuint (differing, >=, 2);
    g_assert_cmpuint (differing, <=, 4);
  }

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_hide_window (window);
}

/* A scenario level with its own PXpx: the map page's Physics tab, clicked for real; the walking
 * model's gravitational_acceleration typed as 1 (fixed point 65536); Ctrl+S; the scenario codec
 * reads the level's PXpx back with it, every other physics byte as it was. */
static void
test_scenario_physics_tab (void)
{
  g_autofree char *path = tsr_test_ui_copy_data_file ("marathon", "chronicles_net_RequiescatInPace.sceA", work_dir,
                                                      "marathon-physics-scenario");
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autofree char *contents = NULL;
  gsize size = 0;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TsrMarathonScenario) before = NULL;
  g_autoptr(TsrMarathonScenario) after = NULL;
  TsrMarathonPhysicsTable *old_table, *new_table;
  TsrWindow *window;
  TsrMarathonMapPage *map_page;
  TsrMarathonPhysicsPage *page;
  GtkWidget *tab;
  int field;

  if (path == NULL)
    return;
  g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
  bytes = g_bytes_new (contents, size);
  before = tsr_marathon_scenario_load (bytes, path, NULL);
  g_assert_nonnull (before);

  window = tsr_test_ui_open_in_window (application, path, 1200, 900, 100);
  map_page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  page = TSR_MARATHON_PHYSICS_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (map_page), TSR_TYPE_MARATHON_PHYSICS_PAGE));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  tab = tsr_test_ui_find_widget (GTK_WIDGET (map_page), tsr_test_ui_match_mapped_label, "Physics");
  g_assert_nonnull (tab);
  g_assert_true (tsr_test_xtest_click (xtest, tab));
  tsr_test_ui_iterate_for (300);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
  /* Only the level's one table can be chosen. */
  g_assert_false (gtk_widget_is_sensitive (tsr_marathon_physics_page_get_kind_button (page, TSR_MARATHON_PHYSICS_MONSTERS)));
  choose (xtest, page, TSR_MARATHON_PHYSICS_CONSTANTS, 0);
  type_into (xtest, page, "gravitational_acceleration", 1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-physics-ui-scenario.png");
  tsr_test_xtest_save (xtest, window);

  g_clear_pointer (&contents, g_free);
  g_clear_pointer (&bytes, g_bytes_unref);
  g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
  bytes = g_bytes_new (contents, size);
  after = tsr_marathon_scenario_load (bytes, path, NULL);
  g_assert_nonnull (after);
  old_table = g_ptr_array_index (((TsrMarathonLevel *) g_ptr_array_index (before->map->levels, 0))->physics, 0);
  new_table = g_ptr_array_index (((TsrMarathonLevel *) g_ptr_array_index (after->map->levels, 0))->physics, 0);
  field = tsr_field_table_find (tsr_marathon_physics_table_fields (new_table), "gravitational_acceleration");
  g_assert_cmpint (tsr_marathon_physics_get (new_table, 0, (guint) field), ==, 65536);
  tsr_marathon_physics_set (new_table, 0, (guint) field, tsr_marathon_physics_get (old_table, 0, (guint) field));
  g_assert_cmpuint (new_table->count, ==, old_table->count);
  g_assert_true (memcmp (new_table->records, old_table->records, old_table->count * old_table->record_size) == 0);

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_hide_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-physics-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/marathon-physics-ui/edit-undo-redo-save", test_edit_undo_redo_save);
  g_test_add_func ("/marathon-physics-ui/scenario-physics-tab", test_scenario_physics_tab);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
