/* tsr-marathon-palette-command.h: adding, duplicating or deleting a palette record (a light, a
 * liquid, a platform, an ambient or random sound) of one level as one undoable command; the
 * reference repair is tsr_marathon_palette_delete's. Undo puts back the arrays the edit changed.
 * GTK-free. */
#pragma once

#include "formats/marathon/tsr-marathon-palette.h"
#include "model/marathon/tsr-marathon-level-map.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_PALETTE_COMMAND (tsr_marathon_palette_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonPaletteCommand, tsr_marathon_palette_command, TSR, MARATHON_PALETTE_COMMAND,
                      TsrCommand)

typedef enum {
  TSR_MARATHON_PALETTE_ADD,       /* the engine's defaults at the end (INDEX unused) */
  TSR_MARATHON_PALETTE_DUPLICATE, /* a copy of INDEX at the end */
  TSR_MARATHON_PALETTE_DELETE,    /* INDEX removed, references repaired */
} TsrMarathonPaletteOperation;

/* The edit, ready to execute (the level is unchanged until then), or NULL with the reason it is
 * refused (transfer full). */
TsrCommand *tsr_marathon_palette_command_new       (TsrMarathonLevelMap         *map,
                                                    TsrMarathonPaletteKind       kind,
                                                    TsrMarathonPaletteOperation  operation,
                                                    guint                        index,
                                                    GError                     **error);
/* The record added (ADD, DUPLICATE) or removed (DELETE). */
guint       tsr_marathon_palette_command_get_index (TsrMarathonPaletteCommand   *self);

G_END_DECLS
