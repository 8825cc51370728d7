/* test-random-input.c: each family's editor driven by seeded random real input (XTest under
 * Xvfb), as a user who clicks, drags, scrolls and types without a plan would: clicks and drags
 * (diagonal ones too, some with Shift, Control or Alt held, some with the middle button) mostly on
 * the canvas and the tool bars, wheel steps, keys (undo, redo, Delete, the editors' tool keys,
 * clipboard keys, arrows, zoom keys, letters), the inner tabs, level lists and drop-downs, and
 * switches between two tabs of the same file. Every family opens two copies of one real file
 * (copies under the test's temporary folder).
 *
 * It fails on a sanitizer report (the process dies; the seed is printed first), on any critical or
 * warning logged (criticals abort under G_DEBUG=fatal-criticals), and when the main loop stops
 * turning for more than 10 s (a watchdog thread). Then each document is saved, the saved file
 * reloaded with the codec and serialised again (the same bytes), and the document, undone to the
 * start, serialises to the bytes it was loaded from.
 *
 *   TSR_RANDOM_SEED=N     the seed (default: from the clock); every run prints it
 *   TSR_RANDOM_SECONDS=S  input per family (default 60 under CI=true, else 10)
 *   TSR_RANDOM_UNRESPONSIVE=S  the watchdog's limit (default 10 s, 30 s under ASan)
 *   TSR_RANDOM_LOG=1      print every action
 *
 * One family per test case (-p /random-input/marathon): meson runs them as separate tests.
 * Exits 77 without a display or XTest; under CI=true missing XTest or test data fails. */
#include "config.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "views/tsr-map-canvas.h"
#include "tsr-test-ui.h"
#include "tsr-test-xtest.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

/* The watchdog's limit: the main loop must turn at least this often. The sanitizers make every
 * step two to four times slower (CI's timeouts are four times the usual), so under ASan the limit
 * is three times as long: a shapes browser step took 10.2 s there (seed 3991950913). */
#if defined(__SANITIZE_ADDRESS__)
#define UNRESPONSIVE_SECONDS 30
#else
#define UNRESPONSIVE_SECONDS 10
#endif

typedef struct {
  const char        *name;    /* the test path's last part */
  const char        *data;    /* folder under $TSR_TESTDATA */
  const char *const *files;   /* copied; the first is opened */
} Family;

static const char *const marathon_files[] = { "chronicles_net_War.sceA", NULL };
static const char *const wolf3d_files[] = {
  "MAPHEAD.WL1", "GAMEMAPS.WL1", "AUDIOHED.WL1", "AUDIOT.WL1", "VGADICT.WL1", "VGAGRAPH.WL1",
  "VGAHEAD.WL1", "VSWAP.WL1", NULL,
};
static const char *const sphere_files[] = { "village.rmp", "outside_neo.rts", "sarah.rss", NULL };
static const char *const doom2d_files[] = { "df_MAP01.map", NULL };
static const char *const shapes_files[] = { "xbla_m2_Items.ShPa", NULL };
static const char *const terminal_files[] = { "chronicles_DreamBrother.term.txt", NULL };

static const Family families[] = {
  { "marathon", "marathon", marathon_files },
  { "wolf3d", "wolf3d/wl1_v14_shareware", wolf3d_files },
  { "sphere", "sphere", sphere_files },
  { "doom2d", "doom2d", doom2d_files },
  { "shapes", "marathon", shapes_files },
  { "terminal", "marathon", terminal_files },
};

static TsrApplication *application;
static char *screenshot_dir;
static char *work_dir;
static guint32 seed;
static const char *current_family = "";

/* --- Reporting the seed with every failure --- */

static void
print_seed (void)
{
  /* Also from a sanitizer's death callback: only what is safe there. */
  fprintf (stderr, "\nrandom-input: family %s, seed %u: reproduce with TSR_RANDOM_SEED=%u %s -p /random-input/%s\n",
           current_family, seed, seed, g_get_prgname () != NULL ? g_get_prgname () : "test-random-input",
           current_family);
  fflush (stderr);
}

/* The first warning or critical logged (any domain), or NULL. */
static char *logged_problem;

/* GTK 4.8 warnings this test found and that are not fixed yet (issue 41), each still printed and
 * counted, but not failing the run; every other warning fails it:
 * - "Broken accounting of active state" for GtkPopoverContent and GtkPopoverMenu (seed 189723256,
 *   terminal): inside GTK 4.8, reproduced without Tessera by a window holding only a GtkTextView
 *   (or a GtkSourceView) under Xvfb: an XTest right-button press over the text (GtkTextView maps
 *   its context menu on the press), the pointer moved onto the menu with the button still held,
 *   release: GTK warns for both widgets. In Tessera's window the menu opens over the pointer, and
 *   the release alone, dispatched on the menu's surface, makes it warn. Observed, not read in
 *   GTK's source: the menu's widgets are un-marked active for a press they never got
 *   (gtk_widget_set_active_state's warning). Tessera adds nothing to the menu and reparents
 *   nothing; the same warning is reported against GTK's own popovers elsewhere (rnote PR 477,
 *   transmission issue 7314 on GTK 4.16). */
static const char *const known_gtk_warnings[] = {
  "Broken accounting of active state for widget",
};
static guint known_warnings_seen;

static gboolean
is_known_warning (GLogLevelFlags level, const char *domain, const char *message)
{
  if (!(level & G_LOG_LEVEL_WARNING) || g_strcmp0 (domain, "Gtk") != 0 || message == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (known_gtk_warnings); i++)
    if (g_str_has_prefix (message, known_gtk_warnings[i]))
      return TRUE;
  return FALSE;
}

