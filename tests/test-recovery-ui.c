/* test-recovery-ui.c: autosave and crash recovery in real windows, under Xvfb (exits 77 = skip
 * without a display). The crash is real: this executable starts itself again as a child
 * (--crash-child FILE) that runs the application, opens a temporary copy of a real file, edits it
 * and autosaves on the GSettings interval (1 s); the parent waits for the recovery entry in the
 * private $XDG_STATE_HOME, kills the child with SIGKILL, then starts a fresh TsrApplication as the
 * next session would and answers the recovery dialog through its buttons: Restore then Save gives
 * exactly the edited bytes; Discard (after Show Original) leaves every original byte-identical.
 * Also: the autosave life cycle (timer, undo to clean, save, close), the preference, and the
 * window's size. Screenshots go to TSR_SCREENSHOT_DIR. */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/tsr-application.h"
#include "app/tsr-preferences-window.h"
#include "app/tsr-recovery-dialog.h"
#include "app/tsr-window.h"
#include "core/tsr-file.h"
#include "formats/doom2d/tsr-doom2d-wad.h"
#include "model/tsr-recovery.h"
#include "model/tsr-tile-commands.h"
#include "model/tsr-tile-map.h"
#include "tsr-test-ui.h"

static char *work_dir;
static char *screenshot_dir;
static char *data_root;

static const char *const sphere_files[] = { "village.rmp", "outside_neo.rts", "sarah.rss", NULL };
static const char *const wolf3d_files[] = {
  "AUDIOHED.WL1", "AUDIOT.WL1", "GAMEMAPS.WL1", "MAPHEAD.WL1",
  "VGADICT.WL1", "VGAGRAPH.WL1", "VGAHEAD.WL1", "VSWAP.WL1", NULL
};

/* A rectangle of VALUE (on the Wolf3D walls plane, or on Sphere layer 1). */
static void
paint_value (TsrDocument *document,
             guint32      value)
{
  TsrTileRect area = { 2, 3, 6, 4 };
  const char *family = tsr_document_get_format (document)->family;
  guint layer = g_str_equal (family, "sphere") ? 1 : 0;
  TsrCommand *command;

  g_assert_true (TSR_IS_TILE_MAP (document));
  command = tsr_tile_command_fill_rect (TSR_TILE_MAP (document), layer, &area, value);
  g_assert_nonnull (command);
  tsr_document_execute (document, command);
  g_assert_true (tsr_document_get_modified (document));
}

/* The edit both processes of a crash test make. */
static void
make_edit (TsrDocument *document)
{
  paint_value (document, g_str_equal (tsr_document_get_format (document)->family, "sphere") ? 7 : 8);
}

/* ---- the child: a session that is killed ------------------------------------------------- */

static gboolean
child_give_up (gpointer data)
{
  /* The parent never killed us (it failed): do not linger. */
  _exit (4);
}

static int
run_crash_child (const char *path)
{
  g_autoptr(TsrApplication) application = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TsrWindow *window;

  if (!gtk_init_check ())
    return 3;
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (application), NULL, &error))
    {
      g_printerr ("child: %s\n", error->message);
      return 3;
    }
  window = tsr_window_new (application);
  gtk_window_present (GTK_WINDOW (window));
  if (!tsr_test_ui_open_file (window, file))
    {
      g_printerr ("child: %s\n", tsr_window_get_error_message (window));
      return 3;
    }
  make_edit (tsr_window_get_document (window));
  /* The real setting: the window's autosave timer picks the change up. */
  g_settings_set_int (tsr_application_get_settings (application), "autosave-interval", 1);
  g_timeout_add_seconds (120, child_give_up, NULL);
  for (;;)
    g_main_context_iteration (NULL, TRUE);
}

/* ---- helpers ----------------------------------------------------------------------------- */

typedef gboolean (*Condition) (gpointer data);

static gboolean
wait_until (Condition condition,
            gpointer  data,
            guint     seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  return TRUE;
}

