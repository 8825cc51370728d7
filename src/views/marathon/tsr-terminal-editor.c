/* tsr-terminal-editor.c: the buffer mirrors the document's text. A user edit in the buffer is
 * turned into a document command before the buffer applies it (the handlers run ahead of the
 * default ones), so both stay equal; a document change that did not come from the buffer (undo,
 * redo, replace all) is copied into the buffer with the handlers muted. The buffer's own undo is
 * off: Ctrl+Z is the window's undo. */
#include "config.h"

#include "views/marathon/tsr-terminal-editor.h"

#include <glib/gi18n.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-shapes-formats.h"
#include "views/marathon/tsr-terminal-preview.h"
#include "views/tsr-findings-view.h"

#define COMPILE_DELAY_MS 300
#define RESOURCE_LANGUAGE_SPECS "resource:///io/github/tessera/Tessera/language-specs"

struct _TsrTerminalEditor {
  GtkWidget                parent_instance;

  TsrTerminalText         *text;
  GtkSourceBuffer         *buffer;
  GtkSourceSearchContext  *search;
  GtkSourceCompletionWords *words;
  GtkTextBuffer           *words_buffer;
  GtkTextTag              *error_tag;
  GtkTextTag              *warning_tag;
  TsrMarathonScriptCompilation *shown; /* the compilation the underlines show, or NULL */
  guint                    compile_timeout;
  gboolean                 applying;  /* a document change is being copied into the buffer */
  gboolean                 user_edit; /* a buffer edit is being turned into a command */
  guint                    cursor_line;
  gboolean                 tags_changed; /* a tag was applied or removed since the flag was cleared */
  GdkFrameClock           *frame_clock; /* the source view's while it is realized (not a reference) */
  gulong                   before_paint_handler;
  gulong                   layout_handler;

  GtkSearchBar            *search_bar;
  GtkSearchEntry          *search_entry;
  GtkEntry                *replace_entry;
  GtkLabel                *search_status;
  GtkSourceView           *source_view;
  GtkListBox              *outline_list;
  TsrFindingsView         *findings_view;
  TsrDocument             *owner;       /* whose findings the view shows (not a reference) */
  gint                     owner_level; /* the level of OWNER whose script this is, or -1 */
  GtkBox                  *side_box;
  TsrTerminalPreview      *preview;
  GtkLabel                *page_label;
  GtkButton               *images_button;
  GtkDropDown             *scale_dropdown;
  GFile                   *images_file;
  GArray                  *pict_ids;    /* int: the Images file's pictures, or NULL */
};

static void tsr_terminal_editor_editor_page_init (TsrEditorPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrTerminalEditor, tsr_terminal_editor, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_EDITOR_PAGE, tsr_terminal_editor_editor_page_init))

enum {
  CURSOR_LOCATION_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const directive_words =
  "TERMINAL ENDTERMINAL LOGON UNFINISHED FINISHED FAILURE INFORMATION END INTERLEVEL INTRALEVEL "
  "TELEPORT CHECKPOINT SOUND MOVIE TRACK PICT LOGOFF CAMERA STATIC TAG CENTER RIGHT";

static GtkSourceLanguageManager *
language_manager (void)
{
  static GtkSourceLanguageManager *manager;

  if (manager == NULL)
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
      g_auto(GStrv) path = NULL;

      /* Ours first, then the system's (def.lang, which every language's styles map to). */
      manager = gtk_source_language_manager_new ();
      g_strv_builder_add (builder, RESOURCE_LANGUAGE_SPECS);
      g_strv_builder_addv (builder, (const char **) gtk_source_language_manager_get_search_path (manager));
      path = g_strv_builder_end (builder);
      gtk_source_language_manager_set_search_path (manager, (const char *const *) path);
    }
  return manager;
}

/* ---- Buffer ↔ document ----------------------------------------------------------------------- */

static void
on_buffer_insert_text (GtkTextBuffer     *buffer,
                       GtkTextIter       *location,
                       const char        *text,
                       int                length,
                       TsrTerminalEditor *self)
{
  g_autofree char *inserted = NULL;

  if (self->applying || self->text == NULL)
    return;
  inserted = g_strndup (text, length < 0 ? strlen (text) : (gsize) length);
  self->user_edit = TRUE;
  tsr_terminal_text_replace (self->text, (guint) gtk_text_iter_get_offset (location), 0, inserted);
  self->user_edit = FALSE;
}

static void
on_buffer_delete_range (GtkTextBuffer     *buffer,
                        GtkTextIter       *start,
                        GtkTextIter       *end,
                        TsrTerminalEditor *self)
{
  guint from, to;

  if (self->applying || self->text == NULL)
    return;
  from = (guint) gtk_text_iter_get_offset (start);
  to = (guint) gtk_text_iter_get_offset (end);
  self->user_edit = TRUE;
  tsr_terminal_text_replace (self->text, MIN (from, to), MAX (from, to) - MIN (from, to), NULL);
  self->user_edit = FALSE;
}

