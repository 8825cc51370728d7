/* test-shapes-browser.c: the shapes browser in real windows, driven by real X input (XTest under
 * Xvfb). Each real shapes patch opens on the browser with its first collection's bitmaps shown
 * (a screenshot each). On a copy of a Shapes file built from the real patches: a PNG is imported
 * into the bitmap of a sequence's frame, the sequence's ticks per frame are typed into its field,
 * a real Ctrl+Z undoes that and Ctrl+Shift+Z redoes it, Ctrl+S saves; reloaded with the codec,
 * only that field and that bitmap changed, and the bitmap is the quantised picture. The sequence
 * then plays, and is stepped through three frames with the step button (a screenshot each).
 * Edit Pixels on a real RLE bitmap: colour-table entries chosen in the strip, a pencil stroke and
 * a flood fill by real input (keys B and G), undo and redo, Ctrl+S; reloaded with the codec, the
 * bitmap holds exactly the intended indexes and nothing else changed.
 * Exits 77 without a display or without XTest; under CI=true a missing XTest fails. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "model/tsr-undo-stack.h"
#include "formats/marathon/tsr-marathon-shapes.h"
#include "views/assets/tsr-images-browser.h"
#include "views/assets/tsr-shapes-browser.h"
#include "tsr-shapes-sample.h"
#include "tsr-test-common.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;

static TsrWindow *
open_in_window (const char *path)
{
  return tsr_test_ui_open_in_window (application, path, 1280, 900, 200);
}

static TsrShapesBrowser *
window_browser (TsrWindow *window)
{
  GtkWidget *browser = tsr_test_ui_find_widget (GTK_WIDGET (window), tsr_test_ui_match_type,
                                                GSIZE_TO_POINTER (TSR_TYPE_SHAPES_BROWSER));

  g_assert_nonnull (browser);
  g_assert_true (gtk_widget_get_mapped (browser));
  return TSR_SHAPES_BROWSER (browser);
}

static guint
count_children (GtkWidget *widget)
{
  guint count = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    count++;
  return count;
}

static gboolean
match_flow_box (GtkWidget *widget, gconstpointer user_data)
{
  return GTK_IS_FLOW_BOX (widget);
}

static void
test_real_patches (void)
{
  g_autofree char *data = tsr_test_ui_data_dir ("marathon");
  const char *suffixes[] = { ".ShPa", NULL };
  g_autoptr(GPtrArray) patches = tsr_test_data_list (data, suffixes);

  g_assert_cmpuint (patches->len, >, 0);
  for (guint i = 0; i < patches->len; i++)
    {
      const char *path = g_ptr_array_index (patches, i);
      TsrWindow *window = open_in_window (path);
      TsrShapesBrowser *browser = window_browser (window);
      TsrDocument *document = tsr_window_get_document (window);
      const TsrShapesCollection *collection;
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *name = g_strdup_printf ("shapes-browser-%s.png", base);
      guint c, v;
      GtkWidget *flow;

      g_assert_true (TSR_IS_SHAPES_DOCUMENT (document));
      g_assert_true (tsr_shapes_browser_get_collection (browser, &c, &v));
      collection = tsr_shapes_document_get_collection (TSR_SHAPES_DOCUMENT (document), c, v);
      g_assert_nonnull (collection);
      /* Every bitmap of the first collection has its thumbnail. */
      flow = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_flow_box, NULL);
      g_assert_cmpuint (count_children (flow), ==, collection->bitmaps->len);
      tsr_test_ui_iterate_for (300);
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, name);
      gtk_window_destroy (GTK_WINDOW (window));
      tsr_test_ui_iterate_for (50);
    }
}

/* A picture in greys 1..255 (value 0 is transparency in the player's collection) with a
 * transparent border and a diagonal stripe: 40x56. */
static TsrImage *
make_picture (guint seed)
{
  TsrImage *image = tsr_image_new (40, 56);

  for (guint y = 0; y < 56; y++)
    for (guint x = 0; x < 40; x++)
      {
        guint grey = 1 + (x * 5 + y * 3 + seed * 60) % 255;

        if (x < 2 || y < 2 || x >= 38 || y >= 54)
          continue;
        if ((x + y + seed * 8) % 20 < 4)
          grey = 250;
        tsr_image_set_pixel (image, x, y, (grey * 0x01010100u) | 0xff);
      }
  return image;
}

