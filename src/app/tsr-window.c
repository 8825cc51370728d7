/* tsr-window.c: the editor window: a tab per open document (a GtkNotebook; the start page when
 * none is open), actions, loading and saving through TsrDocument, the error bar, the
 * unsaved-changes question, drag and drop, window size kept in GSettings, and autosave of every
 * tab into the application's recovery store. */
#include "config.h"

#include "app/tsr-window.h"

#include <glib/gi18n.h>

#include "app/tsr-new-map-dialog.h"
#include "app/tsr-playtest-panel.h"
#include "app/tsr-plugins.h"
#include "app/tsr-recent.h"
#include "app/tsr-samples.h"
#include "app/tsr-start-page.h"
#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-merge-folder.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/tsr-recovery.h"
#include "views/tsr-backdrop.h"
#include "views/tsr-flow-box-keys.h"
#include "views/tsr-editor-pages.h"
#include "views/tsr-findings-view.h"

#define TSR_RECENT_MENU_SIZE 10

/* One open document: its tab's page (a stack of editor pages, one per kind, made on first use)
 * and what autosave and closing keep for it. */
typedef struct {
  TsrWindow     *window;           /* not a reference: the window owns its tabs */
  TsrDocument   *document;
  char          *sample_copy;      /* the scratch folder a bundled sample was opened from */
  char          *recovery_id;      /* the document's recovery entry, once one was written */
  gboolean       autosave_pending; /* changed since the last recovery write */
  char          *autosave_error;   /* the last autosave failure shown, so it is not repeated */
  gboolean       discarded;        /* Discard was chosen while the window closes */
  GtkWidget     *root;             /* the notebook page: CHANGED_BAR above PAGES */
  GtkStack      *pages;            /* the editor pages, one per kind */
  GtkWidget     *page;             /* the child of PAGES showing the document */
  GtkInfoBar    *changed_bar;      /* the file changed on disk: Reload or Keep Mine */
  GtkLabel      *changed_label;
  GFileMonitor  *monitor;          /* watches the document's file */
  GtkLabel      *label;            /* the tab's title */
} TsrWindowTab;

struct _TsrWindow {
  GtkApplicationWindow parent_instance;

  GPtrArray     *tabs;            /* TsrWindowTab, in notebook order */
  TsrWindowTab  *tab;             /* the current tab, or NULL on the start page */
  gboolean       close_confirmed;
  TsrRecoveryStore *recovery_store; /* the application's; kept, as a destroyed window has none */
  guint          autosave_source;

  GtkLabel      *title_label;
  GtkLabel      *subtitle_label;
  GtkWidget     *undo_button;
  GtkWidget     *redo_button;
  GtkWidget     *save_button;
  GMenu         *recent_submenu;
  GtkInfoBar    *error_bar;
  GtkLabel      *error_title;
  GtkLabel      *error_message;
  GtkStack      *stack;
  TsrStartPage  *start_page;
  GtkNotebook   *notebook;
  GtkRevealer   *loading_revealer;
  GtkLabel      *loading_label;
  GtkProgressBar *loading_progress;
  TsrPlaytestPanel *playtest_panel; /* the engine's log, below the tabs */
  GMenu         *commands_submenu;
  GMenu         *primary_menu;
  GMenu         *plugins_submenu;   /* filled from the loaded plugins; NULL without them */

  GPtrArray     *loads;           /* PendingLoad, in the order started */
  guint          pulse_source;
};

/* A file loading in a worker thread (tsr_document_new_from_file_async). */
typedef struct {
  TsrWindow    *window;           /* a reference: the window outlives its loads' callbacks */
  GFile        *file;
  GCancellable *cancellable;
  goffset       size;
  gboolean      new_tab;          /* else it replaces the current tab's document */
  GFile        *level_file;       /* the level file of the merge folder FILE that was asked for */
  gboolean      done;             /* the worker has finished: DOCUMENT or ERROR is set */
  TsrDocument  *document;
  GError       *error;
} PendingLoad;

/* Files at least this big show the loading bar (smaller ones load in well under a second). */
#define TSR_WINDOW_PROGRESS_SIZE (2 * 1024 * 1024)

enum {
  PROP_0,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TsrWindow, tsr_window, GTK_TYPE_APPLICATION_WINDOW)

static void tsr_window_set_document (TsrWindow   *self,
                                     TsrDocument *document,
                                     char        *sample_copy,
                                     gboolean     new_tab);
static void tsr_window_show_error   (TsrWindow   *self,
                                     const char  *title,
                                     const char  *message,
                                     GFile       *file);
static void tsr_window_hide_error   (TsrWindow   *self);

/* The document of the current tab, or NULL. */
static TsrDocument *
current_document (TsrWindow *self)
{
  return self->tab != NULL ? self->tab->document : NULL;
}

/* Shows DOCUMENT on the page the registry chooses for it (created on first use in this tab), and
 * lets every other page of the tab let go of its document. */
static void
tab_show_page (TsrWindowTab *tab,
               TsrDocument  *document)
{
  const TsrEditorPageKind *kind = document != NULL ? tsr_editor_pages_lookup (document) : NULL;
  GtkWidget *page = NULL;

  if (kind != NULL)
    {
      page = gtk_stack_get_child_by_name (tab->pages, kind->name);
      if (page == NULL)
        {
          page = g_object_new (kind->type, NULL);
          gtk_stack_add_named (tab->pages, page, kind->name);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (tab->pages));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (child != page && TSR_IS_EDITOR_PAGE (child))
      tsr_editor_page_set_document (TSR_EDITOR_PAGE (child), NULL);
  tab->page = page;
  if (page != NULL)
    {
      tsr_editor_page_set_document (TSR_EDITOR_PAGE (page), document);
      gtk_stack_set_visible_child (tab->pages, page);
    }
}

static GSettings *
tsr_window_get_settings (TsrWindow *self)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  return TSR_IS_APPLICATION (application) ? tsr_application_get_settings (TSR_APPLICATION (application)) : NULL;
}

/* The title names the file already: GIO's "Failed to open file “/full/path”: …" and a codec's
 * "/full/path: …" would show it a second time, so the path is taken out of the message. */
static char *
message_without_path (const char *message,
                      GFile      *file)
{
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *prefix = NULL;
  GString *text = g_string_new (message);

  if (path == NULL)
    return g_string_free (text, FALSE);
  quoted = g_strdup_printf (" “%s”", path);
  prefix = g_strconcat (path, ": ", NULL);
  g_string_replace (text, quoted, "", 0);
  g_string_replace (text, prefix, "", 0);
  return g_string_free (text, FALSE);
}

static void
tsr_window_show_error (TsrWindow  *self,
                       const char *title,
                       const char *message,
                       GFile      *file)
{
  g_autofree char *without_path = message_without_path (message, file);
  /* Control bytes from names inside files (a raw CR in a Doom2D entry name) are shown as the CLI
   * prints them, "\x0D", not as line breaks. */
  g_autofree char *shown = tsr_escape_control (without_path);

  gtk_label_set_text (self->error_title, title);
  gtk_label_set_text (self->error_message, shown);
  gtk_info_bar_set_revealed (self->error_bar, TRUE);
}

static void
tsr_window_hide_error (TsrWindow *self)
{
  gtk_info_bar_set_revealed (self->error_bar, FALSE);
}

static void
tsr_window_on_error_bar_response (TsrWindow  *self,
                                  int         response,
                                  GtkInfoBar *bar)
{
  if (response == GTK_RESPONSE_CLOSE)
    tsr_window_hide_error (self);
}

/* "~/games/maps" for a file's folder, as the subtitle shows it. */
static char *
tsr_window_dup_folder_label (GFile *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *path = parent != NULL ? g_file_get_path (parent) : NULL;
  const char *home = g_get_home_dir ();

  if (path == NULL)
    return NULL;
  if (g_str_has_prefix (path, home) && (path[strlen (home)] == '/' || path[strlen (home)] == '\0'))
    return g_strconcat ("~", path + strlen (home), NULL);
  return g_filename_display_name (path);
}

/* Whether the tab's document is still the scratch copy of a bundled sample (not yet saved
 * elsewhere). */
static gboolean
tab_is_scratch_sample (TsrWindowTab *tab)
{
  GFile *file = tab != NULL && tab->document != NULL ? tsr_document_get_file (tab->document) : NULL;
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  return tab->sample_copy != NULL && path != NULL
         && g_str_has_prefix (path, tab->sample_copy) && path[strlen (tab->sample_copy)] == G_DIR_SEPARATOR;
}

/* The name with a dot for unsaved changes, as GNOME's editors show it. */
static char *
tab_dup_title (TsrWindowTab *tab)
{
  const char *name = tsr_document_get_display_name (tab->document);

  return tsr_document_get_modified (tab->document) ? g_strdup_printf ("• %s", name) : g_strdup (name);
}

/* The tab's own label and its page's note; the header bar follows the current tab. */
static void
tab_update (TsrWindowTab *tab)
{
  g_autofree char *title = NULL;
  g_autofree char *tooltip = NULL;
  GFile *file;
  gboolean sample;

  /* A tab is empty only while it is being added. */
  if (tab->document == NULL)
    return;
  title = tab_dup_title (tab);
  file = tsr_document_get_file (tab->document);
  tooltip = file != NULL ? g_file_get_parse_name (file) : NULL;
  sample = file != NULL ? tab_is_scratch_sample (tab) : tab->sample_copy != NULL;

  gtk_label_set_text (tab->label, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (tab->label), sample ? NULL : tooltip);
  if (tab->page != NULL)
    tsr_editor_page_set_note (TSR_EDITOR_PAGE (tab->page),
                              sample ? _("A bundled sample: saving asks where to keep your copy.") : NULL);
}

