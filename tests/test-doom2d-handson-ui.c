/* test-doom2d-handson-ui.c: what a new user tripped over in the Doom2D Forever map editor (issue
 * 36), driven by real X input (XTest under Xvfb, a 1920×1080 screen) on a copy of df_MAP01.map at
 * 1280×800 (the inspector's references also at 1920×1080): arrow keys
 * move a panel by one grid step while Snap is on (an off-grid panel lands on the grid first) and
 * by 1 / 10 px without it, one undo step a key; the status line shows the map point under the
 * pointer and the zoom, and pointer motion changes only those labels (the map is not drawn again).
 * Without the game's Game.wad the item and monster grids say what is missing and name the
 * preference that finds it. A panel's type is one drop-down of the game's names (not 14 check
 * boxes), and a type the game's CreatePanel (src/game/g_map.pas) creates no panel for (Wall +
 * Background) is an error in the map check. The inspector shows references by name (a texture,
 * "Panel 104 (Wall, STONE1)"), takes a typed texture name or one from its list (a name typed
 * right after opening the list goes into its search), says why it
 * refuses a value, and labels every field for people. Animations tick only while the view shows
 * one and the window is active. Screenshots of each state.
 * Exits 77 without a display or XTest (fails under CI=true without XTest). */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "views/doom2d/tsr-doom2d-map-page.h"
#include "views/doom2d/tsr-doom2d-panel-layer.h"
#include "views/doom2d/tsr-doom2d-thing-palette.h"
#include "views/tsr-findings-view.h"
#include "views/tsr-property-inspector.h"
#include "tsr-test-common.h"
#include "tsr-test-doom2d-ui.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

/* Opens a copy of df_MAP01.map (from SOURCE) in a new 1280×800 window with the data folder set to
 * GAME (NULL: an empty folder, so nothing resolves); returns its page. */
static TsrDoom2dMapPage *
open_map (const char *source,
          const char *game,
          const char *subdir,
          TsrWindow **window)
{
  const char *const names[] = { "df_MAP01.map", NULL };
  g_autofree char *dir = tsr_test_ui_copy_files (source, names, work_dir, subdir);
  g_autofree char *path = g_build_filename (dir, "df_MAP01.map", NULL);
  g_autofree char *empty = g_build_filename (work_dir, "no-game-data", NULL);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.tessera.Tessera");
  TsrDoom2dMapPage *page;

  g_assert_cmpint (g_mkdir_with_parents (empty, 0700), ==, 0);
  g_settings_set_string (settings, "doom2d-data-folders", game != NULL ? game : empty);
  *window = tsr_test_ui_open_in_window (application, path, 1280, 800, 200);
  page = TSR_DOOM2D_MAP_PAGE (tsr_test_ui_find_widget (GTK_WIDGET (*window), tsr_test_ui_match_type,
                                                       GSIZE_TO_POINTER (TSR_TYPE_DOOM2D_MAP_PAGE)));
  g_assert_nonnull (page);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
  return page;
}

static void
close_window (TsrWindow *window)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.tessera.Tessera");

  tsr_test_ui_close_window (window);
  g_settings_reset (settings, "doom2d-data-folders");
}

/* Whether the selection is panel INDEX alone. */
static gboolean
panel_selected (TsrDoom2dMapPage  *page,
                TsrDoom2dDocument *document,
                guint              index)
{
  TsrElementRef want = tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_PANEL, index);
  guint n = 0;
  const TsrElementRef *selected = tsr_selection_get_elements (tsr_edit_session_get_selection (tsr_doom2d_map_page_get_session (page)), &n);

  return n == 1 && tsr_element_ref_equal (&selected[0], &want);
}

static const gint64 *
panel_position (TsrDoom2dMap *map,
                guint         panel)
{
  return tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[TSR_DOOM2D_PANEL_POSITION].v;
}

/* The text of a status line's inscription ("" when it has none). */
static const char *
status_text (GtkWidget *inscription)
{
  const char *text = gtk_inscription_get_text (GTK_INSCRIPTION (inscription));

  return text != NULL ? text : "";
}

/* One real arrow key: the panel's position moves by (DX, DY) as one more undo step "Nudge". */
static void
nudge_expect (TsrTestXTest *xtest,
              TsrDoom2dMap *map,
              TsrUndoStack *stack,
              guint         panel,
              guint         keyval,
              GdkModifierType modifiers,
              gint64        dx,
              gint64        dy)
{
  gint64 x = panel_position (map, panel)[0], y = panel_position (map, panel)[1];
  guint depth = tsr_undo_stack_get_depth (stack);

  g_assert_true (tsr_test_xtest_key (xtest, keyval, modifiers));
  tsr_test_ui_iterate_for (30);
  g_assert_cmpint (panel_position (map, panel)[0], ==, x + dx);
  g_assert_cmpint (panel_position (map, panel)[1], ==, y + dy);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
  g_assert_cmpstr (tsr_undo_stack_get_undo_description (stack), ==, "Nudge");
}

/* Issue 36: with a 16-px grid and Snap on, arrows moved a panel 1 px (Shift 10 px) and left it
 * off the grid. Now Snap on moves one grid step (an off-grid panel lands on the grid on its first
 * step; Shift: one pixel), Snap off keeps 1 px / Shift 10 px; each key is one undo step. */