static char *
copy_to_temp (const char        *subdir,
              const char *const *names)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *template = g_build_filename (work_dir, "files-XXXXXX", NULL);
  char *folder = g_mkdtemp (g_steal_pointer (&template));

  g_assert_nonnull (folder);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *from = g_build_filename (data_root, subdir, names[i], NULL);
      g_autofree char *to = g_build_filename (folder, names[i], NULL);
      g_autoptr(GBytes) bytes = tsr_file_read (from, &error);

      g_assert_no_error (error);
      g_assert_true (tsr_file_write_atomic (to, bytes, FALSE, &error));
    }
  return folder;
}

static void
assert_originals_untouched (const char        *subdir,
                            const char        *folder,
                            const char *const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *original = g_build_filename (data_root, subdir, names[i], NULL);
      g_autofree char *copy = g_build_filename (folder, names[i], NULL);
      g_autoptr(GBytes) expected = tsr_file_read (original, NULL);
      g_autoptr(GBytes) actual = tsr_file_read (copy, NULL);

      g_assert_nonnull (actual);
      if (!g_bytes_equal (expected, actual))
        g_error ("%s was changed", copy);
    }
}

/* What a save of PATH with the test's edit writes (computed in this process). */
static GPtrArray *
expected_outputs (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_document_new_from_file (file, &error);
  GPtrArray *outputs;

  g_assert_no_error (error);
  make_edit (document);
  outputs = tsr_document_serialize (document, path, &error);
  g_assert_no_error (error);
  return outputs;
}

static GPtrArray *
list_entries (void)
{
  g_autoptr(TsrRecoveryStore) store = tsr_recovery_store_new (NULL);
  g_autoptr(GError) error = NULL;
  GPtrArray *entries = tsr_recovery_store_list (store, &error);

  g_assert_no_error (error);
  return entries;
}

static gboolean
entry_for_path_exists (gpointer path)
{
  g_autoptr(GPtrArray) entries = list_entries ();

  for (guint i = 0; i < entries->len; i++)
    {
      TsrRecoveryEntry *entry = g_ptr_array_index (entries, i);

      if (tsr_recovery_entry_get_error (entry) == NULL && g_strcmp0 (tsr_recovery_entry_get_path (entry), path) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
no_entries (gpointer data)
{
  g_autoptr(GPtrArray) entries = list_entries ();

  return entries->len == 0;
}

/* Runs the child on PATH until its autosave wrote the entry, then kills it with SIGKILL. */
static void
crash_child_after_autosave (const char *path)
{
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self_path, "--crash-child", path, NULL };
  g_autoptr(GError) error = NULL;
  gint64 end = g_get_monotonic_time () + 90 * G_USEC_PER_SEC;
  GPid pid;
  int status = 0;

  g_assert_nonnull (self_path);
  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error));
  g_assert_no_error (error);

  while (!entry_for_path_exists ((gpointer) path))
    {
      pid_t done = waitpid (pid, &status, WNOHANG);

      if (done == pid)
        g_error ("the child session ended (status %d) before autosaving %s", status, path);
      if (g_get_monotonic_time () > end)
        {
          kill (pid, SIGKILL);
          waitpid (pid, &status, 0);
          g_error ("no recovery entry for %s after 90 s", path);
        }
      g_usleep (50 * 1000);
    }

  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
  g_spawn_close_pid (pid);
}

