/* tsr-doom2d-pack.h: building a DFWAD from an unpacked resource folder and the packing list the
 * game's own tools use (`standart.lst`): `:SECTION` lines start a section, `PATH|NAME` lines add
 * the file PATH (Windows separators, any case) as resource NAME. A listed `X.wad` that is not a
 * file is packed from the folder X and its list X.lst beside it, as the game's animated textures
 * are (a nested DFWAD with TEXT\ANIM and TEXTURES\…). */
#pragma once

#include "formats/doom2d/tsr-doom2d-wad.h"

G_BEGIN_DECLS

/* Packs the list at LIST_PATH. Paths are read relative to the list's folder, else to its parent
 * (standart.lst names StandartWAD\…\… from inside StandartWAD). Listed files that are missing are
 * left out and added to MISSING (may be NULL) as "SECTION\NAME: PATH"; a section left empty is not
 * written. NULL with an error when the list cannot be read or a line is malformed (naming the line)
 * or a nested list fails. (transfer full) */
TsrDoom2dWad *tsr_doom2d_pack_list (const char *list_path,
                                    GPtrArray  *missing,
                                    GError    **error);

G_END_DECLS