static char *
write_picture (const TsrImage *image, const char *name)
{
  char *path = g_build_filename (work_dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (tsr_image_save_png (image, path, &error));
  g_assert_no_error (error);
  return path;
}

static void
iterate_until_frames (guint frames)
{
  for (guint i = 0; i < frames; i++)
    tsr_test_ui_iterate_for (20);
}

/* A real Ctrl+S; waits until the window is saved, without an error; the file at PATH parsed again
 * with the codec. */
static TsrShapesFile *
save_and_reload (TsrWindow *window, TsrTestXTest *xtest, const char *path)
{
  g_autoptr(GError) error = NULL;
  TsrShapesFile *saved;
  gchar *contents;
  gsize length;

  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_s, GDK_CONTROL_MASK));
  for (guint i = 0; i < 500 && tsr_window_get_modified (window); i++)
    tsr_test_ui_iterate_for (20);
  g_assert_false (tsr_window_get_modified (window));
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  saved = tsr_shapes_file_parse ((const guint8 *) contents, length, &error);
  g_free (contents);
  g_assert_no_error (error);
  return saved;
}

static gboolean
match_button_with_icon (GtkWidget *widget, gconstpointer user_data)
{
  return GTK_IS_BUTTON (widget) && !GTK_IS_TOGGLE_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), user_data) == 0;
}

static gboolean
match_sequence_row (GtkWidget *widget, gconstpointer user_data)
{
  return GTK_IS_LIST_BOX_ROW (widget) && gtk_widget_get_mapped (widget) && gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (widget));
}

