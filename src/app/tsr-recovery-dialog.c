/* tsr-recovery-dialog.c: one row per recovery entry; the buttons activate recovery.restore,
 * recovery.discard and recovery.show-original with the entry id. A row goes once decided, and the
 * dialog closes with the last one. Closing it earlier keeps the rest for the next start. */
#include "config.h"

#include "app/tsr-recovery-dialog.h"

#include <glib/gi18n.h>

#include "app/tsr-application.h"
#include "app/tsr-window.h"

struct _TsrRecoveryDialog {
  GtkWindow         parent_instance;

  TsrRecoveryStore *store;
  GHashTable       *entries;  /* id → TsrRecoveryEntry */
  GHashTable       *rows;     /* id → GtkListBoxRow (owned by the list) */

  GtkListBox       *list;
};

G_DEFINE_FINAL_TYPE (TsrRecoveryDialog, tsr_recovery_dialog, GTK_TYPE_WINDOW)

/* "~/games/maps" for PATH's folder. */
static char *
tsr_recovery_dialog_dup_folder_label (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  const char *home = g_get_home_dir ();

  if (g_str_has_prefix (folder, home) && (folder[strlen (home)] == '/' || folder[strlen (home)] == '\0'))
    return g_strconcat ("~", folder + strlen (home), NULL);
  return g_filename_display_name (folder);
}

static GtkWidget *
tsr_recovery_dialog_create_button (const char *label,
                                   const char *tooltip,
                                   const char *action,
                                   const char *id,
                                   const char *style)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", id);
  if (style != NULL)
    gtk_widget_add_css_class (button, style);
  return button;
}

static GtkWidget *
tsr_recovery_dialog_create_row (TsrRecoveryEntry *entry)
{
  const char *id = tsr_recovery_entry_get_id (entry);
  const char *path = tsr_recovery_entry_get_path (entry);
  const GError *problem = tsr_recovery_entry_get_error (entry);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (tsr_recovery_entry_get_display_name (entry));
  GtkWidget *subtitle;
  GtkWidget *when_label = NULL;
  GtkWidget *status = gtk_label_new (NULL);
  g_autofree char *subtitle_text = NULL;

  if (problem == NULL)
    {
      g_autoptr(GDateTime) local = g_date_time_to_local (tsr_recovery_entry_get_time (entry));
      g_autofree char *when = g_date_time_format (local, "%Y-%m-%d %H:%M");
      /* Translators: when a recovered file's changes were last kept: "Autosaved 2026-12-01 07:30". */
      g_autofree char *when_text = g_strdup_printf (_("Autosaved %s"), when);

      subtitle_text = tsr_recovery_dialog_dup_folder_label (path);
      when_label = gtk_label_new (when_text);
      gtk_label_set_xalign (GTK_LABEL (when_label), 0);
      gtk_widget_add_css_class (when_label, "dim-label");
      gtk_widget_add_css_class (when_label, "caption");
    }
  else
    /* Translators: a recovery entry that cannot be read; the reason follows. */
    subtitle_text = g_strdup_printf (_("Cannot be restored: %s"), problem->message);

  subtitle = gtk_label_new (subtitle_text);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  /* A folder keeps both ends; a long reason is read in full in the tooltip. */
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), problem != NULL ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_set_tooltip_text (subtitle, path != NULL ? path : subtitle_text);
  /* Where a failed restore or show says why. */
  gtk_label_set_xalign (GTK_LABEL (status), 0);
  gtk_label_set_ellipsize (GTK_LABEL (status), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (status, "error");
  gtk_widget_add_css_class (status, "caption");
  gtk_widget_set_visible (status, FALSE);
  g_object_set_data (G_OBJECT (row), "tsr-status", status);

  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (texts), title);
  gtk_box_append (GTK_BOX (texts), subtitle);
  if (when_label != NULL)
    gtk_box_append (GTK_BOX (texts), when_label);
  gtk_box_append (GTK_BOX (texts), status);
  gtk_box_append (GTK_BOX (box), texts);
  if (problem == NULL)
    gtk_box_append (GTK_BOX (box),
                    tsr_recovery_dialog_create_button (_("Show _Original"),
                                                       _("Open the file as it is on disk, without the recovered changes"),
                                                       "recovery.show-original", id, "flat"));
  gtk_box_append (GTK_BOX (box),
                  tsr_recovery_dialog_create_button (_("_Discard"), _("Forget the recovered changes"),
                                                     "recovery.discard", id, "destructive-action"));
  if (problem == NULL)
    gtk_box_append (GTK_BOX (box),
                    tsr_recovery_dialog_create_button (_("_Restore"),
                                                       _("Open the recovered changes as an unsaved document"),
                                                       "recovery.restore", id, "suggested-action"));
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

