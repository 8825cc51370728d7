/* tsr-asset-browser.h: the abstract base of the asset browsers (Shapes, Images, Sphere sprites
 * and tiles, Wolf3D pictures): it is the editor page the window sees (set_document goes to the
 * class's set_document, set_note to the template's "note_label" where a browser binds one), lets
 * go of the document and disposes the template on dispose. What a browser lists and shows is its
 * own; the helpers they share otherwise are in tsr-asset-preview.h. */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_ASSET_BROWSER (tsr_asset_browser_get_type ())
G_DECLARE_DERIVABLE_TYPE (TsrAssetBrowser, tsr_asset_browser, TSR, ASSET_BROWSER, GtkWidget)

struct _TsrAssetBrowserClass {
  GtkWidgetClass parent_class;

  /* Takes DOCUMENT (a document the page accepts), or lets go of the one shown (NULL). */
  void (*set_document) (TsrAssetBrowser *self,
                        TsrDocument     *document);
};

/* The template's GtkLabel "note_label" shows the page's note. */
void tsr_asset_browser_class_bind_note     (GtkWidgetClass *widget_class);

G_END_DECLS