static void
test_nudge_grid (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("doom2d");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrDoom2dMapPage *page;
  TsrDoom2dDocument *document;
  TsrDoom2dMap *map;
  TsrMapCanvas *canvas;
  TsrUndoStack *stack;
  GtkWidget *snap;
  guint panel = G_MAXUINT;
  double vx = 0, vy = 0;
  gint64 x0, y0;

  if (source == NULL)
    {
      g_test_skip ("no doom2d test data");
      return;
    }
  page = open_map (source, NULL, "nudge", &window);
  canvas = tsr_doom2d_map_page_get_canvas (page);
  document = TSR_DOOM2D_DOCUMENT (tsr_edit_session_get_document (tsr_doom2d_map_page_get_session (page)));
  map = tsr_doom2d_document_get_map (document);
  stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);
  snap = tsr_test_ui_find_widget (GTK_WIDGET (page), tsr_test_ui_match_name, "snap");
  g_assert_nonnull (snap);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (snap)));
  g_assert_cmpuint (tsr_doom2d_tool_get_grid (tsr_doom2d_map_page_get_tool (page)), ==, 16);

  /* A panel on the grid, at 1:1 in the middle of the view. */
  tsr_map_canvas_set_zoom (canvas, 1.0);
  for (guint p = 0; p < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL) && panel == G_MAXUINT; p++)
    {
      const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, p);
      const gint64 *at = record->values[TSR_DOOM2D_PANEL_POSITION].v, *size = record->values[TSR_DOOM2D_PANEL_SIZE].v;

      if (at[0] % 16 != 0 || at[1] % 16 != 0 || size[0] < 16 || size[1] < 16)
        continue;
      tsr_map_canvas_center_on (canvas, (double) at[0] + (double) size[0] / 2, (double) at[1] + (double) size[1] / 2);
      tsr_test_ui_iterate_for (50);
      if (tsr_test_doom2d_point_hitting (document, canvas, TSR_DOOM2D_KIND_PANEL, p, &vx, &vy))
        panel = p;
    }
  g_assert_cmpuint (panel, !=, G_MAXUINT);
  x0 = panel_position (map, panel)[0];
  y0 = panel_position (map, panel)[1];

  /* Snap off: a real click on the check box, then the panel selected by a real click. */
  g_assert_true (tsr_test_xtest_click (xtest, snap));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (snap)));
  tsr_test_doom2d_real_click (xtest, canvas, vx, vy);
  g_assert_true (panel_selected (page, document, panel));
  nudge_expect (xtest, map, stack, panel, GDK_KEY_Right, 0, 1, 0);
  nudge_expect (xtest, map, stack, panel, GDK_KEY_Down, GDK_SHIFT_MASK, 0, 10);
  g_assert_cmpint (panel_position (map, panel)[0], ==, x0 + 1);
  g_assert_cmpint (panel_position (map, panel)[1], ==, y0 + 10);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-nudge-off-grid.png");

  /* Snap on again: the first step of an off-grid panel lands on the grid line that way, the next
   * ones are whole grid steps. */
  g_assert_true (tsr_test_xtest_click (xtest, snap));
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (snap)));
  g_assert_true (tsr_test_doom2d_point_hitting (document, canvas, TSR_DOOM2D_KIND_PANEL, panel, &vx, &vy));
  tsr_test_doom2d_real_click (xtest, canvas, vx, vy);
  g_assert_true (panel_selected (page, document, panel));
  nudge_expect (xtest, map, stack, panel, GDK_KEY_Right, 0, 15, 0);   /* x0 + 1 → x0 + 16 */
  nudge_expect (xtest, map, stack, panel, GDK_KEY_Right, 0, 16, 0);
  nudge_expect (xtest, map, stack, panel, GDK_KEY_Up, 0, 0, -10);     /* y0 + 10 → y0 */
  nudge_expect (xtest, map, stack, panel, GDK_KEY_Up, 0, 0, -16);
  nudge_expect (xtest, map, stack, panel, GDK_KEY_Left, 0, -16, 0);
  nudge_expect (xtest, map, stack, panel, GDK_KEY_Down, 0, 0, 16);
  g_assert_cmpint (panel_position (map, panel)[0] % 16, ==, 0);
  g_assert_cmpint (panel_position (map, panel)[1] % 16, ==, 0);
  g_assert_cmpint (panel_position (map, panel)[0], ==, x0 + 16);
  g_assert_cmpint (panel_position (map, panel)[1], ==, y0);
  /* Shift with Snap on: one pixel, for fine placing. */
  nudge_expect (xtest, map, stack, panel, GDK_KEY_Left, GDK_SHIFT_MASK, -1, 0);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-nudge-grid.png");

  /* Every nudge undoes alone, back to where it was. */
  for (guint i = 0; i < 9; i++)
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (30);
  g_assert_cmpint (panel_position (map, panel)[0], ==, x0);
  g_assert_cmpint (panel_position (map, panel)[1], ==, y0);
  g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  close_window (window);
}

static void
count_draw (TsrMapCanvas *canvas,
            cairo_t      *cr,
            gpointer      viewport,
            guint        *draws)
{
  (*draws)++;
}

/* Issue 36: the status line had no cursor position or zoom. Now it shows both, and moving the
 * pointer changes only the labels: the canvas is not drawn again (a map with no resolvable
 * textures, so no animation draws it either). */
