/* tsr-side-bar-width.c: the width of a paned's end child, remembered in a GSettings key. The
 * paned's position counts from its start, so the width is the paned's width less the position and
 * the handle; the handle's width is known once both children have been allocated. */
#include "config.h"

#include "views/tsr-side-bar-width.h"

typedef struct {
  GSettings          *settings;
  char               *key;
  GSettingsSchemaKey *schema_key; /* for its range */
  gboolean            placed;   /* the remembered width has been put back */
  int                 handle_width;
  int                 width_request; /* the end child's own, lent to the remembered width until then */
} SideBarWidth;

static void
side_bar_width_free (gpointer data)
{
  SideBarWidth *state = data;

  g_clear_object (&state->settings);
  g_clear_pointer (&state->schema_key, g_settings_schema_key_unref);
  g_free (state->key);
  g_free (state);
}

static gboolean
place_side_bar (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  GtkPaned *paned = GTK_PANED (widget);
  SideBarWidth *state = data;
  GtkWidget *start = gtk_paned_get_start_child (paned);
  GtkWidget *end = gtk_paned_get_end_child (paned);
  int total = gtk_widget_get_width (widget);
  int start_width = start != NULL ? gtk_widget_get_width (start) : 0;
  int end_width = end != NULL ? gtk_widget_get_width (end) : 0;

  if (start_width <= 0 || end_width <= 0)
    return G_SOURCE_CONTINUE;
  state->handle_width = MAX (total - start_width - end_width, 0);
  state->placed = TRUE;
  gtk_widget_set_size_request (end, state->width_request, -1);
  gtk_paned_set_position (paned, MAX (total - state->handle_width - g_settings_get_int (state->settings, state->key), 0));
  return G_SOURCE_REMOVE;
}

static void
on_position (GtkPaned     *paned,
             GParamSpec   *pspec,
             SideBarWidth *state)
{
  int total = gtk_widget_get_width (GTK_WIDGET (paned));
  g_autoptr(GVariant) width = NULL;

  if (!state->placed || total <= 0)
    return;
  width = g_variant_ref_sink (g_variant_new_int32 (total - state->handle_width - gtk_paned_get_position (paned)));
  if (g_variant_get_int32 (width) > 0 && g_variant_get_int32 (width) != g_settings_get_int (state->settings, state->key)
      && g_settings_schema_key_range_check (state->schema_key, width))
    g_settings_set_value (state->settings, state->key, width);
}

void
tsr_side_bar_width_bind (GtkPaned   *paned,
                         GSettings  *settings,
                         const char *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  SideBarWidth *state;

  g_return_if_fail (GTK_IS_PANED (paned));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));
  g_return_if_fail (key != NULL);
  /* The map takes what the window gains or loses and the side bar keeps its width. A paned's
   * children added as <child> in a .ui get GTK's own flags (GTK 4.8's buildable add_child: the
   * start child fixed, the end child resized), whatever its properties said: a maximised window
   * gave the room to the inspector and none to the map. */
  gtk_paned_set_resize_start_child (paned, TRUE);
  gtk_paned_set_resize_end_child (paned, FALSE);
  gtk_paned_set_shrink_end_child (paned, FALSE);
  if (settings == NULL)
    return;
  state = g_new0 (SideBarWidth, 1);
  state->settings = g_object_ref (settings);
  state->key = g_strdup (key);
  g_object_get (settings, "settings-schema", &schema, NULL);
  state->schema_key = g_settings_schema_get_key (schema, key);
  g_object_set_data_full (G_OBJECT (paned), "tsr-side-bar-width", state, side_bar_width_free);
  /* Until then the end child asks for the remembered width, so the first layout already has it
   * and the start child (the map) is never resized after it is shown. */
  if (gtk_paned_get_end_child (paned) != NULL)
    {
      GtkWidget *end = gtk_paned_get_end_child (paned);

      gtk_widget_get_size_request (end, &state->width_request, NULL);
      gtk_widget_set_size_request (end, MAX (state->width_request, g_settings_get_int (settings, key)), -1);
    }
  gtk_widget_add_tick_callback (GTK_WIDGET (paned), place_side_bar, state, NULL);
  g_signal_connect (paned, "notify::position", G_CALLBACK (on_position), state);
}
