/* tsr-terminal-preview.c: the terminal preview widget. It keeps one layout (terminal x state) and
 * draws its current page with the shared renderer through a cairo node, so GTK rasterises it at
 * the device scale (crisp text at HiDPI). */
#include "views/marathon/tsr-terminal-preview.h"

#include <glib/gi18n.h>

#include "render/tsr-terminal-render.h"

struct _TsrTerminalPreview {
  GtkWidget                parent_instance;
  TsrTerminalRenderer     *renderer;
  TsrMarathonImages       *images;
  GPtrArray               *terminals;
  TsrTerminalLayout       *layout;
  guint                    terminal;
  TsrTerminalState         state;
  guint                    page;
  TsrTerminalPreviewScale  scale;
};

G_DEFINE_FINAL_TYPE (TsrTerminalPreview, tsr_terminal_preview, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TERMINAL,
  PROP_STATE,
  PROP_PAGE,
  PROP_N_PAGES,
  PROP_SCALE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_accessible (TsrTerminalPreview *self)
{
  g_autofree char *label = NULL;
  guint n_pages = tsr_terminal_preview_get_n_pages (self);

  if (n_pages == 0)
    label = g_strdup (_("Terminal preview: nothing to show"));
  else
    label = g_strdup_printf (_("Terminal %u, page %u of %u"), self->terminal, self->page + 1, n_pages);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* Rebuilds the layout; keeps the page when it still exists. Notifies what changed. */
static void
relayout (TsrTerminalPreview *self)
{
  guint old_pages = tsr_terminal_preview_get_n_pages (self);
  guint old_page = self->page;

  g_clear_pointer (&self->layout, tsr_terminal_layout_free);
  if (self->terminals != NULL && self->terminal < self->terminals->len)
    self->layout = tsr_terminal_renderer_layout (self->renderer, g_ptr_array_index (self->terminals, self->terminal),
                                                 self->state);
  if (self->page >= tsr_terminal_preview_get_n_pages (self))
    self->page = tsr_terminal_preview_get_n_pages (self) > 0 ? tsr_terminal_preview_get_n_pages (self) - 1 : 0;
  if (old_pages != tsr_terminal_preview_get_n_pages (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PAGES]);
  if (old_page != self->page)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static double
zoom_for (TsrTerminalPreview *self,
          int                 width,
          int                 height)
{
  switch (self->scale)
    {
    case TSR_TERMINAL_PREVIEW_SCALE_1X:
      return 1;
    case TSR_TERMINAL_PREVIEW_SCALE_2X:
      return 2;
    default:
      return MAX (0.05, MIN ((double) width / TSR_TERMINAL_WIDTH, (double) height / TSR_TERMINAL_HEIGHT));
    }
}

static void
tsr_terminal_preview_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  TsrTerminalPreview *self = TSR_TERMINAL_PREVIEW (widget);
  int size = orientation == GTK_ORIENTATION_HORIZONTAL ? TSR_TERMINAL_WIDTH : TSR_TERMINAL_HEIGHT;

  switch (self->scale)
    {
    case TSR_TERMINAL_PREVIEW_SCALE_1X:
      *minimum = *natural = size;
      break;
    case TSR_TERMINAL_PREVIEW_SCALE_2X:
      *minimum = *natural = 2 * size;
      break;
    default:
      *minimum = size / 4;
      *natural = size;
      break;
    }
}

static void
tsr_terminal_preview_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  TsrTerminalPreview *self = TSR_TERMINAL_PREVIEW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  double zoom = zoom_for (self, width, height);
  double w = TSR_TERMINAL_WIDTH * zoom, h = TSR_TERMINAL_HEIGHT * zoom;
  double x = MAX (0, (width - w) / 2), y = MAX (0, (height - h) / 2);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (x, y, w, h));
  cairo_translate (cr, x, y);
  cairo_scale (cr, zoom, zoom);
  tsr_terminal_renderer_draw (self->renderer, cr, self->layout, self->page);
  cairo_destroy (cr);
  if (gtk_widget_has_visible_focus (widget))
    {
      GdkRGBA focus = { 0.21, 0.52, 0.89, 1 };
      float widths[4] = { 2, 2, 2, 2 };
      GdkRGBA colors[4] = { focus, focus, focus, focus };
      GskRoundedRect outline;

      gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (x, y, w, h), 0);
      gtk_snapshot_append_border (snapshot, &outline, widths, colors);
    }
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                gpointer               user_data)
{
  return tsr_terminal_preview_handle_key (user_data, keyval, state);
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            gpointer         user_data)
{
  gtk_widget_grab_focus (GTK_WIDGET (user_data));
}