static void
test_status_position_zoom (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("doom2d");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autofree char *expected = NULL;
  TsrWindow *window;
  TsrDoom2dMapPage *page;
  TsrMapCanvas *canvas;
  GtkWidget *position, *zoom;
  TsrMapViewport viewport;
  guint draws = 0;
  double mx, my;
  int px, py;
  gulong handler;

  if (source == NULL)
    {
      g_test_skip ("no doom2d test data");
      return;
    }
  page = open_map (source, NULL, "status", &window);
  canvas = tsr_doom2d_map_page_get_canvas (page);
  position = tsr_test_ui_find_widget (GTK_WIDGET (page), tsr_test_ui_match_name, "pointer-position");
  zoom = tsr_test_ui_find_widget (GTK_WIDGET (page), tsr_test_ui_match_name, "zoom");
  g_assert_nonnull (position);
  g_assert_nonnull (zoom);
  g_assert_true (gtk_widget_get_mapped (position));
  g_assert_true (gtk_widget_get_mapped (zoom));
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);

  tsr_map_canvas_set_zoom (canvas, 1.0);
  tsr_map_canvas_center_on (canvas, 400, 300);
  tsr_test_ui_iterate_for (200);
  g_assert_cmpstr (status_text (zoom), ==, "100 %");
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), 100, 100, 4, NULL, NULL));
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (canvas), 3));
  tsr_test_ui_iterate_for (100);

  /* Real motion across the map: the label follows, the map is not drawn again. */
  handler = g_signal_connect (canvas, "draw-overlay", G_CALLBACK (count_draw), &draws);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), 300, 250, 20, NULL, NULL));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), 420, 180, 20, NULL, NULL));
  tsr_test_ui_iterate_for (300);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_map (&viewport, 420, 180, &mx, &my);
  /* The pointer's view point may lie half a pixel off the one asked for (the canvas's place in
   * the window): within a map pixel. */
  g_assert_cmpint (sscanf (status_text (position), "x %d, y %d", &px, &py), ==, 2);
  g_assert_cmpint (abs (px - (int) floor (mx)), <=, 1);
  g_assert_cmpint (abs (py - (int) floor (my)), <=, 1);
  expected = g_strdup (status_text (position));
  g_assert_cmpuint (draws, ==, 0);
  g_signal_handler_disconnect (canvas, handler);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-status.png");

  /* Zooming (Ctrl+plus on the canvas) updates the zoom label and the point under the pointer. */
  tsr_map_canvas_zoom_at (canvas, 2.0, 420, 180);
  tsr_test_ui_iterate_for (100);
  g_assert_cmpstr (status_text (zoom), ==, "200 %");
  g_assert_cmpstr (status_text (position), ==, expected);

  /* A middle-button pan: the label follows in the frame after the view moved (issue 35), and
   * ends on the map point under the pointer. */
  g_assert_true (tsr_test_xtest_button (xtest, 2, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), 300, 250, 20, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 2, FALSE));
  tsr_test_ui_iterate_for (100);
  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_map (&viewport, 300, 250, &mx, &my);
  g_assert_cmpint (sscanf (status_text (position), "x %d, y %d", &px, &py), ==, 2);
  g_assert_cmpint (abs (px - (int) floor (mx)), <=, 1);
  g_assert_cmpint (abs (py - (int) floor (my)), <=, 1);

  /* The pointer off the canvas: no position. */
  g_assert_true (tsr_test_xtest_move_to (xtest, zoom, 2, 2, 10, NULL, NULL));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpstr (status_text (position), ==, "");

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  close_window (window);
}

/* Opens PALETTE's grid by a real click on its button (a screenshot as SHOT) and returns the text
 * of its missing-pictures note ("" when hidden); closes it with Escape. */
static char *
open_palette_note (TsrTestXTest          *xtest,
                   TsrDoom2dThingPalette *palette,
                   const char            *shot)
{
  GtkWidget *button = tsr_doom2d_thing_palette_get_button (palette);
  GtkWidget *popover = tsr_test_xtest_open_menu (xtest, button);
  GtkWidget *note;
  char *text;

  g_assert_nonnull (popover);
  note = tsr_test_ui_find_widget (popover, tsr_test_ui_match_name, "missing-pictures");
  g_assert_nonnull (note);
  tsr_test_ui_save_screenshot (popover, screenshot_dir, shot);
  text = g_strdup (gtk_widget_get_mapped (note) ? gtk_label_get_text (GTK_LABEL (note)) : "");
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Escape, 0));
  g_assert_true (tsr_test_xtest_wait_closed (xtest, popover));
  return text;
}

/* Issue 36: without the game's Game.wad the item and monster grids were broken-image icons with
 * no word of why. Now the grid says Game.wad was not found and names the preference; with a
 * Game.wad holding only some pictures it says which are missing. */
static void
test_missing_game_wad (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("doom2d");
  g_autofree char *game = g_build_filename (work_dir, "game-data", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrDoom2dMapPage *page;
  TsrDoom2dThingPalette *palette;
  guint with_picture = 0;

  if (source == NULL)
    {
      g_test_skip ("no doom2d test data");
      return;
    }

  /* No game data at all. */
  page = open_map (source, NULL, "no-game", &window);
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);
  for (guint k = 0; k < 2; k++)
    {
      const char *mode_name = k == 0 ? "item" : "monster";
      g_autofree char *shot = g_strdup_printf ("doom2d-handson-no-game-wad-%s.png", mode_name);
      g_autofree char *note = NULL;

      g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, k == 0 ? TSR_DOOM2D_TOOL_ITEM
                                                                                                   : TSR_DOOM2D_TOOL_MONSTER)));
      tsr_test_ui_iterate_for (100);
      palette = TSR_DOOM2D_THING_PALETTE (tsr_doom2d_map_page_get_dropdown (page, mode_name));
      note = open_palette_note (xtest, palette, shot);
      g_assert_nonnull (strstr (note, "Game.wad was not found"));
      g_assert_nonnull (strstr (note, "Preferences → Doom2D Forever Data Folders"));
      for (guint e = 0; e < tsr_doom2d_thing_palette_get_n_entries (palette); e++)
        g_assert_false (tsr_doom2d_thing_palette_entry_has_picture (palette, e));
    }
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-no-game-wad.png");
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  close_window (window);

  /* A Game.wad with three of the game's sprites: those show, the note names what is missing. */
  g_assert_cmpint (g_mkdir_with_parents (game, 0700), ==, 0);
  g_free (tsr_test_write_game_wad (game));
  page = open_map (source, game, "some-game", &window);
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);
  g_assert_true (tsr_test_xtest_click (xtest, tsr_doom2d_map_page_get_mode_button (page, TSR_DOOM2D_TOOL_ITEM)));
  tsr_test_ui_iterate_for (100);
  palette = TSR_DOOM2D_THING_PALETTE (tsr_doom2d_map_page_get_dropdown (page, "item"));
  for (guint e = 0; e < tsr_doom2d_thing_palette_get_n_entries (palette); e++)
    with_picture += tsr_doom2d_thing_palette_entry_has_picture (palette, e);
  g_assert_cmpuint (with_picture, >, 0);
  {
    g_autofree char *note = open_palette_note (xtest, palette, "doom2d-handson-some-game-wad.png");

    g_assert_nonnull (strstr (note, "Some pictures are missing"));
    g_assert_null (strstr (note, "was not found"));
  }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  close_window (window);
}