static gboolean
find_recovery_dialog_cb (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow **result = data;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (TSR_IS_RECOVERY_DIALOG (window) && gtk_widget_get_mapped (GTK_WIDGET (window)))
        {
          *result = window;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
has_size (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

static gboolean
no_recovery_dialog (gpointer data)
{
  GtkWindow *dialog = NULL;

  return !find_recovery_dialog_cb (&dialog);
}

static gboolean
match_action (GtkWidget    *widget,
              gconstpointer action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* Clicks the dialog's button for ACTION: "clicked" runs the button's action as a click does
 * (gtk_widget_activate would wait for the press animation's timeout first). */
static void
click (GtkWindow  *dialog,
       const char *action)
{
  GtkWidget *button = tsr_test_ui_find_widget (GTK_WIDGET (dialog), match_action, action);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (gtk_widget_get_mapped (button));
  g_signal_emit_by_name (button, "clicked");
  tsr_test_ui_iterate_for (50);
  g_assert_true (tsr_test_ui_wait_for_all_loads ());
}

static void
close_all_windows (TsrApplication *application)
{
  GList *windows;

  while ((windows = gtk_application_get_windows (GTK_APPLICATION (application))) != NULL)
    gtk_window_destroy (windows->data);
  tsr_test_ui_iterate_for (20);
}

/* The next session: a fresh application, activated as on start (or opening FILE, as from the
 * command line); returns its recovery dialog. */
static TsrApplication *
start_next_session (GFile      *file,
                    GtkWindow **dialog)
{
  TsrApplication *application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  if (file != NULL)
    g_application_open (G_APPLICATION (application), &file, 1, "");
  else
    g_application_activate (G_APPLICATION (application));
  *dialog = NULL;
  g_assert_true (wait_until (find_recovery_dialog_cb, dialog, 30));
  g_assert_true (wait_until (has_size, *dialog, 30));
  return application;
}

static TsrWindow *
first_window (TsrApplication *application)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (application)); l != NULL; l = l->next)
    if (TSR_IS_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gboolean
window_is_clean (gpointer window)
{
  TsrDocument *document = tsr_window_get_document (window);

  return document != NULL && !tsr_document_get_modified (document);
}

/* ---- tests ------------------------------------------------------------------------------- */

/* Crash, restart, Restore, Save: the file gets the edited bytes; before Save it is untouched. */
static void
check_crash_restore_save (const char        *subdir,
                          const char *const *names,
                          const char        *main_name,
                          gboolean           show_original_first,
                          const char        *screenshot)
{
  g_autofree char *folder = copy_to_temp (subdir, names);
  g_autofree char *path = g_build_filename (folder, main_name, NULL);
  g_autoptr(GPtrArray) expected = expected_outputs (path);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(TsrApplication) application = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *entry_id = NULL;
  GtkWindow *dialog;
  TsrWindow *window;
  TsrDocument *document;

  crash_child_after_autosave (path);
  assert_originals_untouched (subdir, folder, names);
  entries = list_entries ();
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_false (tsr_recovery_entry_get_in_use (g_ptr_array_index (entries, 0)));
  entry_id = g_strdup (tsr_recovery_entry_get_id (g_ptr_array_index (entries, 0)));

  application = start_next_session (NULL, &dialog);
  g_assert_cmpuint (tsr_recovery_dialog_get_n_entries (TSR_RECOVERY_DIALOG (dialog)), ==, 1);
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (first_window (application)));
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, screenshot);

  if (show_original_first)
    {
      TsrDocument *original;

      /* The original opens unmodified; Restore then replaces it in the same window. */
      click (dialog, "recovery.show-original");
      original = tsr_window_get_document (first_window (application));
      g_assert_nonnull (original);
      g_assert_false (tsr_document_get_modified (original));
      g_assert_true (g_file_equal (tsr_document_get_file (original), file));
    }
  click (dialog, "recovery.restore");
  g_assert_true (wait_until (no_recovery_dialog, NULL, 30));
  window = first_window (application);
  g_assert_nonnull (window);
  document = tsr_window_get_document (window);
  g_assert_nonnull (document);
  g_assert_true (tsr_document_get_modified (document));
  g_assert_true (g_file_equal (tsr_document_get_file (document), file));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));
  /* One window: the restore went where the original was shown, or into the start page. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (application)); l != NULL; l = l->next)
    g_assert_true (!TSR_IS_WINDOW (l->data) || l->data == window);
  /* The window keeps the same entry up to date; the original is still untouched. */
  g_assert_cmpstr (tsr_window_get_recovery_id (window), ==, entry_id);
  g_assert_true (entry_for_path_exists (path));
  assert_originals_untouched (subdir, folder, names);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  g_assert_true (wait_until (window_is_clean, window, 30));
  g_assert_null (tsr_window_get_error_message (window));
  for (guint i = 0; i < expected->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (expected, i);
      g_autoptr(GBytes) saved = tsr_file_read (output->path, NULL);

      g_assert_nonnull (saved);
      if (!g_bytes_equal (saved, output->bytes))
        g_error ("%s: the saved bytes are not the edited ones", output->path);
    }
  /* Saved: nothing left to recover. */
  g_assert_null (tsr_window_get_recovery_id (window));
  g_assert_true (no_entries (NULL));

  close_all_windows (application);
}

