/* tsr-marathon-map-page.c: the page follows the document's current level: the map editor edits
 * that level's geometry and the terminal editor shows its TsrTerminalText, so both edit through
 * the document's commands. The bar above them edits the level list (TsrMarathonLevelCommand). */
#include "config.h"

#include "views/marathon/tsr-marathon-map-page.h"

#include <glib/gi18n.h>

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon1-terminals.h"
#include "views/marathon/tsr-marathon-physics-page.h"
#include "views/marathon/tsr-marathon-placement-dialog.h"
#include "model/marathon/tsr-marathon-level-command.h"
#include "views/tsr-inspector.h"

struct _TsrMarathonMapPage {
  GtkWidget            parent_instance;
  TsrMarathonDocument *document;

  GtkWidget           *page_box;
  GtkNotebook         *notebook;
  TsrMarathonMapEditor *map_editor;
  TsrInspector        *inspector;
  GtkWidget           *terminals_page;
  GtkDropDown         *level_dropdown;
  GtkEditable         *level_name_entry;
  GtkWidget           *delete_level_button;
  GtkWidget           *level_up_button;
  GtkWidget           *level_down_button;
  GtkLabel            *levels_message;
  gboolean             filling; /* the chooser's model is being replaced: its selection is not the user's */
  GtkLabel            *level_status;
  TsrTerminalEditor   *terminal_editor;
  GtkWidget           *script_bar;
  GtkLabel            *script_label;
  GtkWidget           *script_button;
  TsrMarathonPalettes *palettes;
  GtkWidget           *physics_page; /* TsrMarathonPhysicsPage: the level's physics chunks */
  /* Marathon 1: the level's terminals from the external-resources file, shown read-only. */
  TsrUndoStack        *external_undo;
  TsrTerminalText     *external_text;
  TsrTerminalText     *status_text;    /* weak: the level's terminals the status line speaks of */
  gulong               status_text_id;
};

static void tsr_marathon_map_page_editor_page_init (TsrEditorPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMarathonMapPage, tsr_marathon_map_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_EDITOR_PAGE, tsr_marathon_map_page_editor_page_init))

static void
update_level_controls (TsrMarathonMapPage *self)
{
  guint n = self->document != NULL ? tsr_marathon_document_get_n_levels (self->document) : 0;
  guint level = self->document != NULL ? tsr_marathon_document_get_current_level (self->document) : 0;
  g_autofree char *name = NULL;

  if (self->document != NULL)
    {
      TsrMarathonLevel *found = g_ptr_array_index (tsr_marathon_document_get_scenario (self->document)->map->levels, level);

      name = tsr_marathon_level_name (found);
    }
  gtk_editable_set_text (self->level_name_entry, name != NULL ? name : "");
  gtk_widget_set_sensitive (self->delete_level_button, n > 1);
  gtk_widget_set_sensitive (self->level_up_button, level > 0);
  gtk_widget_set_sensitive (self->level_down_button, level + 1 < n);
}

/* The chooser lists "N  name" for every level. */
static void
fill_level_list (TsrMarathonMapPage *self)
{
  g_autoptr(GtkStringList) levels = gtk_string_list_new (NULL);
  TsrMarathonDocument *document = self->document;

  for (guint l = 0; document != NULL && l < tsr_marathon_document_get_n_levels (document); l++)
    {
      g_autofree char *name = tsr_marathon_document_dup_level_name (document, l);
      g_autofree char *label = g_strdup_printf ("%u  %s", l, name);

      gtk_string_list_append (levels, label);
    }
  self->filling = TRUE;
  gtk_drop_down_set_model (self->level_dropdown, G_LIST_MODEL (levels));
  if (document != NULL)
    gtk_drop_down_set_selected (self->level_dropdown, tsr_marathon_document_get_current_level (document));
  self->filling = FALSE;
}

static void show_level (TsrMarathonMapPage *self);