static void
tsr_window_update_title (TsrWindow *self)
{
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *window_title = NULL;
  TsrDocument *document = current_document (self);
  GFile *file;

  for (guint i = 0; i < self->tabs->len; i++)
    tab_update (g_ptr_array_index (self->tabs, i));
  if (document == NULL)
    {
      gtk_label_set_text (self->title_label, _("Tessera"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      gtk_window_set_title (GTK_WINDOW (self), _("Tessera"));
      return;
    }

  title = tab_dup_title (self->tab);
  file = tsr_document_get_file (document);
  if (file != NULL && !tab_is_scratch_sample (self->tab))
    {
      g_autofree char *folder = tsr_window_dup_folder_label (file);
      subtitle = g_strdup_printf ("%s — %s", _(tsr_document_get_format (document)->name), folder);
    }
  else if (file == NULL && self->tab->sample_copy == NULL)
    {
      /* Made with File → New. */
      /* Translators: the subtitle of a new document: "Sphere map — not saved yet". */
      subtitle = g_strdup_printf (_("%s — not saved yet"), _(tsr_document_get_format (document)->name));
    }
  else
    {
      /* Translators: the subtitle of a bundled sample: "Sphere map — bundled sample". */
      subtitle = g_strdup_printf (_("%s — bundled sample"), _(tsr_document_get_format (document)->name));
    }

  /* Translators: the window title: "• village.rmp – Tessera". */
  window_title = g_strdup_printf (_("%s – Tessera"), title);
  gtk_label_set_text (self->title_label, title);
  gtk_label_set_text (self->subtitle_label, subtitle);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), TRUE);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* Ctrl+? opens the shortcuts window at the keys of the editor in the current tab. */
static void
tsr_window_on_help_overlay_show (GtkWidget *overlay,
                                 TsrWindow *self)
{
  TsrDocument *document = current_document (self);
  const TsrEditorPageKind *kind = document != NULL ? tsr_editor_pages_lookup (document) : NULL;
  const char *section = "shortcuts";

  if (kind != NULL && g_str_equal (kind->name, "marathon-map"))
    section = "marathon";
  else if (kind != NULL && g_str_equal (kind->name, "doom2d-map"))
    section = "doom2d";
  else if (kind != NULL && g_str_equal (kind->name, "map-editor"))
    section = "maps";
  g_object_set (overlay, "section-name", section, NULL);
}

/* win.show-help-overlay (Ctrl+?, the menu's Keyboard Shortcuts): the shortcuts window is built
 * on first use. GtkApplication would build it from gtk/help-overlay.ui for every new window,
 * about half of what a window costs to make (issue 35), so the resource has another name. */
static void
tsr_window_show_help_overlay_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (widget);
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);

  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/tessera/Tessera/ui/tsr-shortcuts-window.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (window, overlay);
      g_signal_connect_object (overlay, "show", G_CALLBACK (tsr_window_on_help_overlay_show), widget, 0);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

static void
tsr_window_update_actions (TsrWindow *self)
{
  TsrDocument *document = current_document (self);
  TsrUndoStack *stack = document != NULL ? tsr_document_get_undo_stack (document) : NULL;
  const TsrFormat *format = document != NULL ? tsr_document_get_format (document) : NULL;
  gboolean can_save = format != NULL && format->save != NULL;
  const char *undo = stack != NULL ? tsr_undo_stack_get_undo_description (stack) : NULL;
  const char *redo = stack != NULL ? tsr_undo_stack_get_redo_description (stack) : NULL;
  g_autofree char *undo_tooltip = undo != NULL ? g_strdup_printf (_("Undo %s"), undo) : g_strdup (_("Undo"));
  g_autofree char *redo_tooltip = redo != NULL ? g_strdup_printf (_("Redo %s"), redo) : g_strdup (_("Redo"));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", stack != NULL && tsr_undo_stack_get_can_undo (stack));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", stack != NULL && tsr_undo_stack_get_can_redo (stack));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", can_save);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", can_save);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.revert",
                                 document != NULL && tsr_document_get_file (document) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.playtest",
                                 format != NULL && tsr_playtest_engine_names (format->family) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.run-command", document != NULL);
  gtk_widget_set_tooltip_text (self->undo_button, undo_tooltip);
  gtk_widget_set_tooltip_text (self->redo_button, redo_tooltip);

  if (format != NULL && !can_save)
    {
      g_autofree char *text = g_strdup_printf (_("%s files cannot be saved yet"), _(format->name));
      gtk_widget_set_tooltip_text (self->save_button, text);
    }
  else
    gtk_widget_set_tooltip_text (self->save_button, _("Save the Document"));
}

/* The tab's document was saved, went back to its saved state, or is closed: its recovery entry
 * goes. */
static void
tab_drop_recovery (TsrWindowTab *tab)
{
  TsrRecoveryStore *store = tab->window->recovery_store;
  g_autoptr(GError) error = NULL;

  tab->autosave_pending = FALSE;
  if (tab->recovery_id == NULL)
    return;
  if (store != NULL && !tsr_recovery_store_delete (store, tab->recovery_id, &error))
    g_message ("Tessera: %s", error->message);
  g_clear_pointer (&tab->recovery_id, g_free);
}

static gboolean
tab_autosave (TsrWindowTab *tab,
              GError      **error)
{
  TsrRecoveryStore *store = tab->window->recovery_store;

  /* A bundled sample's scratch copy, or a new document, has no original worth restoring to. */
  if (store == NULL || !tsr_document_get_modified (tab->document)
      || tsr_document_get_file (tab->document) == NULL || tab_is_scratch_sample (tab))
    return TRUE;
  if (tab->recovery_id == NULL)
    tab->recovery_id = tsr_recovery_store_new_id ();
  if (!tsr_recovery_store_write (store, tab->recovery_id, tab->document, error))
    return FALSE;
  tab->autosave_pending = FALSE;
  return TRUE;
}

gboolean
tsr_window_autosave (TsrWindow  *self,
                     GError    **error)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), FALSE);

  for (guint i = 0; i < self->tabs->len; i++)
    if (!tab_autosave (g_ptr_array_index (self->tabs, i), error))
      return FALSE;
  return TRUE;
}

static gboolean
tsr_window_on_autosave_timeout (gpointer user_data)
{
  TsrWindow *self = user_data;

  for (guint i = 0; i < self->tabs->len; i++)
    {
      TsrWindowTab *tab = g_ptr_array_index (self->tabs, i);
      g_autoptr(GError) error = NULL;

      if (!tab->autosave_pending)
        continue;
      if (tab_autosave (tab, &error))
        g_clear_pointer (&tab->autosave_error, g_free);
      else if (g_strcmp0 (error->message, tab->autosave_error) != 0)
        {
          /* Said once per distinct failure, not every interval. */
          g_autofree char *title = g_strdup_printf (_("Could not keep a recovery copy of “%s”"),
                                                    tsr_document_get_display_name (tab->document));

          g_free (tab->autosave_error);
          tab->autosave_error = g_strdup (error->message);
          tsr_window_show_error (self, title, error->message, tsr_document_get_file (tab->document));
        }
    }
  return G_SOURCE_CONTINUE;
}

static void
tsr_window_restart_autosave (TsrWindow *self)
{
  GSettings *settings = tsr_window_get_settings (self);
  int interval = settings != NULL ? g_settings_get_int (settings, "autosave-interval") : 120;

  g_clear_handle_id (&self->autosave_source, g_source_remove);
  if (interval > 0)
    self->autosave_source = g_timeout_add_seconds ((guint) interval, tsr_window_on_autosave_timeout, self);
}

static void
tab_on_stack_changed (TsrWindowTab *tab)
{
  if (tsr_document_get_modified (tab->document))
    tab->autosave_pending = TRUE;
}

static void
tab_on_document_modified (TsrWindowTab *tab)
{
  if (!tsr_document_get_modified (tab->document))
    tab_drop_recovery (tab);
  tsr_window_update_title (tab->window);
}

static void
tab_on_title_changed (TsrWindowTab *tab)
{
  tsr_window_update_title (tab->window);
}

static void
tab_on_actions_changed (TsrWindowTab *tab)
{
  if (tab == tab->window->tab)
    tsr_window_update_actions (tab->window);
}

static void
tab_disconnect (TsrWindowTab *tab)
{
  if (tab->document == NULL)
    return;
  g_signal_handlers_disconnect_by_data (tsr_document_get_undo_stack (tab->document), tab);
  g_signal_handlers_disconnect_by_data (tab->document, tab);
}

/* ---- The document's file changed on disk ----
 * Each tab watches its document's file. When another program changes it, the page shows a bar
 * (as GNOME Text Editor does): Reload reads it again, Keep Mine keeps the document as it is, and
 * a later Save asks before it overwrites the other version. */

static void tsr_window_start_load_level (TsrWindow *self,
                                         GFile     *file,
                                         GFile     *level_file,
                                         gboolean   new_tab);
static void tsr_window_start_load (TsrWindow *self,
                                   GFile     *file,
                                   gboolean   new_tab);

static void
tab_on_file_changed (GFileMonitor      *monitor,
                     GFile             *file,
                     GFile             *other_file,
                     GFileMonitorEvent  event,
                     TsrWindowTab      *tab)
{
  gboolean changed = tab->document != NULL && tsr_document_changed_on_disk (tab->document);

  if (changed && !gtk_info_bar_get_revealed (tab->changed_bar))
    {
      g_autofree char *text = g_strdup_printf (_("“%s” was changed on disk by another program."),
                                               tsr_document_get_display_name (tab->document));

      gtk_label_set_text (tab->changed_label, text);
    }
  /* Our own save comes back as an event too, with the file as the document now knows it. */
  gtk_info_bar_set_revealed (tab->changed_bar, changed);
}