static void
test_crash_restore_sphere (void)
{
  check_crash_restore_save ("sphere", sphere_files, "village.rmp", FALSE, "recovery-dialog.png");
}

static void
test_crash_restore_wolf3d (void)
{
  /* Eight files written together; the recovered GAMEMAPS and MAPHEAD must be the ones read. */
  check_crash_restore_save ("wolf3d/wl1_v14_shareware", wolf3d_files, "GAMEMAPS.WL1", TRUE,
                            "recovery-dialog-wolf3d.png");
}

/* Crash, restart, Show Original, Discard: the entry goes and every original is byte-identical. */
static void
test_crash_discard (void)
{
  static const char subdir[] = "wolf3d/wl1_v14_shareware";
  g_autofree char *folder = copy_to_temp (subdir, wolf3d_files);
  g_autofree char *path = g_build_filename (folder, "GAMEMAPS.WL1", NULL);
  g_autoptr(TsrApplication) application = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWindow *dialog;
  TsrWindow *window;
  TsrDocument *document;

  crash_child_after_autosave (path);
  application = start_next_session (NULL, &dialog);
  window = first_window (application);

  /* Show Original opens the file as it is on disk, and the question stays open. */
  click (dialog, "recovery.show-original");
  document = tsr_window_get_document (window);
  g_assert_nonnull (document);
  g_assert_true (g_file_equal (tsr_document_get_file (document), file));
  g_assert_false (tsr_document_get_modified (document));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  g_assert_cmpuint (tsr_recovery_dialog_get_n_entries (TSR_RECOVERY_DIALOG (dialog)), ==, 1);

  click (dialog, "recovery.discard");
  g_assert_true (wait_until (no_recovery_dialog, NULL, 30));
  g_assert_true (no_entries (NULL));
  g_assert_true (tsr_window_get_document (window) == document);
  g_assert_false (tsr_document_get_modified (document));
  assert_originals_untouched (subdir, folder, wolf3d_files);

  /* The next start has nothing to offer. */
  close_all_windows (application);
  g_clear_object (&application);
  application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
  g_application_activate (G_APPLICATION (application));
  tsr_test_ui_iterate_for (300);
  g_assert_true (no_recovery_dialog (NULL));
  close_all_windows (application);
}

/* A damaged entry is listed with its reason and can only be discarded; the prompt also comes
 * when the session starts by opening a file. */
static void
test_damaged_entry (void)
{
  g_autofree char *state = g_build_filename (g_get_user_state_dir (), "tessera", "recovery", "damaged", NULL);
  g_autofree char *key_path = g_build_filename (state, "entry.ini", NULL);
  g_autofree char *folder = copy_to_temp ("sphere", sphere_files);
  g_autofree char *path = g_build_filename (folder, "village.rmp", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(TsrApplication) application = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *dialog;

  g_assert_cmpint (g_mkdir_with_parents (state, 0700), ==, 0);
  g_assert_true (g_file_set_contents (key_path, "[Recovery]\nVersion=1\nPath=file:///nowhere/map.rmp\n", -1, &error));
  application = start_next_session (file, &dialog);
  g_assert_nonnull (tsr_window_get_document (first_window (application)));
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (first_window (application)));
  g_assert_null (tsr_test_ui_find_widget (GTK_WIDGET (dialog), match_action, "recovery.restore"));
  g_assert_null (tsr_test_ui_find_widget (GTK_WIDGET (dialog), match_action, "recovery.show-original"));
  tsr_test_ui_save_screenshot (GTK_WIDGET (dialog), screenshot_dir, "recovery-dialog-damaged.png");
  click (dialog, "recovery.discard");
  g_assert_true (wait_until (no_recovery_dialog, NULL, 30));
  g_assert_false (g_file_test (state, G_FILE_TEST_EXISTS));
  close_all_windows (application);
}

