/* test-doom2d-editor.c: the Doom2D Forever map editor driven by real X input (XTest under Xvfb) on
 * a copy of df_MAP01.map: tool-bar buttons clicked, a wall panel drawn by a drag, an item and a
 * monster placed by clicks, a door trigger's area drawn, its target picked on the map (a wall is
 * refused, the door panel taken), a real Ctrl+Z and Ctrl+Y, a Delete undone, and a real Ctrl+S.
 * The saved map, reloaded with the codec, holds every original record unchanged and exactly the
 * four new ones; its text form converts back to the same binary. Then a doubled player spawn is
 * listed by the map check and a real click on the finding selects it. The map is drawn with its
 * real textures: the test data's StandartWAD packed with the project's writer into a folder set as
 * the "doom2d-data-folders" preference; every texture record resolves and an animated one plays on
 * the frame clock. Screenshots at fit, 1:1 and of the map check. A second test opens an archive
 * with two maps: the map picker, the texture chooser's thumbnails, Resize Map with an anchor, and
 * copy/paste of a door with its trigger at the pointer (screenshots of each).
 * Exits 77 without a display or XTest (fails under CI=true without XTest). */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-wad.h"
#include "model/doom2d/tsr-doom2d-property-source.h"
#include "views/doom2d/tsr-doom2d-map-page.h"
#include "views/doom2d/tsr-doom2d-panel-layer.h"
#include "views/doom2d/tsr-doom2d-texture-picker.h"
#include "views/doom2d/tsr-doom2d-thing-palette.h"
#include "tsr-test-common.h"
#include "tsr-test-doom2d-ui.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static void
view_to_map (TsrMapCanvas *canvas,
             double        view_x,
             double        view_y,
             double       *x,
             double       *y)
{
  TsrMapViewport viewport;

  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_map (&viewport, view_x, view_y, x, y);
}

/* A real primary-button drag on the canvas between two view points. */
static void
real_drag (TsrTestXTest *xtest,
           TsrMapCanvas *canvas,
           double        x0,
           double        y0,
           double        x1,
           double        y1)
{
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), x0, y0, 20, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), x1, y1, 6, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (30);
}

/* Opens PALETTE's grid by a real click on its button (a screenshot of the open grid as SHOT),
 * then really clicks the entry of VALUE; the grid closes. */
static void
pick_in_palette (TsrTestXTest          *xtest,
                 TsrDoom2dThingPalette *palette,
                 gint64                 value,
                 const char            *shot)
{
  GtkWidget *button = tsr_doom2d_thing_palette_get_button (palette);
  GtkWidget *popover;
  guint entry = G_MAXUINT;

  for (guint i = 0; i < tsr_doom2d_thing_palette_get_n_entries (palette); i++)
    if (tsr_doom2d_thing_palette_get_entry_value (palette, i) == value)
      entry = i;
  g_assert_cmpuint (entry, !=, G_MAXUINT);
  g_assert_true (gtk_widget_get_mapped (button));
  popover = tsr_test_xtest_open_menu (xtest, button);
  g_assert_nonnull (popover);
  tsr_test_ui_save_screenshot (popover, screenshot_dir, shot);
  g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_thing_palette_get_entry (palette, entry)));
  /* The next click goes to the canvas: the popover must be gone for the server too (its grab
   * released) and the window active again. */
  g_assert_true (tsr_test_xtest_wait_closed (xtest, popover));
  g_assert_cmpint (tsr_doom2d_thing_palette_get_value (palette), ==, value);
}

/* Sets the game's data folder (Standart.wad packed from the test data SOURCE, found through the
 * preference), opens PATH in a new window and returns its Doom2D page. */
static TsrDoom2dMapPage *
open_in_window (const char *source,
                const char *path,
                TsrWindow **window)
{
  g_autofree char *game = g_build_filename (work_dir, "game-data", NULL);
  g_autofree char *wad = NULL;
  g_autoptr(GSettings) settings = g_settings_new ("io.github.tessera.Tessera");
  TsrDoom2dMapPage *page;

  g_assert_cmpint (g_mkdir_with_parents (game, 0700), ==, 0);
  wad = tsr_test_pack_standart_wad (source, game);
  g_assert_nonnull (wad);
  /* And a Game.wad with three of the game's sprites, for the palettes' pictures. */
  g_free (tsr_test_write_game_wad (game));
  g_settings_set_string (settings, "doom2d-data-folders", game);

  *window = tsr_test_ui_open_in_window (application, path, 1280, 860, 200);
  page = TSR_DOOM2D_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (*window), TSR_TYPE_DOOM2D_MAP_PAGE));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
  return page;
}

/* Closes WINDOW, and lets go of the data folders open_in_window set. */
static void
close_in_window (TsrWindow *window)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.tessera.Tessera");

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "doom2d-data-folders");
  tsr_test_ui_iterate_for (50);
}

/* A copy of the real df_MAP01.map from SOURCE in the folder SUBDIR of the work folder: its path. */
static char *
copy_real_map (const char *source,
               const char *subdir)
{
  const char *const names[] = { "df_MAP01.map", NULL };
  g_autofree char *dir = tsr_test_ui_copy_files (source, names, work_dir, subdir);

  return g_build_filename (dir, "df_MAP01.map", NULL);
}

/* Whether the keyboard focus is WIDGET or inside it. */
static gboolean
has_focus_within (GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* The path texture record T of MAP names. */
static const char *
texture_path_of (TsrDoom2dMap *map,
                 guint         t)
{
  return tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, t)->values[TSR_DOOM2D_TEXTURE_PATH].text;
}

/* The row of the first finding FINDINGS shows whose text holds FRAGMENT; fails without one. */
static guint
find_finding_row (TsrFindingsView *findings,
                  const char      *fragment)
{
  for (guint i = 0; i < tsr_findings_view_get_n_findings (findings); i++)
    if (strstr (tsr_findings_view_get_finding (findings, i)->what, fragment) != NULL)
      return i;
  g_error ("no finding says \"%s\"", fragment);
}

