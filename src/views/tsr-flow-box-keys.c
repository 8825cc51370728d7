/* tsr-flow-box-keys.c: tsr_flow_box_keys_guard (tsr-flow-box-keys.h). */
#include "config.h"

#include "views/tsr-flow-box-keys.h"

gboolean
tsr_flow_box_keys_laid_out (GtkFlowBox *box)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child) && gtk_widget_get_width (child) > 0 && gtk_widget_get_height (child) > 0)
      return TRUE;
  return FALSE;
}

static gboolean
is_movement_key (guint keyval)
{
  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: case GDK_KEY_Down: case GDK_KEY_KP_Down:
    case GDK_KEY_Left: case GDK_KEY_KP_Left: case GDK_KEY_Right: case GDK_KEY_KP_Right:
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down:
    case GDK_KEY_Home: case GDK_KEY_KP_Home: case GDK_KEY_End: case GDK_KEY_KP_End:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkWindow             *window)
{
  GtkWidget *focus = gtk_window_get_focus (window);
  GtkWidget *box;

  /* Left and Right too: a vertical box moves by lines on them. */
  if (!is_movement_key (keyval) || focus == NULL)
    return FALSE;
  box = gtk_widget_get_ancestor (focus, GTK_TYPE_FLOW_BOX); /* FOCUS itself too */
  return box != NULL && !tsr_flow_box_keys_laid_out (GTK_FLOW_BOX (box));
}

void
tsr_flow_box_keys_guard (GtkWindow *window)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (on_key_pressed), window, 0);
  gtk_widget_add_controller (GTK_WIDGET (window), keys);
}
