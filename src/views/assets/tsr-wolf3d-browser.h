/* tsr-wolf3d-browser.h: the editor page for a Wolfenstein 3D set opened from its VSWAP or VGA
 * files: the walls, sprites (with the object each stands for), pictures and fonts as thumbnails
 * with their numbers, the chosen one zoomed by whole pixels (1:1 at first) on a checkerboard, and
 * export of that picture or of all of them through the codec's extract. Read-only: the set's
 * graphics are not edited. */
#pragma once

#include <gtk/gtk.h>

#include "formats/wolf3d/tsr-wolf3d-assets.h"
#include "model/tsr-document.h"
#include "views/assets/tsr-asset-browser.h"

G_BEGIN_DECLS

#define TSR_TYPE_WOLF3D_BROWSER (tsr_wolf3d_browser_get_type ())
G_DECLARE_FINAL_TYPE (TsrWolf3dBrowser, tsr_wolf3d_browser, TSR, WOLF3D_BROWSER, TsrAssetBrowser)

/* Whether DOCUMENT is a Wolf3D set opened from VSWAP, VGAHEAD, VGADICT or VGAGRAPH (the page's
 * test for the registry; a set opened from its maps goes to the map editor). */
gboolean    tsr_wolf3d_browser_accepts          (TsrDocument        *document);
GtkWidget  *tsr_wolf3d_browser_new              (void);
void        tsr_wolf3d_browser_set_document     (TsrWolf3dBrowser   *self,
                                                 TsrDocument        *document);
/* The thumbnails of KIND. */
guint       tsr_wolf3d_browser_get_n_items      (TsrWolf3dBrowser   *self,
                                                 TsrWolf3dAssetKind  kind);
/* The kind whose thumbnails are shown. */
TsrWolf3dAssetKind tsr_wolf3d_browser_get_kind  (TsrWolf3dBrowser   *self);
/* Selects thumbnail POSITION of KIND (showing that kind) and opens it; FALSE when there is none. */
gboolean    tsr_wolf3d_browser_select           (TsrWolf3dBrowser   *self,
                                                 TsrWolf3dAssetKind  kind,
                                                 guint               position);
/* The picture shown in the preview; FALSE when none is. */
gboolean    tsr_wolf3d_browser_get_open         (TsrWolf3dBrowser   *self,
                                                 TsrWolf3dAsset     *asset);
void        tsr_wolf3d_browser_set_zoom         (TsrWolf3dBrowser   *self,
                                                 guint               zoom);
guint       tsr_wolf3d_browser_get_zoom         (TsrWolf3dBrowser   *self);
/* Writes the picture shown as a PNG at FILE (what extract writes for it). */
gboolean    tsr_wolf3d_browser_export_selection (TsrWolf3dBrowser   *self,
                                                 GFile              *file,
                                                 GError            **error);
/* Runs the format's extract into FOLDER. */
gboolean    tsr_wolf3d_browser_export_all       (TsrWolf3dBrowser   *self,
                                                 GFile              *folder,
                                                 GError            **error);
/* The preview's caption ("Sprite 50 · Guard (view 0) · 64×64 at 1:1") and the status line. */
const char *tsr_wolf3d_browser_get_info         (TsrWolf3dBrowser   *self);
const char *tsr_wolf3d_browser_get_status       (TsrWolf3dBrowser   *self);
GtkWidget  *tsr_wolf3d_browser_get_preview      (TsrWolf3dBrowser   *self);
/* The flow box of KIND's thumbnails (for tests that click them). (transfer none) */
GtkWidget  *tsr_wolf3d_browser_get_flow         (TsrWolf3dBrowser   *self,
                                                 TsrWolf3dAssetKind  kind);

G_END_DECLS