static void
on_text_changed (TsrTerminalText   *source,
                 guint              offset,
                 guint              n_removed,
                 guint              n_inserted,
                 TsrTerminalEditor *self)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  const char *text = tsr_terminal_text_get_text (source, NULL);
  const char *start = g_utf8_offset_to_pointer (text, offset);
  const char *end = g_utf8_offset_to_pointer (start, n_inserted);
  GtkTextIter from, to;

  if (self->user_edit)
    return;
  self->applying = TRUE;
  gtk_text_buffer_get_iter_at_offset (buffer, &from, (int) offset);
  gtk_text_buffer_get_iter_at_offset (buffer, &to, (int) (offset + n_removed));
  gtk_text_buffer_delete (buffer, &from, &to);
  gtk_text_buffer_insert (buffer, &from, start, (int) (end - start));
  gtk_text_buffer_place_cursor (buffer, &from);
  self->applying = FALSE;
  gtk_text_view_scroll_mark_onscreen (GTK_TEXT_VIEW (self->source_view), gtk_text_buffer_get_insert (buffer));
}

/* ---- Validating the text ahead of the frame --------------------------------------------------- */

/* A change to the text or its tags invalidates GtkTextView's layout, which queues the text view's
 * first_validate_callback (an idle at GTK_PRIORITY_RESIZE - 2). GLib dispatches together every
 * source that was ready when its main-loop iteration began, so when an input event and a due frame
 * (gdk_frame_clock_paint_idle, GDK_PRIORITY_REDRAW) share an iteration, the frame is drawn before
 * that idle runs (seen: the idle still pending in the frame's before-paint and after its layout).
 * GtkTextView validates in its size_allocate, but nothing asked the frame to allocate it, so
 * gtk_text_view_paint flushes the validation from the snapshot: the emptied (or grown) text
 * reconfigures the vertical adjustment there, the scrollbar's trough is queued for allocation in
 * the middle of the frame and drawn without one ("Trying to snapshot GtkGizmo … without a current
 * allocation", issue 41: select all, Delete). So every change queues the text view's resize: the
 * frame's layout phase allocates the scrolled window, whose child validates the text and sets the
 * adjustments before its scrollbars are allocated. (Queueing only an allocation of the text view
 * was not enough: the next frame drew the window's top box unallocated.) */
static void
queue_validation (TsrTerminalEditor *self)
{
  gtk_widget_queue_resize (GTK_WIDGET (self->source_view));
}

static void
on_tag_changed (GtkTextBuffer     *buffer,
                GtkTextTag        *tag,
                const GtkTextIter *start,
                const GtkTextIter *end,
                TsrTerminalEditor *self)
{
  self->tags_changed = TRUE;
  queue_validation (self);
}

/* ---- Highlighting ahead of the frame ---------------------------------------------------------- */

/* GtkSourceView 5.6 highlights the lines it shows from its snapshot (gtk_source_view_snapshot →
 * gtk_source_view_ensure_redrawn_rect_is_highlighted); the language's bold styles rewrap those
 * lines, and GtkTextView's snapshot, run next, revalidates them and reconfigures the vertical
 * adjustment in the middle of the frame. The scrolled window's scrollbar is queued for allocation
 * and then drawn without one ("Trying to snapshot GtkGizmo … without a current allocation",
 * issue 41). So the lines on screen and a page either side are highlighted before the frame is
 * drawn (before its layout, and again after it, for a scroll the layout made); when that changed a
 * tag, the view is reallocated, which the frame clock's layout phase does before it paints. */
static void
highlight_ahead (GdkFrameClock     *clock,
                 TsrTerminalEditor *self)
{
  GtkTextView *view = GTK_TEXT_VIEW (self->source_view);
  GdkRectangle visible;
  GtkTextIter start, end;

  if (self->buffer == NULL || gtk_source_buffer_get_language (self->buffer) == NULL
      || !gtk_widget_get_mapped (GTK_WIDGET (view)))
    return;
  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_view_get_line_at_y (view, &start, visible.y - visible.height, NULL);
  gtk_text_view_get_line_at_y (view, &end, visible.y + 2 * visible.height, NULL);
  gtk_text_iter_forward_line (&end);
  self->tags_changed = FALSE;
  gtk_source_buffer_ensure_highlight (self->buffer, &start, &end);
  if (self->tags_changed)
    gtk_widget_queue_resize (GTK_WIDGET (self->source_view));
}

static void
on_source_view_realize (TsrTerminalEditor *self)
{
  self->frame_clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->source_view));
  self->before_paint_handler = g_signal_connect (self->frame_clock, "before-paint", G_CALLBACK (highlight_ahead), self);
  /* After the window's own layout handler: the layout phase runs again while it is requested. */
  self->layout_handler = g_signal_connect_after (self->frame_clock, "layout", G_CALLBACK (highlight_ahead), self);
}

static void
on_source_view_unrealize (TsrTerminalEditor *self)
{
  if (self->frame_clock == NULL)
    return;
  g_clear_signal_handler (&self->before_paint_handler, self->frame_clock);
  g_clear_signal_handler (&self->layout_handler, self->frame_clock);
  self->frame_clock = NULL;
}

