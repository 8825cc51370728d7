/* tsr-backdrop.c: a window's background and its notebooks' page background, painted by the
 * window around its opaque widgets (see tsr-backdrop.h for why).
 *
 * What it replaces, in GTK's Default theme (4.8): `.background` (the window) is theme_bg_color,
 * and `notebook > stack:not(:only-child)` (a notebook's pages, while its tabs show) is
 * theme_base_color. style.css takes both away from a window and the notebooks that carry the
 * class tsr-backdrop; this paints them again, in the window's snapshot, minus the opaque widgets'
 * areas. Only while the theme is one of Default's variants: those two rules and colours are what
 * it is known to paint. */
#include "tsr-backdrop.h"

#include <math.h>

#define BACKDROP_KEY "tsr-backdrop"
#define BACKDROP_CLASS "tsr-backdrop"

typedef struct {
  GtkWindow *window;
  GPtrArray *opaque;     /* mapped widgets that paint their whole area; each leaves when unmapped */
  GPtrArray *notebooks;  /* GtkNotebooks whose page background is painted here (weak) */
  GdkRGBA    window_color, page_color;
  gboolean   allowed;
  gboolean   active;
} Backdrop;

static Backdrop *
get_backdrop (GtkWindow *window)
{
  return window != NULL ? g_object_get_data (G_OBJECT (window), BACKDROP_KEY) : NULL;
}

static void
notebook_gone (gpointer  data,
               GObject  *where_the_object_was)
{
  Backdrop *self = data;

  g_ptr_array_remove (self->notebooks, where_the_object_was);
}

static void
backdrop_free (gpointer data)
{
  Backdrop *self = data;

  for (guint i = 0; i < self->notebooks->len; i++)
    g_object_weak_unref (self->notebooks->pdata[i], notebook_gone, self);
  g_ptr_array_unref (self->notebooks);
  g_ptr_array_unref (self->opaque);
  g_free (self);
}

/* The theme's two colours, where the theme is one of GTK's Default variants. GTK_THEME overrides
 * the setting, as it does in GTK. */