static void
on_levels_changed (TsrMarathonMapPage *self)
{
  fill_level_list (self);
  show_level (self);
}

/* Runs a level command built by BUILD's result; a refusal is shown beside the buttons. */
static gboolean
run_level_command (TsrMarathonMapPage *self,
                   TsrCommand         *command,
                   GError             *error)
{
  if (command == NULL)
    {
      gtk_label_set_text (self->levels_message, error != NULL ? error->message : "");
      g_clear_error (&error);
      return FALSE;
    }
  gtk_label_set_text (self->levels_message, "");
  tsr_document_execute (TSR_DOCUMENT (self->document), command);
  g_object_unref (command);
  return TRUE;
}

static void
on_add_level_clicked (TsrMarathonMapPage *self)
{
  GError *error = NULL;
  guint at;
  TsrCommand *command;

  if (self->document == NULL)
    return;
  at = tsr_marathon_document_get_current_level (self->document) + 1;
  /* A translated name may not be Mac Roman: then the English one. */
  command = tsr_marathon_command_add_level (self->document, at, _("New Level"), NULL);
  if (command == NULL)
    command = tsr_marathon_command_add_level (self->document, at, "New Level", &error);
  if (run_level_command (self, command, error))
    tsr_marathon_document_set_current_level (self->document, at);
}

static void
on_duplicate_level_clicked (TsrMarathonMapPage *self)
{
  GError *error = NULL;
  guint level;

  if (self->document == NULL)
    return;
  level = tsr_marathon_document_get_current_level (self->document);
  if (run_level_command (self, tsr_marathon_command_duplicate_level (self->document, level, NULL, &error), error))
    tsr_marathon_document_set_current_level (self->document, level + 1);
}

static void
on_delete_level_clicked (TsrMarathonMapPage *self)
{
  GError *error = NULL;

  if (self->document == NULL)
    return;
  run_level_command (self, tsr_marathon_command_delete_level (self->document,
                                                              tsr_marathon_document_get_current_level (self->document),
                                                              &error), error);
}

static void
move_level (TsrMarathonMapPage *self,
            int                 step)
{
  GError *error = NULL;
  guint level;

  if (self->document == NULL)
    return;
  level = tsr_marathon_document_get_current_level (self->document);
  if (step < 0 && level == 0)
    return;
  run_level_command (self, tsr_marathon_command_move_level (self->document, level, (guint) ((int) level + step),
                                                            &error), error);
}

static void
on_level_up_clicked (TsrMarathonMapPage *self)
{
  move_level (self, -1);
}

static void
on_level_down_clicked (TsrMarathonMapPage *self)
{
  move_level (self, 1);
}

static void
on_name_activated (TsrMarathonMapPage *self)
{
  GError *error = NULL;
  guint level;
  TsrMarathonLevel *found;
  g_autofree char *name = NULL;

  if (self->document == NULL)
    return;
  level = tsr_marathon_document_get_current_level (self->document);
  found = g_ptr_array_index (tsr_marathon_document_get_scenario (self->document)->map->levels, level);
  name = tsr_marathon_level_name (found);
  if (g_strcmp0 (name, gtk_editable_get_text (self->level_name_entry)) == 0)
    return;
  if (!run_level_command (self, tsr_marathon_command_rename_level (self->document, level,
                                                                   gtk_editable_get_text (self->level_name_entry),
                                                                   &error), error))
    gtk_editable_set_text (self->level_name_entry, name);
}

/* The external-resources file of the preferences (marathon1-external-resources), or a sibling of
 * the map holding 'term' resources. (transfer full) */