static void
test_edit_with_real_input (void)
{
  g_autofree char *data = tsr_test_ui_data_dir ("marathon");
  g_autofree char *path = tsr_shapes_sample_write (data, work_dir);
  g_autoptr(GBytes) original_bytes = NULL;
  g_autoptr(TsrShapesFile) original = NULL, saved = NULL;
  g_autoptr(TsrImage) picture = make_picture (0);
  g_autofree char *picture_path = write_picture (picture, "picture.png");
  g_autoptr(GFile) picture_file = g_file_new_for_path (picture_path);
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  TsrWindow *window;
  TsrShapesBrowser *browser;
  TsrShapesDocument *document;
  const TsrShapesCollection *collection;
  const TsrShapesSequence *sequence = NULL;
  GtkWidget *ticks, *row, *step;
  gint16 old_ticks, new_ticks;
  gint bitmap = -1, frame_index;
  guint chosen;
  gsize size;
  gchar *contents;

  g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
  original_bytes = g_bytes_new_take (contents, size);
  original = tsr_shapes_file_parse (g_bytes_get_data (original_bytes, NULL), size, &error);
  g_assert_no_error (error);

  window = open_in_window (path);
  browser = window_browser (window);
  document = TSR_SHAPES_DOCUMENT (tsr_window_get_document (window));
  g_assert_true (tsr_shapes_document_get_editable (document));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));

  /* The player (collection 6, 8-bit), its first sequence with frames. */
  g_assert_true (tsr_shapes_browser_select_collection (browser, 6, 0));
  collection = tsr_shapes_document_get_collection (document, 6, 0);
  /* The first sequence with three frames or more whose first frames show bitmaps. */
  for (chosen = 0; chosen < collection->sequences->len; chosen++)
    {
      sequence = g_ptr_array_index (collection->sequences, chosen);
      if (sequence->frames_per_view >= 3 && tsr_shapes_sequence_frame_at (sequence, 0, 0) >= 0
          && tsr_shapes_sequence_frame_at (sequence, 0, 1) >= 0 && tsr_shapes_sequence_frame_at (sequence, 0, 2) >= 0)
        break;
    }
  g_assert_cmpuint (chosen, <, collection->sequences->len);
  tsr_shapes_browser_show (browser, TSR_SHAPES_PART_SEQUENCE, chosen);
  tsr_test_ui_iterate_for (200);
  frame_index = tsr_shapes_sequence_frame_at (sequence, 0, 0);
  g_assert_cmpint (frame_index, >=, 0);
  bitmap = ((TsrShapesFrame *) g_ptr_array_index (collection->frames, (guint) frame_index))->bitmap_index;

  /* Import into the bitmap the sequence shows now (frame 0 of view 0). */
  g_assert_true (tsr_shapes_browser_import_file (browser, picture_file, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (tsr_shapes_browser_get_status (browser), "matched closely"));

  /* Type the ticks per frame with real keys into its field. */
  old_ticks = sequence->ticks_per_frame;
  new_ticks = old_ticks + 3;
  ticks = tsr_shapes_browser_get_field_widget (browser, "ticks per frame");
  g_assert_nonnull (ticks);
  /* (its text: the spin button's centre can be its minus button) */
  g_assert_true (tsr_test_xtest_click (xtest, tsr_test_ui_find_widget (ticks, tsr_test_ui_match_type,
                                                                       GSIZE_TO_POINTER (GTK_TYPE_TEXT))));
  tsr_test_xtest_type_number (xtest, new_ticks);
  iterate_until_frames (5);
  sequence = g_ptr_array_index (collection->sequences, chosen);
  g_assert_cmpint (sequence->ticks_per_frame, ==, new_ticks);
  g_assert_cmpuint (tsr_shapes_browser_get_animation (browser)->ticks_per_frame, ==, (guint) new_ticks);

  /* Focus off the field (its text has an undo of its own), then the window's undo and redo. */
  row = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_sequence_row, NULL);
  g_assert_nonnull (row);
  g_assert_true (tsr_test_xtest_click (xtest, row));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  iterate_until_frames (5);
  sequence = g_ptr_array_index (collection->sequences, chosen);
  g_assert_cmpint (sequence->ticks_per_frame, ==, old_ticks);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (tsr_shapes_browser_get_field_widget (browser, "ticks per frame"))), ==, old_ticks);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  iterate_until_frames (5);
  sequence = g_ptr_array_index (collection->sequences, chosen);
  g_assert_cmpint (sequence->ticks_per_frame, ==, new_ticks);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "shapes-browser-edited.png");

  /* Save with a real Ctrl+S. */
  g_assert_true (tsr_window_get_modified (window));
  saved = save_and_reload (window, xtest, path);

  /* Reloaded: only that field of that sequence and that bitmap changed. */
  for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
    for (guint v = 0; v < 2; v++)
      {
        const TsrShapesCollection *a = original->slots[c].versions[v], *b = saved->slots[c].versions[v];

        g_assert_true ((a == NULL) == (b == NULL));
        if (a == NULL)
          continue;
        if (c != 6 || v != 0)
          {
            g_assert_true (g_bytes_equal (a->original, b->original));
            continue;
          }
        g_assert_cmpuint (a->sequences->len, ==, b->sequences->len);
        g_assert_cmpuint (a->frames->len, ==, b->frames->len);
        g_assert_cmpuint (a->bitmaps->len, ==, b->bitmaps->len);
        for (guint s = 0; s < a->sequences->len; s++)
          {
            const TsrShapesSequence *sa = g_ptr_array_index (a->sequences, s), *sb = g_ptr_array_index (b->sequences, s);
            gsize length;
            const guint8 *ra = g_bytes_get_data (sa->raw, &length), *rb = g_bytes_get_data (sb->raw, NULL);

            g_assert_cmpuint (length, ==, g_bytes_get_size (sb->raw));
            if (s != chosen)
              {
                g_assert_true (g_bytes_equal (sa->raw, sb->raw));
                continue;
              }
            g_assert_cmpint (sb->ticks_per_frame, ==, new_ticks);
            g_assert_cmpmem (ra, 42, rb, 42);
            g_assert_cmpmem (ra + 44, length - 44, rb + 44, length - 44);
          }
        for (guint f = 0; f < a->frames->len; f++)
          g_assert_cmpmem (((TsrShapesFrame *) a->frames->pdata[f])->raw, TSR_SHAPES_FRAME_SIZE,
                           ((TsrShapesFrame *) b->frames->pdata[f])->raw, TSR_SHAPES_FRAME_SIZE);
        for (guint i = 0; i < a->bitmaps->len; i++)
          if ((gint) i != bitmap)
            g_assert_true (g_bytes_equal (((TsrShapesBitmap *) a->bitmaps->pdata[i])->raw,
                                          ((TsrShapesBitmap *) b->bitmaps->pdata[i])->raw));
          else
            {
              g_autoptr(TsrImage) image = tsr_shapes_bitmap_decode (b->bitmaps->pdata[i], b->color_tables->pdata[0], &error);

              g_assert_no_error (error);
              g_assert_cmpuint (image->width, ==, picture->width);
              g_assert_cmpuint (image->height, ==, picture->height);
              /* The grey ramp holds every grey of the picture: quantised, it is the picture. */
              g_assert_cmpmem (image->pixels, (gsize) image->width * image->height * 4, picture->pixels,
                               (gsize) picture->width * picture->height * 4);
            }
      }

  /* Drag the frame's origin with the real pointer on the frames page: one undo step. */
  {
    const TsrShapesFrame *frame;
    GtkWidget *preview = tsr_shapes_browser_get_preview (browser);
    guint depth = tsr_undo_stack_get_depth (tsr_document_get_undo_stack (TSR_DOCUMENT (document)));
    double px, py;

    tsr_shapes_browser_show (browser, TSR_SHAPES_PART_FRAME, (guint) frame_index);
    tsr_shapes_browser_set_zoom (browser, 4);
    g_assert_true (tsr_shapes_document_set_frame_field (document, 6, 0, (guint) frame_index, TSR_SHAPES_FRAME_FLAGS, 0, &error));
    g_assert_true (tsr_shapes_document_set_frame_field (document, 6, 0, (guint) frame_index, TSR_SHAPES_FRAME_ORIGIN_X, 10, &error));
    g_assert_true (tsr_shapes_document_set_frame_field (document, 6, 0, (guint) frame_index, TSR_SHAPES_FRAME_ORIGIN_Y, 20, &error));
    g_assert_true (tsr_shapes_document_set_frame_field (document, 6, 0, (guint) frame_index, TSR_SHAPES_FRAME_KEY_X, 30, &error));
    g_assert_true (tsr_shapes_document_set_frame_field (document, 6, 0, (guint) frame_index, TSR_SHAPES_FRAME_KEY_Y, 40, &error));
    depth = tsr_undo_stack_get_depth (tsr_document_get_undo_stack (TSR_DOCUMENT (document)));
    tsr_test_ui_iterate_for (200);
    /* The origin's pixel centre: the checkerboard margin, then 4 screen pixels a bitmap pixel. */
    px = 8 + (10 + 0.5) * 4;
    py = 8 + (20 + 0.5) * 4;
    g_assert_true (tsr_test_xtest_move_to (xtest, preview, px, py, 6, NULL, NULL));
    g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
    g_assert_true (tsr_test_xtest_move_to (xtest, preview, px + 5 * 4, py + 3 * 4, 3, NULL, NULL));
    g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
    iterate_until_frames (5);
    frame = g_ptr_array_index (collection->frames, (guint) frame_index);
    g_assert_cmpint (frame->origin_x, ==, 15);
    g_assert_cmpint (frame->origin_y, ==, 23);
    g_assert_cmpint (frame->key_x, ==, 30);
    g_assert_cmpuint (tsr_undo_stack_get_depth (tsr_document_get_undo_stack (TSR_DOCUMENT (document))), ==, depth + 1);
    tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "shapes-browser-frame-dragged.png");
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
    iterate_until_frames (5);
    frame = g_ptr_array_index (collection->frames, (guint) frame_index);
    g_assert_cmpint (frame->origin_x, ==, 10);
    g_assert_cmpint (frame->origin_y, ==, 20);
    tsr_shapes_browser_show (browser, TSR_SHAPES_PART_SEQUENCE, chosen);
    tsr_test_ui_iterate_for (100);
  }

  /* Pictures for the next two frames' bitmaps (not saved), so the animation shows each frame. */
  for (guint k = 1; k < 3; k++)
    {
      g_autoptr(TsrImage) other = make_picture (k);
      g_autofree char *name = g_strdup_printf ("picture-%u.png", k);
      g_autofree char *other_path = write_picture (other, name);
      g_autoptr(GFile) other_file = g_file_new_for_path (other_path);

      tsr_shapes_browser_step (browser, 1);
      g_assert_true (tsr_shapes_browser_import_file (browser, other_file, &error));
      g_assert_no_error (error);
    }
  tsr_shapes_browser_step (browser, -2);
  g_assert_cmpuint (tsr_shapes_browser_get_animation (browser)->frame, ==, 0);

  /* Play for real: the frame clock drives the animation. */
  tsr_shapes_browser_set_playing (browser, TRUE);
  for (guint i = 0; i < 250 && tsr_shapes_browser_get_animation (browser)->ticks_played < 3; i++)
    tsr_test_ui_iterate_for (20);
  g_assert_cmpuint (tsr_shapes_browser_get_animation (browser)->ticks_played, >, 0);
  tsr_shapes_browser_set_playing (browser, FALSE);
  tsr_shapes_browser_step (browser, -(int) tsr_shapes_browser_get_animation (browser)->frame);
  tsr_shapes_browser_set_zoom (browser, 4);

  /* Three frames, stepped with the real step button. */
  step = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_button_with_icon, "media-skip-forward-symbolic");
  g_assert_nonnull (step);
  for (guint f = 0; f < 3; f++)
    {
      g_autofree char *name = g_strdup_printf ("shapes-browser-sequence-f%u.png", f);

      g_assert_cmpuint (tsr_shapes_browser_get_animation (browser)->frame, ==, f);
      tsr_test_ui_iterate_for (150);
      tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, name);
      g_assert_true (tsr_test_xtest_click (xtest, step));
      iterate_until_frames (3);
    }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

