/* tsr-test-ui.c: shared support for the UI tests. */
#include "tsr-test-ui.h"
#include "tsr-test-common.h"

#include <locale.h>
#include <math.h>

#include <glib/gstdio.h>
#include <string.h>

void
tsr_test_ui_iterate_for (guint milliseconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) milliseconds * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
    }
}

static gboolean
count_frame (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  guint *left = user_data;

  return --*left > 0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

gboolean
tsr_test_ui_wait_for_frames (GtkWidget *widget,
                             guint      n)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  guint left = n;
  guint id;

  if (n == 0 || !gtk_widget_get_mapped (widget))
    return gtk_widget_get_mapped (widget);
  id = gtk_widget_add_tick_callback (widget, count_frame, &left, NULL);
  while (left > 0)
    {
      if (g_get_monotonic_time () > end || !gtk_widget_get_mapped (widget))
        {
          gtk_widget_remove_tick_callback (widget, id);
          return FALSE;
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
    }
  return TRUE;
}

gboolean
tsr_test_ui_wait_for_loads (TsrWindow *window)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (tsr_window_get_loading (window))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

gboolean
tsr_test_ui_wait_for_all_loads (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* transfer none */
  gboolean settled = TRUE;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (TSR_IS_WINDOW (window))
        settled = tsr_test_ui_wait_for_loads (TSR_WINDOW (window)) && settled;
    }
  return settled;
}

gboolean
tsr_test_ui_open_file (TsrWindow *window,
                       GFile     *file)
{
  TsrDocument *document;
  GFile *shown;

  tsr_window_open_file (window, file);
  g_assert_true (tsr_test_ui_wait_for_loads (window));
  document = tsr_window_get_document (window);
  shown = document != NULL ? tsr_document_get_file (document) : NULL;
  return shown != NULL && g_file_equal (shown, file) && tsr_window_get_error_message (window) == NULL;
}

TsrWindow *
tsr_test_ui_open_in_window (TsrApplication *application,
                            const char     *path,
                            int             width,
                            int             height,
                            guint           settle_ms)
{
  TsrWindow *window = tsr_window_new (application);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
  g_assert_true (tsr_test_ui_open_file (window, file));
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_cmpstr (tsr_window_get_page_name (window), ==, "document");
  tsr_test_ui_iterate_for (settle_ms);
  return window;
}

void
tsr_test_ui_hide_window (TsrWindow *window)
{
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  tsr_test_ui_iterate_for (50);
}

void
tsr_test_ui_close_window (TsrWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
}

