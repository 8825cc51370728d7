/* tsr-doom2d-command.h: one undoable edit of a Doom2D Forever map: a list of record operations
 * (append a record, remove records, set a field, switch a trigger's type) done in order and undone
 * in reverse. Removal keeps the removed records and every reference the codec renumbered or
 * cleared, so undo restores them exactly. A command names the elements it changed to the
 * document's vector map (elements-changed). */
#pragma once

#include "formats/doom2d/tsr-doom2d-map.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

typedef struct _TsrDoom2dDocument TsrDoom2dDocument;

#define TSR_TYPE_DOOM2D_COMMAND (tsr_doom2d_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dCommand, tsr_doom2d_command, TSR, DOOM2D_COMMAND, TsrCommand)

TsrDoom2dCommand *tsr_doom2d_command_new         (TsrDoom2dDocument   *document,
                                                  const char          *description);
/* Appends RECORD (transfer full) at the end of its kind. */
void              tsr_doom2d_command_add         (TsrDoom2dCommand    *self,
                                                  TsrDoom2dRecord     *record);
/* Removes record INDEX of KIND (as the map is when this operation runs). */
void              tsr_doom2d_command_remove      (TsrDoom2dCommand    *self,
                                                  TsrDoom2dKind        kind,
                                                  guint                index);
/* Sets a field (DATA: of the trigger's data layout) to VALUE; the old value is read when the
 * operation first runs. For a trigger's type use set_trigger_type. */
void              tsr_doom2d_command_set         (TsrDoom2dCommand    *self,
                                                  TsrDoom2dKind        kind,
                                                  guint                index,
                                                  gboolean             data,
                                                  guint                field,
                                                  const TsrFieldValue *value);
/* Gives trigger INDEX type TYPE with that type's default data. */
void              tsr_doom2d_command_set_trigger_type (TsrDoom2dCommand *self,
                                                       guint             index,
                                                       guint             type);
guint             tsr_doom2d_command_get_n_operations (TsrDoom2dCommand *self);

/* The record kind a reference field (TsrDoom2dReference) points at; HEADER for none. */
TsrDoom2dKind     tsr_doom2d_reference_kind      (guint                reference);

/* Removal without a command, for the vector map's remove_elements: removes the records
 * (KINDS[i], INDICES[i]) — the caller lists them highest index first within a kind — and returns
 * what restores them. */
typedef struct _TsrDoom2dRemoval TsrDoom2dRemoval;

TsrDoom2dRemoval *tsr_doom2d_removal_run         (TsrDoom2dMap        *map,
                                                  const TsrDoom2dKind *kinds,
                                                  const guint         *indices,
                                                  guint                n);
void              tsr_doom2d_removal_restore     (TsrDoom2dRemoval    *removal,
                                                  TsrDoom2dMap        *map);
void              tsr_doom2d_removal_free        (TsrDoom2dRemoval    *removal);

G_END_DECLS