static void
test_edit_and_save (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("doom2d");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrDoom2dMap *original, *saved;
  TsrWindow *window;
  TsrDoom2dMapPage *page;
  TsrDoom2dDocument *document;
  TsrDoom2dMap *map;
  TsrMapCanvas *canvas;
  TsrDoom2dTool *tool;
  guint n[TSR_DOOM2D_N_KINDS];
  guint door = G_MAXUINT, wall;
  double vx, vy, mx0, my0, mx1, my1;
  const TsrDoom2dRecord *record;
  TsrDoom2dTarget target;
  guint trigger;

  if (source == NULL)
    {
      g_test_skip ("no doom2d test data");
      return;
    }
  path = copy_real_map (source, "doom2d");
  original = tsr_test_doom2d_load_map (path);
  page = open_in_window (source, path, &window);
  canvas = tsr_doom2d_map_page_get_canvas (page);
  tool = tsr_doom2d_map_page_get_tool (page);
  document = TSR_DOOM2D_DOCUMENT (tsr_edit_session_get_document (tsr_doom2d_map_page_get_session (page)));
  map = tsr_doom2d_document_get_map (document);
  for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
    n[k] = tsr_doom2d_map_count (map, k);
  for (guint p = 0; p < n[TSR_DOOM2D_KIND_PANEL] && door == G_MAXUINT; p++)
    if (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, p)->values[TSR_DOOM2D_PANEL_TYPE].v[0]
        & (TSR_DOOM2D_PANEL_OPENDOOR | TSR_DOOM2D_PANEL_CLOSEDOOR))
      door = p;
  g_assert_cmpuint (door, !=, G_MAXUINT);

  /* Every texture record resolves (the special water ones too), and animations play. */
  {
    TsrDoom2dPanelLayer *layer = tsr_doom2d_map_page_get_panel_layer (page);
    guint animated = G_MAXUINT, first, width, height;
    gboolean advanced = FALSE;
    gint64 end;

    for (guint t = 0; t < n[TSR_DOOM2D_KIND_TEXTURE]; t++)
      {
        const TsrDoom2dRecord *texture = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, t);

        g_assert_true (tsr_doom2d_panel_layer_get_texture_size (layer, t, &width, &height));
        if (texture->values[TSR_DOOM2D_TEXTURE_ANIMATED].v[0] != 0)
          animated = t;
      }
    g_assert_true (tsr_doom2d_panel_layer_has_animations (layer));
    g_assert_cmpuint (animated, !=, G_MAXUINT);
    first = tsr_doom2d_panel_layer_get_frame (layer, animated);
    end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
    while (!advanced && g_get_monotonic_time () < end)
      {
        tsr_test_ui_iterate_for (20);
        advanced = tsr_doom2d_panel_layer_get_frame (layer, animated) != first;
      }
    g_assert_true (advanced);
    g_assert_cmpuint (tsr_doom2d_panel_layer_get_n_drawn (layer), >, 0);
  }

  /* Fitted at first: the whole map in view. */
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-fit.png");
  /* The overview hides while the whole map fits. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (tsr_doom2d_map_page_get_minimap (page))));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* 1:1 around the map's top-left part. */
  tsr_map_canvas_set_zoom (canvas, 1.0);
  tsr_map_canvas_center_on (canvas, 400, 300);
  tsr_test_ui_iterate_for (100);
  /* The canvas's drawing survives GTK's straight replay into the window (no clipped command). */
  g_assert_cmpuint (tsr_test_ui_replay_through_boxes (GTK_WIDGET (canvas)), >, 0);

  /* A wall panel (the panel palette's first type) drawn by dragging, snapped to 16 px. */
  g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_PANEL)));
  g_assert_cmpint (tsr_doom2d_tool_get_mode (tool), ==, TSR_DOOM2D_TOOL_PANEL);
  g_assert_cmpint (tsr_doom2d_tool_get_panel_type (tool), ==, TSR_DOOM2D_PANEL_WALL);
  real_drag (xtest, canvas, 203, 155, 301, 189);
  view_to_map (canvas, 203, 155, &mx0, &my0);
  view_to_map (canvas, 301, 189, &mx1, &my1);
  g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL), ==, n[TSR_DOOM2D_KIND_PANEL] + 1);
  wall = n[TSR_DOOM2D_KIND_PANEL];
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, wall);
  g_assert_cmpint (record->values[TSR_DOOM2D_PANEL_TYPE].v[0], ==, TSR_DOOM2D_PANEL_WALL);
  g_assert_cmpint (record->values[0].v[0], ==, (gint64) floor (mx0 / 16) * 16);
  g_assert_cmpint (record->values[0].v[1], ==, (gint64) floor (my0 / 16) * 16);
  g_assert_cmpint (record->values[0].v[0] + record->values[1].v[0], ==, (gint64) floor (mx1 / 16 + 0.5) * 16);
  g_assert_cmpint (record->values[0].v[1] + record->values[1].v[1], ==, (gint64) floor (my1 / 16 + 0.5) * 16);
  g_assert_cmpstr (tsr_undo_stack_get_undo_description (tsr_document_get_undo_stack (TSR_DOCUMENT (document))), ==,
                   "Draw Panel");

  /* The new wall stays selected: in Select, a real drag of its right side's middle widens it by
   * 48 px (one step, "Resize"), the left side and the height unchanged; a real Ctrl+Z undoes it. */
  {
    gint64 x = record->values[0].v[0], y = record->values[0].v[1];
    gint64 w = record->values[1].v[0], h = record->values[1].v[1];
    TsrMapViewport view;
    double ex, ey;

    g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_SELECT)));
    tsr_map_canvas_get_viewport (canvas, &view);
    tsr_map_viewport_to_view (&view, (double) (x + w), (double) y + h / 2.0, &ex, &ey);
    real_drag (xtest, canvas, ex, ey, ex + 48 * view.zoom, ey + 5);
    record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, wall);
    g_assert_cmpstr (tsr_undo_stack_get_undo_description (tsr_document_get_undo_stack (TSR_DOCUMENT (document))), ==,
                     "Resize");
    g_assert_cmpint (record->values[0].v[0], ==, x);
    g_assert_cmpint (record->values[0].v[1], ==, y);
    g_assert_cmpint (record->values[1].v[0], ==, w + 48);
    g_assert_cmpint (record->values[1].v[1], ==, h);
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
    g_assert_cmpint (record->values[1].v[0], ==, w);
    g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_PANEL)));
  }

  /* The palettes: every type, pictures where the game data have them (the game.wad made here has
   * the small medkit, the green armour and the imp), a plain icon elsewhere and for areas. */
  {
    TsrDoom2dThingPalette *items = TSR_DOOM2D_THING_PALETTE (tsr_doom2d_map_page_get_dropdown (page, "item"));
    TsrDoom2dThingPalette *monsters = TSR_DOOM2D_THING_PALETTE (tsr_doom2d_map_page_get_dropdown (page, "monster"));
    TsrDoom2dThingPalette *areas = TSR_DOOM2D_THING_PALETTE (tsr_doom2d_map_page_get_dropdown (page, "area"));

    g_assert_cmpuint (tsr_doom2d_thing_palette_get_n_entries (items), ==, 38);
    for (guint i = 0; i < 38; i++)
      {
        gint64 type = tsr_doom2d_thing_palette_get_entry_value (items, i);

        g_assert_cmpint (tsr_doom2d_thing_palette_entry_has_picture (items, i), ==, type == 1 || type == 4);
      }
    g_assert_cmpuint (tsr_doom2d_thing_palette_get_n_entries (monsters), ==, 20);
    for (guint i = 0; i < 20; i++)
      g_assert_cmpint (tsr_doom2d_thing_palette_entry_has_picture (monsters, i), ==,
                       tsr_doom2d_thing_palette_get_entry_value (monsters, i) == 2);
    g_assert_cmpuint (tsr_doom2d_thing_palette_get_n_entries (areas), ==, 8);
    for (guint i = 0; i < 8; i++)
      g_assert_false (tsr_doom2d_thing_palette_entry_has_picture (areas, i));

    /* An item and a monster, each picked in its palette's grid by a real click and placed by a
     * click in its mode: the green armour (ITEM_ARMOR_GREEN) and the imp. */
    g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_ITEM)));
    pick_in_palette (xtest, items, 4, "doom2d-editor-item-palette.png");
    g_assert_cmpint (tsr_doom2d_tool_get_thing_type (tool, TSR_DOOM2D_KIND_ITEM), ==, 4);
    tsr_test_doom2d_real_click (xtest, canvas, 420, 240);
    g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_ITEM), ==, n[TSR_DOOM2D_KIND_ITEM] + 1);
    record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_ITEM, n[TSR_DOOM2D_KIND_ITEM]);
    g_assert_cmpint (record->values[TSR_DOOM2D_THING_TYPE].v[0], ==, 4);
    /* The inspector of the new item names its type as the palette does, and sets it by that name. */
    {
      TsrPropertyInspector *inspector = tsr_doom2d_map_page_get_inspector (page);
      GtkWidget *editor = tsr_property_inspector_get_editor (inspector, "type");
      GListModel *labels;
      guint medkit = G_MAXUINT;

      tsr_test_ui_iterate_for (50);
      g_assert_true (GTK_IS_DROP_DOWN (editor));
      g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (editor))), ==,
                       "Green armor");
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-inspector.png");
      labels = gtk_drop_down_get_model (GTK_DROP_DOWN (editor));
      for (guint i = 0; i < g_list_model_get_n_items (labels); i++)
        if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (labels), i), "Small medkit") == 0)
          medkit = i;
      g_assert_cmpuint (medkit, !=, G_MAXUINT);
      /* The flags read as words too: a check button per bit, "Deathmatch only" and "Falls". */
      {
        GtkWidget *options = tsr_property_inspector_get_editor (inspector, "options");
        guint found = 0;

        g_assert_nonnull (options);
        for (GtkWidget *child = gtk_widget_get_first_child (options); child != NULL;
             child = gtk_widget_get_next_sibling (child))
          if (GTK_IS_CHECK_BUTTON (child))
            {
              const char *text = gtk_check_button_get_label (GTK_CHECK_BUTTON (child));

              g_assert_true (g_strcmp0 (text, "Deathmatch only") == 0 || g_strcmp0 (text, "Falls") == 0);
              found++;
            }
        g_assert_cmpuint (found, ==, 2);
      }
      gtk_drop_down_set_selected (GTK_DROP_DOWN (editor), medkit);
      g_assert_cmpint (record->values[TSR_DOOM2D_THING_TYPE].v[0], ==, 1);
      g_assert_true (tsr_undo_stack_undo (tsr_document_get_undo_stack (TSR_DOCUMENT (document))));
      g_assert_cmpint (record->values[TSR_DOOM2D_THING_TYPE].v[0], ==, 4);
    }
    g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_MONSTER)));
    pick_in_palette (xtest, monsters, 2, "doom2d-editor-monster-palette.png");
    g_assert_cmpint (tsr_doom2d_thing_palette_get_direction (monsters), ==, TSR_DOOM2D_DIR_RIGHT);
    g_assert_cmpint (tsr_doom2d_tool_get_monster_direction (tool), ==, TSR_DOOM2D_DIR_RIGHT);
    /* Facing left, chosen by a real click on the toggle beside the palette: the grid's pictures
     * turn (the imp's is the game's sprite, mirrored), and the monster is placed facing left in
     * one step. */
    g_assert_null (tsr_doom2d_thing_palette_get_direction_button (items, TSR_DOOM2D_DIR_LEFT));
    g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_thing_palette_get_direction_button (monsters, TSR_DOOM2D_DIR_LEFT)));
    g_assert_cmpint (tsr_doom2d_thing_palette_get_direction (monsters), ==, TSR_DOOM2D_DIR_LEFT);
    g_assert_cmpint (tsr_doom2d_tool_get_monster_direction (tool), ==, TSR_DOOM2D_DIR_LEFT);
    g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (tsr_doom2d_thing_palette_get_direction_button (monsters, TSR_DOOM2D_DIR_RIGHT))));
    pick_in_palette (xtest, monsters, 2, "doom2d-editor-monster-palette-left.png");
    {
      TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
      guint depth = tsr_undo_stack_get_depth (stack);

      tsr_test_doom2d_real_click (xtest, canvas, 470, 240);
      g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER), ==, n[TSR_DOOM2D_KIND_MONSTER] + 1);
      record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_MONSTER, n[TSR_DOOM2D_KIND_MONSTER]);
      g_assert_cmpint (record->values[TSR_DOOM2D_MONSTER_DIRECTION].v[0], ==, TSR_DOOM2D_DIR_LEFT);
      g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
      g_assert_cmpstr (tsr_undo_stack_get_undo_description (stack), ==, "Place Monster");
      /* A real Ctrl+Z takes it away whole, Ctrl+Y brings it back facing left. */
      g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
      g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER), ==, n[TSR_DOOM2D_KIND_MONSTER]);
      g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth);
      g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_y, GDK_CONTROL_MASK));
      g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER), ==, n[TSR_DOOM2D_KIND_MONSTER] + 1);
      record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_MONSTER, n[TSR_DOOM2D_KIND_MONSTER]);
      g_assert_cmpint (record->values[TSR_DOOM2D_MONSTER_DIRECTION].v[0], ==, TSR_DOOM2D_DIR_LEFT);
      /* The page's keys, typed for real: F turns new monsters (the toggles follow), S and O
       * switch the mode, K does nothing while no trigger is selected. */
      g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_f, 0));
      g_assert_cmpint (tsr_doom2d_thing_palette_get_direction (monsters), ==, TSR_DOOM2D_DIR_RIGHT);
      g_assert_cmpint (tsr_doom2d_tool_get_monster_direction (tool), ==, TSR_DOOM2D_DIR_RIGHT);
      g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (tsr_doom2d_thing_palette_get_direction_button (monsters, TSR_DOOM2D_DIR_RIGHT))));
      g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_s, 0));
      g_assert_cmpint (tsr_doom2d_tool_get_mode (tool), ==, TSR_DOOM2D_TOOL_SELECT);
      g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_k, 0));
      g_assert_cmpint (tsr_doom2d_tool_get_mode (tool), ==, TSR_DOOM2D_TOOL_SELECT);
      g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_o, 0));
      g_assert_cmpint (tsr_doom2d_tool_get_mode (tool), ==, TSR_DOOM2D_TOOL_MONSTER);
      g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_MONSTER))));
      g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_f, 0));
      g_assert_cmpint (tsr_doom2d_tool_get_monster_direction (tool), ==, TSR_DOOM2D_DIR_LEFT);
    }
  }
  g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER), ==, n[TSR_DOOM2D_KIND_MONSTER] + 1);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_MONSTER, n[TSR_DOOM2D_KIND_MONSTER]);
  g_assert_cmpint (record->values[TSR_DOOM2D_THING_TYPE].v[0], ==,
                   tsr_doom2d_tool_get_thing_type (tool, TSR_DOOM2D_KIND_MONSTER));

  /* A door trigger's area, then its target picked on the map. */
  g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_TRIGGER)));
  real_drag (xtest, canvas, 520, 300, 570, 340);
  trigger = n[TSR_DOOM2D_KIND_TRIGGER];
  g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER), ==, trigger + 1);
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, trigger);
  g_assert_cmpint (record->values[TSR_DOOM2D_TRIGGER_TYPE].v[0], ==, TSR_DOOM2D_TRIGGER_DOOR);
  g_assert_true (tsr_doom2d_document_get_trigger_target (document, trigger, &target));
  g_assert_cmpint (record->data_values[target.field].v[0], ==, -1);
  g_assert_true (gtk_widget_get_sensitive (tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_PICK_TARGET)));
  g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_PICK_TARGET)));
  g_assert_cmpint (tsr_doom2d_tool_get_mode (tool), ==, TSR_DOOM2D_TOOL_PICK_TARGET);
  g_assert_cmpint (tsr_doom2d_tool_get_trigger (tool), ==, trigger);
  /* The new wall is refused: a door trigger takes door panels only. */
  g_assert_true (tsr_test_doom2d_point_hitting (document, canvas, TSR_DOOM2D_KIND_PANEL, wall, &vx, &vy));
  tsr_test_doom2d_real_click (xtest, canvas, vx, vy);
  g_assert_cmpint (record->data_values[target.field].v[0], ==, -1);
  g_assert_cmpstr (tsr_doom2d_map_page_get_status (page), ==, "A door trigger takes a door panel");
  g_assert_cmpint (tsr_doom2d_tool_get_mode (tool), ==, TSR_DOOM2D_TOOL_PICK_TARGET);
  /* The door panel is taken. */
  {
    TsrVectorBounds box;

    tsr_doom2d_document_get_record_box (document, TSR_DOOM2D_KIND_PANEL, door, &box);
    tsr_map_canvas_center_on (canvas, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2);
    tsr_test_ui_iterate_for (100);
  }
  g_assert_true (tsr_test_doom2d_point_hitting (document, canvas, TSR_DOOM2D_KIND_PANEL, door, &vx, &vy));
  tsr_test_doom2d_real_click (xtest, canvas, vx, vy);
  g_assert_cmpint (record->data_values[target.field].v[0], ==, door);
  g_assert_cmpint (tsr_doom2d_tool_get_mode (tool), ==, TSR_DOOM2D_TOOL_SELECT);
  g_assert_cmpstr (tsr_undo_stack_get_undo_description (tsr_document_get_undo_stack (TSR_DOCUMENT (document))), ==,
                   "Set Trigger Target");
  tsr_test_ui_iterate_for (100);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-1to1.png");

  /* At 1:1 the overview shows; a real click near its bottom-left corner moves the view there
   * (the view is at the map's top right now). */
  {
    GtkWidget *minimap = GTK_WIDGET (tsr_doom2d_map_page_get_minimap (page));
    TsrMapViewport before, after;
    gint64 end;

    g_assert_true (gtk_widget_get_visible (minimap));
    tsr_map_canvas_get_viewport (canvas, &before);
    g_assert_true (tsr_test_xtest_move_to (xtest, minimap, 6, gtk_widget_get_height (minimap) - 6, 8, NULL, NULL));
    g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, TRUE));
    g_assert_true (tsr_test_xtest_button (xtest, GDK_BUTTON_PRIMARY, FALSE));
    end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
    do
      {
        tsr_test_ui_iterate_for (20);
        tsr_map_canvas_get_viewport (canvas, &after);
      }
    while (after.x == before.x && after.y == before.y && g_get_monotonic_time () < end);
    g_assert_cmpfloat (after.x, <, before.x - 200);
    g_assert_cmpfloat (after.y, >, before.y + 200);
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-minimap.png");
    /* Back to the view the next steps' points were taken in. */
    tsr_map_canvas_center_on (canvas, before.x + before.width / (2 * before.zoom),
                              before.y + before.height / (2 * before.zoom));
    tsr_test_ui_iterate_for (100);
    tsr_map_canvas_get_viewport (canvas, &after);
    g_assert_cmpfloat_with_epsilon (after.x, before.x, 1);
    g_assert_cmpfloat_with_epsilon (after.y, before.y, 1);
  }

  /* The map's press trigger: selected, Pick Target by a real click, then a real drag on the canvas
   * draws the area it presses (one undo step), drawn dashed; a real Ctrl+Z puts the old one back. */
  {
    guint press = G_MAXUINT;
    TsrVectorBounds old_area, area;
    TsrMapViewport kept_view, view;
    double ax, ay;

    tsr_map_canvas_get_viewport (canvas, &kept_view);
    for (guint t = 0; t < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER) && press == G_MAXUINT; t++)
      if (tsr_doom2d_document_get_trigger_area (document, t, &old_area))
        press = t;
    g_assert_cmpuint (press, !=, G_MAXUINT);
    tsr_doom2d_map_page_select_record (page, TSR_DOOM2D_KIND_TRIGGER, press);
    tsr_test_ui_iterate_for (100);
    g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_PICK_TARGET)));
    g_assert_cmpint (tsr_doom2d_tool_get_mode (tool), ==, TSR_DOOM2D_TOOL_PICK_TARGET);
    /* From map point (old area's corner + 32 px) over 96 x 64 px, in view coordinates. */
    tsr_map_canvas_get_viewport (canvas, &view);
    tsr_map_viewport_to_view (&view, old_area.x0 + 32, old_area.y0 + 32, &ax, &ay);
    real_drag (xtest, canvas, ax + 2, ay + 2, ax + 2 + 96 * view.zoom, ay + 2 + 64 * view.zoom);
    g_assert_cmpstr (tsr_undo_stack_get_undo_description (tsr_document_get_undo_stack (TSR_DOCUMENT (document))), ==,
                     "Set Press Area");
    g_assert_true (tsr_doom2d_document_get_trigger_area (document, press, &area));
    g_assert_cmpfloat (area.x0, ==, old_area.x0 + 32);
    g_assert_cmpfloat (area.y0, ==, old_area.y0 + 32);
    g_assert_cmpfloat (area.x1 - area.x0, ==, 96);
    g_assert_cmpfloat (area.y1 - area.y0, ==, 64);
    g_assert_cmpint (tsr_doom2d_tool_get_mode (tool), ==, TSR_DOOM2D_TOOL_SELECT);
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-press-area.png");
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
    g_assert_true (tsr_doom2d_document_get_trigger_area (document, press, &area));
    g_assert_cmpfloat (area.x0, ==, old_area.x0);
    g_assert_cmpfloat (area.x1, ==, old_area.x1);
    tsr_map_canvas_center_on (canvas, kept_view.x + kept_view.width / (2 * kept_view.zoom), kept_view.y + kept_view.height / (2 * kept_view.zoom));
    tsr_test_ui_iterate_for (100);
  }

  /* Real Ctrl+Z and Ctrl+Y. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpint (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, trigger)->data_values[target.field].v[0], ==, -1);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER), ==, trigger);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_y, GDK_CONTROL_MASK));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_y, GDK_CONTROL_MASK));
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, trigger);
  g_assert_cmpint (record->data_values[target.field].v[0], ==, door);

  /* Delete on the selected door panel (a click selects it), then Ctrl+Z: the reference comes back. */
  tsr_test_doom2d_real_click (xtest, canvas, vx, vy);
  g_assert_cmpuint (tsr_selection_get_size (tsr_edit_session_get_selection (tsr_doom2d_map_page_get_session (page))), ==, 1);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Delete, 0));
  g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL), ==, n[TSR_DOOM2D_KIND_PANEL]);
  g_assert_cmpint (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, trigger)->data_values[target.field].v[0], ==, -1);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL), ==, n[TSR_DOOM2D_KIND_PANEL] + 1);
  g_assert_cmpint (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, trigger)->data_values[target.field].v[0], ==, door);

  /* The inspector: the map's fields with nothing selected, the trigger's with its data layout's
   * (the door's panelid) when the trigger is selected. */
  g_assert_nonnull (tsr_property_inspector_get_editor (tsr_doom2d_map_page_get_inspector (page), "author"));
  tsr_doom2d_map_page_select_record (page, TSR_DOOM2D_KIND_TRIGGER, trigger);
  tsr_test_ui_iterate_for (50);
  g_assert_nonnull (tsr_property_inspector_get_editor (tsr_doom2d_map_page_get_inspector (page), "panelid"));
  g_assert_nonnull (tsr_property_inspector_get_editor (tsr_doom2d_map_page_get_inspector (page), "activate_type"));

  /* A real Ctrl+S, then the codec reads exactly the four new records. */
  g_assert_true (tsr_window_get_modified (window));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK));
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (tsr_window_get_modified (window) && g_get_monotonic_time () < end)
      tsr_test_ui_iterate_for (20);
  }
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_false (tsr_window_get_modified (window));
  saved = tsr_test_doom2d_load_map (path);
  for (guint k = TSR_DOOM2D_KIND_TEXTURE; k < TSR_DOOM2D_N_KINDS; k++)
    {
      guint added = k == TSR_DOOM2D_KIND_PANEL || k == TSR_DOOM2D_KIND_ITEM || k == TSR_DOOM2D_KIND_MONSTER
                    || k == TSR_DOOM2D_KIND_TRIGGER;

      g_assert_cmpuint (tsr_doom2d_map_count (saved, k), ==, tsr_doom2d_map_count (original, k) + added);
      for (guint i = 0; i < tsr_doom2d_map_count (original, k); i++)
        if (!tsr_test_doom2d_records_equal (tsr_doom2d_map_get (original, k, i), tsr_doom2d_map_get (saved, k, i)))
          g_error ("%s %u changed", tsr_doom2d_record_type (k)->table.name, i);
    }
  g_assert_true (tsr_test_doom2d_records_equal (original->header, saved->header));
  record = tsr_doom2d_map_get (saved, TSR_DOOM2D_KIND_TRIGGER, trigger);
  g_assert_cmpint (record->values[TSR_DOOM2D_TRIGGER_TYPE].v[0], ==, TSR_DOOM2D_TRIGGER_DOOR);
  g_assert_cmpint (record->data_values[target.field].v[0], ==, door);
  g_assert_cmpint (tsr_doom2d_map_get (saved, TSR_DOOM2D_KIND_PANEL, wall)->values[TSR_DOOM2D_PANEL_TYPE].v[0], ==,
                   TSR_DOOM2D_PANEL_WALL);
  /* The text form converts back to the same binary. */
  {
    g_autoptr(GBytes) binary = tsr_doom2d_map_write_binary (saved);
    g_autoptr(GBytes) text = tsr_doom2d_map_write_text (saved);
    TsrDoom2dMap *from_text = tsr_doom2d_map_read_text (g_bytes_get_data (text, NULL), g_bytes_get_size (text), &error);
    g_autoptr(GBytes) again = NULL;

    g_assert_no_error (error);
    again = tsr_doom2d_map_write_binary (from_text);
    g_assert_true (g_bytes_equal (binary, again));
    tsr_doom2d_map_free (from_text);
  }
  tsr_doom2d_map_free (saved);
  tsr_doom2d_map_free (original);

  /* The map check: a second player 1 spawn is listed; a real click on it selects that area. */
  {
    TsrFindingsView *findings = tsr_doom2d_map_page_get_findings (page);
    TsrDoom2dRecord *spawn = tsr_doom2d_record_new (TSR_DOOM2D_KIND_AREA);
    TsrElementRef want;
    guint area, row = G_MAXUINT;

    spawn->values[TSR_DOOM2D_THING_POSITION].v[0] = 640;
    spawn->values[TSR_DOOM2D_THING_POSITION].v[1] = 480;
    spawn->values[TSR_DOOM2D_THING_TYPE].v[0] = 1; /* AREA_PLAYERPOINT1 */
    area = tsr_doom2d_document_add_record (document, spawn, "Place Area");
    tsr_doom2d_map_page_show_page (page, "problems");
    tsr_findings_view_refresh (findings);
    tsr_test_ui_iterate_for (200);
    for (guint i = 0; i < tsr_findings_view_get_n_findings (findings); i++)
      if (strstr (tsr_findings_view_get_finding (findings, i)->what, "second player 1 spawn") != NULL)
        row = i;
    g_assert_cmpuint (row, !=, G_MAXUINT);
    want = tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_AREA, area);
    g_assert_true (tsr_test_xtest_click (xtest, tsr_findings_view_get_row (findings, row)));
    {
      gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
      TsrSelection *selection = tsr_edit_session_get_selection (tsr_doom2d_map_page_get_session (page));

      while (!tsr_selection_contains (selection, &want) && g_get_monotonic_time () < end)
        tsr_test_ui_iterate_for (20);
    }
    g_assert_true (tsr_selection_contains (tsr_edit_session_get_selection (tsr_doom2d_map_page_get_session (page)), &want));
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-check.png");
  }

  /* Textures in the map check. A texture record whose path names nothing is listed as not
   * resolving, and a real click on it selects the first panel that shows it; a texture record no
   * panel shows is listed as unused, and a real click on it chooses it in the panel tool. The
   * texture chooser follows both edits. */
  {
    TsrFindingsView *findings = tsr_doom2d_map_page_get_findings (page);
    TsrSelection *selection = tsr_edit_session_get_selection (tsr_doom2d_map_page_get_session (page));
    GtkWidget *chooser = tsr_doom2d_map_page_get_dropdown (page, "texture");
    TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
    TsrDoom2dRecord *unused = tsr_doom2d_record_new (TSR_DOOM2D_KIND_TEXTURE);
    TsrFieldValue value = { 0 };
    TsrElementRef want;
    guint texture = G_MAXUINT, shown = G_MAXUINT, added, row;
    gint64 end;

    for (guint p = 0; p < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL) && texture == G_MAXUINT; p++)
      {
        gint64 t = tsr_doom2d_panel_shown_texture (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, p));

        if (t >= 0 && strstr (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, (guint) t)->values[TSR_DOOM2D_TEXTURE_PATH].text,
                              "D2DTEXTURES") != NULL)
          {
            texture = (guint) t;
            shown = p;
          }
      }
    g_assert_cmpuint (texture, !=, G_MAXUINT);
    tsr_field_value_set_text (&value, "Standart.wad:D2DTEXTURES\\NOSUCH");
    g_assert_true (tsr_doom2d_document_set_field (document, TSR_DOOM2D_KIND_TEXTURE, texture, FALSE,
                                                  TSR_DOOM2D_TEXTURE_PATH, &value, "Set Texture", &error));
    g_assert_no_error (error);
    tsr_field_value_clear (&value);
    tsr_findings_view_refresh (findings);
    tsr_test_ui_iterate_for (200);
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (chooser))), texture),
                     ==, "NOSUCH");
    row = find_finding_row (findings, "NOSUCH does not resolve");
    g_assert_cmpint (tsr_findings_view_get_finding (findings, row)->severity, ==, TSR_SEVERITY_WARNING);
    want = tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_PANEL, shown);
    g_assert_true (tsr_test_xtest_click (xtest, tsr_findings_view_get_row (findings, row)));
    end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
    while (!tsr_selection_contains (selection, &want) && g_get_monotonic_time () < end)
      tsr_test_ui_iterate_for (20);
    g_assert_true (tsr_selection_contains (selection, &want));

    tsr_field_value_set_text (&unused->values[TSR_DOOM2D_TEXTURE_PATH], "_water_1");
    added = tsr_doom2d_document_add_record (document, unused, "Add Texture");
    tsr_doom2d_map_page_show_page (page, "problems");
    tsr_findings_view_refresh (findings);
    tsr_test_ui_iterate_for (200);
    g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (chooser))), ==, added + 1);
    row = find_finding_row (findings, "unused texture");
    g_assert_true (tsr_test_xtest_click (xtest, tsr_findings_view_get_row (findings, row)));
    end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
    while (gtk_drop_down_get_selected (GTK_DROP_DOWN (chooser)) != added && g_get_monotonic_time () < end)
      tsr_test_ui_iterate_for (20);
    g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (chooser)), ==, added);
    g_assert_cmpint (tsr_doom2d_tool_get_mode (tool), ==, TSR_DOOM2D_TOOL_PANEL);
    g_assert_true (gtk_widget_get_visible (chooser));
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-check-textures.png");

    /* Both undone: the chooser lists the map's textures as loaded, the check has neither. */
    g_assert_true (tsr_undo_stack_undo (stack));
    g_assert_true (tsr_undo_stack_undo (stack));
    tsr_findings_view_refresh (findings);
    tsr_test_ui_iterate_for (100);
    g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (chooser))), ==, added);
    for (guint i = 0; i < tsr_findings_view_get_n_findings (findings); i++)
      g_assert_null (strstr (tsr_findings_view_get_finding (findings, i)->what, "texture"));
    tsr_doom2d_tool_set_mode (tool, TSR_DOOM2D_TOOL_SELECT);
  }

  /* A texture from the game's archive by real input: a click on Add Texture, "col6a" typed into
   * its search, Enter. One record is added (one undo step, "Add Texture") and chosen, and a wall
   * drawn then shows it; picking a texture the map has chooses its record instead. */
  {
    TsrDoom2dTexturePicker *picker = TSR_DOOM2D_TEXTURE_PICKER (tsr_doom2d_map_page_get_dropdown (page, "add-texture"));
    GtkWidget *chooser = tsr_doom2d_map_page_get_dropdown (page, "texture");
    GtkWidget *search = tsr_doom2d_texture_picker_get_search (picker);
    GtkWidget *popover;
    TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
    guint textures = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE);
    guint panels = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL);
    const guint keys[] = { GDK_KEY_c, GDK_KEY_o, GDK_KEY_l, GDK_KEY_6, GDK_KEY_a };
    gint64 end;

    g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_PANEL)));
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (picker)));
    g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_texture_picker_get_button (picker)));
    end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
    while (!has_focus_within (search) && g_get_monotonic_time () < end)
      tsr_test_ui_iterate_for (20);
    popover = gtk_widget_get_ancestor (search, GTK_TYPE_POPOVER);
    g_assert_true (gtk_widget_get_mapped (popover));
    tsr_test_xtest_watch (xtest, popover);
    /* Every picture of the packed archive's texture sections is offered. */
    g_assert_cmpuint (tsr_doom2d_texture_picker_get_n_shown (picker), >=, 200);
    for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
      g_assert_true (tsr_test_xtest_key (xtest, keys[k], 0));
    end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
    while (tsr_doom2d_texture_picker_get_n_shown (picker) != 1 && g_get_monotonic_time () < end)
      tsr_test_ui_iterate_for (20);
    g_assert_cmpuint (tsr_doom2d_texture_picker_get_n_shown (picker), ==, 1);
    tsr_test_ui_save_screenshot (popover, screenshot_dir, "doom2d-editor-add-texture.png");
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
    g_assert_true (tsr_test_xtest_wait_closed (xtest, popover));
    g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE), ==, textures + 1);
    g_assert_cmpstr (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, textures)->values[TSR_DOOM2D_TEXTURE_PATH].text,
                     ==, "Standart.wad:D2DTEXTURES\\COL6A0");
    g_assert_cmpstr (tsr_undo_stack_get_undo_description (stack), ==, "Add Texture");
    g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (chooser)), ==, textures);
    {
      guint width = 0, height = 0;

      g_assert_true (tsr_doom2d_panel_layer_get_texture_size (tsr_doom2d_map_page_get_panel_layer (page), textures,
                                                             &width, &height));
      g_assert_cmpuint (width, >, 0);
    }
    tsr_doom2d_tool_set_panel_type (tool, TSR_DOOM2D_PANEL_WALL);
    real_drag (xtest, canvas, 420, 300, 480, 360);
    g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL), ==, panels + 1);
    record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panels);
    g_assert_cmpint (tsr_doom2d_panel_shown_texture (record), ==, textures);

    /* The map's own EXIT1 again: chosen, nothing added. */
    g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_texture_picker_get_button (picker)));
    end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
    while (!has_focus_within (search) && g_get_monotonic_time () < end)
      tsr_test_ui_iterate_for (20);
    for (const char *c = "exit1"; *c != '\0'; c++)
      g_assert_true (tsr_test_xtest_key (xtest, gdk_unicode_to_keyval ((guint32) *c), 0));
    end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
    while (tsr_doom2d_texture_picker_get_n_shown (picker) != 1 && g_get_monotonic_time () < end)
      tsr_test_ui_iterate_for (20);
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
    g_assert_true (tsr_test_xtest_wait_closed (xtest, popover));
    g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE), ==, textures + 1);
    g_assert_cmpstr (texture_path_of (map, gtk_drop_down_get_selected (GTK_DROP_DOWN (chooser))), ==,
                     "Standart.wad:D2DTEXTURES\\EXIT1");

    /* Undone: the panel, then the texture record. */
    g_assert_true (tsr_undo_stack_undo (stack));
    g_assert_true (tsr_undo_stack_undo (stack));
    g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE), ==, textures);
    g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL), ==, panels);
    tsr_doom2d_tool_set_mode (tool, TSR_DOOM2D_TOOL_SELECT);
  }

  /* A shot trigger drawn by a real drag: the inspector names its shot type, target and aim as the
   * game's editor does, and sets the type by its name. */
  {
    GtkWidget *types = tsr_doom2d_map_page_get_dropdown (page, "trigger-type");
    GListModel *labels = gtk_drop_down_get_model (GTK_DROP_DOWN (types));
    TsrPropertyInspector *inspector = tsr_doom2d_map_page_get_inspector (page);
    GtkWidget *editor;
    guint shot = G_MAXUINT, imp = G_MAXUINT;
    guint triggers = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER);

    for (guint i = 0; i < g_list_model_get_n_items (labels); i++)
      if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (labels), i), "Shot") == 0)
        shot = i;
    g_assert_cmpuint (shot, !=, G_MAXUINT);
    tsr_doom2d_map_page_show_page (page, "inspector");
    g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_TRIGGER)));
    gtk_drop_down_set_selected (GTK_DROP_DOWN (types), shot);
    real_drag (xtest, canvas, 300, 200, 360, 260);
    g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER), ==, triggers + 1);
    record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, triggers);
    g_assert_cmpint (record->values[TSR_DOOM2D_TRIGGER_TYPE].v[0], ==, 27); /* TRIGGER_SHOT */
    tsr_test_ui_iterate_for (50);
    editor = tsr_property_inspector_get_editor (inspector, "shotType");
    g_assert_true (GTK_IS_DROP_DOWN (editor));
    g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (editor))), ==,
                     "Pistol bullet");
    labels = gtk_drop_down_get_model (GTK_DROP_DOWN (editor));
    for (guint i = 0; i < g_list_model_get_n_items (labels); i++)
      if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (labels), i), "Imp fireball") == 0)
        imp = i;
    g_assert_cmpuint (imp, !=, G_MAXUINT);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (editor), imp);
    g_assert_cmpint (record->data_values[1].v[0], ==, 4); /* TRIGGER_SHOT_IMP */
    editor = tsr_property_inspector_get_editor (inspector, "target");
    g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (editor))), ==,
                     "No target");
    editor = tsr_property_inspector_get_editor (inspector, "aim");
    g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (editor))), ==,
                     "In the trigger area");
    /* Scrolled so the shot's fields show. */
    {
      GtkWidget *scrolled = gtk_widget_get_ancestor (editor, GTK_TYPE_SCROLLED_WINDOW);
      GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
      graphene_point_t point = GRAPHENE_POINT_INIT (0, 0), in_view;
      GtkWidget *shot_type = tsr_property_inspector_get_editor (inspector, "shotType");

      g_assert_true (gtk_widget_compute_point (shot_type, gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)),
                                               &point, &in_view));
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + in_view.y - 60);
    }
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-trigger-inspector.png");
  }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  close_in_window (window);
}