/* ---- Diagnostics and outline ----------------------------------------------------------------- */

static gboolean
iter_at_line_column (GtkTextBuffer *buffer,
                     guint          line,
                     guint          column,
                     GtkTextIter   *iter)
{
  if (line == 0 || (int) line > gtk_text_buffer_get_line_count (buffer))
    {
      gtk_text_buffer_get_end_iter (buffer, iter);
      return FALSE;
    }
  gtk_text_buffer_get_iter_at_line (buffer, iter, (int) line - 1);
  for (guint c = 1; c < column && !gtk_text_iter_ends_line (iter); c++)
    gtk_text_iter_forward_char (iter);
  return TRUE;
}

static void
underline (TsrTerminalEditor                 *self,
           const TsrMarathonScriptDiagnostic *diagnostic)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end;

  iter_at_line_column (buffer, diagnostic->line, diagnostic->column, &start);
  end = start;
  /* The word at the place, or the rest of the line when the place is at a space. */
  if (!gtk_text_iter_ends_line (&end))
    {
      gtk_text_iter_forward_char (&end);
      while (!gtk_text_iter_ends_line (&end) && !g_unichar_isspace (gtk_text_iter_get_char (&end)))
        gtk_text_iter_forward_char (&end);
    }
  else if (!gtk_text_iter_starts_line (&start))
    gtk_text_iter_backward_char (&start);
  gtk_text_buffer_apply_tag (buffer, diagnostic->severity == TSR_SEVERITY_ERROR ? self->error_tag : self->warning_tag,
                             &start, &end);
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
rebuild_outline (TsrTerminalEditor                  *self,
                 const TsrMarathonScriptCompilation *compilation)
{
  /* A script that does not compile keeps its last outline, so it does not flicker while typing. */
  if (compilation->terminals == NULL)
    return;
  clear_list (self->outline_list);
  for (guint t = 0; t < compilation->terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (compilation->terminals, t);
      /* Marathon 1's terminals are named by level and terminal, as the engine finds them. */
      g_autofree char *title = terminal->resource_id >= 1000
                               ? g_strdup_printf (_("Level %d, terminal %d ('term' %d)"), (terminal->resource_id - 1000) / 10,
                                                  (terminal->resource_id - 1000) % 10, terminal->resource_id)
                               : g_strdup_printf (_("Terminal %u"), t);
      GtkWidget *label = gtk_label_new (title);
      GtkWidget *row;

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      gtk_list_box_append (self->outline_list, label);
      row = gtk_widget_get_parent (label);
      g_object_set_data (G_OBJECT (row), "line",
                         GUINT_TO_POINTER (tsr_terminal_text_get_group_line (self->text, t, 0)));
      for (guint g = 0; g < terminal->groups->len; g++)
        {
          const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);
          const char *name = tsr_marathon_group_type_name (group->type);
          g_autofree char *text = group->permutation != -1
                                  ? g_strdup_printf ("#%s %d", name != NULL ? name : "?", group->permutation)
                                  : g_strdup_printf ("#%s", name != NULL ? name : "?");
          GtkWidget *group_label = gtk_label_new (text);

          gtk_label_set_xalign (GTK_LABEL (group_label), 0);
          gtk_widget_set_margin_start (group_label, 18);
          gtk_list_box_append (self->outline_list, group_label);
          row = gtk_widget_get_parent (group_label);
          g_object_set_data (G_OBJECT (row), "line",
                             GUINT_TO_POINTER (tsr_terminal_text_get_group_line (self->text, t, g)));
        }
    }
}

static void
refresh_diagnostics (TsrTerminalEditor *self)
{
  const TsrMarathonScriptCompilation *compilation;
  GtkTextIter start, end;

  g_clear_handle_id (&self->compile_timeout, g_source_remove);
  g_clear_pointer (&self->shown, tsr_marathon_script_compilation_free);
  if (self->text == NULL)
    return;
  compilation = tsr_terminal_text_get_compilation (self->text);
  self->shown = tsr_marathon_script_compilation_ref ((TsrMarathonScriptCompilation *) compilation);
  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  gtk_text_buffer_remove_tag (GTK_TEXT_BUFFER (self->buffer), self->error_tag, &start, &end);
  gtk_text_buffer_remove_tag (GTK_TEXT_BUFFER (self->buffer), self->warning_tag, &start, &end);
  for (guint i = 0; i < tsr_terminal_editor_get_n_problems (self); i++)
    underline (self, tsr_terminal_editor_get_problem (self, i));
  rebuild_outline (self, compilation);
  if (compilation->terminals != NULL)
    tsr_terminal_preview_set_terminals (self->preview, compilation->terminals);
  g_signal_emit (self, signals[CURSOR_LOCATION_CHANGED], 0);
}

static gboolean
on_compile_timeout (gpointer user_data)
{
  TsrTerminalEditor *self = user_data;

  self->compile_timeout = 0;
  refresh_diagnostics (self);
  return G_SOURCE_REMOVE;
}

/* Every change recompiles the document at once; the view updates after the typing pause, counted
 * from the last change. */