static void
tsr_recovery_dialog_show_status (TsrRecoveryDialog *self,
                                 const char        *id,
                                 const char        *message)
{
  GtkWidget *row = g_hash_table_lookup (self->rows, id);
  GtkWidget *status = row != NULL ? g_object_get_data (G_OBJECT (row), "tsr-status") : NULL;

  if (status == NULL)
    return;
  gtk_label_set_text (GTK_LABEL (status), message);
  gtk_widget_set_tooltip_text (status, message);
  gtk_widget_set_visible (status, TRUE);
}

/* The entry is decided: its row goes, and the dialog with the last row. */
static void
tsr_recovery_dialog_remove_entry (TsrRecoveryDialog *self,
                                  const char        *id)
{
  g_autofree char *key = g_strdup (id);
  GtkWidget *row = g_hash_table_lookup (self->rows, key);

  if (row != NULL)
    gtk_list_box_remove (self->list, row);
  g_hash_table_remove (self->rows, key);
  g_hash_table_remove (self->entries, key);
  if (g_hash_table_size (self->entries) == 0)
    gtk_window_close (GTK_WINDOW (self));
}

static TsrWindow *
tsr_recovery_dialog_get_parent_window (TsrRecoveryDialog *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  if (TSR_IS_WINDOW (parent))
    return TSR_WINDOW (parent);
  if (TSR_IS_APPLICATION (application))
    return tsr_window_new (TSR_APPLICATION (application));
  return NULL;
}

/* Where a restored FILE goes: the window that shows the unmodified original (after Show
 * Original), else the parent while it shows the start page, else a new window. */
static TsrWindow *
tsr_recovery_dialog_find_target (TsrRecoveryDialog *self,
                                 GFile             *file)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  TsrWindow *parent;

  for (GList *l = application != NULL ? gtk_application_get_windows (application) : NULL; l != NULL; l = l->next)
    {
      TsrWindow *window = l->data;
      TsrDocument *document;

      if (!TSR_IS_WINDOW (window) || (document = tsr_window_get_document (window)) == NULL)
        continue;
      if (tsr_document_get_file (document) != NULL && g_file_equal (tsr_document_get_file (document), file)
          && !tsr_document_get_modified (document))
        return window;
    }
  parent = tsr_recovery_dialog_get_parent_window (self);
  return parent != NULL ? tsr_window_get_target (parent) : NULL;
}