static char *
find_external_resources (TsrMarathonMapPage *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = source != NULL ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE) : NULL;
  GFile *file = tsr_document_get_file (TSR_DOCUMENT (self->document));
  g_autofree char *map_path = file != NULL ? g_file_get_path (file) : NULL;

  if (schema != NULL && g_settings_schema_has_key (schema, "marathon1-external-resources"))
    {
      g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
      g_autofree char *path = g_settings_get_string (settings, "marathon1-external-resources");

      if (*path != '\0')
        return g_steal_pointer (&path);
    }
  return map_path != NULL ? tsr_marathon1_find_external_resources (map_path) : NULL;
}

/* A Marathon 1 level keeps no terminals: Aleph One reads terminal T of level L from 'term'
 * resource 1000 + 10 L + T of the external-resources file. They are shown (not edited: they
 * belong to that file, which the editor opens on its own) with the level's map. TRUE when shown. */
static gboolean
show_external_terminals (TsrMarathonMapPage *self,
                         guint               level)
{
  g_autofree char *path = find_external_resources (self);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TsrMarathon1TerminalFile) file = NULL;
  g_autofree char *name = NULL;
  g_autofree char *script = NULL;
  g_autofree char *status = NULL;

  if (path == NULL || (bytes = tsr_file_read (path, NULL)) == NULL)
    return FALSE;
  name = g_path_get_basename (path);
  file = tsr_marathon1_terminal_file_parse (bytes, name, NULL);
  if (file == NULL)
    return FALSE;
  script = tsr_marathon1_script_for_level (file->fork, name, (int) level);
  if (script == NULL)
    status = g_strdup_printf (_("Marathon 1 keeps terminals in 'term' resources; %s has none for level %u."), name, level);
  else
    status = g_strdup_printf (_("Level %u's terminals from %s ('term' resources %u–%u), read-only here: open that file to edit them."),
                              level, name, 1000 + 10 * level, 1000 + 10 * level + 9);
  if (self->external_undo == NULL)
    self->external_undo = tsr_undo_stack_new ();
  g_clear_object (&self->external_text);
  self->external_text = tsr_terminal_text_new (script != NULL ? script : "", script != NULL ? strlen (script) : 0,
                                               self->external_undo);
  tsr_terminal_editor_set_text (self->terminal_editor, self->external_text);
  tsr_terminal_editor_set_owner (self->terminal_editor, NULL, -1);
  gtk_text_view_set_editable (GTK_TEXT_VIEW (tsr_terminal_editor_get_source_view (self->terminal_editor)), FALSE);
  gtk_label_set_text (self->level_status, status);
  return TRUE;
}

/* A level of an Atque merge folder keeps no terminals: they are the script beside the map
 * (Name.term.txt, tsr_marathon_map_attach_script), which Atque compiles into the level when it
 * merges the folder. The bar says so and opens that file in a tab of its own (win.open-uri). */
static void
show_script_beside (TsrMarathonMapPage *self,
                    TsrMarathonLevel   *level)
{
  g_autofree char *uri = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (level == NULL || level->script_path == NULL)
    {
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->script_button), NULL);
      gtk_widget_set_visible (self->script_bar, FALSE);
      return;
    }
  name = g_path_get_basename (level->script_path);
  if (level->script_error != NULL)
    text = g_strdup_printf (_("This level's terminals are the script beside the map, %s, which does not compile (%s)."),
                            name, level->script_error);
  else
    text = g_strdup_printf (_("This level's terminals are the script beside the map, %s: Atque compiles it into the level when it merges the folder; the map is checked against it."),
                            name);
  gtk_label_set_text (self->script_label, text);
  uri = g_filename_to_uri (level->script_path, NULL, NULL);
  /* The target first: an action name without its string target is a mismatch GTK warns of. */
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->script_button), NULL);
  if (uri != NULL)
    {
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->script_button), g_variant_new_string (uri));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->script_button), "win.open-uri");
    }
  gtk_widget_set_sensitive (self->script_button, uri != NULL);
  gtk_widget_set_visible (self->script_bar, TRUE);
}

/* The status line about the shown level's terminals: whether it has any, said again whenever
 * the text changes (typed, imported, undone), so it never goes stale. */