gboolean
tsr_test_ui_wait_for_size (GtkWidget *widget)
{
  /* A bound that only turns a window that never maps into a failure: under the sanitizers on a
   * loaded machine a large page takes more than ten seconds to map and lay out. */
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!(gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

gboolean
tsr_test_ui_resize_window (GtkWindow *window,
                           int        width,
                           int        height)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  GtkWidget *widget = GTK_WIDGET (window);

  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  /* A shown GTK 4 window takes a new default size as a resize request to the X server; the X
   * window (the surface) gets WIDTH×HEIGHT, the widget that less the client-side shadow. */
  gtk_window_set_default_size (window, width, height);
  while (!(gdk_surface_get_width (surface) == width && gdk_surface_get_height (surface) == height))
    {
      if (g_get_monotonic_time () > end)
        {
          g_test_message ("window %d×%d (widget %d×%d), not %d×%d", gdk_surface_get_width (surface),
                          gdk_surface_get_height (surface), gtk_widget_get_width (widget),
                          gtk_widget_get_height (widget), width, height);
          return FALSE;
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return tsr_test_ui_wait_for_frames (widget, 5);
}

GtkWidget *
tsr_test_ui_find_widget (GtkWidget    *root,
                         gboolean    (*match) (GtkWidget *, gconstpointer),
                         gconstpointer data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = tsr_test_ui_find_widget (child, match, data);
      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
tsr_test_ui_match_type (GtkWidget    *widget,
                        gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

gboolean
tsr_test_ui_match_button_label (GtkWidget    *widget,
                                gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

gboolean
tsr_test_ui_match_tooltip (GtkWidget    *widget,
                           gconstpointer text)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

gboolean
tsr_test_ui_match_mapped_label (GtkWidget    *widget,
                                gconstpointer text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

gboolean
tsr_test_ui_match_name (GtkWidget    *widget,
                        gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

gboolean
tsr_test_ui_match_menu_item (GtkWidget    *widget,
                             gconstpointer text)
{
  g_autofree char *label = NULL;
  g_autoptr(GString) shown = NULL;

  if (!g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") || !gtk_widget_get_mapped (widget))
    return FALSE;
  g_object_get (widget, "text", &label, NULL);
  if (label == NULL)
    return FALSE;
  shown = g_string_new (label);
  g_string_replace (shown, "_", "", 1);
  return g_str_equal (shown->str, text);
}

GtkWindow *
tsr_test_ui_find_window_titled (const char *title)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (gtk_widget_get_visible (GTK_WIDGET (window)) && g_strcmp0 (gtk_window_get_title (window), title) == 0)
        return window;
    }
  return NULL;
}

GtkWindow *
tsr_test_ui_wait_for_window_titled (const char *title,
                                    gboolean    shown)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while ((tsr_test_ui_find_window_titled (title) != NULL) != shown && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (20);
  return tsr_test_ui_find_window_titled (title);
}

typedef struct
{
  GtkWidget     *widget;
  GdkPaintable  *paintable;
  GskRenderNode *node;
} Shot;

/* Runs right after a frame's layout and paint, when no allocation is pending: a snapshot taken
 * from the main loop between frames can meet a widget whose resize was queued after the last
 * layout, and GTK warns then, which a test makes fatal. */
static void
shoot_after_paint (GdkFrameClock *clock,
                   gpointer       user_data)
{
  Shot *shot = user_data;
  GtkSnapshot *snapshot;

  if (shot->node != NULL)
    return;
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (shot->paintable, GDK_SNAPSHOT (snapshot),
                          gdk_paintable_get_intrinsic_width (shot->paintable),
                          gdk_paintable_get_intrinsic_height (shot->paintable));
  shot->node = gtk_snapshot_free_to_node (snapshot);
}

void
tsr_test_ui_save_screenshot (GtkWidget  *widget,
                             const char *directory,
                             const char *name)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_build_filename (directory, name, NULL);
  GdkFrameClock *clock;
  graphene_rect_t bounds;
  Shot shot = { widget, NULL, NULL };
  gulong handler;
  gint64 end;

  g_assert_true (tsr_test_ui_wait_for_size (widget));
  /* Let layout, crossfades and the canvas's budgeted frames settle. */
  tsr_test_ui_iterate_for (400);
  paintable = gtk_widget_paintable_new (widget);
  shot.paintable = paintable;
  clock = gtk_widget_get_frame_clock (widget);
  g_assert_nonnull (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (shoot_after_paint), &shot);
  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (shot.node == NULL && g_get_monotonic_time () < end)
    {
      gtk_widget_queue_draw (widget);
      tsr_test_ui_iterate_for (20);
    }
  g_signal_handler_disconnect (clock, handler);
  node = g_steal_pointer (&shot.node);
  g_assert_nonnull (node);
  /* The node's own bounds: client-side decorations draw outside the widget's allocation. */
  gsk_render_node_get_bounds (node, &bounds);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &bounds);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_print ("SCREENSHOT: %s\n", path);
}

char *
tsr_test_ui_data_dir (const char *family)
{
  const char *root = g_getenv ("TSR_TESTDATA");
  g_autofree char *dir = root != NULL ? g_build_filename (root, family, NULL) : NULL;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("test data for %s missing under CI", family);
      return NULL;
    }
  return g_steal_pointer (&dir);
}

char *
tsr_test_ui_copy_files (const char        *source_dir,
                        const char *const *names,
                        const char        *work_dir,
                        const char        *subdir)
{
  return tsr_test_copy_files (source_dir, names, work_dir, subdir);
}

char *
tsr_test_ui_copy_data_file (const char *family,
                            const char *name,
                            const char *work_dir,
                            const char *subdir)
{
  g_autofree char *source = tsr_test_ui_data_dir (family);
  const char *const names[] = { name, NULL };
  g_autofree char *dir = NULL;

  if (source == NULL)
    {
      g_autofree char *why = g_strdup_printf ("no test data for %s", family);

      g_test_skip (why);
      return NULL;
    }
  dir = tsr_test_ui_copy_files (source, names, work_dir, subdir);
  return g_build_filename (dir, name, NULL);
}

GtkWidget *
tsr_test_ui_get_widget (GtkWidget *root,
                        GType      type)
{
  GtkWidget *widget = tsr_test_ui_find_widget (root, tsr_test_ui_match_type, GSIZE_TO_POINTER (type));

  if (widget == NULL)
    g_error ("no %s below %s", g_type_name (type), G_OBJECT_TYPE_NAME (root));
  return widget;
}

TsrApplication *
tsr_test_ui_application_new (void)
{
  TsrApplication *application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_autoptr(GError) error = NULL;

  g_application_register (G_APPLICATION (application), NULL, &error);
  g_assert_no_error (error);
  return application;
}

void
tsr_test_ui_remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        tsr_test_ui_remove_tree (child);
      else
        g_remove (child);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_rmdir (path);
}

gboolean
tsr_test_ui_begin (int         *argc,
                   char      ***argv,
                   const char  *name,
                   char       **work_dir,
                   char       **screenshot_dir)
{
  static const char *const homes[][2] = {
    { "XDG_DATA_HOME", "data" }, { "XDG_CONFIG_HOME", "config" },
    { "XDG_CACHE_HOME", "cache" }, { "XDG_STATE_HOME", "state" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *template = g_strdup_printf ("tessera-%s-XXXXXX", name);

  *work_dir = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
  /* Before GLib caches the folders. */
  for (gsize i = 0; i < G_N_ELEMENTS (homes); i++)
    {
      g_autofree char *folder = g_build_filename (*work_dir, homes[i][1], NULL);

      g_setenv (homes[i][0], folder, TRUE);
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  if (!gtk_init_check ())
    {
      g_print ("SKIP: no display (run under xvfb-run)\n");
      tsr_test_ui_remove_tree (*work_dir);
      g_clear_pointer (work_dir, g_free);
      return FALSE;
    }
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_test_init (argc, argv, NULL);
  *screenshot_dir = g_strdup (g_getenv ("TSR_SCREENSHOT_DIR"));
  if (*screenshot_dir == NULL)
    *screenshot_dir = g_get_current_dir ();
  return TRUE;
}

void
tsr_test_ui_end (char *work_dir,
                 char *screenshot_dir)
{
  if (work_dir != NULL)
    tsr_test_ui_remove_tree (work_dir);
  g_free (work_dir);
  g_free (screenshot_dir);
}

GtkWindow *
tsr_test_ui_wait_for_toplevel (GType type)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      GListModel *toplevels = gtk_window_get_toplevels (); /* transfer none */

      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

          if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_mapped (GTK_WIDGET (window)))
            return window;
        }
      tsr_test_ui_iterate_for (20);
    }
  g_error ("no %s appeared", g_type_name (type));
  return NULL;
}

int
tsr_test_ui_run (TsrApplication **application,
                 char            *work_dir,
                 char            *screenshot_dir)
{
  int status = g_test_run ();

  g_clear_object (application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}

void
tsr_test_ui_answer_file_chooser (const char          *path,
                                 GtkFileChooserAction action,
                                 const char          *screenshot_dir,
                                 const char          *shot)
{
  GtkWindow *chooser = tsr_test_ui_wait_for_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (chooser);
  g_assert_cmpint (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)), ==, action);
  if (action == GTK_FILE_CHOOSER_ACTION_SAVE)
    {
      g_autoptr(GFile) folder = g_file_get_parent (file);
      g_autofree char *name = g_file_get_basename (file);
      g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, &error));
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  else
    g_assert_true (gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, &error));
  g_assert_no_error (error);
  tsr_test_ui_iterate_for (100);
  tsr_test_ui_save_screenshot (GTK_WIDGET (chooser), screenshot_dir, shot);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  tsr_test_ui_iterate_for (200);
}