/* The Images file: the page is up before any picture is decoded (they decode in the background),
 * then every picture has its thumbnail, and a real double click opens one at 1:1. */
static void
test_images_file (void)
{
  g_autofree char *data = tsr_test_ui_data_dir ("marathon");
  g_autofree char *path = g_build_filename (data, "m2_Images.imgA", NULL);
  TsrWindow *window = tsr_window_new (application);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  TsrImagesBrowser *browser;
  GtkWidget *flow;
  GtkFlowBoxChild *child;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
  g_assert_true (tsr_test_ui_open_file (window, file));
  browser = TSR_IMAGES_BROWSER (tsr_test_ui_get_widget (GTK_WIDGET (window), TSR_TYPE_IMAGES_BROWSER));
  /* Opening returned before a single picture was decoded on this thread. */
  g_assert_cmpuint (tsr_images_browser_get_n_pictures (browser), ==, 14);
  g_assert_cmpuint (tsr_images_browser_get_n_loaded (browser), ==, 0);
  for (guint i = 0; i < 500 && tsr_images_browser_get_n_loaded (browser) < 14; i++)
    tsr_test_ui_iterate_for (20);
  g_assert_cmpuint (tsr_images_browser_get_n_loaded (browser), ==, 14);
  flow = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_flow_box, NULL);
  g_assert_cmpuint (count_children (flow), ==, 14);
  tsr_test_ui_iterate_for (200);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "shapes-browser-images.png");

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  child = gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (flow), 2);
  g_assert_true (tsr_test_xtest_click (xtest, GTK_WIDGET (child)));
  g_assert_true (tsr_test_xtest_click (xtest, GTK_WIDGET (child)));
  iterate_until_frames (10);
  g_assert_cmpint (tsr_images_browser_get_open_id (browser), >=, 1000);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "shapes-browser-images-open.png");
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