static gboolean
match_label_text (GtkWidget    *widget,
                  gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static gboolean
match_check_label (GtkWidget    *widget,
                   gconstpointer text)
{
  return GTK_IS_CHECK_BUTTON (widget) && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), text) == 0;
}

/* The first of the document's findings that is an error about panel INDEX, or NULL. */
static const TsrFinding *
panel_type_error (TsrDoom2dDocument *document,
                  guint              index)
{
  GPtrArray *findings = tsr_document_get_findings (TSR_DOCUMENT (document));

  for (guint i = 0; i < findings->len; i++)
    {
      const TsrFinding *finding = findings->pdata[i];

      if (finding->severity == TSR_SEVERITY_ERROR && g_strcmp0 (finding->place.kind, "panel") == 0
          && finding->place.index == (gint) index && strstr (finding->what, "not one panel type") != NULL)
        return finding;
    }
  return NULL;
}

/* Issue 36: a panel's type was 14 check boxes, and Wall + Background passed the map check and
 * `validate`. Doom2D Forever's CreatePanel (src/game/g_map.pas) chooses the panel's list by one
 * type and creates no panel for none or a combination ("else exit"); a text map naming two types
 * does not load (src/shared/xdynrec.pas TDynField.parseValue, "bitset unique"). Now the inspector
 * offers one choice by the game's names, and such a type is an error of the map check. */