static void
on_text_compiled (TsrTerminalText   *text,
                  TsrTerminalEditor *self)
{
  g_clear_handle_id (&self->compile_timeout, g_source_remove);
  self->compile_timeout = g_timeout_add (COMPILE_DELAY_MS, on_compile_timeout, self);
}

/* ---- Preview ---------------------------------------------------------------------------------- */

static void
update_page_label (TsrTerminalEditor *self)
{
  guint n = tsr_terminal_preview_get_n_pages (self->preview);
  g_autofree char *text = n > 0 ? g_strdup_printf (_("Page %u of %u"), tsr_terminal_preview_get_page (self->preview) + 1, n)
                                : g_strdup ("");

  gtk_label_set_text (self->page_label, text);
}

/* The preview shows the page with the text under the cursor. */
static void
follow_cursor (TsrTerminalEditor *self)
{
  TsrMarathonScriptLine location;

  if (tsr_terminal_editor_get_cursor_location (self, &location))
    {
      tsr_terminal_preview_set_terminal (self->preview, location.terminal);
      tsr_terminal_preview_show_position (self->preview, location.group, location.offset);
    }
  update_page_label (self);
}

static void
on_preview_previous (TsrTerminalEditor *self)
{
  tsr_terminal_preview_handle_key (self->preview, GDK_KEY_Page_Up, 0);
  update_page_label (self);
}

static void
on_preview_next (TsrTerminalEditor *self)
{
  tsr_terminal_preview_handle_key (self->preview, GDK_KEY_Page_Down, 0);
  update_page_label (self);
}

/* Hands the text the pictures IMAGES holds (both resource forms), so a #PICT they lack is found. */
static void
apply_pict_ids (TsrTerminalEditor *self)
{
  if (self->text == NULL)
    return;
  tsr_terminal_text_set_pictures (self->text, self->pict_ids != NULL ? (const int *) self->pict_ids->data : NULL,
                                  self->pict_ids != NULL ? self->pict_ids->len : 0);
  if (self->owner != NULL)
    {
      tsr_document_invalidate_findings (self->owner);
      tsr_findings_view_refresh (self->findings_view);
    }
}

static void
set_pict_ids (TsrTerminalEditor       *self,
              const TsrMarathonImages *images)
{
  static const guint32 types[] = { TSR_RESOURCE_PICT, TSR_RESOURCE_PICT_RAW };

  g_clear_pointer (&self->pict_ids, g_array_unref);
  if (images != NULL)
    {
      self->pict_ids = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint t = 0; t < G_N_ELEMENTS (types); t++)
        {
          g_autoptr(GArray) items = tsr_marathon_images_list (images, types[t]);

          for (guint i = 0; i < items->len; i++)
            g_array_append_val (self->pict_ids, g_array_index (items, TsrMarathonImagesItem, i).id);
        }
    }
  apply_pict_ids (self);
}

gboolean
tsr_terminal_editor_set_images_file (TsrTerminalEditor *self,
                                     GFile             *file,
                                     GError           **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const TsrFormat *format = &tsr_marathon_images_format;
  gpointer images;
  gsize size;
  const guint8 *data;

  g_return_val_if_fail (TSR_IS_TERMINAL_EDITOR (self), FALSE);
  if (file == NULL)
    {
      g_clear_object (&self->images_file);
      set_pict_ids (self, NULL);
      tsr_terminal_preview_set_images (self->preview, NULL);
      return TRUE;
    }
  path = g_file_get_path (file);
  if (path == NULL || (bytes = tsr_file_read (path, error)) == NULL)
    {
      if (path == NULL)
        g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "only local files hold pictures");
      return FALSE;
    }
  data = g_bytes_get_data (bytes, &size);
  if (format->sniff (data, size, path) == TSR_SNIFF_NO)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_FORMAT, "%s: not a Marathon Images file", path);
      return FALSE;
    }
  if ((images = format->load (path, bytes, error)) == NULL)
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  set_pict_ids (self, images);
  tsr_terminal_preview_set_images (self->preview, images);
  g_set_object (&self->images_file, file);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->images_button), path);
  return TRUE;
}

GFile *
tsr_terminal_editor_get_images_file (TsrTerminalEditor *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_EDITOR (self), NULL);
  return self->images_file;
}

/* A scenario keeps its Images file beside its map ("Images", "Images.imgA", "… .imgA"). */
gboolean
tsr_terminal_editor_find_images_beside (TsrTerminalEditor *self,
                                        GFile             *file)
{
  g_autoptr(GFile) folder = file != NULL ? g_file_get_parent (file) : NULL;
  g_autoptr(GFileEnumerator) children = NULL;
  GFileInfo *info;

  g_return_val_if_fail (TSR_IS_TERMINAL_EDITOR (self), FALSE);
  if (self->images_file != NULL || folder == NULL)
    return self->images_file != NULL;
  children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NONE, NULL, NULL);
  while (children != NULL && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
    {
      g_autoptr(GFileInfo) owned = info;
      g_autofree char *name = g_ascii_strdown (g_file_info_get_name (info), -1);
      g_autoptr(GFile) child = NULL;

      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR
          || !(g_str_has_suffix (name, ".imga") || g_str_has_prefix (name, "images")))
        continue;
      child = g_file_get_child (folder, g_file_info_get_name (info));
      if (tsr_terminal_editor_set_images_file (self, child, NULL))
        return TRUE;
    }
  return FALSE;
}

