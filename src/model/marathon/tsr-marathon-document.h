/* tsr-marathon-document.h: a Marathon scenario or map (marathon-map) as a document: its levels,
 * the level being edited, and each level's terminals as editable script text. A level's script is
 * compiled into its 'term' chunk as the text changes (the stored terminals come back when the text
 * returns to what was loaded, so an undone edit saves byte-identical); a script with errors keeps
 * the last terminals that compiled and is reported as an error finding, which blocks saving.
 * GTK-free. */
#pragma once

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/marathon/tsr-marathon-level-map.h"
#include "model/marathon/tsr-terminal-text.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_DOCUMENT (tsr_marathon_document_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonDocument, tsr_marathon_document, TSR, MARATHON_DOCUMENT, TsrDocument)

void                 tsr_marathon_document_register           (void);
TsrMarathonScenario *tsr_marathon_document_get_scenario       (TsrMarathonDocument *self);
guint                tsr_marathon_document_get_n_levels       (TsrMarathonDocument *self);
/* "Dream Brother", or "Level N" without a name. (transfer full) */
char                *tsr_marathon_document_dup_level_name     (TsrMarathonDocument *self,
                                                               guint                level);
/* The level the pages show (a view setting, not an edit). Property "current-level". */
guint                tsr_marathon_document_get_current_level  (TsrMarathonDocument *self);
void                 tsr_marathon_document_set_current_level  (TsrMarathonDocument *self,
                                                               guint                level);
/* The level's terminals as script text, made on first use by decompiling them (empty for a level
 * without terminals); edits go on the document's undo stack. (transfer none) */
TsrTerminalText     *tsr_marathon_document_get_terminal_text  (TsrMarathonDocument *self,
                                                               guint                level,
                                                               GError             **error);

/* The level's geometry as a vector map for the editor core, made on first use and kept as long
 * as the document (the undo stack's commands refer to it); NULL when LEVEL does not exist.
 * (transfer none) */
TsrMarathonLevelMap *tsr_marathon_document_get_level_map  (TsrMarathonDocument *self,
                                                           guint                level);
/* The map of the current level, or NULL without levels. Property "current-level-map", notified
 * whenever the current level is another level: the index changed, or a level-list edit or its
 * undo put another level at that index. Views that show a level follow this, never the index
 * alone. (transfer none) */
TsrMarathonLevelMap *tsr_marathon_document_get_current_level_map (TsrMarathonDocument *self);

G_END_DECLS