static void
update_terminal_status (TsrMarathonMapPage *self)
{
  TsrMarathonLevel *shown;
  guint level;

  if (self->document == NULL || self->status_text == NULL)
    return;
  level = tsr_marathon_document_get_current_level (self->document);
  shown = g_ptr_array_index (tsr_marathon_document_get_scenario (self->document)->map->levels, level);
  if (tsr_terminal_text_get_n_chars (self->status_text) == 0 && shown->script_path == NULL)
    gtk_label_set_text (self->level_status, _("This level has no terminals: write #TERMINAL 0 to add one."));
  else
    gtk_label_set_text (self->level_status, "");
}

static void
watch_terminal_status (TsrMarathonMapPage *self,
                       TsrTerminalText    *text)
{
  if (self->status_text != NULL)
    g_clear_signal_handler (&self->status_text_id, self->status_text);
  self->status_text_id = 0;
  g_set_weak_pointer (&self->status_text, text);
  if (text != NULL)
    self->status_text_id = g_signal_connect_swapped (text, "text-changed", G_CALLBACK (update_terminal_status), self);
}

static void
show_level (TsrMarathonMapPage *self)
{
  TsrMarathonLevel *shown;
  g_autoptr(GError) error = NULL;
  TsrTerminalText *text = NULL;
  guint level;

  watch_terminal_status (self, NULL);
  if (self->document == NULL)
    {
      show_script_beside (self, NULL);
      tsr_terminal_editor_set_text (self->terminal_editor, NULL);
      tsr_terminal_editor_set_owner (self->terminal_editor, NULL, -1);
      tsr_terminal_preview_set_level (tsr_terminal_editor_get_preview (self->terminal_editor), NULL);
      tsr_marathon_physics_page_show_level (TSR_MARATHON_PHYSICS_PAGE (self->physics_page), NULL, 0);
      return;
    }
  level = tsr_marathon_document_get_current_level (self->document);
  /* The Physics tab shows only for a level with its own physics chunks (MNpx ... in the level). */
  gtk_widget_set_visible (self->physics_page,
                          tsr_marathon_physics_page_show_level (TSR_MARATHON_PHYSICS_PAGE (self->physics_page),
                                                                TSR_DOCUMENT (self->document), level));
  if (gtk_drop_down_get_selected (self->level_dropdown) != level
      && level < g_list_model_get_n_items (gtk_drop_down_get_model (self->level_dropdown)))
    gtk_drop_down_set_selected (self->level_dropdown, level);
  update_level_controls (self);
  shown = g_ptr_array_index (tsr_marathon_document_get_scenario (self->document)->map->levels, level);
  show_script_beside (self, shown);
  /* Checkpoints draw the level's map. */
  tsr_terminal_preview_set_level (tsr_terminal_editor_get_preview (self->terminal_editor), shown);
  text = tsr_marathon_document_get_terminal_text (self->document, level, &error);
  gtk_text_view_set_editable (GTK_TEXT_VIEW (tsr_terminal_editor_get_source_view (self->terminal_editor)), TRUE);
  if (text != NULL && tsr_terminal_text_get_n_chars (text) == 0
      && ((TsrMarathonLevel *) g_ptr_array_index (tsr_marathon_document_get_scenario (self->document)->map->levels, level))->data_version == 0
      && show_external_terminals (self, level))
    return;
  tsr_terminal_editor_set_text (self->terminal_editor, text);
  tsr_terminal_editor_set_owner (self->terminal_editor, TSR_DOCUMENT (self->document), (gint) level);
  if (text == NULL)
    {
      gtk_label_set_text (self->level_status, error->message);
      return;
    }
  watch_terminal_status (self, text);
  update_terminal_status (self);
}

static void
on_level_selected (TsrMarathonMapPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->level_dropdown);

  if (self->document == NULL || selected == GTK_INVALID_LIST_POSITION || self->filling)
    return;
  tsr_marathon_document_set_current_level (self->document, selected);
}