static void
test_panel_type_choice (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("doom2d");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  TsrDoom2dMapPage *page;
  TsrDoom2dDocument *document;
  TsrDoom2dMap *map;
  TsrMapCanvas *canvas;
  TsrUndoStack *stack;
  TsrPropertyInspector *inspector;
  TsrFindingsView *findings;
  GtkWidget *editor, *popover, *row;
  TsrFieldValue value = { { 0 }, NULL };
  guint panel = G_MAXUINT, found = G_MAXUINT, depth;
  double vx = 0, vy = 0;

  if (source == NULL)
    {
      g_test_skip ("no doom2d test data");
      return;
    }
  page = open_map (source, NULL, "panel-type", &window);
  canvas = tsr_doom2d_map_page_get_canvas (page);
  document = TSR_DOOM2D_DOCUMENT (tsr_edit_session_get_document (tsr_doom2d_map_page_get_session (page)));
  map = tsr_doom2d_document_get_map (document);
  stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  inspector = tsr_doom2d_map_page_get_inspector (page);
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);
  /* The real map has no panel the game would drop. */
  for (guint p = 0; p < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL); p++)
    g_assert_null (panel_type_error (document, p));

  /* A wall selected by a real click. */
  tsr_map_canvas_set_zoom (canvas, 1.0);
  for (guint p = 0; p < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL) && panel == G_MAXUINT; p++)
    {
      const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, p);
      const gint64 *at = record->values[TSR_DOOM2D_PANEL_POSITION].v, *size = record->values[TSR_DOOM2D_PANEL_SIZE].v;

      if (record->values[TSR_DOOM2D_PANEL_TYPE].v[0] != TSR_DOOM2D_PANEL_WALL || size[0] < 16 || size[1] < 16)
        continue;
      tsr_map_canvas_center_on (canvas, (double) at[0] + (double) size[0] / 2, (double) at[1] + (double) size[1] / 2);
      tsr_test_ui_iterate_for (50);
      if (tsr_test_doom2d_point_hitting (document, canvas, TSR_DOOM2D_KIND_PANEL, p, &vx, &vy))
        panel = p;
    }
  g_assert_cmpuint (panel, !=, G_MAXUINT);
  tsr_doom2d_map_page_show_page (page, "inspector");
  tsr_test_doom2d_real_click (xtest, canvas, vx, vy);
  g_assert_true (panel_selected (page, document, panel));
  tsr_test_ui_iterate_for (100);

  /* One drop-down with the game's names, showing "Wall". */
  editor = tsr_property_inspector_get_editor (inspector, "type");
  g_assert_true (GTK_IS_DROP_DOWN (editor));
  g_assert_true (gtk_widget_get_mapped (editor));
  g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (editor))), ==, "Wall");
  /* The fourteen types; no "None", which the game creates no panel for. */
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (editor))), ==, 14);
  for (guint i = 0; i < 14; i++)
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (editor))), i), !=, "None");
  /* No check box per type (the panel's flags keep theirs). */
  g_assert_null (tsr_test_ui_find_widget (GTK_WIDGET (inspector), match_check_label, "Background"));
  g_assert_null (tsr_test_ui_find_widget (GTK_WIDGET (inspector), match_check_label, "Wall"));

  /* A real click opens it, a real click on "Background" chooses it: one undo step. */
  depth = tsr_undo_stack_get_depth (stack);
  g_assert_true (tsr_test_xtest_click (xtest, editor));
  row = NULL;
  for (guint wait = 0; wait < 100 && (row == NULL || !gtk_widget_get_mapped (row)); wait++)
    {
      tsr_test_ui_iterate_for (100);
      row = tsr_test_ui_find_widget (editor, match_label_text, "Background");
    }
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  popover = gtk_widget_get_ancestor (row, GTK_TYPE_POPOVER);
  g_assert_nonnull (popover);
  tsr_test_ui_save_screenshot (popover, screenshot_dir, "doom2d-handson-panel-type-list.png");
  tsr_test_xtest_watch (xtest, popover);
  g_assert_true (tsr_test_xtest_click (xtest, row));
  g_assert_true (tsr_test_xtest_wait_closed (xtest, popover));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpint (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[TSR_DOOM2D_PANEL_TYPE].v[0], ==,
                   TSR_DOOM2D_PANEL_BACK);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
  g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (editor))), ==, "Background");
  g_assert_null (panel_type_error (document, panel));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-panel-type.png");
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (50);
  g_assert_cmpint (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[TSR_DOOM2D_PANEL_TYPE].v[0], ==,
                   TSR_DOOM2D_PANEL_WALL);

  /* Wall + Background, as an older file or another editor may hold it: the drop-down names no
   * choice, and the map check lists an error on that panel (as `validate` does: the same check). */
  value.v[0] = TSR_DOOM2D_PANEL_WALL | TSR_DOOM2D_PANEL_BACK;
  g_assert_true (tsr_doom2d_document_set_field (document, TSR_DOOM2D_KIND_PANEL, panel, FALSE, TSR_DOOM2D_PANEL_TYPE,
                                                &value, NULL, &error));
  g_assert_no_error (error);
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (editor)), ==, GTK_INVALID_LIST_POSITION);
  g_assert_nonnull (panel_type_error (document, panel));
  g_assert_nonnull (strstr (panel_type_error (document, panel)->what, "Wall + Background"));
  findings = tsr_doom2d_map_page_get_findings (page);
  tsr_doom2d_map_page_show_page (page, "problems");
  tsr_findings_view_refresh (findings);
  tsr_test_ui_iterate_for (200);
  for (guint i = 0; i < tsr_findings_view_get_n_findings (findings); i++)
    if (strstr (tsr_findings_view_get_finding (findings, i)->what, "not one panel type") != NULL)
      found = i;
  g_assert_cmpuint (found, !=, G_MAXUINT);
  g_assert_cmpint (tsr_findings_view_get_finding (findings, found)->severity, ==, TSR_SEVERITY_ERROR);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-panel-type-check.png");
  /* None (0) is refused the same way (CreatePanel: "else exit"). */
  value.v[0] = 0;
  g_assert_true (tsr_doom2d_document_set_field (document, TSR_DOOM2D_KIND_PANEL, panel, FALSE, TSR_DOOM2D_PANEL_TYPE,
                                                &value, NULL, &error));
  g_assert_nonnull (panel_type_error (document, panel));
  tsr_test_ui_iterate_for (50);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (editor)), ==, GTK_INVALID_LIST_POSITION);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (50);
  g_assert_null (panel_type_error (document, panel));
  g_assert_false (tsr_document_get_modified (TSR_DOCUMENT (document)));

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  close_window (window);
}


/* The name the inspector shows for texture record T (the path's last part). */
static const char *
texture_name (TsrDoom2dMap *map,
              guint         t)
{
  const char *path = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, t)->values[TSR_DOOM2D_TEXTURE_PATH].text;
  const char *name = path != NULL ? strrchr (path, '\\') : NULL;

  return name != NULL ? name + 1 : path;
}

/* A texture other than EXCEPT whose name is ASCII letters and digits (typed key by key: XTest types "_" as "-") and
 * which no other record shares; G_MAXUINT when none. */
static guint
typable_texture (TsrDoom2dMap *map,
                 gint64        except,
                 gint64        except2)
{
  guint n = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE);

  for (guint t = 0; t < n; t++)
    {
      const char *name = texture_name (map, t);
      gboolean ok = name != NULL && *name != '\0' && t != except && t != except2;

      for (const char *c = name; ok && *c != '\0'; c++)
        ok = g_ascii_isalnum (*c);
      for (guint u = 0; ok && u < n; u++)
        ok = u == t || g_ascii_strcasecmp (texture_name (map, u), name) != 0;
      if (ok)
        return t;
    }
  return G_MAXUINT;
}

/* Opens CHOOSER's list with a real click and types the name of texture T: the keys go to the
 * list's search (GTK 4.8's drop-down focuses the chosen row, and its search took no keys until
 * clicked), which leaves only the names starting with it. Returns the row of T, mapped. */
