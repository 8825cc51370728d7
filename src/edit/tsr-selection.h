/* tsr-selection.h: the selected elements of a vector map, as an observable sorted set of
 * TsrElementRef. The edit session owns one; tools change it, views draw it, the inspector will
 * edit it. Selecting is not an edit of the document, so it is not on the undo stack. */
#pragma once

#include "edit/tsr-vector-map.h"

G_BEGIN_DECLS

#define TSR_TYPE_SELECTION (tsr_selection_get_type ())
G_DECLARE_FINAL_TYPE (TsrSelection, tsr_selection, TSR, SELECTION, GObject)

TsrSelection        *tsr_selection_new          (void);
guint                tsr_selection_get_size     (TsrSelection        *self);
gboolean             tsr_selection_is_empty     (TsrSelection        *self);
gboolean             tsr_selection_contains     (TsrSelection        *self,
                                                 const TsrElementRef *element);
/* The selected elements, sorted (transfer none; valid until the next change). */
const TsrElementRef *tsr_selection_get_elements (TsrSelection        *self,
                                                 guint               *n_elements);
/* Each emits "changed" once, and only when the set changed. */
void                 tsr_selection_add          (TsrSelection        *self,
                                                 const TsrElementRef *element);
void                 tsr_selection_remove       (TsrSelection        *self,
                                                 const TsrElementRef *element);
void                 tsr_selection_toggle       (TsrSelection        *self,
                                                 const TsrElementRef *element);
void                 tsr_selection_clear        (TsrSelection        *self);
/* Replaces the set with ELEMENTS (any order, duplicates allowed). */
void                 tsr_selection_set          (TsrSelection        *self,
                                                 const TsrElementRef *elements,
                                                 guint                n_elements);
/* Adds ELEMENTS (Shift + rubber band). */
void                 tsr_selection_add_all      (TsrSelection        *self,
                                                 const TsrElementRef *elements,
                                                 guint                n_elements);

G_END_DECLS
