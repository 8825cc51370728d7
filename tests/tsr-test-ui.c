/* tsr-test-ui.c: shared support for the UI tests. */
#include "tsr-test-ui.h"

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

gboolean
tsr_test_ui_wait_for_size (GtkWidget *widget)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!(gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
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

void
tsr_test_ui_save_screenshot (GtkWidget  *widget,
                             const char *directory,
                             const char *name)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_build_filename (directory, name, NULL);
  graphene_rect_t bounds;
  gint64 end;

  g_assert_true (tsr_test_ui_wait_for_size (widget));
  /* Let layout, crossfades and the canvas's budgeted frames settle. */
  tsr_test_ui_iterate_for (400);
  paintable = gtk_widget_paintable_new (widget);
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (node == NULL && g_get_monotonic_time () < end)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();

      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot),
                              gdk_paintable_get_intrinsic_width (paintable),
                              gdk_paintable_get_intrinsic_height (paintable));
      node = gtk_snapshot_free_to_node (snapshot);
      if (node == NULL)
        tsr_test_ui_iterate_for (20);
    }
  g_assert_nonnull (node);
  /* The node's own bounds: client-side decorations draw outside the widget's allocation. */
  gsk_render_node_get_bounds (node, &bounds);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &bounds);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_print ("SCREENSHOT: %s\n", path);
}
