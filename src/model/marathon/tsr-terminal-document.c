/* tsr-terminal-document.c: the document keeps the loaded TsrMarathonTerminalScript (the format's
 * data) equal to its TsrTerminalText after every change, sharing the text's compilation. */
#include "model/marathon/tsr-terminal-document.h"

#include <glib/gi18n.h>

struct _TsrTerminalDocument {
  TsrDocument      parent_instance;
  TsrTerminalText *text;
};

G_DEFINE_FINAL_TYPE (TsrTerminalDocument, tsr_terminal_document, TSR_TYPE_DOCUMENT)

static void
on_text_compiled (TsrTerminalText     *text,
                  TsrTerminalDocument *self)
{
  TsrMarathonTerminalScript *script = tsr_document_get_format_data (TSR_DOCUMENT (self));
  gsize length;
  const char *data = tsr_terminal_text_get_text (text, &length);

  g_bytes_unref (script->source);
  script->source = g_bytes_new (data, length);
  tsr_marathon_script_compilation_free (script->compilation);
  script->compilation = tsr_marathon_script_compilation_ref ((TsrMarathonScriptCompilation *) tsr_terminal_text_get_compilation (text));
}

static gboolean
tsr_terminal_document_attach (TsrDocument *document,
                              GError     **error)
{
  TsrTerminalDocument *self = TSR_TERMINAL_DOCUMENT (document);
  TsrMarathonTerminalScript *script = tsr_document_get_format_data (document);
  gsize size;
  const char *data = g_bytes_get_data (script->source, &size);

  self->text = tsr_terminal_text_new (data, size, tsr_document_get_undo_stack (document));
  g_signal_connect (self->text, "compiled", G_CALLBACK (on_text_compiled), self);
  return TRUE;
}

static void
tsr_terminal_document_dispose (GObject *object)
{
  TsrTerminalDocument *self = TSR_TERMINAL_DOCUMENT (object);

  if (self->text != NULL)
    g_signal_handlers_disconnect_by_data (self->text, self);
  g_clear_object (&self->text);
  G_OBJECT_CLASS (tsr_terminal_document_parent_class)->dispose (object);
}

/* The format reports the compilation's diagnostics; what the script refers to (pictures the editor
 * knows of) is the text's. */
static void
tsr_terminal_document_validate (TsrDocument *document,
                                GPtrArray   *findings)
{
  TsrTerminalDocument *self = TSR_TERMINAL_DOCUMENT (document);
  GArray *diagnostics = self->text != NULL ? tsr_terminal_text_get_reference_diagnostics (self->text) : NULL;

  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const TsrMarathonScriptDiagnostic *diagnostic = &g_array_index (diagnostics, TsrMarathonScriptDiagnostic, i);
      g_autofree char *where = g_strdup_printf (_("line %u, column %u"), diagnostic->line, diagnostic->column);
      TsrFindingPlace place = tsr_finding_place_at (-1, "script", -1, TSR_FINDING_POINT_TEXT, diagnostic->column,
                                                    diagnostic->line);

      tsr_findings_add_at (findings, diagnostic->severity, &place, where, "%s", diagnostic->message);
    }
}

static void
tsr_terminal_document_class_init (TsrTerminalDocumentClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_terminal_document_dispose;
  TSR_DOCUMENT_CLASS (klass)->attach = tsr_terminal_document_attach;
  TSR_DOCUMENT_CLASS (klass)->validate = tsr_terminal_document_validate;
}

static void
tsr_terminal_document_init (TsrTerminalDocument *self)
{
}

void
tsr_terminal_document_register (void)
{
  tsr_document_register_type ("marathon-terminal-script", TSR_TYPE_TERMINAL_DOCUMENT);
  /* Its data starts with the TsrMarathonTerminalScript holding the block script. */
  tsr_document_register_type ("marathon1-terminals", TSR_TYPE_TERMINAL_DOCUMENT);
}

TsrTerminalText *
tsr_terminal_document_get_text (TsrTerminalDocument *self)
{
  g_return_val_if_fail (TSR_IS_TERMINAL_DOCUMENT (self), NULL);
  return self->text;
}
