/* tsr-terminal-document.c: the script text in a GString, edited by one private command class
 * (replace a character range), recompiled after every change. The format's data (the loaded
 * TsrMarathonTerminalScript) follows the text, so validation and saving go through the format as
 * for every other document. */
#include "model/marathon/tsr-terminal-document.h"

#include <glib/gi18n.h>
#include <string.h>

struct _TsrTerminalDocument {
  TsrDocument  parent_instance;
  GString     *text;
  guint        n_chars;
};

G_DEFINE_FINAL_TYPE (TsrTerminalDocument, tsr_terminal_document, TSR_TYPE_DOCUMENT)

enum {
  TEXT_CHANGED,
  COMPILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- The edit command ------------------------------------------------------------------------ */

#define TSR_TYPE_TEXT_EDIT_COMMAND (tsr_text_edit_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrTextEditCommand, tsr_text_edit_command, TSR, TEXT_EDIT_COMMAND, TsrCommand)

struct _TsrTextEditCommand {
  TsrCommand           parent_instance;
  TsrTerminalDocument *document; /* not a reference: the document owns the undo stack */
  guint                offset;   /* characters */
  char                *removed;
  char                *inserted;
};

G_DEFINE_FINAL_TYPE (TsrTextEditCommand, tsr_text_edit_command, TSR_TYPE_COMMAND)

static void tsr_terminal_document_apply (TsrTerminalDocument *self,
                                         guint                offset,
                                         const char          *removed,
                                         const char          *inserted);

static void
tsr_text_edit_command_redo (TsrCommand *command)
{
  TsrTextEditCommand *self = TSR_TEXT_EDIT_COMMAND (command);

  tsr_terminal_document_apply (self->document, self->offset, self->removed, self->inserted);
}

static void
tsr_text_edit_command_undo (TsrCommand *command)
{
  TsrTextEditCommand *self = TSR_TEXT_EDIT_COMMAND (command);

  tsr_terminal_document_apply (self->document, self->offset, self->inserted, self->removed);
}

static gboolean
is_typing (const TsrTextEditCommand *command)
{
  return *command->removed == '\0' && *command->inserted != '\0';
}

static gboolean
is_deleting (const TsrTextEditCommand *command)
{
  return *command->inserted == '\0' && *command->removed != '\0';
}

/* Typing on after the previous insertion (a line break is a step of its own), or deleting on
 * (Backspace before it, Delete at it). */
static gboolean
tsr_text_edit_command_merge (TsrCommand *command,
                             TsrCommand *next_command)
{
  TsrTextEditCommand *self = TSR_TEXT_EDIT_COMMAND (command);
  TsrTextEditCommand *next;
  char *joined;

  if (!TSR_IS_TEXT_EDIT_COMMAND (next_command))
    return FALSE;
  next = TSR_TEXT_EDIT_COMMAND (next_command);
  if (is_typing (self) && is_typing (next)
      && next->offset == self->offset + g_utf8_strlen (self->inserted, -1)
      && strchr (self->inserted, '\n') == NULL && strchr (next->inserted, '\n') == NULL)
    {
      joined = g_strconcat (self->inserted, next->inserted, NULL);
      g_free (self->inserted);
      self->inserted = joined;
      return TRUE;
    }
  if (is_deleting (self) && is_deleting (next))
    {
      if (next->offset + g_utf8_strlen (next->removed, -1) == self->offset)
        {
          joined = g_strconcat (next->removed, self->removed, NULL);
          self->offset = next->offset;
        }
      else if (next->offset == self->offset)
        joined = g_strconcat (self->removed, next->removed, NULL);
      else
        return FALSE;
      g_free (self->removed);
      self->removed = joined;
      return TRUE;
    }
  return FALSE;
}

static void
tsr_text_edit_command_finalize (GObject *object)
{
  TsrTextEditCommand *self = TSR_TEXT_EDIT_COMMAND (object);

  g_free (self->removed);
  g_free (self->inserted);
  G_OBJECT_CLASS (tsr_text_edit_command_parent_class)->finalize (object);
}

static void
tsr_text_edit_command_class_init (TsrTextEditCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_text_edit_command_finalize;
  command_class->redo = tsr_text_edit_command_redo;
  command_class->undo = tsr_text_edit_command_undo;
  command_class->merge = tsr_text_edit_command_merge;
}

static void
tsr_text_edit_command_init (TsrTextEditCommand *self)
{
}

/* ---- The document ---------------------------------------------------------------------------- */

static TsrMarathonTerminalScript *
script_of (TsrTerminalDocument *self)
{
  return tsr_document_get_format_data (TSR_DOCUMENT (self));
}

/* Replaces the characters REMOVED at OFFSET by INSERTED, then brings the format's data and the
 * compilation up to date. The command checked the range when it was made. */
static void
tsr_terminal_document_apply (TsrTerminalDocument *self,
                             guint                offset,
                             const char          *removed,
                             const char          *inserted)
{
  TsrMarathonTerminalScript *script = script_of (self);
  const char *start = g_utf8_offset_to_pointer (self->text->str, offset);
  gsize start_byte = (gsize) (start - self->text->str);
  guint n_removed = (guint) g_utf8_strlen (removed, -1);
  guint n_inserted = (guint) g_utf8_strlen (inserted, -1);

  g_string_erase (self->text, (gssize) start_byte, (gssize) strlen (removed));
  g_string_insert (self->text, (gssize) start_byte, inserted);
  self->n_chars = self->n_chars - n_removed + n_inserted;

  g_bytes_unref (script->source);
  script->source = g_bytes_new (self->text->str, self->text->len);
  tsr_marathon_script_compilation_free (script->compilation);
  script->compilation = tsr_marathon_script_compile (self->text->str, self->text->len);

  g_signal_emit (self, signals[TEXT_CHANGED], 0, offset, n_removed, n_inserted);
  g_signal_emit (self, signals[COMPILED], 0);
}

static gboolean
tsr_terminal_document_attach (TsrDocument *document,
                              GError     **error)
{
  TsrTerminalDocument *self = TSR_TERMINAL_DOCUMENT (document);
  TsrMarathonTerminalScript *script = script_of (self);
  gsize size;
  const char *data = g_bytes_get_data (script->source, &size);

  self->text = g_string_new_len (data, (gssize) size);
  self->n_chars = (guint) g_utf8_strlen (self->text->str, (gssize) self->text->len);
  return TRUE;
}

static void
tsr_terminal_document_finalize (GObject *object)
{
  TsrTerminalDocument *self = TSR_TERMINAL_DOCUMENT (object);

  if (self->text != NULL)
    g_string_free (self->text, TRUE);
  G_OBJECT_CLASS (tsr_terminal_document_parent_class)->finalize (object);
}

static void
tsr_terminal_document_class_init (TsrTerminalDocumentClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_terminal_document_finalize;
  TSR_DOCUMENT_CLASS (klass)->attach = tsr_terminal_document_attach;

  signals[TEXT_CHANGED] = g_signal_new ("text-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                        G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);
  signals[COMPILED] = g_signal_new ("compiled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tsr_terminal_document_init (TsrTerminalDocument *self)
{
}

void
tsr_terminal_document_register (void)
{
  tsr_document_register_type ("marathon-terminal-script", TSR_TYPE_TERMINAL_DOCUMENT);
}

const char *
tsr_terminal_document_get_text (TsrTerminalDocument *self,
                                gsize               *length)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_DOCUMENT (self), NULL);
  if (length != NULL)
    *length = self->text->len;
  return self->text->str;
}

guint
tsr_terminal_document_get_n_chars (TsrTerminalDocument *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_DOCUMENT (self), 0);
  return self->n_chars;
}

gboolean
tsr_terminal_document_replace (TsrTerminalDocument *self,
                               guint                offset,
                               guint                n_removed,
                               const char          *inserted)
{
  g_autoptr(TsrTextEditCommand) command = NULL;
  const char *start, *end;

  g_return_val_if_fail (TSR_IS_TERMINAL_DOCUMENT (self), FALSE);
  if (inserted == NULL)
    inserted = "";
  if (offset > self->n_chars || n_removed > self->n_chars - offset || !g_utf8_validate (inserted, -1, NULL))
    return FALSE;
  if (n_removed == 0 && *inserted == '\0')
    return FALSE;
  start = g_utf8_offset_to_pointer (self->text->str, offset);
  end = g_utf8_offset_to_pointer (start, n_removed);
  if ((gsize) (end - start) == strlen (inserted) && memcmp (start, inserted, strlen (inserted)) == 0)
    return FALSE;

  command = g_object_new (TSR_TYPE_TEXT_EDIT_COMMAND, NULL);
  command->document = self;
  command->offset = offset;
  command->removed = g_strndup (start, (gsize) (end - start));
  command->inserted = g_strdup (inserted);
  tsr_command_set_description (TSR_COMMAND (command), n_removed > 0 && *inserted == '\0' ? _("Delete")
                                                      : n_removed == 0 ? _("Typing") : _("Replace"));
  tsr_document_execute (TSR_DOCUMENT (self), TSR_COMMAND (command));
  return TRUE;
}

gboolean
tsr_terminal_document_set_text (TsrTerminalDocument *self,
                                const char          *text,
                                const char          *description)
{
  g_autoptr(TsrTextEditCommand) command = NULL;

  g_return_val_if_fail (TSR_IS_TERMINAL_DOCUMENT (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  if (!g_utf8_validate (text, -1, NULL) || g_str_equal (text, self->text->str))
    return FALSE;
  command = g_object_new (TSR_TYPE_TEXT_EDIT_COMMAND, NULL);
  command->document = self;
  command->offset = 0;
  command->removed = g_strdup (self->text->str);
  command->inserted = g_strdup (text);
  tsr_command_set_description (TSR_COMMAND (command), description != NULL ? description : _("Replace All"));
  tsr_undo_stack_break_merge (tsr_document_get_undo_stack (TSR_DOCUMENT (self)));
  tsr_document_execute (TSR_DOCUMENT (self), TSR_COMMAND (command));
  tsr_undo_stack_break_merge (tsr_document_get_undo_stack (TSR_DOCUMENT (self)));
  return TRUE;
}

const TsrMarathonScriptCompilation *
tsr_terminal_document_get_compilation (TsrTerminalDocument *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_DOCUMENT (self), NULL);
  return script_of (self)->compilation;
}

guint
tsr_terminal_document_get_group_line (TsrTerminalDocument *self,
                                      guint                terminal,
                                      guint                group)
{
  const TsrMarathonScriptCompilation *compilation = tsr_terminal_document_get_compilation (self);

  for (guint i = 0; i < compilation->lines->len; i++)
    {
      const TsrMarathonScriptLine *line = &g_array_index (compilation->lines, TsrMarathonScriptLine, i);

      if (line->terminal == terminal && line->group == group && line->offset == 0)
        return line->line;
    }
  return 0;
}

gboolean
tsr_terminal_document_locate_line (TsrTerminalDocument   *self,
                                   guint                  line,
                                   TsrMarathonScriptLine *location)
{
  const TsrMarathonScriptCompilation *compilation = tsr_terminal_document_get_compilation (self);
  const TsrMarathonScriptLine *found = NULL;

  if (compilation->terminals == NULL)
    return FALSE;
  for (guint i = 0; i < compilation->lines->len; i++)
    {
      const TsrMarathonScriptLine *entry = &g_array_index (compilation->lines, TsrMarathonScriptLine, i);

      if (entry->line > line)
        break;
      found = entry;
    }
  if (found == NULL)
    return FALSE;
  *location = *found;
  return TRUE;
}