static GLogWriterOutput
write_log (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      const char *domain = NULL, *message = NULL;

      for (gsize i = 0; i < n_fields; i++)
        if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0)
          domain = fields[i].value;
        else if (g_strcmp0 (fields[i].key, "MESSAGE") == 0)
          message = fields[i].value;
      /* Which widget GTK could not draw: its CSS names up to the window (the warning names only
       * the type and address of a widget that is alive while it is drawn). */
      if (message != NULL && g_str_has_prefix (message, "Trying to snapshot "))
        {
          const char *at = strstr (message, " 0x");
          gpointer pointer = at != NULL ? GSIZE_TO_POINTER (g_ascii_strtoull (at + 1, NULL, 16)) : NULL;
          g_autoptr(GString) chain = g_string_new (NULL);

          for (GtkWidget *w = pointer; w != NULL && GTK_IS_WIDGET (w); w = gtk_widget_get_parent (w))
            g_string_append_printf (chain, " %s(%s)%s", G_OBJECT_TYPE_NAME (w), gtk_widget_get_css_name (w),
                                    gtk_widget_get_visible (w) ? "" : "[hidden]");
          fprintf (stderr, "random-input: the widget not allocated:%s\n", chain->str);
        }
      if (is_known_warning (level, domain, message))
        {
          known_warnings_seen++;
          fprintf (stderr, "random-input: known GTK warning (issue 41, not failing): %s\n", message);
          return G_LOG_WRITER_HANDLED;
        }
      if (logged_problem == NULL)
        logged_problem = g_strdup_printf ("%s: %s", domain != NULL ? domain : "(no domain)",
                                          message != NULL ? message : "(no message)");
      /* Criticals are fatal (G_DEBUG=fatal-criticals) and errors always: the seed goes first. */
      print_seed ();
    }
  return g_log_writer_default (level, fields, n_fields, user_data);
}

/* --- The watchdog: a timeout source on the main loop beats; a thread checks the beats --- */

static gint64 last_beat; /* atomic; monotonic µs */
/* What the current action does, in words: the watchdog prints it with the seed. Written by the
 * main thread before each XTest step; a torn read only garbles a diagnostic. */
static char action_detail[256];
static gint watchdog_armed; /* atomic */
static gint watchdog_stop; /* atomic */

static gint64 longest_stall; /* the main thread's: the longest time between two beats, µs */

static gboolean
on_heartbeat (gpointer data)
{
  gint64 now = g_get_monotonic_time ();

  longest_stall = MAX (longest_stall, now - __atomic_load_n (&last_beat, __ATOMIC_SEQ_CST));
  __atomic_store_n (&last_beat, now, __ATOMIC_SEQ_CST);
  return G_SOURCE_CONTINUE;
}

static gpointer
watchdog_thread (gpointer data)
{
  const char *limit = g_getenv ("TSR_RANDOM_UNRESPONSIVE");
  gint64 seconds = limit != NULL ? g_ascii_strtoll (limit, NULL, 10) : UNRESPONSIVE_SECONDS;

  while (!g_atomic_int_get (&watchdog_stop))
    {
      g_usleep (250 * 1000);
      if (g_atomic_int_get (&watchdog_armed))
        {
          gint64 since = g_get_monotonic_time () - __atomic_load_n (&last_beat, __ATOMIC_SEQ_CST);

          if (since > seconds * G_USEC_PER_SEC)
            {
              fprintf (stderr, "random-input: the window did not respond for %.1f s (the main loop stopped turning)"
                       " during: %.255s\n", since / 1e6, action_detail);
              print_seed ();
              abort ();
            }
        }
    }
  return NULL;
}

static void
watchdog_arm (gboolean armed)
{
  __atomic_store_n (&last_beat, g_get_monotonic_time (), __ATOMIC_SEQ_CST);
  g_atomic_int_set (&watchdog_armed, armed);
}

/* --- Widgets --- */

typedef gboolean (*Match) (GtkWidget *widget);

static void
collect (GtkWidget *root, Match match, GPtrArray *found)
{
  if (!gtk_widget_get_mapped (root))
    return;
  if (match (root))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect (child, match, found);
}

static gboolean
has_size (GtkWidget *widget)
{
  return gtk_widget_get_width (widget) >= 4 && gtk_widget_get_height (widget) >= 4;
}

static gboolean
is_popover (GtkWidget *widget)
{
  return GTK_IS_POPOVER (widget);
}

static gboolean
is_canvas (GtkWidget *widget)
{
  return TSR_IS_MAP_CANVAS (widget) && has_size (widget);
}

/* What a user clicks: controls, lists, text, canvases and the project's own widgets. */
static gboolean
is_target (GtkWidget *widget)
{
  if (!has_size (widget) || !gtk_widget_is_sensitive (widget))
    return FALSE;
  return GTK_IS_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget) || GTK_IS_DROP_DOWN (widget)
         || GTK_IS_SPIN_BUTTON (widget) || GTK_IS_ENTRY (widget) || GTK_IS_TEXT (widget) || GTK_IS_SWITCH (widget)
         || GTK_IS_SCALE (widget) || GTK_IS_LIST_BOX_ROW (widget) || GTK_IS_LIST_VIEW (widget)
         || GTK_IS_GRID_VIEW (widget) || GTK_IS_COLUMN_VIEW (widget) || GTK_IS_TEXT_VIEW (widget)
         || GTK_IS_DRAWING_AREA (widget) || GTK_IS_SCROLLBAR (widget)
         || (g_str_has_prefix (G_OBJECT_TYPE_NAME (widget), "Tsr") && gtk_widget_get_first_child (widget) == NULL)
         || TSR_IS_MAP_CANVAS (widget);
}

