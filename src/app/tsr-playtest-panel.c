/* tsr-playtest-panel.c: the play-test log below the editor: the command line, the engine's stdout
 * and stderr as they come (stderr tagged), and its end ("exited with status 3", "killed by signal
 * 11"); Stop kills the engine, Close hides the log. One run at a time. */
#include "config.h"

#include "app/tsr-playtest-panel.h"

#include <glib/gi18n.h>
#include <string.h>

struct _TsrPlaytestPanel {
  GtkBox          parent_instance;

  GtkLabel       *status_label;
  GtkWidget      *stop_button;
  GtkTextView    *log_view;
  GtkTextBuffer  *log;
  GtkTextTag     *error_tag;
  GtkTextTag     *note_tag;

  TsrPlaytestRun *run;
  char           *title;     /* "Aleph One", or the command's name */
};

G_DEFINE_FINAL_TYPE (TsrPlaytestPanel, tsr_playtest_panel, GTK_TYPE_BOX)

static void
append_line (TsrPlaytestPanel *self,
             const char       *line,
             GtkTextTag       *tag)
{
  GtkTextIter end;
  GtkTextMark *mark;

  gtk_text_buffer_get_end_iter (self->log, &end);
  if (tag != NULL)
    gtk_text_buffer_insert_with_tags (self->log, &end, line, -1, tag, NULL);
  else
    gtk_text_buffer_insert (self->log, &end, line, -1);
  gtk_text_buffer_get_end_iter (self->log, &end);
  gtk_text_buffer_insert (self->log, &end, "\n", 1);
  /* Follow the output as a terminal does. */
  gtk_text_buffer_get_end_iter (self->log, &end);
  mark = gtk_text_buffer_get_insert (self->log);
  gtk_text_buffer_place_cursor (self->log, &end);
  gtk_text_view_scroll_mark_onscreen (self->log_view, mark);
}

static void
set_status (TsrPlaytestPanel *self,
            const char       *status)
{
  gtk_label_set_text (self->status_label, status);
}

static void
on_output (TsrPlaytestRun   *run,
           gboolean          is_stderr,
           const char       *line,
           TsrPlaytestPanel *self)
{
  append_line (self, line, is_stderr ? self->error_tag : NULL);
}