static GtkWidget *
search_texture_list (TsrTestXTest *xtest,
                     TsrDoom2dMap *map,
                     GtkWidget    *chooser,
                     guint         t)
{
  GtkWidget *popover = NULL, *search, *list, *row = NULL;
  guint want = 0, shown = G_MAXUINT;

  g_assert_true (tsr_test_xtest_click (xtest, chooser));
  for (guint wait = 0; wait < 100 && (popover == NULL || !gtk_widget_get_mapped (popover)); wait++)
    {
      tsr_test_ui_iterate_for (100);
      popover = tsr_test_ui_find_widget (chooser, tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_POPOVER));
    }
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_mapped (popover));
  search = tsr_test_ui_find_widget (popover, tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_SEARCH_ENTRY));
  list = tsr_test_ui_find_widget (popover, tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_LIST_VIEW));
  g_assert_nonnull (search);
  g_assert_nonnull (list);
  tsr_test_xtest_watch (xtest, popover);
  tsr_test_xtest_type_text (xtest, texture_name (map, t));
  /* XTest types the letters without Shift; the search ignores case. */
  g_assert_cmpint (g_ascii_strcasecmp (gtk_editable_get_text (GTK_EDITABLE (search)), texture_name (map, t)), ==, 0);
  for (guint u = 0; u < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE); u++)
    if (g_ascii_strncasecmp (texture_name (map, u), texture_name (map, t), strlen (texture_name (map, t))) == 0)
      want++;
  /* The entry filters after its search delay. */
  for (guint wait = 0; wait < 100 && (shown != want || row == NULL || !gtk_widget_get_mapped (row)); wait++)
    {
      tsr_test_ui_iterate_for (100);
      shown = g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list))));
      row = tsr_test_ui_find_widget (list, match_label_text, texture_name (map, t));
    }
  g_assert_cmpuint (shown, ==, want);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  return row;
}

/* Replaces the text of ENTRY by a real click, Ctrl+A and TEXT typed, then Return. */
static void
type_into (TsrTestXTest *xtest,
           GtkWidget    *entry,
           const char   *text)
{
  g_assert_true (tsr_test_xtest_click (xtest, entry));
  tsr_test_ui_iterate_for (50);
  g_assert_true (gtk_widget_has_focus (entry) || gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (gtk_widget_get_root (entry))), entry));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
  tsr_test_xtest_type_text (xtest, text);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
  tsr_test_ui_iterate_for (100);
}

/* Issue 36: references showed as raw numbers (Texture "7", Panelid "104"), a typed texture name
 * was refused without a word, and the labels were schema names ("Panelid", "D2d"). Now a panel's
 * texture shows and takes its name, a drop-down beside it lists the map's textures, a refused
 * value says why under its editor, a panel reference reads "Panel 104 (Wall, STONE1)", and every
 * field has a label for people. Saved, only that panel's texture index differs. */
