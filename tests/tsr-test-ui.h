/* tsr-test-ui.h: what the UI tests share: running the main loop, finding widgets, screenshots. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Runs the main loop for MILLISECONDS. */
void       tsr_test_ui_iterate_for     (guint       milliseconds);
/* Waits (up to 10 s) until WIDGET is mapped and has a size. */
gboolean   tsr_test_ui_wait_for_size   (GtkWidget  *widget);
/* The first widget below ROOT (ROOT included, depth first) that MATCH accepts. */
GtkWidget *tsr_test_ui_find_widget     (GtkWidget  *root,
                                        gboolean  (*match) (GtkWidget *, gconstpointer),
                                        gconstpointer data);
/* A match for tsr_test_ui_find_widget: DATA is a GType (GSIZE_TO_POINTER). */
gboolean   tsr_test_ui_match_type      (GtkWidget    *widget,
                                        gconstpointer type);
/* Renders WIDGET as it is on screen (client-side decorations included) into DIRECTORY/NAME. */
void       tsr_test_ui_save_screenshot (GtkWidget  *widget,
                                        const char *directory,
                                        const char *name);

G_END_DECLS