/* The Images file of the preferences (marathon-images), when one is set and reads. */
static gboolean
use_images_preference (TsrMarathonMapPage *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = source != NULL ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE) : NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (schema == NULL || !g_settings_schema_has_key (schema, "marathon-images"))
    return FALSE;
  settings = g_settings_new (APPLICATION_ID);
  path = g_settings_get_string (settings, "marathon-images");
  if (*path == '\0')
    return FALSE;
  file = g_file_new_for_path (path);
  if (tsr_terminal_editor_set_images_file (self->terminal_editor, file, &error))
    return TRUE;
  g_message ("Images file %s: %s", path, error->message);
  return FALSE;
}

/* A finding of the Summary page clicked: its level shown, then its element selected and centred
 * on the Map tab, or its record chosen on the Palettes page (lights, liquids, placements: where
 * "placed, but its initial count is 0" has its fix), or the Terminals page. */
static gboolean
on_finding_activated (TsrFindingsView    *view,
                      const TsrFinding   *finding,
                      TsrMarathonMapPage *self)
{
  const TsrFindingPlace *place = &finding->place;
  static const struct { const char *kind; TsrMarathonPalettesKind palette; } palettes[] = {
    { "light", TSR_MARATHON_PALETTES_LIGHTS }, { "liquid", TSR_MARATHON_PALETTES_LIQUIDS },
    { "item", TSR_MARATHON_PALETTES_ITEMS }, { "monster", TSR_MARATHON_PALETTES_MONSTERS },
  };

  if (self->document == NULL || place->kind == NULL)
    return FALSE;
  if (place->level >= 0 && (guint) place->level < tsr_marathon_document_get_n_levels (self->document)
      && (guint) place->level != tsr_marathon_document_get_current_level (self->document))
    tsr_marathon_document_set_current_level (self->document, (guint) place->level);
  for (guint i = 0; i < G_N_ELEMENTS (palettes); i++)
    if (tsr_finding_place_is (place, palettes[i].kind) && place->index >= 0)
      {
        tsr_marathon_palettes_set_kind (self->palettes, palettes[i].palette);
        tsr_marathon_palettes_select (self->palettes, (guint) place->index);
        tsr_marathon_map_page_show (self, "palettes");
        return TRUE;
      }
  if (tsr_finding_place_is (place, "script") || tsr_finding_place_is (place, "terminal"))
    {
      tsr_marathon_map_page_show (self, "terminals");
      return TRUE;
    }
  tsr_marathon_map_page_show (self, "map");
  return tsr_marathon_map_editor_show_finding (self->map_editor, finding);
}

void
tsr_marathon_map_page_set_document (TsrMarathonMapPage  *self,
                                    TsrMarathonDocument *document)
{
  g_return_if_fail (TSR_IS_MARATHON_MAP_PAGE (self));
  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  tsr_inspector_set_document (self->inspector, TSR_DOCUMENT (document));
  g_object_set (tsr_inspector_get_findings_view (self->inspector), "activatable", document != NULL, NULL);
  g_signal_handlers_disconnect_by_func (tsr_inspector_get_findings_view (self->inspector), on_finding_activated, self);
  if (document != NULL)
    g_signal_connect (tsr_inspector_get_findings_view (self->inspector), "finding-activated",
                      G_CALLBACK (on_finding_activated), self);
  tsr_marathon_map_editor_set_document (self->map_editor, document);
  tsr_marathon_palettes_set_document (self->palettes, document);
  fill_level_list (self);
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "notify::current-level", G_CALLBACK (show_level), self);
      g_signal_connect_swapped (document, "levels-changed", G_CALLBACK (on_levels_changed), self);
      if (!use_images_preference (self))
        tsr_terminal_editor_find_images_beside (self->terminal_editor, tsr_document_get_file (TSR_DOCUMENT (document)));
    }
  show_level (self);
}