/* Where a level, map or entry is chosen. */
static gboolean
is_chooser (GtkWidget *widget)
{
  return has_size (widget) && gtk_widget_is_sensitive (widget)
         && (GTK_IS_DROP_DOWN (widget) || GTK_IS_LIST_VIEW (widget) || GTK_IS_LIST_BOX (widget)
             || GTK_IS_COLUMN_VIEW (widget) || GTK_IS_GRID_VIEW (widget));
}

static gboolean
is_notebook (GtkWidget *widget)
{
  return GTK_IS_NOTEBOOK (widget) && gtk_notebook_get_show_tabs (GTK_NOTEBOOK (widget))
         && gtk_notebook_get_n_pages (GTK_NOTEBOOK (widget)) > 1;
}

static gboolean
is_any_notebook (GtkWidget *widget)
{
  return GTK_IS_NOTEBOOK (widget);
}

static gboolean
is_label (GtkWidget *widget)
{
  return GTK_IS_LABEL (widget) && has_size (widget);
}

/* --- The session --- */

typedef struct {
  const Family  *family;
  GRand         *rand;
  TsrWindow     *window;
  GtkNotebook   *tabs;      /* the window's notebook: a tab per document */
  TsrTestXTest  *xtest;
  GHashTable    *watched;   /* GtkNative: popovers whose events the XTest helper watches */
  guint          popover_age; /* actions done while a popover was open */
  guint          actions;
  guint          dialogs;   /* other windows closed */
  GHashTable    *counts;    /* action name → count */
  const char    *last;      /* the last action's name */
} Session;

static void
count (Session *session, const char *what)
{
  gpointer value = g_hash_table_lookup (session->counts, what);

  session->last = what;

  g_hash_table_insert (session->counts, (gpointer) what, GUINT_TO_POINTER (GPOINTER_TO_UINT (value) + 1));
}

static GtkWidget *
current_page (Session *session)
{
  GtkWidget *pages = gtk_notebook_get_nth_page (session->tabs, gtk_notebook_get_current_page (session->tabs));

  if (GTK_IS_STACK (pages) && gtk_stack_get_visible_child (GTK_STACK (pages)) != NULL)
    return gtk_stack_get_visible_child (GTK_STACK (pages));
  return pages;
}

/* A widget in words, for the diagnostics: its type, its tooltip or the first label inside. */
static const char *
describe (GtkWidget *widget)
{
  static char text[160];
  const char *words = gtk_widget_get_tooltip_text (widget);

  for (GtkWidget *child = widget; words == NULL && child != NULL; child = gtk_widget_get_first_child (child))
    if (GTK_IS_LABEL (child))
      words = gtk_label_get_text (GTK_LABEL (child));
  g_snprintf (text, sizeof text, "%s \"%.100s\"", G_OBJECT_TYPE_NAME (widget), words != NULL ? words : "");
  return text;
}

/* The type of the page shown, for the diagnostics. */
static const char *
current_tool_page (Session *session)
{
  GtkWidget *page = current_page (session);

  return page != NULL ? G_OBJECT_TYPE_NAME (page) : "no page";
}

static gpointer
pick (Session *session, GPtrArray *array)
{
  return array->len == 0 ? NULL : g_ptr_array_index (array, g_rand_int_range (session->rand, 0, (gint32) array->len));
}

static double
uniform (Session *session, double from, double to)
{
  return g_rand_double_range (session->rand, from, to);
}

/* (Re)starts the XTest driver: the window takes the keyboard focus again (after a dialog). */
static void
restart_xtest (Session *session)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&session->xtest, tsr_test_xtest_free);
  g_hash_table_remove_all (session->watched);
  session->xtest = tsr_test_xtest_new (GTK_WINDOW (session->window), &error);
  g_assert_no_error (error);
}

/* Closes every other window (a file chooser, a message): what a user does with Escape or the
 * close button. Returns TRUE when one was closed. */
static gboolean
close_other_windows (Session *session)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();
  gboolean closed = FALSE;

  for (GList *l = toplevels; l != NULL; l = l->next)
    {
      GtkWindow *other = l->data;

      if (other == GTK_WINDOW (session->window) || !gtk_widget_get_visible (GTK_WIDGET (other)))
        continue;
      g_test_message ("closing the window %s (%s)", G_OBJECT_TYPE_NAME (other),
                      gtk_window_get_title (other) != NULL ? gtk_window_get_title (other) : "");
      gtk_window_close (other);
      closed = TRUE;
      session->dialogs++;
    }
  if (closed)
    tsr_test_ui_iterate_for (100);
  return closed;
}

static void
watch_popover (Session *session, GtkWidget *popover)
{
  if (g_hash_table_contains (session->watched, popover))
    return;
  tsr_test_xtest_watch (session->xtest, popover);
  g_hash_table_add (session->watched, popover);
}

static void
watch_popovers (Session *session)
{
  g_autoptr(GPtrArray) popovers = g_ptr_array_new ();

  collect (GTK_WIDGET (session->window), is_popover, popovers);
  for (guint i = 0; i < popovers->len; i++)
    watch_popover (session, g_ptr_array_index (popovers, i));
}

/* How far inside what shows it a press stays. */
#define SHOWN_MARGIN 2