static void
tab_unwatch (TsrWindowTab *tab)
{
  if (tab->monitor == NULL)
    return;
  g_signal_handlers_disconnect_by_data (tab->monitor, tab);
  g_file_monitor_cancel (tab->monitor);
  g_clear_object (&tab->monitor);
}

/* Watches the file of TAB's document (again after Save As); a sample's scratch copy is not
 * watched. */
static void
tab_watch (TsrWindowTab *tab)
{
  GFile *file = tab->document != NULL ? tsr_document_get_file (tab->document) : NULL;

  tab_unwatch (tab);
  gtk_info_bar_set_revealed (tab->changed_bar, FALSE);
  if (file == NULL || tab->sample_copy != NULL)
    return;
  tab->monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (tab->monitor != NULL)
    g_signal_connect (tab->monitor, "changed", G_CALLBACK (tab_on_file_changed), tab);
}

enum {
  TAB_CHANGED_RELOAD = 1,
  TAB_CHANGED_KEEP_MINE = 2,
};

static void
tab_on_changed_bar_response (GtkInfoBar   *bar,
                             int           response,
                             TsrWindowTab *tab)
{
  TsrWindow *self = tab->window;
  GFile *file = tsr_document_get_file (tab->document);

  gtk_info_bar_set_revealed (bar, FALSE);
  if (response != TAB_CHANGED_RELOAD || file == NULL)
    return; /* Keep Mine: the document stays; Save asks before it overwrites */
  /* The file loads again into this tab, which is the current one (its bar was clicked). */
  gtk_notebook_set_current_page (self->notebook, gtk_notebook_page_num (self->notebook, tab->root));
  self->tab = tab;
  tsr_window_start_load (self, file, FALSE);
}

/* The tab's notebook page: the changed-on-disk bar above the editor pages. */
static void
tab_build_changed_bar (TsrWindowTab *tab)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  tab->changed_bar = GTK_INFO_BAR (gtk_info_bar_new ());
  gtk_widget_set_name (GTK_WIDGET (tab->changed_bar), "changed-on-disk-bar");
  gtk_info_bar_set_message_type (tab->changed_bar, GTK_MESSAGE_WARNING);
  tab->changed_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (tab->changed_label, TRUE);
  gtk_label_set_xalign (tab->changed_label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (tab->changed_label), TRUE);
  gtk_info_bar_add_child (tab->changed_bar, GTK_WIDGET (tab->changed_label));
  gtk_info_bar_add_button (tab->changed_bar, _("_Reload"), TAB_CHANGED_RELOAD);
  gtk_info_bar_add_button (tab->changed_bar, _("_Keep Mine"), TAB_CHANGED_KEEP_MINE);
  gtk_info_bar_set_revealed (tab->changed_bar, FALSE);
  g_signal_connect (tab->changed_bar, "response", G_CALLBACK (tab_on_changed_bar_response), tab);
  gtk_widget_set_vexpand (GTK_WIDGET (tab->pages), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (tab->changed_bar));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (tab->pages));
  tab->root = box;
}

/* Shows DOCUMENT in TAB; SAMPLE_COPY (taken) is the scratch folder it was opened from, if a
 * sample. */
static void
tab_set_document (TsrWindowTab *tab,
                  TsrDocument  *document,
                  char         *sample_copy)
{
  TsrUndoStack *stack = tsr_document_get_undo_stack (document);

  tab_disconnect (tab);
  if (document != tab->document)
    tab_drop_recovery (tab);
  g_set_object (&tab->document, document);
  g_signal_connect_swapped (document, "notify::modified", G_CALLBACK (tab_on_document_modified), tab);
  g_signal_connect_swapped (document, "notify::display-name", G_CALLBACK (tab_on_title_changed), tab);
  g_signal_connect_swapped (document, "notify::file", G_CALLBACK (tab_on_title_changed), tab);
  g_signal_connect_swapped (document, "notify::file", G_CALLBACK (tab_watch), tab);
  g_signal_connect_swapped (stack, "changed", G_CALLBACK (tab_on_stack_changed), tab);
  g_signal_connect_swapped (stack, "notify::can-undo", G_CALLBACK (tab_on_actions_changed), tab);
  g_signal_connect_swapped (stack, "notify::can-redo", G_CALLBACK (tab_on_actions_changed), tab);
  g_signal_connect_swapped (stack, "notify::undo-description", G_CALLBACK (tab_on_actions_changed), tab);
  g_signal_connect_swapped (stack, "notify::redo-description", G_CALLBACK (tab_on_actions_changed), tab);

  if (tab->sample_copy != NULL)
    tsr_samples_remove_copy (tab->sample_copy);
  g_free (tab->sample_copy);
  tab->sample_copy = sample_copy;
  tab_show_page (tab, document);
  tab_watch (tab);
}

static TsrWindowTab *
tab_for_page (GtkWidget *page)
{
  return g_object_get_data (G_OBJECT (page), "tsr-window-tab");
}

/* The tabs' bar shows only while there are two or more, so one document looks as it always did. */
static void
tsr_window_sync_tabs (TsrWindow *self)
{
  gtk_notebook_set_show_tabs (self->notebook, self->tabs->len > 1);
  /* A document shows at once; the start page fades back in. A crossfade to a document drew the
   * start page and the new editor together at every frame for 200 ms (issue 35). */
  if (self->tabs->len > 0)
    gtk_stack_set_visible_child_full (self->stack, "document", GTK_STACK_TRANSITION_TYPE_NONE);
  else
    gtk_stack_set_visible_child_full (self->stack, "start", GTK_STACK_TRANSITION_TYPE_CROSSFADE);
  tsr_window_update_title (self);
  tsr_window_update_actions (self);
}

static void tsr_window_close_tab (TsrWindowTab *tab);

static void
tab_on_close_clicked (GtkButton    *button,
                      TsrWindowTab *tab)
{
  tsr_window_close_tab (tab);
}

/* A new, empty tab at the end, made current. */
static TsrWindowTab *
tsr_window_add_tab (TsrWindow *self)
{
  TsrWindowTab *tab = g_new0 (TsrWindowTab, 1);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *close = gtk_button_new_from_icon_name ("window-close-symbolic");

  tab->window = self;
  tab->pages = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_hhomogeneous (tab->pages, FALSE);
  gtk_stack_set_vhomogeneous (tab->pages, FALSE);
  tab->label = GTK_LABEL (gtk_label_new (NULL));
  /* A tab gets its minimum width: at least 16 characters of the name stay readable. */
  gtk_label_set_ellipsize (tab->label, PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_width_chars (tab->label, 16);
  gtk_label_set_max_width_chars (tab->label, 30);
  gtk_widget_add_css_class (close, "flat");
  gtk_widget_add_css_class (close, "circular");
  gtk_widget_set_tooltip_text (close, _("Close the Tab"));
  g_signal_connect (close, "clicked", G_CALLBACK (tab_on_close_clicked), tab);
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (tab->label));
  gtk_box_append (GTK_BOX (header), close);
  tab_build_changed_bar (tab);
  g_object_set_data (G_OBJECT (tab->root), "tsr-window-tab", tab);
  g_ptr_array_add (self->tabs, tab);
  gtk_notebook_append_page (self->notebook, tab->root, header);
  gtk_notebook_set_tab_reorderable (self->notebook, tab->root, TRUE);
  return tab;
}

/* GTK 4.8's notebook, when disposed, removes its pages one by one; removing the current page
 * switches to the next, and a notebook that remembers having had the focus inside (it keeps that
 * after its tab of the window was left, or the window lost the focus) then focuses into the new
 * page: unrooted by then, so gtk_window_get_focus gets no window (a Gtk-CRITICAL on closing a tab
 * or a window, issue 41). Unsetting each notebook's focus child makes it forget. */
static void
forget_notebook_focus (GtkWidget *root)
{
  if (GTK_IS_NOTEBOOK (root))
    gtk_widget_set_focus_child (root, NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    forget_notebook_focus (child);
}

/* What closing TAB means for the model: its pages let go of the document, its recovery entry and
 * sample copy go, and TAB is freed. The widgets are the caller's. */
static void
tab_free (TsrWindowTab *tab)
{
  forget_notebook_focus (tab->root);
  tab_disconnect (tab);
  tab_unwatch (tab);
  tab_show_page (tab, NULL);
  tab_drop_recovery (tab);
  if (tab->sample_copy != NULL)
    tsr_samples_remove_copy (tab->sample_copy);
  g_clear_object (&tab->document);
  g_object_set_data (G_OBJECT (tab->root), "tsr-window-tab", NULL);
  g_free (tab->sample_copy);
  g_free (tab->recovery_id);
  g_free (tab->autosave_error);
  g_free (tab);
}

/* Removes TAB without asking. */
static void
tsr_window_remove_tab (TsrWindow    *self,
                       TsrWindowTab *tab)
{
  GtkWidget *pages = tab->root;
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));

  /* The focus leaves the page first: a side-bar notebook disposed with the focus inside it asks an
   * unrooted widget for its window's focus (a GTK critical). */
  if (focus != NULL && (focus == pages || gtk_widget_is_ancestor (focus, pages)))
    gtk_window_set_focus (GTK_WINDOW (self), NULL);
  g_ptr_array_remove (self->tabs, tab);
  if (self->tab == tab)
    self->tab = NULL;
  tab_free (tab);
  gtk_notebook_remove_page (self->notebook, gtk_notebook_page_num (self->notebook, pages));
  if (self->tab == NULL && self->tabs->len > 0)
    {
      GtkWidget *page = gtk_notebook_get_nth_page (self->notebook, gtk_notebook_get_current_page (self->notebook));

      self->tab = page != NULL ? tab_for_page (page) : g_ptr_array_index (self->tabs, 0);
    }
  tsr_window_sync_tabs (self);
}

