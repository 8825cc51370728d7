/* tsr-test-xtest.c: real X input for the UI tests through XTest (see tsr-test-xtest.h). A
 * capture-phase legacy controller on the driven window watches what GTK dispatches, and an
 * emission hook on GdkSurface::event what GDK hands to any surface (a popover, a dialog), so every
 * call waits for its own event instead of sleeping: GDK holds motion until the next frame and
 * would merge the steps of a fast drag otherwise. */
#include "tsr-test-xtest.h"

#include "tsr-test-ui.h"

#include <gdk/x11/gdkx.h>
#include <X11/Xlib.h>
#include <X11/keysym.h>
#include <X11/extensions/XTest.h>
#include <math.h>

/* How long GTK may take to dispatch one event (or draw the two frames a click waits for) before
 * the call fails. Under the sanitizers a frame of a heavy map (Doom2D's 1,060-monster
 * Stupidity_Coop) is several times slower: the same 10 s failed there once in CI. */
#if defined(__SANITIZE_ADDRESS__)
#define EVENT_TIMEOUT_MS 30000
#else
#define EVENT_TIMEOUT_MS 10000
#endif
/* Time between two pointer steps: a mouse reports at 125 Hz. */
#define STEP_INTERVAL_MS 8
#define FOCUS_TIMEOUT_MS 5000

typedef enum {
  WANT_NOTHING,
  WANT_MOTION,
  WANT_WINDOW_MOTION, /* any motion that reaches the window's own widgets */
  WANT_BUTTON_PRESS,
  WANT_BUTTON_RELEASE,
  WANT_KEY_PRESS,
  WANT_KEY_RELEASE,
  WANT_SCROLL,
} Want;

struct _TsrTestXTest {
  GtkWindow          *window;
  GtkEventController *monitor;
  GPtrArray          *watched;  /* GtkEventController: monitors of popovers (tsr_test_xtest_watch) */
  Display            *display;
  /* A second connection, only for the pointer steps a thread sends while GTK runs. */
  Display            *step_display;
  /* The event being waited for: its kind, surface position (motion), button or keycode. */
  Want                want;
  double              want_x;
  double              want_y;
  guint               want_code;
  gboolean            seen;
  /* While moving: the surface positions of the motion events GTK dispatched (graphene_point_t),
   * and whether the thread has sent its last step (atomic). */
  GArray             *motions;
  gint                steps_sent;
  /* Frames the widget about to be clicked has been through since the click began (settling). */
  guint               ticks;
  /* The popup tsr_test_xtest_wait_closed waits for. */
  GtkWidget          *closing;
  /* The emission hook on GdkSurface::event (on_any_surface_event), and the root pixel a move's
   * end motion is waited for at on a surface other than the window's. */
  guint               event_signal;
  gulong              event_hook;
  int                 want_root_x;
  int                 want_root_y;
};

typedef struct {
  TsrTestXTest *self;
  GArray       *points; /* int pairs: root x, y */
} Steps;

gboolean
tsr_test_xtest_available (char **why)
{
  GdkDisplay *display = gdk_display_get_default ();
  int event_base, error_base, major, minor;

  if (display == NULL)
    {
      *why = g_strdup ("no display");
      return FALSE;
    }
  if (!GDK_IS_X11_DISPLAY (display))
    {
      *why = g_strdup_printf ("display %s is not X11 (GDK_BACKEND=x11 is needed)",
                              gdk_display_get_name (display));
      return FALSE;
    }
  if (!XTestQueryExtension (gdk_x11_display_get_xdisplay (display), &event_base, &error_base, &major, &minor))
    {
      *why = g_strdup_printf ("X display %s has no XTest extension", gdk_display_get_name (display));
      return FALSE;
    }
  return TRUE;
}

static gboolean
on_event (GtkEventControllerLegacy *controller,
          GdkEvent                 *event,
          TsrTestXTest             *self)
{
  GdkEventType type = gdk_event_get_event_type (event);
  double x, y;

  if (type == GDK_MOTION_NOTIFY && self->motions != NULL
      && gdk_event_get_surface (event) == gtk_native_get_surface (GTK_NATIVE (self->window))
      && gdk_event_get_position (event, &x, &y))
    {
      graphene_point_t point = GRAPHENE_POINT_INIT ((float) x, (float) y);

      g_array_append_val (self->motions, point);
    }
  switch (self->want)
    {
    case WANT_MOTION:
      if (type == GDK_MOTION_NOTIFY && gdk_event_get_position (event, &x, &y)
          && gdk_event_get_surface (event) == gtk_native_get_surface (GTK_NATIVE (self->window))
          && fabs (x - self->want_x) < 0.5 && fabs (y - self->want_y) < 0.5)
        self->seen = TRUE;
      break;
    case WANT_WINDOW_MOTION:
      if (type == GDK_MOTION_NOTIFY && GTK_EVENT_CONTROLLER (controller) == self->monitor)
        self->seen = TRUE;
      break;
    /* Buttons, keys and wheel steps on any surface: on_any_surface_event. */
    case WANT_BUTTON_PRESS:
    case WANT_BUTTON_RELEASE:
    case WANT_KEY_PRESS:
    case WANT_KEY_RELEASE:
    case WANT_SCROLL:
    case WANT_NOTHING:
      break;
    }
  /* Only watching: the event goes on to the widgets. */
  return GDK_EVENT_PROPAGATE;
}