static void
tsr_recovery_dialog_restore_action (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  TsrRecoveryDialog *self = TSR_RECOVERY_DIALOG (widget);
  const char *id = g_variant_get_string (parameter, NULL);
  TsrRecoveryEntry *entry = g_hash_table_lookup (self->entries, id);
  g_autoptr(TsrDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  TsrWindow *window;

  if (entry == NULL)
    return;
  document = tsr_recovery_store_restore (self->store, entry, &error);
  if (document == NULL)
    {
      tsr_recovery_dialog_show_status (self, id, error->message);
      return;
    }
  window = tsr_recovery_dialog_find_target (self, tsr_document_get_file (document));
  if (window == NULL)
    return;
  tsr_window_open_recovered (window, document, id);
  gtk_window_present (GTK_WINDOW (window));
  tsr_recovery_dialog_remove_entry (self, id);
}

static void
tsr_recovery_dialog_discard_action (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  TsrRecoveryDialog *self = TSR_RECOVERY_DIALOG (widget);
  const char *id = g_variant_get_string (parameter, NULL);
  g_autoptr(GError) error = NULL;

  if (!g_hash_table_contains (self->entries, id))
    return;
  if (!tsr_recovery_store_delete (self->store, id, &error))
    {
      tsr_recovery_dialog_show_status (self, id, error->message);
      return;
    }
  tsr_recovery_dialog_remove_entry (self, id);
}

/* Show Original waiting for the window's worker to load the file. */
typedef struct {
  TsrRecoveryDialog *dialog; /* weak */
  char              *id;
} OriginalLoad;

static void
original_load_free (OriginalLoad *load)
{
  g_clear_weak_pointer (&load->dialog);
  g_free (load->id);
  g_free (load);
}

static void
tsr_recovery_dialog_on_original_loaded (TsrWindow    *window,
                                        GParamSpec   *pspec,
                                        OriginalLoad *load)
{
  const char *problem;

  if (tsr_window_get_loading (window))
    return;
  /* A failed open is told in the row as well as in that window's error bar. */
  problem = tsr_window_get_error_message (window);
  if (load->dialog != NULL && problem != NULL && g_hash_table_contains (load->dialog->entries, load->id))
    tsr_recovery_dialog_show_status (load->dialog, load->id, problem);
  g_signal_handlers_disconnect_by_func (window, tsr_recovery_dialog_on_original_loaded, load);
}

static void
tsr_recovery_dialog_show_original_action (GtkWidget  *widget,
                                          const char *action_name,
                                          GVariant   *parameter)
{
  TsrRecoveryDialog *self = TSR_RECOVERY_DIALOG (widget);
  const char *id = g_variant_get_string (parameter, NULL);
  TsrRecoveryEntry *entry = g_hash_table_lookup (self->entries, id);
  g_autoptr(GFile) file = NULL;
  TsrWindow *parent;
  TsrWindow *shown;
  const char *problem;

  if (entry == NULL || tsr_recovery_entry_get_path (entry) == NULL)
    return;
  parent = tsr_recovery_dialog_get_parent_window (self);
  if (parent == NULL)
    return;
  file = g_file_new_for_path (tsr_recovery_entry_get_path (entry));
  shown = tsr_window_show_file (parent, file);
  if (shown != NULL && tsr_window_get_loading (shown))
    {
      /* The file loads in a worker: its row hears how that went. */
      OriginalLoad *load = g_new0 (OriginalLoad, 1);

      g_set_weak_pointer (&load->dialog, self);
      load->id = g_strdup (id);
      g_signal_connect_data (shown, "notify::loading", G_CALLBACK (tsr_recovery_dialog_on_original_loaded),
                             load, (GClosureNotify) original_load_free, 0);
    }
  else
    {
      problem = shown != NULL ? tsr_window_get_error_message (shown) : NULL;
      if (problem != NULL && tsr_window_get_document (shown) == NULL)
        tsr_recovery_dialog_show_status (self, id, problem);
    }
  /* The dialog stays in front: the decision is still to be made. */
  gtk_window_present (GTK_WINDOW (self));
}

GtkWidget *
tsr_recovery_dialog_new (TsrRecoveryStore *store,
                         GPtrArray        *entries)
{
  TsrRecoveryDialog *self;

  g_return_val_if_fail (TSR_IS_RECOVERY_STORE (store), NULL);
  g_return_val_if_fail (entries != NULL, NULL);

  self = g_object_new (TSR_TYPE_RECOVERY_DIALOG, NULL);
  self->store = g_object_ref (store);
  for (guint i = 0; i < entries->len; i++)
    {
      TsrRecoveryEntry *entry = g_ptr_array_index (entries, i);
      GtkWidget *row = tsr_recovery_dialog_create_row (entry);

      g_hash_table_insert (self->entries, g_strdup (tsr_recovery_entry_get_id (entry)), tsr_recovery_entry_ref (entry));
      g_hash_table_insert (self->rows, g_strdup (tsr_recovery_entry_get_id (entry)), row);
      gtk_list_box_append (self->list, row);
    }
  return GTK_WIDGET (self);
}

guint
tsr_recovery_dialog_get_n_entries (TsrRecoveryDialog *self)
{
  g_return_val_if_fail (TSR_IS_RECOVERY_DIALOG (self), 0);
  return g_hash_table_size (self->entries);
}

static void
tsr_recovery_dialog_dispose (GObject *object)
{
  TsrRecoveryDialog *self = TSR_RECOVERY_DIALOG (object);

  g_hash_table_remove_all (self->rows);
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_RECOVERY_DIALOG);
  G_OBJECT_CLASS (tsr_recovery_dialog_parent_class)->dispose (object);
}

static void
tsr_recovery_dialog_finalize (GObject *object)
{
  TsrRecoveryDialog *self = TSR_RECOVERY_DIALOG (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->entries, g_hash_table_unref);
  g_clear_pointer (&self->rows, g_hash_table_unref);
  G_OBJECT_CLASS (tsr_recovery_dialog_parent_class)->finalize (object);
}

static void
tsr_recovery_dialog_class_init (TsrRecoveryDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tsr_recovery_dialog_dispose;
  object_class->finalize = tsr_recovery_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-recovery-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrRecoveryDialog, list);
  gtk_widget_class_install_action (widget_class, "recovery.restore", "s", tsr_recovery_dialog_restore_action);
  gtk_widget_class_install_action (widget_class, "recovery.discard", "s", tsr_recovery_dialog_discard_action);
  gtk_widget_class_install_action (widget_class, "recovery.show-original", "s",
                                   tsr_recovery_dialog_show_original_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tsr_recovery_dialog_init (TsrRecoveryDialog *self)
{
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) tsr_recovery_entry_unref);
  self->rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
}