static gboolean
match_switcher_button (GtkWidget *widget, gconstpointer user_data)
{
  GtkWidget *label;

  if (!GTK_IS_TOGGLE_BUTTON (widget) || !GTK_IS_STACK_SWITCHER (gtk_widget_get_parent (widget)))
    return FALSE;
  label = gtk_widget_get_first_child (widget);
  return GTK_IS_LABEL (label) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), user_data) == 0;
}

/* The Colours page with real input: a colour typed into entry 3, its self-luminous box clicked,
 * each a command a real Ctrl+Z undoes; the thumbnails redraw in the table's colours; the table
 * exported as .gpl and imported back is no change, an edited palette is one step. */
static void
test_color_table_with_real_input (void)
{
  g_autofree char *data = tsr_test_ui_data_dir ("marathon");
  g_autofree char *path = tsr_shapes_sample_write (data, work_dir);
  g_autofree char *gpl_path = g_build_filename (work_dir, "table.gpl", NULL);
  g_autoptr(GFile) gpl_file = g_file_new_for_path (gpl_path);
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *gpl = NULL;
  TsrWindow *window;
  TsrShapesBrowser *browser;
  TsrShapesDocument *document;
  TsrShapesColorEditor *editor;
  TsrUndoStack *stack;
  const TsrShapesCollection *collection;
  const TsrShapesColorTable *table;
  GtkWidget *tab, *entry, *check;
  guint depth;
  gsize size;

  window = open_in_window (path);
  browser = window_browser (window);
  document = TSR_SHAPES_DOCUMENT (tsr_window_get_document (window));
  stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_true (tsr_shapes_browser_select_collection (browser, 6, 0));
  collection = tsr_shapes_document_get_collection (document, 6, 0);
  editor = tsr_shapes_browser_get_color_editor (browser);

  tab = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_switcher_button, "Colours");
  g_assert_nonnull (tab);
  g_assert_true (tsr_test_xtest_click (xtest, tab));
  tsr_test_ui_iterate_for (200);
  entry = tsr_shapes_color_editor_get_entry (editor, 3);
  check = tsr_shapes_color_editor_get_check (editor, 3);
  g_assert_nonnull (entry);
  g_assert_true (tsr_test_ui_wait_for_size (entry));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "#030303");
  depth = tsr_undo_stack_get_depth (stack);

  /* Type #ff8000 with real keys. */
  g_assert_true (tsr_test_xtest_click (xtest, entry));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_a, GDK_CONTROL_MASK));
  {
    const guint keys[] = { GDK_KEY_numbersign, GDK_KEY_f, GDK_KEY_f, GDK_KEY_8, GDK_KEY_0, GDK_KEY_0, GDK_KEY_0 };

    for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
      g_assert_true (tsr_test_xtest_key (xtest, keys[k], keys[k] == GDK_KEY_numbersign ? GDK_SHIFT_MASK : 0));
  }
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_Return, 0));
  iterate_until_frames (5);
  table = g_ptr_array_index (collection->color_tables, 0);
  g_assert_cmpuint (table->colors[3].red, ==, 0xffff);
  g_assert_cmpuint (table->colors[3].green, ==, 0x8080);
  g_assert_cmpuint (table->colors[3].blue, ==, 0);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);

  /* A real click on its self-luminous box. */
  g_assert_true (tsr_test_xtest_click (xtest, check));
  iterate_until_frames (5);
  table = g_ptr_array_index (collection->color_tables, 0);
  g_assert_cmpuint (table->colors[3].flags & TSR_SHAPES_COLOR_SELF_LUMINOUS, ==, TSR_SHAPES_COLOR_SELF_LUMINOUS);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 2);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "shapes-browser-colours.png");

  /* Real Ctrl+Z twice: the flag, then the colour. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  iterate_until_frames (5);
  table = g_ptr_array_index (collection->color_tables, 0);
  g_assert_cmpuint (table->colors[3].flags & TSR_SHAPES_COLOR_SELF_LUMINOUS, ==, 0);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  g_assert_cmpuint (table->colors[3].red, ==, 0xffff);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  iterate_until_frames (5);
  table = g_ptr_array_index (collection->color_tables, 0);
  g_assert_cmpuint (table->colors[3].red, ==, 0x0303);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "#030303");
  g_assert_false (tsr_window_get_modified (window));

  /* Export, import back: no step; an edited palette: one step, entry 7 white. */
  g_assert_true (tsr_shapes_color_editor_export_file (editor, gpl_file, &error));
  g_assert_no_error (error);
  g_assert_true (tsr_shapes_color_editor_import_file (editor, gpl_file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth);
  g_assert_true (g_file_get_contents (gpl_path, &gpl, &size, NULL));
  {
    g_autoptr(GString) text = g_string_new (gpl);

    g_assert_cmpint (g_string_replace (text, "  7   7   7\t7\n", "255 255 255\t7\n", 1), ==, 1);
    g_assert_true (g_file_set_contents (gpl_path, text->str, (gssize) text->len, NULL));
  }
  g_assert_true (tsr_shapes_color_editor_import_file (editor, gpl_file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);
  table = g_ptr_array_index (collection->color_tables, 0);
  g_assert_cmpuint (table->colors[7].red, ==, 0xffff);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tsr_shapes_color_editor_get_entry (editor, 7))), ==, "#ffffff");
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "shapes-browser-colours-imported.png");

  g_clear_pointer (&xtest, tsr_test_xtest_free);
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

