/* tsr-doom2d-new-map.h: File → New for Doom2D Forever: an empty map of a name and size, built by
 * the codec and opened as an unsaved document. GTK-free. */
#pragma once

#include "model/tsr-document.h"

G_BEGIN_DECLS

/* A binary map ("untitled.map", no file) named NAME (CP1251 characters, at most 32 bytes) of
 * WIDTH × HEIGHT pixels (each 1 to 32767) holding only the first player's spawn (an area
 * PLAYERPOINT1) in the middle, so it validates clean. (transfer full) */
TsrDocument *tsr_doom2d_new_map (const char  *name,
                                 guint        width,
                                 guint        height,
                                 GError     **error);

G_END_DECLS