/* The root pixel of the point (X, Y) of SURFACE (surface coordinates, as events give them). */
static void
surface_point_to_root (TsrTestXTest *self,
                       GdkSurface   *surface,
                       double        x,
                       double        y,
                       int          *root_x,
                       int          *root_y)
{
  int scale = gdk_surface_get_scale_factor (surface);
  Window child;

  XTranslateCoordinates (self->display, gdk_x11_surface_get_xid (surface), DefaultRootWindow (self->display),
                         0, 0, root_x, root_y, &child);
  *root_x += (int) lround (x * scale);
  *root_y += (int) lround (y * scale);
}

static GdkSurface *window_surface (TsrTestXTest *self);

/* Every event GDK hands to any surface of the process, before GTK handles it (in the same
 * emission: when the wait sees it, GTK has dispatched it). The monitors see only the driven window
 * and the popovers a test watches, but the event a call waits for may go to another surface: to a
 * popover that opened on the press (a drop-down's list) before anyone watched it, to a dialog a
 * key opened (the key's release goes there, with the focus); and a press outside an open popover
 * reaches GTK only as the end of the popover's grab. Each of these had a call wait out its whole
 * time-out (10 s, 30 s under the sanitizers) for an event that had come. An event that reaches no
 * surface is still waited for until the time-out (wait_for_pointer_event knows one case). */
static gboolean
on_any_surface_event (GSignalInvocationHint *hint,
                      guint                  n_values,
                      const GValue          *values,
                      gpointer               data)
{
  TsrTestXTest *self = data;
  GdkSurface *surface;
  GdkEvent *event;
  GdkEventType type;

  if (n_values < 2 || self->seen || self->want == WANT_NOTHING)
    return TRUE;
  surface = g_value_get_object (&values[0]);
  event = g_value_peek_pointer (&values[1]);
  if (surface == NULL || event == NULL || !GDK_IS_X11_SURFACE (surface))
    return TRUE;
  type = gdk_event_get_event_type (event);
  switch (self->want)
    {
    case WANT_MOTION:
      {
        double x, y;
        int root_x, root_y;

        /* The window's own motion is matched in its coordinates (on_event). */
        if (type == GDK_MOTION_NOTIFY && surface != window_surface (self) && gdk_event_get_position (event, &x, &y))
          {
            surface_point_to_root (self, surface, x, y, &root_x, &root_y);
            if (root_x == self->want_root_x && root_y == self->want_root_y)
              self->seen = TRUE;
          }
      }
      break;
    case WANT_BUTTON_PRESS:
    case WANT_BUTTON_RELEASE:
      if (type == (self->want == WANT_BUTTON_PRESS ? GDK_BUTTON_PRESS : GDK_BUTTON_RELEASE)
          && gdk_button_event_get_button (event) == self->want_code)
        self->seen = TRUE;
      /* An open popover holds the pointer grab: a press outside its input region (its shadow,
       * or the window beside it) ends the grab, and GDK hands on only that, on the popover's
       * surface (the popover then closes), never the press. */
      if (type == GDK_GRAB_BROKEN && self->want == WANT_BUTTON_PRESS && GDK_IS_POPUP (surface)
          && !gdk_grab_broken_event_get_implicit (event))
        self->seen = TRUE;
      break;
    case WANT_KEY_PRESS:
    case WANT_KEY_RELEASE:
      if (type == (self->want == WANT_KEY_PRESS ? GDK_KEY_PRESS : GDK_KEY_RELEASE)
          && gdk_key_event_get_keycode (event) == self->want_code)
        self->seen = TRUE;
      break;
    case WANT_SCROLL:
      if (type == GDK_SCROLL)
        self->seen = TRUE;
      break;
    case WANT_WINDOW_MOTION: /* only a motion the window's widgets get counts (on_event) */
    case WANT_NOTHING:
      break;
    }
  return TRUE;
}

