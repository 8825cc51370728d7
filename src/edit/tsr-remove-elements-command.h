/* tsr-remove-elements-command.h: removes elements of a vector map (with every segment and polygon
 * that uses a removed point), and puts them back at their indices on undo. Paste undoes through
 * it too: removing what was appended. */
#pragma once

#include "edit/tsr-vector-map.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

#define TSR_TYPE_REMOVE_ELEMENTS_COMMAND (tsr_remove_elements_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrRemoveElementsCommand, tsr_remove_elements_command, TSR, REMOVE_ELEMENTS_COMMAND, TsrCommand)

/* NULL when ELEMENTS is empty. */
TsrCommand *tsr_remove_elements_command_new (TsrVectorMap        *map,
                                             const TsrElementRef *elements,
                                             guint                n_elements,
                                             const char          *description);

G_END_DECLS