static void
test_inspector_references (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("doom2d");
  g_autofree char *original_bytes = NULL, *saved_bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autofree char *path = NULL;
  TsrWindow *window;
  TsrDoom2dMapPage *page;
  TsrDoom2dDocument *document;
  TsrDoom2dMap *map, *original, *saved;
  TsrMapCanvas *canvas;
  TsrUndoStack *stack;
  TsrPropertyInspector *inspector;
  GtkWidget *entry, *chooser, *row = NULL, *popover;
  gsize original_size = 0, saved_size = 0;
  guint panel, typed, picked, depth, first_diff = G_MAXUINT, last_diff = 0;
  gint64 before;
  double vx = 0, vy = 0;

  if (source == NULL)
    {
      g_test_skip ("no doom2d test data");
      return;
    }
  page = open_map (source, NULL, "references", &window);
  path = g_build_filename (work_dir, "references", "df_MAP01.map", NULL);
  g_assert_true (g_file_get_contents (path, &original_bytes, &original_size, NULL));
  original = tsr_test_doom2d_load_map (path);
  canvas = tsr_doom2d_map_page_get_canvas (page);
  document = TSR_DOOM2D_DOCUMENT (tsr_edit_session_get_document (tsr_doom2d_map_page_get_session (page)));
  map = tsr_doom2d_document_get_map (document);
  stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  inspector = tsr_doom2d_map_page_get_inspector (page);
  xtest = tsr_test_xtest_new (GTK_WINDOW (window), &error);
  g_assert_no_error (error);

  /* A wall selected by a real click. */
  tsr_map_canvas_set_zoom (canvas, 1.0);
  panel = tsr_test_doom2d_center_panel (document, canvas, TSR_DOOM2D_PANEL_WALL, &vx, &vy);
  g_assert_cmpuint (panel, !=, G_MAXUINT);
  tsr_doom2d_map_page_show_page (page, "inspector");
  tsr_test_doom2d_real_click (xtest, canvas, vx, vy);
  g_assert_true (panel_selected (page, document, panel));
  tsr_test_ui_iterate_for (100);
  before = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[TSR_DOOM2D_PANEL_TEXTURE].v[0];

  /* The texture by its name, with a list beside it; labels for people. */
  entry = tsr_property_inspector_get_editor (inspector, "texture");
  chooser = tsr_property_inspector_get_chooser (inspector, "texture");
  g_assert_true (GTK_IS_ENTRY (entry));
  g_assert_true (GTK_IS_DROP_DOWN (chooser));
  g_assert_true (gtk_widget_get_mapped (entry));
  g_assert_true (gtk_widget_get_mapped (chooser));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, texture_name (map, (guint) before));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (chooser))), ==,
                    tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (chooser)), ==, (guint) before);
  g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (inspector), match_label_text, "Transparency"));
  g_assert_null (tsr_test_ui_find_widget (GTK_WIDGET (inspector), match_label_text, "Alpha"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-references.png");

  /* A texture's name typed for real: the panel takes it, one undo step. */
  typed = typable_texture (map, before, -1);
  g_assert_cmpuint (typed, !=, G_MAXUINT);
  depth = tsr_undo_stack_get_depth (stack);
  type_into (xtest, entry, texture_name (map, typed));
  g_assert_cmpstr (tsr_property_inspector_get_error (inspector), ==, NULL);
  g_assert_cmpint (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[TSR_DOOM2D_PANEL_TEXTURE].v[0], ==, typed);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, texture_name (map, typed));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (chooser)), ==, typed);

  /* A name the map has no texture of: refused, and the inspector says why under the field. */
  type_into (xtest, entry, "nosuchtex");
  g_assert_cmpint (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[TSR_DOOM2D_PANEL_TEXTURE].v[0], ==, typed);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
  g_assert_nonnull (tsr_property_inspector_get_error (inspector));
  g_assert_nonnull (strstr (tsr_property_inspector_get_error (inspector), "nosuchtex"));
  g_assert_nonnull (tsr_property_inspector_get_hint (inspector, "texture"));
  g_assert_nonnull (strstr (tsr_property_inspector_get_hint (inspector, "texture"), "nosuchtex"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, texture_name (map, typed));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-references-refused.png");

  /* The list: a real click opens it, the name typed into its search, a real click on the row. */
  picked = typable_texture (map, before, typed);
  g_assert_cmpuint (picked, !=, G_MAXUINT);
  row = search_texture_list (xtest, map, chooser, picked);
  popover = gtk_widget_get_ancestor (row, GTK_TYPE_POPOVER);
  g_assert_nonnull (popover);
  tsr_test_ui_save_screenshot (popover, screenshot_dir, "doom2d-handson-references-list.png");
  tsr_test_xtest_watch (xtest, popover);
  g_assert_true (tsr_test_xtest_click (xtest, row));
  g_assert_true (tsr_test_xtest_wait_closed (xtest, popover));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpint (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[TSR_DOOM2D_PANEL_TEXTURE].v[0], ==, picked);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 2);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, texture_name (map, picked));
  /* The refusal's message goes once an edit is taken. */
  g_assert_null (tsr_property_inspector_get_error (inspector));

  /* Saved with a real Ctrl+S and read back by the codec: only that panel's texture changed, in
   * the two bytes of its index. */
  tsr_test_xtest_save (xtest, window);
  g_assert_true (g_file_get_contents (path, &saved_bytes, &saved_size, NULL));
  g_assert_cmpuint (saved_size, ==, original_size);
  for (gsize i = 0; i < saved_size; i++)
    if (saved_bytes[i] != original_bytes[i])
      {
        first_diff = MIN (first_diff, (guint) i);
        last_diff = (guint) i;
      }
  g_assert_cmpuint (first_diff, !=, G_MAXUINT);
  g_assert_cmpuint (last_diff - first_diff, <, 2);
  saved = tsr_test_doom2d_load_map (path);
  g_assert_true (tsr_test_doom2d_records_equal (original->header, saved->header));
  for (guint k = TSR_DOOM2D_KIND_TEXTURE; k < TSR_DOOM2D_N_KINDS; k++)
    {
      g_assert_cmpuint (tsr_doom2d_map_count (saved, k), ==, tsr_doom2d_map_count (original, k));
      for (guint i = 0; i < tsr_doom2d_map_count (original, k); i++)
        {
          TsrDoom2dRecord *want = (TsrDoom2dRecord *) tsr_doom2d_map_get (original, k, i);

          /* What the edit should have changed, and nothing else. */
          if (k == TSR_DOOM2D_KIND_PANEL && i == panel)
            {
              g_assert_cmpint (want->values[TSR_DOOM2D_PANEL_TEXTURE].v[0], ==, before);
              want->values[TSR_DOOM2D_PANEL_TEXTURE].v[0] = picked;
            }
          if (!tsr_test_doom2d_records_equal (want, tsr_doom2d_map_get (saved, k, i)))
            g_error ("%s %u changed", tsr_doom2d_record_type (k)->table.name, i);
        }
    }
  tsr_doom2d_map_free (saved);
  tsr_doom2d_map_free (original);

  /* The same at 1920×1080 (TSR_TEST_SCREEN of the test's display): the inspector, and the list
   * searched by typing and picked from by a real click. */
  g_assert_true (tsr_test_ui_resize_window (GTK_WINDOW (window), 1920, 1080));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-references-1920.png");
  row = search_texture_list (xtest, map, chooser, typed);
  popover = gtk_widget_get_ancestor (row, GTK_TYPE_POPOVER);
  tsr_test_ui_save_screenshot (popover, screenshot_dir, "doom2d-handson-references-list-1920.png");
  g_assert_true (tsr_test_xtest_click (xtest, row));
  g_assert_true (tsr_test_xtest_wait_closed (xtest, popover));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpint (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, panel)->values[TSR_DOOM2D_PANEL_TEXTURE].v[0], ==, typed);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 3);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, texture_name (map, typed));

  /* A panel reference reads as the panel: a trigger's switch panel. */
  for (guint t = 0; t < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER); t++)
    {
      const TsrDoom2dRecord *trigger = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, t);
      gint64 target = trigger->values[TSR_DOOM2D_TRIGGER_TEXTURE_PANEL].v[0];
      TsrElementRef ref = tsr_doom2d_document_record_to_element (document, TSR_DOOM2D_KIND_TRIGGER, t);
      g_autofree char *expected = NULL;
      const TsrDoom2dRecord *target_panel;

      if (target < 0 || (guint64) target >= tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL))
        continue;
      target_panel = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, (guint) target);
      tsr_selection_set (tsr_edit_session_get_selection (tsr_doom2d_map_page_get_session (page)), &ref, 1);
      tsr_test_ui_iterate_for (100);
      entry = tsr_property_inspector_get_editor (inspector, "texture_panel");
      g_assert_true (GTK_IS_ENTRY (entry));
      expected = g_strdup_printf ("Panel %" G_GINT64_FORMAT " (", target);
      g_assert_true (g_str_has_prefix (gtk_editable_get_text (GTK_EDITABLE (entry)), expected));
      g_assert_nonnull (strstr (gtk_editable_get_text (GTK_EDITABLE (entry)),
                                texture_name (map, (guint) target_panel->values[TSR_DOOM2D_PANEL_TEXTURE].v[0])));
      g_assert_nonnull (tsr_test_ui_find_widget (GTK_WIDGET (inspector), match_label_text, "Switch panel"));
      g_assert_nonnull (tsr_property_inspector_get_chooser (inspector, "texture_panel"));
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-references-panel.png");
      break;
    }

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  close_window (window);
}