static gboolean
on_deadline (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until CONDITION (or the event waited for, when NULL) holds or MILLISECONDS
 * pass, then lets what the event started (idle handlers) run. */
static gboolean
wait_for (TsrTestXTest *self,
          gboolean    (*condition) (TsrTestXTest *),
          guint         milliseconds)
{
  gboolean expired = FALSE;
  gboolean done;
  guint deadline;

  XFlush (self->display);
  deadline = g_timeout_add (milliseconds, on_deadline, &expired);
  while (!(done = condition != NULL ? condition (self) : self->seen) && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (!expired)
    g_source_remove (deadline);
  for (guint i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
  self->want = WANT_NOTHING;
  return done;
}

static void
expect (TsrTestXTest *self,
        Want          want,
        guint         code)
{
  self->want = want;
  self->want_code = code;
  self->seen = FALSE;
}

static GdkSurface *
window_surface (TsrTestXTest *self)
{
  return gtk_native_get_surface (GTK_NATIVE (self->window));
}

/* Whether the X server shows SURFACE. The query is a round trip on GDK's own connection, so
 * every request GDK made before (an unmap, an ungrab) has been carried out when it answers. */
static gboolean
surface_viewable (TsrTestXTest *self,
                  GdkSurface   *surface)
{
  XWindowAttributes attributes;
  Status ok;

  gdk_x11_display_error_trap_push (gtk_widget_get_display (GTK_WIDGET (self->window)));
  ok = XGetWindowAttributes (self->display, gdk_x11_surface_get_xid (surface), &attributes);
  gdk_x11_display_error_trap_pop_ignored (gtk_widget_get_display (GTK_WIDGET (self->window)));
  return ok && attributes.map_state == IsViewable;
}

static gboolean
is_viewable (TsrTestXTest *self)
{
  return surface_viewable (self, window_surface (self));
}

static gboolean
is_active (TsrTestXTest *self)
{
  return gtk_window_is_active (self->window);
}

TsrTestXTest *
tsr_test_xtest_new (GtkWindow  *window,
                    GError    **error)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (window));
  g_autoptr(TsrTestXTest) self = NULL;
  g_autofree char *why = NULL;

  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);
  if (!tsr_test_xtest_available (&why))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s", why);
      return NULL;
    }
  self = g_new0 (TsrTestXTest, 1);
  self->window = g_object_ref (window);
  self->monitor = gtk_event_controller_legacy_new ();
  self->display = gdk_x11_display_get_xdisplay (display);
  self->step_display = XOpenDisplay (DisplayString (self->display));
  if (self->step_display == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot open a second connection to %s",
                   DisplayString (self->display));
      return NULL;
    }
  gtk_event_controller_set_propagation_phase (self->monitor, GTK_PHASE_CAPTURE);
  g_signal_connect (self->monitor, "event", G_CALLBACK (on_event), self);
  gtk_widget_add_controller (GTK_WIDGET (window), g_object_ref (self->monitor));
  self->event_signal = g_signal_lookup ("event", GDK_TYPE_SURFACE);
  self->event_hook = g_signal_add_emission_hook (self->event_signal, 0, on_any_surface_event, self, NULL);

  gtk_window_present (window);
  if (!wait_for (self, is_viewable, FOCUS_TIMEOUT_MS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, "the window was not mapped within %d ms",
                   FOCUS_TIMEOUT_MS);
      return NULL;
    }
  /* Xvfb runs no window manager. GDK's present already falls back to XSetInputFocus then (tried:
   * the tests pass without this), but nothing else would hand out the focus, so take it
   * explicitly and wait until GTK agrees. */
  gdk_x11_display_error_trap_push (display);
  XRaiseWindow (self->display, gdk_x11_surface_get_xid (window_surface (self)));
  XSetInputFocus (self->display, gdk_x11_surface_get_xid (window_surface (self)), RevertToParent, CurrentTime);
  XSync (self->display, False);
  gdk_x11_display_error_trap_pop_ignored (display);
  if (!wait_for (self, is_active, FOCUS_TIMEOUT_MS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, "the window did not become active within %d ms",
                   FOCUS_TIMEOUT_MS);
      return NULL;
    }
  return g_steal_pointer (&self);
}

void
tsr_test_xtest_free (TsrTestXTest *self)
{
  if (self == NULL)
    return;
  if (self->event_hook != 0)
    g_signal_remove_emission_hook (self->event_signal, self->event_hook);
  g_signal_handlers_disconnect_by_data (self->monitor, self);
  if (gtk_event_controller_get_widget (self->monitor) != NULL)
    gtk_widget_remove_controller (gtk_event_controller_get_widget (self->monitor), self->monitor);
  g_object_unref (self->monitor);
  for (guint i = 0; self->watched != NULL && i < self->watched->len; i++)
    {
      GtkEventController *monitor = g_ptr_array_index (self->watched, i);

      g_signal_handlers_disconnect_by_data (monitor, self);
      if (gtk_event_controller_get_widget (monitor) != NULL)
        gtk_widget_remove_controller (gtk_event_controller_get_widget (monitor), monitor);
    }
  g_clear_pointer (&self->watched, g_ptr_array_unref);
  g_clear_object (&self->window);
  g_clear_pointer (&self->motions, g_array_unref);
  if (self->step_display != NULL)
    XCloseDisplay (self->step_display);
  g_free (self);
}