void
tsr_test_ui_replay_recording_through_boxes (cairo_surface_t *recording,
                                            double           x,
                                            double           y,
                                            int              width,
                                            int              height)
{
  static const int offsets[][2] = { { 0, 0 }, { 16, 8 }, { 8, 24 }, { 24, 16 }, { 5, 3 } };

  /* The boxes: a pixel every 32 in each direction, at each offset (small clips miss them all), and
   * then the four edges of the area, a pixel wide (clips inside the area miss them). */
  for (guint o = 0; o <= G_N_ELEMENTS (offsets); o++)
    {
      cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cairo_t *cr = cairo_create (image);

      if (o < G_N_ELEMENTS (offsets))
        for (int row = offsets[o][1]; row < height; row += 32)
          for (int column = offsets[o][0]; column < width; column += 32)
            cairo_rectangle (cr, column, row, 1, 1);
      else
        {
          cairo_rectangle (cr, 0, 0, width, 1);
          cairo_rectangle (cr, 0, height - 1, width, 1);
          cairo_rectangle (cr, 0, 1, 1, height - 2);
          cairo_rectangle (cr, width - 1, 1, 1, height - 2);
        }
      cairo_clip (cr);
      cairo_translate (cr, -x, -y);
      cairo_set_source_surface (cr, recording, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_destroy (image);
    }
}

static void
replay_cairo_nodes (GskRenderNode *node,
                    guint         *n_cairo)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        replay_cairo_nodes (gsk_container_node_get_child (node, i), n_cairo);
      break;
    case GSK_TRANSFORM_NODE:
      replay_cairo_nodes (gsk_transform_node_get_child (node), n_cairo);
      break;
    case GSK_CLIP_NODE:
      replay_cairo_nodes (gsk_clip_node_get_child (node), n_cairo);
      break;
    case GSK_ROUNDED_CLIP_NODE:
      replay_cairo_nodes (gsk_rounded_clip_node_get_child (node), n_cairo);
      break;
    case GSK_OPACITY_NODE:
      replay_cairo_nodes (gsk_opacity_node_get_child (node), n_cairo);
      break;
    case GSK_DEBUG_NODE:
      replay_cairo_nodes (gsk_debug_node_get_child (node), n_cairo);
      break;
    case GSK_CAIRO_NODE:
      {
        cairo_surface_t *recording = gsk_cairo_node_get_surface (node);
        graphene_rect_t bounds;

        if (recording == NULL || cairo_surface_get_type (recording) != CAIRO_SURFACE_TYPE_RECORDING)
          break;
        gsk_render_node_get_bounds (node, &bounds);
        tsr_test_ui_replay_recording_through_boxes (recording, bounds.origin.x, bounds.origin.y,
                                                    (int) ceilf (bounds.size.width), (int) ceilf (bounds.size.height));
        (*n_cairo)++;
      }
      break;
    default:
      break;
    }
}

guint
tsr_test_ui_replay_through_boxes (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  guint n_cairo = 0;

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  node = gtk_snapshot_free_to_node (snapshot);
  if (node != NULL)
    replay_cairo_nodes (node, &n_cairo);
  return n_cairo;
}