static void
tsr_window_on_switch_page (TsrWindow   *self,
                           GtkWidget   *page,
                           guint        page_num,
                           GtkNotebook *notebook)
{
  /* NULL while the window is destroyed. */
  self->tab = tab_for_page (page);
  tsr_window_update_title (self);
  tsr_window_update_actions (self);
}

static void
tsr_window_on_page_reordered (TsrWindow   *self,
                              GtkWidget   *page,
                              guint        page_num,
                              GtkNotebook *notebook)
{
  TsrWindowTab *tab = tab_for_page (page);

  if (tab == NULL)
    return;
  g_ptr_array_remove (self->tabs, tab);
  g_ptr_array_insert (self->tabs, (gint) page_num, tab);
}

/* Shows DOCUMENT (SAMPLE_COPY taken, as in tab_set_document) in a new tab when NEW_TAB and the
 * window shows a document already, else in the current tab (the first one when there is none). */
static void
tsr_window_set_document (TsrWindow   *self,
                         TsrDocument *document,
                         char        *sample_copy,
                         gboolean     new_tab)
{
  TsrWindowTab *tab = self->tab;

  if (tab == NULL || new_tab)
    tab = tsr_window_add_tab (self);
  tab_set_document (tab, document, sample_copy);
  self->tab = tab;
  gtk_notebook_set_current_page (self->notebook, gtk_notebook_page_num (self->notebook, tab->root));
  tsr_window_sync_tabs (self);
}

static void
pending_load_free (PendingLoad *load)
{
  g_object_unref (load->file);
  g_clear_object (&load->level_file);
  g_object_unref (load->cancellable);
  g_clear_object (&load->document);
  g_clear_error (&load->error);
  g_object_unref (load->window);
  g_free (load);
}

static gboolean
tsr_window_pulse (gpointer user_data)
{
  gtk_progress_bar_pulse (TSR_WINDOW (user_data)->loading_progress);
  return G_SOURCE_CONTINUE;
}

/* The loading bar names the first pending load big enough to take a moment; it hides when none
 * is left. The codecs report no progress, so the bar pulses. */
static void
tsr_window_update_loading (TsrWindow *self)
{
  PendingLoad *shown = NULL;

  for (guint i = 0; i < self->loads->len && shown == NULL; i++)
    if (((PendingLoad *) g_ptr_array_index (self->loads, i))->size >= TSR_WINDOW_PROGRESS_SIZE)
      shown = g_ptr_array_index (self->loads, i);
  if (shown != NULL)
    {
      g_autofree char *name = g_file_get_basename (shown->file);
      g_autofree char *size = g_format_size (shown->size);
      g_autofree char *text = g_strdup_printf (_("Opening “%s” (%s)…"), name, size);

      gtk_label_set_text (self->loading_label, text);
      if (self->pulse_source == 0)
        self->pulse_source = g_timeout_add (100, tsr_window_pulse, self);
    }
  else
    g_clear_handle_id (&self->pulse_source, g_source_remove);
  /* The bar slides in (GTK's 250 ms), but goes at once: it goes as the document shows, and a canvas
   * whose height changed at every frame of the slide fitted its map again and again (issue 35). A
   * revealer without a transition would keep the bar's height. */
  gtk_revealer_set_transition_duration (self->loading_revealer, shown != NULL ? 250 : 0);
  gtk_revealer_set_reveal_child (self->loading_revealer, shown != NULL);
}

/* A level file inside an Atque merge folder opens the whole folder (the scenario its author
 * keeps): FILE's merge folder, or NULL when FILE is no such level file. (transfer full) */
static GFile *
merge_folder_of_level_file (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *folder = path != NULL ? tsr_marathon_merge_folder_of_level_file (path) : NULL;

  return folder != NULL ? g_file_new_for_path (folder) : NULL;
}

/* The merge folder DOCUMENT was opened for LEVEL_FILE shows that level. */
static void
tsr_window_show_level_file (TsrDocument *document,
                            GFile       *level_file)
{
  g_autofree char *path = g_file_get_path (level_file);
  int position;

  if (path == NULL || !TSR_IS_MARATHON_DOCUMENT (document)
      || g_strcmp0 (tsr_document_get_format_id (document), "marathon-merge-folder") != 0)
    return;
  position = tsr_marathon_merge_folder_find_level_file (tsr_document_get_format_data (document), path);
  if (position >= 0)
    tsr_marathon_document_set_current_level (TSR_MARATHON_DOCUMENT (document), (guint) position);
}

/* Shows what one finished load brought: its document, or why it could not open. */
static void
tsr_window_apply_load (TsrWindow   *self,
                       PendingLoad *load)
{
  /* Cancelled (the window closing, or Cancel): whatever came back is dropped. */
  if (g_cancellable_is_cancelled (load->cancellable)
      || (load->document == NULL && g_error_matches (load->error, G_IO_ERROR, G_IO_ERROR_CANCELLED)))
    ;
  else if (load->document == NULL && load->level_file != NULL)
    /* The merge folder around a level file does not open: the file opens alone. */
    tsr_window_start_load_level (self, load->level_file, NULL, load->new_tab);
  else if (load->document == NULL)
    {
      g_autofree char *name = g_file_get_basename (load->file);
      g_autofree char *title = g_strdup_printf (_("Could not open “%s”"), name);

      tsr_window_show_error (self, title, load->error->message, load->file);
    }
  else
    {
      const char * const *notes = tsr_document_get_load_notes (load->document);

      tsr_window_hide_error (self);
      tsr_recent_add (load->file);
      tsr_window_set_document (self, load->document, NULL, load->new_tab);
      if (load->level_file != NULL)
        tsr_window_show_level_file (load->document, load->level_file);
      /* An interrupted save the open finished or undid: the user is told what was done. */
      if (notes != NULL)
        {
          g_autofree char *name = g_file_get_basename (load->file);
          g_autofree char *title = g_strdup_printf (_("“%s” was recovered from an interrupted save"), name);
          g_autofree char *joined = g_strjoinv ("; ", (char **) notes);

          tsr_window_show_error (self, title, joined, load->file);
        }
    }
}

static void
tsr_window_on_load_finished (GObject      *source,
                             GAsyncResult *result,
                             gpointer      user_data)
{
  PendingLoad *load = user_data;
  /* Each load holds the window; the one freed last may hold the last reference. */
  g_autoptr(TsrWindow) self = g_object_ref (load->window);
  gboolean applied = FALSE;

  load->document = tsr_document_new_from_file_finish (result, &load->error);
  load->done = TRUE;
  /* Results show in the order the files were asked for, whichever worker finishes first: the
   * tabs keep that order and the last file asked for is the current tab. */
  while (self->loads->len > 0 && ((PendingLoad *) g_ptr_array_index (self->loads, 0))->done)
    {
      PendingLoad *first = g_ptr_array_steal_index (self->loads, 0);

      tsr_window_apply_load (self, first);
      pending_load_free (first);
      applied = TRUE;
    }
  if (applied)
    {
      tsr_window_update_loading (self);
      if (self->loads->len == 0)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
    }
}

/* Loads FILE in a worker thread; the document then shows in a new tab (NEW_TAB) or the current
 * one, or the error bar says why not. A file already loading is not started twice. */
static void
tsr_window_start_load (TsrWindow *self,
                       GFile     *file,
                       gboolean   new_tab)
{
  tsr_window_start_load_level (self, file, NULL, new_tab);
}

/* As tsr_window_start_load; FILE is the merge folder around LEVEL_FILE when that is not NULL. */
static void
tsr_window_start_load_level (TsrWindow *self,
                             GFile     *file,
                             GFile     *level_file,
                             gboolean   new_tab)
{
  g_autoptr(GFileInfo) info = NULL;
  PendingLoad *load;

  for (guint i = 0; i < self->loads->len; i++)
    if (g_file_equal (((PendingLoad *) g_ptr_array_index (self->loads, i))->file, file))
      return;
  load = g_new0 (PendingLoad, 1);
  load->window = g_object_ref (self);
  load->file = g_object_ref (file);
  load->cancellable = g_cancellable_new ();
  load->new_tab = new_tab;
  load->level_file = level_file != NULL ? g_object_ref (level_file) : NULL;
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  load->size = info != NULL ? g_file_info_get_size (info) : 0;
  g_ptr_array_add (self->loads, load);
  tsr_window_update_loading (self);
  if (self->loads->len == 1)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
  tsr_document_new_from_file_async (file, load->cancellable, tsr_window_on_load_finished, load);
}

/* Cancels every pending load: their callbacks run soon and drop the results. */
static void
tsr_window_cancel_loads (TsrWindow *self)
{
  for (guint i = 0; i < self->loads->len; i++)
    g_cancellable_cancel (((PendingLoad *) g_ptr_array_index (self->loads, i))->cancellable);
}

static void
tsr_window_on_cancel_loads (TsrWindow *self,
                            GtkButton *button)
{
  tsr_window_cancel_loads (self);
}

gboolean
tsr_window_get_loading (TsrWindow *self)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), FALSE);
  return self->loads->len > 0;
}

gboolean
tsr_window_get_showing_progress (TsrWindow *self)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), FALSE);
  return gtk_revealer_get_reveal_child (self->loading_revealer);
}

