/* test-spriteset-editor-ui.c: the Sphere spriteset editor (issue 38) driven by real X input (XTest
 * under Xvfb) on a copy of the real sarah.rss: a real click chooses the last direction, another
 * adds a direction after it and the name typed with real keys renames it; Import Frames… (a real
 * click, its file chooser answered) cuts a generated PNG strip of three frames into it; a real
 * click on the second thumbnail and typed digits set its delay; a real drag on the frame draws the
 * base rectangle, another from inside it moves it (one undo step); the pixel editor's Pencil,
 * chosen by a real click, draws a line on the first new frame with a real drag; a real Ctrl+Z and Ctrl+Shift+Z undo and redo the line; the play button plays the
 * direction; real clicks move a frame later and remove it, move the new direction up and remove
 * the one after it, and Export Direction… writes the strip (chooser answered; the PNG equals the
 * model's strip); a real Ctrl+S saves. The saved bytes are exactly the loaded spriteset with those
 * changes made by the codec's structs (byte for byte). A version 1 spriteset written here by the
 * spec opens in the sprite browser (a viewer): its 8 implied directions of 8 frames listed, a real
 * click on "south" and on play plays it, and the file stays unmodified. Exits 77 without a display
 * or XTest; under CI=true a missing XTest fails. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "edit/tsr-pixel-tools.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "model/sphere/tsr-sphere-document.h"
#include "views/assets/tsr-sprite-browser.h"
#include "views/sphere/tsr-spriteset-editor.h"
#include "views/tsr-pixel-canvas.h"
#include "tsr-test-common.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static gboolean
match_text (GtkWidget *widget, gconstpointer user_data)
{
  return GTK_IS_TEXT (widget);
}

static GtkWidget *
find_by_tooltip (GtkWidget *root, const char *tooltip)
{
  GtkWidget *widget = tsr_test_ui_find_widget (root, tsr_test_ui_match_tooltip, tooltip);

  g_assert_nonnull (widget);
  return widget;
}

static void
drag (TsrTestXTest *xtest, GtkWidget *widget, double x0, double y0, double x1, double y1)
{
  g_assert_true (tsr_test_xtest_move_to (xtest, widget, x0, y0, 8, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  g_assert_true (tsr_test_xtest_move_to (xtest, widget, x1, y1, 4, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  tsr_test_ui_iterate_for (100);
}

static void
test_add_direction_import_delay_base_draw (void)
{
  g_autofree char *data = tsr_test_ui_data_dir ("sphere");
  g_autofree char *source = g_build_filename (data, "sarah.rss", NULL);
  g_autofree char *path = g_build_filename (work_dir, "sarah.rss", NULL);
  g_autofree char *png_path = g_build_filename (work_dir, "wave.png", NULL);
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) original = NULL, saved = NULL, expected = NULL;
  g_autoptr(TsrSphereSpriteset) model = NULL;
  g_autoptr(TsrImage) strip = NULL;
  TsrSphereDirection *wave;
  TsrWindow *window;
  TsrSpritesetEditor *editor;
  TsrPixelCanvas *canvas;
  guint32 colour;
  GtkWidget *list, *flow, *preview, *delay, *row, *name_entry, *play;
  const TsrSphereSpriteset *spriteset;
  guint w, h, images, last;
  double x0, y0, x1, y1;
  gchar *contents;
  gsize size;

  g_assert_true (g_file_get_contents (source, &contents, &size, NULL));
  original = g_bytes_new_take (contents, size);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (original, NULL), (gssize) size, NULL));
  /* The model of what the save must write: the loaded spriteset, changed below as the UI is. */
  model = tsr_sphere_spriteset_parse (original, &error);
  g_assert_no_error (error);

  window = tsr_test_ui_open_in_window (application, path, 1280, 900, 200);
  editor = TSR_SPRITESET_EDITOR (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_SPRITESET_EDITOR));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  spriteset = tsr_sphere_document_get_edited_spriteset (TSR_SPHERE_DOCUMENT (tsr_window_get_document (window)));
  g_assert_nonnull (spriteset);
  w = spriteset->frame_width, h = spriteset->frame_height, images = spriteset->images->len;
  last = spriteset->directions->len - 1;
  list = tsr_test_ui_get_widget (GTK_WIDGET (editor), GTK_TYPE_LIST_BOX);
  flow = tsr_test_ui_get_widget (GTK_WIDGET (editor), GTK_TYPE_FLOW_BOX);
  preview = tsr_test_ui_get_widget (GTK_WIDGET (editor), GTK_TYPE_DRAWING_AREA);

  tsr_spriteset_editor_select (editor, 2, 0);
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "spriteset-editor-sarah.png");

  /* The pixel editor's layout settles over a few frames (its palette, its zoom) before input. */
  g_assert_true (tsr_test_ui_wait_for_frames (GTK_WIDGET (window), 5));

  /* A real click on the last direction, then on Add: the new direction follows it, named as typed. */
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), (int) last));
  g_assert_true (tsr_test_xtest_click (xtest, row));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_spriteset_editor_get_direction (editor), ==, last);
  g_assert_true (tsr_test_xtest_click (xtest, find_by_tooltip (GTK_WIDGET (editor), "Add a direction after the chosen one")));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (spriteset->directions->len, ==, last + 2);
  g_assert_cmpuint (tsr_spriteset_editor_get_direction (editor), ==, last + 1);
  name_entry = tsr_test_ui_get_widget (GTK_WIDGET (editor), GTK_TYPE_ENTRY);
  g_assert_true (gtk_widget_has_focus (tsr_test_ui_find_widget (name_entry, match_text, NULL)));
  tsr_test_xtest_type_text (xtest, "wave");
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
  tsr_test_ui_iterate_for (100);
  {
    g_autofree char *name = tsr_sphere_spriteset_direction_name (spriteset, last + 1);
    g_assert_cmpstr (name, ==, "wave");
  }
  wave = tsr_sphere_spriteset_add_direction (model, "wave");

  /* Import Frames… by a real click, the chooser answered with a generated strip of three frames. */
  strip = tsr_image_new (w * 3, h);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w * 3; x++)
      tsr_image_set_pixel (strip, x, y, x % 5 == 0 ? 0 : (guint32) ((x / w) * 0x50000000u + (y / 10) * 0x00600000u + 0x2040c0ffu));
  g_assert_true (tsr_image_save_png (strip, png_path, &error));
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (GTK_WIDGET (editor), tsr_test_ui_match_button_label,
                                                                        "_Import Frames…")));
  tsr_test_ui_answer_file_chooser (png_path, GTK_FILE_CHOOSER_ACTION_OPEN, screenshot_dir, "spriteset-editor-import-dialog.png");
  tsr_test_ui_iterate_for (200);
  g_assert_cmpuint (((const TsrSphereDirection *) g_ptr_array_index (spriteset->directions, last + 1))->frames->len, ==, 3);
  g_assert_cmpuint (spriteset->images->len, ==, images + 3);
  for (guint i = 0; i < 3; i++)
    {
      TsrSphereFrame frame = { 0 };

      frame.image = (guint16) (images + i);
      frame.delay = 8;
      frame.width = (guint16) w, frame.height = (guint16) h;
      g_ptr_array_add (model->images, tsr_image_crop (strip, i * w, 0, w, h));
      g_array_append_val (wave->frames, frame);
    }

  /* A real click on the second thumbnail, its delay typed with real keys. */
  g_assert_true (tsr_test_xtest_click (xtest, GTK_WIDGET (gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (flow), 1))));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_spriteset_editor_get_frame (editor), ==, 1);
  delay = find_by_tooltip (GTK_WIDGET (editor), "How many map-engine frames the frame shown stays while the person walks");
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (delay, match_text, NULL)));
  tsr_test_xtest_type_number (xtest, 23);
  tsr_test_ui_iterate_for (100);
  g_array_index (wave->frames, TsrSphereFrame, 1).delay = 23;
  g_assert_cmpuint (g_array_index (((const TsrSphereDirection *) g_ptr_array_index (spriteset->directions, last + 1))->frames,
                                   TsrSphereFrame, 1).delay, ==, 23);

  /* A real drag on the frame (the base tool is chosen) from pixel (12, 27), below sarah's base, to
   * (3, 20): a new base. */
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "spriteset-editor-imported.png");
  /* The frame chosen and its typed delay are laid out and drawn before its pixels are located
   * (this drag's first move once failed under the sanitizers' load). */
  g_assert_true (tsr_test_ui_wait_for_frames (preview, 3));
  tsr_spriteset_editor_pixel_point (editor, 12, 27, &x0, &y0);
  tsr_spriteset_editor_pixel_point (editor, 3, 20, &x1, &y1);
  drag (xtest, preview, x0, y0, x1, y1);
  g_assert_cmpint (spriteset->base_x1, ==, 3);
  g_assert_cmpint (spriteset->base_y1, ==, 20);
  g_assert_cmpint (spriteset->base_x2, ==, 12);
  g_assert_cmpint (spriteset->base_y2, ==, 27);
  /* A drag that starts inside the base moves it, (5, 22) to (7, 21): one undo step. */
  tsr_spriteset_editor_pixel_point (editor, 5, 22, &x0, &y0);
  tsr_spriteset_editor_pixel_point (editor, 7, 21, &x1, &y1);
  drag (xtest, preview, x0, y0, x1, y1);
  g_assert_cmpint (spriteset->base_x1, ==, 5);
  g_assert_cmpint (spriteset->base_y1, ==, 19);
  g_assert_cmpint (spriteset->base_x2, ==, 14);
  g_assert_cmpint (spriteset->base_y2, ==, 26);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpint (spriteset->base_x1, ==, 3);
  g_assert_cmpint (spriteset->base_y2, ==, 27);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpint (spriteset->base_x1, ==, 5);
  model->base_x1 = 5, model->base_y1 = 19, model->base_x2 = 14, model->base_y2 = 26;

  /* The first new frame, the pixel editor's Pencil chosen by a real click, a line drawn in it by a
   * real drag in its colour. */
  g_assert_true (tsr_test_xtest_click (xtest, GTK_WIDGET (gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (flow), 0))));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_spriteset_editor_get_frame (editor), ==, 0);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "spriteset-editor-base.png");
  canvas = TSR_PIXEL_CANVAS (tsr_test_ui_get_widget (GTK_WIDGET (editor), TSR_TYPE_PIXEL_CANVAS));
  g_assert_true (tsr_test_xtest_click (xtest, find_by_tooltip (GTK_WIDGET (editor), "Pencil (B)")));
  g_assert_cmpint (tsr_pixel_canvas_get_tool (canvas), ==, TSR_PIXEL_TOOL_PENCIL);
  g_assert_cmpuint (tsr_pixel_canvas_get_index (canvas), ==, images);
  colour = tsr_pixel_canvas_get_colour (canvas);
  tsr_pixel_canvas_pixel_point (canvas, 2, 4, &x0, &y0);
  tsr_pixel_canvas_pixel_point (canvas, 9, 4, &x1, &y1);
  drag (xtest, GTK_WIDGET (canvas), x0, y0, x1, y1);
  tsr_pixel_line (g_ptr_array_index (model->images, images), 2, 4, 9, 4, colour);
  g_assert_true (memcmp (((TsrImage *) g_ptr_array_index (spriteset->images, images))->pixels,
                         ((TsrImage *) g_ptr_array_index (model->images, images))->pixels, (gsize) w * h * 4) == 0);
  /* The stroke is one step: a real Ctrl+Z takes the whole line back, Ctrl+Shift+Z brings it again. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (((TsrImage *) g_ptr_array_index (spriteset->images, images))->pixels[(4 * w + 5) * 4 + 3], ==,
                    strip->pixels[(4 * strip->width + 5) * 4 + 3]);
  g_assert_cmpint (spriteset->base_x1, ==, 5);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  tsr_test_ui_iterate_for (100);
  g_assert_true (memcmp (((TsrImage *) g_ptr_array_index (spriteset->images, images))->pixels,
                         ((TsrImage *) g_ptr_array_index (model->images, images))->pixels, (gsize) w * h * 4) == 0);

  /* The play button plays the direction at the game's speed. */
  play = find_by_tooltip (GTK_WIDGET (editor), "Play the direction at the game's speed (60 map-engine frames a second)");
  g_assert_true (tsr_test_xtest_click (xtest, play));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (play)));
  for (guint k = 0; k < 200 && tsr_spriteset_editor_get_frame (editor) == 0; k++)
    tsr_test_ui_iterate_for (20);
  g_assert_cmpuint (tsr_spriteset_editor_get_frame (editor), >, 0);
  g_assert_true (tsr_test_xtest_click (xtest, play));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (play)));

  /* Frames reordered and removed by real clicks: the first moved one place later, then the one
   * shown (the moved frame) removed; its image stays in the file. */
  g_assert_true (tsr_test_xtest_click (xtest, GTK_WIDGET (gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (flow), 0))));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_spriteset_editor_get_frame (editor), ==, 0);
  g_assert_true (tsr_test_xtest_click (xtest, find_by_tooltip (GTK_WIDGET (editor), "Move the frame shown one place later")));
  tsr_test_ui_iterate_for (100);
  {
    TsrSphereFrame first = g_array_index (wave->frames, TsrSphereFrame, 0);

    g_array_remove_index (wave->frames, 0);
    g_array_insert_val (wave->frames, 1, first);
  }
  g_assert_cmpuint (g_array_index (((const TsrSphereDirection *) g_ptr_array_index (spriteset->directions, last + 1))->frames,
                                   TsrSphereFrame, 1).image, ==, images);
  g_assert_cmpuint (tsr_spriteset_editor_get_frame (editor), ==, 1);
  g_assert_true (tsr_test_xtest_click (xtest, find_by_tooltip (GTK_WIDGET (editor), "Remove the frame shown (its image stays in the file)")));
  tsr_test_ui_iterate_for (100);
  g_array_remove_index (wave->frames, 1);
  g_assert_cmpuint (((const TsrSphereDirection *) g_ptr_array_index (spriteset->directions, last + 1))->frames->len, ==, 2);
  g_assert_cmpuint (spriteset->images->len, ==, images + 3);

  /* Directions: "wave" moved up by a real click, then the direction now after it removed. */
  g_assert_cmpuint (tsr_spriteset_editor_get_direction (editor), ==, last + 1);
  g_assert_true (tsr_test_xtest_click (xtest, find_by_tooltip (GTK_WIDGET (editor), "Move the chosen direction up")));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_spriteset_editor_get_direction (editor), ==, last);
  {
    gpointer moved = g_ptr_array_steal_index (model->directions, last + 1);

    g_ptr_array_insert (model->directions, (gint) last, moved);
  }
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), (int) last + 1));
  g_assert_true (tsr_test_xtest_click (xtest, row));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_spriteset_editor_get_direction (editor), ==, last + 1);
  g_assert_true (tsr_test_xtest_click (xtest, find_by_tooltip (GTK_WIDGET (editor), "Remove the chosen direction (its images stay in the file)")));
  tsr_test_ui_iterate_for (100);
  g_ptr_array_remove_index (model->directions, last + 1);
  g_assert_cmpuint (spriteset->directions->len, ==, last + 1);
  {
    g_autofree char *name = tsr_sphere_spriteset_direction_name (spriteset, last);
    g_assert_cmpstr (name, ==, "wave");
  }

  /* Export of the chosen direction by a real click, the chooser answered: the strip written is
   * the model's frames. */
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), (int) last));
  g_assert_true (tsr_test_xtest_click (xtest, row));
  tsr_test_ui_iterate_for (100);
  g_assert_cmpuint (tsr_spriteset_editor_get_direction (editor), ==, last);
  {
    g_autofree char *export_path = g_build_filename (work_dir, "wave-strip.png", NULL);
    g_autoptr(TsrImage) want = tsr_sphere_spriteset_export_sheet (model, (gint) last);
    g_autoptr(TsrImage) written = NULL;
    g_autoptr(GBytes) png = NULL;

    g_assert_true (tsr_test_xtest_click (xtest, find_by_tooltip (GTK_WIDGET (editor), "Write the chosen direction's frames as a PNG strip")));
    tsr_test_ui_answer_file_chooser (export_path, GTK_FILE_CHOOSER_ACTION_SAVE, screenshot_dir, "spriteset-editor-export-dialog.png");
    for (guint k = 0; k < 100 && !g_file_test (export_path, G_FILE_TEST_EXISTS); k++)
      tsr_test_ui_iterate_for (20);
    png = tsr_test_read_file (export_path);
    written = tsr_image_load_png (g_bytes_get_data (png, NULL), g_bytes_get_size (png), export_path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (written->width, ==, want->width);
    g_assert_cmpuint (written->height, ==, want->height);
    g_assert_cmpmem (written->pixels, (gsize) want->width * want->height * 4, want->pixels, (gsize) want->width * want->height * 4);
  }
  tsr_spriteset_editor_select (editor, last, 0);
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "spriteset-editor.png");

  /* A real Ctrl+S; the file is the model's bytes exactly. */
  tsr_test_xtest_save (xtest, window);
  g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
  saved = g_bytes_new_take (contents, size);
  expected = tsr_sphere_spriteset_serialize (model);
  g_assert_cmpuint (g_bytes_get_size (saved), ==, g_bytes_get_size (expected));
  g_assert_true (g_bytes_equal (saved, expected));
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