void
tsr_test_xtest_watch (TsrTestXTest *self,
                      GtkWidget    *widget)
{
  GtkEventController *monitor = gtk_event_controller_legacy_new ();

  gtk_event_controller_set_propagation_phase (monitor, GTK_PHASE_CAPTURE);
  g_signal_connect (monitor, "event", G_CALLBACK (on_event), self);
  gtk_widget_add_controller (GTK_WIDGET (gtk_widget_get_native (widget)), g_object_ref (monitor));
  if (self->watched == NULL)
    self->watched = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->watched, monitor);
}

/* The root-window position of the origin of WIDGET's native surface, and the surface's scale. */
static void
surface_origin (TsrTestXTest *self,
                GtkWidget    *widget,
                int          *origin_x,
                int          *origin_y,
                int          *scale)
{
  GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (widget));
  Window child;

  XTranslateCoordinates (self->display, gdk_x11_surface_get_xid (surface), DefaultRootWindow (self->display),
                         0, 0, origin_x, origin_y, &child);
  *scale = gdk_surface_get_scale_factor (surface);
}

void
tsr_test_xtest_widget_to_root (TsrTestXTest *self,
                               GtkWidget    *widget,
                               double        x,
                               double        y,
                               int          *root_x,
                               int          *root_y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t point = GRAPHENE_POINT_INIT (x, y), in_native;
  double transform_x, transform_y;
  int origin_x, origin_y, scale;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &point, &in_native));
  gtk_native_get_surface_transform (native, &transform_x, &transform_y);
  surface_origin (self, widget, &origin_x, &origin_y, &scale);
  *root_x = origin_x + (int) lround ((in_native.x + transform_x) * scale);
  *root_y = origin_y + (int) lround ((in_native.y + transform_y) * scale);
}

/* The inverse: the point of WIDGET under root pixel (ROOT_X, ROOT_Y). */
static void
root_to_widget (TsrTestXTest *self,
                GtkWidget    *widget,
                int           root_x,
                int           root_y,
                double       *x,
                double       *y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t in_native, point;
  double transform_x, transform_y;
  int origin_x, origin_y, scale;

  gtk_native_get_surface_transform (native, &transform_x, &transform_y);
  surface_origin (self, widget, &origin_x, &origin_y, &scale);
  in_native = GRAPHENE_POINT_INIT ((float) ((double) (root_x - origin_x) / scale - transform_x),
                                   (float) ((double) (root_y - origin_y) / scale - transform_y));
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (native), widget, &in_native, &point));
  *x = point.x;
  *y = point.y;
}

void
tsr_test_xtest_get_pointer (TsrTestXTest *self,
                            GtkWidget    *widget,
                            double       *x,
                            double       *y)
{
  Window root_return, child;
  int root_x, root_y, window_x, window_y;
  unsigned int mask;

  XQueryPointer (self->display, DefaultRootWindow (self->display), &root_return, &child,
                 &root_x, &root_y, &window_x, &window_y, &mask);
  root_to_widget (self, widget, root_x, root_y, x, y);
}

/* The point of WIDGET at the position (X, Y) of the driven window's surface. */
static void
surface_to_widget (TsrTestXTest *self,
                   GtkWidget    *widget,
                   double        x,
                   double        y,
                   double       *widget_x,
                   double       *widget_y)
{
  GtkNative *native = GTK_NATIVE (self->window);
  graphene_point_t in_native, point;
  double transform_x, transform_y;

  gtk_native_get_surface_transform (native, &transform_x, &transform_y);
  in_native = GRAPHENE_POINT_INIT ((float) (x - transform_x), (float) (y - transform_y));
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (native), widget, &in_native, &point));
  *widget_x = point.x;
  *widget_y = point.y;
}

/* The thread that moves the pointer at a hand's pace, whatever the main loop is doing (drawing a
 * frame), so motion queues up as it does for a user. */
static gpointer
send_steps (gpointer data)
{
  Steps *steps = data;
  Display *display = steps->self->step_display;

  for (guint i = 0; i + 1 < steps->points->len; i += 2)
    {
      XTestFakeMotionEvent (display, -1, g_array_index (steps->points, int, i),
                            g_array_index (steps->points, int, i + 1), CurrentTime);
      XFlush (display);
      g_usleep (STEP_INTERVAL_MS * 1000);
    }
  XSync (display, False);
  g_atomic_int_set (&steps->self->steps_sent, TRUE);
  g_main_context_wakeup (NULL);
  return NULL;
}

static gboolean
steps_done (TsrTestXTest *self)
{
  return g_atomic_int_get (&self->steps_sent) && (self->want == WANT_NOTHING || self->seen);
}