static void
tsr_terminal_preview_dispose (GObject *object)
{
  TsrTerminalPreview *self = TSR_TERMINAL_PREVIEW (object);

  g_clear_pointer (&self->layout, tsr_terminal_layout_free);
  g_clear_pointer (&self->terminals, g_ptr_array_unref);
  g_clear_pointer (&self->renderer, tsr_terminal_renderer_free);
  g_clear_pointer (&self->images, tsr_marathon_images_free);
  G_OBJECT_CLASS (tsr_terminal_preview_parent_class)->dispose (object);
}

static void
tsr_terminal_preview_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TsrTerminalPreview *self = TSR_TERMINAL_PREVIEW (object);

  switch (prop_id)
    {
    case PROP_TERMINAL:
      g_value_set_uint (value, self->terminal);
      break;
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_PAGE:
      g_value_set_uint (value, self->page);
      break;
    case PROP_N_PAGES:
      g_value_set_uint (value, tsr_terminal_preview_get_n_pages (self));
      break;
    case PROP_SCALE:
      g_value_set_int (value, self->scale);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_terminal_preview_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  TsrTerminalPreview *self = TSR_TERMINAL_PREVIEW (object);

  switch (prop_id)
    {
    case PROP_TERMINAL:
      tsr_terminal_preview_set_terminal (self, g_value_get_uint (value));
      break;
    case PROP_STATE:
      tsr_terminal_preview_set_state (self, (TsrTerminalState) g_value_get_int (value));
      break;
    case PROP_PAGE:
      tsr_terminal_preview_set_page (self, g_value_get_uint (value));
      break;
    case PROP_SCALE:
      tsr_terminal_preview_set_scale (self, (TsrTerminalPreviewScale) g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_terminal_preview_class_init (TsrTerminalPreviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tsr_terminal_preview_dispose;
  object_class->get_property = tsr_terminal_preview_get_property;
  object_class->set_property = tsr_terminal_preview_set_property;
  widget_class->measure = tsr_terminal_preview_measure;
  widget_class->snapshot = tsr_terminal_preview_snapshot;

  properties[PROP_TERMINAL] = g_param_spec_uint ("terminal", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_STATE] = g_param_spec_int ("state", NULL, NULL, 0, TSR_TERMINAL_N_STATES - 1, 0, flags);
  properties[PROP_PAGE] = g_param_spec_uint ("page", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_N_PAGES] = g_param_spec_uint ("n-pages", NULL, NULL, 0, G_MAXUINT, 0,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCALE] = g_param_spec_int ("scale", NULL, NULL, TSR_TERMINAL_PREVIEW_SCALE_1X,
                                             TSR_TERMINAL_PREVIEW_SCALE_FIT, TSR_TERMINAL_PREVIEW_SCALE_FIT, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "terminalpreview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
tsr_terminal_preview_init (TsrTerminalPreview *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->renderer = tsr_terminal_renderer_new ();
  self->scale = TSR_TERMINAL_PREVIEW_SCALE_FIT;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  update_accessible (self);
}

GtkWidget *
tsr_terminal_preview_new (void)
{
  return g_object_new (TSR_TYPE_TERMINAL_PREVIEW, NULL);
}

void
tsr_terminal_preview_set_terminals (TsrTerminalPreview *self,
                                    GPtrArray          *terminals)
{
  g_return_if_fail (TSR_IS_TERMINAL_PREVIEW (self));

  if (terminals != NULL)
    g_ptr_array_ref (terminals);
  g_clear_pointer (&self->terminals, g_ptr_array_unref);
  self->terminals = terminals;
  relayout (self);
}

void
tsr_terminal_preview_set_terminal (TsrTerminalPreview *self,
                                   guint               terminal)
{
  guint old_page;

  g_return_if_fail (TSR_IS_TERMINAL_PREVIEW (self));

  if (self->terminal == terminal)
    return;
  old_page = self->page;
  self->terminal = terminal;
  self->page = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TERMINAL]);
  relayout (self);
  if (old_page != self->page)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

guint
tsr_terminal_preview_get_terminal (TsrTerminalPreview *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_PREVIEW (self), 0);
  return self->terminal;
}

void
tsr_terminal_preview_set_state (TsrTerminalPreview *self,
                                TsrTerminalState    state)
{
  guint old_page;

  g_return_if_fail (TSR_IS_TERMINAL_PREVIEW (self));
  g_return_if_fail ((guint) state < TSR_TERMINAL_N_STATES);

  if (self->state == state)
    return;
  old_page = self->page;
  self->state = state;
  self->page = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  relayout (self);
  if (old_page != self->page)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

TsrTerminalState
tsr_terminal_preview_get_state (TsrTerminalPreview *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_PREVIEW (self), TSR_TERMINAL_STATE_UNFINISHED);
  return self->state;
}

void
tsr_terminal_preview_set_page (TsrTerminalPreview *self,
                               guint               page)
{
  guint n_pages;

  g_return_if_fail (TSR_IS_TERMINAL_PREVIEW (self));

  n_pages = tsr_terminal_preview_get_n_pages (self);
  page = n_pages > 0 ? MIN (page, n_pages - 1) : 0;
  if (self->page == page)
    return;
  self->page = page;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
tsr_terminal_preview_get_page (TsrTerminalPreview *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_PREVIEW (self), 0);
  return self->page;
}

guint
tsr_terminal_preview_get_n_pages (TsrTerminalPreview *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_PREVIEW (self), 0);
  return self->layout != NULL ? tsr_terminal_layout_n_pages (self->layout) : 0;
}

void
tsr_terminal_preview_set_scale (TsrTerminalPreview     *self,
                                TsrTerminalPreviewScale scale)
{
  g_return_if_fail (TSR_IS_TERMINAL_PREVIEW (self));

  if (self->scale == scale)
    return;
  self->scale = scale;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCALE]);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

TsrTerminalPreviewScale
tsr_terminal_preview_get_scale (TsrTerminalPreview *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_PREVIEW (self), TSR_TERMINAL_PREVIEW_SCALE_FIT);
  return self->scale;
}