/* A random point of WIDGET, kept a pixel inside, and moved (when WIDGET reaches out of what shows
 * it: the page it is on, or its popover) to the nearest point SHOWN_MARGIN inside that. A widget
 * scrolled out of view is allocated where it would be (seed 673103141, marathon: an entry of the
 * palettes' inspector at y 791 to 831 of a window 790 high): a press there lands on the window's
 * resize border, and with no window manager (Xvfb) GDK 4.8 resizes the window itself. In that
 * run the window never drew again: X had it 1200x832 while GDK still had 1200x801. Read in GTK
 * 4.8.3's source: a resize freezes the window's frame clock until X reports the new size
 * (resize_count in gdksurface-x11.c), GDK reads no X event while a frame clock holds the
 * display's events paused (gdk_surface_flush_events), and only a frame resumes them, which a
 * frozen clock never makes. A user has a window manager, which does the resize instead. The page,
 * not the whole window: moved only inside the window, a point went to its header bar or its tabs
 * (seed 554387762, shapes: a document closed). */
static void
random_point (Session *session, GtkWidget *widget, double *x, double *y)
{
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GtkWidget *shown = GTK_WIDGET (gtk_widget_get_native (widget));
  GtkWidget *page = current_page (session);
  graphene_point_t point, in_shown;

  *x = uniform (session, 1, MAX (2, w - 1));
  *y = uniform (session, 1, MAX (2, h - 1));
  if (shown == GTK_WIDGET (session->window) && page != NULL && gtk_widget_is_ancestor (widget, page))
    shown = page;
  if (shown == NULL || shown == widget
      || !gtk_widget_compute_point (widget, shown, &GRAPHENE_POINT_INIT ((float) *x, (float) *y), &in_shown))
    return;
  point = in_shown;
  point.x = CLAMP (point.x, SHOWN_MARGIN, MAX (SHOWN_MARGIN, gtk_widget_get_width (shown) - SHOWN_MARGIN));
  point.y = CLAMP (point.y, SHOWN_MARGIN, MAX (SHOWN_MARGIN, gtk_widget_get_height (shown) - SHOWN_MARGIN));
  *x += point.x - in_shown.x;
  *y += point.y - in_shown.y;
}

static void watch_popovers (Session *session);

static void
click_at (Session *session, GtkWidget *widget, double x, double y, guint button)
{
  g_snprintf (action_detail, sizeof action_detail, "click on a %s at %.0f,%.0f, button %u", describe (widget), x, y,
              button);
  tsr_test_xtest_move_to (session->xtest, widget, x, y, uniform (session, 4, 40), NULL, NULL);
  tsr_test_xtest_button (session->xtest, button, TRUE);
  /* A press that opened a popover (a drop-down's list) has the release go to it. */
  watch_popovers (session);
  tsr_test_xtest_button (session->xtest, button, FALSE);
}

/* Where a click or drag goes: the canvas mostly, else a control of the page, else anywhere on it. */
static GtkWidget *
random_target (Session *session, GtkWidget *page, gboolean canvas_first)
{
  g_autoptr(GPtrArray) canvases = g_ptr_array_new ();
  g_autoptr(GPtrArray) targets = g_ptr_array_new ();
  double roll = uniform (session, 0, 1);

  collect (page, is_canvas, canvases);
  collect (page, is_target, targets);
  if (canvases->len > 0 && roll < (canvas_first ? 0.75 : 0.5))
    return pick (session, canvases);
  if (targets->len > 0 && roll < 0.95)
    return pick (session, targets);
  return page;
}

/* Keys a user presses in the editors: the window's undo and redo, the canvases' Delete, clipboard,
 * zoom and arrow keys, the tool keys of every editor (Tiled's B U F E I R; the Marathon editor's
 * L P F S O and M; the Doom2D editor's S M P T I O A K and F), text keys. Ctrl+S too: a save in
 * the middle is a user's right. Not the keys that open choosers or close tabs (Ctrl+O, N, W, Q). */
static const struct {
  guint           keyval;
  GdkModifierType modifiers;
  guint           weight;
} keys[] = {
  { GDK_KEY_z, GDK_CONTROL_MASK, 12 },
  { GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, 5 },
  { GDK_KEY_y, GDK_CONTROL_MASK, 3 },
  { GDK_KEY_Delete, 0, 6 },
  { GDK_KEY_BackSpace, 0, 2 },
  { GDK_KEY_Escape, 0, 3 },
  { GDK_KEY_Return, 0, 3 },
  { GDK_KEY_Tab, 0, 1 },
  { GDK_KEY_Left, 0, 2 }, { GDK_KEY_Right, 0, 2 }, { GDK_KEY_Up, 0, 2 }, { GDK_KEY_Down, 0, 2 },
  { GDK_KEY_Left, GDK_SHIFT_MASK, 1 }, { GDK_KEY_Down, GDK_SHIFT_MASK, 1 },
  { GDK_KEY_Page_Up, 0, 1 }, { GDK_KEY_Page_Down, 0, 1 }, { GDK_KEY_Home, 0, 1 }, { GDK_KEY_End, 0, 1 },
  { GDK_KEY_plus, 0, 1 }, { GDK_KEY_minus, 0, 1 }, { GDK_KEY_equal, 0, 1 }, { GDK_KEY_0, 0, 1 },
  { GDK_KEY_1, 0, 1 }, { GDK_KEY_space, 0, 1 },
  { GDK_KEY_a, GDK_CONTROL_MASK, 2 }, { GDK_KEY_c, GDK_CONTROL_MASK, 2 }, { GDK_KEY_x, GDK_CONTROL_MASK, 2 },
  { GDK_KEY_v, GDK_CONTROL_MASK, 3 }, { GDK_KEY_s, GDK_CONTROL_MASK, 1 },
  { GDK_KEY_b, 0, 2 }, { GDK_KEY_u, 0, 2 }, { GDK_KEY_f, 0, 2 }, { GDK_KEY_e, 0, 2 }, { GDK_KEY_i, 0, 2 },
  { GDK_KEY_r, 0, 2 }, { GDK_KEY_l, 0, 2 }, { GDK_KEY_p, 0, 2 }, { GDK_KEY_s, 0, 2 }, { GDK_KEY_o, 0, 2 },
  { GDK_KEY_m, 0, 2 }, { GDK_KEY_t, 0, 2 }, { GDK_KEY_k, 0, 2 }, { GDK_KEY_a, 0, 2 },
  { GDK_KEY_n, 0, 1 }, { GDK_KEY_x, 0, 1 }, { GDK_KEY_numbersign, 0, 1 }, { GDK_KEY_5, 0, 1 },
  { GDK_KEY_dollar, 0, 1 }, { GDK_KEY_semicolon, 0, 1 },
};