gboolean
tsr_test_xtest_move_to (TsrTestXTest          *self,
                        GtkWidget             *widget,
                        double                 x,
                        double                 y,
                        double                 step,
                        TsrTestXTestPointFunc  func,
                        gpointer               user_data)
{
  GdkSurface *surface = window_surface (self);
  Window root_return, child;
  int from_x, from_y, to_x, to_y, last_x, last_y, window_x, window_y, origin_x, origin_y, scale;
  unsigned int mask;
  double end_x, end_y;
  Steps steps;
  GThread *thread;
  gboolean ok;
  guint n;

  g_return_val_if_fail (step >= 1, FALSE);
  g_return_val_if_fail (self->motions == NULL, FALSE);
  XQueryPointer (self->display, DefaultRootWindow (self->display), &root_return, &child,
                 &from_x, &from_y, &window_x, &window_y, &mask);
  tsr_test_xtest_widget_to_root (self, widget, x, y, &to_x, &to_y);
  if (from_x == to_x && from_y == to_y)
    return TRUE;
  surface_origin (self, GTK_WIDGET (self->window), &origin_x, &origin_y, &scale);
  end_x = (double) (to_x - origin_x) / scale;
  end_y = (double) (to_y - origin_y) / scale;

  steps.self = self;
  steps.points = g_array_new (FALSE, FALSE, sizeof (int));
  n = (guint) ceil (hypot (to_x - from_x, to_y - from_y) / step);
  last_x = from_x;
  last_y = from_y;
  for (guint i = 1; i <= n; i++)
    {
      int px = from_x + (int) lround ((double) (to_x - from_x) * i / n);
      int py = from_y + (int) lround ((double) (to_y - from_y) * i / n);

      if (px == last_x && py == last_y)
        continue;
      last_x = px;
      last_y = py;
      g_array_append_val (steps.points, px);
      g_array_append_val (steps.points, py);
    }

  /* Wait for the end point's motion when it is over the window; elsewhere GTK sees nothing. */
  expect (self, WANT_MOTION, 0);
  self->want_x = end_x;
  self->want_y = end_y;
  self->want_root_x = to_x;
  self->want_root_y = to_y;
  /* Over a popover the motion arrives on the popover's surface, whose positions are its own:
   * the steps' end is all there is to wait for. */
  if (!(end_x >= 0 && end_y >= 0 && end_x < gdk_surface_get_width (surface)
        && end_y < gdk_surface_get_height (surface))
      || gtk_widget_get_native (widget) != GTK_NATIVE (self->window))
    self->want = WANT_NOTHING;
  self->motions = g_array_new (FALSE, FALSE, sizeof (graphene_point_t));
  g_atomic_int_set (&self->steps_sent, FALSE);
  thread = g_thread_new ("xtest-steps", send_steps, &steps);
  ok = wait_for (self, steps_done, n * STEP_INTERVAL_MS + EVENT_TIMEOUT_MS);
  /* Never leave with the thread still sending (a timeout): it only needs its steps' time. */
  g_thread_join (thread);
  g_array_unref (steps.points);
  for (guint i = 0; i < self->motions->len && func != NULL; i++)
    {
      const graphene_point_t *point = &g_array_index (self->motions, graphene_point_t, i);
      double wx, wy;

      surface_to_widget (self, widget, point->x, point->y, &wx, &wy);
      func (wx, wy, user_data);
    }
  g_clear_pointer (&self->motions, g_array_unref);
  return ok;
}

static gboolean on_settle_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data);

/* Whether the top-level X window under the pointer is a surface of the process (the server
 * leaves out the pixels outside a window's input shape, such as a popover's shadow). */
static gboolean
pointer_over_own_surface (TsrTestXTest *self)
{
  Window root, child;
  int root_x, root_y, x, y;
  unsigned int mask;

  XQueryPointer (self->display, DefaultRootWindow (self->display), &root, &child, &root_x, &root_y, &x, &y, &mask);
  return child != None
         && gdk_x11_surface_lookup_for_display (gtk_widget_get_display (GTK_WIDGET (self->window)), child) != NULL;
}

static gboolean
seen_or_settled (TsrTestXTest *self)
{
  return self->seen || self->ticks >= 2;
}

/* Waits for the button or wheel event just sent. Over a surface of the process it comes, to that
 * surface or to a popover that holds the grab (on_any_surface_event sees both). Over none (the
 * root window: a widget that reaches past the window's edge, or the screen beside a popover) the
 * server sends it to the process only when a grab takes it. The server handles XTest input when
 * the request comes, so after one round trip whatever it sent is queued here, and two frames of
 * the window later GDK has dispatched it (it holds events while a frame is drawn). FALSE when it
 * did not come then, instead of waiting out the time-out for an event that cannot. */