void
tsr_window_open_file (TsrWindow *self,
                      GFile     *file)
{
  g_autoptr(GFile) folder = NULL;

  g_return_if_fail (TSR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  folder = merge_folder_of_level_file (file);
  if (folder != NULL)
    tsr_window_start_load_level (self, folder, file, FALSE);
  else
    tsr_window_start_load (self, file, FALSE);
}

static gboolean
tsr_window_open_sample_in (TsrWindow  *self,
                           const char *relative_path,
                           gboolean    new_tab)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = NULL;
  g_autofree char *copy = NULL;

  g_return_val_if_fail (TSR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (relative_path != NULL, FALSE);

  copy = tsr_samples_make_copy (&error);
  if (copy != NULL)
    {
      g_autofree char *path = g_build_filename (copy, relative_path, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      document = tsr_document_new_from_file (file, &error);
      if (document == NULL)
        {
          /* The scratch folder means nothing to the user: name the sample, not the copy. */
          g_autofree char *prefix = g_strconcat (copy, G_DIR_SEPARATOR_S, NULL);
          g_autofree char *message = NULL;
          g_auto(GStrv) parts = g_strsplit (error->message, prefix, -1);

          message = g_strjoinv ("", parts);
          g_free (error->message);
          error->message = g_steal_pointer (&message);
          tsr_samples_remove_copy (copy);
        }
    }
  if (document == NULL)
    {
      g_autofree char *title = g_strdup_printf (_("Could not open the sample “%s”"), relative_path);

      tsr_window_show_error (self, title, error->message, NULL);
      return FALSE;
    }

  tsr_window_hide_error (self);
  tsr_window_set_document (self, document, g_steal_pointer (&copy), new_tab);
  return TRUE;
}

gboolean
tsr_window_open_sample (TsrWindow  *self,
                        const char *relative_path)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (relative_path != NULL, FALSE);
  return tsr_window_open_sample_in (self, relative_path, FALSE);
}

void
tsr_window_open_recovered (TsrWindow   *self,
                           TsrDocument *document,
                           const char  *recovery_id)
{
  g_autoptr(GError) error = NULL;
  GFile *file;
  TsrWindowTab *original = NULL;

  g_return_if_fail (TSR_IS_WINDOW (self));
  g_return_if_fail (TSR_IS_DOCUMENT (document));
  g_return_if_fail (recovery_id != NULL);

  /* The tab showing the unmodified original (Show Original) takes the recovered document. */
  file = tsr_document_get_file (document);
  for (guint i = 0; i < self->tabs->len && file != NULL && original == NULL; i++)
    {
      TsrWindowTab *tab = g_ptr_array_index (self->tabs, i);
      GFile *open_file = tsr_document_get_file (tab->document);

      if (open_file != NULL && g_file_equal (open_file, file) && !tsr_document_get_modified (tab->document))
        original = tab;
    }
  if (original != NULL)
    self->tab = original;
  tsr_window_hide_error (self);
  tsr_window_set_document (self, document, NULL, original == NULL);
  /* The entry is this window's now: rewritten at once, so it names this process and the next
   * start does not offer it while the window is open. */
  self->tab->recovery_id = g_strdup (recovery_id);
  if (!tab_autosave (self->tab, &error))
    {
      g_autofree char *title = g_strdup_printf (_("Could not keep a recovery copy of “%s”"),
                                                tsr_document_get_display_name (document));

      tsr_window_show_error (self, title, error->message, tsr_document_get_file (document));
    }
}

const char *
tsr_window_get_recovery_id (TsrWindow *self)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), NULL);
  return self->tab != NULL ? self->tab->recovery_id : NULL;
}

gboolean
tsr_window_get_showing_sample (TsrWindow *self)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), FALSE);
  return self->tab != NULL && tab_is_scratch_sample (self->tab);
}

TsrWindow *
tsr_window_get_target (TsrWindow *self)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), NULL);
  return self;
}

guint
tsr_window_get_n_documents (TsrWindow *self)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), 0);
  return self->tabs->len;
}

TsrDocument *
tsr_window_get_nth_document (TsrWindow *self,
                             guint      index)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), NULL);
  g_return_val_if_fail (index < self->tabs->len, NULL);
  return ((TsrWindowTab *) g_ptr_array_index (self->tabs, index))->document;
}

void
tsr_window_set_current_document (TsrWindow *self,
                                 guint      index)
{
  g_return_if_fail (TSR_IS_WINDOW (self));
  g_return_if_fail (index < self->tabs->len);
  gtk_notebook_set_current_page (self->notebook,
                                 gtk_notebook_page_num (self->notebook,
                                                        ((TsrWindowTab *) g_ptr_array_index (self->tabs, index))->root));
}

