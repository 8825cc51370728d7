/* tsr-asset-browser.c: what every asset browser's GObject set-up shared: the editor page, the
 * note and dispose. */
#include "config.h"

#include "views/assets/tsr-asset-browser.h"

#include "views/tsr-editor-page.h"

typedef struct {
  GtkLabel *note_label;  /* bound from the template, or NULL */
} TsrAssetBrowserPrivate;

static void tsr_asset_browser_editor_page_init (TsrEditorPageInterface *iface);

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (TsrAssetBrowser, tsr_asset_browser, GTK_TYPE_WIDGET,
                                  G_ADD_PRIVATE (TsrAssetBrowser)
                                  G_IMPLEMENT_INTERFACE (TSR_TYPE_EDITOR_PAGE, tsr_asset_browser_editor_page_init))

static void
tsr_asset_browser_page_set_document (TsrEditorPage *page,
                                     TsrDocument   *document)
{
  TSR_ASSET_BROWSER_GET_CLASS (page)->set_document (TSR_ASSET_BROWSER (page), document);
}

static void
tsr_asset_browser_page_set_note (TsrEditorPage *page,
                                 const char    *note)
{
  TsrAssetBrowserPrivate *priv = tsr_asset_browser_get_instance_private (TSR_ASSET_BROWSER (page));

  if (priv->note_label != NULL)
    gtk_label_set_text (priv->note_label, note != NULL ? note : "");
}

static void
tsr_asset_browser_editor_page_init (TsrEditorPageInterface *iface)
{
  iface->set_document = tsr_asset_browser_page_set_document;
  iface->set_note = tsr_asset_browser_page_set_note;
}

void
tsr_asset_browser_class_bind_note (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child_private (widget_class, TsrAssetBrowser, note_label);
}

static void
tsr_asset_browser_dispose (GObject *object)
{
  TsrAssetBrowser *self = TSR_ASSET_BROWSER (object);

  TSR_ASSET_BROWSER_GET_CLASS (self)->set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), G_OBJECT_TYPE (self));
  G_OBJECT_CLASS (tsr_asset_browser_parent_class)->dispose (object);
}

static void
tsr_asset_browser_class_init (TsrAssetBrowserClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_asset_browser_dispose;
}

static void
tsr_asset_browser_init (TsrAssetBrowser *self)
{
}