static gboolean
wait_for_pointer_event (TsrTestXTest *self)
{
  guint tick;

  if (pointer_over_own_surface (self))
    return wait_for (self, NULL, EVENT_TIMEOUT_MS);
  XSync (self->display, False);
  self->ticks = 0;
  tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->window), on_settle_tick, self, NULL);
  wait_for (self, seen_or_settled, EVENT_TIMEOUT_MS);
  if (self->ticks < 2)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->window), tick);
  return self->seen;
}

gboolean
tsr_test_xtest_button (TsrTestXTest *self,
                       guint         button,
                       gboolean      press)
{
  expect (self, press ? WANT_BUTTON_PRESS : WANT_BUTTON_RELEASE, button);
  XTestFakeButtonEvent (self->display, button, press, CurrentTime);
  return wait_for_pointer_event (self);
}

gboolean
tsr_test_xtest_scroll (TsrTestXTest *self,
                       guint         button)
{
  g_return_val_if_fail (button >= 4 && button <= 7, FALSE);
  /* X reports a wheel step as a press and release of buttons 4 to 7; GDK makes a scroll event. */
  expect (self, WANT_SCROLL, button);
  XTestFakeButtonEvent (self->display, button, True, CurrentTime);
  XTestFakeButtonEvent (self->display, button, False, CurrentTime);
  return wait_for_pointer_event (self);
}

static gboolean
on_settle_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  TsrTestXTest *self = data;

  self->ticks++;
  return self->ticks < 2 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static gboolean
settled (TsrTestXTest *self)
{
  return self->ticks >= 2;
}

/* Waits until WIDGET has been through two frames of its frame clock: a page just shown or a
 * row just added is laid out in the first, so its allocation (where the click goes) is final —
 * instead of a fixed pause that a slow (sanitizer) build outruns. */
static gboolean
wait_for_layout (TsrTestXTest *self,
                 GtkWidget    *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  self->ticks = 0;
  gtk_widget_add_tick_callback (widget, on_settle_tick, self, NULL);
  return wait_for (self, settled, EVENT_TIMEOUT_MS);
}

/* The popup is gone for GTK and for the server, and the window has the focus back. */
static gboolean
popup_closed (TsrTestXTest *self)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self->closing));

  return !gtk_widget_get_mapped (self->closing)
         && (surface == NULL || !surface_viewable (self, surface))
         && gtk_window_is_active (self->window);
}

static gboolean
on_poll (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

gboolean
tsr_test_xtest_wait_closed (TsrTestXTest *self,
                            GtkWidget    *popup)
{
  guint poll;
  gboolean closed;

  g_return_val_if_fail (GTK_IS_NATIVE (popup), FALSE);
  /* Held while waiting: a popup whose parent goes away (a page rebuilt) is destroyed meanwhile. */
  self->closing = g_object_ref (popup);
  /* Nothing need arrive while the server unmaps: wake the loop to ask again. */
  poll = g_timeout_add (10, on_poll, NULL);
  closed = wait_for (self, popup_closed, EVENT_TIMEOUT_MS);
  g_source_remove (poll);
  g_clear_object (&self->closing);
  /* GTK may still send the window's pointer events to the popover for a while (its grab): nudge
   * the pointer a pixel back and forth until a motion reaches the window itself. A popup may
   * reach past the window (a drop-down's list at the window's right edge on a wide screen): the
   * pointer that clicked in it is first brought to the nearest pixel inside the window. */
  if (closed)
    {
      gint64 end = g_get_monotonic_time () + EVENT_TIMEOUT_MS * (gint64) 1000;
      int nudge = 1, left, top, right, bottom, root_x, root_y, x, y;
      unsigned int mask;
      Window root, child;

      /* The window's own pixels, without the client-side shadow around them. */
      tsr_test_xtest_widget_to_root (self, GTK_WIDGET (self->window), 0, 0, &left, &top);
      tsr_test_xtest_widget_to_root (self, GTK_WIDGET (self->window), gtk_widget_get_width (GTK_WIDGET (self->window)),
                                     gtk_widget_get_height (GTK_WIDGET (self->window)), &right, &bottom);
      XQueryPointer (self->display, DefaultRootWindow (self->display), &root, &child, &root_x, &root_y, &x, &y, &mask);
      x = CLAMP (root_x, left + 2, right - 3);
      y = CLAMP (root_y, top + 2, bottom - 3);
      if (x != root_x || y != root_y)
        XTestFakeMotionEvent (self->display, -1, x, y, CurrentTime);

      do
        {
          expect (self, WANT_WINDOW_MOTION, 0);
          XTestFakeRelativeMotionEvent (self->display, nudge, 0, CurrentTime);
          nudge = -nudge;
        }
      while (!wait_for (self, NULL, 100) && g_get_monotonic_time () < end);
      closed = self->seen;
    }
  return closed;
}

gboolean
tsr_test_xtest_click (TsrTestXTest *self,
                      GtkWidget    *widget)
{
  return wait_for_layout (self, widget)
         && tsr_test_xtest_move_to (self, widget, gtk_widget_get_width (widget) / 2.0,
                                 gtk_widget_get_height (widget) / 2.0, 8, NULL, NULL)
         && tsr_test_xtest_button (self, GDK_BUTTON_PRIMARY, TRUE)
         && tsr_test_xtest_button (self, GDK_BUTTON_PRIMARY, FALSE);
}

GtkWidget *
tsr_test_xtest_open_menu (TsrTestXTest *self,
                          GtkWidget    *menu_button)
{
  GtkWidget *popover;
  gint64 end;

  g_return_val_if_fail (GTK_IS_MENU_BUTTON (menu_button), NULL);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button)));
  g_return_val_if_fail (popover != NULL, NULL);
  if (!tsr_test_xtest_click (self, menu_button))
    return NULL;
  /* A popover is a surface of its own: a loaded machine may take a while to map it. */
  end = g_get_monotonic_time () + EVENT_TIMEOUT_MS * (gint64) 1000;
  while (!gtk_widget_get_mapped (popover) && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (20);
  if (!gtk_widget_get_mapped (popover) || !tsr_test_ui_wait_for_frames (popover, 3))
    return NULL;
  tsr_test_xtest_watch (self, popover);
  return popover;
}