static void
random_key (Session *session)
{
  guint total = 0, roll;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    total += keys[i].weight;
  roll = (guint) g_rand_int_range (session->rand, 0, (gint32) total);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      if (roll < keys[i].weight)
        {
          g_snprintf (action_detail, sizeof action_detail, "key %s with modifiers 0x%x on %s",
                      gdk_keyval_name (keys[i].keyval), keys[i].modifiers, current_tool_page (session));
          tsr_test_xtest_key (session->xtest, keys[i].keyval, keys[i].modifiers);
          return;
        }
      roll -= keys[i].weight;
    }
}

/* A drag from a random point of TARGET: straight to another point, or diagonal at 45°, with the
 * primary button (sometimes the middle one, or Shift / Control / Alt held). */
static void
random_drag (Session *session, GtkWidget *target)
{
  static const guint modifiers[] = { 0, 0, 0, 0, 0, GDK_KEY_Shift_L, GDK_KEY_Control_L, GDK_KEY_Alt_L };
  guint modifier = modifiers[g_rand_int_range (session->rand, 0, G_N_ELEMENTS (modifiers))];
  guint button = g_rand_int_range (session->rand, 0, 10) == 0 ? GDK_BUTTON_MIDDLE : GDK_BUTTON_PRIMARY;
  double w = gtk_widget_get_width (target), h = gtk_widget_get_height (target);
  double x0, y0, x1, y1;

  random_point (session, target, &x0, &y0);
  if (g_rand_boolean (session->rand))
    {
      double d = uniform (session, 3, MAX (4, MIN (w, h) / 2));
      double sx = g_rand_boolean (session->rand) ? 1 : -1, sy = g_rand_boolean (session->rand) ? 1 : -1;

      x1 = CLAMP (x0 + sx * d, 1, w - 1);
      y1 = CLAMP (y0 + sy * d, 1, h - 1);
    }
  else
    random_point (session, target, &x1, &y1);
  g_snprintf (action_detail, sizeof action_detail, "drag on a %s from %.0f,%.0f to %.0f,%.0f, button %u, key %s",
              describe (target), x0, y0, x1, y1, button,
              modifier != 0 ? gdk_keyval_name (modifier) : "none");
  /* Held from here: the motion to the start point runs the main loop, which may destroy TARGET
   * (a page rebuilt; CI ASan, random-input-terminal seed 4262934478: g_object_ref on a freed
   * widget after twelve Images file choosers). Then there is nothing left to drag. */
  g_object_ref (target);
  tsr_test_xtest_move_to (session->xtest, target, x0, y0, uniform (session, 4, 40), NULL, NULL);
  if (gtk_widget_get_root (target) == NULL)
    {
      g_object_unref (target);
      return;
    }
  if (modifier != 0)
    tsr_test_xtest_hold_key (session->xtest, modifier, TRUE);
  tsr_test_xtest_button (session->xtest, button, TRUE);
  watch_popovers (session);
  /* The press may have taken TARGET out of the window (a row chosen rebuilds a page): the button
   * is then let go where it was pressed. */
  if (gtk_widget_get_root (target) != NULL && gtk_widget_get_mapped (target))
    tsr_test_xtest_move_to (session->xtest, target, x1, y1, uniform (session, 1, 30), NULL, NULL);
  g_object_unref (target);
  tsr_test_xtest_button (session->xtest, button, FALSE);
  if (modifier != 0)
    tsr_test_xtest_hold_key (session->xtest, modifier, FALSE);
}

/* Clicks the label of another tab of NOTEBOOK. */
static gboolean
switch_tab (Session *session, GtkNotebook *notebook)
{
  gint n = gtk_notebook_get_n_pages (notebook);
  gint current = gtk_notebook_get_current_page (notebook);
  gint other = (current + g_rand_int_range (session->rand, 1, MAX (2, n))) % n;
  GtkWidget *tab = gtk_notebook_get_tab_label (notebook, gtk_notebook_get_nth_page (notebook, other));
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkWidget *label;

  if (n < 2 || tab == NULL)
    return FALSE;
  collect (tab, is_label, labels);
  label = labels->len > 0 ? g_ptr_array_index (labels, 0) : tab;
  if (!has_size (label))
    return FALSE;
  click_at (session, label, gtk_widget_get_width (label) / 2.0, gtk_widget_get_height (label) / 2.0,
            GDK_BUTTON_PRIMARY);
  return TRUE;
}