static gboolean
match_picture_with_paintable (GtkWidget    *widget,
                              gconstpointer data)
{
  return GTK_IS_PICTURE (widget) && gtk_picture_get_paintable (GTK_PICTURE (widget)) != NULL;
}

/* An archive packed by the project's writer with two maps (df_MAP01 binary, and its text form)
 * beside the real animated texture archive: the page lists both maps and switches; the texture
 * chooser shows the real textures small; the map properties resize the map with the bottom-right
 * anchor (real clicks on the anchor and Resize); a door and its trigger copied and pasted at the
 * pointer with real Ctrl+C / Ctrl+V open the pasted door; a real Ctrl+S writes both maps back
 * with the texture archive's entry stored as it was. */
/* The game data folder preference reaches a map already open: with an empty folder set, the
 * real map's textures do not resolve (the Map Check lists them); set to the folder holding the
 * packed Standart.wad, they resolve and the check is clean, the map unmodified and the view where
 * it was. */
static void
test_data_folder_reload (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("doom2d");
  g_autofree char *path = NULL;
  g_autofree char *empty = g_build_filename (work_dir, "no-game-data", NULL);
  g_autofree char *game = g_build_filename (work_dir, "game-data", NULL);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.tessera.Tessera");
  TsrWindow *window;
  TsrDoom2dMapPage *page;
  TsrMapViewport before, after;
  guint width, height;
  gint64 end;

  if (source == NULL)
    {
      g_test_skip ("no doom2d test data");
      return;
    }
  path = copy_real_map (source, "reload");
  g_assert_cmpint (g_mkdir_with_parents (empty, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (game, 0700), ==, 0);
  g_free (tsr_test_pack_standart_wad (source, game));
  g_settings_set_string (settings, "doom2d-data-folders", empty);
  window = tsr_test_ui_open_in_window (application, path, 1280, 860, 200);
  page = TSR_DOOM2D_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_DOOM2D_MAP_PAGE));
  /* Texture 2 is Standart.wad:D2DTEXTURES\EXIT1. */
  g_assert_false (tsr_doom2d_panel_layer_get_texture_size (tsr_doom2d_map_page_get_panel_layer (page), 2, &width, &height));
  tsr_findings_view_refresh (tsr_doom2d_map_page_get_findings (page));
  find_finding_row (tsr_doom2d_map_page_get_findings (page), "EXIT1 does not resolve");
  /* The page fits the map on its canvas's first frames; the view set here comes after that. */
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (tsr_doom2d_map_page_get_canvas (page))));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (tsr_doom2d_map_page_get_canvas (page)), 3));
  tsr_map_canvas_set_zoom (tsr_doom2d_map_page_get_canvas (page), 1.0);
  tsr_map_canvas_center_on (tsr_doom2d_map_page_get_canvas (page), 500, 700);
  tsr_test_ui_iterate_for (100);
  tsr_map_canvas_get_viewport (tsr_doom2d_map_page_get_canvas (page), &before);

  g_settings_set_string (settings, "doom2d-data-folders", game);
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!tsr_doom2d_panel_layer_get_texture_size (tsr_doom2d_map_page_get_panel_layer (page), 2, &width, &height)
         && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_doom2d_panel_layer_get_texture_size (tsr_doom2d_map_page_get_panel_layer (page), 2, &width, &height));
  tsr_findings_view_refresh (tsr_doom2d_map_page_get_findings (page));
  g_assert_cmpuint (tsr_findings_view_get_n_findings (tsr_doom2d_map_page_get_findings (page)), ==, 0);
  g_assert_false (tsr_document_get_modified (tsr_window_get_document (window)));
  tsr_test_ui_iterate_for (100);
  tsr_map_canvas_get_viewport (tsr_doom2d_map_page_get_canvas (page), &after);
  g_assert_cmpfloat_with_epsilon (after.zoom, before.zoom, 1e-9);
  g_assert_cmpfloat_with_epsilon (after.x, before.x, 1);
  g_assert_cmpfloat_with_epsilon (after.y, before.y, 1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-reloaded.png");
  tsr_test_ui_close_window (window);
}