static void
drop_run (TsrPlaytestPanel *self)
{
  if (self->run == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_object (&self->run);
  gtk_widget_set_sensitive (self->stop_button, FALSE);
}

static void
on_finished (TsrPlaytestRun   *run,
             TsrPlaytestPanel *self)
{
  /* Translators: "Aleph One exited with status 3", "Aleph One killed by signal 11 (…)". */
  g_autofree char *status = g_strdup_printf (_("%s %s"), self->title, tsr_playtest_run_get_status (run));

  append_line (self, status, tsr_playtest_run_succeeded (run) ? self->note_tag : self->error_tag);
  set_status (self, status);
  if (tsr_playtest_run_succeeded (run))
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  drop_run (self);
}

/* Starts RUN (taken), or says why nothing ran (ERROR). */
static void
start (TsrPlaytestPanel *self,
       TsrPlaytestRun   *run,
       const char       *title,
       const GError     *error)
{
  g_autoptr(TsrPlaytestRun) owned = run;
  g_autoptr(GError) start_error = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  if (self->run != NULL)
    {
      append_line (self, _("The engine is still running: stop it before starting it again."), self->error_tag);
      return;
    }
  gtk_text_buffer_set_text (self->log, "", 0);
  g_free (self->title);
  self->title = g_strdup (title);
  gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
  if (run == NULL)
    {
      /* Translators: "Aleph One could not start" */
      g_autofree char *status = g_strdup_printf (_("%s could not start"), title);

      append_line (self, error->message, self->error_tag);
      set_status (self, status);
      gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
      return;
    }
  {
    g_autofree char *command = g_strjoinv (" ", (char **) tsr_playtest_run_get_argv (run));

    append_line (self, command, self->note_tag);
  }
  g_signal_connect (run, "output", G_CALLBACK (on_output), self);
  g_signal_connect (run, "finished", G_CALLBACK (on_finished), self);
  if (!tsr_playtest_run_start (run, &start_error))
    {
      g_autofree char *status = g_strdup_printf (_("%s could not start"), title);

      g_signal_handlers_disconnect_by_data (run, self);
      append_line (self, start_error->message, self->error_tag);
      set_status (self, status);
      gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
      return;
    }
  self->run = g_steal_pointer (&owned);
  gtk_widget_set_sensitive (self->stop_button, TRUE);
  {
    /* Translators: "Aleph One is running" */
    g_autofree char *status = g_strdup_printf (_("%s is running"), title);

    set_status (self, status);
  }
}

/* A string setting, or "" without the schema's key. */
static char *
get_string (GSettings  *settings,
            const char *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (settings == NULL)
    return g_strdup ("");
  g_object_get (settings, "settings-schema", &schema, NULL);
  if (schema == NULL || !g_settings_schema_has_key (schema, key))
    return g_strdup ("");
  return g_settings_get_string (settings, key);
}

/* The Shapes the Marathon map editor uses for DOCUMENT: the one chosen for this scenario, else
 * the Shapes preference (tsr-marathon-map-editor.c reads them the same way). */
static char *
marathon_shapes (GSettings   *settings,
                 TsrDocument *document)
{
  GFile *file = tsr_document_get_file (document);
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  char *shapes = NULL;

  if (settings == NULL)
    return g_strdup ("");
  if (path != NULL)
    {
      g_autoptr(GVariant) remembered = g_settings_get_value (settings, "marathon-scenario-shapes");

      g_variant_lookup (remembered, path, "s", &shapes);
    }
  if (shapes == NULL || *shapes == '\0')
    {
      g_free (shapes);
      shapes = get_string (settings, "marathon-shapes");
    }
  return shapes;
}

void
tsr_playtest_panel_play (TsrPlaytestPanel *self,
                         TsrDocument      *document,
                         GSettings        *settings)
{
  const char *family;
  g_autofree char *engine_key = NULL;
  g_autofree char *arguments_key = NULL;
  g_autofree char *engine = NULL;
  g_autofree char *arguments = NULL;
  g_autofree char *shapes = NULL;
  g_autoptr(GError) error = NULL;
  TsrPlaytestSettings playtest = { 0 };
  TsrPlaytestRun *run;
  const char *title;

  g_return_if_fail (TSR_IS_PLAYTEST_PANEL (self));
  g_return_if_fail (TSR_IS_DOCUMENT (document));

  family = tsr_document_get_format (document)->family;
  title = tsr_playtest_engine_title (family);
  engine_key = g_strconcat (family, "-engine", NULL);
  arguments_key = g_strconcat (family, "-engine-arguments", NULL);
  engine = get_string (settings, engine_key);
  arguments = get_string (settings, arguments_key);
  if (g_str_equal (family, "marathon"))
    shapes = marathon_shapes (settings, document);
  playtest.engine = engine;
  playtest.arguments = arguments;
  playtest.marathon_shapes = shapes;
  run = tsr_playtest_prepare (document, &playtest, &error);
  start (self, run, title != NULL ? title : _("Play-test"), error);
}

/* Splits a "NAME = COMMAND LINE" line; a line without " = " is its own name. */
static void
split_command (const char  *line,
               char       **name,
               char       **command)
{
  const char *equals = strstr (line, " = ");

  if (equals == NULL)
    {
      *name = g_strstrip (g_strdup (line));
      *command = g_strstrip (g_strdup (line));
      return;
    }
  *name = g_strstrip (g_strndup (line, equals - line));
  *command = g_strstrip (g_strdup (equals + 3));
}

void
tsr_playtest_panel_run_command (TsrPlaytestPanel *self,
                                TsrDocument      *document,
                                GSettings        *settings,
                                guint             index)
{
  g_auto(GStrv) commands = NULL;
  g_autofree char *name = NULL;
  g_autofree char *command = NULL;
  g_autoptr(GError) error = NULL;
  TsrPlaytestRun *run;

  g_return_if_fail (TSR_IS_PLAYTEST_PANEL (self));
  g_return_if_fail (TSR_IS_DOCUMENT (document));

  if (settings == NULL)
    return;
  commands = g_settings_get_strv (settings, "playtest-commands");
  if (index >= g_strv_length (commands))
    return;
  split_command (commands[index], &name, &command);
  run = tsr_playtest_prepare_command (document, command, &error);
  start (self, run, name, error);
}

gboolean
tsr_playtest_panel_is_running (TsrPlaytestPanel *self)
{
  g_return_val_if_fail (TSR_IS_PLAYTEST_PANEL (self), FALSE);
  return self->run != NULL;
}

char *
tsr_playtest_panel_dup_log (TsrPlaytestPanel *self)
{
  GtkTextIter start_iter, end_iter;

  g_return_val_if_fail (TSR_IS_PLAYTEST_PANEL (self), NULL);
  gtk_text_buffer_get_bounds (self->log, &start_iter, &end_iter);
  return gtk_text_buffer_get_text (self->log, &start_iter, &end_iter, FALSE);
}

const char *
tsr_playtest_panel_get_status (TsrPlaytestPanel *self)
{
  g_return_val_if_fail (TSR_IS_PLAYTEST_PANEL (self), NULL);
  return gtk_label_get_text (self->status_label);
}

void
tsr_playtest_commands_fill_menu (GMenu     *menu,
                                 GSettings *settings)
{
  g_auto(GStrv) commands = NULL;

  g_menu_remove_all (menu);
  if (settings == NULL)
    return;
  commands = g_settings_get_strv (settings, "playtest-commands");
  for (guint i = 0; commands[i] != NULL; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *command = NULL;
      g_autoptr(GMenuItem) item = NULL;

      split_command (commands[i], &name, &command);
      if (*command == '\0')
        continue;
      item = g_menu_item_new (name, NULL);
      g_menu_item_set_action_and_target_value (item, "win.run-command", g_variant_new_uint32 (i));
      g_menu_append_item (menu, item);
    }
}

static void
on_stop_clicked (TsrPlaytestPanel *self)
{
  if (self->run != NULL)
    tsr_playtest_run_stop (self->run);
}

static void
on_close_clicked (TsrPlaytestPanel *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

static void
tsr_playtest_panel_dispose (GObject *object)
{
  TsrPlaytestPanel *self = TSR_PLAYTEST_PANEL (object);

  /* The window goes (maybe with the application, whose main loop will not turn again): so do its
   * engine and its folder, now. */
  if (self->run != NULL)
    tsr_playtest_run_abandon (self->run);
  drop_run (self);
  gtk_widget_dispose_template (GTK_WIDGET (object), TSR_TYPE_PLAYTEST_PANEL);
  G_OBJECT_CLASS (tsr_playtest_panel_parent_class)->dispose (object);
}

static void
tsr_playtest_panel_finalize (GObject *object)
{
  TsrPlaytestPanel *self = TSR_PLAYTEST_PANEL (object);

  g_free (self->title);
  G_OBJECT_CLASS (tsr_playtest_panel_parent_class)->finalize (object);
}

static void
tsr_playtest_panel_class_init (TsrPlaytestPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tsr_playtest_panel_dispose;
  G_OBJECT_CLASS (klass)->finalize = tsr_playtest_panel_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tessera/Tessera/ui/tsr-playtest-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrPlaytestPanel, status_label);
  gtk_widget_class_bind_template_child (widget_class, TsrPlaytestPanel, stop_button);
  gtk_widget_class_bind_template_child (widget_class, TsrPlaytestPanel, log_view);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_close_clicked);
}

static void
tsr_playtest_panel_init (TsrPlaytestPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->log = gtk_text_view_get_buffer (self->log_view);
  self->error_tag = gtk_text_buffer_create_tag (self->log, "stderr", "foreground", "#c01c28", NULL);
  self->note_tag = gtk_text_buffer_create_tag (self->log, "note", "weight", PANGO_WEIGHT_BOLD, NULL);
}
