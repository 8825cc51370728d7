/* tsr-doom2d-names.h: English labels (marked N_(), translated by the editor) for the constants of
 * Doom2D Forever's panel, trigger, item, monster and area types. GTK-free. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "Small medkit" for "ITEM_MEDKIT_SMALL" (untranslated, static), or NULL for a constant without one. */
const char *tsr_doom2d_constant_label (const char *identifier);

G_END_DECLS
