/* tsr-terminal-text.c: the script text in a GString, edited by one private command class
 * (replace a character range), recompiled after every change. */
#include "model/marathon/tsr-terminal-text.h"

#include <glib/gi18n.h>
#include <string.h>

struct _TsrTerminalText {
  GObject                       parent_instance;
  GString                      *text;
  guint                         n_chars;
  TsrMarathonScriptCompilation *compilation;
  int                           n_levels;           /* -1: unknown */
  int                           n_polygons;         /* -1: unknown */
  GArray                       *pict_ids;           /* int, ascending; NULL: unknown */
  GArray                       *reference_diagnostics;
  TsrUndoStack                 *undo_stack; /* weak: the document that owns both owns the stack */
};

G_DEFINE_FINAL_TYPE (TsrTerminalText, tsr_terminal_text, G_TYPE_OBJECT)

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
  TsrTerminalText     *text;     /* not a reference: its owner owns the undo stack too */
  guint                offset;   /* characters */
  char                *removed;
  char                *inserted;
};

G_DEFINE_FINAL_TYPE (TsrTextEditCommand, tsr_text_edit_command, TSR_TYPE_COMMAND)

static void tsr_terminal_text_apply (TsrTerminalText *self,
                                     guint            offset,
                                     const char      *removed,
                                     const char      *inserted);

static void
tsr_text_edit_command_redo (TsrCommand *command)
{
  TsrTextEditCommand *self = TSR_TEXT_EDIT_COMMAND (command);

  tsr_terminal_text_apply (self->text, self->offset, self->removed, self->inserted);
}

