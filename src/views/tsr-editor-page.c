/* tsr-editor-page.c: the editor page interface. */
#include "views/tsr-editor-page.h"

G_DEFINE_INTERFACE (TsrEditorPage, tsr_editor_page, GTK_TYPE_WIDGET)

static void
tsr_editor_page_default_init (TsrEditorPageInterface *iface)
{
}

void
tsr_editor_page_set_document (TsrEditorPage *self,
                              TsrDocument   *document)
{
  g_return_if_fail (TSR_IS_EDITOR_PAGE (self));
  TSR_EDITOR_PAGE_GET_IFACE (self)->set_document (self, document);
}

void
tsr_editor_page_set_note (TsrEditorPage *self,
                          const char    *note)
{
  TsrEditorPageInterface *iface;

  g_return_if_fail (TSR_IS_EDITOR_PAGE (self));
  iface = TSR_EDITOR_PAGE_GET_IFACE (self);
  if (iface->set_note != NULL)
    iface->set_note (self, note);
}

void
tsr_editor_page_reload_resources (TsrEditorPage *self)
{
  TsrEditorPageInterface *iface;

  g_return_if_fail (TSR_IS_EDITOR_PAGE (self));
  iface = TSR_EDITOR_PAGE_GET_IFACE (self);
  if (iface->reload_resources != NULL)
    iface->reload_resources (self);
}