TsrWindow *
tsr_window_show_file (TsrWindow *self,
                      GFile     *file)
{
  GList *windows;
  g_autoptr(GFile) level_file = NULL;
  g_autoptr(GFile) folder = NULL;

  g_return_val_if_fail (TSR_IS_WINDOW (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  /* A level file of an Atque merge folder: the folder, showing that level. */
  folder = merge_folder_of_level_file (file);
  if (folder != NULL)
    {
      level_file = g_object_ref (file);
      file = folder;
    }

  /* A file already open is shown where it is: two documents of one file would fight on save. */
  windows = gtk_application_get_windows (gtk_window_get_application (GTK_WINDOW (self)));
  for (GList *l = windows; l != NULL; l = l->next)
    {
      TsrWindow *window = l->data;

      if (!TSR_IS_WINDOW (window))
        continue;
      for (guint i = 0; i < window->tabs->len; i++)
        {
          GFile *open_file = tsr_document_get_file (((TsrWindowTab *) g_ptr_array_index (window->tabs, i))->document);

          if (open_file != NULL && g_file_equal (open_file, file))
            {
              tsr_window_set_current_document (window, i);
              if (level_file != NULL)
                tsr_window_show_level_file (((TsrWindowTab *) g_ptr_array_index (window->tabs, i))->document, level_file);
              gtk_window_present (GTK_WINDOW (window));
              return window;
            }
        }
    }

  /* Another file opens as a new tab of this window, once the worker has loaded it; the window
   * shows now. */
  tsr_window_start_load_level (self, file, level_file, TRUE);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

/* Saving: choose a file when needed, ask when validation found errors, then write. Each step may
 * wait for a dialog, so the state travels in a SaveOperation. */
typedef struct {
  TsrWindow            *self;
  TsrDocument          *document;
  GFile                *file;
  TsrWindowConfirmFunc  callback;
  gpointer              user_data;
} SaveOperation;

static void
save_operation_finish (SaveOperation *operation,
                       gboolean       saved)
{
  if (operation->callback != NULL)
    operation->callback (operation->self, saved, operation->user_data);
  g_object_unref (operation->self);
  g_object_unref (operation->document);
  g_clear_object (&operation->file);
  g_free (operation);
}

static void
save_operation_write (SaveOperation *operation,
                      TsrSaveFlags   flags)
{
  TsrWindow *self = operation->self;
  GSettings *settings = tsr_window_get_settings (self);
  g_autoptr(GError) error = NULL;

  if (settings != NULL && g_settings_get_boolean (settings, "backup-on-save"))
    flags |= TSR_SAVE_BACKUP;

  if (!tsr_document_save (operation->document, operation->file, flags, &error))
    {
      g_autofree char *title = g_strdup_printf (_("Could not save “%s”"),
                                                tsr_document_get_display_name (operation->document));

      tsr_window_show_error (self, title, error->message,
                             operation->file != NULL ? operation->file : tsr_document_get_file (operation->document));
      save_operation_finish (operation, FALSE);
      return;
    }

  tsr_window_hide_error (self);
  tsr_recent_add (tsr_document_get_file (operation->document));
  save_operation_finish (operation, TRUE);
}

static void
save_operation_on_force_response (GtkDialog     *dialog,
                                  int            response,
                                  SaveOperation *operation)
{
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    save_operation_write (operation, TSR_SAVE_FORCE);
  else
    save_operation_finish (operation, FALSE);
}

static void
save_operation_check_findings (SaveOperation *operation)
{
  GPtrArray *findings = tsr_document_get_findings (operation->document);
  guint errors = tsr_findings_count (findings, TSR_SEVERITY_ERROR);
  const TsrFinding *first = NULL;
  g_autofree char *first_text = NULL;
  GtkWidget *dialog;
  GtkWidget *button;

  if (errors == 0)
    {
      save_operation_write (operation, TSR_SAVE_NONE);
      return;
    }

  for (guint i = 0; i < findings->len && first == NULL; i++)
    if (((TsrFinding *) g_ptr_array_index (findings, i))->severity == TSR_SEVERITY_ERROR)
      first = g_ptr_array_index (findings, i);
  if (first == NULL)
    first_text = g_strdup ("");
  else if (first->where != NULL && first->where[0] != '\0')
    first_text = g_strdup_printf ("%s: %s", first->where, first->what);
  else
    first_text = g_strdup (first->what);

  dialog = gtk_message_dialog_new (GTK_WINDOW (operation->self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE,
                                   _("Save “%s” with validation errors?"),
                                   tsr_document_get_display_name (operation->document));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            ngettext ("Validation found %u error (%s). The game or other tools may refuse the saved file.",
                                                      "Validation found %u errors, the first: %s. The game or other tools may refuse the saved file.",
                                                      errors),
                                            errors, first_text);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("Save _Anyway"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_signal_connect (dialog, "response", G_CALLBACK (save_operation_on_force_response), operation);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
save_operation_on_overwrite_response (GtkDialog     *dialog,
                                      int            response,
                                      SaveOperation *operation)
{
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    save_operation_check_findings (operation);
  else
    save_operation_finish (operation, FALSE);
}

/* A save over the document's own file that another program changed since it was loaded (or last
 * saved) asks first; then the validation question. */
static void
save_operation_check (SaveOperation *operation)
{
  GFile *own = tsr_document_get_file (operation->document);
  GtkWidget *dialog;
  GtkWidget *button;

  if (own == NULL || (operation->file != NULL && !g_file_equal (operation->file, own))
      || !tsr_document_changed_on_disk (operation->document))
    {
      save_operation_check_findings (operation);
      return;
    }
  dialog = gtk_message_dialog_new (GTK_WINDOW (operation->self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE,
                                   _("“%s” was changed on disk since it was opened"),
                                   tsr_document_get_display_name (operation->document));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Saving replaces the other version of the file with yours."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Overwrite"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_signal_connect (dialog, "response", G_CALLBACK (save_operation_on_overwrite_response), operation);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
save_operation_on_chooser_response (GtkNativeDialog *chooser,
                                    int              response,
                                    SaveOperation   *operation)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;

      operation->file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      path = operation->file != NULL ? g_file_get_path (operation->file) : NULL;
      /* A name of another format is refused before the validation question: nothing is written. */
      if (path != NULL && !tsr_document_check_save_path (operation->document, path, &error))
        {
          g_autofree char *title = g_strdup_printf (_("Could not save “%s”"),
                                                    tsr_document_get_display_name (operation->document));

          tsr_window_show_error (operation->self, title, error->message, operation->file);
          save_operation_finish (operation, FALSE);
        }
      else
        save_operation_check (operation);
    }
  else
    save_operation_finish (operation, FALSE);
  g_object_unref (chooser);
}

static void
tsr_window_save (TsrWindow            *self,
                 gboolean              choose_file,
                 TsrWindowConfirmFunc  callback,
                 gpointer              user_data)
{
  SaveOperation *operation;
  GFile *file;

  if (self->tab == NULL)
    {
      if (callback != NULL)
        callback (self, FALSE, user_data);
      return;
    }

  operation = g_new0 (SaveOperation, 1);
  operation->self = g_object_ref (self);
  operation->document = g_object_ref (self->tab->document);
  operation->callback = callback;
  operation->user_data = user_data;

  file = tsr_document_get_file (self->tab->document);
  if (choose_file || file == NULL || tab_is_scratch_sample (self->tab))
    {
      GtkFileChooserNative *chooser = gtk_file_chooser_native_new (_("Save As"), GTK_WINDOW (self),
                                                                   GTK_FILE_CHOOSER_ACTION_SAVE,
                                                                   _("_Save"), _("_Cancel"));

      gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
      if (file != NULL && !tab_is_scratch_sample (self->tab))
        gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL);
      else
        {
          /* Not the sample's scratch folder: it is removed when the window closes. */
          const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
          g_autoptr(GFile) folder = g_file_new_for_path (documents != NULL ? documents : g_get_home_dir ());

          gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
          gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser),
                                             tsr_document_get_display_name (self->tab->document));
        }
      g_signal_connect (chooser, "response", G_CALLBACK (save_operation_on_chooser_response), operation);
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
      return;
    }

  operation->file = g_object_ref (file);
  save_operation_check (operation);
}

/* The unsaved-changes question, asked for each modified tab in turn (or for one tab). */
typedef struct {
  TsrWindowConfirmFunc callback;
  gpointer             user_data;
  TsrWindowTab        *only;     /* closing this tab alone, or NULL: every tab */
} ConfirmClose;

static gboolean
tab_needs_asking (TsrWindowTab *tab)
{
  return tsr_document_get_modified (tab->document) && !tab->discarded;
}

static void
confirm_close_finish (TsrWindow    *self,
                      ConfirmClose *confirm,
                      gboolean      proceed)
{
  /* Cancelled: the next attempt asks about every tab again. */
  for (guint i = 0; i < self->tabs->len && !proceed; i++)
    ((TsrWindowTab *) g_ptr_array_index (self->tabs, i))->discarded = FALSE;
  confirm->callback (self, proceed, confirm->user_data);
  g_free (confirm);
}

static void confirm_close_ask (TsrWindow    *self,
                               ConfirmClose *confirm);

static void
tsr_window_on_confirm_saved (TsrWindow *self,
                             gboolean   saved,
                             gpointer   user_data)
{
  ConfirmClose *confirm = user_data;

  if (saved)
    confirm_close_ask (self, confirm);
  else
    confirm_close_finish (self, confirm, FALSE);
}

static void
tsr_window_on_confirm_response (GtkDialog    *dialog,
                                int           response,
                                ConfirmClose *confirm)
{
  TsrWindow *self = TSR_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));

  /* The answer may close SELF while the dialog is still referenced by this emission: detach it
   * first so its late disposal does not reach back to a finalized parent. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  switch (response)
    {
    case GTK_RESPONSE_ACCEPT:
      tsr_window_save (self, FALSE, tsr_window_on_confirm_saved, confirm);
      break;
    case GTK_RESPONSE_REJECT:
      self->tab->discarded = TRUE;
      confirm_close_ask (self, confirm);
      break;
    default:
      confirm_close_finish (self, confirm, FALSE);
      break;
    }
}

/* Asks about the next tab with unsaved changes (shown first), or finishes when none is left. */
static void
confirm_close_ask (TsrWindow    *self,
                   ConfirmClose *confirm)
{
  TsrWindowTab *tab = NULL;
  GtkWidget *dialog;
  GtkWidget *button;

  if (confirm->only != NULL)
    tab = tab_needs_asking (confirm->only) ? confirm->only : NULL;
  for (guint i = 0; i < self->tabs->len && tab == NULL && confirm->only == NULL; i++)
    if (tab_needs_asking (g_ptr_array_index (self->tabs, i)))
      tab = g_ptr_array_index (self->tabs, i);
  if (tab == NULL)
    {
      confirm_close_finish (self, confirm, TRUE);
      return;
    }
  gtk_notebook_set_current_page (self->notebook, gtk_notebook_page_num (self->notebook, tab->root));

  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Save changes to “%s” before closing?"),
                                   tsr_document_get_display_name (tab->document));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("If you don’t save, your changes will be lost."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Discard"), GTK_RESPONSE_REJECT);
  gtk_widget_add_css_class (button, "destructive-action");
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Save"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (tsr_window_on_confirm_response), confirm);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
tsr_window_confirm_tabs (TsrWindow            *self,
                         TsrWindowTab         *only,
                         TsrWindowConfirmFunc  callback,
                         gpointer              user_data)
{
  ConfirmClose *confirm = g_new0 (ConfirmClose, 1);

  confirm->callback = callback;
  confirm->user_data = user_data;
  confirm->only = only;
  confirm_close_ask (self, confirm);
}

void
tsr_window_confirm_close (TsrWindow            *self,
                          TsrWindowConfirmFunc  callback,
                          gpointer              user_data)
{
  g_return_if_fail (TSR_IS_WINDOW (self));
  g_return_if_fail (callback != NULL);

  tsr_window_confirm_tabs (self, NULL, callback, user_data);
}

void
tsr_window_close_confirmed (TsrWindow *self)
{
  g_return_if_fail (TSR_IS_WINDOW (self));

  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static void
tsr_window_on_close_confirmed (TsrWindow *self,
                               gboolean   proceed,
                               gpointer   user_data)
{
  if (proceed)
    tsr_window_close_confirmed (self);
}

static void
tsr_window_on_tab_close_confirmed (TsrWindow *self,
                                   gboolean   proceed,
                                   gpointer   user_data)
{
  TsrWindowTab *tab = user_data;

  if (proceed)
    tsr_window_remove_tab (self, tab);
  else
    tab->discarded = FALSE;
}

/* Closes TAB, asking first when its document has unsaved changes. */
static void
tsr_window_close_tab (TsrWindowTab *tab)
{
  tsr_window_confirm_tabs (tab->window, tab, tsr_window_on_tab_close_confirmed, tab);
}

void
tsr_window_close_document (TsrWindow *self)
{
  g_return_if_fail (TSR_IS_WINDOW (self));

  if (self->tab != NULL)
    tsr_window_close_tab (self->tab);
  else
    gtk_window_close (GTK_WINDOW (self));
}

static void
tsr_window_save_size (TsrWindow *self)
{
  GSettings *settings = tsr_window_get_settings (self);
  int width = 0;
  int height = 0;

  if (settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_delay (settings);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  g_settings_apply (settings);
}

static gboolean
tsr_window_close_request (GtkWindow *window)
{
  TsrWindow *self = TSR_WINDOW (window);

  if (tsr_window_get_modified (self) && !self->close_confirmed)
    {
      tsr_window_confirm_close (self, tsr_window_on_close_confirmed, NULL);
      return TRUE;
    }
  tsr_window_save_size (self);
  /* Closed on purpose (nothing unsaved, or the changes discarded): nothing to recover. */
  for (guint i = 0; i < self->tabs->len; i++)
    tab_drop_recovery (g_ptr_array_index (self->tabs, i));
  return GTK_WINDOW_CLASS (tsr_window_parent_class)->close_request (window);
}

/* Actions. */

static void
tsr_window_on_open_response (GtkNativeDialog *chooser,
                             int              response,
                             TsrWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      tsr_window_show_file (self, file);
    }
  g_object_unref (chooser);
}

/* File → New: the new document opens unsaved in a new tab; a level added to the window's Wolf3D
 * set is already shown. */
static void
tsr_window_on_new_map (TsrNewMapDialog *dialog,
                       TsrDocument     *document,
                       TsrWindow       *self)
{
  if (document != current_document (self))
    {
      tsr_window_hide_error (self);
      tsr_window_set_document (self, document, NULL, TRUE);
    }
  gtk_window_present (GTK_WINDOW (self));
}

static void
tsr_window_new_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkWidget *dialog = tsr_new_map_dialog_new (GTK_WINDOW (widget), current_document (TSR_WINDOW (widget)));

  g_signal_connect_object (dialog, "created", G_CALLBACK (tsr_window_on_new_map), widget, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The Open dialog's filter a game: its formats are the registry's of that family. */
static const struct {
  const char *family;
  const char *name;
} open_families[] = {
  { "marathon", N_("Marathon") },
  { "wolf3d", N_("Wolfenstein 3D") },
  { "sphere", N_("Sphere") },
  { "doom2d", N_("Doom2D Forever") },
};

static void
tsr_window_open_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  TsrWindow *self = TSR_WINDOW (widget);
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (_("Open File"), GTK_WINDOW (self),
                                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                                               _("_Open"), _("_Cancel"));
  GPtrArray *formats = tsr_format_registry_list (tsr_format_registry_get_default ());
  g_autoptr(GtkFileFilter) supported = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  /* "All supported files", one filter a game with its formats' extensions, then "All files". */
  gtk_file_filter_set_name (supported, _("All supported files"));
  for (guint i = 0; i < formats->len; i++)
    {
      const TsrFormat *format = g_ptr_array_index (formats, i);

      for (guint j = 0; format->extensions != NULL && format->extensions[j] != NULL; j++)
        gtk_file_filter_add_suffix (supported, format->extensions[j]);
    }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), supported);
  for (guint f = 0; f < G_N_ELEMENTS (open_families); f++)
    {
      g_autoptr(GtkFileFilter) family = gtk_file_filter_new ();

      gtk_file_filter_set_name (family, _(open_families[f].name));
      for (guint i = 0; i < formats->len; i++)
        {
          const TsrFormat *format = g_ptr_array_index (formats, i);

          if (g_strcmp0 (format->family, open_families[f].family) != 0)
            continue;
          for (guint j = 0; format->extensions != NULL && format->extensions[j] != NULL; j++)
            gtk_file_filter_add_suffix (family, format->extensions[j]);
        }
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), family);
    }
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  /* Formats are recognised by content and many files have no extension (Marathon's from a Mac:
   * "Map", "Shapes"), so the dialog starts on "All files"; the other filters only narrow the view. */
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (chooser), all);

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (tsr_window_on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* File ▸ Open Folder…: an Atque merge folder ("NN Level Name/" per level) opens as one scenario. */
static void
tsr_window_open_folder_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  TsrWindow *self = TSR_WINDOW (widget);
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (_("Open Folder"), GTK_WINDOW (self),
                                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                               _("_Open"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (tsr_window_on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
tsr_window_open_uri_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  tsr_window_show_file (TSR_WINDOW (widget), file);
}

static void
tsr_window_open_sample_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  TsrWindow *self = TSR_WINDOW (widget);

  tsr_window_open_sample_in (self, g_variant_get_string (parameter, NULL), TRUE);
  gtk_window_present (GTK_WINDOW (self));
}

static void
tsr_window_save_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  tsr_window_save (TSR_WINDOW (widget), g_str_equal (action_name, "win.save-as"), NULL, NULL);
}

static void
tsr_window_undo_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  TsrDocument *document = current_document (TSR_WINDOW (widget));

  if (document == NULL)
    return;
  if (g_str_equal (action_name, "win.undo"))
    tsr_document_undo (document);
  else
    tsr_document_redo (document);
}