/* One action while a popover is open: a click or key in it, or Escape. */
static void
popover_action (Session *session, GtkWidget *popover)
{
  double roll = uniform (session, 0, 1);

  watch_popover (session, popover);
  session->popover_age++;
  if (session->popover_age > 6)
    {
      /* A user gives up on a menu too. */
      gtk_popover_popdown (GTK_POPOVER (popover));
      tsr_test_xtest_wait_closed (session->xtest, popover);
      count (session, "popover closed");
    }
  else if (roll < 0.65)
    {
      g_autoptr(GPtrArray) targets = g_ptr_array_new ();
      GtkWidget *target;
      double x, y;

      collect (popover, is_target, targets);
      target = targets->len > 0 ? pick (session, targets) : popover;
      random_point (session, target, &x, &y);
      click_at (session, target, x, y, GDK_BUTTON_PRIMARY);
      count (session, "popover click");
    }
  else if (roll < 0.85)
    {
      static const guint popover_keys[] = { GDK_KEY_Down, GDK_KEY_Up, GDK_KEY_Return, GDK_KEY_space, GDK_KEY_a };

      tsr_test_xtest_key (session->xtest, popover_keys[g_rand_int_range (session->rand, 0, G_N_ELEMENTS (popover_keys))], 0);
      count (session, "popover key");
    }
  else
    {
      tsr_test_xtest_key (session->xtest, GDK_KEY_Escape, 0);
      count (session, "popover escape");
    }
}

static void
random_action (Session *session)
{
  g_autoptr(GPtrArray) popovers = g_ptr_array_new ();
  GtkWidget *page = current_page (session);
  double roll;

  if (close_other_windows (session) || !gtk_window_is_active (GTK_WINDOW (session->window)))
    restart_xtest (session);
  collect (GTK_WIDGET (session->window), is_popover, popovers);
  session->actions++;
  session->last = "nothing";
  if (popovers->len > 0)
    {
      popover_action (session, g_ptr_array_index (popovers, popovers->len - 1));
      return;
    }
  session->popover_age = 0;
  if (page == NULL || !has_size (page))
    {
      tsr_test_ui_iterate_for (20);
      return;
    }

  roll = uniform (session, 0, 100);
  if (roll < 24)
    {
      GtkWidget *target = random_target (session, page, TRUE);
      double x, y;

      random_point (session, target, &x, &y);
      click_at (session, target, x, y, g_rand_int_range (session->rand, 0, 12) == 0 ? GDK_BUTTON_SECONDARY : GDK_BUTTON_PRIMARY);
      count (session, "click");
    }
  else if (roll < 28)
    {
      /* A double click. */
      GtkWidget *target = random_target (session, page, TRUE);
      double x, y;

      random_point (session, target, &x, &y);
      click_at (session, target, x, y, GDK_BUTTON_PRIMARY);
      tsr_test_xtest_button (session->xtest, GDK_BUTTON_PRIMARY, TRUE);
      tsr_test_xtest_button (session->xtest, GDK_BUTTON_PRIMARY, FALSE);
      count (session, "double click");
    }
  else if (roll < 46)
    {
      random_drag (session, random_target (session, page, TRUE));
      count (session, "drag");
    }
  else if (roll < 54)
    {
      GtkWidget *target = random_target (session, page, TRUE);
      gboolean control = g_rand_int_range (session->rand, 0, 3) == 0;
      guint button = 4 + (guint) g_rand_int_range (session->rand, 0, 4);
      double x, y;

      random_point (session, target, &x, &y);
      tsr_test_xtest_move_to (session->xtest, target, x, y, uniform (session, 4, 40), NULL, NULL);
      if (control)
        tsr_test_xtest_hold_key (session->xtest, GDK_KEY_Control_L, TRUE);
      for (gint i = g_rand_int_range (session->rand, 1, 4); i > 0; i--)
        tsr_test_xtest_scroll (session->xtest, button);
      if (control)
        tsr_test_xtest_hold_key (session->xtest, GDK_KEY_Control_L, FALSE);
      count (session, "wheel");
    }
  else if (roll < 84)
    {
      random_key (session);
      count (session, "key");
    }
  else if (roll < 88)
    {
      /* Undo a few steps, then maybe redo some. */
      gint undo = g_rand_int_range (session->rand, 1, 6);

      for (gint i = 0; i < undo; i++)
        tsr_test_xtest_key (session->xtest, GDK_KEY_z, GDK_CONTROL_MASK);
      for (gint i = g_rand_int_range (session->rand, 0, undo + 1); i > 0; i--)
        tsr_test_xtest_key (session->xtest, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
      count (session, "undo burst");
    }
  else if (roll < 93)
    {
      /* A level, map or entry: a drop-down (its list comes next) or a row of a list. */
      g_autoptr(GPtrArray) choosers = g_ptr_array_new ();
      GtkWidget *chooser;
      double x, y;

      collect (page, is_chooser, choosers);
      chooser = pick (session, choosers);
      if (chooser != NULL)
        {
          random_point (session, chooser, &x, &y);
          click_at (session, chooser, x, y, GDK_BUTTON_PRIMARY);
          count (session, "chooser");
        }
    }
  else if (roll < 97)
    {
      /* The editor's own tabs. */
      g_autoptr(GPtrArray) notebooks = g_ptr_array_new ();
      GtkWidget *notebook;

      collect (page, is_notebook, notebooks);
      notebook = pick (session, notebooks);
      if (notebook != NULL && switch_tab (session, GTK_NOTEBOOK (notebook)))
        count (session, "inner tab");
    }
  else
    {
      if (switch_tab (session, session->tabs))
        count (session, "document tab");
    }
  /* Sometimes the user waits a little before the next thing. */
  if (g_rand_int_range (session->rand, 0, 8) == 0)
    tsr_test_ui_iterate_for ((guint) g_rand_int_range (session->rand, 10, 300));
}

/* --- Bytes --- */

/* The files DOCUMENT would write at its own path: path → GBytes. */
static GHashTable *
serialize_document (TsrDocument *document)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (tsr_document_get_file (document));
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (document, path, &error);
  GHashTable *files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);

  g_assert_no_error (error);
  for (guint i = 0; i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);

      g_hash_table_insert (files, g_strdup (output->path), g_bytes_ref (output->bytes));
    }
  return files;
}

