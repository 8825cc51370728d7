/* test-marathon-paint-ui.c: the Marathon map editor's paint tool, textures and texture picker
 * driven by real X input (XTest under Xvfb) on a copy of Dream Brother, with a Shapes file built
 * from the real shapes patches and PNG fixtures (tests/tsr-shapes-sample.c): a rubber band
 * selects three polygons and their floor height is typed into the inspector; the paint tool
 * paints a floor light along a drag across two more; a polygon's floor texture is clicked in the
 * texture picker; a real Ctrl+Z undoes each, Ctrl+Shift+Z redoes them, Ctrl+S saves, and the
 * codec finds the loaded level with exactly those fields changed and its derived data
 * recomputed, and no new validation error. Screenshots of the map
 * drawn with the textures and of the open picker. Exits 77 without a display or XTest. */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "edit/marathon/tsr-marathon-paint-tool.h"
#include "edit/tsr-vector-select-tool.h"
#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "tsr-marathon-test-maps.h"
#include "tsr-shapes-sample.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static void
map_to_view (TsrMapCanvas *canvas, double x, double y, double *vx, double *vy)
{
  TsrMapViewport viewport;

  tsr_map_canvas_get_viewport (canvas, &viewport);
  tsr_map_viewport_to_view (&viewport, x, y, vx, vy);
}

static const TsrMarathonPolygon *
polygon (const TsrMarathonLevel *level, guint index)
{
  return &g_array_index (level->polygons, TsrMarathonPolygon, index);
}

/* The mean of a polygon's vertices (inside it: polygons are convex). */
static void
inside_point (const TsrMarathonLevel *level, guint index, double *x, double *y)
{
  const TsrMarathonPolygon *p = polygon (level, index);

  *x = *y = 0;
  for (guint k = 0; k < p->vertex_count; k++)
    {
      TsrMarathonPoint point = tsr_marathon_level_point (level, (guint) p->endpoint_indexes[k]);

      *x += point.x / (double) p->vertex_count;
      *y += point.y / (double) p->vertex_count;
    }
}

/* A band around polygon A and two of its neighbours that holds exactly those three polygons,
 * with a corner on empty space (a press inside a polygon would grab it). */
static gboolean
find_band (TsrMarathonLevelMap *map, double max_width, double max_height, guint *three, TsrVectorBounds *band,
           guint *corner)
{
  TsrVectorMap *vector = TSR_VECTOR_MAP (map);
  const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);

  for (guint a = 0; a < level->polygons->len; a++)
    for (guint i = 0; i < polygon (level, a)->vertex_count; i++)
      for (guint j = i + 1; j < polygon (level, a)->vertex_count; j++)
        {
          gint b = polygon (level, a)->adjacent_polygon_indexes[i], c = polygon (level, a)->adjacent_polygon_indexes[j];
          guint members[3] = { a, (guint) b, (guint) c };
          TsrVectorBounds bounds;
          g_autoptr(GArray) inside = NULL;

          if (b < 0 || c < 0 || b == c)
            continue;
          tsr_vector_bounds_init_empty (&bounds);
          for (guint m = 0; m < 3; m++)
            {
              TsrElementRef ref = { TSR_ELEMENT_POLYGON, members[m] };
              TsrVectorBounds own;

              tsr_vector_map_get_element_bounds (vector, &ref, &own);
              tsr_vector_bounds_union (&bounds, &own);
            }
          /* A margin of 48 units (6 view pixels at the test's zoom). */
          bounds.x0 -= 48, bounds.y0 -= 48, bounds.x1 += 48, bounds.y1 += 48;
          if (bounds.x1 - bounds.x0 > max_width || bounds.y1 - bounds.y0 > max_height)
            continue;
          inside = tsr_vector_map_elements_in (vector, &bounds, TSR_ELEMENT_MASK (TSR_ELEMENT_POLYGON));
          if (inside->len != 3)
            continue;
          for (guint k = 0; k < 4; k++)
            {
              double x = k & 1 ? bounds.x1 : bounds.x0, y = k & 2 ? bounds.y1 : bounds.y0;

              if (!tsr_vector_map_hit_test (vector, x, y, TSR_TOOL_HIT_TOLERANCE * 2, 0.125, TSR_ELEMENT_MASK_ALL, NULL))
                {
                  memcpy (three, members, sizeof members);
                  *band = bounds;
                  *corner = k;
                  return TRUE;
                }
            }
        }
  return FALSE;
}