/* Add and remove a sequence's frame with the player's real buttons; a real Ctrl+Z undoes. */
static void
test_sequence_frames_with_real_input (void)
{
  g_autofree char *data = tsr_test_ui_data_dir ("marathon");
  g_autofree char *path = tsr_shapes_sample_write (data, work_dir);
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  TsrWindow *window = open_in_window (path);
  TsrShapesBrowser *browser = window_browser (window);
  TsrShapesDocument *document = TSR_SHAPES_DOCUMENT (tsr_window_get_document (window));
  const TsrShapesCollection *collection = tsr_shapes_document_get_collection (document, 6, 0);
  const TsrShapesSequence *sequence = NULL;
  GtkWidget *add, *remove;
  guint chosen;
  gint16 frames;

  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_true (tsr_shapes_browser_select_collection (browser, 6, 0));
  for (chosen = 0; chosen < collection->sequences->len; chosen++)
    if (((TsrShapesSequence *) g_ptr_array_index (collection->sequences, chosen))->frames_per_view >= 2)
      break;
  g_assert_cmpuint (chosen, <, collection->sequences->len);
  tsr_shapes_browser_show (browser, TSR_SHAPES_PART_SEQUENCE, chosen);
  tsr_test_ui_iterate_for (200);
  frames = ((TsrShapesSequence *) g_ptr_array_index (collection->sequences, chosen))->frames_per_view;
  add = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_button_with_icon, "list-add-symbolic");
  remove = tsr_test_ui_find_widget (GTK_WIDGET (browser), match_button_with_icon, "list-remove-symbolic");
  g_assert_nonnull (add);
  g_assert_nonnull (remove);
  g_assert_true (tsr_test_xtest_click (xtest, add));
  g_assert_true (tsr_test_xtest_click (xtest, add));
  iterate_until_frames (5);
  sequence = g_ptr_array_index (collection->sequences, chosen);
  g_assert_cmpint (sequence->frames_per_view, ==, frames + 2);
  g_assert_cmpuint (tsr_shapes_browser_get_animation (browser)->frames, ==, (guint) frames + 2);
  g_assert_true (tsr_test_xtest_click (xtest, remove));
  iterate_until_frames (5);
  sequence = g_ptr_array_index (collection->sequences, chosen);
  g_assert_cmpint (sequence->frames_per_view, ==, frames + 1);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "shapes-browser-sequence-frames.png");
  for (guint i = 0; i < 3; i++)
    g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  iterate_until_frames (5);
  sequence = g_ptr_array_index (collection->sequences, chosen);
  g_assert_cmpint (sequence->frames_per_view, ==, frames);
  g_assert_false (tsr_window_get_modified (window));
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