static void
on_images_chosen (GtkNativeDialog   *dialog,
                  int                response,
                  TsrTerminalEditor *self)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && file != NULL && !tsr_terminal_editor_set_images_file (self, file, &error))
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->images_button), error->message);
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
on_images_clicked (TsrTerminalEditor *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Choose the Images File"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel"));
  g_signal_connect (dialog, "response", G_CALLBACK (on_images_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

TsrTerminalPreview *
tsr_terminal_editor_get_preview (TsrTerminalEditor *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_EDITOR (self), NULL);
  return self->preview;
}

/* ---- Cursor, outline and problem activation -------------------------------------------------- */

static void
on_cursor_moved (GtkTextBuffer     *buffer,
                 GParamSpec        *pspec,
                 TsrTerminalEditor *self)
{
  GtkTextIter iter;
  guint line;

  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  line = (guint) gtk_text_iter_get_line (&iter) + 1;
  if (line == self->cursor_line)
    return;
  self->cursor_line = line;
  g_signal_emit (self, signals[CURSOR_LOCATION_CHANGED], 0);
}

void
tsr_terminal_editor_go_to_line (TsrTerminalEditor *self,
                                guint              line)
{
  GtkTextIter iter;

  g_return_if_fail (TSR_IS_TERMINAL_EDITOR (self));
  if (self->buffer == NULL)
    return;
  iter_at_line_column (GTK_TEXT_BUFFER (self->buffer), line, 1, &iter);
  gtk_text_buffer_place_cursor (GTK_TEXT_BUFFER (self->buffer), &iter);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->source_view), &iter, 0.1, FALSE, 0, 0);
  gtk_widget_grab_focus (GTK_WIDGET (self->source_view));
}

static void
on_outline_row_activated (TsrTerminalEditor *self,
                          GtkListBoxRow     *row)
{
  guint line = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "line"));

  if (line > 0)
    tsr_terminal_editor_go_to_line (self, line);
}

/* A finding of this script (its place is a line and column) moves the cursor there. */
static gboolean
on_finding_activated (TsrTerminalEditor *self,
                      const TsrFinding  *finding)
{
  const TsrFindingPlace *place = &finding->place;
  GtkTextIter iter;

  if (self->buffer == NULL || !tsr_finding_place_is (place, "script") || place->unit != TSR_FINDING_POINT_TEXT
      || (self->owner_level >= 0 && place->level != self->owner_level))
    return FALSE;
  iter_at_line_column (GTK_TEXT_BUFFER (self->buffer), (guint) place->y, (guint) place->x, &iter);
  gtk_text_buffer_place_cursor (GTK_TEXT_BUFFER (self->buffer), &iter);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->source_view), &iter, 0.1, FALSE, 0, 0);
  gtk_widget_grab_focus (GTK_WIDGET (self->source_view));
  return TRUE;
}

void
tsr_terminal_editor_set_owner (TsrTerminalEditor *self,
                               TsrDocument       *document,
                               gint               level)
{
  g_return_if_fail (TSR_IS_TERMINAL_EDITOR (self));
  self->owner = document;
  self->owner_level = level;
  tsr_findings_view_set_document (self->findings_view, document);
}

TsrFindingsView *
tsr_terminal_editor_get_findings_view (TsrTerminalEditor *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_EDITOR (self), NULL);
  return self->findings_view;
}

/* ---- Search and replace ---------------------------------------------------------------------- */

static void
update_search_status (TsrTerminalEditor *self)
{
  int count = self->search != NULL ? gtk_source_search_context_get_occurrences_count (self->search) : 0;
  g_autofree char *text = NULL;

  if (count > 0)
    text = g_strdup_printf (g_dngettext (NULL, "%d match", "%d matches", (gulong) count), count);
  gtk_label_set_text (self->search_status, text != NULL ? text : "");
}

static void
on_search_changed (TsrTerminalEditor *self)
{
  GtkSourceSearchSettings *settings;

  if (self->search == NULL)
    return;
  settings = gtk_source_search_context_get_settings (self->search);
  gtk_source_search_settings_set_search_text (settings, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
  update_search_status (self);
}

static void
select_match (TsrTerminalEditor *self,
              gboolean           forward)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter from, start, end, selection_start, selection_end;
  gboolean wrapped, found;

  if (self->search == NULL)
    return;
  gtk_text_buffer_get_selection_bounds (buffer, &selection_start, &selection_end);
  from = forward ? selection_end : selection_start;
  found = forward ? gtk_source_search_context_forward (self->search, &from, &start, &end, &wrapped)
                  : gtk_source_search_context_backward (self->search, &from, &start, &end, &wrapped);
  if (!found)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  gtk_text_buffer_select_range (buffer, &start, &end);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->source_view), &start, 0.1, FALSE, 0, 0);
  update_search_status (self);
}

