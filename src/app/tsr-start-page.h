/* tsr-start-page.h: what a window shows before a document is open: Open, recent files and the
 * bundled samples. Rows activate win.open-uri / win.open-sample. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TSR_TYPE_START_PAGE (tsr_start_page_get_type ())
G_DECLARE_FINAL_TYPE (TsrStartPage, tsr_start_page, TSR, START_PAGE, GtkWidget)

GtkWidget *tsr_start_page_new             (void);
/* Rows offered: one per bundled sample document (a set of files counts once). */
guint      tsr_start_page_get_n_samples   (TsrStartPage *self);
guint      tsr_start_page_get_n_recent    (TsrStartPage *self);
/* Rows of Wolfenstein 3D sets found in the wolf3d-data-folders preference. */
guint      tsr_start_page_get_n_wolf3d_sets (TsrStartPage *self);

G_END_DECLS