/* Two neighbours D, E (not in SKIP) whose inside points a straight drag joins through them alone. */
static gboolean
find_pair (TsrMarathonLevelMap *map, const guint *skip, guint n_skip, guint *d, guint *e)
{
  const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);

  for (guint a = level->polygons->len / 2; a < level->polygons->len; a++)
    for (guint i = 0; i < polygon (level, a)->vertex_count; i++)
      {
        gint b = polygon (level, a)->adjacent_polygon_indexes[i];
        double ax, ay, bx, by;
        gboolean clean = TRUE;

        if (b < 0 || polygon (level, a)->type == 5 || polygon (level, b)->type == 5
            || polygon (level, a)->floor_lightsource_index == polygon (level, b)->floor_lightsource_index)
          continue;
        for (guint s = 0; s < n_skip; s++)
          if (skip[s] == a || skip[s] == (guint) b)
            clean = FALSE;
        inside_point (level, a, &ax, &ay);
        inside_point (level, (guint) b, &bx, &by);
        for (guint t = 0; t <= 200 && clean; t++)
          {
            gint under = tsr_marathon_level_map_polygon_at (map, ax + (bx - ax) * t / 200, ay + (by - ay) * t / 200);

            clean = under == (gint) a || under == b;
          }
        if (clean)
          {
            *d = a;
            *e = (guint) b;
            return TRUE;
          }
      }
  return FALSE;
}

static gboolean
match_menu_button_label (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_MENU_BUTTON (widget) && g_strcmp0 (gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)), label) == 0;
}

/* A widget by the start of its tooltip: the tool bar holds several drop-downs and spin buttons. */
static gboolean
match_tooltip_prefix (GtkWidget *widget, gconstpointer prefix)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  return tooltip != NULL && g_str_has_prefix (tooltip, prefix);
}

static void
click (TsrTestXTest *xtest, GtkWidget *widget)
{
  g_assert_nonnull (widget);
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (tsr_test_xtest_click (xtest, widget));
  tsr_test_ui_iterate_for (100);
}

/* Waits for a popover to show. */
static void
wait_mapped (GtkWidget *widget)
{
  for (guint wait = 0; wait < 100 && !gtk_widget_get_mapped (widget); wait++)
    tsr_test_ui_iterate_for (100);
  tsr_test_ui_iterate_for (200);
  g_assert_true (gtk_widget_get_mapped (widget));
}

static void
type_number (TsrTestXTest *xtest, const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    g_assert_true (tsr_test_xtest_key (xtest, *c == '-' ? GDK_KEY_minus : GDK_KEY_0 + (*c - '0'), 0));
}

static void
key (TsrTestXTest *xtest, guint keyval, GdkModifierType modifiers)
{
  g_assert_true (tsr_test_xtest_key (xtest, keyval, modifiers));
  tsr_test_ui_iterate_for (80);
}