static void
assert_same_files (GHashTable *expected, GHashTable *actual, const char *what)
{
  GHashTableIter iter;
  gpointer key, value;

  g_assert_cmpuint (g_hash_table_size (expected), ==, g_hash_table_size (actual));
  g_hash_table_iter_init (&iter, expected);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GBytes *other = g_hash_table_lookup (actual, key);

      if (other == NULL || !g_bytes_equal (value, other))
        {
          gsize a = g_bytes_get_size (value), b = other != NULL ? g_bytes_get_size (other) : 0;
          const guint8 *pa = g_bytes_get_data (value, NULL), *pb = other != NULL ? g_bytes_get_data (other, NULL) : NULL;
          gsize first = 0;

          while (first < MIN (a, b) && pa[first] == pb[first])
            first++;
          print_seed ();
          g_error ("%s: %s differs (%" G_GSIZE_FORMAT " bytes against %" G_GSIZE_FORMAT ", first difference at %" G_GSIZE_FORMAT ")",
                   what, (const char *) key, a, b, first);
        }
    }
}

/* What is on disk at each path of FILES. */
static GHashTable *
read_files (GHashTable *files)
{
  GHashTable *read = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, files);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      g_autoptr(GError) error = NULL;
      GBytes *bytes = tsr_file_read (key, &error);

      g_assert_no_error (error);
      g_hash_table_insert (read, g_strdup (key), bytes);
    }
  return read;
}

/* --- One family --- */

static guint
family_seconds (void)
{
  const char *text = g_getenv ("TSR_RANDOM_SECONDS");

  if (text != NULL && *text != '\0')
    return (guint) g_ascii_strtoull (text, NULL, 10);
  return g_strcmp0 (g_getenv ("CI"), "true") == 0 ? 60 : 10;
}