static void
on_search_next (TsrTerminalEditor *self)
{
  select_match (self, TRUE);
}

static void
on_search_previous (TsrTerminalEditor *self)
{
  select_match (self, FALSE);
}

static void
on_replace (TsrTerminalEditor *self)
{
  GtkTextIter start, end;
  g_autoptr(GError) error = NULL;
  const char *replacement = gtk_editable_get_text (GTK_EDITABLE (self->replace_entry));

  if (self->search == NULL)
    return;
  gtk_text_buffer_get_selection_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  /* Replaces the selected match (selecting the next one otherwise), then moves on. */
  if (gtk_source_search_context_get_occurrence_position (self->search, &start, &end) <= 0)
    {
      select_match (self, TRUE);
      return;
    }
  tsr_undo_stack_break_merge (tsr_terminal_text_get_undo_stack (self->text));
  tsr_undo_stack_begin_group (tsr_terminal_text_get_undo_stack (self->text), _("Replace"));
  gtk_source_search_context_replace (self->search, &start, &end, replacement, -1, &error);
  tsr_undo_stack_end_group (tsr_terminal_text_get_undo_stack (self->text));
  select_match (self, TRUE);
}

static void
on_replace_all (TsrTerminalEditor *self)
{
  TsrUndoStack *stack;
  g_autoptr(GError) error = NULL;

  if (self->search == NULL)
    return;
  stack = tsr_terminal_text_get_undo_stack (self->text);
  tsr_undo_stack_break_merge (stack);
  tsr_undo_stack_begin_group (stack, _("Replace All"));
  gtk_source_search_context_replace_all (self->search, gtk_editable_get_text (GTK_EDITABLE (self->replace_entry)),
                                         -1, &error);
  tsr_undo_stack_end_group (stack);
  update_search_status (self);
}

static void
toggle_search (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TsrTerminalEditor *self = TSR_TERMINAL_EDITOR (widget);
  gboolean show = !gtk_search_bar_get_search_mode (self->search_bar);

  gtk_search_bar_set_search_mode (self->search_bar, show);
  if (show)
    gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/* The window's undo and redo, also while the source view has the focus (its own history is off). */
static void
forward_to_window (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  gtk_widget_activate_action (widget, g_str_equal (action_name, "terminal.undo") ? "win.undo" : "win.redo", NULL);
}

/* ---- The document ---------------------------------------------------------------------------- */

/* GtkSourceView's completion finishes a cancelled request from the main loop and then removes its
 * marks from the buffer it was started on; a buffer finalized before that has lost them already
 * (a critical). So a buffer the editor lets go of stays alive a moment longer. */
static gboolean
release_buffer (gpointer buffer)
{
  g_object_unref (buffer);
  return G_SOURCE_REMOVE;
}

/* Takes BUFFER (may be NULL). */
static void
retire_buffer (GtkSourceBuffer *buffer)
{
  if (buffer != NULL)
    g_timeout_add_seconds_full (G_PRIORITY_LOW, 2, release_buffer, buffer, NULL);
}

/* Makes BUFFER (taken) the one the view shows. */
static void
replace_buffer (TsrTerminalEditor *self,
                GtkSourceBuffer   *buffer)
{
  GtkSourceBuffer *old = g_steal_pointer (&self->buffer);

  self->buffer = buffer;
  gtk_text_view_set_buffer (GTK_TEXT_VIEW (self->source_view), GTK_TEXT_BUFFER (buffer));
  retire_buffer (old);
}

static void
detach (TsrTerminalEditor *self)
{
  g_clear_handle_id (&self->compile_timeout, g_source_remove);
  gtk_source_completion_hide (gtk_source_view_get_completion (self->source_view));
  if (self->text != NULL)
    g_signal_handlers_disconnect_by_data (self->text, self);
  if (self->buffer != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->buffer, self);
      if (self->words != NULL)
        gtk_source_completion_words_unregister (self->words, GTK_TEXT_BUFFER (self->words_buffer));
    }
  g_clear_object (&self->search);
  g_clear_object (&self->text);
}