/* Every field of every record type and trigger layout has a label for people, not its schema
 * name made into words ("Panelid", "D2d"). */
static void
test_field_labels (void)
{
  for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
    {
      const TsrFieldTable *table = &tsr_doom2d_record_type (k)->table;

      for (guint f = 0; f < table->n_fields; f++)
        if (table->fields[f].label == NULL)
          g_error ("%s.%s has no label", table->name, table->fields[f].name);
    }
  for (guint type = 0; type < 256; type++)
    {
      const TsrDoom2dTriggerLayout *layout = tsr_doom2d_trigger_layout (type);

      for (guint f = 0; layout != NULL && f < layout->table.n_fields; f++)
        if (layout->table.fields[f].label == NULL)
          g_error ("trigger %s.%s has no label", layout->table.name, layout->table.fields[f].name);
    }
}

/* Waits (up to 10 s, iterating the main loop) until PAGE's animation tick is installed (ON) or not. */
static gboolean
wait_animating (TsrDoom2dMapPage *page,
                gboolean          on)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (tsr_doom2d_map_page_is_animating (page) != on && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (20);
  return tsr_doom2d_map_page_is_animating (page) == on;
}

/* Issue 36: an idle editor with animated textures used ~8.5 % of a core. Now the tick callback
 * runs only while the view shows an animated texture and the window is active: it is removed when
 * another window takes the focus or the view shows no animation, and comes back with either. */
static void
test_idle_animation (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("doom2d");
  g_autofree char *game = NULL;
  g_autofree char *wad = NULL;
  TsrWindow *window;
  TsrDoom2dMapPage *page;
  TsrMapCanvas *canvas;
  TsrTestXTest *xtest, *other_xtest;
  GtkWidget *other;
  gint64 end;

  if (source == NULL)
    {
      g_test_skip ("no doom2d test data");
      return;
    }
  game = g_build_filename (work_dir, "animation-game", NULL);
  g_assert_cmpint (g_mkdir_with_parents (game, 0700), ==, 0);
  wad = tsr_test_pack_standart_wad (source, game);
  g_assert_nonnull (wad);
  page = open_map (source, game, "animation", &window);
  canvas = tsr_doom2d_map_page_get_canvas (page);
  g_assert_true (tsr_doom2d_panel_layer_has_animations (tsr_doom2d_map_page_get_panel_layer (page)));
  tsr_map_canvas_zoom_to_fit (canvas);
  /* The keyboard focus on the editor (Xvfb runs no window manager). */
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_true (gtk_window_is_active (GTK_WINDOW (window)));
  /* The whole map in view, the window active: the water and the lights play. */
  g_assert_true (wait_animating (page, TRUE));

  /* Another window takes the focus: the tick callback goes. */
  other = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (other), 200, 200);
  other_xtest = tsr_test_xtest_drive (GTK_WINDOW (other));
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (gtk_window_is_active (GTK_WINDOW (window)) && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (20);
  g_assert_false (gtk_window_is_active (GTK_WINDOW (window)));
  g_assert_true (wait_animating (page, FALSE));
  tsr_test_ui_iterate_for (200);
  g_assert_false (tsr_doom2d_map_page_is_animating (page));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-animation-inactive.png");

  /* Back to the editor: it plays again. */
  g_clear_pointer (&other_xtest, tsr_test_xtest_free);
  gtk_window_destroy (GTK_WINDOW (other));
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_true (gtk_window_is_active (GTK_WINDOW (window)));
  g_assert_true (wait_animating (page, TRUE));

  /* A view of nothing but the void beyond the map: no animation shown, no tick; the whole map in
   * view again: the tick is back. */
  tsr_map_canvas_set_zoom (canvas, 1.0);
  tsr_map_canvas_center_on (canvas, -20000, -20000);
  g_assert_true (wait_animating (page, FALSE));
  tsr_map_canvas_zoom_to_fit (canvas);
  g_assert_true (wait_animating (page, TRUE));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "doom2d-handson-animation.png");

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  close_window (window);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "doom2d-handson-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/doom2d-handson-ui/nudge-grid", test_nudge_grid);
  g_test_add_func ("/doom2d-handson-ui/status-position-zoom", test_status_position_zoom);
  g_test_add_func ("/doom2d-handson-ui/missing-game-wad", test_missing_game_wad);
  g_test_add_func ("/doom2d-handson-ui/panel-type-choice", test_panel_type_choice);
  g_test_add_func ("/doom2d-handson-ui/inspector-references", test_inspector_references);
  g_test_add_func ("/doom2d-handson-ui/field-labels", test_field_labels);
  g_test_add_func ("/doom2d-handson-ui/idle-animation", test_idle_animation);
  status = g_test_run ();

  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