TsrMarathonPalettes *
tsr_marathon_map_page_get_palettes (TsrMarathonMapPage *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_PAGE (self), NULL);
  return self->palettes;
}

void
tsr_marathon_map_page_show (TsrMarathonMapPage *self,
                            const char         *page)
{
  g_return_if_fail (TSR_IS_MARATHON_MAP_PAGE (self));
  gtk_notebook_set_current_page (self->notebook, g_strcmp0 (page, "terminals") == 0 ? 1
                                                 : g_strcmp0 (page, "summary") == 0 ? 2
                                                 : g_strcmp0 (page, "palettes") == 0 ? 3
                                                 : g_strcmp0 (page, "physics") == 0 ? 4 : 0);
}

TsrMarathonMapEditor *
tsr_marathon_map_page_get_map_editor (TsrMarathonMapPage *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_PAGE (self), NULL);
  return self->map_editor;
}

TsrTerminalEditor *
tsr_marathon_map_page_get_terminal_editor (TsrMarathonMapPage *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_PAGE (self), NULL);
  return self->terminal_editor;
}

gboolean
tsr_marathon_map_page_import (TsrMarathonMapPage *self,
                              GFile              *file,
                              GError            **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GBytes) bytes = NULL;
  TsrTerminalText *text;
  g_autofree char *contents = NULL;
  gsize size;
  const char *data;

  g_return_val_if_fail (TSR_IS_MARATHON_MAP_PAGE (self), FALSE);
  text = tsr_terminal_editor_get_text (self->terminal_editor);
  if (text == NULL || path == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "no level's terminals to replace");
      return FALSE;
    }
  if ((bytes = tsr_file_read (path, error)) == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &size);
  if (!g_utf8_validate_len (data, size, NULL) || memchr (data, '\0', size) != NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "%s: UTF-8 text expected", path);
      return FALSE;
    }
  contents = g_strndup (data, size);
  tsr_terminal_text_set_text (text, contents, _("Import Terminals"));
  return TRUE;
}

gboolean
tsr_marathon_map_page_export (TsrMarathonMapPage *self,
                              GFile              *file,
                              GError            **error)
{
  g_autofree char *path = g_file_get_path (file);
  TsrTerminalText *text;
  gsize length;
  const char *contents;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (TSR_IS_MARATHON_MAP_PAGE (self), FALSE);
  text = tsr_terminal_editor_get_text (self->terminal_editor);
  if (text == NULL || path == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "no level's terminals to export");
      return FALSE;
    }
  contents = tsr_terminal_text_get_text (text, &length);
  bytes = g_bytes_new (contents, length);
  return tsr_file_write_atomic (path, bytes, FALSE, error);
}