/* An archive NAME in the work folder with df_MAP01 twice: MAP01 as the binary lump, MAP02 as its
 * text form, and the W73A textures it uses; its path, and its bytes in *WRITTEN (may be NULL). */
static char *
write_two_map_archive (const char *source,
                       const char *name,
                       GBytes    **written)
{
  g_autofree char *map_source = g_build_filename (source, "df_MAP01.map", NULL);
  g_autofree char *wad_source = g_build_filename (source, "dfwad_W73A_1.wad", NULL);
  g_autoptr(GBytes) lump = tsr_test_read_file (map_source);
  g_autoptr(GBytes) texture = tsr_test_read_file (wad_source);
  g_autoptr(GBytes) text = NULL;
  g_autoptr(GBytes) packed = NULL;
  g_autoptr(GError) error = NULL;
  TsrDoom2dMap *parsed = tsr_test_doom2d_load_map (map_source);
  TsrDoom2dWad *wad = tsr_doom2d_wad_new ();
  char *path = g_build_filename (work_dir, name, NULL);

  text = tsr_doom2d_map_write_text (parsed);
  tsr_doom2d_map_free (parsed);
  tsr_doom2d_wad_add (wad, "TEXTURES", "W73A", texture);
  tsr_doom2d_wad_add (wad, "", "MAP01", lump);
  tsr_doom2d_wad_add (wad, "", "MAP02", text);
  packed = tsr_doom2d_wad_write (wad, &error);
  g_assert_no_error (error);
  tsr_doom2d_wad_free (wad);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (packed, NULL), (gssize) g_bytes_get_size (packed), NULL));
  if (written != NULL)
    *written = g_steal_pointer (&packed);
  return path;
}