static void
tsr_text_edit_command_undo (TsrCommand *command)
{
  TsrTextEditCommand *self = TSR_TEXT_EDIT_COMMAND (command);

  tsr_terminal_text_apply (self->text, self->offset, self->inserted, self->removed);
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

/* ---- The text ------------------------------------------------------------------------------ */

/* Renews the reference diagnostics; TRUE when they changed. */
static gboolean
check_references (TsrTerminalText *self)
{
  TsrMarathonScriptReferences references = {
    self->n_levels, self->n_polygons,
    self->pict_ids != NULL ? (const int *) self->pict_ids->data : NULL,
    self->pict_ids != NULL ? self->pict_ids->len : 0,
  };
  GArray *fresh = tsr_marathon_script_diagnostics_new ();
  gboolean changed;

  tsr_marathon_script_check_references (self->compilation, &references, fresh);
  changed = self->reference_diagnostics == NULL || fresh->len != self->reference_diagnostics->len;
  for (guint i = 0; !changed && i < fresh->len; i++)
    {
      const TsrMarathonScriptDiagnostic *a = &g_array_index (fresh, TsrMarathonScriptDiagnostic, i);
      const TsrMarathonScriptDiagnostic *b = &g_array_index (self->reference_diagnostics, TsrMarathonScriptDiagnostic, i);

      changed = a->line != b->line || a->severity != b->severity || strcmp (a->message, b->message) != 0;
    }
  g_clear_pointer (&self->reference_diagnostics, g_array_unref);
  self->reference_diagnostics = fresh;
  return changed;
}

static void
tsr_terminal_text_apply (TsrTerminalText *self,
                         guint            offset,
                         const char      *removed,
                         const char      *inserted)
{
  const char *start = g_utf8_offset_to_pointer (self->text->str, offset);
  gsize start_byte = (gsize) (start - self->text->str);
  guint n_removed = (guint) g_utf8_strlen (removed, -1);
  guint n_inserted = (guint) g_utf8_strlen (inserted, -1);

  g_string_erase (self->text, (gssize) start_byte, (gssize) strlen (removed));
  g_string_insert (self->text, (gssize) start_byte, inserted);
  self->n_chars = self->n_chars - n_removed + n_inserted;
  tsr_marathon_script_compilation_free (self->compilation);
  self->compilation = tsr_marathon_script_compile (self->text->str, self->text->len);
  check_references (self);

  g_signal_emit (self, signals[TEXT_CHANGED], 0, offset, n_removed, n_inserted);
  g_signal_emit (self, signals[COMPILED], 0);
}

static void
tsr_terminal_text_finalize (GObject *object)
{
  TsrTerminalText *self = TSR_TERMINAL_TEXT (object);

  g_string_free (self->text, TRUE);
  tsr_marathon_script_compilation_free (self->compilation);
  g_clear_pointer (&self->pict_ids, g_array_unref);
  g_clear_pointer (&self->reference_diagnostics, g_array_unref);
  g_clear_weak_pointer (&self->undo_stack);
  G_OBJECT_CLASS (tsr_terminal_text_parent_class)->finalize (object);
}

static void
tsr_terminal_text_class_init (TsrTerminalTextClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_terminal_text_finalize;

  signals[TEXT_CHANGED] = g_signal_new ("text-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                        G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);
  signals[COMPILED] = g_signal_new ("compiled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tsr_terminal_text_init (TsrTerminalText *self)
{
  self->n_levels = -1;
  self->n_polygons = -1;
}

TsrTerminalText *
tsr_terminal_text_new (const char   *text,
                       gsize         length,
                       TsrUndoStack *undo_stack)
{
  TsrTerminalText *self;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (TSR_IS_UNDO_STACK (undo_stack), NULL);
  g_return_val_if_fail (g_utf8_validate_len (text != NULL ? text : "", length, NULL), NULL);

  self = g_object_new (TSR_TYPE_TERMINAL_TEXT, NULL);
  self->text = g_string_new_len (text != NULL ? text : "", (gssize) length);
  self->n_chars = (guint) g_utf8_strlen (self->text->str, (gssize) self->text->len);
  self->compilation = tsr_marathon_script_compile (self->text->str, self->text->len);
  check_references (self);
  g_set_weak_pointer (&self->undo_stack, undo_stack);
  return self;
}

const char *
tsr_terminal_text_get_text (TsrTerminalText *self,
                            gsize           *length)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_TEXT (self), NULL);
  if (length != NULL)
    *length = self->text->len;
  return self->text->str;
}

guint
tsr_terminal_text_get_n_chars (TsrTerminalText *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_TEXT (self), 0);
  return self->n_chars;
}

TsrUndoStack *
tsr_terminal_text_get_undo_stack (TsrTerminalText *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_TEXT (self), NULL);
  return self->undo_stack;
}

static void
push (TsrTerminalText    *self,
      TsrTextEditCommand *command)
{
  if (self->undo_stack != NULL)
    tsr_undo_stack_push (self->undo_stack, TSR_COMMAND (command));
}

gboolean
tsr_terminal_text_replace (TsrTerminalText *self,
                           guint            offset,
                           guint            n_removed,
                           const char      *inserted)
{
  g_autoptr(TsrTextEditCommand) command = NULL;
  const char *start, *end;

  g_return_val_if_fail (TSR_IS_TERMINAL_TEXT (self), FALSE);
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
  command->text = self;
  command->offset = offset;
  command->removed = g_strndup (start, (gsize) (end - start));
  command->inserted = g_strdup (inserted);
  tsr_command_set_description (TSR_COMMAND (command), n_removed > 0 && *inserted == '\0' ? _("Delete")
                                                      : n_removed == 0 ? _("Typing") : _("Replace"));
  push (self, command);
  return TRUE;
}

void
tsr_terminal_text_store (TsrTerminalText *self,
                         guint            offset,
                         guint            n_removed,
                         const char      *inserted)
{
  g_autofree char *removed = NULL;
  const char *start;

  g_return_if_fail (TSR_IS_TERMINAL_TEXT (self));
  g_return_if_fail (offset <= self->n_chars && n_removed <= self->n_chars - offset);
  start = g_utf8_offset_to_pointer (self->text->str, offset);
  removed = g_strndup (start, (gsize) (g_utf8_offset_to_pointer (start, n_removed) - start));
  tsr_terminal_text_apply (self, offset, removed, inserted != NULL ? inserted : "");
}