static void
tsr_window_close_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

static void
tsr_window_close_tab_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  tsr_window_close_document (TSR_WINDOW (widget));
}

/* File → Revert: the current tab's file is read again through the path the changed-on-disk bar's
 * Reload takes; with unsaved changes the user confirms first. */
static void
tsr_window_revert_tab (TsrWindow   *self,
                       TsrDocument *document)
{
  GFile *file = tsr_document_get_file (document);

  for (guint i = 0; i < self->tabs->len && file != NULL; i++)
    {
      TsrWindowTab *tab = g_ptr_array_index (self->tabs, i);

      if (tab->document != document)
        continue;
      gtk_info_bar_set_revealed (tab->changed_bar, FALSE);
      gtk_notebook_set_current_page (self->notebook, gtk_notebook_page_num (self->notebook, tab->root));
      self->tab = tab;
      tsr_window_start_load (self, file, FALSE);
      return;
    }
}

static void
tsr_window_on_revert_response (GtkDialog   *dialog,
                               int          response,
                               TsrDocument *document)
{
  TsrWindow *self = TSR_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));

  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  /* The tab may have closed meanwhile: then there is nothing to revert. */
  if (response == GTK_RESPONSE_ACCEPT)
    tsr_window_revert_tab (self, document);
  g_object_unref (document);
}

static void
tsr_window_revert_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  TsrWindow *self = TSR_WINDOW (widget);
  TsrDocument *document = current_document (self);
  GtkWidget *dialog;
  GtkWidget *button;

  if (document == NULL || tsr_document_get_file (document) == NULL)
    return;
  if (!tsr_document_get_modified (document))
    {
      tsr_window_revert_tab (self, document);
      return;
    }
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Revert unsaved changes to “%s”?"),
                                   tsr_document_get_display_name (document));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("The file is read again from disk; changes since it was last saved are lost."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Revert"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_signal_connect (dialog, "response", G_CALLBACK (tsr_window_on_revert_response), g_object_ref (document));
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
tsr_window_on_drop (TsrWindow     *self,
                    const GValue  *value,
                    double         x,
                    double         y,
                    GtkDropTarget *target)
{
  GSList *files = g_value_get_boxed (value);

  if (files == NULL)
    return FALSE;
  for (GSList *l = files; l != NULL; l = l->next)
    tsr_window_show_file (self, l->data);
  return TRUE;
}

static void
tsr_window_refresh_recent_menu (TsrWindow *self)
{
  GList *recent = tsr_recent_list (TSR_RECENT_MENU_SIZE);

  g_menu_remove_all (self->recent_submenu);
  for (GList *l = recent; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autofree char *label = tsr_recent_menu_label (gtk_recent_info_get_uri (info));
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-uri",
                                               g_variant_new_string (gtk_recent_info_get_uri (info)));
      g_menu_append_item (self->recent_submenu, item);
    }
  if (recent == NULL)
    {
      /* An item without an action shows disabled: the honest "nothing here". */
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Files"), "win.no-recent-files");
      g_menu_append_item (self->recent_submenu, item);
    }
  g_list_free_full (recent, (GDestroyNotify) gtk_recent_info_unref);
}

void
tsr_window_reload_resources (TsrWindow *self)
{
  g_return_if_fail (TSR_IS_WINDOW (self));
  for (guint i = 0; i < self->tabs->len; i++)
    {
      TsrWindowTab *tab = g_ptr_array_index (self->tabs, i);

      if (tab->page != NULL)
        tsr_editor_page_reload_resources (TSR_EDITOR_PAGE (tab->page));
    }
}

TsrDocument *
tsr_window_get_document (TsrWindow *self)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), NULL);
  return current_document (self);
}

gboolean
tsr_window_get_modified (TsrWindow *self)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), FALSE);
  for (guint i = 0; i < self->tabs->len; i++)
    if (tsr_document_get_modified (((TsrWindowTab *) g_ptr_array_index (self->tabs, i))->document))
      return TRUE;
  return FALSE;
}

GMenuModel *
tsr_window_get_recent_menu (TsrWindow *self)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), NULL);
  return G_MENU_MODEL (self->recent_submenu);
}

void
tsr_window_show_notice (TsrWindow  *self,
                        const char *title,
                        const char *message)
{
  g_return_if_fail (TSR_IS_WINDOW (self));
  tsr_window_show_error (self, title, message, NULL);
}

const char *
tsr_window_get_error_message (TsrWindow *self)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), NULL);
  return gtk_info_bar_get_revealed (self->error_bar) ? gtk_label_get_text (self->error_message) : NULL;
}