void
tsr_terminal_editor_set_text (TsrTerminalEditor *self,
                              TsrTerminalText   *text)
{
  GtkSourceBuffer *buffer;
  gsize length;
  const char *contents;

  g_return_if_fail (TSR_IS_TERMINAL_EDITOR (self));
  g_return_if_fail (text == NULL || TSR_IS_TERMINAL_TEXT (text));
  if (self->text == text)
    return;
  detach (self);
  clear_list (self->outline_list);
  g_clear_pointer (&self->shown, tsr_marathon_script_compilation_free);
  if (text == NULL)
    {
      replace_buffer (self, gtk_source_buffer_new (NULL));
      tsr_terminal_preview_set_terminals (self->preview, NULL);
      update_page_label (self);
      return;
    }

  self->text = g_object_ref (text);
  buffer = gtk_source_buffer_new (NULL);
  gtk_source_buffer_set_language (buffer, gtk_source_language_manager_get_language (language_manager (),
                                                                                    "marathon-terminal"));
  gtk_text_buffer_set_enable_undo (GTK_TEXT_BUFFER (buffer), FALSE);
  contents = tsr_terminal_text_get_text (text, &length);
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (buffer), contents, (int) length);
  self->error_tag = gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (buffer), "error",
                                                "underline", PANGO_UNDERLINE_ERROR, NULL);
  self->warning_tag = gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (buffer), "warning",
                                                  "underline", PANGO_UNDERLINE_ERROR,
                                                  "underline-rgba", &(GdkRGBA) { 0.9, 0.6, 0.0, 1.0 }, NULL);
  {
    GtkTextIter start;
    gtk_text_buffer_get_start_iter (GTK_TEXT_BUFFER (buffer), &start);
    gtk_text_buffer_place_cursor (GTK_TEXT_BUFFER (buffer), &start);
  }
  replace_buffer (self, buffer);
  self->cursor_line = 1;

  self->search = gtk_source_search_context_new (self->buffer, NULL);
  gtk_source_search_context_set_highlight (self->search, TRUE);
  g_signal_connect_swapped (self->search, "notify::occurrences-count", G_CALLBACK (update_search_status), self);
  on_search_changed (self);
  gtk_source_completion_words_register (self->words, GTK_TEXT_BUFFER (self->words_buffer));

  g_signal_connect (self->buffer, "insert-text", G_CALLBACK (on_buffer_insert_text), self);
  g_signal_connect (self->buffer, "delete-range", G_CALLBACK (on_buffer_delete_range), self);
  g_signal_connect (self->buffer, "notify::cursor-position", G_CALLBACK (on_cursor_moved), self);
  g_signal_connect (self->buffer, "apply-tag", G_CALLBACK (on_tag_changed), self);
  g_signal_connect (self->buffer, "remove-tag", G_CALLBACK (on_tag_changed), self);
  g_signal_connect_swapped (self->buffer, "changed", G_CALLBACK (queue_validation), self);
  g_signal_connect (text, "text-changed", G_CALLBACK (on_text_changed), self);
  g_signal_connect (text, "compiled", G_CALLBACK (on_text_compiled), self);
  apply_pict_ids (self);
  refresh_diagnostics (self);
}

void
tsr_terminal_editor_set_document (TsrTerminalEditor *self,
                                  TsrDocument       *document)
{
  g_return_if_fail (TSR_IS_TERMINAL_EDITOR (self));
  g_return_if_fail (document == NULL || TSR_IS_TERMINAL_DOCUMENT (document));
  tsr_terminal_editor_set_text (self, document != NULL ? tsr_terminal_document_get_text (TSR_TERMINAL_DOCUMENT (document))
                                                       : NULL);
  tsr_terminal_editor_set_owner (self, document, -1);
  if (document != NULL)
    tsr_terminal_editor_find_images_beside (self, tsr_document_get_file (document));
}

TsrTerminalText *
tsr_terminal_editor_get_text (TsrTerminalEditor *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_EDITOR (self), NULL);
  return self->text;
}

GtkSourceView *
tsr_terminal_editor_get_source_view (TsrTerminalEditor *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_EDITOR (self), NULL);
  return self->source_view;
}

void
tsr_terminal_editor_refresh (TsrTerminalEditor *self)
{
  g_return_if_fail (TSR_IS_TERMINAL_EDITOR (self));
  refresh_diagnostics (self);
}

guint
tsr_terminal_editor_get_n_problems (TsrTerminalEditor *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_EDITOR (self), 0);
  if (self->shown == NULL)
    return 0;
  return self->shown->diagnostics->len + tsr_terminal_text_get_reference_diagnostics (self->text)->len;
}

const TsrMarathonScriptDiagnostic *
tsr_terminal_editor_get_problem (TsrTerminalEditor *self,
                                 guint              index)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_EDITOR (self), NULL);
  g_return_val_if_fail (index < tsr_terminal_editor_get_n_problems (self), NULL);
  if (index < self->shown->diagnostics->len)
    return &g_array_index (self->shown->diagnostics, TsrMarathonScriptDiagnostic, index);
  return &g_array_index (tsr_terminal_text_get_reference_diagnostics (self->text), TsrMarathonScriptDiagnostic,
                         index - self->shown->diagnostics->len);
}

guint
tsr_terminal_editor_get_n_outline_rows (TsrTerminalEditor *self)
{
  guint n = 0;

  g_return_val_if_fail (TSR_IS_TERMINAL_EDITOR (self), 0);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->outline_list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += GTK_IS_LIST_BOX_ROW (child);
  return n;
}

gboolean
tsr_terminal_editor_get_cursor_location (TsrTerminalEditor     *self,
                                         TsrMarathonScriptLine *location)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_EDITOR (self), FALSE);
  if (self->text == NULL)
    return FALSE;
  return tsr_terminal_text_locate_line (self->text, self->cursor_line, location);
}

/* ---- GObject --------------------------------------------------------------------------------- */

