/* tsr-doom2d-names.h: English labels (marked N_(), translated by the editor) for the constants of
 * every enum and bitset of Doom2D Forever's map schema (types, flags, and the trigger data's shot,
 * effect, damage, score and message kinds). GTK-free. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "Small medkit" for "ITEM_MEDKIT_SMALL" (untranslated, static), or NULL for a constant without one. */
const char *tsr_doom2d_constant_label (const char *identifier);

/* The name the editor shows for IDENTIFIER: its label in the user's language, else the identifier
 * without its prefix as words ("MONSTER_FOO_BAR": "Foo bar") (transfer full). */
char       *tsr_doom2d_constant_display_name (const char *identifier);
/* The constants of the schema enum ENUM_NAME a palette offers, in the schema's order: every value
 * once (aliases left out), NONE (0) left out (transfer full, const TsrFieldConstant *). */
GPtrArray  *tsr_doom2d_palette_constants     (const char *enum_name);

G_END_DECLS
