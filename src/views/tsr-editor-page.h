/* tsr-editor-page.h: what the window needs of a widget that edits or shows a document: take the
 * document (NULL: let go of it) and show a short note about where it lives. Pages register
 * in tsr-editor-pages.h; the window asks the registry which page edits a document. */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_EDITOR_PAGE (tsr_editor_page_get_type ())
G_DECLARE_INTERFACE (TsrEditorPage, tsr_editor_page, TSR, EDITOR_PAGE, GtkWidget)

struct _TsrEditorPageInterface {
  GTypeInterface parent_iface;

  void (*set_document) (TsrEditorPage *self,
                        TsrDocument   *document);
  /* Optional: a note about the document's location ("A bundled sample: …"), NULL for none. */
  void (*set_note)     (TsrEditorPage *self,
                        const char    *note);
  /* Optional: the game data folders changed (a preference); look resources up again. */
  void (*reload_resources) (TsrEditorPage *self);
};

void tsr_editor_page_set_document (TsrEditorPage *self,
                                   TsrDocument   *document);
void tsr_editor_page_set_note     (TsrEditorPage *self,
                                   const char    *note);
void tsr_editor_page_reload_resources (TsrEditorPage *self);

G_END_DECLS