/* Clicks the strip's swatch of INDEX in the pixel editor; FALSE when the strip lacks it. */
static gboolean
click_swatch (TsrTestXTest *xtest, TsrPixelEditor *editor, guint index)
{
  GtkWidget *strip = tsr_test_ui_find_widget (GTK_WIDGET (editor), match_flow_box, NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (strip); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "rgba")) == index)
        return tsr_test_xtest_click (xtest, button);
    }
  return FALSE;
}

static guint8 *
document_indexes (TsrShapesDocument *document, guint collection, guint bitmap)
{
  const TsrShapesCollection *found = tsr_shapes_document_get_collection (document, collection, 0);

  return tsr_shapes_bitmap_get_indexes (g_ptr_array_index (found->bitmaps, bitmap), NULL);
}

/* Edit Pixels on bitmap 19 of collection 22 (an RLE object bitmap of xbla_m2_Items.ShPa, 43×20,
 * mostly transparent): every step by real input, the expected indexes from the GTK-free tools. */
static void
test_pixels_with_real_input (void)
{
  const guint collection_index = 22, bitmap = 19, pencil_index = 200, fill_index = 96;
  g_autofree char *data = tsr_test_ui_data_dir ("marathon");
  g_autofree char *path = tsr_shapes_sample_write (data, work_dir);
  g_autoptr(TsrShapesFile) original = NULL, saved = NULL;
  g_autoptr(TsrTestXTest) xtest = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrImage) expected = NULL;
  g_autofree guint8 *loaded = NULL, *after_pencil = NULL, *after_fill = NULL, *now = NULL;
  gint fill_x = -1, fill_y = -1;
  TsrWindow *window;
  TsrShapesBrowser *browser;
  TsrShapesDocument *document;
  TsrPixelEditor *editor;
  TsrPixelCanvas *canvas;
  const TsrShapesBitmap *record;
  TsrUndoStack *stack;
  double wx, wy;
  guint depth, size;
  gchar *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  original = tsr_shapes_file_parse ((const guint8 *) contents, length, &error);
  g_free (contents);
  g_assert_no_error (error);
  window = open_in_window (path);
  browser = window_browser (window);
  document = TSR_SHAPES_DOCUMENT (tsr_window_get_document (window));
  stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  xtest = tsr_test_xtest_drive (GTK_WINDOW (window));
  g_assert_true (tsr_shapes_browser_select_collection (browser, collection_index, 0));
  tsr_shapes_browser_show (browser, TSR_SHAPES_PART_BITMAP, bitmap);
  tsr_test_ui_iterate_for (100);
  record = g_ptr_array_index (tsr_shapes_document_get_collection (document, collection_index, 0)->bitmaps, bitmap);
  g_assert_cmpint (record->bytes_per_row, <, 0);
  size = (guint) record->width * (guint) record->height;
  loaded = document_indexes (document, collection_index, bitmap);
  expected = tsr_pixel_index_image_new ((guint) record->width, (guint) record->height, loaded);

  /* Edit Pixels by a real click: the pixel editor, indexed, in the collection's colour table. */
  g_assert_true (tsr_test_xtest_click (xtest, tsr_shapes_browser_get_edit_pixels_button (browser)));
  editor = tsr_shapes_browser_get_pixel_editor (browser);
  canvas = tsr_pixel_editor_get_canvas (editor);
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (canvas)));
  g_assert_true (tsr_pixel_canvas_get_indexed (canvas));
  g_assert_false (gtk_widget_get_mapped (tsr_shapes_browser_get_preview (browser)));
  depth = tsr_undo_stack_get_depth (stack);

  /* An entry of the strip, then B and a pencil stroke along row 1 from x 1 to 6. */
  g_assert_true (click_swatch (xtest, editor, pencil_index));
  g_assert_cmpuint (tsr_pixel_canvas_get_colour (canvas), ==, pencil_index);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_b, 0));
  g_assert_cmpint (tsr_pixel_canvas_get_tool (canvas), ==, TSR_PIXEL_TOOL_PENCIL);
  tsr_pixel_canvas_pixel_point (canvas, 1, 1, &wx, &wy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), wx, wy, 8, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, TRUE));
  tsr_pixel_canvas_pixel_point (canvas, 6, 1, &wx, &wy);
  g_assert_true (tsr_test_xtest_move_to (xtest, GTK_WIDGET (canvas), wx, wy, 3, NULL, NULL));
  g_assert_true (tsr_test_xtest_button (xtest, 1, FALSE));
  iterate_until_frames (3);
  tsr_pixel_line (expected, 1, 1, 6, 1, pencil_index);
  after_pencil = tsr_pixel_index_image_get (expected);
  now = document_indexes (document, collection_index, bitmap);
  g_assert_cmpmem (now, size, after_pencil, size);
  g_clear_pointer (&now, g_free);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 1);


  /* Another entry, G, and a click on a transparent pixel below the stroke: the fill. (Column 0
   * first: the canvas keeps clear of the input area of the paned's handle beside it.) */
  for (gint y = 2; y < record->height && fill_x < 0; y++)
    for (gint x = 0; x < 12 && fill_x < 0; x++)
      if (after_pencil[y * record->width + x] == 0)
        fill_x = x, fill_y = y;
  g_assert_cmpint (fill_x, >=, 0);
  g_assert_true (click_swatch (xtest, editor, fill_index));
  g_assert_cmpuint (tsr_pixel_canvas_get_colour (canvas), ==, fill_index);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_g, 0));
  g_assert_cmpint (tsr_pixel_canvas_get_tool (canvas), ==, TSR_PIXEL_TOOL_FILL);
  tsr_pixel_canvas_pixel_point (canvas, (guint) fill_x, (guint) fill_y, &wx, &wy);
  g_assert_true (tsr_test_xtest_click_at (xtest, GTK_WIDGET (canvas), wx, wy));
  iterate_until_frames (3);
  tsr_pixel_flood_fill (expected, fill_x, fill_y, fill_index);
  after_fill = tsr_pixel_index_image_get (expected);
  g_assert_true (memcmp (after_fill, after_pencil, size) != 0);
  now = document_indexes (document, collection_index, bitmap);
  g_assert_cmpmem (now, size, after_fill, size);
  g_clear_pointer (&now, g_free);
  g_assert_cmpuint (tsr_undo_stack_get_depth (stack), ==, depth + 2);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "shapes-browser-pixels.png");

  /* Real Ctrl+Z twice: the fill goes, then the stroke (the loaded indexes); Ctrl+Shift+Z twice
   * brings both back. */
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  iterate_until_frames (3);
  now = document_indexes (document, collection_index, bitmap);
  g_assert_cmpmem (now, size, after_pencil, size);
  g_clear_pointer (&now, g_free);
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK));
  iterate_until_frames (3);
  now = document_indexes (document, collection_index, bitmap);
  g_assert_cmpmem (now, size, loaded, size);
  g_clear_pointer (&now, g_free);
  g_assert_false (tsr_window_get_modified (window));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  g_assert_true (tsr_test_xtest_key (xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  iterate_until_frames (3);
  now = document_indexes (document, collection_index, bitmap);
  g_assert_cmpmem (now, size, after_fill, size);
  g_clear_pointer (&now, g_free);

  /* Ctrl+S; reloaded with the codec: that bitmap is the intended indexes, the rest as loaded. */
  saved = save_and_reload (window, xtest, path);
  for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
    for (guint v = 0; v < 2; v++)
      {
        const TsrShapesCollection *a = original->slots[c].versions[v], *b = saved->slots[c].versions[v];

        g_assert_true ((a == NULL) == (b == NULL));
        if (a == NULL)
          continue;
        if (c != collection_index || v != 0)
          {
            g_assert_true (g_bytes_equal (a->original, b->original));
            continue;
          }
        g_assert_cmpuint (a->bitmaps->len, ==, b->bitmaps->len);
        for (guint i = 0; i < a->bitmaps->len; i++)
          if (i != bitmap)
            g_assert_true (g_bytes_equal (((TsrShapesBitmap *) a->bitmaps->pdata[i])->raw,
                                          ((TsrShapesBitmap *) b->bitmaps->pdata[i])->raw));
          else
            {
              now = tsr_shapes_bitmap_get_indexes (b->bitmaps->pdata[i], &error);
              g_assert_no_error (error);
              g_assert_cmpmem (now, size, after_fill, size);
              g_clear_pointer (&now, g_free);
            }
        for (guint f = 0; f < a->frames->len; f++)
          g_assert_cmpmem (((TsrShapesFrame *) a->frames->pdata[f])->raw, TSR_SHAPES_FRAME_SIZE,
                           ((TsrShapesFrame *) b->frames->pdata[f])->raw, TSR_SHAPES_FRAME_SIZE);
      }
  g_clear_pointer (&xtest, tsr_test_xtest_free);
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "shapes-browser", &work_dir, &screenshot_dir, &status))
    return status;
  application = tsr_test_ui_application_new ();

  g_test_add_func ("/shapes-browser/real-patches", test_real_patches);
  g_test_add_func ("/shapes-browser/edit-with-real-input", test_edit_with_real_input);
  g_test_add_func ("/shapes-browser/color-table", test_color_table_with_real_input);
  g_test_add_func ("/shapes-browser/sequence-frames", test_sequence_frames_with_real_input);
  g_test_add_func ("/shapes-browser/pixels", test_pixels_with_real_input);
  g_test_add_func ("/shapes-browser/images", test_images_file);
  status = g_test_run ();

  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
