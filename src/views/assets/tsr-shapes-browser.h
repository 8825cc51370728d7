/* tsr-shapes-browser.h: the editor page for Marathon Shapes files and shapes patches: the
 * collections (8-bit and 16-bit versions), a colour-table switcher, the bitmaps as thumbnails,
 * frames with their origin and key point, and sequences played as animations per view with a
 * speed control and frame stepping; nearest-neighbour zoom over a checkerboard. Fields, imported
 * pictures and pixels drawn with the shared pixel editor (Edit Pixels) are edited through the
 * document's commands. */
#pragma once

#include <gtk/gtk.h>

#include "model/marathon/tsr-shapes-animation.h"
#include "model/marathon/tsr-shapes-document.h"
#include "views/assets/tsr-asset-browser.h"
#include "views/assets/tsr-shapes-color-editor.h"
#include "views/tsr-pixel-editor.h"

G_BEGIN_DECLS

#define TSR_TYPE_SHAPES_BROWSER (tsr_shapes_browser_get_type ())
G_DECLARE_FINAL_TYPE (TsrShapesBrowser, tsr_shapes_browser, TSR, SHAPES_BROWSER, TsrAssetBrowser)

GtkWidget  *tsr_shapes_browser_new                (void);
void        tsr_shapes_browser_set_document       (TsrShapesBrowser  *self,
                                                   TsrShapesDocument *document);
/* Shows collection COLLECTION's version VERSION (0: 8-bit, 1: 16-bit); FALSE when absent. */
gboolean    tsr_shapes_browser_select_collection  (TsrShapesBrowser  *self,
                                                   guint              collection,
                                                   guint              version);
/* The collection shown, or FALSE with none. */
gboolean    tsr_shapes_browser_get_collection     (TsrShapesBrowser  *self,
                                                   guint             *collection,
                                                   guint             *version);
/* Switches to the bitmaps, frames or sequences and selects item INDEX. */
void        tsr_shapes_browser_show               (TsrShapesBrowser  *self,
                                                   TsrShapesPart      part,
                                                   guint              index);
void        tsr_shapes_browser_set_color_table    (TsrShapesBrowser  *self,
                                                   guint              table);
void        tsr_shapes_browser_set_zoom           (TsrShapesBrowser  *self,
                                                   guint              zoom);
/* Replaces the selected bitmap (the bitmap of the selected frame, or of the sequence's current
 * frame) with the PNG FILE, quantised to the current colour table; the status line reports the
 * colour error and the colours with no close match. */
gboolean    tsr_shapes_browser_import_file        (TsrShapesBrowser  *self,
                                                   GFile             *file,
                                                   GError           **error);
/* Writes what the preview shows (without the checkerboard) as a PNG. */
gboolean    tsr_shapes_browser_export_selection   (TsrShapesBrowser  *self,
                                                   GFile             *file,
                                                   GError           **error);
/* The format's extract (tessera-cli extract) into the folder FOLDER. */
gboolean    tsr_shapes_browser_export_all         (TsrShapesBrowser  *self,
                                                   GFile             *folder,
                                                   GError           **error);
/* The sequence player. */
void        tsr_shapes_browser_set_playing        (TsrShapesBrowser  *self,
                                                   gboolean           playing);
void        tsr_shapes_browser_step               (TsrShapesBrowser  *self,
                                                   int                delta);
void        tsr_shapes_browser_set_view           (TsrShapesBrowser  *self,
                                                   guint              view);
const TsrShapesAnimation *tsr_shapes_browser_get_animation (TsrShapesBrowser *self);
/* The field editor named NAME ("ticks per frame", "origin x"...) of the selection; for a sequence
 * also "views" (its drop-down) and "summary" (the line under the fields; a bitmap has it too).
 * (transfer none) */
GtkWidget  *tsr_shapes_browser_get_field_widget   (TsrShapesBrowser  *self,
                                                   const char        *name);
/* For a patch: compares it with the Shapes file at PATH (NULL or "": none), as the page does with
 * the "marathon-shapes" preference, and marks what it changes in the lists. */
gboolean    tsr_shapes_browser_set_base          (TsrShapesBrowser  *self,
                                                   const char        *path,
                                                   GError           **error);
/* Draws the base's records instead of the patch's (when the base has the collection). */
void        tsr_shapes_browser_set_show_base     (TsrShapesBrowser  *self,
                                                   gboolean           show_base);
gboolean    tsr_shapes_browser_get_show_base     (TsrShapesBrowser  *self);
/* The status line's text. (transfer none) */
const char *tsr_shapes_browser_get_status         (TsrShapesBrowser  *self);
/* The preview widget (screenshots, input). (transfer none) */
GtkWidget  *tsr_shapes_browser_get_preview        (TsrShapesBrowser  *self);
/* The Colours page: the colour table shown, entry by entry. (transfer none) */
TsrShapesColorEditor *tsr_shapes_browser_get_color_editor (TsrShapesBrowser *self);

/* Edit Pixels: its toggle button, and the pixel editor it shows on the bitmap an import would
 * replace (indexed, in the colour table shown). (transfer none) */
GtkWidget  *tsr_shapes_browser_get_edit_pixels_button (TsrShapesBrowser *self);
TsrPixelEditor *tsr_shapes_browser_get_pixel_editor  (TsrShapesBrowser *self);

/* Apply Patch: the .ShPa FILE applied to the open Shapes file as one undo step. Make Patch: a .ShPa
 * of the difference between the base Shapes file of the preferences and the open document,
 * written to FILE atomically. Both put what they did on the status line. */
gboolean    tsr_shapes_browser_apply_patch_file   (TsrShapesBrowser  *self,
                                                   GFile             *file,
                                                   GError           **error);
gboolean    tsr_shapes_browser_make_patch_file    (TsrShapesBrowser  *self,
                                                   GFile             *file,
                                                   GError           **error);

G_END_DECLS