static gboolean
theme_colors (GtkWindow *window,
              GdkRGBA   *window_color,
              GdkRGBA   *page_color)
{
  static const char *const known[] = { "Default", "Default-dark", "Default-hc", "Default-hc-dark",
                                       "Adwaita", "Adwaita-dark", "HighContrast", "HighContrastInverse", NULL };
  const char *forced = g_getenv ("GTK_THEME");
  g_autofree char *name = NULL;
  GtkStyleContext *context;
  gboolean found;

  if (forced != NULL && *forced != '\0')
    name = g_strndup (forced, strcspn (forced, ":"));
  else
    g_object_get (gtk_widget_get_settings (GTK_WIDGET (window)), "gtk-theme-name", &name, NULL);
  if (name == NULL || !g_strv_contains (known, name))
    return FALSE;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  context = gtk_widget_get_style_context (GTK_WIDGET (window));
  found = gtk_style_context_lookup_color (context, "theme_bg_color", window_color)
          && gtk_style_context_lookup_color (context, "theme_base_color", page_color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return found && window_color->alpha >= 1 && page_color->alpha >= 1;
}

static void
set_class (GtkWidget *widget,
           gboolean   on)
{
  if (on)
    gtk_widget_add_css_class (widget, BACKDROP_CLASS);
  else
    gtk_widget_remove_css_class (widget, BACKDROP_CLASS);
}

/* Turns the backdrop on where it is allowed and the theme is known, off otherwise. */
static void
update (Backdrop *self)
{
  gboolean active = self->allowed && theme_colors (self->window, &self->window_color, &self->page_color);

  if (active == self->active)
    return;
  self->active = active;
  set_class (GTK_WIDGET (self->window), active);
  for (guint i = 0; i < self->notebooks->len; i++)
    set_class (self->notebooks->pdata[i], active);
  gtk_widget_queue_draw (GTK_WIDGET (self->window));
}

static void
theme_changed (GtkWindow *window)
{
  Backdrop *self = get_backdrop (window);

  if (self != NULL)
    update (self);
}

void
tsr_backdrop_enable (GtkWindow *window)
{
  GtkSettings *settings;
  Backdrop *self;

  g_return_if_fail (GTK_IS_WINDOW (window));
  if (get_backdrop (window) != NULL)
    return;
  self = g_new0 (Backdrop, 1);
  self->window = window;
  self->opaque = g_ptr_array_new ();
  self->notebooks = g_ptr_array_new ();
  self->allowed = TRUE;
  g_object_set_data_full (G_OBJECT (window), BACKDROP_KEY, self, backdrop_free);
  settings = gtk_widget_get_settings (GTK_WIDGET (window));
  g_signal_connect_object (settings, "notify::gtk-theme-name", G_CALLBACK (theme_changed), window, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::gtk-application-prefer-dark-theme", G_CALLBACK (theme_changed), window,
                           G_CONNECT_SWAPPED);
  update (self);
}

static Backdrop *
backdrop_of (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  return GTK_IS_WINDOW (root) ? get_backdrop (GTK_WINDOW (root)) : NULL;
}

void
tsr_backdrop_add_opaque (GtkWidget *widget)
{
  Backdrop *self = backdrop_of (widget);

  g_return_if_fail (GTK_IS_WIDGET (widget));
  if (self == NULL || g_ptr_array_find (self->opaque, widget, NULL))
    return;
  g_ptr_array_add (self->opaque, widget);
  /* The notebooks it shows in: their page background is taken away (while active) and painted
   * here from now on, whatever page they show later. */
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    if (GTK_IS_NOTEBOOK (up) && !g_ptr_array_find (self->notebooks, up, NULL))
      {
        g_ptr_array_add (self->notebooks, up);
        g_object_weak_ref (G_OBJECT (up), notebook_gone, self);
        set_class (up, self->active);
      }
  gtk_widget_queue_draw (GTK_WIDGET (self->window));
}

void
tsr_backdrop_remove_opaque (GtkWidget *widget)
{
  Backdrop *self = backdrop_of (widget);

  g_return_if_fail (GTK_IS_WIDGET (widget));
  if (self != NULL && g_ptr_array_remove (self->opaque, widget))
    gtk_widget_queue_draw (GTK_WIDGET (self->window));
}

/* WIDGET's area in WINDOW's coordinates, whole pixels inside it, as far as it is seen: clipped
 * by its ancestors that clip, and nothing while it or an ancestor is translucent or a stack
 * above it cross-fades (then what lies beneath shows through). */
static gboolean
opaque_rectangle (GtkWidget             *widget,
                  GtkWidget             *window,
                  cairo_rectangle_int_t *rectangle)
{
  graphene_rect_t bounds, clip;
  double x0, y0, x1, y1;

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, window, &bounds))
    return FALSE;
  for (GtkWidget *up = widget; up != window; up = gtk_widget_get_parent (up))
    {
      if (up == NULL || gtk_widget_get_opacity (up) < 1)
        return FALSE;
      if (GTK_IS_STACK (up) && gtk_stack_get_transition_running (GTK_STACK (up)))
        return FALSE;
      if (up != widget && gtk_widget_get_overflow (up) == GTK_OVERFLOW_HIDDEN
          && (!gtk_widget_compute_bounds (up, window, &clip) || !graphene_rect_intersection (&bounds, &clip, &bounds)))
        return FALSE;
    }
  x0 = ceil (bounds.origin.x);
  y0 = ceil (bounds.origin.y);
  x1 = floor (bounds.origin.x + bounds.size.width);
  y1 = floor (bounds.origin.y + bounds.size.height);
  if (x1 <= x0 || y1 <= y0)
    return FALSE;
  *rectangle = (cairo_rectangle_int_t) { (int) x0, (int) y0, (int) (x1 - x0), (int) (y1 - y0) };
  return TRUE;
}

