/* tsr-recent.h: the files Tessera opened, kept by GtkRecentManager under Tessera's name so the
 * start page and Open Recent list only those. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Remembers FILE as opened by Tessera. */
void   tsr_recent_add  (GFile *file);
/* The GtkRecentInfo of existing local files Tessera opened, newest first, at most LIMIT. */
GList *tsr_recent_list (guint  limit);
/* The Open Recent menu label for URI: its name and folder, underscores escaped from mnemonic
 * parsing (transfer full). */
char  *tsr_recent_menu_label (const char *uri);

G_END_DECLS
