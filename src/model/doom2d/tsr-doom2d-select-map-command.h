/* tsr-doom2d-select-map-command.h: switching the map shown of an archive holding several, as an
 * undo step, so the edits of every map stay on one history. */
#pragma once

#include "model/doom2d/tsr-doom2d-document.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

#define TSR_TYPE_DOOM2D_SELECT_MAP_COMMAND (tsr_doom2d_select_map_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dSelectMapCommand, tsr_doom2d_select_map_command, TSR, DOOM2D_SELECT_MAP_COMMAND,
                      TsrCommand)

/* Shows map INDEX of DOCUMENT's archive (already parsed by the document). */
TsrCommand *tsr_doom2d_select_map_command_new (TsrDoom2dDocument *document,
                                               guint              index,
                                               const char        *description);

G_END_DECLS