static void
test_paint_and_textures (void)
{
  g_autofree char *source = tsr_test_ui_data_dir ("marathon");
  g_autofree char *dir = NULL, *path = NULL, *shapes_path = NULL, *errors_before = NULL, *errors_after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GBytes) original = NULL, saved = NULL;
  g_autoptr(TsrMarathonScenario) before = NULL, after = NULL;
  g_autoptr(GFile) shapes_file = NULL;
  TsrMarathonLevel *level, *a_level, *b_level;
  TsrWindow *window;
  TsrMarathonMapPage *page;
  TsrMarathonMapEditor *editor;
  TsrMapCanvas *canvas;
  TsrMarathonLevelMap *map;
  TsrUndoStack *stack;
  TsrVectorBounds band = { 0 };
  TsrMarathonTexturePicker *picker;
  guint three[3] = { 0 }, corner = 0, d = 0, e = 0, f, collection, frame, n_frames;
  gint light = 0, side = -1;
  guint side_frame, n_objects;
  TsrMarathonObject monster;
  TsrMarathonLight light_before, light_after;
  TsrMarathonPalettes *palettes;
  double vx0, vy0, vx1, vy1, x, y;
  GtkWidget *entry, *thumbnail;

  path = tsr_test_ui_copy_data_file ("marathon", "chronicles_DreamBrother.sceA", work_dir, "marathon-paint");
  if (path == NULL)
    return;
  dir = g_path_get_dirname (path);
  original = tsr_file_read (path, &error);
  g_assert_no_error (error);
  before = tsr_marathon_scenario_load (original, "original", &error);
  g_assert_no_error (error);
  a_level = g_ptr_array_index (before->map->levels, 0);
  errors_before = tsr_marathon_test_validation_errors (a_level);

  /* The Shapes file: the real patches, and wall textures for every frame the level names. */
  {
    g_autoptr(TsrShapesFile) shapes = tsr_shapes_sample_build (source, NULL);
    g_autoptr(GBytes) bytes = NULL;
    guint needed[TSR_SHAPES_COLLECTION_COUNT] = { 0 };

    for (guint p = 0; p < a_level->polygons->len; p++)
      {
        guint16 textures[2] = { (guint16) polygon (a_level, p)->floor_texture, (guint16) polygon (a_level, p)->ceiling_texture };

        for (guint t = 0; t < 2; t++)
          if (textures[t] != TSR_MARATHON_DESCRIPTOR_NONE)
            needed[TSR_MARATHON_DESCRIPTOR_COLLECTION (textures[t])] =
              MAX (needed[TSR_MARATHON_DESCRIPTOR_COLLECTION (textures[t])], TSR_MARATHON_DESCRIPTOR_FRAME (textures[t]) + 1u);
      }
    collection = (guint) tsr_marathon_environment_wall_collection (a_level->info.environment_code);
    needed[collection] = MAX (needed[collection], 12);
    for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
      if (needed[c] > 0)
        {
          g_test_message ("collection %u: %u textures", c, needed[c]);
          tsr_shapes_sample_add_walls (shapes, c, needed[c]);
        }
    bytes = tsr_shapes_file_serialize (shapes);
    shapes_path = g_build_filename (dir, "test.shpA", NULL);
    g_assert_true (g_file_set_contents (shapes_path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));
    shapes_file = g_file_new_for_path (shapes_path);
  }

  window = tsr_test_ui_open_in_window (application, path, 1200, 800, 200);
  page = TSR_MARATHON_MAP_PAGE (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_MARATHON_MAP_PAGE));
  editor = tsr_marathon_map_page_get_map_editor (page);
  canvas = tsr_marathon_map_editor_get_canvas (editor);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (canvas)));
  map = tsr_marathon_map_editor_get_level_map (editor);
  level = tsr_marathon_level_map_get_level (map);
  stack = tsr_document_get_undo_stack (tsr_window_get_document (window));

  /* "Shapes File…"'s chooser ends in set_shapes_file; the choice is remembered for the scenario. */
  g_assert_true (tsr_marathon_map_editor_set_shapes_file (editor, shapes_file, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
    g_autoptr(GVariant) remembered = g_settings_get_value (settings, "marathon-scenario-shapes");
    g_autofree char *stored = NULL;

    g_assert_true (g_variant_lookup (remembered, path, "s", &stored));
    g_assert_cmpstr (stored, ==, shapes_path);
  }
  tsr_marathon_map_editor_set_draw_mode (editor, TSR_MARATHON_DRAW_FLOOR_TEXTURE);
  tsr_test_ui_iterate_for (300);
  g_assert_cmpuint (tsr_marathon_texture_layer_get_n_drawn (tsr_marathon_map_editor_get_texture_layer (editor)), >, 0);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-paint-textures.png");
  /* Every polygon is hatched (its texture is missing here): by fills of a pattern, never clips. */
  g_assert_cmpuint (tsr_test_ui_replay_through_boxes (GTK_WIDGET (canvas)), >, 0);
  tsr_map_canvas_set_zoom (canvas, 0.125);
  tsr_test_ui_iterate_for (100);

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* 1. A rubber band from empty space around three polygons; their floor height in the inspector. */
  /* The band fits in the canvas at 1 WU = 128 view pixels. */
  g_assert_true (find_band (map, 0.8 * gtk_widget_get_width (GTK_WIDGET (canvas)) / 0.125,
                            0.8 * gtk_widget_get_height (GTK_WIDGET (canvas)) / 0.125, three, &band, &corner));
  tsr_map_canvas_center_on (canvas, (band.x0 + band.x1) / 2, (band.y0 + band.y1) / 2);
  tsr_test_ui_iterate_for (150);
  map_to_view (canvas, corner & 1 ? band.x1 : band.x0, corner & 2 ? band.y1 : band.y0, &vx0, &vy0);
  map_to_view (canvas, corner & 1 ? band.x0 : band.x1, corner & 2 ? band.y0 : band.y1, &vx1, &vy1);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx0, vy0, 12, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx1, vy1, 12, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (150);
  entry = tsr_property_inspector_get_editor (tsr_marathon_map_editor_get_inspector (editor), "floor_height");
  g_assert_nonnull (entry);
  for (guint m = 0; m < 3; m++)
    {
      TsrElementRef ref = { TSR_ELEMENT_POLYGON, three[m] };
      g_assert_true (tsr_selection_contains (tsr_edit_session_get_selection (tsr_marathon_map_editor_get_session (editor)), &ref));
    }
  /* Focus scrolls the inspector to the field; then a real click into it. */
  gtk_widget_grab_focus (entry);
  tsr_test_ui_iterate_for (200);
  click (xtest, entry);
  key (xtest, GDK_KEY_a, GDK_CONTROL_MASK);
  type_number (xtest, "1536");
  key (xtest, GDK_KEY_Return, 0);
  for (guint m = 0; m < 3; m++)
    g_assert_cmpint (polygon (level, three[m])->floor_height, ==, 1536);
  g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 1);

  /* 2. Paint a floor light across two more polygons. */
  g_assert_true (find_pair (map, three, 3, &d, &e));
  while (light == polygon (level, d)->floor_lightsource_index || light == polygon (level, e)->floor_lightsource_index)
    light++;
  click (xtest, tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Paint"));
  {
    GtkWidget *dropdown = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_tooltip_prefix, "What to paint");
    TsrMarathonPaintTool *tool = TSR_MARATHON_PAINT_TOOL (tsr_marathon_map_editor_get_paint_tool (editor));
    GtkWidget *spin = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_tooltip_prefix, "The value to paint");
    char number[16];

    g_assert_true (GTK_IS_DROP_DOWN (dropdown));
    g_assert_true (GTK_IS_SPIN_BUTTON (spin));
    gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), TSR_MARATHON_PAINT_FLOOR_LIGHT);
    tsr_test_ui_iterate_for (100);
    g_assert_cmpuint (tsr_marathon_paint_tool_get_attribute (tool), ==, TSR_MARATHON_PAINT_FLOOR_LIGHT);
    /* The map shows what is painted. */
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-paint-lights.png");
    /* Into the text, left of the spin's buttons. */
    g_assert_true (tsr_test_xtest_move_to (xtest, spin, 12, gtk_widget_get_height (spin) / 2.0, 8, NULL, NULL));
    g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
    g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
    tsr_test_ui_iterate_for (100);
    key (xtest, GDK_KEY_a, GDK_CONTROL_MASK);
    g_snprintf (number, sizeof number, "%d", light);
    type_number (xtest, number);
    key (xtest, GDK_KEY_Return, 0);
    g_test_message ("spin text '%s'", gtk_editable_get_text (GTK_EDITABLE (spin)));
    g_assert_cmpint (tsr_marathon_paint_tool_get_value (tool), ==, light);
  }
  inside_point (level, d, &x, &y);
  tsr_map_canvas_center_on (canvas, x, y);
  tsr_test_ui_iterate_for (150);
  map_to_view (canvas, x, y, &vx0, &vy0);
  inside_point (level, e, &x, &y);
  map_to_view (canvas, x, y, &vx1, &vy1);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx0, vy0, 8, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx1, vy1, 10, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (150);
  g_assert_cmpint (polygon (level, d)->floor_lightsource_index, ==, light);
  g_assert_cmpint (polygon (level, e)->floor_lightsource_index, ==, light);
  g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 2);
  g_assert_cmpstr (tsr_undo_stack_get_undo_description (stack), ==, "Paint floor light");

  /* 3. A polygon's floor texture from the picker: click it with the select tool, open the picker. */
  click (xtest, tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Select"));
  /* With snapping on, a click on a polygon off the grid moves it onto the grid (the select tool's
   * drag snaps even a drag of length 0): this test changes textures only. */
  tsr_marathon_map_editor_set_snap (editor, FALSE);
  f = d;
  /* A polygon a click in its middle selects (no line, point or object within reach). */
  for (guint p = 0; p < level->polygons->len; p++)
    {
      TsrElementRef hit;

      if (p == three[0] || p == three[1] || p == three[2] || p == d || p == e)
        continue;
      inside_point (level, p, &x, &y);
      if (tsr_vector_map_hit_test (TSR_VECTOR_MAP (map), x, y, TSR_TOOL_HIT_TOLERANCE, tsr_map_canvas_get_zoom (canvas),
                                   TSR_ELEMENT_MASK_ALL, &hit)
          && hit.kind == TSR_ELEMENT_POLYGON && hit.index == p)
        {
          f = p;
          break;
        }
    }
  inside_point (level, f, &x, &y);
  tsr_map_canvas_center_on (canvas, x, y);
  tsr_test_ui_iterate_for (150);
  map_to_view (canvas, x, y, &vx0, &vy0);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx0, vy0, 8, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (150);
  {
    GtkWidget *button = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_menu_button_label, "Floor Texture…");

    /* Below the inspector's fields: focus scrolls to it. */
    g_assert_nonnull (button);
    gtk_widget_grab_focus (button);
    tsr_test_ui_iterate_for (200);
    click (xtest, button);
  }
  picker = tsr_marathon_map_editor_get_texture_picker (editor, "floor");
  /* A loaded machine may take a while to show the popover. */
  for (guint wait = 0; wait < 100 && !gtk_widget_get_mapped (GTK_WIDGET (picker)); wait++)
    tsr_test_ui_iterate_for (100);
  tsr_test_ui_iterate_for (200);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (picker)));
  g_assert_cmpuint (tsr_marathon_texture_picker_get_collection (picker), ==, collection);
  n_frames = tsr_marathon_textures_get_n_frames (tsr_marathon_map_editor_get_textures (editor), collection);
  g_assert_cmpuint (n_frames, >=, 12);
  frame = (TSR_MARATHON_DESCRIPTOR_FRAME ((guint16) polygon (level, f)->floor_texture) + 5) % 12;
  thumbnail = tsr_marathon_texture_picker_get_thumbnail (picker, frame);
  g_assert_nonnull (thumbnail);
  gtk_widget_grab_focus (thumbnail);
  tsr_test_xtest_watch (xtest, thumbnail);
  tsr_test_ui_iterate_for (200);
  /* The popover is a surface of its own. */
  tsr_test_ui_save_screenshot (GTK_WIDGET (picker), screenshot_dir, "marathon-paint-picker.png");
  click (xtest, thumbnail);
  tsr_test_ui_iterate_for (150);
  g_assert_cmpuint ((guint16) polygon (level, f)->floor_texture, ==, TSR_MARATHON_DESCRIPTOR (collection, 0, frame));
  for (guint i = 0; i < tsr_undo_stack_get_n_entries (stack); i++)
    g_test_message ("undo step %u: %s", i, tsr_undo_stack_get_entry_description (stack, i));
  g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 3);
  tsr_marathon_map_editor_set_draw_mode (editor, TSR_MARATHON_DRAW_FLOOR_TEXTURE);
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-paint-textured.png");
  /* Landscape surfaces draw as the sky, not as a texture. */
  {
    guint n_sky = 0;

    for (guint p = 0; p < level->polygons->len; p++)
      n_sky += tsr_marathon_texture_is_landscape ((guint16) polygon (level, p)->ceiling_texture,
                                                  polygon (level, p)->ceiling_transfer_mode);
    tsr_marathon_map_editor_set_draw_mode (editor, TSR_MARATHON_DRAW_CEILING_TEXTURE);
    tsr_map_canvas_zoom_to_fit (canvas);
    tsr_test_ui_iterate_for (300);
    g_test_message ("%u landscape ceilings, %u drawn as sky", n_sky,
                    tsr_marathon_texture_layer_get_n_landscapes (tsr_marathon_map_editor_get_texture_layer (editor)));
    g_assert_cmpuint (tsr_marathon_texture_layer_get_n_landscapes (tsr_marathon_map_editor_get_texture_layer (editor)), ==, n_sky);
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-paint-ceilings.png");
    tsr_map_canvas_set_zoom (canvas, 0.125);
    tsr_marathon_map_editor_set_draw_mode (editor, TSR_MARATHON_DRAW_FLOOR_TEXTURE);
    tsr_test_ui_iterate_for (150);
  }

  /* 4. A side's texture from the picker: a real click selects a line, "Primary…" under its
   * clockwise side opens the same picker, a thumbnail sets it. */
  for (guint l = 0; l < level->lines->len; l++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, l);
      TsrMarathonPoint p, q;
      TsrElementRef hit;

      if (line->clockwise_side_index < 0 || (guint) line->clockwise_side_index >= level->sides->len)
        continue;
      p = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[0]);
      q = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[1]);
      x = (p.x + q.x) / 2.0, y = (p.y + q.y) / 2.0;
      if (hypot (q.x - p.x, q.y - p.y) > 512
          && tsr_vector_map_hit_test (TSR_VECTOR_MAP (map), x, y, TSR_TOOL_HIT_TOLERANCE, tsr_map_canvas_get_zoom (canvas),
                                      TSR_ELEMENT_MASK_ALL, &hit)
          && hit.kind == TSR_ELEMENT_SEGMENT && hit.index == l)
        {
          side = line->clockwise_side_index;
          break;
        }
    }
  g_assert_cmpint (side, >=, 0);
  tsr_map_canvas_center_on (canvas, x, y);
  tsr_test_ui_iterate_for (150);
  map_to_view (canvas, x, y, &vx0, &vy0);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx0, vy0, 8, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (150);
  picker = tsr_marathon_map_editor_get_texture_picker (editor, "clockwise:primary");
  {
    GtkWidget *button = gtk_widget_get_parent (GTK_WIDGET (picker));

    g_assert_true (GTK_IS_MENU_BUTTON (button));
    gtk_widget_grab_focus (button);
    tsr_test_ui_iterate_for (200);
    click (xtest, button);
  }
  wait_mapped (GTK_WIDGET (picker));
  g_assert_cmpuint (tsr_marathon_texture_picker_get_collection (picker), ==, collection);
  side_frame = (TSR_MARATHON_DESCRIPTOR_FRAME ((guint16) g_array_index (level->sides, TsrMarathonSide, side).primary_texture.texture) + 3) % 12;
  thumbnail = tsr_marathon_texture_picker_get_thumbnail (picker, side_frame);
  g_assert_nonnull (thumbnail);
  gtk_widget_grab_focus (thumbnail);
  tsr_test_xtest_watch (xtest, thumbnail);
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-acceptance-side-picker.png");
  click (xtest, thumbnail);
  tsr_test_ui_iterate_for (150);
  g_assert_cmpuint ((guint16) g_array_index (level->sides, TsrMarathonSide, side).primary_texture.texture, ==,
                    TSR_MARATHON_DESCRIPTOR (collection, 0, side_frame));
  g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 4);

  /* 5. A monster placed with its facing dragged out (south-east: 64) by the object tool. */
  click (xtest, tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label, "Objects"));
  {
    GtkWidget *kinds = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_tooltip_prefix, "Kind of object");
    GtkWidget *types = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_tooltip_prefix, "Type of object");

    g_assert_true (GTK_IS_DROP_DOWN (kinds) && gtk_widget_get_mapped (kinds));
    gtk_drop_down_set_selected (GTK_DROP_DOWN (kinds), 0);
    tsr_test_ui_iterate_for (50);
    /* Fighter (minor). */
    gtk_drop_down_set_selected (GTK_DROP_DOWN (types), 8);
    tsr_test_ui_iterate_for (50);
  }
  n_objects = level->objects->len;
  inside_point (level, f, &x, &y);
  tsr_map_canvas_center_on (canvas, x, y);
  tsr_test_ui_iterate_for (150);
  map_to_view (canvas, x, y, &vx0, &vy0);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx0, vy0, 8, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx0 + 30, vy0 + 30, 6, NULL, NULL));
  tsr_test_ui_iterate_for (100);
  /* The ring and arrow while dragging. */
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-acceptance-facing.png");
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), vx0 + 60, vy0 + 60, 6, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (150);
  g_assert_cmpuint (level->objects->len, ==, n_objects + 1);
  monster = g_array_index (level->objects, TsrMarathonObject, n_objects);
  g_assert_cmpint (monster.type, ==, 0);
  g_assert_cmpint (monster.index, ==, 8);
  g_assert_cmpint (monster.facing, ==, 64);
  g_assert_cmpint (monster.polygon_index, ==, (gint) f);
  g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 5);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "marathon-acceptance-monster.png");

  /* 6. A light's states in the light editor. */
  tsr_marathon_map_page_show (page, "palettes");
  palettes = tsr_marathon_map_page_get_palettes (page);
  tsr_marathon_palettes_set_kind (palettes, TSR_MARATHON_PALETTES_LIGHTS);
  tsr_marathon_palettes_select (palettes, 1);
  tsr_test_ui_iterate_for (200);
  light_before = g_array_index (level->lights, TsrMarathonLight, 1);
  {
    GtkWidget *period = tsr_property_inspector_get_editor (tsr_marathon_palettes_get_inspector (palettes), "primary_active.period");

    g_assert_true (GTK_IS_ENTRY (period));
    gtk_widget_grab_focus (period);
    tsr_test_ui_iterate_for (100);
    click (xtest, period);
    key (xtest, GDK_KEY_a, GDK_CONTROL_MASK);
    tsr_test_xtest_type_text (xtest, light_before.primary_active.period == 45 ? "46" : "45");
    key (xtest, GDK_KEY_Return, 0);
  }
  light_after = light_before;
  light_after.primary_active.period = light_before.primary_active.period == 45 ? 46 : 45;
  g_assert_cmpmem (&g_array_index (level->lights, TsrMarathonLight, 1), sizeof light_after, &light_after, sizeof light_after);
  g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 6);
  tsr_marathon_map_page_show (page, "map");
  tsr_test_ui_iterate_for (150);

  /* Undo each, then redo all, with real keys. */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (canvas)));
  key (xtest, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpmem (&g_array_index (level->lights, TsrMarathonLight, 1), sizeof light_before, &light_before, sizeof light_before);
  key (xtest, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (level->objects->len, ==, n_objects);
  key (xtest, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpint (g_array_index (level->sides, TsrMarathonSide, side).primary_texture.texture, ==,
                   g_array_index (a_level->sides, TsrMarathonSide, side).primary_texture.texture);
  key (xtest, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpint (polygon (level, f)->floor_texture, ==, polygon (a_level, f)->floor_texture);
  g_assert_cmpint (polygon (level, d)->floor_lightsource_index, ==, light);
  key (xtest, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpint (polygon (level, d)->floor_lightsource_index, ==, polygon (a_level, d)->floor_lightsource_index);
  g_assert_cmpint (polygon (level, e)->floor_lightsource_index, ==, polygon (a_level, e)->floor_lightsource_index);
  g_assert_cmpint (polygon (level, three[0])->floor_height, ==, 1536);
  key (xtest, GDK_KEY_z, GDK_CONTROL_MASK);
  for (guint m = 0; m < 3; m++)
    g_assert_cmpint (polygon (level, three[m])->floor_height, ==, polygon (a_level, three[m])->floor_height);
  g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 0);
  for (guint r = 0; r < 6; r++)
    key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpuint (tsr_undo_stack_get_position (stack), ==, 6);
  g_assert_cmpmem (&g_array_index (level->objects, TsrMarathonObject, n_objects), sizeof monster, &monster, sizeof monster);
  tsr_test_xtest_save (xtest, window);

  /* Exactly those fields changed. */
  saved = tsr_file_read (path, &error);
  g_assert_no_error (error);
  after = tsr_marathon_scenario_load (saved, "saved", &error);
  g_assert_no_error (error);
  b_level = g_ptr_array_index (after->map->levels, 0);
  /* Saving writes an edited level with the derived data the engine computes: the loaded level
   * with those fields set, derived, and nothing else changed. */
  for (guint m = 0; m < 3; m++)
    g_array_index (a_level->polygons, TsrMarathonPolygon, three[m]).floor_height = 1536;
  g_array_index (a_level->polygons, TsrMarathonPolygon, d).floor_lightsource_index = (gint16) light;
  g_array_index (a_level->polygons, TsrMarathonPolygon, e).floor_lightsource_index = (gint16) light;
  g_array_index (a_level->polygons, TsrMarathonPolygon, f).floor_texture = (gint16) TSR_MARATHON_DESCRIPTOR (collection, 0, frame);
  g_array_index (a_level->sides, TsrMarathonSide, side).primary_texture.texture = (gint16) TSR_MARATHON_DESCRIPTOR (collection, 0, side_frame);
  g_array_append_val (a_level->objects, monster);
  g_array_index (a_level->lights, TsrMarathonLight, 1) = light_after;
  tsr_marathon_derive_level (a_level);
  g_assert_cmpuint (b_level->polygons->len, ==, a_level->polygons->len);
  for (guint p = 0; p < a_level->polygons->len; p++)
    g_assert_cmpmem (&g_array_index (a_level->polygons, TsrMarathonPolygon, p), sizeof (TsrMarathonPolygon),
                     &g_array_index (b_level->polygons, TsrMarathonPolygon, p), sizeof (TsrMarathonPolygon));
  g_assert_cmpmem (a_level->lines->data, a_level->lines->len * sizeof (TsrMarathonLine),
                   b_level->lines->data, b_level->lines->len * sizeof (TsrMarathonLine));
  g_assert_cmpmem (a_level->sides->data, a_level->sides->len * sizeof (TsrMarathonSide),
                   b_level->sides->data, b_level->sides->len * sizeof (TsrMarathonSide));
  g_assert_cmpmem (a_level->objects->data, a_level->objects->len * sizeof (TsrMarathonObject),
                   b_level->objects->data, b_level->objects->len * sizeof (TsrMarathonObject));
  g_assert_cmpmem (a_level->lights->data, a_level->lights->len * sizeof (TsrMarathonLight),
                   b_level->lights->data, b_level->lights->len * sizeof (TsrMarathonLight));
  /* One object more: 16 bytes. */
  g_assert_cmpuint (g_bytes_get_size (saved), ==, g_bytes_get_size (original) + sizeof (TsrMarathonObject));
  errors_after = tsr_marathon_test_validation_errors (b_level);
  g_assert_cmpstr (errors_after, ==, errors_before);
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (100);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "marathon-paint-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/marathon-paint-ui/paint-and-textures", test_paint_and_textures);
  return tsr_test_ui_run (&application, work_dir, screenshot_dir);
}
