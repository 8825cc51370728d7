/* tsr-marathon-physics-command.h: one field of one physics definition (a monster's vitality, a
 * weapon trigger's projectile) changed, as a command: it keeps the field's old and new bytes and
 * writes only those, so every other byte of the table stays as it was. The table is found again
 * through the document on each undo and redo (a physics file's tables, or the physics chunks of a
 * scenario level). GTK-free. */
#pragma once

#include "formats/marathon/tsr-marathon-physics.h"
#include "model/tsr-command.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_PHYSICS_COMMAND (tsr_marathon_physics_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonPhysicsCommand, tsr_marathon_physics_command, TSR, MARATHON_PHYSICS_COMMAND,
                      TsrCommand)

/* The physics tables of DOCUMENT: a "marathon-physics" document's (LEVEL ignored) or those of
 * level LEVEL of a "marathon-map" (NULL when the level has none) (transfer none). */
GPtrArray  *tsr_marathon_physics_document_tables (TsrDocument *document,
                                                  guint        level);

/* Sets FIELD (of the table's tsr_marathon_physics_table_fields) of RECORD in table TABLE of
 * DOCUMENT's LEVEL to VALUE; NULL when it holds VALUE already (transfer full). */
TsrCommand *tsr_marathon_physics_command_new (TsrDocument   *document,
                                              guint          level,
                                              guint          table,
                                              guint          record,
                                              guint          field,
                                              gint64         value,
                                              const char    *description);

G_END_DECLS