static gboolean
match_label_prefix (GtkWidget *widget, gconstpointer prefix)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix);
}

/* A version 1 spriteset of 64 16×16 images: a colour per direction, a bar whose place is the frame. */
static void
write_version1_spriteset (const char *path)
{
  g_autoptr(TsrSphereSpriteset) spriteset = tsr_sphere_spriteset_new (1, 16, 16);
  g_autoptr(GBytes) bytes = NULL;

  for (guint i = 0; i < 64; i++)
    {
      TsrImage *image = tsr_image_new (16, 16);
      guint d = i / 8, f = i % 8;

      for (guint y = 0; y < 16; y++)
        for (guint x = 0; x < 16; x++)
          {
            guint8 *p = image->pixels + (y * 16 + x) * 4;
            gboolean bar = x >= f * 2 && x < f * 2 + 2;

            p[0] = bar ? 255 : (guint8) (d & 1 ? 220 : 40);
            p[1] = bar ? 255 : (guint8) (d & 2 ? 200 : 60);
            p[2] = bar ? 255 : (guint8) (d & 4 ? 220 : 80);
            p[3] = 255;
          }
      g_ptr_array_add (spriteset->images, image);
    }
  spriteset->image_count = 64;
  spriteset->direction_count = 8;
  spriteset->base_x1 = 2, spriteset->base_y1 = 12, spriteset->base_x2 = 13, spriteset->base_y2 = 15;
  bytes = tsr_sphere_spriteset_serialize (spriteset);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));
}