static void
on_file_chosen (GtkNativeDialog    *dialog,
                int                 response,
                TsrMarathonMapPage *self)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_autoptr(GError) error = NULL;
  gboolean import = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "tsr-import"));

  if (response == GTK_RESPONSE_ACCEPT && file != NULL
      && !(import ? tsr_marathon_map_page_import (self, file, &error) : tsr_marathon_map_page_export (self, file, &error)))
    gtk_label_set_text (self->level_status, error->message);
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
choose_file (TsrMarathonMapPage *self,
             gboolean            import)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (import ? _("Import Terminal Script") : _("Export Terminal Script"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        import ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE,
                                        import ? _("_Import") : _("_Export"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Terminal scripts"));
  gtk_file_filter_add_pattern (filter, "*.term.txt");
  gtk_file_filter_add_pattern (filter, "*.txt");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  if (!import)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "terminals.term.txt");
  g_object_set_data (G_OBJECT (dialog), "tsr-import", GINT_TO_POINTER (import));
  g_signal_connect (dialog, "response", G_CALLBACK (on_file_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_import_clicked (TsrMarathonMapPage *self)
{
  choose_file (self, TRUE);
}

static void
on_export_clicked (TsrMarathonMapPage *self)
{
  choose_file (self, FALSE);
}

static void
tsr_marathon_map_page_page_set_document (TsrEditorPage *page,
                                         TsrDocument   *document)
{
  tsr_marathon_map_page_set_document (TSR_MARATHON_MAP_PAGE (page),
                                      document != NULL ? TSR_MARATHON_DOCUMENT (document) : NULL);
}

static void
tsr_marathon_map_page_page_set_note (TsrEditorPage *page,
                                     const char    *note)
{
  tsr_editor_page_set_note (TSR_EDITOR_PAGE (TSR_MARATHON_MAP_PAGE (page)->inspector), note);
}

static void
tsr_marathon_map_page_editor_page_init (TsrEditorPageInterface *iface)
{
  iface->set_document = tsr_marathon_map_page_page_set_document;
  iface->set_note = tsr_marathon_map_page_page_set_note;
}

static void
placement_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TsrMarathonMapPage *self = TSR_MARATHON_MAP_PAGE (widget);

  if (self->document != NULL)
    tsr_marathon_placement_dialog_show (widget, self->document);
}

static void
go_to_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_widget_activate_action (GTK_WIDGET (TSR_MARATHON_MAP_PAGE (widget)->map_editor), "marathon.go-to", NULL);
}

static void
tsr_marathon_map_page_dispose (GObject *object)
{
  TsrMarathonMapPage *self = TSR_MARATHON_MAP_PAGE (object);

  /* The Placement dialog edits this page's document: it goes with the page. */
  if (self->document != NULL)
    {
      GtkWindow *placement = g_object_get_data (G_OBJECT (self->document), "tsr-placement-dialog");

      if (placement != NULL)
        gtk_window_destroy (placement);
    }
  watch_terminal_status (self, NULL);
  tsr_marathon_map_page_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_MARATHON_MAP_PAGE);
  g_clear_object (&self->external_text);
  g_clear_object (&self->external_undo);
  G_OBJECT_CLASS (tsr_marathon_map_page_parent_class)->dispose (object);
}

static void
tsr_marathon_map_page_class_init (TsrMarathonMapPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tsr_marathon_map_page_dispose;
  g_type_ensure (TSR_TYPE_INSPECTOR);
  g_type_ensure (TSR_TYPE_MARATHON_MAP_EDITOR);
  g_type_ensure (TSR_TYPE_TERMINAL_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-marathon-map-page.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, page_box);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, notebook);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, map_editor);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, inspector);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, terminals_page);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, level_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, level_status);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, level_name_entry);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, delete_level_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, level_up_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, level_down_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, levels_message);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, terminal_editor);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, script_bar);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, script_label);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapPage, script_button);
  gtk_widget_class_install_action (widget_class, "marathon-page.placement", NULL, placement_action);
  gtk_widget_class_install_action (widget_class, "marathon-page.go-to", NULL, go_to_action);
  gtk_widget_class_bind_template_callback (widget_class, on_level_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_import_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_add_level_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_duplicate_level_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_delete_level_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_level_up_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_level_down_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_name_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_export_clicked);
}

static void
tsr_marathon_map_page_init (TsrMarathonMapPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The palette editors come last, so the other tabs keep their numbers. */
  self->palettes = TSR_MARATHON_PALETTES (tsr_marathon_palettes_new ());
  gtk_notebook_append_page (self->notebook, GTK_WIDGET (self->palettes), gtk_label_new (_("Palettes")));
  tsr_marathon_palettes_set_map_editor (self->palettes, self->map_editor);
  self->physics_page = tsr_marathon_physics_page_new ();
  gtk_widget_set_visible (self->physics_page, FALSE);
  gtk_notebook_append_page (self->notebook, self->physics_page, gtk_label_new (_("Physics")));
}