static TsrImage *
picture_from_images (int      id,
                     gpointer user_data)
{
  TsrTerminalPreview *self = user_data;

  return self->images != NULL ? tsr_marathon_images_decode (self->images, id, NULL, NULL) : NULL;
}

void
tsr_terminal_preview_set_images (TsrTerminalPreview *self,
                                 TsrMarathonImages  *images)
{
  g_return_if_fail (TSR_IS_TERMINAL_PREVIEW (self));

  g_clear_pointer (&self->images, tsr_marathon_images_free);
  self->images = images;
  tsr_terminal_renderer_set_pictures (self->renderer, images != NULL ? picture_from_images : NULL, self, NULL);
  relayout (self);
}

void
tsr_terminal_preview_set_level (TsrTerminalPreview     *self,
                                const TsrMarathonLevel *level)
{
  g_return_if_fail (TSR_IS_TERMINAL_PREVIEW (self));

  tsr_terminal_renderer_set_level (self->renderer, level);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
tsr_terminal_preview_show_position (TsrTerminalPreview *self,
                                    guint               group,
                                    guint               offset)
{
  int page;

  g_return_val_if_fail (TSR_IS_TERMINAL_PREVIEW (self), FALSE);

  if (self->layout == NULL)
    return FALSE;
  page = tsr_terminal_layout_find_page (self->layout, group, offset);
  if (page < 0)
    {
      /* Another state's section: the first state that shows the group. */
      const TsrMarathonTerminal *terminal = g_ptr_array_index (self->terminals, self->terminal);

      for (int s = 0; s < TSR_TERMINAL_N_STATES && page < 0; s++)
        {
          g_autoptr(TsrTerminalLayout) other = NULL;

          if ((TsrTerminalState) s == self->state)
            continue;
          other = tsr_terminal_renderer_layout (self->renderer, terminal, (TsrTerminalState) s);
          if (tsr_terminal_layout_find_page (other, group, offset) >= 0)
            {
              tsr_terminal_preview_set_state (self, (TsrTerminalState) s);
              page = tsr_terminal_layout_find_page (self->layout, group, offset);
            }
        }
      if (page < 0)
        return FALSE;
    }
  tsr_terminal_preview_set_page (self, (guint) page);
  return TRUE;
}

gboolean
tsr_terminal_preview_handle_key (TsrTerminalPreview *self,
                                 guint               keyval,
                                 GdkModifierType     state)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_PREVIEW (self), FALSE);

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Page_Down:
    case GDK_KEY_KP_Page_Down:
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
    case GDK_KEY_space:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if (self->layout != NULL)
        tsr_terminal_preview_set_page (self, tsr_terminal_layout_page_down (self->layout, self->page));
      return TRUE;
    case GDK_KEY_Page_Up:
    case GDK_KEY_KP_Page_Up:
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      if (self->layout != NULL)
        tsr_terminal_preview_set_page (self, tsr_terminal_layout_page_up (self->layout, self->page));
      return TRUE;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      tsr_terminal_preview_set_page (self, 0);
      return TRUE;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      tsr_terminal_preview_set_page (self, G_MAXUINT);
      return TRUE;
    default:
      return FALSE;
    }
}

const TsrTerminalLayout *
tsr_terminal_preview_get_layout (TsrTerminalPreview *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_PREVIEW (self), NULL);
  return self->layout;
}
