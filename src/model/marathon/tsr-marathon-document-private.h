/* tsr-marathon-document-private.h: the raw level-list stores of TsrMarathonDocument, called only
 * by TsrMarathonLevelCommand. A level taken out of the document travels as a slot holding the
 * level with its editor map and its script text, so undo puts back the very same objects (the
 * undo steps that refer to them keep working). GTK-free. */
#pragma once

#include "model/marathon/tsr-marathon-document.h"

G_BEGIN_DECLS

typedef struct _TsrMarathonLevelSlot TsrMarathonLevelSlot;

/* A slot for LEVEL (taken over), not yet in any document. */
TsrMarathonLevelSlot *tsr_marathon_level_slot_new         (TsrMarathonLevel     *level);
/* Frees a slot that is out of DOCUMENT (its level was never or is no longer in the list). */
void                  tsr_marathon_level_slot_free        (TsrMarathonDocument  *document,
                                                           TsrMarathonLevelSlot *slot);
TsrMarathonLevel     *tsr_marathon_level_slot_get_level   (TsrMarathonLevelSlot *slot);

/* Inserts SLOT (taken over) at POSITION, and takes the level at POSITION out (transfer full).
 * Both emit levels-changed and keep the current level on the same level where it stays. */
void                  tsr_marathon_document_insert_level  (TsrMarathonDocument  *self,
                                                           guint                 position,
                                                           TsrMarathonLevelSlot *slot);
TsrMarathonLevelSlot *tsr_marathon_document_take_level    (TsrMarathonDocument  *self,
                                                           guint                 position);
void                  tsr_marathon_document_move_level    (TsrMarathonDocument  *self,
                                                           guint                 from,
                                                           guint                 to);
/* Writes level LEVEL's Minf (HAS_INFO, its stored SIZE and the record) and emits levels-changed. */
void                  tsr_marathon_document_store_level_info (TsrMarathonDocument      *self,
                                                              guint                     level,
                                                              gboolean                  has_info,
                                                              gsize                     size,
                                                              const TsrMarathonMapInfo *info);
/* Whether level LEVEL's terminals are open as script text (its teleports then follow the text). */
gboolean              tsr_marathon_document_has_script    (TsrMarathonDocument  *self,
                                                           guint                 level);

G_END_DECLS