static void
test_archive_resize_paste (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("doom2d");
  g_autofree char *path = NULL;
  g_autoptr(GBytes) packed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrDoom2dMapPage *page;
  TsrDoom2dDocument *document;
  TsrDoom2dMap *map;
  TsrMapCanvas *canvas;
  TsrUndoStack *stack;
  GtkWidget *widget;
  guint door_trigger = G_MAXUINT, n_panels, n_triggers;
  gint64 width, height, door, x0;
  double vx, vy;

  if (source == NULL)
    {
      g_test_skip ("no doom2d test data");
      return;
    }
  path = write_two_map_archive (source, "two-maps.wad", &packed);
  page = open_in_window (source, path, &window);
  document = TSR_DOOM2D_DOCUMENT (tsr_edit_session_get_document (tsr_doom2d_map_page_get_session (page)));
  stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* The map picker lists both maps; choosing MAP02 shows it (one step). */
  widget = tsr_doom2d_map_page_get_dropdown (page, "map");
  g_assert_true (gtk_widget_get_visible (widget));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))), ==, 2);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), 1);
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (tsr_doom2d_document_get_map_index (document), ==, 1);
  g_assert_true (tsr_doom2d_document_get_file (document)->map_is_text);
  g_assert_cmpstr (tsr_undo_stack_get_undo_description (stack), ==, "Open Map MAP02");
  canvas = tsr_doom2d_map_page_get_canvas (page);
  map = tsr_doom2d_document_get_map (document);

  /* The texture chooser: its rows show the real textures (the chosen one's thumbnail is on the
   * button; the open list is a popup surface of its own, which a window screenshot leaves out and
   * XTest keys do not reach under Xvfb without a window manager). */
  g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_PANEL)));
  tsr_test_ui_iterate_for (100);
  widget = tsr_doom2d_map_page_get_dropdown (page, "texture");
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_nonnull (tsr_test_ui_find_widget (widget, match_picture_with_paintable, NULL));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-textures.png");
  g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_SELECT)));
  tsr_test_ui_iterate_for (100);

  /* Resize with the bottom-right anchor: 64 px wider, everything 64 px to the right. */
  tsr_doom2d_map_page_show_page (page, "inspector");
  tsr_test_ui_iterate_for (100);
  width = map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0];
  height = map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1];
  x0 = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, 0)->values[0].v[0];
  widget = tsr_test_ui_find_widget (GTK_WIDGET (page), tsr_test_ui_match_name, "resize-width");
  g_assert_nonnull (widget);
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget)), ==, width);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), (double) (width + 64));
  widget = tsr_test_ui_find_widget (GTK_WIDGET (page), tsr_test_ui_match_name, "anchor-8");
  g_assert_true (tsr_test_xtest_click (xtest, widget));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (widget)));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-resize.png");
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (GTK_WIDGET (page), tsr_test_ui_match_name,
                                                                      "resize-map")));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpstr (tsr_undo_stack_get_undo_description (stack), ==, "Resize Map");
  g_assert_cmpint (map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0], ==, width + 64);
  g_assert_cmpint (map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1], ==, height);
  g_assert_cmpint (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, 0)->values[0].v[0], ==, x0 + 64);

  /* A door trigger and its door, copied and pasted at the pointer with real keys. */
  for (guint t = 0; t < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER) && door_trigger == G_MAXUINT; t++)
    {
      TsrDoom2dTarget target;
      const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, t);

      if (tsr_doom2d_document_get_trigger_target (document, t, &target) && target.kind == TSR_DOOM2D_TARGET_PANEL
          && target.panel_mask != 0 && record->data_values[target.field].v[0] >= 0)
        door_trigger = t;
    }
  g_assert_cmpuint (door_trigger, !=, G_MAXUINT);
  door = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, door_trigger)->data_values[0].v[0];
  n_panels = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL);
  n_triggers = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER);
  {
    TsrElementRef refs[2] = { tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_PANEL, (guint) door),
                              tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_TRIGGER, door_trigger) };

    tsr_selection_set (tsr_edit_session_get_selection (tsr_doom2d_map_page_get_session (page)), refs, 2);
  }
  tsr_test_ui_iterate_for (50);
  /* Whole pixels: the pointer XTest puts there is at a whole pixel, and the paste goes where the
   * pointer is (at 0.46 px a map unit a fraction of a pixel is most of a unit). */
  vx = round (gtk_widget_get_width (GTK_WIDGET (canvas)) * 0.3);
  vy = round (gtk_widget_get_height (GTK_WIDGET (canvas)) * 0.4);
  tsr_test_doom2d_real_click (xtest, canvas, vx, vy);  /* focus and pointer on the canvas (deselects: copy first) */
  {
    TsrElementRef refs[2] = { tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_PANEL, (guint) door),
                              tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_TRIGGER, door_trigger) };

    tsr_selection_set (tsr_edit_session_get_selection (tsr_doom2d_map_page_get_session (page)), refs, 2);
  }
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_c, GDK_CONTROL_MASK));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_v, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL), ==, n_panels + 1);
  g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER), ==, n_triggers + 1);
  g_assert_cmpint (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, n_triggers)->data_values[0].v[0], ==, n_panels);
  {
    double mx, my;
    TsrVectorBounds door_box, trigger_box;

    view_to_map (canvas, vx, vy, &mx, &my);
    tsr_doom2d_document_get_record_box (document, TSR_DOOM2D_KIND_PANEL, n_panels, &door_box);
    tsr_doom2d_document_get_record_box (document, TSR_DOOM2D_KIND_TRIGGER, n_triggers, &trigger_box);
    /* The pasted pair's top-left corner is at the pointer. */
    g_assert_cmpfloat (fabs (MIN (door_box.x0, trigger_box.x0) - mx), <=, 1.0);
    g_assert_cmpfloat (fabs (MIN (door_box.y0, trigger_box.y0) - my), <=, 1.0);
  }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-paste.png");

  /* A real Ctrl+S: both maps back, the texture archive stored as it was. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK));
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (tsr_window_get_modified (window) && g_get_monotonic_time () < end)
      tsr_test_ui_iterate_for (20);
  }
  g_assert_null (tsr_window_get_error_message (window));
  {
    g_autoptr(GBytes) bytes = tsr_test_read_file (path);
    TsrDoom2dWad *before = tsr_doom2d_wad_read (packed, &error);
    TsrDoom2dWad *after = tsr_doom2d_wad_read (bytes, &error);
    g_autoptr(GBytes) lump = NULL, text = NULL;
    g_autoptr(GBytes) map01 = NULL;
    g_autoptr(GBytes) map02 = NULL;

    g_assert_no_error (error);
    /* The maps as written (the binary lump, its text form). */
    lump = tsr_doom2d_wad_get_data (before, tsr_doom2d_wad_find (before, "", "MAP01"), &error);
    text = tsr_doom2d_wad_get_data (before, tsr_doom2d_wad_find (before, "", "MAP02"), &error);
    g_assert_no_error (error);
    g_assert_true (g_bytes_equal (tsr_doom2d_wad_find (before, "TEXTURES", "W73A")->compressed,
                                  tsr_doom2d_wad_find (after, "TEXTURES", "W73A")->compressed));
    map01 = tsr_doom2d_wad_get_data (after, tsr_doom2d_wad_find (after, "", "MAP01"), &error);
    g_assert_true (g_bytes_equal (map01, lump));
    map02 = tsr_doom2d_wad_get_data (after, tsr_doom2d_wad_find (after, "", "MAP02"), &error);
    g_assert_true (tsr_doom2d_map_sniff_text (g_bytes_get_data (map02, NULL), g_bytes_get_size (map02)));
    g_assert_false (g_bytes_equal (map02, text));
    tsr_doom2d_wad_free (before);
    tsr_doom2d_wad_free (after);
  }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  close_in_window (window);
}