static void
tsr_terminal_editor_page_set_document (TsrEditorPage *page,
                                       TsrDocument   *document)
{
  tsr_terminal_editor_set_document (TSR_TERMINAL_EDITOR (page), document);
}

static void
tsr_terminal_editor_editor_page_init (TsrEditorPageInterface *iface)
{
  iface->set_document = tsr_terminal_editor_page_set_document;
}

static void
tsr_terminal_editor_dispose (GObject *object)
{
  TsrTerminalEditor *self = TSR_TERMINAL_EDITOR (object);

  detach (self);
  on_source_view_unrealize (self);
  tsr_terminal_editor_set_owner (self, NULL, -1);
  retire_buffer (g_steal_pointer (&self->buffer));
  g_clear_object (&self->images_file);
  g_clear_pointer (&self->pict_ids, g_array_unref);
  g_clear_object (&self->words);
  g_clear_object (&self->words_buffer);
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_TERMINAL_EDITOR);
  /* The template's top box has no name to be cleared by. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (tsr_terminal_editor_parent_class)->dispose (object);
}

static void
tsr_terminal_editor_finalize (GObject *object)
{
  TsrTerminalEditor *self = TSR_TERMINAL_EDITOR (object);

  g_clear_pointer (&self->shown, tsr_marathon_script_compilation_free);
  G_OBJECT_CLASS (tsr_terminal_editor_parent_class)->finalize (object);
}

static void
tsr_terminal_editor_class_init (TsrTerminalEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tsr_terminal_editor_dispose;
  object_class->finalize = tsr_terminal_editor_finalize;

  signals[CURSOR_LOCATION_CHANGED] = g_signal_new ("cursor-location-changed", G_TYPE_FROM_CLASS (klass),
                                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  g_type_ensure (TSR_TYPE_TERMINAL_PREVIEW);
  g_type_ensure (TSR_TYPE_FINDINGS_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-terminal-editor.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, search_bar);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, search_entry);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, replace_entry);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, search_status);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, source_view);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, outline_list);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, findings_view);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, side_box);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, preview);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, page_label);
  gtk_widget_class_bind_template_callback (widget_class, on_preview_previous);
  gtk_widget_class_bind_template_callback (widget_class, on_preview_next);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, images_button);
  gtk_widget_class_bind_template_child (widget_class, TsrTerminalEditor, scale_dropdown);
  gtk_widget_class_bind_template_callback (widget_class, on_images_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_search_next);
  gtk_widget_class_bind_template_callback (widget_class, on_search_previous);
  gtk_widget_class_bind_template_callback (widget_class, on_replace);
  gtk_widget_class_bind_template_callback (widget_class, on_replace_all);
  gtk_widget_class_bind_template_callback (widget_class, on_outline_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_finding_activated);

  gtk_widget_class_install_action (widget_class, "terminal.find", NULL, toggle_search);
  gtk_widget_class_install_action (widget_class, "terminal.undo", NULL, forward_to_window);
  gtk_widget_class_install_action (widget_class, "terminal.redo", NULL, forward_to_window);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "terminal.find", NULL);
}

static void
tsr_terminal_editor_init (TsrTerminalEditor *self)
{
  GtkEventController *shortcuts;
  GtkSourceCompletion *completion;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->owner_level = -1;
  /* The drop-down's rows are the scales in their enum order. */
  g_object_bind_property (self->preview, "scale", self->scale_dropdown, "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect (self, "cursor-location-changed", G_CALLBACK (follow_cursor), NULL);
  g_signal_connect_swapped (self->source_view, "realize", G_CALLBACK (on_source_view_realize), self);
  g_signal_connect_swapped (self->source_view, "unrealize", G_CALLBACK (on_source_view_unrealize), self);
  gtk_search_bar_connect_entry (self->search_bar, GTK_EDITABLE (self->search_entry));

  /* Ahead of the text view's own Ctrl+Z, which would act on the buffer's (disabled) history. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>z"),
                                                          gtk_named_action_new ("terminal.undo")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control><Shift>z|<Control>y"),
                                                          gtk_named_action_new ("terminal.redo")));
  gtk_widget_add_controller (GTK_WIDGET (self->source_view), shortcuts);

  /* Directive names complete from a buffer of them. */
  self->words = gtk_source_completion_words_new (_("Directives"));
  g_object_set (self->words, "minimum-word-size", 2, NULL);
  self->words_buffer = gtk_text_buffer_new (NULL);
  gtk_text_buffer_set_text (self->words_buffer, directive_words, -1);
  completion = gtk_source_view_get_completion (self->source_view);
  gtk_source_completion_add_provider (completion, GTK_SOURCE_COMPLETION_PROVIDER (self->words));
  /* Most lines are prose: directive names complete on request (Ctrl+Space), not while typing. */
  gtk_source_completion_block_interactive (completion);

  tsr_terminal_editor_set_text (self, NULL);
}

GtkWidget *
tsr_terminal_editor_new (void)
{
  return g_object_new (TSR_TYPE_TERMINAL_EDITOR, NULL);
}