static gboolean
entry_written (gpointer window)
{
  return tsr_window_get_recovery_id (window) != NULL;
}

static gboolean
window_without_entry (gpointer window)
{
  return tsr_window_get_recovery_id (window) == NULL && no_entries (NULL);
}

static gboolean
find_message_dialog_cb (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow **result = data;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_MESSAGE_DIALOG (window) && gtk_widget_get_mapped (GTK_WIDGET (window)))
        {
          *result = window;
          return TRUE;
        }
    }
  return FALSE;
}

/* In one session: the timer writes the entry while modified; undo to the saved state, Save and a
 * close that discards the changes each remove it. */
static void
test_autosave_life_cycle (void)
{
  g_autofree char *folder = copy_to_temp ("sphere", sphere_files);
  g_autofree char *path = g_build_filename (folder, "village.rmp", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(TsrApplication) application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  g_autoptr(GError) error = NULL;
  GSettings *settings;
  TsrWindow *window;
  TsrDocument *document;
  GtkWindow *question = NULL;

  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  settings = tsr_application_get_settings (application);
  g_assert_cmpint (g_settings_get_int (settings, "autosave-interval"), ==, 120);
  window = tsr_window_new (application);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_open_file (window, file));
  document = tsr_window_get_document (window);

  /* Unmodified: nothing is written, even when asked. */
  g_action_group_activate_action (G_ACTION_GROUP (application), "autosave-now", NULL);
  g_assert_null (tsr_window_get_recovery_id (window));
  g_assert_true (no_entries (NULL));

  /* The timer follows the setting. */
  g_settings_set_int (settings, "autosave-interval", 1);
  paint_value (document, 3);
  g_assert_true (wait_until (entry_written, window, 30));
  g_assert_true (entry_for_path_exists (path));
  assert_originals_untouched ("sphere", folder, sphere_files);

  /* Undo back to the saved state: the entry goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_false (tsr_document_get_modified (document));
  g_assert_true (window_without_entry (window));

  /* Turned off, the timer writes nothing; app.autosave-now still does. */
  g_settings_set_int (settings, "autosave-interval", 0);
  paint_value (document, 4);
  tsr_test_ui_iterate_for (2500);
  g_assert_null (tsr_window_get_recovery_id (window));
  g_action_group_activate_action (G_ACTION_GROUP (application), "autosave-now", NULL);
  g_assert_nonnull (tsr_window_get_recovery_id (window));
  g_assert_true (entry_for_path_exists (path));

  /* Saved: the entry goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  g_assert_true (wait_until (window_is_clean, window, 30));
  g_assert_true (window_without_entry (window));

  /* Closed with Discard: the entry goes with the window. */
  paint_value (document, 5);
  g_action_group_activate_action (G_ACTION_GROUP (application), "autosave-now", NULL);
  g_assert_true (entry_for_path_exists (path));
  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (wait_until (find_message_dialog_cb, &question, 30));
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_REJECT);
  tsr_test_ui_iterate_for (100);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (application)));
  g_assert_true (no_entries (NULL));

  /* Destroyed without asking (as at the end of a run): also not a crash. */
  window = tsr_window_new (application);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_open_file (window, file));
  paint_value (tsr_window_get_document (window), 6);
  g_action_group_activate_action (G_ACTION_GROUP (application), "autosave-now", NULL);
  g_assert_true (entry_for_path_exists (path));
  gtk_window_destroy (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
  g_assert_true (no_entries (NULL));

  g_settings_reset (settings, "autosave-interval");
  close_all_windows (application);
}