static void
test_version1_in_sprite_browser (void)
{
  g_autofree char *path = g_build_filename (work_dir, "walker-v1.rss", NULL);
  g_autoptr(TsrTestXTest) xtest = NULL;
  TsrWindow *window;
  GtkWidget *browser, *list, *row, *play;
  const TsrSphereAnimation *animation;
  guint rows = 0;

  write_version1_spriteset (path);
  window = tsr_test_ui_open_in_window (application, path, 1280, 900, 200);
  browser = tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_SPRITE_BROWSER);
  g_assert_true (gtk_widget_get_mapped (browser));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  list = tsr_test_ui_get_widget (browser, GTK_TYPE_LIST_BOX);
  while (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), (int) rows) != NULL)
    rows++;
  g_assert_cmpuint (rows, ==, 8);
  g_assert_nonnull (tsr_test_ui_find_widget (browser, tsr_test_ui_match_mapped_label, "north · 8 frames"));
  g_assert_nonnull (tsr_test_ui_find_widget (browser, match_label_prefix, "north: frame 1 of 8 (image 0), delay 8"));

  /* A real click on "south" (direction 4: images 32 to 39), then on play. */
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 4));
  g_assert_true (tsr_test_xtest_click (xtest, row));
  tsr_test_ui_iterate_for (100);
  g_assert_nonnull (tsr_test_ui_find_widget (browser, match_label_prefix, "south: frame 1 of 8 (image 32), delay 8"));
  play = tsr_test_ui_find_widget (browser, tsr_test_ui_match_tooltip, "Play the animation with its delays");
  g_assert_nonnull (play);
  g_assert_true (tsr_test_xtest_click (xtest, play));
  animation = tsr_sprite_browser_get_animation (TSR_SPRITE_BROWSER (browser));
  /* Delay 8 at 60 updates a second: the third frame comes after about 0.27 s (bounded at 10 s). */
  for (guint i = 0; i < 1000 && animation->index < 2; i++)
    tsr_test_ui_iterate_for (10);
  g_assert_cmpuint (animation->index, >=, 2);
  tsr_sprite_browser_set_playing (TSR_SPRITE_BROWSER (browser), FALSE);
  tsr_test_ui_iterate_for (100);
  g_assert_nonnull (tsr_test_ui_find_widget (browser, match_label_prefix, "south: frame "));
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "sprite-browser-version1.png");
  g_assert_false (tsr_document_get_modified (tsr_window_get_document (window)));
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  tsr_test_ui_close_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "spriteset-editor-ui", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();
  g_test_add_func ("/spriteset-editor-ui/add-direction-import-delay-base-draw", test_add_direction_import_delay_base_draw);
  g_test_add_func ("/spriteset-editor-ui/version1-in-sprite-browser", test_version1_in_sprite_browser);
  status = g_test_run ();
  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