gboolean
tsr_test_xtest_click_at (TsrTestXTest *self,
                         GtkWidget    *widget,
                         double        x,
                         double        y)
{
  gboolean done = tsr_test_xtest_move_to (self, widget, x, y, 8, NULL, NULL)
                  && tsr_test_xtest_button (self, GDK_BUTTON_PRIMARY, TRUE)
                  && tsr_test_xtest_button (self, GDK_BUTTON_PRIMARY, FALSE);

  tsr_test_ui_iterate_for (150);
  return done;
}

static gboolean
match_mapped_text (GtkWidget     *widget,
                   gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

gboolean
tsr_test_xtest_choose (TsrTestXTest *self,
                       GtkWidget    *dropdown,
                       const char   *item)
{
  GtkWidget *row = NULL, *popover;

  if (!tsr_test_xtest_click (self, dropdown))
    return FALSE;
  /* The list's rows are below the drop-down's popover; its button shows the chosen one too. */
  for (guint wait = 0; wait < 100 && row == NULL; wait++)
    {
      tsr_test_ui_iterate_for (100);
      row = tsr_test_ui_find_widget (dropdown, match_mapped_text, item);
      if (row != NULL && gtk_widget_get_ancestor (row, GTK_TYPE_POPOVER) == NULL)
        {
          GtkWidget *list_popover = tsr_test_ui_find_widget (dropdown, tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_POPOVER));

          row = list_popover != NULL ? tsr_test_ui_find_widget (list_popover, match_mapped_text, item) : NULL;
        }
    }
  if (row == NULL || (popover = gtk_widget_get_ancestor (row, GTK_TYPE_POPOVER)) == NULL)
    return FALSE;
  tsr_test_xtest_watch (self, popover);
  return tsr_test_xtest_click (self, row) && tsr_test_xtest_wait_closed (self, popover);
}

static KeyCode
keycode_of (TsrTestXTest *self,
            KeySym        keysym)
{
  KeyCode keycode = XKeysymToKeycode (self->display, keysym);

  if (keycode == 0)
    g_warning ("no keycode for keysym 0x%lx in the X keyboard map", (unsigned long) keysym);
  return keycode;
}

static gboolean
send_key (TsrTestXTest *self,
          KeySym        keysym,
          gboolean      press)
{
  KeyCode keycode = keycode_of (self, keysym);

  if (keycode == 0)
    return FALSE;
  expect (self, press ? WANT_KEY_PRESS : WANT_KEY_RELEASE, keycode);
  XTestFakeKeyEvent (self->display, keycode, press, CurrentTime);
  return wait_for (self, NULL, EVENT_TIMEOUT_MS);
}

/* A tap: press and release go out together, so however long GTK takes to dispatch them (a slow
 * frame), the server never holds the key long enough to repeat it. */
static gboolean
tap_key (TsrTestXTest *self,
         KeySym        keysym)
{
  KeyCode keycode = keycode_of (self, keysym);

  if (keycode == 0)
    return FALSE;
  expect (self, WANT_KEY_RELEASE, keycode);
  XTestFakeKeyEvent (self->display, keycode, True, CurrentTime);
  XTestFakeKeyEvent (self->display, keycode, False, CurrentTime);
  return wait_for (self, NULL, EVENT_TIMEOUT_MS);
}