static gboolean
match_named_spin (GtkWidget    *widget,
                  gconstpointer data)
{
  return GTK_IS_SPIN_BUTTON (widget) && g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static void
test_autosave_preference (void)
{
  g_autoptr(TsrApplication) application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  GSettings *settings;
  GtkWidget *preferences;
  GtkWidget *spin;
  GtkWidget *limit_spin;

  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
  settings = tsr_application_get_settings (application);
  preferences = tsr_preferences_window_new (settings);
  gtk_window_present (GTK_WINDOW (preferences));
  g_assert_true (tsr_test_ui_wait_for_size (preferences));
  spin = tsr_test_ui_find_widget (preferences, tsr_test_ui_match_type, GSIZE_TO_POINTER (GTK_TYPE_SPIN_BUTTON));
  g_assert_nonnull (spin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 120);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 300);
  g_assert_cmpint (g_settings_get_int (settings, "autosave-interval"), ==, 300);
  g_settings_set_int (settings, "autosave-interval", 30);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 30);

  /* The decompressed data limit (issue 41): the row shows the key, edits it, and the application
   * hands the new value to the DFWAD/ZIP reader. */
  limit_spin = tsr_test_ui_find_widget (preferences, match_named_spin, "decompressed-limit");
  g_assert_nonnull (limit_spin);
  g_assert_true (limit_spin != spin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (limit_spin)), ==,
                   g_settings_get_int (settings, "decompressed-limit"));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (limit_spin)), ==, 1024);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (limit_spin), 2048);
  g_assert_cmpint (g_settings_get_int (settings, "decompressed-limit"), ==, 2048);
  g_assert_cmpuint (tsr_doom2d_wad_get_held_limit (), ==, (gsize) 2048 * 1024 * 1024);
  g_settings_set_int (settings, "decompressed-limit", 128);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (limit_spin)), ==, 128);
  g_assert_cmpuint (tsr_doom2d_wad_get_held_limit (), ==, (gsize) 128 * 1024 * 1024);
  /* The key's range is the spin button's: below 64 MiB is not offered. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (limit_spin), 1);
  g_assert_cmpint (g_settings_get_int (settings, "decompressed-limit"), ==, 64);
  tsr_test_ui_save_screenshot (preferences, screenshot_dir, "recovery-preferences.png");
  gtk_window_destroy (GTK_WINDOW (preferences));
  g_settings_reset (settings, "autosave-interval");
  g_settings_reset (settings, "decompressed-limit");
}

static gboolean
match_canvas (GtkWidget    *widget,
              gconstpointer data)
{
  /* By name, so the test follows the canvas through renames (TsrMapCanvas → TsrCanvas). */
  static const char *const names[] = { "TsrCanvas", "TsrMapCanvas" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GType type = g_type_from_name (names[i]);

      if (type != 0 && G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
        return TRUE;
    }
  return FALSE;
}

static gboolean
canvas_allocated (gpointer data)
{
  GtkWidget **canvas = data;

  return *canvas != NULL && gtk_widget_get_mapped (*canvas) && gtk_widget_get_width (*canvas) > 100;
}

/* A new window is at least 1280×800 by default, remembers its last size, and the map canvas
 * takes most of it. */
