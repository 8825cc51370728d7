/* tsr-images-browser.h: the editor page for Marathon Images files: every picture ('PICT' and raw
 * 'pict' resources) as a thumbnail with its id, decoded in the background (one GTask per picture,
 * so the window never waits on the PICT decoder), and the chosen picture at 1:1. */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-document.h"
#include "views/assets/tsr-asset-browser.h"

G_BEGIN_DECLS

#define TSR_TYPE_IMAGES_BROWSER (tsr_images_browser_get_type ())
G_DECLARE_FINAL_TYPE (TsrImagesBrowser, tsr_images_browser, TSR, IMAGES_BROWSER, TsrAssetBrowser)

/* Whether DOCUMENT is an Images file (the page's test for the registry). */
gboolean    tsr_images_browser_accepts      (TsrDocument      *document);
void        tsr_images_browser_set_document (TsrImagesBrowser *self,
                                             TsrDocument      *document);
/* Pictures listed, and how many have been decoded so far (or failed). */
guint       tsr_images_browser_get_n_pictures (TsrImagesBrowser *self);
guint       tsr_images_browser_get_n_loaded   (TsrImagesBrowser *self);
/* Shows picture number INDEX (in file order) at 1:1; FALSE when it is not loaded. */
gboolean    tsr_images_browser_open         (TsrImagesBrowser *self,
                                             guint             index);
/* The id of the picture shown at 1:1, or -1. */
int         tsr_images_browser_get_open_id  (TsrImagesBrowser *self);

G_END_DECLS