/* COLOR over AREA's bounds in WINDOW, whole pixels round it, except HOLES. */
static void
paint_around (GtkSnapshot          *snapshot,
              GtkWidget            *window,
              GtkWidget            *area,
              const cairo_region_t *holes,
              const GdkRGBA        *color)
{
  graphene_rect_t bounds;
  cairo_rectangle_int_t whole;
  cairo_region_t *region;

  if (!gtk_widget_compute_bounds (area, window, &bounds))
    return;
  whole.x = (int) floor (bounds.origin.x);
  whole.y = (int) floor (bounds.origin.y);
  whole.width = (int) ceil (bounds.origin.x + bounds.size.width) - whole.x;
  whole.height = (int) ceil (bounds.origin.y + bounds.size.height) - whole.y;
  region = cairo_region_create_rectangle (&whole);
  cairo_region_subtract (region, holes);
  for (int i = 0; i < cairo_region_num_rectangles (region); i++)
    {
      cairo_rectangle_int_t r;

      cairo_region_get_rectangle (region, i, &r);
      gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (r.x, r.y, r.width, r.height));
    }
  cairo_region_destroy (region);
}

/* NOTEBOOK's page stack where the theme paints it (its tabs show: the stack is not its only
 * shown child), else NULL. */
static GtkWidget *
painted_page_stack (GtkWidget *notebook)
{
  GtkWidget *stack = NULL;
  gboolean others_shown = FALSE;

  if (!gtk_widget_get_mapped (notebook))
    return NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (notebook); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_STACK (child))
      stack = child;
    else if (gtk_widget_get_visible (child))
      others_shown = TRUE;
  return others_shown && stack != NULL && gtk_widget_get_mapped (stack) ? stack : NULL;
}

static guint
depth (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    n++;
  return n;
}

static int
compare_depth (gconstpointer a,
               gconstpointer b)
{
  guint x = depth (*(GtkWidget *const *) a), y = depth (*(GtkWidget *const *) b);

  return x < y ? -1 : x > y;
}

void
tsr_backdrop_snapshot (GtkWindow   *window,
                       GtkSnapshot *snapshot)
{
  Backdrop *self = get_backdrop (window);
  GtkWidget *child = gtk_window_get_child (window);
  cairo_region_t *holes;
  GdkRGBA window_color, page_color;
  g_autoptr(GPtrArray) outer_first = NULL;

  if (self == NULL || !self->active || child == NULL)
    return;
  /* The variant's colours now (light, dark or high contrast), as GTK's own rules would take them. */
  if (theme_colors (window, &window_color, &page_color))
    {
      self->window_color = window_color;
      self->page_color = page_color;
    }
  holes = cairo_region_create ();
  for (guint i = 0; i < self->opaque->len; i++)
    {
      cairo_rectangle_int_t rectangle;

      if (opaque_rectangle (self->opaque->pdata[i], GTK_WIDGET (window), &rectangle))
        cairo_region_union_rectangle (holes, &rectangle);
    }
  paint_around (snapshot, GTK_WIDGET (window), child, holes, &self->window_color);
  /* A notebook's pages over the window's background, an inner notebook's over an outer's. */
  outer_first = g_ptr_array_copy (self->notebooks, NULL, NULL);
  g_ptr_array_sort (outer_first, compare_depth);
  for (guint i = 0; i < outer_first->len; i++)
    {
      GtkWidget *stack = painted_page_stack (outer_first->pdata[i]);

      if (stack != NULL)
        paint_around (snapshot, GTK_WIDGET (window), stack, holes, &self->page_color);
    }
  cairo_region_destroy (holes);
}

gboolean
tsr_backdrop_get_active (GtkWindow *window)
{
  Backdrop *self = get_backdrop (window);

  return self != NULL && self->active;
}

void
tsr_backdrop_set_allowed (GtkWindow *window,
                          gboolean   allowed)
{
  Backdrop *self = get_backdrop (window);

  if (self == NULL)
    return;
  self->allowed = allowed;
  update (self);
}