static void
test_window_size (void)
{
  g_autofree char *folder = copy_to_temp ("sphere", sphere_files);
  g_autofree char *path = g_build_filename (folder, "village.rmp", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(TsrApplication) application = tsr_application_new (G_APPLICATION_NON_UNIQUE);
  GSettings *settings;
  TsrWindow *window;
  GtkWidget *canvas = NULL;
  int width = 0;
  int height = 0;
  int window_width;
  int window_height;

  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
  settings = tsr_application_get_settings (application);
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "window-maximized");
  window = tsr_window_new (application);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, >=, 1280);
  g_assert_cmpint (height, >=, 800);

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tsr_test_ui_open_file (window, file));
  g_assert_true (tsr_test_ui_wait_for_size (GTK_WIDGET (window)));
  tsr_test_ui_iterate_for (200);
  canvas = tsr_test_ui_find_widget (GTK_WIDGET (window), match_canvas, NULL);
  g_assert_nonnull (canvas);
  g_assert_true (wait_until (canvas_allocated, &canvas, 30));
  window_width = gtk_widget_get_width (GTK_WIDGET (window));
  window_height = gtk_widget_get_height (GTK_WIDGET (window));
  /* Not exactly the default size: without a window manager the Xvfb screen (1280 wide) bounds
   * the window with its client-side decorations. */
  g_assert_cmpint (window_width, >=, 1200);
  g_assert_cmpint (window_height, >=, 760);
  g_print ("window %d×%d, canvas %d×%d\n", window_width, window_height,
           gtk_widget_get_width (canvas), gtk_widget_get_height (canvas));
  /* Most of the window: the side panel and the bars take the rest. */
  g_assert_cmpint (gtk_widget_get_width (canvas) * 100, >=, window_width * 60);
  g_assert_cmpint (gtk_widget_get_height (canvas) * 100, >=, window_height * 60);
  tsr_test_ui_save_screenshot (GTK_WIDGET (window), screenshot_dir, "recovery-window-size.png");

  /* The size the user leaves is the next window's. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1300, 820);
  gtk_window_close (GTK_WINDOW (window));
  tsr_test_ui_iterate_for (50);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1300);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 820);
  window = tsr_window_new (application);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 1300);
  g_assert_cmpint (height, ==, 820);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  close_all_windows (application);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  setlocale (LC_ALL, "C.UTF-8");
  /* The child inherits the parent's private folders through the environment. */
  if (argc == 3 && g_str_equal (argv[1], "--crash-child"))
    return run_crash_child (argv[2]);

  data_root = g_strdup (g_getenv ("TSR_TESTDATA"));
  if (data_root == NULL || !g_file_test (data_root, G_FILE_TEST_IS_DIR))
    {
      g_print ("SKIP: no test data (TSR_TESTDATA)\n");
      return g_strcmp0 (g_getenv ("CI"), "true") == 0 ? 1 : 77;
    }

  /* Private folders, set before GLib caches them: recovery entries go to this XDG_STATE_HOME. */
  work_dir = g_dir_make_tmp ("tessera-recovery-ui-XXXXXX", &error);
  g_assert_no_error (error);
  {
    static const char *const kinds[][2] = {
      { "XDG_DATA_HOME", "data" }, { "XDG_CONFIG_HOME", "config" },
      { "XDG_CACHE_HOME", "cache" }, { "XDG_STATE_HOME", "state" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
      {
        g_autofree char *folder = g_build_filename (work_dir, kinds[i][1], NULL);

        g_setenv (kinds[i][0], folder, TRUE);
      }
  }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);

  if (!gtk_init_check ())
    {
      g_print ("SKIP: no display (run under xvfb-run)\n");
      remove_tree (work_dir);
      return 77;
    }
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_init (&argc, &argv, NULL);
  screenshot_dir = g_strdup (g_getenv ("TSR_SCREENSHOT_DIR"));
  if (screenshot_dir == NULL)
    screenshot_dir = g_get_current_dir ();

  g_test_add_func ("/recovery/window-size", test_window_size);
  g_test_add_func ("/recovery/autosave-preference", test_autosave_preference);
  g_test_add_func ("/recovery/autosave-life-cycle", test_autosave_life_cycle);
  g_test_add_func ("/recovery/crash-restore-save-sphere", test_crash_restore_sphere);
  g_test_add_func ("/recovery/crash-restore-save-wolf3d", test_crash_restore_wolf3d);
  g_test_add_func ("/recovery/crash-discard", test_crash_discard);
  g_test_add_func ("/recovery/damaged-entry", test_damaged_entry);
  status = g_test_run ();

  remove_tree (work_dir);
  g_free (work_dir);
  g_free (screenshot_dir);
  g_free (data_root);
  return status;
}
