/* tsr-paste-elements-command.h: appends a clip's elements to a vector map, displaced, with the
 * clip's internal references turned into references to the newly appended points; undo removes
 * exactly what was appended. */
#pragma once

#include "edit/tsr-vector-clip.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

#define TSR_TYPE_PASTE_ELEMENTS_COMMAND (tsr_paste_elements_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrPasteElementsCommand, tsr_paste_elements_command, TSR, PASTE_ELEMENTS_COMMAND, TsrCommand)

/* NULL when CLIP is of another family than MAP. */
TsrCommand          *tsr_paste_elements_command_new       (TsrVectorMap            *map,
                                                           TsrVectorClip           *clip,
                                                           double                   dx,
                                                           double                   dy,
                                                           const char              *description);
/* What the last redo appended, sorted (transfer none). */
const TsrElementRef *tsr_paste_elements_command_get_added (TsrPasteElementsCommand *self,
                                                           guint                   *n_added);

G_END_DECLS