static void
test_family (gconstpointer data)
{
  const Family *family = data;
  const char *root = g_getenv ("TSR_TESTDATA");
  g_autofree char *source = root != NULL ? g_build_filename (root, family->data, NULL) : NULL;
  g_autofree char *dir_a = NULL, *dir_b = NULL, *path_a = NULL, *path_b = NULL, *base = NULL;
  g_autofree char *shot = NULL;
  g_autoptr(GFile) file_b = NULL;
  g_autoptr(GPtrArray) loaded = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  g_autoptr(GPtrArray) notebooks = g_ptr_array_new ();
  g_autoptr(GString) summary = g_string_new (NULL);
  Session session = { family };
  gint64 end;
  guint n_documents;

  current_family = family->name;
  if (source == NULL || !g_file_test (source, G_FILE_TEST_IS_DIR))
    {
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("test data %s missing under CI", family->data);
      g_test_skip ("no test data");
      return;
    }
  for (const char *const *name = family->files; *name != NULL; name++)
    {
      g_autofree char *path = g_build_filename (source, *name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
            g_error ("test file %s missing under CI", path);
          g_test_skip ("test file missing");
          return;
        }
    }
  print_seed ();
  g_test_message ("seed %u", seed);
  base = g_strdup_printf ("random-%s", family->name);
  {
    g_autofree char *a = g_build_filename (base, "a", NULL), *b = g_build_filename (base, "b", NULL);

    dir_a = tsr_test_ui_copy_files (source, family->files, work_dir, a);
    dir_b = tsr_test_ui_copy_files (source, family->files, work_dir, b);
  }
  path_a = g_build_filename (dir_a, family->files[0], NULL);
  path_b = g_build_filename (dir_b, family->files[0], NULL);

  session.rand = g_rand_new_with_seed (seed);
  session.watched = g_hash_table_new (NULL, NULL);
  session.counts = g_hash_table_new (g_str_hash, g_str_equal);
  session.window = tsr_test_ui_open_in_window (application, path_a, 1200, 800, 100);
  file_b = g_file_new_for_path (path_b);
  tsr_window_show_file (session.window, file_b);
  g_assert_true (tsr_test_ui_wait_for_loads (session.window));
  n_documents = tsr_window_get_n_documents (session.window);
  g_assert_cmpuint (n_documents, ==, 2);
  collect (GTK_WIDGET (session.window), is_any_notebook, notebooks);
  for (guint i = 0; i < notebooks->len && session.tabs == NULL; i++)
    if (gtk_notebook_get_n_pages (g_ptr_array_index (notebooks, i)) == (gint) n_documents)
      session.tabs = g_ptr_array_index (notebooks, i);
  g_assert_nonnull (session.tabs);

  /* What each document was loaded from: serialised untouched, it is the files' bytes. */
  for (guint i = 0; i < n_documents; i++)
    {
      GHashTable *files = serialize_document (tsr_window_get_nth_document (session.window, i));
      g_autoptr(GHashTable) on_disk = read_files (files);

      assert_same_files (on_disk, files, "an untouched document");
      g_ptr_array_add (loaded, files);
    }

  restart_xtest (&session);
  watchdog_arm (TRUE);
  end = g_get_monotonic_time () + family_seconds () * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end && logged_problem == NULL)
    {
      gint64 start = g_get_monotonic_time ();

      g_snprintf (action_detail, sizeof action_detail, "action %u", session.actions + 1);
      longest_stall = 0;
      random_action (&session);
      /* Which actions a seed plays depends on the timing too (under load it goes another way):
       * the log shows the path a failing run took. */
      if (g_getenv ("TSR_RANDOM_LOG") != NULL)
        g_test_message ("action %u (%s): %s", session.actions, session.last, action_detail);
      /* The main loop stopped turning for a while: what did it? */
      if (longest_stall > G_USEC_PER_SEC)
        g_test_message ("action %u (%s) stopped the main loop for %.1f s: %s", session.actions, session.last,
                        longest_stall / 1e6, action_detail);
      /* An event GTK never dispatched (it went to another surface) costs the helpers' 10 s wait. */
      if (g_get_monotonic_time () - start > 3 * G_USEC_PER_SEC)
        g_test_message ("action %u (%s) took %.1f s: %s", session.actions, session.last,
                        (g_get_monotonic_time () - start) / 1e6, action_detail);
    }
  watchdog_arm (FALSE);
  if (logged_problem != NULL)
    {
      print_seed ();
      g_error ("%s after %u actions: %s", family->name, session.actions, logged_problem);
    }

  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, session.counts);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_string_append_printf (summary, " %s %u,", (const char *) key, GPOINTER_TO_UINT (value));
    g_test_message ("%s: %u actions in %u s:%s %u other windows closed, %u known GTK warnings", family->name,
                    session.actions, family_seconds (), summary->str, session.dialogs, known_warnings_seen);
    g_printerr ("random-input: %s: %u actions in %u s:%s %u other windows closed, %u known GTK warnings\n",
                family->name, session.actions, family_seconds (), summary->str, session.dialogs, known_warnings_seen);
  }
  shot = g_strdup_printf ("random-input-%s.png", family->name);
  tsr_test_ui_save_screenshot (GTK_WIDGET (session.window), screenshot_dir, shot);

  /* Popovers and dialogs away, then the checks on each document. */
  {
    g_autoptr(GPtrArray) popovers = g_ptr_array_new ();

    close_other_windows (&session);
    collect (GTK_WIDGET (session.window), is_popover, popovers);
    for (guint i = 0; i < popovers->len; i++)
      gtk_popover_popdown (g_ptr_array_index (popovers, i));
    tsr_test_ui_iterate_for (100);
  }
  g_assert_cmpuint (tsr_window_get_n_documents (session.window), ==, n_documents);
  for (guint i = 0; i < n_documents; i++)
    {
      TsrDocument *document = tsr_window_get_nth_document (session.window, i);
      TsrUndoStack *stack = tsr_document_get_undo_stack (document);
      g_autoptr(GError) error = NULL;
      g_autoptr(GHashTable) saved = NULL, on_disk = NULL, again = NULL, undone = NULL;
      g_autoptr(TsrDocument) reloaded = NULL;
      guint undone_steps = 0;

      g_test_message ("document %u: %u undo steps, %s", i, tsr_undo_stack_get_position (stack),
                      tsr_document_get_modified (document) ? "modified" : "unmodified");
      /* Save (forced: random edits may leave validation errors; the bytes must still hold). */
      saved = serialize_document (document);
      if (!tsr_document_save (document, NULL, TSR_SAVE_FORCE, &error))
        {
          print_seed ();
          g_error ("saving %s: %s", tsr_document_get_display_name (document), error->message);
        }
      on_disk = read_files (saved);
      assert_same_files (saved, on_disk, "the saved files against the serialised document");
      /* Reloaded with the codec and saved again: the same bytes. */
      reloaded = tsr_document_new_from_file (tsr_document_get_file (document), &error);
      if (reloaded == NULL)
        {
          print_seed ();
          g_error ("reloading %s: %s", tsr_document_get_display_name (document), error->message);
        }
      again = serialize_document (reloaded);
      assert_same_files (on_disk, again, "the saved file reloaded and saved again");
      /* Undo everything (the views follow): the bytes it was loaded from. */
      tsr_window_set_current_document (session.window, i);
      while (tsr_document_undo (document))
        {
          undone_steps++;
          if (undone_steps % 16 == 0)
            tsr_test_ui_iterate_for (5);
        }
      tsr_test_ui_iterate_for (100);
      undone = serialize_document (document);
      g_test_message ("document %u: %u steps undone", i, undone_steps);
      assert_same_files (g_ptr_array_index (loaded, i), undone, "the document undone to the start");
    }
  if (logged_problem != NULL)
    {
      print_seed ();
      g_error ("%s after the checks: %s", family->name, logged_problem);
    }

  g_clear_pointer (&session.xtest, tsr_test_xtest_free);
  /* The documents are modified (undone past the save): close without asking. */
  gtk_window_destroy (GTK_WINDOW (session.window));
  tsr_test_ui_iterate_for (100);
  g_hash_table_unref (session.watched);
  g_hash_table_unref (session.counts);
  g_rand_free (session.rand);
  tsr_test_ui_remove_tree (dir_a);
  tsr_test_ui_remove_tree (dir_b);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  GThread *watchdog;
  const char *seed_text;
  int status;

  if (!tsr_test_xtest_begin (&argc, &argv, "random-input", &work_dir, &screenshot_dir, &status))
    return status;
  g_log_set_writer_func (write_log, NULL, NULL);
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_set_death_callback (print_seed);
#endif
  seed_text = g_getenv ("TSR_RANDOM_SEED");
  if (seed_text != NULL && *seed_text != '\0')
    seed = (guint32) g_ascii_strtoull (seed_text, NULL, 10);
  else
    seed = (guint32) (g_get_real_time () ^ ((gint64) getpid () << 16));

  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);

  g_timeout_add (100, on_heartbeat, NULL);
  watchdog = g_thread_new ("watchdog", watchdog_thread, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (families); i++)
    {
      g_autofree char *name = g_strdup_printf ("/random-input/%s", families[i].name);

      g_test_add_data_func (name, &families[i], test_family);
    }
  status = g_test_run ();
  g_atomic_int_set (&watchdog_stop, TRUE);
  g_thread_join (watchdog);

  g_clear_object (&application);
  tsr_test_ui_end (work_dir, screenshot_dir);
  return status;
}