gboolean
tsr_test_xtest_key (TsrTestXTest    *self,
                    guint            keyval,
                    GdkModifierType  modifiers)
{
  static const struct { GdkModifierType mask; KeySym keysym; } modifier_keys[] = {
    { GDK_CONTROL_MASK, XK_Control_L },
    { GDK_SHIFT_MASK, XK_Shift_L },
    { GDK_ALT_MASK, XK_Alt_L },
  };
  gboolean ok = TRUE;

  g_return_val_if_fail ((modifiers & ~(GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_ALT_MASK)) == 0, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (modifier_keys) && ok; i++)
    if (modifiers & modifier_keys[i].mask)
      ok = send_key (self, modifier_keys[i].keysym, TRUE);
  /* GDK key values are X keysyms. */
  ok = ok && tap_key (self, keyval);
  for (guint i = G_N_ELEMENTS (modifier_keys); i > 0; i--)
    if (modifiers & modifier_keys[i - 1].mask)
      ok = send_key (self, modifier_keys[i - 1].keysym, FALSE) && ok;
  return ok;
}

gboolean
tsr_test_xtest_key_unwatched (TsrTestXTest    *self,
                              guint            keyval,
                              GdkModifierType  modifiers)
{
  static const struct { GdkModifierType mask; KeySym keysym; } modifier_keys[] = {
    { GDK_CONTROL_MASK, XK_Control_L },
    { GDK_SHIFT_MASK, XK_Shift_L },
    { GDK_ALT_MASK, XK_Alt_L },
  };
  KeyCode keycode = keycode_of (self, keyval);

  g_return_val_if_fail ((modifiers & ~(GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_ALT_MASK)) == 0, FALSE);
  if (keycode == 0)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (modifier_keys); i++)
    if (modifiers & modifier_keys[i].mask)
      XTestFakeKeyEvent (self->display, keycode_of (self, modifier_keys[i].keysym), True, CurrentTime);
  XTestFakeKeyEvent (self->display, keycode, True, CurrentTime);
  XTestFakeKeyEvent (self->display, keycode, False, CurrentTime);
  for (guint i = G_N_ELEMENTS (modifier_keys); i > 0; i--)
    if (modifiers & modifier_keys[i - 1].mask)
      XTestFakeKeyEvent (self->display, keycode_of (self, modifier_keys[i - 1].keysym), False, CurrentTime);
  XSync (self->display, False);
  return TRUE;
}

gboolean
tsr_test_xtest_hold_key (TsrTestXTest *self,
                         guint         keyval,
                         gboolean      press)
{
  /* GDK key values are X keysyms. */
  return send_key (self, keyval, press);
}

gboolean
tsr_test_xtest_begin (int          *argc,
                      char       ***argv,
                      const char   *name,
                      char        **work_dir,
                      char        **screenshot_dir,
                      int          *exit_status)
{
  g_autofree char *why = NULL;

  *exit_status = 77;
  if (!tsr_test_ui_begin (argc, argv, name, work_dir, screenshot_dir))
    return FALSE;
  if (tsr_test_xtest_available (&why))
    return TRUE;
  tsr_test_ui_end (*work_dir, *screenshot_dir);
  if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
    {
      g_printerr ("FAIL: real input needs XTest under CI: %s\n", why);
      *exit_status = 1;
    }
  else
    g_print ("SKIP: %s\n", why);
  return FALSE;
}

TsrTestXTest *
tsr_test_xtest_drive (GtkWindow *window)
{
  g_autoptr(GError) error = NULL;
  TsrTestXTest *self = tsr_test_xtest_new (window, &error);

  g_assert_no_error (error);
  return self;
}

void
tsr_test_xtest_type_number (TsrTestXTest *self,
                            int           value)
{
  g_autofree char *text = g_strdup_printf ("%d", value);

  g_assert_true (tsr_test_xtest_key (self, GDK_KEY_a, GDK_CONTROL_MASK));
  for (const char *p = text; *p != '\0'; p++)
    g_assert_true (tsr_test_xtest_key (self, *p == '-' ? GDK_KEY_minus : GDK_KEY_0 + (guint) (*p - '0'), 0));
  g_assert_true (tsr_test_xtest_key (self, GDK_KEY_Return, 0));
}

void
tsr_test_xtest_type_text (TsrTestXTest *self,
                          const char   *text)
{
  for (const char *c = text; *c != '\0'; c++)
    g_assert_true (tsr_test_xtest_key (self, gdk_unicode_to_keyval ((guint32) *c), 0));
}

void
tsr_test_xtest_save (TsrTestXTest *self,
                     TsrWindow    *window)
{
  gint64 end;

  g_assert_true (tsr_window_get_modified (window));
  g_assert_true (tsr_test_xtest_key (self, GDK_KEY_s, GDK_CONTROL_MASK));
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (tsr_window_get_modified (window) && g_get_monotonic_time () < end)
    tsr_test_ui_iterate_for (20);
  g_assert_null (tsr_window_get_error_message (window));
  g_assert_false (tsr_window_get_modified (window));
}
