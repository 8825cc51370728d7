/* tsr-asset-preview.h: what the asset browsers share: a picture zoomed by whole pixels with
 * nearest-neighbour sampling over a checkerboard that shows its transparency, thumbnails that
 * shrink a large picture by nearest neighbour (GTK would smooth it), and Export All. */
#pragma once

#include <gtk/gtk.h>

#include "core/tsr-image.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

/* The side of the checkerboard's squares, also the margin the browsers leave round a preview. */
#define TSR_ASSET_CHECKER_SIZE 8

/* Paints the checkerboard over WIDTH × HEIGHT device pixels at (X, Y), then SURFACE scaled ZOOM
 * times with CAIRO_FILTER_NEAREST on it. The cairo state is left as it was. */
void      tsr_asset_preview_paint  (cairo_t         *cr,
                                    cairo_surface_t *surface,
                                    double           x,
                                    double           y,
                                    double           zoom);
/* IMAGE itself when its longest side is at most SIZE, else shrunk by nearest neighbour to that
 * side. (transfer full) */
TsrImage *tsr_asset_thumbnail_fit  (const TsrImage  *image,
                                    guint            size);
/* A centred GtkPicture of IMAGE fitted to SIZE (small ones enlarged by up to MAXIMUM whole pixels)
 * on the checkerboard style "tsr-preview". (transfer floating) */
GtkWidget *tsr_asset_thumbnail_new (const TsrImage  *image,
                                    guint            size,
                                    guint            maximum);

/* The PNG picture in FILE (a local file), named by its base name in errors. (transfer full) */
TsrImage  *tsr_asset_load_png      (GFile           *file,
                                    GError         **error);
/* A native file chooser for WIDGET's window with a "PNG pictures" filter (unless ACTION selects a
 * folder). (transfer full) */
GtkFileChooserNative *tsr_asset_png_chooser_new (GtkWidget           *widget,
                                                 const char          *title,
                                                 GtkFileChooserAction action,
                                                 const char          *accept);

/* The GObject set-up every asset browser (and the colour editor) shares. */
/* Uses the template UI_FILE ("tsr-shapes-browser.ui") of the application's resources, laid out as a
 * bin (the template's one child fills the widget). */
void       tsr_asset_class_set_template (GtkWidgetClass  *widget_class,
                                         const char      *ui_file);
/* The preview area's content size for a WIDTH × HEIGHT picture shown ZOOM times, with the
 * checkerboard's margin round it. */
void       tsr_asset_preview_set_size   (GtkDrawingArea  *preview,
                                         guint            width,
                                         guint            height,
                                         guint            zoom);
/* ZOOM limited to 1–16, shown in SPIN (set only when it shows another value); returns it. */
guint      tsr_asset_zoom_sync          (GtkSpinButton   *spin,
                                         guint            zoom);
/* What a file chooser's response handler does last: destroys and releases DIALOG and drops the
 * reference on OWNER that was taken when it was shown. */
void       tsr_asset_chooser_done       (GtkNativeDialog *dialog,
                                         gpointer         owner);

/* Shows DIALOG; its "response" goes to ON_RESPONSE with a reference on OWNER (the handler ends
 * with tsr_asset_chooser_done). */
void       tsr_asset_chooser_show       (GtkFileChooserNative *dialog,
                                         GCallback        on_response,
                                         gpointer         owner);
/* What an asset page does with the file chosen in its file chooser: OWNER's edit, import or
 * export of FILE. */
typedef gboolean (*TsrAssetFileFunc) (gpointer   owner,
                                      GFile     *file,
                                      GError   **error);
/* Shows DIALOG; once a file is chosen RUN (OWNER, file) runs, and when it fails STATUS shows why.
 * DIALOG and the reference it keeps on OWNER are released after the response. */
void       tsr_asset_chooser_run        (GtkFileChooserNative *dialog,
                                         gpointer         owner,
                                         TsrAssetFileFunc run,
                                         GtkLabel        *status);
/* Removes every child of CONTAINER (a GtkListBox, GtkFlowBox, GtkGrid or another widget). */
void       tsr_asset_remove_children    (GtkWidget       *container);
/* A thumbnail's place when its picture cannot be decoded: MESSAGE wrapped at MAX_WIDTH_CHARS, in
 * the "error" style. (transfer floating) */
GtkWidget *tsr_asset_error_label_new    (const char      *message,
                                         int              max_width_chars);

/* Runs DOCUMENT's format's extract into FOLDER; on success STATUS says what was written ("Wrote
 * 436 pictures into …"). */
gboolean   tsr_asset_export_all    (TsrDocument     *document,
                                    GFile           *folder,
                                    GtkLabel        *status,
                                    GError         **error);

G_END_DECLS