gboolean
tsr_terminal_text_set_text (TsrTerminalText *self,
                            const char      *text,
                            const char      *description)
{
  g_autoptr(TsrTextEditCommand) command = NULL;

  g_return_val_if_fail (TSR_IS_TERMINAL_TEXT (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  if (!g_utf8_validate (text, -1, NULL) || g_str_equal (text, self->text->str) || self->undo_stack == NULL)
    return FALSE;
  command = g_object_new (TSR_TYPE_TEXT_EDIT_COMMAND, NULL);
  command->text = self;
  command->offset = 0;
  command->removed = g_strdup (self->text->str);
  command->inserted = g_strdup (text);
  tsr_command_set_description (TSR_COMMAND (command), description != NULL ? description : _("Replace All"));
  tsr_undo_stack_break_merge (self->undo_stack);
  push (self, command);
  tsr_undo_stack_break_merge (self->undo_stack);
  return TRUE;
}

const TsrMarathonScriptCompilation *
tsr_terminal_text_get_compilation (TsrTerminalText *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_TEXT (self), NULL);
  return self->compilation;
}

guint
tsr_terminal_text_get_group_line (TsrTerminalText *self,
                                  guint            terminal,
                                  guint            group)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_TEXT (self), 0);
  for (guint i = 0; i < self->compilation->lines->len; i++)
    {
      const TsrMarathonScriptLine *line = &g_array_index (self->compilation->lines, TsrMarathonScriptLine, i);

      if (line->terminal == terminal && line->group == group && line->offset == 0)
        return line->line;
    }
  return 0;
}

gboolean
tsr_terminal_text_locate_line (TsrTerminalText       *self,
                               guint                  line,
                               TsrMarathonScriptLine *location)
{
  const TsrMarathonScriptLine *found = NULL;

  g_return_val_if_fail (TSR_IS_TERMINAL_TEXT (self), FALSE);
  if (self->compilation->terminals == NULL)
    return FALSE;
  for (guint i = 0; i < self->compilation->lines->len; i++)
    {
      const TsrMarathonScriptLine *entry = &g_array_index (self->compilation->lines, TsrMarathonScriptLine, i);

      if (entry->line > line)
        break;
      found = entry;
    }
  if (found == NULL)
    return FALSE;
  *location = *found;
  return TRUE;
}

void
tsr_terminal_text_set_targets (TsrTerminalText *self,
                               int              n_levels,
                               int              n_polygons)
{
  g_return_if_fail (TSR_IS_TERMINAL_TEXT (self));
  if (self->n_levels == n_levels && self->n_polygons == n_polygons)
    return;
  self->n_levels = n_levels;
  self->n_polygons = n_polygons;
  if (check_references (self))
    g_signal_emit (self, signals[COMPILED], 0);
}

static int
compare_ints (gconstpointer a,
              gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;

  return (x > y) - (x < y);
}

void
tsr_terminal_text_set_pictures (TsrTerminalText *self,
                                const int       *ids,
                                guint            n_ids)
{
  g_return_if_fail (TSR_IS_TERMINAL_TEXT (self));
  g_clear_pointer (&self->pict_ids, g_array_unref);
  if (ids != NULL)
    {
      self->pict_ids = g_array_sized_new (FALSE, FALSE, sizeof (int), n_ids);
      g_array_append_vals (self->pict_ids, ids, n_ids);
      g_array_sort (self->pict_ids, compare_ints);
    }
  if (check_references (self))
    g_signal_emit (self, signals[COMPILED], 0);
}

GArray *
tsr_terminal_text_get_reference_diagnostics (TsrTerminalText *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_TEXT (self), NULL);
  return self->reference_diagnostics;
}