/* Selects by a real click the first panel of the shown map a click hits. */
static void
click_a_panel (TsrTestXTest      *xtest,
               TsrDoom2dMapPage  *page,
               TsrDoom2dDocument *document)
{
  TsrMapCanvas *canvas = tsr_doom2d_map_page_get_canvas (page);
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (document);
  double vx = 0, vy = 0;
  guint panel;

  for (panel = 0; panel < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL); panel++)
    if (tsr_test_doom2d_point_hitting (document, canvas, TSR_DOOM2D_KIND_PANEL, panel, &vx, &vy))
      break;
  g_assert_cmpuint (panel, <, tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL));
  tsr_test_doom2d_real_click (xtest, canvas, vx, vy);
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_selection_get_size (tsr_edit_session_get_selection (tsr_doom2d_map_page_get_session (page))), ==, 1);
}

/* No silent drops: a binary map has no place for the text format's moving-platform fields, so the
 * inspector of a panel selected by a real click does not offer them there; on the archive's text
 * map it does. Choosing the map shown is no edit: the window stays unmodified. */
static void
test_binary_map_fields (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("doom2d");
  g_autofree char *path = NULL, *move_speed = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrDoom2dMapPage *page;
  TsrDoom2dDocument *document;
  GtkWidget *inspector;

  if (source == NULL)
    {
      g_test_skip ("no doom2d test data");
      return;
    }
  path = write_two_map_archive (source, "binary-fields.wad", NULL);
  page = open_in_window (source, path, &window);
  document = TSR_DOOM2D_DOCUMENT (tsr_edit_session_get_document (tsr_doom2d_map_page_get_session (page)));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  inspector = GTK_WIDGET (tsr_doom2d_map_page_get_inspector (page));
  {
    g_autoptr(TsrDoom2dPropertySource) panels = tsr_doom2d_property_source_new (document, TSR_DOOM2D_KIND_PANEL, NULL);
    const TsrFieldTable *table = tsr_property_source_get_table (TSR_PROPERTY_SOURCE (panels));

    for (guint f = 0; f < table->n_fields && move_speed == NULL; f++)
      if (strcmp (table->fields[f].name, "move_speed") == 0)
        move_speed = tsr_property_source_dup_field_label (TSR_PROPERTY_SOURCE (panels), f);
  }
  g_assert_nonnull (move_speed);

  /* MAP01 is binary: no move speed for its panel. */
  tsr_doom2d_map_page_show_page (page, "inspector");
  tsr_test_ui_iterate_for (100);
  click_a_panel (xtest, page, document);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-binary-fields.png");
  g_assert_null (tsr_test_ui_find_widget (inspector, tsr_test_ui_match_mapped_label, move_speed));
  g_assert_false (tsr_window_get_modified (window));

  /* MAP02 (text): chosen without modifying the file; its panel offers the field. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (tsr_doom2d_map_page_get_dropdown (page, "map")), 1);
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (tsr_doom2d_document_get_map_index (document), ==, 1);
  g_assert_false (tsr_window_get_modified (window));
  click_a_panel (xtest, page, document);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-editor-text-fields.png");
  g_assert_nonnull (tsr_test_ui_find_widget (inspector, tsr_test_ui_match_mapped_label, move_speed));
  g_assert_false (tsr_window_get_modified (window));

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  close_in_window (window);
}

/* The game's multi-map archives in the editor: every map chosen in the map list is drawn and leaves
 * the window unmodified; then an item placed by a real click on one map (VETERAN: one stored out of
 * directory order) and a real Ctrl+S change that map's resource alone. */
static void
test_real_multi_map_archives (void)
{
  const char *names[] = { "d2dfnix_VETERAN.wad", "d2dfnix_Stupidity_Coop.wad" };
  g_autofree char *source = tsr_test_ui_data_dir ("doom2d");

  if (source == NULL)
    {
      g_test_skip ("no doom2d test data");
      return;
    }
  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *original_path = g_build_filename (source, names[n], NULL);
      g_autofree char *path = g_build_filename (work_dir, names[n], NULL);
      g_autofree char *shot = g_strdup_printf ("doom2d-editor-%s.png", names[n]);
      g_autoptr(GBytes) original = tsr_test_read_file (original_path);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrTestXTest) xtest = NULL;
      g_autofree char *edited_name = NULL;
      TsrWindow *window;
      TsrDoom2dMapPage *page;
      TsrDoom2dDocument *document;
      TsrMapCanvas *canvas;
      GtkWidget *maps;
      guint n_maps, edited, items;

      g_assert_true (g_file_set_contents (path, g_bytes_get_data (original, NULL), (gssize) g_bytes_get_size (original), NULL));
      page = open_in_window (source, path, &window);
      document = TSR_DOOM2D_DOCUMENT (tsr_edit_session_get_document (tsr_doom2d_map_page_get_session (page)));
      canvas = tsr_doom2d_map_page_get_canvas (page);
      xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
      maps = tsr_doom2d_map_page_get_dropdown (page, "map");
      n_maps = tsr_doom2d_document_get_n_maps (document);
      g_assert_cmpuint (n_maps, >=, 7);
      g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (maps))), ==, n_maps);
      for (guint i = 1; i <= n_maps; i++)
        {
          gtk_drop_down_set_selected (GTK_DROP_DOWN (maps), i % n_maps);
          tsr_test_ui_iterate_for (150);
          g_assert_cmpuint (tsr_doom2d_document_get_map_index (document), ==, i % n_maps);
          g_assert_false (tsr_window_get_modified (window));
        }
      edited = n_maps / 2;
      gtk_drop_down_set_selected (GTK_DROP_DOWN (maps), edited);
      tsr_test_ui_iterate_for (150);
      edited_name = g_strdup (tsr_doom2d_document_get_map_name (document, edited));
      items = tsr_doom2d_map_count (tsr_doom2d_document_get_map (document), TSR_DOOM2D_KIND_ITEM);
      g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_ITEM)));
      tsr_test_doom2d_real_click (xtest, canvas, gtk_widget_get_width (GTK_WIDGET (canvas)) / 2.0,
                  gtk_widget_get_height (GTK_WIDGET (canvas)) / 2.0);
      tsr_test_ui_iterate_for (100);
      g_assert_cmpuint (tsr_doom2d_map_count (tsr_doom2d_document_get_map (document), TSR_DOOM2D_KIND_ITEM), ==, items + 1);
      g_assert_true (tsr_window_get_modified (window));
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, shot);
      g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK));
      {
        gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

        while (tsr_window_get_modified (window) && g_get_monotonic_time () < end)
          tsr_test_ui_iterate_for (20);
      }
      g_assert_null (tsr_window_get_error_message (window));
      g_assert_false (tsr_window_get_modified (window));
      {
        g_autoptr(GBytes) bytes = tsr_test_read_file (path);
        TsrDoom2dWad *before = tsr_doom2d_wad_read (original, &error);
        TsrDoom2dWad *after = tsr_doom2d_wad_read (bytes, &error);

        g_assert_no_error (error);
        g_assert_cmpuint (before->entries->len, ==, after->entries->len);
        for (guint i = 0; i < before->entries->len; i++)
          {
            const TsrDoom2dWadEntry *x = g_ptr_array_index (before->entries, i), *y = g_ptr_array_index (after->entries, i);

            g_assert_cmpstr (x->name, ==, y->name);
            if (x->compressed == NULL || (strcmp (x->name, edited_name) == 0 && *x->section == '\0'))
              continue;
            g_assert_true (g_bytes_equal (x->compressed, y->compressed));
          }
        {
          g_autoptr(GBytes) data = tsr_doom2d_wad_get_data (after, tsr_doom2d_wad_find (after, "", edited_name), &error);
          TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (data, NULL), g_bytes_get_size (data), &error);

          g_assert_no_error (error);
          g_assert_cmpuint (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_ITEM), ==, items + 1);
          tsr_doom2d_map_free (map);
        }
        tsr_doom2d_wad_free (before);
        tsr_doom2d_wad_free (after);
      }
      g_clear_pointer (&xtest, tsr_test_xtest_free);
      gtk_window_destroy (GTK_WINDOW (window));
      tsr_test_ui_iterate_for (50);
    }
  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.tessera.Tessera");

    g_settings_reset (settings, "doom2d-data-folders");
  }
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "doom2d-editor", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();

  g_test_add_func ("/doom2d-editor/edit-and-save", test_edit_and_save);
  g_test_add_func ("/doom2d-editor/archive-resize-paste", test_archive_resize_paste);
  g_test_add_func ("/doom2d-editor/data-folder-reload", test_data_folder_reload);
  g_test_add_func ("/doom2d-editor/binary-map-fields", test_binary_map_fields);
  g_test_add_func ("/doom2d-editor/real-multi-map-archives", test_real_multi_map_archives);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