const char *
tsr_window_get_page_name (TsrWindow *self)
{
  g_return_val_if_fail (TSR_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

static void
tsr_window_dispose (GObject *object)
{
  TsrWindow *self = TSR_WINDOW (object);

  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  g_clear_handle_id (&self->pulse_source, g_source_remove);
  /* Loads still running are dropped when they finish (their callbacks hold the window). */
  tsr_window_cancel_loads (self);
  /* Destroyed without a crash: nothing to recover. The notebook and its pages go with the
   * template, the focus first (as in tsr_window_remove_tab). */
  gtk_window_set_focus (GTK_WINDOW (self), NULL);
  self->tab = NULL;
  while (self->tabs->len > 0)
    tab_free (g_ptr_array_steal_index (self->tabs, self->tabs->len - 1));
  g_clear_object (&self->plugins_submenu);
  g_clear_object (&self->recovery_store);
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_WINDOW);
  G_OBJECT_CLASS (tsr_window_parent_class)->dispose (object);
}

static void
tsr_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_LOADING:
      g_value_set_boolean (value, tsr_window_get_loading (TSR_WINDOW (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_window_finalize (GObject *object)
{
  g_ptr_array_unref (TSR_WINDOW (object)->tabs);
  g_ptr_array_unref (TSR_WINDOW (object)->loads);
  G_OBJECT_CLASS (tsr_window_parent_class)->finalize (object);
}

/* F9: the current document, as it is now, in its game's engine. */
static void
tsr_window_playtest_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  TsrWindow *self = TSR_WINDOW (widget);
  TsrDocument *document = current_document (self);

  if (document != NULL)
    tsr_playtest_panel_play (self->playtest_panel, document, tsr_window_get_settings (self));
}

static void
tsr_window_run_command_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  TsrWindow *self = TSR_WINDOW (widget);
  TsrDocument *document = current_document (self);

  if (document != NULL)
    tsr_playtest_panel_run_command (self->playtest_panel, document, tsr_window_get_settings (self),
                                    g_variant_get_uint32 (parameter));
}

#ifdef TSR_HAVE_PLUGINS
static TsrPlugins *
tsr_window_get_plugins (TsrWindow *self)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  return TSR_IS_APPLICATION (application) ? tsr_application_get_plugins (TSR_APPLICATION (application)) : NULL;
}

static void
tsr_window_show_plugin_failure (TsrWindow  *self,
                                const char *module,
                                const char *message)
{
  TsrPlugins *plugins = tsr_window_get_plugins (self);
  const char *name = plugins != NULL ? tsr_plugins_get_name (plugins, module) : NULL;
  g_autofree char *title = g_strdup_printf (_("The plugin “%s” failed"), name != NULL ? name : module);
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", title);
  GtkWidget *area = gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog));
  GtkWidget *text = gtk_label_new (message);

  /* The Python traceback, as Python printed it. */
  gtk_label_set_selectable (GTK_LABEL (text), TRUE);
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (text), 90);
  gtk_widget_add_css_class (text, "monospace");
  gtk_widget_set_name (text, "plugin-traceback");
  gtk_box_append (GTK_BOX (area), text);
  gtk_widget_set_name (dialog, "plugin-failure");
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
tsr_window_plugin_command_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  TsrWindow *self = TSR_WINDOW (widget);
  TsrDocument *document = current_document (self);
  TsrPlugins *plugins = tsr_window_get_plugins (self);
  const char *module = g_variant_get_string (parameter, NULL);
  g_autofree char *message = NULL;

  if (document == NULL || plugins == NULL)
    return;
  if (!tsr_plugins_run_command (plugins, module, document, &message))
    tsr_window_show_plugin_failure (self, module, message);
}

static void
plugin_export_chosen (GtkNativeDialog *chooser,
                      int              response,
                      TsrWindow       *self)
{
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser)) : NULL;
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  const char *module = g_object_get_data (G_OBJECT (chooser), "tsr-plugin");
  TsrDocument *document = current_document (self);
  TsrPlugins *plugins = tsr_window_get_plugins (self);
  g_autofree char *message = NULL;

  if (path != NULL && document != NULL && plugins != NULL
      && !tsr_plugins_export (plugins, module, document, path, &message))
    tsr_window_show_plugin_failure (self, module, message);
  g_object_unref (chooser);
}

static void
tsr_window_plugin_export_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  TsrWindow *self = TSR_WINDOW (widget);
  TsrDocument *document = current_document (self);
  TsrPlugins *plugins = tsr_window_get_plugins (self);
  const char *module = g_variant_get_string (parameter, NULL);
  g_autofree char *extension = NULL;
  g_autofree char *name = NULL;
  GtkFileChooserNative *chooser;

  if (document == NULL || plugins == NULL)
    return;
  extension = tsr_plugins_dup_export_extension (plugins, module);
  chooser = gtk_file_chooser_native_new (_("Export"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  name = g_strconcat (_("export"), extension != NULL ? extension : "", NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_object_set_data_full (G_OBJECT (chooser), "tsr-plugin", g_strdup (module), g_free);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (plugin_export_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
refresh_findings_views (GtkWidget *widget)
{
  if (TSR_IS_FINDINGS_VIEW (widget))
    tsr_findings_view_refresh (TSR_FINDINGS_VIEW (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    refresh_findings_views (child);
}

/* The plugins changed: the menu lists what the loaded ones offer, and every document's findings
 * are checked again with the finding providers now loaded. */
static void
tsr_window_refresh_plugins_menu (TsrWindow *self)
{
  TsrPlugins *plugins = tsr_window_get_plugins (self);

  if (plugins != NULL && self->plugins_submenu != NULL)
    tsr_plugins_fill_menu (plugins, self->plugins_submenu);
  for (guint i = 0; i < tsr_window_get_n_documents (self); i++)
    tsr_document_invalidate_findings (tsr_window_get_nth_document (self, i));
  refresh_findings_views (GTK_WIDGET (self));
}
#endif

static void
tsr_window_refresh_commands_menu (TsrWindow *self)
{
  tsr_playtest_commands_fill_menu (self->commands_submenu, tsr_window_get_settings (self));
}

/* The window's background first, around the map canvases (tsr-backdrop.h). */
static void
tsr_window_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  tsr_backdrop_snapshot (GTK_WINDOW (widget), snapshot);
  GTK_WIDGET_CLASS (tsr_window_parent_class)->snapshot (widget, snapshot);
}

static void
tsr_window_class_init (TsrWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = tsr_window_dispose;
  object_class->finalize = tsr_window_finalize;
  object_class->get_property = tsr_window_get_property;
  window_class->close_request = tsr_window_close_request;
  widget_class->snapshot = tsr_window_snapshot;

  g_type_ensure (TSR_TYPE_START_PAGE);
  g_type_ensure (TSR_TYPE_PLAYTEST_PANEL);

  /* Whether a file is still loading in a worker (tests wait for it to go FALSE). */
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, save_button);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, recent_submenu);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, error_bar);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, error_title);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, error_message);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, notebook);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, loading_revealer);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, loading_label);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, loading_progress);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, playtest_panel);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, commands_submenu);
  gtk_widget_class_bind_template_child (widget_class, TsrWindow, primary_menu);
  gtk_widget_class_bind_template_callback (widget_class, tsr_window_on_cancel_loads);
  gtk_widget_class_bind_template_callback (widget_class, tsr_window_on_error_bar_response);
  gtk_widget_class_bind_template_callback (widget_class, tsr_window_on_switch_page);
  gtk_widget_class_bind_template_callback (widget_class, tsr_window_on_page_reordered);

  gtk_widget_class_install_action (widget_class, "win.new", NULL, tsr_window_new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, tsr_window_open_action);
  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, tsr_window_open_folder_action);
  gtk_widget_class_install_action (widget_class, "win.open-uri", "s", tsr_window_open_uri_action);
  gtk_widget_class_install_action (widget_class, "win.open-sample", "s", tsr_window_open_sample_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, tsr_window_save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, tsr_window_save_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, tsr_window_undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, tsr_window_undo_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, tsr_window_close_action);
  gtk_widget_class_install_action (widget_class, "win.close-tab", NULL, tsr_window_close_tab_action);
  gtk_widget_class_install_action (widget_class, "win.revert", NULL, tsr_window_revert_action);
  gtk_widget_class_install_action (widget_class, "win.playtest", NULL, tsr_window_playtest_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL,
                                   tsr_window_show_help_overlay_action);
  gtk_widget_class_install_action (widget_class, "win.run-command", "u", tsr_window_run_command_action);
#ifdef TSR_HAVE_PLUGINS
  gtk_widget_class_install_action (widget_class, "win.plugin-command", "s", tsr_window_plugin_command_action);
  gtk_widget_class_install_action (widget_class, "win.plugin-export", "s", tsr_window_plugin_export_action);
#endif
}

static void
tsr_window_init (TsrWindow *self)
{
  GtkDropTarget *drop_target;

  self->tabs = g_ptr_array_new ();
  self->loads = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  tsr_backdrop_enable (GTK_WINDOW (self));
  tsr_flow_box_keys_guard (GTK_WINDOW (self));

  drop_target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_swapped (drop_target, "drop", G_CALLBACK (tsr_window_on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop_target));

  g_signal_connect_swapped (gtk_recent_manager_get_default (), "changed",
                            G_CALLBACK (tsr_window_refresh_recent_menu), self);
  tsr_window_refresh_recent_menu (self);
  tsr_window_update_title (self);
  tsr_window_update_actions (self);
}

TsrWindow *
tsr_window_new (TsrApplication *application)
{
  TsrWindow *self = g_object_new (TSR_TYPE_WINDOW, "application", application, NULL);
  GSettings *settings = tsr_application_get_settings (application);
  TsrRecoveryStore *store = tsr_application_get_recovery_store (application);

  self->recovery_store = store != NULL ? g_object_ref (store) : NULL;

  if (settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (settings, "window-width"),
                                   g_settings_get_int (settings, "window-height"));
      if (g_settings_get_boolean (settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      g_signal_connect_object (settings, "changed::autosave-interval",
                               G_CALLBACK (tsr_window_restart_autosave), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (settings, "changed::playtest-commands",
                               G_CALLBACK (tsr_window_refresh_commands_menu), self, G_CONNECT_SWAPPED);
    }
  tsr_window_refresh_commands_menu (self);
#ifdef TSR_HAVE_PLUGINS
  if (tsr_application_get_plugins (application) != NULL)
    {
      g_autoptr(GMenu) section = g_menu_new ();

      self->plugins_submenu = g_menu_new ();
      g_menu_append_submenu (section, _("P_lugins"), G_MENU_MODEL (self->plugins_submenu));
      g_menu_insert_section (self->primary_menu, 2, NULL, G_MENU_MODEL (section));
      g_signal_connect_object (tsr_application_get_plugins (application), "changed",
                               G_CALLBACK (tsr_window_refresh_plugins_menu), self, G_CONNECT_SWAPPED);
      tsr_window_refresh_plugins_menu (self);
    }
#endif
  tsr_window_restart_autosave (self);
  return self;
}
